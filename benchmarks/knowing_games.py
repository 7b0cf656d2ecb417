"""Won games of the expert told greedy's hand: a yardstick for issue 12's 65% target.

``knowing.py``'s ``knows-hand`` is the expert whose every world gives the opponent its true hand
(the stock still shuffled, the play-outs as they are).  ``deal_duel.py`` measured it in points a
deal; this script plays it in whole games, on the expert's recorded games against greedy
(``benchmarks/results/strength/expert-greedy-PRESET.jsonl``: the same bank of deals, seed
:data:`levels.RUN_SEED`, the same seats and the same seeds for both players), and prints its win
rate beside the recorded expert's, with the difference game by game::

    python benchmarks/knowing_games.py /tmp/knows --games 400 --workers 2 minimal parlett

It is not a fair player and not a bound: a fair player cannot know the hand, and a better player
told it could win more.  What it measures is how far the expert's own play-outs go with perfect
inference of the opponent's hand.  The folder keeps one JSON line per game (resumable).  Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import dataclasses
import json
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from knowing import KINDS, KnowingExpert  # noqa: E402
from levels import RUN_SEED  # noqa: E402
from remeasure import RECORDED, compare  # noqa: E402
from strength import _load  # noqa: E402

from penneech.players import play_game  # noqa: E402
from penneech.rules import PRESET_NAMES  # noqa: E402
from penneech.simulation import GameResult, seat_game  # noqa: E402


def play_knowing(kind: str, preset: str, number: int) -> GameResult:
    """Recorded game ``number`` of expert v greedy under ``preset``, the expert told ``kind``."""
    seated = seat_game(preset, ("expert", "greedy"), number, RUN_SEED)
    seat = seated.labels.index("expert")
    players = list(seated.players)
    players[seat] = KnowingExpert(0, seated.game, stock=kind == "knows-all",
                                  inner=players[seat])
    play_game(seated.game, players)
    return seated.result()


def _play(kind: str, preset: str, games: int, workers: int, path: Path
          ) -> dict[int, GameResult]:
    """The first ``games`` games under ``preset``, those in ``path`` kept and the rest played
    and added to it."""
    done = _load(path)
    todo = [n for n in range(games) if n not in done]
    with path.open("a", encoding="utf-8") as sink:
        def keep(result: GameResult) -> None:
            done[result.game] = result
            sink.write(json.dumps(dataclasses.asdict(result)) + "\n")
            sink.flush()

        if workers <= 1:
            for n in todo:
                keep(play_knowing(kind, preset, n))
        else:
            with cf.ProcessPoolExecutor(
                    workers, mp_context=multiprocessing.get_context("fork")) as pool:
                futures = [pool.submit(play_knowing, kind, preset, n) for n in todo]
                for future in cf.as_completed(futures):
                    keep(future.result())
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="where the games go (resumable)")
    parser.add_argument("--kind", choices=KINDS, default="knows-hand")
    parser.add_argument("--games", type=int, default=400, help="the first N recorded games")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("presets", nargs="*", metavar="PRESET",
                        help=f"of {', '.join(PRESET_NAMES)} (default: all)")
    args = parser.parse_intermixed_args()
    for preset in args.presets:
        if preset not in PRESET_NAMES:
            parser.error(f"unknown preset {preset!r}: use one of {', '.join(PRESET_NAMES)}")
    args.folder.mkdir(parents=True, exist_ok=True)
    print(f"{'reading':10} {'games':>6} {'recorded expert':>16} {args.kind:>11} "
          f"{'difference':>11} {'(standard error)':>16}", flush=True)
    for preset in args.presets or PRESET_NAMES:
        done = _play(args.kind, preset, args.games, args.workers,
                     args.folder / f"{args.kind}-greedy-{preset}.jsonl")
        old = {n: r for n, r in _load(RECORDED / f"expert-greedy-{preset}.jsonl").items()
               if n < args.games}
        new = {n: r for n, r in done.items() if n < args.games}
        n, before, after, diff, error = compare(old, new, "expert")
        print(f"{preset:10} {n:>6} {before:>16.1%} {after:>11.1%} {diff:>+11.1%} "
              f"{f'({error:.1%})':>16}", flush=True)


if __name__ == "__main__":
    main()
