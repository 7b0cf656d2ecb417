"""Quality of play in points, cheaply: what a player's choices cost with every card known.

Deals games of greedy self-play under a preset and, at every choice with more than one legal card
(up to ``--decisions``), asks each contender for its card from the player's view alone, then values
every legal card with the exact solver on the true hidden cards (the points of the rest of the deal,
for the player minus the other's).  A contender's *cost* at a choice is the best card's value minus
its card's.  The mean cost, and the share of choices that cost something, compare players on the
same positions with far fewer games than win rates need (the exact values are hindsight: no fair
player reaches zero).  This is how the expert's worlds per decision were chosen::

    python benchmarks/choice_cost.py minimal --decisions 300 --worlds 120,400,800

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from penneech import Game
from penneech.game import Phase
from penneech.players import GreedyPlayer
from penneech.playouts import best_card, estimate
from penneech.solver import Position, Solver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("preset")
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--worlds", default="120,400", help="play-out contenders, comma-separated")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args()
    worlds = [int(w) for w in args.worlds.split(",") if w]
    costs: dict[str, list[int]] = {"greedy": [], **{f"expert({w})": [] for w in worlds}}
    judge = GreedyPlayer()
    seed, seen = args.seed, 0
    started = time.process_time()
    while seen < args.decisions:
        game = Game(args.preset, seed=seed)
        seed += 1
        while game.phase is not Phase.OVER and seen < args.decisions:
            if game.phase is Phase.THROW_IN:
                game.throw_in(False)
                continue
            if game.phase is Phase.DEAL:
                game.deal()
                continue
            view = game.view(game.to_move)
            if len(view.legal_plays) > 1:
                exact = Solver(Position.from_game(game)).move_values()
                top = max(exact.values())
                costs["greedy"].append(top - exact[judge.play(view)])
                for w in worlds:
                    card = best_card(estimate(view, w, 1))
                    costs[f"expert({w})"].append(top - exact[card])
                seen += 1
            game.play(judge.play(view))
    print(f"{args.preset}: {seen} choices from games with seeds {args.seed}-{seed - 1}, "
          f"{time.process_time() - started:.0f} s CPU")
    for name, found in costs.items():
        costly = sum(1 for c in found if c) / len(found)
        print(f"  {name:14} mean cost {statistics.fmean(found):.3f} points, "
              f"{costly:.1%} of choices cost something")


if __name__ == "__main__":
    main()
