"""The table's timing rule (#37), in every mode: nothing on the top bar, the side panel
or the log runs ahead of the cards in flight or of an outcome held on the table. Seeded
real games are played at the app's table (a hidden window, the normal pace) and what is
drawn is read frame by frame; then each moment the last walk met, with its own game."""
import random

import pygame
import pytest

from game.core import SharedEvent
from scenes.table import coach_panel
from scenes.table import draw as table_draw
from scenes.table import intents
from scenes.table import scene as scenes_table
from scenes.table.hold import NEXT
from scenes.widgets import ui
from tests.test_ui_play import app, choose, click_at, press  # noqa: F401
from tests.test_ui_saves import start_game

MODES = [("final_card_down", 4), ("deadline", 3), ("ktu", 3), ("final_count", 3), ("four_downs", 4),
         ("five_possessions", 2)]


@pytest.fixture
def drawn(monkeypatch):
    """What the table draws of its words, as last painted: the top bar's words, the side
    panel's readouts (or the lesson coach's facts) and its log."""
    seen = {"top": "", "panel": "", "log": []}
    top_bar, side_panel, facts_rows = table_draw.top_bar, table_draw.side_panel, coach_panel.facts_rows

    def spy_top(screen, title, words, *args, **kwargs):
        seen["top"] = words
        return top_bar(screen, title, words, *args, **kwargs)

    def spy_panel(screen, view, presenter, names, seed, title, lines, *args, **kwargs):
        told = presenter.readouts(view, names) if kwargs.get("readouts", True) else ()
        seen["panel"] = " | ".join(f"{label}: {value}" for label, value, _ in told)
        seen["log"] = list(lines)
        return side_panel(screen, view, presenter, names, seed, title, lines, *args, **kwargs)
    def spy_coach(view, presenter, names, **kwargs):
        rows = facts_rows(view, presenter, names, **kwargs)
        seen["panel"] = " | ".join(words for words, value, _, _ in rows if not value)
        return rows
    monkeypatch.setattr(table_draw, "top_bar", spy_top)
    monkeypatch.setattr(table_draw, "side_panel", spy_panel)
    monkeypatch.setattr(coach_panel, "facts_rows", spy_coach)
    return seen


def at_the_table(a, game_id, players, seed, frames):
    """`game_id` at the normal pace, Maya against computers, played by random legal moves
    (each outcome read once it has landed); yields the table after every frame drawn."""
    a.settings.animation_speed = "normal"
    session = start_game(a, game_id, players, {0}, seed)
    table = a.scene
    rng = random.Random(seed)
    for _ in range(frames):
        model = table.model
        if session.is_over or a.scene is not table:
            return
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        elif model.my_turn() and model.settled() and not table.busy() and model.legal:
            table.act(intents.Choose(choose(session.legal_actions(), rng)))
        a.frame()
        yield table


def draw_in_flight(table, placed):
    """Is `placed` (a card of the table's last layout) still flying to its place?"""
    return table_draw.in_flight(placed, table.motion.hidden())


def coming_to_light(table):
    """The spoken names of the cards flying face up to where they land for the first time
    (turned over on the way: Flight.flip), not landed yet."""
    return {f.card.spoken for f in table.motion.flights if f.card is not None and f.flip}


def last_held(model):
    """The number of the game's events up to the last outcome of a kind the table holds."""
    holds = model.director.holds(model.seen)
    events = model.session.events_since(0)
    return next((k + 1 for k in range(len(events) - 1, -1, -1) if events[k].kind in holds), 0)


def next_stage(model):
    """The number of the game's events before the next stage (a down, a rotation, a line
    begun: the first event of a kind in hold.NEXT) after the last outcome held."""
    events = model.session.events_since(0)
    return next((k for k in range(last_held(model), len(events)) if events[k].kind in NEXT), len(events))


