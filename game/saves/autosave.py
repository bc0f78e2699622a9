"""The autosave: the game in progress, and the end of a game as one transaction.

The end of a game is one transaction (`finish_game`): the autosave is first rewritten
as the finished game with a game id and its record's name, then the record is written,
the statistics count the game (keyed by its id, so never twice) and, only once both are
on disk, the autosave goes. Wherever that stops, the next start completes it
(`finish_ended`, or `load_game`): the game is counted exactly once and a finished game is
never offered to Continue. When the record or the count cannot be written (a full disk,
a read-only folder, statistics that cannot be read), the finished game is set aside as
`ended-<game id>.json` beside the autosave, where a new game cannot overwrite it, and
each start tries again. A game in progress given up for a new one (`abandon_game`) is
kept as a record marked abandoned and counted apart, as abandoned, never as played; when
that record cannot be written, the game is not given up and its autosave stays.
"""
import hashlib
import json
import os
import re
import uuid

from game import registry
from game.core import require, require_int
from game.saves import files, records, statistics

AUTOSAVE_FORMAT = "cardtable-autosave"
ENDED_FILE = re.compile(r"ended-[0-9a-f]{32}\.json")    # a finished game not yet kept whole


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
    data = {"format": AUTOSAVE_FORMAT, "version": files.FILE_VERSION,
            "seats": records.check_seats(seats, state.players), "game": state.to_dict()}
    if undo is not None:
        data["undo"] = _check_undo({"undo": dict(undo)})
    if end is not None:
        data["end"] = _check_end(end, state)
    files.atomic_write(folders.autosave, json.dumps(data, separators=(",", ":")))


def _check_end(end, state):
    """The end mark of a finished game's autosave, checked: {uid, record}."""
    require(end, dict, "end")
    if set(end) != {"uid", "record"}:
        raise ValueError("end: expected the fields uid and record")
    if not isinstance(end["uid"], str) or not records.GAME_UID.fullmatch(end["uid"]):
        raise ValueError("end.uid: not a game id")
    if (not isinstance(end["record"], str) or not records.RECORD_FILE.fullmatch(end["record"])
            or not end["record"].endswith(f"-{state.game_id}.json")):
        raise ValueError("end.record: not a record file name of this game")
    if not state.is_over:
        raise ValueError("end: the game is not over")
    return {"uid": end["uid"], "record": end["record"]}


def _read_autosave(folders, path=None):
    """(state, seats, undo, end or None) from the autosave (or the finished game set aside
    at `path`), or None if there is none; BadFile if it is bad."""
    def parse(data):
        state = registry.load_state(data.get("game"))
        seats = records.check_seats(data.get("seats"), state.players)
        undo = _check_undo(data)
        end = data.get("end")
        if end is None and (state.is_over or path is not None):
            raise ValueError("game: the game is over but its end is not marked")
        return state, seats, undo, None if end is None else _check_end(end, state)
    return files.read_json(path or folders.autosave, AUTOSAVE_FORMAT, parse)


def load_undo(folders):
    """The autosave's undo record ({undos, practice}; none made if there is no autosave
    or it has none); BadFile if the file is bad."""
    return files.read_json(folders.autosave, AUTOSAVE_FORMAT, _check_undo) or _check_undo({})


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


def ended_games(folders):
    """The finished games set aside because their record or count could not be written
    (`ended-<game id>.json` in the data folder), oldest name first."""
    try:
        names = sorted(n for n in os.listdir(folders.data) if ENDED_FILE.fullmatch(n))
    except OSError:
        return []
    return [os.path.join(folders.data, name) for name in names]


def finish_ended(folders):
    """Finish every game set aside as ended (`ended_games`): record it and count it, once.
    Returns one sentence per game, for the player: kept now, or what still stops it (it is
    tried again at the next start). (An autosave whose end was marked is finished by
    `load_game`; one that fails there is set aside, so call this after it.)"""
    told = []
    for path in ended_games(folders):
        try:
            saved = _read_autosave(folders, path)
        except files.BadFile as error:
            told.append(f"A finished game could not be read. {error}")
            continue
        if saved is None:                   # finished meanwhile (another window)
            continue
        state, seats, undo, end = saved
        _, problems = finish_game(folders, state, seats, undo, end, path)
        if not os.path.exists(path):
            problems.insert(0, f"The finished game of {_who(state, seats)} is now recorded and "
                               "counted in Statistics.")
        told.append(" ".join(problems))
    return told


