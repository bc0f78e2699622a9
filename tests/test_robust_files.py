"""Files and commands that can never stop the app (issue 18): hostile settings, read-only
folders, unreadable statistics, bad names, seeds and generator states, huge texts in
messages, files named on the command line, bounded command options, leftover temporary
files, and the end of a game counted exactly once wherever it stops; and a finished game
never lost to a full disk, a read-only records folder or unreadable statistics, on the
real file system (issue 35; see tests/disks.py)."""
import json
import math
import os
import random
import subprocess
import sys
import time

import pytest

import main
from game import registry, saves
from game.saves import files
from scenes.table.session import Seat, Session
from tests import disks
from tests.helpers import finished

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEATS = [{"name": "Maya", "level": None}, {"name": "Theo", "level": "easy"}]


@pytest.fixture
def folders(tmp_path):
    return saves.Folders(str(tmp_path))


def read_only(monkeypatch):
    """Make every rename and every new file in the app's folders fail as a read-only
    folder does (the tests run as root, whom chmod does not stop)."""
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(files.os, "replace", refuse)
    monkeypatch.setattr(files.tempfile, "mkstemp", refuse)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", errors="surrogatepass") as handle:
        handle.write(text)


def aside(folder, name):
    return [n for n in os.listdir(folder) if n.startswith(name + ".bad-")]


def autosave_text(edit=None):
    state = registry.new_game("final_card_down", players=2, seed=4)
    state.apply(state.legal_actions()[0])
    data = {"format": "cardtable-autosave", "version": 1, "seats": [dict(s) for s in SEATS],
            "game": state.to_dict()}
    if edit:
        edit(data)
    return json.dumps(data)


# ---- 1. a YAML alias bomb -------------------------------------------------------------------
BOMB = ("sound: [&a [x,x,x,x,x,x,x,x,x], &b [*a,*a,*a,*a,*a,*a,*a,*a,*a], "
        "&c [*b,*b,*b,*b,*b,*b,*b,*b,*b], &d [*c,*c,*c,*c,*c,*c,*c,*c,*c], "
        "&e [*d,*d,*d,*d,*d,*d,*d,*d,*d], &f [*e,*e,*e,*e,*e,*e,*e,*e,*e], "
        "&g [*f,*f,*f,*f,*f,*f,*f,*f,*f], &h [*g,*g,*g,*g,*g,*g,*g,*g,*g], "
        "&i [*h,*h,*h,*h,*h,*h,*h,*h,*h]]\n")


def test_a_yaml_alias_bomb_is_a_bad_settings_file(folders):
    write(folders.settings, BOMB)
    started = time.monotonic()
    loaded, problem = saves.load_settings(folders, {"sound": True}, {"sound": (True, False)})
    assert time.monotonic() - started < 2
    assert loaded == {"sound": True}
    assert "aliases expand to more than" in problem and len(problem) < 400
    [kept] = aside(folders.config, "settings.yaml")
    assert open(os.path.join(folders.config, kept)).read() == BOMB


def test_a_few_aliases_are_still_fine(folders):
    write(folders.settings, "sound: &on true\nfullscreen: false\n")
    loaded, problem = saves.load_settings(folders, {"sound": False, "fullscreen": True},
                                          {"sound": (True, False), "fullscreen": (False, True)})
    assert problem is None and loaded == {"sound": True, "fullscreen": False}


# ---- 2 and 12. read-only folders -------------------------------------------------------------
def test_a_bad_settings_file_in_a_read_only_folder_means_defaults(folders, monkeypatch):
    write(folders.settings, "sound: [unclosed\n")
    read_only(monkeypatch)
    loaded, problem = saves.load_settings(folders, {"sound": True}, {"sound": (True, False)})
    assert loaded == {"sound": True}
    assert "is not valid YAML" in problem and "could not be set aside (Permission denied)" in problem
    assert open(folders.settings).read() == "sound: [unclosed\n"


def test_a_damaged_autosave_in_a_read_only_folder_says_it_is_damaged(folders, monkeypatch):
    write(folders.autosave, '{"format": "cardtable-autosave", "version": 1, "seats": [')
    read_only(monkeypatch)
    with pytest.raises(saves.BadFile) as info:
        saves.load_game(folders)
    message = str(info.value)
    assert "is not valid JSON" in message and "could not be set aside (Permission denied)" in message
    assert os.path.exists(folders.autosave) and aside(folders.data, "autosave.json") == []


