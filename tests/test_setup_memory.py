"""Setup remembers each mode's last players (names, person or computer, level) between
games and starts; a click on a name selects it so typing replaces it; and a game in
progress is never lost silently: Start asks first, naming it, and an abandoned game is
kept as a record and counted as abandoned."""
import json
import os
import random

import pygame
import yaml

from game import registry, saves, undo
from scenes.screens import statistics
from scenes.screens.menu import MenuScene
from scenes.table.presenters import presenter_for
from scenes.screens.setup import SetupScene
from scenes.screens.statistics import StatisticsScene
from scenes.table.scene import TableScene
from scenes.table.intents import Pressed
from tests import disks
from tests.test_ui_play import app, click_widget, new_app, open_setup, press, set_seats  # noqa: F401
from tests.test_ui_tutorial import open_lesson


def type_text(a, words):
    for char in words:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(char.lower()), mod=0, unicode=char,
                                             scancode=0))
    a.frame()


def field(a, key):
    return next(w for w in a.scene.widgets if w.key == key)


def seats_of(scene):
    return [(s.name, s.human, s.level) for s in scene.seats]


def test_clicking_a_name_selects_it_so_typing_replaces_it(app):  # noqa: F811
    open_setup(app, "ktu")
    click_widget(app, lambda w: w.key == "name1")
    assert field(app, "name1").selected and field(app, "name1").label == "Theo"
    app.draw()
    type_text(app, "Ann")
    assert app.scene.seats[1].name == "Ann" and field(app, "name1").label == "Ann_"
    click_widget(app, lambda w: w.key == "name0")          # another field: its text selected
    assert field(app, "name0").selected and not field(app, "name1").selected
    press(app, pygame.K_BACKSPACE)                          # removes the whole selection
    assert app.scene.seats[0].name == ""
    type_text(app, "Bo")
    press(app, pygame.K_BACKSPACE)                          # then one letter at a time
    assert app.scene.seats[0].name == "B"
    click_widget(app, lambda w: w.key == "deal")
    type_text(app, "42")
    click_widget(app, lambda w: w.key == "deal")            # a click ends the typing ...
    click_widget(app, lambda w: w.key == "deal")            # ... and the next selects it again
    type_text(app, "7")
    assert app.scene.deal == "7"


def test_a_capitalised_name_typed_into_a_selected_field_replaces_it(app):  # noqa: F811
    """Shift goes down alone before the capital: it types nothing, so the name stays
    selected and the capital replaces it (not 'TheoKofi')."""
    open_setup(app, "ktu")
    click_widget(app, lambda w: w.key == "name1")
    for key in (pygame.K_LSHIFT, pygame.K_CAPSLOCK, pygame.K_LCTRL):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LSHIFT, unicode="",
                                             scancode=0))
        app.frame()
        assert field(app, "name1").selected and app.scene.seats[1].name == "Theo"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=pygame.KMOD_LSHIFT, unicode="K",
                                         scancode=0))
    type_text(app, "ofi")
    assert app.scene.seats[1].name == "Kofi"
    press(app, pygame.K_LEFT)                               # an arrow puts the caret at the end
    type_text(app, "e")
    assert app.scene.seats[1].name == "Kofie"


def test_enter_in_setup_starts_the_game_as_set(app):  # noqa: F811
    open_setup(app, "ktu")
    assert app.scene.widgets[app.scene.focus].label == "Start"    # not the first button ("-")
    press(app, pygame.K_RETURN)                     # after the click, the ring shown on Start (walkD16 #9)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene) and len(app.scene.model.session.state.scores()) == 4


def test_setup_offers_each_mode_its_last_players_between_games_and_starts(user_home):
    a = new_app()
    open_setup(a, "ktu")
    set_seats(a, 3, {0})
    click_widget(a, lambda w: w.key == "name0")
    type_text(a, "Ann")
    while a.scene.seats[2].level != "hard":
        click_widget(a, lambda w: w.key == "kind2")
    press(a, pygame.K_TAB)
    chosen = seats_of(a.scene)
    assert chosen == [("Ann", True, "medium"), ("Theo", False, "medium"), ("Ines", False, "hard")]
    click_widget(a, lambda w: w.label == "Start")
    assert isinstance(a.scene, TableScene)
    a.scene.go("menu")
    a.frame()
    open_setup(a, "deadline")                                # another mode: its own players
    assert seats_of(a.scene)[0] == ("Maya", True, "medium")
    press(a, pygame.K_ESCAPE)
    open_setup(a, "ktu")
    assert seats_of(a.scene) == chosen
    pygame.quit()
    kept = yaml.safe_load((user_home / "config" / "settings.yaml").read_text())["players"]
    assert kept == {"ktu": [{"name": "Ann", "level": None}, {"name": "Theo", "level": "medium"},
                            {"name": "Ines", "level": "hard"}]}
    b = new_app()                                             # the next start
    try:
        open_setup(b, "ktu")
        assert seats_of(b.scene) == chosen
    finally:
        pygame.quit()


