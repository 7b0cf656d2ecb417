"""A game of Penneech, step by step, under any :class:`~penneech.rules.Rules`.

>>> game = Game("pagat", seed=7)
>>> game.phase
<Phase.PLAY: 'play'>
>>> card = game.legal_plays()[0]
>>> game.play(card)
>>> game.undo() == card
True

The game deals for itself from its seed (``auto_deal=True``): the same seed gives the same game on
every machine.  A game replayed from a record is dealt the record's packs instead
(``auto_deal=False`` and :meth:`Game.deal`).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card, CardError, Suit, check_pack, format_cards, full_pack, parse_card
from .events import (
    Cut,
    DealEnded,
    DealerChosen,
    Dealt,
    Event,
    GameWon,
    Played,
    Scored,
    ScoreSource,
    ThrowIn,
    TrickWon,
    TurnUp,
)
from .rules import DEFAULT_PRESET, Rules

__all__ = [
    "Game",
    "Phase",
    "PlayerView",
    "Outcome",
    "CompletedTrick",
    "GameError",
    "IllegalPlayError",
    "DealAction",
    "ThrowInAction",
    "PlayAction",
    "Action",
    "trick_value",
    "turnup_value",
    "trick_winner",
    "may_throw_in",
    "legal_follows",
]

#: Builds an event without the Python-level ``__new__`` of a named tuple (the hot path).
_new = tuple.__new__

HAND_SIZE = 7
TRICKS = 7
DEFAULT_NAMES = ("Ann", "Ben")

#: Points for a counting card in a trick (the ♦7 only when diamonds are trumps).
TRICK_POINTS = {14: 5, 13: 4, 12: 3, 11: 2}
PENNEECH_IN_TRICK = 7
PENNEECH_TURNED = 14


class GameError(ValueError):
    """An action that the game cannot take now (wrong phase, game over …)."""


class IllegalPlayError(GameError):
    """A card the rules forbid.  ``rule`` names the option (or basic rule) that forbids it."""

    def __init__(self, message: str, *, card: Card | None, player: int, rule: str) -> None:
        super().__init__(message)
        self.card = card
        self.player = player
        self.rule = rule


class Phase(enum.Enum):
    """What the game is waiting for."""

    DEAL = "deal"  #: a pack to deal (only when ``auto_deal`` is off)
    THROW_IN = "throw_in"  #: the player to move to say whether they throw in their hand
    PLAY = "play"  #: the player to move to play a card
    OVER = "over"  #: nothing: the game is won


class DealAction(NamedTuple):
    """A deal of ``deck`` (top first)."""

    deck: tuple[Card, ...]


class ThrowInAction(NamedTuple):
    player: int
    claim: bool


class PlayAction(NamedTuple):
    player: int
    card: Card


Action = DealAction | ThrowInAction | PlayAction


#: A finished trick, as a player saw it: the :class:`~penneech.events.TrickWon` event.
CompletedTrick = TrickWon


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    winner: int
    scores: tuple[int, int]
    deals: int
    names: tuple[str, str]

    def __str__(self) -> str:
        w = self.winner
        return (
            f"{self.names[w]} wins {self.scores[w]} to {self.scores[1 - w]} "
            f"after {self.deals} deal{'s' if self.deals != 1 else ''}"
        )


@dataclass(frozen=True)
class PlayerView:
    """Everything one player can see, and nothing more.

    This is all a computer player receives: the opponent's hand and the order of the stock are
    not in it.
    """

    player: int
    names: tuple[str, str]
    rules: Rules
    phase: Phase
    deal: int
    dealer: int
    to_move: int | None
    hand: tuple[Card, ...]
    trumps: Suit | None
    #: the card whose suit is trumps now (the last card turned up)
    trump_card: Card | None
    #: the current trick so far: (player, card) pairs
    trick: tuple[tuple[int, Card], ...]
    #: this deal's finished tricks
    tricks_played: tuple[CompletedTrick, ...]
    #: every card turned up this deal, in order
    turned: tuple[Card, ...]
    scores: tuple[int, int]
    tricks_won: tuple[int, int]
    trick_number: int
    stock_size: int
    opponent_hand_size: int
    legal_plays: tuple[Card, ...]
    may_throw_in: bool

    def _repr_html_(self) -> str:
        """Draw what this player sees in a notebook: the opponent's cards face down."""
        from .render import table_html

        return table_html(self)

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards this player has not seen: the opponent's hand and the unturned stock."""
        seen = set(self.hand) | set(self.turned)
        for t in self.tricks_played:
            seen.update(t.cards)
        seen.update(c for _, c in self.trick)
        return frozenset(full_pack(self.rules.deck)) - seen


