"""4 downs' confusing moments of the newcomer walk of wave 12 (issue #37), each played
with real events at the table from a stacked deck, the computers' moves scripted
(docs/rulings/play_design.md, 3.2 and A7, A13, A15): a note of a move ends as the next
move is told and stands by the seat it speaks of; the plates say "out" once the table
has told it; the used cards lie face down; the result screen's shared places."""
import pygame
import pytest

from scenes.table import draw as table_draw
from scenes.table import intents
from scenes.table.session import Seat, Session, inline
from tests.test_four_downs import new
from tests.test_ui_play import new_app

# Down 1 is led by Maya (seat 0); nobody can take a lead of hers over, nor Theo's.
HANDS = {0: ["OB5", "DG4", "DP4", "DP5"], 1: ["DB6", "OG7", "OB7", "OO7"],
         2: ["OG6", "OP4", "DG5", "DO4"], 3: ["OP5", "OO5", "DO5", "DB5"]}


def first_of(legal, wanted):
    """The first legal action whose str is in `wanted` (in its order), else the first legal."""
    return next((action for want in wanted for action in legal if str(action) == want), legal[0])


class Scripted:
    """A computer player that makes the moves of a script, in order (each the str of a
    legal action), and once the script is spent the first of `then` that is legal."""

    def __init__(self, script, then=()):
        self.script, self.then = script, then

    def choose(self, view, legal, rng):
        return first_of(legal, [self.script.pop(0)] if self.script else self.then)

    def explain(self, view, legal, action):
        return ""


