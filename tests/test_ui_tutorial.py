"""Learn to play through the window: every mode's lesson opened from the menu (and from
its Rules page) and played to its end at the table with real clicks and keys, the coach's
words beside it, a wrong move refused with the coach's reply, and the end's summary with
"Play a real game"."""
import os

import pygame
import pytest

import game
from game import tutorial
from scenes import app as app_module
from scenes import coach_panel
from scenes.learn import LearnScene
from scenes.menu import MenuScene
from scenes.presenters import presenter_for
from scenes.rules import RulesScene
from scenes.setup import SetupScene
from scenes.table import TableScene
from scenes.tutorial import REFUSED, LessonDirector
from sprites import text as text_module
from tests.test_ui_play import app, card_point, click_at, click_widget, perform, press  # noqa: F401

MODES = list(game.GAMES)
MAX_STEPS = 3000


def is_lesson(scene):
    """Is `scene` the table directed by a lesson?"""
    return isinstance(scene, TableScene) and isinstance(scene.director, LessonDirector)


def open_lesson(a, game_id):
    """From the menu, by clicks: Learn to play, then the mode's lesson."""
    assert isinstance(a.scene, MenuScene)
    click_widget(a, lambda w: w.label == "Learn to play")
    assert isinstance(a.scene, LearnScene)
    click_widget(a, lambda w: w.label == f"Learn {game.GAMES[game_id].title}")
    assert is_lesson(a.scene)
    return a.scene


def wait_for_learner(a):
    """Make frames until the learner is to move at a still table, or the lesson has ended."""
    for _ in range(MAX_STEPS):
        scene = a.scene
        if scene.over or (scene.my_turn() and scene.director.coach.learner_to_act() and not scene.motion.flights
                           and not scene.pending and not scene.ui_state.dialog):
            return
        a.frame()
    raise AssertionError("the lesson never waited for the learner")


def wrong_move(scene):
    """A legal move the lesson does not want now (a button's, if one), or None."""
    wanted = scene.director.coach.cue.moves
    others = [a for a in scene.legal_now if not any(m.matches(a) for m in wanted)]
    return next((a for a in others if not a.cards), others[0] if others else None)


@pytest.mark.parametrize("game_id", MODES)
def test_tutorial_of_every_mode_played_from_the_menu_by_clicks(app, game_id):  # noqa: F811
    scene = open_lesson(app, game_id)
    lesson = scene.director.coach.tutorial
    assert scene.session.folders is None
    assert scene.session.seats[lesson.learner].human
    assert sum(seat.human for seat in scene.session.seats) == 1
    refused = 0
    for _ in range(MAX_STEPS):
        wait_for_learner(app)
        if scene.over:
            break
        cue = scene.director.coach.cue
        assert scene.director.coach.paragraphs()[-1] == cue.say, "the coach says what to do now"
        cards, kinds = scene.director.coach.highlights()
        assert all(any(p.hinted for p in scene.board.placed if p.card is not None and p.card.name == name)
                   for name in cards), "the coach's cards are marked"
        marked = [w for w in scene.widgets if w.marked]
        assert all(any(m.matches(a) for m in cue.moves for a in w.actions) for w in marked), \
            "only the buttons of the move the coach wants are marked"
        if any(m.kind in kinds and not m.names for m in cue.moves):
            assert marked, "the coach's button is marked"
        other = wrong_move(scene)
        if other is not None and refused < 3:
            before = scene.session.state.to_dict()
            perform(app, other)
            assert scene.session.state.to_dict() == before, "a refused move changes nothing"
            assert scene.director.reply and "not the lesson's plan" in scene.director.reply
            assert cue.say in scene.director.reply
            assert scene.ui_state.message == REFUSED
            refused += 1
            if scene.ui_state.dialog:
                press(app, pygame.K_ESCAPE)
        index = scene.director.coach.index
        wanted = tutorial.find(scene.session.state, cue.moves[0])
        if len(wanted.cards) > 1:      # the coach says how: the cards, then the button it names
            for card in wanted.cards:
                click_at(app, card_point(scene, card))
            label = scene.director.how(scene).split("then press ")[1].rstrip(".")
            click_widget(app, lambda w: w.label == label)
            if scene.ui_state.dialog:
                click_widget(app, lambda w: getattr(w, "actions", None) == [wanted])
        else:
            perform(app, wanted)
        assert scene.director.coach.index > index, f"step {cue.number} was not taken by the click"
        assert scene.director.reply == ""
    assert scene.over and scene.director.coach.finished
    assert not scene.session.can_undo(lesson.learner, "casual"), "no undo in a lesson"
    assert scene.session.undo(lesson.learner, "casual") is None
    assert refused, "a wrong move was tried and refused"
    assert [w.label for w in scene.widgets] == ["Play a real game", "Another lesson", "Menu"]
    assert scene.director.coach.rules_met() == [(c.section, c.rule) for c in lesson.covers]
    assert not os.path.exists(app.folders.autosave), "a lesson is never autosaved"
    assert not os.path.exists(app.folders.statistics), "a lesson is not counted"
    click_widget(app, lambda w: w.label == "Play a real game")
    assert isinstance(app.scene, SetupScene) and app.scene.info.id == game_id
    assert app.scene.persist.get("session") is None and app.scene.persist.get("director") is None


