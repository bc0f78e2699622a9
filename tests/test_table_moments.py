"""The last confusing moments of issue #37, each played with real events at the table
(the model stepped alone, or the app under a hidden window): the table's own rules of
presentation first, then each game's moments."""
import random

from scenes.table import intents
from scenes.table.session import Seat
from tests.test_table_model import frame, model_of, until


def test_a_name_typed_in_small_letters_opens_its_log_lines_as_typed_and_its_turn_stays_one_entry():
    """A player called 'theo' is 'theo' in every line, first word or not, so a turn's
    events join into one entry ('theo drew a card, played ...'), as a capitalised
    name's do."""
    model = model_of("final_card_down", [Seat("maya"), Seat("theo", False, "easy")], 3)
    rng = random.Random(3)
    for _ in range(6):
        until(model, model.my_turn)
        model.do(intents.Choose(rng.choice(model.legal)))
    until(model, model.my_turn)
    lines = model.log_lines()
    theirs = [line for line in lines if line.lower().startswith("theo ")]
    assert theirs and all(line.startswith("theo ") for line in theirs)
    assert not any(line.startswith(("Theo", "Maya")) for line in lines)
    # no entry of theo's follows another of theo's: a turn is one entry
    assert not any(a.startswith("theo ") and b.startswith("theo ") for a, b in zip(lines, lines[1:]))
