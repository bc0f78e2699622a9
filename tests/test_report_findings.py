"""The report's findings keep from misleading: on seeded data with a known answer (no
games played, so these run in seconds), a null test holds every table that flags to
its 5% (a sweep of a rule that changes nothing and of one whose values play alike, over
many runs), a duplicated game cannot flag by being counted twice, the house rules
ranked and the findings are the same tests, the findings come in the order a designer
acts on them, deduplicated across configurations, with the measure that goes with a
seat edge, the survivorship associations folded, and a margin that measures nothing
left out."""
import math
import random
import re

from game import registry
from game.report import effects, stats
from game.report.summary import summarize, summarize_config
from tests.test_report_stats import DEFAULTS, row

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SWEEP = [["deadline.ace_high", ["off", "on"]], ["deadline.voluntary_submission", ["off", "on"]]]


def sweep_configs(levels=("medium",) * 4):
    """The four configurations of a 2x2 sweep of Deadline's two rules."""
    return [{"players": 4, "levels": list(levels), "options": dict(DEFAULTS),
             "label": f"Ace high: {a.title()}, Voluntary submission: {b.title()}",
             "at": {"deadline.ace_high": a, "deadline.voluntary_submission": b, "players": 4}}
            for a in ("off", "on") for b in ("off", "on")]


def sweep_spec(games, bots=("medium",)):
    return {"format": "cardtable-report", "game": "deadline", "games": games, "seed": 0,
            "players": [4], "bots": list(bots), "options": {}, "sweep": SWEEP, "fuzz": False,
            "shard": [1, 1]}


def null_game(rng, index, config):
    """A game of four alike seats: nothing in it depends on the seat, the cards dealt,
    what a seat did or the rules."""
    seat_used = [int(rng.random() < 0.3) for _ in range(4)]
    dealt = [sorted(rng.sample(RANKS, 4)) for _ in range(4)]
    game_row = row(index, 4, [rng.randrange(4)], actions=rng.randint(80, 200), config=config,
                   end="limit" if rng.random() < 0.05 else None, dealt=dealt,
                   seat={"extra credit played": seat_used}, used=["deadline.ace_high"])
    game_row["game"] = {"extra credit cards": rng.randint(0, 20)}
    return game_row


def null_run(rng, games):
    """One run of the 2x2 sweep: Ace high's values play alike but differently (new games),
    Voluntary submission changes nothing (its values' games are the very same)."""
    rows = []
    for index in range(games):
        for ace in range(2):
            played = null_game(rng, index, 0)
            for voluntary in range(2):
                rows.append(dict(played, config=2 * ace + voluntary))
    for game_row in rows:
        game_row["rules_play"] = ["deadline.ace_high"]
    return rows


def flagged(summary):
    """{table: whether any of its entries is flagged}."""
    configs = summary["configs"]
    return {"seats": any(c["overall"]["significant"]
                         or (c["first_player"] or {}).get("significant")
                         or any(s["significant"] for s in c["seats"]) for c in configs),
            "cards and rules used": any(r["significant"] for c in configs
                                        for r in c["relations"]),
            "house rules ranked": any(e["significant"] for o in summary["effects"]
                                      for v in o["values"] for e in v["entries"])}


def test_a_null_sweep_keeps_every_flagging_table_to_5_percent():
    rng = random.Random(39)
    runs, games = 150, 60
    counts = {"seats": 0, "cards and rules used": 0, "house rules ranked": 0}
    pooled = 0
    for _ in range(runs):
        rows = null_run(rng, games)
        summary = summarize(sweep_spec(games), sweep_configs(), rows)
        for table, any_flag in flagged(summary).items():
            counts[table] += any_flag
        assert not any(f["kind"] == "effect" for f in summary["findings"]["found"]) \
            or flagged(summary)["house rules ranked"]
        # the old way: every pair pooled, so each game of Ace high: On counts twice
        by_config = [[r for r in rows if r["config"] == n] for n in range(4)]
        pairs = [(a["actions"], b["actions"]) for n, m in ((2, 0), (3, 1))
                 for a, b in zip(by_config[m], by_config[n])]
        pooled += stats.paired_test([b - a for a, b in pairs]) < stats.SIGNIFICANT
    limit = 0.05 + 2.33 * math.sqrt(0.05 * 0.95 / runs)     # 5%, plus sampling noise
    for table, count in counts.items():
        assert count / runs <= limit, (table, count)
    assert pooled / runs > 0.1       # one figure alone, pooled: the wolf cried often


