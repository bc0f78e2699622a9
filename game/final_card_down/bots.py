"""What the bots know of Final Card-Down (docs/rulings/final_card_down.md).

Medium sheds its highest card that matches, keeps its 2s to answer a stack and its 0s
as a wild card, answers active 2s with a 2, attacks a seat about to go out with a 2,
and declares the colour it holds most. Scores are hand points: lower is better.
"""
from collections import Counter

from game.final_card_down.rules import Act
from game.knowledge import rank_rewards



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
            owed = view.facts["cards_owed"]
            return draw, f"no 2 to answer with: draw the {owed} card{'' if owed == 1 else 's'} owed"
        if draw is not None:
            return draw, "nothing matches: draw a card"
        return end or legal[0], ""
    hand = _hand(view)
    if view.facts["cards_owed"]:
        return plays[0], (f"answer the 2s with a 2 and pass the penalty on instead of "
                          f"drawing {view.facts['cards_owed']}")

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
        return twos[0], f"the next player holds {next_count} card{'' if next_count == 1 else 's'}: make them draw"
    if plain:
        colors = Counter(c.color for c in hand)
        best = max(plain, key=lambda a: (a.cards[0].value, colors[a.cards[0].color]))
        card = best.cards[0]
        points = f"{card.value} point" + ("" if card.value == 1 else "s")
        if best.arg is not None:
            return best, (f"shed the {card.spoken} ({points}) and call {best.arg}, "
                          "your most held colour")
        return best, (f"shed your highest matching card, {card.spoken} ({points}); "
                      "keep 2s and 0s")
    zeros = [a for a in plays if a.cards[0].rank == "0"]
    if len(hand) <= 2 or (zeros and twos):
        choice = (zeros or twos)[0]
        return choice, f"play {choice.cards[0].spoken}: one card fewer to go out"
    if zeros:
        return zeros[0], "only the 0 matches: play it rather than draw"
    return twos[0], "only a 2 matches: play it rather than draw"


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
