"""Issue 9's engine additions: the project's own reconstruction (``gamester``), the minimal reading
under its new name (``minimal``, read from records as ``cotton``), and the two options the
evidence of Cotton's other chapters called for (``first_dealer``, ``past_tricks``).

Each test names the passage of *The Compleat Gamester* (1674) it rests on; the passages are
quoted on the book's page "Cotton's other games as evidence".
"""

from __future__ import annotations

import json

import pytest

from penneech import OPTIONS, PRESETS, Card, Cut, Game, Phase, Played, Rules, Scored
from penneech.record import dumps, loads
from penneech.solver import voids
from tests.engine_helpers import position

# -- who deals first ------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "first", "second", "dealer"), [
    # Parlett's cut: the lower card deals, the ace lowest
    ("low_ace_low", "AS", "2H", 0),
    ("low_ace_low", "KS", "QH", 1),
    # Davis's: the lowest-ranking card deals, and in his ranking the ace is highest
    ("low_ace_high", "AS", "2H", 1),
    # All-Fours: "the highest Put-card deals" (chap. X, p. 112); the Putt-cards rank "first the
    # Trey, next the Deuce, then the Ace ... and so onwards to the four" (chap. XVI, p. 132)
    ("best_putt", "3C", "AS", 0),
    ("best_putt", "2D", "3H", 1),
    ("best_putt", "AH", "KS", 0),
    ("best_putt", "4C", "5D", 1),
    ("best_putt", "7D", "8S", 1),  # the Penneech is only a seven in the cut
    # equal cards cut again, whatever the order
    ("best_putt", "KS", "KH", None),
    ("low_ace_low", "9S", "9D", None),
])
def test_the_cut_for_the_first_deal(value, first, second, dealer):
    assert Rules(first_dealer=value).cut_winner(Card(first), Card(second)) == dealer


def test_the_game_cuts_by_the_rule_of_its_reading():
    differ = 0
    for seed in range(60):
        chosen = {}
        for value in ("low_ace_low", "low_ace_high", "best_putt"):
            rules = Rules(first_dealer=value)
            game = Game(rules, seed=seed)
            cuts = [e for e in game.events if isinstance(e, Cut)]
            assert len(cuts) % 2 == 0 and cuts
            # every earlier pair of cards was equal; the last pair decided
            for a, b in zip(cuts[:-2:2], cuts[1:-2:2], strict=True):
                assert rules.cut_winner(a.card, b.card) is None
            assert game.first_dealer == rules.cut_winner(cuts[-2].card, cuts[-1].card)
            chosen[value] = game.first_dealer
        differ += chosen["best_putt"] != chosen["low_ace_low"]
    assert differ > 10  # the option really changes who deals


# -- looking back at tricks -----------------------------------------------------------------------


def first_trick_played(past_tricks: str) -> Game:
    game = Game(Rules.preset("pagat", past_tricks=past_tricks), seed=11, first_dealer=1)
    while game.phase is Phase.THROW_IN:
        game.throw_in(False)
    for _ in range(2):
        game.play(game.legal_plays()[0])
    return game


def test_open_tricks_stay_in_every_view():
    game = first_trick_played("open")
    for seat in (0, 1):
        view = game.view(seat)
        assert view.tricks_played == game.tricks_played and len(view.tricks_played) == 1
        assert view.turned == game.turned and len(view.turned) == 2


def test_turned_down_tricks_leave_the_view():
    # Parlett: the winner turns down the trick and the turn-up before turning the next card;
    # Cotton's Whist: "You ought to have a special eye to what Cards are play'd out" (chap. XI,
    # p. 115) -- the player must remember them.
    game = first_trick_played("turned_down")
    first = game.tricks_played[0]
    for seat in (0, 1):
        view = game.view(seat)
        assert view.tricks_played == ()
        assert view.turned == (game.trump_card,) == (game.turned[-1],)
        assert view.trump_card == game.trump_card and view.trumps == game.trumps
        # the cards turned down are unseen again: a computer player does not remember them
        assert set(first.cards) <= view.unseen
        assert game.turned[0] in view.unseen
        assert voids(view) == frozenset()
    # what is seen changes, not what happens: the same plays give the same game
    assert game.events == first_trick_played("open").events


