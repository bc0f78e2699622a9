"""The rules layer: the registry of games and the calls that create and load states.

`GAMES` maps each game id to its `GameInfo` (title, players allowed, options), read
from config/games.yaml; `MODULES` maps each game id to the module that holds its rules,
imported here by name in the source, so a bundle carries exactly what the source runs.
"""
import os
from typing import NamedTuple

from game import resources
from game.cards import combined_deck, load_deck
from game.core import (READ_VERSIONS, SAVE_FORMAT, Action, Chance, Event, GameState,
                       IllegalAction, View, Zone, check_seed, require, require_int)
from game import deadline, final_card_down, final_count, five_possessions, four_downs, ktu

__all__ = ["GAMES", "GameInfo", "Option", "MissingPiece", "new_game", "load_state",
           "IllegalAction", "Action", "Event", "View", "Zone"]

# The registry of rules: game id -> the module with its State. A game's other pieces are
# registered the same way: its bot module in game.bots.base.KNOWLEDGE, its presenter in
# scenes.presenters.PRESENTERS, its entry in config/games.yaml.
MODULES = {
    "final_card_down": final_card_down,
    "deadline": deadline,
    "final_count": final_count,
    "ktu": ktu,
    "four_downs": four_downs,
    "five_possessions": five_possessions,
}


class MissingPiece(LookupError):
    """A registered game lacks one of its pieces (rules, bot module, presenter, rulebook,
    tutorial): the app refuses to start rather than play without it."""

    def __init__(self, game_id, piece, where):
        super().__init__(f"{game_id}: no {piece} ({where})")
        self.game_id = game_id
        self.piece = piece


class Option(NamedTuple):
    """A house rule: its id, label, allowed values (default first), a help line, and
    the values in words (in the order of `values`)."""

    id: str
    label: str
    values: tuple
    help: str
    words: tuple

    @property
    def default(self):
        return self.values[0]

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
    folder: str          # the folder of its games file, where its rulebook and lesson lie

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
        """The path of the game's rulebook, `rules/<id>.md` beside its games file (a file
        the bundle's spec names)."""
        return os.path.join(self.folder, "rules", f"{self.id}.md")

    def tutorial(self):
        """The path of the game's lesson, Learn to play, `tutorials/<id>.yaml` beside its
        games file (a file the bundle's spec names)."""
        return os.path.join(self.folder, "tutorials", f"{self.id}.yaml")

    def state_class(self):
        """The game's State class, from its rules module."""
        return self.module.State

    def load_deck(self):
        """The Deck this game is played with."""
        names = self.deck.split("+")
        return load_deck(names[0]) if len(names) == 1 else combined_deck(*names)


def load_registry(path, modules):
    """Read a games file (config/games.yaml) into GameInfo entries, validating every
    field; `modules` maps each game id to its rules module. MissingPiece for a game
    listed in the file without rules."""
    data = resources.read_yaml(path)
    if not isinstance(data, dict) or data.get("version") != 1 or "games" not in data:
        raise ValueError(f"{path}: expected 'version: 1' and a 'games' mapping")
    games = require(data["games"], dict, f"{path}: games")
    for game_id in modules:
        if game_id not in games:
            raise ValueError(f"{path}: games: {game_id} is missing")
    for game_id in games:
        if game_id not in modules:
            raise MissingPiece(game_id, "rules module", "game.MODULES")
    return {game_id: _game_info(path, game_id, games[game_id], module)
            for game_id, module in modules.items()}


def _game_info(path, game_id, entry, module):
    where = f"{path}: games.{game_id}"
    keys = {"title", "description", "scores", "deck", "players", "options"}
    if not isinstance(entry, dict) or set(entry) != keys:
        raise ValueError(f"{where}: expected exactly the keys {', '.join(sorted(keys))}")
    players = entry["players"]
    if (not isinstance(players, dict) or set(players) != {"min", "max", "default"}
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in players.values())
            or not 1 <= players["min"] <= players["default"] <= players["max"] <= 8):
        raise ValueError(f"{where}.players: expected min <= default <= max, whole numbers 1-8")
    if entry["scores"] not in ("lower", "higher"):
        raise ValueError(f"{where}.scores: expected lower or higher (which is better)")
    options = []
    for i, raw in enumerate(require(entry["options"], list, f"{where}.options")):
        owhere = f"{where}.options[{i}]"
        if not isinstance(raw, dict) or not {"id", "label", "values", "help"} <= set(raw) <= {
                "id", "label", "values", "help", "words"}:
            raise ValueError(f"{owhere}: expected the keys id, label, values, help (and words)")
        values = raw["values"]
        if (not isinstance(values, list) or not values or len(set(map(str, values))) != len(values)
                or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in values)):
            raise ValueError(f"{owhere}.values: expected distinct texts or numbers (quote on/off)")
        options.append(Option(str(raw["id"]), str(raw["label"]), tuple(values), str(raw["help"]),
                              _option_words(owhere, values, raw.get("words"))))
    info = GameInfo(game_id, str(entry["title"]), str(entry["description"]), str(entry["deck"]),
                    players["min"], players["max"], players["default"], tuple(options), module,
                    entry["scores"] == "lower", os.path.dirname(path))
    count_option = info.player_option
    if count_option:
        values = info.option(count_option).values
        if (values[0] != info.default_players
                or sorted(values) != list(range(info.min_players, info.max_players + 1))):
            raise ValueError(f"{where}: option {count_option} must list the player counts "
                             f"{info.min_players}-{info.max_players}, default first")
    return info


def _option_words(where, values, words):
    """The values in words: required for text values, one non-empty text for each value."""
    if words is None and all(isinstance(v, int) for v in values):
        return tuple(str(v) for v in values)
    if (not isinstance(words, dict) or set(words) != set(values)
            or not all(isinstance(w, str) and w.strip() for w in words.values())):
        raise ValueError(f"{where}.words: expected a text for each of the values "
                         f"{', '.join(map(str, values))} (quote on/off)")
    return tuple(words[v] for v in values)


GAMES = load_registry(resources.path("config", "games.yaml"), MODULES)


def register(path, modules):
    """Add the games of another games file (`path`, laid out as config/games.yaml with
    its rulebooks and lessons beside it) to GAMES; `modules` maps each of its game ids
    to its rules module. The registry file's errors (ValueError, MissingPiece) as for
    config/games.yaml. MODULES stays the map of the games the app ships."""
    GAMES.update(load_registry(path, modules))


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
             full_deck=True, dice=(), tosses=()):
    """A new game in its starting position.

    `deck` stacks the deal: a list of card names, top first (the rest of the deck
    follows in deck order unless `full_deck=False`), or a list of such lists, one per
    deal. `dice` and `tosses` are die and toss results used before random ones.
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
    return info.state_class()(info, players, chosen, chance, card_deck, cards)


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
