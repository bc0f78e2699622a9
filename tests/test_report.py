"""The designers' balance report: its numbers against a direct computation, determinism
across worker counts, shards and a real local Dask cluster, fuzzing, and its errors."""
import base64
import contextlib
import html
import io
import json
import os
import random
import re
import shlex
import subprocess
import sys
import time

import pytest

import main
from game import registry, resources
from game.report import run as runner
from game.report.cluster import Cluster
from game.report.cli import SUMMARY_FORMAT
from game.report.stats import mean_interval, wilson
from game.report.summary import summarize
from game.version import TITLE, VERSION
from tests.helpers import designers_extra

ROOT = resources.root()


def spec_for(game_id="final_card_down", games=30, seed=7, **changes):
    spec = {"format": SUMMARY_FORMAT, "game": game_id, "games": games, "seed": seed,
            "players": [4], "bots": ["random"], "options": {}, "sweep": [], "fuzz": False,
            "shard": [1, 1]}
    spec.update(changes)
    return spec


def play(spec, workers=1, cluster=None):
    engine = Cluster(cluster) if cluster else None
    played = runner.play(spec, workers, engine, progress=False)
    return played.rows, summarize(spec, played.configs, played.rows)


def test_numbers_match_a_direct_computation_of_30_games():
    rows, summary = play(spec_for())
    wins = [0] * 4
    first_wins = declared = 0
    actions = []
    for index in range(30):
        seed = runner.game_seed(7, index)
        state = registry.new_game("final_card_down", players=4, seed=seed)
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
    designers_extra("matplotlib")
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
    assert merged["versions"] == whole["versions"]
    assert (tmp_path / "m" / "games.csv").read_text() == (tmp_path / "whole" / "games.csv").read_text()
    page = (tmp_path / "whole" / "report.html").read_text()
    assert page.count("data:image/png;base64,") >= 3 and "<script" not in page
    assert "95% interval" in page
    assert page.index("<h2>Findings</h2>") < page.index("<h2>", page.index("<h2>Findings</h2>") + 1)
    shards = [json.loads((tmp_path / f"s{i}" / "summary.json").read_text())["run"]["seconds"]
              for i in (1, 2)]
    assert merged["run"]["seconds"] == pytest.approx(sum(shards)) and sum(shards) > 0
    assert f"played in {sum(shards):.1f} s" in (tmp_path / "m" / "report.html").read_text()
    assert main.main(["report", "--merge", str(tmp_path / "s1" / "summary.json"),
                      "--out", str(tmp_path / "half")]) == 2
    assert "10 games of the run are in none of the shards" in capsys.readouterr().err
    shard = json.loads((tmp_path / "s2" / "summary.json").read_text())
    shard["versions"]["code"] = "0123456789ab"
    (tmp_path / "s2" / "summary.json").write_text(json.dumps(shard))
    assert main.main(["report", "--merge", str(tmp_path / "s1" / "summary.json"),
                      str(tmp_path / "s2" / "summary.json"), "--out", str(tmp_path / "m2")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "code 0123456789ab" in err and "do not merge" in err


def test_the_cluster_path_on_a_real_local_dask_cluster():
    designers_extra("dask.distributed")
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
    designers_extra("matplotlib")
    assert main.main(["report", "five_possessions", "--games", "12", "--workers", "1",
                      "--sweep", "pd.sudden_death=off,on", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "summary.json").read_text())
    configs = data["summary"]["configs"]
    assert [c["label"] for c in configs] == ["Sudden death: Off", "Sudden death: On"]
    page = (tmp_path / "report.html").read_text()
    assert data["app_version"] == VERSION and f"{TITLE}, code {data['versions']['code']}" in page
    assert "comparing Sudden death (Off, On) on the same seeds" in page
    head = re.sub("<code>.*?</code>", "", page.split("<table>")[0])   # the header and the
    assert "default rules" not in head and "pd.sudden_death" not in head   # findings: words
    first = [line for line in data["summary"]["comparison"]
             if line["figure"] == "the first player wins"][0]
    assert [cell["n"] for cell in first["cells"]] == [12, 12]
    seeds = [[row["seed"] for row in data["rows"] if row["config"] == c] for c in (0, 1)]
    assert seeds[0] == seeds[1]


def test_fuzzing_lists_safeguards_with_a_command_that_replays_them(capsys):
    spec = spec_for("ktu", games=12, players=[None], fuzz=True)
    rows, summary = play(spec)
    problems = summary["configs"][0]["problems"]
    # KTU's turn limit is its safeguard A24 (docs/rulings/ktu.md).
    assert problems and problems[0]["what"] == "turn limit of 500 turns (A24)"
    assert len(problems) == len({(p["kind"], p["what"]) for p in problems})   # one row a kind
    assert problems[0]["count"] == sum(r["end"] == "limit" for r in rows)
    row = next(r for r in rows if r["seed"] == problems[0]["seeds"][0])
    command = problems[0]["commands"][0].split()
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
    if "matplotlib" not in missing:
        designers_extra("matplotlib")        # the report asks for it before the cluster's
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


def test_findings_name_play_to_the_last_and_its_turn_limit_in_words(tmp_path):
    designers_extra("matplotlib")
    assert main.main(["report", "ktu", "--games", "40", "--workers", "1", "--seed", "2",
                      "--bots", "random",
                      "--sweep", "ktu.play_to_last=off,on", "--out", str(tmp_path)]) == 0
    found = json.loads((tmp_path / "summary.json").read_text())["summary"]["findings"]["found"]
    texts = [f["text"] for f in found]
    limit = next(t for t in texts if "games ending at the turn limit" in t)
    assert limit.startswith("Random movers in every seat (random legal moves, not players) — "
                            "Play to the last: On against Off (on the same 40 seeds): ")
    figure = next(part for part in limit.split("; ") if "turn limit" in part)
    assert figure.startswith("games ending at the turn limit of 500 turns (A24) ")
    assert figure.endswith(" (with Medium bots: 0.0% against 0.0%)")
    assert all(t.startswith("Random movers in every seat (random legal moves, not players)")
               for t in texts)
    order = [(f["group"], -f["size"]) for f in found]
    assert order == sorted(order) and found[0]["kind"] == "effect"
    page = (tmp_path / "report.html").read_text()
    assert html.escape(limit) in page
    assert page.index("<h1>KTU balance report: Random movers in every seat (random legal "
                      "moves, not players)</h1>") < page.index("<h2>")


def test_dealt_card_effects_cover_every_rank_in_every_mode():
    for game_id, info in registry.GAMES.items():
        rows, summary = play(spec_for(game_id, games=12, players=[info.default_players]))
        ranks = {card.rank for card in info.load_deck()}
        seen = {rank for row in rows for held in row["dealt"] for rank in held}
        assert seen <= ranks and all(held for row in rows for held in row["dealt"]), game_id
        features = {r["feature"] for r in summary["configs"][0]["relations"] if r["kind"] == "dealt"}
        family = info.load_deck().cards[0].family
        from game.report.words import dealt_feature
        held_by_some = {rank for rank in seen if any(rank not in held for row in rows
                                                     for held in row["dealt"])}
        assert {dealt_feature(rank, family) for rank in held_by_some} <= features, game_id


def test_deadline_names_the_stages_of_its_score_curve():
    _, summary = play(spec_for("deadline", games=6))
    names = [point["name"] for point in summary["configs"][0]["curve"]]
    assert "Midterm" in names and "Final Exam" in names and None not in names


def test_charts_name_the_game_and_configuration_and_count_whole_numbers(tmp_path, monkeypatch):
    designers_extra("matplotlib")
    from game.report import html as page
    titles = []
    real = page._png

    def keep(fig):
        titles.append(" ".join([fig._suptitle.get_text() if fig._suptitle else ""]
                               + [ax.get_title() for ax in fig.axes]))
        for ax in fig.axes:
            for patch in ax.patches:
                left = patch.get_x()
                if patch.get_width() >= 1 and "Game length" in titles[-1]:
                    assert (left + 0.5) == int(left + 0.5)        # bins start at n - 0.5
        return real(fig)
    monkeypatch.setattr(page, "_png", keep)
    assert main.main(["report", "ktu", "--games", "30", "--workers", "1", "--players", "3",
                      "--out", str(tmp_path)]) == 0
    assert titles and all("KTU, 3 players" in t for t in titles), titles
    assert page._bins(3, 9) == [2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]
    edges = page._bins(0, 500)
    assert all(b - a == 13 for a, b in zip(edges, edges[1:])) and edges[0] == -0.5


def test_the_output_folder_is_checked_before_any_game_is_played(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setattr(runner, "play_chunk", lambda job: pytest.fail("a game was played"))
    assert main.main(["report", "ktu", "--games", "5", "--out", str(blocker / "sub")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--out {blocker / 'sub'}: cannot write there" in err


def test_a_stopped_run_resumes_to_the_results_of_one_uninterrupted(tmp_path, capsys, monkeypatch):
    designers_extra("matplotlib")
    common = ["report", "four_downs", "--games", "30", "--seed", "5", "--workers", "1"]
    assert main.main([*common, "--out", str(tmp_path / "whole")]) == 0
    monkeypatch.setattr(runner, "PILOT_SECONDS", 0)       # one game timed, then chunks of 8
    real, calls = runner.play_chunk, []

    def stop_at_the_third(job):                              # 1 + 8 + 8 games are kept
        calls.append(job)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(job)
    monkeypatch.setattr(runner, "play_chunk", stop_at_the_third)
    out = tmp_path / "stopped"
    assert main.main([*common, "--out", str(out)]) == 130
    err = capsys.readouterr().err
    assert f"17 finished games kept: go on with python3 main.py report --resume {out}" in err
    assert (out / "run.json").exists() and not (out / "summary.json").exists()
    assert main.main([*common, "--out", str(out)]) == 2
    assert "it holds a stopped run" in capsys.readouterr().err
    monkeypatch.setattr(runner, "play_chunk", real)
    assert main.main(["report", "--resume", str(out), "--workers", "2"]) == 0
    whole = json.loads((tmp_path / "whole" / "summary.json").read_text())
    resumed = json.loads((out / "summary.json").read_text())
    assert resumed["rows"] == whole["rows"] and resumed["summary"] == whole["summary"]
    assert resumed["run"]["where"] == {runner.HERE: 1, "1 local process": 16,
                                       "2 local processes": 13}
    assert ("1 local process: 16 games, 2 local processes: 13 games, "
            f"{runner.HERE}: 1 game") in (out / "report.html").read_text()
    assert sorted(os.listdir(out)) == ["games.csv", "report.html", "summary.json"]
    assert main.main(["report", "--resume", str(out)]) == 2
    assert "no stopped run there" in capsys.readouterr().err


def test_a_run_longer_than_a_minute_says_how_long_first(tmp_path, capsys, monkeypatch):
    designers_extra("matplotlib")
    def stop(jobs, workers, on_chunk):
        assert next(jobs)[6] == games                              # after the first games
        raise KeyboardInterrupt
    monkeypatch.setattr(runner, "run_local", stop)
    games = 0

    def counted(job, index, **how):
        nonlocal games
        games += 1
        return play_index(job, index, **how)
    play_index = runner.play_index
    monkeypatch.setattr(runner, "play_index", counted)
    assert main.main(["report", "final_count", "--games", "100000000", "--workers", "1",
                      "--out", str(tmp_path)]) == 130
    err = capsys.readouterr().err
    assert "About " in err and f"for {100_000_000 - games:,} more games on 1 local process" in err
    kept = f"{games:,} finished game{'' if games == 1 else 's'} kept"      # one only, on a machine under load
    assert f"{kept}: go on with python3 main.py report --resume {tmp_path}" in err


def test_a_slow_first_game_is_timed_by_its_first_moves(tmp_path, capsys, monkeypatch):
    designers_extra("matplotlib")
    monkeypatch.setattr(runner, "EARLY_SECONDS", 0)      # as if the first move took long
    def stop(jobs, workers, on_chunk):
        raise KeyboardInterrupt
    monkeypatch.setattr(runner, "run_local", stop)
    assert main.main(["report", "ktu", "--games", "1000000", "--workers", "2",
                      "--out", str(tmp_path)]) == 130
    err = capsys.readouterr().err
    assert err.count("About ") == 1 and "from 1 move of the first game" in err
    assert "for 1,000,000 more games on 2 local processes" in err


def test_chunks_are_sized_from_the_workers_and_the_time_a_game_takes():
    assert runner.chunk_size(400, 2) == 50
    assert runner.chunk_size(1000, 16) == 16           # a bigger cluster: more, smaller chunks
    assert runner.chunk_size(10 ** 8, 2) == runner.CHUNK
    assert runner.chunk_size(1000, 2, per_game=30.0) == 1   # Hard in Final Count
    assert runner.missing(range(0, 10), [(2, 4), (6, 7)]) == [range(0, 2), range(4, 6), range(7, 10)]


def test_cluster_addresses_that_are_not_a_dask_scheduler_are_one_line_errors(tmp_path, capsys,
                                                                            monkeypatch):
    designers_extra("matplotlib", "dask.distributed")
    import http.server
    import socket
    import threading
    from game.report import cluster
    monkeypatch.setattr(cluster, "PROBE_SECONDS", 0.5)
    web = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    chatter = socket.create_server(("127.0.0.1", 0))

    def greet():
        connection, _ = chatter.accept()
        with connection, contextlib.suppress(OSError):   # the probe may hang up first
            connection.sendall(b"SSH-2.0-OpenSSH_9.2\r\n" * 20)
            connection.recv(1)
    threading.Thread(target=web.serve_forever, daemon=True).start()
    threading.Thread(target=greet, daemon=True).start()
    closed = socket.create_server(("127.0.0.1", 0))
    refused = closed.getsockname()[1]
    closed.close()
    try:
        for port, words in [(web.server_address[1], "is it a dashboard's HTTP port?"),
                            (chatter.getsockname()[1],
                             "not as a Dask scheduler (it began with b'SSH-2.0-')"),
                            (refused, "cannot reach a Dask scheduler there")]:
            assert main.main(["report", "ktu", "--games", "3", "--cluster",
                              f"tcp://127.0.0.1:{port}", "--out", str(tmp_path)]) == 2
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and words in err, err
            assert os.listdir(tmp_path) == []     # nothing played, nothing left to resume
    finally:
        web.shutdown()
        chatter.close()


def test_fuzzing_ranks_every_option_by_its_effect_in_words():
    _, summary = play(spec_for("ktu", games=80, players=[None], fuzz=True))
    info = registry.game_info("ktu")
    effects = summary["effects"]
    assert {e["label"] for e in effects} == {"Players"} | {o.label for o in info.options
                                                          if o.id != info.player_option}
    assert [e["size"] for e in effects] == sorted((e["size"] for e in effects), reverse=True)
    assert effects[0]["label"] == "Play to the last"
    texts = [f["text"] for f in summary["findings"]["found"]]
    assert any("— Play to the last: On against Off (" in t and "games ending at the turn limit"
               in t and "each with random other rules (fuzzing)" in t for t in texts), texts


def test_help_says_every_default_as_the_designer_types_it():
    result = subprocess.run([sys.executable, "main.py", "report", "--help"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    for words in ("games per configuration (default 1000)", "(default medium)",
                  "random (random legal moves, not players)",
                  "(default: a new one each run, printed, so the run repeats with --seed)",
                  "(default report-GAME)", f"(default: every core, {os.cpu_count()} here)",
                  "(default: the game's own)", "(default: the game's own rules)",
                  "every combination; default none)", "default 1/1, every game)", "(default off)",
                  "(default: ask at a terminal, refuse otherwise)",
                  "(default: this machine's processes)"):
        assert words in text, words


def test_a_run_without_seed_draws_a_new_one_and_says_how_to_repeat_it(tmp_path, capsys):
    designers_extra("matplotlib")
    seeds = []
    for name in ("a", "b"):
        assert main.main(["report", "ktu", "--games", "6", "--workers", "1",
                          "--out", str(tmp_path / name)]) == 0
        out = capsys.readouterr().out
        seed = json.loads((tmp_path / name / "summary.json").read_text())["spec"]["seed"]
        assert f"run seed {seed} (--seed {seed} repeats it)" in out
        seeds.append(seed)
    assert seeds[0] != seeds[1]
    assert main.main(["report", "ktu", "--games", "6", "--workers", "1", "--seed",
                      str(seeds[0]), "--out", str(tmp_path / "again")]) == 0
    first, again = (json.loads((tmp_path / name / "summary.json").read_text())
                    for name in ("a", "again"))
    assert first["rows"] == again["rows"] and first["spec"]["bots"] == ["medium"]
    assert f"run seed {seeds[0]}" in (tmp_path / "a" / "report.html").read_text()
    assert main.main(["report", "ktu", "--games", "6", "--shard", "1/2",
                      "--out", str(tmp_path / "shard")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--shard 1/2: give --seed too" in err


class Terminal:
    """Standard input at a terminal, where a person answers `answer`."""

    def __init__(self, answer):
        self.answer = answer
        self.asked = 0

    def isatty(self):
        return True

    def readline(self):
        self.asked += 1
        return self.answer + "\n"


def test_a_finished_report_is_replaced_only_when_asked_or_forced(tmp_path, capsys, monkeypatch):
    designers_extra("matplotlib")
    common = ["report", "ktu", "--games", "4", "--workers", "1", "--out", str(tmp_path)]
    assert main.main([*common, "--seed", "1"]) == 0
    before = (tmp_path / "summary.json").read_text()
    monkeypatch.setattr(runner, "play_chunk", lambda job: pytest.fail("a game was played"))
    assert main.main([*common, "--seed", "2"]) == 2              # not a terminal: refused
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert (f"--out {tmp_path}: it holds a finished report (KTU, 4 games per configuration, "
            "run seed 1); give --force to replace it") in err
    no = Terminal("n")
    monkeypatch.setattr(sys, "stdin", no)
    assert main.main([*common, "--seed", "2"]) == 2
    assert no.asked == 1 and "Replace it? [y/N]" in capsys.readouterr().err
    assert (tmp_path / "summary.json").read_text() == before
    monkeypatch.undo()
    monkeypatch.setattr(sys, "stdin", Terminal("y"))
    assert main.main([*common, "--seed", "2"]) == 0
    assert json.loads((tmp_path / "summary.json").read_text())["spec"]["seed"] == 2
    monkeypatch.undo()
    assert main.main([*common, "--seed", "3", "--force"]) == 0
    assert json.loads((tmp_path / "summary.json").read_text())["spec"]["seed"] == 3


def test_which_house_rules_a_game_used_deal_moves_choices_and_outcomes():
    rows = [runner.play_game("deadline", 4, ["medium"] * 4, {}, seed) for seed in range(6)]
    for row in rows:                   # Medium never finishes an exam early: offered, unused
        assert "deadline.voluntary_submission" in row["rules_moves"]
        assert "deadline.voluntary_submission" not in row["rules_play"]
    assert any("deadline.ace_high" in row["rules_play"] for row in rows)
    ktu = [runner.play_game("ktu", 4, ["medium"] * 4, {}, seed) for seed in range(12)]
    # eights skipping per card or per play: the same moves on offer, another outcome
    assert any("ktu.eight_skip" in row["rules_play"] for row in ktu)
    assert not any("ktu.eight_skip" in row["rules_moves"] for row in ktu)
    # a random first player: another deal's first turn wherever the toss is not seat 1
    assert not any("ktu.first_player" in row["rules_moves"] for row in ktu)
    tossed = [registry.new_game("ktu", players=4, seed=seed, options={"ktu.first_player": "random"})
              .first_player for seed in range(12)]
    assert [("ktu.first_player" in row["rules_play"]) for row in ktu] == [t != 0 for t in tossed]


def test_watching_the_house_rules_never_changes_a_game(monkeypatch):
    from game.report import exercise
    watched = [runner.play_game(g, 4, ["medium"] * 4, {}, seed)
               for g in ("deadline", "ktu") for seed in range(4)]

    class Blind(exercise.Watch):
        def before(self, state, legal, rng):
            pass

        def after(self, state, action):
            pass
    monkeypatch.setattr(runner, "Watch", Blind)
    unwatched = [runner.play_game(g, 4, ["medium"] * 4, {}, seed)
                 for g in ("deadline", "ktu") for seed in range(4)]
    for a, b in zip(watched, unwatched):
        for key in ("rules_moves", "rules_play"):
            a.pop(key)
            b.pop(key)
        assert a == b


def test_the_page_says_which_rule_was_never_used_not_plus_zero(tmp_path):
    designers_extra("matplotlib")
    assert main.main(["report", "deadline", "--games", "40", "--workers", "1", "--seed", "4",
                      "--sweep", "deadline.voluntary_submission=off,on",
                      "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "summary.json").read_text())
    value = data["summary"]["effects"][0]["values"][1]
    assert value["unused"] and value["used"] == {"games": 40, "moves": 40, "play": 0}
    assert value["entries"] == []
    found = data["summary"]["findings"]["found"][0]["text"]
    assert found.startswith("Medium bots in every seat — Voluntary submission: On was never "
                            "used in 40 games: another value changed the moves on offer in "
                            "40 of them, but no player chose otherwise")
    page = (tmp_path / "report.html").read_text()
    ranked = page[page.index("House rules ranked"):page.index("House rules: used or not")]
    assert "never used in 40 games" in ranked and "+0%" not in ranked
    assert "Voluntary submission: On played the very same games as Voluntary submission: Off" \
        in page


def test_check_on_another_seed_runs_as_the_page_says_and_marks_what_it_found(tmp_path, capsys):
    designers_extra("matplotlib")
    common = ["--games", "40", "--workers", "1", "--sweep", "ktu.play_to_last=off,on"]
    first = tmp_path / "first"
    assert main.main(["report", "ktu", *common, "--seed", "3", "--out", str(first)]) == 0
    data = json.loads((first / "summary.json").read_text())
    command = data["run"]["another_seed"]
    assert command == (f"python3 main.py report ktu --games 40 --bots medium --sweep "
                       f"ktu.play_to_last=off,on --seed 4 --confirm {first / 'summary.json'} "
                       f"--out {first}-seed-4")
    page = (first / "report.html").read_text()
    assert html.escape(command) in page
    assert all(f["text"].endswith("Check on another seed.") for f in data["summary"]["findings"]
               ["found"] if f["kind"] not in ("play", "contract", "stall"))
    capsys.readouterr()
    assert main.main(shlex.split(command)[2:]) == 0
    again = json.loads((tmp_path / "first-seed-4" / "summary.json").read_text())
    texts = [f["text"] for f in again["summary"]["findings"]["found"]]
    effect = next(t for t in texts if "Play to the last: On against Off" in t)
    assert "(seen on seed 3 too)" in effect and "Check on another seed" not in effect
    said = {tuple(f["key"]) for f in again["summary"]["findings"]["found"]}
    missed = [f for f in data["summary"]["findings"]["found"] if tuple(f["key"]) not in said
              and f["kind"] not in ("play", "contract", "stall")]
    assert len(again["summary"]["findings"]["not_again"]) >= len(missed)
    for finding in missed:
        text = finding["text"].rsplit(" Check on another seed.", 1)[0]
        assert text in again["summary"]["findings"]["not_again"]
        assert html.escape(text) in (tmp_path / "first-seed-4" / "report.html").read_text()
    capsys.readouterr()
    for argv, words in ((["--seed", "3"], "played on the same seed (3)"),
                        (["--seed", "9", "--option", "ktu.four_in_a_row=on"],
                         "a report of other games")):
        assert main.main(["report", "ktu", *common, *argv, "--confirm",
                          str(first / "summary.json"), "--out", str(tmp_path / "x")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err


def test_charts_are_readable_at_1280_pixels_with_every_seat_side_by_side(tmp_path, monkeypatch):
    designers_extra("matplotlib")
    from PIL import Image
    from game.report import html as page
    sizes, texts = [], []
    real = page._png

    def measured(fig):
        fig.canvas.draw()
        texts.extend(t.get_fontsize() * page.DPI / 72 for t in fig.findobj(
            lambda a: hasattr(a, "get_fontsize") and hasattr(a, "get_text") and a.get_text()))
        out = real(fig)
        data = base64.b64decode(out.split("base64,")[1].split('"')[0])
        sizes.append(Image.open(io.BytesIO(data)).size)
        return out
    monkeypatch.setattr(page, "_png", measured)
    assert main.main(["report", "ktu", "--games", "30", "--workers", "1", "--seed", "1",
                      "--sweep", "ktu.play_to_last=off,on", "--out", str(tmp_path)]) == 0
    assert sizes and max(width for width, _ in sizes) <= page.PAGE_WIDTH
    assert texts and min(texts) >= page.MIN_TEXT_PX
    html_text = (tmp_path / "report.html").read_text()
    assert f"max-width: {page.PAGE_WIDTH}px" in html_text
    data = json.loads((tmp_path / "summary.json").read_text())
    figures = [line["figure"] for line in data["summary"]["comparison"]]
    assert figures[:4] == ["Seat 1 wins", "Seat 2 wins", "Seat 3 wins", "Seat 4 wins"]
    assert "minutes at the table (at the app's pace, at least)" in figures


def test_replay_says_every_move_in_the_logs_words(capsys):
    assert main.main(["report", "ktu", "--replay", "5", "--players", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    row = runner.play_game("ktu", 3, ["medium"] * 3, registry.game_info("ktu").default_options(), 5)
    assert out[0] == "KTU, seed 5, 3 players, Medium bots in every seat; default rules"
    assert out[1].startswith("The deal: Seat 1 was dealt ")
    moves = [line for line in out if line[:5].strip().isdigit()]
    assert len(moves) == row["actions"]
    assert moves[0] == "    1. " + moves[0][7:] and moves[0][7:].startswith("Seat 1 chose ")
    assert all(line[7:].startswith("Seat ") for line in moves)
    assert not any("Action(" in line or "kind=" in line or "choose_faceup" in line
                   or "pick_up" in line for line in out)
    assert out[-1].startswith("winner: Seat ")
