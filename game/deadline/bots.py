"""What the bots know of Deadline (docs/rulings/deadline.md).

Medium builds sets and runs: it takes the top discard only when it pairs with its hand
(never a Joker), discards the card that pairs with nothing and costs most, and at an
exam plays extra credit and extensions first, then lays its biggest groups down.
Scores are the grading of 2.6: higher is better.
"""
import math
import random

from game.deadline.grading import JOKER, pairs_with, points
from game.deadline.grading import card_keys
from game.deadline.rules import Act
from game.presenter import plural

SPREAD = 10          # grade points that make a clear lead, for evaluate


def _pairs(hand, ace_high):
    """{card of `hand`: how many other cards of `hand` it begins a set or run with}
    (`pairs_with` for every pair, counted by rank and by place; Jokers pair with none)."""
    keys = card_keys(hand, ace_high)
    ranks = {}
    places = {}
    for _, rank, place in keys:
        ranks[rank] = ranks.get(rank, 0) + 1
        places[place] = places.get(place, 0) + 1
    return {card: ranks[rank] - 1 + places.get((suit, place - 1), 0)
            + places.get((suit, place + 1), 0) for card, rank, (suit, place) in keys}


def policy(hand, building, top, legal, rng, ace_high):
    """(action, reason) for a seat holding `hand`, with `building` its group in progress
    and `top` the top discard (or None). Shared by Medium and Hard's playouts."""
    kinds = {}
    for a in legal:
        kinds.setdefault(a.kind, []).append(a)
    if Act.DRAW in kinds:
        by_arg = {a.arg: a for a in kinds[Act.DRAW]}
        if (top is not None and top.rank != JOKER and "discard" in by_arg
                and any(pairs_with(top, c, ace_high) for c in hand)):
            return by_arg["discard"], f"the {top.spoken} makes a set or run with cards in your hand"
        if "stock" in by_arg:
            return by_arg["stock"], "the top of the discard pile fits no set or run of yours"
        return by_arg["discard"], "the draw pile is empty"
    if Act.DISCARD in kinds:
        pairs = _pairs(hand, ace_high)
        worst = min(kinds[Act.DISCARD], key=lambda a: (pairs.get(a.cards[0], 0),
                                                      -points(a.cards[0], ace_high)))
        card = worst.cards[0]
        return worst, (f"it fits no set or run of yours, and it would cost "
                       f"{points(card, ace_high)} in hand at grading")
    if Act.TAKE in kinds:
        pick = kinds[Act.TAKE][rng.randrange(len(kinds[Act.TAKE]))]
        return pick, "the cards lie face down: any one is as good as another"
    for kind in (Act.EXTEND, Act.EXTRA_CREDIT):
        if kind in kinds:
            best = max(kinds[kind], key=lambda a: points(a.cards[0], ace_high))
            gain = "" if kind == Act.EXTEND else "1 point of extra credit, and "
            return best, f"{gain}one card fewer left in your hand to cost you"
    if building:
        if Act.GROUP in kinds:
            best = max(kinds[Act.GROUP], key=lambda a: points(a.cards[0], ace_high))
            return best, "bigger assignments score more"
        if Act.SUBMIT in kinds:
            return kinds[Act.SUBMIT][0], ("3 or more of your cards make a completed assignment" if len(building) > 2
                                          else "2 cards make an incomplete assignment, worth 2 at grading")
        return kinds[Act.CANCEL_GROUP][0], "these cards make no set or run: they cannot be submitted"
    if Act.GROUP in kinds:
        pairs = _pairs(hand, ace_high)
        best = max(kinds[Act.GROUP], key=lambda a: (pairs.get(a.cards[0], 0),
                                                   points(a.cards[0], ace_high)))
        return best, ("it begins a set or run with cards in your hand" if pairs.get(best.cards[0])
                      else "")
    if Act.FINISH_EXAM in kinds:
        return kinds[Act.FINISH_EXAM][0], "nothing more to lay down"
    return legal[rng.randrange(len(legal))], ""


def _ace_high(view):
    return view.options.get("deadline.ace_high") == "on"


def medium(view, legal, rng):
    """(action, reason): build sets and runs, keep Jokers out of the hand."""
    hand = [c for c in view.zone(f"hand:{view.seat}").cards if c is not None]
    building = [c for c in view.zone("group").cards if c is not None]
    discard = view.zone("discard").cards
    top = discard[-1] if discard else None
    return policy(hand, building, top, legal, rng, _ace_high(view))


def easy_filter(view, legal):
    """Never pick up a Joker from the discard pile; finish an exam only when nothing else."""
    discard = view.zone("discard").cards
    top = discard[-1] if discard else None
    keep = [a for a in legal
            if not (a.kind == Act.DRAW and a.arg == "discard" and top is not None
                    and top.rank == JOKER)
            and a.kind != Act.CANCEL_GROUP]
    return keep or list(legal)


def rollout(state, legal, rng):
    """Playout policy: Medium's, on the determinized state."""
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.1 and state.step == "turn":
        return legal[rng.randrange(len(legal))]
    seat = state.current_player
    top = state.discard[-1] if state.discard else None
    return policy(state.hands[seat], state.group, top, legal, rng, state.ace_high)[0]


def evaluate(state):
    """The grade each seat would get now against the best of the others, squashed to 0..1."""
    scores = state.scores()
    out = []
    for seat, mine in enumerate(scores):
        rival = max(s for k, s in enumerate(scores) if k != seat)
        out.append(0.5 + 0.5 * math.tanh((mine - rival) / SPREAD))
    return out


def why(view, action):
    """What `action` does, in the game's terms (the sets and runs it keeps or makes, what
    it costs at grading): Hint's reason for any move (Hard's where it is not Medium's)."""
    hand = [c for c in view.zone(f"hand:{view.seat}").cards if c is not None]
    building = [c for c in view.zone("group").cards if c is not None]
    discard = view.zone("discard").cards
    top = discard[-1] if discard else None
    ace_high = _ace_high(view)
    kind = action.kind
    if kind == Act.DRAW:
        if action.arg == "discard":
            pairs = any(pairs_with(top, c, ace_high) for c in hand)
            return (f"the {top.spoken} makes a set or run with cards in your hand" if pairs
                    else f"the {top.spoken} is known, where the draw pile's card is not")
        return "an unseen card from the draw pile: the others do not learn what you keep"
    if kind == Act.DISCARD:
        card = action.cards[0]
        fits = _pairs(hand, ace_high).get(card, 0)
        cost = f"it would cost {points(card, ace_high)} in hand at grading"
        return (f"{cost}, and it fits no set or run of yours" if not fits
                else f"{cost}, though it goes with {plural(fits, 'card')} of yours")
    if kind == Act.TAKE:
        return "a card from their hand, unseen until it is yours"
    if kind in (Act.EXTEND, Act.EXTRA_CREDIT):
        return policy(hand, building, top, [action], random.Random(0), ace_high)[1]
    if kind == Act.CANCEL_GROUP:
        return "these cards go back to your hand, to be laid down another way"
    if kind == Act.FINISH_EXAM:
        return "your exam ends with what you have laid down"
    if kind == Act.SUBMIT:
        return ("3 or more of your cards make a completed assignment" if len(building) > 2
                else "2 cards make an incomplete assignment, worth 2 at grading")
    if building:
        return "bigger assignments score more"
    fits = _pairs(hand, ace_high).get(action.cards[0], 0)
    return ("it begins a set or run with cards in your hand" if fits
            else "it begins an assignment, to be laid down with the cards that go with it")
