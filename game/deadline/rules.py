"""Deadline's game state: the deal, the semester's schedule, turns, exchanges and exams.

Rules: Deadline's rulebook (rulebook.md). The dealer is the leader for the whole game and
starts every rotation, exchange, exam and draw-back. Three rotations of draw-and-discard
turns, each followed by a blind exchange (every student takes an unseen card from the
student to their right), lead to the Midterm, where students lay down assignments (sets
and runs) and extra credit, then draw back up to 7. Three more rotations and exchanges
lead to the Final Exam, where own assignments may also be extended. Jokers can never be
discarded; at grading each one cancels the owner's lowest completed assignment.

An exam is a sequence of small actions: `group` moves one card from the hand into the
group being built, `submit` lays it down as an assignment, `cancel_group` takes it back,
`extend` and `extra_credit` put one card on an assignment, `finish_exam` ends the turn.

What every student saw stays known: the discard pile's order (the fact `discards`: each
card in it was once its top) and the discards taken into a hand (`known_in_hand`, until
they leave it, or until an exchange takes a card from that hand, which the others cannot
tell); a sampled state (for the bots) deals them back where they are.

Piles are lists with the top card last. Grading lives in `game.deadline.grading`.

The rulings it cites by letter (A1, A2, ...) or section are docs/rulings/deadline.md.
"""
from game.core import (CARD, CARDS, FLAG, HIDDEN, KNOWN_IN_HAND, OVER, OWNER, PUBLIC, SEAT, SEATS, TOP, Action,
                       GameState, Kind, Vocabulary, ZoneSpec, choice, fact, integer, listof, optional,
                       random_order, require, require_int, scalar, seat_keys, seats_alone, shuffle,
                       swap_into, swap_to)
from game.deadline import measures
from game.deadline.grading import (JOKER, Assignment, best_seats, continued_by, first_pair, grade,
                                   group_continuations, group_kind, partner_table,
                                   rank_key, report, starters)


class Act(Vocabulary):
    """Deadline's action kinds (the Final Exam's end is also told as an event of its name)."""

    DRAW = "draw"
    DISCARD = "discard"
    TAKE = "take"
    GROUP = "group"
    SUBMIT = "submit"
    CANCEL_GROUP = "cancel_group"
    EXTEND = "extend"
    EXTRA_CREDIT = "extra_credit"
    FINISH_EXAM = "finish_exam"


HAND_SIZE = 7
MIDTERM_ROTATION = 3
FINAL_ROTATION = 6
EXAM_NAMES = {"midterm": "Midterm", "final": "Final Exam"}

DRAW_STOCK = Action(Act.DRAW, (), "stock")
DRAW_DISCARD = Action(Act.DRAW, (), "discard")
SUBMIT = Action(Act.SUBMIT)
CANCEL_GROUP = Action(Act.CANCEL_GROUP)
FINISH_EXAM = Action(Act.FINISH_EXAM)

_CARD_ACTIONS = {}   # (kind, card, argument) -> Action, built once
_ONE_CARD = {}       # (deck name, kind) -> {card: Action(kind, (card,))}
TAKES = []           # the blind picks of positions 0, 1, ...


def _card_action(kind, card, arg=None):
    """`Action(kind, (card,), arg)`, built once."""
    key = (kind, card, arg)
    action = _CARD_ACTIONS.get(key)
    if action is None:
        action = _CARD_ACTIONS[key] = Action(kind, (card,), arg)
    return action


def _one_card_actions(deck, kind):
    """{card: Action(kind, (card,))} for every card of `deck`, built once per deck."""
    key = (deck.name, kind)
    if key not in _ONE_CARD:
        _ONE_CARD[key] = {card: _card_action(kind, card) for card in deck}
    return _ONE_CARD[key]


def _takes(count):
    """The blind picks of positions 0 to count - 1."""
    while len(TAKES) < count:
        TAKES.append(Action(Act.TAKE, (), len(TAKES)))
    return TAKES[:count]


