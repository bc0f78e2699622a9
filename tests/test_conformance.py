"""The contract, held over every registered game and many seeds (OpenSpiel's random_sim_test).

Random legal play to the end, checking at every step: legal actions exist until the game
is over; every card is in exactly one zone; a clone given the same action stays equal;
the save format round-trips exactly (random future included); an illegal action, or
anything that is not an action at all, is rejected without changing anything; a kept
save never changes as play goes on; no view shows a card hidden from its seat; every
view carries exactly the facts its game declares.
"""
import gc
import json
import random

import pytest

from game import registry, undo
from game.bots.sampling import Sampler
from game.core import HIDDEN, OWNER, PUBLIC, TOP

SEEDS = range(6)


def _hidden_from(spec, seat, over=False):
    """The cards of a zone spec that `seat` must not see (`over`: the game is over, and
    every hand is shown)."""
    if spec.visibility == PUBLIC or (spec.visibility == OWNER and (spec.owner == seat or over)):
        return []
    if spec.visibility == TOP:
        return list(spec.cards[:-1])
    assert spec.visibility in (HIDDEN, OWNER), spec
    return list(spec.cards)


def _check_facts(state, views):
    """Every view carries the facts its game declares: each public one, private ones only
    where they apply, each of its declared types; a fact declared `field` is the field
    as it stands; and the public facts are the same for every seat."""
    declared = type(state).FACTS
    public = {name for name, fact in declared.items() if not fact.private}
    for view in views:
        facts = view.facts
        assert public <= set(facts), f"{state.game_id}: missing facts {public - set(facts)}"
        assert set(facts) <= set(declared), f"undeclared facts {set(facts) - set(declared)}"
        for name, value in facts.items():
            assert declared[name].holds(value), f"{state.game_id}: fact {name} = {value!r}"
            if declared[name].field:
                field = state.FIELDS[name].dump(getattr(state, name))
                assert value == field, f"{state.game_id}: fact {name} is not its field"
        shown = {name: value for name, value in facts.items() if name in public}
        assert shown == {name: value for name, value in views[0].facts.items()
                         if name in public}, "public facts differ between seats"


def _check_views(state):
    """Check every seat's view; return {seat: ids of the cards it sees}."""
    seen = {}
    views = []
    for seat in range(state.players):
        view = state.view(seat)
        visible = {id(c) for zone in view.zones for c in zone.cards if c is not None}
        seen[seat] = visible
        hidden = [c for spec in state._zones() for c in _hidden_from(spec, seat, state.is_over)]
        leaked = [c.name for c in hidden if id(c) in visible]
        assert not leaked, f"seat {seat} sees hidden {leaked}"
        for zone, spec in zip(view.zones, state._zones()):
            assert zone.count == len(spec.cards)
        json.dumps(view.facts)   # facts are plain data
        views.append(view)
    _check_facts(state, views)
    return seen


def _check_events(state, since, before, after):
    """An event may show a seat only cards it saw before or sees after the action."""
    for seat in range(state.players):
        allowed = before[seat] | after[seat]
        for event in state.events_for(seat, since):
            shown = [c.name for c in event.cards if c is not None and id(c) not in allowed]
            assert not shown, f"event {event.kind} shows seat {seat} hidden {shown}"


def _illegal_probe(state, rng):
    """An action that is well formed but not legal now, if one is easy to build."""
    legal = state.legal_actions()
    for zone in state._zones():
        for card in zone.cards:
            for kind in {a.kind for a in legal} | {"play"}:
                probe = registry.Action(kind, (card,))
                if probe not in legal:
                    return probe
    return registry.Action("no_such_move")


