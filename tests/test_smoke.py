"""`main.py --smoke`: every scene of every game opens headless; a failure says why."""
import os
import re
import subprocess
import sys

import pytest

from game import registry, resources
from scenes.table import session as session_module
from scenes import pieces, smoke


@pytest.mark.quick
def test_smoke_opens_every_scene_of_every_game():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, os.path.join(resources.root(), "main.py"), "--smoke"],
                            capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("first menu frame after ")
    for game_id, info in pieces.shipped().items():
        assert f"smoke: {info.title}: menu, setup, rules, lesson, table (6 moves), scoring" in lines
        proof = next(line for line in lines if line.startswith(f"smoke: {info.title}: pieces "))
        home = f"game/{game_id}"
        assert (f"pieces game.{game_id}.rules, game.{game_id}.bots, game.{game_id}.presenter, "
                f"{home}/game.yaml, {home}/rulebook.md, {home}/tutorial.yaml; "
                "Medium differs from Easy at move ") in proof
        assert proof.split("; hint: ")[1].strip()
    assert lines[-1] == "smoke: ok"


def test_smoke_fails_when_medium_plays_like_easy(monkeypatch):
    from game.bots.easy import EasyBot
    from game.bots.medium import MediumBot
    monkeypatch.setattr(MediumBot, "choose", EasyBot.choose)
    said = []
    assert smoke.run(out=said.append) == 1
    assert re.fullmatch(r"smoke: FAILED: RuntimeError: final_card_down: Medium played its "
                        r"first \d+ moves like Easy on a fixed deal", said[-1])


def test_smoke_fails_when_hint_gives_no_reason(monkeypatch):
    from game.bots import base
    monkeypatch.setattr(base.Bot, "explain", lambda self, view, legal, action: "")
    monkeypatch.setattr("game.bots.hard.HardBot.explain", base.Bot.explain)
    said = []
    assert smoke.run(out=said.append) == 1
    assert re.fullmatch(r"smoke: FAILED: RuntimeError: final_card_down: Hint gave no reason "
                        r"in \d+ positions", said[-1])


def test_smoke_fails_when_a_piece_is_missing(monkeypatch, tmp_path):
    monkeypatch.setattr(registry.GameInfo, "tutorial", lambda info: str(tmp_path / f"{info.id}.yaml"))
    said = []
    assert smoke.run(out=said.append) == 1
    assert said[-1] == (f"smoke: FAILED: MissingPiece: final_card_down: no lesson "
                        f"({tmp_path / 'final_card_down.yaml'})")


def test_smoke_fails_with_the_reason(monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("no deck today")
    monkeypatch.setattr(session_module, "Session", broken)
    said = []
    assert smoke.run(out=said.append) == 1
    assert said[-1] == "smoke: FAILED: ValueError: no deck today"
