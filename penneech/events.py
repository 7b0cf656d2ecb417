"""The typed event log of a game.

Every event is an immutable named tuple whose ``repr`` rebuilds it.  A game's scores are always
the sum of its :class:`Scored` events, and each :class:`Scored` event names the rule option under
which the points were won, so the book can narrate a hand from the log alone.

>>> from penneech import Game, make_player, play_game
>>> game = Game("pagat", seed=7)
>>> play_game(game, [make_player("greedy"), make_player("greedy")]).scores
(61, 44)
>>> scored = [e for e in game.events if isinstance(e, Scored)]
>>> [sum(e.points for e in scored if e.player == seat) for seat in (0, 1)]
[61, 44]
>>> scored[0]
Scored(deal=1, trick=1, player=0, points=5, source='trick', card=Card('AS'), option='counting',
       total=5)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

from .cards import Card, Suit
from .rules import Seat

__all__ = [
    "Cut",
    "DealerChosen",
    "Dealt",
    "ThrowIn",
    "TurnUp",
    "Played",
    "TrickWon",
    "Scored",
    "DealEnded",
    "GameWon",
    "Event",
    "ScoreSource",
    "SCORE_SOURCES",
    "DealTally",
    "tally",
]

ScoreSource = Literal["trick", "turnup", "majority"]


class Cut(NamedTuple):
    """A player cut ``card`` to decide the first dealer (which card deals is the rules'
    ``first_dealer``: :meth:`~penneech.rules.Rules.cut_winner`)."""

    player: Seat
    card: Card


class DealerChosen(NamedTuple):
    """``player`` deals first."""

    player: Seat


class Dealt(NamedTuple):
    """Deal number ``deal`` (from 1, thrown-in deals included) was dealt by ``dealer``."""

    deal: int
    dealer: Seat


class ThrowIn(NamedTuple):
    """``player``, offered a throw-in, ``claimed`` it (or kept the hand).

    ``hand`` is the hand thrown in, shown (as Parlett has the player show it), in the order a
    table shows a hand (``sorted``); a hand kept is not shown, and ``hand`` is then empty.
    """

    deal: int
    player: Seat
    claimed: bool
    hand: tuple[Card, ...] = ()


class TurnUp(NamedTuple):
    """``player`` turned up ``card`` from the stock.

    ``trick`` is the trick it sets trumps for (1 to 7), or 8 for the card turned after the last
    trick, which sets no trumps.
    """

    deal: int
    trick: int
    player: Seat
    card: Card


class Played(NamedTuple):
    """``player`` played ``card`` to trick number ``trick``."""

    deal: int
    trick: int
    player: Seat
    card: Card


class TrickWon(NamedTuple):
    """``winner`` took trick ``trick``: ``cards`` are the leader's and the follower's."""

    deal: int
    trick: int
    leader: Seat
    cards: tuple[Card, Card]
    trumps: Suit
    winner: Seat


class Scored(NamedTuple):
    """``player`` pegged ``points`` (their total is now ``total``).

    ``source`` is what scored: a counting card in a trick, a turn-up, or the majority bonus;
    ``card`` is the card that scored (``None`` for the bonus); ``option`` is the rule option
    under which it scored.
    """

    deal: int
    trick: int
    player: Seat
    points: int
    source: ScoreSource
    card: Card | None
    option: str
    total: int


class DealEnded(NamedTuple):
    """Deal ``deal`` is over: ``points`` pegged and ``tricks`` taken by each player."""

    deal: int
    dealer: Seat
    thrown_in: bool
    points: tuple[int, int]
    tricks: tuple[int, int]


class GameWon(NamedTuple):
    """``winner`` won the game with final ``scores``."""

    winner: Seat
    scores: tuple[int, int]


Event = (
    Cut | DealerChosen | Dealt | ThrowIn | TurnUp | Played | TrickWon | Scored | DealEnded | GameWon
)


def _same_kind_eq(self: tuple[object, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _same_kind_ne(self: tuple[object, ...], other: object) -> bool:
    return not _same_kind_eq(self, other)


def _same_kind_hash(self: tuple[object, ...]) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


def compare_by_kind(*kinds: type[tuple[object, ...]]) -> None:
    """Make each of ``kinds`` (named tuples) equal only to its own kind: a :class:`TurnUp`
    is not a :class:`Played` of the same fields, nor a plain tuple (as tuples they were equal,
    and a set of the two kept one).

    >>> TurnUp(1, 2, 0, Card("8S")) == Played(1, 2, 0, Card("8S"))
    False
    >>> len({TurnUp(1, 2, 0, Card("8S")), Played(1, 2, 0, Card("8S"))})
    2
    >>> Played(1, 2, 0, Card("8S")) == Played(1, 2, 0, Card("8S"))
    True
    """
    methods = {"__eq__": _same_kind_eq, "__ne__": _same_kind_ne, "__hash__": _same_kind_hash}
    for kind in kinds:
        for name, method in methods.items():  # (mypy forbids assigning to a method)
            setattr(kind, name, method)


compare_by_kind(Cut, DealerChosen, Dealt, ThrowIn, TurnUp, Played, TrickWon, Scored, DealEnded,
                GameWon)


#: What a :class:`Scored` event can be for.
SCORE_SOURCES: tuple[ScoreSource, ...] = ("trick", "turnup", "majority")


class DealTally(NamedTuple):
    """What one deal of a game came to, read from the event log by :func:`tally`.

    ``points``, ``tricks`` and each ``by_source`` entry are by seat; ``by_source`` has every key
    of :data:`SCORE_SOURCES`.  ``finished`` is false for a deal still being played (or one the
    game ended in the middle of).
    """

    deal: int
    dealer: Seat
    thrown_in: bool
    finished: bool
    points: tuple[int, int]
    tricks: tuple[int, int]
    by_source: dict[ScoreSource, tuple[int, int]]


def tally(events: Iterable[Event]) -> list[DealTally]:
    """The event log folded into one :class:`DealTally` per deal (thrown-in deals included).

    >>> from penneech import Game
    >>> game = Game("pagat", seed=5)
    >>> while not game.is_over():
    ...     game.play(game.legal_plays()[0]) if game.legal_plays() else game.throw_in(False)
    >>> deals = tally(game.events)
    >>> sum(sum(d.points) for d in deals) == sum(game.scores)
    True
    """
    out: list[DealTally] = []
    deal: _Deal | None = None
    for e in events:
        if isinstance(e, Dealt):
            if deal is not None:
                out.append(deal.freeze())
            deal = _Deal(e.deal, e.dealer)
        elif deal is None:
            continue
        elif isinstance(e, Scored):
            deal.points[e.player] += e.points
            deal.by_source[e.source][e.player] += e.points
        elif isinstance(e, TrickWon):
            deal.tricks[e.winner] += 1
        elif isinstance(e, ThrowIn) and e.claimed:
            deal.thrown_in = True
        elif isinstance(e, DealEnded):
            deal.finished = True
    if deal is not None:
        out.append(deal.freeze())
    return out


class _Deal:
    """A deal's tally while the log is being read."""

    def __init__(self, deal: int, dealer: Seat) -> None:
        self.deal = deal
        self.dealer = dealer
        self.thrown_in = False
        self.finished = False
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.by_source: dict[ScoreSource, list[int]] = {s: [0, 0] for s in SCORE_SOURCES}

    def freeze(self) -> DealTally:
        return DealTally(self.deal, self.dealer, self.thrown_in, self.finished,
                         _pair(self.points), _pair(self.tricks),
                         {s: _pair(v) for s, v in self.by_source.items()})


def _pair(values: list[int]) -> tuple[int, int]:
    return (values[0], values[1])
