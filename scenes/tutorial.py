"""Learn to play: a guided first game of one mode, at the ordinary table with a coach.

The lesson (game/tutorial.py: the stacked deal and the script) is played at the table
scene itself, directed by a LessonDirector (see scenes/table_director.py). The
learner's seat is a person, the other seats make the script's moves instead of a
computer player's (paced like computer moves); every move of the learner goes through
the coach, which refuses any other one kindly (the game unchanged) with its reply in
the coach's panel, drawn where the table's side panel stands. The cards and buttons the
coach names are marked as a hint is (the keyboard starts there, and a choice opens on
the option it wants); Hint marks the very move the lesson expects. At the end: the
rules met, "Play a real game" (Setup of that mode) and Menu.

The lesson's session has no folders: it never touches the autosave of a game in
progress, and it is neither recorded nor counted in Statistics.
"""
import game
from game import tutorial
from scenes import coach_panel, ui
from scenes.session import LessonSession, Seat
from scenes.table_director import Director, Marks

REFUSED = "Not this move: the coach on the right says why"
CHOOSER = "learn"    # the scene listing every mode's lesson


def start(scene, game_id):
    """Open the lesson of `game_id` from `scene`; a lesson file that does not play
    becomes a notice on the menu."""
    try:
        coach = tutorial.Coach(tutorial.load(game_id))
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


class LessonDirector(Director):
    """A lesson at the table: the coach's words beside it, its script for the computers."""

    auto_end_turn = False           # the coach has a rule to tell before the learner ends the turn
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
            raise game.IllegalAction(REFUSED)
        self.reply = ""
        return events

    def computer_move(self, table):
        """A computer seat makes the lesson's scripted move."""
        action = self.coach.scripted_action()
        if action is not None:
            table.submit(action)

    def hint(self, table):
        """The coach's hint: mark the move the lesson expects."""
        if self.coach.learner_to_act():
            table.show_hint(tutorial.find(self.coach.state, self.coach.cue.moves[0]))

    def marks(self, table):
        """The coach's cards, and the buttons (or a choice's options) of the move it wants."""
        if self.coach.finished:
            return Marks()
        cards, kinds = self.coach.highlights() if table.my_turn() else ((), ())
        moves = self.coach.cue.moves if self.coach.learner_to_act() else ()

        def buttons(actions, in_choice):
            return any((in_choice or a.kind in kinds) and any(m.matches(a) for m in moves) for a in actions)
        return Marks(frozenset(cards), buttons)

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
        """The top bar says this is a lesson."""
        return f"Learn to play: {table.session.info.title}"

    def draw_side(self, table, screen):
        """The coach's panel instead of the table's side panel."""
        rows = coach_panel.facts_rows(table.current_view, table.presenter, table.names)
        paragraphs = [] if table.over else self.coach.paragraphs()
        how = self.how(table)
        if how:
            paragraphs = paragraphs[:-1] + [f"{paragraphs[-1]} {how}"]
        coach_panel.panel(screen, paragraphs, self.reply, rows)
        return []

    # ---- the end of the lesson ---------------------------------------------------------------------
    def end_buttons(self, table, screen):
        """The end of the lesson: its summary's place, and the buttons to go on."""
        rules = [rule for _, rule in self.coach.rules_met()]
        buttons = [("Play a real game", lambda: self.play_real_game(table), True),
                   ("Another lesson", lambda: self.choose_another(table), False),
                   ("Menu", lambda: self.leave(table), False)]
        self.summary = coach_panel.Summary(screen, " ".join(self.coach.paragraphs()), rules, len(buttons))
        return [ui.Button(rect, label, action, primary=primary, size=20)
                for rect, (label, action, primary) in zip(self.summary.button_rects, buttons)]

    def draw_end(self, table, screen):
        """The end of the lesson over the table."""
        coach_panel.summary(screen, self.summary, f"Lesson complete: {table.session.info.title}",
                            table.widgets, table.focused, table.ui_state.hover_button)

    @staticmethod
    def play_real_game(table):
        """Setup of the lesson's mode, for a real game."""
        table.go("setup", game_id=table.session.game_id, session=None, director=None)

    @staticmethod
    def choose_another(table):
        """The list of every mode's lesson."""
        table.go(CHOOSER, session=None, director=None, game_id=table.session.game_id)
