"""The wire format of networked play: declared, versioned messages as JSON text.

Every message is one WebSocket text frame holding a JSON object `{"type": ..., fields}`.
Each type is declared once, as a dataclass below; `decode` holds a message to its
declaration: exactly the declared fields, each of its declared type (a true/false is not
a number, a number with a point is not a whole number), every text and list within its
length, nesting within MAX_DEPTH and the whole message within the limit for its sender.
Anything else is a `ProtocolError` whose message says what is wrong in one line. Nothing
received is ever evaluated or unpickled: it is JSON, checked, then read field by field.

`PROTOCOL` is the version. A screen says it first (`Hello`), and a host of another
version refuses it with words saying which side must update. `Hello` and `Refused` keep
their shape in every version, so that this exchange works across versions.

Cards travel as their ids in the game's deck (a hidden card is `null`), actions as
{kind, cards, arg}: `view_data`/`view_from`, `event_data`/`event_from` and
`action_data`/`action_from` turn the rules' values into messages and back.
"""
import functools
import json
import math
import typing
from dataclasses import dataclass, field, fields, is_dataclass

from game.core import Action, Event, View, Zone

PROTOCOL = 1
MAX_FROM_SCREEN = 4096           # bytes of one message a joined screen sends
MAX_FROM_HOST = 8 * 1024 * 1024  # bytes of one message the host sends (a long log on rejoin)
MAX_DEPTH = 12                   # nesting of lists and objects in a message
SHORT = 40                       # a name, a move's kind or argument
LONG = 200                       # a reason, a zone's name
MANY = 100_000                   # a list the host sends (a log, a deck)


DEFAULT_PORT = 47470             # where a host listens unless told otherwise


def parse_address(text):
    """(host, port) from 'HOST:PORT' ('[::1]:PORT' for IPv6); ValueError otherwise."""
    host, colon, port = text.rpartition(":")
    host = host.strip("[]")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r}: expected HOST:PORT, e.g. 192.168.1.20:{DEFAULT_PORT}")
    return host, int(port)


class Data:
    """Plain JSON data of any shape (the facts, an event's detail, the house rules)."""


def limit(most):
    """A field's declared length limit: characters of a text, entries of a list."""
    return field(metadata={"max": most})


class ProtocolError(ValueError):
    """A message that is not one of the declared messages; the text says why."""


# ---- what a screen sends ---------------------------------------------------------------
@dataclass(frozen=True)
class ActionData:
    """A move: its kind, its cards' ids and its argument."""

    kind: str = limit(SHORT)
    cards: list[int] = limit(64)
    arg: typing.Union[int, str, None] = limit(SHORT)


@dataclass(frozen=True)
class Hello:
    """A screen asks to join: its protocol version, the join code and the player's name."""

    TYPE: typing.ClassVar[str] = "hello"
    protocol: int
    code: str = limit(64)
    name: str = limit(SHORT)


@dataclass(frozen=True)
class Act:
    """A seat's move, chosen among the legal moves of position number `move`."""

    TYPE: typing.ClassVar[str] = "act"
    move: int
    seat: int
    action: ActionData


@dataclass(frozen=True)
class Undo:
    """The seat asks to take back its move (as the host's Undo setting allows), seen at
    position number `move`."""

    TYPE: typing.ClassVar[str] = "undo"
    move: int
    seat: int


# ---- what the host sends ---------------------------------------------------------------
@dataclass(frozen=True)
class Welcome:
    """The screen has joined: its seat, the game, its house rules, the seats' names."""

    TYPE: typing.ClassVar[str] = "welcome"
    protocol: int
    seat: int
    game: str = limit(SHORT)
    players: int
    options: Data
    names: list[str] = limit(8)


@dataclass(frozen=True)
class Lobby:
    """Before the game starts: who has taken which seat so far (null: still free)."""

    TYPE: typing.ClassVar[str] = "lobby"
    names: list[typing.Optional[str]] = limit(8)
    seats: list[str] = limit(8)


@dataclass(frozen=True)
class ZoneData:
    """A zone as one seat sees it: hidden cards are null."""

    key: str = limit(LONG)
    name: str = limit(LONG)
    owner: typing.Optional[int]
    cards: list[typing.Optional[int]] = limit(MANY)
    kind: str = limit(SHORT)


@dataclass(frozen=True)
class ViewData:
    """All one seat may know of the position."""

    current_player: typing.Optional[int]
    is_over: bool
    zones: list[ZoneData] = limit(400)
    facts: Data
    scores: list[typing.Optional[int]] = limit(8)
    winners: list[int] = limit(8)


