"""Command-line argument types shared by the designers' commands (`main.py` and the
report): each checks one value and says in one line what was expected and what came."""
import argparse
import math
import os

MAX_WORKERS = min(64, 4 * (os.cpu_count() or 1))   # games played in parallel, at most


def option(text):
    """A house rule given as key=value -> (key, value)."""
    key, sep, value = text.partition("=")
    if not sep or not key or not value:
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    return key, value


def whole(text):
    """Any whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def positive(text):
    """A whole number of 1 or more."""
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of 1 or more, got {value}")
    return value


def bot_levels(text):
    """Computer levels: one for every seat, or one per seat, comma-separated -> tuple."""
    levels = tuple(level.strip() for level in text.split(","))
    for level in levels:
        if level not in ("easy", "medium", "hard"):
            raise argparse.ArgumentTypeError(
                f"expected easy, medium or hard (or one per seat: hard,medium), got {level!r}")
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
            raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
        if not (math.isfinite(value) and 0 < value <= limit):
            raise argparse.ArgumentTypeError(
                f"expected seconds above 0 and at most {limit}, got {text}")
        return value
    return seconds


def port(text):
    """A TCP port, 0 (any free one) to 65535."""
    value = whole(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {value}")
    return value
