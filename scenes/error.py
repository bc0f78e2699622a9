"""A calm message instead of a traceback: what happened, where the details were written,
and whether the game can be continued."""
from scenes import ui
from scenes.base import Scene
from sprites import felt, palette


class ErrorScene(Scene):
    """Shown after an unexpected error; the details are in the log file."""

    def layout(self):
        screen = self.app.screen
        self.widgets = [ui.Button((screen.lw / 2 - 230, screen.lh / 2 + 60, 210, 50), "Back to the menu",
                                  lambda: self.go("menu", session=None), primary=True, size=22),
                        ui.Button((screen.lw / 2 + 20, screen.lh / 2 + 60, 210, 50), "Quit", self.app.quit,
                                  size=22)]

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        screen.text("Sorry, something went wrong.", 36, palette.TEXT, (screen.lw / 2, screen.lh / 2 - 90), "center")
        screen.text("The game could not go on. The details were written to:", 20, palette.TEXT_DIM,
                    (screen.lw / 2, screen.lh / 2 - 40), "center")
        screen.text(str(self.persist.get("log_path", "")), 18, palette.TEXT_DIM,
                    (screen.lw / 2, screen.lh / 2 - 10), "center", width=screen.lw - 80)
        if self.persist.get("resumable"):
            screen.text("Your game was saved at its last move: choose Continue on the menu to go on.", 20,
                        palette.GOLD, (screen.lw / 2, screen.lh / 2 + 24), "center", width=screen.lw - 80)
        self.draw_widgets(screen)
