"""How fast a move reaches every screen: `main.py bench --net`, at a quiet table and at a
hostile one.

A real host (`main.py host`, its own process, autosaving to a temporary folder on disk as
the app does) runs the game with the most cards (Final Card-Down's 800) with every seat
joined from this process over 127.0.0.1; each screen plays easy computer moves. For
each move, the time from its screen sending it to the last screen receiving the
position after it (stamped as the text arrives, before it is read): the figures are
p50, p99 and the worst. All screens
share this process and one loop (a screen reads a position in full only when it is to
play), so the figure is, if anything, high: on a real network each screen has its own
computer (and the network adds its own time).

The hostile table is the same with one seat taken by a screen that acts up (it plays and
takes back, sends moves for positions gone by and garbage, and now and then stops
reading until the host hands its seat to a computer, then joins again) while others who
never joined try their worst: connections that never say hello, wrong codes from
connections that never read, garbage. They run in a process of their own, so that only
the host feels them. The figures are the honest screens' moves only, and say how many
messages the hostile ones sent.
"""
import asyncio
import multiprocessing
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game import registry
from game.bots import make_bot
from game.net import protocol as wire
from game.net.client import ClientTable

CODE = "BENCH-CODE-2345"
MOVE = re.compile(r'\{"type":"update","move":(\d+),')
STAND_IN = 2.0           # the hostile table's --stand-in: a seat silent this long goes to a computer
MAIN = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    "main.py")


def heaviest(screens):
    """The game whose positions weigh the most on the wire: of the games the app ships
    that `screens` people can play, the one with the most cards."""
    playable = [info for info in map(registry.GAMES.get, registry.SHIPPED)
                if info.min_players <= screens <= info.max_players]
    return max(playable, key=lambda info: len(info.load_deck())).id


def run(screens=6, games=3, out=print):
    """Play `games` games with `screens` joined screens, at a quiet table then at a
    hostile one; print and return the figures of both."""
    game_id = heaviest(screens)
    quiet = _table(game_id, screens, games, hostile=False)
    out(f"{quiet['screens']} joined screens, {quiet['moves']} moves of {game_id} on 127.0.0.1: a move "
        f"reaches every screen in p50 {quiet['p50']:.1f} ms, p99 {quiet['p99']:.1f} ms, "
        f"worst {quiet['worst']:.1f} ms")
    hostile = _table(game_id, screens, games, hostile=True)
    out(f"the same with one seat and {ATTACKERS} other connections acting up ({hostile['attacks']:,} "
        f"messages): {hostile['screens']} honest screens, {hostile['moves']} moves, p50 "
        f"{hostile['p50']:.1f} ms, p99 {hostile['p99']:.1f} ms, worst {hostile['worst']:.1f} ms")
    return quiet, hostile


def _table(game_id, screens, games, hostile):
    sent, arrived = {}, {}
    attacks = 0
    honest = screens - 1 if hostile else screens
    folder = tempfile.mkdtemp(prefix="cardtable-bench-")
    try:
        for number in range(games):
            command = [sys.executable, MAIN, "host", game_id, "--seats", ",".join(["remote"] * screens),
                       "--port", "0", "--listen", "127.0.0.1", "--code", CODE, "--seed", str(number + 1)]
            host = subprocess.Popen(command + (["--stand-in", str(STAND_IN)] if hostile else []),
                                    env={**os.environ, "CARDTABLE_HOME": folder},
                                    stdout=subprocess.PIPE, text=True)
            attackers = None
            try:
                port = int(host.stdout.readline().split(" port ")[1].split(",")[0])
                if hostile:
                    attackers = _Attackers(port, number)
                times = asyncio.run(_game(port, honest, number))
            finally:
                host.communicate(timeout=60)
                if attackers is not None:
                    attacks += attackers.stop()
            for move, (at, arrivals) in times.items():
                if at is not None and len(arrivals) == honest:
                    sent[(number, move)] = at
                    arrived[(number, move)] = max(arrivals)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    delays = sorted(1000 * (arrived[key] - sent[key]) for key in sent)
    return {"screens": honest, "moves": len(delays), "p50": statistics.median(delays),
            "p99": delays[min(len(delays) - 1, int(0.99 * len(delays)))], "worst": delays[-1],
            "attacks": attacks}


async def _game(port, screens, number):
    times = {}
    await asyncio.gather(*(_screen(port, f"Screen {n + 1}", times, random.Random(number * 10 + n))
                           for n in range(screens)))
    return times


