"""The host's side of a networked table, without input or output of its own.

`HostTable` is told what happens on the network (`opened`, `received`, `closed`, `tick`,
each with the time) and at the table (`changed`, after a move made at the host's screen;
`computer_move`), and answers with what to send: a list of `Out` (a connection, a
message's text or None, and a reason to close it after, or None). The caller moves the
bytes (game.net.link), then calls `save` (a move is autosaved once it has gone out), and
runs the computer players; the table never blocks, sleeps or reads a clock, so a test
drives it step by step.

The host is the only authority: its Session applies every move. A joined screen sends only
its choice among its seat's legal moves, or an undo; every message is checked (its
shape and size by game.net.protocol, then its sender, its seat, its position, its
legality and its pace) and anything wrong is refused with the reason, nothing changed.
Each seat is sent only its own `view(seat)` and the events of the whole game as that
seat may see them (`session.events_for`): never the seed, the history, the undo
timeline or another seat's view; a connection that has not given the join code is sent nothing but its
refusal.

Seats are planned as HOST (a person at the host's screen), REMOTE (a person who joins)
or a computer level. Before the game starts (the lobby) a joiner takes the first open
seat under its own name; once it runs, a joiner takes back the seat of its name if that
person is away, or else any seat whose person is away, and is sent the whole log again.
An away person's seat may be handed to a computer player (`hand_to_computer`, or by
itself after `stand_in_after` seconds) and goes back to them when they return.
"""
import hmac
import secrets
from dataclasses import dataclass
from typing import NamedTuple

from game import registry
from game.net import protocol as wire
from game.net.protocol import AWAY, COMPUTER, HERE, HOST, OPEN, STAND_IN

REMOTE = "remote"
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"   # no 0/O or 1/I/L to misread
CODE_LENGTH = 12                                    # 31**12: about 2**59 codes
MIN_CODE = 10                                       # letters or digits of a chosen code


