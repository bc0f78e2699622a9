"""The default presenter: how any game looks and reads at the table when nothing
game-specific is said, and the shapes every game's own presenter shares.

A presenter is pure (no pygame): it answers the layout, the drawing and the words
with plain data. A game's presenter subclasses `Presenter` and changes only what is
its own: a few class tables (action words, event words, seat facts, the draw pile's
key) and, where its table differs, a method or two (the field, the backs, the owners
of its zones, the scoring breakdown). It reads its game's facts by the names the game
declares (`FACTS` in its rules module); this module reads none.
"""
import re
from typing import NamedTuple

from game.core import SharedAct, SharedEvent

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n):
    """1st, 2nd, 3rd, 4th ..."""
    return ORDINALS.get(n if n < 20 else n % 10, f"{n}th") if n % 100 not in (11, 12, 13) else f"{n}th"


def card_name(card):
    """A card as a player says it ('10 of hearts', 'Offense blue 4'), or 'a hidden card'."""
    return "a hidden card" if card is None else card.spoken


def the(name):
    """A card's name with its article: 'the 7 of hearts' ('a hidden card' stays)."""
    return name if name.startswith(("a ", "an ")) else f"the {name}"


def cards_phrase(cards):
    """Several cards in words ('2 cards' when none is visible); a Joker, which has no
    rank or suit to name it by, as 'a Joker' ('Ada took a Joker blind from your hand',
    never 'took Joker')."""
    if not cards:
        return ""
    if all(c is None for c in cards):
        return "a card" if len(cards) == 1 else f"{len(cards)} cards"
    return ", ".join("a Joker" if name == "Joker" else name for name in map(card_name, cards))


def plural(n, word):
    """'1 card', '3 cards'."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def seat_name(names, seat):
    """A seat's name, or '' for anything that is not a seat."""
    return names[seat] if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names) else ""


def winners_words(view, names):
    """Who won, in words: 'Maya wins', 'Maya and Theo win', 'You win' (a lesson's
    learner), 'no winner'."""
    winners = [names[w] for w in view.winners]
    if not winners:
        return "no winner"
    return agree(named_together(winners) + (" wins" if len(winners) == 1 else " win"))


def named_together(names):
    """Players' names in one list, 'Ines, Kofi and Maya'; a learner called You is 'you'
    after the first ('Kofi and you')."""
    names = [names[0]] + ["you" if name == "You" else name for name in names[1:]]
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def possessive(who, within=False):
    """'Maya's', or 'Your' for a player called You (a lesson's learner): 'your' `within`
    a line ('10-Jack-Queen of clubs + your King')."""
    if who == "You":
        return "your" if within else "Your"
    return f"{who}'s"


YOU_VERB = re.compile(r"\bYou (was|is|has|[a-z]+(?:sses|shes|ches|xes|ies|s))\b")
YOU_IRREGULAR = {"was": "were", "is": "are", "has": "have"}
YOU_THEIR = re.compile(r"(\bYou [^.;:!?]*?)\btheir\b")
YOU_WITHIN = re.compile(r"(?<=[a-z] )You(?=r?s?\b)|(?<=: )You(?=r?s?\b)")


def begins(stage):
    """A phase's line in the log, the same in every game: the stage that begins, in words
    ('Down 2 of 4 begins', 'Hand 1 begins'), never a status label ('Now: Down 2 of 4')."""
    return f"{stage} begins"


def agree(words):
    """The words with a verb after a player called You (a lesson's learner) agreeing with
    it, what is theirs in the same clause called yours, and the name written small within
    a sentence (after a word or a colon): 'You wins' -> 'You win', 'You was dealt' -> 'You
    were dealt', 'You showed their cards' -> 'You showed your cards', 'Ada takes a card
    from You' -> 'Ada takes a card from you', 'Ada swapped her 4 for Your 10' -> 'Ada
    swapped her 4 for your 10', 'the 5 of spades: You picks up the pile' -> 'the 5 of
    spades: you pick up the pile'."""
    def verb(match):
        word = match.group(1)
        if word in YOU_IRREGULAR:
            return "You " + YOU_IRREGULAR[word]
        if word.endswith(("sses", "shes", "ches", "xes")):
            return "You " + word[:-2]
        if word.endswith("ies"):
            return "You " + word[:-3] + "y"
        return "You " + word[:-1]
    if not words:
        return words
    words = YOU_VERB.sub(verb, words)
    while YOU_THEIR.search(words):
        words = YOU_THEIR.sub(r"\1your", words)
    return YOU_WITHIN.sub("you", words)


def capital(words, names=()):
    """The words with a capital first letter ('' stays ''), unless they open with one of
    the players' `names`, which is written as its player typed it ('theo drew a card')."""
    if any(words == name or words.startswith((name + " ", name + "'", name + ":", name + ","))
           for name in names if name):
        return words
    return words[:1].upper() + words[1:]


