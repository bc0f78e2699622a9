"""The rules API shared by every game: actions, events, views, chance, the base state.

A game module subclasses `GameState` and implements its rules; everything that is the
same for every game (legality checks, the save format, views built from zones, event
filtering, injected chance) lives here once.
"""
import math
import random
from functools import lru_cache, partial
from itertools import filterfalse
from types import MemberDescriptorType
from typing import NamedTuple

SAVE_FORMAT = "cardtable-state"
SAVE_VERSION = 3      # 2: one name per state machine (`step`) and draw pile (`draw_pile`);
                      # 3: fields take the names of the facts that publish them
READ_VERSIONS = (1, 2, 3)   # older saves are read through each game's `RENAMED`

# Who may see the cards of a zone.
PUBLIC = "public"   # everybody
OWNER = "owner"     # only the zone's owner
HIDDEN = "hidden"   # nobody, not even the owner
TOP = "top"         # only the top card (the last in the zone's list), for everybody

OVER = "over"       # every game's last step: the game is over


class Vocabulary:
    """A vocabulary of kinds: each upper-case attribute is its own word in lower case
    (`PLAY = "play"`), read as `Act.PLAY`, where a typo stops the code at once; `ALL` is
    every word. The words are plain strings, so saves, records and the wire keep them as
    they always were, and reading one costs no more than a name (an Enum's member is
    slower to read on Python 3.11, in the rules' hottest loops)."""

    ALL = frozenset()

    def __init_subclass__(cls):
        super().__init_subclass__()
        words = {name: value for name, value in vars(cls).items() if name.isupper() and name != "ALL"}
        for name, word in words.items():
            if word != name.lower():
                raise TypeError(f"{cls.__name__}.{name} must be {name.lower()!r}, not {word!r}")
        cls.ALL = frozenset(words.values())


class SharedAct(Vocabulary):
    """The action kinds that mean the same in every game that has them, which the table
    and the kernel read without knowing the game. Each game declares its whole vocabulary
    as `Act` in its rules, a Vocabulary (repeating these where it has them)."""

    END_TURN = "end_turn"   # the turn ends (the table makes it itself when it is the only move left)
    DEAL = "deal"           # the next hand is dealt (a hand's scores are due before it)


class SharedEvent(Vocabulary):
    """The event kinds the table and the kernel read in every game (a game's own events
    are its words; one named after the action that caused it takes that action's kind)."""

    MOVE = "move"           # cards went from one zone to another
    ROLL = "roll"           # the die was rolled
    RECYCLE = "recycle"     # the discard pile was turned over to draw from
    HAND_OVER = "hand_over"  # a hand ended (its scores are due)
    GAME_OVER = "game_over"  # the game ended


class IllegalAction(Exception):
    """An action that is not legal now; the message gives the reason in the rules' words."""


class Action(NamedTuple):
    """One legal choice: a kind (a word of its game's `Act`: `play`, `draw`, `end_turn`,
    ...), the cards it uses (Card objects) and an optional argument (a colour, a seat, a
    position)."""

    kind: str
    cards: tuple = ()
    arg: object = None

    def __str__(self):
        words = [self.kind.replace("_", " ")]
        if self.cards:
            words.append(" ".join(card.name for card in self.cards))
        if self.arg is not None:
            words.append(str(self.arg))
        return " ".join(words)

    def to_json(self):
        """A JSON-safe form for game records: card ids, not objects."""
        return {"kind": self.kind, "cards": [c.id for c in self.cards], "arg": self.arg}


class Event(NamedTuple):
    """Something that happened, for animation and the log.

    `kind` is `move` (cards went from zone `src` to zone `dst`), or a game word such as
    `declare`, `skip`, `roll`, `recycle`, `turn`, `game_over`. `visible_to` is None when
    everybody sees the cards, or the set of seats that do; others get `None` in their
    place (the count still shows)."""

    kind: str
    seat: object = None
    cards: tuple = ()
    src: str = None
    dst: str = None
    visible_to: frozenset = None
    detail: object = None

    def for_seat(self, seat):
        """This event as `seat` may see it."""
        if self.visible_to is None or seat in self.visible_to or not self.cards:
            return self
        return self._replace(cards=(None,) * len(self.cards), visible_to=None)


_new_tuple = tuple.__new__    # a NamedTuple from a full tuple of its fields, at C speed
_as_event = partial(_new_tuple, Event)     # an Event from the tuple of its fields


class Zone(NamedTuple):
    """A place cards lie, as one seat sees it. `cards` lists every card, top last,
    with `None` for a card this seat may not see; `count` is its length."""

    key: str        # stable id: "draw", "discard", "hand:2", "facedown:1", ...
    name: str       # the zone's name in the game's words
    owner: object   # a seat, or None for a shared zone
    cards: tuple
    kind: str       # drawing hint: "pile", "hand", "row", "stack"

    @property
    def count(self):
        return len(self.cards)


