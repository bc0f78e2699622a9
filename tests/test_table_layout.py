"""The table's layout without a window: for every mode at the common window sizes, with
the fewest, the usual and the most players, at positions from the deal to the end of
random games, every zone (and the die) lies inside the table, no two overlap, and each
card of the viewer's hand shows its index corner."""
import itertools
import random

import pygame
import pytest

from game import registry
from scenes.widgets import ui
from scenes.table.presenters import presenter_for
from scenes.table.moves import choosable
from scenes.table.layout import READ, bubble_box, lay_out

WINDOWS = [(960, 600), (1280, 720), (1920, 1080)]
MOVES = (0, 5, 20, 60, 150, 400)


def positions(game_id, seed, hoard, players):
    """States of a random game after each number of moves in MOVES (while it lasts); with
    `hoard`, seat 0 draws or takes cards whenever it may, so its hand grows large."""
    state = registry.new_game(game_id, players=players, seed=seed)
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
@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_zones_fit_apart_and_hand_cards_show_their_index(game_id, window):
    screen = ui.Screen(pygame.Surface(window))
    presenter = presenter_for(registry.GAMES[game_id])
    checked = 0
    info = registry.GAMES[game_id]
    for seed, hoard, players in ((1, False, info.default_players), (2, False, info.max_players),
                                 (3, True, info.min_players)):
        for state in positions(game_id, seed, hoard, players):
            seat = 0 if hoard or state.current_player is None else state.current_player
            view = state.view(seat)
            names = [f"Player {i + 1}" for i in range(state.players)]
            playable, picks = choosable(state.legal_actions(), view, presenter)
            board = lay_out(view, presenter, seat, names, (screen.lw, screen.lh), screen.text_width,
                            playable=playable, picks=picks, turn=True)
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


MIN_SHARE = 0.6      # another player's face-up card against the viewer's hand card, where space allows
FLOOR_SHARE = 0.25   # and never below this, with the most players or a crowded seat


@pytest.mark.parametrize("window", WINDOWS[:2], ids=lambda w: f"{w[0]}x{w[1]}")
@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_other_players_face_up_cards_are_big_enough(game_id, window):
    """Where space allows (the game's default number of players, a game in play, the
    card's seat showing at most four zones), every face-up card outside the viewer's own
    zones is at least 60% as wide as a hand card at full size; anywhere, at least 25%."""
    screen = ui.Screen(pygame.Surface(window))
    presenter = presenter_for(registry.GAMES[game_id])
    info = registry.GAMES[game_id]
    full = presenter.sizes.hand[0]
    checked = 0
    for seed, players in ((1, info.default_players), (2, info.default_players), (3, info.max_players)):
        for state in positions(game_id, seed, False, players):
            seat = 0 if state.current_player is None else state.current_player
            view = state.view(seat)
            names = [f"Player {i + 1}" for i in range(state.players)]
            board = lay_out(view, presenter, seat, names, (screen.lw, screen.lh), screen.text_width)
            owner = presenter.owners(view)
            crowded = {s for s in range(players) if sum(o == s for o in owner.values()) > 4}
            roomy = players == info.default_players and not state.is_over
            for p in board.placed:
                if not p.face_up or owner.get(p.zone) == seat:
                    continue
                share = p.rect.w / full
                where = f"{game_id} at {window}, {players} players, move {len(state.history)}, zone {p.zone}"
                assert share >= FLOOR_SHARE, f"{where}: a face-up card {p.rect.w} wide"
                if roomy and owner.get(p.zone) not in crowded:
                    assert share >= MIN_SHARE, f"{where}: a face-up card {p.rect.w} wide, under 60%"
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("game_id", ["four_downs", "deadline"])
def test_a_hand_spreads_over_its_width_before_it_overlaps(game_id):
    screen = ui.Screen(pygame.Surface((1280, 720)))
    presenter = presenter_for(registry.GAMES[game_id])
    state = registry.new_game(game_id, players=4, seed=5)
    seat = state.current_player
    board = lay_out(state.view(seat), presenter, seat, ["A", "B", "C", "D"], (screen.lw, screen.lh),
                    screen.text_width)
    hand = board.hand_cards()
    assert len(hand) >= 4
    assert sum(p.rect.w for p in hand) < board.boxes[board.hand_key][2]        # room for them all
    for left, right in zip(hand, hand[1:]):
        assert right.rect.x >= left.rect.right, f"{game_id}: hand cards overlap with room to spare"


def test_a_play_design_cards_number_shows_in_its_index_strip():
    """Two cards that differ only by their number differ inside the strip an overlapped
    card shows (the left `index` share of its width, over its coloured band)."""
    from sprites import cards as card_sprites
    deck = registry.GAMES["four_downs"].load_deck()
    by_name = {name: copies[0] for name, copies in deck.by_name.items()}
    pairs = [(a, b) for a in by_name.values() for b in by_name.values()
             if a.color == b.color and a.side == b.side and a.rank < b.rank]
    assert pairs
    w, h = 92, 128
    strip = pygame.Rect(0, 0, int(w * presenter_for(registry.GAMES["four_downs"]).sizes.index), int(h * 0.25))
    for a, b in pairs[:6]:
        one, two = (card_sprites.face(c, w, h).subsurface(strip) for c in (a, b))
        assert pygame.image.tobytes(one, "RGBA") != pygame.image.tobytes(two, "RGBA"), \
            f"{a.spoken} and {b.spoken} look the same in their index strip"