# What each action names: (number of cards, kind of argument).
_SHAPES = {Act.DRAW: (0, "pile"), Act.DISCARD: (1, None), Act.TAKE: (0, int), Act.GROUP: (1, None),
           Act.SUBMIT: (0, None), Act.CANCEL_GROUP: (0, None), Act.EXTEND: (1, int),
           Act.EXTRA_CREDIT: (1, int), Act.FINISH_EXAM: (0, None)}


def _shape_error(action):
    """Why an action is malformed (wrong number of cards or argument), or None."""
    shape = _SHAPES.get(action.kind)
    if shape is None:
        return f"Deadline has no move called {action.kind!r}"
    count, arg = shape
    name = action.kind.replace("_", " ")
    if len(action.cards) != count:
        return f"{name} takes {'one card' if count else 'no card'}"
    if arg is None and action.arg is not None:
        return f"{name} takes no choice"
    if arg is int and (isinstance(action.arg, bool) or not isinstance(action.arg, int)):
        return f"{name} needs a number"
    if arg == "pile" and action.arg not in ("stock", "discard"):
        return "draw from the draw pile (stock) or the discard pile (discard)"
    return None


def _dump_assignments(assignments):
    return [{"owner": a.owner, "cards": [c.id for c in a.cards],
             "extras": [[who, c.id] for who, c in a.extras], "exam": a.exam}
            for a in assignments]


def _load_assignments(value, where, state):
    out = []
    for i, raw in enumerate(require(value, list, where)):
        at = f"{where}[{i}]"
        require(raw, dict, at)
        owner = require_int(raw.get("owner"), f"{at}.owner", 0, state.players - 1)
        cards = state.cards_from(raw.get("cards"), f"{at}.cards")
        extras = []
        for pair in require(raw.get("extras"), list, f"{at}.extras"):
            if not isinstance(pair, list) or len(pair) != 2:
                raise ValueError(f"{at}.extras: expected [seat, card] pairs")
            who = require_int(pair[0], f"{at}.extras[].seat", 0, state.players - 1)
            extras.append((who, state.cards_from([pair[1]], f"{at}.extras[].card")[0]))
        exam = raw.get("exam")
        if exam not in EXAM_NAMES:
            raise ValueError(f"{at}.exam: {exam!r} is not midterm or final")
        out.append(Assignment(owner, cards, extras, exam, state.ace_high))
    return out


ASSIGNMENTS = Kind(lambda v: [a.copy() for a in v], _dump_assignments, _load_assignments)
POSITION = scalar(lambda v, where, state: require_int(v, where, 0, state.players))


