"""The in-app rulebook: a game's `rulebook.md`, in its home, rendered for a player, with the
house rules in force marked and the cards it speaks of drawn as the table draws them.

A rulebook is a few lines of Markdown: `# ` a heading, `- ` a bullet (indented by two
spaces under another: a nested one), `- id: words` under `# House rules` a house rule,
any other line a paragraph; and a line `[cards: NAME NAME ...]` (indented or not) shows
those cards under the rule above it. A NAME is a card's name in the game's deck file
(`AS`, `10H`, `JK`, `0/red/questions`, `OB7`, `W:OB7`) or a rank alone, which shows the
deck's first card of that rank (`A`, `D`, `7`). A NAME that is no card, an empty list or
more than MAX_CARDS, or a line that starts like the markup and is not, is refused naming
the file and the line: `check` raises RulebookError, and the page shows those words in
place of the cards. So is Markdown emphasis (`**Won**`, `__Won__`), which the page does
not draw: a player would read the marks themselves.
"""
import os
import re

import pygame

from game import registry
from scenes.screens import dressing
from scenes.widgets import ui
from scenes.widgets.base import Scene
from scenes.table.lesson import start
from scenes.table.presenters import presenter_for
from sprites import felt, palette

CARDS = re.compile(r"\[cards:(?P<names>[^\]]*)\]")
EMPHASIS = re.compile(r"\*\*|__")    # Markdown's bold, which the page would print as it is
MAX_CARDS = 8
CARD = (66, 92)                 # a card shown under a rule (logical units)
FORMATION_CARD = (96, 134)      # Play Design's, whose marks are smaller
BAD = (255, 176, 150)           # the words of a line of cards that cannot be shown


class RulebookError(ValueError):
    """A rulebook line that is meant as cards, or as emphasis, and cannot be shown."""


def cards_of(names, deck, path, number):
    """The cards `names` (the words of a [cards: ...] line) of `deck`; RulebookError
    naming `path` and line `number` for a name that is none of its cards."""
    found = []
    for name in names:
        if name in deck.by_name:
            found.append(deck.by_name[name][0])
            continue
        ranked = next((card for card in deck.cards if card.rank == name), None)
        if ranked is None:
            raise RulebookError(f"{path}, line {number}: {name!r} is no card of the {deck.name} deck "
                                f"(a card's name, as {next(iter(deck.by_name))!r}, or a rank)")
        found.append(ranked)
    return found


def parse(path, deck=None):
    """The rule file as blocks: ('h', text), ('li', text), ('sub', text, depth) for a
    bullet indented under another (depth 1 for two spaces, 2 for four), ('p', text),
    ('opt', id, text), ('cards', [card, ...]) for a line of cards (with `deck`: the
    game's deck, which names them; without it their names), ('bad', words) for a line of
    cards that cannot be shown, or before a line with emphasis, the words naming the file
    and the line."""
    if not os.path.exists(path):
        return []
    blocks = []
    house = False
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.rstrip()
            if not line:
                continue
            depth = (len(line) - len(line.lstrip(" "))) // 2
            if EMPHASIS.search(line):
                blocks.append(("bad", f"{path}, line {number}: ** and __ are not drawn on the rules page (a "
                                      "player would read the marks): write the words plainly"))
            if line.lstrip().startswith("[cards"):
                try:
                    blocks.append(("cards", _card_line(line.strip(), deck, path, number)))
                except RulebookError as error:
                    blocks.append(("bad", str(error)))
            elif depth and line.lstrip().startswith("- "):
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


def check(path, deck):
    """Refuse a rulebook with a line of cards that cannot be shown: RulebookError naming
    the file and the first such line."""
    for block in parse(path, deck):
        if block[0] == "bad":
            raise RulebookError(block[1])


