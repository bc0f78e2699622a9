"""Play Design - 5 possessions: a two-player duel of formation lines, one deck each.

Rules: 5 possessions' rulebook (rulebook.md). Seat 0 plays the white deck and
seat 1 the black one (card names `W:OB4`, `K:OB4`). A coin toss decides who chooses
offense or defense; possessions then alternate. In a possession the offense and the
defense each shuffle their 14 cards of that side into a stack and play up to four lines
(4, 4, 4 and 2 cards) across four lanes. The offense sets its cards face down one lane
at a time, then the defense sets one card opposite each; the cards are revealed lane by
lane. An offense card is open only in a live lane and in a colour other than the
still-open card of the line before (rules 1 and 2); it must open as many cards as the
rules allow (A20). An open card wins its lane with strictly more dots, counted by its
own colour. A line with no win stops the drive (defense +20 yards); a win in line 4 is
a touchdown (offense +20). First to 100 wins once both have had as many possessions
(or the other cannot catch up); a tie at 100 or more plays on in pairs of possessions,
or with `pd.sudden_death` one toss-decided possession settles it (A23).

The cards of the last line stay on the table (revealed ones face up) until the offense
sets its first card of the next line. Scores are yards scored.

The rulings it cites by letter (A1, A2, ...) or section are docs/rulings/play_design.md.
"""
from collections import Counter
from functools import lru_cache
from operator import attrgetter
from typing import NamedTuple

from game.core import (CARDS, FLAG, HIDDEN, OVER, OWNER, PUBLIC, SEAT, Action, GameState, Vocabulary, ZoneSpec,
                       choice, copy_data, data, fact, integer, listof, optional, require)
from game.measures import Measures, events_reached
from game.play_design.rules import COLORS, complete_order, lane_result


class Act(Vocabulary):
    """5 possessions' action kinds (the kick-off's choice is also told as an event of
    its name)."""

    CHOOSE = "choose"
    PLACE = "place"


LANES = 4
LANE_LIST = range(LANES)
ALL_LANES = (1 << LANES) - 1   # a set of lanes as bits: lane k is bit k
ALL_LIVE = [True] * LANES
UNRESTRICTED = [None] * LANES
LINE_SIZES = (4, 4, 4, 2)
WIN_AT = 100
SCORE = 20
TIE_BREAK_PAIRS = 5     # App safeguard A23
ROLES = ("offense", "defense")
BACKS = ("white", "black")

# Zone keys and who sees a move, built once (the rules emit several events a move).
HAND_KEYS, BOX_KEYS, STACK_KEYS, REMOVED_KEYS = (tuple(f"{zone}:{seat}" for seat in range(2))
                                                 for zone in ("hand", "box", "stack", "removed"))
LINE_KEYS = tuple(tuple(f"line:{seat}:{k}" for k in range(LANES)) for seat in range(2))
OPEN_KEYS = tuple(f"open:{k}" for k in range(LANES))
CLOSED_KEYS = tuple(f"closed:{k}" for k in range(LANES))
ONLY = (frozenset((0,)), frozenset((1,)))   # the seat alone sees the cards
NOBODY = frozenset()
CHOOSE = tuple(Action(Act.CHOOSE, (), role) for role in ROLES)

# A lane's mask: the colours (bits of COLORS) whose offense card opens in it (rules 1
# and 2): none in a dead lane, every colour but its restriction's in a live one.
_BIT = {color: 1 << i for i, color in enumerate(COLORS)}
ALL_COLORS = (1 << len(COLORS)) - 1
ALL_OPEN = (ALL_COLORS,) * LANES                    # every lane opens every colour
OPENS_BUT = {color: ALL_COLORS & ~bit for color, bit in _BIT.items()}   # a won lane's mask
COLOR_OF = attrgetter("color")


@lru_cache(maxsize=None)
def best_open(colors, masks):
    """The most cards of `colors` that can be open at once, one per lane, in lanes that
    open the colours of `masks` (one lane mask per free lane, sorted: the lanes'
    order does not change the count)."""
    if not colors:
        return 0
    bit, rest = _BIT[colors[0]], colors[1:]
    return max((mask & bit != 0) + best_open(rest, masks[:i] + masks[i + 1:])
               for i, mask in enumerate(masks))


