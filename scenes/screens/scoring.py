"""Scoring: after each hand and at the end, the players ranked by place, every seat's
score (what it counts and which way is better said above), how it was made (in the
words of the game's presenter), this hand's points apart from the running totals where
the game has them, the winner, the deal number, whether the game was practice, and
Play again / Menu."""
import random

from scenes.widgets import ui
from scenes.widgets.base import Scene
from scenes.table.presenters import presenter_for
from game.presenter import ordinal, winners_words
from scenes.table.session import Session
from sprites import felt, palette


class ScoringScene(Scene):
    """Shows the engine's scores; the next hand, a new game, or the menu."""

    def startup(self, persist):
        self.session = persist["session"]
        self.interim = persist.get("interim", False)
        self.view = self.session.view(None)
        self.presenter = presenter_for(self.session.info)
        super().startup(persist)

    def layout(self):
        screen = self.app.screen
        by = screen.lh - 84
        if self.interim:
            self.widgets = [ui.Button((screen.lw / 2 - 110, by, 220, 52), "Next hand", self.next_hand,
                                      primary=True, size=24)]
        elif self.app.network is not None:      # played across computers: each goes on alone
            self.widgets = [ui.Button((screen.lw / 2 - 105, by, 210, 52), "Menu", self.back, primary=True,
                                      size=22)]
        else:
            self.widgets = [
                ui.Button((screen.lw / 2 - 340, by, 210, 52), "Play again", self.play_again, primary=True, size=22),
                ui.Button((screen.lw / 2 - 105, by, 210, 52), "Replay this deal", self.replay, size=22),
                ui.Button((screen.lw / 2 + 130, by, 210, 52), "Menu", self.back, size=22)]

    def next_hand(self):
        self.go("table")

    def _restart(self, seed):
        old = self.session
        session = Session(old.game_id, old.seats, old.options, seed, old.folders, executor=old.executor)
        self.go("table", session=session, viewer=None, events_seen=0, interim=False)

    def play_again(self):
        """A new game with the same seats and house rules, on a fresh deal."""
        self._restart(random.randrange(1, 10**9))

    def replay(self):
        """The same deal again."""
        self._restart(self.session.seed)

    def back(self):
        if self.interim:
            self.next_hand()
            return
        self.app.end_network()                   # the game is over: nobody plays it any more
        self.go("menu", session=None, director=None, hosting=None)

    def headline(self):
        """'Maya wins', 'Maya and Theo win', 'No winner', or 'Hand N is over'."""
        names = [s.name for s in self.session.seats]
        winners = list(self.view.winners)
        if self.interim:
            return self.presenter.hand_over(self.view)
        if not winners:
            return "Game over: no winner"
        return f"{winners_words(self.view, names)}!"

    def rows(self):
        """(seat name, score, how it was made, is a winner) for each seat."""
        names = [s.name for s in self.session.seats]
        return [(names[seat], score, self.presenter.breakdown(self.view, seat, names),
                 seat in self.view.winners) for seat, score in enumerate(self.view.scores)]

    def ordered(self):
        """The rows to show, each with its place ('1st'), best place first: at the end by
        the game's rules, between hands by the running scores."""
        rows = self.rows()
        places = self.presenter.places(self.view)
        return [(ordinal(places[seat]), *rows[seat]) for seat in sorted(range(len(rows)), key=places.get)]

    def notes(self):
        """The lines under the table: practice or not, then the presenter's summary."""
        names = [s.name for s in self.session.seats]
        lines = []
        if not self.interim and self.session.undo_record()["practice"]:
            lines.append("A practice game: Casual undo was used, so Statistics keeps it apart")
        return lines + self.presenter.summary_lines(self.view, names)

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        info = self.session.info
        seed = self.session.seed
        self.draw_title(screen, self.headline(), info.title + ("" if seed is None else f"  ·  deal number {seed}")
                        + f"  ·  scores: {self.presenter.score_words()}")
        w = min(900, screen.lw - 80)
        x = screen.lw / 2 - w / 2
        y = 140
        names = {s.name: i for i, s in enumerate(self.session.seats)}
        hand = self.presenter.hand_result(self.view)
        score_right = x + (470 if hand else 370)
        how_x = score_right + 20
        rows = []
        for place, name, score, how, won in self.ordered():
            lines = screen.wrap(how or "-", 16, x + w - 20 - how_x)
            rows.append((place, name, score, lines, won, max(44, 14 + 20 * len(lines))))
        screen.panel((x, y, w, 60 + sum(row[-1] for row in rows)), alpha=210)
        screen.text("Player", 18, palette.TEXT_DIM, (x + 80, y + 16))
        if hand:
            screen.text("This hand" if self.interim else "Last hand", 18, palette.TEXT_DIM, (x + 390, y + 16),
                        "topright")
        screen.text("Score", 18, palette.TEXT_DIM, (score_right, y + 16), "topright")
        screen.text("How it was made", 18, palette.TEXT_DIM, (how_x, y + 16))
        y += 52
        for place, name, score, lines, won, height in rows:
            points, won_hand = (hand or {}).get(names.get(name), (None, False))
            colour = palette.GOLD if won or won_hand else palette.TEXT
            screen.text(place, 22, colour, (x + 24, y))
            mark = "  (winner)" if won else "  (won the hand)" if won_hand else ""
            screen.text(name + mark, 22, colour, (x + 80, y), width=(300 if hand else 280) - 80)
            if points is not None:
                screen.text(f"+{points}", 22, colour, (x + 390, y), "topright")
            screen.text(str(score), 22, colour, (score_right, y), "topright")
            for i, line in enumerate(lines):
                screen.text(line, 16, palette.TEXT_DIM, (how_x, y + 3 + 20 * i))
            y += height
        y += 24
        for line in self.notes():
            for part in screen.wrap(line, 17, w - 48):
                screen.text(part, 17, palette.TEXT_DIM, (x + 24, y))
                y += 22
        self.draw_widgets(screen)
