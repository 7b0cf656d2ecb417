"""The play-out player: legal, reproducible, fair, played on the engine's own rules, and playing
for the game.  (Its strength is measured by benchmarks/strength.py, not here.)"""

from __future__ import annotations

import random

import pytest

from penneech import Card, Game, Phase, PlayerView, Rules, playouts
from penneech.players import (
    CLUB_WORLDS,
    DEFAULT_OPPONENT,
    LEVELS,
    PLAYERS,
    GreedyPlayer,
    Player,
    RandomPlayer,
    follow_scores,
    lead_scores,
    make_player,
    measured_strength,
    play_game,
    trumps_index,
)
from penneech.playouts import (
    DEFAULT_WORLDS,
    PlayoutPlayer,
    WinModel,
    _play_out,
    _World,
    best_card,
    estimate,
    win_model,
)
from penneech.rules import PRESET_NAMES
from penneech.solver import Position
from tests.engine_helpers import position
from tests.test_solver import game_at, random_rules


def test_the_default_opponent_is_the_expert_play_out_player() -> None:
    assert DEFAULT_OPPONENT == "expert"
    player = make_player(DEFAULT_OPPONENT, seed=1)
    assert isinstance(player, PlayoutPlayer) and player.worlds == DEFAULT_WORLDS
    club = make_player("club", seed=1)
    assert isinstance(club, PlayoutPlayer) and club.worlds == CLUB_WORLDS
    assert str(DEFAULT_WORLDS) in PLAYERS["expert"].summary
    # the experiments' settings (benchmarks/deal_duel.py expert:worlds=800 expert:inference=1)
    tuned = make_player("expert", seed=1, worlds=50, inference=1)
    assert isinstance(tuned, PlayoutPlayer) and (tuned.worlds, tuned.inference) == (50, 1)
    with pytest.raises(ValueError, match="no setting 'samples'"):
        make_player("club", samples=3)


def test_levels_name_kinds_weakest_first() -> None:
    assert list(LEVELS) == ["beginner", "club", "expert"]
    assert all(kind in PLAYERS and PLAYERS[kind].fair for kind in LEVELS.values())
    assert type(make_player("beginner")) is type(make_player(LEVELS["beginner"]))
    for kind in LEVELS.values():
        for result in measured_strength(kind):
            assert result.opponent in PLAYERS and 0 <= result.wins <= result.games
            assert result.low <= result.rate <= result.high


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_plays_whole_games_under_every_preset(preset: str) -> None:
    game = Game(preset, seed=3)
    outcome = play_game(game, [PlayoutPlayer(seed=1, worlds=2), make_player("greedy")])
    assert game.phase is Phase.OVER and outcome.winner in (0, 1)


def test_estimates_cover_the_legal_plays_and_are_reproducible() -> None:
    game = Game("cotton", seed=5)
    while game.phase is not Phase.PLAY:
        game.throw_in(False) if game.phase is Phase.THROW_IN else game.deal()
    view = game.view(game.to_move)  # type: ignore[arg-type]
    first = estimate(view, worlds=6, seed=2)
    assert sorted(first) == sorted(view.legal_plays)
    assert first == estimate(view, worlds=6, seed=2)
    playouts._REMEMBERED.clear()  # worked out afresh, not remembered: the same figures
    assert first == estimate(view, worlds=6, seed=2)
    assert estimate(view, worlds=6, seed=3) != first  # another seed, other worlds
    assert all(0.0 <= e.win_chance <= 1.0 and e.worlds == 6 for e in first.values())
    player = PlayoutPlayer(seed=2, worlds=6)
    assert player.estimates(view) == first
    assert player.play(view) == best_card(first) == player.play(view)
    with pytest.raises(ValueError, match="worlds"):
        PlayoutPlayer(worlds=0)


def test_cashes_an_unbeatable_penneech() -> None:
    # diamonds are trumps and Ann leads: the ♦7 cannot be beaten and scores 7 at once
    game = position("pagat", "7D 2C 3C 4C 9S TS 5C", "2H 3H 4S 5S 6S 8S 4H", "9D",
                    redeal="never")
    assert PlayoutPlayer(seed=0, worlds=20).play(game.view(0)) == Card("7D")


def test_plays_for_the_game_not_the_points() -> None:
    # The target is 5: Ann's ♠A (spades are trumps) wins the game at once.  Kept back, it could
    # score more in points, but no play-out after it is lost.
    game = position("pagat", "AS KH QH JH 2C 3C 4C", "2S 3S 4S 5D 6D 8D 9D", "9S",
                    redeal="never", target=5)
    found = estimate(game.view(0), worlds=10, seed=1)
    assert found[Card("AS")].win_chance == 1.0
    assert best_card(found) == Card("AS")


