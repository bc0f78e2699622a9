"""What the computer players know of a game, from its home: the pieces a home's bot
module (`bots.py`, its protocol in `game.bots.base`) shares with the search that uses it.
"""


def rank_rewards(scores, lower_is_better):
    """Rewards 0..1 per seat from scores: the share of other seats each seat beats."""
    n = len(scores)
    if n < 2:
        return [1.0] * n
    sign = -1 if lower_is_better else 1
    out = []
    for i, mine in enumerate(scores):
        beat = sum(1.0 if sign * mine > sign * other else 0.5 if mine == other else 0.0
                   for j, other in enumerate(scores) if j != i)
        out.append(beat / (n - 1))
    return out
