"""Real processes on 127.0.0.1 (their folders in memory, as conftest's): `main.py host` and `main.py join` play whole games of every
mode to their end, and every screen prints the host's final scores; a screen killed with
-9 mid-game joins again and finishes; a host killed mid-game resumes from its autosave and
the screens come back; the game is recorded and counted once, on the host. Every wait
is bounded; nothing here leaves the machine."""
import json
import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CODE = "PLAY-TEST-2345"
LIMIT = 120          # seconds any process may take before the test gives up on it


class Process:
    """A main.py command in its own process, with its own user folder."""

    def __init__(self, home, *args):
        env = {**os.environ, "CARDTABLE_HOME": str(home)}
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines = []
        self.partial = ""

    def wait_for(self, words, timeout=LIMIT):
        """Read output until a line holding `words`; that line. Reads the pipe itself, so
        no line waits unseen in a buffer."""
        end = time.monotonic() + timeout
        with selectors.DefaultSelector() as selector:
            selector.register(self.proc.stdout, selectors.EVENT_READ)
            while True:
                while "\n" in self.partial:
                    line, self.partial = self.partial.split("\n", 1)
                    self.lines.append(line)
                    if words in line:
                        return line
                left = end - time.monotonic()
                chunk = os.read(self.proc.stdout.fileno(), 65536) if left > 0 and selector.select(left) else b""
                if not chunk:
                    break
                self.partial += chunk.decode()
        self.kill()
        raise AssertionError(f"no line with {words!r}; got {self.lines[-5:]}")

    def finish(self, timeout=LIMIT):
        """(exit status, every line of output, standard error), the process ended."""
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise
        self.lines += (self.partial + out.decode()).splitlines()
        self.partial = ""
        return self.proc.returncode, self.lines, err.decode()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.communicate()


def host(home, game_id, seats, *more):
    """A host on 127.0.0.1 at any free port; (Process, port)."""
    process = Process(home, "host", game_id, "--seats", seats, "--port", "0", "--listen", "127.0.0.1",
                      "--code", CODE, *more)
    line = process.wait_for("join code", timeout=30)
    return process, int(line.split(" port ")[1].split(",")[0])


def join(home, port, name, bot="easy", *more):
    return Process(home, "join", f"127.0.0.1:{port}", "--code", CODE, "--bot", bot, "--name", name, *more)


def finished(processes):
    """Every process's last line, each having exited 0."""
    lines = []
    for process in processes:
        status, out, err = process.finish()
        assert status == 0, (out[-3:], err)
        lines.append(out[-1])
    return lines


@pytest.fixture
def cleanup():
    processes = []
    yield processes
    for process in processes:
        process.kill()


MODES = [("final_card_down", "remote,easy"), ("deadline", "easy,remote,easy"), ("ktu", "remote,easy"),
         ("final_count", "easy,remote"), ("four_downs", "remote,easy"), ("five_possessions", "easy,remote")]


def test_every_mode_plays_to_its_end_with_every_screen_agreeing(user_home, cleanup):
    tables = []
    for game_id, seats in MODES:
        server, port = host(user_home / game_id, game_id, seats, "--seed", "17")
        screen = join(user_home / f"{game_id}-screen", port, "Maya")
        cleanup.extend([server, screen])
        tables.append((game_id, server, screen))
    for game_id, server, screen in tables:
        host_line, screen_line = finished([server, screen])
        assert host_line.startswith("final scores: ") and "Maya" in host_line, game_id
        assert screen_line == host_line, game_id
        stats = json.loads((user_home / game_id / "data" / "statistics.json").read_text())
        assert stats["games"][game_id]["Maya"]["played"] == 1, game_id
        said = host_line.rpartition("; ")[2]          # who won, which the scores alone do not say
        assert said == "no winner" or said.startswith(("winner: ", "winners: ")), host_line
        assert ("Maya" in said.partition(": ")[2].split(" and ")) == bool(stats["games"][game_id]["Maya"]["won"]), \
            (host_line, stats["games"][game_id]["Maya"])
        assert not (user_home / f"{game_id}-screen" / "data").exists()    # a screen keeps nothing


def test_a_screen_killed_mid_game_joins_again_and_finishes(user_home, cleanup):
    server, port = host(user_home / "host", "ktu", "remote,remote,easy", "--seed", "3", "--moves")
    maya = join(user_home / "maya", port, "Maya")
    theo = join(user_home / "theo", port, "Theo")
    cleanup.extend([server, maya, theo])
    joined = maya.wait_for("Joined")
    server.wait_for("  15. ")
    maya.proc.send_signal(signal.SIGKILL)
    maya.proc.communicate()
    server.wait_for("Maya left")
    again = join(user_home / "maya", port, "Maya")
    cleanup.append(again)
    assert again.wait_for("Joined") == joined            # the same seat
    lines = finished([server, theo, again])
    assert lines[0].startswith("final scores: ") and lines == [lines[0]] * 3
    assert any(line.startswith("Maya joined") for line in server.lines[server.lines.index(
        next(line for line in server.lines if line.startswith("Maya left"))):])