def test_bad_statistics_and_records_in_a_read_only_folder_are_refused_calmly(folders, monkeypatch):
    write(folders.statistics, "{ not json")
    path = saves.write_record(folders, finished(), SEATS)
    write(path, "[]")
    read_only(monkeypatch)
    for load in (lambda: saves.load_statistics(folders), lambda: saves.read_record(path)):
        with pytest.raises(saves.BadFile, match="could not be set aside") as info:
            load()
        assert info.value.kept_as is None
    with pytest.raises(OSError):
        saves.reset_statistics(folders)     # Reset says it could not (the scene shows it)


# ---- 3. an unreadable statistics.json ----------------------------------------------------------
def test_an_unreadable_statistics_file_does_not_stop_the_last_move(user_home):
    folders = saves.Folders()
    os.makedirs(folders.statistics)         # a folder where the file should be
    session = Session("final_card_down", [Seat("Maya"), Seat("Theo", False, "easy")], {}, 3, folders)
    rng = random.Random(3)
    while not session.state.is_over:
        session.submit(rng.choice(session.state.legal_actions()))
    assert not os.path.exists(folders.autosave)
    assert saves.read_record(session.record_path)["actions"] == [a.to_json() for a in session.state.history]
    assert "could not be counted" in session.problem and "is not a regular file" in session.problem
    assert os.path.isdir(folders.statistics) and saves.load_game(folders) is None
    [ended] = saves.ended_games(folders)                # kept to be counted at the next start
    os.rmdir(folders.statistics)
    [told] = saves.finish_ended(folders)
    assert told.endswith("is now recorded and counted in Statistics.")
    assert saves.load_statistics(folders)["games"]["final_card_down"]["Maya"]["played"] == 1
    assert saves.list_records(folders) == [session.record_path] and not os.path.exists(ended)


def test_corrupt_statistics_at_the_end_start_afresh_and_count_the_game(user_home):
    folders = saves.Folders()
    write(folders.statistics, "{ not json")
    session = Session("final_card_down", [Seat("Maya"), Seat("Theo", False, "easy")], {}, 3, folders)
    rng = random.Random(3)
    while not session.state.is_over:
        session.submit(rng.choice(session.state.legal_actions()))
    assert "started afresh" in session.problem
    assert saves.load_statistics(folders)["games"]["final_card_down"]["Maya"]["played"] == 1
    assert aside(folders.data, "statistics.json")


# ---- 4. the end of a game, one transaction ---------------------------------------------------------
class Stop(BaseException):
    """The process stopping dead (a kill, a power cut) at one step of the game's end."""


STEPS = ("mark the autosave finished", "write the record", "write the statistics",
         "remove the autosave")


@pytest.mark.parametrize("stop", range(len(STEPS) + 1), ids=list(STEPS) + ["no stop"])
def test_the_end_of_a_game_counts_once_wherever_it_stops(user_home, monkeypatch, stop):
    folders = saves.Folders()
    seats = [Seat("Maya"), Seat("Theo", False, "easy"), Seat("Ines")]
    options = {"fcd.players": 3}
    reference = Session("final_card_down", seats, options, 9)
    rng = random.Random(9)
    while not reference.state.is_over:
        reference.submit(rng.choice(reference.state.legal_actions()))
    history = reference.state.history

    session = Session("final_card_down", seats, options, 9, folders)
    for action in history[:-1]:
        session.submit(action)
    steps = []
    real_write, real_unlink = files.atomic_write, files.os.unlink

    def step(real):
        def run(*args):
            steps.append(args[0])
            if len(steps) == stop + 1:
                raise Stop()
            return real(*args)
        return run
    monkeypatch.setattr(files, "atomic_write", step(real_write))
    monkeypatch.setattr(files.os, "unlink", step(real_unlink))
    try:
        session.submit(history[-1])
    except Stop:
        assert stop < len(STEPS)
    monkeypatch.undo()
    assert len(steps) == min(stop + 1, len(STEPS)) and steps[0] == folders.autosave

    for start in range(2):                  # the app started again, twice
        saved = saves.load_game(folders)
        if saved is not None:               # Continue: only when nothing was marked yet
            assert stop == 0 and start == 0
            state, saved_seats = saved
            assert len(state.history) == len(history) - 1
            Session.resume(state, saved_seats, folders).submit(history[-1])
        assert saves.load_game(folders) is None and not os.path.exists(folders.autosave)
        [record] = saves.list_records(folders)
        kept = saves.read_record(record)
        assert kept["actions"] == [a.to_json() for a in history]
        stats = saves.load_statistics(folders)
        lines = stats["games"]["final_card_down"]
        assert set(lines) == {"Maya", "Ines"}
        assert lines["Maya"]["played"] == lines["Ines"]["played"] == 1
        assert stats["counted"] == [kept["uid"]]


