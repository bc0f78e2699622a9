"""Scoring: after each hand and at the end, every seat's score, how it was made (in the
words of the game's presenter), the running totals, the winner, the deal number, and
Play again / Menu; for a game whose rules give places (Final Card-Down), the players
ranked by place."""
import random

from scenes import ui
from scenes.base import Scene
from scenes.presenters import presenter_for
from scenes.presenters.default import ordinal
from scenes.session import Session
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
        who = " and ".join(names[w] for w in winners)
        return f"{who} {'wins' if len(winners) == 1 else 'win'}!"

    def rows(self):
        """(seat name, score, how it was made, is a winner) for each seat."""
        names = [s.name for s in self.session.seats]
        return [(names[seat], score, self.presenter.breakdown(self.view, seat, names),
                 seat in self.view.winners) for seat, score in enumerate(self.view.scores)]

    def ordered(self):
        """The rows to show, each with its place ('1st', or '' for a game without places),
        best place first."""
        rows = self.rows()
        places = None if self.interim else self.presenter.places(self.view)
        if places is None:
            return [("", *row) for row in rows]
        return [(ordinal(places[seat]), *rows[seat]) for seat in sorted(range(len(rows)), key=places.get)]

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        info = self.session.info
        seed = self.session.seed
        self.draw_title(screen, self.headline(), info.title + ("" if seed is None else f"  ·  deal number {seed}"))
        w = min(900, screen.lw - 80)
        x = screen.lw / 2 - w / 2
        y = 140
        rows = self.ordered()
        h = 60 + 44 * len(rows)
        screen.panel((x, y, w, h), alpha=210)
        screen.text("Player", 18, palette.TEXT_DIM, (x + 24, y + 16))
        screen.text("Score", 18, palette.TEXT_DIM, (x + 330, y + 16), "topright")
        screen.text("How it was made", 18, palette.TEXT_DIM, (x + 370, y + 16))
        y += 52
        for place, name, score, how, won in rows:
            colour = palette.GOLD if won else palette.TEXT
            if place:
                screen.text(place, 22, colour, (x + 24, y))
            left = 80 if place else 24
            screen.text(name + ("  (winner)" if won else ""), 22, colour, (x + left, y), width=284 - left)
            screen.text(str(score), 22, colour, (x + 330, y), "topright")
            screen.text(how or "-", 17, palette.TEXT_DIM, (x + 370, y + 3), width=w - 390)
            y += 44
        note = self.presenter.fact_lines(self.view.facts, [s.name for s in self.session.seats])
        y += 30
        for label, value in note[:4]:
            screen.text(f"{label}: {value}", 17, palette.TEXT_DIM, (x + 24, y))
            y += 22
        self.draw_widgets(screen)
