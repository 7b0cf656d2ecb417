"""The typed event log of a game.

Every event is an immutable named tuple whose ``repr`` rebuilds it.  A game's scores are always
the sum of its :class:`Scored` events, and each :class:`Scored` event names the rule option under
which the points were won, so the book can narrate a hand from the log alone.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .cards import Card, Suit

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
]

ScoreSource = Literal["trick", "turnup", "majority"]


class Cut(NamedTuple):
    """A player cut ``card`` to decide the first dealer (lower deals; ace low)."""

    player: int
    card: Card


class DealerChosen(NamedTuple):
    """``player`` deals first."""

    player: int


class Dealt(NamedTuple):
    """Deal number ``deal`` (from 1, thrown-in deals included) was dealt by ``dealer``."""

    deal: int
    dealer: int


class ThrowIn(NamedTuple):
    """``player``, offered a throw-in, ``claimed`` it (or kept the hand)."""

    deal: int
    player: int
    claimed: bool


class TurnUp(NamedTuple):
    """``player`` turned up ``card`` from the stock.

    ``trick`` is the trick it sets trumps for (1 to 7), or 8 for the card turned after the last
    trick, which sets no trumps.
    """

    deal: int
    trick: int
    player: int
    card: Card


class Played(NamedTuple):
    """``player`` played ``card`` to trick number ``trick``."""

    deal: int
    trick: int
    player: int
    card: Card


class TrickWon(NamedTuple):
    """``winner`` took trick ``trick``: ``cards`` are the leader's and the follower's."""

    deal: int
    trick: int
    leader: int
    cards: tuple[Card, Card]
    trumps: Suit
    winner: int


class Scored(NamedTuple):
    """``player`` pegged ``points`` (their total is now ``total``).

    ``source`` is what scored: a counting card in a trick, a turn-up, or the majority bonus;
    ``card`` is the card that scored (``None`` for the bonus); ``option`` is the rule option
    under which it scored.
    """

    deal: int
    trick: int
    player: int
    points: int
    source: ScoreSource
    card: Card | None
    option: str
    total: int


class DealEnded(NamedTuple):
    """Deal ``deal`` is over: ``points`` pegged and ``tricks`` taken by each player."""

    deal: int
    dealer: int
    thrown_in: bool
    points: tuple[int, int]
    tricks: tuple[int, int]


class GameWon(NamedTuple):
    """``winner`` won the game with final ``scores``."""

    winner: int
    scores: tuple[int, int]


Event = (
    Cut | DealerChosen | Dealt | ThrowIn | TurnUp | Played | TrickWon | Scored | DealEnded | GameWon
)
