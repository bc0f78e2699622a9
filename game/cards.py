"""Cards and decks: the three card families, built from `config/decks/*.yaml`.

A deck file describes a composition (ranks x suits, values x colours x suits, or a
list of formation cards), not one line per card. `load_deck(name)` reads it once,
validates it and returns an immutable `Deck` whose cards each have a unique id
(their index in the deck); copies of the same face share a name.
"""
import os
import threading
from dataclasses import dataclass
from functools import lru_cache

from game import resources

STANDARD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
STANDARD_SUITS = ("S", "H", "D", "C")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORDS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
HEX_VALUES = tuple("0123456789ABCDEF")
HEX_COLORS = ("red", "blue", "green", "yellow", "purple")
HEX_SUITS = ("hearts", "diamonds", "clubs", "spades", "questions")
JOKER = "JK"
# Play Design's formation cards: one 28-card deck in two backs, its composition that of
# the rulings' section 1 (docs/rulings/play_design.md: cards per side and colour, and per
# number on each side).
FORMATION_COLORS = ("blue", "green", "purple", "orange")
FORMATION_DOTS = ("yellow", "orange", "purple", "green", "blue")
FORMATION_SIDES = ("offense", "defense")
FORMATION_BACKS = ("white", "black")
FORMATION_TYPES = ("run", "pass", "special")
FORMATION_GROUPS = {("offense", "blue"): 4, ("defense", "blue"): 3,
                    ("offense", "green"): 4, ("defense", "green"): 3,
                    ("offense", "purple"): 3, ("defense", "purple"): 4,
                    ("offense", "orange"): 3, ("defense", "orange"): 4}
FORMATION_NUMBERS = {4: 3, 5: 4, 6: 4, 7: 3}


AN_LETTERS = frozenset("AEFHILMNORSX")     # letters said with a vowel sound first: 'an F'


def with_article(words):
    """`words` after their indefinite article as a player says them: 'an 8', 'an 11',
    'an Ace', 'an F', 'an orange card'; 'a 7', 'a Queen', 'a D', 'a one-eyed Jack'."""
    first = (words.split() or [""])[0]
    if first.isdigit():
        vowel = first.startswith("8") or (len(first) % 3 == 2 and first[:2] in ("11", "18"))
    elif len(first) == 1 and first.isupper():
        vowel = first in AN_LETTERS
    else:
        vowel = first[:1].lower() in "aeiou" and not first.lower().startswith(("one", "uni", "use", "eu"))
    return ("an " if vowel else "a ") + words


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One physical card. Equality is identity: two copies of a face are two cards.

    `rank` is the printed rank or value (`"10"`, `"Q"`, `"JK"`, `"D"`, `"4"`), `value`
    its number (standard: A=1 ... K=13, joker 0; hex: 0-15; formation: 4-7).
    Fields a family does not use are None.
    """

    id: int
    name: str
    family: str
    rank: str
    value: int
    suit: str = None
    color: str = None
    side: str = None
    formation: str = None
    kind: str = None
    dots: tuple = None
    back: str = None

    def __repr__(self):
        return self.name

    __str__ = __repr__

    @property
    def spoken(self):
        """The card as a player says it: '10 of hearts', 'Joker', '7 red hearts',
        'Offense blue 4'; never the deck's back, which means nothing to the play (`name` is
        the short code the files use)."""
        if self.family == "standard":
            if self.rank == "JK":
                return "Joker"
            return f"{RANK_WORDS.get(self.rank, self.rank)} of {SUIT_WORDS[self.suit]}"
        if self.family == "hex":
            return f"{self.rank} {self.color} {self.suit}"
        return f"{self.side.capitalize()} {self.color} {self.rank}"


class Deck:
    """An ordered, immutable tuple of cards with lookup by name."""

    def __init__(self, name, cards):
        self.name = name
        self.cards = tuple(cards)
        self.by_name = {}
        for card in self.cards:
            self.by_name.setdefault(card.name, []).append(card)

    def __len__(self):
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def __getitem__(self, card_id):
        return self.cards[card_id]

    def copies(self, name):
        """All cards with this name; ValueError naming the deck if there are none."""
        cards = self.by_name.get(name)
        if not cards:
            raise ValueError(f"unknown card name {name!r} for the {self.name} deck")
        return cards

    def stack(self, names, full_deck=True):
        """The cards for a stacked deck, top first: the named cards, then (with
        `full_deck`) every other card in deck order. Each name takes the next unused
        copy; naming more copies than exist is a ValueError."""
        used = set()
        top = []
        for name in names:
            if not isinstance(name, str):
                raise ValueError(f"card names must be strings, not {name!r}")
            free = [c for c in self.copies(name) if c.id not in used]
            if not free:
                raise ValueError(
                    f"card {name!r} is named more times than the {self.name} deck has copies"
                )
            used.add(free[0].id)
            top.append(free[0])
        if full_deck:
            top.extend(c for c in self.cards if c.id not in used)
        return top


class DeckError(ValueError):
    """A deck file is missing, unreadable or breaks a rule of its family."""


def fail(path, entry, problem):
    """Refuse a deck file: DeckError naming the file, the entry and the problem."""
    raise DeckError(f"{path}: {entry}: {problem}")


def expect_keys(path, entry, data, required, optional=()):
    """`data` is a mapping with the `required` keys and maybe the `optional` ones."""
    if not isinstance(data, dict):
        fail(path, entry, f"expected a mapping, found {type(data).__name__}")
    unknown = sorted(set(data) - set(required) - set(optional), key=str)
    if unknown:
        fail(path, entry, f"unknown key(s) {', '.join(map(str, unknown))}")
    missing = [k for k in required if k not in data]
    if missing:
        fail(path, entry, f"missing key(s) {', '.join(missing)}")


def _string_list(path, key, value, allowed):
    if not isinstance(value, list) or not value:
        fail(path, key, "expected a non-empty list")
    for item in value:
        if not isinstance(item, str):
            fail(path, key, f"{item!r} is not a string (quote numbers, e.g. \"2\")")
        if item not in allowed:
            fail(path, key, f"{item!r} is not one of {', '.join(allowed)}")
    if len(set(value)) != len(value):
        fail(path, key, "lists the same entry twice")
    return value


def whole_number(path, key, value, low, high):
    """`value` if it is a whole number from `low` to `high`, else DeckError."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        fail(path, key, f"expected a whole number from {low} to {high}, found {value!r}")
    return value


