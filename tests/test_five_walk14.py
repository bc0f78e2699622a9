"""5 possessions where the newcomer walks of wave 14 stumbled (issue #37), played with
real events at the table against a computer (the rulings: docs/rulings/play_design.md)."""
from tests.test_table_moments_pd import five_possessions_reveals
from tests.test_ui_play import app  # noqa: F401


def lane_captions(board, lane):
    """The captions over the cards of `lane` (one-based) on the table: 'Lane 2: your line'."""
    return [words for words, _ in board.labels if words.startswith((f"Lane {lane}:", f"Lane {lane},"))]


def test_after_a_line_is_revealed_each_lane_caption_says_closed_as_the_panel_does(app):  # noqa: F811
    """Against a computer, while a revealed line's result waits to be read: over every lane,
    the captions say 'closed' exactly where the side panel says the lane is closed (the
    rulings, 4.1 e: a lane the offense won stays open, every other one that received a card
    is closed), and a card that was compared (set open) is never called a closed card (the
    walks: 'Lane 1: your closed card' over lanes Maya won, which the panel called open,
    while the lost lane 3, closed in the panel, said 'Lane 3: your line')."""
    checked = won = lost = 0
    for table in five_possessions_reveals(app, 4242, frames=12000):
        model = table.model
        facts = model.view.facts
        if not (model.hold.wait and model.settled() and facts.get("table") == "line"
                and model.timeline.revealing() is None):
            continue
        panel = {label: value for label, value, _ in model.presenter.side_facts(model.panel_view(), model.names)}
        for result in facts["last_line"]:
            lane = result["lane"] + 1
            captions = lane_captions(table.board, lane)
            assert captions, (lane, table.board.labels)
            closed = panel[f"Lane {lane}"] == "closed"
            assert all(("closed" in words) == closed for words in captions), (lane, panel[f"Lane {lane}"], captions)
            if result.get("open"):
                assert not any("closed card" in words for words in captions), (lane, result, captions)
            won += bool(result.get("won"))
            lost += bool(result.get("open") and not result.get("won"))
        checked += 1
        if checked >= 6 and won >= 4 and lost >= 4:
            break
    assert checked >= 6 and won >= 4 and lost >= 4, (checked, won, lost)


def test_where_a_card_may_go_stays_clear_of_the_enlarged_card_the_message_and_the_hint(monkeypatch):
    """At 1152x720 (the walk's window), Maya on offense setting her line by keyboard: the
    enlarged copy of the hand card under the keyboard, the message a card picked brings
    ('Press a lane's number for ...') and a hint's words never cover a lane where a card
    may go (the table's rule, scene.place_targets; the walk: the enlarged card over lane
    4's 'your line' slot, the message across lanes 1-2, a hint across lanes 2-4)."""
    import pygame
    from scenes.table import draw as table_draw
    from scenes.table import moves
    from tests.test_ui_play import click_widget, new_app, press, settle
    from tests.test_ui_saves import start_game
    a = new_app((1152, 720))
    shown = []
    real = table_draw.enlarged
    monkeypatch.setattr(table_draw, "enlarged",
                        lambda *args, **kwargs: shown.append(real(*args, **kwargs)) or shown[-1])
    start_game(a, "five_possessions", 2, {0}, 266701095)
    settle(a)
    click_widget(a, lambda w: getattr(w, "label", "") == "Choose offense")
    settle(a)
    table = a.scene
    model, board = table.model, table.laid.board
    lanes = [pygame.Rect(*map(int, area)) for area in board.areas]
    assert {a.arg for a in model.legal if a.kind in model.presenter.LANE_ARGS} == set(board.lanes)   # all four
    enlarged = 0
    for _ in range(4):
        shown.clear()
        press(a, pygame.K_RIGHT)
        boxes = [box for box in shown if box is not None]
        assert all(box.collidelist(lanes) < 0 for box in boxes), (boxes, lanes)
        enlarged += bool(boxes)
    assert enlarged, "no card was shown enlarged"
    press(a, pygame.K_RETURN)
    assert model.ui.selection and model.ui.message, model.ui.message
    said = table_draw.message_box(a.screen, table.laid.board, model.ui.message, table.pointer.message_spot)
    open_lanes = moves.open_lanes(model.legal, model.ui.selection, model.presenter)
    targets = [rect for lane, rect in zip(board.lanes, lanes) if lane in open_lanes]
    assert targets and said.collidelist(targets) < 0, (model.ui.message, said, targets)
    press(a, pygame.K_h)
    assert model.ui.message.startswith("Hint"), model.ui.message
    said = table_draw.message_box(a.screen, table.laid.board, model.ui.message, table.pointer.message_spot)
    assert said.collidelist(lanes) < 0, (model.ui.message, said, lanes)
    pygame.quit()
