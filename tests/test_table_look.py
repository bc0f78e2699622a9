"""How the table looks, through real events at the window: a card taken up under the
pointer leaves no copy of itself in its place; Enter never starts on a bold move (a
knock, a fold); other seats sit on the felt under compact plates with avatars made from
their names, the player to move lit."""
import pygame

from scenes.table.layout import hover_rect
from sprites import avatar, felt, palette
from sprites import cards as card_sprites
from scenes.table.session import Seat, Session, inline
from tests.test_ui_play import app, perform, press, settle  # noqa: F401
from tests.test_ui_saves import start_game


def point_at(a, logical):
    pos = a.screen.pixel(logical)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    a.frame()


def test_a_raised_card_under_the_pointer_leaves_no_ghost_of_itself(app):
    """A Play Design card of the hand, raised (a move may take it) and under the pointer,
    is drawn once, taken up: the band of its place below the taken-up card shows the
    felt, not the card's own face again (#37: "drawn over a ghost copy of itself")."""
    start_game(app, "four_downs", 4, {0}, 17)
    settle(app)
    table = app.scene
    placed = next(p for p in table.board.hand_cards() if p.raised)
    point_at(app, placed.rect.center)
    assert table.pointer.hovered is placed
    place, up = app.screen.rect(placed.rect), app.screen.rect(hover_rect(placed, table.board))
    assert up.bottom < place.bottom
    face = card_sprites.image(placed.card, place.w, place.h, False, table.model.presenter.family, None)
    band = pygame.Rect(place.x + place.w // 4, up.bottom + 2, place.w // 2, place.bottom - up.bottom - 4)
    same = sum(app.screen.surface.get_at((x, y))[:3] == face.get_at((x - place.x, y - place.y))[:3]
               for x in range(band.left, band.right) for y in range(band.top, band.bottom))
    assert same < band.w * band.h / 10, f"{same} of {band.w * band.h} pixels below it are the card's face"


def open_table(a, session):
    a.scene.persist = {"session": session, "viewer": None, "events_seen": 0, "curtains": []}
    a.switch("table")
    a.frame()


def test_enter_at_the_knock_window_passes_and_at_a_knock_calls(app):
    """4 downs with knocking: at the knock window before a lead, the keyboard starts on
    Pass, not on Knock (a knock raises the stake for everyone); answering a knock, on
    Call, not Fold (#37: "On the knock prompt Enter knocks")."""
    seats = [Seat("Maya", True), Seat("Theo", True)]
    session = Session("four_downs", seats, {"pd.knocking": "on"}, seed=3, executor=inline)
    open_table(app, session)
    answered = set()
    for _ in range(12):
        settle(app)
        table = app.scene
        if table.model.looking.curtain is not None:
            press(app, pygame.K_RETURN)             # Ready, the device passed
            continue
        step = session.state.view(None).facts["step"]
        if step not in ("knock", "respond"):
            break
        before = len(session.submitted)
        press(app, pygame.K_RETURN)
        made = session.submitted[before][1]
        assert made.kind == ("pass" if step == "knock" else "call"), f"Enter at the {step} step made {made}"
        answered.add(step)
        if step == "knock":                          # the other one knocks, for the answer to come
            settle(app)
            if app.scene.model.looking.curtain is not None:
                press(app, pygame.K_RETURN)
                settle(app)
            if session.state.view(None).facts["step"] == "knock":
                knock = next(a for a in session.legal_actions() if a.kind == "knock")
                perform(app, knock)
    assert answered == {"knock", "respond"}


def test_an_avatar_is_made_from_the_name_and_lit_for_the_player_to_move(app):
    """The avatar: the name's initials on a disc whose colour the name picks (the same
    name, the same disc, whoever looks: 'Maya (you)' on her turn at one computer is Maya's
    disc on Theo's; never the gold of the player to move), ringed in gold when lit."""
    assert [avatar.initials(name) for name in ("Maya", "Player 2", "Maya (you)", "You")] == ["M", "P2", "M", "Y"]
    assert avatar.colour("Theo") == avatar.colour("Theo") != avatar.colour("Ines")
    assert avatar.colour("Theo (you)") == avatar.colour("Theo")    # walkC15 #13: at one computer each
    assert avatar.image("Maya (you)", 40).get_at((20, 20)) == avatar.image("Maya", 40).get_at((20, 20))  # keeps hers
    lit, unlit = avatar.image("Theo", 40, True), avatar.image("Theo", 40, False)
    edge = (20, 1)                                     # on the disc's ring, at its top
    assert lit.get_at(edge)[:3] == palette.GOLD and unlit.get_at(edge)[:3] != palette.GOLD
    assert all(avatar.colour(name) != palette.GOLD for name in ("Sam", "Lena", "Kofi", "Ada", "Ben"))


def test_other_seats_sit_on_the_felt_under_compact_plates(app):
    """No large panel behind another seat's cards: where its old panel lay empty the felt
    shows as it is; its name plate is no wider than its name, avatar and count need, and
    the player to move's avatar is ringed in gold (#36 point 5)."""
    start_game(app, "four_downs", 4, {0}, 17)
    settle(app)
    table = app.scene
    board, surface = table.board, app.screen.surface
    cloth = felt.image(*surface.get_size())
    for seat, (x, y, w, h) in board.seat_panels.items():
        cards = [p.rect for p in board.placed if p.zone in {z.key for z in table.model.view.zones if z.owner == seat}]
        empty = app.screen.pixel((x + w - 12, y + h - 12))
        assert not any(r.collidepoint(x + w - 12, y + h - 12) for r in cards)
        assert surface.get_at(empty) == cloth.get_at(empty), f"a panel lies behind seat {seat}'s cards"
        px, py, pw = board.plates[seat]
        right = app.screen.pixel((px + pw - 4, py + 15))
        assert surface.get_at(right) == cloth.get_at(right), f"seat {seat}'s plate spans its whole place"
    current = table.model.view.current_player
    px, py, _ = board.plates[current]
    ring = app.screen.pixel((px + 19, py + 15 - 19 + 1))
    assert surface.get_at(ring)[:3] == palette.GOLD


def test_the_keyboards_mark_on_a_card_is_not_a_picked_cards_blue(app):  # noqa: F811
    """From the keyboard: the card the keyboard is on is ringed in white, a picked card
    in blue, so the two never look alike (walk: 5 possessions from the keyboard)."""
    start_game(app, "ktu", 2, {0}, 5)
    settle(app)
    table = app.scene
    press(app, pygame.K_RIGHT)                   # the keyboard is in use: its mark shows
    item = table.focus_item()
    assert item in table.laid.cards
    app.frame()
    surface = pygame.display.get_surface()
    r = app.screen.rect(hover_rect(item, table.board))      # lifted, as a card under the pointer is
    above = [surface.get_at((r.centerx, r.top - k))[:3] for k in range(1, 14)]
    assert palette.FOCUS in above and palette.SELECT not in above, above
