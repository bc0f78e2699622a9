"""The registry and its games' entries, the save format's guard rails, and the command line."""
import json
import os
import subprocess
import sys
import types

import pytest

from game import registry, resources
from game.bots.workers import cores_here
from scenes import pieces
from tests import test_table_frames as table_frames

ROOT = resources.root()


def run(*args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *args],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.quick
def test_registry_reads_every_shipped_game_from_its_home():
    assert registry.SHIPPED == ("final_card_down", "deadline", "final_count", "ktu",
                                "four_downs", "five_possessions")   # the menu's order
    for game_id in registry.SHIPPED:
        home, info = registry.HOMES[game_id], registry.GAMES[game_id]
        assert home.id == game_id and info.home is home and info.module is home.rules
        assert os.path.relpath(home.folder, ROOT) == os.path.join("game", game_id)
        assert info.title == resources.read_yaml(home.entry)["title"]


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_game_has_every_piece(game_id):
    """Its rules, bot module, presenter, rulebook, lesson, golden records and recorded
    frames at the table: one message names every piece a game lacks."""
    lacks = [str(error) for error in pieces.missing(registry.GAMES[game_id])]
    golden = os.path.join(ROOT, "tests", "golden", f"{game_id}.json")
    if not os.path.isfile(golden):
        lacks.append(f"{game_id}: no golden records ({golden}: python3 -m tests.test_golden "
                     f"{game_id})")
    if game_id not in table_frames.golden()["scripts"]:
        lacks.append(f"{game_id}: no frames at the table ({table_frames.GOLDEN}: "
                     f"SCRIPTS={game_id} python3 -m tests.test_table_frames)")
    assert not lacks, "; ".join(lacks)


@pytest.mark.parametrize("edit,problem", [
    (lambda t: t.replace("version: 1", "version: 2"), "expected 'version: 1'"),
    (lambda t: t.replace("values: [\"none\", \"drawn_only\", \"any\"]", "values: [on, off]"),
     "options[1].values: expected distinct texts or numbers"),
    (lambda t: t.replace('"drawn_only": Drawn card only, ', ""),
     "options[1].words: expected a text for each of the values none, drawn_only, any"),
    (lambda t: t.replace("values: [4, 2, 3, 5, 6]", "values: [4, 2, 3]"),
     "must list the player counts 2-6"),
    (lambda t: t.replace("players: {min: 2, max: 6, default: 4}",
                         "players: {min: 2, max: 6, default: 9}"), "players: expected min <= default <= max"),
    (lambda t: t.replace("scores: lower\n", ""), "expected exactly the keys"),
    (lambda t: t + "\n  broken: [", "is not valid YAML"),
])
def test_a_game_entry_errors_name_the_file_and_field(tmp_path, edit, problem):
    home = registry.HOMES["final_card_down"]
    (tmp_path / "game.yaml").write_text(edit(open(home.entry).read()))
    with pytest.raises(ValueError) as info:
        registry.read_entry(home._replace(folder=str(tmp_path)))
    assert str(info.value).startswith(f"{tmp_path / 'game.yaml'}: ") and problem in str(info.value)


def test_a_home_without_rules_refuses_to_register(tmp_path):
    home = registry.HOMES["ktu"]._replace(id="snap", rules=types.ModuleType("snap_rules"))
    with pytest.raises(registry.MissingPiece) as info:
        registry.register(home)
    assert str(info.value) == "snap: no State class (snap_rules.State)"
    assert "snap" not in registry.GAMES and "snap" not in registry.HOMES


def test_save_round_trip_keeps_the_random_future():
    state = registry.new_game("final_card_down", seed=5)
    loaded = registry.load_state(json.loads(json.dumps(state.to_dict())))
    assert loaded == state
    assert loaded.rng.random() == state.rng.random()


@pytest.mark.parametrize("edit,problem", [
    (lambda d: d.update(version=99), "format version 99 is not supported"),
    (lambda d: d.update(format="other"), "not a Card Table game state"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d["state"]["hands"][0].append(d["state"]["hands"][1][0]), "in two places"),
    (lambda d: d["state"]["hands"][0].pop(), "missing"),
    (lambda d: d["state"]["hands"][0].append(10**9), "outside"),
    (lambda d: d["state"].update(color="pink"), "not a colour"),
    (lambda d: d["chance"].update(rng="seed"), "chance.rng"),
    (lambda d: d["options"].update({"fcd.play_after_draw": "sometimes"}), "not one of"),
    (lambda d: d.update(current_player=9), "current_player"),
])
def test_bad_saves_are_refused_with_the_reason(edit, problem):
    data = registry.new_game("final_card_down", seed=5).to_dict()
    edit(data)
    with pytest.raises(ValueError) as info:
        registry.load_state(data)
    assert problem in str(info.value)


