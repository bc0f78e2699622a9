"""What the tests of every game share: apply a move by its text, check a
rejection (a reason given, nothing changed), play a game to its end, sample what a seat
cannot see."""
import random

import pytest

from game import registry
from game.bots.sampling import consistent


def legal_texts(state):
    """The legal actions as their readable texts."""
    return [str(a) for a in state.legal_actions()]


def act(state, text):
    """Apply the legal action whose str is `text`; fail listing the legal ones."""
    for action in state.legal_actions():
        if str(action) == text:
            state.apply(action)
            return action
    raise AssertionError(f"{text!r} not legal for seat {state.current_player}; "
                         f"legal: {legal_texts(state)}")


def rejected(state, action):
    """Assert `action` is refused with a reason and changes nothing; return the reason."""
    before = state.to_dict()
    with pytest.raises(registry.IllegalAction) as info:
        state.apply(action)
    assert str(info.value)
    assert state.to_dict() == before
    return str(info.value)


def finished(game_id="final_card_down", seed=3):
    """A two-player game of `game_id` played to its end by random legal moves from `seed`."""
    state = registry.new_game(game_id, players=2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def samples(state, seat, count=20, seed=4):
    """States resampled from `seat`'s view as Hard's are (the state itself as the
    template: a stacked game may hold fewer cards than a full deck), each checked to show
    the seat its view exactly and to hold every card once."""
    view = state.view(seat)
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        sample = state.resample(view, rng)
        assert consistent(sample, view) == ""
        sample.check_cards()
        out.append(sample)
    return out


DESIGNERS_EXTRAS = "python3 -m pip install -r requirements-designer.txt"


def designers_extra(*names):
    """Import the designers' extras `names` (matplotlib, dask.distributed) for a test of
    the balance report; where one is not installed, the test is skipped with the reason
    and the command that installs it (CI installs them and fails on any skipped test)."""
    for name in names:
        pytest.importorskip(name, reason=f"{name} is one of the designers' extras, not "
                                         f"installed here ({DESIGNERS_EXTRAS})")


def spied(monkeypatch, owner, name):
    """`owner.name` (a function) replaced by one that calls it and records each call as
    (its positional arguments, what it returned) in the list returned."""
    calls = []
    real = getattr(owner, name)

    def spy(*args, **kwargs):
        result = real(*args, **kwargs)
        calls.append((args, result))
        return result
    monkeypatch.setattr(owner, name, spy)
    return calls
