"""How fast the exact solver and the ``solver`` player are.

Targets (issue 3): a full seven-trick deal solved (value and principal variation) in a median of
20 ms or less, the worst of 1,000 random deals in 500 ms or less; the ``solver`` player's decision
in 0.5 s or less at its default strength.

    .venv/bin/python benchmarks/solver.py [DEALS] [PRESET ...]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time

from penneech import PRESET_NAMES, Game, Phase
from penneech.players import DEFAULT_SAMPLES, SolverPlayer, make_player
from penneech.solver import Position, Solver


def first_trick(preset: str, seed: int) -> Game:
    game = Game(preset, seed=seed, auto_deal=False)
    game.deal()
    while game.phase is Phase.THROW_IN:
        game.throw_in(False)
    return game


def bench_solver(preset: str, deals: int) -> None:
    times = []
    nodes = []
    for seed in range(deals):
        pos = Position.from_game(first_trick(preset, seed))
        start = time.perf_counter()
        solver = Solver(pos)
        solver.solve()
        times.append(time.perf_counter() - start)
        nodes.append(solver.nodes)
    times.sort()
    print(
        f"solver   {preset:8} {deals} deals: median {statistics.median(times) * 1e3:6.1f} ms, "
        f"90% {times[int(0.9 * len(times))] * 1e3:6.1f} ms, worst {times[-1] * 1e3:6.1f} ms, "
        f"median nodes {statistics.median(nodes):,.0f}"
    )


def bench_player(preset: str, games: int) -> None:
    """Time every decision of the solver player over whole games against the greedy player."""
    times = []
    first = []
    for seed in range(games):
        game = Game(preset, seed=seed)
        players = [SolverPlayer(seed=seed), make_player("greedy")]
        while game.phase is not Phase.OVER:
            if game.phase is Phase.DEAL:
                game.deal()
                continue
            who = game.to_move
            assert who is not None
            view = game.view(who)
            if game.phase is Phase.THROW_IN:
                game.throw_in(players[who].throw_in(view))
                continue
            start = time.perf_counter()
            card = players[who].play(view)
            spent = time.perf_counter() - start
            if who == 0:
                times.append(spent)
                if view.trick_number == 1 and not view.trick:
                    first.append(spent)
            game.play(card)
    times.sort()
    print(
        f"player   {preset:8} {len(times)} decisions at {DEFAULT_SAMPLES} samples: "
        f"median {statistics.median(times) * 1e3:6.1f} ms, "
        f"worst {times[-1] * 1e3:6.1f} ms; leading to a new deal: median "
        f"{statistics.median(first) * 1e3:6.1f} ms, worst {max(first) * 1e3:6.1f} ms"
    )


def main(argv: list[str]) -> None:
    deals = int(argv[0]) if argv else 1000
    presets = argv[1:] or list(PRESET_NAMES)
    for preset in presets:
        bench_solver(preset, deals)
    for preset in presets:
        bench_player(preset, max(1, deals // 200))


if __name__ == "__main__":
    main(sys.argv[1:])
