"""The table by keys and clicks at the person's turn, as the newcomer walk played it (issue
#37): while the last move's callout is held, the person's own controls (the hand, a card
they may take, an action button) still make their move, by a click or by Enter with the
ring on them, and anything else only skips the callout; the keyboard's ring first shows
where the keyboard rests, never a step past it."""
import random

import pygame
import pytest

from scenes.table import input as table_input
from tests.test_table_timing import at_the_table
from tests.test_ui_play import app, choose, click_at, perform, press, settle  # noqa: F401
from tests.test_ui_saves import start_game


def ringed(table):
    """The item the keyboard's ring is on at the table (None without one)."""
    return table_input.focused(table.laid, table.pointer)


def test_enter_on_a_ringed_hand_card_during_a_callout_skips_it_and_plays_the_card(app):  # noqa: F811
    """Final Card-Down by keyboard: at the person's turn, while a callout of the last move
    is still held ('Sam is skipped'), the ring on a card they may play: Enter skips the
    callout and plays that card, as a click on it would; before, the Enter only skipped
    the callout and a second one was needed."""
    app.keyboard = True
    for table in at_the_table(app, "final_card_down", 4, 4242, 8000):
        model = table.model
        item = ringed(table)
        if (model.timeline.callout is not None and model.my_turn() and table_input.in_hand(item, table.laid)
                and item.raised):
            break
    else:
        raise AssertionError("no callout on Maya's turn with the ring on a card she may play")
    card, before = item.card, len(model.session.events_since(0))
    app.keyboard = True                     # the ring shown there (the table's moves were clicked)
    press(app, pygame.K_RETURN)
    assert model.timeline.callout is None
    played = [c.name for e in model.session.events_since(before) if e.kind == "move" and e.src == "hand:0"
              for c in e.cards if c is not None]
    assert played == [card.name], played


def callout_at_my_turn(app, game_id, ready):
    """`game_id` against computers by keys: the table at the first frame where a callout
    is held on Maya's turn and `ready(table)` holds."""
    app.keyboard = True
    for table in at_the_table(app, game_id, 4, 4242, 8000):
        model = table.model
        if model.timeline.callout is not None and model.my_turn() and ready(table):
            return table
    raise AssertionError(f"{game_id}: no callout on Maya's turn as wanted")


def action_buttons(table):
    """The indexes (among the items the keyboard walks) of the live action buttons."""
    cards = table.laid.cards
    return [len(cards) + i for i, w in enumerate(table.laid.widgets) if getattr(w, "actions", None) and w.enabled]


def test_enter_on_a_button_that_is_no_move_during_a_callout_only_skips_it(app):  # noqa: F811
    """The ring on Rules (no move of the game) while a callout is held on the person's
    turn: Enter skips the callout and does nothing else (the Rules do not open, no move is
    made), so nothing goes on past results unread."""
    table = callout_at_my_turn(app, "final_card_down", lambda t: True)
    items = table.laid.cards + table.laid.widgets
    table.pointer.focus = next(i for i, w in enumerate(items) if getattr(w, "label", None) == "Rules")
    model, scene = table.model, app.scene
    before = len(model.session.events_since(0))
    press(app, pygame.K_RETURN)
    assert model.timeline.callout is None and app.scene is scene
    assert not [e for e in model.session.events_since(before) if e.seat == 0], "a move was made"


@pytest.mark.parametrize("by", ["click", "Enter"])
@pytest.mark.parametrize("game_id", ["final_card_down", "deadline"])
def test_an_action_button_used_during_a_callout_skips_it_and_makes_its_move(app, game_id, by):  # noqa: F811
    """At the person's turn while the last move's callout is held ('Sam is skipped', the
    Midterm's draw-back): an action button (Draw, Draw (draw pile)) clicked, or Enter with
    the ring on it, skips the callout and makes its move (the walk: the first click on
    KTU's Take the pile or Deadline's draw only closed the note)."""
    table = callout_at_my_turn(app, game_id, action_buttons)
    model = table.model
    index = action_buttons(table)[0]
    button = (table.laid.cards + table.laid.widgets)[index]
    before = len(model.session.events_since(0))
    if by == "click":
        click_at(app, button.rect.center)
    else:
        table.pointer.focus = index
        app.keyboard = True                 # the ring shown there (the table's moves were clicked)
        press(app, pygame.K_RETURN)
    for _ in range(5):
        app.frame()
    assert model.timeline.callout is None or model.session.events_since(before)
    assert [e for e in model.session.events_since(before) if e.seat == 0], (button.label, "no move made")


