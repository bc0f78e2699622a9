"""KTU where the newcomer walk of wave 13 stumbled (issue #37, walker A, played wholly
from the keyboard), played with real events at the table and in the menu."""
import random
import re

import pygame

from game import saves
from game.ktu.presenter import Ktu
from scenes.screens.menu import MenuScene
from scenes.screens.scoring import ScoringScene
from scenes.table.intents import Entry
from scenes.table.scene import TableScene
from scenes.table.session import Seat, Session, inline
from tests.test_ui_play import (app, choose, click_widget, new_app, open_setup, perform,  # noqa: F401
                                play_through, press, settle, widget)
from tests.test_ui_saves import start_game


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
        press(a, pygame.K_RETURN)                   # at launch, the ring shown on Continue (walkD16 #9)
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


def test_the_result_screen_shows_the_face_down_cards_left(app):  # noqa: F811
    """KTU played to its end at the table by Maya against two computers: the players who
    did not go out have their face-down cards shown on the result screen, face up (the
    walk: 'Face down: 3 cards' shown as backs after the game)."""
    session, _ = play_through(app, "ktu", 3, humans={0}, seed=3)
    scoring = app.scene
    assert isinstance(scoring, ScoringScene) and not scoring.interim
    face_down = [group for plate in scoring.plates() for group in plate.groups if group[0].startswith("Face down")]
    left = [seat for seat in range(3) if session.state.facedown[seat]]
    assert left and len(face_down) == len(left), (left, face_down)
    for caption, cards in face_down:
        assert cards and None not in cards, caption
    scoring.draw(app.screen)


def test_while_a_failed_blind_card_waits_no_words_say_the_pile_is_taken_before_the_hand_shows_it(app):  # noqa: F811
    """A blind card that fails waits on the pile it did not beat, the pick-up after it held
    until the person goes on: while it waits, the player's plate counts no card of the
    pile, and no words on the table (the outcome held, the top bar, the log) say the pile
    is being or was picked up: they say it must be (the walk: 'Theo picks up the pile with
    it (11 cards)' over a plate saying 'Theo 0 cards'). Once gone on, the hand shows it."""
    from tests.test_followable_words import blind_failing
    table = blind_failing(app)
    for _ in range(120):
        app.frame()
    model = table.model
    assert model.hold.waiting
    assert model.view.zone("hand:3").count == 0
    said = [model.hold.outcome.words, model.prompt()] + model.log_lines()[-2:]
    taken = re.compile(r"picks up|picked up|goes into|went into|takes the pile|took the pile", re.I)
    assert not any(taken.search(words) for words in said), said
    assert model.hold.outcome.words.endswith("Kofi must pick up the play ground with it (3 cards)"), said
    press(app, pygame.K_SPACE)
    for _ in range(120):
        app.frame()
    assert model.view.zone("hand:3").count == 3


def named_button(table, prompt):
    """The live button of the table whose label the top bar's `prompt` tells the person to
    press ('then press Choose face-up cards (3)'); None if it names none."""
    said = re.search(r"\b[Pp]ress (.+?)(?: to play\b|$)", prompt)
    return next((w for w in table.laid.widgets if said and getattr(w, "label", None) == said.group(1)
                 and w.enabled), None)


def test_by_keys_the_top_bar_names_the_button_that_makes_the_cards_chosen(app):  # noqa: F811
    """KTU played from the keyboard: once the face-up cards are chosen with Enter, the top
    bar names the button that lays them ('then press Choose face-up cards (3)', not the
    walk's 'then press the button'); once a card to play is chosen with Enter, it names the
    button that plays it ('Press Play 1 card to play the card chosen': the walk found
    nothing saying how the chosen cards are played)."""
    app.keyboard = True
    start_game(app, "ktu", 3, {0}, 31845682)
    table = app.scene
    settle(app)
    model = table.model
    assert model.view.facts["step"] == "choose"
    for _ in range(3):
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RETURN)
    assert len(model.ui.selection) == 3
    table.draw(app.screen)
    button = named_button(table, model.prompt())
    assert button is not None and button.actions, model.prompt()
    table.act(Entry("choose", tuple(button.actions)))
    settle(app)
    assert model.view.facts["step"] == "play" and model.my_turn()
    assert table.laid.cards[table.pointer.focus].raised      # the keyboard rests on a card to play
    press(app, pygame.K_RETURN)
    assert len(model.ui.selection) == 1, model.ui.selection
    table.draw(app.screen)
    button = named_button(table, model.prompt())
    assert button is not None and button.actions, model.prompt()