def scripted_table(monkeypatch, script, hands=HANDS, size=(1280, 720), then=(), **options):
    """The app at `size` and the normal pace, Maya (seat 0) at a 4 downs table dealt
    `hands` (with `options`) against three computers playing `script`, then `then`."""
    bot = Scripted(list(script), then)
    monkeypatch.setattr(Session, "_bot", lambda self, level, thinking: bot)
    a = new_app(size=size, speed="normal")
    state = new(hands, players=4, **options)
    seats = [Seat("Maya")] + [Seat(name, False, "easy") for name in ("Theo", "Ines", "Sam")]
    session = Session("four_downs", seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    return a


def frames(a, mine, then=None, limit=6000):
    """Play Maya's moves `mine` (each the str of a legal action) as she is asked, holds
    read as they land; yield the table after each frame, until her moves are spent and
    she is asked again (or, with `then`, the first of `then` that is legal on, until the
    table is left)."""
    mine = list(mine)
    for _ in range(limit):
        table = a.scene
        if not hasattr(table, "model"):
            return
        model = table.model
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        if model.my_turn() and model.settled() and not table.busy():
            if not mine and then is None:
                return
            table.act(intents.Choose(first_of(model.legal, [mine.pop(0)] if mine else then)))
        a.frame()
        yield table
    raise AssertionError(f"Maya was not asked again; left: {mine}")


def test_a_note_ends_as_the_next_move_is_told_and_stands_by_the_seat_it_speaks_of(monkeypatch):
    """Knocking on: Ines knocks at down 1, Sam calls, Maya calls, Theo calls, then Sam
    passes and Maya is asked to knock (3.2). On no frame does a note tell a move older
    than the log's newest line (Theo's call once Sam has passed); a note drawn on the
    table while Maya is to play stands nearer the plate of the seat it speaks of than any
    other seat's plate."""
    a = scripted_table(monkeypatch, ["pass", "knock", "call", "call", "pass"], knocking="on")
    placed = []
    real = table_draw.toast_box

    def toast_box(screen, words, *args, **kwargs):
        box = real(screen, words, *args, **kwargs)
        placed.append((words, a.scene.motion.toast_seat(), box))
        return box
    monkeypatch.setattr(table_draw, "toast_box", toast_box)
    stale = []
    for table in frames(a, ["pass", "call"]):
        note, log = table.motion.toast(), table.model.log_lines()
        if note is not None and note != log[-1]:
            stale.append((note, log[-1]))
    model = a.scene.model
    assert model.log_lines()[-2:] == ["Theo called at stake 20", "Sam passed"], model.log_lines()
    assert not stale, stale[:3]
    board, plates = a.scene.board, a.scene.plates(model.view)
    on_table = [(words, seat, box) for words, seat, box in placed if box[1] > 40]
    assert any(words == "Sam called at stake 20" for words, _, _ in on_table), {w for w, _, _ in placed}
    for words, seat, box in on_table:
        centre = pygame.Rect(box).center
        distance = {other: pygame.Vector2(centre).distance_to(table_draw.plate_rect(
            a.screen, board.plates[other], *plates[other]).center) for other in board.plates}
        assert min(distance, key=distance.get) == seat, (words, seat, distance)
    pygame.quit()


# Maya leads cards nobody can meet (no green defense card goes to 7; the blue, orange and
# purple ones that could are set aside): she wins every down.
UNMET = {0: ["OG7", "OB7", "OO7", "OP6"], 1: ["OB4", "OB5", "OB6", "OG4"],
         2: ["OG5", "OG6", "OP4", "OP5"], 3: ["OO5", "OO6", "DB5", "DB6"]}
KNOCK_WAR = ("knock", "call", "pass")


def knock_war_to_the_end(monkeypatch, size, seen=None):
    """Knocking on: the computers knock whenever they may and call every knock, Maya
    passes and calls: the stake reaches 100 before down 1 (3.2), Maya wins all four downs
    and the three others are out at once (A7): the game is over. `seen(table)`, if
    given, is called each frame. Returns the app once the table is left for the scores."""
    a = scripted_table(monkeypatch, [], hands=UNMET, size=size, then=KNOCK_WAR, knocking="on")
    for table in frames(a, [], then=("pass", "call", "play OG7", "play OB7", "play OO7", "play OP6")):
        if seen is not None:
            seen(table)
        if table.model.over and table.model.settled():
            table.act(intents.Continue())
    return a


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_players_out_with_the_same_yards_share_a_place_said_once_and_whole(monkeypatch, size):
    """The knock war's result screen: Theo, Ines and Sam each lost 100 yards and are out;
    each plate says so once ('100 yards lost, out. Shares 2nd with Ines and Sam', not
    '...: all have 100 yards lost' after it) and every line of it is drawn whole; the note
    under the plates says that places go by yards lost alone (the rulebook's Scores)."""
    from scenes.screens import scoring
    a = knock_war_to_the_end(monkeypatch, size)
    scene = a.scene
    assert isinstance(scene, scoring.ScoringScene), type(scene)
    plates = {plate.name: plate for plate in scene.plates()}
    assert plates["Maya"].won and plates["Theo"].place == "2nd"
    assert plates["Theo"].how == "100 yards lost, out. Shares 2nd with Ines and Sam", plates["Theo"].how
    assert plates["Ines"].how == "100 yards lost, out. Shares 2nd with Theo and Sam", plates["Ines"].how
    assert "yards lost alone" in " ".join(scene.notes()), scene.notes()
    drawn = []
    real = a.screen.text

    def text(words, *args, **kwargs):
        drawn.append(words)
        return real(words, *args, **kwargs)
    monkeypatch.setattr(a.screen, "text", text)
    a.scene.dirty = True
    a.frame()
    for plate in plates.values():
        if plate.how:
            assert " ".join(a.screen.wrap(plate.how, scoring.dressing.BODY, 10**6)) in " ".join(drawn), plate.how
    pygame.quit()


def test_a_plate_says_out_only_once_the_table_has_told_it(monkeypatch):
    """The knock war: as Maya wins down 4 at stake 100, Theo, Ines and Sam are out (A7).
    On no frame does a plate say 'out' before the log has told that seat is out of the
    game and the panel shows its 100 yards; by the end all three plates say it."""
    early, outs = [], set()

    def seen(table):
        model = table.model
        log = model.log_lines()
        told = model.panel_view()
        for seat, (name, right, _, _) in table.plates(model.view).items():
            if right == "out":
                outs.add(name)
                if f"{name} is out of the game" not in log or told.scores[seat] < 100:
                    early.append((name, log[-1], told.scores[seat]))
    knock_war_to_the_end(monkeypatch, (1280, 720), seen)
    assert outs == {"Theo", "Ines", "Sam"}, outs
    assert not early, early[:3]
    pygame.quit()


def test_the_used_cards_lie_face_down_after_every_down(monkeypatch):
    """A hand without knocking, Maya winning every down: after each down its cards go to
    the Used cards pile (A15), which keeps removed cards hidden (2, Visibility): on no
    frame does a card lie face up there, though it shows cards through the hand."""
    a = scripted_table(monkeypatch, [], hands=UNMET)
    faces, shown = [], 0
    for table in frames(a, ["play OG7", "play OB7", "play OO7", "play OP6"], then=()):
        used = [p for p in table.board.placed if p.zone == "used"]
        shown += bool(used)
        faces += [p.card.spoken for p in used if p.face_up]
        if table.model.view.facts["hand"] == 2:
            break
    assert shown > 100, shown
    assert not faces, sorted(set(faces))
    pygame.quit()


def test_the_panel_says_who_may_not_knock_while_they_pass_automatically(monkeypatch):
    """Knocking on: Maya knocks before down 1 and everyone calls; at downs 2 to 4 she is
    the last knocker and is not asked (she passes automatically, 3.2): each time the
    others are asked, the side panel's stake says she may not knock again; once the
    stake is 100 it says nobody knocks again (A10)."""
    a = scripted_table(monkeypatch, [], hands=UNMET, then=("call", "pass"), knocking="on")
    said = set()
    for table in frames(a, ["knock", "play OG7", "play OB7", "play OO7", "play OP6"], then=()):
        model = table.model
        facts = model.view.facts
        if facts["step"] == "knock" and facts["round"] > 1 and model.settled():
            said.add(dict((label, value) for label, value, _ in model.presenter.readouts(
                model.panel_view(), model.names))["Stake"])
        if facts["hand"] == 2:
            break
    assert said == {"20 yards; Maya knocked last, so may not knock again until another player does"}, said
    view = model.view._replace(facts=dict(model.view.facts, stake=100, last_knocker=2))
    assert model.presenter.stake_words(view.facts, model.names) == "100 yards, the most: nobody knocks again this hand"
    pygame.quit()


def test_from_pass_the_next_arrow_reaches_knock(monkeypatch):
    """Knocking on, Maya asked to knock before down 1 (3.2), by keys: the ring starts on
    Pass (a knock raises everyone's stake: never the first), and Up from there goes to
    Knock, the other choice, above it (where Continue lay, Pass lies: walkB15 #13); Enter
    then knocks."""
    from tests.test_ui_play import press
    a = scripted_table(monkeypatch, [], hands=UNMET, then=("call", "pass"), knocking="on")
    for _ in frames(a, []):
        pass
    press(a, pygame.K_TAB)
    table = a.scene
    labels = [getattr(item, "label", None) for item in table.laid.cards + table.laid.widgets]
    assert labels[table.pointer.focus] == "Pass", labels[table.pointer.focus]
    press(a, pygame.K_UP)
    assert labels[table.pointer.focus] == "Knock", labels[table.pointer.focus]
    press(a, pygame.K_RETURN)
    for _ in range(200):
        a.frame()
    assert "Maya knocked: the stake is 20" in table.model.log_lines(), table.model.log_lines()[-3:]
    pygame.quit()


def test_undo_never_takes_back_a_move_of_a_hand_already_scored(monkeypatch):
    """Two players, Take back my moves: Theo wins downs 1 to 3, leads down 4, and Maya's
    Defense purple 6, the last card of the hand, meets his Offense purple 5: she wins the
    hand (A5). Once its scores have been read, Next hand deals the next hand for her
    (walkB15 #11), and no Undo is offered: Ctrl+Z says why instead of taking the deal, or
    her card, back into the scored hand."""
    from scenes.screens import scoring
    from tests.test_ui_play import press
    hands = {0: ["OB4", "OG4", "OO5", "DP6"], 1: ["DB5", "OG7", "OO7", "OP5"]}
    bot = Scripted([], ("play DB5", "play OG7", "play OO7", "play OP5"))
    monkeypatch.setattr(Session, "_bot", lambda self, level, thinking: bot)
    a = new_app(speed="normal")
    a.settings.undo = "mine"
    state = new(hands, players=2)
    session = Session("four_downs", [Seat("Maya"), Seat("Theo", False, "easy")], {}, state.chance.seed, state=state,
                      executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    for _ in frames(a, ["play OB4", "play OG4", "play OO5", "play DP6"], then=()):
        pass
    assert isinstance(a.scene, scoring.ScoringScene), type(a.scene)
    a.scene.next_hand()
    a.frame()
    for table in frames(a, []):
        pass
    model = a.scene.model
    assert session.state.hand == 2 and session.state.yards == [0, 10], (session.state.hand, session.state.yards)
    assert not model.can_undo()
    assert not next(w for w in a.scene.laid.top if w.label == "Undo").enabled     # greyed, in its place
    press(a, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.hand == 2 and session.state.yards == [0, 10], (session.state.hand, session.state.yards)
    assert model.ui.message.startswith("Nothing to take back"), model.ui.message
    pygame.quit()


def test_between_hands_the_panel_keeps_no_stake_or_knock_of_the_hand_that_ended():
    """4 downs with knocking, played by random legal moves: waiting for the deal, the side
    panel says no stake and no 'knocked last' of the hand that ended (the next starts at 10
    yards, anyone may knock); while a hand is played it says both (walkB14 #4:
    'Stake: 50 yards; Theo knocked last, so may not knock again' beside Deal)."""
    import random
    from game import registry
    from scenes.table.presenters import presenter_for
    presenter = presenter_for(registry.GAMES["four_downs"])
    names = ["Maya", "Theo", "Ines"]
    between = during = 0
    for seed in range(30):
        state = registry.new_game("four_downs", players=3, seed=seed, options={"pd.knocking": "on"})
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(0)
            labels = [label for label, _, _ in presenter.side_facts(view, names)]
            if view.facts["step"] == "deal" and view.facts["last_knocker"] is not None:
                assert "Stake" not in labels, labels
                between += 1
            elif view.facts["step"] in ("lead", "follow"):
                assert "Stake" in labels
                during += 1
            state.apply(rng.choice(state.legal_actions()))
        if between >= 3:
            break
    assert between >= 3 and during, (between, during)
