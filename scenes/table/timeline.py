"""What the table still has to show, as beats for the scene to play (no pygame).

The model of the table owns a Timeline. A change's events are received as it happens and
held back while nobody may look (behind the curtain); when they are shown they become a
`Present` beat, which the scene's stage plays: the cards fly (and flip when they come to
light), a toast says the event, a sound plays, the die rolls. A `Cue` beat is a sound
alone (the person's turn, a move refused). A `Reset` beat stops everything in flight (an
undo, a game replaced) and sets the die to its last roll. The stage reports what has not
landed yet, so the log and the pace of play wait for it; a `Still` stage lands
everything at once (a model stepped without a window).

Beats to come plug in here: a callout for an event (a skip, a burn, a touchdown) or a
count-up at a hand's end is a beat with its seconds, made from the events by the
presenter's words, paced by the animation speed (none at Instant), and a key that skips
is a beat that lands everything at once.
"""
from typing import NamedTuple


class Present(NamedTuple):
    """A beat: show `events` as seat `seen_by` saw them (flights, flips, toasts, sounds,
    the die); `after_change`: the cards fly from where they lay before the change that
    made them, else from their zones; `view`: the table after them (who won a hand)."""

    events: list
    seen_by: object
    after_change: bool
    view: object = None


class Cue(NamedTuple):
    """A beat: play the sound `name` (sprites.sound.NAMES): the person's turn has come,
    a move was refused."""

    name: str


class Reset(NamedTuple):
    """A beat: stop everything in flight; the die shows `die` (None: no die)."""

    die: object


class Still:
    """A stage where everything lands at once (nothing in flight, ever)."""

    flights = ()
    rolling = 0.0

    def untold(self):
        return 0

    def busy(self):
        return False


class Timeline:
    """The events still to show (`pending`), the beats made of them for the scene, and the
    `stage` that plays them; it starts with the die at `die`."""

    def __init__(self, pending, die, stage=None):
        self.pending = list(pending)
        self.stage = stage or Still()
        self._beats = [Reset(die)]

    def receive(self, events):
        """A change's events, to be shown."""
        self.pending.extend(events)

    def show(self, seen_by, after_change=False, view=None):
        """Show the events received, as seat `seen_by` sees them, the table after them
        being `view`; returns them."""
        events, self.pending = self.pending, []
        self._beats.append(Present(events, seen_by, after_change, view))
        return events

    def cue(self, name):
        """Sound `name` (in order with the beats around it)."""
        self._beats.append(Cue(name))

    def reset(self, die):
        """Nothing more is shown of what came before (an undo, a game replaced); the die
        shows `die`."""
        self.pending = []
        self._beats.append(Reset(die))

    def take(self):
        """The beats to play, in order (and forgotten here)."""
        beats, self._beats = self._beats, []
        return beats

    def settled(self):
        """Has everything shown so far landed (nothing in flight, no event still to show,
        the die still)?"""
        return not (self.stage.flights or self.pending or self.stage.rolling > 0)

    def told(self, count):
        """How many of a game's `count` events the table has told: all but those still to
        show and those whose cards are still in flight."""
        return count - len(self.pending) - self.stage.untold()

    def busy(self):
        """Does anything still move on the stage?"""
        return self.stage.busy()
