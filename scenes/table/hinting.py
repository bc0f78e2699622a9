"""Hints at the table (no pygame): the model of the table's side of Hint.

`Hinting` is mixed into the model of the table (scenes/table/model.py): Hint on the
person's turn as the director gives it (the strongest computer player's suggestion, a
lesson's own words), and the hint marked.
"""
from scenes.table.director import ASK_COMPUTER, Hinted


def hint_words(presenter, action, names, view, reason):
    """A computer's hint as the table says it: the move as its label names it, then why,
    in the game's terms ('Hint: Discard 10 of spades: it fits no set or run of yours, ...').
    The reason never says the move again: the label has said it."""
    label = presenter.action_label(action, names, with_cards=True, view=view)
    return f"Hint: {label}" + (f": {reason}" if reason else "")


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
        """Ask the strongest computer player for a suggestion (it is marked when it comes)."""
        if not self.session.busy():
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
