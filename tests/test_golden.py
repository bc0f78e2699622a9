"""Golden records: a few recorded games per mode replay to the game's end, as recorded.

Each `tests/golden/<mode>.json` holds records (seed, players, options, the actions, the
game's `RULES_VERSION`), each played to the end of its game, with the end in words a
person can read and diff (`end`: the number of actions, the step, the scores, the
winners and the number of cards in every zone) and the digest of the final state (every
card's place and the random generator's state). A change to the rules or to how they use
the random generator makes these fail, saying the first difference in those words: it
would also change how the players' own records replay. Then bump the game's
`RULES_VERSION`, say in the commit what changed, and write the records afresh with
`python3 -m tests.test_golden`.
"""
import hashlib
import json
import os
import random
import sys

import pytest

from game import registry, saves
from game.core import OVER
from tests import seventh

FOLDER = os.path.join(os.path.dirname(__file__), "golden")


def digest(state):
    """sha256 of what every seat sees (cards by id), the scores, winners, who is to play,
    and the random generator's state: the outcome of a replay, whatever the save format."""
    views = []
    for seat in range(state.players):
        view = state.view(seat)
        views.append([[None if c is None else c.id for c in zone.cards] for zone in view.zones])
    data = {"views": views, "scores": state.scores(), "winners": state.winners(),
            "current_player": state.current_player, "is_over": state.is_over,
            "rng": list(state.rng.getstate()[1])}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def final_state(record):
    """The last state of a record's replay."""
    state = None
    for state in saves.replay(record):
        pass
    return state


def ending(state):
    """The end of a replay in words a person can read: actions, step, scores, winners and
    the number of cards in each zone."""
    return {"actions": len(state.history), "step": state.step, "scores": state.scores(),
            "winners": state.winners(),
            "zones": {zone.key: zone.count for zone in state.view(None).zones}}


def first_difference(recorded, replayed):
    """The first way the replayed end differs from the recorded one, in words (None if
    they are the same)."""
    for key, what in (("actions", "actions played"), ("step", "the step"),
                      ("scores", "the scores"), ("winners", "the winning seats")):
        if replayed[key] != recorded[key]:
            return f"{what}: {replayed[key]}, recorded {recorded[key]}"
    zones = recorded["zones"]
    for key in sorted(set(zones) | set(replayed["zones"])):
        now, then = replayed["zones"].get(key), zones.get(key)
        if now != then:
            return (f"zone {key}: {'no such zone' if now is None else f'{now} cards'}, "
                    f"recorded {'no such zone' if then is None else f'{then} cards'}")
    return None


def replay_difference(record):
    """How a record's replay differs from what it recorded, in words, or None."""
    try:
        state = final_state(record)
    except ValueError as error:
        return f"the replay stops: {error}"
    difference = first_difference(record["end"], ending(state))
    if difference is None and digest(state) != record["digest"]:
        difference = ("the same end in words, but the cards lie in another order or the "
                      "random generator is elsewhere (the digest differs)")
    return difference


def golden(mode):
    """The golden records of `mode`."""
    with open(os.path.join(FOLDER, f"{mode}.json")) as file:
        return json.load(file)


@pytest.mark.quick
@pytest.mark.parametrize("mode", sorted(registry.GAMES))
def test_golden_records_replay_to_their_end(mode):
    records = golden(mode)
    assert len(records) >= 3
    version = registry.GAMES[mode].state_class().RULES_VERSION
    for record in records:
        assert record["rules_version"] == version, (
            f"{mode}: golden records of rules version {record['rules_version']}, the game is at "
            f"{version}: write them afresh (python3 -m tests.test_golden)")
        assert record["end"]["step"] == OVER, f"{mode} seed {record['seed']} stops before the end"
        difference = replay_difference(record)
        assert difference is None, (
            f"{mode} seed {record['seed']} replays differently ({difference}): players' "
            "records would too. Bump the game's RULES_VERSION, say what changed, and write "
            "the golden records afresh (python3 -m tests.test_golden)")


def test_golden_failure_says_the_first_difference_in_words():
    record = golden("ktu")[0]
    assert replay_difference(record) is None
    end = record["end"]
    assert replay_difference(dict(record, end=dict(end, actions=end["actions"] + 1))) == (
        f"actions played: {end['actions']}, recorded {end['actions'] + 1}")
    zones = dict(end["zones"], **{"pile": end["zones"]["pile"] + 2})
    assert replay_difference(dict(record, end=dict(end, zones=zones))) == (
        f"zone pile: {end['zones']['pile']} cards, recorded {end['zones']['pile'] + 2} cards")
    assert replay_difference(dict(record, actions=record["actions"][:-1])) == (
        f"actions played: {end['actions'] - 1}, recorded {end['actions']}")
    assert "the digest differs" in replay_difference(dict(record, digest="0" * 64))
    moved = dict(record, actions=[{"kind": "pick_up", "cards": [], "arg": None}])
    assert replay_difference(moved).startswith("the replay stops: actions[0]: pick up is not legal")


def test_the_rules_shuffle_is_pythons_shuffle():
    """`core.shuffle` (the rules' own, faster) draws the same numbers and gives the same
    order as `random.Random.shuffle`, so deals stay as recorded."""
    from game.core import shuffle
    for seed in range(200):
        items = list(range(seed % 60))
        ours, theirs = random.Random(seed), random.Random(seed)
        mine = list(items)
        shuffle(ours, mine)
        expected = list(items)
        theirs.shuffle(expected)
        assert mine == expected
        assert ours.getstate() == theirs.getstate()