def test_win_model() -> None:
    model = WinModel(target=61, mean=12.0, sd=8.0, correlation=-0.5)
    assert model.chance(30, 30) == pytest.approx(0.5)
    assert model.chance(50, 30) + model.chance(30, 50) == pytest.approx(1.0)
    assert model.chance(10, 0) < model.chance(20, 0) < model.chance(40, 0) < model.chance(60, 0)
    assert model.chance(61, 50) == 1.0 and model.chance(50, 61) == 0.0
    measured = win_model(Rules.preset("parlett"))
    assert measured.target == 61 and measured.mean > 5 and measured.sd > 1
    assert win_model(Rules.preset("parlett")) is measured  # measured once


class _IndexGreedy:
    """The play-outs' own judgement as a player in the real engine: the greedy scores, ties
    going to the lower card index as in a play-out."""

    name = "index-greedy"

    def throw_in(self, view: object) -> bool:
        return False

    def play(self, view):  # type: ignore[no-untyped-def]
        legal = sorted(view.legal_plays, key=lambda c: c.index)
        indices = [c.index for c in legal]
        trumps = trumps_index(view.trumps)
        if view.trick:
            scores = follow_scores(view.rules, view.player, indices, view.trick[0][1].index,
                                   trumps)
        else:
            unseen = sum(1 << c.index for c in view.unseen)
            scores = lead_scores(view.rules, view.player, indices, trumps, unseen,
                                 view.opponent_hand_size)
        return legal[max(range(len(scores)), key=lambda i: (scores[i], -i))]


@pytest.mark.parametrize("tricks_left", [7, 4, 2])
def test_a_play_out_scores_exactly_as_the_engine(tricks_left: int) -> None:
    """A play-out on the true hidden cards ends with the scores the engine gives the same
    cards, under random rules, near the target too."""
    rng = random.Random(tricks_left)
    checked = 0
    seed = 0
    while checked < 25:
        seed += 1
        rules = random_rules(rng)
        game = game_at(rules, seed, rng, tricks_left, mid_trick=bool(seed % 2))
        if game is None:
            continue
        world = _World(Position.from_game(game))
        view = game.view(game.to_move)  # type: ignore[arg-type]
        pack = sum(1 << c.index for c in rules.pack)
        public = pack & ~sum(1 << c.index for c in (*view.hand, *view.unseen))
        card = rng.choice(view.legal_plays)
        s0, s1, over = _play_out(world, card.index, pack, public)
        engine = game.copy()
        deal = engine.deal_number
        engine.play(card)
        policy = _IndexGreedy()
        while engine.phase is Phase.PLAY and engine.deal_number == deal:
            engine.play(policy.play(engine.view(engine.to_move)))  # type: ignore[arg-type]
        assert (s0, s1) == engine.scores, (str(rules), seed)
        # the play-out says the game ended when the engine ended it before the deal's end
        assert over == (engine.phase is Phase.OVER and not _deal_ended(engine, deal))
        checked += 1


def test_a_chooser_is_asked_at_the_players_own_turns_with_what_it_knows() -> None:
    """``_play_out``'s ``choose`` (for experiments) is asked at each later turn of the player to
    move that has more than one legal card, with that player's hand, legal cards and the
    opponent's hand size as the engine has them, and suits the opponent cannot hold; the card
    it returns is played (checked against the engine), and None leaves greedy's choice."""
    rng = random.Random(5)
    checked = 0
    seed = 0
    while checked < 20:
        seed += 1
        rules = random_rules(rng)
        game = game_at(rules, seed, rng, 7, mid_trick=bool(seed % 2))
        if game is None:
            continue
        me = game.to_move
        world = _World(Position.from_game(game))
        view = game.view(me)  # type: ignore[arg-type]
        pack = sum(1 << c.index for c in rules.pack)
        public = pack & ~sum(1 << c.index for c in (*view.hand, *view.unseen))
        card = rng.choice(view.legal_plays)
        turns: list[playouts._Turn] = []

        def highest(turn: playouts._Turn, turns: list[playouts._Turn] = turns) -> int:
            turns.append(turn)
            return max(turn.legal)

        s0, s1, over = _play_out(world, card.index, pack, public, choose=highest)
        assert _play_out(world, card.index, pack, public, choose=lambda turn: None) == \
            _play_out(world, card.index, pack, public)
        engine = game.copy()
        deal = engine.deal_number
        engine.play(card)
        policy = _IndexGreedy()
        asked = 0
        while engine.phase is Phase.PLAY and engine.deal_number == deal:
            mover = engine.to_move
            seen = engine.view(mover)  # type: ignore[arg-type]
            if mover == me and len(seen.legal_plays) > 1:
                turn = turns[asked]
                asked += 1
                assert turn.player == me
                assert turn.hand == sum(1 << c.index for c in seen.hand)
                assert sorted(turn.legal) == sorted(c.index for c in seen.legal_plays)
                assert turn.opponent_size == seen.opponent_hand_size
                assert turn.scores == engine.scores
                assert not turn.shown_void & sum(1 << c.index for c in engine.hand(1 - me))
                engine.play(max(seen.legal_plays, key=lambda c: c.index))
            else:
                engine.play(policy.play(seen))
        assert asked == len(turns)
        assert (s0, s1) == engine.scores, (str(rules), seed)
        checked += 1


