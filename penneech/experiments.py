"""Part IV of the book: what each reading and each rule does to the game, measured by self-play.

Every figure of the book's experiments chapter comes from :func:`run`, which plays computer
players against each other under every preset of ``penneech.rules.PRESET_NAMES`` and every
value of every option of :data:`~penneech.rules.OPTIONS` (so a new reading or option takes part
without a change here), measures each game, and writes the results as JSON and CSV data files
that the chapter's notebooks read::

    penneech experiment run --workers 2            # everything, into book/experiments/data
    penneech experiment run --part rules --scale quick
    penneech experiment plan                       # what would be played, and how many games

The small versions (:func:`how_long`, :func:`who_has_the_edge`, :func:`luck_or_skill`,
:func:`how_decisive`, :func:`what_a_rule_does`, :func:`restricted_play`) run a few dozen games in
this process with the standard library alone (no numpy, no matplotlib): a reader's browser can
run them.

>>> result = how_long("pagat", games=6)
>>> result["games"], result["measures"]["deals"]["n"]
(6, 6)

Method
    * **One bank of deals.**  Game ``i`` of every cell is dealt from
      :func:`~penneech.simulation.game_seed` ``(SEED, i)``: every comparison (one rule against
      another, one player against another) is played on the same packs.  Matches between two
      different players are duplicate pairs (the same packs, seats swapped).  Self-play between
      two copies of one deterministic player is not duplicated (both games of a pair would be
      the same game): each bank entry is played once.  Random self-play is duplicated, so its
      two games of a pair share a pack and go together: its intervals are taken over pairs.
    * **Results identical whatever runs them**: each game depends on its number and the seed
      alone (:mod:`penneech.simulation`); the data files are the same byte for byte with one
      worker, many, or a Dask cluster (``--dask ADDRESS``).
    * **95% intervals** on every figure: Wilson score intervals for shares, Student's t
      intervals for means, and differences paired game by game on the bank (the
      elder-hand figures, ratios over each game's deals, by the delta method with the game as
      the unit, in :func:`paired_difference`).

Measures (after the Digital Ludeme Project's metrics, adapted to a card game; see the book)
    ``deals`` (per game, thrown-in deals not counted), ``tricks_per_deal``, ``thrown_in``,
    ``first_dealer_wins`` (Ludii's AdvantageP1 with the first dealer as first player),
    ``elder_wins_deal`` (share of complete deals in which elder hand scored more),
    ``elder_margin`` (elder's points minus the dealer's, per complete deal), ``luck_share``
    (the share of points from turned-up cards: where the points come from, which depends on
    the players as well as the rules, so a proxy for luck, not a measure of it),
    ``decision_moves`` (moves with more than one legal choice), ``lead_changes``
    (Ludii's LeadChange: changes of the player ahead on the board, as a share of the game's
    moves, here per 100 moves; a count per game would grow with the game's length, 45c),
    ``decided_at`` (Ludii's DecisivenessMoves with the score as the evaluation: the share of the
    game's moves made before the eventual winner's score first passes the loser's final score).
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from .cards import PENNEECH, Card
from .events import Played, Scored, ThrowIn, tally
from .figures import check_estimate
from .files import atomic_write
from .game import Game, PlayerView, check_seed
from .players import game_cost, whole_at_least_one
from .rules import OPTIONS, PRESET_NAMES, Rules, RulesError, show_value
from .simulation import (
    Z95,
    Interrupted,
    _progress_bar,
    _seating,
    game_seed,
    map_tasks,
    player_seed,
    result_of,
    wilson_interval,
)
from .text import TooManyDigits, shorten, whole_number

__all__ = [
    "SEED", "BASE_PRESET", "CLAIMS_PRESET", "PARTS", "SELF_PLAY", "OWN_TARGET", "LADDER",
    "KNOWN_KINDS", "CLAIMS_PLAYER", "DATA_DIR",
    "Restriction", "RESTRICTIONS", "PlayerSpec", "parse_spec", "player_label", "Watched",
    "make_spec_player",
    "Measures", "play_measured", "measure",
    "Cell", "self_play", "match", "run_cells", "play_fingerprint",
    "Estimate", "proportion", "mean_estimate", "Measure", "MEASURES", "summarize_games",
    "summarize_match", "paired_difference", "match_difference", "skill_trace",
    "skill_trace_estimate", "skill_trace_terms", "pair_estimate", "sign_test",
    "reading_differences",
    "Scale", "SCALES", "Variant", "variants", "claims", "ladder_matches", "plan", "analyse",
    "code_version", "run", "flat_csv", "dumps", "load",
    "how_long", "who_has_the_edge", "luck_or_skill", "how_decisive", "what_a_rule_does",
    "restricted_play", "QUICK", "executor_for", "format_estimates",
]

#: The seed of the bank of deals every experiment is played on (the year of Cotton's book).
SEED = 1674
#: McLeod's reading: the chapter changes one option at a time from it (issue 10).
BASE_PRESET = "pagat"
#: Parlett's claims are about his own reading, so his is the second base of the option sweep.
CLAIMS_PRESET = "parlett"
#: The experiments, in the order :func:`run` plays them.
PARTS = ("readings", "rules", "restricted", "ladder")
#: The player every reading is measured with (fast, deterministic, rule-aware).
SELF_PLAY = "greedy"
#: A pack's own target, where a source suggests one (McLeod: "say, 91" for the 32-card pack).
OWN_TARGET = {32: 91}
#: The skill ladder: each rung plays the one below it; then the cheater plays the top rung.
LADDER = ("random", "greedy", "solver(samples=1)", "solver(samples=2)", "solver(samples=4)")
#: The player kinds whose place on the ladder is known; any other registered kind plays greedy
#: and the top rung.
KNOWN_KINDS = ("random", "greedy", "solver", "cheater")
#: The solver setting that measures skill under Parlett's claimed variants.
CLAIMS_PLAYER = "solver(samples=1)"
#: Default output folder (relative to the repository root).
DATA_DIR = Path("book") / "experiments" / "data"


# -- players: specifications, restrictions, and a recording wrapper -----------------------------


@dataclass(frozen=True)
class Restriction:
    """An idea a restricted player may not use (restricted play: Jaffe et al., AIIDE 2012).

    ``plays(view, allowed)`` narrows the cards the player may choose from (an empty answer
    leaves them as they were); ``throws_in`` is ``False`` for a player that never throws in.
    """

    name: str
    idea: str
    description: str
    plays: Callable[[PlayerView, tuple[Card, ...]], tuple[Card, ...]] | None = None
    throws_in: bool | None = None


def _penneech_first(view: PlayerView, allowed: tuple[Card, ...]) -> tuple[Card, ...]:
    return (PENNEECH,) if PENNEECH in allowed else ()


def _always_take(view: PlayerView, allowed: tuple[Card, ...]) -> tuple[Card, ...]:
    if not view.trick or view.trumps is None:
        return ()
    lead = view.trick[0][1]
    trumps = view.trumps
    return tuple(c for c in allowed if view.rules.follower_wins(lead, c, trumps))


def _no_trumping_instead(view: PlayerView, allowed: tuple[Card, ...]) -> tuple[Card, ...]:
    if not view.trick:
        return ()
    suit = view.trick[0][1].suit
    return tuple(c for c in allowed if c.suit is suit)


#: The restrictions, by name.  Each is tried under every reading.
RESTRICTIONS: dict[str, Restriction] = {
    r.name: r
    for r in (
        Restriction(
            "penneech_first", "keeping the ♦7 for a diamond trick",
            "plays the ♦7 at its first chance, whatever the trumps",
            plays=_penneech_first,
        ),
        Restriction(
            "no_throw_in", "throwing in a weak hand",
            "never throws in a hand, even one the rules let it throw in",
            throws_in=False,
        ),
        Restriction(
            "always_take", "letting a trick go",
            "as second to play, always takes the trick when it can",
            plays=_always_take,
        ),
        Restriction(
            "no_trumping_instead", "trumping instead of following suit",
            "as second to play, follows suit whenever it can (never trumps or discards instead)",
            plays=_no_trumping_instead,
        ),
    )
}


class PlayerSpec(NamedTuple):
    """A player as text: ``kind``, ``kind(setting=value,...)``, then ``+restriction`` parts."""

    kind: str
    settings: tuple[tuple[str, Any], ...]
    restrictions: tuple[str, ...]


def parse_spec(spec: str) -> PlayerSpec:
    """Read ``"solver(samples=4)"``, ``"greedy+no_throw_in"`` and the like.

    >>> parse_spec("solver(samples=4)+no_throw_in")
    PlayerSpec(kind='solver', settings=(('samples', 4),), restrictions=('no_throw_in',))
    """
    if not isinstance(spec, str):  # (an AttributeError from inside)
        raise TypeError(f"a player spec is text such as 'greedy' or 'solver(samples=4)', not "
                        f"{type(spec).__name__}")
    head, *restrictions = [p.strip() for p in spec.split("+")]
    kind, paren, rest = head.partition("(")
    settings: list[tuple[str, Any]] = []
    if paren:
        if not rest.endswith(")"):
            raise ValueError(f"bad player {spec!r}: settings go in (key=value, ...)")
        for item in filter(None, (s.strip() for s in rest[:-1].split(","))):
            key, eq, value = item.partition("=")
            if not eq:
                raise ValueError(f"bad player {spec!r}: {item!r} is not key=value")
            value = value.strip()
            if value.isdecimal() and value.isascii():  # (not "²", a digit int() refuses)
                try:
                    settings.append((key.strip(), whole_number(value)))
                except TooManyDigits as exc:
                    raise ValueError(f"bad player {shorten(spec)!r}: {key.strip()} is {exc}") \
                        from None
            else:
                settings.append((key.strip(), value))
    for name in restrictions:
        if name not in RESTRICTIONS:
            raise ValueError(
                f"unknown restriction {name!r}: use one of {', '.join(RESTRICTIONS)}"
            )
    return PlayerSpec(kind.strip(), tuple(settings), tuple(restrictions))


def player_label(spec: str) -> str:
    """A short name for a player spec: ``"solver ×4"``, ``"greedy, never throws in"``."""
    kind, settings, restrictions = parse_spec(spec)
    label = kind
    samples = dict(settings).get("samples")
    if samples is not None:
        label += f" ×{samples}"
    for name in restrictions:
        label += f", {RESTRICTIONS[name].description.split(',')[0]}"
    return label


class Watched:
    """A player that counts its decisions and, if restricted, obeys its restrictions.

    It passes the wrapped player a view whose ``legal_plays`` holds only the cards its
    restrictions allow.  ``moves`` counts its decisions, ``choices`` those with more than one
    legal option, ``narrowed`` those a restriction changed.
    """

    def __init__(self, inner: Any, restrictions: Sequence[Restriction] = ()) -> None:
        self.inner = inner
        self.name: str = inner.name
        self.restrictions = tuple(restrictions)
        self.moves = 0
        self.choices = 0
        self.narrowed = 0

    def bind(self, game: Game) -> None:
        bind = getattr(self.inner, "bind", None)
        if bind is not None:
            bind(game)

    def throw_in(self, view: PlayerView) -> bool:
        self.moves += 1
        self.choices += 1
        for r in self.restrictions:
            if r.throws_in is not None:
                self.narrowed += 1
                return r.throws_in
        return bool(self.inner.throw_in(view))

    def play(self, view: PlayerView) -> Card:
        legal = view.legal_plays
        self.moves += 1
        if len(legal) > 1:
            self.choices += 1
        allowed = legal
        for r in self.restrictions:
            if r.plays is not None:
                allowed = r.plays(view, allowed) or allowed
        if allowed != legal:
            self.narrowed += 1
            view = dataclasses.replace(view, legal_plays=allowed)
        card: Card = self.inner.play(view)
        return card


def make_spec_player(spec: str, seed: int | None = None) -> Watched:
    """The player a spec names (:func:`penneech.players.make_player`), watched and restricted."""
    from .players import make_player

    kind, settings, restrictions = parse_spec(spec)
    inner = make_player(kind, seed=seed, **dict(settings))
    return Watched(inner, [RESTRICTIONS[r] for r in restrictions])


# -- one game, measured -------------------------------------------------------------------------


class Measures(NamedTuple):
    """What one game measured.  Pairs are by seat; ``p0_seat`` is where the first player sat."""

    game: int
    p0_seat: int
    first_dealer: int
    winner: int
    deals: int
    thrown_in: int
    tricks: int
    scores: tuple[int, int]
    turnup_points: tuple[int, int]
    trick_points: tuple[int, int]
    majority_points: tuple[int, int]
    moves: int
    choices: int
    #: decisions of restricted players, and how many of them a restriction changed
    restricted_moves: int
    narrowed: int
    lead_changes: int
    #: the move (from 0) before which the winner's score first passed the loser's final score
    decided_at: int
    full_deals: int
    #: points scored in complete deals (both players)
    full_points: int
    elder_ahead: int
    dealer_ahead: int
    #: the sum, over complete deals, of elder's points minus the dealer's, and of its square
    elder_margin: int
    elder_margin_sq: int

    @property
    def winner_player(self) -> int:
        """0 if the run's first player won, 1 if the second did."""
        return 0 if self.winner == self.p0_seat else 1


