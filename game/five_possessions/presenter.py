"""Play Design, 5 possessions, at the table: the field of lanes (the other coach's line
at the top, each lane's open and closed cards in the middle, the viewer's line at the
bottom), one back per coach, and the yards scored."""
import re

from game.cards import with_article
from game.five_possessions.rules import LANES, Act
from game.play_design.rules import KEY_DOTS
from game.presenter import Callout, Presenter, agree, begins, capital, plural, possessive, seat_name
from game.play_design.presenter import PlayDesign

BLUE_AS_PURPLE = "blue counts as purple"    # against a purple offense card (section 1)

# Rows of the field: (row, half of the lane's width).
ROWS = {"other": (0, 0), "open": (1, 0), "closed": (1, 1), "mine": (2, 0)}
PILES = {"open": "Won", "closed": "Used up"}   # the offense's cards of earlier lines in a lane


def dots_words(card, colour):
    """The dots of `card` that count for an offense card of `colour`, in words: '1 orange
    dot', '4 dots that count as purple (1 purple, 3 blue)' or '2 dots that count as purple
    (2 blue)' when another colour counts."""
    counts = dict(card.dots)
    parts = [(c, counts.get(c, 0)) for c in KEY_DOTS[colour] if counts.get(c, 0)]
    total = sum(n for _, n in parts)
    if all(c == colour for c, _ in parts):
        return plural(total, f"{colour} dot")
    return f"{plural(total, 'dot')} that count as {colour} (" + ", ".join(f"{n} {c}" for c, n in parts) + ")"


def blue_as_purple(colour, *cards):
    """Are blue dots counted as purple here (a purple offense card, a blue dot on either
    card)?"""
    return colour == "purple" and any(dict(card.dots).get("blue") for card in cards)


def dots_counted(card, colour):
    """How many dots of `card` count for an offense card of `colour`, and whether they
    are of more than one colour."""
    counts = dict(card.dots)
    found = [counts.get(c, 0) for c in KEY_DOTS[colour]]
    return sum(found), sum(1 for n in found if n) > 1


LANES_SAID = "an offense card in an open lane is compared with the defense card opposite it; in a closed lane, never"


def lane_state(lane):
    """A lane's state in the side panel, short (what open and closed mean is said once,
    LANES_SAID): open, closed, and which colour an open lane turns away (rule 1: the
    colour that won it)."""
    if not lane.get("live"):
        return "closed"
    if lane.get("color"):
        colour = lane["color"]
        return f"open, but {with_article(colour)} card goes closed ({colour} won it)"
    return "open"


def lanes_played(lanes, results, upto):
    """The `lanes` (each: live, the colour that won it) as a line's `results` leave them
    (After each line), up to lane `upto`: a lane the offense won stays open, turned away
    from the colour that won it; every other lane that got a card is closed; a lane after
    `upto`, or without a card in the line, as it was."""
    after = [dict(lane) for lane in lanes]
    for result in results or ():
        if isinstance(result, dict) and result["lane"] <= upto:
            won = bool(result.get("won"))
            after[result["lane"]] = {"live": won, "color": result.get("color") if won else None}
    return after


def open_rule(view):
    """The offense's rule for the line being set, in players' words, for the prompt: how
    many of its cards must still go open (those set open already counted), and what makes
    a card open (an open lane takes any colour but its winner's, the colour that won it);
    nothing where the seat is not told (no `open_needed`)."""
    facts = view.facts
    need = facts.get("open_needed")
    if need is None:
        return ""
    lanes = facts["lanes"]
    if all(lane.get("live") and not lane.get("color") for lane in lanes):
        return "; every lane is open"
    if need == 0:
        return "; none can go open: each goes closed"
    set_open = sum(1 for zone in view.zones for card in zone.cards
                   if zone.key.startswith(f"line:{view.seat}:") and card is not None
                   and is_open(lanes[int(zone.key.rpartition(":")[2])], card))
    still = need - set_open
    if still <= 0:
        return f"; the {'one' if need == 1 else need} that can go open {'is' if need == 1 else 'are'} set: " \
               "the rest go closed"
    if set_open:
        return f"; {still} more must go open: an open lane takes any colour but its winner's"
    left = sum(z.count for z in view.zones if z.key == f"hand:{view.seat}")      # the cards still to set
    count = "the last one" if left == 1 else str(need) if need < left else "both" if need == 2 else f"all {need}"
    return f"; {count} must go open: an open lane takes any colour but its winner's"


