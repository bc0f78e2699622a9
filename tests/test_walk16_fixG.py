"""The confusing moments of walk 16 (issue #37) in Deadline, KTU, Final Count and Play
Design, and the rules of presentation they showed for every game, played with real events."""
import pygame

from game import registry
from scenes.table.session import Seat, Session, inline
from tests.test_deadline import auto_exam, game_at_midterm, held, second_half
from tests.test_ui_play import app, new_app  # noqa: F401

NAMES = ["Maya", "Theo", "Ines", "Kofi"]


def graded(state):
    """The results screen of Deadline `state`, played on to its grading, in a 1280x720 app."""
    while not state.is_over:
        auto_exam(state)
    a = new_app((1280, 720))
    seats = [Seat(NAMES[i], i == 0, "easy") for i in range(state.players)]
    session = Session(state.game_id, seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    a.scene.go("scoring", session=session, interim=False)
    a.frame()
    return a


def test_a_four_card_assignment_is_graded_as_its_high_card_and_the_bonus(monkeypatch):
    """Maya lays the 5-6-7-8 of hearts at the Midterm and the semester is graded: her
    plate says the 11 is the 8's 8 points and the +3 for 4 or more cards (walkA16 #6:
    '2 assignments completed: 2 + 13' read as a King worth 13; the rules say 10, and the
    +3 was nowhere)."""
    state = game_at_midterm({0: ["5H", "6H", "7H", "8H"]})
    for _ in range(4):
        auto_exam(state)
    second_half(state)
    a = graded(state)
    try:
        maya = next(p for p in a.scene.plates() if p.name == "Maya")
        assert "11 (8 + 3 for 4 or more cards)" in maya.how, maya.how
    finally:
        pygame.quit()


def test_the_extra_credit_a_joker_cancelled_lies_apart_from_the_rest():
    """Maya holds a Joker to the end and laid no assignment of her own, but gave the 8 of
    clubs to Theo's run and the 9 of hearts to Ines's set at the Final: her plate shows one
    card under 'Extra credit given' and the other under 'Cancelled by a Joker', so the 1 of
    2 cancelled is a card she can see (walkA16 #7: all four cards of Theo's extra credit
    lay alike under '2 of 4 cancelled by 2 Jokers')."""
    state = game_at_midterm({0: ["8C", "9H", "JK"], 1: ["5C", "6C", "7C"], 2: ["9D", "9S", "9C"]})
    for _ in range(4):
        auto_exam(state)
    second_half(state, keep={0: ("8C", "9H", "JK")})
    assert state.current_player == 0
    state.apply(registry.Action("extra_credit", (held(state, 0, "8C"),), 0))
    state.apply(registry.Action("extra_credit", (held(state, 0, "9H"),), 1))
    a = graded(state)
    try:
        maya = next(p for p in a.scene.plates() if p.name == "Maya")
        groups = {caption: [c.name for c in cards] for caption, cards, *_ in maya.groups}
        given, struck = groups.get("Extra credit given", []), groups.get("Cancelled by a Joker", [])
        assert len(given) == 1 and len(struck) == 1 and set(given + struck) == {"8C", "9H"}, groups
    finally:
        pygame.quit()


def hand_ends(a, game_id, count, seed, options, frames=20000):
    """`game_id` with `count` seats (Maya a person playing random legal moves, the others
    computers) and `options`, played at the table at the normal pace; yields the table at each frame that
    holds a hand's end ('Hand N is over...') for reading."""
    import random
    from tests.test_table_moments_pd import played
    from tests.test_ui_play import click_widget, open_setup, set_seats
    a.settings.animation_speed = "normal"
    open_setup(a, game_id)
    set_seats(a, count, {0})
    a.scene.options.update(options)
    a.scene.deal = str(seed)
    click_widget(a, lambda w: w.label == "Start")
    session = a.scene.model.session
    for table in played(a, session, random.Random(seed), frames=frames):
        if table.model.hold.wait and any(o.words.startswith("Hand ") for o in table.model.hold.outcomes):
            yield table


def test_a_hand_won_on_the_hit_goal_says_it_was_the_goal_that_won(app):  # noqa: F811
    """Final Count with the Hit Goal on, 3 players, played at the table to the end of
    hands: where the winner ended the hand on the Hit Goal, the banner held on the table
    says so ('Maya +75 (hit the Goal 31)'), not only a count that reads as if the lowest
    count won 75 (walkB16 #1: 'Hand 1 is over: Maya +75 (count 31); Theo: count 43,
    Ines: count 40')."""
    hits = 0
    for table in hand_ends(app, "final_count", 3, 5, {"final_count.hit_goal": "on"}):
        last = table.model.view.facts["last_hand"]
        said = [o.words for o in table.model.hold.outcomes if o.words.startswith("Hand ")][-1]
        for row in last["seats"]:
            if row.get("winner") and row.get("hit"):
                assert f"{table.model.names[row['seat']]} +{row['points']} (hit the Goal {last['goal']}" in said, said
                hits += 1
        if hits:
            break
    assert hits


def test_ktu_calls_the_middle_pile_the_play_ground_wherever_a_player_reads_it(app, monkeypatch):  # noqa: F811
    """KTU from the menu: its Setup with each house rule switched, then a game against
    computers played at the table at the normal pace until someone has picked up, and the
    Rules page: every line drawn (the table's caption, the prompt, the buttons, the moves,
    the callouts, the Setup notes, the Rules) calls the middle pile by one word, the 'play
    ground' of the table's caption and the Rules, never 'the pile' (walkA16 #9: 'Play
    ground (3)' on the table, 'Take the pile' on the button, 'Theo picked up the pile' in
    the moves and '10 burns the pile' in the menu: for a while 'the pile' read as the
    stock)."""
    import random
    import re
    from sprites import text as text_module
    from tests.test_table_moments_pd import played
    from tests.test_ui_play import click_widget, open_setup, set_seats
    drawn = set()
    real = text_module.render
    monkeypatch.setattr(text_module, "render", lambda words, px, colour: drawn.add(words) or real(words, px, colour))
    app.settings.animation_speed = "normal"
    open_setup(app, "ktu")
    for option in app.scene.info.options:
        if option.id != app.scene.info.player_option:
            for _ in option.values:
                click_widget(app, lambda w, o=option: w.key == o.id)
    set_seats(app, 3, {0})
    app.scene.deal = "7"
    click_widget(app, lambda w: w.label == "Start")
    session = app.scene.model.session
    picked = 0
    for table in played(app, session, random.Random(7), frames=6000):
        picked = sum(1 for line in table.model.log_lines() if "picked up" in line)
        if picked >= 2:
            break
    assert picked >= 2
    words = set(drawn) | set(table.model.log_lines())
    app.scene.go("rules", rules_game="ktu", return_to="menu")
    app.frame()
    words |= {line[0] for line in app.scene.lines} | {registry.game_info("ktu").description}
    assert any("Play ground" in w for w in words) and any("Take the play ground" in w for w in words)
    piles = sorted(w for w in words if re.search(r"\bpiles?\b", w, re.I))
    assert not piles, piles


def test_a_player_who_may_not_knock_is_told_passed_in_the_moves(app):  # noqa: F811
    """4 downs with knocking on, 3 players, Maya knocking whenever she may, at the table:
    when a knock window reaches Maya again before anyone else has knocked, the moves say
    she passed because she knocked last ('Maya passed: the last to knock may not knock
    again until another player does'), as every other pass is told (walkB16 #3: 'Down 4
    of 4 begins / Theo knocked' although Maya led and is asked first: her turn to knock
    read as skipped)."""
    import random
    from scenes.table import intents
    from scenes.table.scene import TableScene
    from tests.test_ui_play import click_widget, open_setup, set_seats
    app.settings.animation_speed = "normal"
    open_setup(app, "four_downs")
    set_seats(app, 3, {0})
    app.scene.options.update({"pd.knocking": "on"})
    app.scene.deal = "3"
    click_widget(app, lambda w: w.label == "Start")
    table = app.scene
    session = table.model.session
    rng = random.Random(3)
    told = []
    for _ in range(8000):
        if app.scene is not table and getattr(app.scene, "interim", False):
            click_widget(app, lambda w: w.label == "Next hand")
            table = app.scene
        if session.is_over or not isinstance(app.scene, TableScene):
            break
        model = table.model
        told = [line for line in model.log_lines() if "the last to knock" in line]
        if told:
            break
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        elif model.my_turn() and model.settled() and not table.busy():
            legal = session.legal_actions()
            knock = [a for a in legal if a.kind in ("knock", "call")]
            table.act(intents.Choose(knock[0] if knock else rng.choice(legal)))
        app.frame()
    assert told == ["Maya passed: the last to knock may not knock again until another player does"], told
