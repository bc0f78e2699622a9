"""What the app keeps between runs: the autosave, statistics, game records, settings.

Files live in the user's folders (platformdirs), never next to the program. Every
write is atomic (temporary file, flush, fsync, rename), so a crash or a power cut
leaves the previous version whole. Every read is validated; a file that is corrupt,
truncated, of the wrong shape or from a future version is renamed aside with a
timestamp (never deleted or overwritten) and the caller is told why in one sentence.
"""
import json
import os
import tempfile
import time

import yaml

import game
from game.core import require, require_int

APP_NAME = "cardtable"
AUTOSAVE_FORMAT = "cardtable-autosave"
STATS_FORMAT = "cardtable-statistics"
RECORD_FORMAT = "cardtable-record"
FILE_VERSION = 1
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_NAME = 40
LEVELS = ("easy", "medium", "hard")


class BadFile(ValueError):
    """A file that could not be used; `kept_as` is where the original was moved."""

    def __init__(self, path, problem, kept_as=None):
        self.path = path
        self.problem = problem
        self.kept_as = kept_as
        where = f"; it was kept as {os.path.basename(kept_as)}" if kept_as else ""
        super().__init__(f"{path}: {problem}{where}")


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


def _read_text(path):
    """The file's text, or None if there is no file; BadFile if it cannot be used."""
    try:
        size = os.path.getsize(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise BadFile(path, f"cannot be read ({error.strerror})") from None
    if size > MAX_FILE_BYTES:
        raise BadFile(path, f"is {size} bytes, more than any file the app writes",
                      keep_aside(path))
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError:
        raise BadFile(path, "is not text", keep_aside(path)) from None
    except OSError as error:
        raise BadFile(path, f"cannot be read ({error.strerror})") from None


def _bounded_int(digits):
    """JSON integers, refusing numbers far larger than any field the app writes."""
    if len(digits.lstrip("-")) > 24:
        raise ValueError(f"has a number with {len(digits)} digits, too large for any field")
    return int(digits)


def read_json(path, fmt, parse):
    """`parse(data)` of the JSON file at `path` (None if there is none). A file that does
    not parse, or that `parse` refuses with ValueError, is kept aside: BadFile."""
    text = _read_text(path)
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
    raise BadFile(path, problem, keep_aside(path))


# ---- autosave ----------------------------------------------------------------------
def _check_seats(seats, players):
    require(seats, list, "seats")
    if len(seats) != players:
        raise ValueError(f"seats: {len(seats)} seats for {players} players")
    out = []
    for i, seat in enumerate(seats):
        require(seat, dict, f"seats[{i}]")
        name = require(seat.get("name"), str, f"seats[{i}].name")
        if not name.strip() or len(name) > MAX_NAME:
            raise ValueError(f"seats[{i}].name: must be 1-{MAX_NAME} characters")
        level = seat.get("level")
        if level is not None and level not in LEVELS:
            raise ValueError(f"seats[{i}].level: {level!r} is not one of {', '.join(LEVELS)}")
        out.append({"name": name, "level": level})
    return out


def _check_undo(data):
    """The autosave's undo record {undos: count, practice: bool} (none made if absent)."""
    record = require(data.get("undo", {"undos": 0, "practice": False}), dict, "undo")
    if set(record) != {"undos", "practice"}:
        raise ValueError("undo: expected the fields undos and practice")
    return {"undos": require_int(record["undos"], "undo.undos", 0, 10**9),
            "practice": require(record["practice"], bool, "undo.practice")}


def save_game(folders, state, seats, undo=None):
    """Autosave: the game in progress, who sits where ({name, level or None}) and the
    undo record ({undos: count made, practice: whether Casual undo was used})."""
    data = {"format": AUTOSAVE_FORMAT, "version": FILE_VERSION,
            "seats": _check_seats(seats, state.players), "game": state.to_dict()}
    if undo is not None:
        data["undo"] = _check_undo({"undo": dict(undo)})
    atomic_write(folders.autosave, json.dumps(data, separators=(",", ":")))


def load_game(folders):
    """(state, seats) from the autosave, or None if there is none; BadFile if it is bad."""
    def parse(data):
        state = game.load_state(data.get("game"))
        _check_undo(data)
        return state, _check_seats(data.get("seats"), state.players)
    return read_json(folders.autosave, AUTOSAVE_FORMAT, parse)


def load_undo(folders):
    """The autosave's undo record ({undos, practice}; none made if there is no autosave
    or it has none); BadFile if the file is bad."""
    return read_json(folders.autosave, AUTOSAVE_FORMAT, _check_undo) or _check_undo({})


def clear_game(folders):
    """Remove the autosave (the game finished)."""
    try:
        os.unlink(folders.autosave)
    except FileNotFoundError:
        pass


# ---- game records ------------------------------------------------------------------
def record_of(state, seats, undos=0, practice=False):
    """A finished (or running) game's record: enough to replay it move by move, with
    the number of undos made and whether Casual undo made it a practice game."""
    chance = state.chance
    return {"format": RECORD_FORMAT, "version": FILE_VERSION, "game": state.game_id,
            "players": state.players, "options": dict(state.options), "seed": chance.seed,
            "seats": _check_seats(seats, state.players),
            "actions": [a.to_json() for a in state.history],
            "scores": state.scores(), "winners": state.winners(),
            "undos": undos, "practice": practice,
            "finished": time.strftime("%Y-%m-%d %H:%M:%S")}


def write_record(folders, state, seats, undos=0, practice=False):
    """Keep a finished game's record in the records folder; return its path."""
    record = record_of(state, seats, undos, practice)
    while True:   # names sort by time, to the microsecond (newest last)
        now = time.time_ns()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now // 10**9))
        path = os.path.join(folders.records,
                            f"{stamp}.{now // 1000 % 10**6:06d}-{state.game_id}.json")
        if not os.path.exists(path):
            break
    atomic_write(path, json.dumps(record, indent=1))
    return path


def replay(record):
    """The states of a recorded game, from the deal to the last move (a generator).
    ValueError if the record does not replay (an action that is not legal)."""
    require(record, dict, "record")
    seed = record.get("seed")
    state = game.new_game(record.get("game"), players=record.get("players"), seed=seed,
                          options=require(record.get("options"), dict, "options"))
    yield state
    for i, data in enumerate(require(record.get("actions"), list, "actions")):
        action = state.action_from_json(data, f"actions[{i}]")
        if action not in state.legal_actions():
            raise ValueError(f"actions[{i}]: {action} is not legal in the replayed game")
        state = state.clone()
        state.apply(action)
        yield state


def read_record(path):
    """A record file's contents, checked to replay; BadFile if it is not usable."""
    def parse(data):
        state = None
        for state in replay(data):
            pass
        data["seats"] = _check_seats(data.get("seats"), state.players)
        return data
    return read_json(path, RECORD_FORMAT, parse)


def list_records(folders):
    """Paths of the kept records, newest first."""
    try:
        names = [n for n in os.listdir(folders.records) if n.endswith(".json")]
    except FileNotFoundError:
        return []
    return [os.path.join(folders.records, n) for n in sorted(names, reverse=True)]


# ---- statistics --------------------------------------------------------------------
def _empty_line():
    return {"played": 0, "won": 0, "score_sum": 0, "best": None,
            "vs": {level: [0, 0] for level in LEVELS}}


def _check_stats(data):
    for section in ("games", "practice"):
        _check_section(data, section)
    return data


def _check_section(data, section):
    """Check one section of the statistics: `games`, or `practice` (games in which Casual
    undo was used, counted apart; a file without it has none)."""
    games = require(data.get(section, {} if section == "practice" else None), dict, section)
    for game_id, players in games.items():
        game.game_info(game_id)
        for name, line in require(players, dict, f"{section}.{game_id}").items():
            where = f"{section}.{game_id}.{name}"
            if len(name) > MAX_NAME:
                raise ValueError(f"{where}: the name is too long")
            require(line, dict, where)
            if set(line) != set(_empty_line()):
                raise ValueError(f"{where}: expected the fields played, won, score_sum, best, vs")
            for key in ("played", "won", "score_sum"):
                value = require(line[key], int, f"{where}.{key}")
                if abs(value) > 10**12 or (key != "score_sum" and value < 0):
                    raise ValueError(f"{where}.{key}: {value} is out of range")
            if line["won"] > line["played"]:
                raise ValueError(f"{where}: more games won than played")
            if line["best"] is not None and abs(require(line["best"], int, f"{where}.best")) > 10**12:
                raise ValueError(f"{where}.best: out of range")
            vs = require(line["vs"], dict, f"{where}.vs")
            if set(vs) != set(LEVELS):
                raise ValueError(f"{where}.vs: expected the levels {', '.join(LEVELS)}")
            for level, pair in vs.items():
                if (not isinstance(pair, list) or len(pair) != 2
                        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10**12
                                   for v in pair) or pair[1] > pair[0]):
                    raise ValueError(f"{where}.vs.{level}: expected [games, wins]")


