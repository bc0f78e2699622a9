"""The table's input without a window: an event read against a laid-out board and the
pointer gives intents, and changes nothing (scenes/table/input.py)."""
import copy

import pygame

from game import registry
from scenes.table import input as table_input
from scenes.table.input import Laid, TableInput
from scenes.table.intents import Back, Close, Drag, Drop, Focus, Grab, Hover, Play, Press, Refuse, Toggle, Undo
from scenes.table.layout import lay_out
from scenes.table.moves import actions_with, choosable
from scenes.table.presenters import presenter_for
from scenes.table.state import Pointer
from scenes.widgets import ui

SIZE = (1280, 720)


def laid_for(game_id, seed, cover="", widgets=(), players=2):
    """A position of `game_id` on the turn of its first person, laid out as the table would."""
    state = registry.new_game(game_id, players=players, seed=seed)
    seat = state.current_player
    presenter = presenter_for(state.info)
    view = state.view(seat)
    legal = state.legal_actions()
    playable, picks = choosable(legal, view, presenter)
    names = ("Maya", "Theo", "Ines")[:players]
    board = lay_out(view, presenter, seat, list(names), SIZE,
                    lambda words, px: len(words) * px / 2, playable, picks=picks, turn=True)
    return state, Laid(board, board.focus_cards(), list(widgets), [], cover, legal, True, view, seat,
                       presenter, state.why_illegal, None, 900, names=names)


def mouse(kind, pos):
    return pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0), buttons=(0, 0, 0))


