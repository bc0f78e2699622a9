"""Every outcome waits to be read: a down's winner, a hand's end, each lane's result and
a failed blind card stay on the table, with Continue, until the person presses a key or
clicks (at every animation speed but Instant); the scores never replace the table while
its buttons show; at the game's end the top bar names the winner and every hand lies
face up."""
import random

import pygame
import pytest

from game import registry
from game.core import SharedEvent
from scenes.screens.scoring import ScoringScene
from scenes.table.session import Seat, Session, inline
from scenes.table.scene import TableScene
from scenes.table.intents import Choose, Continue
from tests.test_ui_play import app, choose, click_at, press  # noqa: F401
from tests.test_ui_saves import start_game


def run(table, seconds, step=0.05):
    """Advance the table by `seconds` of its own time, drawing each frame."""
    for _ in range(int(seconds / step)):
        table.update(step)
        table.draw(table.app.screen)


def play_until_held(a, table, rng, limit=4000):
    """Play the person's moves (the computers answering) until an outcome is held."""
    session = table.model.session
    for _ in range(limit):
        if table.model.hold.outcomes or a.scene is not table:
            return
        if table.model.my_turn() and not (table.motion.flights or table.model.timeline.pending or table.model.ui.dialog):
            table.act(Choose(choose(session.legal_actions(), rng)))
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
    seat, words, lane = table.model.hold.outcome
    assert words.endswith(f"{session.name(seat)} wins down 1") and " meets " in words and lane is None   # and why
    events = session.event_count()
    run(table, 30)                                       # however long: it stays, nobody moves
    assert table.model.hold.waiting and session.event_count() == events
    assert labels(table)[0] == "Continue" and not table.model.my_turn()
    assert table.laid.cover == "hold" and not table.busy()   # an idle wait: no frames drawn
    press(app, pygame.K_a)                               # any key goes on
    assert not table.model.hold.outcomes
    run(table, 10)
    assert session.event_count() > events                # play went on


@pytest.mark.parametrize("game_id,count,deal,moves_on", [
    ("four_downs", 4, 5, True), ("final_count", 2, 8, False), ("five_possessions", 2, 4242, False)])
def test_followable_a_held_outcome_keeps_the_top_bar_on_its_moment(app, game_id, count, deal, moves_on):
    app.settings.animation_speed = "fast"
    session = start_game(app, game_id, count, {0}, deal)
    table = app.scene
    rng = random.Random(2)
    for _ in range(6000):                  # play (the computers answering) until an outcome is held
        before = table.model.presenter.context(table.model.view, table.model.names)
        mark = session.event_count()
        if table.model.my_turn() and not (table.motion.flights or table.model.timeline.pending or table.model.ui.dialog):
            table.act(Choose(choose(session.legal_actions(), rng)))
        table.update(0.05)
        if table.model.hold.waiting or app.scene is not table:
            break
    assert table.model.hold.waiting and not session.is_over
    if any(e.kind == SharedEvent.HAND_OVER for e in session.events_since(mark)):
        before = table.model.presenter.hand_over(table.model.view)    # a hand's end is read as over
    now = table.model.presenter.context(table.model.view, table.model.names)
    if moves_on:
        assert now != before                             # the next down has begun meanwhile
    assert table.model.prompt().startswith(before)       # while its cards and callouts land: where it stood
    while not table.model.settled():
        table.update(0.05)
    held = table.model.prompt()
    assert held.startswith((before + "  ·  ") if before else "Read what happened")
    assert "Read what happened" in held
    while table.model.timeline.callouts:                 # what is called out has gone (a key would skip it)
        table.update(0.05)
    press(app, pygame.K_SPACE)                           # Continue: once what it lets go has landed,
    while app.scene is table and not table.model.settled():     # the top bar is where the game is now
        table.update(0.05)
    if app.scene is table:
        assert table.model.prompt().startswith(table.model.presenter.context(table.model.view, table.model.names))


