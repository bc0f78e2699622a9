"""Hard: single-observer information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse 2012) over the engine.

Each iteration samples a determinization of the hidden cards consistent with the
seat's view (`sampling.Sampler`), walks the one shared tree choosing among the actions
legal in that determinization (UCB with availability counts, rewards stored for the
seat that moved), expands one new action (the game's playout policy's pick first),
plays out with that policy (random without one) and backs up a reward per seat:
mostly the win, partly a ranking by score (or the game's `evaluate`, also used when a
playout is cut short). Search stops when one more iteration, at the mean pace so far,
would overrun the time budget.

The move is the most visited root action, except that Medium's move is kept unless
the search finds another one better by more than two standard errors: with a short
budget Hard plays like Medium, and it deviates only on evidence. A game may set its
own `OVERRIDE_Z` (how far the search is trusted over its heuristic; None: the search
alone decides), chosen from tournaments. Actions are keyed by
what a seat would name (kind, card names, argument): two copies of a face are one choice.
"""
import math
import random
import time

from game.bots.base import Bot, action_key
from game.bots.sampling import Sampler

EXPLORATION = 0.7
PLAYOUT_LIMIT = 200     # actions per playout before the position is scored
WIN_WEIGHT = 0.75       # share of a playout's reward that is the win itself
OVERRIDE_Z = 2.0        # standard errors by which the search must beat Medium's move
MIN_VISITS = 8          # playouts each of the two moves needs before an override
SAFETY = 0.03           # share of the budget kept for the work around the search


class Node:
    """A tree node: the statistics of the action that led here, for the seat that moved."""

    __slots__ = ("mover", "children", "visits", "avail", "reward", "square")

    def __init__(self, mover):
        self.mover = mover
        self.children = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.square = 0.0

    def mean(self):
        return self.reward / self.visits if self.visits else 0.0

    def variance(self):
        if self.visits < 2:
            return 0.25
        mean = self.mean()
        return max(1e-4, self.square / self.visits - mean * mean)


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


class HardBot(Bot):
    """ISMCTS over determinizations, on a time budget per decision."""

    level = "hard"

    def __init__(self, game_id, options=None, time_budget=1.0, iterations=None,
                 max_iterations=100000, playout_limit=PLAYOUT_LIMIT, **settings):
        super().__init__(game_id, options, **settings)
        self.time_budget = float(time_budget)
        self.iterations = iterations
        self.max_iterations = max_iterations
        self.playout_limit = playout_limit
        self._samplers = {}
        self.last_stats = {}

    def sampler(self, players):
        """The determinizer for this table size (built once)."""
        if players not in self._samplers:
            self._samplers[players] = Sampler(self.game_id, players, self.options)
        return self._samplers[players]

    def choose(self, view, legal_actions, rng):
        legal = list(legal_actions)
        by_key = {}
        for action in legal:
            by_key.setdefault(action_key(action), action)
        if len(by_key) == 1:
            return legal[0]
        root = self.search(view, rng)
        scored = [(key, child) for key, child in root.children.items() if key in by_key]
        if not scored:
            return legal[0]
        best_key, best = max(scored, key=lambda kc: (kc[1].visits, kc[1].mean()))
        base = self.baseline(view, legal)
        chosen = best_key
        z = getattr(self.know, "OVERRIDE_Z", OVERRIDE_Z)
        if base is not None and base != best_key and z is not None:
            other = root.children.get(base)
            if other is None or min(other.visits, best.visits) < MIN_VISITS:
                chosen = base
            else:
                gap = best.mean() - other.mean()
                error = math.sqrt(best.variance() / best.visits + other.variance() / other.visits)
                if gap <= z * error:
                    chosen = base
        self.last_stats.update(choice=chosen, baseline=base,
                               means={k: (c.visits, round(c.mean(), 3)) for k, c in scored})
        return by_key[chosen]

    def baseline(self, view, legal):
        """Medium's move (its key), or None for a game without a heuristic."""
        medium = getattr(self.know, "medium", None)
        if medium is None:
            return None
        action, _ = medium(view, legal, random.Random(0))
        return action_key(action) if action is not None else None

    def search(self, view, rng):
        """The search tree after the budget is spent (root statistics in children)."""
        sampler = self.sampler(view.players)
        know = self.know
        lower = getattr(know, "LOWER_IS_BETTER", False)
        rollout = getattr(know, "rollout", None)
        evaluate = getattr(know, "evaluate", None)
        stop = getattr(know, "stop_playout", None)
        root = Node(None)
        start = time.perf_counter()
        deadline = start + self.time_budget * (1 - SAFETY)
        limit = self.iterations or self.max_iterations
        sim_rng = random.Random(rng.getrandbits(64))
        done = 0
        while done < limit:
            if self.iterations is None and done:
                now = time.perf_counter()
                if now + (now - start) / done >= deadline:   # the next one would overrun
                    break
            done += 1
            state = sampler.sample(view, sim_rng)
            node = root
            path = [root]
            while not state.is_over:                       # selection and expansion
                legal = state.legal_actions()
                if not legal:
                    break
                keyed = {}
                for action in legal:
                    keyed.setdefault(action_key(action), action)
                children = node.children
                untried = [k for k in keyed if k not in children]
                if untried:
                    key = None
                    if rollout is not None:
                        pick = action_key(rollout(state, legal, sim_rng))
                        if pick in untried:
                            key = pick
                    if key is None:
                        key = untried[sim_rng.randrange(len(untried))]
                    for k in keyed:
                        if k in children:
                            children[k].avail += 1
                    child = children[key] = Node(state.current_player)
                    state.apply(keyed[key])
                    path.append(child)
                    break
                best_key, best_value = None, -1.0
                for k in keyed:
                    c = children[k]
                    c.avail += 1
                    value = c.reward / c.visits + EXPLORATION * math.sqrt(
                        math.log(c.avail) / c.visits)
                    if value > best_value:
                        best_key, best_value = k, value
                state.apply(keyed[best_key])
                node = children[best_key]
                path.append(node)
            steps = 0                                      # playout
            while not state.is_over and steps < self.playout_limit:
                if stop is not None and stop(state):
                    break
                legal = state.legal_actions()
                if not legal:
                    break
                if rollout is not None:
                    action = rollout(state, legal, sim_rng)
                else:
                    action = legal[sim_rng.randrange(len(legal))]
                state.apply(action)
                steps += 1
            rewards = self.rewards(state, lower, evaluate)
            for n in path:                                 # backpropagation
                n.visits += 1
                if n.mover is not None:
                    r = rewards[n.mover]
                    n.reward += r
                    n.square += r * r
        self.last_stats = {"iterations": done}
        return root

    @staticmethod
    def rewards(state, lower, evaluate):
        """Reward per seat in 0..1 for the end (or the cut-off) of a playout: mostly
        the win, partly the ranking (so a near miss counts for something)."""
        ranking = evaluate(state) if evaluate is not None else rank_rewards(state.scores(), lower)
        if state.is_over:
            winners = state.winners()
            if winners:
                share = WIN_WEIGHT / len(winners)
                return [(share if seat in winners else 0.0) + (1 - WIN_WEIGHT) * ranking[seat]
                        for seat in range(state.players)]
        return ranking

    def explain(self, view, legal_actions, action):
        """Medium's reason when the search agrees with it, else what the search found."""
        reason = super().explain(view, legal_actions, action)
        if reason:
            return reason
        means = self.last_stats.get("means", {})
        mine = means.get(action_key(action))
        if mine:
            return (f"the search rates {action} best ({mine[1]:.0%} expected result "
                    f"over {mine[0]} playouts)")
        return ""
