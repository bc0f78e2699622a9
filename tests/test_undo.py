"""Undo (game/undo.py): random games with random undos under every policy replay to the
same position from the seed, and play on to the end; the Take back my moves policy stops
at every reveal, draw, roll or toss and other person's move, and at every card taken from
an order nobody knew (a shuffled pile, a blind pick) even if it was seen before, and lets
a person take back the steps of their own turn, in stacked positions of every mode."""
import random

import pytest

from game import registry, undo
from tests.helpers import finished

SEEDS = range(3)
UNDOS_PER_GAME = 12


def replay(state, game_id, **args):
    """The state reached by replaying `state`'s history on a new game made with `args`."""
    again = registry.new_game(game_id, **args)
    for action in state.history:
        again.apply(action)
    return again


@pytest.mark.parametrize("policy", [undo.MINE, undo.CASUAL])
@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_random_undos_replay_from_the_seed_and_play_on(game_id, policy):
    undos = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        args = {"seed": seed}
        timeline = undo.Timeline(registry.new_game(game_id, **args))
        players = timeline.state.players
        humans = set(rng.sample(range(players), rng.randint(1, players)))
        made = 0
        while not timeline.state.is_over:
            state = timeline.state
            legal = state.legal_actions()
            assert legal and state.current_player is not None
            seat = rng.choice(sorted(humans))
            if (made < UNDOS_PER_GAME and rng.random() < 0.15
                    and timeline.can_undo(seat, policy, humans)):
                limit = timeline.undo_limit(seat, policy, humans)
                target = timeline.undo_target(seat, policy, humans)
                assert limit <= target < len(state.history)
                undone = timeline.entries[target - timeline.base:]
                assert undone[0].seat == seat or (policy == undo.CASUAL and undone[0].seat in humans)
                if policy == undo.MINE:
                    assert not any(s.chance or s.learned[seat] for s in undone)
                    assert all(s.seat == seat or s.seat not in humans for s in undone)
                restored = timeline.undo(seat, policy, humans)
                made += 1
                assert restored is timeline.state and len(restored.history) == target
                assert restored.to_dict() == replay(restored, game_id, **args).to_dict()
                if rng.random() < 0.5:      # the same moves again: the same chance results
                    again = restored.clone()
                    for step in undone:
                        again.apply(step.action)
                    assert again.to_dict() == state.to_dict()
                continue
            timeline.apply(rng.choice(legal))
        assert timeline.undos == made
        undos += made
        assert timeline.casual_used == (policy == undo.CASUAL and made > 0)
        assert timeline.state.to_dict() == replay(timeline.state, game_id, **args).to_dict()
        assert timeline.state.scores() is not None
    assert undos >= 3, "too few undos to test anything"


def test_undo_off_never_allows_anything_nor_a_state_changed_behind_its_back():
    timeline = undo.Timeline(registry.new_game("final_card_down", seed=2))
    for _ in range(6):
        timeline.apply(timeline.state.legal_actions()[0])
    assert timeline.undo_limit(0, undo.OFF, {0}) == len(timeline.state.history)
    assert timeline.undo(0, undo.OFF, {0}) is None and timeline.undos == 0
    assert timeline.can_undo(0, undo.CASUAL, {0})
    timeline.state.apply(timeline.state.legal_actions()[0])     # behind the timeline's back
    assert not timeline.can_undo(0, undo.CASUAL, {0})


def test_undo_restore_refuses_positions_outside_the_timeline():
    timeline = undo.Timeline(registry.new_game("ktu", seed=2))
    timeline.apply(timeline.state.legal_actions()[0])
    with pytest.raises(ValueError, match="cannot go back to move 1"):
        timeline.restore(1)
    with pytest.raises(ValueError, match="not one of"):
        timeline.restore(0, undo.OFF)
    with pytest.raises(ValueError, match="'always' is not one of off, mine, casual"):
        timeline.undo_target(0, "always", {0})


def test_undo_sees_chance_act_in_the_generator_and_in_every_injected_result():
    from game.core import Chance
    chance = Chance(5, stacks=[["AS"]], dice=[3], tosses=[1])
    marks = [undo.chance_mark(chance)]
    for act_of_chance in (lambda: chance.toss([0, 1]), chance.roll, lambda: chance.stacks.pop(),
                          chance.roll, lambda: chance.rng.shuffle([1, 2, 3])):
        act_of_chance()
        marks.append(undo.chance_mark(chance))
    assert len(set(marks)) == len(marks)


