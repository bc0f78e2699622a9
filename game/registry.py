"""The registry: the games the app ships, and the calls that create and load states.

Each game is added from its home's `HOME` (see `game.home`), one line per game below,
in the menu's order; the tests add a seventh game with the same line (`register`).
`GAMES` maps each game id to its `GameInfo`, read from its home's entry, `game.yaml`:
`version: 1`, `title`, `description`, `scores` (whether a `lower` or a `higher` score is
better: statistics keep the best one), `deck`, `players` (`min`, `max`, `default`) and
`options`, its house rules: each an `id`, a `label`, its `values` (text, quoted so YAML
never turns "off" into false, or numbers; the first is the default, which is always the
ruling of the rules text), its `help`, and the values in `words` as Setup shows them
(a number shows as itself). `help` is one line, or a line for each value saying what that
choice means (Setup shows the note of the choice in force, so a switch's note never tells
the rule of its other position). A `players` option sets the player count and must list
exactly the allowed counts. `HOMES` maps each game id to its `Home`.
"""
from typing import NamedTuple

from game import resources
from game.cards import combined_deck, load_deck
from game.core import (READ_VERSIONS, SAVE_FORMAT, Action, Chance, Event, GameState,
                       IllegalAction, View, Zone, check_seed, require, require_int)
# the homes of the games the app ships, each registered on its line below
from game import deadline, final_card_down, final_count, five_possessions, four_downs, ktu

__all__ = ["GAMES", "HOMES", "SHIPPED", "GameInfo", "Option", "MissingPiece", "new_game",
           "load_state", "register", "IllegalAction", "Action", "Event", "View", "Zone"]

HOMES = {}   # game id -> its Home, in the order registered
GAMES = {}   # game id -> its GameInfo, in the same order


class MissingPiece(LookupError):
    """A registered game lacks one of its pieces (rules, bot module, presenter, rulebook,
    tutorial): the app refuses to start rather than play without it."""

    def __init__(self, game_id, piece, where):
        super().__init__(f"{game_id}: no {piece} ({where})")
        self.game_id = game_id
        self.piece = piece


class Option(NamedTuple):
    """A house rule: its id, label, allowed values (default first), the note of each
    value (what that choice means) and the values in words (both in the order of
    `values`)."""

    id: str
    label: str
    values: tuple
    notes: tuple
    words: tuple

    @property
    def default(self):
        return self.values[0]

    def note(self, value):
        """What choosing `value` means, as Setup says under the rule."""
        return self.notes[self.values.index(value)]

    def word(self, value):
        """One of the values as players read it ('seat0' -> 'First seat')."""
        return self.words[self.values.index(value)]


class GameInfo(NamedTuple):
    """A registered game's metadata."""

    id: str
    title: str
    description: str
    deck: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple
    module: object
    lower_is_better: bool
    home: object         # its Home: where its pieces lie

    @property
    def player_option(self):
        """The id of the option that sets the player count, or None."""
        for option in self.options:
            if option.id.endswith(".players"):
                return option.id
        return None

    def option(self, option_id):
        for option in self.options:
            if option.id == option_id:
                return option
        raise KeyError(option_id)

    def default_options(self):
        return {o.id: o.default for o in self.options}

    def rulebook(self):
        """The path of the game's rulebook, in its home (a file the bundle's spec names)."""
        return self.home.rulebook

    def tutorial(self):
        """The path of the game's lesson, Learn to play, in its home (a file the bundle's
        spec names)."""
        return self.home.tutorial

    def state_class(self):
        """The game's State class, from its rules module."""
        return self.module.State

    def load_deck(self):
        """The Deck this game is played with."""
        names = self.deck.split("+")
        return load_deck(names[0]) if len(names) == 1 else combined_deck(*names)


def register(home):
    """Add the game of `home` (its Home) to GAMES and HOMES, its entry read from its
    `game.yaml` and validated (ValueError naming the file and the field); MissingPiece
    for a home whose rules module has no State class."""
    if not isinstance(getattr(home.rules, "State", None), type):
        raise MissingPiece(home.id, "State class", f"{home.rules.__name__}.State")
    GAMES[home.id] = read_entry(home)
    HOMES[home.id] = home


