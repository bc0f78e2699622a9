"""Scoring: after each hand and at the end, every player's plate, best place first: the
place, the name, the score (what it counts and which way is better said above), this
hand's points apart from the running totals where the game has them, how it was made in
the words of the game's presenter, and the cards that made it, drawn as the table draws
them (a hand's count, the assignments laid, the order players went out, the last down, the
lanes). The winner's plate glows and a short burst of flakes celebrates the win (not at
Instant animation); the deal number, whether the game was practice, and Play again (new
cards or the same) / Menu."""
import random
from typing import NamedTuple

import pygame

from scenes.screens import dressing
from scenes.screens.celebration import Celebration
from scenes.widgets import ui
from scenes.widgets.base import Scene
from scenes.table.presenters import presenter_for
from game.core import SharedAct
from game.presenter import named_together, ordinal, winners_words
from scenes.table.scene import TableScene
from scenes.table.session import Session
from sprites import felt, palette
from sprites import spread as spread_sprites
from sprites.text import BODY, DISPLAY

TOP = 128               # the first plate's top
GAP = 12                # between plates
LEFT_W = 300            # a plate's place, name and how the score was made
NAME_W = 250            # the same where no plate has words beside its cards
SCORE_W = 150           # a plate's score column, at most
GROUP_GAP = 22          # between two groups of cards on a plate
MIN_GROUP_GAP = 10      # the same on a plate crowded with groups (felt between two outlined cards' frames)
CAPTION_MOST = 3        # lines a caption over cards may take
CARD_RATIO = 1.4        # a card's height over its width
APART = 1.08            # a card's step in a group whose cards lie apart (of a card's width)
INDEX_STEP = 0.3        # the least step: each card's index still shows
HALF_STEP = 0.5         # below it, long captions wrap to give their room to the cards
MAX_CARD_H = 150
MIN_CARD_H = 44
MIN_FIT_H = 36          # cards no smaller than this where plates as tall as their cards need still do not hold them
MIN_PLATE_H = 72        # a plate's place, name and a line of how its score was made
COMPACT_TOP = 86        # a compact screen's first plate's top (its title higher)
COMPACT_GAP = 8         # between its plates
COMPACT_BOTTOM = 74     # below its plates: its buttons, lower
CAPTION_H = 30          # a caption over cards, with the gap under it
CAPTION_LINE = 20       # a caption's second line
WORDS_TOP = 40          # a plate's words, under its name
WORD_LINE = 20          # a line of them
FEW = 5                 # cards on a plate few enough for plates side by side
CLICKED_THROUGH = 0.5   # seconds: a click at the table this recent opened the screen (see handle_event)


class Plate(NamedTuple):
    """One player's plate on the scoring screen."""

    place: str          # '1st'
    seat: int
    name: str
    score: object
    how: str            # how it was made, in words
    won: bool           # won the game
    points: object      # this hand's points, or None
    won_hand: bool
    groups: list        # (caption, cards) that made the score, (caption, cards, givers) or (caption, cards,
                        # givers, struck): see Presenter.score_cards


