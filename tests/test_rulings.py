"""The rulings the repository cites are text its reader has, in `docs/rulings/`.

Every ruling letter written in the code, the tests, the YAML, the build or README (`A24`,
`T11`, a range `A5-A9`) names a ruling or a test scenario of a rulings file that the same
file names by its path (`docs/rulings/<name>.md`; the folder `docs/rulings/` names them
all), and every section it cites (`(2.3)`, `(3.1c, A3)`, `section 1`) is a numbered
heading there. A rulings file is cited only by that path, never by a name a reader
cannot find on its own, and every `docs/` path cited exists. The rulings files are
copies of the spec the games were built from; `tests/test_architecture.py` refuses any
path that leaves the repository.
"""
import os
import re
import subprocess

from tests.test_architecture import ROOT, citations

RULINGS = os.path.join(ROOT, "docs", "rulings")
# A letter, or a range of them: A24, T11, A5-A9, A4–A6 (not part of a longer word).
LETTER = re.compile(r"(?<![\w-])([AT])(\d{1,2})(?:\s*[-–]\s*\1?(\d{1,2}))?(?!\w)")
# A section cited: `(2.3)`, `(3.1c, A3)`, `section 1`.
SECTION = re.compile(r"\(([1-9]\.[1-9])[a-z]?[,)]|\bsections? ([1-9])\b")
# What a rulings file states: a ruling or scenario, as a list entry `- **A1. Deck.**` (or
# a heading `## T1 ...`), and a numbered section, as a heading `## 2.` or `### 2.3`.
ENTRY = re.compile(r"^\s*(?:-\s+\*\*|#+\s+)([AT]\d{1,2}|[1-9](?:\.[1-9])?)\b", re.M)
NAMED = re.compile(r"docs/rulings/(?:(\w+)\.md\b)?")
MARKDOWN = re.compile(r"[\w./-]+\.md\b")
DOCS_PATH = re.compile(r"(?<![\w./-])docs/[\w./-]*[\w/]")
TEXTS = (".py", ".spec", ".yaml", ".yml", ".md", ".txt", ".desktop", ".ini", ".cfg", ".toml")
# Not citations: the rulings themselves, the licences' texts, recorded games, and this
# file, whose checks below are fed made-up citations.
NOT_CITING = ("docs/", "licenses/", "tests/golden/", "tests/test_rulings.py")


def rulings():
    """{name: the letters and sections its file states} of every rulings file but the
    conventions'."""
    found = {}
    for name in sorted(os.listdir(RULINGS)):
        if name.endswith(".md") and name != "README.md":
            with open(os.path.join(RULINGS, name), encoding="utf-8") as handle:
                found[name[:-3]] = ENTRY.findall(handle.read())
    return found


def cited(text):
    """(line, letter or section) of every ruling letter and section `text` cites, each
    range spelt out; a range that runs backwards is returned as written, which no file
    states."""
    for number, line in enumerate(text.splitlines(), 1):
        yield from ((number, "".join(match.groups(""))) for match in SECTION.finditer(line))
        for match in LETTER.finditer(line):
            kind, first, last = match.group(1), int(match.group(2)), match.group(3)
            if last is None:
                yield number, f"{kind}{first}"
            elif int(last) < first:
                yield number, match.group(0)
            else:
                yield from ((number, f"{kind}{n}") for n in range(first, int(last) + 1))


def citation_problems(path, text, stated):
    """What is wrong with the ruling letters and sections `text` (the whole of `path`)
    cites, given `stated` ({rulings file name: what it states}). A number such as (1.5)
    is a section only in a file that names a rulings file."""
    items = list(cited(text))
    named = {match.group(1) for match in NAMED.finditer(text)}
    files = sorted(stated) if None in named else sorted(named & set(stated))
    if not files:
        return [f"{path}:{line}: cites {item} but names no rulings file "
                "(docs/rulings/<name>.md)" for line, item in items if item[0] in "AT"][:1]
    return [f"{path}:{line}: {item} is no ruling, scenario or section of "
            + " or ".join(f"docs/rulings/{name}.md" for name in files)
            for line, item in items if not any(item in stated[name] for name in files)]


