"""Learn to play through the window: every mode's lesson opened from the menu (and from
its Rules page) and played to its end at the table with real clicks and keys, the coach's
words beside it, a wrong move refused with the coach's reply, and the end's summary with
"Play a real game"."""
import os
import re

import pygame
import pytest

from game import registry, saves, tutorial, undo
from game.cards import with_article
from game.core import SharedEvent
from scenes import app as app_module
from scenes import config
from scenes.table import coach_panel, layout, moves
from scenes.table import draw as table_draw
from scenes.screens.learn import LearnScene
from scenes.widgets import ui
from scenes.screens.menu import MenuScene
from scenes.table.presenters import presenter_for
from game.presenter import agree, capital
from scenes.screens.rules import RulesScene
from scenes.screens.setup import SetupScene
from scenes.table.scene import TableScene
from scenes.table.session import Seat, Session, inline
from scenes.table.director import Director
from scenes.table.lesson import REFUSED, TIP_TURNS, FirstGameDirector, LessonDirector, start
from scenes.table.intents import Back, Choose, Continue, Pressed
from sprites import text as text_module
from tests.test_ui_play import app, card_point, click_at, click_widget, perform, press, settle  # noqa: F401

MODES = list(registry.GAMES)
MAX_STEPS = 3000


def is_lesson(scene):
    """Is `scene` the table directed by a lesson?"""
    return isinstance(scene, TableScene) and isinstance(scene.model.director, LessonDirector)


def open_lesson(a, game_id):
    """From the menu, by clicks: Learn to play, then the mode's lesson."""
    assert isinstance(a.scene, MenuScene)
    click_widget(a, lambda w: w.label == "Learn to play")
    assert isinstance(a.scene, LearnScene)
    click_widget(a, lambda w: w.label == f"Learn {registry.GAMES[game_id].title}")
    assert is_lesson(a.scene)
    return a.scene


def wait_for_learner(a):
    """Make frames until the learner is to move (or to read the coach's words and press
    Next, which comes once the callouts have gone) at a still table, marked (the coach's
    marks come once the table has told the last change: a frame after its cards land),
    or the lesson has ended."""
    for _ in range(MAX_STEPS):
        scene = a.scene
        coach = scene.model.director.coach
        still = (not scene.motion.flights and scene.model.settled(calling=False) and not scene.model.ui.dialog
                 and not scene.model.marks.later)
        if scene.model.over or (still and not coach.finished and coach.cue.stop
                          and (coach.explaining() and scene.model.settled() or scene.model.my_turn())):
            return
        a.frame()
    raise AssertionError("the lesson never waited for the learner")


def read_on(a):
    """Press Next on every explanation of the coach's until the learner is to move (or the
    lesson has ended); returns how many."""
    pressed = 0
    wait_for_learner(a)
    while not a.scene.model.over and a.scene.model.director.coach.explaining():
        assert not a.scene.model.legal, "the learner's moves wait while the coach explains"
        [nxt] = [w for w in a.scene.widgets if w.label == "Next"]
        assert nxt.marked and a.scene.laid.bubble is not None
        click_at(a, nxt.rect.center)
        pressed += 1
        wait_for_learner(a)
    return pressed


def wrong_move(scene):
    """A legal move the lesson does not want now (a button's, if one), or None."""
    wanted = scene.model.director.coach.cue.moves
    others = [a for a in scene.model.legal if not any(m.matches(a) for m in wanted)]
    return next((a for a in others if not a.cards), others[0] if others else None)


@pytest.mark.parametrize("game_id", MODES)
def test_tutorial_of_every_mode_played_from_the_menu_by_clicks(app, game_id):  # noqa: F811
    scene = open_lesson(app, game_id)
    lesson = scene.model.director.coach.tutorial
    assert scene.model.session.folders is None
    assert scene.model.session.seats[lesson.learner].human
    assert sum(seat.human for seat in scene.model.session.seats) == 1
    refused = nexts = 0
    for _ in range(MAX_STEPS):
        nexts += read_on(app)
        if scene.model.over:
            break
        cue = scene.model.director.coach.cue
        assert scene.model.director.coach.paragraphs()[-1] == cue.say, "the coach says what to do now"
        assert scene.laid.bubble is not None and " ".join(scene.laid.bubble.lines) == cue.point, \
            "the coach's bubble points at what it means"
        cards, kinds = scene.model.director.coach.highlights()
        assert all(any(p.hinted for p in scene.board.placed if p.card is not None and p.card.name == name)
                   for name in cards), "the coach's cards are marked"
        marked = [w for w in scene.widgets if w.marked]
        assert all(any(m.matches(a) for m in cue.moves for a in w.actions) for w in marked), \
            "only the buttons of the move the coach wants are marked"
        if any(m.kind in kinds and not m.names for m in cue.moves):
            assert marked, "the coach's button is marked"
        other = wrong_move(scene)
        if other is not None and refused < 3:
            before = scene.model.session.state.to_dict()
            perform(app, other)
            assert scene.model.session.state.to_dict() == before, "a refused move changes nothing"
            assert scene.model.director.reply and scene.model.director.reply.endswith(cue.reason(other)), \
                "the reason, in the game's terms"
            rows = coach_panel.facts_rows(scene.model.view, scene.model.presenter, scene.model.names)
            shown = coach_panel.reply_fits(app.screen, scene.model.director.paragraphs(scene.model.seen),
                                           scene.model.director.reply, rows)
            assert scene.model.ui.message == (REFUSED if shown else scene.model.director.reply)
            refused += 1
            if scene.model.ui.dialog:
                press(app, pygame.K_ESCAPE)
        index = scene.model.director.coach.index
        wanted = tutorial.find(scene.model.session.state, cue.moves[0])
        if len(wanted.cards) > 1:      # the coach says how: the cards, then the button it names
            for card in wanted.cards:
                click_at(app, card_point(scene, card))
            label = scene.model.director.how(scene.model.seen).split("then press ")[1].rstrip(".")
            click_widget(app, lambda w: w.label == label)
            if scene.model.ui.dialog:
                click_widget(app, lambda w: getattr(w, "actions", None) == [wanted])
        else:
            perform(app, wanted)
        assert scene.model.director.coach.index > index, f"step {cue.number} was not taken by the click"
        assert scene.model.director.reply == ""
    assert scene.model.over and scene.model.director.coach.finished
    assert nexts == sum(cue.coach for cue in lesson.cues), "every explanation waited for Next"
    assert not scene.model.session.can_undo(lesson.learner, "casual"), "no undo in a lesson"
    assert scene.model.session.undo(lesson.learner, "casual") is None
    assert refused, "a wrong move was tried and refused"
    chapters = [f"House rule: {registry.GAMES[game_id].option(c).label}" for c in lesson.chapters]
    assert [w.label for w in scene.widgets] == ["Play a real game"] + chapters + ["Another lesson", "Menu"]
    assert scene.model.director.coach.rules_met() == list(dict.fromkeys((c.section, c.rule) for c in lesson.covers))
    assert not os.path.exists(app.folders.autosave), "a lesson is never autosaved"
    assert not os.path.exists(app.folders.statistics), "a lesson is not counted"
    click_widget(app, lambda w: w.label == "Play a real game")
    assert isinstance(app.scene, SetupScene) and app.scene.info.id == game_id
    assert app.scene.persist.get("session") is None and app.scene.persist.get("director") is None
    assert {k: v for k, v in app.scene.options.items() if k in lesson.rules} == lesson.rules


def test_tutorial_played_to_its_end_by_keyboard_from_the_menu(app):  # noqa: F811
    for _ in range(len(app.scene.widgets)):
        if app.scene.widgets[app.scene.focus].label == "Learn to play":
            break
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, LearnScene)
    press(app, pygame.K_RETURN)                     # the first mode's lesson has the focus
    scene = app.scene
    assert is_lesson(scene) and scene.model.session.game_id == MODES[0]
    wait_for_learner(app)
    moves = 0
    while not scene.model.over and moves < 40:
        if scene.model.director.coach.explaining():       # Next is marked: the keyboard starts on it
            index = scene.model.director.coach.index
            press(app, pygame.K_RETURN)
            assert scene.model.director.coach.index == index + 1
            wait_for_learner(app)
            continue
        cue = scene.model.director.coach.cue
        wanted = tutorial.find(scene.model.session.state, cue.moves[0])
        index = scene.model.director.coach.index
        for _ in range(60):                          # arrows and Tab walk cards and buttons
            items = scene.laid.cards + scene.widgets
            item = items[scene.pointer.focus % len(items)]
            card = getattr(item, "card", None)
            if (card is not None and wanted.cards and card.name == wanted.cards[0].name) or \
                    getattr(item, "actions", None) == [wanted]:
                break
            press(app, pygame.K_TAB)
        press(app, pygame.K_RETURN)
        if scene.model.ui.dialog:
            for _ in range(len(scene.widgets)):
                if getattr(scene.widgets[scene.pointer.dialog_focus % len(scene.widgets)], "actions", None) == [wanted]:
                    break
                press(app, pygame.K_DOWN)
            press(app, pygame.K_RETURN)
        assert scene.model.director.coach.index > index, f"step {cue.number} was not taken by the keys"
        moves += 1
        wait_for_learner(app)
    assert scene.model.over
    assert scene.focus_item() is scene.widgets[0] and scene.widgets[0].label == "Play a real game"
    press(app, pygame.K_TAB)
    assert scene.focus_item() is scene.widgets[1]
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, SetupScene) and app.scene.info.id == MODES[0]


def test_tutorial_refuses_a_card_that_is_not_the_lesson_s_with_the_coach_reply(app):  # noqa: F811
    scene = open_lesson(app, "final_card_down")
    read_on(app)
    draw = next(a for a in scene.model.legal if a.kind == "draw")
    perform(app, draw)
    assert scene.model.director.reply == (
        "That move is allowed, but not now: Drawing adds a card to your hand; your 5 matches by "
        "value, so playing it sheds one.")
    assert scene.model.director.coach.index == 1 and not scene.model.session.state.history
    stray = next(p for p in scene.board.hand_cards() if p.card.name == "6/green/diamonds")
    click_at(app, card_point(scene, stray.card))
    reason = scene.model.session.state.why_illegal(registry.Action("play", (stray.card,)))
    assert scene.model.ui.message.lower() == reason.lower() and scene.model.director.coach.index == 1, \
        "a card that cannot go is refused with the rules' own reason"
    click_widget(app, lambda w: w.label == "Hint")
    assert scene.model.ui.hint is not None and [c.name for c in scene.model.ui.hint.cards] == ["5/blue/clubs"]
    assert any(p.hinted and p.card.name == "5/blue/clubs" for p in scene.board.hand_cards())
    assert scene.model.ui.message == "The coach's move: Play 5 blue clubs", "Hint says the move it marks"
    click_widget(app, lambda w: w.label == "Hint")
    assert scene.model.ui.message == "The coach's move: Play 5 blue clubs", "... each time it is asked"
    click_at(app, card_point(scene, scene.model.ui.hint.cards[0]))
    assert [c.name for c in scene.model.session.state.history[0].cards] == ["5/blue/clubs"]
    assert scene.model.director.reply == ""
    wait_for_learner(app)
    assert [a.kind for a in scene.model.session.state.history[1:2]] == ["end_turn"], "the turn ended by itself"
    assert any("After playing you may not draw" in words for words in scene.model.director.coach.paragraphs()), \
        "the coach says why the turn ended"


