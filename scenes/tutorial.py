"""Learn to play: a guided first game of one mode, at the ordinary table with a coach.

The lesson (game/tutorial.py: the stacked deal and the script) is played at the table
scene itself, directed by a LessonDirector (see scenes/table_director.py). The
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
their hand, each tip once per person (Settings can switch the tips off).
"""
from game import registry, tutorial
from scenes import coach_panel, ui
from scenes.session import LessonSession, Seat
from scenes.table_director import Director, Marks

REFUSED = "Not this move: the coach on the right says why"
CHOOSER = "learn"    # the scene listing every mode's lesson
NEXT = "Next"
TIP_TURNS = 4        # the tips show in each person's first turns of a game


def start(scene, game_id, chapter=None):
    """Open the lesson of `game_id` (its chapter on house rule `chapter`) from `scene`; a
    lesson file that does not play becomes a notice on the menu."""
    try:
        coach = tutorial.Coach(tutorial.load(game_id, chapter))
    except tutorial.TutorialError as problem:
        scene.app.notice(f"This lesson could not be opened. {problem}")
        scene.go("menu", session=None, director=None)
        return
    lesson = coach.tutorial
    seats = [Seat(name, seat == lesson.learner, "easy") for seat, name in enumerate(lesson.names)]
    session = LessonSession(game_id, seats, lesson.options, lesson.seed, state=coach.state,
                            executor=scene.app.executor)
    scene.go("table", director=LessonDirector(coach), session=session, viewer=None, events_seen=0,
             curtains=[], scores_due=False)


def chapter_title(game_id, option):
    """A chapter's name: Setup's name for its house rule."""
    return registry.GAMES[game_id].option(option).label


