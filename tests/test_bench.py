"""The app's benchmark (`main.py bench`) times what its figures say: a full-redraw frame
paints the table's cached layer again (through the table's own invalidate), an animation
frame only blits it, and both draw a card in flight that stays in the air while they are
timed; the engine's figures come from rounds that take every game in turn, and each
mode keeps its playout speed relative to Final Card-Down's."""
import pygame
import pytest

from game import registry, simulate
from game.bots.base import action_key
from game.home import Busiest
from scenes import app as app_module
from scenes import bench


@pytest.fixture
def bench_app():
    """The app as the benchmark runs it: normal animation speed, silent."""
    a = app_module.App(size=(1280, 720))
    a.settings.sound = False
    a.sounds.enabled = False
    a.frame()
    yield a
    pygame.quit()


def mid_air(table):
    """The progress of the cards in the air (landed or waiting ones left out)."""
    return [f.progress() for f in table.motion.flights if f.progress() not in (None, 1.0)]


def test_a_full_redraw_paints_the_layer_again_and_an_animation_frame_blits_it(bench_app,
                                                                              monkeypatch):
    bench._table(bench_app, "final_card_down", Busiest(4, lambda s: len(s.history) > 12, str))
    table = bench_app.scene
    painted = []
    paint = table.draw_static
    monkeypatch.setattr(table, "draw_static", lambda *args: (painted.append(1), paint(*args)))
    bench.frame(bench_app, full=False)          # the layer as it stands, painted once
    flying = mid_air(table)
    assert flying
    painted.clear()
    for _ in range(3):
        bench.frame(bench_app, full=True)
    assert len(painted) == 3
    painted.clear()
    for _ in range(3):
        bench.frame(bench_app, full=False)
    assert painted == []
    assert mid_air(table) == flying             # no time passed: the same card in the air


def test_the_engine_bench_interleaves_rounds_and_gives_the_median_against_uno(monkeypatch):
    calls = []

    def fake_game(game_id, seconds):
        calls.append(game_id)
        return 10.0, {"a": 100.0, "b": 300.0}[game_id] * (1 + calls.count(game_id))

    def fake_uno(seconds):
        calls.append("uno")
        return 5.0, 100.0 * calls.count("uno")

    monkeypatch.setattr(simulate.registry, "GAMES", {"a": None, "b": None})
    monkeypatch.setattr(simulate, "playout_speed", fake_game)
    monkeypatch.setattr(simulate, "uno_speed", fake_uno)
    monkeypatch.setattr(simulate, "rlcard_version", lambda: "1.2.0")
    lines = []
    speeds = simulate.bench(seconds=0.1, out=lines.append, rounds=3, against_rlcard=True)
    assert calls == ["uno", "a", "b"] * 3
    assert speeds == {simulate.UNO: (5.0, 200.0), "a": (10.0, 300.0), "b": (10.0, 900.0)}
    assert any(line.startswith("a ") and line.endswith("1.50x") for line in lines)
    assert any(line.startswith("b ") and line.endswith("4.50x") for line in lines)
    assert "median of 3 interleaved rounds" in lines[0]


