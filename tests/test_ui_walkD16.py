"""Keyboard-only moments of walk D, wave 16 (issue #37), each played by keys at the table or
screen it happened on: the words of an undo and of a hint, the keys on cards picked, the
replay's top line, the menu at launch."""
import random

import pygame

from tests.test_ui_play import app, choose, perform, press, settle  # noqa: F401
from tests.test_ui_saves import start_game

CTRL = pygame.KMOD_LCTRL


def play_until(app, session, wanted, seed=1, limit=120):
    """Play Maya's moves through the window (the computers answering) until a legal move of
    hers is one `wanted(action)` accepts; returns it."""
    rng = random.Random(seed)
    for _ in range(limit):
        settle(app)
        found = [a for a in session.state.legal_actions() if wanted(a)]
        if found:
            return found[0]
        perform(app, choose(session.state.legal_actions(), rng))
    raise AssertionError("the move wanted never came")


def test_undo_of_a_d_names_only_the_d_and_its_colour(app):  # noqa: F811
    """walkD16 #1: Final Card-Down, a D played with its colour, then Ctrl+Z at once: the
    toast named 'your play of the D green clubs (red), and your move after it', a second
    move the person never made (the end of the turn the table makes by itself). The turn's
    end the table made is part of the play; the colour is said as it was chosen."""
    session = start_game(app, "final_card_down", 4, {0}, 239831651)
    d_play = play_until(app, session, lambda a: a.kind == "play" and a.arg is not None)
    perform(app, d_play)
    press(app, pygame.K_z, CTRL)
    said = app.scene.model.ui.message
    assert said == f"Taken back: your play of the {d_play.cards[0].spoken} with {d_play.arg} in force", said


def test_undo_after_the_computers_played_names_theirs_not_a_move_of_yours(app):  # noqa: F811
    """walkD16 #1: the D played, the computers answering, then Ctrl+Z (Casual undo): their
    moves are named with it, and no 'move' of the person's after it."""
    app.settings.undo = "casual"                    # their plays brought cards to light
    session = start_game(app, "final_card_down", 4, {0}, 239831651)
    perform(app, play_until(app, session, lambda a: a.kind == "play" and a.arg is not None))
    settle(app)
    press(app, pygame.K_z, CTRL)
    said = app.scene.model.ui.message
    assert said.startswith("Taken back: your play of the D") and "your move" not in said, said


def test_a_hint_for_the_only_card_says_it_is_your_only_card(app):  # noqa: F811
    """walkD16 #2: 4 downs, the last down, one card in hand: H said 'Hint: Play Defense
    blue 7: the last down decides the hand: your strongest card goes now', as if chosen
    among several. A hint for the only move there is says so, at once (no thinking)."""
    session = start_game(app, "four_downs", 4, {0}, 200012649)
    only = play_until(app, session, lambda a: len(session.state.legal_actions()) == 1 and a.cards
                      and session.state.view(0).zone("hand:0").count == 1)
    press(app, pygame.K_h)
    model = app.scene.model
    label = model.presenter.action_label(only, model.names, with_cards=True, view=model.view)
    assert model.ui.message == f"Hint: {label}: your only card", model.ui.message
    assert model.ui.hint == only


def test_the_replay_s_last_move_says_game_over_once(app):  # noqa: F811
    """walkD16 #7: a KTU replay, End: the top line read '...went out: no cards left; Game
    over · Game over: Sam won', the game's end said twice (and wrapped for it)."""
    from game import saves
    from scenes.table.session import Seat, Session
    session = Session("ktu", [Seat("Maya", True), Seat("Theo", False, "easy"), Seat("Sam", False, "easy")], {}, 5)
    rng = random.Random(1)
    while not session.state.is_over:
        session.submit(rng.choice(session.state.legal_actions()))
    record = saves.read_record(saves.write_record(app.folders, session.state, session.saved_seats()))
    app.scene.persist = {"record": record}
    app.switch("replay")
    app.frame()
    press(app, pygame.K_END)
    words = app.scene.top_words()
    assert words.count("Game over") == 1 and "Game over: " in words, words


def test_enter_at_launch_shows_where_it_goes_before_it_goes(user_home):
    """walkD16 #9: the menu at launch, a game saved: no ring was drawn anywhere, yet Enter
    at once resumed the saved game. The first Enter (as the first Tab or arrow) shows the
    ring where the keys rest, on Continue, drawn; the next one takes it."""
    from game import saves
    from scenes.screens.menu import MenuScene
    from scenes.table.scene import TableScene
    from tests.test_ui_play import new_app
    from scenes.table.session import Seat, Session
    session = Session("final_card_down", [Seat("Maya", True), Seat("Theo", False, "easy")], {}, 3, saves.Folders())
    session.submit(session.state.legal_actions()[0])
    app = new_app()
    try:
        menu = app.scene
        here = menu.widgets[menu.focus]
        assert here.label == "Continue"
        drawn = []
        real = here.draw
        here.draw = lambda screen, focused=False, hovered=False: drawn.append(focused) or real(screen, focused, hovered)
        press(app, pygame.K_RETURN)
        assert isinstance(app.scene, MenuScene), "the first Enter resumed a game no ring had shown"
        assert menu.widgets[menu.focus] is here and drawn and drawn[-1], drawn      # the ring on Continue, drawn
        press(app, pygame.K_RETURN)
        assert isinstance(app.scene, TableScene)
    finally:
        pygame.quit()