def test_followable_a_click_anywhere_goes_on_and_instant_never_waits(app):
    app.settings.animation_speed = "fast"
    session = start_game(app, "four_downs", 4, {0}, 5)
    table = app.scene
    play_until_held(app, table, random.Random(2))
    run(table, 3)                                        # the down's cards have landed
    click_at(app, (200, 300))                            # a click on the felt: Continue
    assert not table.model.hold.outcomes
    app.settings.animation_speed = "instant"
    rounds = session.view(None).facts.get("round")
    for _ in range(3000):
        if session.view(None).facts.get("round") != rounds or app.scene is not table:
            break
        if table.model.my_turn() and not (table.model.timeline.pending or table.model.ui.dialog):
            table.act(Choose(choose(session.legal_actions(), random.Random(3))))
        table.update(0.05)
        assert not table.model.hold.wait                       # Instant: the next down comes at once
    assert app.scene is not table or session.view(None).facts.get("round") != rounds


def test_followable_a_click_before_the_outcome_has_landed_does_not_dismiss_it(app):
    """A 5 possessions line's last card is placed by its click; the lane clicked next out
    of habit, while the line is still being revealed, must not skip the results unread."""
    app.settings.animation_speed = "normal"
    start_game(app, "five_possessions", 2, {0}, 4242)
    table = app.scene
    play_until_held(app, table, random.Random(4))
    assert not table.model.settled()                           # the reveal is still on its way
    lane = table.laid.board.areas[0]
    click_at(app, (lane[0] + lane[2] / 2, lane[1] + lane[3] * 0.8))
    assert table.model.hold.waiting and len(table.model.hold.outcomes) >= 4
    run(table, 10)
    assert table.model.settled() and table.model.hold.waiting
    click_at(app, (lane[0] + lane[2] / 2, lane[1] + lane[3] * 0.8))
    assert not table.model.hold.outcomes                       # landed and read: the click goes on


def test_followable_each_lane_result_waits_on_its_lane(app):
    app.settings.animation_speed = "normal"
    session = start_game(app, "five_possessions", 2, {0}, 4242)
    table = app.scene
    play_until_held(app, table, random.Random(4))
    lanes = [o.lane for o in table.model.hold.outcomes]
    assert lanes == sorted(lanes) and set(lanes) == {0, 1, 2, 3}       # one result on each lane
    assert all(o.words.startswith(("Maya", "Theo", session.name(0), session.name(1)))
               or "closed" in o.words for o in table.model.hold.outcomes)
    table.draw(app.screen)
    run(table, 20)
    assert table.model.hold.waiting
    press(app, pygame.K_RETURN)
    assert not table.model.hold.outcomes


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_followable_each_lane_result_covers_none_of_its_lanes_cards(size):
    from scenes import app as app_module
    a = app_module.App(size=size, frame_seconds=0.05, executor=inline)
    a.settings.animation_speed = "normal"
    a.frame()
    try:
        session = start_game(a, "five_possessions", 2, {0}, 4242)
        table = a.scene
        rng = random.Random(4)
        for _ in range(3):                               # three reveals, with open and closed cards
            play_until_held(a, table, rng)
            run(table, 20)
            board, screen = table.laid.board, a.screen
            results = dict(zip(board.lanes, board.results))
            for outcome in (o for o in table.model.hold.outcomes if o.lane is not None):
                area = pygame.Rect(*map(int, board.areas[board.lanes.index(outcome.lane)]))
                band = pygame.Rect(*map(int, results[outcome.lane]))
                cards = [p.rect for p in board.placed if area.contains(p.rect)]
                assert len(cards) >= 2 and area.contains(band)
                assert band.collidelist(cards) == -1, f"{outcome.words} covers a card of its lane"
                assert len(screen.wrap(outcome.words, 15, band.w - 12)) <= 2    # written whole
                assert screen.text_px(15) >= 13
            press(a, pygame.K_SPACE)
        assert session.view(None).facts["possession"] >= 1
    finally:
        pygame.quit()


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
    banner = table.model.hold.outcome
    assert banner is not None and banner.words.startswith("Hand 1 is over")
    run(table, 20)
    assert app.scene is table                            # the scores wait for the person
    assert labels(table) == ["Continue", "Rules", "Menu"]     # no Deal meanwhile
    press(app, pygame.K_SPACE)
    for _ in range(30):
        app.frame()
    assert isinstance(app.scene, ScoringScene) and app.scene.interim


