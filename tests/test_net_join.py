"""`main.py join` (game.net.headless.join_command) against a host scripted message by
message on 127.0.0.1, over the real link: it plays once per position the host numbers,
and never plays again into a refusal it has just had (a move refused as meant for an
earlier position was the old way into a race with another's undo); crowded out by
others joining, it tries again. Every wait is bounded."""
import argparse
import asyncio
import json
import random
import threading

from websockets.asyncio.server import serve

from game import registry
from game.net import headless
from game.net import protocol as wire

WAIT = 10.0
CODE = "JOIN-TEST-2345"


class ScriptedHost:
    """A WebSocket server on 127.0.0.1 whose connections `talk(connection)` drives, until
    one of them returns True (the script is done)."""

    def __init__(self, talk):
        self.talk = talk
        self.loop = asyncio.new_event_loop()
        self.port = None
        self.ready = threading.Event()
        self.done = None
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(),),
                                       daemon=True)
        self.thread.start()
        assert self.ready.wait(WAIT)

    async def _run(self):
        self.done = asyncio.Event()

        async def handle(connection):
            done = True
            try:
                done = await asyncio.wait_for(self.talk(connection), WAIT)
            finally:
                if done:
                    self.done.set()
        async with serve(handle, "127.0.0.1", 0) as server:
            self.port = server.sockets[0].getsockname()[1]
            self.ready.set()
            await asyncio.wait_for(self.done.wait(), 3 * WAIT)


def update(state, move, kept=0, events=()):
    """The Update seat 0 is sent of `state`, numbered `move`."""
    legal = state.legal_actions() if state.current_player == 0 and not state.is_over else []
    return wire.encode(wire.Update(move, wire.view_data(state.view(0)), [wire.action_data(a) for a in legal],
                                   kept, list(events), False, False, [wire.HERE, wire.COMPUTER], None, 0))


async def play_out(connection, state, move):
    """The host plays the game to its end at random, sends it as update `move`, and waits
    for the screen to hang up."""
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    await connection.send(update(state, move))
    await connection.wait_closed()
    return True


def join_as_maya(host):
    """Headless `join` as Maya (the easy bot playing) at the scripted `host`: what it said."""
    args = argparse.Namespace(address=f"127.0.0.1:{host.port}", code=CODE, name="Maya", bot="easy",
                              wait=5.0, seed=1, moves=False)
    said = []
    assert headless.join_command(args, say=lambda words, **_: said.append(words)) == 0
    return said


def test_join_never_plays_again_into_a_refusal_it_just_had():
    state = registry.new_game("ktu", players=2, seed=1)
    assert state.current_player == 0
    acts = []

    async def talk(connection):
        hello = json.loads(await connection.recv())
        assert hello["type"] == "hello" and hello["name"] == "Maya"
        await connection.send(wire.encode(wire.Welcome(wire.PROTOCOL, 0, "ktu", 2, dict(state.options),
                                                       ["Maya", "Computer"])))
        await connection.send(update(state, 1))
        acts.append(json.loads(await connection.recv()))
        await connection.send(wire.encode(wire.Refused("that was meant for an earlier position: the "
                                                       "game has moved on", False)))
        await connection.send(update(state, 2))
        acts.append(json.loads(await connection.recv()))
        return await play_out(connection, state, 3)

    host = ScriptedHost(talk)
    said = join_as_maya(host)
    host.thread.join(WAIT)
    assert [(a["type"], a["move"]) for a in acts] == [("act", 1), ("act", 2)]
    assert said[-1] == headless.score_line(["Maya", "Computer"], state.scores(), state.winners())
    assert "The host refused a move: that was meant for an earlier position: the game has moved on" in said


def test_join_crowded_out_by_others_joining_tries_again():
    """A refusal that is no fault of the screen's (too many connections at once, still to
    give their code): `join` tries again, and plays."""
    state = registry.new_game("ktu", players=2, seed=1)
    hellos = []

    async def talk(connection):
        hellos.append(json.loads(await connection.recv()))
        if len(hellos) == 1:
            await connection.send(wire.encode(wire.Refused(wire.CROWDED, True)))
            await connection.close(1000, wire.CROWDED)
            return False
        await connection.send(wire.encode(wire.Welcome(wire.PROTOCOL, 0, "ktu", 2, dict(state.options),
                                                       ["Maya", "Computer"])))
        return await play_out(connection, state, 1)

    said = join_as_maya(ScriptedHost(talk))
    assert [h["type"] for h in hellos] == ["hello", "hello"]
    assert said[0] == f"Lost the host ({wire.CROWDED}): trying again for 5 seconds"
    assert said[-1] == headless.score_line(["Maya", "Computer"], state.scores(), state.winners())