# ---- 5. a finished game is never lost (issue 35) ------------------------------------------------
def ktu_to_its_last_move(folders, seed=6):
    """A KTU session (Maya, a person, against Theo, a computer) autosaved in `folders`, one
    move before its end; returns (session, that last move)."""
    seats = [Seat("Maya"), Seat("Theo", False, "easy")]
    reference = Session("ktu", seats, {}, seed)
    rng = random.Random(seed)
    while not reference.state.is_over:
        reference.submit(rng.choice(reference.state.legal_actions()))
    history = reference.state.history
    session = Session("ktu", seats, {}, seed, folders)
    for action in history[:-1]:
        session.submit(action)
    return session, history[-1]


def counted(folders, name="Maya"):
    """How many finished KTU games the statistics count for `name`."""
    return saves.load_statistics(folders)["games"].get("ktu", {}).get(name, {}).get("played", 0)


def test_a_game_that_ends_on_a_full_disk_is_continued_from_its_last_save(user_home, monkeypatch):
    folders = saves.Folders()
    with disks.small_disk(folders.data, monkeypatch) as disk:
        session, last = ktu_to_its_last_move(folders)
        disk.fill()
        session.submit(last)
        assert session.state.is_over and session.record_path is None
        assert "The game's end could not be saved (No space left on device)" in session.problem
        assert "Continue on the menu resumes it from its last save" in session.problem
        assert saves.list_records(folders) == [] and counted(folders) == 0
        disk.free()                                   # space returns; the app starts again
        assert saves.finish_ended(folders) == []
        state, seats = saves.load_game(folders)       # Continue
        assert state.history == session.state.history[:-1]
        again = Session.resume(state, seats, folders)
        again.submit(last)
        assert again.problem is None and again.state.to_dict() == session.state.to_dict()
        [record] = saves.list_records(folders)
        assert saves.read_record(record)["actions"] == [a.to_json() for a in again.state.history]
        assert counted(folders) == 1 and saves.load_game(folders) is None
        assert not os.path.exists(folders.autosave)


def full_records_disk(folders, monkeypatch):
    """The records folder on a disk of its own that is full."""
    os.makedirs(folders.records)
    with disks.small_disk(folders.records, monkeypatch) as disk:
        disk.fill()
        yield
        disk.free()


def read_only_records(folders, monkeypatch):
    """The records folder read-only."""
    os.makedirs(folders.records)
    with disks.read_only(folders.records):
        yield


def unreadable_statistics(folders, monkeypatch):
    """A folder where the statistics file should be: it cannot be read or set aside."""
    os.makedirs(folders.statistics)
    yield
    os.rmdir(folders.statistics)


@pytest.mark.parametrize("fault", [full_records_disk, read_only_records, unreadable_statistics])
def test_a_finished_game_that_cannot_be_recorded_or_counted_is_kept_for_the_next_start(
        user_home, monkeypatch, fault):
    folders = saves.Folders()
    fault = fault(folders, monkeypatch)
    next(fault)
    session, last = ktu_to_its_last_move(folders)
    session.submit(last)
    assert session.problem.startswith("The finished game of KTU with Maya, Theo could not be "
                                      "recorded and counted yet. ")
    assert session.problem.endswith(" It is saved and will be recorded and counted at the next start.")
    assert not os.path.exists(folders.autosave) and saves.load_game(folders) is None
    [ended] = saves.ended_games(folders)
    other = Session("ktu", [Seat("Ines"), Seat("Theo", False, "easy")], {}, 2, folders)
    other.submit(other.state.legal_actions()[0])  # a new game's autosave leaves it alone
    assert saves.ended_games(folders) == [ended]
    assert saves.finish_ended(folders) == [session.problem]   # the next start: still there
    assert saves.ended_games(folders) == [ended]
    next(fault, None)                             # the fault is gone
    records_before = len(saves.list_records(folders))
    [told] = saves.finish_ended(folders)
    assert told == "The finished game of KTU with Maya, Theo is now recorded and counted in Statistics."
    assert saves.finish_ended(folders) == [] and saves.ended_games(folders) == []
    records = saves.list_records(folders)
    assert len(records) == 1 and records_before <= 1
    assert saves.read_record(records[0])["actions"] == [a.to_json() for a in session.state.history]
    assert counted(folders) == 1 and counted(folders, "Ines") == 0
    assert saves.load_game(folders)[0].to_dict() == other.state.to_dict()   # Continue: Ines's game


