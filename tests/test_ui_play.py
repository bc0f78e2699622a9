"""Whole games played through the scenes with real mouse and key events.

Each test opens the app headless (SDL dummy drivers), clicks its way from the menu
through Setup to the table, plays every move by clicking the cards and buttons the
table shows, and checks the action the scene submitted, the curtain's appearances and
that the scoring scene shows the engine's scores.
"""
import random

import pygame
import pytest

from game import registry
from scenes import app as app_module
from scenes.screens.scoring import ScoringScene
from scenes.table.session import inline
from scenes.screens.setup import SetupScene
from scenes.table.scene import TableScene

MAX_ACTIONS = 3000
FRAME = 1 / 60          # the time each frame of the app advances by


def new_app():
    """The app at 1280x720, silent, with instant animations, its menu drawn; each frame
    advances its time by FRAME, and the computer players think at once."""
    a = app_module.App(size=(1280, 720), frame_seconds=FRAME, executor=inline)
    a.settings.animation_speed = "instant"
    a.settings.sound = False
    a.sounds.enabled = False
    a.frame()
    return a


@pytest.fixture
def app():
    a = new_app()
    yield a
    pygame.quit()


def click_at(a, logical_point):
    """Post a real left click at a logical point and let the app handle it."""
    pos = a.screen.pixel(logical_point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    a.frame()


def press(a, key, mod=0):
    """Post a real key press."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    a.frame()


def widget(scene, predicate):
    found = [w for w in scene.widgets + getattr(getattr(scene, "laid", None), "top", []) if predicate(w)]
    assert found, f"no widget found in {type(scene).__name__}"
    return found[0]


def click_widget(a, predicate):
    click_at(a, widget(a.scene, predicate).rect.center)


def settle(a, limit=400):
    """Make frames until the table is waiting for a person (or has left the table)."""
    for _ in range(limit):
        scene = a.scene
        if not isinstance(scene, TableScene):
            return
        model = scene.model
        if model.looking.curtain is not None or (model.my_turn() and not scene.motion.flights
                                                 and not model.timeline.pending and not model.ui.dialog):
            return
        a.frame()
    raise AssertionError("the table never became ready")


def crash_in_scene(a, monkeypatch):
    """Make the current scene fail with RuntimeError('boom') on its next update, and run
    the app's loop (which must catch it) until the window closes; the loop's exit code."""
    def broken(dt):
        raise RuntimeError("boom")
    monkeypatch.setattr(a.scene, "update", broken)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    a.running = True
    return a.loop()


def open_setup(a, game_id):
    click_widget(a, lambda w: getattr(w, "info", None) is not None and w.info.id == game_id)
    assert isinstance(a.scene, SetupScene)


def set_seats(a, count, humans):
    """Choose the player count and who is a person, by clicking the Setup buttons."""
    scene = a.scene
    while len(scene.seats) > count:
        click_widget(a, lambda w: w.key == "fewer")
    while len(scene.seats) < count:
        click_widget(a, lambda w: w.key == "more")
    for i in range(count):
        want = "human" if i in humans else "medium"
        for _ in range(4):
            seat = a.scene.seats[i]
            if (seat.human and want == "human") or (not seat.human and seat.level == want):
                break
            click_widget(a, lambda w, i=i: w.key == f"kind{i}")


def card_point(table, card):
    """A point on the visible part of `card` (or a copy of it) as the table drew it."""
    placed = [p for p in table.board.placed if p.card is card] or \
        [p for p in table.board.placed if p.card is not None and p.card.name == card.name and p.face_up]
    assert placed, f"{card} is not on the table"
    target = placed[0]
    later = table.board.placed[table.board.placed.index(target) + 1:]
    for x in range(target.rect.left + 2, target.rect.right, 3):
        point = (x, target.rect.centery)
        if not any(p.rect.collidepoint(point) for p in later):
            return point
    raise AssertionError(f"{card} is covered by other cards")


def perform(a, action):
    """Make `action` through the UI: click its cards, then its button or dialog choice."""
    table = a.scene
    if action.cards:
        for card in action.cards:
            if a.scene is not table or table.model.ui.dialog:
                break
            click_at(a, card_point(table, card))
    if a.scene is table and table.model.ui.dialog is None and table.model.ui.selection:
        click_widget(a, lambda w: action in getattr(w, "actions", ()))
    if a.scene is table and table.model.ui.dialog is None and not action.cards:
        click_widget(a, lambda w: action in getattr(w, "actions", ()))
    if a.scene is table and table.model.ui.dialog is not None:
        click_widget(a, lambda w: getattr(w, "actions", None) == [action])


def choose(legal, rng):
    """A test player's choice: prefer moves with cards, so games end sooner (and never
    take back a group being built while something else is possible)."""
    legal = [a for a in legal if a.kind != "cancel_group"] or legal
    with_cards = [a for a in legal if a.cards]
    if with_cards and rng.random() < 0.85:
        return rng.choice(with_cards)
    return rng.choice(legal)


def play_through(a, game_id, count, humans, seed=7):
    """Play a whole game through the scenes; returns (session, curtains expected)."""
    rng = random.Random(seed)
    open_setup(a, game_id)
    set_seats(a, count, humans)
    click_widget(a, lambda w: w.key == "deal")
    for digit in str(seed * 1000 + 17):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(digit), mod=0, unicode=digit, scancode=0))
    press(a, pygame.K_RETURN)
    assert a.scene.deal == str(seed * 1000 + 17)
    click_widget(a, lambda w: w.label == "Start")
    assert isinstance(a.scene, TableScene)
    session = a.scene.model.session
    expected_curtains = []
    shown = None
    for _ in range(MAX_ACTIONS):
        settle(a)
        scene = a.scene
        if isinstance(scene, ScoringScene):
            assert list(scene.view.scores) == list(session.state.scores())
            shown = [row[1] for row in scene.rows()]
            assert shown == list(session.state.scores())
            if not scene.interim:
                return session, expected_curtains
            click_widget(a, lambda w: w.label == "Next hand")
            continue
        assert isinstance(scene, TableScene)
        if scene.model.looking.curtain is not None:
            click_widget(a, lambda w: w.label == "Ready")
            continue
        state = session.state
        seat = state.current_player
        if len(humans) > 1 and (not expected_curtains or expected_curtains[-1] != seat):
            expected_curtains.append(seat)
        action = choose(state.legal_actions(), rng)
        before = len(session.submitted)
        perform(a, action)
        assert session.submitted[before] == (seat, action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_pass_and_play_whole_game(app, game_id):
    info = registry.GAMES[game_id]
    count = info.min_players
    session, expected = play_through(app, game_id, count, humans=set(range(count)))
    assert session.state.is_over
    assert app.scene.persist["curtains"] == expected
    assert isinstance(app.scene, ScoringScene)
    assert app.scene.headline()


def test_one_human_never_sees_a_curtain(app):
    session, expected = play_through(app, "final_card_down", 3, humans={0})
    assert expected == [] and app.scene.persist["curtains"] == []
    assert any(seat != 0 for seat, _ in session.submitted)
