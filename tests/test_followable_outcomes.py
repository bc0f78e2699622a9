"""Every outcome waits to be read: a down's winner, a hand's end, each lane's result and
a failed blind card stay on the table, with Continue, until the person presses a key or
clicks (at every animation speed but Instant); the scores never replace the table while
its buttons show; at the game's end the top bar names the winner and every hand lies
face up."""
import random

import pygame
import pytest

from scenes.scoring import ScoringScene
from scenes.session import Seat, Session, inline
from scenes.table import TableScene
from tests.test_ui_play import app, choose, click_at, press  # noqa: F401
from tests.test_ui_saves import start_game


def run(table, seconds, step=0.05):
    """Advance the table by `seconds` of its own time, drawing each frame."""
    for _ in range(int(seconds / step)):
        table.update(step)
        table.draw(table.app.screen)


def play_until_held(a, table, rng, limit=4000):
    """Play the person's moves (the computers answering) until an outcome is held."""
    session = table.session
    for _ in range(limit):
        if table.hold.outcomes or a.scene is not table:
            return
        if table.my_turn() and not (table.motion.flights or table.pending or table.ui_state.dialog):
            table.submit(choose(session.legal_actions(), rng))
        table.update(0.05)
    raise AssertionError("no outcome was held")


def labels(table):
    return [w.label for w in table.widgets]


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
def test_followable_a_downs_winner_waits_for_a_key(app, speed):
    app.settings.animation_speed = speed
    session = start_game(app, "four_downs", 4, {0}, 5)
    table = app.scene
    play_until_held(app, table, random.Random(2))
    seat, words, lane = table.hold.outcome
    assert words == f"{session.name(seat)} won down 1" and lane is None
    events = session.event_count()
    run(table, 30)                                       # however long: it stays, nobody moves
    assert table.hold.waiting and session.event_count() == events
    assert labels(table)[0] == "Continue" and not table.my_turn()
    assert table.laid.cover == "hold" and not table.busy()   # an idle wait: no frames drawn
    press(app, pygame.K_a)                               # any key goes on
    assert not table.hold.outcomes
    run(table, 10)
    assert session.event_count() > events                # play went on


def test_followable_a_click_anywhere_goes_on_and_instant_never_waits(app):
    app.settings.animation_speed = "fast"
    session = start_game(app, "four_downs", 4, {0}, 5)
    table = app.scene
    play_until_held(app, table, random.Random(2))
    click_at(app, (200, 300))                            # a click on the felt: Continue
    assert not table.hold.outcomes
    app.settings.animation_speed = "instant"
    rounds = session.view(None).facts.get("round")
    for _ in range(3000):
        if session.view(None).facts.get("round") != rounds or app.scene is not table:
            break
        if table.my_turn() and not (table.pending or table.ui_state.dialog):
            table.submit(choose(session.legal_actions(), random.Random(3)))
        table.update(0.05)
        assert not table.hold.wait                       # Instant: the next down comes at once
    assert app.scene is not table or session.view(None).facts.get("round") != rounds


def test_followable_each_lane_result_waits_on_its_lane(app):
    app.settings.animation_speed = "normal"
    session = start_game(app, "five_possessions", 2, {0}, 4242)
    table = app.scene
    play_until_held(app, table, random.Random(4))
    lanes = [o.lane for o in table.hold.outcomes]
    assert lanes == sorted(lanes) and set(lanes) == {0, 1, 2, 3}       # one result on each lane
    assert all(o.words.startswith(("Maya", "Theo", session.name(0), session.name(1)))
               or "closed" in o.words for o in table.hold.outcomes)
    table.draw(app.screen)
    run(table, 20)
    assert table.hold.waiting
    press(app, pygame.K_RETURN)
    assert not table.hold.outcomes


def test_followable_a_hands_end_stays_on_the_table_without_its_buttons_until_read(app):
    app.settings.animation_speed = "fast"
    session = start_game(app, "final_count", 2, {0}, 8)
    table = app.scene
    rng = random.Random(1)
    for _ in range(4000):
        play_until_held(app, table, rng)
        if any(e.kind == "hand_over" for e in session.events_since(0)):
            break
        press(app, pygame.K_SPACE)
    banner = table.hold.outcome
    assert banner is not None and banner.words.startswith("Hand 1 is over")
    run(table, 20)
    assert app.scene is table                            # the scores wait for the person
    assert labels(table) == ["Continue", "Rules", "Menu"]     # no Deal meanwhile
    press(app, pygame.K_SPACE)
    for _ in range(30):
        app.step()
    assert isinstance(app.scene, ScoringScene) and app.scene.interim


def test_followable_the_games_end_names_the_winner_and_shows_every_hand(app):
    app.settings.animation_speed = "fast"
    seats = [Seat("Maya"), Seat("Theo", False), Seat("Sam", False)]
    session = Session("ktu", seats, {}, 3, executor=inline)
    app.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    app.step()
    table = app.scene
    assert isinstance(table, TableScene)
    rng = random.Random(5)
    for _ in range(20000):
        if session.is_over:
            break
        if table.hold.wait:
            table.continue_on()
        elif table.my_turn() and not (table.pending or table.ui_state.dialog):
            table.submit(choose(session.legal_actions(), rng))
        table.update(0.05)
    assert session.is_over and table.hold.wait and app.scene is table
    winners = " and ".join(session.name(w) for w in session.view(None).winners)
    words = table.presenter.prompt(table.current_view, table.viewer, table.names)
    assert f"Game over: {winners} {'wins' if len(session.view(None).winners) == 1 else 'win'}" in words
    hands = [z for z in table.current_view.zones if z.kind == "hand"]
    assert hands and all(None not in z.cards for z in hands)             # every hand face up
    assert table.presenter.readouts(table.current_view, table.names) == []
