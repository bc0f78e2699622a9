"""The app under an unlucky user and a monkey (issue 18): windows shrunk to odd shapes while
cards fly, Setup's seats changed while one is being named, bad files in read-only
folders met in the scenes, a computer player finishing after the window closed, and
seeded random clicks, keys and resizes in every scene of every game."""
import json
import os
import random
import threading
import time
import warnings

import pygame
import pytest

from game import registry, saves
from scenes import app as app_module
from scenes.screens.menu import MenuScene
from scenes.table.session import Seat, Session
from scenes.screens.setup import SetupScene
from scenes.screens.statistics import StatisticsScene
from scenes.table.intents import Choose
from sprites import cards as card_sprites
from sprites import die, text
from tests.test_robust_files import read_only
from tests.test_ui_play import click_widget, new_app, open_setup, press

SIZES = ((200, 100), (640, 40), (50, 400))


def resize(a, size):
    """The window made `size` pixels, as a window manager that ignored the minimum would."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    a.frame()


def at_table(a, game_id, seed=1):
    """The app at the table of `game_id`: one person and easy computer players."""
    info = registry.GAMES[game_id]
    seats = [Seat("Maya", True)] + [Seat(f"Computer {i}", False, "easy")
                                    for i in range(1, info.default_players)]
    session = Session(game_id, seats, info.default_options(), seed, a.folders, executor=a.executor)
    a.scene.persist = dict(session=session, viewer=None, events_seen=0, curtains=[])
    a.switch("table")
    a.frame()
    return session


def play_a_move(a, rng):
    """The person's move when it is their turn (the computers move by themselves)."""
    table = a.scene
    model = getattr(table, "model", None)
    if model is not None and model.my_turn() and not table.motion.flights and not model.timeline.pending \
            and not model.ui.dialog:
        table.act(Choose(rng.choice(model.session.state.legal_actions())))


# ---- 5. tiny and extreme window shapes ------------------------------------------------------------
@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_game_draws_at_tiny_and_extreme_sizes_while_cards_fly(user_home, game_id):
    a = new_app()
    try:
        a.settings.animation_speed = "slow"
        at_table(a, game_id)
        rng = random.Random(4)
        for size in SIZES + ((1280, 720),):
            flown = False
            for _ in range(40):
                play_a_move(a, rng)
                a.frame()
                flown = flown or bool(a.scene.motion.flights)
                if flown:
                    break
            assert flown
            resize(a, size)                 # shrunk while the cards fly
            for _ in range(5):
                a.frame()
            a.draw()
            assert pygame.display.get_surface().get_size() == size
    finally:
        pygame.quit()


def test_the_window_has_a_minimum_size():
    a = new_app()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        assert window.minimum_size == app_module.MIN_WINDOW
        window.size = (10, 10)
        a.remember_window()
        assert a.window_size == app_module.MIN_WINDOW == tuple(window.size)
    finally:
        pygame.quit()


def test_sprites_never_make_a_surface_from_a_non_positive_size():
    pygame.display.init()
    try:
        card = registry.GAMES["final_card_down"].load_deck()[0]
        for w, h in ((0, 0), (-5, 12), (3, -40), (0.4, 0.2)):
            assert min(card_sprites.face(card, w, h).get_size()) >= 1
            assert card_sprites.back("standard", None, w, h).get_width() >= 1
            assert card_sprites.shadowed(card, w, h)[0].get_width() >= 1
            assert card_sprites.tint(w, h, (0, 0, 0), 90).get_height() >= 1
            assert card_sprites.outline(w, h, (0, 0, 0), 2).get_height() >= 1
            assert die.image(3, w).get_width() >= 1
    finally:
        card_sprites.clear()
        pygame.quit()


@pytest.fixture
def app():
    a = new_app()
    yield a
    pygame.quit()


# ---- 6. Setup: fewer players while the last seat is being named ----------------------------------
def test_fewer_players_while_naming_the_last_seat_then_typing(app):
    open_setup(app, "final_card_down")
    scene = app.scene
    while len(scene.seats) < 4:
        click_widget(app, lambda w: w.key == "more")
    click_widget(app, lambda w: w.key == "name3")
    assert scene.editing == 3
    click_widget(app, lambda w: w.key == "fewer")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x", scancode=0))
    press(app, pygame.K_BACKSPACE)
    assert isinstance(app.scene, SetupScene) and len(scene.seats) == 3 and scene.editing is None
    assert [s.name for s in scene.seats] == ["Maya", "Theo", "Ines"]


