"""Play Design, 5 possessions, at the table: the field of lanes (the other coach's line
at the top, each lane's open and closed cards in the middle, the viewer's line at the
bottom), one back per coach, and the yards scored."""
from scenes.presenters.default import Presenter, yards_line

# Rows of the field: (row, half of the lane's width).
ROWS = {"other": (0, 0), "open": (1, 0), "closed": (1, 1), "mine": (2, 0)}


def _lane_result(who, d):
    lane = d["lane"] + 1
    if not d.get("open"):
        return f"Lane {lane}: closed card, {who} holds the lane"
    return (f"Lane {lane}: {d['offense']} {d['offense_dots']} dots against "
            f"{d['defense']} {d['defense_dots']}: {who} wins it")


class FivePossessions(Presenter):
    """5 possessions' field, backs and words."""

    LANE_ARGS = frozenset({"place"})
    EVENT_WORDS = dict(Presenter.EVENT_WORDS,
                       choose=lambda who, d: f"{who} chose {d}",
                       possession=lambda who, d: f"Possession {d}: {who} on offense",
                       reveal=lambda who, d: (f"{who} revealed lane {d + 1}" if isinstance(d, int)
                                              else Presenter.EVENT_WORDS["reveal"](who, d)),
                       tie_break=lambda who, d: "Tied: a pair of possessions decides",
                       sudden_death=lambda who, d: "Still tied: sudden death",
                       lane=_lane_result)
    TOASTS = Presenter.TOASTS | {"toss"}
    SKIP_FACTS = Presenter.SKIP_FACTS | {"table"}
    SEAT_FACTS = frozenset({"offense", "defense", "chooser"})

    def back_of(self, view, zone_key):
        """Each coach plays with a deck of their own: a hidden card shows its owner's back."""
        backs = view.facts.get("backs")
        owner = next((z.owner for z in view.zones if z.key == zone_key), None)
        if backs and owner is not None:
            return backs[owner]
        return super().back_of(view, zone_key)

    def field(self, view, anchor, names):
        """The lanes: each coach's line ('line:<seat>:<lane>'), the open and closed cards
        ('open:<lane>', 'closed:<lane>')."""
        cells = {}
        for zone in view.zones:
            parts = zone.key.split(":")
            if parts[0] == "line" and len(parts) == 3:
                lane, seat = int(parts[2]), int(parts[1])
                row = "mine" if seat == anchor else "other"
                caption = f"Lane {lane + 1}: " + ("your line" if row == "mine" else names[seat])
            elif parts[0] in ("open", "closed") and len(parts) == 2:
                lane, row = int(parts[1]), parts[0]
                caption = f"{row.capitalize()} ({zone.count})"
            else:
                continue
            cells[zone.key] = (lane, *ROWS[row], caption)
        return cells

    def breakdown(self, facts, seat, names):
        """Yards scored."""
        return yards_line(facts, seat, "scored")
