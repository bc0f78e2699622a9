"""Final Count: the test scenarios (T1-T15) and rulings (A1-A23) of docs/rulings/final_count.md,
played from stacked decks and injected die rolls."""
import gc
import json
import random

import pytest

from game import registry
from game.cards import load_deck
from game.bots.sampling import Sampler
from game.core import SharedEvent
from game.final_count.rules import (Action, card_points, goal_number, pick_action,
                              reachable_totals, score_hand)
from scenes.table.presenters import presenter_for
from tests.helpers import samples
from tests.test_ui_play import app  # noqa: F401

DECK = load_deck("standard52")
ROLL, CALL, END = Action("roll"), Action("call"), Action("end_turn")
KEEP, DISCARD, TO_BOARD = Action("keep"), Action("discard"), Action("to_board")
DECLINE, RETURN, DEAL = Action("decline"), Action("return"), Action("deal")


def card(name):
    return DECK.copies(name)[0]


def cards(text):
    return [card(name) for name in text.split()]


def stack(n, hands, tables, board, draw=(), dealer=0):
    """A deck, top first, dealing `hands` {seat: [2 names]}, `tables` {seat: name} and
    the Board as rulings A3 says, then `draw` on top of the Draw Pile."""
    order = [(dealer + 1 + j) % n for j in range(n)]
    names = [hands[s][0] for s in order] + [hands[s][1] for s in order]
    names += [tables[s] for s in order] + list(board) + list(draw)
    return names


def new(n=2, deck=None, dice=(), hit_goal="off", **kw):
    return registry.new_game("final_count", players=n, seed=7, deck=deck, dice=list(dice),
                         options={"final_count.hit_goal": hit_goal}, **kw)


def names(zone_cards):
    return [c.name for c in zone_cards]


