"""Undo at the table through real events: the Undo button and Ctrl+Z take back what the
Undo setting allows (game.undo decides), a computer's thinking about a position taken
back is dropped, pass-and-play brings the curtain down for the person to play, and the
autosave, the record and the statistics follow."""
import random

import pygame
import pytest

from game import saves
from scenes.screens import statistics
from scenes.screens.menu import MenuScene
from scenes.screens.scoring import ScoringScene
from scenes.screens.statistics import StatisticsScene
from scenes.table.scene import TableScene
from tests.test_ui_play import app, choose, click_at, click_widget, perform, press, settle  # noqa: F401
from tests.test_ui_saves import start_game

CTRL = pygame.KMOD_LCTRL


def top_labels(table):
    return [b.label for b in table.laid.top]


def undo_live(table):
    """Is the top bar's Undo button there and live (not greyed)?"""
    return any(b.label == "Undo" and b.enabled for b in table.laid.top)


def play_until_undo_offered(a, rng, limit=40):
    """Play the person's moves through the window (the computers answering) until the
    table's Undo is live, checking at every step that it is there, and live exactly when
    the session allows one; returns the game's position (to_dict) just before the last
    move."""
    table = a.scene
    session = table.model.session
    for _ in range(limit):
        before = session.state.to_dict()
        perform(a, choose(session.state.legal_actions(), rng))
        settle(a)
        allowed = session.can_undo(0, a.settings.undo)
        assert "Undo" in top_labels(table) and undo_live(table) == allowed
        if allowed:
            return before
    raise AssertionError("Undo was never offered")


def test_the_undo_button_appears_only_when_allowed_and_takes_the_move_back(app):
    session = start_game(app, "five_possessions", 2, {0}, 4242)
    settle(app)
    table = app.scene
    assert "Undo" in top_labels(table) and not undo_live(table)     # nothing played yet: greyed
    rng = random.Random(5)
    before = play_until_undo_offered(app, rng)
    moves = len(session.state.history)
    mine = next(action for seat, action in reversed(session.submitted) if seat == 0)
    click_widget(app, lambda w: w.label == "Undo")
    assert session.state.to_dict() == before
    assert len(session.state.history) < moves
    assert table.model.my_turn()
    model = table.model
    assert model.ui.message.startswith("Taken back: " + model.presenter.taken_back(mine, model.names, model.view))
    assert not table.model.timeline.pending and not table.model.ui.selection
    hand = {p.card.name for p in table.board.placed if p.zone == "hand:0" and p.card is not None}
    assert hand == {c.name for z in session.state.view(0).zones if z.key == "hand:0" for c in z.cards}
    play_until_undo_offered(app, rng)                   # the computers decide again, play goes on
    assert len(session.state.history) > len(before["history"])


def test_ctrl_z_takes_back_and_a_computer_thinking_meanwhile_is_dropped(app):
    session = start_game(app, "five_possessions", 2, {0}, 4242)
    settle(app)
    table = app.scene
    rng = random.Random(5)
    for _ in range(40):                 # a move that hands over to the computer, undoable
        before = session.state.to_dict()
        perform(app, choose(session.state.legal_actions(), rng))
        for _ in range(20):
            if session.busy() or table.model.my_turn():
                break
            app.frame()
        if session.thinking() is not None and session.can_undo(0, app.settings.undo):
            break
        settle(app)
    assert session.thinking() is not None and not table.model.my_turn()
    press(app, pygame.K_z, CTRL)
    assert session.state.to_dict() == before and table.model.my_turn()
    for _ in range(10):                                 # its answer comes and is dropped
        app.frame()
    assert not session.busy() and session.state.to_dict() == before
    assert "Hint" in top_labels(table) and all(b.enabled for b in table.laid.top)
    moves = len(session.state.history)
    perform(app, choose(session.state.legal_actions(), rng))
    settle(app)
    assert table.model.my_turn() and len(session.state.history) >= moves + 2   # and the computer moved