@lru_cache(maxsize=None)
def open_spots(colors, masks, need):
    """{colour: the lane masks where a card of that colour may be set}, given the
    colours still to set (sorted) and the free lanes' sorted `masks`: those after
    which `need` open cards are still possible (A20); None when every card may go in
    every free lane."""
    spots = {}
    for i, color in enumerate(colors):
        rest = colors[:i] + colors[i + 1:]
        spots[color] = frozenset(
            mask for j, mask in enumerate(masks)
            if (mask & _BIT[color] != 0) + best_open(rest, masks[:j] + masks[j + 1:]) == need)
    every = frozenset(masks)
    return None if all(allowed == every for allowed in spots.values()) else spots


@lru_cache(maxsize=None)
def free_masks(lane_masks, free):
    """The masks of the `free` lanes (bits) of `lane_masks` (lane order), sorted."""
    return tuple(sorted(lane_masks[k] for k in LANE_LIST if free >> k & 1))


@lru_cache(maxsize=None)
def offense_spots(colors, masks):
    """`open_spots` for the offense's colours (sorted) and its free lanes' sorted
    `masks`, needing the most open cards they can still give. A legal placing never
    lowers the open cards still possible (A20), so the cards already set and those still
    possible always make the line's `max_open`: what is still needed is `best_open`."""
    need = best_open(colors, masks)
    return need and open_spots(colors, masks, need) or None


@lru_cache(maxsize=None)
def lanes_with(masks, lane_masks):
    """The lanes (bits) whose mask, in `lane_masks` (lane order), is one of `masks` (a
    set of masks: an entry of `open_spots`)."""
    return sum(1 << k for k in LANE_LIST if lane_masks[k] in masks)


@lru_cache(maxsize=None)
def open_lane(k, card, against):
    """What lane `k` tells when the offense's `card` opens there against the defense's
    `against` (A21): the fields of its events (both cards revealed, then the lane's
    result, told by the seat that wins it), the result, whether the offense won, and
    the lane's restriction and mask after it; made once per lane and pair of cards, and
    shared (never changed)."""
    off, dfn = BACKS.index(card.back), BACKS.index(against.back)
    ours, theirs, won = lane_result(card, against)
    result = {"lane": k, "open": True, "offense": card.name, "defense": against.name,
              "color": card.color, "offense_dots": ours, "defense_dots": theirs, "won": won}
    return ((("reveal", off, (card,), LINE_KEYS[off][k], None, None, k),
             ("reveal", dfn, (against,), LINE_KEYS[dfn][k], None, None, k),
             ("lane", off if won else dfn, (), None, None, None, result)), result,
            won, card.color if won else None, OPENS_BUT[card.color] if won else 0)


# A closed lane's result, and the event that tells it (by the defense's seat, which wins it).
CLOSED_LANES = tuple({"lane": k, "open": False, "won": False} for k in LANE_LIST)
CLOSED_LANE_EVENTS = tuple(tuple(("lane", dfn, (), None, None, None, CLOSED_LANES[k])
                                 for k in LANE_LIST) for dfn in range(2))


def _places(card):
    """For each set of lanes (bit k for lane k): the placing of `card` in lane k for
    the lanes of the set, in lane order. They share one tuple of the card: a move looked
    up among the legal ones (`GameState.apply`) then tells a placing of the same card
    from its own at once, by identity, without comparing the cards."""
    cards = (card,)
    actions = [Action(Act.PLACE, cards, lane) for lane in range(LANES)]
    return tuple(tuple(actions[k] for k in range(LANES) if bits >> k & 1)
                 for bits in range(1 << LANES))


def _placed(card):
    """For each lane: the event that tells `card` set there from its owner's hand, as
    the one-event batch `GameState.emit_all` takes (made once per card and lane)."""
    seat = BACKS.index(card.back)
    return tuple((("move", seat, (card,), HAND_KEYS[seat], LINE_KEYS[seat][k], ONLY[seat], k),)
                 for k in LANE_LIST)


