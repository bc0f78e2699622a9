"""Final Card-Down's home: its rules, its bots' knowledge, its presenter, its entry in
the registry, its rulebook and its lesson, named by `HOME` (see `game.home`)."""
import os

from game.home import Busiest, Home
from game.final_card_down import bots, presenter, rules

HOME = Home("final_card_down", os.path.dirname(os.path.abspath(__file__)), rules, bots,
            presenter.FinalCardDown, bench_players=2, measure_players=2,
            # `main.py bench`: the first seat draws until it holds 40 cards
            busiest=Busiest(4, lambda state: len(state.hands[0]) >= 40 and state.draws_this_turn == 0,
                            lambda state: f"Final Card-Down, hand of {len(state.hands[0])} cards",
                            lambda legal: next((a for a in legal if a.kind == rules.Act.DRAW), legal[-1])))
