"""Undo at the table (no pygame): who may take back what, and the model of the table
forgetting what it showed of the later position.

`Undoing` is the model of the table's side of it (scenes/table/model.py mixes it in):
the person at the screen, whether the table offers Undo and whether they may undo now,
the undo itself (the session goes back as the Undo setting lets it) and the words for
what was taken back or refused.
"""
from game.core import SharedAct
from game.presenter import agree, named_together, plural, possessive, seat_name


class Undoing:
    """Undo for the person at the screen (see the module's docstring)."""

    def person_at_screen(self):
        """The person at the device: the one shown (the last one shown while a computer
        plays, or, behind the curtain, the one who just passed it on); None once the game
        is over or while its scores are due."""
        if self.session.is_over or self.hand_ended:
            return None
        seat = self.looking.person()
        return seat if self.session.is_human(seat) else None

    def can_undo(self):
        """May the person at the screen undo something now (under the Undo setting)?"""
        seat = self.person_at_screen()
        return seat is not None and self.session.can_undo(seat, self.settings.undo)

    def undo_offered(self):
        """Does the table show its Undo button for the person at the screen: whenever the
        Undo setting lets them take back moves (not while it is off, nor in a lesson),
        live when they may undo now, else greyed (pressed, it says why)? It stays in its
        place from turn to turn: a button that came and went said nothing of why."""
        seat = self.person_at_screen()
        if seat is None:
            return False
        refusal = self.session.undo_refusal(seat, self.settings.undo)
        return refusal is None or refusal[0] != "off"

    def take_back(self):
        """Undo for the person at the screen: the session goes back (past a turn's end the
        table would make again by itself), the table forgets what it was showing of the
        later position (a computer's thinking is dropped when it answers, and the
        computers decide again) and says what was taken back (the end of a turn the table
        made by itself is part of the move before it, never 'your move after it': walkD16
        #1); the curtain is shown for the
        person to play if that is someone else. Taken back from behind the curtain (where
        the next person may be looking), the curtain is raised for the one whose move it
        was, and what was taken back is said once they are back. A refused undo says why."""
        person = self.person_at_screen()
        if person is None:
            return
        policy = self.settings.undo
        before, movers = list(self.session.moves()), self.session.movers()
        ends = {i for i in self.session.automatic_moves() if movers[i] == person}  # the turn's ends the table
        # made by itself for the person: part of the move before (walkD16 #1)
        events, spans = self.session.events_for(person), [self.session.told_by(i) for i in range(len(before))]
        zones = self.zones_by_key()                 # where those events took cards, as they were
        now = self.session.undo(person, policy)
        if now is None:
            refusal = self.session.undo_refusal(person, policy)
            if refusal is not None:         # None: asked of the host, its answer comes as an update
                self.say(self.refusal_words(person, *refusal))
            return
        while now == person and self.ends_by_itself() and self.session.can_undo(person, policy):
            ends.add(len(self.session.moves()))
            now = self.session.undo(person, policy)
        start = len(self.session.moves())
        undone = before[start:]
        later = [seat for i, seat in enumerate(movers[start + 1:], start + 1) if i not in ends]
        told = (events[slice(*spans[start])] if spans[start] else [], zones)
        behind = self.looking.curtain is not None   # the next person may be at the screen already
        state = self.ui
        self.timeline.reset(self.last_roll(0))
        self.before_reveal = None
        self.release_hold()
        state.selection = []
        state.hint = None
        state.just_placed = None
        state.dialog = None
        self.computers.clear()
        self.hold.clear()
        self.looking.back_to(person, now, behind)   # decide_view raises the curtain if `now` is someone else
        self.taken_back_due = (undone[0], later, person, told) if behind else None
        self.read()
        self.decide_view()
        self.changed()
        if self.looking.curtain is None:
            self.say_taken_back(undone[0], later, person, told)
        self.tell_problem()

    def say_taken_back(self, action, later, person=None, told=((), {})):
        """Say which move an undo by `person` took back, and whose moves went with it
        (`later`: who played each, in order; None where that is not known here): 'Taken
        back: your play of the 7 of hearts, and Theo's move after it', '..., and your move
        and Theo's 2 moves after it', '..., and 2 moves after it'. A move with no cards of
        its own (a draw, a pile picked up) is said as the Moves log told it (`told`: its
        events as `person` saw them, and the zones they knew), to you: 'you took 4 of
        hearts from the discard pile' (walkD16 #3: 'your draw (discard pile)', the
        button's label pasted in)."""
        words = self.as_told(action, person, *told) or self.presenter.taken_back(action, self.names, view=self.view)
        if later:
            whose = [f"{'your' if seat == person else possessive(seat_name(self.names, seat))} "
                     + ("move" if later.count(seat) == 1 else f"{later.count(seat)} moves")
                     for seat in dict.fromkeys(later) if seat is not None]
            words += f", and {named_together(whose)} after it" if whose else f", and {plural(len(later), 'move')} after it"
        self.say(agree(f"Taken back: {words}"))

    def as_told(self, action, person, events, zones):
        """A move with no cards of its own, as the log told `person` its `events` (in the
        `zones` of the time), with them called You: 'You took 4 of hearts from the
        discard pile'; '' for a move with cards (its own words name them), the end of a
        turn, or where nothing of `person`'s own was told."""
        if action.cards or action.kind == SharedAct.END_TURN or person is None:
            return ""
        names = list(self.names)
        names[person] = "You"
        lines = [line for _, line in self.presenter.event_lines(events, names, zones)
                 if line and line.startswith("You ")]
        return "; ".join(lines)

    def refusal_words(self, person, reason, seat):
        """Why `person` may not undo now (`reason` and `seat` as the session's undo_refusal
        gives them), in words: what chance did (in the players' words: drawn, dealt or
        rolled, never 'chance has acted': walkA16 #16) or what came to light as the log
        tells that move ('Ines drew a card'), where the table knows it."""
        if reason == "off":
            return "Undo is off in Settings"
        why = {"chance": "what was drawn, dealt or rolled since cannot be put back", "learned": "a new card came to light",
               "person": f"{self.session.name(seat)} has played since",
               "hand": "that move's hand is over and scored"}.get(reason)
        if why is None:
            return "Nothing to take back yet"
        told = self.barring_move(person, reason == "learned") if reason in ("chance", "learned") else ""
        return f"Nothing to take back: {why}" + (f" ({told})" if told else "")

    def barring_move(self, person, learned=False):
        """The move after which `person` may not take back their own, as the log tells it
        to the viewer ('Ines drew a card'): the log's last line up to that move that says
        someone's move (not a stage the game went on to by itself after it), or, where a
        card came to light (`learned`), the last line of another's that shows it, what
        befell their cards too ('Theo's face-up cards turned over: ...', walkB17 #5: not
        'Theo chose 3 cards for their face-up cards', a secret choice; walkC17's 'Maya won
        down 1' where the others' cards had come to light); '' where the session does not
        say."""
        told = self.session.undo_bar(person, self.settings.undo)
        if told is None:
            return ""
        events = self.session.events_for(self.looking.viewer)[:told[1]]
        lines = self.presenter.log_lines(events, self.names, self.zones_by_key())
        others = [name for seat, name in enumerate(self.names) if seat != person] if learned else self.names
        starts = [name + " " for name in others] + ([name + "'s " for name in others] if learned else [])
        moved = [line for line in lines if line.startswith(tuple(starts))]
        return agree((moved or lines or [""])[-1])
