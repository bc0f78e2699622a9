"""What the tests of every game share: apply a move by its text, check a
rejection (a reason given, nothing changed), play a game to its end, sample what a seat
cannot see, see how a state keeps its attributes."""
import gc
import random

import pytest

from game import registry
from game.bots.sampling import Sampler, consistent


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


def _inline(state):
    """Whether `state` keeps its attributes in Python 3.11's fastest layout (inline values)
    rather than in a dict of their own, asked of the garbage collector (`vars` would make
    them a dict) before anything else reads the state's dict (`clone` does)."""
    return not any(isinstance(r, dict) and "chance" in r for r in gc.get_referents(state))


def attribute_layouts(game_id, players=None, seed=3, options=None):
    """{path: (whether the state keeps its attributes inline, how many it has)} for a
    state of `game_id` built along every path its engine has: dealt, cloned, played to the
    end by random moves (every later turn, hand or exam), loaded from its save, and as
    Hard's search copies it (a world sampled mid-game, its clone, and that clone played
    out). Python 3.11 keeps an object's attributes inline while its class has met fewer
    than 30 names, and adds a name only while few objects of the class were made: a name
    first set late makes a dict of every object that sets it."""
    dealt = registry.new_game(game_id, players=players, seed=seed, options=options)
    layouts = {"dealt": (_inline(dealt), dealt)}
    played = dealt.clone()
    layouts["cloned"] = (_inline(played), played)
    rng = random.Random(seed)
    view = None
    while not played.is_over:
        if len(played.history) == 40:
            view = played.view(played.current_player)
        played.apply(rng.choice(played.legal_actions()))
    layouts["played out"] = (_inline(played), played)
    loaded = registry.load_state(played.to_dict())
    layouts["loaded"] = (_inline(loaded), loaded)
    world = Sampler(game_id, dealt.players, options).sample(view, rng)
    layouts["sampled"] = (_inline(world), world)
    twin = world.clone()
    layouts["sampled, cloned"] = (_inline(twin), twin)
    while not twin.is_over:
        twin.apply_listed(rng.choice(twin.legal_actions()))
    layouts["sampled, played out"] = (_inline(twin), twin)
    return {path: (inline, len(vars(state))) for path, (inline, state) in layouts.items()}


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
