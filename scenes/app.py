"""The app's loop and scene manager: `run(fullscreen) -> exit code`.

The loop waits for events while nothing moves (an idle table costs almost no CPU) and
draws frames only while a scene is busy or something changed. An unexpected error is
written to a log file in the user's log folder and shown as a calm message.
"""
import logging
import os
import sys
import time
import traceback

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment is set)

from scenes import config, ui  # noqa: E402
from sprites import cards as card_sprites  # noqa: E402
from sprites import felt  # noqa: E402
from sprites import text  # noqa: E402
from sprites.sound import Sounds  # noqa: E402

FPS = 60
LOG = logging.getLogger("cardtable")


def _scenes():
    """The scene classes by name (imported on first use, so the menu shows fast)."""
    from scenes.error import ErrorScene
    from scenes.menu import MenuScene
    from scenes.rules import RulesScene
    from scenes.scoring import ScoringScene
    from scenes.settings import SettingsScene
    from scenes.setup import SetupScene
    from scenes.table import TableScene
    return {"menu": MenuScene, "setup": SetupScene, "table": TableScene, "scoring": ScoringScene,
            "rules": RulesScene, "settings": SettingsScene, "error": ErrorScene}


def log_path():
    """The log file in the user's log folder (created when first needed)."""
    import platformdirs
    return os.path.join(platformdirs.user_log_dir("CardTable", appauthor=False), "cardtable.log")


def _log_error(error):
    path = log_path()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(time.strftime("%Y-%m-%d %H:%M:%S ") + "unexpected error\n")
        handle.write("".join(traceback.format_exception(error)))
    return path


class App:
    """The window, the settings, the sounds and the current scene."""

    def __init__(self, fullscreen=False, size=None):
        self.settings = config.load()
        if fullscreen:
            self.settings.fullscreen = True
        pygame.display.init()
        pygame.font.init()
        text.reset()
        ui.clear()
        card_sprites.clear()
        felt.clear()
        pygame.display.set_caption("Card Table")
        self.window_size = size or (self.settings.width, self.settings.height)
        self.screen = ui.Screen(self._set_mode())
        self.sounds = Sounds(self.settings.sound)
        self.clock = pygame.time.Clock()
        self.keyboard = False
        self.running = True
        self.frames = 0
        self.first_frame = None
        self.scenes = _scenes()
        self.scene = self.scenes["menu"](self)
        self.scene.startup({})
        self.errors = 0

    def _set_mode(self):
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    def toggle_fullscreen(self):
        """Switch between fullscreen and a window (F11)."""
        self.settings.fullscreen = not self.settings.fullscreen
        self._resized(self._set_mode())

    def _resized(self, surface):
        if self.screen.resize(surface):
            text.clear()
            ui.clear()
            card_sprites.clear()
        self.scene.layout()
        self.scene.dirty = True

    def quit(self):
        """Leave the app after this frame."""
        self.running = False

    def switch(self, name):
        """Hand over from the current scene to the scene `name`."""
        persist = self.scene.cleanup()
        self.scene = self.scenes[name](self)
        self.scene.startup(persist)

    def handle(self, event):
        """One event: window and global keys here, the rest to the scene."""
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if not self.settings.fullscreen and event.type == pygame.VIDEORESIZE:
                self.window_size = event.size
            self._resized(pygame.display.get_surface())
        elif event.type == pygame.WINDOWEXPOSED:
            self.scene.dirty = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            if event.type == pygame.KEYDOWN:
                self.keyboard = True
            elif event.type == pygame.MOUSEBUTTONDOWN and self.keyboard:
                self.keyboard = False
                self.scene.dirty = True
            self.scene.handle_event(event)

    def step(self, block=False):
        """Handle waiting events, advance the scene, draw if needed. With `block`, wait
        (without using the CPU) for an event when nothing moves."""
        busy = self.scene.busy() or self.scene.dirty
        if block and not busy:
            events = self._wait()
            dt = self.clock.tick() / 1000
        else:
            dt = min(0.1, self.clock.tick(FPS if block else 0) / 1000)
            events = pygame.event.get()
        for event in events:
            self.handle(event)
            if self.scene.next:
                self.switch(self.scene.next)
        self.scene.update(dt)
        if self.scene.next:
            self.switch(self.scene.next)
        if self.scene.dirty or self.scene.busy():
            self.draw()

    def _wait(self):
        """Nap until something happens (up to a second). pygame's wait() polls SDL every
        millisecond, which costs more CPU than a few short sleeps between polls."""
        for _ in range(40):
            events = pygame.event.get()
            if events:
                return events
            time.sleep(0.025)
        return []

    def draw(self):
        """Draw the current scene and show it."""
        self.scene.dirty = False
        self.scene.draw(self.screen)
        pygame.display.flip()
        self.frames += 1
        if self.first_frame is None:
            self.first_frame = time.time()

    def recover(self, error):
        """Log an unexpected error and show the calm message (False if that fails too)."""
        self.errors += 1
        path = _log_error(error)
        if self.errors > 3 or isinstance(self.scene, self.scenes["error"]):
            return False
        self.scene = self.scenes["error"](self)
        self.scene.startup({"log_path": path})
        return True

    def loop(self):
        """Run until the player quits; returns the exit code."""
        while self.running:
            try:
                self.step(block=True)
            except Exception as error:   # anything unexpected: log it, show a calm message
                if not self.recover(error):
                    return 1
            if os.environ.get("CARDTABLE_FIRST_FRAME_ONLY") and self.first_frame:
                print(f"first-frame {self.first_frame:.6f}", flush=True)
                return 0
        return 0


def run(fullscreen=False):
    """Open the window and run the app; returns the process exit code."""
    try:
        app = App(fullscreen=fullscreen)
    except Exception as error:   # no window could be opened, or a config file is broken
        path = _log_error(error)
        print(f"Card Table could not start: {error}\nDetails: {path}", file=sys.stderr)
        return 1
    try:
        return app.loop()
    finally:
        pygame.quit()
