"""The table: any game drawn from one seat's view, with its legal moves and the curtain.

The controller of the table: it reads the game once per change and lays the table out
once, decides who looks (with two or more people at the table, a curtain hides
everything whenever control passes to another person), paces the computer players,
carries out what the person means and goes to the scores when a hand ends. Who owns what:

- the session (scenes/session.py): the game; the table reads it through the small
  interface listed there, and changes it only by submitting a move or an undo;
- the director (scenes/table_director.py): what runs the game here: a normal game, a
  lesson (scenes/tutorial.py), which filters the moves, scripts the computers, marks
  cards and draws the coach, or a game played across computers (scenes/remote.py),
  whose moves made elsewhere the table takes in (`take_in`);
- TableState (scenes/table_state.py): the interaction (selection, choice, hint, message,
  keyboard focus, pointer, log scroll), changed only here;
- scenes/table_input.py: from an event to intents (pure); scenes/table_layout.py: where
  every card lies (pure geometry); scenes/table_motion.py: cards in flight, toasts, the
  die, an outcome's hold; scenes/table_draw.py: the drawing (and the cached layer of
  what only the layout changes); the game's presenter (its home's presenter.py): what
  the game looks like and says.

A click on a card plays it when one action fits; several-card actions work by selecting
cards and pressing the button that appears; actions without cards are buttons;
choices between arguments are small dialogs. Undo (a top button, or Ctrl+Z) takes the
person at the screen back as far as the Undo setting lets the session go.
"""
from game import registry
from scenes import config, table_draw, table_input, ui
from scenes.base import Scene
from scenes.presenters import presenter_for
from game.presenter import HAND_END, agree, card_name, plural
from scenes.session import BOT_DONE, NET_EVENT
from scenes.table_director import Director
from scenes.table_input import Laid, TableInput
from scenes.table_layout import TOP, lay_out
from scenes.table_motion import Hold, Motion
from scenes.table_state import Dialog, TableState
from sprites import felt

LOG_EVENTS = 250        # the log tells at most this many of the latest events


