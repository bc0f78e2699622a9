"""tools/measure_pace.py, run as README says: it plays a game of computer players at the
real table (headless) and measures the app's pace, which the report's minutes at the
table read from game/report/pace.json; the kept figure still matches the table."""
import json
import os
import subprocess
import sys

from game import resources
from game.report import pace

ROOT = resources.root()


def test_the_pace_is_measured_at_the_table_and_kept_for_the_report(tmp_path, monkeypatch):
    kept = tmp_path / "pace.json"
    code = ("import sys, runpy; from game.report import pace; "
            f"pace.PACE_FILE = {str(kept)!r}; "
            "sys.argv = ['tools/measure_pace.py', 'final_card_down', '--games', '1', '--write']; "
            "runpy.run_path('tools/measure_pace.py', run_name='__main__')")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    line = result.stdout.strip().splitlines()[-1]
    assert line.startswith("Final Card-Down: ") and line.endswith(
        " s of table time per action (1 game, normal speed)")
    measured = json.loads(kept.read_text())["final_card_down"]
    shipped = pace.seconds_per_action("final_card_down")
    assert shipped is not None and abs(measured - shipped) <= 0.25 * shipped
    monkeypatch.setattr(pace, "PACE_FILE", str(kept))
    assert pace.seconds_per_action("final_card_down") == measured
    assert pace.seconds_per_action("ktu") is None         # not measured there: no figure