@pytest.mark.quick
def test_simulate_prints_the_figures():
    result = run("simulate", "final_card_down", "--games", "20", "--seed", "3",
                 "--players", "3", "--option", "fcd.play_after_draw=any")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Final Card-Down: 20 games, 3 players" in out
    assert "games/s" in out and "actions/s" in out and "turns" in out
    wins = [int(line.split()[2]) for line in out.splitlines() if line.startswith("Seat ")]
    assert len(wins) == 3 and sum(wins) <= 20
    assert "seat 0" not in out.lower() and "Seat 3" in out


def test_simulate_says_which_way_scores_are_better():
    for game_id, way in (("ktu", "lower"), ("deadline", "higher")):
        out = run("simulate", game_id, "--games", "1").stdout
        assert f"scores: {way} is better in {registry.GAMES[game_id].title}" in out.splitlines()


@pytest.mark.quick
def test_version_is_the_one_number():
    from game.version import VERSION
    result = run("--version")
    assert result.returncode == 0 and result.stdout == f"Card Table {VERSION}\n"
    changelog = open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8").read()
    assert f"## [{VERSION}]" in changelog


@pytest.mark.quick
@pytest.mark.parametrize("command,says", [
    ((), ["six modes", "across computers", "--version"]),
    (("simulate",), ["(default 100)", "(default 0)", "default: random legal moves",
                     "(default every core;",
                     "lower is better in Final Card-Down (final_card_down), KTU (ktu)",
                     "higher is better in Deadline (deadline)"]),
    (("tournament",), ["(default 100)", "(default: the app's", "default every core",
                       "lower is better in"]),
    (("bench",), ["(default 2.0)", "(default 1)"]),
    (("replay",), ["record"]),
    (("report",), ["(default 1000)", "(default: a new one each run", "(default medium)",
                   "default 1/1",
                   "requirements-designer.txt", "higher is better in"]),
    (("host",), ["(default remote,remote)", "(default 47470", "(default 0.0.0.0"]),
    (("join",), ["(default medium)", "(default Guest)", "(default 60"]),
])
def test_every_command_helps_with_its_defaults(command, says):
    result = run(*command, "--help")
    assert result.returncode == 0 and not result.stderr
    text = " ".join(result.stdout.split())
    for words in says:
        assert words in text, (command, words)
    assert "five card games at one computer" not in text
    assert "(default None)" not in text and "(default False)" not in text


def test_simulate_counts_in_players_words():
    out = run("simulate", "ktu", "--games", "1", "--players", "2").stdout
    assert out.startswith("KTU: 1 game, 2 players")
    assert [line.split()[:2] for line in out.splitlines() if line.startswith("Seat")] == \
        [["Seat", "1"], ["Seat", "2"]]


def test_simulate_is_reproducible():
    first = run("simulate", "final_card_down", "--games", "5", "--seed", "9").stdout
    again = run("simulate", "final_card_down", "--games", "5", "--seed", "9").stdout
    assert first.splitlines()[:6] == again.splitlines()[:6]


@pytest.mark.parametrize("args,problem", [
    (["simulate", "uno"], "unknown game 'uno'"),
    (["simulate", "final_card_down", "--option", "fcd.nope=1"], "unknown option 'fcd.nope'"),
    (["simulate", "final_card_down", "--option", "fcd.play_after_draw"], "expected key=value"),
    (["simulate", "final_card_down", "--games", "-3"], "expected a number of 1 or more"),
    (["simulate", "final_card_down", "--players", "9"], "2-6 players, not 9"),
])
def test_simulate_errors_are_one_line_with_status_2(args, problem):
    result = run(*args)
    assert result.returncode == 2
    assert problem in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_engine_bench_prints_speed_per_game():
    result = run("bench", "--engine-only", "--seconds", "0.2")
    assert result.returncode == 0, result.stderr
    for game_id in registry.SHIPPED:
        assert game_id in result.stdout
    assert "actions/s" in result.stdout


def readme_commands():
    """The commands README shows in its own lines (indented four spaces)."""
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    return [line.strip() for line in readme.splitlines() if line.startswith("    ") and line.strip()]