@pytest.mark.parametrize("game_id, players", MODES)
def test_no_word_on_the_table_runs_ahead_of_its_cards_or_a_held_outcome(app, drawn, game_id, players):  # noqa: F811
    """Every mode against computers at the normal pace, frame by frame: the top bar and
    the side panel never name a card still flying to light, and while an outcome waits
    to be read the log tells nothing of the next stage begun after it (a down, a
    rotation, a line)."""
    early, past, frames, held = [], [], 0, 0
    for table in at_the_table(app, game_id, players, 4242, 1500):
        model = table.model
        frames += 1
        for name in coming_to_light(table):
            for where in ("top", "panel"):
                if name in drawn[where]:
                    early.append((where, name, drawn[where]))
        if model.hold.wait and model.settled():
            held += 1
            upto = next_stage(model)
            viewer = model.looking.viewer
            events = model.session.events_for(viewer, 0)[:upto]
            told = model.presenter.log_lines(events, model.names, model.zones_by_key())
            if drawn["log"] and drawn["log"][-1] not in told:
                past.append((drawn["log"][-1], told[-1:]))
    assert frames > 600, frames
    assert not early, early[:3]
    assert not past, past[:3]
    if game_id in ("four_downs", "five_possessions", "final_count"):
        assert held, "no outcome was held"


# ---- the moments --------------------------------------------------------------------------
def test_at_the_deal_the_top_bar_names_the_starting_card_only_once_it_has_landed(app, drawn):  # noqa: F811
    """Final Card-Down (moment 4): while the starting card flies to the discard pile at
    the deal, the top bar does not name it; once it lies there, the top bar says what to
    play on it."""
    flew, named = 0, None
    for table in at_the_table(app, "final_card_down", 4, 4242, 400):
        starting = [f.card.spoken for f in table.motion.flights if f.zone == "discard" and f.card is not None]
        if starting:
            flew += 1
            assert starting[0] not in drawn["top"], drawn["top"]
            named = starting[0]
        elif named is not None and table.model.settled():
            break
    assert flew and named in drawn["top"], (flew, named, drawn["top"])


def test_the_next_rotation_is_named_only_once_the_exchange_has_landed(app, drawn):  # noqa: F811
    """Deadline (moment 6): while an exchange's cards still fly into the hands, the top
    bar still says the exchange, not the next rotation (nor what to do in it); it says
    the next rotation once every card has landed and the log has told it."""
    rotations, early = 0, []
    for table in at_the_table(app, "deadline", 3, 4242, 1200):
        top = drawn["top"]
        if "rotation" in top and "rotation 1 " not in top:
            rotation = top.split("rotation ")[1].split(" ")[0]
            if not any(f"rotation {rotation} " in line for line in drawn["log"]):
                early.append((top, drawn["log"][-2:]))
            rotations += table.motion.flights == [] and table.model.settled()
    assert rotations
    assert not early, early[:3]


def test_after_a_burn_the_panel_does_not_name_a_card_of_the_pile_flying_off(app, drawn):  # noqa: F811
    """KTU (moment 12): once the burned pile's first card has taken off, the panel's
    'Card to beat' names none of the pile's cards (the pile is going: nothing to beat)."""
    burning, named = 0, []
    for table in at_the_table(app, "ktu", 3, 4242, 1400):
        burned = [f for f in table.motion.flights if f.zone == "burned"]
        off = {f.card.spoken for f in burned if f.card is not None}
        if any(f.progress() is not None for f in burned):
            burning += 1
            beat = next((part for part in drawn["panel"].split(" | ") if part.startswith("Card to beat")), "")
            named += [(name, beat) for name in off if name in beat]
    assert burning
    assert not named, named[:3]


def test_at_a_hands_end_no_note_of_the_scores_runs_ahead_of_the_hands_shown(app):  # noqa: F811
    """Final Count (moment 16): while a hand's end shows the hands one by one (its
    callouts), the top bar holds no note of what comes after them ('Ines scored 0 points
    this hand'), nor 'Read what happened': it says where the game stands."""
    counted, early = 0, []
    for table in at_the_table(app, "final_count", 3, 4242, 1000):
        model = table.model
        if model.hold.wait and model.timeline.callouts:
            counted += 1
            note = table.motion.toast() or ""
            if "scored" in note or "Read what happened" in model.prompt():
                early.append((note, model.prompt()))
    assert counted
    assert not early, early[:3]


def four_downs_hand(app, frames=2600):  # noqa: F811
    """4 downs against computers at the normal pace; yields the table every frame."""
    yield from at_the_table(app, "four_downs", 4, 4242, frames)


