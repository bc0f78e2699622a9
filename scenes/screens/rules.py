"""The in-app rulebook: a game's `rulebook.md`, in its home, rendered for a player, with the
house rules in force marked."""
import os

import pygame

from game import registry
from scenes.widgets import ui
from scenes.widgets.base import Scene
from scenes.table.lesson import start
from sprites import felt, palette


def parse(path):
    """The rule file as blocks: ('h', text), ('li', text), ('sub', text, depth) for a
    bullet indented under another (depth 1 for two spaces, 2 for four), ('p', text),
    ('opt', id, text)."""
    if not os.path.exists(path):
        return []
    blocks = []
    house = False
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            line = raw.rstrip()
            if not line:
                continue
            depth = (len(line) - len(line.lstrip(" "))) // 2
            if depth and line.lstrip().startswith("- "):
                blocks.append(("sub", line.lstrip()[2:].strip(), min(depth, 2)))
            elif line.startswith("# "):
                house = line[2:].strip().lower() == "house rules"
                blocks.append(("h", line[2:].strip()))
            elif line.startswith("- "):
                item = line[2:].strip()
                option, sep, rest = item.partition(":")
                if house and sep and " " not in option.strip():
                    blocks.append(("opt", option.strip(), rest.strip()))
                else:
                    blocks.append(("li", item))
            else:
                blocks.append(("p", line.strip()))
    return blocks


class RulesScene(Scene):
    """Scrollable rules of one game; Left/Right switch games, Esc goes back."""

    def startup(self, persist):
        self.game_id = persist.get("rules_game") or next(iter(registry.GAMES))
        self.scroll_y = 0
        super().startup(persist)

    def in_force(self):
        """The options of the game being played (or set up), else the defaults."""
        session = self.persist.get("session")
        if session is not None and session.game_id == self.game_id:
            return session.options
        setup = self.persist.get("setup")
        if setup and setup["game_id"] == self.game_id:
            return setup["options"]
        return registry.GAMES[self.game_id].default_options()

    def layout(self):
        screen = self.app.screen
        self.widgets = [ui.Button((screen.lw / 2 - 90, screen.lh - 62, 180, 46), "Back", self.back, size=22)]
        if self.persist.get("return_to") != "table":
            self.widgets.append(ui.Button((30, 18, 200, 44), "Learn to play", self.learn,
                                          primary=True, size=20))
        if self.persist.get("return_to") == "menu":
            self.widgets += [ui.Button((screen.lw / 2 - 330, screen.lh - 62, 180, 46), "Previous game",
                                       lambda: self.switch(-1), size=20),
                             ui.Button((screen.lw / 2 + 150, screen.lh - 62, 180, 46), "Next game",
                                       lambda: self.switch(1), size=20)]
        self.lines = self._lines(screen)

    def switch(self, step):
        ids = list(registry.GAMES)
        self.game_id = ids[(ids.index(self.game_id) + step) % len(ids)]
        self.scroll_y = 0
        self.layout()

    def _lines(self, screen):
        """(text, size, colour, indent, gap before) for every line of the page."""
        width = min(900, screen.lw - 120)
        self.text_w = width
        info = registry.GAMES[self.game_id]
        blocks = parse(registry.GAMES[self.game_id].rulebook())
        if not blocks:
            blocks = [("p", f"The rulebook for {info.title} is not written yet.")]
        force = self.in_force()
        out = []
        for block in blocks:
            kind = block[0]
            if kind == "h":
                out.append((block[1], 28, palette.GOLD, 0, 18))
            elif kind == "opt":
                option_id, words = block[1], block[2]
                head, on = option_id, False
                if option_id in force:
                    option = info.option(option_id)
                    on = force[option_id] != option.default
                    value = str(force[option_id]).replace("_", " ")
                    head = f"{option.label} ({value}): " + ("in force" if on else "not in force")
                out.append((head, 20, palette.GOLD if on else palette.TEXT, 0, 10))
                for line in screen.wrap(words, 18, width - 30):
                    out.append((line, 18, palette.TEXT_DIM, 30, 0))
            elif kind in ("li", "sub"):
                inset = 28 * block[2] if kind == "sub" else 0
                for j, line in enumerate(screen.wrap(block[1], 19, width - 30 - inset)):
                    out.append((("•  " if j == 0 else "") + line, 19, palette.TEXT,
                                inset + (0 if j == 0 else 18), 4 if j == 0 else 0))
            else:
                for j, line in enumerate(screen.wrap(block[1], 19, width)):
                    out.append((line, 19, palette.TEXT, 0, 8 if j == 0 else 0))
        return out

    def scroll(self, steps):
        self.scroll_y = max(0, min(self.max_scroll(), self.scroll_y + steps * 60))
        self.dirty = True

    def max_scroll(self):
        total = sum(size + 6 + gap for _, size, _, _, gap in self.lines)
        return max(0, total - (self.app.screen.lh - 200))

    def key(self, event):
        steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 8, pygame.K_PAGEUP: -8}
        if event.key in steps:
            self.scroll(steps[event.key])
        elif event.key == pygame.K_l and self.persist.get("return_to") != "table":
            self.learn()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.persist.get("return_to") == "menu":
            self.switch(1 if event.key == pygame.K_RIGHT else -1)
        else:
            super().key(event)

    def learn(self):
        """The guided first game of the mode shown (L)."""
        start(self, self.game_id)

    def back(self):
        self.go(self.persist.get("return_to", "menu"))

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        info = registry.GAMES[self.game_id]
        screen.text(f"Rules: {info.title}", 36, palette.TEXT, (screen.lw / 2, 24), "midtop")
        x = screen.lw / 2 - self.text_w / 2
        top, bottom = 84, screen.lh - 80
        screen.panel((x - 30, top - 8, self.text_w + 60, bottom - top + 8), alpha=190)
        clip = screen.rect((x - 30, top, self.text_w + 60, bottom - top - 8))
        screen.surface.set_clip(clip)
        y = top + 6 - self.scroll_y
        bullet = "•  "
        for words, size, colour, indent, gap in self.lines:
            y += gap
            if top - 40 < y < bottom:
                if words.startswith(bullet):
                    pygame.draw.circle(screen.surface, colour, screen.pixel((x + indent + 5, y + size * 0.36)),
                                       max(2, screen.px(3)), 0 if indent == 0 else max(1, screen.px(1)))
                    words = "    " + words[len(bullet):]
                screen.text(words, size, colour, (x + indent, y))
            y += size + 6
        screen.surface.set_clip(None)
        if self.max_scroll():
            screen.text("Scroll with the mouse wheel or the arrow keys", 15, palette.TEXT_DIM,
                        (screen.lw / 2 + self.text_w / 2 + 20, 60), "bottomright")
        self.draw_widgets(screen)
