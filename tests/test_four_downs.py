"""Play Design - 4 downs: every test scenario (T1-T10) and ruling (A1-A16, 3.2) of
docs/rulings/play_design.md, from stacked decks."""
import random

import pytest

from game import registry
from game.cards import load_deck
from game.play_design.rules import allowed_follows, round_winner
from tests.helpers import act, attribute_layouts, legal_texts, rejected

DECK = load_deck("pd_white")
NAMES = [c.name for c in DECK]

# T6's deal: seat 1 wins round 1 with DB6 against OB5 and then leads cards nobody can
# take over (OG7, OB7, OO7: no DB7 or DO7 is dealt), so it wins every round.
T6_HANDS = {0: ["OB5", "DG4", "DP4", "DP5"],
            1: ["DB6", "OG7", "OB7", "OO7"],
            2: ["OG6", "OP4", "DG5", "DO4"]}


def stacked(hands, players=3, first=0, size=4):
    """A deck (top first) dealing `hands` {seat: [names]} one card at a time from seat
    `first` clockwise; unnamed places get cards named nowhere else."""
    named = {n for h in hands.values() for n in h}
    fillers = iter(n for n in NAMES if n not in named)
    order = [(first + k) % players for k in range(players)]
    deck = []
    for slot in range(size):
        for seat in order:
            mine = hands.get(seat, [])
            deck.append(mine[slot] if slot < len(mine) else next(fillers))
    return deck


def new(hands, players=3, seed=1, **options):
    opts = {f"pd.{k}": v for k, v in options.items()}
    return registry.new_game("four_downs", players=players, seed=seed, options=opts,
                         deck=stacked(hands, players))






def plays(state, *names):
    """Play these cards in turn order."""
    for name in names:
        act(state, f"play {name}")


def card_of(state, seat, name):
    return next(c for c in state.hands[seat] if c.name == name)




def passes(state, count):
    for _ in range(count):
        act(state, "pass")


def play_t6_hand(state, window=False):
    """T6's hand to its end: seat 1 wins all four rounds (knock windows all passed)."""
    if window:
        passes(state, 3)
    plays(state, "OB5", "DB6", "OG6")
    for lead, second, third in (("OG7", "DG5", "DG4"), ("OB7", "OP4", "DP4"),
                                ("OO7", "DO4", "DP5")):
        if window:
            passes(state, 3)
        plays(state, lead, second, third)


# ---- pure rules ---------------------------------------------------------------------
def test_pure_follow_and_round_rules():
    c = {card.name: card for card in DECK}
    hand = [c["DB6"], c["OB7"], c["DG4"]]
    assert allowed_follows(hand, c["OB5"]) == [c["DB6"]]
    assert allowed_follows([c["OB7"], c["DG4"]], c["OB5"]) == [c["OB7"]]
    assert allowed_follows([c["DG4"], c["OP4"]], c["OB5"]) == [c["DG4"], c["OP4"]]
    assert round_winner([(0, c["DG4"]), (1, c["OG5"]), (2, c["OG7"])]) == 2
    assert round_winner([(0, c["DG4"]), (1, c["OG4"]), (2, c["OG5"])]) == 2
    assert round_winner([(0, c["OO7"]), (1, c["DO4"]), (2, c["OO5"])]) == 0


# ---- test scenarios -------------------------------------------------------------------
def test_t1_following_forced_to_the_opposite_side():
    state = new({0: ["OB5", "DG6", "DP6", "OP6"], 1: ["DB6", "OB7", "DG4", "DP4"],
                 2: ["OG6", "OP4", "DO5", "OO6"]})
    assert state.current_player == 0 and state.dealer == 2
    act(state, "play OB5")
    assert legal_texts(state) == ["play DB6"]
    assert "blue defense" in rejected(state, registry.Action("play", (card_of(state, 1, "OB7"),)))
    act(state, "play DB6")
    assert len(state.legal_actions()) == 4          # A3: no blue, any card
    act(state, "play OG6")
    assert state.last_round["winner"] == 1
    assert state.current_player == 1 and state.view(0).facts["step"] == "lead"   # A2
    assert state.round == 2