def _standard(path, data):
    expect_keys(path, "deck", data, ("family", "ranks", "suits", "copies", "jokers"))
    ranks = _string_list(path, "ranks", data["ranks"], STANDARD_RANKS)
    suits = _string_list(path, "suits", data["suits"], STANDARD_SUITS)
    copies = whole_number(path, "copies", data["copies"], 1, 8)
    jokers = whole_number(path, "jokers", data["jokers"], 0, 8)
    faces = []
    for suit in suits:
        for rank in ranks:
            color = "red" if suit in "HD" else "black"
            faces.append(dict(name=rank + suit, family="standard", rank=rank,
                              value=STANDARD_RANKS.index(rank) + 1, suit=suit, color=color))
    cards = [face for face in faces for _ in range(copies)]
    cards += [dict(name=JOKER, family="standard", rank=JOKER, value=0)] * jokers
    return {os.path.splitext(os.path.basename(path))[0]: cards}


def _hex(path, data):
    expect_keys(path, "deck", data, ("family", "values", "colors", "suits", "copies"))
    values = _string_list(path, "values", data["values"], HEX_VALUES)
    colors = _string_list(path, "colors", data["colors"], HEX_COLORS)
    suits = _string_list(path, "suits", data["suits"], HEX_SUITS)
    copies = whole_number(path, "copies", data["copies"], 1, 8)
    cards = []
    for value in values:
        for color in colors:
            for suit in suits:
                face = dict(name=f"{value}/{color}/{suit}", family="hex", rank=value,
                            value=int(value, 16), suit=suit, color=color)
                cards.extend([face] * copies)
    return {os.path.splitext(os.path.basename(path))[0]: cards}