class Table:
    """A timeline under test, played by move texts, with `humans` the people's seats;
    it remembers every position reached, to check that an undo brings back exactly that
    one (random generator included). Positions count the moves made since the start."""

    def __init__(self, state, humans):
        self.timeline = undo.Timeline(state)
        self.humans = set(humans)
        self.start = len(state.history)
        self.positions = {0: state.to_dict()}

    @property
    def state(self):
        return self.timeline.state

    def do(self, *texts):
        """Apply the legal actions with these texts, in order."""
        for text in texts:
            legal = {str(a): a for a in self.state.legal_actions()}
            assert text in legal, f"{text!r} not legal; legal: {list(legal)}"
            self.timeline.apply(legal[text])
            self.positions[self.moves()] = self.state.to_dict()

    def first(self, count=1):
        """Apply the first legal action, `count` times."""
        for _ in range(count):
            self.do(str(self.state.legal_actions()[0]))

    def target(self, seat):
        """Where one Take-back-my-moves undo by `seat` would go (None: refused)."""
        target = self.timeline.undo_target(seat, undo.MINE, self.humans)
        return None if target is None else target - self.start

    def undo(self, seat):
        """One Take-back-my-moves undo by `seat`; returns the position it reached."""
        target = self.target(seat)
        assert target is not None, f"seat {seat} may not undo"
        state = self.timeline.undo(seat, undo.MINE, self.humans)
        assert self.moves() == target
        assert state.to_dict() == self.positions[target]
        return target

    def moves(self):
        """The moves made since the start."""
        return len(self.state.history) - self.start


# ---- Final Card-Down ----------------------------------------------------------------------
def fcd(hands, draw=(), players=4):
    from tests.test_final_card_down import stacked
    return registry.new_game("final_card_down", players=players, seed=1,
                         deck=stacked(hands, draw=draw, players=players))


def test_fcd_undo_takes_back_a_d_and_its_declared_colour_within_the_turn():
    table = Table(fcd({0: ["D/red/hearts", "9/green/clubs"]}), humans={0})
    table.do("play D/red/hearts blue", "end turn")
    assert table.undo(0) == 1 and table.state.current_player == 0
    assert table.undo(0) == 0 and table.target(0) is None
    table.do("play D/red/hearts green", "end turn")
    assert table.state.color == "green" and table.timeline.undos == 2


def test_fcd_undo_refuses_to_go_past_a_draw_a_computers_play_or_another_person():
    table = Table(fcd({1: ["5/blue/spades"]}, draw=["3/green/clubs"]), humans={0})
    table.do("draw")
    assert table.timeline.entries[-1].chance and table.timeline.entries[-1].learned[0]
    table.do("end turn")
    assert table.undo(0) == 1 and table.target(0) is None       # the drawn card stays seen
    table.do("end turn", "play 5/blue/spades")                   # the computer shows a card
    assert table.target(0) is None
    people = Table(fcd({1: ["5/blue/spades"]}), humans={0, 1})
    people.do("draw", "end turn")
    assert people.target(0) == 1
    people.do("draw")                                            # seat 1, a person, acted
    assert people.target(0) is None


# ---- Deadline ---------------------------------------------------------------------------------
def test_deadline_undo_takes_back_an_exam_card_by_card():
    from tests.test_deadline import _t6_state
    table = Table(_t6_state(), humans={0})
    table.do("group 7H", "group 7C", "submit", "group 2S")
    assert table.undo(0) == 3 and [c.name for c in table.state.group] == []
    assert table.undo(0) == 2 and [c.name for c in table.state.group] == ["7H", "7C"]
    assert table.undo(0) == 1
    table.do("cancel group", "group 2S", "group 3S", "submit")
    assert [[c.name for c in a.cards] for a in table.state.assignments] == [["2S", "3S"]]
    assert table.undo(0) == 4 and table.undo(0) == 3
    assert [c.name for c in table.state.group] == ["2S"]
    while table.target(0) is not None:
        table.undo(0)
    assert table.moves() == 0 and table.timeline.undos == 8


def pass_turn(table):
    """A Deadline turn that takes the top discard and discards it again."""
    top = table.state.discard[-1].name
    table.do("draw discard", f"discard {top}")