class Fact(NamedTuple):
    """How a game declares one fact of its views: the types its value takes, whether only
    the viewing seat knows it (`private`: then it is there only where it applies), and
    whether it is the field of the same name as it stands (`field`: resampling copies it
    back into a sampled state)."""

    types: tuple
    private: bool = False
    field: bool = False

    def holds(self, value):
        """Whether `value` is of one of this fact's types (True and False are no numbers)."""
        return isinstance(value, self.types) and (type(value) is not bool or bool in self.types)


def fact(*types, private=False, field=False):
    """A declared fact whose value is one of `types` (None stands for null)."""
    return Fact(tuple(type(None) if t is None else t for t in types), private, field)


class Facts(dict):
    """A view's facts: a dict that refuses to read a fact its game does not declare, so a
    misspelt or renamed fact fails where it is read instead of reading as missing."""

    __slots__ = ("game_id", "declared")

    def __init__(self, values, game_id, declared):
        super().__init__(values)
        self.game_id = game_id
        self.declared = declared

    def _check(self, name):
        if name not in self.declared:
            raise KeyError(f"{self.game_id} declares no fact {name!r}")

    def __getitem__(self, name):
        self._check(name)
        return super().__getitem__(name)

    def get(self, name, default=None):
        """The fact `name` (a declared one), or `default` where this view has none."""
        self._check(name)
        return super().get(name, default)


class View(NamedTuple):
    """All that one seat may know: the zones and the facts (`Facts`) it may see."""

    game_id: str
    seat: object
    players: int
    current_player: object
    is_over: bool
    zones: tuple
    facts: dict
    scores: tuple
    winners: tuple
    options: dict   # the house rules in force (public)

    def zone(self, key):
        """The zone with this key (KeyError if the game has none)."""
        for zone in self.zones:
            if zone.key == key:
                return zone
        raise KeyError(key)


@lru_cache(maxsize=None)
def seat_keys(zone, players):
    """("<zone>:0", "<zone>:1", ...): the key of one kind of zone for each seat, built once
    per player count (the rules name zones in several events a move)."""
    return tuple(f"{zone}:{seat}" for seat in range(players))


@lru_cache(maxsize=None)
def seats_alone(players):
    """(frozenset({0}), frozenset({1}), ...): for each seat, the set of it alone (an event
    only that seat sees), built once per player count."""
    return tuple(frozenset((seat,)) for seat in range(players))


class ZoneSpec(NamedTuple):
    """How a game declares one of its card containers to the base class."""

    key: str
    name: str
    owner: object
    cards: list       # the live list; top is the last element
    visibility: str
    kind: str = "pile"


_SHUFFLE_STEPS = {}    # list length -> (position, bits of its draw), last position first


