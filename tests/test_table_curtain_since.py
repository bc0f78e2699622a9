"""Pass-and-play: the curtain says what happened since the person coming back last had
the screen (why it is their turn again), and a card of theirs another took meanwhile is
said to them once they are back (walk C, wave 13)."""
import random

from game.core import SharedEvent
from scenes.table import intents
from scenes.table.session import Seat
from tests.test_table_model import frame, model_of, until


def play_until(model, rng, seen, limit=600):
    """Play random legal moves for the people (Ready at each curtain), calling
    `seen(model)` as each curtain rises; stops once it returns True."""
    for _ in range(limit):
        until(model, lambda: model.looking.curtain is not None or model.my_turn() or model.session.is_over)
        if model.session.is_over:
            return False
        if model.looking.curtain is not None:
            if seen(model):
                return True
            model.do(intents.Ready())
            frame(model)
            continue
        model.do(intents.Choose(rng.choice(model.legal)))
    return False


def test_ktu_s_curtain_for_the_same_person_again_says_who_was_skipped():
    """KTU, Maya and Theo at one screen with Ines a computer: when the curtain rises for
    Theo right after his own turn (an 8 skipped Maya), it says so: 'Since Theo's last
    turn' lists the moves, the skip among them."""
    found = []

    def seen(model):
        person = model.looking.curtain
        if model.looking.shown != person or model.looking.since(person) is None:
            return False
        words = model.since_words(person)
        found.append(words)
        assert words and any("skipped" in line for line in words), words
        return True
    for seed in range(12):
        model = model_of("ktu", [Seat("Maya"), Seat("Theo"), Seat("Ines", False, "easy")], seed)
        if play_until(model, random.Random(seed), seen):
            break
    assert found


def test_deadline_person_back_at_the_screen_is_told_of_the_card_another_took():
    """Deadline, Maya and Theo at one screen with Ines a computer: a card Theo took blind
    from Maya's hand is said to Maya as she comes back to the screen, her own hand named
    hers ('Theo took King of clubs blind from your hand'), as it is to one who watched it
    go (walkC16 #14: '... from Maya's hand' on Maya's own screen)."""
    told = []
    for seed in range(12):
        model = model_of("deadline", [Seat("Maya"), Seat("Theo"), Seat("Ines", False, "easy")], seed)
        rng = random.Random(seed)

        def seen(model):
            person = model.looking.curtain
            start = model.looking.since(person)
            if start is None:
                return False
            taken = [e for e in model.session.events_since(start) if e.kind == SharedEvent.MOVE
                     and e.src == f"hand:{person}" and e.seat not in (None, person)]
            if not taken:
                return False
            model.do(intents.Ready())
            frame(model)
            told.append(model.ui.message)
            name = model.session.name(person)
            assert "blind from your hand" in model.ui.message and model.looking.viewer == person, model.ui.message
            assert name not in model.ui.message, model.ui.message
            return True
        if play_until(model, rng, seen):
            break
    assert told
