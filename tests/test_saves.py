"""Saves, statistics, records and settings: atomic, validated, and never losing a file."""
import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game import registry, resources, saves
from game.saves import files as file_io
from game.version import VERSION


@pytest.fixture
def folders(tmp_path):
    return saves.Folders(str(tmp_path))


SEATS = [{"name": "Maya", "level": None}, {"name": "Bot", "level": "easy"},
         {"name": "Ravi", "level": None}, {"name": "Bot 2", "level": "hard"}]


def played(state, moves, seed=0):
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def files(folder):
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else []


@pytest.mark.quick
def test_autosave_resumes_exactly(folders):
    state = played(registry.new_game("final_card_down", seed=4), 30)
    saves.save_game(folders, state, SEATS)
    loaded, seats = saves.load_game(folders)
    assert loaded == state and seats == SEATS
    assert loaded.current_player == state.current_player
    assert loaded.rng.random() == state.rng.random()


def test_a_game_quit_at_any_action_resumes_to_the_same_end(folders):
    reference = played(registry.new_game("final_card_down", seed=8), 10**6, seed=8)
    for stop in (0, 1, 7, len(reference.history) // 2, len(reference.history) - 1):
        state = registry.new_game("final_card_down", seed=8)
        rng = random.Random(8)
        saves.save_game(folders, state, SEATS)
        for _ in range(stop):
            state.apply(rng.choice(state.legal_actions()))
            saves.save_game(folders, state, SEATS)
        state, _ = saves.load_game(folders)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        assert state.to_dict()["state"] == reference.to_dict()["state"]


def test_no_save_means_none(folders):
    assert saves.load_game(folders) is None


def test_a_torn_write_leaves_the_previous_save(folders, monkeypatch):
    state = played(registry.new_game("final_card_down", seed=2), 5)
    saves.save_game(folders, state, SEATS)
    later = played(state.clone(), 5)

    def torn(src, dst):
        raise OSError("power cut")
    monkeypatch.setattr(file_io.os, "replace", torn)
    with pytest.raises(OSError):
        saves.save_game(folders, later, SEATS)
    monkeypatch.undo()
    loaded, _ = saves.load_game(folders)
    assert loaded == state
    assert files(folders.data) == ["autosave.json"]


def test_a_writer_killed_midway_leaves_the_previous_save(folders):
    state = played(registry.new_game("final_card_down", seed=2), 5)
    saves.save_game(folders, state, SEATS)
    script = (
        "import os, sys\n"
        "from game import registry, saves\n"
        "f = saves.Folders(sys.argv[1])\n"
        "s = registry.new_game('final_card_down', seed=3)\n"
        "real = os.fsync\n"
        "def die(fd):\n"
        "    os._exit(9)\n"
        "os.fsync = die\n"
        "saves.save_game(f, s, [{'name': n, 'level': None} for n in 'ABCD'])\n")
    result = subprocess.run([sys.executable, "-c", script, folders.data.rsplit(os.sep, 1)[0]],
                            cwd=resources.root(), capture_output=True, timeout=60)
    assert result.returncode == 9
    loaded, _ = saves.load_game(folders)
    assert loaded == state


@pytest.mark.parametrize("text,problem", [
    ("", "is empty"),
    ('{"format": "cardtable-autosave", "version": 1, "seats": [', "is not valid JSON"),
    ("[1, 2, 3]", "expected dict"),
    ('{"format": "cardtable-autosave", "version": 7}', "has version 7"),
    ('{"format": "something-else", "version": 1}', "is not a cardtable-autosave file"),
    ("[" * 100000 + "]" * 100000, "nested too deeply"),
    ('{"format": "cardtable-autosave", "version": 1, "seats": [], "game": {"x": ' + "9" * 5000
     + "}}", "has a number with 5000 digits"),
])
def test_bad_autosaves_are_kept_aside_with_a_message(folders, text, problem):
    os.makedirs(folders.data)
    with open(folders.autosave, "w") as handle:
        handle.write(text)
    with pytest.raises(saves.BadFile) as info:
        saves.load_game(folders)
    assert problem in str(info.value) and folders.autosave in str(info.value)
    kept = [n for n in files(folders.data) if n.startswith("autosave.json.bad-")]
    assert len(kept) == 1
    assert open(os.path.join(folders.data, kept[0])).read() == text
    assert saves.load_game(folders) is None


def _valid_autosave():
    state = played(registry.new_game("final_card_down", seed=1), 12)
    return {"format": "cardtable-autosave", "version": 1, "seats": [dict(s) for s in SEATS],
            "game": state.to_dict()}


def test_hostile_autosave_contents(folders):
    cases = [
        (lambda d: d["game"].update(game="chess"), "unknown game 'chess'"),
        (lambda d: d["game"]["state"]["hands"][0].append(d["game"]["state"]["hands"][1][0]),
         "in two places"),
        (lambda d: d["game"]["state"]["hands"][0].append(123456), "outside"),
        (lambda d: d["game"]["state"].update(turn=10**12), "outside"),
        (lambda d: d.update(seats=SEATS[:2]), "2 seats for 4 players"),
        (lambda d: d["seats"][0].update(level="godlike"), "not one of"),
        (lambda d: d["game"].update(players="four"), "players must be a whole number"),
    ]
    for edit, problem in cases:
        data = _valid_autosave()
        edit(data)
        os.makedirs(folders.data, exist_ok=True)
        with open(folders.autosave, "w") as handle:
            json.dump(data, handle)
        with pytest.raises(saves.BadFile) as info:
            saves.load_game(folders)
        assert problem in str(info.value), str(info.value)
        assert not os.path.exists(folders.autosave)


def _mutations():
    """Strategies for damaged versions of a valid save's JSON text."""
    base = json.dumps(_valid_autosave())
    junk = st.recursive(st.none() | st.booleans() | st.integers() | st.floats()
                        | st.text(max_size=8),
                        lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                        max_leaves=12)
    truncated = st.integers(0, len(base) - 1).map(lambda n: base[:n])
    one_char = st.characters(exclude_categories=("Cs",))    # no file holds a lone surrogate
    flipped = st.tuples(st.integers(0, len(base) - 1), one_char).map(
        lambda p: base[:p[0]] + p[1] + base[p[0] + 1:])

    def replace_field(pair):
        path_seed, value = pair
        data = json.loads(base)
        node = data
        rng = random.Random(path_seed)
        for _ in range(rng.randint(1, 4)):
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = rng.choice(keys)
            if isinstance(node[key], (dict, list)) and node[key] and rng.random() < 0.7:
                node = node[key]
                continue
            node[key] = value
            break
        return json.dumps(data)
    replaced = st.tuples(st.integers(0, 10**6), junk).map(replace_field)
    return st.one_of(truncated, flipped, replaced, junk.map(json.dumps),
                     st.binary(max_size=64).map(lambda b: b.decode("latin-1")))


@settings(max_examples=1000, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=_mutations())
def test_fuzzed_autosaves_never_crash_and_never_lose_the_original(tmp_path_factory, text):
    folders = saves.Folders(str(tmp_path_factory.mktemp("fuzz")))
    os.makedirs(folders.data)
    with open(folders.autosave, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    try:
        result = saves.load_game(folders)
    except saves.BadFile as error:
        assert error.kept_as and open(error.kept_as, encoding="utf-8", newline="").read() == text
        assert not os.path.exists(folders.autosave)
    else:
        state, seats = result
        assert state.players == len(seats)
        assert open(folders.autosave, encoding="utf-8", newline="").read() == text


def test_statistics_count_humans_per_game_and_level(folders):
    stats = saves.load_statistics(folders)
    state = played(registry.new_game("final_card_down", seed=3), 10**6)
    saves.add_result(stats, state, SEATS)
    saves.save_statistics(folders, stats)
    again = saves.load_statistics(folders)
    lines = again["games"]["final_card_down"]
    assert set(lines) == {"Maya", "Ravi"}
    maya = lines["Maya"]
    assert maya["played"] == 1 and maya["won"] == (0 in state.winners())
    assert maya["best"] == state.scores()[0] == maya["score_sum"]
    assert maya["vs"]["easy"] == [1, int(0 in state.winners())]
    assert maya["vs"]["medium"] == [0, 0]
    saves.reset_statistics(folders)
    assert saves.load_statistics(folders)["games"] == {}
    assert any(n.startswith("statistics.json.bad-") for n in files(folders.data))


def test_bad_statistics_are_kept_aside(folders):
    os.makedirs(folders.data)
    bad = {"format": "cardtable-statistics", "version": 1,
           "games": {"final_card_down": {"Maya": {"played": 1, "won": 5, "score_sum": 0,
                                                  "best": 0, "vs": {}}}}}
    with open(folders.statistics, "w") as handle:
        json.dump(bad, handle)
    with pytest.raises(saves.BadFile, match="more games won than played"):
        saves.load_statistics(folders)
    assert saves.load_statistics(folders)["games"] == {}


@pytest.mark.quick
def test_records_replay_move_by_move(folders):
    state = played(registry.new_game("final_card_down", seed=6, options={"fcd.players": 3}), 10**6)
    path = saves.write_record(folders, state, SEATS[:3])
    record = saves.read_record(path)
    assert record["rules_version"] == state.RULES_VERSION and "note" not in record
    assert record["app_version"] == VERSION
    states = list(saves.replay(record))
    assert len(states) == len(state.history) + 1
    assert states[-1].to_dict()["state"] == state.to_dict()["state"]
    assert saves.list_records(folders) == [path]


def test_records_list_newest_first_even_within_one_second(folders):
    state = played(registry.new_game("final_card_down", seed=6), 10**6)
    paths = [saves.write_record(folders, state, SEATS) for _ in range(5)]
    assert saves.list_records(folders) == paths[::-1]


def test_a_record_that_does_not_replay_is_refused(folders):
    state = played(registry.new_game("final_card_down", seed=6), 20)
    path = saves.write_record(folders, state, SEATS)
    record = json.load(open(path))
    record["actions"][3] = {"kind": "end_turn", "cards": [], "arg": None}
    record["actions"][2] = {"kind": "end_turn", "cards": [], "arg": None}
    with open(path, "w") as handle:
        json.dump(record, handle)
    with pytest.raises(saves.BadFile, match="is not legal in the replayed game"):
        saves.read_record(path)


def test_a_record_with_bad_seats_is_refused(folders):
    state = played(registry.new_game("final_card_down", seed=6), 20)
    path = saves.write_record(folders, state, SEATS)
    record = json.load(open(path))
    record["seats"] = [{"name": "Maya"}]
    with open(path, "w") as handle:
        json.dump(record, handle)
    with pytest.raises(saves.BadFile, match="1 seats for 4 players"):
        saves.read_record(path)


DEFAULTS = {"animation_speed": 1.0, "sound": True, "fullscreen": False}
CHOICES = {"animation_speed": (float, 0.25, 4.0), "sound": (True, False),
           "fullscreen": (False, True)}


@pytest.mark.quick
@pytest.mark.parametrize("text,problem", [
    ("sound: maybe\n", "sound: 'maybe' is not one of"),
    ("volume: 11\n", "unknown setting 'volume'"),
    ("animation_speed: 99\n", "not a number from 0.25 to 4.0"),
    ("- a list\n", "expected dict"),
    ("sound: [unclosed\n", "is not valid YAML"),
])
def test_bad_settings_fall_back_to_defaults_and_keep_the_file(folders, text, problem):
    os.makedirs(folders.config)
    with open(folders.settings, "w") as handle:
        handle.write(text)
    loaded, message = saves.load_settings(folders, DEFAULTS, CHOICES)
    assert loaded == DEFAULTS
    assert problem in message and folders.settings in message
    kept = [n for n in files(folders.config) if n.startswith("settings.yaml.bad-")]
    assert len(kept) == 1


def test_settings_round_trip(folders):
    saves.save_settings(folders, {"animation_speed": 2.0, "sound": False, "fullscreen": True})
    loaded, message = saves.load_settings(folders, DEFAULTS, CHOICES)
    assert message is None
    assert loaded == {"animation_speed": 2.0, "sound": False, "fullscreen": True}


def test_nothing_is_written_next_to_the_program(folders):
    assert not folders.data.startswith(resources.root() + os.sep) or \
        os.environ.get("CARDTABLE_HOME")
    default = saves.Folders.__new__(saves.Folders)
    os.environ.pop("CARDTABLE_HOME", None)
    default.__init__()
    for folder in (default.config, default.data, default.logs):
        assert not folder.startswith(resources.root())