def _formation(path, data):
    """Play Design: one 28-card deck, named once per back (white and black), checked
    against every constraint of the rulings' composition (docs/rulings/play_design.md,
    section 1)."""
    expect_keys(path, "deck", data, ("family", "decks", "cards"))
    decks = data["decks"]
    if not isinstance(decks, dict) or not decks:
        fail(path, "decks", "expected a mapping of deck name to back colour")
    for deck_name, back in decks.items():
        if back not in FORMATION_BACKS:
            fail(path, f"decks.{deck_name}", f"back {back!r} is not one of {', '.join(FORMATION_BACKS)}")
    if sorted(decks.values()) != sorted(FORMATION_BACKS):
        fail(path, "decks", "expected one white and one black deck (the same cards, two backs)")
    entries = data["cards"]
    if not isinstance(entries, list):
        fail(path, "cards", "expected a list of cards")
    faces = []
    seen = {}
    keys = ("name", "side", "color", "number", "formation", "type", "dots")
    for i, entry in enumerate(entries):
        where = f"cards[{i}]"
        expect_keys(path, where, entry, keys)
        name = entry["name"]
        if not isinstance(name, str):
            fail(path, where, f"name {name!r} is not a string")
        where = f"cards[{i}] ({name})"
        if entry["side"] not in FORMATION_SIDES:
            fail(path, where, f"side {entry['side']!r} is not offense or defense")
        if entry["color"] not in FORMATION_COLORS:
            fail(path, where, f"color {entry['color']!r} is not one of {', '.join(FORMATION_COLORS)}")
        number = whole_number(path, f"{where}.number", entry["number"], 4, 7)
        expected = entry["side"][0].upper() + entry["color"][0].upper() + str(number)
        if name != expected:
            fail(path, where, f"name should be {expected} ({entry['side']}, "
                               f"{entry['color']}, {number})")
        if name in seen:
            fail(path, where, f"number {number} is used twice among the {entry['side']} "
                               f"{entry['color']} cards (also {seen[name]}); within one side "
                               "and colour all numbers differ")
        seen[name] = f"cards[{i}]"
        for key in ("formation", "type"):
            if not isinstance(entry[key], str) or not entry[key].strip():
                fail(path, where, f"{key} must be a non-empty text")
        if entry["type"] not in FORMATION_TYPES:
            fail(path, where, f"type {entry['type']!r} is not one of {', '.join(FORMATION_TYPES)}")
        dots = entry["dots"]
        expect_keys(path, f"{where}.dots", dots, FORMATION_DOTS)
        for color in FORMATION_DOTS:
            whole_number(path, f"{where}.dots.{color}", dots[color], 0, 11)
        if sum(dots.values()) != 11:
            fail(path, where, f"has {sum(dots.values())} player dots; every card has 11")
        faces.append(dict(name=name, family="formation", rank=str(number), value=number,
                          color=entry["color"], side=entry["side"],
                          formation=entry["formation"], kind=entry["type"],
                          dots=tuple((c, dots[c]) for c in FORMATION_DOTS)))
    if len(faces) != 28:
        fail(path, "cards", f"has {len(faces)} cards; a Play Design deck has 28")
    for side in FORMATION_SIDES:
        count = sum(f["side"] == side for f in faces)
        if count != 14:
            fail(path, "cards", f"has {count} {side} cards; each side has 14")
    for color in FORMATION_COLORS:
        count = sum(f["color"] == color for f in faces)
        if count != 7:
            fail(path, "cards", f"has {count} {color} cards; each colour has 7")
    for (side, color), size in FORMATION_GROUPS.items():
        count = sum(f["side"] == side and f["color"] == color for f in faces)
        if count != size:
            fail(path, "cards", f"has {count} {side} {color} cards; the composition has {size}")
    for side in FORMATION_SIDES:
        for number, size in FORMATION_NUMBERS.items():
            count = sum(f["side"] == side and f["value"] == number for f in faces)
            if count != size:
                fail(path, "cards", f"has {count} {side} cards numbered {number}; "
                                     f"the composition has {size}")
    for i, face in enumerate(faces):   # OB4 exists: four offense blues numbered 4-7
        if face["name"] == "OB4" and face["kind"] != "run":
            fail(path, f"cards[{i}] (OB4)", "type should be run: the text's example card "
                                             "is the blue offense 4, a run card")
    return {deck_name: [dict(face, back=back) for face in faces]
            for deck_name, back in decks.items()}


FAMILIES = {"standard": _standard, "hex": _hex, "formation": _formation}


def read_deck_file(path):
    """Parse and validate one deck file: {deck name: [card fields, ...]}."""
    data = resources.read_yaml(path, DeckError)
    if not isinstance(data, dict):
        raise DeckError(f"{path}: deck: expected a mapping with a 'family' key")
    family = data.get("family")
    if family not in FAMILIES:
        raise DeckError(f"{path}: family: {family!r} is not one of {', '.join(FAMILIES)}")
    return FAMILIES[family](path, data)


_DECKS_LOCK = threading.RLock()   # the deck caches are filled by one thread at a time

DECK_FILES = {
    "standard52": "standard52.yaml",
    "standard54": "standard54.yaml",
    "hex800": "hex800.yaml",
    "pd_white": "play_design.yaml",
    "pd_black": "play_design.yaml",
}


def load_deck(name):
    """The deck called `name`, read from `config/decks/` once per process (one copy even
    when several threads ask at once: the rules key their action tables by it)."""
    with _DECKS_LOCK:
        return _load_deck(name)


@lru_cache(maxsize=None)
def _load_deck(name):
    if name not in DECK_FILES:
        raise ValueError(f"unknown deck {name!r}; known decks: {', '.join(DECK_FILES)}")
    path = resources.path("config", "decks", DECK_FILES[name])
    decks = read_deck_file(path)
    if name not in decks:
        raise DeckError(f"{path}: decks: does not define the deck {name!r}")
    return build_deck(name, decks[name])


def build_deck(name, faces):
    """A Deck from a list of card-field mappings; ids are the positions."""
    return Deck(name, (Card(id=i, **face) for i, face in enumerate(faces)))


def combined_deck(*names):
    """Several decks as one (5 possessions plays the white and the black deck together).
    Card names gain the back's initial as a prefix (`W:OB4`, `K:OB4`)."""
    with _DECKS_LOCK:
        return _combined_deck(*names)


@lru_cache(maxsize=None)
def _combined_deck(*names):
    faces = []
    for name in names:
        for card in load_deck(name):
            prefix = {"white": "W:", "black": "K:"}.get(card.back, "")
            faces.append({f: getattr(card, f) for f in Card.__slots__ if f != "id"}
                         | {"name": prefix + card.name})
    return build_deck("+".join(names), faces)