def play(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def swap(kind, name):
    return Action(kind, (card(name),))


def take(name):
    return Action("take", (card(name),))


def position_of(state, seat, name):
    """The blind-pick position that holds `name` in `seat`'s hand (README: try each
    position on a clone)."""
    for i in range(len(state.hands[seat])):
        trial = state.clone()
        trial.apply(pick_action(seat, i))
        if name in names(trial.tables[trial.current_player]):
            return i
    raise AssertionError(f"{name} is not in seat {seat}'s hand")


def with_totals(state, totals):
    """The same position with other cumulative game points (through the save format)."""
    data = state.to_dict()
    data["state"]["game_points"] = list(totals)
    return registry.load_state(json.loads(json.dumps(data)))


def points(rows):
    return [row["points"] for row in rows]


# ---- test scenarios -------------------------------------------------------------------
def test_T1_deal():
    deck = "AS 2S 3S 4S 5S 6S 7S 8S 9S".split()
    state = new(2, deck=deck)
    assert names(state.hands[1]) == ["AS", "3S"] and names(state.tables[1]) == ["5S"]
    assert names(state.hands[0]) == ["2S", "4S"] and names(state.tables[0]) == ["6S"]
    assert names(state.board) == ["7S", "8S"]
    assert len(state.draw_pile) == 44 and state.draw_pile[-1].name == "9S"
    assert state.current_player == 1 and state.dealer == 0
    assert state.legal_actions() == (ROLL, CALL)


def test_T2_ties():
    board = cards("KS QS")
    a, b, c = cards("KH QH JH 10H 9H 2H"), cards("KD QD JD 10D 9D 2D"), cards("10C 10S 8C 2C")
    assert points(score_hand([a, b, c], board)) == [35, 35, 0]
    a, b, c = cards("KH QH JH 10H 9H"), cards("KD QD JD 10D 9D"), cards("KC QC JC 10C 9C")
    rows = score_hand([a, b, c], board)
    assert [r["best"] for r in rows] == [69, 69, 69] and points(rows) == [23, 23, 23]


def test_T3_bust():
    board = cards("KS QS")
    a, b, c = cards("KH QH JH 10H 9H 7H"), cards("KD QD JD 10D 2D"), cards("KC QC JC 10C 9C 6C")
    rows = score_hand([a, b, c], board)
    assert [r["bust"] for r in rows] == [True, False, False]
    assert points(rows) == [0, 0, 75]
    c76 = cards("KC QC JC 10C 9C 7C")
    assert points(score_hand([a, b, c76], board)) == [0, 62, 0]


def t4_state():
    deck = stack(2, {0: ["JS", "JH"], 1: ["QH", "QD"]}, {0: "JD", 1: "2H"}, ["KS", "QS"],
                 ["10C", "10H", "10D", "10S"])
    state = new(2, deck=deck, dice=[3, 1, 1, 1])
    play(state, ROLL, TO_BOARD, END, ROLL, KEEP, END, ROLL, KEEP, END)
    return state


def test_T4_caller_bonus():
    state = t4_state()
    assert state.current_player == 0 and state.step == "start"
    state.apply(CALL)                                   # seat 0 at TURN_START, on 70
    assert state.caller == 0 and state.current_player == 1
    play(state, ROLL, KEEP, END)                        # seat 1 keeps 10S: 72
    rows = state.last_hand["seats"]
    assert [r["best"] for r in rows] == [70, 72]
    assert points(rows) == [0, 82] and rows[1]["bonus"] == 10
    assert state.scores() == [0, 82]
    same = score_hand([cards("JS JH JD 10H 2C"), cards("QH QD 2H 10D 10S")],
                      cards("KS QS 10C"), caller=0)
    assert [r["best"] for r in same] == [72, 72] and points(same) == [36, 36]


def test_T5_aces():
    assert reachable_totals(cards("AS AH KS 9S 10H 5H")) == [36, 46, 56]
    rng = random.Random(5)
    for _ in range(300):
        held = rng.sample(list(DECK), rng.randrange(12))
        base = sum(card_points(c) for c in held)
        aces = sum(c.rank == "A" for c in held)
        assert reachable_totals(held) == [base + 10 * j for j in range(aces + 1)]
    assert score_hand([cards("AS AH KS 9S")], cards("10H 5H"))[0]["best"] == 56
    row = score_hand([cards("AS AH KS 9S")], cards("10H 5H QD JD"))[0]
    assert row["totals"] == [56, 66, 76] and row["best"] == 66
    row = score_hand([cards("AS KS QS")], cards("JH 10H 9H"))[0]
    assert row["totals"] == [50, 60] and row["best"] == 60


def t6_state(dice_tail):
    deck = stack(2, {0: ["10S", "10H"], 1: ["JS", "JH"]}, {0: "4C", 1: "10C"}, ["KS", "QS"],
                 ["KH", "KD", "4H"])
    return new(2, deck=deck, dice=[6, 4, 3, 3, 1] + dice_tail, hit_goal="on")


def test_T6_hit_goal_wins_outright():
    state = t6_state([6])
    assert state.hit_goal == 64 and state.view(1).facts["hit_goal"] == 64
    play(state, ROLL, TO_BOARD, END, ROLL, TO_BOARD, END, ROLL, KEEP)
    assert state.view(0).facts["my_count"]["hit"] is True
    assert state.view(1).facts["my_count"]["best"] == 74
    state.apply(CALL)                                   # B (seat 1) calls at TURN_END
    play(state, ROLL, DECLINE, END)
    assert points(state.last_hand["seats"]) == [85, 0]
    quiet = score_hand([cards("10S 10H 4C"), cards("JS JH 10C 4H")],
                       cards("KS QS KH KD"), goal=64)
    assert points(quiet) == [75, 0]


def test_T7_hit_goal_through_an_ace():
    row = score_hand([cards("AS AH KS 9S")], cards("10H 5H"), goal=46)[0]
    assert row["totals"] == [36, 46, 56] and row["hit"] and row["points"] == 75


def test_T8_hit_goal_lost_in_the_final_round():
    deck = stack(2, {1: ["10S", "10H"], 0: ["JS", "JH"]}, {1: "4C", 0: "JD"}, ["KS", "QS"],
                 ["KH", "KD", "2C"])
    state = new(2, deck=deck, dice=[6, 4, 3, 3, 6, 3], hit_goal="on")
    play(state, ROLL, TO_BOARD, END, ROLL, TO_BOARD, END)
    assert state.view(1).facts["my_count"]["hit"] is True     # A on 64
    play(state, ROLL, DECLINE, CALL)                           # A calls at TURN_END
    play(state, ROLL, TO_BOARD, END)                           # B plays the 2 on the Board
    rows = state.last_hand["seats"]
    assert [r["best"] for r in rows] == [72, 66] and not rows[1]["hit"]
    assert points(rows) == [82, 0]


def test_T9_two_players_on_the_hit_goal():
    board = cards("KS QS")
    rows = score_hand([cards("KH QH JH 5H"), cards("KD QD JD 5D"),
                       cards("KC QC JC 10C 10S")], board, goal=55)
    assert points(rows) == [37, 37, 0] and rows[2]["best"] == 70


@pytest.mark.parametrize("rolls, goal", [((4, 6), 64), ((6, 4), 64), ((3, 3), 33),
                                         ((1, 1), 11)])
def test_T10_goal_number(rolls, goal):
    assert goal_number(*rolls) == goal
    state = new(2, dice=list(rolls), hit_goal="on")
    assert state.hit_goal == goal and state.goal_rolls == list(rolls)
    assert [e.detail for e in state.events if e.kind == "roll"] == list(rolls)
    assert state.view(0).facts["hit_goal"] == goal and state.step == "start"


def test_T11_four_pips_puts_the_card_on_the_draw_pile():
    deck = stack(2, {0: ["2S", "4S"], 1: ["AS", "5S"]}, {0: "6S", 1: "3C"}, ["7S", "8S"],
                 ["9H"])
    state = new(2, deck=deck, dice=[4, 1])
    state.apply(ROLL)
    assert names(state.drawn) == ["9H"]
    assert state.legal_actions() == tuple(swap("swap_draw", n)
                                          for n in ["AS", "5S", "3C"]) + (RETURN,)
    state.apply(swap("swap_draw", "3C"))
    assert names(state.tables[1]) == ["9H"] and state.draw_pile[-1].name == "3C"
    assert state.view(0).facts["draw_top"] == "3C"             # it came from a table
    play(state, END, ROLL)
    assert state.current_player == 0 and names(state.drawn) == ["3C"]


def test_T12_five_pips_blind_pick():
    deck = stack(2, {0: ["7D", "4S"], 1: ["KS", "2C"]}, {0: "6S", 1: "3C"}, ["7S", "8S"])
    state = new(2, deck=deck, dice=[5, 5])
    play(state, ROLL, DECLINE, END, ROLL)
    state.apply(swap("swap_opp", "7D"))
    assert state.step == "target"
    assert pick_action(1, 0) in state.legal_actions() and take("3C") in state.legal_actions()
    state.apply(pick_action(1, position_of(state, 1, "2C")))
    assert names(state.tables[0]) == ["6S", "2C"]
    assert names(state.tables[1]) == ["3C", "7D"]
    assert names(state.hands[1]) == ["KS"] and names(state.hands[0]) == ["4S"]


def test_T13_final_round_order():
    state = new(3, dice=[5, 6])
    assert state.current_player == 1
    state.apply(CALL)
    assert state.current_player == 2 and state.legal_actions() == (ROLL,)
    before = state.to_dict()
    with pytest.raises(registry.IllegalAction, match="already called"):
        state.apply(CALL)
    assert state.to_dict() == before
    play(state, ROLL, DECLINE)
    assert state.legal_actions() == (END,)                     # no call at TURN_END either
    state.apply(END)
    assert state.current_player == 0
    play(state, ROLL, DECLINE, END)
    assert state.step == "hand_over" and state.current_player == 1
    state.apply(DEAL)
    assert state.dealer == 1 and state.current_player == 2 and state.hand == 2


def test_T14_empty_draw_pile():
    deck = stack(3, {0: ["2S", "3S"], 1: ["4S", "5S"], 2: ["6S", "7S"]},
                 {0: "8S", 1: "9S", 2: "10S"}, ["2H", "3H"], ["4H"])
    state = new(3, deck=deck, dice=[1, 1, 5], full_deck=False)
    play(state, ROLL, KEEP, CALL)                              # seat 1 takes the last card
    assert not state.draw_pile and state.current_player == 2
    state.apply(ROLL)                                          # a 1: no effect
    assert state.step == "end" and state.legal_actions() == (END,)
    assert any(e.kind == "no_effect" for e in state.events)
    play(state, END, ROLL)                                     # 5 pips still work
    assert state.step == "action"
    play(state, DECLINE, END)
    assert state.step == "hand_over"

    deck = stack(2, {0: ["2S", "3S"], 1: ["4S", "5S"]}, {0: "8S", 1: "9S"}, ["KH", "KD"],
                 ["4H"])
    state = new(2, deck=deck, dice=[1], full_deck=False)
    play(state, ROLL, KEEP, END)                               # pile empty, nobody called
    assert state.step == "hand_over" and state.last_hand["exhausted"]
    assert state.last_hand["caller"] is None
    rows = state.last_hand["seats"]
    assert [r["best"] for r in rows] == [33, 42] and points(rows) == [0, 42]


def test_T15_game_end():
    hand1 = stack(3, {0: ["10S", "9H"], 1: ["10D", "9D"], 2: ["2S", "3S"]},
                  {0: "2H", 1: "2D", 2: "4S"}, ["KS", "QS"], ["KH", "KD", "KC"])
    hand2 = stack(3, {0: ["KH", "QH"], 1: ["2S", "3S"], 2: ["2H", "3H"]},
                  {0: "JH", 1: "4S", 2: "4H"}, ["KS", "QS"], ["KD", "10C"], dealer=1)
    state = with_totals(new(3, deck=[hand1, hand2], dice=[3, 3, 3, 5, 6, 6, 3, 3, 6, 6]),
                        [250, 240, 100])
    play(state, ROLL, TO_BOARD, END, ROLL, TO_BOARD, END, ROLL, TO_BOARD, END,
         ROLL, DECLINE, END, CALL, ROLL, DECLINE, END, ROLL, DECLINE, END)
    assert points(state.last_hand["seats"]) == [45, 45, 0]
    assert state.scores() == [295, 285, 100] and not state.is_over
    play(state, DEAL, ROLL, TO_BOARD, END, ROLL, TO_BOARD, CALL,
         ROLL, DECLINE, END, ROLL, DECLINE, END)
    assert points(state.last_hand["seats"]) == [70, 0, 0]
    assert state.scores() == [365, 285, 100]
    assert state.is_over and state.winners() == [0] and state.legal_actions() == ()


# ---- rulings ------------------------------------------------------------------------------
def test_A1_player_count():
    assert new(2).players == 2 and new(4).players == 4
    assert registry.new_game("final_count").players == 2
    for bad in (1, 5):
        with pytest.raises(ValueError):
            new(bad)


def test_A2_A3_deal_and_dealer_rotation_for_three():
    deck = [f"{r}S" for r in "A 2 3 4 5 6 7 8 9 10 J Q".split()]
    state = new(3, deck=deck, dice=[5, 5])
    assert names(state.hands[1]) == ["AS", "4S"] and names(state.tables[1]) == ["7S"]
    assert names(state.hands[2]) == ["2S", "5S"] and names(state.tables[2]) == ["8S"]
    assert names(state.hands[0]) == ["3S", "6S"] and names(state.tables[0]) == ["9S"]
    assert names(state.board) == ["10S", "JS"] and state.draw_pile[-1].name == "QS"
    state.apply(CALL)
    play(state, ROLL, DECLINE, END, ROLL, DECLINE, END, DEAL)
    assert state.dealer == 1 and state.current_player == 2


def test_A4_goal_rolled_after_the_deal_once_per_hand():
    state = new(2, dice=[2, 5, 1], hit_goal="on")
    kinds = [e.kind for e in state.events]
    assert kinds.index("goal") > max(i for i, k in enumerate(kinds) if k == "move")
    assert state.hit_goal == 52 and all(state.view(s).facts["hit_goal"] == 52 for s in (0, 1))
    state.apply(ROLL)
    assert state.die == 1                                      # the third roll is the turn's
    assert new(2, dice=[2]).hit_goal is None                       # off: no goal rolls
    assert new(2, dice=[2]).view(0).facts["hit_goal"] is None


def test_A5_reaching_the_goal_does_not_end_the_hand():
    state = t6_state([6])
    play(state, ROLL, TO_BOARD, END, ROLL, TO_BOARD, END)
    assert state.view(0).facts["my_count"]["hit"] is True
    assert state.step == "start" and state.last_hand is None


def test_A6_A8_splits_round_down():
    board = cards("KS QS")
    rows = score_hand([cards("KH QH JH 5H"), cards("KD QD JD 5D")], board, goal=55, caller=0)
    assert points(rows) == [37, 37]
    rows = score_hand([cards("KH QH JH 10H AH"), cards("KD QD JD 10D AD")], board)
    assert points(rows) == [35, 35] and rows[0]["best"] == 71


def test_A7_board_aces_count_for_each_player():
    board = cards("AS 9S")
    rows = score_hand([cards("KH QH JH 10H 9H 8H"), cards("2D 3D 4D")], board)
    assert rows[0]["totals"] == [67, 77] and rows[0]["best"] == 67
    assert rows[1]["totals"] == [19, 29] and rows[1]["best"] == 29


def test_A9_caller_bonus_rules():
    board = cards("KS QS")
    low, high = cards("2H 3H 4H"), cards("KD QD JD")
    assert points(score_hand([low, high], board, caller=1)) == [0, 50]      # caller won
    bust = cards("KH QH JH 10H 9H 8H")
    assert points(score_hand([bust, cards("KD QD JD 10D 9D 8D")], board, caller=0)) == [0, 0]
    assert points(score_hand([low, high], board, goal=29, caller=1)) == [85, 0]


def test_A10_call_at_the_beginning_or_end_only():
    state = new(2, dice=[1])
    assert CALL in state.legal_actions()
    state.apply(ROLL)
    before = state.to_dict()
    with pytest.raises(registry.IllegalAction, match="beginning or the end"):
        state.apply(CALL)
    assert state.to_dict() == before
    state.apply(DISCARD)
    assert state.legal_actions() == (END, CALL)
    state.apply(CALL)
    assert state.caller == 1 and state.current_player == 0


def test_A11_final_round_must_roll_and_caller_gets_no_turn():
    state = new(2, dice=[1])
    state.apply(CALL)
    assert state.legal_actions() == (ROLL,)
    with pytest.raises(registry.IllegalAction, match="roll the die"):
        state.apply(END)
    play(state, ROLL, DISCARD, END)
    assert state.step == "hand_over"


def test_A12_drawn_and_discarded_cards_stay_unseen():
    deck = stack(2, {0: ["2S", "4S"], 1: ["AS", "5S"]}, {0: "6S", 1: "3C"}, ["7S", "8S"],
                 ["9H"])
    state = new(2, deck=deck, dice=[1])
    since = len(state.events)
    state.apply(ROLL)
    assert state.view(1).zone("drawn").cards == (card("9H"),)
    assert state.view(0).zone("drawn").cards == (None,)
    state.apply(DISCARD)
    assert state.view(1).zone("discard").cards == (None,)
    assert state.view(1).facts["my_discards"] == ["9H"]
    assert "my_discards" not in state.view(0).facts
    for event in state.events_for(0, since):
        assert card("9H") not in event.cards
    assert "9H" not in json.dumps(state.view(0).facts)


def test_A12_A14_a_known_top_drawn_and_discarded_stays_known_in_the_discard_pile():
    deck = stack(3, {0: ["2S", "4S"], 1: ["AS", "5S"], 2: ["2D", "4D"]},
                 {0: "6S", 1: "3C", 2: "6D"}, ["7S", "8S"], ["9H", "10H"])
    state = new(3, deck=deck, dice=[4, 1])
    play(state, ROLL, swap("swap_draw", "3C"), END)          # seat 1 puts its 3C on top
    assert [state.view(s).facts.get("draw_top") for s in range(3)] == ["3C"] * 3
    play(state, ROLL, DISCARD)                                # seat 2 draws it, discards it
    assert [state.view(s).facts.get("my_discards") for s in range(3)] == [["3C"]] * 3
    for seat in (0, 1):
        for sample in samples(state, seat):
            assert names(sample.discard) == ["3C"]
    data = state.to_dict()
    del data["state"]["drawn_known_by"]                     # as older code saved it
    assert registry.load_state(data) == state


def test_A13_two_pips_goes_to_an_opponent():
    state = new(3, dice=[2])
    state.apply(ROLL)
    drawn = state.drawn[0]
    assert state.legal_actions() == (Action("give", (), 2), Action("give", (), 0), DISCARD)
    with pytest.raises(registry.IllegalAction, match="opponent"):
        state.apply(Action("give", (), 1))
    state.apply(Action("give", (), 0))
    assert state.tables[0][-1] is drawn


def test_A14_hand_card_goes_face_down_on_the_draw_pile():
    deck = stack(2, {0: ["2S", "4S"], 1: ["AS", "5S"]}, {0: "6S", 1: "3C"}, ["7S", "8S"],
                 ["9H", "10H"])
    state = new(2, deck=deck, dice=[4, 4])
    play(state, ROLL, swap("swap_draw", "AS"))
    assert names(state.hands[1]) == ["5S"] and names(state.tables[1]) == ["3C", "9H"]
    assert state.draw_pile[-1].name == "AS"
    assert state.view(1).facts["draw_top"] == "AS" and state.view(0).facts.get("draw_top") is None
    assert card("AS") not in [c for z in state.view(0).zones for c in z.cards]
    play(state, END, ROLL, RETURN)                             # seat 0 draws AS, puts it back
    assert state.draw_pile[-1].name == "AS"
    assert state.view(0).facts["draw_top"] == "AS" and state.view(1).facts.get("draw_top") is None


def test_A15_five_pips_take_from_a_table_reveals_the_hand_card():
    deck = stack(2, {0: ["2S", "4S"], 1: ["AS", "5S"]}, {0: "6S", 1: "3C"}, ["7S", "8S"])
    state = new(2, deck=deck, dice=[5])
    play(state, ROLL, swap("swap_opp", "AS"))
    assert "swap_card" in state.view(1).facts and "swap_card" not in state.view(0).facts
    state.apply(take("6S"))
    assert names(state.tables[1]) == ["3C", "6S"] and names(state.tables[0]) == ["AS"]
    assert card("AS") in state.view(0).zone("table:0").cards


def test_A16_six_pips_swap_with_the_board():
    deck = stack(2, {0: ["2S", "4S"], 1: ["AS", "5S"]}, {0: "6S", 1: "3C"}, ["7S", "8S"])
    state = new(2, deck=deck, dice=[6])
    play(state, ROLL, swap("swap_board", "3C"))
    assert state.legal_actions() == (take("7S"), take("8S"), DECLINE)
    state.apply(take("8S"))
    assert names(state.board) == ["7S", "3C"] and names(state.tables[1]) == ["8S"]
    assert state.step == "end"


def test_A17_blind_pick_order_comes_from_the_rng():
    deck = stack(2, {0: ["7D", "4S"], 1: ["KS", "2C"]}, {0: "6S", 1: "3C"}, ["7S", "8S"])
    first = set()
    for seed in range(12):
        state = registry.new_game("final_count", seed=seed, deck=deck, dice=[5, 5])
        play(state, ROLL, DECLINE, END, ROLL, swap("swap_opp", "7D"), pick_action(1, 0))
        first.add(state.tables[0][-1].name)
    assert first == {"KS", "2C"}


def test_A19_all_cards_reshuffled_for_the_next_hand():
    state = new(2, dice=[1, 5])
    play(state, ROLL, DISCARD, CALL, ROLL, DECLINE, END, DEAL)
    assert state.discard == [] and len(state.draw_pile) == 44 and state.hand == 2


def test_A20_A22_seventy_five_is_fine_and_the_total_is_recorded():
    board = cards("KS QS")
    rows = score_hand([cards("KH QH JH 10H 10S 5H"), cards("KD QD JD 10D 10C 6D")], board)
    assert [r["best"] for r in rows] == [75, None] and points(rows) == [75, 0]


def test_A21_equal_top_totals_share_the_win():
    deck = stack(2, {0: ["KH", "QH"], 1: ["KD", "QD"]}, {0: "JH", 1: "JD"}, ["KS", "QS"])
    state = with_totals(new(2, deck=deck, dice=[5]), [280, 280])
    play(state, CALL, ROLL, DECLINE, END)
    assert state.scores() == [305, 305] and state.winners() == [0, 1] and state.is_over


def test_A23_views_hide_hands_and_show_the_rest():
    deck = stack(3, {0: ["2S", "3S"], 1: ["4S", "5S"], 2: ["6S", "7S"]},
                 {0: "8S", 1: "9S", 2: "10S"}, ["2H", "3H"])
    state = new(3, deck=deck, dice=[5])
    for seat in range(3):
        view = state.view(seat)
        for other in range(3):
            shown = view.zone(f"hand:{other}").cards
            assert len(shown) == 2
            assert (None not in shown) == (other == seat)
            assert None not in view.zone(f"table:{other}").cards
        assert None not in view.zone("board").cards
        assert set(view.zone("draw").cards) == {None}
        leaked = json.dumps(view.facts)
        for other in range(3):
            if other != seat:
                assert not any(c.name in leaked.split('"') for c in state.hands[other])
    play(state, ROLL, swap("swap_opp", "4S"))
    assert state.view(0).facts.get("swap_card") is None
    assert state.view(1).facts["swap_card"] == "4S"


def test_hands_are_shown_at_the_hand_end_only():
    state = new(2, dice=[5])
    play(state, CALL, ROLL, DECLINE)
    assert None in state.view(0).zone("hand:1").cards
    state.apply(END)
    assert None not in state.view(0).zone("hand:1").cards
    reveals = [e for e in state.events_for(0) if e.kind == "reveal"]
    assert {e.seat for e in reveals} == {0, 1} and None not in reveals[1].cards
    assert state.view(0).facts["last_hand"]["seats"][1]["cards"] == names(
        state.hands[1] + state.tables[1])


def test_illegal_action_is_rejected_and_changes_nothing():
    state = new(2, dice=[3])
    before = state.to_dict()
    for action, reason in [(END, "roll the die"), (KEEP, "roll the die"), (DEAL, "still")]:
        with pytest.raises(registry.IllegalAction, match=reason):
            state.apply(action)
        assert state.to_dict() == before
    state.apply(ROLL)
    before = state.to_dict()
    with pytest.raises(registry.IllegalAction, match="die shows 3"):
        state.apply(KEEP)
    assert state.to_dict() == before


def test_save_round_trip_mid_blind_pick_and_bad_saves():
    deck = stack(2, {0: ["7D", "4S"], 1: ["KS", "2C"]}, {0: "6S", 1: "3C"}, ["7S", "8S"])
    state = new(2, deck=deck, dice=[5, 5])
    play(state, ROLL, DECLINE, END, ROLL, swap("swap_opp", "7D"))
    data = json.loads(json.dumps(state.to_dict()))
    loaded = registry.load_state(data)
    assert loaded.legal_actions() == state.legal_actions()
    action = pick_action(1, 1)
    assert play(loaded, action).to_dict() == play(state.clone(), action).to_dict()
    for field, value, message in [("step", "nap", "state.step"),
                                  ("pick_orders", [[0], [0, 0]], "pick_orders"),
                                  ("die", 7, "state.die"), ("game_points", [0], "state.game_points")]:
        bad = json.loads(json.dumps(data))
        bad["state"][field] = value
        with pytest.raises(ValueError, match=message):
            registry.load_state(bad)


def test_the_caller_bonus_says_who_earned_it_and_why():
    """A9: the +10 goes to the hand's winner because someone else called and lost; the
    score screen, the count's stamp and the hand's end line say so by the caller's name."""
    state = t4_state()
    state.apply(CALL)                                   # Maya (seat 0) calls on 70
    play(state, ROLL, KEEP, END)                        # Theo (seat 1) wins on 72
    presenter, names, view = presenter_for(registry.GAMES["final_count"]), ["Maya", "Theo"], state.view(1)
    why = "+10 bonus: Maya called and lost"
    assert presenter.score_cards(view, 1, names)[0][0] == f"Count 72, {why}"
    assert presenter.score_cards(view, 0, names)[0][0] == "Count 70"
    assert why in presenter.breakdown(view, 1, names)
    calls = presenter.callouts([e.for_seat(1) for e in state.events], view, names)
    assert why in [call.words for call in calls]
    counted = [call.count for call in calls if call.count is not None]
    assert counted == [70, 72]              # each count-up ends on the score screen's count
    event = next(e for e in state.events if e.kind == SharedEvent.HAND_OVER)
    assert f"Theo +82 (count 72, {why})" in presenter.outcome_line(event, view, names, {})


def test_a_state_keeps_fewer_than_30_attributes_for_python_s_fastest_reads():
    """Python 3.11 reads an object's attributes from its fastest layout (inline values)
    only while its dict holds fewer than 30 (the position lives in slots, the seat tables
    in one `Seats`): dealt with Hit Goal, played to the end, loaded from a save, and as
    Hard's search copies it (a sampled world that keeps no events, and its clone, which
    `GameState.clone` keeps in that layout), a state stays under that; every field still
    reaches the clone."""
    state = registry.new_game("final_count", seed=3, options={"final_count.hit_goal": "on"})
    states = [state.clone()]
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    world = Sampler("final_count", 2).sample(state.view(0), random.Random(1))
    world.keep_no_events()
    twin = world.clone()
    # The garbage collector finds the copy's values, not a dict of them (which `vars`
    # would make, so this is asked first).
    assert not any(isinstance(r, dict) and "chance" in r for r in gc.get_referents(twin))
    assert twin.to_dict() == world.to_dict()
    states += [state, registry.load_state(state.to_dict()), world, twin]
    assert [len(vars(each)) < 30 for each in states] == [True] * 5


def test_between_hands_the_panel_names_who_deals_next_as_the_top_bar_does():
    """A2 of docs/rulings/final_count.md at the table: once a hand is over, the top bar
    asks the next dealer to deal ('Theo deals the next hand'); the panel names the hand's
    dealer and who deals next, never only the last hand's dealer beside that bar (the walk:
    'Deal the next hand' over 'Dealer: Ines')."""
    presenter = presenter_for(registry.GAMES["final_count"])
    names = ["Maya", "Theo", "Ines"]
    state = registry.new_game("final_count", players=3, seed=4)
    rng = random.Random(4)
    while state.view(0).facts["step"] != "hand_over":
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    nxt = names[state.current_player]
    facts = dict((label, value) for label, value, _ in presenter.side_facts(view, names))
    assert facts["Deals next"] == nxt and facts["Dealer"] == names[view.facts["dealer"]], facts
    bar = presenter.waiting(view, state.current_player, names) if state.current_player else presenter.instruction(
        view, names, 0)
    assert bar in (f"{nxt} deals the next hand", "Deal the next hand"), bar


def test_the_card_you_give_at_a_swap_stays_marked_while_you_choose_what_to_take(app):  # noqa: F811
    """At a 5's or 6's swap, once you have picked the card you give, the table keeps it
    marked as picked (raised, the selection's blue edge) while you choose what to take for
    it, as the prompt names it ('for your 6 of hearts'); before, it lost its mark and only
    the bar's words said which it was (walkB11)."""
    from tests.test_followable_words import open_state
    for seed in range(40):
        state = registry.new_game("final_count", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and not (state.current_player == 0 and state.view(0).facts["step"] == "target"):
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            break
    swap = state.view(0).facts["swap_card"]
    table, _ = open_state(app, state, {0})
    for _ in range(60):
        app.frame()
    marked = [p for p in table.board.placed if p.card is not None and p.card.name == swap and p.face_up
              and p.zone in table.board.own_zones]
    assert marked and all(p.selected for p in marked), swap
    assert [p for p in table.board.placed if p.selected] == marked