def play_measured(
    rules: Rules | str, specs: Sequence[str], number: int, seed: int = SEED, *,
    duplicate: bool = True,
) -> Measures:
    """Play game ``number`` of a run between the two ``specs`` and measure it.

    Seeds as in :func:`penneech.simulation.play_one`: without restrictions the game is the one
    :func:`~penneech.simulation.simulate` plays.
    """
    from .players import play_game

    rule_set = Rules.parse(rules) if isinstance(rules, str) else rules
    order = _seating(number, duplicate)
    players = [make_spec_player(specs[who], player_seed(seed, number, seat))
               for seat, who in enumerate(order)]
    names = [f"P{who + 1}" for who in order]
    game = Game(rule_set, seed=game_seed(seed, number, duplicate), players=names)
    play_game(game, players)
    return measure(game, players, number, order.index(0))


def measure(game: Game, players: Sequence[Watched], number: int = 0, p0_seat: int = 0) -> Measures:
    """The :class:`Measures` of a finished game played by watched players."""
    result = result_of(game, number, game.names)
    winner = result.winner
    threshold = result.scores[1 - winner]  # the loser's best evaluation: its final score
    scores = [0, 0]
    leader: int | None = None
    changes = 0
    moves = 0
    decided: int | None = None
    full = full_points = elder_ahead = dealer_ahead = margin = margin_sq = 0

    def look() -> None:
        nonlocal leader, changes
        ahead = 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else None
        if ahead is not None:
            if leader is not None and ahead != leader:
                changes += 1
            leader = ahead

    for event in game.events:
        if isinstance(event, Scored):
            scores[event.player] = event.total
            look()
        elif isinstance(event, (Played, ThrowIn)):
            if decided is None and scores[winner] > threshold:
                decided = moves
            moves += 1
    for deal in tally(game.events):
        if deal.finished and not deal.thrown_in:
            dealer = deal.dealer
            diff = deal.points[1 - dealer] - deal.points[dealer]
            full += 1
            full_points += deal.points[0] + deal.points[1]
            elder_ahead += diff > 0
            dealer_ahead += diff < 0
            margin += diff
            margin_sq += diff * diff
    restricted = [p for p in players if p.restrictions]
    return Measures(
        game=number, p0_seat=p0_seat, first_dealer=result.first_dealer, winner=winner,
        deals=result.deals, thrown_in=result.thrown_in, tricks=sum(result.tricks),
        scores=result.scores, turnup_points=result.turnup_points,
        trick_points=result.trick_points, majority_points=result.majority_points,
        moves=moves, choices=sum(p.choices for p in players),
        restricted_moves=sum(p.moves for p in restricted),
        narrowed=sum(p.narrowed for p in restricted),
        lead_changes=changes, decided_at=moves if decided is None else decided,
        full_deals=full, full_points=full_points, elder_ahead=elder_ahead,
        dealer_ahead=dealer_ahead,
        elder_margin=margin, elder_margin_sq=margin_sq,
    )


def _play_chunk(
    rules: str, specs: tuple[str, str], seed: int, duplicate: bool, start: int, stop: int
) -> list[Measures]:
    """One task for a worker (module level, so that it pickles)."""
    parsed = Rules.parse(rules)
    return [play_measured(parsed, specs, n, seed, duplicate=duplicate) for n in range(start, stop)]


# -- cells: one rule set, two players, a number of games on the bank -----------------------------


@dataclass(frozen=True)
class Cell:
    """``games`` games of ``players`` under ``rules`` on the bank of deals."""

    rules: str
    players: tuple[str, str]
    games: int
    duplicate: bool

    @property
    def key(self) -> tuple[str, tuple[str, str], bool]:
        return (self.rules, self.players, self.duplicate)

    def cost(self) -> float:
        """A rough cost of one game, in games between greedy players: each seat's
        :func:`~penneech.players.game_cost`."""
        free = Rules.parse(self.rules).follow == "free"
        total = 0.0
        for spec in self.players:
            kind, settings, _ = parse_spec(spec)
            total += game_cost(kind, dict(settings), free)
        return total


def self_play(rules: str, games: int, kind: str = SELF_PLAY) -> Cell:
    """Two copies of one player; a deterministic player is not duplicated (see the module)."""
    whole_at_least_one(games, "games")
    return Cell(rules, (kind, kind), games, duplicate=kind == "random")


def match(rules: str, first: str, second: str, games: int) -> Cell:
    """Duplicate pairs between two different players."""
    whole_at_least_one(games, "games")
    return Cell(rules, (first, second), games + games % 2, duplicate=True)


def run_cells(
    cells: Iterable[Cell], *, seed: int = SEED, workers: int | None = 1,
    executor: Any = None, progress: bool = False,
    have: Mapping[tuple[str, tuple[str, str], bool], Sequence[Measures]] | None = None,
    bar: Any = None,
) -> dict[tuple[str, tuple[str, str], bool], list[Measures]]:
    """Play every cell on the bank (cells with the same key: the most games asked for).

    ``have`` holds games already played (the first ones of a cell, from a cache): only the
    games beyond them are played.  Stopped by Ctrl-C, it raises
    :class:`~penneech.simulation.Interrupted` whose ``done`` holds, by cell key, each cell's
    first games that were played by then (``have``'s and those that follow them without a gap),
    for a cache to keep.
    """
    have = have or {}
    wanted: dict[tuple[str, tuple[str, str], bool], Cell] = {}
    for cell in cells:
        old = wanted.get(cell.key)
        if old is None or old.games < cell.games:
            wanted[cell.key] = cell
    tasks: list[tuple[Any, ...]] = []
    owners: list[tuple[str, tuple[str, str], bool]] = []
    sizes: list[int] = []
    # The slowest tasks first, so that the workers finish together.
    for cell in sorted(wanted.values(), key=lambda c: -c.cost()):
        size = max(1, min(200, int(100 / cell.cost()) or 1))
        for start in range(len(have.get(cell.key, ())), cell.games, size):
            stop = min(start + size, cell.games)
            tasks.append((cell.rules, cell.players, seed, cell.duplicate, start, stop))
            owners.append(cell.key)
            sizes.append(stop - start)
    out = {k: list(have.get(k, ()))[: wanted[k].games] for k in wanted}
    try:
        parts = map_tasks(_play_chunk, tasks, workers=workers, executor=executor,
                          progress=progress, sizes=sizes, bar=bar)
    except Interrupted as exc:
        # Each cell's tasks were made in the order of their games: the ones finished from the
        # first on, with no task missing between, extend the games the cell had.
        broken: set[tuple[str, tuple[str, str], bool]] = set()
        for i, key in enumerate(owners):
            if key in broken or i not in exc.done:
                broken.add(key)
                continue
            out[key].extend(exc.done[i])
        raise Interrupted(dict(out)) from None
    for key, part in zip(owners, parts, strict=True):
        out[key].extend(part)
    for games in out.values():
        games.sort(key=lambda m: m.game)
    return out


