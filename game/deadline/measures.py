"""Deadline's measures for the designers' balance report: exam results and extra credit,
and the semester's stages in words (the score curve's steps; the table says them too)."""
from collections import Counter

from game.measures import Measures

EXAMS = {"midterm": "Midterm", "final": "Final Exam"}


def semester(phase, rotation):
    """Where the semester stands, in words: 'First half: rotation 2 of 3', 'Midterm'."""
    if phase == "exam":
        return EXAMS["midterm" if rotation <= 3 else "final"]
    if phase in ("draw_back", "grading"):
        return {"draw_back": "Draw-back", "grading": "Grading"}[phase]
    half = "First half" if rotation <= 3 else "Second half"
    what = "exchange" if phase == "exchange" else "rotation"
    return f"{half}: {what} {(rotation - 1) % 3 + 1} of 3"


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
    seat=_deadline_seat,
    game=_deadline_game,
    curve_events=frozenset({"phase"}), curve_label="phase of the semester",
    curve_step=lambda detail: semester(detail["phase"], detail["rotation"]))