def test_while_a_down_or_hand_waits_to_be_read_the_panel_and_log_stay_with_it(app, drawn):  # noqa: F811
    """4 downs (moment 23): while a down's outcome waits for Continue, the log does not
    say the next down has begun; while a hand's end waits, the panel names the dealer of
    that hand, not the next one's."""
    downs, hands, wrong = 0, 0, []
    dealer = None
    for table in four_downs_hand(app):
        model = table.model
        events = model.session.events_since(0)
        waiting = model.hold.wait and model.settled()
        if not waiting and not model.hold.outcomes and model.settled():
            dealer = next((part for part in drawn["panel"].split(" | ") if part.startswith("Dealer")), dealer)
        if not waiting:
            continue
        ended = any(e.kind == SharedEvent.HAND_OVER for e in events[last_held(model) - 1:])
        if ended:
            hands += 1
            now = next((part for part in drawn["panel"].split(" | ") if part.startswith("Dealer")), None)
            if now != dealer:
                wrong.append(("dealer", now, dealer))
            if hands > 3:
                break
        else:
            downs += 1
            if drawn["log"] and drawn["log"][-1].startswith("Down ") and drawn["log"][-1].endswith(" begins"):
                wrong.append(("log", drawn["log"][-1]))
    assert downs and hands, (downs, hands)
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("pile", ["removed:", "box:"])
def test_the_hidden_piles_never_show_a_card_face_up(app, pile):  # noqa: F811
    """5 possessions: the Removed piles (moment 27) and the "Cards not in play" piles (N6)
    lie face down from the moment a card goes there (as the table clears a line or a
    finished possession) to when the rules move it."""
    held, shown = 0, []
    for table in at_the_table(app, "five_possessions", 2, 4242, 4000):
        placed = [p for p in table.board.placed if p.zone.startswith(pile)]
        held += bool(placed)
        shown += [p.card.spoken for p in placed if p.face_up]
        if held > 200 and pile == "removed:":
            break
    assert held
    assert not shown, shown[:3]


def test_h_during_a_callout_skips_it_and_gives_the_hint(app):  # noqa: F811
    """Final Card-Down by keyboard (moment 3): H pressed while a callout is held on the
    person's turn skips the callout and asks for the hint, as H does at any other moment
    of the turn."""
    app.keyboard = True
    for table in at_the_table(app, "final_card_down", 4, 4242, 6000):
        model = table.model
        if model.timeline.callout is not None and model.my_turn():
            break
    else:
        raise AssertionError("no callout on Maya's turn")
    press(app, pygame.K_h)
    assert model.timeline.callout is None
    for _ in range(60):
        if model.ui.hint is not None:
            break
        app.frame()
    assert model.ui.hint is not None and model.ui.hint in model.legal, model.ui.message


def test_in_the_lesson_the_next_hands_dealer_is_told_with_its_deal(app, drawn):  # noqa: F811
    """The 4 downs lesson (moment 23) at the normal pace, its script followed: from the
    hand's end until the next hand's deal has landed, the panel names the dealer of the
    hand that ended (Ben), never the next one's (You)."""
    from game import tutorial
    from tests.test_ui_play import click_widget, perform
    from tests.test_ui_tutorial import open_lesson
    app.settings.animation_speed = "normal"
    table = open_lesson(app, "four_downs")
    model, ended, early = table.model, 0, []
    for _ in range(3000):
        coach = model.director.coach
        if model.over:
            break
        if any(e.kind == SharedEvent.HAND_OVER for e in model.session.events_since(0)):
            ended += 1
            dealing = any(e.kind == "shuffle" for e in model.session.events_since(0)[-12:])
            if "Dealer: You" in drawn["panel"] and not (dealing and model.settled()):
                early.append(drawn["panel"])
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        elif model.settled() and not table.motion.flights and coach.cue.stop and not coach.finished:
            if coach.explaining():
                click_widget(app, lambda w: getattr(w, "label", None) == "Next")
                continue
            if model.my_turn():
                perform(app, tutorial.find(model.session.state, coach.cue.moves[0]))
                continue
        app.frame()
    assert ended
    assert not early, early[:3]


