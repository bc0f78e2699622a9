"""tools/measure_hard.py: issue #27's measurement runs both comparisons per mode into
results files, goes on where it stopped, and judges each criterion."""
import importlib.util
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tool():
    spec = importlib.util.spec_from_file_location(
        "measure_hard", os.path.join(ROOT, "tools", "measure_hard.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_measure_hard_keeps_both_comparisons_and_judges_them(tmp_path, capsys):
    measure = tool()
    args = [str(tmp_path), "--games", "2", "--budget", "0.01", "--against", "0.02",
            "--modes", "four_downs"]
    assert measure.main(args) == 0
    first = capsys.readouterr().out
    assert sorted(os.listdir(tmp_path)) == ["four_downs-hard@0.01-vs-hard@0.02.jsonl",
                                            "four_downs-hard@0.01-vs-medium.jsonl"]
    row = first.splitlines()[-1]
    assert row.startswith("Play Design - 4 downs") and row.count("|") == 2
    assert measure.seats("four_downs", "hard@0.01", "hard@0.02") == "hard@0.01,hard@0.02,medium"
    assert measure.seats("ktu", "hard@0.01", "medium") == "hard@0.01,medium"
    assert measure.main(args) == 0
    again = capsys.readouterr().out
    assert again.count("2 games kept from") == 2 and again.splitlines()[-1] == row


def test_measure_hard_refuses_an_unknown_mode(tmp_path, capsys):
    measure = tool()
    with pytest.raises(SystemExit) as stop:
        measure.main([str(tmp_path), "--modes", "poker"])
    assert stop.value.code == 2
    assert "unknown mode 'poker'" in capsys.readouterr().err
