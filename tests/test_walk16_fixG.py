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
    she did not knock because she knocked last ('No knock from Maya: the last to knock
    may not knock again until another player does'), as every other pass is told
    (walkB16 #3: 'Down 4 of 4 begins / Theo knocked' although Maya led and is asked first:
    her turn to knock read as skipped), in words that credit her with no choice and stand
    alone when she plays next (walkC17 #5: 'Maya passed: the last to knock may not knock
    again until another player does, played Offense blue 7')."""
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
        lines = model.log_lines()
        told = [line for line in lines if "the last to knock" in line]
        if told and any(line.startswith("Maya played") for line in lines[lines.index(told[0]) + 1:]):
            break
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        elif model.my_turn() and model.settled() and not table.busy():
            legal = session.legal_actions()
            knock = [a for a in legal if a.kind in ("knock", "call")]
            table.act(intents.Choose(knock[0] if knock else rng.choice(legal)))
        app.frame()
    assert told == ["No knock from Maya: the last to knock may not knock again until another player does"], told


def ines_with_kofis_extra_credit():
    """The second half of a Deadline semester, where Ines laid the 9-10-Jack-Queen-King of
    hearts and two 2s at the Midterm, and Kofi played the 8 of hearts and the 2 of diamonds
    on them as extra credit."""
    state = game_at_midterm({0: ["9D", "9S"], 1: ["8C", "2H"], 2: ["9H", "10H", "JH", "QH", "KH", "2C", "2S"],
                             3: ["8H", "2D"]})
    for _ in range(4):
        if state.current_player == 3:
            run, pair = (next(i for i, a in enumerate(state.assignments) if a.owner == 2 and a.cards[0].rank == rank)
                         for rank in ("9", "2"))
            state.apply(registry.Action("extra_credit", (held(state, 3, "8H"),), run))
            state.apply(registry.Action("extra_credit", (held(state, 3, "2D"),), pair))
        auto_exam(state)
    return state


def ines_with_kofis_long_extra_credit():
    """The second half of a Deadline semester, where Ines laid the 7-8-9-10-Jack-Queen-King
    of hearts at the Midterm, and Kofi played the 6 down to the Ace of hearts on it as extra
    credit: thirteen cards in a row, more than her corner lays apart at 960x600."""
    state = game_at_midterm({0: ["9D", "9S"], 1: ["8C", "2C"], 2: ["7H", "8H", "9H", "10H", "JH", "QH", "KH"],
                             3: ["6H", "5H", "4H", "3H", "2H", "AH"]})
    for _ in range(4):
        if state.current_player == 3:
            run = next(i for i, a in enumerate(state.assignments) if a.owner == 2)
            for name in ("6H", "5H", "4H", "3H", "2H", "AH"):
                state.apply(registry.Action("extra_credit", (held(state, 3, name),), run))
        auto_exam(state)
    return state


def deadline_table(size, made=ines_with_kofis_extra_credit):
    """The app at `size`, at Maya's first turn of the second half of the semester `made`."""
    from tests.test_deadline_walk14 import open_at
    a = new_app(size)
    table = open_at(a, made())
    for _ in range(200):
        if table.model.my_turn() and table.model.settled() and not table.busy():
            break
        a.frame()
    assert table.model.my_turn()
    return a, table


def test_captions_side_by_side_stay_apart_at_every_size():
    """Deadline's Final Exam at 1280x720 and 960x600, watched at the normal pace from Maya's
    seat while Ines (a computer) sits it beside her two assignments with Kofi's extra credit:
    at no frame do two captions on the table lie closer side by side than a clear space
    (10 points), so one never reads on into the next (walkA16 #3: 'Assignment with' ran
    into the next zone's 'Assignment', read as 'Assignment with Assignment'). The table's
    rule, for every game."""
    from tests.test_deadline_walk14 import open_at
    from sprites.text import READ
    for size in ((1280, 720), (960, 600)):
        state = ines_with_kofis_extra_credit()
        second_half(state)
        while state.current_player != 2:
            auto_exam(state)
        a = new_app(size, speed="normal")
        try:
            table = open_at(a, state)
            built = 0
            for _ in range(600):
                if table.model.my_turn() and table.model.settled() and not table.busy():
                    break
                built += any(z.key.startswith("group") and z.cards for z in table.model.view.zones)
                boxes = [(words, x, y, x + a.screen.text_width(words, READ)) for words, (x, y) in table.board.labels]
                for words, x, y, right in boxes:
                    for other, ox, oy, oright in boxes:
                        if other is not words and abs(oy - y) < READ and right <= ox:
                            assert ox - right >= 10, (size, words, other, ox - right)
                a.frame()
            assert built
        finally:
            pygame.quit()


def test_an_empty_place_shows_its_edge_wherever_it_lies_on_the_felt():
    """Deadline's second half at 1280x720 and 960x600: each empty place (every seat's
    Exchange card, the Assignment being built) has an edge that stands out from the felt
    just inside it, under the table's light as at its dark edges (walkC16 #6: Sam's
    Exchange card slot, under the light, was a faint line nobody could find)."""
    for size in ((1280, 720), (960, 600)):
        a, table = deadline_table(size)
        try:
            surface = pygame.display.get_surface()
            assert table.board.slots
            for slot in table.board.slots:
                r = a.screen.rect(slot)
                edge, felt = surface.get_at((r.centerx, r.top))[:3], surface.get_at((r.centerx, r.top + 8))[:3]
                assert sum(edge) - sum(felt) >= 60, (size, slot, edge, felt)
        finally:
            pygame.quit()


def test_the_frame_of_extra_credit_overlapped_by_the_next_card_stays_on_its_own_card():
    """Deadline's second half at 960x600: Kofi's 6 of hearts, outlined as another student's
    extra credit, lies under Ines's 7 of hearts in her run of thirteen: its purple frame
    stops where the 7 lies over it and runs along no other card's top or foot (walkA16 #3:
    the frame of Sam's Jack spread under the Queen and King, and which cards were Sam's
    could not be told). The table's rule for every edge a card is framed with."""
    from sprites import palette
    a, table = deadline_table((960, 600), ines_with_kofis_long_extra_credit)
    try:
        surface = pygame.display.get_surface()
        run = [p for p in table.board.placed if p.face_up and p.card.name in ("6H", "7H")]
        six, seven = (next(p for p in run if p.card.name == name) for name in ("6H", "7H"))
        assert seven.rect.left < six.rect.right, "the 7 lies over the 6"
        r6, r7 = a.screen.rect(six.rect), a.screen.rect(seven.rect)
        def purple(x, y):
            return sum(abs(c - o) for c, o in zip(surface.get_at((x, y))[:3], palette.OTHERS)) < 60
        beyond = [(x, y) for x in range(r7.left + 2, r6.right + 8) for y in range(r7.top - 4, r7.top)
                  if purple(x, y)]
        assert not beyond, beyond[:4]
        assert any(purple(r6.left - 1, y) for y in range(r6.top, r6.bottom))
    finally:
        pygame.quit()


def test_an_assignment_another_student_is_building_says_why_its_cards_are_face_down():
    """Deadline's Midterm at 1280x720 watched from Maya's seat at the normal pace while Theo,
    a computer, sits it: whenever his assignment being built shows face-down cards, its
    caption says they stay hidden until he lays it down (walkA16 #5: a red back in
    'Assignment being built' read as a card taken from Maya or an exchange card)."""
    from tests.test_deadline_walk14 import open_at
    state = game_at_midterm({0: ["9D", "9S"], 1: ["5C", "6C", "7C"], 2: ["2H", "2S"], 3: ["4C", "KH"]})
    auto_exam(state)
    a = new_app((1280, 720), speed="normal")
    try:
        table = open_at(a, state)
        seen = 0
        for _ in range(600):
            if table.model.session.state.current_player == 2:
                break
            group = next((z for z in table.model.view.zones if z.key == "group"), None)
            if group is not None and group.cards and all(c is None for c in group.cards) and \
                    any(p.zone == "group" for p in table.board.placed):
                said = " ".join(words for words, _ in table.board.labels)
                assert "Assignment being built (hidden until laid down)" in said, said
                seen += 1
            a.frame()
        assert seen
    finally:
        pygame.quit()


def test_a_count_in_a_wrapped_line_stays_whole():
    """5 possessions at 960x600 against a computer, played at the table by random legal
    moves: each top-bar prompt with a count ('Theo is setting offense cards (3 of 4)'),
    wrapped onto two lines as the top bar does where it is narrower than the words (from
    300 to 700 points wide: draw.bar_lines), never splits the count between the lines (walkD16 #8: 'Theo
    is setting offense cards (3 of' / '4)'). The rule of every wrapped text in the app."""
    import random
    import re
    from scenes.table import draw
    from tests.test_table_moments_pd import played
    from tests.test_ui_saves import start_game
    a = new_app((960, 600), speed="normal")
    try:
        session = start_game(a, "five_possessions", 2, {0}, 760943793)
        prompts = set()
        for table in played(a, session, random.Random(4), frames=3000):
            if re.search(r"\(\d+ of \d+\)", table.model.prompt()):
                prompts.add(table.model.prompt())
            if len(prompts) >= 3:
                break
        assert prompts
        for prompt in prompts:
            for width in range(300, 700, 5):
                _, lines = draw.bar_lines(a.screen, prompt, width)
                assert not any(re.search(r"\d+ of$|\(\d+$", line) or re.match(r"^(of )?\d+\)", line)
                               for line in lines), (width, lines)
    finally:
        pygame.quit()


def test_a_count_that_hits_the_goal_only_with_an_ace_as_1_says_so(app):  # noqa: F811
    """Final Count with the Hit Goal on, 3 players, played at the table: at the end of a
    hand where Maya's best count is 41 but the goal of 31 is hit with an ace as 1, the
    results' caption of her hand says the count that hit it and how, 'Count 31 with an ace
    as 1, hit the goal', as do the breakdown and the banner held on the table (walkB16 #8:
    'Count 31, hit the goal' beside 'Hit Goal 21' read as a contradiction; #7: the side
    panel's 'Goal: 21 (your count is on it now)' under 'Your count: 31')."""
    checked = 0
    for table in hand_ends(app, "final_count", 3, 1, {"final_count.hit_goal": "on"}):
        model = table.model
        last = model.view.facts["last_hand"]
        for row in last["seats"]:
            if row.get("hit") and row["best"] != last["goal"]:
                aces = (row["best"] - last["goal"]) // 10       # each ace counted 1, not 11: 10 fewer
                assert aces >= 1 and row["best"] == last["goal"] + 10 * aces, row
                how = f"Count {last['goal']} with {'an ace' if aces == 1 else f'{aces} aces'} as 1, hit the goal"
                said = model.presenter.score_cards(model.view, row["seat"], model.names)[0][0]
                assert said == how or said.startswith(how + ", +"), said      # then the bonus, if any
                assert how.lower() in model.presenter.breakdown(model.view, row["seat"], model.names)
                said = [o.words for o in model.hold.outcomes if o.words.startswith("Hand ")][-1]
                assert f"(hit the Goal {last['goal']}" in said, said
                checked += 1
        if checked:
            break
    assert checked