@pytest.mark.parametrize("game_id, players", [("final_count", 2), ("deadline", 3), ("five_possessions", 2)])
def test_in_pass_and_play_the_panel_never_tells_what_the_last_person_saw(app, monkeypatch, game_id,  # noqa: F811
                                                                          players):
    """Every seat a person (pass-and-play): the panel keeps telling the table as it stood
    while a change's cards fly, but once the curtain has passed the device on, never
    from the last person's eyes (their count, the card they gave or took: facts only
    they may see); each frame's panel is drawn from the view of the person looking, and
    the view it keeps to tell while cards fly is theirs too."""
    told = []
    side_panel = table_draw.side_panel

    def spy_panel(screen, view, *args, **kwargs):
        told.append(view.seat)
        return side_panel(screen, view, *args, **kwargs)
    monkeypatch.setattr(table_draw, "side_panel", spy_panel)
    app.settings.animation_speed = "normal"
    session = start_game(app, game_id, players, set(range(players)), 4)
    table = app.scene
    rng = random.Random(4)
    curtains = 0
    for _ in range(2500):
        model = table.model
        if session.is_over or app.scene is not table:
            break
        if model.looking.curtain is not None:
            table.act(intents.Ready())
            curtains += 1
        elif model.hold.wait and model.settled():
            table.act(intents.Continue())
        elif model.my_turn() and model.settled() and not table.busy() and model.legal:
            table.act(intents.Choose(choose(session.legal_actions(), rng)))
        told.clear()
        app.frame()
        viewer = model.looking.viewer
        assert all(seat == viewer for seat in told), (told, viewer)
        kept = model.panel_before
        assert kept is None or viewer is None or kept.seat == viewer, (kept.seat, viewer)   # what a flight would tell
    assert curtains >= 2


@pytest.mark.parametrize("game_id, players", MODES)
def test_while_the_deal_flies_no_count_score_fact_or_move_runs_ahead_of_it(app, drawn, monkeypatch,  # noqa: F811
                                                                          game_id, players):
    """Every mode at the normal pace (moment N1): while the opening deal's cards still fly
    to the hands, no name plate or caption counts a card not landed yet, the panel
    tells no score of the cards dealt nor any fact (a colour in force, a count), no
    seat's plate or panel row is lit (whose turn it is) and no move is offered; once it
    has all landed, the plates count the hands, the seat to play is lit and the moves
    are offered."""
    plates, scores, captions = {}, {}, {}
    plate_words, side_panel, facts_rows = table_draw.plate_words, table_draw.side_panel, coach_panel.facts_rows
    told_labels = table_draw.told_labels

    def spy_plates(*args, **kwargs):
        plates.update(plate_words(*args, **kwargs))
        return plates

    def spy_labels(board, counts):
        told = told_labels(board, counts)
        at = dict((pos, words) for words, pos in told)
        captions.clear()
        captions.update((key, at.get(board.labels[i][1], "")) for i, (key, _) in board.counted.items())
        return told

    def spy_panel(screen, view, *args, **kwargs):
        scores["told"], scores["lit"] = view.scores, args[5]
        return side_panel(screen, view, *args, **kwargs)

    def spy_coach(view, *args, **kwargs):
        scores["told"], scores["lit"] = view.scores, kwargs.get("lit")
        return facts_rows(view, *args, **kwargs)
    monkeypatch.setattr(table_draw, "plate_words", spy_plates)
    monkeypatch.setattr(table_draw, "side_panel", spy_panel)
    monkeypatch.setattr(coach_panel, "facts_rows", spy_coach)
    monkeypatch.setattr(table_draw, "told_labels", spy_labels)
    early, dealing = [], 0
    for table in at_the_table(app, game_id, players, 4242, 600):
        model = table.model
        hands = [f.zone for f in table.motion.flights if f.zone.split(":")[0] in ("hand", "hands")
                 or any(z.key == f.zone and z.kind == "hand" for z in model.view.zones)]
        if not hands:
            if dealing:
                break
            continue
        dealing += 1
        whole = {seat: sum(z.count for z in model.view.zones if z.owner == seat and z.kind == "hand")
                 for seat in range(players)}
        flying = {z.owner for z in model.view.zones if z.key in hands}
        for seat in flying:
            if plates[seat][1] == f"{whole[seat]} in hand":
                early.append(("plate", seat, plates[seat][1]))
        zones = {z.key: z for z in model.view.zones}
        landing = {f.zone for f in table.motion.flights if f.zone in zones and zones[f.zone].count > 1}
        early += [("caption", captions[key]) for key in landing
                  if captions.get(key, "").endswith(f"({zones[key].count})")]
        if any(getattr(w, "actions", None) for w in table.widgets):
            early.append(("moves", [w.label for w in table.widgets if getattr(w, "actions", None)]))
        facts = [label for label, _ in model.presenter.fact_lines(model.view.facts, model.names)]
        early += [("fact", label, drawn["panel"]) for label in facts if label in drawn["panel"]]
        early += [("score", seat, told) for seat, (told, dealt) in enumerate(zip(scores["told"], model.view.scores))
                  if told is not None and told == dealt and dealt not in (0, None)]
        early += [("lit", lit) for lit in (table_draw.lit_seat(plates), scores["lit"]) if lit is not None]
    assert dealing, "no deal seen flying"
    assert not early, early[:4]
    for _ in range(200):
        if model.settled() and (table.widgets and model.legal or not model.my_turn()):
            break
        app.frame()
    whole = {seat: sum(z.count for z in model.view.zones if z.owner == seat and z.kind == "hand")
             for seat in range(players)}
    assert all(plates[seat][1] == f"{n} in hand" for seat, n in whole.items() if n), (plates, whole)
    app.frame()
    assert table_draw.lit_seat(plates) == scores["lit"] == model.session.current_player is not None, (plates, scores)


