"""The last confusing moments of issue #37 in Play Design's two modes, each played with
real events at the table (the app under a hidden window, or the model stepped alone):
the table's own rules of presentation first (the panel and the hand say nothing the
table has not shown), then each mode's words (the rulings cited: docs/rulings/play_design.md)."""
import random

from scenes.table import draw as table_draw
from scenes.table import intents
from scenes.table.session import Seat, Session, inline
from tests.test_ui_play import app, choose  # noqa: F401


def four_downs_at_the_table(a, seed=4242):
    """4 downs at the normal pace, Maya against three computers, the table open."""
    a.settings.animation_speed = "normal"
    seats = [Seat("Maya")] + [Seat(name, False, "easy") for name in ("Theo", "Ines", "Kofi")]
    session = Session("four_downs", seats, {}, seed, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    return session


def test_the_side_panel_never_names_a_card_still_face_down_in_flight(app, monkeypatch):  # noqa: F811
    """4 downs against computers: while a computer's card flies face down to its Played
    slot, the side panel does not name it (as Theo's, or as the lead): it tells the
    table as it stood before, and names the card once it has landed face up."""
    seen, named_early = [], []
    real = table_draw.side_panel

    def side_panel(screen, view, presenter, names, *args, **kwargs):
        words = " ".join(f"{label}: {value}" for label, value, _ in presenter.readouts(view, names))
        for flight in app.scene.motion.flights:
            progress = flight.progress()
            face_down = flight.flip and (progress is None or progress < 0.5)
            if face_down and flight.card is not None and flight.zone.startswith("played:"):
                seen.append(flight.card.spoken)
                if flight.card.spoken in words:
                    named_early.append((flight.card.spoken, words))
        return real(screen, view, presenter, names, *args, **kwargs)
    monkeypatch.setattr(table_draw, "side_panel", side_panel)
    session = four_downs_at_the_table(app)
    table = app.scene
    rng = random.Random(1)
    for _ in range(3000):
        model = table.model
        if session.is_over or len(seen) > 12 or app.scene is not table:
            break
        if model.hold.wait and model.settled():
            table.act(intents.Continue())
        if model.my_turn() and model.settled() and not table.busy():
            table.act(intents.Choose(choose(session.legal_actions(), rng)))
        app.frame()
    assert len(seen) > 12, "too few cards seen in flight"
    assert not named_early, named_early[:3]
