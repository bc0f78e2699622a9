"""The menu: pick a game (a tile with its own cards fanned as the table draws them, its
title, players and description; its setup also hosts it for other computers), Continue the saved game, Join a game hosted elsewhere, Statistics,
Rules, Settings, Quit, and About in a corner; and, calmly, any notice about a file that
was bad, or about a finished game whose record and count waited for the disk (recorded
now, or not yet)."""

from game import registry, saves, undo
from game.core import SharedAct
from scenes.widgets import ui
from scenes.widgets.base import Scene
from scenes.table.presenters import presenter_for
from scenes.table.session import Session
from scenes.screens import dressing
from sprites import felt, palette

COLUMNS = 3         # games side by side
TILES_Y = 122       # the top of the first line of games
TALL_TILE_H = 270   # a game's tile at most, where a taller window gives it room (smaller when more games must fit)
TILE_TEXT_H = 116   # the part of a tile its words take, under the fan
TILE_GAP = 14
BELOW = 100         # kept under the doors for what Continue resumes and the notices
MIN_CARD_H = 36
MAX_CARD_GROW = 1.4  # a tall tile's fan grows, to this much of its usual size
CARD = (56, 78)                 # a fanned card in a game's tile (logical units)
FORMATION_CARD = (58, 80)       # Play Design's cards, whose marks are smaller


def resume(scene, state, seats):
    """Go from `scene` to the table of the saved game (`state`, its saved `seats`)."""
    session = Session.resume(state, seats, scene.app.folders, scene.app.executor)
    setup = {"game_id": state.game_id, "seats": session.seats, "options": dict(state.options)}
    # Saved just after a hand ended: its scores were not seen yet (a state waits for
    # the next deal only then), so the table shows them first.
    legal = () if state.is_over else state.legal_actions()
    scores_due = bool(legal) and all(a.kind == SharedAct.DEAL for a in legal)
    scene.go("table", session=session, setup=setup, game_id=state.game_id, viewer=None,
             events_seen=session.event_count(), curtains=[], scores_due=scores_due)


def standing(state, seats):
    """Where a saved game stands, in the words the table's top bar uses ('Turn 14',
    'Hand 2, down 3 of 4'; '' when it says nothing), of its view as the table arranges it
    (KTU's turns as players take them), from the game's events replayed from its start
    where it asks for them."""
    presenter = presenter_for(state.info)
    view = presenter.arranged(state.view(None),     # replayed only for a game whose presenter asks
                              lambda: [event.for_seat(None) for event in undo.Timeline.replayed(state).events])
    return presenter.context(view, [seat["name"] for seat in seats])


