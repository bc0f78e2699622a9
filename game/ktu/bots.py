"""What the bots know of KTU (docs/rulings/ktu.md).

Medium lays its strongest cards face up, sheds its lowest playable rank (all copies,
which also sets up four of a kind), keeps 2s, 3s and 10s for when nothing else plays,
burns with a 10 when the pile has grown, and picks the pile up only when it must.
Scores are the cards still held: lower is better.
"""
from game.ktu.rules import Act
from game.presenter import named_together, plural

WILD = ("2", "3", "10")
BURN_PILE = 6         # a pile this big is worth a 10
COUNT_WORDS = {2: "two", 3: "three"}     # 8s played together (four of a kind burns)


def _order(view):
    return {rank: i for i, rank in enumerate(view.facts["rank_order"].split())}


def _strength(rank, pos):
    """Higher is better to keep: wild cards top, then by rank order."""
    return 100 + WILD.index(rank) if rank in WILD else pos.get(rank, 0)


def policy(legal, pile_size, pos, rng):
    """(action, reason) from the legal actions, the pile's size and the rank order."""
    plays = [a for a in legal if a.kind == Act.PLAY]
    if plays:
        best, best_low = None, 0    # the lowest plain rank; of its plays, the first of the most cards
        for a in plays:
            rank = a.cards[0].rank
            if rank in WILD:
                continue
            low = pos.get(rank, 0)
            if best is None or low < best_low or (low == best_low and len(a.cards) > len(best.cards)):
                best, best_low = a, low
        if best is not None:
            return best, "the weakest rank of yours that plays" + kept(plays)
        tens = [a for a in plays if a.cards[0].rank == "10"]
        if tens and pile_size >= BURN_PILE:
            return tens[0], f"a 10 burns the play ground of {pile_size} cards, and you play again"
        order = {"3": 0, "2": 1, "10": 2}
        best = min(plays, key=lambda a: (order.get(a.cards[0].rank, 3), -len(a.cards)))
        return best, spent_first(best.cards[0].rank, plays)
    blind = [a for a in legal if a.kind == Act.PLAY_BLIND]
    if len(blind) == 1:
        return blind[0], "it is your last card: it is played blind, unseen"
    if blind:
        return blind[rng.randrange(len(blind))], "only face-down cards are left: any one is as good as another"
    choose = [a for a in legal if a.kind == Act.CHOOSE_FACEUP]
    if choose:
        best = max(choose, key=lambda a: sum(_strength(c.rank, pos) for c in a.cards))
        return best, ("the cards that play best wait face up for when your hand runs out: 2s, 3s and 10s "
                      "play on anything, and of the rest the higher the better")
    return legal[0], "no card of yours can be played on the play ground"


def spent_first(rank, plays):
    """Why a 2, 3 or 10 is played when only those play: ': no other card of yours plays'
    when it is the only rank that does, else which of the others that play it keeps
    ('only your 2 and 3 play: the 3 goes first and your 2 is kept')."""
    others = [a.cards[0].rank for a in plays if len(a.cards) == 1 and a.cards[0].rank != rank]
    if not others:
        return "no other card of yours plays: better than taking the play ground"
    singles = others + [a.cards[0].rank for a in plays if len(a.cards) == 1 and a.cards[0].rank == rank]
    ranks, playing = ([r if among.count(r) == 1 else f"{r}s" for r in WILD if r in among] for among in (others, singles))
    return (f"only your {named_together(playing)} play: the {rank} goes first and your {named_together(ranks)} "
            f"{'is' if len(others) == 1 else 'are'} kept; better than taking the play ground")


def kept(plays):
    """What a play of a plain rank keeps, of the 2s, 3s and 10s the player may play (those
    they hold: a 2, 3 or 10 plays on anything): ': your 2 and 10s are kept for when
    nothing else plays', '' when they hold none."""
    held = [a.cards[0].rank for a in plays if len(a.cards) == 1 and a.cards[0].rank in WILD]
    if not held:
        return ""
    ranks = [rank if held.count(rank) == 1 else f"{rank}s" for rank in WILD if rank in held]
    return f": your {named_together(ranks)} {'is' if len(held) == 1 else 'are'} kept for when nothing else plays"


def medium(view, legal, rng):
    """(action, reason): shed low, keep 10s for a worthwhile burn."""
    return policy(legal, view.zone("pile").count, _order(view), rng)


def rollout(state, legal, rng):
    """Playout policy: Medium's, with a little randomness."""
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.1:
        return legal[rng.randrange(len(legal))]
    return policy(legal, len(state.pile), state.setup.rank_pos, rng)[0]


def why(view, action):
    """What `action` does, in the game's terms: Hint's reason for any move (Hard's where
    it is not Medium's)."""
    pile = view.zone("pile").count
    if action.kind == Act.PICK_UP:
        taken = "the play ground's card goes" if pile == 1 else f"the {pile} cards of the play ground go"
        return f"{taken} into your hand, and the next player starts on an empty play ground"
    if action.kind == Act.PLAY_BLIND:
        return "a face-down card is turned over: it is played if it beats the play ground, else you take the play ground with it"
    if action.kind == Act.CHOOSE_FACEUP:
        return "these three wait face up for when your hand runs out; the other four start in your hand"
    rank, count = action.cards[0].rank, len(action.cards)
    burned = f"the play ground of {plural(pile, 'card')}" if pile else "the play ground"
    if rank == "10":
        return f"a 10 burns {burned}, and you play again"
    if count == 4:
        return f"four of a kind burns {burned}, and you play again"
    if rank == "8":
        eights = "an 8 skips" if count == 1 else f"{COUNT_WORDS[count]} 8s skip"
        if count >= view.players - 1:
            return f"{eights} every other player: you play again, on your own 8"
        return f"{eights} the next {'player' if count == 1 else f'{count} players'}"
    if rank == "7":
        return "the next player must play lower than 7, or a 2, 3 or 10"
    if rank == "3":
        return "a 3 is see-through: the next player must still beat the card under it"
    if rank == "2":
        return "a 2 plays on anything, and anything may be played on it"
    gone = f"{count} cards go in one turn, and " if count > 1 else ""
    return f"{gone}the next player must play higher"
