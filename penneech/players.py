"""Players: one interface for every player, human or computer.

A player answers two questions, each from its :class:`~penneech.game.PlayerView` alone (its own
hand, trumps, the cards played and turned, the scores): whether to throw in a hand it may throw
in, and which card to play.  No computer player reads the opponent's hand or the stock, except the
deliberately cheating one, which must be bound to a game (:meth:`CheatingPlayer.bind`).

>>> from penneech import Game
>>> game = Game("pagat", seed=3)
>>> outcome = play_game(game, [make_player("greedy"), make_player("random", seed=1)])
>>> outcome.winner in (0, 1)
True

Kinds made by :func:`make_player`:

``random``
    uniform over the legal plays (and throws in a hand half the time).
``greedy``
    a rule-aware heuristic: what a thoughtful beginner does.
``solver``
    perfect-information Monte Carlo: samples the hidden cards consistently with what it has seen,
    solves each sample exactly (:mod:`penneech.solver`) and plays the card that does best on
    average.  Its strength is ``samples``.
``cheater``
    the exact solver on the true hidden cards: an upper bound for experiments.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from .cards import Card, Suit
from .game import Game, GameError, Outcome, Phase, PlayerView, trick_value, trick_winner

__all__ = [
    "Player",
    "RandomPlayer",
    "GreedyPlayer",
    "SolverPlayer",
    "CheatingPlayer",
    "PLAYER_KINDS",
    "make_player",
    "play_game",
    "play_deal",
    "decide",
]

PLAYER_KINDS = ("random", "greedy", "solver", "cheater")
#: The solver player's default number of samples per decision.
DEFAULT_SAMPLES = 20


@runtime_checkable
class Player(Protocol):
    """Anything that can play Penneech from its own view of the game."""

    name: str

    def throw_in(self, view: PlayerView) -> bool:
        """Whether to throw in this hand (asked only when the rules allow it)."""
        ...

    def play(self, view: PlayerView) -> Card:
        """The card to play: one of ``view.legal_plays``."""
        ...


# -- random ------------------------------------------------------------------------------------


class RandomPlayer:
    """Uniform over the legal plays; throws in a hand it may throw in half the time."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.name = name
        self._rng = random.Random(seed)

    def throw_in(self, view: PlayerView) -> bool:
        return self._rng.random() < 0.5

    def play(self, view: PlayerView) -> Card:
        legal = view.legal_plays
        return legal[int(self._rng.random() * len(legal))]


# -- greedy ------------------------------------------------------------------------------------

#: What winning a trick is worth besides its cards: the lead, and the turn-up (the average
#: turn-up is worth about 1.3 points in a 52-card pack).
_WIN_BONUS = 1.5


def _keep_value(card: Card, trumps: Suit, counting: str) -> float:
    """What a card is worth kept in hand for later tricks (a small, rough number)."""
    if card.is_penneech:
        # ♦7: worth 7 and unbeatable once diamonds are trumps; keep it for then.
        return 0.0 if trumps is Suit.DIAMONDS else 4.0
    value = card.power / 14.0
    if card.points:
        value += 0.6 * card.points if counting == "honours" else 0.35 * card.points
    if card.suit is trumps:
        value += 0.5
    return value


