"""The host's side of a networked table, without input or output of its own.

`HostTable` is told what happens on the network (`opened`, `received`, `closed`, `tick`,
each with the time) and at the table (`changed`, after a move made at the host's screen;
`computer_move`), and answers with what to send: a list of `Out` (a connection, a
message's text or None, and a reason to close it after, or None). The caller moves the
bytes (game.net.link), then calls `save` (a move is autosaved once it is on its way), and
runs the computer players; the table never blocks, sleeps or reads a clock, so a test
drives it step by step.

The host is the only authority: its Session applies every move. A joined screen sends only
its choice among its seat's legal moves, or an undo; every message is checked (its
shape, size, name and code by game.net.protocol, then its sender, its seat, its
position, its legality and its pace) and anything wrong is refused with the reason,
nothing changed. Each seat is sent only its own `view(seat)` and the events of the whole
game as that seat may see them (`session.events_for`), each update only what changed
since the last one (after an undo, how many of its events still stand and the new
ones): never the seed, the history, the undo timeline or another seat's view; a
connection that has not given the join code is sent nothing but its refusal.

Nobody stalls the table: a move needs the seat's turn, so it costs no pace; everything
else (an undo, a move taken back by one, anything refused) does, and undos have a pace
of their own; connections still to give the code have a small allowance of their own,
the oldest let go first (after a second's grace); the right code always gets in (the code's length, about 2**59,
is what keeps guessers out, not a limit on an address that a player may share).

Seats are planned as HOST (a person at the host's screen), REMOTE (a person who joins)
or a computer level. Before the game starts (the lobby) a joiner takes the first open
seat under its own name; once it runs, a joiner takes back the seat of its name if that
person is away, or else any seat whose person is away, and is sent the whole log again.
Whatever ends a seated screen's connection (it leaves, drops, or the host hangs up on
it), its person is away and may come back. An away person's seat, or one whose person
has not moved for `silent_after` seconds of their turn (`silent_seats`), may be handed to
a computer player (`hand_to_computer`, or by itself after `stand_in_after` seconds) and
goes back to them when they return.
"""
import hmac
from dataclasses import dataclass
from typing import NamedTuple

from game import registry
from game.net import protocol as wire
from game.net.protocol import AWAY, COMPUTER, HERE, HOST, OPEN, STAND_IN

REMOTE = "remote"
SILENT_SECONDS = 180.0        # a person's turn this long without a move: a computer is offered
SILENT_CHOICES = (60.0, 120.0, 180.0, 300.0, 600.0)   # what the host may set it to
HANDED_OVER = "the host let a computer play your seat: join again to take it back"


@dataclass(frozen=True)
class Limits:
    """What the host allows a connection."""

    rate: float = 20.0          # messages a second, on average (a move applied is free:
    burst: int = 40             # one needs the seat's turn); at once
    undo_rate: float = 0.2      # undos a second, on average (12 a minute); at once
    undo_burst: int = 4
    refusals: int = 100         # refused messages in a row before the host hangs up (a
                                # move for a position just replaced is a race: not counted)
    hello_seconds: float = 10   # time to give the join code
    pending: int = 8            # connections still to give the code: past these, the oldest
    hello_grace: float = 1.0    # are let go, once they have had this long to give it


class Out(NamedTuple):
    """Something to send: `text` to connection `conn` (None: nothing), then close it
    with `close` as the reason (None: keep it open)."""

    conn: int
    text: str = None
    close: str = None


class Turn(NamedTuple):
    """Who is to move: the seat, how it is played (HOST, HERE, AWAY, COMPUTER or
    STAND_IN) and the computer's level (None for a person)."""

    seat: int
    who: str
    level: str = None


class _Screen:
    """One connection: its address, its seat once joined, its pace, what it was sent."""

    def __init__(self, conn, address, now, limits):
        self.conn = conn
        self.address = address
        self.opened = now
        self.seat = None
        self.tokens = float(limits.burst)
        self.undo_tokens = float(limits.undo_burst)
        self.stamp = now
        self.refused = 0
        self.state = None     # the position it was last sent (a new object after an undo)
        self.version = None   # the number of that position
        self.sent = 0         # events of the game's record it was sent