def test_bad_remembered_players_are_refused_with_the_reason(user_home):
    folder = user_home / "config"
    folder.mkdir(parents=True)
    (folder / "settings.yaml").write_text("players: {ktu: [{name: Ann, level: null}]}\n")
    a = new_app()
    try:
        [notice] = a.notices
        assert "players.ktu: expected 2-5 seats" in notice
        open_setup(a, "ktu")
        assert seats_of(a.scene)[0] == ("Maya", True, "medium")
    finally:
        pygame.quit()


def saved_ktu(folders, moves=20):
    """A KTU game of Ann and Ben (a computer), `moves` moves in, as the autosave keeps it;
    its state and where it stands in the table's words."""
    state = registry.new_game("ktu", players=2, seed=8)
    timeline = undo.Timeline(state)
    rng = random.Random(8)
    for _ in range(moves):
        timeline.apply(rng.choice(state.legal_actions()))
    saves.save_game(folders, state, [{"name": "Ann", "level": None}, {"name": "Ben", "level": "easy"}])
    presenter = presenter_for(state.info)       # the turns as the table counts them (a burn's play again is no new one)
    view = presenter.arranged(state.view(None), lambda: [event.for_seat(None) for event in timeline.events])
    return state, presenter.context(view, ["Ann", "Ben"])


def start_deadline(a):
    open_setup(a, "deadline")
    click_widget(a, lambda w: w.label == "Start")
    assert isinstance(a.scene, SetupScene) and a.scene.asking


def test_starting_a_game_while_one_is_saved_asks_first_naming_it(user_home):
    a = new_app()
    try:
        state, turn = saved_ktu(a.folders)
        start_deadline(a)
        assert a.scene.asking_words == (f"KTU ({turn}) with Ann and Ben: continue it, or "
                                        "abandon it and start Deadline?")
        assert [w.label for w in a.scene.widgets] == ["Continue KTU", "Abandon it, start Deadline", "Cancel"]
        assert a.scene.widgets[a.scene.focus].label == "Continue KTU"
        a.draw()
        press(a, pygame.K_ESCAPE)                            # Esc: back to Setup, nothing lost
        assert isinstance(a.scene, SetupScene) and not a.scene.asking
        assert a.scene.widgets[a.scene.focus].label == "Start"
        assert saves.load_game(a.folders)[0].to_dict() == state.to_dict()
        click_widget(a, lambda w: w.label == "Start")
        press(a, pygame.K_RETURN)                            # after the click, the ring shown (walkD16 #9)
        press(a, pygame.K_RETURN)                            # Enter takes the focused Continue
        assert isinstance(a.scene, TableScene) and a.scene.model.session.game_id == "ktu"
        assert a.scene.model.session.state.to_dict() == state.to_dict()
    finally:
        pygame.quit()


def test_an_abandoned_game_is_recorded_and_counted_as_abandoned(user_home):
    a = new_app()
    try:
        state, turn = saved_ktu(a.folders)
        start_deadline(a)
        click_widget(a, lambda w: w.label == "Abandon it, start Deadline")
        assert isinstance(a.scene, TableScene) and a.scene.model.session.game_id == "deadline"
        saved, _ = saves.load_game(a.folders)
        assert saved.game_id == "deadline"
        [path] = saves.list_records(a.folders)
        record = saves.read_record(path)
        assert record["abandoned"] is True and record["game"] == "ktu"
        assert len(record["actions"]) == len(state.history) and record["winners"] == []
        assert statistics.record_summary(path) == "Ann, Ben  ·  abandoned"
        line = saves.load_statistics(a.folders)["games"]["ktu"]["Ann"]
        assert (line["abandoned"], line["played"], line["won"]) == (1, 0, 0)
        assert "Ben" not in saves.load_statistics(a.folders)["games"]["ktu"]   # a computer
        a.scene.go("statistics")
        a.frame()
        assert isinstance(a.scene, StatisticsScene) and a.scene.game_id == "ktu"
        assert statistics.rows(a.scene.stats, "ktu")[0][:4] == ("Ann", 0, 0, 1)
        a.draw()
    finally:
        pygame.quit()


def test_a_game_that_cannot_be_kept_as_abandoned_is_not_given_up(user_home, monkeypatch):
    a = new_app()
    try:
        state, _ = saved_ktu(a.folders)
        os.makedirs(a.folders.records)
        with disks.small_disk(a.folders.records, monkeypatch) as disk:
            disk.fill()
            start_deadline(a)
            click_widget(a, lambda w: w.label == "Abandon it, start Deadline")
            assert isinstance(a.scene, MenuScene)            # no new game over its autosave
            assert a.notices == [
                "KTU with Ann, Ben could not be kept as abandoned (No space left on device).",
                "It is still saved: Continue on the menu resumes it."]
            assert saves.load_game(a.folders)[0].to_dict() == state.to_dict()
            assert "ktu" not in saves.load_statistics(a.folders)["games"]   # nothing counted
            a.draw()
            disk.free()
        start_deadline(a)                                    # room again: abandoning works
        click_widget(a, lambda w: w.label == "Abandon it, start Deadline")
        assert isinstance(a.scene, TableScene) and a.scene.model.session.game_id == "deadline"
        [path] = saves.list_records(a.folders)
        assert saves.read_record(path)["abandoned"] is True
    finally:
        pygame.quit()