def test_a_bubble_points_at_its_target_from_inside_the_bounds_and_never_covers_it():
    bounds = (10, 56, 1260, 654)
    rng = random.Random(4)
    for _ in range(400):
        w, h = rng.randint(80, 420), rng.randint(30, 120)
        target = pygame.Rect(rng.randint(10, 1180), rng.randint(56, 640), rng.randint(20, 300), rng.randint(20, 200))
        target = target.clip(pygame.Rect(bounds))
        box, tip = bubble_box(target, (w, h), bounds)
        assert pygame.Rect(bounds).contains(box)
        if target.w < 1000 and target.h < 400:        # room left around it
            assert not box.colliderect(target), (target, box)
        assert target.left <= tip[0] <= target.right and target.top <= tip[1] <= target.bottom


def test_a_message_stands_clear_of_what_it_talks_about():
    view = registry.new_game("final_card_down", players=3, seed=5).view(0)
    board = lay_out(view, presenter_for(registry.GAMES["final_card_down"]), 0, ["A", "B", "C"], (1280, 720),
                    lambda words, px: len(words) * px * 0.5)
    width = 400
    assert board.message_spot(width) == (board.table_w / 2 - width / 2, board.message_y())
    x, y = board.message_spot(width)
    in_the_way = pygame.Rect(int(x) + 50, int(y) + 10, 60, 60)
    pile = board.anchor_rect("zone:discard")
    spot = board.message_spot(width, [in_the_way, pile])
    box = pygame.Rect(int(spot[0]), int(spot[1]), width, 32)
    assert not box.colliderect(in_the_way) and not box.colliderect(pile)


def test_a_message_with_no_clear_place_in_the_middle_moves_aside_or_covers_least():
    """A hint's box never covers the person's own places where any place over the table
    is clear of them: moved to one side when the middle is taken all the way up; where
    none is clear, it lies where it covers least of them (never blindly above the hand)."""
    view = registry.new_game("final_card_down", players=3, seed=5).view(0)
    board = lay_out(view, presenter_for(registry.GAMES["final_card_down"]), 0, ["A", "B", "C"], (1280, 720),
                    lambda words, px: len(words) * px * 0.5)
    width, middle = 400, int(board.table_w / 2)
    column = pygame.Rect(middle - 40, 0, 80, board.height)           # the middle, top to bottom
    x, y = board.message_spot(width, [column])
    assert not pygame.Rect(int(x), int(y), width, 32).colliderect(column)
    everywhere = [pygame.Rect(0, 0, board.table_w, board.height), pygame.Rect(0, 0, middle, board.height)]
    x, y = board.message_spot(width, everywhere)
    assert pygame.Rect(int(x), int(y), width, 32).clip(everywhere[1]).width == 0


def test_an_anchor_is_found_where_the_board_put_it():
    state = registry.new_game("final_card_down", players=3, seed=5)
    view = state.view(0)
    board = lay_out(view, presenter_for(registry.GAMES["final_card_down"]), 0, ["A", "B", "C"], (1280, 720),
                    lambda words, px: len(words) * px * 0.5)
    card = view.zone("hand:0").cards[2]
    assert board.anchor_rect(card.name) == next(p.rect for p in board.hand_cards() if p.card is card)
    assert board.anchor_rect("zone:hand:1@3") == next(p.rect for p in board.placed
                                                      if p.zone == "hand:1" and p.index == 3)
    assert board.anchor_rect("zone:draw") == board.piles["draw"][0]
    assert board.anchor_rect("zone:nowhere") is None and board.anchor_rect("lane:0") is None
    button = ui.Button((10, 10, 50, 30), "Draw", lambda: None)
    button.actions = [a for a in state.legal_actions() if a.kind == "draw"]
    nxt = ui.Button((10, 50, 50, 30), "Next", lambda: None, key="next")
    assert board.anchor_rect("button:draw", [nxt, button]) == button.rect
    assert board.anchor_rect("button:next", [button, nxt]) == nxt.rect
    assert board.anchor_rect("button:call", [button, nxt]) is None


def test_the_panel_lights_the_row_of_the_seat_whose_plate_is_lit(monkeypatch):
    """Every mode with five players or its most, Maya against computers at the normal pace, frame
    by frame (moves flying, outcomes held): each time the table is painted, the name the
    side panel's scores draw in gold is the name on the lit plate (issue #37: Sam's row
    lit beside Lena's lit plate with five at Deadline), and none while no plate is lit."""
    from scenes.table import draw
    from sprites import palette
    from tests.test_table_moments_games import played
    from tests.test_ui_play import new_app
    painted, wrong, paints = {}, [], 0
    text, seats = ui.Screen.text, draw.felt_and_seats

    def spy_text(screen, words, size, colour, pos, *args, **kwargs):
        if colour == palette.GOLD and size == READ and round(pos[0]) == round(screen.lw - draw.PANEL_W + 4):
            painted["panel"].append(words)
        return text(screen, words, size, colour, pos, *args, **kwargs)

    def spy_seats(screen, board, plates, *args, **kwargs):
        painted.update(plate=[name for name, _, lit, _ in plates.values() if lit], panel=[])
        return seats(screen, board, plates, *args, **kwargs)
    monkeypatch.setattr(ui.Screen, "text", spy_text)
    monkeypatch.setattr(draw, "felt_and_seats", spy_seats)
    for game_id in registry.GAMES:
        app = new_app(size=(1280, 720))
        players = min(5, registry.GAMES[game_id].max_players)
        for table in played(app, game_id, players, 4242, 5, limit=900, options={}):
            if "plate" in painted:
                paints += 1
                lit = [name.removesuffix(" (you)") for name in painted.pop("plate")]
                if painted["panel"] != lit:
                    wrong.append((game_id, len(table.model.session.state.history), lit, painted["panel"]))
        pygame.quit()
    assert paints > 300 and not wrong, wrong[:5]
