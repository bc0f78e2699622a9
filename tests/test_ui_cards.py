"""Cards you can see and handle at the table, through real posted events: the card
under the pointer lifts (a redraw only when it changes), a lane of 5 possessions takes
a card by a click, a card dragged onto its target plays as a click would, and the hand
sorts as the setting says."""
import pygame
import yaml

from scenes.screens.settings import SettingsScene
from scenes.table.layout import LIFT
from scenes.table.intents import Choose
from sprites import palette
from tests.test_ui_play import app, click_at, click_widget, settle  # noqa: F401
from tests.test_ui_saves import start_game


def move_to(a, point, buttons=(0, 0, 0)):
    """Post a real pointer motion to a logical point."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a.screen.pixel(point), rel=(0, 0),
                                         buttons=buttons))
    a.frame()


def drag(a, start, end):
    """Press on `start`, move in steps to `end`, let go there."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a.screen.pixel(start), button=1))
    a.frame()
    for k in range(1, 5):
        move_to(a, (start[0] + (end[0] - start[0]) * k / 4, start[1] + (end[1] - start[1]) * k / 4), (1, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=a.screen.pixel(end), button=1))
    a.frame()


def test_the_card_under_the_pointer_lifts_and_redraws_only_when_it_changes(app):
    start_game(app, "deadline", 4, {0}, 77)
    settle(app)
    table = app.scene
    table.motion.toasts.clear()         # nothing else moves: every frame counted is the pointer's
    app.frame()
    first, second = table.board.hand_cards()[:2]
    move_to(app, first.rect.center)
    assert table.pointer.hovered is first
    frames = app.frames
    move_to(app, (first.rect.centerx + 2, first.rect.centery + 1))     # the same card: no redraw
    move_to(app, (first.rect.centerx + 4, first.rect.centery - 1))
    assert app.frames == frames and table.pointer.hovered is first
    move_to(app, (first.rect.centerx, first.rect.top - LIFT // 2))      # above its place: still lifted
    assert table.pointer.hovered is first and app.frames == frames
    move_to(app, second.rect.center)                                    # another card: one redraw
    assert table.pointer.hovered is second and app.frames == frames + 1
    move_to(app, (table.board.table_w / 2, 70))                          # the felt: the lift drops
    assert table.pointer.hovered is None and app.frames == frames + 2
    for _ in range(5):
        app.frame()
    assert not table.busy() or table.model.session.thinking() is not None


def place_turn(a):
    """A 5 possessions game against a computer, at the first move that places a card."""
    session = start_game(a, "five_possessions", 2, {0}, 31)
    for _ in range(40):
        settle(a)
        table = a.scene
        legal = session.state.legal_actions()
        if any(x.kind == "place" for x in legal):
            return table, legal
        table.act(Choose(legal[0]))
    raise AssertionError("no placing turn")


def test_a_card_goes_into_the_lane_clicked(app):
    table, legal = place_turn(app)
    action = next(a for a in legal if a.kind == "place" and
                  sum(b.kind == "place" and b.cards[0] is a.cards[0] for b in legal) > 1)
    card = next(p for p in table.board.hand_cards() if p.card is action.cards[0])
    before = len(table.model.session.submitted)
    click_at(app, card.rect.center)
    assert table.model.ui.dialog is None and table.model.ui.selection == [card.card]
    assert "lane" in table.model.ui.message
    area = table.board.areas[table.board.lanes.index(action.arg)]
    assert lane_edged(app, area)                                         # the lanes it may go in show
    shut = [a for a in table.board.lanes
            if not any(b.kind == "place" and b.cards[0] is card.card and b.arg == a for b in legal)]
    assert all(not lane_edged(app, table.board.areas[table.board.lanes.index(a)]) for a in shut)
    click_at(app, (area[0] + area[2] / 2, area[1] + area[3] / 2))
    assert table.model.session.submitted[before] == (0, action)


def lane_edged(a, area):
    """Is the lane edged in gold just outside (a picked card may go there)?"""
    r = a.screen.rect(area)
    return tuple(a.screen.surface.get_at((r.centerx, r.top - 1)))[:3] == palette.GOLD[:3]


def test_a_card_dragged_onto_its_lane_is_placed_there(app):
    table, legal = place_turn(app)
    action = [a for a in legal if a.kind == "place"][-1]
    card = next(p for p in table.board.hand_cards() if p.card is action.cards[0])
    area = table.board.areas[table.board.lanes.index(action.arg)]
    before = len(table.model.session.submitted)
    drag(app, card.rect.center, (area[0] + area[2] / 2, area[1] + area[3] * 0.8))
    assert table.model.session.submitted[before] == (0, action)


def test_a_card_dragged_to_the_table_plays_as_a_click_does(app):
    session = start_game(app, "final_card_down", 2, {0}, 4242)
    for _ in range(30):
        settle(app)
        table = app.scene
        legal = session.state.legal_actions()
        plays = [a for a in legal if a.cards and len(a.cards) == 1 and
                 sum(b.cards == a.cards for b in legal) == 1]
        if plays:
            break
        table.act(Choose(legal[0]))
    action = plays[0]
    card = next(p for p in table.board.hand_cards() if p.card is action.cards[0])
    before = len(session.submitted)
    drag(app, card.rect.center, (card.rect.centerx, card.rect.centery - 20))     # back on the hand
    assert len(session.submitted) == before
    drag(app, card.rect.center, (table.board.table_w / 2, table.board.height / 2 - 60))
    assert session.submitted[before] == (0, action)


def test_the_hand_sorts_by_the_setting_chosen_in_settings(app, user_home):
    click_widget(app, lambda w: w.label == "Settings")
    assert isinstance(app.scene, SettingsScene)
    orders = []
    for _ in range(3):
        orders.append(app.settings.hand_order)
        click_widget(app, lambda w: w.key == "Sort your hand")
    assert orders == ["dealt", "suit", "rank"] and app.settings.hand_order == "dealt"
    click_widget(app, lambda w: w.key == "Sort your hand")
    saved = yaml.safe_load((user_home / "config" / "settings.yaml").read_text())
    assert saved["hand_order"] == "suit"
    click_widget(app, lambda w: w.label == "Back")
    start_game(app, "deadline", 4, {0}, 77)
    settle(app)
    table = app.scene
    shown = [p.card for p in table.board.hand_cards()]
    dealt = list(next(z for z in table.model.view.zones if z.key == table.board.hand_key).cards)
    assert sorted(shown, key=id) == sorted(dealt, key=id)
    assert [(c.suit, c.value) for c in shown] == sorted((c.suit, c.value) for c in dealt)
    assert shown != dealt           # this deal is not already in suit order
    for p in table.board.hand_cards():          # each card still stands for its place in the hand
        assert dealt[p.index] is p.card
    app.settings.hand_order = "rank"
    table.layout()
    assert [c.value for c in (p.card for p in table.board.hand_cards())] == sorted(c.value for c in dealt)
