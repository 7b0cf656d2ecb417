"""Play the recorded strength matches again, and compare the new games with the recorded ones.

Every file in ``benchmarks/results/strength`` (``FIRST-SECOND-PRESET.jsonl``) is a match of
duplicate games on the fixed bank of deals of :data:`levels.RUN_SEED`.  This script plays the same
matches, the same number of games, into another folder (one JSON line per game as
``strength.py --out`` writes them; a run stopped and started again picks up where it stopped), and
compares each file with the recorded one game by game: game ``n`` is the same deal in both, so
the difference of the two results is paired, and much steadier than two win rates side by side.

After a change to a player (its worlds, its play-outs, its model of the opponent), every figure
in ``penneech/measured.py`` must be played again (``tests/test_measured.py`` fails until it is)::

    nice -n 10 python benchmarks/remeasure.py /tmp/strength-new --workers 2
    python benchmarks/remeasure.py /tmp/strength-new --adopt

``--adopt`` (once every file is complete) copies the new files over the recorded ones and writes
``penneech/measured.py`` from them (``levels.py --write``); then re-execute the notebook that
shows the menus (``python tools/execute_notebooks.py book/play-the-computer.ipynb``).

To measure a change before making it, ``--variant`` plays one of ``benchmarks/variants.py``'s
variants of the expert instead of the expert, on the expert's recorded games (``--match`` and
``--games`` choose fewer)::

    python benchmarks/remeasure.py /tmp/sharp --variant sharp-inference:6 --match expert,solver \\
        --games 200 --workers 2

A variant that changes a module setting of :mod:`penneech.playouts` changes every play-out
player while it runs, the club too; its settings after the colon (``inference=6``) are the
expert's alone.  The folder keeps the variant's name (``variant.txt``): its games are never
mixed with another player's, nor adopted.  ``--report`` compares what is in the folder without
playing.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import multiprocessing
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from deal_duel import _error, parse_contender  # noqa: E402
from levels import RUN_SEED, read_results  # noqa: E402
from strength import _load, run_match  # noqa: E402
from variants import variant  # noqa: E402

from penneech.rules import PRESET_NAMES  # noqa: E402
from penneech.simulation import GameResult  # noqa: E402

RECORDED = Path(__file__).resolve().parent / "results" / "strength"


def recorded_matches(folder: Path) -> list[tuple[str, str, str, int]]:
    """``(first, second, preset, games)`` of every results file in ``folder`` that
    :func:`levels.read_results` reads, with its number of games."""
    out = []
    read = read_results(folder)
    for path in sorted(folder.glob("*.jsonl")):
        first, _, rest = path.stem.partition("-")
        second, _, preset = rest.partition("-")
        if (first, second, preset) not in read:
            continue
        games = max(_load(path), default=-1) + 1
        out.append((first, second, preset, games + games % 2))
    return out


def compare(old: dict[int, GameResult], new: dict[int, GameResult], player: str
            ) -> tuple[int, float, float, float, float]:
    """Over the games in both: their number, ``player``'s win rate in the recorded games and in
    the new ones, and the mean of new minus recorded, game by game, with its standard error."""
    games = sorted(set(old) & set(new))
    if not games:
        return 0, 0.0, 0.0, 0.0, 0.0
    before = [float(old[n].winner_player == player) for n in games]
    after = [float(new[n].winner_player == player) for n in games]
    diff = [a - b for a, b in zip(after, before, strict=True)]
    return (len(games), statistics.fmean(before), statistics.fmean(after),
            statistics.fmean(diff), _error(diff))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="where the new games go (resumable)")
    parser.add_argument("--recorded", type=Path, default=RECORDED,
                        help="the recorded results (default benchmarks/results/strength)")
    parser.add_argument("--match", action="append", metavar="KIND,KIND",
                        help="only this match (repeatable; default every recorded one)")
    parser.add_argument("--games", type=int, default=None,
                        help="at most the first N games of each file")
    parser.add_argument("--variant", default=None,
                        help="a variant of the expert (benchmarks/variants.py) to play instead")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--report", action="store_true", help="compare only, play nothing")
    parser.add_argument("--adopt", action="store_true",
                        help="copy the new files over the recorded ones and write measured.py")
    parser.add_argument("presets", nargs="*", metavar="PRESET",
                        help=f"of {', '.join(PRESET_NAMES)} (default: all)")
    args = parser.parse_intermixed_args()
    unknown = [p for p in args.presets if p not in PRESET_NAMES]
    if unknown:
        parser.error(f"unknown preset {unknown[0]!r}: use one of {', '.join(PRESET_NAMES)}")
    if not args.recorded.is_dir():
        parser.error(f"no folder of recorded results at {args.recorded}")
    wanted = {tuple(m.replace(" ", "").split(",", 1)) for m in args.match or []}
    matches = [m for m in recorded_matches(args.recorded)
               if (not wanted or m[:2] in wanted) and (not args.presets or m[2] in args.presets)]
    if not matches:
        parser.error("no recorded match fits --match and the presets given")
    change: contextlib.AbstractContextManager[None] = contextlib.nullcontext()
    kind, own = "", {}
    if args.variant is not None:
        change, contender = variant(args.variant)
        kind, own = parse_contender(contender)
    marker = args.folder / "variant.txt"
    played = marker.read_text(encoding="utf-8").strip() if marker.exists() else None
    if args.folder.is_dir() and any(args.folder.glob("*.jsonl")) and played != args.variant:
        parser.error(f"{args.folder} holds games of "
                     + (f"the variant {played!r}" if played else "the players as they are")
                     + ": give another folder, or the same --variant")
    if args.adopt:
        if args.variant is not None or args.games is not None:
            parser.error("--adopt takes the complete games of the players as they are: "
                         "not with --variant or --games")
        _adopt(args.folder, args.recorded, matches)
        return
    args.folder.mkdir(parents=True, exist_ok=True)
    if args.variant is not None:
        marker.write_text(args.variant + "\n", encoding="utf-8")
    print(f"{'file':28} {'games':>6} {'recorded':>9} {'now':>7} {'now - recorded':>15} "
          f"{'(standard error)':>16}", flush=True)
    with change:
        for first, second, preset, games in matches:
            games = min(games, args.games) if args.games is not None else games
            name = f"{first}-{second}-{preset}.jsonl"
            if not args.report:
                settings: tuple[dict[str, Any], dict[str, Any]] = (
                    dict(own) if first == kind else {}, dict(own) if second == kind else {})
                # a variant's workers must start as copies of this process, with its settings in
                # place (newer Pythons start them afresh by default, where the change is lost)
                run_match(preset, first, second, games, RUN_SEED, args.workers, args.folder,
                          None, settings, multiprocessing.get_context("fork")
                          if args.variant is not None else None)
            old = {n: r for n, r in _load(args.recorded / name).items() if n < games}
            new = {n: r for n, r in _load(args.folder / name).items() if n < games}
            n, before, after, diff, error = compare(old, new, first)
            print(f"{name:28} {n:>6} {before:>9.1%} {after:>7.1%} {diff:>+15.1%} "
                  f"{f'({error:.1%})':>16}", flush=True)


def _adopt(folder: Path, recorded: Path, matches: list[tuple[str, str, str, int]]) -> None:
    """Copy the new games over the recorded ones, once every match is complete, and write
    ``penneech/measured.py`` from them."""
    found = {}
    for first, second, preset, games in matches:
        name = f"{first}-{second}-{preset}.jsonl"
        found[name] = _load(folder / name)
        if any(n not in found[name] for n in range(games)):
            raise SystemExit(f"{folder / name}: {sum(n in found[name] for n in range(games))} "
                             f"of {games} games played; finish the run before adopting it")
    for first, second, preset, games in matches:
        name = f"{first}-{second}-{preset}.jsonl"
        lines = [json.dumps(dataclasses.asdict(found[name][n])) for n in range(games)]
        (recorded / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"copied the {games} games of {folder / name} to {recorded / name}")
    levels = Path(__file__).resolve().parent / "levels.py"
    subprocess.run([sys.executable, str(levels), str(recorded), "--write"], check=True)
    print("now re-execute the notebook that shows the menus: "
          "python tools/execute_notebooks.py book/play-the-computer.ipynb")


if __name__ == "__main__":
    main()
