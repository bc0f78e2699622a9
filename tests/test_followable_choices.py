"""Every choice is visible and clicked where it lies: Deadline's blind pick by clicking
one of the other student's cards (each lifts under the pointer; the keyboard and the hint
go to the same card), every card a step may take marked wherever it lies, a hand with
nothing to play dimmed, a lane clicked with no card picked answered, buttons that say
what they do."""
import random

import pygame

from scenes import table_input
from scenes.session import Seat, Session, inline
from tests.test_ui_play import app, choose, click_at, press  # noqa: F401


def open_table(a, game_id, names, seed, humans=(0,)):
    """The table of a new game of `game_id` (people at `humans`, computers elsewhere)."""
    seats = [Seat(n, i in humans) for i, n in enumerate(names)]
    session = Session(game_id, seats, {}, seed, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    return a.scene, session


def play_until(a, table, ready, rng, limit=5000):
    """Play the person's moves at random (the computers answering) until `ready()`."""
    for _ in range(limit):
        if table.my_turn() and not table.busy() and ready():
            return
        if table.hold.wait:
            table.continue_on()
        elif table.my_turn() and not table.busy():
            table.submit(choose(table.session.legal_actions(), rng))
        a.frame()
    raise AssertionError("never got there")


def point(a, logical):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a.screen.pixel(logical), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    a.frame()


def exchange(a):
    table, session = open_table(a, "deadline", ["Maya", "Theo", "Sam", "Kofi"], 5)
    play_until(a, table, lambda: session.view(0).facts.get("exchange"), random.Random(1))
    return table, session


def test_followable_deadline_blind_pick_by_clicking_the_other_students_card(app):
    table, session = exchange(app)
    source = session.view(0).facts["exchange"]["from"]
    picks = [p for p in table.board.placed if p.zone == f"hand:{source}"]
    assert len(picks) == 7 and all(p.raised and not p.face_up for p in picks)      # each marked
    assert all(b.rect.left - a.rect.left >= a.rect.width * 0.3 for a, b in zip(picks, picks[1:]))   # apart
    target = picks[4]
    spot = (target.rect.left + 4, target.rect.centery)        # on its strip that shows
    point(app, spot)
    assert table.ui_state.hovered is target                    # it lifts under the pointer
    lifted = [rect for placed, rect in table_input.lifted(table.ui_state, table.board) if placed is target]
    assert lifted and lifted[0].top < target.rect.top
    moves = len(session.moves())
    click_at(app, spot)
    assert session.moves()[moves].kind == "take" and session.moves()[moves].arg == 4
    assert "Take from" not in (table.ui_state.message or "")   # taken at once, no choice opened
    assert table.ui_state.dialog is None


def test_followable_the_keyboard_and_the_hint_go_to_the_same_card(app):
    table, session = exchange(app)
    items = table.focus_cards + table.widgets
    first = items[table.ui_state.focus]
    assert getattr(first, "raised", False) and not first.face_up          # the keyboard starts on a pick
    press(app, pygame.K_h)
    for _ in range(5):
        app.frame()
    hint = table.ui_state.hint
    assert hint is not None and hint.kind == "take"
    marked = [p for p in table.board.placed if p.hinted]
    assert len(marked) == 1 and marked[0].index == hint.arg
    items = table.focus_cards + table.widgets
    assert items[table.ui_state.focus] is marked[0]                     # the keyboard went there too
    words = table.presenter.action_label(hint, table.names, view=table.current_view)
    assert words == f"Take from {table.names[(0 - 1) % 4]}'s hand: card {hint.arg + 1}"
    moves = len(session.moves())
    press(app, pygame.K_RETURN)
    assert session.moves()[moves] == hint
