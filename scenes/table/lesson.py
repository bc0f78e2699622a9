"""Learn to play: a guided first game of one mode, at the ordinary table with a coach.

The lesson (game/tutorial.py: the stacked deal and the script) is played at the table
scene itself, directed by a LessonDirector (see scenes/table/director.py). The
learner's seat is a person, the other seats make the script's moves instead of a
computer player's (paced like computer moves); every move of the learner goes through
the coach, which refuses any other one kindly (the game unchanged) with its reply in
the coach's panel, drawn where the table's side panel stands. The coach speaks at the
thing it means: a bubble with an arrow to the card, lane, pile or button, beside the
panel's fuller words; its own explanations wait for Next (the computers wait too), and
the panel's heading says how far the lesson has come ("step 5 of 17"). The cards and
buttons the coach names are marked as a hint is (the keyboard starts there, and a
choice opens on the option it wants); Hint marks the very move the lesson expects. A
line of lanes can be revealed one lane at a time, the other players' cards of the
later lanes shown face down until the coach comes to them. At the end: the rules met,
those a real game brings, "Play a real game" (Setup of that mode with the rules the
lesson taught), the chapters on house rules, Another lesson and Menu.

The lesson's session has no folders: it never touches the autosave of a game in
progress, and it is neither recorded nor counted in Statistics.

A real game started after a lesson is run by a FirstGameDirector: in each person's
first turns, a one-line tip (the game's presenter's words) points at a special card in
their hand that they may play now, each tip once per person (Settings can switch the
tips off).
"""
from game import registry, tutorial
from game.core import SharedEvent
from scenes.table import coach_panel
from scenes.table.director import REFRESH, Coach, Director, Ending, Go, Hinted, Marks, News
from scenes.table.model import for_input
from scenes.table.session import LessonSession, Seat

REFUSED = "Not this move: the coach on the right says why"
CHOOSER = "learn"    # the scene listing every mode's lesson
NEXT = "Next"
TIP_TURNS = 4        # the tips show in each person's first turns of a game


def start(scene, game_id, chapter=None):
    """Open the lesson of `game_id` (its chapter on house rule `chapter`) from `scene`; a
    lesson file that does not play becomes a notice on the menu."""
    go = opening(game_id, chapter, scene.app.executor, scene.app.screen)
    if go.notice:
        scene.app.notice(go.notice)
    scene.go(go.scene, **go.persist)


def opening(game_id, chapter, executor, screen):
    """Where the lesson of `game_id` (its chapter on house rule `chapter`) opens: the
    table with its session (the computers thinking through `executor`) and its director
    (measuring the coach's panel on `screen`), or the menu with a notice when the lesson
    file does not play."""
    try:
        coach = tutorial.Coach(tutorial.load(game_id, chapter))
    except tutorial.TutorialError as problem:
        return Go("menu", {"session": None, "director": None}, notice=f"This lesson could not be opened. {problem}")
    lesson = coach.tutorial
    seats = [Seat(name, seat == lesson.learner, "easy") for seat, name in enumerate(lesson.names)]
    session = LessonSession(game_id, seats, lesson.options, lesson.seed, state=coach.state, executor=executor)
    return Go("table", {"director": LessonDirector(coach, screen), "session": session, "viewer": None,
                        "events_seen": 0, "curtains": [], "scores_due": False})


def chapter_title(game_id, option):
    """A chapter's name: Setup's name for its house rule."""
    return registry.GAMES[game_id].option(option).label


def chapter_button(game_id, option):
    """The button that opens a chapter, saying what it teaches: 'House rule: Hit Goal'
    (walkC16 #8: 'Chapter: Hit Goal' said neither that Hit Goal is a rule nor that Setup
    switches it on)."""
    return f"House rule: {chapter_title(game_id, option)}"


HELD = "Read what happened on the table, then go on with Continue."     # the coach, beside an outcome held