def test_a_game_counted_twice_cannot_flag():
    """Ace high: On ends 9 more games at the turn limit and 3 fewer on 300 seeds, each
    paired twice through a rule that changes nothing: 9 against 3 (p = 0.15), never 18
    against 6 (p = 0.023)."""
    rows = []
    for index in range(300):
        for ace in range(2):
            limit = (ace == 1 and index < 9) or (ace == 0 and 9 <= index < 12)
            played = row(index, 4, [index % 4], end="limit" if limit else None,
                         used=["deadline.ace_high"])
            for voluntary in range(2):
                rows.append(dict(played, config=2 * ace + voluntary))
    for game_row in rows:
        game_row["rules_play"] = ["deadline.ace_high"]
    summary = summarize(sweep_spec(300), sweep_configs(), rows)
    ace = next(o for o in summary["effects"] if o["option"] == "deadline.ace_high")
    entry = next(e for e in ace["values"][1]["entries"] if e["figure"].startswith("games ending"))
    assert entry["n"] == 300 and entry["change"] == 6 / 300
    assert entry["p"] == stats.mcnemar_test(9, 3) and entry["p"] > 0.1
    assert not entry["significant"]
    assert stats.mcnemar_test(18, 6) < stats.SIGNIFICANT     # what pooling would have said
    voluntary = next(o for o in summary["effects"]
                     if o["option"] == "deadline.voluntary_submission")
    assert voluntary["values"][1]["unused"] and voluntary["values"][1]["entries"] == []
    assert not any(f["kind"] == "effect" for f in summary["findings"]["found"])


def effect_rows(games=200, seed=5):
    """A 2x2 sweep where Ace high: On adds 30 actions to every game and Seat 4 wins twice
    as often as Seat 1 everywhere (with 3.3 times the extra credit), and holding a King
    goes with winning."""
    rng = random.Random(seed)
    rows = []
    for index in range(games):
        winner = rng.choices(range(4), [0.15, 0.25, 0.25, 0.35])[0]
        length = rng.randint(80, 200)
        extra = [int(rng.random() < p) for p in (0.12, 0.2, 0.3, 0.4)]
        dealt = [sorted(rng.sample(RANKS, 4)) for _ in range(4)]
        if "K" not in dealt[winner] and rng.random() < 0.5:
            dealt[winner] = sorted(dealt[winner][:3] + ["K"])
        blind = [int(s == winner or rng.random() < 0.1) for s in range(4)]
        for ace in range(2):
            for voluntary in range(2):
                game_row = row(index, 4, [winner], actions=length + 30 * ace, dealt=dealt,
                               seat={"extra credit played": extra, "blind plays": blind},
                               config=2 * ace + voluntary, used=["deadline.ace_high"])
                game_row["rules_play"] = ["deadline.ace_high"]
                rows.append(game_row)
    return rows


def test_the_ranked_table_and_the_findings_are_the_same_tests():
    summary = summarize(sweep_spec(200), sweep_configs(), effect_rows())
    flagged_entries = {(o["option"], v["value"], e["figure"]) for o in summary["effects"]
                       for v in o["values"] for e in v["entries"]
                       if e["significant"] and e["headline"]}
    said = {(f["key"][1], f["key"][2], figure) for f in summary["findings"]["found"]
            if f["kind"] == "effect" for figure in f["figures"]}
    assert said == flagged_entries == {("deadline.ace_high", "on", "actions per game")}


def test_findings_come_in_the_order_a_designer_acts_on_deduplicated_and_explained():
    summary = summarize(sweep_spec(1200), sweep_configs(), effect_rows(1200))
    found = summary["findings"]["found"]
    kinds = [f["kind"] for f in found]
    assert kinds[0] == "effect" and kinds[1] == "unused" and kinds[-1] == "play"
    assert kinds.index("seats") < kinds.index("dealt")
    who = "Medium bots in every seat"
    assert all(f["text"].startswith(who) for f in found)
    effect = found[0]["text"]
    assert effect.startswith(f"{who} — Ace high: On against Off (on the same 1,200 seeds, each "
                             "paired once per value of Voluntary submission): actions per game")
    assert found[1]["text"].startswith(f"{who} — Voluntary submission: On was never used in "
                                       "2,400 games")
    assert "+0%" not in found[1]["text"]
    seats = next(f["text"] for f in found if f["kind"] == "seats")
    assert seats.startswith(f"{who}, in all 4 configurations (2 of them the very same games "
                            "as another) — Later seats win more: Seat 4 wins")
    assert re.search(r"The declared measure that goes with it most: extra credit played, "
                     r"0\.4\d a game at Seat 4 against 0\.1\d at Seat 1 \(3\.\d×\); an "
                     "association, not a cause", seats), seats
    assert sum(f["kind"] == "seats" for f in found) == 1          # one line, not four
    king = [f for f in found if f["kind"] == "dealt" and "dealt a King" in f["text"]]
    assert len(king) == 1 and "in all 4 configurations" in king[0]["text"]
    folded = found[-1]
    assert folded["text"] == (f"{who} — 1 association of what seats did during play with "
                              "winning, folded here: an association, not a cause: what a seat "
                              "does during play may follow from how its game was going "
                              "(survivorship).")
    assert folded["details"][0].startswith("In all 4 configurations (2 of them the very same "
                                           "games as another): Seats with blind plays")
    assert all(f["text"].endswith("Check on another seed.") for f in found[:-1])