def test_tutorial_played_to_its_end_by_keyboard_from_the_menu(app):  # noqa: F811
    for _ in range(len(app.scene.widgets)):
        if app.scene.widgets[app.scene.focus].label == "Learn to play":
            break
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, LearnScene)
    press(app, pygame.K_RETURN)                     # the first mode's lesson has the focus
    scene = app.scene
    assert is_lesson(scene) and scene.session.game_id == MODES[0]
    wait_for_learner(app)
    moves = 0
    while not scene.over and moves < 40:
        cue = scene.director.coach.cue
        wanted = tutorial.find(scene.session.state, cue.moves[0])
        index = scene.director.coach.index
        for _ in range(60):                          # arrows and Tab walk cards and buttons
            items = scene.focus_cards + scene.widgets
            item = items[scene.ui_state.focus % len(items)]
            card = getattr(item, "card", None)
            if (card is not None and wanted.cards and card.name == wanted.cards[0].name) or \
                    getattr(item, "actions", None) == [wanted]:
                break
            press(app, pygame.K_TAB)
        press(app, pygame.K_RETURN)
        if scene.ui_state.dialog:
            for _ in range(len(scene.widgets)):
                if getattr(scene.widgets[scene.ui_state.dialog.focus % len(scene.widgets)], "actions", None) == [wanted]:
                    break
                press(app, pygame.K_DOWN)
            press(app, pygame.K_RETURN)
        assert scene.director.coach.index > index, f"step {cue.number} was not taken by the keys"
        moves += 1
        wait_for_learner(app)
    assert scene.over
    assert scene.focused(scene.widgets[0]) and scene.widgets[0].label == "Play a real game"
    press(app, pygame.K_TAB)
    assert scene.focused(scene.widgets[1])
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, SetupScene) and app.scene.info.id == MODES[0]


def test_tutorial_refuses_a_card_that_is_not_the_lesson_s_with_the_coach_reply(app):  # noqa: F811
    scene = open_lesson(app, "final_card_down")
    wait_for_learner(app)
    draw = next(a for a in scene.legal_now if a.kind == "draw")
    perform(app, draw)
    assert "That move is allowed, but it is not the lesson's plan." in scene.director.reply
    assert scene.director.coach.index == 0 and not scene.session.state.history
    stray = next(p for p in scene.board.hand_cards() if p.card.name == "6/green/diamonds")
    click_at(app, card_point(scene, stray.card))
    reason = scene.session.state.why_illegal(game.Action("play", (stray.card,)))
    assert scene.ui_state.message.lower() == reason.lower() and scene.director.coach.index == 0, \
        "a card that cannot go is refused with the rules' own reason"
    click_widget(app, lambda w: w.label == "Hint")
    assert scene.ui_state.hint is not None and [c.name for c in scene.ui_state.hint.cards] == ["5/blue/clubs"]
    assert any(p.hinted and p.card.name == "5/blue/clubs" for p in scene.board.hand_cards())
    click_at(app, card_point(scene, scene.ui_state.hint.cards[0]))
    assert [c.name for c in scene.session.state.history[0].cards] == ["5/blue/clubs"] and scene.director.reply == ""
    wait_for_learner(app)
    assert "after playing you may not draw" in scene.director.coach.paragraphs()[-1], \
        "the turn waits for the learner to read why it ends"
    [end] = [w for w in scene.widgets if w.marked]
    assert [a.kind for a in end.actions] == ["end_turn"]
    click_at(app, end.rect.center)
    assert scene.session.state.current_player != scene.director.coach.tutorial.learner