def play_fingerprint() -> str:
    """A hash of everything that decides how a game is played and measured (for the cache)."""
    import hashlib
    import importlib
    import inspect

    from . import simulation

    h = hashlib.blake2b(digest_size=8)
    for name in ("cards", "rules", "events", "game", "players", "solver", "playouts"):
        module = importlib.import_module(f"penneech.{name}")
        h.update(Path(inspect.getfile(module)).read_bytes())
    for obj in (simulation._derive, simulation.game_seed, simulation.player_seed,
                simulation._seating, simulation.result_of, Restriction, _penneech_first,
                _always_take, _no_trumping_instead, parse_spec, Watched, make_spec_player,
                Measures, play_measured, measure, _play_chunk):
        h.update(inspect.getsource(obj).encode())
    h.update(repr([(r.name, r.throws_in, r.plays and r.plays.__name__)
                   for r in RESTRICTIONS.values()]).encode())
    return h.hexdigest()


def default_cache_dir() -> Path:
    """Where ``penneech experiment run`` keeps every cell's games unless told otherwise:
    ``$PENNEECH_CACHE``, else ``penneech/experiments`` in ``$XDG_CACHE_HOME`` (``~/.cache``)."""
    named = os.environ.get("PENNEECH_CACHE")
    if named:
        return Path(named)
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(home) / "penneech" / "experiments"


def _cache_file(cache: Path, key: tuple[str, tuple[str, str], bool], seed: int) -> Path:
    import hashlib

    name = hashlib.blake2b(repr((key, seed)).encode(), digest_size=10).hexdigest()
    return cache / f"{name}.json"


def kept_games(
    cells: Sequence[Cell], seed: int, cache_dir: str | os.PathLike[str] | None
) -> dict[tuple[str, tuple[str, str], bool], int]:
    """How many games of each cell an earlier run of the same code kept in ``cache_dir``
    (what :func:`run` would not play again)."""
    if cache_dir is None:
        return {}
    cache = Path(cache_dir) / play_fingerprint()
    return {key: len(games) for key, games in _read_cache(cache, cells, seed).items()}


def _read_cache(
    cache: Path | None, cells: Sequence[Cell], seed: int
) -> dict[tuple[str, tuple[str, str], bool], list[Measures]]:
    found: dict[tuple[str, tuple[str, str], bool], list[Measures]] = {}
    if cache is None:
        return found
    for cell in cells:
        path = _cache_file(cache, cell.key, seed)
        if path.exists():
            try:
                rows = json.loads(path.read_text(encoding="utf-8"))
                found[cell.key] = [
                    Measures._make(tuple(v) if isinstance(v, list) else v for v in r)
                    for r in rows]
            except (OSError, ValueError, TypeError):
                continue  # (a file spoilt by hand, or unreadable: its games are played again)
    return found


def _write_cache(
    cache: Path | None, results: Mapping[tuple[str, tuple[str, str], bool], list[Measures]],
    seed: int,
) -> None:
    if cache is None:
        return
    for key, games in results.items():
        path = _cache_file(cache, key, seed)
        try:
            _write_text(path, json.dumps([list(g) for g in games]))
        except OSError as exc:  # (a full disk's error names no file: this one is the cache's)
            raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc


# -- statistics (standard library only) ---------------------------------------------------------


class Estimate(NamedTuple):
    """A figure with its 95% interval and the number of observations behind it."""

    value: float
    low: float
    high: float
    n: int

    def as_json(self) -> dict[str, Any]:
        return {"value": _round(self.value), "low": _round(self.low), "high": _round(self.high),
                "n": self.n}

    def __str__(self) -> str:
        return f"{self.value:.3g} ({self.low:.3g} to {self.high:.3g}, n={self.n})"

    def __repr__(self) -> str:
        """A repr that rebuilds it, a figure of no observations too (its NaN as ``nan``, which
        ``eval`` does not know, written ``float('nan')``).

        >>> Estimate(math.nan, math.nan, math.nan, 0)
        Estimate(value=float('nan'), low=float('nan'), high=float('nan'), n=0)
        """
        def figure(x: float) -> str:
            return "float('nan')" if math.isnan(x) else repr(x)

        return (f"Estimate(value={figure(self.value)}, low={figure(self.low)}, "
                f"high={figure(self.high)}, n={self.n!r})")


def _round(x: float) -> float | None:
    """A figure as the data files keep it: to 9 places, so that a page's one decimal of a
    percentage is not rounded twice (0.6805000967 kept as 0.6805 printed 68.0; review 42b)."""
    return None if math.isnan(x) else round(x, 9) + 0.0  # (+ 0.0: never -0.0)


#: Two-sided 95% quantiles of Student's t for 1 to 29 degrees of freedom.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045)


def proportion(successes: int, trials: int) -> Estimate:
    """A share with its Wilson score interval."""
    low, high = wilson_interval(successes, trials)
    return Estimate(successes / trials if trials else math.nan, low, high, trials)


def mean_estimate(values: Sequence[float]) -> Estimate:
    """A mean with its 95% interval (Student's t with n - 1 degrees of freedom)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    if not all(math.isfinite(v) for v in values):
        # (statistics.stdev failed deep inside on a NaN)
        raise ValueError("values must be finite numbers, not NaN or infinite")
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan, 1)
    half = _t95(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


def _t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom: from the table
    up to 29, then by the Cornish-Fisher expansion about the normal quantile (within 1e-5 from
    30 on; it jumped from 2.045 to 1.960 at 30, review 42b).

    >>> round(_t95(29), 3), round(_t95(30), 4), round(_t95(120), 4), round(_t95(10**6), 4)
    (2.045, 2.0423, 1.9799, 1.96)
    """
    if df < 30:
        return _T95[df - 1]
    z = Z95
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


#: What a run keeps of the manifest it replaces: the account of the runs before, kept by hand.
KEPT_IN_MANIFEST = ("runs", "note")


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


@dataclass(frozen=True)
class Measure:
    """One per-game measure: a share (0 or 1 per game) or a mean.  Every measure is a count or a
    share, never below 0; ``most`` is the most it can be, where there is such a bound (1 for a
    share of the game's moves): an interval is cut at these bounds."""

    name: str
    label: str
    per_game: Callable[[Measures], float]
    share: bool = False
    most: float | None = None


#: The per-game measures, in the order the book shows them.
MEASURES: dict[str, Measure] = {
    m.name: m
    for m in (
        Measure("deals", "deals per game", lambda m: float(m.deals)),
        Measure("tricks_per_deal", "tricks per deal", lambda m: _ratio(m.tricks, m.deals)),
        Measure("thrown_in", "deals thrown in per game", lambda m: float(m.thrown_in)),
        Measure("first_dealer_wins", "first dealer wins",
                lambda m: float(m.winner == m.first_dealer), share=True),
        Measure("luck_share", "share of points from turn-ups",
                lambda m: _ratio(sum(m.turnup_points), sum(m.scores)), most=1.0),
        Measure("decision_moves", "moves that are real choices",
                lambda m: _ratio(m.choices, m.moves), most=1.0),
        Measure("lead_changes", "lead changes per 100 moves",
                lambda m: 100 * _ratio(m.lead_changes, m.moves), most=100.0),
        Measure("decided_at", "share of the game before the winner is clear",
                lambda m: _ratio(m.decided_at, m.moves), most=1.0),
        Measure("points_per_deal", "points per complete deal (both players)",
                lambda m: _ratio(m.full_points, m.full_deals)),
    )
}


def _pair_means(values: Sequence[float]) -> list[float]:
    """The mean of each duplicate pair (games ``2k`` and ``2k + 1``; an odd last game alone)."""
    return [math.fsum(values[i:i + 2]) / len(values[i:i + 2]) for i in range(0, len(values), 2)]


def _ratio_by_unit(tops: Sequence[float], bottoms: Sequence[float]) -> Estimate:
    """``sum(tops) / sum(bottoms)`` with a normal interval that takes each unit (a game, or a
    duplicate pair) as the independent observation, not each deal (the delta method)."""
    k = len(tops)
    total = math.fsum(bottoms)
    if k < 2 or not total:
        return Estimate(math.fsum(tops) / total if total else math.nan, math.nan, math.nan,
                        int(total))
    r = math.fsum(tops) / total
    mean_bottom = total / k
    residuals = [t - r * b for t, b in zip(tops, bottoms, strict=True)]
    # (Student's t with k - 1 degrees of freedom: the units are few in a small run)
    half = _t95(k - 1) * math.sqrt(math.fsum(e * e for e in residuals) / (k * (k - 1))) / (
        mean_bottom)
    if not half and k < 30:  # (a few units all alike are no certainty: no interval; review 42e)
        return Estimate(r, math.nan, math.nan, int(total))
    return Estimate(r, r - half, r + half, int(total))


