"""What the bots know of Play Design's 4 downs (docs/rulings/play_design.md, section 3).

Only the last down decides the hand, so Medium follows with its weakest allowed card
and keeps its strong numbers for the last down, where it plays (or leads) its best;
it knocks only holding a strong last card and folds a weak hand when a fold is cheap.
Scores are yards lost: lower is better.
"""
import math

from game.four_downs.rules import Act
from game.play_design.rules import qualifies
from game.presenter import named_together

SPREAD = 20          # yards that make a clear difference, for evaluate
# What a knock, a pass, a call and a fold do to the stake, for `why`.
STAKE_WORDS = {Act.KNOCK: "the stake goes up to {raised} yards, and the others call or fold",
               Act.PASS: "the stake stays at {stake} yards",
               Act.CALL: "you play on, for a stake of {stake} yards",
               Act.FOLD: "you lose {fold} yards now, not the {stake} at stake if you play on and lose the hand"}


def _hand(view):
    return [c for c in view.zone(f"hand:{view.seat}").cards if c is not None]


def _lead(view):
    seat = view.facts["lead_seat"]
    if seat is None:
        return None
    played = view.zone(f"played:{seat}").cards
    return played[0] if played else None


def medium(view, legal, rng):
    """(action, reason): follow cheaply, keep strong numbers for the last down."""
    facts = view.facts
    kinds = {a.kind: a for a in legal}
    hand = _hand(view)
    last = facts["round"] == facts["rounds"]
    if Act.DEAL in kinds:
        return kinds[Act.DEAL], "the last hand is scored: the next one begins"
    if Act.KNOCK in kinds:
        if last and hand and max(c.value for c in hand) >= 7:
            return kinds[Act.KNOCK], "a 7 for the last down: raise the stake"
        return kinds[Act.PASS], "keep the stake low"
    if Act.CALL in kinds:
        strong = sum(c.value for c in hand) / max(1, len(hand))
        if strong < 5 and (facts["fold_cost"] or 0) <= 10:
            return kinds[Act.FOLD], "a weak hand: fold while it is cheap"
        return kinds[Act.CALL], "strong enough to stay in"
    plays = [a for a in legal if a.kind == Act.PLAY]
    lead = _lead(view) if facts["step"] == "follow" else None
    if last:
        if lead is not None:
            taking = [a for a in plays if qualifies(a.cards[0], lead)]
            if taking:
                best = max(taking, key=lambda a: a.cards[0].value)
                return best, "the last down decides the hand, and this card takes it"
        best = max(plays, key=lambda a: a.cards[0].value)
        return best, "the last down decides the hand: your strongest card goes now"
    weakest = min(plays, key=lambda a: (a.cards[0].value, a.cards[0].name))
    if lead is None:
        return weakest, "your weakest card: strong numbers are kept for the last down"
    return weakest, "your weakest card: strong numbers are kept for the last down"


def rollout(state, legal, rng):
    """Playout policy: weakest card before the last down, strongest on it; pass, call."""
    if len(legal) == 1:
        return legal[0]
    if legal[0].kind != Act.PLAY:
        return next((a for a in legal if a.kind in (Act.PASS, Act.CALL)), legal[0])
    if rng.random() < 0.15:
        return legal[rng.randrange(len(legal))]
    if state.round == state.rounds:
        return max(legal, key=lambda a: a.cards[0].value)
    return min(legal, key=lambda a: a.cards[0].value)


PLAYED_OUT = "hand"          # how far Hard's playouts go (stop_playout), for its hints


def stop_playout(state):
    """A playout ends with its hand: the next one is a fresh deal."""
    return state.step == "deal"


def evaluate(state):
    """Yards lost against the others' average, squashed to 0..1 (a hand costs 10+)."""
    yards = state.yards
    n = len(yards)
    out = []
    for seat, mine in enumerate(yards):
        others = [y for s, y in enumerate(yards) if s != seat and not state.out[s]] or [mine]
        out.append(0.5 + 0.5 * math.tanh((sum(others) / len(others) - mine) / SPREAD))
    return out if n > 1 else [1.0]


def why(view, action):
    """What `action` does, in the game's terms (the down it takes or leaves, the cards it
    keeps for the 4th down, the stake): Hint's reason for any move (Hard's where it is not
    Medium's)."""
    facts = view.facts
    kind = action.kind
    stake = facts["stake"]
    if kind == Act.DEAL:
        return "the last hand is scored: the next one begins"
    if kind in STAKE_WORDS:
        return STAKE_WORDS[kind].format(stake=stake, raised=stake + 10, fold=facts["fold_cost"])
    card = action.cards[0]
    last = facts["round"] == facts["rounds"]
    lead = _lead(view) if facts["step"] == "follow" else None
    if lead is None:
        other = "defense" if card.side == "offense" else "offense"
        taker = f"only {other} {card.color} {card.value} or higher can take it"
        return (f"the 4th down decides the hand: {taker}" if last
                else f"you lead: {taker}, and the down's winner leads the next one")
    if qualifies(card, lead):
        return ("it takes the lead in the 4th down, which decides the hand" if last
                else "it takes the lead: the down's winner leads the next one")
    if last:
        return "it cannot take the 4th down from the lead"
    kept = sorted({c.value for c in _hand(view) if c is not card and c.value > card.value}, reverse=True)
    if kept:
        return (f"it leaves the down to others and keeps your {named_together(list(map(str, kept)))} "
                "for the 4th down, which alone decides the hand")
    return "it leaves the down to others: downs 1 to 3 only decide who leads next"
