"""What a Dask cluster runs for the report, and the code version it runs.

This module uses the standard library only, and `game.report.cluster` sends its
functions by value (cloudpickle), so neither the scheduler nor a worker needs this
project: the client packs the rules' code and data (`pack`), a worker plugin unpacks them
once per worker into a folder named by their versions (`shipping_plugin`), and each task
(`chunk_task`) plays its chunk with that code. A worker that already runs the very same
code (a cluster in the client's own process) uses it as it is.

`versions(root)` names the code (every `game/**/*.py`) and the rules' data (the games'
entries, `game/**/game.yaml`, and the decks, `config/decks/`) by hashes of their
contents, so a report records what played it, and shards or resumed runs of other code
are refused.
"""
import hashlib
import io
import os
import sys
import zipfile

ENTRY = "game.yaml"        # a game's entry in the registry, in its home
DECKS = "config/decks"


def _files(root):
    """{kind: [relative paths]}: the code and the rules' data under `root`, sorted."""
    code, data = [], []
    for folder, _, names in os.walk(os.path.join(root, "game")):
        for name in names:
            relative = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
            if name.endswith(".py"):
                code.append(relative)
            elif name == ENTRY:
                data.append(relative)
    decks = os.path.join(root, DECKS)
    if os.path.isdir(decks):
        data += [f"{DECKS}/{name}" for name in os.listdir(decks) if name.endswith(".yaml")]
    return {"code": sorted(code), "rules": sorted(data)}


def _digest(root, paths):
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.encode() + b"\0")
        with open(os.path.join(root, path), "rb") as handle:
            digest.update(handle.read() + b"\0")
    return digest.hexdigest()[:12]


def versions(root):
    """{"code": hash, "rules": hash} of the project at `root` ("none" when absent)."""
    return {kind: _digest(root, paths) if paths else "none"
            for kind, paths in _files(root).items()}


def home_name(found):
    """The folder a worker unpacks the code of `found` (versions) into."""
    return f"cardtable-{found['code']}-{found['rules']}"


def pack(root):
    """The code and the rules' data under `root` as zip bytes (the same bytes for the
    same contents)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for paths in _files(root).values():
            for path in paths:
                info = zipfile.ZipInfo(path, date_time=(2000, 1, 1, 0, 0, 0))
                with open(os.path.join(root, path), "rb") as handle:
                    archive.writestr(info, handle.read())
    return buffer.getvalue()


def unpack(data, folder):
    """Unpack `data` (from `pack`) into `folder`, whole: into a fresh folder beside it,
    then renamed, so a worker never sees half of it."""
    if os.path.isdir(folder):
        return
    temp = f"{folder}.{os.getpid()}.part"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        archive.extractall(temp)
    try:
        os.rename(temp, folder)
    except OSError:
        if not os.path.isdir(folder):
            raise


def shipping_plugin(data, name):
    """A Dask worker plugin that unpacks `data` into the worker's folder `name`."""
    from distributed.diagnostics.plugin import WorkerPlugin

    class ShipCode(WorkerPlugin):
        """Unpack the report's code on every worker, present and future."""

        def __init__(self):
            self.name = f"cardtable-report-{name}"
            self.idempotent = True

        def setup(self, worker):
            unpack(data, os.path.join(worker.local_directory, name))
    return ShipCode()


def _use(home, found):
    """Make `import game` load the code of `found` (versions) unpacked at `home`."""
    loaded = sys.modules.get("game")
    if loaded is not None:
        root = os.path.dirname(os.path.dirname(os.path.abspath(loaded.__file__)))
        if root == home or versions(root) == found:
            return
        for module in [m for m in sys.modules if m == "game" or m.startswith("game.")]:
            del sys.modules[module]
    if home in sys.path:
        sys.path.remove(home)
    sys.path.insert(0, home)


def chunk_task():
    """The task a worker runs: play_shipped(found, job) plays one chunk of games (see
    `game.report.run.play_chunk`) with the code of `found`, shipped by
    `shipping_plugin`. Made inside a function, so Dask cannot send it by reference (the
    scheduler would then need this project to read it) and cloudpickle sends it by value."""
    def play_shipped(found, job):
        from distributed import get_worker
        _use(os.path.join(get_worker().local_directory, home_name(found)), found)
        from game.report.run import play_chunk
        return play_chunk(job)
    return play_shipped