class LessonDirector(Director):
    """A lesson at the table: the coach's words beside it, its script for the computers."""

    scores_between_hands = False    # the lesson stays at the table: the coach tells the scores

    def __init__(self, coach):
        self.coach = coach
        self.reply = ""             # the coach's answer to the last refused move
        self.summary = None         # where the end of the lesson lies, once it shows

    # ---- the lesson's moves ---------------------------------------------------------------
    def submit(self, table, action):
        """The learner's (or the script's) move, through the coach: made if it is the
        lesson's, else refused with the coach's reply and nothing changed."""
        events = []
        reply = self.coach.submit(action, apply=lambda a: events.extend(table.session.submit(a)))
        if not reply.accepted:
            self.reply = reply.text
            rows = coach_panel.facts_rows(table.current_view, table.presenter, table.names)
            shown = coach_panel.reply_fits(table.app.screen, self.paragraphs(table), reply.text, rows)
            raise registry.IllegalAction(REFUSED if shown else reply.text)
        self.reply = ""
        return events

    def moves_for(self, table, seat):
        """The script moves the computers, and the learner's routine turns it plays."""
        return super().moves_for(table, seat) or self.coach.scripted_action() is not None

    def computer_move(self, table):
        """A computer seat (or the learner's routine turn) makes the lesson's scripted move."""
        action = self.coach.scripted_action()
        if action is not None:
            table.submit(action)

    def holds(self, table):
        """No outcome stays on its own when the coach's words tell it next (lane by
        lane, say), so that nothing is told before its turn."""
        return frozenset() if self.coach.explaining() else super().holds(table)

    def waiting(self, table):
        """The coach's words wait for Next, and the computers with them."""
        return self.coach.explaining()

    def buttons(self, table):
        """Next, while the coach's own words wait."""
        return [("next", NEXT, lambda: self.next(table))] if self.coach.explaining() else []

    def next(self, table):
        """Next pressed: on to what follows the coach's words."""
        self.coach.next()
        self.reply = ""
        table.refresh()

    def hint(self, table):
        """The coach's hint: mark the move the lesson expects, and say it."""
        if self.coach.explaining():
            table.say("Read the coach's words, then press Next")
        elif self.coach.learner_to_act():
            action = tutorial.find(self.coach.state, self.coach.cue.moves[0])
            table.show_hint(action)
            label = table.presenter.action_label(action, table.names, with_cards=True, view=table.current_view)
            table.say(f"The coach's move: {label}", action.cards, hint=True)

    def marks(self, table):
        """The coach's cards, the buttons (or a choice's options) of the move it wants,
        and its bubble."""
        if self.coach.finished:
            return Marks()
        cards, kinds = self.coach.highlights() if table.my_turn() else ((), ())
        moves = self.coach.cue.moves if self.coach.learner_to_act() else ()

        def buttons(actions, in_choice):
            return any((in_choice or a.kind in kinds) and any(m.matches(a) for m in moves) for a in actions)
        bubble, spots = self.coach.bubble(), frozenset()
        if bubble is not None and (self.coach.explaining() or table.my_turn()):
            words, at = bubble
            rows = coach_panel.facts_rows(table.current_view, table.presenter, table.names)
            if at.startswith("score:"):
                at = coach_panel.row_rect(table.app.screen, rows, table.names.index(at[len("score:"):]))
            elif at.startswith("fact:"):
                row = next((i for i, r in enumerate(rows) if r[0].startswith(at[len("fact:"):])), len(rows))
                at = coach_panel.row_rect(table.app.screen, rows, row)
            elif at.startswith("zone:") and "@" in at:
                key, _, position = at[len("zone:"):].partition("@")
                spots = frozenset({(key, int(position))})
            bubble = (words, at) if at is not None else None
        else:
            bubble = None
        return Marks(frozenset(cards), buttons, spots, bubble)

    def view(self, table, view):
        """While the coach reveals a line lane by lane, the other players' cards of the
        lanes it has not come to yet lie face down."""
        cue = self.coach.cue
        if cue is None or cue.reveal is None:
            return view
        cells = table.presenter.field(view, table.anchor, table.names)
        learner = self.coach.tutorial.learner
        zones = tuple(z._replace(cards=(None,) * z.count)
                      if z.key in cells and cells[z.key][0] > cue.reveal and z.owner != learner else z
                      for z in view.zones)
        return view._replace(zones=zones)

    def finished(self, table):
        """Is the script over?"""
        return self.coach.finished

    # ---- leaving ------------------------------------------------------------------------------
    def leave(self, table):
        """Esc or Menu: leave the lesson for the menu."""
        table.go("menu", session=None, director=None)

    def show_rules(self, table):
        """The mode's rulebook; Back returns to the lesson where it was."""
        table.go("rules", rules_game=table.session.game_id, return_to="table")

    # ---- the coach's words -----------------------------------------------------------------------
    def how(self, table):
        """How the table takes the move the coach wants when it needs several cards
        ('' otherwise): the coach speaks of the game, this of the clicks."""
        if not table.my_turn() or not self.coach.learner_to_act():
            return ""
        move = self.coach.cue.moves[0]
        count = len(move.names)
        if count < 2:
            return ""
        label = table.presenter.selection_label(move.kind, (), count)
        return f"Click each of the {count} cards to select it, then press {label}."

    def title(self, table):
        """The top bar says this is a lesson (and which chapter)."""
        lesson = self.coach.tutorial
        chapter = f" ({chapter_title(lesson.game_id, lesson.chapter)})" if lesson.chapter else ""
        return f"Learn to play: {table.session.info.title}{chapter}"

    def prompt(self, table, words):
        """While the coach explains, or plays the learner's turn, the top bar says so."""
        if self.coach.explaining():
            return "Read the coach's words, then press Next"
        coach = self.coach
        if not table.over and coach.scripted_action() is not None and coach.cue.by == coach.tutorial.learner:
            return "The coach plays your turn for you"
        return words

    def paragraphs(self, table):
        """What the coach's panel says now (with how to take a move of several cards)."""
        paragraphs = [] if table.over else self.coach.paragraphs()
        how = self.how(table)
        if how:
            paragraphs = paragraphs[:-1] + [f"{paragraphs[-1]} {how}"]
        return paragraphs

    def draw_side(self, table, screen):
        """The coach's panel instead of the table's side panel (a refused move's reply in
        it when it fits beside the coach's words; the table said it otherwise)."""
        rows = coach_panel.facts_rows(table.current_view, table.presenter, table.names)
        coach_panel.panel(screen, self.paragraphs(table), self.reply, rows,
                          None if table.over else self.coach.progress())
        return []

    # ---- the end of the lesson ---------------------------------------------------------------------
    def end_buttons(self, table, screen):
        """The end of the lesson: its summary's place, and the buttons to go on."""
        lesson = self.coach.tutorial
        rules = [rule for _, rule in self.coach.rules_met()]
        later = [f"{item.rule} ({item.section})" for item in lesson.later]
        buttons = [("Play a real game", lambda: self.play_real_game(table), True)]
        buttons += [(f"Chapter: {chapter_title(lesson.game_id, option)}",
                     lambda option=option: start(table, lesson.game_id, option), False)
                    for option in lesson.chapters]
        buttons += [("Another lesson", lambda: self.choose_another(table), False),
                    ("Menu", lambda: self.leave(table), False)]
        self.summary = coach_panel.Summary(screen, " ".join(self.coach.paragraphs()), rules, later, len(buttons))
        return [ui.Button(rect, label, action, primary=primary, size=20 if len(label) < 18 else 17)
                for rect, (label, action, primary) in zip(self.summary.button_rects, buttons)]

    def draw_end(self, table, screen):
        """The end of the lesson over the table."""
        lesson = self.coach.tutorial
        chapter = f" ({chapter_title(lesson.game_id, lesson.chapter)})" if lesson.chapter else ""
        coach_panel.summary(screen, self.summary, f"Lesson complete: {table.session.info.title}{chapter}",
                            table.widgets, table.focused, table.ui_state.hover_button)

    def play_real_game(self, table):
        """Setup of the lesson's mode, for a real game with the rules the lesson taught
        (its Start asks first while another game is saved), with tips in its first turns."""
        table.go("setup", game_id=table.session.game_id, session=None, director=None,
                 rules=self.coach.tutorial.rules, tips=True)

    @staticmethod
    def choose_another(table):
        """The list of every mode's lesson."""
        table.go(CHOOSER, session=None, director=None, game_id=table.session.game_id)


