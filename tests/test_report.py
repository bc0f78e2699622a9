"""The designers' balance report: its numbers against a direct computation, determinism
across worker counts, shards and a real local Dask cluster, fuzzing, and its errors."""
import json
import os
import random
import subprocess
import sys
import time

import pytest

import game
import main
from game import resources
from game.report import run as runner
from game.report.cli import SUMMARY_FORMAT
from game.report.stats import mean_interval, wilson
from game.report.summary import summarize

ROOT = resources.root()


def spec_for(game_id="final_card_down", games=30, seed=7, **changes):
    spec = {"format": SUMMARY_FORMAT, "game": game_id, "games": games, "seed": seed,
            "players": [4], "bots": ["random"], "options": {}, "sweep": [], "fuzz": False,
            "shard": [1, 1]}
    spec.update(changes)
    return spec


def play(spec, workers=1, cluster=None):
    configs, rows, _ = runner.play(spec, workers, cluster, progress=False)
    return rows, summarize(spec, configs, rows)


def test_numbers_match_a_direct_computation_of_30_games():
    rows, summary = play(spec_for())
    wins = [0] * 4
    first_wins = declared = 0
    actions = []
    for index in range(30):
        seed = runner.game_seed(7, index)
        state = game.new_game("final_card_down", players=4, seed=seed)
        rng = random.Random(seed)
        opener = state.current_player     # seat 1 when the first discard is an A (skip)
        count = 0
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            declared += action.kind == "play" and action.cards[0].rank == "D" \
                and len(state.hands[state.current_player]) > 1
            state.apply(action)
            count += 1
        actions.append(count)
        for seat in state.winners():
            wins[seat] += 1
        first_wins += opener in state.winners()
    config = summary["configs"][0]
    assert config["games"] == 30
    assert [s["count"] for s in config["seats"]] == wins
    for seat, entry in enumerate(config["seats"]):
        assert entry["ci"] == pytest.approx(list(wilson(wins[seat], 30)))
    assert config["first_player"]["count"] == first_wins
    mean, low, high = mean_interval(actions)
    assert config["length"]["actions"]["mean"] == pytest.approx(sum(actions) / 30)
    assert config["length"]["actions"]["ci"] == pytest.approx([low, high])
    assert config["length"]["actions"]["max"] == max(actions)
    assert config["measures"]["colours declared"]["mean"] == pytest.approx(declared / 30)
    assert sum(config["tallies"]["declared colour"].values()) == declared
    assert sum(e["count"] for e in config["ends"].values()) == 30


def test_wilson_and_t_intervals_against_known_values():
    low, high = wilson(8, 20)
    assert (round(low, 4), round(high, 4)) == (0.2188, 0.6134)
    mean, low, high = mean_interval([1, 2, 3, 4, 5])
    assert (mean, round(low, 3), round(high, 3)) == (3, 1.037, 4.963)


def test_same_numbers_on_one_worker_and_on_two():
    spec = spec_for("ktu", games=24)
    rows_one, summary_one = play(spec, workers=1)
    rows_two, summary_two = play(spec, workers=2)
    assert rows_one == rows_two
    assert summary_one == summary_two


def test_merged_shards_give_the_numbers_of_one_run(tmp_path, capsys):
    common = ["report", "final_count", "--games", "20", "--seed", "3", "--workers", "1",
              "--players", "2"]
    assert main.main([*common, "--out", str(tmp_path / "whole")]) == 0
    for i in (1, 2):
        assert main.main([*common, "--shard", f"{i}/2", "--out", str(tmp_path / f"s{i}")]) == 0
    assert main.main(["report", "--merge", str(tmp_path / "s1" / "summary.json"),
                      str(tmp_path / "s2" / "summary.json"), "--out", str(tmp_path / "m")]) == 0
    whole = json.loads((tmp_path / "whole" / "summary.json").read_text())
    merged = json.loads((tmp_path / "m" / "summary.json").read_text())
    shard = json.loads((tmp_path / "s1" / "summary.json").read_text())
    assert shard["summary"]["games"] == 10
    assert merged["summary"] == whole["summary"]
    assert merged["rows"] == whole["rows"]
    assert (tmp_path / "m" / "games.csv").read_text() == (tmp_path / "whole" / "games.csv").read_text()
    page = (tmp_path / "whole" / "report.html").read_text()
    assert page.count("data:image/png;base64,") >= 3 and "<script" not in page
    assert "95% interval" in page
    assert main.main(["report", "--merge", str(tmp_path / "s1" / "summary.json"),
                      "--out", str(tmp_path / "half")]) == 2
    assert "10 games of the run are in none of the shards" in capsys.readouterr().err


