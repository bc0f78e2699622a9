"""No card reaches a screen that its seat could not see: every message the host sends to
every seat, over whole games of every mode, is read back and held to what the rules
declare visible, read from the game's own declarations, not through `view()`: each
zone's visibility in its zone list, for an event's cards the seats it names, and for card
names in words the public facts, the seat's private facts and the events' details (an
event's detail is public: `Event.for_seat` hides only its cards).

Each game includes the places where boardgame.io leaked: the first state a joiner
receives (its whole log, from the deal on); undo (Casual, any person's moves); a
screen that gave a wrong code while the others played (it must get its refusal and
nothing else); a screen that drops mid-game and joins again (the log replayed to it),
with a computer keeping its seat meanwhile. The deal number (the seed, from which the
whole deal follows) must never be sent either.
"""
import json
import re

import pytest

from game import registry
from game.core import OWNER, PUBLIC, TOP
from game.net import protocol as wire
from tests.net_helpers import CODE, Table

MODES = [("final_card_down", 3, {}), ("deadline", 3, {}), ("ktu", 3, {}), ("final_count", 3, {}),
         ("four_downs", 2, {}), ("five_possessions", 2, {})]
SEED = 712_345_678          # a deal number long enough never to appear by chance
TOKEN = re.compile(r"[A-Za-z0-9:]+")


def visible(state, seat):
    """The ids of the cards the game's zone declarations let `seat` see now (once the
    game is over, every owner's zone is everyone's)."""
    ids = set()
    for spec in state._zones():
        if spec.visibility == PUBLIC or (spec.visibility == OWNER and (spec.owner == seat or state.is_over)):
            ids.update(card.id for card in spec.cards)
        elif spec.visibility == TOP and spec.cards:
            ids.add(spec.cards[-1].id)
    return ids


class Wire:
    """Watches a Table: after each change, which cards each seat may see, and for each of
    the game's events which cards it may show to each seat (those the seat saw just
    before the move that made it, or sees just after, and those the move turned over for
    everyone onto a public zone: KTU's failed blind card on the pile, A19 of
    docs/rulings/ktu.md); every message is checked as it is sent."""

    def __init__(self, players, deck):
        self.players = players
        self.deck = deck
        self.names = {card.name for card in deck}
        self.state = None
        self.moves = 0
        self.now = [set() for _ in range(players)]
        self.known = [set() for _ in range(players)]   # every card the seat ever saw
        self.told = [set() for _ in range(players)]    # card names the rules told the seat
        self.allowed = []                              # per event: per seat, card ids
        self.checked = 0
        self.table = None

    def observe(self, session):
        """Take in the position after a change (a move, an undo, the start); the events
        are the game's whole record (an undo drops only those of the moves taken back)."""
        state, events = session.state, session.events_since(0)
        if state is self.state and len(state.history) == self.moves:
            return
        if state is not self.state:
            self.state = state
            del self.allowed[len(events):]
            self.now = [visible(state, seat) for seat in range(self.players)]
        self.moves = len(state.history)
        after = [visible(state, seat) for seat in range(self.players)]
        public_zones = {spec.key for spec in state._zones() if spec.visibility == PUBLIC}
        moved = events[len(self.allowed):]
        laid_open = {card.id for event in moved if event.kind == "move" and event.dst in public_zones
                     for card in event.cards if card is not None}
        turned = {card.id for event in moved if event.kind == "reveal" and event.visible_to is None
                  for card in event.cards if card is not None and card.id in laid_open}
        for _ in range(len(events) - len(self.allowed)):     # and what the move turned over for all
            self.allowed.append([b | a | turned for b, a in zip(self.now, after)])
        self.now = after
        public = set(_tokens(state._facts())) | {
            token for event in events for token in _tokens(event.detail)}
        for seat, (known, seen) in enumerate(zip(self.known, after)):
            known |= seen
            self.told[seat] |= public | set(_tokens(state._private_facts(seat)))

    def check(self, conn, text):
        """Hold one message, as it is sent, to what its seat may know."""
        table = self.table
        assert str(SEED) not in text, "the deal number went out"
        data = json.loads(text)
        screen = table.host.screens.get(conn)
        seat = screen.seat if screen is not None else None
        if seat is None:
            assert data["type"] == "refused", f"{data['type']} sent before the code was given"
            return
        self.observe(table.host.session) if table.host.session is not None else None
        self.checked += 1
        self._names(data, seat)
        if data["type"] != "update":
            return
        state = table.state
        now = visible(state, seat)
        zones = data["view"]["zones"]
        specs = state._zones()
        assert [z["key"] for z in zones] == [spec.key for spec in specs]
        for zone, spec in zip(zones, specs):
            assert len(zone["cards"]) == len(spec.cards)
            for shown, card in zip(zone["cards"], spec.cards):
                assert shown == (card.id if card.id in now else None), \
                    f"{zone['key']}: seat {seat} was sent {shown} for {card.name}"
        events = data["events"]
        first = data["kept"]
        assert first + len(events) == table.host.session.event_count()
        for index, event in enumerate(events, first):
            shown = {c for c in event["cards"] if c is not None}
            hidden = shown - self.allowed[index][seat]
            assert not hidden, f"event {event['kind']} showed seat {seat} {self._named(hidden)}"
        for action in data["legal"]:
            assert set(action["cards"]) <= now, "a legal move named a card the seat cannot see"
        if data["taken_back"] is not None:
            assert set(data["taken_back"]["cards"]) <= self.known[seat]

    def _names(self, data, seat):
        """No text anywhere in the message names a card the seat never saw."""
        known = {self.deck[i].name for i in self.known[seat]} | self.told[seat]
        for token in _tokens(data):
            assert token not in self.names or token in known, \
                f"seat {seat} was sent the name of {token}, a card it never saw"

    def _named(self, ids):
        return sorted(self.deck[i].name for i in ids)


