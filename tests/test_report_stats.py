"""The report's statistics: exact tests against known values and brute force, Holm's
correction, and the flags on seeded data with a known answer: no more false seat flags
than the family-wise 5% on null data, a real edge found, no flag on a tiny group,
player counts compared by their edge, sweeps paired on shared seeds, capped games left
out of the seats, score curves that keep finished games' scores, and the findings'
words (a later-seat edge, the survivorship caution). The data come from seeded
generators, not games, so these tests are fast."""
import itertools
import math
import random

import pytest

from game import registry
from game.report import stats
from game.report.findings import findings
from game.report.summary import _seats, flag_seats, summarize, summarize_config

DEFAULTS = registry.game_info("deadline").default_options()
POSSESSIONS = registry.game_info("five_possessions").default_options()


def row(index=0, players=4, winners=(0,), scores=None, first=0, end=None, actions=100,
        curve=(), dealt=None, seat=None, config=0, options=None, used=()):
    """A report row as `game.report.run.play_game` returns it, with only what a test sets
    (a capped game ends at KTU's turn limit, A24 of docs/rulings/ktu.md)."""
    winners = list(winners)
    if end is None:
        end = "winner" if len(winners) == 1 else "shared" if winners else "no_winner"
    return {"seed": 1000 + index, "index": index, "config": config, "players": players,
            "levels": ["random"] * players, "options": dict(options or DEFAULTS),
            "winners": winners, "scores": list(scores or [0] * players), "first": first,
            "end": end, "end_words": {"limit": "turn limit of 500 turns (A24)"}.get(end, end),
            "error": None, "safeguards": [], "turns": actions, "actions": actions, "hands": 1,
            "curve": [list(c) for c in curve], "curve_steps": [None] * len(curve),
            "seat": dict(seat or {}), "dealt": dealt or [[] for _ in range(players)],
            "game": {}, "tallies": {}, "rules_moves": list(used), "rules_play": list(used),
            "places": [1 if s in winners else 2 for s in range(players)], "ranked": False}


def null_rows(rng, n, k, first_varies=False):
    """n games of k balanced seats (only what the seats' figures read): a uniform sole
    winner, now and then a shared win."""
    return [{"winners": rng.sample(range(k), 2) if rng.random() < 0.05 else [rng.randrange(k)],
             "first": rng.randrange(k) if first_varies else 0} for _ in range(n)]


def test_exact_tests_against_known_values():
    assert stats.chi_square_sf(3.841458820694124, 1) == pytest.approx(0.05, abs=1e-12)
    assert stats.chi_square_sf(11.070497693516351, 5) == pytest.approx(0.05, abs=1e-12)
    assert stats.chi_square_sf(9.487729036781154, 4) == pytest.approx(0.05, abs=1e-12)
    assert stats.t_p(2.228138851986274, 10) == pytest.approx(0.05, abs=1e-12)
    assert stats.t_p(12.706204736174705, 1) == pytest.approx(0.05, abs=1e-12)
    assert stats.binomial_test(0, 10, 0.5) == pytest.approx(2 / 1024)
    assert stats.binomial_test(5, 10, 0.5) == pytest.approx(1.0)
    # Fisher's exact test of [[3, 7], [9, 3]]: the tables as or less likely, by hand.
    assert stats.fisher_test(3, 10, 9, 12) == pytest.approx(0.0835573095635015)
    assert stats.mcnemar_test(10, 0) == pytest.approx(2 / 1024)


@pytest.mark.parametrize("counts", [[5, 1, 2, 8], [3, 0, 4], [2, 2, 2, 2, 2], [7, 0]])
def test_the_exact_multinomial_test_matches_brute_force(counts):
    k, m = len(counts), sum(counts)

    def probability(c):
        return math.factorial(m) / math.prod(map(math.factorial, c)) / k ** m
    observed = probability(counts)
    brute = sum(probability(c) for c in itertools.product(range(m + 1), repeat=k)
                if sum(c) == m and probability(c) <= observed * (1 + 1e-7))
    p, test = stats.uniform_test(counts)
    assert test == "exact multinomial"
    assert p == pytest.approx(brute)


def test_holm_steps_down_and_stays_monotone():
    assert stats.holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert stats.holm([0.02, 0.02]) == pytest.approx([0.04, 0.04])


