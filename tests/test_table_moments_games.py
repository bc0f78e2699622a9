"""More confusing moments of issue #37, each played with real events at the table (the
model stepped alone, or the app under a hidden window) from stacked decks or seeds:
Deadline's crowded seats, its Midterm prompt and its exchange's note, KTU's log of
shown cards and burns, Final Count's die and its enlarged card (the rulings cited:
docs/rulings/deadline.md, docs/rulings/ktu.md, docs/rulings/final_count.md)."""
from scenes import config
from scenes.table import intents
from scenes.table.director import Director
from scenes.table.model import TableModel
from scenes.table.presenters import presenter_for
from scenes.table.session import Seat, Session, inline
from tests.test_deadline import game_at_midterm


def model_at(state, humans=(0,), speed="instant"):
    """The model of a table playing `state`, a game already begun (people at `humans`,
    computers elsewhere)."""
    names = ["Maya", "Theo", "Ines", "Kofi", "Sam"]
    seats = [Seat(names[i], i in humans, "easy") for i in range(state.players)]
    session = Session(state.game_id, seats, dict(state.options), state.chance.seed, state=state, executor=inline)
    return TableModel(session, Director(), presenter_for(session.info), config.Settings(animation_speed=speed),
                      events_seen=session.event_count())


def test_at_the_midterm_the_prompt_names_every_set_and_run_still_in_the_hand():
    """Deadline, Maya's Midterm (A11) with two Kings, the 4 and 5 of clubs and the 4 of
    diamonds: the top bar names all three groups that keep Finish exam away; once the
    Kings are laid down it names the other two; once none is left it offers Finish exam."""
    state = game_at_midterm({0: ["KC", "KS", "4C", "5C", "4D"]})
    model = model_at(state)
    assert model.my_turn() and model.view.facts["step"] == "exam"
    prompt = model.prompt()
    assert all(group in prompt for group in ("two Kings", "4-5 of clubs", "two 4s")), prompt
    assert "Finish exam comes once no set or run is left" in prompt
    hand = {c.name: c for c in state.hands[0]}
    for name in ("KC", "KS"):
        model.do(intents.Choose(next(a for a in model.legal if a.kind == "group" and a.cards[0] is hand[name])))
    model.do(intents.Choose(next(a for a in model.legal if a.kind == "submit")))
    prompt = model.prompt()
    assert "4-5 of clubs" in prompt and "two 4s" in prompt and "Kings" not in prompt, prompt
    for name in ("4C", "5C"):
        model.do(intents.Choose(next(a for a in model.legal if a.kind == "group" and a.cards[0] is hand[name])))
    model.do(intents.Choose(next(a for a in model.legal if a.kind == "submit")))
    assert any(a.kind == "finish_exam" for a in model.legal)
    assert "press Finish exam" in model.prompt(), model.prompt()
