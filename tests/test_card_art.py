"""The card art: every card of every deck draws at every size the table uses, and its
mark is there in the pixels at the smallest of them: the standard deck's rank and suit,
the hex deck's value (and, in colour-blind mode, its colour told apart without colour),
Play Design's OFF or DEF badge and number. The sizes come from the table itself: every
mode is played at 1280x800 and 960x600 with its most players, every card drawn noted,
and the enlarged card under the pointer added, and a hand in three rows (a third of the
hand's size) for the decks whose hands grow that long."""
import pygame
import pytest

from game import registry
from scenes import app as app_module
from scenes.table.presenters import presenter_for
from scenes.table.session import inline
from sprites import cards as card_sprites
from sprites import formation_faces, hex_faces
from tests.test_followable_readable import play_most_players

WINDOWS = ((1280, 800), (960, 600))
DECKS = {"standard": "deadline", "hex": "final_card_down", "formation": "five_possessions"}
# The decks whose hands can grow long enough to go into three rows at a third of the hand's
# size (Final Card-Down's penalty draws, KTU's picked-up pile); no Play Design hand does.
LONG_HANDS = ("standard", "hex")
CONTRAST = 90           # a mark's pixels differ this much in lightness from the face around them


def lightness(colour):
    r, g, b = colour[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


def grey(surf, rect=None):
    """The lightness of every pixel of `surf` (or of `rect` in it), row by row."""
    area = surf.subsurface(rect) if rect else surf
    return [lightness(area.get_at((x, y))) for y in range(area.get_height()) for x in range(area.get_width())]


def differ(a, b):
    """The mean difference in lightness of two equal areas."""
    return sum(abs(x - y) for x, y in zip(a, b)) / len(a)


def faces(family):
    """One card of each face of a family's deck (the formation deck: of each back too)."""
    deck = registry.GAMES[DECKS[family]].load_deck()
    seen = {}
    for card in deck.cards:
        seen.setdefault((card.name, card.back), card)
    return list(seen.values())


@pytest.fixture(scope="module")
def table_sizes():
    """{family: set of (w, h)} of every face the table draws, each mode played a while with
    its most players in both windows, and each mode's enlarged card."""
    sizes = {family: set() for family in DECKS}
    real = card_sprites.face
    noted = lambda card, w, h, *rest: sizes[card.family].add((int(w), int(h))) or real(card, w, h, *rest)  # noqa: E731
    card_sprites.face = noted
    try:
        for window in WINDOWS:
            a = app_module.App(size=window, frame_seconds=1 / 60, executor=inline)
            a.settings.animation_speed = "instant"
            a.settings.sound = False
            a.sounds.enabled = False
            for game_id, info in registry.GAMES.items():
                play_most_players(a, game_id, 3, lambda table: None, moves=30)
                presenter = presenter_for(info)
                zoom = a.screen.rect((0, 0, *presenter.zoom_size()))
                sizes[presenter.family].add((zoom.w, zoom.h))
                if presenter.family in LONG_HANDS:      # a hand long enough for three rows
                    hand = a.screen.rect((0, 0, *(n / 3 for n in presenter.sizes.hand)))
                    sizes[presenter.family].add((hand.w, hand.h))
                a.scene.go("menu")
                a.frame()
            pygame.quit()
    finally:
        card_sprites.face = real
    return sizes


def apart(areas, least, where):
    """Every two of `areas` ({name: lightness values}) differ by more than `least` on average."""
    names = sorted(areas, key=str)
    for i, one in enumerate(names):
        for two in names[i + 1:]:
            assert differ(areas[one], areas[two]) > least, f"{one} and {two} look alike {where}"


def smallest(sizes):
    return min(sizes, key=lambda size: size[1])


@pytest.mark.parametrize("family", list(DECKS))
def test_every_card_draws_at_every_size_the_table_uses(table_sizes, family):
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    card_sprites.clear()
    sizes = table_sizes[family]
    assert len(sizes) >= 3, sizes                  # the hand, the others' cards, the enlarged card at least
    for card in faces(family):
        for w, h in sizes:
            for colourblind in (False, True):
                img = card_sprites.face(card, w, h, colourblind)
                assert img.get_size() == (w, h)
                middle = img.get_at((w // 2, h // 2))
                assert middle.a == 255, f"{card.spoken} at {w}x{h}: its middle is not drawn"
        card_sprites.clear()


def index_area(w, h):
    """The corner index: the left 30% of the card, its top 35%."""
    return pygame.Rect(0, 0, max(1, int(w * 0.3)), max(1, int(h * 0.35)))


def at_smallest(family, table_sizes):
    """(w, h, [(card, its face)]) of every face of `family` at the smallest size the table
    draws that family at."""
    pygame.display.init()
    w, h = smallest(table_sizes[family])
    return w, h, [(card, card_sprites.face(card, w, h)) for card in faces(family)]


def test_the_standard_rank_and_suit_read_at_the_smallest_size(table_sizes):
    w, h, drawn = at_smallest("standard", table_sizes)
    cards = [card for card, _ in drawn]
    by_suit = {}
    for card, img in drawn:
        area = grey(img, index_area(w, h))
        dark = sum(1 for v in area if 255 - v > CONTRAST) / len(area)
        assert dark > 0.06, f"{card.spoken} at {w}x{h}: its index is not in the corner"
        by_suit.setdefault(card.suit, []).append((card, area))
    for suit, entries in by_suit.items():
        if suit is not None:
            apart({card.spoken: area for card, area in entries}, 4, f"in the corner at {w}x{h}")
    hearts = [c for c in cards if c.suit == "H"]
    spades = {c.rank: c for c in cards if c.suit == "S"}
    for card in hearts:                # a red index and a black one of the same rank differ by suit too
        a = card_sprites.face(card, w, h).subsurface(index_area(w, h))
        b = card_sprites.face(spades[card.rank], w, h).subsurface(index_area(w, h))
        assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def test_the_hex_value_and_colour_read_at_the_smallest_size(table_sizes):
    w, h, drawn = at_smallest("hex", table_sizes)
    cards = [card for card, _ in drawn]
    values = {}
    for card, img in drawn:
        area = grey(img, index_area(w, h))
        paper = area[-1]                    # the corner area's last pixel lies on the paper
        assert max(abs(v - paper) for v in area) > CONTRAST / 2, f"{card.spoken}: no value in its corner at {w}x{h}"
        if card.color == "red" and card.suit == "hearts":
            values[card.rank] = area
    assert len(values) == 16
    apart(values, 2, f"in the corner at {w}x{h}")
    # colour-blind mode: the five colours of one card told apart in grey alone, at every size
    sevens = [c for c in cards if c.rank == "7" and c.suit == "spades"]
    for w, h in table_sizes["hex"]:
        letters = pygame.Rect(int(w * 0.6), 0, w - int(w * 0.6), int(h * 0.3))
        apart({c.color: grey(card_sprites.face(c, w, h, True), letters) for c in sevens}, 3,
              f"without colour at {w}x{h}")


def test_play_design_side_number_and_tally_read_at_the_smallest_size(table_sizes):
    pygame.display.init()
    w, h = smallest(table_sizes["formation"])
    cards = faces("formation")
    band = pygame.Rect(int(w * 0.2), int(h * 0.06), int(w * 0.6), int(h * 0.22))     # the badge
    for back in ("white", "black"):
        for color in ("blue", "green", "purple", "orange"):
            group = [c for c in cards if c.back == back and c.color == color]
            badges = {c.side: grey(card_sprites.face(c, w, h), band) for c in group}
            for side, values in badges.items():         # letters that stand out from their badge
                assert max(values) - min(values) > 2 * CONTRAST, f"{back} {color} {side}: no badge at {w}x{h}"
            assert differ(badges["offense"], badges["defense"]) > 25, \
                f"{back} {color}: OFF and DEF badges look alike without colour at {w}x{h}"
            number = pygame.Rect(int(w * 0.25), int(h * 0.34), int(w * 0.5), int(h * 0.22))
            apart({c.rank: grey(card_sprites.face(c, w, h), number) for c in group if c.side == "offense"}, 2,
                  f"as {back} {color} offense numbers at {w}x{h}")


def test_the_tally_counts_what_decides_a_lane():
    deck = registry.GAMES["four_downs"].load_deck()
    by_name = {c.name: c for c in deck.cards}
    assert formation_faces.tally(by_name["DB5"]) == {"blue": 4, "green": 2, "orange": 0, "purple": 5}
    assert formation_faces.tally(by_name["OP6"])["purple"] == 5          # purple counts purple and blue
    for card in by_name.values():
        assert len(formation_faces.positions(card)) == 11
        assert all(0 <= x <= 1 and 0 <= y <= 1 for _, x, y in formation_faces.positions(card))


def test_the_hex_special_cards_carry_their_icons():
    """0, 2, A and D each draw their own icon in the medallion; a number card its digit."""
    assert set(hex_faces._ICONS) == {"0", "2", "A", "D"}
    pygame.display.init()
    deck = registry.GAMES["final_card_down"].load_deck()
    pick = {c.rank: c for c in deck.cards if c.color == "blue" and c.suit == "spades"}
    middles = {rank: grey(card_sprites.face(card, 92, 128), pygame.Rect(26, 40, 40, 40)) for rank, card in pick.items()}
    for rank in "02AD":
        apart({other: middles[other] for other in (rank, "1", "7", "F")}, 6, "in the medallion")


def test_the_hex_value_in_binary_is_drawn_as_the_rules_explain_it():
    """The four squares under a large hex card's hexagon: the rules say they spell its value
    in binary, 8-4-2-1 from the left, a filled square counting (the walk: marks nothing
    explained), and the cards draw them so: 7 hollow-filled-filled-filled, A filled-hollow-
    filled-hollow."""
    info = registry.GAMES["final_card_down"]
    with open(info.rulebook(), encoding="utf-8") as book:
        rules = book.read()
    assert "four small squares under the hexagon spell its value in binary" in rules
    assert "from the left they stand for 8, 4, 2 and 1" in rules
    examples = {"7": "hollow, filled, filled, filled", "A": "filled, hollow, filled, hollow"}
    pygame.display.init()
    deck = info.load_deck()
    for rank, said in examples.items():
        assert f"{'A 7' if rank == '7' else 'an A'} shows {said}" in rules
        card = next(c for c in deck.cards if c.rank == rank and c.color == "red")
        h = hex_faces.FULL_H
        surf = card_sprites.face(card, h * 92 // 128, h)
        cx, r = surf.get_width() // 2, int(surf.get_width() * 0.3)
        size = max(2, int(r * 0.17))
        drawn = []
        for i in range(4):
            x, y = int(cx + (i - 1.5) * size * 1.7), int(h * 0.47 + r * 1.22)
            drawn.append("filled" if lightness(surf.get_at((x, y))) < 200 else "hollow")
        assert ", ".join(drawn) == said, (rank, drawn)
