"""A game played at a host elsewhere, as the table plays a Session (`RemoteSession`).

The table asks a session for the game as a seat may see it, submits moves, asks for an
undo, a hint, the computers' moves. Here the game lives on the host: what this seat may
see is what the host last sent (game.net.client.ClientTable); a move or an undo is sent
to the host and comes back as the host's next update, which the table takes in like a
move made elsewhere. Other seats are played elsewhere (people at their screens, the
host's computers): the table waits for them quietly. A hint is this app's own hard
computer player, thinking on the seat's view alone.
"""
import queue
import random
import threading

from game import IllegalAction
from game.bots import make_bot
from game.net import protocol as wire
from scenes.session import Seat

PEOPLE = (wire.HOST, wire.HERE, wire.AWAY)
NOT_LEGAL = "that is not a legal move now"


class RemoteSession:
    """This screen's seat at a hosted table (`joining`: scenes.net.Joining)."""

    folders = None       # the host keeps the game: nothing is saved, recorded or counted here
    seed = None          # the deal number stays with the host (the whole deal follows from it)

    def __init__(self, joining, wake=None):
        self.joining = joining
        self.table = joining.table
        self.info = self.table.info
        self.game_id = self.info.id
        self.options = dict(self.table.welcome.options)
        self.seat = self.table.seat
        self.problem = None
        self.wake = wake
        self._hints = queue.Queue()
        self._hinting = None
        self._hint_bot = None
        self._sent = None        # the position a move or an undo was sent from

    # ---- who sits where ----------------------------------------------------------------
    @property
    def seats(self):
        """The seats as the table names them: people (here, at the host or away) and
        computers (a computer keeping an absent person's seat still shows the person)."""
        return [Seat(name, word in PEOPLE or word == wire.STAND_IN, "medium")
                for name, word in zip(self.table.names, self.table.seats)]

    def humans(self):
        """The seats played at this screen: this one."""
        return [self.seat]

    def is_human(self, seat):
        """Is `seat` played at this screen?"""
        return seat == self.seat

    def name(self, seat):
        """A seat's name ('' for None)."""
        return "" if seat is None else self.table.names[seat]

    def saved_seats(self):
        """The seats as a game record names them."""
        return [seat.saved() for seat in self.seats]

    # ---- the game as this seat sees it --------------------------------------------------
    @property
    def current_player(self):
        return self.table.view.current_player

    @property
    def is_over(self):
        return self.table.view.is_over

    def view(self, seat):
        """This seat's view (the host sends no other)."""
        return self.table.view

    def legal_actions(self):
        """This seat's moves when it is to play (as the host last said; none once one
        was sent, until the host answers)."""
        return () if self._sent == self.table.move else self.table.legal

    def why_illegal(self, action):
        """The host says why when it refuses a move; here, only that it is not one."""
        return NOT_LEGAL

    def moves(self):
        """The moves are the host's; none are known here."""
        return []

    def event_count(self):
        """How many events this seat has been told (since the last undo)."""
        return len(self.table.log)

    def events_since(self, start):
        """The events from index `start` on, as this seat saw them."""
        return self.table.log[start:]

    def events_for(self, seat, since=0):
        """The events from index `since` on (this seat's are the only ones here)."""
        return self.table.log[since:]

    # ---- changes: sent to the host --------------------------------------------------------
    def submit(self, action):
        """Send the move to the host; its events come with the host's answer."""
        if action not in self.legal_actions():
            raise IllegalAction(NOT_LEGAL)
        self.joining.act(action)
        self._sent = self.table.move
        return []

    def can_undo(self, seat, policy):
        """May this seat undo (the host's Undo setting rules: it said so last)?"""
        return (seat == self.seat and self.table.can_undo and not self.is_over
                and self._sent != self.table.move)

    def undo(self, seat, policy):
        """Ask the host to take back this seat's move; the answer comes as an update."""
        if self.can_undo(seat, policy):
            self.joining.undo()
            self._sent = self.table.move
        return None

    def take_problem(self):
        """The last refusal or connection trouble, once (else None)."""
        problem, self.problem = self.problem, None
        return problem

    # ---- computer players: the others play elsewhere; a hint thinks here -----------------
    def start_bot(self, thinking_time=1.0):
        """Other seats are played elsewhere: nothing to start."""

    def busy(self):
        """Waiting: for another seat to move elsewhere, or for a hint."""
        return self._hinting is not None or (not self.is_over and self.current_player != self.seat)

    def thinking(self):
        """The computer seat whose move is awaited, or None."""
        seat = self.current_player
        if seat is None or seat == self.seat or self.is_over:
            return None
        return seat if self.table.seats[seat] in (wire.COMPUTER, wire.STAND_IN) else None

    def start_hint(self, thinking_time=1.0):
        """The hard computer player thinks about this seat's move, on a worker thread."""
        if self._hinting is not None or not self.table.legal:
            return
        if self._hint_bot is None:
            self._hint_bot = make_bot("hard", self.game_id, options=self.options, time_budget=thinking_time)
        bot, view, legal, move = self._hint_bot, self.table.view, self.table.legal, self.table.move
        self._hinting = move

        def work():
            try:
                action = bot.choose(view, legal, random.Random(move))
                result = (action, bot.explain(view, legal, action))
            except Exception as error:   # handed to the window's thread, which reports it
                result = error
            self._hints.put((move, result))
            if self.wake is not None:
                self.wake()
        threading.Thread(target=work, daemon=True, name="hint").start()

    def poll_bot(self):
        """A finished hint ("hint", seat, action, reason) for the position still shown, or None."""
        try:
            move, result = self._hints.get_nowait()
        except queue.Empty:
            return None
        self._hinting = None
        if isinstance(result, Exception):
            raise result
        if move != self.table.move or result[0] not in self.table.legal:
            return None
        return ("hint", self.seat, *result)
