"""Final Card-Down: an Uno-like shedding game on the 800-card hex deck.

Rules: Final Card-Down's rulebook (rulebook.md). A turn is one play, one voluntary draw or
the full penalty draw, then an explicit end of turn. 2s stack (only unanswered 2s
count), A skips the next seat, D declares the next colour, 0 plays on anything. The
discard pile is recycled in order (not shuffled) when a draw needs it. The first
player to play their last card wins; a draw from nothing ends the game with no winner.

Piles are lists with the top card last. Scores are the points left in each hand.

The rulings it cites by letter (A1, A2, ...) or section are docs/rulings/final_card_down.md.
"""
from collections import Counter
from game.cards import HEX_COLORS
from game.core import (CARD, CARDS, FLAG, HIDDEN, OVER, OWNER, PUBLIC, SEATS, Action, GameState, SharedAct,
                       SharedEvent, Vocabulary, ZoneSpec, choice, fact, integer, listof, optional)
from game.measures import Measures


class Act(Vocabulary):
    """Final Card-Down's action kinds."""

    PLAY = "play"
    DRAW = "draw"
    END_TURN = SharedAct.END_TURN


HAND_SIZE = 7
TURN_LIMIT = 2000   # App safeguard A22

DRAW = Action(Act.DRAW)
END_TURN = Action(Act.END_TURN)

_PLAY_ACTIONS = {}   # deck name -> [actions per card id]


def _play_actions(deck):
    """The play actions of every card of `deck`, built once (a D has one per colour)."""
    table = _PLAY_ACTIONS.get(deck.name)
    if table is None:
        table = []
        for card in deck:
            if card.rank == "D":
                table.append(tuple(Action(Act.PLAY, (card,), color) for color in HEX_COLORS))
            else:
                table.append((Action(Act.PLAY, (card,)),))
        _PLAY_ACTIONS[deck.name] = table
    return table


def _fcd_game(state):
    """Final Card-Down: 2-stacks (a 2 answered by another 2), their longest run, colour
    declarations and recycles of the discard pile."""
    stacks = longest = run = 0
    for event in state.events:
        if event.kind == SharedEvent.MOVE and event.dst == "discard" and event.src.startswith("hand:"):
            if event.cards[0].rank == "2":
                run += 1
                if run == 2:
                    stacks += 1
                longest = max(longest, run)
            else:
                run = 0
        elif event.kind == SharedEvent.MOVE and event.src == "draw" and event.dst.startswith("hand:"):
            run = 0
    declared = Counter(event.detail for event in state.events if event.kind == "declare")
    recycles = sum(event.kind == SharedEvent.RECYCLE for event in state.events)
    return ({"2-stacks": stacks, "longest 2-stack": longest,
             "colours declared": sum(declared.values()), "recycles": recycles},
            {"declared colour": dict(declared)})


