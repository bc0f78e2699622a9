"""The game's end at the table: from the moment the table tells that the game is over (its
winner's callout), the top bar says so and names the winner, as it does once everything
has landed; never the bare turn number under 'Maya wins the game!' (walkA15 #9).

A real seeded KTU game is played at the table to its end at the normal pace, and the top
bar is read at every frame. And in every game, when the end turns face up cards another
player kept hidden in play, the table says so (walkB15 #7b)."""
import random

import pygame
import pytest

from game import registry
from scenes.table import intents
from scenes.table.session import Seat, Session, inline
from tests.test_table_hand_end import to_the_end
from tests.test_table_wave16_fixT import NAMES
from tests.test_ui_play import app, new_app  # noqa: F401

GAMES = list(registry.GAMES)
SHOWN = "face up"           # the end's words when it turns hidden cards face up


def test_the_top_bar_names_the_winner_while_the_win_is_told(app):  # noqa: F811
    """walkA15 #9: KTU, three players. While the table tells the last move and the win
    ('Maya wins the game!'), every frame whose table shows the game over has a top bar
    saying 'Game over: <winner> wins' (after the turn number, as once all has
    landed), not 'Turn 56' alone."""
    told_over, bare = 0, []
    for table in to_the_end(app, "ktu", 3, 515, 30000):
        model = table.model
        if not model.panel_view().is_over:
            continue
        told_over += 1
        words = model.prompt()
        if "Game over: " not in words or "win" not in words:
            bare.append(words)
    assert told_over, "the game's end was never told"
    assert not bare, bare[:3]


def last_move_state(game_id, seed):
    """A game of `game_id` (two players, or as many as it needs) played at random to where
    a move of the player to move ends it: (the state, that move)."""
    info = registry.GAMES[game_id]
    state, rng = registry.new_game(game_id, max(2, info.min_players), seed), random.Random(seed)
    while True:
        last = next((action for action in state.legal_actions() if ends(state, action)), None)
        if last is not None:
            return state, last
        state.apply(rng.choice(state.legal_actions()))


def ends(state, action):
    """Does `action` end the game of `state`?"""
    ahead = state.clone()
    ahead.apply(action)
    return ahead.is_over


def face_down_of_others(table):
    """The zones of the other players' places where the table shows a card face down."""
    viewer = table.model.looking.viewer
    owners = {z.key: z.owner for z in table.model.view.zones}
    return {p.zone for p in table.laid.board.placed
            if not p.face_up and owners.get(p.zone) not in (None, viewer)}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_end_says_so_when_it_turns_hidden_cards_face_up(game_id):
    """walkB15 #7b: at the game's end every hand is shown (the table's rule, tested since
    wave 12), and when that turns face up cards another player kept hidden in play (5
    possessions' used-up and closed cards, the others' hands), the table says so in words
    from the first frame they show face up: a note while the end is told (the last line's
    lanes, the touchdown, the win called out), then the end's banner; an end that turns
    none says nothing of it. The person at the table makes the game's last move at the
    normal pace, the others computers."""
    state, last = last_move_state(game_id, 7)
    mover = state.current_player
    a = new_app((1280, 800), speed="normal")
    seats = [Seat(name, seat == mover, "easy") for seat, name in enumerate(NAMES[:state.players])]
    session = Session(game_id, seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    a.scene.go("table", session=session, viewer=mover, events_seen=session.event_count(), curtains=[])
    a.frame()
    table, model = a.scene, a.scene.model
    hidden = face_down_of_others(table)
    table.act(intents.Choose(last))
    turned = []
    for _ in range(3000):
        a.frame()
        if model.over or model.hold.waiting and model.offering():
            break
        flying = {flight.zone for flight in table.motion.flights}
        up = {p.zone for p in table.laid.board.placed if p.face_up and p.zone in hidden and p.zone not in flying}
        if up - face_down_of_others(table):
            turned.append(" / ".join([model.ui.message] + [o.words for o in table.held_outcomes()]))
    assert model.session.state.is_over and model.hold.outcome is not None
    banner = model.hold.outcome.words
    told = [words for words in turned if SHOWN not in words]
    assert not told, f"{len(told)} of {len(turned)} frames with no word of it: {told[0]!r}"
    assert (SHOWN in banner) == bool(turned), (banner, turned[:1])
    pygame.quit()
