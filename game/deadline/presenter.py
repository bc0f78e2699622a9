"""Deadline at the table: each assignment lies with its owner, extra credit with the
assignment it extends; the grades in the scoring breakdown."""
from game.cards import with_article
from game.deadline.measures import EXAMS, semester
from game.deadline.rules import Act
from game.presenter import Presenter, card_name, plural, possessive, seat_name


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


class Deadline(Presenter):
    """Deadline's words, owners and grades."""

    KIND_LABELS = dict(Presenter.KIND_LABELS, cancel_group="Cancel group", finish_exam="Finish exam")
    POSITION_ARGS = frozenset({Act.TAKE})
    EVENT_WORDS = dict(Presenter.EVENT_WORDS, finish_exam=lambda who, d: f"{who} finished the exam",
                       phase=lambda who, d: f"Now: {semester(d['phase'], d['rotation'])}")
    CALLOUTS = dict(Presenter.CALLOUTS,
                    score=lambda who, d: f"{possessive(who)} exam graded: {plural(d, 'point')}")
    MOVE_WORDS = {("discard", "hand"): "{who} took {what} from the discard pile",
                  ("hand", "discard"): "{who} discarded {what}",
                  ("hand", "pending"): "{who} took {what} blind from {src}",
                  ("pending", "hand"): "{who} received {what}",
                  ("hand", "group"): None,
                  ("group", "hand"): "{who} took back {what}", ("discard", "draw"): None,
                  ("hand", "hand"): None}
    SEAT_FACTS = frozenset({"leader"})
    TIPS = {"JK": "A Joker can never be discarded; at grading it cancels your lowest completed assignment"}
    DEAL_SIZE = 2
    SKIP_FACTS = Presenter.SKIP_FACTS | {"rotation", "building", "ace_high", "voluntary_submission", "exam",
                                         "turn_step"}
    FACT_LABELS = dict(Presenter.FACT_LABELS, leader="Leader")

    def __init__(self, info):
        """The presenter, with the deck's cards by name (an assignment is said by its ranks)."""
        super().__init__(info)
        self.by_name = {name: copies[0] for name, copies in info.load_deck().by_name.items()}

    def assignment_words(self, assignment, names, viewer=None):
        """An assignment on the table (a fact) by its owner and ranks: "Sam's three 7s",
        'your 4-5-6 of hearts'."""
        owner = assignment["owner"]
        whose = "your" if owner == viewer else possessive(seat_name(names, owner))
        return f"{whose} " + shape([self.by_name[n] for n in assignment["cards"] if n in self.by_name])

    def move_line(self, event, who, zones, names=()):
        """An assignment laid down, extended or given extra credit is named by its owner
        and ranks ('Sam played 5 of clubs as extra credit on Theo's three 7s')."""
        kind, _, k = (event.dst or "").partition(":")
        zone = zones.get(f"assignment:{k}")
        if kind not in ("assignment", "extra") or zone is None or not zone.cards or None in zone.cards:
            return super().move_line(event, who, zones, names)
        what = ", ".join(card_name(c) for c in event.cards)
        laid = shape(zone.cards)
        whose = "their" if zone.owner == event.seat else possessive(seat_name(names, zone.owner))
        if event.src == "group":
            return f"{who} laid down {laid} ({what})"
        if kind == "assignment":
            return f"{who} extended {whose} {laid} with {what}"
        return f"{who} played {what} as extra credit on {whose} {laid}"

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
            return f"Take from {possessive(source).replace('Your', 'your')} hand"
        return super().group_label(kind, names, view)

    def action_label(self, action, names, with_cards=False, view=None):
        """A blind take names whose hand: 'Take from Ines's hand: card 3'."""
        if action.kind == Act.TAKE and isinstance(action.arg, int) and self.source(view, names):
            return f"{self.group_label('take', names, view)}: card {action.arg + 1}"
        return super().action_label(action, names, with_cards, view)

    def arg_label(self, arg, names, kind="", view=None):
        """An assignment extended or given extra credit, by its owner and shape; where a
        draw comes from."""
        if kind in (Act.EXTEND, Act.EXTRA_CREDIT) and isinstance(arg, int):
            table = view.facts["assignments"] if view is not None else []
            if 0 <= arg < len(table):
                return ("on " if kind == Act.EXTRA_CREDIT else "") + self.assignment_words(table[arg], names, view.seat)
            return f"assignment {arg + 1}"
        if kind == Act.DRAW and arg in DRAW_FROM:
            return DRAW_FROM[arg]
        return super().arg_label(arg, names, kind, view)

    def picks(self, action, owner, index, viewer, view=None):
        """The exchange's blind take points at a card of the hand it is taken from."""
        if action.kind == Act.TAKE and view is not None:
            source = (view.facts.get("exchange") or {}).get("from")
            return owner == source and action.arg == index
        return super().picks(action, owner, index, viewer, view)

    def context(self, view, names):
        """The half of the semester and its rotation or exchange, or the exam."""
        return "" if view.is_over else semester(view.facts["step"], view.facts["rotation"])

    def instruction(self, view, names, selected):
        """Draw, discard, take a card blind, or sit the exam."""
        facts = view.facts
        stage = facts["step"]
        if stage == "turn":
            if facts["turn_step"] == "draw":
                return "Draw a card from the draw pile, or take the top discard"
            return "Discard a card (a Joker can never be discarded)"
        if stage == "exchange":
            exchange = facts["exchange"] or {}
            source = seat_name(names, exchange.get("from")) or "the student to your right"
            return (f"Exchange: click one of {source}'s {plural(exchange.get('positions', 0), 'card')} "
                    "to take it blind")
        if stage == "exam":
            building = facts["building"]
            if building:
                return (f"Building an assignment ({plural(building, 'card')}): add a card, "
                        "submit it (2 or more cards) or take it back")
            return "Lay down sets and runs, add extra credit, then finish your exam"
        return ""

    def waiting(self, view, seat, names):
        """Who takes a card from whom, who sits the exam."""
        facts = view.facts
        who = names[seat]
        stage = facts["step"]
        if stage == "exchange":
            source = seat_name(names, (facts["exchange"] or {}).get("from"))
            return f"{who} takes a card blind from {source}" if source else ""
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
            lines = [("Next exam", "Midterm, after rotation 3", None)]
        else:
            lines = [("Next exam", "Final Exam, after rotation 6", None)]
        table = facts["assignments"]
        for seat, name in enumerate(names):
            own = [a for a in table if a.get("owner") == seat]
            if not own:
                continue
            groups = "; ".join(shape([self.by_name[n] for n in a["cards"] if n in self.by_name]) for a in own)
            lines.append((name, groups, None))
        return lines[:self.SIDE_FACTS]

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

    def breakdown(self, view, seat, names):
        """Assignments completed, cancelled, incomplete, extra credit, the hand penalty."""
        grades = view.facts["grades"] or []
        if seat >= len(grades):
            return ""
        g = grades[seat]
        parts = [f"{plural(len(g.get('completed', [])), 'assignment')} completed"]
        if g.get("cancelled"):
            parts.append(f"{len(g['cancelled'])} cancelled by jokers")
        if g.get("incomplete"):
            parts.append(f"{g['incomplete']} incomplete")
        if g.get("extra_credit"):
            parts.append(f"extra credit {g['extra_credit']}")
        if g.get("hand_penalty"):
            parts.append(f"-{g['hand_penalty']} for cards in hand")
        return ", ".join(parts)