def test_a_follow_refused_names_the_colour_with_its_article():
    """'an orange defense card', 'an orange card': the article agrees with the word after it."""
    state = new({0: ["OO5", "DG6", "DP6", "OP6"], 1: ["DO6", "OB7", "DG4", "DP4"],
                 2: ["OO6", "OP4", "DG5", "OG5"]})
    act(state, "play OO5")
    assert "lead with an orange defense card" in rejected(state, registry.Action("play", (card_of(state, 1, "OB7"),)))
    act(state, "play DO6")
    assert "follow with an orange card while you have one" in rejected(
        state, registry.Action("play", (card_of(state, 2, "OP4"),)))


def test_t2_same_side_only():
    state = new({0: ["DG5"], 1: ["DG4", "OB4", "DP4", "DO4"], 2: ["OG4", "OB5", "DP5", "DO5"]})
    act(state, "play DG5")
    assert legal_texts(state) == ["play DG4"]
    act(state, "play DG4")
    assert legal_texts(state) == ["play OG4"]
    act(state, "play OG4")
    assert state.last_round["winner"] == 0 and state.current_player == 0


def test_t3_equal_number_wins():
    state = new({0: ["OB5"], 1: ["DB5", "OP4", "DP4", "DO4"], 2: ["OG4", "OP5", "DP5", "DO5"]})
    plays(state, "OB5", "DB5", "OG4")
    assert state.last_round["winner"] == 1


@pytest.mark.parametrize("followers, winner", [(("OG5", "OG7"), 2), (("OG4", "OG5"), 2),
                                               (("OG7", "OG5"), 1)])
def test_t4_highest_qualifier(followers, winner):
    state = new({0: ["DG4"], 1: [followers[0], "OB4", "DP4", "DO4"],
                 2: [followers[1], "OB5", "DP5", "DO5"]})
    plays(state, "DG4", *followers)
    assert state.last_round["winner"] == winner


def test_t5_no_qualifier():
    state = new({0: ["OO7"], 1: ["DO4", "OB4", "DP4", "OG4"], 2: ["OO5", "OB5", "DP5", "DG5"]})
    plays(state, "OO7", "DO4", "OO5")
    assert state.last_round["winner"] == 0


def test_t6_end_of_the_hand():
    state = new(T6_HANDS)
    play_t6_hand(state)
    assert state.yards == [10, 0, 10]
    assert state.hand_winner == 1 and state.dealer == 1
    assert legal_texts(state) == ["deal"] and state.current_player == 1
    act(state, "deal")
    assert state.hand == 2 and state.leader == 2 and state.current_player == 2
    assert all(len(h) == 4 for h in state.hands)


def _saved_with(state, **fields):
    data = state.to_dict()
    data["state"].update(fields)
    return registry.load_state(data)


def test_t7_elimination():
    state = _saved_with(new(T6_HANDS), yards=[90, 40, 0])
    play_t6_hand(state)
    assert state.yards == [100, 40, 10] and state.out == [True, False, False]
    assert not state.is_over
    act(state, "deal")
    assert state.hands[0] == [] and len(state.hands[1]) == len(state.hands[2]) == 4
    assert state.rounds == 4 and len(state.draw_pile) == 20
    rng = random.Random(5)
    while not state.is_over:
        assert state.current_player != 0                       # A13: skipped
        state.apply(rng.choice(state.legal_actions()))
    assert state.winners() in ([1], [2])
    assert state.yards[0] == 100
    assert sum(not out for out in state.out) == 1


