"""The app's settings: defaults from `config/app.yaml`, validated, with the user's own
choices (settings.yaml in the user's config folder) laid over them."""
from dataclasses import dataclass

from game import resources, saves, undo

SPEEDS = ("slow", "normal", "fast", "instant")
# Seconds one card takes to move at each speed.
MOVE_SECONDS = {"slow": 0.36, "normal": 0.2, "fast": 0.1, "instant": 0.0}
# The hard computer player's thinking time per decision: the Settings button's steps,
# and the range a settings file may hold.
THINKING_STEPS = (0.25, 0.5, 1.0, 2.0)
THINKING_RANGE = (0.1, 10.0)
# The undo policies (game.undo) in the Settings button's order, with their names on screen.
UNDO_NAMES = {undo.OFF: "Off", undo.MINE: "Take back my moves", undo.CASUAL: "Casual"}
# How your hand is sorted (scenes.table_layout.hand_order), with the names on screen.
HAND_ORDERS = {"dealt": "As dealt", "suit": "By suit or colour", "rank": "By rank or value"}
# What the user's settings.yaml may hold, and the values each key allows.
USER_CHOICES = {"animation_speed": SPEEDS, "sound": (True, False), "fullscreen": (False, True),
                "colourblind": (False, True), "thinking_time": (float, *THINKING_RANGE),
                "undo": tuple(UNDO_NAMES), "hand_order": tuple(HAND_ORDERS)}


@dataclass
class Settings:
    """What the Settings scene changes: animation speed, sound, fullscreen, colour-blind
    mode, the hard computer player's thinking time (seconds per decision) and the undo
    policy (`off`, `mine` or `casual`, see game.undo) and the order of your hand
    (`dealt`, `suit` or `rank`)."""

    animation_speed: str = "normal"
    sound: bool = True
    fullscreen: bool = False
    colourblind: bool = False
    thinking_time: float = 1.0
    undo: str = undo.MINE
    hand_order: str = "dealt"
    width: int = 1280
    height: int = 720

    @property
    def move_seconds(self):
        """The time one move takes at the chosen speed."""
        return MOVE_SECONDS[self.animation_speed]


def load(path=None):
    """Settings from `config/app.yaml`; ValueError naming the file, key and problem."""
    path = path or resources.path("config", "app.yaml")
    data = resources.read_yaml(path)
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError(f"{path}: expected 'version: 1'")
    window = data.get("window")
    if (not isinstance(window, dict) or set(window) != {"width", "height"}
            or not all(isinstance(v, int) and 640 <= v <= 8000 for v in window.values())):
        raise ValueError(f"{path}: window: expected width and height, whole numbers 640-8000")
    raw = data.get("settings")
    if not isinstance(raw, dict) or set(raw) != set(USER_CHOICES):
        raise ValueError(f"{path}: settings: expected exactly the keys "
                         f"{', '.join(sorted(USER_CHOICES))}")
    try:
        values = {key: saves.check_setting(key, raw[key], allowed)
                  for key, allowed in USER_CHOICES.items()}
    except ValueError as error:
        raise ValueError(f"{path}: settings.{error}") from None
    return Settings(**values, width=window["width"], height=window["height"])


def load_user(folders, path=None):
    """The defaults of `config/app.yaml` with the user's settings.yaml over them:
    (Settings, problem or None). A bad file is kept aside and the defaults are used."""
    settings = load(path)
    values, problem = saves.load_settings(folders, user_values(settings), USER_CHOICES)
    for key, value in values.items():
        setattr(settings, key, value)
    return settings, problem


def user_values(settings):
    """The settings the user chooses, as settings.yaml keeps them."""
    return {key: getattr(settings, key) for key in USER_CHOICES}


def save_user(folders, settings):
    """Write the user's choices to settings.yaml (atomically)."""
    saves.save_settings(folders, user_values(settings))
