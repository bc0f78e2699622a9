"""Deadline at the table: each assignment lies with its owner, extra credit with the
assignment it extends; the grades in the scoring breakdown."""
from scenes.presenters.default import Presenter, plural, possessive, seat_name


# Where a draw comes from, as players say it (the engine's `stock` is kept: records hold it).
DRAW_FROM = {"stock": "draw pile", "discard": "discard pile"}


def stage_of(facts):
    """The stage of the semester: 'turn', 'exchange', 'exam' or 'over'."""
    return facts["stage"] if "stage" in facts else facts.get("step")


def turn_step_of(facts):
    """Within a turn: 'draw' or 'discard'."""
    return facts["turn_step"] if "turn_step" in facts else facts.get("step")


class Deadline(Presenter):
    """Deadline's words, owners and grades."""

    KIND_LABELS = dict(Presenter.KIND_LABELS, cancel_group="Cancel group", finish_exam="Finish exam")
    POSITION_ARGS = frozenset({"take"})
    EVENT_WORDS = dict(Presenter.EVENT_WORDS, finish_exam=lambda who, d: f"{who} finished the exam")
    MOVE_WORDS = {("discard", "hand"): "{who} took {what} from the discard pile",
                  ("hand", "discard"): "{who} discarded {what}",
                  ("hand", "pending"): "{who} took {what} blind from {src}",
                  ("pending", "hand"): "{who} received {what}",
                  ("hand", "group"): "{who} added {what} to the assignment being built",
                  ("group", "assignment"): "{who} submitted the assignment {what}",
                  ("group", "hand"): "{who} took back {what}",
                  ("hand", "assignment"): "{who} extended an assignment with {what}",
                  ("hand", "extra"): "{who} played {what} as extra credit", ("discard", "draw"): None,
                  ("hand", "hand"): None}
    SEAT_FACTS = frozenset({"leader"})
    DEAL_SIZE = 2
    SKIP_FACTS = Presenter.SKIP_FACTS | {"rotation", "building", "ace_high", "voluntary_submission", "exam"}
    FACT_LABELS = dict(Presenter.FACT_LABELS, leader="Leader")

    def source(self, view, names):
        """The student a blind take is from, by name ('' outside an exchange)."""
        return seat_name(names, (view.facts.get("exchange") or {}).get("from")) if view is not None else ""

    def group_label(self, kind, names, view=None):
        """The blind takes read 'Take from Ines's hand'."""
        source = self.source(view, names)
        if kind == "take" and source:
            return f"Take from {possessive(source).replace('Your', 'your')} hand"
        return super().group_label(kind, names, view)

    def action_label(self, action, names, with_cards=False, view=None):
        """A blind take names whose hand: 'Take from Ines's hand: card 3'."""
        if action.kind == "take" and isinstance(action.arg, int) and self.source(view, names):
            return f"{self.group_label('take', names, view)}: card {action.arg + 1}"
        return super().action_label(action, names, with_cards, view)

    def arg_label(self, arg, names, kind="", view=None):
        """An assignment extended or given extra credit, by its owner and shape; where a
        draw comes from."""
        if kind in ("extend", "extra_credit") and isinstance(arg, int):
            table = (view.facts.get("assignments") or []) if view is not None else []
            if 0 <= arg < len(table):
                a = table[arg]
                owner = "your" if view.seat == a.get("owner") else f"{seat_name(names, a.get('owner'))}'s"
                return f"{owner} {a.get('kind') or 'group'} of {len(a.get('cards', []))}"
            return f"assignment {arg + 1}"
        if kind == "draw" and arg in DRAW_FROM:
            return DRAW_FROM[arg]
        return super().arg_label(arg, names, kind, view)

    def picks(self, action, owner, index, viewer, view=None):
        """The exchange's blind take points at a card of the hand it is taken from."""
        if action.kind == "take" and view is not None:
            source = (view.facts.get("exchange") or {}).get("from")
            return owner == source and action.arg == index
        return super().picks(action, owner, index, viewer, view)

    def instruction(self, view, names, selected):
        """Draw, discard, take a card blind, or sit the exam."""
        facts = view.facts
        stage = stage_of(facts)
        if stage == "turn":
            if turn_step_of(facts) == "draw":
                return "Draw a card from the draw pile, or take the top discard"
            return "Discard a card (a Joker can never be discarded)"
        if stage == "exchange":
            exchange = facts.get("exchange") or {}
            source = seat_name(names, exchange.get("from")) or "the student to your right"
            return (f"Exchange: click one of {source}'s {plural(exchange.get('positions', 0), 'card')} "
                    "to take it blind")
        if stage == "exam":
            building = facts.get("building", 0)
            if building:
                return (f"Building an assignment ({plural(building, 'card')}): add a card, "
                        "submit it (2 or more cards) or take it back")
            return "Lay down sets and runs, add extra credit, then finish your exam"
        return ""

    def waiting(self, view, seat, names):
        """Who takes a card from whom, who sits the exam."""
        facts = view.facts
        who = names[seat]
        stage = stage_of(facts)
        if stage == "exchange":
            source = seat_name(names, (facts.get("exchange") or {}).get("from"))
            return f"{who} takes a card blind from {source}" if source else ""
        if stage == "exam":
            return f"{who} is sitting the {facts.get('exam') or 'exam'}"
        return ""

    def side_facts(self, view, names):
        """The next exam, and each student's assignments on the table."""
        facts = view.facts
        rotation = facts.get("rotation", 1)
        stage = stage_of(facts)
        if stage == "exam":
            lines = [("Now", facts.get("exam") or "Exam", None)]
        elif rotation <= 3:
            lines = [("Next exam", "Midterm, after rotation 3", None)]
        else:
            lines = [("Next exam", "Final Exam, after rotation 6", None)]
        table = facts.get("assignments") or []
        for seat, name in enumerate(names):
            own = [a for a in table if a.get("owner") == seat]
            if not own:
                continue
            groups = ", ".join(f"{a.get('kind') or 'group'} of {len(a.get('cards', []))}" for a in own)
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

    def breakdown(self, facts, seat, names):
        """Assignments completed, cancelled, incomplete, extra credit, the hand penalty."""
        grades = facts.get("grades") or []
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
