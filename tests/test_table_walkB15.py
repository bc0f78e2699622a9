"""Where walker B of wave 15 stumbled at the table (issue #37), each played with real
events: rules of presentation that hold for every game, met in 5 possessions (the deal
the walk played: 697372599, Maya against Theo, a computer, Theo on offense first)."""
import pygame
import pytest

from tests.test_ui_play import new_app, press, settle
from tests.test_ui_saves import start_game

DEAL = 697372599
REFUSED = "Pick a card of your hand first"


def defending(size=(1280, 800)):
    """The app at `size`, Maya setting her first line of defense (all four lanes open),
    the keyboard's ring shown."""
    a = new_app(size)
    start_game(a, "five_possessions", 2, {0}, DEAL)
    settle(a)
    press(a, pygame.K_TAB)          # played by keys from here: the first key shows the ring (Start was clicked)
    model = a.scene.model
    assert model.my_turn() and {x.kind for x in model.legal} == {"place"}, model.legal
    return a


def hinted(a):
    """H pressed: the hint shown (the computer asked, its answer waited for)."""
    press(a, pygame.K_h)
    for _ in range(400):
        if a.scene.model.ui.hint is not None:
            return a.scene.model.ui.hint
        a.frame()
    raise AssertionError("no hint came")


def placed_count(a):
    """How many moves the session has applied."""
    return len(a.scene.model.session.submitted)


def test_a_lane_number_after_enter_made_the_hinted_move_reports_no_error():
    """walkB15 #5: H (the hint: 'Place Defense blue 7 (lane 3)'), then Enter, which makes
    the hinted move at once, then the lane's number the hint named, as a card is placed
    by keys without a hint: the card is in that lane and nothing says the person did
    something wrong (the walk: a red 'Pick a card of your hand first, then press its
    lane's number' right after the card went in correctly)."""
    a = defending()
    model = a.scene.model
    for _ in range(2):
        hint = hinted(a)
        before = placed_count(a)
        press(a, pygame.K_RETURN)
        settle(a)
        assert placed_count(a) == before + 1 and model.session.submitted[-1][1] == hint
        press(a, pygame.K_1 + hint.arg)
        settle(a)
        assert placed_count(a) == before + 1
        assert not model.ui.message.startswith(REFUSED), model.ui.message
    pygame.quit()


def test_a_lane_number_puts_the_card_the_keyboard_is_on_in_that_lane():
    """walkB15 #4: with the keyboard's ring on a card of the hand and none picked (the
    last card of the line, the ring sent to it by the hint asked with Tab and Enter on
    the Hint button), its lane's number puts that card in the lane, as the card under
    the ring is the one the number is for; the key legend offers the lanes' numbers
    there (the walk: 'Pick a card of your hand first, then press its lane's number'
    with the card shown big under the ring, as if picked)."""
    from scenes.table.input import focused, key_legend
    a = defending()
    table, model = a.scene, a.scene.model
    for lane in range(3):
        press(a, pygame.K_RETURN)
        assert model.ui.selection, model.ui.message
        press(a, pygame.K_1 + lane)
        settle(a)
    assert len(table.board.hand_cards()) == 1
    before = placed_count(a)
    while getattr(focused(table.laid, table.pointer), "label", None) != "Hint":
        press(a, pygame.K_TAB)
    hint = None
    press(a, pygame.K_RETURN)
    for _ in range(400):
        if model.ui.hint is not None:
            hint = model.ui.hint
            break
        a.frame()
    assert hint is not None and not model.ui.selection
    card = focused(table.laid, table.pointer)
    assert card in table.laid.cards and card.card is hint.cards[0]
    assert "1-4: lane" in key_legend(table.laid, table.pointer, False)
    press(a, pygame.K_1 + hint.arg)
    assert not model.ui.message.startswith(REFUSED), model.ui.message
    assert placed_count(a) == before + 1 and model.session.submitted[-1][1].cards[0] is hint.cards[0]
    assert model.session.submitted[-1][1].arg == hint.arg
    pygame.quit()


def test_by_keys_the_hand_closes_up_as_cards_leave_it():
    """walkB15 #5: setting a line by keys, the cards left in the hand close up after each
    card set (the holes a card leaves are kept only for the pointer, whose next click
    must still find its card where it lay): the hand lies as it is laid out afresh (the
    walk: gaps where placed cards were, 'the hand looks like it has missing cards')."""
    a = defending()
    table = a.scene
    for lane in range(3):
        press(a, pygame.K_RETURN)
        press(a, pygame.K_1 + lane)
        settle(a)
        assert len(table.board.hand_cards()) == 3 - lane
        assert not table.hand_gapped, [p.rect.x for p in table.board.hand_cards()]
    pygame.quit()


