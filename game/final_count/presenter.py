"""Final Count at the table: the die beside the board, picks from others' cards; each
hand's count in the scoring breakdown."""
from game.core import SharedEvent
from game.final_count.rules import DIE_ACTIONS, Act
from game.presenter import Callout, Presenter, agree, possessive, plural, seat_name, the

# What each swap trades your card with.
SWAPS = {Act.SWAP_DRAW: "the drawn card", Act.SWAP_OPP: "an opponent's card", Act.SWAP_BOARD: "the Board"}

# What each swap trades your card for, said in its move's label.
SWAP_FOR = {Act.SWAP_DRAW: "the drawn card", Act.SWAP_OPP: "an opponent's card", Act.SWAP_BOARD: "a Board card"}

# Why a swap with the Board is worth making: it moves counts, but never the mover's own.
BOARD_SWAP = "everyone counts the Board, so your own count stays the same; the others' change"

# What a die face means, in a few words for the side panel.
DIE_SHORT = {1: "keep or discard", 2: "give or discard", 3: "to the Board or discard",
             4: "swap or return", 5: "swap with an opponent", 6: "swap with the Board"}


def picked(arg, names):
    """Whose hand a pick 'seat:position' takes from, and the position as written:
    ('Theo', '1'); ('', '') for any other argument."""
    if isinstance(arg, str) and ":" in arg:
        seat, _, pos = arg.partition(":")
        who = seat_name(names, int(seat)) if seat.isdigit() else ""
        return (who, pos) if who else ("", "")
    return "", ""


