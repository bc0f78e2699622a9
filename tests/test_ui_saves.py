"""What the app keeps between runs, through the scenes: settings saved at every change
and read at start, the autosave after every action and Menu > Continue, the record and
statistics of a finished game (kept for the next start when they cannot be written, which
the menu then says), the Statistics scene with its Reset and replay viewer, opening
whatever the state of its folders, bad files met calmly, and an unexpected error that
leaves the game resumable."""
import json
import os
import random
import threading

import pygame
import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from game import bots, registry, resources, saves
from game.saves import files
from scenes import app as app_module
from scenes import config
from scenes.screens import statistics
from scenes.screens.error import ErrorScene
from scenes.screens.menu import MenuScene
from scenes.screens.replay import ReplayScene
from scenes.screens.scoring import ScoringScene
from scenes.table.session import Seat, Session
from scenes.screens.settings import SettingsScene
from scenes.screens.statistics import StatisticsScene
from scenes.table.scene import TableScene
from tests import disks
from tests.test_ui_play import (app, choose, click_widget, crash_in_scene,  # noqa: F401
                                new_app, open_setup, perform, press, set_seats, settle)

MAX_ACTIONS = 3000


def labels(scene):
    return [w.label for w in scene.widgets]


def kept_aside(folder, name):
    return [n for n in os.listdir(folder) if n.startswith(name + ".bad-")]


def play_on(a, rng, stop=None):
    """Play the game at the table through the UI with `rng`'s choices, until it ends
    (returns the final state) or until `stop` actions have been applied (returns None)."""
    for _ in range(MAX_ACTIONS):
        settle(a)
        scene = a.scene
        if isinstance(scene, ScoringScene):
            if not scene.interim:
                return scene.session.state
            click_widget(a, lambda w: w.label == "Next hand")
            continue
        assert isinstance(scene, TableScene)
        if scene.model.looking.curtain is not None:
            click_widget(a, lambda w: w.label == "Ready")
            continue
        state = scene.model.session.state
        if stop is not None and len(state.history) >= stop:
            return None
        perform(a, choose(state.legal_actions(), rng))
    raise AssertionError("the game did not end")


def start_game(a, game_id, count, humans, deal):
    open_setup(a, game_id)
    set_seats(a, count, humans)
    a.scene.deal = str(deal)
    click_widget(a, lambda w: w.label == "Start")
    assert isinstance(a.scene, TableScene)
    return a.scene.model.session


# ---- settings ---------------------------------------------------------------------------------
def test_settings_are_saved_at_every_change_and_read_at_start(app, user_home):
    click_widget(app, lambda w: w.label == "Settings")
    assert isinstance(app.scene, SettingsScene)
    click_widget(app, lambda w: w.key == "Colour-blind mode")
    click_widget(app, lambda w: w.key == "Animation speed")
    saved = yaml.safe_load((user_home / "config" / "settings.yaml").read_text())
    assert saved["colourblind"] is True and saved["animation_speed"] == app.settings.animation_speed
    speed = app.settings.animation_speed
    pygame.quit()
    again = app_module.App(size=(1280, 720))
    assert again.settings.colourblind and again.settings.animation_speed == speed
    assert again.notices == []



