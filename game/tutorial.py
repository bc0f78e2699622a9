"""Learn to play: a guided first game of one mode, read from `config/tutorials/<id>.yaml`.

A tutorial is data: the players and their names, the house rules, the stacked deal(s),
injected dice and tosses, and a script of steps. Each step is either the learner's (the
coach says what to do and why, and the move(s) it expects) or a computer player's (the
moves it makes, then what happened and which rule made it so). A step's `shows` list
names the rules of `config/rules/<id>.md` that step shows, each with what must be seen
there (an event of the engine, a move the engine allows, or one it refuses), so a rules
change that breaks a tutorial is caught by its test.

A file holds: `version: 1`, `game`, `players` (names by seat), `learner` (one of them),
`options`, `seed`, `deals` (stacked decks, top first, one per deal), `full_deck`, `dice`,
`tosses`, `intro`, `end` and `steps`. A step has `by` (a player's name) and `say`; the
learner's step lists the accepted moves under `expect` and may add `why` (the reason
given when another legal move is tried), `after` (said once the move is made) and
`highlight` (card names, or `button:<action kind>`); a computer player's step lists its
moves in order under `do`, and its `say` is spoken after them. `shows` lists the rules
the step shows: `rule`, `section` (a heading of the rulebook) and one check, `event`
(optionally with `detail`, `seat`, `cards`), `allows` or `refuses`.

Actions are written as text: the action kind, the card names (as the deck files name
them) and the argument, e.g. `play D/red/hearts purple`, `end_turn`, `pick 1:3`.

`load(game_id)` reads, checks and plays the script through the real engine, raising
`TutorialError` naming the file and the step for anything wrong; each step is read into
a `Cue`. `Coach(tutorial)` runs it for a scene: `text()`, `highlights()`, `cue` (the
current one), `submit(action)`, `scripted_action()`, `summary()`.
"""
from typing import NamedTuple

import game
from game import resources

VERSION = 1
TOP_KEYS = {"version", "game", "players", "learner", "options", "seed", "deals", "full_deck",
            "dice", "tosses", "intro", "steps", "end"}
OPTIONAL_TOP = {"options", "full_deck", "dice", "tosses"}
STEP_KEYS = {"by", "say", "expect", "do", "why", "after", "highlight", "shows"}
COVER_KEYS = {"rule", "section", "event", "detail", "seat", "cards", "allows", "refuses"}
CHECKS = ("event", "allows", "refuses")
BUTTON = "button:"


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
    """One step of the script as the coach runs it (a cue: the learner's or a computer
    player's turn to act). `by` is a seat; `moves` are the alternatives the coach accepts
    (learner) or the moves made in order (computer)."""

    number: int
    by: int
    learner: bool
    say: str
    moves: tuple
    why: str
    after: str
    cards: tuple     # card names to highlight
    buttons: tuple   # action kinds to highlight
    shows: tuple     # the Covers this step shows


class Cover(NamedTuple):
    """A rule a step shows, the rulebook section it comes from, and what proves it:
    an event of that kind during the step (with that detail, about that seat, moving
    those cards; step 1 also sees the deal's events), or a move the engine allows or
    refuses just before the step's move."""

    rule: str
    section: str
    cue: int         # the number of the step (the cue) that shows it
    event: str
    detail: object
    seat: object
    cards: tuple
    allows: Move
    refuses: Move


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

    @property
    def covers(self):
        """Every rule the tutorial shows, in the order of the steps."""
        return tuple(cover for cue in self.cues for cover in cue.shows)

    def new_state(self):
        """The game in its starting position, with the tutorial's deal, dice and tosses."""
        deck = self.deals[0] if len(self.deals) == 1 else self.deals
        return game.new_game(self.game_id, players=len(self.names), seed=self.seed,
                             options=self.options, deck=deck, full_deck=self.full_deck,
                             dice=self.dice, tosses=self.tosses)


class Reply(NamedTuple):
    """The coach's answer to a submitted action."""

    accepted: bool
    text: str


def path_for(game_id):
    """The tutorial file of a mode."""
    return game.game_info(game_id).tutorial()


