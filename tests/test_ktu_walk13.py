"""KTU where the newcomer walk of wave 13 stumbled (issue #37, walker A, played wholly
from the keyboard), played with real events at the table and in the menu."""
import random
import re

import pygame

from game import saves
from game.ktu.presenter import Ktu
from scenes.screens.menu import MenuScene
from scenes.table.scene import TableScene
from scenes.table.session import Seat, Session, inline
from tests.test_ui_play import (app, choose, click_widget, new_app, open_setup, perform, press,  # noqa: F401
                                settle, widget)


def ktu_with_a_turn_given_again(folders, seed=3):
    """A KTU game of Maya (a person) and two computers, played by random moves until a
    turn was given again to the player who had just played (a burn, or 8s that skipped
    everyone else), which the table does not count as a new turn: its session."""
    seats = [Seat("Maya", True), Seat("Theo", False, "easy"), Seat("Ines", False, "easy")]
    session = Session("ktu", seats, {}, seed, folders)
    rng = random.Random(seed)
    for _ in range(400):
        state = session.state
        view = Ktu.turns_taken(state.view(None), lambda: session.events_for(None))
        if state.current_player == 0 and view.facts["turn_no"] < state.view(None).facts["turn_no"] \
                and state.step == "play":
            return session
        legal = state.legal_actions()
        session.submit(rng.choice([a for a in legal if a.cards] or legal))
    raise AssertionError("no turn was given again")


def test_the_menus_continue_line_counts_turns_as_the_table_does(user_home):
    """A KTU game left after a burn (a turn given again is no new turn at the table): the
    menu's Continue line says the turn the table's top bar says once continued (the
    walk: the menu said 'Turn 41' for a game whose table said 'Turn 35')."""
    ktu_with_a_turn_given_again(saves.Folders())
    a = new_app()
    try:
        menu = a.scene
        assert isinstance(menu, MenuScene)
        line = menu.saved_line()
        assert widget(menu, lambda w: w.label == "Continue") is menu.widgets[menu.focus]
        press(a, pygame.K_RETURN)
        table = a.scene
        assert isinstance(table, TableScene)
        settle(a)
        turn = table.model.presenter.context(table.model.arranged, table.model.names)
        assert turn.startswith("Turn ") and turn in table.model.prompt()
        assert line.endswith(f": {turn}"), (line, turn)
    finally:
        pygame.quit()


def test_the_rank_order_house_rule_says_the_order_in_words_the_rules_page_uses(app):  # noqa: F811
    """KTU's Setup: the Rank order house rule names the order itself ('J low, 10 high'),
    never a text the player has not seen (the walk: 'Rank order: As in the text'), and
    the Rules page, opened from the Setup, heads it with the same words and explains the
    other order in words the Setup shows when it is chosen."""
    open_setup(app, "ktu")
    setup = app.scene
    button = widget(setup, lambda w: w.key == "ktu.rank_order")
    first = button.label
    click_widget(app, lambda w: w.key == "ktu.rank_order")
    other = widget(app.scene, lambda w: w.key == "ktu.rank_order").label
    click_widget(app, lambda w: w.key == "ktu.rank_order")
    assert widget(app.scene, lambda w: w.key == "ktu.rank_order").label == first
    for words in (first, other):
        assert "text" not in words.lower() and words[0] in "J2" and "low" in words and "high" in words, words
    click_widget(app, lambda w: w.label == "Rules")
    page = [line[0] for line in app.scene.lines]
    at = page.index(f"Rank order: {first} (as by default)")
    assert " ".join(page[at + 1:at + 4]).startswith(f"{other}: ")


def test_a_hint_names_only_kept_cards_the_hand_holds(app):  # noqa: F811
    """KTU against two computers, H pressed at the table on Maya's turns: a hint that
    sheds the weakest rank says the 2s, 3s or 10s are kept only for those Maya's hand
    holds, and says nothing of them when it holds none (the walk: 'your 2s, 3s and 10s
    are kept for when nothing else plays' with none in the hand: they were face up)."""
    app.settings.thinking_time, app.settings.cores = 0.05, 1
    seats = [Seat("Maya", True, "easy"), Seat("Theo", False, "easy"), Seat("Ines", False, "easy")]
    session = Session("ktu", seats, {}, 31845682, executor=inline)
    app.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    app.frame()
    rng = random.Random(2)
    checked, without = [], 0
    for _ in range(60):
        settle(app)
        table = app.scene
        if not isinstance(table, TableScene) or session.state.is_over:
            break
        model = table.model
        hand = model.view.zone("hand:0").cards
        if model.view.facts["step"] == "play" and hand:
            press(app, pygame.K_h)
            for _ in range(600):
                if model.ui.hint is not None:
                    break
                app.frame()
            words = model.ui.message
            if "weakest rank" in words:
                held = {c.rank for c in hand}
                kept = re.search(r"your (.*) (?:is|are) kept", words)
                named = set(re.findall(r"\b(2|3|10)s?\b", kept.group(1))) if kept else set()
                assert named == held & {"2", "3", "10"}, (words, sorted(held))
                checked.append(words)
                without += not held & {"2", "3", "10"}
        perform(app, choose(session.state.legal_actions(), rng))
    assert checked and without, checked
