"""The computer players: one interface, sensible play, and no peeking at hidden cards."""

from __future__ import annotations

from collections import Counter

import pytest

from penneech import PRESET_NAMES, Card, Game, GameError, Phase, Rules
from penneech.players import (
    PLAYER_KINDS,
    CheatingPlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    SolverPlayer,
    make_player,
    play_deal,
    play_game,
)
from penneech.solver import Position, move_values
from tests.engine_helpers import position

FAIR_KINDS = [k for k in PLAYER_KINDS if k != "cheater"]


def twin_games() -> tuple[Game, Game]:
    """Two games that look the same to player 0 (elder) after one trick, but differ in Ben's
    hand and in the stock beyond the cards already turned."""
    a = position("pagat", "AH KH 2C 3C 4C 5C 6C", "2S 3S 4S 5S 6S 7S 8S", "9H QD 4D",
                 redeal="never")
    b = position("pagat", "AH KH 2C 3C 4C 5C 6C", "2S 9S TS JS QS AS 2D", "9H QD 9D",
                 redeal="never")
    for game in (a, b):
        game.play("AH")
        game.play("2S")
    return a, b


#: Settings that keep the slow kinds quick in the tests.
QUICK: dict[str, dict[str, int]] = {"solver": {"samples": 3}, "club": {"worlds": 3},
                                    "expert": {"worlds": 3}}


def test_every_kind_plays_a_whole_game() -> None:
    for kind in PLAYER_KINDS:
        game = Game("parlett", seed=4)
        outcome = play_game(game, [make_player(kind, seed=1, **QUICK.get(kind, {})),
                                   make_player("random", seed=2)])
        assert game.phase is Phase.OVER
        assert outcome.winner in (0, 1)
        assert isinstance(make_player(kind), Player)


def test_unknown_kind_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match=", ".join(PLAYER_KINDS)):
        make_player("clever")
    with pytest.raises(ValueError, match="no setting 'samples'"):
        make_player("expert", samples=3)
    with pytest.raises(ValueError, match="samples"):
        SolverPlayer(samples=0)


def test_random_player_is_uniform_over_legal_plays_and_seeded() -> None:
    game = position("cotton", "AH KH 2C 3C 4C 5C 6C", "2S 3S 4S 5S 6S 7S 8S", "9H",
                    redeal="never")
    view = game.view(0)
    player = RandomPlayer(seed=3)
    counts = Counter(player.play(view) for _ in range(7000))
    assert set(counts) == set(game.legal_plays())
    assert all(900 < n < 1100 for n in counts.values())
    first = [RandomPlayer(seed=11).play(view) for _ in range(3)]
    assert len(set(first)) == 1


def test_greedy_takes_counting_cards_cheaply() -> None:
    # Hearts are trumps; Ann leads the ♥K (4 points).  Ben can take it with the ♥A (9 points
    # for him in all) and must follow hearts anyway.
    game = position("pagat", "KH 2C 3C 4C 5C 6C 7C", "AH 2H 3S 4S 5S 6S 8S", "9H",
                    redeal="never")
    game.play("KH")
    assert GreedyPlayer().play(game.view(1)) == Card("AH")


def test_greedy_does_not_throw_honours_away() -> None:
    # Ann leads the ♥A (trumps); Ben cannot beat it and holds ♥Q and ♥2: he keeps the queen.
    game = position("pagat", "AH 2C 3C 4C 5C 6C 7C", "QH 2H 3S 4S 5S 6S 8S", "9H",
                    redeal="never")
    game.play("AH")
    assert GreedyPlayer().play(game.view(1)) == Card("2H")


def test_greedy_keeps_the_penneech_until_diamonds_are_trumps() -> None:
    game = position("cotton", "7D 2C 3C 4C 9S TS 5C", "2H 3H 4S 5S 6S 8S 4H", "9H",
                    redeal="never")
    assert GreedyPlayer().play(game.view(0)) != Card("7D")
    game = position("cotton", "7D 2C 3C 4C 9S TS 5C", "2H 3H 4S 5S 6S 8S 4H", "9D",
                    redeal="never")
    # diamonds are trumps and nothing can beat it: the ♦7 wins 7 points at once
    assert GreedyPlayer().play(game.view(0)) == Card("7D")


