"""Play Design, 4 downs, at the table: knocks, folds, downs won, yards lost."""
from scenes.presenters.default import Presenter, yards_line


class FourDowns(Presenter):
    """4 downs' words."""

    KIND_LABELS = dict(Presenter.KIND_LABELS, knock="Knock", fold="Fold", call="Call")
    EVENT_WORDS = dict(Presenter.EVENT_WORDS,
                       **{"pass": lambda who, d: f"{who} passed"},
                       round_won=lambda who, d: f"{who} won down {d}",
                       knock=lambda who, d: f"{who} knocked: the stake is {d}",
                       fold=lambda who, d: f"{who} folded and loses {d} yards",
                       shuffle=lambda who, d: f"{who} shuffled the {d} deck" if d else f"{who} shuffled")
    TOASTS = Presenter.TOASTS | {"knock", "fold", "call"}
    SEAT_FACTS = frozenset({"dealer", "leader", "lead_seat", "last_knocker", "hand_winner"})

    def breakdown(self, facts, seat, names):
        """Yards lost, and out or folded."""
        return yards_line(facts, seat, "lost")