def test_with_undo_off_nothing_shows_and_ctrl_z_does_nothing(app):
    app.settings.undo = "off"
    session = start_game(app, "five_possessions", 2, {0}, 4242)
    settle(app)
    table = app.scene
    rng = random.Random(5)
    for _ in range(40):
        perform(app, choose(session.state.legal_actions(), rng))
        settle(app)
        assert "Undo" not in top_labels(table)
        before = session.state.to_dict()
        press(app, pygame.K_z, CTRL)
        assert session.state.to_dict() == before and session.undo_record()["undos"] == 0
        if session.can_undo(0, "mine"):
            break
    app.settings.undo = "mine"
    table.layout()
    assert undo_live(table)                             # the same position allows it under the default


def test_pass_and_play_never_undoes_another_persons_move_and_brings_the_curtain(app):
    session = start_game(app, "five_possessions", 2, {0, 1}, 4242)
    table = app.scene
    settle(app)
    first = table.model.looking.curtain
    assert first is not None
    click_widget(app, lambda w: w.label == "Ready")
    rng = random.Random(2)
    for _ in range(8):                  # the first person's turn, to its last move
        before = session.state.to_dict()
        last = choose(session.state.legal_actions(), rng)
        perform(app, last)
        if table.model.looking.curtain is not None:
            break
    second = table.model.looking.curtain
    assert second not in (None, first)
    name = session.name(first)                          # behind the curtain, the one who just played
    click_widget(app, lambda w: w.label == f"Take back {name}'s move")
    assert session.state.to_dict() == before            # the curtain is for them now: no hand shown till Ready
    assert table.model.looking.curtain == first and table.model.looking.viewer is None
    click_widget(app, lambda w: w.label == "Ready")
    assert table.model.looking.curtain is None and table.model.looking.viewer == first and table.model.my_turn()
    perform(app, last)
    click_widget(app, lambda w: w.label == "Ready")
    assert table.model.looking.viewer == second
    assert not undo_live(table)                         # the other person's move is not theirs to take back
    mid = session.state.to_dict()
    press(app, pygame.K_z, CTRL)
    assert session.state.to_dict() == mid and table.model.looking.viewer == second
    app.settings.undo = "casual"
    table.layout()
    curtains = len(table.model.looking.curtains)
    click_widget(app, lambda w: w.label == "Undo")      # Casual: back before the other's move
    assert session.state.to_dict() == before
    looking = table.model.looking
    assert looking.curtain == first and looking.viewer is None and len(looking.curtains) == curtains + 1
    click_widget(app, lambda w: w.label == "Ready")
    assert table.model.looking.viewer == first and table.model.my_turn()


def test_continue_resumes_the_position_taken_back(app):
    session = start_game(app, "five_possessions", 2, {0}, 4242)
    settle(app)
    before = play_until_undo_offered(app, random.Random(5))
    press(app, pygame.K_z, CTRL)
    click_widget(app, lambda w: w.label == "Menu")
    assert isinstance(app.scene, MenuScene)
    click_widget(app, lambda w: w.label == "Continue")
    table = app.scene
    assert isinstance(table, TableScene) and table.model.session is not session
    settle(app)
    assert table.model.session.state.to_dict() == before and table.model.my_turn()
    assert table.model.session.undo_record() == {"undos": 1, "practice": False}


def test_a_casual_game_is_recorded_with_its_undos_and_shown_as_practice(app):
    app.settings.undo = "casual"
    session = start_game(app, "five_possessions", 2, {0}, 4242)
    rng = random.Random(9)
    undos = 0
    for turn in range(3000):
        settle(app)
        scene = app.scene
        if isinstance(scene, ScoringScene):
            if not scene.interim:
                break
            click_widget(app, lambda w: w.label == "Next hand")
            continue
        if turn % 7 == 3 and "Undo" in top_labels(scene):
            if undos % 2:
                press(app, pygame.K_z, CTRL)
            else:
                click_widget(app, lambda w: w.label == "Undo")
            undos += 1
            continue
        perform(app, choose(session.state.legal_actions(), rng))
    assert session.state.is_over and undos >= 2
    record = saves.read_record(session.record_path)
    assert record["undos"] == undos and record["practice"] is True
    *_, replayed = saves.replay(record)             # the record replays to the same end
    assert replayed.to_dict() == session.state.to_dict()
    click_widget(app, lambda w: w.label == "Menu")
    click_widget(app, lambda w: w.label == "Statistics")
    scene = app.scene
    assert isinstance(scene, StatisticsScene) and scene.game_id == "five_possessions"
    assert statistics.rows(scene.stats, "five_possessions") == []
    [row] = statistics.rows(scene.stats, "five_possessions", "practice")
    assert row[0] == session.name(0) and row[1] == 1
    assert "practice" in statistics.record_summary(session.record_path)


