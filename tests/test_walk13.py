"""Where the newcomer walk of wave 13 stumbled (issue #37), each played with the real
events of the game."""
from game import registry
from scenes.table.presenters import presenter_for


def test_deadlines_log_says_where_a_joker_turned_up_at_the_deal_goes():
    """A Joker turned up to start the discard pile goes to the bottom of the draw pile
    (the rules' deal): the log says so between the Joker and the card turned up instead
    (the walk: 'Joker dealt to the discard pile', then '6 of diamonds dealt to the discard
    pile', and the pile showed one card)."""
    seed = next(s for s in range(400) if any(e.src == "discard" and e.dst == "draw" for e in
                                              registry.new_game("deadline", 4, seed=s).events_for(0)))
    state = registry.new_game("deadline", 4, seed=seed)
    lines = presenter_for(state.info).log_lines(state.events_for(0), ["Maya", "Sam", "Ines", "Theo"],
                                                {z.key: z for z in state.view(0).zones})
    joker = lines.index("A Joker dealt to the discard pile")
    assert lines[joker + 1] == "A Joker may not start the discard pile: it goes to the bottom of the draw pile"
    assert lines[joker + 2].endswith("dealt to the discard pile") and "Joker" not in lines[joker + 2]


def test_final_card_downs_prompt_says_what_a_draw_leaves_you_under_each_house_rule():
    """Before a voluntary draw the prompt says what the house rule Play after drawing
    leaves: with it off (the default) the turn then ends, with 'Drawn card only' only that
    card may be played (the walk: the drawn card matched, yet the turn passed at once
    with no word why)."""
    said = {}
    for rule in ("none", "drawn_only", "any"):
        state = registry.new_game("final_card_down", 3, seed=5, options={"fcd.play_after_draw": rule})
        view = state.view(state.current_player)
        assert not view.facts["active_twos"]
        said[rule] = presenter_for(state.info).instruction(view, ["Maya", "Theo", "Ines"], 0)
    assert said["none"].endswith("or draw one (your turn then ends)")
    assert said["drawn_only"].endswith("or draw one (then only it may be played)")
    assert said["any"].endswith("or draw one")


def test_final_card_downs_refusal_facing_one_2_speaks_as_a_player_does():
    """Facing a single 2, playing another card is refused in a player's words: 'facing a
    2 you must play a 2 or draw 2 cards' (the walk: 'Facing 1 active 2s you must play a 2
    or draw 2')."""
    from game.core import Action
    from game.final_card_down.rules import Act
    from tests.helpers import rejected
    for seed in range(300):
        state = registry.new_game("final_card_down", 3, seed=seed)
        for _ in range(80):
            if state.is_over:
                break
            seat = state.current_player
            facts = state.view(None).facts
            if facts["active_twos"] == 1 and not facts["draws_this_turn"]:
                other = next((c for c in state.view(seat).zone(f"hand:{seat}").cards
                              if c.rank not in ("2", "D")), None)
                if other is not None:
                    assert rejected(state, Action(Act.PLAY, (other,))) == \
                        "facing a 2 you must play a 2 or draw 2 cards"
                    return
            state.apply(state.legal_actions()[0])
    raise AssertionError("no position facing one 2 with another card to try")


def test_while_the_table_tells_a_move_the_top_bar_says_whose_turn_it_shows():
    """Final Card-Down against two computers at the normal pace: while a computer's move
    is still told (its cards in flight, a callout such as 'Ines is skipped' or a penalty
    up), the top bar says whose turn the table shows, as the lit plate does ('Turn 13  ·
    Theo's turn'), not only 'Turn 13' (the walk: the bar said only the turn's number while
    the pile and the callouts moved)."""
    from scenes.table import intents
    from tests.test_table_moments_games import model_at
    state = registry.new_game("final_card_down", 3, seed=5)
    model = model_at(state, speed="normal")
    checked = 0
    for _ in range(120):
        if state.is_over:
            break
        seat = state.current_player
        if seat == 0:
            model.do(intents.Choose(state.legal_actions()[0]))
        else:
            model.submit(state.legal_actions()[0], by_person=False)
        while not model.settled():
            shown = model.panel_view()
            if shown.current_player is not None and model.outcome_where() is None:
                whose = "Your turn" if shown.current_player == 0 else f"{['Maya', 'Theo', 'Ines'][shown.current_player]}'s turn"
                assert model.prompt().endswith(whose), (model.prompt(), whose)
                checked += 1
            model.step(1 / 60)
    assert checked > 100, checked


