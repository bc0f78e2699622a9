"""Final Card-Down at the table: the colour in force with its swatch, the 2s owed, and
who went out (the rulings it cites: docs/rulings/final_card_down.md)."""
from game.final_card_down.rules import Act
from game.core import SharedEvent
from game.presenter import Callout, Presenter, agree, plural, seat_name

NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


class FinalCardDown(Presenter):
    """Final Card-Down's words and side panel."""

    EVENT_WORDS = dict(Presenter.EVENT_WORDS,
                       blocked=lambda who, d: f"{who} cannot draw: nothing is left, the game ends")
    DEAL_SIZE = 2
    SCORE_UNIT = "points in hand"
    SKIP_FACTS = Presenter.SKIP_FACTS | {"turn", "played_this_turn", "draws_this_turn", "skip_pending", "blocked",
                                         "cards_owed", "active_twos"}
    FACT_LABELS = dict(Presenter.FACT_LABELS, color="Colour in force")
    TIPS = {"0": "A 0 matches anything (unless 2s are waiting)",
            "2": "A 2: the next player plays a 2 or draws two for each 2 waiting",
            "A": "An A (ten) skips the next player",
            "D": "A D (thirteen) lets you choose the colour in force"}
    SHOWCASE = ("7/blue/hearts", "0/red/questions", "2/green/diamonds", "A/yellow/clubs", "D/purple/spades")

    def callout(self, event, view, names):
        """The first card of a penalty says the whole penalty: 'Theo draws 4 for two 2s'."""
        facts = view.facts
        if (event.kind == SharedEvent.MOVE and event.src == self.DRAW_PILE and event.dst == f"hand:{event.seat}"
                and facts["active_twos"] and facts["draws_this_turn"] == 1 and not facts["played_this_turn"]):
            twos = facts["active_twos"]
            words = f"{seat_name(names, event.seat)} draws {2 * twos} for {self.twos_named(twos)}"
            return Callout(agree(words), self.seat_zones(view, event.seat), 1.4)
        return super().callout(event, view, names)

    def context(self, view, names):
        """The turn's number."""
        return "" if view.is_over else f"Turn {view.facts['turn'] + 1}"

    @classmethod
    def twos(cls, facts):
        """The 2s waiting in words ('two 2s', 'a 2') and what they ask (A11-A13 of
        docs/rulings/final_card_down.md): 'play a 2 or draw 4 cards', or, once the
        penalty is being drawn, '1 of 4 cards drawn'; None when none wait."""
        twos, drawn = facts["active_twos"], facts["draws_this_turn"]
        if not twos or facts["played_this_turn"]:
            return None
        owed = 2 * twos
        what = f"{drawn} of {owed} cards drawn" if drawn else f"play a 2 or draw {plural(owed, 'card')}"
        return cls.twos_named(twos), what

    def action_label(self, action, names, with_cards=False, view=None):
        """Draw, facing 2s, says which card of the penalty the press draws ('Draw card 3
        of 8'): each card is one draw (A11-A13 of docs/rulings/final_card_down.md). A D's
        play names the colour it puts in force ('Red in force')."""
        twos = self.twos(view.facts) if action.kind == Act.DRAW and view is not None else None
        if twos is not None and view.facts["draws_this_turn"] < 2 * view.facts["active_twos"]:
            return f"Draw card {view.facts['draws_this_turn'] + 1} of {2 * view.facts['active_twos']}"
        if action.kind == Act.PLAY and action.arg and not with_cards:
            return f"{str(action.arg).capitalize()} in force"
        return super().action_label(action, names, with_cards, view)

    def taken_back(self, action, names, view=None):
        """A D taken back says the colour as it was chosen: 'your play of the D green clubs
        with red in force' (walkD16 #1: '(red)')."""
        if action.kind == Act.PLAY and action.arg and action.cards:
            return f"your play of the {action.cards[0].spoken} with {action.arg} in force"
        return super().taken_back(action, names, view)

    def choice_title(self, title, actions):
        """A D's colours: what is being chosen ('Play D purple spades: choose the colour in
        force')."""
        if actions and all(a.kind == Act.PLAY and a.arg for a in actions):
            return f"{title}: choose the colour in force"
        return title

    def instruction(self, view, names, selected):
        """Play on the top card, answer the 2s, draw, or end the turn."""
        facts = view.facts
        twos, drawn = facts["active_twos"], facts["draws_this_turn"]
        if facts["played_this_turn"]:
            return "End your turn" + (": the next player is skipped" if facts["skip_pending"] else "")
        if twos:
            owed = 2 * twos
            if drawn >= owed:
                return f"Penalty drawn ({plural(owed, 'card')}): end your turn"
            waiting, what = self.twos(facts)
            return f"You face {waiting}: " + (f"draw the penalty, {what}" if drawn else what)
        if drawn:
            after = view.options.get("fcd.play_after_draw")
            if after == "none":
                return "You drew a card: end your turn"
            what = "the card you drew" if after == "drawn_only" else "a matching card"
            return f"You drew a card: play {what} or end your turn"
        top = view.zone("discard").cards[-1]
        then = {"none": " (your turn then ends)", "drawn_only": " (then only it may be played)"}
        return (f"Play a card on the {top.spoken} (same value or suit, or {facts['color']}; "
                "a 0 on anything), or draw one" + then.get(view.options.get("fcd.play_after_draw"), ""))

    @staticmethod
    def twos_named(twos):
        """'a 2', 'three 2s'."""
        return "a 2" if twos == 1 else f"{NUMBERS.get(twos, twos)} 2s"

    def drew(self, count, events, start):
        """Draws facing 2s are their penalty, said with how much of it is drawn: 'drew 2
        of 6 cards for three 2s', then 'drew 6 cards for three 2s' (A11-A13)."""
        twos = 0
        for event in reversed(events[:start]):
            if event.kind != SharedEvent.MOVE:
                continue
            if event.dst != "discard" or not event.cards or event.cards[-1].rank != "2":
                break
            twos += 1
        if not twos:
            return super().drew(count, events, start)
        owed = 2 * twos
        done = f"{count}" if count >= owed else f"{count} of {owed}"
        return f"drew {done} cards for {self.twos_named(twos)}"

    def no_fit(self, view, names):
        """No card of your hand fits the top card (or answers the 2s): draw."""
        facts = view.facts
        if facts["played_this_turn"] or facts["draws_this_turn"]:
            return ""
        if facts["active_twos"]:
            waiting, _ = self.twos(facts)
            return f"You face {waiting} and hold no 2: draw {plural(2 * facts['active_twos'], 'card')}"
        return f"No card fits the {view.zone('discard').cards[-1].spoken}: draw a card"

    def waiting(self, view, seat, names):
        """Who faces the 2s waiting, and what they must do, in the side panel's words
        ('Theo faces two 2s: must play a 2 or draw 4 cards')."""
        twos = self.twos(view.facts)
        if twos is None:
            return ""
        waiting, what = twos
        return f"{names[seat]} faces {waiting}: " + (what if view.facts["draws_this_turn"] else f"must {what}")

    def side_facts(self, view, names):
        """The facts, with the colour in force shown as its colour too; the 2s waiting
        and what they ask, as the top bar says them ('2s waiting: two, play a 2 or draw
        4 cards'); an empty draw pile, and where a draw comes from then."""
        colour = view.facts["color"]
        lines = [(label, value, colour if label == self.FACT_LABELS["color"] else None)
                 for label, value, _ in super().side_facts(view, names)]
        twos = self.twos(view.facts)
        if twos is not None:
            lines.append(("2s waiting", f"{NUMBERS.get(view.facts['active_twos'])}, {twos[1]}", None))
        if not view.is_over and view.zone(self.DRAW_PILE).count == 0:
            lines.append(("Draw pile", "empty: a draw turns the discard pile over, its top card kept", None))
        return lines[:self.SIDE_FACTS]

    def no_difference(self, actions, view):
        """A D that is the player's last card goes out at once: the colour it would declare
        can have no effect (A19), so nobody is asked for one."""
        first = actions[0] if actions else None
        return (first is not None and first.kind == Act.PLAY and all(a.cards == first.cards for a in actions)
                and view.zone(f"hand:{view.current_player}").count == 1)

    def summary_lines(self, view, names):
        """Nothing under the scores: the colour in force and the 2s waiting end with the
        game (who went out is said in the scores)."""
        return []

    def swatch(self, action):
        """A D's play shows the colour it declares."""
        return action.arg if action.kind == Act.PLAY else None

    def plate_words(self, view, seat, names):
        """Nothing beside the cards left in hand: their caption and the score say it."""
        return ""

    def breakdown(self, view, seat, names):
        """Went out, or the points of the cards still held."""
        return "went out" if seat in view.winners else "points in hand"
