"""Deadline's measures for the designers' balance report: exam results and extra credit."""
from collections import Counter

from game.measures import Measures, dealt_ranks


def _deadline_game(state):
    """Deadline: exam results (assignments laid down at each exam, extra credit)."""
    exams = Counter(a.exam for a in state.assignments)
    extra = sum(len(a.extras) for a in state.assignments)
    return ({"Midterm assignments": exams.get("midterm", 0),
             "Final Exam assignments": exams.get("final", 0),
             "extra credit cards": extra},
            {"assignments per student": dict(Counter(
                str(sum(a.owner == s for a in state.assignments)) for s in range(state.players)))})


def _deadline_seat(state):
    """Deadline: each student's assignments and the extra credit they played."""
    return {"assignments": [sum(a.owner == s for a in state.assignments)
                            for s in range(state.players)],
            "extra credit played": [sum(seat == s for a in state.assignments
                                        for seat, _ in a.extras)
                                    for s in range(state.players)]}


MEASURES = Measures(
    dealt=dealt_ranks({"dealt a joker": "JK"}, ("hands",)),
    seat=_deadline_seat,
    game=_deadline_game,
    curve_events=frozenset({"phase"}), curve_label="phase of the semester")
