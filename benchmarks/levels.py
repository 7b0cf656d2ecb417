"""The strength levels measured against each other, for the registry the reader chooses from.

Reads the duplicate-game results that ``benchmarks/strength.py --out DIR`` wrote (one JSON line
per game, ``DIR/FIRST-SECOND-PRESET.jsonl``), prints each level's record against the others
with 95% intervals over the duplicate pairs (:func:`penneech.experiments.pair_estimate`), and
with ``--write`` stores the figures in ``penneech/measured.py``, where
:func:`penneech.players.measured_strength` reads them for the terminal, the notebooks and the
live site.  To play the matches first::

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

from penneech.experiments import pair_estimate
from penneech.players import PLAYER_KINDS
from penneech.rules import PRESET_NAMES

MEASURED = Path(__file__).resolve().parent.parent / "penneech" / "measured.py"
#: The seed of the runs read (``benchmarks/strength.py --seed``, 0 by default): the fixed bank of
#: deals every match is played on.  ``tests/test_measured.py`` plays one game of each file again
#: from it, so a player changed since its games were played is caught.
RUN_SEED = 0


def read_results(folder: Path) -> dict[tuple[str, str, str], tuple[int, int]]:
    """``(player, opponent, preset) -> (wins, games)`` from every results file in ``folder``."""
    return {key: (2 * won + split, 2 * (won + split + lost))
            for key, (won, split, lost) in read_pairs(folder).items()}


def read_pairs(folder: Path) -> dict[tuple[str, str, str], tuple[int, int, int]]:
    """``(player, opponent, preset) -> (pairs won, split, lost)`` from every results file in
    ``folder``: a duplicate pair (games ``2k`` and ``2k + 1``, the same pack with the seats
    swapped) is won when the player won both games, split when one.  The pairs are the match's
    independent units, over which the menus' intervals are taken (review 45c)."""
    out: dict[tuple[str, str, str], tuple[int, int, int]] = {}
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
        both = [won_by_game[game] + won_by_game[game + 1] for game in won_by_game
                if game % 2 == 0 and game + 1 in won_by_game]
        if not both:
            continue
        counts = (both.count(2), both.count(1), both.count(0))
        for key, (won, split, lost) in (((first, second, preset), counts),
                                        ((second, first, preset), counts[::-1])):
            old = out.get(key, (0, 0, 0))
            out[key] = (old[0] + won, old[1] + split, old[2] + lost)
    return out


_HEADER = '''"""Measured playing strength of the computer players: duplicate games between each
pair of kinds.

Written by ``benchmarks/levels.py --write`` (do not edit by hand); read through
:func:`penneech.players.measured_strength` and :attr:`penneech.players.PlayerKind.strength`.
"""

from __future__ import annotations

'''


def write_module(results: dict[tuple[str, str, str], tuple[int, int]],
                 pairs: dict[tuple[str, str, str], tuple[int, int, int]], method: str) -> None:
    table = pprint.pformat(dict(sorted(results.items())), width=96, sort_dicts=False)
    pair_table = "{\n" + "".join(f"    {key!r}: {value!r},\n"
                                  for key, value in sorted(pairs.items())) + "}"
    MEASURED.write_text(
        _HEADER
        + "#: How the figures below were measured.\n"
        + f"METHOD = {pprint.pformat(method, width=96 - len('METHOD = '))}\n\n"
        + "#: ``(player kind, opponent kind, rules) -> (games won, games played)``.\n"
        + f"RESULTS: dict[tuple[str, str, str], tuple[int, int]] = {table}\n\n"
        + "#: ``(player kind, opponent kind, rules) -> (pairs won, split, lost)``: the same\n"
        + "#: games as duplicate pairs, over which the intervals are taken.\n"
        + f"PAIRS: dict[tuple[str, str, str], tuple[int, int, int]] = {pair_table}\n",
        encoding="utf-8",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the --out folder of benchmarks/strength.py")
    parser.add_argument("--write", action="store_true", help=f"store the figures in {MEASURED}")
    parser.add_argument("--collected", default=datetime.date.today().isoformat(),
                        help="the date the games were played, for the record (default: today)")
    args = parser.parse_args()
    results = read_results(args.folder)
    pairs = read_pairs(args.folder)
    for (player, opponent, preset), (wins, games) in sorted(results.items()):
        est = pair_estimate(pairs[player, opponent, preset])
        print(f"{player:8} v {opponent:8} {preset:8} {wins:>5}/{games:<5} {wins / games:6.1%} "
              f"({est.low:.1%}–{est.high:.1%} over {est.n} pairs)")
    if args.write:
        write_module(results, pairs, "duplicate games (the same packs twice, seats swapped) "
                     f"played by benchmarks/strength.py with seed {RUN_SEED}; collected "
                     f"{args.collected}")
        print(f"written to {MEASURED}")


if __name__ == "__main__":
    main()