# ----------------------------------------------------------------------------------------------
# The rules as pure functions (also used by the solver)


def trick_value(card: Card, trumps: Suit, counting: str) -> int:
    """Points ``card`` scores when it falls in a trick with ``trumps`` under ``counting``."""
    points = card.points
    if points and (
        card.suit is trumps if (card.is_penneech or counting == "trumps") else True
    ):
        return points
    return 0


def turnup_value(card: Card) -> int:
    """Points a turned-up card is worth: A 5, K 4, Q 3, J 2, the ♦7 14."""
    return card.turnup_points


def trick_winner(lead: Card, follow: Card, trumps: Suit, rule: str) -> int:
    """0 if the leader's card wins, 1 if the follower's does, under ``trick_winner`` ``rule``."""
    if rule == "suit":
        if follow.suit is lead.suit:
            return 1 if follow.power > lead.power else 0
        return 1 if follow.suit is trumps else 0
    lead_trump = lead.suit is trumps
    follow_trump = follow.suit is trumps
    if lead_trump != follow_trump:
        return 1 if follow_trump else 0
    return 1 if follow.power > lead.power else 0


def legal_follows(hand: Sequence[Card], lead: Card, trumps: Suit, follow: str) -> list[Card]:
    """The cards of ``hand`` that may be played to ``lead`` under ``follow``."""
    if follow == "free":
        return list(hand)
    suit = lead.suit
    same = [c for c in hand if c.suit is suit]
    if not same:
        return list(hand)
    if follow == "suit" or suit is trumps:
        return same
    return [c for c in hand if c.suit is suit or c.suit is trumps]


def may_throw_in(hand: Sequence[Card], redeal: str) -> bool:
    """Whether ``hand`` qualifies for a throw-in under ``redeal``."""
    if redeal == "no_ace_or_face":
        return all(c.rank < 11 for c in hand)
    if redeal == "no_card_above_ten":
        return all(c.power <= 10 for c in hand)
    return False