def test_tutorial_from_the_rules_page_and_back_keeps_the_lesson(app):  # noqa: F811
    click_widget(app, lambda w: w.label == "Rules")
    assert isinstance(app.scene, RulesScene)
    shown = app.scene.game_id
    click_widget(app, lambda w: w.label == "Learn to play")
    scene = app.scene
    assert is_lesson(scene) and scene.session.game_id == shown
    wait_for_learner(app)
    perform(app, tutorial.find(scene.session.state, scene.director.coach.cue.moves[0]))
    index = scene.director.coach.index
    app.settings.undo = "casual"
    made = len(scene.session.state.history)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.session.state.history) == made and scene.director.coach.index == index, "no undo in a lesson"
    assert not any(w.label == "Undo" for w in scene.buttons_top)
    click_widget(app, lambda w: w.label == "Rules")
    assert isinstance(app.scene, RulesScene)
    assert not any(w.label == "Learn to play" for w in app.scene.widgets)
    press(app, pygame.K_ESCAPE)
    assert is_lesson(app.scene) and app.scene.director.coach.index == index
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.saved is None, "the lesson left no game to continue"
    click_widget(app, lambda w: w.label == "Rules")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_l)
    assert is_lesson(app.scene) and app.scene.session.game_id != shown


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_tutorial_coach_words_fit_beside_the_table_at_every_step(size):
    a = app_module.App(size=size)
    try:
        for game_id in MODES:
            coach = tutorial.Coach(tutorial.load(game_id))
            lesson = coach.tutorial
            presenter = presenter_for(game.GAMES[game_id])
            while not coach.finished:
                if not coach.learner_to_act():
                    coach.submit(coach.scripted_action())
                    continue
                view = coach.state.view(lesson.learner)
                rows = coach_panel.facts_rows(view, presenter, list(lesson.names))
                other = [x for x in coach.state.legal_actions()
                         if not any(m.matches(x) for m in coach.cue.moves)]
                replies = [""] + ([coach.submit(other[0]).text] if other else [])
                for reply in replies:
                    kept, text_size, lines = coach_panel.words(a.screen, coach.paragraphs(), reply, rows)
                    shown = "".join(line for line, is_reply, last, _ in lines if is_reply or last).replace(" ", "")
                    where = f"{game_id} step {coach.cue.number} at {size}"
                    assert coach.cue.say.replace(" ", "") in shown, f"{where}: the coach's instruction is cut"
                    assert reply.replace(" ", "") in shown, f"{where}: the reply is cut"
                    assert text_size >= 15 and len(kept) >= len(view.scores), where
                coach.submit(tutorial.find(coach.state, coach.cue.moves[0]))
    finally:
        pygame.quit()


def test_tutorial_top_bar_names_the_lesson_and_the_learner_plate_reads_you(app, monkeypatch):  # noqa: F811
    drawn = []
    real = text_module.render
    monkeypatch.setattr(text_module, "render", lambda words, px, colour: drawn.append(words) or real(words, px, colour))
    open_lesson(app, "ktu")
    wait_for_learner(app)
    app.scene.dirty = True
    app.frame()
    assert "Learn to play: KTU" in drawn
    assert "You" in drawn and "You (you)" not in drawn


@pytest.mark.parametrize("game_id", MODES)
def test_tutorial_keyboard_starts_on_what_the_coach_marks(app, game_id):  # noqa: F811
    scene = open_lesson(app, game_id)
    wait_for_learner(app)
    items = scene.focus_cards + scene.widgets
    item = items[scene.ui_state.focus]
    assert getattr(item, "hinted", False) or getattr(item, "marked", False)
    if game_id == "deadline":          # a button, a card, then a blind pick chosen in a dialog
        for presses in (1, 1, 2):
            index = scene.director.coach.index
            for _ in range(presses):
                press(app, pygame.K_RETURN)
            assert scene.director.coach.index > index and not scene.director.reply
            wait_for_learner(app)


def test_tutorial_keys_wait_for_cards_in_flight_before_finding_the_mark(app):  # noqa: F811
    app.settings.animation_speed = "fast"          # cards fly, so a hand grows after the layout
    scene = open_lesson(app, "deadline")
    for presses in (1, 1, 2, 1):                   # draw, discard, a blind pick, draw again
        for _ in range(MAX_STEPS):
            if (scene.my_turn() and scene.director.coach.learner_to_act() and not scene.busy()
                    and not scene.motion.flights and not scene.pending):
                break
            app.frame()
        else:
            raise AssertionError("the lesson never waited for the learner")
        index = scene.director.coach.index
        for _ in range(presses):
            press(app, pygame.K_RETURN)
        assert scene.director.coach.index > index and not scene.director.reply and not scene.ui_state.message
