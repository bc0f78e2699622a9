"""The bot interface, and what the bots know of each game.

Each game's home has a module `bots.py` (named by its `Home`) with what a bot knows of it:
`medium(view, legal, rng) -> (action, reason)` (the heuristic, which also gives Hint
its reason), `why(view, action) -> reason` (what any legal move does, in the game's
terms: Hint's reason for Hard's move where Hard and Medium differ), and optionally
`easy_filter(view, legal) -> actions`, `rollout(state, legal, rng) -> action` (Hard's
playout policy on a determinized state, random without one), `stop_playout(state)`
and `evaluate(state) -> [reward per seat in 0..1]` (for playouts cut short), with
`PLAYED_OUT` naming where `stop_playout` stops them ('hand') for Hard's hints. How scores
rank comes from the registry (`GameInfo.lower_is_better`). A registered game without a
module, or a module without `medium` or `why`, is refused (registry.MissingPiece): no
game is ever played by a generic stand-in.
"""
import random

from game import registry


def knowledge(game_id):
    """The bot module of `game_id`, from its Home; registry.MissingPiece if it has none
    (or it lacks `medium` or `why`)."""
    home = registry.HOMES.get(game_id)
    module = home and home.bots
    if module is None:
        raise registry.MissingPiece(game_id, "bot module", "its Home's bots")
    if not callable(getattr(module, "medium", None)):
        raise registry.MissingPiece(game_id, "medium heuristic", f"{module.__name__}.medium")
    if not callable(getattr(module, "why", None)):
        raise registry.MissingPiece(game_id, "reason for every move", f"{module.__name__}.why")
    return module


def action_key(action):
    """An action as a seat would name it: kind, card names, argument (copies of a face
    are the same choice)."""
    return (action.kind, tuple(c.name for c in action.cards), action.arg)


class Bot:
    """A computer player for one game. Subclasses implement `choose`."""

    level = None

    def __init__(self, game_id, options=None, **settings):
        self.game_id = game_id
        self.options = dict(options or {})
        self.settings = settings
        self.know = knowledge(game_id)

    def choose(self, view, legal_actions, rng):
        """One of `legal_actions`, chosen from `view` alone with `rng`."""
        raise NotImplementedError

    def explain(self, view, legal_actions, action):
        """A one-line reason for `action` ('' where there is none)."""
        suggested, reason = self.know.medium(view, list(legal_actions), random.Random(0))
        if suggested is not None and action_key(suggested) == action_key(action):
            return reason or ""
        return ""
