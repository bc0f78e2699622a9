"""Final Card-Down: every test scenario (T1-T16) and ruling of docs/rulings/final_card_down.md."""
import pytest

from game import registry
from game.cards import load_deck
from tests.helpers import act, legal_texts, rejected

DECK = load_deck("hex800")
PLAIN = [c.name for c in DECK if c.rank not in ("0", "2", "A", "D")]


def stacked(hands=None, first="5/red/hearts", draw=(), players=4):
    """A deck (top first) dealing `hands` {seat: [names]}, then `first` as the first
    discard, then `draw` on top of the draw pile; other places get plain cards."""
    hands = hands or {}
    named = [n for h in hands.values() for n in h] + [first, *draw]
    fillers = iter(n for n in dict.fromkeys(PLAIN) if n not in named)
    deck = []
    for k in range(7 * players):
        seat, slot = k % players, k // players
        mine = hands.get(seat, [])
        deck.append(mine[slot] if slot < len(mine) else next(fillers))
    return deck + [first, *draw]


def new(hands=None, first="5/red/hearts", draw=(), players=4, **options):
    opts = {f"fcd.{k}": v for k, v in options.items()}
    return registry.new_game("final_card_down", players=players, seed=1, options=opts,
                         deck=stacked(hands, first, draw, players))




def card(state, seat, name):
    return next(c for c in state.hands[seat] if c.name == name)


def play(state, seat, name, color=None):
    """The play action for a named card of `seat` (legal or not)."""
    return registry.Action("play", (card(state, seat, name),), color)






def test_t1_deal():
    names = [c.name for c in DECK]
    state = registry.new_game("final_card_down", seed=1, deck=names)
    assert [c.name for c in state.hands[1]] == names[1:26:4]
    assert state.discard == [DECK[28]]
    assert state.draw_pile[-1] is DECK[29]
    assert len(state.draw_pile) == 771
    assert state.current_player == 0 and state.turn == 0
    assert all(len(h) == 7 for h in state.hands)


def test_t2_a_two_as_first_discard():
    state = new(first="2/red/hearts")
    assert state.active_twos == 1
    assert all(a.kind != "play" for a in state.legal_actions())
    assert "play a 2 or draw 2" in rejected(state, play(state, 0, state.hands[0][0].name))
    assert rejected(state, registry.Action("end_turn"))
    act(state, "draw")
    act(state, "draw")
    assert "draw" not in legal_texts(state)
    rejected(state, registry.Action("draw"))
    act(state, "end turn")
    assert state.current_player == 1 and state.active_twos == 0


def test_t3_a_two_answered_at_the_start():
    state = new({0: ["2/blue/clubs"], 1: ["2/green/spades"]}, first="2/red/hearts")
    act(state, "play 2/blue/clubs")
    act(state, "end turn")
    assert state.active_twos == 2
    answered = state.clone()
    act(answered, "play 2/green/spades")
    assert answered.active_twos == 3
    for _ in range(4):
        act(state, "draw")
    assert "draw" not in legal_texts(state)
    act(state, "end turn")
    assert state.active_twos == 0 and len(state.hands[1]) == 11


def test_t4_an_a_as_first_discard():
    state = new(first="A/green/spades")
    assert state.current_player == 1 and state.turn == 0
    act(state, "draw")
    act(state, "end turn")
    assert state.current_player == 2


def test_t5_a_d_as_first_discard():
    hand = ["7/yellow/hearts", "4/red/questions", "D/blue/clubs", "0/green/hearts", "7/red/hearts"]
    state = new({0: hand}, first="D/yellow/questions")
    assert state.color == "yellow"
    legal = set(legal_texts(state))
    assert {"play 7/yellow/hearts", "play 4/red/questions", "play D/blue/clubs red",
            "play 0/green/hearts"} <= legal
    assert "play 7/red/hearts" not in legal
    assert "does not match" in rejected(state, play(state, 0, "7/red/hearts"))


def test_t6_stacked_twos():
    state = new({0: ["2/red/clubs", "9/green/questions", "2/purple/spades"],
                 1: ["2/blue/spades"], 2: ["2/green/hearts"]})
    for seat, name in enumerate(["2/red/clubs", "2/blue/spades", "2/green/hearts"]):
        act(state, f"play {name}")
        act(state, "end turn")
    assert state.active_twos == 3 and state.current_player == 3
    for _ in range(6):
        act(state, "draw")
    rejected(state, registry.Action("draw"))
    act(state, "end turn")
    assert state.active_twos == 0 and state.current_player == 0
    assert "play 9/green/questions" in legal_texts(state)
    act(state, "play 2/purple/spades")
    act(state, "end turn")
    assert state.active_twos == 1
    assert state.view(1).facts["cards_owed"] == 2


