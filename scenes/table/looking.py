"""Who looks at the table (no pygame): the person whose cards are shown, the seat at the
bottom, and the curtain that hides everything while the device passes from one person
to the next at the same screen."""


PASSIVE = frozenset({"skip", "round_won", "score", "out", "hand_over", "phase", "game_over"})   # befell a seat


class Looking:
    """Who looks: `viewer` (the seat whose hidden cards are shown; None: only what
    everyone sees), `anchor` (the seat at the bottom of the table), `curtain` (the person
    it waits for, or None), `shown` (who looked last, while the curtain is up),
    `curtains` (everyone the curtain was raised for, kept across scenes) and `looked`
    (seat -> how many of the game's events there were when that person last had the
    screen: what happened since is told them as they come back)."""

    def __init__(self, viewer, anchor, curtains):
        self.viewer = viewer
        self.anchor = anchor
        self.curtain = None
        self.shown = None
        self.curtains = curtains
        self.looked = {}

    def decide(self, session):
        """Choose the viewer for the game as it stands in `session`: with one person, that
        person; with two or more, nobody once the game is over, and the curtain whenever
        control passes to another person. True when who looks changed."""
        seen = (self.viewer, self.anchor, self.curtain)
        if self.viewer is not None and self.curtain is None:
            self.looked[self.viewer] = session.event_count()
        humans = session.humans()
        current = session.current_player
        if len(humans) <= 1:
            self.viewer = humans[0] if humans else None
            self.anchor = humans[0] if humans else 0
        elif session.is_over:
            self.viewer = None
        elif session.is_human(current):
            if current != self.viewer and self.curtain is None:
                self.shown = self.viewer if self.viewer is not None else self.anchor
                self.viewer = None
                self.curtain = current
                self.curtains.append(current)
                self.anchor = current
        else:
            self.viewer = None
        return (self.viewer, self.anchor, self.curtain) != seen

    def resume(self, events, humans):
        """A table opened on a game already under way (a game continued, the next hand
        after the scores): each person among `humans` last had the screen at their own
        last event of `events` (the game's so far), so the first hand-over tells them
        what came since then, not the whole game since the deal (walkA17 #9: after Esc and
        Continue, 'Since the deal:' and 26 lines for Theo, who had played since). A
        person's event counts where they made it: in their own turn where the game tells
        turns, never one that befell them (PASSIVE: skipped, scored, out)."""
        turn = None
        for index, event in enumerate(events):
            if event.kind == "turn":
                turn = event.seat
            elif event.seat in humans and event.kind not in PASSIVE and turn in (None, event.seat):
                self.looked[event.seat] = index + 1

    def since(self, person):
        """The number of the first event `person` has not had the screen for (None: they
        never had it)."""
        return self.looked.get(person)

    def ready(self):
        """The next person has the device: the curtain goes. True if it was up."""
        if self.curtain is None:
            return False
        self.viewer = self.anchor = self.curtain
        self.curtain = None
        return True

    def person(self):
        """The seat of the person at the device: the one shown (the last one shown while a
        computer plays, or, behind the curtain, the one who just passed it on)."""
        if self.curtain is not None:
            return self.shown
        return self.viewer if self.viewer is not None else self.anchor

    def back_to(self, person, now, behind=False):
        """An undo took `person`'s move back: `person` looks again (and sits at the bottom
        if it is their turn, `now`); deciding again raises the curtain if another person
        is to play. Taken back from behind the curtain (`behind`: another may be at the
        screen), the curtain is raised for `person` first: nobody's hidden cards are shown
        until they say Ready, and nobody else may take anything back from it."""
        self.curtain = None
        self.viewer = person
        if behind:
            self.viewer, self.shown, self.curtain = None, None, person
            self.curtains.append(person)
        if now == person:
            self.anchor = person