def test_final_counts_goal_rolls_are_said_as_the_goals_not_as_a_turn():
    """With Hit Goal on, the dealer's two rolls before the hand are told as setting the
    goal ('The die was rolled twice for the Hit Goal as Maya dealt: 5 and 1'), then the
    goal (the walk: 'Maya rolled 2, rolled 5' read as a turn never taken)."""
    state = registry.new_game("final_count", 3, seed=8, options={"final_count.hit_goal": "on"})
    lines = presenter_for(state.info).log_lines(state.events_for(0), ["Maya", "Theo", "Ines"],
                                                {z.key: z for z in state.view(0).zones})
    goal = next(k for k, line in enumerate(lines) if line.startswith("Hit Goal is "))
    first, second = state.goal_rolls
    dealer = ["Maya", "Theo", "Ines"][state.view(None).facts["dealer"]]
    assert lines[goal - 1] == f"The die was rolled twice for the Hit Goal as {dealer} dealt: {first} and {second}", lines


def test_final_counts_goal_line_says_the_count_is_on_it_not_that_it_can_be_hit():
    """The panel's goal line, when your count already equals the goal, says so ('52 (your
    count is on it now)'), not '(you can hit it)' (the walk: with the count at 52 it read as
    a hit still to make)."""
    presenter = presenter_for(registry.GAMES["final_count"])
    for seed in range(400):
        state = registry.new_game("final_count", 3, seed=seed, options={"final_count.hit_goal": "on"})
        view = state.view(0)
        if (view.facts.get("my_count") or {}).get("hit"):
            line = {label: value for label, value, _ in presenter.side_facts(view, ["Maya", "Theo", "Ines"])}
            assert line["Goal"] == f"{view.facts['hit_goal']} (your count is on it now)"
            return
    raise AssertionError("no deal puts a count on its goal")


def test_final_counts_next_dealer_is_said_to_gather_the_cards_for_the_next_deal():
    """Between hands the next dealer gathers the cards: the log says it so ('Theo gathers
    the cards for the next deal'; the walk could not tell what 'Theo takes the cards back'
    meant)."""
    import random
    rng = random.Random(3)
    state = registry.new_game("final_count", 3, seed=3)
    while not any(e.kind == "collect" for e in state.events):
        state.apply(rng.choice(state.legal_actions()))
    names = ["Maya", "Theo", "Ines"]
    lines = presenter_for(state.info).log_lines(state.events_for(0), names, {z.key: z for z in state.view(0).zones},
                                                keep=len(state.events))
    dealer = names[state.view(None).facts["dealer"]]
    assert f"{dealer} gathers the cards for the next deal" in lines, lines[-6:]


def test_final_card_downs_hint_keeps_only_the_2s_and_0s_the_hand_holds():
    """The medium player's reason (Hint's words) for its highest matching card names as
    kept for later only the 2s and 0s the hand holds (the walk: 'your 2s and 0s are kept
    for later' with a 2 and no 0 in hand)."""
    import random
    from game.final_card_down import bots
    rng = random.Random(1)
    said = set()
    for seed in range(40):
        state = registry.new_game("final_card_down", 3, seed=seed)
        while not state.is_over and len(said) < 4:
            view = state.view(state.current_player)
            action, reason = bots.medium(view, state.legal_actions(), rng)
            if reason.startswith("your highest matching card"):
                ranks = {c.rank for c in view.zone(f"hand:{view.seat}").cards}
                kept = reason.partition("; your ")[2]
                assert ("2s" in kept) == ("2" in ranks) and ("0s" in kept) == ("0" in ranks), (reason, ranks)
                said.add(kept)
            state.apply(action)
    assert len(said) >= 3, said


