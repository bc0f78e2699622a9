"""Play Design - 5 possessions: every test scenario (T11-T18) and ruling (A17-A24) of
docs/rulings/play_design.md, from stacked stacks (the offense's stack, then the defense's,
per possession) and injected tosses."""
import random

import pytest

from game import registry
from game.cards import combined_deck
from game.play_design.rules import key_count, offense_wins
from tests.helpers import act, legal_texts, rejected

DECK = combined_deck("pd_white", "pd_black")
BY_NAME = {c.name: c for c in DECK}

# T14/T16's possession (white offense, black defense), line by line, lanes 0-3.
# Line 1 wins lanes 1 and 2, line 2 wins them again (purple, green), line 3 puts OB6
# and OB7 open and winning there; lanes 0 and 3 are dead from line 1 on.
T14_OFFENSE = [["OB5", "OG7", "OO7", "OG4"], ["OO5", "OP6", "OG6", "OP4"],
               ["OO6", "OB6", "OB7", "OP5"], ["OB4", "OG5"]]
T14_DEFENSE = [["DB5", "DB6", "DB7", "DG5"], ["DO4", "DG4", "DO5", "DO6"],
               ["DG6", "DP4", "DP5", "DP6"], ["DO7", "DP7"]]
# T17's possession: only lane 1 is ever won, ending green before line 4.
T17_OFFENSE = [["OB4", "OO7", "OG4", "OP4"], ["OB5", "OB7", "OG5", "OO5"],
               ["OP5", "OG6", "OP6", "OO6"], ["OB6", "OG7"]]
T17_DEFENSE = [["DB6", "DB7", "DG5", "DP5"], ["DG6", "DP4", "DO4", "DO5"],
               ["DO7", "DO6", "DP6", "DP7"], ["DB5", "DG4"]]


def w(names):
    return [f"W:{n}" for n in names]


def k(names):
    return [f"K:{n}" for n in names]


def new(offense_lines=None, defense_lines=None, seed=1, toss=0, role="offense", **options):
    """A game where `toss` wins the toss and picks `role`; the first possession's
    stacks hold the given lines (seat 0 is white, seat 1 black)."""
    opts = {f"pd.{key}": v for key, v in options.items()}
    deck = None
    if offense_lines is not None:
        offense = 0 if (toss == 0) == (role == "offense") else 1
        mark = (w, k)
        deck = [mark[offense](sum(offense_lines, [])), mark[1 - offense](sum(defense_lines, []))]
    state = registry.new_game("five_possessions", seed=seed, options=opts, deck=deck,
                          tosses=[toss])
    act(state, f"choose {role}")
    return state






def place(state, name, lane):
    prefix = "W:" if state.current_player == 0 else "K:"
    act(state, f"place {prefix}{name} {lane}")


def set_line(state, offense, defense, lanes=(0, 1, 2, 3)):
    """The offense sets `offense` in `lanes`, the defense `defense` opposite."""
    for name, lane in zip(offense, lanes):
        place(state, name, lane)
    for name, lane in zip(defense, lanes):
        place(state, name, lane)


def place_action(state, name, lane):
    prefix = "W:" if state.current_player == 0 else "K:"
    card = next(c for c in state.hand[state.current_player] if c.name == prefix + name)
    return registry.Action("place", (card,), lane)




def lanes(state):
    return [(lane["live"], lane["color"]) for lane in state.view(0).facts["lanes"]]


def play_lines(state, offense_lines, defense_lines, count):
    for line in range(count):
        set_line(state, offense_lines[line], defense_lines[line])


# ---- test scenarios -------------------------------------------------------------------
@pytest.mark.parametrize("offense, defense, wins", [
    ("OB6", "DG4", True), ("OB6", "DB5", False), ("OP6", "DP5", True), ("OP6", "DP6", False),
    ("OO5", "DB6", True), ("OO5", "DO4", False), ("OG6", "DP7", False), ("OG6", "DB5", True)])
def test_t11_comparisons(offense, defense, wins):
    assert offense_wins(BY_NAME["W:" + offense], BY_NAME["K:" + defense]) is wins


def test_t11_key_counts_purple_counts_purple_and_blue():
    assert key_count(BY_NAME["W:OP6"], "purple") == 5
    assert key_count(BY_NAME["K:DP6"], "purple") == 5
    assert key_count(BY_NAME["K:DO7"], "orange") == 3


