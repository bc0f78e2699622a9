"""What the bots know of Final Card-Down (docs/rulings/final_card_down.md).

Medium sheds its highest card that matches, keeps its 2s to answer a stack and its 0s
as a wild card, answers active 2s with a 2, attacks a seat about to go out with a 2,
and declares the colour it holds most. Scores are hand points: lower is better.
"""
from collections import Counter

from game.final_card_down.rules import Act
from game.knowledge import rank_rewards
from game.presenter import plural



def _hand(view):
    return [c for c in view.zone(f"hand:{view.seat}").cards if c is not None]


def _best_color(cards, exclude=None):
    counts = Counter(c.color for c in cards if c is not exclude and c.rank != "0")
    return counts.most_common(1)[0][0] if counts else None


def medium(view, legal, rng):
    """(action, reason): shed high cards first, keep 2s and 0s, answer 2s with a 2."""
    plays = [a for a in legal if a.kind == Act.PLAY]
    draw = next((a for a in legal if a.kind == Act.DRAW), None)
    end = next((a for a in legal if a.kind == Act.END_TURN), None)
    if not plays:
        if draw is not None and view.facts["cards_owed"]:
            return draw, "you hold no 2 to play on the 2s waiting"
        if draw is not None:
            return draw, "no card of yours matches the top card"
        return end or legal[0], ""
    hand = _hand(view)
    if view.facts["cards_owed"]:
        return plays[0], (f"a 2 on the 2s waiting passes them on, and you draw none of "
                          f"the {plural(view.facts['cards_owed'], 'card')}")

    def pick(action):
        card = action.cards[0]
        if action.arg is not None:   # a D: declare the colour held most
            want = _best_color(hand, exclude=card) or card.color
            return action.arg == want
        return True

    plain = [a for a in plays if a.cards[0].rank not in ("2", "0") and pick(a)]
    nxt = (view.seat + 1) % view.players
    try:
        next_count = view.zone(f"hand:{nxt}").count
    except KeyError:
        next_count = 99
    twos = [a for a in plays if a.cards[0].rank == "2"]
    if twos and next_count <= 2:
        return twos[0], f"the next player holds {plural(next_count, 'card')}: a 2 makes them draw"
    if plain:
        colors = Counter(c.color for c in hand)
        best = max(plain, key=lambda a: (a.cards[0].value, colors[a.cards[0].color]))
        card = best.cards[0]
        points = f"{card.value} point" + ("" if card.value == 1 else "s")
        if best.arg is not None:
            return best, (f"it sheds {points} and calls {best.arg}, "
                          "your most held colour")
        kept = " and ".join(f"{rank}s" for rank in ("2", "0") if any(c.rank == rank for c in hand))
        return best, (f"your highest matching card sheds {points}"
                      + (f"; your {kept} are kept for later" if kept else ""))
    zeros = [a for a in plays if a.cards[0].rank == "0"]
    if len(hand) <= 2 or (zeros and twos):
        choice = (zeros or twos)[0]
        return choice, "one card fewer to go out"
    if zeros:
        return zeros[0], "only the 0 matches: better than a draw"
    return twos[0], "only a 2 matches: better than a draw"


def easy_filter(view, legal):
    """Play something when a card can be played."""
    plays = [a for a in legal if a.kind == Act.PLAY]
    return plays or list(legal)


def rollout(state, legal, rng):
    """Playout policy: mostly the highest matching card (a 2 when owed), else a draw."""
    if len(legal) == 1:
        return legal[0]
    plays = [a for a in legal if a.kind == Act.PLAY]
    if not plays:
        return legal[rng.randrange(len(legal))] if rng.random() < 0.1 else legal[0]
    if rng.random() < 0.2:
        return plays[rng.randrange(len(plays))]
    return max(plays, key=lambda a: a.cards[0].value if a.cards[0].rank != "2" else 1)


def evaluate(state):
    """A cut-off playout: seats ranked by cards left, then by points."""
    keys = [len(h) * 100 + sum(c.value for c in h) for h in state.hands]
    return rank_rewards(keys, True)


def why(view, action):
    """What `action` does, in the game's terms (the points it sheds, what it leaves the
    next player): Hint's reason for any move (Hard's where it is not Medium's)."""
    facts = view.facts
    waiting = facts["cards_owed"]
    if action.kind == Act.END_TURN:
        return "the next player's turn"
    if action.kind == Act.DRAW:
        if waiting:
            return f"the 2s waiting make you draw {plural(waiting, 'card')}"
        return "one more card in your hand, and your matching cards kept for later"
    card = action.cards[0]
    hand = _hand(view)
    if len(hand) == 1:
        return "your last card: you win"
    if card.rank == "2":
        owed = 2 * (facts["active_twos"] + 1)
        return f"the next player must play a 2 or draw {owed} cards"
    points = plural(card.value, "point")
    if card.rank == "A":
        skipped = "you play again" if view.players == 2 else "the next player is skipped"
        return f"it sheds {points}, and {skipped}"
    if action.arg is not None:
        return f"it sheds {points}, and {action.arg} is in force for the next card"
    if card.rank == "0":
        return "a 0 matches anything: one card fewer to go out"
    return f"it sheds {points}"
