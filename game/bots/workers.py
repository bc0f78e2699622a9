"""Hard's search on several cores: worker processes started once, each decision's worlds
spread over them and merged back in their order.

`shared(cores)` is the process's pool of `cores` workers (started at its first use, or
ahead of it by `warm`, and kept for the app's life, a tournament's or a report's); its
`search` plays one decision's worlds. `use(cores)` sets the cores of every Hard player
made without its own (one by default). The worker receives the seat's view, the search's
seed and the moves still in the race, never the game's state: world n is sampled and
played out from the seed and n alone (`HardBot.play_world`), so whichever worker plays
it, its rewards are the same. The worlds come back in chunks; the coordinator adds
them to the race in world order (`hard.Race`), so each race sees exactly the worlds the
one-core search would, and a chunk handed out before a race may play moves the race
then drops (their rewards are left out). With a fixed number of iterations the choice
is the one-core choice; with a budget, no chunk is handed out that the pace so far says
would overrun it (the wall's clock, or with the CPU clock each worker's own CPU time).

Workers are started with the spawn method on every platform (the same start in the
source and in a PyInstaller bundle, whose `main.py` calls `freeze_support` first; one
thread starts them, under a lock). A worker ends when the app ends: on `close` (at
exit too), and when its parent is gone however it went (killed, crashed): the pipe
from its parent reaches its end, and it also checks every second that its parent is
still the one that started it. Messages are pickled between the app and its own
workers over a private pipe (nothing a user edits or sends); the searching bot's class
travels by its name (the worker makes its own), and cards as their ids, looked up in the
worker's deck, since a card is equal only to itself.
"""
import atexit
import io
import math
import multiprocessing
import os
import pickle
import signal
import threading
import time
import traceback
from multiprocessing.connection import wait

from game.cards import Card

SPAWN = multiprocessing.get_context("spawn")
CHUNK_SECONDS = 0.01    # a chunk of worlds takes about this long (a message each way)
PARENT_CHECK = 1.0      # seconds between a waiting worker's checks that its parent lives
STOP_SECONDS = 2.0      # how long `close` waits for a worker before ending it


class _Pickler(pickle.Pickler):
    """Pickles a card as its id (the worker finds it in its own deck)."""

    def persistent_id(self, obj):
        return obj.id if isinstance(obj, Card) else None


class _Unpickler(pickle.Unpickler):
    """Reads what `_Pickler` wrote, cards from `deck`."""

    def __init__(self, data, deck):
        super().__init__(io.BytesIO(data))
        self.deck = deck

    def persistent_load(self, card_id):
        return self.deck[card_id]


def encode(value):
    """`value` as bytes, its cards as their ids."""
    out = io.BytesIO()
    _Pickler(out, pickle.HIGHEST_PROTOCOL).dump(value)
    return out.getvalue()


def decode(data, deck):
    """The value `encode` wrote, its cards those of `deck`."""
    return _Unpickler(data, deck).load()


class SearchFailed(RuntimeError):
    """A worker failed during a search (its traceback is the message), or is gone."""


class WorkerGone(SearchFailed):
    """A worker's process is gone (killed from outside, say): its pool cannot search."""


