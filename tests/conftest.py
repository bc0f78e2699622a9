"""Headless pygame for the UI tests (the dummy video and audio drivers), discovery of
games on the network as a player has it but kept inside the test process (no packet of
zeroconf's leaves it: tests/net_helpers.LocalNetwork), and for every test a user folder
of its own (CARDTABLE_HOME), so no test writes in the real one."""
import os
import shutil
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.pop("CARDTABLE_DISCOVERY", None)    # discovery on, as a player has it


def pytest_configure(config):
    """A seventh game, only in the tests (tests/seventh): every test of every game plays it.
    And zeroconf's network kept inside this process for the whole run."""
    from game.bots import workers
    from tests import net_helpers
    register_seventh()
    workers.on_start(register_seventh)       # in Hard's search workers too
    net_helpers.NETWORK.install(setattr)


def register_seventh():
    """Register High Card, with the one line a shipped game's registration is."""
    from game import registry
    from tests import seventh
    registry.register(seventh.HOME)


# A memory-backed folder where there is one: the app fsyncs every autosave, which on a
# busy disk costs milliseconds per move over thousands of test moves. The tests of what
# fsync guarantees (tests/test_saves.py) write on the real disk under tmp_path.
MEMORY = "/dev/shm"


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch):
    """The folder that stands in for the user's config, data and log folders."""
    if os.path.isdir(MEMORY) and os.access(MEMORY, os.W_OK):
        home = Path(tempfile.mkdtemp(prefix="cardtable-test-", dir=MEMORY))
    else:
        home = tmp_path / "user-home"
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    yield home
    if not str(home).startswith(str(tmp_path)):
        shutil.rmtree(home, ignore_errors=True)
