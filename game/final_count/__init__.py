"""Final Count's home: its rules, its bots' knowledge, its presenter, its entry in the
registry, its rulebook and its lesson, named by `HOME` (see `game.home`)."""
import os

from game.home import Home
from game.final_count import bots, presenter, rules

HOME = Home("final_count", os.path.dirname(os.path.abspath(__file__)), rules, bots,
            presenter.FinalCount, bench_players=3, measure_players=3,
            # build/compare.py: Hit Goal makes the Hard game a quarter as long on its
            # seed (a hand can end on the goal), which keeps CI's time reasonable
            compare_options=(("final_count.hit_goal", "on"),))
