"""Decks from YAML: the shipped decks, the loader's errors on broken files, and a card's words."""
import threading
import time
from functools import lru_cache

import pytest

from game import cards
from game.cards import DeckError, combined_deck, load_deck, read_deck_file, with_article


def test_shipped_decks_have_their_compositions():
    standard = load_deck("standard52")
    assert len(standard) == 52 and len(standard.by_name) == 52
    assert standard.copies("10H")[0].value == 10 and standard.copies("QS")[0].color == "black"
    jokers = load_deck("standard54").copies("JK")
    assert len(jokers) == 2 and jokers[0] is not jokers[1]
    hex800 = load_deck("hex800")
    assert len(hex800) == 800 and len(hex800.by_name) == 400
    d = hex800.copies("D/blue/questions")[0]
    assert (d.value, d.color, d.suit) == (13, "blue", "questions")
    white = load_deck("pd_white")
    assert len(white) == 28 and white.copies("OB4")[0].formation == "Pistol"
    assert white.copies("OB4")[0].back == "white"
    assert load_deck("pd_black").copies("DO7")[0].back == "black"
    for deck in (standard, hex800, white):
        assert [c.id for c in deck] == list(range(len(deck)))


@pytest.mark.parametrize("words,said", [
    ("8", "an 8"), ("11", "an 11"), ("18", "an 18"), ("7", "a 7"), ("2", "a 2"), ("10", "a 10"),
    ("Ace", "an Ace"), ("Queen", "a Queen"), ("Joker", "a Joker"), ("A", "an A"), ("F", "an F"),
    ("E", "an E"), ("D", "a D"), ("B", "a B"), ("orange card", "an orange card"),
    ("offense card", "an offense card"), ("green card", "a green card"), ("one-eyed Jack", "a one-eyed Jack")])
def test_a_card_s_words_take_the_article_a_player_says(words, said):
    assert with_article(words) == said


def test_combined_deck_prefixes_the_back():
    both = combined_deck("pd_white", "pd_black")
    assert len(both) == 56
    assert both.copies("W:OB4")[0].back == "white"
    assert both.copies("K:OB4")[0].back == "black"


def test_stack_puts_named_cards_on_top_and_keeps_the_rest_in_order():
    deck = load_deck("standard54")
    order = deck.stack(["JK", "10H", "JK"])
    assert [c.name for c in order[:3]] == ["JK", "10H", "JK"]
    assert order[0] is not order[2]
    assert len(order) == 54 and len({c.id for c in order}) == 54
    assert [c.name for c in deck.stack(["AS"], full_deck=False)] == ["AS"]
    with pytest.raises(ValueError, match="more times than"):
        deck.stack(["JK", "JK", "JK"])
    with pytest.raises(ValueError, match="unknown card name '1H'"):
        deck.stack(["1H"])


def test_unknown_deck():
    with pytest.raises(ValueError, match="unknown deck 'tarot'"):
        load_deck("tarot")


BROKEN = [
    ("family: standard\nranks: [A]\nsuits: [S]\ncopies: 1\n", "missing key(s) jokers"),
    ("family: standard\nranks: [A]\nsuits: [S]\ncopies: 1\njokers: 0\ncolour: red\n",
     "unknown key(s) colour"),
    ("family: standard\nranks: [A, 11]\nsuits: [S]\ncopies: 1\njokers: 0\n",
     "ranks: 11 is not a string"),
    ("family: standard\nranks: [A, \"1\"]\nsuits: [S]\ncopies: 1\njokers: 0\n",
     "ranks: '1' is not one of"),
    ("family: standard\nranks: [A, A]\nsuits: [S]\ncopies: 1\njokers: 0\n",
     "ranks: lists the same entry twice"),
    ("family: standard\nranks: [A]\nsuits: [S]\ncopies: 0\njokers: 0\n",
     "copies: expected a whole number from 1 to 8, found 0"),
    ("family: hex\nvalues: [\"0\"]\ncolors: [pink]\nsuits: [hearts]\ncopies: 2\n",
     "colors: 'pink' is not one of"),
    ("family: tarot\n", "family: 'tarot' is not one of"),
    ("- just a list\n", "deck: expected a mapping"),
    ("family: [unclosed\n", "is not valid YAML"),
    ("", "deck: expected a mapping"),
]


@pytest.mark.parametrize("text,problem", BROKEN)
def test_broken_deck_files_name_the_file_the_entry_and_the_problem(tmp_path, text, problem):
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    with pytest.raises(DeckError) as info:
        read_deck_file(str(path))
    assert str(path) in str(info.value)
    assert problem in str(info.value)


def test_missing_file(tmp_path):
    with pytest.raises(DeckError, match="cannot be read"):
        read_deck_file(str(tmp_path / "none.yaml"))


def test_cards_have_the_names_players_say():
    standard = load_deck("standard54")
    assert [standard.copies(n)[0].spoken for n in ("10H", "QS", "JK")] == [
        "10 of hearts", "Queen of spades", "Joker"]
    black, white = load_deck("pd_black").copies("DO7")[0], load_deck("pd_white").copies("DO7")[0]
    assert black.spoken == white.spoken == "Defense orange 7"
    hex_card = load_deck("hex800").cards[0]
    assert hex_card.spoken == f"{hex_card.rank} {hex_card.color} {hex_card.suit}"


def test_threads_loading_a_deck_at_once_share_one_copy(monkeypatch):
    read = cards.read_deck_file

    def slow_read(path):            # a slow disk: every thread is inside the loader at once
        time.sleep(0.05)
        return read(path)

    monkeypatch.setattr(cards, "read_deck_file", slow_read)
    # Empty caches for this test only: the decks other tests hold stay the process's decks.
    for name in ("_load_deck", "_combined_deck"):
        monkeypatch.setattr(cards, name, lru_cache(maxsize=None)(getattr(cards, name).__wrapped__))
    barrier = threading.Barrier(8)
    found = []

    def load():
        barrier.wait()
        found.append((cards.load_deck("hex800"), cards.combined_deck("pd_white", "pd_black")))

    threads = [threading.Thread(target=load) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(hex800) for hex800, _ in found}) == 1
    assert len({id(both) for _, both in found}) == 1