def _deal_ended(game: Game, deal: int) -> bool:
    from penneech import DealEnded

    return any(isinstance(e, DealEnded) and e.deal == deal for e in game.events)


def _true_hand_likelihoods(opponent: Player, deals: int, seed: int) -> list[float]:
    """How likely the inference finds the opponent's plays on its true hand, at every decision
    of player 0 in ``deals`` deals under random rules, player 0 playing greedy."""
    rng = random.Random(seed)
    found = []
    for number in range(deals):
        rules = random_rules(rng)
        game = Game(rules, seed=number)
        while game.phase is not Phase.PLAY:
            if game.phase is Phase.THROW_IN:
                game.throw_in(False)
            else:
                game.deal()
        players = (GreedyPlayer(), opponent)
        deal = game.deal_number
        while game.phase is Phase.PLAY and game.deal_number == deal:
            mover = game.to_move
            assert mover is not None
            view = game.view(mover)
            if mover == 0:
                choices = playouts._opponent_choices(view)
                if choices:
                    hand = sum(1 << c.index for c in game.view(1).hand)
                    pack = sum(1 << c.index for c in rules.pack)
                    found.append(playouts._likelihood(rules, 1, choices, hand, pack))
            game.play(players[mover].play(view))
    return found


def test_the_inference_reads_a_greedy_opponent_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """The model of the opponent that weighs the worlds is the greedy player's judgement: with
    no noise allowed (a choice is possible only if it scores best), every choice a greedy
    opponent makes is possible on its true hand, under random rules (what it could see then,
    the follow duty, its lead against the cards it could not see, all as the engine has them).
    A random opponent's choices are not, which shows the check can fail."""
    monkeypatch.setattr(playouts, "_TEMPERATURE", 1e-9)
    monkeypatch.setattr(playouts, "_RANDOM_SHARE", 0.0)
    greedy = _true_hand_likelihoods(GreedyPlayer(), 40, seed=3)
    assert len(greedy) > 100
    assert all(weight > 0.0 for weight in greedy)
    at_random = _true_hand_likelihoods(RandomPlayer(seed=5), 40, seed=3)
    assert sum(weight == 0.0 for weight in at_random) > len(at_random) // 2


def _after_plays(preset: str, plays: int) -> PlayerView:
    """The view of the player to move after ``plays`` cards of a deal (the first legal each)."""
    game = Game(preset, seed=3)
    while game.phase is Phase.THROW_IN:
        game.throw_in(False)
    for _ in range(plays):
        game.play(game.legal_plays()[0])
    assert game.to_move is not None
    return game.view(game.to_move)


def test_a_player_who_remembers_never_deals_a_played_card_to_a_world() -> None:
    # Under parlett each trick is turned face down once scored: the view no longer shows it,
    # but the player saw it played, and the play-outs deal none of its cards again.
    view = _after_plays("parlett", 6)
    assert view.tricks_played == () and len(view.seen_tricks) == 3
    played = {c for t in view.seen_tricks for c in t.cards} | set(view.seen_turned)
    recalled = view.remembered()
    assert recalled.tricks_played == view.seen_tricks and not played & recalled.unseen

    def dealt_again(v: PlayerView, seed: int) -> int:
        worlds = playouts._worlds(v, 60, random.Random(seed), 3)
        return sum(1 for w in worlds
                   for c in (*w.position.hands[1 - view.player], *w.position.turnups)
                   if c in played)

    assert dealt_again(view, 1) > 0  # the forgetful view would deal them again
    assert dealt_again(recalled, 1) == 0
    assert estimate(view, worlds=12, seed=4) == estimate(recalled, worlds=12, seed=4)


def test_when_tricks_stay_open_remembering_changes_nothing() -> None:
    view = _after_plays("pagat", 4)
    assert view.remembered() is view and view.seen_tricks == view.tricks_played
