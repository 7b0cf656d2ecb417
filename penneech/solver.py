"""An exact solver for the rest of a deal, and the sampling that lets it play without cheating.

Given both hands and the order of the stock, :func:`solve` finds the best play for the rest of
the deal by alpha-beta search with a transposition table.  The value of a position is the points
the side to move will score in the rest of the deal minus the points the other side will score,
when both play perfectly: trick points, turn-ups and the majority bonus, under any rules.  Under
``win_check: immediate`` scoring stops the moment a player reaches the target, as it does in the
game, so the value is always what would really be pegged.

>>> from penneech import Game
>>> game = Game("pagat", seed=7)
>>> while game.phase.value == "throw_in":
...     game.throw_in(False)
>>> solution = solve(Position.from_game(game))
>>> len(solution.pv)
14

A computer player may not see the hidden cards.  :func:`sample_positions` deals them afresh,
uniformly among the layouts consistent with what one player has seen (including the suits the
opponent has shown it lacks), which is how the ``solver`` player of :mod:`penneech.players` uses
this module (perfect-information Monte Carlo).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from .cards import Card, CardError, Suit, parse_card
from .game import Game, GameError, Phase, PlayerView, check_game, check_seat
from .rules import CARDS_BY_INDEX, SUITS_BY_INDEX, TRICKS, Rules, RuleTables, Seat, other_seat
from .text import integer, py_shown

__all__ = ["Position", "Solution", "solve", "move_values", "sample_positions", "Solver", "voids"]

#: A set of cards as an integer: bit ``card.index`` is set for each card in the set.
CardMask: TypeAlias = int
#: A card as its :attr:`~penneech.cards.Card.index` (0 … 51).
CardIndex: TypeAlias = int

_INF = 1 << 20
#: What winning the game is worth to :class:`Solver` ``for_game``, more than the points of any
#: deal (and far less than ``_INF``).
GAME_WON = 10_000

# Card facts (penneech.cards) as tables indexed by Card.index (suit number * 13 + rank - 2).
_ALL = CARDS_BY_INDEX
_SUIT_NO: dict[Suit, int] = {s: i for i, s in enumerate(SUITS_BY_INDEX)}
_SUIT = [c.index // 13 for c in _ALL]
_POWER = [c.power for c in _ALL]
_SUIT_MASK = [sum(1 << c.index for c in _ALL if c.index // 13 == s) for s in range(4)]
_EVERY_CARD: CardMask = (1 << 52) - 1


# The card indices in each 13-bit slice of a mask, one table per suit: a mask's cards are then
# four look-ups, about twice as fast as taking the bits one by one (the play-outs ask this
# hundreds of thousands of times a decision).
def _slice_table(first: CardIndex) -> tuple[tuple[CardIndex, ...], ...]:
    table: list[tuple[CardIndex, ...]] = [()] * (1 << 13)
    for m in range(1, 1 << 13):
        low = m & -m
        table[m] = (first + low.bit_length() - 1, *table[m ^ low])
    return tuple(table)


_SLICES = tuple(_slice_table(13 * suit) for suit in range(4))


def _bits(mask: CardMask) -> tuple[CardIndex, ...]:
    """The card indices in ``mask``, lowest first."""
    s0, s1, s2, s3 = _SLICES
    return s0[mask & 0x1FFF] + s1[mask >> 13 & 0x1FFF] + s2[mask >> 26 & 0x1FFF] + s3[mask >> 39]


def _suits_mask(suits: frozenset[int]) -> CardMask:
    mask = 0
    for s in suits:
        mask |= _SUIT_MASK[s]
    return mask


class _SearchTables:
    """The rules' tables (:attr:`Rules.tables`) in the form the search wants, for one
    :class:`~penneech.rules.Rules`: masks for the follower's duty, and which cards are
    interchangeable."""

    def __init__(self, tables: RuleTables) -> None:
        self.rule = tables
        #: [trumps][led suit] -> (the suits that oblige, the suits then allowed) as card masks
        self.oblige = [[_suits_mask(o) for o in row] for row in tables.obliged]
        self.allow = [[_suits_mask(a) for a in row] for row in tables.allowed]
        #: the cards that never score, whatever the trumps
        self.plain = [all(tables.points[t][i] == 0 for t in range(4)) for i in range(52)]
        #: [i][j]: the cards against which ``i`` and ``j`` do not win and lose alike under
        #: some trump suit (every card, for cards of two suits)
        self.separators = _separators(tables.beats)
        #: whether the tricks each player has taken matter (the majority bonus)
        self.majority_counts = any(tables.majority)


@functools.cache
def _separators(beats: tuple[bytes, ...]) -> tuple[tuple[CardMask, ...], ...]:
    # as_leader[t][i]: the cards that beat card i led; as_follower[t][i]: the cards card i
    # beats when it follows them
    as_leader = [[_mask_of(table[i * 52: i * 52 + 52]) for i in range(52)] for table in beats]
    as_follower = [[_mask_of(table[i::52]) for i in range(52)] for table in beats]
    rows = []
    for i in range(52):
        row = []
        for j in range(52):
            if _SUIT[i] != _SUIT[j]:
                row.append(_EVERY_CARD)  # cards of two suits are never interchangeable
                continue
            sep = 0
            for t in range(len(beats)):
                sep |= ((as_leader[t][i] ^ as_leader[t][j])
                        | (as_follower[t][i] ^ as_follower[t][j]))
            row.append(sep & ~((1 << i) | (1 << j)))
        rows.append(tuple(row))
    return tuple(rows)


def _mask_of(flags: bytes) -> CardMask:
    """The cards whose flag is set, from 52 flags indexed by card index."""
    return sum(1 << x for x, f in enumerate(flags) if f)


#: The search tables by the identity of the rule tables they come from (each set of values
#: has one :class:`RuleTables`, built once): hashing the tables' tuples for every look-up cost
#: several microseconds, and the play-outs look them up hundreds of thousands of times.
_SEARCH_TABLES: dict[int, tuple[RuleTables, _SearchTables]] = {}


def _search_tables(tables: RuleTables) -> _SearchTables:
    found = _SEARCH_TABLES.get(id(tables))
    if found is None or found[0] is not tables:
        found = _SEARCH_TABLES[id(tables)] = (tables, _SearchTables(tables))
    return found[1]


def _distinct(hand: CardMask, opponent: CardMask, st: _SearchTables) -> list[CardIndex]:
    """The cards of ``hand`` worth trying: of two cards of one suit that never score and that win
    and lose alike against every card the opponent holds, only the lower."""
    out: list[CardIndex] = []
    prev = -1
    plain = st.plain
    separators = st.separators
    while hand:
        low = hand & -hand
        i = low.bit_length() - 1
        hand ^= low
        if prev >= 0 and plain[i] and not (opponent & separators[prev][i]):
            prev = i
            continue
        out.append(i)
        prev = i if plain[i] else -1
    return out


def _mask(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards`` (bit ``card.index`` set for each)."""
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def _cards(cards: object) -> tuple[Card, ...]:
    """``cards`` (cards or codes) as a tuple of cards; :class:`CardError` otherwise."""
    if type(cards) is tuple and all(type(c) is Card for c in cards):
        return cards  # (the engine's own: as they are)
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise CardError(f"cards must be given as a sequence of cards or codes, not "
                        f"{py_shown(cards)}")
    return tuple(c if type(c) is Card else parse_card(c) for c in cards)