def used_up(lanes):
    """For the defense's prompt: the closed lanes (`lanes`, zero-based) where the card it must
    still set is used up, never compared (rule 2): '; lane 1 is closed: a card there is used up'."""
    if not lanes:
        return ""
    numbers = sorted(k + 1 for k in lanes)
    named = (f"lane {numbers[0]} is" if len(numbers) == 1
             else "lanes " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]} are")
    return f"; {named} closed: a card there is used up"


def is_open(lane, card):
    """Is `card`, set by the offense in `lane` (its state: live, the colour that won it),
    an open card (rules 1 and 2)?"""
    return bool(lane.get("live")) and card.color != lane.get("color")


def _whose(who):
    """'Theo's', or 'your' for a lesson's learner, within a sentence."""
    whose = possessive(who)
    return "your" if whose == "Your" else whose


def _phase(who, d):
    """Who sets which line now: 'Possession 2, line 1 of 4 begins: Theo sets offense cards',
    then 'Maya sets defense cards'."""
    if d["step"] != "offense_set":
        return agree(f"{who} sets defense cards")
    name = "Sudden death" if d["sudden_death"] else f"Possession {d['possession']}"
    return agree(begins(f"{name}, line {d['line']} of 4") + f": {who} sets offense cards")


SET = re.compile(r"set (.+?) in their lane (\d)$")


def _set_in_lanes(entry):
    """Consecutive 'set <card> in their Lane <n>' parts of an entry said once, each lane
    by its number alone ('in lane 1': 'their' beside another coach's name reads as theirs)."""
    head, _, rest = entry.partition(" set ")
    parts = ("set " + rest).split(", set ") if rest else []
    found = [SET.match(p if p.startswith("set ") else "set " + p) for p in parts]
    if not found or not all(found):
        return entry
    cards = [m.group(1) for m in found]
    if all(c == "a card" for c in cards):
        numbers = sorted(int(m.group(2)) for m in found)
        if len(numbers) == 1:
            return f"{head} set a card face down in lane {numbers[0]}"
        lanes = (f"{numbers[0]}-{numbers[-1]}" if numbers == list(range(numbers[0], numbers[-1] + 1))
                 else ", ".join(map(str, numbers)))
        return f"{head} set {plural(len(cards), 'card')} face down in lanes {lanes}"
    return f"{head} set " + ", ".join(f"{m.group(1)} in lane {m.group(2)}" for m in found)


