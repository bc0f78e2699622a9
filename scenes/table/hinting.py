"""Hints at the table (no pygame): the model of the table's side of Hint.

`Hinting` is mixed into the model of the table (scenes/table/model.py): Hint on the
person's turn as the director gives it (the strongest computer player's suggestion, a
lesson's own words; the only move there is, said so), and the hint marked.
"""
from scenes.table.director import ASK_COMPUTER, Hinted


def hint_words(presenter, action, names, view, reason):
    """A computer's hint as the table says it: the move as its label names it, then why,
    in the game's terms ('Hint: Discard 10 of spades: it fits no set or run of yours, ...').
    The reason never says the move again: the label has said it."""
    label = presenter.action_label(action, names, with_cards=True, view=view)
    return f"Hint: {label}" + (f": {reason}" if reason else "")


def only_move_words(presenter, action, view, seat):
    """Why the hint's move is the one when it is the only move there is (walkD16 #2: 'your
    strongest card goes now' for the one card left read as a choice among several): 'your
    only card' (the whole hand), 'the only card you may play' (or discard, as its button
    says the kind), 'the only move you have' (no card)."""
    cards = [c for c in action.cards if c is not None]
    if not cards:
        return "the only move you have"
    hand = next((z for z in view.zones if z.key == f"hand:{seat}"), None)
    what = "card" if len(cards) == 1 else "cards"
    if hand is not None and len(hand.cards) == len(cards):
        return f"your only {what}"
    return f"the only {what} you may {presenter.kind_label(action.kind).lower()}"


class Hinting:
    """Hint for the person at the screen (see the module's docstring)."""

    def ask_hint(self):
        """Hint on the person's turn, as the director gives it."""
        if not self.my_turn():
            return
        decision = self.director.hint(self.seen)
        if decision == ASK_COMPUTER:
            self.ask_computer_hint()
        elif isinstance(decision, Hinted):
            self.show_hint(decision.action)
            self.say(decision.words, decision.action.cards, hint=True)
        elif decision:
            self.say(decision)

    def ask_computer_hint(self):
        """Ask the strongest computer player for a suggestion (it is marked when it comes);
        the only move there is is the hint at once, said to be the only one."""
        if len(self.legal) == 1:
            action = self.legal[0]
            reason = only_move_words(self.presenter, action, self.view, self.looking.viewer)
            self.say(hint_words(self.presenter, action, self.names, self.view, reason), hint=True)
            self.show_hint(action)
        elif not self.session.busy():
            self.session.start_hint(self.settings.thinking)
            self.say("Thinking about a hint...")
            self.changed()

    def show_hint(self, action):
        """Mark `action` as the hint; the keyboard goes to what it marks, and the cards
        picked that are not the hint's are put back (those it agrees with stay picked, so
        their move's button stays live): Enter on a card of the hint makes it, or picks
        the cards of a move of several, to be confirmed by its button
        (scenes/table/input.TableInput.take_hint)."""
        hinted = {c.name for c in action.cards if c is not None}
        self.ui.selection = [c for c in self.ui.selection if c.name in hinted]
        self.ui.hint = action
        self.ui.refocus += 1
        self.changed()
