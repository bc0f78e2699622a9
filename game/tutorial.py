"""Learn to play: a guided first game of one mode, read from its home's `tutorial.yaml`.

A tutorial is data: the players and their names, the house rules, the stacked deal(s),
injected dice and tosses, and a script of steps. A step is the learner's (the coach says
what to do and why, and the move(s) it expects: every move of the learner's is the
learner's to make, a routine one prompted in a line), a computer player's (the moves it
makes, then what happened and which rule made it so) or the coach's own (`by: coach`:
words to read, with Next to go on). A step's `shows` list names the rules of its home's
`rulebook.md` that step shows, each with the rulebook's own words it cites and what must
be seen there (an event of the engine during the step, a move the engine allows, or one
it refuses), so a rules change that breaks a tutorial is caught by its test.

A file holds: `version: 1`, `game`, `players` (names by seat), `learner` (one of them),
`options`, `seed`, `deals` (stacked decks, top first, one per deal), `full_deck`, `dice`,
`tosses`, `intro`, `end`, `later` (the rules a real game brings that the lesson does not
show: rule, section, cites) and `steps`. A lesson teaches the game as Setup plays it by
default: its `options` set only the player count. A house rule gets a chapter of its
own, `tutorial/<option id>.yaml` in its home, listed under `chapters` in the lesson
and naming its option under `chapter` (its options switch that rule on).

A learner's step lists the accepted moves under `expect` and adds `why` wherever the
rules allow another move: the reason, in the game's terms, that the coach gives when
another legal move is tried (every refusal has one: an illegal move gets the engine's
own reason). The reason speaks of the move tried: where other moves need other reasons,
`why` is a mapping from a card name or an action kind to the reason for a move of it
(`other`: for any move it does not name). It may add `after` (said once the move is made), `highlight` (card names,
or `button:<action kind>`), `point` (the bubble: one short idea, at the thing it means)
and `at` (where the bubble points, by default the first highlight). A learner's step
that only ends the turn, when nothing else is left, has no `say`: the table ends such a
turn by itself, as in a real game. A computer player's step lists its moves in order
under `do`, and its `say` is spoken after them; a routine step that shows no rule may go
without, its moves told by the table's log and toasts alone (so a run of routine turns
does not pile up in the panel). The coach's step has `say`, `point` and `at`, and
`reveal` (a lane: the other players' cards in the lanes after it stay face down, and the
panel's facts and scores stay as they stood before the line, until a later step shows
them, so a line is revealed one lane at a time). `at` is a card name,
`button:<action kind>`, `button:next`, `zone:<zone key>` (or `zone:<zone key>@<position>`
for one card of it), `lane:<lane>` (or `lane:<first>-<last>`, lanes side by side),
`score:<player>` or `fact:<the first words of a fact in the panel>`. `shows` lists the
rules the step shows: `rule`, `section` (a heading of the rulebook), `cites` (words of
that section, quoted exactly) and one check, `event` (optionally with `detail`, `seat`,
`cards`), `allows` or `refuses`. The table opens on the deal done: of what the deal
did, only what its top bar tells counts as shown.

Actions are written as text: the action kind, the card names (as the deck files name
them) and the argument, e.g. `play D/red/hearts purple`, `end_turn`, `pick 1:3`.

`load(game_id, chapter=None)` reads, checks and plays the script through the real
engine, raising `TutorialError` naming the file and the step for anything wrong; each
step is read into a `Cue`. `Coach(tutorial)` runs it for a scene: `paragraphs()`,
`highlights()`, `bubble()`, `progress()`, `cue` (the current one), `submit(action)`,
`scripted_action()`, `next()`, `before`, `summary()`.
"""
import os
import re
from typing import NamedTuple

from game import registry, resources

VERSION = 1
TOP_KEYS = {"version", "game", "players", "learner", "options", "seed", "deals", "full_deck",
            "dice", "tosses", "intro", "steps", "end", "later", "chapters", "chapter"}
OPTIONAL_TOP = {"options", "full_deck", "dice", "tosses", "later", "chapters", "chapter"}
STEP_KEYS = {"by", "say", "expect", "do", "why", "after", "highlight", "shows", "point", "at",
             "reveal"}
COVER_KEYS = {"rule", "section", "cites", "event", "detail", "seat", "cards", "allows", "refuses"}
LATER_KEYS = {"rule", "section", "cites"}
CHECKS = ("event", "allows", "refuses")
BUTTON = "button:"
COACH = "coach"         # `by` of the coach's own steps
NEXT = "button:next"    # the Next button of the coach's steps
ANCHORS = ("button:", "zone:", "lane:", "score:", "fact:")
POINT_MAX = 120         # a bubble holds one short idea: at most this many characters
ENDS_TURN = "end_turn"
OTHER = "other"         # a `why` mapping's reason for any move it does not name
# A `why` that gives the lesson as its reason, not the game: "not the lesson's plan".
NOT_A_REASON = re.compile(r"\b(?:lesson|coach)\b|\bplan\b", re.IGNORECASE)


