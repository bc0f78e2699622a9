"""The scenes around the table: keyboard use, illegal clicks, hints, settings, rules,
and the calm message an unexpected error leaves instead of a traceback."""
import os

import pygame
import pytest

from game import registry
from scenes.screens.rules import RulesScene, parse
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.screens.statistics import StatisticsScene
from scenes.table.scene import TableScene
from tests.test_ui_play import (app, click_at, click_widget, crash_in_scene, press,  # noqa: F401
                                set_seats, settle)


def start_fcd(a, humans, count=2, deal="4243"):
    press(a, pygame.K_RETURN)                       # the ring shown on the first game (walkD16 #9)
    press(a, pygame.K_RETURN)                       # then taken
    assert isinstance(a.scene, SetupScene)
    set_seats(a, count, humans)
    a.scene.deal = deal
    click_widget(a, lambda w: w.label == "Start")
    assert isinstance(a.scene, TableScene)
    if a.scene.model.looking.curtain is not None:
        click_widget(a, lambda w: w.label == "Ready")
    settle(a)
    return a.scene


def focused_label(a):
    return a.scene.widgets[a.scene.focus % len(a.scene.widgets)].label


@pytest.mark.quick
def test_menu_and_settings_by_keyboard(app):
    """The menu's doors by keys (the first Tab shows the ring on the first game, where the
    keys rest, never past it unseen; then Tab walks them in the list's order), each left with Esc
    back onto the door it opened (the walk: back from Settings, the keys rested on the
    first game); in Settings the right arrow takes a setting's next choice and the left
    arrow the one before, as the screen says, and Up and Down go from setting to setting."""
    press(app, pygame.K_TAB)                        # the first Tab shows the ring where the keys rest
    assert app.keyboard and app.scene.focus == 0
    press(app, pygame.K_TAB)
    assert app.scene.focus == 1
    for _ in range(len(registry.GAMES) - 1):
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)                     # Statistics, then Esc back onto it
    assert isinstance(app.scene, StatisticsScene)
    press(app, pygame.K_ESCAPE)
    assert focused_label(app) == "Statistics"
    press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)                     # Rules, then Esc back onto it
    assert isinstance(app.scene, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert focused_label(app) == "Rules"
    for _ in range(3):                              # Learn to play, Join a game, Settings
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, SettingsScene)
    speed = app.settings.animation_speed
    press(app, pygame.K_RETURN)
    assert app.settings.animation_speed != speed
    press(app, pygame.K_LEFT)                       # the choice before: back where it was
    assert app.settings.animation_speed == speed and focused_label(app) == speed.capitalize()
    press(app, pygame.K_RIGHT)
    assert app.settings.animation_speed != speed
    press(app, pygame.K_DOWN)                       # Up and Down go from setting to setting
    assert app.scene.widgets[app.scene.focus].key == "Sound"
    click_widget(app, lambda w: w.key == "Colour-blind mode")
    assert app.settings.colourblind
    press(app, pygame.K_ESCAPE)
    assert app.scene.__class__.__name__ == "MenuScene" and focused_label(app) == "Settings"


def test_each_setting_steps_back_by_a_right_click_or_the_left_arrow_round_its_choices(app):
    """Every setting's choices go round both ways: the next by a click, Enter or the right
    arrow, the one before by a right click or the left arrow (the walk: Computer thinking
    could only be raised, round past its largest, and nothing said how to lower it); the
    thinking keeps its step's name whatever the cores ('Normal: 0.6 s a move')."""
    from scenes import config
    click_widget(app, lambda w: w.label == "Settings")
    scene = app.scene
    rows = [w.key for w in scene.widgets if w.label != "Back"]
    assert "Fullscreen (F11)" in rows
    for key in [k for k in rows if k != "Fullscreen (F11)"]:
        index = next(i for i, w in enumerate(scene.widgets) if w.key == key)
        first = scene.widgets[index].label
        point = app.screen.pixel(scene.widgets[index].rect.center)
        click_widget(app, lambda w, k=key: w.key == k)
        after = app.scene.widgets[index].label
        assert after != first, key
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=3))
        app.frame()
        assert app.scene.widgets[index].label == first, key       # a right click: the one before
        press(app, pygame.K_LEFT)
        press(app, pygame.K_RIGHT)
        assert app.scene.widgets[index].label == first, key
    app.settings.thinking_time = 1.0
    index = next(i for i, w in enumerate(scene.widgets) if w.key == "Computer thinking")
    app.scene.focus = index
    seen = []
    for _ in range(len(config.THINKING_STEPS)):
        press(app, pygame.K_LEFT)
        seen.append(app.scene.widgets[index].label.split(":")[0])
    assert seen == ["Brisk", "Quick", "Thorough", "Normal"]
    assert app.settings.thinking_time == 1.0


