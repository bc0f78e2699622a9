"""What the bots know of High Card.

Medium takes a round with its lowest card that beats every card on the table, and
throws its lowest card into a round it cannot win (and leads its lowest, keeping high
cards for the rounds it can take).
"""


def rank(card, view):
    """How high `card` is in this game: the ace high, or low with `high_card.ace=low`."""
    return card.value if card.value > 1 or view.options["high_card.ace"] == "low" else 14


def medium(view, legal, rng):
    """(action, reason): win cheaply, or lose cheaply."""
    table = [card for zone in view.zones if zone.key.startswith("played:") for card in zone.cards]
    by_rank = sorted(legal, key=lambda a: (rank(a.cards[0], view), a.cards[0].name))
    if not table:
        return by_rank[0], "your lowest card leads: high cards are kept to win rounds"
    top = max(rank(card, view) for card in table)
    winning = [a for a in by_rank if rank(a.cards[0], view) > top]
    if winning:
        return winning[0], "the lowest card you hold that wins the round"
    return by_rank[0], "nothing you hold wins the round: your lowest card goes"


def why(view, action):
    """What `action` does: whether it wins the round as the table stands."""
    table = [card for zone in view.zones if zone.key.startswith("played:") for card in zone.cards]
    if not table:
        return "it leads the round: the highest card played wins it"
    if rank(action.cards[0], view) > max(rank(card, view) for card in table):
        return "it beats every card played so far in the round"
    return "it does not win the round"
