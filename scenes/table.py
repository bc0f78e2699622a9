"""The table: any game drawn from one seat's view, with its legal moves and the curtain.

The controller of the table: it reads the game once per change, decides who looks
(with two or more people at the table, a curtain hides everything whenever control
passes to another person), paces the computer players, submits the chosen actions and
goes to the scores when a hand ends. The pieces it composes:

- scenes/presenters/: what the game looks like and says (one presenter per game);
- scenes/table_layout.py: where every card lies (pure geometry);
- scenes/table_motion.py: cards in flight, toasts, the die, an outcome's hold;
- scenes/table_input.py: from a click or a key to the candidate actions (TableInput
  holds the pointer, the log's scrolling and the keyboard focus);
- scenes/table_draw.py: the drawing (and the cached layer of what only the layout changes).

A click on a card plays it when one action fits; several-card actions work by selecting
cards and pressing the button that appears; actions without cards are buttons;
choices between arguments are small dialogs. Undo (a top button, or Ctrl+Z) takes the
person at the screen back as far as the Undo setting lets the session go.
"""
import game
from scenes import config, table_draw, table_input, ui
from scenes.base import Scene
from scenes.presenters import presenter_for
from scenes.presenters.default import HAND_END
from scenes.session import BOT_DONE
from scenes.table_layout import lay_out
from scenes.table_motion import Hold, Motion
from sprites import felt