def test_greedy_leads_a_sure_winner_that_carries_points() -> None:
    # Spades are trumps; Ann holds the ♠A, which nothing can beat: she cashes it.
    game = position("pagat", "AS 2C 3C 4C 5C 6C 8H", "2S 3H 4H 5D 6D 8D 9D", "9S",
                    redeal="never")
    assert GreedyPlayer().play(game.view(0)) == Card("AS")


def test_the_cheater_does_read_them_and_plays_a_best_card() -> None:
    a, b = twin_games()
    for game in (a, b):
        values = move_values(Position.from_game(game))
        card = CheatingPlayer(game).play(game.view(0))
        assert values[card] == max(values.values())
    with pytest.raises(GameError, match="bind"):
        CheatingPlayer().play(a.view(0))


def test_solver_player_is_reproducible_and_sensible() -> None:
    a, _ = twin_games()
    view = a.view(0)
    picks = {SolverPlayer(seed=2, samples=6).play(view) for _ in range(3)}
    assert len(picks) == 1
    assert picks <= set(view.legal_plays)
    # With the ♦7 in hand and diamonds trumps, the solver cashes the unbeatable 7 points.
    game = position("pagat", "7D 2C 3C 4C 9S TS 5C", "2H 3H 4S 5S 6S 8S 4H", "9D",
                    redeal="never")
    assert SolverPlayer(seed=0, samples=6).play(game.view(0)) == Card("7D")


def test_play_deal_stops_at_the_end_of_the_deal() -> None:
    game = Game("pagat", seed=8)
    play_deal(game, [make_player("greedy"), make_player("random", seed=1)])
    from penneech import TrickWon

    tricks = [e for e in game.events if isinstance(e, TrickWon) and e.deal == 1]
    assert len(tricks) == 7  # seed 8's first deal is played, not thrown in
    assert game.deal_number == 2 and not game.tricks_played


def test_greedy_beats_random_over_a_few_duplicate_games() -> None:
    """A smoke test of strength (the real measurement is benchmarks/strength.py)."""
    wins = 0
    for seed in range(20):
        for seat in (0, 1):
            players: list[Player] = [make_player("random", seed=seed)] * 2
            players[seat] = make_player("greedy")
            wins += play_game(Game("pagat", seed=seed), players).winner == seat
    assert wins >= 26  # of 40


def test_players_get_a_view_not_the_game() -> None:
    seen: list[object] = []

    class Spy:
        name = "spy"

        def throw_in(self, view: object) -> bool:
            seen.append(view)
            return False

        def play(self, view: object) -> Card:
            seen.append(view)
            return view.legal_plays[0]  # type: ignore[attr-defined,no-any-return]

    game = Game("pagat", seed=1)
    asked: list[tuple[object, frozenset[Card]]] = []

    class Check(Spy):
        def play(self, view: object) -> Card:
            # what the opponent still holds and the stock not yet turned, at this moment
            me = view.player  # type: ignore[attr-defined]
            hidden = frozenset(game.hand(1 - me)) | frozenset(game.stock)
            asked.append((view, hidden))
            return super().play(view)

    play_game(game, [Check(), Check()])
    from penneech import PlayerView

    assert seen and all(isinstance(v, PlayerView) for v in seen)
    # no card the player may not see appears anywhere in what it was given
    for view, hidden in asked:
        shown = _cards_in(view)
        assert not (shown & hidden), sorted(shown & hidden)


def _cards_in(value: object) -> frozenset[Card]:
    """Every card anywhere inside ``value`` (a view, a tuple, an event …)."""
    if isinstance(value, Card):
        return frozenset((value,))
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return frozenset()
    if isinstance(value, dict):
        items: list[object] = [*value.keys(), *value.values()]
    elif isinstance(value, (tuple, list, set, frozenset)):
        items = list(value)
    elif hasattr(value, "__dataclass_fields__"):
        items = [getattr(value, f) for f in value.__dataclass_fields__]  # type: ignore[attr-defined]
    else:
        return frozenset()
    out: frozenset[Card] = frozenset()
    for item in items:
        out |= _cards_in(item)
    return out