class LessonDirector(Director):
    """A lesson at the table: the coach's words beside it, its script for the computers."""

    scores_between_hands = False    # the lesson stays at the table: the coach tells the scores

    def __init__(self, coach, screen):
        self.coach = coach
        self.screen = screen        # where the coach's panel is measured (does a reply fit in it?)
        self.reply = ""             # the coach's answer to the last refused move
        self.said = []              # the coach's words as the die last stood still
        self.said_at = None         # and the step they belong to (the coach's progress then)
        self.said_events = None     # the game's event count when `said` was said
        self.ahead = None           # 'Ben is playing.' once `said`, ending 'Ben plays next.', is outrun
        self.next_laid = False      # is Next on the table as it was last laid out?

    # ---- the lesson's moves ---------------------------------------------------------------
    def submit(self, seen, action):
        """The learner's (or the script's) move, through the coach: made if it is the
        lesson's, else refused with the coach's reply and nothing changed (the table says
        REFUSED when the reply shows in the coach's panel, the reply itself otherwise)."""
        events = []
        reply = self.coach.submit(action, apply=lambda a: events.extend(seen.session.submit(a)))
        if not reply.accepted:
            self.reply = reply.text
            rows = coach_panel.facts_rows(seen.view, seen.presenter, seen.names)
            shown = coach_panel.reply_fits(self.screen, self.paragraphs(seen), reply.text, rows, seen.keys)
            raise registry.IllegalAction(REFUSED if shown else reply.text)
        self.reply = ""
        return events

    def computer_move(self, seen):
        """A computer seat makes the lesson's scripted move."""
        return self.coach.scripted_action()

    def holds(self, seen):
        """No outcome stays on its own when the coach's words tell it next (lane by
        lane, say), so that nothing is told before its turn."""
        return frozenset() if self.coach.explaining() else super().holds(seen)

    def waiting(self, seen):
        """The coach's words wait for Next, and the computers with them."""
        return self.coach.explaining()

    def callouts(self, seen, calls):
        """The table's, as in a real game (the coach speaks of them once they are told),
        but none of a line the coach reveals lane by lane itself: its outcome is the
        coach's to tell, at its last lane ('Drive stopped' called out beside lanes still
        face down)."""
        cue = self.coach.cue
        if cue is not None and cue.reveal is not None:
            return []
        return [call for call in calls if call.reveal is None]

    def clears(self, seen):
        """The last line's cards stay while the coach speaks (of them, lane by lane)."""
        return not self.coach.explaining()

    def buttons(self, seen):
        """Next, while the coach's own words wait, as they come: once the table has told
        the last change, at most its last callout still on the table (not while the deal
        still flies beside an empty panel, see marks). Next is the learner's own control:
        a click on it under that callout skips the callout and goes on (see
        scenes/table/input.py)."""
        self.next_laid = self.next_due(seen)
        return [("next", NEXT)] if self.next_laid else []

    def next_due(self, seen):
        """Is Next due on the table (see buttons)?"""
        return self.coach.explaining() and seen.told()

    def tick(self, seen):
        """Next comes with the coach's words: the table is read and laid out anew with it,
        the keyboard on it (if the marks that waited for the table have not brought it)."""
        return News(reread=True) if self.next_due(seen) and not self.next_laid else None

    def press(self, seen, key):
        """Next pressed: on to what follows the coach's words; or a choice at the end."""
        if key == "next":
            self.coach.next()
            self.reply = ""
            return REFRESH
        return self.end_choice(seen, key)

    def hint(self, seen):
        """The coach's hint: mark the move the lesson expects, and say it."""
        if self.coach.explaining():
            return "Read the coach's words, then press Next"
        if self.coach.learner_to_act():
            action = tutorial.find(self.coach.state, self.coach.cue.moves[0])
            label = seen.presenter.action_label(action, seen.names, with_cards=True, view=seen.view)
            return Hinted(action, f"The coach's move: {label}")
        return None

    def marks(self, seen):
        """The coach's cards, the buttons (or a choice's options) of the move it wants,
        its bubble, and the lane a card it wants goes in (kept in sight; once the card is
        picked, the bubble points at the lane: 'Now click lane 1.', or by keys 'Now press 1
        for lane 1.', as the table's strip says); the bubble names only the input the
        learner uses (see model.for_input: no click while they use the keys); none while a die
        rolled still tumbles (the move it wants is not offered before the die stops), nor
        before the table has told the last change (the deal landed: nothing is marked
        beside an empty panel; the table asks again then)."""
        if self.coach.finished or seen.rolled:
            return Marks()
        if not seen.told():
            return Marks(later=True)
        cards, kinds = self.coach.highlights() if seen.my_turn() else ((), ())
        moves = self.coach.cue.moves if self.coach.learner_to_act() else ()

        def buttons(actions, in_choice):
            return any((in_choice or a.kind in kinds) and any(m.matches(a) for m in moves) for a in actions)
        bubble, spots, also = self.coach.bubble(), frozenset(), ()
        if bubble is not None and (self.coach.explaining() or seen.my_turn()):
            words, at = bubble
            if at.startswith("zone:") and "@" in at:
                key, _, position = at[len("zone:"):].partition("@")
                spots = frozenset({(key, int(position))})
            if not self.coach.cue.at and at in self.coach.cue.cards:    # the bubble at the first card it marks
                also = tuple(card for card in self.coach.cue.cards if card != at)
        else:
            bubble = None
        lanes = self.lanes(seen, moves) if seen.my_turn() else ()
        if lanes and seen.picked and bubble is not None:     # the card picked: the bubble goes on to its lane
            action = tutorial.find(self.coach.state, moves[0])
            if {card.name for card in seen.picked} == {card.name for card in action.cards}:
                lane = seen.presenter.arg_label(action.arg, seen.names, action.kind, seen.view)
                words = f"Now press {action.arg + 1} for {lane}." if seen.keys else f"Now click {lane}."
                bubble, spots, also = (words, lanes[0]), frozenset(), ()
        if bubble is not None:
            bubble = (for_input(bubble[0], seen.keys), bubble[1])
        return Marks(frozenset(cards), buttons, spots, bubble, lanes, also=also)

    def lanes(self, seen, moves):
        """Where in its lane each card the coach wants goes: the learner's own place in
        that lane of the field (as anchors, 'zone:<key>')."""
        view, learner = seen.view, self.coach.tutorial.learner
        cells = seen.presenter.field(view, seen.anchor, seen.names)
        lanes = {int(move.arg) for move in moves if move.kind in seen.presenter.LANE_ARGS}
        return tuple(f"zone:{z.key}" for z in view.zones
                     if z.key in cells and cells[z.key][0] in lanes and z.owner == learner)

    def shown(self, seen, view):
        """While the coach reveals a line lane by lane, the other players' cards of the
        lanes it has not come to yet lie face down, and the hands, scores and facts stay
        as they stood before the line (the presenter's `veiled`). A lesson that ends in
        the middle of a game keeps the facts as they stood at its last move (not the next
        hand's or possession's, begun by the rules behind it); one whose last move ended a
        hand, the next not begun, shows that hand's end as a real game does (its hands and
        their counts)."""
        cue = self.coach.cue
        if cue is None:
            ended = seen.session.events_since(seen.session.event_count() - 1)
            if view.is_over or any(event.kind == SharedEvent.HAND_OVER for event in ended):
                return view
            return view._replace(facts=self.coach.before.facts)
        if cue.reveal is None:
            return view
        return seen.presenter.veiled(view, self.coach.before, cue.reveal, self.coach.tutorial.learner,
                                     seen.anchor, seen.names)

    def step(self, seen):
        """The coach's step reached (moved on by the learner's move at once, not once the
        table has told it)."""
        return self.coach.index

    def finished(self, seen):
        """Is the script over?"""
        return self.coach.finished

    # ---- leaving ------------------------------------------------------------------------------
    def leave(self, seen):
        """Esc or Menu: leave the lesson for the menu."""
        return Go("menu", {"session": None, "director": None})

    # ---- the coach's words -----------------------------------------------------------------------
    def how(self, seen):
        """How the table takes the move the coach wants when its cards are picked first,
        then played by a button (several cards, or a kind the table always picks first;
        '' otherwise): the coach speaks of the game, this of the clicks, or of the keys
        while the learner uses them."""
        if not seen.my_turn() or not self.coach.learner_to_act():
            return ""
        move = self.coach.cue.moves[0]
        count = len(move.names)
        if count < 2 and not (count and move.kind in seen.presenter.PICK_THEN_PLAY):
            return ""
        label = seen.presenter.selection_label(move.kind, (), count)
        if seen.keys:
            cards = "the card to pick it" if count == 1 else f"each of the {count} cards to select it"
            return f"Press Enter on {cards}, then on {label}."
        if count == 1:
            return f"Click the card to pick it, then press {label}."
        return f"Click each of the {count} cards to select it, then press {label}."

    def title(self, seen):
        """The top bar says this is a lesson (and which chapter)."""
        return f"Learn to play: {self.lesson_name(seen)}"

    def lesson_name(self, seen):
        """The lesson's name: its game's title (and which chapter)."""
        lesson = self.coach.tutorial
        chapter = f" ({chapter_title(lesson.game_id, lesson.chapter)})" if lesson.chapter else ""
        return f"{seen.session.info.title}{chapter}"

    def prompt(self, seen, words, where):
        """While the coach explains, the top bar says so once Next is on the table (see
        buttons: not while the cards still fly), after where the game stands as the table
        shows it (`where`: of an outcome the coach tells, where it came); at the end, that
        the lesson is complete (not what the game would ask next)."""
        if seen.over:
            return "Lesson complete"
        if self.next_due(seen):
            return "  ·  ".join(w for w in (where, "Read the coach's words, then press Next") if w)
        return words

    def paragraphs(self, seen):
        """What the coach's panel says now (with how to take a move of several cards),
        naming only the input the learner uses (see model.for_input). The coach's words and
        the table agree at every moment: they never tell an older moment than the table
        shows, nor run ahead of it. While the table still tells the last change, what
        happened comes as the move's cards take off when they show it as they fly (a hand
        drawn back up to 7, a card that comes to the learner: walkC16 #4), else once they
        have landed and nothing of it is still to turn over (a line's lane), to count (a
        count-up) or to roll (a die); until then, what the coach said before, but never who
        plays next once that move is on its way ("Ben plays next." beside Ben's cards
        flying or his die tumbling: then "Ben is playing."), nor beside a hand's or the
        game's end, nor beside an outcome held to be read: beside it the coach tells what
        happened, never who is playing (walkC16 #12:
        "Ben is playing." beside the touchdown his last card brought; with nothing else to
        say, the coach says to read the table). What comes next (the next move to make) only
        once the table has told the change: its cards landed, at most its last callout still
        on the table (the next cards are not dealt before)."""
        if seen.rolled or not seen.told():
            happened = self.coach.happened()
            if happened and (seen.shown() or self.telling(seen, happened)):
                return happened
            if self.ahead is not None and seen.session.event_count() > self.said_events:
                ended = seen.held or self.ended_since(seen, self.said_events)
                return self.said[:-1] + ([] if ended else [self.ahead])
            return self.said
        paragraphs = [] if seen.over else self.coach.paragraphs()
        ahead = self.coach.looks_ahead()
        if seen.held and not self.coach.finished:       # never who plays next beside an outcome to read
            told = self.said[:-1] if self.ahead is not None else self.said
            paragraphs, ahead = self.coach.happened() or told or [HELD], False
        how = self.how(seen)
        if how:
            paragraphs = paragraphs[:-1] + [f"{paragraphs[-1]} {how}"]
        paragraphs = [for_input(words, seen.keys) for words in paragraphs]
        self.said, self.said_at = paragraphs, self.coach.progress()
        self.said_events = seen.session.event_count()
        self.ahead = self.coach.playing() if ahead and paragraphs else None
        return paragraphs

    @staticmethod
    def ended_since(seen, start):
        """Did a hand or the game end among the game's events from number `start` on?"""
        return any(event.kind in (SharedEvent.HAND_OVER, SharedEvent.GAME_OVER)
                   for event in seen.session.events_since(start))

    def telling(self, seen, happened):
        """Is the table telling a move made since the coach's words were said, whose words
        (`happened`) are new, and which keeps nothing back to turn over, count or read (see
        Seen.plain)? Then its words come as its cards take off (walkC16 #4: six cards flew
        into the learner's hand beside 'Ben plays next.')."""
        return (self.said_events is not None and seen.session.event_count() > self.said_events
                and seen.plain() and not seen.held and happened != self.said[:len(happened)])

    def side(self, seen):
        """The coach's panel instead of the table's side panel (a refused move's reply in
        it when it fits beside the coach's words; the table said it otherwise), numbered
        with the step its words belong to. The reply stands until the learner picks cards
        anew (a refused move drops its cards): the next choice is not shown refused too."""
        if seen.picked:
            self.reply = ""
        paragraphs = self.paragraphs(seen)     # the step's number goes with the words shown, never ahead of them
        return Coach(paragraphs, for_input(self.reply, seen.keys), None if seen.over else self.said_at or self.coach.progress(),
                     seen.keys)

    # ---- the end of the lesson ---------------------------------------------------------------------
    def end(self, seen):
        """The end of the lesson: the rules met, those a real game brings, and the choices
        to go on (a real game, a chapter, another lesson, the menu)."""
        lesson = self.coach.tutorial
        rules = [rule for _, rule in self.coach.rules_met()]
        later = [f"{item.rule} (Rules: {item.section})" for item in lesson.later]     # walkD17 #16
        choices = [("Play a real game", "real", True)]
        choices += [(chapter_button(lesson.game_id, option), f"chapter:{option}", False)
                    for option in lesson.chapters]
        choices += [("Another lesson", "another", False), ("Menu", "menu", False)]
        return Ending(f"Lesson complete: {self.lesson_name(seen)}", " ".join(self.coach.paragraphs()), rules, later,
                      choices)

    def end_choice(self, seen, key):
        """Where a choice at the end of the lesson goes."""
        game_id = seen.session.game_id
        if key == "real":
            return self.play_real_game(seen)
        if key.startswith("chapter:"):
            return opening(game_id, key[len("chapter:"):], seen.session.executor, self.screen)
        if key == "another":
            return self.choose_another(seen)
        return self.leave(seen)

    def play_real_game(self, seen):
        """Setup of the lesson's mode, for a real game with the rules the lesson taught
        (its Start asks first while another game is saved), with tips in its first turns."""
        return Go("setup", {"game_id": seen.session.game_id, "session": None, "director": None,
                            "rules": self.coach.tutorial.rules, "tips": True})

    @staticmethod
    def choose_another(seen):
        """The list of every mode's lesson."""
        return Go(CHOOSER, {"session": None, "director": None, "game_id": seen.session.game_id})


