"""Every command's bad input is one line (issue 35): each subcommand run as a user types
it (`python3 main.py ...` in a subprocess, with a timeout) over huge, negative and zero
numbers, non-numbers, empty texts, and files it cannot use (a pipe, /dev/full, a folder,
a file in a read-only folder, a missing one): one line on standard error naming the
option (or the argument) and what is wrong, exit status 2, nothing on standard output,
no traceback, no wait. The network inputs of host and join (--listen, --code, the
address, --wait, names) are tested with the network (tests/test_net_*.py)."""
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests import disks

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HUGE = "1" + "0" * 25          # 10^25
LONG = "7" * 5000              # more digits than Python reads as a number
SECONDS = 60                   # a bad input is refused at once: this is only a hang's limit

# (arguments, what the line names); {fifo} a pipe, {folder} a folder, {locked} a file in a
# read-only folder, {missing} a file that is not there, {out} a fresh output folder.
SIMULATE = [
    ("simulate ktu --seed 9223372036854775807 --games 2", "--seed"),
    ("simulate ktu --seed -9223372036854775807 --games 2", None),   # fits: not refused
    (f"simulate ktu --seed {HUGE}", "--seed"),
    (f"simulate ktu --seed -{HUGE}", "--seed"),
    (f"simulate ktu --seed {LONG}", "--seed"),
    ("simulate ktu --seed ''", "--seed"),
    ("simulate ktu --seed x", "--seed"),
    (f"simulate ktu --games {HUGE}", "--games"),
    ("simulate ktu --games 0", "--games"),
    ("simulate ktu --games -3", "--games"),
    ("simulate ktu --games ''", "--games"),
    ("simulate ktu --games 1.5", "--games"),
    (f"simulate ktu --players {HUGE}", "players"),
    ("simulate ktu --players 0", "--players"),
    ("simulate ktu --players -2", "--players"),
    ("simulate ktu --players ''", "--players"),
    (f"simulate ktu --bots hard --iterations {HUGE}", "--iterations"),
    ("simulate ktu --bots hard --iterations 0", "--iterations"),
    ("simulate ktu --bots hard --iterations x", "--iterations"),
    ("simulate ktu --iterations 5", "--iterations"),
    ("simulate ktu --bots ''", "--bots"),
    ("simulate ktu --bots hard,x", "--bots"),
    ("simulate ktu --bots easy,easy,easy,easy,easy,easy", "--bots"),
    ("simulate ktu --option ''", "--option"),
    ("simulate ktu --option ktu.rank_order", "--option"),
    ("simulate ktu --option nothing=1", "option"),
    ("simulate ktu --option ktu.rank_order=sideways", "ktu.rank_order"),
    ("simulate ''", "game"),
    (f"simulate {LONG}", "game"),
    ("simulate", "game"),
]
TOURNAMENT = [
    ("tournament ktu --seats easy,easy --results /dev/full", "--results"),
    ("tournament ktu --seats easy,easy --results {fifo}", "--results"),
    ("tournament ktu --seats easy,easy --results {folder}", "--results"),
    ("tournament ktu --seats easy,easy --results {locked}", "--results"),
    ("tournament ktu --seats easy,easy --results {locked_folder}/new.jsonl", "--results"),
    ("tournament ktu --seats easy,easy --results ''", "--results"),
    ("tournament ktu --seats easy,easy --results {not_results}", "not a tournament's results"),
    (f"tournament ktu --seats easy,easy --games {HUGE}", "--games"),
    ("tournament ktu --seats easy,easy --games 0", "--games"),
    ("tournament ktu --seats easy,easy --games x", "--games"),
    ("tournament ktu --seats easy,easy --games 3 --seed 9223372036854775807", "--seed"),
    (f"tournament ktu --seats easy,easy --seed {HUGE}", "--seed"),
    ("tournament ktu --seats easy,easy --seed ''", "--seed"),
    ("tournament ktu --seats ''", "players"),
    ("tournament ktu --seats easy,x", "level"),
    ("tournament ktu --seats easy,hard@nan", "hard@nan"),
    ("tournament ktu --seats easy,hard@1e400", "hard@1e400"),
    ("tournament ktu --seats easy,hard@-1", "hard@-1"),
    ("tournament ktu --seats easy,hard@0", "hard@0"),
    ("tournament ktu --seats easy,easy --budget 0", "--budget"),
    ("tournament ktu --seats easy,easy --budget -1", "--budget"),
    ("tournament ktu --seats easy,easy --budget nan", "--budget"),
    ("tournament ktu --seats easy,easy --budget 1e400", "--budget"),
    ("tournament ktu --seats easy,easy --budget ''", "--budget"),
    ("tournament ktu --seats easy,easy --workers 0", "--workers"),
    (f"tournament ktu --seats easy,easy --workers {HUGE}", "--workers"),
    ("tournament ktu --seats easy,easy --workers ''", "--workers"),
    (f"tournament ktu --seats easy,easy --iterations {HUGE}", "--iterations"),
    ("tournament ktu --seats easy,easy --iterations -1", "--iterations"),
    ("tournament ktu --seats easy,hard@1 --iterations 5", "--iterations"),
    ("tournament ktu --seats easy,easy --option ''", "--option"),
    ("tournament ktu --seats easy,easy --option a=b", "option"),
    ("tournament '' --seats easy,easy", "game"),
    ("tournament ktu", "--seats"),
]
REPORT = [
    (f"report ktu --games {HUGE} --out {{out}}", "--games"),
    ("report ktu --games 0 --out {out}", "--games"),
    ("report ktu --games x --out {out}", "--games"),
    ("report ktu --cluster garbage://x --out {out}", "--cluster"),
    ("report ktu --cluster tcp://127.0.0.1:99999 --out {out}", "--cluster"),
    ("report ktu --cluster '' --out {out}", "--cluster"),
    ("report ktu --cluster tcp://127.0.0.1:1 --out {out}", "--cluster"),   # nobody there
    (f"report ktu --seed {HUGE} --out {{out}}", "--seed"),
    ("report ktu --seed '' --out {out}", "--seed"),
    ("report ktu --players 0 --out {out}", "players"),
    (f"report ktu --players {HUGE} --out {{out}}", "players"),
    ("report ktu --players -3 --out {out}", "players"),
    ("report ktu --players '' --out {out}", "--players"),
    ("report ktu --players 2,x --out {out}", "--players"),
    ("report ktu --bots '' --out {out}", "--bots"),
    ("report ktu --bots x --out {out}", "--bots"),
    ("report ktu --bots easy,easy,easy --players 2 --out {out}", "--bots"),
    ("report ktu --option '' --out {out}", "--option"),
    ("report ktu --option ktu.nothing=1 --out {out}", "ktu.nothing"),
    ("report ktu --sweep '' --out {out}", "--sweep"),
    ("report ktu --sweep ktu.rank_order=up,sideways --out {out}", "ktu.rank_order"),
    ("report ktu --shard 0/0 --out {out}", "--shard"),
    ("report ktu --shard 3/2 --out {out}", "--shard"),
    (f"report ktu --shard 1/{HUGE} --out {{out}}", "--shard"),
    ("report ktu --shard '' --out {out}", "--shard"),
    ("report ktu --workers 0 --out {out}", "--workers"),
    (f"report ktu --workers {HUGE} --out {{out}}", "--workers"),
    ("report ktu --out /dev/full", "--out"),
    ("report ktu --out {fifo}", "--out"),
    ("report ktu --out {locked}", "--out"),
    ("report ktu --out {locked_folder}", "--out"),
    ("report ktu --out ''", "--out"),
    (f"report ktu --replay {HUGE}", "--replay"),
    ("report ktu --replay x", "--replay"),
    ("report ktu --fuzz-options --players 3 --out {out}", "--fuzz-options"),
    ("report --merge /dev/full", "--merge"),
    ("report --merge {fifo}", "--merge"),
    ("report --merge {folder}", "--merge"),
    ("report --merge {missing}", "--merge"),
    ("report --merge ''", "--merge"),
    ("report --merge {not_results}", "--merge"),
    ("report --resume /dev/full", "--resume"),
    ("report --resume {fifo}", "--resume"),
    ("report --resume {folder}", "--resume"),
    ("report --resume {missing}", "--resume"),
    ("report --resume ''", "--resume"),
    ("report --resume {folder} ktu", "--resume"),
    ("report ''", "game"),
    ("report nothing --out {out}", "game"),
]
REPLAY = [
    ("replay /dev/full", "/dev/full"),
    ("replay {fifo}", "fifo"),
    ("replay {folder}", "folder"),
    ("replay {missing}", "missing"),
    ("replay ''", "''"),
    ("replay {not_results}", "not-results"),
    ("replay", "file"),
]
BENCH = [
    ("bench --seconds 0", "--seconds"),
    ("bench --seconds -1", "--seconds"),
    ("bench --seconds nan", "--seconds"),
    ("bench --seconds 1e400", "--seconds"),
    ("bench --seconds 99999", "--seconds"),
    ("bench --seconds ''", "--seconds"),
    ("bench --seconds x", "--seconds"),
    ("bench --hard 0", "--hard"),
    ("bench --hard -1", "--hard"),
    ("bench --hard inf", "--hard"),
    ("bench --hard ''", "--hard"),
    ("bench --hard 100000", "--hard"),
]
LOOPBACK = "--listen 127.0.0.1"  # were one accepted, it would listen on this computer only
HOST_AND_JOIN = [                  # the options of host and join that are no network input
    (f"host ktu --seed {HUGE} {LOOPBACK} --port 0", "--seed"),
    (f"host ktu --seed '' {LOOPBACK} --port 0", "--seed"),
    (f"host ktu --seed x {LOOPBACK} --port 0", "--seed"),
    (f"host ktu --port -1 {LOOPBACK}", "--port"),
    (f"host ktu --port {HUGE} {LOOPBACK}", "--port"),
    (f"host ktu --port '' {LOOPBACK}", "--port"),
    (f"host ktu --stand-in 0 {LOOPBACK} --port 0", "--stand-in"),
    (f"host ktu --stand-in nan {LOOPBACK} --port 0", "--stand-in"),
    (f"host ktu --stand-in 1e9 {LOOPBACK} --port 0", "--stand-in"),
    (f"host ktu --option '' {LOOPBACK} --port 0", "--option"),
    (f"host ktu --option a=b {LOOPBACK} --port 0", "option"),
    (f"host ktu --seats '' {LOOPBACK} --port 0", "--seats"),
    (f"host ktu --seats remote,x {LOOPBACK} --port 0", "--seats"),
    (f"host '' {LOOPBACK} --port 0", "game"),
    (f"join 127.0.0.1:1 --code x --seed {HUGE}", "--seed"),
    ("join 127.0.0.1:1 --code x --seed ''", "--seed"),
    ("join 127.0.0.1:1 --code x --bot x", "--bot"),
]
APP = [
    ("--fullscreen=1", "--fullscreen"),
    ("--smoke=1", "--smoke"),
    ("--nothing", "--nothing"),
    ("nothing", "nothing"),
    ("''", "''"),
]
TABLES = {"simulate": SIMULATE, "tournament": TOURNAMENT, "report": REPORT, "replay": REPLAY,
          "bench": BENCH, "host and join": HOST_AND_JOIN, "the app": APP}


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    """The files and folders the tables name, with a read-only folder for the module."""
    tmp = tmp_path_factory.mktemp("bad-input")
    fifo = tmp / "fifo"
    os.mkfifo(fifo)
    folder = tmp / "folder"
    folder.mkdir()
    locked_folder = tmp / "locked"
    locked_folder.mkdir()
    (locked_folder / "results.jsonl").write_text("")
    not_results = tmp / "not-results.json"
    not_results.write_text('{"format": "something else"}\n')
    with disks.read_only(str(locked_folder)):
        yield {"tmp": tmp, "fifo": fifo, "folder": folder, "locked_folder": locked_folder,
               "locked": locked_folder / "results.jsonl", "missing": tmp / "missing.json",
               "not_results": not_results}