def summarize_games(games: Sequence[Measures], *, pairs: bool = False) -> dict[str, Any]:
    """Every measure of a set of games, with intervals, the deals histogram and Ludii's Balance.

    ``pairs``: the games are duplicate pairs (games ``2k`` and ``2k + 1`` on one pack, as random
    self-play is played), whose two results go together: each interval is then taken over the
    pairs' means (``n`` is the number of pairs), and the elder-hand figures over pairs rather
    than deals, where treating every game as independent would make it too narrow.

    >>> ten = run_cells([self_play("pagat", 10, "random")])[("pagat", ("random", "random"), True)]
    >>> summarize_games(ten, pairs=True)["measures"]["deals"]["n"]
    5
    """
    out: dict[str, Estimate] = {}
    for m in MEASURES.values():
        values = [m.per_game(g) for g in games]
        if pairs:
            est = mean_estimate(_pair_means(values))
        else:
            est = (proportion(int(sum(values)), len(values)) if m.share
                   else mean_estimate(values))
        # the normal interval of a mean of small samples can reach past what the mean can be
        if est.low < 0:
            est = est._replace(low=0.0)
        most = 1.0 if m.share else m.most
        if most is not None and est.high > most:
            est = est._replace(high=most)
        out[m.name] = est
    n = len(games)
    first = out["first_dealer_wins"]
    # Ludii's Balance, 1 - |r_a - r_b|, with the first dealer and the other as the two sides.
    def balance(p: float) -> float:
        return 1 - abs(2 * p - 1)
    straddles = first.low <= 0.5 <= first.high
    ends = sorted((balance(first.low), balance(first.high)))
    out["balance"] = Estimate(balance(first.value), ends[0], 1.0 if straddles else ends[1], n)
    fourth: tuple[tuple[str, Callable[[Measures], bool]], ...] = (
        ("ends_in_fourth_deal", lambda g: g.deals == 4),
        ("ends_by_fourth_deal", lambda g: g.deals <= 4))
    for name, ended in fourth:
        if pairs:
            est = mean_estimate(_pair_means([float(ended(g)) for g in games]))
            out[name] = est._replace(low=max(0.0, est.low), high=min(1.0, est.high))
        else:
            out[name] = proportion(sum(ended(g) for g in games), n)
    # elder hand's deals are counted by the game (by the pair, in duplicate play), the unit
    # whose deals go together: not each deal as if it stood alone (review 42b)
    step = 2 if pairs else 1

    def by_unit(field: Callable[[Measures], float]) -> list[float]:
        return [math.fsum(field(g) for g in games[i:i + step]) for i in range(0, n, step)]

    ahead = by_unit(lambda g: g.elder_ahead)
    decided = by_unit(lambda g: g.elder_ahead + g.dealer_ahead)
    share = _ratio_by_unit(ahead, decided)
    # a share stays within 0 to 1, and a small run (few games, or games all alike) does not
    # shrink it to a point: there the wider of it and Wilson's over the deals ("28.6% (-19.4 to
    # 76.6)" and "66.7% (66.7–66.7)" from 2 games; review 42d)
    if not math.isnan(share.value):
        low, high = share.low, share.high  # (NaN where there is none)
        if not math.isnan(low):
            low, high = max(0.0, low), min(1.0, high)
        if len(ahead) < 30 and math.fsum(decided):
            wilson = proportion(round(math.fsum(ahead)), round(math.fsum(decided)))
            low = wilson.low if math.isnan(low) else min(low, wilson.low)
            high = wilson.high if math.isnan(high) else max(high, wilson.high)
        share = share._replace(low=low, high=high)
    out["elder_wins_deal"] = share
    out["elder_margin"] = _ratio_by_unit(by_unit(lambda g: g.elder_margin),
                                         by_unit(lambda g: g.full_deals))
    histogram: dict[str, int] = {}
    for g in sorted(games, key=lambda g: g.deals):
        histogram[str(g.deals)] = histogram.get(str(g.deals), 0) + 1
    return {
        "games": n,
        **({"pairs": (n + 1) // 2} if pairs else {}),
        "measures": {k: v.as_json() for k, v in out.items()},
        "deals_histogram": histogram,
        "median_deals": statistics.median(g.deals for g in games) if games else None,
    }


def summarize_match(games: Sequence[Measures]) -> dict[str, Any]:
    """The first player's record against the second: win rate, Ludii's utility, pairs."""
    n = len(games)
    wins = sum(g.winner_player == 0 for g in games)
    rate = proportion(wins, n)
    pairs = [0, 0, 0]
    for a, b in zip(games[0::2], games[1::2], strict=False):
        pairs[2 - ((a.winner_player == 0) + (b.winner_player == 0))] += 1
    points = [0.0, 0.0]
    for g in games:
        for player in (0, 1):
            seat = g.p0_seat if player == 0 else 1 - g.p0_seat
            points[player] += g.scores[seat]
    restricted = sum(g.restricted_moves for g in games)
    won, _, lost = pairs
    return {
        "games": n,
        "win_rate": rate.as_json(),
        # Ludii scores a win 1 and a loss -1: r = 2p - 1.
        "utility": Estimate(2 * rate.value - 1, 2 * rate.low - 1, 2 * rate.high - 1, n).as_json(),
        "pairs": pairs,
        # over the duplicate pairs, the independent units, and whether the pairs not split lean
        # one way (to three figures: a p-value of 1e-9 is not 0)
        "pair_rate": pair_estimate(pairs).as_json(),
        "sign_test": float(f"{sign_test(won, lost):.3g}"),
        "mean_points": [round(p / n, 3) if n else None for p in points],
        # the two games of a pair share a pack, and their lengths go together (review 42b)
        "deals": mean_estimate(_pair_means([float(g.deals) for g in games])).as_json(),
        "narrowed": proportion(sum(g.narrowed for g in games), restricted).as_json()
        if restricted else None,
    }


def paired_difference(base: Sequence[Measures], other: Sequence[Measures]) -> dict[str, Any]:
    """Each measure's difference ``other - base``, paired game by game on the bank."""
    n = min(len(base), len(other))
    out: dict[str, Any] = {}
    for m in MEASURES.values():
        out[m.name] = mean_estimate(
            [m.per_game(other[i]) - m.per_game(base[i]) for i in range(n)]
        ).as_json()
    # the elder-hand figures are ratios over each game's deals, whose number differs between two
    # rules: each game's residuals go together, paired game by game (the delta method)
    share = _paired_ratio_difference(
        [(g.elder_ahead, g.elder_ahead + g.dealer_ahead) for g in base[:n]],
        [(g.elder_ahead, g.elder_ahead + g.dealer_ahead) for g in other[:n]])
    # a difference of two shares lies within -1 to 1 (a run of 2 games gave -476% to 457%)
    if not math.isnan(share.low):  # (max(-1.0, nan) is -1.0: no interval stays none)
        share = share._replace(low=max(-1.0, share.low), high=min(1.0, share.high))
    out["elder_wins_deal"] = share.as_json()
    out["elder_margin"] = _paired_ratio_difference(
        [(g.elder_margin, g.full_deals) for g in base[:n]],
        [(g.elder_margin, g.full_deals) for g in other[:n]]).as_json()
    return out


def _paired_ratio_difference(base: Sequence[tuple[float, float]],
                             other: Sequence[tuple[float, float]]) -> Estimate:
    """``sum(tops) / sum(bottoms)`` of ``other`` minus that of ``base``, each a list of one
    ``(top, bottom)`` a game, the games paired by number (the same pack): a normal interval
    from each pair's two residuals together (the delta method, as :func:`_ratio_by_unit`
    takes one ratio), so that whatever the pairs share is taken into account; ``n`` is the
    number of pairs.

    By hand, for three pairs, base ``(1, 2), (0, 2), (2, 2)`` (ratio 0.5) and other
    ``(2, 2), (1, 2), (2, 2)`` (ratio 5/6): the residuals ``top - ratio · bottom`` over the mean
    bottom 2 are 0, −0.5, 0.5 and 1/6, −1/3, 1/6; their differences 1/6, 1/6, −1/3 have a
    sum of squares of 1/6, so the standard error is ``sqrt((1/6) / (3 · 2)) = 1/6``, and the
    half-width Student's t with 2 degrees of freedom times it, ``4.303 / 6``:

    >>> est = _paired_ratio_difference([(1, 2), (0, 2), (2, 2)], [(2, 2), (1, 2), (2, 2)])
    >>> round(est.value, 4), round(est.low, 4), round(est.high, 4), est.n
    (0.3333, -0.3838, 1.0505, 3)
    """
    k = min(len(base), len(other))
    base, other = base[:k], other[:k]
    base_total = math.fsum(b for _, b in base)
    other_total = math.fsum(b for _, b in other)
    if k < 2 or not base_total or not other_total:
        return Estimate(math.nan, math.nan, math.nan, k)
    r_base = math.fsum(t for t, _ in base) / base_total
    r_other = math.fsum(t for t, _ in other) / other_total
    units = [(to - r_other * bo) / (other_total / k) - (tb - r_base * bb) / (base_total / k)
             for (tb, bb), (to, bo) in zip(base, other, strict=True)]
    half = _t95(k - 1) * math.sqrt(math.fsum(u * u for u in units) / (k * (k - 1)))
    d = r_other - r_base
    if not half and k < 30:  # (a few games all alike are no certainty: no interval; review 42e)
        return Estimate(d, math.nan, math.nan, k)
    return Estimate(d, d - half, d + half, k)


def match_difference(base: Sequence[Measures], other: Sequence[Measures]) -> dict[str, Any]:
    """The first player's win rate in ``other`` minus in ``base``, paired by duplicate pair."""
    n = min(len(base), len(other)) // 2 * 2

    def pair_score(games: Sequence[Measures], i: int) -> float:
        return ((games[i].winner_player == 0) + (games[i + 1].winner_player == 0)) / 2

    return mean_estimate(
        [pair_score(other, i) - pair_score(base, i) for i in range(0, n, 2)]
    ).as_json()


def pair_estimate(pairs: Sequence[int]) -> Estimate:
    """The first player's share of a duplicate match taken over its pairs: ``pairs`` is
    ``[won, split, lost]`` (both games, one, none), each pair scoring 1, ½ or 0; ``n`` is the
    number of pairs, the independent units of the match.

    The share is ``0.5 + (won - lost) / (2 n)``: it moves with the pairs that are not split
    alone.  Its 95% interval is the wider of two (review 42b: a normal interval of the pairs'
    scores shrank to a point with no pair unsplit, gave certainty from three pairs won, and left
    50% where the sign test beside it found nothing):

    * Tango's score interval for paired counts (Tango 1998), which does not shrink to a point
      where no pair is unsplit: 0 won and 0 lost of 1,000 pairs gives 49.8% to 50.2%;
    * the exact interval that the sign test (:func:`sign_test`) inverts: Clopper-Pearson's for
      the share of the unsplit pairs won, scaled by their number.  So the interval leaves 50%
      only where the sign test printed beside it finds the split uneven (p below 0.05).

    Where the two games of a pair go together (two near-identical players split most pairs)
    this is far narrower than the Wilson interval over games, which treats every game as
    independent:

    >>> est = pair_estimate([2, 6, 2])
    >>> round(est.value, 4), round(est.low, 4), round(est.high, 4), est.n
    (0.5, 0.3017, 0.6983, 10)
    >>> [round(x, 4) for x in pair_estimate([0, 1000, 0])[:3]]
    [0.5, 0.4981, 0.5019]
    >>> [round(x, 4) for x in pair_estimate([3, 0, 0])[:3]]
    [1.0, 0.2924, 1.0]
    """
    won, split, lost = _counts(pairs, ("won", "split", "lost"), "pairs")
    n = won + split + lost
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    low, high = _tango(won, lost, n)
    unsplit = won + lost
    if unsplit:
        q_low, q_high = _clopper_pearson(won, unsplit)
        low = min(low, (2 * q_low - 1) * unsplit / n)
        high = max(high, (2 * q_high - 1) * unsplit / n)
    return Estimate(0.5 + (won - lost) / (2 * n), 0.5 + low / 2, 0.5 + high / 2, n)


def _clopper_pearson(x: int, m: int, alpha: float = 0.05) -> tuple[float, float]:
    """The exact (Clopper-Pearson) interval for a share: ``x`` of ``m``, by bisection on the
    binomial's tails (in logarithms, so that a thousand trials do not underflow).

    >>> [round(v, 4) for v in _clopper_pearson(0, 4)]
    [0.0, 0.6024]
    >>> [round(v, 4) for v in _clopper_pearson(5, 10)]
    [0.1871, 0.8129]
    """

    def at_most(k: int, q: float) -> float:  # P(X <= k), X binomial (m, q)
        if k < 0:
            return 0.0
        if k >= m:
            return 1.0
        logs = [math.lgamma(m + 1) - math.lgamma(i + 1) - math.lgamma(m - i + 1)
                + i * math.log(q) + (m - i) * math.log1p(-q) for i in range(k + 1)]
        top = max(logs)
        return min(1.0, math.exp(top) * math.fsum(math.exp(v - top) for v in logs))

    def solve(falls: Callable[[float], float]) -> float:  # the q where falls(q) = alpha / 2
        lo, hi = 0.0, 1.0
        for _ in range(100):
            mid = (lo + hi) / 2
            if falls(mid) > alpha / 2:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    # P(X >= x) rises with q, so its complement P(X <= x - 1) falls: the low end is where that
    # complement is 1 - alpha / 2
    low = 0.0 if x == 0 else solve(lambda q: alpha - (1 - at_most(x - 1, q)))
    high = 1.0 if x == m else solve(lambda q: at_most(x, q))
    return (low, high)


def _counts(given: object, names: Sequence[str], what: str) -> tuple[int, ...]:
    """``given`` as whole numbers of at least 0, one for each of ``names``, else a ValueError
    that says what was wrong."""
    values = tuple(given) if isinstance(given, (list, tuple)) else None
    if values is None or len(values) != len(names):
        raise ValueError(f"{what} must be {len(names)} counts ({', '.join(names)}), not "
                         f"{given!r}")
    for name, value in zip(names, values, strict=True):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{what}: {name} must be a whole number of at least 0, not "
                             f"{value!r}")
    return values


def _tango(won: int, lost: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Tango's score interval for ``(won - lost) / n`` from ``n`` paired units, ``won`` and
    ``lost`` of them unsplit one way and the other: the values of the difference that a score
    test at ``z`` does not reject, found by bisection (the score falls as the difference
    rises)."""

    def score(d: float) -> float:
        a = 2 * n
        b = -won - lost + (2 * n - won + lost) * d
        c = -lost * d * (1 - d)
        q = (math.sqrt(max(0.0, b * b - 4 * a * c)) - b) / (2 * a)  # the lost share, given d
        top = won - lost - n * d
        var = n * (2 * q + d * (1 - d))
        if var <= 1e-300:
            return 0.0 if abs(top) < 1e-12 else math.copysign(math.inf, top)
        return top / math.sqrt(var)

    def root(target: float, lo: float, hi: float) -> float:
        for _ in range(200):
            mid = (lo + hi) / 2
            if score(mid) > target:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    d = (won - lost) / n
    low = -1.0 if score(-1.0) <= z else root(z, -1.0, d)
    high = 1.0 if score(1.0) >= -z else root(-z, d, 1.0)
    return (max(-1.0, min(low, d)), min(1.0, max(high, d)))


def sign_test(won: int, lost: int) -> float:
    """The two-sided exact sign test of ``won`` against ``lost`` (ties left out): the chance of
    a split at least this uneven if each were equally likely.

    >>> round(sign_test(27, 59), 4)
    0.0007

    In whole numbers, so that it holds for any number of pairs (a float overflowed from 1,024;
    reviews 42a and 42b):

    >>> sign_test(600, 500) < 0.005 < sign_test(510, 500), sign_test(1500, 1500)
    (True, 1.0)
    """
    won, lost = _counts([won, lost], ("won", "lost"), "sign_test")
    n = won + lost
    if n == 0:
        return 1.0
    k = min(won, lost)
    tail = sum(math.comb(n, i) for i in range(k + 1))
    return min(1.0, 2 * tail / (1 << n))


def reading_differences(
    greedy: Mapping[str, Sequence[Measures]], skill: Mapping[str, Sequence[Measures]]
) -> list[dict[str, Any]]:
    """For every two readings (in the order given), each measure of greedy self-play as the
    first minus the second, paired game by game on the bank, and greedy's record against random
    (``skill``), paired by duplicate pair: what tells two readings apart, where the overlap of
    their separate intervals does not."""
    names = list(greedy)
    if set(skill) != set(names):
        raise ValueError(f"greedy and skill must have the same readings, not {sorted(names)} "
                         f"and {sorted(skill)}")
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            n = min(len(greedy[a]), len(greedy[b]))
            out.append({
                "label": f"{a} − {b}", "first": a, "second": b,
                "measures": {m.name: mean_estimate(
                    [m.per_game(greedy[a][k]) - m.per_game(greedy[b][k]) for k in range(n)]
                ).as_json() for m in MEASURES.values()},
                "skill": match_difference(skill[b], skill[a]),
            })
    return out


def skill_trace_terms(results: Sequence[float]) -> tuple[float, list[float]]:
    """The parts of :func:`skill_trace`: the clamped prediction and each match's term
    ``(1 - prediction) · max(result, 0) / n`` (the trace is the prediction plus the terms).

    >>> predicted, terms = skill_trace_terms([0.992, -0.55, 0.4, -0.05])
    >>> predicted, [round(t, 4) for t in terms]
    (0.0, [0.248, 0.0, 0.1, 0.0])
    """
    n = len(results)
    if n == 0:
        raise ValueError("a skill trace needs the result of at least one match")
    if not all(math.isfinite(r) and -1 <= r <= 1 for r in results):
        raise ValueError(f"each match's result must be a mean utility from -1 to 1, not "
                         f"{next(r for r in results if not (math.isfinite(r) and -1 <= r <= 1))}")
    if n == 1:
        predicted = results[0]
    else:
        mx = (n - 1) / 2
        my = math.fsum(results) / n
        sxx = sum((k - mx) ** 2 for k in range(n))
        slope = sum((k - mx) * (r - my) for k, r in enumerate(results)) / sxx
        predicted = my + slope * (n + 1 - mx)
    predicted = min(1.0, max(0.0, predicted))
    return predicted, [(1 - predicted) * max(r, 0.0) / n for r in results]


def skill_trace(results: Sequence[float]) -> float:
    """Ludii's skill trace (``SkillTrace.java``) of a ladder's match results.

    ``results[k]`` is the stronger side's mean utility (win 1, loss -1) in match ``k``, each rung
    stronger than the last.  Ludii fits a line to them over ``k = 0 … n-1``, predicts the result
    at ``k = n + 1`` (clamped to [0, 1]) and adds to it ``(1 - prediction)`` times the mean of
    the positive results (the negative ones count as 0), so that the trace stays within 0 to 1.
    That is the later code (commit 7529a82 of Ludeme/Ludii, and the versions after it); an
    earlier one (1504e98) added the sum of the squared positive results, unscaled, and could
    pass 1 (review 42b).

    >>> round(skill_trace([0.8, 0.4, 0.2, 0.1]), 4)
    0.375
    """
    predicted, terms = skill_trace_terms(results)
    return predicted + math.fsum(terms)


def skill_trace_estimate(
    matches: Sequence[tuple[int, int]], seed: int = SEED, draws: int = 4000
) -> Estimate:
    """:func:`skill_trace` of ``(wins, games)`` per match, with a parametric bootstrap interval."""
    for w, g in matches:
        if not 0 <= w <= g or g < 1:
            raise ValueError(f"each match must be (wins, games) with 0 <= wins <= games and at "
                             f"least one game, not ({w}, {g})")
    utilities = [2 * w / g - 1 for w, g in matches]
    value = skill_trace(utilities)
    rng = random.Random(seed)
    samples = []
    for _ in range(draws):
        drawn = []
        for w, g in matches:
            p = w / g
            se = math.sqrt(max(p * (1 - p), 0.25 / g) / g)
            drawn.append(2 * min(1.0, max(0.0, rng.gauss(p, se))) - 1)
        samples.append(skill_trace(drawn))
    samples.sort()
    low = samples[int(0.025 * draws)]
    high = samples[int(0.975 * draws) - 1]
    return Estimate(value, low, high, sum(g for _, g in matches))


# -- the plan: what each part plays --------------------------------------------------------------


@dataclass(frozen=True)
class Scale:
    """How many games each kind of cell plays."""

    name: str
    #: greedy self-play per reading, and per one-option variant
    self_play: int
    sweep: int
    #: random self-play per reading
    random_play: int
    #: greedy v random per reading and per variant (a cheap measure of how much skill pays)
    skill: int
    #: games per rung of the skill ladder, per reading
    ladder: int
    #: solver v greedy under Parlett's claimed variants
    claims: int
    #: restricted greedy v greedy, per reading and restriction
    restricted: int


SCALES: dict[str, Scale] = {
    s.name: s
    for s in (
        Scale("full", self_play=10000, sweep=3000, random_play=4000, skill=1000, ladder=40,
              claims=120, restricted=2000),
        Scale("quick", self_play=400, sweep=200, random_play=200, skill=200, ladder=20,
              claims=20, restricted=200),
        Scale("tiny", self_play=12, sweep=8, random_play=8, skill=8, ladder=2, claims=2,
              restricted=8),
    )
}


class Variant(NamedTuple):
    """One rule set of the option sweep: ``base`` with ``changes``."""

    base: str
    changes: tuple[tuple[str, Any], ...]
    rules: str

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={show_value(v)}" for k, v in self.changes)


def _variant(base: str, *changes: tuple[str, Any]) -> Variant:
    rules = Rules.preset(base).replace(**dict(changes))
    return Variant(base, tuple(changes), str(rules))


def variants(base: str) -> list[Variant]:
    """Every rule set one option away from preset ``base``, from :data:`OPTIONS`.

    A change of pack is also tried with the pack's own target (:data:`OWN_TARGET`).
    """
    preset = Rules.preset(base)
    out = []
    for name, info in OPTIONS.items():
        for v in info.values:
            if v.value == getattr(preset, name):
                continue
            out.append(_variant(base, (name, v.value)))
            if name == "deck" and v.value in OWN_TARGET and OWN_TARGET[v.value] != preset.target:
                out.append(_variant(base, (name, v.value), ("target", OWN_TARGET[v.value])))
    return out


def claims() -> list[Variant]:
    """Parlett's claims about his own reading: which turn-ups score, following, the pack."""
    base = CLAIMS_PRESET
    return [_variant(base)] + [
        v for v in variants(base) if v.changes[0][0] in ("turnups_score", "follow", "deck")
    ]


def ladder_matches() -> list[tuple[str, str, bool]]:
    """``(stronger, weaker, thinking)`` for each match of the ladder.

    ``thinking`` marks the matches of Ludii's skill trace: each rung against the one below.
    The cheater (who sees every card) and any player kind not on the ladder play the top rung.
    """
    from .players import PLAYER_KINDS

    top = LADDER[-1]
    out = [(LADDER[k + 1], LADDER[k], True) for k in range(len(LADDER) - 1)]
    out.append(("cheater", top, False))
    for kind in PLAYER_KINDS:
        if kind not in KNOWN_KINDS:
            out += [(kind, "greedy", False), (kind, top, False)]
    return out


def _rung(rules: str, stronger: str, weaker: str, scale: Scale) -> Cell:
    """A match of the ladder: as many games as a skill match if both players are fast."""
    cell = match(rules, stronger, weaker, scale.ladder)
    return match(rules, stronger, weaker, scale.skill) if cell.cost() < 5 else cell


def plan(part: str, scale: Scale) -> list[Cell]:
    """The cells of one part at ``scale``."""
    presets = [str(Rules.preset(p)) for p in PRESET_NAMES]
    if part == "readings":
        return [c for p in presets for c in (
            self_play(p, scale.self_play), self_play(p, scale.random_play, "random"),
            match(p, "greedy", "random", scale.skill))]
    if part == "rules":
        cells = []
        for base in (BASE_PRESET, CLAIMS_PRESET):
            cells += [self_play(str(Rules.preset(base)), scale.sweep),
                      match(str(Rules.preset(base)), "greedy", "random", scale.skill)]
            for v in variants(base):
                cells += [self_play(v.rules, scale.sweep),
                          match(v.rules, "greedy", "random", scale.skill)]
        cells += [match(v.rules, CLAIMS_PLAYER, "greedy", scale.claims) for v in claims()]
        return cells
    if part == "restricted":
        return [match(p, f"greedy+{r}", "greedy", scale.restricted)
                for p in presets for r in RESTRICTIONS]
    if part == "ladder":
        return [c for p in presets for c in (
            *(_rung(p, a, b, scale) for a, b, _ in ladder_matches()), _ladder_yardstick(p, scale))]
    raise ValueError(f"unknown part {part!r}: use one of {', '.join(PARTS)}")


def _ladder_yardstick(rules: str, scale: Scale) -> Cell:
    """Greedy self-play on the ladder's own packs (duplicate pairs, as the rungs are played):
    what each rung's length is measured against, pack by pack.  The rungs' first packs run
    longer than the bank's average under most readings, so a rung compared with greedy
    self-play over the whole bank looked longer than it was (review 42f)."""
    return Cell(rules, (SELF_PLAY, SELF_PLAY), scale.ladder + scale.ladder % 2, duplicate=True)


# -- the analysis of each part -------------------------------------------------------------------



def _games(results: Mapping[Any, list[Measures]], cell: Cell) -> list[Measures]:
    return results[cell.key][: cell.games]


def analyse(
    part: str, scale: Scale, results: Mapping[Any, list[Measures]], seed: int = SEED
) -> dict[str, Any]:
    """The data file of one part, from the games of its cells."""
    if part == "readings":
        readings = []
        by_greedy: dict[str, list[Measures]] = {}
        by_skill: dict[str, list[Measures]] = {}
        for name in PRESET_NAMES:
            rules = str(Rules.preset(name))
            by_greedy[name] = _games(results, self_play(rules, scale.self_play))
            by_skill[name] = _games(results, match(rules, "greedy", "random", scale.skill))
            readings.append({
                "preset": name, "rules": rules,
                "greedy": summarize_games(by_greedy[name]),
                # random self-play is played in duplicate pairs (see self_play): by pair
                "random": summarize_games(_games(results, self_play(
                    rules, scale.random_play, "random")), pairs=True),
                "skill": summarize_match(by_skill[name]),
            })
        return {"readings": readings, "differences": reading_differences(by_greedy, by_skill)}
    if part == "rules":
        out: dict[str, Any] = {"bases": {}, "variants": [], "claims": []}
        for base in (BASE_PRESET, CLAIMS_PRESET):
            rules = str(Rules.preset(base))
            base_games = _games(results, self_play(rules, scale.sweep))
            base_skill = _games(results, match(rules, "greedy", "random", scale.skill))
            out["bases"][base] = {"rules": rules, **summarize_games(base_games),
                                  "skill": summarize_match(base_skill)["win_rate"]}
            for v in variants(base):
                games = _games(results, self_play(v.rules, scale.sweep))
                skill = _games(results, match(v.rules, "greedy", "random", scale.skill))
                out["variants"].append({
                    "base": base, "changes": [[k, val] for k, val in v.changes],
                    "label": v.label, "rules": v.rules, **summarize_games(games),
                    "differences": paired_difference(base_games, games),
                    "skill": summarize_match(skill)["win_rate"],
                    "skill_difference": match_difference(base_skill, skill),
                })
        base_claim = claims()[0]
        base_match = _games(results, match(base_claim.rules, CLAIMS_PLAYER, "greedy",
                                           scale.claims))
        for v in claims():
            games = _games(results, match(v.rules, CLAIMS_PLAYER, "greedy", scale.claims))
            out["claims"].append({
                "base": v.base, "label": v.label or "(as Parlett plays it)", "rules": v.rules,
                "players": [CLAIMS_PLAYER, "greedy"], **summarize_match(games),
                "difference": match_difference(base_match, games),
            })
        out["own_target"] = _own_target(out)
        return out
    if part == "restricted":
        presets = []
        for name in PRESET_NAMES:
            rules = str(Rules.preset(name))
            row = {}
            for r in RESTRICTIONS:
                summary = summarize_match(_games(results, match(rules, f"greedy+{r}", "greedy",
                                                                scale.restricted)))
                # read over the duplicate pairs, the independent units (two near-identical
                # players split most pairs, so the Wilson interval over games is too wide)
                rate = pair_estimate(summary["pairs"])
                # The loss: how far below an even match the restricted player falls.
                summary["loss"] = {"value": _round(0.5 - rate.value),
                                   "low": _round(0.5 - rate.high),
                                   "high": _round(0.5 - rate.low), "n": rate.n}
                row[r] = summary
            presets.append({"preset": name, "rules": rules, "restrictions": row})
        return {"restrictions": {r.name: {"idea": r.idea, "description": r.description}
                                 for r in RESTRICTIONS.values()},
                "presets": presets}
    if part == "ladder":
        ladder: list[dict[str, Any]] = []
        for name in PRESET_NAMES:
            rules = str(Rules.preset(name))
            rows = []
            thinking: list[tuple[int, int]] = []
            yardstick = _pair_means([float(g.deals) for g in _games(
                results, _ladder_yardstick(rules, scale))])
            for a, b, is_thinking in ladder_matches():
                games = _games(results, _rung(rules, a, b, scale))
                summary = summarize_match(games)
                # deals per game less greedy self-play's on the same packs, pack by pack
                own = _pair_means([float(g.deals) for g in games])
                longer = mean_estimate([x - y for x, y in zip(own, yardstick, strict=False)])
                rows.append({"stronger": a, "weaker": b, "label": f"{player_label(a)} v "
                             f"{player_label(b)}", "thinking": is_thinking, **summary,
                             "deals_less_greedy": longer.as_json()})
                if is_thinking:
                    thinking.append((sum(g.winner_player == 0 for g in games), len(games)))
            ladder.append({"preset": name, "rules": rules, "matches": rows,
                           "skill_trace": skill_trace_estimate(thinking, seed).as_json()})
        return {"ladder": list(LADDER), "presets": ladder}
    raise ValueError(f"unknown part {part!r}: use one of {', '.join(PARTS)}")


def _own_target(rules_data: Mapping[str, Any]) -> dict[str, Any]:
    """The target that would give the short pack a game as long as the full pack's at 61.

    Estimated from points per deal: ``61 × (points per deal, 32 cards) / (points per deal, 52)``.
    """
    out: dict[str, Any] = {}
    for base, summary in rules_data["bases"].items():
        full = summary["measures"]["points_per_deal"]
        for v in rules_data["variants"]:
            if v["base"] == base and v["changes"] == [["deck", 32]]:
                short = v["measures"]["points_per_deal"]
                target = Rules.preset(base).target
                if full["value"] and short["value"]:
                    value = target * short["value"] / full["value"]
                    rel = math.hypot(_rel_half(short), _rel_half(full))
                    out[base] = {"value": round(value, 1), "low": round(value * (1 - rel), 1),
                                 "high": round(value * (1 + rel), 1)}
    return out


def _rel_half(e: Mapping[str, Any]) -> float:
    if e["low"] is None or not e["value"]:
        return 0.0
    return float((e["high"] - e["low"]) / 2 / e["value"])


# -- running it all ------------------------------------------------------------------------------


def code_version() -> dict[str, str]:
    """The package version and, in a git checkout, the commit (``+dirty`` if changed)."""
    from . import __version__

    out = {"package": __version__}
    import subprocess

    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"],
                                capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--",
                                "penneech"], capture_output=True, text=True,
                               check=True).stdout.strip()
        out["git"] = commit + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        pass
    return out