def test_t7_a_declared_color():
    hand1 = ["5/blue/clubs", "7/green/hearts", "D/yellow/spades", "0/red/clubs", "7/red/clubs"]
    state = new({0: ["D/red/hearts"], 1: hand1}, first="5/red/hearts")
    act(state, "play D/red/hearts blue")
    act(state, "end turn")
    assert state.color == "blue"
    legal = set(legal_texts(state))
    assert {"play 5/blue/clubs", "play 7/green/hearts", "play D/yellow/spades blue",
            "play 0/red/clubs"} <= legal
    assert "play 7/red/clubs" not in legal
    act(state, "draw")
    act(state, "end turn")
    assert state.current_player == 2 and state.view(2).facts["color"] == "blue"


def test_a6_d_may_declare_its_own_colour_and_must_declare():
    state = new({0: ["D/red/hearts"]})
    assert {f"play D/red/hearts {c}" for c in ("red", "blue", "green", "yellow", "purple")} \
        <= set(legal_texts(state))
    assert "declare a colour" in rejected(state, play(state, 0, "D/red/hearts"))


def test_an_unplayable_card_is_refused_for_the_games_reason():
    """Walk C14 #1: a D that matches nothing is refused as not matching (the game's
    reason), not for the colour it did not declare; after a draw, a card that does not
    match is refused as not matching where any card may follow the draw, and the card
    drawn itself where only it may."""
    state = new({0: ["D/green/questions"]}, first="8/yellow/clubs")
    why = rejected(state, play(state, 0, "D/green/questions"))
    assert "does not match the 8 yellow clubs" in why and "declare" not in why, why
    for option in ("any", "drawn_only"):
        state = new({0: ["9/blue/spades"]}, first="6/blue/hearts", draw=["3/green/clubs"], play_after_draw=option)
        act(state, "draw")
        drawn = state.hands[0][-1]
        assert drawn.name == "3/green/clubs"
        assert "does not match" in rejected(state, registry.Action("play", (drawn,)))
        other = play(state, 0, next(c.name for c in state.hands[0] if c is not drawn and c.suit not in ("hearts",)
                                    and c.color != "blue" and c.value not in (0, 6)))
        why = rejected(state, other)
        assert ("does not match" in why) == (option == "any"), (option, why)


def test_t8_skip_with_four_and_two_players():
    state = new({2: ["A/red/hearts"]})
    for _ in range(2):
        act(state, "draw")
        act(state, "end turn")
    turn = state.turn
    act(state, "play A/red/hearts")
    act(state, "end turn")
    assert state.current_player == 0 and state.turn == turn + 1
    duel = new({0: ["A/red/hearts"]}, players=2)
    act(duel, "play A/red/hearts")
    act(duel, "end turn")
    assert duel.current_player == 0


def test_t9_draw_then_play():
    def seat_1_has_drawn(option):
        state = new({1: ["9/blue/spades"]}, first="6/blue/hearts",
                    draw=["3/green/clubs", "6/red/clubs"], play_after_draw=option)
        act(state, "draw")
        act(state, "end turn")
        act(state, "draw")
        assert state.hands[1][-1].name == "6/red/clubs"
        return state

    state = seat_1_has_drawn("none")
    assert "cannot play after drawing" in rejected(state, play(state, 1, "6/red/clubs"))
    assert "only one card" in rejected(state, registry.Action("draw"))
    act(state, "end turn")

    for option in ("any", "drawn_only"):
        state = seat_1_has_drawn(option)
        legal = set(legal_texts(state))
        assert "play 6/red/clubs" in legal
        assert ("play 9/blue/spades" in legal) == (option == "any")
        act(state, "play 6/red/clubs")
        assert not any(a.kind == "play" for a in state.legal_actions())
        assert "already played" in rejected(state, play(state, 1, "9/blue/spades"))