def path_problems(path, lines, names):
    """What is wrong with the rulings files and `docs/` paths the (line, text) `lines` of
    `path` cite: a rulings file in `names` cited without its path, a path that does not
    exist."""
    found = []
    for number, text in lines:
        found += [f"{path}:{number}: {written} (write docs/rulings/{os.path.basename(written)})"
                  for written in MARKDOWN.findall(text)
                  if os.path.basename(written)[:-3] in names
                  and written != f"docs/rulings/{os.path.basename(written)}"]
        found += [f"{path}:{number}: {written} does not exist"
                  for written in DOCS_PATH.findall(text)
                  if not os.path.exists(os.path.join(ROOT, written))]
    return found


def citing_files():
    """Every text file of the repository that may cite a ruling."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [path for path in listed if not path.startswith(NOT_CITING)
            and (path.endswith(TEXTS) or os.path.basename(path) == "run")
            and os.path.exists(os.path.join(ROOT, path))]


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return handle.read()


def test_every_ruling_letter_cited_resolves_in_the_rulings_file_named():
    stated = rulings()
    problems, citing = [], set()
    for path in citing_files():
        text = read(path)
        problems += citation_problems(path, text, stated)
        citing.update([path] if any(cited(text)) else [])
    assert not problems
    # The scan sees the letters where they are: the rules, the tests and README.
    assert {"game/ktu/rules.py", "tests/test_ktu.py", "README.md"} <= citing


def test_rulings_files_are_cited_by_their_path_in_the_repository():
    names = set(rulings())
    problems = []
    for path in citing_files():
        problems += path_problems(path, citations(path), names)
    assert not problems


def test_each_rulings_file_states_its_rulings_and_scenarios_once_in_order():
    """The copies are whole: A1, A2, ... and T1, T2, ... each stated once, none skipped."""
    for name, letters in rulings().items():
        for kind in "AT":
            numbers = [int(entry[1:]) for entry in letters if entry[0] == kind]
            assert numbers == list(range(1, len(numbers) + 1)) and numbers, (name, kind)


def test_the_checks_catch_a_letter_nowhere_a_file_unnamed_and_a_bare_name():
    stated = {"ktu": ["1", "2", "2.3", "A1", "A2", "A3", "T1"], "deadline": ["A1", "A9"]}
    fine = '"""Rules (docs/rulings/ktu.md), section 1."""\nX = 1  # A1-A3, T1 (2.3c, A2)\n'
    assert citation_problems("game/x.py", fine, stated) == []
    assert citation_problems("game/x.py", fine.replace("T1", "T2"), stated) == [
        "game/x.py:2: T2 is no ruling, scenario or section of docs/rulings/ktu.md"]
    assert citation_problems("game/x.py", fine.replace("A1-A3", "A3-A1"), stated) == [
        "game/x.py:2: A3-A1 is no ruling, scenario or section of docs/rulings/ktu.md"]
    assert citation_problems("game/x.py", fine.replace("(2.3c", "(2.4c"), stated) == [
        "game/x.py:2: 2.4 is no ruling, scenario or section of docs/rulings/ktu.md"]
    assert citation_problems("game/x.py", fine.replace("section 1", "section 3"), stated) == [
        "game/x.py:1: 3 is no ruling, scenario or section of docs/rulings/ktu.md"]
    assert citation_problems("game/x.py", "X = 1  # (1.5) A9, A1\n", stated) == [
        "game/x.py:1: cites A9 but names no rulings file (docs/rulings/<name>.md)"]
    assert citation_problems("game/x.py", "X = 1  # (1.5), section 7\n", stated) == []
    assert citation_problems("README.md", "See `docs/rulings/`: A9 and T1.", stated) == []
    assert citation_problems("game/x.py", "DATA1 = 'A1B2'  # T-1000 (1.0) 2.3\n", stated) == []
    lines = [(1, "(rulings: ktu.md)"), (2, "rulings/deadline.md, section 1"),
             (3, "docs/rulings/ktu.md, docs/rulings/, game/ktu/rulebook.md"),
             (4, "docs/rulings/kto.md")]
    assert path_problems("game/x.py", lines, set(stated)) == [
        "game/x.py:1: ktu.md (write docs/rulings/ktu.md)",
        "game/x.py:2: rulings/deadline.md (write docs/rulings/deadline.md)",
        "game/x.py:4: docs/rulings/kto.md does not exist"]
