"""Playing the report's chunks on a Dask distributed cluster (`--cluster ADDRESS`).

The address is probed first with a plain socket, so a closed port, a host that does not
answer, a dashboard's HTTP port or any other service answering non-Dask bytes is a
one-line error within PROBE_SECONDS. The client then checks that the scheduler runs the
same Python (the code is sent by value), ships the report's code and the rules' data to
every worker (`game.report.remote`), sizes chunks from the workers' threads, and keeps at
most a few chunks per thread under way. Every Dask failure (a worker that cannot play, a
scheduler that stops answering, a cluster left with no workers) ends the run with a
one-line ReportError; the chunks finished before it are already in the run's store.
"""
import logging
import queue
import socket
import struct
import sys
import time
import warnings

from game import resources
from game.report import MissingExtra, ReportError
from game.report import remote

PROBE_SECONDS = 5        # to connect to the address, and for it to greet like Dask
CONNECT_SECONDS = 10     # for the Dask client to connect after the probe
LOST_SECONDS = 30        # a scheduler unreachable, or without workers, this long ends the run
WAIT_SECONDS = 1         # how often the run looks at the cluster while chunks are under way
PER_THREAD = 3           # chunks under way per worker thread
DEFAULT_PORT = 8786


ADDRESS = "a Dask scheduler's address, tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786)"


def host_port(address):
    """(host, port) of a tcp://HOST:PORT address (or HOST:PORT, or HOST: port 8786), the
    only form `--cluster` takes; ValueError for any other (another protocol, no host, a
    port outside 1-65535)."""
    scheme, sep, rest = address.rpartition("://")
    host, colon, port = rest.rpartition(":")
    if not colon or "]" in port:            # HOST alone, or a bare [IPv6] address
        host, port = rest, str(DEFAULT_PORT)
    host = host.strip("[]")
    if (sep and scheme != "tcp") or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"expected {ADDRESS}")
    return host, int(port)


def probe(address):
    """Check that `address` answers like a Dask scheduler (the first message it sends on
    a new connection is a framed handshake); ReportError naming what answered otherwise."""
    if "://" in address and not address.startswith("tcp://"):
        return              # another of Dask's protocols (inproc:// within one process)
    try:
        target = host_port(address)
    except ValueError as error:
        raise ReportError(f"--cluster {address}: {error}") from None
    try:
        sock = socket.create_connection(target, timeout=PROBE_SECONDS)
    except socket.timeout:
        raise ReportError(f"--cluster {address}: no answer in {PROBE_SECONDS} s") from None
    except OSError as error:
        raise ReportError(f"--cluster {address}: cannot reach a Dask scheduler there "
                          f"({error.strerror or error})") from None
    try:
        with sock:
            head = _read(sock, 8)
            size = struct.unpack("<Q", head)[0] if len(head) == 8 else 0
            frames = _read(sock, 8) if 16 <= size <= 1 << 20 else b""
            count = struct.unpack("<Q", frames)[0] if len(frames) == 8 else 0
    except socket.timeout:
        raise ReportError(f"--cluster {address}: connected, but nothing came back in "
                          f"{PROBE_SECONDS} s, as a Dask scheduler would send: is it a "
                          "dashboard's HTTP port? (the scheduler listens on 8786 by "
                          "default)") from None
    except OSError as error:
        raise ReportError(f"--cluster {address}: the connection broke before it greeted "
                          f"like a Dask scheduler ({error.strerror or error})") from None
    if not 1 <= count <= 64:
        raise ReportError(f"--cluster {address}: it answers, but not as a Dask scheduler "
                          f"(it began with {head[:8]!r})")


def _read(sock, size):
    """Up to `size` bytes from `sock` (fewer when it closes first)."""
    data = b""
    while len(data) < size:
        more = sock.recv(size - len(data))
        if not more:
            break
        data += more
    return data


def _first_line(error):
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