def _leaving(card):
    """For each seat's line and lane: {the key of a zone `card` may go to from there when
    the table is cleared (that seat's box or removed cards, the lane's open or closed
    cards): the event that tells it, by whether the card lay face up (False, True)},
    made once. Both seats: a world Hard imagines may deal a card to the other line."""
    cards = (card,)
    return tuple(tuple({key: tuple(("move", None, cards, LINE_KEYS[seat][k], key,
                                    None if up else ONLY[seat], None) for up in (False, True))
                        for key in (BOX_KEYS[seat], REMOVED_KEYS[seat], OPEN_KEYS[k], CLOSED_KEYS[k])}
                       for k in LANE_LIST) for seat in (0, 1))


def _check_result(result, where, state):
    """One lane of a saved last line: a dict."""
    require(result, dict, where)


PAIR = 2    # one entry per seat


class Split(NamedTuple):
    """One deck file's cards as the game uses them, made once per deck (read, never
    changed)."""

    own: list      # [the white cards, the black cards]: each seat's 28
    half: list     # [{side: that seat's cards of that side}]
    places: dict   # {card: its placings by set of lanes (`_places`)}
    placed: dict   # {card: the event of its placing, by lane (`_placed`)}
    leaving: dict  # {card: the events of its leaving the table, by seat and lane (`_leaving`)}


_SPLITS = {}   # deck name -> its Split


def _split(deck):
    """The `Split` of `deck`."""
    if deck.name not in _SPLITS:
        own = [[c for c in deck if c.back == back] for back in BACKS]
        half = [{side: [c for c in cards if c.side == side] for side in ROLES} for cards in own]
        _SPLITS[deck.name] = Split(own, half, {card: _places(card) for card in deck},
                                   {card: _placed(card) for card in deck},
                                   {card: _leaving(card) for card in deck})
    return _SPLITS[deck.name]


class Drive:
    """Where the game stands, in numbers and words: the possession and who attacks in it,
    the line, the open cards it needs, its lane masks and the lanes still to set, what
    the table holds, the last line's results, and the toss and tie-break.

    One attribute of the state rather than ten: Python 3.11 reads the attributes of an
    object that has fewer than 30 from its fastest layout (inline values), and this
    state would have 40 (KTU's `Setup` is the same idea). The state's saved fields of
    these names read and set it (`_drive_field`), and a clone copies it."""

    __slots__ = ("possession", "offense", "line", "max_open", "lanes_left", "lane_masks", "table",
                 "last_line", "chooser", "sudden_death", "tie_start")

    def __init__(self):
        self.possession = 0
        self.offense = None        # the seat on offense (None before the first choice)
        self.line = 0
        self.max_open = 0          # the open cards the offense must set in this line (A20)
        self.lanes_left = 0        # not saved: worked out again by `_lanes_left`
        self.lane_masks = None     # not saved: this line's lane masks (`_lane_masks`)
        self.table = None          # the line zones hold a finished "line" / "possession"
        self.last_line = []
        self.chooser = None
        self.sudden_death = False
        self.tie_start = None

    def copy(self):
        """An independent copy (its values are numbers, texts and a list never changed
        in place)."""
        other = Drive.__new__(Drive)
        (other.possession, other.offense, other.line, other.max_open, other.lanes_left,
         other.lane_masks, other.table, other.last_line, other.chooser, other.sudden_death,
         other.tie_start) = (
            self.possession, self.offense, self.line, self.max_open, self.lanes_left,
            self.lane_masks, self.table, self.last_line, self.chooser, self.sudden_death,
            self.tie_start)
        return other


def _drive_field(name):
    """The state's field `name`, kept in its `Drive` (saves, views and tests read and set
    it by its name)."""
    return property(lambda state: getattr(state.drive, name),
                    lambda state, value: setattr(state.drive, name, value))


def _five_possessions_game(state):
    """5 possessions: lanes opened and won, dots margins of the opened lanes."""
    lanes = [event.detail for event in state.events if event.kind == "lane"]
    opened = [lane for lane in lanes if lane.get("open")]
    margins = [lane["offense_dots"] - lane["defense_dots"] for lane in opened]
    return ({"lanes opened": len(opened),
             "mean dots margin": sum(margins) / len(margins) if margins else 0.0,
             "offense lanes won": sum(lane["won"] for lane in opened)},
            {"dots margin": dict(Counter(str(m) for m in margins))})


