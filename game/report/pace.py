"""The app's measured pace, for a game's length in minutes at the table.

`tools/measure_pace.py --write` keeps, per game id, the seconds of table time one
action takes when Medium computer players play at the real table at the Normal
animation speed (their pauses, the cards' flights, the die; outcomes gone on from at
once) in game/report/pace.json. A person deciding their own moves takes longer, so the
figure is the least a game takes at the table. A game not measured has no figure
(`seconds_per_action` is None) and the page says how to measure it.
"""
import json
import os

PACE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pace.json")
SPEED = "normal"
MEASURE = "python3 tools/measure_pace.py GAME --write"


def seconds_per_action(game_id):
    """The measured seconds of table time per action of `game_id`, or None."""
    try:
        with open(PACE_FILE, encoding="utf-8") as handle:
            paces = json.load(handle)
    except (OSError, ValueError):
        return None
    value = paces.get(game_id) if isinstance(paces, dict) else None
    return float(value) if isinstance(value, (int, float)) and value > 0 else None