def typed(line, places, number):
    """The argument list of `line` as a shell would split it, the places filled in."""
    import shlex
    names = {key: str(value) for key, value in places.items()}
    return shlex.split(line.format(out=str(places["tmp"] / f"out-{number}"), **names))


def run(argv, places):
    """(exit status, standard output, standard error) of `python3 main.py *argv`; status
    'hung' if it is still running after SECONDS."""
    env = dict(os.environ, CARDTABLE_HOME=str(places["tmp"] / "home"), CARDTABLE_DISCOVERY="off")
    try:
        done = subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *argv],
                              cwd=str(places["tmp"]), env=env, capture_output=True, text=True,
                              timeout=SECONDS, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return "hung", "", ""
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("command", list(TABLES))
def test_every_bad_input_is_one_line_with_status_2(command, places):
    table = TABLES[command]
    argvs = [typed(line, places, f"{command}-{i}") for i, (line, _) in enumerate(table)]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda argv: run(argv, places), argvs))
    wrong = []
    for (line, names), (status, out, err) in zip(table, results):
        lines = err.splitlines()
        if names is None:                   # a good input among the bad: it runs
            if status != 0:
                wrong.append(f"{line}: status {status}, {err.strip()[-200:]}")
            continue
        if (status != 2 or len(lines) != 1 or out or "Traceback" in err
                or names not in lines[0] or len(lines[0]) > 600):
            wrong.append(f"{line}: status {status}, stdout {out[:80]!r}, stderr {err[-300:]!r}")
    assert not wrong, "\n".join(wrong)
