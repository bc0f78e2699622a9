"""The table's layout without a window: for every mode at the common window sizes, with
the fewest, the usual and the most players, at positions from the deal to the end of
random games, every zone (and the die) lies inside the table, no two overlap, and each
card of the viewer's hand shows its index corner."""
import itertools
import random

import pygame
import pytest

import game
from scenes import ui
from scenes.presenters import presenter_for
from scenes.table_layout import lay_out

WINDOWS = [(960, 600), (1280, 720), (1920, 1080)]
MOVES = (0, 5, 20, 60, 150, 400)


def positions(game_id, seed, hoard, players):
    """States of a random game after each number of moves in MOVES (while it lasts); with
    `hoard`, seat 0 draws or takes cards whenever it may, so its hand grows large."""
    state = game.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    done = 0
    for stop in MOVES:
        while done < stop and not state.is_over:
            legal = state.legal_actions()
            grow = [a for a in legal if a.kind in ("draw", "pick_up", "take")]
            state.apply(rng.choice(grow if hoard and grow and state.current_player == 0 else legal))
            done += 1
        yield state.clone()


def inside(rect, width, height):
    x, y, w, h = rect
    return x >= 0 and y >= 0 and x + w <= width and y + h <= height


def overlap(a, b):
    return pygame.Rect(*map(int, a)).colliderect(pygame.Rect(*map(int, b)))


@pytest.mark.parametrize("window", WINDOWS, ids=lambda w: f"{w[0]}x{w[1]}")
@pytest.mark.parametrize("game_id", list(game.GAMES))
def test_zones_fit_apart_and_hand_cards_show_their_index(game_id, window):
    screen = ui.Screen(pygame.Surface(window))
    presenter = presenter_for(game.GAMES[game_id])
    checked = 0
    info = game.GAMES[game_id]
    for seed, hoard, players in ((1, False, info.default_players), (2, False, info.max_players),
                                 (3, True, info.min_players)):
        for state in positions(game_id, seed, hoard, players):
            seat = 0 if hoard or state.current_player is None else state.current_player
            view = state.view(seat)
            names = [f"Player {i + 1}" for i in range(state.players)]
            board = lay_out(view, presenter, seat, names, (screen.lw, screen.lh), screen.text_width,
                            playable={c.name for a in state.legal_actions() for c in a.cards})
            where = f"{game_id} at {window}, move {len(state.history)}"
            for key, box in board.boxes.items():
                assert inside(box, board.table_w, screen.lh), f"{where}: zone {key} {box} leaves the table"
            for (k1, b1), (k2, b2) in itertools.combinations(board.boxes.items(), 2):
                assert not overlap(b1, b2), f"{where}: zones {k1} {b1} and {k2} {b2} overlap"
            if board.die is not None:
                die = (board.die[0] - 27, board.die[1] - 27, 54, 54)
                assert inside(die, board.table_w, screen.lh), f"{where}: the die leaves the table"
                for key, box in board.boxes.items():
                    assert not overlap(die, box), f"{where}: the die lies on zone {key}"
            for p in board.placed:
                assert inside(p.rect, board.table_w, screen.lh), f"{where}: a card of {p.zone} leaves the table"
            hand = board.hand_cards()
            for left, right in zip(hand, hand[1:]):
                if right.rect.x > left.rect.x:      # the same row of the hand
                    assert right.rect.x - left.rect.x >= presenter.sizes.index * left.rect.w, \
                        f"{where}: a hand card's index is covered"
            checked += 1
    assert checked >= 4
