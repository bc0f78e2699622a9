"""The app's loop and scene manager: `run(fullscreen) -> exit code`.

The loop waits for events while nothing moves (an idle table costs almost no CPU) and
draws frames only while a scene is busy or something changed. An unexpected error is
written to a log file in the user's log folder (with the record of the game being
played) and shown as a calm message; the game's autosave stays resumable.
"""
import ctypes
import ctypes.util
import json
import logging
import os
import sys
import time
import traceback
import warnings

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment is set)

from game import saves  # noqa: E402
from game.version import TITLE  # noqa: E402
from scenes import config  # noqa: E402
from scenes.widgets import controls  # noqa: E402
from scenes.widgets import ui, wake  # noqa: E402
from sprites import cards as card_sprites  # noqa: E402
from sprites import felt  # noqa: E402
from sprites import text  # noqa: E402
from sprites.sound import Sounds  # noqa: E402

FPS = 60
MIN_WINDOW = config.MIN_WINDOW
FIRST_WINDOW = 0.9        # the first window's share of the screen, across and down
PLACING_SECONDS = 1.0     # how long a window moved by F11 is watched for a window manager's shift
LOG = logging.getLogger("cardtable")


def _scenes():
    """The scene classes by name (imported on first use, so the menu shows fast)."""
    from scenes.screens.about import AboutScene
    from scenes.screens.error import ErrorScene
    from scenes.network.join import JoinScene
    from scenes.screens.learn import LearnScene
    from scenes.network.lobby import LobbyScene
    from scenes.screens.menu import MenuScene
    from scenes.screens.rules import RulesScene
    from scenes.screens.scoring import ScoringScene
    from scenes.screens.replay import ReplayScene
    from scenes.screens.settings import SettingsScene
    from scenes.screens.setup import SetupScene
    from scenes.screens.statistics import StatisticsScene
    from scenes.table.scene import TableScene
    return {"menu": MenuScene, "setup": SetupScene, "table": TableScene, "scoring": ScoringScene,
            "rules": RulesScene, "settings": SettingsScene, "error": ErrorScene,
            "statistics": StatisticsScene, "replay": ReplayScene, "learn": LearnScene,
            "join": JoinScene, "lobby": LobbyScene, "about": AboutScene}


def carries_out_full_screen():
    """Does a window manager carry out a full-screen request here? Under X11 only one that
    says it follows the EWMH (the root window's _NET_SUPPORTING_WM_CHECK): SDL asks for
    full screen by that convention, and without it the request is ignored unseen. The
    headless driver has no window manager at all; every other system has its own."""
    driver = pygame.display.get_driver()
    if driver == "dummy":
        return False
    if driver != "x11":
        return True
    try:
        x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    except OSError:
        return True
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XGetWindowProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long,
                                       ctypes.c_long, ctypes.c_int, ctypes.c_ulong,
                                       ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_int),
                                       ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong),
                                       ctypes.POINTER(ctypes.c_void_p)]
    x11.XFree.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(None)           # the display SDL uses ($DISPLAY), a connection of our own
    if not display:
        return True
    try:
        atom = x11.XInternAtom(display, b"_NET_SUPPORTING_WM_CHECK", True)
        if not atom:
            return False
        kind, form, items, after, data = (ctypes.c_ulong(), ctypes.c_int(), ctypes.c_ulong(), ctypes.c_ulong(),
                                          ctypes.c_void_p())
        x11.XGetWindowProperty(display, x11.XDefaultRootWindow(display), atom, 0, 1, False, 0,
                               ctypes.byref(kind), ctypes.byref(form), ctypes.byref(items), ctypes.byref(after),
                               ctypes.byref(data))
        if data:
            x11.XFree(data)
        return items.value > 0
    finally:
        x11.XCloseDisplay(display)


def first_window(desktop):
    """The window's size on a first start: the largest within 90% of the `desktop`'s
    (width, height), never under MIN_WINDOW."""
    return tuple(max(low, int(side * FIRST_WINDOW)) for side, low in zip(desktop, MIN_WINDOW))


def _log_error(error, session=None, folders=None):
    """Append the traceback (and the record of `session`'s game) to the log; its path."""
    path = (folders or saves.Folders()).log
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(time.strftime("%Y-%m-%d %H:%M:%S ") + "unexpected error\n")
        handle.write("".join(traceback.format_exception(error)))
        if session is not None:
            try:
                record = json.dumps(saves.record_of(session.state, session.saved_seats()))
            except Exception as failure:   # the state itself may be what broke
                record = f"(the record could not be made: {failure!r})"
            handle.write(f"game record: {record}\n")
    return path


