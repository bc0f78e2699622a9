"""Games played across computers at the table: this screen's seat at a game hosted
elsewhere (`RemoteSession`, `JoinedDirector`), or a game hosted here (`HostedSession`,
`HostDirector`).

The table asks a session for the game as a seat may see it, submits moves, asks for an
undo, a hint, the computers' moves. At a joined screen the game lives on the host: what
this seat may see is what the host last sent (game.net.client.ClientTable); a move or an
undo is sent to the host and comes back as the host's next update, which the director
returns to the table as News (a move made elsewhere). Other seats are played
elsewhere: the table waits for them quietly. A hint is this app's own hard computer
player, thinking on the seat's view alone.

At the host the game is the app's Session; the table plays the host's own seat and the
computers, and the people who joined play theirs from their screens: their moves reach
the session through the host's table (game.net.host.HostTable) and the director returns
them to the table as News, moves made elsewhere. The app pumps the network every frame
(scenes/network/net.py), so moves arrive whatever screen is showing.
"""
import random

from game.core import IllegalAction
from game.net import protocol as wire
from game.net.host import HOST
from scenes.network.net import minutes
from scenes.table.director import THINK, Director, Go, News
from scenes.table.session import Seat

PEOPLE = (wire.HOST, wire.HERE, wire.AWAY)
NOT_LEGAL = "that is not a legal move now"


class RemoteSession:
    """This screen's seat at a hosted table (`joining`: scenes.network.net.Joining)."""

    folders = None       # the host keeps the game: nothing is saved, recorded or counted here
    seed = None          # the deal number stays with the host (the whole deal follows from it)

    def __init__(self, joining, executor):
        self.joining = joining
        self.table = joining.table
        self.info = self.table.info
        self.game_id = self.info.id
        self.options = dict(self.table.welcome.options)
        self.seat = self.table.seat
        self.problem = None
        self.executor = executor
        self._hint = None        # [position, result or None] of the hint being thought of
        self._hint_bot = None
        self._sent = None        # (the position, the refusals so far) a move or an undo was sent at
        self._asked = None       # the position an undo was asked from

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

    def waiting_for_host(self):
        """Has a move or an undo gone to the host from the position shown, and no answer
        come (a new position, or a refusal)?"""
        return self._sent == (self.table.move, self.table.refusals)

    def legal_actions(self):
        """This seat's moves when it is to play (as the host last said; none once one
        was sent, until the host answers, nor while the host cannot be reached)."""
        if self.joining.state != "joined" or self.waiting_for_host():
            return ()
        return self.table.legal

    def why_illegal(self, action):
        """The host says why when it refuses a move; here, only that it is not one."""
        return NOT_LEGAL

    def moves(self):
        """The moves are the host's; none are known here."""
        return []

    def movers(self):
        """Who played each move: none are known here (see moves)."""
        return []

    def automatic_moves(self):
        """The turn's ends the table made by itself: none are known here (see moves)."""
        return set()

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
        self._sent = (self.table.move, self.table.refusals)
        return []

    def can_undo(self, seat, policy):
        """May this seat undo (the host's Undo setting rules: it said so last)?"""
        return (seat == self.seat and self.table.can_undo and not self.is_over
                and not self.waiting_for_host())

    def undo_record(self):
        """The undos are the host's to count (its Statistics keeps a practice game apart):
        none are known here."""
        return {"undos": 0, "practice": False}

    def undo_refusal(self, seat, policy):
        """Why this seat may not undo now, or None once it has asked the host (its answer
        comes as an update)."""
        if self._asked == self.table.move:
            return None
        return ("nothing", None)

    def undo(self, seat, policy):
        """Ask the host to take back this seat's move; the answer comes as an update."""
        if self.can_undo(seat, policy):
            self.joining.undo()
            self._sent = (self.table.move, self.table.refusals)
            self._asked = self.table.move
        return None

    def take_problem(self):
        """The last refusal or connection trouble, once (else None)."""
        problem, self.problem = self.problem, None
        return problem

    # ---- computer players: the others play elsewhere; a hint thinks here -----------------
    def start_bot(self, thinking=None):
        """Other seats are played elsewhere: nothing to start."""

    def busy(self):
        """Waiting: for another seat to move elsewhere, or for a hint."""
        return self._hint is not None or (not self.is_over and self.current_player != self.seat)

    def thinking(self):
        """The computer seat whose move is awaited, or None."""
        seat = self.current_player
        if seat is None or seat == self.seat or self.is_over:
            return None
        return seat if self.table.seats[seat] in (wire.COMPUTER, wire.STAND_IN) else None

    def start_hint(self, thinking=None):
        """The hard computer player thinks about this seat's move (through the executor)."""
        if self._hint is not None or not self.legal_actions():
            return
        if self._hint_bot is None:
            from game.bots import make_bot
            self._hint_bot = make_bot("hard", self.game_id, options=self.options, **(thinking or {}))
        bot, view, legal = self._hint_bot, self.table.view, self.legal_actions()
        hint = self._hint = [self.table.move, None]

        def work():
            try:
                action = bot.choose(view, legal, random.Random(hint[0]))
                hint[1] = (action, bot.explain(view, legal, action))
            except Exception as error:   # handed to the window's thread, which reports it
                hint[1] = error
        self.executor(work)

    def poll_bot(self):
        """A finished hint ("hint", seat, action, reason) for the position still shown, or None."""
        if self._hint is None or self._hint[1] is None:
            return None
        (move, result), self._hint = self._hint, None
        if isinstance(result, Exception):
            raise result
        if move != self.table.move or result[0] not in self.legal_actions():
            return None
        return ("hint", self.seat, *result)