def test_4_downs_scores_move_only_as_the_log_tells_the_yards_lost(app, monkeypatch):  # noqa: F811
    """4 downs (moment N2): at every frame the panel's yards lost are those the log has
    told ('lost 20 yards' comes with the hand told), never the next ones while the last
    down's outcome still shows, nor before its cards have landed."""
    told_scores = {}
    side_panel = table_draw.side_panel

    def spy_panel(screen, view, *args, **kwargs):
        told_scores["panel"] = view.scores
        return side_panel(screen, view, *args, **kwargs)
    monkeypatch.setattr(table_draw, "side_panel", spy_panel)
    moved, ahead = 0, []
    for table in at_the_table(app, "four_downs", 4, 4242, 2600):
        model = table.model
        events = model.session.events_since(0)[:model.told()]
        yards = [0] * 4
        for event in events:
            if event.kind == "score":
                yards[event.seat] = event.detail
        shown = told_scores.get("panel")
        if shown is None or None in shown:      # the opening deal: the cards held (see above)
            continue
        moved += any(yards)
        if list(shown) != yards:
            ahead.append((list(shown), yards, model.timeline.callout and model.timeline.callout.words,
                          [o.words for o in model.hold.outcomes]))
    assert moved
    assert not ahead, ahead[:3]


@pytest.mark.parametrize("game_id, players", [("four_downs", 4), ("final_count", 3), ("five_possessions", 2)])
def test_continue_comes_only_once_the_cards_have_landed_with_the_keyboard_on_it(app, game_id,  # noqa: F811
                                                                                players):
    """4 downs (moment N10), and every mode that holds an outcome: while the last card of
    a down (a hand, a line) still flies, no Continue is offered (Enter lands the cards,
    as a click does, and goes on no further); once it has landed, Continue shows with
    the keyboard's place on it."""
    early, offered, pressed = [], 0, False
    for table in at_the_table(app, game_id, players, 4242, 2000):
        model = table.model
        shown = [w for w in table.widgets if getattr(w, "label", None) == "Continue"]
        if offered and model.hold.wait and table.motion.flights and not shown and not pressed:   # a later hold
            press(app, pygame.K_RETURN)        # lands the cards (as a click does), but goes on only once read
            pressed = True
            if not model.hold.wait:
                early.append("Enter went on while the cards flew")
        if shown and table.motion.flights:
            early.append([f.card.spoken for f in table.motion.flights if f.card is not None])
        if shown and not table.motion.flights:
            offered += 1
            items = table.laid.cards + table.laid.widgets
            if table.pointer.focus is None or items[table.pointer.focus % len(items)] is not shown[0]:
                early.append(("focus", table.pointer.focus))
        if offered > 3 and (pressed or game_id == "final_count"):   # its one hold, the hand's end, leads to the scores
            break
    assert offered and (pressed or game_id == "final_count")
    assert not early, early[:3]


