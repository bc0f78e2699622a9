"""Settings: animation speed, sound (off or its volume), fullscreen, colour-blind mode,
the computer's thinking (the time a hard player's move may take, and the cores it thinks
on), the undo policy, the order of your hand and the tips on special cards in a real
game after a lesson, saved at every change."""
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


# What each Undo choice means, in one line (all shown under the Undo setting, the one set in gold).
UNDO_LINES = {
    undo.OFF: "no move is taken back.",
    undo.MINE: "your own moves, back to the last card that came to light, a roll, another "
               "person's move or a hand's end.",
    undo.CASUAL: "any number of moves, the computers' too; a game where you undo is practice.",
}


class SettingsScene(Scene):
    """Nine switches; each button shows its value and changes it when pressed."""

    def layout(self):
        screen = self.app.screen
        s = self.app.settings
        x = screen.lw / 2 + 20
        thinking = s.thinking
        seconds = f"{thinking['time_budget']:.2g}"
        seconds = f"{seconds} second{'' if seconds == '1' else 's'}"
        here = cores_here()
        cores = f"All ({here})" if s.cores == "all" else f"{thinking['cores']} of {here}"
        rows = [("Animation speed", s.animation_speed.capitalize(),
                 lambda: self.cycle("animation_speed", config.SPEEDS)),
                ("Sound", f"{round(s.volume * 100)}%" if s.sound else "Off", self.cycle_sound),
                ("Fullscreen (F11)", "On" if s.fullscreen else "Off", self.app.toggle_fullscreen),
                ("Colour-blind mode", "On" if s.colourblind else "Off", self.toggle_colourblind),
                ("Computer thinking", f"{seconds} a move", self.cycle_thinking),
                ("Cores it uses", cores, self.cycle_cores),
                ("Undo", config.UNDO_NAMES[s.undo], lambda: self.cycle("undo", config.UNDO_NAMES)),
                ("Sort your hand", config.HAND_ORDERS[s.hand_order],
                 lambda: self.cycle("hand_order", config.HAND_ORDERS)),
                ("Tips after a lesson", "On" if s.tips else "Off", lambda: self.cycle("tips", (True, False)))]
        self.rows = rows
        self.undo_row = next(i for i, row in enumerate(rows) if row[0] == "Undo")
        self.tops = [TOP + i * ROW + (NOTE if i > self.undo_row else 0) for i in range(len(rows))]
        self.widgets = [ui.Button((x, top, 220, BUTTON), value, action, size=22, key=label)
                        for top, (label, value, action) in zip(self.tops, rows)]
        self.widgets.append(ui.Button((screen.lw / 2 - 90, self.tops[-1] + ROW + 10, 180, 50), "Back",
                                      self.back, primary=True, size=22))

    def cycle(self, name, values):
        """Setting `name` takes the next of `values` (round again after the last)."""
        values = list(values)
        s = self.app.settings
        setattr(s, name, values[(values.index(getattr(s, name)) + 1) % len(values)])
        self.app.save_settings()
        self.layout()

    def cycle_thinking(self):
        s = self.app.settings
        steps = config.THINKING_STEPS
        s.thinking_time = next((t for t in steps if t > s.thinking_time), steps[0])
        self.app.save_settings()
        self.layout()

    def cycle_cores(self):
        """All the computer's cores, then 1, 2, ... up to one fewer than all."""
        s = self.app.settings
        choices = ["all", *range(1, cores_here())]
        s.cores = choices[(choices.index(s.cores) + 1) % len(choices) if s.cores in choices else 0]
        self.app.save_settings()
        self.layout()

    def cycle_sound(self):
        """Sound off, then on at each volume step from the quietest; off again after the
        loudest. A card slides at the new volume."""
        s = self.app.settings
        louder = [v for v in config.VOLUME_STEPS if v > s.volume + 1e-9]
        if not s.sound:
            s.sound, s.volume = True, config.VOLUME_STEPS[0]
        elif louder:
            s.volume = louder[0]
        else:
            s.sound = False
        self.app.sounds.enabled, self.app.sounds.volume = s.sound, s.volume
        self.app.sounds.play("slide")
        self.app.save_settings()
        self.layout()

    def toggle_colourblind(self):
        self.app.settings.colourblind = not self.app.settings.colourblind
        card_sprites.clear()
        self.app.save_settings()
        self.layout()

    def back(self):
        self.go(self.persist.get("return_to", "menu"))

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.draw_title(screen, "Settings")
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
