"""Join a game hosted on another computer: the tables announced on the local network (a
click fills in the address), or an address typed in, the join code and your name; then,
until the host starts, who has taken which seat. What is wrong with the address or the
name, and a refusal (a wrong code, a full table, another version), is said in words on
this screen. Leaving the screen stops looking for tables (nothing keeps running)."""
import pygame

from game.net import discovery
from game.net import protocol as wire
from scenes.widgets import ui
from scenes.widgets.base import Scene
from scenes.network.net import Joining, wake
from scenes.network.remote import to_table
from scenes.widgets.wake import NET_EVENT
from sprites import felt, palette

FIELDS = (("address", "Address", "the host's address and port, e.g. 192.168.1.20:47470"),
          ("code", "Join code", "the code the host's screen shows"),
          ("name", "Your name", "as the others will see it"))
LIMITS = {"address": 80, "code": 40, "name": wire.NAME_LENGTH}
FOUND_SHOWN = 5


def found_words(table):
    """A table found on the network as its line in the list says it: its name, its game,
    where the game stands and the seats a person may take ('Maya's table: KTU, under way,
    1 of 3 seats open (192.168.1.20:47470)')."""
    if table.state == discovery.OVER:
        seats = "its game is over"
    else:
        seats = f"{table.open} of {table.players} seats open" if table.open else "every seat taken"
        if table.state == discovery.PLAYING:
            seats = f"under way, {seats}"
    return f"{table.name}: {table.title}, {seats} ({table.address}:{table.port})"