def test_a_marked_end_that_still_fails_at_the_next_start_is_set_aside_not_lost(user_home):
    folders = saves.Folders()
    state = finished("ktu", 4)
    saves.save_game(folders, state, SEATS, end={"uid": "a" * 32,
                                                "record": os.path.basename(
                                                    saves.new_record_path(folders, "ktu"))})
    os.makedirs(folders.statistics)               # the app stopped; now it cannot count
    assert saves.load_game(folders) is None and not os.path.exists(folders.autosave)
    assert saves.ended_games(folders) == [os.path.join(folders.data, "ended-" + "a" * 32 + ".json")]
    os.rmdir(folders.statistics)
    assert saves.finish_ended(folders)[0].endswith("now recorded and counted in Statistics.")
    assert counted(folders) == 1 and len(saves.list_records(folders)) == 1


def test_a_finished_autosave_with_a_hostile_end_mark_is_refused(folders):
    state = finished()
    for end, problem in (({"uid": "x" * 32, "record": "a.json"}, "end.uid"),
                         ({"uid": "0" * 32, "record": "../../../etc/passwd"}, "end.record"),
                         ({"uid": "0" * 32}, "expected the fields uid and record")):
        data = {"format": "cardtable-autosave", "version": 1, "seats": SEATS,
                "game": state.to_dict(), "end": end}
        write(folders.autosave, json.dumps(data))
        with pytest.raises(saves.BadFile, match=problem):
            saves.load_game(folders)
    assert saves.list_records(folders) == []


# ---- 7. names that cannot be drawn ---------------------------------------------------------------
@pytest.mark.parametrize("name", ["Ma\x00ya", "\ud800", "Theo\udfff", "\x1b[31m", "line\nbreak"])
def test_names_that_cannot_be_drawn_are_a_bad_file(folders, name):
    write(folders.autosave, autosave_text(lambda d: d["seats"][0].update(name=name)))
    with pytest.raises(saves.BadFile, match="seats.0..name: holds a character"):
        saves.load_game(folders)
    assert aside(folders.data, "autosave.json")
    stats = saves.empty_statistics()
    saves.add_result(stats, finished(), SEATS)
    stats["games"]["final_card_down"][name] = stats["games"]["final_card_down"].pop("Maya")
    write(folders.statistics, json.dumps(stats))
    with pytest.raises(saves.BadFile, match="holds a character that is not printable") as info:
        saves.load_statistics(folders)
    assert str(info.value).isprintable()
    assert aside(folders.data, "statistics.json")


# ---- 8. untrusted text in messages ------------------------------------------------------------------
def test_a_huge_game_id_makes_a_short_clean_message(folders):
    write(folders.autosave, autosave_text(lambda d: d["game"].update(game="\x00" + "x" * 15_000_000)))
    with pytest.raises(saves.BadFile) as info:
        saves.load_game(folders)
    message = str(info.value)
    assert "unknown game" in message and len(message) < 1000 and message.isprintable()
    assert aside(folders.data, "autosave.json")


def test_excerpt_cleans_and_cuts():
    assert saves.excerpt("a\x00b\ud800c") == "a?b?c"
    assert saves.excerpt("x" * 500, 10) == "x" * 10 + "..."


