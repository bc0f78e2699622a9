"""Final Count where walker B of wave 15 stumbled (issue #37), as a player meets it (the
rulings: docs/rulings/final_count.md)."""
from tests.test_ui_play import app, click_widget, open_setup  # noqa: F401


def test_setup_and_the_rules_say_alike_when_the_hit_goal_is_rolled(app):  # noqa: F811
    """walkB15 #9: Setup's note under Hit Goal and the rules page (its Hit Goal section
    and its House rules) all say the goal is rolled after the deal (A4: after the deal,
    before the first turn), none 'before each hand' (the walk: Setup and House rules said
    before the hand, the Hit Goal section after the deal)."""
    open_setup(app, "final_count")
    click_widget(app, lambda w: getattr(w, "option", None) and w.option.id == "final_count.hit_goal")   # On
    note = " ".join(next(lines for option, _, lines in app.scene.option_rows if option.id == "final_count.hit_goal"))
    app.scene.go("rules", rules_game="final_count", return_to="menu")
    app.frame()
    words = " ".join(line[0] for line in app.scene.lines)
    assert note.startswith("After each deal, two die rolls set a goal"), note
    assert "the die is rolled twice after the deal" in words and "after each deal, two die rolls set a goal" in words
    assert "before each hand" not in note + words, (note, words)


def test_a_hands_end_on_the_table_says_every_count_the_winner_beat(app):  # noqa: F811
    """walkB15 #10: Final Count against a computer, played at the table: as a hand ends on
    a call, the banner held on the table names the winner's points and count and each
    other player's count (not bust) it beat: 'Hand 1 is over: Maya +51 (count 51); Theo:
    count 48' (the walk: only 'Maya +51 (count 51)', Theo's 48 to be added up from his
    cards and the Board)."""
    import random
    from tests.test_table_moments_pd import played
    from tests.test_ui_saves import start_game
    app.settings.animation_speed = "normal"
    session = start_game(app, "final_count", 2, {0}, 5)
    checked = 0
    for table in played(app, session, random.Random(5), frames=20000):
        model = table.model
        said = [o.words for o in model.hold.outcomes if o.words.startswith("Hand ")]
        if not (model.hold.wait and said):
            continue
        rows = model.view.facts["last_hand"]["seats"]
        for row in rows:
            if not row.get("winner") and not row.get("bust") and row.get("best") is not None:
                assert f"{model.names[row['seat']]}: count {row['best']}" in said[-1], (said, rows)
                checked += 1
        if checked >= 2:
            break
    assert checked >= 2, checked


def test_the_goal_rolls_the_deal_makes_are_never_said_as_the_dealers_doing(app):  # noqa: F811
    """walkB15 #15: Final Count with Hit Goal on, Maya dealing at the table: the Moves
    log says the die was rolled for the Hit Goal as Maya dealt, never 'Maya rolled 2 and 6
    for the Hit Goal' (the walk: the app rolled as Maya dealt, and 'Maya rolled' about
    something she never did made her wonder what she had clicked)."""
    from scenes.table.session import Seat, Session
    from scenes.table.scene import TableScene
    from tests.test_ui_play import settle
    session = Session("final_count", [Seat("Maya"), Seat("Theo", False, "easy")],
                      {"final_count.hit_goal": "on"}, 15)
    app.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    app.frame()
    settle(app)
    assert isinstance(app.scene, TableScene)
    first, second = session.state.goal_rolls
    lines = app.scene.model.presenter.log_lines(session.events_for(0), ["Maya", "Theo"],
                                                {z.key: z for z in session.view(0).zones})
    said = [line for line in lines if "Hit Goal" in line and "rolled" in line]
    dealer = ["Maya", "Theo"][session.state.view(None).facts["dealer"]]
    assert said == [f"The die was rolled twice for the Hit Goal as {dealer} dealt: {first} and {second}"], lines


def test_next_hand_deals_the_next_hand_when_the_person_deals_it(app):  # noqa: F811
    """walkB15 #11: Final Count, Maya (a person) dealing the next hand: Next hand on the
    scores between hands goes back to the table with the next hand dealt, as it does when
    Theo, a computer, deals (the walk: back on the old hand's cards, 'Deal the next hand'
    and a Deal button: two presses, the first seeming not to work)."""
    import random
    from game.core import SharedAct
    from scenes.table.scene import TableScene
    from scenes.table.session import Seat, Session
    from tests.test_ui_play import click_widget, settle
    session = Session("final_count", [Seat("Maya"), Seat("Theo", False, "easy")], {}, 11)
    rng = random.Random(11)
    while not session.is_over:                      # random moves to a hand's end that Maya deals next
        legal = session.legal_actions()
        if session.current_player == 0 and all(a.kind == SharedAct.DEAL for a in legal):
            break
        session.submit(rng.choice(legal))
    assert session.current_player == 0 and session.legal_actions()[0].kind == SharedAct.DEAL
    app.scene.go("scoring", session=session, interim=True, viewer=None, curtains=[],
                 events_seen=session.event_count(), scores_due=False)
    app.frame()
    click_widget(app, lambda w: w.label == "Next hand")
    settle(app)
    table = app.scene
    assert isinstance(table, TableScene)
    assert not any(a.kind == SharedAct.DEAL for a in session.legal_actions()), session.legal_actions()
    assert "Deal the next hand" not in table.model.prompt()


def test_a_note_on_the_table_stands_nearer_its_seats_plate_than_any_other(monkeypatch):
    """walkB16 #2: Final Count, Maya against Theo and Ines at 960x600, played at the table
    to a call: every note drawn on the table (not in the top bar) about a seat's move,
    'Ines called at the end of the turn' among them, stands nearer that seat's name plate
    than any other seat's (the walk: it lay under Theo's Cards on Table and read as his)."""
    import random

    import pygame

    from game.final_count.rules import Act
    from scenes.table import draw, intents
    from scenes.table.scene import TableScene
    from tests.test_ui_play import new_app
    from tests.test_ui_saves import start_game
    a = new_app((960, 600))
    a.settings.animation_speed = "normal"
    placed = []
    real = draw.toast_box

    def toast_box(screen, words, *args, **kwargs):
        box = real(screen, words, *args, **kwargs)
        placed.append((words, a.scene.motion.toast_seat(), box, a.scene.board, a.scene.plates(a.scene.model.view)))
        return box
    monkeypatch.setattr(draw, "toast_box", toast_box)
    session = start_game(a, "final_count", 3, {0}, 11)
    rng = random.Random(3)
    for _ in range(30000):                  # Maya never calls: the computers do
        table = a.scene
        if not isinstance(table, TableScene) or any(" called " in words for words, *_ in placed):
            break
        model = table.model
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        elif model.my_turn() and model.settled() and not table.busy():
            legal = [action for action in session.legal_actions() if action.kind != Act.CALL]
            table.act(intents.Choose(rng.choice(legal)))
        a.frame()
    on_table = {(words, seat, tuple(box)): (board, plates) for words, seat, box, board, plates in placed
                if box[1] > 40 and seat is not None}
    assert any(" called " in words for words, _, _ in on_table), sorted({w for w, *_ in placed})
    for (words, seat, box), (board, plates) in on_table.items():
        centre = pygame.Vector2(pygame.Rect(box).center)
        distance = {other: centre.distance_to(draw.plate_rect(a.screen, board.plates[other], *plates[other]).center)
                    for other in board.plates}
        assert min(distance, key=distance.get) == seat, (words, seat, box, distance)
    pygame.quit()
