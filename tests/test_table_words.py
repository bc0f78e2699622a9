"""Players' words at the table: random games of every mode played through the real table
(and its scoring screen), with every string the app draws caught on its way to the font.
No card file code, no internal name, no zero-based seat and no '1 moves' may be drawn;
every step of every game has a prompt that says what to do."""
import random
import re

import pygame
import pytest

from game import registry
from game.core import OVER
from game.bots import make_bot
from scenes.table.moves import actions_with, click_card
from scenes.table import draw as table_draw
from scenes.table.presenters import presenter_for
from scenes.screens.scoring import ScoringScene
from scenes.table.session import Seat, Session
from scenes.table.scene import TableScene
from scenes.table.intents import Choose, Close, Play, Refuse
from sprites import text as text_module
from tests.test_ui_play import choose, new_app

NAMES = ["Maya", "Theo", "Ana", "Sam"]
MAX_FRAMES = 6000
AT_TABLE = 300       # moves played through the table; the rest of a long game without drawing
TOKEN = re.compile(r"[A-Za-z0-9:/]+")
INTERNAL = re.compile(r"\bseat [0-9]\b|\b[a-z]+_[a-z_]+\b")
PLURAL = re.compile(r"(?<![\d.])\b1 (moves|cards|games|turns|points|players|hands|yards|assignments)\b")


def codes_of(info):
    """Every file code of the game's deck (and its part after a deck prefix), but not
    single letters, which are words in rules text."""
    names = set()
    for card in info.load_deck().cards:
        names.add(card.name)
        names.add(card.name.split(":")[-1])
    return names - {"A", "J", "Q", "K", "D", "F"}


def problems(line, codes):
    """Why a drawn string speaks in codes ('' when it does not)."""
    why = [t for t in TOKEN.findall(line) if t in codes]
    for pattern in (INTERNAL, PLURAL):
        found = pattern.search(line)
        if found:
            why.append(found.group(0))
    return ", ".join(why)


def play_at_table(game_id, seed, prompts):
    """A whole random game of `game_id` at the table: Maya (seat 0) plays, the others'
    moves are random legal ones submitted as the computers' would be; every frame is
    drawn, and each hand's scoring screen; with an odd `seed` every house rule is on.
    `prompts` collects (step key -> prompt) for every view the game passed through."""
    info = registry.GAMES[game_id]
    count = info.default_players
    app = new_app()
    seats = [Seat(NAMES[0], True)] + [Seat(name, False, "easy") for name in NAMES[1:count]]
    session = Session(game_id, seats, house_rules(info, seed), seed=seed)
    session.start_bot = lambda *args, **kwargs: None
    app.scene.persist = {"session": session, "viewer": None, "events_seen": 0, "curtains": []}
    app.switch("table")
    presenter = presenter_for(info)
    rng = random.Random(seed)
    try:
        for _ in range(MAX_FRAMES):
            app.frame()
            scene = app.scene
            if isinstance(scene, ScoringScene):
                app.frame()
                if not scene.interim:
                    return session
                scene.next_hand()
                app.switch("table")
                continue
            assert isinstance(scene, TableScene)
            state = session.state
            if state.is_over or scene.model.hand_ended or scene.motion.flights or scene.model.timeline.pending:
                continue
            if len(session.submitted) >= AT_TABLE:
                while not session.state.is_over:
                    session.submit(choose(session.state.legal_actions(), rng))
                scene.go("scoring", interim=False)
                continue
            for seat in {0, state.current_player}:
                view = state.view(seat)
                prompts[step_key(view)] = presenter.prompt(view, seat, NAMES[:count])
                if seat == view.current_player:
                    assert presenter.instruction(view, NAMES[:count], 0), f"no instruction for {step_key(view)}"
            refuse_and_offer(app, scene, rng)
            scene.act(Choose(choose(state.legal_actions(), rng)))
        raise AssertionError(f"{game_id}: the game did not end")
    finally:
        pygame.quit()