def shuffle(rng, items):
    """Shuffle the list `items` in place exactly as `rng.shuffle(items)` does (the same
    draws from `rng`, the same order: Python's Fisher-Yates with rejection sampling),
    in one Python frame rather than two calls per card. Deals are on every playout's
    path; and a record replays the same even if Python's own shuffle changes."""
    steps = _SHUFFLE_STEPS.get(len(items))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(items)] = tuple((i, (i + 1).bit_length())
                                                   for i in range(len(items) - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, bits in steps:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


_SAMPLE_STEPS = {}     # list length -> (pool size, bits of its draw), the whole pool first


def random_order(rng, items):
    """A new list of `items` in a random order drawn exactly as `rng.sample(items,
    len(items))` draws it (the same draws from `rng`: Python's pool selection, each pick
    by rejection sampling), in one Python frame rather than two calls per item."""
    steps = _SAMPLE_STEPS.get(len(items))
    if steps is None:
        steps = _SAMPLE_STEPS[len(items)] = tuple((size, size.bit_length())
                                                  for size in range(len(items), 0, -1))
    getrandbits = rng.getrandbits
    pool = list(items)
    order = []
    for size, bits in steps:
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        order.append(pool[j])
        pool[j] = pool[size - 1]
    return order


_bare_random = random.Random.__new__   # a generator not yet seeded (seeding reads the OS)


class Chance:
    """The state's source of randomness: one seeded generator, plus injected results
    (stacked decks per deal, die rolls, coin tosses) used before any random ones.
    `blind_draws` counts the cards taken from an order nobody knew (see `blind_draw`);
    it is not saved: undo compares it before and after one action."""

    def __init__(self, seed, stacks=(), dice=(), tosses=(), full_deck=True):
        self.seed = seed
        self.rng = random.Random(seed)
        self.stacks = [list(s) for s in stacks]
        self.dice = list(dice)
        self.tosses = list(tosses)
        self.full_deck = full_deck
        self.blind_draws = 0

    def blind_draw(self):
        """A card was taken from an order nobody knew: a draw from a shuffled pile (even
        of cards seen before it was shuffled), a blind pick. Chance decides which card it
        is, as surely as a roll, though the shuffle happened earlier."""
        self.blind_draws += 1

    def deal_order(self, deck, cards):
        """The order of the next deal, top first: the next stacked deck if one was
        injected, else a shuffle of `cards` (the game's card set)."""
        if self.stacks:
            names = self.stacks.pop(0)
            if self.full_deck:
                return deck.stack(names)
            return deck.stack(names, full_deck=False)
        order = list(cards)
        shuffle(self.rng, order)
        return order

    def roll(self, sides=6):
        """A die result 1..sides, drawn exactly as `rng.randint(1, sides)` draws it
        (rejection sampling on the bits of `sides`), in one call rather than four."""
        if self.dice:
            return self.dice.pop(0)
        bits = sides.bit_length()
        face = self.rng.getrandbits(bits)
        while face >= sides:
            face = self.rng.getrandbits(bits)
        return face + 1

    def toss(self, outcomes):
        """A coin toss among `outcomes` (injected results are the outcome itself)."""
        if self.tosses:
            return self.tosses.pop(0)
        return self.rng.choice(outcomes)

    def clone(self):
        other = Chance.__new__(Chance)
        other.seed = self.seed
        other.rng = _bare_random(random.Random)    # the state comes next: no seeding first
        other.rng.setstate(self.rng.getstate())
        other.stacks = [list(s) for s in self.stacks]
        other.dice = list(self.dice)
        other.tosses = list(self.tosses)
        other.full_deck = self.full_deck
        other.blind_draws = self.blind_draws
        return other

    def to_dict(self):
        """A JSON-safe copy of the generator's state and the injected results left."""
        version, internal, gauss = self.rng.getstate()
        return {"seed": self.seed, "rng": [version, list(internal), gauss],
                "stacks": [list(s) for s in self.stacks], "dice": list(self.dice),
                "tosses": copy_data(self.tosses), "full_deck": self.full_deck}

    @classmethod
    def from_dict(cls, data):
        require(data, dict, "chance")
        chance = cls(None, full_deck=data.get("full_deck", True))
        chance.seed = check_seed(data.get("seed"), "chance.seed")
        try:
            version, internal, gauss = data["rng"]
            words = require(internal, list, "chance.rng")
            if (version != 3 or len(words) != 625
                    or not (gauss is None or type(gauss) is float and math.isfinite(gauss))
                    or not all(type(w) is int and 0 <= w < 2**32 for w in words)
                    or words[624] > 624 or not any(words[:624])):
                raise ValueError
            chance.rng.setstate((version, tuple(words), gauss))
        except (KeyError, TypeError, ValueError, OverflowError):
            raise ValueError("chance.rng: not a saved random generator state") from None
        chance.stacks = [list(require(s, list, "chance.stacks[]")) for s in
                         require(data.get("stacks", []), list, "chance.stacks")]
        chance.dice = list(require(data.get("dice", []), list, "chance.dice"))
        chance.tosses = list(require(data.get("tosses", []), list, "chance.tosses"))
        for die in chance.dice:
            if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
                raise ValueError(f"chance.dice: {die!r} is not a die result 1-6")
        return chance


MAX_SEED = 2**63 - 1


def check_seed(seed, where="seed"):
    """`seed` if it is a whole number within +-MAX_SEED (a deal number), else ValueError."""
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > MAX_SEED:
        raise ValueError(f"{where}: expected a whole number up to {MAX_SEED}, "
                         f"found {repr(seed)[:40]}")
    return seed


def require(value, kind, where):
    """`value` if it is of type `kind`, else ValueError naming `where`."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{where}: expected {kind.__name__}, found {type(value).__name__}")
    return value


def require_int(value, where, low, high):
    """An int in [low, high], else ValueError naming `where`."""
    require(value, int, where)
    if not low <= value <= high:
        raise ValueError(f"{where}: {value} is outside {low}..{high}")
    return value


def swap_into(card, target, holders, avoid=()):
    """Put `card` into the list `target` by trading places with a card of `target` (not
    one of `avoid`), searching for it in `holders` (the lists where unseen cards lie).
    For resampling, where a hidden card's place is known."""
    if card in target:
        return
    source = next((h for h in holders if card in h), None)
    spot = next((i for i, c in enumerate(target) if c not in avoid), None)
    if source is None or spot is None:
        return
    i = source.index(card)
    source[i], target[spot] = target[spot], card


def swap_to(card, target, spot, holders):
    """Put `card` at `target[spot]` by trading places with the card there, searching for
    it in `holders` (the lists where unseen cards lie, `target` among them). For
    resampling, where a hidden card's very place is known."""
    if target[spot] is card:
        return
    source = next((h for h in holders if card in h), None)
    if source is None:
        return
    i = source.index(card)
    source[i], target[spot] = target[spot], card


# ---- the field schema ---------------------------------------------------------------------
# A game declares its position once, as `FIELDS = {name: kind}`; the base class derives
# clone, save and load from it. A kind says how a value is copied (None: immutable), saved
# (always a fresh JSON-safe value) and read back from a save (checked, naming the field).
class Kind(NamedTuple):
    """How one field's value is copied, saved and loaded."""

    copy: object    # value -> independent copy, or None for an immutable value
    dump: object    # value -> fresh JSON-safe data
    load: object    # (data, where, state) -> value; ValueError naming `where`
    default: object = None   # state -> value for a save that predates the field, or None


def added_later(kind, default):
    """`kind` for a field that saves of older code lack: such a save loads with
    `default(state)` (see `GameState.load`)."""
    return kind._replace(default=default)


def _same(value):
    return value


def _any(value, where, state):
    return value


def scalar(check=_any):
    """An immutable number, text, flag or None, checked on load by `check(v, where, state)`."""
    return Kind(None, _same, check)


def optional(kind):
    """`kind` or None."""
    def load(value, where, state):
        return None if value is None else kind.load(value, where, state)
    dump = kind.dump if kind.dump is _same else (lambda v: None if v is None else kind.dump(v))
    copy = None if kind.copy is None else (lambda v: None if v is None else kind.copy(v))
    return Kind(copy, dump, load)


def integer(low, high):
    """An int in low..high."""
    return scalar(lambda v, where, state: require_int(v, where, low, high))


def _load_flag(value, where, state):
    return require(value, bool, where)


FLAG = scalar(_load_flag)          # True or False


def choice(values, what=None):
    """One of `values` (texts or numbers); the error says it is not `what`."""
    what = what or "one of " + ", ".join(map(str, values))

    def load(value, where, state):
        if value not in values or isinstance(value, bool) != any(
                isinstance(v, bool) for v in values):
            raise ValueError(f"{where}: {value!r} is not {what}")
        return value
    return scalar(load)


def _load_seat(value, where, state):
    return require_int(value, where, 0, state.players - 1)


SEAT = scalar(_load_seat)          # a seat number


def _load_card(value, where, state):
    return state.cards_from([value], where)[0]


CARD = Kind(None, lambda card: card.id, _load_card)      # one card (its id in a save)
CARDS = Kind(list, lambda cards: [c.id for c in cards],
             lambda value, where, state: state.cards_from(value, where))   # cards, top last
SEATS = "seats"   # a list length: one entry per seat


def listof(item, size=None):
    """A list of `item`s; `size` is a fixed length, SEATS (one per seat) or None (any)."""
    each = item.copy

    def copy_lists(value):
        return [list(x) for x in value]

    def copy_each(value):
        return [each(x) for x in value]
    copy = list if each is None else copy_lists if each is list else copy_each
    dump = list if item.dump is _same else (lambda v, d=item.dump: [d(x) for x in v])

    def load(value, where, state):
        require(value, list, where)
        need = state.players if size == SEATS else size
        if need is not None and len(value) != need:
            raise ValueError(f"{where}: {len(value)} entries, expected {need}")
        return [item.load(x, f"{where}[{i}]", state) for i, x in enumerate(value)]
    return Kind(copy, dump, load)


def _nobody_known(state):
    return [[] for _ in range(state.players)]


# Per seat, the cards every seat saw go into that seat's hand and that are still there
# (`GameState._seen_into_hand`); saves of older code lack the field.
KNOWN_IN_HAND = added_later(listof(CARDS, SEATS), _nobody_known)


def copy_data(value):
    """A deep copy of plain data (dicts, lists, numbers, texts, None)."""
    if isinstance(value, list):
        return [copy_data(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    return value


def data(check=_any, frozen=False):
    """Plain JSON-like data without cards (lists, dicts, numbers, texts), copied deeply;
    `check(value, where, state)` validates a save. `frozen`: the rules never change the
    value in place (they replace it), so clones share it; a save still copies it."""
    def load(value, where, state):
        check(value, where, state)
        return copy_data(value)
    return Kind(None if frozen else copy_data, copy_data, load)


def _no_event(state, kind, seat=None, cards=(), src=None, dst=None, visible_to=None,
              detail=None):
    """`GameState.emit` for a state that keeps no events."""


def _no_events(state, events):
    """`GameState.emit_all` for a state that keeps no events."""


class GameState:
    """Base class of every game's state.

    A subclass sets `game_id`, `RULES_VERSION` (written into game records; bumped when a
    change makes recorded games replay differently), `STEPS` (the steps of its state
    machine, the last being OVER), `FIELDS` (its position: {attribute: kind}, the save's
    keys too) and `FACTS` (what its views tell beyond the zones: {name: Fact}),
    builds the position in `__init__` (calling `super().__init__`, and setting `step`),
    ends the game with `_end(winners)`, and implements `_legal_actions()`,
    `_apply(action)`, `_zones()`, `_facts()` (the public facts) and `scores()`. It may
    override `why_illegal(action)` to explain rejections in the rules' words,
    `_private_facts(seat)`, `_read_options()` (fields derived from the options, not
    saved), `_check_position()` (cross-field checks of a loaded save) and
    `_resample_fields(view)` (the fields a view's zones and field facts do not carry).

    Every game has two fields the base class declares: `step` (one of `STEPS`, published
    as the fact `step`) and `winner_seats` (the seats that won, set by `_end`; views
    carry them as `winners`).

    A game may keep its fields in `__slots__` (`clone` copies them as it copies the
    instance's dict): Python 3.11 reads an instance's dict fastest while it holds fewer
    than 30 attributes.
    """

    game_id = None
    STEPS = (OVER,)
    FIELDS = {}
    FACTS = {}
    RENAMED = {}      # {older save version: {attribute: its key in saves of that version}}
    MEASURES = None   # what the balance report reads of a finished game (game.measures)
    logs_events = True   # False for a state that keeps no events (`keep_no_events`): rules
                         # that tell many things at once need not build them for nobody

    def __init_subclass__(cls, quiet=False, **kwargs):
        super().__init_subclass__(**kwargs)
        if quiet:            # `_quiet` below: the game's own class, keeping no events
            return
        if cls.STEPS[-1:] != (OVER,):
            raise TypeError(f"{cls.__name__}.STEPS must end with {OVER!r}")
        cls.FIELDS = {"step": choice(cls.STEPS), **cls.FIELDS, "winner_seats": listof(SEAT)}
        cls.FACTS = {"step": fact(str, field=True), **cls.FACTS}
        cls._copiers = tuple((name, kind.copy) for name, kind in cls.FIELDS.items()
                             if kind.copy is not None)
        # the immutable fields a game keeps in slots, outside the dict `clone` copies
        cls._slotted = tuple(name for name, kind in cls.FIELDS.items() if kind.copy is None
                             and type(getattr(cls, name, None)) is MemberDescriptorType)
        # The same class for a state that keeps no events (`keep_no_events`).
        cls._quiet = type(cls.__name__, (cls,), {
            "__slots__": (), "__module__": cls.__module__, "__qualname__": cls.__qualname__,
            "__doc__": cls.__doc__, "emit": _no_event, "emit_all": _no_events,
            "logs_events": False}, quiet=True)

    def __init__(self, info, players, options, chance, deck, cards):
        self.info = info
        self.players = players
        self.options = dict(options)
        self.chance = chance
        self.rng = chance.rng
        self.deck = deck
        self.cards = tuple(cards)   # the cards this game is played with
        self.current_player = None
        self.is_over = False
        self.winner_seats = []
        self.history = []           # actions applied, for game records
        self.events = []
        self._legal = None

    # ---- the contract -------------------------------------------------------------
    def legal_actions(self):
        """Every legal action now, in a stable order (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._legal_actions()) if not self.is_over else ()
        return legal

    def apply(self, action):
        """Apply a legal action; raise IllegalAction (state unchanged) otherwise."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for listed in legal:        # a move taken from the list is found by identity,
            if listed is action:    # sooner than by comparing its fields with the others'
                break
        else:
            action = self._listed(action, legal)
        self._legal = None
        self.history.append(action)
        self._apply(action)

    def _listed(self, action, legal):
        """The action of `legal` equal to `action` (the canonical value: True == 1 in
        Python), or the one it names in another form (`_as_listed`); else IllegalAction
        with the reason."""
        try:
            return legal[legal.index(action)]
        except ValueError:
            if not self.is_move(action):
                raise IllegalAction(f"{action!r} is not a move of {self.info.title}: a move is "
                                    "one of the legal actions") from None
            listed = self._as_listed(action, legal)
            if listed is None:
                raise IllegalAction(self.why_illegal(action)) from None
            return listed

    def apply_listed(self, action):
        """Apply `action` taken as it is from `legal_actions()`, unchecked (Hard's playouts,
        whose moves come from that list: the same rules, without looking the move up)."""
        self._legal = None
        self.history.append(action)
        self._apply(action)

    def _as_listed(self, action, legal):
        """The action of `legal` that the well-shaped `action`, not listed as it is, names
        in another form (a game whose moves may give their cards in any order), or None:
        none by default."""
        return None

    def keep_no_events(self):
        """From now on this state (and its clones) logs no events: a playout's state,
        whose events nobody reads (the rules never read them).

        It becomes its game's quiet class, whose `emit` does nothing, rather than taking
        a silent `emit` of its own: on Python 3.11 the objects of a class share one table
        of attribute names, which takes no new names once a few dozen objects exist; an
        object given a name it lacks then keeps its attributes in a dict of their own,
        read more slowly. So every state has the same attributes, whatever it was made by.
        Changing the class also moves this state's attributes into a dict of their own (Python
        3.11), read more slowly too: a state that is quiet from its making on (`new_game(...,
        events=False)`, a resample or a clone of a quiet one) keeps its fast layout, and
        staying quiet changes nothing."""
        if type(self) is not self._quiet:
            self.__class__ = self._quiet

    @classmethod
    def keeping_no_events(cls):
        """This game's class for a state that logs no events from its deal on (a playout
        nobody watches), which `keep_no_events` would give a live state."""
        return cls._quiet

    def is_move(self, action):
        """Whether `action` is shaped like a move of this game: an Action with a text
        kind, a tuple of this game's cards and a text, number or None argument."""
        if not isinstance(action, Action) or not isinstance(action.kind, str):
            return False
        if not isinstance(action.cards, tuple):
            return False
        deck = self.deck
        for card in action.cards:
            card_id = getattr(card, "id", None)
            if (not isinstance(card_id, int) or not 0 <= card_id < len(deck)
                    or deck[card_id] is not card):
                return False
        arg = action.arg
        return arg is None or (isinstance(arg, (str, int)) and not isinstance(arg, bool))

    def winners(self):
        """The seats that won (none before the end; none either when nobody won)."""
        return list(self.winner_seats)

    def why_illegal(self, action):
        """The reason `action` is not legal now (called only for illegal, well-shaped
        actions: see `is_move`)."""
        if self.is_over:
            return "the game is over"
        return "that is not a legal move now"

    def open_view(self):
        """Every card face up, as nobody saw them during play: the public view with every
        zone's cards shown (a finished game's replay)."""
        view = self.view(None)
        zones = tuple(zone._replace(cards=tuple(spec.cards)) for zone, spec in zip(view.zones, self._zones()))
        return view._replace(zones=zones)

    def view(self, seat):
        """What `seat` may see: zones with hidden cards as None, and public facts. Once
        the game is over, every hand is shown (its owner's zones are everyone's)."""
        zones = []
        for spec in self._zones():
            cards = spec.cards
            vis = spec.visibility
            if vis == PUBLIC or (vis == OWNER and (spec.owner == seat or self.is_over)):
                shown = tuple(cards)
            elif vis == TOP and cards:
                shown = (None,) * (len(cards) - 1) + (cards[-1],)
            else:
                shown = (None,) * len(cards)
            zones.append(Zone(spec.key, spec.name, spec.owner, shown, spec.kind))
        facts = Facts(self._facts(), self.game_id, self.FACTS)
        facts["step"] = self.step
        facts.update(self._private_facts(seat))
        return View(self.game_id, seat, self.players, self.current_player, self.is_over,
                    tuple(zones), facts, tuple(self._view_scores(seat)), tuple(self.winners()),
                    dict(self.options))

    def events_for(self, seat, since=0):
        """The events from index `since` on, as `seat` may see them."""
        return [event.for_seat(seat) for event in self.events[since:]]

    def clone(self):
        """An independent copy (its event log starts empty).

        The attributes are set one by one: `other.__dict__.update(...)` would make the
        copy's attributes a dict of their own, which Python 3.11 reads more slowly than
        its inline values in every playout of Hard's search (this state's own attributes
        become that dict once, as they are listed)."""
        other = self.__class__.__new__(self.__class__)
        for name, value in self.__dict__.items():
            setattr(other, name, value)
        other.chance = self.chance.clone()
        other.rng = other.chance.rng
        other.history = list(self.history)
        other.events = []
        for name in self._slotted:
            setattr(other, name, getattr(self, name))
        for name, copy in self._copiers:
            setattr(other, name, copy(getattr(self, name)))
        return other

    def to_dict(self):
        """A JSON-safe, versioned save of the whole state; it shares nothing with the
        state, so a kept save never changes as play goes on."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game_id,
                "players": self.players, "options": dict(self.options),
                "cards": [c.id for c in self.cards], "chance": self.chance.to_dict(),
                "current_player": self.current_player, "is_over": self.is_over,
                "history": [a.to_json() for a in self.history],
                "state": {name: kind.dump(getattr(self, name))
                          for name, kind in self.FIELDS.items()}}

    def load(self, data):
        """Fill a bare state from `to_dict()` output (called by `game.load_state`); the
        names of the fields the save lacked and that took their defaults (`added_later`)."""
        self.current_player = data.get("current_player")
        if self.current_player is not None:
            require_int(self.current_player, "save: current_player", 0, self.players - 1)
        self.is_over = require(data.get("is_over"), bool, "save: is_over")
        if self.is_over != (self.current_player is None):
            raise ValueError("save: current_player must be null exactly when the game is over")
        self.history = [self.action_from_json(a, "save: history[]")
                        for a in require(data.get("history"), list, "save: history")]
        saved = require(data.get("state"), dict, "save: state")
        kept_winners = True
        if data.get("version") != SAVE_VERSION:
            saved, kept_winners = self._upgrade(saved, data.get("version"))
        self._read_options()
        defaulted = []
        for name, kind in self.FIELDS.items():
            if name in saved:
                setattr(self, name, kind.load(saved[name], f"save: state.{name}", self))
            elif kind.default is not None:
                setattr(self, name, kind.default(self))
                defaulted.append(name)
            else:
                raise ValueError(f"save: state.{name}: missing")
        if not kept_winners and self.is_over:
            scores = self.scores()
            best = (min if self.info.lower_is_better else max)(scores)
            self.winner_seats = [seat for seat, score in enumerate(scores) if score == best]
        if (self.step == OVER) != self.is_over:
            raise ValueError(f"save: state.step: {OVER!r} exactly when the game is over")
        if self.winner_seats and not self.is_over:
            raise ValueError("save: state.winner_seats: winners only once the game is over")
        if len(set(self.winner_seats)) != len(self.winner_seats):
            raise ValueError("save: state.winner_seats: a seat is listed twice")
        self._check_position()
        self.check_cards()
        return defaulted

    def _upgrade(self, saved, version):
        """The `state` of a save of an older `version` in this version's names and shapes,
        and whether it kept the winners. Renamed fields come from `RENAMED`; before
        version 3, a game's last step could be called `game_over` and a game could have
        no step (then its step was its first, or over); the winners were one seat or
        none (`winner`), a list, or (Deadline) not kept: the best scores won."""
        names = self.RENAMED.get(version, {})
        state = {name: saved[names[name]] for name in names if names[name] in saved}
        state.update((key, value) for key, value in saved.items()
                     if key in self.FIELDS and key not in names)
        if state.get("step") == "game_over":
            state["step"] = OVER
        state.setdefault("step", OVER if self.is_over else self.STEPS[0])
        won = state.get("winner_seats", saved.get("winner"))
        kept = "winner_seats" in state or "winner" in saved
        state["winner_seats"] = [] if won is None else won if isinstance(won, list) else [won]
        return state, kept

    def _end(self, winners, scores=None):
        """End the game, won by the seats `winners` (none: nobody won): the step is OVER,
        no one is to play, and one `game_over` event tells the winners and the scores
        (`scores`, when the rules have just worked them out: else `scores()`)."""
        self.winner_seats = winners = list(winners)
        self.step = OVER
        self.is_over = True
        self.current_player = None
        if scores is None:
            scores = self.scores()
        self.emit(SharedEvent.GAME_OVER, None, detail={"winners": winners, "scores": scores})

    def _read_options(self):
        """Set the fields derived from the options (not saved); none by default."""

    def _check_position(self):
        """Cross-field checks of a loaded save (ValueError naming the field); none by default."""

    def action_from_json(self, data, where):
        """An Action from its `to_json()` form."""
        require(data, dict, where)
        kind = require(data.get("kind"), str, f"{where}.kind")
        cards = tuple(self.cards_from(data.get("cards"), f"{where}.cards"))
        arg = data.get("arg")
        if arg is not None and (isinstance(arg, bool) or not isinstance(arg, (str, int))):
            raise ValueError(f"{where}.arg: expected a text or a number")
        return Action(kind, cards, arg)

    def all_zone_cards(self):
        """Every card in every zone (for the one-place-per-card check)."""
        return [card for spec in self._zones() for card in spec.cards]

    # ---- determinization (for bots) -------------------------------------------------
    def resample(self, view, rng):
        """A new state that shows `view` to `view.seat` exactly, the cards that seat
        cannot see dealt at random from `rng`, and its own random generator seeded from
        `rng` (OpenSpiel's ResampleFromInfostate). This state is only the template (the
        game, its players and options): none of its cards or fields are read."""
        state = self.clone()
        seen = set()
        for zone in view.zones:
            seen.update(zone.cards)
        pool = list(filterfalse(seen.__contains__, state.cards))
        slots = sum(zone.cards.count(None) for zone in view.zones)
        if slots != len(pool):
            raise ValueError(f"{self.game_id}: {len(pool)} unseen cards for {slots} hidden slots")
        shuffle(rng, pool)
        fill = {}
        pos = 0
        for zone in view.zones:
            cards = zone.cards
            hidden = cards.count(None)
            if hidden == len(cards):
                cards = pool[pos:pos + hidden]
            elif hidden:
                dealt = iter(pool[pos:pos + hidden])
                cards = [card if card is not None else next(dealt) for card in cards]
            else:
                cards = list(cards)
            pos += hidden
            fill[zone.key] = cards
        for spec in state._zones():
            if spec.key in fill:
                spec.cards[:] = fill[spec.key]
        state.rng.seed(rng.getrandbits(64))
        state.current_player = view.current_player
        state.is_over = view.is_over
        state.winner_seats = list(view.winners)
        state.history = []
        state.events = []
        state._legal = None
        state._resample_fields(view)
        state._legal = None
        return state

    def _resample_fields(self, view):
        """Set, on a state whose zones were just refilled from `view`, the fields the
        zones do not carry (drawing any randomness from `self.rng`, already reseeded): by
        default each field that a fact declared `field` publishes, from that fact."""
        for name, declared in self.FACTS.items():
            if declared.field:
                setattr(self, name, copy_data(view.facts[name]))

    # ---- helpers for subclasses ---------------------------------------------------
    def emit(self, kind, seat=None, cards=(), src=None, dst=None, visible_to=None,
             detail=None):
        """Log an event: its fields as a plain tuple, made an `Event` when `events` is
        first read (the rules emit several per move, and building a tuple subclass costs
        about as much again as the call: a playout's events are never read)."""
        self._logged.append((kind, seat, tuple(cards), src, dst, visible_to, detail))

    def emit_all(self, events):
        """Log several events at once, each the tuple of an `Event`'s fields in order
        (its cards a tuple), for rules that tell many things at one moment (a line's
        reveal, a table cleared)."""
        self._logged += events

    @property
    def events(self):
        """Every event logged so far (since the deal, the clone or the resample), in order."""
        logged = self._logged
        if logged:
            self._events += map(_as_event, logged)
            logged.clear()
        return self._events

    @events.setter
    def events(self, events):
        self._events = list(events)
        self._logged = []

    def _seen_into_hand(self, seat, cards):
        """Every seat saw `cards` go into `seat`'s hand (field `known_in_hand`)."""
        self.known_in_hand[seat] += cards

    def _left_hand(self, seat, cards=None):
        """`cards` (None: any card) left `seat`'s hand, or may have: no longer known there."""
        mine = self.known_in_hand[seat]
        if not mine:
            return
        if cards is None:
            mine.clear()
            return
        for card in cards:
            if card in mine:
                mine.remove(card)

    def _known_in_hand_fact(self):
        """The fact `known_in_hand`: per seat, the names of its cards every seat saw go there."""
        return [[card.name for card in cards] for cards in self.known_in_hand]

    def _deal_known_in_hand(self, known, holders):
        """In a sampled state: the field `known_in_hand` from its fact's value `known`, each
        card traded into its hand from where it was dealt (one of `holders`)."""
        self.known_in_hand = [[self.deck.copies(name)[0] for name in names] for names in known]
        for hand, known in zip(self.hands, self.known_in_hand):
            for card in known:
                swap_into(card, hand, holders, avoid=known)

    def _check_known_in_hand(self):
        """ValueError if a card of `known_in_hand` is not in that seat's hand (loading)."""
        for seat, known in enumerate(self.known_in_hand):
            if any(card not in self.hands[seat] for card in known):
                raise ValueError(f"save: state.known_in_hand[{seat}]: a card not in that hand")

    def _view_scores(self, seat):
        """The scores as `seat` may know them: all of them by default. A game whose
        scores depend on hidden cards returns what this seat can tell (None where it
        cannot) until the game is over."""
        return self.scores()

    def _private_facts(self, seat):
        """Facts only `seat` knows (beyond its zones); none by default."""
        return {}

    def ids(self, cards):
        return [c.id for c in cards]

    def cards_from(self, ids, where):
        """Card objects from saved ids, checked to belong to this game's deck."""
        require(ids, list, where)
        out = []
        for card_id in ids:
            require_int(card_id, where, 0, len(self.deck) - 1)
            out.append(self.deck[card_id])
        return out

    def check_cards(self):
        """Every card of the game lies in exactly one zone; ValueError otherwise."""
        seen = {}
        for card in self.all_zone_cards():
            seen[card.id] = seen.get(card.id, 0) + 1
        twice = [self.deck[i].name for i, n in seen.items() if n > 1]
        if twice:
            raise ValueError(f"card(s) in two places: {', '.join(sorted(twice))}")
        expected = {c.id for c in self.cards}
        if set(seen) != expected:
            lost = [self.deck[i].name for i in expected - set(seen)]
            extra = [self.deck[i].name for i in set(seen) - expected]
            raise ValueError("cards do not add up: "
                             + (f"missing {', '.join(sorted(lost))} " if lost else "")
                             + (f"not in this game {', '.join(sorted(extra))}" if extra else ""))

    def __eq__(self, other):
        return type(self) is type(other) and self.to_dict() == other.to_dict()

    __hash__ = None

    def __str__(self):
        lines = [f"{self.info.title}: players {self.players}, to play {self.current_player}"]
        for spec in self._zones():
            lines.append(f"  {spec.key:>12}: {' '.join(c.name for c in spec.cards)}")
        lines.append(f"  facts: {self._facts()}")
        return "\n".join(lines)
