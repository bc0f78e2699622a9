"""The log is the game's memory: played through the window, the Moves log after Continue
(in a new app), after an undo and after the curtain in pass-and-play is the log of the
same game played straight, as the seat looking may see it; and an entry appears when its
move lands on the table, not before."""
import random

import pygame
import pytest

from scenes.screens.menu import MenuScene
from scenes.screens.scoring import ScoringScene
from scenes.table.scene import TableScene
from scenes.table.intents import Choose
from tests.test_ui_play import app, choose, click_widget, new_app, perform, press, settle  # noqa: F401
from tests.test_ui_saves import start_game

CTRL = pygame.KMOD_LCTRL


def play_moves(a, rng, count):
    """Make `count` moves of the people at the table through the window (Ready at each
    curtain), the computers answering; returns the log the table shows after each move,
    with the seat looking: [(seat, log)]."""
    logs = []
    for _ in range(count):
        ready(a)
        table = a.scene
        if table.model.looking.curtain is not None:
            click_widget(a, lambda w: w.label == "Ready")
            settle(a)
        logs.append((table.model.looking.viewer, table.model.log_lines()))
        perform(a, choose(table.model.session.legal_actions(), rng))
    ready(a)
    return logs


def ready(a):
    """Step until the table waits for a person, past a hand's scores (Next hand)."""
    settle(a)
    if isinstance(a.scene, ScoringScene):
        click_widget(a, lambda w: w.label == "Next hand")
        settle(a)


def continued():
    """A new app (a fresh start), its menu's Continue pressed: the table."""
    a = new_app()
    assert isinstance(a.scene, MenuScene)
    click_widget(a, lambda w: w.label == "Continue")
    ready(a)                        # (a game saved as a hand ended shows its scores first)
    assert isinstance(a.scene, TableScene)
    return a


@pytest.mark.parametrize("game_id, count, deal", [("final_card_down", 3, 1), ("ktu", 3, 1),
                                                  ("deadline", 3, 1), ("final_count", 2, 1)])
def test_followable_log_after_continue_and_undo_is_the_game_played_straight(app, game_id, count, deal):
    app.settings.undo = "casual"
    start_game(app, game_id, count, {0}, deal)
    rng = random.Random(deal)
    logs = play_moves(app, rng, 12)
    table = app.scene
    straight = table.model.log_lines()
    assert len(straight) > 12
    b = continued()                                      # a fresh app: the log rebuilt from the record
    try:
        settle(b)
        assert b.scene.model.log_lines() == straight
        b.settings.undo = "casual"
        moves = len(b.scene.model.session.moves())
        legal = b.scene.model.session.legal_actions()
        perform(b, choose([a for a in legal if a.kind != "call"] or legal, rng))   # the hand goes on: undoable
        settle(b)
        assert len(b.scene.model.session.moves()) > moves
        press(b, pygame.K_z, CTRL)                       # the move taken back: its entries go, no more
        assert b.scene.model.log_lines() == straight
        press(b, pygame.K_z, CTRL)                       # and one further back: as it was then
        assert b.scene.model.log_lines() == logs[-1][1]
    finally:
        pygame.quit()


def test_followable_log_in_pass_and_play_is_the_seats_own_after_the_curtain(app):
    start_game(app, "final_card_down", 2, {0, 1}, 44)
    rng = random.Random(4)
    logs = play_moves(app, rng, 9)
    table = app.scene
    settle(app)
    assert table.model.looking.curtain is not None
    click_widget(app, lambda w: w.label == "Ready")
    seat, straight = table.model.looking.viewer, table.model.log_lines()
    mine = [log for viewer, log in logs if viewer == seat]
    other = table.model.names[1 - seat]
    assert f"{other} was dealt 7 cards" in straight            # the other's hand stays hidden
    assert f"{table.model.names[seat]} was dealt 7 cards" not in straight     # the seat's own: named
    assert any(line.startswith(f"{table.model.names[seat]} was dealt ") for line in straight)
    b = continued()
    try:
        assert b.scene.model.looking.curtain == seat
        click_widget(b, lambda w: w.label == "Ready")
        assert b.scene.model.log_lines() == straight
        legal = b.scene.model.session.legal_actions()
        perform(b, next((a for a in legal if a.kind == "play"), legal[-1]))     # a move that may be taken back
        settle(b)
        if b.scene.model.looking.curtain is None:                          # the seat plays on: its move taken back
            press(b, pygame.K_z, CTRL)
        else:                                                # behind the curtain: take it back there,
            click_widget(b, lambda w: w.label.startswith("Take back"))
            assert b.scene.model.looking.viewer is None      # the curtain for the seat, its hand hidden till Ready
            click_widget(b, lambda w: w.label == "Ready")
        assert b.scene.model.looking.viewer == seat and b.scene.model.log_lines() == straight
        assert mine[-1] != straight
    finally:
        pygame.quit()


def test_followable_log_entry_appears_when_its_move_lands(app):
    app.settings.animation_speed = "normal"
    session = start_game(app, "final_card_down", 2, {0}, 31)
    table = app.scene
    for _ in range(600):
        if not table.busy():
            break
        app.frame()
    lines = table.model.log_lines()
    play = next(a for a in session.legal_actions() if a.kind == "play")
    table.act(Choose(play))
    assert table.motion.flights                              # the card is in the air
    assert table.model.log_lines() == lines                        # and the log does not tell it yet
    while table.motion.flights:
        table.update(1 / 60)
    told = table.model.log_lines()
    assert told != lines and f"{table.model.names[0]} played {play.cards[0].spoken}" in told[-1]


def test_followable_replay_says_moves_in_words_and_shows_every_card_after_the_game(app):
    from game import saves
    from scenes.table.session import Seat, Session
    session = Session("five_possessions", [Seat("Maya"), Seat("Theo", False, "easy")], {}, 5)
    rng = random.Random(1)
    while not session.is_over:
        session.submit(rng.choice(session.legal_actions()))
    record = saves.read_record(saves.write_record(app.folders, session.state, session.saved_seats()))
    app.scene.persist = {"record": record}
    app.switch("replay")
    app.frame()
    replay = app.scene
    for _ in range(12):
        press(app, pygame.K_RIGHT)
    words = replay.top_words()
    assert "Move 12 of" in words and "Offense" not in words.split("·")[1].split(":")[0]
    assert not any(part.strip().startswith(("Place", "Play")) for part in words.split("·"))
    labels = []
    for _ in range(4):
        labels.append(next(w.label for w in replay.widgets if w.label.startswith("Cards:")))
        hidden = sum(c is None for z in replay.view.zones for c in z.cards)
        if labels[-1] == "Cards: all":
            assert hidden == 0                                        # every card face up
        elif labels[-1] == "Cards: Maya's":
            hand = next(z for z in replay.view.zones if z.key == "hand:0")
            assert None not in hand.cards                             # that seat's hand
        press(app, pygame.K_v)
    assert labels == ["Cards: everyone's view", "Cards: Maya's", "Cards: Theo's", "Cards: all"]
    assert len(replay.presenter.log_lines(replay.events_to(replay.index), replay.names, {})) > 3