# The engine's own events, the same in every game: (who, detail) -> a line or None.
GENERIC_EVENTS = {
    "turn": lambda who, d: None,
    SharedEvent.GAME_OVER: lambda who, d: "Game over",
    "declare": lambda who, d: f"{who} declared {d}",
    "skip": lambda who, d: f"{who} is skipped",
    SharedEvent.ROLL: lambda who, d: f"{who} rolled {d}" if who else f"Die roll: {d}",
    SharedEvent.RECYCLE: lambda who, d: "The discard pile was turned over to draw from",
    SharedEvent.HAND_OVER: lambda who, d: f"{who} won the hand" if who else "The hand is over",
}


class Callout(NamedTuple):
    """An event called out on the table: large, short words where it happened.

    `words`; `at`: the zone keys it happened at (the callout stands over them; none, or
    none on the table: the table's middle); `seconds`: how long it is held at the normal
    animation speed; `grand`: a celebration (a hand or the game won); `count`: a number
    the words count up to ('{n}' in `words` stands for it as it counts); `reveal`: the
    step of a line's reveal it stands for (a field's lane-by-lane reveal, see veiled_step):
    (lane, the zone keys of that lane turned over so far, or None for the whole lane);
    `event`: the index of the event it calls out among those it was made of (the log
    tells that event only once the callout has gone); `tone`: 'good' or 'bad' news (a
    bonus, a bust), '' for plain news; `hides_scores`: the scores stay as they stood
    before until it has gone (a count-up tells the result, not the panel ahead of it)."""

    words: str
    at: tuple = ()
    seconds: float = 1.2
    grand: bool = False
    count: object = None
    reveal: object = None
    event: int = 0
    tone: str = ""
    hides_scores: bool = False


class Sizes:
    """Card sizes at the table, in logical pixels (width, height)."""

    hand = (92, 128)        # the viewer's hand
    own = (66, 92)          # the viewer's other zones
    centre = (80, 112)      # shared zones (shrinks to fit)
    mini = (58, 80)         # other seats' zones (60% of the hand's width or more)
    zoom = (150, 210)       # a card under the pointer, shown enlarged
    index = 0.25            # the index corner's share of a card's width (left edge to its right)


