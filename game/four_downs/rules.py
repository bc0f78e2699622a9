"""Play Design - 4 downs: a trick game on one 28-card formation deck, 2-4 players.

Rules: 4 downs' rulebook (rulebook.md). Each hand deals 4 cards (8 with two
players left and `pd.eight_for_two`) played in as many rounds. The leader plays any
card; the others follow the lead colour, on the opposite side if they can; a follower
of the lead colour and opposite side with a number at least the lead's takes over the
lead (the highest such number). The winner of the last round (the 4th down) wins the
hand and deals the next; every other player in the hand loses the stake (10 yards, more
after knocks). A player at 100 yards or more is out; the last one standing wins.

With `pd.knocking`, a knock window opens before every lead: a player may knock (+10 to
the stake), the others call or fold (a folder loses the stake before that knock at
once). The played cards stay face up until the next lead (or the next deal), and the
hand winner deals the next hand with a `deal` action, so the table can be seen.

`pd.alternate_backs` is cosmetic (A12): the same 28 cards are dealt every hand, and the
fact `back` says which deck's back ('white' or 'black') the hand is dealt with.
Scores are the yards each player has lost.

The rulings it cites by letter (A1, A2, ...) or section are docs/rulings/play_design.md.
"""
from game.cards import with_article
from game.core import (CARDS, FLAG, HIDDEN, OVER, OWNER, PUBLIC, SEAT, SEATS, Action, GameState, SharedAct,
                       Vocabulary, ZoneSpec, choice, data, fact, integer, listof, optional, require,
                       require_int, scalar, seat_keys, seats_alone)
from game.measures import Measures
from game.play_design.rules import allowed_follows, complete_order, round_winner


class Act(Vocabulary):
    """4 downs' action kinds (a knock, a pass, a call and a fold are also told as events
    of the same names)."""

    PLAY = "play"
    KNOCK = "knock"
    PASS = "pass"
    CALL = "call"
    FOLD = "fold"
    DEAL = SharedAct.DEAL


OUT_AT = 100
STAKE = 10
STAKE_CAP = 100

KNOCK = Action(Act.KNOCK)
PASS = Action(Act.PASS)
KNOCKED_LAST = "knocked last"     # a pass event's detail: the last knocker passes unasked (3.2)
CALL = Action(Act.CALL)
FOLD = Action(Act.FOLD)
DEAL = Action(Act.DEAL)


_PLAYS = {}    # card -> its play, built once per deck


def _play_actions(deck):
    """{card: its play} for every card of `deck`."""
    if deck.cards[0] not in _PLAYS:
        _PLAYS.update((card, Action(Act.PLAY, (card,))) for card in deck)
    return _PLAYS


def _check_last_round(last, where, state):
    """A saved last round: null or {round, winner, plays}."""
    if last is not None:
        require(last, dict, where)
        if set(last) != {"round", "winner", "plays"}:
            raise ValueError(f"{where}: expected round, winner and plays")


PASSES = scalar(lambda v, where, state: require_int(v, where, 0, state.players))


def _four_downs_game(state):
    """4 downs: knocks and folds."""
    return ({"knocks": sum(event.kind == Act.KNOCK for event in state.events),
             "folds": sum(event.kind == Act.FOLD for event in state.events)}, {})