def test_tutorial_reply_never_pushes_the_coach_s_words_out_of_the_panel(app, drawn):  # noqa: F811
    scene = open_lesson(app, "ktu")
    coach = scene.model.director.coach
    while not scene.model.over:
        wait_for_learner(app)
        if scene.model.over:
            break
        if coach.explaining():
            scene.act(Pressed("next"))
            continue
        rows = coach_panel.facts_rows(scene.model.view, scene.model.presenter, scene.model.names)
        paragraphs = scene.model.director.paragraphs(scene.model.seen)
        wrong = wrong_move(scene)
        if wrong is not None and not coach_panel.reply_fits(app.screen, paragraphs, coach.submit(wrong).text, rows):
            break
        scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
    else:
        raise AssertionError("no step of KTU's lesson has a panel too full for a reply")
    lines = [line for line, *_ in coach_panel.words(app.screen, paragraphs, "", rows)[2]]
    scene.act(Choose(wrong))
    assert scene.model.director.reply and scene.model.ui.message == scene.model.director.reply, \
        "the table says the reply the panel has no room for"
    drawn.clear()
    scene.invalidate()
    app.frame()
    assert all(line in words_of(drawn) for line in lines), "the coach's words stay as they were"


def test_tutorial_refusal_stands_clear_of_the_cards_it_is_about(app):  # noqa: F811
    scene = open_lesson(app, "final_card_down")
    read_on(app)
    for name in ("6/green/diamonds", "3/yellow/spades"):
        placed = next(p for p in scene.board.hand_cards() if p.card.name == name)
        click_at(app, card_point(scene, placed.card))
        words = scene.model.ui.message
        assert words, "the card is refused"
        width = table_draw.message_width(app.screen, scene.board, words)
        box = pygame.Rect(*map(int, scene.pointer.message_spot), int(width), 32)
        pile = next(p for p in scene.board.placed if p.face_up and p.card.name == "5/red/hearts")
        for rect in (placed.rect, pile.rect, scene.laid.bubble.box):
            assert not box.colliderect(rect), f"the refusal of {name} covers {rect}"


@pytest.fixture
def drawn(monkeypatch):
    """Every line of text rendered from now on, as [(words, pixel size)]."""
    lines = []
    real = text_module.render
    monkeypatch.setattr(text_module, "render", lambda words, px, colour: lines.append((words, px))
                        or real(words, px, colour))
    return lines


def words_of(drawn):
    """The words of the lines rendered."""
    return [words for words, _ in drawn]


def test_tutorial_bubbles_are_15_pixels_or_more_at_960_by_600(drawn):
    a = app_module.App(size=(960, 600), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "instant"
    try:
        for game_id in MODES:
            start(a.scene, game_id)
            a.frame()
            scene = a.scene
            stops = 0
            while not scene.model.over:
                wait_for_learner(a)
                if scene.model.over:
                    break
                bubble = scene.laid.bubble
                assert bubble is not None
                drawn.clear()
                scene.dirty = True
                a.frame()
                px = a.screen.text_px(bubble.size)
                assert px >= 15 and all((line, px) in drawn for line in bubble.lines), \
                    f"{game_id}: {bubble.lines} drawn at {[p for w, p in drawn if w in bubble.lines]} px"
                felt = pygame.Rect(0, 0, scene.board.table_w, a.screen.lh)
                assert felt.contains(bubble.box) and not bubble.box.colliderect(bubble.target), \
                    f"{game_id}: the bubble {bubble.box} covers the coach's panel or what it points at"
                cue = scene.model.director.coach.cue
                marked = [p.rect for p in scene.board.placed if p.face_up and p.card.name in cue.cards]
                assert bubble.box.collidelist(marked) < 0, f"{game_id}: the bubble covers a card the coach marks"
                stops += 1
                coach = scene.model.director.coach
                if coach.explaining():
                    scene.act(Pressed("next"))
                else:
                    scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
            assert stops == len(scene.model.director.coach.tutorial.stops)
            scene.act(Back())
            a.frame()
    finally:
        pygame.quit()


def step_targets(scene):
    """What the learner is told to click at this step, found from the moves the coach
    accepts, as {name: (rect, the face-up card there or None)}: their face-up cards, the
    learner's place in the lane a card goes in, their buttons, the face-down card a blind
    pick takes, and where the bubble points."""
    model, board = scene.model, scene.board
    cue = model.director.coach.cue
    targets = {}
    for move in cue.moves:
        for p in board.placed:
            if p.face_up and (p.card.name in move.names or p.card.name in cue.cards):
                targets[f"the {p.card.spoken}"] = (p.rect, p.card)
        if move.kind in model.presenter.LANE_ARGS:
            cells = model.presenter.field(model.view, model.looking.anchor, model.names)
            for zone in model.view.zones:
                if zone.key in cells and cells[zone.key][0] == int(move.arg) and zone.owner == model.looking.viewer:
                    targets[f"lane {int(move.arg) + 1}"] = (pygame.Rect(*map(int, board.boxes[zone.key])), None)
        action = tutorial.find(model.session.state, move)
        for w in scene.widgets:
            if action in (getattr(w, "actions", None) or ()):
                targets[f"the button {w.label}"] = (w.rect, None)
        spot = moves.pick_of(action, model.view, model.presenter)
        for p in board.placed:
            if (p.zone, p.index) == spot:
                targets[f"the face-down card {spot}"] = (p.rect, None)
    if scene.laid.bubble is not None:
        targets["the bubble's target"] = (scene.laid.bubble.target, None)
    return targets


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_the_bubble_and_the_enlarged_card_never_cover_what_to_click(monkeypatch, size):
    """At every step of every lesson and chapter, the coach's bubble covers nothing the
    learner is told to click (the cards, the lane a card goes in, the button, the blind
    pick), nor does the enlarged copy of a card under the pointer."""
    a = app_module.App(size=size, frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "instant"
    zoomed = []
    real = table_draw.enlarged
    monkeypatch.setattr(table_draw, "enlarged", lambda *args, **kw: zoomed.append(real(*args, **kw)) or zoomed[-1])
    try:
        for game_id in MODES:
            for chapter in (None, *tutorial.chapters(game_id)):
                start(a.scene, game_id, chapter)
                a.frame()
                scene = a.scene
                while True:
                    wait_for_learner(a)
                    if scene.model.over:
                        break
                    coach = scene.model.director.coach
                    if coach.explaining():
                        scene.act(Pressed("next"))
                        continue
                    where = f"{game_id} {chapter or ''} step {coach.cue.number} at {size}"
                    targets = step_targets(scene)
                    box = scene.laid.bubble.box
                    covered = [name for name, (rect, _) in targets.items() if box.colliderect(rect)]
                    assert not covered, f"{where}: the bubble covers {covered}"
                    for name, (rect, card) in targets.items():
                        if card is None:
                            continue
                        zoomed.clear()
                        pos = a.screen.pixel(card_point(scene, card))
                        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                        scene.invalidate()
                        a.frame()
                        shown = [z for z in zoomed if z is not None]
                        assert shown or card.family != "formation", f"{where}: {name} is not shown enlarged"
                        hidden = [other for other, (r, _) in targets.items()
                                  if r != rect and any(z.colliderect(r) for z in shown)]
                        assert not hidden, f"{where}: the enlarged {name} covers {hidden}"
                    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
                    a.frame()
                    scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
                scene.act(Back())
                a.frame()
    finally:
        pygame.quit()


def test_tutorial_progress_mark_counts_the_stops(app, drawn):  # noqa: F811
    scene = open_lesson(app, "four_downs")
    total = len(scene.model.director.coach.tutorial.stops)
    for n in range(1, total + 1):
        wait_for_learner(app)
        drawn.clear()
        scene.invalidate()
        app.frame()
        assert f"step {n} of {total}" in words_of(drawn)
        coach = scene.model.director.coach
        asks = any(words.endswith("Read the coach's words, then press Next") for words in words_of(drawn))
        assert asks == coach.explaining()
        if coach.explaining():
            click_widget(app, lambda w: w.label == "Next")
        else:
            perform(app, tutorial.find(scene.model.session.state, coach.cue.moves[0]))
    wait_for_learner(app)
    assert scene.model.over


def test_tutorial_from_the_rules_page_and_back_keeps_the_lesson(app):  # noqa: F811
    click_widget(app, lambda w: w.label == "Rules")
    assert isinstance(app.scene, RulesScene)
    shown = app.scene.game_id
    click_widget(app, lambda w: w.label == "Learn to play")
    scene = app.scene
    assert is_lesson(scene) and scene.model.session.game_id == shown
    read_on(app)
    perform(app, tutorial.find(scene.model.session.state, scene.model.director.coach.cue.moves[0]))
    index = scene.model.director.coach.index
    app.settings.undo = "casual"
    made = len(scene.model.session.state.history)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(scene.model.session.state.history) == made, "no undo in a lesson"
    assert scene.model.director.coach.index == index
    assert not any(w.label == "Undo" for w in scene.laid.top)
    click_widget(app, lambda w: w.label == "Rules")
    assert isinstance(app.scene, RulesScene)
    assert not any(w.label == "Learn to play" for w in app.scene.widgets)
    press(app, pygame.K_ESCAPE)
    assert is_lesson(app.scene) and app.scene.model.director.coach.index == index
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.saved is None, "the lesson left no game to continue"
    click_widget(app, lambda w: w.label == "Rules")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_l)
    assert is_lesson(app.scene) and app.scene.model.session.game_id != shown


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_tutorial_coach_words_fit_beside_the_table_at_every_step(size):
    a = app_module.App(size=size)
    try:
        for game_id in MODES:
            coach = tutorial.Coach(tutorial.load(game_id))
            lesson = coach.tutorial
            presenter = presenter_for(registry.GAMES[game_id])
            while not coach.finished:
                if not coach.learner_to_act() and not coach.explaining():
                    coach.submit(coach.scripted_action())
                    continue
                view = coach.state.view(lesson.learner)
                rows = coach_panel.facts_rows(view, presenter, list(lesson.names))
                other = [x for x in coach.state.legal_actions()
                         if not any(m.matches(x) for m in coach.cue.moves)]
                replies = [""] + ([coach.submit(other[0]).text] if other else [])
                said = None
                for reply in replies:
                    kept, text_size, lines = coach_panel.words(a.screen, coach.paragraphs(), reply, rows)
                    shown = "".join(line for line, is_reply, last, _ in lines if is_reply or last).replace(" ", "")
                    where = f"{game_id} step {coach.cue.number} at {size}"
                    assert coach.cue.say.replace(" ", "") in shown, f"{where}: the coach's instruction is cut"
                    if coach_panel.reply_fits(a.screen, coach.paragraphs(), reply, rows):
                        assert reply.replace(" ", "") in shown, f"{where}: the reply is cut"
                    paragraphs = "".join(line for line, is_reply, *_ in lines if not is_reply).replace(" ", "")
                    said = said or paragraphs
                    assert paragraphs == said, f"{where}: the reply pushed the coach's older words out"
                    assert said == "".join(coach.paragraphs()).replace(" ", ""), \
                        f"{where}: what happened since the learner's last move leaves the panel"
                    assert a.screen.text_px(text_size) >= coach_panel.PANEL_PX and text_size >= 15, where
                    assert len(kept) >= len(view.scores), where
                if coach.explaining():
                    coach.next()
                else:
                    coach.submit(tutorial.find(coach.state, coach.cue.moves[0]))
    finally:
        pygame.quit()


def test_tutorial_top_bar_names_the_lesson_and_the_learner_plate_reads_you(app, drawn):  # noqa: F811
    open_lesson(app, "ktu")
    wait_for_learner(app)
    app.scene.dirty = True
    app.frame()
    assert "Learn to play: KTU" in words_of(drawn)
    assert "You" in words_of(drawn) and "You (you)" not in words_of(drawn)


@pytest.mark.parametrize("game_id", MODES)
def test_tutorial_keyboard_starts_on_what_the_coach_marks(app, game_id):  # noqa: F811
    scene = open_lesson(app, game_id)
    wait_for_learner(app)
    items = scene.laid.cards + scene.widgets
    item = items[scene.pointer.focus]
    assert getattr(item, "hinted", False) or getattr(item, "marked", False)
    press(app, pygame.K_TAB)           # the first key shows the ring there (the lesson was opened by mouse)
    assert items[scene.pointer.focus] is item
    if game_id == "deadline":          # a button, a card, Next, then a blind pick chosen in a dialog
        for presses in (1, 1, 1, 2):
            index = scene.model.director.coach.index
            for _ in range(presses):
                press(app, pygame.K_RETURN)
            assert scene.model.director.coach.index > index and not scene.model.director.reply
            wait_for_learner(app)


def test_tutorial_keys_wait_for_cards_in_flight_before_finding_the_mark(app):  # noqa: F811
    app.settings.animation_speed = "fast"          # cards fly, so a hand grows after the layout
    scene = open_lesson(app, "deadline")
    app.keyboard = True                            # played by keys (the lesson was opened by mouse)
    for presses in (1, 1, 1, 2):                   # draw, discard, Next, a blind pick
        for _ in range(MAX_STEPS):
            coach = scene.model.director.coach
            if ((coach.explaining() or (scene.model.my_turn() and coach.learner_to_act())) and not scene.busy()
                    and not scene.motion.flights and not scene.model.timeline.pending):
                break
            app.frame()
        else:
            raise AssertionError("the lesson never waited for the learner")
        index = scene.model.director.coach.index
        for _ in range(presses):
            press(app, pygame.K_RETURN)
        assert scene.model.director.coach.index > index and not scene.model.director.reply and not scene.model.ui.message


def test_tutorial_blind_pick_is_the_marked_card_clicked_where_the_coach_points(app):  # noqa: F811
    scene = open_lesson(app, "deadline")
    for _ in range(2):                              # draw, discard
        read_on(app)
        perform(app, tutorial.find(scene.model.session.state, scene.model.director.coach.cue.moves[0]))
    assert read_on(app) == 1
    assert [m.text for m in scene.model.director.coach.cue.moves] == ["take 5"]
    [marked] = [p for p in scene.board.placed if p.hinted]
    assert (marked.zone, marked.index, marked.card) == ("hand:2", 5, None), "Ben's card, face down, is marked"
    target = scene.laid.bubble.target           # its ring round what shows of it, where a click takes it (wave 13)
    assert marked.rect.contains(target) and target.left == marked.rect.left
    assert all(layout.card_at(scene.board, p) is marked for p in (target.topleft, (target.right - 1, target.centery)))
    later = scene.board.placed[scene.board.placed.index(marked) + 1:]
    point = next((x, marked.rect.centery) for x in range(marked.rect.left + 2, marked.rect.right, 3)
                 if not any(p.rect.collidepoint((x, marked.rect.centery)) for p in later))
    click_at(app, point)
    assert scene.model.director.coach.index == 6 and not scene.model.director.reply and not scene.model.ui.message
    taken = scene.model.session.moves()[-1]
    assert (taken.kind, taken.arg) == ("take", 5)


def finish_lesson(a):
    """Play the open lesson to its end (instantly), the coach's moves and Next."""
    scene = a.scene
    while True:
        wait_for_learner(a)
        if scene.model.over:
            return scene
        coach = scene.model.director.coach
        if coach.explaining():
            scene.act(Pressed("next"))
        else:
            scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))