def test_t12_rule_1_colour():
    state = new([["OO6", "OP5", "OB6", "OG7"], ["OB7", "OG5", "OP4", "OO5"]],
                [["DB5", "DP4", "DG4", "DB6"]])
    set_line(state, ["OO6", "OP5", "OB6", "OG7"], ["DB5", "DP4", "DG4", "DB6"])
    assert lanes(state) == [(True, "orange"), (True, "purple"), (True, "blue"), (True, "green")]
    assert state.line == 2 and state.max_open == 4
    assert "is still open there" in rejected(state, place_action(state, "OB7", 2))
    assert "is still open there" in rejected(state, place_action(state, "OO5", 0))
    for name, lane in (("OB7", 0), ("OO5", 1), ("OG5", 2), ("OP4", 3)):
        place(state, name, lane)
    assert state.step == "defense_set"
    assert all(state.live[lane] and state.line_cards[0][lane][0].color != state.restriction[lane]
               for lane in range(4))                     # each card set opens its lane (rules 1 and 2)


def test_t13_rule_2_dead_lane():
    state = new([["OB4", "OB7", "OO6", "OG4"], ["OB5", "OG6", "OP5", "OO5"]],
                [["DB5", "DG4", "DB6", "DG5"], ["DP4", "DP7", "DG6", "DO5"]])
    set_line(state, ["OB4", "OB7", "OO6", "OG4"], ["DB5", "DG4", "DB6", "DG5"])
    assert lanes(state) == [(False, None), (True, "blue"), (True, "orange"), (False, None)]
    assert state.max_open == 2                  # two cards must go closed into lanes 0, 3
    since = len(state.events)
    set_line(state, ["OB5", "OG6", "OP5", "OO5"], ["DP4", "DP7", "DG6", "DO5"])
    result = state.last_line
    assert [r["open"] for r in result] == [False, True, True, False]
    assert [r["won"] for r in result] == [False, False, True, False]   # 3 = 3; 4 > 3
    revealed = [e.cards[0].name for e in state.events[since:] if e.kind == "reveal"]
    assert revealed == ["W:OG6", "K:DP7", "W:OP5", "K:DG6"]
    view = state.view(0)                        # the defense cards of lanes 0, 3 stay unseen
    assert view.zone("line:1:0").cards == (None,) and view.zone("line:1:3").cards == (None,)
    assert state.view(1).zone("line:0:0").cards == (None,)
    assert lanes(state) == [(False, None), (False, None), (True, "purple"), (False, None)]
    state.apply(state.legal_actions()[0])      # line 3's first card clears line 2
    assert [c.name for c in state.removed[1][4:]] == ["K:DP4", "K:DP7", "K:DG6", "K:DO5"]
    assert all(c is None for c in state.view(0).zone("removed:1").cards)


def _t14_to_line_4(**options):
    state = new(T14_OFFENSE, T14_DEFENSE, **options)
    play_lines(state, T14_OFFENSE, T14_DEFENSE, 3)
    assert state.line == 4 and state.yards == [0, 0]
    assert lanes(state) == [(False, None), (True, "blue"), (True, "blue"), (False, None)]
    return state


def test_t14_unavoidable_closed_card_in_a_live_lane():
    state = _t14_to_line_4()
    assert state.max_open == 1
    assert sorted(legal_texts(state)) == sorted(
        ["place W:OB4 0", "place W:OB4 1", "place W:OB4 2", "place W:OB4 3",
         "place W:OG5 1", "place W:OG5 2"])
    assert "lane 1 is closed" in rejected(state, place_action(state, "OG5", 0))
    for lane in (0, 2, 3):
        trial = state.clone()
        place(trial, "OG5", 1)
        place(trial, "OB4", lane)
        assert trial.step == "defense_set"
    place(state, "OG5", 1)
    assert legal_texts(state) == ["place W:OB4 0", "place W:OB4 2", "place W:OB4 3"]


def test_t15_the_drive_is_stopped():
    defense = [T14_DEFENSE[0], ["DO4", "DP6", "DG6", "DO6"]]
    state = new(T14_OFFENSE, defense)
    set_line(state, T14_OFFENSE[0], defense[0])
    set_line(state, T14_OFFENSE[1], defense[1])        # OP6 5 = DP6 5, OG6 3 < DG6 4
    assert state.yards == [0, 20]
    assert state.possession == 2 and state.offense == 1 and state.current_player == 1
    assert state.line == 1
    for seat, side in ((1, "offense"), (0, "defense")):          # A18: fresh full stacks
        cards = state.stack[seat] + state.hand[seat]
        assert len(cards) == 14 and {c.side for c in cards} == {side}
    assert lanes(state) == [(True, None)] * 4


def test_t16_touchdown():
    state = _t14_to_line_4()
    place(state, "OG5", 1)
    place(state, "OB4", 0)
    place(state, "DP7", 0)
    place(state, "DO7", 1)                               # OG5 green 2 > DO7 green 0
    assert state.yards == [20, 0] and state.possession == 2 and state.offense == 1