def test_the_rules_random_order_is_pythons_sample():
    """`core.random_order` (the rules' own, faster: Deadline's blind picks) draws the same
    numbers and gives the same order as `random.Random.sample` of every item, so blind
    picks stay as recorded."""
    from game.core import random_order
    for seed in range(200):
        items = list(range(seed % 60))
        ours, theirs = random.Random(seed), random.Random(seed)
        assert random_order(ours, items) == theirs.sample(items, len(items))
        assert ours.getstate() == theirs.getstate()


def test_the_rules_die_is_pythons_randint():
    """`Chance.roll` draws the same numbers and gives the same faces as
    `random.Random.randint(1, sides)`, so rolls stay as recorded."""
    from game.core import Chance
    for seed in range(50):
        for sides in (2, 6, 7, 12):
            chance, theirs = Chance(seed), random.Random(seed)
            assert ([chance.roll(sides) for _ in range(40)]
                    == [theirs.randint(1, sides) for _ in range(40)])
            assert chance.rng.getstate() == theirs.getstate()


def test_golden_record_of_older_rules_opens_with_a_note(tmp_path, monkeypatch):
    """The rules moved on to version 2: a version 1 record that no longer replays opens
    as far as it goes, with a note, and is not kept aside; one of the current rules is."""
    monkeypatch.setattr(registry.GAMES["final_card_down"].state_class(), "RULES_VERSION", 2)
    record = dict(golden("final_card_down")[0],
                  seats=[{"name": f"P{i}", "level": None} for i in range(3)],
                  format=saves.RECORD_FORMAT, version=saves.FILE_VERSION)
    record["players"] = 3
    record["actions"] = record["actions"][:5] + [{"kind": "no_such_move", "cards": [], "arg": None}]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record))
    data = saves.read_record(str(path))
    assert "Final Card-Down rules version 1 (this app: 2)" in data["note"]
    assert "5 of its 6 moves replay" in data["note"]
    assert os.listdir(tmp_path) == ["old.json"]
    assert len(list(saves.replay(data, to_first_illegal=True))) == 6
    current = dict(record, rules_version=2)
    path.write_text(json.dumps(current))
    with pytest.raises(saves.BadFile, match="not legal"):
        saves.read_record(str(path))


# Saves written by older code, checked in as it wrote them: format 1 (before the state
# machine and the draw pile had one name; mid-game, and finished games), format 2 (before
# fields took their facts' names and every game ended the same way) and an autosave file
# of format 2. They must load for as long as players may have such files.
OLD_SAVES = ("v1_saves.json", "v1_finished_saves.json", "v2_saves.json")


def replayed(data):
    """A saved game's moves played again from its deal."""
    state = registry.new_game(data["game"], players=data["players"], seed=data["chance"]["seed"],
                          options=data["options"])
    for action in data["history"]:
        state.apply(state.action_from_json(action, "history[]"))
    return state


@pytest.mark.quick
@pytest.mark.parametrize("name", OLD_SAVES)
def test_golden_old_saves_still_load(name):
    """Each old save loads into the same state as replaying its moves, finished or not."""
    with open(os.path.join(FOLDER, name)) as file:
        saved = json.load(file)
    assert saved and {data["game"] for data in saved} <= set(registry.GAMES)
    for data in saved:
        assert data["version"] == int(name[1])
        loaded = registry.load_state(data)
        again = replayed(data)
        assert loaded == again, data["game"]
        assert loaded.legal_actions() == again.legal_actions()
        assert (loaded.is_over, loaded.winners()) == (again.is_over, again.winners())


def test_golden_old_autosave_continues(user_home):
    """An autosave file written by the code of save format 2 continues where it stopped."""
    folders = saves.Folders(str(user_home))
    os.makedirs(folders.data)
    with open(os.path.join(FOLDER, "v2_autosave.json")) as file:
        text = file.read()
    with open(folders.autosave, "w") as file:
        file.write(text)
    state, seats = saves.load_game(folders)
    assert state == replayed(json.loads(text)["game"])
    assert [seat["name"] for seat in seats] == ["Maya", "Theo", "Ines"]
    assert saves.load_undo(folders) == {"undos": 1, "practice": False}


def make_records(mode):
    """Three records of random legal play (the last with every option at its last value)."""
    info = registry.GAMES[mode]
    records = []
    for seed in (1, 2, 3):
        players = info.min_players + seed % (info.max_players - info.min_players + 1)
        options = {o.id: o.values[-1] for o in info.options
                   if seed == 3 and o.id != info.player_option}
        state = registry.new_game(mode, players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        records.append({"game": mode, "players": players, "options": dict(state.options),
                        "seed": seed, "rules_version": state.RULES_VERSION,
                        "digest": digest(state), "end": ending(state),
                        "actions": [a.to_json() for a in state.history]})
    return records


def as_text(records):
    """Records as JSON text: the end a line per part, one action a line (readable, and
    diffs stay small)."""
    parts = []
    for record in records:
        head = json.dumps({k: v for k, v in record.items() if k not in ("end", "actions")})
        end = ",\n".join(f"   {json.dumps(k)}: {json.dumps(v)}" for k, v in record["end"].items())
        moves = ",\n".join("   " + json.dumps(a) for a in record["actions"])
        parts.append(f' {head[:-1]},\n  "end": {{\n{end}}},\n  "actions": [\n{moves}]}}')
    return "[\n" + ",\n".join(parts) + "\n]\n"


if __name__ == "__main__":
    seventh.register()
    for mode in sys.argv[1:] or sorted(registry.GAMES):
        with open(os.path.join(FOLDER, f"{mode}.json"), "w") as file:
            file.write(as_text(make_records(mode)))
        print(f"wrote {FOLDER}/{mode}.json")
