"""Learn to play: a guided first game of one mode, at the ordinary table with a coach.

The lesson (game/tutorial.py: the stacked deal and the script) is played on the table
scene itself: TutorialScene is the TableScene with a Coach. The learner's seat is a
person, the other seats make the script's moves instead of a computer player's (paced
like computer moves); every move of the learner goes through the coach, which refuses
any other one kindly (the game unchanged) with its reply in the coach's panel, drawn
where the table's side panel stands. The cards and buttons the coach names are marked
as a hint is; Hint marks the very move the lesson expects. At the end: the rules met,
"Play a real game" (Setup of that mode) and Menu.

The lesson's session has no folders: it never touches the autosave of a game in
progress, and it is neither recorded nor counted in Statistics.
"""
from game import tutorial
from scenes import coach_panel, ui
from scenes.session import LessonSession, Seat
from scenes.table import TableScene

REFUSED = "Not this move: the coach on the right says why"
CHOOSER = "learn"    # the scene listing every mode's lesson


def start(scene, game_id):
    """Open the lesson of `game_id` from `scene`; a lesson file that does not play
    becomes a notice on the menu."""
    try:
        coach = tutorial.Coach(tutorial.load(game_id))
    except tutorial.TutorialError as problem:
        scene.app.notice(f"This lesson could not be opened. {problem}")
        scene.go("menu", session=None, coach=None)
        return
    lesson = coach.tutorial
    seats = [Seat(name, seat == lesson.learner, "easy") for seat, name in enumerate(lesson.names)]
    session = LessonSession(game_id, seats, lesson.options, lesson.seed, state=coach.state)
    scene.go("tutorial", coach=coach, session=session, viewer=None, events_seen=0, curtains=[],
             scores_due=False)