def test_deadline_undo_refuses_a_stock_draw_the_blind_exchange_and_another_person():
    table = Table(registry.new_game("deadline", seed=5), humans={0})
    table.do("draw stock")
    drawn = table.state.hands[0][-1]
    table.do(f"discard {table.state.hands[0][0].name}")
    assert table.undo(0) == 1 and table.target(0) is None
    table.do(f"discard {drawn.name}")
    pass_turn(table)                          # computers take the discard and put it back
    pass_turn(table)
    assert table.target(0) == 1               # their moves showed seat 0 nothing new
    pass_turn(table)
    assert table.state.step == "exchange" and table.timeline.entries[-1].chance
    assert table.target(0) is None            # the blind exchange order was drawn
    people = Table(registry.new_game("deadline", seed=5), humans={0, 1})
    pass_turn(people)
    assert people.target(0) == 1
    people.do("draw discard")
    assert people.target(0) is None


# ---- KTU ------------------------------------------------------------------------------------
def test_ktu_undo_takes_back_the_face_up_choice_until_the_choices_are_shown():
    from tests.test_ktu import new
    table = Table(new(choose=False), humans={0})
    first, other = table.state.legal_actions()[0], table.state.legal_actions()[1]
    table.do(str(first))
    table.first(2)                                        # computers choose, unseen
    assert table.undo(0) == 0                             # undone with seat 0's choice
    table.do(str(other))
    table.first(3)
    assert table.timeline.entries[-1].learned[0]            # every choice is now shown
    assert list(table.state.faceup[0]) == list(other.cards) and table.target(0) is None
    people = Table(new(choose=False), humans={0, 1})
    people.do(str(first))
    assert people.target(0) == 0
    people.first()
    assert people.target(0) is None


def test_ktu_undo_takes_back_a_burn_and_replay_but_not_a_refill_or_a_blind_card():
    from tests.test_ktu import new
    table = Table(new(hands={0: ["10D", "5H", "9C", "9D"], 1: ["6C"]}), humans={0})
    table.do("play 10D", "play 5H")
    assert table.state.current_player == 1
    assert table.undo(0) == 1 and table.undo(0) == 0 and table.target(0) is None
    refill = Table(new(hands={0: ["5H"]}, stock=["KC"]), humans={0})
    refill.do("play 5H")                                 # the hand refills from the stock
    assert refill.timeline.entries[-1].chance and refill.target(0) is None
    from tests.test_ktu import blind_position, play
    blind = Table(blind_position(lambda state: (play(state, 0, "2C"), play(state, 1, "8H"))),
                  humans={3})
    blind.do("play blind 0")                              # a face-down card nobody has seen
    assert blind.timeline.entries[-1].chance and blind.target(3) is None


# ---- Final Count ------------------------------------------------------------------------------
def final_count(dice, seed=7):
    from tests.test_final_count import stack
    deck = stack(2, {0: ["2S", "4S"], 1: ["AS", "5S"]}, {0: "6S", 1: "3C"}, ["7S", "8S"])
    return registry.new_game("final_count", players=2, seed=seed, deck=deck, dice=dice)


def test_final_count_undo_takes_back_both_steps_of_a_swap_but_not_the_roll():
    table = Table(final_count(dice=[6]), humans={1})
    table.do("roll")
    assert table.timeline.entries[-1].chance and table.target(1) is None
    table.do("swap board 3C", "take 8S")
    assert table.undo(1) == 2 and table.state.step == "target"
    assert table.undo(1) == 1 and table.state.step == "action" and table.target(1) is None
    table.do("swap board AS", "take 7S", "end turn")
    assert [c.name for c in table.state.board] == ["AS", "8S"]
    assert table.undo(1) == 3 and table.undo(1) == 2


def test_final_count_undo_after_a_five_keeps_the_blind_pick_order_and_stops_at_people():
    table = Table(final_count(dice=[5]), humans={1})
    table.do("roll", "swap opp AS")               # a 5 shuffles the blind-pick orders
    assert table.timeline.entries[-1].chance
    table.do("take 6S")                           # a face-up card: nothing new
    assert table.undo(1) == 2 and table.target(1) is None
    table.do("take 6S", "end turn", "call")       # the computer's call shows nothing
    assert table.target(1) == 3
    people = Table(final_count(dice=[5]), humans={0, 1})
    people.do("roll", "swap opp AS", "take 6S", "end turn")
    assert people.target(1) == 3
    people.do("call")                             # seat 0, a person, called
    assert people.target(1) is None