class FinalCount(Presenter):
    """Final Count's words and picks."""

    TIPS = {"A": "An ace counts 1 or 11, whichever helps you"}
    SHOWCASE = ("AH", "KS", "QD", "7C", "10H")
    KIND_LABELS = dict(Presenter.KIND_LABELS, roll="Roll", call="Call", decline="Decline",
                       to_board="To the Board", swap_draw="Swap", swap_opp="Swap", swap_board="Swap")
    SEAT_ARGS = frozenset({Act.GIVE})
    EVENT_WORDS = dict(Presenter.EVENT_WORDS,
                       hand=lambda who, d: f"Hand {d}: {who} deals",
                       call=lambda who, d: f"{who} called at the {d} of the turn",
                       goal=lambda who, d: f"Hit Goal is {d}: end the hand on exactly {d} to win 75",
                       exhausted=lambda who, d: "The draw pile is empty: the hand ends",
                       collect=lambda who, d: f"{who} gathers the cards for the next deal",
                       decline=lambda who, d: f"{who} chose not to swap",
                       score=lambda who, d: f"{who} scored {plural(d, 'point')} this hand")
    MOVE_WORDS = {("draw", "hand"): "{who} was dealt {dealt}", ("draw", "table"): "{who} was dealt {dealt} face up",
                  ("drawn", "table"): "{who} put {what} on {dst}", ("drawn", "discard"): "{who} discarded {what} face down",
                  ("drawn", "board"): "{who} put {what} on the Board",
                  ("drawn", "draw"): "{who} returned {what} to the Draw Pile",
                  ("draw", "drawn"): "{who} drew {what}", ("hand", "draw"): "{who} put {what} on the Draw Pile",
                  ("table", "draw"): "{who} put {what} on the Draw Pile",
                  ("board", "table"): "{who} took {what} from the Board", ("hand", "hand"): None}
    TOASTS = Presenter.TOASTS | {Act.CALL, "goal"}
    ZONE_TERMS = True
    SEAT_FACTS = frozenset({"dealer", "caller"})
    FACT_LABELS = dict(Presenter.FACT_LABELS, hand="Hands played", caller="Last called by", target="Game to",
                       bust_over="Bust over", caller_bonus="Caller's bonus to each winner")
    SKIP_FACTS = Presenter.SKIP_FACTS | {"die", "exhausted", "holding_drawn_card", "hit_goal"}
    TURN_FACTS = frozenset({"die"})

    def zone_tag(self, zone, view, names):
        """The Discard Pile says its cards lie face down (A12 of docs/rulings/final_count.md:
        nobody else sees a discarded card), as the log says each discard."""
        return "face down" if zone.key == "discard" else super().zone_tag(zone, view, names)

    def context(self, view, names):
        """The hand, scored or in its final round (and who called)."""
        facts = view.facts
        if view.is_over:
            return ""
        if facts["step"] == "hand_over":
            return f"Hand {facts['hand']} scored"
        caller = seat_name(names, facts["caller"])
        return f"Hand {facts['hand']}: final round ({caller} called)" if caller else f"Hand {facts['hand']}"

    def instruction(self, view, names, selected):
        """Roll or call, what the die result means now, end the turn, deal."""
        facts = view.facts
        step, die = facts["step"], facts["die"]
        final = facts["caller"] is not None
        if step == "start":
            return "Final round: roll the die" if final else "Roll the die, or call to end the hand"
        if step == "end":
            return "End your turn" if final else "End your turn, or call to end the hand"
        if step == "hand_over":
            return "Deal the next hand"
        if step == "target":
            swap = self.card_words(facts.get("swap_card")) or "your card"
            if die == 5:
                return (f"Die shows 5: take a face-up card from an opponent's table or pick one "
                        f"blind from their hand, for your {swap}; or decline")
            return f"Die shows 6: take a Board card for your {swap}, or decline ({BOARD_SWAP})"
        if die is None and step in ("action", "target"):
            return "The die is rolling..."
        if die == 6:
            return f"Die shows 6: {DIE_ACTIONS[die]} ({BOARD_SWAP})"
        if die in DIE_ACTIONS:
            return f"Die shows {die}: {DIE_ACTIONS[die]}"
        return ""

    def waiting(self, view, seat, names):
        """What another player's die result asks of them."""
        facts = view.facts
        who = names[seat]
        if facts["step"] == "hand_over":
            return f"{who} deals the next hand"
        if facts["step"] in ("action", "target") and facts["die"] in DIE_SHORT:
            return f"{who} rolled {facts['die']}: {DIE_SHORT[facts['die']]}"
        if facts["step"] in ("action", "target"):
            return f"{who} is rolling the die..."
        return ""

    def chosen(self, view):
        """At a 5's or 6's swap, the card you give stays marked while you choose what to
        take for it."""
        swap = view.facts.get("swap_card") if view.facts.get("step") == "target" else None
        return frozenset({swap}) if swap else frozenset()

    def side_facts(self, view, names):
        """Your count against 75 (bust or not), the goal, the die, the caller and dealer,
        and between hands who deals next (the top bar asks them to)."""
        facts = view.facts
        limit = facts["bust_over"]
        lines = []
        mine = facts.get("my_count")
        if mine:
            if mine.get("bust"):
                count = f"bust (over {limit})"
            else:
                count = f"{mine['best']} of {limit}" + (", aces as 1 or 11" if len(mine.get("totals", [])) > 1 else "")
            lines.append(("Your count", count, None))
        goal = facts["hit_goal"]
        if goal is not None:
            hit = mine and mine.get("hit")
            lines.append(("Goal", f"{goal}" + (f" (your count is on it now{self.aces_as_one(mine, goal)})"
                                               if hit else ""), None))
        die = facts["die"]
        if die in DIE_SHORT:
            lines.append(("Die", f"{die} ({DIE_SHORT[die]})", None))
        for key, label in (("caller", "Called by"), ("dealer", "Dealer")):
            who = seat_name(names, facts[key])
            if who:
                lines.append((label, who, None))
        if facts["step"] == "hand_over" and not view.is_over:     # A2: the next dealer deals now
            lines.append(("Deals next", seat_name(names, view.current_player), None))
        top = facts.get("draw_top")
        if top:
            lines.append(("Top of the draw pile", self.card_words(top), None))
        lines.append(("Game to", f"{facts['target']} points", None))
        return lines[:self.SIDE_FACTS]

    def event_lines(self, events, names, zones):
        """A swap's two moves told as one: 'Theo swapped their 3 of hearts for Ines's Ace
        of spades'; the two rolls of the deal that set the Hit Goal (A4) said as such,
        made by the app as the dealer dealt, not as a turn's roll nor as the dealer's own
        doing: 'The die was rolled twice for the Hit Goal as Maya dealt: 2 and 6'."""
        lines = super().event_lines(events, names, zones)
        for k, (event, _) in enumerate(lines):
            rolls = [lines[j][0] for j in (k - 2, k - 1) if j >= 0]
            if event.kind == "goal" and len(rolls) == 2 and all(r.kind == SharedEvent.ROLL for r in rolls):
                who = seat_name(names, rolls[0].seat)
                lines[k - 2:k] = [(rolls[0], f"The die was rolled twice for the Hit Goal as {who} dealt: "
                                             f"{rolls[0].detail} and {rolls[1].detail}"),
                                  (rolls[1], None)]
        i = 0
        while i < len(lines) - 1:
            swap = self.swap_line(lines[i][0], lines[i + 1][0], names)
            if swap:
                lines[i:i + 2] = [(lines[i][0], swap), (lines[i + 1][0], None)]
                i += 1
            i += 1
        return lines

    def swap_line(self, taken, given, names):
        """The line of a swap told by two moves, `taken` (a card to the mover's table) then
        `given` (the mover's card to where it came from), or None if they are not one: a
        card the viewer may not see is 'a card from their hand'. A swap with a lesson's
        learner (called You) needs no pronoun: 'Ada took your 10 of diamonds and gave you
        the 4 of clubs', as the coach beside it says 'she gave you her 4 of clubs'."""
        seat = taken.seat
        who = seat_name(names, seat)
        own = (f"hand:{seat}", f"table:{seat}")
        if not (who and taken.kind == given.kind == "move" and given.seat == seat and taken.dst == own[1]
                and given.src in own and len(taken.cards) == len(given.cards) == 1 and taken.cards[0]):
            return None
        their = "your" if who == "You" else "their"
        card, mine = taken.cards[0].spoken, given.cards[0]
        mine = f"{their} {mine.spoken}" if mine else f"a card from {their} hand"
        if (taken.src, given.dst) == ("drawn", "draw"):
            return f"{who} swapped the drawn {card} for {mine}, which went on top of the Draw Pile"
        if (taken.src, given.dst) == ("board", "board"):
            return f"{who} swapped {mine} for {the(card)} from the Board"
        kind, _, owner = taken.src.partition(":")
        if not owner.isdigit() or given.dst != f"table:{owner}":
            return None
        other = seat_name(names, int(owner))
        if kind == "table" and other == "You" and given.cards[0]:
            return f"{who} took your {card} and gave you {the(given.cards[0].spoken)}"
        if kind == "table":
            return f"{who} swapped {mine} for {possessive(other)} {card}"
        return f"{who} swapped {mine} for {the(card)}, picked blind from {possessive(other)} hand"

    def taken_back(self, action, names, view=None):
        """A swap taken back says with what: 'your swap of the 3 of hearts with the Board'."""
        against = SWAPS.get(action.kind)
        if against and action.cards:
            return f"your swap of the {action.cards[0].spoken} with {against}"
        return super().taken_back(action, names, view)

    def event_callouts(self, events, i, view, names):
        """A hand's end, the game's big moment: once the hands have turned over, each
        player's count counts up beside their cards and is stamped 'bust' or '+10 caller
        bonus' (and 'hit the goal'), at their score (the log tells it once they have
        gone), the scores meanwhile as they stood; then the hand's winner (or the game's)."""
        if events[i].kind == "score":
            return self.count_calls(view, names, events[i].seat)
        return super().event_callouts(events, i, view, names)

    def count_calls(self, view, names, seat):
        """`seat`'s count at a hand's end (the one that hit the goal where it was hit:
        walkB16 #8), counted up beside their cards, and its stamp (see callouts)."""
        last = view.facts.get("last_hand") or {}
        calls = []
        for row in [row for row in last.get("seats") or () if row["seat"] == seat]:
            at = tuple(key for key in (f"hand:{seat}", f"table:{seat}") if any(z.key == key for z in view.zones))
            totals = row.get("totals") or [0]
            count = last["goal"] if row.get("hit") else row["best"] if row.get("best") is not None else min(totals)
            calls.append(Callout(agree(f"{names[seat]}: {{n}}"), at, 1.0, count=count, hides_scores=True))
            stamps = ([("Bust!", "bad")] if row.get("bust") else []) + (
                [("Hit the goal!", "good")] if row.get("hit") else []) + (
                [(self.bonus_words(row, last, names), "good")] if row.get("bonus") else [])
            calls += [Callout(stamp, at, 0.9, tone=tone, hides_scores=True) for stamp, tone in stamps]
        return calls

    def hand_result(self, view, events=()):
        """Each player's points this hand (the facts tell them), and who won it."""
        seats = (view.facts.get("last_hand") or {}).get("seats") or []
        return {row["seat"]: (row.get("points", 0), bool(row.get("winner"))) for row in seats} or None

    def summary_lines(self, view, names):
        """The Board of the hand just ended (every count includes it), the Hit Goal it was
        played for and whether anyone hit it, then the facts."""
        last = view.facts.get("last_hand") or {}
        board = last.get("board") or []
        lines = [f"The Board, counted by everyone: {', '.join(self.card_words(n) for n in board)}"] if board else []
        if last.get("goal") is not None:
            lines.append(self.goal_words(last, names))
        return lines + super().summary_lines(view, names)[:3]

    @staticmethod
    def goal_words(last, names):
        """The Hit Goal of the hand `last` and who ended the hand on it: 'Hit Goal 62:
        nobody ended the hand on it, so the best count won', 'Hit Goal 62: Theo ended the
        hand on it and wins 75'."""
        hit = [names[row["seat"]] for row in last.get("seats") or () if row.get("hit")]
        if not hit:
            return f"Hit Goal {last['goal']}: nobody ended the hand on it, so the best count won"
        if len(hit) == 1:
            return f"Hit Goal {last['goal']}: {hit[0]} ended the hand on it and wins 75"
        return f"Hit Goal {last['goal']}: {', '.join(hit[:-1])} and {hit[-1]} ended the hand on it and share 75"

    def outcome_line(self, event, view, names, zone_names):
        """A hand's end: who scored (with what count), every other count it beat and who
        went bust: 'Hand 1 is over: Maya +51 (count 51); Theo: count 48'; a winner on the
        Hit Goal says it was the goal that won: 'Maya +75 (hit the Goal 31)' (walkB16 #1: a
        count of 31 beating 43 read as if the lowest count won)."""
        last = view.facts.get("last_hand") or {}
        if event.kind != SharedEvent.HAND_OVER or not last.get("seats"):
            return super().outcome_line(event, view, names, zone_names)
        rows = last["seats"]
        won = [f"{names[r['seat']]} +{r.get('points', 0)} ("
               + (f"hit the Goal {last['goal']}" if r.get("hit") else f"count {r.get('best')}")
               + (f", {self.bonus_words(r, last, names)})" if r.get("bonus") else ")") for r in rows if r.get("winner")]
        beaten = [f"{names[r['seat']]}: count {r['best']}" for r in rows
                  if not r.get("winner") and not r.get("bust") and r.get("best") is not None]
        bust = [names[r["seat"]] for r in rows if r.get("bust")]
        words = f"Hand {last.get('hand')} is over: " + (", ".join(won) if won else "nobody scores")
        return words + (f"; {', '.join(beaten)}" if beaten else "") + (f"; bust: {', '.join(bust)}" if bust else "")

    def action_label(self, action, names, with_cards=False, view=None):
        """A move with its cards says whose cards trade places: 'Swap your 4 of diamonds
        for an opponent's card', 'Take Ben's 6 of diamonds', 'Take the 9 of clubs from the
        Board'; a give and a blind pick say whose: 'Give to Ben', 'Pick from Ben's hand:
        card 2'."""
        if action.kind == Act.GIVE and seat_name(names, action.arg):
            return f"Give to {names[action.arg]}"
        who, pos = picked(action.arg, names) if action.kind == Act.PICK else ("", "")
        if who and pos.isdigit():
            return f"Pick from {possessive(who)} hand: card {int(pos) + 1}"
        if with_cards and len(action.cards) == 1:
            card = action.cards[0].spoken
            if action.kind in SWAP_FOR:
                return f"Swap your {card} for {SWAP_FOR[action.kind]}"
            if action.kind == Act.TAKE and view is not None:
                name = action.cards[0].name
                owner = next((z.key for z in view.zones if any(c is not None and c.name == name for c in z.cards)), "")
                seat = owner.partition(":")[2]
                who = seat_name(names, int(seat)) if seat.isdigit() else ""
                return f"Take {possessive(who)} {card}" if who else f"Take the {card} from the Board"
        return super().action_label(action, names, with_cards, view)

    def group_label(self, kind, names, view=None):
        """The blind picks, gathered on one button, say what they pick: 'Pick blind from a
        hand'."""
        return "Pick blind from a hand" if kind == Act.PICK else super().group_label(kind, names, view)

    def arg_label(self, arg, names, kind="", view=None):
        """A pick 'seat:position' reads 'Theo, card 2'."""
        who, pos = picked(arg, names)
        if who:
            return f"{who}, card {int(pos) + 1}" if pos.isdigit() else f"{who} {pos}"
        return super().arg_label(arg, names, kind, view)

    def picks(self, action, zone, index, viewer, view=None):
        """A pick names the seat and the position: 'seat:position'."""
        arg = action.arg
        if isinstance(arg, str) and ":" in arg:
            seat, _, pos = arg.partition(":")
            return seat.isdigit() and pos.isdigit() and int(seat) == zone.owner and int(pos) == index
        return super().picks(action, zone, index, viewer, view)

    def owners(self, view):
        """The drawn card lies in the middle, where each player's turn draws it: your own
        cards never move aside when it comes and goes."""
        owner = super().owners(view)
        owner["drawn"] = None
        return owner

    def veiled_roll(self, view):
        """While the die tumbles, its face is no fact yet (nor, before the hand's first
        turn, the Hit Goal its rolls set), and the card a 1 to 4 drew still lies face down
        on the Draw Pile: a card drawn would give the roll away."""
        hidden = {"die": None} | ({"hit_goal": None} if view.facts["step"] == "start" else {})
        drawn = sum(z.count for z in view.zones if z.key == "drawn")
        zones = tuple(z._replace(cards=()) if z.key == "drawn" else
                      z._replace(cards=z.cards + (None,) * drawn) if z.key == "draw" else z for z in view.zones)
        return view._replace(facts=dict(view.facts, **hidden), zones=zones)

    def die_face(self, view, rolled):
        """The die shows the face the turn's words speak of (the Hit Goal's rolls only
        while they tumble), and no face before the first roll of a hand."""
        return view.facts["die"]

    def die_centre(self, board):
        """The die lies right of the board and whatever lies in line with it, or left of
        them where a seat's cards lie on the right: clear of every card, and never in
        another player's column, above or below their cards, where it would look theirs
        (walkD16 #12: at 960x600 it lay under Sam's Cards on Table)."""
        x, y, w, h = board.boxes["board"]
        row = [(bx, bx + bw) for bx, by, bw, bh in board.boxes.values() if by == y]
        places = ((max(r for _, r in row) + 50, y + h / 2), (min(left for left, _ in row) - 50, y + h / 2))
        theirs = [key for key in board.boxes if key.startswith(("hand:", "table:")) and key not in board.own_zones]

        def clear(centre):
            cx, cy = centre
            return not any(bx < cx + 27 and cx - 27 < bx + bw and (key in theirs or by < cy + 27 and cy - 27 < by + bh)
                           for key, (bx, by, bw, bh) in board.boxes.items())
        return next((c for c in places if clear(c)), places[0])

    def hand_over(self, view):
        """Which hand is over."""
        return f"Hand {view.facts['hand']} is over"

    def bonus_words(self, row, last, names):
        """Who earned the caller bonus and why (A9 of docs/rulings/final_count.md): '+10 bonus: Maya called
        and lost'."""
        return f"+{row['bonus']} bonus: {seat_name(names, last['caller'])} called and lost"

    @staticmethod
    def aces_as_one(row, goal):
        """Where a count hits the goal only with aces as 1 while its best count has them as
        11, how: ' with an ace as 1', ' with 2 aces as 1' (walkB16 #7, #8: 'Count 31, hit the
        goal' beside a goal of 21 read as a contradiction); else ''."""
        best = row.get("best")
        if best is None or best == goal:
            return ""
        aces = (best - goal) // 10
        return " with an ace as 1" if aces == 1 else f" with {aces} aces as 1"

    def score_cards(self, view, seat, names):
        """The hand `seat` showed at the last count: its count or bust (a hit on the goal
        as the count that makes it), and the bonus."""
        last = view.facts["last_hand"] or {}
        seats = last.get("seats") or []
        if seat >= len(seats):
            return super().score_cards(view, seat, names)
        s = seats[seat]
        if s.get("hit"):
            words = f"Count {last['goal']}{self.aces_as_one(s, last['goal'])}, hit the goal"
        else:
            words = "Bust" if s.get("bust") else f"Count {s['best']}" if s.get("best") is not None else "Hand"
        if s.get("bonus"):
            words += f", {self.bonus_words(s, last, names)}"
        return [(words, self.cards_named(s.get("cards", [])))]

    def plate_words(self, view, seat, names):
        """Nothing beside the hand's cards: their caption says the count and the bonus."""
        return ""

    def breakdown(self, view, seat, names):
        """The hand's cards, its count or bust, the goal, the caller's bonus, the points."""
        last = view.facts["last_hand"] or {}
        seats = last.get("seats") or []
        if seat >= len(seats):
            return ""
        s = seats[seat]
        parts = [", ".join(self.card_words(name) for name in s.get("cards", []))]
        if s.get("hit"):
            parts.append(f"count {last['goal']}{self.aces_as_one(s, last['goal'])}, hit the goal")
        elif s.get("bust"):
            parts.append("bust")
        elif s.get("best") is not None:
            parts.append(f"count {s['best']}")
        if s.get("bonus"):
            parts.append(self.bonus_words(s, last, names))
        return ", ".join(p for p in parts if p)