def test_a_level_is_described_with_its_measured_strength(monkeypatch: pytest.MonkeyPatch) -> None:
    from penneech import measured
    from penneech.players import describe

    monkeypatch.setattr(measured, "RESULTS", {
        ("expert", "greedy", "pagat"): (62, 100), ("expert", "greedy", "minimal"): (58, 100),
        ("expert", "solver", "pagat"): (45, 100), ("greedy", "expert", "pagat"): (38, 100),
        ("expert", "club", "davis"): (108, 200)})
    monkeypatch.setattr(measured, "PAIRS", {
        ("expert", "greedy", "pagat"): (16, 30, 4), ("expert", "greedy", "minimal"): (12, 34, 4),
        ("expert", "solver", "pagat"): (5, 35, 10), ("greedy", "expert", "pagat"): (4, 30, 16),
        ("expert", "club", "davis"): (10, 88, 2)})
    # over every reading: one line per opponent, the strongest opponent first (greedy by the
    # level a reader picks it by, as the menus offer it); readings' matches of unequal size are
    # not pooled into one share, which had no interval (review 45c)
    assert describe("expert")[1:] == [
        "  wins 45% of 100 games against solver under pagat",
        "  wins 54% of 200 games against club under davis",
        "  wins from 58% to 62% of its games against beginner (greedy), depending on the "
        "reading (2 readings, 200 games)"]
    # under one reading: each result with its 95% interval over the duplicate pairs, and what
    # it says in words
    assert describe("expert", "minimal")[1:] == [
        "  wins 58% of 100 games against beginner (greedy) under minimal (95% interval over "
        "the 50 pairs of games, 49.2%–65.7%: not measurably stronger or weaker)"]
    assert describe("expert", "pagat")[1:] == [
        "  wins 45% of 100 games against solver under pagat (95% interval over the 50 pairs "
        "of games, 37.2%–53.5%: not measurably stronger or weaker)",
        "  wins 62% of 100 games against beginner (greedy) under pagat (95% interval over "
        "the 50 pairs of games, 52.5%–70.0%: measurably the stronger)"]
    assert describe("beginner", "pagat")[1:] == [
        "  wins 38% of 100 games against expert under pagat (95% interval over the 50 pairs "
        "of games, 30.0%–47.5%: measurably the weaker)"]
    # a match whose pairs are mostly split: over its games (Wilson, 47.1%–60.8%) it was "not
    # measurably" stronger; over its pairs, 10 won and 2 lost, it is
    assert describe("expert", "davis")[1:] == [
        "  wins 54% of 200 games against club under davis (95% interval over the 100 pairs "
        "of games, 50.2%–57.9%: measurably the stronger)"]
    assert describe("beginner", "davis")[1:] == [
        "  (its strength against the others has not been measured yet)"]
    # readings whose shares round alike are said once, not "from 55% to 55%" (review 45d)
    monkeypatch.setattr(measured, "RESULTS", {
        ("expert", "greedy", "pagat"): (110, 200), ("expert", "greedy", "minimal"): (109, 200)})
    monkeypatch.setattr(measured, "PAIRS", {
        ("expert", "greedy", "pagat"): (20, 70, 10), ("expert", "greedy", "minimal"): (19, 71, 10)})
    assert describe("expert")[1:] == [
        "  wins 55% of its games against beginner (greedy) under each reading measured "
        "(2 readings, 400 games)"]


