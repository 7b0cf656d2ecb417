"""How wide the 95% intervals of a duplicate match are, game by game and pair by pair.

Every match between two players is played in duplicate pairs (the same pack twice, the seats
swapped).  The Wilson interval we print treats the games as independent.  This script measures
what that costs: for each file of recorded games (``benchmarks/results/strength`` by default,
one JSON line per game) it prints the first-named player's share of the games, the half-width of
the Wilson interval, and the half-width of a normal interval of the mean of the pairs (each pair
scores 0, ½ or 1), which is the interval the pairing allows.  The ratio says how wide the Wilson
interval would have to shrink; "split" is the share of pairs the two players won one each.

    python benchmarks/paired_intervals.py [DIR ...]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

from penneech.simulation import Z95, wilson_interval

DEFAULT = Path(__file__).parent / "results" / "strength"


def measure(path: Path) -> tuple[int, float, float, float, float] | None:
    """(games, share, Wilson half-width, paired half-width, split) of one file, or None."""
    first = path.stem.split("-")[0]
    pairs: dict[int, list[float]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        seat = game["players"].index(first)
        pairs[game["seed"]].append(1.0 if game["winner"] == seat else 0.0)
    whole = [sum(p) / 2 for p in pairs.values() if len(p) == 2]
    if len(whole) < 2:
        return None
    games = 2 * len(whole)
    wins = 2 * sum(whole)
    low, high = wilson_interval(wins, games)
    paired = Z95 * statistics.stdev(whole) / math.sqrt(len(whole))
    split = sum(1 for p in whole if p == 0.5) / len(whole)
    return games, wins / games, (high - low) / 2, paired, split


def ratios(folder: Path = DEFAULT) -> list[float]:
    """Each file's paired half-width over its Wilson half-width."""
    rows = (measure(path) for path in sorted(folder.glob("*.jsonl")))
    return [row[3] / row[2] for row in rows if row is not None]


def main(argv: list[str]) -> None:
    folders = [Path(a) for a in argv] or [DEFAULT]
    print(f"{'file':30} {'games':>6} {'share':>6} {'Wilson ±':>9} {'paired ±':>9} "
          f"{'ratio':>6} {'split':>6}")
    ratios = []
    for folder in folders:
        for path in sorted(folder.glob("*.jsonl")):
            row = measure(path)
            if row is None:
                continue
            games, share, wilson, paired, split = row
            ratios.append(paired / wilson)
            print(f"{path.stem:30} {games:6} {100 * share:5.1f}% {100 * wilson:8.1f}% "
                  f"{100 * paired:8.1f}% {paired / wilson:6.2f} {100 * split:5.0f}%")
    if ratios:
        print(f"\nThe paired interval is {min(ratios):.2f} to {max(ratios):.2f} times as wide as "
              f"the Wilson interval (median {statistics.median(ratios):.2f}, {len(ratios)} files).")


if __name__ == "__main__":
    main(sys.argv[1:])
