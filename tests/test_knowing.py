"""``benchmarks/knowing.py``: the yardsticks really are told the hidden cards, and only while
they choose."""

from __future__ import annotations

import pytest

from benchmarks.knowing import knowing
from penneech import Game, playouts
from penneech.game import Phase
from penneech.solver import Position


def _first_choice() -> Game:
    game = Game("minimal", seed=11, first_dealer=0)
    while game.phase is not Phase.PLAY:
        if game.phase is Phase.THROW_IN:
            game.throw_in(False)
        else:
            game.deal()
    return game


@pytest.mark.parametrize("kind", ["knows-hand", "knows-all"])
def test_every_world_holds_the_true_hidden_cards(kind: str, monkeypatch: pytest.MonkeyPatch
                                                 ) -> None:
    game = _first_choice()
    view = game.view(game.to_move)
    true = Position.from_game(game)
    seen: list[Position] = []
    play_out = playouts._play_out

    def recording(world: playouts._World, *rest: int) -> tuple[int, int, bool]:
        seen.append(world.position)
        return play_out(world, *rest)

    monkeypatch.setattr(playouts, "_play_out", recording)
    usual = playouts._worlds
    card = knowing(kind, 3, game).play(view)
    assert card in view.legal_plays
    assert playouts._worlds is usual  # put back after the choice
    assert seen
    opponent = 1 - view.player
    assert all(p.hands[opponent] == true.hands[opponent] for p in seen)
    stocks = {p.turnups for p in seen}
    if kind == "knows-all":
        assert stocks == {true.turnups}
    else:
        assert len(stocks) > 1  # the stock is still guessed


def test_the_won_games_yardstick_plays_the_recorded_games_with_the_expert_told(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``knowing_games.py`` plays the expert's recorded game against greedy (the same pack, the
    same seats) with the expert, and only the expert, told greedy's hand."""
    from benchmarks import knowing_games
    from benchmarks.remeasure import RECORDED
    from benchmarks.strength import _load

    told: list[str] = []
    play = knowing_games.KnowingExpert.play

    def watched(self: knowing_games.KnowingExpert, view: object) -> object:
        told.append(self.name)
        return play(self, view)  # type: ignore[arg-type]

    monkeypatch.setattr(knowing_games.KnowingExpert, "play", watched)
    result = knowing_games.play_knowing("knows-hand", "minimal", 1)
    recorded = _load(RECORDED / "expert-greedy-minimal.jsonl")[1]
    assert (result.seed, result.players, result.first_dealer) == (
        recorded.seed, recorded.players, recorded.first_dealer)
    assert result.winner_player in ("expert", "greedy") and set(told) == {"knows-hand"}