class Presenter:
    """What a game looks like and says at the table; subclasses change their part."""

    sizes = Sizes
    # Button words for action kinds every game may use.
    KIND_LABELS = {"draw": "Draw", "end_turn": "End turn", "play": "Play", "pass": "Pass",
                   "deal": "Deal", "discard": "Discard", "take": "Take", "give": "Give",
                   "pick": "Pick", "keep": "Keep", "return": "Return", "submit": "Submit"}
    # A move taken back named by its noun where its button's verb is none ('your placing of ...').
    TAKEN_BACK = {"place": "placing of {cards}", "take": "taking of {cards}", "give": "giving of {cards}",
                  "submit": "submission of {cards}", "keep": "keeping of {cards}", "group": "laying down of {cards}",
                  "choose_faceup": "choice of face-up cards ({cards})", "play_blind": "blind play of {cards}",
                  "to_board": "putting of {cards} on the Board", "finish_exam": "finishing of the exam",
                  "choose": "choice of {cards}", "pick_up": "taking of the play ground",
                  "cancel_group": "taking back of the assignment being built"}
    # Which action kinds take a seat, a card position or a lane as their argument.
    SEAT_ARGS = frozenset()
    POSITION_ARGS = frozenset()
    LANE_ARGS = frozenset()
    # The table's own facts, which the presenter adds to a view it arranges (name: fact):
    # the game's state declares the rest.
    TABLE_FACTS = {}
    # Log lines for the game's own events: (who, detail) -> text.
    EVENT_WORDS = {
        "score": lambda who, d: f"{possessive(who)} score: {d}",
        "reveal": lambda who, d: f"{who} turned over {d}" if d else f"{who} showed their cards",
        "out": lambda who, d: f"{who} is out of the game",
        "turn_limit": lambda who, d: "The turn limit ends the game",
    }
    # Log words for moves between zone kinds: (source kind, destination kind) -> a line
    # with {who}, {what}, {src}, {dst}, or None for a move the log does not tell.
    MOVE_WORDS = {}
    # Events called out on the table (a large, short callout where they happened):
    # kind -> (who, detail) -> words, or None for no callout.
    CALLOUTS = {
        "skip": lambda who, d: f"{who} is skipped",
        "declare": lambda who, d: f"{who} declared {d}",
    }
    # Events also shown for a moment in the top bar.
    TOASTS = frozenset({"declare", "skip", SharedEvent.RECYCLE, "out", "score"})
    STATUS_EVENTS = frozenset()     # the events that give a seat the status its plate says (statuses)
    NEW_STAGE = frozenset()         # events from which the words tell the stage they begin, its cards still flying

    def begins_stage(self, event):
        """Does `event` begin a stage the words tell at once (one of NEW_STAGE's kinds)?"""
        return event.kind in self.NEW_STAGE
    # Outcomes that stay on the table until the person goes on (any key or click), at
    # every animation speed but Instant: the event kinds.
    WAITS = frozenset({SharedEvent.HAND_OVER, SharedEvent.GAME_OVER})
    # Of those, the outcomes that come in the middle of a move: the rest of the move waits
    # with them, so the table shows them where they happened (a failed blind card on the
    # pile it did not beat, before the pile is picked up).
    MID_MOVE = frozenset()
    # Kinds of move whose cards a click always picks, for a button to play (as several-card
    # moves are made), so that every card of the game answers a click the same way.
    PICK_THEN_PLAY = frozenset()
    # The piles a click makes a move on, as the button for it does: zone key -> (kind,
    # argument) of a legal move with no cards (a click on the draw pile draws).
    PILE_MOVES = {"draw": ("draw", None)}
    # Kinds of move a player commits to and cannot take back lightly (a knock raises the
    # stake, a fold gives up): the keyboard never starts on their buttons, so a stray
    # Enter takes the other way.
    BOLD = frozenset()
    # The kinds of move that play a card of your hand (none legal: the prompt says no_fit).
    PLAYS = frozenset({"play"})
    # Are the zones' names rule terms, written with capitals in sentences too ('the Board')?
    ZONE_TERMS = False
    # Does the game count the number printed on its cards? Where not (5 possessions), the
    # smallest faces leave it out and show only what counts.
    NUMBERED = True
    # The zone cards are drawn from, and the zones cards are played to.
    DRAW_PILE = "draw"
    PLAY_PILES = ("discard",)
    # A move of at least this many cards from the draw pile is a deal, not a draw (0: none is).
    DEAL_SIZE = 0
    # Facts never listed in the side panel, and facts whose value is a seat.
    SKIP_FACTS = frozenset({"step"})
    SEAT_FACTS = frozenset()
    # Facts of the turn being played (a die rolled), told of nobody while an outcome waits.
    TURN_FACTS = frozenset()
    FACT_LABELS = {"turn": "Turn", "hand": "Hand", "die": "Die", "target": "Target"}
    SIDE_FACTS = 7          # at most this many facts in the side panel
    # Do a seat's rows of face-up cards lie apart, smaller down to a share of their size,
    # before they overlap down to their index strips (Deadline's assignments, read as runs)?
    ROWS_APART = False
    SCORE_UNIT = "points"   # what a score counts, for the scores' column
    # One-line tips on the special cards, by printed rank, for a person's first turns.
    TIPS = {}
    # The cards the menu fans beside the game's name, by name (none: the deck's first faces).
    SHOWCASE = ()

    def __init__(self, info):
        """The presenter of the registered game `info` (a game.GameInfo)."""
        self.info = info
        deck = info.load_deck()
        self.family = deck[0].family
        self.deck_back = deck[0].back
        self.spoken = {name: copies[0].spoken for name, copies in deck.by_name.items()}
        self.by_name = {name: copies[0] for name, copies in deck.by_name.items()}

    # ---- the words -------------------------------------------------------------------------
    def kind_label(self, kind):
        """The button text for an action kind."""
        return self.KIND_LABELS.get(kind, capital(kind.replace("_", " ")))

    def arg_label(self, arg, names, kind="", view=None):
        """An action's argument in words: a seat's name, a colour, a position, a lane
        (`view`, when given, is the table the action is chosen at)."""
        if isinstance(arg, int) and not isinstance(arg, bool):
            if kind in self.SEAT_ARGS and seat_name(names, arg):
                return names[arg]
            if kind in self.POSITION_ARGS:
                return f"card {arg + 1}"
            if kind in self.LANE_ARGS:
                return f"lane {arg + 1}"
        if isinstance(arg, str):
            return arg.replace("_", " ")
        return str(arg)

    def selection_label(self, kind, actions, count):
        """The button that makes a move of `kind` with the `count` cards picked: 'Play 2
        cards'; one that still asks where the card goes (a lane) names the lanes it may go
        to, then asks ('Place in lane 1, 2 or 4...'), or the one lane it may go to ('Place
        in lane 4')."""
        if kind in self.LANE_ARGS and len(actions) > 1:
            numbers = [str(n + 1) for n in sorted({a.arg for a in actions})]
            return f"{self.kind_label(kind)} in lane {', '.join(numbers[:-1])} or {numbers[-1]}..."
        if kind in self.LANE_ARGS and actions:
            return f"{self.kind_label(kind)} in {self.arg_label(actions[0].arg, (), kind)}"
        label = self.kind_label(kind)
        return f"{label} ({count})" if label.endswith("cards") else f"{label} {plural(count, 'card')}"

    def step_kinds(self, view):
        """The kinds of move the step in hand is about (the cards they take are marked; a
        card only another kind takes is dimmed and played once confirmed), or None for
        every legal move."""
        return None

    def aside_title(self, card, actions):
        """The question before a card is played aside from the step in hand."""
        return f"Play {card_name(card)} this way?"

    def zone_tag(self, zone, view, names):
        """Words a zone's caption adds to its name that stay whole however crowded its
        seat is (whose the cards are, where that is not the seat's), or ''."""
        return ""

    def strength(self, card, view):
        """Where `card` stands among the ranks, the weakest lowest, for a hand sorted by
        rank: its value, unless a game orders its ranks otherwise."""
        return card.value

    def no_difference(self, actions, view):
        """Do `actions` differ only by a choice that can have no effect at the table `view`
        (the table then makes the default one without asking)? Never, unless a game says so."""
        return False

    def others_cards(self, view):
        """The cards lying among a player's own that are another player's, as (zone key,
        card name), outlined at the table as on the scores (Deadline's extra credit in an
        assignment); none unless a game says so."""
        return frozenset()

    def picked_from(self, view, anchor):
        """The keys of the other seats' hands seat `anchor` takes a card from blind at
        some point of the game: the table keeps the room a pick's outlines take under them
        at every moment, so that the seat's corner keeps its shape when a pick comes (none
        unless a game says so)."""
        return frozenset()

    def chosen(self, view):
        """The names of the viewer's own cards the game holds as chosen for the move in
        progress (marked as picked, as a selection is); none unless a game says so."""
        return frozenset()

    def choice_title(self, title, actions):
        """The heading of a choice between `actions` opened under `title` (the move's own
        words, 'Play D purple spades'); a game may say what is being chosen."""
        return title

    def group_label(self, kind, names, view=None):
        """The words of a button that opens a choice between several moves of `kind`."""
        return self.kind_label(kind)

    def action_label(self, action, names, with_cards=False, view=None):
        """A button or dialog label for one action (`view`: the table it is chosen at)."""
        words = self.kind_label(action.kind)
        if with_cards and action.cards:
            words += " " + cards_phrase(action.cards)
        if action.arg is not None:
            words += f" ({self.arg_label(action.arg, names, action.kind, view)})"
        return words

    def taken_back(self, action, names, view=None):
        """An action taken back, in words: 'your play of the 7 of hearts', 'your draw',
        a move whose button is a verb and no noun by its noun (TAKEN_BACK: 'your placing
        of the Offense green 7 (lane 1)', walkD17 #3's 'your place of the'; 'your choice of
        face-up cards (the 6 of spades, ...)', walkB17 #2's 'your choose face-up cards of')."""
        if action.kind == SharedAct.END_TURN:
            return "the end of your turn"
        noun = self.TAKEN_BACK.get(action.kind, self.kind_label(action.kind).lower() + " of {cards}")
        cards = ", ".join(the(card_name(c)) for c in action.cards)
        bare = noun.replace(" of {cards}", "").replace(" ({cards})", "")      # a move of no cards
        words = "your " + (noun.format(cards=cards) if cards else bare)
        if action.arg is not None:
            words += f" ({self.arg_label(action.arg, names, action.kind, view)})"
        return words

    def move_line(self, event, who, zones, names=()):
        """The log line for cards moving from one zone to another: who drew or played
        what, or moved it from where to where (zones named with their owner). Several
        cards seen as they are dealt are counted before they are named ('dealt': 'Theo
        was dealt 7 cards: 7 blue diamonds, ...', walkC17 #2: 'was dealt 7 blue diamonds'
        first read as seven cards)."""
        src = self.zone_label(event.src, event.seat, zones, names)
        dst = self.zone_label(event.dst, event.seat, zones, names)
        what = cards_phrase(event.cards)
        seen = len(event.cards) > 1 and any(c is not None for c in event.cards)
        dealt = f"{plural(len(event.cards), 'card')}: {what}" if seen else what
        kinds = tuple((key or "").split(":")[0] for key in (event.src, event.dst))
        if kinds in self.MOVE_WORDS:
            words = self.MOVE_WORDS[kinds]
            return words and words.format(who=who, what=what, dealt=dealt, src=src, dst=dst)
        if event.src == self.DRAW_PILE:
            if who and self.DEAL_SIZE and len(event.cards) >= self.DEAL_SIZE:
                return f"{who} was dealt {dealt}"
            return f"{who} drew {what}" if who else f"{what} dealt to {dst}"
        if not who:
            return None
        if event.src and event.src.startswith("hand") and event.dst in self.PLAY_PILES:
            return f"{who} played {what}"
        return f"{who} moved {what} from {src} to {dst}"

    def zone_label(self, key, seat, zones, names):
        """A zone in the log: 'their hand' for the actor's own, "Theo's hand" for another's
        ('your hand' for a lesson's learner, called You)
        (`zones`: the view's zones by key; a zone's name as a sentence says it, see
        zone_word)."""
        zone = zones.get(key)
        if zone is None:
            return ""
        name = self.zone_word(zone.name)
        owner = seat_name(names, zone.owner)
        if owner:
            return f"their {name}" if zone.owner == seat else f"{possessive(owner, within=True)} {name}"
        return f"the {name}"

    def zone_word(self, name):
        """A zone's name as a sentence says it: 'hand', 'discard pile' (as it is when the
        game's zone names are rule terms, as Final Count's Board)."""
        return name if self.ZONE_TERMS or not name else name[0].lower() + name[1:]

    def event_line(self, event, names, zones):
        """One log line for an event as a seat saw it, or None for events not worth a line."""
        who = seat_name(names, event.seat)
        kind, detail = event.kind, event.detail
        if kind == SharedEvent.MOVE:
            line = self.move_line(event, who, zones, names)
            return capital(line, names) if line else None
        if kind == "skip" and isinstance(detail, list) and len(detail) > 1:     # several skipped: each named
            return named_together([seat_name(names, s) for s in detail]) + " are skipped"
        phrase = self.EVENT_WORDS.get(kind)           # a game's own words first (Deadline's shuffled discards)
        if phrase is not None:
            line = phrase(who or "Everyone", detail)
            return capital(line, names) if line else None
        if kind in GENERIC_EVENTS:
            return GENERIC_EVENTS[kind](who, detail)
        words = kind.replace("_", " ")
        if who:
            words = f"{who}: {words}"
        if detail is not None and not isinstance(detail, (list, dict, tuple)):
            words += f" ({detail})"
        return capital(words, names)

    def log_lines(self, events, names, zones, keep=60):
        """The log: one entry per turn (a seat's consecutive events joined: 'Theo drew a
        card, played 7 red hearts'; several draws in a row said once with their count:
        'drew 4 cards'), the newest `keep`."""
        entries = []        # [who, [(first event's index, [lines said together]), ...]] or [None, line]
        last_seat = object()
        for index, (event, line) in enumerate(self.event_lines(events, names, zones)):
            if not line:
                continue
            who = seat_name(names, event.seat)
            if entries and who and event.seat == last_seat and line.startswith(who + " "):
                parts, part = entries[-1][1], line[len(who) + 1:]
                if part.startswith("drew ") and parts[-1][1][-1].startswith("drew "):
                    parts[-1][1].append(part)
                else:
                    parts.append((index, [part]))
            elif who and line.startswith(who + " "):
                entries.append([who, [(index, [line[len(who) + 1:]])]])
            else:
                entries.append([None, line])
            last_seat = event.seat if who and line.startswith(who + " ") else object()
        return [line if who is None else
                f"{who} " + ", ".join(self.together(part, events, start) for start, part in line)
                for who, line in entries[-keep:]]

    def open_lines(self, state, start, stop, names):
        """The log's entries for `state`'s events `start:stop` with every card face up (a
        finished game's replay, as the replay viewer's 'Cards: all' tells it)."""
        events = [event._replace(visible_to=None) for event in state.events[start:stop]]
        zones = {zone.key: zone for zone in state.open_view().zones}
        return self.log_lines(events, names, zones, keep=max(1, len(events)))

    def event_lines(self, events, names, zones):
        """Each event with its log line (None: not worth one); a game whose move is told
        by several events says it on the first (Final Count's swap)."""
        return [(event, self.event_line(event, names, zones)) for event in events]

    def together(self, parts, events, start):
        """Parts of a turn's entry said at once (`events[start]`: the first one's event):
        draws in a row as 'drew 4 cards' (with the cards when they are seen: 'drew 2
        cards: 7 of hearts, 9 of clubs'), and why, where the game says ('for two 2s')."""
        if not parts[0].startswith("drew "):
            return parts[0]
        words = self.drew(len(parts), events, start)
        if words is None:
            return parts[0]
        drawn = [part[len("drew "):] for part in parts]
        return words if all(d == "a card" for d in drawn) else words + ": " + ", ".join(drawn)

    def drew(self, count, events, start):
        """A player's `count` draws in a row from `events[start]` on, said at once ('drew
        4 cards'; None: one draw, said as it is). Final Card-Down says the penalty of the
        2s they belong to."""
        return f"drew {count} cards" if count > 1 else None

    def event_kinds(self):
        """Every event kind this presenter has words for."""
        return set(self.EVENT_WORDS) | set(GENERIC_EVENTS) | {SharedEvent.MOVE}

    def is_toast(self, event):
        """Is this event also shown for a moment in the top bar?"""
        return event.kind in self.TOASTS

    def callouts(self, events, view, names):
        """The callouts of `events` (as the viewer saw them; `view`: the table after them),
        in order, each marked with its event's position (see event_callouts)."""
        return [call._replace(event=i) for i in range(len(events))
                for call in self.event_callouts(events, i, view, names)]

    def event_callouts(self, events, i, view, names):
        """The callouts of event `i` of `events`: each kind of CALLOUTS where it happened, a
        hand won and the game won (a short celebration); a game may say several, or read
        the events before it."""
        call = self.callout(events[i], view, names)
        return [] if call is None else [call]

    def callout(self, event, view, names):
        """One event's callout (a Callout), or None. A score called out is told as it
        shows: the panel says the score it says while both are on the table (the table's
        rule, Timeline.told); only a count-up keeps the scores as they stood until it has
        gone (see Callout.hides_scores)."""
        who = seat_name(names, event.seat)
        if event.kind == SharedEvent.GAME_OVER:
            return Callout(capital(winners_words(view, names)) + " the game!", seconds=2.0, grand=True)
        if event.kind in self.HAND_WON:
            winner = self.won_hand(event, view)
            if winner is None:
                return None
            return Callout(agree(f"{names[winner]} wins the hand!"), self.seat_zones(view, winner),
                           seconds=1.6, grand=True)
        if event.kind == "skip" and isinstance(event.detail, list) and len(event.detail) > 1:
            words = named_together([seat_name(names, s) for s in event.detail]) + " are skipped"
            return Callout(words, sum((self.seat_zones(view, s) for s in event.detail), ()))
        phrase = self.CALLOUTS.get(event.kind)
        words = phrase and phrase(who or "Everyone", event.detail)
        if not words:
            return None
        return Callout(agree(capital(words)), self.seat_zones(view, event.seat))

    def seat_zones(self, view, seat):
        """Where a seat sits at the table, for a callout about it: its hand (else every
        zone of its own); () for no seat."""
        if seat is None or isinstance(seat, bool) or not isinstance(seat, int):
            return ()
        own = [z.key for z in view.zones if z.owner == seat]
        hand = f"hand:{seat}"
        return (hand,) if hand in own else tuple(own)

    def outcome_line(self, event, view, names, zones):
        """The words of an outcome held on the table (`view`: the table after it): the
        game's end names its winners; anything else reads as its log line."""
        if event.kind == SharedEvent.GAME_OVER:
            return f"Game over: {winners_words(view, names)}"
        return self.event_line(event, names, zones)

    END_SHOWN = "the cards only their owner saw are face up now"

    def end_shown(self, before, view):
        """What the game's end says besides its outcome when it turns face up cards that
        only their owner saw in play (every hand is shown at the end: GameState.view),
        `before` being the table before the last change as `view`'s seat saw it: a zone of
        another player's that showed a card face down then and shows cards now
        (walkB15 #7b: 5 possessions' used-up and closed cards turned face up with no
        word); '' when the end turns none."""
        was = {zone.key: zone for zone in before.zones}
        turned = any(zone.owner not in (None, view.seat) and zone.key in was and None in was[zone.key].cards
                     and any(card is not None for card in zone.cards) for zone in view.zones)
        return self.END_SHOWN if turned else ""

    def goes_with(self, key):
        """The key of the zone that zone `key` is laid beside and never apart from (on
        the same line of a seat's cards), or None."""
        return None

    def dead_lanes(self, view):
        """The lanes where a card set now would be used up unseen, marked apart from the
        others when a picked card may go there (none but in games with such lanes)."""
        return frozenset()

    def outcome_lane(self, event):
        """The field lane an outcome is written on (None: the banner over the table)."""
        return None

    def is_deal(self, event):
        """Does this move take cards from the draw pile (the dealing sound)?"""
        return event.src == self.DRAW_PILE

    # Events that end a hand (or what the game has instead) with its winner in `seat`.
    HAND_WON = frozenset({SharedEvent.HAND_OVER})

    def won_hand(self, event, view):
        """The seat that `event` says won a hand (the winning sound), or None: the event's
        seat for one of HAND_WON, else the hand's result in `view` names it."""
        if event.kind not in self.HAND_WON:
            return None
        if event.seat is not None:
            return event.seat
        result = self.hand_result(view) if view is not None else None
        return next((seat for seat, (_, won) in (result or {}).items() if won), None)

    def prompt(self, view, viewer, names, selected=0, humans=None, legal=None, held=False, context=None):
        """The top bar's words: where the game stands (`context`, when given: the words of
        the moment an outcome held on the table belongs to), then what to do now (on your
        turn, with `selected` cards chosen so far; `legal`, the moves you have, when known:
        with no card of your hand among them, what to do instead), whom the table waits
        for (`humans` says which seats are people: a computer 'is thinking'), or, while an
        outcome is `held` on the table, to read it and go on."""
        current = view.current_player
        if view.is_over:
            doing = f"Game over: {winners_words(view, names)}"
        elif current is None:
            doing = ""
        elif held:
            doing = "Read what happened, then press any key or click to go on"
        elif current == viewer:
            stuck = legal is not None and not any(a.kind in self.PLAYS for a in legal)
            doing = (stuck and self.no_fit(view, names)) or self.instruction(view, names, selected) or "Your turn"
        else:
            who = seat_name(names, current)
            doing = agree(self.waiting(view, current, names)) or (
                f"{who} is thinking..." if humans is not None and not humans[current] else f"Waiting for {who}")
        where = self.context(view, names) if context is None or view.is_over else context
        return "  ·  ".join(w for w in (where, doing) if w)

    def no_fit(self, view, names):
        """What to do, on your turn, when no card of your hand may be played (no move of a
        kind in PLAYS is legal): '' to say what instruction says."""
        return ""

    def context(self, view, names):
        """Where the game stands ('Hand 2, final round'); '' to say nothing."""
        return ""

    def instruction(self, view, names, selected):
        """What the viewer, whose turn it is, does now in the game's words ('' for 'Your turn')."""
        return ""

    def waiting(self, view, seat, names):
        """What `seat`, another player, is doing now ('Theo is choosing face-up cards'),
        or '' to say only whom the table waits for."""
        return ""

    def arranged(self, view, events):
        """The view as the table shows it; `events()` gives the game's events so far as
        the viewer saw them. Most games show their view as it is."""
        return view

    def cleared(self, view):
        """The table between moves, once the outcome of the last down or line has been
        read: the cards the rules keep on the table until the next play (4 downs' Played
        slots, 5 possessions' last line) shown where that play puts them, so that the
        next down or line starts on a clear table. Most games keep nothing: `view`."""
        return view

    def tip(self, card):
        """The one-line tip on `card`, a special card ('' for any other)."""
        return self.TIPS.get(card.rank, "")

    def card_note(self, card, view=None):
        """A line under the enlarged `card` on what of it counts in this game, at the table
        `view` ('' for none)."""
        return ""

    def card_words(self, value):
        """A fact's value in words: a card's file code ('QS') as its spoken name."""
        return self.spoken.get(value, value) if isinstance(value, str) else value

    def fact_lines(self, facts, names):
        """The public facts worth showing, in order, as (label, value) pairs: seats by
        name, cards by their spoken names."""
        lines = []
        for key, value in facts.items():
            if key in self.SKIP_FACTS or key.startswith("_") or value is None or value is False:
                continue
            if isinstance(value, (dict, list, tuple, set)) or (
                    value == 0 and key not in self.SEAT_FACTS and key != "die"):
                continue
            if key in self.SEAT_FACTS:
                value = seat_name(names, value)
                if not value:
                    continue
            label = self.FACT_LABELS.get(key, capital(key.replace("_", " ")))
            lines.append((label, "yes" if value is True else str(self.card_words(value))))
        return lines

    def statuses(self, view):
        """What a seat's name plate says instead of its card count: {seat: 'folded'} (none
        by default; the table shows a seat's once the event of STATUS_EVENTS that gave it
        is told)."""
        return {}

    def readouts(self, view, names):
        """The side panel's readouts while the game is played (side_facts); none once it
        is over, when they no longer apply."""
        return [] if view.is_over else self.side_facts(view, names)

    def side_facts(self, view, names):
        """The facts of the side panel: (label, value, colour swatch or None), at most SIDE_FACTS."""
        return [(label, value, None) for label, value in self.fact_lines(view.facts, names)][:self.SIDE_FACTS]

    def places(self, view):
        """The players' places, from the public view: {seat: place from 1}: the winners
        first, then the others by their scores, the better first (the registry's
        `scores:`), equal scores sharing a place; after a hand (no winners yet), everyone
        by the running scores."""
        scores = view.scores
        others = sorted({p for s, p in enumerate(scores) if s not in view.winners},
                        reverse=not self.info.lower_is_better)
        first = 2 if view.winners else 1
        return {s: 1 if s in view.winners else first + others.index(p) for s, p in enumerate(scores)}

    def score_words(self, view=None):
        """What the scores count and which way is better ('points in hand, lower is better';
        `view`: the table, while the game is played)."""
        better = "lower" if self.info.lower_is_better else "higher"
        return f"{self.SCORE_UNIT}, {better} is better"

    def hand_result(self, view, events=()):
        """The hand just ended, for the scores between hands: {seat: (its points this
        hand or None where a hand scores no points of its own, whether it won the hand)},
        or None where the game says nothing of it; `events`, the game's so far, where the
        facts alone do not tell a hand's points."""
        return None

    def hand_points(self, points, interim):
        """A plate's points of the hand just ended, under its score: '+12 this hand' (at
        the game's end, `interim` False: 'last hand')."""
        return f"+{points} " + ("this hand" if interim else "last hand")

    def hand_over(self, view):
        """The scoring screen's headline between two hands."""
        return "The hand is over"

    def summary_lines(self, view, names):
        """The lines under the scores: the public facts worth keeping (at most four)."""
        return [f"{label}: {value}" for label, value in self.fact_lines(view.facts, names)[:4]]

    def breakdown(self, view, seat, names):
        """How `seat`'s score was made, in words, from the view at the end ('' when nothing to say)."""
        return ""

    def plate_words(self, view, seat, names):
        """How `seat`'s score was made, for a plate that shows the cards that made it
        (score_cards) beside the words: by default the breakdown."""
        return self.breakdown(view, seat, names)

    def showcase(self):
        """The cards the menu shows beside the game: SHOWCASE's, else the deck's first five faces."""
        return [self.by_name[name] for name in self.SHOWCASE or tuple(self.by_name)[:5]]

    def cards_named(self, names):
        """Cards from their names in the facts (one face per name)."""
        return [self.by_name[name] for name in names if name in self.by_name]

    def score_cards(self, view, seat, names):
        """The cards that made `seat`'s score, for the scoring screen: groups of (a caption
        in the game's words, the cards, None for one face down), or (caption, cards, givers)
        where another player's card lies among them (givers: for each card, the name of the
        player it belongs to where that is not `seat`, else None; it is drawn outlined, and
        summary_lines says whose it is), or (caption, cards, givers, True) where they score
        nothing, a rule having cancelled them (drawn struck out; the caption says why): by
        default the cards left in its hand."""
        held = [card for zone in view.zones if zone.owner == seat and zone.kind == "hand" for card in zone.cards]
        return [(f"Left in hand: {plural(len(held), 'card')}", held)] if held else [("No cards left", [])]

    # ---- the look --------------------------------------------------------------------------
    def swatch(self, action):
        """The colour a choice of `action` shows beside its words (a colour it declares),
        or None."""
        return None

    def zoom_size(self):
        """The size a card under the pointer is shown at: large enough for every word on
        its face (a Play Design card's words are small)."""
        return (190, 266) if self.family == "formation" else self.sizes.zoom

    def back_of(self, view, zone_key):
        """The back a hidden card of zone `zone_key` shows: the game's deck's."""
        return self.deck_back

    def owners(self, view):
        """Each zone's seat for the layout (None for the middle of the table)."""
        return {z.key: z.owner for z in view.zones}

    def field(self, view, anchor, names):
        """The zones laid out as a field of lanes, as {zone key: (lane, row, half, caption)};
        a game without a field has none."""
        return {}

    def veiled(self, view, before, lane, seat, anchor, names):
        """The table while a line's outcome is told lane by lane, up to field lane `lane`
        (a lesson's reveal): the other players' cards in the later lanes lie face down,
        and the scores, the facts and whether the game is over stay as they stood `before`
        the line was played out, so neither the panel nor the top bar tells anything ahead
        of its lane. A card shown face up `before` the line (a pile of earlier lines'
        cards under a lane) stays face up: the veil hides only what the line turns over.
        `seat` is the one looking."""
        cells = self.field(view, anchor, names)
        shown = {z.key: z.cards for z in before.zones}
        zones = tuple(z._replace(cards=tuple(card if card in shown.get(z.key, ()) else None for card in z.cards))
                      if z.key in cells and cells[z.key][0] > lane and z.owner != seat else z
                      for z in view.zones)
        return view._replace(zones=zones, scores=before.scores, is_over=before.is_over, winners=before.winners,
                             facts=self.facts_veiled(view.facts, before.facts, lane))

    def veiled_step(self, view, before, step, seat, anchor, names):
        """The table at `step` of a line revealed step by step, (lane, zones) (see
        Callout): as veiled up to that lane, or, with `zones` (the cards of the lane
        turned over so far: 5 possessions' offense card before its defense card), up to
        the lane before, and those zones as they are."""
        lane, zones = step
        if zones is None:
            return self.veiled(view, before, lane, seat, anchor, names)
        shown = self.veiled(view, before, lane - 1, seat, anchor, names)
        real = {z.key: z for z in view.zones}
        return shown._replace(zones=tuple(real[z.key] if z.key in zones else z for z in shown.zones))

    @staticmethod
    def moved(view, moves, face_down=frozenset()):
        """`view` with the cards of some zones moved to others, as `moves` {source zone
        key: destination zone key} says (on top of what lies there); those moved to a
        zone in `face_down` (one nobody may see into) lie face down there."""
        zones = {z.key: z for z in view.zones}
        added = {}
        for src, dst in moves.items():
            cards = zones[src].cards
            added[dst] = added.get(dst, ()) + ((None,) * len(cards) if dst in face_down else cards)
        return view._replace(zones=tuple(
            z._replace(cards=(() if z.key in moves else z.cards) + added.get(z.key, ())) for z in view.zones))

    def facts_veiled(self, facts, before, lane):
        """The facts to show while a line is told lane by lane up to `lane` (see veiled):
        as they stood `before` the line."""
        return before

    def facts_ended(self, facts, before):
        """The facts to show while the end of a stage (5 possessions' possession) waits to
        be read, the next stage begun behind it (`facts`, the table's): as they stood
        `before` the move that ended it, with what that move did that the table shows."""
        return before

    def veiled_roll(self, view):
        """The table while the die just rolled still tumbles: its face told nowhere (the
        top bar, the panel). Most games have no die."""
        return view

    def die_face(self, view, rolled):
        """The face the die shows when still (`rolled`: the last roll the table showed;
        None: no die)."""
        return rolled

    def die_centre(self, board):
        """Where the die lies on `board` (a scenes/table/layout.Board); None for a game without one."""
        return None

    def picks(self, action, zone, index, viewer, view=None):
        """Does a blind pick `action` (its arg a position) point at card `index` of `zone`
        (at the table `view` shows)? Positions count in the viewer's own zones and the
        shared ones."""
        return action.kind in self.POSITION_ARGS and action.arg == index and zone.owner in (viewer, None)