def load(game_id, path=None):
    """The tutorial of `game_id` (from `path` if given), checked and played through the
    engine (once per move the learner may choose); TutorialError naming the file and
    step otherwise."""
    path = path or path_for(game_id)
    data = resources.read_yaml(path, TutorialError)
    tutorial = parse(path, data, game_id)
    sections = rulebook_sections(game_id)
    for cue in tutorial.cues:
        for cover in cue.shows:
            if cover.section not in sections:
                _fail(path, f"step {cue.number}", f"rule {cover.rule!r}: {cover.section!r} is "
                      f"not a section of config/rules/{game_id}.md ({', '.join(sections)})")
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
    """The section headings of the mode's rulebook, `config/rules/<id>.md`."""
    rules = game.game_info(game_id).rulebook()
    try:
        with open(rules, encoding="utf-8") as handle:
            return [line[2:].strip() for line in handle if line.startswith("# ")]
    except OSError as problem:
        raise TutorialError(f"{rules}: cannot be read ({problem.strerror})") from None


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
    info = game.GAMES[game_id]
    names = tuple(_text(path, f"players[{i}]", n)
                  for i, n in enumerate(_list(path, "players", data["players"])))
    if len(set(names)) != len(names):
        _fail(path, "players", "two players have the same name")
    if data["learner"] not in names:
        _fail(path, "learner", f"{data['learner']!r} is not one of the players {', '.join(names)}")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        _fail(path, "options", "expected a mapping of option id to value")
    try:
        game.resolve_options(info, len(names), options)
    except ValueError as problem:
        _fail(path, "options", str(problem))
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
    return Tutorial(path, game_id, names, names.index(data["learner"]), dict(options),
                    _int(path, "seed", data["seed"], 1), [list(d) for d in deals], full_deck,
                    tuple(dice), tosses, _text(path, "intro", data["intro"]), cues,
                    _text(path, "end", data["end"]))


def _cue(path, number, raw, names, learner, deck):
    where = f"step {number}"
    if not isinstance(raw, dict):
        _fail(path, where, "expected a mapping with by, say and expect (or do)")
    unknown = sorted(set(map(str, raw)) - STEP_KEYS)
    if unknown:
        _fail(path, where, f"unknown key(s) {', '.join(unknown)}")
    if raw.get("by") not in names:
        _fail(path, where, f"by: {raw.get('by')!r} is not one of the players {', '.join(names)}")
    is_learner = raw["by"] == learner
    key, other = ("expect", "do") if is_learner else ("do", "expect")
    if other in raw or key not in raw:
        whose = "the learner's" if is_learner else "a computer player's"
        _fail(path, where, f"{whose} step lists its move(s) under '{key}', not '{other}'")
    if not is_learner and ("why" in raw or "highlight" in raw or "after" in raw):
        _fail(path, where, "why, after and highlight belong to the learner's steps")
    moves = tuple(parse_move(text, deck, path, where)
                  for text in _list(path, f"{where}: {key}", raw[key]))
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
    say = _text(path, f"{where}: say", raw.get("say"))
    why = _text(path, f"{where}: why", raw["why"]) if "why" in raw else ""
    after = _text(path, f"{where}: after", raw["after"]) if "after" in raw else ""
    shows = tuple(_cover(path, f"{where}: shows[{i}]", item, number, deck, names)
                  for i, item in enumerate(_list(path, f"{where}: shows",
                                                 raw.get("shows", []), empty=True)))
    return Cue(number, names.index(raw["by"]), is_learner, say, moves, why, after,
               tuple(cards), tuple(buttons), shows)


