"""Playing strength: duplicate matches between computer players under every preset.

For each preset and each match (default: expert v solver, expert v greedy) plays ``--games``
duplicate games (1,000 pairs by default: the same packs twice, seats swapped) exactly as
:func:`penneech.simulate` plays them (:func:`penneech.simulation.play_one`: game ``i`` of a run
depends only on the run's seed and ``i``, so every match is played on one fixed bank of deals),
and prints the first player's win rate with its 95% Wilson score interval against the target:

* expert (the default opponent) beats the PIMC ``solver`` in at least 55% of games;
* expert beats greedy in at least 65% of games;
* greedy beats random in at least 75%, solver beats greedy in at least 60% (issue 3's targets).

"met" means the win rate is at least the target; "met*" that the whole 95% interval is.  A game
of Penneech cannot be drawn, so the win rate is simply wins over games.  The duplicate pairs are
also shown as ``2-0 / 1-1 / 0-2``: pairs the first player won both games of, split, or lost both.

With ``--out DIR`` every game's result is appended to ``DIR/MATCH-PRESET.jsonl`` as soon as it
is played, and a run started again with the same ``--out`` and ``--seed`` picks up where it
stopped: long runs survive being stopped, and partial results can be read at any time
(``--report`` prints the table from the files alone).

    nice -n 10 python benchmarks/strength.py --out results/strength \\
        --match expert,solver --games 800 --games-for pagat=2000 [PRESET ...]

Figures are printed, not asserted.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import dataclasses
import json
import multiprocessing
import platform
import sys
import time
from pathlib import Path
from typing import Any

from penneech.rules import PRESET_NAMES
from penneech.simulation import GameResult, play_one, wilson_interval

#: The first player's target win rate in each match.
TARGETS = {("expert", "solver"): 0.55, ("expert", "greedy"): 0.65,
           ("greedy", "random"): 0.75, ("solver", "greedy"): 0.60}
DEFAULT_MATCHES = ("expert,solver", "expert,greedy")


def pair_record(results: list[GameResult], first: str) -> tuple[int, int, int]:
    """Duplicate pairs won 2-0, split 1-1 and lost 0-2 by ``first`` (complete pairs only)."""
    by_pair: dict[int, list[GameResult]] = {}
    for r in results:
        by_pair.setdefault(r.game // 2, []).append(r)
    sweeps = splits = losses = 0
    for pair in by_pair.values():
        if len(pair) != 2:
            continue
        wins = sum(r.winner_player == first for r in pair)
        sweeps += wins == 2
        splits += wins == 1
        losses += wins == 0
    return sweeps, splits, losses


def _load(path: Path | None) -> dict[int, GameResult]:
    if path is None or not path.exists():
        return {}
    done = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError:  # a line cut short when a run was stopped
            continue
        for key in ("players", "scores", "trick_points", "turnup_points", "majority_points",
                    "tricks"):
            data[key] = tuple(data[key])
        result = GameResult(**data)
        done[result.game] = result
    return done


def _one(preset: str, kinds: tuple[str, str], number: int, seed: int,
         settings: tuple[dict[str, Any], dict[str, Any]]) -> GameResult:
    return play_one(preset, kinds, number, seed, settings=settings)


def run_match(preset: str, first: str, second: str, games: int, seed: int, workers: int,
              out: Path | None, samples: int | None,
              settings: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
              mp_context: multiprocessing.context.BaseContext | None = None,
              ) -> tuple[list[GameResult], float]:
    """Play (or finish playing) one match; return its results and the seconds spent now.

    ``settings`` are the two players' own settings (as :func:`penneech.players.make_player`
    takes them), besides the solver's ``samples``; ``mp_context`` how the workers start."""
    path = out / f"{first}-{second}-{preset}.jsonl" if out is not None else None
    done = _load(path)
    todo = [n for n in range(games + games % 2) if n not in done]
    kinds = (first, second)
    settings = (
        {**settings[0], **({"samples": samples} if samples and first == "solver" else {})},
        {**settings[1], **({"samples": samples} if samples and second == "solver" else {})},
    )
    start = time.perf_counter()
    sink = path.open("a", encoding="utf-8") if path is not None else None

    def keep(result: GameResult) -> None:
        done[result.game] = result
        if sink is not None:
            sink.write(json.dumps(dataclasses.asdict(result)) + "\n")
            sink.flush()

    try:
        if workers <= 1:
            for n in todo:
                keep(_one(preset, kinds, n, seed, settings))
        else:
            with cf.ProcessPoolExecutor(workers, mp_context=mp_context) as pool:
                futures = [pool.submit(_one, preset, kinds, n, seed, settings) for n in todo]
                for future in cf.as_completed(futures):
                    keep(future.result())
    finally:
        if sink is not None:
            sink.close()
    results = [done[n] for n in sorted(done) if n < games + games % 2]
    return results, time.perf_counter() - start


