"""The app's settings: defaults from `config/app.yaml`, validated, with the user's own
choices (settings.yaml in the user's config folder) laid over them."""
from dataclasses import dataclass, field

from game import registry, resources, saves, undo

SPEEDS = ("slow", "normal", "fast", "instant")
# Seconds one card takes to move at each speed.
MOVE_SECONDS = {"slow": 0.36, "normal": 0.2, "fast": 0.1, "instant": 0.0}
# The hard computer player's thinking per decision, in seconds of one core's search (a
# move takes less on several cores: game.bots.hard.default_budget): the Settings
# button's steps, and the range a settings file may hold.
THINKING_STEPS = (0.25, 0.5, 1.0, 2.0)
THINKING_RANGE = (0.1, 10.0)
# The sound's volume: the Settings button's steps (after Off), and the range a settings
# file may hold.
VOLUME_STEPS = (0.25, 0.5, 0.75, 1.0)
VOLUME_RANGE = (0.0, 1.0)
MAX_CORES = 256     # the most cores a settings file may name
# The undo policies (game.undo) in the Settings button's order, with their names on screen.
UNDO_NAMES = {undo.OFF: "Off", undo.MINE: "Take back my moves", undo.CASUAL: "Casual"}
# How your hand is sorted (scenes.table.layout.hand_order), with the names on screen.
HAND_ORDERS = {"dealt": "As dealt", "suit": "By suit or colour", "rank": "By rank or value"}
# The smallest window the app lets itself be shrunk to, and the largest it remembers.
MIN_WINDOW = (640, 360)
MAX_WINDOW = 16384
# How far a remembered window's corner may lie from the first screen's (other screens
# may lie left of or above it).
MAX_OFFSET = 32768


def check_window(key, value):
    """The remembered window: None (not yet: the app fits the screen), or {width,
    height, x, y} in whole pixels; ValueError naming `key` otherwise."""
    if value is None:
        return None
    fields = ("width", "height", "x", "y")
    if (not isinstance(value, dict) or set(value) != set(fields)
            or not all(isinstance(value[f], int) and not isinstance(value[f], bool) for f in fields)
            or not all(low <= value[f] <= MAX_WINDOW for f, low in zip(fields, MIN_WINDOW))
            or not all(abs(value[f]) <= MAX_OFFSET for f in ("x", "y"))):
        raise ValueError(f"{key}: expected width, height, x and y in whole pixels "
                         f"(at least {MIN_WINDOW[0]} by {MIN_WINDOW[1]}), or null")
    return {f: value[f] for f in fields}


def check_cores(key, value):
    """The cores the hard computer player thinks on: "all", or a whole number from 1 to
    MAX_CORES (more than the computer has means all of them); ValueError otherwise."""
    if value == "all" or (type(value) is int and 1 <= value <= MAX_CORES):
        return value
    raise ValueError(f"{key}: {value!r} is not all or a whole number from 1 to {MAX_CORES}")


def each_game(key, value, what):
    """(game id, its info, its entry) for each entry of `value`, a mapping of game ids to
    `what` is kept of each game; ValueError naming `key` where it is not one, or names
    no game."""
    if not isinstance(value, dict):
        raise ValueError(f"{key}: expected the {what} of each game")
    for game_id, entry in value.items():
        info = registry.GAMES.get(game_id)
        if info is None:
            raise ValueError(f"{key}: {saves.excerpt(game_id, saves.MAX_NAME)!r} is not a game")
        yield game_id, info, entry


def check_players(key, value):
    """The players of each mode's last game: {game id: [{name, level or None for a
    person}]}, as many as the mode allows; ValueError naming `key` and the game otherwise."""
    out = {}
    for game_id, info, seats in each_game(key, value, "players"):
        count = len(seats) if isinstance(seats, list) else 0
        if not info.min_players <= count <= info.max_players:
            raise ValueError(f"{key}.{game_id}: expected {info.min_players}-{info.max_players} seats")
        try:
            out[game_id] = saves.check_seats(seats, count)
        except ValueError as error:
            raise ValueError(f"{key}.{game_id}.{error}") from None
    return out


