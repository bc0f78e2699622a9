"""Deadline: a semester of rummy on 54 cards (52 + two Jokers), for 3-5 students.

Rules: ../shared/rulings/deadline.md. `state` holds the game (`State`: the deal, three
rotations with blind exchanges, the Midterm, the draw-back, three more rotations, the
Final Exam); `grading` holds the pure rules of cards, groups and grading (`grade`).
"""
from game.deadline.grading import (FOUR_CARD_BONUS, JOKER, POINTS, Assignment, best_seats,
                                   continuations, extends, first_pair, grade, group_kind,
                                   group_shape, pairs_with, points, rank_key, rank_position,
                                   report, starters)
from game.deadline.state import FINAL_ROTATION, HAND_SIZE, MIDTERM_ROTATION, State

__all__ = ["State", "Assignment", "grade", "report", "best_seats", "points", "rank_position",
           "rank_key", "group_kind", "group_shape", "extends",
           "continuations", "pairs_with", "first_pair",
           "starters", "JOKER", "POINTS", "FOUR_CARD_BONUS", "HAND_SIZE", "MIDTERM_ROTATION",
           "FINAL_ROTATION"]
