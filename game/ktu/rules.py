"""KTU: a Shithead/Palace-like shedding game on the 52-card deck.

Rules: KTU's rulebook (rulebook.md). Each player is dealt 3 face-down cards and 7 hand
cards, and secretly chooses 3 hand cards to lay face up on the face-down ones (one
`choose_faceup` action per seat, hidden from the others until all have chosen). Then a
turn is one play (1-4 cards of one rank, higher than the pile's effective top in the
order J Q K A 2 3 4 5 6 7 8 9 10), one blind face-down card, or picking up the pile.
2, 3 and 10 play on anything; 3 is transparent; a 7 asks for lower; 8s skip; a 10 or
four cards of a kind burn the pile and the player goes again. Hands refill to 4 from
the stock; with the stock gone the face-up cards are taken into the hand, then the
face-down cards are played blind. The first player out of cards wins.

Every seat sees the cards that go into a hand from the pile (a pick-up, a failed blind
card) or from the face-up cards (A18): the fact `known_in_hand` names them per seat while
they stay there, and a sampled state (for the bots) deals them back to that hand.

`play_blind(i)` names the i-th of the seat's remaining face-down cards, left to right
(the zone's order), as the app shows them; the fact `facedown_slots` tells which of the
three table slots (0-2) each still occupies.

Piles are lists with the top card last. Scores are the cards each seat still holds.

The rulings it cites by letter (A1, A2, ...) or section are docs/rulings/ktu.md.
"""
from functools import partial
from itertools import combinations, repeat
from operator import attrgetter

from game.cards import RANK_WORDS, with_article
from game.core import (CARDS, FLAG, HIDDEN, KNOWN_IN_HAND, OVER, OWNER, PUBLIC, SEAT, SEATS, Action, GameState,
                       Vocabulary, ZoneSpec, added_later, data, fact, integer, listof, require_int, seat_keys,
                       seats_alone)
from game.measures import Measures


class Act(Vocabulary):
    """KTU's action kinds (a pick-up's event is named after its action)."""

    CHOOSE_FACEUP = "choose_faceup"
    PLAY = "play"
    PLAY_BLIND = "play_blind"
    PICK_UP = "pick_up"


HAND_SIZE = 4          # the hand is refilled to this while the stock lasts (A16)
DEALT_HAND = 7         # hand cards dealt, of which FACEUP are laid face up (A3, A4)
FACEUP = 3
FACEDOWN = 3
TURN_LIMIT = 500       # App safeguard A24