def test_the_cluster_path_on_a_real_local_dask_cluster():
    from dask.distributed import LocalCluster
    spec = spec_for("four_downs", games=12)
    start = time.perf_counter()
    with LocalCluster(n_workers=1, processes=False, threads_per_worker=2,
                      dashboard_address=None) as cluster:
        rows, summary = play(spec, cluster=cluster.scheduler_address)
    assert time.perf_counter() - start < 20
    local_rows, local_summary = play(spec)
    assert rows == local_rows
    assert summary == local_summary


def test_a_sweep_compares_every_value_on_the_same_seeds(tmp_path):
    assert main.main(["report", "five_possessions", "--games", "12", "--workers", "1",
                      "--sweep", "pd.sudden_death=off,on", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "summary.json").read_text())
    configs = data["summary"]["configs"]
    assert [c["label"] for c in configs] == ["pd.sudden_death=off", "pd.sudden_death=on"]
    first = [line for line in data["summary"]["comparison"]
             if line["figure"] == "first player wins"][0]
    assert [cell["n"] for cell in first["cells"]] == [12, 12]
    seeds = [[row["seed"] for row in data["rows"] if row["config"] == c] for c in (0, 1)]
    assert seeds[0] == seeds[1]


def test_fuzzing_lists_safeguards_with_a_command_that_replays_them(capsys):
    spec = spec_for("ktu", games=12, players=[None], fuzz=True)
    rows, summary = play(spec)
    problems = summary["configs"][0]["problems"]
    assert problems and problems[0]["what"] == "turn limit of 500 turns (A24)"
    row = next(r for r in rows if r["seed"] == problems[0]["seeds"][0])
    command = problems[0]["command"].split()
    assert command[:3] == ["python3", "main.py", "report"]
    assert main.main(command[2:]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-3] == "ending: turn limit of 500 turns (A24)"
    assert len([line for line in out if line[:5].strip().isdigit()]) == row["actions"]


@pytest.mark.parametrize("argv,named", [
    (["report", "chess"], "'chess'"),
    (["report", "ktu", "--bots", "wizard"], "'wizard'"),
    (["report", "ktu", "--bots", "easy,hard"], "easy,hard"),
    (["report", "ktu", "--option", "ktu.nope=1"], "'ktu.nope'"),
    (["report", "ktu", "--sweep", "ktu.allow_equal=off,maybe"], "'maybe'"),
    (["report", "ktu", "--players", "9"], "not 9"),
    (["report", "ktu", "--shard", "3/2"], "'3/2'"),
    (["report", "ktu", "--games", "0"], "got 0"),
    (["report", "ktu", "--fuzz-options", "--players", "3"], "--fuzz-options"),
    (["report", "--merge", "/nonexistent/summary.json"], "/nonexistent/summary.json"),
])
def test_bad_arguments_give_one_line_naming_the_value(argv, named, capsys):
    with pytest.raises(SystemExit) as exit_info:
        sys.exit(main.main(argv))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err and "Traceback" not in err


@pytest.mark.parametrize("missing,argv", [
    (("matplotlib",), ["report", "ktu", "--games", "2"]),
    (("dask", "dask.distributed"), ["report", "ktu", "--games", "2", "--cluster",
                                    "tcp://127.0.0.1:1"]),
])
def test_a_missing_extra_says_how_to_install_it(missing, argv, monkeypatch, capsys, tmp_path):
    for name in missing:
        monkeypatch.setitem(sys.modules, name, None)    # import fails as if not installed
    assert main.main([*argv, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "python3 -m pip install -r requirements-designer.txt" in err
    assert missing[0] in err


def test_the_app_never_imports_the_designers_extras():
    code = ("import sys, main, game; main.build_parser(); import game.report.cli; "
            "print(sorted(m for m in ('matplotlib', 'dask', 'distributed') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.stdout.strip() == "[]"
    spec = open(os.path.join(ROOT, "build", "cardtable.spec"), encoding="utf-8").read()
    for name in ("matplotlib", "dask", "distributed"):
        assert f'"{name}"' in spec


def test_error_bars_are_never_negative_at_shares_of_0_and_1():
    from game.report.stats import wilson
    from game.report.html import _errors
    entries = [{"ci": list(wilson(0, n))} for n in range(1, 300)]
    entries += [{"ci": list(wilson(n, n))} for n in range(1, 300)]
    values = [0.0] * 299 + [1.0] * 299
    below, above = _errors(values, entries)
    assert min(below) >= 0 and min(above) >= 0