def drawn_words(app, monkeypatch):
    """The words the app draws in its next frame."""
    words = []
    real = app.screen.text
    monkeypatch.setattr(app.screen, "text", lambda w, *a, **k: words.append(w) or real(w, *a, **k))
    app.scene.dirty = True
    app.frame()
    monkeypatch.setattr(app.screen, "text", real)
    return words


@pytest.mark.quick
def test_about_by_keyboard_and_mouse_shows_the_version_the_log_and_every_credit(app, monkeypatch):
    from game import credits
    from game.version import TITLE, VERSION
    from scenes.screens.about import AboutScene
    assert pygame.display.get_caption()[0] == TITLE
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)     # the ring shown on the first game
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)     # back round to the last of the menu's buttons
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, AboutScene)
    words = drawn_words(app, monkeypatch)
    assert f"Version {VERSION}" in words and any("MIT licence" in w for w in words)
    assert any("cardtable.log" in w for w in words)
    names = [w.label for w in app.scene.widgets]
    assert names == ["Card Table"] + [c.name for c in credits.load()] + ["Back"]
    press(app, pygame.K_DOWN)                       # the part under the first, as they lie: the third
    press(app, pygame.K_RETURN)                     # its notices
    assert app.scene.reading.name == "pygame-ce"
    assert any("GNU LESSER GENERAL PUBLIC LICENSE" in line for line in app.scene.lines)
    press(app, pygame.K_PAGEDOWN)
    assert app.scene.scroll_y > 0
    press(app, pygame.K_ESCAPE)                     # Esc: back to the list, on the same part
    assert app.scene.reading is None and app.scene.focus == 2
    click_widget(app, lambda w: w.label == "Card Table")
    assert app.scene.reading.notices == (credits.LICENSE,)
    assert app.scene.lines[2] == "MIT License"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)                     # and Esc again: the menu
    assert app.scene.__class__.__name__ == "MenuScene"
    click_widget(app, lambda w: w.label == "About")      # the mouse finds it too
    assert isinstance(app.scene, AboutScene)


@pytest.mark.parametrize("size", [(1280, 720), (960, 600), (1152, 720)])
def test_about_s_list_shows_every_credit_whole_at_every_size(monkeypatch, size):
    """About's list at 1280x720, 960x600 and 1152x720: each credit's name, licence and
    use are drawn whole, the words wrapped onto the lines its entry needs, never cut
    with an ellipsis (walkD14 #23 and walkD15 #2: 'one each, among FTL, MIT, Libpng, IJG,
    libtiff, BSD-3-...', 'zlib, FLAC, Ogg V...', '@letele/playing-cards 0....')."""
    from sprites import text
    from tests.test_ui_play import new_app
    a = new_app(size)
    try:
        click_widget(a, lambda w: w.label == "About")
        cut = []
        real = text.fit
        monkeypatch.setattr(text, "fit", lambda words, px, width: cut.append(words) or real(words, px, width)
                            if real(words, px, width) != words else words)
        a.scene.dirty = True
        a.frame()
        assert not cut, cut
        entries = [w.rect for w in a.scene.widgets]
        assert all(r.bottom <= b.top for r, b in zip(entries, entries[2:])), "entries overlap"
        assert max(r.bottom for r in entries[:-1]) <= entries[-1].top, "the list runs under Back"
    finally:
        pygame.quit()


def test_a_screen_opens_with_the_keys_on_a_button_that_works(app):
    """Statistics with no game finished yet, opened by keys: its Reset statistics is
    switched off, so the keys rest on Back, and Enter there goes back (walkD15 #1: the ring
    lay on the greyed-out Reset and Enter did nothing)."""
    for _ in range(len(registry.GAMES) + 1):
        press(app, pygame.K_TAB)
    assert focused_label(app) == "Statistics"
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, StatisticsScene) and not app.scene.games
    assert focused_label(app) == "Back"
    press(app, pygame.K_RETURN)
    assert app.scene.__class__.__name__ == "MenuScene"


