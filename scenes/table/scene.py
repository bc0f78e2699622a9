"""The table: any game drawn from one seat's view, with its legal moves and the curtain.

A thin scene over the model of the table (scenes/table/model.py), which keeps what the
table shows and what it waits for. The scene turns the window's events into intents
(scenes/table/input.py): those of the pointer (hover, a card held or dragged, the
keyboard's item) it keeps, the others it hands to the model; after each event and each
frame it takes what the model changed: it lays the table out once (scenes/table/layout.py,
with the buttons of scenes/table/buttons.py), plays the model's beats (flights, toasts,
sounds, the die: scenes/table/motion.py, the model's stage), places the message, passes
notices to the menu and follows the model to another scene. It draws (scenes/table/draw.py,
and the coach of a lesson: scenes/table/coach_panel.py) what the model shows.

A click on a card plays it when one action fits; several-card actions work by selecting
cards and pressing the button that appears; actions without cards are buttons;
choices between arguments are small dialogs. Undo (a top button, or Ctrl+Z) takes the
person at the screen back as far as the Undo setting lets the session go.
"""
import pygame

from scenes.table import buttons, coach_panel, draw, intents, moves
from scenes.table.director import Director
from scenes.table.input import ACTIVATE, Laid, TableInput, key_legend, main_focus
from scenes.table.layout import CAPTION, REACH, TOP, Placed, cards_over, gap_between, keeps_margin, lay_out, lifted
from scenes.table.model import TableModel
from scenes.table.motion import Motion
from scenes.table.presenters import presenter_for
from scenes.table.state import Pointer
from scenes.table.timeline import Cue, Present
from scenes.widgets.base import Scene
from scenes.widgets.wake import BOT_DONE, NET_EVENT
from sprites import felt


def keep_hand_still(board, before):
    """While the viewer goes on playing, a card leaving the hand leaves the others where
    they lay on `before` (the layout before), as a re-sort never moves the card under the
    pointer: the next click where the next card was still finds it. The hand closes up
    once the turn has passed, when a card comes into it, when it is sorted otherwise or
    when the table is laid out at another size (and once the move that took the cards is
    done: see TableScene.hand_kept). Whether it kept the hand's cards where they lay."""
    hand = board.hand_cards()
    was = {id(p.card): p.rect for p in before.hand_cards() if p.face_up}
    order = [i for i in sorted(was, key=lambda i: was[i].x) if i in {id(p.card) for p in hand}]
    if (not hand or before.hand_key != board.hand_key
            or before.boxes.get(before.hand_key) != board.boxes.get(board.hand_key)
            or not all(p.face_up and id(p.card) in was for p in hand)
            or order != [id(p.card) for p in sorted(hand, key=lambda p: p.rect.x)]):
        return False
    for p in hand:
        p.rect.x = was[id(p.card)].x
    return True


