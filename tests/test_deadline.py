"""Deadline: every test scenario (T1-T15) and ruling (A1-A23) of docs/rulings/deadline.md,
from stacked decks, plus the grading function alone.

Scenario helpers keep hands under control: a "pass" turn takes the top discard and
discards it again (A9), so only exchanges and the draw-back change hands, and each
exchange moves one chosen "floater" card per seat, found by position on a clone.
"""
import json
import random

import pytest

from game.registry import load_state, new_game
from game.cards import load_deck
from game.core import Action
from game.deadline import grading as dl
from tests.helpers import attribute_layouts, rejected, samples

DECK = load_deck("standard54")
DECK_ORDER = [card.name for card in DECK]
TAKE_DISCARD = Action("draw", (), "discard")
DRAW_STOCK = Action("draw", (), "stock")
FINISH = Action("finish_exam")
SUBMIT = Action("submit")


def card(name, copy=0):
    return DECK.copies(name)[copy]


def names(cards):
    return sorted(c.name for c in cards)


def held(state, seat, name):
    """The card called `name` in `seat`'s hand."""
    return next(c for c in state.hands[seat] if c.name == name)


def act(state, kind, name=None, arg=None):
    """Apply `kind` with the current player's card `name` (and `arg`)."""
    cards = () if name is None else (held(state, state.current_player, name),)
    state.apply(Action(kind, cards, arg))




# ---- building positions ---------------------------------------------------------------
def _pairs_any(name, others):
    return any(dl.pairs_with(card(name), card(o)) for o in others if o != "JK")


def fill(hands, n, used):
    """Each seat's hand filled to 7 with unused deck-order cards that pair with nothing
    else in that hand (so no exam is forced to submit them)."""
    used = set(used) | {name for hand in hands.values() for name in hand}
    full = {}
    for seat in range(n):
        hand = list(hands.get(seat, []))
        for name in DECK_ORDER:
            if len(hand) == 7:
                break
            if name in used or name == "JK" or _pairs_any(name, hand):
                continue
            hand.append(name)
            used.add(name)
        full[seat] = hand
    return full


