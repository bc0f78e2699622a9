"""The bot interface and the registry of what the bots know of each game.

Each game has a module `game/bots/<game id>.py` with what a bot knows of it:
`medium(view, legal, rng) -> (action, reason)` (the heuristic, which also gives Hint
its reason), and optionally `easy_filter(view, legal) -> actions`, `rollout(state,
legal, rng) -> action` (Hard's playout policy on a determinized state, random without
one), `stop_playout(state)` and `evaluate(state) -> [reward per seat in 0..1]` (for
playouts cut short). How scores rank comes from the registry (`GameInfo.lower_is_better`).
A registered game without a module, or a module without `medium`, is refused
(game.MissingPiece): no game is ever played by a generic stand-in.
"""
import random

import game
from game.bots import deadline, final_card_down, final_count, five_possessions, four_downs, ktu

# The registry of bot modules: game id -> the module with the bots' knowledge of it.
KNOWLEDGE = {
    "final_card_down": final_card_down,
    "deadline": deadline,
    "final_count": final_count,
    "ktu": ktu,
    "four_downs": four_downs,
    "five_possessions": five_possessions,
}


def knowledge(game_id):
    """The bot module of `game_id`; game.MissingPiece if it has none (or it lacks `medium`)."""
    module = KNOWLEDGE.get(game_id)
    if module is None:
        raise game.MissingPiece(game_id, "bot module", "game.bots.base.KNOWLEDGE")
    if not callable(getattr(module, "medium", None)):
        raise game.MissingPiece(game_id, "medium heuristic", f"{module.__name__}.medium")
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
