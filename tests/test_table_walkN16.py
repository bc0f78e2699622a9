"""Wave 16's moments of the side panel, the hand, the blind exchange, the rules' words
(walkA16, walkC16), each played with real events at the table
or on its screen."""
import random

import pygame

from game import registry
from game.bots import make_bot
from scenes.table import draw as table_draw
from scenes.table.layout import PANEL_W
from scenes.table.presenters import presenter_for
from scenes.table.session import Seat, Session, inline
from sprites import text as text_module
from tests.test_ui_play import new_app

NAMES = ["Maya", "Theo", "Ines", "Sam", "Lena"]


def drawn_words(monkeypatch):
    """Every line of text the app renders from now on."""
    drawn = []
    real = text_module.render
    monkeypatch.setattr(text_module, "render", lambda words, px, colour: drawn.append(words) or real(words, px, colour))
    return drawn


def final_exam_with_long_facts(screen):
    """Deadline with 5 students, Medium's moves, at Maya's turn in the Final Exam once the
    side panel's facts (each student's assignments, the Jokers) take 17 lines or more."""
    presenter = presenter_for(registry.game_info("deadline"))
    bot = make_bot("medium", "deadline")
    state = registry.new_game("deadline", 5, 18)
    rng = random.Random(18)

    def tall():
        return sum(len(screen.wrap(f"{label}: {value}", text_module.READ, PANEL_W - 50))
                   for label, value, _ in presenter.readouts(state.view(0), NAMES))
    while not (state.current_player == 0 and tall() >= 17):
        state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
    return state


def test_the_side_panels_facts_never_push_the_moves_out(monkeypatch):
    """walkA16 #14: Deadline, 5 students, 960x600, Final Exam: the Scores panel's facts
    grew so long that Moves showed only its heading. The facts leave Moves its lines (the
    newest move is drawn, whole), the long facts are shortened ('...'), and each
    shortened fact is shown whole while the pointer is over it."""
    app = new_app((960, 600))
    try:
        screen = app.screen
        state = final_exam_with_long_facts(screen)
        seats = [Seat(NAMES[i], i == 0) for i in range(5)]
        session = Session("deadline", seats, {}, state.chance.seed, state=state, executor=inline)
        app.scene.go("table", session=session, viewer=0, events_seen=session.event_count(), curtains=[])
        app.frame()
        drawn = drawn_words(monkeypatch)
        app.scene.invalidate()
        app.frame()
        table = app.scene
        newest = table.log_lines()[-1]
        lines = screen.wrap(newest, text_module.READ, PANEL_W - 28)
        assert all(line in drawn for line in lines), newest
        cut = table.cut_facts
        assert cut, "the facts took the log's room, yet none was shortened"
        rect, words = cut[0]
        drawn.clear()
        x, y, w, h = rect
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen.pixel((x + w / 2, y + h / 2)),
                                             rel=(0, 0), buttons=(0, 0, 0)))
        app.frame()
        whole = screen.wrap(words, text_module.READ, PANEL_W + 60 - 24)
        assert all(line in drawn for line in whole), (words, drawn[-8:])
        assert table_draw.fact_under(cut, table.pointer_at) == (rect, words)
    finally:
        pygame.quit()


def test_a_blind_take_from_a_hand_of_one_card_says_its_last_card(monkeypatch):
    """walkA16 #13: Deadline, 5 students, exchange, Lena holds one card: the prompt read
    'click one of Lena's 1 card to take it blind' and the button 'Take from Lena's hand:
    card 1' (wrapped). With one card left, the prompt says 'click Lena's last card' and
    the button 'Take Lena's last card'."""
    state = registry.new_game("deadline", 5, 113)
    rng = random.Random(113)
    while not (state.current_player == 0 and (state.view(0).facts.get("exchange") or {}).get("positions") == 1):
        state.apply(rng.choice(state.legal_actions()))
    app = new_app((960, 600))
    try:
        seats = [Seat(NAMES[i], i == 0) for i in range(5)]
        session = Session("deadline", seats, {}, state.chance.seed, state=state, executor=inline)
        app.scene.go("table", session=session, viewer=0, events_seen=session.event_count(), curtains=[])
        for _ in range(200):
            app.frame()
            if app.scene.model.my_turn() and not app.scene.busy():
                break
        table = app.scene
        prompt = table.model.prompt()
        assert "click Lena's last card to take it blind" in prompt, prompt
        assert "1 card" not in prompt
        labels = [w.label for w in table.laid.widgets]
        assert "Take Lena's last card" in labels, labels
        assert not any("card 1" in label for label in labels), labels
    finally:
        pygame.quit()


def test_the_rules_say_where_final_card_downs_binary_squares_show_at_every_size(monkeypatch, tmp_path):
    """walkA16 #2: Final Card-Down's Rules said a card shown large 'in your hand, on the
    pile' has four small squares spelling its value in binary, but at 960x600 no card on
    the table showed them. At 960x600 and at 1280x720, the card pointed at, shown
    enlarged, draws them; where the hand's cards draw none, the Rules' words promise them
    on the card pointed at, and on the hand and the pile only in a large window."""
    from sprites import cards as card_sprites
    from sprites import hex_faces
    from tests.test_ui_play import settle
    from tests.test_ui_saves import start_game
    with open("game/final_card_down/rulebook.md", encoding="utf-8") as book:
        sentence = next(line for line in book if "four small squares" in line)
    with_bits = []
    real = card_sprites._FACES["hex"]
    monkeypatch.setitem(card_sprites._FACES, "hex", lambda card, w, h, cb: with_bits.append(
        (card.name, h >= hex_faces.FULL_H)) or real(card, w, h, cb))
    for size in ((960, 600), (1280, 720)):
        monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / str(size[0])))
        app = new_app(size)
        try:
            start_game(app, "final_card_down", 3, {0}, 4242)
            settle(app)
            table = app.scene
            monkeypatch.setattr(card_sprites, "_CACHE", {})
            with_bits.clear()
            table.invalidate()
            app.frame()
            hand = table.board.hand_cards()
            hand_bits = any(bits for name, bits in with_bits if name in {p.card.name for p in hand})
            with_bits.clear()
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.pixel(hand[0].rect.center),
                                                 rel=(0, 0), buttons=(0, 0, 0)))
            app.frame()
            assert table.pointer.hovered is not None
            assert any(bits for name, bits in with_bits if name == hand[0].card.name), (size, with_bits)
            assert "point at" in sentence, sentence
            if not hand_bits:
                assert "in your hand, on the pile)" not in sentence and "large window" in sentence, (size, sentence)
        finally:
            pygame.quit()