class JoinScene(Scene):
    """Type or pick where to join, then wait for the host to start."""

    def startup(self, persist):
        self.fields = {"address": persist.get("join_address", ""), "code": persist.get("join_code", ""),
                       "name": persist.get("join_name", "Guest")}
        self.editing = None if self.fields["address"] else "address"
        self.selected = False        # the field's whole text is selected: a key replaces it
        self.was = ""                # the field's text as its typing began (Esc puts it back)
        self.opened = self.editing is not None   # the screen began the typing, not the person
        self.message = ""
        self.joining = None
        self.browser = None
        if discovery.enabled():
            try:
                self.browser = discovery.Browser(discovery.open_zeroconf(), changed=wake)
            except (OSError, RuntimeError) as error:    # RuntimeError: no network to use
                self.message = (f"Games on your network cannot be listed "
                                f"({discovery.failure_words(error)}).")
        super().startup(persist)

    # ---- the form ---------------------------------------------------------------------
    def found(self):
        """The tables announced on the network (none when discovery is off)."""
        return self.browser.found()[:FOUND_SHOWN] if self.browser is not None else []

    def layout(self):
        screen = self.app.screen
        x = screen.lw / 2 - 330
        y = 136
        self.widgets = []
        self.listed = self.found()
        for table in self.listed:
            self.widgets.append(ui.Button((x, y, 660, 40), found_words(table), lambda t=table: self.pick(t),
                                          size=18))
            y += 48
        y = max(y, 136 + 40)           # room for the line that says none was found
        y += 30
        self.rows = []
        for key, label, _ in FIELDS:
            typing = self.editing == key
            text = self.fields[key] + ("_" if typing and not self.selected else "")
            field = ui.Button((x + 200, y, 460, 40), text, lambda k=key: self.edit(k), size=20, key=key)
            field.selected = typing and self.selected and bool(self.fields[key])
            self.widgets.append(field)
            self.rows.append((label, y))
            y += 60
        by = screen.lh - 84
        waiting = self.joining is not None
        self.widgets.append(ui.Button((screen.lw / 2 + 20, by, 200, 50), "Join", self.join, primary=True,
                                      size=24, enabled=not waiting))
        self.widgets.append(ui.Button((screen.lw / 2 - 220, by, 200, 50), "Back", self.back, size=22))
        self.x = x
        self.message_y = y + 4
        if self.editing is not None:     # the keyboard's ring is on the field typed in
            self.focus = next(i for i, w in enumerate(self.widgets) if w.key == self.editing)

    def pick(self, table):
        """A table found on the network: its address goes into the form."""
        self.fields["address"] = f"[{table.address}]:{table.port}" if ":" in table.address else \
            f"{table.address}:{table.port}"
        self.type_in("code")
        self.layout()

    def edit(self, key):
        """Start typing in a field, its text selected so that typing replaces it (Enter or
        a click ends it; Tab and Shift+Tab go on to the next or the previous one; Esc puts
        back what it held, as on Setup: see key)."""
        self.type_in(None if self.editing == key else key)
        self.layout()

    def type_in(self, key):
        """Typing goes to field `key` (None: to none), its text selected and kept for Esc."""
        self.editing = key
        self.selected = key is not None
        self.opened = False
        if key is not None:
            self.was = self.fields[key]

    def key(self, event):
        if event.key == pygame.K_ESCAPE:
            if self.editing is None or self.opened and self.fields[self.editing] == self.was:
                self.back()             # nothing typed where the screen began the typing: Esc leaves at once
                return
            self.fields[self.editing] = self.was    # as on Setup: the first Esc ends the typing, as it was;
            self.type_in(None)                      # a second leaves (walkD16 #14)
            self.layout()
            self.dirty = True
            return
        if self.editing is not None:
            if event.key == pygame.K_TAB:     # the focus moves on; typing follows it into a field
                self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                focused = self.widgets[self.focus].key
                self.type_in(focused if focused in LIMITS else None)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.type_in(None)
                self.layout()
                self.focus = next(i for i, w in enumerate(self.widgets) if w.label == "Join")
            elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self.fields[self.editing] = "" if self.selected else self.fields[self.editing][:-1]
                self.selected = False
            elif event.unicode and event.unicode.isprintable():
                text = ("" if self.selected else self.fields[self.editing]) + event.unicode
                self.fields[self.editing] = text[:LIMITS[self.editing]]
                self.selected = False
            self.layout()
            self.dirty = True
            return
        super().key(event)

    # ---- joining ----------------------------------------------------------------------
    def join(self):
        """Reach the host with the code and the name."""
        self.editing = None
        address, code, name = (self.fields[k].strip() for k in ("address", "code", "name"))
        if not address.rpartition(":")[2].isdigit():
            self.say("Type the host's address and port, as its screen shows them "
                     f"(for instance {wire.EXAMPLE}).")
            return
        try:
            wire.parse_address(address)
        except ValueError as error:
            self.say(f"Check the address: {error}.")
            return
        if not code:
            self.say("Type the join code the host's screen shows.")
            return
        try:
            name = wire.normal_name(name)
        except ValueError:
            self.say("Your name: use letters, digits or common signs (the others' screens could "
                     "not show these).")
            return
        self.persist.update(join_address=address, join_code=code, join_name=name)
        self.joining = Joining(address, code, name)
        self.app.network = self.joining
        self.say(f"Reaching {address}...")

    def say(self, words):
        self.message = words
        self.layout()
        self.dirty = True

    def update(self, dt):
        """The network's news (the app pumped it): the tables found, refused, waiting, or
        the game begins."""
        if self.found() != self.listed:
            self.layout()
            self.dirty = True
        if self.joining is None:
            return
        if self.joining.state == "refused":
            self.say(f"Could not join: {self.joining.reason}.")
            self.app.end_network()
            self.joining = None
            return
        table = self.joining.table
        if table.view is not None:
            to_table(self, self.joining)
        elif table.welcome is not None:
            names = [f"{n or 'a seat open'}{' (you)' if i == table.seat else ''}"
                     for i, n in enumerate(table.names)]
            words = (f"Joined {table.info.title} as {table.name}. Waiting for the host to start: "
                     + ", ".join(names) + ".")
            if words != self.message:
                self.say(words)

    def handle_event(self, event):
        if event.type != NET_EVENT:         # the network's news is read in update
            super().handle_event(event)

    def back(self):
        """Esc or Back: leave (the host is told), to the menu."""
        self.close()
        self.go("menu")

    def cleanup(self):
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        return super().cleanup()

    def close(self):
        if self.joining is not None:
            self.app.end_network()
            self.joining = None

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.draw_title(screen, "Join a game", "Pick a table found on your network, or type the host's "
                                               "address; then the join code")
        if not self.found():
            words = ("No table announced on your network yet: type the host's address." if self.browser
                     else "Type the host's address: finding games on the network is off.")
            screen.text(words, 18, palette.TEXT_DIM, (self.x, 144))
        for label, y in self.rows:
            screen.text(label, 22, palette.TEXT, (self.x, y + 8))
        for (key, _, help_words), (_, y) in zip(FIELDS, self.rows):
            if self.editing == key:
                screen.text(f"{help_words} · Enter: done · Esc: as it was", 15, palette.TEXT_DIM,
                            (self.x + 200, y + 42), width=460)
        for i, line in enumerate(screen.wrap(self.message, 18, 660)):
            screen.text(line, 18, palette.GOLD, (self.x, self.message_y + 22 * i))
        self.draw_widgets(screen)
