"""The host fuzzed over the network: a real `main.py host` process on 127.0.0.1 (its
game autosaved on disk) while two honest screens play it with `main.py join`'s own code
(game.net.headless.join_command, each on its own link) and hypothesis sends everything
else: valid and broken messages, from screens that joined and screens that did not,
wrong codes, silent connections, undo loops, floods, and screens that stop reading.

Whatever it sends, the game finishes, each honest screen ends with the host's final
scores, and no answer to anything carries internal detail (a traceback, a Python error,
a file, a memory address). Counts and time are bounded: a few examples, each of at most
a few hundred messages, each game within LIMIT seconds; nothing leaves the machine."""
import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import threading
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.net import headless
from game.net.bench import Connections
from game.net import protocol as wire
from game.net.client import ClientTable

ROOT = Path(__file__).resolve().parent.parent
CODE = "FUZZ-TEST-2345"
LIMIT = 120              # seconds a fuzzed game may take
STAND_IN = "3"           # the host's --stand-in: a seat silent or away this long goes to a computer
INTERNAL = re.compile(r"Traceback|Error\b|Exception|\.py\b|0x[0-9a-f]{4,}|object at|\bself\.|"
                      r"KeyError|TypeError|ValueError|AttributeError|IndexError|None\b")


# ---- what hypothesis sends ----------------------------------------------------------------------
def broken():
    """A message that is not one: any text, JSON of the wrong shape, a host's message."""
    return st.one_of(
        st.text(max_size=200), st.binary(max_size=40),
        st.fixed_dictionaries({"type": st.sampled_from(["act", "undo", "hello", "welcome", "x"]),
                               "move": st.integers(-3, 10**6) | st.none() | st.text(max_size=3),
                               "seat": st.integers(-2, 9) | st.booleans(),
                               "action": st.fixed_dictionaries({
                                   "kind": st.text(max_size=12),
                                   "cards": st.lists(st.integers(-5, 900), max_size=6),
                                   "arg": st.none() | st.integers(-2, 99) | st.text(max_size=4)}),
                               "code": st.text(max_size=70), "name": st.text(max_size=50),
                               "protocol": st.integers(-1, 3)}).map(json.dumps),
        st.just("[" * 5000 + "]" * 5000), st.just("x" * 70_000))


SEATED = ("undo loop", "stale moves", "never reads", "silent", "garbage", "flood", "rejoins")
UNSEATED = st.lists(st.one_of(
    st.tuples(st.just("unseated"), st.lists(broken(), min_size=1, max_size=40)),
    st.tuples(st.just("wrong code"), st.integers(1, 30), st.booleans()),
    st.tuples(st.just("silent"), st.integers(1, 40))), max_size=4)
SEATS = st.lists(st.tuples(st.just("seated"), st.sampled_from(SEATED), st.lists(broken(), max_size=30)),
                 max_size=2)


class Attacker(Connections):
    """Hypothesis's connections, on one asyncio loop in a thread; every refusal any of
    them hears is kept, and so is how many messages they sent."""

    def __init__(self, port, attacks, seed):
        super().__init__(port)
        self.attacks = attacks
        self.rng = random.Random(seed)
        self.reasons = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._all()), daemon=True)

    async def _all(self):
        await asyncio.gather(*(self._run(attack) for attack in self.attacks), return_exceptions=False)

    async def _hear(self, link, table=None, seconds=0.05):
        """Read what came within `seconds`; keep the refusals' reasons."""
        try:
            while True:
                text = await asyncio.wait_for(link.recv(), seconds)
                message = json.loads(text)
                if message["type"] == "refused":
                    self.reasons.append(message["reason"])
                if table is not None:
                    table.received(text)
        except asyncio.TimeoutError:
            return

    async def _run(self, attack):
        try:
            await getattr(self, "_" + attack[0].replace(" ", "_"))(*attack[1:])
        except (ConnectionClosed, OSError, InvalidHandshake, asyncio.TimeoutError):
            pass                               # the host hung up, as it may

    async def _unseated(self, texts):
        """Each text on a connection that has not joined (the host hangs up on most: the
        next one comes on a new connection)."""
        link = await self.open()
        for text in texts:
            try:
                await self.send(link, text)
                await self._hear(link, seconds=0.01)
            except ConnectionClosed:
                link = await self.open()
        await link.close()

    async def _wrong_code(self, count, reads):
        links = []
        for n in range(count):
            link = await self.open()
            await self.send(link, ClientTable(f"WRONG-{n:06d}-CODE", "Mallory").hello())
            if reads:
                await self._hear(link, seconds=0.01)
            links.append(link)                 # kept open, unread
        await asyncio.sleep(1)
        for link in links:
            await link.close()

    async def _silent(self, count):
        links = [await self.open() for _ in range(count)]
        await asyncio.sleep(2)
        for link in links:
            await link.close()

    async def _seated(self, how, texts, rejoins=2):
        table = ClientTable(CODE, "Mallory")
        link = await self.open()
        await self.send(link, table.hello())
        for _ in range(LIMIT):                 # a seat, then the game's start: then it acts up
            await self._hear(link, table, seconds=1.0)
            if table.final and table.refusal == wire.CROWDED:
                table.final, link = False, await self.open()      # crowded out: it tries again
                await self.send(link, table.hello())
            if table.view is not None or table.final:
                break
        if table.view is None:
            await link.close()
            return
        for _ in range(300):
            if self.stop.is_set() or table.over:
                break
            if how == "never reads":
                await asyncio.sleep(0.5)       # nothing read: the host's outbox fills, or its turn stays silent
                continue
            await self._hear(link, table, seconds=0.02)
            if how == "silent":
                continue
            if how in ("garbage", "flood") and texts:
                for text in texts if how == "flood" else texts[:1]:
                    await self.send(link, text)
                continue
            if table.legal and table.move is not None:
                await self.send(link, table.act(self.rng.choice(table.legal)))
                if how == "undo loop":
                    await self._hear(link, table, seconds=0.02)
                    await self.send(link, table.undo())
                elif how == "stale moves":
                    await self.send(link, wire.encode(wire.Act(table.move - 1, table.seat,
                                                                wire.action_data(table.legal[0]))))
            elif how == "rejoins" and rejoins and self.rng.random() < 0.05:
                await link.close()
                await self._seated("rejoins", texts, rejoins - 1)
                return
        await link.close()