def test_the_last_turn_up_shows_when_tricks_are_turned_down():
    # the eighth card, turned after the seventh trick, is the latest turn-up: it stays in view
    game = position("gamester", "KC 3C 4C 5C 6C 8C 9C", "KD 3D 4D 5D 6D 8D 9D",
                    "2H 2S 3S 4S 5S 6S 8S QH")
    while game.phase is not Phase.DEAL and not game.is_over():
        game.play(game.legal_plays()[0])
    assert len(game.turned) == 8
    view = game.view(0)
    assert view.turned == (game.turned[-1],) == (Card("QH"),) and view.tricks_played == ()


def test_hidden_history_is_hidden_from_the_players_in_a_whole_game():
    from penneech import make_player, play_game

    game = Game(Rules.preset("gamester", target=31), seed=4)
    play_game(game, [make_player("solver", seed=1, samples=4), make_player("greedy")])
    assert game.is_over()


# -- the presets ----------------------------------------------------------------------------------


def test_the_minimal_reading_was_called_cotton_and_records_still_say_so():
    minimal = PRESETS["minimal"]
    assert Rules.preset("cotton") == Rules.preset("COTTON") == minimal
    assert Rules.parse("cotton,follow=suit") == Rules.preset("minimal", follow="suit")
    assert Rules.from_json("cotton") == minimal
    assert Rules.from_json({"preset": "cotton", "target": 31}) == minimal.replace(target=31)
    assert str(Rules.preset("cotton")) == "minimal" and minimal.to_json() == "minimal"
    # a record written before the rename replays under the minimal reading
    game = Game("minimal", seed=3, players=("Ann", "Ben"))
    while not game.is_over() and game.deal_number < 2:
        if game.phase is Phase.THROW_IN:
            game.throw_in(False)
        else:
            game.play(game.legal_plays()[0])
    data = json.loads(dumps(game))
    assert data["rules"] == "minimal"
    data["rules"] = "cotton"
    old = loads(json.dumps(data), "old.json")
    assert old.rules == minimal
    kept = lambda g: [e for e in g.events if isinstance(e, Played | Scored)]  # noqa: E731
    assert kept(old) == kept(game) and kept(game)


def test_the_project_s_reconstruction_differs_from_mcleod_s_where_the_evidence_says():
    gamester, pagat = PRESETS["gamester"], PRESETS["pagat"]
    differ = {k for k, v in gamester.options().items() if pagat.options()[k] != v}
    assert differ == {"first_dealer", "first_turnup_scores", "trick_points_to", "past_tricks"}
    assert str(gamester) == "gamester"
    # every choice of it is argued from Cotton's own text: each reason quotes him with a place
    for name, info in OPTIONS.items():
        reason = info.reasons["gamester"]
        assert "(p. 1" in reason or "(chap. " in reason or "Cotton" in reason, name


def test_first_turn_up_scores_for_the_dealer_under_the_reconstruction():
    # Gleek: "the turn'd up Card is the Dealers" (chap. VII, p. 90); Running All-fours: "if he
    # turn up an Ace it is four" (chap. X, p. 113).
    game = position("gamester", "KC 3C 4C 5C 6C 8C 9C", "KD 3D 4D 5D 6D 8D 9D", "AH 2S 3S")
    assert game.dealer == 1 and game.trump_card == Card("AH")
    assert game.scores == (0, 5)
    assert position("pagat", "KC 3C 4C 5C 6C 8C 9C", "KD 3D 4D 5D 6D 8D 9D",
                    "AH 2S 3S").scores == (0, 0)
