"""Medium: a heuristic per game, written from its rules (see the game's bot module).
A game without one plays like Easy."""
from game.bots.base import Bot
from game.bots.easy import EasyBot


class MediumBot(Bot):
    """The game's rules-based heuristic."""

    level = "medium"

    def choose(self, view, legal_actions, rng):
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        medium = getattr(self.know, "medium", None)
        if medium is None:
            return EasyBot(self.game_id).choose(view, legal, rng)
        action, _ = medium(view, legal, rng)
        return action if action in legal else legal[0]