def test_the_menus_arrows_go_where_the_screen_shows_and_its_ring_is_plain(app):  # noqa: F811
    """The menu by keys: an arrow goes to the tile or door next that way on the screen
    (Down from Final Count, top right, to the game under it, not to KTU at the bottom
    left; Down then Left from Deadline to the game under Final Card-Down; Down from a game
    of the last line to a door under it; Up back), Tab keeps the list's order; and the
    keyboard's ring on a tile is as plain as a button's: a band of the keyboard's white
    around it (the walk: a thin yellow line, easy to miss)."""
    from scenes.screens.menu import MenuScene
    from sprites import palette
    app.keyboard = True
    menu = app.scene
    assert isinstance(menu, MenuScene)
    tiles = {w.info.id: i for i, w in enumerate(menu.widgets) if getattr(w, "info", None) is not None}
    rects = menu.widgets

    def under(i):
        return min((j for j, w in enumerate(rects) if w.rect.top >= rects[i].rect.bottom
                    and w.rect.left < rects[i].rect.right and w.rect.right > rects[i].rect.left),
                   key=lambda j: (rects[j].rect.top, abs(rects[j].rect.centerx - rects[i].rect.centerx)))

    def from_(start, *keys):
        menu.focus = start
        for key in keys:
            press(app, key)
        return menu.focus

    top_right = tiles["final_count"]
    assert from_(top_right, pygame.K_DOWN) == under(top_right)
    assert rects[under(top_right)].rect.x == rects[top_right].rect.x
    bottom_left = from_(tiles["deadline"], pygame.K_DOWN, pygame.K_LEFT)
    assert rects[bottom_left].rect.x == rects[tiles["final_card_down"]].rect.x
    assert rects[bottom_left].rect.y > rects[tiles["final_card_down"]].rect.y
    lowest = max(tiles.values(), key=lambda i: (rects[i].rect.y, -rects[i].rect.x))
    door = from_(lowest, pygame.K_DOWN)
    assert getattr(rects[door], "info", None) is None and door == under(lowest)
    assert from_(door, pygame.K_UP) == lowest
    assert from_(tiles["deadline"], pygame.K_TAB) == tiles["deadline"] + 1
    menu.focus = top_right
    menu.dirty = True
    app.frame()
    ring = app.screen.rect(rects[top_right].rect)
    surface = app.screen.surface
    outside = [surface.get_at((ring.centerx, ring.top - d))[:3] for d in range(1, 5)] + \
        [surface.get_at((ring.left - d, ring.centery))[:3] for d in range(1, 5)]
    assert sum(colour == palette.FOCUS for colour in outside) >= 4, outside


def test_the_pile_drawn_from_is_called_the_stock_as_the_rules_call_it(app, monkeypatch):  # noqa: F811
    """KTU against computers: the middle pile's caption says 'Stock', the Rules page's word
    for it throughout, and the lesson's words too (walkA14 #9: the table said
    'Deck (32)', the Rules 'the stock', and the newcomer had to guess they were one)."""
    from game import registry, tutorial
    from tests.test_table_moments_pd import drawn_words
    drawn = drawn_words(monkeypatch)
    start_game(app, "ktu", 3, {0}, 31845682)
    settle(app)
    app.scene.invalidate()
    app.frame()
    assert any(words.startswith("Stock (") for words in drawn), drawn
    assert not any("Deck" in words for words in drawn)
    with open(registry.game_info("ktu").rulebook(), encoding="utf-8") as book:
        assert "the stock" in book.read()
    lesson = repr(tutorial.load("ktu"))
    assert "Deck" not in lesson and "stock" in lesson