def test_a_move_held_back_while_the_deal_flies_is_neither_drawn_clicked_nor_walked_to(app, monkeypatch):  # noqa: F811
    """Deadline's opening deal (moment N1) at the normal pace: the one layout made the
    moves (Draw), but while the cards fly they are not drawn, a click where they lie
    or on a card landed in the hand makes no move, and the keyboard walks past them;
    once the cards have landed the very same buttons are offered without the table
    being laid out again, and the keyboard stays on the item the person walked to."""
    app.settings.animation_speed = "normal"
    session = start_game(app, "deadline", 3, {0}, 4242)
    table = app.scene
    layouts = []
    real_lay_out = scenes_table.lay_out
    monkeypatch.setattr(scenes_table, "lay_out", lambda *args: layouts.append(1) or real_lay_out(*args))
    drawn = []
    monkeypatch.setattr(ui.Button, "draw", lambda button, *args, **kwargs: drawn.append(button))
    held = [w for w in table.laid_out.widgets if getattr(w, "actions", None)]
    assert held and table.motion.flights and session.current_player == 0
    assert not any(w in table.laid.widgets or w in table.widgets for w in held)
    app.frame()
    assert not any(w in drawn for w in held)
    events = session.event_count()
    for button in held:
        click_at(app, button.rect.center)
    for _ in range(200):
        landed = [p for p in table.board.hand_cards() if p.card is not None and not draw_in_flight(table, p)]
        if landed:
            break
        app.frame()
    assert landed and table.laid is not table.laid_out, "no card of the hand landed while the deal flies"
    click_at(app, landed[0].rect.center)
    press(app, pygame.K_RETURN)
    walked = []
    for _ in range(len(table.laid.cards) + len(table.laid.widgets) + 1):
        press(app, pygame.K_TAB)
        walked.append(table.focus_item())
    assert session.event_count() == events and not table.model.ui.selection
    assert table.motion.flights and not any(item in held for item in walked)
    kept = table.focus_item()
    laid_out, before = table.laid_out, len(layouts)     # the keyboard taken up: laid out anew, still held back
    held = [w for w in laid_out.widgets if getattr(w, "actions", None)]
    assert held and not any(w in table.widgets for w in held)
    drawn.clear()
    for _ in range(400):
        if table.laid is table.laid_out:
            break
        app.frame()
    assert table.laid is laid_out and len(layouts) == before, "laid out again as the cards landed"
    assert all(w in table.widgets for w in held) and table.model.landed()
    assert all(w in drawn for w in held)
    assert table.focus_item() is kept


@pytest.mark.parametrize("game_id, players", [("four_downs", 4), ("five_possessions", 2)])
def test_after_a_keyboard_move_the_ring_waits_for_continue_never_on_rules(app, game_id, players):  # noqa: F811
    """4 downs and 5 possessions from the keyboard (moment 11): Maya's moves made by real
    key presses (Enter on the item the keyboard rests on); while a down's or a line's
    outcome is held, the ring is on nothing as long as its cards fly and its callouts
    show (no Continue offered), then on Continue, where Enter acts; never on Rules, Menu
    or another button of the top bar."""
    app.settings.animation_speed = "normal"
    session = start_game(app, game_id, players, {0}, 4242)
    table = app.scene
    model, rng, moved, held, wrong = table.model, random.Random(4242), 0, 0, []
    for _ in range(4000):
        if session.is_over or app.scene is not table or held > 2 and moved:
            break
        if table.laid.cover == "hold" and model.hold.wait:
            focus = table.focus_item()
            continuing = getattr(focus, "label", None) == "Continue"
            if focus is not None and not continuing or continuing and focus not in table.widgets:
                wrong.append((getattr(focus, "label", focus), [call.words for call, _ in model.timeline.callouts]))
            if continuing and model.settled():
                held += 1
                press(app, pygame.K_RETURN)
                continue
        elif model.my_turn() and model.settled() and not table.busy() and model.legal and not model.ui.dialog:
            count = session.event_count()
            press(app, pygame.K_RETURN)        # the item the keyboard rests on: a card to play, a move
            for _ in range(3):
                lanes = table.open_lanes()      # a card picked for a lane: its lane's number
                if model.ui.selection and lanes:
                    press(app, pygame.K_1 + table.laid.board.lanes.index(min(lanes)))
                elif model.ui.dialog or model.ui.selection:
                    press(app, pygame.K_RETURN)
            if session.event_count() > count:
                moved += 1
            else:                              # Enter made no move here: one chosen by the keys' Tab and Enter
                model.ui.selection = []
                table.act(intents.Choose(choose(session.legal_actions(), rng)))
            continue
        app.frame()
    assert moved and held, (moved, held)
    assert not wrong, wrong[:3]