def refuse_and_offer(app, scene, rng):
    """On the person's turn, click a face-up card no move fits, as the table would (the
    refusal is said, in the rules' words), and open the dialog of a card that several
    moves fit, now and then (drawn, then cancelled)."""
    if not scene.model.my_turn():
        return
    faces = [p for p in scene.board.placed if p.card is not None and p.face_up]
    idle = [p for p in faces if not actions_with(scene.model.legal, p.card)]
    if idle:
        click = click_card(scene.model.legal, rng.choice(idle).card, [], scene.model.presenter,
                           scene.model.session.why_illegal)
        scene.act(Refuse(click.words))
    several = [p for p in faces if len(actions_with(scene.model.legal, p.card)) > 1]
    if several and rng.random() < 0.2:
        scene.act(Play(tuple(actions_with(scene.model.legal, rng.choice(several).card)), "Choose"))
        app.frame()
        scene.act(Close())


def step_key(view):
    """What the prompt must speak about: the game's step facts and whose turn it is."""
    return (view.game_id, view.facts["step"], view.current_player == view.seat)


@pytest.fixture
def spy(monkeypatch):
    """Every string rendered through the app's text cache."""
    drawn = set()
    real = text_module.render

    def render(words, px, colour):
        drawn.add(words)
        return real(words, px, colour)
    monkeypatch.setattr(text_module, "render", render)
    return drawn


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_string_drawn_at_the_table_is_in_players_words(spy, game_id):
    prompts = {}
    play_at_table(game_id, 11, prompts)
    codes = codes_of(registry.GAMES[game_id])
    bad = sorted(f"{line!r}: {problems(line, codes)}" for line in spy if problems(line, codes))
    assert not bad, "\n".join(bad)
    for key, words in prompts.items():
        assert words.strip(), f"no prompt for {key}"


def declared_steps(game_id):
    """The steps a game's state machine declares, where a player acts (not the end)."""
    return set(registry.GAMES[game_id].state_class().STEPS) - {OVER}


def house_rules(info, seed):
    """The default options on even seeds; on odd ones every house rule that can be 'on' is."""
    options = info.default_options()
    if seed % 2:
        options.update({o.id: "on" for o in info.options if "on" in o.values})
    return options


def positions(info, names, by_medium=False):
    """Four seeded games of `info` (every house rule on with an odd seed), random legal
    moves (or Medium's, `by_medium`): (state, the view of the player to move, a Medium
    player, the game's rng) before each move, the move made once the caller has looked
    (at most 400 a game)."""
    for seed in range(4):
        bot = make_bot("medium", info.id, options=house_rules(info, seed))
        state = registry.new_game(info.id, players=len(names), seed=seed, options=house_rules(info, seed))
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            view = state.view(state.current_player)
            yield state, view, bot, rng
            legal = state.legal_actions()
            state.apply(bot.choose(view, legal, rng) if by_medium else choose(legal, rng))


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_step_reachable_has_a_prompt_that_says_what_to_do_and_hints_in_words(game_id):
    info = registry.GAMES[game_id]
    presenter = presenter_for(info)
    names = NAMES[:info.default_players]
    codes = codes_of(info)
    seen = set()
    for state, view, bot, rng in positions(info, names):
        words = presenter.prompt(view, view.seat, names, 0, [True] * len(names))
        assert words and "Your turn" not in words, (view.facts["step"], words)
        other = state.view((view.seat + 1) % len(names))
        assert presenter.prompt(other, other.seat, names, 0, [False] * len(names)).strip()
        seen.add(view.facts["step"])
        legal = state.legal_actions()
        hint = bot.explain(view, legal, bot.choose(view, legal, rng))
        assert not problems(hint, codes), hint
    assert declared_steps(game_id) <= seen, declared_steps(game_id) - seen