def undo_button(table):
    """The top bar's Undo button (None without one)."""
    return next((b for b in table.laid.top if b.label == "Undo"), None)


@pytest.mark.parametrize("game_id", ["final_card_down", "deadline"])
def test_the_undo_button_stays_in_its_place_greyed_while_nothing_can_be_taken_back(app, game_id):
    """Walk D13 (D5, D13), under "Take back my moves": Final Card-Down had no Undo button at
    all and Deadline's came and went between turns, with no word why. At every turn of
    the person's the Undo button is in the same place, live exactly when something can be
    taken back, else greyed; pressed greyed, it says why in this game's words: what chance
    did, as the log tells it ('what was drawn, dealt or rolled since cannot be put back
    (Ines drew a card)'), not a list of what it might have been."""
    app.settings.animation_speed = "instant"
    session = start_game(app, game_id, 3, {0}, 4242)
    table = app.scene
    rng = random.Random(7)
    places, live, greyed, chance = set(), 0, 0, []
    for _ in range(40):
        settle(app)
        if app.scene is not table or session.is_over:
            break
        button = undo_button(table)
        assert button is not None, "no Undo button at Maya's turn"
        places.add(tuple(button.rect))
        assert button.enabled == session.can_undo(0, app.settings.undo)
        live += button.enabled
        if not button.enabled:
            greyed += 1
            before = session.state.to_dict()
            click_at(app, button.rect.center)
            words = table.model.ui.message
            assert session.state.to_dict() == before
            assert words.startswith("Nothing to take back"), words
            assert "a shuffle, a roll" not in words, words
            if words.startswith("Nothing to take back: what was drawn, dealt or rolled since cannot be put back ("):
                chance.append((words, table.model.log_lines()))
        perform(app, choose(session.state.legal_actions(), rng))
    assert len(places) == 1 and greyed, (places, greyed)
    for words, log in chance:
        told = words[len("Nothing to take back: what was drawn, dealt or rolled since cannot be put back ("):-1]
        name, did = told.split(" ", 1)              # the move as the log tells it ('Ines drew a card')
        assert name in table.model.names and any(line.startswith(name) and did in line for line in log), (
            words, log[-4:])
    if game_id == "final_card_down":
        assert chance


def test_taken_back_says_whose_moves_went_with_the_person_s(app):
    """Final Card-Down against Theo, Casual undo: an Undo after Theo answered says whose move went with
    the person's ('Taken back: your play of ..., and Theo's move after it'), never only
    a count (walkA14 #14: '..., and 1 move after it' said neither whose nor what)."""
    app.settings.undo = "casual"                # takes back past Theo's draws too
    session = start_game(app, "final_card_down", 2, {0}, 4242)
    settle(app)
    table = app.scene
    rng = random.Random(5)
    for _ in range(40):                         # until Theo has answered a move Undo takes back
        perform(app, choose(session.state.legal_actions(), rng))
        for _ in range(3000):
            if table.model.my_turn() and table.model.settled():
                break
            app.frame()
        if session.movers()[-1] == 1 and session.can_undo(0, app.settings.undo):
            break
    movers, moves = session.movers(), list(session.moves())
    click_widget(app, lambda w: w.label == "Undo")
    later = movers[len(session.moves()) + 1:]           # who played the moves after the one taken back
    assert 1 in later, later
    words = table.model.ui.message
    theo = later.count(1)
    assert words.endswith(f"Theo's {'move' if theo == 1 else f'{theo} moves'} after it"), words
    yours = [a for a, seat in zip(moves[len(session.moves()) + 1:], later) if seat == 0]
    assert all(a.kind == "end_turn" for a in yours), yours   # only the turn's ends the table made
    assert ", and your " not in words, (words, later)       # part of the move before (walkD16 #1)