def test_a_chapter_opens_from_the_lessons_list_and_its_real_game_has_its_rule_on(app):  # noqa: F811
    click_widget(app, lambda w: w.label == "Learn to play")
    click_widget(app, lambda w: w.label == "House rule: Knocking")
    scene = app.scene
    assert is_lesson(scene) and scene.model.director.coach.tutorial.chapter == "pd.knocking"
    assert scene.model.session.state.options["pd.knocking"] == "on"
    assert scene.model.director.title(scene.model.seen) == "Learn to play: Play Design - 4 downs (Knocking)"
    finish_lesson(app)
    assert [w.label for w in scene.widgets] == ["Play a real game", "Another lesson", "Menu"]
    click_widget(app, lambda w: w.label == "Play a real game")
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.options["pd.knocking"] == "on"
    assert any(w.label == "On" and w.key == "pd.knocking" for w in setup.widgets), "Setup shows the rule on"
    click_widget(app, lambda w: w.label == "Start")
    table = app.scene
    assert isinstance(table, TableScene) and table.model.session.state.options["pd.knocking"] == "on"
    assert isinstance(table.model.director, FirstGameDirector)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and app.scene.persist.get("director") is None
    click_widget(app, lambda w: getattr(w, "info", None) is not None and w.info.id == "four_downs")
    assert app.scene.options["pd.knocking"] == "on", "Setup remembers the last game's rules"
    assert app.scene.persist.get("rules") is None and app.scene.persist.get("tips") is None, "handed over once"


def test_play_a_real_game_asks_before_replacing_a_game_in_progress(app):  # noqa: F811
    state = registry.new_game("ktu", players=2, seed=8)
    timeline = undo.Timeline(state)
    for _ in range(12):
        timeline.apply(state.legal_actions()[0])
    saves.save_game(app.folders, state, [{"name": "Ann", "level": None}, {"name": "Ben", "level": "easy"}])
    open_lesson(app, "four_downs")
    finish_lesson(app)
    assert saves.load_game(app.folders)[0].to_dict() == state.to_dict(), "the lesson leaves the game alone"
    click_widget(app, lambda w: w.label == "Play a real game")
    click_widget(app, lambda w: w.label == "Start")
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.asking_words.startswith("KTU")
    assert "with Ann and Ben: continue it, or abandon it and start Play Design - 4 downs?" in setup.asking_words
    assert [w.label for w in setup.widgets] == ["Continue KTU", "Abandon it, start Play Design - 4 downs", "Cancel"]
    click_widget(app, lambda w: w.label == "Cancel")
    assert isinstance(app.scene, SetupScene) and not app.scene.asking
    assert saves.load_game(app.folders)[0].to_dict() == state.to_dict(), "nothing replaced"
    click_widget(app, lambda w: w.label == "Start")
    click_widget(app, lambda w: w.label.startswith("Abandon it"))
    assert isinstance(app.scene, TableScene) and app.scene.model.session.game_id == "four_downs"
    assert isinstance(app.scene.model.director, FirstGameDirector)


def test_a_lesson_s_real_game_plays_the_rules_it_taught_without_tips_when_they_are_off(app):  # noqa: F811
    app.settings.tips = False
    open_lesson(app, "four_downs")
    finish_lesson(app)
    assert [w.label for w in app.scene.widgets] == ["Play a real game", "House rule: Knocking", "Another lesson",
                                                    "Menu"]
    click_widget(app, lambda w: w.label == "Play a real game")
    assert app.scene.options["pd.knocking"] == "off"
    click_widget(app, lambda w: w.label == "Start")
    assert app.scene.model.session.state.options["pd.knocking"] == "off"
    assert type(app.scene.model.director) is Director


def test_first_turns_of_a_real_game_after_a_lesson_show_each_tip_once(app):  # noqa: F811
    seats = [Seat("Maya", True), Seat("Theo", False, "easy")]
    session = Session("ktu", seats, {}, 9, executor=inline)
    app.scene.go("table", session=session, director=FirstGameDirector(), viewer=None, events_seen=0, curtains=[])
    app.frame()
    table = app.scene
    presenter = table.model.presenter
    shown, turns = [], 0
    for _ in range(400):
        settle(app)
        if table.model.session.is_over or turns >= TIP_TURNS + 3:
            break
        if table.laid.bubble is not None:
            words = " ".join(table.laid.bubble.lines)
            hand = next(z for z in table.model.view.zones if z.key == "hand:0")
            assert words in [presenter.tip(c) for c in hand.cards], "a tip is about a card in the hand"
            assert table.laid.bubble.target in [p.rect for p in table.board.hand_cards()]
            assert turns < TIP_TURNS, "tips only in the first turns"
            shown.append(words)
        before = table.model.session.current_player
        perform(app, table.model.session.legal_actions()[0])
        turns += table.model.session.current_player != before
    assert shown and len(shown) == len(set(shown)), "each tip once"