def test_against_rlcard_without_rlcard_says_how_to_install_it_apart(monkeypatch, capsys):
    import main
    monkeypatch.setattr(simulate, "rlcard_version", lambda: None)
    with pytest.raises(SystemExit) as stop:
        main.main(["bench", "--against-rlcard"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "RLCard is not installed" in err and "pip install rlcard==1.2.0" in err
    assert len(err.strip().splitlines()) == 1


def test_the_hard_bench_measures_hard_on_the_same_positions_in_every_mode(capsys, monkeypatch):
    """`bench --hard` times Hard's real decisions on positions that are the same every
    run (each with a real choice, spread over a game Medium plays), on one core at the
    seconds asked and on all cores at the app's time for them, and prints every mode's
    table size, both iterations per decision, their ratio and each core's share of one
    core's pace alone (what the default budget assumes)."""
    import main
    from game.bots import bench as hard_bench
    from game.bots import workers
    from game.bots.hard import default_budget
    first = hard_bench.positions("ktu", 3, count=4)
    again = hard_bench.positions("ktu", 3, count=4)
    assert len(first) == 4
    assert [view for view, _ in first] == [view for view, _ in again]
    assert all(len({action_key(a) for a in legal}) > 1 for _, legal in first)
    assert len({view.facts["turn_no"] for view, _ in first}) == 4      # spread, not bunched
    monkeypatch.setattr(workers, "cores_here", lambda: 2)
    searched = []
    real = hard_bench.make_bot
    monkeypatch.setattr(hard_bench, "make_bot", lambda level, game_id, **settings: (
        searched.append((level, settings.get("cores"), settings.get("time_budget"))),
        real(level, game_id, **settings))[1])
    assert main.main(["bench", "--hard", "0.02"]) == 0
    assert ("hard", 1, 0.02) in searched and ("hard", 2, round(0.02 * default_budget(2), 3)) in searched
    out = capsys.readouterr().out
    assert "one core at 0.02 s, and all 2 cores at" in out and "load average before" in out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()}
    for game_id in registry.GAMES:
        players, one, every, ratio, share = rows[game_id]
        assert int(players) == hard_bench.table_size(game_id)
        assert float(one) >= 1 and float(every) >= 1
        assert float(ratio) == pytest.approx(float(every) / float(one), abs=0.01)
        shared = round(0.02 * default_budget(2), 3)
        assert float(share) == pytest.approx(float(every) / (2 * shared) / (float(one) / 0.02),
                                             abs=0.01)


def test_the_bench_command_runs_to_its_end_and_prints_every_figure_readme_promises():
    """`python3 main.py bench` exactly as README gives it, on a fresh home: the engine's
    speed for every mode, the start to the first menu frame, the busiest tables' animation
    frames and full redraws, the autosave, the idle table and the memory; no traceback."""
    import re
    import subprocess
    import sys
    from game import resources
    run = subprocess.run([sys.executable, "main.py", "bench"], cwd=resources.root(),
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    out = run.stdout
    number = r"[\d,]+(\.\d+)?"
    for game_id in registry.SHIPPED:        # the app's own games (the tests add a seventh)
        assert re.search(rf"^{game_id} +{number} +{number}$", out, re.M), (game_id, out)
    promised = [rf"start to first menu frame: {number} ms",
                *(rf"{table}, {kind}: median {number} ms, 99th percentile {number} ms"
                  for table in ("Final Card-Down, hand of \\d+ cards", "Deadline at the Final Exam")
                  for kind in ("animation frame", "full redraw")),
                rf"autosave per move, Final Card-Down \(6 players\): median {number} ms",
                rf"autosave per move, Deadline \(5 players\): median {number} ms",
                rf"idle table CPU over \d+ s: {number}% of one core",
                rf"peak memory: {number} MB"]
    missing = [figure for figure in promised if not re.search(figure, out)]
    assert not missing, f"missing {missing} in:\n{out}"


def test_the_start_time_in_a_bundle_launches_the_bundle_itself(monkeypatch, tmp_path):
    """In a bundle `bench` times the bundle's own start (it is the app; it takes no
    script), and an app that draws no menu is told in a line, not a traceback."""
    import stat
    import sys
    from scenes import bench
    app, python = tmp_path / "cardtable", sys.executable
    app.write_text(f"#!{python}\nimport sys, time\n"
                   "sys.exit(2) if sys.argv[1:] else print(f'first-frame {time.time():.6f}', flush=True)\n")
    app.chmod(app.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(app))
    assert 0 < bench.start_time(runs=1) < 30
    app.write_text(f"#!{python}\nimport sys\nsys.exit('no display')\n")
    with pytest.raises(RuntimeError, match=r"drew no menu \(no display\)"):
        bench.start_time(runs=1)