@dataclass(frozen=True)
class EventData:
    """Something that happened, as one seat may see it."""

    kind: str = limit(SHORT)
    seat: typing.Optional[int]
    cards: list[typing.Optional[int]] = limit(MANY)
    src: typing.Optional[str] = limit(LONG)
    dst: typing.Optional[str] = limit(LONG)
    detail: Data


@dataclass(frozen=True)
class Update:
    """The position as the seat sees it now. `move` numbers it (a move chosen in it names
    that number); `legal` lists the seat's moves when it is to play; `events` are what
    happened since the last update, or the whole log when `fresh` (after joining again or
    an undo); `seats` says per seat who plays it now (SEAT_WORDS); `taken_back`, for the
    seat that undid, is its own move taken back and `later` the moves undone after it."""

    TYPE: typing.ClassVar[str] = "update"
    move: int
    view: ViewData
    legal: list[ActionData] = limit(MANY)
    events: list[EventData] = limit(MANY)
    fresh: bool
    can_undo: bool
    seats: list[str] = limit(8)
    taken_back: typing.Optional[ActionData]
    later: int


@dataclass(frozen=True)
class Refused:
    """A message refused, and why; `final`: the host closes the connection after it."""

    TYPE: typing.ClassVar[str] = "refused"
    reason: str = limit(LONG)
    final: bool


# Who plays a seat, as an Update or a Lobby says it.
HOST = "host"           # a person at the host's screen
HERE = "here"           # a person at a joined screen
AWAY = "away"           # a person whose screen is not connected
COMPUTER = "computer"   # a computer player
STAND_IN = "stand-in"   # a computer player keeping an absent person's seat
OPEN = "open"           # in the lobby: a seat for a person still to join
SEAT_WORDS = (HOST, HERE, AWAY, COMPUTER, STAND_IN, OPEN)

FROM_SCREEN = {m.TYPE: m for m in (Hello, Act, Undo)}
FROM_HOST = {m.TYPE: m for m in (Welcome, Lobby, Update, Refused)}


# ---- encoding and checking ---------------------------------------------------------------
def encode(message):
    """The JSON text of a declared message."""
    return json.dumps({"type": message.TYPE, **_plain(message)}, separators=(",", ":"))


def _plain(value):
    if is_dataclass(value):
        return {name: _plain(getattr(value, name)) for name in _names(type(value))}
    if isinstance(value, list) and value and is_dataclass(value[0]):
        return [_plain(v) for v in value]
    return value


@functools.lru_cache(maxsize=None)
def _names(cls):
    return tuple(f.name for f in fields(cls))


def decode(text, kinds, most):
    """The message in `text` if it is one of `kinds` ({type: class}) within `most`
    bytes; ProtocolError saying what is wrong otherwise."""
    if not isinstance(text, str):
        raise ProtocolError("expected a text message, not binary data")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > most:
        raise ProtocolError(f"message too long: {size} bytes, at most {most}")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("not a JSON message") from None
    if not isinstance(data, dict):
        raise ProtocolError("expected a JSON object with a type")
    kind = data.pop("type", None)
    if not isinstance(kind, str) or kind not in kinds:
        known = ", ".join(kinds)
        raise ProtocolError(f"unknown message type {_quote(kind)}; expected one of {known}")
    return _checker(kinds[kind], LONG)(data, kind, 1)


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


def _quote(value):
    words = json.dumps(value) if not isinstance(value, str) else repr(value)
    return words if len(words) <= SHORT else words[:SHORT] + "..."


@functools.lru_cache(maxsize=None)
def _checker(kind, most):
    """A function (value, where, depth) -> value that holds a value to the declared `kind`
    (and `most`, its length limit), raising ProtocolError; made once per declaration."""
    if is_dataclass(kind):
        return _object_checker(kind)
    origin = typing.get_origin(kind)
    if origin is typing.Union:
        return _union_checker(typing.get_args(kind), most)
    if origin is list:
        return _list_checker(typing.get_args(kind)[0], most)
    if kind is Data:
        return _check_data
    simple = {type(None): _null, bool: _bool, int: _int, str: _text(most)}
    if kind not in simple:
        raise TypeError(f"no check declared for {kind!r}")
    return simple[kind]


def _object_checker(cls):
    hints = typing.get_type_hints(cls)
    checks = tuple((f.name, _checker(hints[f.name], f.metadata.get("max", LONG))) for f in fields(cls))
    names = {name for name, _ in checks}

    def check(value, where, depth):
        if not isinstance(value, dict):
            raise ProtocolError(f"{where}: expected an object")
        if len(value) != len(checks) or set(value) != names:
            extra = sorted(set(value) - names)
            if extra:
                raise ProtocolError(f"{where}: unexpected field {_quote(extra[0])}")
            missing = next(name for name, _ in checks if name not in value)
            raise ProtocolError(f"{where}: missing field {missing}")
        if depth > MAX_DEPTH:
            raise ProtocolError(f"{where}: nested too deeply")
        return cls(**{name: each(value[name], f"{where}.{name}", depth + 1) for name, each in checks})
    return check


