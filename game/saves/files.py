"""The app's files kept safe: where they live, how they are written and read.

Files live in the user's folders (platformdirs), never next to the program. Every
write is atomic (temporary file, flush, fsync, rename), so a crash or a power cut
leaves the previous version whole. Every read is validated; a file that is corrupt,
truncated, of the wrong shape or from a future version is renamed aside with a
timestamp (never deleted or overwritten) and the caller is told why in one sentence;
when it cannot be moved (a read-only folder) it stays where it is and the caller is
told that too. A file the user names (`replay FILE`) is never moved.
"""
import json
import os
import re
import stat
import tempfile
import time

from game.core import require

APP_NAME = "cardtable"
FILE_VERSION = 1
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_QUOTE = 160             # characters of a file's own text repeated in a message
TEMP_NAME = re.compile(r"\.tmp-[A-Za-z0-9_]{8}")    # tempfile.mkstemp(prefix=".tmp-")
TEMP_AGE = 60               # seconds after which a leftover temporary file is removed


def excerpt(words, limit=MAX_QUOTE):
    """`words` made safe to show: control characters and lone surrogates as '?', and
    at most `limit` characters (with '...' where it was cut)."""
    words = str(words)
    cut = len(words) > limit
    words = "".join(ch if ch.isprintable() else "?" for ch in words[:limit])
    return words + "..." if cut else words


class BadFile(ValueError):
    """A file that could not be used; `kept_as` is where the original was moved, or
    `not_moved` says why it could not be (it stays where it was)."""

    def __init__(self, path, problem, kept_as=None, not_moved=None):
        self.path = path
        self.problem = problem = excerpt(problem)
        self.kept_as = kept_as
        where = f"; it was kept as {excerpt(os.path.basename(kept_as))}" if kept_as else ""
        if not_moved:
            where = f"; it could not be set aside ({not_moved}), so it stays where it is"
        super().__init__(f"{excerpt(path, 4 * MAX_QUOTE)}: {problem}{where}")


def refused(path, problem, move=True):
    """BadFile for `path`, after setting the file aside when `move` (and it can be)."""
    if not move:
        return BadFile(path, problem)
    try:
        return BadFile(path, problem, keep_aside(path))
    except OSError as error:
        return BadFile(path, problem, not_moved=error.strerror or str(error))


class Folders:
    """The user folders: settings in `config`, saves and statistics in `data`, logs in
    `logs`. `CARDTABLE_HOME` (tests, portable installs) puts all three under one folder."""

    def __init__(self, home=None):
        home = home or os.environ.get("CARDTABLE_HOME")
        if home:
            self.config = os.path.join(home, "config")
            self.data = os.path.join(home, "data")
            self.logs = os.path.join(home, "logs")
        else:
            import platformdirs
            self.config = platformdirs.user_config_dir(APP_NAME, appauthor=False)
            self.data = platformdirs.user_data_dir(APP_NAME, appauthor=False)
            self.logs = platformdirs.user_log_dir(APP_NAME, appauthor=False)

    @property
    def settings(self):
        return os.path.join(self.config, "settings.yaml")

    @property
    def autosave(self):
        return os.path.join(self.data, "autosave.json")

    @property
    def statistics(self):
        return os.path.join(self.data, "statistics.json")

    @property
    def records(self):
        return os.path.join(self.data, "records")

    @property
    def log(self):
        """The app's log file (the folder is made when the first line is written)."""
        return os.path.join(self.logs, "cardtable.log")


def atomic_write(path, text):
    """Write `text` to `path` so that readers see the old file or the new one, whole."""
    folder = os.path.dirname(path) or "."
    os.makedirs(folder, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise
    if hasattr(os, "O_DIRECTORY"):
        directory = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def keep_aside(path):
    """Rename a bad file to `<name>.bad-<timestamp>` beside it; return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = f"{path}.bad-{stamp}"
    n = 1
    while os.path.exists(target):
        n += 1
        target = f"{path}.bad-{stamp}-{n}"
    os.replace(path, target)
    return target


def read_text(path, move=True, bounded=True):
    """The file's text, or None if there is no file; BadFile if it cannot be used (a
    bad regular file is set aside when `move`). Only regular files are read (a device or
    a pipe is refused, not read), and when `bounded` never more than MAX_FILE_BYTES (a
    designer's own long results are read whole)."""
    limit = MAX_FILE_BYTES if bounded else None
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise BadFile(path, f"cannot be read ({getattr(error, 'strerror', None) or error})") from None
    if not stat.S_ISREG(info.st_mode):
        raise BadFile(path, "is not a regular file")
    if limit is not None and info.st_size > limit:
        raise refused(path, f"is {info.st_size} bytes, more than any file the app writes", move)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise BadFile(path, "is not a regular file")
            data = handle.read(-1 if limit is None else limit + 1)
    except OSError as error:
        raise BadFile(path, f"cannot be read ({error.strerror or error})") from None
    if limit is not None and len(data) > limit:
        raise refused(path, "is larger than any file the app writes", move)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise refused(path, "is not text", move) from None


def _bounded_int(digits):
    """JSON integers, refusing numbers far larger than any field the app writes."""
    if len(digits.lstrip("-")) > 24:
        raise ValueError(f"has a number with {len(digits)} digits, too large for any field")
    return int(digits)


def read_json(path, fmt, parse, move=True):
    """`parse(data)` of the JSON file at `path` (None if there is none). A file that does
    not parse, or that `parse` refuses with ValueError, is BadFile (and kept aside when
    `move`; a file the user named is never moved)."""
    text = read_text(path, move)
    if text is None:
        return None
    try:
        data = json.loads(text, parse_int=_bounded_int)
        require(data, dict, "file")
        if data.get("format") != fmt:
            raise ValueError(f"is not a {fmt} file")
        version = data.get("version")
        if version != FILE_VERSION:
            raise ValueError(f"has version {version!r}; this app reads version {FILE_VERSION}")
        return parse(data)
    except RecursionError:
        problem = "is nested too deeply to be a file the app wrote"
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError) as error:
        if not text.strip():
            problem = "is empty"
        elif isinstance(error, json.JSONDecodeError):
            problem = f"is not valid JSON ({error.msg} at line {error.lineno})"
        elif isinstance(error, ValueError):
            problem = str(error)
        else:
            problem = f"has a bad field ({error!r})"
    raise refused(path, problem, move)


def clean_temporary(folders, age=TEMP_AGE):
    """Remove the app's own temporary files (`.tmp-XXXXXXXX`, left by a write that was
    cut off) older than `age` seconds from its folders; returns how many went."""
    removed = 0
    now = time.time()
    for folder in (folders.config, folders.data, folders.records):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if not TEMP_NAME.fullmatch(name):
                continue
            path = os.path.join(folder, name)
            try:
                info = os.lstat(path)
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime > age:
                    os.unlink(path)
                    removed += 1
            except OSError:
                continue
    return removed
