"""How much the opponent's plays say about its hand: is better inference worth looking for?

Told the opponent's true hand, the expert scores two to three points a deal more against greedy
(``knowing.py``, ``deal_duel.py expert knows-hand``).  This script asks how much of that a fair
player could ever read from greedy's plays.  It plays ``--deals`` deals of the expert (seat 0)
against greedy (seat 1) from 0-0, and at each of the expert's decisions after the opponent has
chosen at least one card, it weighs ``--hands`` hands dealt at random to the opponent (from the
cards the expert cannot see, minus the suits the opponent has shown it lacks) by the expert's
likelihood of greedy's plays, with the *sharp* model: greedy's own scores at temperature 0.05, 1%
of choices taken to be random, which against greedy is nearly its exact choices (it gives the
true hand nearly the best weight any dealt hand gets: the median of the two's ratio is printed as
``true``).  ``--model present`` weighs them by the expert's own model instead (temperature 1, 10%
at random).

For each number of cards the opponent has chosen so far it prints:

* ``ESS``: the effective number of dealt hands left after weighing (median; ``--hands`` would
  mean the plays say nothing, 1 that they pin down one hand);
* ``kept``: the same as a share of the hands dealt (about the share of hands that fit the plays);
* ``held``: the chance the weighed hands give each card the opponent truly holds, averaged, and
  ``prior``: the same chance before weighing (its hand size over the cards it may hold).  ``held``
  is what perfect inference would make 1.

Prints figures; asserts nothing::

    python benchmarks/inference_spread.py --deals 40 --hands 2400 minimal parlett
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from penneech import Card, Game, playouts
from penneech.game import Phase, PlayerView
from penneech.players import GreedyPlayer, make_player
from penneech.rules import PRESET_NAMES
from penneech.solver import _mask, voids

#: The sharp model of greedy (``variants.py``'s ``sharp-inference``).
SHARP = (0.05, 0.01)
#: The expert's own model of its opponent.
PRESENT = (playouts._TEMPERATURE, playouts._RANDOM_SHARE)


def spread(preset: str, deals: int, hands: int, model: tuple[float, float] = SHARP,
           worlds: int = 100) -> dict[int, list[tuple[float, float, float, float]]]:
    """By the number of cards the opponent has chosen: for each decision, the effective number
    of hands, the true hand's weight over the best, and the chance the weighed hands and the
    prior give a card the opponent truly holds."""
    rng = random.Random(5)
    out: dict[int, list[tuple[float, float, float, float]]] = {}
    old = playouts._TEMPERATURE, playouts._RANDOM_SHARE
    playouts._TEMPERATURE, playouts._RANDOM_SHARE = model
    try:
        for seed in range(deals):
            game = Game(preset, seed=seed, first_dealer=seed % 2)
            while game.phase is not Phase.PLAY:
                game.throw_in(False) if game.phase is Phase.THROW_IN else game.deal()
            greedy, expert = GreedyPlayer(), make_player("expert", seed=1, worlds=worlds)
            deal = game.deal_number
            while game.phase is Phase.PLAY and game.deal_number == deal:
                view = game.view(game.to_move)
                if game.to_move == 1:
                    game.play(greedy.play(view))
                    continue
                seen = view.remembered()
                choices = playouts._opponent_choices(seen)
                if choices and seen.opponent_hand_size:
                    out.setdefault(len(choices), []).append(
                        _weigh(seen, choices, game.hand(1), hands, rng))
                game.play(expert.play(view))
    finally:
        playouts._TEMPERATURE, playouts._RANDOM_SHARE = old
    return out


def _weigh(view: PlayerView, choices: Sequence[Any], truth: tuple[Card, ...], hands: int,
           rng: random.Random) -> tuple[float, float, float, float]:
    """One decision's figures (see :func:`spread`)."""
    lacking = voids(view)
    unseen = sorted(view.unseen, key=lambda c: c.index)
    allowed = [c for c in unseen if c.suit not in lacking]
    size = view.opponent_hand_size
    rules = view.rules
    pack = _mask(rules.pack)
    memo: dict[tuple[int, int], float] = {}
    dealt = [rng.sample(allowed, size) for _ in range(hands)]
    weights = [playouts._likelihood(rules, 1, choices, _mask(h), pack, memo) for h in dealt]
    total = sum(weights)
    true = playouts._likelihood(rules, 1, choices, _mask(truth), pack, {})
    if total <= 0:
        return 0.0, 0.0, 0.0, size / len(allowed)
    ess = total * total / sum(w * w for w in weights)
    held = set(truth)
    chance = sum(w * len(held.intersection(h)) for h, w in zip(dealt, weights, strict=True))
    return ess, true / max(weights), chance / total / size, size / len(allowed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     allow_abbrev=False)
    parser.add_argument("presets", nargs="*", default=["minimal", "parlett"],
                        help=f"readings ({', '.join(PRESET_NAMES)}); minimal and parlett if none")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--hands", type=int, default=2400)
    parser.add_argument("--model", choices=("sharp", "present"), default="sharp",
                        help="greedy's plays weighed by the sharp model (default) or the "
                        "expert's own")
    args = parser.parse_args(argv)
    for preset in args.presets:
        if preset not in PRESET_NAMES:
            parser.error(f"no reading called {preset!r}: one of {', '.join(PRESET_NAMES)}")
    if args.deals < 1 or args.hands < 1:
        parser.error("--deals and --hands must be at least 1")
    for preset in args.presets:
        start = time.perf_counter()
        model = SHARP if args.model == "sharp" else PRESENT
        found = spread(preset, args.deals, args.hands, model)
        print(f"{preset}: {args.deals} deals, {args.hands} hands dealt at each decision, "
              f"the {args.model} model "
              f"({time.perf_counter() - start:.0f} s)")
        print("  chosen  decisions  ESS    kept   true   held   prior")
        for chosen in sorted(found):
            rows = found[chosen]
            ess = statistics.median(r[0] for r in rows)
            print(f"  {chosen:6d}  {len(rows):9d}  {ess:5.0f}  {ess / args.hands:5.0%}  "
                  f"{statistics.median(r[1] for r in rows):5.2f}  "
                  f"{statistics.fmean(r[2] for r in rows):5.2f}  "
                  f"{statistics.fmean(r[3] for r in rows):5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
