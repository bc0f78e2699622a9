"""The table's own behaviour through real events: what a person sees when a game
against computer players is continued from the menu."""
import random

import pygame
import pytest

from game import registry
from scenes.table import scene as scenes_table
from scenes.screens.menu import MenuScene
from scenes.table.input import TableInput
from scenes.table.scene import TableScene
from tests.test_ui_play import app, choose, click_at, click_widget, perform, settle  # noqa: F401
from tests.test_ui_saves import start_game


@pytest.mark.parametrize("game_id", ["final_card_down", "final_count"])
def test_continue_against_computers_shows_your_own_hand(app, game_id):
    session = start_game(app, game_id, 4 if game_id == "final_card_down" else 2, {0}, 4242)
    settle(app)
    perform(app, choose(session.state.legal_actions(), random.Random(1)))
    settle(app)                                     # the computers have moved: your turn again
    click_widget(app, lambda w: w.label == "Menu")
    assert isinstance(app.scene, MenuScene)
    click_widget(app, lambda w: w.label == "Continue")
    table = app.scene
    assert isinstance(table, TableScene)
    for _ in range(5):
        app.frame()
    assert table.model.my_turn()
    hand = [p for p in table.board.placed if p.zone == "hand:0"]
    assert hand and all(p.face_up and p.card is not None for p in hand)
    legal = table.model.session.legal_actions()
    buttons = {w.label for w in table.widgets + table.laid.top}
    assert "Hint" in buttons
    assert all(a in {x for w in table.widgets for x in getattr(w, "actions", ())}
               for a in legal if not a.cards)
    before = len(table.model.session.submitted)
    card = next((p for p in hand if p.raised), hand[0])
    click_at(app, card.rect.center)
    assert table.model.ui.message != "That card is face down"
    assert len(table.model.session.submitted) > before or table.model.ui.selection or table.model.ui.dialog \
        or table.model.ui.message


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_a_click_reads_the_view_once_and_lays_the_table_out_once(app, game_id, monkeypatch):
    """Each move made (the person's by a click, a computer's as it arrives) reads the view
    once and lays the table out once; a click that makes no move (a card picked, a choice
    opened) lays it out at most once and reads nothing. A hand that kept the places of
    the cards that left it (for the pointer's next click) closes up once the pointer is
    off it: that lay-out is the hand's closing, counted apart (walkD15 #8)."""
    session = start_game(app, game_id, registry.GAMES[game_id].min_players, {0}, 4242)
    settle(app)
    table = app.scene
    timeline = []
    for name in ("view", "submit"):
        real = getattr(session, name)
        monkeypatch.setattr(session, name, lambda *args, real=real, name=name: timeline.append(name) or real(*args))
    real_lay_out, real_handle = scenes_table.lay_out, TableScene.handle_event
    closing = []
    monkeypatch.setattr(scenes_table, "lay_out", lambda *args: timeline.append("close" if closing else "layout")
                        or real_lay_out(*args))

    real_read = TableInput.read
    monkeypatch.setattr(TableInput, "read", lambda *args: closing.clear() or real_read(*args))

    def handle(scene, event):
        if event.type == pygame.MOUSEBUTTONDOWN:
            timeline.append("click")
        closing[:] = [True]         # a lay-out before the event is read: the hand closing up
        real_handle(scene, event)
        closing.clear()
    monkeypatch.setattr(TableScene, "handle_event", handle)
    rng = random.Random(3)
    for _ in range(6):
        if app.scene is not table or session.state.is_over:
            break
        perform(app, choose(session.state.legal_actions(), rng))
        settle(app)
    segments, kind, counts = [], None, {}
    for mark in timeline + ["click"]:
        if mark in ("click", "submit"):
            if kind is not None:
                segments.append((kind, counts))
            kind, counts = mark, {"view": 0, "layout": 0}
        elif mark != "close":
            counts[mark] += 1
    moves = [counts for kind, counts in segments if kind == "submit"]
    clicks = [counts for kind, counts in segments if kind == "click"]
    assert len(moves) >= 2 and clicks
    assert all(counts == {"view": 1, "layout": 1} for counts in moves[:-1]), moves
    assert all(counts["view"] == 0 and counts["layout"] <= 1 for counts in clicks), clicks


def test_a_replay_step_forward_flies_the_cards_it_moved(app):
    """The replay composes the table's pieces: a step forward animates that move."""
    import pygame

    from game import saves
    from scenes.screens.replay import ReplayScene
    from scenes.table.session import Seat, Session
    from tests.test_ui_play import press
    session = Session("ktu", [Seat("Maya", True), Seat("Theo", False, "easy")], {}, 5)
    rng = random.Random(1)
    while not session.state.is_over:
        session.submit(rng.choice(session.state.legal_actions()))
    record = saves.read_record(saves.write_record(app.folders, session.state, session.saved_seats()))
    app.settings.animation_speed = "normal"
    app.scene.persist = {"record": record}
    app.switch("replay")
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    press(app, pygame.K_RIGHT)
    moved = [e for e in replay.state.events if e.kind == "move" and e.cards]
    assert replay.index == 1 and moved
    assert {f.zone for f in replay.motion.flights} == {e.dst for e in moved}
    assert replay.top_words().startswith("Move 1 of")