def test_undo_of_a_draw_says_it_as_the_moves_log_does(app):  # noqa: F811
    """walkD16 #3: Deadline, the top discard taken, Ctrl+Z: the toast said 'Taken back:
    your draw (discard pile)', the button's label pasted in. A move with no cards of its
    own is said as the Moves log told it, to you: 'you took 4 of hearts from the discard
    pile'."""
    session = start_game(app, "deadline", 4, {0}, 333212460)
    take = play_until(app, session, lambda a: a.kind == "draw" and a.arg == "discard")
    top = session.state.view(0).zone("discard").cards[-1]
    perform(app, take)
    assert app.scene.model.log_lines()[-1] == f"Maya took {top.spoken} from the discard pile"
    press(app, pygame.K_z, CTRL)
    said = app.scene.model.ui.message
    assert said == f"Taken back: you took {top.spoken} from the discard pile", said


def test_ktu_by_keys_a_chosen_card_is_put_back_by_enter_and_a_fourth_is_refused(app):  # noqa: F811
    """walkD16 #4: KTU, choosing face-up cards by keys: with three chosen, Enter on a
    chosen card laid them (the legend said so: 'Enter: Choose face-up cards (3)'), so no
    chosen card could be put back by keys, and Enter on a fourth picked it ('4 of 3
    chosen'). Enter does on a card what a click does: a chosen one is put back ('Enter: put
    back'); once the cards chosen make a move that takes no more, the keyboard goes to the
    button that makes it; a card more is refused with words."""
    from scenes.table import input as table_input
    session = start_game(app, "ktu", 4, {0}, 370270231)
    settle(app)
    app.keyboard = True                             # the ring shown (Start was clicked)
    table, model = app.scene, app.scene.model

    def ringed():
        return table_input.focused(table.laid, table.pointer)

    def legend():
        return table_input.key_legend(table.laid, table.pointer, model.can_undo())

    def to_card(chosen):
        for _ in range(20):
            item = ringed()
            if item in table.laid.cards and any(c is item.card for c in model.ui.selection) == chosen:
                return item
            press(app, pygame.K_LEFT)
        raise AssertionError("the keys never reached such a card")

    assert model.view.facts["step"] == "choose"
    for _ in range(3):
        to_card(False)
        press(app, pygame.K_RETURN)
    assert len(model.ui.selection) == 3
    button = ringed()
    assert button not in table.laid.cards and button.label == "Choose face-up cards (3)", button
    to_card(True)
    assert "Enter: put back" in legend(), legend()
    before = len(session.submitted)
    press(app, pygame.K_RETURN)
    assert len(model.ui.selection) == 2 and len(session.submitted) == before
    to_card(False)
    press(app, pygame.K_RETURN)
    assert len(model.ui.selection) == 3
    extra = to_card(False)
    press(app, pygame.K_RETURN)
    assert len(model.ui.selection) == 3 and not any(c is extra.card for c in model.ui.selection)
    assert "put one back" in model.ui.message, model.ui.message
    assert "(3 of 3 chosen)" in model.prompt(), model.prompt()


def test_esc_on_the_menu_asks_before_the_app_closes(app):  # noqa: F811
    """walkD16 #15: Esc on the menu closed the app at once, no word, where everywhere else
    Esc goes back one step. It asks 'Quit Card Table?': Esc again (or Stay) stays, with
    the keys back where they were; Enter on Quit (where the keys go) quits."""
    menu = app.scene
    app.running = True
    before = menu.focus
    press(app, pygame.K_ESCAPE)
    assert app.running and app.scene is menu, "Esc closed the app without a word"
    labels = [w.label for w in menu.widgets]
    assert menu.asking_quit and "Quit" in labels and "Stay" in labels, labels
    assert menu.widgets[menu.focus].label == "Quit"
    press(app, pygame.K_ESCAPE)
    assert app.running and not menu.asking_quit and menu.focus == before
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)
    assert not app.running


