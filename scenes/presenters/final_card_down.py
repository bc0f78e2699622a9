"""Final Card-Down at the table: the colour in force with its swatch, the 2s owed, and
who went out."""
from scenes.presenters.default import Presenter


class FinalCardDown(Presenter):
    """Final Card-Down's words and side panel."""

    EVENT_WORDS = dict(Presenter.EVENT_WORDS,
                       blocked=lambda who, d: f"{who} cannot draw: nothing is left, the game ends")
    SKIP_FACTS = Presenter.SKIP_FACTS | {"played_this_turn", "draws_this_turn", "skip_pending", "blocked"}
    FACT_LABELS = dict(Presenter.FACT_LABELS, color="Colour in force", cards_owed="Cards owed",
                       active_twos="Active 2s")

    def side_facts(self, view, names):
        """The facts, with the colour in force shown as its colour too."""
        colour = view.facts.get("color")
        return [(label, value, colour if label == self.FACT_LABELS["color"] else None)
                for label, value, _ in super().side_facts(view, names)]

    def breakdown(self, facts, seat, names):
        """Went out, or the points of the cards still held."""
        return "went out" if facts.get("winner") == seat else "points in hand"