def _cover(path, where, raw, cue, deck, names):
    if not isinstance(raw, dict):
        _fail(path, where, "expected a mapping with rule, section and a check")
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
                 raw.get("detail"), seat, cards, moves["allows"], moves["refuses"])


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
    return game.Action(move.kind, tuple(cards), arg)


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
    """Play the whole script through the engine, checking every step and every covered
    rule; TutorialError naming the file and step. `choices` {step number: alternative
    index} picks which accepted move the learner makes (the first by default).
    Returns the final state."""
    path = tutorial.path
    try:
        state = tutorial.new_state()
    except ValueError as problem:
        _fail(path, "deals", f"the game cannot start from this deal ({problem})")
    for cue in tutorial.cues:
        where = f"step {cue.number}"
        if state.current_player != cue.by:
            actor = ("nobody (the game is over)" if state.current_player is None
                     else tutorial.names[state.current_player])
            _fail(path, where, f"it is {actor}'s move here, not {tutorial.names[cue.by]}'s")
        seen = {c.name for z in state.view(cue.by).zones for c in z.cards if c is not None}
        for name in cue.cards:
            if name not in seen:
                _fail(path, where, f"highlight {name!r} is no card {tutorial.names[cue.by]} "
                                   "can see here")
        legal_kinds = {a.kind for a in state.legal_actions()}
        for kind in cue.buttons:
            if kind not in legal_kinds:
                _fail(path, where, f"highlight button {kind!r} is no move the player has here")
        covers = cue.shows
        for cover in covers:
            probe = cover.allows or cover.refuses
            if probe and (find(state, probe) is not None) != bool(cover.allows):
                verdict = "is not legal" if cover.allows else "is legal"
                _fail(path, where, f"covered rule {cover.rule!r}: {probe.text!r} {verdict} here")
        if cue.learner:
            for move in cue.moves:
                _expect_legal(tutorial, state, move, where)
            picked = [cue.moves[(choices or {}).get(cue.number, 0)]]
        else:
            picked = cue.moves
        start = len(state.events) if cue.number > 1 else 0   # step 1 also sees the deal
        for move in picked:
            if state.current_player not in (cue.by, None):
                _fail(path, where, f"{move.text!r} is {tutorial.names[state.current_player]}'s "
                                   f"move, not {tutorial.names[cue.by]}'s")
            _expect_legal(tutorial, state, move, where)
            state.apply(find(state, move))
        events = state.events[start:]
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
    """A tutorial in progress: the state, the cue reached, and what the coach says.

    A scene shows `text()` and `highlights()`; when the learner picks an action it calls
    `submit(action)`; on a computer player's step it submits `scripted_action()`.
    """

    def __init__(self, tutorial):
        self.tutorial = tutorial
        self.state = tutorial.new_state()
        self.index = 0      # the cue reached
        self.done = 0       # moves made within a computer step
        self.news = []      # what happened since the learner's last move

    @property
    def finished(self):
        """Whether the script is over."""
        return self.index >= len(self.tutorial.cues)

    @property
    def cue(self):
        """The current Cue (None once finished)."""
        return None if self.finished else self.tutorial.cues[self.index]

    def learner_to_act(self):
        """Whether the learner makes the next move."""
        return not self.finished and self.cue.learner

    def text(self):
        """What the coach says now: the introduction at the start, what happened since
        the learner's last move, then what comes next (or the closing words)."""
        return " ".join(self.paragraphs())

    def paragraphs(self):
        """`text()` as its parts, in order; the last one is what comes next."""
        said = ([self.tutorial.intro] if self.index == 0 and not self.done else []) + self.news
        if self.finished:
            coming = self.tutorial.end
        elif self.cue.learner:
            coming = self.cue.say
        else:
            coming = f"{self.tutorial.names[self.cue.by]} plays next."
        return [part for part in said + [coming] if part]

    def highlights(self):
        """(card names, action kinds) to highlight for the learner's current step."""
        if not self.learner_to_act():
            return (), ()
        return self.cue.cards, self.cue.buttons

    def scripted_action(self):
        """The computer player's next scripted action (None on the learner's steps)."""
        if self.finished or self.cue.learner:
            return None
        return find(self.state, self.cue.moves[self.done])

    def submit(self, action, apply=None):
        """Apply `action` if it is the script's move: Reply(True, what happened), else
        Reply(False, the engine's reason or what the coach wants instead); the state is
        unchanged when refused. `apply(action)` makes the move on this coach's state (the
        state's own apply by default; a scene passes its session's)."""
        if self.finished:
            return Reply(False, "The lesson is over. " + self.tutorial.end)
        cue = self.cue
        wanted = cue.moves if cue.learner else (cue.moves[self.done],)
        if not any(move.matches(action) for move in wanted):
            if action not in self.state.legal_actions():
                return Reply(False, f"That move is not allowed: {self.state.why_illegal(action)}.")
            return Reply(False, " ".join(filter(None, [
                "That move is allowed, but it is not the lesson's plan.", cue.why, cue.say])))
        (apply or self.state.apply)(action)
        if cue.learner:
            self.index += 1
            self.news = [cue.after] if cue.after else []
            return Reply(True, cue.after)
        self.done += 1
        if self.done < len(cue.moves):
            return Reply(True, "")
        self.index += 1
        self.done = 0
        self.news.append(cue.say)
        return Reply(True, cue.say)

    def rules_met(self):
        """The covered rules whose step has been played: [(section, rule)]."""
        return [(c.section, c.rule) for c in self.tutorial.covers if c.cue <= self.index]

    def summary(self):
        """The end-of-lesson summary: the closing words and the rules met, one a line."""
        lines = [self.tutorial.end, "Rules you met:"]
        lines += [f"- {rule} ({section})" for section, rule in self.rules_met()]
        return "\n".join(lines)

