"""KTU at the table: the pile, the burns, blind plays; who went out in which place (the
rulings it cites: docs/rulings/ktu.md)."""
from game.core import Facts, SharedEvent, fact
from game.ktu.rules import Act
from game.presenter import Callout, Presenter, agree, begins, capital, cards_phrase, ordinal, plural, possessive, seat_name

WILD = ("2", "3", "10")      # play on anything
STEP_WORDS = {"choose": "Choosing face-up cards", "play": "Play"}
AGAIN = fact(str)            # the table's own fact: why the player to play plays again (turns_taken)


class Ktu(Presenter):
    """KTU's words."""

    PILE_MOVES = {"pile": ("pick_up", None)}
    KIND_LABELS = dict(Presenter.KIND_LABELS, pick_up="Take the play ground", choose_faceup="Choose face-up cards",
                       play_blind="Play blind")
    POSITION_ARGS = frozenset({Act.PLAY_BLIND})
    PICK_THEN_PLAY = frozenset({Act.PLAY, Act.CHOOSE_FACEUP})
    EVENT_WORDS = dict(Presenter.EVENT_WORDS,
                       phase=lambda who, d: begins(STEP_WORDS[d]),
                       pick_up=lambda who, d: f"{who} picked up the play ground ({plural(d, 'card')})",
                       burn=lambda who, d: f"{who} burned the play ground",
                       out=lambda who, d: f"{who} went out: no cards left")
    TOASTS = Presenter.TOASTS | {"burn", Act.PICK_UP}
    TABLE_FACTS = {"again": AGAIN}
    WAITS = Presenter.WAITS | {"blind_fail"}
    MID_MOVE = frozenset({"blind_fail"})
    NEW_STAGE = frozenset({"reveal"})   # the face-up cards turning over: everyone has chosen, play begins

    def begins_stage(self, event):
        """The face-up cards turning over begin play; a face-down card turned over blind is
        a move like any other (its pile still to be read: see MID_MOVE)."""
        return super().begins_stage(event) and str(event.src).startswith("faceup")
    MOVE_WORDS = {("pile", "hand"): None, ("pile", "burned"): None, ("facedown", "hand"): None,
                  ("faceup", "hand"): "{who} took {what} from their face-up cards into their hand",
                  ("facedown", "pile"): "{who} played {what} blind", ("hand", "faceup"): "{who} chose {what} for their face-up cards",
                  (Presenter.DRAW_PILE, "facedown"): "{who} was dealt {dealt} face down"}
    PLAY_PILES = ("pile",)
    SCORE_UNIT = "cards left"
    DEAL_SIZE = 5
    SEAT_FACTS = frozenset({"first_player"})
    TIPS = {"2": "A 2 plays on anything, and anything may be played on it",
            "3": "A 3 is see-through: the next player beats the card under it",
            "7": "After a 7 the next player must play lower (or a 2, 3 or 10)",
            "8": "An 8 skips the next player; a pair of 8s skips two",
            "10": "A 10 removes the play ground, and you play again"}
    SHOWCASE = ("5D", "2H", "3C", "7S", "10H")
    FACT_LABELS = dict(Presenter.FACT_LABELS, turn_no="Turns played", first_player="First player")
    SKIP_FACTS = Presenter.SKIP_FACTS | {"turn_limit", "effective_top", "lower_than_seven", "rank_order", "replay",
                                         "again"}

    def arranged(self, view, events):
        """The turns counted as players take them (a burn's play again is the same turn,
        though the turn limit counts it, A24 of docs/rulings/ktu.md); the removed pile with
        the cards of its last burn on top, the one that burned it last: the rules keep no
        order of burned cards (A23), but everyone saw which card burned the play ground."""
        view = self.turns_taken(view, events)
        burned = next((z for z in view.zones if z.key == "burned" and z.cards), None)
        if burned is None:
            return view
        last = next((e.cards for e in reversed(events()) if e.kind == SharedEvent.MOVE and e.dst == "burned"), ())
        ids = {c.id for c in last}
        cards = tuple(c for c in burned.cards if c.id not in ids) + tuple(c for c in last if c is not None)
        if len(cards) != burned.count:
            return view
        return view._replace(zones=tuple(z._replace(cards=cards) if z is burned else z for z in view.zones))

    @staticmethod
    def turns_taken(view, events):
        """`view` with its turn count as the players take turns: a turn given again to the
        player who just played (after a burn, A15, or 8s that skipped everyone else, A11 of
        docs/rulings/ktu.md) not counted anew; and the fact `again`, why the player to
        play plays again ('burn', 'skip', or '' for a turn of their own)."""
        repeats, why, last, burner = 0, "", None, None
        for event in events():
            if event.kind == "burn":
                burner = event.seat
            elif event.kind == "phase":
                last = None
            elif event.kind == "turn":
                why = ("burn" if event.seat == burner else "skip") if event.seat == last else ""
                repeats += bool(why)
                last, burner = event.seat, None
        facts = Facts(view.facts, view.facts.game_id, dict(view.facts.declared, **Ktu.TABLE_FACTS))
        facts["turn_no"] = max(0, view.facts["turn_no"] - repeats)
        facts["again"] = why
        return view._replace(facts=facts)

    @staticmethod
    def again(view):
        """Why the player to play in `view` plays again ('burn', 'skip'), '' if not (a
        view not arranged knows only the engine's burn, its `replay`; see turns_taken)."""
        if "again" in view.facts.declared:
            return view.facts["again"]
        return "burn" if view.facts["replay"] else ""

    @staticmethod
    def mover(events, i):
        """The seat whose play (onto the pile, from the hand or blind) came last before
        event `i` of `events` (None: none among them)."""
        return next((e.seat for e in reversed(events[:i]) if e.kind == SharedEvent.MOVE and e.dst == "pile"), None)

    def plays_again(self, events, i):
        """Does the turn after event `i` of `events` go back to the player whose play came
        just before it (a burn's play again, or 8s that skipped everyone else)? False
        where the next turn is not among `events`."""
        given = next((e.seat for e in events[i:] if e.kind == "turn"), None)
        return given is not None and given == self.mover(events, i)

    def event_kinds(self):
        """A failed blind card has words of its own (event_line)."""
        return super().event_kinds() | {"blind_fail"}

    def event_callouts(self, events, i, view, names):
        """A burn says what burned the pile (a 10, or four of a kind) and that its player
        plays again (unless they went out); a failed blind card what it did not beat."""
        event = events[i]
        if event.kind == "burn":
            burned = next((e.cards for e in reversed(events[:i]) if e.kind == SharedEvent.MOVE and e.dst == "burned"),
                          ())
            ten = burned and burned[-1] is not None and burned[-1].rank == "10"
            out = any(e.kind == "out" and e.seat == event.seat for e in events[i:])
            words = ("Burned! " if ten else "Four of a kind burned! ") + f"{seat_name(names, event.seat)} " + (
                "went out" if out else "plays again")
            return [Callout(agree(words), ("pile", "burned"), 1.5)]
        if event.kind == "skip" and self.plays_again(events, i):
            mover = seat_name(names, self.mover(events, i))
            calls = super().event_callouts(events, i, view, names)
            return [call._replace(words=agree(f"{call.words}: {mover} plays again")) for call in calls]
        if event.kind == "blind_fail" and isinstance(event.detail, dict):
            d = event.detail
            return [Callout(f"Blind {self.card_words(d['card'])} {self.not_beaten(d)}", ("pile",), 1.6)]
        return super().event_callouts(events, i, view, names)

    def not_beaten(self, detail):
        """Why a blind card turned over did not play (A19), from its event's `detail`:
        'does not beat the 9 of clubs (under the 3s)', or after a 7 'is not lower than
        the 7 of hearts' (A8: a 9 is higher, and that is why it fails)."""
        top = detail.get("top")
        if not top:
            return "does not beat the play ground"
        threes = detail.get("threes", 0)
        under = "" if not threes else f" (under the {'3' if threes == 1 else '3s'})"
        if self.rank_of(top) == "7":
            return f"is not lower than the {self.card_words(top)}{under}"
        return f"does not beat the {self.card_words(top)}{under}"

    def event_lines(self, events, names, zones):
        """The face-up cards chosen in secret are told as they turn over (A4), see
        faceup_line; a burn or a skip after which the same player plays again says so
        ('Theo burned the pile and plays again', 'Ines and Maya are skipped by the 8s:
        Theo plays again')."""
        lines = super().event_lines(events, names, zones)
        for i, (event, line) in enumerate(lines):
            if event.kind == "reveal" and not isinstance(event.detail, str):
                lines[i] = (event, self.faceup_line(event, events[:i], names))
            elif self.told_as_failed(events, i):
                lines[i] = (event, None)
            elif event.kind == "blind_fail" and isinstance(event.detail, dict):
                d = event.detail
                who = seat_name(names, event.seat)
                lines[i] = (event, f"{who} turned over the {self.card_words(d['card'])} blind: it "
                                   f"{self.not_beaten(d)}, so {who} must pick up the play ground with it "
                                   f"({plural(d.get('pile', 1), 'card')})")
            elif event.kind in ("burn", "skip") and line and self.plays_again(events, i):
                mover = seat_name(names, self.mover(events, i))
                again = " and plays again" if event.kind == "burn" else f": {mover} plays again"
                lines[i] = (event, line + again)
        return lines

    @staticmethod
    def told_as_failed(events, i):
        """Is event `i` of `events` part of a failed blind card's move, told once by the
        failure's own line: the card turned over and laid on the pile before it, the
        pile picked up after it?"""
        event = events[i]
        if event.kind in ("reveal", SharedEvent.MOVE) and event.src and event.src.startswith("facedown"):
            return any(e.kind == "blind_fail" and e.seat == event.seat for e in events[i + 1:i + 3])
        if event.kind == Act.PICK_UP:
            return any(e.kind == "blind_fail" and e.seat == event.seat for e in events[max(0, i - 2):i])
        return False

    def faceup_line(self, event, before, names):
        """Once everyone has chosen, each player's face-up cards turn over (A4): 'Theo's
        face-up cards turned over: 7 of hearts, Jack of clubs, 2 of spades'; None for
        cards the viewer saw as they were laid (their own: nothing new is shown)."""
        laid = [e for e in before if e.kind == SharedEvent.MOVE and e.dst == event.src]
        if laid and all(card is not None for e in laid for card in e.cards):
            return None
        who = seat_name(names, event.seat)
        return f"{possessive(who)} face-up cards turned over: {cards_phrase(event.cards)}"

    def event_line(self, event, names, zones):
        """A skip says it is the 8's ('Theo is skipped by the 8'). A blind card turned over
        is named by its spoken name; a failed one says what it
        did not beat and what it costs ('6 of clubs does not beat the 6 of hearts: Maya
        must pick up the pile with it (3 cards)', the count the pick-up's own line gives):
        said while the card waits on the pile, before the pile goes into the hand."""
        if event.kind == "reveal" and isinstance(event.detail, str):
            event = event._replace(detail=self.card_words(event.detail))
        if event.kind == "blind_fail" and isinstance(event.detail, dict):
            d = event.detail
            who = seat_name(names, event.seat)
            return (f"{capital(self.card_words(d['card']))} {self.not_beaten(d)}: {who} must pick up the play ground with "
                    f"it ({plural(d.get('pile', 1), 'card')})")
        line = super().event_line(event, names, zones)
        if event.kind == "skip" and line:               # only 8s skip in KTU: say so where it shows
            several = isinstance(event.detail, list) and len(event.detail) > 1
            return line + (" by the 8s" if several else " by the 8")
        return line

    def context(self, view, names):
        """Choosing, or the turn's number."""
        facts = view.facts
        if view.is_over:
            return ""
        if facts["step"] == "choose":
            done = sum(1 for c in facts["chosen"] if c)
            return f"Choosing face-up cards ({done} of {len(names)} players done)"
        return f"Turn {facts['turn_no'] + 1}"

    def beats(self, facts, options):
        """What may be played on the effective top now, in words."""
        top = facts["effective_top"]
        if not top:
            return "anything"
        rank = self.rank_of(top)
        if rank in ("2",):
            return "anything"
        order = facts["rank_order"].split()
        if facts["lower_than_seven"]:
            higher = [r for r in order[:order.index("7")] if r not in WILD] if "7" in order else []
        else:
            at = order.index(rank) if rank in order else -1
            start = at if options.get("ktu.allow_equal") == "on" else at + 1
            higher = [r for r in order[start:] if r not in WILD]
        return " ".join(higher + ["or a 2, 3 or 10"]) if higher else "only a 2, 3 or 10"

    def strength(self, card, view):
        """A rank's place in the game's rank order (the text's: J, the weakest, up to 10,
        A6), for a hand sorted by rank."""
        order = view.facts["rank_order"].split()
        return order.index(card.rank) if card.rank in order else len(order)

    def rank_of(self, name):
        """The rank part of a standard card's code ('10H' -> '10')."""
        return name[:-1]

    def instruction(self, view, names, selected):
        """Choose the face-up cards, play higher, play blind (first, that you play again
        after a burn or 8s that skipped everyone else); the button that makes the cards
        chosen, by its label ('then press Choose face-up cards (3)', 'Press Play 2 cards
        to play the 2 chosen')."""
        facts = view.facts
        if facts["step"] == "choose":
            button = self.selection_label(Act.CHOOSE_FACEUP, (), 3) if selected == 3 else \
                self.kind_label(Act.CHOOSE_FACEUP)
            return f"Choose 3 cards to lay face up ({selected} of 3 chosen), then press {button}"
        hand = next((z.count for z in view.zones if z.key == f"hand:{view.seat}"), 0)
        again = {"burn": "You burned the play ground: play again. ",
                 "skip": "You play again: everyone else is skipped. "}.get(self.again(view), "")
        if not hand:
            return again + "Your hand is empty: click a face-down card to play it blind"
        if selected:            # cards of one value chosen: the button that plays them
            chosen = "the card chosen" if selected == 1 else f"the {selected} chosen"
            return again + f"Press {self.selection_label(Act.PLAY, (), selected)} to play {chosen}"
        top = facts["effective_top"]
        if not top:
            return again + "Play any card, or several of one value"
        spoken = self.card_words(top) + self.under_threes(view)
        if facts["lower_than_seven"]:
            return again + f"Play lower than the {spoken} (or a 2, 3 or 10), or take the play ground"
        return again + f"Beat the {spoken}: play {self.beats(facts, view.options)}; or take the play ground"

    def no_fit(self, view, names):
        """Nothing in your hand beats the pile: take it."""
        top = view.facts["effective_top"]
        hand = next((z.count for z in view.zones if z.key == f"hand:{view.seat}"), 0)
        if not top or not hand or view.facts["step"] != "play":
            return ""
        again = "You play again: everyone else is skipped. " if self.again(view) == "skip" else ""
        return again + f"Nothing in your hand beats the {self.card_words(top)}{self.under_threes(view)}: take the play ground"

    @staticmethod
    def under_threes(view):
        """Where the card to beat lies under see-through 3s on the pile, says so (' (under
        the 3)'): only the 3 shows on the table."""
        pile = next((z.cards for z in view.zones if z.key == "pile"), ())
        threes = 0
        for card in reversed(pile):
            if card is None or card.rank != "3":
                break
            threes += 1
        return "" if not threes or threes == len(pile) else f" (under the {'3' if threes == 1 else '3s'})"

    def waiting(self, view, seat, names):
        """Who is choosing face-up cards; who plays again, and why (the fact `again`, see
        turns_taken)."""
        facts = view.facts
        if facts["step"] == "choose":
            return f"{names[seat]} is choosing face-up cards"
        return {"burn": f"{names[seat]} burned the play ground and plays again",
                "skip": f"{names[seat]} plays again: everyone else is skipped"}.get(self.again(view), "")

    def side_facts(self, view, names):
        """The effective top and what beats it, the rank order, the first player."""
        facts = view.facts
        lines = []
        top = facts["effective_top"]
        if facts["step"] != "choose":
            lines.append(("Card to beat", self.card_words(top) + self.under_threes(view) if top
                          else "none (play anything)", None))
            if top:
                lines.append(("Beaten by", self.beats(facts, view.options), None))
        lines.append(("Order", facts["rank_order"], None))
        first = seat_name(names, facts["first_player"])
        if first:
            lines.append(("First player", first, None))
        out = [names[s] for s in facts["finished"]]
        if out:
            lines.append(("No cards left", ", ".join(out), None))
        return lines

    def places(self, view):
        """The players out of cards first, in the order they went out, then the others by
        the fewest cards held."""
        finished = list(view.facts.get("finished") or [])
        scores = view.scores
        rest = sorted({scores[s] for s in range(len(scores)) if s not in finished})
        if view.winners and not finished:
            return super().places(view)
        return {s: finished.index(s) + 1 if s in finished else len(finished) + 1 + rest.index(scores[s])
                for s in range(len(scores))}

    def score_cards(self, view, seat, names):
        """Out in which place; or the cards still held, saying how many were in hand and
        how many face up, as the table's plates and captions told them ('Still held: 22
        cards (19 in hand, 3 face up)'), and those face down: in a game played to the last,
        the one left holding cards (or any, where the turn limit stopped it) is ranked but
        never went out (walkB17 #6: 'Went out 3rd' beside 18 cards left)."""
        finished = view.facts["finished"]
        if seat in finished and not view.scores[seat]:
            return [(f"Went out {ordinal(finished.index(seat) + 1)}", [])]
        hand, up = list(view.zone(f"hand:{seat}").cards), list(view.zone(f"faceup:{seat}").cards)
        shown, hidden = hand + up, list(view.zone(f"facedown:{seat}").cards)
        where = [words for count, words in ((len(hand), "in hand"), (len(up), "face up")) if count]
        kept = f"({len(hand)} in hand, {len(up)} face up)" if len(where) == 2 else where[0] if where else ""
        groups = [(f"Still held: {plural(len(shown), 'card')} {kept}", shown)] if shown else []
        return groups + ([(f"Face down: {plural(len(hidden), 'card')}", hidden)] if hidden else [])

    def plate_words(self, view, seat, names):
        """Nothing beside the cards: their caption says the place or what is still held."""
        return ""

    def breakdown(self, view, seat, names):
        """Out in which place, or still holding cards."""
        finished = view.facts["finished"]
        if seat in finished and not view.scores[seat]:
            return f"went out {ordinal(finished.index(seat) + 1)}"
        return "cards still held"
