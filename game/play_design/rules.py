"""Play Design: what "4 downs" and "5 possessions" share, as pure functions.

Rules: the rulebooks of 4 downs and 5 possessions. A formation card has a side (offense or
defense), a colour, a number 4-7 and 11 player dots by position colour. 4 downs uses
the number and colour (following and taking over the lead); 5 possessions uses the dot
count keyed by the offense card's colour (blue, green and orange count their own dots,
purple counts purple plus blue). The formation deck file is checked against the
composition of section 1 where every deck file is read, in `game.cards`.

The rulings it cites by letter (A1, A2, ...) or section are docs/rulings/play_design.md.
"""
from functools import lru_cache

from game.cards import FORMATION_COLORS

COLORS = FORMATION_COLORS   # the formation cards' colours, their composition in game.cards

KEY_DOTS = {"blue": ("blue",), "green": ("green",), "orange": ("orange",),
            "purple": ("purple", "blue")}

_KEYS = {}   # card -> {colour: its dots that count against that colour}


def key_count(card, color):
    """The dots of `card` that count against an offense card of `color` (section 1)."""
    counts = _KEYS.get(card)
    if counts is None:
        dots = dict(card.dots)
        counts = _KEYS[card] = {key: sum(dots[c] for c in KEY_DOTS[key]) for key in KEY_DOTS}
    return counts[color]


@lru_cache(maxsize=None)
def lane_result(offense, defense):
    """5 possessions: (the offense card's dots, the defense card's dots, whether the
    offense card wins its lane): both cards counted by the offense card's colour, and
    the offense wins only with strictly more dots (A21)."""
    color = offense.color
    ours, theirs = key_count(offense, color), key_count(defense, color)
    return ours, theirs, ours > theirs


def offense_wins(offense, defense):
    """5 possessions: whether the offense card wins its lane (A21, `lane_result`)."""
    return lane_result(offense, defense)[2]


def allowed_follows(hand, lead):
    """4 downs: the cards a follower may play to `lead` (3.1c, A3): the lead colour on
    the opposite side if held, else the lead colour, else anything."""
    color, side = lead.color, lead.side
    same, opposite = [], []
    for card in hand:
        if card.color == color:
            same.append(card)
            if card.side != side:
                opposite.append(card)
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