class GreedyPlayer:
    """A sensible, rule-aware heuristic that looks one trick ahead.

    Following, it weighs each card by the points it wins or gives away in this trick, the worth
    of taking the trick (the turn-up and the lead), and what the card would be worth kept.
    Leading, it estimates the chance that the opponent holds a card that beats each of its own,
    from the cards it has not seen, and so cashes a likely winner that carries points and
    otherwise leads a card that gives little away.  It keeps the ♦7 for when diamonds are
    trumps, and throws in every hand it may.
    Deterministic: the seed is accepted for a uniform interface and breaks no ties.
    """

    def __init__(self, seed: int | None = None, name: str = "greedy") -> None:
        self.name = name

    def throw_in(self, view: PlayerView) -> bool:
        return True

    def play(self, view: PlayerView) -> Card:
        legal = view.legal_plays
        if len(legal) == 1:
            return legal[0]
        rules = view.rules
        trumps = view.trumps
        assert trumps is not None
        counting = rules.counting
        to_holder = rules.trick_points_to == "holder"
        best = legal[0]
        best_score = -1e9
        if view.trick:
            lead = view.trick[0][1]
            lead_points = trick_value(lead, trumps, counting)
            for card in legal:
                won = trick_winner(lead, card, trumps, rules.trick_winner) == 1
                mine = trick_value(card, trumps, counting)
                net = mine - lead_points if to_holder else (lead_points + mine) * (1 if won else -1)
                score = net + (_WIN_BONUS if won else -_WIN_BONUS) - _keep_value(
                    card, trumps, counting
                )
                if score > best_score:
                    best, best_score = card, score
            return best
        # Leading: the chance that the opponent holds a card that beats this one, if its hand is
        # any set of the cards this player has not seen.
        unseen = view.unseen
        size = view.opponent_hand_size
        n_unseen = len(unseen)
        by_rank = rules.trick_winner == "rank"
        powers: dict[Suit, list[int]] = {s: [] for s in Suit}
        for u in unseen:
            powers[u.suit].append(u.power)
        n_trumps = len(powers[trumps])
        plain = [p for s, ps in powers.items() if s is not trumps for p in ps]
        for card in legal:
            mine = trick_value(card, trumps, counting)
            # the unseen cards that would beat it (see trick_winner)
            if card.suit is trumps:
                beaters = sum(1 for p in powers[trumps] if p > card.power)
            elif by_rank:
                beaters = n_trumps + sum(1 for p in plain if p > card.power)
            else:
                beaters = n_trumps + sum(1 for p in powers[card.suit] if p > card.power)
            safe = 1.0
            for i in range(size):
                safe *= max(0, n_unseen - beaters - i) / (n_unseen - i)
            lost = 1.0 - safe
            if to_holder:  # its points are mine whoever wins; the trick brings the turn-up
                score = mine + (1.0 - 2.0 * lost) * _WIN_BONUS
            else:
                score = (1.0 - 2.0 * lost) * (mine + _WIN_BONUS)
            score -= _keep_value(card, trumps, counting)
            if score > best_score:
                best, best_score = card, score
        return best


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
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        self.name = name
        self.samples = samples
        self.seed = seed
        self._rng = random.Random(seed)
        self.throw_in_policy = throw_in_policy

    def throw_in(self, view: PlayerView) -> bool:
        return self.throw_in_policy == "always"

    def play(self, view: PlayerView) -> Card:
        legal = view.legal_plays
        if len(legal) == 1:
            return legal[0]
        from .solver import move_values, sample_positions

        totals: dict[Card, float] = dict.fromkeys(legal, 0.0)
        for position in sample_positions(view, self.samples, self._rng):
            for card, value in move_values(position).items():
                totals[card] += value
        return max(legal, key=lambda c: (totals[c], -c.index))


class CheatingPlayer:
    """The exact solver on the true cards: it reads the game it is bound to."""

    def __init__(self, game: Game | None = None, name: str = "cheater") -> None:
        self.name = name
        self._game = game

    def bind(self, game: Game) -> None:
        """Let this player see ``game``'s hidden cards."""
        self._game = game

    def throw_in(self, view: PlayerView) -> bool:
        return True

    def play(self, view: PlayerView) -> Card:
        legal = view.legal_plays
        if len(legal) == 1:
            return legal[0]
        if self._game is None:
            raise GameError("the cheating player must be bound to a game: call bind(game)")
        from .solver import Position, move_values

        values = move_values(Position.from_game(self._game))
        return max(legal, key=lambda c: (values[c], -c.index))


def make_player(kind: str, *, seed: int | None = None, **settings: Any) -> Player:
    """A computer player of ``kind`` (``random``, ``greedy``, ``solver`` or ``cheater``).

    Settings: ``name`` for any; ``samples`` for ``solver``; ``game`` for ``cheater`` (or bind it
    later with :func:`play_game`, which binds every player that has a ``bind`` method).
    """
    if kind == "random":
        return RandomPlayer(seed, **settings)
    if kind == "greedy":
        return GreedyPlayer(seed, **settings)
    if kind == "solver":
        return SolverPlayer(seed, **settings)
    if kind == "cheater":
        return CheatingPlayer(**settings)
    raise ValueError(f"unknown player {kind!r}: use one of {', '.join(PLAYER_KINDS)}")


def decide(game: Game, player: Player) -> None:
    """Ask ``player`` (who must be the one to move) for its next decision and apply it."""
    who = game.to_move
    assert who is not None
    view = game.view(who)
    if game.phase is Phase.THROW_IN:
        game.throw_in(bool(player.throw_in(view)))
    else:
        game.play(player.play(view))


def _bind(game: Game, players: Sequence[Player]) -> None:
    for p in players:
        bind: Callable[[Game], None] | None = getattr(p, "bind", None)
        if bind is not None:
            bind(game)


def play_game(game: Game, players: Sequence[Player]) -> Outcome:
    """Play ``game`` to its end, ``players[i]`` deciding for seat ``i``; return the outcome."""
    if len(players) != 2:
        raise ValueError("a game needs two players")
    _bind(game, players)
    while game.phase is not Phase.OVER:
        if game.phase is Phase.DEAL:
            game.deal()
            continue
        decide(game, players[game.to_move])  # type: ignore[index]
    outcome = game.outcome
    assert outcome is not None
    return outcome


def play_deal(game: Game, players: Sequence[Player]) -> None:
    """Play the current deal to its end (or to the end of the game)."""
    _bind(game, players)
    deal = game.deal_number
    while game.phase in (Phase.PLAY, Phase.THROW_IN) and game.deal_number == deal:
        decide(game, players[game.to_move])  # type: ignore[index]