def test_ktu_the_legend_on_a_hinted_card_says_enter_picks_all_the_hint_s_cards(app):  # noqa: F811
    """walkD16 #11: KTU, choosing face-up cards, H: the ring on the hint's first card,
    the legend said 'Enter: pick'; Enter picked all three of the hint's cards and the ring
    jumped to the button. The legend says what Enter does: 'pick the hint's 3 cards'."""
    from scenes.table import input as table_input
    app.keyboard = True
    start_game(app, "ktu", 4, {0}, 370270231)
    settle(app)
    table, model = app.scene, app.scene.model
    press(app, pygame.K_h)
    for _ in range(200):
        if model.ui.hint is not None:
            break
        app.frame()
    assert model.ui.hint is not None and len(model.ui.hint.cards) == 3
    app.frame()
    legend = table_input.key_legend(table.laid, table.pointer, model.can_undo())
    assert "Enter: pick the hint's 3 cards" in legend, legend
    press(app, pygame.K_RETURN)
    assert len(model.ui.selection) == 3


def test_esc_while_typing_an_address_drops_the_typing_not_the_screen(app):  # noqa: F811
    """walkD16 #14: Join a game, '10.0.0' typed into Address, Esc: the screen closed and the
    address was gone, where on Setup Esc while typing only puts back what the field held.
    Esc while typing puts the field back and stays; Esc then leaves; Esc at once on the
    screen opened (nothing typed) leaves as before."""
    from scenes.network.join import JoinScene
    from scenes.screens.menu import MenuScene
    app.scene.go("join")
    app.frame()
    join = app.scene
    assert isinstance(join, JoinScene) and join.editing == "address"
    for ch in "10.0.0":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch) if ch != "." else pygame.K_PERIOD,
                                             mod=0, unicode=ch, scancode=0))
    app.frame()
    assert join.fields["address"] == "10.0.0"
    press(app, pygame.K_ESCAPE)
    assert app.scene is join, "Esc while typing closed the screen"
    assert join.editing is None and join.fields["address"] == ""
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    app.scene.go("join")
    app.frame()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_the_statistics_column_headings_never_run_into_each_other(user_home, monkeypatch):
    """walkD16 #16: Statistics at 960x600, Final Card-Down: the last three headings ran
    into each other ('vs easyvs mediumvs hard'). Every heading of the table is clear of
    the next, at 1280x720 and at 960x600, and of the rows under it."""
    from game import saves
    from scenes.screens.statistics import StatisticsScene
    from tests.test_ui_play import new_app
    from tests.test_ui_walkD15 import finish_games
    finish_games(saves.Folders(), ["final_card_down"])
    for size in ((1280, 720), (960, 600)):
        app = new_app(size)
        try:
            app.scene.go("statistics")
            app.frame()
            stats = app.scene
            assert isinstance(stats, StatisticsScene)
            drawn = []
            real = app.screen.text
            monkeypatch.setattr(app.screen, "text", lambda w, size, c, pos, anchor="topleft", width=None: drawn.append(
                (w, size, pos, anchor)) or real(w, size, c, pos, anchor, width))
            stats.draw(app.screen)
            monkeypatch.setattr(app.screen, "text", real)
            x, y, w, h = stats.table_box
            heads = [(word, size, pos, anchor) for word, size, pos, anchor in drawn
                     if size == 15 and y < pos[1] < y + 50 and x < pos[0] <= x + w]
            spans = sorted((pos[0] - (app.screen.text_width(word, size) if anchor == "topright" else 0),
                            pos[0] + (0 if anchor == "topright" else app.screen.text_width(word, size)), pos[1], word)
                           for word, size, pos, anchor in heads)
            assert len(spans) >= 9, spans
            for i, (left, right, top, word) in enumerate(spans):
                for other_left, other_right, other_top, other in spans[i + 1:]:
                    apart = right + 4 <= other_left or other_right + 4 <= left or abs(top - other_top) >= 14
                    assert apart, (size, word, other)
            rows = [pos[1] for word, s, pos, _ in drawn if s == 18 and word == "Maya"]
            assert rows and min(rows) >= max(top for *_, top, _ in spans) + 16, (size, rows)
        finally:
            pygame.quit()


def test_at_the_table_the_first_enter_after_the_mouse_shows_the_ring_and_plays_nothing(app):  # noqa: F811
    """4 downs with knocking, Start clicked with the mouse: Maya is asked to knock or
    pass, and no ring is drawn. The first Enter shows the ring where the keys rest (as
    on every screen: walkD16 #9) and passes nothing; the next one takes the button it
    is on (the lead's walk of wave 17: one Enter passed unseen)."""
    from tests.test_ui_play import click_widget, open_setup
    open_setup(app, "four_downs")
    click_widget(app, lambda w: getattr(w, "option", None) and w.option.id == "pd.knocking")
    click_widget(app, lambda w: w.label == "Start")
    settle(app)
    table = app.scene
    session = table.model.session
    assert table.model.my_turn() and not table.model.keys
    moves = len(session.state.history)
    press(app, pygame.K_RETURN)
    assert len(session.state.history) == moves, "the first Enter played where no ring was shown"
    assert table.model.keys and table.pointer.focus is not None
    press(app, pygame.K_RETURN)
    assert len(session.state.history) == moves + 1
