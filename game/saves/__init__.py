"""What the app keeps between runs, one module per subject: the autosave (and the end of a
game as one transaction), game records, statistics and settings, all written and read
through `files` (the user's folders, atomic writes, validated reads, a bad file kept
aside). The names every caller uses are gathered here: `from game import saves`."""
from game.saves.autosave import (AUTOSAVE_FORMAT, abandon_game, clear_game, ended_games,
                                 finish_ended, finish_game, load_game, load_undo, save_game)
from game.saves.files import (APP_NAME, FILE_VERSION, MAX_FILE_BYTES, BadFile, Folders,
                              atomic_write, clean_temporary, excerpt, keep_aside, read_json,
                              read_text)
from game.saves.records import (GAME_UID, LEVELS, MAX_NAME, RECORD_FILE, RECORD_FORMAT,
                                check_name, check_seats, list_records, new_record_path,
                                read_record, record_of, replay, rules_version_of, write_record)
from game.saves.settings import check_setting, load_settings, safe_load_bounded, save_settings
from game.saves.statistics import (STATS_FORMAT, add_result, empty_statistics, load_statistics,
                                   reset_statistics, save_statistics)

__all__ = ["AUTOSAVE_FORMAT", "abandon_game", "clear_game", "ended_games", "finish_ended",
           "finish_game", "load_game", "load_undo", "save_game", "APP_NAME", "FILE_VERSION",
           "MAX_FILE_BYTES", "BadFile", "Folders", "atomic_write", "clean_temporary", "excerpt",
           "keep_aside", "read_json", "read_text", "GAME_UID", "LEVELS", "MAX_NAME",
           "RECORD_FILE", "RECORD_FORMAT", "check_name", "check_seats", "list_records",
           "new_record_path", "read_record", "record_of", "replay", "rules_version_of",
           "write_record", "check_setting", "load_settings", "safe_load_bounded",
           "save_settings", "STATS_FORMAT", "add_result", "empty_statistics", "load_statistics",
           "reset_statistics", "save_statistics"]
