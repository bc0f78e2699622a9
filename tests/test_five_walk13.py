"""5 possessions where the newcomer walk of wave 13 stumbled (issue #37), played with
real events at the table against a computer (the rulings: docs/rulings/play_design.md)."""
from game import registry
from tests.test_table_moments_pd import drawn_words, five_possessions_reveals
from tests.test_ui_play import app  # noqa: F401


def test_a_defense_card_set_opposite_a_closed_card_is_said_to_be_used_up_and_the_rules_say_why(app, monkeypatch):  # noqa: F811
    """Against a computer, Maya on defense with a closed lane holding an offense card: the
    prompt drawn says that a card she sets there is used up, never compared (the rulings,
    4.1 c-d: the defense sets a card opposite each offense card; for a closed card it is
    removed unrevealed); the Rules page says the same (the walk: the rules said 'removed
    unseen' while her card stood face up there, and she had to spend it without a word)."""
    drawn = drawn_words(monkeypatch)
    checked = 0
    for table in five_possessions_reveals(app, 4242, frames=12000):
        model = table.model
        view = model.view
        if not (model.my_turn() and model.settled() and view.facts["step"] == "defense_set"):
            continue
        closed = model.presenter.closed_to_set(view)
        if not closed:
            continue
        drawn.clear()
        table.invalidate()
        app.frame()
        words = " ".join(drawn)
        lane = min(closed) + 1
        assert f"{lane}" in words and "closed: a card there is used up" in words, drawn
        checked += 1
        if checked >= 2:
            break
    assert checked >= 2, checked
    with open(registry.game_info("five_possessions").rulebook(), encoding="utf-8") as book:
        rules = book.read()
    assert "removed unseen" not in rules
    assert "The defense still sets a card opposite it" in rules and "never turned over" in rules


def test_a_card_set_from_the_hand_leaves_the_others_where_they_lay_and_a_lane_clicked_first_asks_for_the_hand(app):  # noqa: F811
    """Against a computer at 1280x720, Maya setting her line with the mouse: a lane clicked
    with no card picked asks for 'a card of your hand' ('your line' is the lane row's name);
    a card picked and set in a lane by clicks leaves the other cards of her hand where they
    lay, so the next click where the next card was still finds it (the walk: the hand
    re-centred after each card and the next click hit an empty spot)."""
    from scenes.table import moves
    from tests.test_ui_play import click_at
    checked = refused = 0
    for table in five_possessions_reveals(app, 4242, frames=8000):
        model = table.model
        hand = table.board.hand_cards()
        if not (model.my_turn() and model.settled() and not table.busy() and not model.ui.selection
                and len(hand) >= 3):
            continue
        lanes = table.board.lanes
        if not refused:
            area = table.board.areas[0]
            click_at(app, (int(area[0] + area[2] / 2), int(area[1] + area[3] / 2)))
            assert "your hand" in model.ui.message and "your line" not in model.ui.message, model.ui.message
            refused += 1
            continue
        before = {p.card.name: p.rect.topleft for p in hand}
        picked = next(p for p in hand if p.raised)
        click_at(app, picked.rect.center)
        lane = min(moves.open_lanes(model.legal, model.ui.selection, model.presenter))
        area = table.board.areas[lanes.index(lane)]
        history = len(model.session.state.history)
        click_at(app, (int(area[0] + area[2] / 2), int(area[1] + area[3] / 2)))
        assert len(model.session.state.history) == history + 1
        for _ in range(200):
            if model.settled() and not table.busy():
                break
            app.frame()
        after = {p.card.name: p.rect.topleft for p in table.board.hand_cards()}
        assert set(after) == set(before) - {picked.card.name}
        assert all(after[name][0] == before[name][0] for name in after), (before, after)
        checked += 1
        if checked >= 4:
            break
    assert checked >= 4 and refused, (checked, refused)


def test_the_button_of_a_card_picked_says_which_lanes_it_may_go_to(app):  # noqa: F811
    """Against a computer: a card of Maya's line picked that may go to several lanes, its
    button says what it does and where ('Place in lane 1, 2, 3 or 4...'), not 'Choose its
    lane...' (the walk: the button did not say what it would do)."""
    from scenes.table import moves
    from tests.test_ui_play import click_at
    checked = 0
    for table in five_possessions_reveals(app, 4242, frames=8000):
        model = table.model
        if not (model.my_turn() and model.settled() and not table.busy() and not model.ui.selection):
            continue
        picks = [(p, lanes) for p in table.board.hand_cards() if p.raised
                 for lanes in [moves.open_lanes(model.legal, [p.card], model.presenter)] if len(lanes) > 1]
        if not picks:
            continue
        placed, lanes = picks[0]
        click_at(app, placed.rect.center)
        numbers = [str(n + 1) for n in sorted(lanes)]
        labels = [w.label for w in table.widgets if getattr(w, "label", None)]
        assert f"Place in lane {', '.join(numbers[:-1])} or {numbers[-1]}..." in labels, labels
        checked += 1
        if checked >= 3:
            break
        click_at(app, placed.rect.center)
    assert checked >= 3, checked


