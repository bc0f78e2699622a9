"""The table draws the same frames as before: a scripted game of every mode (and a game
in pass-and-play with an undo, a lesson and a replay) is played through the window's
events with time stepped by hand, every frame drawn and hashed byte for byte, and the
hashes compared with `tests/golden/frames.json`.

A change that is meant to alter what the table shows makes this fail: look at the
frames it names (written to the folder the failure gives), and if they are right, write
the hashes afresh with `python3 -m tests.test_table_frames` and say in the commit what
changed and why. The hashes hold for the pygame-ce version pinned in requirements.txt.
"""
import hashlib
import json
import os
import random
import sys
import tempfile

import pygame
import pytest

from game import registry, saves, tutorial
from scenes import app as app_module
from scenes.table import lesson as lessons
from scenes.table.session import Seat, Session, inline
from tests import seventh
from tests.test_ui_play import card_point, choose

GOLDEN = os.path.join(os.path.dirname(__file__), "golden", "frames.json")
DT = 1 / 30
MOVES = 8               # the person's moves per scripted game
EXTRAS = ["pass_and_play", "lesson", "replay"]
SCRIPTS = list(registry.GAMES) + EXTRAS


# ---- what the script reads of the table (the only lines that know its insides) -------------------
def waiting(table):
    """Is the table still, waiting for the person at it?"""
    model = table.model
    return (model.my_turn() and not table.motion.flights and not model.timeline.pending and not model.ui.dialog
            and model.hold.seconds == 0 and not model.rolled)


def held(table):
    """Does the table hold an outcome until a key is pressed?"""
    return table.model.hold.waiting


def dialog(table):
    return table.model.ui.dialog


def selection(table):
    return table.model.ui.selection


def coach(table):
    return table.model.director.coach


