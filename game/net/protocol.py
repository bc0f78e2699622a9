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

What people type and what comes off the wire is checked here, where it arrives, and
normalised or refused with the reason (`ProtocolError`, a ValueError): a player's name
(`normal_name`: only what every screen can draw), a join code (`normal_code`,
`check_code`), a host's address (`parse_address`, `check_host`). `decode` applies them to
the names and codes a message carries, so the tables behind it only see clean values.

Cards travel as their ids in the game's deck (a hidden card is `null`), actions as
{kind, cards, arg}: `view_data`/`view_from`, `event_data`/`event_from` and
`action_data`/`action_from` turn the rules' values into messages and back.
"""
import functools
import ipaddress
import json
import math
import secrets
import typing
import unicodedata
from dataclasses import dataclass, field, fields, is_dataclass

from game.core import Action, Event, View, Zone

PROTOCOL = 2                     # 2: an update carries only what changed (`kept`)
MAX_FROM_SCREEN = 4096           # bytes of one message a joined screen sends
MAX_FROM_HOST = 8 * 1024 * 1024  # bytes of one message the host sends (a long log on rejoin)
MAX_DEPTH = 12                   # nesting of lists and objects in a message
SHORT = 40                       # a name, a move's kind or argument
LONG = 200                       # a reason, a zone's name
MANY = 100_000                   # a list the host sends (a log, a deck)


DEFAULT_PORT = 47470             # where a host listens unless told otherwise
EXAMPLE = f"192.168.1.20:{DEFAULT_PORT}"


class ProtocolError(ValueError):
    """A message or a value that is not what the protocol declares; the text says why."""


# ---- names: what every screen can draw ---------------------------------------------------
NAME_LENGTH = 14                 # characters of a player's name (as Setup allows)
# The characters a name may hold: those the app's font (pygame's own, the same on every
# screen) draws, in the scripts it draws whole: Latin, Greek and Cyrillic letters,
# digits, spaces, common punctuation and signs. tests/test_ui_net.py checks the font
# draws each one.
NAME_CHARACTERS = ((0x20, 0x7E), (0xA1, 0xAC), (0xAE, 0x17F), (0x192, 0x192), (0x218, 0x21B),
                   (0x385, 0x38A), (0x38C, 0x38C), (0x38E, 0x38F), (0x391, 0x3A1), (0x3A3, 0x3CE),
                   (0x400, 0x45F), (0x48C, 0x4C4), (0x4C7, 0x4C8), (0x4CB, 0x4CC), (0x4D0, 0x4F5),
                   (0x4F8, 0x4F9), (0x2013, 0x2014), (0x2018, 0x201A), (0x201C, 0x201E),
                   (0x2020, 0x2022), (0x2026, 0x2026), (0x2030, 0x2030), (0x2039, 0x203A),
                   (0x20AC, 0x20AC), (0x2122, 0x2122))


def drawable(ch):
    """May a name hold the character `ch` (one every screen draws)?"""
    point = ord(ch)
    return any(first <= point <= last for first, last in NAME_CHARACTERS)


def shown_text(text, most):
    """`text` as a screen shows it: compatibility forms made plain (NFKC: a ligature, a
    full-width letter), every kind of space or line break one space, and what no screen
    can draw left out (control and format characters such as direction marks, combining
    marks left alone, lone surrogates, emoji, scripts the font lacks); at most `most`
    characters."""
    plain = unicodedata.normalize("NFKC", text)
    kept = "".join(" " if ch.isspace() else ch for ch in plain if ch.isspace() or drawable(ch))
    return " ".join(kept.split())[:most].strip()


def normal_name(text, default="Guest"):
    """A player's name as the table shows it (`shown_text`, at most NAME_LENGTH
    characters); `default` for a blank one. ProtocolError when a name was given but none
    of it can be shown."""
    if not text.strip():
        return default
    name = shown_text(text, NAME_LENGTH)
    if not name:
        raise ProtocolError("name: none of its characters can be shown at the table (use "
                            "letters, digits or common signs)")
    return name


# ---- join codes ------------------------------------------------------------------------------
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"   # no 0/O or 1/I/L to misread
CODE_LENGTH = 12                                    # 31**12: about 2**59 codes
MIN_CODE = 10                                       # letters or digits of a chosen code
MAX_CODE = 32
CODE_TYPED = 64                                     # characters of a code as typed (Hello.code)


def new_code():
    """A fresh join code, as people read it out: 'KXQ7-M2RT-9HWP'."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(letters[i:i + 4] for i in range(0, CODE_LENGTH, 4))


