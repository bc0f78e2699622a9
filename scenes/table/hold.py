"""What stays on the table before play goes on: an outcome's hold (no pygame).

`Hold` keeps the outcomes of a change (a down's winner, a hand's end, each lane's result,
a failed blind card) on the table until the person goes on, and pauses play a moment when
the device passes to another person. The model of the table owns it; the scene draws its
outcomes (scenes/table/draw.py). `Holding` is the model's side of what it holds back,
mixed into it (scenes/table/model.py).
"""
from typing import NamedTuple

from game.core import SharedEvent

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

    def decide(self, events, waits, lane, words, pace, passing, context=None, first=0, mid_move=()):
        """Hold the outcomes of `events` (the game's from number `first`) whose kinds are
        in `waits` (the presenter's WAITS, as the director passes them on; `words(event)`
        is an event's line, `lane(event)` the lane it is written on), with `context`,
        where the game stood before them; from the next stage's first event after the
        last of them (NEXT: the next down, rotation or line begun), or from the event
        after one of the `mid_move` kinds (the presenter's MID_MOVE), nothing is told
        until play goes on (`upto`). `pace` is the animation speed against the normal one
        (0, Instant: nothing waits). A move after which the device is `passing` to
        another person pauses a moment, for the move to be seen."""
        if pace <= 0:
            return
        held = None
        for k, event in enumerate(events):
            if event.kind in waits:
                self.add(Outcome(event.seat, words(event), lane(event)), context=context)
                held = k
        after = () if held is None else [k for k in range(held + 1, len(events))
                                         if events[k].kind in NEXT or events[held].kind in mid_move]
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


class Holding:
    """The model of the table's side of what it holds back (scenes/table/model.py mixes it
    in): the next line's cards while a line is revealed and read (their events wait in
    the timeline, the table shows them where they were), the events held behind the
    curtain, and play going on once an outcome is read."""

    def told_elsewhere(self):
        """Is a line told, instead of by its callouts, by its outcomes held to be read or
        by the director's own words (a lesson's coach), or is the director's work over?"""
        return self.hold.wait or self.director.waiting(self.seen) or self.director.finished(self.seen)

    def hold_rest_of_move(self, seen, before):
        """An outcome held in the middle of a move (the presenter's MID_MOVE: a failed
        blind card on the pile it did not beat) is read where it happened: the rest of
        the move (`seen`: the events shown) waits until it is read, and the words tell
        the game as it stood `before` the move (the card to beat). True if any waits."""
        mid = [k for k, event in enumerate(seen) if event.kind in self.presenter.MID_MOVE]
        if not mid or mid[-1] + 1 >= len(seen):
            return False
        self.timeline.hold_back(mid[-1] + 1)
        self.held_back = True
        self.held_facts = None if before is None else before.facts
        return True

    def hold_next_cards(self, seen, first, before):
        """While a line is revealed step by step, or its outcomes are held to be read,
        the cards dealt after it (the next line's) wait: they come into the hands once the
        reveal is over and the outcomes read (`seen`: the events shown, the game's from
        number `first`; `before`: the table before them). True if any wait."""
        told = max((call.event for call, _ in self.timeline.callouts if call.reveal is not None),
                   default=max((first + k for k, event in enumerate(seen) if event.kind in self.presenter.WAITS),
                               default=None))
        if told is None:
            return False
        hands = {z.key for z in self.whole.zones if z.kind == "hand"}
        after = [(k, event) for k, event in enumerate(seen) if first + k > told and event.kind == SharedEvent.MOVE]
        ends = any(first + k > told and event.kind == "possession" for k, event in enumerate(seen))
        start = next((k for k, event in after if ends or event.dst in hands), None)
        if start is not None:
            self.timeline.hold_back(start)
            self.held_back = True
            self.held_facts = before.facts if ends else None
        return start is not None

    def unshown(self, view, events=None):
        """`view` with the cards of the moves still to show (or of `events`, the latest
        not landed) where they were before them (the next line's cards still in their
        stacks, not yet in the hands): face down where nothing lies face up (a stack)."""
        zones = {z.key: list(z.cards) for z in view.zones}
        face_down = {z.key for z in view.zones if z.kind == "stack" or not any(card is not None for card in z.cards)
                     and z.cards}
        for raw in reversed(self.timeline.pending if events is None else events):
            event = raw.for_seat(self.looking.viewer)
            if event.kind != SharedEvent.MOVE or event.dst not in zones or event.src not in zones:
                continue
            back = []                       # the move's cards, last first, as they leave
            for card in reversed(event.cards):
                landed = zones[event.dst]
                at = next((k for k in range(len(landed) - 1, -1, -1) if landed[k] is card), None)
                if at is None:              # a card seen on its way that lands face down (in a box)
                    at = next((k for k in range(len(landed) - 1, -1, -1) if landed[k] is None), None)
                if at is not None:
                    landed.pop(at)
                    back.append(None if event.src in face_down else card)
            zones[event.src] += reversed(back)      # in the order they lay there
        return view._replace(zones=tuple(z._replace(cards=tuple(zones[z.key])) for z in view.zones))

    def continue_on(self):
        """The person has read the outcome held on the table: play goes on."""
        if not self.hold.wait:
            return
        self.hold.release()
        self.refresh()

    def release_hold(self):
        """Nothing the table held back waits any more: the next line's cards and the
        possession's facts (see hold_next_cards), a hand's facts."""
        self.held_back = False
        self.held_facts = None
        self.hand_facts = None

    def catch_up(self):
        """Events held back (behind the curtain, or from before the table opened) are
        shown once the curtain is down (and the next line's cards, held back by a line's
        reveal, once it is over and its outcome read)."""
        if self.looking.curtain is None and self.timeline.pending and not self.holding_back():
            if self.held_back:
                self.panel_before = self.view       # the panel tells the line read while the next one's cards fly
                self.release_hold()
                self.shape()
            self.changed()
            self.present()

    def holding_back(self):
        """Do the next line's cards still wait (its reveal on, or its outcome unread, or the coach
        still telling it)?"""
        return self.before_reveal is not None or self.held_back and self.told_elsewhere()
