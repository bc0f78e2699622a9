"""How fast a move reaches every screen: `main.py bench --net`.

A real host (`main.py host`, its own process, autosaving to a temporary folder on disk as
the app does) runs the game with the most cards (Final Card-Down's 800) with every seat
joined from this process over 127.0.0.1; each screen plays easy computer moves. For
each move, the time from its screen sending it to the last screen receiving the
position after it (stamped as the text arrives, before it is read): the figures are
p50, p99 and the worst. All screens
share this process and one loop (a screen reads a position in full only when it is to
play), so the figure is, if anything, high: on a real network each screen has its own
computer (and the network adds its own time).
"""
import asyncio
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

from game import registry
from game.bots import make_bot
from game.net import protocol as wire
from game.net.client import ClientTable

CODE = "BENCH-CODE-2345"
MOVE = re.compile(r'\{"type":"update","move":(\d+),')
MAIN = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    "main.py")


def heaviest(screens):
    """The game whose positions weigh the most on the wire: of the games the app ships
    that `screens` people can play, the one with the most cards."""
    playable = [info for info in map(registry.GAMES.get, registry.SHIPPED)
                if info.min_players <= screens <= info.max_players]
    return max(playable, key=lambda info: len(info.load_deck())).id


def run(screens=6, games=3, out=print):
    """Play `games` games with `screens` joined screens; print and return the figures."""
    game_id = heaviest(screens)
    sent, arrived = {}, {}
    folder = tempfile.mkdtemp(prefix="cardtable-bench-")
    try:
        for number in range(games):
            host = subprocess.Popen([sys.executable, MAIN, "host", game_id, "--seats",
                                     ",".join(["remote"] * screens), "--port", "0", "--listen",
                                     "127.0.0.1", "--code", CODE, "--seed", str(number + 1)],
                                    env={**os.environ, "CARDTABLE_HOME": folder},
                                    stdout=subprocess.PIPE, text=True)
            try:
                port = int(host.stdout.readline().split(" port ")[1].split(",")[0])
                times = asyncio.run(_game(port, screens, number))
            finally:
                host.communicate(timeout=30)
            for move, (at, arrivals) in times.items():
                if at is not None and len(arrivals) == screens:
                    sent[(number, move)] = at
                    arrived[(number, move)] = max(arrivals)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    delays = sorted(1000 * (arrived[key] - sent[key]) for key in sent)
    figures = {"screens": screens, "moves": len(delays), "p50": statistics.median(delays),
               "p99": delays[min(len(delays) - 1, int(0.99 * len(delays)))], "worst": delays[-1]}
    out(f"{figures['screens']} joined screens, {figures['moves']} moves of {game_id} on 127.0.0.1: "
        f"a move reaches every screen in p50 {figures['p50']:.1f} ms, p99 {figures['p99']:.1f} ms, "
        f"worst {figures['worst']:.1f} ms")
    return figures


async def _game(port, screens, number):
    times = {}
    await asyncio.gather(*(_screen(port, f"Screen {n + 1}", times, random.Random(number * 10 + n))
                           for n in range(screens)))
    return times


async def _screen(port, name, times, rng):
    """One screen: join, play easy moves, stamp each position's arrival."""
    table = ClientTable(CODE, name)
    bot = None
    async with connect(f"ws://127.0.0.1:{port}/", compression=None, max_size=wire.MAX_FROM_HOST) as link:
        await link.send(table.hello())
        async for text in link:
            now = time.perf_counter()
            found = MOVE.match(text)
            if found:
                times.setdefault(int(found.group(1)), [None, []])[1].append(now)
                if '"legal":[]' in text and '"is_over":true' not in text:
                    continue            # not this screen's turn: it need not read the rest
            message = table.received(text)
            if table.over:
                return
            if isinstance(message, wire.Update) and table.legal:
                bot = bot or make_bot("easy", table.welcome.game, options=table.welcome.options)
                action = bot.choose(table.view, table.legal, rng)
                times.setdefault(table.move + 1, [None, []])[0] = time.perf_counter()
                await link.send(table.act(action))
