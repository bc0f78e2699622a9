"""Play Design: what "4 downs" and "5 possessions" share, as pure functions.

Rules: ../shared/rulings/play_design.md. A formation card has a side (offense or
defense), a colour, a number 4-7 and 11 player dots by position colour. 4 downs uses
the number and colour (following and taking over the lead); 5 possessions uses the dot
count keyed by the offense card's colour (blue, green and orange count their own dots,
purple counts purple plus blue). The formation deck file is checked here against the
composition of section 1.
"""
from game.cards import expect_keys, fail, whole_number

COLORS = ("blue", "green", "purple", "orange")
DOT_COLORS = ("yellow", "orange", "purple", "green", "blue")
SIDES = ("offense", "defense")
BACKS = ("white", "black")
TYPES = ("run", "pass", "special")
# Cards per (side, colour) and per number on each side (rulings play_design.md section 1).
GROUP_SIZES = {("offense", "blue"): 4, ("defense", "blue"): 3,
               ("offense", "green"): 4, ("defense", "green"): 3,
               ("offense", "purple"): 3, ("defense", "purple"): 4,
               ("offense", "orange"): 3, ("defense", "orange"): 4}
NUMBERS_PER_SIDE = {4: 3, 5: 4, 6: 4, 7: 3}

KEY_DOTS = {"blue": ("blue",), "green": ("green",), "orange": ("orange",),
            "purple": ("purple", "blue")}

_KEYS = {}   # (card name, colour) -> dot count


def key_count(card, color):
    """The dots of `card` that count against an offense card of `color` (section 1)."""
    key = (card.name, color)
    count = _KEYS.get(key)
    if count is None:
        dots = dict(card.dots)
        count = _KEYS[key] = sum(dots[c] for c in KEY_DOTS[color])
    return count


def offense_wins(offense, defense):
    """5 possessions: the offense card wins its lane only with strictly more dots,
    both cards counted by the offense card's colour (A21)."""
    return key_count(offense, offense.color) > key_count(defense, offense.color)


def allowed_follows(hand, lead):
    """4 downs: the cards a follower may play to `lead` (3.1c, A3): the lead colour on
    the opposite side if held, else the lead colour, else anything."""
    same = [c for c in hand if c.color == lead.color]
    opposite = [c for c in same if c.side != lead.side]
    return opposite or same or list(hand)


def qualifies(card, lead):
    """4 downs: may `card` take over the lead from `lead` (A4)?"""
    return card.color == lead.color and card.side != lead.side and card.value >= lead.value


def round_winner(plays):
    """4 downs: the seat that wins a round, from [(seat, card), ...] in play order with
    the lead first: the highest qualifying number, else the leader (3.1d)."""
    lead_seat, lead = plays[0]
    best_seat, best = lead_seat, None
    for seat, card in plays[1:]:
        if qualifies(card, lead) and (best is None or card.value > best.value):
            best_seat, best = seat, card
    return best_seat


def complete_order(order, cards, where):
    """A deal order holding exactly `cards`: the given order (a stacked deck may name
    only some cards) followed by the others in their own order. ValueError naming
    `where` if the order holds a card that is not one of `cards`."""
    wanted = set(map(id, cards))
    stray = [c.name for c in order if id(c) not in wanted]
    if stray:
        raise ValueError(f"{where}: stacked card(s) {', '.join(stray)} do not belong here")
    named = set(map(id, order))
    return list(order) + [c for c in cards if id(c) not in named]


def formation_faces(path, data):
    """Play Design: one 28-card deck, named once per back (white and black), checked
    against every constraint of the rulings' composition (play_design.md section 1)."""
    expect_keys(path, "deck", data, ("family", "decks", "cards"))
    decks = data["decks"]
    if not isinstance(decks, dict) or not decks:
        fail(path, "decks", "expected a mapping of deck name to back colour")
    for deck_name, back in decks.items():
        if back not in BACKS:
            fail(path, f"decks.{deck_name}", f"back {back!r} is not one of {', '.join(BACKS)}")
    if sorted(decks.values()) != sorted(BACKS):
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
        if entry["side"] not in SIDES:
            fail(path, where, f"side {entry['side']!r} is not offense or defense")
        if entry["color"] not in COLORS:
            fail(path, where, f"color {entry['color']!r} is not one of {', '.join(COLORS)}")
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
        if entry["type"] not in TYPES:
            fail(path, where, f"type {entry['type']!r} is not one of {', '.join(TYPES)}")
        dots = entry["dots"]
        expect_keys(path, f"{where}.dots", dots, DOT_COLORS)
        for color in DOT_COLORS:
            whole_number(path, f"{where}.dots.{color}", dots[color], 0, 11)
        if sum(dots.values()) != 11:
            fail(path, where, f"has {sum(dots.values())} player dots; every card has 11")
        faces.append(dict(name=name, family="formation", rank=str(number), value=number,
                          color=entry["color"], side=entry["side"],
                          formation=entry["formation"], kind=entry["type"],
                          dots=tuple((c, dots[c]) for c in DOT_COLORS)))
    if len(faces) != 28:
        fail(path, "cards", f"has {len(faces)} cards; a Play Design deck has 28")
    for side in SIDES:
        count = sum(f["side"] == side for f in faces)
        if count != 14:
            fail(path, "cards", f"has {count} {side} cards; each side has 14")
    for color in COLORS:
        count = sum(f["color"] == color for f in faces)
        if count != 7:
            fail(path, "cards", f"has {count} {color} cards; each colour has 7")
    for (side, color), size in GROUP_SIZES.items():
        count = sum(f["side"] == side and f["color"] == color for f in faces)
        if count != size:
            fail(path, "cards", f"has {count} {side} {color} cards; the composition has {size}")
    for side in SIDES:
        for number, size in NUMBERS_PER_SIDE.items():
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