def load_statistics(folders):
    """The statistics ({"games": {game id: {player name: line}}}); empty if none."""
    stats = read_json(folders.statistics, STATS_FORMAT, _check_stats)
    return stats or {"format": STATS_FORMAT, "version": FILE_VERSION, "games": {}}


def add_result(stats, state, seats, practice=False):
    """Count a finished game for every human seat (per game and player name); a practice
    game (Casual undo was used) is counted apart, in the `practice` section."""
    scores = state.scores()
    winners = set(state.winners())
    levels = {seat["level"] for seat in seats if seat["level"]}
    table = stats.setdefault("practice" if practice else "games", {}).setdefault(state.game_id, {})
    for seat, who in enumerate(seats):
        if who["level"]:
            continue
        line = table.setdefault(who["name"], _empty_line())
        line["played"] += 1
        line["won"] += seat in winners
        line["score_sum"] += scores[seat]
        best = line["best"]
        better = min if state.info.lower_is_better else max
        line["best"] = scores[seat] if best is None else better(best, scores[seat])
        for level in levels:
            line["vs"][level][0] += 1
            line["vs"][level][1] += seat in winners
    return stats


def save_statistics(folders, stats):
    atomic_write(folders.statistics, json.dumps(stats, indent=1))


def reset_statistics(folders):
    """Start the statistics afresh (the old file is kept aside, not deleted)."""
    if os.path.exists(folders.statistics):
        keep_aside(folders.statistics)