class HostTable:
    """A hosted game: the seats, the join code, the connections and the Session.

    `options` are the house rules (all of them, as registry.resolve_options gives them);
    `plan` gives each seat: HOST, REMOTE or a computer level; `names` each seat's name
    (None for a REMOTE seat, named by who joins). The table starts in the lobby; the
    caller creates the Session with `names` once `ready()` and hands it to `start` (or
    hands a resumed game's Session to `start` at once). `undo` is the Undo setting
    (game.undo's off, mine, casual) for the remote seats. `silent_after`: the seconds of
    a connected person's turn without a move after which their seat is offered to a
    computer (`silent_seats`); `stand_in_after`, if given: the seconds after which a
    computer takes an away person's seat, or a silent one's, by itself."""

    def __init__(self, game_id, options, plan, names, code, *, undo="mine",
                 limits=Limits(), stand_in_after=None, silent_after=SILENT_SECONDS,
                 stand_in_level="medium"):
        self.info = registry.game_info(game_id)
        self.deck = self.info.load_deck()
        self.options = dict(options)
        self.plan = list(plan)
        self.names = list(names)
        self.code = wire.check_code(code).encode()
        self.undo_policy = undo
        self.limits = limits
        self.stand_in_after = stand_in_after
        self.silent_after = silent_after
        self.stand_in_level = stand_in_level
        self.session = None
        self.screens = {}                       # conn -> _Screen (oldest first)
        self.seated = {}                        # seat -> conn of a REMOTE seat's screen
        self.stand_in = {}                      # seat -> level of a computer keeping it
        self.away_since = {}                    # seat -> when its person left
        self.now = 0.0            # the latest time the table was told
        self.version = 0          # numbers each position sent (a move names the one it was made in)
        self.resets = 0           # positions that replaced the game (an undo): the log starts anew
        self.unsaved = False
        self._seen = (None, 0)
        self._events = []         # the game's events as of the position numbered last
        self._stable = 0          # how many of them the one before had the same
        self._turn = (None, 0.0)  # (the position and seat to move, since when)

    # ---- the table ---------------------------------------------------------------------
    def ready(self):
        """In the lobby: has every REMOTE seat been taken?"""
        return self.session is None and all(
            self.names[s] is not None for s, kind in enumerate(self.plan) if kind == REMOTE)

    def fill_open(self, level, name="Computer"):
        """In the lobby: every seat still open goes to a computer player of `level`."""
        for seat, kind in enumerate(self.plan):
            if kind == REMOTE and self.names[seat] is None:
                self.plan[seat] = level
                self.names[seat] = self._unique(name)
        return self._lobby()

    def start(self, session, now):
        """The game begins (or goes on) with `session`; what to send."""
        self.session = session
        self.names = [seat.name for seat in session.seats]
        self.now = max(self.now, now)
        for seat, kind in enumerate(self.plan):
            if kind == REMOTE and seat not in self.seated:
                self.away_since[seat] = now
        return self.changed()

    def seat_words(self):
        """Per seat, who plays it now (protocol's SEAT_WORDS)."""
        words = []
        for seat, kind in enumerate(self.plan):
            if kind == HOST:
                words.append(HOST)
            elif kind != REMOTE:
                words.append(COMPUTER)
            elif seat in self.seated:
                words.append(HERE)
            elif seat in self.stand_in:
                words.append(STAND_IN)
            else:
                words.append(OPEN if self.session is None and self.names[seat] is None else AWAY)
        return words

    def to_move(self):
        """The Turn now, or None (in the lobby, or the game is over)."""
        if self.session is None or self.session.state.is_over:
            return None
        seat = self.session.state.current_player
        who = self.seat_words()[seat]
        level = (self.stand_in[seat] if who == STAND_IN else
                 self.plan[seat] if who == COMPUTER else None)
        return Turn(seat, who, level)

    def over(self):
        """Has the game ended?"""
        return self.session is not None and self.session.state.is_over

    def silent_seats(self, now):
        """The seats whose person, connected, has had the turn for `silent_after` seconds
        or more without moving (as `tick` last saw the turn begin)."""
        turn = self.to_move()
        if turn is None or turn.who != HERE or self._turn[0] != (self.version, turn.seat):
            return []
        return [turn.seat] if now - self._turn[1] >= self.silent_after else []

    def computer_move(self, move, action):
        """A computer player's choice for position `move`; applied if the game is still
        there and a computer still plays that seat. What to send."""
        turn = self.to_move()
        if move != self.version or turn is None or turn.who not in (COMPUTER, STAND_IN):
            return []
        self.session.submit(action, save=False)
        return self.played_here()

    def save(self):
        """Autosave a move applied here, once its messages are on their way (so that no
        screen waits on the disk)."""
        if self.unsaved:
            self.unsaved = False
            self.session.autosave()

    def send(self, server, outs):
        """Hand the table's answers to `server` (which never waits on a screen), then
        autosave a move they carried."""
        if outs:
            server.send(outs)
        self.save()

    def hand_to_computer(self, seat, level=None):
        """A computer player keeps a person's seat until they return: an away person's, or
        a silent one's (whose screen is told so, and let go); what to send."""
        if self.plan[seat] != REMOTE or self.session is None or self.over():
            return []
        outs = []
        conn = self.seated.get(seat)
        if conn is not None:
            outs.append(self._refuse_text(conn, HANDED_OVER, final=True))
            self._unseat(self.screens[conn], self.now, tell=False)
        self.stand_in[seat] = level or self.stand_in_level
        return outs + self._everyone()

    def give_back(self, seat):
        """The computer keeping `seat` leaves it (its person plays it, or it waits for
        them again); what to send."""
        if self.stand_in.pop(seat, None) is None:
            return []
        self.away_since[seat] = self.now
        return self._everyone()

    def changed(self):
        """After the game changed (a move, an undo) anywhere: the new position is numbered
        and each joined screen is sent its update (nothing if the game did not change)."""
        if self.session is None or not self._renumber():
            return []
        return self._everyone()

    def played_here(self):
        """A move made at the host's screen (a person's or a computer's) was applied to the
        session unsaved (`submit(action, save=False)`): what to send; `save` keeps it."""
        self.unsaved = True
        return self.changed()

    def _renumber(self):
        """Number the position if the game changed since the last one; whether it did.
        Notes how many of the game's events still stand since the position before (all
        after a move; fewer after an undo), so each screen is sent only what changed."""
        state = self.session.state
        seen_state, seen_moves = self._seen
        if state is seen_state and len(state.history) == seen_moves:
            return False
        if seen_state is not None and state is not seen_state:
            self.resets += 1
        self._seen = (state, len(state.history))
        events, before = self.session.events_since(0), self._events
        stable = min(len(before), len(events))
        while stable and before[stable - 1] is not events[stable - 1]:
            stable -= 1
        self._events, self._stable = events, stable
        self.version += 1
        return True

    def _everyone(self, undoer=None, note=(None, 0)):
        if self.session is None:
            return self._lobby()
        return [Out(s.conn, self._update(s, *(note if s.seat == undoer else (None, 0))))
                for s in self.screens.values() if s.seat is not None]

    def _lobby(self):
        message = wire.encode(wire.Lobby(self.names, self.seat_words()))
        return [Out(s.conn, message) for s in self.screens.values() if s.seat is not None]

    def _update(self, screen, taken=None, later=0):
        """The seat's update: its view, its moves if it is to play, and its log's change:
        how many of the events it was sent still stand (all but those of moves taken back;
        none for a screen new to the game) and the events after them; for the seat that
        undid, its own move taken back (`taken`, as ActionData) and the moves undone after it."""
        state = self.session.state
        seat = screen.seat
        fresh = screen.state is not state
        if screen.version == self.version:
            kept = screen.sent
        elif screen.version == self.version - 1:
            kept = min(screen.sent, self._stable)
        else:
            kept = 0
        events = self.session.events_for(seat, kept)
        screen.state, screen.version, screen.sent = state, self.version, kept + len(events)
        playing = not state.is_over and state.current_player == seat and seat in self.seated
        legal = [wire.action_data(a) for a in state.legal_actions()] if playing else []
        can_undo = seat in self.seated and self.session.can_undo(seat, self.undo_policy)
        return wire.encode(wire.Update(self.version, wire.view_data(state.view(seat)), legal, kept,
                                       [wire.event_data(e) for e in events], fresh, can_undo,
                                       self.seat_words(), taken, later))

    # ---- the network -------------------------------------------------------------------
    def opened(self, conn, address, now):
        """A connection opened from `address` (it has `limits.hello_seconds` to give the
        code); nothing to send yet."""
        self.now = max(self.now, now)
        self.screens[conn] = _Screen(conn, address, now, self.limits)
        return []

    def closed(self, conn, now):
        """A connection closed; if it held a seat, the others are told its person is away."""
        self.now = max(self.now, now)
        screen = self.screens.get(conn)
        return [] if screen is None else self._unseat(screen, now)

    def _unseat(self, screen, now, tell=True):
        """The connection `screen` is over: its seat, if it held one, waits for its person
        (in the lobby, it is free again); what to send (with `tell`)."""
        self.screens.pop(screen.conn, None)
        seat = screen.seat
        if seat is None or self.seated.get(seat) != screen.conn:
            return []
        del self.seated[seat]
        if self.session is None:
            self.names[seat] = None
            return self._lobby() if tell else []
        self.away_since[seat] = now
        return self._everyone() if tell else []

    def tick(self, now):
        """Time passed: connections that gave no code in time are closed, and so are the
        oldest of those still to give it past the allowance (each had `hello_grace` to
        say hello: a screen with the code says it at once); the turn's start is noted;
        with `stand_in_after`, a computer takes the seat of a person away, or silent on
        their turn, that long. What to send."""
        self.now = max(self.now, now)
        limits = self.limits
        pending = [s for s in self.screens.values() if s.seat is None]
        late = [s for s in pending if now - s.opened > limits.hello_seconds]
        crowd = [s for s in pending[:max(0, len(pending) - limits.pending)]
                 if s not in late and now - s.opened >= limits.hello_grace]
        outs = ([Out(s.conn, None, "no join code in time") for s in late]
                + [self._refuse_text(s.conn, wire.CROWDED, final=True) for s in crowd])
        for screen in late + crowd:
            del self.screens[screen.conn]
        turn = self.to_move()
        key = None if turn is None else (self.version, turn.seat)
        if key != self._turn[0]:
            self._turn = (key, now)
        if self.stand_in_after is not None and self.session is not None and not self.over():
            for seat, since in list(self.away_since.items()):
                if (self.plan[seat] == REMOTE and seat not in self.seated and seat not in self.stand_in
                        and now - since >= self.stand_in_after):
                    outs += self.hand_to_computer(seat)
            if turn is not None and turn.who == HERE and now - self._turn[1] >= self.stand_in_after:
                outs += self.hand_to_computer(turn.seat)
        return outs

    def received(self, conn, text, now):
        """A message from connection `conn`; what to send back (and to the others)."""
        self.now = max(self.now, now)
        screen = self.screens.get(conn)
        if screen is None:
            return []
        limits = self.limits
        elapsed = max(0.0, now - screen.stamp)
        screen.tokens = min(limits.burst, screen.tokens + elapsed * limits.rate)
        screen.undo_tokens = min(limits.undo_burst, screen.undo_tokens + elapsed * limits.undo_rate)
        screen.stamp = now
        if screen.tokens < 1:
            return self._refuse(screen, f"too many messages: at most {limits.rate:g} a second")
        screen.tokens -= 1
        try:
            message = wire.decode(text, wire.FROM_SCREEN, wire.MAX_FROM_SCREEN)
        except wire.ProtocolError as error:
            return self._refuse(screen, str(error), final=screen.seat is None)
        if screen.seat is None:
            if not isinstance(message, wire.Hello):
                return self._refuse(screen, "say hello with the join code first", final=True)
            return self._hello(screen, message)
        if isinstance(message, wire.Hello):
            return self._refuse(screen, "this screen has already joined")
        if message.seat != screen.seat:
            return self._refuse(screen, f"you play {self.names[screen.seat]}'s seat; that "
                                        "message was for another seat")
        if self.session is None:
            return self._refuse(screen, "the game has not started yet")
        if message.move != self.version:
            return self._refuse(screen, "that was meant for an earlier position: the game has "
                                        "moved on", counted=False)
        if isinstance(message, wire.Act):
            return self._act(screen, message)
        if screen.undo_tokens < 1:
            return self._refuse(screen, f"too many take-backs: at most {60 * limits.undo_rate:g} "
                                        "a minute")
        return self._undo(screen)

    def _refuse_text(self, conn, reason, final=False):
        return Out(conn, wire.encode(wire.Refused(reason, final)), reason if final else None)

    def _refuse(self, screen, reason, final=False, counted=True):
        """Refuse a message with `reason`; `final`: hang up (and free its seat for its
        person's return). Past `limits.refusals` counted refusals in a row, hang up."""
        screen.refused += counted
        if screen.refused > self.limits.refusals:
            final, reason = True, "too many refused messages"
        if not final:
            return [self._refuse_text(screen.conn, reason)]
        return [self._refuse_text(screen.conn, reason, final=True)] + self._unseat(screen, self.now)

    def _hello(self, screen, hello):
        if hello.protocol != wire.PROTOCOL:
            side = "this app" if hello.protocol < wire.PROTOCOL else "the host's app"
            return self._refuse(screen, f"the host speaks Card Table protocol {wire.PROTOCOL}, this "
                                        f"screen {hello.protocol}: {side} must be updated", final=True)
        if not hmac.compare_digest(hello.code.encode("utf-8", "replace"), self.code):
            return self._refuse(screen, "wrong join code", final=True)
        if self.over():
            return self._refuse(screen, "the game is over", final=True)
        seat = self._free_seat(hello.name)
        if seat is None:
            return self._refuse(screen, "every seat at this table is taken", final=True)
        screen.seat = seat
        self.seated[seat] = screen.conn
        self.away_since.pop(seat, None)
        screen.refused = 0
        if self.session is None:
            self.names[seat] = self._unique(hello.name)
        else:
            self.stand_in.pop(seat, None)
        welcome = wire.Welcome(wire.PROTOCOL, seat, self.info.id, len(self.plan), self.options,
                               [name or "" for name in self.names])
        return [Out(screen.conn, wire.encode(welcome))] + self._everyone()

    def _free_seat(self, name):
        remote = [s for s, kind in enumerate(self.plan) if kind == REMOTE and s not in self.seated]
        if self.session is None:
            return next((s for s in remote if self.names[s] is None), None)
        return next((s for s in remote if self.names[s] == name), remote[0] if remote else None)

    def _unique(self, name):
        taken = {n for n in self.names if n is not None}
        number = 2
        unique = name
        while unique in taken:
            unique = f"{name} {number}"
            number += 1
        return unique

    def _act(self, screen, message):
        state = self.session.state
        if state.is_over:
            return self._refuse(screen, "the game is over")
        if state.current_player != screen.seat:
            return self._refuse(screen, f"it is not your turn: {self.names[state.current_player]} "
                                        "plays now")
        try:
            action = wire.action_from(message.action, self.deck)
            self.session.submit(action, save=False)
        except (wire.ProtocolError, registry.IllegalAction) as error:
            return self._refuse(screen, str(error))
        self.unsaved = True
        screen.tokens = min(self.limits.burst, screen.tokens + 1)    # a move costs no pace
        screen.refused = 0
        return self.changed()

    def _undo(self, screen):
        """An undo costs its pace, and each of the seat's own moves it takes back costs
        the pace that move was spared: a take-back taken back counts."""
        session = self.session
        seat = screen.seat
        before = session.state
        movers = [entry.seat for entry in session.timeline.entries]
        base = session.timeline.base
        if session.undo(seat, self.undo_policy) is None:
            return self._refuse(screen, "there is no move of yours to take back")
        position = len(session.state.history)
        undone = before.history[position:]
        screen.undo_tokens -= 1
        screen.tokens -= movers[position - base:].count(seat)
        screen.refused = 0
        own = movers[position - base] == seat      # another person's move is not shown
        note = (wire.action_data(undone[0]), len(undone) - 1) if own else (None, len(undone))
        self._renumber()
        return self._everyone(seat, note)