def normal_code(code):
    """A code as compared: capitals, without spaces or dashes."""
    return "".join(ch for ch in code.upper() if ch not in " -")


def check_code(code):
    """A code chosen by the host, normalised; ProtocolError if it is too easy to guess, or
    longer than a screen can send."""
    letters = normal_code(code)
    if len(letters) < MIN_CODE or not all(ch.isascii() and ch.isalnum() for ch in letters):
        raise ProtocolError(f"a join code needs at least {MIN_CODE} letters or digits "
                            "(a short one lets strangers guess their way in)")
    if len(letters) > MAX_CODE or len(code) > CODE_TYPED:
        raise ProtocolError(f"a join code has at most {MAX_CODE} letters or digits "
                            f"({CODE_TYPED} characters as written)")
    return letters


# ---- addresses -------------------------------------------------------------------------------
def check_host(text):
    """A host as a network address names it: an IPv4 or IPv6 address, or a host name
    (letters, digits and hyphens in dot-separated parts of 1 to 63, at most 253 in all;
    other letters as the IDNA standard writes them). Returns it as the network reads it
    (an address in its usual form, a name in ASCII); ProtocolError saying what is wrong
    otherwise."""
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        pass
    name = text[:-1] if text.endswith(".") else text
    try:
        ascii_name = name.encode("idna").decode("ascii") if not name.isascii() else name
    except UnicodeError:
        ascii_name = None
    parts = ascii_name.split(".") if ascii_name else []
    if (not parts or len(ascii_name) > 253
            or not all(0 < len(part) <= 63 and part.replace("-", "").replace("_", "").isalnum()
                       and part.isascii() and not part.startswith("-") and not part.endswith("-")
                       for part in parts)):
        raise ProtocolError(f"{_quote(text)} is neither an IP address nor a host name")
    return ascii_name


def parse_address(text):
    """(host, port) from 'HOST:PORT' ('[::1]:PORT' for IPv6), the host checked
    (check_host); ProtocolError saying what is wrong otherwise."""
    host, colon, port = text.strip().rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not colon or not host or not port.isascii() or not port.isdigit() or not 0 < int(port) < 65536:
        raise ProtocolError(f"{_quote(text)}: expected HOST:PORT, e.g. {EXAMPLE}")
    return check_host(host), int(port)


class Data:
    """Plain JSON data of any shape (the facts, an event's detail, the house rules)."""


def limit(most):
    """A field's declared length limit: characters of a text, entries of a list."""
    return field(metadata={"max": most})


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
    code: str = limit(CODE_TYPED)
    name: str = limit(SHORT)

    def normalised(self):
        """The hello as the host reads it: the code normalised (normal_code), the name as
        the table shows it (normal_name; ProtocolError if none of it can be shown)."""
        return Hello(self.protocol, normal_code(self.code), normal_name(self.name))


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

    def normalised(self):
        """The welcome with the names as this screen shows them (shown_text)."""
        return Welcome(self.protocol, self.seat, self.game, self.players, self.options,
                       [shown_text(name, NAME_LENGTH) for name in self.names])


@dataclass(frozen=True)
class Lobby:
    """Before the game starts: who has taken which seat so far (null: still free)."""

    TYPE: typing.ClassVar[str] = "lobby"
    names: list[typing.Optional[str]] = limit(8)
    seats: list[str] = limit(8)

    def normalised(self):
        """The lobby with the names as this screen shows them (shown_text)."""
        return Lobby([None if name is None else shown_text(name, NAME_LENGTH) for name in self.names],
                     self.seats)


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
    that number); `legal` lists the seat's moves when it is to play; the seat's log is its
    first `kept` events (all of them after a move; fewer after an undo, which takes its
    moves' events out; none on joining again) followed by `events`; `fresh` says the
    position was replaced (an undo, or joining again) rather than moved on; `seats` says
    per seat who plays it now (SEAT_WORDS); `taken_back`, for the seat that undid, is its
    own move taken back and `later` the moves undone after it."""

    TYPE: typing.ClassVar[str] = "update"
    move: int
    view: ViewData
    legal: list[ActionData] = limit(MANY)
    kept: int
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


# A refusal a screen may meet through no fault of its own, and try again after.
CROWDED = "too many screens are joining at once: try again"

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
    message = _checker(kinds[kind], LONG)(data, kind, 1)
    normalised = getattr(message, "normalised", None)
    return normalised() if normalised is not None else message


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
