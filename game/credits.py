"""The credits: every third-party part that Card Table or its bundle carries, with its
licence and the notices the bundle ships, read from config/credits.yaml and checked (a
mistake is one line naming the file, the entry and the field). The About screen lists
them, the bundle's spec packs every notice, README's "Credits" lists them too.

`load()` gives the credits in the file's order; `notice_text(credit)` the text of its
notices; `LICENSE` is the project's own licence, a path from the project's folder.
"""
import os
from typing import NamedTuple

from game import resources

FILE = os.path.join("config", "credits.yaml")
LICENSE = "LICENSE"
TEXTS = ("name", "use", "licence", "source")
MAX_TEXT = 400


class Credit(NamedTuple):
    """One third-party part: its name, what it does in Card Table, its licence, where it
    comes from, the notices the bundle carries (paths from the project's folder) and, for
    a package of requirements.txt, its name there (else None)."""

    name: str
    use: str
    licence: str
    source: str
    notices: tuple
    package: object


def read(path, root=None):
    """The credits in the file at `path`, checked; notices are looked for under `root`
    (the project's folder). ValueError naming the file, entry and field otherwise."""
    root = root or resources.root()
    data = resources.read_yaml(path)
    if not isinstance(data, dict) or data.get("version") != 1 or set(data) != {"version", "credits"}:
        raise ValueError(f"{path}: expected 'version: 1' and a 'credits' list")
    entries = data["credits"]
    if not isinstance(entries, list) or not entries:
        raise ValueError(f"{path}: credits: expected a list of parts")
    credits = [_credit(f"{path}: credits[{i}]", entry, root) for i, entry in enumerate(entries)]
    names = [credit.name for credit in credits]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"{path}: credits: {name!r} is listed twice")
    return credits


def _credit(where, entry, root):
    allowed = set(TEXTS) | {"notices", "package"}
    if not isinstance(entry, dict) or not set(TEXTS) | {"notices"} <= set(entry) <= allowed:
        raise ValueError(f"{where}: expected the keys {', '.join(TEXTS)}, notices (and package)")
    where = f"{where} ({entry['name']})" if isinstance(entry["name"], str) else where
    texts = {}
    for key in TEXTS + (("package",) if "package" in entry else ()):
        value = entry[key]
        if not isinstance(value, str) or not value.strip() or "\n" in value or len(value) > MAX_TEXT:
            raise ValueError(f"{where}.{key}: expected one line of text (at most {MAX_TEXT} characters)")
        texts[key] = value.strip()
    if not texts["source"].startswith(("https://", "http://")):
        raise ValueError(f"{where}.source: expected a web address, not {texts['source']!r}")
    notices = entry["notices"]
    if not isinstance(notices, list) or not notices:
        raise ValueError(f"{where}.notices: expected a list of files")
    for notice in notices:
        if (not isinstance(notice, str) or os.path.isabs(notice) or ".." in notice.split("/")
                or "\\" in notice):
            raise ValueError(f"{where}.notices: {notice!r} is not a path from the project's folder "
                             "(written with /)")
        if not os.path.isfile(os.path.join(root, *notice.split("/"))):
            raise ValueError(f"{where}.notices: {notice} does not exist")
    return Credit(texts["name"], texts["use"], texts["licence"], texts["source"], tuple(notices),
                  texts.get("package"))


_LOADED = []


def load():
    """The credits of config/credits.yaml (read once)."""
    if not _LOADED:
        _LOADED.extend(read(resources.path(FILE)))
    return list(_LOADED)


def notice_text(paths):
    """The text of the notices at `paths` (from the project's folder), one after another,
    each under its file's name."""
    parts = []
    for notice in paths:
        with open(resources.path(*notice.split("/")), encoding="utf-8", errors="replace") as handle:
            parts.append(f"{notice}\n\n{handle.read().strip()}")
    return "\n\n\n".join(parts)