class TableScene(Scene):
    """Plays a Session as its director runs it: shows the viewer's table, carries out
    the person's intents."""

    def startup(self, persist):
        self.session = persist["session"]
        self.director = persist.get("director") or Director()
        self.presenter = presenter_for(self.session.info)
        self.names = [s.name for s in self.session.seats]
        self.viewer = persist.get("viewer")
        self.anchor = persist.get("anchor", self.viewer if self.viewer is not None else
                                  (self.session.humans() or [0])[0])
        self.curtain = None
        self.shown = None            # the person who looked last, while the curtain is up
        self.curtains = persist.setdefault("curtains", [])
        self.ui_state = TableState()
        self.motion = Motion()
        self.pending = list(self.session.events_since(persist.get("events_seen", 0)))
        # A hand has ended and its scores are due: set by the events the table receives
        # (or by the menu, for a game saved at that moment).
        self.hand_ended = persist.get("scores_due", False)
        self.bot_wait = 0.0
        self.bot_armed = False
        self.over = False            # the director's end covers the table (a lesson's summary)
        self.turn_cue = False        # another has moved since the person did: sound their turn
        self.hold = Hold()
        self.input = TableInput()
        self.static = table_draw.Layer()
        self.log_tips = []           # the log's entries cut short, as last drawn: [(rect, words)]
        self.top_span = (0, 0)       # where the top bar's words start and end, as last drawn
        self.version = 0
        self.read()
        self.show_last_roll()
        super().startup(persist)
        self.decide_view()

    def cleanup(self):
        self.persist.update(viewer=self.viewer, anchor=self.anchor, events_seen=self.session.event_count())
        return self.persist

    # ---- what the layout left, for the drawing and the tests -------------------------------
    @property
    def board(self):
        """Where every card lies (the last layout's Board)."""
        return self.laid.board

    @property
    def focus_cards(self):
        """The cards the keyboard walks, before the widgets."""
        return self.laid.cards

    @property
    def buttons_top(self):
        """The top bar's buttons."""
        return self.laid.top

    # ---- who sees what ------------------------------------------------------------------
    def read(self):
        """Read the game once after a change: the view drawn and the moves the person may
        make (the log goes back to the newest, the keyboard to the main item)."""
        view = self.presenter.arranged(self.session.view(self.viewer),
                                       lambda: self.session.events_for(self.viewer))
        self.current_view = self.director.view(self, view)
        self.legal_now = self.session.legal_actions() if self.my_turn() and not self.director.waiting(self) else ()
        self.ui_state.log_scroll = 0
        self.ui_state.refocus = True

    def decide_view(self):
        """Choose the viewer; raise the curtain when control passes to another person.
        Whatever changes who looks is read and laid out again."""
        seen = (self.viewer, self.anchor, self.curtain)
        humans = self.session.humans()
        current = self.session.current_player
        if len(humans) <= 1:
            self.viewer = humans[0] if humans else None
            self.anchor = humans[0] if humans else 0
        elif self.session.is_over:
            self.viewer = None
        elif self.session.is_human(current):
            if current != self.viewer and self.curtain is None:
                self.shown = self.viewer if self.viewer is not None else self.anchor
                self.viewer = None
                self.curtain = current
                self.curtains.append(current)
                self.anchor = current
        else:
            self.viewer = None
        if (self.viewer, self.anchor, self.curtain) != seen:
            self.read()
            self.layout()

    def ready(self):
        """The next person has the device: drop the curtain."""
        if self.curtain is None:
            return
        self.viewer = self.anchor = self.curtain
        self.curtain = None
        self.read()
        self.layout()

    def my_turn(self):
        """Can the person at the device act now (not while an outcome waits to be read, nor
        while the director moves for them)?"""
        current = self.session.current_player
        return (not self.over and current is not None and current == self.viewer and self.curtain is None
                and self.session.is_human(current) and not self.session.is_over and not self.hold.wait
                and not self.hand_ended and not self.director.moves_for(self, current))

    # ---- moves ------------------------------------------------------------------------------
    def submit(self, action, by_person=True):
        """Make `action` through the director: a refused one is said (the selection and
        any choice dropped); a made one is read once, animated and laid out once. A move
        not `by_person` (a computer's, a turn's end the table makes) leaves a message be."""
        before = {id(p.card): p.rect for p in self.board.placed if p.card is not None}
        boxes = dict(self.board.boxes)
        state = self.ui_state
        try:
            events = self.director.submit(self, action)
        except registry.IllegalAction as error:
            state.selection = []
            state.dialog = None
            self.app.sounds.play("refused")
            self.say(str(error), action.cards)
            self.layout()
            return
        state.selection = []
        state.hint = None
        state.dialog = None
        self.turn_cue = not by_person           # another's move: your turn, if it comes, is sounded
        if by_person:
            state.message = ""
        self.hand_ended = self.hand_ended or (self.director.scores_between_hands
                                              and any(e.kind == HAND_END for e in events))
        self.pending.extend(events)
        mover = self.viewer
        context = self.presenter.context(self.current_view, self.names)
        self.read()
        current = self.session.current_player
        self.hold.decide(events, self.director.holds(self), self.presenter.outcome_lane, self.outcome_words,
                         self.pace(), mover is not None and len(self.session.humans()) > 1 and current != mover
                         and self.session.is_human(current), context)
        if not self.my_turn():          # an outcome held: nothing to play until it is read
            self.legal_now = ()
        self.animate(before, boxes)
        self.tell_problem()

    def take_in(self, events, fresh=False):
        """Moves made elsewhere (at another screen, at the host), already in the session:
        read once, animated and laid out once, as a submit is. `fresh`: the game was
        replaced (joined again, or an undo elsewhere): nothing in flight goes on, the log
        is the session's anew."""
        before = {id(p.card): p.rect for p in self.board.placed if p.card is not None}
        boxes = dict(self.board.boxes)
        state = self.ui_state
        if fresh:
            self.pending = []
            self.motion.clear()
            self.hold.clear()
            state.selection = []
            state.dialog = None
            self.bot_wait = 0.0
            self.bot_armed = False
            events = []
        state.hint = None
        self.turn_cue = True
        self.hand_ended = self.hand_ended or (self.director.scores_between_hands
                                              and any(e.kind == HAND_END for e in events))
        self.pending.extend(events)
        context = self.presenter.context(self.current_view, self.names)
        self.read()
        self.hold.decide(events, self.director.holds(self), self.presenter.outcome_lane, self.outcome_words,
                         self.pace(), False, context)
        if not self.my_turn():
            self.legal_now = ()
        self.animate(before, boxes)
        self.tell_problem()

    def animate(self, before=None, boxes=None):
        """Lay the table out, then turn the events received into flights, toasts, sounds
        and a die roll (not behind the curtain: they wait until the next person is ready).
        Cards in flight are left out when drawn, not when laid out."""
        self.layout()
        if self.curtain is not None:
            return
        events, self.pending = self.pending, []
        self.motion.start(events, self.viewer, self.presenter, self.event_words, before or {},
                          [boxes or {}, self.board.boxes], self.app.settings.move_seconds, self.app.sounds.play,
                          self.current_view)
        yours = {z.key for z in self.current_view.zones if z.owner == self.viewer and self.viewer is not None}
        seen = [raw.for_seat(self.viewer) for raw in events]
        for event, line in self.presenter.event_lines(seen, self.names, self.zones_by_key()):
            if event.kind == "move" and event.src in yours and event.seat not in (None, self.viewer):
                self.say(line or "")        # another took a card of yours: said where you look

    def tell_problem(self):
        """Say (and note for the menu) that the session could not write a file."""
        problem = self.session.take_problem()
        if problem:
            self.say(problem)
            self.app.notice(problem)

    def pace(self):
        """The animation speed against the normal one (0 for Instant)."""
        return self.app.settings.move_seconds / config.MOVE_SECONDS["normal"]

    def event_words(self, event):
        """An event's line in the log (and its toast)."""
        return agree(self.presenter.event_line(event, self.names, self.zones_by_key()))

    def outcome_words(self, event):
        """An outcome's words as it waits on the table (shorter than its log line)."""
        return agree(self.presenter.outcome_line(event, self.current_view, self.names, self.zones_by_key()))

    def told(self):
        """How many of the game's events the table has told: all but those still to be
        shown (behind the curtain, or not yet animated) and those whose cards are still
        in flight."""
        return self.session.event_count() - len(self.pending) - self.motion.untold()

    def log_lines(self):
        """The log's entries: the whole game so far as the viewer may see it (rebuilt from
        the session's events, so Continue and Undo keep it), each entry appearing once its
        move has landed on the table."""
        told = self.told()
        start = max(0, told - LOG_EVENTS)
        events = self.session.events_for(self.viewer, start)[:told - start]
        return [agree(line) for line in self.presenter.log_lines(events, self.names, self.zones_by_key())]

    def zones_by_key(self):
        """The zones of the view drawn, by key."""
        return {z.key: z for z in self.current_view.zones}

    def say(self, words, about=(), hint=False):
        """Show a short message above the hand (an illegal move's reason, for instance),
        placed clear of the cards it talks about: `about` and those it names; a `hint`
        also clear of the cards it marks and of all the viewer's own cards."""
        state = self.ui_state
        state.message = words[0].upper() + words[1:] if words else ""
        state.message_time = 4.0
        state.message_about = tuple(c for c in about if c is not None)
        state.message_hint = hint
        self.place_message(self.laid.board, self.laid.bubble)
        self.dirty = True

    def place_message(self, board, bubble):
        """Where the message goes on `board`: clear of the cards it is about, those it
        names and the `bubble` (a director's, placed)."""
        state = self.ui_state
        if not state.message:
            return
        ids = {id(c) for c in state.message_about}
        words = state.message.lower()
        avoid = [p.rect for p in board.placed
                 if p.face_up and (id(p.card) in ids or card_name(p.card).lower() in words)
                 or state.message_hint and (p.hinted or p.zone in board.own_zones)]
        if bubble is not None:
            avoid.append(bubble.box)
        state.message_spot = board.message_spot(table_draw.message_width(self.app.screen, board, state.message),
                                                 avoid)

    def refresh(self):
        """Read the game again and lay the table out: what the director shows changed."""
        self.read()
        self.layout()

    def choose(self, actions, title, default=None, confirmed=False):
        """Submit the only action (unless it is to be `confirmed`), or open a choice (the
        keyboard on a marked option, else on the one whose argument is `default`)."""
        if len(actions) == 1 and not confirmed:
            self.submit(actions[0])
            return
        options = [(self.presenter.action_label(a, self.names, view=self.current_view), a) for a in actions]
        first = next((i for i, (_, a) in enumerate(options) if a.arg == default), 0)
        self.ui_state.dialog = Dialog(title, options, first)
        self.layout()

    def close_dialog(self):
        self.ui_state.dialog = None
        self.layout()

    def clear_selection(self):
        self.ui_state.selection = []
        self.layout()

    def run_entry(self, what, actions, title):
        """An action button pressed: submit its move, choose among its moves, or clear."""
        if what == "submit":
            self.submit(actions[0])
        elif what == "choose":
            self.choose(actions, title)
        else:
            self.clear_selection()

    def ask_hint(self):
        """Hint on the person's turn, as the director gives it."""
        if self.my_turn():
            self.director.hint(self)

    def ask_computer_hint(self):
        """Ask the strongest computer player for a suggestion (it is marked when it comes)."""
        if not self.session.busy():
            self.session.start_hint(self.app.settings.thinking_time)
            self.say("Thinking about a hint...")
            self.layout()

    def show_hint(self, action):
        """Mark `action` as the hint; the keyboard goes to what it marks."""
        self.ui_state.hint = action
        self.ui_state.refocus = True
        self.layout()

    # ---- undo ------------------------------------------------------------------------------
    def person_at_screen(self):
        """The person at the device: the one shown (the last one shown while a computer
        plays, or, behind the curtain, the one who just passed it on); None once the game
        is over or while its scores are due."""
        if self.session.is_over or self.hand_ended:
            return None
        if self.curtain is not None:
            seat = self.shown
        else:
            seat = self.viewer if self.viewer is not None else self.anchor
        return seat if self.session.is_human(seat) else None

    def can_undo(self):
        """May the person at the screen undo something now (under the Undo setting)?"""
        seat = self.person_at_screen()
        return seat is not None and self.session.can_undo(seat, self.app.settings.undo)

    def take_back(self):
        """Undo for the person at the screen: the session goes back (past a turn's end the
        table would make again by itself), the table forgets what it was showing of the
        later position (a computer's thinking is dropped when it answers, and the
        computers decide again) and says what was taken back; the curtain is shown for the
        person to play if that is someone else. A refused undo says why."""
        person = self.person_at_screen()
        if person is None:
            return
        policy = self.app.settings.undo
        moves = list(self.session.moves())
        now = self.session.undo(person, policy)
        if now is None:
            refusal = self.session.undo_refusal(person, policy)
            if refusal is not None:         # None: asked of the host, its answer comes as an update
                self.say("Undo: " + self.refusal_words(*refusal))
            return
        while now == person and self.ends_by_itself() and self.session.can_undo(person, policy):
            now = self.session.undo(person, policy)
        undone = moves[len(self.session.moves()):]
        state = self.ui_state
        self.pending = []
        self.motion.clear()
        self.show_last_roll()
        state.selection = []
        state.hint = None
        state.dialog = None
        self.bot_wait = 0.0
        self.bot_armed = False
        self.hold.clear()
        self.curtain = None
        self.viewer = person           # decide_view raises the curtain if `now` is someone else
        if now == person:
            self.anchor = person
        self.read()
        self.decide_view()
        self.layout()
        if self.curtain is None:
            later = len(undone) - 1
            words = self.presenter.taken_back(undone[0], self.names, view=self.current_view)
            self.say(f"Taken back: {words}"
                     + (f", and {plural(later, 'move')} after it" if later else ""))
        self.tell_problem()

    def show_last_roll(self):
        """The die shows the game's last roll told (after Continue or an undo too)."""
        told = self.session.events_since(0)[:self.session.event_count() - len(self.pending)]
        self.motion.die_value = next((e.detail for e in reversed(told) if e.kind == "roll"), None)

    def ends_by_itself(self):
        """Would the table end the person's turn by itself now (End turn its only move)?"""
        legal = self.session.legal_actions()
        return self.director.auto_end_turn and len(legal) == 1 and legal[0].kind == "end_turn"

    def refusal_words(self, reason, seat):
        """Why the person may not undo now (`reason` and `seat` as the session's
        undo_refusal gives them), in words."""
        return {"off": "it is off in Settings",
                "chance": "chance has acted since (a shuffle, a roll, a blind pick or a card from a shuffled pile)",
                "learned": "a new card came to light",
                "person": f"{self.session.name(seat)} has played since"}.get(reason, "you have no move to take back")

    def continue_on(self):
        """The person has read the outcome held on the table: play goes on."""
        if not self.hold.wait:
            return
        self.hold.release()
        self.read()
        self.layout()

    def back(self):
        self.director.leave(self)

    def show_rules(self):
        self.director.show_rules(self)

    # ---- layout ----------------------------------------------------------------------------
    def layout(self):
        """Lay the table out once from the view read last: the cards (with the director's
        marks), the buttons, a choice, the curtain or the director's end; after a change,
        the keyboard goes to the main item."""
        screen = self.app.screen
        state = self.ui_state
        self.version += 1
        marks = self.director.marks(self)
        view = self.current_view
        playable, picks = table_input.choosable(self.legal_now, view, self.presenter)
        hinted = {c.name for c in state.hint.cards} if state.hint is not None else set()
        hinted.add(table_input.pick_of(state.hint, view, self.presenter))
        if marks.buttons is not None:       # a face-down card stands for its picks, as a choice's option
            hinted |= {slot for slot, fits in picks.items() if marks.buttons(fits, True)}
        board = lay_out(view, self.presenter, self.anchor, self.names, (screen.lw, screen.lh),
                        screen.text_width, playable, hinted | set(marks.cards), state.selection,
                        self.app.settings.hand_order, picks, self.my_turn())
        for p in board.placed:
            p.hinted = p.hinted or (p.zone, p.index) in marks.spots
        top, title_right = self.top_buttons(board.table_w)
        cards, dialog_rect = board.focus_cards(), None
        if self.curtain is not None:
            cover, cards, widgets = "curtain", [], self.curtain_buttons()
        elif self.over:              # the top bar's words still end where its buttons were
            cover, cards, top = "over", [], []
            widgets = self.director.end_buttons(self, screen)
        elif self.hold.wait:
            cover, cards = "hold", []
            widgets = [ui.Button((board.table_w - 196, screen.lh - 62, 186, 38), "Continue", self.continue_on,
                                 primary=True, size=18)] + top[::-1]
        elif state.dialog:
            cover = "dialog"
            dialog_rect, widgets = table_input.dialog_buttons(
                state.dialog.options, screen.lw, screen.lh, self.submit, self.close_dialog,
                self.presenter.swatch)
        else:
            cover = ""
            entries = table_input.button_entries(self.legal_now, state.selection, self.presenter, self.names, view)
            widgets = table_input.action_buttons(entries, board.table_w, screen.lh, self.run_entry, state.hint,
                                                 self.director.buttons(self))
            widgets += top[::-1]          # Menu last: Enter never leaves by default
        if marks.buttons is not None:
            for widget in widgets:
                actions = getattr(widget, "actions", None) or ()
                widget.marked = widget.marked or marks.buttons(actions, cover == "dialog")
        self.widgets = widgets
        bubble = None
        if marks.bubble is not None and not cover:
            words, anchor = marks.bubble
            target = board.anchor_rect(anchor, widgets) if isinstance(anchor, str) else anchor
            if target is not None:
                buttons = [w.rect for w in widgets if w.rect != target]
                felt = (10, TOP, board.table_w - 10, screen.lh - TOP - 10)
                bubble = table_draw.place_bubble(screen, words, target, felt, buttons)
        self.laid = Laid(board, cards, widgets, top, cover, self.legal_now, self.my_turn(), self.current_view,
                         self.viewer, self.presenter, self.session.why_illegal, dialog_rect, title_right, bubble)
        self.place_message(board, bubble)
        if state.hovered is not None:       # the card under the pointer, unless it moved away
            was = state.hovered
            state.hovered = next((p for p in board.placed if p.zone == was.zone and (
                p.card is was.card if p.face_up else p.index == was.index and p.raised)), None)
        if cover == "dialog" and state.dialog.focus is None:
            state.dialog.focus = table_input.main_focus(self.laid, state.dialog.default)
        elif state.refocus and cover != "dialog":
            state.refocus = False
            state.focus = table_input.main_focus(self.laid)
        self.dirty = True

    def top_buttons(self, right):
        """The top bar's buttons, right to left from `right`: Menu, Rules, then Undo and
        Hint when they apply; and where the top bar's words must end."""
        screen = self.app.screen
        top = []
        x = right + 10
        for label, action in (("Menu", self.back), ("Rules", self.show_rules),
                              *self.director.top_buttons(self)):
            w = screen.text_width(label, 18) + 28
            x -= w + 8
            top.append(ui.Button((x, 12, w, 34), label, action, size=18))
        if self.can_undo():
            x -= 74 + 8
            top.append(ui.Button((x, 12, 74, 34), "Undo", self.take_back, size=18))
        if self.my_turn():
            x -= 74 + 8
            top.append(ui.Button((x, 12, 74, 34), "Hint", self.ask_hint, size=18,
                                 enabled=not self.session.busy()))
        return top, x - 12

    def curtain_buttons(self):
        """Ready, and the move the person who passed the device may still take back."""
        screen = self.app.screen
        buttons = [ui.Button((screen.lw / 2 - 90, screen.lh / 2 + 30, 180, 52), "Ready", self.ready,
                             primary=True, size=24)]
        if self.can_undo():
            label = f"Take back {self.session.name(self.shown)}'s move"
            w = screen.text_width(label, 18) + 28
            buttons.append(ui.Button((screen.lw / 2 - w / 2, screen.lh / 2 + 100, w, 38), label,
                                     self.take_back, size=18))
        return buttons

    # ---- time: animations, computer players, the end of a hand ------------------------------
    def busy(self):
        return bool(self.motion.busy() or self.ui_state.message_time > 0 or self.bot_wait > 0
                    or self.hold.seconds > 0)

    def update(self, dt):
        if self.curtain is None and self.pending:
            self.animate()
        moving = self.motion.busy()
        self.motion.update(dt)
        self.dirty = self.dirty or moving
        state = self.ui_state
        if state.message_time > 0:
            state.message_time = max(0.0, state.message_time - dt)
            if state.message_time == 0:
                state.message = ""
                self.dirty = True
        self.advance(dt)

    def settled(self):
        """Has everything moved so far landed (no card in flight, no event still to be
        shown, the die still)?"""
        return not (self.motion.flights or self.pending or self.motion.rolling > 0)

    def advance(self, dt):
        """Move the game on when nothing is animating: the curtain, computer turns, the end
        (or, once the director's work is done, its end over the table)."""
        if self.over:
            return
        settled = self.settled()
        if self.director.finished(self):
            if settled:
                self.over = True
                self.ui_state.message = ""
                self.read()
                self.layout()
            return
        if not settled or self.ui_state.dialog:
            return
        if self.turn_cue and self.my_turn():     # once everything has landed
            self.turn_cue = False
            self.app.sounds.play("turn")
        if self.hold.seconds > 0:
            self.dirty = self.hold.update(dt) or self.dirty
            return
        self.director.tick(self)
        if self.pending or self.hold.wait or self.director.waiting(self):
            return
        working = self.session.busy()
        result = self.session.poll_bot()
        if result is None and working and not self.session.busy():
            self.layout()          # an answer about a position taken back: Hint is free again
        if result is not None:
            purpose, seat, action, reason = result
            if purpose == "move":
                self.submit(action, by_person=False)
                return
            label = self.presenter.action_label(action, self.names, with_cards=True, view=self.current_view)
            self.say(f"Hint: {label}" + (f": {reason}" if reason else ""), hint=True)
            self.show_hint(action)
        if self.session.is_over or self.hand_ended:       # its outcome was read: the scores
            self.go("scoring", interim=not self.session.is_over, scores_due=False)
            return
        self.decide_view()
        current = self.session.current_player
        if self.curtain is not None or current is None:
            return
        if self.director.moves_for(self, current):
            self.pace_bot(dt)
            return
        legal = self.legal_now
        if self.director.auto_end_turn and len(legal) == 1 and legal[0].kind == "end_turn":
            self.submit(legal[0], by_person=False)

    def pace_bot(self, dt):
        """A computer player moves after a pause as long as a card's flight and a half."""
        if self.session.busy():
            return
        if self.bot_wait <= 0 and not self.bot_armed:
            self.bot_wait = self.app.settings.move_seconds * 1.5
            self.bot_armed = True
            return
        self.bot_wait = max(0.0, self.bot_wait - dt)
        if self.bot_wait <= 0:
            self.bot_armed = False
            self.director.computer_move(self)

    # ---- input: intents carried out -------------------------------------------------------------
    def handle_event(self, event):
        if event.type in (BOT_DONE, NET_EVENT):
            self.dirty = True
            return
        pos = self.app.screen.logical(event.pos) if hasattr(event, "pos") else None
        for intent in self.input.read(event, pos, self.laid, self.ui_state, self.log_tips):
            self.carry_out(intent)

    def carry_out(self, intent):
        """Do what an intent (scenes/table_input.py) means."""
        state = self.ui_state
        kind = type(intent)
        if kind is table_input.Play:
            self.choose(list(intent.actions), intent.title, intent.default, intent.confirmed)
        elif kind is table_input.Toggle:
            if any(c is intent.card for c in state.selection):
                state.selection = [c for c in state.selection if c is not intent.card]
            else:
                state.selection = state.selection + [intent.card]
            self.layout()
        elif kind is table_input.PickLane:
            state.selection = [intent.card]
            self.say(f"Click a lane for {card_name(intent.card)}")
            self.layout()
        elif kind is table_input.Refuse:
            self.say(intent.words, (intent.card,))
        elif kind is table_input.Press:
            self.press(intent)
        elif kind is table_input.Scroll:
            state.log_scroll = max(0, state.log_scroll + intent.entries)
            state.log_tip = None
            self.dirty = True
        elif kind is table_input.Focus:
            if self.laid.cover == "dialog":
                state.dialog.focus = intent.index
            else:
                state.focus = intent.index
            self.dirty = True
        else:
            self.point(intent)

    def press(self, intent):
        """A button pressed (by the pointer or the keyboard)."""
        if intent.focus is not None:
            if self.laid.cover == "dialog":
                self.ui_state.dialog.focus = intent.focus
            else:
                self.ui_state.focus = intent.focus
        self.dirty = True
        intent.button.activate()

    def point(self, intent):
        """The pointer's intents (hover, a card grabbed, dragged, dropped) and the keys'
        commands (undo, hint, close, back, continue)."""
        state = self.ui_state
        kind = type(intent)
        if kind is table_input.Hover:
            state.hovered = intent.placed
        elif kind is table_input.HoverButton:
            state.hover_button = intent.button
        elif kind is table_input.Tip:
            state.log_tip = intent.tip
        elif kind is table_input.Grab:
            state.press = (intent.placed, intent.pos)
            return
        elif kind is table_input.Drag:
            state.drag_pos = intent.pos
        elif kind is table_input.Drop:
            state.press = state.drag_pos = None
        elif kind is table_input.Undo:
            self.take_back()
        elif kind is table_input.Hint:
            self.ask_hint()
        elif kind is table_input.Close:
            self.close_dialog()
        elif kind is table_input.Back:
            self.back()
        elif kind is table_input.Continue and (self.settled() or not intent.by_click):
            self.continue_on()          # a click on the felt goes on only once the outcome has landed
        self.dirty = True

    def focused(self, item):
        """Is `item` (a placed card or a widget) where the keyboard is?"""
        items = self.laid.cards + self.laid.widgets
        return bool(self.app.keyboard and items) and items[self.ui_state.focus % len(items)] is item

    # ---- drawing ------------------------------------------------------------------------------
    def invalidate(self):
        """Paint the cached layer afresh at the next frame (as a change of layout would)."""
        self.static.invalidate()
        self.dirty = True

    def draw(self, screen):
        surf = screen.surface
        laid, state = self.laid, self.ui_state
        if self.curtain is not None:
            surf.blit(felt.image(*surf.get_size()), (0, 0))
            table_draw.curtain(screen, self.session.name(self.curtain))
            for widget in laid.widgets:
                widget.draw(screen, focused=self.focused(widget), hovered=widget is state.hover_button)
            return
        flying = self.motion.hidden()
        key = (self.version, state.focus, self.app.keyboard, self.session.thinking(), surf.get_size(),
               self.app.settings.colourblind, state.log_scroll, table_draw.flying_key(flying), self.told())
        look = table_draw.Look(self.presenter, self.current_view, self.app.settings.colourblind)
        self.static.blit(screen, key, lambda screen: self.draw_static(screen, look, flying))
        for button in laid.top:
            button.draw(screen, focused=self.focused(button), hovered=button is state.hover_button)
        for placed, rect in table_input.lifted(state, laid.board):
            if not table_draw.in_flight(placed, flying):
                table_draw.lifted(screen, placed, look, rect, self.focused)
                if placed.face_up and state.drag_pos is None:
                    table_draw.enlarged(screen, placed, look, laid.board, self.presenter.zoom_size(), screen.lh - 8)
        table_draw.flights(screen, self.motion, laid.board, look, self.presenter.sizes.centre)
        table_draw.die(screen, self.motion, laid.board)
        table_draw.message(screen, laid.board, state.message, state.message_spot)
        if self.hold.outcomes:
            banner = self.hold.outcome
            seat = banner.seat if banner is not None else None
            owners = self.presenter.owners(self.current_view)
            won = {z.key for z in self.current_view.zones if z.kind != "hand" and owners.get(z.key) == seat}
            table_draw.outcomes(screen, laid.board, self.hold.outcomes, won if seat is not None else set(), flying)
        table_draw.toast(screen, self.motion, self.top_span, laid.title_right)
        if state.log_tip is not None:
            table_draw.tooltip(screen, state.log_tip[0], state.log_tip[1], state.log_tip[0][0] - 8)
        if laid.cover == "dialog":
            table_draw.dialog(screen, laid.dialog_rect, state.dialog.title, laid.widgets, state.dialog.focus,
                              state.hover_button, self.app.settings.colourblind)
        else:
            for widget in laid.widgets:
                widget.draw(screen, focused=self.focused(widget), hovered=widget is state.hover_button)
            if laid.bubble is not None:
                table_draw.bubble(screen, laid.bubble)
        if self.over:
            self.director.draw_end(self, screen)

    def top_words(self):
        """The top bar's words: where the game stands (while an outcome is held, where it
        stood when the outcome came) and what to do now."""
        humans = [seat.human for seat in self.session.seats]
        return self.director.prompt(self, self.presenter.prompt(
            self.current_view, self.viewer, self.names, len(self.ui_state.selection), humans,
            self.legal_now if self.my_turn() else None, self.hold.wait, self.hold.context))

    def draw_static(self, screen, look, flying):
        """What changes only with the layout (and a card landing), into the cached layer:
        the felt, the top bar, the seats, the cards and the director's side panel."""
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        humans = [seat.human for seat in self.session.seats]
        self.top_span = table_draw.top_bar(screen, self.director.title(self), self.top_words(),
                                           self.laid.title_right)
        plates = table_draw.plate_words(self.current_view, self.names, humans, self.viewer, self.session.thinking(),
                                        self.presenter.statuses(self.current_view))
        lanes = table_input.open_lanes(self.legal_now, self.ui_state.selection, self.presenter)
        table_draw.felt_and_seats(screen, self.laid.board, plates, lanes)
        table_draw.cards(screen, self.laid.board, look, self.focused, flying)
        self.log_tips = self.director.draw_side(self, screen)
