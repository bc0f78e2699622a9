"""What moves on the table: cards flying from where they were to where they land
(flipping when revealed), short notes in the top bar (toasts), and the die rolling.

The scene plays the model's beats with it: `Motion.start(...)` turns a change's events
into these, from the board before the change; `Motion.update(dt)` advances them. The
model asks it what has not landed yet (`flights`, `rolling`, `untold()`): it is the
model's stage. No drawing here (see scenes/table/draw.py).
"""
import pygame

from game.core import SharedEvent


def ease(t):
    """The flights' easing: fast out, slow in."""
    return 1 - (1 - t) ** 3


class Flight:
    """One card sliding from one place to another (and flipping if it is revealed); one
    turned over `in_place` lies face down where it is until its turn comes."""

    def __init__(self, card, start, delay, duration, zone, flip, in_place=False):
        self.card = card
        self.start = start
        self.delay = delay
        self.duration = duration
        self.zone = zone
        self.flip = flip
        self.in_place = in_place
        self.t = -delay

    def done(self):
        """Has the card landed?"""
        return self.t >= self.duration

    def progress(self):
        """How far along it is, eased, from 0 to 1 (None before it takes off)."""
        if self.t < 0:
            return None
        return ease(min(1.0, self.t / self.duration)) if self.duration else 1.0

    def between(self, end):
        """Where the card is drawn now, (x, y, w, h), on its way from its start to the rect
        `end`: it comes to its row's height and its size in the first half of its time,
        then slides along the row into place, so that it lands over none of the captions
        that lie between the rows (None before it takes off)."""
        if self.t < 0:
            return None
        t = min(1.0, self.t / self.duration) if self.duration else 1.0
        along, across = ease(t), ease(min(1.0, 2 * t))
        (x0, y0, w0, h0), (x1, y1, w1, h1) = self.start, end
        return (x0 + (x1 - x0) * along, y0 + (y1 - y0) * across, w0 + (w1 - w0) * across, h0 + (h1 - h0) * across)


class Motion:
    """The flights, toasts and die of one table."""

    def __init__(self):
        self.flights = []
        self.toasts = []         # [words, seconds until shown, seconds left, its seat]: each ends as the next move begins
        self.rolling = 0.0       # seconds the die still spins
        self.die_value = None
        self.landing = []        # seconds until each event started lands, in order (never decreasing)

    def clear(self):
        """Stop everything (a replay jumping to another move)."""
        self.flights, self.toasts, self.landing = [], [], []
        self.rolling = 0.0
        self.die_value = None

    def land(self):
        """Everything in flight lands now (a callout skipped by a key or a click)."""
        self.flights, self.landing = [], []
        self.rolling = 0.0

    def flip(self, placed, duration, delay=0.0):
        """The placed cards turn over where they lie (a line revealed step by step), `delay`
        seconds from now."""
        for p in placed:
            self.flights.append(Flight(p.card, p.rect, delay, duration, p.zone, True, in_place=True))

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

    def start(self, events, seen_by, presenter, words, before, boxes, duration, play, view=None, called=(),
              turning=()):
        """Start the flights, toasts, sounds and die roll of `events` as seat `seen_by` saw
        them. `before` maps card ids to their rects before the change, `boxes` is a list
        of zone-box maps to find where hidden cards come from, `words(event)` is an
        event's log line, `play(name)` plays a sound (sprites.sound.NAMES), `view` is the
        table after the events (for who won a hand); `called`: the positions of the
        events a callout says (no toast for them, nor for the events after the first of
        them: a note never runs ahead of the callouts before it); `turning`: the placed
        cards that were face down before and lie face up after. A hand shown (a reveal)
        turns over where it lies, one hand after another, each in its turn among the
        events: what comes after it (its score) is told once it is face up."""
        centre = presenter.sizes.centre
        if len(events) > 40:
            duration *= 0.4
        delay = 0.0
        rolled = 0.0            # when the die rolled among them stops: no note tells its face before
        sounds = set()
        if any(words(raw.for_seat(seen_by)) for raw in events):     # news: the notes of earlier moves end
            self.end_toasts(0.0)
        for position, raw in enumerate(events):
            event = raw.for_seat(seen_by)
            lands = begins = delay
            if event.kind == SharedEvent.MOVE:
                self.end_toasts(begins)
            if event.kind == SharedEvent.MOVE and event.cards and duration > 0:
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
            elif event.kind == SharedEvent.ROLL:
                self.die_value = event.detail
                self.rolling = max(0.5, duration * 3) if duration else 0
                lands, rolled = delay + self.rolling, self.rolling      # it spins from now
                delay = max(delay, self.rolling)        # what it brings (a card drawn) moves once it stops
                sounds.add("die")
            elif event.kind in (SharedEvent.RECYCLE, "shuffle"):
                sounds.add("shuffle")
            elif event.kind == "reveal":
                sounds.add("flip")
                shown = [p for p in turning if p.zone == event.src] if duration > 0 else []
                if shown:
                    self.flip(shown, duration, delay)
                    lands = delay + duration
                    delay = lands
            if event.kind == SharedEvent.GAME_OVER and seen_by in (event.detail or {}).get("winners", ()):
                sounds.add("won_game")
            elif seen_by is not None and presenter.won_hand(event, view) == seen_by:
                sounds.add("won_hand")
            if presenter.is_toast(event) and not (called and position >= min(called)):   # the callouts tell the rest
                line = words(event)
                if line:
                    shown = max(begins, rolled)
                    self.toasts.append([line, shown, max(lands, shown) + 1.6, event.seat])
            if duration > 0 and max([lands] + self.landing[-1:]) > 0:     # told at once when nothing flies before it
                self.landing.append(max([lands] + self.landing[-1:]))
        if "won_game" in sounds:
            sounds.discard("won_hand")
        for name in sounds:
            play(name)

    def end_toasts(self, at):
        """A move begins `at` seconds from now: the notes about earlier moves end then (a
        note never outlives the move it speaks of)."""
        for toast in self.toasts:
            toast[2] = min(toast[2], at)
        self.toasts = [t for t in self.toasts if t[2] > max(t[1], 0.0)]     # a note shown already ends now at 0

    def toast(self):
        """The words of the note shown now (the newest begun), or None."""
        shown = [t[0] for t in self.toasts if t[1] <= 0]
        return shown[-1] if shown else None

    def toast_seat(self):
        """The seat the note shown now speaks of (whose move it tells), or None."""
        shown = [t for t in self.toasts if t[1] <= 0]
        return shown[-1][3] if shown and len(shown[-1]) > 3 else None

    def update(self, dt):
        """Advance by `dt` seconds (a card that lands is drawn in its place from then on)."""
        for f in self.flights:
            f.t += dt
        self.flights = [f for f in self.flights if not f.done()]
        for toast in self.toasts:
            toast[1] -= dt
            toast[2] -= dt
        self.toasts = [t for t in self.toasts if t[2] > 0]
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


def _centred(box, size):
    """A card of `size` centred in a zone box (None without a box)."""
    if box is None:
        return None
    x, y, w, h = box
    return pygame.Rect(int(x + w / 2 - size[0] / 2), int(y + h / 2 - size[1] / 2), *size)