def test_the_log_has_one_entry_per_turn_and_scrolls_by_wheel_and_page_keys():
    app = new_app()
    try:
        seats = [Seat(name, False, "easy") for name in NAMES]
        session = Session("final_card_down", seats, registry.GAMES["final_card_down"].default_options(), seed=5)
        session.start_bot = lambda *args, **kwargs: None
        app.scene.persist = {"session": session, "viewer": None, "events_seen": 0, "curtains": []}
        app.switch("table")
        table = app.scene
        rng = random.Random(5)
        for _ in range(40):
            table.act(Choose(choose(session.state.legal_actions(), rng)))
            app.frame()
        model = table.model
        entries = model.presenter.log_lines(session.events_for(model.looking.viewer), model.names, model.zones_by_key())
        assert len(entries) > 5
        firsts = [e.split(" ")[0] for e in entries]
        assert all(a != b or a not in NAMES for a, b in zip(firsts, firsts[1:])), entries
        assert any(", " in e and e.split(" ")[0] in NAMES for e in entries)   # a turn of several moves
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                             precise_y=1.0, touch=False, which=0))
        app.frame()
        assert table.model.ui.log_scroll == 3
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0))
        app.frame()
        assert table.model.ui.log_scroll == 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="", scancode=0))
        app.frame()
        assert table.model.ui.log_scroll == 5
    finally:
        pygame.quit()


def test_a_long_log_entry_is_drawn_whole_on_as_many_lines_as_it_takes(spy):
    app = new_app()
    try:
        screen = app.screen
        long_entry = "Theo played " + ", ".join(["Offense blue 4"] * 12)
        from scenes.table import draw as table_draw
        table_draw.log(screen, (900, 300, 360, 300), "Latest moves", ["Maya drew a card", long_entry])
        lines = screen.wrap(long_entry, text_module.READ, 360 - 28)
        assert len(lines) > 2 and set(lines) <= spy
        assert not any(line.endswith("...") for line in spy)
    finally:
        pygame.quit()


def test_readouts_say_what_a_player_would_count_in_their_head():
    names = ["Maya", "Theo"]
    count = presenter_for(registry.GAMES["final_count"])
    view = registry.new_game("final_count", players=2, seed=3).view(0)
    bust = view._replace(facts=dict(view.facts, my_count={"totals": [80], "best": None, "bust": True, "hit": False},
                                    die=5, step="action"), current_player=0)
    side = {label: value for label, value, _ in count.side_facts(bust, names)}
    assert side["Your count"] == "bust (over 75)" and side["Die"] == "5 (swap with an opponent)"   # walkD15 #10:
    assert all(value.count(":") == 0 for value in side.values())       # 'Die: 5: swap ...' read as a code
    assert count.prompt(bust, 0, names).endswith("Die shows 5: swap one of your cards with one of an "
                                                 "opponent's cards, or decline")
    assert count.prompt(bust, 1, names, humans=[True, False]).endswith("Maya rolled 5: swap with an opponent")
    field = presenter_for(registry.GAMES["five_possessions"])
    view = registry.new_game("five_possessions", seed=1).view(0)
    lanes = [{"live": True, "color": None}, {"live": True, "color": "blue"}, {"live": False, "color": None},
             {"live": True, "color": None}]
    view = view._replace(facts=dict(view.facts, lanes=lanes))
    side = {label: value for label, value, _ in field.side_facts(view, names)}
    assert [side[f"Lane {k}"] for k in range(1, 5)] == [
        "open", "open, but a blue card goes closed (blue won it)", "closed", "open"]
    assert side["Lanes"] == ("an offense card in an open lane is compared with the defense card opposite it; "
                             "in a closed lane, never")


def test_a_learner_called_you_reads_your_not_yous():
    from game.presenter import Presenter, possessive
    assert possessive("Maya") == "Maya's"
    assert possessive("You") == "Your"
    assert Presenter.EVENT_WORDS["score"]("You", 20) == "Your score: 20"