def read_entry(home):
    """The GameInfo of `home`, from its entry file, every field validated (ValueError
    naming the file and the field)."""
    path = home.entry
    entry = resources.read_yaml(path)
    keys = {"version", "title", "description", "scores", "deck", "players", "options"}
    if not isinstance(entry, dict) or entry.get("version") != 1:
        raise ValueError(f"{path}: expected 'version: 1' and the game's fields")
    if set(entry) != keys:
        raise ValueError(f"{path}: expected exactly the keys {', '.join(sorted(keys))}")
    players = entry["players"]
    if (not isinstance(players, dict) or set(players) != {"min", "max", "default"}
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in players.values())
            or not 1 <= players["min"] <= players["default"] <= players["max"] <= 8):
        raise ValueError(f"{path}: players: expected min <= default <= max, whole numbers 1-8")
    if entry["scores"] not in ("lower", "higher"):
        raise ValueError(f"{path}: scores: expected lower or higher (which is better)")
    options = []
    for i, raw in enumerate(require(entry["options"], list, f"{path}: options")):
        owhere = f"{path}: options[{i}]"
        if not isinstance(raw, dict) or not {"id", "label", "values", "help"} <= set(raw) <= {
                "id", "label", "values", "help", "words"}:
            raise ValueError(f"{owhere}: expected the keys id, label, values, help (and words)")
        values = raw["values"]
        if (not isinstance(values, list) or not values or len(set(map(str, values))) != len(values)
                or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in values)):
            raise ValueError(f"{owhere}.values: expected distinct texts or numbers (quote on/off)")
        options.append(Option(str(raw["id"]), str(raw["label"]), tuple(values),
                              _option_notes(owhere, values, raw["help"]),
                              _option_words(owhere, values, raw.get("words"))))
    info = GameInfo(home.id, str(entry["title"]), str(entry["description"]), str(entry["deck"]),
                    players["min"], players["max"], players["default"], tuple(options),
                    home.rules, entry["scores"] == "lower", home)
    count_option = info.player_option
    if count_option:
        values = info.option(count_option).values
        if (values[0] != info.default_players
                or sorted(values) != list(range(info.min_players, info.max_players + 1))):
            raise ValueError(f"{path}: option {count_option} must list the player counts "
                             f"{info.min_players}-{info.max_players}, default first")
    return info


def _option_notes(where, values, help):
    """The note of each value: one line for all of them, or a line for each value."""
    if isinstance(help, str) and help.strip():
        return tuple(help for _ in values)
    if (not isinstance(help, dict) or set(help) != set(values)
            or not all(isinstance(h, str) and h.strip() for h in help.values())):
        raise ValueError(f"{where}.help: expected one text, or a text for each of the values "
                         f"{', '.join(map(str, values))} (quote on/off)")
    return tuple(help[v] for v in values)


def _option_words(where, values, words):
    """The values in words: required for text values, one non-empty text for each value."""
    if words is None and all(isinstance(v, int) for v in values):
        return tuple(str(v) for v in values)
    if (not isinstance(words, dict) or set(words) != set(values)
            or not all(isinstance(w, str) and w.strip() for w in words.values())):
        raise ValueError(f"{where}.words: expected a text for each of the values "
                         f"{', '.join(map(str, values))} (quote on/off)")
    return tuple(words[v] for v in values)


# The games the app ships, one line each, in the menu's order.
register(final_card_down.HOME)
register(deadline.HOME)
register(final_count.HOME)
register(ktu.HOME)
register(four_downs.HOME)
register(five_possessions.HOME)
SHIPPED = tuple(GAMES)   # their ids (the tests register a seventh game after them)


def game_info(game_id):
    """The GameInfo for `game_id`; ValueError listing the known ids otherwise."""
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r:.60}; known games: {', '.join(GAMES)}")
    return GAMES[game_id]


