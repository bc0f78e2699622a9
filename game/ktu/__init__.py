"""KTU's home: its rules, its bots' knowledge, its presenter, its entry in the
registry, its rulebook and its lesson, named by `HOME` (see `game.home`)."""
import os

from game.home import Home
from game.ktu import bots, presenter, rules

HOME = Home("ktu", os.path.dirname(os.path.abspath(__file__)), rules, bots,
            presenter.Ktu, bench_players=3, measure_players=2)