class JoinedDirector(Director):
    """Runs this screen's seat of a game hosted elsewhere: moves go to the host, the
    host's updates come to the table, the others play elsewhere."""

    def __init__(self, joining):
        self.joining = joining
        self.seen = (0, 0)       # (the updates that replaced the log, events) taken in
        self.told = None         # the connection trouble last said

    def tick(self, seen):
        """The host's updates since the last tick (an undo there said), and the trouble when
        the host is lost."""
        client = self.joining.table
        events, fresh, taken_back = (), False, None
        now = (client.resets, len(client.log))
        if now != self.seen:
            fresh = now[0] != self.seen[0]
            events = () if fresh else tuple(client.log[self.seen[1]:])
            self.seen = now
            if fresh and client.taken_back is not None:
                taken_back = (client.taken_back, [None] * client.later)    # whose: the host's to know
        trouble = None
        if self.joining.state == "lost":
            trouble = f"Lost the host ({self.joining.reason}): trying again..."
        elif self.joining.state == "refused":
            reason = self.joining.reason
            trouble = f"{reason[:1].upper()}{reason[1:]}. Menu leaves the table."
        elif client.refusal and not client.final:
            trouble = f"The host refused: {client.refusal}"
        if trouble == self.told:
            return News(events, fresh, taken_back)
        self.told = trouble         # read again: no move is offered while the host cannot hear it
        return News(events, fresh, taken_back, trouble, reread=True)

    def computer_move(self, seen):
        """Another seat is to move: it is played elsewhere."""
        return None

    def leave(self, seen):
        """Menu or Esc: leave the table (the host keeps the seat for a return)."""
        return Go("menu", {"session": None, "director": None}, end_network=True)


def to_table(scene, joining):
    """From `scene` to the table of the game `joining` has joined (its first update came):
    a game just begun deals with its animation, one joined again shows as it stands."""
    session = RemoteSession(joining, scene.app.executor)
    director = JoinedDirector(joining)
    client = joining.table
    director.seen = (client.resets, len(client.log))
    begun = client.move == 1              # the game's first position: its deal is animated
    scene.go("table", session=session, director=director, viewer=None, curtains=[], setup=None,
             events_seen=0 if begun else len(client.log))


