"""The host's lobby: where others join (the address and port to type, the join code, and
whether the table is announced on the network), who has taken which seat, how long a
person may stay silent on their turn before the host is offered a computer for them,
and Start (once everyone has joined) or Start now (computers take the seats still
open). A saved game hosted again (Menu > Host it for the others) waits here for its
people to join again. Esc or Stop hosting closes the table: the host listens only while
a game is hosted."""
import random
import time

from game.net import protocol as wire
from game.net.host import HOST, REMOTE, SILENT_CHOICES, SILENT_SECONDS
from scenes.widgets import ui
from scenes.widgets.base import Scene
from scenes.network.net import EVERYWHERE, Hosting, minutes
from scenes.network.remote import host_table
from scenes.table.session import Seat, Session
from scenes.widgets.wake import NET_EVENT
from sprites import felt, palette

SEATS_Y = 284           # where the list of seats begins
SEAT_WORDS = {HOST: "you", wire.HERE: "joined", wire.OPEN: "waiting for a person to join",
              wire.AWAY: "waiting for them to join again", wire.COMPUTER: "computer",
              wire.STAND_IN: "a computer plays for them"}


class LobbyScene(Scene):
    """Wait for the people who join; start the hosted game."""

    def startup(self, persist):
        hosting = persist.get("hosting")
        self.resumed = None
        if hosting is None and persist.get("host_resume"):
            hosting = self._resume(*persist["host_resume"])
        elif hosting is None:
            hosting = Hosting(persist["game_id"], persist["host_options"], persist["host_plan"],
                              persist["host_names"], persist["host_listen"], undo=self.app.settings.undo,
                              silent_after=persist.get("silent_after") or SILENT_SECONDS)
        persist = {**persist, "hosting": hosting, "host_resume": None}
        self.hosting = hosting
        self.app.network = hosting
        super().startup(persist)

    def _resume(self, state, seats):
        """Host a saved game again: its first person plays here, the others join again."""
        people = [i for i, seat in enumerate(seats) if seat["level"] is None]
        plan = [HOST if i == people[0] else REMOTE if i in people else seat["level"]
                for i, seat in enumerate(seats)]
        hosting = Hosting(state.game_id, state.options, plan, [s["name"] for s in seats], EVERYWHERE,
                          undo=self.app.settings.undo,
                          silent_after=self.persist.get("silent_after") or SILENT_SECONDS)
        self.resumed = Session.resume(state, seats, self.app.folders, self.app.executor)
        hosting.send(hosting.table.start(self.resumed, time.monotonic()))
        return hosting

    def layout(self):
        screen = self.app.screen
        table = self.hosting.table
        self.seats = self.news()
        by = screen.lh - 84
        self.silent_y = SEATS_Y + 48 * len(table.plan)
        self.widgets = [
            ui.Button((screen.lw / 2 + 120, self.silent_y, 220, 36), minutes(table.silent_after),
                      self.longer_silence, size=18, key="silent"),
            ui.Button((screen.lw / 2 - 340, by, 210, 50), "Start", self.start, primary=True, size=24,
                      enabled=self.everyone()),
            ui.Button((screen.lw / 2 - 110, by, 270, 50), "Start now with computers", self.fill_and_start,
                      size=20),
            ui.Button((screen.lw / 2 + 180, by, 200, 50), "Stop hosting", self.back, size=20)]
        if self.everyone():
            self.focus = 0

    def everyone(self):
        """Has everyone taken their seat (again, for a resumed game)?"""
        if self.resumed is not None:
            return wire.AWAY not in self.hosting.table.seat_words()
        return self.hosting.table.ready()

    def news(self):
        """What the lobby shows that the network changes: the seats, and where the table
        is found."""
        return list(self.hosting.table.names), self.hosting.table.seat_words(), self.hosting.where()

    def update(self, dt):
        if self.news() != self.seats:
            self.layout()
            self.dirty = True

    def longer_silence(self):
        """The next choice of how long a person may be silent on their turn before a
        computer is offered for them (after the longest, the shortest)."""
        table = self.hosting.table
        later = [s for s in SILENT_CHOICES if s > table.silent_after]
        table.silent_after = later[0] if later else SILENT_CHOICES[0]
        self.persist["silent_after"] = table.silent_after
        self.layout()
        self.dirty = True

    def handle_event(self, event):
        if event.type != NET_EVENT:         # the network's news is read in update
            super().handle_event(event)

    def fill_and_start(self):
        """Computers (medium) take the seats nobody took, and the game starts."""
        table = self.hosting.table
        if self.resumed is not None:
            for seat, word in enumerate(table.seat_words()):
                if word == wire.AWAY:
                    self.hosting.send(table.hand_to_computer(seat))
        else:
            self.hosting.send(table.fill_open("medium"))
        self.start()

    def start(self):
        """Everyone is seated: the game begins, at this screen and the joined ones."""
        table = self.hosting.table
        if self.resumed is not None:
            host_table(self, self.hosting, self.resumed)
            return
        if not table.ready():
            return
        seats = [Seat(name, kind in (HOST, REMOTE), kind if kind not in (HOST, REMOTE) else "medium", kind == REMOTE)
                 for name, kind in zip(table.names, table.plan)]
        seed = self.persist.get("host_seed") or random.randrange(1, 10**9)
        session = Session(table.info.id, seats, table.options, seed, self.app.folders,
                          executor=self.app.executor)
        self.hosting.send(table.start(session, time.monotonic()))
        host_table(self, self.hosting, session)

    def back(self):
        """Stop hosting and go back to the menu."""
        self.app.end_network()
        self.go("menu", hosting=None)

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        table = self.hosting.table
        self.draw_title(screen, f"Hosting {table.info.title}", "Others join from their computers: "
                                                                "Menu > Join a game")
        x = screen.lw / 2 - 340
        y = 140
        screen.text("Address to type", 20, palette.TEXT_DIM, (x, y))
        screen.text("  or  ".join(self.hosting.addresses()), 26, palette.TEXT, (x + 220, y - 4), width=500)
        y += 48
        screen.text("Join code", 20, palette.TEXT_DIM, (x, y))
        screen.text(self.hosting.code, 34, palette.GOLD, (x + 220, y - 8))
        y += 52
        screen.text(self.hosting.where(), 17, palette.TEXT_DIM, (x, y), width=680)
        y = SEATS_Y
        for seat, (name, word) in enumerate(zip(table.names, table.seat_words())):
            screen.panel((x, y, 680, 40), alpha=180)
            screen.text(f"Seat {seat + 1}", 18, palette.TEXT_DIM, (x + 14, y + 10))
            screen.text(name or "", 20, palette.TEXT, (x + 110, y + 8), width=300)
            screen.text(SEAT_WORDS.get(word, word), 18, palette.GOLD if word == wire.OPEN else palette.TEXT_DIM,
                        (x + 420, y + 10), width=250)
            y += 48
        screen.text("A player silent on their turn: a computer is offered after", 18, palette.TEXT_DIM,
                    (x, self.silent_y + 8), width=450)
        self.draw_widgets(screen)
