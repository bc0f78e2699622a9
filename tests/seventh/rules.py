"""High Card: each player plays one card a round; the highest card wins the round.

Every player is dealt 10 cards from the 52-card deck, and 10 rounds are played. The
leader (the first player, then the winner of the last round) plays any card face up,
then each other player in turn plays one. The highest rank wins the round (an ace is
high, or low with the house rule `high_card.ace=low`); of equal ranks, the one played
first wins. The round's cards leave the table. Whoever wins the most rounds wins the
game; a tie shares the win. Scores are rounds won.
"""
from game.core import (CARDS, HIDDEN, OVER, OWNER, PUBLIC, SEAT, SEATS, Action, GameState, Vocabulary,
                       ZoneSpec, fact, integer, listof)


class Act(Vocabulary):
    """High Card's action kinds."""

    PLAY = "play"


ROUNDS = 10


class State(GameState):
    """A game of High Card in progress."""

    game_id = "high_card"
    RULES_VERSION = 1
    STEPS = ("play", OVER)
    FIELDS = {"hands": listof(CARDS, SEATS), "played": listof(CARDS, SEATS),
              "draw_pile": CARDS, "taken": CARDS, "round": integer(1, ROUNDS),
              "leader": SEAT, "rounds_won": listof(integer(0, ROUNDS), SEATS)}
    FACTS = {"round": fact(int, field=True), "rounds": fact(int), "leader": fact(int, field=True),
             "best": fact(str, None), "rounds_won": fact(list, field=True)}

    def __init__(self, info, players, options, chance, deck, cards):
        super().__init__(info, players, options, chance, deck, cards)
        self._read_options()
        order = chance.deal_order(deck, self.cards)
        if len(order) < ROUNDS * players:
            raise ValueError(f"a deal for {players} players needs {ROUNDS * players} cards; "
                             f"the stacked deck has {len(order)}")
        self.hands = [order[seat:ROUNDS * players:players] for seat in range(players)]
        self.draw_pile = order[ROUNDS * players:][::-1]
        self.played = [[] for _ in range(players)]
        self.taken = []
        self.round = 1
        self.leader = 0
        self.rounds_won = [0] * players
        self.step = "play"
        self.current_player = 0
        for seat in range(players):
            self.emit("move", seat, self.hands[seat], "draw", f"hand:{seat}", frozenset((seat,)))

    def _read_options(self):
        self.ace_low = self.options["high_card.ace"] == "low"

    def rank(self, card):
        """How high `card` is: 2 lowest, the ace highest (or lowest with ace low)."""
        return card.value if card.value > 1 or self.ace_low else 14

    def _order(self):
        """The seats in playing order this round, the leader first."""
        return [(self.leader + k) % self.players for k in range(self.players)]

    def best(self):
        """The seat whose card now wins the round (None before the lead)."""
        best = None
        for seat in self._order():
            if self.played[seat] and (best is None or self.rank(self.played[seat][0])
                                      > self.rank(self.played[best][0])):
                best = seat
        return best

    def _legal_actions(self):
        return [Action(Act.PLAY, (card,)) for card in self.hands[self.current_player]]

    def why_illegal(self, action):
        if not self.is_over and action.kind == Act.PLAY:
            return "play one card from your own hand"
        return super().why_illegal(action)

    def _apply(self, action):
        seat = self.current_player
        card = action.cards[0]
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        self.emit("move", seat, (card,), f"hand:{seat}", f"played:{seat}")
        order = self._order()
        if seat != order[-1]:
            self.current_player = order[order.index(seat) + 1]
            return
        winner = self.best()
        self.rounds_won[winner] += 1
        self.emit("round_won", winner, detail=self.round)
        for other in order:
            self.emit("move", other, self.played[other], f"played:{other}", "taken")
            self.taken.extend(self.played[other])
            self.played[other].clear()
        if self.round == ROUNDS:
            most = max(self.rounds_won)
            self._end(s for s, won in enumerate(self.rounds_won) if won == most)
            return
        self.round += 1
        self.leader = self.current_player = winner
        self.emit("turn", winner, detail=self.round)

    def scores(self):
        """Rounds won by each player."""
        return list(self.rounds_won)

    def _zones(self):
        zones = [ZoneSpec("draw", "Cards not dealt", None, self.draw_pile, HIDDEN, "pile"),
                 ZoneSpec("taken", "Rounds played", None, self.taken, PUBLIC, "pile")]
        for seat in range(self.players):
            zones.append(ZoneSpec(f"hand:{seat}", "Hand", seat, self.hands[seat], OWNER, "hand"))
            zones.append(ZoneSpec(f"played:{seat}", "Played", seat, self.played[seat], PUBLIC,
                                  "row"))
        return zones

    def _facts(self):
        best = self.best()
        return {"round": self.round, "rounds": ROUNDS, "leader": self.leader,
                "best": None if best is None else self.played[best][0].name,
                "rounds_won": list(self.rounds_won)}

    def _check_position(self):
        if any(len(cards) > 1 for cards in self.played):
            raise ValueError("save: state.played: a player plays one card a round")
