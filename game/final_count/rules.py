"""Final Count: a dice-driven, Blackjack-like game on the 52-card deck, played to 300.

Rules: Final Count's rulebook (rulebook.md). Each player holds two cards in hand and has
cards face up on the table; the Board is shared. On a turn a player rolls the die (the
face names a draw or swap action, every one of which can be declined) or Calls, at the
beginning or the end of the turn. After a Call every other player takes one last turn
and the hand is scored: each player counts hand + table + Board, aces 1 or 11 in the
player's favour, best total not over 75 wins, ties split and rounded down, +10 to each
winner when the caller did not win. With the Hit Goal option, two rolls before the hand
set a goal; hitting it exactly at the end of the hand wins 75.

Turn steps: `start` (roll or call), `action` (resolve the die face), `target` (second
half of a 5 or 6 swap: what to take), `end` (end the turn or call), `hand_over` (all
hands shown; the next dealer deals), `over`.

Actions: roll, call, end_turn, deal; 1: keep/discard; 2: give (arg = opponent seat)/
discard; 3: to_board/discard; 4: swap_draw (your card)/return; 5: swap_opp (your card),
then take (an opponent's table card) or pick (arg "seat:position", a blind pick from
that seat's hand, positions in an order shuffled when the pick begins)/decline;
6: swap_board (your card), then take (a Board card)/decline.

What a player saw stays known to that player alone: the Discard Pile cards it knows (the
fact `my_discards`: its own discards, and a card it knew on top of the Draw Pile that
another player drew and discarded) and the Draw Pile's top while it knows it (`draw_top`).
A sampled state (for the bots) deals them back there.

Piles are lists with the top card last. Scores are game points toward 300.

The rulings it cites by letter (A1, A2, ...) or section are docs/rulings/final_count.md.
"""
from collections import Counter
from functools import lru_cache
from operator import add, attrgetter
from game.core import (CARD, CARDS, FLAG, HIDDEN, OVER, OWNER, PUBLIC, SEAT, SEATS, Action, GameState,
                       SharedAct, SharedEvent, Vocabulary, ZoneSpec, added_later, data, fact, integer, listof,
                       optional, require, require_int, seat_keys, seats_alone, shuffle, swap_into)
from game.measures import Measures, events_reached


class Act(Vocabulary):
    """Final Count's action kinds (a call and a declined swap are also told as events of
    their names; a roll's event is the kernel's)."""

    DEAL = SharedAct.DEAL
    ROLL = "roll"
    CALL = "call"
    END_TURN = SharedAct.END_TURN
    KEEP = "keep"
    DISCARD = "discard"
    GIVE = "give"
    TO_BOARD = "to_board"
    SWAP_DRAW = "swap_draw"
    RETURN = "return"
    SWAP_OPP = "swap_opp"
    SWAP_BOARD = "swap_board"
    TAKE = "take"
    PICK = "pick"
    DECLINE = "decline"


LIMIT = 75          # a best total above this is a bust (A20)
TARGET = 300        # game points that end the game (A21)
CALL_BONUS = 10     # to each winner when the caller did not win (A9)
BOARD_CARDS = 2

ROLL = Action(Act.ROLL)
CALL = Action(Act.CALL)
END_TURN = Action(Act.END_TURN)
DEAL = Action(Act.DEAL)
KEEP = Action(Act.KEEP)
DISCARD = Action(Act.DISCARD)
TO_BOARD = Action(Act.TO_BOARD)
RETURN = Action(Act.RETURN)
DECLINE = Action(Act.DECLINE)

DIE_ACTIONS = {
    1: "keep the drawn card on your table or discard it",
    2: "play the drawn card on an opponent's table or discard it",
    3: "play the drawn card on the Board or discard it",
    4: "swap the drawn card with one of your cards or return it to the Draw Pile",
    5: "swap one of your cards with one of an opponent's cards, or decline",
    6: "swap one of your cards with a Board card, or decline",
}
SWAPS = {4: Act.SWAP_DRAW, 5: Act.SWAP_OPP, 6: Act.SWAP_BOARD}   # the swap of each face
ACTION_KINDS = {1: {Act.KEEP, Act.DISCARD}, 2: {Act.GIVE, Act.DISCARD}, 3: {Act.TO_BOARD, Act.DISCARD},
                4: {Act.SWAP_DRAW, Act.RETURN}, 5: {Act.SWAP_OPP, Act.TAKE, Act.PICK, Act.DECLINE},
                6: {Act.SWAP_BOARD, Act.TAKE, Act.DECLINE}}