class TutorialScene(TableScene):
    """The table playing a lesson: the coach's words beside it, its script for the computers."""

    AUTO_END_TURN = False   # the coach has a rule to tell before the learner ends the turn

    def startup(self, persist):
        """Take up the lesson handed over by `start` (or come back to it from the Rules)."""
        self.coach = persist["coach"]
        self.reply = ""          # the coach's answer to the last refused move
        self.ended = False       # the end of the lesson is shown
        self.summary_place = None
        self.keys_placed = None  # the learner's step the keyboard was last put on the coach's mark for
        super().startup(persist)

    # ---- the lesson's moves ---------------------------------------------------------------
    def submit(self, action):
        """The learner's (or the script's) move, through the coach: made on the table if it
        is the lesson's, else refused with the coach's reply and nothing changed."""
        reply = self.coach.submit(action, apply=super().submit)
        if reply.accepted:
            self.reply = ""
            self.layout()
            return
        self.reply = reply.text
        self.selection = []
        self.dialog = None
        self.say(REFUSED)
        self.layout()

    def choose(self, actions, title, default=None):
        """The table's choice, the keyboard starting on the option the coach wants."""
        moves = self.coach.step.moves if self.coach.learner_to_act() else ()
        wanted = next((a for a in actions if any(m.matches(a) for m in moves)), None)
        super().choose(actions, title, default if wanted is None else wanted.arg)

    def computer_move(self):
        """A computer seat makes the lesson's scripted move."""
        action = self.coach.scripted_action()
        if action is not None:
            self.submit(action)

    def ask_hint(self):
        """The coach's hint: mark the move the lesson expects."""
        if self.my_turn() and self.coach.learner_to_act():
            self.hint = tutorial.find(self.state, self.coach.step.moves[0])
            self.layout()

    def my_turn(self):
        """Can the learner act now (never once the lesson has ended)?"""
        return not self.ended and super().my_turn()

    def advance(self, dt):
        """Move the lesson on; it stays at this table between hands (the coach tells the
        scores), and ends with its summary once the script is over."""
        if self.ended:
            return
        if self.coach.finished:
            if not (self.motion.flights or self.pending or self.motion.rolling > 0):
                self.ended = True
                self.message = ""
                self.refresh()
                self.layout()
            return
        self.hand_ended = False
        super().advance(dt)

    # ---- leaving ------------------------------------------------------------------------------
    def back(self):
        """Esc or Menu: leave the lesson for the menu."""
        self.go("menu", session=None, coach=None)

    def play_real_game(self):
        """Setup of the lesson's mode, for a real game."""
        self.go("setup", game_id=self.session.game_id, session=None, coach=None)

    def show_rules(self):
        """The mode's rulebook; Back returns to the lesson where it was."""
        self.go("rules", rules_game=self.session.game_id, return_to="tutorial")

    def choose_another(self):
        """The list of every mode's lesson."""
        self.go(CHOOSER, session=None, coach=None, game_id=self.session.game_id)

    # ---- layout and drawing ----------------------------------------------------------------------
    def layout(self):
        """The table's layout (marked by `mark`), or the end of the lesson."""
        super().layout()
        if self.ended:
            self.layout_end()

    def mark(self):
        """The coach's cards and buttons, marked as a hint is (the keyboard starts there)."""
        if self.ended:
            return
        cards, kinds = self.coach.highlights() if self.my_turn() else ((), ())
        for placed in self.board.placed:
            if placed.card is not None and placed.face_up and placed.card.name in cards:
                placed.hinted = True
        moves = self.coach.step.moves if self.coach.learner_to_act() else ()
        for widget in self.widgets:
            actions = getattr(widget, "actions", None) or ()
            if self.dialog:
                widget.marked = widget.marked or any(m.matches(a) for m in moves for a in actions)
            else:
                widget.marked = widget.marked or any(a.kind in kinds and any(m.matches(a) for m in moves)
                                                     for a in actions)
        marks = any(p.hinted for p in self.board.placed) or any(getattr(w, "marked", False) for w in self.widgets)
        settled = not (self.motion.flights or self.pending)   # every card in its place
        if marks and settled and self.keys_placed != self.coach.index:   # a new step: keys to its mark
            self.keys_placed = self.coach.index
            self.input.refocus = True

    def layout_end(self):
        """The end of the lesson: its summary and the buttons to go on."""
        screen = self.app.screen
        rules = [rule for _, rule in self.coach.rules_met()]
        buttons = [("Play a real game", self.play_real_game, True), ("Another lesson", self.choose_another, False),
                   ("Menu", self.back, False)]
        self.summary_place = coach_panel.Summary(screen, " ".join(self.coach.paragraphs()), rules, len(buttons))
        self.buttons_top = []
        self.focus_cards = []
        self.widgets = [ui.Button(rect, label, action, primary=primary, size=20)
                        for rect, (label, action, primary) in zip(self.summary_place.button_rects, buttons)]
        self.input.focus_item = 0

    def how(self):
        """How the table takes the move the coach wants when it needs several cards
        ('' otherwise): the coach speaks of the game, this of the clicks."""
        if not self.my_turn() or not self.coach.learner_to_act():
            return ""
        move = self.coach.step.moves[0]
        count = len(move.names)
        if count < 2:
            return ""
        label = f"{self.presenter.kind_label(move.kind)} ({count})"
        return f"Click each of the {count} cards to select it, then press {label}."

    def title(self):
        """The top bar says this is a lesson."""
        return f"Learn to play: {self.session.info.title}"

    def draw_side(self, screen):
        """The coach's panel instead of the table's side panel."""
        rows = coach_panel.facts_rows(self.current_view, self.presenter, self.names)
        paragraphs = [] if self.ended else self.coach.paragraphs()
        how = self.how()
        if how:
            paragraphs = paragraphs[:-1] + [f"{paragraphs[-1]} {how}"]
        coach_panel.panel(screen, paragraphs, self.reply, rows)

    def draw(self, screen):
        """The table with the coach, and the end of the lesson over it once it is over."""
        super().draw(screen)
        if self.ended:
            coach_panel.summary(screen, self.summary_place, f"Lesson complete: {self.session.info.title}",
                                self.widgets, self.input.focused, self.hover)