def test_the_computers_thinking_and_its_cores_are_settings_the_table_uses(app, user_home,
                                                                           monkeypatch):
    """Settings > Computer thinking shows the time a hard player's move may take on the
    cores it uses (all by default, fewer on request): as long as it takes those cores
    to search as much as one core does in the chosen seconds."""
    from game.bots import workers
    monkeypatch.setattr(workers, "cores_here", lambda: 4)
    assert app.settings.thinking_time == config.load().thinking_time == 1.0
    assert app.settings.cores == config.load().cores == "all"
    click_widget(app, lambda w: w.label == "Settings")

    def shown(key):
        return next(w for w in app.scene.widgets if getattr(w, "key", None) == key).label
    assert (shown("Computer thinking"), shown("Cores it uses")) == ("Normal: 0.3 s a move", "All (4)")
    click_widget(app, lambda w: w.key == "Computer thinking")
    assert app.settings.thinking_time == 2.0 and shown("Computer thinking") == "Thorough: 0.6 s a move"
    click_widget(app, lambda w: w.key == "Cores it uses")
    assert app.settings.cores == 1 and shown("Cores it uses") == "1 of 4"
    assert shown("Computer thinking") == "Thorough: 2.0 s a move"      # the step keeps its name
    click_widget(app, lambda w: w.key == "Computer thinking")
    assert app.settings.thinking_time == 0.25      # the steps wrap round
    for _ in range(3):
        click_widget(app, lambda w: w.key == "Cores it uses")
    assert app.settings.cores == "all"             # 1, 2, 3, then all again
    click_widget(app, lambda w: w.key == "Cores it uses")
    saved = yaml.safe_load((user_home / "config" / "settings.yaml").read_text())
    assert (saved["thinking_time"], saved["cores"]) == (0.25, 1)
    press(app, pygame.K_ESCAPE)
    made = []
    real = bots.make_bot

    def spy(level, game_id, **settings):
        made.append((level, settings.get("time_budget"), settings.get("cores")))
        return real(level, game_id, **settings)
    monkeypatch.setattr(bots, "make_bot", spy)
    session = start_game(app, "final_card_down", 2, {0}, 5)
    settle(app)
    click_widget(app, lambda w: getattr(w, "label", "") == "Hint")     # a 0.25 s search
    app.frame()                                      # its answer is taken
    assert ("hard", 0.25, 1) in made and not session.busy()


def test_the_undo_setting_cycles_off_mine_casual_and_is_saved(app, user_home):
    assert app.settings.undo == config.load().undo == "mine"
    click_widget(app, lambda w: w.label == "Settings")
    button = next(w for w in app.scene.widgets if getattr(w, "key", None) == "Undo")
    assert button.label == "Take back my moves"
    click_widget(app, lambda w: w.key == "Undo")
    assert app.settings.undo == "casual"
    assert next(w for w in app.scene.widgets if getattr(w, "key", None) == "Undo").label == "Casual"
    click_widget(app, lambda w: w.key == "Undo")
    assert app.settings.undo == "off"
    saved = yaml.safe_load((user_home / "config" / "settings.yaml").read_text())
    assert saved["undo"] == "off"
    pygame.quit()
    assert app_module.App(size=(1280, 720)).settings.undo == "off"


@pytest.mark.parametrize("edit,problem", [
    (("thinking_time: 1.0", "thinking_time: 0"), "settings.thinking_time: 0 is not a number"),
    (("thinking_time: 1.0", "thinking_time: fast"), "settings.thinking_time: 'fast'"),
    (("cores: all", "cores: 0"), "settings.cores: 0 is not all or a whole number from 1 to 256"),
    (("cores: all", "cores: many"), "settings.cores: 'many' is not all or a whole number"),
    (("  thinking_time: 1.0\n", ""), "settings: expected exactly the keys"),
    (("sound: true", "sound: 1"), "settings.sound: 1 is not one of true, false"),
    (("undo: mine", "undo: always"), "settings.undo: 'always' is not one of off, mine, casual"),
    (("animation_speed: normal", "animation_speed: warp"),
     "settings.animation_speed: 'warp' is not one of slow"),
    (("version: 1", "version: 2"), "expected 'version: 1'"),
])
def test_app_yaml_errors_name_the_file_and_key(tmp_path, edit, problem):
    text = open(resources.path("config", "app.yaml")).read()
    assert edit[0] in text
    path = tmp_path / "app.yaml"
    path.write_text(text.replace(*edit))
    with pytest.raises(ValueError) as info:
        config.load(str(path))
    assert str(path) in str(info.value) and problem in str(info.value)


def test_a_bad_settings_file_means_defaults_and_one_calm_notice(user_home):
    folder = user_home / "config"
    folder.mkdir(parents=True)
    (folder / "settings.yaml").write_text("sound: [unclosed\n")
    a = new_app()
    try:
        defaults = config.load()
        assert (a.settings.colourblind, a.settings.fullscreen) == (defaults.colourblind, defaults.fullscreen)
        [notice] = a.notices
        kept = kept_aside(folder, "settings.yaml")
        assert str(folder / "settings.yaml") in notice and kept[0] in notice
        assert (folder / kept[0]).read_text() == "sound: [unclosed\n"
        a.draw()
        click_widget(a, lambda w: w.label == "Rules")
        press(a, pygame.K_ESCAPE)
        assert isinstance(a.scene, MenuScene) and a.notices == []
    finally:
        pygame.quit()


