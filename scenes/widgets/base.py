"""The scene base class: focus and keyboard navigation shared by every scene.

A scene has `startup(persist)`, `cleanup() -> persist`, `handle_event(event)`,
`update(dt)` and `draw(screen)`. It sets `self.next` (a scene name) and
`self.persist` to ask the app for a change of scene.
"""
import math

import pygame

from sprites import palette
from sprites.text import BODY, DISPLAY

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
WALKING = (pygame.K_TAB, *ARROWS, *ACTIVATE)       # the keys that move or take the ring


def toward(widgets, at, step):
    """The widget the keyboard goes to from `widgets[at]` by an arrow `step` ((dx, dy), one
    of them 0), as they lie on the screen: the nearest one that way, those across the
    arrow's path first (nearest along it), then the nearest of the rest, those switched
    off passed over; Left and Right stay on their line
    (`at` where nothing lies that way)."""
    here = widgets[at].rect
    dx, dy = step
    best, score = at, None
    for i, widget in enumerate(widgets):
        rect = widget.rect
        ahead = (rect.centerx - here.centerx) * dx + (rect.centery - here.centery) * dy
        if i == at or ahead <= 0 or not getattr(widget, "enabled", True):
            continue
        across = (rect.left < here.right and rect.right > here.left) if dy else \
            (rect.top < here.bottom and rect.bottom > here.top)
        if dx and not across:
            continue
        aside = abs(rect.centerx - here.centerx) if dy else abs(rect.centery - here.centery)
        mine = (not across, ahead + 2 * aside if across else math.hypot(ahead, aside))
        if score is None or mine < score:
            best, score = i, mine
    return best


class Scene:
    """A screen of the app. Subclasses build `self.widgets` in `layout()`."""

    title = ""

    def __init__(self, app):
        self.app = app
        self.next = None
        self.persist = {}
        self.widgets = []
        self.focus = 0
        self.hover = None
        self.dirty = True

    # ---- the scene contract -------------------------------------------------------
    def startup(self, persist):
        """Start showing the scene with the data handed over by the previous one."""
        self.persist = dict(persist)
        self.next = None
        self.focus = 0
        self.layout()
        self.off_the_switched_off()
        self.dirty = True

    def cleanup(self):
        """Stop showing the scene; returns the data for the next one."""
        return self.persist

    def go(self, name, **changes):
        """Ask the app to switch to scene `name`, passing `changes` on."""
        self.persist.update(changes)
        self.next = name

    def layout(self):
        """Place the widgets for the current canvas size."""

    def busy(self):
        """True while something moves or waits on a timer (the app then draws frames)."""
        return False

    def update(self, dt):
        """Advance animations and timers by `dt` seconds."""

    def draw(self, screen):
        """Draw the whole scene."""

    def back(self):
        """What Esc does: by default, back to the menu."""
        self.go("menu")

    # ---- input ----------------------------------------------------------------------
    def handle_event(self, event):
        """Route mouse and keys to widgets; Tab/arrows move focus, Enter acts, Esc goes back."""
        if event.type == pygame.MOUSEMOTION:
            pos = self.app.screen.logical(event.pos)
            hover = next((w for w in self.widgets if w.hit(pos)), None)
            if hover is not self.hover:
                self.hover = hover
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(self.app.screen.logical(event.pos))
            self.off_the_switched_off()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.KEYDOWN:
            self.key(event)
            self.off_the_switched_off()

    def click(self, pos):
        """A left click at a logical position."""
        for i, widget in enumerate(self.widgets):
            if widget.hit(pos):
                self.focus = i
                self.dirty = True
                widget.activate()
                return True
        return False

    def scroll(self, steps):
        """The mouse wheel turned by `steps` (positive = down)."""

    def key(self, event):
        """A key press: focus movement (Tab in the list's order, the arrows to the widget next
        that way on the screen: see `toward`; the first Tab, arrow or Enter after the mouse
        or at launch only shows the ring where the keys rest: nothing is taken where no
        ring was shown, walkD16 #9), activation, or Esc."""
        k = event.key
        if k == pygame.K_ESCAPE:
            self.back()
        elif k in WALKING and self.widgets and not self.app.ring_was_shown:
            self.dirty = True       # the first after the mouse shows where the keys rest, never past it
        elif k == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif k in ARROWS:
            if self.widgets:
                self.focus = toward(self.widgets, self.focus % len(self.widgets), ARROWS[k])
                self.dirty = True
        elif k in ACTIVATE:
            if self.widgets:
                self.widgets[self.focus % len(self.widgets)].activate()
                self.dirty = True

    def off_the_switched_off(self):
        """The keys never rest on a button switched off: at a screen's start, or when the
        button they are on switches off (a '+' pressed up to the most players), they go to
        the nearest one that works."""
        if not self.widgets:
            return
        here = self.widgets[self.focus % len(self.widgets)]
        if getattr(here, "enabled", True):
            return
        working = [i for i, w in enumerate(self.widgets) if getattr(w, "enabled", True)]
        if working:
            at = here.rect.center
            self.focus = min(working, key=lambda i: math.dist(self.widgets[i].rect.center, at))
            self.dirty = True

    def move_focus(self, step):
        """Move the keyboard focus by `step` widgets (skipping disabled ones)."""
        if not self.widgets:
            return
        for _ in range(len(self.widgets)):
            self.focus = (self.focus + step) % len(self.widgets)
            if getattr(self.widgets[self.focus], "enabled", True):
                break
        self.dirty = True

    def draw_widgets(self, screen):
        """Draw every widget, marking the focused and hovered ones."""
        for i, widget in enumerate(self.widgets):
            widget.draw(screen, focused=i == self.focus % max(1, len(self.widgets)) and self.app.keyboard,
                        hovered=widget is self.hover)

    def draw_title(self, screen, words, sub=None):
        """A scene heading at the top of the canvas."""
        screen.text(words, DISPLAY, palette.TEXT, (screen.lw / 2, 40), "midtop")
        if sub:
            screen.text(sub, BODY, palette.TEXT_DIM, (screen.lw / 2, 92), "midtop")
