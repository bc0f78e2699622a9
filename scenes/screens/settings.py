"""Settings: animation speed, sound (off or its volume), fullscreen, colour-blind mode,
the computer's thinking (the time a hard player's move may take, and the cores it thinks
on), the undo policy, the order of your hand and the tips on special cards in a real
game after a lesson, saved at every change. Each setting steps through its choices: a
click, Enter or the right arrow takes the next, a right click or the left arrow the one
before."""
import pygame

from game import undo
from scenes import config
from scenes.widgets import ui
from scenes.widgets.base import Scene
from sprites import cards as card_sprites
from sprites import felt, palette

TOP = 112       # the first setting's row (under the title)
ROW = 51        # from one setting's row to the next
BUTTON = 42     # a setting's button's height
NOTE_LINE = 25  # one line under the Undo setting
NOTE = 10 + 3 * NOTE_LINE      # the room of the lines under the Undo setting that explain its choices
VALUE_W = 280   # a setting's button's width
HOW = "Click, Enter or the right arrow: the next choice  \u00b7  right-click or the left arrow: the one before"
# The computer's thinking, by name (config.THINKING_STEPS: one core's seconds a move).
THINKING_NAMES = {0.25: "Quick", 0.5: "Brisk", 1.0: "Normal", 2.0: "Thorough"}


# What each Undo choice means, in one line (all shown under the Undo setting, the one set in gold).
UNDO_LINES = {
    undo.OFF: "no move is taken back.",
    undo.MINE: "your own moves, back to the last card that came to light, a roll, another "
               "person's move or a hand's end.",
    undo.CASUAL: "any number of moves, the computers' too; a game where you undo is practice.",
}