# ---- the host and the honest screens -------------------------------------------------------------
class Host:
    """`main.py host` in its own process, with its own user folder."""

    def __init__(self, home, seats):
        env = {**os.environ, "CARDTABLE_HOME": str(home)}
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "host", "final_card_down",
                                      "--seats", ",".join(["remote"] * seats), "--port", "0", "--listen",
                                      "127.0.0.1", "--code", CODE, "--seed", "11", "--stand-in", STAND_IN],
                                     cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.port = int(self.proc.stdout.readline().split(" port ")[1].split(",")[0])

    def finish(self):
        try:
            out, err = self.proc.communicate(timeout=LIMIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
            raise AssertionError(f"the game did not finish in {LIMIT} s: {out[-500:]}") from None
        return self.proc.returncode, out.splitlines(), err


def honest(port, name, results):
    """A screen that plays its seat as `main.py join` does, on a thread."""
    args = argparse.Namespace(address=f"127.0.0.1:{port}", code=CODE, name=name, bot="easy", wait=30.0,
                              seed=len(name), moves=False)
    said = []
    try:
        status = headless.join_command(args, say=lambda words, **_: said.append(words))
    except headless.Failed as error:
        status, said = error.status, said + [f"failed: {error}"]
    results[name] = (status, said)


EVERY_KIND = [("unseated", ["{}", "[]", "\x00", json.dumps({"type": "act", "move": 1, "seat": 0})]),
              ("wrong code", 5, False), ("wrong code", 5, True), ("silent", 12)]


@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seated=SEATS, unseated=UNSEATED, seed=st.integers(0, 1000))
@example(seated=[("seated", how, ['{"type":"shout"}', "x" * 5000]) for how in SEATED[:4]],
         unseated=EVERY_KIND, seed=1)
@example(seated=[("seated", how, ['{"type":"undo","move":0,"seat":9}']) for how in SEATED[4:]],
         unseated=EVERY_KIND, seed=2)
def test_whatever_is_sent_the_game_finishes_and_the_honest_screens_agree(tmp_path_factory, seated,
                                                                         unseated, seed):
    attacks = seated + unseated
    home = tmp_path_factory.mktemp("fuzz-host")
    host = Host(home, 2 + len(seated))
    attacker = Attacker(host.port, attacks, seed)
    attacker.thread.start()
    results = {}
    screens = [threading.Thread(target=honest, args=(host.port, name, results), daemon=True)
               for name in ("Ann", "Ben")]
    try:
        for screen in screens:
            screen.start()
        status, lines, err = host.finish()
    finally:
        attacker.stop.set()
        host.proc.kill()
    for screen in screens:
        screen.join(LIMIT)
    attacker.thread.join(LIMIT)
    assert status == 0 and err == "", (lines[-5:], err)
    final = lines[-1]
    assert final.startswith("final scores: ")
    for name in ("Ann", "Ben"):
        code, said = results[name]
        assert (code, said[-1]) == (0, final), (name, said[-5:])
        assert not any("failed" in line for line in said)
    for reason in attacker.reasons:
        assert reason and "\n" not in reason and not INTERNAL.search(reason), reason
