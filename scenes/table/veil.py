"""What the table keeps from view until it has been shown (no pygame): a die's face while
it tumbles, the later cards of a line revealed step by step, the scores of a count-up,
and the words (the side panel, where the game stands, the log's count) that would run
ahead of the cards in flight or of an outcome held.

`Veiling` is the model of the table's side of it (scenes/table/model.py mixes it in):
the view shown veiled, the callouts of a change and the steps of a reveal, a skip, the
die's last roll, and the view the words tell.
"""
from game.core import SharedEvent
from game.presenter import agree


class Veiling:
    """The veil over the table the model shows (see the module's docstring)."""

    def veiled(self, view):
        """The table as it is shown while a line is revealed step by step (the later
        cards of the line face down, the panel as it stood before: the presenter's
        `veiled_step`), or while a count-up is called out (the scores as they stood, but
        those the table has told),
        and while a die rolled still tumbles (its face told nowhere, no move offered
        yet: the presenter's `veiled_roll`), else `view`."""
        self.rolled = self.speed() > 0 and self.timeline.rolling()      # at Instant nothing tumbles
        if self.rolled:
            view = self.presenter.veiled_roll(view)
        step = self.shown_step = self.timeline.revealing() if self.before_reveal is not None else None
        if self.held_back and self.timeline.pending:
            view = self.unshown(view)
            if self.held_facts is not None:
                view = view._replace(facts=self.presenter.facts_ended(view.facts, self.held_facts))
        if step is None:
            hide = self.before_reveal is not None and self.timeline.hiding_scores()
            return view._replace(scores=self.scores_as_told(view.scores, self.before_reveal.scores)) if hide else view
        return self.presenter.veiled_step(view, self.before_reveal, step, self.looking.viewer,
                                          self.looking.anchor, self.names)

    def scores_as_told(self, scores, before):
        """`scores` as the words tell them while the last change is still being told (a
        count-up called out, callouts keeping events from the log): each seat's as it
        stood `before` the change, but for a seat whose new score the table has told
        since (a score event of the change landed, its callout gone, the log saying it),
        seat by seat as a grading or a count is called out."""
        told = self.change_told()
        scored = {event.seat for event in told if event.kind == "score"}
        return tuple(score if seat in scored else was for seat, (score, was) in enumerate(zip(scores, before)))

    def told_statuses(self, view):
        """What the name plates say instead of a card count (the presenter's statuses of
        `view`: 'out', 'folded') as the table has told it: a seat's status shows once the
        event that gave it (the presenter's STATUS_EVENTS) is told, not while it still
        waits behind a callout or an outcome held (a plate never runs ahead of the table)."""
        untold = self.session.events_since(self.told())
        waiting = {event.seat for event in untold if event.kind in self.presenter.STATUS_EVENTS}
        return {seat: words for seat, words in self.presenter.statuses(view).items() if seat not in waiting}

    def unroll(self):
        """Once the die rolled has stopped, the table tells its face and offers the moves
        it brings (read again)."""
        if self.rolled and not self.timeline.rolling():
            self.refresh()

    def panel_view(self):
        """The table as the words tell it (the side panel, where the game stands in the
        top bar, the plates' and captions' counts, whose turn is lit): nothing the table
        has not shown. While a deal flies (the opening one, or a new hand's), the table as
        much of it has landed (see undealt). While the last change's cards still fly (or
        wait to take off), the table as it stood before it (a card on its way lies face
        down), until a card that names flies off (see follow_flights) or a new stage it
        begins has been told (see stage_begun: then the stage's words, and each count as
        its cards land); while its callouts
        keep events of the last change from the log, its scores as they stood before it
        (they move as the log tells what moved them), and so while an outcome keeps the
        rest of its move untold; else the table as it has landed (see landed_view). While
        an outcome waits to be read, nobody's turn (see turn_over)."""
        if self.dealing():
            return self.undealt()
        before = self.panel_before
        if before is not None and (self.timeline.stage.untold() or self.timeline.unplayed()):
            if not self.stage_begun():
                return self.turn_over(before)
            unlanded = self.session.events_since(self.session.event_count() - self.timeline.unlanded())
            return self.turn_over(self.unshown(self.landed_view(), unlanded))
        view = self.landed_view()
        if self.scores_told is not None and (self.calling_back() or self.holding_rest()):
            view = view._replace(scores=self.scores_as_told(view.scores, self.scores_told))
        return self.turn_over(view)

    def plates_view(self):
        """The table as the name plates and the top bar's turn tell it: as panel_view,
        but once some events of the last change are told (in the log) while its cards
        still fly, each count as its cards land, and the turn lit only while all told is
        the mover's own (a draw, then the discard in flight): never 'Ines's turn', nor
        'Maya 6 in hand' over seven cards, once the log says Ines took and the cards taken
        joined the hands. The side panel's words stay panel_view's (a card still flying
        to light is named nowhere)."""
        before, told = self.panel_before, self.change_told()
        if (self.dealing() or before is None or not told or self.stage_begun()
                or not (self.timeline.stage.untold() or self.timeline.unplayed())):
            return self.panel_view()
        unlanded = self.session.events_since(self.session.event_count() - self.timeline.unlanded())
        view = self.unshown(self.landed_view(), unlanded)
        mover = before.current_player
        return self.turn_over(view._replace(
            facts=before.facts, scores=before.scores,
            current_player=mover if all(event.seat == mover for event in told) else None))

    def change_told(self):
        """The events of the last change the table has told so far (landed, in the log)."""
        first = self.scores_from
        return self.session.events_since(first)[:max(0, self.told() - first)]

    def stage_begun(self):
        """Has the table told, of the last change, an event that begins a stage the words
        tell at once (the presenter's NEW_STAGE: 5 possessions' next possession, its
        offense and its lanes, while its cards still fly)?"""
        if not self.presenter.NEW_STAGE:
            return False
        return any(self.presenter.begins_stage(event) for event in self.change_told())

    def stage_in_change(self):
        """Does the change the table tells begin a new stage (the presenter's NEW_STAGE),
        told yet or not?"""
        return bool(self.presenter.NEW_STAGE) and any(
            self.presenter.begins_stage(event) for event in self.session.events_since(self.scores_from))

    def holding_rest(self):
        """Does an outcome waiting to be read keep the rest of its move untold (KTU's failed
        blind card, read on the pile before the pile is picked up)? Its scores wait too."""
        return self.hold.wait and self.hold.upto is not None and self.hold.upto < self.session.event_count()

    def turn_over(self, view):
        """`view` as the words tell it while an outcome waits to be read (a down's, a line's,
        a hand's end: held, or told by the director in its own words, see outcome_where):
        nobody is to move, so no seat's turn is lit and no fact of the turn last played is
        told (the presenter's TURN_FACTS: a die rolled); else `view`."""
        if not self.hold.wait and self.told_where is None:
            return view
        facts = {key: None if key in self.presenter.TURN_FACTS else value for key, value in view.facts.items()}
        return view._replace(current_player=None, facts=facts)

    def landed_view(self):
        """The table as the words tell it once everything shown has landed and been
        called out (where a bubble at a row of the panel points: it shows only then):
        the table shown, with the hand's facts from a hand's end until the next begins."""
        if self.hand_facts is not None:
            return self.view._replace(facts=self.hand_facts)
        return self.view

    def undealt(self):
        """The table as the words tell it while a deal's cards still fly (the opening one,
        or a new hand's): the table after it (the new hand's), with the cards not landed
        yet where they were (see unshown), so each count goes up as a card lands; its
        scores as the panel told them before the deal (at the opening, none: each a hidden
        score); nobody's turn (no plate nor panel row lit: whose turn it is comes with the
        cards it is played with). No readout is told from it (see dealing)."""
        unlanded = self.timeline.unlanded()
        view = self.unshown(self.view, self.session.events_since(self.session.event_count() - unlanded))
        before = self.scores_told if self.scores_told is not None else (None,) * len(view.scores)
        return view._replace(scores=tuple(before), current_player=None)

    def dealing(self):
        """Do a deal's cards still fly (the opening one, or a new hand's: see deals)? Until
        they have all landed, the panel tells no readout (a colour in force, a count, a
        score of the cards dealt, the last hand's caller): each comes from the deal."""
        return self.deal and self.timeline.unlanded() > 0

    def deals(self, events, before):
        """Do `events` deal a hand: cards into two hands or more from the draw pile (see
        the presenter's is_deal), or, into hands empty on the table `before` them while no
        outcome waits to be read, from a face-down stack (each seat's own deck: 5
        possessions' opening deal)?"""
        kinds = {z.key: z.kind for z in self.whole.zones}
        empty = {z.key for z in before.zones if z.kind == "hand" and not z.count}
        stacks = () if self.hold.outcomes else {key for key, kind in kinds.items() if kind == "stack"}
        return len({e.dst for e in events if e.kind == SharedEvent.MOVE and kinds.get(e.dst) == "hand"
                    and (self.presenter.is_deal(e) or e.src in stacks and e.dst in empty)}) > 1

    def calling_back(self):
        """Do callouts still to show keep some of the events landed untold (see
        Timeline.told)?"""
        count, timeline = self.session.event_count(), self.timeline
        return timeline.told(count) < count - len(timeline.pending) - timeline.stage.untold()

    def follow_flights(self):
        """Once a card the side panel names as the table stood before the last change
        takes off (a pile burned or taken up), the panel tells the table after it."""
        if self.panel_before is not None and self.names_flying_off(self.panel_before):
            self.panel_before = None
            self.changes += 1

    def names_flying_off(self, view):
        """Does the side panel's telling of `view` name a card flying off with others,
        the first of which has taken off (a pile burned or taken up, card by card)?"""
        flights = self.timeline.stage.flights
        if not any(f.progress() is not None for f in flights):
            return False
        words = " ".join(str(value) for _, value, _ in self.presenter.readouts(view, self.names))
        named = {f.zone for f in flights if f.card is not None and f.card.spoken in words}
        return any(f.zone in named and f.progress() is not None for f in flights)

    def told(self):
        """How many of the game's events the table has told (those landed; while an
        outcome waits to be read, none of the next stage it began: see Hold.decide)."""
        told = self.timeline.told(self.session.event_count())
        return min(told, self.hold.upto) if self.hold.wait and self.hold.upto is not None else told

    def call_out(self, seen, before, first):
        """Hold the callouts of the events `seen` (the game's from number `first`) on the
        table, paced by the animation speed; a line revealed step by step starts veiled as
        it stood `before`."""
        steps = [call._replace(words=agree(call.words))
                 for call in self.presenter.callouts(seen, self.whole, self.names)]
        calls = self.director.callouts(self.seen, steps)
        self.timeline.call(calls, self.speed(), first, [step for step in steps if step not in calls])
        if before is not None and self.before_reveal is None and (
                self.timeline.revealing() is not None or self.timeline.hiding_scores()):
            self.before_reveal = before
            self.hold_next_cards(seen, first, before)
            self.view = self.veiled(self.whole)
            self.changed()
        elif (before is not None and self.told_elsewhere() and any(call.reveal is not None for call in steps)
              and self.hold_next_cards(seen, first, before)):
            self.view = self.veiled(self.whole)     # a line told by its held outcomes or the coach (a lesson's)
            self.changed()
        elif self.hold.wait and self.hold_rest_of_move(seen, before):
            self.view = self.veiled(self.whole)     # an outcome in the middle of a move, where it happened
            self.changed()

    def skip(self):
        """A key or a click while a callout is held: every callout goes, whatever flies
        lands, a line being revealed shows whole."""
        if self.timeline.skip():
            self.unveil()
            self.changes += 1

    def unveil(self):
        """Once a line's reveal is over (or skipped), the table shows it whole."""
        if self.before_reveal is not None and self.timeline.revealing() is None and not self.timeline.hiding_scores():
            self.before_reveal = self.shown_step = None
            self.view = self.veiled(self.whole)
            self.changed()
            self.catch_up()

    def last_roll(self, held):
        """The game's last roll told, all its events but the `held` latest (still to show),
        for the die: None without one."""
        told = self.session.events_since(0)[:self.session.event_count() - held]
        return next((e.detail for e in reversed(told) if e.kind == SharedEvent.ROLL), None)

    def step_reveal(self):
        """A callout has gone: the line being revealed shows its next step (laid out
        again), or, its reveal over, whole."""
        if self.before_reveal is None:
            return
        if self.timeline.revealing() is None and not self.timeline.hiding_scores():
            self.unveil()
        elif self.timeline.revealing() != self.shown_step or self.timeline.hiding_scores():
            self.view = self.veiled(self.whole)     # the next step, or the scores told so far
            self.changed()