def test_final_count_undo_never_rolls_again_even_casually():
    timeline = undo.Timeline(final_count(dice=[], seed=11))
    timeline.apply(registry.Action("roll"))
    rolled, shown = timeline.state.die, timeline.state.view(1)
    assert timeline.undo(1, undo.MINE, {1}) is None
    timeline.undo(1, undo.CASUAL, {1})
    timeline.apply(registry.Action("roll"))
    assert timeline.state.die == rolled and timeline.state.view(1) == shown
    assert timeline.casual_used and timeline.undos == 1


# ---- 4 downs ----------------------------------------------------------------------------------
def four_downs(**options):
    from tests.test_four_downs import T6_HANDS, new
    return new(T6_HANDS, **options)


def test_four_downs_undo_takes_back_a_knock_with_the_computers_answers():
    table = Table(four_downs(knocking="on"), humans={0})
    table.do("knock", "call", "call")             # the computers answer: no card is shown
    assert table.undo(0) == 0 and table.target(0) is None
    table.do("pass", "pass", "pass", "play OB5")
    assert table.undo(0) == 3 and table.undo(0) == 0
    people = Table(four_downs(knocking="on"), humans={0, 1})
    people.do("knock")
    assert people.target(0) == 0
    people.do("call")
    assert people.target(0) is None


def test_four_downs_undo_stops_at_a_computers_card_and_at_the_deal():
    from tests.test_four_downs import play_t6_hand
    table = Table(four_downs(), humans={0})
    table.do("play OB5")
    assert table.target(0) == 0
    table.do("play DB6")                          # the computer's card is new to seat 0
    assert table.timeline.entries[-1].learned[0] and table.target(0) is None
    state = four_downs()
    play_t6_hand(state)
    dealer = Table(state, humans={1})
    dealer.do("deal")                             # collect, shuffle and deal
    assert dealer.timeline.entries[-1].chance and dealer.target(1) is None


# ---- 5 possessions ----------------------------------------------------------------------------
def five_possessions():
    from tests.test_five_possessions import T14_DEFENSE, T14_OFFENSE, k, w
    deck = [w(sum(T14_OFFENSE, [])), k(sum(T14_DEFENSE, []))]
    return registry.new_game("five_possessions", seed=1, deck=deck, tosses=[0])


def test_five_possessions_undo_takes_back_a_line_of_four_card_by_card():
    table = Table(five_possessions(), humans={0})
    table.do("choose offense")                    # the stacks are shuffled, lines drawn
    assert table.timeline.entries[-1].chance and table.target(0) is None
    table.do("place W:OB5 0", "place W:OG7 1", "place W:OO7 2", "place W:OG4 3")
    table.do("place K:DB5 0", "place K:DB6 1")    # the defense sets face down
    assert table.undo(0) == 4 and table.state.current_player == 0
    for back in (3, 2, 1):
        assert table.undo(0) == back
    assert table.target(0) is None
    table.do("place W:OG4 0")
    assert [c.name for c in table.state.line_cards[0][0]] == ["W:OG4"]


def test_five_possessions_undo_stops_at_the_reveal_and_at_the_other_person():
    table = Table(five_possessions(), humans={0})
    table.do("choose offense", "place W:OB5 0", "place W:OG7 1", "place W:OO7 2",
             "place W:OG4 3", "place K:DB5 0", "place K:DB6 1", "place K:DB7 2")
    assert table.target(0) == 4
    table.do("place K:DG5 3")                     # the line is revealed, the next drawn
    assert table.timeline.entries[-1].learned[0] and table.target(0) is None
    people = Table(five_possessions(), humans={0, 1})
    people.do("choose offense", "place W:OB5 0", "place W:OG7 1", "place W:OO7 2",
              "place W:OG4 3")
    assert people.target(0) == 4
    people.do("place K:DB5 0")
    assert people.target(0) is None and people.target(1) == 5


