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