class ScoringScene(Scene):
    """Shows the engine's scores; the next hand, a new game, or the menu."""

    def startup(self, persist):
        self.session = persist["session"]
        self.interim = persist.get("interim", False)
        self.presenter = presenter_for(self.session.info)
        self.view = self.presenter.arranged(self.opened(self.session.view(None)),
                                            lambda: self.session.events_for(None))
        self.celebration = None
        self.shown = None               # the plates, made once: the scores do not change here
        self.laid_plates = (None, None)  # (the screen's size, layout_plates for it)
        self.ring_shown = False         # has a key shown the keyboard's ring here yet (see key)
        self.opened_at = self.app.time
        spot, when, where = self.app.clicked    # a click at the table that opened the screen: where it was,
        through = isinstance(where, TableScene) and self.app.time - when <= CLICKED_THROUGH
        self.still = spot if through and spot == self.app.pointer else None    # until the pointer moves
        super().startup(persist)
        winners = [p for p in self.plates() if p.won and self.session.is_human(p.seat)]   # a person won
        if winners and not self.interim and self.app.settings.animation_speed != "instant":
            x, y, w, _ = self.plate_rects(self.app.screen)[0]       # the winner's, first
            self.celebration = Celebration((x + w / 2, y + 20), seed=self.session.seed or 1)

    def opened(self, view):
        """`view` at the game's end with every player's own cards face up, those nobody saw
        during play too (KTU's face-down cards left): the game is over, nothing is secret.
        A screen that joined another's game has only the view the host sends."""
        state = getattr(self.session, "state", None)
        if not view.is_over or self.interim or state is None:
            return view
        shown = {zone.key: zone for zone in state.open_view().zones}
        return view._replace(zones=tuple(shown[z.key] if z.owner is not None else z for z in view.zones))

    def busy(self):
        """Moving only while the celebration runs."""
        return self.celebration is not None and self.celebration.running

    def update(self, dt):
        if self.busy():
            self.celebration.update(dt)

    def layout(self):
        screen = self.app.screen
        by = screen.lh - (64 if self.layout_plates(screen)[3] else 84)
        if self.interim:                        # the game goes on, or waits saved while the menu is open
            self.widgets = [ui.Button((screen.lw / 2 - 230, by, 220, 52), "Next hand", self.next_hand,
                                      primary=True, size=24),
                            ui.Button((screen.lw / 2 + 10, by, 220, 52), "Menu", self.back, size=22)]
        elif self.app.network is not None:      # played across computers: each goes on alone
            self.widgets = [ui.Button((screen.lw / 2 - 105, by, 210, 52), "Menu", self.back, primary=True,
                                      size=22)]
        else:
            self.widgets = [
                ui.Button((screen.lw / 2 - 395, by, 250, 52), "Play again: new cards", self.play_again, primary=True,
                          size=22),
                ui.Button((screen.lw / 2 - 125, by, 250, 52), "Play again: same cards", self.replay, size=22),
                ui.Button((screen.lw / 2 + 145, by, 250, 52), "Menu", self.back, size=22)]

    def handle_event(self, event):
        """As on every screen, but where a click at the table opened the screen (its
        Continue on the game's last outcome), a click at the same spot before the pointer
        has moved is not taken: clicks on Continue, the next landing on the button now under
        it, never leave the results unseen (as the first Enter only shows the ring: see
        key)."""
        if event.type == pygame.MOUSEMOTION and event.pos != self.still:
            self.still = None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.pos == self.still:
            return
        super().handle_event(event)

    def key(self, event):
        """The keys as on every screen (the first Enter after the mouse only shows the
        ring), but an Enter or Space typed as the screen opened, before it was read
        (CLICKED_THROUGH), only shows the ring on Play again (or Next hand): it never
        deals a new game unseen. One typed later, with the ring in sight, takes its button
        (walkC17 #8: the first Enter on a ringed Next hand did nothing)."""
        first, self.ring_shown = not self.ring_shown, True
        fresh = self.app.time - self.opened_at <= CLICKED_THROUGH
        if first and fresh and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.app.keyboard = True
            self.dirty = True
            return
        super().key(event)

    def next_hand(self):
        """Back to the table, the next hand dealt: where the next move is a person's deal
        and nothing else (Final Count's dealer), Next hand makes it, as the table does a
        computer's; one press starts the next hand, whoever deals (played across
        computers, the table waits for the dealer's own Deal)."""
        session = self.session
        legal = session.legal_actions()
        if (self.app.network is None and len(legal) == 1 and legal[0].kind == SharedAct.DEAL
                and session.is_human(session.current_player)):
            session.submit(legal[0])
        self.go("table")

    def _restart(self, seed):
        old = self.session
        session = Session(old.game_id, old.seats, old.options, seed, old.folders, executor=old.executor)
        self.go("table", session=session, viewer=None, events_seen=0, interim=False)

    def play_again(self):
        """A new game with the same seats and house rules, on a fresh deal."""
        self._restart(random.randrange(1, 10**9))

    def replay(self):
        """The whole game again from the same deal number: the same cards in every hand
        as long as the moves are the same."""
        self._restart(self.session.seed)

    def back(self):
        """Esc or Menu: to the menu. Between hands the game stays saved (Continue takes it
        up here); at the end it is over, and nobody plays it any more."""
        if self.interim:
            self.go("menu", session=None, director=None)
            return
        self.app.end_network()
        self.go("menu", session=None, director=None, hosting=None)

    def headline(self):
        """'Maya wins', 'Maya and Theo win', 'No winner', or 'Hand N is over'."""
        names = [s.name for s in self.session.seats]
        winners = list(self.view.winners)
        if self.interim:
            return self.presenter.hand_over(self.view)
        if not winners:
            return "Game over: no winner"
        return f"{winners_words(self.view, names)}!"

    def rows(self):
        """(seat name, score, how it was made, is a winner) for each seat."""
        names = [s.name for s in self.session.seats]
        return [(names[seat], score, self.presenter.breakdown(self.view, seat, names),
                 seat in self.view.winners) for seat, score in enumerate(self.view.scores)]

    def ordered(self):
        """The rows to show, each with its place ('1st'), best place first: at the end by
        the game's rules, between hands by the running scores."""
        rows = self.rows()
        places = self.presenter.places(self.view)
        return [(ordinal(places[seat]), *rows[seat]) for seat in sorted(range(len(rows)), key=places.get)]

    def notes(self):
        """The lines under the table: practice or not, then the presenter's summary."""
        names = [s.name for s in self.session.seats]
        lines = []
        if not self.interim and self.session.undo_record()["practice"]:
            lines.append("A practice game: Casual undo was used, so Statistics keeps it apart")
        return lines + self.presenter.summary_lines(self.view, names)

    def plates(self):
        """Every player's plate, best place first (as `ordered`), with the cards that made
        each score."""
        if self.shown is not None:
            return self.shown
        hand = self.presenter.hand_result(self.view, self.session.events_for(None)) or {}
        seats = {name: seat for seat, name in enumerate(s.name for s in self.session.seats)}
        plates = []
        ordered = self.ordered()
        for place, name, score, _breakdown, won in ordered:
            seat = seats[name]
            points, won_hand = hand.get(seat, (None, False))
            said = self.presenter.plate_words(self.view, seat, list(seats))
            words = ". ".join(filter(None, [said, self.shared_place(ordered, place, name, won, said)]))
            plates.append(Plate(place, seat, name, score, words, won, points,
                                won_hand, self.presenter.score_cards(self.view, seat, list(seats))))
        self.shown = plates
        return plates

    def shared_place(self, ordered, place, name, won, said=""):
        """Why a player who is no winner shares a place: 'Shares 2nd with Ines: both
        have 0 points' (places go by the scores, whatever else a plate shows), the score
        left out where the plate's words (`said`) already begin with it ('100 yards lost,
        out. Shares 2nd with Ines and Sam'), or ''."""
        others = ["you" if other == "You" else other
                  for at, other, _, _, other_won in ordered if at == place and other != name and not other_won]
        if won or not others:
            return ""
        score = next(score for _, other, score, _, _ in ordered if other == name)
        scored = f"{score} {self.presenter.SCORE_UNIT}"
        if said == scored or said.startswith(scored + ","):
            return f"Shares {place} with {named_together(others)}"
        return f"Shares {place} with {named_together(others)}: {'both' if len(others) == 1 else 'all'} have {scored}"

    def columns(self):
        """Plates side by side: two when there are many players with few groups each, or
        four or more with a few cards each (their cards then larger)."""
        plates = self.plates()
        few = all(len(p.groups) <= 1 and sum(len(cards) for _, cards, *_ in p.groups) <= FEW for p in plates)
        return 2 if (len(plates) > 4 and all(len(p.groups) <= 2 for p in plates)) or (len(plates) >= 4 and few) else 1

    def plate_rects(self, screen):
        """Each plate's logical rect (x, y, w, h), in the order of `plates`: all alike,
        unless in one column a plate's cards would hang below it (captions in two lines on
        a short screen): then the screen is compact (the title and the buttons take less
        of it) and each plate is as tall as its own cards need (see fitted)."""
        return self.layout_plates(screen)[0]

    def layout_plates(self, screen):
        """(the plates' rects, the cards' size as card_size gives it, or as `fitted`
        shrinks it where the plates are as tall as their cards and words need (compact:
        where plates alike would not hold them), the width of the plates' left column as
        words_width gives it for plates all alike (or `compact` for a compact screen),
        whether the screen is compact); made once for each size of the screen."""
        key = (screen.lw, screen.lh, screen.s)
        if self.laid_plates[0] != key:
            self.laid_plates = (key, self.lay_plates(screen))
        return self.laid_plates[1]

    def lay_plates(self, screen):
        """layout_plates, made anew."""
        plates = self.plates()
        count = len(plates)
        columns = self.columns()
        lines = -(-count // columns)
        w = min(1180, screen.lw - 60)
        x = screen.lw / 2 - w / 2
        room = screen.lh - 100 - TOP - self._notes_h(screen, w)
        h = max(84, min(MAX_CARD_H + (82 + CAPTION_H if columns == 2 else 50), (room - GAP * (lines - 1)) / lines))
        pw = (w - GAP * (columns - 1)) / columns
        rects = [(x + (i % columns) * (pw + GAP), TOP + (i // columns) * (h + GAP), pw, h) for i in range(count)]
        stacked = columns == 2
        worded = any(plate.how or plate.points is not None for plate in plates)
        left = self.words_width(screen, plates, rects)
        area = self.groups_area(rects[0], left, stacked, worded)
        size = self.card_size(screen, plates, area)
        if stacked or all(self.cards_bottom(screen, plate, area[2], size) <= h - 1
                          and self.words_h(screen, plate, left) <= h for plate in plates):
            return rects, size, left, False
        room = screen.lh - COMPACT_BOTTOM - COMPACT_TOP - self._notes_h(screen, w) - COMPACT_GAP * (count - 1)
        heights, size, left = self.compact(screen, plates, rects[0], room, (left, size))
        tops = [COMPACT_TOP + sum(heights[:i]) + COMPACT_GAP * i for i in range(count)]
        return [(x, top, pw, height) for top, height in zip(tops, heights)], size, left, True

    def compact(self, screen, plates, rect, room, first):
        """Plates each as tall as it needs (fitted) sharing `room`: (heights, the cards'
        size, the left column's width). The left column as wide as words_width gave for
        plates alike (`first`: that width and its cards' size), or narrower or wider (the
        words in more lines or fewer, the cards' captions in fewer or more) where that
        lets every plate hold above the buttons, every caption over cards in two lines
        where any width lets them (walkA16 #15: with five students, 'Extra / credit /
        given' in three lines beside words in two), with the largest cards; as `first`
        gives where none does."""
        tried, paired = [], []
        for left in [first[0]] + [left for left in self.left_widths(rect[2]) if left != first[0]]:
            area = self.groups_area(rect, left, False)
            size = first[1] if left == first[0] else self.card_size(screen, plates, area)
            heights, fitted = self.fitted(screen, plates, (area[2], left), size, room)
            tried.append((heights, fitted, left))
            paired.append(all(self.caption_lines(screen, plate.groups, area[2], fitted) <= 2 for plate in plates))
        holding = [(two, way) for two, way in zip(paired, tried) if sum(way[0]) <= room + 0.5]
        return max(holding, key=lambda held: (held[0], held[1][1][0]))[1] if holding else tried[0]

    def cards_bottom(self, screen, plate, width, size):
        """How far below its plate's top a plate's cards end, groups `width` wide, at
        `size` (card height, caption lines at most), as _draw_groups lays them."""
        card_h, _ = size
        return 10 + CAPTION_H - 4 + CAPTION_LINE * (self.caption_lines(screen, plate.groups, width, size) - 1) + card_h

    def fitted(self, screen, plates, widths, size, total):
        """Plates each as tall as its cards and its words need (at least a name and a line
        of words), sharing `total`, the height the plates had alike; where even that does
        not hold them, the cards smaller (down to MIN_FIT_H): (heights, the cards' size).
        `widths`: (the groups' width, the plates' left column's)."""
        card_h, most = size
        width, left = widths
        words = [self.words_h(screen, plate, left) for plate in plates]
        for ch in list(range(int(card_h), MIN_FIT_H, -2)) + [MIN_FIT_H]:
            needs = [max(MIN_PLATE_H, said, self.cards_bottom(screen, plate, width, (ch, most)) + 6)
                     for plate, said in zip(plates, words)]
            if sum(needs) <= total or ch == MIN_FIT_H:
                spare = max(0.0, total - sum(needs)) / len(plates)
                return [need + spare for need in needs], (ch, most)

    def caption_lines(self, screen, groups, width, size):
        """How many lines a plate's captions take: the fewest they all fit in, at most
        `size`'s most."""
        card_h, most = size
        widths, _ = self.widths(screen, groups, width, card_h)
        return next((lines for lines in range(1, most) if all(self.caption_fits(screen, caption, w, lines)
                                                              for (caption, *_), w in zip(groups, widths))), most)

    @staticmethod
    def caption_fits(screen, caption, width, lines):
        """Does `caption` lie in `lines` lines `width` wide with every word whole?"""
        parts = screen.wrap(caption, dressing.BODY, width - 8)
        return len(parts) <= lines and " ".join(parts).split() == caption.split()

    def _notes_h(self, screen, w):
        return 16 + 22 * sum(len(screen.wrap(line, dressing.BODY, w - 48)) for line in self.notes())

    def draw(self, screen):
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        info = self.session.info
        seed = self.session.seed
        scores = "places by the game's scores so far" if self.interim else "scores"
        sub = (info.title + ("" if seed is None else f"  ·  deal number {seed}")
               + f"  ·  {scores}: {self.presenter.score_words()}")
        if self.layout_plates(screen)[3]:
            screen.text(self.headline(), DISPLAY, palette.TEXT, (screen.lw / 2, 14), "midtop")
            screen.text(sub, BODY, palette.TEXT_DIM, (screen.lw / 2, 60), "midtop")
        else:
            self.draw_title(screen, self.headline(), sub)
        rects, size, left, _ = self.layout_plates(screen)
        plates = self.plates()
        stacked = self.columns() == 2
        worded = any(plate.how or plate.points is not None for plate in plates)
        for plate, rect in zip(plates, rects):
            self._draw_plate(screen, plate, rect, left, (stacked, worded), size)
        x, y = rects[0][0], rects[-1][1] + rects[-1][3] + 16
        w = min(1180, screen.lw - 60)
        for line in self.notes():
            for part in screen.wrap(line, dressing.BODY, w - 48):
                screen.text(part, dressing.BODY, palette.TEXT_DIM, (x + 24, y))
                y += 22
        if self.busy():
            self.celebration.draw(screen)
        self.draw_widgets(screen)

    def words_width(self, screen, plates, rects):
        """The width of the plates' left column (a third of a plate at most, NAME_W where
        no plate has words), or wider, up to half a plate (the cards narrower), where a
        plate's words need more lines than its height holds, so that no word is cut."""
        _, _, w, h = rects[0]
        if not any(plate.how for plate in plates):
            return min(NAME_W, w * 0.34)
        for left in self.left_widths(w):
            if all(len(screen.wrap(plate.how, dressing.BODY, left - 86)) <= self.word_lines(screen, plate, h)
                   for plate in plates):
                return left
        return int(w * 0.5)

    @staticmethod
    def left_widths(w):
        """The widths a plate `w` wide may give its left column, narrowest first: a third
        of it at most, or wider by steps, under half of it."""
        return [min(LEFT_W, w * 0.34)] + list(range(LEFT_W + 30, int(w * 0.5), 30))

    def words_h(self, screen, plate, left):
        """How tall a plate must be for its name, its mark and every line of its words
        in a left column `left` wide."""
        lines = len(screen.wrap(plate.how or "", dressing.BODY, left - 86))
        return WORDS_TOP + 4 + lines * WORD_LINE + (0 if self.mark_beside(screen, plate, left) else 32)

    def word_lines(self, screen, plate, h):
        """How many lines of words a plate `h` high holds under its name (and its mark)."""
        return max(1, int((h - WORDS_TOP - 4 - (0 if self.mark_beside(screen, plate, LEFT_W) else 32)) // WORD_LINE))

    def mark_beside(self, screen, plate, left):
        """Does the plate's mark (Winner, Won the hand) fit beside its name?"""
        mark = "Winner" if plate.won else "Won the hand" if plate.won_hand else ""
        mark_w = screen.text_width(mark, dressing.LABEL) + 16 if mark else 0
        return not mark or screen.text_width(plate.name, dressing.NAME) + 8 + mark_w <= left - 80

    def groups_area(self, rect, left, stacked, worded=True):
        """Where a plate's cards go (logical x, y, w, h): right of the name and the words
        and left of the score; on plates side by side, under the name across the plate
        (and under a line of words if a plate has some: `worded`)."""
        x, y, w, h = rect
        if stacked:
            top = 74 if worded else 48
            return x + 16, y + top, w - 32, h - top - 8
        return x + left, y + 10, w - left - self.score_room(), h - 18

    def score_room(self):
        """The width of the plates' score column beside their cards: the widest score, its
        unit or this hand's points, and a gap (SCORE_W at most)."""
        screen = self.app.screen
        plates = self.plates()
        said = [(str(plate.score), dressing.SCORE) for plate in plates] + [(self.presenter.SCORE_UNIT, dressing.READ)]
        said += [(self.points_words(plate), dressing.READ) for plate in plates if plate.points is not None]
        return min(SCORE_W, max(screen.text_width(words, size) for words, size in said) + 18 + GROUP_GAP)

    def points_words(self, plate):
        """'+12 this hand' (or 'last hand' at the end), under a plate's score, in the
        game's words (the presenter's hand_points: 'lost 10 this hand')."""
        return self.presenter.hand_points(plate.points, self.interim)

    def card_size(self, screen, plates, area):
        """(card height, lines of caption) for every plate: cards as tall as `area` (a
        plate's) allows, but no taller than lets the most crowded plate show each card's
        index (a quarter of each card under the next at most); captions in two lines
        where one does not fit (the cards then a line lower)."""
        fits = [MAX_CARD_H]
        for plate in plates:
            count = sum(len(cards) for _, cards, *_ in plate.groups)
            if count:
                spare = area[2] - GROUP_GAP * (len(plate.groups) - 1)
                fits.append(spare / (1 + 0.75 * (count - 1)) * CARD_RATIO)
        for lines in range(1, CAPTION_MOST + 1):
            card_h = max(MIN_CARD_H, min(fits + [area[3] - CAPTION_H - CAPTION_LINE * (lines - 1)]))
            if all(self.caption_fits(screen, caption, width, lines) for plate in plates
                   for (caption, *_), width in zip(plate.groups, self.widths(screen, plate.groups, area[2], card_h)[0])):
                break
        return card_h, lines

    def widths(self, screen, groups, room, card_h):
        """(how wide each group of cards lies (logical), the gap between groups): wide
        enough for its caption and its cards a little apart where the room allows, else
        the overlap shared out evenly, every group's cards the same step apart (a caption
        wider than its cards keeping its line, or, where that leaves the cards less
        than HALF_STEP apart, two lines; where neither leaves them so far apart, the first
        that fits, the cards closer; where neither fits, each group its share), down to a
        step that still shows each card's index (the gap between groups narrower first,
        down to MIN_GROUP_GAP); never five cards in one card's room beside two cards lying
        apart under a long caption (walkA16 #15: 'Extra / credit / given' in three lines
        while two fitted, its cards a little closer). Cards side by side in a group with an
        outlined card lie as far apart as keeps felt between its outline and the next
        (spread.apart_step)."""
        card_w = card_h / CARD_RATIO
        words, longest, counts, aparts = [], [], [], []
        for caption, cards, *more in groups:
            words.append(screen.text_width(caption, dressing.BODY) + 8)
            longest.append(max(screen.text_width(word, dressing.BODY) for word in caption.split()) + 8
                           if caption else 0)
            counts.append(len(cards))
            outlined = bool(more) and any(more[0])
            aparts.append(spread_sprites.apart_step(screen.px(card_w), outlined) / screen.s)

        def spread(step, floors):
            return [max(floor, card_w + (n - 1) * (card_w * step if step < 1 else max(card_w * step, apart)) if n
                        else 0) for floor, n, apart in zip(floors, counts, aparts)]
        lines = [max(min(w, 200), most) for w, most in zip(words, longest)]
        wants, needs = spread(APART, words), spread(INDEX_STEP, lines)
        gaps = max(1, len(groups) - 1)
        gap = max(MIN_GROUP_GAP, min(GROUP_GAP, (room - sum(needs)) / gaps))
        room -= gap * (len(groups) - 1)
        if sum(wants) <= room:
            return wants, gap
        def widest(floors):
            low, high = INDEX_STEP, APART
            for _ in range(24):         # the widest step at which the groups fit
                step = (low + high) / 2
                low, high = (step, high) if sum(spread(step, floors)) <= room else (low, step)
            return low
        two = [self.two_lines(screen, caption, most) for (caption, *_), most in zip(groups, longest)]
        fitting = [floors for floors in (lines, two) if sum(spread(INDEX_STEP, floors)) <= room]
        floors = next((floors for floors in fitting if widest(floors) >= HALF_STEP), fitting[0] if fitting else None)
        if floors is not None:
            return spread(widest(floors), floors), gap
        spare = max(0.0, room - sum(needs))         # too crowded even so: each its share
        extra = sum(wants) - sum(needs) or 1
        widths = [n + spare * (want - n) / extra for n, want in zip(needs, wants)]
        return ([v * room / sum(widths) for v in widths] if sum(widths) > room else widths), gap

    @staticmethod
    def two_lines(screen, caption, longest):
        """The least width (logical) a caption fits in on two lines, from its longest word's."""
        width = longest
        while len(screen.wrap(caption, dressing.BODY, width - 8)) > 2:
            width += 6
        return width

    def _draw_plate(self, screen, plate, rect, left, shape, size):
        """One player's plate: place, name, how the score was made, the cards that made
        it, the score; the winner's lit gold. `shape`: (stacked, worded) as groups_area."""
        x, y, w, h = rect
        stacked, worded = shape
        lit = plate.won or plate.won_hand
        if plate.won:
            glow = self.celebration.glow() if self.celebration is not None else 0.35
            screen.panel((x - 4, y - 4, w + 8, h + 8), fill=palette.GOLD, alpha=int(60 + 120 * glow),
                         edge=None, radius=14)
        screen.panel(rect, fill=(44, 38, 14) if lit else palette.PANEL, alpha=225,
                     edge=palette.GOLD if lit else palette.PANEL_EDGE)
        colour = palette.GOLD if lit else palette.TEXT
        left = w - SCORE_W if stacked else left
        screen.text(plate.place, dressing.NAME, colour, (x + 16, y + 12))
        mark = "Winner" if plate.won else "Won the hand" if plate.won_hand else ""
        mark_w = screen.text_width(mark, dressing.LABEL) + 16 if mark else 0
        beside = screen.text_width(plate.name, dressing.NAME) + 8 + mark_w <= left - 80   # else under the name
        name_w = screen.text(plate.name, dressing.NAME, colour, (x + 70, y + 12),
                             width=left - 80 - (mark_w + 8 if mark and beside else 0))
        top = y + WORDS_TOP
        if mark:
            mx, my = (x + 70 + name_w + 8, y + 13) if beside else (x + 70, top)
            screen.panel((mx, my, mark_w, 26), fill=palette.GOLD, alpha=255, edge=None, radius=13)
            screen.text(mark, dressing.LABEL, palette.BUTTON_TEXT, (mx + mark_w / 2, my + 13), "center")
            top += 0 if beside else 32
        lines = screen.wrap(plate.how or "", dressing.BODY, left - 86)
        room = 1 if stacked else max(1, int((y + h - top - 4) // WORD_LINE))
        for line in lines[:room]:
            screen.text(line, dressing.BODY, palette.TEXT_DIM, (x + 70, top), width=left - 86)
            top += WORD_LINE
        score_x = x + w - 18
        score_w = screen.text(str(plate.score), dressing.SCORE, colour, (score_x, y + 10), "topright")
        unit = (score_x - score_w - 10, y + 22) if stacked else (score_x, y + 52)   # beside the score, or under it
        screen.text(self.presenter.SCORE_UNIT, dressing.READ, palette.TEXT_DIM, unit, "topright")
        if plate.points is not None:
            screen.text(self.points_words(plate), dressing.READ, colour, (score_x, y + (48 if stacked else 74)),
                        "topright")
        self._draw_groups(screen, plate.groups, self.groups_area(rect, left, stacked, worded), size)

    def _draw_groups(self, screen, groups, area, size):
        """The groups of cards side by side in `area`, each under its caption (in as many
        of `size`'s lines as it needs), the cards at `size`'s height, overlapping where
        they must; a card another player gave outlined (the presenter's notes say whose);
        the cards of a group that scores nothing struck out (walkA16 #15)."""
        x, y, w, _ = area
        card_h, most = size
        colourblind = self.app.settings.colourblind
        widths, gap = self.widths(screen, groups, w, card_h)
        lines = self.caption_lines(screen, groups, w, size)     # this plate's captions: on one line if they fit
        for (caption, cards, *more), width in zip(groups, widths):
            givers, struck = (more[0] if more else ()), len(more) > 1 and more[1]
            words = screen.wrap(caption, dressing.BODY, width - 8)
            if len(words) > lines:
                words = words[:lines - 1] + [" ".join(words[lines - 1:])]
            for i, line in enumerate(words):
                screen.text(line, dressing.BODY, palette.TEXT, (x, y + CAPTION_LINE * i), width=width)
            if cards:
                dressing.row(screen, cards, (x, y + CAPTION_H - 4 + CAPTION_LINE * (lines - 1)), card_h / CARD_RATIO,
                             card_h, width, colourblind, self.presenter.family, self.presenter.deck_back,
                             [i for i, giver in enumerate(givers) if giver], struck)
            x += width + gap