# ---- a card from an order nobody knew ends the undo, even one seen before ----------------------
# A draw from a shuffled pile or a blind pick shows the card that chance put there: taking
# it back would let the person choose again knowing it (issue 35). Every mode, stacked.
def test_deadline_a_draw_from_the_reshuffled_pile_ends_the_undo_though_the_card_was_seen():
    from tests.test_deadline import deal_names, fill
    stock = ["8H", "2D", "8D"]
    dealt = fill({}, 4, ["3C"] + stock)
    table = Table(registry.new_game("deadline", seed=13, deck=deal_names(dealt, "3C", stock),
                                full_deck=False), humans={3})
    for _ in range(3):
        table.do("draw stock")
        table.do(f"discard {table.state.hands[table.state.current_player][-1].name}")
    pass_turn(table)
    while table.state.step == "exchange":
        table.do("take 0")
    pass_turn(table)
    pass_turn(table)
    table.do("draw stock")                        # seat 2 draws: the discards are shuffled
    assert table.timeline.entries[-1].chance and [c.name for c in table.state.discard] == ["8D"]
    table.do(f"discard {table.state.hands[2][-1].name}")
    table.do("draw stock")                        # seat 3 draws from the shuffled pile
    drawn = table.state.hands[3][-1]
    assert drawn.name in ("3C", "8H", "2D") and not table.timeline.entries[-1].learned[3]
    assert drawn.id in table.timeline.known[3]    # every seat saw it on the discard pile
    assert table.timeline.entries[-1].chance and table.target(3) is None
    assert table.timeline.refusal(3, undo.MINE, {3}) == ("chance", None)


def test_deadline_the_last_blind_take_ends_the_undo_though_the_card_was_seen():
    from tests.test_deadline import deal_names, fill
    table = Table(registry.new_game("deadline", seed=4, deck=deal_names(fill({}, 4, ["10C"]), "10C")),
                  humans={3})
    pass_turn(table)
    pass_turn(table)
    table.do("draw discard", f"discard {table.state.hands[2][0].name}")   # 10C stays with seat 2
    pass_turn(table)
    for _ in range(3):
        table.do("take 0")
    assert table.state.current_player == 3        # the last taker, from seat 2
    spot = next(i for i, card in enumerate(table.state.pick_order) if card.name == "10C")
    table.do(f"take {spot}")                      # the exchange is revealed: no shuffle now
    assert table.state.step == "turn" and "10C" in [c.name for c in table.state.hands[3]]
    assert not table.timeline.entries[-1].learned[3]
    assert table.timeline.entries[-1].chance and table.target(3) is None


def test_final_count_a_blind_pick_ends_the_undo_though_the_card_was_seen():
    from tests.test_final_count import stack
    hand = ({0: ["2S", "4S"], 1: ["AS", "5S"]}, {0: "6S", 1: "3C"}, ["7S", "8S"])
    deck = [stack(2, *hand), stack(2, *hand, dealer=1)]             # the same deal twice
    table = Table(registry.new_game("final_count", players=2, seed=7, deck=deck, dice=[6, 6, 5]),
                  humans={1})
    table.do("call", "roll", "decline", "end turn")     # the hand is scored: hands shown
    table.do("deal", "roll", "decline", "end turn")     # seat 0 holds 2S and 4S again
    table.do("roll", "swap opp 5S")                     # a 5: the pick orders are shuffled
    spot = table.state.pick_orders[0].index(
        next(i for i, card in enumerate(table.state.hands[0]) if card.name == "4S"))
    table.do(f"pick 0:{spot}")
    assert "4S" in [c.name for c in table.state.tables[1]]
    assert not table.timeline.entries[-1].learned[1]
    assert table.timeline.entries[-1].chance and table.target(1) is None