def test_the_same_position_abandoned_twice_counts_once(user_home):
    folders = saves.Folders()
    state, _ = saved_ktu(folders)
    seats = [{"name": "Ann", "level": None}, {"name": "Ben", "level": "easy"}]
    assert saves.abandon_game(folders, state, seats)[1] == []
    saves.save_game(folders, state, seats)                  # stopped before the autosave went
    assert saves.abandon_game(folders, state, seats)[1] == []
    assert saves.load_statistics(folders)["games"]["ktu"]["Ann"]["abandoned"] == 1
    assert saves.load_game(folders) is None


def test_statistics_from_before_abandoned_games_were_counted_still_read(user_home):
    folders = saves.Folders()
    old = {"format": saves.STATS_FORMAT, "version": 1, "counted": [], "games": {"ktu": {"Ann": {
        "played": 2, "won": 1, "score_sum": 9, "best": 0, "vs": {l: [0, 0] for l in saves.LEVELS}}}}}
    saves.atomic_write(folders.statistics, json.dumps(old))
    assert saves.load_statistics(folders)["games"]["ktu"]["Ann"]["abandoned"] == 0


def test_play_a_real_game_after_a_lesson_asks_too(user_home):
    a = new_app()
    try:
        saved_ktu(a.folders)
        scene = open_lesson(a, "final_card_down")
        scene.act(Pressed("real"))
        a.frame()
        assert isinstance(a.scene, SetupScene) and a.scene.info.id == "final_card_down"
        click_widget(a, lambda w: w.label == "Start")
        assert a.scene.asking and a.scene.asking_words.endswith(
            "continue it, or abandon it and start Final Card-Down?")
        click_widget(a, lambda w: w.label == "Cancel")
        press(a, pygame.K_ESCAPE)
        assert isinstance(a.scene, MenuScene) and a.scene.saved is not None
    finally:
        pygame.quit()


def test_a_key_typed_on_a_focused_field_types_in_it_and_back_keeps_the_choices(app):  # noqa: F811
    """Setup by keys: with the keyboard's ring on the deal number, digits typed go into it
    at once (no Enter first), and on a seat's name a letter replaces the name; Back to the
    menu and this game's Setup again keeps the players and house rules as they were set
    (walkD14 #26: digits typed on the focused deal field did nothing; #27: Back reset every
    choice silently)."""
    open_setup(app, "four_downs")
    setup = app.scene
    rule = next(w for w in setup.widgets if getattr(w, "option", None) is not None)
    click_widget(app, lambda w: w is rule)
    changed = dict(setup.options)
    click_widget(app, lambda w: w.key == "more")
    seats = len(setup.seats)
    app.keyboard = True
    setup.focus = next(i for i, w in enumerate(setup.widgets) if w.key == "deal")
    type_text(app, "42")
    assert setup.deal == "42"
    setup.editing = None
    setup.layout()
    setup.focus = next(i for i, w in enumerate(setup.widgets) if w.key == "name1")
    type_text(app, "Kofi")
    assert setup.seats[1].name == "Kofi"
    setup.editing = None
    click_widget(app, lambda w: w.label == "Back")
    assert isinstance(app.scene, MenuScene)
    open_setup(app, "four_downs")
    again = app.scene
    assert again.options == changed and len(again.seats) == seats and again.seats[1].name == "Kofi"


def test_setup_offers_each_mode_its_last_house_rules_as_its_players(user_home):
    """walkB16 #5: Final Count's Setup offered the players of its last game but Hit Goal
    back at Off, though that game was played with it On: a house rule chosen is missed
    in the next game unless the person looks. Each mode's house rules of its last game
    are offered again as its players are, between games and starts; another mode keeps
    its own."""
    a = new_app()
    open_setup(a, "final_count")
    click_widget(a, lambda w: getattr(w, "option", None) and w.option.id == "final_count.hit_goal")
    chosen = dict(a.scene.options)
    assert chosen["final_count.hit_goal"] == "on"
    click_widget(a, lambda w: w.label == "Start")
    assert isinstance(a.scene, TableScene)
    a.scene.go("menu")
    a.frame()
    open_setup(a, "ktu")                                     # another mode: its own rules
    assert a.scene.options == registry.GAMES["ktu"].default_options()
    press(a, pygame.K_ESCAPE)
    open_setup(a, "final_count")
    assert a.scene.options == chosen
    pygame.quit()
    b = new_app()                                             # the next start
    try:
        open_setup(b, "final_count")
        assert b.scene.options == chosen
    finally:
        pygame.quit()
