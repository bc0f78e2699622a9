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
