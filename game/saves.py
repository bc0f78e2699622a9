"""What the app keeps between runs: the autosave, statistics, game records, settings.

Files live in the user's folders (platformdirs), never next to the program. Every
write is atomic (temporary file, flush, fsync, rename), so a crash or a power cut
leaves the previous version whole. Every read is validated; a file that is corrupt,
truncated, of the wrong shape or from a future version is renamed aside with a
timestamp (never deleted or overwritten) and the caller is told why in one sentence;
when it cannot be moved (a read-only folder) it stays where it is and the caller is
told that too. A file the user names (`replay FILE`) is never moved.

The end of a game is one transaction (`finish_game`): the autosave is first rewritten
as the finished game with a game id and its record's name, then the record is written,
the statistics count the game (keyed by its id, so never twice) and the autosave goes.
Wherever that stops, the next `load_game` completes it: the game is counted exactly
once and a finished game is never offered to Continue. A game in progress given up for
a new one (`abandon_game`) is kept as a record marked abandoned and counted apart, as
abandoned, never as played.
"""
import hashlib
import json
import os
import re
import stat
import tempfile
import time
import uuid

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
MAX_YAML_NODES = 10_000     # settings.yaml's nodes, aliases expanded
MAX_QUOTE = 160             # characters of a file's own text repeated in a message
COUNTED_KEPT = 200          # the latest games' ids the statistics keep, to count each once
TEMP_NAME = re.compile(r"\.tmp-[A-Za-z0-9_]{8}")    # tempfile.mkstemp(prefix=".tmp-")
TEMP_AGE = 60               # seconds after which a leftover temporary file is removed
RECORD_FILE = re.compile(r"\d{8}-\d{6}\.\d{6}-[a-z0-9_]{1,40}\.json")
GAME_UID = re.compile(r"[0-9a-f]{32}")


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


def _refused(path, problem, move=True):
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