@pytest.mark.parametrize("text", [
    "!!python/object/apply:os.system ['echo owned']\n",
    "animation_speed: !!python/name:os.system\n",
    "sound: 1\n", "sound: yes please\n", "fullscreen: null\n", "animation_speed: 99999999999999999999\n",
    "[" * 1500 + "]" * 1500, "a: &a [*a, *a]\n", "\x00\x01\x02", "", "   \n", "- - - -\n",
    "colourblind: true\ncolourblind: false\nwidth: 9000\n",
    "thinking_time: -1\n", "thinking_time: true\n", "thinking_time: 1e400\n", "thinking_time: .nan\n",
    "cores: true\n", "cores: 1.5\n", "cores: -2\n", "cores: [all]\n",
    "undo: true\n", "undo: Casual\n", "undo: [mine]\n",
])
def test_hostile_settings_files_are_refused_and_kept(user_home, text):
    folder = user_home / "config"
    folder.mkdir(parents=True)
    (folder / "settings.yaml").write_text(text)
    loaded, problem = config.load_user(saves.Folders())
    if problem is None:
        assert config.user_values(loaded) == config.user_values(config.load())
        assert (folder / "settings.yaml").read_text() == text
    else:
        [kept] = kept_aside(folder, "settings.yaml")
        assert (folder / kept).read_text() == text and str(folder / "settings.yaml") in problem
        assert config.user_values(loaded) == config.user_values(config.load())


