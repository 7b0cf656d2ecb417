"""Decision time of a computer player, and the time to analyse a deal, under every preset.

Plays games between the player (default: :data:`penneech.players.DEFAULT_OPPONENT`) and the
greedy player, seats alternating, and times every card the player chooses, first leads of a
deal included, until ``--decisions`` have been timed per preset (default 1,000).  Prints the
median, the 99th percentile and the worst, in CPU time of this process (what one core gives it,
whatever else runs on the machine) and in wall-clock time, and the worst first lead alone.
Target: every decision at most 0.5 s.

With ``--analyses N`` it then times :func:`penneech.analysis.analyse_deal` (every choice weighed
exactly, and by the player's estimates; target 2 s a deal) on ``N`` deals three ways: from
scratch on the first ``N`` deals played, with estimates for every choice (a record of two
people's game, ``penneech replay --analyse``) and for the reader's choices only (the live table
or the terminal after a reload or a resumed game); and just after each deal of new games, as the
terminal and the live table ask for it (the reader's choices only; the computer's own estimates
are remembered in any case).

Standard library only, so that it runs in Pyodide as well as CPython::

    python benchmarks/decisions.py [--decisions 1000] [--analyses 50] [--kind expert] [PRESET ...]

``--variant`` times one of ``benchmarks/variants.py``'s variants of the expert instead (CPython
only).

Figures are printed, not asserted.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from penneech import playouts
from penneech.analysis import analyse_deal
from penneech.game import Game, Phase
from penneech.players import DEFAULT_OPPONENT, PLAYER_KINDS, make_player, play_deal
from penneech.playouts import win_model
from penneech.rules import PRESET_NAMES, Rules


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


def time_decisions(preset: str, kind: str, wanted: int, seed: int,
                   settings: dict[str, object] | None = None,
                   ) -> tuple[list[float], list[float], list[float], list[Game]]:
    """CPU and wall times of ``wanted`` decisions, the CPU times of first leads, and the games
    (``settings``: the player's own, as :func:`~penneech.players.make_player` takes them)."""
    cpu: list[float] = []
    wall: list[float] = []
    first_leads: list[float] = []
    games: list[Game] = []
    number = 0
    win_model(Rules.preset(preset))  # measured once per session, not counted as a decision
    while len(cpu) < wanted:
        game = Game(preset, seed=seed * 100_003 + number)
        seat = number % 2
        number += 1
        players = [make_player("greedy"), make_player("greedy")]
        players[seat] = make_player(kind, seed=number, **(settings or {}))
        while game.phase is not Phase.OVER and len(cpu) < wanted:
            if game.phase is Phase.DEAL:
                game.deal()
                continue
            who = game.to_move
            assert who is not None
            view = game.view(who)
            player = players[who]
            if game.phase is Phase.THROW_IN:
                game.throw_in(player.throw_in(view))
                continue
            if who != seat or len(view.legal_plays) < 2:
                game.play(player.play(view))
                continue
            c0, w0 = time.process_time(), time.perf_counter()
            card = player.play(view)
            c1, w1 = time.process_time(), time.perf_counter()
            cpu.append(c1 - c0)
            wall.append(w1 - w0)
            if view.trick_number == 1 and not view.trick:
                first_leads.append(c1 - c0)
            game.play(card)
        games.append(game)
    return cpu, wall, first_leads, games


def time_analyses(games: list[Game], wanted: int, reader_only: bool = False) -> list[float]:
    """CPU seconds to analyse each of the first ``wanted`` deals played in ``games`` from
    scratch (nothing remembered): every choice, as for a record of two people's game; or, with
    ``reader_only``, with estimates for the choices of the player the computer played against
    only, as the live table and the terminal ask for it after a page is reloaded or a game
    resumed (``games[i]`` has the computer in seat ``i % 2``, see :func:`time_decisions`)."""
    from penneech.analysis import deal_numbers

    out: list[float] = []
    for number, game in enumerate(games):
        reader = 1 - number % 2 if reader_only else None
        for deal in deal_numbers(game):
            if len(out) >= wanted:
                return out
            playouts._REMEMBERED.clear()
            start = time.process_time()
            analyse_deal(game, deal, estimates_of=reader)
            out.append(time.process_time() - start)
    return out


def time_analyses_after_play(preset: str, kind: str, wanted: int, seed: int,
                             settings: dict[str, object] | None = None) -> list[float]:
    """CPU seconds to analyse each deal just after it was played between ``kind`` and greedy,
    as the terminal and the live table do (the computer playing with the game's seed, the
    analysis asked with it too, so that the computer's own figures are remembered)."""
    from penneech.analysis import deal_numbers

    out: list[float] = []
    number = 0
    while len(out) < wanted:
        game = Game(preset, seed=seed * 100_003 + 50_000 + number)
        seat = number % 2
        number += 1
        players = [make_player("greedy"), make_player("greedy")]
        players[seat] = make_player(kind, seed=game.seed, **(settings or {}))
        done: set[int] = set()
        while game.phase is not Phase.OVER and len(out) < wanted:
            play_deal(game, players)
            numbers = [n for n in deal_numbers(game) if n not in done]
            if numbers:  # a deal in which cards were played (not one thrown in)
                done.add(numbers[-1])
                start = time.process_time()
                analyse_deal(game, numbers[-1], seed=game.seed, estimates_of=1 - seat)
                out.append(time.process_time() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", metavar="PRESET",
                        help=f"of {', '.join(PRESET_NAMES)} (default: all)")
    parser.add_argument("--decisions", type=int, default=1000, help="decisions timed per preset")
    parser.add_argument("--analyses", type=int, default=0, help="deals analysed per preset")
    parser.add_argument("--kind", default=DEFAULT_OPPONENT, choices=PLAYER_KINDS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default=None, help="time a variant of the expert "
                        "(benchmarks/variants.py) instead of --kind")
    args = parser.parse_args()
    unknown = [p for p in args.presets if p not in PRESET_NAMES]
    if unknown:
        parser.error(f"unknown preset {unknown[0]!r}: use one of {', '.join(PRESET_NAMES)}")
    kind, settings = args.kind, {}
    if args.variant is not None:  # not in Pyodide: variants.py is not copied there
        from deal_duel import parse_contender
        from variants import variant

        change, contender = variant(args.variant)
        change.__enter__()  # for the rest of the run
        kind, settings = parse_contender(contender)
    print(f"{platform.python_implementation()} {platform.python_version()} on "
          f"{platform.machine()} ({sys.platform}); player {args.variant or kind}; times in ms")
    print(f"{'preset':8} {'decisions':>9} {'median':>7} {'p99':>6} {'worst':>6} "
          f"{'wall worst':>10} {'first leads':>11} {'worst first':>11}  verdict", flush=True)
    for preset in args.presets or PRESET_NAMES:
        cpu, wall, firsts, games = time_decisions(preset, kind, args.decisions, args.seed,
                                                  settings)
        verdict = "met" if max(cpu) <= 0.5 else "MISSED"
        print(f"{preset:8} {len(cpu):>9} {_ms(statistics.median(cpu)):>7} "
              f"{_ms(_quantile(cpu, 0.99)):>6} {_ms(max(cpu)):>6} {_ms(max(wall)):>10} "
              f"{len(firsts):>11} {_ms(max(firsts)) if firsts else '-':>11}  {verdict}",
              flush=True)
        if args.analyses:
            for how, took in (
                ("from scratch, every choice", time_analyses(games, args.analyses)),
                ("from scratch, the reader's choices",
                 time_analyses(games, args.analyses, reader_only=True)),
                ("after play", time_analyses_after_play(preset, kind, args.analyses,
                                                        args.seed, settings)),
            ):
                verdict = "met" if took and max(took) <= 2.0 else "MISSED"
                print(f"{'':8} analysis of {len(took)} deals {how}: median "
                      f"{_ms(statistics.median(took))}, worst {_ms(max(took))} ms  {verdict}",
                      flush=True)


if __name__ == "__main__":
    main()