class TutorialError(ValueError):
    """A tutorial file that cannot be read or whose script does not play."""


class Move(NamedTuple):
    """An action as a tutorial writes it: kind, card names (in any order), argument text
    (or None)."""

    kind: str
    names: tuple
    arg: object
    text: str

    def matches(self, action):
        """Whether the engine's `action` is this move."""
        return (action.kind == self.kind
                and sorted(card.name for card in action.cards) == sorted(self.names)
                and (None if action.arg is None else str(action.arg)) == self.arg)


class Cue(NamedTuple):
    """One step of the script as the coach runs it (a cue: the learner's turn to act, a
    computer player's, or the coach's own words). `by` is a seat (None for the coach's
    own cue); `moves` are the alternatives the coach accepts (the learner's cue) or the
    moves a computer player makes in order; `why` is the reason, in the game's terms,
    that the coach gives when the learner tries another legal move."""

    number: int
    by: object
    learner: bool    # the learner chooses this step's move
    say: str
    moves: tuple
    why: str         # the reason for any other move ('' where every other move has its own)
    after: str
    cards: tuple     # card names to highlight
    buttons: tuple   # action kinds to highlight
    shows: tuple     # the Covers this step shows
    point: str = ""  # the bubble's words
    at: str = ""     # where the bubble points
    reveal: object = None   # the coach's cue: the last lane shown face up
    whys: tuple = ()        # (card name or action kind, the reason for a move of it), in order

    def reason(self, action):
        """The reason the coach gives when the learner tries `action` instead: that of the
        first of `whys` naming one of its cards or its kind, else `why`."""
        names = {card.name for card in action.cards if card is not None}
        return next((text for key, text in self.whys if key in names or key == action.kind), self.why)

    @property
    def reasons(self):
        """Every reason this step may give for another move."""
        return tuple(text for text in (self.why, *(text for _, text in self.whys)) if text)

    @property
    def coach(self):
        """Is this the coach's own step (words, then Next)?"""
        return self.by is None

    @property
    def stop(self):
        """Does the lesson wait here for the learner (a move to choose, or Next)?"""
        return self.coach or (self.learner and bool(self.say))

    @property
    def anchor(self):
        """Where the bubble points: `at`, else the first highlight ('' for none)."""
        if self.at:
            return self.at
        if self.cards:
            return self.cards[0]
        if self.buttons:
            return BUTTON + self.buttons[0]
        return NEXT if self.coach else ""


class Cover(NamedTuple):
    """A rule a step shows, the rulebook section it comes from and the section's words it
    cites, and what proves it: an event of that kind during the step (with that detail,
    about that seat, moving those cards; step 1 also sees the events of the deal that the
    table tells in its top bar, and no other, since the table opens on the deal done), or a
    move the engine allows or refuses just before the step's move."""

    rule: str
    section: str
    cue: int         # the number of the step (the cue) that shows it
    event: str
    detail: object
    seat: object
    cards: tuple
    allows: Move
    refuses: Move
    cites: str = ""


class Later(NamedTuple):
    """A rule a real game brings that the lesson does not show, where the rulebook says it."""

    rule: str
    section: str
    cites: str


class Tutorial(NamedTuple):
    """A checked tutorial file."""

    path: str
    game_id: str
    names: tuple
    learner: int
    options: dict
    seed: int
    deals: list
    full_deck: bool
    dice: tuple
    tosses: tuple
    intro: str
    cues: tuple
    end: str
    later: tuple = ()
    chapters: tuple = ()     # the house rules with a chapter of their own (option ids)
    chapter: str = None      # the house rule this chapter teaches (None: the lesson itself)

    @property
    def covers(self):
        """Every rule the tutorial shows, in the order of the steps."""
        return tuple(cover for cue in self.cues for cover in cue.shows)

    @property
    def stops(self):
        """The steps where the lesson waits for the learner (see Cue.stop)."""
        return tuple(cue for cue in self.cues if cue.stop)

    @property
    def rules(self):
        """The options a real game after this lesson starts with: the house rule the
        chapter teaches switched on, the others at Setup's defaults."""
        info = registry.GAMES[self.game_id]
        return {option.id: self.options.get(option.id, option.default) for option in info.options
                if option.id != info.player_option}

    def new_state(self):
        """The game in its starting position, with the tutorial's deal, dice and tosses."""
        deck = self.deals[0] if len(self.deals) == 1 else self.deals
        return registry.new_game(self.game_id, players=len(self.names), seed=self.seed,
                             options=self.options, deck=deck, full_deck=self.full_deck,
                             dice=self.dice, tosses=self.tosses)


class Reply(NamedTuple):
    """The coach's answer to a submitted action."""

    accepted: bool
    text: str


def path_for(game_id, chapter=None):
    """The tutorial file of a mode (or of its chapter on house rule `chapter`)."""
    info = registry.game_info(game_id)
    return info.tutorial() if chapter is None else info.home.chapter(chapter)