def new_code():
    """A fresh join code, as people read it out: 'KXQ7-M2RT-9HWP'."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(letters[i:i + 4] for i in range(0, CODE_LENGTH, 4))


def normal_code(code):
    """A code as compared: capitals, without spaces or dashes."""
    return "".join(ch for ch in code.upper() if ch not in " -")


def check_code(code):
    """A code chosen by the host, normalised; ValueError if it is too easy to guess."""
    letters = normal_code(code)
    if len(letters) < MIN_CODE or not all(ch.isascii() and ch.isalnum() for ch in letters):
        raise ValueError(f"a join code needs at least {MIN_CODE} letters or digits "
                         "(a short one lets strangers guess their way in)")
    return letters


@dataclass(frozen=True)
class Limits:
    """What the host allows a connection."""

    rate: float = 20.0          # messages a second, on average (a move applied is free:
    burst: int = 40             # one needs the seat's turn); at once
    refusals: int = 100         # refused messages in a row before the host hangs up
    hello_seconds: float = 10   # time to give the join code
    wrong_codes: int = 5        # wrong codes from one address per minute
    connections: int = 32       # connections open at once


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
        self.stamp = now
        self.refused = 0
        self.state = None     # the position it was last sent (a new object after an undo)
        self.sent = 0         # events of the game's record it was sent


class HostTable:
    """A hosted game: the seats, the join code, the connections and the Session.

    `options` are the house rules (all of them, as registry.resolve_options gives them);
    `plan` gives each seat: HOST, REMOTE or a computer level; `names` each seat's name
    (None for a REMOTE seat, named by who joins). The table starts in the lobby; the
    caller creates the Session with `names` once `ready()` and hands it to `start` (or
    hands a resumed game's Session to `start` at once). `undo` is the Undo setting
    (game.undo's off, mine, casual) for the remote seats."""

    def __init__(self, game_id, options, plan, names, code, *, undo="mine",
                 limits=Limits(), stand_in_after=None, stand_in_level="medium"):
        self.info = registry.game_info(game_id)
        self.deck = self.info.load_deck()
        self.options = dict(options)
        self.plan = list(plan)
        self.names = list(names)
        self.code = check_code(code).encode()
        self.undo_policy = undo
        self.limits = limits
        self.stand_in_after = stand_in_after
        self.stand_in_level = stand_in_level
        self.session = None
        self.screens = {}                       # conn -> _Screen
        self.seated = {}                        # seat -> conn of a REMOTE seat's screen
        self.stand_in = {}                      # seat -> level of a computer keeping it
        self.away_since = {}                    # seat -> when its person left
        self.wrong = {}                         # address -> times of wrong codes
        self.version = 0          # numbers each position sent (a move names the one it was made in)
        self.resets = 0           # positions that replaced the game (an undo): the log starts anew
        self.unsaved = False
        self._seen = (None, 0)

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

    def computer_move(self, move, action):
        """A computer player's choice for position `move`; applied if the game is still
        there and a computer still plays that seat. What to send."""
        turn = self.to_move()
        if move != self.version or turn is None or turn.who not in (COMPUTER, STAND_IN):
            return []
        self.session.submit(action, save=False)
        return self.played_here()

    def save(self):
        """Autosave a move applied here, once its messages have gone out (so that no
        screen waits on the disk)."""
        if self.unsaved:
            self.unsaved = False
            self.session.autosave()

    def send(self, server, outs):
        """Send the table's answers through `server`, then (once they are written)
        autosave a move they carried."""
        if outs:
            server.send(outs)
            if self.unsaved:
                server.flush()
        self.save()

    def hand_to_computer(self, seat, level=None):
        """A computer player keeps an away person's seat until they return; what to send."""
        if self.plan[seat] != REMOTE or seat in self.seated or self.session is None:
            return []
        self.stand_in[seat] = level or self.stand_in_level
        return self._everyone()

    def give_back(self, seat):
        """The computer keeping `seat` leaves it (its person plays it, or it waits for
        them again); what to send."""
        if self.stand_in.pop(seat, None) is None:
            return []
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
        """Number the position if the game changed since the last one; whether it did."""
        state = self.session.state
        seen_state, seen_moves = self._seen
        if state is seen_state and len(state.history) == seen_moves:
            return False
        if seen_state is not None and state is not seen_state:
            self.resets += 1
        self._seen = (state, len(state.history))
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
        """The seat's update: its view, its moves if it is to play, the events since the
        last update (the whole game's log after joining or an undo, the moves taken back
        left out); for the seat that undid, its own move taken back (`taken`, as
        ActionData) and the moves undone after it."""
        state = self.session.state
        seat = screen.seat
        fresh = screen.state is not state
        since = 0 if fresh else screen.sent
        events = self.session.events_for(seat, since)
        screen.state, screen.sent = state, self.session.event_count()
        playing = not state.is_over and state.current_player == seat and seat in self.seated
        legal = [wire.action_data(a) for a in state.legal_actions()] if playing else []
        can_undo = seat in self.seated and self.session.can_undo(seat, self.undo_policy)
        return wire.encode(wire.Update(self.version, wire.view_data(state.view(seat)), legal,
                                       [wire.event_data(e) for e in events], fresh, can_undo,
                                       self.seat_words(), taken, later))

    # ---- the network -------------------------------------------------------------------
    def opened(self, conn, address, now):
        """A connection opened from `address`; what to send (a refusal when too many are
        open)."""
        if len(self.screens) >= self.limits.connections:
            return [self._refuse_text(conn, "too many connections at this table", final=True)]
        self.screens[conn] = _Screen(conn, address, now, self.limits)
        return []

    def closed(self, conn, now):
        """A connection closed; the others are told its person is away."""
        screen = self.screens.pop(conn, None)
        if screen is None or screen.seat is None or self.seated.get(screen.seat) != conn:
            return []
        del self.seated[screen.seat]
        if self.session is None:
            self.names[screen.seat] = None
            return self._lobby()
        self.away_since[screen.seat] = now
        return self._everyone()

    def tick(self, now):
        """Time passed: connections that gave no code in time are closed; an away person's
        seat goes to a computer after `stand_in_after` seconds. What to send."""
        outs = [Out(s.conn, None, "no join code in time") for s in list(self.screens.values())
                if s.seat is None and now - s.opened > self.limits.hello_seconds]
        for out in outs:
            del self.screens[out.conn]
        if self.stand_in_after is not None and self.session is not None and not self.over():
            for seat, since in self.away_since.items():
                if (self.plan[seat] == REMOTE and seat not in self.seated and seat not in self.stand_in
                        and now - since >= self.stand_in_after):
                    outs += self.hand_to_computer(seat)
        return outs

    def received(self, conn, text, now):
        """A message from connection `conn`; what to send back (and to the others)."""
        screen = self.screens.get(conn)
        if screen is None:
            return []
        screen.tokens = min(self.limits.burst, screen.tokens + (now - screen.stamp) * self.limits.rate)
        screen.stamp = now
        if screen.tokens < 1:
            return self._refuse(screen, f"too many messages: at most {self.limits.rate:g} a second")
        screen.tokens -= 1
        try:
            message = wire.decode(text, wire.FROM_SCREEN, wire.MAX_FROM_SCREEN)
        except wire.ProtocolError as error:
            return self._refuse(screen, str(error), final=screen.seat is None)
        if screen.seat is None:
            if not isinstance(message, wire.Hello):
                return self._refuse(screen, "say hello with the join code first", final=True)
            return self._hello(screen, message, now)
        if isinstance(message, wire.Hello):
            return self._refuse(screen, "this screen has already joined")
        if message.seat != screen.seat:
            return self._refuse(screen, f"you play {self.names[screen.seat]}'s seat; that "
                                        "message was for another seat")
        if self.session is None:
            return self._refuse(screen, "the game has not started yet")
        if message.move != self.version:
            return self._refuse(screen, "that was meant for an earlier position: the game has "
                                        "moved on")
        if isinstance(message, wire.Act):
            return self._act(screen, message)
        return self._undo(screen)

    def _refuse_text(self, conn, reason, final=False):
        return Out(conn, wire.encode(wire.Refused(reason, final)), reason if final else None)

    def _refuse(self, screen, reason, final=False):
        screen.refused += 1
        if screen.refused > self.limits.refusals:
            final, reason = True, "too many refused messages"
        if final:
            self.screens.pop(screen.conn, None)
        return [self._refuse_text(screen.conn, reason, final)]

    def _accepted(self, screen):
        """A move or an undo was applied: its message costs no pace, and the count of
        refusals in a row starts again."""
        screen.tokens = min(self.limits.burst, screen.tokens + 1)
        screen.refused = 0

    def _hello(self, screen, hello, now):
        if hello.protocol != wire.PROTOCOL:
            side = "this app" if hello.protocol < wire.PROTOCOL else "the host's app"
            return self._refuse(screen, f"the host speaks Card Table protocol {wire.PROTOCOL}, this "
                                        f"screen {hello.protocol}: {side} must be updated", final=True)
        recent = [t for t in self.wrong.get(screen.address, ()) if now - t < 60]
        self.wrong[screen.address] = recent
        if len(recent) >= self.limits.wrong_codes:
            return self._refuse(screen, "too many wrong codes from this address: wait a minute",
                                final=True)
        given = normal_code(hello.code).encode("utf-8", "replace")
        if not hmac.compare_digest(given, self.code):
            recent.append(now)
            return self._refuse(screen, "wrong join code", final=True)
        if self.over():
            return self._refuse(screen, "the game is over", final=True)
        seat = self._free_seat(hello.name.strip())
        if seat is None:
            return self._refuse(screen, "every seat at this table is taken", final=True)
        screen.seat = seat
        self.seated[seat] = screen.conn
        self.away_since.pop(seat, None)
        screen.refused = 0
        if self.session is None:
            self.names[seat] = self._unique(hello.name.strip() or "Guest")
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
        self._accepted(screen)
        return self.changed()

    def _undo(self, screen):
        session = self.session
        seat = screen.seat
        before = session.state
        movers = [entry.seat for entry in session.timeline.entries]
        base = session.timeline.base
        if session.undo(seat, self.undo_policy) is None:
            return self._refuse(screen, "there is no move of yours to take back")
        self._accepted(screen)
        position = len(session.state.history)
        undone = before.history[position:]
        own = movers[position - base] == seat      # another person's move is not shown
        note = (wire.action_data(undone[0]), len(undone) - 1) if own else (None, len(undone))
        self._renumber()
        return self._everyone(seat, note)