# ---- 9. chance.seed and the generator state ----------------------------------------------------------
@pytest.mark.parametrize("edit,problem", [
    (lambda c: c.update(seed="12"), "chance.seed: expected a whole number"),
    (lambda c: c.update(seed=[1, 2]), "chance.seed: expected a whole number"),
    (lambda c: c.update(seed=float("nan")), "chance.seed: expected a whole number"),
    (lambda c: c.update(seed=True), "chance.seed: expected a whole number"),
    (lambda c: c.update(seed=2**70), "chance.seed: expected a whole number"),
    (lambda c: c.update(seed=None), "chance.seed: expected a whole number"),
    (lambda c: c["rng"].__setitem__(1, [0] * 624 + [624]), "chance.rng: not a saved random"),
    (lambda c: c["rng"][1].__setitem__(3, 2**32), "chance.rng: not a saved random"),
    (lambda c: c["rng"].__setitem__(2, float("nan")), "chance.rng: not a saved random"),
    (lambda c: c["rng"].__setitem__(0, 2), "chance.rng: not a saved random"),
])
def test_a_bad_seed_or_generator_state_is_a_bad_file(folders, edit, problem):
    write(folders.autosave, autosave_text(lambda d: edit(d["game"]["chance"])))
    with pytest.raises(saves.BadFile, match=problem):
        saves.load_game(folders)


def test_a_good_seed_loads_and_the_game_records(folders):
    write(folders.autosave, autosave_text())
    state, _ = saves.load_game(folders)
    assert state.chance.seed == 4 and isinstance(state.chance.seed, int)
    with pytest.raises(ValueError, match="seed: expected a whole number"):
        registry.new_game("ktu", seed=math.inf)


# ---- 10. replay FILE: the user's file is never moved ----------------------------------------------
def run_main(capsys, *argv):
    with pytest.raises(SystemExit) as info:
        main.main(list(argv))
    return info.value.code, capsys.readouterr().err


def test_replay_refuses_a_users_file_and_never_moves_it(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping: milk, eggs\n")
    code, err = run_main(capsys, "replay", str(notes))
    assert code == 2 and "is not valid JSON" in err and len(err.splitlines()) == 1
    assert sorted(os.listdir(tmp_path)) == ["notes.txt"] and notes.read_text() == "shopping: milk, eggs\n"
    code, err = run_main(capsys, "replay", str(tmp_path))
    assert code == 2 and "is not a regular file" in err
    code, err = run_main(capsys, "replay", "/dev/zero")
    assert code == 2 and "is not a regular file" in err and os.path.exists("/dev/zero")


def test_replay_of_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result = subprocess.run([sys.executable, "main.py", "replay", str(fifo)], cwd=ROOT,
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2 and "is not a regular file" in result.stderr
    assert os.path.exists(fifo) and os.listdir(tmp_path) == ["pipe"]


def test_a_file_larger_than_any_record_is_refused_unread(folders, monkeypatch):
    write(folders.statistics, "{}")
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 1)
    with pytest.raises(saves.BadFile, match="more than any file the app writes"):
        saves.read_record(folders.statistics, move=False)
    assert os.path.exists(folders.statistics)


# ---- 11. bounded command options ----------------------------------------------------------------------
@pytest.mark.parametrize("argv,problem", [
    (["tournament", "ktu", "--seats", "easy,easy", "--workers", "100000"], "expected at most"),
    (["tournament", "ktu", "--seats", "easy,easy", "--workers", "0"], "expected a number of 1 or more"),
    (["report", "ktu", "--workers", "100000"], "expected at most"),
    (["bench", "--seconds", "-1"], "expected seconds above 0"),
    (["bench", "--seconds", "0"], "expected seconds above 0"),
    (["bench", "--seconds", "nan"], "expected seconds above 0"),
    (["bench", "--seconds", "inf"], "expected seconds above 0"),
    (["bench", "--seconds", "1e9"], "expected seconds above 0"),
])
def test_command_options_are_bounded(capsys, argv, problem):
    code, err = run_main(capsys, *argv)
    assert code == 2 and problem in err and len(err.splitlines()) == 1
    assert main.MAX_WORKERS <= 64


# ---- 12. leftover temporary files ---------------------------------------------------------------------
def test_leftover_temporary_files_are_cleaned_up(folders):
    old = [os.path.join(folders.data, ".tmp-abcd1234"), os.path.join(folders.config, ".tmp-x_y_z_00")]
    fresh = os.path.join(folders.data, ".tmp-fresh123")
    users = [os.path.join(folders.data, ".tmp-notes.txt"), os.path.join(folders.data, "tmp-abcd1234")]
    for path in old + [fresh] + users:
        write(path, "half a save")
    for path in old + users:
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    assert saves.clean_temporary(folders) == 2
    assert not any(os.path.exists(p) for p in old)
    assert all(os.path.exists(p) for p in [fresh] + users)