def check_house_rules(key, value):
    """The house rules of each mode's last game: {game id: {rule id: value}}, each a rule
    of that game and one of its values (walkB16 #5: remembered as the players are);
    ValueError naming `key`, the game and the rule otherwise."""
    out = {}
    for game_id, info, rules in each_game(key, value, "house rules"):
        if not isinstance(rules, dict):
            raise ValueError(f"{key}.{game_id}: expected its house rules")
        options = {option.id: option for option in info.options}
        for rule, chosen in rules.items():
            if rule not in options or chosen not in options[rule].values:
                raise ValueError(f"{key}.{game_id}: {saves.excerpt(str(rule), saves.MAX_NAME)!r} "
                                 f"is not one of its house rules with one of its values")
        out[game_id] = dict(rules)
    return out


# What the user's settings.yaml may hold, and the values each key allows (or the
# function that checks it).
USER_CHOICES = {"animation_speed": SPEEDS, "sound": (True, False), "volume": (float, *VOLUME_RANGE),
                "fullscreen": (False, True),
                "colourblind": (False, True), "thinking_time": (float, *THINKING_RANGE),
                "cores": check_cores, "undo": tuple(UNDO_NAMES), "hand_order": tuple(HAND_ORDERS), "tips": (True, False),
                "window": check_window, "players": check_players,
                "house_rules": check_house_rules}


@dataclass
class Settings:
    """What the Settings scene changes: animation speed, sound and its volume (0 to 1),
    fullscreen, colour-blind mode, the hard computer player's thinking (seconds of one
    core's search per decision) and its cores ("all" or a number), the undo
    policy (`off`, `mine` or `casual`, see game.undo), the order of your hand
    (`dealt`, `suit` or `rank`) and the tips on special cards in a real game started after
    a lesson; the window as it was left ({width, height, x, y},
    None before the first time); and the players and house rules of each mode's last
    game (Setup's)."""

    animation_speed: str = "normal"
    sound: bool = True
    volume: float = 1.0
    fullscreen: bool = False
    colourblind: bool = False
    thinking_time: float = 1.0
    cores: object = "all"
    undo: str = undo.MINE
    hand_order: str = "dealt"
    tips: bool = True
    window: dict = None
    players: dict = field(default_factory=dict)
    house_rules: dict = field(default_factory=dict)

    @property
    def move_seconds(self):
        """The time one move takes at the chosen speed."""
        return MOVE_SECONDS[self.animation_speed]

    @property
    def thinking(self):
        """The hard computer player's settings: its cores (all the computer has, or as
        many as chosen) and the time a move may take on them, in which they search as
        much as one core does in `thinking_time` seconds."""
        from game.bots.hard import ONE_CORE_SECONDS, default_budget   # not before the menu
        cores = cores_used(self.cores)
        return {"cores": cores, "time_budget": round(self.thinking_time * default_budget(cores)
                                                     / ONE_CORE_SECONDS, 3)}


def cores_used(chosen):
    """The cores the setting `chosen` ("all" or a number) gives on this computer."""
    from game.bots import workers
    here = workers.cores_here()
    return here if chosen == "all" else min(chosen, here)


def load(path=None):
    """Settings from `config/app.yaml`; ValueError naming the file, key and problem."""
    path = path or resources.path("config", "app.yaml")
    data = resources.read_yaml(path)
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError(f"{path}: expected 'version: 1'")
    raw = data.get("settings")
    if not isinstance(raw, dict) or set(raw) != set(USER_CHOICES):
        raise ValueError(f"{path}: settings: expected exactly the keys "
                         f"{', '.join(sorted(USER_CHOICES))}")
    try:
        values = {key: saves.check_setting(key, raw[key], allowed)
                  for key, allowed in USER_CHOICES.items()}
    except ValueError as error:
        raise ValueError(f"{path}: settings.{error}") from None
    return Settings(**values)


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