def _garbage(state, legal):
    """Things that are not legal actions of this game: not Actions, Actions with cards
    given as ids, in a list, from another deck, or with an argument of a wrong type, and
    well-shaped Actions with too few or too many cards or an argument out of range."""
    card = state.cards[0]
    first = legal[0]
    other = next(g for g, info in registry.GAMES.items() if info.deck != state.info.deck)
    stranger = registry.new_game(other).cards[0]
    return [None, "play", 42, object(), {"kind": first.kind}, [first.kind],
            registry.Action(None), registry.Action(first.kind, None),
            registry.Action(first.kind, (card.id,)), registry.Action("play", (card.id,)),
            registry.Action(first.kind, list(first.cards)), registry.Action("play", (stranger,)),
            registry.Action(first.kind, first.cards, [1]), registry.Action(first.kind, first.cards, 2.5),
            registry.Action(first.kind, (None,)), registry.Action(first.kind, ("x",)),
            registry.Action("play", ()), registry.Action("play", tuple(state.cards[:5])),
            registry.Action(first.kind, first.cards, "nonsense"),
            registry.Action(first.kind, first.cards, 99),
            registry.Action(first.kind, first.cards + (card,)), registry.Action("", ())]


def _play_random(state, rng, steps_checked):
    steps = 0
    kept = []
    vocabulary = registry.GAMES[state.game_id].module.Act
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "no legal actions in a running game"
        assert state.current_player is not None
        assert legal == state.legal_actions(), "legal actions are not stable"
        for action in legal:
            str(action)
            hash(action)
            assert action.kind in vocabulary.ALL, f"{action.kind!r} is not a word of its game's Act"
        if steps < steps_checked or rng.random() < 0.05:
            state.check_cards()
            before = _check_views(state)
            saved = state.to_dict()
            probe = _illegal_probe(state, rng)
            with pytest.raises(registry.IllegalAction) as info:
                state.apply(probe)
            assert str(info.value)
            assert state.to_dict() == saved, "a rejected action changed the state"
            for thing in _garbage(state, legal):
                with pytest.raises(registry.IllegalAction) as info:
                    state.apply(thing)
                assert str(info.value)
            assert state.to_dict() == saved, "a rejected non-action changed the state"
            kept.append((saved, json.dumps(saved)))
            copy = state.clone()
            loaded = registry.load_state(json.loads(json.dumps(saved)))
            action = rng.choice(legal)
            since = len(state.events)
            state.apply(action)
            _check_events(state, since, before, _check_views(state))
            copy.apply(action)
            loaded.apply(loaded.legal_actions()[legal.index(action)])
            assert copy == state, "a clone diverged"
            assert loaded.to_dict() == state.to_dict(), "a loaded save diverged"
        else:
            state.apply(rng.choice(legal))
        steps += 1
    assert state.current_player is None
    assert state.legal_actions() == ()
    for thing in [None, registry.Action("play", (state.cards[0],))]:
        with pytest.raises(registry.IllegalAction):
            state.apply(thing)
    state.check_cards()
    _check_views(state)
    for saved, text in kept:
        assert json.dumps(saved) == text, "a kept save changed as play went on"
    return steps


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_random_play_keeps_the_contract(game_id, seed):
    info = registry.GAMES[game_id]
    rng = random.Random(seed)
    players = rng.randint(info.min_players, info.max_players)
    state = registry.new_game(game_id, players=players, seed=seed)
    _play_random(state, rng, steps_checked=40)
    scores = state.scores()
    assert len(scores) == players and all(isinstance(s, int) for s in scores)
    assert all(0 <= w < players for w in state.winners())
    assert len(set(state.winners())) == len(state.winners())


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_option_value_plays(game_id):
    info = registry.GAMES[game_id]
    for option in info.options:
        for value in option.values[1:]:
            state = registry.new_game(game_id, seed=3, options={option.id: value})
            assert state.options[option.id] == value
            _play_random(state, random.Random(3), steps_checked=5)