def run(
    parts: Sequence[str] = PARTS, *, scale: Scale | str = "full", seed: int = SEED,
    workers: int | None = 1, executor: Any = None, progress: bool = False,
    out_dir: str | os.PathLike[str] | None = None, version: Mapping[str, str] | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    on_cache_error: Callable[[str], None] | None = None,
) -> dict[str, dict[str, Any]]:
    """Play the ``parts`` and return (and, with ``out_dir``, write) their data files.

    Each part's file is ``<part>.json``; ``measures.csv`` flattens every figure; ``manifest.json``
    records the time each part took.  Results are identical whatever ``workers`` or
    ``executor``; only the manifest's timings differ.

    ``cache_dir`` keeps every game's measures (in a folder named by :func:`play_fingerprint`), so
    that a run that is stopped, or whose analysis changes, replays only what it has not kept.
    The cache only saves time: where it cannot be written (a full disk), the run goes on without
    it and says so once, to ``on_cache_error`` (default: a warning).
    """
    sizes = SCALES[scale] if isinstance(scale, str) else scale
    for part in parts:
        if part not in PARTS:
            raise ValueError(f"unknown part {part!r}: use one of {', '.join(PARTS)}")
    header = {"code_version": dict(version) if version is not None else code_version(),
              "seed": seed, "scale": dataclasses.asdict(sizes)}
    earlier, old = _earlier(out_dir, parts, header) if out_dir is not None else ({}, {})
    data: dict[str, dict[str, Any]] = {}
    timings: dict[str, float] = {}
    cpu: dict[str, float] = {}
    results: dict[tuple[str, tuple[str, str], bool], list[Measures]] = {}
    cache = Path(cache_dir) / play_fingerprint() if cache_dir is not None else None
    writable = cache is not None

    def keep(games: Mapping[tuple[str, tuple[str, str], bool], list[Measures]],
             had: Mapping[tuple[str, tuple[str, str], bool], Sequence[Measures]]) -> None:
        nonlocal writable
        # (only cells that got new games: a read-only cache of a whole run failed at its
        # first cell, played from the cache; review 43c)
        new = {k: v for k, v in games.items() if len(v) > len(had.get(k, ()))}
        if not writable or not new:
            return
        try:
            _write_cache(cache, new, seed)
        except OSError as exc:  # (a run must not be lost for its cache)
            said = (f"cannot keep the games in the cache {exc.filename}: {exc.strerror}; the "
                    "run goes on, reading the games kept there but keeping no more, so a run "
                    "stopped now keeps only those")
            if on_cache_error is None:
                import warnings

                warnings.warn(said, RuntimeWarning, stacklevel=3)
            else:
                on_cache_error(said)
            writable = False  # (the cache is still read: review 43c)

    for part in parts:
        started = time.perf_counter()
        cpu_started = _cpu_seconds()
        cells = [c for c in plan(part, sizes)
                 if c.key not in results or len(results[c.key]) < c.games]
        have = {**_read_cache(cache, cells, seed), **results}
        todo = sum(max(0, c.games - len(have.get(c.key, ()))) for c in cells)
        if progress:
            print(f"{part}: {len(cells)} cells, {todo:,} games to play", file=sys.stderr)
        bar = _progress_bar(todo, progress)
        try:
            # With a cache, one cell at a time, each kept as soon as it is played (and, if the
            # run is stopped, the games of the cell in play that it had played from the first).
            for batch in ([[c] for c in cells] if cache is not None else [cells]):
                try:
                    played = run_cells(batch, seed=seed, workers=workers, executor=executor,
                                       have=have, bar=bar)
                except Interrupted as exc:
                    keep(exc.done, have)
                    raise
                keep(played, have)
                results.update(played)
        finally:
            if bar is not None:
                bar.close()
        data[part] = {"experiment": part, **header, **analyse(part, sizes, results, seed)}
        timings[part] = round(time.perf_counter() - started, 1)
        cpu[part] = round(_cpu_seconds() - cpu_started, 1)
        if out_dir is not None:
            _write_json(Path(out_dir) / f"{part}.json", data[part])
    if out_dir is not None:
        # the parts an earlier run left in the folder, at the same scale and seed, stay in it
        every = {**earlier, **data}
        order = [p for p in PARTS if p in every]
        _write_text(Path(out_dir) / "measures.csv", flat_csv({p: every[p] for p in order}))
        timings = {p: old.get("seconds", {}).get(p) if p in earlier else timings[p]
                   for p in order}
        cpu = {p: old.get("cpu_seconds", {}).get(p) if p in earlier else cpu[p] for p in order}
        manifest = {**header, "parts": order, "seconds": timings, "cpu_seconds": cpu,
                    "workers": workers if executor is None else "executor",
                    "python": sys.version.split()[0],
                    # the account of earlier runs, written by hand (how each was made), stays:
                    # a run dropped it, and the method page's table of runs with it (45d)
                    **{key: old[key] for key in KEPT_IN_MANIFEST if key in old}}
        _write_json(Path(out_dir) / "manifest.json", manifest)
    return data