def resolve_options(info, players=None, options=None):
    """The player count and the full option mapping, validated; ValueError otherwise."""
    chosen = info.default_options()
    for key, value in (options or {}).items():
        try:
            option = info.option(key)
        except KeyError:
            known = ", ".join(o.id for o in info.options) or "none"
            raise ValueError(f"unknown option {key!r:.60} for {info.id}; its options: {known}") from None
        if isinstance(value, str) and value not in option.values and value.isdigit() and len(value) < 20:
            value = int(value)
        if value not in option.values or isinstance(value, bool):
            allowed = ", ".join(map(str, option.values))
            raise ValueError(f"option {key}: {value!r:.60} is not one of {allowed}")
        chosen[key] = value
    count_option = info.player_option
    if players is None:
        players = chosen[count_option] if count_option else info.default_players
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, not {players!r}")
    if not info.min_players <= players <= info.max_players:
        allowed = (f"exactly {info.min_players}" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players}")
        raise ValueError(f"{info.title} takes {allowed} players, not {players}")
    if count_option:
        if options and count_option in options and chosen[count_option] != players:
            raise ValueError(f"players={players} contradicts option {count_option}="
                             f"{chosen[count_option]}")
        chosen[count_option] = players
    return players, chosen


def new_game(game_id, players=None, seed=None, options=None, deck=None, *,
             full_deck=True, dice=(), tosses=(), events=True):
    """A new game in its starting position.

    `deck` stacks the deal: a list of card names, top first (the rest of the deck
    follows in deck order unless `full_deck=False`), or a list of such lists, one per
    deal. `dice` and `tosses` are die and toss results used before random ones.
    `events=False`: the state logs no events (a playout nobody watches; see
    `GameState.keep_no_events`).
    """
    info = game_info(game_id)
    players, chosen = resolve_options(info, players, options)
    if seed is not None:
        check_seed(seed)
    if seed is None:
        seed = Chance(None).rng.randrange(1, 10**9)
    stacks = []
    if deck is not None:
        if not isinstance(deck, (list, tuple)):
            raise ValueError("deck must be a list of card names or a list of such lists")
        stacks = [list(d) for d in deck] if deck and isinstance(deck[0], (list, tuple)) else [list(deck)]
    if not full_deck and not stacks:
        raise ValueError("full_deck=False needs a stacked deck")
    card_deck = info.load_deck()
    for stack in stacks:
        card_deck.stack(stack, full_deck=False)   # validates every name now
    chance = Chance(seed, stacks, list(dice), list(tosses), full_deck)
    cards = card_deck.stack(stacks[0], full_deck=False) if not full_deck else card_deck.cards
    state_class = info.state_class() if events else info.state_class().keeping_no_events()
    return state_class(info, players, chosen, chance, card_deck, cards)


def load_state(data):
    """A state from `to_dict()` output; ValueError with the reason if it is not valid."""
    require(data, dict, "save")
    if data.get("format") != SAVE_FORMAT:
        raise ValueError("save: not a Card Table game state")
    version = data.get("version")
    if version not in READ_VERSIONS or isinstance(version, bool):
        raise ValueError(f"save: format version {version!r} is not supported "
                         f"(this version reads {', '.join(map(str, READ_VERSIONS))})")
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise ValueError("save: game: expected a game id")
    info = game_info(game_id)
    raw_options = require(data.get("options"), dict, "save: options")
    players, options = resolve_options(info, data.get("players"), raw_options)
    chance = Chance.from_dict(data.get("chance"))
    card_deck = info.load_deck()
    ids = require(data.get("cards"), list, "save: cards")
    if len(set(map(repr, ids))) != len(ids):
        raise ValueError("save: cards: a card id is listed twice")
    for card_id in ids:
        require_int(card_id, "save: cards", 0, len(card_deck) - 1)
    cls = info.state_class()
    state = cls.__new__(cls)
    GameState.__init__(state, info, players, options, chance, card_deck,
                       [card_deck[i] for i in ids])
    defaulted = state.load(data)
    if defaulted:
        _recall(state, defaulted)
    return state


def _recall(state, names):
    """Fill the fields `names` that a save of older code lacked (what the game has kept
    since, such as the cards seen go into a hand) from a replay of its moves from its
    deal, when that replay reaches the very same position; else they keep their
    defaults (the game forgets what was seen before the save)."""
    again = new_game(state.game_id, players=state.players, seed=state.chance.seed,
                     options=state.options)
    try:
        for action in state.history:
            again.apply(again.action_from_json(action.to_json(), "history[]"))
    except (ValueError, IllegalAction):
        return
    mine, theirs = state.to_dict(), again.to_dict()
    kept = {name: theirs["state"].pop(name) for name in names}
    for name in names:
        del mine["state"][name]
    if mine == theirs:
        for name, value in kept.items():
            setattr(state, name, state.FIELDS[name].load(value, f"state.{name}", state))