def test_the_first_tab_shows_the_ring_where_the_keyboard_rests(app):  # noqa: F811
    """Final Card-Down, the first key of a game played by mouse until then: the keyboard
    rests on the move the prompt asks for; the first Tab shows the ring there, the next
    one steps on (before, the first Tab went past it to Hint)."""
    app.keyboard = False
    app.settings.animation_speed = "instant"
    start_game(app, "final_card_down", 4, {0}, 5)
    table = app.scene
    for _ in range(600):
        if table.model.my_turn() and table.model.settled() and not table.busy():
            break
        app.frame()
    resting = table.pointer.focus
    assert resting is not None
    press(app, pygame.K_TAB)
    assert table.pointer.focus == resting and ringed(table) is not None
    press(app, pygame.K_TAB)
    assert table.pointer.focus != resting


def test_between_the_persons_turns_the_ring_rests_on_no_card(app):  # noqa: F811
    """4 downs by keys: while the others play, the keyboard's ring is on no card (a ring on
    a card read as 'this can be played now', and Enter on it did nothing: the walk); at
    the person's turn it comes back to the move."""
    app.keyboard = True
    waited, back = 0, 0
    for table in at_the_table(app, "four_downs", 4, 4242, 3000):
        model = table.model
        if not table.laid.playing and table.laid.cover == "" and model.settled():
            waited += 1
            item = ringed(table)
            assert item is None or item not in table.laid.cards, item.card
        elif model.my_turn() and model.settled() and not table.busy() and table.laid.playing:
            back += ringed(table) is not None
        if waited > 50 and back > 3:
            break
    assert waited > 50 and back > 3, (waited, back)


def hinted_turn(app, game_id, seed, fits, turns=60):
    """`game_id` by keys at the instant pace, Maya against three computers: at each of her
    turns H asks for the hint; the table at the first turn where the hint (come) and the
    ring satisfy `fits(table, hint)`, the turns before played by random moves."""
    app.keyboard = True
    app.settings.animation_speed = "instant"
    session = start_game(app, game_id, 4, {0}, seed)
    table, rng = app.scene, random.Random(seed)
    for _ in range(turns):
        settle(app)
        model = table.model
        assert app.scene is table and model.my_turn()
        press(app, pygame.K_h)
        for _ in range(60):
            if model.ui.hint is not None:
                break
            app.frame()
        if model.ui.hint is not None and fits(table, model.ui.hint):
            return table
        perform(app, choose(session.state.legal_actions(), rng))
    raise AssertionError(f"{game_id}: no hint as wanted")


def on_hinted_card(table, hint):
    """Is the ring on a card of the hinted move?"""
    item = ringed(table)
    return bool(hint.cards) and item in table.laid.cards and item.face_up and any(
        c is not None and c.name == item.card.name for c in hint.cards)


@pytest.mark.parametrize("game_id", ["final_card_down", "deadline"])
def test_after_a_hint_enter_on_the_hinted_card_makes_the_hinted_move(app, game_id):  # noqa: F811
    """Final Card-Down and Deadline by keys (walk D13, D6): after H the ring is on the
    hinted card and Enter makes the hinted move at once, as Enter on a card does without a
    hint; before, it only picked the card, and a 'Play 1 card' button came with a ring of
    its own: two rings, and which one Enter would take was anyone's guess."""
    table = hinted_turn(app, game_id, 4242, on_hinted_card)
    model = table.model
    session, hint = model.session, model.ui.hint
    before = len(session.submitted)
    press(app, pygame.K_RETURN)
    assert session.submitted[before:before + 1] == [(0, hint)], (hint, model.ui.selection)
    assert not model.ui.selection


def drawn_words(app, table, monkeypatch):
    """The words drawn on the next frame of the table, each with where it was drawn."""
    drawn = []
    real = app.screen.text

    def text(words, size, colour, pos, *args, **kwargs):
        drawn.append((words, pos))
        return real(words, size, colour, pos, *args, **kwargs)
    monkeypatch.setattr(app.screen, "text", text)
    table.invalidate()
    app.frame()
    monkeypatch.undo()
    return drawn


