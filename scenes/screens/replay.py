"""The replay viewer: a finished game's record shown on the table, move by move.

Read-only: the recorded game's states are rebuilt with `saves.replay` and drawn with the
table's own pieces (its game's presenter, the layout, the motion and the drawing), as
everyone at the table saw it, through one seat's eyes (its hand too), or with every card
face up. The top bar says each move in the log's words, and the log tells the game so
far as the cards shown allow. Next and Previous (buttons, Right and Left arrows, Home
and End) step through the moves; while the keyboard is used, the side panel names its keys
as the table's does. Esc goes back to the statistics. No action is ever submitted.
"""
import pygame

from game import saves
from game.core import SharedEvent
from scenes.table import draw as table_draw
from scenes.widgets import ui
from scenes.widgets.base import Scene
from scenes.table.presenters import presenter_for
from scenes.table.layout import PANEL_W, lay_out
from scenes.table.motion import Motion
from sprites import felt

LOG_EVENTS = 250        # the log tells at most this many of the latest events
KEYS = ("Left, Right: a move back, on", "Home, End: the deal, the end", "V: whose cards",
        "Esc: statistics")         # the replay's keys, at the foot of its side panel
ALL = "all"             # the viewer that sees every card


class ReplayScene(Scene):
    """Shows recorded states on the table instead of playing."""

    def startup(self, persist):
        record = persist["record"]
        self.states = list(saves.replay(record, to_first_illegal="note" in record))
        self.told = [0]             # how many events the game had told after each move
        for state in self.states:
            self.told.append(self.told[-1] + len(state.events))
        self.index = 0
        self.names = [seat["name"] for seat in record["seats"]]
        self.humans = [seat["level"] is None for seat in record["seats"]]
        self.state = self.states[0]
        self.presenter = presenter_for(self.state.info)
        self.viewer = None
        self.motion = Motion()
        self.view = self.state.view(self.viewer)
        self.message = record.get("note", "")   # a record of other rules says so throughout
        super().startup(persist)

    # ---- stepping -----------------------------------------------------------------------------
    def show(self, index):
        """Show the state after move `index` (0 = the deal); one step forward animates."""
        index = max(0, min(len(self.states) - 1, index))
        if index == self.index:
            return
        before = {id(p.card): p.rect for p in self.board.placed if p.card is not None}
        boxes = dict(self.board.boxes)
        forward = index == self.index + 1
        self.index = index
        self.state = self.states[index]
        self.view = self.seen()
        self.motion.clear()
        self.layout()
        if forward:             # one step forward: what that move did (a replayed state's events)
            zones = {z.key: z for z in self.view.zones}
            self.motion.start(self.shown_events(self.state.events), self.seat(), self.presenter,
                              lambda e: self.presenter.event_line(e, self.names, zones),
                              before, [boxes, self.board.boxes], self.app.settings.move_seconds,
                              self.app.sounds.play)

    def seen(self):
        """The view shown: everyone's, a seat's, or every card face up."""
        return self.state.open_view() if self.viewer == ALL else self.state.view(self.viewer)

    def seat(self):
        """The seat whose eyes the cards are seen through (None: everyone's)."""
        return None if self.viewer == ALL else self.viewer

    def shown_events(self, events):
        """`events` as the cards shown allow (every card: as they happened)."""
        if self.viewer == ALL:
            return [e._replace(visible_to=None) for e in events]
        return [e.for_seat(self.viewer) for e in events]

    def events_to(self, index):
        """The events of the game from its deal to move `index`, as the cards shown allow."""
        start = max(0, self.told[index + 1] - LOG_EVENTS)
        events = [e for state in self.states[:index + 1] for e in state.events]
        return self.shown_events(events[start:])

    def next_move(self):
        self.show(self.index + 1)

    def previous_move(self):
        self.show(self.index - 1)

    def cycle_viewer(self):
        """Show the cards everyone saw, then each seat's own cards in turn, then every card."""
        seats = [None] + list(range(self.state.players)) + [ALL]
        self.viewer = seats[(seats.index(self.viewer) + 1) % len(seats)]
        self.view = self.seen()
        self.layout()

    def viewer_label(self):
        if self.viewer == ALL:
            return "Cards: all"
        return "Cards: everyone's view" if self.viewer is None else f"Cards: {self.names[self.viewer]}'s"

    # ---- layout and input -----------------------------------------------------------------------
    def layout(self):
        screen = self.app.screen
        self.board = lay_out(self.view, self.presenter, self.seat() if self.seat() is not None else 0,
                             self.names, (screen.lw, screen.lh), screen.text_width, scale=screen.s)
        y = screen.lh - 18
        controls = []
        for label, action, enabled in (("Back", self.back, True),
                                       (self.viewer_label(), self.cycle_viewer, True),
                                       ("Previous", self.previous_move, self.index > 0),
                                       ("Next", self.next_move, self.index < len(self.states) - 1)):
            y -= 44
            controls.append(ui.Button((self.board.table_w - 216, y, 206, 38), label, action, enabled=enabled,
                                      primary=label == "Next", size=18))
        controls.reverse()
        self.widgets = controls
        self.dirty = True

    def busy(self):
        return self.motion.busy()

    def update(self, dt):
        moving = self.motion.busy()
        self.motion.update(dt)
        self.dirty = self.dirty or moving

    def key(self, event):
        k = event.key
        if k == pygame.K_RIGHT:
            self.next_move()
        elif k == pygame.K_LEFT:
            self.previous_move()
        elif k == pygame.K_HOME:
            self.show(0)
        elif k == pygame.K_END:
            self.show(len(self.states) - 1)
        elif k == pygame.K_v:
            self.cycle_viewer()
        else:
            super().key(event)
        self.dirty = True

    def back(self):
        self.go("statistics", session=None, record=None)

    # ---- drawing ----------------------------------------------------------------------------------
    def top_words(self):
        """Which move this is, who made it, and who plays next (or who won: the game's end
        said once, walkD16 #7)."""
        state = self.state
        moves = len(self.states) - 1
        follow = f"{moves} move follows" if moves == 1 else f"{moves} moves follow"
        words = [f"Move {self.index} of {moves}" if self.index else f"The deal ({follow})"]
        if self.index:
            zones = {z.key: z for z in self.view.zones}
            events = [e for e in self.shown_events(state.events) if e.kind != SharedEvent.GAME_OVER]
            told = self.presenter.log_lines(events, self.names, zones)   # the end is said once, with who won
            if told:
                words.append("; ".join(told))
            else:
                seat = self.states[self.index - 1].current_player
                who = self.names[seat] if seat is not None else ""
                words.append(f"{who}: {self.presenter.action_label(state.history[-1], self.names, view=self.view)}")
        if state.is_over:
            winners = [self.names[w] for w in state.winners()]
            words.append("Game over: " + (" and ".join(winners) + " won" if winners else "no winner"))
        elif state.current_player is not None:
            seat = state.current_player
            words.append(self.presenter.waiting(self.view, seat, self.names) or f"{self.names[seat]} to play")
        return "  ·  ".join(words)

    def draw(self, screen):
        surf = screen.surface
        look = table_draw.Look(self.presenter, self.view, self.app.settings.colourblind)
        surf.blit(felt.image(*surf.get_size()), (0, 0))
        words_at = table_draw.top_bar(screen, f"Replay: {self.state.info.title}", self.top_words(),
                                 screen.lw - PANEL_W - 20)
        plates = table_draw.plate_words(self.view, self.names, self.humans, statuses=self.presenter.statuses(self.view))
        table_draw.felt_and_seats(screen, self.board, plates)
        table_draw.cards(screen, self.board, look, None, self.motion.hidden())
        table_draw.message(screen, self.board, self.message)
        zones = {z.key: z for z in self.view.zones}
        lines = self.presenter.log_lines(self.events_to(self.index), self.names, zones)
        table_draw.side_panel(screen, self.view, self.presenter, self.names, self.state.chance.seed,
                              "Moves so far", lines, table_draw.lit_seat(plates),
                              keys=KEYS if self.app.keyboard else ())
        table_draw.flights(screen, self.motion, self.board, look, self.presenter.sizes.centre)
        table_draw.die(screen, self.motion, self.board, self.presenter.die_face(self.view, self.motion.die_value))
        table_draw.toast(screen, self.motion, words_at, screen.lw - PANEL_W - 20)
        self.draw_widgets(screen)
