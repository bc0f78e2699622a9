"""Deadline's cards, groups and grading: pure functions, testable without a game.

Card points (A1), the run order (A2), what makes a set or a run (2.5), the
`Assignment` on the table, and the grading of 2.6 (`grade`, itemised by `report`).

The rulings it cites by letter (A1, A2, ...) or section are docs/rulings/deadline.md.
"""
from functools import lru_cache

JOKER = "JK"
COMPLETE = 3            # owner cards that complete an assignment (A12)
FOUR_CARD_BONUS = 3

# Card points (A1); the ace is 11 with the ace_high option.
POINTS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
          "10": 10, "J": 10, "Q": 10, "K": 10, JOKER: 0}


def points(card, ace_high=False):
    """The card's point value (A1): A 1 (11 with ace high), J Q K 10, Joker 0."""
    if card.rank == "A" and ace_high:
        return 11
    return POINTS[card.rank]


def rank_position(card, ace_high=False):
    """The card's place in the run order: A=1 ... K=13, or A=14 with ace high (A2)."""
    if card.rank == "A" and ace_high:
        return 14
    return card.value


def group_kind(cards, ace_high=False):
    """'set', 'run' or None: whether 2 or more cards form a valid group (2.5)."""
    if len(cards) < 2:
        return None
    first = cards[0]
    if first.rank == JOKER:
        return None
    if all(c.rank == first.rank for c in cards):
        return "set" if len(cards) <= 4 else None
    if all(c.suit == first.suit for c in cards):
        places = {rank_position(c, ace_high) for c in cards}
        if len(places) == len(cards) and max(places) - min(places) == len(cards) - 1:
            return "run"
    return None


def group_shape(cards, ace_high=False):
    """A valid group's shape for quick extension tests: ("set", rank, size) or
    ("run", suit, lowest place, highest place); None if `cards` is no valid group."""
    kind = group_kind(cards, ace_high)
    if kind == "set":
        return ("set", cards[0].rank, len(cards))
    if kind == "run":
        places = [rank_position(c, ace_high) for c in cards]
        return ("run", cards[0].suit, min(places), max(places))
    return None


def extends(shape, card, ace_high=False):
    """True if `card` added to a group of this `group_shape` keeps it valid (2.5)."""
    fits = continuations(shape)
    return card.rank != JOKER and (card.rank in fits
                                   or (card.suit, rank_position(card, ace_high)) in fits)


def continuations(shape):
    """What continues a group of this `group_shape` (2.5): a set's rank (while it has
    fewer than 4 cards), or the (suit, place) pairs at either end of a run."""
    if shape is None:
        return frozenset()
    if shape[0] == "set":
        return frozenset((shape[1],)) if shape[2] < 4 else frozenset()
    _, suit, low, high = shape
    return frozenset(((suit, low - 1), (suit, high + 1)))


@lru_cache(maxsize=4096)
def group_continuations(group, ace_high=False):
    """`continuations` of the group `group` (a tuple of cards), kept for the groups asked
    about most recently: random and searching players build the same groups again (a
    group cancelled is built anew), and lay the same cards on the same assignments."""
    return continuations(group_shape(group, ace_high))


def pairs_with(a, b, ace_high=False):
    """True if two cards begin a set or a run (neither is a Joker)."""
    if a.rank == JOKER or b.rank == JOKER:
        return False
    if a.rank == b.rank:
        return True
    return a.suit == b.suit and abs(rank_position(a, ace_high) - rank_position(b, ace_high)) == 1


def first_pair(cards, ace_high=False):
    """The first two cards of `cards` that begin a set or run, or None (A11)."""
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            if pairs_with(a, b, ace_high):
                return a, b
    return None


def open_groups(cards, ace_high=False):
    """Every set and run `cards` still hold (what keeps Finish exam away, A11), in the
    order of their first cards in `cards`: each rank held twice or more, and each run of
    a suit at its longest (a card may be in both); Jokers begin none."""
    real = [c for c in cards if c.rank != JOKER]
    groups = []
    for card in real:
        same = [c for c in real if c.rank == card.rank]
        if len(same) > 1 and same[0] is card:
            groups.append(same)
        suit = sorted((c for c in real if c.suit == card.suit), key=lambda c: rank_position(c, ace_high))
        place = suit.index(card)
        if place and rank_position(suit[place - 1], ace_high) == rank_position(card, ace_high) - 1:
            continue                    # not the run's lowest card
        run = [card]
        for other in suit[place + 1:]:
            if rank_position(other, ace_high) != rank_position(run[-1], ace_high) + 1:
                break
            run.append(other)
        if len(run) > 1:
            groups.append(run)
    order = {id(c): i for i, c in enumerate(real)}
    return sorted(groups, key=lambda group: min(order[id(c)] for c in group))


def card_keys(cards, ace_high=False):
    """(card, rank, (suit, place in the run order)) for each card of `cards` but Jokers,
    in order: what `continuations` are matched against."""
    return [(card, card.rank, (card.suit, 14 if ace_high and card.rank == "A" else card.value))
            for card in cards if card.rank != JOKER]


_PARTNERS = {}       # (deck name, ace high) -> `partner_table`
_CONTINUED_BY = {}   # (deck name, ace high) -> `continued_by`