def test_a_blind_take_from_a_learner_called_you_reads_your_hand():
    from game import registry
    from scenes.table.presenters import presenter_for
    state = registry.new_game("deadline", seed=3)
    presenter = presenter_for(state.info)
    zones = {z.key: z for z in state.view(None).zones}
    names = ["You", "Theo", "Ines", "Kofi"]
    assert presenter.zone_label("hand:0", 1, zones, names) == "your hand"
    assert presenter.zone_label("hand:2", 1, zones, names) == "Ines's hand"
    assert presenter.zone_label("hand:1", 1, zones, names) == "their hand"


def test_a_skip_in_ktu_says_it_is_the_8s():
    import random
    from game import registry
    from scenes.table.presenters import presenter_for
    state = registry.new_game("ktu", seed=0)
    presenter, rng = presenter_for(state.info), random.Random(0)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    names = ["Maya", "Theo", "Ines", "Kofi", "Sam"][:state.players]
    zones = {z.key: z for z in state.view(None).zones}
    skips = [e for e in state.events if e.kind == "skip"]
    assert skips
    for event in skips:
        line = presenter.event_line(event, names, zones)
        assert line.endswith(" by the 8s" if len(event.detail) > 1 else " by the 8"), line


def test_four_downs_scores_at_a_hands_end_name_no_dealer_of_the_next_hand():
    import random
    from game import registry
    from scenes.table.presenters import presenter_for
    state = registry.new_game("four_downs", seed=1)
    presenter, rng = presenter_for(state.info), random.Random(1)
    names = ["Maya", "Theo", "Ines", "Kofi"][:state.players]
    ends = 0
    while not state.is_over:
        told = len(state.events)
        state.apply(rng.choice(state.legal_actions()))
        if any(event.kind == "hand_over" for event in state.events[told:]):
            ends += 1
            assert state.view(None).facts["dealer"] is not None
            assert not any(line.startswith("Dealer") for line in presenter.summary_lines(state.view(None), names))
    assert ends


def test_five_possessions_offense_prompt_says_what_makes_a_card_open():
    import random
    from game import registry
    from scenes.table.presenters import presenter_for
    for seed in range(20):
        state = registry.new_game("five_possessions", seed=seed)
        presenter, rng = presenter_for(state.info), random.Random(seed)
        while not state.is_over and (state.view(None).facts["step"] != "offense_set"
                                     or state.view(state.current_player).facts.get("open_needed") is None
                                     or state.view(None).facts["line"] == 1):     # line 1: every lane is open
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            break
    assert not state.is_over
    words = presenter.instruction(state.view(state.current_player), ["Maya", "Theo"], 0)
    assert "must go open" in words and ": an open lane takes any colour but its winner's)" in words, words


def test_the_hit_goal_says_what_it_is_for():
    from scenes.table.presenters import presenter_for
    words = presenter_for(registry.GAMES["final_count"]).EVENT_WORDS["goal"]("Theo", 64)
    assert words == "Hit Goal is 64: end the hand on exactly 64 to win 75"


def test_deadline_draw_buttons_name_the_piles_not_the_engine_word():
    from game.core import Action
    from scenes.table.presenters import presenter_for
    presenter = presenter_for(registry.GAMES["deadline"])
    names = ["Maya", "Theo", "Sam"]
    assert presenter.action_label(Action("draw", (), "stock"), names) == "Draw (draw pile)"
    assert presenter.action_label(Action("draw", (), "discard"), names) == "Draw (discard pile)"


def test_a_card_clicked_when_only_buttons_move_says_so_in_words():
    from game.core import Action
    state = registry.new_game("deadline", players=3, seed=1)
    card = state.hands[state.current_player][0]
    legal = [Action("draw", (), "stock"), Action("draw", (), "discard")]
    click = click_card(legal, card, [], presenter_for(registry.GAMES["deadline"]), state.why_illegal,
                       state.view(state.current_player), ["Maya", "Theo", "Sam"])
    assert click.what == "refuse" and click.words == ("No card is played now: draw a card from the draw pile, "
                                                      "or take the top discard")


