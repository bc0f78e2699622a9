"""Undo (game/undo.py): random games with random undos under every policy replay to the
same position from the seed, and play on to the end; the Take back my moves policy stops
at every reveal, draw, roll or toss and other person's move, and lets a person take back
the steps of their own turn, in stacked positions of every mode."""
import random

import pytest

import game
from game import undo
from tests.helpers import act

SEEDS = range(3)


def replay(state, game_id, **args):
    """The state reached by replaying `state`'s history on a new game made with `args`."""
    again = game.new_game(game_id, **args)
    for action in state.history:
        again.apply(action)
    return again


@pytest.mark.parametrize("policy", [undo.MINE, undo.CASUAL])
@pytest.mark.parametrize("game_id", list(game.GAMES))
def test_random_undos_replay_from_the_seed_and_play_on(game_id, policy):
    undos = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        args = {"seed": seed}
        timeline = undo.Timeline(game.new_game(game_id, **args))
        players = timeline.state.players
        humans = set(rng.sample(range(players), rng.randint(1, players)))
        made = 0
        while not timeline.state.is_over:
            state = timeline.state
            legal = state.legal_actions()
            assert legal and state.current_player is not None
            seat = rng.choice(sorted(humans))
            if rng.random() < 0.15 and timeline.can_undo(seat, policy, humans):
                limit = timeline.undo_limit(seat, policy, humans)
                target = timeline.undo_target(seat, policy, humans)
                assert limit <= target < len(state.history)
                undone = timeline.steps[target - timeline.base:]
                assert undone[0].seat == seat or (policy == undo.CASUAL and undone[0].seat in humans)
                if policy == undo.MINE:
                    assert not any(s.chance or s.learned[seat] for s in undone)
                    assert all(s.seat == seat or s.seat not in humans for s in undone)
                restored = timeline.undo(seat, policy, humans)
                made += 1
                assert restored is timeline.state and len(restored.history) == target
                assert restored.to_dict() == replay(restored, game_id, **args).to_dict()
                if rng.random() < 0.5:      # the same move again: the same chance results
                    again = restored.clone()
                    again.apply(undone[0].action)
                    reference = undone[1].before if len(undone) > 1 else state
                    assert again.to_dict() == reference.to_dict()
                continue
            timeline.apply(rng.choice(legal))
        assert timeline.undos == made
        undos += made
        assert timeline.casual_used == (policy == undo.CASUAL and made > 0)
        assert timeline.state.to_dict() == replay(timeline.state, game_id, **args).to_dict()
        assert timeline.state.scores() is not None
    assert undos >= 3, "too few undos to test anything"


def test_undo_off_never_allows_anything():
    timeline = undo.Timeline(game.new_game("final_card_down", seed=2))
    for _ in range(6):
        timeline.apply(timeline.state.legal_actions()[0])
    assert timeline.undo_limit(0, undo.OFF, {0}) == len(timeline.state.history)
    assert timeline.undo(0, undo.OFF, {0}) is None and timeline.undos == 0


def test_undo_restore_refuses_positions_outside_the_timeline():
    timeline = undo.Timeline(game.new_game("ktu", seed=2))
    timeline.apply(timeline.state.legal_actions()[0])
    with pytest.raises(ValueError, match="cannot go back to move 1"):
        timeline.restore(1)
    with pytest.raises(ValueError, match="not one of"):
        timeline.restore(0, undo.OFF)


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
    return game.new_game("final_card_down", players=players, seed=1,
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
    assert table.timeline.steps[-1].chance and table.timeline.steps[-1].learned[0]
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
    assert table.undo(0) == 3 and [c.name for c in table.state.building] == []
    assert table.undo(0) == 2 and [c.name for c in table.state.building] == ["7H", "7C"]
    assert table.undo(0) == 1
    table.do("cancel group", "group 2S", "group 3S", "submit")
    assert [[c.name for c in a.cards] for a in table.state.assignments] == [["2S", "3S"]]
    assert table.undo(0) == 4 and table.undo(0) == 3
    assert [c.name for c in table.state.building] == ["2S"]
    while table.target(0) is not None:
        table.undo(0)
    assert table.moves() == 0 and table.timeline.undos == 8


def pass_turn(table):
    """A Deadline turn that takes the top discard and discards it again."""
    top = table.state.discard[-1].name
    table.do("draw discard", f"discard {top}")


def test_deadline_undo_refuses_a_stock_draw_the_blind_exchange_and_another_person():
    table = Table(game.new_game("deadline", seed=5), humans={0})
    table.do("draw stock")
    drawn = table.state.hands[0][-1]
    table.do(f"discard {table.state.hands[0][0].name}")
    assert table.undo(0) == 1 and table.target(0) is None
    table.do(f"discard {drawn.name}")
    pass_turn(table)                          # computers take the discard and put it back
    pass_turn(table)
    assert table.target(0) == 1               # their moves showed seat 0 nothing new
    pass_turn(table)
    assert table.state.stage == "exchange" and table.timeline.steps[-1].chance
    assert table.target(0) is None            # the blind exchange order was drawn
    people = Table(game.new_game("deadline", seed=5), humans={0, 1})
    pass_turn(people)
    assert people.target(0) == 1
    people.do("draw discard")
    assert people.target(0) is None