# ---- scoring (pure functions) ---------------------------------------------------------
# Python 3.11 builds a function and a frame for every list comprehension; the rules' per
# hand and per move lists are made with map from these instead, in C.
card_name = attrgetter("name")


def card_points(card):
    """A card's points with an ace as 1: 2-10 face value, J Q K 10."""
    return min(card.value, 10)


def tally(cards):
    """(the points of `cards` with every ace as 1, the number of aces)."""
    base = 0
    aces = 0
    for card in cards:
        value = card.value
        if value >= 10:
            base += 10
        else:
            base += value
            if value == 1:
                aces += 1
    return base, aces


def reachable_totals(cards):
    """Every total `cards` can make, each ace 1 or 11, lowest first (A7)."""
    return totals_of(*tally(cards))


def totals_of(base, aces):
    """Every total of a `tally`: the base with 0, 1, ... of its aces counted 11 (A7)."""
    return list(range(base, base + 10 * aces + 1, 10))


def best_total(totals):
    """The highest total not over 75, or None (bust)."""
    best = None
    for total in totals:
        if total <= LIMIT:
            best = total
    return best


def score_hand(player_cards, board, goal=None, caller=None):
    """The hand's result, one dict per seat: the totals each seat's cards and the Board
    can make, best, bust, hit, winner, share, bonus and points (2.3, A5-A9, A20, A22)."""
    rows = []
    hits = []                   # the rows that hit the goal
    top = 0                     # the best total not bust (0 when every seat is bust)
    board_base, board_aces = tally(board)        # the Board counts for every seat
    for seat, cards in enumerate(player_cards):
        base, aces = tally(cards)
        totals = totals_of(base + board_base, aces + board_aces)
        best = best_total(totals)
        row = {"seat": seat, "cards": list(map(card_name, cards)), "totals": totals,
               "best": best, "bust": best is None, "hit": goal is not None and goal in totals,
               "winner": False, "share": 0, "bonus": 0, "points": 0}
        rows.append(row)
        if row["hit"]:
            hits.append(row)
        if best is not None and best > top:
            top = best
    if hits:
        winners, pool = hits, LIMIT
    else:                       # the best total not bust wins (a bust seat's best is None)
        winners, pool = [], top
        for row in rows:
            if row["best"] == top:
                winners.append(row)
    bonus = CALL_BONUS if caller is not None and winners and rows[caller] not in winners else 0
    for row in winners:
        row["winner"] = True
        row["share"] = pool // len(winners)
        row["bonus"] = bonus
        row["points"] = row["share"] + bonus
    return rows


def goal_number(first, second):
    """The Hit Goal from two rolls: the larger digit first (A4)."""
    return 10 * max(first, second) + min(first, second)


def pick_action(seat, position):
    """The blind pick of the card shown at `position` of `seat`'s hand."""
    return Action(Act.PICK, (), f"{seat}:{position}")


class _CardActions(dict):
    """card -> `Action(kind, (card,))` for one kind of action, each built once: the swaps
    and takes of every die action, looked up rather than built on every turn."""

    def __init__(self, kind):
        super().__init__()
        self.kind = kind

    def __missing__(self, card):
        action = self[card] = Action(self.kind, (card,))
        return action

    def of(self, cards):
        """The action of each of `cards`, in their order (a list)."""
        return list(map(self.__getitem__, cards))


TAKES = _CardActions(Act.TAKE)
SWAP_ACTIONS = {face: _CardActions(kind) for face, kind in SWAPS.items()}   # by die face


class Seats:
    """What the number of players makes of a game, worked out once per player count and
    shared by every game of that size (read, never changed): per seat, the opponents
    clockwise after it, its choices on face 2 (a gift to each opponent, then discard),
    the blind picks of its hand (face 5), the keys of its hand and table and the set of
    it alone (an event only it sees).

    One attribute of the state rather than six: Python 3.11 reads the attributes of an
    object that has fewer than 30 from its fastest layout (inline values)."""

    __slots__ = ("opponents", "gift_choices", "picks", "hand_keys", "table_keys", "only")

    def __init__(self, players):
        seats = range(players)
        self.opponents = tuple(tuple((seat + k) % players for k in range(1, players)) for seat in seats)
        self.gift_choices = tuple(tuple(Action(Act.GIVE, (), o) for o in self.opponents[seat])
                                  + (DISCARD,)
                                  for seat in seats)
        self.picks = tuple((pick_action(seat, 0), pick_action(seat, 1)) for seat in seats)
        self.hand_keys = seat_keys("hand", players)
        self.table_keys = seat_keys("table", players)
        self.only = seats_alone(players)