async def _screen(port, name, times, rng):
    """One screen: join, play easy moves, stamp each position's arrival."""
    table = ClientTable(CODE, name)
    bot = None
    async with connect(f"ws://127.0.0.1:{port}/", compression=None, max_size=wire.MAX_FROM_HOST,
                       proxy=None) as link:
        await link.send(table.hello())
        async for text in link:
            now = time.perf_counter()
            found = MOVE.match(text)
            if not found:
                table.received(text)           # the welcome, the lobby, a refusal
                continue
            move = int(found.group(1))
            times.setdefault(move, [None, []])[1].append(now)
            if '"legal":[]' in text and '"is_over":true' not in text:
                continue            # not this screen's turn: it need not read the rest
            update = wire.decode(text, wire.FROM_HOST, wire.MAX_FROM_HOST)
            if update.view.is_over:
                return
            view = wire.view_from(update.view, table.welcome, table.deck)
            legal = tuple(wire.action_from(a, table.deck) for a in update.legal)
            bot = bot or make_bot("easy", table.welcome.game, options=table.welcome.options)
            action = bot.choose(view, legal, rng)
            times.setdefault(move + 1, [None, []])[0] = time.perf_counter()
            await link.send(wire.encode(wire.Act(move, table.seat, wire.action_data(action))))


ATTACKERS = 40           # connections at once from those who never joined


class _Attackers:
    """The hostile connections in a process of their own, until `stop()` (which returns
    how many messages they sent)."""

    def __init__(self, port, number):
        self.done = multiprocessing.Event()
        self.sent = multiprocessing.Value("q", 0)
        self.process = multiprocessing.Process(target=_attack, args=(port, number, self.done, self.sent),
                                               daemon=True)
        self.process.start()

    def stop(self):
        self.done.set()
        self.process.join(30)
        return self.sent.value


def _attack(port, number, done, sent):
    async def attack():
        stop = asyncio.Event()
        hostile = _Hostile(port, random.Random(number))
        tasks = [asyncio.create_task(a) for a in hostile.attacks(stop)]
        while not done.is_set():
            await asyncio.sleep(0.1)
        stop.set()
        await asyncio.gather(*tasks)
        sent.value = hostile.sent
    asyncio.run(attack())


class Connections:
    """Connections to a host on 127.0.0.1 at `port`; `sent` counts their messages."""

    def __init__(self, port):
        self.port = port
        self.sent = 0

    async def open(self):
        """A new connection (it says nothing yet)."""
        return await connect(f"ws://127.0.0.1:{self.port}/", compression=None, proxy=None,
                             max_size=wire.MAX_FROM_HOST, open_timeout=10, close_timeout=1)

    async def send(self, link, text):
        """Send `text` on `link`, counted."""
        self.sent += 1
        await link.send(text)


class _Hostile(Connections):
    """A seat that acts up, and connections from those who never joined."""

    def __init__(self, port, rng):
        super().__init__(port)
        self.rng = rng

    def attacks(self, done):
        """The coroutines, each going until `done` is set."""
        return ([self._seat(done)] + [self._silent(done) for _ in range(ATTACKERS // 2)]
                + [self._wrong_code(done) for _ in range(ATTACKERS // 4)]
                + [self._garbage(done) for _ in range(ATTACKERS // 4)])

    async def _again(self, done, attempt):
        """Run `attempt()` over and over (the host hangs up on it) until `done`."""
        while not done.is_set():
            try:
                await attempt()
            except (ConnectionClosed, OSError, InvalidHandshake, asyncio.TimeoutError):
                await asyncio.sleep(0.05)

    def _silent(self, done):
        async def attempt():
            async with await self.open():       # opens and says nothing, never reads
                await _wait(done, 30)
        return self._again(done, attempt)

    def _wrong_code(self, done):
        async def attempt():
            link = await self.open()
            await self.send(link, ClientTable(f"GUESS-{self.rng.randrange(10**8):08d}", "Mallory").hello())
            await _wait(done, 1.0)               # never reads the refusal
            await link.close()
        return self._again(done, attempt)

    def _garbage(self, done):
        async def attempt():
            async with await self.open() as link:
                while not done.is_set():
                    await self.send(link, self.rng.choice(['{"type":"act"}', "\x00" * 100, "[" * 3000,
                                                            '{"type":"undo","move":1,"seat":0}']))
                    await asyncio.sleep(0.02)
        return self._again(done, attempt)

    def _seat(self, done):
        async def attempt():
            table = ClientTable(CODE, "Mallory")
            async with await self.open() as link:
                await self.send(link, table.hello())
                while not done.is_set():
                    try:
                        text = await asyncio.wait_for(link.recv(), 0.05)
                    except asyncio.TimeoutError:
                        continue
                    table.received(text)
                    if table.over:
                        await _wait(done, 60)
                        return
                    if not table.legal:
                        continue
                    if self.rng.random() < 0.05:
                        await _wait(done, STAND_IN + 1)      # stops reading: its seat goes to a computer
                        return
                    await self.send(link, table.act(self.rng.choice(table.legal)))
                    await self.send(link, table.undo())
                    await self.send(link, wire.encode(wire.Act(table.move - 1, table.seat,
                                                                wire.action_data(table.legal[0]))))
        return self._again(done, attempt)


async def _wait(done, seconds):
    try:
        await asyncio.wait_for(done.wait(), seconds)
    except asyncio.TimeoutError:
        pass
