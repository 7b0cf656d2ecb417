"""Players: one interface for every player, human or computer.

A player answers two questions, each from its :class:`~penneech.game.PlayerView` alone (its own
hand, trumps, the cards played and turned, the scores): whether to throw in a hand it may throw
in, and which card to play.  No computer player reads the opponent's hand or the stock, except the
deliberately cheating one, which must be bound to a game (:meth:`CheatingPlayer.bind`).

>>> from penneech import Game
>>> game = Game("pagat", seed=3)
>>> outcome = play_game(game, [make_player("greedy"), make_player("random", seed=1)])
>>> str(outcome)
'Ann wins 61 to 0 after 2 deals'

Kinds made by :func:`make_player`:

``random``
    uniform over the legal plays (and throws in a hand half the time).
``greedy``
    a rule-aware heuristic: what a thoughtful beginner does (the ``beginner`` level).
``club``, ``expert``
    the play-out players of :mod:`penneech.playouts` (the ``club`` and ``expert`` levels): each
    card is played out to the end of the deal in many guesses at the hidden cards (``worlds``),
    remembering every card seen, and the card that does best for the game is played.
``solver``
    perfect-information Monte Carlo: samples the hidden cards consistently with what it has seen,
    solves each sample exactly (:mod:`penneech.solver`) and plays the card that does best on
    average.  Its strength is ``samples``.
``cheater``
    the exact solver on the true hidden cards: a yardstick for experiments.  Its search takes the
    opponent to play perfectly, so against a weak opponent it is not a strict upper bound.

The kinds are registered once, in :data:`PLAYERS`; the command line, the simulations, the
notebooks and the live site all offer what it holds.  :func:`drive` is the one loop that lets
players decide a game: :func:`play_game` and :func:`play_deal` are built on it, and so are the
terminal game and the notebook table, whose human seat has no player (the loop stops there).
"""

from __future__ import annotations

import functools
import hashlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, runtime_checkable

from .cards import Card, Suit
from .game import SEED_LIMIT, Game, GameError, Outcome, Phase, PlayerView, check_game
from .rules import CARDS_BY_INDEX, PRESET_NAMES, SUITS_BY_INDEX, Rules, RuleTables
from .solver import Position, _mask, move_values, sample_positions
from .text import article, integer, py_shown

__all__ = [
    "Player",
    "RandomPlayer",
    "GreedyPlayer",
    "SolverPlayer",
    "CheatingPlayer",
    "KeepingHand",
    "PlayerKind",
    "PLAYERS",
    "PLAYER_KINDS",
    "FAIR_KINDS",
    "LEVELS",
    "kind_label",
    "kind_name",
    "kind_named",
    "opponent_menu",
    "describe",
    "Strength",
    "measured_strength",
    "game_cost",
    "UNKNOWN_COST",
    "DEFAULT_OPPONENT",
    "make_player",
    "computer_seed",
    "drive",
    "play_game",
    "play_deal",
    "decide",
    "follow_scores",
    "lead_scores",
    "trumps_index",
    "GreedyWeights",
]

#: The solver player's default number of samples per decision.
DEFAULT_SAMPLES = 20
#: The most samples a decision of the solver player may ask for: fifty times the default, about
#: a minute for a first lead.
MAX_SAMPLES = 1_000


@runtime_checkable
class Player(Protocol):
    """Anything that can play Penneech from its own view of the game.

    >>> class FirstCard:
    ...     name = "first card"
    ...     def throw_in(self, view):
    ...         return False
    ...     def play(self, view):
    ...         return view.legal_plays[0]
    >>> isinstance(FirstCard(), Player)
    True
    >>> str(play_game(Game("pagat", seed=7), [FirstCard(), make_player("greedy")]))
    'Ann wins 61 to 42 after 4 deals'
    """

    name: str

    def throw_in(self, view: PlayerView) -> bool:
        """Whether to throw in this hand (asked only when the rules allow it)."""
        ...

    def play(self, view: PlayerView) -> Card:
        """The card to play: one of ``view.legal_plays``."""
        ...


# -- random ------------------------------------------------------------------------------------


def check_view(view: object, decision: str = "play") -> PlayerView:
    """``view`` if it is the view of the player to make ``decision`` now ("play" a card or
    answer the "throw_in" question), else :class:`GameError` (every player checks it first)."""
    if not isinstance(view, PlayerView):
        raise GameError(f"a player decides from a PlayerView (game.view(seat)), not "
                        f"{type(view).__name__}")
    phase, what = ((Phase.PLAY, "card to choose") if decision == "play"
                   else (Phase.THROW_IN, "throw-in question to answer"))
    if view.phase is not phase or view.to_move != view.player:
        raise GameError(f"there is no {what}: the view is not of the player to move "
                        f"(it is {view.names[view.player]}'s view, in the {view.phase.value} "
                        "phase)")
    return view


