"""Command-line argument types shared by the designers' commands (`main.py` and the
report): each checks one value and says in one line what was expected and what came
(the value quoted, cut to QUOTED characters: a line never breaks, however long or odd
the value). Numbers have bounds (a deal number is within +-MAX_SEED, a count of games
or iterations has a ceiling), and a file named to be written is checked before anything
runs, without ever opening a pipe or a device that would wait."""
import argparse
import math
import os
import stat
import sys

from game.core import MAX_SEED

MAX_WORKERS = min(64, 4 * (os.cpu_count() or 1))   # games played in parallel, at most
MAX_GAMES = 10**9            # games in one run: more than a machine plays in a month
MAX_TOURNAMENT_GAMES = 10**7     # a tournament lists its games' deals before it plays
MAX_ITERATIONS = 10**6       # Hard's iterations a move: a second buys about a thousand
QUOTED = 40
PATH_QUOTED = 300            # a file's name is shown whole up to this many characters


def program():
    """The command as the person typed it, for its messages: `main.py` from the source, the
    bundle's own name (`cardtable`, `cardtable.exe`) from the bundle."""
    return os.path.basename(sys.argv[0]) if getattr(sys, "frozen", False) else "main.py"


def quoted(text, limit=QUOTED):
    """`text` as a message shows it: its repr (escapes, no line break), at most `limit`
    characters of it."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def option(text):
    """A house rule given as key=value -> (key, value)."""
    key, sep, value = text.partition("=")
    if not sep or not key or not value:
        raise argparse.ArgumentTypeError(f"expected key=value, got {quoted(text)}")
    return key, value


def whole(text):
    """Any whole number of at most 30 digits (none of the commands takes a larger one)."""
    try:
        value = int(text) if len(text) <= 40 else None
    except ValueError:
        value = None
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {quoted(text)}")
    if abs(value) >= 10**30:
        raise argparse.ArgumentTypeError(f"expected a whole number of at most 30 digits, "
                                         f"got one of {len(str(abs(value)))}")
    return value


def seed(text):
    """A deal number: a whole number within +-MAX_SEED."""
    value = whole(text)
    if abs(value) > MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"expected a deal number from -{MAX_SEED} to {MAX_SEED}, got {value}")
    return value


def positive(text):
    """A whole number of 1 or more."""
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of 1 or more, got {value}")
    return value


def count_up_to(limit):
    """An argparse type: a whole number from 1 to `limit`."""
    def count(text):
        value = positive(text)
        if value > limit:
            raise argparse.ArgumentTypeError(f"expected a number from 1 to {limit}, got {value}")
        return value
    return count


game_count = count_up_to(MAX_GAMES)
tournament_game_count = count_up_to(MAX_TOURNAMENT_GAMES)
iteration_count = count_up_to(MAX_ITERATIONS)


def last_seed_fits(first, steps):
    """None if the deal numbers `first` to `first + steps` are all within MAX_SEED; else
    why not, in words (a run numbers its games' deals up from its seed)."""
    if first + steps <= MAX_SEED:
        return None
    return (f"the last game would deal number {first + steps}, above the largest, "
            f"{MAX_SEED}: choose a lower --seed")


def bot_levels(text):
    """Computer levels: one for every seat, or one per seat, comma-separated -> tuple."""
    levels = tuple(level.strip() for level in text.split(","))
    for level in levels:
        if level not in ("easy", "medium", "hard"):
            raise argparse.ArgumentTypeError(
                "expected easy, medium or hard (or one per seat: hard,medium), "
                f"got {quoted(level)}")
    return levels


def workers(text):
    """A number of worker processes, 1 to MAX_WORKERS."""
    value = positive(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(
            f"expected at most {MAX_WORKERS} workers (4 per processor), got {value}")
    return value


def seconds_up_to(limit):
    """An argparse type: a number of seconds above 0 and at most `limit` (no nan, no inf)."""
    def seconds(text):
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number of seconds, got {quoted(text)}") from None
        if not (math.isfinite(value) and 0 < value <= limit):
            raise argparse.ArgumentTypeError(
                f"expected seconds above 0 and at most {limit}, got {quoted(text)}")
        return value
    return seconds


def port(text):
    """A TCP port, 0 (any free one) to 65535."""
    value = whole(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {value}")
    return value


def writable_file(text):
    """A file to be read (if it is there) and written: a regular file that may be read
    and written, or none yet in a folder that may be written (made if need be). Nothing is
    opened: a pipe, a device or a folder of that name is refused, never waited on."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, got ''")
    shown = quoted(text, PATH_QUOTED)
    try:
        info = os.stat(text)
    except FileNotFoundError:
        folder = os.path.dirname(os.path.abspath(text))
        while not os.path.exists(folder):
            folder = os.path.dirname(folder)
        if not os.path.isdir(folder):
            raise argparse.ArgumentTypeError(
                f"{shown}: {quoted(folder, PATH_QUOTED)} is not a folder") from None
        if not os.access(folder, os.W_OK | os.X_OK):
            raise argparse.ArgumentTypeError(
                f"{shown}: the folder {quoted(folder, PATH_QUOTED)} cannot be written") from None
        return text
    except (OSError, ValueError) as error:
        raise argparse.ArgumentTypeError(
            f"{shown}: cannot be used ({getattr(error, 'strerror', None) or error})") from None
    if stat.S_ISDIR(info.st_mode):
        raise argparse.ArgumentTypeError(f"{shown}: is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise argparse.ArgumentTypeError(f"{shown}: is not a regular file (a pipe or a device?)")
    if not os.access(text, os.R_OK | os.W_OK):
        raise argparse.ArgumentTypeError(f"{shown}: cannot be read and written")
    return text