def test_illegal_click_says_why_in_the_rules_words(app):
    table = start_fcd(app, {0, 1})
    dimmed = [p for p in table.board.placed if p.dimmed]
    if not dimmed:
        pytest.skip("every card in this deal is playable")
    before = len(table.model.session.submitted)
    click_at(app, dimmed[-1].rect.center)
    assert len(table.model.session.submitted) == before
    assert "does not match" in table.model.ui.message or "2" in table.model.ui.message


@pytest.mark.quick
def test_keyboard_plays_a_card(app):
    table = start_fcd(app, {0, 1})
    seat = table.model.session.current_player
    press(app, pygame.K_RIGHT)
    legal_cards = [p for p in table.laid.cards if p.raised]
    target = legal_cards[0] if legal_cards else None
    items = table.laid.cards + table.widgets
    if target is None:
        target = next(w for w in table.widgets if getattr(w, "actions", None))
    while items[table.pointer.focus % len(items)] is not target:
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    if table.model.ui.dialog:
        press(app, pygame.K_RETURN)
    assert table.model.session.submitted and table.model.session.submitted[0][0] == seat


def test_hint_marks_a_suggestion(app):
    table = start_fcd(app, {0}, count=2)
    click_widget(app, lambda w: w.label == "Hint")  # the strongest computer thinks a second
    app.frame()                                      # its answer is taken
    assert table.model.ui.hint in table.model.session.legal_actions()
    assert table.model.ui.message.startswith("Hint: ")       # what to do, and why where it can say


@pytest.mark.quick
def test_an_unexpected_error_shows_a_calm_message(app, user_home, monkeypatch):
    log = user_home / "logs" / "cardtable.log"
    assert crash_in_scene(app, monkeypatch) == 0
    assert app.scene.__class__.__name__ == "ErrorScene"
    assert "RuntimeError: boom" in log.read_text()


def test_the_error_screen_copies_the_details_of_the_problem(app, user_home, monkeypatch):
    import platform
    from game.version import TITLE
    assert crash_in_scene(app, monkeypatch) == 0
    pygame.scrap.put_text("something else")
    press(app, pygame.K_RIGHT)                  # the ring shown where the keys rest
    press(app, pygame.K_RIGHT)                  # the keyboard reaches Copy the details
    press(app, pygame.K_RETURN)
    copied = pygame.scrap.get_text()
    lines = copied.splitlines()
    assert lines[0] == TITLE and platform.python_version() in lines[1] and "pygame-ce" in lines[1]
    assert lines[2] == f"Log: {user_home / 'logs' / 'cardtable.log'}"
    assert "RuntimeError: boom" in copied and len(lines) <= 4 + 40
    assert app.scene.copied.startswith("Copied")
    pygame.scrap.put_text("something else")
    click_widget(app, lambda w: w.label == "Copy the details")      # and so does the mouse
    assert pygame.scrap.get_text() == copied


def test_rules_mark_the_house_rules_in_force(tmp_path):
    page = tmp_path / "x.md"
    page.write_text("# Aim\nWin.\n- a bullet\n# House rules\n- fcd.play_after_draw: play after drawing\n")
    blocks = parse(str(page))
    assert ("opt", "fcd.play_after_draw", "play after drawing") in blocks
    assert ("li", "a bullet") in blocks
    assert os.path.exists(os.path.join("game", "final_card_down", "rulebook.md"))


def test_setup_shows_house_rules_in_words(app):
    click_widget(app, lambda w: getattr(w, "info", None) is not None and w.info.id == "ktu")
    shown = {w.key: w.label for w in app.scene.widgets}
    assert shown["ktu.first_player"] == "First seat" and shown["ktu.eight_skip"] == "Per card"
    click_widget(app, lambda w: w.key == "ktu.first_player")
    assert app.scene.options["ktu.first_player"] == "random"
    assert {w.key: w.label for w in app.scene.widgets}["ktu.first_player"] == "Random"


