"""The expert told what it cannot see: yardsticks for how much better inference could gain.

Not fair players, and not in the registry: yardsticks for ``deal_duel.py``, which knows them by
these names::

    python benchmarks/deal_duel.py expert knows-hand knows-all --deals 150 --seed 1300 minimal

* ``knows-hand``: the expert, except that every one of its worlds gives the opponent its true
  hand (the stock still shuffled at random, and the play-outs as they are).  What it gains over
  the expert is what perfect inference of the opponent's hand would be worth to the expert's
  play-outs: a yardstick for any better model of the opponent (not a proof of a bound).
* ``knows-all``: every world is the true deal, the order of the stock included: the expert's
  play-outs with nothing hidden.

Prints figures (through ``deal_duel.py``); asserts nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from penneech import Game, playouts
from penneech.cards import Card
from penneech.game import PlayerView
from penneech.players import Player, make_player
from penneech.solver import Position

KINDS = ("knows-hand", "knows-all")


class KnowingExpert:
    """The expert with the true hidden cards of ``game`` in its worlds (see the module)."""

    def __init__(self, seed: int, game: Game, stock: bool = False,
                 inner: Player | None = None) -> None:
        self.inner = inner if inner is not None else make_player("expert", seed=seed)
        self.game = game
        self.stock = stock
        self.name = "knows-all" if stock else "knows-hand"

    def throw_in(self, view: PlayerView) -> bool:
        return True

    def play(self, view: PlayerView) -> Card:
        if len(view.legal_plays) == 1:
            return view.legal_plays[0]
        true = Position.from_game(self.game)
        hand = true.hands[1 - view.player]

        def worlds(seen: PlayerView, n: int, rng: random.Random, inference: int
                   ) -> list[playouts._World]:
            if self.stock:  # one world, shared: a play-out leaves its world as it was
                return [playouts._World(true)] * n
            rest = [c for c in sorted(seen.unseen, key=lambda c: c.index) if c not in hand]
            out = []
            for _ in range(n):
                rng.shuffle(rest)
                out.append(playouts._World(Position.from_view(seen, hand, list(rest))))
            return out

        usual: Callable[..., list[playouts._World]] = playouts._worlds
        playouts._worlds = worlds
        playouts._REMEMBERED.clear()  # the expert's own estimates of this view are not these
        try:
            return self.inner.play(view)
        finally:
            playouts._worlds = usual
            playouts._REMEMBERED.clear()


def knowing(kind: str, seed: int, game: Game) -> KnowingExpert:
    """The yardstick ``kind`` (one of :data:`KINDS`) for ``game``."""
    return KnowingExpert(seed, game, stock=kind == "knows-all")
