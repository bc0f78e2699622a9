"""`main.py --smoke`: every scene of every game opens headless; a failure says why."""
import os
import subprocess
import sys

import game
from game import resources
from scenes import session as session_module
from scenes import smoke


def test_smoke_opens_every_scene_of_every_game():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, os.path.join(resources.root(), "main.py"), "--smoke"],
                            capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("first menu frame after ")
    for info in game.GAMES.values():
        assert f"smoke: {info.title}: menu, setup, rules, lesson, table (6 moves), scoring" in lines
    assert lines[-1] == "smoke: ok"


def test_smoke_fails_with_the_reason(monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("no deck today")
    monkeypatch.setattr(session_module, "Session", broken)
    said = []
    assert smoke.run(out=said.append) == 1
    assert said[-1] == "smoke: FAILED: ValueError: no deck today"
