"""Deadline's home: a semester of rummy on 54 cards (52 + two Jokers), for 3-5 students.

`rules` holds the game (`State`: the deal, three rotations with blind exchanges, the
Midterm, the draw-back, three more rotations, the Final Exam); `grading` holds the pure
rules of cards, groups and grading (`grade`); `measures` what the balance report reads.
With its bots' knowledge, its presenter, its entry in the registry, its rulebook and its
lesson, they are named by `HOME` (see `game.home`).
"""
import os

from game.home import Busiest, Home
from game.deadline import bots, presenter, rules

HOME = Home("deadline", os.path.dirname(os.path.abspath(__file__)), rules, bots,
            presenter.Deadline, bench_players=4, measure_players=3,
            # `main.py bench`: the Final Exam
            busiest=Busiest(4, lambda state: (state.step == "exam"
                                              and state.rotation == rules.FINAL_ROTATION),
                            lambda state: "Deadline at the Final Exam",
                            avoid=frozenset({rules.Act.CANCEL_GROUP})))