class FivePossessions(PlayDesign):
    """5 possessions' field, backs and words."""

    LANE_ARGS = frozenset({Act.PLACE})
    SCORE_UNIT = "yards scored"
    HAND_WON = frozenset({"drive"})       # a possession's end: its scorer won it
    EVENT_WORDS = dict(PlayDesign.EVENT_WORDS,
                       phase=_phase,
                       choose=lambda who, d: f"{who} chose {d}",
                       score=lambda who, d: f"{who} has {d} yards in all",
                       possession=lambda who, d: f"Possession {d}: {who} on offense",
                       reveal=lambda who, d: (None if isinstance(d, int)
                                              else Presenter.EVENT_WORDS["reveal"](who, d)),
                       tie_break=lambda who, d: "Tied: a pair of possessions decides",
                       sudden_death=lambda who, d: "Still tied: sudden death",
                       pair_unfinished=lambda who, d: (f"Not over yet: {who} can still catch up on offense in "
                                                       "the next possession (the game ends only once both have "
                                                       "had as many possessions, or at a lead over 20)"),
                       drive=lambda who, d: (f"Touchdown! {who} scores 20 yards" if d == "touchdown"
                                             else f"Drive stopped: {who} scores 20 yards on defense "
                                                  "(the offense won no lane in the line)"))
    MOVE_WORDS = {("hand", "line"): "{who} set {what} in {dst}", ("stack", "hand"): "{who} drew {what} for this line",
                  ("box", "stack"): None, ("stack", "box"): None, ("removed", "box"): None}
    CALLOUTS = dict(PlayDesign.CALLOUTS,
                    pair_unfinished=lambda who, d: f"Not over yet: {who} can still catch up")
    TOASTS = Presenter.TOASTS | {"toss"}
    WAITS = Presenter.WAITS | {"lane", "drive"}
    NEW_STAGE = frozenset({"possession"})   # the next possession told: its offense and open lanes with it
    SHOWCASE = ("W:OB7", "K:DB5", "W:OP6", "K:DO5")
    SKIP_FACTS = Presenter.SKIP_FACTS | {"table", "line", "line_size", "offense", "defense", "chooser"}
    FACT_LABELS = dict(Presenter.FACT_LABELS, possession="Possessions played",
                       tie_break_pairs="Tie-break pairs played")
    SEAT_FACTS = frozenset({"offense", "defense", "chooser"})
    NUMBERED = False          # the number in a card's corner is not used in this game

    def dead_lanes(self, view):
        """Setting offense: the lanes no longer live (a card set there is closed, never
        compared: rule 2). Setting defense: the lanes of closed offense cards (the defense
        card opposite is removed unrevealed: docs/rulings/play_design.md, A24)."""
        facts = view.facts
        if facts["step"] == "offense_set":
            return frozenset(k for k, lane in enumerate(facts["lanes"]) if not lane.get("live"))
        if facts["step"] == "defense_set":
            return frozenset(int(z.key.partition(":")[2]) for z in view.zones
                             if z.key.startswith("closed:") and z.count)
        return frozenset()

    def closed_to_set(self, view):
        """Setting defense: the closed lanes (dead_lanes) where an offense card still waits
        for the defense card opposite it."""
        counts = {z.key: z.count for z in view.zones}
        off, dfn = view.facts["offense"], view.facts["defense"]
        return frozenset(k for k in self.dead_lanes(view)
                         if counts.get(f"line:{off}:{k}") and not counts.get(f"line:{dfn}:{k}"))

    def event_lines(self, events, names, zones):
        """A closed card's lane says the one reason it was closed, read from the lines of
        the possession before it (rules 1 and 2): the lane was closed, or its open card had
        the same colour. Without the possession's start in `events`, all reasons are said."""
        lines, lanes = [], None           # lanes: each lane's (live, won colour) in this possession
        for event in events:
            detail = event.detail
            if event.kind == "possession":
                lanes = [(True, None)] * LANES
            elif event.kind == "lane" and isinstance(detail, dict):
                live, colour = lanes[detail["lane"]] if lanes else (None, None)
                why = (None if lanes is None or detail.get("open") else
                       f"in a lane whose open card is {colour}, the same colour" if live else "in a closed lane")
                lines.append((event, self.lane_words(detail, seat_name(names, event.seat) or "Everyone",
                                                     why=why)))
                if lanes:
                    lanes[detail["lane"]] = (bool(detail.get("won")), detail.get("color"))
                continue
            lines.append((event, self.event_line(event, names, zones)))
        return lines

    def lane_words(self, detail, who, on_lane=False, why=None):
        """A lane's result: who holds or wins it and why, the dots counted by the offense
        card's colour; in the log, also the two cards, what each dot is and the lane
        ('Lane 2: Maya wins: Offense purple 4 has 4 dots that count as purple (1 purple,
        3 blue), ...'); on the lane, in two short lines ('Maya wins: 4 to 2 purple+blue dots')."""
        lane = f"Lane {detail['lane'] + 1}: "
        if not detail.get("open"):
            return f"{who} holds: closed card, not compared" if on_lane else (
                lane + f"{who} holds the lane: the offense card was set closed ("
                + (why or "in a closed lane, or in a lane whose open card has its colour") + "), so it was never compared")
        offense, defense = self.by_name.get(detail.get("offense")), self.by_name.get(detail.get("defense"))
        if offense is None or defense is None:
            return (lane if not on_lane else "") + f"{who} wins"
        colour = detail["color"]
        if on_lane:
            ours, theirs = dots_counted(offense, colour)[0], dots_counted(defense, colour)[0]
            dots = "purple+blue dots" if blue_as_purple(colour, offense, defense) else f"{colour} dots"
            if ours == theirs:
                return f"{who} wins the tie: {ours} {dots} each"
            return f"{who} wins: {max(ours, theirs)} to {min(ours, theirs)} {dots}"
        ours, theirs = dots_words(offense, colour), dots_words(defense, colour)
        counted, against = dots_counted(offense, colour)[0], dots_counted(defense, colour)[0]
        verdict = ("more than" if counted > against else "as many as" if counted == against
                   else "fewer than")
        tie = " (a tie goes to the defense)" if counted == against else ""
        return (f"{lane}{who} wins: {offense.spoken} has {ours}, {verdict} {defense.spoken} "
                f"with {theirs}{tie}")

    def event_callouts(self, events, i, view, names):
        """A line is revealed lane by lane, as the rules reveal it: in each lane the
        offense card turns over, then the defense card, with the dots being compared
        over both cards (a purple offense card counting purple and blue), then the lane's
        result; a closed card's lane says so. A drive's end is called out last."""
        event = events[i]
        if event.kind == "reveal" and isinstance(event.detail, int):
            return []
        if event.kind == "lane" and isinstance(event.detail, dict):
            lane = event.detail["lane"]
            reveals = [e for e in events[:i] if e.kind == "reveal" and e.detail == lane and e.cards]
            return self.lane_calls(event, reveals, names)
        return super().event_callouts(events, i, view, names)

    def lane_calls(self, event, reveals, names):
        """The steps of one lane's reveal (see callouts): the offense card, the defense
        card with the dots compared, the result."""
        detail, k = event.detail, event.detail["lane"]
        who = seat_name(names, event.seat)
        at = tuple(f"line:{seat}:{k}" for seat in (0, 1))
        name = f"Lane {k + 1}: "
        if not detail.get("open") or len(reveals) < 2:
            return [Callout(agree(name + self.lane_words(detail, who, on_lane=True)), at, 1.4, reveal=(k, None))]
        offense = reveals[0].cards[0]
        return [Callout(name + capital(offense.spoken), at, 0.7, reveal=(k, (reveals[0].src,))),
                Callout(agree(name + self.compared(detail, reveals[0].seat, reveals[1].seat, names)), at, 2.2,
                        reveal=(k, None))]

    def compared(self, detail, offense_seat, defense_seat, names):
        """An open lane's comparison, by players' names: who won it and why ('Maya wins,
        4 purple dots to Theo's 2 (blue counts as purple)'; 'Theo wins the tie, 3 green
        dots each (a tie goes to the defense)')."""
        offense, defense = self.by_name[detail["offense"]], self.by_name[detail["defense"]]
        colour = detail["color"]
        ours, theirs = dots_counted(offense, colour)[0], dots_counted(defense, colour)[0]
        why = [BLUE_AS_PURPLE] if blue_as_purple(colour, offense, defense) else []
        attacker, defender = seat_name(names, offense_seat), seat_name(names, defense_seat)
        if ours == theirs:
            words = f"{defender} wins the tie, {ours} {colour} dots each"
            why.append("a tie goes to the defense")
        elif ours > theirs:
            words = f"{attacker} wins, {plural(ours, colour + ' dot')} to {_whose(defender)} {theirs}"
        else:
            words = f"{defender} wins, {plural(theirs, colour + ' dot')} to {_whose(attacker)} {ours}"
        return words + (f" ({'; '.join(why)})" if why else "")

    def callout(self, event, view, names):
        """A drive's end: a touchdown (a celebration) or a stopped drive."""
        if event.kind == "drive":
            words = self.EVENT_WORDS["drive"](seat_name(names, event.seat), event.detail)
            return Callout(agree(words), self.seat_zones(view, event.seat), 1.8, grand=event.detail == "touchdown")
        return super().callout(event, view, names)

    def summary_lines(self, view, names):
        """Under the scores, first what the cards beside them are: the last line's
        (walkD17 #4: after twelve possessions, two cards under 'Lane 1: closed card, not
        compared' and 'Lane 3: won, 1 dot to 0', and nothing said why those)."""
        return ["Beside each score: the cards that player set in the game's last line, lane by lane, "
                "with each lane's result"] + super().summary_lines(view, names)[:3]

    def score_cards(self, view, seat, names):
        """The cards `seat` set in each lane of the last line, each lane with its result."""
        results = {d["lane"]: d for d in view.facts["last_line"] or [] if isinstance(d, dict)}
        groups = []
        for zone in view.zones:
            kind, _, rest = zone.key.partition(":")
            owner, _, lane = rest.partition(":")
            if kind != "line" or owner != str(seat) or not zone.cards:
                continue
            detail = results.get(int(lane))
            words = f"Lane {int(lane) + 1}"
            card = zone.cards[0]
            if detail is not None and card is not None and not detail.get("open"):
                words += ": closed card, not compared"          # as the table called it out
            elif detail is not None and card is not None:
                offense = card.side == "offense"
                words += ": won" if bool(detail.get("won")) == offense else ": lost"
                if "offense_dots" in detail:
                    ours, theirs = ((detail["offense_dots"], detail["defense_dots"]) if offense
                                    else (detail["defense_dots"], detail["offense_dots"]))
                    words += f", {plural(ours, 'dot')} to {theirs}"
                    if ours == theirs:
                        words += " (a tie goes to the defense)"
            groups.append((words, list(zone.cards)))
        return groups or [("No cards on the field", [])]

    def event_kinds(self):
        """A lane's result has words of its own (event_line)."""
        return super().event_kinds() | {"lane"}

    def tip(self, card):
        """A purple offense card counts blue dots too."""
        if card.side == "offense" and card.color == "purple":
            return "A purple offense card counts purple and blue dots together"
        return ""

    def event_line(self, event, names, zones):
        """A lane's result names its two cards and counts their dots."""
        if event.kind == "lane" and isinstance(event.detail, dict):
            return self.lane_words(event.detail, seat_name(names, event.seat) or "Everyone")
        return super().event_line(event, names, zones)

    def outcome_line(self, event, view, names, zones):
        """A lane's result written on its lane, shorter than in the log."""
        if event.kind == "lane" and isinstance(event.detail, dict):
            return self.lane_words(event.detail, seat_name(names, event.seat), on_lane=True)
        return super().outcome_line(event, view, names, zones)

    def outcome_lane(self, event):
        """A lane's result is written on its lane."""
        return event.detail.get("lane") if event.kind == "lane" and isinstance(event.detail, dict) else None

    def log_lines(self, events, names, zones, keep=60):
        """A line set in one turn reads as one move: 'Theo set 4 cards face down in lanes 4, 1, 2, 3'."""
        return [_set_in_lanes(entry) for entry in super().log_lines(events, names, zones, keep)]

    def context(self, view, names):
        """The possession, the line, who is on offense (but while the one looking sets their
        cards: the prompt then names their side, and the bar keeps the game's title on one line)."""
        facts = view.facts
        if view.is_over or facts["step"] == "choose":
            return "Sudden death" if facts["sudden_death"] else ""
        name = "Sudden death" if facts["sudden_death"] else f"Possession {facts['possession']}"
        where = f"{name}, line {facts['line']} of 4"
        if view.seat is not None and view.current_player == view.seat:
            return where
        return f"{where}  ·  {seat_name(names, facts['offense'])} on offense"

    def placed(self, view):
        """How many cards of this line the current player has set."""
        seat = view.current_player
        hand = next((z.count for z in view.zones if z.key == f"hand:{seat}"), 0)
        return view.facts["line_size"] - hand

    def action_label(self, action, names, with_cards=False, view=None):
        """The toss's choice reads as the prompt asks it: 'Choose offense'."""
        if action.kind == Act.CHOOSE and isinstance(action.arg, str):
            return f"Choose {action.arg}"
        return super().action_label(action, names, with_cards, view)

    def instruction(self, view, names, selected):
        """Choose a side, set offense cards, set defense cards."""
        facts = view.facts
        step, size = facts["step"], facts["line_size"]
        if step == "choose":
            toss = "sudden death toss" if facts["sudden_death"] else "coin toss"
            return f"You won the {toss}: choose offense or defense"
        done = f"{self.placed(view)} of {size} set"
        if step == "offense_set":
            return f"Set your offense line ({done}{open_rule(view)})"
        if step == "defense_set":
            return f"Set a defense card opposite each offense card ({done}{used_up(self.closed_to_set(view))})"
        return ""

    def waiting(self, view, seat, names):
        """What the other coach is doing."""
        step = view.facts["step"]
        who = names[seat]
        if step == "choose":
            return f"{who} won the toss and chooses offense or defense"
        if step in ("offense_set", "defense_set"):
            side = "offense" if step == "offense_set" else "defense"
            return f"{who} is setting {side} cards ({self.placed(view)} of {view.facts['line_size']})"
        return ""

    def side_facts(self, view, names):
        """Who is on offense, each lane's state and colour limit, then what open and closed
        mean."""
        facts = view.facts
        lines = []
        offense = seat_name(names, facts["offense"])
        if offense:
            lines.append(("Offense", offense, None))
        for k, lane in enumerate(facts["lanes"]):
            lines.append((f"Lane {k + 1}", lane_state(lane), None))
        lines.append(("Lanes", LANES_SAID, None))      # what open and closed mean, after them: a panel short
        return lines[:self.SIDE_FACTS]                  # of room keeps every lane's state before it

    def veiled_step(self, view, before, step, seat, anchor, names):
        """The table at `step` of a line's reveal (see Presenter.veiled_step), the side
        panel one lane behind the cards: a lane's new state ('open, but a blue offense
        card here goes closed') is told once its result's callout has gone, never while
        its cards turn over or its result is being called out."""
        shown = super().veiled_step(view, before, step, seat, anchor, names)
        return shown._replace(facts=self.facts_veiled(view.facts, before.facts, step[0] - 1))

    def facts_veiled(self, facts, before, lane):
        """While a line is told lane by lane: the lanes told so far as the line left them
        (lanes_played: also the last line of a possession, whose end already opened every
        lane for the next one), the later ones (and everything else) as they stood before
        the line."""
        lanes = lanes_played(before["lanes"], facts["last_line"], lane)
        return dict(before, lanes=lanes, table=facts["table"], last_line=facts["last_line"])

    def facts_ended(self, facts, before):
        """While a possession's end waits to be read, the next one begun behind it: the
        facts as they stood before its last line, every lane as that line left them (a
        stopped drive's lanes closed, as its cards on the table show); facts still of the
        possession that ended are already told as far as the table has told its line (a
        lesson's coach telling it lane by lane)."""
        if facts["possession"] == before["possession"]:
            return facts
        return self.facts_veiled(facts, before, LANES - 1)

    def cleared(self, view):
        """Once a line's outcome has been read, its cards leave the lanes as the rules
        move them when the next line's first card is set: a won offense card stays open
        in its lane, the others turn closed, defense cards are removed (face down: nobody
        sees into the Removed pile); after a finished possession every card goes back to
        its owner's box, face down too ("Cards not in play" is nobody's to see into)."""
        facts = view.facts
        table, offense, lanes = facts["table"], facts["offense"], facts["lanes"]
        if not table:
            return view
        moves = {}
        for zone in view.zones:
            parts = zone.key.split(":")
            if parts[0] != "line" or len(parts) != 3 or not zone.cards:
                continue
            seat, lane = int(parts[1]), int(parts[2])
            if table == "possession":
                moves[zone.key] = f"box:{seat}"
            elif seat != offense:
                moves[zone.key] = f"removed:{seat}"
            else:
                moves[zone.key] = f"open:{lane}" if lanes[lane].get("live") else f"closed:{lane}"
        view = view._replace(facts=dict(facts, table=None))       # the line's cards are gone from the lanes
        return self.moved(view, moves, {key for key in moves.values() if key.startswith(("removed:", "box:"))})

    def back_of(self, view, zone_key):
        """Each coach plays with a deck of their own: a hidden card shows its owner's back;
        the piles under the lanes hold the cards of the offense the facts tell (while a
        finished possession's last line is still shown, the one that just had the ball)."""
        if zone_key.startswith(("open:", "closed:")) and view.facts.get("offense") is not None:
            return view.facts["backs"][view.facts["offense"]]
        owner = next((z.owner for z in view.zones if z.key == zone_key), None)
        if owner is not None:
            return view.facts["backs"][owner]
        return super().back_of(view, zone_key)

    def field(self, view, anchor, names):
        """The lanes: each coach's line ('line:<seat>:<lane>') and the offense's cards of
        the lines before in two piles named as the rules name them: 'Won' (face up, the
        cards that won the lane: 'open:<lane>') and 'Used up' (face down, lost or set
        closed: 'closed:<lane>'); a closed lane says so at its top, as the side panel tells
        the lanes (lane_state: while a line is told, each lane as its result has been told),
        and so does the offense's card set closed ('Lane 2: your closed card'): while a
        line's cards are still in their lanes, as its results say it was set (a card that
        won its lane keeps the lane open, its colour turned away from then on), before
        that, as the lane takes it now (is_open)."""
        cells = {}
        lanes = view.facts["lanes"]
        played = {result["lane"]: bool(result.get("open")) for result in view.facts.get("last_line") or ()
                  if isinstance(result, dict)} if view.facts.get("table") else {}
        for zone in view.zones:
            parts = zone.key.split(":")
            if parts[0] == "line" and len(parts) == 3:
                lane, seat = int(parts[2]), zone.owner
                row = "mine" if seat == anchor else "other"
                closed = "" if lane >= len(lanes) or lanes[lane].get("live") else ", closed"
                caption = f"Lane {lane + 1}{closed}: " + ("your line" if row == "mine" else names[seat])
                shown = [card for card in zone.cards if card is not None]
                if shown and seat == view.facts.get("offense") and (
                        not played[lane] if lane in played else
                        not closed and any(not is_open(lanes[lane], card) for card in shown)):
                    whose = "your" if row == "mine" else possessive(names[seat])
                    caption = f"Lane {lane + 1}: {whose} closed card"
            elif parts[0] in ("open", "closed") and len(parts) == 2:
                lane, row = int(parts[1]), parts[0]
                caption = f"{PILES[row]} ({zone.count})"
            else:
                continue
            cells[zone.key] = (lane, *ROWS[row], caption)
        return cells