def _earlier(out_dir: str | os.PathLike[str], parts: Sequence[str], header: Mapping[str, Any]
             ) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """The data of the parts not played now that an earlier run left in ``out_dir``, and that
    run's manifest.  An earlier run at another scale or seed is refused (ValueError) unless this
    run replaces every part it wrote: their figures would not go together, and a small run
    would silently take the place of a large one."""
    path = Path(out_dir) / "manifest.json"
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}, {}
    if not isinstance(old, dict):
        return {}, {}
    kept = [p for p in old.get("parts", []) if p in PARTS and p not in parts]
    if old.get("scale") != header["scale"] or old.get("seed") != header["seed"]:
        size = sum(v for v in old.get("scale", {}).values() if isinstance(v, int))
        if kept or size > sum(v for v in header["scale"].values() if isinstance(v, int)):
            raise ValueError(
                f"{out_dir} holds the results of a run at another scale or seed (seed "
                f"{old.get('seed')}, parts {', '.join(old.get('parts', []))}): this run's "
                "figures would replace or sit beside them; choose another folder")
        return {}, old
    earlier = {}
    for part in kept:
        try:
            found = json.loads((Path(out_dir) / f"{part}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(found, dict):
            continue
        # A run at another seed or scale that was stopped part-way leaves its first parts
        # beside the manifest of the run before: such a file must not be kept as this run's.
        if found.get("scale") != header["scale"] or found.get("seed") != header["seed"]:
            raise ValueError(
                f"{Path(out_dir) / f'{part}.json'} is from a run at another scale or seed (seed "
                f"{found.get('seed')}) than the rest of {out_dir} (seed {old.get('seed')}), "
                f"perhaps one that was stopped: play it again too (--part {part}) or choose "
                "another folder")
        earlier[part] = found
    return earlier, old


def _cpu_seconds() -> float:
    """Processor time used so far by this process and its finished worker processes (the time
    the work itself takes, whatever else the machine is doing)."""
    try:
        import resource
    except ImportError:  # not on every platform
        return time.process_time()
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def flat_csv(data: Mapping[str, Mapping[str, Any]]) -> str:
    """Every estimate of the data files, one per row: part, rules, what, measure, interval."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(MEASURES_HEADER.split(","))

    def walk(part: str, rules: str, what: str, node: Any) -> None:
        if isinstance(node, dict):
            if {"value", "low", "high", "n"} <= node.keys():
                *path, name = what.split("/") if what else ["", ""]
                writer.writerow([part, rules, "/".join(path), name, node["value"], node["low"],
                                 node["high"], node["n"]])
                return
            rules = node.get("rules", rules) if isinstance(node.get("rules"), str) else rules
            for key, value in node.items():
                if key not in ("code_version", "scale", "measures"):
                    walk(part, rules, f"{what}/{key}" if what else key, value)
            if isinstance(node.get("measures"), dict):
                for key, value in node["measures"].items():
                    walk(part, rules, f"{what}/{key}" if what else key, value)
        elif isinstance(node, list):
            for i, item in enumerate(node):
                label = item.get("label") or item.get("preset") if isinstance(item, dict) else None
                walk(part, rules, f"{what}[{label or i}]", item)

    for part, content in data.items():
        walk(part, "", "", content)
    return out.getvalue()


def _write_text(path: Path, text: str) -> None:
    """Write atomically and durably (:func:`penneech.files.atomic_write`), making the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text)


def dumps(data: Any, indent: str = "") -> str:
    """JSON with one line per figure (a dict or list of plain values stays on one line)."""
    def flat(value: Any) -> bool:
        return not isinstance(value, (dict, list))

    if isinstance(data, dict) and data and not all(flat(v) for v in data.values()):
        inner = indent + " "
        items = [f"{inner}{json.dumps(k)}: {dumps(v, inner)}" for k, v in data.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(data, list) and data and not all(flat(v) for v in data):
        inner = indent + " "
        return "[\n" + ",\n".join(inner + dumps(v, inner) for v in data) + f"\n{indent}]"
    return json.dumps(data, ensure_ascii=False, allow_nan=False)


#: the header of the experiments' ``measures.csv`` (every figure on its own row)
MEASURES_HEADER = "part,rules,what,measure,value,low,high,n"


def not_ours(out_dir: str | os.PathLike[str], parts: Sequence[str] = PARTS) -> list[Path]:
    """The files :func:`run` would write into ``out_dir`` for ``parts`` that are there already
    and were not written by an earlier run (so must not be replaced: they are someone's)."""
    folder = Path(out_dir)
    found = []
    for name in [f"{p}.json" for p in parts] + ["measures.csv", "manifest.json"]:
        path = folder / name
        if not os.path.lexists(path):
            continue
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read() if name.endswith(".json") else f.readline()
            if name.endswith(".csv"):
                ours = text.strip() == MEASURES_HEADER
            else:
                content = json.loads(text)
                ours = isinstance(content, dict) and "code_version" in content and (
                    name == "manifest.json" or content.get("experiment") == name[:-5])
        except (OSError, UnicodeDecodeError, ValueError):
            ours = False
        if not ours:
            found.append(path)
    return found


def _write_json(path: Path, data: Any) -> None:
    _write_text(path, dumps(data) + "\n")


def load(part: str, data_dir: str | os.PathLike[str] = DATA_DIR) -> dict[str, Any]:
    """Read one part's data file (the notebooks' way in)."""
    path = Path(data_dir) / f"{part}.json"
    try:
        with open(path, encoding="utf-8") as f:
            data: dict[str, Any] = json.load(f)
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{path} is missing: regenerate it with `penneech experiment run --part {part}`"
        ) from None
    return data


# -- the small versions (standard library only: they run in a reader's browser) ------------------


#: The most games one small experiment plays (a few minutes of one core at the most).
MAX_QUICK_GAMES = 20_000


def _quick_cells(cells: Sequence[Cell], seed: int) -> dict[Any, list[Measures]]:
    seed = check_seed(seed)
    games = sum(c.games for c in cells)
    if games > MAX_QUICK_GAMES:
        raise ValueError(f"the small experiments play at most {MAX_QUICK_GAMES:,} games, not "
                         f"{games:,}; for more, use `penneech experiment run`")
    return run_cells(cells, seed=seed, workers=1)


def _rules_text(rules: Rules | str) -> str:
    return str(Rules.parse(rules) if isinstance(rules, str) else rules)


def how_long(rules: Rules | str = BASE_PRESET, games: int = 40, seed: int = SEED) -> dict[str, Any]:
    """Question 1, small: deals per game and tricks per deal under ``rules`` (greedy self-play)."""
    cell = self_play(_rules_text(rules), games)
    return {"rules": cell.rules, **summarize_games(_quick_cells([cell], seed)[cell.key])}


def who_has_the_edge(
    rules: Rules | str = BASE_PRESET, games: int = 40, seed: int = SEED
) -> dict[str, Any]:
    """Question 2, small: the first dealer's and elder hand's advantage (greedy self-play)."""
    summary = how_long(rules, games, seed)
    keep = ("first_dealer_wins", "balance", "elder_wins_deal", "elder_margin")
    return {"rules": summary["rules"], "games": summary["games"],
            "measures": {k: summary["measures"][k] for k in keep}}


def luck_or_skill(
    rules: Rules | str = BASE_PRESET, games: int = 20, seed: int = SEED
) -> dict[str, Any]:
    """Question 3, small: the share of points from turn-ups, and greedy's record against random
    and the one-sample solver's against greedy (duplicate pairs).  The solver is slow: its
    match plays a quarter of ``games`` (at least 2)."""
    text = _rules_text(rules)
    cells = [self_play(text, games), match(text, "greedy", "random", games),
             match(text, "solver(samples=1)", "greedy", max(2, games // 4))]
    results = _quick_cells(cells, seed)
    return {
        "rules": text, "games": games,
        "luck_share": summarize_games(results[cells[0].key])["measures"]["luck_share"],
        "greedy_v_random": summarize_match(results[cells[1].key])["win_rate"],
        "solver_v_greedy": summarize_match(results[cells[2].key])["win_rate"],
    }


def how_decisive(
    rules: Rules | str = BASE_PRESET, games: int = 40, seed: int = SEED
) -> dict[str, Any]:
    """Question 4, small: lead changes, decisiveness and real choices (greedy self-play)."""
    summary = how_long(rules, games, seed)
    keep = ("decided_at", "lead_changes", "decision_moves")
    return {"rules": summary["rules"], "games": summary["games"],
            "measures": {k: summary["measures"][k] for k in keep}}


def what_a_rule_does(
    option: str = "follow", value: Any = "free", base: str = BASE_PRESET, games: int = 40,
    seed: int = SEED,
) -> dict[str, Any]:
    """Question 5, small: change one option of ``base``; each measure's paired difference."""
    if option not in OPTIONS:
        raise RulesError(f"unknown option {option!r}: the options are {', '.join(OPTIONS)}")
    changed = Rules.preset(base).replace(**{option: value})
    held = getattr(Rules.preset(base), option)
    if getattr(changed, option) == held:
        # (every difference came back 0, as if the rule did nothing)
        def shown(v: object) -> str:
            return str(v).lower() if isinstance(v, bool) else str(v)

        others = ("a whole number" if OPTIONS[option].minimum is not None else
                  ", ".join(shown(v.value) for v in OPTIONS[option].values if v.value != held))
        raise RulesError(f"{base} already has {option}={shown(held)}: to see what the rule does, "
                         f"change it to another value ({others})")
    variant = _variant(base, (option, getattr(changed, option)))
    cells = [self_play(str(Rules.preset(base)), games), self_play(variant.rules, games)]
    results = _quick_cells(cells, seed)
    return {"base": cells[0].rules, "rules": variant.rules, "games": games,
            "differences": paired_difference(results[cells[0].key], results[cells[1].key])}


def restricted_play(
    restriction: str = "penneech_first", rules: Rules | str = BASE_PRESET, games: int = 40,
    seed: int = SEED,
) -> dict[str, Any]:
    """Question 6, small: a greedy player forbidden one idea against greedy (duplicate pairs)."""
    if restriction not in RESTRICTIONS:
        raise ValueError(f"unknown restriction {restriction!r}: use one of "
                         f"{', '.join(RESTRICTIONS)}")
    cell = match(_rules_text(rules), f"greedy+{restriction}", "greedy", games)
    return {"rules": cell.rules, "restriction": restriction,
            "idea": RESTRICTIONS[restriction].idea,
            **summarize_match(_quick_cells([cell], seed)[cell.key])}


#: The small versions by question (for the live site).
QUICK: dict[str, Callable[..., dict[str, Any]]] = {
    "how_long": how_long,
    "who_has_the_edge": who_has_the_edge,
    "luck_or_skill": luck_or_skill,
    "how_decisive": how_decisive,
    "what_a_rule_does": what_a_rule_does,
    "restricted_play": restricted_play,
}


def executor_for(address: str) -> Any:
    """A Dask client for the scheduler at ``address`` (needs the ``dask`` extra)."""
    import importlib

    try:
        distributed = importlib.import_module("dask.distributed")
    except ImportError:
        raise ValueError("--dask needs the dask extra: pip install 'penneech[dask]'") from None
    try:
        return distributed.Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise ValueError(f"--dask: no Dask scheduler answered at {address}: {exc}") from None


def _g(x: float) -> str:
    """Three significant figures, without an exponent for large numbers (8,040, not 8.04e+03)."""
    return f"{x:,.0f}" if abs(x) >= 1000 else f"{x:.3g}"


def _unknown(x: object) -> bool:
    """Whether a figure of an estimate is not known: None (as the data files write it) or NaN
    (as an :class:`Estimate` holds it)."""
    return x is None or (isinstance(x, float) and math.isnan(x))


def format_estimates(result: Mapping[str, Any], indent: str = "") -> str:
    """A small version's result as readable lines: each figure with its 95% interval (and the
    number of observations, where the estimate gives it)."""
    lines = []
    for key, value in result.items():
        if key == "pairs" and isinstance(value, list) and len(value) == 3:
            lines.append(f"{indent}duplicate pairs won, split, lost: "
                         + ", ".join(f"{v:,}" for v in value))
            continue
        if isinstance(value, dict) and {"value", "low", "high"} <= value.keys():
            label = (MEASURES[key].label if key in MEASURES else _LABELS.get(key)
                     or key.replace("_", " "))
            check_estimate(value, key)
            if _unknown(value["value"]):
                lines.append(f"{indent}{label}: no data")
            elif _unknown(value["low"]) or _unknown(value["high"]):
                lines.append(f"{indent}{label}: {_g(value['value'])} (too few games for an "
                             f"interval)")
            else:
                n = value.get("n")  # (a KeyError when it was not given)
                counted = f"; n = {n:,}" if isinstance(n, int) else ""
                lines.append(f"{indent}{label}: {_g(value['value'])} (95% interval "
                             f"{_g(value['low'])} to {_g(value['high'])}{counted})")
        elif isinstance(value, dict) and key in ("measures", "differences"):
            lines.append(f"{indent}{key}:")
            lines.append(format_estimates(value, indent + "  "))
        elif not isinstance(value, (dict, list)):
            lines.append(f"{indent}{_LABELS.get(key, key)}: {value}")
    return "\n".join(lines)


#: What :func:`format_estimates` calls a figure of a match.
_LABELS = {
    "win_rate": "win rate (over games)",
    "pair_rate": "win rate over the duplicate pairs",
    "sign_test": "sign test of the pairs not split (p)",
}
