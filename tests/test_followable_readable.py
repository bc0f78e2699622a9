"""Every card readable, every number labelled: at 960x600 with the most players of each
mode no text is drawn under 13 pixels (on the cards too) and every name fits its plate;
any face-up card under the pointer shows enlarged; the scores say what they count."""
import random

import pygame
import pytest

from game import registry
from game.bots import base as bot_base
from scenes import app as app_module
from scenes.table import draw as table_draw
from scenes.table.session import Seat, Session, inline
from scenes.table.intents import Choose, Continue, Hint
from sprites import card_draw
from sprites import cards as card_sprites
from sprites import text as text_module
from tests.test_ui_play import choose

NAMES = ["Maya", "Theo", "Ines", "Kofi", "Sam", "Ana"]


class Spy:
    """The text module as the card faces use it, noting each size drawn (at the card's
    final size: a face is drawn SS times larger, then scaled down)."""

    def __init__(self, sizes):
        self.sizes = sizes

    def font(self, px):
        self.sizes.append(("card", px / card_draw.SS))
        return text_module.font(px)

    def __getattr__(self, name):
        return getattr(text_module, name)


@pytest.fixture
def small_app():
    a = app_module.App(size=(960, 600), frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "instant"
    a.settings.sound = False
    a.sounds.enabled = False
    a.frame()
    yield a
    pygame.quit()


def play_most_players(a, game_id, seed, on_turn, moves=40):
    """Play `game_id` with its most players on `a` (the person first, the computers at
    once), calling `on_turn(table)` at each of the person's turns before a random move;
    returns the table."""
    players = registry.GAMES[game_id].max_players
    seats = [Seat(NAMES[i], i == 0) for i in range(players)]
    session = Session(game_id, seats, {}, seed, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    table = a.scene
    rng = random.Random(seed)
    for move in range(moves):
        for _ in range(200):
            if a.scene is not table or (table.model.my_turn() and not table.busy()):
                break
            if table.model.hold.wait:
                table.act(Continue())
            a.frame()
        if a.scene is not table:
            break
        on_turn(table)
        table.act(Choose(choose(session.legal_actions(), rng)))
    return table


@pytest.mark.parametrize("game_id", list(registry.GAMES))
@pytest.mark.parametrize("colourblind", [False, True])
def test_followable_no_text_under_13_px_at_960x600_with_the_most_players(small_app, game_id, colourblind,
                                                                         monkeypatch):
    a = small_app
    a.settings.colourblind = colourblind
    card_sprites.clear()
    text_module.clear()
    sizes, words = [], []
    real = text_module.render
    monkeypatch.setattr(text_module, "render",
                        lambda w, px, colour: sizes.append((w, px)) or words.append(w) or real(w, px, colour))
    monkeypatch.setattr(card_draw, "text", Spy(sizes))

    def hover_cards(table):              # every third face-up card: its zoom
        for placed in [p for p in table.board.placed if p.face_up][::3]:
            table.pointer.hovered = placed
            table.draw(a.screen)
        table.pointer.hovered = None

    play_most_players(a, game_id, 11, hover_cards)
    a.scene.draw(a.screen)
    small = sorted({(w, px) for w, px in sizes if px < 13}, key=str)
    assert not small, f"text under 13 px: {small[:8]}"
    for name in NAMES[:registry.GAMES[game_id].max_players]:
        cut = [w for w in words if w.endswith("...") and (name.startswith(w[:-3]) and w[:-3] != name
                                                            or w[:-3].startswith(f"{name} ("))]
        assert not cut, f"{name}'s name is cut: {cut}"


def test_followable_any_face_up_card_under_the_pointer_shows_enlarged(small_app, monkeypatch):
    a = small_app
    seats = [Seat(n, i == 0) for i, n in enumerate(NAMES[:5])]
    session = Session("ktu", seats, {}, 5, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    table = a.scene
    rng = random.Random(1)
    while not any(p.face_up and p.zone == "faceup:2" for p in table.board.placed):
        if table.model.my_turn() and not table.busy():
            table.act(Choose(choose(session.legal_actions(), rng)))
        a.frame()
    theirs = next(p for p in table.board.placed if p.face_up and p.zone == "faceup:2")
    drawn = []
    real = card_sprites.shadowed
    monkeypatch.setattr(card_sprites, "shadowed", lambda card, w, h, *rest: drawn.append((card, w, h)) or
                        real(card, w, h, *rest))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a.screen.pixel((theirs.rect.left + 3,
                                                                                 theirs.rect.centery)),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    a.frame()
    a.scene.dirty = True
    a.frame()
    assert table.pointer.hovered is theirs
    zoom = a.screen.rect((0, 0, *table.model.presenter.zoom_size()))
    assert any(card is theirs.card and abs(w - zoom.w) <= 1 and abs(h - zoom.h) <= 1
               for card, w, h in drawn)                                 # shown at the zoom's size
    assert zoom.h >= 2 * a.screen.rect(theirs.rect).h


def test_followable_the_scores_say_what_they_count(small_app, monkeypatch):
    a = small_app
    words = []
    real = text_module.render
    monkeypatch.setattr(text_module, "render", lambda w, px, colour: words.append(w) or real(w, px, colour))
    seats = [Seat(n, i == 0) for i, n in enumerate(NAMES[:3])]
    session = Session("final_card_down", seats, {}, 5, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    a.scene.dirty = True
    a.frame()
    panel = " ".join(words)
    assert "Points in hand, lower is better" in panel and "a hidden score shows the cards held" in panel


def test_followable_colour_blind_letters_stay_on_small_lane_cards(small_app, monkeypatch):
    drawn = []

    class Font:
        def __init__(self, px):
            self.real = text_module.font(px)

        def size(self, words):
            return self.real.size(words)

        def render(self, words, *rest):
            drawn.append(words)
            return self.real.render(words, *rest)

    class Text(Spy):
        def font(self, px):
            return Font(px)

    monkeypatch.setattr(card_draw, "text", Text([]))
    card_sprites.clear()
    deck = registry.GAMES["five_possessions"].load_deck()
    card = next(c for c in deck.cards if c.color == "purple" and c.side == "defense")
    card_sprites.image(card, 38, 54, True, card.family)         # a lane card at 960x600
    assert f"{card.rank} P" in drawn and "DEF" in drawn
    drawn.clear()
    card_sprites.image(card, 38, 54, False, card.family)
    assert card.rank in drawn and "DEF" in drawn and not any("P" in words for words in drawn)


def test_followable_a_hint_stands_clear_of_the_viewers_own_cards(small_app):
    """KTU at 960x600 with the most players: the Hint's words cover neither the move it
    marks nor any of the person's own cards (hand, face-up and face-down reserve)."""
    a = small_app
    a.settings.thinking_time = 0.1
    players = registry.GAMES["ktu"].max_players
    seats = [Seat(NAMES[i], i == 0) for i in range(players)]
    session = Session("ktu", seats, {}, 5, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    table = a.scene
    rng = random.Random(5)
    for _ in range(400):
        if table.model.my_turn() and not table.busy():
            if any(p.zone == "faceup:0" for p in table.board.placed):
                break
            table.act(Choose(choose(session.legal_actions(), rng)))
        if table.model.hold.wait:
            table.act(Continue())
        a.frame()
    table.act(Hint())
    a.frame()
    a.frame()
    words = table.model.ui.message
    assert words.startswith("Hint: ")
    box = pygame.Rect(*map(int, table.pointer.message_spot), int(table_draw.message_width(a.screen, table.board,
                                                                                          words)), 32)
    own = [p for p in table.board.placed if p.zone in table.board.own_zones or p.hinted]
    assert {p.zone for p in own} >= {"hand:0", "faceup:0", "facedown:0"}
    covered = [(p.zone, p.index) for p in own if box.colliderect(p.rect)]
    assert not covered, f"the hint covers {covered}"


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_followable_the_top_bar_never_cuts_its_words_at_960x600(small_app, game_id, monkeypatch):
    """With the most players of each mode, every prompt the top bar shows and every event
    it toasts (drawn while the person is to play, the Hint and Undo buttons there too) is
    drawn whole on one line or two at 13 px or more; only words too many for two lines end
    in an ellipsis, after a whole word and never before the first 60 characters."""
    a = small_app
    drawn, cut = [], []
    real_render = text_module.render
    monkeypatch.setattr(text_module, "render",
                        lambda w, px, colour: drawn.append((w, px)) or real_render(w, px, colour))

    def whole(real, words_of):
        def spy(screen, *args, **kwargs):
            drawn.clear()
            result = real(screen, *args, **kwargs)
            words, lines = words_of(args), [w for w, px in drawn]
            shown = next((" ".join(lines[k:]) for k in range(len(lines) + 1)
                          if words.startswith(" ".join(lines[k:]).removesuffix("..."))), "")
            if shown != words and not (shown.endswith("...") and len(shown) > 60 and
                                       words[len(shown) - 3:].startswith(" ")):
                cut.append((words, lines))
            assert all(px >= 13 for w, px in drawn)
            return result
        return spy

    monkeypatch.setattr(table_draw, "top_bar", whole(table_draw.top_bar, lambda args: args[1]))
    monkeypatch.setattr(table_draw, "toast", whole(table_draw.toast, lambda args: args[0].toast() or ""))
    toasted = set()

    def toast_news(table):
        for line in set(table.model.log_lines()) - toasted:
            table.motion.toasts = [[line, 0.0, 1.0]]
            table.draw(a.screen)
            toasted.add(line)
        table.motion.toasts = []

    play_most_players(a, game_id, 11, toast_news)
    assert len(toasted) > 10
    assert not cut, f"cut in the top bar: {cut[:4]}"


def test_followable_settings_explains_every_undo_choice_in_one_line(small_app, monkeypatch):
    from scenes import config
    from scenes.screens.settings import SettingsScene
    from sprites import palette
    from tests.test_ui_play import click_widget
    drawn = []
    real = text_module.render
    monkeypatch.setattr(text_module, "render",
                        lambda words, px, colour: drawn.append((words, px, colour)) or real(words, px, colour))
    click_widget(small_app, lambda w: w.label == "Settings")
    assert isinstance(small_app.scene, SettingsScene)
    for _ in range(len(config.UNDO_NAMES)):
        drawn.clear()
        small_app.scene.draw(small_app.screen)
        lines = {words.split(": ")[0]: (words, px, colour) for words, px, colour in drawn if ": " in words}
        for choice, name in config.UNDO_NAMES.items():       # every choice, each in one whole line
            words, px, colour = lines[name]
            assert px >= 13 and not words.endswith("…") and len(words) > len(name) + 12
            assert (colour == palette.GOLD) is (choice == small_app.settings.undo)    # the one set marked
        click_widget(small_app, lambda w: w.key == "Undo")


def hint_drawn(a, table, monkeypatch):
    """Ask for the Hint on the person's turn; its words and the lines drawn in the frame
    that shows them."""
    table.act(Hint())
    for _ in range(10):
        a.frame()
    words = table.model.ui.message
    drawn = []
    with monkeypatch.context() as patch:
        render = text_module.render
        patch.setattr(text_module, "render", lambda line, *args: drawn.append(line) or render(line, *args))
        table.dirty = True
        a.frame()
    return words, drawn


# The longest reason a hint gives (5 possessions' offense card in an open lane).
LONGEST_REASON = ("an open lane, where purple and blue dots are counted, your card's 5 against those of "
                  "the defense card opposite; only more dots win the lane (the card's number does "
                  "not count)")


@pytest.mark.parametrize("game_id, size", [(game_id, size) for game_id in registry.GAMES
                                            for size in ((1280, 720), (1600, 1000))])
def test_followable_a_hint_is_said_whole_and_clear_of_the_viewers_places(game_id, size, monkeypatch):
    """Every mode at 1280x720 and 1600x1000, the Hint asked on the person's first turns:
    its words are drawn whole, wrapped rather than cut however long the reason (every
    reason here as long as the longest the games give: 5 possessions' open lane), within
    the table, and clear of the person's own cards, of the places their cards go (whoever
    the game says owns them: 5 possessions' 'your line' slots in the lanes, on a defense
    turn too) and of the cards the hint marks."""
    a = app_module.App(size=size, frame_seconds=1 / 60, executor=inline)
    a.settings.animation_speed = "instant"
    monkeypatch.setattr(bot_base.Bot, "explain", lambda *args: LONGEST_REASON)
    a.settings.thinking_time = 0.1
    players = registry.GAMES[game_id].min_players
    session = Session(game_id, [Seat(NAMES[i], i == 0) for i in range(players)], {}, 7, executor=inline)
    a.scene.go("table", session=session, viewer=None, events_seen=0, curtains=[])
    a.frame()
    table, rng, hints = a.scene, random.Random(7), []
    for _ in range(3000):
        if a.scene is not table or len(hints) == 8:
            break
        if table.model.my_turn() and not table.busy():
            words, drawn = hint_drawn(a, table, monkeypatch)
            assert words.startswith("Hint: ")
            said = " ".join(line for line in drawn if line and line.split()[0] in words)
            assert all(word in said.split() for word in words.split()), (words, drawn)
            board = table.board
            box = table_draw.message_box(a.screen, board, words, table.pointer.message_spot)
            assert 0 <= box.left and box.right <= board.table_w
            owner = table.model.presenter.owners(table.model.view)
            mine = {key for key, seat in owner.items() if seat == 0}
            own = [(p.zone, p.index) for p in board.placed
                   if (p.zone in mine or p.hinted) and box.colliderect(p.rect)]
            places = [key for key, place in board.boxes.items()
                      if key in mine and box.colliderect(pygame.Rect(*map(int, place)))]
            assert not own and not places, (words, own, places)
            hints.append(len(table_draw.message_lines(a.screen, board, words)))
            table.act(Choose(choose(session.legal_actions(), rng)))
        if table.model.hold.wait:
            table.act(Continue())
        a.frame()
    assert hints and max(hints) > 1, hints          # a reason too long for one line was seen
