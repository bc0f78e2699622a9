"""What stays on the table before play goes on: an outcome's hold (no pygame).

`Hold` keeps the outcomes of a change (a down's winner, a hand's end, each lane's result,
a failed blind card) on the table until the person goes on, and pauses play a moment when
the device passes to another person. The model of the table owns it; the scene draws its
outcomes (scenes/table/draw.py).
"""
from typing import NamedTuple

NEXT = frozenset({"phase", "possession"})   # the kinds of event that begin the next stage of play


class Outcome(NamedTuple):
    """An outcome shown on the table: the seat it favours (None: nobody), its words, and
    the field lane it is written on (None: the banner over the table)."""

    seat: object
    words: str
    lane: object = None


class Hold:
    """What stays on the table before play goes on: outcomes to be read (a down's winner,
    a hand's end, each lane's result, a failed blind card), which wait until the person
    at the screen goes on (any key or click: Continue); and a pause of some seconds (in
    pass-and-play, a person's move before the curtain falls).

    The model of the table uses: `add(outcome, seconds, wait, context)`, `decide(...)`
    for a change's events, `update(dt)`, `release()` (Continue), `clear()`; `waiting` says
    whether the table waits for Continue now, `outcomes` what is shown, and `context` where
    the game stood when the first of them came (the top bar's words for the moment shown,
    while the game has already moved on to the next down, round or hand)."""

    def __init__(self):
        self.seconds = 0.0      # how long play still pauses
        self.outcomes = []      # the outcomes shown, in order
        self.wait = False       # once the seconds are up, the outcomes stay until release()
        self.context = None     # where the game stood at the first outcome shown (None: no outcome)
        self.upto = None        # how many of the game's events are told while play waits (None: no limit)

    @property
    def outcome(self):
        """The outcome in the banner over the table (the newest not on a lane), or None."""
        return next((o for o in reversed(self.outcomes) if o.lane is None), None)

    @property
    def waiting(self):
        """Does play wait for the person to go on (Continue)?"""
        return self.wait and self.seconds == 0

    def held(self):
        """Is play held (pausing, or waiting for Continue)?"""
        return self.seconds > 0 or self.wait

    def clear(self):
        """Nothing stays any more (a move taken back)."""
        self.seconds = 0.0
        self.outcomes = []
        self.wait = False
        self.context = None
        self.upto = None

    release = clear

    def add(self, outcome, seconds=0.0, wait=True, context=None):
        """Show `outcome` (an Outcome, or None for a pause alone), keep play still for at
        least `seconds`, and then, if `wait`, until release(); `context`: where the game
        stood when it came (kept from the first outcome shown)."""
        if outcome is not None:
            if not self.outcomes:
                self.context = context
            self.outcomes.append(outcome)
        self.seconds = max(self.seconds, seconds)
        self.wait = self.wait or wait

    def decide(self, events, waits, lane, words, pace, passing, context=None, first=0):
        """Hold the outcomes of `events` (the game's from number `first`) whose kinds are
        in `waits` (the presenter's WAITS, as the director passes them on; `words(event)`
        is an event's line, `lane(event)` the lane it is written on), with `context`,
        where the game stood before them; from the next stage's first event after the
        last of them (NEXT: the next down, rotation or line begun) nothing is told until
        play goes on (`upto`). `pace` is the animation speed against the normal one
        (0, Instant: nothing waits). A move after which the device is `passing` to
        another person pauses a moment, for the move to be seen."""
        if pace <= 0:
            return
        held = None
        for k, event in enumerate(events):
            if event.kind in waits:
                self.add(Outcome(event.seat, words(event), lane(event)), context=context)
                held = k
        after = () if held is None else [k for k in range(held + 1, len(events)) if events[k].kind in NEXT]
        if after:
            self.upto = first + after[0]
        if passing:
            self.add(None, 0.8 * pace, wait=False)

    def update(self, dt):
        """Count `dt` seconds down; True when the pause has just ended (a redraw)."""
        if self.seconds <= 0:
            return False
        self.seconds = max(0.0, self.seconds - dt)
        if self.seconds == 0 and not self.wait:
            self.outcomes = []
            self.context = None
        return self.seconds == 0