def test_seat_flags_on_null_data_stay_within_the_family_wise_5_percent():
    rng = random.Random(29)
    runs = flagged = uncorrected = 0
    for k, n, first_varies in [(2, 40, True), (4, 36, False), (4, 300, True), (6, 200, False),
                               (3, 600, True), (5, 120, False)]:
        for _ in range(150):
            rows = null_rows(rng, n, k, first_varies)
            seats = _seats(rows, k)
            flag_seats([seats])
            runs += 1
            first = seats["first_player"]
            flagged += (seats["overall"]["significant"]
                        or any(s["significant"] for s in seats["seats"])
                        or bool(first and first["significant"]))
            uncorrected += any(s["p"] < 0.05 for s in seats["seats"])
    limit = 0.05 + 2.33 * math.sqrt(0.05 * 0.95 / runs)    # 5%, plus sampling noise
    assert flagged / runs <= limit
    assert uncorrected / runs > 0.1      # each seat at 5% on its own, as before: wolf cried


def test_a_real_later_seat_edge_is_found_and_said_in_words():
    rng = random.Random(4)
    weights = [0.22, 0.24, 0.26, 0.28]
    rows = [row(i, 4, [rng.choices(range(4), weights)[0]]) for i in range(4000)]
    spec = {"game": "deadline", "fuzz": False, "sweep": [], "players": [4]}
    config = dict(summarize_config(registry.game_info("deadline"), rows, DEFAULTS), label="4 players",
                  levels=["medium"] * 4)
    assert config["overall"]["significant"]
    assert config["seats"][3]["significant"] and not config["seats"][2]["significant"]
    words = findings(registry.game_info("deadline"), spec,
                     {"configs": [config], "comparison": [], "effects": []})
    text = words["found"][0]["text"]
    assert text.startswith("Medium bots in every seat — Later seats win more: Seat 4 wins")
    assert "4,000 games" in text and "overall test p < 0.0001" in text
    assert "Seat 1 starts every game" not in text and config["fixed_first"] == 0


def test_no_flag_on_a_group_below_the_minimum_size():
    rows = [row(i, 4, [i % 4], seat={"pick-ups": [1 if i < 2 and s == i % 4 else 0
                                                  for s in range(4)]}) for i in range(400)]
    config = summarize_config(registry.game_info("deadline"), rows, DEFAULTS)
    picked = next(r for r in config["relations"] if r["feature"] == "pick-ups (1 or more)")
    assert picked["with"]["n"] == 2 and picked["with"]["share"] == 1.0
    assert not picked["tested"] and not picked["significant"]


def test_player_counts_compare_by_their_edge_over_the_fair_share():
    rows = [row(i, 2, [i % 2], config=0) for i in range(400)]
    rows += [row(i, 4, [i % 4], config=1) for i in range(400)]
    spec = {"game": "deadline", "games": 400, "seed": 0, "players": [2, 4], "bots": ["random"],
            "options": {}, "sweep": [], "fuzz": False, "shard": [1, 1]}
    configs = [{"players": 2, "levels": ["random"] * 2, "options": DEFAULTS, "label": "2 players",
                "at": {"players": 2}},
               {"players": 4, "levels": ["random"] * 4, "options": DEFAULTS, "label": "4 players",
                "at": {"players": 4}}]
    summary = summarize(spec, configs, rows)
    line = summary["comparison"][0]
    assert line["figure"] == "Seat 1 wins" and line["kind"] == "edge"
    base, other = line["cells"]
    assert (base["share"], other["share"]) == (0.5, 0.25)     # fair shares differ ...
    assert other["edge"] == base["edge"] == 0.0                # ... their edges do not
    four = summary["effects"][0]["values"][1]
    edge = next(e for e in four["entries"] if e["figure"].startswith("Seat 1 wins"))
    assert edge["base"] == edge["value"] == 0.0
    assert edge["tested"] and not edge["significant"]


def test_a_sweep_is_paired_on_the_shared_seeds():
    rng = random.Random(7)
    lengths = [rng.randint(50, 400) for _ in range(200)]
    used = ["deadline.ace_high"]
    rows = [row(i, 4, [i % 4], actions=lengths[i], config=0, used=used) for i in range(200)]
    rows += [row(i, 4, [i % 4], actions=lengths[i] + 2, config=1, used=used) for i in range(200)]
    configs = [{"players": 4, "levels": ["random"] * 4, "options": DEFAULTS, "label": label,
                "at": {"deadline.ace_high": value, "players": 4}}
               for label, value in (("Ace high: Off", "off"), ("Ace high: On", "on"))]
    spec = {"game": "deadline", "games": 200, "seed": 0, "players": [4], "bots": ["random"],
            "options": {}, "sweep": [["deadline.ace_high", ["off", "on"]]], "fuzz": False,
            "shard": [1, 1]}
    summary = summarize(spec, configs, rows)
    on = summary["effects"][0]["values"][1]
    actions = next(e for e in on["entries"] if e["figure"] == "actions per game")
    assert actions["significant"] and actions["change"] == 2     # 2 more actions, game by game
    unpaired = stats.mean_test(lengths, [v + 2 for v in lengths])
    assert unpaired > 0.5                                       # lost in the spread unpaired
    found = [f["text"] for f in summary["findings"]["found"]]
    assert any(text.startswith("Random movers in every seat (random legal moves, not players) "
                               "— Ace high: On against Off (on the same 200 seeds): actions per "
                               "game 228.55 against 226.55, +1% (95% interval +1% to +1%)")
               for text in found), found


