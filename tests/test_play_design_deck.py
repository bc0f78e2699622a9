"""Play Design's deck file: the 28 cards match the rulings' composition table
(docs/rulings/play_design.md, section 1), and a file that breaks any constraint of it is
refused with a message naming the file, the entry and the problem."""
import copy

import pytest
import yaml

from game import resources
from game.cards import DeckError, combined_deck, load_deck, read_deck_file
from game.play_design.rules import key_count, offense_wins

SOURCE = resources.path("config", "decks", "play_design.yaml")

# The rulings' table: name -> (formation, type, Y, O, P, G, B).
TABLE = {
    "OB4": ("Pistol", "run", 5, 1, 1, 1, 3), "OB5": ("Trips", "pass", 5, 1, 1, 1, 3),
    "OB6": ("Spread", "pass", 5, 1, 0, 1, 4), "OB7": ("Empty", "pass", 5, 1, 0, 0, 5),
    "OG4": ("Pro Set", "pass", 5, 1, 1, 2, 2), "OG5": ("I-Formation", "run", 5, 1, 1, 2, 2),
    "OG6": ("Wishbone", "run", 5, 1, 1, 3, 1), "OG7": ("Power I", "run", 5, 1, 1, 3, 1),
    "OP4": ("Goal Line", "run", 5, 1, 3, 2, 0),
    "OP5": ("Singleback (Ace, 2 TE)", "run", 5, 1, 2, 1, 2),
    "OP6": ("Bunch (2 TE, empty)", "pass", 5, 1, 2, 0, 3),
    "OO5": ("Shotgun", "pass", 5, 1, 1, 1, 3),
    "OO6": ("Wildcat (direct-snap back + QB split wide)", "run", 5, 2, 1, 2, 1),
    "OO7": ("Punt (fake-punt set: punter + long snapper)", "special", 4, 2, 2, 1, 2),
    "DB5": ("Nickel (4-2-5)", "pass", 4, 0, 1, 2, 4),
    "DB6": ("Dime (4-1-6)", "pass", 4, 0, 1, 1, 5),
    "DB7": ("Prevent (3-1-7)", "pass", 3, 0, 1, 1, 6), "DG4": ("4-3", "run", 4, 0, 1, 3, 3),
    "DG5": ("3-4", "run", 3, 0, 1, 4, 3), "DG6": ("4-4", "run", 4, 0, 0, 4, 3),
    "DP4": ("Goal Line (6-3-2, box safeties)", "run", 6, 0, 2, 3, 0),
    "DP5": ("5-2", "run", 5, 0, 1, 2, 3), "DP6": ("Cover 2 (big nickel)", "pass", 4, 0, 2, 2, 3),
    "DP7": ("46 (SS in the box)", "run", 4, 0, 1, 3, 3),
    "DO4": ("Spy (LB mirrors the QB)", "pass", 4, 1, 1, 2, 3),
    "DO5": ("Punt Return", "special", 5, 2, 0, 2, 2),
    "DO6": ("Punt Block", "special", 6, 2, 0, 1, 2),
    "DO7": ("Field Goal Block", "special", 6, 3, 0, 0, 2),
}
OFFENSE_KEY = {"OB4": 3, "OB5": 3, "OB6": 4, "OB7": 5, "OG4": 2, "OG5": 2, "OG6": 3, "OG7": 3,
               "OP4": 3, "OP5": 4, "OP6": 5, "OO5": 1, "OO6": 2, "OO7": 2}
# Defense: the count it opposes against blue, green, orange and purple offense cards.
DEFENSE_KEYS = {"DB5": (4, 2, 0, 5), "DB6": (5, 1, 0, 6), "DB7": (6, 1, 0, 7),
                "DG4": (3, 3, 0, 4), "DG5": (3, 4, 0, 4), "DG6": (3, 4, 0, 3),
                "DP4": (0, 3, 0, 2), "DP5": (3, 2, 0, 4), "DP6": (3, 2, 0, 5),
                "DP7": (3, 3, 0, 4), "DO4": (3, 2, 1, 4), "DO5": (2, 2, 2, 2),
                "DO6": (2, 1, 2, 2), "DO7": (2, 0, 3, 2)}
# The "5-possessions check": defense cards each offense card beats.
BEATS = {"OB4": 4, "OB5": 4, "OB6": 11, "OB7": 12, "OG4": 4, "OG5": 4, "OG6": 9, "OG7": 9,
         "OP4": 4, "OP5": 5, "OP6": 10, "OO5": 10, "OO6": 11, "OO7": 11}


