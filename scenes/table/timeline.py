"""What the table still has to show, as beats for the scene to play (no pygame).

The model of the table owns a Timeline. A change's events are received as it happens and
held back while nobody may look (behind the curtain); when they are shown they become a
`Present` beat, which the scene's stage plays: the cards fly (and flip when they come to
light), a toast says the event, a sound plays, the die rolls. A `Cue` beat is a sound
alone (the person's turn, a move refused). A `Reset` beat stops everything in flight (an
undo, a game replaced) and sets the die to its last roll. The stage reports what has not
landed yet, so the log and the pace of play wait for it; a `Still` stage lands
everything at once (a model stepped without a window).

A callout (game/presenter.Callout: a skip, a burn, a touchdown, a hand's count, a lane's
result) is held on the table for its seconds, paced by the animation speed (none at
Instant), one after another, each once everything before it has landed; a key or a click
skips them all (`skip()`), and lands whatever still flies. A die rolled tumbles until
the stage has played it (`rolling()`): until then its face is told nowhere. A callout that stands for a
step of a line's reveal (`reveal`) keeps the later cards of the line face down until it
shows (`revealing()`): 5 possessions reveals lane by lane.
"""
from typing import NamedTuple

from game.core import SharedEvent


def rolled(events):
    """Is a die rolled among `events`?"""
    return any(event.kind == SharedEvent.ROLL for event in events)


class Present(NamedTuple):
    """A beat: show `events` as seat `seen_by` saw them (flights, flips, toasts, sounds,
    the die); `after_change`: the cards fly from where they lay before the change that
    made them, else from their zones; `view`: the table after them (who won a hand);
    `called`: the positions of the events called out (no toast says them again)."""

    events: list
    seen_by: object
    after_change: bool
    view: object = None
    called: frozenset = frozenset()


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

    def land(self):
        """Nothing flies here."""