class Cluster:
    """A connection to the Dask scheduler at `address`, ready to play chunks."""

    def __init__(self, address):
        try:
            import cloudpickle
            from dask.distributed import Client
        except ImportError:
            raise MissingExtra("dask[distributed]") from None
        self.address = address
        probe(address)
        self.logging = logging.root.manager.disable
        logging.disable(logging.CRITICAL)   # Dask logs failures with tracebacks: one line here
        from distributed.versions import VersionMismatchWarning
        try:
            with warnings.catch_warnings():   # Dask's table of versions: one line here instead
                warnings.simplefilter("ignore", VersionMismatchWarning)
                self.client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except Exception as error:   # Dask raises many kinds: every one is one line here
            logging.disable(self.logging)
            raise ReportError(f"--cluster {address}: cannot connect to the Dask scheduler "
                              f"({_first_line(error)})") from None
        try:
            self._check_versions()
            cloudpickle.register_pickle_by_value(remote)
            root = resources.root()
            self.found = remote.versions(root)
            self.task = remote.chunk_task()
            self.client.register_plugin(
                remote.shipping_plugin(remote.pack(root), remote.home_name(self.found)))
        except ReportError:
            self.close()
            raise
        except Exception as error:
            self.close()
            raise ReportError(f"--cluster {address}: the scheduler refused the report's "
                              f"code ({_first_line(error)})") from None

    def _check_versions(self):
        """The scheduler and the workers must run this Python (x.y): code goes by value.
        Packages Dask compares that differ from this machine's are said in one line."""
        from distributed.versions import get_versions, optional_packages, required_packages
        mine = "%d.%d" % sys.version_info[:2]
        found = self.client.get_versions(check=False)
        hosts = [("the scheduler", found.get("scheduler") or {})]
        hosts += [(f"the worker {name}", info) for name, info in (found.get("workers") or {}).items()]
        for who, info in hosts:
            theirs = ".".join(str(info.get("host", {}).get("python", "")).split(".")[:2])
            if theirs and theirs != mine:
                raise ReportError(f"--cluster {self.address}: {who} runs Python {theirs}, "
                                  f"this machine {mine}: every machine needs the same Python")
        here = get_versions()["packages"]
        differ = []
        for package in [*required_packages, *optional_packages]:
            there = sorted({str((info.get("packages") or {}).get(package)) for _, info in hosts})
            if there != [str(here.get(package))]:
                differ.append(f"{package} {here.get(package) or 'none'} here, "
                              f"{' or '.join(v if v != 'None' else 'none' for v in there)} there")
        if differ:
            sys.stderr.write(f"--cluster {self.address}: the cluster's packages differ from this "
                             f"machine's ({'; '.join(differ)}): install requirements-cluster.txt "
                             "on every cluster machine\n")

    def threads(self):
        """The worker threads the cluster has now (waiting up to LOST_SECONDS for one)."""
        deadline = time.monotonic() + LOST_SECONDS
        while True:
            total = sum(self._nthreads().values())
            if total:
                return total
            if time.monotonic() > deadline:
                raise ReportError(f"--cluster {self.address}: the scheduler has no workers "
                                  f"(none joined in {LOST_SECONDS} s)")
            time.sleep(WAIT_SECONDS)

    def _nthreads(self):
        try:
            return self.client.nthreads()
        except Exception as error:
            raise ReportError(f"--cluster {self.address}: the scheduler stopped answering "
                              f"({_first_line(error)})") from None

    def run(self, jobs, on_chunk):
        """Play `jobs` on the cluster, handing each finished chunk to `on_chunk`."""
        jobs = iter(jobs)
        finished = queue.Queue()
        under_way = set()
        lost_since = None
        while True:
            room = PER_THREAD * max(1, sum(self._nthreads().values())) - len(under_way)
            for job in [j for _, j in zip(range(max(0, room)), jobs)]:
                future = self.client.submit(self.task, self.found, job, pure=False)
                future.add_done_callback(finished.put)
                under_way.add(future)
            if not under_way:
                return
            try:
                future = finished.get(timeout=WAIT_SECONDS)
            except queue.Empty:
                future = None
            if future is not None:
                under_way.discard(future)
                try:
                    chunk = future.result()
                except Exception as error:
                    raise self._failure(error) from None
                on_chunk(chunk)
            healthy = self.client.status == "running" and bool(self._nthreads())
            lost_since = None if healthy or future else (lost_since or time.monotonic())
            if lost_since and time.monotonic() - lost_since > LOST_SECONDS:
                raise ReportError(f"--cluster {self.address}: the scheduler lost its workers "
                                  f"or stopped answering for {LOST_SECONDS} s")

    def _failure(self, error):
        """The one-line error for a chunk the cluster could not play."""
        if self.client.status != "running":
            return ReportError(f"--cluster {self.address}: the scheduler stopped answering "
                               "(the connection to it was lost)")
        hint = ("; every cluster machine needs: python3 -m pip install -r "
                "requirements-cluster.txt" if isinstance(error, ImportError) else "")
        return ReportError(f"--cluster {self.address}: a chunk of games failed "
                           f"({_first_line(error)}){hint}")

    def close(self):
        """Disconnect (without waiting long for a scheduler that is gone)."""
        try:
            self.client.close(timeout=2)
        except Exception:   # closing a broken connection may fail in any way: it is closed
            pass
        logging.disable(self.logging)
