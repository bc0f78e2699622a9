"""Deadline where walker C of wave 16 stumbled (issue #37): its lesson and pass-and-play,
played at the real table."""
from tests.test_ui_lesson_honest import stops_with_panel
from tests.test_ui_play import app  # noqa: F401


def test_the_joker_line_before_anything_is_laid_uses_only_words_already_taught(app):  # noqa: F811
    """walkC16 #15: at the lesson's first step the Scores panel's Joker line says what a
    Joker will cancel in words the lesson has taught (assignments, sets and runs), not
    'completed assignment' and 'extra credit' that come much later (the walk: jargon on
    the very first screen, the coach's words beside it silent on the Joker)."""
    for coach, rows in stops_with_panel(app, "deadline"):
        joker = next(row for row in rows if str(row).startswith("Your Joker"))
        break
    said = str(joker).lower()
    assert "assignment" in said and "another student" in said, said
    assert "completed" not in said and "extra credit" not in said, said


def test_one_who_takes_last_in_an_exchange_sees_the_card_before_passing_on():
    """walkC16 #13: pass-and-play, Maya, Theo and Ines at one screen: Ines takes last in
    the exchange, so the card joins her hand at once; before the curtain falls for Maya
    she is shown which card she got (its name held on the table until she goes on), and
    only then is the device passed (the walk: straight to 'Pass to Maya. Ready?', the
    card unseen)."""
    import random
    from scenes.table import intents
    from scenes.table.session import Seat
    from tests.test_table_model import frame, model_of, until
    model = model_of("deadline", [Seat("Maya"), Seat("Theo"), Seat("Ines")], 5, speed="normal")
    rng = random.Random(5)
    for _ in range(200):
        until(model, lambda: model.looking.curtain is not None or model.my_turn(), limit=5000)
        if model.looking.curtain is not None:
            model.do(intents.Ready())
            frame(model)
            continue
        if model.legal[0].kind == "take" and model.looking.viewer == 2:
            break
        model.do(intents.Choose(rng.choice(model.legal)))
    else:
        raise AssertionError("Ines never took in an exchange")
    before = {c.name for c in model.view.zone("hand:2").cards}
    model.do(intents.Choose(rng.choice(model.legal)))
    until(model, lambda: model.hold.waiting or model.looking.curtain is not None, limit=5000)
    [got] = [c for c in model.session.view(2).zone("hand:2").cards if c.name not in before]
    assert model.looking.curtain is None and model.looking.viewer == 2, "the device waits for Ines"
    words = " ".join(o.words for o in model.hold.outcomes)
    assert got.spoken in words and words.startswith("You took ") and "from Theo's hand" in words, words
    model.do(intents.Continue())
    until(model, lambda: model.looking.curtain is not None, limit=5000)
    assert model.looking.curtain == 0