class App:
    """The window, the settings, the sounds and the current scene. With `frame_seconds`,
    every frame advances time by exactly that (tests step time by hand); `executor` runs
    the computer players of the games it starts (scenes/widgets/wake.threads by default)."""

    def __init__(self, fullscreen=False, size=None, frame_seconds=None, executor=None):
        self.folders = saves.Folders()
        saves.clean_temporary(self.folders)
        self.settings, problem = config.load_user(self.folders)
        self.notices = []            # one-line messages the menu shows once
        if problem:
            self.notice(f"Your settings could not be read, so the defaults are in use. {problem}")
        if fullscreen:
            self.settings.fullscreen = True
        pygame.display.init()
        pygame.font.init()
        text.reset()
        ui.clear()
        card_sprites.clear()
        felt.clear()
        pygame.display.set_caption(TITLE)
        self.window_size, self.window_position = self._opening_window(size)
        self.screen = ui.Screen(self._open_window())
        self.sounds = Sounds(self.settings.sound, self.settings.volume)
        self.clock = pygame.time.Clock()
        self.frame_seconds = frame_seconds
        self.executor = executor or wake.threads
        self.keyboard = False
        self.ring_was_shown = False     # was the keyboard's ring shown before the key in hand?
        self.pointer = None              # where the pointer was at its last event (pixels; None before one)
        self.clicked = (None, 0.0, None)  # the last click: where (pixels), when (seconds of `time`), on what scene
        self.time = 0.0                  # the seconds the app's frames have advanced by
        self.showing_controls = False    # the controls overlay (F1 or ?)
        self.running = True
        self.network = None              # the hosted table or joined seat (scenes/network/net.py)
        self.frames = 0
        self.first_frame = None
        self.scenes = _scenes()
        self.scene = self.scenes["menu"](self)
        self.scene.startup({})
        self.errors = 0
        self.search_started = False      # the hard player's worker processes (loop)

    def _opening_window(self, size):
        """(size, position or None to centre it) of the window to open: `size` if given;
        else the window as it was left, if it fits a screen; else the largest size within
        90% of the screen."""
        desktops = pygame.display.get_desktop_sizes()
        left = self.settings.window
        if size:
            return tuple(size), None
        if left and any(left["width"] <= w and left["height"] <= h for w, h in desktops):
            return (left["width"], left["height"]), (left["x"], left["y"])
        return first_window(desktops[0]), None

    def _open_window(self):
        """Open the window as remembered (centred the first time), then fullscreen if
        that was how it was left. Returns the display surface."""
        pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        with warnings.catch_warnings():     # pygame-ce would rather own the whole window
            warnings.simplefilter("ignore", DeprecationWarning)
            self.window = pygame.Window.from_display_module()
        self.window.minimum_size = MIN_WINDOW
        self.window.position = self.window_position or pygame.WINDOWPOS_CENTERED
        self.window_position = tuple(self.window.position)
        self.placing = None       # (where F11 put the window, until when it is watched)
        self.self_filled = False  # full screen is the window itself over its screen (see _fill_screen)
        if self.settings.fullscreen:
            self._fill_screen()
        return pygame.display.get_surface()

    def _fill_screen(self):
        """Full screen: the window manager's where one carries it out; with none that can
        (no window manager, or an X11 one that ignores the request while SDL reports the
        screen's size: the table was laid out larger than the window and cut off), the
        window itself borderless over its screen (the place and size SDL gives a
        full-screen window there), watched for a frame the manager adds above it."""
        self.window.set_fullscreen(desktop=True)
        self.self_filled = not carries_out_full_screen()
        if self.self_filled:
            place, size = tuple(self.window.position), tuple(self.window.size)
            self.window.set_windowed()
            self.window.borderless = True
            self.window.size = size
            self.window.position = place
            self.placing = (place, time.monotonic() + PLACING_SECONDS)

    def _put_back(self):
        """The window as it was before full screen: its frame, size and place. A window
        manager that puts the frame where the window itself was asked to go (its title
        bar's height lower each time) is corrected once (see `_placed`)."""
        self.window.set_windowed()
        self.window.size = self.window_size
        if self.self_filled:
            self.window.borderless = False
            self.placing = (self.window_position, time.monotonic() + PLACING_SECONDS)
        self.window.position = self.window_position

    def _placed(self, x, y):
        """The window moved to (x, y): while it is watched after F11 placed it, a shift
        from where it was put (a frame's title bar) is undone once."""
        if self.placing is None:
            return
        (want_x, want_y), until = self.placing
        if time.monotonic() > until:
            self.placing = None
        elif (x, y) != (want_x, want_y):
            self.placing = None
            self.window.position = (2 * want_x - x, 2 * want_y - y)

    def _window_as_it_is(self):
        """Take the window's size and place now (the player may have moved or resized it)."""
        if not self.settings.fullscreen:
            self.window_size = tuple(max(n, low) for n, low in zip(self.window.size, MIN_WINDOW))
            self.window_position = tuple(self.window.position)

    def toggle_fullscreen(self):
        """Switch between fullscreen and the window exactly as it was (F11)."""
        self._window_as_it_is()
        self.settings.fullscreen = not self.settings.fullscreen
        if self.settings.fullscreen:
            self._fill_screen()
        else:
            self._put_back()
        self._resized(pygame.display.get_surface())
        self.remember_window()

    def remember_window(self):
        """Keep the window's size and place, and fullscreen, for the next start."""
        self._window_as_it_is()
        (width, height), (x, y) = self.window_size, self.window_position
        self.settings.window = {"width": width, "height": height, "x": x, "y": y}
        self.save_settings()

    def save_settings(self):
        """Keep the settings for the next start (a failure becomes a notice)."""
        try:
            config.save_user(self.folders, self.settings)
        except OSError as error:
            self.notice(f"The settings could not be saved ({error.strerror or error}).")

    def notice(self, words):
        """A calm one-line message for the menu to show (once)."""
        if words not in self.notices:
            self.notices.append(words)
        if getattr(self, "scene", None) is not None:
            self.scene.dirty = True

    def session(self):
        """The game being played, if any (for the log when something goes wrong)."""
        scene = getattr(self, "scene", None)
        session = getattr(scene, "session", None) or (scene.persist.get("session") if scene else None)
        return session if session is not None and not session.state.is_over else None

    def _resized(self, surface):
        if self.screen.resize(surface):
            text.clear()
            ui.clear()
            card_sprites.clear()
        self.scene.layout()
        self.scene.dirty = True

    def end_network(self):
        """Close the hosted table or the joined seat, if any: the game is left."""
        if self.network is not None:
            self.network.close()
            self.network = None

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
            self._resized(pygame.display.get_surface())
        elif event.type == pygame.WINDOWEXPOSED:
            self.scene.dirty = True
        elif event.type == pygame.WINDOWMOVED:
            self._placed(event.x, event.y)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.showing_controls and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.showing_controls = False           # any key or click closes the overlay
            self.scene.dirty = True
        elif event.type == pygame.KEYDOWN and (event.key == pygame.K_F1 or (
                event.unicode == "?" and getattr(self.scene, "editing", None) is None)):
            self.showing_controls = True
            self.scene.dirty = True
        else:
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self.pointer = event.pos
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.clicked = (event.pos, self.time, self.scene)
            if event.type == pygame.KEYDOWN:
                self.ring_was_shown, self.keyboard = self.keyboard, True
            elif event.type == pygame.MOUSEBUTTONDOWN and self.keyboard:
                self.keyboard = False
                self.scene.dirty = True
            self.scene.handle_event(event)

    def frame(self, block=False):
        """One frame: handle waiting events, advance the scene, draw if needed. With `block`, wait
        (without using the CPU) for an event when nothing moves."""
        busy = (self.scene.busy() and not self.showing_controls) or self.scene.dirty
        if block and not busy:
            events = self._wait()
            dt = self.clock.tick() / 1000
        else:
            dt = min(0.1, self.clock.tick(FPS if block else 0) / 1000)
            events = pygame.event.get()
        if self.frame_seconds is not None:
            dt = self.frame_seconds
        self.time += dt
        for event in events:
            self.handle(event)
            if self.scene.next:
                self.switch(self.scene.next)
        if self.network is not None:        # moves made at other computers, whatever shows
            self.network.pump()
        if not self.showing_controls:           # the controls overlay holds the game still
            self.scene.update(dt)
        if self.scene.next:
            self.switch(self.scene.next)
        if self.scene.dirty or (self.scene.busy() and not self.showing_controls):
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
        if self.showing_controls:
            controls.draw(self.screen)
        pygame.display.flip()
        self.frames += 1
        if self.first_frame is None:
            self.first_frame = time.time()

    def recover(self, error):
        """Log an unexpected error and show the calm message (False if that fails too)."""
        self.errors += 1
        session = self.session()
        path = _log_error(error, session, self.folders)
        if self.errors > 3 or isinstance(self.scene, self.scenes["error"]):
            return False
        resumable = session is not None and session.folders is not None and os.path.exists(
            session.folders.autosave)
        self.scene = self.scenes["error"](self)
        self.scene.startup({"log_path": path, "resumable": resumable})
        return True

    def loop(self):
        """Run until the player quits; returns the exit code."""
        while self.running:
            try:
                self.frame(block=True)
            except Exception as error:   # anything unexpected: log it, show a calm message
                if not self.recover(error):
                    return 1
            if os.environ.get("CARDTABLE_FIRST_FRAME_ONLY") and self.first_frame:
                print(f"first-frame {self.first_frame:.6f}", flush=True)
                return 0
            if self.first_frame and not self.search_started:
                self.search_started = True      # the hard player's cores, ready before a game
                cores = self.settings.thinking["cores"]
                if cores > 1:
                    from game.bots import workers
                    workers.warm(cores)
        return 0


def run(fullscreen=False):
    """Open the window and run the app; returns the process exit code."""
    try:
        app = App(fullscreen=fullscreen)
    except Exception as error:   # no window could be opened, or a config file is broken
        path = _log_error(error)
        print(f"Card Table could not start: {error}\nDetails: {path}", file=sys.stderr)
        return 1
    return play(app)


def play(app):
    """Run `app` until the player quits, then close it: the window remembered, the
    network left, the hard player's worker processes stopped. Returns the exit code."""
    try:
        return app.loop()
    finally:
        app.remember_window()
        app.end_network()
        from game.bots import workers     # the hard player's, if any were started
        workers.close_shared()
        pygame.quit()