def serve(connection, parent, starts=()):
    """A worker's life: call each of `starts`, then play the chunks of worlds it is sent,
    until told to stop or until its parent (process id `parent`) is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)        # Ctrl+C is the app's to handle
    for start in starts:
        start()
    bots = {}
    decision = None
    while True:
        try:
            if not connection.poll(PARENT_CHECK):
                if os.getppid() != parent:
                    return
                continue
            message = connection.recv()
        except (EOFError, OSError):
            return
        kind, token = message[0], message[1]
        try:
            if kind == "decision":
                _, _, searcher, game_id, options, players, playout_limit, master, view = message
                key = (searcher, game_id, tuple(sorted(options.items())), playout_limit)
                if key not in bots:
                    bots[key] = searcher(game_id, options, playout_limit=playout_limit)
                bot = bots[key]
                decision = (bot, master, decode(view, bot.sampler(players).template.deck))
                continue
            if kind == "stop":
                return
            _, _, first, count, keys = message
            began = time.thread_time()
            bot, master, seen = decision
            rows = [bot.play_world(seen, master, number, keys)
                    for number in range(first, first + count)]
            reply = ("worlds", token, first, keys, rows, time.thread_time() - began)
        except Exception:        # the coordinator raises it, with the worker's traceback
            reply = ("error", token, traceback.format_exc())
        try:
            connection.send(reply)
        except OSError:          # the parent is gone
            return


class Worker:
    """One worker process and the pipe to it."""

    def __init__(self):
        self.connection, theirs = SPAWN.Pipe()
        self.process = SPAWN.Process(target=serve, args=(theirs, os.getpid(), tuple(_starts)),
                                     daemon=True, name="cardtable-search")
        self.process.start()
        theirs.close()        # only the worker holds its end: the worker sees our end close


_STARTING = threading.Lock()      # one thread starts processes at a time


class Pool:
    """`count` worker processes that play the worlds of Hard's decisions."""

    def __init__(self, count):
        with _STARTING:
            self.workers = [Worker() for _ in range(count)]
        self.count = count
        self.lock = threading.Lock()  # one decision at a time
        self.token = 0

    def search(self, bot, view, master, race, limit, budget, clock):
        """Play worlds 1, 2, ... of the decision seeded `master` for `bot` on `view`
        into `race` until it is decided, `limit` worlds are in or (with `budget`
        seconds, by `clock`: "wall" or "cpu") no more would fit. Returns the decision's
        figures: seconds (the wall's, or the busiest worker's CPU time), chunks and
        worker_cpu (the busiest worker's CPU time)."""
        with self.lock:
            self.token += 1
            token = self.token
            blob = encode(view)
            for worker in self.workers:
                self._send(worker, ("decision", token, type(bot), bot.game_id, bot.options,
                                    view.players, bot.playout_limit, master, blob))
            return self._run(token, race, limit, budget, clock)

    def _run(self, token, race, limit, budget, clock):
        start = time.perf_counter()
        used = [0.0] * self.count          # each worker's time so far, by the budget's clock
        cpu = [0.0] * self.count           # each worker's CPU time so far
        pace = [None] * self.count         # each worker's seconds a world, its last chunk
        busy = {}                          # worker index -> when its chunk was sent
        waiting = {}                       # first world of a chunk -> (keys, rows)
        done = [False] * self.count        # no more fits in this worker's budget
        following = 1                      # the next world to hand out
        chunks = 0
        while True:
            for index, worker in enumerate(self.workers):
                if index in busy or done[index] or race.decided or following > limit:
                    continue
                now = time.perf_counter()
                if clock == "wall":
                    used[index] = now - start
                count = self._chunk(pace[index], budget, used[index], limit - following + 1)
                if count == 0:
                    done[index] = True
                    continue
                self._send(worker, ("worlds", token, following, count, list(race.alive)))
                busy[index] = now
                following += count
                chunks += 1
            if not busy:
                break
            by_connection = {self.workers[i].connection: i for i in busy}
            for connection in wait(list(by_connection)):
                index = by_connection[connection]
                kind, got, *rest = self._receive(self.workers[index])
                if got != token:       # an answer to a decision that failed before
                    continue
                if kind == "error":
                    raise SearchFailed(f"a search worker failed:\n{rest[0]}")
                first, keys, rows, worked = rest
                sent = busy.pop(index)
                cpu[index] += worked
                spent = worked if clock == "cpu" else time.perf_counter() - sent
                if clock == "cpu":
                    used[index] += worked
                pace[index] = spent / len(rows)
                waiting[first] = (keys, rows)
            while race.worlds + 1 in waiting and not race.decided and race.worlds < limit:
                keys, rows = waiting.pop(race.worlds + 1)
                for row in rows:
                    if race.decided or race.worlds >= limit:
                        break
                    race.add(dict(zip(keys, row)))
        seconds = max(used) if clock == "cpu" else time.perf_counter() - start
        return {"seconds": seconds, "chunks": chunks, "worker_cpu": max(cpu)}

    @staticmethod
    def _chunk(pace, budget, used, left):
        """How many worlds the next chunk of a worker holds: one to begin with (its pace
        is not known yet), then about CHUNK_SECONDS' worth, no more than fit in what is
        left of the budget (0: none) nor than are left to play."""
        if pace is None:
            return 1 if budget is None or used < budget else 0
        count = max(1, int(CHUNK_SECONDS / pace)) if pace > 0 else left
        if budget is not None:
            count = min(count, math.floor((budget - used) / pace) if pace > 0 else count)
        return max(0, min(count, left))

    def _send(self, worker, message):
        try:
            worker.connection.send(message)
        except OSError as error:
            raise WorkerGone(f"a search worker is gone ({error})") from None

    def _receive(self, worker):
        try:
            return worker.connection.recv()
        except (EOFError, OSError) as error:
            raise WorkerGone(f"a search worker is gone ({error or 'its pipe closed'})") from None

    def pids(self):
        """The workers' process ids."""
        return [worker.process.pid for worker in self.workers]

    def searching(self):
        """Is a decision being searched?"""
        return self.lock.locked()

    def close(self):
        """Stop every worker (ended outright if it does not stop within STOP_SECONDS)."""
        for worker in self.workers:
            try:
                worker.connection.send(("stop", 0))
            except OSError:
                pass
        deadline = time.monotonic() + STOP_SECONDS
        for worker in self.workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.terminate()
                worker.process.join(STOP_SECONDS)
            worker.connection.close()
        self.workers = []


_shared = None
_shared_lock = threading.Lock()
_starts = []        # what every worker calls when it starts


def on_start(function):
    """Every worker started from now on calls `function` first (passed by its name, so a
    module-level function): a game registered at run time, as the tests' seventh, is
    registered there too."""
    _starts.append(function)
_cores = 1          # the cores a Hard player of this process searches on unless told


def use(cores):
    """From now on a Hard player made without `cores` searches on `cores` cores (a report
    that plays its games one by one gives its workers to the search)."""
    global _cores
    _cores = cores


def cores_in_use():
    """The cores a Hard player made without `cores` searches on (1 unless `use` said)."""
    return _cores


def shared(cores):
    """The process's pool of `cores` workers, started now if it is not (or has another
    size: the old one is stopped)."""
    global _shared
    with _shared_lock:
        if _shared is not None and _shared.count != cores:
            _shared.close()
            _shared = None
        if _shared is None:
            _shared = Pool(cores)
        return _shared


def current():
    """The process's pool, or None before its first use (or after `close_shared`)."""
    return _shared


def warm(cores):
    """Start the pool of `cores` workers on a thread of its own, so that the first
    decision finds it ready and the caller does not wait for it."""
    threading.Thread(target=shared, args=(cores,), daemon=True, name="search-start").start()


def close_shared():
    """Stop the process's pool, if it has one (also at the process's exit)."""
    global _shared
    with _shared_lock:
        if _shared is not None:
            _shared.close()
            _shared = None


def cores_here():
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:           # no affinity outside Linux
        return os.cpu_count() or 1


atexit.register(close_shared)