class HostedSession:
    """The host's Session as this screen's table plays it: the people at other screens
    play their seats there, so only the host's own seat is played here (and a computer
    keeping an absent person's seat is a computer here). Everything else is the Session."""

    def __init__(self, session, hosting):
        self._session = session
        self._hosting = hosting

    def __getattr__(self, name):
        return getattr(self._session, name)

    def humans(self):
        """The seats played at this screen: the host's."""
        return [seat for seat, kind in enumerate(self._hosting.table.plan) if kind == HOST]

    def is_human(self, seat):
        """Is `seat` played at this screen?"""
        return seat is not None and self._hosting.table.plan[seat] == HOST

    def elsewhere(self):
        """Is the seat to move played at another screen (or waiting for its person)?"""
        turn = self._hosting.table.to_move()
        return turn is not None and turn.who in (wire.HERE, wire.AWAY)

    def busy(self):
        """Waiting: for a computer here, or for a person elsewhere."""
        return self._session.busy() or self.elsewhere()


class HostDirector(Director):
    """Runs a game hosted here: the host's moves and the computers' go to the screens
    that joined; their moves come to the table; an absent person's seat may go to a
    computer and back."""

    def __init__(self, hosting):
        self.hosting = hosting
        self.seen = (0, 0)       # (the host table's resets, events) taken in
        self.told = None         # who played each seat, and who was silent, as last shown

    def submit(self, seen, action):
        """Make the move here, send it to every screen, then autosave it."""
        events = seen.session.submit(action, save=False)
        self.hosting.send(self.hosting.table.played_here())
        self.seen = (self.hosting.table.resets, seen.session.event_count())
        return events

    def tick(self, seen):
        """Send what changed here (an undo); the moves made at other screens, and who
        left the table or has gone silent on their turn."""
        hosting = self.hosting
        hosting.send(hosting.table.changed())
        events, fresh = (), False
        now = (hosting.table.resets, seen.session.event_count())
        if now != self.seen:
            fresh = now[0] != self.seen[0]
            events = () if fresh else tuple(seen.session.events_since(self.seen[1]))
            self.seen = now
        host = hosting.table
        told = (host.seat_words(), host.silent_seats(hosting.clock()))
        if told == self.told:
            return News(events, fresh)
        words, silent = told           # someone left, came back, went silent, or a computer sat in
        before = self.told[0] if self.told else words
        left = [host.names[s] for s, (was, is_now) in enumerate(zip(before, words))
                if is_now == wire.AWAY and was != wire.AWAY]
        quiet = [host.names[s] for s in silent if not self.told or s not in self.told[1]]
        self.told = told
        if left:
            say = f"{', '.join(left)} left the table: waiting, or let a computer play"
        elif quiet:
            say = (f"{', '.join(quiet)} has not moved for {minutes(host.silent_after)}: "
                   "waiting, or let a computer play")
        else:
            say = None
        return News(events, fresh, say=say, changed=True)

    def computer_move(self, seen):
        """A computer seat (or a computer keeping an absent person's) thinks here; a
        person's seat elsewhere is waited for."""
        return None if seen.session.elsewhere() else THINK

    def top_buttons(self, seen):
        """For each absent person, or one silent on their turn: a computer plays for them;
        for a seat a computer keeps: wait for its person again."""
        buttons = []
        host = self.hosting.table
        silent = host.silent_seats(self.hosting.clock())
        for seat, word in enumerate(host.seat_words()):
            name = host.names[seat]
            if word == wire.AWAY or seat in silent:
                buttons.append((f"Computer plays for {name}", f"stand_in:{seat}"))
            elif word == wire.STAND_IN:
                buttons.append((f"Wait for {name}", f"give_back:{seat}"))
        return buttons

    def press(self, seen, key):
        """A computer plays for an absent person, or the seat waits for them again."""
        what, _, seat = key.partition(":")
        host = self.hosting.table
        self.hosting.send(host.hand_to_computer(int(seat)) if what == "stand_in" else host.give_back(int(seat)))

    def leave(self, seen):
        """Menu or Esc: stop hosting (the game stays saved: Continue hosts it again)."""
        return Go("menu", {"session": None, "director": None, "hosting": None}, end_network=True)


def host_table(scene, hosting, session):
    """From `scene` to the table of the game hosted here, just begun with `session`."""
    director = HostDirector(hosting)
    director.seen = (hosting.table.resets, session.event_count())
    scene.go("table", session=HostedSession(session, hosting), director=director, viewer=None,
             events_seen=0, curtains=[], setup=None)