def test_t10_no_draw_after_play_no_end_without_acting():
    state = new({0: ["5/blue/hearts"]})
    assert "before ending your turn" in rejected(state, registry.Action("end_turn"))
    act(state, "play 5/blue/hearts")
    assert "cannot draw after playing" in rejected(state, registry.Action("draw"))


def recycled_start(extra_hands=None, players=4):
    """A game with an empty draw pile: full_deck=False deals exactly 7N+1 cards."""
    deck = stacked(extra_hands, first="5/red/hearts", players=players)
    return registry.new_game("final_card_down", players=players, seed=1, deck=deck,
                         full_deck=False)


def test_t11_recycle_keeps_the_order():
    state = recycled_start({0: ["5/red/clubs"], 1: ["5/red/spades"], 2: ["5/red/diamonds"]})
    assert state.draw_pile == []
    x = [state.discard[0]]
    for name in ("5/red/clubs", "5/red/spades", "5/red/diamonds"):
        x.append(card(state, state.current_player, name))
        act(state, f"play {name}")
        act(state, "end turn")
    assert state.discard == x
    act(state, "draw")
    assert state.hands[3][-1] is x[0]
    assert state.draw_pile[::-1] == [x[1], x[2]]
    assert state.discard == [x[3]]
    assert state.color == "red"


def test_t12_a_penalty_across_a_recycle():
    hands = {0: ["5/red/clubs", "3/green/hearts"], 1: ["2/red/spades"], 2: ["2/blue/spades"],
             3: ["7/green/clubs"]}
    deck = stacked(hands, first="5/red/hearts") + ["9/green/spades"]
    state = registry.new_game("final_card_down", seed=1, deck=deck, full_deck=False)
    act(state, "play 5/red/clubs")      # y1
    act(state, "end turn")
    act(state, "play 2/red/spades")     # y2 (a 2)
    act(state, "end turn")
    act(state, "play 2/blue/spades")    # y3 (a 2)
    act(state, "end turn")
    assert state.active_twos == 2 and len(state.draw_pile) == 1
    y = list(state.discard)
    act(state, "draw")                  # the single stock card
    for expected in y[:3]:
        act(state, "draw")
        assert state.hands[3][-1] is expected
    assert state.discard == [y[3]]
    act(state, "end turn")
    assert state.active_twos == 0


def with_hands(state, hands, current):
    """The same game with each listed seat holding exactly `hands[seat]` (names), moved
    from wherever they were; displaced cards go under the draw pile."""
    data = state.to_dict()
    zones = [data["state"]["draw_pile"], *data["state"]["hands"]]
    for seat, names in hands.items():
        wanted = []
        for name in names:
            for cards in zones:
                found = [i for i in cards if DECK[i].name == name]
                if found:
                    cards.remove(found[0])
                    wanted.append(found[0])
                    break
        data["state"]["draw_pile"][:0] = data["state"]["hands"][seat]
        data["state"]["hands"][seat] = wanted
    data["current_player"] = current
    return registry.load_state(data)


def test_t13_going_out_ends_at_once():
    state = with_hands(new(first="4/red/spades"), {
        0: ["F/red/clubs", "0/blue/hearts", "2/green/spades"], 1: ["A/purple/questions"],
        2: ["D/red/hearts", "3/blue/clubs"], 3: ["A/red/hearts"]}, current=3)
    act(state, "play A/red/hearts")
    assert state.is_over and state.winners() == [3] and state.current_player is None
    assert state.scores() == [17, 10, 16, 0]
    assert rejected(state, registry.Action("draw")) == "the game is over"


def test_t14_null():
    state = new({0: ["0/purple/questions"]}, first="9/green/clubs")
    assert "play 0/purple/questions" in legal_texts(state)
    twos = new({0: ["0/purple/questions"]}, first="2/green/clubs")
    assert "play 0/purple/questions" not in legal_texts(twos)
    rejected(twos, play(twos, 0, "0/purple/questions"))


def test_t15_a_blocked_game():
    state = recycled_start()
    act(state, "draw")
    assert state.is_over and state.winners() == [] and state.current_player is None
    assert len(state.scores()) == 4
    assert state.legal_actions() == ()
    rejected(state, registry.Action("end_turn"))
    assert state.view(0).facts["blocked"]


def test_t16_turn_limit():
    state = new()
    data = state.to_dict()
    data["state"]["turn"] = 1999
    state = registry.load_state(data)
    act(state, "draw")
    act(state, "end turn")
    assert state.turn == 2000 and state.is_over and state.winners() == []
    assert all(s > 0 for s in state.scores())


