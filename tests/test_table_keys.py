"""The table from the keyboard, as the newcomer walk played it (issue #37): a key is worth
what a click is where the person's hand is concerned, and the keyboard's ring first shows
where the keyboard rests, never a step past it."""
import pygame

from scenes.table import input as table_input
from tests.test_table_timing import at_the_table
from tests.test_ui_play import app, press  # noqa: F401
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
    press(app, pygame.K_RETURN)
    assert model.timeline.callout is None
    played = [c.name for e in model.session.events_since(before) if e.kind == "move" and e.src == "hand:0"
              for c in e.cards if c is not None]
    assert played == [card.name], played


def test_enter_on_the_felt_during_a_callout_only_skips_it(app):  # noqa: F811
    """The same table, the ring on a button (not a card of the hand): Enter skips the
    callout and does nothing else, so no move is made past results unread."""
    app.keyboard = True
    for table in at_the_table(app, "final_card_down", 4, 4242, 8000):
        model = table.model
        if model.timeline.callout is not None and model.my_turn():
            buttons = [i for i, w in enumerate(table.laid.cards + table.laid.widgets)
                       if i >= len(table.laid.cards) and getattr(w, "actions", None)]
            if buttons:
                table.pointer.focus = buttons[0]
                break
    else:
        raise AssertionError("no callout on Maya's turn with an action button")
    before = len(model.session.events_since(0))
    press(app, pygame.K_RETURN)
    assert model.timeline.callout is None
    assert not [e for e in model.session.events_since(before) if e.seat == 0], "a move was made"


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
