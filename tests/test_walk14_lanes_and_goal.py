"""Where the newcomer walks of wave 14 stumbled (issue #37) in 5 possessions' lanes and
rules page and in Final Count's Hit Goal, each played with real events at the table (the
rulings: docs/rulings/play_design.md, docs/rulings/final_count.md)."""
from scenes.screens.scoring import ScoringScene
from tests.test_table_moments_games import played
from tests.test_table_words import spy  # noqa: F401
from tests.test_ui_play import app  # noqa: F401


def test_the_scores_after_a_hand_played_for_a_hit_goal_say_the_goal_and_whether_anyone_hit_it(app, spy):  # noqa: F811
    """Final Count with the Hit Goal on, 3 players against computers: the scores shown once
    hand 1 is over say the goal that hand was played for and whether anyone ended the hand
    on it (walkB14 #10: the screen never named the goal, and Theo's total of exactly 75,
    the Hit Goal's prize, read as if he had hit it)."""
    for _ in played(app, "final_count", 3, 607464099, 4, limit=20000, options={"final_count.hit_goal": "on"}):
        pass
    scene = app.scene
    assert isinstance(scene, ScoringScene) and scene.interim, type(scene).__name__
    last = scene.view.facts["last_hand"]
    goal, hit = last["goal"], [r["seat"] for r in last["seats"] if r["hit"]]
    app.frame()
    told = [words for words in spy if f"Hit Goal {goal}" in words]
    assert told, sorted(spy)
    if hit:
        assert any("ended the hand on it" in words for words in told), told
    else:
        assert any("nobody ended the hand on it" in words for words in told), told


def test_a_line_read_leaves_the_lanes_at_continue_as_the_rules_page_says(app):  # noqa: F811
    """5 possessions against a computer, Maya on offense: once a line's outcome is read
    (Continue), its cards leave the lanes before she sets any card of the next line (the
    offense's to the Won and Used up piles, the defense's removed), and the Rules page says
    so (walkB14 #9: the page said they stay until the offense sets its first card)."""
    from game import registry
    from tests.test_table_moments_pd import five_possessions_reveals
    checked = 0
    waiting = False
    for table in five_possessions_reveals(app, 4242, frames=12000):
        model = table.model
        state = model.session.state
        mine = state.offense == 0 and state.step == "offense_set"
        if model.hold.wait:
            waiting = mine and state.table is not None and len(state.hand[0]) == state.view(0).facts["line_size"]
            continue
        if waiting:                                 # Continue pressed, no card of the next line set yet
            assert len(state.hand[0]) == state.view(0).facts["line_size"]
            lines = [z.key for z in model.view.zones if z.key.startswith("line:") and z.cards]
            assert not lines, lines
            checked += 1
            waiting = False
        if checked >= 3:
            break
    assert checked >= 3, checked
    with open(registry.game_info("five_possessions").rulebook(), encoding="utf-8") as book:
        rules = book.read()
    assert "until the offense sets its first card" not in rules
    assert "stay on the table, turned over, until its outcome has been read (Continue)" in rules


def test_at_a_possession_s_end_the_panel_tells_each_lane_as_its_last_line_left_it(app):  # noqa: F811
    """5 possessions against a computer, each possession's end held to be read (a stopped
    drive, a touchdown): the side panel tells every lane that got a card in the last line
    as the rules leave it (After each line): 'closed' where the defense held it, open where
    the offense won it, as the lane's verdict on the table says, and the possession's
    offense; not the lanes as they stood before the line (walkB14 #8: 'Drive stopped'
    beside 'Lane 1: open, but a purple card goes closed')."""
    from tests.test_table_moments_pd import five_possessions_reveals
    stopped = touchdowns = 0
    seen = set()
    for table in five_possessions_reveals(app, 4242, frames=20000):
        model = table.model
        outcome = model.hold.outcome
        if not (model.hold.wait and model.settled() and outcome is not None
                and outcome.words.startswith(("Drive stopped", "Touchdown"))) or model.session.event_count() in seen:
            continue
        seen.add(model.session.event_count())
        panel = model.panel_view()
        said = {label: value for label, value, _ in model.presenter.readouts(panel, model.names)}
        results = model.whole.facts["last_line"]
        for result in results:
            lane = said[f"Lane {result['lane'] + 1}"]
            assert lane.startswith("open") if result["won"] else lane == "closed", (outcome.words, said, results)
        offense = [e.seat for e in model.session.events_since(0) if e.kind == "possession"][-2]
        assert said["Offense"] == model.names[offense], said
        if outcome.words.startswith("Drive stopped"):
            stopped += 1
        else:
            touchdowns += 1
        if stopped >= 3 and touchdowns >= 1:
            break
    assert stopped >= 3 and touchdowns >= 1, (stopped, touchdowns)


