"""High Card at the table: the round, the card to beat, the rounds each player won."""
from game.presenter import Presenter, plural, seat_name


class HighCard(Presenter):
    """High Card's words."""

    EVENT_WORDS = dict(Presenter.EVENT_WORDS, round_won=lambda who, d: f"{who} won round {d}")
    MOVE_WORDS = {("hand", "played"): "{who} played {what}", ("played", "taken"): None}
    WAITS = Presenter.WAITS | {"round_won"}
    TOASTS = Presenter.TOASTS | {"round_won"}
    DEAL_SIZE = 2
    SKIP_FACTS = Presenter.SKIP_FACTS | {"round", "rounds", "best", "rounds_won", "leader"}

    def context(self, view, names):
        """The round."""
        return "" if view.is_over else f"Round {view.facts['round']} of {view.facts['rounds']}"

    def instruction(self, view, names, selected):
        """Lead, or beat the best card."""
        best = view.facts["best"]
        if best is None:
            return "Lead any card: the highest card of the round wins it"
        return f"Beat the {self.card_words(best)} to win the round, or throw a low card"

    def side_facts(self, view, names):
        """The card to beat and who leads."""
        best = view.facts["best"]
        return [("Card to beat", self.card_words(best) if best else "none yet", None),
                ("Leader", seat_name(names, view.facts["leader"]), None)]

    def breakdown(self, view, seat, names):
        """Rounds won."""
        return f"{plural(view.facts['rounds_won'][seat], 'round')} won"