@functools.cache
def _pack_of(rules: Rules) -> frozenset[Card]:
    """The cards of the pack ``rules`` deal (its one home, :attr:`Rules.pack`)."""
    return frozenset(rules.pack)


@dataclass(frozen=True)
class Position:
    """Everything needed to play out the rest of a deal: both hands and the stock's order.

    Attributes:
        rules: the rules in force.
        hands: player 0's and player 1's cards.
        trumps: the trump suit of the current trick.
        turnups: the cards that will be turned up after the current trick and each later one,
            in order (``8 - trick_number`` of them; the last is turned after the seventh trick).
        leader: who leads (or led) the current trick.
        led: the card already led to the current trick, if any.
        trick_number: the current trick, 1 … 7.
        tricks_won: tricks each player has taken so far this deal.
        scores: the game scores now (they matter only when the target may be reached).
    """

    rules: Rules
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    trumps: Suit
    turnups: tuple[Card, ...]
    leader: Seat
    led: Card | None = None
    trick_number: int = 1
    tricks_won: tuple[int, int] = (0, 0)
    scores: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        # Built by hand (in a notebook, or from a guess written as codes), a position is read as
        # a game reads cards and suits, and checked, so that a mistake is told here by name and
        # not deep inside the search (review 36c); what the engine builds passes unchanged.
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules must be a Rules, not {py_shown(self.rules)}")
        setter = object.__setattr__
        try:
            if not (isinstance(self.hands, (tuple, list)) and len(self.hands) == 2):
                raise ValueError(f"hands must be two hands of cards, not {py_shown(self.hands)}")
            setter(self, "hands", (_cards(self.hands[0]), _cards(self.hands[1])))
            setter(self, "turnups", _cards(self.turnups))
            if self.led is not None and type(self.led) is not Card:
                setter(self, "led", Card(self.led))
        except CardError as exc:
            raise ValueError(str(exc)) from None
        if not isinstance(self.trumps, Suit):
            try:
                setter(self, "trumps", Suit(self.trumps))
            except ValueError:
                raise ValueError(f"trumps must be a suit (Suit.SPADES, or 'S', 'H', 'D' or 'C'), "
                                 f"not {py_shown(self.trumps)}") from None
        try:
            check_seat(self.leader, "leader")
        except GameError as exc:
            raise ValueError(str(exc)) from None
        for what in ("tricks_won", "scores"):
            pair = getattr(self, what)
            wholes = tuple(integer(x) for x in pair) if isinstance(pair, (tuple, list)) else ()
            if len(wholes) != 2 or any(x is None or x < 0 for x in wholes):
                raise ValueError(f"{what} must be two whole numbers of 0 or more, not "
                                 f"{py_shown(pair)}")
            setter(self, what, wholes)
        number = integer(self.trick_number)
        if number is None or not 1 <= number <= TRICKS:
            raise ValueError(f"trick_number must be 1 … 7, not {py_shown(self.trick_number)}")
        setter(self, "trick_number", number)
        if sum(self.tricks_won) != number - 1:
            raise ValueError(f"tricks_won {self.tricks_won} do not add up to the "
                             f"{number - 1} tricks before trick {number}")
        left = TRICKS - self.trick_number + 1
        if len(self.turnups) != left:
            raise ValueError(
                f"trick {self.trick_number} needs {left} cards to turn up, "
                f"not {len(self.turnups)}"
            )
        sizes = [len(h) for h in self.hands]
        want = [left, left]
        if self.led is not None:
            want[self.leader] -= 1
        if sizes != want:
            raise ValueError(f"hands of {sizes[0]} and {sizes[1]} cards; expected {want}")
        cards = [*self.hands[0], *self.hands[1], *self.turnups]
        if self.led is not None:
            cards.append(self.led)
        if len(set(cards)) != len(cards):
            raise ValueError("a card appears twice in the position")
        outside = sorted(set(cards) - _pack_of(self.rules))
        if outside:
            raise ValueError(f"{', '.join(c.code for c in outside)} "
                             f"{'is' if len(outside) == 1 else 'are'} not in the "
                             f"{self.rules.deck}-card pack of these rules")

    @property
    def to_move(self) -> Seat:
        """The player whose turn it is."""
        return self.leader if self.led is None else other_seat(self.leader)

    def legal_plays(self) -> list[Card]:
        """The cards the player to move may play, in display order."""
        hand = self.hands[self.to_move]
        if self.led is None:
            return sorted(hand)
        return sorted(self.rules.legal_follows(hand, self.led, self.trumps))

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The position of a game in play, with its true hidden cards.

        >>> from penneech import Game
        >>> position = Position.from_game(Game("pagat", seed=7))
        >>> position.to_move, position.trumps, position.hands[1]
        (0, Suit.SPADES, (Card('7C'), Card('3D'), Card('JH'), Card('TC'), Card('8D'), Card('2D'),
                          Card('AD')))
        >>> position.turnups  # the JD is turned up after the first trick, the 3H after the last
        (Card('JD'), Card('8C'), Card('6S'), Card('8H'), Card('3S'), Card('KH'), Card('3H'))
        """
        check_game(game, "from_game",
                   hint="for a player's view, guess the hidden cards: Position.from_view")
        if game.phase is not Phase.PLAY:
            waits = {Phase.DEAL: "waits for the next deal", Phase.OVER: "is over",
                     Phase.THROW_IN: "waits for a player to say whether to throw in the hand"}
            raise GameError(f"there is no trick being played: the game {waits[game.phase]}")
        trick = game.trick
        trumps = game.trumps
        assert trumps is not None
        n = game.trick_number
        return cls(
            rules=game.rules,
            hands=(game.hand(0), game.hand(1)),
            trumps=trumps,
            turnups=game.stock[: TRICKS - n + 1],
            leader=game.leader,
            led=trick[0] if trick else None,
            trick_number=n,
            tricks_won=game.tricks_won,
            scores=game.scores,
        )

    @classmethod
    def from_view(cls, view: PlayerView, opponent_hand: Sequence[Card],
                  stock: Sequence[Card]) -> Position:
        """The position ``view`` shows, completed with a guess at the hidden cards."""
        if view.phase is not Phase.PLAY or view.trumps is None:
            raise GameError("there is no trick being played")
        me = view.player
        hands: list[tuple[Card, ...]] = [(), ()]
        hands[me] = view.hand
        hands[1 - me] = tuple(opponent_hand)
        leader = view.trick[0][0] if view.trick else view.to_move
        assert leader is not None
        return cls(
            rules=view.rules,
            hands=(hands[0], hands[1]),
            trumps=view.trumps,
            turnups=tuple(stock[: TRICKS - view.trick_number + 1]),
            leader=leader,
            led=view.trick[0][1] if view.trick else None,
            trick_number=view.trick_number,
            tricks_won=view.tricks_won,
            scores=view.scores,
        )


@dataclass(frozen=True)
class Solution:
    """The result of :func:`solve`.

    Attributes:
        value: points for the side to move minus points for the other, in the rest of the deal.
        pv: the principal variation: the cards played from here to the end of the deal (or of
            the game), when both sides play their best.
    """

    value: int
    pv: tuple[Card, ...]

    @property
    def best(self) -> Card:
        """The best card to play now (the first of the principal variation)."""
        return self.pv[0]


class Solver:
    """The search for one position's deal.  Keep one to ask several questions of the same deal
    (its transposition table is reused); :func:`solve` and :func:`move_values` make their own."""

    def __init__(self, position: Position, *, for_game: bool = False) -> None:
        """``for_game``: value a line that wins the game at :data:`GAME_WON` more than any
        points (and one that loses it at as much less), the game's end checked after every peg
        and at the end of the deal whatever ``win_check`` says: the search then plays for the
        game first and for points after.  The analysis of a deal asks it where the deal may
        decide the game (:attr:`decides_game`)."""
        self.position = position
        self._for_game = for_game
        rules = position.rules
        tables = rules.tables
        st = _search_tables(tables)
        self._st = st
        self._beats = tables.beats
        self._scorer = tables.scorer
        self._majority = tables.majority
        self._majority_counts = st.majority_counts
        self._to_holder = tables.scorer[0][1] == 0
        t0 = position.trick_number - 1
        # per trick t (0-based): trump suit number, each card's trick value, the turn-up points
        trumps = [0] * TRICKS
        trumps[t0] = _SUIT_NO[position.trumps]
        turn_pts = [0] * TRICKS
        for k, card in enumerate(position.turnups):
            t = t0 + k
            if t + 1 < TRICKS:
                trumps[t + 1] = _SUIT_NO[card.suit]
            if t < TRICKS and tables.turnup_scores[t + 1]:
                turn_pts[t] = tables.turnup[card.index]
        self._trumps = trumps
        self._turn_pts = turn_pts
        self._values = [tables.points[tr] for tr in trumps]
        self._oblige = [st.oblige[tr] for tr in trumps]
        self._allow = [st.allow[tr] for tr in trumps]
        # The scores matter only if someone may reach the target during this deal: at most
        # every turn-up to come, the most each card left may score, and the largest majority
        # bonus both players together may take (all from the rules' tables).
        most_points = tables.most_points
        majority = tables.majority
        most = sum(turn_pts) + max(
            majority[n] + majority[TRICKS - n] for n in range(TRICKS + 1)
        ) + sum(most_points[c.index] for h in position.hands for c in h) + (
            most_points[position.led.index] if position.led else 0)
        reachable = max(position.scores) + most >= rules.target
        self._live = reachable and (rules.ends_mid_deal or for_game)
        #: whether the game may end in this deal (searched only when ``for_game``)
        self.decides_game = for_game and reachable
        self._rules = rules
        self._tt: dict[int, tuple[int, int, int, int]] = {}
        self._memo: dict[int, tuple[int, int]] = {}
        self.nodes = 0

    # -- the search ------------------------------------------------------------------------------

    def _follows(self, hand: CardMask, lead: CardIndex, t: int) -> CardMask:
        """The cards of ``hand`` that may follow ``lead`` in trick ``t``, as a mask."""
        suit = _SUIT[lead]
        if hand & self._oblige[t][suit]:
            return hand & self._allow[t][suit]
        return hand

    def _trick(self, t: int, leader: int, a: CardIndex, b: CardIndex, won0: int, s0: int,
               s1: int) -> tuple[int, int, int, int, int, bool]:
        """Play lead ``a`` and follow ``b`` in trick ``t``.

        Returns (winner, points for 0 minus points for 1, tricks won by 0, new scores, over).
        """
        if self._live:
            return self._play_trick(t, leader, a, b, won0, s0, s1)
        # Away from the target a trick's result depends only on these (and the tricks won, for
        # the majority bonus after the last trick): remember it.
        key = a | b << 6 | t << 12 | leader << 15 | (won0 << 16 if t == TRICKS - 1 else 0)
        memo = self._memo
        got = memo.get(key)
        if got is None:
            w, diff = memo[key] = self._play_trick(t, leader, a, b, won0, s0, s1)[:2]
        else:
            w, diff = got
        return w, diff, won0 + (1 - w), 0, 0, False

    def _play_trick(self, t: int, leader: int, a: CardIndex, b: CardIndex, won0: int, s0: int,
                    s1: int, scores: bool = False) -> tuple[int, int, int, int, int, bool]:
        """:meth:`_trick` without the memory; ``scores`` keeps the game scores even when the
        search does not need them."""
        follower = 1 - leader
        w = follower if self._beats[self._trumps[t]][a * 52 + b] else leader
        won0 = won0 + (1 if w == 0 else 0)
        vals = self._values[t]
        tp = self._turn_pts[t]
        last = t == TRICKS - 1
        scorer = self._scorer
        # the pegs of this trick in the game's order: the cards (the leader's first), the
        # turn-up, and after the last trick the majority bonus
        pegs: tuple[tuple[int, int], ...] = (
            (scorer[leader][w], vals[a]), (scorer[follower][w], vals[b]), (w, tp))
        if last and self._majority_counts:
            pegs += ((0, self._majority[won0]), (1, self._majority[TRICKS - won0]))
        if not self._live:
            # Nobody can reach the target in this deal: the order of the pegs does not matter.
            got = [0, 0]
            for p, pts in pegs:
                got[p] += pts
            if scores:
                return w, got[0] - got[1], won0, s0 + got[0], s1 + got[1], False
            return w, got[0] - got[1], won0, 0, 0, False
        # The scores are close to the target: peg one by one, as the game does.
        totals = [s0, s1]
        over = False
        game_winner = self._rules.game_winner
        winner = None
        for p, pts in pegs:
            if pts:
                totals[p] += pts
                winner = game_winner((totals[0], totals[1]), False)
                if winner is not None:
                    break
        if winner is None and last and self._for_game:
            winner = game_winner((totals[0], totals[1]), True)
        diff = (totals[0] - s0) - (totals[1] - s1)
        if winner is not None:
            over = True
            if self._for_game:
                diff += GAME_WON if winner == 0 else -GAME_WON
        return w, diff, won0, totals[0], totals[1], over

    def _key(self, h0: int, h1: int, leader: int, won0: int, s0: int, s1: int) -> int:
        """The transposition table's key for a trick boundary (the trick is implied by the hands'
        size; the tricks won matter only for the majority bonus)."""
        won = won0 if self._majority_counts else 0
        return h0 | h1 << 52 | leader << 104 | won << 105 | s0 << 108 | s1 << 140

    def _lead(self, hl: int, hf: int, t: int, leader: int, won0: int, s0: int, s1: int,
              a: int, alpha: int, beta: int) -> tuple[int, int]:
        """Value for player 0 when ``leader`` (holding ``hl``) leads ``a`` in trick ``t`` and the
        follower (holding ``hf``) replies as well as it can; and that reply."""
        trick = self._trick
        value = self._value
        maximizing = leader == 0  # the leader maximizes, so the follower minimizes
        nhl = hl ^ (1 << a)
        inner = _INF if maximizing else -_INF
        inner_b = -1
        replies = [
            (trick(t, leader, a, b, won0, s0, s1), b)
            for b in _distinct(self._follows(hf, a, t), nhl | (1 << a), self._st)
        ]
        # the follower's most promising replies first
        if maximizing:  # the follower is player 1: lowest value for player 0 first
            replies.sort(key=lambda r: (r[0][1], _POWER[r[1]]))
        else:
            replies.sort(key=lambda r: (-r[0][1], _POWER[r[1]]))
        for (w, diff, nwon0, n0, n1, over), b in replies:
            if over:
                v = diff
            else:
                nhf = hf ^ (1 << b)
                c0, c1 = (nhl, nhf) if leader == 0 else (nhf, nhl)
                if maximizing:
                    v = diff + value(c0, c1, t + 1, w, nwon0, n0, n1,
                                     alpha - diff, min(beta, inner) - diff)
                else:
                    v = diff + value(c0, c1, t + 1, w, nwon0, n0, n1,
                                     max(alpha, inner) - diff, beta - diff)
            if maximizing:
                if v < inner:
                    inner, inner_b = v, b
                    if inner <= alpha:
                        break
            elif v > inner:
                inner, inner_b = v, b
                if inner >= beta:
                    break
        return inner, inner_b

    def _value(self, h0: int, h1: int, t: int, leader: int, won0: int, s0: int, s1: int,
               alpha: int, beta: int) -> int:
        """Points for player 0 minus points for player 1 from the start of trick ``t``."""
        if t == TRICKS:
            return 0
        self.nodes += 1
        trick = self._trick
        if t == TRICKS - 1:  # one card each: nothing to choose
            a = (h0 if leader == 0 else h1).bit_length() - 1
            b = (h1 if leader == 0 else h0).bit_length() - 1
            return trick(t, leader, a, b, won0, s0, s1)[1]
        key = self._key(h0, h1, leader, won0, s0, s1)
        entry = self._tt.get(key)
        lo, hi = -_INF, _INF
        first = -1
        if entry is not None:
            lo, hi, first, _ = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0, b0 = alpha, beta
        maximizing = leader == 0
        hl, hf = (h0, h1) if leader == 0 else (h1, h0)
        best = -_INF if maximizing else _INF
        best_a = best_b = -1
        leads = _distinct(hl, hf, self._st)
        vals = self._values[t]
        leads.sort(key=lambda i: (i != first, -vals[i], -_POWER[i]))
        lead = self._lead
        for a in leads:
            if maximizing:
                inner, b = lead(hl, hf, t, leader, won0, s0, s1, a, max(alpha, best), beta)
                if inner > best:
                    best, best_a, best_b = inner, a, b
                    if best >= beta:
                        break
            else:
                inner, b = lead(hl, hf, t, leader, won0, s0, s1, a, alpha, min(beta, best))
                if inner < best:
                    best, best_a, best_b = inner, a, b
                    if best <= alpha:
                        break
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self._tt[key] = (lo, hi, best_a, best_b)
        return best

    # -- questions about the position ------------------------------------------------------------

    def _state(self, pos: Position) -> tuple[int, int, int, int, int, int]:
        """(hand 0, hand 1, trick index, won by 0, score 0, score 1) in the search's terms."""
        s0, s1 = pos.scores if self._live else (0, 0)
        return (_mask(pos.hands[0]), _mask(pos.hands[1]), pos.trick_number - 1,
                pos.tricks_won[0], s0, s1)

    def move_values(self, pos: Position | None = None) -> dict[Card, int]:
        """The exact value of each legal play for the side to move (its points minus the other's,
        for the rest of the deal)."""
        return {card: v for card, (v, _) in self._move_values(pos).items()}

    def _move_values(self, pos: Position | None) -> dict[Card, tuple[int, int]]:
        """Each legal play's value for the side to move, with the best reply to it (a card index;
        -1 when the play ends a trick)."""
        pos = self.position if pos is None else pos
        h0, h1, t, won0, s0, s1 = self._state(pos)
        me = pos.to_move
        sign = 1 if me == 0 else -1
        out: dict[Card, tuple[int, int]] = {}
        if pos.led is not None:
            a = pos.led.index
            hl, hf = (h0, h1) if pos.leader == 0 else (h1, h0)
            options = self._follows(hf, a, t)
            distinct = set(_distinct(options, hl | (1 << a), self._st))
            result = (0, -1)
            for b in _bits(options):
                if b in distinct:  # else it is worth what the card just below it is worth
                    result = (sign * self._after(pos.leader, a, b, h0, h1, t, won0, s0, s1), -1)
                out[_ALL[b]] = result
            return out
        hl, hf = (h0, h1) if me == 0 else (h1, h0)
        distinct = set(_distinct(hl, hf, self._st))
        result = (0, -1)
        for a in _bits(hl):
            if a in distinct:
                v, b = self._lead(hl, hf, t, me, won0, s0, s1, a, -_INF, _INF)
                result = (sign * v, b)
            out[_ALL[a]] = result
        return out

    def _after(self, leader: int, a: int, b: int, h0: int, h1: int, t: int, won0: int,
               s0: int, s1: int) -> int:
        """Value for player 0 of the trick ``a``, ``b`` and everything after it (the hands
        given still hold ``b``, not ``a``)."""
        w, diff, nwon0, n0, n1, over = self._trick(t, leader, a, b, won0, s0, s1)
        if over:
            return diff
        follower = 1 - leader
        if follower == 0:
            h0 ^= 1 << b
        else:
            h1 ^= 1 << b
        return diff + self._value(h0, h1, t + 1, w, nwon0, n0, n1, -_INF, _INF)

    def solve(self) -> Solution:
        """The value of the position and a principal variation to the end of the deal."""
        pos: Position | None = self.position
        assert pos is not None
        value = self.value(pos)
        pv: list[Card] = []
        while pos is not None:
            for card in self._best_line(pos):
                pv.append(card)
                pos = _advance(pos, card)
                if pos is None:
                    break
        return Solution(value, tuple(pv))

    def value(self, pos: Position | None = None) -> int:
        """The exact value of the position for the side to move."""
        pos = self.position if pos is None else pos
        if pos.led is not None:
            return max(self.move_values(pos).values())
        h0, h1, t, won0, s0, s1 = self._state(pos)
        v = self._value(h0, h1, t, pos.leader, won0, s0, s1, -_INF, _INF)
        return v if pos.to_move == 0 else -v

    def _best_line(self, pos: Position) -> list[Card]:
        """The best play in ``pos`` (the lowest card of equal best ones when a trick is led to),
        and, when it leads to a trick, the follower's best reply."""
        if pos.led is not None:
            vals = self.move_values(pos)
            return [min(vals, key=lambda c: (-vals[c], c.index))]
        h0, h1, t, won0, s0, s1 = self._state(pos)
        leader = pos.leader
        v = self._value(h0, h1, t, leader, won0, s0, s1, -_INF, _INF)
        hl, hf = (h0, h1) if leader == 0 else (h1, h0)
        entry = self._tt.get(self._key(h0, h1, leader, won0, s0, s1))
        first = entry[2] if entry is not None else -1
        if t == TRICKS - 1:
            return [_ALL[hl.bit_length() - 1], _ALL[hf.bit_length() - 1]]
        # the table's best lead first; check it really reaches the value, else look further
        for a in sorted(_bits(hl), key=lambda i: (i != first, i)):
            got, b = self._lead(hl, hf, t, leader, won0, s0, s1, a, v - 1, v + 1)
            if got == v:
                return [_ALL[a], _ALL[b]]
        raise AssertionError("no play reaches the position's value")  # pragma: no cover