def chapters(game_id):
    """The house rules with a chapter of their own in the lesson of `game_id`, as its
    file lists them (none if it cannot be read: opening the lesson says why)."""
    try:
        data = resources.read_yaml(path_for(game_id), TutorialError)
    except TutorialError:
        return ()
    listed = data.get("chapters") if isinstance(data, dict) else None
    return tuple(str(option) for option in listed) if isinstance(listed, list) else ()


def load(game_id, chapter=None, path=None):
    """The tutorial of `game_id` (its chapter on house rule `chapter`; from `path` if
    given), checked and played through the engine (once per move the learner may
    choose); TutorialError naming the file and step otherwise."""
    path = path or path_for(game_id, chapter)
    data = resources.read_yaml(path, TutorialError)
    tutorial = parse(path, data, game_id)
    if tutorial.chapter != chapter:
        _fail(path, "chapter", f"expected {chapter!r}, found {tutorial.chapter!r}")
    sections = rulebook_sections(game_id)
    for cue in tutorial.cues:
        for cover in cue.shows:
            _cites(path, f"step {cue.number}", cover, sections, game_id)
    for i, later in enumerate(tutorial.later):
        _cites(path, f"later[{i}]", later, sections, game_id)
    for option in tutorial.chapters:
        if not os.path.exists(path_for(game_id, option)):
            _fail(path, "chapters", f"{option}: no chapter file {path_for(game_id, option)}")
    rehearse(tutorial)
    for cue in tutorial.cues:
        for choice in range(1, len(cue.moves) if cue.learner else 0):
            try:
                rehearse(tutorial, {cue.number: choice})
            except TutorialError as problem:
                raise TutorialError(f"{problem} (when the learner plays "
                                    f"{cue.moves[choice].text!r} at step {cue.number})") from None
    return tutorial