class State(GameState):
    """A game of 4 downs in progress."""

    game_id = "four_downs"
    RULES_VERSION = 1   # bump when recorded games replay differently (tests/golden)
    STEPS = ("knock", "respond", "lead", "follow", "deal", OVER)
    FIELDS = {"yards": listof(integer(0, 10**6), SEATS), "out": listof(FLAG, SEATS),
              "hands": listof(CARDS, SEATS), "played": listof(CARDS, SEATS),
              "draw_pile": CARDS, "used": CARDS, "folded": listof(FLAG, SEATS),
              "hand": integer(1, 10**6), "dealer": SEAT,
              "stake": integer(STAKE, STAKE_CAP), "fold_cost": integer(0, STAKE_CAP),
              "round": integer(1, 8), "rounds": choice((4, 8)), "leader": SEAT,
              "lead_seat": optional(SEAT), "queue": listof(SEAT),
              "last_knocker": optional(SEAT), "window_pos": optional(SEAT),
              "window_passes": PASSES, "last_round": data(_check_last_round, frozen=True),
              "hand_winner": optional(SEAT)}
    # The position lives in slots, beside the kernel's attributes and the tables the
    # options make in the instance's dict: Python 3.11 reads a dict of fewer than 30
    # attributes from its fastest layout (inline values), and with the position in it a
    # state would have 44.
    __slots__ = tuple(FIELDS)
    FACTS = {"hand": fact(int, field=True), "round": fact(int, field=True),
             "rounds": fact(int, field=True), "dealer": fact(int, field=True),
             "leader": fact(int, field=True), "lead_seat": fact(int, None, field=True),
             "lead_card": fact(str, None), "stake": fact(int, field=True),
             "fold_cost": fact(int, None), "last_knocker": fact(int, None, field=True),
             "folded": fact(list, field=True), "out": fact(list, field=True),
             "yards": fact(list, field=True), "back": fact(str),
             "last_round": fact(dict, None, field=True),
             "hand_winner": fact(int, None, field=True)}
    RENAMED = {1: {"step": "phase", "draw_pile": "aside", "hand": "hand_no"},
               2: {"hand": "hand_no"}}
    MEASURES = Measures(
        first_kinds=(Act.PLAY,),
        seat_actions={"knocks": (Act.KNOCK,), "folds": (Act.FOLD,)},
        seat_events={"downs won": ("round_won",)},
        game=_four_downs_game,
        curve_events=frozenset({"hand_over", "game_over"}),
        hand_events=frozenset({"hand_over"}))

    def __init__(self, info, players, options, chance, deck, cards):
        super().__init__(info, players, options, chance, deck, cards)
        self._read_options()
        needed = max(4 * players, 16 if self.eight_for_two else 0)
        if len(self.cards) < needed:
            raise ValueError(f"4 downs for {players} players needs {needed} cards; "
                             f"the stacked deck has {len(self.cards)}")
        n = players
        self.yards = [0] * n
        self.out = [False] * n
        self.hands = [[] for _ in range(n)]
        self.played = [[] for _ in range(n)]   # the card each seat put down this round
        self.draw_pile = list(self.cards)      # undealt cards (and all cards between hands)
        self.used = []                         # played cards after their round, folded hands
        self.folded = [False] * n
        self.hand = 0
        self.stake = STAKE
        self.fold_cost = 0
        self.round = 0
        self.rounds = 4
        self.leader = 0
        self.lead_seat = None                  # who led the cards now on the table
        self.queue = []                        # followers (or responders) still to act
        self.step = "deal"
        self.last_knocker = None
        self.window_pos = None
        self.window_passes = 0
        self.last_round = None
        self.hand_winner = None
        if self.options["pd.first_player"] == "random":
            first = chance.toss(list(range(n)))
            if isinstance(first, bool) or first not in range(n):
                raise ValueError(f"a toss for the first player must be a seat, not {first!r}")
            self.emit("toss", first)
        else:
            first = 0
        self.dealer = (first - 1) % n              # A1: the seat before the first leader deals
        self._deal()

    def _read_options(self):
        self.knocking = self.options["pd.knocking"] == "on"
        self.eight_for_two = self.options["pd.eight_for_two"] == "on"
        self.alternate_backs = self.options["pd.alternate_backs"] == "on"
        self.plays = _play_actions(self.deck)
        n = self.players
        self.hand_keys = seat_keys("hand", n)
        self.played_keys = seat_keys("played", n)
        self.only = seats_alone(n)
        # Per seat: the other seats, clockwise after it.
        self.after = [[(seat + offset) % n for offset in range(1, n)] for seat in range(n)]

    # ---- seats --------------------------------------------------------------------
    def _next(self, seat, skip_folded=True):
        """The next seat clockwise that is still in the game (and in the hand)."""
        n, out, folded = self.players, self.out, self.folded
        for offset in range(1, n + 1):
            other = (seat + offset) % n
            if not out[other] and not (skip_folded and folded[other]):
                return other
        return seat

    def _clockwise_after(self, seat):
        """The seats in the hand, clockwise from the one after `seat`, without `seat`."""
        out, folded = self.out, self.folded
        seats = []
        for other in self.after[seat]:
            if not out[other] and not folded[other]:
                seats.append(other)
        return seats

    def _in_hand(self):
        return [s for s in range(self.players) if not self.out[s] and not self.folded[s]]

    # ---- rules ----------------------------------------------------------------------
    def _legal_actions(self):
        step = self.step
        seat = self.current_player
        if step == "lead":
            return tuple(map(self.plays.__getitem__, self.hands[seat]))
        if step == "follow":
            cards = allowed_follows(self.hands[seat], self.played[self.lead_seat][0])
            return tuple(map(self.plays.__getitem__, cards))
        if step == "knock":
            return (KNOCK, PASS)
        if step == "respond":
            return (CALL, FOLD)
        if step == "deal":
            return (DEAL,)
        return ()

    def why_illegal(self, action):
        if self.is_over:
            return "the game is over"
        seat = self.current_player
        step = self.step
        if action.kind == Act.PLAY:
            if step in ("knock", "respond"):
                return "first finish the knocking: knock or pass, call or fold"
            if step == "deal":
                return "the hand is over; the winner deals the next hand"
            card = action.cards[0] if len(action.cards) == 1 else None
            if card is None or card not in self.hands[seat]:
                return "you can only play a card from your own hand"
            if step == "follow":
                lead = self.played[self.lead_seat][0]
                other = "defense" if lead.side == "offense" else "offense"
                if any(c.color == lead.color and c.side != lead.side for c in self.hands[seat]):
                    return (f"you must follow the {lead.color} {lead.side} lead with "
                            f"{with_article(f'{lead.color} {other} card')}")
                return f"you must follow with {with_article(f'{lead.color} card')} while you have one"
        if action.kind == Act.KNOCK:
            if not self.knocking:
                return "knocking is not played (house rule pd.knocking is off)"
            if step == "respond":
                return "answer the knock first: call or fold"
            return "you may knock only in the knock window before a lead"
        if action.kind == Act.PASS:
            return "there is no knock window open now"
        if action.kind in (Act.CALL, Act.FOLD):
            return "there is no knock to answer now"
        if action.kind == Act.DEAL:
            return "the hand is still being played"
        return super().why_illegal(action)

    def _apply(self, action):
        kind = action.kind
        seat = self.current_player
        if kind == Act.PLAY:
            self._play(seat, action.cards)
        elif kind == Act.KNOCK:
            self._knock(seat)
        elif kind == Act.PASS:
            self.emit(Act.PASS, seat)
            self.window_passes += 1
            self.window_pos = self._next(seat)
            self._advance_window()
        elif kind == Act.CALL:
            self.emit(Act.CALL, seat, detail=self.stake)
            self.queue.pop(0)
            self._next_response()
        elif kind == Act.FOLD:
            self._fold(seat)
        else:
            self._deal()

    # ---- dealing --------------------------------------------------------------------
    def _deal(self):
        """Collect every card, shuffle, deal the hand from the seat after the dealer; what
        it tells is logged at once (`emit_all`: a deal tells about a dozen things)."""
        told = []                       # each event's fields, in order
        for seat in range(self.players):
            for zone, key, vis in ((self.hands[seat], self.hand_keys[seat], self.only[seat]),
                                   (self.played[seat], self.played_keys[seat], None)):
                if zone:
                    told.append(("move", seat, tuple(zone), key, "draw", vis, None))
                    self.draw_pile += zone
                    zone.clear()
        if self.used:
            told.append(("move", None, tuple(self.used), "used", "draw", frozenset(), None))
            self.draw_pile += self.used
            self.used.clear()
        self.hand += 1
        active = [s for s in range(self.players) if not self.out[s]]
        self.rounds = 8 if self.eight_for_two and len(active) == 2 else 4   # A16
        stacked = bool(self.chance.stacks)
        order = self.chance.deal_order(self.deck, self.cards)
        if stacked:                     # a stacked deck may name only some cards
            order = complete_order(order, self.cards, f"deal {self.hand}")
        told.append(("shuffle", self.dealer, (), None, None, None, self.back()))
        self.folded = [False] * self.players
        receivers = self._clockwise_after(self.dealer) + [self.dealer]
        dealt = self.rounds * len(receivers)            # one card each, round the table
        for i, seat in enumerate(receivers):
            hand = self.hands[seat] = order[i:dealt:len(receivers)]
            told.append(("move", seat, tuple(hand), "draw", self.hand_keys[seat], self.only[seat], None))
        self.draw_pile = order[dealt:][::-1]
        self.stake = STAKE
        self.fold_cost = 0
        self.last_knocker = None
        self.last_round = None
        self.lead_seat = None
        self.leader = self._next(self.dealer)                 # A6
        self.round = 0
        told.append(("phase", self.dealer, (), None, None, None, {"hand": self.hand}))
        self.emit_all(told)
        self._start_round()

    def back(self):
        """The back design of this hand's deck (A12)."""
        return "black" if self.alternate_backs and self.hand % 2 == 0 else "white"

    # ---- rounds ---------------------------------------------------------------------
    def _start_round(self):
        self.round += 1
        self.emit("phase", self.leader, detail={"down": self.round, "downs": self.rounds})
        if self.knocking:
            self.window_pos = self.leader
            self.window_passes = 0
            self._advance_window()
        else:
            self._to_lead()

    def _to_lead(self):
        self.step = "lead"
        self.queue = []
        self.current_player = self.leader

    def _play(self, seat, cards):
        if self.step == "lead":
            self._clear_table()
            self.lead_seat = seat
            self.queue = self._clockwise_after(seat)
        else:
            self.queue.pop(0)
        self.hands[seat].remove(cards[0])
        self.played[seat] += cards
        self.emit("move", seat, cards, self.hand_keys[seat], self.played_keys[seat])
        if self.queue:
            self.step = "follow"
            self.current_player = self.queue[0]
        else:
            self._resolve()

    def _clear_table(self):
        """The last round's cards leave the table (A15): they are not used again."""
        told = []                       # each event's fields (`emit_all`)
        for seat, played in enumerate(self.played):
            if played:
                told.append(("move", seat, tuple(played), self.played_keys[seat], "used", None, None))
                self.used += played
                played.clear()
        self.emit_all(told)

    def _resolve(self):
        lead = self.lead_seat        # the table holds this round's cards (cleared at the lead)
        played = self.played
        plays = [(lead, played[lead][0])]
        for seat in self.after[lead]:
            if played[seat]:
                plays.append((seat, played[seat][0]))
        winner = round_winner(plays)
        self.last_round = {"round": self.round, "winner": winner,
                           "plays": [[s, c.name] for s, c in plays]}
        self.emit("round_won", winner, detail=self.round)
        if self.round >= self.rounds:                          # A5: the 4th down decides
            self._end_hand(winner)
        else:
            self.leader = winner
            self._start_round()

    # ---- knocking (3.2) -------------------------------------------------------------
    def _may_knock(self, seat):
        return seat != self.last_knocker and self.stake < STAKE_CAP

    def _advance_window(self):
        """Ask the next player who may knock, or close the window after a full circle
        of passes (players who may not knock pass automatically: the last knocker's pass
        is told, as every pass is, walkB16 #3; at the stake's cap nobody is asked)."""
        in_hand = len(self._in_hand())
        while self.window_passes < in_hand:
            seat = self.window_pos
            if self._may_knock(seat):
                self.step = "knock"
                self.current_player = seat
                return
            if self.stake < STAKE_CAP:
                self.emit(Act.PASS, seat, detail=KNOCKED_LAST)
            self.window_passes += 1
            self.window_pos = self._next(seat)
        self._to_lead()

    def _knock(self, seat):
        self.fold_cost = self.stake
        self.stake += STAKE
        self.last_knocker = seat
        self.emit(Act.KNOCK, seat, detail=self.stake)
        self.queue = self._clockwise_after(seat)
        self.step = "respond"
        self.current_player = self.queue[0]

    def _fold(self, seat):
        self.queue.pop(0)
        self.folded[seat] = True
        self.yards[seat] += self.fold_cost                      # A11
        self.emit(Act.FOLD, seat, detail=self.fold_cost)
        self.emit("score", seat, detail=self.yards[seat])
        if self.hands[seat]:
            self.emit("move", seat, self.hands[seat], self.hand_keys[seat], "used", self.only[seat])
            self.used.extend(self.hands[seat])
            self.hands[seat].clear()
        if seat == self.leader:
            self.leader = self._next(seat)
        self._next_response()

    def _next_response(self):
        if self.queue:
            self.current_player = self.queue[0]
            return
        knocker = self.last_knocker
        if len(self._in_hand()) == 1:                           # everyone else folded
            self._end_hand(knocker)
            return
        self.window_pos = self._next(knocker)
        self.window_passes = 0
        self._advance_window()

    # ---- hand and game end ----------------------------------------------------------
    def _end_hand(self, winner):
        self.hand_winner = winner
        self.emit("hand_over", winner, detail=self.hand)
        for seat in self._in_hand():
            if seat != winner:
                self.yards[seat] += self.stake                  # A7
                self.emit("score", seat, detail=self.yards[seat])
        for seat in range(self.players):
            if not self.out[seat] and self.yards[seat] >= OUT_AT:
                self.out[seat] = True
                self.emit("out", seat, detail=self.yards[seat])
        active = [s for s in range(self.players) if not self.out[s]]
        self.queue = []
        self.dealer = winner                                    # A6
        if len(active) == 1:
            self._end(active)
            return
        self.step = "deal"
        self.current_player = winner

    def scores(self):
        """Yards lost by each player (out at 100)."""
        return list(self.yards)

    # ---- views and saves ----------------------------------------------------------------
    def _zones(self):
        zones = [ZoneSpec("draw", "Set aside", None, self.draw_pile, HIDDEN, "pile"),
                 ZoneSpec("used", "Used cards", None, self.used, HIDDEN, "pile")]
        zones += [ZoneSpec(f"hand:{seat}", "Hand", seat, hand, OWNER, "hand")
                  for seat, hand in enumerate(self.hands)]
        zones += [ZoneSpec(f"played:{seat}", "Played", seat, cards, PUBLIC, "row")
                  for seat, cards in enumerate(self.played)]
        return zones

    def _facts(self):
        lead = self.played[self.lead_seat] if self.lead_seat is not None else []
        return {"hand": self.hand,
                "round": self.round, "rounds": self.rounds, "dealer": self.dealer,
                "leader": self.leader, "lead_seat": self.lead_seat,
                "lead_card": lead[0].name if lead else None,
                "stake": self.stake,
                "fold_cost": self.fold_cost if self.step == "respond" else None,
                "last_knocker": self.last_knocker, "folded": list(self.folded),
                "out": list(self.out), "yards": list(self.yards), "back": self.back(),
                "last_round": self.last_round, "hand_winner": self.hand_winner}

    def _check_position(self):
        """Cross-field checks of a loaded state."""
        where = "save: state"
        if any(len(p) > 1 for p in self.played):
            raise ValueError(f"{where}.played: a seat has at most one card on the table")
        if self.round > self.rounds:
            raise ValueError(f"{where}.round: {self.round} is after the last down")
        if self.step in ("follow", "respond") and not self.queue:
            raise ValueError(f"{where}.queue: someone must be left to {self.step}")
        if self.step == "follow" and (self.lead_seat is None or not self.played[self.lead_seat]):
            raise ValueError(f"{where}.lead_seat: following needs a lead card on the table")

    def _resample_fields(self, view):
        """The turn fields from the facts; who is still to follow or answer."""
        super()._resample_fields(view)
        self.fold_cost = view.facts["fold_cost"]   # published only while answering a knock
        if self.fold_cost is None:
            self.fold_cost = self.stake - STAKE
        seat = self.current_player
        self.queue = []
        if self.step in ("follow", "respond") and seat is not None:
            start = self.lead_seat if self.step == "follow" else self.last_knocker
            order = self._clockwise_after(start)
            self.queue = order[order.index(seat):] if seat in order else [seat]
        if self.step == "knock" and seat is not None:
            start = self.leader if self.last_knocker is None else self._next(self.last_knocker)
            passes, at = 0, start
            while at != seat and passes < self.players:
                at = self._next(at)
                passes += 1
            self.window_pos = seat
            self.window_passes = passes
