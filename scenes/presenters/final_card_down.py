"""Final Card-Down at the table: the colour in force with its swatch, the 2s owed, and
who went out."""
from scenes.presenters.default import Presenter, plural


class FinalCardDown(Presenter):
    """Final Card-Down's words and side panel."""

    EVENT_WORDS = dict(Presenter.EVENT_WORDS,
                       blocked=lambda who, d: f"{who} cannot draw: nothing is left, the game ends")
    DEAL_SIZE = 2
    SCORE_UNIT = "points in hand"
    SKIP_FACTS = Presenter.SKIP_FACTS | {"turn", "played_this_turn", "draws_this_turn", "skip_pending", "blocked"}
    FACT_LABELS = dict(Presenter.FACT_LABELS, color="Colour in force", cards_owed="Cards owed",
                       active_twos="Active 2s")

    def context(self, view, names):
        """The turn's number."""
        turn = view.facts.get("turn", 0)
        return "" if view.is_over else f"Turn {turn + 1}"

    def instruction(self, view, names, selected):
        """Play on the top card, answer the 2s, draw, or end the turn."""
        facts = view.facts
        twos, drawn = facts.get("active_twos", 0), facts.get("draws_this_turn", 0)
        if facts.get("played_this_turn"):
            return "End your turn" + (": the next player is skipped" if facts.get("skip_pending") else "")
        if twos:
            owed = 2 * twos
            if drawn >= owed:
                return f"Penalty drawn ({plural(owed, 'card')}): end your turn"
            if drawn:
                return f"Draw the penalty: {drawn} of {owed} cards drawn"
            return f"Facing {plural(twos, 'active 2')}: play a 2, or draw {plural(owed, 'card')}"
        if drawn:
            after = view.options.get("fcd.play_after_draw")
            if after == "none":
                return "You drew a card: end your turn"
            what = "the card you drew" if after == "drawn_only" else "a matching card"
            return f"You drew a card: play {what} or end your turn"
        top = view.zone("discard").cards[-1]
        return (f"Play a card on the {top.spoken} (same value or suit, or {facts.get('color')}; "
                "a 0 on anything), or draw one")

    def waiting(self, view, seat, names):
        """Whom the 2s are owed by."""
        twos = view.facts.get("active_twos", 0)
        if twos and not view.facts.get("played_this_turn"):
            return f"{names[seat]} faces {plural(twos, 'active 2')}"
        return ""

    def side_facts(self, view, names):
        """The facts, with the colour in force shown as its colour too."""
        colour = view.facts.get("color")
        return [(label, value, colour if label == self.FACT_LABELS["color"] else None)
                for label, value, _ in super().side_facts(view, names)]

    def breakdown(self, facts, seat, names):
        """Went out, or the points of the cards still held."""
        return "went out" if facts.get("winner") == seat else "points in hand"
