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
