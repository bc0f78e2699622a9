"""Medium: a heuristic per game, written from its rules (the game's bot module)."""
from game.bots.base import Bot


class MediumBot(Bot):
    """The game's rules-based heuristic."""

    level = "medium"

    def choose(self, view, legal_actions, rng):
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        action, _ = self.know.medium(view, legal, rng)
        return action if action in legal else legal[0]
