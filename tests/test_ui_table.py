"""The table's own behaviour through real events: what a person sees when a game
against computer players is continued from the menu."""
import random
import sys

import pytest

from scenes.menu import MenuScene
from scenes.table import TableScene
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
        app.step()
    assert table.my_turn()
    hand = [p for p in table.board.placed if p.zone == "hand:0"]
    assert hand and all(p.face_up and p.card is not None for p in hand)
    legal = table.state.legal_actions()
    buttons = {w.label for w in table.widgets + table.buttons_top}
    assert "Hint" in buttons
    assert all(a in {x for w in table.widgets for x in getattr(w, "actions", ())}
               for a in legal if not a.cards)
    before = len(table.session.submitted)
    card = next((p for p in hand if p.raised), hand[0])
    click_at(app, card.rect.center)
    assert table.message != "That card is face down"
    assert len(table.session.submitted) > before or table.selection or table.dialog or table.message


def test_the_view_is_read_once_per_change(app, monkeypatch):
    session = start_game(app, "final_card_down", 2, {0}, 4242)
    settle(app)
    calls = []
    cls = type(session.state)
    real = cls.view

    def counted(state, seat):           # the table's reads (the session reads views too)
        if sys._getframe(1).f_globals["__name__"] == "scenes.table":
            calls.append(seat)
        return real(state, seat)
    monkeypatch.setattr(cls, "view", counted)
    before = len(session.submitted)
    perform(app, choose(session.state.legal_actions(), random.Random(3)))
    settle(app)
    changes = len(session.submitted) - before
    assert changes >= 1
    assert calls.count(0) == changes                # the table reads your view once per change


def test_a_replay_step_forward_flies_the_cards_it_moved(app):
    """The replay composes the table's pieces: a step forward animates that move."""
    import pygame

    from game import saves
    from scenes.replay import ReplayScene
    from scenes.session import Seat, Session
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