def five_possessions_log(seeds=range(12)):
    """Random 5 possessions games to their end: each game's events and its log's lines,
    event by event, as the table writes them."""
    presenter = presenter_for(registry.GAMES["five_possessions"])
    games = []
    for seed in seeds:
        state, rng = registry.new_game("five_possessions", seed=seed), random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        events = list(state.events)
        games.append((state, events, [line for _, line in presenter.event_lines(events, ["Maya", "Theo"], {})]))
    return presenter, games


def test_five_possessions_lane_words_say_an_orange_and_fewer_dots_when_fewer():
    presenter, games = five_possessions_log()
    view = registry.new_game("five_possessions", seed=1).view(0)
    lanes = [{"live": True, "color": c} for c in ("orange", "blue", "green", "purple")]
    side = {label: value for label, value, _ in
            presenter.side_facts(view._replace(facts=dict(view.facts, lanes=lanes)), ["Maya", "Theo"])}
    assert side["Lane 1"] == "open, but an orange card goes closed (orange won it)"
    assert side["Lane 2"] == "open, but a blue card goes closed (blue won it)"
    said = {"fewer": 0, "tie": 0, "more": 0}
    for _, events, lines in games:
        for event, line in zip(events, lines):
            if event.kind != "lane" or not event.detail.get("open"):
                continue
            ours, theirs = event.detail["offense_dots"], event.detail["defense_dots"]
            kind = "fewer" if ours < theirs else "tie" if ours == theirs else "more"
            said[kind] += 1
            assert {"fewer": ", fewer than ", "tie": ", as many as ", "more": ", more than "}[kind] in line, line
            assert "no more than" not in line, line
    assert all(said.values()), said


def test_five_possessions_a_stopped_drive_says_why():
    presenter, games = five_possessions_log()
    stopped = [line for _, events, lines in games for event, line in zip(events, lines)
               if event.kind == "drive" and event.detail == "stopped"]
    assert stopped and all(line.endswith("scores 20 yards on defense (the offense won no lane in the line)")
                           for line in stopped), stopped


def test_five_possessions_a_closed_card_says_the_one_reason_it_was_closed():
    """The reason is the lane as the engine held it when the line was revealed (rules 1
    and 2): closed, or open with the colour that won it."""
    presenter, reasons = presenter_for(registry.GAMES["five_possessions"]), set()
    for seed in (0, 24, 29):
        state, rng, truth = registry.new_game("five_possessions", seed=seed), random.Random(seed), {}
        while not state.is_over:
            lanes, start = state.view(None).facts["lanes"], len(state.events)
            state.apply(rng.choice(state.legal_actions()))
            truth.update({i: lanes[event.detail["lane"]] for i, event in enumerate(state.events[start:], start)
                          if event.kind == "lane" and not event.detail["open"]})
        lines = [line for _, line in presenter.event_lines(list(state.events), ["Maya", "Theo"], {})]
        for i, lane in truth.items():
            reason = (f"in a lane whose open card is {lane['color']}, the same colour" if lane["live"]
                      else "in a closed lane")
            assert lines[i].endswith(f"set closed ({reason}), so it was never compared"), lines[i]
            reasons.add(lane["live"])
    assert reasons == {True, False}


def show_at_table(game_id, state, seats):
    """`state` at the table, its one person's seat in view, its computers held still,
    drawn for two seconds."""
    app = new_app()
    try:
        session = Session(game_id, seats, {}, seed=1, state=state)
        session.start_bot = lambda *args, **kwargs: None
        app.scene.persist = {"session": session, "viewer": None, "events_seen": len(state.events), "curtains": []}
        app.switch("table")
        for _ in range(120):
            app.frame()
    finally:
        pygame.quit()


