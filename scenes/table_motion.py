"""What moves on the table: cards flying from where they were to where they land
(flipping when revealed), short notes in the top bar (toasts), and the die rolling;
and what stays before play goes on (an outcome's hold).

`Motion.start(...)` turns a change's events into these, from the board before the
change; `Motion.update(dt)` advances them; `Hold` keeps an outcome on the table until
the person goes on. No drawing here (see scenes/table_draw.py).
"""
from typing import NamedTuple

import pygame


def ease(t):
    """The flights' easing: fast out, slow in."""
    return 1 - (1 - t) ** 3


class Flight:
    """One card sliding from one place to another (and flipping if it is revealed)."""

    def __init__(self, card, start, delay, duration, zone, flip):
        self.card = card
        self.start = start
        self.delay = delay
        self.duration = duration
        self.zone = zone
        self.flip = flip
        self.t = -delay

    def done(self):
        """Has the card landed?"""
        return self.t >= self.duration

    def progress(self):
        """How far along it is, eased, from 0 to 1 (None before it takes off)."""
        if self.t < 0:
            return None
        return ease(min(1.0, self.t / self.duration)) if self.duration else 1.0


class Motion:
    """The flights, toasts and die of one table."""

    def __init__(self):
        self.flights = []
        self.toasts = []         # [words, seconds left]
        self.rolling = 0.0       # seconds the die still spins
        self.die_value = None
        self.landing = []        # seconds until each event started lands, in order (never decreasing)

    def clear(self):
        """Stop everything (a replay jumping to another move)."""
        self.flights, self.toasts, self.landing = [], [], []
        self.rolling = 0.0
        self.die_value = None

    def busy(self):
        """Is anything still moving?"""
        return bool(self.flights or self.toasts or self.rolling > 0)

    def untold(self):
        """How many of the events started have not landed yet (the newest ones): the log
        tells an event once its cards are in place and its die has stopped."""
        return len(self.landing)

    def hidden(self):
        """The cards still flying, by the zone they fly to: {zone key: (card ids, hidden count)}."""
        hidden = {}
        for f in self.flights:
            ids, count = hidden.get(f.zone, (set(), 0))
            if f.card is not None:
                ids = ids | {id(f.card)}
            else:
                count += 1
            hidden[f.zone] = (ids, count)
        return hidden

    def start(self, events, seen_by, presenter, words, before, boxes, duration, play, view=None):
        """Start the flights, toasts, sounds and die roll of `events` as seat `seen_by` saw
        them. `before` maps card ids to their rects before the change, `boxes` is a list
        of zone-box maps to find where hidden cards come from, `words(event)` is an
        event's log line, `play(name)` plays a sound (sprites.sound.NAMES), `view` is the
        table after the events (for who won a hand)."""
        centre = presenter.sizes.centre
        if len(events) > 40:
            duration *= 0.4
        delay = 0.0
        sounds = set()
        for raw in events:
            event = raw.for_seat(seen_by)
            lands = delay
            if event.kind == "move" and event.cards and duration > 0:
                n = len(event.cards)
                turned = False
                stagger = min(duration * 0.35, 1.2 / n)
                for i, card in enumerate(event.cards):
                    start = before.get(id(card)) if card is not None else None
                    for zone_boxes in boxes:
                        start = start or _centred(zone_boxes.get(event.src), centre)
                    if start is None:       # from nowhere on this board: it just appears
                        continue
                    flip = card is not None and id(card) not in before
                    turned = turned or flip
                    self.flights.append(Flight(card, start, delay + i * stagger, duration, event.dst, flip))
                    lands = delay + i * stagger + duration
                delay += stagger * (n - 1) + duration * 0.6
                sounds.add("deal" if presenter.is_deal(event) else "flip" if turned else "slide")
            elif event.kind == "roll":
                self.die_value = event.detail
                self.rolling = max(0.5, duration * 3) if duration else 0
                lands = delay + self.rolling
                sounds.add("die")
            elif event.kind in ("recycle", "shuffle"):
                sounds.add("shuffle")
            elif event.kind == "reveal":
                sounds.add("flip")
            if event.kind == "game_over" and seen_by in (event.detail or {}).get("winners", ()):
                sounds.add("won_game")
            elif seen_by is not None and presenter.won_hand(event, view) == seen_by:
                sounds.add("won_hand")
            if presenter.is_toast(event):
                line = words(event)
                if line:
                    self.toasts.append([line, 1.6 + delay])
            if duration > 0:
                self.landing.append(max([lands] + self.landing[-1:]))
        self.toasts = self.toasts[-3:]
        if "won_game" in sounds:
            sounds.discard("won_hand")
        for name in sounds:
            play(name)

    def update(self, dt):
        """Advance by `dt` seconds (a card that lands is drawn in its place from then on)."""
        for f in self.flights:
            f.t += dt
        self.flights = [f for f in self.flights if not f.done()]
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self.rolling = max(0.0, self.rolling - dt)
        self.landing = [t - dt for t in self.landing]
        while self.landing and self.landing[0] <= 0:
            self.landing.pop(0)

    @staticmethod
    def target(flight, board, centre):
        """Where a flying card lands on `board`: its own place, else its zone's box."""
        for p in board.placed:
            if flight.card is not None and p.card is flight.card:
                return p.rect
        box = board.boxes.get(flight.zone)
        if box is None:
            return flight.start
        x, y, w, h = box
        size = board.hand_size if flight.zone == board.hand_key else (w, h) if h < 100 else centre
        size = (min(size[0], int(w)) or centre[0], min(size[1], int(h)) or centre[1])
        return pygame.Rect(int(x + w - size[0]) if w > size[0] * 2 else int(x), int(y), *size)


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

    The table and its directors use: `add(outcome, seconds, wait, context)`, `decide(...)`
    for a change's events, `update(dt)`, `release()` (Continue), `clear()`; `waiting` says
    whether the table waits for Continue now, `outcomes` what is shown, and `context` where
    the game stood when the first of them came (the top bar's words for the moment shown,
    while the game has already moved on to the next down, round or hand)."""

    def __init__(self):
        self.seconds = 0.0      # how long play still pauses
        self.outcomes = []      # the outcomes shown, in order
        self.wait = False       # once the seconds are up, the outcomes stay until release()
        self.context = None     # where the game stood at the first outcome shown (None: no outcome)

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

    def decide(self, events, waits, lane, words, pace, passing, context=None):
        """Hold the outcomes of `events` whose kinds are in `waits` (the presenter's WAITS,
        as the director passes them on; `words(event)` is an event's line, `lane(event)`
        the lane it is written on), with `context`, where the game stood before them;
        `pace` is the animation speed against the normal one (0, Instant: nothing waits).
        A move after which the device is `passing` to another person pauses a moment, for
        the move to be seen."""
        if pace <= 0:
            return
        for event in events:
            if event.kind in waits:
                self.add(Outcome(event.seat, words(event), lane(event)), context=context)
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


def _centred(box, size):
    """A card of `size` centred in a zone box (None without a box)."""
    if box is None:
        return None
    x, y, w, h = box
    return pygame.Rect(int(x + w / 2 - size[0] / 2), int(y + h / 2 - size[1] / 2), *size)