def test_an_idle_table_never_shows_a_past_moment():
    """KTU against two computers at the fast pace, played through the app's frames: after
    every frame in which the app drew nothing (it draws only while something moves or
    changes), the table drawn anew looks the same as the window; a computer begun
    thinking, a pause ended, a change told while nothing moved, each is drawn at once (the
    walk: for over ten seconds the pile showed a move the log, the panel and the lit plate
    had not told, until a key was pressed; the plates said '7 cards' while a computer
    thought)."""
    import random

    import pygame

    from scenes.table.scene import TableScene
    from tests.test_ui_play import choose, new_app, perform
    from tests.test_ui_saves import start_game
    a = new_app(speed="fast")
    try:
        start_game(a, "ktu", 3, {0}, 31845682)
        rng = random.Random(5)
        idle, stale = 0, []
        def frame():
            nonlocal idle
            drawn = a.frames
            a.frame()
            if a.frames == drawn and isinstance(a.scene, TableScene):
                idle += 1
                shown = pygame.image.tobytes(a.screen.surface, "RGB")
                a.scene.draw(a.screen)
                if pygame.image.tobytes(a.screen.surface, "RGB") != shown:
                    stale.append((a.scene.model.told(), a.scene.model.prompt()))
        turns = 0
        for _ in range(700):
            scene = a.scene
            if not isinstance(scene, TableScene):
                break
            model = scene.model
            if model.my_turn() and not scene.motion.flights and not model.timeline.pending and not model.ui.dialog:
                for _ in range(3):          # the table waits for the person: idle, nothing drawn
                    frame()
                perform(a, choose(model.session.state.legal_actions(), rng))
                turns += 1
                continue
            frame()
        assert turns >= 5 and idle >= 2 * turns, (turns, idle)
        assert not stale, stale[:3]
    finally:
        pygame.quit()


def test_the_end_screen_says_which_play_again_deals_new_cards_and_which_the_same():
    """At a game's end the two ways to play again say what they deal: 'Play again: new
    cards' starts a new deal number, 'Play again: same cards' the game's own (the walk:
    'Replay this deal' after 16 hands on one deal number: the last hand, or the whole
    game? or a replay to watch?)."""
    import pygame

    from scenes.table.scene import TableScene
    from tests.test_ui_play import click_widget, new_app
    from tests.test_ui_screens_dressed import show_scores
    for label, same in (("Play again: same cards", True), ("Play again: new cards", False)):
        a = new_app((1280, 800))
        try:
            show_scores(a, "final_count", players=3, seed=12)
            seed = a.scene.session.seed
            assert {"Play again: new cards", "Play again: same cards", "Menu"} <= {w.label for w in a.scene.widgets}
            click_widget(a, lambda w, label=label: w.label == label)
            assert isinstance(a.scene, TableScene)
            assert (a.scene.model.session.seed == seed) == same
        finally:
            pygame.quit()


def test_final_counts_blind_picks_gathered_on_one_button_say_what_they_pick():
    """Die 5 with two opponents holding cards: the four blind picks gather on one button,
    which says what it picks ('Pick blind from a hand...'), not 'Pick...' (the walk could
    not tell whether it would take the face-up Jack or a blind card)."""
    import random

    from scenes.table.moves import button_entries
    rng = random.Random(2)
    names = ["Maya", "Theo", "Ines"]
    for seed in range(60):
        state = registry.new_game("final_count", 3, seed=seed)
        for _ in range(200):
            if state.is_over:
                break
            legal = state.legal_actions()
            if sum(a.kind == "pick" for a in legal) > 3:
                presenter = presenter_for(state.info)
                labels = [entry[0] for entry in button_entries(legal, [], presenter, names, state.view(None))]
                assert "Pick blind from a hand..." in labels, labels
                return
            state.apply(rng.choice(legal))
    raise AssertionError("no turn offered more than three blind picks")