def test_t8_knock_and_fold():
    state = new(T6_HANDS, knocking="on")
    passes(state, 3)                                           # round 1 window
    plays(state, "OB5", "DB6", "OG6")
    assert state.current_player == 1 and legal_texts(state) == ["knock", "pass"]
    act(state, "knock")
    assert state.stake == 20 and state.current_player == 2
    assert legal_texts(state) == ["call", "fold"]
    act(state, "fold")
    assert state.yards == [0, 0, 10] and state.hands[2] == [] and state.folded[2]
    act(state, "call")
    assert state.current_player == 0 and legal_texts(state) == ["knock", "pass"]
    act(state, "knock")
    assert state.stake == 30 and state.current_player == 1
    act(state, "call")
    assert state.current_player == 1 and legal_texts(state) == ["knock", "pass"]
    act(state, "pass")
    assert state.step == "lead" and state.current_player == 1   # seat 0 passed automatically
    for lead, follow in (("OG7", "DG4"), ("OB7", "DP4"), ("OO7", "DP5")):
        plays(state, lead, follow)
        if state.step == "knock":
            assert state.current_player == 1
            act(state, "pass")                                 # seat 0 may not knock
    assert state.yards == [30, 0, 10]
    assert state.dealer == 1


def test_t9_everyone_folds():
    state = new(T6_HANDS, knocking="on")
    act(state, "knock")
    act(state, "fold")
    act(state, "fold")
    assert state.yards == [0, 10, 10]
    assert state.hand_winner == 0 and state.dealer == 0 and state.step == "deal"
    assert len(state.hands[0]) == 4 and not any(state.played)
    assert len(state.used) == 8


def test_t10_eight_cards_for_two():
    hands = {0: ["OG7", "OG6", "OO7", "OP6", "OB4", "DG4", "DP4", "DO4"],
             1: ["DB5", "DO7", "DB7", "DP7", "DO5", "DP5", "DG5", "OB5"]}
    state = registry.new_game("four_downs", players=2, seed=1,
                          options={"pd.eight_for_two": "on"},
                          deck=stacked(hands, players=2, size=8))
    assert state.rounds == 8 and all(len(h) == 8 for h in state.hands)
    script = [("OG7", "DG5", 0), ("OG6", "OB5", 0), ("OO7", "DO5", 0), ("OP6", "DP5", 0),
              ("OB4", "DB5", 1), ("DO7", "DO4", 1), ("DB7", "DG4", 1), ("DP7", "DP4", 1)]
    for number, (lead, follow, winner) in enumerate(script, 1):
        plays(state, lead, follow)
        assert state.last_round == {"round": number, "winner": winner,
                                    "plays": [[winner if number > 5 else 0, lead],
                                              [1 - (winner if number > 5 else 0), follow]]}
        if number == 4:
            assert state.step == "lead" and state.hand_winner is None
    assert state.hand_winner == 1 and state.yards == [10, 0]


# ---- rulings ----------------------------------------------------------------------------
def test_a1_first_player():
    state = new(T6_HANDS)
    assert state.dealer == 2 and state.current_player == 0
    state = registry.new_game("four_downs", players=3, seed=1, tosses=[2],
                          options={"pd.first_player": "random"})
    assert state.dealer == 1 and state.current_player == 2


def test_a7_winner_never_loses_yards_and_a6_winner_deals():
    state = new(T6_HANDS)
    play_t6_hand(state)
    assert state.yards[1] == 0 and state.current_player == 1


def test_a8_undealt_cards_are_set_aside_unseen():
    state = registry.new_game("four_downs", players=4, seed=3)
    assert len(state.draw_pile) == 12
    assert all(c is None for seat in range(4) for c in state.view(seat).zone("draw").cards)


def test_a9_no_knocking_after_the_lead():
    state = new(T6_HANDS, knocking="on")
    passes(state, 3)
    act(state, "play OB5")
    assert "knock" not in legal_texts(state)
    assert "knock" in rejected(state, registry.Action("knock"))


def test_a9_knocking_off_has_no_window():
    state = new(T6_HANDS)
    assert legal_texts(state) == [f"play {n}" for n in T6_HANDS[0]]   # A14: any card
    assert "pd.knocking" in rejected(state, registry.Action("knock"))


def test_a10_no_knocking_twice_in_a_row_and_stake_capped_at_100():
    state = registry.new_game("four_downs", players=2, seed=2, options={"pd.knocking": "on"})
    for _ in range(9):
        seat = state.current_player
        act(state, "knock")
        act(state, "call")
        if state.stake < 100:
            assert state.current_player == 1 - seat
            assert legal_texts(state) == ["knock", "pass"]
    assert state.stake == 100 and state.step == "lead"


