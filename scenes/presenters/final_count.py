"""Final Count at the table: the die beside the board, picks from others' cards; each
hand's count in the scoring breakdown."""
from scenes.presenters.default import Presenter, seat_name


class FinalCount(Presenter):
    """Final Count's words and picks."""

    KIND_LABELS = dict(Presenter.KIND_LABELS, roll="Roll", call="Call", decline="Decline",
                       to_board="To the board")
    SEAT_ARGS = frozenset({"give"})
    EVENT_WORDS = dict(Presenter.EVENT_WORDS,
                       hand=lambda who, d: f"Hand {d}: {who} deals",
                       goal=lambda who, d: f"The goal is {d}",
                       exhausted=lambda who, d: "The draw pile is empty: the hand ends",
                       collect=lambda who, d: f"{who} takes the cards back",
                       decline=lambda who, d: f"{who} let the {d} go")
    TOASTS = Presenter.TOASTS | {"call", "goal"}
    SEAT_FACTS = frozenset({"dealer", "caller"})

    def arg_label(self, arg, names, kind=""):
        """A pick 'seat:position' reads 'Theo, card 2'."""
        if isinstance(arg, str) and ":" in arg:
            seat, _, pos = arg.partition(":")
            who = seat_name(names, int(seat)) if seat.isdigit() else ""
            if who:
                return f"{who}, card {int(pos) + 1}" if pos.isdigit() else f"{who} {pos}"
        return super().arg_label(arg, names, kind)

    def picks(self, action, owner, index, viewer):
        """A pick names the seat and the position: 'seat:position'."""
        arg = action.arg
        if isinstance(arg, str) and ":" in arg:
            seat, _, pos = arg.partition(":")
            return seat.isdigit() and pos.isdigit() and int(seat) == owner and int(pos) == index
        return super().picks(action, owner, index, viewer)

    def die_centre(self, board):
        """The die lies right of the board and whatever lies in line with it."""
        x, y, w, h = board.boxes["board"]
        right = max(bx + bw for bx, by, bw, bh in board.boxes.values() if by == y)
        return right + 50, y + h / 2

    def breakdown(self, facts, seat, names):
        """The hand's cards, its count or bust, the goal, the caller's bonus, the points."""
        seats = (facts.get("last_hand") or {}).get("seats") or []
        if seat >= len(seats):
            return ""
        s = seats[seat]
        parts = [", ".join(self.card_words(name) for name in s.get("cards", []))]
        if s.get("bust"):
            parts.append("bust")
        elif s.get("best") is not None:
            parts.append(f"count {s['best']}")
        if s.get("hit"):
            parts.append("hit the goal")
        if s.get("bonus"):
            parts.append(f"caller bonus {s['bonus']}")
        parts.append(f"+{s.get('points', 0)} this hand")
        return ", ".join(p for p in parts if p)
