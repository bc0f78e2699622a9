"""Final Card-Down's home: its rules, its bots' knowledge, its presenter, its entry in the
registry, its rulebook and its lesson, named by `HOME` (see `game.home`)."""
import os

from game.home import Home
from game.final_card_down import bots, presenter, rules

HOME = Home("final_card_down", os.path.dirname(os.path.abspath(__file__)), rules, bots,
            presenter.FinalCardDown, bench_players=2, measure_players=2)
