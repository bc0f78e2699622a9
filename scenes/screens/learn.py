"""Learn to play: the list of every mode's guided first game, reached from the menu, with
the chapters on house rules beside the lessons that have them."""
from game import tutorial
from scenes.widgets import ui
from scenes.widgets.base import Scene
from scenes.table.lesson import chapter_button, start
from sprites import felt, palette


class LearnScene(Scene):
    """Choose the mode to learn; Esc or Back goes to the menu."""

    def startup(self, persist):
        """Show the list with the mode last looked at in focus."""
        super().startup(persist)
        self.focus = next((i for i, w in enumerate(self.widgets)
                           if getattr(w, "info", None) is not None and w.info.id == self.persist.get("game_id")), 0)

    def layout(self):
        """One button per mode (with its chapters beside it), then Back."""
        screen = self.app.screen
        rows, y = ui.game_rows(screen, lambda info: f"Learn {info.title}", lambda g: start(self, g), 22)
        self.widgets = []
        for row in rows:
            self.widgets.append(row)
            chapters = tutorial.chapters(row.info.id)
            if chapters:
                row.rect.width -= 220 * len(chapters)
            for i, option in enumerate(chapters):
                x, top = row.rect.right + 12 + 220 * i, row.rect.y + (row.rect.h - 40) / 2
                self.widgets.append(ui.Button((x, top, 208, 40), chapter_button(row.info.id, option),
                                              lambda g=row.info.id, o=option: start(self, g, o), size=18))
        self.widgets.append(ui.Button((screen.lw / 2 - 90, y + 10, 180, 46), "Back", self.back, size=22))

    def back(self):
        """Esc or Back: the menu."""
        self.go("menu")

    def draw(self, screen):
        """The title and each mode's button with its one-line description."""
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.draw_title(screen, "Learn to play",
                        "A short guided game, a coach beside the table. A house rule is one Setup can switch on")
        for i, widget in enumerate(self.widgets):
            focused = i == self.focus % len(self.widgets) and self.app.keyboard
            info = getattr(widget, "info", None)
            if info is None:
                widget.draw(screen, focused=focused, hovered=widget is self.hover)
                continue
            fill = (40, 96, 66) if focused or widget is self.hover else palette.PANEL
            screen.panel(widget.rect, fill=fill, alpha=220, edge=palette.PANEL_EDGE)
            if focused:
                ui.focus_ring(screen, widget.rect)
            x, y, w, h = widget.rect
            screen.text(widget.label, 24, palette.GOLD, (x + 18, y + 7))
            screen.text(info.description, 17, palette.TEXT, (x + 18, y + 34), width=w - 36)
