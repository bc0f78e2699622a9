"""Lessons that tell nothing before the coach does and lose nothing of the coach's panel
(wave 16, fixer L: walkC15 #6, #10, #11; walkC13 #15; walkD15 #18, #21)."""
import re

from game import tutorial
from game.presenter import card_name
from scenes.table import coach_panel
from scenes.table.intents import Choose
from tests.test_ui_lesson_honest import to_stop
from tests.test_ui_play import app, press  # noqa: F401
from tests.test_ui_tutorial import drawn, open_lesson, wait_for_learner, words_of  # noqa: F401


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


def test_deadline_s_coach_tells_each_extra_credit_card_as_the_table_shows_it(app):  # noqa: F811
    """Deadline's lesson at its pace through Ada's and Ben's Midterm: whenever a card of
    another student's Extra Credit lies landed in an assignment on the table, the coach's
    words shown then (or before) have named that card and said what Extra Credit is
    (walkC15 #10: 'Assignment with Ada's extra credit' and her 8 of hearts stood over the
    learner's run while the coach said only 'Ada plays next.')."""
    from tests.test_ui_lesson_honest import at_pace
    scene = open_lesson(app, "deadline")
    model, coach = scene.model, scene.model.director.coach
    said, seen, early = [], set(), []
    for _ in range(30000):
        if model.over or coach.cue.learner and "second half" in coach.cue.say:
            break
        said.append(" ".join(model.director.side(model.seen).paragraphs))
        flying = scene.motion.hidden()
        others = model.presenter.others_cards(model.panel_view())
        for placed in scene.board.placed:
            landed = id(placed.card) not in flying.get(placed.zone, ((),))[0]
            if placed.card is not None and (placed.zone, placed.card.name) in others and landed:
                spoken = card_name(placed.card)
                seen.add(spoken)
                told = " ".join(said)
                if spoken not in told or "Extra Credit" not in told:
                    early.append((coach.cue.number, spoken, said[-1]))
        at_pace(app, scene)
    assert {"8 of hearts", "9 of spades"} <= seen, seen
    assert not early, early[:3]


def test_deadline_s_grading_shows_the_assignment_ada_s_joker_cancelled(app):  # noqa: F811
    """Deadline's lesson, its last stop (the grading): the coach says Ada's Joker
    cancelled her clubs run, and the table says so over that run: its caption reads
    'cancelled by Ada's Joker' (walkC15 #11: the run still sat as a normal assignment)."""
    scene = open_lesson(app, "deadline")
    coach = to_stop(app, scene, lambda c: c.explaining() and "Joker cancelled" in c.cue.say)
    assert "clubs run" in coach.cue.say
    scene.invalidate()
    app.frame()
    words = " ".join(part for part, _ in scene.board.labels)
    assert "cancelled by Ada's Joker" in words, words
    clubs = [p for p in scene.board.placed
             if p.card is not None and p.card.name in ("10C", "JC", "QC") and p.zone.startswith("assignment")]
    assert len(clubs) == 3
    top = min(p.rect[1] for p in clubs)
    tagged = [at for part, at in scene.board.labels if "cancelled" in part]
    assert tagged and all(at[1] < top and min(p.rect[0] for p in clubs) - 5 <= at[0] <= max(p.rect[0] for p in clubs)
                          for at in tagged), (tagged, [p.rect for p in clubs])


def test_five_possessions_defense_names_each_lane_as_a_guess_or_the_one_left(app):  # noqa: F811
    """5 possessions' lesson, possession 2 on defense: Ben's four cards lie face down. At
    each of the learner's four placements, the coach's words and its bubble never reason
    from Ben's hidden cards: the lane it names is said to be a guess the stacked deal
    makes for the lesson, or the only lane left (walkC13 #15: the coach placed the cards
    exactly against Ben's hidden ones while saying 'you cannot see his cards')."""
    scene = open_lesson(app, "five_possessions")
    coach = to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].names[:1] == ("W:DB7",))
    honest = re.compile(r"guess|stacked|only (?:one|lane) left|one left", re.IGNORECASE)
    placed = []
    while coach.learner_to_act() and coach.cue.moves[0].kind == "place":
        now = coach.paragraphs()[-1]
        bubble = coach.bubble()[0]
        assert honest.search(now), (coach.cue.number, now)
        assert honest.search(bubble), (coach.cue.number, bubble)
        placed.append(coach.cue.moves[0].names[0])
        scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
        wait_for_learner(app)
    assert placed == ["W:DB7", "W:DG5", "W:DO7", "W:DP6"], placed


