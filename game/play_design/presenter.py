"""What the two Play Design games share at the table: yards as the score, the coin toss
(sudden death's too) and calling a knock at a stake."""
from game.presenter import Presenter


class PlayDesign(Presenter):
    """The words 4 downs and 5 possessions share."""

    EVENT_WORDS = dict(Presenter.EVENT_WORDS,
                       toss=lambda who, d: f"{who} won the toss" + (" for sudden death" if d == "sudden death" else ""),
                       call=lambda who, d: f"{who} called at stake {d}")
    YARDS = "scored"        # what the yards are: 'scored' or 'lost'
    YARD_MARKS = ()         # facts of [flag per seat] also told after the yards ('out', 'folded')

    def __init__(self, info):
        """The presenter, with the deck's cards by name (a down's or a lane's result reads
        their colour, side, number and dots)."""
        super().__init__(info)
        self.by_name = {name: copies[0] for name, copies in info.load_deck().by_name.items()}

    def breakdown(self, view, seat, names):
        """The yards in words: '40 yards lost, out, folded'."""
        facts = view.facts
        parts = [f"{facts['yards'][seat]} yards {self.YARDS}"]
        parts += [mark for mark in self.YARD_MARKS if facts[mark][seat]]
        return ", ".join(parts)