def test_a_rank_everyone_game_shows_places_and_no_margin_where_all_end_tied():
    """KTU's Play to the last: everyone out but the last, all on 0 cards: the winner's
    lead is 0 in every game, an artefact, so it is neither shown nor compared; places
    by seat and the last place's margin are."""
    info = registry.game_info("ktu")
    options = info.default_options()
    rows = []
    for index in range(120):
        order = [(index + s) % 4 for s in range(4)]
        scores = [0] * 4
        scores[order[-1]] = 3 + index % 5
        game_row = row(index, 4, [order[0]], scores=scores, options=options)
        game_row["places"] = [order.index(s) + 1 for s in range(4)]
        game_row["ranked"] = True
        rows.append(game_row)
    config = summarize_config(info, rows, options)
    assert config["scores"]["margin"]["tied"] and "close" not in config["scores"]["margin"]
    places = config["places"]
    assert places["ranked"] == 120
    assert [[e["share"] for e in s["shares"]] for s in places["seats"]] == [[0.25] * 4] * 4
    assert places["last_margin"]["mean"] == sum(3 + i % 5 for i in range(120)) / 120
    chosen = effects.figures(info, [config], rows, True)
    assert "winning margin" not in [f.name for f in chosen]
    assert "last place's margin" in [f.name for f in chosen]


def test_random_movers_are_flagged_with_what_medium_did():
    rows = effect_rows(200)
    medium = [dict(r, config=r["config"] + 4, levels=["medium"] * 4) for r in effect_rows(60, 9)]
    for r in medium:                       # Medium: Ace high adds nothing
        r["actions"] = 100
    configs = sweep_configs(("random",) * 4)
    configs += [dict(c, check=True, levels=["medium"] * 4) for c in sweep_configs()]
    summary = summarize(sweep_spec(200, ("random",)), configs, rows + medium)
    effect = next(f["text"] for f in summary["findings"]["found"] if f["kind"] == "effect")
    assert effect.startswith("Random movers in every seat (random legal moves, not players) — ")
    assert "(with Medium bots: 100.00 against 100.00, not flagged)" in effect
    seats = next(f["text"] for f in summary["findings"]["found"] if f["kind"] == "seats")
    assert "; with Medium bots in the same configurations (60 games each): Seat 4 wins" in seats


def test_a_swept_value_that_rarely_changed_the_play_is_said_so():
    rows = effect_rows(300)
    for game_row in rows:
        rare = game_row["config"] % 2 == 1 and game_row["index"] < 6
        game_row["rules_play"] = ["deadline.ace_high"] + (
            ["deadline.voluntary_submission"] if rare else [])
    summary = summarize(sweep_spec(300), sweep_configs(), rows)
    rare = [f["text"] for f in summary["findings"]["found"] if f["kind"] == "rare"]
    assert rare == ["Medium bots in every seat — Voluntary submission: On changed the play in "
                    "only 12 of 600 games (2.0%): in the others its games are those of Off, so "
                    "what it does hardly shows in its figures. Check on another seed."]


def test_another_seeds_findings_not_found_again_are_listed():
    summary = summarize(sweep_spec(200), sweep_configs(), effect_rows())
    effect = next(f for f in summary["findings"]["found"] if f["kind"] == "effect")
    other = {"spec": {"seed": 41}, "summary": {"findings": {"found": [
        dict(effect, text="Medium bots in every seat — the effect. Check on another seed."),
        {"kind": "dealt", "key": ["dealt", "dealt a 7", True],
         "text": "Medium bots in every seat — Seats dealt a 7 win more. Check on another seed."},
        dict(effect, figures=effect["figures"] + ["burns per game"],
             key=["effect", "deadline.ace_high", "off"], text="Another effect.")]}}}
    again = summarize(sweep_spec(200), sweep_configs(), effect_rows(), other)["findings"]
    assert again["other_seed"] == 41
    assert again["not_again"] == ["Medium bots in every seat — Seats dealt a 7 win more.",
                                  "Another effect."]
    texts = [f["text"] for f in again["found"]]
    assert any(t.endswith("(seen on seed 41 too).") for t in texts)
    assert not any("Check on another seed" in t for t in texts)