@pytest.mark.quick
@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_same_seed_same_game(game_id):
    def play(seed):
        state = registry.new_game(game_id, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        return state.to_dict()
    assert play(11) == play(11)


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_registry_entry_is_complete(game_id):
    info = registry.GAMES[game_id]
    assert info.title and info.description
    assert info.min_players <= info.default_players <= info.max_players
    state = registry.new_game(game_id)
    assert state.players == info.default_players
    assert state.game_id == game_id
    assert state.view(0).facts["step"] == state.step


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_history_keeps_the_canonical_action(game_id):
    """An action equal to a legal one (True == 1 in Python) is recorded as the legal one,
    so the game record and the save stay exact."""
    state = registry.new_game(game_id, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        legal = state.legal_actions()
        numbered = [a for a in legal if type(a.arg) is int and a.arg in (0, 1)]
        if numbered:
            twin = numbered[0]._replace(arg=bool(numbered[0].arg))
            state.apply(twin)
            assert type(state.history[-1].arg) is int
            registry.load_state(json.loads(json.dumps(state.to_dict())))
            return
        state.apply(rng.choice(legal))


def test_a_kept_save_of_injected_chance_never_changes():
    """Stacked decks and die results still to come are copied into a save, not shared."""
    state = registry.new_game("final_count", seed=2, deck=[["AS", "2S", "3S", "4S", "5S", "6S",
                                                        "7S", "8S"], ["9S"]],
                          full_deck=True, dice=[6, 6, 6, 6])
    saved = state.to_dict()
    text = json.dumps(saved)
    rng = random.Random(2)
    while not state.is_over and len(state.history) < 200:
        state.apply(rng.choice(state.legal_actions()))
    assert state.to_dict()["chance"] != saved["chance"]
    assert json.dumps(saved) == text


def _played(game_id, moves=None):
    """A game of `game_id` from seed 3, random legal moves: `moves` of them, or to its end
    (through every hand of a game of several)."""
    state = registry.new_game(game_id, seed=3)
    rng = random.Random(3)
    while not state.is_over and len(state.history) != moves:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _made_every_way(game_id):
    """{how: a state of `game_id`} made every way the app makes one: dealt; dealt keeping
    no events (the bench's playouts); played to the end; a clone; loaded from a save
    mid-game and finished; restored by undo; a world sampled for Hard's search (which
    keeps no events from its making on), one told to keep no events, and the clone of
    another. None of them has been cloned since: a clone lists its original's attributes, which
    gives that state a dict of its attributes; so would changing a state's class."""
    timeline = undo.Timeline(registry.new_game(game_id, seed=3))
    rng = random.Random(3)
    for _ in range(20):
        timeline.apply(rng.choice(timeline.state.legal_actions()))
    mid = _played(game_id, 40)
    sampler = Sampler(game_id, mid.players)
    told, cloned = (sampler.sample(mid.view(0), random.Random(seed)) for seed in (1, 2))
    told.keep_no_events()
    cloned.keep_no_events()
    return {"dealt": registry.new_game(game_id, seed=4),
            "dealt keeping no events": registry.new_game(game_id, seed=4, events=False),
            "played": _played(game_id),
            "clone": _played(game_id).clone(), "loaded mid-game": registry.load_state(mid.to_dict()),
            "loaded finished": registry.load_state(_played(game_id).to_dict()),
            "undone": timeline.restore(timeline.base + 5, undo.CASUAL),
            "sampled": sampler.sample(mid.view(0), random.Random(3)),
            "sampled, told to keep no events": told, "quiet clone": cloned.clone()}


def _own_dict(state):
    """Whether `state` keeps its attributes in a dict of their own (asked of the garbage
    collector, which sees the dict or the values: `vars` would make the dict)."""
    return any(isinstance(r, dict) and "chance" in r for r in gc.get_referents(state))


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_a_state_made_any_way_has_the_attributes_and_layout_of_a_new_one(game_id):
    """Python 3.11 keeps one table of attribute names for all the objects of a class and
    reads an object's attributes fastest from its values beside that table. The table
    takes no new names once a few dozen objects exist (each new object leaves it room for
    one name fewer), and an object given a name it lacks then keeps its attributes in a
    dict of their own, read more slowly in every playout. So a state has every one of its
    attributes from its construction, however it was made: after many states were made
    (as deep into a test run, a tournament or Hard's search), a state made any way has
    the names of a new one and, like it, no dict of its own."""
    for seed in range(40):
        registry.new_game(game_id, seed=seed)
    made = _made_every_way(game_id)
    new = registry.new_game(game_id, seed=5)
    layout = {how: _own_dict(state) for how, state in made.items()}
    assert layout == dict.fromkeys(made, _own_dict(new))
    assert {how: sorted(vars(state)) for how, state in made.items()} == \
        dict.fromkeys(made, sorted(vars(new)))