def report(preset: str, first: str, second: str, results: list[GameResult],
           seconds: float | None) -> str:
    label = f"{first} v {second}"
    winner = f"{first}#1" if first == second else first
    n = len(results)
    if not n:
        return f"{preset:8} {label:18} no games played"
    wins = sum(r.winner_player == winner for r in results)
    low, high = wilson_interval(wins, n)
    target = TARGETS.get((first, second))
    if target is None:
        verdict, shown = "", "-"
    else:
        shown = f"{target:.0%}"
        verdict = "met*" if low >= target else "met" if wins / n >= target else "MISSED"
    sweeps, splits, losses = pair_record(results, winner)
    took = f"{seconds:>8.0f}" if seconds is not None else f"{'-':>8}"
    return (f"{preset:8} {label:18} {n:>6} {wins:>6} {wins / n:>6.1%} "
            f"{low:>6.1%}–{high:<6.1%} {shown:>6}  {verdict:7} "
            f"{f'{sweeps}/{splits}/{losses}':>15} {took}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", metavar="PRESET",
                        help=f"of {', '.join(PRESET_NAMES)} (default: all)")
    parser.add_argument("--games", type=int, default=2000, help="games per match and preset")
    parser.add_argument("--games-for", action="append", default=[], metavar="PRESET=N",
                        help="a different number of games for one preset (repeatable)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--samples", type=int, default=None, help="the solver's samples")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--match", action="append", metavar="KIND,KIND",
                        help="a match to play (repeatable; default "
                        f"{' and '.join(DEFAULT_MATCHES)})")
    parser.add_argument("--out", type=Path, default=None,
                        help="a folder for the results, one JSON line per game (resumable)")
    parser.add_argument("--report", action="store_true",
                        help="print the table from the results in --out without playing")
    args = parser.parse_args()
    unknown = [p for p in args.presets if p not in PRESET_NAMES]
    if unknown:
        parser.error(f"unknown preset {unknown[0]!r}: use one of {', '.join(PRESET_NAMES)}")
    if args.report and args.out is None:
        parser.error("--report reads the results in --out: give --out")
    per_preset = {}
    for item in args.games_for:
        name, _, count = item.partition("=")
        per_preset[name.strip()] = int(count)
    matches = []
    for text in args.match or DEFAULT_MATCHES:
        a, _, b = text.partition(",")
        matches.append((a.strip(), b.strip()))
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)

    print(f"Python {platform.python_version()} on {platform.machine()}, {args.workers} "
          f"worker(s), seed {args.seed}" + (f", solver samples {args.samples}"
                                            if args.samples else ""))
    print(f"{'preset':8} {'match':18} {'games':>6} {'wins':>6} {'rate':>6} {'95% CI':>13} "
          f"{'target':>6}  {'verdict':7} {'2-0/1-1/0-2':>15} {'seconds':>8}", flush=True)
    for preset in args.presets or PRESET_NAMES:
        games = per_preset.get(preset, args.games)
        for first, second in matches:
            if args.report:
                path = args.out / f"{first}-{second}-{preset}.jsonl"
                results = [r for n, r in sorted(_load(path).items()) if n < games + games % 2]
                print(report(preset, first, second, results, None), flush=True)
                continue
            results, seconds = run_match(preset, first, second, games, args.seed,
                                         args.workers, args.out, args.samples)
            print(report(preset, first, second, results, seconds), flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