def test_a11_later_two_on_inert_twos_starts_a_new_stack():
    state = new({0: ["2/red/clubs"], 2: ["2/green/hearts"]})
    act(state, "play 2/red/clubs")
    act(state, "end turn")
    act(state, "draw")
    act(state, "draw")
    act(state, "end turn")
    assert state.active_twos == 0
    assert "play 2/green/hearts" in legal_texts(state)
    act(state, "play 2/green/hearts")
    assert state.active_twos == 1


def test_a12_only_a_two_answers_twos():
    state = new({0: ["0/red/hearts", "D/red/clubs", "2/blue/spades"]}, first="2/red/hearts")
    plays = {str(a) for a in state.legal_actions() if a.kind == "play"}
    assert plays == {"play 2/blue/spades"}


def test_a13_no_play_after_a_penalty_draw():
    state = new({0: ["2/blue/spades"]}, first="2/red/hearts")
    act(state, "draw")
    assert "once you start drawing" in rejected(state, play(state, 0, "2/blue/spades"))


def test_a5_after_d_suit_and_value_still_match():
    state = new({0: ["D/green/spades"], 1: ["4/yellow/spades", "D/purple/clubs", "4/red/hearts"]},
                first="5/green/hearts")
    act(state, "play D/green/spades red")
    act(state, "end turn")
    legal = set(legal_texts(state))
    assert "play 4/yellow/spades" in legal          # suit of the D
    assert "play D/purple/clubs red" in legal       # value D
    assert "play 4/red/hearts" in legal             # declared colour


def test_a19_a_final_two_or_d_has_no_effect():
    for name in ("2/red/clubs", "D/red/clubs red"):
        state = with_hands(new(), {0: [name.split()[0]]}, current=0)
        act(state, f"play {name}")
        assert state.is_over and state.winners() == [0]
        assert state.active_twos == 0 and state.color == "red"


def test_views_hide_other_hands_and_the_draw_pile():
    state = new()
    view = state.view(1)
    assert all(c is not None for c in view.zone("hand:1").cards)
    for seat in (0, 2, 3):
        assert set(view.zone(f"hand:{seat}").cards) == {None}
        assert view.zone(f"hand:{seat}").count == 7
    assert set(view.zone("draw").cards) == {None}
    assert view.zone("discard").cards == tuple(state.discard)
    drawn = state.clone()
    act(drawn, "draw")
    event = drawn.events[-1]
    assert event.for_seat(0).cards[0] is not None
    assert event.for_seat(1).cards == (None,)


def test_views_show_only_the_own_points_until_the_end():
    state = new()
    view = state.view(2)
    assert view.scores[2] == state.scores()[2]
    assert [view.scores[s] for s in (0, 1, 3)] == [None, None, None]
    over = recycled_start()
    act(over, "draw")
    assert over.view(2).scores == tuple(over.scores())


def test_identical_copies_are_listed_once():
    state = new({0: ["5/blue/hearts", "5/blue/hearts"]})
    plays = [str(a) for a in state.legal_actions()]
    assert plays.count("play 5/blue/hearts") == 1


def test_bad_arguments_say_what_is_wrong():
    with pytest.raises(ValueError, match="unknown game"):
        registry.new_game("uno")
    with pytest.raises(ValueError, match="2-6 players"):
        registry.new_game("final_card_down", players=7)
    with pytest.raises(ValueError, match="unknown option"):
        registry.new_game("final_card_down", options={"fcd.jokers": "on"})
    with pytest.raises(ValueError, match="not one of"):
        registry.new_game("final_card_down", options={"fcd.play_after_draw": "always"})
    with pytest.raises(ValueError, match="unknown card name '5/red/harts'"):
        registry.new_game("final_card_down", deck=["5/red/harts"])
    with pytest.raises(ValueError, match="more times than"):
        registry.new_game("final_card_down", deck=["5/red/hearts"] * 3)
    with pytest.raises(ValueError, match="needs 29 cards"):
        registry.new_game("final_card_down", deck=["5/red/hearts"], full_deck=False)
    with pytest.raises(ValueError, match="contradicts"):
        registry.new_game("final_card_down", players=3, options={"fcd.players": 5})
    assert registry.new_game("final_card_down", options={"fcd.players": 6}).players == 6
