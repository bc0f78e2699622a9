"""Computer players: one interface for every game, at three levels.

`make_bot(level, game_id, **settings)` returns a bot whose `choose(view, legal_actions,
rng)` picks one of `legal_actions` from the seat's `View` alone (never the full state),
and whose `explain(view, legal_actions, action)` gives a one-line reason ('' if none).

- easy: random among legal actions, with only the most obvious sense;
- medium: a rules-based heuristic per game (`bots.py` in its home, `game/<game id>/`);
- hard: determinized Monte Carlo search with paired playouts (`hard.py`), with a
  time budget in seconds per decision (`time_budget`, default 1.0).

Settings every level accepts: `options` (the game's option mapping, as the table was
set up; defaults otherwise). Hard also takes `time_budget`, `iterations` (a fixed
number of iterations instead of the clock, for reproducible tests), `max_iterations` and
`clock` ("wall", or "cpu": the budget in this thread's CPU time, for measurements).
This package never imports pygame.
"""
from game import registry
from game.bots.base import Bot, knowledge
from game.bots.easy import EasyBot
from game.bots.hard import HardBot
from game.bots.medium import MediumBot

LEVELS = ("easy", "medium", "hard")

_CLASSES = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}

__all__ = ["LEVELS", "Bot", "make_bot", "make_chooser", "knowledge"]


def make_bot(level, game_id, **settings):
    """A bot of `level` (one of LEVELS) for the game `game_id`; ValueError otherwise."""
    if level not in _CLASSES:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    registry.game_info(game_id)   # ValueError naming the known games
    return _CLASSES[level](game_id, **settings)


def make_chooser(level, game_id, **settings):
    """For `game.simulate.simulate(make_chooser=...)`: a factory `(rng) -> choose(state)`
    where every seat is a bot of `level` (or of `level[seat]`, given one level per seat)
    that is shown only `state.view(seat)`."""
    def factory(rng):
        bots = {}

        def choose(state):
            seat = state.current_player
            if seat not in bots:
                seat_level = level if isinstance(level, str) else level[seat]
                bots[seat] = make_bot(seat_level, game_id, options=state.options, **settings)
            return bots[seat].choose(state.view(seat), state.legal_actions(), rng)
        return choose
    return factory
