"""Easy: random among the legal actions, with only the most obvious sense.

A game's `easy_filter(view, legal)` may narrow the choice (never take the pile when a
card can be played, say); by default a draw or a pick-up is avoided when a play exists.
"""
from game.bots.base import Bot

PASSIVE = {"draw", "pick_up", "pickup", "take", "take_pile", "pass"}


def obvious(view, legal):
    """The legal actions without the obviously bad ones (all of them if none is left)."""
    kinds = {a.kind for a in legal}
    if "play" in kinds:
        keep = [a for a in legal if a.kind not in PASSIVE]
        if keep:
            return keep
    return list(legal)


class EasyBot(Bot):
    """Random play for beginners, minus the obvious blunders."""

    level = "easy"

    def choose(self, view, legal_actions, rng):
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        narrow = getattr(self.know, "easy_filter", obvious)(view, legal) or legal
        return narrow[rng.randrange(len(narrow))]