def _advance(pos: Position, card: Card) -> Position | None:
    """The position after ``card`` is played, or None when the deal (or the game) is over."""
    me = pos.to_move
    hands = [pos.hands[0], pos.hands[1]]
    hands[me] = tuple(c for c in hands[me] if c is not card)
    if pos.led is None:
        return Position(pos.rules, (hands[0], hands[1]), pos.trumps, pos.turnups, pos.leader,
                        card, pos.trick_number, pos.tricks_won, pos.scores)
    lead = pos.led
    solver = Solver(pos)
    t = pos.trick_number - 1
    won0 = pos.tricks_won[0]
    s0, s1 = pos.scores
    w, _diff, nwon0, n0, n1, over = solver._play_trick(t, pos.leader, lead.index, card.index,
                                                       won0, s0, s1, scores=True)
    if over or pos.trick_number == TRICKS:
        return None
    return Position(
        pos.rules, (hands[0], hands[1]), pos.turnups[0].suit, pos.turnups[1:], 0 if w == 0 else 1,
        None,
        pos.trick_number + 1, (nwon0, pos.trick_number - nwon0), (n0, n1),
    )


def _position(position: Position | Game) -> Position:
    """``position``, or the position of a game in play (with its true hidden cards)."""
    if isinstance(position, Game):
        return Position.from_game(position)
    if not isinstance(position, Position):
        raise GameError(f"the solver takes a Position or a Game, not {type(position).__name__} "
                        "(a player's view needs its hidden cards guessed: Position.from_view)")
    return position