def test_followable_the_games_end_names_the_winner_and_shows_every_hand(app):
    app.settings.animation_speed = "fast"
    seats = [Seat("Maya"), Seat("Theo", False), Seat("Sam", False)]
    session = Session("ktu", seats, {}, 3, executor=inline)
    app.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    app.frame()
    table = app.scene
    assert isinstance(table, TableScene)
    rng = random.Random(5)
    for _ in range(20000):
        if session.is_over:
            break
        if table.model.hold.wait:
            table.act(Continue())
        elif table.model.my_turn() and not (table.model.timeline.pending or table.model.ui.dialog):
            table.act(Choose(choose(session.legal_actions(), rng)))
        table.update(0.05)
    assert session.is_over and table.model.hold.wait and app.scene is table
    winners = " and ".join(session.name(w) for w in session.view(None).winners)
    words = table.model.presenter.prompt(table.model.view, table.model.looking.viewer, table.model.names)
    assert f"Game over: {winners} {'wins' if len(session.view(None).winners) == 1 else 'win'}" in words
    hands = [z for z in table.model.view.zones if z.kind == "hand"]
    assert hands and all(None not in z.cards for z in hands)             # every hand face up
    assert table.model.presenter.readouts(table.model.view, table.model.names) == []


@pytest.mark.parametrize("game_id", ["final_card_down", "deadline", "ktu", "final_count", "four_downs",
                                     "five_possessions"])
def test_followable_every_scoring_screen_ranks_players_with_places_and_cuts_no_row(app, game_id, monkeypatch):
    from sprites import text as text_module
    drawn = []
    real = text_module.render
    monkeypatch.setattr(text_module, "render", lambda words, px, colour: drawn.append(words) or real(words, px, colour))
    seats = [Seat(n, i == 0) for i, n in enumerate(["Maya", "Theo", "Sam"][:registry.GAMES[game_id].max_players])]
    session = Session(game_id, seats, {}, 7, executor=inline)
    app.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    app.frame()
    rng = random.Random(7)
    screens = 0
    for _ in range(20000):
        scene = app.scene
        if isinstance(scene, ScoringScene):
            drawn.clear()
            scene.draw(app.screen)
            rows = scene.ordered()
            places = [int(row[0][:-2]) for row in rows]
            assert places == sorted(places) and places[0] == 1
            scores = [row[2] for row in rows]
            better = sorted(scores, reverse=not session.info.lower_is_better)
            if scene.interim:
                assert scores == better                      # between hands: by the running scores
            assert any(row[0] == "1st" for row in rows) and "1st" in drawn
            assert not [w for w in drawn if w.endswith("…")], "a row is cut short"
            assert any(session.info.lower_is_better == ("lower is better" in w) for w in drawn if "better" in w)
            screens += 1
            if not scene.interim:
                break
            scene.next_hand()
            app.frame()
            continue
        if scene.model.hold.wait:
            scene.act(Continue())
        elif scene.model.my_turn() and not scene.busy():
            scene.act(Choose(choose(session.legal_actions(), rng)))
        app.frame()
    assert screens and session.is_over


def play_to_the_end(a, session, rng, undo_at=None):
    """Play the game at the table to its scores (one Ctrl+Z at the person's move `undo_at`)."""
    moves = 0
    for _ in range(20000):
        scene = a.scene
        if isinstance(scene, ScoringScene):
            if not scene.interim:
                return scene
            scene.next_hand()
        elif scene.model.hold.wait:
            scene.act(Continue())
        elif scene.model.my_turn() and not scene.busy():
            if moves == undo_at and scene.model.can_undo():
                press(a, pygame.K_z, pygame.KMOD_LCTRL)
                undo_at = None
            else:
                scene.act(Choose(choose(session.legal_actions(), rng)))
                moves += 1
        a.frame()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("undo_at", [None, 2])
def test_followable_a_game_is_practice_only_when_casual_undo_was_used(app, undo_at):
    app.settings.undo = "casual"
    session = start_game(app, "final_card_down", 2, {0}, 12)
    scoring = play_to_the_end(app, session, random.Random(2), undo_at)
    practice = undo_at is not None
    assert session.undo_record()["practice"] is practice
    assert any("practice" in line for line in scoring.notes()) is practice
    from game import saves
    assert saves.read_record(session.record_path)["practice"] is practice
