"""The report on a real Dask cluster on loopback, started as README says (`dask scheduler`,
`dask worker`) in a folder without this project, so the report must ship its code: the
scheduler killed mid-run ends the run with one line that keeps the finished games, and
`--resume` on a new cluster finishes with exactly the results of an uninterrupted run."""
import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

import main
from game import resources
from game.report import cluster, run as runner
from game.report.store import FolderStore
from game.report.summary import summarize
from tests.helpers import designers_extra

designers_extra("matplotlib", "dask.distributed")

ROOT = resources.root()
STARTUP_SECONDS = 60     # at most, for a scheduler to listen (a busy machine is slow)


def free_port():
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return probe.getsockname()[1]


class LoopbackCluster:
    """A scheduler and one worker (one thread) on 127.0.0.1, in their own processes."""

    def __init__(self, folder):
        port = free_port()
        self.address = f"tcp://127.0.0.1:{port}"
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        folder.mkdir(exist_ok=True)
        self.scheduler = subprocess.Popen(
            [sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", str(port),
             "--no-dashboard"], cwd=folder, env=env, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and self.scheduler.poll() is None
                time.sleep(0.1)
        self.worker = subprocess.Popen(
            [sys.executable, "-m", "dask", "worker", self.address, "--nworkers", "1",
             "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard"], cwd=folder, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    def kill_scheduler(self):
        self.scheduler.kill()
        self.scheduler.wait(timeout=30)

    def stop(self):
        for process in (self.worker, self.scheduler):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=30)


@pytest.fixture
def clusters(tmp_path):
    started = []

    def start():
        started.append(LoopbackCluster(tmp_path / f"cluster-{len(started)}"))
        return started[-1]
    yield start
    for one in started:
        one.stop()


def test_a_killed_scheduler_keeps_the_finished_games_and_resume_finishes_them(
        tmp_path, clusters, capsys, monkeypatch):
    monkeypatch.setattr(runner, "PILOT_SECONDS", 0)     # one game timed, then chunks of 15:
    # sized from the cluster's one thread (this machine's cores would make chunks of 8)
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 3)  # the client gives up on a lost one soon
    common = ["report", "four_downs", "--games", "60", "--seed", "11"]
    first = clusters()
    save = FolderStore.save

    def kill_after_the_first_chunk(self, chunk, elapsed):
        save(self, chunk, elapsed)
        if chunk["stop"] - chunk["start"] > 1:        # the cluster's first chunk, not the pilot
            first.kill_scheduler()
    monkeypatch.setattr(FolderStore, "save", kill_after_the_first_chunk)
    out = tmp_path / "on-the-cluster"
    capsys.readouterr()
    assert main.main([*common, "--cluster", first.address, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if not line.startswith("report ")]   # progress
    assert len(lines) == 1 and "Traceback" not in err
    assert f"--cluster {first.address}: the scheduler stopped answering" in lines[0]
    assert lines[0].endswith(f"; 16 finished games kept: go on with python3 main.py report "
                             f"--resume {out}")
    first.stop()

    monkeypatch.setattr(FolderStore, "save", save)
    second = clusters()
    assert main.main(["report", "--resume", str(out), "--cluster", second.address]) == 0
    resumed = json.loads((out / "summary.json").read_text())
    configs, rows, *_ = runner.play(resumed["spec"], 1, progress=False)    # uninterrupted, here
    assert resumed["rows"] == rows
    assert resumed["summary"] == summarize(resumed["spec"], configs, rows)
    assert resumed["run"]["where"] == {runner.HERE: 1, f"Dask cluster {first.address}": 15,
                                       f"Dask cluster {second.address}": 44}
    page = (out / "report.html").read_text()
    assert (f"Dask cluster {second.address}: 44 games, Dask cluster {first.address}: "
            f"15 games, {runner.HERE}: 1 game") in page


def test_the_cluster_requirements_pin_every_package_dask_compares_as_the_client_has_it():
    from importlib.metadata import PackageNotFoundError, version
    from distributed.versions import optional_packages, required_packages
    pins = {}
    with open(os.path.join(ROOT, "requirements-cluster.txt"), encoding="utf-8") as handle:
        for line in handle:
            name, sep, pinned = line.split("#")[0].strip().partition("==")
            if sep:
                pins[name.split("[")[0].lower()] = pinned
    with open(os.path.join(ROOT, "requirements-designer.txt"), encoding="utf-8") as handle:
        assert "-r requirements-cluster.txt" in handle.read()
    for package in [*required_packages, *optional_packages]:
        try:
            here = version(package)
        except PackageNotFoundError:
            assert package not in pins, package
            continue
        name = "dask" if package == "distributed" else package     # dask[distributed]
        assert pins.get(name) == (here if package != "distributed" else version("dask")), package


def test_packages_that_differ_on_the_cluster_are_one_line_not_dasks_table(
        tmp_path, clusters, capsys, monkeypatch):
    import distributed.versions
    real = distributed.versions.get_versions

    def numpy_differs(packages=None):     # this machine, as if it had another numpy
        found = real(packages)
        found["packages"]["numpy"] = "0.0.1"
        return found
    monkeypatch.setattr(distributed.versions, "get_versions", numpy_differs)
    loopback = clusters()
    assert main.main(["report", "four_downs", "--games", "3", "--seed", "1",
                      "--cluster", loopback.address, "--out", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    assert "Mismatched versions" not in err and "+---" not in err
    notes = [line for line in err.splitlines() if "packages differ" in line]
    assert len(notes) == 1 and "numpy 0.0.1 here" in notes[0]
    assert "install requirements-cluster.txt on every cluster machine" in notes[0]
