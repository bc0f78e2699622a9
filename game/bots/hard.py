"""Hard: determinized Monte Carlo search over the engine, with paired playouts.

Each iteration samples one determinization of the hidden cards consistent with the
seat's view (`sampling.Sampler`: the information set is sampled, never read from the
real state) and then plays every candidate move in that same world: a clone per
move, the same chance stream (draws, dice, tosses) and the same playout random
numbers, the playout following the game's rollout policy (random without one) to the
end of the game or of the hand (`stop_playout`). The reward per playout is mostly the
win, partly the ranking by score (or the game's `evaluate`, also used for a playout
cut short).

Because every move is scored on the same worlds, two moves are compared by their
paired differences, which cancels the luck of the deal (common random numbers): a
move proven worse than the leader (by RACE_Z paired standard errors) stops being
played out, so the budget goes to the moves still in doubt. Search stops when one
more iteration, at the mean pace so far, would overrun the time budget.

Each world is drawn from its own seed (the search's seed plus its number), so the
worlds can be played out anywhere: with `cores` above 1 they are spread over worker
processes (`game.bots.workers`) and merged back in their order before each race, so at
a fixed number of iterations and a seed the choice is exactly the one-core choice, and
in the same wall time several cores search several times as many worlds. The default
budget (`default_budget`) is the wall time in which the cores used do at least the
iterations one core does in ONE_CORE_SECONDS.

The move is the best mean, except that Medium's move is kept unless the search finds
the best one better by more than OVERRIDE_Z paired standard errors (Medium's move may
be None: then the best mean). With a short budget Hard plays like Medium
and deviates only on evidence. Actions are keyed by what a seat would name (kind,
card names, argument): two copies of a face are one choice.

A full tree below the root was measured first (Cowling et al.'s single-observer
ISMCTS): its expansion plays untried, mostly random, replies for the other seats,
which biased the values of moves against opponents who play sensibly, and it did not
separate from Medium. Search depth here comes from the playout policy instead.
"""
import math
import random
import time

from game import registry
from game.bots import workers
from game.bots.base import Bot, action_key
from game.bots.sampling import Sampler
from game.knowledge import rank_rewards

PLAYOUT_LIMIT = 400     # actions per playout before the position is scored
WIN_WEIGHT = 0.75       # share of a playout's reward that is the win itself
OVERRIDE_Z = 2.0        # paired standard errors by which the search must beat Medium
RACE_Z = 3.0            # paired standard errors that drop a move from the search
MIN_PAIRS = 6           # worlds before any move is dropped or overrides Medium
SAFETY = 0.03           # share of the budget kept for the work around the search
# The budget's clock: the wall's (the app), or this thread's CPU time (measurements on a
# busy machine: the search a decision gets is then what a free core would give it; on
# several cores, each worker's own CPU time).
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
ONE_CORE_SECONDS = 1.0  # the one-core search whose strength was measured (issue #27)
# Worlds a second of each core when several search together, as a share of one core
# searching alone (the merge, the messages, a chunk cut short by the budget); measured
# by `main.py bench --hard`, whose ratio says whether the default budget holds.
PARALLEL_SHARE = 0.85
# A hint's reason for a move the search chose over Medium's where the game has none to
# give in its own terms: said plainly, its playouts going to the end of the game, or of
# what the game's `PLAYED_OUT` names (the hand, the possession) where they stop
# (`stop_playout`).
SEARCHED = "the computer's tries of the rest of the {} favour it"


def searched(know):
    """A hint's reason for a move only the search chose, in the words of how far it played."""
    return SEARCHED.format(getattr(know, "PLAYED_OUT", "game"))


def default_budget(cores):
    """The seconds a decision may take on `cores` cores by default: the wall time in
    which they do at least the iterations one core does in ONE_CORE_SECONDS."""
    if cores == 1:
        return ONE_CORE_SECONDS
    return math.ceil(100 * ONE_CORE_SECONDS / (cores * PARALLEL_SHARE)) / 100