def test_every_engine_event_has_words_in_the_log():
    """Each event kind the games emit is phrased for players by its game's presenter (no
    raw 'kind (detail)')."""
    import random

    from scenes.table.presenters import presenter_for
    for game_id, info in registry.GAMES.items():
        presenter = presenter_for(info)
        state = registry.new_game(game_id, seed=5)
        rng = random.Random(5)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        names = [f"P{i}" for i in range(state.players)]
        zones = {z.key: z for z in state.view(0).zones}
        for event in state.events_for(0):
            assert event.kind in presenter.event_kinds(), f"{game_id}: no words for {event.kind!r}"
            line = presenter.event_line(event, names, zones)
            assert line is None or "_" not in line, line


def test_seat_facts_are_shown_as_names():
    from scenes.table.presenters import presenter_for
    downs = presenter_for(registry.GAMES["four_downs"])
    lines = dict(downs.fact_lines({"hand_winner": 2, "dealer": 2, "hand": 3}, ["Maya", "Theo", "Ines"]))
    assert lines == {"Hand winner": "Ines", "Dealer": "Ines", "Hands played": "3"}
    view = registry.new_game("four_downs", players=3, seed=1).view(0)
    side = {label: value for label, value, _ in downs.side_facts(view, ["Maya", "Theo", "Ines"])}
    assert side["Dealer"] == ["Maya", "Theo", "Ines"][view.facts["dealer"]] and side["Stake"] == "10 yards"
    field = presenter_for(registry.GAMES["five_possessions"])
    view = registry.new_game("five_possessions", seed=1).view(0)
    view = view._replace(facts=dict(view.facts, offense=1))
    assert ("Offense", "Theo", None) in field.side_facts(view, ["Maya", "Theo"])


def test_facts_and_breakdowns_name_cards_as_players_say_them():
    from scenes.table.presenters import presenter_for
    ktu = presenter_for(registry.GAMES["ktu"])
    view = registry.new_game("ktu", players=2, seed=1).view(0)
    view = view._replace(facts=dict(view.facts, effective_top="AD", step="play"))
    side = {label: value for label, value, _ in ktu.side_facts(view, ["Maya", "Theo"])}
    assert side["Card to beat"] == "Ace of diamonds"
    assert side["Beaten by"] == "4 5 6 7 8 9 or a 2, 3 or 10"
    count = presenter_for(registry.GAMES["final_count"])
    view = registry.new_game("final_count", players=2, seed=1).view(0)
    view = view._replace(facts=dict(view.facts, last_hand={"seats": [{"cards": ["8D", "KC"], "best": 18, "points": 18}]}))
    assert count.breakdown(view, 0, ["Maya"]) == "8 of diamonds, King of clubs, count 18"   # +18: a column


def test_only_the_presenters_know_game_ids_and_zone_keys():
    """No scene names a game or one of its zones ('discard', 'hand:2'): the presenters,
    in the games' homes, do; a zone's kind ('hand', 'pile') is the engine's drawing hint
    and may be named."""
    import ast
    import glob

    whole, prefixes = set(), set()
    for game_id in registry.GAMES:
        for zone in registry.new_game(game_id, seed=1).view(None).zones:
            prefix, colon, _ = zone.key.partition(":")
            (prefixes if colon else whole).add(prefix)
    whole -= {"hand", "pile", "stack", "row"}
    for path in sorted(glob.glob(os.path.join("scenes", "*.py"))):
        for node in ast.walk(ast.parse(open(path).read())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                word = node.value
                assert word not in registry.GAMES, f"{path} names the game {word}"
                assert word not in whole and not (":" in word and word.split(":")[0] in prefixes), \
                    f"{path} knows the zone key {word!r}"


def test_leaving_a_game_with_esc_the_keys_rest_on_continue(app):
    """Esc at the table goes to the menu with the game saved: the keyboard rests on
    Continue, which takes it up again (the walk: it rested on the game's tile, where Enter
    began a new setup)."""
    start_fcd(app, {0})
    press(app, pygame.K_ESCAPE)
    assert app.scene.__class__.__name__ == "MenuScene"
    assert focused_label(app) == "Continue"
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene)