APP = "python3 -m venv .venv && source .venv/bin/activate && python3 -m pip install -r requirements.txt && python3 main.py"
TESTS = ("python3 -m venv .venv && source .venv/bin/activate && python3 -m pip install -r "
         "requirements-dev.txt && python3 -m pytest -q")
WINDOWS_APP = (r"py -m venv .venv && .venv\Scripts\python -m pip install -r requirements.txt && "
               r".venv\Scripts\python main.py")


def test_ci_and_the_release_workflow_run_readmes_commands_as_typed():
    import yaml
    shown = readme_commands()
    ci = [line.split(" 2>&1 | tee")[0].removesuffix(" || exit 1")
          for line in open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8").read().splitlines()]
    for command in (APP, TESTS, "python3 -m pip install -r requirements-designer.txt",
                    "python3 -m pip install -r requirements-lint.txt && actionlint",
                    "python3 -m pip install -r requirements-build.txt && python3 build/build.py --onefile-only"):
        assert command in shown and command in ci, command
    assert WINDOWS_APP in shown and WINDOWS_APP.replace("requirements.txt", "requirements-dev.txt").replace(
        "main.py", "-m pytest -q") in shown
    workflow = yaml.safe_load(open(os.path.join(ROOT, ".github", "workflows", "release.yml"), encoding="utf-8"))
    steps = workflow["jobs"]["bundle"]["steps"]
    posix = next(step["run"] for step in steps if step.get("shell") == "bash" and "main.py" in step.get("run", ""))
    windows = next(step["run"] for step in steps if step.get("shell") == "cmd")
    assert f"{APP} || exit 1" in posix.splitlines() and f"{WINDOWS_APP} || exit /b 1" in windows.splitlines()
    for script in (posix, windows):
        assert "build/build.py" in script.replace("\\", "/") and "build/compare.py" in script.replace("\\", "/")
        assert "-m pytest -m quick" in script
    assert set(workflow["jobs"]["bundle"]["strategy"]["matrix"]["os"]) >= {"windows-latest", "macos-latest"}


@pytest.mark.quick
def test_replay_prints_a_record_move_by_move(tmp_path):
    import random
    from game import saves
    state = registry.new_game("final_card_down", seed=2, options={"fcd.players": 2})
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    seats = [{"name": "Maya", "level": None}, {"name": "Ravi", "level": "easy"}]
    path = saves.write_record(saves.Folders(str(tmp_path)), state, seats)
    result = run("replay", path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Final Card-Down, deal number 2: Maya, Ravi"
    assert lines[1].startswith("The deal: Maya was dealt ")
    moves = lines[2:-2]
    assert [line.split(".")[0].strip() for line in moves] == [str(n) for n in range(1, len(state.history) + 1)]
    assert moves[0].split(". ", 1)[1].startswith(("Maya ", "Ravi "))
    codes = {str(card) for action in state.history for card in action.cards}
    assert codes and not [line for line in lines for code in codes if code in line]   # cards in words
    winner = ["Maya", "Ravi"][state.winners()[0]] if state.winners() else "nobody"
    assert lines[-1] == f"winner: {winner}"


def test_replay_of_a_bad_file_is_one_line_and_leaves_the_file(tmp_path):
    bad = tmp_path / "record.json"
    bad.write_text("{broken")
    result = run("replay", str(bad))
    assert result.returncode == 2 and "is not valid JSON" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["record.json"] and bad.read_text() == "{broken"


def test_simulate_with_computer_players():
    result = run("simulate", "ktu", "--games", "3", "--seed", "2", "--bots", "easy")
    assert result.returncode == 0, result.stderr
    assert "KTU: 3 games, 4 players, easy computer players" in result.stdout


def test_simulate_seats_one_level_per_seat_and_hard_repeats_at_fixed_iterations():
    """At a fixed number of iterations Hard's games repeat exactly, on one core or on
    two worker processes alike."""
    args = ("simulate", "four_downs", "--games", "1", "--seed", "4", "--players", "2",
            "--bots", "hard,medium", "--iterations", "6")
    first, again = run(*args, "--cores", "1"), run(*args, "--cores", "2")
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[0] == (
        "Play Design - 4 downs: 1 game, 2 players, hard, medium computer players "
        "(hard: 6 iterations a move on 1 core)")
    assert again.stdout.splitlines()[0].endswith("(hard: 6 iterations a move on 2 cores)")
    speedless = [[line for line in r.stdout.splitlines()[1:] if not line.startswith("speed:")]
                 for r in (first, again)]
    assert speedless[0] == speedless[1]
    refused = run("simulate", "ktu", "--cores", "2")
    assert refused.returncode == 2
    assert refused.stderr.strip() == ("main.py simulate: error: --cores goes with a hard "
                                      "computer player")


def test_tournament_prints_a_table_per_level():
    result = run("tournament", "final_card_down", "--games", "4", "--seats", "easy,medium",
                 "--seed", "5")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Final Card-Down: 4 games, seats easy,medium, seed 5")
    rows = {line.split()[0]: line.split() for line in lines if line.split()[0] in ("easy", "medium")}
    assert set(rows) == {"easy", "medium"}
    assert rows["easy"][1] == rows["medium"][1] == "4"      # seat-games per level
    assert "4/4 games" in result.stdout                      # progress


def test_tournament_on_a_fixed_number_of_iterations_repeats_exactly():
    args = ("tournament", "final_card_down", "--games", "2", "--seats", "hard,medium",
            "--seed", "5", "--iterations", "4")
    first, again = run(*args, "--workers", "1"), run(*args, "--workers", "2")
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[0].endswith("seed 5, hard 4 iterations a move on 1 core")
    assert again.stdout.splitlines()[0].endswith("seed 5, hard 4 iterations a move on 2 cores")
    wins = [[line.split()[:4] for line in r.stdout.splitlines() if line.split()[0] in ("hard", "medium")]
            for r in (first, again)]
    assert wins[0] == wins[1] and len(wins[0]) == 2


def test_tournament_on_the_cpu_clock_says_so():
    result = run("tournament", "four_downs", "--games", "1", "--seats", "hard,hard@0.02",
                 "--seed", "5", "--budget", "0.01", "--cpu-clock")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].endswith("seed 5, hard budget 0.01s of CPU time "
                                                  f"on {cores_here()} core" + "s" * (cores_here() > 1))
    assert {"hard", "hard@0.02"} <= {line.split()[0] for line in result.stdout.splitlines()}


def test_tournament_results_file_refused_in_one_line(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("shopping list\n")
    result = run("tournament", "ktu", "--games", "1", "--seats", "easy,medium",
                 "--results", str(other))
    assert result.returncode == 2
    assert result.stderr == (f"main.py tournament: error: {other}: not a tournament's "
                             "results file\n")


@pytest.mark.parametrize("args,problem", [
    (["tournament", "final_card_down", "--seats", "easy,genius"], "unknown bot level 'genius'"),
    (["tournament", "ktu", "--seats", "hard,medium@2"], "only hard takes a budget"),
    (["tournament", "ktu", "--seats", "hard,hard@2", "--iterations", "5"],
     "--iterations leaves no budget to give a seat"),
    (["tournament", "five_possessions", "--seats", "easy,easy,easy"], "takes exactly 2 players, not 3"),
    (["tournament", "ktu", "--seats", "easy,hard", "--budget", "0"], "expected seconds above 0"),
    (["simulate", "ktu", "--bots", "expert"], "expected easy, medium or hard"),
    (["simulate", "ktu", "--bots", "hard,medium"], "2 levels for 4 players"),
    (["simulate", "ktu", "--bots", "medium", "--iterations", "8"],
     "--iterations goes with a hard computer player"),
])
def test_bot_command_errors_are_one_line(args, problem):
    result = run(*args)
    assert result.returncode == 2 and problem in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_app_refuses_to_start_without_a_piece(monkeypatch, capsys, tmp_path):
    import main
    assert main.check_pieces() == 0
    monkeypatch.setitem(registry.HOMES, "deadline", registry.HOMES["deadline"]._replace(presenter=None))
    assert main.main([]) == 1
    assert capsys.readouterr().err == ("Card Table is incomplete: deadline: no presenter "
                                       "(its Home's presenter)\n")
    monkeypatch.undo()
    monkeypatch.setattr(registry.GameInfo, "rulebook", lambda info: str(tmp_path / f"{info.id}.md"))
    assert main.main(["simulate", "ktu", "--games", "1"]) == 1
    assert capsys.readouterr().err == (f"Card Table is incomplete: final_card_down: no rulebook "
                                       f"({tmp_path / 'final_card_down.md'})\n")


def test_the_bundle_names_itself_in_its_messages(monkeypatch, capsys):
    """A one-line refusal starts with the command the person typed: main.py from the
    source, the bundle's own name (cardtable) from the bundle."""
    import main
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "argv", ["/opt/cardtable/cardtable", "simulate", "nogame"])
    with pytest.raises(SystemExit) as stop:
        main.main(["simulate", "nogame"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.startswith("cardtable simulate: error: unknown game 'nogame'")
