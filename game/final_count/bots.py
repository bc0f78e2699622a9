"""What the bots know of Final Count (docs/rulings/final_count.md).

Medium keeps its count as close to 75 as it can without going bust, calls when it is
ahead and near 75, gives a card to an opponent only to bust them, puts a card on the
Board only when it busts someone else and not itself, and takes the swap that brings
its own count nearest 75. Scores are game points: higher is better.
"""
import math

from game.final_count.rules import LIMIT, Act, card_points, score_hand, tally

SPREAD = 60          # game points that make a clear lead, for evaluate
CALL_AT = 66          # call from this count on, when no opponent can be seen to lead
HIDDEN_GUESS = 13     # what two unseen hand cards add, on average


def _mine(view):
    hand = [c for c in view.zone(f"hand:{view.seat}").cards if c is not None]
    table = list(view.zone(f"table:{view.seat}").cards)
    return hand, table


def _count(base, aces):
    """The best count of a `tally`, -1 if bust: `best_total` of its `reachable_totals`
    (each ace counting 10 more while that stays within 75). Tallies add up, so a count
    with one card more or less needs no new pass over the cards."""
    if base > LIMIT:
        return -1
    return base + 10 * min(aces, (LIMIT - base) // 10)


def _best(cards, board):
    """The best count of `cards` with the Board, -1 if bust."""
    base, aces = tally(cards)
    board_base, board_aces = tally(board)
    return _count(base + board_base, aces + board_aces)


def _without(counted, card, cards):
    """The tally `counted` less `card` if it is one of `cards` (that card, not a copy)."""
    if not any(c is card for c in cards):
        return counted
    base, aces = tally((card,))
    return counted[0] - base, counted[1] - aces


def _add(counted, other):
    """Two tallies together."""
    return counted[0] + other[0], counted[1] + other[1]


def _with(counted, card):
    """The count of the tally `counted` plus `card`."""
    base, aces = tally((card,))
    return _count(counted[0] + base, counted[1] + aces)


def _estimates(view):
    """Each opponent's likely count: its table and the Board, plus its unseen hand."""
    board = view.zone("board").cards
    out = {}
    for seat in range(view.players):
        if seat == view.seat:
            continue
        table = view.zone(f"table:{seat}").cards
        unseen = view.zone(f"hand:{seat}").count
        out[seat] = _best(table, board) + HIDDEN_GUESS * unseen // 2
    return out


def medium(view, legal, rng):
    """(action, reason): stay near 75, call when ahead, bust opponents when possible."""
    facts = view.facts
    kinds = {a.kind: a for a in legal}
    if Act.DEAL in kinds:
        return kinds[Act.DEAL], "the last hand is scored: the next one begins"
    board = list(view.zone("board").cards)
    hand, table = _mine(view)
    mine = hand + table
    me = _best(mine, board)
    if Act.CALL in kinds and me >= CALL_AT and me >= max(_estimates(view).values(), default=0):
        return kinds[Act.CALL], f"your count is {me}, near 75 and ahead of what the others show"
    if Act.ROLL in kinds:
        return kinds[Act.ROLL], f"your count is {me}: the die may bring it nearer 75"
    if Act.END_TURN in kinds:
        return kinds[Act.END_TURN], "not close enough to call yet"
    drawn = [c for c in view.zone("drawn").cards if c is not None]
    card = drawn[0] if drawn else None
    if card is not None and Act.KEEP in kinds:
        after = _best(mine + [card], board)
        if after > me:
            return kinds[Act.KEEP], f"the {card.spoken} brings your count to {after} without going bust"
        return kinds[Act.DISCARD], f"the {card.spoken} would put your count over 75"
    if card is not None and any(a.kind == Act.GIVE for a in legal):
        opp = _estimates(view)
        for a in legal:
            if a.kind == Act.GIVE and opp[a.arg] + card_points(card) > LIMIT:
                return a, f"the {card.spoken} should push that opponent over 75"
        return kinds[Act.DISCARD], f"the {card.spoken} would only help an opponent"
    if card is not None and Act.TO_BOARD in kinds:
        after = _best(mine + [card], board)
        busts = any(v + card_points(card) > LIMIT for v in _estimates(view).values())
        if after > me and busts:
            return kinds[Act.TO_BOARD], (f"the {card.spoken} on the Board keeps you under 75 and "
                                       "should bust an opponent")
        return kinds[Act.DISCARD], f"the {card.spoken} on the Board would help the others as much as you"
    if card is not None and any(a.kind == Act.SWAP_DRAW for a in legal):
        total = _add(tally(mine), tally(board))
        best, best_after = kinds.get(Act.RETURN), me
        for a in legal:
            if a.kind == Act.SWAP_DRAW:
                after = _with(_without(total, a.cards[0], mine), card)
                if after > best_after:
                    best, best_after = a, after
        if best is not None and best.kind == Act.SWAP_DRAW:
            return best, f"the {card.spoken} brings your count to {best_after}"
        return kinds.get(Act.RETURN, legal[-1]), f"the drawn {card.spoken} does not improve your count"
    if any(a.kind == Act.SWAP_OPP for a in legal):
        total = _add(tally(mine), tally(board))
        best, best_after = None, me
        takes = [c for s in range(view.players) if s != view.seat
                 for c in view.zone(f"table:{s}").cards]
        for a in legal:
            if a.kind != Act.SWAP_OPP:
                continue
            rest = _without(total, a.cards[0], mine)
            for t in takes:
                after = _with(rest, t)
                if after > best_after:
                    best, best_after = a, after
        if best is not None:
            return best, f"a face-up card of an opponent's can bring your count up to {best_after}"
        return kinds[Act.DECLINE], "no swap with an opponent improves your count"
    if any(a.kind == Act.TAKE for a in legal) and "swap_card" in facts:
        chosen = next((c for c in mine if c.name == facts["swap_card"]), None)
        rest = _add(tally(c for c in mine if c is not chosen), tally(board))
        best, best_after = None, me
        for a in legal:
            if a.kind == Act.TAKE:
                after = (_with(rest, a.cards[0]) if facts["die"] == 5 else me)
                if after > best_after:
                    best, best_after = a, after
        if best is not None:
            return best, f"your count becomes {best_after}"
        picks = [a for a in legal if a.kind == Act.PICK]
        if picks and me < CALL_AT - 10:
            return picks[rng.randrange(len(picks))], "a blind pick is worth the risk this far from 75"
        return kinds.get(Act.DECLINE, legal[-1]), "nothing to take improves your count"
    if any(a.kind == Act.SWAP_BOARD for a in legal):
        return kinds.get(Act.DECLINE, legal[-1]), "a Board swap leaves your own count unchanged"
    if Act.DECLINE in kinds:
        return kinds[Act.DECLINE], ""
    return legal[rng.randrange(len(legal))], ""


def easy_filter(view, legal):
    """Never call with a count below 50; otherwise anything goes."""
    hand, table = _mine(view)
    if _best(hand + table, view.zone("board").cards) < 50:
        keep = [a for a in legal if a.kind != Act.CALL]
        return keep or list(legal)
    return list(legal)


PLAYED_OUT = "hand"          # how far Hard's playouts go (stop_playout), for its hints


def stop_playout(state):
    """A playout ends with its hand: later hands are a fresh deal."""
    return state.step == "hand_over"


def evaluate(state):
    """Each seat's game points with this hand scored as it stands, against the best of
    the others, squashed to 0..1 (a hand is worth up to about 85 points)."""
    points = list(state.game_points)
    if state.step not in ("hand_over", "over"):
        rows = score_hand([h + t for h, t in zip(state.hands, state.tables)], state.board,
                          state.hit_goal, state.caller)
        for row in rows:
            points[row["seat"]] += row["points"]
    out = []
    for seat, mine in enumerate(points):
        rival = max(p for s, p in enumerate(points) if s != seat)
        out.append(0.5 + 0.5 * math.tanh((mine - rival) / SPREAD))
    return out


class _Sight:
    """What Medium reads of the player to move's view, straight from a determinized
    state (a playout step builds no view): the zones as the state's own lists (of the
    others' hands Medium reads only the count), the die and the card chosen to swap."""

    def __init__(self, state):
        self.state = state
        self.seat = state.current_player
        self.players = state.players
        self.facts = {"die": state.die}
        if state.chosen is not None:
            self.facts["swap_card"] = state.chosen.name
        self.zones = {}

    def zone(self, key):
        zone = self.zones.get(key)
        if zone is None:
            state = self.state
            if key == "board":
                cards = state.board
            elif key == "drawn":
                cards = state.drawn
            else:
                kind, seat = key.split(":")
                cards = (state.hands if kind == "hand" else state.tables)[int(seat)]
            zone = self.zones[key] = _Cards(cards)
        return zone


class _Cards:
    """A zone's cards and count, for `_Sight`."""

    __slots__ = ("cards", "count")

    def __init__(self, cards):
        self.cards = cards
        self.count = len(cards)


def rollout(state, legal, rng):
    """Playout policy: Medium's, as it would play from the view of the player to move."""
    if len(legal) == 1:
        return legal[0]
    return medium(_Sight(state), legal, rng)[0]


def _said(count):
    """A count as the table says it: the number, or 'over 75' for a bust."""
    return "over 75" if count < 0 else str(count)


def why(view, action):
    """What `action` does, in the game's terms (your count after it, what it does to the
    others' counts): Hint's reason for any move (Hard's where it is not Medium's)."""
    kind = action.kind
    if kind == Act.DEAL:
        return "the last hand is scored: the next one begins"
    board = list(view.zone("board").cards)
    hand, table = _mine(view)
    mine = hand + table
    me = _said(_best(mine, board))
    drawn = [c for c in view.zone("drawn").cards if c is not None]
    card = drawn[0] if drawn else None
    if kind == Act.ROLL:
        return f"your count is {me}: the die may bring it nearer 75"
    if kind == Act.CALL:
        return f"your count is {me}: the others each get one last turn before the hand is scored"
    if kind in (Act.END_TURN, Act.DECLINE, Act.DISCARD, Act.RETURN):
        return f"your count stays {me}"
    if kind == Act.KEEP:
        return f"your count goes to {_said(_best(mine + [card], board))}"
    if kind == Act.GIVE:
        return f"that opponent's count goes up by {card_points(card)}, or over 75"
    if kind == Act.TO_BOARD:
        return (f"the Board counts for everyone: your count goes to {_said(_best(mine + [card], board))}, "
                f"and every other count up by {card_points(card)} too")
    total = _add(tally(mine), tally(board))
    if kind == Act.SWAP_DRAW:
        return f"your count goes to {_said(_with(_without(total, action.cards[0], mine), card))}"
    if kind == Act.SWAP_OPP:
        return "an opponent's face-up card, or a blind pick from their hand, comes in its place"
    if kind == Act.SWAP_BOARD:
        return f"your count stays {me}: the Board counts for you either way, but the others' counts change"
    if kind == Act.PICK:
        return "a blind pick: you see the card only once it is yours"
    if view.facts["die"] == 6:       # a take from the Board
        return f"your count stays {me}: the Board counts for you either way, but the others' counts change"
    chosen = next((c for c in mine if c.name == view.facts.get("swap_card")), None)
    rest = _add(tally(c for c in mine if c is not chosen), tally(board))
    return f"your count goes to {_said(_with(rest, action.cards[0]))}"
