"""Play Design - 4 downs's home: its rules, its bots' knowledge, its presenter, its entry in the
registry, its rulebook and its lesson, named by `HOME` (see `game.home`)."""
import os

from game.home import Home
from game.four_downs import bots, presenter, rules

HOME = Home("four_downs", os.path.dirname(os.path.abspath(__file__)), rules, bots,
            presenter.FourDowns, bench_players=3, measure_players=3)