def shuffle(cards: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """A uniformly shuffled copy of ``cards`` (Fisher–Yates driven by ``rng.random()``).

    The same generator state gives the same order on every platform and Python version.
    """
    pack = list(cards)
    rand = rng.random
    for i in range(len(pack) - 1, 0, -1):
        j = int(rand() * (i + 1))
        pack[i], pack[j] = pack[j], pack[i]
    return tuple(pack)


def _cut_rank(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


# ----------------------------------------------------------------------------------------------


class Game:
    """A game of Penneech between players 0 and 1.

    Args:
        rules: a :class:`Rules` or a preset name.
        seed: makes the game reproducible: the cut and every deal are drawn from it.  If omitted,
            a random seed is chosen and kept in :attr:`seed`.
        players: the two players' names.
        first_dealer: skip the cut and let this player deal first.
        auto_deal: deal each new deal from the seed as soon as it is due.  Turn it off to supply
            the packs yourself with :meth:`deal` (as a record does).
    """

    def __init__(
        self,
        rules: Rules | str = DEFAULT_PRESET,
        *,
        seed: int | None = None,
        players: Sequence[str] = DEFAULT_NAMES,
        first_dealer: int | None = None,
        auto_deal: bool = True,
    ) -> None:
        self.rules: Rules = Rules.preset(rules) if isinstance(rules, str) else rules
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        self.seed: int = seed
        names = tuple(players)
        if len(names) != 2 or not all(isinstance(n, str) and n.strip() for n in names):
            raise GameError(f"players must be two non-empty names, not {list(players)!r}")
        self.names: tuple[str, str] = (names[0], names[1])
        if first_dealer not in (None, 0, 1):
            raise GameError(f"first_dealer must be 0 or 1, not {first_dealer!r}")
        self._fixed_first_dealer = first_dealer
        self.auto_deal = auto_deal
        r = self.rules
        self._follow = r.follow
        self._by_suit = r.trick_winner == "suit"
        self._count_all = r.counting == "honours"
        self._to_holder = r.trick_points_to == "holder"
        self._every_turnup = r.turnups_score == "every"
        self._immediate = r.win_check == "immediate"
        self._target = r.target
        self._pack_rng = random.Random(seed)
        self._packs: list[tuple[Card, ...]] = []
        self._cuts: list[Cut] = []
        if first_dealer is None:
            first_dealer = self._cut()
        self._first_dealer = first_dealer
        self._reset()

    # -- set-up -----------------------------------------------------------------------------------

    def _reset(self) -> None:
        self._events: list[Event] = []
        self._actions: list[Action] = []
        self._scores = [0, 0]
        self._deal_no = 0
        self._hands: list[list[Card]] = [[], []]
        self._deck: tuple[Card, ...] = ()
        self._next_stock = 0
        self._trumps: Suit | None = None
        self._trump_card: Card | None = None
        self._trick: list[Card] = []
        self._tricks_done: list[TrickWon] = []
        self._turned: list[Card] = []
        self._trick_no = 0
        self._tricks_won = [0, 0]
        self._deal_points = [0, 0]
        self._leader = 0
        self._to_move: int | None = None
        self._asked: list[int] = []
        self._winner: int | None = None
        self._legal: list[Card] | None = None
        self._deals_played = 0
        self._phase = Phase.DEAL
        self._events.extend(self._cuts)
        self._dealer = self._first_dealer
        self._events.append(DealerChosen(self._dealer))
        self._maybe_auto_deal()

    def _cut(self) -> int:
        rng = self._pack_rng
        pack = full_pack(self.rules.deck)
        while True:
            a, b = rng.sample(pack, 2)
            self._cuts += [Cut(0, a), Cut(1, b)]
            if _cut_rank(a) != _cut_rank(b):
                return 0 if _cut_rank(a) < _cut_rank(b) else 1

    def _maybe_auto_deal(self) -> None:
        if self.auto_deal and self._phase is Phase.DEAL:
            self.deal()

    def shuffled_pack(self, deal: int) -> tuple[Card, ...]:
        """The pack this game's seed gives deal number ``deal`` (from 1).

        The packs are drawn in order from one stream seeded by :attr:`seed`, and remembered, so
        that undoing and replaying a game deals the same cards.
        """
        cache = self._packs
        while len(cache) < deal:
            cache.append(shuffle(full_pack(self.rules.deck), self._pack_rng))
        return cache[deal - 1]

    # -- reading the state ------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_move(self) -> int | None:
        """The player who must act now (``None`` while dealing or when the game is over)."""
        return self._to_move

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def first_dealer(self) -> int:
        return self._first_dealer

    @property
    def deal_number(self) -> int:
        """The number of the current deal, from 1 (thrown-in deals count)."""
        return self._deal_no

    @property
    def trick_number(self) -> int:
        """The trick being played, 1 to 7 (0 before the first)."""
        return self._trick_no

    @property
    def scores(self) -> tuple[int, int]:
        return (self._scores[0], self._scores[1])

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken in the current deal."""
        return (self._tricks_won[0], self._tricks_won[1])

    @property
    def trumps(self) -> Suit | None:
        return self._trumps

    @property
    def trump_card(self) -> Card | None:
        return self._trump_card

    @property
    def leader(self) -> int:
        """The player who leads (or led) the current trick."""
        return self._leader

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards played to the current trick so far (the leader's first)."""
        return tuple(self._trick)

    @property
    def tricks_played(self) -> tuple[CompletedTrick, ...]:
        return tuple(self._tricks_done)

    @property
    def turned(self) -> tuple[Card, ...]:
        """The cards turned up so far this deal."""
        return tuple(self._turned)

    def hand(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` holds (hidden information: a player's view shows only their own)."""
        return tuple(self._hands[player])

    @property
    def deck(self) -> tuple[Card, ...]:
        """The current deal's whole pack, top first (hidden information)."""
        return self._deck

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock not yet turned, top first (hidden information)."""
        return self._deck[self._next_stock :]

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every deal, throw-in decision and play so far, in order."""
        return tuple(self._actions)

    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        if self._winner is None:
            return None
        return Outcome(self._winner, self.scores, self._deals_played, self.names)

    def view(self, player: int) -> PlayerView:
        """What ``player`` can see."""
        to_move = self._to_move
        mine = to_move == player
        return PlayerView(
            player=player,
            names=self.names,
            rules=self.rules,
            phase=self._phase,
            deal=self._deal_no,
            dealer=self._dealer,
            to_move=to_move,
            hand=tuple(sorted(self._hands[player])),
            trumps=self._trumps,
            trump_card=self._trump_card,
            trick=tuple(
                ((self._leader + i) % 2, c) for i, c in enumerate(self._trick)
            ),
            tricks_played=tuple(self._tricks_done),
            turned=tuple(self._turned),
            scores=self.scores,
            tricks_won=self.tricks_won,
            trick_number=self._trick_no,
            stock_size=len(self._deck) - self._next_stock if self._deck else 0,
            opponent_hand_size=len(self._hands[1 - player]),
            legal_plays=tuple(self.legal_plays()) if mine else (),
            may_throw_in=mine and self._phase is Phase.THROW_IN,
        )

    # -- actions ----------------------------------------------------------------------------------

    def deal(self, deck: Sequence[Card | str] | None = None) -> None:
        """Deal the next deal from ``deck`` (top first), or from the seed if omitted."""
        if self._phase is not Phase.DEAL:
            raise GameError(self._not_now("deal"))
        if deck is None:
            cards = self.shuffled_pack(self._deal_no + 1)
        else:
            cards = tuple(parse_card(c) if isinstance(c, str) else c for c in deck)
            check_pack(cards, self.rules.deck)
        self._actions.append(DealAction(cards))
        self._start_deal(cards)

    def throw_in(self, claim: bool = True) -> None:
        """The player to move throws in their hand (``claim=True``) or keeps it."""
        if self._phase is not Phase.THROW_IN:
            raise GameError(self._not_now("throw in"))
        player = self._asked.pop(0)
        self._actions.append(ThrowInAction(player, claim))
        self._events.append(ThrowIn(self._deal_no, player, claim))
        self._legal = None
        if claim:
            self._events.append(DealEnded(self._deal_no, self._dealer, True, (0, 0), (0, 0)))
            self._phase = Phase.DEAL
            self._to_move = None
            self._maybe_auto_deal()
        elif self._asked:
            self._to_move = self._asked[0]
        else:
            self._start_play()

    def legal_plays(self) -> list[Card]:
        """The cards the player to move may play, in the order they were dealt (a new list;
        empty unless the game waits for a play)."""
        legal = self._legal
        if legal is None:
            if self._phase is not Phase.PLAY:
                return []
            hand = self._hands[self._to_move]  # type: ignore[index]
            if not self._trick:
                legal = list(hand)
            else:
                legal = legal_follows(hand, self._trick[0], self._trumps, self._follow)  # type: ignore[arg-type]
            self._legal = legal
        return list(legal)

    def is_legal(self, card: Card | str) -> bool:
        try:
            c = parse_card(card) if isinstance(card, str) else card
        except CardError:
            return False
        return c in self.legal_plays()

    def play(self, card: Card | str) -> None:
        """Play ``card`` for the player to move.

        Raises:
            IllegalPlayError: the card is not theirs or the rules forbid it; ``rule`` names the
                option that forbids it and the message says why.
            GameError: the game is not waiting for a play.
        """
        c = card if card.__class__ is Card else parse_card(card)  # type: ignore[arg-type]
        legal = self._legal
        if legal is None:
            legal = self.legal_plays()
        if c not in legal:
            raise self._illegal(c)
        self._actions.append(_new(PlayAction, (self._to_move, c)))
        self._play(c)

    def play_for(self, player: int, card: Card | str) -> None:
        """Like :meth:`play`, but first check that it is ``player``'s turn."""
        if self._to_move != player:
            c = parse_card(card) if isinstance(card, str) else card
            raise IllegalPlayError(self._not_now("play"), card=c, player=player, rule="turn")
        self.play(card)

    def undo(self) -> Card | bool:
        """Take back the last play or throw-in decision (and any deal that followed it).

        Returns the card taken back, or for a throw-in decision, whether it was a claim.
        """
        for i in range(len(self._actions) - 1, -1, -1):
            action = self._actions[i]
            if not isinstance(action, DealAction):
                break
        else:
            raise GameError("there is nothing to undo")
        kept = self._actions[:i]
        auto = self.auto_deal
        self.auto_deal = False
        self._reset()
        try:
            for a in kept:
                self._apply(a)
        finally:
            self.auto_deal = auto
        return action.card if isinstance(action, PlayAction) else action.claim

    def _apply(self, action: Action) -> None:
        if isinstance(action, DealAction):
            self.deal(action.deck)
        elif isinstance(action, ThrowInAction):
            self.throw_in(action.claim)
        else:
            self.play(action.card)

    # -- explaining refusals ---------------------------------------------------------------------

    def _not_now(self, what: str) -> str:
        if self._phase is Phase.OVER:
            return f"cannot {what}: the game is over ({self.outcome})"
        if self._phase is Phase.DEAL:
            return f"cannot {what}: the next deal has not been dealt"
        who = self.names[self._to_move] if self._to_move is not None else "nobody"
        if self._phase is Phase.THROW_IN:
            return f"cannot {what}: {who} must first say whether to throw in their hand"
        return f"cannot {what}: {who} is to play a card"

    def _illegal(self, card: Card) -> IllegalPlayError:
        if self._phase is not Phase.PLAY or self._to_move is None:
            player = self._to_move if self._to_move is not None else -1
            return IllegalPlayError(self._not_now("play"), card=card, player=player, rule="phase")
        p = self._to_move
        name = self.names[p]
        hand = self._hands[p]
        if card not in hand:
            return IllegalPlayError(
                f"{card} is not a legal play for {name}: {name} does not hold it "
                f"(holds {format_cards(sorted(hand))})",
                card=card, player=p, rule="hand",
            )
        lead = self._trick[0]
        assert self._trumps is not None
        suit = lead.suit
        follow = self.rules.follow
        held = format_cards(sorted(c for c in hand if c.suit is suit))
        if follow == "suit_or_trump" and suit is not self._trumps:
            trumps = self._trumps.noun
            return IllegalPlayError(
                f"{card} is not a legal play for {name}: {suit.noun} were led, {trumps} are "
                f"trumps, and {name} holds {held}, so must follow suit or trump "
                f"(follow: suit_or_trump)",
                card=card, player=p, rule="follow",
            )
        return IllegalPlayError(
            f"{card} is not a legal play for {name}: {suit.noun} were led and {name} holds "
            f"{held} (follow: {follow})",
            card=card, player=p, rule="follow",
        )

    # -- the course of a deal --------------------------------------------------------------------

    def _start_deal(self, deck: tuple[Card, ...]) -> None:
        self._deal_no += 1
        dealer = self._dealer
        elder = 1 - dealer
        self._deck = deck
        self._hands = [[], []]
        self._hands[elder] = list(deck[0 : 2 * HAND_SIZE : 2])
        self._hands[dealer] = list(deck[1 : 2 * HAND_SIZE : 2])
        self._next_stock = 2 * HAND_SIZE
        self._trumps = None
        self._trump_card = None
        self._trick = []
        self._tricks_done = []
        self._turned = []
        self._trick_no = 0
        self._tricks_won = [0, 0]
        self._deal_points = [0, 0]
        self._legal = None
        self._events.append(Dealt(self._deal_no, dealer))
        rules = self.rules
        claimants = [elder, dealer] if rules.redeal_claimant == "either" else [dealer]
        self._asked = [p for p in claimants if may_throw_in(self._hands[p], rules.redeal)]
        if self._asked:
            self._phase = Phase.THROW_IN
            self._to_move = self._asked[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        dealer = self._dealer
        self._phase = Phase.PLAY
        self._deals_played += 1
        self._trick_no = 1
        self._leader = dealer if self.rules.first_leader == "dealer" else 1 - dealer
        self._to_move = self._leader
        self._legal = None
        card = self._deck[self._next_stock]
        self._next_stock += 1
        self._turned.append(card)
        self._trumps = card.suit
        self._trump_card = card
        self._events.append(TurnUp(self._deal_no, 1, dealer, card))
        if self.rules.first_turnup_scores and card.turnup_points:
            self._peg(dealer, card.turnup_points, "turnup", card, "first_turnup_scores")

    def _peg(
        self, player: int, points: int, source: ScoreSource, card: Card | None, option: str
    ) -> bool:
        """Add points; return True if that wins the game at once."""
        scores = self._scores
        scores[player] += points
        self._deal_points[player] += points
        self._events.append(
            _new(Scored, (self._deal_no, self._trick_no, player, points, source, card, option,
                          scores[player]))
        )
        if self._immediate and scores[player] >= self._target:
            self._win(player)
            return True
        return False

    def _win(self, player: int) -> None:
        self._winner = player
        self._phase = Phase.OVER
        self._to_move = None
        self._legal = None
        self._events.append(GameWon(player, self.scores))

    def _play(self, card: Card) -> None:
        """Apply a legal play (the hot path: kept flat on purpose)."""
        player: int = self._to_move  # type: ignore[assignment]
        self._hands[player].remove(card)
        self._legal = None
        events = self._events
        deal = self._deal_no
        trick_no = self._trick_no
        events.append(_new(Played, (deal, trick_no, player, card)))
        trick = self._trick
        if not trick:
            trick.append(card)
            self._to_move = 1 - player
            return
        lead = trick[0]
        leader = self._leader
        trumps: Suit = self._trumps  # type: ignore[assignment]
        # who wins
        if card.suit is lead.suit:
            winner = player if card.power > lead.power else leader
        elif self._by_suit or (card.suit is trumps) != (lead.suit is trumps):
            winner = player if card.suit is trumps else leader
        else:
            winner = player if card.power > lead.power else leader
        self._trick = []
        won = _new(TrickWon, (deal, trick_no, leader, (lead, card), trumps, winner))
        self._tricks_done.append(won)
        self._tricks_won[winner] += 1
        events.append(won)
        # 1. the counting cards in the trick, the leader's first
        if lead.points or card.points:
            to_holder = self._to_holder
            option = "trick_points_to" if to_holder else "counting"
            count_all = self._count_all
            for who, c in ((leader, lead), (player, card)):
                points = c.points
                if points and (
                    c.suit is trumps if (c.is_penneech or not count_all) else True
                ) and self._peg(who if to_holder else winner, points, "trick", c, option):
                    return
        # 2. the winner turns up the next card, which sets trumps for the next trick
        turned = self._deck[self._next_stock]
        self._next_stock += 1
        self._turned.append(turned)
        self._trick_no = trick_no + 1
        events.append(_new(TurnUp, (deal, trick_no + 1, winner, turned)))
        if trick_no < TRICKS:
            self._trumps = turned.suit
            self._trump_card = turned
            self._leader = winner
            self._to_move = winner
            if (
                turned.turnup_points
                and self._every_turnup
                and self._peg(winner, turned.turnup_points, "turnup", turned, "turnups_score")
            ):
                return
            return
        self._to_move = None
        if turned.turnup_points and self._peg(
            winner, turned.turnup_points, "turnup", turned, "turnups_score"
        ):
            return
        # 3. the majority bonus, and the end of the deal
        self._trick_no = TRICKS
        if self.rules.majority_bonus:
            for p in (0, 1):
                won_tricks = self._tricks_won[p]
                if won_tricks * 2 > TRICKS and self._peg(
                    p, 2 * won_tricks - TRICKS, "majority", None, "majority_bonus"
                ):
                    return
        self._end_deal()

    def _end_deal(self) -> None:
        self._events.append(
            DealEnded(self._deal_no, self._dealer, False,
                      (self._deal_points[0], self._deal_points[1]),
                      (self._tricks_won[0], self._tricks_won[1]))
        )
        self._to_move = None
        self._dealer = 1 - self._dealer
        if self.rules.win_check == "end_of_deal":
            a, b = self._scores
            target = self.rules.target
            if a != b and max(a, b) >= target:
                self._win(0 if a > b else 1)
                return
        self._phase = Phase.DEAL
        self._maybe_auto_deal()

    # -- notation --------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules} seed={self.seed} deal {self._deal_no} trick {self._trick_no} "
            f"scores {self._scores[0]}-{self._scores[1]} {self._phase.value}>"
        )

    def _repr_html_(self) -> str:
        """Draw the table in a notebook, both hands face up (see :mod:`penneech.render`)."""
        from .render import table_html

        return table_html(self, reveal=True)

    def copy(self) -> Game:
        """An independent copy at the same point."""
        other = Game(self.rules, seed=self.seed, players=self.names,
                     first_dealer=self._fixed_first_dealer, auto_deal=False)
        other._pack_rng.setstate(self._pack_rng.getstate())
        other._packs = list(self._packs)
        for a in self._actions:
            other._apply(a)
        other.auto_deal = self.auto_deal
        return other