# ---- 2, 7, 8 and 12. bad files met by the scenes --------------------------------------------------
def test_a_read_only_folder_with_bad_files_never_stops_the_app(user_home, monkeypatch):
    folders = saves.Folders()
    session = Session("final_card_down", [Seat("Maya"), Seat("Theo", False, "easy")], {}, 2, folders)
    rng = random.Random(2)
    while not session.state.is_over:
        session.submit(rng.choice(session.state.legal_actions()))
    for path, text in ((folders.settings, "sound: [unclosed\n"), (folders.statistics, "{ not json"),
                       (folders.autosave, "{"), (session.record_path, "[]")):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write(text)
    read_only(monkeypatch)
    a = new_app()
    try:
        assert isinstance(a.scene, MenuScene) and "Continue" not in [w.label for w in a.scene.widgets]
        settings_notice, autosave_notice = a.notices
        assert "could not be set aside (Permission denied)" in settings_notice
        assert "is not valid JSON" in autosave_notice and "could not be set aside" in autosave_notice
        a.draw()
        click_widget(a, lambda w: w.label == "Statistics")
        scene = a.scene
        assert isinstance(scene, StatisticsScene) and "could not be set aside" in scene.message
        a.draw()
        click_widget(a, lambda w: w.label.endswith("Final Card-Down"))
        assert a.scene is scene and "cannot be replayed" in scene.message
        a.draw()
    finally:
        pygame.quit()
    for path in (folders.settings, folders.statistics, folders.autosave, session.record_path):
        assert os.path.exists(path)


@pytest.mark.parametrize("edit,problem", [
    (lambda d: d["seats"][0].update(name="Ma\x00ya"), "holds a character that is not printable"),
    (lambda d: d["seats"][0].update(name="\ud800"), "holds a character that is not printable"),
    (lambda d: d["game"].update(game="x" * 15_000_000), "unknown game"),
])
def test_a_bad_name_or_a_huge_text_in_the_autosave_is_a_short_notice(user_home, edit, problem):
    folders = saves.Folders()
    session = Session("final_card_down", [Seat("Maya"), Seat("Theo")], {}, 2, folders)
    session.submit(session.state.legal_actions()[0])
    data = json.load(open(folders.autosave))
    edit(data)
    with open(folders.autosave, "w") as handle:
        json.dump(data, handle)
    a = new_app()
    try:
        [notice] = a.notices
        assert problem in notice and len(notice) < 1000 and notice.isprintable()
        a.draw()
        assert isinstance(a.scene, MenuScene) and "Continue" not in [w.label for w in a.scene.widgets]
    finally:
        pygame.quit()


def test_a_record_with_names_that_cannot_be_drawn_is_listed_calmly(user_home):
    folders = saves.Folders()
    state = registry.new_game("final_card_down", players=2, seed=5)
    path = saves.write_record(folders, state, [{"name": "Maya", "level": None},
                                               {"name": "Theo", "level": None}])
    record = json.load(open(path))
    record["seats"] = [{"name": "Ma\x00ya", "level": None}, {"name": "\ud800" * 10**5, "level": None}]
    record["winners"] = [1]
    with open(path, "w") as handle:
        json.dump(record, handle)
    a = new_app()
    try:
        click_widget(a, lambda w: w.label == "Statistics")
        [button] = a.scene.record_buttons
        assert button.summary.startswith("Ma?ya, ???") and button.summary.isprintable()
        a.draw()
        click_widget(a, lambda w: w is button)
        assert "holds a character that is not printable" in a.scene.message
        a.draw()
    finally:
        pygame.quit()


def test_a_word_wider_than_a_line_is_broken_to_fit():
    pygame.font.init()
    text.reset()
    try:
        words = "unknown game '" + "x" * 400 + "' in the file"
        lines = text.wrap(words, 16, 300)
        assert "".join(lines).replace(" ", "") == words.replace(" ", "")
        assert len(lines) > 3 and all(text.size(line, 16)[0] <= 300 for line in lines)
        assert text.wrap("a few words", 16, 1) == list("afewwords")    # one character a line
    finally:
        text.reset()
        pygame.quit()


def test_leftover_temporary_files_go_when_the_app_starts(user_home):
    folders = saves.Folders()
    os.makedirs(folders.data)
    left = os.path.join(folders.data, ".tmp-k3j4h5g6")
    with open(left, "w") as handle:
        handle.write('{"format": "cardtable-autosave", "ver')
    os.utime(left, (time.time() - 600, time.time() - 600))
    a = new_app()
    pygame.quit()
    assert not os.path.exists(left) and a.notices == []