@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (960, 600)])
def test_a_message_never_covers_a_card_set_on_the_table_where_a_place_is_clear(size):
    """walkB15 #3: setting a line by keys at 1280x800 and 1280x720, the message a card
    picked brings ('Press a lane's number for Defense blue 6 (1 is the leftmost)') lies
    clear of the cards already set face up on the table, whose count boxes the person
    compares (the walk: the message over the foot of the card in 'Lane 1: your line')."""
    from scenes.table import draw as table_draw
    a = defending(size)
    table, model = a.scene, a.scene.model
    for lane in range(3):
        press(a, pygame.K_RETURN)
        assert model.ui.message.startswith("Press a lane's number"), model.ui.message
        said = table_draw.message_box(a.screen, table.laid.board, model.ui.message, table.pointer.message_spot)
        board = table.laid.board
        cards = [p.rect for p in board.placed if p.face_up and p.zone != board.hand_key]
        assert said.collidelist(cards) < 0, (lane, said, [c for c in cards if said.colliderect(c)])
        press(a, pygame.K_1 + lane)
        settle(a)
    pygame.quit()


@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (960, 600)])
def test_no_name_plate_covers_a_caption(size):
    """walkB15 #6: at every size, no seat's name plate (its round avatar with it) lies
    over a caption of the cards on the table (the walk at 960x600: Theo's round 'T'
    over the top of 'Cards not in play (14)')."""
    from scenes.table import draw as table_draw
    a = defending(size)
    table = a.scene
    board = table.laid.board
    plates = table_draw.plate_rects(a.screen, board, table.plates(table.model.view))
    captions = table_draw.caption_rects(a.screen, board)
    assert len(plates) == 2 and captions
    assert not [(p, c) for p in plates for c in captions if p.colliderect(c)], board.labels
    pygame.quit()


def test_clicks_on_the_tables_continue_never_pass_the_results_unseen():
    """walkB15 #8: the results open on a click at the table (its Continue on the game's
    last outcome) under a pointer that stays there; clicks there again, the pointer
    unmoved, are not taken by the button now under it (Menu, or Play again), so the
    winner is never gone unseen; once the pointer moves, the buttons work (the walk: a
    click every 2 seconds on Continue, the last landing on the results' Menu before they
    were ever read). A click long after the screen opened, where the pointer rests, is
    taken."""
    from scenes.screens.scoring import ScoringScene
    from scenes.table.session import Seat, Session
    from tests.test_ui_screens_dressed import NAMES, played
    a = new_app((1280, 800))
    state = played("final_count", 2, 11, hand_only=False)
    session = Session("final_count", [Seat(NAMES[0]), Seat(NAMES[1], human=False)], {}, 11, state=state)
    a.scene.go("scoring", session=session, interim=False)
    a.frame()
    buttons = [w.rect for w in a.scene.widgets]
    a.scene.go("menu")
    a.frame()
    start_game(a, "final_count", 2, {0}, 11)
    settle(a)
    table = a.scene
    taken = table.widgets + table.laid.top
    spot, button = next(((x, y), b) for b in buttons for x in range(b.left + 4, b.right - 4, 8)
                        for y in (b.centery,) if not any(w.hit((x, y)) for w in taken))
    spot = a.screen.pixel(spot)
    a.scene.go("scoring", session=session, interim=False)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    a.frame()                                       # the click at the table opens the results
    end = a.scene
    assert isinstance(end, ScoringScene) and any(w.rect == button for w in end.widgets)
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
        a.frame()
        assert a.scene is end
    moved = (spot[0] + 2, spot[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=moved, rel=(2, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=moved, button=1))
    a.frame()
    assert a.scene is not end
    pygame.quit()


def test_every_lane_caption_stays_within_its_lane():
    """walkB15 #7: 5 possessions at 1280x800 against a computer with a long name, through
    its lines' reveals: every caption over a lane's cards ends inside that lane's column,
    a caption too wide for one line going onto two, parted at its colon ('Lane 1,
    closed:' over 'Alexandrina'), never running into the next lane's caption (the walk:
    'Lane 1: Theo's closed card|Lane 2: Theo's closed card|...' read as one run-on line)."""
    import random
    from scenes.table import draw as table_draw
    from scenes.table.session import Seat, Session, inline
    from tests.test_table_moments_pd import played
    a = new_app((1280, 800))
    a.settings.animation_speed = "normal"
    session = Session("five_possessions", [Seat("Maya"), Seat("Alexandrina", False, "easy")], {}, DEAL,
                      executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    wrapped = checked = 0
    for table in played(a, session, random.Random(DEAL), frames=6000):
        board = table.board
        areas = [pygame.Rect(*map(int, area)) for area in board.areas]
        over = [(rect, words) for rect, (words, _) in zip(table_draw.caption_rects(a.screen, board), board.labels)
                if any(area.left <= rect.left < area.right and area.top <= rect.top for area in areas)]
        for rect, words in over:
            checked += 1
            wrapped += words.endswith("closed:")
            near = [(other, said) for other, said in over if other.left > rect.left and other.top == rect.top]
            assert all(other.left - rect.right >= 6 for other, _ in near), (words, rect, near)
        if wrapped >= 2 and checked > 200:
            break
    assert wrapped >= 2 and checked > 200, (wrapped, checked)
    pygame.quit()