def test_tips_after_a_lesson_switch_in_settings(app):  # noqa: F811
    click_widget(app, lambda w: w.label == "Settings")
    assert app.settings.tips
    click_widget(app, lambda w: w.key == "Tips after a lesson")
    assert not app.settings.tips
    assert config.load_user(app.folders)[0].tips is False, "saved"
    click_widget(app, lambda w: w.key == "Tips after a lesson")
    assert app.settings.tips


def test_a_lane_refused_says_the_rule_and_stands_clear_of_the_coach_s_bubble(app):  # noqa: F811
    scene = open_lesson(app, "five_possessions")
    while scene.model.director.coach.index < 12:               # line 2: lanes 2 and 3 open, green and orange
        wait_for_learner(app)
        coach = scene.model.director.coach
        if coach.explaining():
            scene.act(Pressed("next"))
        elif coach.index < 12:
            scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
    read_on(app)
    green = next(p.card for p in scene.board.hand_cards() if p.card.name == "W:OG6")
    click_at(app, card_point(scene, green))
    lane = scene.board.areas[scene.board.lanes.index(1)]
    click_at(app, (lane[0] + lane[2] / 2, lane[1] + 12))
    assert scene.model.ui.message.startswith("A green card in lane 2 goes closed: the green card that won lane 2")
    app.frame()
    box = table_draw.message_box(app.screen, scene.board, scene.model.ui.message, scene.pointer.message_spot)
    assert not box.colliderect(scene.laid.bubble.box)
    assert not any(box.colliderect(p.rect) for p in scene.board.hand_cards() if p.card is green)
    # walkC16 #11: where it must cover something of Ben's, the backs of his piles, never
    # his name plate nor the captions that say what each pile is
    readable = table_draw.readable(app.screen, scene.board, scene.plates(scene.model.view))
    assert box.collidelist(readable) < 0, (box, [r for r in readable if box.colliderect(r)])


def test_five_possessions_first_line_is_revealed_one_lane_at_a_time(app):  # noqa: F811
    app.settings.animation_speed = "normal"
    scene = open_lesson(app, "five_possessions")
    while True:                                          # offense, the coach's words, four cards
        wait_for_learner(app)
        coach = scene.model.director.coach
        if coach.index >= 7:                             # Ben has set his line
            break
        if coach.explaining():
            click_widget(app, lambda w: w.label == "Next")
        else:
            perform(app, tutorial.find(scene.model.session.state, coach.cue.moves[0]))
    shown = []
    for lane in range(4):
        wait_for_learner(app)
        cue = scene.model.director.coach.cue
        assert cue.coach and cue.anchor == f"lane:{lane}"
        assert scene.model.hold.outcome is None, "no outcome told before the coach comes to it"
        ben = {int(z.key.rsplit(":", 1)[1]): z.cards[0] for z in scene.model.view.zones
               if z.key.startswith("line:1:") and z.cards}
        shown.append([lane for lane, card in sorted(ben.items()) if card is not None])
        assert scene.laid.bubble.target == pygame.Rect(*map(int, scene.board.areas[scene.board.lanes.index(lane)]))
        click_widget(app, lambda w: w.label == "Next")
    assert shown == [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3]]


def test_five_possessions_panel_tells_no_lane_before_the_table_turns_it_over(app):  # noqa: F811
    """While a line is revealed lane by lane, the coach's panel gives each lane's state,
    and the scores, only once the table has turned that lane over, as the line left it
    (a possession's last line too, the next possession begun behind it): the lanes still
    face down read as they did before the line was played out, the scores too."""
    scene = open_lesson(app, "five_possessions")
    coach = scene.model.director.coach

    def rows(view):
        return {label.split(":")[0]: (label, value) for label, value, *_ in
                coach_panel.facts_rows(view, scene.model.presenter, scene.model.names)}
    def as_left(before_facts):
        """The game's view now, a possession's end as its last line left the lanes (the next
        possession begun behind it: see the presenter's facts_ended)."""
        now = scene.model.session.view(scene.model.looking.viewer)
        return now._replace(facts=scene.model.presenter.facts_ended(now.facts, before_facts))
    before = before_facts = told = None
    revealed = 0
    while not scene.model.over:
        wait_for_learner(app)
        if scene.model.over:
            break
        cue = coach.cue
        if cue.coach and cue.reveal is not None:
            shown, real = rows(scene.model.view), rows(as_left(before_facts))      # the lanes as the line left them
            for lane in range(4):
                key = f"Lane {lane + 1}"
                assert shown[key] == (real if lane <= cue.reveal else before)[key], \
                    f"step {cue.number}: {shown[key]} before lane {lane + 1} is turned over"
            assert all(shown[name] == before[name] for name in scene.model.names), \
                f"step {cue.number}: the scores move before the line is told"
            revealed += 1
        elif cue.coach and told is not None:       # told whole; a possession's end keeps its offense
            shown, real = rows(scene.model.view), rows(as_left(before_facts))
            assert {k: v for k, v in shown.items() if k != "Offense"} == \
                   {k: v for k, v in real.items() if k != "Offense"}
            assert shown["Offense"] == (("Offense: Ben", "") if cue.number > 20 else real["Offense"])
        if coach.explaining():
            told = cue.reveal
            scene.act(Pressed("next"))
        else:
            before, before_facts = rows(scene.model.view), scene.model.view.facts
            scene.act(Choose(tutorial.find(scene.model.session.state, cue.moves[0])))
    assert revealed == 4


def test_ktu_removed_pile_shows_the_card_that_burned_it(app):  # noqa: F811
    scene = open_lesson(app, "ktu")
    coach = scene.model.director.coach
    burns = []
    while not scene.model.over:
        wait_for_learner(app)
        if len(burns) < sum(e.kind == "burn" for e in scene.model.session.state.events):
            last = next(e.cards for e in reversed(scene.model.session.state.events)
                        if e.kind == "move" and e.dst == "burned")
            _, shown = scene.board.piles["burned"]
            burns.append((shown[-1].name, last[-1].name))
        if coach.explaining():
            click_widget(app, lambda w: w.label == "Next")
        else:
            perform(app, tutorial.find(scene.model.session.state, coach.cue.moves[0]))
    assert burns and all(top == burner for top, burner in burns), burns
    assert burns[0] == ("10S", "10S"), "the 10 of spades that burned the play ground lies on top"


def test_a_lesson_never_asks_continue_and_next_for_one_thing(app):  # noqa: F811
    app.settings.animation_speed = "normal"
    for game_id in MODES:
        for chapter in (None, *tutorial.load(game_id).chapters):
            start(app.scene, game_id, chapter)
            app.frame()
            scene = app.scene
            coach = scene.model.director.coach
            held = 0
            for _ in range(MAX_STEPS * 10):
                if scene.model.over:
                    break
                if scene.model.hold.waiting:
                    assert not coach.explaining(), f"{game_id}: an outcome held while the coach tells it"
                if scene.model.hold.waiting and scene.model.offering():   # once what it holds has landed
                    held += 1
                    click_widget(app, lambda w: w.label == "Continue")
                    continue
                still = (not scene.motion.flights and scene.model.settled(calling=False) and not scene.model.hold.held()
                         and not scene.model.marks.later)
                if still and coach.explaining() and scene.model.settled():     # Next once the callouts have gone
                    click_widget(app, lambda w: w.label == "Next")
                elif still and scene.model.my_turn() and coach.learner_to_act() and coach.cue.stop:
                    scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
                app.frame()
            assert scene.model.over, f"{game_id} {chapter}: the lesson did not end"
            if game_id == "four_downs" and chapter is None:
                assert held, "a down the coach does not tell waits for Continue"
            scene.act(Back())
            app.frame()


def test_a_lesson_s_words_agree_with_you(app, drawn):  # noqa: F811
    """Wherever "You" (a lesson's learner) is the subject, the verb agrees: in the log, the
    outcomes, the top bar ("Game over: You win"), the panel, every word drawn in every
    lesson and chapter."""
    assert agree("Touchdown! You scores 20 yards") == "Touchdown! You score 20 yards"
    assert agree("You was dealt 3 cards, You passes, You carries") == "You were dealt 3 cards, You pass, You carry"
    assert agree("Maya wins, Youssef has 3") == "Maya wins, Youssef has 3"
    assert agree("You showed their cards") == "You showed your cards"
    assert (agree("You took 7 of clubs from their face-up cards into their hand")
            == "You took 7 of clubs from your face-up cards into your hand")
    assert agree("Theo showed their cards; You passed") == "Theo showed their cards; You passed"
    wrong = re.compile(r"\bYou (was|is|has|[a-z]+s)\b|\bYou [^.;:!?]*\btheir\b")
    for game_id in MODES:
        for chapter in (None, *tutorial.chapters(game_id)):
            drawn.clear()
            start(app.scene, game_id, chapter)
            app.frame()
            scene = finish_lesson(app)
            scene.invalidate()
            app.frame()
            model = scene.model
            lines = model.log_lines() + [model.outcome_words(e) or ""
                                         for e in model.session.events_for(model.looking.viewer)]
            assert any(line.startswith("You ") for line in lines + words_of(drawn))
            assert not [line for line in lines + words_of(drawn) if wrong.search(line)], (game_id, chapter)
            scene.act(Back())
            app.frame()


def test_ktu_s_wrong_face_up_choice_gets_its_reason(app):  # noqa: F811
    """KTU's lesson, choosing face-up cards: with too few cards picked, the switched-off
    button, pressed (by click or by key), says the rules' reason; nothing is played and
    the cards stay picked. (Too many cannot be picked: a fourth is refused, see
    test_ktu_s_fourth_face_up_card_is_refused_with_words.)"""
    picked = ["4H", "4D"]
    scene = open_lesson(app, "ktu")
    read_on(app)
    hand = {p.card.name: p.card for p in scene.board.hand_cards()}
    for name in picked:
        click_at(app, card_point(scene, hand[name]))
    button = next(w for w in scene.widgets if w.label.startswith("Choose face-up cards"))
    assert not button.enabled
    click_at(app, button.rect.center)
    assert scene.model.ui.message == "Choose exactly 3 different cards from your own hand to lay face up"
    assert [c.name for c in scene.model.ui.selection] == picked and scene.model.director.coach.index == 1
    scene.model.ui.message = ""
    scene.pointer.focus = (scene.laid.cards + scene.laid.widgets).index(button)
    app.keyboard = True                     # the ring shown there (the cards were clicked)
    press(app, pygame.K_RETURN)
    assert scene.model.ui.message.startswith("Choose exactly 3")


