"""Deadline at the table: each assignment lies with its owner, extra credit with the
assignment it extends; the grades in the scoring breakdown (the rulings it cites:
docs/rulings/deadline.md)."""
from game.cards import STANDARD_RANKS, with_article
from game.deadline.grading import COMPLETE, FOUR_CARD_BONUS, extends, group_shape, open_groups
from game.deadline.measures import EXAMS, semester
from game.deadline.rules import Act
from game.core import SharedEvent
from game.presenter import (Callout, Presenter, begins, card_name, named_together, ordinal, plural, possessive,
                            seat_name)


# Where a draw comes from, as players say it (the engine's `stock` is kept: records hold it).
DRAW_FROM = {"stock": "draw pile", "discard": "discard pile"}


NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
SUITS = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}


def shape(cards):
    """An assignment's cards (Card objects) by rank, as players say them: 'three 7s',
    '4-5-6 of hearts', 'two Queens and a Joker'."""
    jokers = sum(1 for c in cards if c.rank == "JK")
    real = [c for c in cards if c.rank != "JK"]
    if not real:
        return f"{NUMBERS.get(jokers, jokers)} Jokers"
    ranks = {c.rank for c in real}
    if len(ranks) == 1:
        rank = RANK_NAMES.get(real[0].rank, real[0].rank)
        words = f"{NUMBERS.get(len(real), len(real))} {rank}s" if len(real) > 1 else with_article(rank)
    else:
        suit = SUITS.get(real[0].suit, "")
        words = "-".join(RANK_NAMES.get(c.rank, c.rank) for c in real) + (f" of {suit}" if suit else "")
    return words + (" and a Joker" if jokers == 1 else f" and {NUMBERS.get(jokers, jokers)} Jokers" if jokers else "")


def in_run_order(cards):
    """A run's cards low to high (an Ace below the 2, or above the King where the run
    holds a King and no 2: Q-K-A)."""
    ranked = sorted(cards, key=lambda c: c.value)
    ranks = {c.rank for c in cards}
    if "A" in ranks and "K" in ranks and "2" not in ranks:
        ranked = [c for c in ranked if c.rank != "A"] + [c for c in ranked if c.rank == "A"]
    return ranked


def is_run(cards):
    """Do an assignment's cards (Jokers aside) hold more than one rank?"""
    return len({c.rank for c in cards if c.rank != "JK"}) > 1


def ordered(cards, ace_high):
    """A run's cards low to high as the table lays them (with Ace high, the ace last)."""
    return sorted(cards, key=lambda c: 14 if c.rank == "A" else c.value) if ace_high else in_run_order(cards)


def whole(cards, run):
    """An assignment's shape with all its cards (its owner's and the extra credit on it),
    a run's in order: 'Ace-2-3-4 of diamonds' with Sam's 3, never a run with a gap."""
    return shape(in_run_order(cards) if run else cards)


def rank_word(card):
    """A card's rank as players say it: 'Ace', '7'."""
    return RANK_NAMES.get(card.rank, card.rank)


def with_extra(own, extra, names, run):
    """An assignment by its owner's cards, the extra credit on it (`extra`: [(the seat
    that played it, card)]) said apart, whose it is, for it counts only for them and
    makes the owner's neither complete nor worth more (A14): 'two 5s + Sam's 5', '7-8 of
    hearts + Sam's 9'. A run its owner extended past the extra credit is named whole
    with the extra credit said in it ('Ace-2-3-4 of diamonds (the 3 is Sam's)'): never
    a run with a gap). A player called You is 'your' and 'yours' within the line (walkC16
    #5: '+ Your King')."""
    if not extra:
        return whole(own, run)
    givers = {}
    for seat, card in extra:
        givers.setdefault(seat, []).append(card)
    theirs = [(seat_name(names, seat) if seat is not None else None, cards) for seat, cards in givers.items()]
    if run and not consecutive_run(own):
        said = " and ".join(f"the {' and '.join(rank_word(c) for c in cards)} {'is' if len(cards) == 1 else 'are'} "
                            f"{whose(who, alone=True)}" for who, cards in theirs)
        return f"{whole(own + [c for _, c in extra], run)} ({said})"
    return f"{whole(own, run)} + " + " and ".join(f"{whose(who)} {given_words(cards, run)}" for who, cards in theirs)


def whose(name, alone=False):
    """Whose extra credit it is, within a line: 'Sam's', 'your' ('yours' `alone`, ending
    it), or 'another student's' for a seat not named (None)."""
    if name is None:
        return "another student's"
    if name == "You" and alone:
        return "yours"
    return possessive(name, within=True)


def given_words(cards, run):
    """The cards of extra credit one student gave an assignment: '5', 'two 5s', '9 and 10'."""
    if len(cards) == 1:
        return rank_word(cards[0])
    return " and ".join(rank_word(c) for c in in_run_order(cards)) if run else shape(cards)