# ---- the game ---------------------------------------------------------------------------
class State(GameState):
    """A game of Deadline in progress."""

    game_id = "deadline"
    RULES_VERSION = 1   # bump when recorded games replay differently (tests/golden)
    STEPS = ("turn", "exchange", "exam", OVER)
    FIELDS = {"leader": SEAT, "rotation": integer(1, FINAL_ROTATION),
              "turn_step": choice(("draw", "discard")), "pos": POSITION,
              "hands": listof(CARDS, SEATS), "pending": listof(CARDS, SEATS),
              "draw_pile": CARDS, "discard": CARDS, "group": CARDS, "pick_order": CARDS,
              "taken": listof(optional(CARD), SEATS), "revealed": FLAG,
              "assignments": ASSIGNMENTS, "known_in_hand": KNOWN_IN_HAND}
    FACTS = {"rotation": fact(int, field=True), "ace_high": fact(bool),
             "voluntary_submission": fact(bool), "turn_step": fact(str, None),
             "leader": fact(int, field=True), "exam": fact(str, None), "assignments": fact(list),
             "building": fact(int), "table_points": fact(list), "hand_sizes": fact(list),
             "exchange": fact(dict, None), "grades": fact(list, None), "discards": fact(list),
             "known_in_hand": fact(list),
             "exchange_taken_from_you": fact(str, private=True),
             "exchange_received": fact(str, private=True)}
    RENAMED = {1: {"step": "stage", "turn_step": "step", "group": "building"},
               2: {"group": "building"}}
    MEASURES = measures.MEASURES

    def __init__(self, info, players, options, chance, deck, cards):
        super().__init__(info, players, options, chance, deck, cards)
        self._read_options()
        self.leader = 0                                              # A6
        order = chance.deal_order(deck, self.cards)                 # top first
        dealt = HAND_SIZE * players
        if len(order) <= dealt or all(c.rank == JOKER for c in order[dealt:]):
            raise ValueError(f"a deal for {players} students needs {dealt} cards and a "
                             f"non-Joker to start the discard pile; the deck has {len(order)}")
        self.hands = [[] for _ in range(players)]
        for k in range(dealt):
            self.hands[(self.leader + k) % players].append(order[k])
        for seat in range(players):
            self.emit("move", seat, self.hands[seat], "draw", self.hand_keys[seat],
                      self.only[seat])
        self.draw_pile = order[dealt:][::-1]
        self.discard = []
        while True:                                                  # A4
            card = self.draw_pile.pop()
            self.discard.append(card)
            self.emit("move", None, (card,), "draw", "discard")
            if card.rank != JOKER:
                break
            self.discard.pop()
            self.draw_pile.insert(0, card)
            self.emit("move", None, (card,), "discard", "draw", detail="bottom")
        self.pending = [[] for _ in range(players)]
        self.group = []
        self.pick_order = []
        self.taken = [None] * players
        self.revealed = False
        self.assignments = []
        self.known_in_hand = [[] for _ in range(players)]
        self._start_rotation(1)

    def _read_options(self):
        self.ace_high = self.options["deadline.ace_high"] == "on"
        self.voluntary = self.options["deadline.voluntary_submission"] == "on"
        self.discard_actions = _one_card_actions(self.deck, Act.DISCARD)
        self.group_actions = _one_card_actions(self.deck, Act.GROUP)
        self.partners = partner_table(self.deck, self.ace_high)
        self.continued_by = continued_by(self.deck, self.ace_high)
        self.hand_keys = seat_keys("hand", self.players)
        self.pending_keys = seat_keys("pending", self.players)
        self.only = seats_alone(self.players)
        # The cards that continue the table's assignments, {card: [assignment index]}
        # (read, never changed), found when first asked for (None: to find), then
        # replaced as the table changes (`_refit`). Set here, with the state, so that
        # every state has the same attributes (see `GameState.keep_no_events`).
        self._continuing = None

    # ---- schedule -----------------------------------------------------------------------
    def _seat_at(self, pos):
        return (self.leader + pos) % self.players

    def _start_rotation(self, rotation):
        self.rotation = rotation
        self.step = "turn"
        self.turn_step = "draw"
        self.pos = 0
        self.current_player = self.leader
        self.emit("phase", None, detail=self._phase())
        self.emit("turn", self.current_player, detail="draw")

    def _start_exchange(self):
        self.step = "exchange"
        self.pos = 0
        self.taken = [None] * self.players
        self.revealed = False
        self.emit("phase", None, detail=self._phase())
        self._exchange_step()

    def _exchange_step(self):
        """Begin the next taker's blind pick, skipping takers with nothing to take (A20)."""
        while self.pos < self.players:
            taker = self._seat_at(self.pos)
            victim = (taker - 1) % self.players
            hand = self.hands[victim]
            if hand:
                self.pick_order = random_order(self.rng, hand)
                self.current_player = taker
                self.emit("turn", taker, detail="exchange")
                return
            self.emit("skip", taker, detail="nothing to take")
            self.pos += 1
        self.pick_order = []
        for pos in range(self.players):                              # the reveal
            seat = self._seat_at(pos)
            if self.pending[seat]:
                card = self.pending[seat].pop()
                self.hands[seat].append(card)
                self.emit("move", seat, (card,), self.pending_keys[seat], self.hand_keys[seat],
                          self.only[seat])
        self.revealed = True
        if self.rotation in (MIDTERM_ROTATION, FINAL_ROTATION):
            self._start_exam()
        else:
            self._start_rotation(self.rotation + 1)

    def _start_exam(self):
        self.step = "exam"
        self.pos = 0
        self.group = []
        self.current_player = self.leader
        self.emit("phase", None, detail=self._phase())
        self.emit("turn", self.current_player, detail="exam")

    def _exam(self):
        return "midterm" if self.rotation == MIDTERM_ROTATION else "final"

    def _draw_back(self):
        """From the leader on, each seat draws from the draw pile up to 7 (A18)."""
        self.emit("phase", None, detail=self._phase("draw_back"))
        for pos in range(self.players):
            seat = self._seat_at(pos)
            hand = self.hands[seat]
            while len(hand) < HAND_SIZE:
                if not self.draw_pile:
                    if len(self.discard) < 2:
                        break
                    self._recycle(seat)
                card = self.draw_pile.pop()
                self.chance.blind_draw()
                hand.append(card)
                self.emit("move", seat, (card,), "draw", self.hand_keys[seat], self.only[seat])

    def _recycle(self, seat):
        """Every discard but the top one, shuffled, becomes the draw pile (A10)."""
        cards = self.discard[:-1]
        self.discard = self.discard[-1:]
        shuffle(self.rng, cards)
        self.draw_pile = cards
        self.emit("recycle", seat, cards, "discard", "draw", frozenset(), detail=len(cards))

    def _grade(self):
        self.emit("phase", None, detail=self._phase("grading"))
        totals = self.scores()
        for seat, total in enumerate(totals):
            key = self.hand_keys[seat]
            self.emit("reveal", seat, self.hands[seat], key, key)
            self.emit("score", seat, detail=total)
        self._end(best_seats(totals), totals)

    # ---- rules --------------------------------------------------------------------------
    def _legal_actions(self):
        seat = self.current_player
        hand = self.hands[seat]
        if self.step == "turn":
            if self.turn_step == "draw":
                acts = []
                if self.draw_pile or len(self.discard) >= 2:        # A10
                    acts.append(DRAW_STOCK)
                if self.discard:
                    acts.append(DRAW_DISCARD)
                return acts
            acts = []
            for card in hand:
                if card.rank != JOKER:              # a Joker can never be discarded
                    acts.append(self.discard_actions[card])
            return acts
        if self.step == "exchange":
            return _takes(len(self.pick_order))
        return self._exam_actions(seat, hand)

    def _exam_actions(self, seat, hand):
        group = self.group
        group_actions = self.group_actions
        if group:
            if len(group) == 1:         # what pairs with the first card (2.5)
                fits = self.partners[group[0]]
            else:
                fits = set()
                for key in group_continuations(tuple(group), self.ace_high):
                    fits.update(self.continued_by.get(key, ()))
            acts = []
            for card in hand:
                if card in fits:
                    acts.append(group_actions[card])
            if len(group) >= 2:
                acts.append(SUBMIT)
            acts.append(CANCEL_GROUP)
        else:
            startable = starters(hand, self.partners)
            acts = list(map(group_actions.__getitem__, startable))
        continuing = self._continuing_cards()
        if not continuing.keys().isdisjoint(hand):      # a card in hand continues one
            assignments = self.assignments
            final = self.rotation == FINAL_ROTATION
            found = []
            for i, card in enumerate(hand):
                if card in continuing:
                    for k in continuing[card]:
                        if final or assignments[k].owner != seat:      # A13
                            found.append((k, i))
            found.sort()        # assignment by assignment, in the hand's order
            for k, i in found:
                kind = Act.EXTEND if assignments[k].owner == seat else Act.EXTRA_CREDIT
                acts.append(_card_action(kind, hand[i], k))
        if not group and (self.voluntary or not startable):
            acts.append(FINISH_EXAM)
        return acts

    def _continuing_cards(self):
        """{card: the indexes of the assignments it continues} (2.5)."""
        if self._continuing is None:
            self._continuing = {}
            for k, assignment in enumerate(self.assignments):
                for key in assignment.fits:
                    for card in self.continued_by.get(key, ()):
                        self._continuing.setdefault(card, []).append(k)
        return self._continuing

    def _refit(self, k, before):
        """Assignment `k` is continued by its `fits` where it was by `before` (a new
        assignment: by nothing): the cards that continue the table, changed to match (in a
        new dict, as clones may share the old one; none to change before it is found)."""
        if self._continuing is None:
            return
        after = self.assignments[k].fits
        continuing = dict(self._continuing)
        for key in before - after:
            for card in self.continued_by.get(key, ()):
                rest = [j for j in continuing[card] if j != k]
                if rest:
                    continuing[card] = rest
                else:
                    del continuing[card]
        for key in after - before:
            for card in self.continued_by.get(key, ()):
                continuing[card] = continuing.get(card, []) + [k]
        self._continuing = continuing

    def why_illegal(self, action):
        if self.is_over:
            return "the game is over"
        shape = _shape_error(action)
        if shape:
            return shape
        seat = self.current_player
        hand = self.hands[seat]
        kind = action.kind
        card = action.cards[0] if len(action.cards) == 1 else None
        if self.step == "turn":
            if kind == Act.DRAW:
                if self.turn_step != "draw":
                    return "you have already drawn this turn: discard a card"
                if action.arg == "stock":
                    return ("the draw pile is empty and the discard pile cannot refill it: "
                            "take the top discard")
                return "draw from the draw pile (stock) or the discard pile (discard)"
            if kind == Act.DISCARD:
                if self.turn_step != "discard":
                    return "draw a card before you discard"
                if card is None or card not in hand:
                    return "you can only discard one card from your own hand"
                if card.rank == JOKER:
                    return "a Joker can never be discarded"
            return "on your turn, draw one card, then discard one"
        if self.step == "exchange":
            if kind == Act.TAKE:
                return "click one of the cards of the student to your right to take it"
            return "the exchange is on: take a card from the student to your right"
        return self._why_illegal_exam(action, seat, hand, kind, card)

    def _why_illegal_exam(self, action, seat, hand, kind, card):
        exam = EXAM_NAMES[self._exam()]
        if kind in (Act.GROUP, Act.EXTEND, Act.EXTRA_CREDIT):
            if card is None or card not in hand:
                return "play one card from your own hand"
            if card.rank == JOKER:
                return "a Joker can never be part of an assignment"
        if kind == Act.GROUP:
            if self.group:
                names = ", ".join(c.spoken for c in self.group)
                return f"the {card.spoken} does not continue {names} as a set or a run"
            return f"the {card.spoken} begins no set or run with another card in your hand"
        if kind == Act.SUBMIT:
            return "an assignment needs at least 2 cards: add cards to the group first"
        if kind == Act.CANCEL_GROUP:
            return "you are not building a group"
        if kind in (Act.EXTEND, Act.EXTRA_CREDIT):
            k = action.arg
            if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(self.assignments):
                return "there is no such assignment"
            assignment = self.assignments[k]
            if kind == Act.EXTEND:
                if assignment.owner != seat:
                    return "you can only extend your own assignments; play extra credit on others'"
                if self.rotation != FINAL_ROTATION:
                    return "you must wait until the Final Exam to play on existing assignments"
            elif assignment.owner == seat:
                return ("extra credit goes on another student's assignment; "
                        "extend your own at the Final Exam")
            names = ", ".join(c.spoken for c in assignment.group())
            return f"the {card.spoken} does not continue the assignment {names}"
        if kind == Act.FINISH_EXAM:
            if self.group:
                return "submit the group you are building, or take it back, first"
            a, b = first_pair(hand, self.ace_high)
            return (f"you must submit every assignment you can: the {a.spoken} and the {b.spoken} "
                    "still begin a set or a run")
        return (f"it is the {exam}: build and submit assignments, add extra credit, "
                "then finish your exam")

    def _apply(self, action):
        seat = self.current_player
        kind = action.kind
        hand = self.hands[seat]
        if kind == Act.DRAW:
            if action.arg == "stock":
                if not self.draw_pile:
                    self._recycle(seat)
                card = self.draw_pile.pop()
                self.chance.blind_draw()
                self.emit("move", seat, (card,), "draw", self.hand_keys[seat], self.only[seat])
            else:
                card = self.discard.pop()
                self.emit("move", seat, (card,), "discard", self.hand_keys[seat])
                self._seen_into_hand(seat, (card,))
            hand.append(card)
            self.turn_step = "discard"
        elif kind == Act.DISCARD:
            card = action.cards[0]
            hand.remove(card)
            self._left_hand(seat, (card,))
            self.discard.append(card)
            self.emit("move", seat, (card,), self.hand_keys[seat], "discard")
            self.pos += 1
            self.turn_step = "draw"
            if self.pos == self.players:
                self._start_exchange()
            else:
                self.current_player = self._seat_at(self.pos)
                self.emit("turn", self.current_player, detail="draw")
        elif kind == Act.TAKE:
            victim = (seat - 1) % self.players
            card = self.pick_order[action.arg]
            self.chance.blind_draw()
            self.hands[victim].remove(card)
            self._left_hand(victim)                 # the others cannot tell which card went
            self.pending[seat].append(card)
            self.taken[seat] = card
            self.emit("move", seat, (card,), self.hand_keys[victim], self.pending_keys[seat],
                      self.only[victim], detail=action.arg)
            self.pos += 1
            self._exchange_step()
        elif kind == Act.GROUP:
            card = action.cards[0]
            hand.remove(card)
            self._left_hand(seat, (card,))
            self.group.append(card)
            self.emit("move", seat, (card,), self.hand_keys[seat], "group", self.only[seat])
        elif kind == Act.CANCEL_GROUP:
            hand.extend(self.group)
            self.emit("move", seat, self.group, "group", self.hand_keys[seat], self.only[seat])
            self.group = []
        elif kind == Act.SUBMIT:
            cards = sorted(self.group, key=rank_key(self.ace_high))
            self.assignments.append(Assignment(seat, cards, (), self._exam(), self.ace_high))
            self._refit(len(self.assignments) - 1, frozenset())
            self.group = []
            self.emit("move", seat, cards, "group", f"assignment:{len(self.assignments) - 1}")
        elif kind == Act.EXTEND:
            card = action.cards[0]
            assignment = self.assignments[action.arg]
            hand.remove(card)
            self._left_hand(seat, (card,))
            fits = assignment.fits
            assignment.add(card)
            self._refit(action.arg, fits)
            self.emit("move", seat, (card,), self.hand_keys[seat], f"assignment:{action.arg}")
        elif kind == Act.EXTRA_CREDIT:
            card = action.cards[0]
            hand.remove(card)
            self._left_hand(seat, (card,))
            assignment = self.assignments[action.arg]
            fits = assignment.fits
            assignment.add_extra(seat, card)
            self._refit(action.arg, fits)
            self.emit("move", seat, (card,), self.hand_keys[seat], f"extra:{action.arg}")
        else:                                                        # finish_exam
            self.emit(Act.FINISH_EXAM, seat)
            self.pos += 1
            if self.pos < self.players:
                self.current_player = self._seat_at(self.pos)
                self.emit("turn", self.current_player, detail="exam")
            elif self.rotation == MIDTERM_ROTATION:
                self._draw_back()
                self._start_rotation(MIDTERM_ROTATION + 1)
            else:
                self._grade()

    # ---- scores -------------------------------------------------------------------------
    def _held(self, seat):
        """The cards `seat` would be graded on in hand now (its group being built too)."""
        held = self.hands[seat] + self.pending[seat]
        if self.step == "exam" and seat == self.current_player:
            held = held + self.group
        return held

    def scores(self):
        """The total each seat would get if the table were graded now (2.6)."""
        hands = [self._held(seat) for seat in range(self.players)]
        return grade(self.players, hands, self.assignments, self.ace_high)

    def _view_scores(self, seat):
        """Until grading: `seat`'s own total (its pending exchange card left out) and the
        others' table points; the full grades once the game is over."""
        if self.is_over:
            return self.scores()
        hands = [[] for _ in range(self.players)]
        if isinstance(seat, int) and 0 <= seat < self.players:
            hands[seat] = [c for c in self._held(seat) if c not in self.pending[seat]]
        return grade(self.players, hands, self.assignments, self.ace_high)

    # ---- views and saves ----------------------------------------------------------------
    def _phase(self, phase=None):
        """Where the semester stands, for the `phase` event: the step (or `phase`, the
        draw-back or the grading) and the rotation."""
        return {"phase": phase or self.step, "rotation": self.rotation}

    def _zones(self):
        hand_vis = PUBLIC if self.is_over else OWNER
        zones = [ZoneSpec("draw", "Draw pile", None, self.draw_pile, HIDDEN, "pile"),
                 ZoneSpec("discard", "Discard pile", None, self.discard, TOP, "pile")]
        for seat in range(self.players):
            zones.append(ZoneSpec(f"hand:{seat}", "Hand", seat, self.hands[seat], hand_vis, "hand"))
            zones.append(ZoneSpec(f"pending:{seat}", "Exchange card", seat, self.pending[seat],
                                  HIDDEN, "stack"))
        builder = self.current_player if self.step == "exam" else None
        zones.append(ZoneSpec("group", "Assignment being built", builder, self.group,
                              OWNER, "row"))
        for k, assignment in enumerate(self.assignments):
            zones.append(ZoneSpec(f"assignment:{k}", "Assignment", assignment.owner,
                                  assignment.cards, PUBLIC, "row"))
            zones.append(ZoneSpec(f"extra:{k}", "Extra credit", None,
                                  [card for _, card in assignment.extras], PUBLIC, "row"))
        return zones

    def _facts(self):
        ace_high = self.ace_high
        table = []
        for k, a in enumerate(self.assignments):
            table.append({"index": k, "owner": a.owner, "exam": a.exam,
                          "cards": [c.name for c in a.cards],
                          "extra_credit": [[who, c.name] for who, c in a.extras],
                          "kind": group_kind(a.group(), ace_high),
                          "completed": a.completed,
                          "value": a.value(ace_high) if a.completed else 2})
        empty = [[] for _ in range(self.players)]
        facts = {"rotation": self.rotation,
                 "ace_high": ace_high, "voluntary_submission": self.voluntary,
                 "turn_step": self.turn_step if self.step == "turn" else None,
                 "leader": self.leader,
                 "exam": self._exam() if self.step == "exam" else None,
                 "assignments": table, "building": len(self.group),
                 "table_points": grade(self.players, empty, self.assignments, ace_high),
                 "hand_sizes": [len(hand) for hand in self.hands],
                 "exchange": None, "grades": None,
                 "discards": [card.name for card in self.discard],
                 "known_in_hand": self._known_in_hand_fact()}
        if self.step == "exchange":
            taker = self.current_player
            facts["exchange"] = {"taker": taker, "from": (taker - 1) % self.players,
                                 "positions": len(self.pick_order)}
        if self.is_over:
            hands = [self._held(seat) for seat in range(self.players)]
            facts["grades"] = report(self.players, hands, self.assignments, ace_high)
        return facts

    def _private_facts(self, seat):
        """The exchange cards `seat` knows: the one taken from it, and (after the reveal)
        the one it received (A22)."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return {}
        facts = {}
        lost = self.taken[(seat + 1) % self.players]
        if lost is not None:
            facts["exchange_taken_from_you"] = lost.name
        got = self.taken[seat]
        if got is not None and self.revealed:
            facts["exchange_received"] = got.name
        return facts

    def _resample_fields(self, view):
        """Rebuild the assignments from the table, the schedule fields from the facts, the
        discard pile in the order every seat saw it built, the exchange cards the seat
        knows, and a fresh blind-pick order."""
        facts = view.facts
        n = self.players
        holders = [self.draw_pile, self.discard, self.group] + self.hands + self.pending
        self.assignments = []
        for row in facts["assignments"]:
            k = row["index"]
            cards = list(view.zone(f"assignment:{k}").cards)
            extra_cards = list(view.zone(f"extra:{k}").cards)
            extras = [(who, card) for (who, _), card in zip(row["extra_credit"], extra_cards)]
            self.assignments.append(Assignment(row["owner"], cards, extras, row["exam"],
                                              self.ace_high))
        self._continuing = None
        self.step = facts["step"]
        self.rotation = facts["rotation"]
        self.turn_step = facts["turn_step"] or "draw"
        self.leader = facts["leader"]
        if self.current_player is not None:
            self.pos = (self.current_player - self.leader) % n
        self.revealed = not (self.step == "exchange"
                             or (self.step == "turn" and self.rotation == 1))
        self.taken = [None] * n
        seat = view.seat
        lost_name = facts.get("exchange_taken_from_you")
        if lost_name is not None:
            right = (seat + 1) % n
            mine = set(map(id, view.zone(f"hand:{seat}").cards))
            card = next((c for c in self.deck.copies(lost_name) if id(c) not in mine), None)
            if card is not None:
                target = self.pending[right] if self.pending[right] else self.hands[right]
                swap_into(card, target, holders)
                self.taken[right] = card
        # Last: the card taken from this seat may have been discarded since.
        for spot, name in enumerate(facts["discards"]):
            swap_to(self.deck.copies(name)[0], self.discard, spot, holders)
        self._deal_known_in_hand(facts["known_in_hand"], holders)
        got_name = facts.get("exchange_received")
        if got_name is not None:
            seen = [c for z in view.zones for c in z.cards if c is not None and c.name == got_name]
            self.taken[seat] = seen[0] if seen else self.deck.copies(got_name)[0]
        self.pick_order = []
        if self.step == "exchange" and self.current_player is not None:
            victim = self.hands[(self.current_player - 1) % n]
            self.pick_order = random_order(self.rng, victim)

    def _check_position(self):
        """Cross-field checks of a loaded state."""
        self._check_known_in_hand()
        if any(len(p) > 1 for p in self.pending):
            raise ValueError("save: state.pending: a student holds at most one exchange card")
        for i, assignment in enumerate(self.assignments):
            if (len(assignment.cards) < 2
                    or not group_kind(assignment.group(), self.ace_high)):
                raise ValueError(f"save: state.assignments[{i}]: the cards are not a valid "
                                 "set or run")
        if not self.is_over and (self.pos == self.players
                                 or self.current_player != self._seat_at(self.pos)):
            raise ValueError("save: current_player does not match state.pos and state.leader")
        if not self.discard and not (self.step == "turn" and self.turn_step == "discard"):
            raise ValueError("save: state.discard: empty outside a turn's discard")
        if self.group and self.step != "exam":
            raise ValueError("save: state.group: a group is built only during an exam")
        if self.step == "exam" and self.rotation not in (MIDTERM_ROTATION, FINAL_ROTATION):
            raise ValueError("save: state.rotation: exams follow rotations 3 and 6 only")
        if self.step == "exchange":
            victim = (self.current_player - 1) % self.players
            if sorted(self.ids(self.pick_order)) != sorted(self.ids(self.hands[victim])):
                raise ValueError("save: state.pick_order: not an order of the victim's hand")
        elif self.pick_order:
            raise ValueError("save: state.pick_order: set only during an exchange")
        if self.step in ("turn", "exam") and any(self.pending):
            raise ValueError("save: state.pending: exchange cards outside an exchange")
