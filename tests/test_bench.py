"""The app's benchmark (`main.py bench`) times what its figures say: a full-redraw frame
paints the table's cached layer again (through the table's own invalidate), an animation
frame only blits it, and both draw a card in flight that stays in the air while they are
timed; the engine's figures come from rounds that take every game in turn."""
import pygame
import pytest

from game import simulate
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
    bench._table(bench_app, "final_card_down", 4, lambda s: len(s.history) > 12)
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

    monkeypatch.setattr(simulate.game, "GAMES", {"a": None, "b": None})
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