class FirstGameDirector(Director):
    """A real game after a lesson: in each person's first TIP_TURNS turns, a bubble
    points at a special card of their hand with its tip (each tip once per person)."""

    def __init__(self):
        self.seen = {}          # seat -> the tips shown to that person
        self.turns = {}         # seat -> how many of that person's turns have begun
        self.tip = None         # (words or None, card name) of the turn being played

    def marks(self, table):
        """The tip of this turn, if any (a new turn begins after any layout that was not
        the person's turn)."""
        if not table.my_turn():
            self.tip = None
            return Marks()
        if self.tip is None:
            self.tip = self.choose(table, table.viewer)
        return Marks(bubble=self.tip) if self.tip[0] else Marks()

    def choose(self, table, seat):
        """The tip for a turn of `seat` beginning: (words, card name), or (None, None)."""
        self.turns[seat] = self.turns.get(seat, 0) + 1
        if self.turns[seat] > TIP_TURNS:
            return None, None
        seen = self.seen.setdefault(seat, set())
        hand = next((z for z in table.current_view.zones if z.owner == seat and z.kind == "hand"), None)
        for card in hand.cards if hand is not None else ():
            words = table.presenter.tip(card) if card is not None else None
            if words and words not in seen:
                seen.add(words)
                return words, card.name
        return None, None

    def leave(self, table):
        """Esc or Menu: back to the menu (a game continued later has no tips)."""
        table.go("menu", session=None, director=None)