TEXT_ORDER = ("J", "Q", "K", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
CONVENTIONAL_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS = len(TEXT_ORDER)
WILD = frozenset(("2", "3", "10"))   # playable on anything (A8)
BURNING = frozenset(("10",))         # burns the play ground (A13)

CHOOSE = "choose"      # steps: choosing face-up cards, playing (then over)
PLAY = "play"

PICK_UP = Action(Act.PICK_UP)
BLIND = tuple(Action(Act.PLAY_BLIND, (), i) for i in range(FACEDOWN))


_PLAYABLE = {}         # (rank order, allow_equal) -> {effective top rank: playable ranks}
_by_id = attrgetter("id")    # a card's id: the order of sorted cards (read in C)
# An Action from the tuple of its fields, made in C (the deal lists 35 choices a seat).
_as_action = partial(tuple.__new__, Action)


def _beats(rank, top, pos, allow_equal):
    """The play rule of 2.2 for cards of `rank` on the effective top rank `top`."""
    if rank in WILD or top is None or top == "2":
        return True
    if top == "7":
        return pos[rank] < pos["7"]
    return pos[rank] >= pos[top] if allow_equal else pos[rank] > pos[top]


def _playable_on(order, allow_equal):
    """{effective top rank (None: an empty pile): {each rank playable on it: its place in
    the rank order}} (2.2)."""
    key = (order, allow_equal)
    if key not in _PLAYABLE:
        pos = {rank: i for i, rank in enumerate(order)}
        _PLAYABLE[key] = {top: {r: pos[r] for r in order if _beats(r, top, pos, allow_equal)}
                          for top in (None,) + order}
    return _PLAYABLE[key]


_PLAYABLE_CARDS = {}   # (deck name, rank order, allow_equal) -> {top rank: [place or None]}


def _playable_cards(deck, order, allow_equal):
    """`_playable_on` by card: {effective top rank: for each card of `deck`, by its id,
    its rank's place in the rank order if it is playable on that top, else None}, built
    once per deck and rules (the hand is read card by card on every turn)."""
    key = (deck.name, order, allow_equal)
    if key not in _PLAYABLE_CARDS:
        _PLAYABLE_CARDS[key] = {top: [ranks.get(card.rank) for card in deck]
                                for top, ranks in _playable_on(order, allow_equal).items()}
    return _PLAYABLE_CARDS[key]


_PLAYS = {}            # deck name -> {cards of one rank, as a set of ids: their plays}


def _plays_of(deck, group):
    """Every play of 1, 2, ... of the cards of one rank whose ids are the set bits of
    `group`, each play's cards sorted by id (the plays a hand's group of one rank offers,
    made when first asked for and kept in `_PLAYS`)."""
    plays = _PLAYS[deck.name]
    if group not in plays:
        cards = [card for card in deck if group >> card.id & 1]
        plays[group] = tuple(Action(Act.PLAY, combo) for size in range(1, len(cards) + 1)
                             for combo in combinations(cards, size))
    return plays[group]


def _check_last_blind(blind, where, state):
    """A saved last blind play: [seat, card name, played]."""
    if blind is not None:
        if (not isinstance(blind, list) or len(blind) != 3
                or not isinstance(blind[1], str) or blind[1] not in state.deck.by_name
                or not isinstance(blind[2], bool)):
            raise ValueError(f"{where}: expected [seat, card name, played]")
        require_int(blind[0], f"{where}[0]", 0, state.players - 1)


def _ktu_game(state):
    """KTU: burns, pick-ups and the size of the piles picked up."""
    picked = [event.detail for event in state.events if event.kind == Act.PICK_UP]
    burns = sum(event.kind == "burn" for event in state.events)
    return ({"burns": burns, "pick-ups": len(picked),
             "cards picked up": sum(picked)}, {})


def _ktu_places(state):
    """With Play to the last, every seat in the order it went out (the last by the cards
    it held); otherwise None: the cards held rank the others."""
    return list(state.finished) if len(state.finished) == state.players else None


class Setup:
    """What the house rules and the number of players make of one game, worked out once:
    the rank order, the play rule's tables (2.2), the house rules read in play and the
    zones' keys.

    One attribute of the state rather than a dozen: Python 3.11 reads the attributes of
    an object that has fewer than 30 from its fastest layout (inline values), and KTU's
    state would have 40; its playouts ran about 9% fewer instructions with this."""

    __slots__ = ("rank_order", "rank_pos", "playable_on", "playable_cards", "skip_per_card",
                 "four_in_a_row", "play_to_last", "hand_keys", "faceup_keys", "facedown_keys",
                 "only", "plays", "card_bits")

    def __init__(self, options, players, deck):
        order = TEXT_ORDER if options["ktu.rank_order"] == "text" else CONVENTIONAL_ORDER
        allow_equal = options["ktu.allow_equal"] == "on"
        self.rank_order = order
        self.rank_pos = {rank: i for i, rank in enumerate(order)}
        self.playable_on = _playable_on(order, allow_equal)
        self.playable_cards = _playable_cards(deck, order, allow_equal)
        self.plays = _PLAYS.setdefault(deck.name, {})
        self.card_bits = tuple(1 << card.id for card in deck)   # by id: a card as a bit
        self.skip_per_card = options["ktu.eight_skip"] == "per_card"
        self.four_in_a_row = options["ktu.four_in_a_row"] == "on"
        self.play_to_last = options["ktu.play_to_last"] == "on"
        self.hand_keys = seat_keys("hand", players)
        self.faceup_keys = seat_keys("faceup", players)
        self.facedown_keys = seat_keys("facedown", players)
        self.only = seats_alone(players)


class State(GameState):
    """A game of KTU in progress."""

    game_id = "ktu"
    RULES_VERSION = 1   # bump when recorded games replay differently (tests/golden)
    STEPS = (CHOOSE, PLAY, OVER)
    FIELDS = {"hands": listof(CARDS, SEATS),
              "faceup": listof(CARDS, SEATS), "facedown": listof(CARDS, SEATS),
              "facedown_slots": listof(listof(integer(0, FACEDOWN - 1)), SEATS),
              "draw_pile": CARDS, "pile": CARDS, "burned": CARDS,
              "turn_no": integer(0, TURN_LIMIT), "first_player": SEAT,
              "finished": listof(SEAT),
              "last_blind": data(_check_last_blind, frozen=True),
              "known_in_hand": KNOWN_IN_HAND,
              "replay": added_later(FLAG, lambda state: False)}
    FACTS = {"turn_no": fact(int, field=True), "turn_limit": fact(int),
             "first_player": fact(int, field=True), "chosen": fact(list),
             "effective_top": fact(str, None), "lower_than_seven": fact(bool),
             "rank_order": fact(str), "facedown_slots": fact(list, field=True),
             "finished": fact(list, field=True), "last_blind": fact(list, None, field=True),
             "known_in_hand": fact(list), "replay": fact(bool, field=True)}
    RENAMED = {1: {"step": "stage", "draw_pile": "stock"}}
    MEASURES = Measures(
        first_kinds=(Act.PLAY, Act.PLAY_BLIND, Act.PICK_UP),
        seat_actions={"pick-ups": (Act.PICK_UP,), "blind plays": (Act.PLAY_BLIND,)},
        seat_events={"burns": ("burn",), "skipped": ("skip",), "blind fails": ("blind_fail",)},
        game=_ktu_game,
        limits={"turn_limit": "turn limit of 500 turns (A24)"},
        places=_ktu_places)

    def __init__(self, info, players, options, chance, deck, cards):
        super().__init__(info, players, options, chance, deck, cards)
        self._read_options()
        order = chance.deal_order(deck, self.cards)   # top first
        n = players
        need = (FACEDOWN + DEALT_HAND) * n
        if len(order) < need:
            raise ValueError(f"a deal for {players} players needs {need} cards; "
                             f"the stacked deck has {len(order)}")
        # A3: three rounds of face-down cards (slot k div N), then seven rounds of hand cards.
        self.facedown = [order[seat:FACEDOWN * n:n] for seat in range(n)]
        self.facedown_slots = [list(range(FACEDOWN)) for _ in range(n)]
        self.hands = [order[FACEDOWN * n + seat:need:n] for seat in range(n)]
        self.faceup = [[] for _ in range(n)]
        self.draw_pile = order[need:][::-1]
        self.pile = []
        self.burned = []
        self.step = CHOOSE
        self.turn_no = 0
        self.finished = []     # seats out of cards, in order (ktu.play_to_last)
        self.last_blind = None  # [seat, card name, played?] of the latest blind card
        self.known_in_hand = [[] for _ in range(n)]
        self.replay = False     # the player to play burned the pile and plays again (A15)
        self.first_player = 0
        if options["ktu.first_player"] == "random":                 # A5 option
            self.first_player = chance.toss(list(range(n)))
        self.current_player = 0
        for seat in range(n):
            self.emit("move", seat, self.facedown[seat], "draw", self.setup.facedown_keys[seat],
                      frozenset())
        for seat in range(n):
            self.emit("move", seat, self.hands[seat], "draw", self.setup.hand_keys[seat],
                      self.setup.only[seat])
        self.emit("phase", None, detail=CHOOSE)

    def _read_options(self):
        self.setup = Setup(self.options, self.players, self.deck)

    # ---- the play rule (2.2) ----------------------------------------------------------
    def effective_top(self):
        """The topmost card of the pile that is not a 3, or None (A9)."""
        for card in reversed(self.pile):
            if card.rank != "3":
                return card
        return None

    def playable(self, rank):
        """Whether cards of `rank` may be played on the pile now (2.2)."""
        return rank in self._playable_ranks()

    def _playable_ranks(self):
        top = self.effective_top()
        return self.setup.playable_on[top and top.rank]

    # ---- rules ----------------------------------------------------------------------
    def _as_listed(self, action, legal):
        """The cards of a multi-card action may come in any order (legal actions list
        them by id)."""
        ordered = action._replace(cards=tuple(sorted(action.cards, key=_by_id)))
        return legal[legal.index(ordered)] if ordered in legal else None

    def _legal_actions(self):
        seat = self.current_player
        hand = self.hands[seat]
        if self.step == CHOOSE:
            return list(map(_as_action, zip(repeat(Act.CHOOSE_FACEUP),
                                            combinations(sorted(hand, key=_by_id), FACEUP),
                                            repeat(None))))
        if hand:
            pile = self.pile                             # A9: most turns, the top card
            top = pile[-1] if pile and pile[-1].rank != "3" else self.effective_top()
            playable = self.setup.playable_cards[top and top.rank]
            bits = self.setup.card_bits
            groups = [0] * RANKS                         # by place in the rank order:
            for card in hand:                            # the playable cards in hand,
                place = playable[card.id]                # as bits of their ids
                if place is not None:
                    groups[place] |= bits[card.id]
            plays = self.setup.plays
            acts = []
            for group in filter(None, groups):     # the ranks held, in the rank order
                try:
                    acts += plays[group]
                except KeyError:                     # a group not seen before
                    acts += _plays_of(self.deck, group)
        else:
            acts = list(BLIND[:len(self.facedown[seat])])
        if self.pile:
            acts.append(PICK_UP)
        return acts

    def why_illegal(self, action):
        if self.is_over:
            return "the game is over"
        seat = self.current_player
        kind = getattr(action, "kind", None)
        cards = getattr(action, "cards", ())
        hand = self.hands[seat]
        if self.step == CHOOSE:
            if kind != Act.CHOOSE_FACEUP:
                return "first every player chooses 3 hand cards to lay face up"
            if len(cards) != FACEUP or any(c not in hand for c in cards) or action.arg is not None:
                return "choose exactly 3 different cards from your own hand to lay face up"
            return "those cards are not a legal choice"
        if kind == Act.CHOOSE_FACEUP:
            return "the face-up cards have been chosen; they cannot be changed"
        if kind == Act.PICK_UP:
            if cards or action.arg is not None:
                return "picking up takes the whole play ground, no cards named"
            return "the play ground is empty, so you must play a card"
        if kind == Act.PLAY_BLIND:
            if hand:
                return "you may play a face-down card only when your hand is empty"
            if cards or action.arg not in range(len(self.facedown[seat])):
                return ("name one of your face-down cards by its position, left to right; "
                        "you cannot see it")
        if kind == Act.PLAY:
            if not cards or action.arg is not None:
                return "play one card, or several of the same value together"
            if not hand:
                return "your hand is empty: play one of your face-down cards blind"
            if any(c not in hand for c in cards) or len(set(cards)) != len(cards):
                return "you can only play cards from your own hand"
            if len({c.rank for c in cards}) != 1:
                return "cards played together must all have the same value"
            return self._why_not_playable(cards[0].rank)
        return super().why_illegal(action)

    def _why_not_playable(self, rank):
        top = self.effective_top()
        card = with_article(RANK_WORDS.get(rank, rank))
        if top.rank == "7":
            return f"{card} is not lower than the 7 on the play ground (play lower than 7)"
        if rank == top.rank:
            return f"{card} is not higher than the {top.spoken} on the play ground"
        return (f"{card} is lower than the {top.spoken} on the play ground "
                "(the order is " + " ".join(self.setup.rank_order) + ")")

    def _apply(self, action):
        seat = self.current_player
        kind = action.kind
        if kind == Act.PLAY:
            cards = action.cards
            hand = self.hands[seat]
            for card in cards:
                hand.remove(card)
            self._left_hand(seat, cards)
            self.pile.extend(cards)
            self.emit("move", seat, cards, self.setup.hand_keys[seat], "pile")
            self._resolve(seat, cards[0].rank, len(cards))
        elif kind == Act.PICK_UP:                                  # A17
            self._take_pile(seat)
            if self.draw_pile:
                self._refill(seat)
            self._end_turn(seat)
        elif kind == Act.CHOOSE_FACEUP:
            self._choose(seat, action.cards)
        else:                                                      # a face-down card, blind
            # Lists that views also carry as facts are replaced, never changed in place.
            index = action.arg
            slots = list(self.facedown_slots)
            slots[seat] = slots[seat][:index] + slots[seat][index + 1:]
            self.facedown_slots = slots
            card = self.facedown[seat].pop(index)
            top = self.effective_top()
            threes = next((k for k, c in enumerate(reversed(self.pile)) if c.rank != "3"), 0)   # 3s over `top`
            self.last_blind = [seat, card.name, self.playable(card.rank)]
            if self.last_blind[2]:
                self.emit("reveal", seat, (card,), self.setup.facedown_keys[seat], detail=card.name)
                self.pile.append(card)
                self.emit("move", seat, (card,), self.setup.facedown_keys[seat], "pile")
                self._resolve(seat, card.rank, 1)
            else:                                                  # A19
                # Revealed to everyone: it is turned over onto the pile it does not beat,
                # and the pile with it goes into the hand (it last).
                self.emit("reveal", seat, (card,), self.setup.facedown_keys[seat], detail=card.name)
                self.pile.append(card)
                self.emit("move", seat, (card,), self.setup.facedown_keys[seat], "pile")
                self.emit("blind_fail", seat, detail={"card": card.name, "top": top and top.name,
                                                      "threes": threes, "pile": len(self.pile)})
                self._take_pile(seat)
                if self.draw_pile:
                    self._refill(seat)
                self._end_turn(seat)

    def _choose(self, seat, cards):
        """A4: one seat's secret choice; the last choice reveals them all."""
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.faceup[seat].extend(cards)
        self.emit("move", seat, cards, self.setup.hand_keys[seat], self.setup.faceup_keys[seat],
                  self.setup.only[seat])
        if seat + 1 < self.players:
            self.current_player = seat + 1
            return
        self.step = PLAY
        for other in range(self.players):
            self.emit("reveal", other, self.faceup[other], self.setup.faceup_keys[other])
        self.emit("phase", None, detail=PLAY)
        self.current_player = self.first_player
        self.emit("turn", self.first_player, detail=0)

    def _take_pile(self, seat):
        if self.pile:
            self.emit("move", seat, self.pile, "pile", self.setup.hand_keys[seat])
            self.emit(Act.PICK_UP, seat, detail=len(self.pile))
            self.hands[seat].extend(self.pile)
            self._seen_into_hand(seat, self.pile)
            self.pile = []

    def _refill(self, seat):
        """A16: draw up to 4 cards in hand from the stock (called while it lasts)."""
        hand = self.hands[seat]
        wanted = HAND_SIZE - len(hand)
        if wanted > 0:
            drawn = self.draw_pile[-wanted:][::-1]     # the top card first
            del self.draw_pile[-wanted:]
            hand += drawn
            self.emit("move", seat, drawn, "draw", self.setup.hand_keys[seat], self.setup.only[seat])

    def _four_in_a_row(self):
        """Whether the pile's top four cards are of one rank (ktu.four_in_a_row, A13)."""
        pile = self.pile
        if len(pile) < 4:
            return False
        rank = pile[-1].rank
        return pile[-2].rank == rank and pile[-3].rank == rank and pile[-4].rank == rank

    def _resolve(self, seat, rank, k):
        """RESOLVE after a legal play of `k` cards of `rank` (2.3)."""
        # Step 1, the burn check (A13, A15): a 10, four cards played at once, or with the
        # house rule, four of a kind in a row on the pile.
        burn = rank in BURNING or k == 4 or self.setup.four_in_a_row and self._four_in_a_row()
        if burn:
            self.emit("move", seat, self.pile, "pile", "burned")
            self.emit("burn", seat, detail=len(self.pile))
            self.burned.extend(self.pile)
            self.burned.sort(key=_by_id)      # A23: the order of burned cards is not shown
            self.pile = []
        if self.draw_pile:
            self._refill(seat)
        hand = self.hands[seat]
        if not hand and not self.draw_pile and self.faceup[seat]:     # A18
            self.emit("move", seat, self.faceup[seat], self.setup.faceup_keys[seat],
                      self.setup.hand_keys[seat])
            hand.extend(self.faceup[seat])
            self._seen_into_hand(seat, self.faceup[seat])
            self.faceup[seat] = []
        if not hand and not self.faceup[seat] and not self.facedown[seat]:   # A21, A22
            self.finished = self.finished + [seat]
            self.emit("out", seat, detail=len(self.finished))
            if not self.setup.play_to_last or self.players - len(self.finished) <= 1:
                self.turn_no += 1
                self._finish()
                return
            burn = False
        if burn:                                                  # A15: play again
            self._end_turn(seat, replay=True)
            return
        skips = 0
        if rank == "8":                                           # A11
            skips = k if self.setup.skip_per_card else 1
        self._end_turn(seat, skips)

    def _next_seat(self, seat, skips):
        """The seat `skips` players after the next one still in the game; skipping
        never goes past `seat` itself (A11)."""
        n = self.players
        out = self.finished
        order = [(seat + i) % n for i in range(1, n + 1)]
        if out:
            order = [s for s in order if s not in out]
        if skips:
            self.emit("skip", order[0], detail=order[:min(skips, len(order) - 1)])
        return order[min(skips, len(order) - 1)]

    def _end_turn(self, seat, skips=0, replay=False):
        """The turn passes to the next seat still in the game, `skips` players later
        (A11), or `seat` plays again (A15)."""
        if replay:
            next_seat = seat
        elif skips or self.finished:
            next_seat = self._next_seat(seat, skips)
        else:                                   # the common case: the next seat round
            next_seat = (seat + 1) % self.players
        self.turn_no += 1
        self.replay = replay
        if self.turn_no >= TURN_LIMIT:                            # A24
            self.emit("turn_limit", None, detail=self.turn_no)
            self._finish()
            return
        self.current_player = next_seat
        self.emit("turn", next_seat, detail=self.turn_no)

    def _finish(self):
        """Game over: by a player going out (or the last but one, with play_to_last),
        or by the turn limit (fewest cards held)."""
        counts = self.scores()
        winners = list(self.finished[:1])
        if not winners:
            fewest = min(counts)
            winners = [s for s in range(self.players) if counts[s] == fewest]
        if self.setup.play_to_last:          # the ranking: finishing order, then fewest cards
            rest = [s for s in range(self.players) if s not in self.finished]
            self.finished = self.finished + sorted(rest, key=counts.__getitem__)
        self._end(winners)

    def scores(self):
        """Cards each seat still holds in hand, face up and face down; lower is better."""
        return [len(self.hands[s]) + len(self.faceup[s]) + len(self.facedown[s])
                for s in range(self.players)]

    # ---- views and saves ----------------------------------------------------------------
    def _zones(self):
        faceup_vis = OWNER if self.step == CHOOSE else PUBLIC    # A4: secret until revealed
        zones = [ZoneSpec("draw", "Stock", None, self.draw_pile, HIDDEN, "pile"),
                 ZoneSpec("pile", "Play ground", None, self.pile, PUBLIC, "pile"),
                 ZoneSpec("burned", "Removed from the game", None, self.burned, PUBLIC, "stack")]
        for seat in range(self.players):
            zones.append(ZoneSpec(f"hand:{seat}", "Hand", seat, self.hands[seat], OWNER, "hand"))
            zones.append(ZoneSpec(f"faceup:{seat}", "Face-up cards", seat, self.faceup[seat],
                                  faceup_vis, "row"))
            zones.append(ZoneSpec(f"facedown:{seat}", "Face-down cards", seat,
                                  self.facedown[seat], HIDDEN, "row"))
        return zones

    def _facts(self):
        top = self.effective_top() if self.pile else None
        return {"turn_no": self.turn_no,
                "turn_limit": TURN_LIMIT, "first_player": self.first_player,
                "chosen": [self.step != CHOOSE or len(self.faceup[s]) == FACEUP
                           for s in range(self.players)],
                "effective_top": None if top is None else top.name,
                "lower_than_seven": top is not None and top.rank == "7",
                "rank_order": " ".join(self.setup.rank_order),
                "facedown_slots": [list(slots) for slots in self.facedown_slots],
                "finished": list(self.finished),
                "last_blind": None if self.last_blind is None else list(self.last_blind),
                "known_in_hand": self._known_in_hand_fact(), "replay": self.replay}

    def _resample_fields(self, view):
        """The fields from the facts; each card known to be in a hand dealt back to it."""
        super()._resample_fields(view)
        self._deal_known_in_hand(view.facts["known_in_hand"],
                                 [self.draw_pile] + self.hands + self.facedown + self.faceup)

    def _check_position(self):
        for i, slots in enumerate(self.facedown_slots):
            if slots != sorted(set(slots)) or len(slots) != len(self.facedown[i]):
                raise ValueError(f"save: state.facedown_slots[{i}]: expected increasing slots, "
                                 "one per face-down card")
            if len(self.faceup[i]) > FACEUP and self.step == CHOOSE:
                raise ValueError(f"save: state.faceup[{i}]: more than {FACEUP} face-up cards")
        if len(set(self.finished)) != len(self.finished):
            raise ValueError("save: state.finished: a seat is listed twice")
        self._check_known_in_hand()
