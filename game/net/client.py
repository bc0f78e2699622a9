"""A joined screen's side of a networked table, without input or output of its own.

`ClientTable` makes the messages a screen sends (`hello`, `act`, `undo`) and reads what
the host sends (`received`): the seat, the names, and the seat's view, legal moves and
log as the rules' own values (View, Action, Event, cards of the game's deck), so that a
table or a computer player uses them as it would a local game's. A message from the host
that is not a declared one raises game.net.protocol.ProtocolError.
"""
from game import registry
from game.net import protocol as wire


class ClientTable:
    """One screen's seat at a hosted table: what the host has told it so far."""

    def __init__(self, code, name):
        self.code = code
        self.name = name
        self.welcome = None
        self.info = None
        self.deck = None
        self.names = []
        self.seats = []          # per seat, who plays it (protocol's SEAT_WORDS)
        self.move = None         # the number of the position shown
        self.view = None
        self.legal = ()
        self.log = []            # every event this seat has seen, as the host replayed it
        self.events = []         # the events the last update added
        self.fresh = False       # the last update replaced the position (an undo, joining again)
        self.resets = 0          # updates that replaced it
        self.can_undo = False
        self.taken_back = None   # the own move the last undo took back, and how many after it
                                 # (as the last update that replaced the log said)
        self.later = 0
        self.refusal = None      # the last refusal's reason
        self.refusals = 0        # refusals so far
        self.final = False       # the host closes the connection after that refusal

    @property
    def seat(self):
        """The seat this screen plays, once welcomed (else None)."""
        return self.welcome.seat if self.welcome else None

    @property
    def over(self):
        """Has the game ended (as the last update said)?"""
        return self.view is not None and self.view.is_over

    def hello(self):
        """The first message: the protocol, the join code and the name."""
        return wire.encode(wire.Hello(wire.PROTOCOL, self.code, self.name))

    def act(self, action):
        """The message that plays `action`, one of `legal`."""
        return wire.encode(wire.Act(self.move, self.seat, wire.action_data(action)))

    def undo(self):
        """The message that asks to take back this seat's move."""
        return wire.encode(wire.Undo(self.move, self.seat))

    def received(self, text):
        """Read one message from the host; returns the message (a protocol dataclass)."""
        message = wire.decode(text, wire.FROM_HOST, wire.MAX_FROM_HOST)
        if isinstance(message, wire.Refused):
            self.refusal, self.final = message.reason, message.final
            self.refusals += 1
        elif isinstance(message, wire.Welcome):
            self._welcome(message)
        elif self.welcome is None:
            raise wire.ProtocolError(f"{message.TYPE} before welcome")
        elif isinstance(message, wire.Lobby):
            self._names(message.names, message.seats)
        else:
            self._update(message)
        return message

    def _welcome(self, message):
        if message.protocol != wire.PROTOCOL:
            raise wire.ProtocolError(f"the host speaks protocol {message.protocol}, this app "
                                     f"{wire.PROTOCOL}")
        try:
            info = registry.game_info(message.game)
            registry.resolve_options(info, message.players, message.options)
        except ValueError as error:
            raise wire.ProtocolError(f"welcome: {error}") from None
        if not 0 <= message.seat < message.players or len(message.names) != message.players:
            raise wire.ProtocolError("welcome: the seat or the names do not fit the table")
        self.welcome = message
        self.info = info
        self.deck = info.load_deck()
        self.names = list(message.names)
        self.name = self.names[message.seat] or self.name    # the name the host gave this seat

    def _names(self, names, seats):
        if len(names) != self.welcome.players or len(seats) != self.welcome.players:
            raise wire.ProtocolError("lobby: one name and one word per seat expected")
        self.names = [name or "" for name in names]
        self.seats = list(seats)

    def _update(self, message):
        if len(message.seats) != self.welcome.players:
            raise wire.ProtocolError("update: one word per seat expected")
        if not 0 <= message.kept <= len(self.log):
            raise wire.ProtocolError(f"update: keeps {message.kept} events of a log of {len(self.log)}")
        self.view = wire.view_from(message.view, self.welcome, self.deck)
        self.legal = tuple(wire.action_from(a, self.deck) for a in message.legal)
        self.events = [wire.event_from(e, self.deck) for e in message.events]
        self.fresh = message.fresh
        self.resets += message.fresh
        del self.log[message.kept:]
        self.log += self.events
        self.move = message.move
        self.can_undo = message.can_undo
        self.seats = list(message.seats)
        if message.fresh:                # the note of the update that replaced the log stays
            self.taken_back = (wire.action_from(message.taken_back, self.deck)
                               if message.taken_back is not None else None)
            self.later = message.later