@pytest.mark.parametrize("game_id", ["final_card_down", "deadline"])
def test_while_the_keyboard_is_used_the_table_names_its_keys(app, monkeypatch, game_id):  # noqa: F811
    """Walk D13 (D4): nothing at the table named a key; a keyboard newcomer guessed that
    the arrows and Tab walk the hand, Enter plays, H is Hint, Ctrl+Z Undo and Esc leaves.
    While the person uses the keyboard, the side panel's foot names the keys that work
    now (Enter for what it does where the ring is, Ctrl+Z only while something can be
    taken back) below the log's last line; with the mouse, nothing of it is drawn."""
    app.settings.animation_speed = "instant"
    session = start_game(app, game_id, 3, {0}, 4242)
    table = app.scene
    settle(app)
    words = " ".join(w for w, _ in drawn_words(app, table, monkeypatch))
    assert "Enter:" not in words and "Esc:" not in words, words       # the mouse: nothing changes
    press(app, pygame.K_TAB)                                           # the keyboard: the ring shows
    assert table.model.keys and table.model.my_turn()
    item = ringed(table)
    drawn = drawn_words(app, table, monkeypatch)
    words = " ".join(w for w, _ in drawn)
    what = "play" if item in table.laid.cards else item.label
    for named in ("Arrows, Tab: move", f"Enter: {what}", "H: hint", "Esc: menu"):
        assert named in words, (named, words)
    assert ("Ctrl+Z: undo" in words) == session.can_undo(0, app.settings.undo)
    panel_x = table.board.table_w
    legend = [(w, pos) for w, pos in drawn if "Esc: menu" in w or "H: hint" in w]
    log = table.model.log_lines()
    told = [pos for w, pos in drawn if pos[0] >= panel_x and any(w in line for line in log[-3:])]
    assert legend and told and all(pos[0] >= panel_x for _, pos in legend)
    assert min(pos[1] for _, pos in legend) > max(pos[1] for pos in told)     # under the log, covering nothing


def test_ktu_by_keys_enter_picks_then_makes_the_move_of_the_cards_picked(app):  # noqa: F811
    """KTU by keys (walk 13: walkA13 #14, walkD13 #19): Enter on a card picks it; once the
    cards picked make a move that takes no more, the keyboard is on the button that makes
    it and Enter makes it, the three face-up cards and then a play, so nobody walks Tab
    past every card of the hand to reach the button; the keys' line says so, by the
    button's words (walk D14 #6: not 'play' for a move that is no play). Enter on a card
    picked puts it back, as a click does (walkD16 #4)."""
    app.settings.animation_speed = "instant"
    session = start_game(app, "ktu", 3, {0}, 4242)
    table = app.scene
    settle(app)
    app.keyboard = True                             # the ring shown (Start was clicked)
    model = table.model
    for _ in range(3):                              # the face-up choice: three cards picked by Enter
        item = ringed(table)
        while any(c is item.card for c in model.ui.selection):
            press(app, pygame.K_RIGHT)
            item = ringed(table)
        press(app, pygame.K_RETURN)
    assert len(model.ui.selection) == 3
    legend = table_input.key_legend(table.laid, table.pointer, model.can_undo())
    assert "Enter: Choose face-up cards (3)" in legend, legend      # the move the picked make, as its button says
    before = len(session.submitted)
    press(app, pygame.K_RETURN)                     # the ring is on the button the three picked make
    assert session.submitted[before][1].kind == "choose_faceup", session.submitted[before:]
    for _ in range(40):
        settle(app)
        if model.my_turn() and model.view.facts["step"] == "play":
            break
        app.frame()
    playable = [p for p in table.laid.cards if table_input.in_hand(p, table.laid)
                and any(a.cards and a.cards[0].name == p.card.name for a in model.legal)]
    assert playable
    table.pointer.focus = table.laid.cards.index(playable[0])
    press(app, pygame.K_RETURN)
    assert [c.name for c in model.ui.selection] == [playable[0].card.name]
    before = len(session.submitted)
    press(app, pygame.K_RETURN)
    made = session.submitted[before][1]
    assert made.kind == "play" and [c.name for c in made.cards] == [playable[0].card.name]


def test_a_hint_keeps_the_cards_picked_that_it_agrees_with(app):  # noqa: F811
    """Walk 13 (walkA13 #15): a card picked, then Hint: where the hint plays that card it stays
    picked (its move's button stays live) and Enter makes the move; before, Hint put it
    back and Play went grey."""
    app.keyboard = True
    app.settings.animation_speed = "instant"
    start_game(app, "ktu", 3, {0}, 4242)
    table = app.scene
    model = table.model
    for _ in range(40):
        settle(app)
        if model.my_turn() and model.view.facts["step"] == "play":
            break
        if model.view.facts["step"] == "choose" and model.my_turn():
            perform(app, next(a for a in model.legal if a.kind == "choose_faceup"))
        app.frame()
    hint = next(a for a in model.legal if a.kind == "play" and len(a.cards) == 1)
    other = next(c for c in model.view.zone("hand:0").cards if c.name != hint.cards[0].name)
    model.ui.selection = [next(c for c in model.view.zone("hand:0").cards if c.name == hint.cards[0].name), other]
    model.show_hint(hint)                           # as the hint's answer shows it
    assert [c.name for c in model.ui.selection] == [hint.cards[0].name]