seats_of = lru_cache(maxsize=None)(Seats)     # one Seats per player count


def _check_last_hand(last, where, state):
    """The saved breakdown of the last scored hand, checked field by field."""
    if last is None:
        return
    require(last, dict, where)
    require_int(last.get("hand"), f"{where}.hand", 1, 10**6)
    if last.get("caller") is not None:
        require_int(last["caller"], f"{where}.caller", 0, state.players - 1)
    if last.get("goal") is not None:
        require_int(last["goal"], f"{where}.goal", 11, 66)
    require(last.get("exhausted"), bool, f"{where}.exhausted")
    for name in require(last.get("board"), list, f"{where}.board"):
        require(name, str, f"{where}.board[]")
    rows = require(last.get("seats"), list, f"{where}.seats")
    if len(rows) != state.players:
        raise ValueError(f"{where}.seats: {len(rows)} rows for {state.players} players")
    for i, row in enumerate(rows):
        rw = f"{where}.seats[{i}]"
        require(row, dict, rw)
        if row.get("seat") != i:
            raise ValueError(f"{rw}.seat: expected {i}")
        for name in require(row.get("cards"), list, f"{rw}.cards"):
            require(name, str, f"{rw}.cards[]")
        for total in require(row.get("totals"), list, f"{rw}.totals"):
            require_int(total, f"{rw}.totals[]", 0, 1000)
        if row.get("best") is not None:
            require_int(row["best"], f"{rw}.best", 0, LIMIT)
        for key in ("bust", "hit", "winner"):
            require(row.get(key), bool, f"{rw}.{key}")
        for key in ("share", "bonus", "points"):
            require_int(row.get(key), f"{rw}.{key}", 0, LIMIT + CALL_BONUS)


def _check_pick_orders(orders, where, state):
    """Saved blind-pick orders: null, or one list of hand positions per seat."""
    if orders is not None:
        for i, order in enumerate(require(orders, list, where)):
            for position in require(order, list, f"{where}[{i}]"):
                require_int(position, f"{where}[{i}]", 0, 1)


def _final_count_game(state):
    """Final Count: calls, hands nobody called, die faces rolled."""
    rolls = Counter(str(event.detail) for event in state.events
                    if event.kind == SharedEvent.ROLL and isinstance(event.detail, int))
    return ({"calls": sum(event.kind == Act.CALL for event in state.events),
             "hands nobody called": sum(event.kind == "exhausted" for event in state.events)},
            {"die face": dict(rolls)})


