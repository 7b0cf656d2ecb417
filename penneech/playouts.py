"""Play-out search: the computer opponent that never peeks, and the estimates it plays by.

To choose a card the :class:`PlayoutPlayer` deals the cards it cannot see at random many times
over (the opponent's hand, consistent with the suits the opponent has shown it lacks, and the
order of the stock), and in each of these *worlds* plays every legal card and then the rest of
the deal out, both sides playing the greedy player's judgement
(:func:`~penneech.players.follow_scores`, :func:`~penneech.players.lead_scores`).  In a play-out
nobody peeks: each side chooses from its own cards and the cards on the table, neither knows which
suit the next turn-up will make trumps, and the opponent never sees this player's hand.  (The
``solver`` player's perfect-information search, by contrast, knows in every sample which suit will
be trumps at each trick and lets the opponent see everything; Penneech turns a new trump every
trick, so that costs it dearly.)  Every legal card is tried in the same worlds, so that luck
cancels between them.

Each card is then scored by what the play-outs say of the game, not only of the deal: the
average chance of winning the game afterwards (1 or 0 when a play-out ends the game; otherwise a
race model of the deals to come, :class:`WinModel`), with the points of the deal as a small
tie-break.  Far from the target that is the same as playing for points; near it the player plays
to get there first, or to stop the opponent getting there.

The rules come from one place: the worlds are played on the exact solver's own tables
(:class:`~penneech.solver.Solver`: the follow duty, the trick's winner, every peg in the game's
order and the check for a won game), which are read off :class:`~penneech.rules.Rules`.

>>> from penneech import Game
>>> game = Game("pagat", seed=7)
>>> while game.phase.value == "throw_in":
...     game.throw_in(False)
>>> view = game.view(game.to_move)
>>> found = estimate(view, worlds=8, seed=1)
>>> sorted(found) == sorted(view.legal_plays)
True
>>> PlayoutPlayer(seed=1, worlds=8).play(view) in view.legal_plays
True
"""

from __future__ import annotations

import functools
import hashlib
import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card
from .game import Phase, PlayerView
from .players import (
    _check_name,
    _follow_scores,
    _greedy_tables,
    _GreedyTables,
    _lead_scores,
    check_view,
    trumps_index,
    whole_at_least_one,
)
from .rules import MAX_TARGET, TRICKS, Rules
from .solver import Position, Solver, _bits, _mask, _search_tables, sample_positions, voids

__all__ = [
    "CardEstimate",
    "PlayoutPlayer",
    "WinModel",
    "estimate",
    "best_card",
    "win_model",
    "DEFAULT_WORLDS",
    "POINT_WEIGHT",
]

#: Worlds per decision at the default (expert) level.
DEFAULT_WORLDS = 400
#: Hands dealt to the opponent per world kept, to weigh them by its plays (1: no weighing).
DEFAULT_INFERENCE = 3
#: The most worlds a decision may ask for: fifty times the expert's, some ten seconds a card
#: (more would take minutes a card, and a mistyped number would seem to hang).
MAX_WORLDS = 20_000
#: The most hands dealt to the opponent per world kept.
MAX_INFERENCE = 100
#: What one point of the deal adds to a card's score besides the chance of winning the game: a
#: tie-break, small beside the ~0.01 that a point is worth to the chance of winning mid-game.
POINT_WEIGHT = 0.001


@dataclass(frozen=True)
class CardEstimate:
    """What the play-outs say of one legal card.

    Attributes:
        card: the card.
        points: the average, over the worlds, of the points the player scores in the rest of the
            deal minus the points the opponent scores, when this card is played now.
        win_chance: the average chance of winning the game after it (0 … 1).
        worlds: how many worlds the averages are over.
    """

    card: Card
    points: float
    win_chance: float
    worlds: int

    @property
    def score(self) -> float:
        """What the player maximizes: the chance of winning, with points as a tie-break."""
        return self.win_chance + POINT_WEIGHT * self.points


# -- the chance of winning the game ------------------------------------------------------------


