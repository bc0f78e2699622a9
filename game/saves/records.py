"""Game records: a finished (or abandoned) game kept to be replayed move by move, and
who sat where.
"""
import json
import os
import re
import time

from game import registry
from game.core import require, require_int
from game.saves import files
from game.version import VERSION

RECORD_FORMAT = "cardtable-record"
MAX_NAME = 40
LEVELS = ("easy", "medium", "hard")
RECORD_FILE = re.compile(r"\d{8}-\d{6}\.\d{6}-[a-z0-9_]{1,40}\.json")
GAME_UID = re.compile(r"[0-9a-f]{32}")


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
    """The seats as the files keep them ({name, level or None for a person, remote: true
    for a person who played at another computer}), one per player, checked; ValueError
    naming the seat and field otherwise."""
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
        remote = seat.get("remote", False)
        if not isinstance(remote, bool):
            raise ValueError(f"seats[{i}].remote: {remote!r} is not true or false")
        out.append({"name": name, "level": level, **({"remote": True} if remote and level is None else {})})
    return out


def record_of(state, seats, undos=0, practice=False, uid=None, abandoned=False):
    """A finished (or running) game's record: enough to replay it move by move, with
    the version of the app that played it, the number of undos made, whether Casual undo made it a practice game, `uid`, the
    game's id, when it has one, and `abandoned: true` for a game given up unfinished."""
    chance = state.chance
    record = {"format": RECORD_FORMAT, "version": files.FILE_VERSION, "game": state.game_id,
              "players": state.players, "options": dict(state.options), "seed": chance.seed,
              "rules_version": state.RULES_VERSION, "app_version": VERSION, "seats": check_seats(seats, state.players),
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
    files.atomic_write(path, json.dumps(record, indent=1))
    return path


def replay(record, to_first_illegal=False):
    """The states of a recorded game, from the deal to the last move (a generator).
    ValueError if the record does not replay (an action that is not legal), unless
    `to_first_illegal`: then the states stop before that action."""
    require(record, dict, "record")
    seed = record.get("seed")
    state = registry.new_game(record.get("game"), players=record.get("players"), seed=seed,
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
        current = registry.game_info(data.get("game")).state_class().RULES_VERSION
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
    return files.read_json(path, RECORD_FORMAT, parse, move)


def list_records(folders):
    """Paths of the kept records, newest first (none if there is no records folder;
    OSError if it cannot be listed)."""
    try:
        names = [n for n in os.listdir(folders.records) if n.endswith(".json")]
    except FileNotFoundError:
        return []
    return [os.path.join(folders.records, n) for n in sorted(names, reverse=True)]