class State(GameState):
    """A game of Final Count in progress."""

    game_id = "final_count"
    RULES_VERSION = 1   # bump when recorded games replay differently (tests/golden)
    STEPS = ("start", "action", "target", "end", "hand_over", OVER)
    FIELDS = {"game_points": listof(integer(0, 10**6), SEATS), "hand": integer(1, 10**6),
              "dealer": SEAT, "hands": listof(CARDS, SEATS), "tables": listof(CARDS, SEATS),
              "board": CARDS, "draw_pile": CARDS, "discard": CARDS, "drawn": CARDS,
              "discarded": listof(CARDS, SEATS),
              "die": optional(integer(1, 6)), "caller": optional(SEAT),
              "final_round_to_play": listof(SEAT), "hit_goal": optional(integer(11, 66)),
              "goal_rolls": listof(integer(1, 6)), "chosen": optional(CARD),
              "pick_orders": data(_check_pick_orders, frozen=True), "top_known_by": listof(SEAT),
              "drawn_known_by": added_later(listof(SEAT), lambda state: []),
              "exhausted": FLAG, "last_hand": data(_check_last_hand, frozen=True)}
    # The position lives in slots, beside the kernel's attributes in the instance's dict:
    # Python 3.11 reads a dict of fewer than 30 attributes from its fastest layout
    # (inline values), and Final Count's position alone has 21 fields.
    __slots__ = tuple(FIELDS)
    FACTS = {"hand": fact(int, field=True), "dealer": fact(int, field=True),
             "die": fact(int, None, field=True), "caller": fact(int, None, field=True),
             "final_round_to_play": fact(list, field=True),
             "hit_goal": fact(int, None, field=True), "goal_rolls": fact(list, field=True),
             "holding_drawn_card": fact(bool), "showing": fact(list),
             "game_points": fact(list, field=True), "target": fact(int),
             "bust_over": fact(int), "caller_bonus": fact(int),
             "exhausted": fact(bool, field=True), "last_hand": fact(dict, None, field=True),
             "my_count": fact(dict, private=True), "draw_top": fact(str, private=True),
             "my_discards": fact(list, private=True), "swap_card": fact(str, private=True)}
    RENAMED = {version: {"hand": "hand_no", "final_round_to_play": "final_left",
                         "hit_goal": "goal", "game_points": "totals"} for version in (1, 2)}
    RENAMED[1]["winner_seats"] = "winners"
    MEASURES = Measures(
        first_kinds=(Act.ROLL, Act.CALL),
        seat_actions={"swaps": (Act.SWAP_DRAW, Act.SWAP_OPP, Act.SWAP_BOARD), "calls": (Act.CALL,),
                      "rolls declined": (Act.DECLINE,)},
        game=_final_count_game,
        curve_events=frozenset({"hand_over", "game_over"}),
        hand_events=frozenset({"hand_over", "game_over"}),
        safeguards=events_reached(
            {"exhausted": "a hand nobody called (the Draw Pile ran out, A18)"}))

    def __init__(self, info, players, options, chance, deck, cards):
        super().__init__(info, players, options, chance, deck, cards)
        if len(self.cards) < 3 * players + BOARD_CARDS:
            raise ValueError(f"a deal for {players} players needs {3 * players + BOARD_CARDS} "
                             f"cards; the game has {len(self.cards)}")
        self._read_options()
        self.game_points = [0] * players
        self.hand = 0
        self.dealer = 0
        self.last_hand = None
        self._start_hand()

    # ---- the hand -------------------------------------------------------------------
    def _start_hand(self):
        """Deal a hand (A3), roll the Hit Goal if in force (A4) and start the first turn."""
        n = self.players
        order = self.chance.deal_order(self.deck, self.cards)
        if len(order) < 3 * n + BOARD_CARDS:
            raise ValueError(f"a deal for {n} players needs {3 * n + BOARD_CARDS} cards; "
                             f"the stacked deck has {len(order)}")
        self.hand += 1
        d = self.dealer
        self.hands, self.tables, self.discarded = [], [], []
        for _ in range(n):
            self.hands.append([])
            self.tables.append([])
            self.discarded.append([])
        self.discard = []
        self.drawn = []
        self.caller = None
        self.final_round_to_play = []
        self.die = None
        self.chosen = None
        self.pick_orders = None
        self.top_known_by = []
        self.drawn_known_by = []    # the other seats that knew the drawn card (it was the top)
        self.exhausted = False
        self.hit_goal = None
        self.goal_rolls = []
        around = self.seats.opponents[d] + (d,)  # from the dealer's left round to the dealer
        for seat, card in zip(around + around, order):          # two cards each, one at a time
            self.hands[seat].append(card)
        for seat, card in zip(around, order[2 * n:3 * n]):      # then one face up on each table
            self.tables[seat].append(card)
        self.board = list(order[3 * n:3 * n + BOARD_CARDS])
        if self.logs_events:
            self._tell_deal(around, order)
        self.draw_pile = order[3 * n + BOARD_CARDS:][::-1]
        if self.goal_on:
            for _ in range(2):
                roll = self.chance.roll()
                self.goal_rolls.append(roll)
                self.emit(SharedEvent.ROLL, d, detail=roll)
            self.hit_goal = goal_number(*self.goal_rolls)
            self.emit("goal", d, detail=self.hit_goal)
        self.step = "start"
        self.current_player = (d + 1) % n
        self.emit("turn", self.current_player)

    def _tell_deal(self, around, order):
        """Tell the deal just made, at once (emit_all): each event the tuple of an Event's
        fields (kind, seat, cards, src, dst, visible_to, detail)."""
        seats = self.seats
        n = self.players
        told = [("hand", self.dealer, (), None, None, None, self.hand)]
        for seat, card in zip(around + around, order):
            told.append(("move", seat, (card,), "draw", seats.hand_keys[seat], seats.only[seat], None))
        for seat, card in zip(around, order[2 * n:3 * n]):
            told.append(("move", seat, (card,), "draw", seats.table_keys[seat], None, None))
        told.append(("move", None, tuple(self.board), "draw", "board", None, None))
        self.emit_all(told)

    def _next_turn(self):
        """Pass the turn on: clockwise, or through the final round; end the hand when the
        final round is over or the Draw Pile is empty with no call (A11, A18)."""
        if self.caller is not None:
            if not self.final_round_to_play:
                self._score_hand()
                return
            self.current_player = self.final_round_to_play.pop(0)
        else:
            self.current_player = (self.current_player + 1) % self.players
        self.step = "start"
        self.die = None
        if self.caller is None and not self.draw_pile:
            self.exhausted = True
            self.emit("exhausted", self.current_player)
            self._score_hand()
            return
        self.emit("turn", self.current_player)

    def _score_hand(self):
        """Score the hand (2.3), reveal the hands, and end the game or wait for the deal."""
        rows = score_hand(list(map(add, self.hands, self.tables)), self.board, self.hit_goal,
                          self.caller)
        for seat, row in enumerate(rows):
            self.game_points[seat] += row["points"]
        if self.logs_events:
            told = []       # told at once, as the deal is
            for seat, hand in enumerate(self.hands):
                if hand:
                    key = self.seats.hand_keys[seat]
                    told.append(("reveal", seat, tuple(hand), key, key, None, None))
            for seat, row in enumerate(rows):
                told.append(("score", seat, (), None, None, None, row["points"]))
            self.emit_all(told)
        self.last_hand = {"hand": self.hand, "caller": self.caller, "goal": self.hit_goal,
                          "exhausted": self.exhausted, "board": list(map(card_name, self.board)),
                          "seats": rows}
        self.die = None
        top = max(self.game_points)
        if top >= TARGET:                                            # A21
            self._end(s for s, points in enumerate(self.game_points) if points == top)
        else:
            self.step = "hand_over"
            self.current_player = (self.dealer + 1) % self.players   # A2: the next dealer
            self.emit("hand_over", None, detail=self.hand)

    # ---- rules ----------------------------------------------------------------------
    def _own_cards(self, seat):
        return self.hands[seat] + self.tables[seat]

    def _opponents(self, seat):
        return list(self.seats.opponents[seat])

    def _legal_actions(self):
        step = self.step
        p = self.current_player
        if step == "start":
            return (ROLL, CALL) if self.caller is None else (ROLL,)
        if step == "end":
            return (END_TURN, CALL) if self.caller is None else (END_TURN,)
        if step == "hand_over":
            return (DEAL,)
        f = self.die
        if step == "target":
            acts = []
            if f == 5:
                for o in self.seats.opponents[p]:
                    acts += TAKES.of(self.tables[o])
                    acts += self.seats.picks[o][:len(self.hands[o])]
            else:
                acts += TAKES.of(self.board)
            acts.append(DECLINE)
            return acts
        if f == 1:
            return (KEEP, DISCARD)
        if f == 2:
            return self.seats.gift_choices[p]
        if f == 3:
            return (TO_BOARD, DISCARD)
        swaps = SWAP_ACTIONS[f]
        acts = swaps.of(self._own_cards(p))
        acts.append(RETURN if f == 4 else DECLINE)
        return acts

    def why_illegal(self, action):
        if self.is_over:
            return "the game is over"
        kind = action.kind
        step = self.step
        if step == "hand_over":
            return "the hand is over; the next dealer deals the next hand"
        if kind == Act.DEAL:
            return "the hand is still being played"
        if kind == Act.CALL:
            if self.caller is not None:
                return "a player has already called; the final round has no calling"
            return "you may call only at the beginning or the end of your turn"
        if kind == Act.ROLL:
            return "you have already rolled this turn"
        if kind == Act.END_TURN:
            if step == "start":
                return "roll the die first" + (" or call" if self.caller is None else "")
            return f"finish the die action first: {DIE_ACTIONS[self.die]}"
        if step in ("start", "end"):
            if step == "start":
                return "roll the die first" + (" or call" if self.caller is None else "")
            return "your die action is done; end your turn" + (
                " or call" if self.caller is None else "")
        f = self.die
        if kind not in ACTION_KINDS[f] or (step == "target") != (kind in (Act.TAKE, Act.PICK)):
            if step == "target":
                return ("choose the card to take" + (", blind from a hand or face up from "
                        "a table" if f == 5 else " from the Board") + ", or decline")
            return f"the die shows {f}: {DIE_ACTIONS[f]}"
        if kind in (Act.SWAP_DRAW, Act.SWAP_OPP, Act.SWAP_BOARD):
            return "you can only swap one of your own cards (in hand or on the table)"
        if kind == Act.GIVE:
            return "the card goes to an opponent's table: name an opponent's seat"
        if kind == Act.TAKE:
            if f == 5:
                return "you can take only a face-up card from an opponent's table"
            return "you can take only a card on the Board"
        if kind == Act.PICK:
            return "a blind pick names an opponent and a position in that opponent's hand"
        return super().why_illegal(action)

    def _apply(self, action):
        kind = action.kind
        p = self.current_player
        if kind == Act.ROLL:
            self._roll(p)
        elif kind == Act.CALL:                                         # A10
            self.caller = p
            self.final_round_to_play = self._opponents(p)
            self.emit(Act.CALL, p, detail="start" if self.step == "start" else "end")
            self._next_turn()
        elif kind == Act.END_TURN:
            self._next_turn()
        elif kind == Act.DEAL:
            self.dealer = p
            self.emit("collect", p)
            self._start_hand()
        elif kind in (Act.KEEP, Act.GIVE, Act.TO_BOARD, Act.DISCARD, Act.RETURN):
            self._play_drawn(p, kind, action.arg)
        elif kind == Act.SWAP_DRAW:
            self._swap_draw(p, action.cards[0])
        elif kind in (Act.SWAP_OPP, Act.SWAP_BOARD):
            self.chosen = action.cards[0]
            if kind == Act.SWAP_OPP:                                   # A17: fresh orders
                self.pick_orders = []
                for o in range(self.players):
                    order = list(range(len(self.hands[o])))
                    if o != p and order:
                        shuffle(self.rng, order)
                    self.pick_orders.append(order)
            self.step = "target"
        elif kind == Act.TAKE:
            taken = action.cards[0]
            if self.die == 6:
                self._exchange(p, taken, self.board, "board")
            else:
                o = next(o for o in self._opponents(p) if taken in self.tables[o])
                self._exchange(p, taken, self.tables[o], self.seats.table_keys[o], o)
        elif kind == Act.PICK:
            o, position = (int(part) for part in action.arg.split(":"))
            taken = self.hands[o][self.pick_orders[o][position]]
            self.chance.blind_draw()
            self._exchange(p, taken, self.hands[o], self.seats.hand_keys[o], o)
        else:   # decline
            self.emit(Act.DECLINE, p, detail=self.die)
            self._action_done()

    def _roll(self, p):
        """Roll the die; faces 1-4 draw the top card for the roller's eyes only (A12),
        or do nothing when the Draw Pile is empty (A18)."""
        f = self.chance.roll()
        self.die = f
        self.emit(SharedEvent.ROLL, p, detail=f)
        if f <= 4:
            if not self.draw_pile:
                self.emit("no_effect", p, detail=f)
                self.step = "end"
                return
            card = self.draw_pile.pop()
            known = self.top_known_by      # mostly nobody: then no list to filter
            self.drawn_known_by = [s for s in known if s != p] if known else []
            self.top_known_by = []
            self.drawn.append(card)
            self.emit("move", p, (card,), "draw", "drawn", self.seats.only[p])
        self.step = "action"

    def _play_drawn(self, p, kind, arg):
        """Faces 1-4 without a swap: place the drawn card, discard it or put it back."""
        card = self.drawn.pop()
        if kind == Act.KEEP:
            self.tables[p].append(card)
            self.emit("move", p, (card,), "drawn", self.seats.table_keys[p])
        elif kind == Act.GIVE:                                         # A13
            self.tables[arg].append(card)
            self.emit("move", p, (card,), "drawn", self.seats.table_keys[arg], detail=arg)
        elif kind == Act.TO_BOARD:
            self.board.append(card)
            self.emit("move", p, (card,), "drawn", "board")
        elif kind == Act.DISCARD:                                      # A12: unseen
            self.discard.append(card)
            for seat in [p] + self.drawn_known_by:
                self.discarded[seat].append(card)
            self.emit("move", p, (card,), "drawn", "discard", self.seats.only[p])
        else:                                                        # A14: back on top
            self.draw_pile.append(card)
            self.top_known_by = [p]
            self.emit("move", p, (card,), "drawn", "draw", self.seats.only[p])
        self._action_done()

    def _swap_draw(self, p, mine):
        """Face 4: the drawn card goes face up to the table (in place of `mine` if that
        was a table card); `mine` goes face down on top of the Draw Pile (A14)."""
        card = self.drawn.pop()
        table = self.tables[p]
        if mine in table:
            table[table.index(mine)] = card
            src, seen, known = self.seats.table_keys[p], None, list(range(self.players))
        else:
            self.hands[p].remove(mine)
            table.append(card)
            src, seen, known = self.seats.hand_keys[p], self.seats.only[p], [p]
        self.emit("move", p, (card,), "drawn", self.seats.table_keys[p])
        self.emit("move", p, (mine,), src, "draw", seen)
        self.draw_pile.append(mine)
        self.top_known_by = known
        self._action_done()

    def _exchange(self, p, taken, zone, key, owner=None):
        """Faces 5 and 6: trade the chosen card for `taken` (from `zone`, a list). Both
        end face up: `taken` on p's table, the chosen card on the owner's table or the
        Board, each in the place of the card it replaced where that was face up."""
        mine = self.chosen
        table = self.tables[p]
        if mine in table:
            table[table.index(mine)] = taken
            src = self.seats.table_keys[p]
        else:
            self.hands[p].remove(mine)
            table.append(taken)
            src = self.seats.hand_keys[p]
        if key.startswith("hand:"):
            zone.remove(taken)
            self.tables[owner].append(mine)
            dst = self.seats.table_keys[owner]
        else:
            zone[zone.index(taken)] = mine
            dst = key
        self.emit("move", p, (taken,), key, self.seats.table_keys[p])
        self.emit("move", p, (mine,), src, dst)
        self._action_done()

    def _action_done(self):
        self.drawn_known_by = []
        self.chosen = None
        self.pick_orders = None
        self.step = "end"

    def scores(self):
        """Game points toward 300."""
        return list(self.game_points)

    # ---- views and saves ----------------------------------------------------------------
    def _zones(self):
        shown = PUBLIC if self.step in ("hand_over", OVER) else OWNER
        zones = [ZoneSpec("draw", "Draw Pile", None, self.draw_pile, HIDDEN, "pile"),
                 ZoneSpec("discard", "Discard Pile", None, self.discard, HIDDEN, "pile"),
                 ZoneSpec("board", "Board", None, self.board, PUBLIC, "row"),
                 ZoneSpec("drawn", "Drawn card", self.current_player, self.drawn, OWNER,
                          "stack")]
        for seat in range(self.players):
            zones.append(ZoneSpec(f"hand:{seat}", "Cards in Hand", seat, self.hands[seat],
                                  shown, "hand"))
            zones.append(ZoneSpec(f"table:{seat}", "Cards on Table", seat, self.tables[seat],
                                  PUBLIC, "row"))
        return zones

    def _facts(self):
        showing = []
        for table in self.tables:
            totals = reachable_totals(table + self.board)
            showing.append({"totals": totals, "best": best_total(totals)})
        return {"hand": self.hand,
                "dealer": self.dealer, "die": self.die, "caller": self.caller,
                "final_round_to_play": list(self.final_round_to_play),
                "hit_goal": self.hit_goal, "goal_rolls": list(self.goal_rolls),
                "holding_drawn_card": bool(self.drawn),
                "showing": showing, "game_points": list(self.game_points),
                "target": TARGET, "bust_over": LIMIT, "caller_bonus": CALL_BONUS,
                "exhausted": self.exhausted, "last_hand": self.last_hand}

    def _private_facts(self, seat):
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return {}
        facts = {}
        if self.step not in ("hand_over", OVER):
            totals = reachable_totals(self._own_cards(seat) + self.board)
            best = best_total(totals)
            facts["my_count"] = {"totals": totals, "best": best, "bust": best is None,
                                 "hit": self.hit_goal is not None and self.hit_goal in totals}
        if seat in self.top_known_by and self.draw_pile:
            facts["draw_top"] = self.draw_pile[-1].name
        if self.discarded[seat]:
            facts["my_discards"] = [c.name for c in self.discarded[seat]]
        if self.chosen is not None and seat == self.current_player:
            facts["swap_card"] = self.chosen.name
        return facts

    def _read_options(self):
        self.goal_on = self.options["final_count.hit_goal"] == "on"
        self.seats = seats_of(self.players)

    def _check_position(self):
        """Cross-field checks of a loaded state."""
        n = self.players
        if len(self.drawn) > 1:
            raise ValueError("save: state.drawn: a player holds at most one drawn card")
        if any(len(h) > 2 for h in self.hands):
            raise ValueError("save: state.hands: a hand never holds more than 2 cards")
        if len(self.board) < BOARD_CARDS:
            raise ValueError("save: state.board: the Board always has at least 2 cards")
        for seat, cards in enumerate(self.discarded):
            if any(c not in self.discard for c in cards):
                raise ValueError(f"save: state.discarded[{seat}]: a card not in the "
                                 "Discard Pile")
        if self.drawn_known_by and (not self.drawn or self.current_player in self.drawn_known_by
                                    or len(set(self.drawn_known_by)) < len(self.drawn_known_by)):
            raise ValueError("save: state.drawn_known_by: other seats, each once, and only "
                             "while a card is drawn")
        if self.step in ("action", "target") and self.die is None:
            raise ValueError("save: state.die: a die action needs the die result")
        if bool(self.drawn) != (self.step == "action" and self.die is not None
                                and self.die <= 4):
            raise ValueError("save: state.drawn: a drawn card is held exactly while a "
                             "1-4 die action is being resolved")
        if self.caller is None and self.final_round_to_play:
            raise ValueError("save: state.final_round_to_play: there is no final round "
                             "without a call")
        if self.caller is not None and self.step != "hand_over" and not self.is_over:
            rest = self._opponents(self.caller)
            if self.final_round_to_play != rest[len(rest) - len(self.final_round_to_play):]:
                raise ValueError("save: state.final_round_to_play: not the seats after the "
                                 "caller that are still to play")
        if self.hit_goal != (goal_number(*self.goal_rolls) if len(self.goal_rolls) == 2 else None):
            raise ValueError("save: state.hit_goal: does not match the two goal rolls")
        if (self.hit_goal is not None) != self.goal_on:
            raise ValueError("save: state.hit_goal: a goal exists exactly when Hit Goal is on")
        if (self.chosen is not None) != (self.step == "target"):
            raise ValueError("save: state.chosen: a swap card is chosen exactly in the "
                             "target step")
        if self.chosen is not None and self.chosen not in self._own_cards(self.current_player):
            raise ValueError("save: state.chosen: not one of the swapping player's cards")
        if self.pick_orders is not None:
            if len(self.pick_orders) != n:
                raise ValueError(f"save: state.pick_orders: {len(self.pick_orders)} orders "
                                 f"for {n} players")
            for seat, order in enumerate(self.pick_orders):
                if sorted(order) != list(range(len(self.hands[seat]))):
                    raise ValueError(f"save: state.pick_orders[{seat}]: not an order of that "
                                     "hand's positions")
        if (self.pick_orders is not None) != (self.step == "target" and self.die == 5):
            raise ValueError("save: state.pick_orders: present exactly while choosing a "
                             "5-pip swap target")
        if bool(self.winner_seats) != self.is_over:
            raise ValueError("save: state.winner_seats: winners exist exactly when the game "
                             "is over")

    def _resample_fields(self, view):
        """Hand fields from the facts; the seat's own discards into the Discard Pile, a
        known Draw Pile top on top, the blind-pick orders drawn afresh."""
        super()._resample_fields(view)
        facts = view.facts
        seat = view.seat
        holders = [self.draw_pile, self.discard] + self.hands
        self.discarded = [[] for _ in range(self.players)]
        mine = [self.deck.copies(name)[0] for name in facts.get("my_discards", ())]
        self.discarded[seat] = mine
        for card in mine:
            swap_into(card, self.discard, holders, avoid=mine)
        self.top_known_by = []
        self.drawn_known_by = []
        if facts.get("draw_top") and self.draw_pile:
            top = self.deck.copies(facts["draw_top"])[0]
            swap_into(top, self.draw_pile, holders, avoid=mine)
            if top in self.draw_pile:
                i = self.draw_pile.index(top)
                self.draw_pile[i], self.draw_pile[-1] = self.draw_pile[-1], top
            self.top_known_by = [seat]
        self.chosen = self.deck.copies(facts["swap_card"])[0] if facts.get("swap_card") else None
        self.pick_orders = None
        if self.step == "target" and self.die == 5:
            self.pick_orders = []
            for o in range(self.players):
                order = list(range(len(self.hands[o])))
                if o != self.current_player:
                    shuffle(self.rng, order)
                self.pick_orders.append(order)