class SettingsScene(Scene):
    """Nine settings; each button shows its value and steps through its choices (`step`:
    +1 the next, -1 the one before, round again past either end)."""

    def layout(self):
        screen = self.app.screen
        s = self.app.settings
        x = screen.lw / 2 + 20
        here = cores_here()
        cores = f"All ({here})" if s.cores == "all" else f"{s.thinking['cores']} of {here}"
        rows = [("Animation speed", s.animation_speed.capitalize(),
                 lambda step: self.cycle("animation_speed", config.SPEEDS, step)),
                ("Sound", f"{round(s.volume * 100)}%" if s.sound else "Off", self.cycle_sound),
                ("Fullscreen (F11)", "On" if s.fullscreen else "Off", lambda step: self.app.toggle_fullscreen()),
                ("Colour-blind mode", "On" if s.colourblind else "Off", self.toggle_colourblind),
                ("Computer thinking", self.thinking_words(), self.cycle_thinking),
                ("Cores it uses", cores, self.cycle_cores),
                ("Undo", config.UNDO_NAMES[s.undo], lambda step: self.cycle("undo", config.UNDO_NAMES, step)),
                ("Sort your hand", config.HAND_ORDERS[s.hand_order],
                 lambda step: self.cycle("hand_order", config.HAND_ORDERS, step)),
                ("Tips after a lesson", "On" if s.tips else "Off",
                 lambda step: self.cycle("tips", (True, False), step))]
        self.rows = rows
        self.undo_row = next(i for i, row in enumerate(rows) if row[0] == "Undo")
        self.tops = [TOP + i * ROW + (NOTE if i > self.undo_row else 0) for i in range(len(rows))]
        self.widgets = [ui.Button((x, top, VALUE_W, BUTTON), value, lambda change=change: change(1), size=22,
                                  key=label)
                        for top, (label, value, change) in zip(self.tops, rows)]
        self.widgets.append(ui.Button((screen.lw / 2 - 90, self.tops[-1] + ROW + 10, 180, 50), "Back",
                                      self.back, primary=True, size=22))

    def thinking_words(self):
        """'Normal: 0.6 s a move': the step's name and the time a hard player's move may
        take on the cores it uses (the time of one core's search shared among them)."""
        s = self.app.settings
        name = THINKING_NAMES.get(s.thinking_time, "Your own")
        return f"{name}: {s.thinking['time_budget']:.1f} s a move"

    def step(self, index, step):
        """The setting at row `index` takes its next choice (`step` 1) or the one before (-1)."""
        self.rows[index][2](step)
        self.dirty = True

    def handle_event(self, event):
        """A right click on a setting takes its choice before."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            pos = self.app.screen.logical(event.pos)
            hit = next((i for i, widget in enumerate(self.widgets[:len(self.rows)]) if widget.hit(pos)), None)
            if hit is not None:
                self.focus = hit
                self.step(hit, -1)
            return
        super().handle_event(event)

    def key(self, event):
        """On a setting, the right arrow takes its next choice and the left arrow the one
        before; Up, Down and Tab go from setting to setting."""
        on_setting = self.focus % len(self.widgets) < len(self.rows)
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and on_setting:
            self.step(self.focus % len(self.widgets), 1 if event.key == pygame.K_RIGHT else -1)
            return
        super().key(event)

    def cycle(self, name, values, step):
        """Setting `name` takes the `step`th next of `values` (round again past an end)."""
        values = list(values)
        s = self.app.settings
        setattr(s, name, values[(values.index(getattr(s, name)) + step) % len(values)])
        self.app.save_settings()
        self.layout()

    def cycle_thinking(self, step):
        """The next of the thinking steps (or the one before); from a time of a settings
        file's own between them, the nearest step that way."""
        s = self.app.settings
        steps = config.THINKING_STEPS if step > 0 else config.THINKING_STEPS[::-1]
        beyond = (lambda t: t > s.thinking_time) if step > 0 else (lambda t: t < s.thinking_time)
        s.thinking_time = next((t for t in steps if beyond(t)), steps[0])
        self.app.save_settings()
        self.layout()

    def cycle_cores(self, step):
        """All the computer's cores, then 1, 2, ... up to one fewer than all."""
        s = self.app.settings
        choices = ["all", *range(1, cores_here())]
        s.cores = choices[(choices.index(s.cores) + step) % len(choices) if s.cores in choices else 0]
        self.app.save_settings()
        self.layout()

    def cycle_sound(self, step):
        """Sound off, then on at each volume step from the quietest; off again after the
        loudest (the other way round for `step` -1). A card slides at the new volume."""
        s = self.app.settings
        choices = [None, *config.VOLUME_STEPS]
        now = min(config.VOLUME_STEPS, key=lambda v: abs(v - s.volume)) if s.sound else None
        chosen = choices[(choices.index(now) + step) % len(choices)]
        s.sound = chosen is not None
        if s.sound:
            s.volume = chosen
        self.app.sounds.enabled, self.app.sounds.volume = s.sound, s.volume
        self.app.sounds.play("slide")
        self.app.save_settings()
        self.layout()

    def toggle_colourblind(self, step):
        self.app.settings.colourblind = not self.app.settings.colourblind
        card_sprites.clear()
        self.app.save_settings()
        self.layout()

    def back(self):
        self.go(self.persist.get("return_to", "menu"))

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.draw_title(screen, "Settings")
        screen.text(HOW, 18, palette.TEXT_DIM, (screen.lw / 2, TOP - 28), "midtop")
        for top, (label, _, _) in zip(self.tops, self.rows):
            screen.text(label, 24, palette.TEXT, (screen.lw / 2 - 20, top + 8), "topright")
        for i, (choice, name) in enumerate(config.UNDO_NAMES.items()):
            colour = palette.GOLD if choice == self.app.settings.undo else palette.TEXT_DIM
            screen.text(f"{name}: {UNDO_LINES[choice]}", 18, colour,
                        (screen.lw / 2, self.tops[self.undo_row] + BUTTON + 6 + i * NOTE_LINE), "midtop",
                        width=screen.lw - 80)
        self.draw_widgets(screen)


def cores_here():
    """The computer's cores (the search's module is loaded when Settings first asks)."""
    from game.bots import workers
    return workers.cores_here()