def test_t17_line_4_with_one_live_lane():
    state = new(T17_OFFENSE, T17_DEFENSE)
    play_lines(state, T17_OFFENSE, T17_DEFENSE, 3)
    assert lanes(state) == [(False, None), (True, "green"), (False, None), (False, None)]
    assert sorted(legal_texts(state)) == ["place W:OB6 1", "place W:OG7 0", "place W:OG7 2",
                                          "place W:OG7 3"]
    place(state, "OB6", 1)
    place(state, "OG7", 3)
    since = len(state.events)
    place(state, "DB5", 1)
    place(state, "DG4", 3)
    assert state.last_line == [{"lane": 1, "open": True, "offense": "W:OB6", "defense": "K:DB5",
                              "color": "blue", "offense_dots": 4, "defense_dots": 4,
                              "won": False},
                             {"lane": 3, "open": False, "won": False}]
    assert state.yards == [0, 20]
    shown = [c.name for e in state.events_for(0, since) for c in e.cards if c is not None]
    assert "K:DG4" not in shown
    assert state.view(0).zone("line:1:3").cards == (None,)


def _at_possession(state, number, score, **extra):
    """The same position, saved and loaded as possession `number` at `score`."""
    data = state.to_dict()
    data["state"].update(possession=number, yards=score, **extra)
    return registry.load_state(data)


STOP_OFFENSE = [["OB4", "OB5", "OG4", "OG5"]]
STOP_DEFENSE = [["DB6", "DB7", "DG5", "DG6"]]     # every lane lost: the drive stops at once


def test_t18_odd_possession_ends_the_game_with_a_lead_over_20():
    state = new(STOP_OFFENSE, STOP_DEFENSE, toss=1)   # seat 1 attacks, seat 0 defends
    assert state.offense == 1
    state = _at_possession(state, 9, [80, 60])
    set_line(state, STOP_OFFENSE[0], STOP_DEFENSE[0])
    assert state.yards == [100, 60] and state.is_over and state.winners() == [0]


def test_t18_odd_possession_with_a_lead_of_20_plays_on():
    state = _at_possession(new(STOP_OFFENSE, STOP_DEFENSE, toss=1), 9, [80, 80])
    set_line(state, STOP_OFFENSE[0], STOP_DEFENSE[0])
    assert state.yards == [100, 80] and not state.is_over
    assert state.possession == 10 and state.offense == 0


def test_t18_even_possession_decides():
    state = _at_possession(new(STOP_OFFENSE, STOP_DEFENSE, toss=1), 10, [80, 80])
    set_line(state, STOP_OFFENSE[0], STOP_DEFENSE[0])
    assert state.is_over and state.winners() == [0]


def test_t18_tie_at_100_plays_a_pair():
    state = _at_possession(new(STOP_OFFENSE, STOP_DEFENSE, toss=0), 10, [100, 80])
    set_line(state, STOP_OFFENSE[0], STOP_DEFENSE[0])    # seat 1 defends: 100 - 100
    assert state.yards == [100, 100] and not state.is_over
    assert state.possession == 11 and state.offense == 1 and state.step == "offense_set"
    assert state.view(0).facts["tie_break_pairs"] == 0


def test_t18_tie_with_sudden_death():
    state = registry.new_game("five_possessions", seed=1, options={"pd.sudden_death": "on"},
                          deck=[w(STOP_OFFENSE[0]), k(STOP_DEFENSE[0])], tosses=[0, 1])
    act(state, "choose offense")
    state = _at_possession(state, 10, [100, 80])
    set_line(state, STOP_OFFENSE[0], STOP_DEFENSE[0])
    assert state.yards == [100, 100] and not state.is_over
    assert state.step == "choose" and state.current_player == 1 and state.sudden_death
    assert legal_texts(state) == ["choose offense", "choose defense"]
    act(state, "choose defense")                         # seat 0 attacks the sudden death
    assert state.offense == 0 and state.possession == 11
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.possession == 11
    assert state.winners() == [0 if state.yards[0] > state.yards[1] else 1]
    assert max(state.yards) == 120


def test_a23_safeguard_after_five_tie_break_pairs():
    state = _at_possession(new(STOP_OFFENSE, STOP_DEFENSE, toss=0), 20, [200, 180],
                           tie_start=10)
    set_line(state, STOP_OFFENSE[0], STOP_DEFENSE[0])
    assert state.yards == [200, 200] and state.sudden_death and state.step == "choose"
    state = _at_possession(new(STOP_OFFENSE, STOP_DEFENSE, toss=0), 18, [180, 160],
                           tie_start=10)
    set_line(state, STOP_OFFENSE[0], STOP_DEFENSE[0])
    assert not state.sudden_death and state.step == "offense_set"