def test_capped_games_are_counted_apart_from_the_seats():
    rows = [row(i, 4, [3], end="limit") for i in range(100)]
    rows += [row(100 + i, 4, [i % 4]) for i in range(100)]
    config = summarize_config(registry.game_info("deadline"), rows, DEFAULTS)
    assert config["capped"]["count"] == 100
    assert config["seat_games"] == 100
    assert [s["count"] for s in config["seats"]] == [25, 25, 25, 25]
    assert not config["overall"]["significant"]


def test_score_curves_keep_finished_games_final_scores():
    short = row(0, 2, [0], scores=[100, 40], curve=[[20, 0], [100, 40]], options=POSSESSIONS)
    long = row(1, 2, [1], scores=[60, 100], curve=[[0, 20], [20, 40], [40, 60], [60, 100]],
               options=POSSESSIONS)
    config = summarize_config(registry.game_info("five_possessions"), [short, long],
                              registry.game_info("five_possessions").default_options())
    last = config["curve"][-1]
    assert [s["mean"] for s in last["seats"]] == [80, 70]          # the finished game's 100, 40 kept
    assert [p["going"] for p in config["curve"]] == [2, 1, 1, 0]


def test_margins_closeness_and_the_leader():
    info = registry.game_info("five_possessions")
    rows = []
    for i in range(60):
        margin = (20, 40, 40, 100)[i % 4]
        rows.append(row(i, 2, [0], scores=[100, 100 - margin], options=POSSESSIONS,
                        curve=[[20, 0], [40, 20], [100, 100 - margin]]))
    config = summarize_config(info, rows, info.default_options())
    margin = config["scores"]["margin"]
    assert margin["median"] == 40 and margin["close_at"] == 20 and margin["blowout_at"] == 80
    assert (margin["close"]["count"], margin["comfortable"]["count"], margin["blowout"]["count"]) \
        == (15, 30, 15)
    assert config["leads"]["leader_wins"][0]["share"] == 1.0
    assert config["leads"]["changes"]["mean"] == 0


def test_associations_with_play_carry_the_survivorship_caution():
    rng = random.Random(3)
    rows = []
    for i in range(800):
        winner = rng.randrange(4)
        blind = [1 if s == winner or rng.random() < 0.1 else 0 for s in range(4)]
        rows.append(row(i, 4, [winner], seat={"blind fails": blind}))
    config = dict(summarize_config(registry.game_info("deadline"), rows, DEFAULTS), label="x",
                  levels=["medium"] * 4)
    words = findings(registry.game_info("deadline"), {"fuzz": False},
                     {"configs": [config], "comparison": [], "effects": []})
    folded = next(f for f in words["found"] if f["kind"] == "play")
    assert folded["text"].startswith("Medium bots in every seat — 1 association of what seats "
                                     "did during play with winning, folded here")
    assert "not a cause" in folded["text"] and "survivorship" in folded["text"]
    assert folded["details"][0].startswith("Seats with blind fails (1 or more) win")
    assert words["found"][-1] is folded                          # after every other finding
    unrelated = [row(i, 4, [i % 4], seat={"blind fails": [i % 3 == s for s in range(4)]})
                 for i in range(800)]
    other = dict(summarize_config(registry.game_info("deadline"), unrelated, DEFAULTS), label="y",
                 levels=["medium"] * 4)
    words = findings(registry.game_info("deadline"), {"fuzz": False},
                     {"configs": [config, other], "comparison": [], "effects": []})
    folded = next(f for f in words["found"] if f["kind"] == "play")
    assert folded["details"][0].startswith("With x: Seats with blind fails")
    assert words["nothing"] == ["Found nothing of: a seat edge."]     # not: an association