def test_a_host_killed_mid_game_resumes_and_the_screens_come_back(user_home, cleanup):
    home = user_home / "host"
    server, port = host(home, "deadline", "remote,remote,easy", "--seed", "5", "--moves")
    screens = [join(user_home / name, port, name, "easy", "--wait", "60") for name in ("Maya", "Theo")]
    cleanup.extend([server, *screens])
    server.wait_for("  20. ")
    server.kill()
    for screen in screens:
        screen.wait_for("Lost the host")
    resumed = Process(home, "host", "--resume", "--port", str(port), "--listen", "127.0.0.1",
                      "--code", CODE, "--moves")
    cleanup.append(resumed)
    assert "Resumed the saved game" in resumed.wait_for("Resumed", timeout=30)
    lines = finished([resumed, *screens])
    assert lines[0].startswith("final scores: ") and lines == [lines[0]] * 3
    stats = json.loads((home / "data" / "statistics.json").read_text())
    assert stats["games"]["deadline"]["Maya"]["played"] == 1
    assert len(list((home / "data" / "records").iterdir())) == 1
    assert not (home / "data" / "autosave.json").exists()


def test_a_wrong_code_or_a_bad_seat_list_ends_with_one_line(user_home, cleanup):
    server, port = host(user_home / "host", "ktu", "remote,remote")
    cleanup.append(server)
    wrong = Process(user_home / "x", "join", f"127.0.0.1:{port}", "--code", "NOT-THE-CODE-00")
    status, out, err = wrong.finish()
    assert status == 1 and err == "main.py join: error: wrong join code\n"
    bad = Process(user_home / "x", "host", "ktu", "--seats", "medium,robot", "--port", "0")
    status, out, err = bad.finish()
    assert status == 2 and err.startswith("main.py host: error: --seats: 'robot' is neither") \
        and err.count("\n") == 1
    nobody = Process(user_home / "x", "join", "127.0.0.1:1", "--code", CODE)
    status, out, err = nobody.finish()
    assert status == 1 and err.startswith("main.py join: error: could not reach 127.0.0.1:1")


BAD_INPUT = [
    (["join", "a" * 64 + ":47470", "--code", CODE, "--wait", "1"],
     "main.py join: error: '" + "a" * 39 + "... is neither an IP address nor a host name"),
    (["join", "a..b:47470", "--code", CODE, "--wait", "1"],
     "main.py join: error: 'a..b' is neither an IP address nor a host name"),
    (["join", "127.0.0.1:47470", "--code", "C" * 65],
     "main.py join: error: --code: at most 64 characters, got 65"),
    (["join", "127.0.0.1:47470", "--code", CODE, "--name", "\u202eoehT"],
     "main.py join: error: --name: '\\u202eoehT' would be shown as 'oehT': a name has at most 14 "
     "letters, digits, spaces or common signs"),
    (["join", "127.0.0.1:47470", "--code", CODE, "--name", "\U0001F600" * 3],
     "main.py join: error: --name: name: none of its characters can be shown at the table (use "
     "letters, digits or common signs)"),
    (["host", "ktu", "--listen", "a" * 64, "--port", "0"],
     "main.py host: error: --listen: '" + "a" * 39 + "... is neither an IP address nor a host name"),
    (["host", "ktu", "--listen", "a..b", "--port", "0"],
     "main.py host: error: --listen: 'a..b' is neither an IP address nor a host name"),
    (["host", "ktu", "--code", "A" * 65, "--port", "0", "--listen", "127.0.0.1"],
     "main.py host: error: --code: a join code has at most 32 letters or digits (64 characters "
     "as written)"),
]


@pytest.mark.parametrize("args,line", BAD_INPUT, ids=[" ".join(a)[:40] for a, _ in BAD_INPUT])
def test_a_bad_address_code_or_name_is_one_line_and_status_2_at_once(user_home, args, line):
    """Nothing is sent and nothing waits: a host name no resolver takes (a 64-letter
    label, an empty one) hung `join` whatever --wait said, or ended `host` in a traceback."""
    status, out, err = Process(user_home, *args).finish(timeout=30)
    assert (status, err) == (2, line + "\n") and out == []
