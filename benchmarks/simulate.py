"""Simulation throughput: greedy-v-greedy games per second through :func:`penneech.simulate`.

Plays ``--games`` duplicate games (default 10,000) under each preset (or those named) with
``--workers`` processes (default 2), through the public :func:`~penneech.simulation.simulate`,
and prints games and deals per second.  ``--profile`` instead profiles ``--profile-games`` games
in this process with :mod:`cProfile` and prints where the time goes.

    python benchmarks/simulate.py [--games 10000] [--workers 2] [pagat ...]
    python benchmarks/simulate.py --profile pagat

Target: 10,000 games in under 60 s with 2 workers on the 2-core project machine.  The figures are
printed, not asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import time

from penneech.rules import PRESET_NAMES
from penneech.simulation import simulate

TARGET_SECONDS = 60.0


def run(preset: str, games: int, workers: int, players: tuple[str, str]) -> None:
    start = time.perf_counter()
    results = simulate(preset, players, games=games, seed=0, workers=workers)
    elapsed = time.perf_counter() - start
    deals = sum(r.deals for r in results)
    verdict = "ok" if elapsed * 10_000 / len(results) < TARGET_SECONDS else "SLOW"
    print(f"{preset:8} {len(results):>7,} {elapsed:8.2f} {len(results) / elapsed:9.0f} "
          f"{deals / elapsed:9.0f} {deals / len(results):6.2f}  {verdict}")


def profile(preset: str, games: int, players: tuple[str, str]) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    simulate(preset, players, games=games, seed=0, workers=1)
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", metavar="PRESET",
                        help=f"of {', '.join(PRESET_NAMES)} (default: all)")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", default="greedy,greedy", help="two kinds, comma-separated")
    parser.add_argument("--profile", action="store_true", help="profile one process instead")
    parser.add_argument("--profile-games", type=int, default=1000)
    args = parser.parse_args()
    unknown = [p for p in args.presets if p not in PRESET_NAMES]
    if unknown:
        parser.error(f"unknown preset {unknown[0]!r}: use one of {', '.join(PRESET_NAMES)}")
    a, b = args.players.split(",")
    players = (a.strip(), b.strip())
    presets = args.presets or list(PRESET_NAMES)
    if args.profile:
        for preset in presets:
            print(f"== {preset}: {args.profile_games} games, {a} v {b}, one process")
            profile(preset, args.profile_games, players)
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
          f"{args.workers} worker(s), {a} v {b}, duplicate pairs")
    print(f"{'preset':8} {'games':>7} {'seconds':>8} {'games/s':>9} {'deals/s':>9} "
          f"{'deals':>6}  target: 10,000 games < {TARGET_SECONDS:.0f} s")
    for preset in presets:
        run(preset, args.games, args.workers, players)


if __name__ == "__main__":
    main()