def test_ktu_s_fourth_face_up_card_is_refused_with_words(app):  # noqa: F811
    """KTU's lesson, choosing face-up cards: three picked, a fourth clicked is refused with
    words and not picked; the three stay (walkD16 #4: '4 of 3 chosen', the button greyed
    with no word why)."""
    scene = open_lesson(app, "ktu")
    read_on(app)
    hand = {p.card.name: p.card for p in scene.board.hand_cards()}
    for name in ["4H", "4D", "5C", "10S"]:
        click_at(app, card_point(scene, hand[name]))
    assert [c.name for c in scene.model.ui.selection] == ["4H", "4D", "5C"]
    assert "put one back" in scene.model.ui.message, scene.model.ui.message
    assert scene.model.director.coach.index == 1


def test_ktu_s_8_refused_after_a_7_is_an_8(app):  # noqa: F811
    """At KTU's step 8 the coach says the 7 forbids your 8 of spades: clicked, it is
    refused with the rules' reason, "An 8 is not lower than the 7", its article right."""
    scene = open_lesson(app, "ktu")
    coach = scene.model.director.coach
    wait_for_learner(app)
    while coach.cue.number < 8:
        if coach.explaining():
            scene.act(Pressed("next"))
        else:
            scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
        wait_for_learner(app)
    eight = next(p.card for p in scene.board.hand_cards() if p.card.name == "8S")
    click_at(app, card_point(scene, eight))
    assert scene.model.ui.message == "An 8 is not lower than the 7 on the play ground (play lower than 7)"
    assert coach.index == 7


def test_ktu_s_winner_went_out_and_is_not_out_of_the_game(app):  # noqa: F811
    """KTU's lesson ends with you going out: the table says you have no cards left, never
    that the winner is "out of the game"."""
    open_lesson(app, "ktu")
    scene = finish_lesson(app)
    log = scene.model.log_lines()
    model = scene.model
    facts = [row[0] for row in coach_panel.facts_rows(model.view, model.presenter, model.names) if row[1] is not None]
    assert log[-2].endswith("went out: no cards left") and facts == model.names, "the game over, no readouts"
    assert not [line for line in log + facts if "out of the game" in line or line.startswith("Out")]


def test_every_turn_of_the_learner_s_is_the_learner_s_to_play(app, monkeypatch):  # noqa: F811
    """Deadline's lesson at the table, a whole semester: every move made for the learner's
    seat is one the learner made by a click (the coach never plays a turn, a pick or an
    exam move of theirs), each offered with its buttons and Hint."""
    scene = open_lesson(app, "deadline")
    model = scene.model
    coach = model.director.coach
    learner = coach.tutorial.learner
    made = []
    submit = model.session.submit
    monkeypatch.setattr(model.session, "submit", lambda action: made.append(model.session.current_player)
                        or submit(action))
    clicked = 0
    while not model.over:
        wait_for_learner(app)
        if model.over:
            break
        if coach.explaining():
            click_widget(app, lambda w: w.label == "Next")
            continue
        assert model.my_turn() and model.legal and any(w.label == "Hint" for w in scene.laid.top)
        perform(app, tutorial.find(model.session.state, coach.cue.moves[0]))
        clicked += 1
    assert clicked == made.count(learner) == sum(cue.learner for cue in coach.tutorial.cues)


def test_five_possessions_coach_tells_a_lane_s_colour_as_the_panel_does(app):  # noqa: F811
    """5 possessions' lesson: wherever the coach tells what an open lane allows, it says it
    as the panel does ("open, not blue": a blue offense card there goes closed), never
    "open, blue"; each such state is the one the panel shows then. At step 19 (line 3
    told: lanes 2 and 3 won by blue cards) both say a blue card there goes closed."""
    scene = open_lesson(app, "five_possessions")
    coach = scene.model.director.coach
    told = {}
    while not scene.model.over:
        wait_for_learner(app)
        if scene.model.over:
            break
        cue = coach.cue
        said = " ".join(scene.model.director.paragraphs(scene.model.seen) + [cue.point]).replace("\n", " ")
        said = re.sub(r"\s+", " ", said)
        rows = [label for label, *_ in coach_panel.facts_rows(scene.model.view, scene.model.presenter,
                                                              scene.model.names)]
        assert not re.search(r"open, (now )?(blue|green|orange|purple)", said), f"step {cue.number}: {said}"
        for colour in re.findall(r"open, not (\w+)", said):
            assert any(f"open, but {with_article(colour)} card goes closed" in row for row in rows), \
                f"step {cue.number}: the coach says open, not {colour}; the panel says {rows}"
        told[coach.progress()[0]] = (said, rows)       # by the step the panel's heading shows
        if coach.explaining():
            scene.act(Pressed("next"))
        else:
            scene.act(Choose(tutorial.find(scene.model.session.state, cue.moves[0])))
    said, rows = told[19]
    assert "Both lanes stay open, not blue" in said
    assert {f"Lane {n}: open, but a blue card goes closed (blue won it)" for n in (2, 3)} <= set(rows)


def every_stop(a, modes=MODES):
    """Open every lesson and chapter (of `modes`) in `a` and play each to its end
    (instantly, the coach's moves and Next), yielding (the table, where: the lesson and
    its step as the panel's heading counts it) at every stop the learner sees, drawn
    afresh."""
    for game_id in modes:
        for chapter in (None, *tutorial.chapters(game_id)):
            start(a.scene, game_id, chapter)
            a.frame()
            scene = finish = a.scene
            while True:
                wait_for_learner(a)
                if scene.model.over:
                    break
                coach = scene.model.director.coach
                scene.invalidate()
                a.frame()
                size = "x".join(map(str, pygame.display.get_surface().get_size()))
                yield scene, f"{game_id} {chapter or ''} step {coach.progress()[0]} at {size}"
                if coach.explaining():
                    scene.act(Pressed("next"))
                else:
                    scene.act(Choose(tutorial.find(scene.model.session.state, coach.cue.moves[0])))
            finish.act(Back())
            a.frame()


def test_no_lesson_step_s_top_bar_is_cut(monkeypatch):
    """At 1280x720, at every step of every lesson and chapter, the top bar's words are
    whole: none is left out for want of room (for an "...")."""
    bars = []
    real = table_draw.bar_text
    monkeypatch.setattr(table_draw, "bar_text", lambda screen, words, box, colour: bars.append(
        (words, table_draw.bar_lines(screen, words, box[2])[1])) or real(screen, words, box, colour))
    a = app_module.App(size=(1280, 720), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "instant"
    try:
        cut = []
        for scene, where in every_stop(a):
            bars.clear()
            scene.invalidate()
            a.frame()
            assert bars, where
            cut += [f"{where}: {' / '.join(lines)}" for words, lines in bars
                    if "".join(lines).replace(" ", "") != words.replace(" ", "")]
        assert not cut, "\n".join(cut)
    finally:
        pygame.quit()


def test_the_coach_s_panel_shows_its_words_whole_then_whole_facts(monkeypatch):
    """At 1280x720, at every step of every lesson and chapter, the coach's panel cuts
    nothing: the coach's words are all there, the sentence under Scores that the
    table's own panel gives (what the scores count and what makes them: Deadline's
    "-43" is your hand counted against you), every score, and each fact either there
    whole (wrapped) or left out whole; no row ends in "..."."""
    inside, cut, drawn = [False], [], []
    real_fit, real_panel, real_render = text_module.fit, coach_panel.panel, text_module.render

    def fit(words, px, width):
        shown = real_fit(words, px, width)
        if inside[0] and shown != words:
            cut.append(shown)
        return shown

    def panel(*args):
        inside[0] = True
        try:
            return real_panel(*args)
        finally:
            inside[0] = False
    monkeypatch.setattr(text_module, "fit", fit)
    monkeypatch.setattr(coach_panel, "panel", panel)
    monkeypatch.setattr(text_module, "render", lambda words, px, colour: (inside[0] and drawn.append(words))
                        or real_render(words, px, colour))
    a = app_module.App(size=(1280, 720), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "instant"
    facts = left = 0
    try:
        for scene, where in every_stop(a):
            cut.clear()
            drawn.clear()
            scene.invalidate()
            a.frame()
            assert not cut, f"{where}: {cut}"
            shown = "".join(drawn).replace(" ", "")
            for words in scene.model.director.paragraphs(scene.model.seen):
                assert words.replace(" ", "") in shown, f"{where}: the coach's words are cut: {words}"
            model = scene.model
            sentence = capital(model.presenter.score_words(model.view))
            assert sentence.replace(" ", "") in shown, f"{where}: the panel does not say what the scores count: {sentence}"
            rows = coach_panel.facts_rows(model.view, model.presenter, model.names)
            for row in rows:
                label, value = row[0], row[1]
                whole = label.replace(" ", "")
                if value is None:           # the scores' sentence: see below
                    continue
                if value:
                    assert label in drawn, f"{where}: the score of {label} is left out"
                elif whole in shown:
                    facts += 1
                else:                               # none of its own lines (another row may share one)
                    others = {line for other in rows if other is not row
                              for line in coach_panel.row_lines(a.screen, other)}
                    assert not any(line in drawn for line in coach_panel.row_lines(a.screen, row)
                                   if line not in others), f"{where}: {label} is shown in part"
                    left += 1
        assert facts > 10 * left, (facts, left)
    finally:
        pygame.quit()


def learner_s_own(scene):
    """What of the learner's own lies on the table, as {name: rect}: the cards of their
    hand, their cards on the table (face up or face down: a reserve), their name plate."""
    model, board = scene.model, scene.board
    anchor = model.looking.anchor
    own = {f"their card {p.card.spoken if p.face_up else (p.zone, p.index)}": p.rect for p in board.placed
           if p.zone == board.hand_key or p.zone in board.own_zones}
    own["their name plate"] = plates(scene)[anchor]
    return own


def plates(scene):
    """Every seat's name plate on the table, as {seat: rect}."""
    model, board = scene.model, scene.board
    words = table_draw.plate_words(model.view, model.names, [s.human for s in model.session.seats],
                                   model.looking.viewer, model.session.thinking(), model.presenter.statuses(model.view))
    return {seat: table_draw.plate_rect(scene.app.screen, spot, *words[seat])
            for seat, spot in board.plates.items() if seat in words}


PLATE_GAP = 3       # how near a bubble's arrow may pass a name plate's end, at the least
CARD_GAP = 4        # how near a bubble's arrow may pass a card it does not point at, at the least


def tail_points(bubble, step=2):
    """Points inside the arrow of a placed bubble (its triangle, sampled every `step`;
    none for a bubble without an arrow)."""
    if bubble.tip is None:
        return []
    (ax, ay), (bx, by), (cx, cy) = layout.bubble_tail(bubble.box, bubble.tip)
    n = max(1, int(max(abs(ax - bx), abs(ax - cx), abs(ay - by), abs(ay - cy)) / step))
    return [(ax + (bx - ax) * i / n + (cx - bx) * j / n, ay + (by - ay) * i / n + (cy - by) * j / n)
            for i in range(n + 1) for j in range(i + 1)]


def apart(rect, other):
    """How far a rect stands from a point or another rect (0 where they touch)."""
    r, o = pygame.Rect(rect), pygame.Rect(other) if len(other) == 4 else pygame.Rect(*other, 0, 0)
    return ((max(r.left - o.right, o.left - r.right, 0) ** 2 + max(r.top - o.bottom, o.top - r.bottom, 0) ** 2)
            ** 0.5)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1600, 1000)])