# ---- rulings ----------------------------------------------------------------------------
def test_a17_toss_winner_chooses():
    state = registry.new_game("five_possessions", seed=4, tosses=[1])
    assert state.step == "choose" and state.current_player == 1
    assert legal_texts(state) == ["choose offense", "choose defense"]
    act(state, "choose defense")
    assert state.offense == 0 and state.current_player == 0
    assert len(state.hand[0]) == 4 and len(state.hand[1]) == 4


def test_a19_defense_sets_after_the_offense_without_seeing_it():
    state = new(T14_OFFENSE, T14_DEFENSE)
    assert state.current_player == 0
    place(state, "OB5", 0)
    assert state.view(1).zone("line:0:0").cards == (None,)
    assert state.view(0).zone("line:0:0").cards[0].name == "W:OB5"
    for name, lane in (("OG7", 1), ("OO7", 2), ("OG4", 3)):
        place(state, name, lane)
    assert state.current_player == 1
    assert "open_needed" not in state.view(1).facts
    place(state, "DB5", 0)
    assert state.view(0).zone("line:1:0").cards == (None,)


def test_a20_closed_card_only_where_unavoidable():
    state = _t14_to_line_4()
    place(state, "OB4", 1)                      # closed in a live lane: OG5 still opens
    assert legal_texts(state) == ["place W:OG5 2"]


def _most_open_by_brute_force(state, cards, lanes):
    """The most open cards of a line once `cards` are set in `lanes` (one per lane),
    trying every arrangement, with the cards already set counted (rules 1, 2; A20)."""
    from itertools import permutations
    row = state.line_cards[state.offense] if not state.table else [[] for _ in range(4)]
    placed = sum(1 for k in range(4) if row[k] and state.live[k]
                 and row[k][0].color != state.restriction[k])
    return placed + max(sum(1 for card, lane in zip(cards, spots) if state.live[lane]
                            and card.color != state.restriction[lane])
                        for spots in permutations(lanes, len(cards)))


