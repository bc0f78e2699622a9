"""Setup: the seats (a person with a name, or a computer player), the player count,
the game's house rules with their defaults, and an optional deal number to replay.

Each mode opens with the players and house rules of its last game (names, person or
computer, level; each rule's value: kept in the settings between starts); after a lesson, with the rules it taught (and
the game it starts shows tips in its first turns). A click on a name or the deal number selects its
text, so typing replaces it. Start while a game is saved asks first, naming that game:
continue it, or abandon it (kept as an abandoned game) and start this one.

Others may also play from their own computers, this one hosting: then the first seat is
you, each other seat a person who joins or a computer, and Host goes to the lobby
(scenes/network/lobby.py) where they join."""
import random

import pygame

from game import registry, saves
from game.net.host import HOST, REMOTE
from scenes.widgets import ui
from scenes.widgets.base import Scene
from scenes.screens.menu import resume, standing
from scenes.network.net import EVERYWHERE, HERE_ONLY
from scenes.table.session import Seat, Session
from scenes.table.lesson import FirstGameDirector
from sprites import palette
from sprites.text import BODY, HEADING, READ, TITLE

NAMES = ("Maya", "Theo", "Ines", "Sam", "Lena", "Kofi")
KINDS = ("human", "easy", "medium", "hard")
HOSTED_KINDS = (REMOTE, "easy", "medium", "hard")    # the seats other than yours, when hosting
OPTION_GAP = 16       # between one house rule's help and the next rule's label
HELP_STEP = 19        # from one line of a help text to the next
CARET_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END)


