"""The strength levels measured against each other, for the registry the reader chooses from.

Reads the duplicate-game results that ``benchmarks/strength.py --out DIR`` wrote (one JSON line
per game, ``DIR/FIRST-SECOND-PRESET.jsonl``), prints each level's record against the others
with 95% Wilson intervals, and with ``--write`` stores the figures in ``penneech/measured.py``,
where :func:`penneech.players.measured_strength` reads them for the terminal, the notebooks and
the live site.  To play the matches first::

    nice -n 10 python benchmarks/strength.py --out results/strength --games 400 \\
        --match club,greedy --match expert,club --match expert,greedy --match greedy,random
    python benchmarks/levels.py results/strength --write

Every file found is used: a result of ``A`` against ``B`` also counts, reversed, as ``B``
against ``A``.

``tests/test_measured.py`` checks that ``penneech/measured.py`` is what the files in
``benchmarks/results/strength`` say, and plays one game of each file again (from
:data:`RUN_SEED`): a player changed since its games were played fails it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import pprint
from pathlib import Path

from penneech.players import PLAYER_KINDS
from penneech.rules import PRESET_NAMES
from penneech.simulation import wilson_interval

MEASURED = Path(__file__).resolve().parent.parent / "penneech" / "measured.py"
#: The seed of the runs read (``benchmarks/strength.py --seed``, 0 by default): the fixed bank of
#: deals every match is played on.  ``tests/test_measured.py`` plays one game of each file again
#: from it, so a player changed since its games were played is caught.
RUN_SEED = 0


def read_results(folder: Path) -> dict[tuple[str, str, str], tuple[int, int]]:
    """``(player, opponent, preset) -> (wins, games)`` from every results file in ``folder``."""
    out: dict[tuple[str, str, str], tuple[int, int]] = {}
    for path in sorted(folder.glob("*.jsonl")):
        first, _, rest = path.stem.partition("-")
        second, _, preset = rest.partition("-")
        if first not in PLAYER_KINDS or second not in PLAYER_KINDS or preset not in PRESET_NAMES:
            continue
        if first == second:
            continue
        won_by_game: dict[int, bool] = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                data = json.loads(line)
            except json.JSONDecodeError:  # a line cut short when a run was stopped
                continue
            won_by_game.setdefault(data["game"], data["players"][data["winner"]] == first)
        # complete duplicate pairs only (games 2k and 2k+1: the same pack, seats swapped)
        paired = [won for game, won in won_by_game.items() if game ^ 1 in won_by_game]
        games, wins = len(paired), sum(paired)
        if not games:
            continue
        for key, won in (((first, second, preset), wins), ((second, first, preset),
                                                             games - wins)):
            old = out.get(key, (0, 0))
            out[key] = (old[0] + won, old[1] + games)
    return out


_HEADER = '''"""Measured playing strength of the computer players: duplicate games between each
pair of kinds.

Written by ``benchmarks/levels.py --write`` (do not edit by hand); read through
:func:`penneech.players.measured_strength` and :attr:`penneech.players.PlayerKind.strength`.
"""

from __future__ import annotations

'''


def write_module(results: dict[tuple[str, str, str], tuple[int, int]], method: str) -> None:
    table = pprint.pformat(dict(sorted(results.items())), width=96, sort_dicts=False)
    MEASURED.write_text(
        _HEADER
        + "#: How the figures below were measured.\n"
        + f"METHOD = {pprint.pformat(method, width=96 - len('METHOD = '))}\n\n"
        + "#: ``(player kind, opponent kind, rules) -> (games won, games played)``.\n"
        + f"RESULTS: dict[tuple[str, str, str], tuple[int, int]] = {table}\n",
        encoding="utf-8",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the --out folder of benchmarks/strength.py")
    parser.add_argument("--write", action="store_true", help=f"store the figures in {MEASURED}")
    args = parser.parse_args()
    results = read_results(args.folder)
    for (player, opponent, preset), (wins, games) in sorted(results.items()):
        low, high = wilson_interval(wins, games)
        print(f"{player:8} v {opponent:8} {preset:8} {wins:>5}/{games:<5} {wins / games:6.1%} "
              f"({low:.1%}–{high:.1%})")
    if args.write:
        today = datetime.date.today().isoformat()
        write_module(results, f"duplicate games (the same packs twice, seats swapped) played by "
                     f"benchmarks/strength.py with seed {RUN_SEED}; collected {today}")
        print(f"written to {MEASURED}")


if __name__ == "__main__":
    main()
