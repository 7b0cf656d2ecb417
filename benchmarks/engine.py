"""Random-play throughput of the engine: complete deals per second for each preset, on one core.

Every decision goes through the public API (``legal_plays()``, a checked ``play()``, the throw-in
question), with the full event log kept, exactly as a computer player or a simulation uses it.
Games are played to their end (new games are started as needed), and the deals that were played
(thrown-in deals are not counted) are divided by the wall time.

    python benchmarks/engine.py [--seconds 5] [--preset pagat ...]

Target (engine issue): at least 10,000 deals per second on one core of the project machine.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from penneech import PRESET_NAMES, Game, Phase

TARGET = 10_000


def run(preset: str, seconds: float, seed: int = 0) -> tuple[float, float, int]:
    rng = random.Random(seed)
    rand = rng.random
    deals = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game = Game(preset, seed=rng.randrange(2**32))
        while game.phase is not Phase.OVER:
            if game.phase is Phase.THROW_IN:
                game.throw_in(rand() < 0.5)
            else:
                legal = game.legal_plays()
                game.play(legal[int(rand() * len(legal))])
        outcome = game.outcome
        assert outcome is not None
        deals += outcome.deals
        games += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, games / elapsed, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per preset and run")
    parser.add_argument("--runs", type=int, default=3, help="runs per preset (the median is shown)")
    parser.add_argument("--preset", action="append", choices=PRESET_NAMES)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    print(f"{'preset':8} {'deals/s':>9} {'games/s':>8} {'deals':>8}  target {TARGET:,} deals/s")
    for preset in args.preset or PRESET_NAMES:
        results = [run(preset, args.seconds, seed) for seed in range(args.runs)]
        deal_rate = statistics.median(r[0] for r in results)
        game_rate = statistics.median(r[1] for r in results)
        total = sum(r[2] for r in results)
        mark = "meets" if deal_rate >= TARGET else "below"
        print(f"{preset:8} {deal_rate:9,.0f} {game_rate:8,.0f} {total:8,}  {mark}")


if __name__ == "__main__":
    main()
