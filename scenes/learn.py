"""Learn to play: the list of every mode's guided first game, reached from the menu."""
import game
from scenes import ui
from scenes.base import Scene
from scenes.tutorial import start
from sprites import felt, palette


class LearnScene(Scene):
    """Choose the mode to learn; Esc or Back goes to the menu."""

    def startup(self, persist):
        """Show the list with the mode last looked at in focus."""
        super().startup(persist)
        ids = list(game.GAMES)
        if self.persist.get("game_id") in ids:
            self.focus = ids.index(self.persist["game_id"])

    def layout(self):
        """One button per mode, then Back."""
        screen = self.app.screen
        self.widgets, y = ui.game_rows(screen, lambda info: f"Learn {info.title}",
                                       lambda g: start(self, g), 22)
        self.widgets.append(ui.Button((screen.lw / 2 - 90, y + 10, 180, 46), "Back", self.back, size=22))

    def back(self):
        """Esc or Back: the menu."""
        self.go("menu")

    def draw(self, screen):
        """The title and each mode's button with its one-line description."""
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.draw_title(screen, "Learn to play",
                        "A short guided game: a coach beside the table shows every rule as it comes up")
        for i, widget in enumerate(self.widgets):
            focused = i == self.focus % len(self.widgets) and self.app.keyboard
            info = getattr(widget, "info", None)
            if info is None:
                widget.draw(screen, focused=focused, hovered=widget is self.hover)
                continue
            fill = (40, 96, 66) if focused or widget is self.hover else palette.PANEL
            screen.panel(widget.rect, fill=fill, alpha=220, edge=palette.GOLD if focused else palette.PANEL_EDGE)
            x, y, w, h = widget.rect
            screen.text(widget.label, 24, palette.GOLD, (x + 18, y + 7))
            screen.text(info.description, 17, palette.TEXT, (x + 18, y + 34), width=w - 36)