class State(GameState):
    """A game of Final Card-Down in progress."""

    game_id = "final_card_down"
    RULES_VERSION = 1   # bump when recorded games replay differently (tests/golden)
    STEPS = ("play", OVER)
    FIELDS = {"hands": listof(CARDS, SEATS), "discard": CARDS, "draw_pile": CARDS,
              "turn": integer(0, TURN_LIMIT), "played_this_turn": FLAG,
              "draws_this_turn": integer(0, 2 * 800),
              "last_drawn": optional(CARD), "active_twos": integer(0, 800),
              "color": choice(HEX_COLORS, "a colour of the deck"), "skip_pending": FLAG}
    FACTS = {"turn": fact(int, field=True), "color": fact(str, field=True),
             "active_twos": fact(int, field=True), "cards_owed": fact(int),
             "played_this_turn": fact(bool, field=True), "draws_this_turn": fact(int, field=True),
             "skip_pending": fact(bool, field=True), "blocked": fact(bool)}
    RENAMED = {version: {"turn": "turn_no", "played_this_turn": "played",
                         "draws_this_turn": "draws"} for version in (1, 2)}
    MEASURES = Measures(
        seat_events={"colours declared": ("declare",), "skipped": ("skip",)},
        game=_fcd_game,
        no_winner={"blocked": "no winner: nothing left to draw (A18)"},
        limits={"turn_limit": "turn limit of 2000 turns (A22)"})

    def __init__(self, info, players, options, chance, deck, cards):
        super().__init__(info, players, options, chance, deck, cards)
        self._read_options()
        order = chance.deal_order(deck, self.cards)   # top first
        if len(order) < HAND_SIZE * players + 1:
            raise ValueError(f"a deal for {players} players needs {HAND_SIZE * players + 1} "
                             f"cards; the stacked deck has {len(order)}")
        self.hands = [order[seat:HAND_SIZE * players:players] for seat in range(players)]
        first = order[HAND_SIZE * players]
        self.discard = [first]
        self.draw_pile = order[HAND_SIZE * players + 1:][::-1]
        self.turn = 0
        self.played_this_turn = False
        self.draws_this_turn = 0
        self.last_drawn = None
        self.active_twos = 1 if first.rank == "2" else 0            # A14
        self.color = first.color
        self.skip_pending = False
        self.step = "play"
        self.current_player = 1 % players if first.rank == "A" else 0   # A15
        for seat in range(players):
            self.emit("move", seat, self.hands[seat], "draw", f"hand:{seat}",
                      frozenset((seat,)))
        self.emit("move", None, [first], "draw", "discard")
        if first.rank == "A":
            self.emit("skip", 0)

    # ---- rules ----------------------------------------------------------------------
    def _legal_actions(self):
        hand = self.hands[self.current_player]
        acts = []
        if not self.played_this_turn:
            table = _play_actions(self.deck)
            seen = set()
            if self.active_twos:
                if not self.draws_this_turn:
                    for card in hand:
                        if card.rank == "2" and card.name not in seen:
                            seen.add(card.name)
                            acts.extend(table[card.id])
                if self.draws_this_turn < 2 * self.active_twos:
                    acts.append(DRAW)
            else:
                candidates = ()
                if not self.draws_this_turn:
                    candidates = hand
                    acts_draw = True
                else:
                    acts_draw = False
                    if self.play_after_draw == "any":
                        candidates = hand
                    elif self.play_after_draw == "drawn_only":
                        candidates = (self.last_drawn,)
                if candidates:
                    top = self.discard[-1]
                    value, suit, color = top.value, top.suit, self.color
                    for card in candidates:
                        if ((card.value == 0 or card.value == value or card.suit == suit
                             or card.color == color) and card.name not in seen):
                            seen.add(card.name)
                            acts.extend(table[card.id])
                if acts_draw:
                    acts.append(DRAW)
        if self._may_end():
            acts.append(END_TURN)
        return acts

    def _may_end(self):
        if self.played_this_turn:
            return True
        if self.active_twos:
            return self.draws_this_turn == 2 * self.active_twos
        return self.draws_this_turn == 1

    def why_illegal(self, action):
        if self.is_over:
            return "the game is over"
        seat = self.current_player
        if action.kind == Act.PLAY:
            card = action.cards[0] if len(action.cards) == 1 else None
            if card is None or card not in self.hands[seat]:
                return "you can only play a card from your own hand"
            if self.played_this_turn:
                return "you have already played a card this turn"
            if card.rank != "D" and action.arg is not None:
                return "only a D declares a colour"
            if action.arg is not None and action.arg not in HEX_COLORS:
                return f"{action.arg} is not a colour of the deck"
            if self.active_twos:
                if self.draws_this_turn:
                    return "once you start drawing the penalty you cannot play"
                facing = "a 2" if self.active_twos == 1 else f"{self.active_twos} 2s"
                return f"facing {facing} you must play a 2 or draw {2 * self.active_twos} cards"
            if self.draws_this_turn and self.play_after_draw == "none":
                return "you cannot play after drawing; end your turn"
            if self.draws_this_turn and self.play_after_draw == "drawn_only" and card is not self.last_drawn:
                return "after drawing you may play only the card you drew"
            top = self.discard[-1]
            matches = card.value == 0 or card.value == top.value or card.suit == top.suit or card.color == self.color
            if matches and card.rank == "D" and action.arg is None:
                return "a D must declare a colour"      # asked last: the card itself may be played
            return (f"{card.spoken} does not match the {top.spoken} on the pile "
                    f"(value, suit or the colour {self.color}); a 0 matches anything")
        if action.kind == Act.DRAW:
            if self.played_this_turn:
                return "you cannot draw after playing a card"
            if self.active_twos:
                return f"you have drawn the full penalty of {2 * self.active_twos} cards"
            return "you may draw only one card a turn"
        if action.kind == Act.END_TURN:
            if self.active_twos:
                return (f"play a 2 or draw all {2 * self.active_twos} penalty cards "
                        "before ending your turn")
            return "play a card or draw one before ending your turn"
        return super().why_illegal(action)

    def _apply(self, action):
        seat = self.current_player
        kind = action.kind
        if kind == Act.PLAY:
            card = action.cards[0]
            self.hands[seat].remove(card)
            self.discard.append(card)
            self.played_this_turn = True
            self.emit("move", seat, (card,), f"hand:{seat}", "discard")
            if not self.hands[seat]:                                 # A19
                self._end([seat])
                return
            if card.rank == "2":
                self.active_twos += 1
            if card.rank == "D":
                self.color = action.arg
                self.emit("declare", seat, detail=action.arg)
            else:
                self.color = card.color
            if card.rank == "A":
                self.skip_pending = True
        elif kind == Act.DRAW:
            if not self.draw_pile:
                if len(self.discard) <= 1:                           # A18: blocked end
                    self.emit("blocked", seat)
                    self._end([])
                    return
                self.draw_pile = self.discard[-2::-1]                # A17: d0 on top
                self.discard = self.discard[-1:]
                self.emit("recycle", seat, detail=len(self.draw_pile))
            card = self.draw_pile.pop()
            self.hands[seat].append(card)
            self.draws_this_turn += 1
            self.last_drawn = card
            self.emit("move", seat, (card,), "draw", f"hand:{seat}", frozenset((seat,)))
        else:
            if self.active_twos and not self.played_this_turn:
                self.active_twos = 0
            step = 2 if self.skip_pending else 1
            if self.skip_pending:
                self.emit("skip", (seat + 1) % self.players)
            self.current_player = (seat + step) % self.players
            self.turn += 1
            self.played_this_turn = False
            self.draws_this_turn = 0
            self.last_drawn = None
            self.skip_pending = False
            self.emit("turn", self.current_player, detail=self.turn)
            if self.turn >= TURN_LIMIT:                           # A22
                self.emit("turn_limit", None)
                self._end([])

    def scores(self):
        """Points left in each hand (the hex values); lower is better."""
        return [sum(card.value for card in hand) for hand in self.hands]

    def _view_scores(self, seat):
        """Hands are private: until the end a seat knows only its own points."""
        scores = self.scores()
        if self.is_over:
            return scores
        return [points if s == seat else None for s, points in enumerate(scores)]

    # ---- views and saves ----------------------------------------------------------------
    def _zones(self):
        zones = [ZoneSpec("draw", "Draw pile", None, self.draw_pile, HIDDEN, "pile"),
                 ZoneSpec("discard", "Discard pile", None, self.discard, PUBLIC, "pile")]
        zones += [ZoneSpec(f"hand:{seat}", "Hand", seat, hand, OWNER, "hand")
                  for seat, hand in enumerate(self.hands)]
        return zones

    def _facts(self):
        owed = 0
        if self.active_twos and not self.played_this_turn:
            owed = 2 * self.active_twos - self.draws_this_turn
        return {"turn": self.turn, "color": self.color, "active_twos": self.active_twos,
                "cards_owed": owed, "played_this_turn": self.played_this_turn,
                "draws_this_turn": self.draws_this_turn, "skip_pending": self.skip_pending,
                "blocked": self.is_over and not self.winner_seats}

    def _read_options(self):
        self.play_after_draw = self.options["fcd.play_after_draw"]

    def _check_position(self):
        if not self.discard:
            raise ValueError("save: state.discard: the discard pile is never empty")

    def _resample_fields(self, view):
        """The turn fields from the facts, and the card just drawn."""
        super()._resample_fields(view)
        self.last_drawn = None
        seat = self.current_player
        if self.draws_this_turn and seat is not None and seat == view.seat and self.hands[seat]:
            self.last_drawn = self.hands[seat][-1]