@dataclass(frozen=True)
class WinModel:
    """The chance of winning a game from a score, as a race of deals.

    Each player's points in a deal are taken to have mean ``mean`` and standard deviation
    ``sd``, the two players' points correlated by ``correlation``.  The number of deals a
    player needs to make up what it lacks of the target is then about ``need / mean``, with a
    variance of about ``need * sd**2 / mean**3`` (renewal theory), and the chance of winning is
    the chance that this player's number is the smaller (normal approximation).
    :func:`win_model` measures the three figures for a set of rules.
    """

    target: int
    mean: float
    sd: float
    correlation: float

    def chance(self, mine: int, theirs: int) -> float:
        """The chance that a player with ``mine`` points beats one with ``theirs``."""
        need_me = self.target - mine
        need_them = self.target - theirs
        if need_me <= 0 or need_them <= 0:  # (only when the rules compare scores later)
            return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
        mean = self.mean
        deals_me = need_me / mean
        deals_them = need_them / mean
        spread = self.sd * self.sd / (mean * mean)
        variance = (deals_me + deals_them) * spread * (1.0 - self.correlation) + 1.0 / 12
        z = (deals_them - deals_me) / math.sqrt(variance)
        return 0.5 * math.erfc(-z / math.sqrt(2.0))


#: Deals of greedy self-play measured by :func:`win_model`.
_CALIBRATION_DEALS = 200


@functools.cache
def win_model(rules: Rules) -> WinModel:
    """The :class:`WinModel` of ``rules``, measured once from the points of a fixed set of deals
    played by two greedy players (about 0.1 s; remembered for the rest of the session)."""
    from .game import Game
    from .players import GreedyPlayer, play_deal

    base = rules.replace(target=MAX_TARGET)  # nobody reaches it: every deal is played whole
    mine: list[int] = []
    theirs: list[int] = []
    players = [GreedyPlayer(), GreedyPlayer()]
    for seed in range(_CALIBRATION_DEALS):
        game = Game(base, seed=seed, first_dealer=1 if seed % 2 else 0)
        while game.phase is not Phase.PLAY:
            if game.phase is Phase.THROW_IN:
                game.throw_in(False)
            else:
                game.deal()
        play_deal(game, players)
        mine.append(game.scores[0])
        theirs.append(game.scores[1])
    both = mine + theirs
    mean = max(1.0, statistics.fmean(both))
    sd = max(1.0, statistics.pstdev(both))
    try:
        correlation = statistics.correlation(mine, theirs)
    except statistics.StatisticsError:  # no variation at all
        correlation = 0.0
    return WinModel(rules.target, mean, sd, max(-0.9, min(0.9, correlation)))


# -- the play-outs -----------------------------------------------------------------------------


class _World:
    """One guess at the hidden cards, with the exact solver's tables for it."""

    __slots__ = ("position", "solver", "hands", "turnups")

    def __init__(self, position: Position) -> None:
        self.position = position
        self.solver = Solver(position)
        self.hands = (_mask(position.hands[0]), _mask(position.hands[1]))
        self.turnups = [c.index for c in position.turnups]


class _Turn(NamedTuple):
    """What the player to move knows at one of its later turns in a play-out (for a
    :data:`_Chooser`): nothing of the opponent's hand but its size and the suits it has shown
    it lacks, nothing of the stock."""

    world: _World
    player: int
    hand: int
    opponent_size: int
    legal: tuple[int, ...]
    #: the card led, or -1 when this player leads
    lead: int
    #: the trick, 0 … 6
    trick: int
    leader: int
    won0: int
    scores: tuple[int, int]
    #: the mask of the cards played or turned up
    public: int
    #: the mask of the cards the opponent has shown in this play-out that it cannot hold
    shown_void: int


#: A choice of the player's own later card in a play-out, for experiments
#: (``benchmarks/variants.py``, ``nested``): the card, or None for the play-out's judgement.
_Chooser = Callable[[_Turn], "int | None"]