def _who(state, seats):
    """'KTU with Maya, Theo': a game in its players' words."""
    return f"{state.info.title} with {', '.join(seat['name'] for seat in seats)}"


def finish_game(folders, state, seats, undo=None, end=None, kept=None):
    """End a finished game as one transaction: mark the autosave finished (with a game id
    and its record's name), write the record (with the undo record {undos, practice}),
    count the game in the statistics (once: they keep the ids they counted; as practice
    if Casual undo was used), and only when both are on disk remove the file that holds
    the end mark. Returns (record path or None, problems: one sentence each). Run again
    after an interruption or a failure, it completes the same end: `end` is the mark
    read back, `kept` the file it was read from (the autosave by default). When the end
    cannot even be marked, nothing is recorded or counted and the last autosave stays
    (Continue resumes it); when the record or the count fails, the finished game is set
    aside as `ended-<game id>.json` (a new game's autosave cannot overwrite it) and the
    next start finishes it."""
    problems = []
    undo = _check_undo({} if undo is None else {"undo": dict(undo)})
    kept = kept or folders.autosave
    if end is None:
        end = {"uid": uuid.uuid4().hex,
               "record": os.path.basename(records.new_record_path(folders, state.game_id))}
        try:
            save_game(folders, state, seats, undo, end)
        except OSError as error:
            problems.append(_sentence("The game's end could not be saved", error))
            problems.append("Nothing of it was recorded or counted"
                            + (": Continue on the menu resumes it from its last save."
                               if os.path.exists(folders.autosave) else "."))
            return None, problems
    path = os.path.join(folders.records, end["record"])
    try:
        records.write_record(folders, state, seats, undo["undos"], undo["practice"], path,
                             end["uid"])
    except OSError as error:
        path = None
        problems.append(_sentence("The finished game's record could not be written", error))
    counted = _count(folders, state, seats, undo["practice"], end["uid"], problems)
    if path is None or not counted:
        _set_aside(folders, kept, end["uid"])
        problems.insert(0, f"The finished game of {_who(state, seats)} could not be recorded "
                           "and counted yet.")
        problems.append("It is saved and will be recorded and counted at the next start.")
        return path, problems
    try:
        os.unlink(kept)
    except FileNotFoundError:
        pass
    except OSError as error:
        problems.append(_sentence("The finished game's saved file could not be removed", error))
    return path, problems


def _set_aside(folders, kept, uid):
    """Keep the finished game at `kept` (its end marked) as `ended-<uid>.json`, out of a new
    game's way, to be finished at the next start."""
    ended = os.path.join(folders.data, f"ended-{uid}.json")
    if kept != ended:
        try:
            os.replace(kept, ended)
        except OSError:     # it stays marked in the autosave: the next start finishes it
            pass


def _count(folders, state, seats, practice, uid, problems):
    """Count the game `uid` in the statistics (add_result); whether the count is on disk
    (a problem added as a sentence when not)."""
    try:
        stats = statistics.load_statistics(folders)
    except files.BadFile as error:
        if not error.kept_as:
            problems.append(f"The game could not be counted in the statistics: {error}")
            return False
        problems.append(f"The statistics started afresh: {error}")
        stats = statistics.empty_statistics()
    try:
        statistics.save_statistics(folders,
                                   statistics.add_result(stats, state, seats, practice, uid))
    except OSError as error:
        problems.append(_sentence("The game could not be counted in the statistics", error))
        return False
    return True


def abandon_game(folders, state, seats, undo=None):
    """Give up the game in progress for a new one: keep its record, marked abandoned;
    count it as abandoned (not played) for every person in the statistics, once however
    often this runs for the same position; remove the autosave. Returns (record path or
    None, problems: one sentence each). When the record cannot be written, nothing is
    counted and the autosave stays (path None): the game is not given up, and a new game
    must not start over its autosave."""
    problems = []
    undo = _check_undo({} if undo is None else {"undo": dict(undo)})
    uid = hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()[:32]
    try:
        path = records.write_record(folders, state, seats, undo["undos"], undo["practice"],
                                    uid=uid, abandoned=True)
    except OSError as error:
        problems.append(_sentence(f"{_who(state, seats)} could not be kept as abandoned", error))
        problems.append("It is still saved: Continue on the menu resumes it.")
        return None, problems
    _count(folders, state, seats, undo["practice"], uid, problems)
    try:
        clear_game(folders)
    except OSError as error:
        problems.append(_sentence("The abandoned game's autosave could not be removed", error))
    return path, problems


def _sentence(what, error):
    return f"{what} ({files.excerpt(error.strerror or error)})."