def test_final_count_says_the_discard_pile_is_face_down_at_the_pile_and_in_the_log(spy):
    """A12 of docs/rulings/final_count.md: a discarded card goes face down, unseen by
    others. The pile's caption says so where its backs show, and the log's line says so
    both to the one who knows the card and to the others."""
    from tests.test_final_count import DISCARD, ROLL, new, stack
    state = new(2, deck=stack(2, {0: ["2S", "4S"], 1: ["AS", "5S"]}, {0: "6S", 1: "3C"}, ["7S", "8S"], ["9H"]),
                dice=[1])
    since = len(state.events)
    mover = state.current_player
    state.apply(ROLL)
    state.apply(DISCARD)
    presenter = presenter_for(registry.GAMES["final_count"])
    names = NAMES[:2]
    for seat in (0, 1):
        zones = {z.key: z for z in state.view(seat).zones}
        lines = [presenter.event_line(e, names, zones) for e in state.events_for(seat, since)]
        said = [line for line in lines if line and "discarded" in line]
        expected = "9 of hearts" if seat == mover else "a card"
        assert said == [f"{names[mover]} discarded {expected} face down"], lines
    show_at_table("final_count", state, [Seat(NAMES[0], True), Seat(NAMES[1], False, "easy")])
    assert "Discard Pile face down (1)" in spy, sorted(w for w in spy if "Pile" in w)


def test_final_card_down_draw_facing_2s_says_which_card_of_the_penalty_each_press_draws(spy):
    """A11-A13 of docs/rulings/final_card_down.md: facing three 2s a player draws 6 cards,
    one draw each; the Draw button says which card of the 6 it draws, at the table too."""
    from tests.helpers import act
    from tests.test_final_card_down import new as new_fcd
    state = new_fcd({0: ["2/red/clubs"], 1: ["2/blue/spades"], 2: ["2/green/hearts"]})
    for name in ["2/red/clubs", "2/blue/spades", "2/green/hearts"]:
        act(state, f"play {name}")
        act(state, "end turn")
    assert state.current_player == 3
    presenter = presenter_for(registry.GAMES["final_card_down"])
    labels = []
    while any(a.kind == "draw" for a in state.legal_actions()):
        draw = next(a for a in state.legal_actions() if a.kind == "draw")
        labels.append(presenter.action_label(draw, NAMES, view=state.view(3)))
        if len(labels) == 1:
            show_at_table("final_card_down", state.clone(),
                          [Seat(name, False, "easy") for name in NAMES[1:]] + [Seat(NAMES[0], True)])
            assert "Draw card 1 of 6" in spy, sorted(w for w in spy if "Draw" in w)
        state.apply(draw)
    assert labels == [f"Draw card {k} of 6" for k in range(1, 7)]
    after = presenter.action_label(registry.Action("draw"), NAMES, view=state.view(3))
    assert after == "Draw"


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_the_top_bar_says_every_prompt_whole_beside_a_title_of_whole_words(game_id):
    """Four seeded games of each mode played by Medium: every prompt of the player to move
    is drawn whole in the top bar at 1280x720, up to the table's own buttons, and the
    title beside it keeps its words whole (the walk: Deadline's 'Still to lay down: ...'
    ended in '...' with no whole version on screen, beside 'Dea' over 'dline')."""
    info = registry.GAMES[game_id]
    presenter = presenter_for(info)
    names = NAMES[:info.default_players]
    app = new_app()
    seats = [Seat(names[0], True)] + [Seat(name, False, "easy") for name in names[1:]]
    session = Session(game_id, seats, house_rules(info, 0), seed=0)
    session.start_bot = lambda *args, **kwargs: None
    app.scene.persist = {"session": session, "viewer": None, "events_seen": 0, "curtains": []}
    app.switch("table")
    try:
        app.frame()
        screen, right = app.screen, app.scene.laid.title_right
        title = table_draw.title_lines(screen, info.title)
        assert " ".join(title) == info.title and len(title) <= 2, title
        room = right - 36 - max(screen.text_width(line, text_module.READ) for line in title)   # the title made small
        cut = {words for _, view, _, _ in positions(info, names, by_medium=True)
               if table_draw.bar_cut(screen, words := presenter.prompt(view, view.seat, names, 0,
                                                                       [True] * len(names)), room)}
        assert not cut, sorted(cut)[:3]
    finally:
        pygame.quit()