def test_the_lesson_s_stopped_drive_marks_the_lanes_it_speaks_of_and_the_panel_closes_them(app):  # noqa: F811
    """5 possessions' lesson, Ben's drive (steps 25 and 26): where the coach says the defense
    holds lanes 1-3, the bubble's ring takes in lanes 1 to 3, and the coach's panel tells
    those three closed, lane 4 still open; where lane 4 is held too and the drive stopped,
    all four closed (walkC14 #14: only lane 2 outlined beside 'Lanes 1-3', and the panel
    said every lane open)."""
    import pygame
    from scenes.table import coach_panel
    from scenes.table.lesson import start as open_at
    from tests.test_ui_lesson_honest import to_stop
    open_at(app.scene, "five_possessions", None)
    app.frame()
    scene = app.scene
    model = scene.model

    def lanes():
        rows = [row[0] for row in coach_panel.facts_rows(model.panel_view(), model.presenter, model.names)]
        return [row.partition(": ")[2] for row in rows if row.startswith("Lane ")]
    to_stop(app, scene, lambda c: c.explaining() and c.cue.point.startswith("Lanes 1-3"))
    app.frame()
    assert lanes() == ["closed", "closed", "closed", "open"], lanes()
    board = scene.laid.board
    ring = pygame.Rect(scene.laid.bubble.target)
    for lane in range(4):
        area = pygame.Rect(*map(int, board.areas[board.lanes.index(lane)]))
        assert ring.contains(area) == (lane < 3), (lane, ring, area)
    to_stop(app, scene, lambda c: c.explaining() and c.cue.point.startswith("5 against 5"))
    app.frame()
    assert lanes() == ["closed"] * 4, lanes()


def test_the_small_cards_on_5_possessions_lanes_show_the_dots_that_count_not_the_unused_number(app, monkeypatch):  # noqa: F811
    """5 possessions against a computer at 1280x720, the lanes' cards drawn at their
    smallest: each shows its OFF or DEF badge and what counts (an offense card its own
    colour's dots, named 'dots'; a defense card its four counts), never the number in the
    card's corner, which the Rules page says this game does not use (walkB14 #6: 'OFF / 6 /
    5', the 6 read as the card's strength, the 5 unnamed)."""
    from sprites import cards as card_sprites, formation_faces
    from tests.test_table_moments_pd import five_possessions_reveals
    written, drawing = [], []
    real_band, real_tally = formation_faces._band, formation_faces._tally
    real_render, real_label = formation_faces.render, formation_faces.label

    def band(surf, card, rect, cb, tiny):       # a smallest face begins with its band...
        if tiny:
            drawing.append((card, []))
        return real_band(surf, card, rect, cb, tiny)

    def tally(surf, card, rect, cb, grid=False, **named):      # ...and ends with its counts
        real_tally(surf, card, rect, cb, grid, **named)
        if grid:
            written.append(drawing.pop())
    monkeypatch.setattr(formation_faces, "_band", band)
    monkeypatch.setattr(formation_faces, "_tally", tally)
    monkeypatch.setattr(formation_faces, "render", lambda words, *a: (
        drawing[-1][1].append(("printed", words)) if drawing else None) or real_render(words, *a))
    monkeypatch.setattr(formation_faces, "label", lambda surf, words, *a: (
        drawing[-1][1].append(("chip", words)) if drawing else None) or real_label(surf, words, *a))
    card_sprites._CACHE.clear()
    for table in five_possessions_reveals(app, 4242, frames=3000):
        model = table.model
        if model.hold.wait and model.settled() and len(written) >= 8:
            break
    tiny = written
    assert {card.side for card, _ in tiny} == {"offense", "defense"}, len(tiny)
    for card, words in tiny:
        assert [w for kind, w in words if kind == "printed"] == ["OFF" if card.side == "offense" else "DEF"], \
            (card.name, words)
        if card.side == "offense":
            assert ("chip", "dots") in words, (card.name, words)