class Timeline:
    """The events still to show (`pending`), the beats made of them for the scene, and the
    `stage` that plays them; it starts with the die at `die`."""

    def __init__(self, pending, die, stage=None):
        self.pending = list(pending)
        self.stage = stage or Still()
        self._beats = [Reset(die)]
        self.callouts = []      # [[Callout, seconds left]], the first shown once everything before it landed
        self.unplayed_roll = False      # a roll shown, in a beat the stage has not taken yet

    def receive(self, events):
        """A change's events, to be shown."""
        self.pending.extend(events)

    def show(self, seen_by, after_change=False, view=None):
        """Show the events received, as seat `seen_by` sees them, the table after them
        being `view`; returns them."""
        events, self.pending = self.pending, []
        self._beats.append(Present(events, seen_by, after_change, view))
        self.unplayed_roll = self.unplayed_roll or (not isinstance(self.stage, Still) and rolled(events))
        return events

    def hold_back(self, start):
        """The last events shown, from their number `start` on, wait to be shown again
        (a line's next cards come into the hands once its reveal is over)."""
        beat = self._beats[-1] if self._beats else None
        if isinstance(beat, Present) and 0 <= start < len(beat.events):
            self.pending[:0] = beat.events[start:]
            self._beats[-1] = beat._replace(events=beat.events[:start],
                                            called=frozenset(k for k in beat.called if k < start))

    def cue(self, name):
        """Sound `name` (in order with the beats around it)."""
        self._beats.append(Cue(name))

    def reset(self, die):
        """Nothing more is shown of what came before (an undo, a game replaced); the die
        shows `die`."""
        self.pending = []
        self.callouts = []
        self.unplayed_roll = False
        self._beats.append(Reset(die))

    def call(self, callouts, pace, first=0, coached=()):
        """Hold `callouts` on the table after those already waiting, each for its seconds
        times `pace` (the animation speed against the normal one; 0, Instant: none);
        `first`: the game's number of the first event they were made of (each event
        called out is told as its last callout shows: see told). `coached`: the callouts
        a lesson's coach tells in its own words instead: no note tells them either."""
        called = {call.event for call in coached}
        if pace > 0:
            self.callouts += [[call._replace(seconds=call.seconds * pace, event=first + call.event),
                               call.seconds * pace] for call in callouts]
            called |= {call.event for call in callouts}
        if called and self._beats and isinstance(self._beats[-1], Present):
            beat = self._beats[-1]
            self._beats[-1] = beat._replace(called=beat.called | called)

    @property
    def callout(self):
        """The callout shown now: the first waiting, once everything before it has
        landed (None: none)."""
        if not self.callouts or self.stage.flights or self.stage.rolling > 0:
            return None
        return self.callouts[0][0]

    def held(self):
        """How far the callout shown has come, from 0 to 1 (None: none shown)."""
        if self.callout is None:
            return None
        call, left = self.callouts[0]
        return max(0.0, min(1.0, 1 - left / max(1e-6, call.seconds)))

    def tick(self, dt):
        """`dt` seconds later: the callout shown is held that much longer; True when one
        has gone (a frame to draw, a step of a reveal to lay out)."""
        if self.callout is None:
            return False
        head = self.callouts[0]
        head[1] -= dt
        if head[1] > 0:
            return False
        self.callouts.pop(0)
        return True

    def skip(self):
        """A key or a click: every callout goes, whatever still flies lands; True if
        anything was skipped."""
        skipped = bool(self.callouts or self.stage.flights or self.stage.rolling > 0)
        self.callouts = []
        self.stage.land()
        return skipped

    def hiding_scores(self):
        """Does a callout still to go keep the scores as they stood (a count-up)?"""
        return any(call.hides_scores for call, _ in self.callouts)

    def revealing(self):
        """The step of a line's reveal the table shows now, (lane, side shown) (see
        game/presenter.Callout), or None once none waits: the first callout still to go
        that stands for one."""
        return next((call.reveal for call, _ in self.callouts if call.reveal is not None), None)

    def take(self):
        """The beats to play, in order (and forgotten here): the stage plays them now."""
        beats, self._beats = self._beats, []
        self.unplayed_roll = False
        return beats

    def rolling(self):
        """Does a die rolled still tumble (received and not shown yet, shown and not yet
        taken by the stage, or still spinning on it)? Its face is told nowhere until it
        stops; a Still stage stops it at once."""
        return self.unplayed_roll or self.stage.rolling > 0 or rolled(self.pending)

    def unplayed(self):
        """Are events shown in a beat the stage has not taken yet (their cards not yet on
        their way)? A Still stage lands them as they are shown."""
        return not isinstance(self.stage, Still) and any(isinstance(beat, Present) and beat.events
                                                         for beat in self._beats)

    def unlanded(self):
        """How many of the latest events have not landed yet: still to show, shown in a
        beat the stage has not taken, or their cards still in flight."""
        untaken = sum(len(beat.events) for beat in self._beats if isinstance(beat, Present))
        return len(self.pending) + untaken + self.stage.untold()

    def settled(self, held=False, calling=True):
        """Has everything shown so far landed (nothing in flight, no event still to show
        but those `held` back on purpose, the die still, no callout held unless `calling`
        is False: a callout still showing then counts as landed)?"""
        return not (self.stage.flights or self.pending and not held or self.stage.rolling > 0
                    or calling and self.callouts)

    def told(self, count):
        """How many of a game's `count` events the table has told: all but those still to
        show, those whose cards are still in flight and those from the first still to be
        called out. An event called out is told as its (last) callout shows, so the log
        keeps pace with the table (a burn's line as 'Burned!' stands); the events a
        count-up keeps the scores for only once it has gone."""
        told = count - len(self.pending) - self.stage.untold()
        if not self.callouts:
            return told
        head = self.callouts[0][0]
        if self.callout is None or head.hides_scores:
            return min(told, head.event)
        return min(told, self.callouts[1][0].event) if len(self.callouts) > 1 else told

    def busy(self):
        """Does anything still move on the stage, or a callout wait to go?"""
        return bool(self.stage.busy() or self.callouts)
