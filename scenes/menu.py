"""The menu: pick a game (title, players, one-line description), Rules, Settings, Quit."""
import game
from scenes import ui
from scenes.base import Scene
from sprites import palette


class MenuScene(Scene):
    """The first screen: the list of games and the app's other doors."""

    def startup(self, persist):
        persist = dict(persist)
        persist.pop("session", None)
        super().startup(persist)
        chosen = self.persist.get("game_id")
        ids = list(game.GAMES)
        if chosen in ids:
            self.focus = ids.index(chosen)

    def layout(self):
        screen = self.app.screen
        w = min(760, screen.lw - 80)
        x = screen.lw / 2 - w / 2
        y = 150
        self.widgets = []
        for game_id, info in game.GAMES.items():
            button = ui.Button((x, y, w, 62), info.title, lambda g=game_id: self.pick(g), size=24)
            button.info = info
            button.draw = lambda screen, focused=False, hovered=False, b=button: self._draw_game(
                screen, b, focused, hovered)
            self.widgets.append(button)
            y += 72
        y += 10
        bw = (w - 24) / 3
        for i, (label, action) in enumerate((("Rules", self.rules), ("Settings", self.settings),
                                             ("Quit", self.app.quit))):
            self.widgets.append(ui.Button((x + i * (bw + 12), y, bw, 46), label, action, size=22))

    def _draw_game(self, screen, button, focused, hovered):
        info = button.info
        fill = (40, 96, 66) if focused or hovered else palette.PANEL
        screen.panel(button.rect, fill=fill, alpha=220, edge=palette.GOLD if focused else palette.PANEL_EDGE)
        x, y, w, h = button.rect
        screen.text(info.title, 24, palette.GOLD, (x + 18, y + 9))
        players = (f"{info.min_players} players" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players} players")
        screen.text(players, 18, palette.TEXT_DIM, (x + w - 18, y + 12), "topright")
        screen.text(info.description, 17, palette.TEXT, (x + 18, y + 37), width=w - 36)

    def pick(self, game_id):
        """Go to the setup of `game_id`."""
        self.go("setup", game_id=game_id)

    def focused_game(self):
        ids = list(game.GAMES)
        return ids[self.focus] if self.focus < len(ids) else self.persist.get("game_id", ids[0])

    def rules(self):
        self.go("rules", rules_game=self.focused_game(), return_to="menu")

    def settings(self):
        self.go("settings", return_to="menu")

    def back(self):
        self.app.quit()

    def draw(self, screen):
        from sprites import felt
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.draw_title(screen, "Card Table", "Choose a game")
        self.draw_widgets(screen)
