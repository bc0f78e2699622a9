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


# Each mode's random-playout speed as a share of Final Card-Down's, measured in this
# process, about 75% of what it was when the engines were last tuned (then: Deadline 0.35,
# Final Count 0.32, KTU 0.35, 4 downs 0.37, 5 possessions 0.29; RLCard's Uno about 0.28).
SPEED_FLOORS = {"deadline": 0.26, "final_count": 0.24, "ktu": 0.26, "four_downs": 0.27,
                "five_possessions": 0.22}


def test_every_mode_keeps_its_speed_relative_to_final_card_down():
    """A slowdown of any engine cannot land unnoticed. Speeds are in CPU time of this
    thread, each slice of a mode paired with a slice of Final Card-Down just before it,
    the median of the pairs' ratios (the other processes on the machine slow both alike)."""
    for game_id in ["final_card_down", *SPEED_FLOORS]:       # warm the engines' caches
        simulate.playout_speed(game_id, 0.02)
    ratios = {game_id: [] for game_id in SPEED_FLOORS}
    for _ in range(7):
        for game_id, runs in ratios.items():
            base = simulate.playout_speed("final_card_down", 0.03)[1]
            runs.append(simulate.playout_speed(game_id, 0.06)[1] / base)
    medians = {game_id: sorted(runs)[len(runs) // 2] for game_id, runs in ratios.items()}
    slow = {g: round(r, 3) for g, r in medians.items() if r < SPEED_FLOORS[g]}
    assert not slow, f"slower than their floor relative to Final Card-Down: {slow}"


def test_the_hard_bench_measures_hard_on_the_same_positions_in_every_mode(capsys):
    """`bench --hard` times Hard's real decisions on positions that are the same every
    run (each with a real choice, spread over a game Medium plays), and prints every
    mode's table size, iterations and playouts per decision."""
    import main
    from game.bots import bench as hard_bench
    first = hard_bench.positions("ktu", 3, count=4)
    again = hard_bench.positions("ktu", 3, count=4)
    assert len(first) == 4
    assert [view for view, _ in first] == [view for view, _ in again]
    assert all(len({action_key(a) for a in legal}) > 1 for _, legal in first)
    assert len({view.facts["turn_no"] for view, _ in first}) == 4      # spread, not bunched
    assert main.main(["bench", "--hard", "0.01"]) == 0
    rows = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()}
    for game_id in registry.GAMES:
        players, iterations, playouts = rows[game_id]
        assert int(players) == hard_bench.table_size(game_id)
        assert 1 <= float(iterations) <= float(playouts)
