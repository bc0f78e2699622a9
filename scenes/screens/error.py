"""A calm message instead of a traceback: what happened, where the details were written,
whether the game can be continued, and the details to copy for a problem report (the
version, the system, the last lines of the log) on the clipboard."""
import os
import platform

import pygame

from game.version import TITLE
from scenes.widgets import ui
from scenes.widgets.base import Scene
from sprites import felt, palette

LOG_LINES = 40          # the log's last lines a problem report carries
LOG_TAIL_BYTES = 64 * 1024


def details(log_path):
    """What a problem report needs, as text: the app's version, the system it runs on,
    where the log is, and the log's last LOG_LINES lines."""
    try:
        with open(log_path, "rb") as handle:
            handle.seek(max(0, os.path.getsize(log_path) - LOG_TAIL_BYTES))
            tail = handle.read().decode("utf-8", "replace").splitlines()[-LOG_LINES:]
    except OSError as error:
        tail = [f"(the log could not be read: {error.strerror or error})"]
    sdl = ".".join(map(str, pygame.get_sdl_version()))
    return "\n".join([TITLE,
                      f"System: {platform.platform()}; Python {platform.python_version()}; "
                      f"pygame-ce {pygame.version.ver}, SDL {sdl}",
                      f"Log: {log_path}", f"The log's last {len(tail)} lines:", *tail]) + "\n"


class ErrorScene(Scene):
    """Shown after an unexpected error; the details are in the log file, and Copy the
    details puts them on the clipboard."""

    def startup(self, persist):
        self.copied = None          # what Copy the details said, once pressed
        super().startup(persist)

    def layout(self):
        screen = self.app.screen
        y = screen.lh / 2 + 76
        self.widgets = [ui.Button((screen.lw / 2 - 345, y, 210, 50), "Back to the menu",
                                  lambda: self.go("menu", session=None), primary=True, size=22),
                        ui.Button((screen.lw / 2 - 115, y, 230, 50), "Copy the details", self.copy,
                                  size=22),
                        ui.Button((screen.lw / 2 + 135, y, 210, 50), "Quit", self.app.quit, size=22)]

    def copy(self):
        """Put the details of the problem on the clipboard, and say so (or why not)."""
        try:
            pygame.scrap.put_text(details(self.persist.get("log_path", "")))
            self.copied = "Copied: paste them into your problem report, with what you were doing."
        except pygame.error as error:
            self.copied = f"The clipboard could not be used ({error}): send the log file instead."
        self.dirty = True

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        screen.text("Sorry, something went wrong.", 36, palette.TEXT, (screen.lw / 2, screen.lh / 2 - 110), "center")
        screen.text("The game could not go on. The details were written to:", 20, palette.TEXT_DIM,
                    (screen.lw / 2, screen.lh / 2 - 60), "center")
        screen.text(str(self.persist.get("log_path", "")), 18, palette.TEXT_DIM,
                    (screen.lw / 2, screen.lh / 2 - 30), "center", width=screen.lw - 80)
        if self.persist.get("resumable"):
            screen.text("Your game was saved at its last move: choose Continue on the menu to go on.", 20,
                        palette.GOLD, (screen.lw / 2, screen.lh / 2 + 4), "center", width=screen.lw - 80)
        screen.text(f"To report it, Copy the details ({TITLE}, your system and the log's last lines).",
                    17, palette.TEXT_DIM, (screen.lw / 2, screen.lh / 2 + 40), "center", width=screen.lw - 80)
        if self.copied:
            screen.text(self.copied, 18, palette.GOLD, (screen.lw / 2, screen.lh / 2 + 150), "center",
                        width=screen.lw - 80)
        self.draw_widgets(screen)
