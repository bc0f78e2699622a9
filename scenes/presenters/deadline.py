"""Deadline at the table: each assignment lies with its owner, extra credit with the
assignment it extends; the grades in the scoring breakdown."""
from scenes.presenters.default import Presenter, plural


class Deadline(Presenter):
    """Deadline's words, owners and grades."""

    KIND_LABELS = dict(Presenter.KIND_LABELS, cancel_group="Cancel group", finish_exam="Finish exam")
    POSITION_ARGS = frozenset({"take"})
    EVENT_WORDS = dict(Presenter.EVENT_WORDS, finish_exam=lambda who, d: f"{who} finished the exam")
    SEAT_FACTS = frozenset({"leader"})

    def owners(self, view):
        """Extra credit lies with the assignment it extends."""
        owner = super().owners(view)
        for zone in view.zones:
            kind, _, k = zone.key.partition(":")
            if kind == "extra" and f"assignment:{k}" in owner:
                owner[zone.key] = owner[f"assignment:{k}"]
        return owner

    def breakdown(self, facts, seat, names):
        """Assignments completed, cancelled, incomplete, extra credit, the hand penalty."""
        grades = facts.get("grades") or []
        if seat >= len(grades):
            return ""
        g = grades[seat]
        parts = [f"{plural(len(g.get('completed', [])), 'assignment')} completed"]
        if g.get("cancelled"):
            parts.append(f"{len(g['cancelled'])} cancelled by jokers")
        if g.get("incomplete"):
            parts.append(f"{g['incomplete']} incomplete")
        if g.get("extra_credit"):
            parts.append(f"extra credit {g['extra_credit']}")
        if g.get("hand_penalty"):
            parts.append(f"-{g['hand_penalty']} for cards in hand")
        return ", ".join(parts)