def test_the_panel_says_what_open_and_closed_lanes_mean_once_and_each_lane_short(app, monkeypatch):  # noqa: F811
    """Against a computer at 1280x720, over a possession and more: the side panel says
    once what an open and a closed lane mean, and each lane in a few words on a line of its
    own ('Lane 1: open', 'Lane 3: closed'; the walk: the same long sentence four times over,
    filling the panel)."""
    drawn = drawn_words(monkeypatch)
    checked = 0
    for table in five_possessions_reveals(app, 4242, frames=6000):
        model = table.model
        if not (model.my_turn() and model.settled() and not table.busy()):
            continue
        drawn.clear()
        table.invalidate()
        app.frame()
        panel = " ".join(drawn)
        assert panel.count("compared with the defense card opposite it") == 1, drawn
        assert "offense card here" not in panel, drawn
        for k in range(1, 5):
            assert any(line in (f"Lane {k}: open", f"Lane {k}: closed")
                       or line.startswith(f"Lane {k}: open, but ") for line in drawn), drawn
        checked += 1
        if checked >= 6:
            break
    assert checked >= 6, checked


def test_a_lane_lost_in_the_line_just_played_is_called_closed_as_the_panel_tells_it(app, monkeypatch):  # noqa: F811
    """Against a computer, while a line is revealed and its result waits to be read: a lane whose
    cards were compared and lost in that line is headed 'Lane 3, closed' beside its verdict, as
    the side panel tells it once its result is told (the walk of wave 14: 'Lane 3: your line'
    under a panel saying 'Lane 3: closed'; wave 13 had it headed as played, open), and so from
    the next line on."""
    drawn = drawn_words(monkeypatch)
    checked = later = 0
    for table in five_possessions_reveals(app, 4242, frames=12000):
        model = table.model
        facts = model.view.facts
        lost = [d["lane"] for d in facts.get("last_line") or [] if d.get("open") and not d.get("won")]
        if model.hold.wait and model.settled() and model.timeline.revealing() is None \
                and facts.get("table") == "line" and lost:
            drawn.clear()
            table.invalidate()
            app.frame()
            for k in lost:
                assert any(line.startswith(f"Lane {k + 1}, closed") for line in drawn), (k, drawn)
            checked += 1
        elif checked and model.my_turn() and model.settled() and not model.hold.wait and facts["line"] > 1:
            drawn.clear()
            table.invalidate()
            app.frame()
            closed = [k for k, lane in enumerate(facts["lanes"]) if not lane.get("live")]
            assert all(any(line.startswith(f"Lane {k + 1}, closed") for line in drawn) for k in closed), drawn
            later += bool(closed)
        if checked >= 3 and later >= 3:
            break
    assert checked >= 3 and later >= 3, (checked, later)


def test_keys_typed_while_a_card_still_flies_are_taken_once_it_lands(app):  # noqa: F811
    """Against a computer at the normal pace, Maya setting line 1 from the keyboard: Enter
    (a card picked), its lane's number, then at once, while that card still flies into its
    lane, Enter and the next lane's number: once the card has landed the keys are taken,
    and the second card is set too (the walk: 'Enter 2 Enter 3 Enter 4' set one card, the
    rest dropped without a word)."""
    import pygame

    from tests.test_ui_play import press
    for table in five_possessions_reveals(app, 4242, frames=6000):
        model = table.model
        facts = model.view.facts
        if model.my_turn() and model.settled() and not table.busy() and facts["step"] == "offense_set" \
                and facts["line"] == 1 and len(table.board.hand_cards()) == 4 and table.laid is table.laid_out:
            break
    session = model.session
    assert table.laid is table.laid_out
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert model.ui.selection, (table.pointer.focus, table.laid is table.laid_out)
    history = len(session.state.history)
    press(app, pygame.K_1)
    assert len(session.state.history) == history + 1
    assert table.motion.flights, "the card set should still be flying"
    press(app, pygame.K_RETURN)
    press(app, pygame.K_2)
    for _ in range(300):
        if model.settled() and not table.busy() and len(session.state.history) >= history + 2:
            break
        app.frame()
    assert len(session.state.history) == history + 2, model.ui.message
    assert [a.arg for a in session.state.history[-2:]] == [0, 1]


def test_a_name_plate_counts_the_cards_in_hand_and_says_so(app, monkeypatch):  # noqa: F811
    """Against a computer: each name plate's count says it counts the cards in hand ('0 in
    hand' while Theo's line lies face down in the lanes, '4 in hand' while he holds it), so it
    keeps one meaning (the walk: 'Theo 0 cards' with his 4 cards in the lanes)."""
    from scenes.table import draw
    plates = {}
    real = draw.plate_words
    monkeypatch.setattr(draw, "plate_words", lambda *args, **kwargs: plates.update(real(*args, **kwargs))
                        or real(*args, **kwargs))
    seen = set()
    for table in five_possessions_reveals(app, 4242, frames=3000):
        for seat, (_, right, _, _) in plates.items():
            if right != "thinking...":
                assert right.endswith(" in hand"), (seat, right)
                seen.add(right)
        if {"0 in hand", "4 in hand"} <= seen:
            break
    assert {"0 in hand", "4 in hand"} <= seen, seen


def test_the_scores_screen_says_a_tied_lane_went_to_the_defense():
    """5 possessions played by random legal moves to the end: on the scores screen's plates,
    a lane of the last line won or lost on equal dots says the tie went to the defense
    (walkD14 #25: 'won, 5 dots to 5' with no word of why)."""
    import random
    from scenes.table.presenters import presenter_for
    presenter = presenter_for(registry.GAMES["five_possessions"])
    tied = 0
    for seed in range(60):
        state = registry.new_game("five_possessions", players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        view = state.view(None)
        for seat in range(2):
            for words, _ in presenter.score_cards(view, seat, ["Maya", "Theo"]):
                if ", " in words and "dot" in words:
                    ours, _, theirs = words.split(", ")[1].partition(" to ")
                    if ours.split()[0] == theirs.split()[0]:
                        assert words.endswith("(a tie goes to the defense)"), words
                        tied += 1
        if tied >= 2:
            break
    assert tied >= 2, tied
