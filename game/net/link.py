"""The network under the tables: a WebSocket server (the host) or client (a joined
screen), on an asyncio loop in a thread of its own beside the caller's loop (the window,
or a headless command), so the caller never waits on the network.

What arrives is put on `inbox`, a queue.Queue the caller drains on its own thread (an
optional `wake()` is called after each item, to rouse a sleeping window); what the caller
sends goes through `send`, safe from any thread. Items are tuples:

- server: ("opened", conn, address, time), ("message", conn, text, time), ("closed", conn, time);
- client: ("opened",), ("message", text), ("closed", reason): the reason is why the
  connection could not be made or ended, in one line.

The `websockets` library does the protocol: the opening handshake (a browser page's
connection, which always names its origin, is refused), frames, pings, and the size
limit of a message (a longer one closes the connection, 'message too big').
"""
import asyncio
import itertools
import queue
import threading
import time

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.net import protocol as wire

SERVER_MAX_SIZE = 64 * 1024      # longer messages close the connection; shorter ones are
                                 # read and refused politely past protocol.MAX_FROM_SCREEN
CONNECT_SECONDS = 5.0
CLOSE_SECONDS = 2.0
FLUSH_SECONDS = 0.25


class _Loop:
    """An asyncio loop running in a daemon thread."""

    def __init__(self, name, wake):
        self.inbox = queue.Queue()
        self.wake = wake
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name=name)
        self.thread.start()

    def put(self, item):
        self.inbox.put(item)
        if self.wake is not None:
            self.wake()

    def call(self, coroutine, timeout=None):
        """Run `coroutine` on the loop; wait for its result when `timeout` is given."""
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        return future.result(timeout) if timeout is not None else future

    def end(self):
        """Stop the loop and its thread (once; again does nothing)."""
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(CLOSE_SECONDS + 1)
        if not self.thread.is_alive():
            self.loop.close()


class Server(_Loop):
    """A WebSocket server: `start(host, port)` listens (port 0: any free one) and returns
    the port; `send(outs)` sends host.Out values; `stop()` closes every connection and
    stops listening."""

    def __init__(self, wake=None):
        super().__init__("net-server", wake)
        self.ids = itertools.count(1)
        self.outboxes = {}
        self.server = None

    def start(self, host, port):
        """Listen on `host`:`port`; returns the port. OSError if it cannot (in use)."""
        async def listen():
            return await serve(self._handle, host, port, origins=[None], compression=None,
                               max_size=SERVER_MAX_SIZE, server_header=None)
        self.server = self.call(listen(), CONNECT_SECONDS)
        return self.server.sockets[0].getsockname()[1]

    def send(self, outs):
        """Send each host.Out: its text, then close its connection if it says so."""
        for out in outs:
            self.loop.call_soon_threadsafe(self._queue, out)

    def flush(self, timeout=FLUSH_SECONDS):
        """Wait (at most `timeout` seconds) until what was sent so far is written."""
        async def written():
            await asyncio.gather(*(outbox.join() for outbox in list(self.outboxes.values())))
        try:
            self.call(written(), timeout)
        except (TimeoutError, asyncio.TimeoutError):
            pass

    def _queue(self, out):
        outbox = self.outboxes.get(out.conn)
        if outbox is not None:
            outbox.put_nowait(out)

    async def _handle(self, connection):
        conn = next(self.ids)
        outbox = asyncio.Queue()
        self.outboxes[conn] = outbox
        self.put(("opened", conn, connection.remote_address[0], time.monotonic()))
        writer = asyncio.create_task(self._write(connection, outbox))
        try:
            async for message in connection:
                self.put(("message", conn, message, time.monotonic()))
        except ConnectionClosed:
            pass
        finally:
            self.outboxes.pop(conn, None)
            self.put(("closed", conn, time.monotonic()))
            outbox.put_nowait(_LEFT)          # the writer ends once what it holds is written
            await asyncio.wait([writer], timeout=CLOSE_SECONDS)
            writer.cancel()

    async def _write(self, connection, outbox):
        try:
            while True:
                out = await outbox.get()
                if out is _LEFT:
                    return
                try:
                    if out.text is not None:
                        await connection.send(out.text)
                    if out.close is not None:
                        await connection.close(1000, out.close[:120])
                        return
                finally:
                    outbox.task_done()
        except ConnectionClosed:
            return

    def stop(self, reason="the host stopped"):
        """Close every connection (with `reason`) and stop listening."""
        if self.server is not None:
            async def close():
                self.server.close(close_connections=False)
                for outbox in list(self.outboxes.values()):
                    outbox.put_nowait(_Close(reason))
                await asyncio.wait_for(self.server.wait_closed(), CLOSE_SECONDS)
            try:
                self.call(close(), CLOSE_SECONDS + 1)
            except (TimeoutError, asyncio.TimeoutError):
                pass
        self.end()


class _Close:
    """A last item for a connection's outbox: close it."""

    def __init__(self, reason):
        self.text = None
        self.close = reason


_LEFT = object()        # the last item for the outbox of a connection that has closed


class Client(_Loop):
    """A WebSocket client: `start(host, port)` connects in the background (the inbox says
    how it went), `send(text)` sends, `stop()` closes."""

    def __init__(self, wake=None):
        super().__init__("net-client", wake)
        self.connection = None
        self.task = None

    def start(self, host, port):
        """Connect to `host`:`port` and read until the connection ends."""
        self.task = self.call(self._run(host, port))

    async def _run(self, host, port):
        address = f"[{host}]" if ":" in host else host
        try:
            async with connect(f"ws://{address}:{port}/", compression=None, open_timeout=CONNECT_SECONDS,
                               max_size=wire.MAX_FROM_HOST, close_timeout=CLOSE_SECONDS) as connection:
                self.connection = connection
                self.put(("opened",))
                async for message in connection:
                    self.put(("message", message))
                reason = connection.close_reason or "the host closed the connection"
        except ConnectionClosed as closed:
            reason = _closed_words(closed)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, asyncio.TimeoutError) as error:
            reason = f"could not reach {host}:{port} ({_error_words(error)})"
        self.connection = None
        self.put(("closed", reason))

    def send(self, text):
        """Send `text` (dropped if the connection is not open)."""
        connection = self.connection
        if connection is not None:
            self.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._send(connection, text)))

    @staticmethod
    async def _send(connection, text):
        try:
            await connection.send(text)
        except ConnectionClosed:
            pass

    def stop(self):
        """Close the connection and the loop."""
        connection = self.connection
        if connection is not None:
            try:
                self.call(connection.close(), CLOSE_SECONDS + 1)
            except (TimeoutError, asyncio.TimeoutError, ConnectionClosed):
                pass
        self.end()


def _closed_words(closed):
    frame = closed.rcvd
    if frame is not None and frame.reason:
        return frame.reason
    return "the connection to the host was lost"


def _error_words(error):
    if isinstance(error, (TimeoutError, asyncio.TimeoutError)):
        return "no answer in time"
    return getattr(error, "strerror", None) or str(error) or type(error).__name__