class FirstGameDirector(Director):
    """A real game after a lesson: in each person's first TIP_TURNS turns, a bubble
    points at a special card of their hand with its tip (each tip once per person), a
    card a move takes now: a tip never points at a card that cannot be played (it would
    read as 'play this'); it waits for a turn, or a moment of the turn (a card drawn),
    where one may be."""

    def __init__(self):
        self.seen = {}          # seat -> the tips shown to that person
        self.turns = {}         # seat -> how many of that person's turns have begun
        self.tip = None         # (words or None, card name) of the turn being played

    def marks(self, seen):
        """The tip of this turn, if any, while its card may be played (a new turn begins
        after any change that was not the person's turn)."""
        if not seen.my_turn():
            self.tip = None
            return Marks()
        seat = seen.viewer
        if self.tip is None:
            self.turns[seat] = self.turns.get(seat, 0) + 1
            self.tip = None, None
        legal = seen.session.legal_actions()
        if self.tip[0] is None and self.turns[seat] <= TIP_TURNS:
            self.tip = self.choose(seen, seat, legal)
        words, name = self.tip
        shown = words and any(c is not None and c.name == name for a in legal for c in a.cards)
        return Marks(bubble=self.tip) if shown else Marks()

    def choose(self, seen, seat, legal):
        """The tip on a card of `seat`'s hand that a move of `legal` takes, not yet shown
        to them: (words, card name), or (None, None)."""
        told = self.seen.setdefault(seat, set())
        playable = {c.name for a in legal for c in a.cards if c is not None}
        hand = next((z for z in seen.view.zones if z.owner == seat and z.kind == "hand"), None)
        for card in hand.cards if hand is not None else ():
            words = seen.presenter.tip(card) if card is not None and card.name in playable else None
            if words and words not in told:
                told.add(words)
                return words, card.name
        return None, None

    def leave(self, seen):
        """Esc or Menu: back to the menu (a game continued later has no tips)."""
        return Go("menu", {"session": None, "director": None})
