"""Statistics: each person's games per game, counted once each (by the game's id).
"""
import json
import os

from game import registry
from game.core import require
from game.saves import files
from game.saves.records import GAME_UID, LEVELS, MAX_NAME, check_name

STATS_FORMAT = "cardtable-statistics"
COUNTED_KEPT = 200          # the latest games' ids the statistics keep, to count each once


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
        registry.game_info(game_id)
        for name, line in require(players, dict, f"{section}.{game_id}").items():
            where = f"{section}.{game_id}.{files.excerpt(name, MAX_NAME)}"
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
    return {"format": STATS_FORMAT, "version": files.FILE_VERSION, "games": {}, "counted": []}


def load_statistics(folders):
    """The statistics ({"games": {game id: {player name: line}}, "counted": [game ids]});
    empty if none."""
    return files.read_json(folders.statistics, STATS_FORMAT, _check_stats) or empty_statistics()


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
    files.atomic_write(folders.statistics, json.dumps(stats, indent=1))


def reset_statistics(folders):
    """Start the statistics afresh (the old file is kept aside, not deleted)."""
    if os.path.exists(folders.statistics):
        files.keep_aside(folders.statistics)