def _union_checker(options, most):
    checks = [_checker(option, most) for option in options]
    words = " or ".join(_WORDS.get(option, "an object") for option in options)

    def check(value, where, depth):
        for each in checks:
            try:
                return each(value, where, depth)
            except ProtocolError:
                continue
        raise ProtocolError(f"{where}: expected {words}")
    return check


def _list_checker(item, most):
    if item in (int, typing.Optional[int]):
        nullable = item is not int

        def numbers(value, where, depth):
            _length(value, most, where)
            for number in value:
                if not (type(number) is int and -2**53 < number < 2**53) and not (
                        nullable and number is None):
                    raise ProtocolError(f"{where}: expected whole numbers"
                                        + (" or nulls" if nullable else ""))
            return value
        return numbers
    each = _checker(item, LONG)

    def check(value, where, depth):
        _length(value, most, where)
        return [each(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value)]
    return check


def _length(value, most, where):
    if not isinstance(value, list):
        raise ProtocolError(f"{where}: expected a list")
    if len(value) > most:
        raise ProtocolError(f"{where}: {len(value)} entries, at most {most}")


def _null(value, where, depth):
    if value is not None:
        raise ProtocolError(f"{where}: expected null")
    return value


def _bool(value, where, depth):
    if not isinstance(value, bool):
        raise ProtocolError(f"{where}: expected true or false")
    return value


def _int(value, where, depth):
    if type(value) is not int:
        raise ProtocolError(f"{where}: expected a whole number")
    if abs(value) >= 2**53:
        raise ProtocolError(f"{where}: number out of range")
    return value


def _text(most):
    def check(value, where, depth):
        if not isinstance(value, str):
            raise ProtocolError(f"{where}: expected a text")
        if len(value) > most:
            raise ProtocolError(f"{where}: {len(value)} characters, at most {most}")
        return value
    return check


_WORDS = {int: "a whole number", str: "a text", bool: "true or false", type(None): "null"}


def _check_data(value, where, depth):
    if depth > MAX_DEPTH:
        raise ProtocolError(f"{where}: nested too deeply")
    if isinstance(value, float) and not math.isfinite(value):
        raise ProtocolError(f"{where}: not a number")
    if isinstance(value, list):
        for item in value:
            _check_data(item, where, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            _check_data(item, where, depth + 1)
    return value


# ---- the rules' values as messages and back ------------------------------------------------
def action_data(action):
    """An Action as a message field."""
    return ActionData(action.kind, [card.id for card in action.cards], action.arg)


def action_from(data, deck):
    """The Action an ActionData names, its cards from `deck`; ProtocolError for a card
    id the deck does not have."""
    return Action(data.kind, tuple(_card(deck, i, "action.cards") for i in data.cards), data.arg)


def _card(deck, card_id, where):
    if card_id is None:
        return None
    if not 0 <= card_id < len(deck):
        raise ProtocolError(f"{where}: no card {card_id} in this game's deck")
    return deck[card_id]


def _ids(cards):
    return [None if card is None else card.id for card in cards]


def view_data(view):
    """A seat's View as a message field (the seat, the game and its rules go in Welcome)."""
    zones = [ZoneData(z.key, z.name, z.owner, _ids(z.cards), z.kind) for z in view.zones]
    return ViewData(view.current_player, view.is_over, zones, view.facts, list(view.scores),
                    list(view.winners))


def view_from(data, welcome, deck):
    """The View a ViewData carries, for the seat and game of `welcome`."""
    zones = tuple(Zone(z.key, z.name, z.owner, tuple(_card(deck, i, "view.zones") for i in z.cards),
                       z.kind) for z in data.zones)
    return View(welcome.game, welcome.seat, welcome.players, data.current_player, data.is_over,
                zones, data.facts, tuple(data.scores), tuple(data.winners), dict(welcome.options))


def event_data(event):
    """An Event (already as its seat may see it) as a message field."""
    return EventData(event.kind, event.seat, _ids(event.cards), event.src, event.dst, event.detail)


def event_from(data, deck):
    """The Event an EventData carries."""
    cards = tuple(_card(deck, i, "events.cards") for i in data.cards)
    return Event(data.kind, data.seat, cards, data.src, data.dst, None, data.detail)