def test_a11_fold_costs_the_stake_before_the_knock():
    state = new(T6_HANDS, knocking="on")
    act(state, "knock")           # seat 0: 20
    act(state, "call")            # seat 1
    act(state, "call")            # seat 2
    act(state, "knock")           # seat 1: 30
    act(state, "fold")            # seat 2 loses 20
    assert state.yards == [0, 0, 20]


def test_folded_leader_hands_the_lead_on():
    state = new(T6_HANDS, knocking="on")
    act(state, "pass")            # seat 0, the leader
    act(state, "knock")           # seat 1
    act(state, "call")            # seat 2
    act(state, "fold")            # seat 0 folds: seat 1 leads
    assert state.leader == 1
    act(state, "pass")            # seat 2; seat 1 passes automatically
    assert state.step == "lead" and state.current_player == 1


def test_a12_alternating_backs():
    state = new(T6_HANDS)
    assert state.view(0).facts["back"] == "white"
    play_t6_hand(state)
    act(state, "deal")
    assert state.view(0).facts["back"] == "black"
    state = new(T6_HANDS, alternate_backs="off")
    play_t6_hand(state)
    act(state, "deal")
    assert state.view(0).facts["back"] == "white"


def test_a15_played_cards_stay_face_up_until_the_next_lead():
    state = new(T6_HANDS)
    plays(state, "OB5", "DB6", "OG6")
    view = state.view(2)
    assert [c.name for seat in range(3) for c in view.zone(f"played:{seat}").cards] == \
        ["OB5", "DB6", "OG6"]
    act(state, "play OG7")
    assert [c.name for c in state.used] == ["OB5", "DB6", "OG6"]
    assert all(c is None for c in state.view(0).zone("used").cards)


def test_a16_eight_cards_when_two_remain():
    state = _saved_with(new(T6_HANDS, eight_for_two="on"), yards=[90, 40, 0])
    assert state.rounds == 4
    play_t6_hand(state)
    act(state, "deal")
    assert state.rounds == 8 and [len(h) for h in state.hands] == [0, 8, 8]


# ---- contract ------------------------------------------------------------------------------
def test_views_hide_other_hands():
    state = registry.new_game("four_downs", players=4, seed=9)
    for seat in range(4):
        view = state.view(seat)
        for other in range(4):
            cards = view.zone(f"hand:{other}").cards
            assert len(cards) == 4
            assert all(c is not None for c in cards) == (other == seat)
            assert all(c is None for c in cards) == (other != seat)


def test_illegal_actions_are_rejected_without_change():
    state = new(T6_HANDS)
    assert "your own hand" in rejected(state, registry.Action("play", (card_of(state, 1, "DB6"),)))
    assert rejected(state, registry.Action("deal"))
    act(state, "play OB5")
    assert "blue defense" in rejected(state, registry.Action("play", (card_of(state, 1, "OG7"),)))


def test_save_round_trip():
    state = new(T6_HANDS, knocking="on")
    act(state, "pass")
    act(state, "knock")
    loaded = registry.load_state(state.to_dict())
    assert loaded.to_dict() == state.to_dict()
    assert legal_texts(loaded) == legal_texts(state)
    data = state.to_dict()
    data["state"]["step"] = "dance"
    with pytest.raises(ValueError, match="state.step"):
        registry.load_state(data)


def test_a_state_keeps_its_attributes_in_python_s_fastest_layout():
    """4 downs' position lives in slots, so a state's dict holds fewer than 30 attributes
    and Python 3.11 reads them from its fastest layout (inline values): dealt, cloned,
    played through every hand to the end, loaded, and sampled and copied as Hard's search
    does (a state with 44 made every one a dict of its own)."""
    for players, options in ((2, {"pd.eight_for_two": "on"}), (4, {"pd.knocking": "on", "pd.first_player": "random"})):
        layouts = attribute_layouts("four_downs", players, seed=3, options=options)
        assert [inline and count < 30 for inline, count in layouts.values()] == [True] * 7, layouts