class MenuScene(Scene):
    """The first screen: the list of games and the app's other doors."""

    def startup(self, persist):
        persist = dict(persist)
        from_table = "session" in persist
        door = persist.pop("menu_door", None)
        for key in ("session", "anchor", "interim"):
            persist.pop(key, None)
        self.asking_quit = False        # Esc asked 'Quit Card Table?' (see back)
        self.saved = self._load_autosave()
        for words in saves.finish_ended(self.app.folders):   # ends a full disk kept waiting
            self.app.notice(words)
        self.presenters = {game_id: presenter_for(info) for game_id, info in registry.GAMES.items()}
        super().startup(persist)
        chosen = self.persist.get("game_id")
        ids = list(registry.GAMES)
        labels = [widget.label for widget in self.widgets]
        if from_table and self.saved is not None:       # left a game: Continue takes it up again
            self.focus = labels.index("Continue")
        elif door in labels:                            # back from a door: the keys rest on it again
            self.focus = labels.index(door)
        elif chosen in ids:
            self.focus = ids.index(chosen)
        elif self.saved is not None:
            self.focus = len(ids)

    def _load_autosave(self):
        """(state, seats) of the game left unfinished, or None; a bad file becomes a notice."""
        try:
            return saves.load_game(self.app.folders)
        except saves.BadFile as error:
            self.app.notice(f"The saved game could not be resumed. {error}")
        except OSError as error:
            self.app.notice(f"The saved game could not be read ({error.strerror or error}).")
        return None

    def cleanup(self):
        self.app.notices.clear()
        return super().cleanup()

    def layout(self):
        screen = self.app.screen
        if self.asking_quit:
            self.question = (screen.lw / 2 - 240, screen.lh / 2 - 110, 480, 220)
            dx, dy, dw, _ = self.question
            self.widgets = [ui.Button((dx + 40 + i * (dw / 2 - 30), dy + 130, dw / 2 - 50, 48), label, action,
                                      size=22, primary=label == "Quit")
                            for i, (label, action) in enumerate((("Quit", self.app.quit), ("Stay", self.stay)))]
            return
        w = min(1180, screen.lw - 60)
        x = screen.lw / 2 - w / 2
        tile_w = (w - TILE_GAP * (COLUMNS - 1)) / COLUMNS
        lines = -(-len(registry.GAMES) // COLUMNS)
        room = screen.lh - TILES_Y - 50 - BELOW
        tile_h = min(TALL_TILE_H, (room - TILE_GAP * (lines - 1)) / lines)
        self.widgets = []
        for i, (game_id, info) in enumerate(registry.GAMES.items()):
            column, line = i % COLUMNS, i // COLUMNS
            tile = ui.Button((x + column * (tile_w + TILE_GAP), TILES_Y + line * (tile_h + TILE_GAP), tile_w, tile_h),
                             info.title, lambda g=game_id: self.pick(g), size=dressing.NAME)
            tile.info = info
            tile.draw = lambda screen, focused=False, hovered=False, b=tile: self._draw_game(
                screen, b, focused, hovered)
            self.widgets.append(tile)
        y = TILES_Y + lines * (tile_h + TILE_GAP) + 4
        doors = [("Statistics", self.statistics), ("Rules", self.rules), ("Learn to play", self.learn),
                 ("Join a game", self.join), ("Settings", self.settings), ("Quit", self.app.quit)]
        if self.saved is not None:
            doors.insert(0, ("Continue", self.resume))
        bw = max((w - 12 * (len(doors) - 1)) / len(doors),
                 max(screen.text_width(label, 22) for label, _ in doors) + 24)
        dx = screen.lw / 2 - (bw * len(doors) + 12 * (len(doors) - 1)) / 2
        for i, (label, action) in enumerate(doors):
            self.widgets.append(ui.Button((dx + i * (bw + 12), y, bw, 46), label, self.through(label, action),
                                          size=22, primary=label == "Continue"))
        self.doors_bottom = y + 46
        self.x, self.w = x, w
        self.widgets.append(ui.Button((screen.lw - 150, 24, 126, 40), "About", self.through("About", self.about),
                                      size=18))
        self.hostable = self.saved is not None and any(s.get("remote") for s in self.saved[1])     # hosted before
        if self.hostable:
            self.widgets.append(ui.Button((x + w - 250, self.doors_bottom + 40, 250, 32), "Host it for the others",
                                          self.host_saved, size=17))

    def through(self, label, action):
        """`action`, remembering the door it goes through: back on the menu, the keyboard
        rests on that door again."""
        def go_through():
            self.persist["menu_door"] = label
            action()
        return go_through

    def _draw_game(self, screen, button, focused, hovered):
        """A game's tile: its own cards fanned as the table draws them, its name, its
        player count and what it is, in one line or two."""
        info = button.info
        fill = (40, 96, 66) if focused or hovered else palette.PANEL
        screen.panel(button.rect, fill=fill, alpha=220, edge=palette.GOLD if focused else palette.PANEL_EDGE)
        if focused:
            ui.focus_ring(screen, button.rect)
        x, y, w, h = button.rect
        presenter = self.presenters[info.id]
        cards = presenter.showcase()
        card_w, card_h = (FORMATION_CARD if presenter.family == "formation" else CARD)
        shrink = min(MAX_CARD_GROW, max(MIN_CARD_H, h - TILE_TEXT_H - 4) / card_h)   # fans fit their tile
        card_w, card_h = card_w * shrink, card_h * shrink
        lift = 5 if focused or hovered else 0              # the cards rise a little under the pointer
        dressing.fan(screen, cards, (x + w / 2, y + 14 + card_h / 2 + 6 - lift), card_w, card_h,
                     self.app.settings.colourblind, presenter.family, presenter.deck_back, spread_deg=12)
        players = (f"{info.min_players} players" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players} players")
        top = y + h - TILE_TEXT_H + 30          # the words at the same place on every tile
        screen.text(players, dressing.READ, palette.TEXT_DIM, (x + w - 16, top + 4), "topright")
        title_w = w - 32 - screen.text_width(players, dressing.READ) - 12
        screen.text(info.title, dressing.NAME, palette.GOLD, (x + 16, top), width=title_w)
        for i, line in enumerate(screen.wrap(info.description, dressing.BODY, w - 32)[:2]):
            screen.text(line, dressing.BODY, palette.TEXT, (x + 16, top + 32 + 21 * i), width=w - 32)

    def pick(self, game_id):
        """Go to the setup of `game_id` (back on the menu, the keyboard rests on its tile)."""
        self.persist.pop("menu_door", None)
        self.go("setup", game_id=game_id)

    def resume(self):
        """Continue the saved game where it was left (behind the curtain if several people play)."""
        resume(self, *self.saved)

    def host_saved(self):
        """Host the saved game (its people at other computers join again): the lobby."""
        self.go("lobby", hosting=None, host_resume=self.saved, game_id=self.saved[0].game_id)

    def saved_line(self):
        """What Continue resumes, in words."""
        state, seats = self.saved
        names = ", ".join(s["name"] + ("" if s["level"] is None else " (computer)") for s in seats)
        if getattr(self, "standing", (None,))[0] is not state:     # the game replayed once, not at every frame
            self.standing = (state, standing(state, seats))
        where = self.standing[1]
        return f"Continue {state.info.title} with {names}" + (f": {where}" if where else "")

    def focused_game(self):
        ids = list(registry.GAMES)
        return ids[self.focus] if self.focus < len(ids) else self.persist.get("game_id", ids[0])

    def join(self):
        """Join a game hosted on another computer."""
        self.go("join")

    def statistics(self):
        self.go("statistics")

    def about(self):
        """The version, the licence, where the log is, and the credits."""
        self.go("about")

    def learn(self):
        """The list of every mode's guided first game."""
        self.go("learn", game_id=self.focused_game())

    def rules(self):
        self.go("rules", rules_game=self.focused_game(), return_to="menu")

    def settings(self):
        self.go("settings", return_to="menu")

    def back(self):
        """Esc asks before the app closes, the keys on Quit (walkD16 #15: one Esc too many,
        as everywhere else it goes back a step, closed the window without a word); Esc
        again stays."""
        if self.asking_quit:
            self.stay()
            return
        self.asking_quit, self.was_focus = True, self.focus
        self.layout()
        self.focus = 0
        self.dirty = True

    def stay(self):
        """The question closed: the menu as it was, the keys where they were."""
        self.asking_quit = False
        self.layout()
        self.focus = self.was_focus
        self.dirty = True

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.draw_title(screen, "Card Table", "Choose a game")
        if self.asking_quit:
            dx, dy, dw, _ = self.question
            screen.panel(self.question, alpha=245, edge=palette.GOLD, radius=14)
            screen.text("Quit Card Table?", dressing.NAME, palette.GOLD, (dx + dw / 2, dy + 26), "midtop")
            said = (["The game in progress is kept for Continue."] if self.saved is not None else []) + (
                ["Enter: quit  ·  Esc: stay"] if self.app.keyboard else [])
            for i, line in enumerate(said):
                screen.text(line, dressing.BODY, palette.TEXT, (dx + dw / 2, dy + 66 + 26 * i), "midtop")
            self.draw_widgets(screen)
            return
        self.draw_widgets(screen)
        y = self.doors_bottom + 10
        if self.saved is not None:
            screen.text(self.saved_line(), 17, palette.TEXT_DIM, (self.x, y), width=self.w)
            y += 28
        if self.hostable:
            screen.text("Played across computers? The first person hosts it again:", 17, palette.TEXT_DIM,
                        (self.x, y + 8), width=self.w - 270)
            y += 44
        lines = [line for words in self.app.notices for line in screen.wrap(words, 16, self.w - 28)]
        if lines:
            screen.panel((self.x, y, self.w, 14 + 20 * len(lines)), fill=(48, 40, 16), alpha=220,
                         edge=palette.GOLD)
            for i, line in enumerate(lines):
                screen.text(line, 16, palette.TEXT, (self.x + 14, y + 8 + 20 * i))