def play_the_first_hand(app, game_id, players, seed):
    """Play a game at instant speed, the person's moves random, to its first hand's
    scores screen; its session."""
    app.settings.animation_speed = "instant"
    session, rng = start_game(app, game_id, players, {0}, seed), random.Random(seed)
    for _ in range(3000):
        scene = app.scene
        if not isinstance(scene, scenes_table.TableScene):
            break
        if scene.model.hold.wait:
            scene.act(intents.Continue())
        elif scene.model.my_turn() and scene.model.legal:
            scene.act(intents.Choose(choose(session.legal_actions(), rng)))
        app.frame()
    assert not isinstance(app.scene, scenes_table.TableScene) and not session.is_over
    return session


@pytest.mark.parametrize("game_id, players", [("final_count", 3), ("four_downs", 4)])
def test_a_new_hands_deal_tells_only_the_cards_landed_of_the_new_hand(app, drawn, monkeypatch,  # noqa: F811
                                                                     game_id, players):
    """Final Count and 4 downs (moment 3): the first hand played to its end, its scores
    read, Next hand; while the second hand's deal flies, frame by frame, the table tells
    the new hand as the opening deal does: no name plate counts a card not landed yet
    (never the last hand's cards), no plate is lit (the first to play's, with the cards
    still flying: the walk), the top bar names no last hand ('Hand 1 scored') and the
    panel tells no readout (the last hand's caller, a colour); once it has landed, the
    plates count the new hands and the seat to play is lit."""
    plates = {}
    plate_words = table_draw.plate_words

    def spy_plates(*args, **kwargs):
        plates.update(plate_words(*args, **kwargs))
        return plates
    monkeypatch.setattr(table_draw, "plate_words", spy_plates)
    session = play_the_first_hand(app, game_id, players, 4242)
    app.settings.animation_speed = "normal"
    click_at(app, next(w for w in app.scene.widgets if w.label == "Next hand").rect.center)
    table, last = app.scene, session.state.view(0).facts["hand"]
    model, early, dealing = table.model, [], 0
    for _ in range(600):
        if dealing and not table.motion.flights:
            break
        if model.my_turn() and model.settled() and model.legal:     # the person deals
            table.act(intents.Choose(model.legal[0]))
        app.frame()
        zones = {z.key: z for z in model.view.zones}
        hands = {f.zone for f in table.motion.flights if f.zone in zones and zones[f.zone].kind == "hand"}
        if not hands:
            continue
        dealing += 1
        for seat in range(players):
            keys = [z.key for z in model.view.zones if z.owner == seat and z.kind == "hand"]
            landed = sum(zones[key].count for key in keys) - sum(f.zone in keys for f in table.motion.flights)
            if int(plates[seat][1].split()[0]) > landed:
                early.append(("plate", seat, plates[seat][1], landed))
        if table_draw.lit_seat(plates) is not None:
            early.append(("lit", table_draw.lit_seat(plates)))
        if f"Hand {last}" in drawn["top"]:
            early.append(("top", drawn["top"]))
        if drawn["panel"]:
            early.append(("panel", drawn["panel"]))
    assert dealing, "no deal seen flying"
    assert not early, early[:4]
    assert session.state.view(0).facts["hand"] == last + 1
    whole = {seat: sum(z.count for z in model.view.zones if z.owner == seat and z.kind == "hand")
             for seat in range(players)}
    assert all(plates[seat][1] == f"{n} in hand" for seat, n in whole.items()), (plates, whole)
    app.frame()
    assert table_draw.lit_seat(plates) == session.current_player is not None, plates


@pytest.mark.parametrize("game_id, players, seed", [("final_count", 3, 4242), ("four_downs", 4, 4242)])
def test_a_computer_deals_the_next_hand_at_once_never_showing_the_last_hand_again(app, drawn, game_id,  # noqa: F811
                                                                               players, seed):
    """The hand's end read and its scores too, Next hand: where a computer deals the next
    hand, its deal comes at the first frame, with no pause showing the last hand's table
    again ('Hand 1 scored · Theo deals the next hand' and hand 1's cards for a third of a
    second: the walk)."""
    session = play_the_first_hand(app, game_id, players, seed)
    last = session.state.view(0).facts["hand"]
    assert session.state.current_player != 0, "the person deals: no computer's deal to see"
    app.settings.animation_speed = "normal"
    click_at(app, next(w for w in app.scene.widgets if w.label == "Next hand").rect.center)
    for _ in range(3):
        app.frame()
        assert f"Hand {last} " not in drawn["top"], drawn["top"]
    assert session.state.view(0).facts["hand"] == last + 1