def _tokens(value):
    """The words in every text (keys too) of plain data."""
    if isinstance(value, str):
        yield from TOKEN.findall(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from TOKEN.findall(str(key))
            yield from _tokens(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _tokens(item)


@pytest.mark.parametrize("game_id,players,options", MODES, ids=[m[0] for m in MODES])
def test_no_card_reaches_a_seat_that_could_not_see_it(game_id, players, options):
    info = registry.game_info(game_id)
    watch = Wire(players, info.load_deck())
    plan = ["remote"] * players
    table = Table(game_id, plan, SEED, options, undo="casual", on_send=watch.check)
    watch.table = table
    screens = [table.join(f"Player {n + 1}")[0] for n in range(players)]
    table.start()
    wrong = table.open("127.0.0.2")
    table.send(wrong, json.dumps({"type": "hello", "protocol": wire.PROTOCOL, "code": "WRONG-CODE-1234",
                                  "name": "Mallory"}))
    undos = rejoins = moves = 0
    away = None
    while not table.host.over():
        moves += 1
        turn = table.host.to_move()
        if turn.who == wire.HERE and moves >= 10 * (undos + 1) and undos < 3:
            conn, screen = table.screen_of(turn.seat)
            if screen.can_undo:
                table.send(conn, screen.undo())
                undos += 1
                continue
        if away is None and moves >= 15 + 40 * rejoins and rejoins < 2 and turn.who == wire.HERE:
            away, left = turn.seat, moves
            table.leave(table.host.seated[away])
            table.deliver(table.host.hand_to_computer(away, "easy"))
        elif away is not None and moves == left + 12:
            table.join(table.host.names[away])
            away = None
            rejoins += 1
        table.step()
        assert moves < 50_000, "the game did not end"
    assert undos and rejoins, "the game ended before an undo and a rejoin were tried"
    assert table.sent[wrong] == [table.sent[wrong][0]]
    assert json.loads(table.sent[wrong][0]) == {"type": "refused", "reason": "wrong join code",
                                                 "final": True}
    assert screens and watch.checked > moves
    final = {tuple(s.view.scores) for s in table.screens.values()}
    assert final == {tuple(table.state.scores())}
    assert CODE not in "".join(text for texts in table.sent.values() for text in texts)