def whole_at_least_one(value: object, what: str, most: int | None = None) -> int:
    """``value`` if it is a whole number of at least 1 (and at most ``most``, if given), else
    :class:`ValueError`."""
    whole = integer(value)
    if whole is None or whole < 1 or (most is not None and whole > most):
        largest = f" and at most {most:,}" if most is not None else ""
        raise ValueError(f"{what} must be a whole number of at least 1{largest}, not "
                         f"{py_shown(value)}")
    return whole


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a player's name must be non-empty text, not {py_shown(name)}")
    return name


class RandomPlayer:
    """Uniform over the legal plays; throws in a hand it may throw in half the time."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.name = _check_name(name)
        self._rng = random.Random(seed)

    def throw_in(self, view: PlayerView) -> bool:
        check_view(view, "throw_in")
        return self._rng.random() < 0.5

    def play(self, view: PlayerView) -> Card:
        legal = check_view(view).legal_plays
        return legal[int(self._rng.random() * len(legal))]


# -- greedy ------------------------------------------------------------------------------------

_SUIT_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(SUITS_BY_INDEX)}

class GreedyWeights(NamedTuple):
    """The greedy player's judgement in numbers (the defaults are the ``greedy`` player's)."""

    #: what winning a trick is worth besides its cards: the lead, and the turn-up (the average
    #: turn-up is worth about 1.3 points in a 52-card pack)
    win: float = 1.5
    #: a card's power is divided by this to give its worth kept in hand
    power: float = 14.0
    #: per point, the worth kept of a counting card that scores whatever the trumps
    honour: float = 0.6
    #: per point, the worth kept of a counting card that scores only as a trump
    trump_honour: float = 0.35
    #: the worth kept of being a trump now
    trump: float = 0.5
    #: the worth kept of the ♦7 while diamonds are not trumps
    penneech: float = 4.0


GREEDY = GreedyWeights()


def _keep_value(card: Card, trumps: Suit, rules: Rules, w: GreedyWeights = GREEDY) -> float:
    """What a card is worth kept in hand for later tricks (a small, rough number)."""
    if card.is_penneech:
        # ♦7: kept for diamonds as trumps when it scores more then than now (under every
        # reading today it scores only then, and is unbeatable then)
        later = rules.card_points(card, Suit.DIAMONDS) > rules.card_points(card, trumps)
        return w.penneech if later else 0.0
    value = card.power / w.power
    # (what a card scores, and whether, asked of the rules: it read the card's own value, and
    # a card the rules made count was worth nothing kept; review 44c)
    most = rules.tables.most_points[card.index]
    if most:
        # a counting card that scores whatever the trumps is worth more kept than a trump honour
        counts_anyway = rules.card_points(card, _another_suit(card.suit)) > 0
        value += (w.honour if counts_anyway else w.trump_honour) * most
    if card.suit is trumps:
        value += w.trump
    return value


def _another_suit(suit: Suit) -> Suit:
    return Suit.SPADES if suit is not Suit.SPADES else Suit.HEARTS


class GreedyPlayer:
    """A sensible, rule-aware heuristic that judges the trick in front of it (no search).

    Following, it weighs each card by the points it wins or gives away in this trick, the worth
    of taking the trick (the turn-up and the lead), and what the card would be worth kept.
    Leading, it estimates the chance that the opponent holds a card that beats each of its own,
    from the cards it has not seen, and so cashes a likely winner that carries points and
    otherwise leads a card that gives little away.  It keeps the ♦7 for when diamonds are
    trumps, and throws in every hand it may.  Every rule it weighs it asks of the view's
    :class:`~penneech.rules.Rules`.
    Deterministic: the seed is accepted for a uniform interface and breaks no ties.
    """

    def __init__(self, seed: int | None = None, name: str = "greedy") -> None:
        self.name = _check_name(name)

    def throw_in(self, view: PlayerView) -> bool:
        check_view(view, "throw_in")
        return True

    def play(self, view: PlayerView) -> Card:
        legal = check_view(view).legal_plays
        if len(legal) == 1:
            return legal[0]
        assert view.trumps is not None
        trumps = trumps_index(view.trumps)
        indices = [c.index for c in legal]
        if view.trick:
            scores = follow_scores(view.rules, view.player, indices, view.trick[0][1].index,
                                   trumps)
        else:
            unseen = _mask(view.unseen)
            scores = lead_scores(view.rules, view.player, indices, trumps, unseen,
                                 view.opponent_hand_size)
        return legal[_first_best(scores)]


def _first_best(scores: list[float]) -> int:
    """The position of the first of the highest scores."""
    return scores.index(max(scores))


class _GreedyTables(NamedTuple):
    win: float
    #: ``keep[t][card]``: :func:`_keep_value` with trumps ``t``
    keep: tuple[tuple[float, ...], ...]
    #: ``beaten_by[t][lead]``: the mask of the cards that beat ``lead`` with trumps ``t``
    beaten_by: tuple[tuple[int, ...], ...]


@functools.cache
def _greedy_tables(rules: Rules, weights: GreedyWeights = GREEDY) -> _GreedyTables:
    beats = rules.tables.beats
    return _GreedyTables(
        win=weights.win,
        keep=tuple(tuple(_keep_value(c, t, rules, weights) for c in CARDS_BY_INDEX)
                   for t in SUITS_BY_INDEX),
        beaten_by=tuple(
            tuple(sum(1 << f for f in range(52) if table[lead * 52 + f]) for lead in range(52))
            for table in beats
        ),
    )


def follow_scores(rules: Rules, me: int, legal: Sequence[int], lead: int, trumps: int,
                  weights: GreedyWeights = GREEDY) -> list[float]:
    """The greedy player's score for each reply of ``me`` in ``legal`` to the card ``lead`` with
    trumps ``trumps`` (cards by index, the suit by :func:`trumps_index`; higher is better): the
    points it wins or gives away in this trick, the worth of taking the trick, and what the card
    would be worth kept."""
    return _follow_scores(rules.tables, _greedy_tables(rules, weights), me, legal, lead, trumps)


def _follow_scores(tables: RuleTables, greedy: _GreedyTables, me: int, legal: Sequence[int],
                   lead: int, trumps: int) -> list[float]:
    """:func:`follow_scores` with the rules' tables and the greedy tables already looked up
    (the play-outs call it hundreds of thousands of times)."""
    points = tables.points[trumps]
    scorer = tables.scorer
    win = greedy.win
    keep = greedy.keep[trumps]
    beaten_by = greedy.beaten_by[trumps][lead]
    other = 1 - me
    lead_points = points[lead]
    # the lead's points for me or against me, and the sign of my card's, as I win or lose it
    lead_if_won = lead_points if scorer[other][me] == me else -lead_points
    lead_if_lost = lead_points if scorer[other][other] == me else -lead_points
    mine_if_won = 1 if scorer[me][me] == me else -1
    mine_if_lost = 1 if scorer[me][other] == me else -1
    scores = []
    for card in legal:
        if beaten_by >> card & 1:
            scores.append(lead_if_won + mine_if_won * points[card] + win - keep[card])
        else:
            scores.append(lead_if_lost + mine_if_lost * points[card] - win - keep[card])
    return scores


_LOST: dict[tuple[int, int, int], float] = {}


def _chance_beaten(unseen: int, beaters: int, size: int) -> float:
    """The chance that ``size`` cards drawn from ``unseen`` cards include one of ``beaters``."""
    key = (unseen, beaters, size)
    lost = _LOST.get(key)
    if lost is None:
        safe = 1.0
        for i in range(size):
            safe *= max(0, unseen - beaters - i) / (unseen - i)
        lost = _LOST[key] = 1.0 - safe
    return lost


def lead_scores(rules: Rules, me: int, legal: Sequence[int], trumps: int, unseen: int,
                opponent_size: int, weights: GreedyWeights = GREEDY) -> list[float]:
    """The greedy player's score for leading each card in ``legal`` (by index; higher is better)
    when the opponent holds ``opponent_size`` of the ``unseen`` cards (a mask of indices), any
    of them equally likely: it cashes a likely winner that carries points and otherwise leads a
    card that gives little away."""
    return _lead_scores(rules.tables, _greedy_tables(rules, weights), me, legal, trumps, unseen,
                        opponent_size)


def _lead_scores(tables: RuleTables, greedy: _GreedyTables, me: int, legal: Sequence[int],
                 trumps: int, unseen: int, opponent_size: int) -> list[float]:
    """:func:`lead_scores` with the tables already looked up (see :func:`_follow_scores`)."""
    points = tables.points[trumps]
    win = greedy.win
    keep = greedy.keep[trumps]
    beaten_by = greedy.beaten_by[trumps]
    holder_scores = tables.scorer[me][1 - me] == me  # its points are mine whoever wins
    n_unseen = unseen.bit_count()
    remembered = _LOST
    scores = []
    for card in legal:
        mine = points[card]
        key = (n_unseen, (unseen & beaten_by[card]).bit_count(), opponent_size)
        lost = remembered.get(key)
        if lost is None:
            lost = _chance_beaten(*key)
        if holder_scores:  # the trick brings only the turn-up
            score = mine + (1.0 - 2.0 * lost) * win
        else:
            score = (1.0 - 2.0 * lost) * (mine + win)
        scores.append(score - keep[card])
    return scores


def trumps_index(suit: Suit) -> int:
    """A suit's number in the rules' tables (``card.index // 13``)."""
    return _SUIT_INDEX[suit]


# -- the solver players ------------------------------------------------------------------------


class SolverPlayer:
    """Perfect-information Monte Carlo over the exact deal solver.

    Each decision samples ``samples`` layouts of the hidden cards (the opponent's hand and the
    order of the stock) uniformly among those consistent with everything the player has seen,
    including the suits the opponent has shown it lacks, solves each layout exactly and plays the
    card with the best average value.  Reproducible for a given ``seed``.
    """

    def __init__(self, seed: int | None = None, samples: int = DEFAULT_SAMPLES,
                 name: str = "solver", throw_in_policy: str = "always") -> None:
        if throw_in_policy not in ("always", "never"):
            raise ValueError(f"throw_in_policy must be 'always' or 'never', not "
                             f"{py_shown(throw_in_policy)}")
        self.name = _check_name(name)
        self.samples = whole_at_least_one(samples, "samples", MAX_SAMPLES)
        self.seed = seed
        self._rng = random.Random(seed)
        self.throw_in_policy = throw_in_policy

    def throw_in(self, view: PlayerView) -> bool:
        check_view(view, "throw_in")
        return self.throw_in_policy == "always"

    def play(self, view: PlayerView) -> Card:
        legal = check_view(view).legal_plays
        if len(legal) == 1:
            return legal[0]
        totals: dict[Card, float] = dict.fromkeys(legal, 0.0)
        for position in sample_positions(view, self.samples, self._rng):
            for card, value in move_values(position).items():
                totals[card] += value
        return max(legal, key=lambda c: (totals[c], -c.index))


class CheatingPlayer:
    """The exact solver on the true cards: it reads the game it is bound to."""

    def __init__(self, game: Game | None = None, name: str = "cheater") -> None:
        self.name = _check_name(name)
        self._game: Game | None = None
        if game is not None:
            self.bind(game)

    def bind(self, game: Game) -> None:
        """Let this player see ``game``'s hidden cards."""
        if not isinstance(game, Game):
            raise ValueError(f"the cheating player is bound to a Game, not {type(game).__name__}")
        self._game = game

    def throw_in(self, view: PlayerView) -> bool:
        check_view(view, "throw_in")
        return True

    def play(self, view: PlayerView) -> Card:
        legal = check_view(view).legal_plays
        if len(legal) == 1:
            return legal[0]
        if self._game is None:
            raise GameError("the cheating player must be bound to a game: call bind(game)")
        if self._game.phase is not Phase.PLAY or not _same_table(self._game.view(view.player),
                                                                 view):
            raise GameError("the cheating player is bound to another game than the one it is "
                            "asked to play: call bind(game) with the game being played (decide, "
                            "drive and play_game bind it)")
        values = move_values(Position.from_game(self._game))
        return max(legal, key=lambda c: (values[c], -c.index))


def _same_table(a: PlayerView, b: PlayerView) -> bool:
    """Whether two views show the same moment of one game (a restricted player's view differs
    from the game's only in its legal plays)."""
    return ((a.names, a.rules, a.deal, a.trick_number, a.hand, a.trick, a.scores, a.turned)
            == (b.names, b.rules, b.deal, b.trick_number, b.hand, b.trick, b.scores, b.turned))


class KeepingHand:
    """Another player that never throws in a hand (for demonstrations that play every deal)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name

    def throw_in(self, view: PlayerView) -> bool:
        return False

    def play(self, view: PlayerView) -> Card:
        return self.player.play(view)

    def bind(self, game: Game) -> None:
        _bind(game, [self.player])


# -- the registry ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Strength:
    """One measured result: how often a kind of player beat another (see :mod:`penneech.measured`).

    Attributes:
        opponent: the other player's kind.
        rules: the rules played (a preset name or the rules notation).
        wins: games won.
        games: games played (duplicate pairs: the same packs twice, seats swapped).
        low: the low end of the 95% interval of the win rate over the duplicate pairs
            (:func:`penneech.experiments.pair_estimate`).
        high: its high end.
    """

    opponent: str
    rules: str
    wins: int
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def verdict(self) -> str:
        """What the interval says, in words: whether this player is measurably the stronger,
        the weaker, or neither (a reader saw "Club … 38%–52%" beside "Expert" and took the
        names for a ladder the figures do not show; review 39c)."""
        if self.low > 0.5:
            return "measurably the stronger"
        if self.high < 0.5:
            return "measurably the weaker"
        return "not measurably stronger or weaker"

    def __str__(self) -> str:
        return (f"wins {self.rate:.0%} of {self.games:,} games against "
                f"{kind_label(self.opponent)} under {self.rules} (95% interval over the "
                f"{self.games // 2:,} pairs of games, {self.low:.1%}–{self.high:.1%}: "
                f"{self.verdict})")


def _cheap(settings: Mapping[str, Any]) -> float:
    """The cost of a player that searches nothing (:func:`game_cost`): half a greedy game."""
    return 0.5


@dataclass(frozen=True)
class PlayerKind:
    """One kind of computer player, as the command line, the notebooks and the site offer it.

    Attributes:
        name: what :func:`make_player` and ``--opponent`` call it.
        summary: one line for a reader choosing an opponent.
        make: builds one (``seed`` and ``name`` by keyword, plus ``settings``).
        settings: the keyword settings it takes besides ``seed`` and ``name``.
        fair: it decides from its own view alone (the cheater does not: it is never offered as
            an opponent).
        level: the strength a reader picks it by (``beginner``, ``club`` or ``expert``; see
            :data:`LEVELS`), or ``""`` for a kind kept for experiments.

    Its ``cost``, given its settings, is a rough cost of its play in one game (see
    :func:`game_cost`); a kind that does not say is taken to be a slow one.
    """

    name: str
    summary: str
    make: Callable[..., Player]
    settings: tuple[str, ...] = ()
    fair: bool = True
    level: str = ""
    cost: Callable[[Mapping[str, Any]], float] = lambda settings: UNKNOWN_COST

    @property
    def strength(self) -> tuple[Strength, ...]:
        """What has been measured of this kind against the others (:mod:`penneech.measured`)."""
        return measured_strength(self.name)


def _playout_player(worlds: int, default_name: str) -> Callable[..., Player]:
    def make(seed: int | None = None, name: str = default_name, **settings: Any) -> Player:
        from .playouts import PlayoutPlayer

        return PlayoutPlayer(seed, **{"worlds": worlds, **settings}, name=name)
    return make


def _playout_cost(worlds: int) -> Callable[[Mapping[str, Any]], float]:
    return lambda settings: 1.6 * float(settings.get("worlds", worlds))


#: Worlds per decision of the ``club`` player (the ``expert`` uses
#: :data:`penneech.playouts.DEFAULT_WORLDS`).
CLUB_WORLDS = 80
_EXPERT_WORLDS = 400  # penneech.playouts.DEFAULT_WORLDS, checked by the tests

#: Every kind of computer player, by name: the one registry the command line, the simulations,
#: the terminal game and the widgets read.
PLAYERS: dict[str, PlayerKind] = {
    k.name: k
    for k in (
        PlayerKind("random", "plays any legal card", RandomPlayer, cost=_cheap),
        PlayerKind("greedy", "plays each trick on its merits: what it wins now, and what each "
                   "card is worth kept", GreedyPlayer, level="beginner", cost=_cheap),
        PlayerKind("club", f"plays every card out to the end of the deal in {CLUB_WORLDS} "
                   "guesses at the hidden cards, remembers every card played, and plays for "
                   "the game", _playout_player(
                       CLUB_WORLDS, "club"), settings=("worlds", "inference"), level="club",
                   cost=_playout_cost(CLUB_WORLDS)),
        PlayerKind("expert", f"plays every card out to the end of the deal in {_EXPERT_WORLDS} "
                   "guesses at the hidden cards, remembers every card played, and plays for "
                   "the game", _playout_player(
                       _EXPERT_WORLDS, "expert"), settings=("worlds", "inference"),
                   level="expert", cost=_playout_cost(_EXPERT_WORLDS)),
        PlayerKind("solver", "samples the hidden cards and solves each sample exactly, as if "
                   "every card were known (perfect-information Monte Carlo)",
                   SolverPlayer, settings=("samples", "throw_in_policy"),
                   cost=lambda settings: 50.0 * float(settings.get("samples", DEFAULT_SAMPLES))),
        PlayerKind("cheater", "the exact solver on the true hidden cards (not a fair opponent)",
                   lambda seed=None, **kw: CheatingPlayer(**kw), settings=("game",), fair=False,
                   cost=lambda settings: 30.0),
    )
}
#: Every kind :func:`make_player` makes.
PLAYER_KINDS: tuple[str, ...] = tuple(PLAYERS)
#: The kinds offered as opponents: those that play from their own view alone.
FAIR_KINDS: tuple[str, ...] = tuple(k for k, v in PLAYERS.items() if v.fair)
#: The strengths a reader chooses from, weakest first: level name -> kind.
LEVELS: dict[str, str] = {v.level: k for k, v in PLAYERS.items() if v.level}
#: The opponent the terminal game, the notebooks and the site offer first.
DEFAULT_OPPONENT = "expert"


#: :func:`game_cost` of a kind it does not know: a slow one.
UNKNOWN_COST = 400.0


def game_cost(kind: str, settings: Mapping[str, Any] | None = None,
              free_follow: bool = False) -> float:
    """A rough cost of one seat's play in one game, in games between two greedy players (about
    2.5 ms each on the machine of 2026-11), for sizing tasks and saying how long a run takes.

    Measured then: a solver's game costs about 50 greedy games per sample, the cheater's about
    30, a play-out player's about 1.6 per world (the expert, 400 worlds, took 1.6 s a game
    against greedy).  Letting the follower play any card (``free_follow``) triples a search.
    A kind it does not know, or settings it cannot read, cost :data:`UNKNOWN_COST`.

    >>> game_cost("greedy"), game_cost("solver", {"samples": 4}), game_cost("club")
    (0.5, 200.0, 128.0)
    """
    known = PLAYERS.get(kind)
    try:
        cost = UNKNOWN_COST if known is None else known.cost(dict(settings or {}))
    except (TypeError, ValueError, ArithmeticError):
        cost = UNKNOWN_COST
    # (settings not checked yet, 0 worlds or NaN samples, are make_player's to refuse in words;
    # a task size made of them raised Python's own errors first; review 43c)
    if not math.isfinite(cost) or cost <= 0:
        cost = UNKNOWN_COST
    # (a player that searches nothing, as its kind declares, searches no more for it)
    searches = known is None or known.cost is not _cheap
    return cost * 3.0 if free_follow and searches else cost


def measured_strength(kind: str) -> tuple[Strength, ...]:
    """Every measured result of ``kind`` (or of the kind a level names) against another kind,
    from :data:`penneech.measured.RESULTS` (empty for a kind not measured)."""
    from .measured import PAIRS, RESULTS

    kind = LEVELS.get(kind, kind)
    out = []
    for (player, opponent, rules), (wins, games) in RESULTS.items():
        if player == kind and games:
            # over the duplicate pairs, the match's independent units, as the book's experiments
            # read a match (a Wilson interval over the games gave other verdicts; review 45c)
            low, high = _pair_interval(PAIRS[player, opponent, rules])
            out.append(Strength(opponent, rules, wins, games, low, high))
    return tuple(out)


@functools.cache
def _pair_interval(pairs: tuple[int, int, int]) -> tuple[float, float]:
    """:func:`~penneech.experiments.pair_estimate`'s interval, worked out once for each count of
    pairs (its exact part takes some milliseconds, and every description asks again)."""
    from .experiments import pair_estimate

    est = pair_estimate(pairs)
    return est.low, est.high


def kind_name(kind: str) -> str:
    """The name the computer plays under when the reader does not give one: the level the
    reader picked it by, else its kind, as a name ("Expert", "Beginner" for ``greedy``, as the
    menu offers it).  A saved game's record so says whom it was played against
    (:func:`kind_named` reads it back, and the kind's own name too, as older records have it).

    >>> kind_name("expert"), kind_name("greedy"), kind_name("solver")
    ('Expert', 'Beginner', 'Solver')
    >>> kind_named("Expert"), kind_named("Beginner (computer)"), kind_named("Greedy")
    ('expert', 'greedy', 'greedy')
    >>> kind_named("Computer") is None
    True
    """
    return (PLAYERS[kind].level or kind if kind in PLAYERS else kind).capitalize()


def kind_label(kind: str) -> str:
    """A kind as a reader knows it: its level, with the kind's own name after it where the two
    differ.

    >>> kind_label("greedy"), kind_label("expert"), kind_label("solver")
    ('beginner (greedy)', 'expert', 'solver')
    """
    level = PLAYERS[kind].level if kind in PLAYERS else ""
    return f"{level} ({kind})" if level and level != kind else kind


def kind_named(name: str) -> str | None:
    """The fair kind of computer player ``name`` names ("Expert", "club", a level such as
    "Beginner", with or without " (computer)" after it), or ``None``."""
    if not isinstance(name, str):
        raise ValueError(f"a player's name must be text, not {py_shown(name)}")
    word = name.lower().removesuffix(" (computer)").strip()
    kind = LEVELS.get(word, word)
    return kind if kind in FAIR_KINDS else None


def opponent_menu() -> list[tuple[str, str]]:
    """The opponents to offer a reader, as ``(label, kind)`` pairs: the levels weakest first
    (the default marked), then the other fair kinds.  The terminal, the notebooks and the live
    site all offer this list.

    >>> opponent_menu()[:3]
    [('Beginner (greedy)', 'greedy'), ('Club', 'club'), ('Expert (default)', 'expert')]
    """
    out = []
    for kind in LEVELS.values():
        label = kind_label(kind).capitalize()
        if kind == DEFAULT_OPPONENT:
            label += " (default)"
        out.append((label, kind))
    out += [(kind, kind) for kind in FAIR_KINDS if kind not in LEVELS.values()]
    return out


def describe(kind: str, rules: str | Rules | None = None) -> list[str]:
    """A reader's description of ``kind`` (or of the kind a level names): its one-line summary,
    then what has been measured of it against each other kind: under ``rules`` (a preset name)
    if given, one line per opponent; otherwise one line per opponent over every reading
    measured, with the range of the readings' rates.  Given a :class:`Rules` that is no preset
    (a preset with an option changed), the lines over every reading say that these rules were
    not measured (they were shown as if they had been: review 38c).

    >>> describe("beginner")[0].split(":")[0]
    'greedy (the beginner level)'
    >>> print(describe("expert", Rules.parse("pagat,target=31"))[-1])
    ... # doctest: +NORMALIZE_WHITESPACE
      (measured under the readings as they stand (minimal, pagat, parlett, gamester, davis),
      not under pagat,target=31)
    """
    entry = _entry(kind)
    kind = entry.name
    unmeasured = None
    if isinstance(rules, Rules):
        unmeasured = None if rules.preset_name else str(rules)
        rules = rules.preset_name
    if rules is not None and rules not in PRESET_NAMES:
        raise ValueError(f"unknown rules {py_shown(rules)}: use one of {', '.join(PRESET_NAMES)}")
    level = f" (the {entry.level} level)" if entry.level and entry.level != kind else ""
    lines = [f"{kind}{level}: {entry.summary}."]
    results = [r for r in entry.strength if rules is None or r.rules == rules]
    if rules is not None:
        results.sort(key=lambda r: r.rate)
        lines += [f"  {r}" for r in results]
    else:
        by_opponent: dict[str, list[Strength]] = {}
        for r in results:
            by_opponent.setdefault(r.opponent, []).append(r)
        for opponent, found in sorted(by_opponent.items(),
                                      key=lambda kv: sum(r.rate for r in kv[1]) / len(kv[1])):
            games = sum(r.games for r in found)
            rates = sorted(r.rate for r in found)
            # (no share pooled over the readings: their matches differ in size, and a pooled
            # share had no interval; review 45c)
            if len(found) > 1 and f"{rates[0]:.0%}" == f"{rates[-1]:.0%}":
                lines.append(f"  wins {rates[0]:.0%} of its games against "
                             f"{kind_label(opponent)} under each reading measured "
                             f"({len(found)} readings, {games:,} games)")
            elif len(found) > 1:
                lines.append(f"  wins from {rates[0]:.0%} to {rates[-1]:.0%} of its games "
                             f"against {kind_label(opponent)}, depending on the reading "
                             f"({len(found)} readings, {games:,} games)")
            else:
                lines.append(f"  wins {rates[0]:.0%} of {games:,} games against "
                             f"{kind_label(opponent)} under {found[0].rules}")
    if not results:
        lines.append("  (its strength against the others has not been measured yet)")
    elif unmeasured:
        lines.append(f"  (measured under the readings as they stand ({', '.join(PRESET_NAMES)}), "
                     f"not under {unmeasured})")
    return lines


def _entry(kind: object) -> PlayerKind:
    """The kind ``kind`` names (a kind or a level), else :class:`ValueError`."""
    entry = PLAYERS.get(LEVELS.get(kind, kind)) if isinstance(kind, str) else None
    if entry is None:
        raise ValueError(f"unknown player {py_shown(kind)}: use one of "
                         f"{', '.join(PLAYER_KINDS)} (or a level: {', '.join(LEVELS)})")
    return entry


def computer_seed(game_seed: int) -> int:
    """The seed of the computer player in a game dealt from ``game_seed`` (the terminal game,
    the live table, the notebook game), and of that player's figures in the game's analysis:
    a one-way hash of it.  The game's seed is the key to every pack of the game; a player given
    it would hold the hidden cards, fair only by its own discipline (review 38c).

    >>> computer_seed(7) == computer_seed(7) != 7
    True
    """
    text = f"penneech computer:{game_seed}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class Hint(NamedTuple):
    """What the default opponent would do in a player's place (:func:`hint`): the card (or,
    asked whether to throw in, ``claim``) and the advice in words, told to "you"."""

    card: Card | None
    claim: bool | None
    words: str


def hint(view: PlayerView, game_seed: int) -> Hint:
    """The :data:`DEFAULT_OPPONENT`'s choice in the place of ``view``'s player, from that view
    alone and seeded as the computer of the game dealt from ``game_seed`` is, with the figure
    it chose by: the one hint of the terminal game and the live table (they differed: the
    live table gave no figure; review 39c).

    >>> game = Game("pagat", seed=7)
    >>> advice = hint(game.view(game.to_move), 7)
    >>> advice.card in game.legal_plays() and advice.words.startswith("the expert player")
    True
    """
    adviser = make_player(DEFAULT_OPPONENT, seed=computer_seed(game_seed))
    who = f"the {DEFAULT_OPPONENT} player"
    if view.phase is Phase.THROW_IN:
        claim = adviser.throw_in(view)
        return Hint(None, claim, f"{who} would {'throw this hand in' if claim else 'keep it'}")
    legal = check_view(view).legal_plays
    estimates = getattr(adviser, "estimates", None)
    if len(legal) == 1 or estimates is None:
        card = adviser.play(view)
        return Hint(card, None, f"{who} would play the {card.symbol}"
                    + (", the only card you may play" if len(legal) == 1 else ""))
    from .playouts import best_card

    found = estimates(view)
    card = best_card(found)
    # (what it chose by, the chance of winning, and then the points; "-5.3 points" read as
    # points lost, and were the points against the opponent's; review 40a)
    points = found[card].points
    chance = f"{found[card].win_chance:.0%}"
    return Hint(card, None, f"{who} would play the {card.symbol} (from what you can see: "
                f"{article(chance)} {chance} chance of winning the game, and on average "
                f"{abs(points):.1f} points {'more' if points >= 0 else 'fewer'} than the "
                "opponent in the rest of the deal)")


def make_player(kind: str, *, seed: int | None = None, **settings: Any) -> Player:
    """A computer player of ``kind`` (one of :data:`PLAYER_KINDS`).

    Settings: ``name`` for any; the others each kind lists in :data:`PLAYERS` (``worlds`` and
    ``inference`` for ``club`` and ``expert``, see :class:`~penneech.playouts.PlayoutPlayer`;
    ``samples`` and ``throw_in_policy`` (``"always"`` or ``"never"``) for ``solver``; ``game``
    for ``cheater``, or bind it later: :func:`drive` binds every player that has a ``bind``
    method).  A setting of the wrong kind raises :class:`ValueError` here, not at the first move.

    >>> game = Game("pagat", seed=7)
    >>> player = make_player("beginner")  # a level: its player is the greedy one
    >>> player.name, player.play(game.view(0))
    ('greedy', Card('AS'))
    >>> make_player("greedy", samples=5)
    Traceback (most recent call last):
        ...
    ValueError: the greedy player has no setting 'samples': it takes name
    """
    entry = _entry(kind)
    if seed is not None:
        # (a float such as nan would seed differently each time: no replay could find its plays;
        # numpy's whole numbers are whole numbers)
        # (and not below 0: random.Random(-7) is random.Random(7), so two seeds would give
        # one player)
        # (and at most 2**64 - 1, as a game's seed)
        whole = integer(seed)
        if whole is None or not 0 <= whole < SEED_LIMIT:
            raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, or None, not "
                             f"{py_shown(seed)}")
        seed = whole
    unknown = sorted(set(settings) - {"name", *entry.settings})
    if unknown:
        allowed = ", ".join(("name", *entry.settings))
        raise ValueError(f"the {kind} player has no setting {unknown[0]!r}: it takes {allowed}")
    return entry.make(seed=seed, **settings)


# -- driving a game ----------------------------------------------------------------------------


def decide(game: Game, player: Player) -> None:
    """Ask ``player`` (who must be the one to move) for its next decision and apply it.

    >>> game = Game("pagat", seed=7)
    >>> decide(game, make_player("greedy"))
    >>> game.actions[-1]
    PlayAction(player=0, card=Card('AS'))
    """
    check_game(game, "decide")
    who = game.to_move
    assert who is not None
    _bind(game, [player])  # a player that sees the true cards sees this game's
    view = game.view(who)
    if game.phase is Phase.THROW_IN:
        claim = player.throw_in(view)
        if not isinstance(claim, bool):  # ("no" would have thrown the hand in)
            name = getattr(player, "name", type(player).__name__)
            raise GameError(f"the throw_in of the player {py_shown(name)} must answer True "
                            f"(throw the hand in) or False (keep it), not {py_shown(claim)}")
        game.throw_in(claim)
    else:
        game.play(player.play(view))


def _bind(game: Game, players: Sequence[Player | None]) -> None:
    for p in players:
        bind: Callable[[Game], None] | None = getattr(p, "bind", None)
        if bind is not None:
            bind(game)


def drive(
    game: Game,
    players: Sequence[Player | None],
    *,
    until: Callable[[Game], bool] | None = None,
    after: Callable[[Game], None] | None = None,
) -> None:
    """The one loop that plays a game: deal when a deal is due, else ask the player to move.

    Stops when the game is over, when ``until(game)`` is true, or when the seat to move has no
    player (``None``: a human's turn, answered elsewhere).  ``after(game)`` is called after each
    deal and decision (to save the game, say, or to show it).

    >>> game = Game("pagat", seed=7)
    >>> drive(game, [make_player("greedy"), None])  # Ann leads, then it is Ben's turn
    >>> game.trick, game.to_move
    ((Card('AS'),), 1)
    """
    check_game(game, "drive")
    if len(players) != 2 or not all(p is None or callable(getattr(p, "play", None))
                                    for p in players):
        raise ValueError("a game needs two players, each a player object (make_player) or None "
                         "for a seat played elsewhere")
    _bind(game, players)
    while game.phase is not Phase.OVER and not (until is not None and until(game)):
        if game.phase is Phase.DEAL:
            game.deal()
        else:
            player = players[game.to_move]  # type: ignore[index]
            if player is None:
                return
            decide(game, player)
        if after is not None:
            after(game)


def check_players(players: object, what: str) -> None:
    """Nothing if ``players`` is a list of two players (each with a ``play`` method), else
    :class:`ValueError` saying that ``what`` needs them."""
    if (not isinstance(players, Sequence) or isinstance(players, str) or len(players) != 2
            or not all(callable(getattr(p, "play", None)) for p in players)):
        raise ValueError(f"{what} needs two players, such as [make_player('greedy'), "
                         "make_player('expert')]; to play a seat yourself, use drive()")


def play_game(game: Game, players: Sequence[Player]) -> Outcome:
    """Play ``game`` to its end, ``players[i]`` deciding for seat ``i``; return the outcome.

    >>> game = Game("pagat", seed=7)
    >>> play_game(game, [make_player("random", seed=1), make_player("greedy")])
    Outcome(winner=1, scores=(28, 65), deals=4, names=('Ann', 'Ben'), thrown_in=0)
    >>> game.is_over(), str(game.outcome)
    (True, 'Ben wins 65 to 28 after 4 deals')
    """
    check_game(game, "play_game")
    check_players(players, "play_game")
    drive(game, players)
    outcome = game.outcome
    assert outcome is not None
    return outcome


def play_deal(game: Game, players: Sequence[Player]) -> None:
    """Play the current deal to its end (or to the end of the game).

    >>> game = Game("pagat", seed=7)
    >>> play_deal(game, [make_player("greedy"), make_player("greedy")])
    >>> game.events[-3]  # then the next deal is dealt, and a card turned up
    DealEnded(deal=1, dealer=1, thrown_in=False, points=(20, 6), tricks=(4, 3))
    >>> game.deal_number, game.scores, game.dealer
    (2, (20, 6), 0)
    """
    check_game(game, "play_deal")
    check_players(players, "play_deal")  # (drive would stop at a seat of None, in silence)
    deal = game.deal_number
    drive(game, players,
          until=lambda g: g.deal_number != deal or g.phase is Phase.DEAL)