def test_five_possessions_a_line_drawn_from_the_reshuffled_stack_ends_the_undo():
    from tests.test_five_possessions import T14_DEFENSE, T14_OFFENSE, k, w
    stacks = [w(sum(T14_OFFENSE, [])), k(sum(T14_DEFENSE, []))]
    state = registry.new_game("five_possessions", seed=1, deck=stacks + [[], []] + stacks, tosses=[0])
    table = Table(state, humans={0})
    table.do("choose offense")
    for offense, defense in zip(T14_OFFENSE[:3], T14_DEFENSE[:3]):
        table.do(*(f"place W:{name} {lane}" for lane, name in enumerate(offense)))
        table.do(*(f"place K:{name} {lane}" for lane, name in enumerate(defense)))
    table.do("place W:OG5 1", "place W:OB4 0", "place K:DP7 0", "place K:DO7 1")
    assert table.state.possession == 2 and table.state.yards == [20, 0]   # a touchdown
    while table.state.possession < 3:                   # the computer's possession
        table.first()
    table.do(*(f"place W:{name} {lane}" for lane, name in enumerate(T14_OFFENSE[0])))
    table.do(*(f"place K:{name} {lane}" for lane, name in enumerate(T14_DEFENSE[0][:3])))
    assert table.target(0) == table.moves() - 4         # the computer's cards showed nothing
    table.do(f"place K:{T14_DEFENSE[0][3]} 3")          # the line is revealed, line 2 drawn
    assert [c.name for c in table.state.hand[0]] == w(T14_OFFENSE[1])
    assert not table.timeline.entries[-1].learned[0]
    assert table.timeline.entries[-1].chance and table.target(0) is None


def test_four_downs_a_deal_of_cards_seen_in_the_last_hand_ends_the_undo():
    from tests.test_four_downs import T6_HANDS, stacked
    again = {0: T6_HANDS[1], 1: T6_HANDS[2], 2: T6_HANDS[0]}
    table = Table(registry.new_game("four_downs", players=3, seed=1,
                                deck=[stacked(T6_HANDS), stacked(again, first=2)]), humans={0})
    table.do("play OB5", "play DB6", "play OG6", "play OG7", "play DG5", "play DG4",
             "play OB7", "play OP4", "play DP4", "play OO7", "play DO4", "play DP5")
    table.do("deal")                                    # seat 1 won the hand and deals
    assert [c.name for c in table.state.hands[0]] == T6_HANDS[1]
    assert not table.timeline.entries[-1].learned[0]
    assert table.timeline.entries[-1].chance and table.target(0) is None


def test_final_card_down_a_recycled_pile_keeps_its_known_order_and_a_fresh_card_ends_the_undo():
    from tests.test_final_card_down import stacked
    deck = stacked({1: ["7/red/hearts"]}, draw=["9/green/clubs"], players=2)
    table = Table(registry.new_game("final_card_down", players=2, seed=1, deck=deck,
                                full_deck=False), humans={0})
    table.do("draw")                                    # a card nobody had seen
    assert table.timeline.entries[-1].chance and table.target(0) is None
    table.do("end turn", "play 7/red/hearts", "end turn")
    table.do("draw")                                    # the discards, turned over in their order
    assert [e.kind for e in table.timeline.events[-2:]] == ["recycle", "move"]
    assert table.state.hands[0][-1].name == "5/red/hearts"
    assert not table.timeline.entries[-1].chance and table.target(0) == 4


# KTU never takes a card back into the stock or the face-down cards: what they give is
# never seen before (test_ktu_undo_takes_back_a_burn_and_replay_but_not_a_refill_or_a_blind_card).


# ---- the session: autosave, record and statistics follow the undo ------------------------------
def test_session_undo_is_autosaved_resumed_recorded_and_counted():
    from game import saves
    from scenes.table.session import Seat, Session
    folders = saves.Folders()
    seats = [Seat("Maya", True), Seat("Theo", False, "easy")]
    session = Session("final_card_down", seats, {"fcd.players": 2}, 4, folders)
    assert not session.can_undo(0, undo.MINE)
    play = next(a for a in session.state.legal_actions() if a.kind == "play")
    session.submit(play)
    assert session.can_undo(0, undo.MINE) and not session.can_undo(0, undo.OFF)
    assert not session.can_undo(1, undo.CASUAL)                 # a computer never undoes
    assert session.undo(0, undo.MINE) == 0
    state, _ = saves.load_game(folders)
    assert state.history == [] and state.to_dict() == session.state.to_dict()
    assert saves.load_undo(folders) == {"undos": 1, "practice": False}
    session.submit(play)
    session.submit(registry.Action("end_turn"))
    resumed = Session.resume(*saves.load_game(folders), folders)
    assert resumed.undo_record() == {"undos": 1, "practice": False}
    assert resumed.undo(0, undo.MINE) == 0                      # the undo reaches before the load:
    assert resumed.state.history == []      # the End turn that was the only move goes with the play (walkC17 #11)
    rng = random.Random(4)
    while not resumed.state.is_over:
        seat = resumed.state.current_player
        if seat == 1 and resumed.can_undo(0, undo.CASUAL) and resumed.timeline.undos < 4:
            resumed.undo(0, undo.CASUAL)
            continue
        resumed.submit(rng.choice(resumed.state.legal_actions()))
    record = saves.read_record(resumed.record_path)
    assert record["undos"] == 4 and record["practice"] is True
    from scenes.screens.statistics import record_summary
    assert record_summary(resumed.record_path).endswith("  ·  practice")
    assert list(saves.replay(record))[-1].to_dict() == resumed.state.to_dict()
    stats = saves.load_statistics(folders)
    assert stats["games"] == {} and stats["practice"]["final_card_down"]["Maya"]["played"] == 1