# ---- the driver --------------------------------------------------------------------------------
class Driver:
    """The app's frames made by hand: events handled, the scene updated by DT, the frame
    drawn and hashed."""

    def __init__(self, expected=(), keep=None):
        self.app = app_module.App(size=(1280, 720), executor=inline)
        self.app.settings.animation_speed = "fast"
        self.app.settings.sound = False
        self.app.sounds.enabled = False
        self.hashes = []
        self.flying = []            # whether cards were in the air in each frame
        self.expected = list(expected)
        self.keep = keep            # a folder for the frames that differ (every frame without `expected`)

    def frame(self, *events):
        app = self.app
        pygame.event.clear()
        for event in events:
            app.handle(event)
            if app.scene.next:
                app.switch(app.scene.next)
        app.scene.update(DT)
        if app.scene.next:
            app.switch(app.scene.next)
        app.scene.dirty = False
        app.scene.draw(app.screen)
        surface = app.screen.surface
        n = len(self.hashes)
        self.flying.append(bool(getattr(getattr(app.scene, "motion", None), "flights", None)))
        self.hashes.append(hashlib.sha1(pygame.image.tobytes(surface, "RGB")).hexdigest()[:16])
        if self.keep and (n >= len(self.expected) or self.expected[n] != self.hashes[-1]):
            pygame.image.save(surface, os.path.join(self.keep, f"{n:04d}.png"))

    def point(self, logical, buttons=(0, 0, 0)):
        pos = self.app.screen.pixel(logical)
        self.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))

    def click(self, logical):
        pos = self.app.screen.pixel(logical)
        self.frame(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.frame(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.frame(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def key(self, key, mod=0):
        self.frame(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))

    def click_widget(self, predicate):
        scene = self.app.scene
        found = [w for w in scene.widgets + getattr(getattr(scene, "laid", None), "top", []) if predicate(w)]
        assert found, f"no such widget on {type(scene).__name__}"
        self.click(found[0].rect.center)

    def until(self, ready, limit=900):
        """Step until `ready()`, pressing Space whenever the table holds an outcome to be read."""
        for _ in range(limit):
            if ready():
                return
            table = table_of(self)
            if table is not None and held(table):
                self.key(pygame.K_SPACE)
                continue
            self.frame()
        raise AssertionError("the table never got there")

    def perform(self, action):
        """Make `action` by the pointer: its cards, then its button or its choice."""
        table = self.app.scene
        for card in action.cards:
            if self.app.scene is not table or dialog(table):
                break
            self.click(card_point(table, card))
        if self.app.scene is table and not dialog(table) and (selection(table) or not action.cards):
            self.click_widget(lambda w: action in getattr(w, "actions", ()))
        if self.app.scene is table and dialog(table):
            self.click_widget(lambda w: getattr(w, "actions", None) == [action])

    def open_table(self, session):
        self.app.scene.persist = {"session": session, "viewer": None, "events_seen": 0, "curtains": []}
        self.app.switch("table")
        self.frame()


def table_of(driver):
    scene = driver.app.scene
    return scene if hasattr(scene, "model") else None


def play_game(driver, game_id):
    """Maya against a computer (two of them in a game for three or more): MOVES moves,
    a hand's scores when one ends, the keys walking the hand once."""
    info = registry.GAMES[game_id]
    count = max(2, min(3, info.min_players))
    seats = [Seat("Maya", True)] + [Seat(n, False, "medium") for n in ("Theo", "Ines")[:count - 1]]
    driver.open_table(Session(game_id, seats, {}, seed=17, executor=inline))
    rng = random.Random(3)
    moves = 0
    while moves < MOVES:
        driver.until(lambda: table_of(driver) is None or waiting(table_of(driver)))
        table = table_of(driver)
        if table is None:                        # the hand's scores
            for _ in range(6):
                driver.frame()
            driver.click_widget(lambda w: w.label in ("Next hand", "Menu"))
            continue
        if moves == 3:
            driver.key(pygame.K_RIGHT)
            driver.key(pygame.K_LEFT)
            driver.click((20, 700))             # the pointer again
        driver.perform(choose(table.model.session.state.legal_actions(), rng))
        moves += 1
    for _ in range(30):
        driver.frame()


def play_pass_and_play(driver):
    """Two people at Final Card-Down: the curtain, Ready, a move taken back."""
    seats = [Seat("Maya", True), Seat("Theo", True)]
    session = Session("final_card_down", seats, {}, seed=21, executor=inline)
    driver.open_table(session)
    rng = random.Random(5)
    for turn in range(6):
        driver.until(lambda: driver.app.scene.model.looking.curtain is not None or waiting(driver.app.scene))
        if driver.app.scene.model.looking.curtain is not None:
            driver.click_widget(lambda w: w.label == "Ready")
            continue
        driver.perform(choose(session.state.legal_actions(), rng))
        if turn == 3:
            driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    for _ in range(30):
        driver.frame()


def play_lesson(driver):
    """Deadline's lesson: a wrong move refused, a Hint, the coach's words read (Next, by
    the key), the moves it wants by keys and clicks."""
    lessons.start(driver.app.scene, "deadline")
    driver.app.switch(driver.app.scene.next)
    driver.frame()
    for n in range(6):
        driver.until(lambda: coach(driver.app.scene).explaining() and not driver.app.scene.motion.flights
                     or waiting(driver.app.scene) and coach(driver.app.scene).learner_to_act())
        table = driver.app.scene
        if coach(table).explaining():
            driver.key(pygame.K_RETURN)
            continue
        wanted = tutorial.find(coach(table).state, coach(table).cue.moves[0])
        if n == 0:
            other = next(a for a in table.model.legal if not any(m.matches(a) for m in coach(table).cue.moves))
            driver.perform(other)
        if n == 1:
            driver.key(pygame.K_h)
        if n in (2, 3):
            driver.key(pygame.K_RETURN)
            if dialog(table):
                driver.key(pygame.K_RETURN)
            continue
        driver.perform(wanted)
    for _ in range(30):
        driver.frame()


def play_replay(driver):
    """A finished game's record: steps forward, a seat's cards, back, to the end."""
    session = Session("ktu", [Seat("Maya", True), Seat("Theo", False, "easy")], {}, 5)
    rng = random.Random(1)
    while not session.state.is_over:
        session.submit(rng.choice(session.state.legal_actions()))
    record = saves.read_record(saves.write_record(driver.app.folders, session.state, session.saved_seats()))
    driver.app.scene.persist = {"record": record}
    driver.app.switch("replay")
    driver.frame()
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_v, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_END):
        driver.key(key)
        for _ in range(12):
            driver.frame()


def run_script(name, expected=(), keep=None):
    """The frames' hashes of one script (the frames unlike `expected` saved in `keep`)."""
    driver = Driver(expected, keep)
    try:
        if name == "pass_and_play":
            play_pass_and_play(driver)
        elif name == "lesson":
            play_lesson(driver)
        elif name == "replay":
            play_replay(driver)
        else:
            play_game(driver, name)
        if keep:
            with open(os.path.join(keep, "flying.json"), "w") as handle:
                json.dump(driver.flying, handle)
        return driver.hashes
    finally:
        pygame.quit()


def golden():
    with open(GOLDEN, encoding="utf-8") as handle:
        return json.load(handle)


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_scripted_game_draws_the_same_frames(name):
    want = golden()
    assert want["pygame"] == pygame.version.ver, "recorded with another pygame-ce: record afresh"
    expected = want["scripts"][name]
    folder = tempfile.mkdtemp(prefix=f"frames-{name}-")
    hashes = run_script(name, expected, folder)
    differ = [i for i, (a, b) in enumerate(zip(hashes, expected)) if a != b]
    if differ or len(hashes) != len(expected):
        raise AssertionError(f"{name}: {len(hashes)} frames drawn, {len(expected)} recorded; "
                             f"{len(differ)} differ, first {differ[:10]}; see {folder}")


def record():
    """Write tests/golden/frames.json from what the table draws now."""
    scripts = golden()["scripts"] if os.path.exists(GOLDEN) else {}
    every = list(registry.GAMES) + EXTRAS            # the games registered by now (the seventh too)
    for name in os.environ.get("SCRIPTS", " ".join(every)).split():
        keep = os.environ.get("FRAMES_DIR")
        if keep:
            keep = os.path.join(keep, name)
            os.makedirs(keep, exist_ok=True)
        scripts[name] = run_script(name, keep=keep)
        print(f"{name}: {len(scripts[name])} frames")
    with open(GOLDEN, "w", encoding="utf-8") as handle:
        json.dump({"pygame": pygame.version.ver, "scripts": scripts}, handle, indent=0)
        handle.write("\n")


if __name__ == "__main__":
    registry.register(seventh.HOME)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-frames-"))
    record()
    sys.exit(0)
