"""Experiments (Part IV): player specs, restrictions, per-game measures, statistics, the plan,
results identical whatever runs them (process pool, threads, a Dask cluster), files, CLI."""

from __future__ import annotations

import concurrent.futures as cf
import csv
import dataclasses
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from penneech import Game, GameError, Rules
from penneech.cards import PENNEECH
from penneech.cli import main
from penneech.events import DealEnded, Played, Scored, ThrowIn
from penneech.experiments import (
    MEASURES,
    PARTS,
    QUICK,
    RESTRICTIONS,
    SCALES,
    Cell,
    Measures,
    Watched,
    analyse,
    dumps,
    how_decisive,
    how_long,
    ladder_matches,
    mean_estimate,
    measure,
    pair_estimate,
    paired_difference,
    parse_spec,
    plan,
    play_measured,
    player_label,
    proportion,
    reading_differences,
    run,
    run_cells,
    sign_test,
    skill_trace,
    skill_trace_estimate,
    skill_trace_terms,
    summarize_games,
    variants,
)
from penneech.players import GreedyPlayer, make_player, play_game
from penneech.rules import OPTIONS, PRESET_NAMES
from penneech.simulation import play_one

#: Smaller than the "tiny" scale: enough to exercise every path.
MINI = dataclasses.replace(SCALES["tiny"], name="mini", self_play=6, sweep=4, random_play=4,
                           skill=4, claims=2, restricted=4, ladder=2)


# -- specs and restrictions -----------------------------------------------------------------------


def test_player_specs_parse_and_label() -> None:
    assert parse_spec("greedy") == ("greedy", (), ())
    assert parse_spec("solver(samples=4)") == ("solver", (("samples", 4),), ())
    assert parse_spec("greedy+no_throw_in+always_take").restrictions == (
        "no_throw_in", "always_take")
    assert player_label("solver(samples=4)") == "solver ×4"
    assert player_label("greedy+no_throw_in") == "greedy, never throws in a hand"
    with pytest.raises(ValueError, match="unknown restriction 'peek'"):
        parse_spec("greedy+peek")
    with pytest.raises(ValueError, match="is not key=value"):
        parse_spec("solver(samples)")