def key(code, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def read(event, laid, pointer, pos=None):
    """The intents of `event`, checking that reading it changed nothing."""
    before = copy.copy(pointer.__dict__)
    intents = TableInput().read(event, pos, laid, pointer)
    assert pointer.__dict__ == before
    return intents


def position(game_id, wanted):
    """The first deal of `game_id` whose laid-out table has a card `wanted(placed, laid)`."""
    for seed in range(1, 60):
        state, laid = laid_for(game_id, seed)
        found = [p for p in laid.board.hand_cards() if wanted(p, laid)]
        if found:
            return state, laid, found[0]
    raise AssertionError(f"no deal of {game_id} has such a card")


def plays_alone(placed, laid):
    """Does a click on `placed` stand for one move, of that card alone?"""
    actions = actions_with(laid.legal, placed.card)
    return len(actions) == 1 and len(actions[0].cards) == 1


def test_a_click_on_a_card_that_plays_alone_grabs_it_then_plays_it():
    state, laid, placed = position("final_card_down", plays_alone)
    alone = actions_with(laid.legal, placed.card)
    pointer = Pointer()
    point = placed.rect.center
    assert read(mouse(pygame.MOUSEMOTION, point), laid, pointer, point) == [Hover(placed)]
    assert read(mouse(pygame.MOUSEBUTTONDOWN, point), laid, pointer, point) == [Grab(placed, point)]
    pointer.press = (placed, point)
    [drop, play] = read(mouse(pygame.MOUSEBUTTONUP, point), laid, pointer, point)
    assert drop == Drop() and isinstance(play, Play) and list(play.actions) == alone
    pointer.drag_pos = None
    away = (point[0], point[1] - 300)
    assert read(mouse(pygame.MOUSEMOTION, away), laid, pointer, away) == [Drag(away)]


def test_a_card_that_cannot_go_is_refused_with_the_rules_words():
    state, laid, dim = position("final_card_down", lambda p, laid: p.dimmed)
    [refuse] = TableInput().click_card(dim, laid, Pointer())
    assert isinstance(refuse, Refuse) and refuse.words == state.why_illegal(registry.Action("play", (dim.card,)))


def test_a_card_of_a_several_card_move_toggles():
    _, laid, placed = position("ktu", lambda p, laid: any(len(a.cards) > 1 for a in
                                                           actions_with(laid.legal, p.card)))
    assert TableInput().click_card(placed, laid, Pointer()) == [Toggle(placed.card)]


def test_keys_undo_close_leave_and_walk_past_a_button_switched_off():
    on, off = ui.Button((0, 0, 10, 10), "A", lambda: None), ui.Button((0, 0, 10, 10), "B", lambda: None,
                                                                       enabled=False)
    last = ui.Button((0, 0, 10, 10), "C", lambda: None)
    _, laid = laid_for("final_card_down", 4242, widgets=[on, off, last])
    pointer = Pointer()
    assert read(key(pygame.K_z, pygame.KMOD_LCTRL), laid, pointer) == [Undo()]
    assert read(key(pygame.K_ESCAPE), laid, pointer) == [Back()]
    items = len(laid.cards)
    pointer.focus = items
    assert read(key(pygame.K_TAB), laid, pointer) == [Focus(items + 2)]
    assert read(key(pygame.K_RETURN), laid, pointer) == [Press(on)]
    choice = laid._replace(cover="dialog")
    pointer.dialog_focus = 2
    assert read(key(pygame.K_ESCAPE), choice, pointer) == [Close()]
    assert read(key(pygame.K_UP), choice, pointer) == [Focus(0)]


def test_main_focus_goes_to_a_marked_option_of_a_choice():
    first, marked = ui.Button((0, 0, 10, 10), "A", lambda: None), ui.Button((0, 0, 10, 10), "B", lambda: None)
    marked.marked = True
    _, laid = laid_for("final_card_down", 4242, cover="dialog", widgets=[first, marked])
    assert table_input.main_focus(laid, 0) == 1
    marked.marked = False
    assert table_input.main_focus(laid, 0) == 0


def pile_top(laid, zone):
    """The card on top of the pile `zone`, as laid out (the last placed there)."""
    return [p for p in laid.board.placed if p.zone == zone][-1]


def test_a_click_on_a_pile_makes_the_move_that_takes_from_it():
    """The piles a move takes from answer a click with that move, as the button for it
    does: Final Card-Down's draw pile draws, Deadline's draw pile draws from it and its
    discard pile takes the top discard (walkA15 #16, #11, #12: 'That card is face down',
    'click one of the outlined cards' with none outlined, 'No card is played now')."""
    state, laid = laid_for("final_card_down", 1)
    [play] = TableInput().click_card(pile_top(laid, "draw"), laid, Pointer())
    assert isinstance(play, Play) and [(a.kind, a.arg) for a in play.actions] == [("draw", None)]
    state, laid = laid_for("deadline", 1, players=3)
    for zone, arg in (("draw", "stock"), ("discard", "discard")):
        [play] = TableInput().click_card(pile_top(laid, zone), laid, Pointer())
        assert isinstance(play, Play) and [(a.kind, a.arg) for a in play.actions] == [("draw", arg)], zone


def test_a_click_on_ktu_s_pile_takes_it_when_taking_it_is_a_move():
    """KTU: a click on the play ground, where taking the pile is a move, takes it (walkA15
    #17: 'You can only play cards from your own hand' with 'or take the pile' on top)."""
    for seed in range(1, 80):
        state = registry.new_game("ktu", players=2, seed=seed)
        for _ in range(60):
            legal = state.legal_actions()
            if any(a.kind == "pick_up" for a in legal) and state.view(state.current_player).zones:
                break
            state.apply(legal[0])
        else:
            continue
        break
    seat = state.current_player
    presenter = presenter_for(state.info)
    view, legal = state.view(seat), state.legal_actions()
    playable, picks = choosable(legal, view, presenter)
    board = lay_out(view, presenter, seat, ["Maya", "Theo"], SIZE, lambda words, px: len(words) * px / 2,
                    playable, picks=picks, turn=True)
    laid = Laid(board, board.focus_cards(), [], [], "", legal, True, view, seat, presenter, state.why_illegal,
                None, 900)
    [play] = TableInput().click_card(pile_top(laid, "pile"), laid, Pointer())
    assert isinstance(play, Play) and [a.kind for a in play.actions] == ["pick_up"]


def test_at_the_table_a_click_on_deadline_s_draw_pile_draws_a_card():
    """The real table: Deadline's first turn, 'Draw a card from the draw pile, or take the
    top discard'; a click on the draw pile draws from it (walkA15 #11)."""
    from tests.test_ui_play import click_at, new_app, settle
    from tests.test_ui_saves import start_game
    a = new_app()
    try:
        for deal in range(1, 30):
            session = start_game(a, "deadline", 3, {0}, deal)
            settle(a)
            model = a.scene.model
            if model.my_turn() and {(x.kind, x.arg) for x in model.legal} == {("draw", "stock"), ("draw", "discard")}:
                break
            a.scene.act(Back())
            a.frame()
        held = len(session.state.view(0).zone("hand:0").cards)
        pile = [p for p in a.scene.board.placed if p.zone == "draw"][-1]
        click_at(a, pile.rect.center)
        settle(a)
        assert len(session.state.view(0).zone("hand:0").cards) == held + 1
        assert any(e.kind == "move" and e.src == "draw" and e.seat == 0 for e in session.events_since(0))
    finally:
        pygame.quit()


def first_hand_card(laid):
    """The first card of the person's hand, as laid out."""
    return next(p for p in laid.board.placed if p.zone == f"hand:{laid.viewer}" and p.card is not None)


def test_a_card_clicked_when_only_buttons_move_is_refused_in_the_games_words():
    """A click on a card of the hand while no card may be played says what to do instead,
    in the game's words, never 'choose one of the buttons' (one button, or the reason left
    unsaid: walkC16 #2): Deadline before the draw, Final Count before the roll, Final
    Card-Down with no card that fits."""
    said = {}
    for game_id, players in (("deadline", 3), ("final_count", 3)):
        state, laid = laid_for(game_id, 1, players=players)
        [refuse] = TableInput().click_card(first_hand_card(laid), laid, Pointer())
        said[game_id] = refuse.words
    assert said == {"deadline": "No card is played now: draw a card from the draw pile, or take the top discard",
                    "final_count": "No card is played now: roll the die, or call to end the hand"}, said
    for seed in range(1, 200):
        state, laid = laid_for("final_card_down", seed)
        if not any(a.cards for a in laid.legal) and not laid.view.facts["active_twos"]:
            break
    else:
        raise AssertionError("no deal of Final Card-Down opens with no card that fits")
    top = state.view(None).zone("discard").cards[-1].spoken
    [refuse] = TableInput().click_card(first_hand_card(laid), laid, Pointer())
    assert refuse.words == f"No card fits the {top}: draw a card", refuse.words
