"""Statistics: per game and player, games played, won and abandoned, average and best
score and the win rate against each computer level, as a table and a bar chart; practice games (Casual
undo was used) listed apart, after the others; a Reset (after a confirmation) and the
recent games' records, each opening the replay viewer (six at a time, Older games and
Newer games reach the rest); back from a replay, the keys rest on the game it opened."""
import json
import os
import re

import pygame

from game import registry, saves
from scenes.table.presenters import presenter_for
from scenes.widgets import ui
from scenes.widgets.base import Scene
from sprites import felt, palette

RECORDS_SHOWN = 6
PLAYERS_SHOWN = 6
# The chart's bars for each player: overall, then against each computer level.
BARS = (("All games", palette.GOLD), ("vs easy", (130, 206, 150)), ("vs medium", palette.SELECT),
        ("vs hard", palette.DANGER))
RECORD_NAME = re.compile(r"^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})\d{2}\.\d{6}-([a-z0-9_]+)\.json$")


def rate(won, played):
    """A win rate from 0 to 1, or None when nothing was played."""
    return won / played if played else None


def percent(value):
    """'42%', or '-' for no games."""
    return "-" if value is None else f"{round(value * 100)}%"


def rows(stats, game_id, section="games"):
    """(name, played, won, abandoned, average, best, [rate overall, vs easy, vs medium, vs
    hard]) for each player of `game_id` in `section` (`games`, or `practice`: the games
    in which Casual undo was used), most games first."""
    out = []
    for name, line in (stats.get(section, {}).get(game_id) or {}).items():
        played = line["played"]
        rates = [rate(line["won"], played)] + [rate(w, g) for g, w in
                                               (line["vs"][level] for level in saves.LEVELS)]
        average = line["score_sum"] / played if played else None
        out.append((name, played, line["won"], line["abandoned"], average, line["best"], rates))
    return sorted(out, key=lambda r: (-r[1], r[0]))


def record_label(path):
    """'2024-05-01 14:30  Final Card-Down' from a record's file name."""
    name = os.path.basename(path)
    match = RECORD_NAME.match(name)
    if not match or match.group(6) not in registry.GAMES:
        return name
    year, month, day, hour, minute, game_id = match.groups()
    return f"{year}-{month}-{day} {hour}:{minute}  {registry.GAMES[game_id].title}"


def record_summary(path):
    """'Maya, Theo · won: Maya' from a record file ('Maya, Theo · abandoned' for a game
    given up unfinished; ' · practice' added when Casual undo was used), or '' if it
    cannot be read (a record is checked in full only when it is
    opened, so its names are cleaned here; only a regular file is read, never one larger
    than any record, so a pipe or a device there never waits)."""
    try:
        data = json.loads(saves.read_text(path, move=False) or "")
        names = [saves.excerpt(seat["name"], saves.MAX_NAME) for seat in data["seats"]]
        winners = [names[w] for w in data["winners"]]
    except (OSError, ValueError, TypeError, KeyError, IndexError, RecursionError):
        return ""
    practice = "  ·  practice" if data.get("practice") is True else ""
    end = ("abandoned" if data.get("abandoned") is True
           else "won: " + ", ".join(winners) if winners else "no winner")
    return ", ".join(names) + "  ·  " + end + practice


