"""The credits (config/credits.yaml): every part the app installs is credited with its
licence and notices, a bad entry is named in one line, and README lists the same parts.

`python3 -m tests.test_credits` writes README's list from the credits file."""
import os
import re
import sys

import pytest
import yaml

from game import credits, resources

ROOT = resources.root()
README = os.path.join(ROOT, "README.md")
BEGIN = "<!-- credits: written by `python3 -m tests.test_credits` from config/credits.yaml -->"
END = "<!-- end of the credits -->"


def readme_list(parts):
    """README's lines for the credits."""
    return "\n".join(f"- **{c.name}** ({c.licence}): {c.use}. {c.source}" for c in parts)


def requirements():
    """The package names pinned in requirements.txt."""
    with open(os.path.join(ROOT, "requirements.txt"), encoding="utf-8") as handle:
        return {line.split("==")[0].strip() for line in handle
                if line.strip() and not line.startswith("#")}


@pytest.mark.quick
def test_every_part_the_app_installs_is_credited_with_its_notices():
    parts = credits.load()
    assert requirements() <= {c.package for c in parts}
    for part in parts:
        text = credits.notice_text(part.notices)
        assert len(text) > 50, part.name
    for name in ("Python", "pygame-ce", "PyYAML", "platformdirs", "websockets", "python-zeroconf",
                 "ifaddr"):
        assert name in {c.name for c in parts}
    assert any(c.name.startswith("SDL 2") and c.licence == "Zlib" for c in parts)
    mine = open(os.path.join(ROOT, credits.LICENSE), encoding="utf-8").read()
    assert mine.startswith("MIT License") and "Card Table" in mine


@pytest.mark.parametrize("edit,problem", [
    (lambda d: d["credits"][1].pop("licence"), "credits[1]: expected the keys"),
    (lambda d: d["credits"][2].update(source="libsdl.org"), "credits[2] (SDL 2, SDL_image, "
                                                            "SDL_mixer, SDL_ttf).source: expected a web address"),
    (lambda d: d["credits"][0].update(notices=["licenses/nothing.txt"]),
     "credits[0] (Python).notices: licenses/nothing.txt does not exist"),
    (lambda d: d["credits"][0].update(notices=["../etc/passwd"]), "is not a path from the project's folder"),
    (lambda d: d["credits"][5].update(use=["a", "list"]), "credits[5] (PyYAML).use: expected one line"),
    (lambda d: d["credits"].append(dict(d["credits"][0])), "'Python' is listed twice"),
    (lambda d: d.update(version=2), "expected 'version: 1'"),
])
def test_a_bad_entry_is_named_in_one_line(tmp_path, edit, problem):
    data = yaml.safe_load(open(resources.path(credits.FILE), encoding="utf-8"))
    edit(data)
    path = tmp_path / "credits.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ValueError) as info:
        credits.read(str(path), ROOT)
    message = str(info.value)
    assert message.startswith(f"{path}: ") and problem in message and "\n" not in message


def test_readme_lists_every_credit():
    text = open(README, encoding="utf-8").read()
    assert BEGIN in text and END in text, "README has no Credits list"
    listed = text.split(BEGIN)[1].split(END)[0].strip()
    assert listed == readme_list(credits.load()), (
        "README's Credits differ from config/credits.yaml: run python3 -m tests.test_credits")


def write_readme():
    """Write README's credits list from the credits file."""
    text = open(README, encoding="utf-8").read()
    block = re.escape(BEGIN) + r".*?" + re.escape(END)
    new = f"{BEGIN}\n{readme_list(credits.load())}\n{END}"
    with open(README, "w", encoding="utf-8") as handle:
        handle.write(re.sub(block, lambda _: new, text, flags=re.S))


if __name__ == "__main__":
    write_readme()
    sys.exit(0)
