"""Points per deal against greedy (or another kind): steadier than won games, and cheaper.

Plays ``--deals`` duplicate deals under each preset: the same deal twice, the contender in one
seat and the opponent (greedy unless ``--against`` says) in the other, then seats swapped, every
hand kept (no throw-ins), from 0-0. Prints the contender's average points per deal minus the
opponent's, with its standard error. A deal's points vary far less than a game's result, so a
few hundred deals separate players that would need thousands of games; but a deal's points are
not the game (the expert plays for the game, which at 0-0 is nearly the same thing). Contenders
are player kinds of the registry with settings, e.g.::

    python benchmarks/deal_duel.py expert club expert:inference=6 --deals 300 minimal pagat
    python benchmarks/deal_duel.py cheater --deals 300
    python benchmarks/deal_duel.py expert --against solver --deals 150 minimal parlett
    python benchmarks/deal_duel.py expert knows-hand knows-all --deals 150 --seed 1300 minimal

(``knows-hand`` and ``knows-all`` are the expert told the hidden cards: ``knowing.py``.)

``--against`` names the opponent (default greedy; the same forms as a contender).

With two contenders or more, each one after the first is also compared with the first on the same
deals (the difference deal by deal, with its standard error): a paired comparison, much tighter
than the two figures side by side.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from penneech import Game
from penneech.game import Phase
from penneech.players import KeepingHand, Player, make_player, play_deal
from penneech.rules import PRESET_NAMES

sys.path.insert(0, str(Path(__file__).resolve().parent))

from knowing import KINDS, knowing  # noqa: E402


def parse_contender(spec: str) -> tuple[str, dict[str, object]]:
    """The kind and settings of ``kind`` or ``kind:setting=value,...`` (numbers as numbers)."""
    kind, _, rest = spec.partition(":")
    settings: dict[str, object] = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        settings[key] = int(value) if value.isdigit() else value
    return kind, settings


def _contender(spec: str, seed: int, game: Game) -> Player:
    """The player ``spec`` names (see :func:`parse_contender`)."""
    kind, settings = parse_contender(spec)
    if kind in KINDS:
        return knowing(kind, seed, game)
    if kind == "cheater":
        settings["game"] = game
    return make_player(kind, seed=seed, **settings)


def duel(spec: str, preset: str, deals: int, first_seed: int = 0, against: str = "greedy"
         ) -> list[float]:
    """The contender's points minus the opponent's (``against``, greedy by default), averaged
    over the two seats, for each deal."""
    out = []
    for seed in range(first_seed, first_seed + deals):
        diff = 0
        for seat in (0, 1):
            game = Game(preset, seed=seed, first_dealer=seed % 2)
            while game.phase is not Phase.PLAY:
                if game.phase is Phase.THROW_IN:
                    game.throw_in(False)
                else:
                    game.deal()
            me = KeepingHand(_contender(spec, seed, game))
            other = KeepingHand(_contender(against, seed + 1, game))
            play_deal(game, [me, other] if seat == 0 else [other, me])
            diff += game.scores[seat] - game.scores[1 - seat]
        out.append(diff / 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("contenders", nargs="+", help="kind or kind:setting=value,... "
                        "(presets among them are taken as the presets to play)")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--against", default="greedy", help="the opponent (default greedy)")
    args = parser.parse_intermixed_args()
    presets = [c for c in args.contenders if c in PRESET_NAMES] or list(PRESET_NAMES)
    contenders = [c for c in args.contenders if c not in PRESET_NAMES]
    for preset in presets:
        first: list[float] = []
        for spec in contenders:
            started = time.process_time()
            found = duel(spec, preset, args.deals, args.seed, args.against)
            print(f"{preset:9} {spec:24} {statistics.fmean(found):+6.2f} points a deal "
                  f"(standard error {_error(found):.2f}, {len(found)} duplicate deals, "
                  f"{time.process_time() - started:.0f} s CPU)", flush=True)
            if not first:
                first = found
                continue
            paired = [a - b for a, b in zip(found, first, strict=True)]
            print(f"{preset:9} {spec:24} {statistics.fmean(paired):+6.2f} points a deal more "
                  f"than {contenders[0]} on the same deals (standard error "
                  f"{_error(paired):.2f})", flush=True)


def _error(values: list[float]) -> float:
    """The standard error of the mean of ``values``."""
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


if __name__ == "__main__":
    main()