def _read_text(path, move=True):
    """The file's text, or None if there is no file; BadFile if it cannot be used (a
    bad regular file is set aside when `move`). Only regular files are read, and never
    more than MAX_FILE_BYTES (a device or a pipe is refused, not read)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise BadFile(path, f"cannot be read ({getattr(error, 'strerror', None) or error})") from None
    if not stat.S_ISREG(info.st_mode):
        raise BadFile(path, "is not a regular file")
    if info.st_size > MAX_FILE_BYTES:
        raise _refused(path, f"is {info.st_size} bytes, more than any file the app writes", move)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise BadFile(path, "is not a regular file")
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise BadFile(path, f"cannot be read ({error.strerror or error})") from None
    if len(data) > MAX_FILE_BYTES:
        raise _refused(path, "is larger than any file the app writes", move)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise _refused(path, "is not text", move) from None


def _bounded_int(digits):
    """JSON integers, refusing numbers far larger than any field the app writes."""
    if len(digits.lstrip("-")) > 24:
        raise ValueError(f"has a number with {len(digits)} digits, too large for any field")
    return int(digits)


def read_json(path, fmt, parse, move=True):
    """`parse(data)` of the JSON file at `path` (None if there is none). A file that does
    not parse, or that `parse` refuses with ValueError, is BadFile (and kept aside when
    `move`; a file the user named is never moved)."""
    text = _read_text(path, move)
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
    raise _refused(path, problem, move)


# ---- autosave ----------------------------------------------------------------------
def check_name(name, where):
    """A player's name as the files keep it: 1-MAX_NAME printable characters (no NUL,
    no lone surrogate, nothing the screen cannot draw); ValueError naming `where`."""
    require(name, str, where)
    if not name.strip() or len(name) > MAX_NAME:
        raise ValueError(f"{where}: must be 1-{MAX_NAME} characters")
    if not name.isprintable():
        raise ValueError(f"{where}: holds a character that is not printable")
    return name


def check_seats(seats, players):
    """The seats as the files keep them ({name, level or None for a person}), one per
    player, checked; ValueError naming the seat and field otherwise."""
    require(seats, list, "seats")
    if len(seats) != players:
        raise ValueError(f"seats: {len(seats)} seats for {players} players")
    out = []
    for i, seat in enumerate(seats):
        require(seat, dict, f"seats[{i}]")
        name = check_name(seat.get("name"), f"seats[{i}].name")
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


def save_game(folders, state, seats, undo=None, end=None):
    """Autosave: the game in progress, who sits where ({name, level or None}) and the
    undo record ({undos: count made, practice: whether Casual undo was used}); a
    finished game only with `end` ({uid, record}: its id and its record's file name)."""
    data = {"format": AUTOSAVE_FORMAT, "version": FILE_VERSION,
            "seats": check_seats(seats, state.players), "game": state.to_dict()}
    if undo is not None:
        data["undo"] = _check_undo({"undo": dict(undo)})
    if end is not None:
        data["end"] = _check_end(end, state)
    atomic_write(folders.autosave, json.dumps(data, separators=(",", ":")))


def _check_end(end, state):
    """The end mark of a finished game's autosave, checked: {uid, record}."""
    require(end, dict, "end")
    if set(end) != {"uid", "record"}:
        raise ValueError("end: expected the fields uid and record")
    if not isinstance(end["uid"], str) or not GAME_UID.fullmatch(end["uid"]):
        raise ValueError("end.uid: not a game id")
    if (not isinstance(end["record"], str) or not RECORD_FILE.fullmatch(end["record"])
            or not end["record"].endswith(f"-{state.game_id}.json")):
        raise ValueError("end.record: not a record file name of this game")
    if not state.is_over:
        raise ValueError("end: the game is not over")
    return {"uid": end["uid"], "record": end["record"]}


def _read_autosave(folders):
    """(state, seats, end or None) from the autosave, or None; BadFile if it is bad."""
    def parse(data):
        state = game.load_state(data.get("game"))
        seats = check_seats(data.get("seats"), state.players)
        undo = _check_undo(data)
        end = data.get("end")
        if end is None and state.is_over:
            raise ValueError("game: the game is over but its end is not marked")
        return state, seats, undo, None if end is None else _check_end(end, state)
    return read_json(folders.autosave, AUTOSAVE_FORMAT, parse)


def load_undo(folders):
    """The autosave's undo record ({undos, practice}; none made if there is no autosave
    or it has none); BadFile if the file is bad."""
    return read_json(folders.autosave, AUTOSAVE_FORMAT, _check_undo) or _check_undo({})


def load_game(folders):
    """(state, seats) of the game left unfinished, or None if there is none; BadFile if
    the autosave is bad. A game whose end was interrupted is finished here (recorded
    and counted once, see `finish_game`) and None is returned: it is not continued."""
    saved = _read_autosave(folders)
    if saved is None:
        return None
    state, seats, undo, end = saved
    if end is not None:
        finish_game(folders, state, seats, undo, end)
        return None
    return state, seats


def clear_game(folders):
    """Remove the autosave (the game finished)."""
    try:
        os.unlink(folders.autosave)
    except FileNotFoundError:
        pass


def finish_game(folders, state, seats, undo=None, end=None):
    """End a finished game as one transaction: mark the autosave finished (with a game id
    and its record's name), write the record (with the undo record {undos, practice}),
    count the game in the statistics (once: they keep the ids they counted; as practice
    if Casual undo was used), remove the autosave. Returns (record path or None,
    problems: one sentence each). Run again after an interruption, it completes the
    same end; `end` is the mark read back from the autosave then."""
    problems = []
    undo = _check_undo({} if undo is None else {"undo": dict(undo)})
    if end is None:
        end = {"uid": uuid.uuid4().hex,
               "record": os.path.basename(new_record_path(folders, state.game_id))}
        try:
            save_game(folders, state, seats, undo, end)
        except OSError as error:
            problems.append(_sentence("The game's end could not be marked in the autosave", error))
    path = os.path.join(folders.records, end["record"])
    try:
        write_record(folders, state, seats, undo["undos"], undo["practice"], path, end["uid"])
    except OSError as error:
        path = None
        problems.append(_sentence("The finished game's record could not be written", error))
    _count(folders, state, seats, undo["practice"], end["uid"], problems)
    try:
        clear_game(folders)
    except OSError as error:
        problems.append(_sentence("The finished game's autosave could not be removed", error))
    return path, problems


def _count(folders, state, seats, practice, uid, problems):
    """Count the game `uid` in the statistics (add_result), a problem added as a sentence."""
    try:
        stats = load_statistics(folders)
    except BadFile as error:
        if not error.kept_as:
            problems.append(f"The game could not be counted in the statistics: {error}")
            return
        problems.append(f"The statistics started afresh: {error}")
        stats = empty_statistics()
    try:
        save_statistics(folders, add_result(stats, state, seats, practice, uid))
    except OSError as error:
        problems.append(_sentence("The game could not be counted in the statistics", error))


def abandon_game(folders, state, seats, undo=None):
    """Give up the game in progress for a new one: keep its record, marked abandoned;
    count it as abandoned (not played) for every person in the statistics, once however
    often this runs for the same position; remove the autosave. Returns (record path or
    None, problems: one sentence each)."""
    problems = []
    undo = _check_undo({} if undo is None else {"undo": dict(undo)})
    uid = hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()[:32]
    try:
        path = write_record(folders, state, seats, undo["undos"], undo["practice"], uid=uid,
                            abandoned=True)
    except OSError as error:
        path = None
        problems.append(_sentence("The abandoned game's record could not be written", error))
    _count(folders, state, seats, undo["practice"], uid, problems)
    try:
        clear_game(folders)
    except OSError as error:
        problems.append(_sentence("The abandoned game's autosave could not be removed", error))
    return path, problems


def _sentence(what, error):
    return f"{what} ({excerpt(error.strerror or error)})."


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


# ---- game records ------------------------------------------------------------------
def record_of(state, seats, undos=0, practice=False, uid=None, abandoned=False):
    """A finished (or running) game's record: enough to replay it move by move, with
    the number of undos made, whether Casual undo made it a practice game, `uid`, the
    game's id, when it has one, and `abandoned: true` for a game given up unfinished."""
    chance = state.chance
    record = {"format": RECORD_FORMAT, "version": FILE_VERSION, "game": state.game_id,
              "players": state.players, "options": dict(state.options), "seed": chance.seed,
              "rules_version": state.RULES_VERSION, "seats": check_seats(seats, state.players),
              "actions": [a.to_json() for a in state.history],
              "scores": state.scores(), "winners": state.winners(),
              "undos": undos, "practice": practice,
              "finished": time.strftime("%Y-%m-%d %H:%M:%S")}
    if uid is not None:
        record["uid"] = uid
    if abandoned:
        record["abandoned"] = True
    return record


def new_record_path(folders, game_id):
    """A path for a new record: names sort by time, to the microsecond (newest last)."""
    while True:
        now = time.time_ns()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now // 10**9))
        path = os.path.join(folders.records, f"{stamp}.{now // 1000 % 10**6:06d}-{game_id}.json")
        if not os.path.exists(path):
            return path


def write_record(folders, state, seats, undos=0, practice=False, path=None, uid=None,
                 abandoned=False):
    """Keep a finished (or abandoned) game's record in the records folder (at `path`, or a
    new name); return its path."""
    record = record_of(state, seats, undos, practice, uid, abandoned)
    path = path or new_record_path(folders, state.game_id)
    atomic_write(path, json.dumps(record, indent=1))
    return path


def replay(record, to_first_illegal=False):
    """The states of a recorded game, from the deal to the last move (a generator).
    ValueError if the record does not replay (an action that is not legal), unless
    `to_first_illegal`: then the states stop before that action."""
    require(record, dict, "record")
    seed = record.get("seed")
    state = game.new_game(record.get("game"), players=record.get("players"), seed=seed,
                          options=require(record.get("options"), dict, "options"))
    yield state
    for i, data in enumerate(require(record.get("actions"), list, "actions")):
        action = state.action_from_json(data, f"actions[{i}]")
        if action not in state.legal_actions():
            if to_first_illegal:
                return
            raise ValueError(f"actions[{i}]: {action} is not legal in the replayed game")
        state = state.clone()
        state.apply(action)
        yield state


def rules_version_of(record):
    """The rules version a record was made under (records before versions were kept: 1)."""
    return require_int(record.get("rules_version", 1), "rules_version", 1, 10**6)


def read_record(path, move=True):
    """A record file's contents, checked to replay; BadFile if it is not usable (set
    aside when `move`: never for a file the user named). A record made under other rules
    (a different `RULES_VERSION` of its game) opens as far as it replays, with `note`
    saying so, and is never set aside for that."""
    def parse(data):
        current = game.game_info(data.get("game")).state_class().RULES_VERSION
        made = rules_version_of(data)
        states = list(replay(data, to_first_illegal=made != current))
        data["seats"] = check_seats(data.get("seats"), states[0].players)
        if made != current:
            moves = len(data["actions"])
            data["note"] = (f"Recorded under {states[0].info.title} rules version {made} "
                            f"(this app: {current}), so the replay may differ from the game"
                            + (f"; {len(states) - 1} of its {moves} moves replay."
                               if len(states) - 1 < moves else "."))
        return data
    return read_json(path, RECORD_FORMAT, parse, move)


def list_records(folders):
    """Paths of the kept records, newest first."""
    try:
        names = [n for n in os.listdir(folders.records) if n.endswith(".json")]
    except FileNotFoundError:
        return []
    return [os.path.join(folders.records, n) for n in sorted(names, reverse=True)]


# ---- statistics --------------------------------------------------------------------
def _empty_line():
    return {"played": 0, "won": 0, "score_sum": 0, "best": None, "abandoned": 0,
            "vs": {level: [0, 0] for level in LEVELS}}


def _check_stats(data):
    counted = require(data.get("counted", []), list, "counted")
    if len(counted) > COUNTED_KEPT or not all(isinstance(u, str) and GAME_UID.fullmatch(u)
                                             for u in counted):
        raise ValueError(f"counted: expected at most {COUNTED_KEPT} game ids")
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
            where = f"{section}.{game_id}.{excerpt(name, MAX_NAME)}"
            check_name(name, f"{where}: the name")
            require(line, dict, where)
            line.setdefault("abandoned", 0)      # none in files from before it was counted
            if set(line) != set(_empty_line()):
                raise ValueError(f"{where}: expected the fields played, won, score_sum, best, "
                                 "abandoned, vs")
            for key in ("played", "won", "score_sum", "abandoned"):
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


def empty_statistics():
    """Statistics with no game counted."""
    return {"format": STATS_FORMAT, "version": FILE_VERSION, "games": {}, "counted": []}


def load_statistics(folders):
    """The statistics ({"games": {game id: {player name: line}}, "counted": [game ids]});
    empty if none."""
    return read_json(folders.statistics, STATS_FORMAT, _check_stats) or empty_statistics()


def add_result(stats, state, seats, practice=False, uid=None):
    """Count a finished game for every human seat (per game and player name), or an
    unfinished one as abandoned; a practice game (Casual undo was used) is counted
    apart, in the `practice` section; a game whose id `uid` was counted already is not
    counted again."""
    counted = stats.setdefault("counted", [])
    if uid is not None:
        if uid in counted:
            return stats
        counted.append(uid)
        del counted[:-COUNTED_KEPT]
    scores = state.scores()
    winners = set(state.winners())
    levels = {seat["level"] for seat in seats if seat["level"]}
    table = stats.setdefault("practice" if practice else "games", {}).setdefault(state.game_id, {})
    for seat, who in enumerate(seats):
        if who["level"]:
            continue
        line = table.setdefault(who["name"], _empty_line())
        if not state.is_over:
            line["abandoned"] += 1
            continue
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
def safe_load_bounded(text):
    """yaml.safe_load of `text`, refused with a YAMLError when its nodes, with every alias
    expanded, number more than MAX_YAML_NODES (an alias bomb) or when it holds itself
    through an alias. The check walks the composed node graph, which shares aliased nodes,
    so it costs no more than the file is long."""
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    if node is not None:
        _expanded_size(node, {}, set())
    return yaml.safe_load(text)


def _expanded_size(node, sizes, open_nodes):
    """The number of nodes under `node` with aliases expanded; a YAMLError past the bound."""
    key = id(node)
    if key in sizes:
        return sizes[key]
    if key in open_nodes:
        raise yaml.YAMLError("an alias refers to a node that holds it")
    open_nodes.add(key)
    size = 1
    if isinstance(node, yaml.SequenceNode):
        size += sum(_expanded_size(child, sizes, open_nodes) for child in node.value)
    elif isinstance(node, yaml.MappingNode):
        size += sum(_expanded_size(k, sizes, open_nodes) + _expanded_size(v, sizes, open_nodes)
                    for k, v in node.value)
    if size > MAX_YAML_NODES:
        raise yaml.YAMLError(f"its aliases expand to more than {MAX_YAML_NODES} values")
    open_nodes.discard(key)
    sizes[key] = size
    return size


def check_setting(key, value, allowed):
    """`value` as the setting `key` keeps it; ValueError unless `allowed` (a tuple of
    the values it may take, `(type, low, high)` for a number, or a function
    `(key, value) -> value` that checks it) allows it."""
    if callable(allowed):
        return allowed(key, value)
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
        data = safe_load_bounded(text)
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
        return dict(defaults), str(_refused(path, problem))
    return settings, None


def save_settings(folders, settings):
    atomic_write(folders.settings, yaml.safe_dump(dict(settings), sort_keys=True))
