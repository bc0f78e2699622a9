"""The table: any game drawn from one seat's view, with its legal moves and the curtain.

The controller of the table: it reads the game once per change, decides who looks
(with two or more people at the table, a curtain hides everything whenever control
passes to another person), paces the computer players, submits the chosen actions and
goes to the scores when a hand ends. The pieces it composes:

- scenes/presenters/: what the game looks like and says (one presenter per game);
- scenes/table_layout.py: where every card lies (pure geometry);
- scenes/table_motion.py: cards in flight, toasts, the die;
- scenes/table_input.py: from a click or a key to the candidate actions;
- scenes/table_draw.py: the drawing.

A click on a card plays it when one action fits; several-card actions work by selecting
cards and pressing the button that appears; actions without cards are buttons;
choices between arguments are small dialogs. Undo (a top button, or Ctrl+Z) takes the
person at the screen back as far as the Undo setting lets the session go.
"""
import pygame

import game
from scenes import config, table_draw, table_input, ui
from scenes.base import Scene
from scenes.presenters import presenter_for
from scenes.presenters.default import HAND_END, card_name
from scenes.session import BOT_DONE
from scenes.table_layout import dialog_places, lay_out
from scenes.table_motion import Hold, Motion
from sprites import felt, palette

LIFT = 14       # how far a card of your hand under the pointer rises (others show whole in place)
DRAG = 8        # how far the pointer moves with a card held before it is a drag


