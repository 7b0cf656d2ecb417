"""Helpers for building hand-made positions in the engine tests."""

from __future__ import annotations

import random
from typing import Any

from penneech import Card, Game, Phase, Rules, full_pack, parse_cards


def stacked_deck(elder: str, dealer: str, stock: str = "", size: int = 52) -> list[Card]:
    """A full pack that deals ``elder`` and ``dealer`` these hands and starts the stock with ``stock``.

    The rest of the pack follows in a fixed order, so every test position is exact.
    """
    e, d, s = parse_cards(elder), parse_cards(dealer), parse_cards(stock)
    assert len(e) == 7 and len(d) == 7, "each hand has seven cards"
    used = e + d + s
    assert len(set(used)) == len(used), "a card is used twice"
    rest = [c for c in full_pack(size) if c not in used]
    deck: list[Card] = []
    for a, b in zip(e, d, strict=True):
        deck += [a, b]
    return deck + s + rest


def position(rules: Rules | str, elder: str, dealer: str, stock: str = "", **over: Any) -> Game:
    """A game whose first deal (dealt by player 1, so player 0 is elder hand) is the given one."""
    r = Rules.preset(rules) if isinstance(rules, str) else rules
    if over:
        r = r.replace(**over)
    game = Game(r, seed=0, first_dealer=1, auto_deal=False)
    game.deal(stacked_deck(elder, dealer, stock, r.deck))
    return game


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything that makes up the state of a game, for exact comparisons."""
    return (
        game.phase, game.to_move, game.dealer, game.deal_number, game.trick_number,
        game.scores, game.hand(0), game.hand(1), game.stock, game.trick, game.trumps,
        game.trump_card, game.tricks_won, game.tricks_played, game.turned, game.events,
        game.actions, tuple(game.legal_plays()), game.outcome, game.leader,
    )


def play_randomly(game: Game, rng: random.Random, limit: int = 10_000) -> None:
    """Finish ``game`` with random legal decisions."""
    for _ in range(limit):
        if game.phase is Phase.OVER:
            return
        if game.phase is Phase.THROW_IN:
            game.throw_in(rng.random() < 0.5)
        elif game.phase is Phase.DEAL:
            game.deal()
        else:
            game.play(rng.choice(game.legal_plays()))
    raise AssertionError("the game did not end")