class StatisticsScene(Scene):
    """The statistics of every game, a chart of win rates, Reset, and the records."""

    def startup(self, persist):
        self.message = ""
        self.confirming = False
        self.game_id = persist.get("stats_game")        # the game shown as a replay was opened
        self.first_record = persist.get("records_from") or 0
        self._load()
        super().startup(persist)
        opened = persist.get("replayed")
        replayed = [i for i, w in enumerate(self.widgets) if opened and getattr(w, "path", None) == opened]
        if replayed:
            self.focus = replayed[0]
        self.persist.update(replayed=None, stats_game=None, records_from=None)

    def _load(self):
        """Read the statistics and list the records; what cannot be read is said, and the
        scene opens without it."""
        try:
            self.stats = saves.load_statistics(self.app.folders)
        except saves.BadFile as error:
            self.message = f"The statistics could not be read, so they start afresh. {error}"
            self.stats = saves.empty_statistics()
        self.games = [g for g in registry.GAMES
                      if self.stats["games"].get(g) or self.stats.get("practice", {}).get(g)]
        self.game_id = self.game_id if self.game_id in self.games else (self.games[0] if self.games else None)
        self.records = self._list_records()
        self.first_record = min(self.first_record, max(0, len(self.records) - 1)) // RECORDS_SHOWN * RECORDS_SHOWN

    def _list_records(self):
        """The records' paths, newest first; none (and a message) if the folder cannot be listed."""
        self.listed = True
        try:
            return saves.list_records(self.app.folders)
        except OSError as error:
            self.listed = False
            words = (f"The finished games cannot be listed: {saves.excerpt(self.app.folders.records)} "
                     f"({saves.excerpt(error.strerror or error)}).")
            self.message = f"{self.message} {words}".strip()
            return []

    # ---- layout ---------------------------------------------------------------------------
    def layout(self):
        screen = self.app.screen
        self.w = min(1200, screen.lw - 80)
        self.x = screen.lw / 2 - self.w / 2
        x, w = self.x, self.w
        if self.confirming:
            self.dialog = (screen.lw / 2 - 260, screen.lh / 2 - 110, 520, 220)
            dx, dy, dw, dh = self.dialog
            self.widgets = [ui.Button((dx + 40, dy + dh - 70, 200, 48), "Cancel", self.cancel_reset, size=22),
                            ui.Button((dx + dw - 240, dy + dh - 70, 200, 48), "Reset", self.reset,
                                      primary=True, size=22)]
            self.focus = 0
            return
        self.widgets = []
        if len(self.games) > 1:
            following = registry.GAMES[self.games[(self.games.index(self.game_id) + 1) % len(self.games)]]
            self.widgets.append(ui.Button((x + w - 230, 104, 230, 36), f"Next: {following.title}", self.next_game,
                                          size=17))
        self.table_box = (x, 150, w * 0.56, 290)
        self.chart_box = (x + w * 0.58, 150, w * 0.42, 290)
        self.records_box = (x, 456, w, 150)
        cols = 3
        bw = (w - 40 - (cols - 1) * 12) / cols
        if len(self.records) > RECORDS_SHOWN:
            self.widgets += [ui.Button((x + w - 250, 452, 120, 30), "Newer games", lambda: self.page(-1),
                                       enabled=self.first_record > 0, size=15),
                             ui.Button((x + w - 120, 452, 120, 30), "Older games", lambda: self.page(1),
                                       enabled=self.first_record + RECORDS_SHOWN < len(self.records), size=15)]
        self.record_buttons = []
        for i, path in enumerate(self.records[self.first_record:self.first_record + RECORDS_SHOWN]):
            row, col = divmod(i, cols)
            button = ui.Button((x + 20 + col * (bw + 12), 490 + row * 54, bw, 46), record_label(path),
                               lambda p=path: self.open_record(p), size=17)
            button.summary = record_summary(path)
            button.path = path
            button.draw = lambda screen, focused=False, hovered=False, b=button: self._draw_record(
                screen, b, focused, hovered)
            self.record_buttons.append(button)
        self.widgets += self.record_buttons
        by = screen.lh - 76
        self.widgets.append(ui.Button((screen.lw / 2 - 230, by, 210, 50), "Reset statistics",
                                      self.ask_reset, enabled=bool(self.games), size=20))
        self.widgets.append(ui.Button((screen.lw / 2 + 20, by, 210, 50), "Back", self.back,
                                      primary=True, size=22))

    # ---- actions --------------------------------------------------------------------------
    def next_game(self):
        """Show the next game that has statistics."""
        self.game_id = self.games[(self.games.index(self.game_id) + 1) % len(self.games)]
        self.layout()           # its button names the game after this one
        self.dirty = True

    def page(self, step):
        """The records' next six older (`step` 1) or newer (-1) ones."""
        self.first_record = max(0, self.first_record + step * RECORDS_SHOWN)
        self.layout()
        self.dirty = True

    def ask_reset(self):
        """Open the confirmation dialog (Cancel is focused)."""
        self.confirming = True
        self.layout()
        self.dirty = True

    def cancel_reset(self):
        self.confirming = False
        self.layout()
        self.focus = next(i for i, w in enumerate(self.widgets) if w.label == "Reset statistics")
        self.dirty = True

    def reset(self):
        """Start the statistics afresh; the old file is kept aside."""
        try:
            saves.reset_statistics(self.app.folders)
            self.message = "The statistics were reset (the old file was kept aside)."
        except OSError as error:
            self.message = f"The statistics could not be reset ({error.strerror or error})."
        self.confirming = False
        self._load()
        self.layout()
        self.dirty = True

    def open_record(self, path):
        """Open a finished game's record in the replay viewer (a bad record says why)."""
        try:
            record = saves.read_record(path)
        except saves.BadFile as error:
            record = None
            self.message = f"That game cannot be replayed. {error}"
        if record is None:
            if not self.message:
                self.message = f"{path}: the record is gone."
            self.records = self._list_records()
            self.layout()
            self.dirty = True
            return
        self.go("replay", record=record, replayed=path, stats_game=self.game_id, records_from=self.first_record)

    def back(self):
        if self.confirming:
            self.cancel_reset()
        else:
            self.go("menu")

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.draw_title(screen, "Statistics")
        if self.confirming:
            self._draw_confirmation(screen)
            return
        x = self.x
        title = registry.GAMES[self.game_id].title if self.game_id else "No games counted yet"
        screen.text(title, 28, palette.GOLD, (x, 106))
        if len(self.games) > 1:
            kinds = f"{self.games.index(self.game_id) + 1} of the {len(self.games)} kinds of game played here"
            screen.text(kinds, 16,
                        palette.TEXT_DIM, (x + self.w - 244, 122), "midright")
        self._draw_table(screen)
        self._draw_chart(screen)
        self._draw_records(screen)
        if self.message:
            lines = screen.wrap(self.message, 16, self.w - 28)[:3]
            y = self.records_box[1] + self.records_box[3] + 4
            if not self.records:
                y = self.records_box[1] + 44
            screen.panel((x, y, self.w, 10 + 19 * len(lines)), fill=(48, 40, 16), alpha=220, edge=palette.GOLD)
            for i, line in enumerate(lines):
                screen.text(line, 16, palette.TEXT, (x + 14, y + 6 + 19 * i))
        self.draw_widgets(screen)

    def _draw_table(self, screen):
        x, y, w, h = self.table_box
        screen.panel(self.table_box, alpha=210)
        if not self.game_id:
            screen.text("Finish a game and its results appear here.", 20, palette.TEXT_DIM, (x + 20, y + 20))
            return
        lower = registry.GAMES[self.game_id].lower_is_better
        columns = [("Player", 20, "topleft"), ("Played", 0.31, "topright"), ("Won", 0.39, "topright"),
                   ("Abandoned", 0.54, "topright"), ("Average", 0.64, "topright"),
                   ("Lowest" if lower else "Best", 0.74, "topright"),
                   ("vs easy", 0.83, "topright"), ("vs medium", 0.93, "topright"),
                   ("vs hard", 1.0, "topright")]
        xs = [x + 20 if pos == 20 else x + (w - 20) * pos for _, pos, _ in columns]
        tight = any(screen.text_width(label, 15) + 8 > cx - before
                    for (label, _, _), cx, before in zip(columns[1:], xs[1:], xs))
        heads = [label.split(" ", 1) if tight and i else [label]   # one too wide: each on two lines, alike
                 for i, (label, _, _) in enumerate(columns)]      # (walkD16 #16: 'vs easyvs mediumvs hard')
        for words, (_, _, anchor), cx in zip(heads, columns, xs):
            for j, line in enumerate(words):
                screen.text(line, 15, palette.TEXT_DIM, (cx, y + 14 + 17 * j), anchor)
        lines = [(row, False) for row in rows(self.stats, self.game_id)]
        lines += [(row, True) for row in rows(self.stats, self.game_id, "practice")]
        cy = y + 42 + 17 * (max(map(len, heads)) - 1)
        for (name, played, won, abandoned, average, best, rates), practice in lines[:PLAYERS_SHOWN + 1]:
            cells = [f"{name} · practice" if practice else name, str(played), str(won), str(abandoned),
                     "-" if average is None else f"{average:.1f}",
                     "-" if best is None else str(best)] + [percent(r) for r in rates[1:]]
            for i, (cell, cx) in enumerate(zip(cells, xs)):
                colour = palette.TEXT_DIM if practice else palette.TEXT if i else palette.GOLD
                width = xs[1] - xs[0] - 50 if i == 0 else None
                screen.text(cell, 18, colour, (cx, cy), columns[i][2], width=width)
            cy += 32
        if len(lines) > PLAYERS_SHOWN + 1:
            screen.text(f"and {len(lines) - PLAYERS_SHOWN - 1} more players", 15, palette.TEXT_DIM,
                        (x + 20, cy))
        scored = presenter_for(registry.GAMES[self.game_id]).score_words()
        note = ("Played: the games finished (one abandoned is counted apart).  "     # walkD17 #11
                f"Average, {'Lowest' if lower else 'Best'}: the final score ({scored}).  "
                "vs a level: the win rate in games with a computer player of that level.")
        if any(practice for _, practice in lines):
            note += "  Practice: Casual undo was used."
        for i, line in enumerate(screen.wrap(note, 14, w - 40)[-3:][::-1]):
            screen.text(line, 14, palette.TEXT_DIM, (x + 20, y + h - 24 - 18 * i))

    def _draw_chart(self, screen):
        x, y, w, h = self.chart_box
        screen.panel(self.chart_box, alpha=210)
        screen.text("Win rate", 18, palette.GOLD, (x + 16, y + 10))
        lx = x + 110
        for label, colour in BARS:
            pygame.draw.rect(screen.surface, colour, screen.rect((lx, y + 15, 12, 12)))
            lx += 18 + screen.text(label, 14, palette.TEXT, (lx + 16, y + 13)) + 8
        lines = rows(self.stats, self.game_id)[:PLAYERS_SHOWN] if self.game_id else []
        left, top, bottom, right = x + 46, y + 46, y + h - 44, x + w - 14
        for pct in (0, 25, 50, 75, 100):
            gy = bottom - (bottom - top) * pct / 100
            pygame.draw.line(screen.surface, palette.PANEL_EDGE, screen.pixel((left, gy)),
                             screen.pixel((right, gy)), max(1, screen.px(1)))
            screen.text(f"{pct}%", 13, palette.TEXT_DIM, (left - 6, gy), "midright")
        if not lines:
            screen.text("No games yet", 18, palette.TEXT_DIM, ((left + right) / 2, (top + bottom) / 2), "center")
            return
        group = (right - left) / len(lines)
        bar = min(22, (group - 16) / len(BARS))
        for i, (name, *_, rates) in enumerate(lines):
            gx = left + i * group + (group - bar * len(BARS)) / 2
            for j, ((label, colour), value) in enumerate(zip(BARS, rates)):
                bx = gx + j * bar
                if value is None:
                    screen.text("-", 13, palette.TEXT_DIM, (bx + bar / 2, bottom - 2), "midbottom")
                    continue
                height = max(2, (bottom - top) * value)
                pygame.draw.rect(screen.surface, colour, screen.rect((bx + 1, bottom - height, bar - 2, height)))
            screen.text(name, 15, palette.TEXT, (left + i * group + group / 2, bottom + 8), "midtop",
                        width=group - 6)

    def _draw_records(self, screen):
        x, y, w, h = self.records_box
        screen.text("Recent games: choose one to replay it move by move", 18, palette.GOLD, (x + 2, y))
        if not self.records and self.listed:
            screen.text("No finished games kept yet.", 17, palette.TEXT_DIM, (x + 20, y + 26))
        elif len(self.records) > RECORDS_SHOWN:
            last = min(len(self.records), self.first_record + RECORDS_SHOWN)
            shown = f"{last}" if last == self.first_record + 1 else f"{self.first_record + 1} to {last}"
            screen.text(f"{shown} of {len(self.records)}", 15, palette.TEXT_DIM,
                        (x + w - 262, y + 3), "topright")

    def _draw_record(self, screen, button, focused, hovered):
        fill = (40, 96, 66) if focused or hovered else palette.PANEL
        screen.panel(button.rect, fill=fill, alpha=230, edge=palette.PANEL_EDGE)
        if focused:
            ui.focus_ring(screen, button.rect)
        x, y, w, h = button.rect
        screen.text(button.label, 16, palette.GOLD, (x + 12, y + 5), width=w - 24)
        screen.text(button.summary or "open to see who played", 15, palette.TEXT, (x + 12, y + 25),
                    width=w - 24)

    def _draw_confirmation(self, screen):
        screen.panel((0, 0, screen.lw, screen.lh), fill=(0, 0, 0), alpha=120, edge=None, radius=0)
        dx, dy, dw, dh = self.dialog
        screen.panel(self.dialog, alpha=245, edge=palette.GOLD, radius=14)
        screen.text("Reset all statistics?", 28, palette.GOLD, (dx + dw / 2, dy + 24), "midtop")
        for i, line in enumerate(screen.wrap("Every count starts again from zero. The current file "
                                             "is kept aside, not deleted.", 18, dw - 60)):
            screen.text(line, 18, palette.TEXT, (dx + dw / 2, dy + 72 + 24 * i), "midtop")
        self.draw_widgets(screen)