def test_the_first_tab_or_arrow_after_the_mouse_shows_the_ring_where_the_keys_rest_on_every_screen(app):
    """On every screen but the table (which has the same rule of its own), the first Tab
    or arrow after the mouse only shows the ring where the keys rest; the next one moves
    it (walkD14 #1, twice: at launch the first Tab went past Final Card-Down to Deadline,
    the first game never seen focused). Setup: Tab goes through its last row as it lies,
    Back, Start, Rules; Up from Start goes to what lies over it, and Left from a house
    rule to the widget beside it on its line (walkD14 #2: Up from Start jumped to a house
    rule far up on the right, Left from it to a row far below)."""
    from scenes.screens.setup import SetupScene
    menu = app.scene
    assert not app.keyboard
    for key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN):
        click_at(app, (2, 2))                       # the mouse, on nothing
        menu.focus = 0
        press(app, key)
        assert app.keyboard and menu.focus == 0, key
        press(app, key)
        assert menu.focus != 0, key
    click_widget(app, lambda w: getattr(w, "info", None) is not None and w.info.id == "final_card_down")
    setup = app.scene
    assert isinstance(setup, SetupScene)
    labels = [w.label for w in setup.widgets]
    press(app, pygame.K_TAB)
    assert labels[setup.focus] == "Start"           # shown where the keys rest: Start
    row = []
    setup.focus = labels.index("Back")
    for _ in range(3):
        row.append(labels[setup.focus])
        press(app, pygame.K_TAB)
    assert row == ["Back", "Start", "Rules"]
    start = setup.widgets[labels.index("Start")].rect
    setup.focus = labels.index("Start")
    press(app, pygame.K_UP)
    above = setup.widgets[setup.focus].rect
    assert above.bottom <= start.top and above.top > start.top - 300, (labels[setup.focus], above, start)
    rule = next(i for i, w in enumerate(setup.widgets) if getattr(w, "option", None) is not None)
    setup.focus = rule
    press(app, pygame.K_LEFT)
    beside = setup.widgets[setup.focus].rect
    here = setup.widgets[rule].rect
    assert beside.right <= here.left and beside.top < here.bottom and beside.bottom > here.top, labels[setup.focus]


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_a_rules_page_that_goes_on_says_more_below_and_shows_where_it_stands(app, monkeypatch, game_id):
    """Every game's Rules page taller than the window: 'More below' at the panel's foot and a
    bar whose lit part goes down as the page scrolls, until the end, where 'More below' goes
    (walkA14 #7: KTU's page stopped at a paragraph's end with room under it and looked
    ended; its house rules, further down, were nearly missed)."""
    from scenes.widgets import ui
    app.scene.go("rules", rules_game=game_id, return_to="menu")
    app.frame()
    rules = app.scene
    assert isinstance(rules, RulesScene) and rules.max_scroll() > 0
    lit = []
    real = ui.scroll_marks
    monkeypatch.setattr(ui, "scroll_marks", lambda *a: lit.append(real(*a)) or lit[-1])
    assert "More below" in drawn_words(app, monkeypatch)
    first = lit[-1]
    press(app, pygame.K_PAGEDOWN)
    assert lit[-1][1] > first[1]
    while rules.scroll_y < rules.max_scroll():
        press(app, pygame.K_PAGEDOWN)
    assert "More below" not in drawn_words(app, monkeypatch)
    assert lit[-1][1] + lit[-1][3] == pytest.approx(rules.app.screen.lh - 88)      # at the foot of its track


@pytest.mark.parametrize("door", ["Learn to play", "About"])
def test_the_keyboard_s_ring_on_a_panel_drawn_as_a_button_is_the_ring_of_every_button(app, door):
    """On Learn to play and About (and Statistics, drawn alike), the keyboard's ring on a
    lesson or a part is the band of the keyboard's white every button and game tile has (the walk,
    D23: About marked its focus with a thin yellow line, not seen as the keyboard's)."""
    from sprites import palette
    click_widget(app, lambda w: w.label == door)
    scene = app.scene
    app.keyboard = True
    panels = [i for i, w in enumerate(scene.widgets) if "draw" in vars(w) or getattr(w, "info", None) is not None]
    assert panels, door
    scene.focus = panels[0]
    scene.dirty = True
    app.frame()
    ring = app.screen.rect(scene.widgets[panels[0]].rect)
    surface = app.screen.surface
    outside = [surface.get_at((ring.centerx, ring.top - d))[:3] for d in range(1, 5)] + \
        [surface.get_at((ring.left - d, ring.centery))[:3] for d in range(1, 5)]
    assert sum(colour == palette.FOCUS for colour in outside) >= 4, (door, outside)
