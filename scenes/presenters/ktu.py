"""KTU at the table: the pile, the burns, blind plays; who went out in which place."""
from scenes.presenters.default import Presenter, ordinal


class Ktu(Presenter):
    """KTU's words."""

    KIND_LABELS = dict(Presenter.KIND_LABELS, pick_up="Take the pile", choose_faceup="Choose face-up cards",
                       play_blind="Play blind")
    POSITION_ARGS = frozenset({"play_blind"})
    EVENT_WORDS = dict(Presenter.EVENT_WORDS,
                       blind_fail=lambda who, d: f"{who}'s blind {d} failed: they pick up the pile",
                       pick_up=lambda who, d: f"{who} picked up the pile ({d} cards)",
                       burn=lambda who, d: f"{who} burned the pile")
    TOASTS = Presenter.TOASTS | {"burn", "pick_up", "blind_fail"}
    PLAY_PILES = ("pile",)
    SEAT_FACTS = frozenset({"first_player"})
    FACT_LABELS = dict(Presenter.FACT_LABELS, turn_no="Turn")

    def breakdown(self, facts, seat, names):
        """Out in which place, or still holding cards."""
        finished = facts.get("finished") or []
        if seat in finished:
            return f"went out {ordinal(finished.index(seat) + 1)}"
        return "cards still held"