def _card_line(line, deck, path, number):
    """The cards of one `[cards: ...]` line (their names without a deck)."""
    match = CARDS.fullmatch(line)
    if match is None:
        raise RulebookError(f"{path}, line {number}: a line of cards is written [cards: NAME NAME ...], "
                            f"not {line!r}")
    names = match.group("names").split()
    if not names:
        raise RulebookError(f"{path}, line {number}: [cards: ] names no card")
    if len(names) > MAX_CARDS:
        raise RulebookError(f"{path}, line {number}: {len(names)} cards on one line; at most {MAX_CARDS}")
    return names if deck is None else cards_of(names, deck, path, number)


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
        self.dirty = True

    def _lines(self, screen):
        """(text, size, colour, indent, gap before, cards or None) for every line of the
        page; a line of cards is as tall as its cards."""
        width = min(900, screen.lw - 120)
        self.text_w = width
        info = registry.GAMES[self.game_id]
        self.presenter = presenter_for(info)
        blocks = parse(info.rulebook(), info.load_deck())
        if not blocks:
            blocks = [("p", f"The rulebook for {info.title} is not written yet.")]
        force = self.in_force()
        out = []
        card_h = self.card_size()[1]
        inset = 0               # the indent of the text above: its cards stand under it
        for block in blocks:
            kind = block[0]
            if kind == "cards":
                out.append(("", card_h, None, inset, 8, block[1]))
                continue
            if kind == "bad":
                for line in screen.wrap(block[1], dressing.READ, width - inset):
                    out.append((line, dressing.READ, BAD, inset, 4, None))
                continue
            inset = 28 * block[2] + 18 if kind == "sub" else {"opt": 30, "li": 18}.get(kind, 0)
            if kind == "h":
                out.append((block[1], 28, palette.GOLD, 0, 18, None))
            elif kind == "opt":
                option_id, words = block[1], block[2]
                head, on = option_id, False
                if option_id in force:
                    option = info.option(option_id)
                    head = f"{option.label}: {option.word(force[option_id])}"
                    if option_id != info.player_option:
                        on = force[option_id] != option.default
                        head += " (house rule in force)" if on else " (as by default)"
                    if set(option.values) == {"off", "on"}:     # the words tell what On does, and say so
                        words = f"{option.word('on')}: {words}"
                out.append((head, 20, palette.GOLD if on else palette.TEXT, 0, 10, None))
                for line in screen.wrap(words, 18, width - 30):
                    out.append((line, 18, palette.TEXT_DIM, 30, 0, None))
            elif kind in ("li", "sub"):
                indent = 28 * block[2] if kind == "sub" else 0
                for j, line in enumerate(screen.wrap(block[1], 19, width - 30 - indent)):
                    out.append((("•  " if j == 0 else "") + line, 19, palette.TEXT,
                                indent + (0 if j == 0 else 18), 4 if j == 0 else 0, None))
            else:
                for j, line in enumerate(screen.wrap(block[1], 19, width)):
                    out.append((line, 19, palette.TEXT, 0, 8 if j == 0 else 0, None))
        return out

    def card_size(self):
        """The logical size of a card shown under a rule."""
        return FORMATION_CARD if self.presenter.family == "formation" else CARD

    def scroll(self, steps):
        self.scroll_y = max(0, min(self.max_scroll(), self.scroll_y + steps * 60))
        self.dirty = True

    def max_scroll(self):
        total = sum(size + 6 + gap for _, size, _, _, gap, _ in self.lines)
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
        for words, size, colour, indent, gap, cards in self.lines:
            y += gap
            if cards and top - size - 40 < y < bottom:
                dressing.row(screen, cards, (x + indent, y), *self.card_size(),
                             self.text_w - indent, self.app.settings.colourblind, self.presenter.family,
                             self.presenter.deck_back)
            elif top - 40 < y < bottom:
                if words.startswith(bullet):
                    pygame.draw.circle(screen.surface, colour, screen.pixel((x + indent + 5, y + size * 0.36)),
                                       max(2, screen.px(3)), 0 if indent == 0 else max(1, screen.px(1)))
                    words = "    " + words[len(bullet):]
                screen.text(words, size, colour, (x + indent, y))
            y += size + 6
        screen.surface.set_clip(None)
        ui.scroll_marks(screen, (x - 30, top - 8, self.text_w + 60, bottom - top + 8), self.scroll_y, self.max_scroll())
        keys = []                                                # top right, as Learn to play is top left
        if self.max_scroll():
            keys.append("Scroll with the mouse wheel or the up and down arrows")
        if self.persist.get("return_to") == "menu":
            keys.append("The left and right arrows: another game")
        for row, words in enumerate(keys):
            screen.text(words, dressing.READ, palette.TEXT_DIM, (screen.lw - 30, 30 + 22 * row), "midright")
        self.draw_widgets(screen)