class Spy(GreedyPlayer):
    """Greedy, remembering every view it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.views: list[Any] = []
        self.offers = 0

    def play(self, view: Any) -> Any:
        self.views.append(view)
        return super().play(view)

    def throw_in(self, view: Any) -> bool:
        self.offers += 1
        return True


def true_legal(view: Any) -> list[Any]:
    if not view.trick:
        return list(view.hand)
    return view.rules.legal_follows(view.hand, view.trick[0][1], view.trumps)


def play_restricted(restriction: str, rules: str, seeds: range) -> list[tuple[Spy, Watched]]:
    out = []
    for seed in seeds:
        spy = Spy()
        watched = Watched(spy, [RESTRICTIONS[restriction]])
        play_game(Game(rules, seed=seed), [watched, make_player("greedy")])
        out.append((spy, watched))
    return out


def test_penneech_first_plays_the_seven_of_diamonds_at_once() -> None:
    bound = 0
    for spy, watched in play_restricted("penneech_first", "pagat", range(30)):
        for view in spy.views:
            if PENNEECH in true_legal(view):
                assert view.legal_plays == (PENNEECH,)
                bound += 1
        assert watched.narrowed <= watched.moves
    assert bound > 5


def test_always_take_leaves_only_winning_cards() -> None:
    narrowed = 0
    for spy, _ in play_restricted("always_take", "parlett", range(20)):
        for view in spy.views:
            legal = true_legal(view)
            if not view.trick:
                assert set(view.legal_plays) == set(legal)
                continue
            lead = view.trick[0][1]
            wins = [c for c in legal if view.rules.follower_wins(lead, c, view.trumps)]
            assert set(view.legal_plays) == set(wins or legal)
            narrowed += len(wins) not in (0, len(legal))
    assert narrowed > 5


def test_no_trumping_instead_binds_only_where_the_rules_allow_it() -> None:
    for rules, expect_bound in (("pagat", False), ("parlett", True), ("minimal", True)):
        bound = sum(w.narrowed for _, w in play_restricted("no_trumping_instead", rules,
                                                            range(15)))
        assert (bound > 0) == expect_bound, rules


def test_no_throw_in_never_throws_in() -> None:
    seen = 0
    for seed in range(60):
        spy = Spy()
        game = Game("pagat", seed=seed)
        play_game(game, [Watched(spy, [RESTRICTIONS["no_throw_in"]]), make_player("greedy")])
        claims = [e for e in game.events if isinstance(e, ThrowIn) and e.player == 0]
        seen += len(claims)
        assert not any(e.claimed for e in claims)
        assert spy.offers == 0  # the restriction answers; the player is never asked
    assert seen > 0


# -- one game measured ----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["pagat", "parlett", "minimal", "davis"])
def test_measures_agree_with_the_event_log(rules: str) -> None:
    for number in range(6):
        m = play_measured(rules, ("greedy", "random"), number, 5)
        # the same game as the simulation plays with the same seeds
        r = play_one(rules, ("greedy", "random"), number, 5)
        assert (m.winner, m.scores, m.deals, m.first_dealer) == (
            r.winner, r.scores, r.deals, r.first_dealer)
        assert m.p0_seat == (1 if number % 2 else 0)
        assert [a + b + c for a, b, c in zip(m.trick_points, m.turnup_points,
                                              m.majority_points, strict=True)] == list(m.scores)
        assert 0 < m.choices <= m.moves
        assert 0 <= m.decided_at <= m.moves
        assert m.elder_ahead + m.dealer_ahead <= m.full_deals <= m.deals


def independent_measures(game: Game) -> tuple[int, int, int]:
    """Lead changes, the deciding move and complete deals, counted another way."""
    events = game.events
    outcome = game.outcome
    assert outcome is not None
    loser_final = outcome.scores[1 - outcome.winner]
    totals = [0, 0]
    history = []  # the leader after each scoring (ties skipped)
    moves = 0
    decided = None
    for e in events:
        if isinstance(e, (Played, ThrowIn)):
            if decided is None and totals[outcome.winner] > loser_final:
                decided = moves
            moves += 1
        elif isinstance(e, Scored):
            totals[e.player] += e.points
            if totals[0] != totals[1]:
                history.append(0 if totals[0] > totals[1] else 1)
    changes = sum(a != b for a, b in zip(history, history[1:], strict=False))
    full = sum(isinstance(e, DealEnded) and not e.thrown_in for e in events)
    return changes, (moves if decided is None else decided), full


def test_lead_changes_and_decisiveness_counted_two_ways() -> None:
    for seed in range(25):
        players = [Watched(make_player("greedy")), Watched(make_player("random", seed=seed))]
        game = Game("pagat", seed=seed)
        play_game(game, players)
        m = measure(game, players)
        assert (m.lead_changes, m.decided_at, m.full_deals) == independent_measures(game)
        assert m.moves == sum(p.moves for p in players)


# -- statistics -----------------------------------------------------------------------------------


def test_estimates() -> None:
    p = proportion(30, 100)
    assert p.value == 0.3 and p.low < 0.3 < p.high and p.n == 100
    m = mean_estimate([1.0, 2.0, 3.0, 4.0])
    # Student's t with 3 degrees of freedom: 3.182 * sd / 2
    assert m.value == 2.5 and math.isclose(m.high - m.value, 3.182 * 1.2909944 / 2, rel_tol=1e-5)
    assert math.isnan(mean_estimate([]).value)
    with pytest.raises(ValueError, match="values must be finite numbers"):
        mean_estimate([1.0, math.nan])  # (an AttributeError from inside statistics)


def test_skill_trace_as_ludii_computes_it() -> None:
    assert skill_trace([0.0, 0.0, 0.0]) == 0.0
    assert skill_trace([1.0, 1.0]) == 1.0
    # a falling line predicts 0 at k = n + 1: only the area counts, the mean of the positive
    # results (Ludii's later SkillTrace.java, 7529a82; the earlier one summed their squares)
    assert math.isclose(skill_trace([0.6, 0.3, 0.0]), (0.6 + 0.3) / 3)
    # within 0 to 1 whatever the results: the earlier formula gave 1.144 for minimal's ladder
    assert 0 <= skill_trace([0.992, -0.55, 0.4, -0.05]) <= 1
    for bad, said in (([], "at least one match"), ([0.5, math.nan], "from -1 to 1, not nan"),
                      ([1.5], "from -1 to 1, not 1.5")):
        with pytest.raises(ValueError, match=said):
            skill_trace(bad)
    with pytest.raises(ValueError, match=r"not \(0, 0\)"):
        skill_trace_estimate([(0, 0)])
    estimate = skill_trace_estimate([(150, 200), (120, 200), (100, 200)])
    assert estimate.low <= estimate.value <= estimate.high
    assert estimate.n == 600


def _game(number: int, deals: int, *, winner: int = 0, p0_seat: int = 0, turnups: int = 0,
          elder: tuple[int, int] = (1, 1)) -> Measures:
    """A made-up game: ``deals`` deals, the first dealer (seat 0) or the other wins, ``turnups``
    of the winner's 61 points from turn-ups, ``elder`` deals won by elder hand and by dealer."""
    return Measures(number, p0_seat, 0, winner, deals, 0, 6 * deals, (61, 30) if winner == 0
                    else (30, 61), (turnups, 0), (61 - turnups, 30), (0, 0), 40, 30, 0, 0, 1, 20,
                    sum(elder), 80, elder[0], elder[1], 0, 0)


