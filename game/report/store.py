"""A report's output folder while its games are played: the run's spec and versions in
`DIR/run.json`, and every finished chunk of games in `DIR/chunks/` as soon as it completes
(each written whole or not at all). A run stopped for any reason (Ctrl+C, a dead Dask
scheduler, a power cut) goes on from them with `main.py report --resume DIR`, and ends
with the very rows an uninterrupted run gives; once the report is written the folder
keeps only report.html, games.csv and summary.json.

`MemoryStore` keeps chunks in memory, for runs that write no folder (tests, callers).
"""
import json
import os
import uuid

from game.report import ReportError
from game.saves import atomic_write, read_text

RUN_FILE = "run.json"
CHUNKS = "chunks"
RUN_FORMAT = "cardtable-report-run"
RUN_VERSION = 1
CHUNK_KEYS = {"config", "start", "stop", "seconds", "rows"}


class MemoryStore:
    """Chunks kept in memory only: nothing to resume."""

    folder = None

    def __init__(self):
        self.kept = []

    def chunks(self):
        """The chunks finished so far."""
        return list(self.kept)

    def save(self, chunk, elapsed):
        """Keep a finished chunk (`elapsed`: seconds into this session)."""
        self.kept.append(chunk)

    def seconds_before(self):
        """Seconds of play in earlier sessions of this run."""
        return 0.0


class FolderStore:
    """The run kept in `folder` (see the module docstring)."""

    def __init__(self, folder):
        self.folder = folder
        self.session = uuid.uuid4().hex
        self.run_path = os.path.join(folder, RUN_FILE)
        self.chunk_dir = os.path.join(folder, CHUNKS)

    def check_writable(self):
        """Make the folder and prove a file can be written there; ReportError otherwise."""
        probe = os.path.join(self.folder, f".probe-{self.session}")
        if os.path.exists(self.folder) and not os.path.isdir(self.folder):
            raise ReportError(f"--out {self.folder}: is a file, not a folder")
        try:
            os.makedirs(self.folder, exist_ok=True)
            with open(probe, "w", encoding="utf-8") as handle:
                handle.write("")
            os.unlink(probe)
        except OSError as error:
            raise ReportError(f"--out {self.folder}: cannot write there "
                              f"({error.strerror or error})") from None

    def unfinished(self):
        """The saved run (its data) when the folder holds an unfinished one, else None."""
        try:
            text = read_text(self.run_path, move=False, bounded=False)   # never a pipe's wait
            if text is None:
                return None
            data = json.loads(text)
        except ValueError:          # BadFile too: a folder, a pipe, a file it cannot read
            raise ReportError(f"{self.run_path}: not a readable run file") from None
        if not isinstance(data, dict) or data.get("format") != RUN_FORMAT \
                or data.get("version") != RUN_VERSION or not isinstance(data.get("spec"), dict):
            raise ReportError(f"{self.run_path}: not a report's run file (version {RUN_VERSION})")
        return data

    def begin(self, spec, versions):
        """Record a new run's spec and versions (before any game is played)."""
        atomic_write(self.run_path, json.dumps({"format": RUN_FORMAT, "version": RUN_VERSION,
                                                "spec": spec, "versions": versions}))

    def chunks(self):
        """Every chunk finished so far, in any order."""
        if not os.path.isdir(self.chunk_dir):
            return []
        kept = []
        for name in sorted(os.listdir(self.chunk_dir)):
            if not name.endswith(".json"):
                continue
            path = os.path.join(self.chunk_dir, name)
            try:
                chunk = json.loads(read_text(path, move=False, bounded=False) or "")
                if not isinstance(chunk, dict) or not CHUNK_KEYS <= set(chunk):
                    raise ValueError(path)
            except ValueError:
                raise ReportError(f"{path}: not a readable chunk of games; remove it and "
                                  "resume (its games are played again)") from None
            kept.append(chunk)
        return kept

    def save(self, chunk, elapsed):
        """Write a finished chunk whole (`elapsed`: seconds into this session)."""
        name = f"c{chunk['config']}-{chunk['start']:012d}-{chunk['stop']:012d}.json"
        try:
            atomic_write(os.path.join(self.chunk_dir, name),
                         json.dumps(dict(chunk, session=self.session, elapsed=elapsed)))
        except OSError as error:
            raise ReportError(f"{self.chunk_dir}: cannot write a finished chunk "
                              f"({error.strerror or error})") from None

    def seconds_before(self):
        """Seconds of play in earlier sessions: each session's latest chunk's time."""
        latest = {}
        for chunk in self.chunks():
            session = chunk.get("session")
            if session != self.session:
                latest[session] = max(latest.get(session, 0.0), chunk.get("elapsed", 0.0))
        return sum(latest.values())

    def finish(self):
        """Remove the run file and the chunks, once the report is written."""
        if os.path.isdir(self.chunk_dir):
            for name in os.listdir(self.chunk_dir):
                os.unlink(os.path.join(self.chunk_dir, name))
            os.rmdir(self.chunk_dir)
        if os.path.exists(self.run_path):
            os.unlink(self.run_path)