def solve(position: Position | Game) -> Solution:
    """The exact value of ``position`` (or of a game in play, its hidden cards included) for the
    side to move, and a principal variation.

    >>> from penneech import Game
    >>> solution = solve(Game("pagat", seed=7))  # Ann to lead the first trick
    >>> solution.value, solution.best, solution.pv[:4]
    (19, Card('AS'), (Card('AS'), Card('2D'), Card('7D'), Card('3D')))
    """
    return Solver(_position(position)).solve()


def move_values(position: Position | Game) -> dict[Card, int]:
    """The exact value of each legal play in ``position`` (or in a game in play) for the side
    to move.

    >>> from penneech import Game
    >>> game = Game("pagat", seed=7)
    >>> game.play("6D")  # Ben must follow with a diamond: a low one costs him 18 points
    >>> move_values(game)
    {Card('2D'): -26, Card('3D'): -26, Card('8D'): -8, Card('AD'): -8}
    """
    return Solver(_position(position)).move_values()


# -- sampling the hidden cards -----------------------------------------------------------------


def voids(view: PlayerView) -> frozenset[Suit]:
    """The suits the opponent has shown it holds none of: for each trick it followed, if its card
    was not one the follow rule would have required, it held no card of a suit that obliges."""
    out: set[Suit] = set()
    opponent = 1 - view.player
    rules = view.rules
    for t in view.tricks_played:
        if t.leader == opponent:
            continue
        lead, reply = t.cards
        obliged, allowed = rules.follow_duty(lead.suit, t.trumps)
        if reply.suit not in allowed:
            out.update(obliged)
    return frozenset(out)


def sample_positions(view: PlayerView, n: int, rng: random.Random) -> Iterator[Position]:
    """``n`` positions consistent with ``view``: the opponent's hand and the stock dealt at random
    from the unseen cards, uniformly among the layouts that agree with everything seen."""
    unseen = sorted(view.unseen, key=lambda c: c.index)
    lacking = voids(view)
    size = view.opponent_hand_size
    allowed = [c for c in unseen if c.suit not in lacking]
    if len(allowed) < size:  # cannot happen in a real game; fall back to any unseen cards
        allowed = unseen
    for _ in range(n):
        hand = rng.sample(allowed, size)
        taken = set(hand)
        stock = [c for c in unseen if c not in taken]
        rng.shuffle(stock)
        yield Position.from_view(view, hand, stock)