def test_a20_offense_placements_are_those_keeping_the_most_open_cards():
    """In random games, an offense placement is legal exactly when the line can still
    open as many cards as the best arrangement of the whole line (brute force)."""
    checked = 0
    for seed in range(40):
        state = registry.new_game("five_possessions", seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.possession < 6:
            if state.step == "offense_set":
                hand = state.hand[state.offense]
                row = state.line_cards[state.offense]
                free = [k for k in range(4) if state.table or not row[k]]
                best = _most_open_by_brute_force(state, hand, free)
                expected = set()
                for card in hand:
                    for lane in free:
                        rest = [c for c in hand if c is not card]
                        opens = state.live[lane] and card.color != state.restriction[lane]
                        after = opens + _most_open_by_brute_force(
                            state, rest, [k for k in free if k != lane])
                        if after == best:
                            expected.add((card.name, lane))
                assert {(a.cards[0].name, a.arg) for a in state.legal_actions()} == expected
                assert best == state.max_open
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 500


def test_a22_possessions_alternate():
    state = new(STOP_OFFENSE, STOP_DEFENSE)
    set_line(state, STOP_OFFENSE[0], STOP_DEFENSE[0])
    assert state.offense == 1 and state.possession == 2


def test_a24_line_4_one_win_is_enough_after_a_loss():
    state = _t14_to_line_4()
    place(state, "OG5", 2)
    place(state, "OB4", 1)
    place(state, "DO7", 1)
    place(state, "DP7", 2)                  # lane 2: OG5 2 < DP7 3, lane 1 closed
    assert state.yards == [0, 20]


def test_stacked_card_from_the_wrong_half_is_rejected():
    with pytest.raises(ValueError, match="one side of one deck"):
        registry.new_game("five_possessions", seed=1, deck=[w(["OB4", "DB5"]), k(["DB6"])])
    with pytest.raises(ValueError, match="do not belong"):
        registry.new_game("five_possessions", seed=1, tosses=[0],
                      deck=[w(["DB5"]), k(["DB6"])]).apply(registry.Action("choose", (), "offense"))


# ---- contract ------------------------------------------------------------------------------
def test_closed_cards_never_reach_the_opponent():
    state = new([["OB4", "OB7", "OO6", "OG4"], ["OB5", "OG6", "OP5", "OO5"]],
                [["DB5", "DG4", "DB6", "DG5"], ["DP4", "DP7", "DG6", "DO5"]])
    set_line(state, ["OB4", "OB7", "OO6", "OG4"], ["DB5", "DG4", "DB6", "DG5"])
    start = len(state.events)
    set_line(state, ["OB5", "OG6", "OP5", "OO5"], ["DP4", "DP7", "DG6", "DO5"])
    while state.current_player == 0 and state.step == "offense_set":
        state.apply(state.legal_actions()[0])
    secret_offense = {"W:OB5", "W:OO5"}     # set closed in dead lanes
    secret_defense = {"K:DP4", "K:DO5"}     # removed unrevealed
    for seat, secret in ((1, secret_offense), (0, secret_defense)):
        seen = {c.name for e in state.events_for(seat, start) for c in e.cards if c}
        seen |= {c.name for z in state.view(seat).zones for c in z.cards if c}
        assert not seen & secret


def test_illegal_actions_are_rejected_without_change():
    state = registry.new_game("five_possessions", seed=2, tosses=[0])
    assert "choose offense or defense" in rejected(
        state, registry.Action("place", (DECK[0],), 0))
    act(state, "choose offense")
    card = state.hand[0][0]
    assert "lane 1-4" in rejected(state, registry.Action("place", (card,), 7))
    assert "picked for this line" in rejected(state, registry.Action("place", (state.hand[1][0],), 0))


def test_save_round_trip():
    state = _t14_to_line_4()
    place(state, "OG5", 1)
    loaded = registry.load_state(state.to_dict())
    assert loaded.to_dict() == state.to_dict()
    assert legal_texts(loaded) == legal_texts(state)
    data = state.to_dict()
    data["state"]["restriction"][1] = "pink"
    with pytest.raises(ValueError, match="restriction"):
        registry.load_state(data)


def test_a_loaded_or_resampled_state_lists_the_same_moves_mid_line():
    """The lanes the seat to set may still use are kept as play goes, not saved: a
    loaded save and a resample of that seat's view work them out again, at every step
    of a line (the table of the last line still out included)."""
    for seed in range(4):
        state = registry.new_game("five_possessions", seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.possession < 4:
            expected = legal_texts(state)
            assert legal_texts(registry.load_state(state.to_dict())) == expected
            view = state.view(state.current_player)
            assert legal_texts(state.resample(view, random.Random(seed))) == expected
            state.apply(rng.choice(state.legal_actions()))


def test_a_world_hard_imagines_plays_to_its_end_telling_each_move():
    """A resample of a seat's view may deal a card of either deck into the other seat's
    face-down line (Hard's imagined worlds); played on with its events kept, every line
    still leaves the table, each card told leaving the lane of the line it lay in."""
    for seed in range(12):
        state = registry.new_game("five_possessions", seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.possession < 3:
            if state.step == "defense_set":
                world = state.resample(state.view(state.current_player), random.Random(seed))
                while not world.is_over:
                    before = [[list(cards) for cards in lanes] for lanes in world.line_cards]
                    table, since = world.table, len(world.events)
                    world.apply(rng.choice(world.legal_actions()))
                    if table:
                        moved = {(e.cards[0], e.src) for e in world.events[since:]
                                 if e.kind == "move" and e.src.startswith("line:")}
                        laid = {(cards[0], f"line:{seat}:{k}") for seat in (0, 1)
                                for k, cards in enumerate(before[seat]) if cards}
                        assert moved == laid
            state.apply(rng.choice(state.legal_actions()))


def test_a_card_refused_by_a_line_rule_is_told_in_players_words():
    """A card placed where rule 1 or rule 2 would close it is refused in players' words:
    what happens to it in that lane, and why, and no rule number the table never showed;
    the card's name lower case mid-sentence (walkC15 #19: 'Rule 1: the Offense green 6 may
    not go on the still-open green card of lane 2; it would stay closed'; walkC16 #11:
    '... still open there (rule 1), and ...')."""
    state = new([["OO6", "OP5", "OB6", "OG7"], ["OB7", "OG5", "OP4", "OO5"]],
                [["DB5", "DP4", "DG4", "DB6"]])
    set_line(state, ["OO6", "OP5", "OB6", "OG7"], ["DB5", "DP4", "DG4", "DB6"])
    said = rejected(state, place_action(state, "OB7", 2))
    assert said.startswith("a blue card in lane 3 goes closed: "), said
    assert "won lane 3" in said and "rule" not in said and "Offense" not in said, said
    closed = _t14_to_line_4()
    said = rejected(closed, place_action(closed, "OG5", 0))
    assert said.startswith("lane 1 is closed: "), said
    assert "used up without being compared" in said and "rule" not in said and "Offense" not in said, said
