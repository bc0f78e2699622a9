"""The report's words: house rules as each game's `game.yaml` names them ('Play to the last:
On'), cards by their spoken ranks ('a Joker', 'an 8'), counts ('1 game', '2,000 games')
and figures (shares, intervals, p-values), shared by the findings and the page."""
from game.cards import RANK_WORDS

_AN = ("Ace", "8", "A", "E", "F")    # ranks said with 'an' (hex A, E, F too)


def count(n, noun, plural=None):
    """'1 game', '2,000 games'."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def option_words(info, key, value):
    """A house rule and its value in the players' words: 'Play to the last: On';
    the player count as '4 players'."""
    if key == "players" or key == info.player_option:
        return count(int(value), "player")
    try:
        option = info.option(key)
    except KeyError:
        return f"{key}={value}"
    return f"{option.label}: {option.word(value) if value in option.values else value}"


def options_words(info, options, defaults=None):
    """The options that differ from `defaults` (all when None) in words, or 'default
    rules'; the player count is left out."""
    shown = [option_words(info, key, value) for key, value in sorted(options.items())
             if key != info.player_option and (defaults is None or defaults.get(key) != value)]
    return ", ".join(shown) or "default rules"


def rank_words(rank, family):
    """A card's rank as players say it: 'Joker', 'King', '10'; a hex value or a
    formation number as printed ('A', '7')."""
    if family != "standard":
        return rank
    return "Joker" if rank == "JK" else RANK_WORDS.get(rank, rank)


def dealt_feature(rank, family):
    """The name of the feature 'this seat was dealt a card of `rank`' (of a deck of
    `family`)."""
    word = rank_words(rank, family)
    return f"dealt {'an' if word in _AN else 'a'} {word}"


def seat(index):
    """A zero-based seat as players number it: 'Seat 1'."""
    return f"Seat {index + 1}"


def ordinal(n):
    """1st, 2nd, 3rd, 4th ... (11th, 12th, 13th)."""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def pct(share):
    """A share as a percentage with one decimal."""
    return f"{100 * share:.1f}%"


def ci_pct(entry):
    """An entry's 95% interval of a share, as percentages."""
    low, high = entry["ci"]
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def num(value):
    """A figure: whole numbers as they are, others with two decimals."""
    return f"{value:,.2f}" if isinstance(value, float) else f"{value:,}"


def ci_num(entry):
    """An entry's 95% interval of a mean."""
    low, high = entry["ci"]
    return f"{low:,.2f}{'–' if low >= 0 else ' to '}{high:,.2f}"


def p_words(value):
    """A p-value as text."""
    return "p < 0.0001" if value < 1e-4 else f"p = {value:.2g}"


def points(share_difference):
    """A difference of shares in percentage points: '+6.2 points'."""
    return f"{100 * share_difference:+.1f} points"


def about_points(share):
    """A detectable difference of shares in points: 'about 6 points', 'about 1.4 points'."""
    value = 100 * share
    text = f"{value:.1f}" if value < 10 else f"{value:.0f}"
    return f"about {text} point{'' if text == '1.0' else 's'}"