def consecutive_run(cards):
    """Do a run's cards (Jokers aside) follow one another with no rank missing?"""
    real = in_run_order([c for c in cards if c.rank != "JK"])
    steps = [STANDARD_RANKS.index(c.rank) for c in real]
    if steps and real[-1].rank == "A" and len(real) > 1 and real[-2].rank == "K":
        steps[-1] = len(STANDARD_RANKS)
    return all(b == a + 1 for a, b in zip(steps, steps[1:]))


def is_draw_back(event):
    """Is `event` the draw-back's beginning, after the Midterm (A18)?"""
    return event.kind == "phase" and (event.detail or {}).get("phase") == "draw_back"


def sharing(groups, ace_high=False):
    """The sets and runs still held (grading.open_groups) in words, those linked by a
    card they share said together: a card goes in one assignment only, so 'either two
    Aces or Ace-2 of clubs (both need the Ace of clubs: lay one)' where laying one leaves
    the other no set or run, else 'three Aces and Ace-2 of clubs (the Ace of clubs goes in
    only one)'; a set sharing a card with each of two runs, 'either two 3s, or 3-4 of
    diamonds and 2-3 of spades (they share the 3 of diamonds and the 3 of spades)'. Those
    sharing nothing come first."""
    alone, linked, placed = [], [], set()
    for i in range(len(groups)):
        if i in placed:
            continue
        chain = [i]
        for k in chain:                     # every group linked to it, card by shared card
            chain += [j for j in range(len(groups)) if j not in chain and j not in placed
                      and any(c is d for c in groups[k] for d in groups[j])]
        placed.update(chain)
        if len(chain) == 1:
            alone.append(shape(groups[i]))
        else:
            linked.append(together([groups[j] for j in chain], ace_high))
    return alone + linked


def together(chain, ace_high):
    """Groups linked by the cards they share (see sharing), in words."""
    shared = [c for k, group in enumerate(chain) for c in group
              if any(c is d for other in chain[:k] + chain[k + 1:] for d in other)
              and not any(c is d for earlier in chain[:k] for d in earlier)]
    cards = named_together(["the " + card_name(c) for c in shared])

    def rest(cards_):
        return [c for c in cards_ if not any(c is d for d in shared)]
    left = any(open_groups(rest(group), ace_high) for group in chain)
    if len(chain) == 2:
        if left:
            return (f"{shape(chain[0])} and {shape(chain[1])} ({cards} "
                    + ("go in only one each)" if len(shared) > 1 else "goes in only one)"))
        return f"either {shape(chain[0])} or {shape(chain[1])} (both need {cards}: lay one)"
    hub = next((group for group in chain if all(any(c is d for c in group for d in other)
                                                for other in chain if other is not group)), None)
    others = [group for group in chain if group is not hub]
    apart = all(not any(c is d for c in a for d in b) for k, a in enumerate(others) for b in others[k + 1:])
    if hub is not None and apart and not left:
        return (f"either {shape(hub)}, or {named_together([shape(g) for g in others])} "
                f"(they share {cards})")
    return f"{named_together([shape(g) for g in chain])} ({cards} go in only one each)"


# The scores' legend for a card drawn in another student's assignment (A14), and how many
# such cards it names one by one (more would run to lines under the buttons).
OUTLINED = "Outlined: another student's extra credit, 1 point for them, nothing for the owner"
NAMED_MOST = 3


def jokers(count):
    """'a Joker', '2 Jokers'."""
    return "a Joker" if count == 1 else f"{count} Jokers"



def draw_instruction(stock, discards):
    """Only the draws on offer: the draw pile while it holds a card or two discards can
    refill it (A10; drawn from empty, it says the refill: the pile's place is only an
    outline), the top discard while there is one."""
    if not stock and discards >= 2:
        return (f"The draw pile is empty: {RESHUFFLE}, then draws its top card; "
                "or take the top discard")
    if stock and discards:
        return "Draw a card from the draw pile, or take the top discard"
    if stock:
        return "Draw a card from the draw pile"
    return "The draw pile is empty: take the top discard"


# A draw from the empty draw pile (A10): the discards but the top one refill it first.
RESHUFFLE = "Draw shuffles the discards but the top one into a new draw pile"
REFILLED = "new pile from the discards"


# The Midterm ends straight into the draw-back: it is not scored (A23 of
# docs/rulings/deadline.md), and the cards drawn count against a score so far.
DRAW_BACK = (begins("Draw-back") + ". The Midterm's assignments stay on the table and are graded at the end with "
             "the Final's (the Midterm itself is not scored). Everyone draws back up to 7 cards, and cards "
             "in hand count against a score until they are laid down")
DRAW_BACK_CALL = "Midterm assignments stay and count at the Final: everyone drew back to 7"