class TableScene(Scene):
    """Plays a Session: shows the viewer's table, submits the chosen actions."""

    AUTO_END_TURN = True    # a person's turn whose only move left is End turn ends by itself

    def startup(self, persist):
        self.session = persist["session"]
        self.state = self.session.state
        self.presenter = presenter_for(self.session.info)
        self.names = [s.name for s in self.session.seats]
        self.viewer = persist.get("viewer")
        self.anchor = persist.get("anchor", self.viewer if self.viewer is not None else
                                  (self.session.humans() or [0])[0])
        self.curtain = None
        self.shown = None            # the person who looked last, while the curtain is up
        self.curtains = persist.setdefault("curtains", [])
        self.selection = []
        self.hint = None
        self.dialog = None
        self.message = ""
        self.message_time = 0.0
        self.motion = Motion()
        self.pending = list(self.state.events[persist.get("events_seen", 0):])
        # A hand has ended and its scores are due: set by the events the table receives
        # (or by the menu, for a game saved at that moment).
        self.hand_ended = persist.get("scores_due", False)
        self.bot_wait = 0.0
        self.bot_armed = False
        self.end_wait = 0.0
        self.hold = Hold()
        self.input = table_input.TableInput(self)
        self.static = table_draw.Layer()
        self.version = 0
        self.refresh()
        super().startup(persist)
        self.decide_view()

    def cleanup(self):
        self.persist.update(viewer=self.viewer, anchor=self.anchor, events_seen=len(self.state.events))
        return self.persist

    # ---- who sees what ------------------------------------------------------------------
    def refresh(self):
        """Read the game once after a change: the view drawn and the moves the person may make."""
        self.current_view = self.state.view(self.viewer)
        self.legal_now = self.state.legal_actions() if self.my_turn() else ()
        self.input.reset()

    def decide_view(self):
        """Choose the viewer; raise the curtain when control passes to another person.
        Whatever changes who looks is read and laid out again."""
        seen = (self.viewer, self.anchor, self.curtain)
        humans = self.session.humans()
        current = self.state.current_player
        if len(humans) <= 1:
            self.viewer = humans[0] if humans else None
            self.anchor = humans[0] if humans else 0
        elif self.state.is_over:
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
            self.refresh()
            self.layout()

    def ready(self):
        """The next person has the device: drop the curtain."""
        if self.curtain is None:
            return
        self.viewer = self.anchor = self.curtain
        self.curtain = None
        self.refresh()
        self.layout()

    def my_turn(self):
        """Can the person at the device act now?"""
        current = self.state.current_player
        return (current is not None and current == self.viewer and self.curtain is None
                and self.session.is_human(current) and not self.state.is_over)

    # ---- actions ----------------------------------------------------------------------------
    def submit(self, action):
        """Send one action to the session and start animating what it caused."""
        before = {id(p.card): p.rect for p in self.board.placed if p.card is not None}
        boxes = dict(self.board.boxes)
        try:
            events = self.session.submit(action)
        except game.IllegalAction as error:
            self.say(str(error))
            return
        self.selection = []
        self.hint = None
        self.dialog = None
        self.message = ""
        self.hand_ended = self.hand_ended or any(e.kind == HAND_END for e in events)
        self.pending.extend(events)
        mover = self.viewer
        self.refresh()
        current = self.state.current_player
        self.hold.decide(events, self.presenter.HOLDS, self.event_words, self.pace(),
                         mover is not None and len(self.session.humans()) > 1 and current != mover
                         and self.session.is_human(current))
        self.animate(before, boxes)
        if self.session.problem:
            self.say(self.session.problem)
            self.app.notice(self.session.problem)
            self.session.problem = None

    def animate(self, before=None, boxes=None):
        """Turn the events received into flights, toasts, sounds and a die roll (not behind
        the curtain: they wait until the next person is ready)."""
        if self.curtain is not None:
            self.layout()
            return
        events, self.pending = self.pending, []
        self.layout()
        self.motion.start(events, self.viewer, self.presenter, self.event_words, before or {},
                          [boxes or {}, self.board.boxes], self.app.settings.move_seconds, self.app.sounds.play)
        self.layout()

    def pace(self):
        """The animation speed against the normal one (0 for Instant)."""
        return self.app.settings.move_seconds / config.MOVE_SECONDS["normal"]

    def event_words(self, event):
        """An event's line in the log (and its toast)."""
        return self.presenter.event_line(event, self.names, self.zone_names())

    def zone_names(self):
        """The zones' names in the view drawn, by key."""
        return {z.key: z.name for z in self.current_view.zones}

    def say(self, words):
        """Show a short message above the hand (an illegal move's reason, for instance)."""
        self.message = words[0].upper() + words[1:] if words else ""
        self.message_time = 4.0
        self.dirty = True

    def choose(self, actions, title, default=None):
        """Submit the only action, or open a dialog to choose one of several."""
        if len(actions) == 1:
            self.submit(actions[0])
            return
        options = [(self.presenter.action_label(a, self.names, view=self.current_view), a) for a in actions]
        focus = next((i for i, (_, a) in enumerate(options) if a.arg == default), 0)
        self.dialog = {"title": title, "options": options, "focus": focus}
        self.layout()

    def close_dialog(self):
        self.dialog = None
        self.layout()

    def clear_selection(self):
        self.selection = []
        self.layout()

    def ask_hint(self):
        """Ask the strongest computer player for a suggestion."""
        if self.my_turn() and not self.session.busy():
            self.session.start_hint(self.app.settings.thinking_time)
            self.say("Thinking about a hint...")
            self.layout()

    # ---- undo ------------------------------------------------------------------------------
    def person_at_screen(self):
        """The person at the device: the one shown (the last one shown while a computer
        plays, or, behind the curtain, the one who just passed it on); None once the game
        is over or while its scores are due."""
        if self.state.is_over or self.hand_ended:
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
        """Undo for the person at the screen: the session goes back, the table forgets what
        it was showing of the later position (a computer's thinking is dropped when it
        answers, and the computers decide again); the curtain is shown for the person to
        play if that is someone else."""
        person = self.person_at_screen()
        if person is None:
            return
        now = self.session.undo(person, self.app.settings.undo)
        if now is None:
            return
        undone = self.state.history[len(self.session.state.history):]
        self.state = self.session.state
        self.pending = []
        self.motion.clear()
        self.selection = []
        self.hint = None
        self.dialog = None
        self.bot_wait = 0.0
        self.bot_armed = False
        self.end_wait = 0.0
        self.hold.clear()
        self.curtain = None
        self.viewer = person           # decide_view raises the curtain if `now` is someone else
        if now == person:
            self.anchor = person
        self.refresh()
        self.decide_view()
        self.layout()
        if self.curtain is None:
            later = len(undone) - 1
            words = self.presenter.action_label(undone[0], self.names, with_cards=True, view=self.current_view)
            self.say(f"Taken back: {words}"
                     + (f", and {later} move{'s' if later > 1 else ''} after it" if later else ""))
        if self.session.problem:
            self.say(self.session.problem)
            self.app.notice(self.session.problem)
            self.session.problem = None

    def back(self):
        self.go("menu", session=None)

    def show_rules(self):
        self.go("rules", rules_game=self.session.game_id, return_to="table")

    # ---- layout ----------------------------------------------------------------------------
    def layout(self):
        """Lay the table out again from the view read last (cards, buttons, dialog)."""
        screen = self.app.screen
        self.version += 1
        playable = {c.name for a in self.legal_now for c in a.cards}
        self.board = lay_out(self.current_view, self.presenter, self.anchor, self.names,
                             (screen.lw, screen.lh), screen.text_width, self.motion.hidden(), playable,
                             {c.name for c in self.hint.cards} if self.hint is not None else (),
                             self.selection, self.app.settings.hand_order)
        self.focus_cards = self.board.focus_cards(playable)
        tw = self.board.table_w
        self.buttons_top = []
        x = tw + 10
        for label, action in (("Menu", self.back), ("Rules", self.show_rules)):
            w = screen.text_width(label, 18) + 28
            x -= w + 8
            self.buttons_top.append(ui.Button((x, 12, w, 34), label, action, size=18))
        if self.can_undo():
            x -= 74 + 8
            self.buttons_top.append(ui.Button((x, 12, 74, 34), "Undo", self.take_back, size=18))
        if self.my_turn():
            x -= 74 + 8
            self.buttons_top.append(ui.Button((x, 12, 74, 34), "Hint", self.ask_hint, size=18,
                                              enabled=not self.session.busy()))
        self.title_right = x - 12
        if self.curtain is not None:
            self.widgets = [ui.Button((screen.lw / 2 - 90, screen.lh / 2 + 30, 180, 52), "Ready", self.ready,
                                      primary=True, size=24)]
            if self.can_undo():
                label = f"Take back {self.session.name(self.shown)}'s move"
                w = screen.text_width(label, 18) + 28
                self.widgets.append(ui.Button((screen.lw / 2 - w / 2, screen.lh / 2 + 100, w, 38), label,
                                              self.take_back, size=18))
        elif self.dialog:
            self.dialog["rect"], self.widgets = table_input.dialog_buttons(
                self.dialog["options"], screen.lw, screen.lh, self.submit, self.close_dialog)
            self.focus = self.dialog.get("focus", 0)
        else:
            entries = table_input.button_entries(self.legal_now, self.selection, self.presenter, self.names)
            self.widgets = table_input.action_buttons(entries, tw, screen.lh, self.input.run_entry, self.hint)
            self.widgets += self.buttons_top[::-1]          # Menu last: Enter never leaves by default
        self.mark()
        self.input.laid_out()
        self.dirty = True

    def mark(self):
        """Mark the cards and buttons someone points the player to, before the keyboard
        finds its place (a lesson's coach does; a plain table marks only the hint)."""

    # ---- time: animations, computer players, the end of a hand ------------------------------
    def busy(self):
        return bool(self.motion.busy() or self.message_time > 0 or self.bot_wait > 0 or self.end_wait > 0
                    or self.hold.seconds > 0)

    def update(self, dt):
        if self.curtain is None and self.pending:
            self.animate()
        moving = self.motion.busy()
        if self.motion.update(dt):
            self.layout()
        self.dirty = self.dirty or moving
        if self.message_time > 0:
            self.message_time = max(0.0, self.message_time - dt)
            if self.message_time == 0:
                self.message = ""
                self.dirty = True
        self.advance(dt)

    def advance(self, dt):
        """Move the game on when nothing is animating: the curtain, computer turns, the end."""
        if self.motion.flights or self.pending or self.motion.rolling > 0 or self.dialog:
            return
        if self.hold.seconds > 0:
            self.dirty = self.hold.update(dt) or self.dirty
            return
        working = self.session.busy()
        result = self.session.poll_bot()
        if result is None and working and not self.session.busy():
            self.layout()          # an answer about a position taken back: Hint is free again
        if result is not None:
            purpose, seat, action, reason = result
            if purpose == "move":
                self.submit(action)
                return
            self.hint = action
            label = self.presenter.action_label(action, self.names, with_cards=True, view=self.current_view)
            self.say(f"Hint: {label}" + (f": {reason}" if reason else ""))
            self.layout()
        if self.state.is_over or self.hand_ended:
            if self.end_wait <= 0:
                self.end_wait = 0.6 if self.app.settings.move_seconds else 0.01
                return
            self.end_wait -= dt
            if self.end_wait <= 0:
                self.go("scoring", interim=not self.state.is_over, scores_due=False)
            return
        self.decide_view()
        current = self.state.current_player
        if self.curtain is not None or current is None:
            return
        if not self.session.is_human(current):
            self.pace_bot(dt)
            return
        legal = self.legal_now
        if self.AUTO_END_TURN and len(legal) == 1 and legal[0].kind == "end_turn":
            self.submit(legal[0])

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
            self.computer_move()

    def computer_move(self):
        """The computer player to act starts thinking (its move arrives through poll_bot)."""
        self.session.start_bot(self.app.settings.thinking_time)
        self.layout()

    # ---- input ----------------------------------------------------------------------------
    def handle_event(self, event):
        if event.type == BOT_DONE:
            self.dirty = True
        elif not self.input.handle_event(event):
            super().handle_event(event)

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, screen):
        surf = screen.surface
        if self.curtain is not None:
            surf.blit(felt.image(*surf.get_size()), (0, 0))
            table_draw.curtain(screen, self.session.name(self.curtain))
            self.draw_widgets(screen)
            return
        key = (self.version, self.input.focus_item, self.app.keyboard, self.session.thinking(), surf.get_size(),
               self.app.settings.colourblind, self.input.log_scroll)
        look = table_draw.Look(self.presenter, self.current_view, self.app.settings.colourblind)
        self.static.blit(screen, key, lambda screen: self.draw_static(screen, look))
        for button in self.buttons_top:
            button.draw(screen, focused=self.input.focused(button), hovered=button is self.hover)
        for placed, rect in self.input.lifted():
            table_draw.lifted(screen, placed, look, rect, self.input.focused)
        table_draw.flights(screen, self.motion, self.board, look, self.presenter.sizes.centre)
        table_draw.die(screen, self.motion, self.board)
        table_draw.message(screen, self.board, self.message)
        if self.hold.outcome is not None:
            seat, words = self.hold.outcome
            owners = self.presenter.owners(self.current_view)
            won = {z.key for z in self.current_view.zones if z.kind != "hand" and owners.get(z.key) == seat}
            table_draw.outcome(screen, self.board, won if seat is not None else set(), words)
        table_draw.toast(screen, self.motion, self.top_text_end, self.title_right)
        tip = self.input.log_tip
        if tip is not None:
            table_draw.tooltip(screen, tip[0], tip[1], tip[0][0] - 8)
        if self.dialog:
            table_draw.dialog(screen, self.dialog["rect"], self.dialog["title"], self.widgets, self.focus,
                              self.hover, self.app.settings.colourblind)
        else:
            for widget in self.widgets:
                widget.draw(screen, focused=self.input.focused(widget), hovered=widget is self.hover)

    def title(self):
        """The top bar's title: the game's."""
        return self.session.info.title

    def draw_static(self, screen, look):
        """What changes only with the layout, into the cached layer: the felt, the top bar,
        the seats, the cards and the side panel."""
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        humans = [seat.human for seat in self.session.seats]
        words = self.presenter.prompt(self.current_view, self.viewer, self.names, len(self.selection), humans)
        self.top_text_end = table_draw.top_bar(screen, self.title(), words, self.title_right)
        plates = table_draw.plate_words(self.current_view, self.names, humans, self.viewer, self.session.thinking())
        lanes = table_input.open_lanes(self.legal_now, self.selection, self.presenter)
        table_draw.felt_and_seats(screen, self.board, plates, lanes)
        table_draw.cards(screen, self.board, look, self.input.focused)
        self.draw_side(screen)

    def draw_side(self, screen):
        """The right-hand panel: scores, the game's facts and the log (its hover tips kept)."""
        lines = table_draw.log_lines(self.state, self.viewer, self.presenter, self.names, self.zone_names())
        self.input.log_tips = table_draw.side_panel(screen, self.current_view, self.presenter, self.names,
                                                    self.session.seed, "Moves", lines, self.input.log_scroll)