def _play_out(world: _World, first: int, pack: int, public: int,
              own: _GreedyTables | None = None,
              choose: _Chooser | None = None) -> tuple[int, int, bool]:
    """Play card ``first`` for the player to move, then the rest of the deal with the greedy
    player's judgement for both sides, each seeing only its own hand and the table.

    ``public`` is the mask of the cards already played or turned up.  ``own``, if given, is the
    judgement of the player to move for its later cards, and ``choose``, if given, is asked
    first at each of its later turns with more than one legal card (the opponent's stay
    greedy's; both are for experiments, ``benchmarks/variants.py``).  Returns the two players'
    game scores afterwards and whether the game ended during the play-out.
    """
    pos = world.position
    solver = world.solver
    rules = pos.rules
    tables = rules.tables
    theirs = _greedy_tables(rules)
    me = pos.leader if pos.led is None else 1 - pos.leader
    judgement = (own or theirs, theirs) if me == 0 else (theirs, own or theirs)
    hands = list(world.hands)
    trumps_of = solver._trumps
    follows = solver._follows
    play_trick = solver._play_trick
    turnups = world.turnups
    t = pos.trick_number - 1
    leader: int = pos.leader
    won0 = pos.tricks_won[0]
    s0, s1 = pos.scores
    lead = pos.led.index if pos.led is not None else -1
    mine = first
    void = 0
    while True:
        trumps = trumps_of[t]
        if lead < 0:
            hand = hands[leader]
            if mine >= 0:
                lead, mine = mine, -1
            else:
                legal = _bits(hand)
                chosen = None
                if choose is not None and leader == me and len(legal) > 1:
                    chosen = choose(_Turn(world, me, hand, hands[1 - me].bit_count(), legal, -1,
                                          t, leader, won0, (s0, s1), public, void))
                if chosen is not None:
                    lead = chosen
                else:
                    unseen = pack & ~(hand | public)
                    scores = _lead_scores(tables, judgement[leader], leader, legal, trumps,
                                          unseen, len(legal))
                    lead = legal[scores.index(max(scores))]  # the first best, as greedy plays
            hands[leader] = hand ^ (1 << lead)
            public |= 1 << lead
        follower = 1 - leader
        if mine >= 0:
            reply, mine = mine, -1
        else:
            legal = _bits(follows(hands[follower], lead, t))
            if len(legal) == 1:
                reply = legal[0]
            else:
                chosen = None
                if choose is not None and follower == me:
                    chosen = choose(_Turn(world, me, hands[me], hands[leader].bit_count(),
                                          legal, lead, t, leader, won0, (s0, s1), public, void))
                if chosen is not None:
                    reply = chosen
                else:
                    scores = _follow_scores(tables, judgement[follower], follower, legal, lead,
                                            trumps)
                    reply = legal[scores.index(max(scores))]
            if choose is not None and follower != me and not solver._allow[t][lead // 13] \
                    >> reply & 1:
                void |= solver._oblige[t][lead // 13]  # it could not follow as duty asks
        hands[follower] ^= 1 << reply
        public |= 1 << reply
        winner, _diff, won0, s0, s1, over = play_trick(t, leader, lead, reply, won0, s0, s1,
                                                       scores=True)
        if over or t == TRICKS - 1:
            return s0, s1, over
        public |= 1 << turnups[t - pos.trick_number + 1]
        t += 1
        leader = winner
        lead = -1


# -- what the opponent's plays say about its hand -----------------------------------------------


class _Choice(NamedTuple):
    """One card the opponent chose this deal, as it was then."""

    card: int
    #: the card it replied to, or -1 when it led
    lead: int
    trumps: int
    #: the cards it could not see then besides its own: the mask of cards played or turned
    public: int
    #: its cards played from this choice on (so that its hand then is its hand now plus these)
    later: int
    #: the number of cards this player held then (what the opponent's lead was weighed against)
    my_size: int


def _opponent_choices(view: PlayerView) -> list[_Choice]:
    """The cards the opponent has chosen in this deal, each with what it could see then."""
    opponent = 1 - view.player
    tricks: list[tuple[int, tuple[Card, ...], int]] = [
        (t.leader, t.cards, trumps_index(t.trumps)) for t in view.tricks_played]
    if view.trick and view.trumps is not None:
        tricks.append((view.trick[0][0], (view.trick[0][1],), trumps_index(view.trumps)))
    played = 0
    raw = []
    for i, (leader, cards, trumps) in enumerate(tricks):
        public = played | _mask(view.turned[: i + 1])
        if leader == opponent:
            raw.append((i, cards[0].index, -1, trumps, public))
        elif len(cards) == 2:
            raw.append((i, cards[1].index, cards[0].index, trumps, public | 1 << cards[0].index))
        played |= _mask(cards)
    out = []
    for i, card, lead, trumps, public in raw:
        later = 0
        for leader, cards, _ in tricks[i:]:
            mine = cards[0] if leader == opponent else cards[1] if len(cards) == 2 else None
            if mine is not None:
                later |= 1 << mine.index
        out.append(_Choice(card, lead, trumps, public, later, TRICKS - i))
    return out


#: How sharply the opponent is taken to prefer what the greedy judgement prefers (in points of
#: the greedy scores), and the share of its choices taken to be made at random.
_TEMPERATURE = 1.0
_RANDOM_SHARE = 0.1


def _likelihood(rules: Rules, opponent: int, choices: Sequence[_Choice], hand: int,
                pack: int, memo: dict[tuple[int, int], float] | None = None) -> float:
    """How likely the opponent's choices were, had it held ``hand`` (a mask) now: the product,
    over its choices, of the chance that a player of the greedy judgement, choosing with some
    noise, would have chosen as it did.

    ``memo`` (one per list of ``choices``) keeps the chance of each reply by the cards it could
    be chosen from, which many guessed hands share: the same figures, worked out once."""
    tables = rules.tables
    duty = _search_tables(tables)
    greedy = _greedy_tables(rules)
    if memo is None:
        memo = {}
    weight = 1.0
    for i, c in enumerate(choices):
        held = hand | c.later
        if c.lead < 0:
            legal = _bits(held)
            scores = _lead_scores(tables, greedy, opponent, legal, c.trumps,
                                  pack & ~(held | c.public), c.my_size)
            weight *= _chance_chosen(scores, legal, c.card)
            continue
        suit = c.lead // 13
        allowed = held & duty.allow[c.trumps][suit] if held & duty.oblige[c.trumps][suit] \
            else held
        if not allowed >> c.card & 1:
            return 0.0
        key = (i, allowed)
        factor = memo.get(key)
        if factor is None:
            legal = _bits(allowed)
            factor = memo[key] = 1.0 if len(legal) == 1 else _chance_chosen(
                _follow_scores(tables, greedy, opponent, legal, c.lead, c.trumps), legal, c.card)
        weight *= factor
    return weight


def _chance_chosen(scores: Sequence[float], legal: Sequence[int], card: int) -> float:
    """The chance that a player choosing among ``legal`` by ``scores`` (a softmax at
    :data:`_TEMPERATURE`, with :data:`_RANDOM_SHARE` of its choices at random) chose ``card``."""
    top = max(scores)
    exps = [math.exp((x - top) / _TEMPERATURE) for x in scores]
    chance = exps[legal.index(card)] / sum(exps)
    return (1.0 - _RANDOM_SHARE) * chance + _RANDOM_SHARE / len(legal)


def _worlds(view: PlayerView, n: int, rng: random.Random, inference: int) -> list[_World]:
    """``n`` worlds consistent with ``view``.  With ``inference``, ``inference`` times as many
    hands for the opponent are dealt and ``n`` kept at random in proportion to how likely each
    makes the opponent's plays so far (:func:`_likelihood`); the stock is shuffled afresh for
    each world kept."""
    choices = _opponent_choices(view) if inference > 1 else []
    if not choices:
        return [_World(p) for p in sample_positions(view, n, rng)]
    rules = view.rules
    pack = _mask(rules.pack)
    unseen = sorted(view.unseen, key=lambda c: c.index)
    lacking = voids(view)
    allowed = [c for c in unseen if c.suit not in lacking]
    size = view.opponent_hand_size
    if len(allowed) < size:
        allowed = unseen
    hands = [rng.sample(allowed, size) for _ in range(n * inference)]
    opponent = 1 - view.player
    memo: dict[tuple[int, int], float] = {}
    weights = [_likelihood(rules, opponent, choices, _mask(h), pack, memo) for h in hands]
    total = sum(weights)
    if total <= 0.0:  # nothing fits the model: keep them all alike
        weights = [1.0] * len(hands)
        total = float(len(hands))
    # systematic resampling: n evenly spaced draws through the cumulative weights
    step = total / n
    point = rng.random() * step
    kept: list[list[Card]] = []
    reached = 0.0
    for hand, w in zip(hands, weights, strict=True):
        reached += w
        while point < reached and len(kept) < n:
            kept.append(hand)
            point += step
    while len(kept) < n:
        kept.append(hands[-1])
    out = []
    for hand in kept:
        taken = set(hand)
        stock = [c for c in unseen if c not in taken]
        rng.shuffle(stock)
        out.append(_World(Position.from_view(view, hand, stock)))
    return out


def _decision_seed(seed: int, view: PlayerView) -> int:
    """A seed for one decision: the player's seed and everything the view shows, hashed, so that
    the same view always gets the same estimates (and a replay can ask for them again)."""
    parts = [
        str(seed), str(view.rules), str(view.player), str(view.deal), str(view.scores),
        " ".join(c.code for c in view.hand), " ".join(c.code for c in view.turned),
        " ".join(f"{p}{c.code}" for p, c in view.trick),
        " ".join(f"{t.leader}{t.cards[0].code}{t.cards[1].code}" for t in view.tricks_played),
    ]
    digest = hashlib.blake2b("|".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


#: The estimates of the last decisions worked out, by (decision seed, worlds, inference): the
#: same view and seed always give the same estimates, so the analysis of a deal the computer has
#: just played (with the game's seed, as the terminal and the live table ask it) finds the
#: computer's own figures here instead of playing them out again.
_REMEMBERED: dict[tuple[int, int, int], dict[Card, CardEstimate]] = {}
_REMEMBER = 256


def estimate(view: PlayerView, worlds: int = DEFAULT_WORLDS, seed: int = 0,
             inference: int = DEFAULT_INFERENCE) -> dict[Card, CardEstimate]:
    """The play-outs' estimate of each legal card in ``view`` (see the module's description).

    The player remembers every card it has seen this deal
    (:meth:`~penneech.game.PlayerView.remembered`): when the rules turn past tricks face down,
    its worlds still leave out the cards already played.
    The same ``view``, ``worlds`` and ``seed`` always give the same estimates (the last few
    hundred are remembered).

    Raises:
        GameError: the view is not of a player about to play a card.
    """
    legal = check_view(view).legal_plays
    whole_at_least_one(worlds, "worlds", MAX_WORLDS)
    whole_at_least_one(inference, "inference", MAX_INFERENCE)
    view = view.remembered()
    key = (_decision_seed(seed, view), worlds, inference)
    found = _REMEMBERED.get(key)
    if found is None:
        found = _estimate(view, legal, worlds, key[0], inference)
        if len(_REMEMBERED) >= _REMEMBER:
            del _REMEMBERED[next(iter(_REMEMBERED))]
        _REMEMBERED[key] = found
    return dict(found)


def _chance_after(rules: Rules, model: WinModel, me: int, scores: tuple[int, int],
                  over: bool) -> float:
    """Player ``me``'s chance of winning the game after a play-out that left ``scores``: 1 or 0
    when the game is decided, else :class:`WinModel`'s."""
    winner = rules.game_winner(scores, True)
    if winner is not None:
        return 1.0 if winner == me else 0.0
    return 0.0 if over else model.chance(scores[me], scores[1 - me])


def _estimate(view: PlayerView, legal: Sequence[Card], worlds: int, decision_seed: int,
              inference: int) -> dict[Card, CardEstimate]:
    rules = view.rules
    me = view.player
    model = win_model(rules)
    pack = _mask(rules.pack)
    public = pack & ~(_mask(view.hand) | _mask(view.unseen))
    cards = [c.index for c in legal]
    points = dict.fromkeys(cards, 0)
    chances = dict.fromkeys(cards, 0.0)
    rng = random.Random(decision_seed)
    for world in _worlds(view, worlds, rng, inference):
        for card in cards:
            s0, s1, over = _play_out(world, card, pack, public)
            points[card] += (s0 - view.scores[0]) - (s1 - view.scores[1])
            chances[card] += _chance_after(rules, model, me, (s0, s1), over)
    sign = 1 if me == 0 else -1
    return {
        c: CardEstimate(c, sign * points[c.index] / worlds, chances[c.index] / worlds, worlds)
        for c in legal
    }


def best_card(estimates: dict[Card, CardEstimate]) -> Card:
    """The card with the highest :attr:`CardEstimate.score` (the lowest index among equals)."""
    return max(estimates.values(), key=lambda e: (e.score, -e.card.index)).card


class PlayoutPlayer:
    """The play-out player (see the module's description); ``worlds`` is its strength.

    Its decisions depend on its ``seed`` and on what it sees, nothing else: the same view gives
    the same card, and :meth:`estimates` gives the figures it chose by.
    """

    def __init__(self, seed: int | None = None, worlds: int = DEFAULT_WORLDS,
                 name: str = "expert", inference: int = DEFAULT_INFERENCE) -> None:
        self.name = _check_name(name)
        self.worlds = whole_at_least_one(worlds, "worlds", MAX_WORLDS)
        self.inference = whole_at_least_one(inference, "inference", MAX_INFERENCE)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)

    def throw_in(self, view: PlayerView) -> bool:
        """Throw in every hand it may: a hand without an ace or a face card is a poor one."""
        check_view(view, "throw_in")
        return True

    def estimates(self, view: PlayerView) -> dict[Card, CardEstimate]:
        """This player's estimate of each legal card in ``view``."""
        return estimate(view, self.worlds, self.seed, self.inference)

    def play(self, view: PlayerView) -> Card:
        legal = check_view(view).legal_plays
        if len(legal) == 1:
            return legal[0]
        return best_card(self.estimates(view))