def _settings_texts():
    """Damaged, wrong-typed and random YAML texts for settings.yaml."""
    valid = yaml.safe_dump(config.user_values(config.load()))
    scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10)
    junk = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
    keyed = st.dictionaries(st.sampled_from(sorted(config.USER_CHOICES) + ["volume", "width"]), junk,
                            min_size=1, max_size=5)
    truncated = st.integers(0, len(valid) - 1).map(lambda n: valid[:n])
    one_char = st.characters(exclude_categories=("Cs",))    # no file holds a lone surrogate
    flipped = st.tuples(st.integers(0, len(valid) - 1), one_char).map(
        lambda p: valid[:p[0]] + p[1] + valid[p[0] + 1:])
    return st.one_of(keyed.map(yaml.safe_dump), junk.map(yaml.safe_dump), truncated, flipped,
                     st.text(max_size=60), st.binary(max_size=40).map(lambda b: b.decode("latin-1")))


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=_settings_texts())
def test_fuzzed_settings_never_crash_and_never_lose_the_original(tmp_path_factory, text):
    folders = saves.Folders(str(tmp_path_factory.mktemp("settings")))
    os.makedirs(folders.config)
    with open(folders.settings, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    loaded, problem = config.load_user(folders)
    for key, allowed in config.USER_CHOICES.items():
        value = getattr(loaded, key)
        assert saves.check_setting(key, value, allowed) == value
    if problem is None:
        assert open(folders.settings, encoding="utf-8", newline="").read() == text
    else:
        [kept] = kept_aside(folders.config, "settings.yaml")
        assert open(os.path.join(folders.config, kept), encoding="utf-8", newline="").read() == text
        assert folders.settings in problem and kept in problem


# ---- autosave, Continue, the end of a game ---------------------------------------------------
def test_every_applied_action_is_autosaved(app):
    session = start_game(app, "final_card_down", 2, {0, 1}, 31)
    folders = app.folders
    rng = random.Random(1)
    for stop in range(1, 8):
        play_on(app, rng, stop)
        state, seats = saves.load_game(folders)
        assert state == session.state and len(state.history) >= stop
        assert seats == [{"name": s.name, "level": None} for s in session.seats]


@pytest.mark.parametrize("game_id,count,stop", [("final_card_down", 2, 9), ("deadline", 3, 23),
                                                ("final_count", 2, 5)])
def test_a_game_quit_at_an_action_and_continued_ends_the_same(user_home, monkeypatch, game_id, count, stop):
    humans = set(range(count))
    monkeypatch.setenv("CARDTABLE_HOME", str(user_home / "whole"))
    a = new_app()
    start_game(a, game_id, count, humans, 777)
    reference = play_on(a, random.Random(5))
    pygame.quit()

    monkeypatch.setenv("CARDTABLE_HOME", str(user_home / "interrupted"))
    a = new_app()
    start_game(a, game_id, count, humans, 777)
    rng = random.Random(5)
    assert play_on(a, rng, stop) is None
    left = a.scene.model.session.state.clone()
    pygame.quit()                                   # the window is closed mid-game

    a = new_app()
    assert isinstance(a.scene, MenuScene) and "Continue" in labels(a.scene)
    click_widget(a, lambda w: w.label == "Continue")
    table = a.scene
    assert isinstance(table, TableScene)
    assert table.model.session.state == left and table.model.session.current_player == left.current_player
    assert table.model.looking.curtain == left.current_player     # several people: behind the curtain first
    end = play_on(a, rng)
    assert end.to_dict() == reference.to_dict()
    folders = saves.Folders()
    assert saves.load_game(folders) is None
    [record] = saves.list_records(folders)
    assert saves.read_record(record)["actions"] == [x.to_json() for x in reference.history]
    pygame.quit()


@pytest.mark.parametrize("game_id", ["final_count", "four_downs"])
def test_a_game_saved_as_a_hand_ends_shows_that_hands_scores_on_continue(user_home, game_id):
    info = registry.GAMES[game_id]
    seats = [Seat("Maya", True), Seat("Theo", True)]
    folders = saves.Folders()
    session = Session(game_id, seats, info.default_options(), 21, folders)
    rng = random.Random(21)
    while {a.kind for a in session.state.legal_actions()} != {"deal"}:
        session.submit(rng.choice(session.state.legal_actions()))
    hand = session.state.view(None).facts.get("hand")
    a = new_app()
    try:
        click_widget(a, lambda w: w.label == "Continue")
        for _ in range(200):
            if isinstance(a.scene, ScoringScene):
                break
            if a.scene.model.looking.curtain is not None:
                click_widget(a, lambda w: w.label == "Ready")
            a.frame()
        assert isinstance(a.scene, ScoringScene) and a.scene.interim
        assert a.scene.headline() == (f"Hand {hand} is over" if hand else "The hand is over")
        click_widget(a, lambda w: w.label == "Next hand")
        for _ in range(100):
            a.frame()
        assert isinstance(a.scene, TableScene)      # the scores are shown once, not again
        state = a.scene.model.session.state         # and Next hand dealt the next hand (walkB15 #11)
        assert "deal" not in {x.kind for x in state.legal_actions()}
        assert state.view(None).facts.get("hand") == (hand + 1 if hand else None), state.view(None).facts
    finally:
        pygame.quit()

@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_sessions_resume_at_any_action_to_the_same_end(user_home, game_id):
    info = registry.GAMES[game_id]
    seats = [Seat(f"P{i}", i % 2 == 0, "easy") for i in range(info.default_players)]
    reference = Session(game_id, seats, info.default_options(), 12)
    rng = random.Random(12)
    while not reference.state.is_over:
        reference.submit(rng.choice(reference.state.legal_actions()))
    total = len(reference.state.history)
    for stop in sorted({0, 1, total // 3, total // 2, total - 1}):
        folders = saves.Folders(str(user_home / f"stop{stop}"))
        session = Session(game_id, seats, info.default_options(), 12, folders)
        rng = random.Random(12)
        for _ in range(stop):
            session.submit(rng.choice(session.state.legal_actions()))
        resumed = Session.resume(*saves.load_game(folders), folders)
        assert [s.saved() for s in resumed.seats] == [s.saved() for s in seats]
        assert resumed.seed == 12 and resumed.options == session.options
        while not resumed.state.is_over:
            resumed.submit(rng.choice(resumed.state.legal_actions()))
        assert resumed.state.to_dict() == reference.state.to_dict()
        assert saves.load_game(folders) is None and resumed.record_path


def test_a_finished_game_is_recorded_and_counted_for_people_only(user_home):
    folders = saves.Folders()
    seats = [Seat("Maya", True), Seat("Theo", False, "hard"), Seat("Ines", True)]
    session = Session("final_card_down", seats, {"fcd.players": 3}, 5, folders)
    assert saves.load_game(folders) is not None     # saved from the deal on
    rng = random.Random(5)
    while not session.state.is_over:
        session.submit(rng.choice(session.state.legal_actions()))
    assert not os.path.exists(folders.autosave)
    record = saves.read_record(session.record_path)
    assert record["seats"][1] == {"name": "Theo", "level": "hard"}
    lines = saves.load_statistics(folders)["games"]["final_card_down"]
    assert set(lines) == {"Maya", "Ines"}
    assert lines["Maya"]["vs"]["hard"][0] == 1


def test_a_save_that_fails_is_said_and_the_game_goes_on(app, monkeypatch):
    session = start_game(app, "final_card_down", 2, {0, 1}, 8)

    def full(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(files, "atomic_write", full)
    before = len(session.state.history)
    play_on(app, random.Random(2), before + 1)
    assert len(session.state.history) > before
    assert any("No space left on device" in n for n in app.notices)


def test_a_bad_autosave_hides_continue_and_is_kept(user_home):
    data = user_home / "data"
    data.mkdir(parents=True)
    (data / "autosave.json").write_text('{"format": "cardtable-autosave", "version": 1, "seats": [')
    a = new_app()
    try:
        assert "Continue" not in labels(a.scene)
        [notice] = a.notices
        [kept] = kept_aside(data, "autosave.json")
        assert str(data / "autosave.json") in notice and kept in notice
        assert (data / kept).read_text().endswith('"seats": [')
        a.draw()
    finally:
        pygame.quit()


def test_continue_by_keyboard_with_one_person_has_no_curtain(user_home):
    folders = saves.Folders()
    seats = [Seat("Maya", True), Seat("Theo", False, "easy")]
    session = Session("final_card_down", seats, {}, 3, folders)
    session.submit(session.state.legal_actions()[0])
    a = new_app()
    try:
        assert a.scene.widgets[a.scene.focus].label == "Continue"
        press(a, pygame.K_RETURN)                   # the ring shown on Continue (walkD16 #9)
        press(a, pygame.K_RETURN)
        assert isinstance(a.scene, TableScene)
        assert a.scene.model.looking.curtain is None and a.scene.model.session.state == session.state
    finally:
        pygame.quit()


# ---- crash safety ---------------------------------------------------------------------------
def test_an_error_during_a_game_logs_it_with_the_record_and_the_game_resumes(app, user_home, monkeypatch):
    session = start_game(app, "final_card_down", 2, {0, 1}, 99)
    play_on(app, random.Random(3), 6)
    left = session.state.clone()
    assert crash_in_scene(app, monkeypatch) == 0
    assert isinstance(app.scene, ErrorScene) and app.scene.persist["resumable"]
    log = (user_home / "logs" / "cardtable.log").read_text()
    assert "RuntimeError: boom" in log
    record = json.loads(log.split("game record: ", 1)[1].splitlines()[0])
    assert record["actions"] == [a.to_json() for a in left.history] and record["seed"] == 99
    app.draw()
    click_widget(app, lambda w: w.label == "Back to the menu")
    assert isinstance(app.scene, MenuScene)
    click_widget(app, lambda w: w.label == "Continue")
    assert isinstance(app.scene, TableScene) and app.scene.model.session.state == left


# ---- statistics, reset, replay --------------------------------------------------------------
def _finish_games(folders):
    for seed, names in ((1, ("Maya", "Theo")), (2, ("Maya", "Ines"))):
        seats = [Seat(names[0], True), Seat(names[1], False, "medium")]
        session = Session("final_card_down", seats, {}, seed, folders)
        rng = random.Random(seed)
        while not session.state.is_over:
            session.submit(rng.choice(session.state.legal_actions()))
    return session


def test_statistics_scene_shows_resets_and_replays(user_home):
    last = _finish_games(saves.Folders())
    a = new_app()
    try:
        for _ in range(len(registry.GAMES) + 1):      # the first shows the ring on the first game
            press(a, pygame.K_TAB)
        press(a, pygame.K_RETURN)
        scene = a.scene
        assert isinstance(scene, StatisticsScene)
        assert scene.game_id == "final_card_down"
        [row] = statistics.rows(scene.stats, scene.game_id)
        assert row[0] == "Maya" and row[1] == 2
        a.draw()

        click_widget(a, lambda w: w.label == "Reset statistics")
        assert scene.confirming and labels(scene) == ["Cancel", "Reset"]
        a.draw()
        press(a, pygame.K_ESCAPE)                   # Esc cancels the confirmation
        assert not scene.confirming and scene.stats["games"]

        records = saves.list_records(a.folders)
        assert len(records) == 2
        click_widget(a, lambda w: w.label.endswith("Final Card-Down"))
        viewer = a.scene
        assert isinstance(viewer, ReplayScene) and viewer.index == 0
        a.draw()
        press(a, pygame.K_RIGHT)
        press(a, pygame.K_RIGHT)
        assert viewer.index == 2
        click_widget(a, lambda w: w.label == "Previous")
        assert viewer.index == 1
        press(a, pygame.K_END)
        assert viewer.state.to_dict() == last.state.to_dict()
        click_widget(a, lambda w: w.label.startswith("Cards"))
        assert viewer.viewer == 0
        for _ in range(30):
            a.frame()
        assert viewer.state.to_dict() == last.state.to_dict()   # nothing moves a replay on
        assert all(p.face_up for p in viewer.board.hand_cards())  # seat 0's own cards, face up
        press(a, pygame.K_ESCAPE)
        assert isinstance(a.scene, StatisticsScene)

        click_widget(a, lambda w: w.label == "Reset statistics")
        click_widget(a, lambda w: w.label == "Reset")
        assert a.scene.stats["games"] == {}
        assert kept_aside(a.folders.data, "statistics.json")
        assert saves.list_records(a.folders) == records   # the records stay
        a.draw()
        press(a, pygame.K_ESCAPE)
        assert isinstance(a.scene, MenuScene)
    finally:
        pygame.quit()


def test_bad_statistics_and_records_are_said_in_the_scene(user_home):
    folders = saves.Folders()
    _finish_games(folders)
    with open(folders.statistics, "w") as handle:
        handle.write("{ not json")
    newest = saves.list_records(folders)[0]
    with open(newest, "w") as handle:
        handle.write("[]")
    a = new_app()
    try:
        click_widget(a, lambda w: w.label == "Statistics")
        scene = a.scene
        assert folders.statistics in scene.message and scene.stats["games"] == {}
        click_widget(a, lambda w: w.label.endswith("Final Card-Down"))
        assert a.scene is scene and newest in scene.message
        assert kept_aside(folders.records, os.path.basename(newest))
        a.draw()
    finally:
        pygame.quit()


def test_a_game_ended_with_a_read_only_records_folder_is_kept_and_the_next_start_says_so(user_home):
    folders = saves.Folders()
    os.makedirs(folders.records)
    with disks.read_only(folders.records):
        a = new_app()
        try:
            start_game(a, "ktu", 2, {0}, 12)
            final = play_on(a, random.Random(12))
            assert isinstance(a.scene, ScoringScene)
            click_widget(a, lambda w: w.label == "Menu")
            assert isinstance(a.scene, MenuScene) and "Continue" not in labels(a.scene)
            assert any("will be recorded and counted at the next start" in n for n in a.notices)
            a.draw()
        finally:
            pygame.quit()
    a = new_app()                                 # the next start, the folder writable again
    try:
        names = ", ".join(s["name"] for s in json.load(open(saves.list_records(folders)[0]))["seats"])
        assert a.notices == [f"The finished game of KTU with {names} is now recorded and counted "
                             "in Statistics."]
        a.draw()
        pygame.image.save(a.screen.surface, str(user_home / "menu.png"))
        click_widget(a, lambda w: w.label == "Statistics")
        scene = a.scene
        assert isinstance(scene, StatisticsScene) and scene.game_id == "ktu"
        assert statistics.rows(scene.stats, "ktu")[0][1] == 1
        [record] = scene.records
        assert saves.read_record(record)["actions"] == [x.to_json() for x in final.history]
    finally:
        pygame.quit()


def records_folder_is_a_file(folders):
    os.makedirs(folders.data)
    open(folders.records, "w").close()
    return "The finished games cannot be listed"


def pipes_where_files_should_be(folders):
    _finish_games(folders)
    os.mkfifo(os.path.join(folders.records, "20240501-143000.000001-ktu.json"))
    os.unlink(folders.statistics)
    os.mkfifo(folders.statistics)
    return "is not a regular file"


def data_folder_is_a_file(folders):
    os.makedirs(os.path.dirname(folders.data), exist_ok=True)
    open(folders.data, "w").close()
    return "The finished games cannot be listed"


@pytest.mark.parametrize("state", [records_folder_is_a_file, pipes_where_files_should_be,
                                   data_folder_is_a_file])
def test_statistics_opens_whatever_the_state_of_its_folders(user_home, state):
    folders = saves.Folders()
    said = state(folders)
    pipes = [os.path.join(root, name) for root, _, names in os.walk(str(user_home))
             for name in names if stat_is_fifo(os.path.join(root, name))]
    hung = []

    def unblock():                                # a read that waits on a pipe is let go
        if not done.wait(20):
            hung.append(True)
            for pipe in pipes:
                try:
                    os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
                except OSError:                   # nobody was reading that one
                    pass
    done = threading.Event()
    threading.Thread(target=unblock, daemon=True).start()
    a = new_app()
    try:
        click_widget(a, lambda w: w.label == "Statistics")
        done.set()
        scene = a.scene
        assert not hung and isinstance(scene, StatisticsScene)
        assert said in scene.message
        a.draw()
        press(a, pygame.K_ESCAPE)
        assert isinstance(a.scene, MenuScene)
    finally:
        done.set()
        pygame.quit()


def stat_is_fifo(path):
    import stat
    return stat.S_ISFIFO(os.lstat(path).st_mode)


def test_a_record_of_older_rules_opens_in_the_viewer_with_a_note(user_home, monkeypatch):
    folders = saves.Folders()
    _finish_games(folders)
    monkeypatch.setattr(registry.GAMES["final_card_down"].state_class(), "RULES_VERSION", 2)
    newest = saves.list_records(folders)[0]
    with open(newest) as handle:
        record = json.load(handle)
    moves = len(record["actions"])
    record["actions"][4:] = [{"kind": "no_such_move", "cards": [], "arg": None}]
    with open(newest, "w") as handle:
        json.dump(record, handle)
    a = new_app()
    try:
        click_widget(a, lambda w: w.label == "Statistics")
        click_widget(a, lambda w: w.label.endswith("Final Card-Down"))
        viewer = a.scene
        assert isinstance(viewer, ReplayScene) and len(viewer.states) == 5
        assert "Final Card-Down rules version 1 (this app: 2)" in viewer.message
        assert "4 of its 5 moves replay" in viewer.message and moves > 5
        assert not kept_aside(folders.records, os.path.basename(newest))
        a.draw()
    finally:
        pygame.quit()


def test_statistics_say_what_the_average_counts_and_name_the_next_game(user_home, monkeypatch):
    """Statistics of two kinds of game finished: the note under the table says what
    Average and Lowest (or Best) count, in the game's own words ('points in hand, lower is
    better'), and the button to go on names the next game's statistics (walkD14 #24:
    'Average 3.0, Lowest 0' of nothing said, and '1 of 5 games' beside 'Next game')."""
    from scenes.table.presenters import presenter_for
    folders = saves.Folders()
    _finish_games(folders)
    seats = [Seat("Maya", True), Seat("Theo", False, "medium")]
    session = Session("final_count", seats, {}, 3, folders)
    rng = random.Random(3)
    while not session.state.is_over:
        session.submit(rng.choice(session.state.legal_actions()))
    a = new_app()
    try:
        click_widget(a, lambda w: w.label == "Statistics")
        scene = a.scene
        assert isinstance(scene, StatisticsScene) and scene.game_id == "final_card_down"
        words = []
        real = a.screen.text
        monkeypatch.setattr(a.screen, "text", lambda w, *x, **k: words.append(w) or real(w, *x, **k))
        a.draw()
        said = " ".join(words)
        assert "Average, Lowest: the final score (points in hand, lower is better)" in said, said
        assert "Played: the games finished (one abandoned is counted apart)." in said, said     # walkD17 #11
        assert presenter_for(registry.GAMES["final_card_down"]).score_words() in said
        click_widget(a, lambda w: w.label == "Next: Final Count")
        assert scene.game_id == "final_count"
        assert [w.label for w in scene.widgets if w.label.startswith("Next: ")] == ["Next: Final Card-Down"]
    finally:
        pygame.quit()