def test_session_ignores_a_computer_move_thought_before_an_undo():
    from scenes.table.session import Seat, Session, inline
    session = Session("ktu", [Seat("Maya", True), Seat("Theo", False, "easy")], {}, 3, executor=inline)
    session.submit(session.state.legal_actions()[0])
    session.start_bot()                           # its answer is ready, not yet taken
    assert session.busy() and session.thinking() == 1
    assert session.undo(0, undo.MINE) == 0
    assert session.poll_bot() is None             # about a position taken back: dropped
    assert not session.busy() and session.state.history == []


# ---- statistics and the autosave keep the undo record ----------------------------------------
def test_casual_undo_games_count_as_practice_apart_and_a_bad_practice_line_is_refused():
    import json

    from game import saves
    folders = saves.Folders()
    seats = [{"name": "Maya", "level": None}, {"name": "Theo", "level": "hard"}]
    stats = saves.load_statistics(folders)
    saves.add_result(stats, finished(seed=3), seats)
    saves.add_result(stats, finished(seed=4), seats, practice=True)
    saves.save_statistics(folders, stats)
    again = saves.load_statistics(folders)
    assert again["games"]["final_card_down"]["Maya"]["played"] == 1
    assert again["practice"]["final_card_down"]["Maya"]["played"] == 1
    assert set(again["practice"]["final_card_down"]) == {"Maya"}
    again["practice"]["final_card_down"]["Maya"]["won"] = 7
    with open(folders.statistics, "w") as handle:
        json.dump(again, handle)
    with pytest.raises(saves.BadFile, match="practice.final_card_down.Maya: more games won"):
        saves.load_statistics(folders)


@pytest.mark.parametrize("record,problem", [
    ({"undos": -1, "practice": False}, "undo.undos: -1 is outside"),
    ({"undos": 2, "practice": "yes"}, "undo.practice: expected bool"),
    ({"undos": 2}, "undo: expected the fields undos and practice"),
])
def test_a_bad_undo_record_in_the_autosave_is_refused_and_kept(record, problem):
    import json

    from game import saves
    folders = saves.Folders()
    state = registry.new_game("ktu", seed=1)
    seats = [{"name": f"P{i}", "level": None} for i in range(state.players)]
    saves.save_game(folders, state, seats, {"undos": 3, "practice": True})
    assert saves.load_undo(folders) == {"undos": 3, "practice": True}
    with open(folders.autosave) as handle:
        data = json.load(handle)
    data["undo"] = record
    with open(folders.autosave, "w") as handle:
        json.dump(data, handle)
    with pytest.raises(saves.BadFile, match=problem):
        saves.load_game(folders)


def test_the_statistics_scene_shows_casual_undo_games_as_practice():
    import pygame

    from game import saves
    from scenes.screens import statistics
    from tests.test_ui_play import new_app
    folders = saves.Folders()
    stats = saves.load_statistics(folders)
    saves.add_result(stats, finished("ktu", 5), [{"name": "Maya", "level": None},
                                                 {"name": "Theo", "level": "easy"}], practice=True)
    saves.save_statistics(folders, stats)
    a = new_app()
    try:
        a.scene.go("statistics")
        a.frame()
        scene = a.scene
        assert scene.game_id == "ktu" and statistics.rows(scene.stats, "ktu") == []
        [row] = statistics.rows(scene.stats, "ktu", "practice")
        assert row[:2] == ("Maya", 1)
        shown = []
        real = a.screen.text
        a.screen.text = lambda text, *args, **kw: shown.append(text) or real(text, *args, **kw)
        scene.draw(a.screen)
        assert "Maya · practice" in shown
    finally:
        pygame.quit()