def deal_names(dealt, starter, stock=(), n=4):
    """The stacked deck, top first, that deals `dealt[seat]` (7 names each) from seat 0."""
    order = [dealt[k % n][k // n] for k in range(7 * n)]
    return order + [starter] + list(stock)


def midterm_deck(midterm, starter, stock=(), n=4, floaters=None):
    """A deck and floaters such that, with pass turns and `first_half`, each seat holds
    `midterm[seat]` (filled to 7) at the Midterm. The floater seat s ends with (default:
    its last card) is dealt to seat s-3 and travels one seat per exchange."""
    named = [x for hand in midterm.values() for x in hand] + [starter] + list(stock)
    hands = fill(midterm, n, named)
    x = {s: (floaters or {}).get(s, hands[s][-1]) for s in range(n)}
    dealt = {}
    for t in range(n):
        hand = list(hands[t])
        hand.remove(x[t])
        dealt[t] = hand + [x[(t + 3) % n]]
    return deal_names(dealt, starter, stock, n), x


def pass_turn(state):
    state.apply(TAKE_DISCARD)
    state.apply(Action("discard", (state.hands[state.current_player][-1],)))


def stock_turn(state):
    state.apply(DRAW_STOCK)
    state.apply(Action("discard", (state.hands[state.current_player][-1],)))


def take_named(state, name):
    """The current taker takes the card called `name` from its right-hand neighbour."""
    taker = state.current_player
    for i in range(len(state.legal_actions())):
        trial = state.clone()
        trial.apply(Action("take", (), i))
        if trial.taken[taker].name == name:
            state.apply(Action("take", (), i))
            return i
    raise AssertionError(f"seat {taker} cannot take {name}")


def exchange(state, picks):
    """Run an exchange: each taker takes picks[taker] (a name) or position 0."""
    while state.step == "exchange":
        name = picks.get(state.current_player)
        if name is None:
            state.apply(Action("take", (), 0))
        else:
            take_named(state, name)


def first_half(state, x, turns=None):
    """Rotations 1-3 (pass turns unless `turns` lists 'stock'), exchanges moving the
    floaters `x` from `midterm_deck`; ends at the Midterm."""
    n = state.players
    turns = list(turns or [])
    for j in (1, 2, 3):
        for _ in range(n):
            stock_turn(state) if turns and turns.pop(0) == "stock" else pass_turn(state)
        exchange(state, {s: x[(s - j + 3) % n] for s in range(n)})
    assert state.step == "exam" and state.rotation == 3


def second_half(state, keep=None):
    """Rotations 4-6 with pass turns; in the exchanges each seat's first card not in
    keep[seat] travels; ends at the Final Exam."""
    n = state.players
    keep = keep or {}
    floater = {s: next(c.name for c in state.hands[s] if c.name not in keep.get(s, ()))
               for s in range(n)}
    for j in (1, 2, 3):
        for _ in range(n):
            pass_turn(state)
        exchange(state, {s: floater[(s - j) % n] for s in range(n)})
    assert state.step == "exam" and state.rotation == 6


def auto_exam(state, keep=()):
    """Finish the current seat's exam, submitting forced groups without `keep` cards."""
    seat = state.current_player
    while True:
        legal = state.legal_actions()
        if FINISH in legal:
            state.apply(FINISH)
            return
        hand = [c for c in state.hands[seat] if c.name not in keep]
        start = next(c for c in hand if any(dl.pairs_with(c, o) for o in hand if o is not c))
        state.apply(Action("group", (start,)))
        while True:
            more = [a for a in state.legal_actions()
                    if a.kind == "group" and a.cards[0].name not in keep]
            if not more:
                break
            state.apply(more[0])
        state.apply(SUBMIT)


def game_at_midterm(midterm, starter="10C", stock=(), options=None, **kw):
    deck, x = midterm_deck(midterm, starter, stock, **kw)
    state = new_game("deadline", seed=5, deck=deck, options=options)
    first_half(state, x)
    return state


# ---- T1-T15 ---------------------------------------------------------------------------
def test_T1_A4_joker_as_starting_discard_goes_to_the_bottom():
    dealt = fill({}, 4, ["JK", "5H", "9C"])
    state = new_game("deadline", seed=1, deck=deal_names(dealt, "JK", ["5H", "9C"]))
    assert names(state.discard) == ["5H"]
    assert len(state.draw_pile) == 25
    assert state.draw_pile[-1].name == "9C" and state.draw_pile[0].name == "JK"
    assert state.current_player == 0 and state.step == "turn" and state.turn_step == "draw"
    state.check_cards()


def _t2_state():
    dealt = fill({0: ["JK", "2C", "3C", "4D", "8S", "9H", "KD"]}, 4, ["5H"])
    return new_game("deadline", seed=2, deck=deal_names(dealt, "5H"))


def test_T2_A3_a_joker_cannot_be_discarded():
    state = _t2_state()
    assert names(state.hands[0]) == names(map(card, ["JK", "2C", "3C", "4D", "8S", "9H", "KD"]))
    state.apply(TAKE_DISCARD)
    assert "5H" in names(state.hands[0]) and len(state.hands[0]) == 8
    joker = held(state, 0, "JK")
    assert Action("discard", (joker,)) not in state.legal_actions()
    assert "Joker" in rejected(state, Action("discard", (joker,)))
    act(state, "discard", "KD")
    assert state.discard[-1].name == "KD"
    assert state.current_player == 1 and state.turn_step == "draw"


def test_T3_A9_discarding_the_card_just_taken():
    state = _t2_state()
    state.apply(TAKE_DISCARD)
    act(state, "discard", "KD")
    state.apply(TAKE_DISCARD)
    kd = held(state, 1, "KD")
    assert Action("discard", (kd,)) in state.legal_actions()
    state.apply(Action("discard", (kd,)))
    assert state.discard[-1] is kd and state.current_player == 2


def test_T4_A7_exchange_order_and_blindness():
    dealt = fill({3: ["JK"]}, 4, ["10C"])
    state = new_game("deadline", seed=4, deck=deal_names(dealt, "10C"))
    for _ in range(4):
        pass_turn(state)
    assert state.step == "exchange" and state.current_player == 0
    assert len(state.legal_actions()) == 7
    take_named(state, "JK")
    assert state.pending[0][0].name == "JK" and len(state.hands[3]) == 6
    assert state.view(0).zone("pending:0").cards == (None,)      # not looked at yet
    assert state.view(3).facts["exchange_taken_from_you"] == "JK"
    assert "exchange_received" not in state.view(0).facts
    assert state.current_player == 1
    assert len(state.hands[0]) == 7 and "JK" not in names(state.hands[0])
    assert len(state.legal_actions()) == 7
    exchange(state, {})
    assert [len(h) for h in state.hands] == [7, 7, 7, 7]
    assert "JK" in names(state.hands[0])
    assert state.view(0).facts["exchange_received"] == "JK"
    for seat in (1, 2):
        assert "JK" not in json.dumps(state.view(seat).facts)
    assert state.step == "turn" and state.rotation == 2 and state.current_player == 0


def test_T5_A8_schedule():
    state = new_game("deadline", seed=6)
    assert (state.view(0).facts["step"], state.view(0).facts["rotation"]) == ("turn", 1)
    for rotation in (1, 2, 3):
        for seat in range(4):
            assert state.current_player == seat and state.rotation == rotation
            pass_turn(state)
        assert state.step == "exchange"
        exchange(state, {})
    assert state.step == "exam" and state.current_player == 0
    assert state.view(0).facts["exam"] == "midterm"
    for _ in range(4):
        auto_exam(state)
    assert state.step == "turn" and state.rotation == 4
    for rotation in (4, 5, 6):
        for seat in range(4):
            assert state.current_player == seat and state.rotation == rotation
            pass_turn(state)
        assert (state.view(2).facts["step"], state.view(2).facts["rotation"]) == ("exchange", rotation)
        exchange(state, {})
    assert state.step == "exam" and state.rotation == 6 and state.current_player == 0
    assert state.view(0).facts["exam"] == "final"
    for _ in range(4):
        auto_exam(state)
    assert state.is_over and state.view(0).facts["step"] == "over"


def _t6_state(options=None):
    """Seat 0 holds 7H 7C 2S 3S 9D KC JK at the Midterm: three exchanges bring 9D, KC
    and JK from seat 3 while seat 1 takes three other cards."""
    seat0 = ["7H", "7C", "2S", "3S", "4H", "10S", "QD"]
    seat3 = ["9D", "KC", "JK"]
    dealt = fill({0: seat0, 3: seat3}, 4, ["10C"])
    state = new_game("deadline", seed=7, deck=deal_names(dealt, "10C"), options=options)
    for gain, loss in (("9D", "10S"), ("KC", "QD"), ("JK", "4H")):
        for _ in range(4):
            pass_turn(state)
        exchange(state, {0: gain, 1: loss})
    assert state.step == "exam" and state.current_player == 0
    assert names(state.hands[0]) == names(map(card, ["7H", "7C", "2S", "3S", "9D", "KC", "JK"]))
    return state


def test_T6_A11_mandatory_submission():
    state = _t6_state()
    for name in ("7H", "7C"):
        act(state, "group", name)
    state.apply(SUBMIT)
    reason = rejected(state, FINISH)
    assert "2 of spades" in reason and "3 of spades" in reason
    for name in ("2S", "3S"):
        act(state, "group", name)
    state.apply(SUBMIT)
    state.apply(FINISH)
    assert names(state.hands[0]) == names(map(card, ["9D", "KC", "JK"]))
    assert state.current_player == 1
    assert [a.owner for a in state.assignments] == [0, 0]


def test_T6_A11_voluntary_submission_option():
    state = _t6_state({"deadline.voluntary_submission": "on"})
    assert FINISH in state.legal_actions()
    state.apply(FINISH)
    assert len(state.hands[0]) == 7 and state.current_player == 1


def test_T7_A2_aces_low_by_default():
    low = [card(n) for n in ("AC", "2C", "3C")]
    assert dl.group_kind(low) == "run"
    assert dl.Assignment(0, low).value() == 3
    assert dl.group_kind([card(n) for n in ("QC", "KC", "AC")]) is None
    assert dl.group_kind([card(n) for n in ("KC", "AC", "2C")]) is None
    assert dl.grade(1, [[card("AH")]], []) == [-1]


def test_T7_A2_ace_high_option():
    high = [card(n) for n in ("QC", "KC", "AC")]
    assert dl.group_kind(high, ace_high=True) == "run"
    assert dl.Assignment(0, high).value(ace_high=True) == 11
    assert dl.group_kind([card(n) for n in ("AC", "2C", "3C")], ace_high=True) is None
    assert dl.grade(1, [[card("AH")]], [], ace_high=True) == [-11]


def test_A2_ace_high_changes_which_pairs_must_be_submitted():
    midterm = {0: ["KC", "AC"]}
    low = game_at_midterm(midterm)
    assert FINISH in low.legal_actions()
    high = game_at_midterm(midterm, options={"deadline.ace_high": "on"})
    assert FINISH not in high.legal_actions()
    for name in ("KC", "AC"):
        act(high, "group", name)
    high.apply(SUBMIT)
    row = high.view(0).facts["assignments"][0]
    assert row["kind"] == "run" and row["cards"] == ["KC", "AC"] and not row["completed"]


def test_T8_A1_A16_four_card_bonus_and_court_cards():
    def value(*cards):
        return dl.Assignment(0, [card(n) for n in cards]).value()
    assert value("9C", "9D", "9H", "9S") == 12
    assert value("5D", "6D", "7D", "8D") == 11
    assert value("JH", "QH", "KH") == 10
    assert value("AS", "2S", "3S") == 3


def _run_to_end(state, keep=None):
    """Finish every exam still to come with auto_exam and play the second half."""
    while not state.is_over:
        if state.step == "exam":
            auto_exam(state, (keep or {}).get(state.current_player, ()))
        elif state.step == "turn" and state.turn_step == "draw" and state.rotation >= 4:
            second_half(state, keep)
        else:
            raise AssertionError(f"unexpected position {state.step}")


def test_T9_A14_A15_extra_credit():
    state = game_at_midterm({1: ["4S", "5S", "6S"], 2: ["7S"], 3: ["3S", "9S"]})
    auto_exam(state)
    for name in ("4S", "5S", "6S"):
        act(state, "group", name)
    state.apply(SUBMIT)
    auto_exam(state)
    auto_exam(state, {"7S"})
    auto_exam(state, {"3S", "9S"})
    keep = {2: {"7S"}, 3: {"3S", "9S"}}
    second_half(state, keep)
    a = next(k for k, x in enumerate(state.assignments) if x.owner == 1)
    auto_exam(state)
    auto_exam(state)
    act(state, "extra_credit", "7S", a)
    auto_exam(state)
    act(state, "extra_credit", "3S", a)
    nine = Action("extra_credit", (held(state, 3, "9S"),), a)
    assert nine not in state.legal_actions()
    assert "9 of spades" in rejected(state, nine)
    auto_exam(state)
    assert state.is_over
    target = state.assignments[a]
    assert names(target.cards) == ["4S", "5S", "6S"] and target.value() == 6
    assert [(who, c.name) for who, c in target.extras] == [(2, "7S"), (3, "3S")]
    rows = state.view(0).facts["grades"]
    assert 6 in rows[1]["completed"] or 6 in rows[1]["cancelled"]
    assert rows[2]["extra_credit"] == 1 and rows[3]["extra_credit"] == 1


def test_T10_A13_own_extension_at_the_final_only():
    state = game_at_midterm({0: ["5H", "6H", "7H"]}, stock=["8H"])
    for name in ("5H", "6H"):
        act(state, "group", name)
    state.apply(SUBMIT)
    extend = Action("extend", (held(state, 0, "7H"),), 0)
    assert extend not in state.legal_actions()
    assert "Final" in rejected(state, extend)
    auto_exam(state, {"7H"})
    for _ in range(3):
        auto_exam(state)
    assert "8H" in names(state.hands[0])
    second_half(state, {0: {"7H", "8H"}})
    act(state, "extend", "7H", 0)
    act(state, "extend", "8H", 0)
    a = state.assignments[0]
    assert names(a.cards) == ["5H", "6H", "7H", "8H"] and a.completed and a.value() == 11
    assert state.view(1).facts["assignments"][0]["value"] == 11


def test_2_5_extra_credit_moves_what_continues_an_assignment():
    """An extra-credit card is part of the group: the next card beyond it continues the
    assignment for the next student, and the card it covered no longer does."""
    state = game_at_midterm({0: ["7H", "8H"], 1: ["9H"], 2: ["10H", "6C"]})
    for name in ("7H", "8H"):
        act(state, "group", name)
    state.apply(SUBMIT)
    auto_exam(state)
    ten = Action("extra_credit", (held(state, 2, "10H"),), 0)
    assert ten not in state.legal_actions()
    act(state, "extra_credit", "9H", 0)
    auto_exam(state)
    assert ten in state.legal_actions()
    state.apply(ten)
    assert [c.name for c in state.assignments[0].group()] == ["7H", "8H", "9H", "10H"]


def test_T11_A14_extra_credit_does_not_complete_an_assignment():
    state = game_at_midterm({0: ["7H", "7C"], 1: ["7D"]})
    for name in ("7H", "7C"):
        act(state, "group", name)
    state.apply(SUBMIT)
    auto_exam(state)
    act(state, "extra_credit", "7D", 0)
    auto_exam(state)
    a = state.assignments[0]
    assert not a.completed and len(a.group()) == 3
    row = state.view(2).facts["assignments"][0]
    assert row["completed"] is False and row["value"] == 2
    assert row["extra_credit"] == [[1, "7D"]]
    alone = dl.grade(4, [[], [], [], []], [a])
    assert alone == [2, 1, 0, 0]


def _table(owner, groups, extras=(), base=("4H", "5H", "6H")):
    """`owner`'s assignments from name lists, plus its extra-credit cards on an
    assignment `base` of seat 0."""
    table = [dl.Assignment(owner, [card(n) for n in g]) for g in groups]
    if extras:
        table.append(dl.Assignment(0, [card(n) for n in base],
                                   [(owner, card(n)) for n in extras]))
    return table


def test_T12_A17_joker_cancellation_worked_example_1():
    table = _table(2, [["6S", "7S", "8S"], ["9C", "9D", "9H", "9S"], ["QD", "KD"]],
                   extras=["3H", "7H"])
    hands = [[], [], [card("KC"), card("3D"), card("JK")], []]
    rows = dl.report(4, hands, table)
    assert rows[2]["completed"] == [8, 12] and rows[2]["cancelled"] == [8]
    assert rows[2]["total"] == 3
    assert dl.grade(4, hands, table)[2] == 3


def test_T12_A17_joker_cancellation_worked_example_2():
    table = _table(1, [["5C", "6C", "7C"]], extras=["10C", "9C", "8C"], base=("JC", "QC", "KC"))
    hands = [[], [card("JK"), card("JK", 1), card("2H")]]
    rows = dl.report(2, hands, table)
    assert rows[1]["cancelled"] == [7] and rows[1]["extra_cancelled"] == 1
    assert rows[1]["total"] == 0


def test_T12_A17_joker_without_completed_assignments_or_extra_credit():
    table = _table(0, [["4H", "5H"]])
    assert dl.grade(1, [[card("JK"), card("4C")]], table) == [-2]
    assert dl.grade(1, [[card("JK"), card("JK", 1)]], []) == [0]


def test_A17_worked_example_3_extra_credit_leaves_the_owner_value():
    table = [dl.Assignment(0, [card(n) for n in ("4S", "5S", "6S")], [(1, card("7S"))])]
    assert dl.grade(2, [[], []], table) == [6, 1]


def test_T13_A10_recycle():
    stock = ["8H", "2D", "8D"]
    dealt = fill({}, 4, ["3C"] + stock)
    state = new_game("deadline", seed=13, deck=deal_names(dealt, "3C", stock), full_deck=False)
    for _ in range(3):
        stock_turn(state)
    pass_turn(state)
    exchange(state, {})
    pass_turn(state)
    pass_turn(state)
    assert state.current_player == 2 and not state.draw_pile
    assert [c.name for c in state.discard] == ["3C", "8H", "2D", "8D"]
    state.apply(DRAW_STOCK)
    got = state.hands[2][-1]
    assert got.name in ("3C", "8H", "2D")
    assert names(state.draw_pile + [got]) == ["2D", "3C", "8H"]
    assert [c.name for c in state.discard] == ["8D"]
    assert any(e.kind == "recycle" and e.detail == 3 for e in state.events)


def test_T13_A10_no_recycle_from_a_single_discard():
    dealt = fill({}, 4, ["8D"])
    state = new_game("deadline", seed=13, deck=deal_names(dealt, "8D"), full_deck=False)
    assert state.legal_actions() == (TAKE_DISCARD,)
    assert "discard" in rejected(state, DRAW_STOCK)


def test_A10_the_prompt_names_only_the_draws_on_offer():
    """With the draw pile empty and one discard, the prompt offers the discard alone, as
    the buttons do; with both piles drawable it names both."""
    from game import registry
    from scenes.table.presenters import presenter_for
    presenter = presenter_for(registry.GAMES["deadline"])
    names_ = ["Maya", "Theo", "Ines", "Sam"]
    dealt = fill({}, 4, ["8D"])
    state = new_game("deadline", seed=13, deck=deal_names(dealt, "8D"), full_deck=False)
    seat = state.current_player
    words = presenter.instruction(state.view(seat), names_, 0)
    assert words == "The draw pile is empty: take the top discard"
    full = new_game("deadline", seed=13)
    words = presenter.instruction(full.view(full.current_player), names_, 0)
    assert words == "Draw a card from the draw pile, or take the top discard"


def test_T14_A18_draw_back():
    midterm = {0: ["2C", "2D", "AS", "5H", "9C", "JD", "KS"],
               1: ["6D", "7D", "8D", "9D", "3S", "10H", "QC"],
               2: ["AH", "3C", "5C", "7C", "9H", "JS", "KD"],
               3: ["4S", "5S", "6S", "8C", "8H", "2H", "QD"]}
    stock = ["4D", "6H", "7H", "10S", "JC", "QH", "KC", "2S", "3D"]
    deck, x = midterm_deck(midterm, "10C", stock)
    state = new_game("deadline", seed=14, deck=deck, full_deck=False)
    assert len(state.cards) == 38
    first_half(state, x, turns=["stock"] * 5)
    assert len(state.draw_pile) == 4 and len(state.discard) == 6
    submissions = [[["2C", "2D"]], [["6D", "7D", "8D", "9D"]], [],
                   [["4S", "5S", "6S"], ["8C", "8H"]]]
    for groups in submissions:
        for group in groups:
            for name in group:
                act(state, "group", name)
            state.apply(SUBMIT)
        since = len(state.events)
        state.apply(FINISH)
    assert state.step == "turn" and state.rotation == 4
    back = [e.seat for e in state.events[since:]
            if e.kind == "move" and e.src == "draw" and e.dst.startswith("hand:")]
    assert back == [0, 0, 1, 1, 1, 1, 3, 3, 3]
    assert [len(h) for h in state.hands] == [7, 7, 7, 5]
    assert [e.detail for e in state.events if e.kind == "recycle"] == [5]
    assert not state.draw_pile and [c.name for c in state.discard] == ["JC"]


def test_T15_A21_ties_share_the_win():
    assert dl.best_seats([14, 9, 14, -3]) == [0, 2]
    table = [dl.Assignment(0, [card(n) for n in ("10S", "JS", "QS", "KS")]),
             dl.Assignment(1, [card(n) for n in ("9H", "9D", "9C")], [(0, card("9S"))]),
             dl.Assignment(2, [card(n) for n in ("10H", "JH", "QH", "KH")]),
             dl.Assignment(2, [card(n) for n in ("2D", "3D")])]
    hands = [[], [], [card("AC")], [card("3C")]]
    totals = dl.grade(4, hands, table)
    assert totals == [14, 9, 14, -3] and dl.best_seats(totals) == [0, 2]


# ---- other rulings ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_A5_A6_deal_from_the_leader(players):
    state = new_game("deadline", players=players, seed=8)
    assert state.players == players == state.options["deadline.players"]
    assert [len(h) for h in state.hands] == [7] * players
    assert len(state.discard) == 1 and len(state.draw_pile) == 54 - 7 * players - 1
    assert state.current_player == 0 and state.leader == 0
    stacked = new_game("deadline", players=players, seed=8, deck=["QH", "4C"])
    assert stacked.hands[0][0].name == "QH" and stacked.hands[1][0].name == "4C"
    assert stacked.hands[0][1] is DECK[players - 2]


def test_A11_finish_needs_an_empty_group_and_cancel_returns_it():
    state = _t6_state()
    act(state, "group", "7H")
    assert SUBMIT not in state.legal_actions()           # one card is no assignment
    assert "group" in rejected(state, FINISH)
    state.apply(Action("cancel_group"))
    assert len(state.hands[0]) == 7 and not state.group
    jk = Action("group", (held(state, 0, "JK"),))
    assert "Joker" in rejected(state, jk)


def test_A12_A13_incomplete_grows_into_completed_at_the_final():
    a = dl.Assignment(0, [card("7H"), card("7C")])
    assert not a.completed
    a.cards.append(card("7S"))
    assert a.completed and a.value() == 7


def test_A15_no_extra_credit_on_own_assignment():
    state = game_at_midterm({0: ["4D", "5D", "6D"]})
    for name in ("4D", "5D"):
        act(state, "group", name)
    state.apply(SUBMIT)
    assert [a for a in state.legal_actions() if a.kind in ("extend", "extra_credit")] == []
    reason = rejected(state, Action("extra_credit", (held(state, 0, "6D"),), 0))
    assert "own" in reason


def test_A19_hand_sizes_during_rotations():
    state = new_game("deadline", seed=19)
    rng = random.Random(19)
    while state.rotation < 3 or state.step == "turn":
        if state.step == "turn":
            size = 8 if state.turn_step == "discard" else 7
            assert len(state.hands[state.current_player]) == size
        state.apply(rng.choice(state.legal_actions()))


def test_A20_exchange_skips_an_empty_hand():
    midterm = {0: ["AS", "3H", "5C", "7S", "JH", "KC", "QD"],
               1: ["2S", "4H", "6C", "9S", "10H", "QC", "AD"],
               2: ["3S", "5H", "7C", "10S", "JC", "KH", "2H"],
               3: ["2D", "3D", "4D", "8H", "8C", "8D", "8S"]}
    deck, x = midterm_deck(midterm, "10C")
    state = new_game("deadline", seed=20, deck=deck, full_deck=False)
    first_half(state, x)
    for _ in range(4):
        auto_exam(state)
    assert state.hands[3] == [] and [len(h) for h in state.hands[:3]] == [7, 7, 7]
    assert state.step == "turn" and state.rotation == 4
    for _ in range(4):
        pass_turn(state)
    assert state.step == "exchange" and state.current_player == 1
    assert any(e.kind == "skip" and e.seat == 0 for e in state.events)
    exchange(state, {})
    assert state.pending == [[], [], [], []] and len(state.hands[0]) == 6
    assert len(state.hands[3]) == 1                          # seat 3 still takes from seat 2


def test_A22_views_hide_hands_pending_cards_and_old_discards():
    for seed in range(6):
        state = new_game("deadline", seed=seed, players=4 + seed % 2)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(state.players):
                view = state.view(seat)
                for other in range(state.players):
                    hand = view.zone(f"hand:{other}").cards
                    if other == seat:
                        assert None not in hand
                    else:
                        assert set(hand) <= {None}
                    assert set(view.zone(f"pending:{other}").cards) <= {None}
                assert set(view.zone("draw").cards) <= {None}
                discard = view.zone("discard").cards
                assert set(discard[:-1]) <= {None}
                group = view.zone("group").cards
                assert (set(group) <= {None}) or seat == state.current_player
                table = view.facts["table_points"]
                assert all(view.scores[o] == table[o] for o in range(state.players) if o != seat)
                private = {k for k in view.facts if k.startswith("exchange_")}
                assert private <= {"exchange_taken_from_you", "exchange_received", "exchange"}
            state.apply(rng.choice(state.legal_actions()))
        view = state.view(1)
        assert all(c is not None for c in view.zone("hand:0").cards)   # hands shown at grading
        assert list(view.scores) == state.scores()


def test_A22_the_exchange_card_is_known_only_to_the_two_students():
    state = _t6_state()
    for seat in range(4):
        facts = state.view(seat).facts
        known = {k: v for k, v in facts.items()
                 if k in ("exchange_taken_from_you", "exchange_received")}
        if seat == 0:
            assert known == {"exchange_received": "JK", "exchange_taken_from_you": "4H"}
        elif seat == 3:
            assert known["exchange_taken_from_you"] == "JK"
        else:
            assert "JK" not in known.values()
    events = state.events_for(2)
    assert all(c is None for e in events if e.kind == "move" and e.dst == "pending:0"
               for c in e.cards)


def test_A22_buried_discards_stay_known_in_their_order_in_every_sample():
    state = _t2_state()
    for _ in range(4):
        stock_turn(state)
    pile = [c.name for c in state.discard]
    assert len(pile) == 5 and state.view(2).zone("discard").cards[:-1] == (None,) * 4
    for seat in range(state.players):
        assert state.view(seat).facts["discards"] == pile
        for sample in samples(state, seat):
            assert [c.name for c in sample.discard] == pile


def test_A22_a_discard_taken_stays_known_in_that_hand_until_it_leaves_or_an_exchange():
    state = _t2_state()
    state.apply(TAKE_DISCARD)
    act(state, "discard", "KD")
    state.apply(TAKE_DISCARD)
    state.apply(Action("discard", (state.hands[1][0],)))
    assert state.view(3).facts["known_in_hand"] == [["5H"], ["KD"], [], []]
    for seat in (2, 3):
        for sample in samples(state, seat):
            assert "5H" in [c.name for c in sample.hands[0]]
            assert "KD" in [c.name for c in sample.hands[1]]
    state.apply(TAKE_DISCARD)
    assert state.view(0).facts["known_in_hand"][2] == [state.hands[2][-1].name]
    state.apply(Action("discard", (state.hands[2][-1],)))
    assert state.view(0).facts["known_in_hand"] == [["5H"], ["KD"], [], []]
    stock_turn(state)
    state.apply(Action("take", (), 0))            # seat 0 takes blind from seat 3
    assert state.view(2).facts["known_in_hand"] == [["5H"], ["KD"], [], []]
    state.apply(Action("take", (), 0))            # seat 1 from seat 0: 5H may have gone
    assert state.view(2).facts["known_in_hand"] == [[], ["KD"], [], []]
    state.apply(Action("take", (), 0))            # seat 2 from seat 1
    assert state.view(0).facts["known_in_hand"] == [[], [], [], []]


def test_A22_a_student_is_told_only_cards_it_saw():
    recycled = False
    for seed in range(4):
        state = new_game("deadline", seed=seed, players=3 + seed % 3)
        rng = random.Random(seed)
        seen = [set() for _ in range(state.players)]
        while not state.is_over:
            for seat in range(state.players):
                view = state.view(seat)
                seen[seat] |= {c.name for z in view.zones for c in z.cards if c is not None}
                assert set(view.facts["discards"]) <= seen[seat]
                assert view.facts["discards"] == [c.name for c in state.discard]
                for other, known in enumerate(view.facts["known_in_hand"]):
                    assert set(known) <= seen[seat]
                    assert set(known) <= {c.name for c in state.hands[other]}
            recycled |= any(e.kind == "recycle" for e in state.events)
            state.apply(rng.choice(state.legal_actions()))
    assert recycled


def test_A23_the_midterm_is_not_scored_separately():
    state = _t6_state()
    for name in ("7H", "7C"):
        act(state, "group", name)
    state.apply(SUBMIT)
    assert state.view(1).facts["table_points"][0] == 2
    assert not any(e.kind == "score" for e in state.events)


# ---- contract details -----------------------------------------------------------------
def test_save_round_trip_and_validation():
    state = _t6_state()
    act(state, "group", "7H")
    data = json.loads(json.dumps(state.to_dict()))
    loaded = load_state(data)
    assert loaded == state and loaded.legal_actions() == state.legal_actions()
    bad = json.loads(json.dumps(data))
    bad["state"]["step"] = "recess"
    with pytest.raises(ValueError, match="state.step"):
        load_state(bad)
    bad = json.loads(json.dumps(data))
    bad["state"]["assignments"] = [{"owner": 0, "cards": [card("2C").id, card("9D").id],
                                    "extras": [], "exam": "midterm"}]
    with pytest.raises(ValueError, match="assignments"):
        load_state(bad)


def test_exam_actions_stay_few():
    rng = random.Random(3)
    for seed in range(10):
        state = new_game("deadline", seed=seed, options={"deadline.voluntary_submission": "on"})
        while not state.is_over:
            legal = state.legal_actions()
            assert len(legal) <= 40
            state.apply(rng.choice(legal))


def test_random_games_end_with_sensible_winners():
    for seed in range(20):
        state = new_game("deadline", seed=seed, players=3 + seed % 3)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        assert steps < 2000
        assert state.winners() == dl.best_seats(state.scores())
        assert list(state.view(0).winners) == state.winners()


@pytest.mark.parametrize("ace_high", [False, True])
def test_2_5_quick_extension_test_matches_group_validity(ace_high):
    rng = random.Random(25)
    cards = list(DECK)
    checked = 0
    while checked < 300:
        group = rng.sample(cards, rng.randint(2, 5))
        shape = dl.group_shape(group, ace_high)
        if shape is None:
            continue
        checked += 1
        for extra in cards:
            if extra not in group:
                expected = dl.group_kind(group + [extra], ace_high) is not None
                assert dl.extends(shape, extra, ace_high) == expected, (group, extra)


def test_2_5_an_assignment_knows_what_continues_it_as_cards_are_added():
    rng = random.Random(26)
    for ace_high in (False, True):
        hearts = sorted((c for c in DECK if c.suit == "H"),
                        key=lambda c: dl.rank_position(c, ace_high))
        assignment = dl.Assignment(0, hearts[3:6], ace_high=ace_high)
        copy = assignment.copy()
        assignment.add(hearts[6])
        assignment.add_extra(1, hearts[2])
        assert assignment.cards == hearts[3:7]
        for a, group in ((assignment, hearts[2:7]), (copy, hearts[3:6])):
            shape = dl.group_shape(group, ace_high)
            assert a.fits == dl.continuations(shape)
            for card in rng.sample(list(DECK), 20):
                assert (card.rank in a.fits or (card.suit, dl.rank_position(card, ace_high))
                        in a.fits) == dl.extends(shape, card, ace_high)


def test_A11_starters_are_the_cards_of_some_pair():
    rng = random.Random(11)
    for _ in range(300):
        hand = rng.sample(list(DECK), rng.randint(0, 9))
        for ace_high in (False, True):
            expected = [c for c in hand
                        if any(dl.pairs_with(c, o, ace_high) for o in hand if o is not c)]
            assert dl.starters(hand, dl.partner_table(DECK, ace_high)) == expected
            assert (dl.first_pair(hand, ace_high) is None) == (not expected)


def test_a_state_keeps_its_attributes_in_python_s_fastest_layout():
    """Deadline's position lives in slots, so a state's dict holds fewer than 30
    attributes and Python 3.11 reads them from its fastest layout (inline values):
    dealt, cloned, played through both exams to the end, loaded, and sampled and copied
    as Hard's search does (a state with 38 made every one a dict of its own)."""
    for players, options in ((3, {"deadline.ace_high": "on"}), (5, {"deadline.voluntary_submission": "on"})):
        layouts = attribute_layouts("deadline", players, seed=3, options=options)
        assert [inline and count < 30 for inline, count in layouts.values()] == [True] * 7, layouts