def test_a_computer_player_finishing_after_the_window_closed_is_silent(user_home, monkeypatch):
    failures = []
    monkeypatch.setattr(threading, "excepthook", failures.append)
    new_app()
    session = Session("final_card_down", [Seat("Maya"), Seat("Theo")], {}, 3)
    release = threading.Event()

    class Slow:
        def choose(self, view, legal, rng):
            release.wait(10)
            return legal[0]
    monkeypatch.setattr(session, "_bot", lambda level, thinking_time: Slow())
    session.start_hint()
    [worker] = [t for t in threading.enumerate() if t.name == "bot"]
    pygame.quit()                           # the window closes while it thinks
    release.set()
    worker.join(10)
    assert not worker.is_alive() and failures == []


# ---- the monkey ------------------------------------------------------------------------------------
MONKEY_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB,
               pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_HOME,
               pygame.K_END, pygame.K_h, pygame.K_v, pygame.K_a, pygame.K_1, pygame.K_9,
               pygame.K_PAGEUP, pygame.K_PAGEDOWN)
MONKEY_SIZES = ((1280, 720), (200, 100), (640, 40), (50, 400), (1920, 300), (333, 777), (641, 361))
MONKEY_SCENES = ("menu", "setup", "rules", "settings", "table", "scoring", "statistics", "replay",
                 "about")
MONKEY_EVENTS = 25          # per scene and game: 6 games x 9 scenes x 25 = 1350 events


def monkey_event(a, rng):
    """One random event: mostly clicks (on widgets or cards, or anywhere), keys, some
    resizes and wheel turns."""
    roll = rng.random()
    surface = pygame.display.get_surface()
    if roll < 0.45:
        scene = a.scene
        targets = [w.rect.center for w in scene.widgets + getattr(getattr(scene, "laid", None), "top", [])]
        targets += [p.rect.center for p in getattr(scene, "placed", [])]
        if targets and rng.random() < 0.8:
            pos = a.screen.pixel(rng.choice(targets))
        else:
            pos = (rng.randrange(surface.get_width()), rng.randrange(surface.get_height()))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3))))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    elif roll < 0.85:
        key = rng.choice(MONKEY_KEYS)
        char = chr(key) if 32 <= key < 127 else ""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, scancode=0,
                                             mod=rng.choice((0, 0, pygame.KMOD_SHIFT))))
    elif roll < 0.93:
        size = rng.choice(MONKEY_SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)),
                                             flipped=False))
    a.frame()


def monkey_open(a, name, game_id, rng):
    """Open the scene `name` for `game_id` as the app would reach it."""
    info = registry.GAMES[game_id]
    seats = [Seat("Maya", True)] + [Seat(f"Computer {i}", False, "easy")
                                    for i in range(1, info.default_players)]
    persist = {"game_id": game_id, "rules_game": game_id, "return_to": "menu"}
    if name in ("table", "scoring", "replay"):
        session = Session(game_id, seats, info.default_options(), rng.randrange(1, 1000), a.folders,
                          executor=a.executor)
        if name != "table":
            while not session.state.is_over:
                session.submit(rng.choice(session.state.legal_actions()))
        persist.update(session=session, viewer=None, events_seen=0, curtains=[])
        if name == "replay":
            persist["record"] = saves.read_record(session.record_path)
    a.scene.persist = persist
    a.switch(name)
    a.frame()


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_a_monkey_in_every_scene_of_every_game(user_home, game_id):
    rng = random.Random(f"monkey {game_id}")
    a = new_app()
    a.settings.thinking_time = 0.1
    try:
        for name in MONKEY_SCENES:
            pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
            a._resized(pygame.display.get_surface())
            monkey_open(a, name, game_id, rng)
            for _ in range(MONKEY_EVENTS):
                monkey_event(a, rng)
            a.running = True                # Quit and Esc at the menu close nothing here
    finally:
        pygame.quit()


def test_text_measures_again_after_pygame_quit():
    pygame.init()
    first = text.size("Deal number 7", 20)
    text.render("Deal number 7", 20, (255, 255, 255))
    pygame.quit()
    assert text.size("Deal number 7", 20) == first          # the font module was not started again
    pygame.quit()
    pygame.init()                                             # started again by someone else
    assert text.size("Deal number 7", 20) == first
    assert text.render("Deal number 7", 20, (255, 255, 255)).get_width() == first[0]