def rulebook_sections(game_id):
    """The sections of the mode's rulebook, its home's `rulebook.md`: {heading: its text} (its
    lines of cards, `[cards: ...]`, left out)."""
    rules = registry.game_info(game_id).rulebook()
    try:
        with open(rules, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as problem:
        raise TutorialError(f"{rules}: cannot be read ({problem.strerror})") from None
    sections, heading = {}, None
    for line in lines:
        if line.startswith("# "):
            heading = line[2:].strip()
            sections[heading] = ""
        elif heading is not None and not line.lstrip().startswith("[cards"):   # a line of cards has no words
            sections[heading] += " " + line
    return sections


def plain(words):
    """Words as a citation is compared: lower case, one space between words, the list
    marks and the quotes of the rulebook's text left out."""
    words = words.replace("\u201c", '"').replace("\u201d", '"').replace("- ", " ")
    return " ".join(words.lower().split())


def _cites(path, where, rule, sections, game_id):
    """A rule's section is a heading of the rulebook and its `cites` are that section's
    own words."""
    if rule.section not in sections:
        _fail(path, where, f"rule {rule.rule!r}: {rule.section!r} is not a section of "
                           f"{_rulebook(game_id)} ({', '.join(sections)})")
    if plain(rule.cites) not in plain(sections[rule.section]):
        _fail(path, where, f"rule {rule.rule!r}: {rule.cites!r} is not in the words of the "
                           f"section {rule.section!r} of {_rulebook(game_id)}")


def _rulebook(game_id):
    """The mode's rulebook as an error names it: its path from the resources' root."""
    return os.path.relpath(registry.game_info(game_id).rulebook(), resources.root())


def _fail(path, where, problem):
    raise TutorialError(f"{path}: {where}: {problem}" if where else f"{path}: {problem}")


def _text(path, where, value):
    if not isinstance(value, str) or not value.strip():
        _fail(path, where, "expected a non-empty text")
    return " ".join(value.split())


def _int(path, where, value, low):
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        _fail(path, where, f"expected a whole number of at least {low}, found {value!r}")
    return value


def _list(path, where, value, empty=False):
    if not isinstance(value, list) or (not value and not empty):
        _fail(path, where, "expected a list" if empty else "expected a non-empty list")
    return value


def parse_move(text, deck, path, where):
    """A Move from its text (`kind [card ...] [argument]`); TutorialError if malformed."""
    if not isinstance(text, (str, int)) or not str(text).strip():
        _fail(path, where, f"expected an action as text, found {text!r}")
    words = str(text).split()
    kind, rest = words[0], words[1:]
    names = []
    while rest and rest[0] in deck.by_name:
        names.append(rest.pop(0))
    if any(word in deck.by_name for word in rest):
        _fail(path, where, f"action {text!r}: write the card names before the argument")
    return Move(kind, tuple(names), " ".join(rest) if rest else None, " ".join(words))


def parse(path, data, game_id):
    """A Tutorial from the file's data, every field checked (not yet played through)."""
    if not isinstance(data, dict):
        _fail(path, "", "expected a mapping of tutorial fields")
    missing = sorted(TOP_KEYS - OPTIONAL_TOP - set(data))
    unknown = sorted(set(map(str, data)) - TOP_KEYS)
    if missing or unknown:
        _fail(path, "", "; ".join(filter(None, [
            missing and f"missing key(s) {', '.join(missing)}",
            unknown and f"unknown key(s) {', '.join(unknown)}"])))
    if data["version"] != VERSION:
        _fail(path, "version", f"expected {VERSION}, found {data['version']!r}")
    if data["game"] != game_id:
        _fail(path, "game", f"expected {game_id}, found {data['game']!r}")
    info = registry.GAMES[game_id]
    names = tuple(_text(path, f"players[{i}]", n)
                  for i, n in enumerate(_list(path, "players", data["players"])))
    if len(set(names)) != len(names):
        _fail(path, "players", "two players have the same name")
    if COACH in (name.lower() for name in names):
        _fail(path, "players", f"'{COACH}' is the coach's own name, not a player's")
    if data["learner"] not in names:
        _fail(path, "learner", f"{data['learner']!r} is not one of the players {', '.join(names)}")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        _fail(path, "options", "expected a mapping of option id to value")
    try:
        registry.resolve_options(info, len(names), options)
    except ValueError as problem:
        _fail(path, "options", str(problem))
    chapter = _chapter(path, data, info, options)
    chapters = tuple(str(c) for c in _list(path, "chapters", data.get("chapters", []), empty=True))
    house = [o.id for o in info.options if o.id != info.player_option]
    for option in chapters:
        if option not in house:
            _fail(path, "chapters", f"{option!r} is not a house rule of {info.title} "
                                    f"({', '.join(house)})")
    if chapter and chapters:
        _fail(path, "chapters", "a chapter has no chapters of its own")
    deck = info.load_deck()
    deals = _list(path, "deals", data["deals"])
    for i, deal in enumerate(deals):
        _list(path, f"deals[{i}]", deal)
        try:
            deck.stack(deal, full_deck=False)
        except ValueError as problem:
            _fail(path, f"deals[{i}]", str(problem))
    full_deck = data.get("full_deck", True)
    if not isinstance(full_deck, bool):
        _fail(path, "full_deck", "expected true or false")
    dice = _list(path, "dice", data.get("dice", []), empty=True)
    for die in dice:
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            _fail(path, "dice", f"{die!r} is not a die result 1-6")
    tosses = tuple(_list(path, "tosses", data.get("tosses", []), empty=True))
    cues = tuple(_cue(path, i + 1, raw, names, data["learner"], deck)
                 for i, raw in enumerate(_list(path, "steps", data["steps"])))
    later = tuple(_later(path, f"later[{i}]", raw)
                  for i, raw in enumerate(_list(path, "later", data.get("later", []), empty=True)))
    return Tutorial(path, game_id, names, names.index(data["learner"]), dict(options),
                    _int(path, "seed", data["seed"], 1), [list(d) for d in deals], full_deck,
                    tuple(dice), tosses, _text(path, "intro", data["intro"]), cues,
                    _text(path, "end", data["end"]), later, chapters, chapter)


def _chapter(path, data, info, options):
    """The house rule a chapter teaches (None for the lesson itself), checked against
    the options: a lesson leaves every house rule at Setup's default, a chapter switches
    its own one on."""
    chapter = data.get("chapter")
    for option in info.options:
        if option.id == info.player_option or option.id not in options:
            continue
        if option.id != chapter and str(options[option.id]) != option.default:
            _fail(path, "options", f"{option.id}: a lesson plays the game as Setup does by "
                                   f"default ({option.label}: {option.word(option.default)}); a "
                                   "house rule gets a chapter of its own")
    if chapter is None:
        return None
    chapter = str(chapter)
    try:
        option = info.option(chapter)
    except KeyError:
        _fail(path, "chapter", f"{chapter!r} is not a house rule of {info.title}")
    if option.id == info.player_option or str(options.get(chapter, option.default)) == option.default:
        _fail(path, "chapter", f"{chapter}: the chapter's options must switch its house rule on")
    return chapter


def _later(path, where, raw):
    if not isinstance(raw, dict) or set(map(str, raw)) != LATER_KEYS:
        _fail(path, where, f"expected exactly {', '.join(sorted(LATER_KEYS))}")
    return Later(*(_text(path, f"{where}.{key}", raw[key]) for key in ("rule", "section", "cites")))


def _cue(path, number, raw, names, learner, deck):
    where = f"step {number}"
    if not isinstance(raw, dict):
        _fail(path, where, "expected a mapping with by, say and expect (or do)")
    unknown = sorted(set(map(str, raw)) - STEP_KEYS)
    if unknown:
        _fail(path, where, f"unknown key(s) {', '.join(unknown)}")
    by = raw.get("by")
    if by != COACH and by not in names:
        _fail(path, where, f"by: {by!r} is neither one of the players {', '.join(names)} "
                           f"nor the {COACH}")
    coach, mine = by == COACH, by == learner
    if coach:
        misplaced = sorted({"expect", "do", "why", "after", "highlight"} & set(raw))
        if misplaced:
            _fail(path, where, f"the coach's step has no {', '.join(misplaced)}")
    elif mine and ("expect" not in raw or "do" in raw):
        _fail(path, where, "the learner's step lists its move(s) under 'expect': every move of "
                           "the learner's is the learner's to make (a routine one prompted in a line)")
    elif not mine and ("do" not in raw or "expect" in raw):
        _fail(path, where, "a computer player's step lists its move(s) under 'do'")
    elif "do" in raw and ("why" in raw or "highlight" in raw or "after" in raw):
        _fail(path, where, "why, after and highlight belong to the learner's own moves")
    if "reveal" in raw and not coach:
        _fail(path, where, "reveal belongs to the coach's steps")
    chooses = "expect" in raw
    moves = () if coach else tuple(
        parse_move(text, deck, path, where)
        for text in _list(path, f"{where}: {'expect' if chooses else 'do'}", raw.get("expect", raw.get("do"))))
    cards, buttons = [], []
    for item in _list(path, f"{where}: highlight", raw.get("highlight", []), empty=True):
        item = str(item)
        if item.startswith(BUTTON):
            buttons.append(item[len(BUTTON):])
        elif item in deck.by_name:
            cards.append(item)
        else:
            _fail(path, where, f"highlight {item!r} is neither a card name of the "
                               f"{deck.name} deck nor '{BUTTON}<action kind>'")
    silent = "say" not in raw
    if silent and (coach or chooses and [m.text for m in moves] != [ENDS_TURN]):
        _fail(path, where, "say: expected a non-empty text (only a step that just ends the "
                           "turn goes without)")
    if silent and not chooses and "shows" in raw:
        _fail(path, where, "say: a computer's step that shows a rule says it")
    say = "" if silent else _text(path, f"{where}: say", raw.get("say"))
    why, whys = _why(path, where, raw.get("why", ""), deck)
    after = _text(path, f"{where}: after", raw["after"]) if "after" in raw else ""
    point = _text(path, f"{where}: point", raw["point"]) if "point" in raw else ""
    if len(point) > POINT_MAX:
        _fail(path, where, f"point: a bubble holds one short idea ({len(point)} characters, "
                           f"at most {POINT_MAX})")
    if (coach or (chooses and say)) and not point:
        _fail(path, where, "point: the coach's bubble for this step is missing")
    if point and not (coach or chooses):
        _fail(path, where, "point belongs to the learner's and the coach's steps")
    at = str(raw.get("at", ""))
    if at and not (at in deck.by_name or at == NEXT or at.startswith(ANCHORS)):
        _fail(path, where, f"at {at!r} is neither a card name of the {deck.name} deck nor one "
                           f"of {', '.join(a + '...' for a in ANCHORS)}")
    reveal = raw.get("reveal")
    if reveal is not None:
        reveal = _int(path, f"{where}: reveal", reveal, 0)
    shows = tuple(_cover(path, f"{where}: shows[{i}]", item, number, deck, names)
                  for i, item in enumerate(_list(path, f"{where}: shows",
                                                 raw.get("shows", []), empty=True)))
    return Cue(number, None if coach else names.index(by), chooses, say, moves, why, after,
               tuple(cards), tuple(buttons), shows, point, at, reveal, whys)


def _why(path, where, raw, deck):
    """A step's reasons: (`why`, `whys`) from a text, or from a mapping whose keys are card
    names or action kinds (the reason for a move of that card or kind) and OTHER (the
    reason for any other move)."""
    if raw == "":
        return "", ()
    if isinstance(raw, dict):
        whys = tuple((str(key), _text(path, f"{where}: why.{key}", text)) for key, text in raw.items())
        why = dict(whys).pop(OTHER, "")
        whys = tuple((key, text) for key, text in whys if key != OTHER)
        if not whys:
            _fail(path, where, "why: a mapping names the cards or moves it gives a reason for "
                               "(for every other move, give one text)")
    else:
        why, whys = _text(path, f"{where}: why", raw), ()
    for text in (why, *(text for _, text in whys)):
        if NOT_A_REASON.search(text):
            _fail(path, where, f"why: {text!r} gives the lesson as the reason; give it in the game's "
                               "terms (what the move does in the game)")
    return why, whys


def _cover(path, where, raw, cue, deck, names):
    if not isinstance(raw, dict):
        _fail(path, where, "expected a mapping with rule, section, cites and a check")
    unknown = sorted(set(map(str, raw)) - COVER_KEYS)
    if unknown:
        _fail(path, where, f"unknown key(s) {', '.join(unknown)}")
    rule = _text(path, f"{where}.rule", raw.get("rule"))
    checks = [key for key in CHECKS if key in raw]
    if len(checks) != 1:
        _fail(path, where, "expected exactly one of event, allows, refuses")
    if any(key in raw for key in ("detail", "seat", "cards")) and "event" not in raw:
        _fail(path, where, "detail, seat and cards belong with event")
    cards = tuple(sorted(str(name) for name in _list(path, f"{where}.cards",
                                                      raw.get("cards", []), empty=True)))
    for name in cards:
        if name not in deck.by_name:
            _fail(path, where, f"cards: {name!r} is not a card name of the {deck.name} deck")
    if "seat" in raw and raw["seat"] not in names:
        _fail(path, where, f"seat: {raw['seat']!r} is not one of the players {', '.join(names)}")
    event = _text(path, f"{where}.event", raw["event"]) if "event" in raw else None
    moves = {key: parse_move(raw[key], deck, path, where) if key in raw else None
             for key in ("allows", "refuses")}
    seat = names.index(raw["seat"]) if "seat" in raw else None
    return Cover(rule, _text(path, f"{where}.section", raw.get("section")), cue, event,
                 raw.get("detail"), seat, cards, moves["allows"], moves["refuses"],
                 _text(path, f"{where}.cites", raw.get("cites")))


def find(state, move):
    """The legal action `move` names, or None."""
    for action in state.legal_actions():
        if move.matches(action):
            return action
    return None


def build(state, move):
    """An Action for `move` even when it is not legal (to ask the engine why): each card
    name takes the copy the player to act holds, else any copy of the game."""
    seat = state.current_player
    zones = state.view(seat).zones if seat is not None else ()
    own = [c for z in zones if z.owner == seat for c in z.cards if c is not None]
    seen = [c for z in zones for c in z.cards if c is not None]
    cards, used = [], set()
    for name in move.names:
        pool = [c for c in own + seen + list(state.deck.copies(name))
                if c.name == name and c.id not in used]
        used.add(pool[0].id)
        cards.append(pool[0])
    arg = move.arg
    if arg is not None and arg.lstrip("-").isdigit():
        arg = int(arg)
    return registry.Action(move.kind, tuple(cards), arg)


def _seen(cover, events):
    """Whether an event of the cover's kind happened, with its detail (a mapping detail
    matches an event whose detail holds those keys and values)."""
    return any(e.kind == cover.event and _detail_matches(cover.detail, e.detail)
               and (cover.seat is None or e.seat == cover.seat)
               and (not cover.cards or tuple(sorted(c.name for c in e.cards)) == cover.cards)
               for e in events)


def _detail_matches(wanted, detail):
    if wanted is None:
        return True
    if isinstance(wanted, dict) and isinstance(detail, dict):
        return all(key in detail and detail[key] == value for key, value in wanted.items())
    return wanted == detail


def rehearse(tutorial, choices=None):
    """Play the whole script through the engine, checking every cue, where its bubble
    points and every covered rule; TutorialError naming the file and step. `choices`
    {step number: alternative index} picks which accepted move the learner makes (the
    first by default). Returns the final state."""
    path = tutorial.path
    try:
        state = tutorial.new_state()
    except ValueError as problem:
        _fail(path, "deals", f"the game cannot start from this deal ({problem})")
    events, deal = [], len(state.events)
    told = registry.HOMES[tutorial.game_id].presenter(registry.GAMES[tutorial.game_id]).is_toast
    for cue in tutorial.cues:
        where = f"step {cue.number}"
        if not cue.coach and state.current_player != cue.by:
            actor = ("nobody (the game is over)" if state.current_player is None
                     else tutorial.names[state.current_player])
            _fail(path, where, f"it is {actor}'s move here, not {tutorial.names[cue.by]}'s")
        seen = {c.name for z in state.view(tutorial.learner).zones for c in z.cards if c is not None}
        for name in cue.cards:
            if name not in seen:
                _fail(path, where, f"highlight {name!r} is no card {tutorial.names[cue.by]} "
                                   "can see here")
        legal_kinds = {a.kind for a in state.legal_actions()}
        for kind in cue.buttons:
            if kind not in legal_kinds:
                _fail(path, where, f"highlight button {kind!r} is no move the player has here")
        if cue.stop:
            _check_anchor(tutorial, state, cue, seen, legal_kinds)
        if cue.learner and not cue.say and [a.kind for a in state.legal_actions()] != [ENDS_TURN]:
            _fail(path, where, "a step without say only ends a turn when nothing else is left")
        covers = cue.shows
        for cover in covers:
            probe = cover.allows or cover.refuses
            if probe and (find(state, probe) is not None) != bool(cover.allows):
                verdict = "is not legal" if cover.allows else "is legal"
                _fail(path, where, f"covered rule {cover.rule!r}: {probe.text!r} {verdict} here")
        if cue.learner:
            for move in cue.moves:
                _expect_legal(tutorial, state, move, where)
            _check_why(tutorial, state, cue)
            picked = [cue.moves[(choices or {}).get(cue.number, 0)]]
        else:
            picked = cue.moves
        start = len(state.events)
        for move in picked:
            if state.current_player not in (cue.by, None):
                _fail(path, where, f"{move.text!r} is {tutorial.names[state.current_player]}'s "
                                   f"move, not {tutorial.names[cue.by]}'s")
            _expect_legal(tutorial, state, move, where)
            state.apply(find(state, move))
        if picked:                          # the coach's step tells what the step before did
            events = state.events[start:]
        if cue.number == 1:                 # of the deal, the table tells only its notes
            events = [e for e in state.events[:deal] if told(e)] + events
        for cover in covers:
            if cover.event and not _seen(cover, events):
                _fail(path, where, f"covered rule {cover.rule!r}: no {cover.event!r} event "
                                   + (f"with detail {cover.detail!r} " if cover.detail is not None
                                      else "")
                                   + (f"for {tutorial.names[cover.seat]} " if cover.seat is not None
                                      else "")
                                   + (f"moving {' '.join(cover.cards)} " if cover.cards else "")
                                   + "happens here")
    return state


def _check_anchor(tutorial, state, cue, seen, legal_kinds):
    """Where the step's bubble points is there for the learner to see."""
    at, where = cue.anchor, f"step {cue.number}"
    if not at:
        _fail(tutorial.path, where, "the bubble points nowhere: give 'at' or a highlight")
    view = state.view(tutorial.learner)
    if at == NEXT:
        if not cue.coach:
            _fail(tutorial.path, where, f"{NEXT} belongs to the coach's steps")
    elif at.startswith(BUTTON):
        if cue.coach or at[len(BUTTON):] not in legal_kinds or state.current_player != tutorial.learner:
            _fail(tutorial.path, where, f"at {at!r}: no such button for the learner here (while the "
                                        "coach explains, only Next)")
    elif at.startswith("zone:"):
        key, _, position = at[len("zone:"):].partition("@")
        zone = next((z for z in view.zones if z.key == key), None)
        if zone is None:
            _fail(tutorial.path, where, f"at {at!r}: no zone {key!r} here")
        if position and not (position.isdigit() and int(position) < zone.count):
            _fail(tutorial.path, where, f"at {at!r}: the zone holds {zone.count} cards")
    elif at.startswith("lane:"):
        first, dash, last = at[len("lane:"):].partition("-")
        if not first.isdigit() or dash and not (last.isdigit() and int(last) > int(first)):
            _fail(tutorial.path, where, f"at {at!r}: a lane is a number, lanes one to another 'lane:0-2'")
    elif at.startswith("score:"):
        if at[len("score:"):] not in tutorial.names:
            _fail(tutorial.path, where, f"at {at!r}: no such player")
    elif at.startswith("fact:"):
        if not at[len("fact:"):].strip():
            _fail(tutorial.path, where, f"at {at!r}: name the fact by its first words")
    elif at not in seen:
        _fail(tutorial.path, where, f"at {at!r} is no card the learner can see here")


def _check_why(tutorial, state, cue):
    """A learner's step where the rules allow another move gives the reason (`why`) the
    coach answers it with."""
    others = [a for a in state.legal_actions() if not any(m.matches(a) for m in cue.moves)]
    other = next((a for a in others if not cue.reason(a)), None)
    if other is not None:
        _fail(tutorial.path, f"step {cue.number}", f"why: the rules also allow {action_text(other)!r} "
                                                   "here: say why not, in the game's terms")
    for key, _ in cue.whys:
        if not any(key == a.kind or key in {c.name for c in a.cards if c is not None} for a in others):
            _fail(tutorial.path, f"step {cue.number}", f"why.{key}: no other move of {key!r} is "
                                                       "allowed here")


def action_text(action):
    """An engine's action as a tutorial writes it ('play 4H 4D', 'take 5')."""
    return " ".join([action.kind, *(card.name for card in action.cards)]
                    + ([] if action.arg is None else [str(action.arg)]))


def _expect_legal(tutorial, state, move, where):
    if state.current_player is None:
        _fail(tutorial.path, where, f"expected action {move.text!r}: the game is already over")
    if find(state, move) is None:
        try:
            reason = state.why_illegal(build(state, move))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            reason = "no such move in this game"
        _fail(tutorial.path, where, f"expected action {move.text!r} is not legal here ({reason})")


class Coach:
    """A tutorial in progress: the state, the step reached, and what the coach says.

    A scene shows `paragraphs()`, `highlights()` and `bubble()`; when the learner picks
    an action it calls `submit(action)`; on a computer player's step it submits
    `scripted_action()`; on the coach's own step it waits for the learner to press
    Next, `next()`. `before` is the learner's view as it stood before the last move (a
    line revealed lane by lane shows the lanes still to come as they were).
    """

    def __init__(self, tutorial):
        self.tutorial = tutorial
        self.state = tutorial.new_state()
        self.index = 0      # the cue reached
        self.done = 0       # moves made within a computer step
        self.news = []      # what happened since the learner's last move
        self.before = self.state.view(tutorial.learner)

    @property
    def finished(self):
        """Whether the script is over."""
        return self.index >= len(self.tutorial.cues)

    @property
    def cue(self):
        """The current Cue (None once finished)."""
        return None if self.finished else self.tutorial.cues[self.index]

    def learner_to_act(self):
        """Whether the learner chooses the next move."""
        return not self.finished and self.cue.learner

    def explaining(self):
        """Whether the coach's own words wait for Next."""
        return not self.finished and self.cue.coach

    def progress(self):
        """(this stop's number, how many stops the lesson has): the stop reached, or
        the next one while the others play."""
        stops = self.tutorial.stops
        reached = sum(1 for cue in stops if cue.number <= self.index)
        return min(reached + 1, len(stops)), len(stops)

    def text(self):
        """What the coach says now: the introduction at the start, what happened since
        the learner's last move, then what comes next (or the closing words)."""
        return " ".join(self.paragraphs())

    def happened(self):
        """What the coach says has happened: the introduction at the start, what happened
        since the learner's last move (`paragraphs()` without what comes next)."""
        return [part for part in ([self.tutorial.intro] if self.index == 0 and not self.done else []) + self.news
                if part]

    def paragraphs(self):
        """`text()` as its parts, in order; the last one is what comes next."""
        said = self.happened()
        if self.finished:
            coming = self.tutorial.end
        elif self.cue.learner or self.cue.coach:
            coming = self.cue.say
        else:           # a computer's step: who plays next, or, its moves begun, who is playing
            name = self.tutorial.names[self.cue.by]
            coming = f"{name} plays next." if self.looks_ahead() else self.playing() if self.done else ""
        return [part for part in said + [coming] if part]

    def playing(self):
        """What the coach says of the computer player of this step once their moves have
        begun: 'Ben is playing.' ('' on the learner's steps and the coach's)."""
        if self.finished or self.cue.learner or self.cue.coach:
            return ""
        return f"{self.tutorial.names[self.cue.by]} is playing."

    def looks_ahead(self):
        """Whether the last of `paragraphs()` names who plays next: a computer player's
        step comes, of a turn other than the one just told (beside Ada's move told, "Ada
        plays next" would read as a second turn of hers; her turn's end is told once made),
        and none of its moves made yet (beside Ben's card played, he does not play next)."""
        if self.finished or self.cue.learner or self.cue.coach or self.done:
            return False
        told = self.tutorial.cues[self.index - 1] if self.index else None
        return told is None or told.by != self.cue.by or not told.say

    def highlights(self):
        """(card names, action kinds) to highlight for the learner's current step."""
        if not self.learner_to_act():
            return (), ()
        return self.cue.cards, self.cue.buttons

    def bubble(self):
        """(words, where they point) of the coach's bubble at this stop, or None."""
        if self.finished or not self.cue.stop:
            return None
        return self.cue.point, self.cue.anchor

    def scripted_action(self):
        """The scripted next action of a computer player; None on the learner's steps and
        the coach's."""
        if self.finished or self.cue.learner or self.cue.coach:
            return None
        return find(self.state, self.cue.moves[self.done])

    def next(self):
        """Next pressed: past the coach's words (what they followed is read now)."""
        if self.explaining():
            self.index += 1
            self.news = []

    def submit(self, action, apply=None):
        """Apply `action` if it is the script's move: Reply(True, what happened), else
        Reply(False, the reason in the game's terms: the engine's for an illegal move,
        the step's `why` for another legal one); the state is unchanged when refused.
        `apply(action)` makes the move on this coach's state (the state's own apply by
        default; a scene passes its session's)."""
        if self.finished:
            return Reply(False, "The lesson is over. " + self.tutorial.end)
        cue = self.cue
        if cue.coach:
            return Reply(False, "First read the coach's words, then press Next.")
        wanted = cue.moves if cue.learner else (cue.moves[self.done],)
        if not any(move.matches(action) for move in wanted):
            if action not in self.state.legal_actions():
                return Reply(False, f"That move is not allowed: {self.state.why_illegal(action)}.")
            if not cue.learner:
                return Reply(False, f"It is {self.tutorial.names[cue.by]}'s move now.")
            return Reply(False, f"That move is allowed, but not now: {cue.reason(action)}")
        self.before = self.state.view(self.tutorial.learner)
        (apply or self.state.apply)(action)
        if cue.learner:
            self.index += 1
            kept = self.news if not cue.say else []      # a turn ending by itself adds to what was said
            self.news = kept + ([cue.after] if cue.after else [])
            return Reply(True, cue.after)
        self.done += 1
        if self.done < len(cue.moves):
            return Reply(True, "")
        self.index += 1
        self.done = 0
        self.news.append(cue.say)
        return Reply(True, cue.say)

    def rules_met(self):
        """The covered rules whose step has been played, each once: [(section, rule)]."""
        met = [(c.section, c.rule) for c in self.tutorial.covers if c.cue <= self.index]
        return list(dict.fromkeys(met))

    def summary(self):
        """The end-of-lesson summary: the closing words, the rules met and the rules a
        real game brings, one a line, each with the Rules page's section that tells it
        ('(Rules: The end)', walkD17 #16: '(The end)' alone read as part of the rule)."""
        lines = [self.tutorial.end, "Rules you met:"]
        lines += [f"- {rule} (Rules: {section})" for section, rule in self.rules_met()]
        if self.tutorial.later:
            lines.append("Rules you will meet in a real game:")
            lines += [f"- {later.rule} (Rules: {later.section})" for later in self.tutorial.later]
        return "\n".join(lines)
