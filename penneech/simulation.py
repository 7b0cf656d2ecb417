"""Many games between computer players, reproducibly, on one core, many, or many machines.

>>> results = simulate("pagat", ("greedy", "random"), games=4, seed=1)
>>> [r.players for r in results]
[('greedy', 'random'), ('random', 'greedy'), ('greedy', 'random'), ('random', 'greedy')]
>>> results[0].seed == results[1].seed  # a duplicate pair: the same packs, seats swapped
True
>>> sum(r.scores[r.winner] >= 61 for r in results)
4

:func:`simulate` returns one :class:`GameResult` per game, in game order; :func:`write_csv` and
:func:`read_csv` store them as one CSV row per game; :func:`summarize` and :func:`format_summary`
give each player's games, wins, win rate with a 95% Wilson interval, and mean points by source.

Determinism
    Game ``i`` is played with a seed derived from ``(seed, i)`` alone (:func:`game_seed`), and
    each player's seed from ``(seed, i, seat)`` alone (:func:`player_seed`).  The results are
    therefore identical whatever ``workers`` is, whichever executor runs them and however the
    games are split into chunks.

Duplicate play (``duplicate=True``, the default)
    Games come in pairs, ``2k`` and ``2k + 1``, played from the same game seed with the players'
    seats swapped: the first player sits in seat 0 in the even game and in seat 1 in the odd one.
    A :class:`~penneech.game.Game` draws the cut for the first dealer and then every deal's pack,
    in order, from one stream seeded by its seed, whatever is played; so both games of a pair
    have the same first dealer (the same seat) and deal ``k``'s pack is the same in both, and the
    hand that one player held in one game is held by the other player in the other.  The dealer
    passes after every deal that is played but not after a thrown-in deal, so once the two games
    differ in a throw-in the same pack may be dealt by the other seat; and a pair's games last
    different numbers of deals.  Luck therefore cancels exactly for the first deal and largely
    after.  With ``duplicate=True`` an odd number of games is rounded up to the next even number.

Draws
    A game cannot end drawn: under ``win_check=immediate`` the first to reach the target wins at
    once, and under ``end_of_deal`` equal scores play on.  Every result has a winner.

Parallelism
    ``workers=K`` runs the games in a :class:`concurrent.futures.ProcessPoolExecutor` of ``K``
    processes (``workers=None``: one per CPU).  Any other :class:`concurrent.futures.Executor`
    may be passed as ``executor``; only the rules notation, player kinds, settings and seeds are
    sent, in chunks of ``chunk_size`` games, and :class:`GameResult` objects come back.

    Across machines with Dask: start a scheduler (``dask scheduler``) and on every machine a
    worker (``dask worker tcp://SCHEDULER:8786``) in an environment where ``penneech`` is
    installed (the same version everywhere), then::

        from dask.distributed import Client
        from penneech.simulation import simulate, summarize, format_summary

        with Client("tcp://SCHEDULER:8786") as client:
            results = simulate("pagat", ("solver", "greedy"), games=100_000, seed=1,
                               executor=client.get_executor(), chunk_size=100)
        print(format_summary(summarize(results)))

    The results are the same as with ``workers=1``.

From the command line::

    penneech simulate --rules pagat --players greedy,random --games 2000 --workers 2 \\
        --seed 1 --out results.csv
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import csv
import functools
import hashlib
import io
import math
import operator
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .events import SCORE_SOURCES, tally
from .files import atomic_write, check_writable, read_regular
from .game import Game, check_seed
from .players import (
    LEVELS,
    PLAYER_KINDS,
    Player,
    game_cost,
    make_player,
    play_game,
    whole_at_least_one,
)
from .rules import DEFAULT_PRESET, Rules
from .text import TooManyDigits, integer, py_shown, shorten, text_of_bytes, whole_number

__all__ = [
    "GameResult",
    "Interrupted",
    "PlayerSummary",
    "simulate",
    "games_done",
    "NotThisRun",
    "stopped_games",
    "play_one",
    "game_seed",
    "player_seed",
    "wilson_interval",
    "shown_figures",
    "summarize",
    "format_summary",
    "write_csv",
    "read_csv",
    "CSV_COLUMNS",
    "MAX_GAMES",
    "check_writable",
    "map_tasks",
]

#: The most games one run plays (its results are kept in memory: about 1 kB a game).
MAX_GAMES = 1_000_000
#: The largest results file :func:`read_csv` reads: 1,000 bytes for each of
#: :data:`MAX_GAMES` games (a row takes a hundred to six hundred).
MAX_CSV_BYTES = 1000 * MAX_GAMES
#: z for a two-sided 95% interval.
Z95 = 1.959963984540054

# -- seeds ---------------------------------------------------------------------------------------


def _derive(*parts: object) -> int:
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def game_seed(seed: int, game: int, duplicate: bool = True) -> int:
    """The :class:`~penneech.game.Game` seed of game number ``game`` (from 0) of a run.

    A 64-bit hash of ``f"{seed}:{n}"`` where ``n`` is the game's pair number (``game // 2``)
    in duplicate play and the game number otherwise.
    """
    return _derive(seed, game // 2 if duplicate else game)


def player_seed(seed: int, game: int, seat: int) -> int:
    """The seed of the player in ``seat`` of game number ``game``: a hash of the three."""
    return _derive(seed, game, "seat", seat)


# -- one game ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameResult:
    """The result of one simulated game.  Pairs are indexed by seat (0 or 1)."""

    #: the game's number in the run, from 0 (duplicate pairs are ``2k`` and ``2k + 1``)
    game: int
    #: the rules, in the notation of ``str(Rules)``
    rules: str
    #: the game's seed: ``Game(rules, seed=seed)`` deals the same packs again
    seed: int
    #: the player in each seat (the kind, or the label given to tell two of a kind apart)
    players: tuple[str, str]
    first_dealer: int
    #: the winning seat
    winner: int
    scores: tuple[int, int]
    #: deals played (thrown-in deals not counted)
    deals: int
    #: deals thrown in
    thrown_in: int
    #: points from counting cards in tricks
    trick_points: tuple[int, int]
    #: points from turned-up cards
    turnup_points: tuple[int, int]
    #: points from the majority bonus
    majority_points: tuple[int, int]
    #: tricks taken over the whole game
    tricks: tuple[int, int]

    @property
    def winner_player(self) -> str:
        """The player (kind or label) who won."""
        return self.players[self.winner]

    @property
    def pair(self) -> int:
        """The duplicate pair this game belongs to (``game // 2``)."""
        return self.game // 2

    def points(self, source: str) -> tuple[int, int]:
        """Points by source: ``trick``, ``turnup`` or ``majority``."""
        if source not in SCORE_SOURCES:
            raise ValueError(f"unknown source {source!r}: use one of {', '.join(SCORE_SOURCES)}")
        value: tuple[int, int] = getattr(self, f"{source}_points")
        return value


def result_of(game: Game, number: int, players: Sequence[str]) -> GameResult:
    """The :class:`GameResult` of a finished ``game``, from its outcome and event log."""
    outcome = game.outcome
    if outcome is None:
        raise ValueError("the game is not over")
    deals = tally(game.events)

    def total(values: Iterable[tuple[int, int]]) -> tuple[int, int]:
        pairs = list(values)
        return (sum(p[0] for p in pairs), sum(p[1] for p in pairs))

    return GameResult(
        game=number,
        rules=str(game.rules),
        seed=game.seed,
        players=(players[0], players[1]),
        first_dealer=game.first_dealer,
        winner=outcome.winner,
        scores=outcome.scores,
        deals=outcome.deals,
        thrown_in=game.deal_number - outcome.deals,
        trick_points=total(d.by_source["trick"] for d in deals),
        turnup_points=total(d.by_source["turnup"] for d in deals),
        majority_points=total(d.by_source["majority"] for d in deals),
        tricks=total(d.tricks for d in deals),
    )


def _seating(number: int, duplicate: bool) -> tuple[int, int]:
    """Which of the run's players (0 or 1) sits in seat 0 and seat 1 of game ``number``."""
    return (1, 0) if duplicate and number % 2 else (0, 1)


def play_one(
    rules: Rules | str,
    kinds: Sequence[str],
    number: int,
    seed: int,
    *,
    duplicate: bool = True,
    labels: Sequence[str] | None = None,
    settings: Sequence[Mapping[str, Any]] | None = None,
) -> GameResult:
    """Play game number ``number`` of a run exactly as :func:`simulate` does.

    ``kinds``, ``labels`` and ``settings`` are the run's two players (not seats): in duplicate
    play the second one sits in seat 0 of the odd games.
    """
    seated = seat_game(rules, kinds, number, seed, duplicate=duplicate, labels=labels,
                       settings=settings)
    play_game(seated.game, seated.players)
    return seated.result()


@dataclass(frozen=True)
class SeatedGame:
    """Game number ``number`` of a run, not yet played, with its two players in their seats:
    :func:`play_one` plays it to the end at once; the live page's experiment a few decisions at
    a time (:func:`penneech.players.drive`), so that a reader can stop it mid-game."""

    number: int
    game: Game
    players: tuple[Player, Player]
    labels: tuple[str, str]

    def result(self) -> GameResult:
        """The :class:`GameResult` of the game, once it is over."""
        return result_of(self.game, self.number, self.labels)


def seat_game(
    rules: Rules | str,
    kinds: Sequence[str],
    number: int,
    seed: int,
    *,
    duplicate: bool = True,
    labels: Sequence[str] | None = None,
    settings: Sequence[Mapping[str, Any]] | None = None,
) -> SeatedGame:
    """Game number ``number`` of a run and its players, as :func:`play_one` plays it."""
    rules = Rules.parse(rules) if isinstance(rules, str) else rules
    settings = tuple(settings) if settings is not None else ({}, {})
    # (two of a kind are told apart as a run's results tell them, "greedy#1" and "greedy#2": a
    # game refuses two names that read as one)
    labels = tuple(labels) if labels is not None else (
        tuple(kinds) if kinds[0] != kinds[1] else (f"{kinds[0]}#1", f"{kinds[1]}#2"))
    first, second = _seating(number, duplicate)
    players = tuple(
        make_player(kinds[who], seed=player_seed(seed, number, seat), **dict(settings[who]))
        for seat, who in enumerate((first, second))
    )
    seat_labels = (labels[first], labels[second])
    game = Game(rules, seed=game_seed(seed, number, duplicate), players=seat_labels)
    return SeatedGame(number, game, (players[0], players[1]), seat_labels)


def _play_chunk(
    rules: str,
    kinds: tuple[str, str],
    labels: tuple[str, str],
    settings: tuple[dict[str, Any], dict[str, Any]],
    seed: int,
    duplicate: bool,
    start: int,
    stop: int,
) -> list[GameResult]:
    """One task for a worker: games ``start`` to ``stop - 1`` (module-level, so picklable)."""
    parsed = Rules.parse(rules)
    return [
        play_one(parsed, kinds, n, seed, duplicate=duplicate, labels=labels, settings=settings)
        for n in range(start, stop)
    ]


# -- many games ----------------------------------------------------------------------------------


def _labels(kinds: Sequence[str],
            settings: Sequence[Mapping[str, Any]] = ({}, {})) -> tuple[str, str]:
    """The players' names in a run's results: their kinds, with the settings each was given
    written as the experiments' player specs write them (so that a file of results says which
    solver played, and a run is not gone on with another), and ``#1`` and ``#2`` if that leaves
    two the same.

    >>> _labels(("solver", "greedy"), ({"samples": 60}, {}))
    ('solver(samples=60)', 'greedy')
    >>> _labels(("greedy", "greedy"))
    ('greedy#1', 'greedy#2')
    """
    named = [kind + ("(" + ", ".join(f"{key}={value}" for key, value in sorted(given.items())
                                     if key != "name") + ")"
                     if set(given) - {"name"} else "")
             for kind, given in zip(kinds, settings, strict=True)]
    if named[0] == named[1]:
        return (f"{named[0]}#1", f"{named[1]}#2")
    return (named[0], named[1])


def _settings_for(
    kinds: Sequence[str], player_settings: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    if player_settings is None:
        return ({}, {})
    shape = ("player_settings must be a mapping by kind, such as {'expert': {'worlds': 80}}, "
             "or one mapping per player")
    if isinstance(player_settings, Mapping):
        unknown = set(player_settings) - set(PLAYER_KINDS)
        if unknown:
            raise ValueError(
                f"player_settings keys must be player kinds, not "
                f"{', '.join(sorted(map(str, unknown)))}"
            )
        per_kind: Mapping[str, Mapping[str, Any]] = player_settings
        pair = [per_kind.get(kinds[0], {}), per_kind.get(kinds[1], {})]
    elif isinstance(player_settings, Sequence) and not isinstance(player_settings, str) \
            and len(player_settings) == 2:
        pair = [player_settings[0], player_settings[1]]
    else:
        raise ValueError(f"{shape}, not {py_shown(player_settings)}")
    for one in pair:
        if not isinstance(one, Mapping):
            raise ValueError(f"{shape}: a player's settings are a mapping such as "
                             f"{{'worlds': 80}}, not {py_shown(one)}")
    return (dict(pair[0]), dict(pair[1]))


def _check_kinds(kinds: Sequence[str]) -> None:
    for kind in kinds:
        if kind in LEVELS and kind not in PLAYER_KINDS:  # (a run's results name kinds)
            raise ValueError(f"{kind!r} is a level, not a kind of player: its player is "
                             f"{LEVELS[kind]!r}")
        if kind not in PLAYER_KINDS:
            raise ValueError(f"unknown player {kind!r}: use one of {', '.join(PLAYER_KINDS)}")


def _chunks(todo: Sequence[int], size: int) -> Iterator[tuple[int, int]]:
    """The game numbers ``todo`` (ascending) as ranges ``(start, stop)`` of at most ``size``
    games, each of numbers that follow one another."""
    i = 0
    while i < len(todo):
        j = i + 1
        while j < len(todo) and j - i < size and todo[j] == todo[j - 1] + 1:
            j += 1
        yield (todo[i], todo[j - 1] + 1)
        i = j


class NotThisRun(ValueError):
    """Games given as already played (:func:`simulate`'s ``done``) that this run did not play."""


def _not_this_run(game: int, why: str) -> NotThisRun:
    return NotThisRun(f"game {game} of the results is not from this run: {why}")


def games_done(
    done: Iterable[GameResult],
    rules: Rules | str,
    labels: Sequence[str],
    seed: int,
    games: int,
    duplicate: bool = True,
    what: str = "games_done",
) -> dict[int, GameResult]:
    """The games of ``done`` by number, once each is seen to be a game of this run: its rules,
    its seed (:func:`game_seed`), its players in their seats, a number below ``games``.

    A run stopped part-way (Ctrl-C, a page closed) goes on from there with :func:`simulate`'s
    ``done``: the games it plays are those it would have played.  A game from another run
    raises :class:`NotThisRun` (a :class:`ValueError`) saying what differs.  The players'
    settings are checked by their names (:func:`simulate` names a solver given 60 samples
    ``solver(samples=60)``).
    ``what`` names the caller in the error for something that is not results.

    >>> first = simulate("pagat", ("greedy", "random"), games=2, seed=1)
    >>> sorted(games_done(first, "pagat", ("greedy", "random"), 1, games=4))
    [0, 1]
    >>> games_done(first, "pagat", ("greedy", "random"), 2, games=4)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    penneech.simulation.NotThisRun: game 0 of the results is not from this run: it was dealt ...
    """
    rule_set = Rules.parse(rules) if isinstance(rules, str) else rules
    notation = str(rule_set)
    have: dict[int, GameResult] = {}
    for r in _check_results(done, what):
        n = r.game
        unlike = functools.partial(_not_this_run, n)
        if not 0 <= n < games:
            raise unlike(f"a run of {games} games has games 0 to {games - 1}")
        if r.rules != notation:
            raise unlike(f"it was played under the rules {shorten(r.rules)}, not {notation}")
        ours = game_seed(seed, n, duplicate)
        if r.seed != ours:
            raise unlike(f"it was dealt from the game seed {r.seed}, where game {n} of a run "
                         f"with seed {seed} is dealt from {ours}")
        first, second = _seating(n, duplicate)
        seats = (labels[first], labels[second])
        if tuple(r.players) != seats:
            raise unlike(f"its players were {shorten(' and '.join(r.players))}, not "
                         f"{' and '.join(seats)}")
        if n in have:
            raise NotThisRun(f"game {n} is in the results twice")
        # a row edited by hand: its figures must agree with one another (review 38a: a winner
        # changed against the scores was counted)
        sums = tuple(sum(p) for p in zip(r.trick_points, r.turnup_points, r.majority_points,
                                         strict=True))
        if sums != r.scores:
            raise unlike(f"its scores {r.scores[0]} to {r.scores[1]} are not the sums of its "
                         f"points by source ({sums[0]} and {sums[1]})")
        if rule_set.game_winner(r.scores, True) != r.winner:
            raise unlike(f"its winner, seat {r.winner}, is not who wins {r.scores[0]} to "
                         f"{r.scores[1]} under these rules")
        have[n] = r
    return have


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C, and the terminal closing (SIGHUP, sent to every
    process of the terminal), to the parent, which stops the run and keeps its games."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    # a stop signal ends a worker at once (the parent ends its workers so); a worker forked
    # from the command line has the parent's handler, which would stop it as Ctrl-C stops a run
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _progress_bar(total: int, enabled: bool, unit: str = "game") -> Any:
    """A tqdm progress bar on stderr, if asked for and the optional ``tqdm`` is installed."""
    if not enabled:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:
        return None
    return tqdm(total=total, unit=unit, file=sys.stderr, dynamic_ncols=True)


def simulate(
    rules: Rules | str = DEFAULT_PRESET,
    players: Sequence[str] = ("greedy", "greedy"),
    *,
    games: int = 1000,
    seed: int = 0,
    workers: int | None = 1,
    executor: cf.Executor | None = None,
    duplicate: bool = True,
    progress: bool = False,
    player_settings: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None = None,
    chunk_size: int | None = None,
    labels: Sequence[str] | None = None,
    done: Iterable[GameResult] = (),
) -> list[GameResult]:
    """Play ``games`` games between two computer players; return their results in game order.

    Args:
        rules: a :class:`~penneech.rules.Rules`, a preset name or the rules notation
            (``"pagat,follow=free"``).
        players: the two player kinds (any of :data:`penneech.players.PLAYER_KINDS`).  Without
            duplicate play the first sits in seat 0 of every game.
        games: how many games; rounded up to an even number under ``duplicate``.
        seed: the run's seed; game ``i`` depends on ``(seed, i)`` only.
        workers: processes to run the games in (``1``: this process; ``None``: one per CPU;
            never more than one per CPU).  Ignored when ``executor`` is given.
        executor: any :class:`concurrent.futures.Executor` to run the games in, such as a Dask
            ``Client(...).get_executor()``; it is not shut down.
        duplicate: play the games in pairs with the same packs and the seats swapped.
        progress: show a progress bar on stderr if :mod:`tqdm` is installed.
        player_settings: extra :func:`~penneech.players.make_player` settings, either by kind
            (``{"solver": {"samples": 50}}``) or one mapping per player.
        chunk_size: games per task sent to a worker (default: about 100 greedy games' worth of
            work, at most 100 games, and at least four tasks per worker; a slow player's are of
            a game or a few, since a task stopped by Ctrl-C is lost whole).
        labels: names for the two players in the results (default: their kinds, each with the
            settings it was given, as ``solver(samples=60)``, and ``#1`` and ``#2`` added when
            that leaves both the same).
        done: games of this run already played (by a run that was stopped, as
            :func:`read_csv` reads them back): they are checked (:func:`games_done`), kept,
            and not played again.  The results are those of an unbroken run.

    Raises:
        ValueError: bad arguments (including unknown rules: :class:`~penneech.rules.RulesError`).
        Interrupted: Ctrl-C; its ``done`` holds the games that had finished, by game number.
    """
    kinds = tuple(players) if isinstance(players, (list, tuple)) else ()
    if len(kinds) != 2:
        raise ValueError(f"players must be two player kinds, such as ('greedy', 'random'), not "
                         f"{py_shown(players)}")
    _check_kinds(kinds)
    rule_set = Rules.parse(rules) if isinstance(rules, str) else rules
    whole = integer(games)
    if whole is None or not 1 <= whole <= MAX_GAMES:
        raise ValueError(f"games must be a whole number from 1 to {MAX_GAMES:,}, not "
                         f"{py_shown(games)} (for more, run several times with other seeds)")
    games = whole
    seed = check_seed(seed)  # (a run's seed is a game's, as the command line takes it)
    if workers is None:
        workers = os.cpu_count() or 1
    workers = whole_at_least_one(workers, "workers")
    workers = min(workers, os.cpu_count() or 1)  # more processes than processors only slow down
    if chunk_size is not None:
        chunk_size = whole_at_least_one(chunk_size, "chunk_size")
    for flag, value in (("duplicate", duplicate), ("progress", progress)):
        if not isinstance(value, bool):  # (duplicate="no" played duplicate pairs)
            raise ValueError(f"{flag} must be True or False, not {py_shown(value)}")
    if duplicate and games % 2:
        games += 1
    settings = _settings_for(kinds, player_settings)
    if labels is None:
        names = _labels(kinds, settings)
    else:
        if not isinstance(labels, (list, tuple)) or len(labels) != 2 \
                or not all(isinstance(x, str) and x.strip() for x in labels) \
                or labels[0] == labels[1]:
            raise ValueError(f"labels must be two different names, such as ('me', 'you'), not "
                             f"{py_shown(labels)}")
        names = (labels[0], labels[1])
    notation = str(rule_set)
    have = games_done(done, rule_set, names, seed, games, duplicate, what="simulate's done")
    todo = [n for n in range(games) if n not in have]

    if executor is None and workers == 1:
        bar = _progress_bar(len(todo), progress)
        try:
            for n in todo:
                have[n] = play_one(rule_set, kinds, n, seed, duplicate=duplicate,
                                   labels=names, settings=settings)
                if bar is not None:
                    bar.update(1)
        except KeyboardInterrupt:
            raise Interrupted(have, games) from None
        finally:
            if bar is not None:
                bar.close()
        return [have[n] for n in range(games)]

    if chunk_size is None:
        chunk_size = _chunk_size(rule_set, kinds, settings, len(todo), workers)
    chunks = list(_chunks(todo, chunk_size))
    tasks = [(notation, kinds, names, settings, seed, duplicate, a, b) for a, b in chunks]
    try:
        parts = map_tasks(_play_chunk, tasks, workers=workers, executor=executor,
                          progress=progress, sizes=[b - a for a, b in chunks])
    except Interrupted as exc:
        have.update((r.game, r) for part in exc.done.values() for r in part)
        raise Interrupted(have, games) from None
    have.update((r.game, r) for part in parts for r in part)
    return [have[n] for n in range(games)]


def _chunk_size(rules: Rules, kinds: Sequence[str], settings: Sequence[Mapping[str, Any]],
                todo: int, workers: int) -> int:
    """Games per task: about 100 greedy games' worth of work (a task stopped by Ctrl-C is lost
    whole, so the slow players' are of a game or a few: tasks of 50 expert games lost them all;
    review 43b), at most 100 games, and at least four tasks per worker.

    >>> _chunk_size(Rules.preset("pagat"), ("greedy", "greedy"), ({}, {}), 1000, 2)
    100
    >>> _chunk_size(Rules.preset("pagat"), ("club", "greedy"), ({}, {}), 400, 2)
    1
    """
    free = rules.follow == "free"
    cost = sum(game_cost(kind, one, free) for kind, one in zip(kinds, settings, strict=True))
    return max(1, min(100, int(100 / cost), math.ceil(todo / (4 * workers))))


#: The games of the last run :func:`simulate` was stopped in, in this process
#: (:func:`stopped_games`).
_stopped: list[GameResult] = []


def stopped_games() -> list[GameResult]:
    """The games that had finished when :func:`simulate` was last stopped (Ctrl-C, or a
    notebook kernel's stop) in this Python, in order; ``[]`` if none was.  They are kept until
    the next run is stopped, whatever happens in between (an error in another cell does not
    lose them): ``simulate(..., done=stopped_games())`` goes on with the same arguments."""
    return list(_stopped)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run; ``done`` holds the results of the tasks that had finished, by
    task number (so that the games already played are not lost).  Raised by
    :func:`simulate`, ``done`` holds the games by number and ``games`` is the run's size:
    :meth:`results` lists them (as :func:`stopped_games` does after the fact), and
    ``simulate(..., done=stop.results())`` goes on.  Raised by
    :func:`penneech.experiments.run_cells`, ``done`` holds each cell's first games, by cell."""

    def __init__(self, done: dict[Any, Any], games: int | None = None) -> None:
        super().__init__()
        self.done = done
        self.games = games
        if games is not None:
            _stopped[:] = self.results()

    def results(self) -> list[Any]:
        """What had finished, in order."""
        return [self.done[n] for n in sorted(self.done)]

    def __str__(self) -> str:
        if self.games is None:
            return f"stopped: {len(self.done)} tasks had finished"
        # (shown under the traceback, in Jupyter too: the line it gives works in a fresh cell,
        # whatever was run in between)
        return (f"stopped: {len(self.done)} of {self.games} games had finished and are kept: "
                "'from penneech.simulation import stopped_games; games = stopped_games()' "
                "takes them, and simulate(..., done=games) with the same arguments plays the "
                "rest")


def map_tasks(
    func: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    *,
    workers: int | None = 1,
    executor: cf.Executor | None = None,
    progress: bool = False,
    sizes: Sequence[int] | None = None,
    unit: str = "game",
    bar: Any = None,
) -> list[Any]:
    """``[func(*task) for task in tasks]``, here or in parallel; the results in task order.

    ``func`` must be a module-level function (picklable) and each task a tuple of picklable
    arguments.  With ``executor=None`` and ``workers=1`` the tasks run here, one after another;
    otherwise they go to ``executor`` (which is not shut down) or to a new
    :class:`~concurrent.futures.ProcessPoolExecutor` of ``workers`` processes (``None``: one per
    CPU), a few at a time.  The progress bar (if ``progress`` and :mod:`tqdm` is installed)
    advances by ``sizes[i]`` (default 1) when task ``i`` is done.  On an error or Ctrl-C the run
    stops at once (the tasks not started are cancelled, and the workers of a pool it made are
    ended) and the exception is raised; after Ctrl-C it is :class:`Interrupted`, holding the
    results of the tasks that had finished.  ``bar``: a progress bar of the caller's to advance
    instead (it is left open).
    """
    steps = list(sizes) if sizes is not None else [1] * len(tasks)
    if len(steps) != len(tasks):
        raise ValueError(f"sizes has {len(steps)} entries for {len(tasks)} tasks")
    if workers is None:
        workers = os.cpu_count() or 1
    own_bar = bar is None
    if own_bar:
        bar = _progress_bar(sum(steps), progress, unit)
    try:
        if executor is None and workers == 1:
            done: list[Any] = []
            try:
                for task, step in zip(tasks, steps, strict=True):
                    done.append(func(*task))
                    if bar is not None:
                        bar.update(step)
            except KeyboardInterrupt as exc:
                if isinstance(exc, Interrupted):
                    raise
                raise Interrupted(dict(enumerate(done))) from None
            return done
        return _map_parallel(func, tasks, steps, workers, executor, bar)
    finally:
        if own_bar and bar is not None:
            bar.close()


def _map_parallel(
    func: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], steps: Sequence[int],
    workers: int, executor: cf.Executor | None, bar: Any,
) -> list[Any]:
    own = executor is None
    pool: cf.Executor = (
        executor if executor is not None
        else cf.ProcessPoolExecutor(workers, initializer=_ignore_interrupts)
    )
    # Tasks are submitted a few at a time (never all up front), and the results come back
    # in task order whatever order the workers finish in.
    window = 4 * workers
    pending = iter(enumerate(tasks))
    results: dict[int, Any] = {}
    futures: dict[cf.Future[Any], int] = {}
    # The first Ctrl-C stops the run; more are ignored until the workers are stopped (a second
    # one must not interrupt the stop, or the workers would be left running).
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, _first_interrupt) if main else None
    try:
        while True:
            while len(futures) < window:
                item = next(pending, None)
                if item is None:
                    break
                futures[pool.submit(func, *item[1])] = item[0]
            if not futures:
                break
            done, _ = cf.wait(futures, return_when=cf.FIRST_COMPLETED)
            for future in done:
                index = futures.pop(future)
                results[index] = future.result()
                if bar is not None:
                    bar.update(steps[index])
    except BaseException as exc:
        if main:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        _stop(pool, futures, own)
        if isinstance(exc, KeyboardInterrupt) and not isinstance(exc, Interrupted):
            raise Interrupted(dict(results)) from None
        if isinstance(exc, cf.BrokenExecutor):
            # a worker killed (a stop signal sent to every process, the machine out of
            # memory): the games that came back are kept, as after Ctrl-C
            raise Interrupted(dict(results)) from exc
        raise
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if own:
        pool.shutdown(wait=True)
    return [results[index] for index in range(len(tasks))]


