"""The bot interface and the per-game knowledge registry.

Each game may have a module `game/bots/<game id>.py` with what a bot knows of it:
`LOWER_IS_BETTER` (how scores rank), `medium(view, legal, rng) -> (action, reason)`,
and optionally `easy_filter(view, legal) -> actions`, `rollout(state, legal, rng) ->
action` (Hard's playout policy on a determinized state) and
`evaluate(state) -> [reward per seat in 0..1]` (for playouts cut short).
A game without a module gets generic play at every level.
"""
import importlib
import random

# game id -> module with the bots' knowledge of that game (explicit, bundle-safe).
KNOWLEDGE = {
    "final_card_down": "game.bots.final_card_down",
    "ktu": "game.bots.ktu",
    "deadline": "game.bots.deadline",
    "final_count": "game.bots.final_count",
    "four_downs": "game.bots.four_downs",
    "five_possessions": "game.bots.five_possessions",
}


class _Generic:
    """Knowledge of a game that has no module yet: nothing beyond the rules API."""

    LOWER_IS_BETTER = False


_CACHE = {}


def knowledge(game_id):
    """The knowledge module of `game_id` (a generic stand-in if it has none)."""
    if game_id not in _CACHE:
        name = KNOWLEDGE.get(game_id)
        module = _Generic
        if name:
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as error:
                if error.name != name:
                    raise
        _CACHE[game_id] = module
    return _CACHE[game_id]


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
        medium = getattr(self.know, "medium", None)
        if medium is None:
            return ""
        suggested, reason = medium(view, list(legal_actions), random.Random(0))
        if suggested is not None and action_key(suggested) == action_key(action):
            return reason or ""
        return ""