LOG_EVENTS = 250     # the log reads back this many events at most


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
        self.focus_item = 0
        self.log_scroll = 0          # log entries scrolled back from the newest
        self.log_tips = []           # the log entries cut short: (rect, full words)
        self.log_tip = None          # the one under the mouse
        self.hovered = None     # the placed card under the pointer, drawn lifted and whole
        self.press = None       # (placed card, logical point) while the button is held on a card
        self.drag_pos = None    # where a card being dragged is
        self.static = None
        self.static_key = None
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
        self.log_scroll = 0
        self.refocus = True     # the keyboard goes back to the main action

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

    def click_card(self, placed):
        """A click on a card: play it, select it, or say why it cannot be played."""
        if not self.my_turn():
            return
        if placed.card is None:
            self.click_hidden(placed)
            return
        click = table_input.click_card(self.legal_now, placed.card, self.selection, self.presenter,
                                       self.session.why_illegal)
        if click.what == "refuse":
            self.say(click.words)
        elif click.what == "play" and table_input.needs_lane(click.actions, self.presenter):
            self.selection = [placed.card]
            self.say(f"Click a lane for {card_name(placed.card)}")
            self.layout()
        elif click.what == "play":
            self.choose(click.actions, click.words, default=getattr(placed.card, "color", None))
        else:
            if any(c is placed.card for c in self.selection):
                self.selection = [c for c in self.selection if c is not placed.card]
            else:
                self.selection.append(placed.card)
            self.layout()

    def click_lane(self, lane, card):
        """A click on a lane of the field (or a card dropped there): put `card` in it."""
        fits = table_input.lane_fits(self.legal_now, lane, card, self.presenter)
        if fits:
            self.submit(fits[0])
        else:
            self.say(f"{card_name(card)} cannot go in that lane")

    def click_hidden(self, placed):
        """A click on a face-down card: a blind play or pick by position, if one fits."""
        owner = next((z.owner for z in self.current_view.zones if z.key == placed.zone), None)
        fits = table_input.hidden_fits(self.legal_now, placed, owner, self.viewer, self.presenter)
        if fits:
            self.choose(fits, "Choose")
        else:
            self.say("That card is face down")

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
        if self.hovered is not None:
            self.hovered = next((p for p in self.board.placed if p.face_up and p.card is self.hovered.card), None)
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
            self.widgets = self.dialog_buttons(screen.lw, screen.lh)
        else:
            entries = table_input.button_entries(self.legal_now, self.selection, self.presenter, self.names)
            self.widgets = table_input.action_buttons(entries, tw, screen.lh, self.run_entry, self.hint)
            self.widgets += self.buttons_top[::-1]          # Menu last: Enter never leaves by default
        if self.refocus and not self.dialog:
            self.refocus = False
            self.focus_item = self.main_focus()
            self.focus = max(0, self.focus_item - len(self.focus_cards))
        self.dirty = True

    def main_focus(self):
        """Where the keyboard starts after a change: a card you may play, else the first
        action button, else your first card, else Hint or Rules (never Menu or Undo)."""
        cards = self.focus_cards
        first = next((i for i, p in enumerate(cards) if p.raised), None)
        if first is None and any(getattr(w, "actions", None) for w in self.widgets):
            first = len(cards)
        if first is None and not cards:
            first = next((len(cards) + i for i, w in enumerate(self.widgets)
                          if getattr(w, "label", None) in ("Hint", "Rules", "Ready")), 0)
        return first if first is not None else 0

    def run_entry(self, what, actions, title):
        """An action button pressed: submit its move, choose among its moves, or clear."""
        if what == "submit":
            self.submit(actions[0])
        elif what == "choose":
            self.choose(actions, title)
        else:
            self.clear_selection()

    def dialog_buttons(self, lw, lh):
        """The dialog's choices in one or two columns, and Cancel."""
        options = self.dialog["options"]
        self.dialog["rect"], rects, cancel = dialog_places(len(options), lw, lh)
        buttons = []
        for rect, (label, action) in zip(rects, options):
            button = ui.Button(rect, label, lambda a=action: self.submit(a), size=18)
            button.actions = [action]
            button.swatch = action.arg if action.arg in palette.HEX else None
            buttons.append(button)
        self.focus = self.dialog.get("focus", 0)
        return buttons + [ui.Button(cancel, "Cancel", self.close_dialog, size=18)]

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
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_log(3 * event.y)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_log(self.app.screen.logical(event.pos))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = self.app.screen.logical(event.pos)
            if self.click(pos) or self.curtain is not None or self.dialog:
                return
            placed = self.card_under(pos)
            if placed is not None:
                self.press = (placed, pos)
            elif self.selection and self.my_turn():
                lane = self.board.lane_at(pos)
                if lane is not None:
                    self.click_lane(lane, self.selection[0])
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            self.release(self.app.screen.logical(event.pos))
            return
        if event.type == pygame.MOUSEMOTION and self.curtain is None and not self.dialog:
            self.pointer(self.app.screen.logical(event.pos))
        super().handle_event(event)

    def card_under(self, pos):
        """The card a click at `pos` means: the topmost one where it lies, else the lifted
        card above its place."""
        placed = table_input.card_at(self.board, pos)
        if placed is None and self.hovered is not None and self.hover_rect().collidepoint(pos):
            return self.hovered
        return placed

    def hover_rect(self):
        """Where the card under the pointer is drawn whole: raised if it is in your hand."""
        lift = LIFT if self.hovered.zone == self.board.hand_key else 0
        return self.hovered.rect.move(0, -lift)

    def pointer(self, pos):
        """The pointer moved: drag the held card, or lift the card under it (a redraw only
        when that card changes)."""
        if self.press is not None:
            placed, start = self.press
            if self.drag_pos is not None or abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG:
                self.drag_pos = pos
                self.dirty = True
            return
        under = self.card_under(pos)
        hovered = under if under is not None and under.face_up else None
        if hovered is not self.hovered:
            self.hovered = hovered
            self.dirty = True

    def release(self, pos):
        """The button let go of a held card: a click where it was pressed, a drop elsewhere
        (on a lane: into that lane; anywhere off the hand: as a click on the card)."""
        placed, start = self.press
        dragged = self.drag_pos is not None
        self.press = self.drag_pos = None
        self.dirty = True
        if not dragged:
            self.click_card(placed)
            return
        lane = self.board.lane_at(pos)
        if lane is not None and placed.face_up and self.my_turn():
            self.click_lane(lane, placed.card)
        elif placed.zone != self.board.hand_key or not pygame.Rect(
                *map(int, self.board.boxes[placed.zone])).inflate(0, 40).collidepoint(pos):
            self.click_card(placed)

    def scroll_log(self, entries):
        """Scroll the log back (positive) or forward (negative) by a number of entries."""
        self.log_scroll = max(0, self.log_scroll + entries)
        self.log_tip = None
        self.dirty = True

    def hover_log(self, pos):
        """Show the full words of a log entry cut short while the mouse is over it."""
        tip = next((t for t in self.log_tips if pygame.Rect(t[0]).collidepoint(pos)), None)
        if tip != self.log_tip:
            self.log_tip = tip
            self.dirty = True

    def click(self, pos):
        if self.curtain is None and not self.dialog:
            for button in self.buttons_top:
                if button.hit(pos):
                    button.activate()
                    return True
        return super().click(pos)

    def key(self, event):
        if table_input.is_undo(event):
            self.take_back()
        elif event.key == pygame.K_ESCAPE and self.dialog:
            self.close_dialog()
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_log(5 if event.key == pygame.K_PAGEUP else -5)
        elif event.key == pygame.K_h and self.curtain is None and self.my_turn():
            self.ask_hint()
        elif (self.curtain is None and not self.dialog and (self.focus_cards or self.widgets)
              and event.key in table_input.WALK):
            self.table_key(event)
        else:
            super().key(event)

    def table_key(self, event):
        """Keyboard on the table: arrows walk the cards, Up/Down/Tab go to the buttons."""
        items = self.focus_cards + self.widgets
        self.focus_item %= len(items)
        if event.key in table_input.ACTIVATE:
            item = items[self.focus_item]
            if item in self.focus_cards:
                self.click_card(item)
            else:
                item.activate()
        else:
            self.focus_item = table_input.walk(len(items), self.focus_item, event.key, event.mod)
        self.dirty = True

    def focused(self, item):
        """Is `item` (a placed card or a widget) where the keyboard is?"""
        items = self.focus_cards + self.widgets
        return bool(self.app.keyboard and items) and items[self.focus_item % len(items)] is item

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, screen):
        surf = screen.surface
        if self.curtain is not None:
            surf.blit(felt.image(*surf.get_size()), (0, 0))
            table_draw.curtain(screen, self.session.name(self.curtain))
            self.draw_widgets(screen)
            return
        key = (self.version, self.focus_item, self.app.keyboard, self.session.thinking(), surf.get_size(),
               self.app.settings.colourblind, self.log_scroll)
        look = table_draw.Look(self.presenter, self.current_view, self.app.settings.colourblind)
        if key != self.static_key:
            self.static_key = key
            self.draw_static(screen, look)
        surf.blit(self.static, (0, 0))
        for button in self.buttons_top:
            button.draw(screen, focused=self.focused(button), hovered=button is self.hover)
        if self.hovered is not None and self.press is None:
            table_draw.lifted(screen, self.hovered, look, self.hover_rect(), self.focused)
        if self.drag_pos is not None:
            r = self.press[0].rect
            table_draw.lifted(screen, self.press[0], look, r.move(self.drag_pos[0] - r.centerx,
                                                                    self.drag_pos[1] - r.centery), self.focused)
        table_draw.flights(screen, self.motion, self.board, look, self.presenter.sizes.centre)
        table_draw.die(screen, self.motion, self.board)
        table_draw.message(screen, self.board, self.message)
        if self.hold.outcome is not None:
            seat, words = self.hold.outcome
            owners = self.presenter.owners(self.current_view)
            won = {z.key for z in self.current_view.zones if z.kind != "hand" and owners.get(z.key) == seat}
            table_draw.outcome(screen, self.board, won if seat is not None else set(), words)
        table_draw.toast(screen, self.motion, self.top_text_end, self.title_right)
        if self.log_tip is not None:
            table_draw.tooltip(screen, self.log_tip[0], self.log_tip[1], self.log_tip[0][0] - 8)
        if self.dialog:
            table_draw.dialog(screen, self.dialog["rect"], self.dialog["title"], self.widgets, self.focus,
                              self.hover, self.app.settings.colourblind)
        else:
            for widget in self.widgets:
                widget.draw(screen, focused=self.focused(widget), hovered=widget is self.hover)

    def draw_static(self, screen, look):
        """Draw what changes only with the layout (felt, seats, cards, panels) once, into
        a cached surface; frames then blit it and draw only what moves on top."""
        surf = screen.surface
        if self.static is None or self.static.get_size() != surf.get_size():
            self.static = pygame.Surface(surf.get_size()).convert()
        screen.surface = self.static
        try:
            self.static.blit(felt.image(*surf.get_size()), (0, 0))
            humans = [seat.human for seat in self.session.seats]
            words = self.presenter.prompt(self.current_view, self.viewer, self.names, len(self.selection), humans)
            self.top_text_end = table_draw.top_bar(screen, self.session.info.title, words, self.title_right)
            plates = table_draw.plate_words(self.current_view, self.names, humans, self.viewer,
                                            self.session.thinking())
            table_draw.felt_and_seats(screen, self.board, plates)
            table_draw.cards(screen, self.board, look, self.focused)
            self.draw_side(screen)
        finally:
            screen.surface = surf

    def draw_side(self, screen):
        """The right-hand panel: scores, the game's facts and the log (its hover tips kept)."""
        self.log_tips = table_draw.side_panel(screen, self.current_view, self.presenter, self.names,
                                              self.session.seed, "Moves", self.log_lines(), self.log_scroll)

    def log_lines(self):
        """The log: the latest moves as the viewer saw them, one entry per turn."""
        since = max(0, len(self.state.events) - LOG_EVENTS)
        return self.presenter.log_lines(self.state.events_for(self.viewer, since), self.names, self.zone_names())