def test_the_coach_s_bubble_never_covers_the_learner_s_own_or_what_the_step_names(size):
    """At every step of every lesson and chapter, the coach's bubble (its box and its
    arrow) covers none of the learner's own things (their hand, their cards on the
    table, face up or in reserve, their name plate), nothing the step tells them to
    click, a card the coach names for them to look at, a face-up card of another seat,
    any name plate nor any caption on the table; its arrow crosses none of them, nor a
    face-up card, on its way to what it points at (where no arrow can, as to the hand's
    first card under the learner's own plate, the bubble has none: its ring marks the
    card), and passes no plate's end nearer than PLATE_GAP (at Deadline's step 12 it
    grazed "You") nor any card it does not point at nearer than CARD_GAP (KTU's step 3:
    1 unit off the 9 of clubs at 960x600; Deadline's step 35: 3 units off the 2 of
    spades; a card beside the target, as in a fan, aside); a bubble at a score or fact of the coach's panel points at that row as the
    panel draws it (RING inside it, so that its ring stays on the row), its arrow over none of the panel's other rows (the sentence of what
    the scores count, at Deadline's last step)."""
    a = app_module.App(size=size, frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "instant"
    covered = []
    try:
        for scene, where in every_stop(a):
            bubble = scene.laid.bubble
            if bubble is None:
                continue
            cue = scene.model.director.coach.cue
            keep = learner_s_own(scene) | {name: rect for name, (rect, _) in step_targets(scene).items()}
            keep |= {f"the coach's {p.card.spoken}": p.rect for p in scene.board.placed
                     if p.face_up and p.card.name in cue.cards}
            keep |= {f"the caption {words!r} at {pos}": rect for (words, pos), rect
                     in zip(scene.board.labels, table_draw.caption_rects(a.screen, scene.board))}
            keep |= {f"the name plate of {scene.model.names[seat]}": rect for seat, rect in plates(scene).items()}
            owners = {z.key: z.owner for z in scene.model.view.zones}
            learner = scene.model.looking.viewer
            keep |= {f"{scene.model.names[owners[p.zone]]}'s face-up {p.card.spoken}": p.rect
                     for p in scene.board.placed if p.face_up and owners.get(p.zone) not in (None, learner)}
            hit = sorted(name for name, rect in keep.items() if bubble.box.colliderect(rect))
            crossed = dict(keep)
            crossed |= {f"the face-up {p.card.spoken}": p.rect for p in scene.board.placed if p.face_up}
            tail = [point for point in tail_points(bubble) if not bubble.target.collidepoint(point)]
            read = {name for name in crossed if name.startswith(("the name plate", "their name plate", "the caption"))}
            hit += sorted(f"its arrow over {name}" for name, rect in crossed.items()       # a card fanned over it aside
                          if (name in read or not rect.colliderect(bubble.target))
                          and any(rect.collidepoint(point) for point in tail))
            for name, rect in crossed.items():        # nor by a plate's end: a few units off
                near = pygame.Rect(rect).inflate(2 * PLATE_GAP, 2 * PLATE_GAP)
                if "name plate" in name and not near.collidepoint(bubble.tip or (-1, -1)) \
                        and any(near.collidepoint(point) for point in tail) and not any(
                            rect.collidepoint(point) for point in tail):
                    hit.append(f"its arrow within {PLATE_GAP} units of {name}")
            fine = [point for point in tail_points(bubble, 1) if not bubble.target.collidepoint(point)]
            for p in scene.board.placed:        # a card crossed is told above; one beside the target aside
                near = min((apart(p.rect, point) for point in fine), default=CARD_GAP)
                if 0 < near < CARD_GAP and apart(p.rect, bubble.target) >= CARD_GAP:
                    hit.append(f"its arrow {near:.1f} units from {p.card.spoken if p.face_up else p.zone}")
            if cue.anchor.startswith(("score:", "fact:")):    # the row as the panel draws it
                model = scene.model
                rows = coach_panel.facts_rows(model.panel_view(), model.presenter, model.names)
                side = model.director.side(model.seen)
                index = next(i for i, row in enumerate(rows)
                             if row[1] is not None and row[0].startswith(cue.anchor.partition(":")[2]))
                row = coach_panel.row_rect(a.screen, side.paragraphs, side.reply, rows, index)
                ring = -2 * coach_panel.RING
                if row is None or bubble.target != pygame.Rect(row).inflate(ring, ring):
                    hit.append(f"its arrow at {bubble.target}, not at the row {rows[index][0]!r} at {row}")
                others = {f"the panel's {rows[i][0]!r}": coach_panel.row_rect(a.screen, side.paragraphs, side.reply,
                                                                              rows, i) for i in range(len(rows))}
                hit += sorted(f"its arrow over {name}" for name, rect in others.items()     # the words round it
                              if rect is not None and rect != row
                              and any(pygame.Rect(rect).collidepoint(point) for point in tail))
            if hit:
                covered.append(f"{where}: {hit}")
        assert not covered, "\n".join(covered)
    finally:
        pygame.quit()


def test_the_top_bar_s_title_gives_way_only_to_words_it_would_cut(app, drawn):  # noqa: F811
    """The title stays whole on one line beside words that fit (even words that end in
    "...", as "thinking..." does); beside words that would be cut it goes in two lines,
    and the words are whole."""
    table_draw.top_bar(app.screen, "Learn to play: Final Count", "Hand 1  ·  Theo is thinking...", 740)
    assert "Learn to play: Final Count" in words_of(drawn) and "Hand 1  ·  Theo is thinking..." in words_of(drawn)
    drawn.clear()
    words = ("Hand 1  ·  Die shows 6: swap one of your cards with a Board card, or decline (everyone counts "
             "the Board, so your own count stays the same; the others' change)")
    table_draw.top_bar(app.screen, "Learn to play: Final Count", words, 740)
    assert ["Learn to play:", "Final Count"] == words_of(drawn)[:2]
    assert "".join(words_of(drawn)[2:]).replace(" ", "") == words.replace(" ", "")


def test_final_count_coach_words_of_a_roll_wait_for_the_die_to_stop(app):  # noqa: F811
    """The coach says what a roll brought ('You rolled a 1, and drew the 10 of diamonds')
    only once the die has stopped: while it tumbles the panel keeps the words it said, but
    that the player rolling plays next: they are playing ('Ben is playing.')."""
    app.settings.animation_speed = "normal"
    scene = open_lesson(app, "final_count")
    said, rolls, early, was = None, 0, [], False
    for _ in range(MAX_STEPS):
        model = scene.model
        if model.over or rolls >= 4:
            break
        words = model.director.paragraphs(model.seen)
        now = scene.motion.rolling > 0
        if now:
            ahead = said and said[-1].endswith(" plays next.")
            early += [words] if words != said and not (ahead and words == outrun(said)[1]) else []
        else:
            said = words
        rolls += now and not was
        was = now
        coach = model.director.coach
        if (not scene.busy() and not scene.motion.flights and not model.timeline.pending and not now
                and not model.marks.later and (coach.explaining() or model.my_turn() and coach.learner_to_act())):
            press(app, pygame.K_RETURN)
        app.frame()
    assert rolls >= 4 and not early, early[:2]


def outrun(said):
    """What the coach's `said`, ending in who plays next ('Ben plays next.'), may become
    once that move is on its way: who is playing ('Ben is playing.'), or nothing of them
    beside a hand's end or an outcome held."""
    who = said[-1][:-len(" plays next.")]
    return [said[:-1], said[:-1] + [f"{who} is playing."]]


def lesson_frames(a, game_id, chapter=None):
    """Open a lesson in `a` and play it to its end at the app's animation speed, frame by
    frame, yielding its table after each frame: the coach's move, Next and Continue made
    as soon as the table waits for them (everything landed)."""
    start(a.scene, game_id, chapter)
    a.frame()
    scene = a.scene
    for _ in range(60 * MAX_STEPS):
        model = scene.model
        if model.over:
            yield scene
            return
        coach = model.director.coach
        still = model.settled() and not scene.motion.flights and not model.ui.dialog
        if still and model.hold.waiting:
            scene.act(Continue())
        elif still and not coach.finished and coach.cue.stop and coach.explaining():
            scene.act(Pressed("next"))
        elif still and not coach.finished and coach.cue.stop and model.my_turn() and model.legal:
            scene.act(Choose(tutorial.find(model.session.state, coach.cue.moves[0])))
        a.frame()
        yield scene
    raise AssertionError(f"the {game_id} lesson never ended")


def test_a_lesson_speaks_and_points_only_at_what_the_table_has_shown(monkeypatch):
    """Every lesson played with its cards flying (fast), frame by frame: the coach's
    bubble shows only once nothing flies and no die tumbles (never at a pile the deal
    has not reached), the coach's words change only once the table has told the last
    change (cards landed, at most its last callout still showing; only who plays next may
    go before, becoming who is playing, once the move after it is on its way (gone beside
    a hand's end or an outcome held); what happened, without what comes
    next, as the move's cards fly or lie there while callouts that only tell them go on,
    none to turn over, count or read first) and then follow it (no "Ben plays next."
    beside Ben's move and its outcome already on the table, nor beside his cards on their
    way: walkC16 #4, six cards flying into the learner's hand beside it), no card
    or button is marked before then (not "Draw (discard pile)" while the deal flies
    beside an empty panel), nor for a move while the die that offers it still tumbles,
    the top bar asks for Next only where Next is on the table, and at the end the panel
    tells the table as it ended
    (of a game over, as the table's own panel, the scores and no readout of a turn that
    will not come), the top bar says the lesson is complete, and no note of a move stays
    behind the end."""
    a = app_module.App(size=(1280, 720), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "fast"
    drawn = {"bubble": [], "toast": []}
    for name in drawn:
        real = getattr(table_draw, name)
        monkeypatch.setattr(table_draw, name, lambda *args, real=real, name=name, **kw: (
            drawn[name].append(a.scene), real(*args, **kw))[1])
    early, late = [], []
    try:
        for game_id in MODES:
            said, since = None, None
            for scene in lesson_frames(a, game_id):
                model = scene.model
                where = f"{game_id} step {model.director.coach.progress()[0]}"
                if drawn["bubble"] and (scene.motion.flights or scene.motion.rolling > 0):
                    early.append(f"{where}: the bubble shows while cards fly or the die tumbles")
                drawn["bubble"].clear()
                words = model.director.paragraphs(model.seen)
                told = model.settled(calling=False) and not model.timeline.unplayed() and len(model.timeline.callouts) <= 1
                ahead = said is not None and said[-1:] != [] and said[-1].endswith("plays next.")
                plain = not model.rolled and not model.timeline.hiding_scores() and model.timeline.revealing() is None
                landed = model.settled(calling=False) and not model.timeline.unplayed()
                happened = (plain and (landed or not model.hold.wait)       # what flies or lies there, called out
                            and words == model.director.coach.happened())
                if said is not None and words != said and not told and not (ahead and words in outrun(said)) \
                        and not happened:
                    early.append(f"{where}: the coach speaks before the table has told it: {' '.join(words)[:60]}")
                coach = model.director.coach
                passed = coach.finished or coach.cue.learner or coach.cue.coach
                if told and words and words[-1].endswith("plays next.") and passed:
                    late.append(f"{where}: '{words[-1]}' beside that move and its outcome on the table")
                if words != said:
                    since = model.session.event_count()
                if words and words[-1].endswith("plays next.") and model.session.event_count() > since:
                    late.append(f"{where}: '{words[-1]}' beside that move on its way")
                said = words
                if scene.motion.rolling > 0 and any(p.hinted for p in scene.board.placed):
                    early.append(f"{where}: a card is marked while the die tumbles")
                marked = [p.card.spoken if p.face_up else p.zone for p in scene.board.placed if p.hinted]
                marked += [w.label for w in scene.widgets if getattr(w, "marked", False)]
                if marked and not told and model.ui.hint is None:
                    early.append(f"{where}: {marked} marked before the table has told the last change")
                if "press Next" in model.prompt() and not any(getattr(w, "label", None) == "Next"
                                                              for w in scene.widgets):
                    early.append(f"{where}: the top bar says to press Next, and there is no Next")
                if model.over:
                    drawn["toast"].clear()
                    scene.invalidate()
                    a.frame()
                    rows = [row[0] for row in coach_panel.facts_rows(model.panel_view(), model.presenter,
                                                                      model.names) if row[1] is not None]
                    if model.view.is_over:
                        assert rows == model.names, f"{where}: a readout of a turn that will not come: {rows}"
                    assert model.prompt() == "Lesson complete", f"{where}: {model.prompt()}"
                    assert not drawn["toast"], f"{where}: a note of a move stays behind the end"
            scene.act(Back())
            a.frame()
        assert not early, "\n".join(dict.fromkeys(early))
        assert not late, "\n".join(dict.fromkeys(late))
    finally:
        pygame.quit()


def test_five_possessions_lesson_deals_the_next_possession_once_its_end_is_read(app):  # noqa: F811
    """At a possession's end in the lesson, as at the table outside lessons, the drive's
    outcome is read before anything of the next possession shows: the learner's hand
    stays empty and the panel keeps the possession that ended (who was on offense);
    after Continue the next possession's cards come into the hand. The same holds
    after each line (its outcomes read, then the next line's cards), while the coach
    tells a line lane by lane, and at the lesson's end, which comes as the second
    possession ends."""
    app.settings.animation_speed = "normal"
    held, told = [], []
    for scene in lesson_frames(app, "five_possessions"):
        model = scene.model
        hand = next(z for z in model.view.zones if z.key == f"hand:{model.looking.viewer}").count
        offense = model.presenter.side_facts(model.view, model.names)[0]
        coach = model.director.coach
        if model.hold.waiting and model.settled():
            held.append((any(o.lane is None for o in model.hold.outcomes), hand, offense))
        if coach.explaining() and coach.cue.anchor.startswith("lane:") and model.settled():
            told.append((coach.cue.number, hand))
    ends = {(count, offense) for drive, count, offense in held if drive}
    assert ends == {(0, ("Offense", "You", None))}, ends
    assert {count for drive, count, _ in held if not drive} == {0}, \
        "a line's outcome is read before the next line's cards come"
    assert {step for step, _ in told} == {8, 9, 10, 11, 30, 31} and {count for _, count in told} == {0}, told
    assert model.over and (hand, offense) == (0, ("Offense", "Ben", None)), (hand, offense)


def test_final_count_lesson_says_the_score_once_the_panel_shows_it(app):  # noqa: F811
    """The coach says "you score 62 points" (in its panel, or the end's words) only once
    the hand's count-up is over and the panel's score of yours reads 62."""
    app.settings.animation_speed = "normal"
    scored = []
    for scene in lesson_frames(app, "final_count"):
        model = scene.model
        words = model.director.end(model.seen).words if model.over else " ".join(model.director.paragraphs(model.seen))
        if "you score 62 points" in words:
            rows = coach_panel.facts_rows(model.panel_view(), model.presenter, model.names)
            scored.append(next(value for label, value, *_ in rows if label == "You"))
    assert scored and set(scored) == {"62"}, scored[:3]


def test_no_lesson_says_who_plays_next_at_a_hand_s_or_the_game_s_end():
    """Every lesson played frame by frame (cards flying, callouts counting up): from the
    move that ends a hand or the game on, while the table tells that end and after, the
    coach's panel never says who plays next ("Ada plays next." beside the Final Count
    hand's count-up, Deadline's grading and the 4 downs hand's scores), nor the top bar
    whose turn it is: nobody plays next in a hand that is over."""
    a = app_module.App(size=(1280, 720), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "fast"
    ends = (SharedEvent.HAND_OVER, SharedEvent.GAME_OVER)
    said, ended = [], 0
    try:
        for game_id in MODES:
            count = move = 0
            for scene in lesson_frames(a, game_id):
                model = scene.model
                session = model.session
                if session.event_count() != count:          # a move made since the last frame
                    move, count = count, session.event_count()
                if not any(event.kind in ends for event in session.events_since(move)) or model.over:
                    continue
                ended += 1
                words = model.director.paragraphs(model.seen)
                turn = [name for name in model.names if re.search(
                    rf"{name} (?:plays|is thinking|is sitting|is rolling)|{name}'s (?:turn|move)", model.prompt())]
                if words and words[-1].endswith("plays next."):
                    said.append(f"{game_id}: the coach says '{words[-1]}' at the end")
                if turn:
                    said.append(f"{game_id}: the top bar says '{model.prompt()}' at the end")
            scene.act(Back())
            a.frame()
        assert ended > 100, ended
        assert not said, "\n".join(dict.fromkeys(said))
    finally:
        pygame.quit()


def on_screen(a, monkeypatch):
    """Spy on what `a` draws: a dict whose 'bar' is the top bar's words and 'coach' the
    coach's paragraphs as last painted (the cached layer keeps them until painted anew)."""
    shown = {"bar": None, "coach": None}
    real_bar, real_panel = table_draw.top_bar, coach_panel.panel
    monkeypatch.setattr(table_draw, "top_bar", lambda screen, title, words, *args: (
        shown.update(bar=words), real_bar(screen, title, words, *args))[1])
    monkeypatch.setattr(coach_panel, "panel", lambda screen, paragraphs, *args: (
        shown.update(coach=list(paragraphs)), real_panel(screen, paragraphs, *args))[1])
    return shown


def says_the_step(scene, paragraphs):
    """Are `paragraphs`, as the coach's panel drew them, the coach's words for the step
    it is at (its last paragraph, with how to take the move the step wants)?"""
    coach = scene.model.director.coach
    now = [] if coach.finished else coach.paragraphs()
    return bool(now and paragraphs) and paragraphs[-1].startswith(now[-1])


def what_to_do_is_on_screen(scene, bar):
    """Is what the learner is to do about the coach's words on the screen: Next while the
    coach explains; on the learner's turn, the top bar's instruction (more than where the
    game stands), or the move the words ask for offered and marked (the top bar waits for
    the table's last callout, the table's timing, while the hand and the marked button
    are already live: "Burned! You play again" beside "Now play your 8 of spades")?"""
    model = scene.model
    if model.director.coach.explaining():
        return any(getattr(w, "label", None) == "Next" for w in scene.widgets)
    where = {model.presenter.context(view, model.names) for view in (model.view, model.panel_view())}
    marked = any(p.hinted for p in scene.board.placed) or any(
        getattr(w, "marked", False) and w.enabled for w in scene.widgets)
    return not model.my_turn() or bar not in where or bool(model.legal) and marked


def test_four_downs_lesson_s_top_bar_names_down_1_while_its_outcome_is_on_the_table(monkeypatch):
    """The 4 downs lesson at normal pace, frame by frame to its step 5, as drawn: Ben's
    offense blue 7 ends down 1, which Ada wins. On every frame while down 1's outcome is
    on the table (its callout, its three cards in the Played slots) the top bar names down
    1, never down 2 (it read "Hand 1, down 2 of 4" beside "Ada wins down 1" for 1.5 s):
    the game has moved on, the table has not. And whenever the coach's words for a step
    are drawn, so is what to do about them (Next, or the top bar's instruction): the words
    of step 5 stood 1.5 s with no Next and nothing in the top bar. Next comes with them,
    under the down's callout, and a click on it there goes on (it is not lost to skipping
    the callout)."""
    a = app_module.App(size=(1280, 720), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "normal"
    shown = on_screen(a, monkeypatch)
    ahead, bare, outcome, under = [], [], 0, 0
    try:
        for scene in lesson_frames(a, "four_downs"):
            model = scene.model
            step = model.director.coach.progress()[0]
            if step > 5:
                break
            won = [e for e in model.session.events_since(0) if e.kind == "round_won"]
            played = sum(z.count for z in model.view.zones if z.key.startswith("played:"))
            if won and played == 3:
                outcome += 1
                if "down 1 of 4" not in shown["bar"] or "down 2" in shown["bar"]:
                    ahead.append(f"step {step}: {shown['bar']!r}")
            if says_the_step(scene, shown["coach"]) and not what_to_do_is_on_screen(scene, shown["bar"]):
                bare.append(f"step {step}: {shown['coach'][-1][:50]!r} with {shown['bar']!r} and no Next")
            call = model.timeline.callout
            under += step == 5 and call is not None and "Ada wins down 1" in call.words and says_the_step(
                scene, shown["coach"])
        assert outcome > 90 and under > 60, (outcome, under)       # its callout, then the coach's words
        assert not ahead, f"{len(ahead)} frames: {sorted(set(ahead))}"
        assert not bare, f"{len(bare)} frames: {sorted(set(bare))}"
        scene.act(Back())
        a.frame()
        for scene in lesson_frames(a, "four_downs"):        # again, Next clicked under the callout
            call = scene.model.timeline.callout
            if call is not None and "Ada wins down 1" in call.words and says_the_step(scene, shown["coach"]):
                break
        click_widget(a, lambda w: w.label == "Next")
        assert scene.model.director.coach.progress()[0] == 6 and scene.model.timeline.callout is None
    finally:
        pygame.quit()


def test_no_lesson_s_top_bar_runs_ahead_of_its_table_nor_its_words_ahead_of_what_to_do(monkeypatch):
    """Every lesson at normal pace, frame by frame, as drawn: after a move whose outcome
    the coach tells (a down won, a line's lanes, a hand's or the game's end), the top bar
    tells where the game stood when it came (a hand's end: that the hand is over) until the coach has told it (Next pressed, the
    step moved on), as a real game's held outcome does; and whenever the coach's words for
    a step are drawn, Next is too (or, for a move of the learner's, the top bar's
    instruction)."""
    a = app_module.App(size=(1280, 720), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "normal"
    shown = on_screen(a, monkeypatch)
    ahead, bare = [], []
    try:
        for game_id in MODES:
            count, where, was = None, None, None
            for scene in lesson_frames(a, game_id):
                model = scene.model
                coach = model.director.coach
                if model.over:
                    break
                step = f"{game_id} step {coach.progress()[0]}"
                now = model.session.event_count()
                if count is not None and now > count and coach.explaining() and any(
                        e.kind in model.presenter.WAITS for e in model.session.events_since(count)):
                    ended = any(e.kind == SharedEvent.HAND_OVER for e in model.session.events_since(count))
                    where = model.presenter.hand_over(model.view) if ended else was    # a hand's end: over
                where = where if coach.explaining() and not model.view.is_over else None
                if where and not shown["bar"].startswith(where):
                    ahead.append(f"{step}: {shown['bar']!r}, not {where!r}")
                if says_the_step(scene, shown["coach"]) and not what_to_do_is_on_screen(scene, shown["bar"]):
                    bare.append(f"{step}: {shown['coach'][-1][:50]!r} with {shown['bar']!r}")
                count, was = now, model.presenter.context(model.view, model.names)
            scene.act(Back())
            a.frame()
        assert not ahead, f"{len(ahead)} frames: {sorted(set(ahead))}"
        assert not bare, f"{len(bare)} frames: {sorted(set(bare))}"
    finally:
        pygame.quit()


def test_a_lesson_calls_out_what_the_table_calls_out_never_in_the_top_bar(monkeypatch):
    """Every lesson played frame by frame: what a real game calls out on the table is
    called out in the lesson too, the coach's words after it (Deadline's grading: each
    exam graded, seat by seat), and never goes into the top bar instead: no note there
    gives a score ("Ben's score: -20" sat beside the prompt at Deadline's last step), and
    every callout lies on the table, under the top bar. Next comes no earlier than the
    last callout (a click on it then goes on: see the 4 downs test above). A line the
    coach reveals lane by lane is the coach's to tell: nothing is called out nor noted in
    the top bar while it does ("Drive stopped" beside 5 possessions' last lane still face
    down; the note "You have 40 yards in all" while the panel still said 20).""" 
    a = app_module.App(size=(1280, 720), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "fast"
    notes, calls = [], []
    real_toast, real_callout = table_draw.toast, table_draw.callout
    monkeypatch.setattr(table_draw, "toast", lambda screen, motion, *args, **kw: (
        notes.append((a.scene.model.session.game_id, motion.toast())), real_toast(screen, motion, *args, **kw))[1])
    monkeypatch.setattr(table_draw, "callout", lambda screen, board, call, *args, **kw: calls.append(
        (a.scene.model.session.game_id, call.words, real_callout(screen, board, call, *args, **kw))) or calls[-1][2])
    try:
        under = []
        for game_id in MODES:
            for scene in lesson_frames(a, game_id):
                if len(scene.model.timeline.callouts) > 1 and any(getattr(w, "label", None) == "Next"
                                                                   for w in scene.widgets):
                    under.append(f"{game_id}: Next under {scene.model.timeline.callouts[0][0].words!r}")
                cue = scene.model.director.coach.cue
                if scene.model.timeline.callout is not None and cue is not None and cue.reveal is not None:
                    under.append(f"{game_id}: {scene.model.timeline.callout.words!r} while the coach reveals "
                                 f"lane {cue.reveal}")
                if scene.motion.toast() and cue is not None and cue.reveal is not None:
                    under.append(f"{game_id}: note {scene.motion.toast()!r} while the coach reveals lane {cue.reveal}")
            scene.act(Back())
            a.frame()
        assert not under, sorted(set(under))
        graded = {words for game_id, words, _ in calls if game_id == "deadline" and "graded" in words}
        assert len(graded) == 3, graded
        scores = sorted({f"{game_id}: {words}" for game_id, words in notes if words and "score:" in words})
        assert not scores, scores
        high = sorted({f"{game_id}: {words} at {box}" for game_id, words, box in calls if box.top < layout.TOP})
        assert not high, high
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_the_enlarged_card_never_lies_over_the_off_script_message(size, monkeypatch):
    """The 4 downs lesson (N9): after a move off the coach's script the table says 'Not
    this move...'; any face-up card then under the pointer shows enlarged clear of that
    message, its explanation box too (it lay over it at 1280x720)."""
    from tests.test_ui_play import new_app
    a = new_app(size=size, speed="fast")
    try:
        scene = open_lesson(a, "four_downs")
        for _ in range(40):
            wait_for_learner(a)
            coach = scene.model.director.coach
            if not coach.explaining() and scene.model.my_turn():
                break
            scene.act(Pressed("next"))
        state = scene.model.session.state
        wanted = tutorial.find(state, coach.cue.moves[0])
        scene.act(Choose(next(x for x in state.legal_actions() if x != wanted)))
        for _ in range(12):
            a.frame()
        words = scene.model.ui.message
        assert words, "the off-script move is said"
        said = table_draw.message_box(a.screen, scene.board, words, scene.pointer.message_spot)
        shown, real = [], table_draw.enlarged
        monkeypatch.setattr(table_draw, "enlarged", lambda *args, **kw: shown.append(real(*args, **kw)) or shown[-1])
        for placed in [p for p in scene.board.placed if p.face_up]:
            scene.pointer.hovered = placed
            scene.dirty = True
            scene.draw(a.screen)
        over = [box for box in shown if box is not None and box.colliderect(said)]
        assert shown and not over, (words, said, over[:2])
    finally:
        pygame.quit()


def test_every_button_of_every_lesson_reads_whole():
    """Every lesson played frame by frame at 1280x720: every button's label is drawn whole
    (one line, or two at a smaller size), never cut short (the Final Count lesson's step
    14 showed two buttons reading 'Pick from Ben's hand: ca...', alike)."""
    a = app_module.App(size=(1280, 720), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "fast"
    try:
        cut = set()
        for game_id in MODES:
            for scene in lesson_frames(a, game_id):
                for widget in scene.widgets:
                    if not isinstance(widget, ui.Button):
                        continue
                    lines, size = widget.label_lines(a.screen)
                    whole = " ".join(lines) == widget.label and all(
                        a.screen.text_width(line, size) <= widget.rect.w - 12 for line in lines)
                    if not whole:
                        cut.add(f"{game_id}: {widget.label!r} in {widget.rect.w} wide")
            scene.act(Back())
            a.frame()
        assert not cut, sorted(cut)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_the_enlarged_card_says_what_it_is_and_covers_no_die_bubble_or_prompt(size, monkeypatch):
    """The Final Count, 4 downs and 5 possessions lessons (the walk: Final Count's steps
    10 and 14), at every stop, the pointer on each face-up card in turn: its enlarged copy
    says under it what the card is (its spoken name, as the game names it), and lies over
    neither the die, the coach's bubble nor what the bubble points at, nor the top bar
    (the table's rule: the enlarged card covers nothing the table needs read; where there
    is no room it is not shown)."""
    a = app_module.App(size=size, frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "instant"
    shown, real = [], table_draw.enlarged

    def spy(screen, placed, *args, **kwargs):
        words, text = [], screen.text
        screen.text = lambda line, *rest, **kw: words.append(line) or text(line, *rest, **kw)
        try:
            box = real(screen, placed, *args, **kwargs)
        finally:
            del screen.text
        shown.append((placed.card, box, " ".join(words)))
        return box
    monkeypatch.setattr(table_draw, "enlarged", spy)
    wrong, looked = [], 0
    try:
        for scene, where in every_stop(a, ("final_count", "four_downs", "five_possessions")):
            board, bubble = scene.board, scene.laid.bubble
            keep = {"the top bar": pygame.Rect(0, 0, a.screen.lw, layout.TOP)}
            if board.die is not None:
                keep["the die"] = pygame.Rect(board.die[0] - 27, board.die[1] - 27, 54, 54)
            if bubble is not None:
                keep |= {"the bubble": bubble.box, "what the bubble points at": bubble.target}
            for placed in [p for p in board.placed if p.face_up]:
                shown.clear()
                scene.pointer.hovered = placed
                scene.dirty = True
                scene.draw(a.screen)
                for card, box, words in shown:
                    if box is None:
                        continue
                    looked += 1
                    if capital(card.spoken) not in words:
                        wrong.append(f"{where}: the enlarged {card.spoken} says {words!r}")
                    wrong += [f"{where}: the enlarged {card.spoken} covers {name}" for name, rect in keep.items()
                              if box.colliderect(rect)]
            scene.pointer.hovered = None
        assert looked > 100, looked
        assert not wrong, "\n".join(wrong[:12])
    finally:
        pygame.quit()
