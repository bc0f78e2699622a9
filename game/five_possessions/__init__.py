"""Play Design - 5 possessions's home: its rules, its bots' knowledge, its presenter, its entry in the
registry, its rulebook and its lesson, named by `HOME` (see `game.home`)."""
import os

from game.home import Home
from game.five_possessions import bots, presenter, rules

HOME = Home("five_possessions", os.path.dirname(os.path.abspath(__file__)), rules, bots,
            presenter.FivePossessions, bench_players=2, measure_players=2)
