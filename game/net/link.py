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
connection, which always names its origin, is refused), frames, pings (a screen that
does not answer them is let go), and the size limit of a message (a longer one closes
the connection, 'message too big').

Sending never waits on a screen: each connection has its own outbox and writer, so a
screen that reads slowly holds back only itself; one that lets more than OUTBOX_BYTES or
OUTBOX_MESSAGES pile up unread is let go at once (it joins again and is sent the game as
it stands, which is smaller than what it missed).
"""
import asyncio
import collections
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
OUTBOX_BYTES = 16 * 1024 * 1024  # unread text a screen may let pile up (two whole logs)
OUTBOX_MESSAGES = 256            # and messages (a few minutes of a game's moves)


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
    the port; `send(outs)` sends host.Out values, never waiting; `stop()` closes every
    connection and stops listening."""

    def __init__(self, wake=None):
        super().__init__("net-server", wake)
        self.ids = itertools.count(1)
        self.outboxes = {}
        self.server = None

    def start(self, host, port):
        """Listen on `host`:`port`; returns the port. OSError if it cannot (in use, or an
        address this computer does not have)."""
        async def listen():
            return await serve(self._handle, host, port, origins=[None], compression=None,
                               max_size=SERVER_MAX_SIZE, server_header=None,
                               close_timeout=CLOSE_SECONDS)
        try:
            self.server = self.call(listen(), CONNECT_SECONDS)
        except UnicodeError as error:
            raise OSError(f"{host!r} is not an address ({error})") from None
        return self.server.sockets[0].getsockname()[1]

    def send(self, outs):
        """Send each host.Out: its text, then close its connection if it says so. Returns
        at once: the network's thread writes."""
        if outs:
            self.loop.call_soon_threadsafe(self._queue, outs)

    def _queue(self, outs):
        for out in outs:
            outbox = self.outboxes.get(out.conn)
            if outbox is not None:
                outbox.put(out)

    async def _handle(self, connection):
        conn = next(self.ids)
        outbox = _Outbox(connection)
        self.outboxes[conn] = outbox
        self.put(("opened", conn, connection.remote_address[0], time.monotonic()))
        writer = asyncio.create_task(outbox.write())
        try:
            async for message in connection:
                self.put(("message", conn, message, time.monotonic()))
        except ConnectionClosed:
            pass
        finally:
            self.outboxes.pop(conn, None)
            self.put(("closed", conn, time.monotonic()))
            outbox.put(_LEFT)          # the writer ends once what it holds is written
            await asyncio.wait([writer], timeout=CLOSE_SECONDS)
            writer.cancel()

    def stop(self, reason="the host stopped"):
        """Close every connection (with `reason`) and stop listening."""
        if self.server is not None:
            async def close():
                self.server.close(close_connections=False)
                for outbox in list(self.outboxes.values()):
                    outbox.put(_Close(reason))
                await asyncio.wait_for(self.server.wait_closed(), CLOSE_SECONDS)
            try:
                self.call(close(), CLOSE_SECONDS + 1)
            except (TimeoutError, asyncio.TimeoutError):
                pass
        self.end()


class _Outbox:
    """What waits to be written to one connection, bounded: past OUTBOX_BYTES or
    OUTBOX_MESSAGES unwritten, the connection is let go at once (its reader then ends)."""

    def __init__(self, connection):
        self.connection = connection
        self.items = collections.deque()
        self.size = 0
        self.ready = asyncio.Event()

    def put(self, item):
        if item is _LEFT or isinstance(item, _Close):
            self.items.append(item)
        elif len(self.items) >= OUTBOX_MESSAGES or self.size + len(item.text or "") > OUTBOX_BYTES:
            self.items.clear()
            self.connection.transport.abort()      # unread for too long: let go, unheard
            return
        else:
            self.items.append(item)
            self.size += len(item.text or "")
        self.ready.set()

    async def write(self):
        """Write each item in turn until the connection closes or leaves."""
        try:
            while True:
                if not self.items:
                    self.ready.clear()
                    await self.ready.wait()
                    continue
                out = self.items.popleft()
                if out is _LEFT:
                    return
                self.size -= len(out.text or "")
                if out.text is not None:
                    await self.connection.send(out.text)
                if out.close is not None:
                    await self.connection.close(1000, out.close[:120])
                    return
        except ConnectionClosed:
            return


class _Close:
    """A last item for a connection's outbox: close it, with `close` as the reason."""

    def __init__(self, reason):
        self.text = None
        self.close = reason


_LEFT = object()        # the last item for the outbox of a connection that has closed


class Client(_Loop):
    """A WebSocket client: `start(host, port)` connects in the background (the inbox says
    how it went), `send(text)` sends, `stop()` closes. It connects directly, never through
    a proxy the system names for the web (a host is on the same network, or a VPN)."""

    def __init__(self, wake=None):
        super().__init__("net-client", wake)
        self.connection = None
        self.task = None

    def start(self, host, port):
        """Connect to `host`:`port` and read until the connection ends."""
        self.task = self.call(self._run(host, port))

    async def _run(self, host, port):
        address = f"[{host}]" if ":" in host else host
        reason = f"could not reach {host}:{port}"
        try:
            async with connect(f"ws://{address}:{port}/", compression=None, open_timeout=CONNECT_SECONDS,
                               max_size=wire.MAX_FROM_HOST, close_timeout=CLOSE_SECONDS,
                               proxy=None) as connection:
                self.connection = connection
                self.put(("opened",))
                async for message in connection:
                    self.put(("message", message))
                reason = connection.close_reason or "the host closed the connection"
        except ConnectionClosed as closed:
            reason = _closed_words(closed)
        except (OSError, ValueError, InvalidHandshake, InvalidURI, TimeoutError,
                asyncio.TimeoutError) as error:
            reason = f"could not reach {host}:{port} ({_error_words(error)})"
        finally:                   # however it ended, the caller hears of it
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