def _twins(preset: str, seed: int) -> tuple[Game, Game] | None:
    """A first deal played at random to a choice of player 0's, and its twin: the same deal, but
    for the cards player 0 has not seen (Ben's hand and the stock not yet turned), dealt again
    among themselves.  The two look the same to player 0, and the cheater (which sees the true
    cards) chooses differently in them; None if no such twin turns up."""
    import random

    from penneech.players import decide

    rng = random.Random(seed)
    rules = Rules.preset(preset, redeal="never")
    a = Game(rules, seed=seed, first_dealer=1, auto_deal=False)
    a.deal()
    while True:  # random plays until player 0 has a choice, after a trick or two
        if a.phase is not Phase.PLAY:
            return None
        if a.to_move == 0 and len(a.legal_plays()) > 1 and a.trick_number >= 2:
            break
        a.play(rng.choice(a.legal_plays()))
    unseen = set(a.hand(1)) | set(a.stock)
    deck = list(a.deck)
    places = [i for i, c in enumerate(deck) if c in unseen]
    for _ in range(40):
        cards = [deck[i] for i in places]
        rng.shuffle(cards)
        other = list(deck)
        for i, c in zip(places, cards, strict=True):
            other[i] = c
        b = Game(rules, seed=seed, first_dealer=1, auto_deal=False)
        b.deal(other)
        try:
            for action in a.actions[1:]:
                b.play(action.card)
        except GameError:  # Ben's new hand could not have played as he did (a void shown)
            continue
        assert a.view(0) == b.view(0)
        ca, cb = a.copy(), b.copy()
        decide(ca, make_player("cheater"))
        decide(cb, make_player("cheater"))
        if ca.actions[-1] != cb.actions[-1]:
            return a, b
    return None


def test_the_twins_of_the_fairness_test_tell_a_peeker_from_a_fair_player() -> None:
    # the test below is only as good as its twins: in each of them, a player that reads the
    # hidden cards (the cheater) plays differently
    assert len(TWINS) >= 6
    for a, b in TWINS:
        assert a.view(0) == b.view(0) and (a.hand(1), a.stock) != (b.hand(1), b.stock)


TWINS = [t for t in (_twins(p, s) for p in PRESET_NAMES for s in range(1, 5))
         if t is not None]


@pytest.mark.parametrize("kind", FAIR_KINDS)
def test_no_fair_player_decides_by_what_it_cannot_see(kind: str) -> None:
    # Driven as the game drives it (decide()), a fair player makes the same choice in games that
    # look the same to it, whatever the hidden cards: a player that found the true cards by any
    # way at all (the game in decide()'s frame, the garbage collector) would choose as the
    # cheater does, differently in some of these twins.
    from penneech.players import decide

    for a, b in TWINS:
        ca, cb = a.copy(), b.copy()
        decide(ca, make_player(kind, seed=5, **QUICK.get(kind, {})))
        decide(cb, make_player(kind, seed=5, **QUICK.get(kind, {})))
        assert ca.actions[-1] == cb.actions[-1], (kind, str(a.rules), a.view(0))


def test_greedy_weighs_a_card_kept_by_what_the_rules_say_it_scores(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Greedy's worth of a card kept in hand read the card's own value: with the rules changed
    in their one home to count a ten of trumps (All Fours' ten), the ten was worth no more
    kept than a two, where the trick part of greedy's score followed (review 44c)."""
    import penneech.rules as rules_module
    from penneech.cards import Card, Suit
    from penneech.players import _keep_value
    from penneech.rules import Rules

    def tens_too(card: Card, trumps: Suit) -> int:
        return 10 if card.rank == 10 and card.suit is trumps else card.points * (
            card.suit is trumps)

    ten, two = Card("TS"), Card("2S")
    before = _keep_value(ten, Suit.HEARTS, Rules.preset("pagat")) - _keep_value(
        two, Suit.HEARTS, Rules.preset("pagat"))
    monkeypatch.setitem(rules_module._COUNTING, "trumps", tens_too)
    rules_module._tables_for.cache_clear()
    try:
        rules = Rules.preset("pagat", follow="suit_or_trump")  # (a Rules not asked before)
        assert rules.card_points(ten, Suit.SPADES) == 10
        after = _keep_value(ten, Suit.HEARTS, rules) - _keep_value(two, Suit.HEARTS, rules)
        assert after > before + 3, (before, after)
    finally:
        rules_module._tables_for.cache_clear()