class State(GameState):
    """A game of 5 possessions in progress."""

    game_id = "five_possessions"
    RULES_VERSION = 1   # bump when recorded games replay differently (tests/golden)
    STEPS = ("choose", "offense_set", "defense_set", OVER)
    FIELDS = {"yards": listof(integer(0, 10**6), PAIR), "box": listof(CARDS, PAIR),
              "stack": listof(CARDS, PAIR), "hand": listof(CARDS, PAIR),
              "line_cards": listof(listof(CARDS, LANES), PAIR),
              "shown": listof(listof(FLAG, LANES), PAIR), "open": listof(CARDS, LANES),
              "closed": listof(CARDS, LANES), "removed": listof(CARDS, PAIR),
              "live": listof(FLAG, LANES),
              "restriction": listof(optional(choice(COLORS, "a card colour")), LANES),
              "possession": integer(0, 10**6), "offense": optional(SEAT),
              "line": integer(0, len(LINE_SIZES)), "max_open": integer(0, LANES),
              "chooser": SEAT,
              "table": choice((None, "line", "possession")),
              "pending_won": listof(FLAG, LANES),
              "last_line": listof(data(_check_result, frozen=True)),
              "sudden_death": FLAG, "tie_start": optional(integer(0, 10**6))}
    FACTS = {"possession": fact(int, field=True), "line": fact(int, field=True),
             "line_size": fact(int), "offense": fact(int, None, field=True),
             "defense": fact(int, None), "lanes": fact(list), "yards": fact(list, field=True),
             "last_line": fact(list, field=True), "table": fact(str, None, field=True),
             "chooser": fact(int, None), "sudden_death": fact(bool, field=True),
             "backs": fact(list), "tie_break_pairs": fact(int, None),
             "open_needed": fact(int, private=True)}
    RENAMED = {version: {"yards": "score", "line_cards": "line", "line": "line_no",
                         "last_line": "results", "table": "pending", "sudden_death": "sudden"}
               for version in (1, 2)}
    RENAMED[1]["step"] = "phase"
    MEASURES = Measures(
        first_kinds=(Act.CHOOSE,),
        seat_events={"lanes won": ("lane",)},
        game=_five_possessions_game,
        curve_events=frozenset({"score"}), curve_label="possession",
        hand_events=frozenset({"possession"}),
        safeguards=events_reached({"sudden_death": "sudden death after 5 tied pairs (A23)"},
                                  unless_option=("pd.sudden_death", "on")))

    def __init__(self, info, players, options, chance, deck, cards):
        # Both whole decks are always in play, whatever part of them a stack names.
        super().__init__(info, players, options, chance, deck, deck.cards)
        self._read_options()
        for i, names in enumerate(chance.stacks):
            if len({(c.back, c.side) for c in deck.stack(names, full_deck=False)}) > 1:
                raise ValueError(f"stacked deck {i}: a stack holds cards of one side of one "
                                 "deck only (the offense or the defense cards of W: or K:)")
        self.drive = Drive()
        self.yards = [0, 0]
        own = self.split.own
        self.box = [list(own[0]), list(own[1])]
        self.stack = [[], []]
        self.hand = [[], []]
        self.line_cards = [[[] for _ in range(LANES)] for _ in range(2)]
        self.shown = [[False] * LANES for _ in range(2)]
        self.open = [[] for _ in range(LANES)]
        self.closed = [[] for _ in range(LANES)]
        self.removed = [[], []]
        self.live = [True] * LANES
        self.restriction = [None] * LANES
        self.pending_won = [False] * LANES
        self._toss()

    possession, offense, line, max_open, chooser, table, last_line, sudden_death, tie_start = (
        _drive_field(name) for name in ("possession", "offense", "line", "max_open", "chooser",
                                        "table", "last_line", "sudden_death", "tie_start"))

    @property
    def defense(self):
        """The seat on defense (None before the first possession)."""
        offense = self.drive.offense
        return None if offense is None else 1 - offense

    def _read_options(self):
        self.split = _split(self.deck)

    def clone(self):
        """`GameState.clone` with a drive of its own."""
        other = super().clone()
        other.drive = self.drive.copy()
        return other

    def _seat_of(self, card):
        return BACKS.index(card.back)

    # ---- rules ----------------------------------------------------------------------
    def _legal_actions(self):
        # Tuples, which `legal_actions` keeps as they are (one card's placings are its own).
        step = self.step
        if step == "defense_set":             # each card opposite each offense card it has not met
            places, lanes, acts = self.split.places, self.drive.lanes_left, ()
            for card in self.hand[1 - self.drive.offense]:
                acts += places[card][lanes]
            return acts
        if step == "offense_set":
            return self._offense_places()
        if step == "choose":
            return CHOOSE
        return ()

    def _offense_places(self):
        """Each card of the offense's hand in each free lane where it leaves as many
        open cards possible as the line needs (rules 1 and 2, A20)."""
        drive = self.drive
        off, free, lane_masks = drive.offense, drive.lanes_left, drive.lane_masks
        hand, places, acts = self.hand[off], self.split.places, ()
        spots = lane_masks and offense_spots(tuple(sorted(map(COLOR_OF, hand))),
                                             free_masks(lane_masks, free))
        if not spots:                         # every card may go in every free lane
            for card in hand:
                acts += places[card][free]
            return acts
        lanes_for = {}                        # colour -> the free lanes (bits) it may go in
        for color, allowed in spots.items():
            lanes_for[color] = lanes_with(allowed, lane_masks) & free
        for card in hand:
            acts += places[card][lanes_for[card.color]]
        return acts

    def _lanes_left(self):
        """The lanes (bits) where the seat to set may still set a card in this line:
        the offense's free lanes (every lane while the last line is on the table), the
        defense's lanes with an offense card it has not met. Play keeps `lanes_left` up
        to date; a loaded or resampled state works it out here."""
        drive = self.drive
        if self.step not in ("offense_set", "defense_set"):
            return 0
        off, dfn = self.line_cards[drive.offense], self.line_cards[1 - drive.offense]
        if self.step == "defense_set":
            return sum(1 << k for k in LANE_LIST if off[k] and not dfn[k])
        return ALL_LANES if drive.table else sum(1 << k for k in LANE_LIST if not off[k])

    def _lane_masks(self):
        """Each lane's mask in lane order, or None when every lane opens every colour."""
        live, restriction = self.live, self.restriction
        if live == ALL_LIVE and restriction == UNRESTRICTED:
            return None
        return tuple([ALL_COLORS & ~_BIT.get(restriction[k], 0) if live[k] else 0
                      for k in LANE_LIST])

    def _best(self, cards):
        """The most open cards `cards` can give in distinct lanes of an empty line."""
        lane_masks = self.drive.lane_masks
        if lane_masks is None:                # every card opens anywhere
            return min(len(cards), LANES)
        return best_open(tuple(sorted(map(COLOR_OF, cards))), free_masks(lane_masks, ALL_LANES))

    def why_illegal(self, action):
        drive = self.drive
        if self.is_over:
            return "the game is over"
        step = self.step
        if action.kind == Act.CHOOSE:
            if step != "choose":
                return "offense or defense is chosen only after a coin toss"
            return "choose offense or defense"
        if action.kind != Act.PLACE:
            return super().why_illegal(action)
        if step == "choose":
            return "first choose offense or defense"
        seat = self.current_player
        card = action.cards[0] if len(action.cards) == 1 else None
        lane = action.arg
        if card is None or card not in self.hand[seat]:
            return "you can only place a card you picked for this line"
        if isinstance(lane, bool) or lane not in range(LANES):
            return "name a lane 1-4 to place the card in"
        if step == "defense_set":
            if not self.line_cards[drive.offense][lane]:
                return f"lane {lane + 1} has no offense card to oppose"
            return f"lane {lane + 1} already has your defense card"
        if not drive.lanes_left >> lane & 1:
            return f"lane {lane + 1} already has a card in this line"
        need = f"you must open {drive.max_open} card{'' if drive.max_open == 1 else 's'} in this line"
        if not self.live[lane]:
            return (f"lane {lane + 1} is closed: a card there goes closed, used up without being "
                    f"compared, and {need}")
        if card.color == self.restriction[lane]:
            return (f"a {card.color} card in lane {lane + 1} goes closed: the {card.color} card that won "
                    f"lane {lane + 1} in the line before is still open there, and {need}")
        return f"the {card.spoken} in lane {lane + 1} leaves fewer open cards than possible: {need}"

    def _apply(self, action):
        kind, cards, arg = action
        drive = self.drive
        if not cards:                         # a choice of offense or defense
            self.emit(kind, self.current_player, detail=arg)
            chooser = self.current_player
            drive.offense = chooser if arg == "offense" else 1 - chooser
            if drive.table:
                self._clear_table()
            self._start_possession()
            return
        seat, lane = self.current_player, arg   # the offense, then the defense, sets
        if drive.table:
            self._clear_table()
        card = cards[0]
        hand = self.hand[seat]
        hand.remove(card)
        self.line_cards[seat][lane].append(card)
        drive.lanes_left ^= 1 << lane
        self.emit_all(self.split.placed[card][lane])
        if hand:
            return
        if self.step == "offense_set":
            defense = 1 - drive.offense
            self.step = "defense_set"
            drive.lanes_left ^= ALL_LANES      # the lanes of the offense's cards
            self.current_player = defense
            self.emit("phase", defense, detail=self._phase())
        else:
            self._reveal()

    # ---- possessions and lines ------------------------------------------------------
    def _toss(self):
        """A coin toss (A17, A23): its winner chooses offense or defense."""
        chooser = self.chance.toss([0, 1])
        if isinstance(chooser, bool) or chooser not in (0, 1):
            raise ValueError(f"a toss result is the seat that wins it (0 or 1), not {chooser!r}")
        self.drive.chooser = chooser
        self.step = "choose"
        self.current_player = chooser
        self.emit("toss", chooser, detail="sudden death" if self.drive.sudden_death else "opening")

    def _start_possession(self):
        """Fresh, reshuffled stacks of 14 for both sides (A18); all lanes live."""
        drive = self.drive
        drive.possession += 1
        box = self.box
        told = []                             # each event's fields (emit_all)

        def move(cards, owner, key, visible_to):
            """`cards` go back to their owner's box."""
            told.append(("move", None, tuple(cards), key, BOX_KEYS[owner], visible_to, None))
            box[owner] += cards
            cards.clear()

        for k in LANE_LIST:                   # the last possession's offense cards
            zone = self.open[k]
            if zone:
                move(zone, self._seat_of(zone[0]), OPEN_KEYS[k], None)
            zone = self.closed[k]
            if zone:
                owner = self._seat_of(zone[0])
                move(zone, owner, CLOSED_KEYS[k], ONLY[owner])
        for seat in (0, 1):
            if self.stack[seat]:
                move(self.stack[seat], seat, STACK_KEYS[seat], NOBODY)
            if self.removed[seat]:
                move(self.removed[seat], seat, REMOVED_KEYS[seat], NOBODY)
        for seat, side in ((drive.offense, "offense"), (1 - drive.offense, "defense")):
            order = self._stack_order(self.split.half[seat][side], side)
            box[seat] = [c for c in box[seat] if c.side != side]
            self.stack[seat] = order[::-1]
            told.append(("move", seat, tuple(order), BOX_KEYS[seat], STACK_KEYS[seat], NOBODY, None))
        told.append(("possession", drive.offense, (), None, None, None, drive.possession))
        self.emit_all(told)
        self.live = [True] * LANES
        self.restriction = [None] * LANES
        drive.lane_masks = None
        drive.line = 0
        self._start_line()

    def _stack_order(self, cards, side):
        """A shuffle of one `side`'s 14 cards, top first, or the next injected stack: the
        cards it names, then that side's other cards in deck order."""
        if self.chance.stacks:
            named = self.deck.stack(self.chance.stacks.pop(0), full_deck=False)
            return complete_order(named, cards, f"possession {self.drive.possession} {side} stack")
        return self.chance.deal_order(self.deck, cards)

    def _start_line(self):
        drive = self.drive
        drive.line += 1
        size = LINE_SIZES[drive.line - 1]
        off = drive.offense
        told = []                             # each event's fields (emit_all)
        for seat in (off, 1 - off):
            stack = self.stack[seat]
            drawn = tuple(stack[:-size - 1:-1])
            del stack[-size:]
            self.chance.blind_draw()
            self.hand[seat] += drawn
            told.append(("move", seat, drawn, STACK_KEYS[seat], HAND_KEYS[seat], ONLY[seat], None))
        drive.max_open = self._best(self.hand[off])
        drive.lanes_left = ALL_LANES
        self.step = "offense_set"
        self.current_player = off
        told.append(("phase", off, (), None, None, None, self._phase()))
        self.emit_all(told)

    def _reveal(self):
        """Lanes 0-3 in order: an open offense card, then the defense card opposite."""
        drive = self.drive
        off, dfn = drive.offense, 1 - drive.offense
        offense_line, defense_line = self.line_cards[off], self.line_cards[dfn]
        offense_shown, defense_shown = self.shown[off], self.shown[dfn]
        live, restriction, won_lanes = self.live, self.restriction, self.pending_won
        drive.last_line = last_line = []
        masks = list(drive.lane_masks or ALL_OPEN)
        told = []                             # each event's fields (emit_all)
        wins = 0
        for k in LANE_LIST:
            cards = offense_line[k]
            if not cards:
                continue
            card = cards[0]
            if live[k] and card.color != restriction[k]:
                offense_shown[k] = defense_shown[k] = True
                events, result, won, restriction[k], masks[k] = open_lane(k, card, defense_line[k][0])
                told += events                                                # A21
            else:                             # a closed lane ends dead and unrestricted
                won, result, restriction[k], masks[k] = False, CLOSED_LANES[k], None, 0
                told.append(CLOSED_LANE_EVENTS[dfn][k])
            last_line.append(result)
            won_lanes[k] = live[k] = won
            wins += won
        self.emit_all(told)
        drive.lane_masks = tuple(masks)       # what `_lane_masks` tells, kept up to date here
        drive.table = "line"
        if not wins:
            self._end_possession(dfn)
        elif drive.line == len(LINE_SIZES):
            self._end_possession(off)
        else:
            self._start_line()

    def _clear_table(self):
        """The finished line leaves the table: won offense cards stay open in their
        lane, the others are turned closed, defense cards are removed; after a finished
        possession every card goes back to its owner's box."""
        drive = self.drive
        whole, off, leaving = drive.table == "possession", drive.offense, self.split.leaving
        told = []                             # each event's fields (emit_all)
        for seat in (0, 1):
            shown, line = self.shown[seat], self.line_cards[seat]
            for k in LANE_LIST:
                cards = line[k]
                if not cards:
                    continue
                card = cards.pop()            # a lane holds one card of a line
                if whole:
                    dest, key = self.box[seat], BOX_KEYS[seat]
                elif seat != off:
                    dest, key = self.removed[seat], REMOVED_KEYS[seat]
                elif self.pending_won[k]:
                    dest, key = self.open[k], OPEN_KEYS[k]
                else:
                    dest, key = self.closed[k], CLOSED_KEYS[k]
                dest.append(card)
                told.append(leaving[card][seat][k][key][shown[k]])
                shown[k] = False
        self.emit_all(told)
        self.drive.table = None
        self.pending_won = [False] * LANES

    def _end_possession(self, scorer):
        drive = self.drive
        drive.table = "possession"
        self.yards[scorer] += SCORE
        self.emit("drive", scorer, detail="touchdown" if scorer == drive.offense else "stopped")
        self.emit("score", scorer, detail=self.yards[scorer])
        if drive.sudden_death:                                            # A23
            self._end([scorer])
            return
        k = drive.possession
        a, b = self.yards
        leader = 0 if a > b else 1
        if k % 2 == 0:
            if max(a, b) >= WIN_AT and a != b:
                self._end([leader])
                return
            if a == b and a >= WIN_AT:
                if drive.tie_start is None:
                    drive.tie_start = k
                    self.emit("tie_break", None, detail=a)
                pairs = (k - drive.tie_start) // 2
                if self.options["pd.sudden_death"] == "on" or pairs >= TIE_BREAK_PAIRS:
                    drive.sudden_death = True
                    self.emit("sudden_death", None, detail=a)
                    self._toss()
                    return
        elif max(a, b) >= WIN_AT and abs(a - b) > SCORE:
            self._end([leader])
            return
        elif max(a, b) >= WIN_AT:             # told: the one behind can still catch up
            self.emit("pair_unfinished", 1 - leader, detail=max(a, b))
        drive.offense = self.defense                                # A22: alternate
        self._start_possession()

    def scores(self):
        """Yards scored by each player (first to 100)."""
        return list(self.yards)

    # ---- views and saves ----------------------------------------------------------------
    def _zones(self):
        drive = self.drive
        zones = []
        for seat in range(2):
            zones += [ZoneSpec(f"box:{seat}", "Cards not in play", seat, self.box[seat], HIDDEN),
                      ZoneSpec(f"stack:{seat}", "Stack", seat, self.stack[seat], HIDDEN, "stack"),
                      ZoneSpec(f"hand:{seat}", "Line cards", seat, self.hand[seat], OWNER, "hand"),
                      ZoneSpec(f"removed:{seat}", "Removed", seat, self.removed[seat], HIDDEN)]
            zones += [ZoneSpec(f"line:{seat}:{k}", f"Lane {k + 1}", seat, self.line_cards[seat][k],
                               PUBLIC if self.shown[seat][k] else OWNER, "row")
                      for k in range(LANES)]
        # The piles under the lanes are piles, not stacks: the table shows a card that
        # leaves one as it lay there (a Won card face up), not as from a face-down stack.
        zones += [ZoneSpec(f"open:{k}", f"Lane {k + 1} open cards", drive.offense, self.open[k],
                           PUBLIC, "pile") for k in range(LANES)]
        zones += [ZoneSpec(f"closed:{k}", f"Lane {k + 1} closed cards", drive.offense,
                           self.closed[k], OWNER, "pile") for k in range(LANES)]
        return zones

    def _phase(self):
        """Where the possession stands, for the `phase` event: who sets which line."""
        drive = self.drive
        return {"step": self.step, "possession": drive.possession, "line": drive.line,
                "sudden_death": drive.sudden_death}

    def _facts(self):
        drive = self.drive
        return {"possession": drive.possession, "line": drive.line,
                "line_size": LINE_SIZES[drive.line - 1] if drive.line else 0,
                "offense": drive.offense, "defense": self.defense,
                "lanes": [{"live": self.live[k], "color": self.restriction[k]}
                          for k in range(LANES)],
                "yards": list(self.yards), "last_line": copy_data(drive.last_line),
                "table": drive.table, "chooser": drive.chooser if self.step == "choose" else None,
                "sudden_death": drive.sudden_death, "backs": ["white", "black"],
                "tie_break_pairs": None if drive.tie_start is None
                else (drive.possession - drive.tie_start) // 2}

    def _private_facts(self, seat):
        drive = self.drive
        if seat == drive.offense and self.step == "offense_set":
            return {"open_needed": drive.max_open}
        return {}

    def load(self, data):
        """`GameState.load`, then the lanes left to set, which saves do not keep."""
        self.drive = Drive()
        defaulted = super().load(data)
        self.drive.lanes_left = self._lanes_left()
        self.drive.lane_masks = self._lane_masks()
        return defaulted

    def _check_position(self):
        """Cross-field checks of a loaded state."""
        drive = self.drive
        where = "save: state"
        if any(s % SCORE for s in self.yards):
            raise ValueError(f"{where}.yards: yards come in steps of {SCORE}")
        if any(len(c) > 1 for side in self.line_cards for c in side):
            raise ValueError(f"{where}.line_cards: a lane holds at most one card of a line")
        if self.step in ("offense_set", "defense_set") and (drive.offense is None
                                                            or not drive.line):
            raise ValueError(f"{where}.offense: setting a line needs a possession under way")

    def _resample_fields(self, view):
        """The possession fields from the facts; which lanes are turned face up."""
        drive = self.drive
        super()._resample_fields(view)
        facts = view.facts
        if facts["chooser"] is not None:           # published only while choosing
            drive.chooser = facts["chooser"]
        self.live = [lane["live"] for lane in facts["lanes"]]
        self.restriction = [lane["color"] for lane in facts["lanes"]]
        pairs = facts["tie_break_pairs"]
        drive.tie_start = None if pairs is None else drive.possession - 2 * pairs
        opened = {r["lane"]: r for r in drive.last_line if r.get("open")} if drive.table else {}
        self.shown = [[k in opened for k in range(LANES)] for _ in range(2)]
        self.pending_won = [bool(drive.table) and opened.get(k, {}).get("won", False)
                            for k in range(LANES)]
        drive.lanes_left = self._lanes_left()
        drive.lane_masks = self._lane_masks()
        if "open_needed" in facts:
            drive.max_open = facts["open_needed"]
        elif drive.offense is not None and self.step == "offense_set":
            drive.max_open = self._best(self.hand[drive.offense])