class Deadline(Presenter):
    """Deadline's words, owners and grades."""

    KIND_LABELS = dict(Presenter.KIND_LABELS, cancel_group="Take it back", finish_exam="Finish exam",
                       group="Lay down")
    POSITION_ARGS = frozenset({Act.TAKE})
    PILE_MOVES = {"draw": (Act.DRAW, "stock"), "discard": (Act.DRAW, "discard")}
    came_after = ()       # while the log is told: the cards moved onto an assignment after the event told
    givers = {}           # and who played each card of extra credit (by its name)
    merged = {}           # the extra credit the table shows in its assignment (arranged): its giver, by card name
    EVENT_WORDS = dict(Presenter.EVENT_WORDS, finish_exam=lambda who, d: f"{who} finished the exam",
                       recycle=lambda who, d: "The discards but the top one were shuffled into a new draw pile",
                       phase=lambda who, d: DRAW_BACK if d["phase"] == "draw_back"
                       else begins(semester(d['phase'], d['rotation'])))
    CALLOUTS = dict(Presenter.CALLOUTS,
                    score=lambda who, d: f"{possessive(who)} exam graded: {plural(d, 'point')}")
    MOVE_WORDS = {("discard", "hand"): "{who} took {what} from the discard pile",
                  ("hand", "discard"): "{who} discarded {what}",
                  ("hand", "pending"): "{who} took {what} blind from {src}",
                  ("pending", "hand"): "{who} received {what}",
                  ("hand", "group"): None,      # the assignment being built is told once laid down,
                  ("group", "hand"): None,      # never its cards put in nor taken back
                  ("discard", "draw"): "{what} may not start the discard pile: it goes to the bottom of the draw pile",
                  ("hand", "hand"): None}
    SEAT_FACTS = frozenset({"leader"})
    TIPS = {"JK": "A Joker can never be discarded; at grading it cancels your lowest completed assignment"}
    SHOWCASE = ("7H", "8H", "9H", "QS", "JK")
    DEAL_SIZE = 2
    ROWS_APART = True     # an assignment's cards apart (walk 13: a Jack under its Queen read as one card)
    SKIP_FACTS = Presenter.SKIP_FACTS | {"rotation", "building", "ace_high", "voluntary_submission", "exam",
                                         "turn_step"}
    FACT_LABELS = dict(Presenter.FACT_LABELS, leader="Leader")

    def event_callouts(self, events, i, view, names):
        """The Midterm's end is called out by the assignments that stay once the
        draw-back's last card has landed, never before a hand is back to 7: it is not
        scored, and everyone drew back (A18, A23)."""
        event = events[i]
        if is_draw_back(event):
            drawn = next((k for k in range(i + 1, len(events) + 1)
                          if k == len(events) or events[k].kind not in (SharedEvent.MOVE, SharedEvent.RECYCLE)), i + 1)
            return [] if drawn > i + 1 else [self.draw_back_call(view)]
        if event.kind in (SharedEvent.MOVE, SharedEvent.RECYCLE) and (
                i + 1 == len(events) or events[i + 1].kind not in (SharedEvent.MOVE, SharedEvent.RECYCLE)):
            start = next((k for k in range(i - 1, -1, -1) if events[k].kind not in (SharedEvent.MOVE, SharedEvent.RECYCLE)),
                         None)
            if start is not None and is_draw_back(events[start]):
                return super().event_callouts(events, i, view, names) + [self.draw_back_call(view)]
        return super().event_callouts(events, i, view, names)

    @staticmethod
    def draw_back_call(view):
        """The draw-back's callout, by the Midterm's assignments it speaks of."""
        return Callout(DRAW_BACK_CALL, tuple(z.key for z in view.zones if z.key.startswith("assignment:") and z.cards)
                       or ("draw",), 2.0)

    def callout(self, event, view, names):
        """A grade speaks of every card its student holds or laid down (kept clear where
        it can be)."""
        call = super().callout(event, view, names)
        if event.kind == "score" and call is not None:
            owner = self.owners(view)
            return call._replace(at=tuple(z.key for z in view.zones if z.cards and owner.get(z.key) == event.seat))
        return call

    def assignment_words(self, assignment, names, viewer=None):
        """An assignment on the table (a fact) by its owner and ranks, the extra credit on
        it said apart: "Sam's three 7s", 'your 4-5 of hearts + Theo's 6'."""
        owner = assignment["owner"]
        whose = "your" if owner == viewer else possessive(seat_name(names, owner))
        return f"{whose} " + self.assignment_shape(assignment, names)

    def assignment_shape(self, assignment, names):
        """An assignment (a fact) by its ranks, the extra credit on it said apart by whose
        it is (see with_extra)."""
        extra = [(seat, self.by_name[name]) for seat, name in assignment.get("extra_credit") or ()]
        return with_extra(self.cards_named(assignment["cards"]), extra, names, assignment.get("kind") == "run")

    def taken_back(self, action, names, view=None):
        """As every game says a move taken back, but Take it back (the assignment being
        built, back into the hand) in words: 'your taking back of the assignment being
        built', never 'your take it back' (its button's label pasted in)."""
        if action.kind == Act.CANCEL_GROUP:
            return "your taking back of the assignment being built"
        return super().taken_back(action, names, view)

    def move_line(self, event, who, zones, names=()):
        """An assignment laid down, extended or given extra credit is named by its owner
        and ranks, as it stood before the move, the extra credit on it counted in ('Sam
        played 5 of clubs as extra credit on Theo's three 7s', 'Ines extended their
        Ace-2-3 of diamonds with 4 of diamonds')."""
        kind, _, k = (event.dst or "").partition(":")
        zone = zones.get(f"assignment:{k}")
        if kind not in ("assignment", "extra") or zone is None or not zone.cards or None in zone.cards:
            return super().move_line(event, who, zones, names)
        what = ", ".join(card_name(c) for c in event.cards)
        whose = "their" if zone.owner == event.seat else possessive(seat_name(names, zone.owner))
        if event.src == "group":
            laid = [c for c in event.cards if c is not None]
            return f"{who} laid down {whole(laid, is_run(laid))} ({what})"
        extra = zones.get(f"extra:{k}")
        gone = [c.name for c in event.cards if c is not None] + list(self.came_after)
        theirs = {c.name for c in extra.cards if c is not None} if extra is not None else set(self.merged)
        cards = [c for c in zone.cards + (extra.cards if extra is not None else ()) if c is not None and c.name not in gone]
        own = [c for c in cards if c.name not in theirs]      # the assignment as it stood then
        given = [(self.givers.get(c.name, self.merged.get(c.name)), c) for c in cards if c.name in theirs]
        laid = with_extra(own, given, names, is_run(zone.cards))
        if kind == "assignment":
            return f"{who} extended {whose} {laid} with {what}"
        return f"{who} played {what} as extra credit on {whose} {laid}"

    def event_lines(self, events, names, zones):
        """As every game's, with each assignment a move speaks of named as it stood before
        that move (see move_line): its cards on the table now, less those moved onto it
        by this move and the later ones."""
        later, came_after = {}, {}
        for i in range(len(events) - 1, -1, -1):
            kind, _, k = (events[i].dst or "").partition(":")
            if events[i].kind == SharedEvent.MOVE and kind in ("assignment", "extra"):
                came_after[i] = list(later.get(k, ()))
                later.setdefault(k, []).extend(c.name for c in events[i].cards if c is not None)
        self.givers = {c.name: e.seat for e in events if e.kind == SharedEvent.MOVE and (e.dst or "").startswith("extra:")
                       for c in e.cards if c is not None}
        lines = []
        for i, event in enumerate(events):
            self.came_after = came_after.get(i, [])
            lines.append((event, self.event_line(event, names, zones)))
        self.came_after, self.givers = [], {}
        return lines

    def step_kinds(self, view):
        """While an assignment is being built, the cards that may join it."""
        return frozenset({Act.GROUP}) if view.facts.get("building") else None

    def aside_title(self, card, actions):
        """A card that cannot join the assignment being built goes as extra credit only if
        you say so."""
        return f"{card_name(card)} cannot join the assignment being built: play it as extra credit?"

    def source(self, view, names):
        """The student a blind take is from, by name ('' outside an exchange)."""
        return seat_name(names, (view.facts.get("exchange") or {}).get("from")) if view is not None else ""

    def group_label(self, kind, names, view=None):
        """The blind takes read 'Take from Ines's hand'."""
        source = self.source(view, names)
        if kind == Act.TAKE and source:
            return f"Take from {possessive(source, within=True)} hand"
        return super().group_label(kind, names, view)

    def action_label(self, action, names, with_cards=False, view=None):
        """A blind take names whose hand: 'Take from Ines's hand: card 3' among a choice's
        options, and said whole, as a hint does, 'the 3rd card from the left'; from a hand
        of one card, 'Take Lena's last card' (walkA16 #13); a card laid
        down says the assignment it starts or joins, as the prompt does ('Add to the
        assignment being built (8 of clubs)' where a choice offers it beside another move)."""
        if action.kind == Act.TAKE and isinstance(action.arg, int) and self.source(view, names):
            if (view.facts.get("exchange") or {}).get("positions") == 1:     # walkA16 #13
                return f"Take {possessive(self.source(view, names)).replace('Your', 'your')} last card"
            which = f"the {ordinal(action.arg + 1)} card from the left" if with_cards else f"card {action.arg + 1}"
            return f"{self.group_label('take', names, view)}: {which}"
        if not with_cards and view is not None and action.kind == Act.GROUP:     # a choice says where it goes
            built = [card.spoken for card in view.zone("group").cards if card is not None] \
                if view.facts.get("building") else []
            return f"Add to the assignment being built ({named_together(built)})" if built else "Start a new assignment"
        if with_cards and view is not None and action.kind in (Act.EXTEND, Act.EXTRA_CREDIT) and action.cards:
            card, target = action.cards[0].spoken, self.arg_label(action.arg, names, Act.EXTEND, view)
            return (f"Extend {target} with the {card}" if action.kind == Act.EXTEND
                    else f"Play the {card} as extra credit on {target}")
        if with_cards and view is not None and action.kind in (Act.GROUP, Act.SUBMIT, Act.CANCEL_GROUP):
            building = view.facts.get("building")
            if action.kind == Act.SUBMIT:
                return f"Submit the assignment you are building ({plural(building, 'card')})"
            if action.kind == Act.CANCEL_GROUP:
                return f"Take back the assignment you are building ({plural(building, 'card')})"
            card = action.cards[0].spoken
            return (f"Add the {card} to the assignment you are building" if building
                    else f"Start an assignment with the {card}")
        return super().action_label(action, names, with_cards, view)

    def arg_label(self, arg, names, kind="", view=None):
        """An assignment extended or given extra credit, by its owner and shape; where a
        draw comes from."""
        if kind in (Act.EXTEND, Act.EXTRA_CREDIT) and isinstance(arg, int):
            table = view.facts["assignments"] if view is not None else []
            if 0 <= arg < len(table):
                return ("on " if kind == Act.EXTRA_CREDIT else "") + self.assignment_words(table[arg], names, view.seat)
            return f"assignment {arg + 1}"
        if kind == Act.DRAW and arg == "stock" and view is not None and not view.zone("draw").count:
            return REFILLED
        if kind == Act.DRAW and arg in DRAW_FROM:
            return DRAW_FROM[arg]
        return super().arg_label(arg, names, kind, view)

    def picks(self, action, zone, index, viewer, view=None):
        """The exchange's blind take points at a card of the hand it is taken from (not at
        the exchange card that student holds face down beside it)."""
        if action.kind == Act.TAKE and view is not None:
            source = (view.facts.get("exchange") or {}).get("from")
            return zone.key == f"hand:{source}" and action.arg == index
        return super().picks(action, zone, index, viewer, view)

    def context(self, view, names):
        """The half of the semester and its rotation or exchange, or the exam."""
        return "" if view.is_over else semester(view.facts["step"], view.facts["rotation"])

    def instruction(self, view, names, selected):
        """Draw, discard, take a card blind, or sit the exam."""
        facts = view.facts
        stage = facts["step"]
        if stage == "turn":
            if facts["turn_step"] == "draw":
                return draw_instruction(view.zone("draw").count, view.zone("discard").count)
            return "Discard a card (a Joker can never be discarded)"
        if stage == "exchange":
            exchange = facts["exchange"] or {}
            source = seat_name(names, exchange.get("from")) or "the student to your right"
            cards = exchange.get("positions", 0)
            which = f"{source}'s last card" if cards == 1 else f"one of {source}'s {plural(cards, 'card')}"
            return f"Exchange: click {which} to take it blind; {self.seen_when(view)}"
        if stage == "exam":
            building = facts["building"]
            if building:
                return (f"Building an assignment ({plural(building, 'card')}): add a card, "
                        "submit it (2 or more cards) or take it back")
            return self.exam_instruction(view)
        return ""

    @staticmethod
    def seen_when(view):
        """When the card the viewer takes blind joins their hand, face up to them (A7 of
        docs/rulings/deadline.md): once every student has taken one, or at once where
        nobody takes after them (each takes in turn from the leader; one whose right-hand
        neighbour holds nothing takes nothing, A20)."""
        n, seat, sizes = view.players, view.seat, view.facts["hand_sizes"]
        order = [(view.facts["leader"] + k) % n for k in range(n)]
        later = [s for s in order[order.index(seat) + 1:] if sizes[(s - 1) % n]]
        if later:
            return "it stays face down until everyone has taken one, then joins your hand"
        return "you take last, so it joins your hand at once"

    def exam_instruction(self, view):
        """At your exam: what to lay down, and whether Finish exam is there yet (unless
        submitting is voluntary, not while your hand still holds a set or a run, A11):
        every set and run still held is named ('two Kings, 4-5 of clubs'); once none is
        left, exactly what this exam lets you do with your hand (lay down, voluntarily;
        extend your own assignments, at the Final Exam only, A13; extra credit on
        another's) before Finish exam, and at the Midterm that a card of yours that would
        extend your own assignment must wait for the Final."""
        hand = view.zone(f"hand:{view.seat}").cards if view.seat is not None else []
        high = view.facts["ace_high"]
        groups = open_groups(hand, high)
        if groups and not view.facts["voluntary_submission"]:
            named = sharing(groups, high)
            listed = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
            return f"Still to lay down: {listed}; Finish exam comes once no set or run is left in your hand"
        final = view.facts["exam"] == "final"
        own, others = self.continued(view, hand)
        may = (["lay down sets and runs if you wish"] if groups else []) + (
            ["extend your own assignments"] if own and final else []) + (
            ["play extra credit on another student's assignment"] if others else [])
        waits = "; extending your own assignments waits for the Final Exam" if own and not final else ""
        if not may:
            return f"Nothing more to lay down: press Finish exam{waits}"
        listed = ", ".join(may[:-1]) + " or " + may[-1] if len(may) > 1 else may[0]
        return f"{listed[0].upper()}{listed[1:]}, then press Finish exam{waits}"

    def continued(self, view, hand):
        """Whether a card of `hand` continues one of the viewer's own assignments on the
        table, and whether one continues another student's (counting the extra credit
        on it, 2.5)."""
        high, own, others = view.facts["ace_high"], False, False
        for a in view.facts["assignments"] or ():
            shape = group_shape(self.cards_named(a["cards"] + [name for _, name in a["extra_credit"]]), high)
            if any(extends(shape, card, high) for card in hand if card is not None):
                own, others = own or a["owner"] == view.seat, others or a["owner"] != view.seat
        return own, others

    def waiting(self, view, seat, names):
        """Who takes a card from whom, who sits the exam."""
        facts = view.facts
        who = names[seat]
        stage = facts["step"]
        if stage == "exchange":
            source = seat_name(names, (facts["exchange"] or {}).get("from"))
            taken = view.seat is not None and any(
                z.cards for z in view.zones if z.key == f"pending:{view.seat}")
            later = "; yours joins your hand once everyone has taken one" if taken else ""
            return f"{who} takes a card blind from {source}{later}" if source else ""
        if stage == "exam":
            return f"{who} is sitting the {EXAMS[facts['exam']]}"
        return ""

    def side_facts(self, view, names):
        """The next exam, and each student's assignments on the table."""
        facts = view.facts
        rotation = facts["rotation"]
        if facts["step"] == "exam":
            lines = [("Now", EXAMS[facts["exam"]], None)]
        elif rotation <= 3:
            lines = [("Next exam", "Midterm, at the end of the first half", None)]
        else:
            lines = [("Next exam", "Final Exam, at the end of the second half", None)]
        table = facts["assignments"]
        held = self.joker_words(view, names)
        if held:
            lines.append(held)
        for seat, name in enumerate(names):
            own = [a for a in table if a.get("owner") == seat]
            if not own:
                continue
            groups = "; ".join(self.assignment_shape(a, names) for a in own)
            lines.append((name, groups, None))
        return lines[:self.SIDE_FACTS]

    def joker_words(self, view, names):
        """While the semester runs, what each Joker in your hand cancels in the score shown
        for you (A17: your lowest completed assignment, with none left one of your extra
        credit cards, else nothing yet), as a side fact, or None without a Joker. Before
        anything is laid it speaks of assignments alone, in words taught from the first
        screen, not of 'completed' ones and 'extra credit' (walkC16 #15)."""
        if view.is_over or view.seat is None or view.seat >= len(names):
            return None
        hand = view.zone(f"hand:{view.seat}").cards
        count = sum(1 for card in hand if card is not None and card.rank == "JK")
        if not count:
            return None
        table = view.facts["assignments"] or []
        completed = sorted((a for a in table if a["owner"] == view.seat and a["completed"]), key=lambda a: a["value"])
        extra = sum(1 for a in table for who, _ in a["extra_credit"] if who == view.seat)
        struck = [f"your {self.assignment_shape(a, names)} ({plural(a['value'], 'point')})" for a in completed[:count]]
        spare = min(extra, count - len(struck))
        if spare:
            struck.append(f"{plural(spare, 'card')} of your extra credit ({plural(spare, 'point')})")
        label, verb, held = (("Your Joker", "cancels", "it") if count == 1
                             else (f"Your {count} Jokers", "cancel", "them"))
        if not struck:
            return (label, f"{verb} nothing yet: at grading each cancels your lowest-scoring assignment "
                    "of 3 or more of your cards, or else a card you added to another student's assignment", None)
        lost = "it" if len(struck) == 1 and not spare else "them"
        said = " and ".join(struck)
        return (label, f"{verb} {said} while you hold {held}: your score leaves {lost} out", None)

    def owners(self, view):
        """Extra credit lies with the assignment it extends."""
        owner = super().owners(view)
        for zone in view.zones:
            kind, _, k = zone.key.partition(":")
            if kind == "extra" and f"assignment:{k}" in owner:
                owner[zone.key] = owner[f"assignment:{k}"]
        return owner

    def score_words(self, view=None):
        """While the semester runs, your score is what grading would give now (the cards in
        your hand count against it, so it starts below zero); the others' count only their
        assignments on the table, their hands being hidden."""
        words = super().score_words(view)
        if view is not None and not view.is_over:
            return words + ". So far: yours as if graded now (your hand counts against you); others' from the table only"
        return words

    def score_cards(self, view, seat, names):
        """Each assignment `seat` laid, by exam, whole (a run in its order), whether its
        own cards completed it, and the extra credit others gave it said as theirs (it is
        its giver's, A14: outlined, see summary_lines, which also says why one is
        incomplete beside it); then the extra credit `seat` played
        on others' assignments, those a Joker cancelled apart (each is worth 1, so the last
        given: walkA16 #7, the cancelled ones could not be told from the rest); then the
        cards left in its hand and what they cost. What a Joker cancelled is struck out:
        an assignment so says it, 'Final Exam run: completed, cancelled by a Joker'
        (walkA16 #15: it looked like any other completed run)."""
        groups, given = [], []
        high = view.facts["ace_high"]
        cancelled = self.cancelled(view)
        for a in view.facts["assignments"] or []:
            given += [name for who, name in a["extra_credit"] if who == seat]
            if a["owner"] == seat:
                done = "completed" if a["completed"] else "incomplete"
                if a["index"] in cancelled:
                    done += f", cancelled by {jokers(1)}"
                laid = [(card, None) for card in self.cards_named(a["cards"])]
                laid += [(self.by_name[name], seat_name(names, who)) for who, name in a["extra_credit"]
                         if name in self.by_name]
                if a["kind"] == "run":
                    laid.sort(key=lambda pair: 14 if high and pair[0].rank == "A" else pair[0].value)
                groups.append((f"{EXAMS.get(a['exam'], a['exam'])} {a['kind']}: {done}", [c for c, _ in laid],
                               tuple(giver for _, giver in laid)) + ((True,) if a["index"] in cancelled else ()))
        grades = view.facts["grades"] or []
        struck = grades[seat].get("extra_cancelled", 0) if seat < len(grades) else 0
        if len(given) > struck:
            groups.append(("Extra credit given", self.cards_named(given[:len(given) - struck])))
        if struck:
            groups.append((f"Cancelled by {jokers(struck)}", self.cards_named(given[len(given) - struck:]), (), True))
        penalty = grades[seat].get("hand_penalty") if seat < len(grades) else None
        held = [card for zone in view.zones if zone.key == f"hand:{seat}" for card in zone.cards]
        if held:
            groups.append((f"Left in hand: -{penalty}" if penalty else "Left in hand", held))
        return groups

    def arranged(self, view, events):
        """The assignment being built lies as a run's cards do, low to high, whatever
        order they were clicked in. Extra credit lies in the assignment it extends, as
        the scores show it: a run's cards in the run's order (Sam's 2 and 6 in 2-3-4-5-6
        of clubs, never '3 4 5 | 2 6'), a set's after the owner's; the cards that are another student's outlined (see
        others_cards); the assignment's caption says whose (zone_tag); no extra credit
        row apart, nor its empty place (none is ever laid there). What the table shows
        so is kept for the log (merged), whose lines name an assignment's extra credit apart."""
        table = view.facts["assignments"] or []
        high = view.facts["ace_high"]
        by_key = {z.key: z for z in view.zones}
        zones, merged = [], {}
        for zone in view.zones:
            kind, _, k = zone.key.partition(":")
            a = table[int(k)] if kind in ("assignment", "extra") and k.isdigit() and int(k) < len(table) else None
            extra = by_key.get(f"extra:{k}") if a is not None else None
            if kind == "extra" and a is not None:     # none apart: it lies in the assignment
                continue
            if zone.key == "group" and None not in zone.cards and is_run(zone.cards):
                zones.append(zone._replace(cards=tuple(ordered(zone.cards, high))))
                continue
            if extra is None or not extra.cards or None in extra.cards or None in zone.cards:
                zones.append(zone)
                continue
            cards = list(zone.cards) + list(extra.cards)
            if a["kind"] == "run":
                cards = ordered(cards, high)
            merged.update((name, who) for who, name in a["extra_credit"])
            zones.append(zone._replace(cards=tuple(cards)))
        self.merged = merged
        return view._replace(zones=tuple(zones))

    def others_cards(self, view):
        """The cards of an assignment that are another student's extra credit (outlined:
        they score for their giver, A14), as (zone key, card name)."""
        return frozenset((f"assignment:{a['index']}", name) for a in view.facts["assignments"] or ()
                         for who, name in a["extra_credit"] if who != a["owner"])

    def picked_from(self, view, anchor):
        """The hand of the student to `anchor`'s right, whom every exchange takes a card
        from blind (walkA16 #4: Sam's corner changed its shape as each exchange began and
        ended)."""
        if view.is_over or anchor is None:
            return frozenset()
        return frozenset({f"hand:{(anchor - 1) % view.players}"})

    def choice_title(self, title, actions):
        """A card that may go on several assignments: the question is where ('Add the 9
        of hearts to which assignment?', walkA17 #3: 'Extend 9 of hearts' read as if the
        9 were extended)."""
        if len(actions) > 1 and all(a.kind in (Act.EXTEND, Act.EXTRA_CREDIT) and a.cards for a in actions) \
                and len({a.cards[0].name for a in actions}) == 1:
            return f"Add the {actions[0].cards[0].spoken} to which assignment?"
        return title

    def goes_with(self, key):
        """Extra credit lies beside the assignment it extends, never on another line
        under someone else's."""
        kind, _, k = key.partition(":")
        return f"assignment:{k}" if kind == "extra" else None

    def zone_tag(self, zone, view, names):
        """Whose extra credit lies in an assignment (see arranged), whole however crowded
        its seat: 'with Ines's extra credit' (never 'from Ines', which reads as cards taken
        from her in an exchange); once graded, an assignment its owner's Joker cancelled
        says so: 'cancelled by Ada's Joker' (walkC15 #11: the coach said Ada's Joker
        cancelled her clubs run, which lay there as any other); and why another student's
        assignment being built shows its cards face down: '(hidden until laid down)' (A22:
        they are still in hand; walkA16 #5: a red back there read as a card taken from you
        or an exchange card)."""
        if zone.key == "group" and zone.cards and all(c is None for c in zone.cards):
            return "(hidden until laid down)"
        kind, _, k = zone.key.partition(":")
        table = view.facts["assignments"]
        if kind != "assignment" or not k.isdigit() or int(k) >= len(table) or not zone.cards:
            return super().zone_tag(zone, view, names)
        shown = {c.name for c in zone.cards if c is not None}
        givers = list(dict.fromkeys(possessive(seat_name(names, who), within=True) for who, name in table[int(k)]["extra_credit"]
                                    if name in shown))
        tags = ["with " + " and ".join([", ".join(givers[:-1]), givers[-1]] if len(givers) > 1 else givers)
                + " extra credit"] if givers else []
        if int(k) in self.cancelled(view):
            tags.append(f"cancelled by {possessive(seat_name(names, table[int(k)]['owner']), within=True)} Joker")
        return ", ".join(tags) or super().zone_tag(zone, view, names)

    @staticmethod
    def cancelled(view):
        """The assignments (by index) that the Jokers left in their owners' hands cancelled
        at grading (A17: each its owner's lowest completed one), none before grading."""
        grades = view.facts["grades"] or [] if view.is_over else []
        struck = set()
        for seat, grade in enumerate(grades):
            completed = sorted((a for a in view.facts["assignments"] or () if a["owner"] == seat and a["completed"]),
                               key=lambda a: a["value"])
            struck.update(a["index"] for a in completed[:len(grade.get("cancelled", ()))])
        return struck

    def summary_lines(self, view, names):
        """Under the scores, what an outlined card in an assignment is (A14), each named
        while they are few enough to read at a glance ('Outlined: another student's extra
        credit, 1 point for them, nothing for the owner: Sam's 3 of diamonds in Maya's
        Midterm run'), else where each is found too (its giver's Extra credit given); and,
        where an assignment beside such a card is incomplete, why ('Only its owner's own cards complete an
        assignment: extra credit never does').
        Nothing else: who leads the rotation and the last exchange end with the semester."""
        helped = [f"{possessive(seat_name(names, who), within=True)} {card_name(self.by_name[name])} in "
                  f"{possessive(seat_name(names, a['owner']), within=True)} {EXAMS.get(a['exam'], a['exam'])} {a['kind']}"
                  for a in view.facts["assignments"] or [] for who, name in a["extra_credit"]
                  if who != a["owner"] and name in self.by_name]
        if not helped:
            return []
        short = [f"Only its owner's own cards complete an assignment ({COMPLETE} or more): extra credit never does"
                 ] if any(not a["completed"] and a["extra_credit"] for a in view.facts["assignments"] or []) else []
        if len(helped) > NAMED_MOST:
            return [OUTLINED + "; each is in its giver's Extra credit given too"] + short
        return [OUTLINED + ": " + "; ".join(helped)] + short

    def breakdown(self, view, seat, names):
        """The grading as a sum that adds up to the score: each completed assignment's
        value (those a Joker cancelled named), 2 per incomplete one, the extra credit
        (less what a Joker cancelled), the cards in hand (2.6, A17)."""
        grades = view.facts["grades"] or []
        if seat >= len(grades):
            return ""
        g = grades[seat]
        completed, cancelled = list(g.get("completed", [])), list(g.get("cancelled", []))
        kept = list(completed)
        for value in cancelled:
            kept.remove(value)
        parts = [f"{plural(len(completed), 'assignment')} completed: " + (" + ".join(self.valued(kept, g)) or "0")
                 + (f" ({' and '.join(map(str, cancelled))} cancelled by {jokers(len(cancelled))})"
                    if cancelled else "") if completed else "no assignment completed"]
        if g.get("incomplete"):
            parts.append(f"{g['incomplete']} incomplete: +{2 * g['incomplete']}")
        extra, struck = g.get("extra_credit", 0), g.get("extra_cancelled", 0)
        if extra:
            parts.append(f"extra credit: +{extra - struck}"
                         + (f" ({struck} of {extra} cancelled by {jokers(struck)})" if struck else ""))
        if g.get("hand_penalty"):
            parts.append(f"cards in hand: -{g['hand_penalty']}")
        return ", ".join(parts) + f"; total {g['total']}"

    @staticmethod
    def valued(kept, grade):
        """Each value in `kept` as the breakdown says it: one with the bonus for 4 or more
        cards shows it, '11 (8 + 3 for 4 or more cards)' (walkA16 #6: '2 + 13' read as a
        King worth 13)."""
        bonused = list(grade.get("bonused", []))
        said = []
        for value in kept:
            if value in bonused:
                bonused.remove(value)
                said.append(f"{value} ({value - FOUR_CARD_BONUS} + {FOUR_CARD_BONUS} for 4 or more cards)")
            else:
                said.append(str(value))
        return said

    def plate_words(self, view, seat, names):
        """The breakdown without its total: the plate shows the score beside it."""
        return self.breakdown(view, seat, names).rpartition("; total ")[0]