class SetupScene(Scene):
    """Choose who plays and how, then start the game."""

    def startup(self, persist):
        game_id = persist["game_id"]
        self.info = registry.GAMES[game_id]
        saved = persist.get("setup")
        last = self.app.settings.players.get(game_id)
        if saved and saved["game_id"] == game_id:
            self.seats = [Seat(s.name, s.human, s.level) for s in saved["seats"]]
            self.options = dict(saved["options"])
        else:
            if last and self.info.min_players <= len(last) <= self.info.max_players:
                self.seats = [Seat.from_saved(seat) for seat in last]
            else:
                self.seats = [Seat(NAMES[i], i == 0, "medium") for i in range(self.info.default_players)]
            self.options = self.info.default_options()
            self.options.update(self.app.settings.house_rules.get(game_id, {}))
        self.options.update(persist.get("rules") or {})   # a lesson's rules, for its real game
        self.tips = bool(persist.get("tips"))            # tips in the first turns (after a lesson)
        self.deal = ""
        self.editing = None
        self.was = ""                # the field's text as its typing began (Esc puts it back)
        self.selected = False        # the field's whole text is selected: a key replaces it
        self.asking = None           # (state, seats) of the saved game Start asks about
        self.hosted = False          # others play from their own computers, this one hosting
        self.remote = set()          # the seats of people who join from elsewhere
        self.at_home = []            # (person?, level) of each seat as hosting began
        self.listen = EVERYWHERE
        super().startup(persist)
        self.focus = self.start_focus()                  # Enter starts the game as set
        self.persist.update(rules=None, tips=None)       # handed over once

    def count(self):
        return len(self.seats)

    def layout(self):
        screen = self.app.screen
        if self.asking:
            self._layout_question(screen)
            return
        self.widgets = []
        x0 = max(40, screen.lw / 2 - 560)
        y = 130
        if self.info.min_players != self.info.max_players:
            self.widgets.append(ui.Button((x0 + 200, y, 44, 36), "-", lambda: self.change_count(-1),
                                          enabled=self.count() > self.info.min_players, key="fewer"))
            self.widgets.append(ui.Button((x0 + 300, y, 44, 36), "+", lambda: self.change_count(1),
                                          enabled=self.count() < self.info.max_players, key="more"))
        y += 54
        for i, seat in enumerate(self.seats):
            if i in self.remote:
                name = ui.Button((x0 + 90, y, 210, 36), "(their own name)", None, enabled=False,
                                 key=f"name{i}")
            else:
                name = self._field((x0 + 90, y, 210, 36), seat.name, i, f"name{i}")
            who = ui.Button((x0 + 312, y, 218, 36), self.kind_words(i), lambda i=i: self.cycle_kind(i),
                            key=f"kind{i}", enabled=not (self.hosted and i == 0))
            self.widgets += [name, who]
            y += 44
        self.deal_y = y + 16          # who plays, then which deal and where: the left column
        self.widgets.append(self._field((x0 + 200, self.deal_y, 200, 36), self.deal, "deal", "deal",
                                        empty="random"))
        self.where_y = self.deal_y + 48 + HELP_STEP + 6       # under the deal field's help line
        where = "From their own computers" if self.hosted else "At this computer"
        self.widgets.append(ui.Button((x0 + 200, self.where_y, 260, 36), where, self.toggle_hosted,
                                      key="where"))
        if self.hosted:
            listen = "Your network" if self.listen == EVERYWHERE else "This computer only"
            self.widgets.append(ui.Button((x0 + 200, self.where_y + 48, 260, 36), listen, self.toggle_listen,
                                          key="listen"))
        ox = x0 + 600                 # the house rules: the right column, each as tall as its help
        oy = 130
        self.option_rows = []
        for option in self.info.options:
            if option.id == self.info.player_option:
                continue
            value = self.options[option.id]
            button = ui.Button((ox + 230, oy, 170, 36), option.word(value),
                               lambda o=option: self.cycle_option(o), key=option.id)
            button.option = option
            self.widgets.append(button)
            lines = screen.wrap(option.note(value), READ, 440)
            self.option_rows.append((option, oy, lines))
            oy += 40 + HELP_STEP * len(lines) + OPTION_GAP
        by = screen.lh - 80
        self.widgets.append(ui.Button((screen.lw / 2 - 220, by, 200, 50), "Back", self.back, size=BODY))
        self.widgets.append(ui.Button((screen.lw / 2 + 20, by, 200, 50), "Host" if self.hosted else "Start",
                                      self.start, primary=True, size=HEADING))     # Tab goes as they lie
        self.widgets.append(ui.Button((screen.lw / 2 + 240, by, 160, 50), "Rules", self.rules, size=BODY))
        self.x0 = x0
        self.ox = ox

    def kind_words(self, i):
        """Who plays seat `i`, in words."""
        if i in self.remote:
            return "Joins from elsewhere"
        if self.hosted and i == 0:
            return "You"
        return "Person" if self.seats[i].human else f"Computer ({self.seats[i].level})"

    def toggle_hosted(self):
        """Others play at this computer, or from their own (this one hosting: you take the
        first seat, the people in the others join). Back at this computer, every seat that
        was there before and still waits for its person from elsewhere is again who it was."""
        self.hosted = not self.hosted
        if self.hosted:
            self.at_home = [(seat.human, seat.level) for seat in self.seats]
            self.remote = {i for i, seat in enumerate(self.seats) if seat.human and i > 0} or {1}
            for i in self.remote:
                self.seats[i].human = True
            self.seats[0].human = True
        else:
            for i, (human, level) in enumerate(self.at_home[:self.count()]):
                if i in self.remote or i == 0:
                    self.seats[i].human, self.seats[i].level = human, level
            self.remote = set()
        self.layout()

    def toggle_listen(self):
        """Host for your network, or for this computer only (nothing announced)."""
        self.listen = HERE_ONLY if self.listen == EVERYWHERE else EVERYWHERE
        self.layout()

    def _field(self, rect, words, what, key, empty=""):
        """A text field's button: its text, selected or with a caret while it is typed in."""
        typing = self.editing == what
        button = ui.Button(rect, words + ("_" if typing and not self.selected else "")
                           if words or typing else empty, lambda: self.edit(what), key=key)
        button.selected = typing and self.selected and bool(words)
        return button

    def change_count(self, step):
        n = max(self.info.min_players, min(self.info.max_players, self.count() + step))
        while len(self.seats) < n:
            if self.hosted:
                self.remote.add(len(self.seats))
            self.seats.append(Seat(NAMES[len(self.seats)], self.hosted, "medium"))
        del self.seats[n:]
        self.remote = {i for i in self.remote if i < n}
        if isinstance(self.editing, int) and self.editing >= n:
            self.editing = None      # the seat being named has left the table
        self.layout()

    def cycle_kind(self, i):
        if self.hosted:
            current = REMOTE if i in self.remote else self.seats[i].level
            nxt = HOSTED_KINDS[(HOSTED_KINDS.index(current) + 1) % len(HOSTED_KINDS)]
            self.remote.discard(i)
            if nxt == REMOTE:
                self.remote.add(i)
            self.seats[i].human = nxt == REMOTE
            self.seats[i].level = "medium" if nxt == REMOTE else nxt
            self.layout()
            return
        seat = self.seats[i]
        current = "human" if seat.human else seat.level
        nxt = KINDS[(KINDS.index(current) + 1) % len(KINDS)]
        seat.human = nxt == "human"
        if not seat.human:
            seat.level = nxt
        self.layout()

    def cycle_option(self, option):
        values = option.values
        self.options[option.id] = values[(values.index(self.options[option.id]) + 1) % len(values)]
        self.layout()

    def edit(self, what):
        """Start typing a seat's name or the deal number, its text selected so that
        typing replaces it (Enter or a click ends it, Esc puts back what it held)."""
        self.editing = None if self.editing == what else what
        self.selected = self.editing is not None
        if self.editing is not None:
            self.was = self._text()
        self.layout()

    def key(self, event):
        if self.editing is not None:
            if event.key == pygame.K_ESCAPE:
                self._set_text(self.was)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.editing = None
            elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self._set_text("" if self.selected else self._text()[:-1])
            elif event.unicode and event.unicode.isprintable():
                self._set_text(("" if self.selected else self._text()) + event.unicode)
            elif event.key not in CARET_KEYS:
                return                  # Shift, Caps Lock, Ctrl alone: nothing typed, the selection stays
            self.selected = False       # a key typed ends the selection (the arrows put the caret at the end)
            self.layout()
            self.dirty = True           # the field shows every key at once
            return
        field = self.widgets[self.focus % len(self.widgets)] if self.widgets else None
        what = {"deal": "deal", **{f"name{i}": i for i in range(len(self.seats))}}.get(getattr(field, "key", None))
        if what is not None and field.enabled and event.unicode and event.unicode.isprintable() \
                and not event.unicode.isspace():
            self.edit(what)             # a field the keys rest on: a key typed there starts typing in it
            self.key(event)
            return
        super().key(event)

    def _text(self):
        return self.deal if self.editing == "deal" else self.seats[self.editing].name

    def _set_text(self, words):
        if self.editing == "deal":
            self.deal = "".join(ch for ch in words if ch.isdigit())[:9]
        else:
            self.seats[self.editing].name = words[:14]

    def seed(self):
        """The deal number chosen, or a fresh random one."""
        return int(self.deal) if self.deal else random.randrange(1, 10**9)

    def start(self):
        """Start the game; while another is saved, ask first what becomes of it."""
        self.editing = None
        try:
            self.asking = saves.load_game(self.app.folders)
        except saves.BadFile as error:       # set aside: nothing left to continue
            self.app.notice(f"The saved game could not be resumed. {error}")
        except OSError as error:
            self.app.notice(f"The saved game could not be read ({error.strerror or error}).")
        if self.asking:
            self.asking_words = self.question()
            self.focus = 0
            self.layout()
            self.dirty = True
        else:
            self._start()

    def question(self):
        """The saved game in players' words, and what Start means for it."""
        state, seats = self.asking
        names = [seat["name"] for seat in seats]
        people = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        where = standing(state, seats)
        return (f"{state.info.title}" + (f" ({where})" if where else "") + f" with {people}: continue it, "
                f"or abandon it and start {self.info.title}?")

    def continue_saved(self):
        """Leave this setup for the saved game's table."""
        state, seats = self.asking
        self.asking = None
        resume(self, state, seats)

    def abandon_saved(self):
        """Give up the saved game (kept as an abandoned game) and start this one."""
        state, seats = self.asking
        self.asking = None
        try:
            record = saves.load_undo(self.app.folders)
        except (saves.BadFile, OSError):
            record = None
        kept, problems = saves.abandon_game(self.app.folders, state, seats, record)
        for problem in problems:
            self.app.notice(problem)
        if kept is None:        # not given up: a new game would autosave over it
            self.go("menu")
            return
        self._start()

    def cancel_question(self):
        """Back to this setup, nothing changed."""
        self.asking = None
        self.layout()
        self.focus = self.start_focus()
        self.dirty = True

    def start_focus(self):
        """Where the keyboard starts: the Start (or Host) button."""
        return next(i for i, w in enumerate(self.widgets) if w.primary)

    def _start(self):
        """Create the game and go to the table."""
        for i, seat in enumerate(self.seats):
            seat.name = seat.name.strip() or NAMES[i]
        options = dict(self.options)
        if self.info.player_option:
            options[self.info.player_option] = self.count()
        if self.hosted:
            plan = [HOST] + [REMOTE if i in self.remote else self.seats[i].level
                             for i in range(1, self.count())]
            names = [None if kind == REMOTE else seat.name for kind, seat in zip(plan, self.seats)]
            self.go("lobby", hosting=None, host_plan=plan, host_names=names, host_options=options,
                    host_listen=self.listen, host_seed=int(self.deal) if self.deal else None)
            return
        session = Session(self.info.id, self.seats, options, self.seed(), self.app.folders,
                          executor=self.app.executor)
        self.app.settings.players[self.info.id] = session.saved_seats()
        self.app.settings.house_rules[self.info.id] = dict(self.options)
        self.app.save_settings()
        setup = {"game_id": self.info.id, "seats": self.seats, "options": self.options}
        director = FirstGameDirector() if self.tips and self.app.settings.tips else None
        self.go("table", session=session, setup=setup, viewer=None, events_seen=0, curtains=[],
                director=director)

    def rules(self):
        self.go("rules", rules_game=self.info.id, return_to="setup", tips=self.tips,
                setup={"game_id": self.info.id, "seats": self.seats, "options": self.options})

    def back(self):
        """Esc or Back: the question closed, else to the menu, the choices kept for when
        this game's Setup opens again (as a Rules page and back keeps them)."""
        if self.asking:
            self.cancel_question()
        else:
            self.go("menu", setup={"game_id": self.info.id, "seats": self.seats, "options": self.options})

    def _layout_question(self, screen):
        """The question's buttons: Continue (focused), Abandon and start, Cancel."""
        self.dialog = (screen.lw / 2 - 330, screen.lh / 2 - 170, 660, 340)
        dx, dy, dw, dh = self.dialog
        old = self.asking[0].info.title
        rows = ((f"Continue {old}", self.continue_saved, True),
                (f"Abandon it, start {self.info.title}", self.abandon_saved, False),
                ("Cancel", self.cancel_question, False))
        self.widgets = [ui.Button((dx + 80, dy + 146 + 60 * i, dw - 160, 48), label, action,
                                  primary=primary, size=BODY, key=key)
                        for i, ((label, action, primary), key) in enumerate(zip(rows, (
                            "continue", "abandon", "cancel")))]

    def key_legend(self):
        """The keys that work now, named as the table names its own (walkD15 #18: Setup
        named none): typing in a field, Enter ends it and Esc puts back what it held;
        else the arrows and Tab move, Enter does what the button the keys rest on does
        (a choice's next, typing a name or the deal number, a count one more or fewer, a
        button's label) and Esc goes back (closes the question)."""
        if self.editing is not None:
            typed = "the deal number" if self.editing == "deal" else "the name"
            return [f"Type {typed}", "Enter: done", "Esc: as it was"]
        here = self.widgets[self.focus % len(self.widgets)] if self.widgets else None
        key = getattr(here, "key", None) or ""
        if here is None or not here.enabled:
            enter = []
        elif key == "deal":
            enter = ["Enter: type the deal number"]
        elif key.startswith("name"):
            enter = ["Enter: type the name"]
        elif key in ("fewer", "more"):
            enter = [f"Enter: one {key}"]
        elif key.startswith("kind") or key in ("where", "listen") or hasattr(here, "option"):
            enter = ["Enter: next choice"]
        else:
            enter = [f"Enter: {here.label}"]
        return ["Arrows, Tab: move", *enter, "Esc: cancel" if self.asking else "Esc: back"]

    def draw_key_legend(self, screen):
        """The keys that work now (key_legend) under the buttons, while the keys are used."""
        if self.app.keyboard:
            screen.text("  \u00b7  ".join(self.key_legend()), READ, palette.TEXT_DIM, (screen.lw / 2, screen.lh - 26),
                        "midtop")

    def counted(self):
        """What the count of seats is called: the game's own word where its house rules
        name its players (Deadline's 'Students'), else 'Players'."""
        option = self.info.player_option
        return self.info.option(option).label if option else "Players"

    def draw(self, screen):
        from sprites import felt
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.draw_title(screen, self.info.title, self.info.description)
        if self.asking:
            self._draw_question(screen)
            self.draw_key_legend(screen)
            return
        x0 = self.x0
        screen.text(self.counted(), BODY, palette.TEXT, (x0, 136))
        if self.info.min_players != self.info.max_players:
            screen.text(str(self.count()), HEADING, palette.GOLD, (x0 + 272, 148), "center")
        else:
            screen.text(f"{self.count()} (this game is for {self.count()})", BODY, palette.GOLD, (x0 + 200, 136))
        y = 184
        for i in range(self.count()):
            screen.text(f"Seat {i + 1}", BODY, palette.TEXT_DIM, (x0, y + 8))
            y += 44
        for option, oy, lines in self.option_rows:
            screen.text(option.label, BODY, palette.TEXT, (self.ox, oy + 8), width=220)
            for j, line in enumerate(lines):
                screen.text(line, READ, palette.TEXT_DIM, (self.ox, oy + 40 + j * HELP_STEP))
        screen.text("Deal number", BODY, palette.TEXT, (x0, self.deal_y + 8))
        under = "Enter: done · Esc: as it was · emptied: random" if self.editing == "deal" else \
            "Leave it random, or type a number to replay a deal."
        screen.text(under, READ, palette.TEXT_DIM,
                    (x0 + 200, self.deal_y + 42))
        screen.text("Others play", BODY, palette.TEXT, (x0, self.where_y + 8))
        if self.hosted:
            screen.text("Listen on", BODY, palette.TEXT, (x0, self.where_y + 56))
        self.draw_widgets(screen)
        self.draw_key_legend(screen)

    def _draw_question(self, screen):
        screen.panel((0, 0, screen.lw, screen.lh), fill=(0, 0, 0), alpha=120, edge=None, radius=0)
        dx, dy, dw, dh = self.dialog
        screen.panel(self.dialog, alpha=245, edge=palette.GOLD, radius=14)
        screen.text("A game is in progress", TITLE, palette.GOLD, (dx + dw / 2, dy + 22), "midtop")
        for i, line in enumerate(screen.wrap(self.asking_words, BODY, dw - 60)[:3]):
            screen.text(line, BODY, palette.TEXT, (dx + dw / 2, dy + 66 + 26 * i), "midtop")
        self.draw_widgets(screen)
