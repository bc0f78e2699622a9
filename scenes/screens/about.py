"""About Card Table: the version, the licence, where the log is for a problem report, and
the credits (game/credits.py: every third-party part with its licence), each of which
opens its notices, as the bundle carries them, in a page that scrolls."""
import pygame

from game import credits
from game.version import NAME, VERSION
from scenes.widgets import ui
from scenes.widgets.base import Scene
from sprites import felt, palette

PAGE_STEP = 60          # logical units the wheel or an arrow key scrolls a notice
HEAD, BODY = 27, 17     # an entry's name line, and each line of its words, in logical units
OWN = credits.Credit(NAME, "this app: the games' rules, the table, the computer players", "MIT",
                     "the LICENSE file beside this program's source", (credits.LICENSE,), None)


class AboutScene(Scene):
    """The credits as a list of buttons (arrows, Tab, Enter or a click open one); a
    notice as a page (wheel, arrows, PageUp/PageDown); Esc closes the page, then the scene."""

    def startup(self, persist):
        self.reading = None         # the Credit whose notices are shown, or None: the list
        self.lines_of = {}          # a credit's name: its licence beside the name (or None) and its lines
        self.lines = []
        self.scroll_y = 0
        super().startup(persist)

    def parts(self):
        """Card Table's own licence first, then every credit."""
        return [OWN] + credits.load()

    def layout(self):
        screen = self.app.screen
        self.w = min(1160, screen.lw - 80)
        self.x = screen.lw / 2 - self.w / 2
        back = ui.Button((screen.lw / 2 - 110, screen.lh - 62, 220, 46),
                         "Back to the list" if self.reading else "Back", self.back, size=22)
        if self.reading is not None:
            self.widgets = [back]
            text = credits.notice_text(self.reading.notices).replace("\f", "").expandtabs(8)
            self.lines = [line for paragraph in text.split("\n")
                          for line in (screen.wrap(paragraph, 16, self.w - 60) or [""])]
            return
        parts = self.parts()
        column = (self.w - 16) / 2
        self.lines_of = {part.name: self.part_lines(screen, part, column) for part in parts}
        top = 200
        self.widgets = []
        for row in range(0, len(parts), 2):
            pair = parts[row:row + 2]
            height = HEAD + BODY * max(len(self.lines_of[p.name][1]) for p in pair) + 5
            for i, part in enumerate(pair):
                rect = (self.x + i * (column + 16), top, column, height)
                button = ui.Button(rect, part.name, lambda p=part: self.read(p), size=19)
                button.part = part
                button.draw = lambda screen, focused=False, hovered=False, b=button: self._draw_part(
                    screen, b, focused, hovered)
                self.widgets.append(button)
            top += height + 6
        self.widgets.append(back)

    def part_lines(self, screen, part, width):
        """A credit's entry as drawn whole in `width`: the licence beside its name if both
        fit on a line (else None, and the licence heads the lines below), and the lines
        its words wrap into."""
        free = width - 28 - screen.text_width(part.name, 19) - 24
        beside = part.licence if screen.text_width(part.licence, 16) <= free else None
        body = part.use if beside else f"Licence: {part.licence}. {part.use[0].upper()}{part.use[1:]}"
        return beside, screen.wrap(body, 15, width - 28)

    def _draw_part(self, screen, button, focused, hovered):
        part = button.part
        fill = (40, 96, 66) if focused or hovered else palette.PANEL
        screen.panel(button.rect, fill=fill, alpha=220, edge=palette.PANEL_EDGE)
        if focused:
            ui.focus_ring(screen, button.rect)
        x, y, w, h = button.rect
        beside, lines = self.lines_of[part.name]
        screen.text(part.name, 19, palette.GOLD, (x + 14, y + 4))
        if beside:
            screen.text(beside, 16, palette.TEXT, (x + w - 14, y + 6), "topright")
        for i, line in enumerate(lines):
            screen.text(line, 15, palette.TEXT_DIM, (x + 14, y + HEAD + BODY * i))

    def read(self, part):
        """Show the notices of `part` (a Credit)."""
        self.reading = part
        self.scroll_y = 0
        self.focus = 0
        self.layout()
        self.dirty = True

    def back(self):
        """Esc: from a notice back to the list; from the list back to the menu."""
        if self.reading is None:
            self.go("menu")
            return
        shown = self.reading
        self.reading = None
        self.layout()
        self.focus = self.parts().index(shown)
        self.dirty = True

    def max_scroll(self):
        return max(0, len(self.lines) * 22 - (self.app.screen.lh - 270))

    def scroll(self, steps):
        if self.reading is not None:
            self.scroll_y = max(0, min(self.max_scroll(), self.scroll_y + steps * PAGE_STEP))
            self.dirty = True

    def key(self, event):
        steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 8, pygame.K_PAGEUP: -8}
        if self.reading is not None and event.key in steps:
            self.scroll(steps[event.key])
        else:
            super().key(event)

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.draw_title(screen, f"About {NAME}", f"Version {VERSION}")
        if self.reading is None:
            self._draw_list(screen)
        else:
            self._draw_notice(screen)
        self.draw_widgets(screen)

    def _draw_list(self, screen):
        screen.text(f"{NAME} is free software under the MIT licence. It is made with the parts "
                    "below, each under its own licence: choose one to read its notices.", 17,
                    palette.TEXT, (self.x, 128), width=self.w)
        lines = screen.wrap(f"Reporting a problem? Give the version above, and send the log file: "
                            f"{self.app.folders.log}", 17, self.w)
        for i, line in enumerate(lines[:2]):
            screen.text(line, 17, palette.TEXT_DIM, (self.x, 156 + 22 * i))

    def _draw_notice(self, screen):
        part = self.reading
        screen.text(f"{part.name}: {part.licence}", 22, palette.GOLD, (self.x, 126), width=self.w)
        screen.text(part.source, 16, palette.TEXT_DIM, (self.x, 158), width=self.w / 2)
        top, bottom = 190, screen.lh - 80
        screen.panel((self.x, top, self.w, bottom - top), alpha=200)
        screen.surface.set_clip(screen.rect((self.x, top + 8, self.w, bottom - top - 16)))
        first = int(self.scroll_y // 22)
        for i, line in enumerate(self.lines[first:first + int((bottom - top) // 22) + 2], first):
            screen.text(line, 16, palette.TEXT, (self.x + 30, top + 12 + 22 * i - self.scroll_y))
        screen.surface.set_clip(None)
        ui.scroll_marks(screen, (self.x, top, self.w, bottom - top), self.scroll_y, self.max_scroll())
        if self.max_scroll():
            screen.text("Scroll with the mouse wheel or the arrow keys", 15, palette.TEXT_DIM,
                        (self.x + self.w, 158), "topright")