def test_the_coach_s_panel_names_the_keys_that_work_as_the_table_s_panel_does(app, drawn):  # noqa: F811
    """5 possessions' lesson played by keys: the coach's panel names at its foot the keys
    that work now, as the table's own side panel does ('Arrows, Tab: move', what Enter
    does where the keys rest, 'Esc: menu'): 'Enter: Next' beside the coach's words, and
    once Enter has picked the card the coach wants, 'Enter: put back' and the lanes'
    numbers (walkD15 #21: nothing said that a second Enter puts the card back). The
    coach's words stay whole beside it."""
    import pygame
    from tests.test_ui_play import press
    scene = open_lesson(app, "five_possessions")
    model, coach = scene.model, scene.model.director.coach
    press(app, pygame.K_TAB)
    wait_for_learner(app)
    while not coach.explaining():      # the toss winner's choice, by keys
        press(app, pygame.K_RETURN)
        wait_for_learner(app)
    lines = panel_lines(app, scene, drawn)
    legend = " ".join(line for line in lines if "Esc: menu" in line or "Arrows, Tab: move" in line or "Enter:" in line)
    assert "Arrows, Tab: move" in legend and "Enter: Next" in legend and "Esc: menu" in legend, lines
    while coach.explaining():
        press(app, pygame.K_RETURN)
        wait_for_learner(app)
    assert coach.learner_to_act() and coach.cue.moves[0].kind == "place"
    press(app, pygame.K_RETURN)
    assert model.ui.selection, "Enter picked the coach's card"
    lines = panel_lines(app, scene, drawn)
    said = " ".join(lines)
    assert "Enter: put back" in said and "1-4: lane" in said, lines
    for words in model.director.paragraphs(model.seen):
        assert words.replace(" ", "") in "".join(lines).replace(" ", ""), words
    press(app, pygame.K_RETURN)
    assert not model.ui.selection, "a second Enter put the card back, as the panel said"


def test_setup_names_the_keys_that_work_where_they_rest(app, monkeypatch):  # noqa: F811
    """Setup by keys names the keys that work, as every table screen does ('Arrows, Tab:
    move', what Enter does where the keys rest, 'Esc: back'), and what it says is what
    the keys do: on a seat's 'Computer (medium)' Enter takes the next choice, on a name
    Enter starts typing it, and Esc leaves for the menu (walkD15 #18: Setup had no key
    legend, and the left arrow was taken to step back a choice)."""
    import pygame
    from scenes.screens.menu import MenuScene
    from tests.test_ui_walkD15 import key_to, open_setup_by_keys, words_of_press
    setup = open_setup_by_keys(app, "final_card_down")
    key_to(app, lambda w: w.key == "name1")
    said = " ".join(words_of_press(app, monkeypatch, pygame.K_RIGHT))
    assert setup.widgets[setup.focus % len(setup.widgets)].key == "kind1"
    assert "Arrows, Tab: move" in said and "Enter: next choice" in said and "Esc: back" in said, said
    before = setup.kind_words(1)
    press(app, pygame.K_RETURN)
    assert setup.kind_words(1) != before, "Enter took the next choice"
    said = " ".join(words_of_press(app, monkeypatch, pygame.K_LEFT))
    assert setup.widgets[setup.focus % len(setup.widgets)].key == "name1"
    assert "Enter: type the name" in said, said
    said = " ".join(words_of_press(app, monkeypatch, pygame.K_RETURN))
    assert setup.editing == 1 and "Enter: done" in said and "Esc: as it was" in said, said
    press(app, pygame.K_ESCAPE)
    assert setup.editing is None
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_deadline_s_panel_writes_your_extra_credit_in_small_within_a_line(app):  # noqa: F811
    """Deadline's lesson, once the learner's King of clubs lies on Ada's clubs run as
    Extra Credit: the panel's line of Ada's assignments reads '... + your King', 'your'
    in small within the line as 'Ada's 8' is in the learner's own (walkC16 #5: it read
    '+ Your King')."""
    scene = open_lesson(app, "deadline")
    to_stop(app, scene, lambda c: c.learner_to_act() and c.cue.moves[0].kind == "finish_exam"
            and any(m.kind == "extra_credit" for cue in c.tutorial.cues[:c.index] for m in cue.moves if cue.learner))
    model = scene.model
    rows = [row[0] for row in coach_panel.facts_rows(model.panel_view(), model.presenter, model.names)]
    [ada] = [row for row in rows if row.startswith("Ada:")]
    assert "+ your King" in ada, rows


def test_final_card_down_s_coach_never_says_what_a_hidden_hand_lacked(app):  # noqa: F811
    """Final Card-Down's lesson played through: where Ada draws instead of playing, the
    coach tells what the table showed (she drew, she did not play a 2), never what her
    hidden hand held or lacked ('Ada had no 2', 'matched neither purple nor spades'): a
    player may always draw, even holding a match (walkC16 #1)."""
    from tests.test_ui_lesson_honest import stops_with_panel
    said = set()
    for coach, _ in stops_with_panel(app, "final_card_down"):
        said.update(coach.paragraphs())
    told = [words for words in said if re.search(r"\b(?:Ada|Ben) (?:had no|matched neither|held no)\b", words)]
    assert any("Ada" in words and "drew" in words for words in said)
    assert not told, told