def _first_interrupt(signum: int, frame: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _stop(pool: cf.Executor, futures: Iterable[cf.Future[Any]], own: bool) -> None:
    """Stop a run at once (Ctrl-C, an error): cancel what has not started and, in our own pool,
    end the worker processes rather than wait for the games under way."""
    for future in futures:
        future.cancel()
    if not own:
        return
    # Ending the workers under the pool's own thread can make it set a result on a future just
    # cancelled; CPython 3.11 then prints that thread's InvalidStateError as a traceback after
    # "interrupted" (seen once, in make test under load): the run is over, so it is
    # not the reader's concern.
    previous = threading.excepthook

    def quiet(args: threading.ExceptHookArgs) -> None:
        if not issubclass(args.exc_type, cf.InvalidStateError):
            previous(args)

    threading.excepthook = quiet
    processes = dict(getattr(pool, "_processes", None) or {})
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        with contextlib.suppress(Exception):
            terminate()
    processes.update(getattr(pool, "_processes", None) or {})
    for process in processes.values():
        if process.is_alive():
            process.terminate()
    for process in processes.values():
        process.join(timeout=5)
    # The pool's own thread closes its wake-up pipe as it ends. If it is still ending when the
    # interpreter exits, CPython 3.11's exit hook can write to that pipe as it closes, and print
    # "OSError: [Errno 9] Bad file descriptor" as a traceback after "interrupted" (seen once, in
    # CI). Waiting here for that thread to end leaves the exit hook nothing to wake.
    if isinstance(manager, threading.Thread) and manager.is_alive():
        manager.join(timeout=5)
    # The thread that could raise it has ended: every later thread error is told again (the
    # hook stayed for the rest of the process, so that one stopped run in a notebook silenced
    # such errors from then on; review 41a)
    if not (isinstance(manager, threading.Thread) and manager.is_alive()) \
            and threading.excepthook is quiet:
        threading.excepthook = previous


# -- statistics ----------------------------------------------------------------------------------


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``successes`` out of ``trials``.

    ``trials`` is a whole number; ``z`` is the normal quantile (1.96 for 95%).  With no trials
    the interval is ``(0, 1)``.

    >>> low, high = wilson_interval(5, 10)
    >>> round(low, 4), round(high, 4)
    (0.2366, 0.7634)
    """
    try:  # (2.5 trials were taken; numpy's whole numbers are whole numbers)
        if isinstance(trials, bool):
            raise TypeError
        trials = operator.index(trials)
    except TypeError:
        raise ValueError(f"trials must be a whole number (a count), not {trials!r}") from None
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, not {successes} of {trials}")
    if not z > 0:  # (a negative z put the low end above the high)
        raise ValueError(f"z must be a positive number (1.96 for 95%), not {z}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # (at 10 of 10 the high end came out 0.9999999999999999, printed "100.000%"; review 42b)
    return (0.0 if successes == 0 else max(0.0, centre - half),
            1.0 if successes == trials else min(1.0, centre + half))


@dataclass(frozen=True)
class PlayerSummary:
    """One player's record over a set of results."""

    player: str
    games: int
    wins: int
    #: 95% Wilson score interval of the win rate
    ci_low: float
    ci_high: float
    mean_score: float
    #: mean points per game by source
    mean_trick_points: float
    mean_turnup_points: float
    mean_majority_points: float
    #: mean tricks taken per game
    mean_tricks: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def _check_results(results: object, what: str) -> list[GameResult]:
    """``results`` as a list if it is results of :func:`simulate`, else :class:`TypeError`
    saying that ``what`` takes them (not an AttributeError from inside)."""
    takes = f"{what} takes the results of simulate or read_csv (a list of GameResult)"
    if isinstance(results, (str, bytes)) or not isinstance(results, Iterable):
        raise TypeError(f"{takes}, not {type(results).__name__}")
    results = list(results)
    for i, r in enumerate(results):
        if not isinstance(r, GameResult):
            raise TypeError(f"{takes}: item {i} is {type(r).__name__}, not a GameResult")
    return results


def summarize(results: Iterable[GameResult]) -> list[PlayerSummary]:
    """Each player's games, wins, win rate with a 95% Wilson interval and mean points by source.

    Players are told apart by the names in :attr:`GameResult.players`, in order of appearance.
    """
    results = _check_results(results, "summarize")
    totals: dict[str, list[int]] = {}
    for r in results:
        for seat in (0, 1):
            t = totals.setdefault(r.players[seat], [0] * 7)
            t[0] += 1
            t[1] += r.winner == seat
            t[2] += r.scores[seat]
            t[3] += r.trick_points[seat]
            t[4] += r.turnup_points[seat]
            t[5] += r.majority_points[seat]
            t[6] += r.tricks[seat]
    out = []
    for player, (n, wins, score, trick, turnup, majority, tricks) in totals.items():
        low, high = wilson_interval(wins, n)
        out.append(PlayerSummary(player, n, wins, low, high, score / n, trick / n, turnup / n,
                                 majority / n, tricks / n))
    return out


def shown_figures(s: PlayerSummary) -> dict[str, str]:
    """A summary's win rate, its 95% interval and its mean score, as every table writes them
    (:func:`format_summary`, and the live page's results, which JavaScript rounded otherwise)."""
    return {"win_rate": f"{s.win_rate:.1%}", "interval": f"{s.ci_low:.1%}–{s.ci_high:.1%}",
            "mean_score": f"{s.mean_score:.1f}"}


def format_summary(summaries: Sequence[PlayerSummary]) -> str:
    """An aligned text table of :func:`summarize`'s output."""
    if isinstance(summaries, (str, bytes)) or not isinstance(summaries, Sequence) or not all(
            isinstance(s, PlayerSummary) for s in summaries):
        given = ("games' results: give it summarize(results)"
                 if isinstance(summaries, Sequence) and summaries
                 and all(isinstance(s, GameResult) for s in summaries)
                 else py_shown(summaries))
        raise TypeError(f"format_summary takes what summarize returns, not {given}")
    header = ("player", "games", "wins", "win rate", "95% CI", "score", "tricks pts",
              "turn-up pts", "majority pts", "tricks")
    rows = [header] + [
        (
            s.player, str(s.games), str(s.wins), *shown_figures(s).values(),
            f"{s.mean_trick_points:.1f}", f"{s.mean_turnup_points:.1f}",
            f"{s.mean_majority_points:.1f}", f"{s.mean_tricks:.1f}",
        )
        for s in summaries
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [
        "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                  for i, (c, w) in enumerate(zip(row, widths, strict=True)))
        for row in rows
    ]
    return "\n".join(lines)


# -- CSV -----------------------------------------------------------------------------------------

_PAIRED = ("scores", "trick_points", "turnup_points", "majority_points", "tricks")
#: The CSV header, one row per game.  ``seatN_score`` etc. are per seat.
CSV_COLUMNS: tuple[str, ...] = (
    "game", "pair", "rules", "seed", "seat0_player", "seat1_player", "first_dealer", "winner",
    "winner_player", "deals", "thrown_in",
    *(f"seat{s}_{'score' if f == 'scores' else f}" for f in _PAIRED for s in (0, 1)),
)


def _row(r: GameResult) -> list[object]:
    row: list[object] = [r.game, r.pair, r.rules, r.seed, r.players[0], r.players[1],
                         r.first_dealer, r.winner, r.winner_player, r.deals, r.thrown_in]
    for name in _PAIRED:
        row.extend(getattr(r, name))
    return row


def _write(results: Iterable[GameResult], out: IO[str]) -> None:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in results:
        writer.writerow(_row(r))


def write_csv(
    results: Iterable[GameResult], path_or_file: str | os.PathLike[str] | IO[str]
) -> Path | None:
    """Write one CSV row per game with the header :data:`CSV_COLUMNS`.

    A path is written atomically and durably (:func:`penneech.files.atomic_write`) and returned;
    an open text file is written to as it is.  :func:`read_csv` reads it back.
    """
    results = _check_results(results, "write_csv")
    if not isinstance(path_or_file, (str, os.PathLike)):
        _write(results, path_or_file)
        return None
    out = io.StringIO(newline="")
    _write(results, out)
    return atomic_write(path_or_file, out.getvalue())


def _read_rows(reader: csv.DictReader[str]) -> list[GameResult]:
    header = reader.fieldnames
    if header is None:
        raise ValueError("the file is empty (write_csv writes a header line first)")
    if header and header[0].startswith("\ufeff"):  # a byte-order mark, as spreadsheets save
        header = reader.fieldnames = [header[0][1:], *header[1:]]
    missing = [c for c in CSV_COLUMNS if c not in header]
    if missing:
        raise ValueError(f"the header has no {missing[0]!r} column: write_csv's header is "
                         f"{','.join(CSV_COLUMNS[:4])},…")
    results = []
    for row in reader:
        line = reader.line_num
        extra: list[str] = row.get(None, [])  # type: ignore[assignment]
        values = len(header) + len(extra) - sum(row[c] is None for c in header)
        if values != len(header):
            raise ValueError(f"line {line}: the row has {values} values, not {len(header)}")

        def whole(name: str) -> int:
            try:
                return whole_number(row[name])  # noqa: B023
            except TooManyDigits as exc:
                raise ValueError(f"line {line}: {name} is {exc}") from None  # noqa: B023
            except ValueError:
                raise ValueError(f"line {line}: {name} must be a whole number, not "  # noqa: B023
                                 f"{py_shown(row[name])}") from None  # noqa: B023

        def pair(name: str) -> tuple[int, int]:
            return (whole(f"seat0_{name}"), whole(f"seat1_{name}"))

        results.append(GameResult(
            game=whole("game"), rules=row["rules"], seed=whole("seed"),
            players=(row["seat0_player"], row["seat1_player"]),
            first_dealer=whole("first_dealer"), winner=whole("winner"),
            scores=pair("score"), deals=whole("deals"), thrown_in=whole("thrown_in"),
            trick_points=pair("trick_points"), turnup_points=pair("turnup_points"),
            majority_points=pair("majority_points"), tricks=pair("tricks"),
        ))
        if results[-1].winner not in (0, 1) or results[-1].first_dealer not in (0, 1):
            # (7 failed later with an IndexError, and -1 was read as seat 1)
            raise ValueError(f"line {line}, game {row['game']}: winner and first_dealer must "
                             f"be 0 or 1, not {row['winner']!r} and {row['first_dealer']!r}")
    return results


def read_csv(path_or_file: str | os.PathLike[str] | IO[str]) -> list[GameResult]:
    """Read back what :func:`write_csv` wrote; a file that is not one raises
    :class:`ValueError` saying which line is wrong and why.

    >>> results = simulate("pagat", ("greedy", "random"), games=2, seed=1)
    >>> out = io.StringIO()
    >>> write_csv(results, out)
    >>> read_csv(io.StringIO(out.getvalue())) == results
    True
    """
    if not isinstance(path_or_file, (str, os.PathLike)) and not hasattr(path_or_file, "read"):
        raise TypeError(f"read_csv takes a file name or an open text file, not "
                        f"{type(path_or_file).__name__}")
    try:
        if isinstance(path_or_file, (str, os.PathLike)):
            # (read as a record is: UTF-8 or UTF-16, a regular file of a bounded size: /dev/zero
            # filled the memory, and a FIFO waited for ever; review 43b)
            raw = read_regular(path_or_file, MAX_CSV_BYTES)
            text = text_of_bytes(raw).lstrip("\ufeff")  # (a spreadsheet's UTF-8 mark)
            return _read_rows(csv.DictReader(io.StringIO(text, newline="")))
        return _read_rows(csv.DictReader(path_or_file))
    except (ValueError, csv.Error) as exc:
        raise ValueError(f"not a penneech simulation CSV: {exc}") from None
