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
    joker = lines.index("Joker dealt to the discard pile")
    assert lines[joker + 1] == "Joker may not start the discard pile: it goes to the bottom of the draw pile"
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