class TableScene(Scene):
    """Shows a session's table as its model keeps it, and hands the model the person's
    intents."""

    def startup(self, persist):
        session = persist["session"]
        self.motion = Motion()
        self.model = TableModel(session, persist.get("director") or Director(), presenter_for(session.info),
                                self.app.settings, persist.get("viewer"), persist.get("anchor"),
                                persist.setdefault("curtains", []), persist.get("events_seen", 0),
                                persist.get("scores_due", False), stage=self.motion)
        self.pointer = Pointer()
        self.input = TableInput()
        self.static = draw.Layer()
        self.drawn = None           # what the last frame drawn showed (see shown)
        self.log_kept = (None, [])   # the log's entries as last made, and what they were made for
        self.top_span = (0, 0)       # where the top bar's words start and end, as last drawn
        self.taken = [None, 0, 0, 0]   # what of the model was taken: version laid out, changes, said, refocus
        self.laid_out = None         # the last layout whole (self.laid holds back its moves while cards fly)
        self.typed = []              # the keys of a move typed while its cards still fly (see typed_ahead)
        self.refocus_due = False     # the keyboard goes to the main item once the moves held back are offered
        self.step_taken = None       # the step of a line's reveal laid out last (its cards flip when it comes)
        self.pointer_at = None       # where the pointer last was on the table (None before it moved)
        self.cut_facts = []          # the side panel's readouts shortened: [(rect, whole words)] (draw.side_panel)
        self.hand_mark = None        # (the moves made here, the coach's step) as the table was last laid out
        self.hand_done = True        # the move that took cards from the hand is done (see hand_kept)
        self.hand_gapped = False     # the hand as laid out lies otherwise than afresh (keep_hand_still)
        super().startup(persist)
        self.sync()

    def cleanup(self):
        self.persist.update(self.model.kept())
        return self.persist

    @property
    def board(self):
        """Where every card lies (the last layout's Board)."""
        return self.laid.board

    # ---- the model's changes, taken ---------------------------------------------------------
    def sync(self):
        """Take what the model changed: lay the table out again, play its beats, place its
        message, pass its notices on, follow it off the table."""
        model = self.model
        version, changes, said, _ = self.taken
        before, boxes, hidden = {}, {}, set()
        if model.version != version:
            before = {id(p.card): p.rect for p in self.board.placed if p.card is not None}
            boxes = dict(self.board.boxes)
            hidden = {(p.zone, p.index) for p in self.board.placed if not p.face_up}
            self.layout()
            self.flip_revealed(hidden)
        elif model.ui.said != said:
            self.place_message()
        for beat in model.take_beats():
            if isinstance(beat, Present):
                before_change = beat.after_change
                self.motion.start(beat.events, beat.seen_by, model.presenter, model.event_words,
                                  before if before_change else {}, [boxes if before_change else {}, self.board.boxes],
                                  self.app.settings.move_seconds, self.app.sounds.play, beat.view, beat.called,
                                  [p for p in self.board.placed if p.face_up and (p.zone, p.index) in hidden])
            elif isinstance(beat, Cue):
                self.app.sounds.play(beat.name)
            else:
                self.motion.clear()
                self.motion.die_value = beat.die
        for notice in model.take_notices():
            self.app.notice(notice)
        if model.leaving is not None:
            self.follow(model.leaving)
        self.offer()
        if model.changes != changes:
            self.dirty = True
        self.taken[1:3] = model.changes, model.ui.said

    def offer(self):
        """The moves and Continue the last layout made are offered (drawn, clickable and
        walked by the keyboard) once the model offers them (see TableModel.offering: the
        moves once every card shown has landed, Continue once the outcome's callouts have
        gone too), and held back again while cards fly anew (a line's cards turning over):
        the same buttons in the same places, the table not laid out again. The keyboard
        stays on its item, or, as they come, goes where the layout sent it (unless the
        person has moved it since)."""
        laid, whole = self.laid, self.laid_out
        landed = self.on_offer(whole.cover)
        if landed == (laid is whole):
            return
        pointer = self.pointer
        items, focus = laid.cards + laid.widgets, pointer.focus
        kept = items[focus % len(items)] if items and focus is not None else None
        self.laid = whole if landed else self.held_back(whole)
        self.widgets = self.laid.widgets
        if landed and self.refocus_due:
            pointer.focus = main_focus(whole, bold=self.model.presenter.BOLD)
            self.refocus_due = False
        elif kept is not None:
            pointer.focus = next((i for i, item in enumerate(self.laid.cards + self.laid.widgets) if item is kept),
                                 None)
            self.refocus_due = self.refocus_due or pointer.focus is None    # on a button held back: back as it comes
        self.dirty = True
        if landed and self.typed:      # the keys typed while the cards flew, taken as they land
            typed, self.typed = self.typed, []
            for event in typed:
                self.handle_event(event)

    def typed_ahead(self, event):
        """Is `event` a key of a move (a lane's number, Enter or Space not on a button) typed while
        the moves of the viewer's turn are held back for cards still flying? It is kept and
        taken once they land, as though typed then (see offer)."""
        whole, laid, focus = self.laid_out, self.laid, self.pointer.focus
        if event.type != pygame.KEYDOWN or whole is None or laid is whole or not whole.playing or whole.cover:
            return False
        items = laid.cards + laid.widgets
        on_card = focus is None or not items or items[focus % len(items)] in laid.cards     # not on a button
        return pygame.K_1 <= event.key <= pygame.K_9 or event.key in ACTIVATE and on_card

    def on_offer(self, cover):
        """Are the moves and Continue of a layout under `cover` offered now (see offer)?"""
        return cover not in ("", "hold") or self.model.offering()

    def held_back(self, laid):
        """`laid` while its cards still fly: no move to play, nor any button of one or
        Continue (see offered)."""
        return laid._replace(playing=False, widgets=[w for w in laid.widgets if not self.offered(w)])

    def flip_revealed(self, hidden):
        """A new step of a line's reveal: the cards it turns face up (those `hidden`
        before) flip where they lie."""
        step = self.model.shown_step
        if step == self.step_taken:
            return
        self.step_taken = step
        if step is not None:
            self.motion.flip([p for p in self.board.placed if p.face_up and (p.zone, p.index) in hidden],
                             self.app.settings.move_seconds)

    def follow(self, go):
        """Leave the table as the model's Go says."""
        self.model.leaving = None
        if go.notice:
            self.app.notice(go.notice)
        if go.end_network:
            self.app.end_network()
        self.go(go.scene, **go.persist)

    # ---- layout ----------------------------------------------------------------------------
    def layout(self):
        """Lay the table out once from the model's read: the cards (with the director's
        marks), the buttons, a choice, the curtain or the director's end; after a change,
        the keyboard goes to the main item."""
        screen, model = self.app.screen, self.model
        state, view, marks, act = model.ui, model.view, model.marks, model.do
        self.taken[0] = model.version
        playable, picks = moves.choosable(model.legal, view, model.presenter)
        hinted = {c.name for c in state.hint.cards} if state.hint is not None else set()
        hinted.add(moves.pick_of(state.hint, view, model.presenter))
        if marks.buttons is not None:       # a face-down card stands for its picks, as a choice's option
            hinted |= {slot for slot, fits in picks.items() if marks.buttons(fits, True)}
        playing = model.my_turn()
        board = lay_out(view, model.presenter, model.looking.anchor, model.names, (screen.lw, screen.lh),
                        screen.text_width, playable, hinted | set(marks.cards), state.selection,
                        self.app.settings.hand_order, picks,
                        playing and moves.card_to_play(model.legal, view, model.presenter, model.names), screen.s)
        held = self.pointer.hovered
        if held is not None and held.zone == board.hand_key and self.pointer.drag_pos is None:
            board.hold_still(held.card, held.rect.x, model.presenter.sizes.index)
        kept, afresh = self.hand_kept(board), [p.rect.x for p in board.hand_cards()]
        self.hand_gapped = bool(playing and self.laid_out is not None and self.laid_out.playing and kept
                                and keep_hand_still(board, self.laid_out.board)
                                and afresh != [p.rect.x for p in board.hand_cards()])
        for p in board.placed:
            p.hinted = p.hinted or (p.zone, p.index) in marks.spots
        top, title_right = buttons.top_buttons(screen, board.table_w, model.director.top_buttons(model.seen),
                                               model.undo_offered(), model.can_undo(), playing,
                                               model.session.busy(), act)
        cards, dialog_rect = board.focus_cards(), None
        if model.looking.curtain is not None:
            cover, cards = "curtain", []
            widgets = buttons.curtain_buttons(screen, self.curtain_taker(), model.curtain_words()[1], act)
        elif model.over:              # the top bar's words still end where its buttons were
            cover, cards, top = "over", [], []
            self.ending = model.director.end(model.seen)
            self.summary = coach_panel.Summary(screen, self.ending.words, self.ending.rules, self.ending.later,
                                               len(self.ending.choices))
            widgets = buttons.end_buttons(self.summary.button_rects, self.ending.choices, act)
        elif model.hold.wait:
            cover, cards = "hold", []
            widgets = [buttons.continue_button(board.table_w, screen.lh, act)] + top[::-1]
        elif state.dialog:
            cover = "dialog"
            on_table = [(p.rect, p.face_up) for p in board.placed] + [
                (r, True) for r in draw.readable(screen, board, self.plates(view))]
            dialog_rect, widgets = buttons.dialog_buttons(state.dialog.options, board.table_w, screen.lh, on_table,
                                                          model.presenter.swatch, state.hint, act)
            buttons.alike(screen, widgets[:-1])
        else:
            cover = ""
            offered = () if model.my_turn() and model.ends_by_itself() else model.legal   # it ends by itself
            entries = moves.button_entries(offered, state.selection, model.presenter, model.names, view)
            widgets = buttons.action_buttons(entries, board.table_w, screen.lh, self.hint_on_buttons(board),
                                             model.director.buttons(model.seen), act)
            widgets += top[::-1]          # Menu last: Enter never leaves by default
        if marks.buttons is not None:
            for widget in widgets:
                actions = getattr(widget, "actions", None) or ()
                widget.marked = widget.marked or marks.buttons(actions, cover == "dialog")
        bubble = None
        targets = [p.rect for p in board.placed if p.hinted] + [w.rect for w in widgets if w.marked] + [
            r for r in (board.anchor_rect(anchor, widgets) for anchor in marks.targets) if r is not None]
        if marks.bubble is not None and not cover:
            bubble = self.bubble(screen, board, widgets, targets, view, marks)
        self.laid = self.laid_out = Laid(board, cards, widgets, top, cover, model.legal, playing, view,
                                         model.looking.viewer, model.presenter, model.session.why_illegal,
                                         dialog_rect, title_right, bubble, tuple(state.selection), tuple(targets),
                                         state.hint, state.just_placed, tuple(model.names))
        if not self.on_offer(cover):     # cards still to land, an outcome's callouts still to go: held back
            self.laid = self.held_back(self.laid)
        self.widgets = self.laid.widgets
        self.place_message()
        self.settle_pointer()
        self.dirty = True

    def hint_on_buttons(self, board):
        """The hint a button is marked for: one ring at a time, so while a card of the
        hint's move lies ringed and not yet picked (the keyboard on it), the button that
        makes the same move is not ringed beside it; once its cards are picked, the
        button that makes their move is."""
        hint = self.model.ui.hint
        if hint is None or any(p.hinted and not p.selected for p in board.focus_cards()):
            return None
        return hint

    def hand_kept(self, board):
        """May the hand laid out anew (`board`) keep the places of the cards that left it
        (keep_hand_still)? While the move that took them goes on (cards clicked one by one
        into an assignment being built, or set in lanes: they lie at the person's own
        places), so the next click still finds its card, while the pointer is on the hand
        or on the lanes it sets cards in (in_hand): once it leaves them, still building,
        the hand closes up (walkC16 #3: a hole kept after the pointer went away read as a
        card missing); never after cards left for a place not theirs (played on the pile:
        a burn's next play finds a hand closed up, no hole where the cards were); once a
        move is made that takes no card of the hand (the move done: the assignment
        submitted) or the coach's step moves on, the hand closes up as soon as the
        pointer is off the hand. While the keyboard is used it closes up at once, as each
        card leaves: the places kept are for the pointer's next click, and keys walk the
        cards as they lie."""
        model = self.model
        mark = (model.ui.moves_made, model.director.step(model.seen))
        before = self.laid_out.board.hand_cards() if self.laid_out is not None else []
        left = {id(p.card) for p in before} - {id(p.card) for p in board.hand_cards()}
        if left:            # into a move that goes on at the person's own places, or gone for good
            self.hand_done = not any(id(p.card) in left for p in board.placed
                                     if p.zone in board.own_zones and p.zone != board.hand_key)
        elif mark != self.hand_mark:
            self.hand_done = True
        self.hand_mark = mark
        return self.in_hand()

    def in_hand(self):
        """Is the pointer over the hand's row as last laid out (its cards and the places
        between them), or, while the move that took cards from it goes on, over the lanes
        it sets them in and the way between (a card and then its lane are clicked, again
        and again)? Never while the keyboard is used."""
        if self.app.keyboard or self.pointer_at is None or self.laid_out is None:
            return False
        board = self.laid_out.board
        rects = [pygame.Rect(p.rect) for p in board.hand_cards()]
        if board.hand_key in board.boxes:
            rects.append(pygame.Rect(*map(int, board.boxes[board.hand_key])))
        if not self.hand_done:
            rects += [pygame.Rect(*map(int, area)) for area in board.areas]
        return bool(rects) and rects[0].unionall(rects[1:]).collidepoint(self.pointer_at)

    def bubble(self, screen, board, widgets, targets, view, marks):
        """The director's bubble placed (see draw.place_bubble), pointing at its anchor, or
        at another it may point at instead (`marks.also`: another card of the move it
        marks) where only that one's arrow keeps clear of the cards (layout.keeps_margin),
        a short arrow (within REACH) before a long one; None where none is on the table."""
        model, words = self.model, marks.bubble[0]
        placed, far = [], None
        for anchor in (marks.bubble[1], *marks.also):
            read = []           # the coach's panel's other words, round a row of it
            if anchor.startswith(("score:", "fact:")):     # a row of the coach's panel, as it tells it landed
                target, read = coach_panel.anchor_rects(screen, anchor, model.director.side(model.seen),
                                                        model.landed_view(), model.presenter, model.names)
            else:
                target = board.anchor_rect(anchor, widgets)
            if target is None:
                continue
            plates = self.plates(view)
            others = [w.rect for w in widgets if w.rect != target] + draw.readable(screen, board, plates)
            others += read
            others += [p.rect for p in board.placed if p.face_up and p.rect != target]    # cards to read
            bounds = (10, TOP, board.table_w - 10, screen.lh - TOP - 10)
            keep = [r for r in targets + self.own_rects(board, view) if r != target]
            cards = [p.rect for p in board.placed if p.rect != target]
            bubble = draw.place_bubble(screen, words, target, bounds, others, keep, cards,
                                       draw.plate_rects(screen, board, plates))
            if bubble is not None and keeps_margin(bubble.box, bubble.tip, target, cards):
                if gap_between(bubble.box, pygame.Rect(target)) <= REACH:
                    return bubble
                far = far or bubble
            placed.append(bubble)
        return far or next((bubble for bubble in placed if bubble is not None), None)

    @staticmethod
    def offered(widget):
        """Is `widget` one the table offers only once the cards shown have landed (a move's
        button, Continue)?"""
        return getattr(widget, "actions", None) is not None or getattr(widget, "label", None) == "Continue"

    def own_rects(self, board, view):
        """The rects of what is the viewer's own on the table, which a bubble leaves in
        sight: their hand's cards, their cards on the table (face up or in reserve) and
        their name plate."""
        rects = [p.rect for p in board.placed if p.zone == board.hand_key or p.zone in board.own_zones]
        return rects + self.own_plate(board, view)

    def own_plate(self, board, view):
        """The rect of the viewer's own name plate, in a list ([] where none is laid)."""
        anchor = self.model.looking.anchor
        if anchor not in board.plates:
            return []
        return [draw.plate_rect(self.app.screen, board.plates[anchor], *self.plates(view)[anchor])]

    def plates(self, view):
        """Each seat's name plate as `view` shows it (see draw.plate_words)."""
        model = self.model
        return draw.plate_words(view, model.names, [seat.human for seat in model.session.seats],
                                model.looking.viewer, model.session.thinking(), model.told_statuses(view),
                                model.plates_view())

    def settle_pointer(self):
        """After a layout: the card under the pointer (unless it moved away), and the
        keyboard on a choice's marked option, or on the main item after a change (once the
        moves or Continue are offered: as they come, or laid out again already offered)."""
        pointer, laid, state = self.pointer, self.laid, self.model.ui
        if pointer.hovered is not None:
            was = pointer.hovered
            pointer.hovered = next((p for p in laid.board.placed if p.zone == was.zone and (
                p.card is was.card if p.face_up else p.index == was.index and p.raised)), None)
        if laid.cover == "dialog":
            if pointer.dialog is not state.dialog:
                pointer.dialog, pointer.dialog_focus = state.dialog, main_focus(laid, state.dialog.default)
        elif state.refocus != self.taken[3] or self.refocus_due and laid is self.laid_out:    # or offered as laid out
            self.taken[3] = state.refocus
            self.refocus_due = laid is not self.laid_out        # sent there once the moves are offered
            pointer.focus = None if self.refocus_due else main_focus(laid, bold=self.model.presenter.BOLD)

    def place_message(self):
        """Where the message goes: clear of the cards it is about, those it names and the
        director's bubble (a hint's, of the viewer's own cards and places too) and of the
        places a card may be put (place_targets); where a place can, clear of every card
        face up on the table (the cards set, whose faces the person reads and compares),
        then of every caption and name plate too (what says what lies where, as a callout
        keeps clear of it), first of the others' cards face down too (walkB16 #4: the lane
        prompt lay over Theo's Stack and Line cards, as if it spoke of them);
        as near the hand as a place is clear, its lines narrower where that brings it
        nearer."""
        state, board = self.model.ui, self.laid.board
        if not state.message:
            return
        ids = {id(c) for c in state.message_about}
        words = state.message.lower()
        avoid = [p.rect for p in board.placed
                 if p.face_up and (id(p.card) in ids or moves.card_name(p.card).lower() in words)
                 or state.message_hint and (p.hinted or p.zone in board.own_zones)]
        if state.message_hint:          # nor the places of the viewer's own cards, empty or not, nor their captions
            avoid += [pygame.Rect(int(x), int(y) - CAPTION, int(w), int(h) + CAPTION) for key, (x, y, w, h)
                      in board.boxes.items() if key in board.own_zones and key != board.hand_key]
        if self.laid.bubble is not None:
            avoid.append(self.laid.bubble.box)
        if self.laid.dialog_rect is not None:      # clear of a choice open too: its words read beside it
            avoid.append(pygame.Rect(*map(int, self.laid.dialog_rect)))
        screen = self.app.screen
        dead = self.open_lanes() & self.model.presenter.dead_lanes(self.model.view)
        avoid += draw.dead_label_rects(screen, board, dead)   # nor the words on the dead lanes the card may go to
        if self.open_lanes():           # nor the lanes' captions, whose numbers a picked card's note asks for
            lanes = [pygame.Rect(*map(int, area)) for area in board.areas]
            avoid += [r for r in draw.caption_rects(screen, board) if r.collidelist(lanes) >= 0]
        avoid += self.place_targets()
        faces = [p.rect for p in board.placed if p.face_up and p.zone != board.hand_key]
        backs = [p.rect for p in board.placed if not p.face_up and p.zone != board.hand_key]
        readable = draw.readable(screen, board, self.plates(self.model.view))
        for tier in (avoid + faces + backs + readable, avoid + faces + readable, avoid + faces, avoid):
            placed = []
            for board.message_wrap in board.message_wraps():
                width = draw.message_width(screen, board, state.message)
                height = draw.message_height(screen, board, state.message)
                spot = board.message_spot(width, tier, height)
                box = pygame.Rect(int(spot[0]), int(spot[1]), int(width), int(height))
                placed.append((box.collidelist(tier) < 0, box.bottom, -len(placed), board.message_wrap, spot))
            if max(placed)[0]:
                break
        *_, board.message_wrap, self.pointer.message_spot = max(placed)   # clear, nearest the hand, widest

    def place_targets(self):
        """Where the person may put a card now (the table's rule: what the enlarged card
        and a message never cover): the lanes the card picked may go to, or with none
        picked, every lane a move of theirs puts a card in; none until the moves are
        offered."""
        if not self.open_lanes() and (self.laid is not self.laid_out or not self.model.my_turn()):
            return []
        model, board = self.model, self.laid.board
        lanes = self.open_lanes() or {a.arg for a in model.legal if a.kind in model.presenter.LANE_ARGS}
        return [pygame.Rect(*map(int, area)) for lane, area in zip(board.lanes, board.areas) if lane in lanes]

    # ---- time ------------------------------------------------------------------------------
    def busy(self):
        return self.model.busy()

    def update(self, dt):
        self.model.catch_up()
        self.sync()
        moving = self.motion.busy()
        self.motion.update(dt)
        self.dirty = self.dirty or moving
        self.model.step(dt)
        self.sync()
        if not self.dirty and not self.busy() and self.stale():
            self.dirty = True

    # ---- input -----------------------------------------------------------------------------
    def handle_event(self, event):
        if event.type in (BOT_DONE, NET_EVENT):
            self.dirty = True
            return
        if self.typed_ahead(event):
            self.typed.append(event)
            return
        ring = self.app.ring_was_shown      # the keyboard's ring was shown before this key (keys used before the table too)
        if self.app.keyboard != self.model.keys:
            self.act(intents.Keys(self.app.keyboard))
        pos = self.app.screen.logical(event.pos) if hasattr(event, "pos") else None
        if pos is not None:
            if draw.fact_under(self.cut_facts, pos) != draw.fact_under(self.cut_facts, self.pointer_at):
                self.dirty = True       # onto or off a shortened readout: shown whole, or no more
            self.pointer_at = pos
            if self.hand_gapped and not self.in_hand():    # off the hand (walkC16 #3: while building too)
                self.layout()
        held = self.laid.cover == "hold" and self.laid is not self.laid_out   # the outcome's cards still fly
        calling = bool(self.model.timeline.callouts) or held
        for intent in self.input.read(event, pos, self.laid, self.pointer, calling, ring):
            if isinstance(intent, intents.POINTER):
                self.point(intent)
                self.sync()
            else:
                self.act(intent)
            self.dirty = True

    def act(self, intent):
        """Hand the model one of the person's intents and take what it changed."""
        self.model.do(intent)
        self.sync()

    def point(self, intent):
        """The pointer's intents: a button pressed, the keyboard moved, the card or button
        under the pointer, a card grabbed, dragged or dropped."""
        pointer, kind = self.pointer, type(intent)
        if kind is intents.Press:
            if intent.focus is not None:
                self.set_focus(intent.focus)
            intent.button.activate()
        elif kind is intents.Focus:
            self.set_focus(intent.index)
        elif kind is intents.Hover:
            pointer.hovered = intent.placed
        elif kind is intents.HoverButton:
            pointer.hover_button = intent.button
        elif kind is intents.Grab:
            pointer.press = (intent.placed, intent.pos)
        elif kind is intents.Drag:
            pointer.drag_pos = intent.pos
        else:
            pointer.press = pointer.drag_pos = None

    def set_focus(self, index):
        """The keyboard goes to item `index` (of a choice's options, while one is open)."""
        if self.laid.cover == "dialog":
            self.pointer.dialog_focus = index
        else:
            self.pointer.focus = index
            self.refocus_due = False        # the person put it there: the moves offered leave it

    def focus_item(self):
        """The placed card or widget where the keyboard is (None without a keyboard)."""
        items = self.laid.cards + self.laid.widgets
        focus = self.pointer.focus
        return items[focus % len(items)] if self.app.keyboard and items and focus is not None else None

    # ---- drawing ---------------------------------------------------------------------------
    def invalidate(self):
        """Paint the cached layer afresh at the next frame (as a change of layout would)."""
        self.static.invalidate()
        self.dirty = True

    def draw(self, screen):
        surf = screen.surface
        laid, model, pointer = self.laid, self.model, self.pointer
        focus, hover = self.focus_item(), pointer.hover_button
        if model.looking.curtain is not None:
            surf.blit(felt.image(*surf.get_size()), (0, 0))
            draw.curtain(screen, model.session.name(model.looking.curtain), *model.curtain_words(),
                         buttons.take_back_label(screen, self.curtain_taker())[1])
            for widget in laid.widgets:
                widget.draw(screen, focused=widget is focus, hovered=widget is hover)
            return
        flying = self.motion.hidden()
        up = lifted(pointer, laid.board, focus if isinstance(focus, Placed) else None)
        over = [p for placed, rect in up if pointer.drag_pos is None and rect.w == placed.rect.w
                for p in cards_over(laid.board, placed, rect)]         # drawn over the lifted card
        key = self.static_key(flying, up)
        self.drawn = self.shown(key)
        look = draw.Look(model.presenter, model.view, self.app.settings.colourblind)
        if self.static.stale(screen, key):
            with self.static.painting(screen):
                self.draw_static(screen, look, flying, focus, [placed for placed, _ in up] + over)
        self.static.show(screen)
        for button in laid.top:
            button.draw(screen, focused=button is focus, hovered=button is hover)
        for placed, rect in up:
            landed = not draw.in_flight(placed, flying)
            if landed:
                draw.lifted(screen, placed, look, rect, placed is focus, laid is self.laid_out)
            draw.over_lifted(screen, laid.board, over, look, flying, focus, laid is self.laid_out)
            if landed and placed.face_up and pointer.drag_pos is None:
                said = [draw.message_box(screen, laid.board, model.ui.message, pointer.message_spot)
                        ] if model.ui.message else []
                bubble = [laid.bubble.box, laid.bubble.target] if laid.bubble is not None else []
                draw.enlarged(screen, placed, look, laid.board, model.presenter.zoom_size(), screen.lh - 8,
                              self.needed(placed) + said + bubble, bubble + self.read_on_table(),
                              model.presenter.card_note(placed.card, model.view),
                              placed.dimmed and laid is self.laid_out)
        draw.flights(screen, self.motion, laid.board, look, model.presenter.sizes.centre)
        draw.die(screen, self.motion, laid.board, model.presenter.die_face(model.view, self.motion.die_value))
        draw.message(screen, laid.board, model.ui.message, pointer.message_spot)
        held = self.held_outcomes()
        if held:
            draw.outcomes(screen, laid.board, held, self.won(), flying)
        call = model.timeline.callout
        note = None if model.over else self.motion.toast()     # the end covers the table: no note stays over it
        if note is not None or call is not None:               # both keep to one rule: draw.callout's
            hand = laid.board.boxes.get(laid.board.hand_key)
            keep_clear = ([w.rect for w in self.laid_out.widgets] + list(laid.targets)     # a button to come too
                          + ([hand] if hand is not None else [])
                          + ([laid.bubble.box] if laid.bubble is not None else []))
            plates = self.plates(model.view)
            results = dict(zip(laid.board.lanes, laid.board.results))
            keep_read = draw.readable(screen, laid.board, plates) + [    # and each lane's result told
                results[outcome.lane] for outcome in held if outcome.lane in results] + (
                [draw.message_box(screen, laid.board, model.ui.message, pointer.message_spot)]    # and the note
                if model.ui.message else [])        # (walkA17 #7: 'Lena's exam graded' over 'Game over: ...')
            cards = [p.rect for p in laid.board.placed]
            faces = [p.rect for p in laid.board.placed if p.face_up]
        if note is not None:
            draw.toast(screen, self.motion, self.top_span, laid.title_right, not model.my_turn(), laid.board,
                       keep_clear, keep_read, cards, plates)
        if call is not None:
            draw.callout(screen, laid.board, call, model.timeline.held(), keep_clear, keep_read, cards, faces)
        if laid.cover == "dialog":
            draw.dialog(screen, laid.dialog_rect, model.ui.dialog.title, laid.widgets, pointer.dialog_focus, hover,
                        self.app.settings.colourblind)
        else:
            for widget in laid.widgets:
                widget.draw(screen, focused=widget is focus, hovered=widget is hover)
            if laid.bubble is not None and model.settled():     # never at what is still on its way
                draw.bubble(screen, laid.bubble)
        fact = draw.fact_under(self.cut_facts, self.pointer_at)
        if fact is not None and laid.cover != "dialog":
            draw.whole_fact(screen, *fact)
        if model.over:
            coach_panel.summary(screen, self.summary, self.ending.title, laid.widgets, focus, hover)

    def static_key(self, flying, up):
        """What the cached layer of the table is drawn from (`flying`: the cards in flight,
        `up`: the cards lifted): when it changes, the layer is painted again."""
        model, pointer, laid = self.model, self.pointer, self.laid
        return (model.version, pointer.focus, self.app.keyboard, model.session.thinking(),
                self.app.screen.surface.get_size(), self.app.settings.colourblind, model.ui.log_scroll,
                draw.flying_key(flying), model.told(), model.settled(), model.panel_before is None,
                tuple(id(placed) for placed, _ in up), laid is self.laid_out)

    def shown(self, key):
        """All a frame shows, in short: the cached layer's `key`, the top bar's words, the
        message, the callout, the note and the readout shown whole by the pointer."""
        model = self.model
        call = model.timeline.callout
        return (key, model.prompt(), model.ui.message, call and call.words, self.motion.toast(),
                draw.fact_under(self.cut_facts, self.pointer_at))

    def curtain_taker(self):
        """The name of the one who passed the device, while they may take their move back
        from behind the curtain (else None)."""
        model = self.model
        return model.session.name(model.looking.shown) if model.can_undo() else None

    def stale(self):
        """Would a frame drawn now show other than the last one drawn (a computer begun
        thinking, a pause ended, a change told while nothing moved)? The app draws only when
        something moves or changes: this keeps an idle table from showing a past moment."""
        if self.model.looking.curtain is not None:
            return False
        focus = self.focus_item()
        up = lifted(self.pointer, self.laid.board, focus if isinstance(focus, Placed) else None)
        return self.shown(self.static_key(self.motion.hidden(), up)) != self.drawn

    def keys_named(self):
        """The keys that work now, named at the foot of the side panel while the person
        uses the keyboard (see input.key_legend); none with the mouse."""
        if not self.app.keyboard:
            return []
        return key_legend(self.laid, self.pointer, self.model.can_undo())

    def read_on_table(self):
        """What says who sits where and what lies there (every name plate and caption, see
        draw.readable, and every face-up card), which the enlarged card leaves in sight
        where it can."""
        board = self.laid.board
        return (draw.readable(self.app.screen, board, self.plates(self.model.view))
                + [p.rect for p in board.placed if p.face_up])

    def open_lanes(self):
        """The lanes the card picked may go to, once the moves are offered (else none)."""
        if self.laid is not self.laid_out:
            return frozenset()
        model = self.model
        return moves.open_lanes(model.legal, model.ui.selection, model.presenter)

    def needed(self, placed):
        """What the person needs to see or click, which the enlarged copy of `placed` never
        covers (else it is not shown): what they are told to click, every card a move may
        take or picked for one, where a card may be put (place_targets), the buttons, the shared
        zones (the piles, the Board) with their captions, the hand, the person's own name
        plate and the die."""
        laid, model = self.laid, self.model
        board = laid.board
        owners = model.presenter.owners(model.view)
        lanes = self.place_targets()
        shared = [pygame.Rect(int(x), int(y - CAPTION), int(w), int(h + CAPTION))
                  for key, (x, y, w, h) in board.boxes.items()
                  if owners.get(key, "") is None or key == board.hand_key and board.hand_cards()]
        marked = [p.rect for p in board.placed if (p.raised or p.selected) and p is not placed]
        die = draw.die_rect(board)
        return ([r for r in laid.targets if r != placed.rect] + marked + lanes
                + [w.rect for w in self.laid_out.widgets] + shared + self.own_plate(board, model.view)
                + ([die] if die is not None else []))

    def log_lines(self):
        """The model's log entries, made again only when the model or what has landed
        changed (a repaint for the pointer alone reuses them)."""
        model = self.model
        key = (model.version, model.told(), model.looking.viewer)
        if self.log_kept[0] != key:
            self.log_kept = (key, model.log_lines())
        return self.log_kept[1]

    def held_outcomes(self):
        """The outcomes held on the table that are shown now: the banner once nothing is
        called out any more; while a line is revealed step by step, only the results of
        the lanes already told."""
        held, step = self.model.hold.outcomes, self.model.shown_step
        if self.model.timeline.callouts:
            held = [o for o in held if o.lane is not None]
        return held if step is None else [o for o in held if o.lane is not None and o.lane < step[0]]

    def won(self):
        """The zones on the table of the seat the banner's outcome favours (ringed)."""
        model = self.model
        banner = model.hold.outcome
        if banner is None or banner.seat is None:
            return set()
        owners = model.presenter.owners(model.view)
        return {z.key for z in model.view.zones if z.kind != "hand" and owners.get(z.key) == banner.seat}

    def draw_static(self, screen, look, flying, focus, up):
        """What changes only with the layout (and a card landing, or one taken up), into
        the cached layer: the felt, the top bar, the seats, the cards but those `up` (drawn
        over the layer: raised or dragged, and those lying over a raised one) and the side
        panel (or the coach's)."""
        model = self.model
        screen.surface.blit(felt.image(*screen.surface.get_size()), (0, 0))
        self.top_span = draw.top_bar(screen, model.title(), model.prompt(), self.laid.title_right)
        plates, panel, offered = self.plates(model.view), model.panel_view(), self.laid is self.laid_out
        draw.felt_and_seats(screen, self.laid.board, plates, self.open_lanes(),
                            model.presenter.dead_lanes(model.view), {z.key: z.count for z in panel.zones})
        draw.cards(screen, self.laid.board, look, focus, flying, up, offered)
        side = model.director.side(model.seen)
        if side is None:
            self.cut_facts = draw.side_panel(screen, panel, model.presenter, model.names, model.session.seed,
                                             "Moves", self.log_lines(), draw.lit_seat(plates),
                                             model.ui.log_scroll, readouts=not model.dealing(),
                                             keys=self.keys_named())
        else:
            self.cut_facts = []
            rows = coach_panel.facts_rows(panel, model.presenter, model.names, readouts=not model.dealing(),
                                          lit=draw.lit_seat(plates))
            coach_panel.panel(screen, side.paragraphs, side.reply, rows, side.progress, side.keys, self.keys_named())
