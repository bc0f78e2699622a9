"""Play Design, 4 downs, at the table: knocks, folds, downs won, yards lost."""
from game.core import SharedEvent
from game.four_downs.rules import STAKE_CAP, Act
from game.play_design.presenter import PlayDesign
from game.play_design.rules import round_winner
from game.presenter import Callout, Presenter, agree, begins, capital, possessive, seat_name

OTHER_SIDE = {"offense": "defense", "defense": "offense"}
# The two decks, said wherever one is named (A12 of docs/rulings/play_design.md).
DECKS = {"white": "the same 28 cards as the black deck, white backs",
         "black": "the same 28 cards as the white deck, black backs"}
SHARED_OUT = ("Places go by yards lost alone: players out with the same yards share a place, "
              "however many hands each lasted")
CARD_NOTE = ("Here only the side (OFF or DEF), the colour and the number in the corner count. "
             "The dots and the small numbers under them are for 5 possessions.")


class FourDowns(PlayDesign):
    """4 downs' words."""

    KIND_LABELS = dict(Presenter.KIND_LABELS, knock="Knock", fold="Fold", call="Call")
    EVENT_WORDS = dict(PlayDesign.EVENT_WORDS,
                       **{"pass": lambda who, d: (f"No knock from {who}: the last to knock may not knock again "
                                                  "until another player does") if d else f"{who} passed"},
                       phase=lambda who, d: begins(f"Hand {d['hand']}" if "hand" in d
                                                          else f"Down {d['down']} of {d['downs']}"),
                       round_won=lambda who, d: f"{who} won down {d}",
                       score=lambda who, d: f"{who} has lost {d} yards in all",
                       knock=lambda who, d: f"{who} knocked: the stake is {d}",
                       fold=lambda who, d: f"{who} folded and loses {d} yards",
                       shuffle=lambda who, d: f"{who} shuffled the {d} deck ({DECKS[d]})" if d in DECKS
                       else f"{who} shuffled")
    TOASTS = Presenter.TOASTS | {Act.KNOCK, Act.FOLD, Act.CALL}
    STATUS_EVENTS = frozenset({"out", Act.FOLD})
    BOLD = frozenset({Act.KNOCK, Act.FOLD})
    WAITS = Presenter.WAITS | {"round_won"}
    MOVE_WORDS = {("played", "used"): None, ("hand", Presenter.DRAW_PILE): None,
                  ("played", Presenter.DRAW_PILE): None, ("used", Presenter.DRAW_PILE): None,
                  ("hand", "used"): None, ("hand", "played"): "{who} played {what}",
                  (Presenter.DRAW_PILE, "hand"): "{who} was dealt {dealt}"}
    FACT_LABELS = dict(Presenter.FACT_LABELS, hand="Hands played")
    SCORE_UNIT = "yards lost"
    SKIP_FACTS = Presenter.SKIP_FACTS | {"back", "round", "rounds", "stake", "fold_cost", "leader", "lead_seat",
                                         "lead_card", "last_knocker"}
    SEAT_FACTS = frozenset({"dealer", "leader", "lead_seat", "last_knocker", "hand_winner"})

    YARDS = "lost"
    YARD_MARKS = ("out", "folded")
    SHOWCASE = ("OB7", "DG5", "OO6", "DP4")

    def card_note(self, card, view=None):
        """4 downs counts a card's side, colour and number; its dots are 5 possessions': said
        in the first hand, a first time's tip (the Rules page says it for good)."""
        return CARD_NOTE if view is None or view.facts.get("hand", 1) <= 1 else ""

    def hand_result(self, view, events=()):
        """Who won the hand just ended, and the yards each player lost in it (a fold's cost,
        or the stake at its end): each score told since the hand was dealt (its phase event)
        against the last one told before (none: 0); with no `events`, no yards."""
        winner = view.facts["hand_winner"]
        if winner is None:
            return None
        dealt = max((k for k, event in enumerate(events) if event.kind == "phase"
                     and isinstance(event.detail, dict) and "hand" in event.detail), default=None)
        if dealt is None:
            return {seat: (None, seat == winner) for seat in range(view.players)}
        before = [0] * view.players
        for event in events[:dealt]:
            if event.kind == "score":
                before[event.seat] = event.detail
        return {seat: (view.facts["yards"][seat] - before[seat], seat == winner) for seat in range(view.players)}

    def hand_points(self, points, interim):
        """The yards a player lost in the hand just ended: 'lost 10 this hand'."""
        return f"lost {points} " + ("this hand" if interim else "last hand")

    def score_cards(self, view, seat, names):
        """The card `seat` played on the last down, and whether it won the down; a seat
        that then folded says so, and at whose knock: 'Won down 3, then folded at Theo's
        knock' (a down won beside a hand lost reads as a contradiction without it)."""
        facts = view.facts
        last = facts["last_round"] or {}
        played = [name for who, name in last.get("plays", []) if who == seat]
        if not played:
            return [("No card on the last down", [])]
        won = "won" if last.get("winner") == seat else "played"
        caption = f"{capital(won)} down {last.get('round')}"
        knocker = seat_name(names, facts.get("last_knocker"))
        if seat < len(facts.get("folded") or ()) and facts["folded"][seat]:
            caption += f", then folded at {possessive(knocker)} knock" if knocker else ", then folded"
        return [(caption, self.cards_named(played))]

    def down_why(self, view, names, short=False):
        """Why the last down was won, in words: 'Defense blue 7 meets Offense blue 7:
        Theo wins down 2' (same colour, the other side, a number at least the lead's:
        the highest such card wins), or the lead kept ('Nothing meets Offense blue 7 (no
        blue defense card of 7 or more): Maya wins down 2'; `short`, for a callout: why
        the nearest card missed, 'Theo's blue 7 is offense too: Maya wins down 2', see
        missed); None without a down."""
        last = view.facts["last_round"] or {}
        plays = [(seat, self.by_name.get(name)) for seat, name in last.get("plays") or ()]
        if not plays or any(card is None for _, card in plays):
            return None
        winner = last.get("winner")
        who = seat_name(names, winner)
        lead_seat, lead = plays[0]
        down = f"{who} wins down {last.get('round')}"
        if winner != lead_seat:
            card = next(card for seat, card in plays if seat == winner)
            return agree(f"{card.spoken} meets {lead.spoken}: {down}")
        if short:
            return agree(f"{self.missed(lead, plays[1:], names)}: {down}")
        return agree(f"Nothing meets {lead.spoken} (no {lead.color} {OTHER_SIDE[lead.side]} card of {lead.value} "
                     f"or more): {down}")

    @staticmethod
    def missed(lead, follows, names):
        """Why the followers' cards (`follows`: (seat, card)) left the lead unmet, short,
        by the nearest miss: the highest card of the lead's colour, on the lead's side
        ('Theo's purple 6 is offense too') or under its number ('Theo's defense purple 3
        is under 4'); none of its colour: 'Nobody else played purple'."""
        same = [(card.value, seat, card) for seat, card in follows if card.color == lead.color]
        if not same:
            return f"Nobody else played {lead.color}"
        _, seat, card = max(same, key=lambda found: found[:2])
        whose = possessive(seat_name(names, seat))
        if card.side == lead.side:
            return f"{whose} {card.color} {card.value} is {card.side} too"
        return f"{whose} {card.side} {card.color} {card.value} is under {lead.value}"

    def callout(self, event, view, names):
        """A down won says why, where its cards lie."""
        if event.kind == "round_won":
            words = self.down_why(view, names, short=True)
            if words:
                at = tuple(z.key for z in view.zones if z.key.startswith("played:") and z.count)
                return Callout(words, at, 2.0)
        return super().callout(event, view, names)

    def outcome_line(self, event, view, names, zones):
        """A down won, as it waits on the table, says why; the hand won on its last down
        (and the game, if it ends there) says why that down was won too, since the
        banner shows the newest outcome only: 'Nothing meets Offense orange 5 (...): Theo
        wins down 4 and the hand' ('..., the hand and the game')."""
        if event.kind == "round_won":
            return self.down_why(view, names) or super().outcome_line(event, view, names, zones)
        line = super().outcome_line(event, view, names, zones)
        last = view.facts["last_round"] or {}
        decided = last.get("round") == view.facts["rounds"] and last.get("winner") == view.facts["hand_winner"]
        why = decided and self.down_why(view, names)
        if event.kind == SharedEvent.HAND_OVER and why:
            return f"{why} and the hand"
        if event.kind == SharedEvent.GAME_OVER and why:         # the top bar says the game is over
            return f"{why}, the hand and the game"
        return line

    def cleared(self, view):
        """Once a down is won (and read), its cards leave the Played slots for the used
        pile, as the rules move them at the next lead (A15 of docs/rulings/play_design.md):
        the next down starts on a clear table. They lie face down there, as the rules keep
        removed cards (2, Visibility): the pile never shows a face."""
        if view.facts["step"] == "follow":
            return view
        return self.moved(view, {z.key: "used" for z in view.zones if z.key.startswith("played:") and z.cards},
                          face_down={"used"})

    def context(self, view, names):
        """The hand, the down and the stake."""
        facts = view.facts
        if view.is_over:
            return ""
        words = f"Hand {facts['hand']}"
        if facts["step"] != "deal":
            words += f", down {facts['round']} of {facts['rounds']}"
        return words

    def lead_card(self, view):
        """The card led in this down, or None."""
        lead = view.facts["lead_seat"]
        if lead is None:
            return None
        zone = next((z for z in view.zones if z.key == f"played:{lead}"), None)
        return zone.cards[0] if zone and zone.cards else None

    def instruction(self, view, names, selected):
        """Knock or pass, call or fold, lead, follow, deal."""
        facts = view.facts
        step = facts["step"]
        if step == "knock":
            return f"Knock (the stake goes to {facts['stake'] + 10} yards) or pass"
        if step == "respond":
            knocker = seat_name(names, facts["last_knocker"]) or "A player"
            return (f"{knocker} knocked: call (play on for {facts['stake']} yards) "
                    f"or fold (lose {facts['fold_cost']} yards now)")
        if step == "lead":
            return "Lead any card: the others follow its colour"
        if step == "follow":
            lead = self.lead_card(view)
            if lead is None:
                return "Follow the lead"
            return (f"Follow the {lead.spoken}: {lead.color} {OTHER_SIDE[lead.side]} if you can, "
                    f"else {lead.color}, else any card")
        if step == "deal":
            return f"You won hand {facts['hand']}: deal the next hand"
        return ""

    def waiting(self, view, seat, names):
        """Who deals, who answers a knock."""
        step = view.facts["step"]
        who = names[seat]
        if step == "deal":
            return f"{who} won hand {view.facts['hand']} and deals the next"
        if step == "respond":
            return f"{who} answers the knock: call or fold"
        return ""

    def side_facts(self, view, names):
        """The stake while a hand is played (and who may not knock: the last knocker passes
        automatically, 3.2; between hands, waiting for the deal, none: the next starts anew), the lead card and the down so far (who is winning it, once a card has taken over
        the lead), the dealer."""
        facts = view.facts
        lines = [] if facts["step"] == "deal" else [("Stake", self.stake_words(facts, names), None)]    # a hand's own
        lead = self.lead_card(view)
        following = facts["step"] == "follow"
        if lead is not None:
            lines.append(("Lead card" if following else "Last lead", f"{lead.spoken} ({names[facts['lead_seat']]})",
                          None))
            taking = self.taking(view) if following else None
            if following and self.decided(view):        # every card of the down is down: no "so far"
                seat, card = taking or (facts["lead_seat"], lead)
                lines.append(("Wins the down", f"{names[seat]} ({card.spoken})", None))
            elif taking is not None:
                lines.append(("Winning so far", f"{names[taking[0]]} ({taking[1].spoken})", None))
        for zone in view.zones:
            if zone.key.startswith("played:") and zone.cards and zone.owner != facts["lead_seat"]:
                lines.append((names[zone.owner], zone.cards[0].spoken if zone.cards[0] else "a card", None))
        won = seat_name(names, (facts["last_round"] or {}).get("winner"))
        if won and lead is not None and not following:
            lines.append(("Down won by", won, None))
        dealer = seat_name(names, facts["dealer"])
        if dealer:
            lines.append(("Dealer", dealer, None))
        return lines[:self.SIDE_FACTS]

    @staticmethod
    def decided(view):
        """Has every seat still in the hand played its card to this down (the table shows
        it decided before the next down or hand is told: walkC17 #6, 'Winning so far:
        Theo' beside 'Theo wins down 4 and the hand')?"""
        facts = view.facts
        played = {z.owner for z in view.zones if z.key.startswith("played:") and z.cards}
        return all(seat in played for seat in range(len(facts["yards"]))
                   if not facts["folded"][seat] and not facts["out"][seat])

    @staticmethod
    def taking(view):
        """While a down is followed: (seat, card) of a card that has taken over the lead
        so far, or None while the lead card itself wins (3.1d)."""
        facts = view.facts
        played = {z.owner: z.cards[0] for z in view.zones if z.key.startswith("played:") and z.cards and z.cards[0]}
        lead_seat = facts["lead_seat"]
        if lead_seat not in played:
            return None
        seats = len(facts["yards"])
        order = [(lead_seat + k) % seats for k in range(seats)]
        plays = [(seat, played[seat]) for seat in order if seat in played]
        winner = round_winner(plays)
        return None if winner == lead_seat else (winner, played[winner])

    @staticmethod
    def stake_words(facts, names):
        """The stake, and once someone has knocked this hand who passes automatically:
        '30 yards; Maya knocked last, so may not knock again until another player does',
        '100 yards, the most: nobody knocks again this hand' (3.2, A10); once the last
        down is led, the stake alone: no knock is left in the hand (a knock comes before
        a lead), and its end read with the ban beside it seemed to bar the next hand."""
        words = f"{facts['stake']} yards"
        knocker = seat_name(names, facts["last_knocker"])
        if facts["step"] == "follow" and facts["round"] >= facts["rounds"]:
            return words
        if facts["stake"] >= STAKE_CAP:
            return f"{words}, the most: nobody knocks again this hand"
        if knocker:
            return f"{words}; {knocker} knocked last, so may not knock again until another player does"
        return words

    def summary_lines(self, view, names):
        """The lines under the scores, but the dealer: at a hand's end the rules already
        name the next hand's dealer, not the one who dealt the hand the scores end; at
        the game's end, where players out share a place, that places go by yards lost
        alone (the rulebook's Scores)."""
        lines = [line for line in super().summary_lines(view, names) if not line.startswith("Dealer:")]
        out = [view.facts["yards"][seat] for seat, gone in enumerate(view.facts["out"]) if gone]
        if view.is_over and len(out) > len(set(out)):
            lines.append(SHARED_OUT)
        return lines

    def statuses(self, view):
        """A seat out of the game, or folded this hand, says so on its plate."""
        facts = view.facts
        out, folded = facts.get("out") or [], facts.get("folded") or []
        return {seat: "out" if seat < len(out) and out[seat] else "folded"
                for seat in range(view.players)
                if (seat < len(out) and out[seat]) or (seat < len(folded) and folded[seat])}

    def hand_over(self, view):
        """Which hand is over."""
        return f"Hand {view.facts['hand']} is over"

    def back_of(self, view, zone_key):
        """Every hand is dealt with one deck's back, alternating with `pd.alternate_backs`."""
        return view.facts["back"]
