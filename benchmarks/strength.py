"""Playing strength: duplicate matches between computer players under every preset.

For each preset and each match (default: greedy v random, solver v greedy) plays ``--games``
duplicate games (default 2,000: 1,000 pairs with the same packs and the seats swapped) through
:func:`penneech.simulate`, and prints the first player's win rate with its 95% Wilson score
interval against the target:

* greedy beats random in at least 75% of games;
* solver beats greedy in at least 60% of games.

"met" means the win rate is at least the target; "met*" that the whole 95% interval is.  A game
of Penneech cannot be drawn (under ``win_check=immediate`` the first to the target wins at once;
under ``end_of_deal`` equal scores play on), so the win rate is simply wins over games.  The
duplicate pairs are also shown as ``2-0 / 1-1 / 0-2``: pairs the first player won both games of,
split, or lost both of.

    python benchmarks/strength.py [--games 2000] [--workers N] [--samples 20] \\
        [--match greedy,random] [--match solver,greedy] [pagat ...]

Matches whose players are not available (the solver needs :mod:`penneech.solver`) are skipped
with a note.  Figures are printed, not asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import sys
import time

from penneech.rules import PRESET_NAMES
from penneech.simulation import GameResult, simulate, wilson_interval

#: The first player's target win rate in each default match.
TARGETS = {("greedy", "random"): 0.75, ("solver", "greedy"): 0.60}


def pair_record(results: list[GameResult], first: str) -> tuple[int, int, int]:
    """Duplicate pairs won 2-0, split 1-1 and lost 0-2 by ``first``."""
    sweeps = splits = losses = 0
    for a, b in zip(results[0::2], results[1::2], strict=True):
        wins = (a.winner_player == first) + (b.winner_player == first)
        if wins == 2:
            sweeps += 1
        elif wins == 1:
            splits += 1
        else:
            losses += 1
    return sweeps, splits, losses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", metavar="PRESET",
                        help=f"of {', '.join(PRESET_NAMES)} (default: all)")
    parser.add_argument("--games", type=int, default=2000, help="games per match and preset")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--samples", type=int, default=None, help="the solver's samples")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--match", action="append", metavar="KIND,KIND",
                        help="a match to play (repeatable; default greedy,random and "
                        "solver,greedy)")
    args = parser.parse_args()
    unknown = [p for p in args.presets if p not in PRESET_NAMES]
    if unknown:
        parser.error(f"unknown preset {unknown[0]!r}: use one of {', '.join(PRESET_NAMES)}")
    matches: list[tuple[str, str]] = []
    for text in args.match or ["greedy,random", "solver,greedy"]:
        a, _, b = text.partition(",")
        matches.append((a.strip(), b.strip()))
    settings = {"solver": {"samples": args.samples}} if args.samples is not None else None
    have_solver = importlib.util.find_spec("penneech.solver") is not None

    print(f"Python {platform.python_version()} on {platform.machine()}, {args.workers} "
          f"worker(s), {args.games:,} duplicate games per match, seed {args.seed}"
          + (f", solver samples {args.samples}" if args.samples else ""))
    print(f"{'preset':8} {'match':18} {'games':>6} {'wins':>6} {'rate':>6} {'95% CI':>13} "
          f"{'target':>6}  {'verdict':7} {'2-0/1-1/0-2':>15} {'seconds':>8}")
    for preset in args.presets or PRESET_NAMES:
        for first, second in matches:
            label = f"{first} v {second}"
            if not have_solver and {"solver", "cheater"} & {first, second}:
                print(f"{preset:8} {label:18} skipped: penneech.solver is not available")
                continue
            start = time.perf_counter()
            results = simulate(preset, (first, second), games=args.games, seed=args.seed,
                               workers=args.workers, player_settings=settings,
                               progress=sys.stderr.isatty())
            elapsed = time.perf_counter() - start
            winner = f"{first}#1" if first == second else first
            wins = sum(r.winner_player == winner for r in results)
            n = len(results)
            low, high = wilson_interval(wins, n)
            target = TARGETS.get((first, second))
            if target is None:
                verdict, shown = "", "-"
            else:
                shown = f"{target:.0%}"
                verdict = "met*" if low >= target else "met" if wins / n >= target else "MISSED"
            sweeps, splits, losses = pair_record(results, winner)
            print(f"{preset:8} {label:18} {n:>6} {wins:>6} {wins / n:>6.1%} "
                  f"{low:>6.1%}–{high:<6.1%} {shown:>6}  {verdict:7} "
                  f"{f'{sweeps}/{splits}/{losses}':>15} {elapsed:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