def paired(a, b):
    """(mean, standard error) of the differences a[i] - b[i] over the shared worlds."""
    n = min(len(a), len(b))
    if n == 0:
        return 0.0, math.inf
    diffs = [a[i] - b[i] for i in range(n)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(max(var, 1e-9) / n)


class Race:
    """A decision's record: each move's rewards world by world, and the moves still in
    the race. Worlds are added in their order (`add`); every quarter more worlds (from
    MIN_PAIRS on) the moves proven worse than the leader are dropped (`HardBot.race`)."""

    def __init__(self, keys, base):
        self.results = {key: [] for key in keys}
        self.alive = list(keys)
        self.base = base
        self.worlds = 0
        self.next_race = MIN_PAIRS

    @property
    def decided(self):
        """Is one move left (nothing more to search)?"""
        return len(self.alive) <= 1

    def add(self, rewards):
        """The next world's {move key: reward}, for every move still in the race (any
        other move's reward is left out)."""
        self.worlds += 1
        for key in self.alive:
            self.results[key].append(rewards[key])
        if self.worlds == self.next_race:
            self.alive = HardBot.race(self.alive, self.results, self.base)
            self.next_race = max(self.worlds + 1, self.worlds * 5 // 4)


class HardBot(Bot):
    """Determinized search with paired playouts, on a time budget per decision."""

    level = "hard"

    def __init__(self, game_id, options=None, time_budget=None, iterations=None,
                 max_iterations=100000, playout_limit=PLAYOUT_LIMIT, clock="wall", cores=None,
                 **settings):
        super().__init__(game_id, options, **settings)
        self.lower_is_better = registry.game_info(game_id).lower_is_better
        if clock not in CLOCKS:
            raise ValueError(f"unknown clock {clock!r}; clocks: {', '.join(CLOCKS)}")
        if cores is None:
            cores = workers.cores_in_use()
        if isinstance(cores, bool) or not isinstance(cores, int) or cores < 1:
            raise ValueError(f"cores: {cores!r} is not a whole number above 0")
        self.cores = cores
        self.time_budget = default_budget(cores) if time_budget is None else float(time_budget)
        self.clock_name = clock
        self.clock = CLOCKS[clock]
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
        base = self.baseline(view, legal)
        results = self.search(view, list(by_key), base, rng)
        means = {k: sum(r) / len(r) for k, r in results.items() if r}
        worlds = max(len(r) for r in results.values())
        # The best of the moves still in the race (scored on every world sampled).
        best = max((k for k in means if len(results[k]) == worlds), key=means.get)
        chosen = best
        if base is not None and base != best:
            gap, error = paired(results[best], results[base])
            if worlds < MIN_PAIRS or gap <= OVERRIDE_Z * error:
                chosen = base
        self.last_stats.update(choice=chosen, baseline=base, means={
            k: (len(results[k]), round(m, 3)) for k, m in means.items()})
        return by_key[chosen]

    def baseline(self, view, legal):
        """Medium's move (its key), or None when the heuristic names none."""
        action, _ = self.know.medium(view, legal, random.Random(0))
        return action_key(action) if action is not None else None

    def search(self, view, keys, base, rng):
        """{move key: [reward of the seat per world]} after the budget is spent; the
        moves still in the race have one reward for every world sampled. World n is
        sampled and played out from `random.Random(master + n)` alone (`play_world`), so
        any process can play any world: on several cores (`cores`), the worlds are
        merged back in their order and raced exactly as here."""
        master = rng.getrandbits(64)
        race = Race(keys, base)
        limit = self.iterations or self.max_iterations
        stats = None
        if self.cores > 1:
            budget = None if self.iterations else self.time_budget * (1 - SAFETY)
            try:
                stats = workers.shared(self.cores).search(
                    self, view, master, race, limit, budget, self.clock_name)
            except workers.WorkerGone:      # killed from outside: the next decision starts a new pool
                workers.close_shared()
                race = Race(keys, base)     # this one is searched here, on the same worlds
        if stats is None:
            stats = self.search_here(view, master, race, limit)
        self.last_stats = dict(stats, iterations=race.worlds, cores=self.cores)
        return race.results

    def search_here(self, view, master, race, limit):
        """The search on this thread: world after world until the limit, the race's end
        or (one more world at the mean pace so far would overrun it) the budget."""
        start = self.clock()
        deadline = start + self.time_budget * (1 - SAFETY)
        while race.worlds < limit and not race.decided:
            done = race.worlds
            if self.iterations is None and done:
                now = self.clock()
                if now + (now - start) / done >= deadline:   # the next one would overrun
                    break
            alive = race.alive
            race.add(dict(zip(alive, self.play_world(view, master, done + 1, alive))))
        return {"seconds": self.clock() - start}

    def play_world(self, view, master, number, keys):
        """The seat's reward for each move of `keys` in world `number` of the search
        seeded `master`: one determinization of `view` and one playout per move, every
        move on the same world with the same chance and playout random numbers (a clone
        per move; the last move plays on the world itself)."""
        rng = random.Random(master + number)
        world = self.sampler(view.players).sample(view, rng)
        world.keep_no_events()
        playout_seed = rng.getrandbits(64)
        last = keys[-1]
        return [self.playout(world if key == last else world.clone(), key, view.seat,
                             playout_seed) for key in keys]

    @staticmethod
    def race(alive, results, base):
        """The moves not proven worse than the leader (Medium's move always stays)."""
        leader = max(alive, key=lambda k: sum(results[k]))
        keep = []
        for key in alive:
            if key in (leader, base):
                keep.append(key)
                continue
            gap, error = paired(results[key], results[leader])
            if gap + RACE_Z * error >= 0:
                keep.append(key)
        return keep

    def playout(self, state, key, seat, seed):
        """Play the move `key` in `state`, then the rollout policy; the seat's reward."""
        know = self.know
        rng = random.Random(seed)
        move = next(a for a in state.legal_actions() if action_key(a) == key)
        state.apply_listed(move)
        rollout = getattr(know, "rollout", None)
        stop = getattr(know, "stop_playout", None)
        steps = 0
        while not state.is_over and steps < self.playout_limit:
            if stop is not None and stop(state):
                break
            legal = state.legal_actions()
            if not legal:
                break
            if rollout is not None:
                action = rollout(state, legal, rng)
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply_listed(action)
            steps += 1
        return self.rewards(state, self.lower_is_better, getattr(know, "evaluate", None))[seat]

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
        """Medium's reason when the search agrees with it; otherwise what the move does,
        in the game's terms (the game's `why`: a reason the person can use), or, for the
        move the search chose where the game has none, plainly that the computer's tries
        of the rest of the game (or hand, or possession) favour it (never how it searched,
        nor its counts)."""
        reason = super().explain(view, legal_actions, action)
        if reason:
            return reason
        why = self.know.why(view, action)
        if not why and self.last_stats.get("choice") == action_key(action):
            return searched(self.know)
        return why
