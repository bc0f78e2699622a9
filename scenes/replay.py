"""The replay viewer: a finished game's record shown on the table, move by move.

Read-only: the recorded game's states are rebuilt with `saves.replay` and drawn by the
table's own drawing, from everyone's public view or through one seat's eyes. Next and
Previous (buttons, Right and Left arrows, Home and End) step through the moves; Esc goes
back to the statistics. No action is ever submitted.
"""
import pygame

from game import saves
from scenes import present, ui
from scenes.base import Scene
from scenes.session import Session
from scenes.table import PANEL_W, TOP, TableScene
from sprites import palette


class ReplayScene(TableScene):
    """A TableScene that shows recorded states instead of playing."""

    def startup(self, persist):
        record = persist["record"]
        self.states = list(saves.replay(record))
        self.index = 0
        self.names = [seat["name"] for seat in record["seats"]]
        first = self.states[0]
        persist = dict(persist, session=Session.resume(first, record["seats"]), viewer=None, anchor=0,
                       events_seen=len(first.events), curtains=[], hands_seen=0)
        super().startup(persist)

    # ---- read-only: nobody plays, the view is the one chosen ----------------------------------
    def my_turn(self):
        return False

    def _decide_view(self):
        """The replay shows the view chosen with the Cards button; there is no curtain."""

    def _advance(self, dt):
        """Nothing moves the game on by itself."""

    # ---- stepping -----------------------------------------------------------------------------
    def show(self, index):
        """Show the state after move `index` (0 = the deal); one step forward animates."""
        index = max(0, min(len(self.states) - 1, index))
        if index == self.index:
            return
        before = {id(p.card): p.rect for p in self.placed if p.card is not None}
        anchors = dict(self.zone_boxes)
        forward = index == self.index + 1
        self.index = index
        self.state = self.session.state = self.states[index]
        self.flights, self.toasts, self.pending = [], [], []
        self.die_value = None
        self.rolling = 0.0
        if forward:
            self.pending = list(self.state.events)
            self._start_animations(before, anchors)
        self.layout()

    def next_move(self):
        self.show(self.index + 1)

    def previous_move(self):
        self.show(self.index - 1)

    def cycle_viewer(self):
        """Show the cards everyone sees, then each seat's own cards in turn."""
        seats = [None] + list(range(self.state.players))
        self.viewer = seats[(seats.index(self.viewer) + 1) % len(seats)]
        self.anchor = self.viewer if self.viewer is not None else 0
        self.layout()

    def viewer_label(self):
        return "Cards: everyone's view" if self.viewer is None else f"Cards: {self.names[self.viewer]}'s"

    # ---- layout and input -----------------------------------------------------------------------
    def layout(self):
        super().layout()
        screen = self.app.screen
        tw = screen.lw - PANEL_W - 20
        y = screen.lh - 18
        controls = []
        for label, action, enabled in (("Back", self.back, True),
                                       (self.viewer_label(), self.cycle_viewer, True),
                                       ("Previous", self.previous_move, self.index > 0),
                                       ("Next", self.next_move, self.index < len(self.states) - 1)):
            y -= 44
            controls.append(ui.Button((tw - 216, y, 206, 38), label, action, enabled=enabled,
                                      primary=label == "Next", size=18))
        controls.reverse()
        self.buttons_top = []
        self.focus_cards = []
        self.widgets = controls
        self.dirty = True

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
            Scene.key(self, event)
        self.dirty = True

    def _focused(self, item):
        return (self.app.keyboard and item in self.widgets
                and self.widgets.index(item) == self.focus % len(self.widgets))

    def back(self):
        self.go("statistics", session=None, record=None)

    # ---- drawing ----------------------------------------------------------------------------------
    def _draw_top(self, screen):
        state = self.state
        screen.panel((0, 0, screen.lw, TOP - 6), alpha=170, edge=None, radius=0)
        title = f"Replay: {self.session.info.title}"
        screen.text(title, 24, palette.TEXT, (18, 10))
        x = 18 + screen.text_width(title, 24) + 18
        moves = len(self.states) - 1
        words = [f"Move {self.index} of {moves}" if self.index else f"The deal ({moves} moves follow)"]
        if self.index:
            seat = self.states[self.index - 1].current_player
            who = self.names[seat] if seat is not None else ""
            words.append(f"{who}: {present.action_label(state.history[-1], self.names, with_cards=True)}")
        if state.is_over:
            winners = [self.names[w] for w in state.winners()]
            words.append("Game over: " + (" and ".join(winners) + " won" if winners else "no winner"))
        elif state.current_player is not None:
            words.append(f"{self.names[state.current_player]} to play")
        self.top_text_end = x + screen.text("  ·  ".join(words), 20, palette.GOLD, (x, 14),
                                            width=screen.lw - PANEL_W - 40 - x)
        self.title_right = screen.lw - PANEL_W - 20