def test_duplicate_self_play_takes_its_intervals_over_pairs() -> None:
    # Two games of a pair alike (a shared pack): 4 pairs of deals (3, 3), (5, 5), (4, 4), (6, 6).
    games = [_game(i, d) for i, d in enumerate([3, 3, 5, 5, 4, 4, 6, 6])]
    deals = summarize_games(games, pairs=True)["measures"]["deals"]
    # over the 4 pair means 3, 5, 4, 6: sd 1.29099, t(3) = 3.182, half 3.182 * 1.29099 / 2
    assert deals["value"] == 4.5 and deals["n"] == 4
    assert math.isclose(deals["high"] - 4.5, 3.182 * 1.2909944 / 2, rel_tol=1e-5)
    # as if 8 independent games, the interval was narrower than the pairs allow
    alone = summarize_games(games)["measures"]["deals"]
    assert alone["n"] == 8 and alone["high"] - alone["low"] < deals["high"] - deals["low"]
    # a share too: the first dealer wins both games of pairs 1 and 3, neither of 2 and 4
    won = [_game(i, 4, winner=0 if i // 2 % 2 == 0 else 1) for i in range(8)]
    first = summarize_games(won, pairs=True)["measures"]["first_dealer_wins"]
    assert first["value"] == 0.5 and first["n"] == 4 and first["low"] == 0.0
    assert summarize_games(won, pairs=True)["pairs"] == 4


def test_the_elder_hands_difference_between_two_rules_is_paired_game_by_game() -> None:
    """Elder hand's margin a deal, one rule against another, had an interval from the two
    separate intervals (unpaired, and over deals as if independent): a gain that every game
    shares was as uncertain as the games' spread.  Here elder hand gains 2 points in every deal
    of every game, whatever that game's own margin: paired, the difference is 2 and sure."""
    deals = [3, 5, 4, 6, 3, 5]
    margins = [9, -10, 4, -8, 12, -6]
    base = [_game(i, d)._replace(full_deals=d, elder_margin=m)
            for i, (d, m) in enumerate(zip(deals, margins, strict=True))]
    other = [g._replace(elder_margin=g.elder_margin + 2 * g.full_deals) for g in base]
    margin = paired_difference(base, other)["elder_margin"]
    assert math.isclose(margin["value"], 2.0) and margin["n"] == 6
    assert margin["high"] - margin["low"] < 1e-9, margin
    # noise that differs game by game widens it, as it should
    shaken = [g._replace(elder_margin=g.elder_margin + (3 if g.game % 2 else -3))
              for g in other]
    wide = paired_difference(base, shaken)["elder_margin"]
    assert wide["low"] < 2.0 < wide["high"] and wide["high"] - wide["low"] > 0.5
    # the share of decided deals elder hand wins: 1 of 2 in every base game, 2 of 2 in the other
    won = paired_difference([_game(i, 4, elder=(1, 1)) for i in range(4)],
                            [_game(i, 4, elder=(2, 0)) for i in range(4)])["elder_wins_deal"]
    assert math.isclose(won["value"], 0.5)
    # four games all alike are no certainty: no interval (not "50 to 50", nor -100 to 100)
    assert won["low"] is None and won["high"] is None, won


def test_elder_hands_share_from_a_small_run_stays_a_share_and_is_no_point() -> None:
    """From 2 or 3 games, the small version in the browser printed elder hand's share of the
    deals as "28.6% (-19.4 to 76.6)" or "66.7% (66.7–66.7)" (review 42d)."""
    from penneech.experiments import who_has_the_edge

    for games, seed in ((2, 1), (2, 2), (3, 5)):
        share = who_has_the_edge(games=games, seed=seed)["measures"]["elder_wins_deal"]
        assert 0 <= share["low"] < share["value"] < share["high"] <= 1, (games, seed, share)


def test_two_readings_are_compared_game_by_game() -> None:
    a = [_game(i, d) for i, d in enumerate([4, 5, 6, 5])]
    b = [_game(i, d) for i, d in enumerate([3, 5, 5, 4])]  # a minus b: 1, 0, 1, 1
    skill_a = [_game(i, 4, winner=i % 2, p0_seat=i % 2) for i in range(4)]  # greedy wins all
    skill_b = [_game(i, 4, winner=1 - i % 2, p0_seat=i % 2) for i in range(4)]  # ... none
    (diff,) = reading_differences({"a": a, "b": b}, {"a": skill_a, "b": skill_b})
    assert diff["label"] == "a − b" and (diff["first"], diff["second"]) == ("a", "b")
    deals = diff["measures"]["deals"]
    # mean 0.75, sd 0.5, t(3) = 3.182: 0.75 ± 3.182 * 0.5 / 2
    assert deals["value"] == 0.75 and math.isclose(deals["low"], 0.75 - 0.7955, abs_tol=1e-4)
    assert diff["skill"]["value"] == 1.0


def test_a_duplicate_match_over_its_pairs() -> None:
    # 27 pairs won, 59 lost, the rest split (Parlett, trumping instead of following, review 41b)
    from penneech.experiments import _clopper_pearson, _tango

    est = pair_estimate([27, 914, 59])
    values = [1.0] * 27 + [0.5] * 914 + [0.0] * 59
    assert math.isclose(est.value, 0.484) and est.n == 1000
    assert math.isclose(est.value, mean_estimate(values).value)
    assert est.high < 0.5 < proportion(968, 2000).high  # below 50% over pairs, not over games
    # the wider of Tango's score interval (its ends checked against a score test whose
    # restricted maximum was found by a grid, not by the formula) and the exact interval of the
    # 86 unsplit pairs (Clopper-Pearson for 27 of 86: 0.2181 to 0.4230, as scipy's beta gives)
    tango = _tango(27, 59, 1000)
    assert (round(tango[0], 4), round(tango[1], 4)) == (-0.0509, -0.0141)
    exact = _clopper_pearson(27, 86)
    assert (round(exact[0], 4), round(exact[1], 4)) == (0.2181, 0.423)
    assert math.isclose(est.low, 0.5 + min(tango[0], (2 * exact[0] - 1) * 0.086) / 2)
    assert math.isclose(est.high, 0.5 + max(tango[1], (2 * exact[1] - 1) * 0.086) / 2)
    assert (round(est.low, 4), round(est.high, 4)) == (0.4746, 0.4934)
    assert math.isclose(sign_test(27, 59), 0.000732, abs_tol=1e-6)  # scipy's binomtest
    assert sign_test(5, 5) == 1.0 and sign_test(0, 0) == 1.0


def test_the_share_over_pairs_is_honest_where_few_pairs_are_unsplit() -> None:
    """A normal interval of the pairs' scores shrank to a point with no pair unsplit (Parlett's
    "letting a trick go" printed 50.0% (50.0-50.0) though 8.4% of the choices were taken away),
    gave certainty from three pairs won, and left 50% where the sign test beside it did not
    find the split uneven (review 42b)."""
    none = pair_estimate([0, 1000, 0])
    assert none.low < 0.499 and none.high > 0.501 and none.value == 0.5
    three = pair_estimate([3, 0, 0])
    assert three.value == 1.0 and three.high == 1.0 and three.low < 0.5
    # where the interval leaves 50%, the sign test finds the split uneven, and the other way
    for pairs in ([0, 1996, 4], [0, 995, 5], [7, 12, 1], [6, 14, 0], [27, 914, 59],
                  [40, 900, 60], [12, 0, 3]):
        est = pair_estimate(pairs)
        leaves = est.high < 0.5 or est.low > 0.5
        assert leaves == (sign_test(pairs[0], pairs[2]) < 0.05), (pairs, est)
    # counts that are not counts are said so, not a traceback from inside
    for bad, said in (([1, 2], "pairs must be 3 counts"), ([-1, 2, 0], "won must be a whole"),
                      ([1, 2.5, 0], "split must be a whole")):
        with pytest.raises(ValueError, match=said):
            pair_estimate(bad)
    with pytest.raises(ValueError, match="lost must be a whole number of at least 0, not 3.5"):
        sign_test(2, 3.5)  # type: ignore[arg-type]
    # the exact test in whole numbers, past the 1,024 pairs at which the float overflowed
    assert sign_test(1500, 1500) == 1.0 and 0 < sign_test(600, 500) < 0.005
    assert sign_test(0, 1200) == 0.0 or sign_test(0, 1200) < 1e-300


def test_restricted_play_reads_its_loss_over_the_pairs() -> None:
    fake = {}
    for cell in plan("restricted", MINI):
        # restricted player (first named) wins pair 1 twice, splits pair 2
        fake[cell.key] = [_game(i, 4, p0_seat=i % 2, winner=(i % 2) if i < 2 else 0)
                          for i in range(cell.games)]
    data = analyse("restricted", MINI, fake)
    row = data["presets"][0]["restrictions"]["penneech_first"]
    assert row["pairs"] == [1, 1, 0]
    assert row["pair_rate"]["value"] == 0.75 and row["pair_rate"]["n"] == 2
    assert row["loss"]["value"] == -0.25
    assert math.isclose(row["loss"]["low"], 0.5 - row["pair_rate"]["high"])
    assert row["sign_test"] == 1.0
    # a small p-value is kept to three figures, not rounded away to 0
    fake = {key: [_game(i, 4, p0_seat=i % 2, winner=i % 2) for i in range(40)] for key in fake}
    tiny = analyse("restricted", dataclasses.replace(MINI, restricted=40), fake)
    assert tiny["presets"][0]["restrictions"]["penneech_first"]["sign_test"] == 1.91e-06


def test_skill_trace_terms() -> None:
    # minimal's ladder (review 41b): the line predicts below 0, so only the positive results
    # count, and greedy v random gives 0.248 of the 0.348
    predicted, terms = skill_trace_terms([0.992, -0.55, 0.4, -0.05])
    assert predicted == 0.0
    assert [round(t, 4) for t in terms] == [0.248, 0.0, 0.1, 0.0]
    assert math.isclose(skill_trace([0.992, -0.55, 0.4, -0.05]), sum(terms))
    predicted, terms = skill_trace_terms([0.2, 0.4, 0.6])  # rising: predicts 1.0 (clamped)
    assert predicted == 1.0 and terms == [0.0, 0.0, 0.0]


def test_dumps_keeps_each_figure_on_one_line() -> None:
    text = dumps({"a": {"value": 1, "low": 0, "high": 2, "n": 3}, "b": [1, 2]})
    assert text == '{\n "a": {"value": 1, "low": 0, "high": 2, "n": 3},\n "b": [1, 2]\n}'
    assert json.loads(text)["a"]["n"] == 3


# -- the plan -------------------------------------------------------------------------------------


def test_the_sweep_changes_every_value_of_every_option_one_at_a_time() -> None:
    for base in ("pagat", "parlett"):
        preset = Rules.preset(base).options()
        found = {(v.changes[0][0], v.changes[0][1]) for v in variants(base)}
        for name, info in OPTIONS.items():
            for value in info.values:
                if value.value != preset[name]:
                    assert (name, value.value) in found
        for v in variants(base):
            diff = {k for k, val in Rules.parse(v.rules).options().items() if preset[k] != val}
            assert diff == {k for k, _ in v.changes}
    assert any(v.changes == (("deck", 32), ("target", 91)) for v in variants("pagat"))


def test_every_reading_takes_part() -> None:
    for part in ("readings", "restricted", "ladder"):
        rules = {Rules.parse(c.rules).preset_name for c in plan(part, MINI)}
        assert rules == set(PRESET_NAMES)
    thinking = [m for m in ladder_matches() if m[2]]
    assert [m[1] for m in thinking[1:]] == [m[0] for m in thinking[:-1]]  # a ladder


def test_ladder_analysis_on_made_up_results() -> None:
    cells = plan("ladder", MINI)
    fake = {}
    for cell in cells:
        stronger_wins = cell.players[0] != "random"
        fake[cell.key] = [
            Measures(i, i % 2, 0, (i % 2) if stronger_wins else 1 - (i % 2), 3, 0, 21, (61, 30),
                     (0, 0), (61, 30), (0, 0), 42, 30, 0, 0, 1, 20, 2, 40, 1, 1, 0, 0)
            for i in range(cell.games)
        ]
    data = analyse("ladder", MINI, fake)
    first = data["presets"][0]
    assert [m["win_rate"]["value"] for m in first["matches"]] == [1.0] * len(first["matches"])
    assert first["skill_trace"]["value"] == 1.0


# -- results identical whatever runs them -------------------------------------------------------


def test_cells_same_results_in_a_pool_and_threads() -> None:
    cells = [Cell("pagat", ("greedy", "random"), 10, True),
             Cell("davis", ("greedy+always_take", "greedy"), 6, True),
             Cell("parlett", ("greedy", "greedy"), 8, False)]
    serial = run_cells(cells)
    with cf.ProcessPoolExecutor(2) as pool:
        pooled = run_cells(cells, executor=pool)
    with cf.ThreadPoolExecutor(3) as threads:
        threaded = run_cells(cells, executor=threads)
    assert pooled == serial == threaded
    assert [m.game for m in serial[cells[0].key]] == list(range(10))


def test_a_cache_replays_only_what_it_has_not_kept(tmp_path: Path) -> None:
    cells = [Cell("pagat", ("greedy", "random"), 8, True)]
    full = run_cells(cells)
    key = cells[0].key
    assert run_cells(cells, have={key: full[key][:3]}) == full
    first = run(("readings",), scale=MINI, out_dir=tmp_path / "a", cache_dir=tmp_path / "c",
                version={"package": "test"})
    kept = list((tmp_path / "c").rglob("*.json"))
    assert len(kept) == len(plan("readings", MINI))
    again = run(("readings",), scale=MINI, cache_dir=tmp_path / "c", version={"package": "test"})
    assert again == first


@pytest.fixture(scope="module")
def mini_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("one")
    run(("readings", "restricted"), scale=MINI, out_dir=out, version={"package": "test"})
    return out


def test_files_identical_with_two_workers(mini_files: Path, tmp_path: Path) -> None:
    run(("readings", "restricted"), scale=MINI, workers=2, out_dir=tmp_path,
        version={"package": "test"})
    for name in ("readings.json", "restricted.json", "measures.csv"):
        assert (tmp_path / name).read_bytes() == (mini_files / name).read_bytes(), name
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["workers"] == 2 and set(manifest["seconds"]) == {"readings", "restricted"}


def test_a_run_keeps_the_account_of_the_runs_before(tmp_path: Path) -> None:
    """The manifest's account of earlier runs ("runs", "note", written by hand) survives a run
    that rewrites the manifest: one dropped it, and the method page's table of runs (45d)."""
    run(("restricted",), scale=MINI, workers=1, out_dir=tmp_path, version={"package": "test"})
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    history = {"runs": [{"what": "By hand, once:", "seconds": {"restricted": 1.0}}],
               "note": "How these were made."}
    (tmp_path / "manifest.json").write_text(json.dumps({**manifest, **history}))
    run(("restricted",), scale=MINI, workers=1, out_dir=tmp_path, version={"package": "test"})
    again = json.loads((tmp_path / "manifest.json").read_text())
    assert {key: again.get(key) for key in history} == history
    assert set(again["seconds"]) == {"restricted"}


def test_lead_changes_are_counted_per_100_moves_as_ludii_divides_by_moves() -> None:
    """Ludii's LeadChange divides a game's changes of leader by its moves; a count per game
    grew with the game's length (review 45c).  Held to the formula on played games."""
    from penneech.experiments import play_measured

    for number in range(4):
        m = play_measured("pagat", ("greedy", "random"), number, seed=7)
        assert m.moves > 0
        assert MEASURES["lead_changes"].per_game(m) == pytest.approx(
            100 * m.lead_changes / m.moves)
    assert MEASURES["lead_changes"].label == "lead changes per 100 moves"


def test_data_files_say_how_they_were_made(mini_files: Path) -> None:
    data = json.loads((mini_files / "readings.json").read_text())
    assert data["seed"] == 1674 and data["scale"]["self_play"] == 6
    assert data["code_version"] == {"package": "test"}
    assert [r["preset"] for r in data["readings"]] == list(PRESET_NAMES)
    greedy = data["readings"][0]["greedy"]
    assert greedy["games"] == 6 and set(MEASURES) <= set(greedy["measures"])
    assert sum(greedy["deals_histogram"].values()) == 6
    csv_text = (mini_files / "measures.csv").read_text()
    assert csv_text.startswith("part,rules,what,measure,value,low,high,n\n")
    assert "restricted,davis,presets[davis]/restrictions/no_throw_in,win_rate," in csv_text


def test_same_results_on_a_dask_cluster(mini_files: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        run(("readings", "restricted"), scale=MINI, executor=client.get_executor(),
            out_dir=tmp_path, version={"package": "test"})
    for name in ("readings.json", "restricted.json"):
        assert (tmp_path / name).read_bytes() == (mini_files / name).read_bytes(), name


# -- the small versions and the command line ------------------------------------------------------


def test_small_versions_run_and_repeat() -> None:
    first = QUICK["how_long"]("parlett", games=6)
    assert first == QUICK["how_long"]("parlett", games=6)
    assert first["measures"]["deals"]["n"] == 6
    edge = QUICK["who_has_the_edge"]("davis", games=6)
    assert set(edge["measures"]) == {"first_dealer_wins", "balance", "elder_wins_deal",
                                     "elder_margin"}
    rule = QUICK["what_a_rule_does"]("follow", "free", games=4)
    assert rule["rules"] == "pagat,follow=free" and "deals" in rule["differences"]
    assert QUICK["restricted_play"]("no_throw_in", games=4)["games"] == 4
    luck = QUICK["luck_or_skill"]("pagat", games=4)
    assert 0 <= luck["luck_share"]["value"] <= 1
    assert QUICK["how_decisive"]("pagat", games=4)["games"] == 4


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["experiment", "plan", "--scale", "tiny"]) == 0
    out = capsys.readouterr().out
    assert all(part in out for part in PARTS)
    assert main(["experiment", "run", "--part", "nonsense", "--out", str(tmp_path)]) == 2
    assert "unknown part 'nonsense'" in capsys.readouterr().err
    assert main(["experiment", "run", "--part", "readings", "--scale", "tiny", "--out",
                 str(tmp_path / "missing" / "deeper")]) == 2
    assert f"{tmp_path / 'missing'} does not exist" in capsys.readouterr().err
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    assert main(["experiment", "run", "--part", "readings", "--scale", "tiny", "--out",
                 str(tmp_path / "afile" / "sub")]) == 2
    assert f"{tmp_path / 'afile'} is a file, not a folder" in capsys.readouterr().err
    (tmp_path / "afile").unlink()
    # a part given twice is played once (review 35c: its second, empty pass wrote 0.0 s as the
    # part's time in the manifest, and the plan listed it twice)
    twice = ["--part", "readings", "--part", "readings", "--scale", "tiny"]
    assert main(["experiment", "plan", *twice]) == 0
    assert capsys.readouterr().out.count("readings ") == 1
    # (a cache of its own: from the user's cache the part takes no time at all)
    assert main(["experiment", "run", *twice, "--out", str(tmp_path), "--no-progress",
                 "--cache", str(tmp_path / "cache")]) == 0
    assert (tmp_path / "readings.json").exists() and (tmp_path / "manifest.json").exists()
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["seconds"]["readings"] > 0, manifest["seconds"]


def test_an_interval_of_a_count_does_not_reach_below_zero() -> None:
    # 30 games of Parlett's rules: 5 deals thrown in among them; the normal interval of that mean
    # reached -0.0055 before it was cut at 0, the least a count can be
    result = how_long("parlett", games=30)
    thrown = result["measures"]["thrown_in"]
    assert thrown["low"] == 0.0 < thrown["value"] < thrown["high"]
    assert result["measures"]["deals"]["low"] > 0


def test_an_interval_of_a_share_does_not_reach_above_one() -> None:
    # three games: the normal interval of the share of the game before the winner is clear
    # reached 1.14 before it was cut at 1, the most a share can be
    decided = how_decisive("pagat", games=3)["measures"]["decided_at"]
    assert decided["low"] < decided["value"] < decided["high"] == 1.0


def test_small_experiments_check_their_seed_and_size() -> None:
    with pytest.raises(GameError, match="seed must be a whole number"):
        how_long(games=2, seed=-1)
    with pytest.raises(ValueError, match="play at most 20,000 games, not 10,000,000"):
        how_long(games=10**7)


def test_the_glossary_s_deal_lengths_agree_with_part_iv_s_data() -> None:
    """The glossary's "deal" entry gives how many deals a game of greedy self-play lasts under
    three readings, typed from Part IV's data (10,000 games a reading; it once gave figures of its
    own, from 1,000 packs each played twice as the same game: review 45c).  Each typed figure must
    lie in the data's 95% interval (widened by its own rounding), so a change to the engine or the
    greedy player that moves them, once ``make experiments`` has been run, shows here."""
    book = Path(__file__).resolve().parent.parent / "book"
    entry = " ".join((book / "glossary.md").read_text(encoding="utf-8")
                     .split("\ndeal\n", 1)[1].split("\n\n", 1)[0].split())
    typed = {
        "parlett": re.search(r"the mean was ([\d.]+) deals and (\d+)% of games ended in the fourth",
                             entry),
        "pagat": re.search(r"a mean of ([\d.]+) deals, most often ending in the fifth; (\d+)% end "
                           r"in the fourth", entry),
        "gamester": re.search(r"\(`gamester`\), ([\d.]+) deals, (\d+)% ending in the fourth", entry),
    }
    with (book / "experiments" / "data" / "measures.csv").open(encoding="utf-8") as f:
        rows = {(r["rules"], r["measure"]): r for r in csv.DictReader(f)
                if r["part"] == "readings" and r["what"].endswith("/greedy")}
    for preset, found in typed.items():
        assert found, f"the glossary's figures for {preset} are no longer where this test looks"
        for (name, scale, slack), text in zip(
                (("deals", 1, 0.05), ("ends_in_fourth_deal", 100, 0.5)), found.groups(),
                strict=True):
            row = rows[(preset, name)]
            low, high = float(row["low"]) * scale - slack, float(row["high"]) * scale + slack
            assert low <= float(text) <= high, (
                f"glossary: {preset} {name} {text}; Part IV's data: {low:.2f} to {high:.2f}")


def test_a_stopped_command_goes_on_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C during `penneech experiment run`: the cells played to their end are kept (in the
    default cache), the message says so, and the same command plays only the rest, writing
    what a run that was never stopped writes."""
    import signal

    from penneech import experiments

    monkeypatch.setattr(signal, "signal", lambda *_: None)  # (this process keeps its Ctrl-C)
    monkeypatch.setenv("PENNEECH_CACHE", str(tmp_path / "cache"))
    command = ["experiment", "run", "--part", "readings", "--scale", "tiny", "--no-progress"]
    real = experiments.run_cells
    batches: list[int] = []

    def stopped_at_the_third_cell(*args: Any, **kwargs: Any) -> Any:
        batches.append(1)
        if len(batches) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(experiments, "run_cells", stopped_at_the_third_cell)
    assert main([*command, "--out", str(tmp_path / "stopped")]) == 130
    assert capsys.readouterr().err == (
        f"interrupted: the games played so far are kept in {tmp_path / 'cache'}, and the same "
        f"command plays only the rest; the data files in {tmp_path / 'stopped'} "
        "are all of one run only once a run ends\n")
    assert len(list((tmp_path / "cache").rglob("*.json"))) == 2
    played: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        played.append(len(kwargs.get("have") or {}))
        return real(*args, **kwargs)

    monkeypatch.setattr(experiments, "run_cells", counted)
    assert main([*command, "--out", str(tmp_path / "stopped")]) == 0
    cells = len(plan("readings", SCALES["tiny"]))
    assert len(played) == cells and played[0] == 2  # (the two kept cells were not played again)
    assert main([*command, "--no-cache", "--out", str(tmp_path / "whole")]) == 0
    capsys.readouterr()
    for name in ("readings.json", "measures.csv"):
        gone_on = (tmp_path / "stopped" / name).read_text(encoding="utf-8")
        assert gone_on == (tmp_path / "whole" / name).read_text(encoding="utf-8")


def test_the_plan_counts_the_games_kept_and_a_spoilt_one_is_played_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PENNEECH_CACHE", str(tmp_path / "cache"))
    plan_it = ["experiment", "plan", "--part", "readings", "--scale", "tiny"]
    assert main(plan_it) == 0
    games = sum(c.games for c in plan("readings", SCALES["tiny"]))
    assert f"{games:,} games" in capsys.readouterr().out
    assert main(["experiment", "run", "--part", "readings", "--scale", "tiny", "--no-progress",
                 "--out", str(tmp_path / "out")]) == 0
    capsys.readouterr()
    assert main(plan_it) == 0
    assert f"0 cost units ({games:,} of them kept by an earlier run: not played again)" in (
        capsys.readouterr().out)
    spoilt = sorted((tmp_path / "cache").rglob("*.json"))[0]
    spoilt.write_text("[[1, 2", encoding="utf-8")  # (cut off, or edited by hand)
    assert main(plan_it) == 0
    found = re.search(r"\(([\d,]+) of them kept by an earlier run", capsys.readouterr().out)
    assert found and 0 < int(found[1].replace(",", "")) < games  # (the spoilt cell's are not)
    assert main(["experiment", "run", "--part", "readings", "--scale", "tiny", "--no-progress",
                 "--out", str(tmp_path / "out")]) == 0
    assert json.loads(spoilt.read_text(encoding="utf-8"))  # played again and kept again
    assert main([*plan_it, "--no-cache"]) == 0
    assert "kept by an earlier run" not in capsys.readouterr().out


def test_a_cell_stopped_part_way_keeps_its_first_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the third of a cell's three tasks: the games of the first two are handed on
    (for the cache), in order, and going on from them plays the cell as it was played whole."""
    from penneech import experiments
    from penneech.simulation import Interrupted

    cell = Cell("pagat", ("greedy", "random"), 300, True)  # (100 games a task)
    whole = run_cells([cell])[cell.key]
    real = experiments._play_chunk
    tasks: list[int] = []

    def stopped_in_the_third(*args: Any) -> Any:
        tasks.append(1)
        if len(tasks) == 3:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(experiments, "_play_chunk", stopped_in_the_third)
    with pytest.raises(Interrupted) as raised:
        run_cells([cell])
    assert raised.value.done == {cell.key: whole[:200]}
    monkeypatch.setattr(experiments, "_play_chunk", real)
    assert run_cells([cell], have=raised.value.done)[cell.key] == whole


# -- the pages read the data as they should -----------------------------------------------------

EXPERIMENTS = Path(__file__).resolve().parent.parent / "book" / "experiments"


def _outputs(notebook: str) -> list[str]:
    """The text of every recorded output of a notebook of Part IV (HTML or markdown)."""
    nb = json.loads((EXPERIMENTS / notebook).read_text(encoding="utf-8"))
    found = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            for kind in ("text/html", "text/markdown"):
                text = out.get("data", {}).get(kind)
                if text:
                    found.append("".join(text))
    return found


def test_the_ladder_table_gives_each_match_its_own_games() -> None:
    """It printed the first match's games (1,000, greedy v random) as every match's, where the
    others have 40 (review 41b, 1)."""
    ladder = json.loads((EXPERIMENTS / "data" / "ladder.json").read_text(encoding="utf-8"))
    (table,) = [t for t in _outputs("luck-or-skill.ipynb") if "<th>games</th>" in t]
    for i, m in enumerate(ladder["presets"][0]["matches"]):
        games = {r["matches"][i]["games"] for r in ladder["presets"]}
        assert f"<td>{m['label']}</td><td>{', '.join(f'{g:,}' for g in sorted(games))}</td>" \
            in table
    assert "games per match" not in table


def test_the_overview_tells_readings_apart_by_their_paired_difference() -> None:
    """Pagat's and minimal's game lengths: their separate intervals overlap, which the page read
    as 'cannot tell them apart'; measured game by game on the same deals they differ (review
    41b, 3).  The page's verdict must follow the stored difference."""
    data = json.loads((EXPERIMENTS / "data" / "readings.json").read_text(encoding="utf-8"))
    by = {r["preset"]: r["greedy"]["measures"]["deals"] for r in data["readings"]}
    longest, second = sorted(by, key=lambda p: -by[p]["value"])[:2]
    assert by[longest]["low"] <= by[second]["high"]  # the intervals overlap ...
    diff = next(d for d in data["differences"] if {d["first"], d["second"]} == {longest, second})
    told = diff["measures"]["deals"]["low"] > 0 or diff["measures"]["deals"]["high"] < 0
    (text,) = [t for t in _outputs("overview.ipynb") if "The longest games" in t]
    line = next(x for x in text.splitlines() if "The longest games" in x)
    assert ("ahead of the next" in line) == told and ("cannot tell" in line) != told


def test_reading_differences_needs_the_same_readings_on_both_sides() -> None:
    games = [_game(i, 4) for i in range(4)]
    with pytest.raises(ValueError, match=r"the same readings, not \['a', 'b'\] and \['a'\]"):
        reading_differences({"a": games, "b": games}, {"a": games})


def test_each_rung_s_length_is_measured_against_greedy_on_the_same_packs() -> None:
    """A rung's deals per game were set against greedy self-play over the whole bank; the
    ladder's first packs run longer than the bank's average, so rungs looked longer than they
    were (review 42f).  Each rung is measured against greedy self-play on its own packs."""
    fake = {}
    for cell in plan("ladder", MINI):
        same = cell.players == ("greedy", "greedy")
        # pack k lasts 3 + k % 3 deals in greedy self-play, one more in every rung
        fake[cell.key] = [_game(i, 3 + (i // 2) % 3 + (0 if same else 1))
                          for i in range(cell.games)]
    data = analyse("ladder", MINI, fake)
    for row in data["presets"][0]["matches"]:
        longer = row["deals_less_greedy"]
        assert math.isclose(longer["value"], 1.0), (row["label"], longer)
        # (the rung's deals less the bank's average would not be 1: the packs differ in length)
        assert row["deals"]["value"] != 1.0


def test_elder_hands_difference_from_a_small_run_stays_within_bounds_and_is_no_point() -> None:
    """From 2 games the small version printed elder hand's share of the deals changing by
    -476% to 457%, or "0 to 0" where the few games were alike (review 42e)."""
    from penneech.experiments import what_a_rule_does

    for option, value, seed in (("follow", "free", 2), ("majority_bonus", False, 3)):
        d = what_a_rule_does(option, value, games=2, seed=seed)["differences"]
        share, margin = d["elder_wins_deal"], d["elder_margin"]
        for est in (share, margin):
            assert est["low"] is None or est["low"] < est["high"], (option, est)
        assert share["low"] is None or share["low"] >= -1 and share["high"] <= 1, share
    from penneech.experiments import who_has_the_edge

    margin = who_has_the_edge(games=2, seed=2)["measures"]["elder_margin"]
    assert margin["low"] is None or margin["low"] < margin["high"], margin
