"""Lessons that tell nothing before the coach does and lose nothing of the coach's panel
(wave 16, fixer L: walkC15 #6, #10, #11; walkC13 #15; walkD15 #18, #21)."""
from game import tutorial
from scenes.table import coach_panel
from scenes.table.intents import Choose
from tests.test_ui_lesson_honest import to_stop
from tests.test_ui_play import app  # noqa: F401
from tests.test_ui_tutorial import drawn, open_lesson, words_of  # noqa: F401


def panel_lines(a, scene, drawn):  # noqa: F811
    """The lines of text a frame of the lesson draws now."""
    drawn.clear()
    scene.invalidate()
    a.frame()
    return words_of(drawn)


def test_a_refusal_s_reply_pushes_no_row_of_the_coach_s_panel_out(app, drawn):  # noqa: F811
    """Deadline's lesson, the first exchange: the learner takes another of Ben's cards
    than the marked one. Every line the panel showed (the coach's words, the scores and
    every fact, 'Your Joker: ...' too) is still drawn beside the refusal's reply (walkC15
    #6: the reply made the coach's words longer and the last fact went)."""
    scene = open_lesson(app, "deadline")
    coach = to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].kind == "take")
    model = scene.model
    before = panel_lines(app, scene, drawn)
    rows = coach_panel.facts_rows(model.panel_view(), model.presenter, model.names)
    shown = [line for row in rows for line in coach_panel.row_lines(app.screen, row) if line in before]
    assert any(line.startswith("Your Joker") for line in shown), shown
    other = next(a for a in model.legal if a.kind == "take" and not coach.cue.moves[0].matches(a))
    scene.act(Choose(other))
    assert model.director.reply
    after = panel_lines(app, scene, drawn)
    assert all(line in after for line in shown), [line for line in shown if line not in after]
    reply = model.director.reply
    said = "".join(after).replace(" ", "") + model.ui.message.replace(" ", "")
    assert reply.replace(" ", "") in said, "the reply is said, in the panel or on the table"