def partner_table(deck, ace_high=False):
    """{card: the frozenset of the other cards of `deck` it begins a set or run with
    (`pairs_with`)}, built once per deck and run order: an exam asks on every step."""
    key = (deck.name, ace_high)
    if key not in _PARTNERS:
        _PARTNERS[key] = {card: frozenset(other for other in deck if other is not card
                                          and pairs_with(card, other, ace_high))
                          for card in deck}
    return _PARTNERS[key]


def continued_by(deck, ace_high=False):
    """{continuation (a rank, or a (suit, place) pair: see `continuations`): the cards of
    `deck` it names}, built once per deck and run order."""
    key = (deck.name, ace_high)
    if key not in _CONTINUED_BY:
        table = _CONTINUED_BY[key] = {}
        for card, rank, place in card_keys(deck, ace_high):
            table.setdefault(rank, []).append(card)
            table.setdefault(place, []).append(card)
    return _CONTINUED_BY[key]


def starters(cards, partners):
    """The cards of `cards` that begin a set or run with another of them, in order
    (`partners`: the deck's `partner_table`)."""
    held = set(cards)
    out = []
    for card in cards:
        if not held.isdisjoint(partners[card]):
            out.append(card)
    return out


def rank_key(ace_high):
    """A sort key for cards: run order, then suit."""
    return lambda card: (rank_position(card, ace_high), card.suit or "")


class Assignment:
    """Cards laid down by one owner, plus other students' extra credit on them.

    `cards` are the owner cards, `extras` (seat, card) pairs in the order played, `exam`
    the exam it was submitted at ("midterm" or "final")."""

    __slots__ = ("owner", "cards", "extras", "exam", "ace_high", "fits")

    def __init__(self, owner, cards, extras=(), exam="midterm", ace_high=False, fits=None):
        self.owner = owner
        self.cards = list(cards)
        self.extras = list(extras)
        self.exam = exam
        self.ace_high = ace_high    # the run order the group is laid in
        # What continues the group (`continuations`), kept by `add` and `add_extra`.
        self.fits = group_continuations(tuple(self.group()), ace_high) if fits is None else fits

    def add(self, card):
        """Extend the assignment with an owner card (the cards stay in run order)."""
        self.cards.append(card)
        self.cards.sort(key=rank_key(self.ace_high))
        self.fits = group_continuations(tuple(self.group()), self.ace_high)

    def add_extra(self, seat, card):
        """Add `seat`'s extra-credit card."""
        self.extras.append((seat, card))
        self.fits = group_continuations(tuple(self.group()), self.ace_high)

    def group(self):
        """Every card physically in the assignment (owner cards and extra credit)."""
        return self.cards + [card for _, card in self.extras]

    @property
    def completed(self):
        """Three or more owner cards; exactly two is incomplete (A12)."""
        return len(self.cards) >= COMPLETE

    def value(self, ace_high=False):
        """A completed assignment's value (A16): its highest owner card, +3 for 4 or more."""
        best = max(points(card, ace_high) for card in self.cards)
        return best + (FOUR_CARD_BONUS if len(self.cards) >= 4 else 0)

    def copy(self):
        return Assignment(self.owner, self.cards, self.extras, self.exam, self.ace_high,
                          self.fits)


def report(players, hands, assignments, ace_high=False):
    """The grading of 2.6 for every seat, itemised: one dict per seat with `completed`
    (values, lowest first), `bonused` (those of them that hold the +3 for 4 or more cards:
    walkA16 #6), `cancelled` (values cancelled by Jokers), `incomplete`,
    `extra_credit`, `extra_cancelled`, `jokers`, `hand_penalty` and `total`."""
    values = [[] for _ in range(players)]      # one pass over the table for every seat
    bonused = [[] for _ in range(players)]
    incompletes = [0] * players
    extras = [0] * players
    for assignment in assignments:
        if assignment.completed:
            values[assignment.owner].append(assignment.value(ace_high))
            if len(assignment.cards) >= 4:
                bonused[assignment.owner].append(assignment.value(ace_high))
        else:
            incompletes[assignment.owner] += 1
        for who, _ in assignment.extras:
            extras[who] += 1
    rows = []
    for seat in range(players):
        completed = sorted(values[seat])
        incomplete = incompletes[seat]
        extra = extras[seat]
        hand = hands[seat]
        jokers = sum(1 for card in hand if card.rank == JOKER)
        remaining = list(completed)
        cancelled = []
        extra_cancelled = 0
        for _ in range(jokers):                                     # A17
            if remaining:
                cancelled.append(remaining.pop(0))
            elif extra_cancelled < extra:
                extra_cancelled += 1
        penalty = sum(points(card, ace_high) for card in hand)
        total = sum(remaining) + 2 * incomplete + (extra - extra_cancelled) - penalty
        rows.append({"completed": completed, "bonused": sorted(bonused[seat]), "cancelled": cancelled, "incomplete": incomplete,
                     "extra_credit": extra, "extra_cancelled": extra_cancelled,
                     "jokers": jokers, "hand_penalty": penalty, "total": total})
    return rows


def grade(players, hands, assignments, ace_high=False):
    """Each seat's total (2.6): uncancelled completed assignments + 2 per incomplete
    assignment + 1 per uncancelled extra-credit card - points of cards in hand."""
    return [row["total"] for row in report(players, hands, assignments, ace_high)]


def best_seats(totals):
    """The seats with the highest total; ties share the win (A21)."""
    top = max(totals)
    return [seat for seat, total in enumerate(totals) if total == top]