def test_the_deck_is_the_rulings_table():
    deck = load_deck("pd_white")
    assert len(deck) == 28
    for card in deck:
        formation, kind, *dots = TABLE[card.name]
        assert (card.formation, card.kind) == (formation, kind)
        assert [n for _, n in card.dots] == dots, card.name
        assert card.value == int(card.name[2]) and card.back == "white"
    assert {c.name for c in load_deck("pd_black")} == set(TABLE)
    assert all(c.back == "black" for c in load_deck("pd_black"))


def test_key_counts_and_the_five_possessions_check():
    deck = {c.name: c for c in load_deck("pd_white")}
    for name, key in OFFENSE_KEY.items():
        assert key_count(deck[name], deck[name].color) == key, name
    for name, keys in DEFENSE_KEYS.items():
        assert tuple(key_count(deck[name], color)
                     for color in ("blue", "green", "orange", "purple")) == keys, name
    for name, beaten in BEATS.items():
        assert sum(offense_wins(deck[name], deck[d]) for d in DEFENSE_KEYS) == beaten, name


def test_combined_deck_for_five_possessions():
    deck = combined_deck("pd_white", "pd_black")
    assert len(deck) == 56
    assert {c.name[:2] for c in deck} == {"W:", "K:"}


def _write(tmp_path, change):
    data = yaml.safe_load(open(SOURCE, encoding="utf-8"))
    data = copy.deepcopy(data)
    change(data)
    path = tmp_path / "play_design.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(path)


def _card(data, name):
    return next(c for c in data["cards"] if c["name"] == name)


def _rename(data, old, new, **fields):
    card = _card(data, old)
    card.update(name=new, **fields)


def _refused(tmp_path, change, entry, problem):
    path = _write(tmp_path, change)
    with pytest.raises(DeckError) as info:
        read_deck_file(path)
    message = str(info.value)
    assert message.startswith(f"{path}: {entry}"), message
    assert problem in message, message


def test_the_unchanged_file_reads(tmp_path):
    decks = read_deck_file(_write(tmp_path, lambda data: None))
    assert set(decks) == {"pd_white", "pd_black"} and len(decks["pd_white"]) == 28


@pytest.mark.parametrize("change, entry, problem", [
    (lambda d: d["cards"].pop(), "cards", "has 27 cards; a Play Design deck has 28"),
    (lambda d: d["cards"].append(dict(_card(d, "DO7"), name="DO8", number=8)),
     "cards[28] (DO8).number", "expected a whole number from 4 to 7, found 8"),
    (lambda d: _rename(d, "OB4", "DB4", side="defense"), "cards",
     "has 13 offense cards; each side has 14"),
    (lambda d: _rename(d, "DO4", "DB4", color="blue"), "cards",
     "has 8 blue cards; each colour has 7"),
    (lambda d: (_rename(d, "OB4", "OP7", color="purple", number=7),
                _rename(d, "DP4", "DB4", color="blue")), "cards",
     "has 3 offense blue cards; the composition has 4"),
    (lambda d: (_rename(d, "OP4", "OP7", number=7)), "cards",
     "has 2 offense cards numbered 4; the composition has 3"),
    (lambda d: _rename(d, "OB5", "OB4", number=4), "cards[1] (OB4)",
     "number 4 is used twice among the offense blue cards"),
    (lambda d: _card(d, "OB6").update(name="OB7"), "cards[2] (OB7)", "name should be OB6"),
    (lambda d: _card(d, "OG5")["dots"].update(yellow=6), "cards[5] (OG5)",
     "has 12 player dots; every card has 11"),
    (lambda d: _card(d, "OG5")["dots"].pop("blue"), "cards[5] (OG5).dots",
     "missing key(s) blue"),
    (lambda d: _card(d, "DG4").update(color="red"), "cards[17] (DG4)",
     "color 'red' is not one of"),
    (lambda d: _card(d, "DG4").update(type="trick"), "cards[17] (DG4)",
     "type 'trick' is not one of run, pass, special"),
    (lambda d: _card(d, "OB4").update(type="pass"), "cards[0] (OB4)", "type should be run"),
    (lambda d: d["decks"].pop("pd_black"), "decks", "one white and one black deck"),
])
def test_broken_files_are_refused(tmp_path, change, entry, problem):
    _refused(tmp_path, change, entry, problem)