# ---- settings ----------------------------------------------------------------------
def check_setting(key, value, allowed):
    """`value` as the setting `key` keeps it; ValueError unless `allowed` (a tuple of
    the values it may take, or `(type, low, high)` for a number) allows it."""
    if isinstance(allowed, tuple) and allowed and isinstance(allowed[0], type):
        kind, low, high = allowed
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not low <= value <= high:
            raise ValueError(f"{key}: {value!r} is not a number from {low} to {high}")
        return kind(value)
    if value not in allowed or type(value) is not type(allowed[0]):
        words = (str(v).lower() if isinstance(v, bool) else str(v) for v in allowed)
        raise ValueError(f"{key}: {value!r} is not one of {', '.join(words)}")
    return value


def load_settings(folders, defaults, choices):
    """Settings from settings.yaml over `defaults`; `choices[key]` lists allowed values
    (or is a type such as float with a (low, high) range as `(float, low, high)`).
    Returns (settings, problem or None); a bad file is kept aside and defaults used."""
    settings = dict(defaults)
    path = folders.settings
    try:
        text = _read_text(path)
    except BadFile as error:
        return settings, str(error)
    if text is None:
        return settings, None
    try:
        data = yaml.safe_load(text)
        if data is None:
            data = {}
        require(data, dict, "settings")
        for key, value in data.items():
            if key not in defaults:
                raise ValueError(f"unknown setting {key!r}")
            settings[key] = check_setting(key, value, choices[key])
    except (yaml.YAMLError, ValueError, RecursionError) as error:
        problem = f"is not valid YAML ({error})" if isinstance(error, yaml.YAMLError) else str(error)
        if isinstance(error, RecursionError):
            problem = "is nested too deeply"
        bad = BadFile(path, problem, keep_aside(path))
        return dict(defaults), str(bad)
    return settings, None


def save_settings(folders, settings):
    atomic_write(folders.settings, yaml.safe_dump(dict(settings), sort_keys=True))
