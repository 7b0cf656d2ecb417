"""A game of Penneech, step by step, under any :class:`~penneech.rules.Rules`.

>>> game = Game("pagat", seed=7)
>>> game.phase
Phase.PLAY
>>> card = game.legal_plays()[0]
>>> game.play(card)
>>> game.undo().card == card
True

The game deals for itself from its seed (``auto_deal=True``): the same seed gives the same game on
every machine.  A game replayed from a record is dealt the record's packs instead
(``auto_deal=False`` and :meth:`Game.deal`).
"""

from __future__ import annotations

import enum
import random
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from .cards import Card, CardError, Suit, check_pack, parse_card
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
    compare_by_kind,
)
from .narrate import Sentence, Who, cards_parts, outcome_text, render, verb
from .rules import (
    DEFAULT_PRESET,
    TRICKS,
    Rules,
    RulesError,
    Seat,
    cards_allowed,
    deal_hands,
    is_seat,
    other_seat,
)
from .text import integer, py_shown, shown

__all__ = [
    "Game",
    "Phase",
    "PlayerView",
    "Outcome",
    "GameError",
    "DeckError",
    "IllegalPlayError",
    "DealAction",
    "ThrowInAction",
    "PlayAction",
    "Action",
    "Decision",
    "shuffle",
]

#: Builds an event without the Python-level ``__new__`` of a named tuple (the hot path).
_new = tuple.__new__

DEFAULT_NAMES = ("Ann", "Ben")
#: The most deals a game may reach (:meth:`Game.shuffled_pack`): far beyond the largest game the
#: rules allow (:data:`~penneech.rules.MAX_TARGET`), and every pack up to it is kept.
MAX_DEALS = 100_000


class GameError(ValueError):
    """An action that the game cannot take now (wrong phase, game over …)."""


class DeckError(GameError, CardError):
    """A deck given to :meth:`Game.deal` that is not a whole pack of the rules' cards: a
    :class:`GameError` (what the game could not do) and a :class:`~penneech.cards.CardError`
    (what is wrong with the cards).

    >>> game = Game("pagat", seed=7, auto_deal=False)
    >>> try:
    ...     game.deal(["AS", "XX"])
    ... except GameError as error:
    ...     print(error)
    'XX' is not a card: write a rank (A K Q J T or 10, 9 … 2) and a ...
    """


class IllegalPlayError(GameError):
    """A card the rules forbid.  ``rule`` names the option (or basic rule) that forbids it;
    ``card`` is the card (a :class:`~penneech.cards.Card`, however it was given) and ``player``
    the seat that played it (``-1`` for a card played when nobody is to play: the next deal not
    dealt, or the game over).

    ``str()`` tells why about the named players; :meth:`told_to` tells it to one of them
    ("you do not hold it").

    >>> game = Game("pagat", seed=7)
    >>> try:
    ...     game.play("KH")
    ... except IllegalPlayError as error:
    ...     print(error.rule, error.card, error.player)
    ...     print(error.told_to(0))
    hand KH 0
    KH is not a legal play for you: you do not hold it (you hold AS, 9S, 2H, AC, 9C, 7D, 6D)
    """

    def __init__(self, message: str | Sentence, *, card: Card | None, player: int, rule: str,
                 names: Sequence[str] = ()) -> None:
        sentence: Sentence = (message,) if isinstance(message, str) else message
        super().__init__(render(sentence, names))
        self.sentence = sentence
        self.names = tuple(names)
        self.card = card
        self.player = player
        self.rule = rule

    def told_to(self, seat: Seat | None, *, symbols: bool = False) -> str:
        """The reason told to the player in ``seat`` (in the second person); with
        ``symbols``, cards as the narration prints them (♥K) instead of their codes (KH)."""
        return render(self.sentence, self.names, seat, symbols=symbols)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle and copy rebuild it from its parts (a process pool sends errors back)
        return (_illegal_play_error, (self.sentence, self.card, self.player, self.rule,
                                      self.names))


def _illegal_play_error(sentence: Sentence, card: Card | None, player: int, rule: str,
                        names: Sequence[str]) -> IllegalPlayError:
    return IllegalPlayError(sentence, card=card, player=player, rule=rule, names=names)


class Phase(enum.Enum):
    """What the game is waiting for."""

    DEAL = "deal"  #: a pack to deal (only when ``auto_deal`` is off)
    THROW_IN = "throw_in"  #: the player to move to say whether they throw in their hand
    PLAY = "play"  #: the player to move to play a card
    OVER = "over"  #: nothing: the game is won

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class DealAction(NamedTuple):
    """A deal of ``deck`` (top first)."""

    deck: tuple[Card, ...]


class ThrowInAction(NamedTuple):
    """``player``'s answer to the throw-in question: ``claim`` it (throw in) or keep the hand."""

    player: Seat
    claim: bool


class PlayAction(NamedTuple):
    """``player`` plays ``card``."""

    player: Seat
    card: Card


#: A player's decision: what :meth:`Game.undo` takes back.
Decision = ThrowInAction | PlayAction


def taken_back_text(taken: Sequence[Decision], names: Sequence[str],
                    you: Seat | None = None) -> str:
    """What :meth:`Game.take_back` took back, in the order it was played, told to the player
    in seat ``you`` (if any): the terminal game and the live table both say it (the live
    table's Undo said nothing; review 39c).

    >>> taken = [PlayAction(1, Card("8D")), PlayAction(0, Card("3S"))]
    >>> taken_back_text(taken, ("Ann", "Expert"), you=0)
    "Taken back: your ♠3, then Expert's ♦8."
    """
    said = []
    for decision in reversed(taken):
        who = "your" if decision.player == you else f"{names[decision.player]}'s"
        if isinstance(decision, PlayAction):
            said.append(f"{who} {decision.card.symbol}")
        else:
            said.append(f"{who} answer to the throw-in question")
    return "Taken back: " + ", then ".join(said) + "."
#: Anything that moves a game on: a deal or a decision.
Action = DealAction | ThrowInAction | PlayAction
compare_by_kind(DealAction, ThrowInAction, PlayAction)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    >>> from penneech import make_player, play_game
    >>> outcome = play_game(Game("pagat", seed=3), [make_player("greedy"), make_player("greedy")])
    >>> outcome.winner, outcome.scores, outcome.deals, outcome.thrown_in
    (0, (61, 29), 3, 1)
    >>> str(outcome)
    'Ann wins 61 to 29 after 4 deals (1 thrown in)'
    """

    winner: Seat
    scores: tuple[int, int]
    #: deals played (a thrown-in deal is not)
    deals: int
    names: tuple[str, str]
    #: deals thrown in: ``deals + thrown_in`` is the number of the last deal dealt, the "Deal N"
    #: of the narration
    thrown_in: int = 0

    def __post_init__(self) -> None:
        # built by hand or from its repr, it is checked as the game's own are made
        check_seat(self.winner, "winner")
        scores = self.scores
        if not (isinstance(scores, tuple) and len(scores) == 2
                and all(type(s) is int and s >= 0 for s in scores)):
            raise GameError(f"scores must be a tuple of two whole numbers of 0 or more, "
                            f"not {py_shown(scores)}")
        for what in ("deals", "thrown_in"):
            value = getattr(self, what)
            if type(value) is not int or value < 0:
                raise GameError(f"{what} must be a whole number of 0 or more, "
                                f"not {py_shown(value)}")
        if not isinstance(self.names, tuple):
            raise GameError(f"names must be a tuple of two names, not {py_shown(self.names)}")
        check_names(self.names)

    def __str__(self) -> str:
        return outcome_text(self)


@dataclass(frozen=True)
class PlayerView:
    """Everything one player can see, and nothing more.

    This is all a computer player receives: the opponent's hand and the order of the stock are
    not in it.

    >>> from penneech import Game
    >>> view = Game("pagat", seed=7).view(1)  # Ben's view before Ann leads
    >>> view.hand  # his own hand, sorted
    (Card('JH'), Card('TC'), Card('7C'), Card('AD'), Card('8D'), Card('3D'), Card('2D'))
    >>> view.trump_card, view.opponent_hand_size, view.stock_size, len(view.unseen)
    (Card('8S'), 7, 37, 44)
    """

    player: Seat
    names: tuple[str, str]
    rules: Rules
    phase: Phase
    deal: int
    #: who dealt deal number ``deal``: between deals, the dealer of the deal just ended (whose
    #: tricks the view still shows), not the next dealer (:attr:`Game.dealer`)
    dealer: Seat
    to_move: Seat | None
    hand: tuple[Card, ...]
    trumps: Suit | None
    #: the card whose suit is trumps now (see :attr:`Game.trump_card`)
    trump_card: Card | None
    #: the current trick so far: (player, card) pairs
    trick: tuple[tuple[Seat, Card], ...]
    #: this deal's finished tricks still in view: all of them, or none when the rules turn them
    #: face down (``past_tricks``)
    tricks_played: tuple[TrickWon, ...]
    #: the cards turned up this deal still in view, in order: all, or only the latest
    turned: tuple[Card, ...]
    scores: tuple[int, int]
    tricks_won: tuple[int, int]
    trick_number: int
    stock_size: int
    opponent_hand_size: int
    legal_plays: tuple[Card, ...]
    may_throw_in: bool
    #: this deal's finished tricks as the player saw them played, every one of them, even when
    #: the rules have since turned them face down
    seen_tricks: tuple[TrickWon, ...] = ()
    #: every card turned up this deal, in order, as the player saw each one turned
    seen_turned: tuple[Card, ...] = ()

    def _repr_html_(self) -> str:
        """Draw what this player sees in a notebook: the opponent's cards face down."""
        from .render import table_html

        return table_html(self)

    def remembered(self) -> PlayerView:
        """This view as a player who remembers every card it has seen this deal sees it: the
        earlier tricks and turn-ups back in view (:attr:`seen_tricks`, :attr:`seen_turned`).

        When the rules leave past tricks open (``past_tricks``) it is the same view.  When they
        turn them face down, a player still saw each trick as it was played and each card as it
        was turned: remembering them is a skill, not a peek.  Of Ruff and Honours and Whist
        Cotton writes “You ought to have a special eye to what Cards are play'd out” (chap. XI,
        p. 115).  The play-out players (``club``, ``expert``) remember; ``greedy`` and
        ``solver`` do not.

        >>> from penneech import Game
        >>> game = Game("parlett", seed=3)
        >>> while game.phase.value == "throw_in":
        ...     game.throw_in(False)
        >>> for _ in range(4):
        ...     game.play(game.legal_plays()[0])
        >>> view = game.view(0)
        >>> len(view.tricks_played), len(view.remembered().tricks_played)
        (0, 2)
        >>> view.remembered().unseen < view.unseen
        True
        """
        if self.tricks_played == self.seen_tricks and self.turned == self.seen_turned:
            return self
        return replace(self, tricks_played=self.seen_tricks, turned=self.seen_turned)

    @property
    def unseen(self) -> frozenset[Card]:
        """The cards not in this player's view: the opponent's hand and the unturned stock, and,
        when the rules turn tricks face down, the cards of the earlier tricks and turn-ups."""
        seen = set(self.hand) | set(self.turned)
        for t in self.tricks_played:
            seen.update(t.cards)
        seen.update(c for _, c in self.trick)
        return frozenset(self.rules.pack) - seen


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

    The seed draws the cut and the first deal, dealt at once.  Under ``"pagat"`` the lower card
    of the cut deals (ace low) and the other player leads:

    >>> game = Game("pagat", seed=7)
    >>> game
    <Game pagat seed=7 deal 1 trick 1 scores 0-0 play>
    >>> game.events[:3]
    (Cut(player=0, card=Card('7H')), Cut(player=1, card=Card('5S')), DealerChosen(player=1))
    >>> game.names, game.dealer, game.to_move
    (('Ann', 'Ben'), 1, 0)
    """

    def __init__(
        self,
        rules: Rules | str = DEFAULT_PRESET,
        *,
        seed: int | None = None,
        players: Sequence[str] = DEFAULT_NAMES,
        first_dealer: Seat | None = None,
        auto_deal: bool = True,
    ) -> None:
        rules = self._rules = as_rules(rules)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        self._seed: int = check_seed(seed)
        self._names: tuple[str, str] = check_names(players)
        self._fixed_first_dealer = check_seat(first_dealer, "first_dealer", optional=True)
        if not isinstance(auto_deal, bool):
            raise GameError(f"auto_deal must be True or False, not {py_shown(auto_deal)}")
        self.auto_deal = auto_deal
        tables = self._tables = rules.tables
        # the rules' tables and answers the hot path reads (all derived from the rules)
        self._beats = tables.beats
        self._points = tables.points
        self._scorer = tables.scorer
        self._turnup_scores = tables.turnup_scores
        self._turnup = tables.turnup
        self._majority = tables.majority
        self._count_option = "trick_points_to" if tables.scorer[0][1] == 0 else "counting"
        self._mid_deal = rules.ends_mid_deal
        self._game_winner = rules.game_winner
        self._pack_rng = random.Random(self._seed)
        self._packs: list[tuple[Card, ...]] = []
        self._cuts: list[Cut] = []
        self._first_dealer: Seat = (
            self._cut() if self._fixed_first_dealer is None else self._fixed_first_dealer
        )
        self._reset()

    @property
    def rules(self) -> Rules:
        """The rules in force (fixed for the whole game)."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed the cut and every deal are drawn from."""
        return self._seed

    @property
    def names(self) -> tuple[str, str]:
        """The two players' names, by seat."""
        return self._names

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
        self._leader: Seat = 0
        self._trump_no = 0
        self._to_move: Seat | None = None
        self._asked: list[Seat] = []
        self._winner: Seat | None = None
        self._legal: list[Card] | None = None
        self._deals_played = 0
        self._phase = Phase.DEAL
        self._events.extend(self._cuts)
        self._dealer = self._dealt_by = self._first_dealer
        self._events.append(DealerChosen(self._dealer))
        self._maybe_auto_deal()

    def _cut(self) -> Seat:
        rng = self._pack_rng
        pack = self._rules.pack
        while True:
            a, b = rng.sample(pack, 2)
            self._cuts += [Cut(0, a), Cut(1, b)]
            dealer = self._rules.cut_winner(a, b)
            if dealer is not None:
                return dealer

    def _maybe_auto_deal(self) -> None:
        if self.auto_deal and self._phase is Phase.DEAL:
            self.deal()

    def shuffled_pack(self, deal: int) -> tuple[Card, ...]:
        """The pack this game's seed gives deal number ``deal`` (from 1 to ``MAX_DEALS``, 100,000).

        The packs are drawn in order from one stream seeded by :attr:`seed`, and remembered, so
        that undoing and replaying a game deals the same cards.  The elder hand (the player who
        did not deal) is dealt the first card, the dealer the second, and so on:

        >>> game = Game("pagat", seed=7)
        >>> game.shuffled_pack(1) == game.deck
        True
        >>> game.shuffled_pack(1)[:4], game.hand(0)[:2], game.hand(1)[:2]
        ((Card('6D'), Card('7C'), Card('2H'), Card('3D')), (Card('6D'), Card('2H')),
         (Card('7C'), Card('3D')))
        """
        if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= MAX_DEALS:
            raise GameError(f"deal must be a whole number from 1 to {MAX_DEALS:,}, not "
                            f"{py_shown(deal)}")
        cache = self._packs
        while len(cache) < deal:
            cache.append(shuffle(self._rules.pack, self._pack_rng))
        return cache[deal - 1]

    # -- reading the state ------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the game is waiting for: a deal, a throw-in answer, a play, or nothing.

        >>> Game("pagat", seed=7).phase, Game("pagat", seed=0).phase
        (Phase.PLAY, Phase.THROW_IN)
        >>> Game("pagat", seed=7, auto_deal=False).phase
        Phase.DEAL
        """
        return self._phase

    @property
    def to_move(self) -> Seat | None:
        """The player who must act now (``None`` while dealing or when the game is over).

        >>> game = Game("pagat", seed=7)
        >>> game.dealer, game.to_move  # Ben dealt: Ann leads
        (1, 0)
        >>> game.play("AS")
        >>> game.to_move
        1
        """
        return self._to_move

    @property
    def dealer(self) -> Seat:
        """The player who deals (or dealt) the current deal; the deal passes after each deal
        played, not after one thrown in.

        >>> game = Game("pagat", seed=7)
        >>> game.first_dealer, game.was_cut, game.dealer
        (1, True, 1)
        >>> Game("pagat", seed=7, first_dealer=0).dealer
        0
        """
        return self._dealer

    @property
    def first_dealer(self) -> Seat:
        """The player who dealt the first deal (cut for, or given as ``first_dealer``)."""
        return self._first_dealer

    @property
    def was_cut(self) -> bool:
        """Whether the first dealer was chosen by a cut drawn from the seed (not given)."""
        return self._fixed_first_dealer is None

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
        """Each player's points in the game so far, by seat.

        >>> game = Game("pagat", seed=7)
        >>> game.play("6D")
        >>> game.play("AD")  # Ben takes the trick and turns up the ♦J, worth 2
        >>> game.scores, game.tricks_won
        ((0, 2), (0, 1))
        """
        return (self._scores[0], self._scores[1])

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken in the current deal."""
        return (self._tricks_won[0], self._tricks_won[1])

    @property
    def trumps(self) -> Suit | None:
        """The trump suit of the current trick: the suit of :attr:`trump_card` (``None`` before
        the first card is turned up).

        >>> game = Game("pagat", seed=7)
        >>> game.trumps
        Suit.SPADES
        >>> game.play("6D")
        >>> game.play("AD")  # the trick's winner turns up the next card: new trumps
        >>> game.trumps
        Suit.DIAMONDS
        """
        return self._trumps

    @property
    def trump_card(self) -> Card | None:
        """The card whose suit is trumps: the card turned up for the trick being played (for
        the seventh, once the deal is played: the card turned after it sets no trumps, and is
        the last of :attr:`turned`).  ``None`` before the first turn-up.

        >>> Game("pagat", seed=7).trump_card
        Card('8S')
        """
        return self._trump_card

    @property
    def leader(self) -> Seat:
        """The player who leads (or led) the current trick."""
        return self._leader

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards played to the current trick so far (the leader's first).

        >>> game = Game("pagat", seed=7)
        >>> game.play("6D")
        >>> game.trick, game.leader, game.to_move
        ((Card('6D'),), 0, 1)
        """
        return tuple(self._trick)

    @property
    def tricks_played(self) -> tuple[TrickWon, ...]:
        """The current deal's finished tricks, in order (all of them: the rules'
        ``past_tricks`` limits only what a player's :meth:`view` shows).

        >>> game = Game("pagat", seed=7)
        >>> game.play("6D")
        >>> game.play("AD")
        >>> game.tricks_played
        (TrickWon(deal=1, trick=1, leader=0, cards=(Card('6D'), Card('AD')),
                  trumps=Suit.SPADES, winner=1),)
        """
        return tuple(self._tricks_done)

    @property
    def turned(self) -> tuple[Card, ...]:
        """The cards turned up so far this deal.

        >>> game = Game("pagat", seed=7)
        >>> game.play("6D")
        >>> game.play("AD")
        >>> game.turned
        (Card('8S'), Card('JD'))
        """
        return tuple(self._turned)

    def hand(self, player: Seat) -> tuple[Card, ...]:
        """The cards ``player`` holds (hidden information: a player's view shows only their own),
        in the order they were dealt.

        >>> game = Game("pagat", seed=7)
        >>> game.hand(0)
        (Card('6D'), Card('2H'), Card('9S'), Card('9C'), Card('AS'), Card('7D'), Card('AC'))
        >>> game.play("AS")
        >>> len(game.hand(0)), len(game.hand(1))
        (6, 7)
        """
        return tuple(self._hands[check_seat(player, "player")])

    @property
    def deck(self) -> tuple[Card, ...]:
        """The current deal's whole pack, top first (hidden information)."""
        return self._deck

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock not yet turned, top first (hidden information).

        >>> game = Game("pagat", seed=7)  # 14 cards dealt, the 15th (8S) turned up
        >>> len(game.deck), len(game.stock), game.stock[0]
        (52, 37, Card('JD'))
        """
        return self._deck[self._next_stock :]

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, in order: the :mod:`penneech.events` the narration
        tells and :func:`~penneech.events.tally` sums deal by deal.

        >>> game = Game("pagat", seed=7)
        >>> game.play("6D")
        >>> game.play("AD")
        >>> game.events[-3:]
        (TrickWon(deal=1, trick=1, leader=0, cards=(Card('6D'), Card('AD')), trumps=Suit.SPADES,
                  winner=1),
         TurnUp(deal=1, trick=2, player=1, card=Card('JD')),
         Scored(deal=1, trick=2, player=1, points=2, source='turnup', card=Card('JD'),
                option='turnups_score', total=2))
        """
        return tuple(self._events)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every deal, throw-in decision and play so far, in order.

        >>> game = Game("pagat", seed=7)
        >>> game.play("AS")
        >>> [type(a).__name__ for a in game.actions], game.actions[-1]
        (['DealAction', 'PlayAction'], PlayAction(player=0, card=Card('AS')))
        """
        return tuple(self._actions)

    def is_over(self) -> bool:
        """Whether the game has been won (:attr:`phase` is ``Phase.OVER``)."""
        return self._phase is Phase.OVER

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on.

        >>> from penneech import make_player, play_game
        >>> game = Game("pagat", seed=7)
        >>> game.outcome is None
        True
        >>> play_game(game, [make_player("greedy"), make_player("greedy")])
        Outcome(winner=0, scores=(61, 44), deals=4, names=('Ann', 'Ben'), thrown_in=0)
        >>> game.is_over(), str(game.outcome)
        (True, 'Ann wins 61 to 44 after 4 deals')
        """
        if self._winner is None:
            return None
        return Outcome(self._winner, self.scores, self._deals_played, self.names,
                       self._deal_no - self._deals_played)

    def view(self, player: Seat) -> PlayerView:
        """What ``player`` can see: a :class:`PlayerView`.  Only the player to move is given
        legal plays.

        >>> game = Game("pagat", seed=7)
        >>> game.view(0).legal_plays == tuple(game.legal_plays()), game.view(1).legal_plays
        (True, ())
        >>> game.play("6D")
        >>> game.view(1).trick, game.view(1).legal_plays
        (((0, Card('6D')),), (Card('3D'), Card('8D'), Card('2D'), Card('AD')))
        """
        player = check_seat(player, "player")
        to_move = self._to_move
        mine = to_move == player
        tricks, turned = self._rules.visible_history(tuple(self._tricks_done),
                                                     tuple(self._turned))
        return PlayerView(
            player=player,
            names=self.names,
            rules=self.rules,
            phase=self._phase,
            deal=self._deal_no,
            dealer=self._dealt_by,
            to_move=to_move,
            hand=tuple(sorted(self._hands[player])),
            trumps=self._trumps,
            trump_card=self._trump_card,
            trick=tuple(
                (self._leader if i == 0 else other_seat(self._leader), c)
                for i, c in enumerate(self._trick)
            ),
            tricks_played=tricks,
            turned=turned,
            scores=self.scores,
            tricks_won=self.tricks_won,
            trick_number=self._trick_no,
            stock_size=len(self._deck) - self._next_stock if self._deck else 0,
            opponent_hand_size=len(self._hands[1 - player]),
            legal_plays=tuple(self.legal_plays()) if mine else (),
            may_throw_in=mine and self._phase is Phase.THROW_IN,
            seen_tricks=tuple(self._tricks_done),
            seen_turned=tuple(self._turned),
        )

    # -- actions ----------------------------------------------------------------------------------

    def deal(self, deck: Sequence[Card | str] | None = None) -> None:
        """Deal the next deal from ``deck`` (top first), or from the seed if omitted.

        >>> from penneech import full_pack
        >>> game = Game("pagat", seed=7, auto_deal=False)  # the seed still cuts: Ben deals
        >>> game.phase
        Phase.DEAL
        >>> game.deal(full_pack())  # unshuffled: the AS to Ann, the KS to Ben, ...
        >>> game.hand(0)[:3], game.hand(1)[:3], game.trump_card
        ((Card('AS'), Card('QS'), Card('TS')), (Card('KS'), Card('JS'), Card('9S')), Card('KH'))
        """
        if self._phase is not Phase.DEAL:
            raise GameError(self._not_now("deal"))
        if deck is None:
            cards = self.shuffled_pack(self._deal_no + 1)
        else:
            if isinstance(deck, str) or not isinstance(deck, Iterable):
                raise GameError(f"deck must be a list of cards (codes such as 'AS', or Card "
                                f"objects), top first, not {py_shown(deck)}")
            try:
                cards = tuple(parse_card(c) if isinstance(c, str) else c for c in deck)
                check_pack(cards, self.rules.pack)  # (the pack the rules deal: review 44c)
            except CardError as exc:
                raise DeckError(str(exc)) from None
        self._actions.append(DealAction(cards))
        self._start_deal(cards)

    def throw_in(self, claim: bool = True) -> None:
        """The player to move throws in their hand (``claim=True``) or keeps it.

        >>> game = Game("pagat", seed=0)  # Ben holds no ace, king, queen or knave
        >>> game.phase, game.to_move
        (Phase.THROW_IN, 1)
        >>> game.throw_in(False)  # Ben keeps it: the first card is turned up
        >>> game.phase, game.trump_card
        (Phase.PLAY, Card('QH'))
        >>> game.undo()
        ThrowInAction(player=1, claim=False)
        >>> game.throw_in()  # Ben throws it in: the same dealer deals again
        >>> game.deal_number, game.dealer
        (2, 0)
        """
        if not isinstance(claim, bool):
            raise GameError(f"claim must be True (throw the hand in) or False (keep it), not "
                            f"{py_shown(claim)}")
        if self._phase is not Phase.THROW_IN:
            raise GameError(self._not_now("throw in"))
        player = self._asked.pop(0)
        self._actions.append(ThrowInAction(player, claim))
        # (the hand thrown in is shown, sorted as a table shows a hand)
        shown = tuple(sorted(self._hands[player])) if claim else ()
        self._events.append(ThrowIn(self._deal_no, player, claim, shown))
        self._legal = None
        if claim:
            self._events.append(DealEnded(self._deal_no, self._dealer, True, (0, 0), (0, 0)))
            self._dealer = self._rules.next_dealer(self._dealer, True)
            self._phase = Phase.DEAL
            self._to_move = None
            self._maybe_auto_deal()
        elif self._asked:
            self._to_move = self._asked[0]
        else:
            self._start_play()

    def legal_plays(self) -> list[Card]:
        """The cards the player to move may play, in the order they were dealt (a new list;
        empty unless the game waits for a play).

        >>> game = Game("pagat", seed=7)
        >>> game.legal_plays()  # Ann leads: any card
        [Card('6D'), Card('2H'), Card('9S'), Card('9C'), Card('AS'), Card('7D'), Card('AC')]
        >>> game.play("6D")
        >>> game.legal_plays()  # Ben must follow suit (follow="suit")
        [Card('3D'), Card('8D'), Card('2D'), Card('AD')]
        """
        legal = self._legal
        if legal is None:
            if self._phase is not Phase.PLAY:
                return []
            hand = self._hands[self._to_move]  # type: ignore[index]
            if not self._trick:
                legal = list(hand)
            else:
                obliged, allowed = self._tables.duty[self._trump_no][self._trick[0].index // 13]
                legal = cards_allowed(hand, obliged, allowed)
            self._legal = legal
        return list(legal)

    def is_legal(self, card: Card | str) -> bool:
        """Whether the player to move may play ``card`` now (``False`` for text that is not a
        card); :meth:`refusal` says why not.

        >>> game = Game("pagat", seed=7)
        >>> game.play("6D")
        >>> game.is_legal("8D"), game.is_legal(Card("TC")), game.is_legal("no card")
        (True, False, False)
        """
        try:
            c = parse_card(card) if isinstance(card, str) else card
        except CardError:
            return False
        return c in self.legal_plays()

    def refusal(self, card: Card | str) -> IllegalPlayError | None:
        """The error :meth:`play` would raise for ``card`` now, or ``None`` if it may be played
        (the game is not changed).

        >>> game = Game("pagat", seed=7)
        >>> game.play("6D")
        >>> game.refusal("8D") is None, game.refusal("AS").rule, game.refusal("TC").rule
        (True, 'hand', 'follow')
        >>> print(game.refusal("TC").told_to(1))
        TC is not a legal play for you: diamonds were led, spades are trumps, and you hold AD, 8D,
        3D, 2D, so you must play diamonds (follow: suit)
        """
        c = card if isinstance(card, Card) else parse_card(card)
        return None if c in self.legal_plays() else self._illegal(c)

    def play(self, card: Card | str) -> None:
        """Play ``card`` for the player to move.

        Raises:
            IllegalPlayError: the card is not theirs or the rules forbid it; ``rule`` names the
                option that forbids it and the message says why.
            GameError: the game is not waiting for a play.

        >>> game = Game("pagat", seed=7)
        >>> game.play("6D")  # Ann leads
        >>> game.play("TC")  # Ben holds diamonds
        Traceback (most recent call last):
            ...
        penneech.game.IllegalPlayError: TC is not a legal play for Ben: diamonds were led, spades
        are trumps, and Ben holds AD, 8D, 3D, 2D, so Ben must play diamonds (follow: suit)
        >>> game.play(Card("AD"))
        >>> game.tricks_won
        (0, 1)
        """
        c = card if card.__class__ is Card else parse_card(card)  # type: ignore[arg-type]
        legal = self._legal
        if legal is None:
            legal = self.legal_plays()
        if c not in legal:
            raise self._illegal(c)
        self._actions.append(_new(PlayAction, (self._to_move, c)))
        self._play(c)

    def play_for(self, player: Seat, card: Card | str) -> None:
        """Like :meth:`play`, but first check that it is ``player``'s turn.

        >>> game = Game("pagat", seed=7)
        >>> game.play_for(1, "7C")  # Ben's card, but Ann leads
        Traceback (most recent call last):
            ...
        penneech.game.IllegalPlayError: Cannot play: Ann is to play a card
        >>> game.play_for(0, "6D")
        >>> game.trick
        (Card('6D'),)
        """
        check_seat(player, "player")
        if self._to_move != player:
            c = parse_card(card) if isinstance(card, str) else card
            raise IllegalPlayError(self._not_now_sentence("play"), card=c, player=player,
                                   rule="turn", names=self._names)
        self.play(card)

    def undo(self) -> Decision:
        """Take back the last play or throw-in decision (and any deal that followed it).

        Returns the decision taken back: a :class:`PlayAction` or a :class:`ThrowInAction`.

        >>> game = Game("pagat", seed=7)
        >>> game.play("6D")
        >>> game.play("AD")  # Ben takes the trick and turns up the JD
        >>> game.undo()
        PlayAction(player=1, card=Card('AD'))
        >>> game.trick, game.trumps, game.scores, game.stock[0]
        ((Card('6D'),), Suit.SPADES, (0, 0), Card('JD'))
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
        return action

    def has_decided(self, player: Seat) -> bool:
        """Whether ``player`` has made a decision (a card played, a throw-in answered) that
        :meth:`take_back` could take back.

        >>> Game("parlett,target=1", seed=0).has_decided(0)  # (won by the first turn-up)
        False
        """
        check_seat(player, "player")
        return any(not isinstance(a, DealAction) and a.player == player for a in self._actions)

    def take_back(self, player: Seat) -> list[Decision]:
        """Take back ``player``'s last decision and everything after it (the other player's
        replies, a deal that followed): the decisions taken back, the last first, ``player``'s
        own at the end.  ``[]``, and nothing changed, when ``player`` has made no decision yet.

        >>> game = Game("pagat", seed=1)  # (dealt at once: the first card is to be played)
        >>> first = game.legal_plays()[0]
        >>> who = game.to_move
        >>> game.play(first)
        >>> game.play(game.legal_plays()[0])
        >>> [d.player for d in game.take_back(who)] == [1 - who, who]
        True
        >>> game.legal_plays()[0] == first and game.take_back(1 - who) == []
        True
        """
        if not self.has_decided(player):
            return []
        taken: list[Decision] = []
        while True:
            decision = self.undo()
            taken.append(decision)
            if decision.player == player:
                return taken

    def _apply(self, action: Action) -> None:
        if isinstance(action, DealAction):
            self.deal(action.deck)
        elif isinstance(action, ThrowInAction):
            self.throw_in(action.claim)
        else:
            self.play(action.card)

    # -- explaining refusals ---------------------------------------------------------------------

    def _not_now_sentence(self, what: str) -> Sentence:
        """Why ``what`` cannot be done now, as a sentence that can be told to either player
        (:meth:`IllegalPlayError.told_to`)."""
        if self._phase is Phase.OVER:
            return (f"cannot {what}: the game is over ({self.outcome})",)
        if self._phase is Phase.DEAL:
            return (f"cannot {what}: the next deal has not been dealt",)
        p = self._to_move
        if p is None:  # (no phase waits for nobody)
            return (f"cannot {what} now",)
        if self._phase is Phase.THROW_IN:
            return (f"cannot {what}: ", Who(p), " ", verb(p, "must"),
                    " first say whether to throw in the hand")
        return (f"cannot {what}: ", Who(p), " ", verb(p, "is"), " to play a card")

    def _not_now(self, what: str) -> str:
        """:meth:`_not_now_sentence` told about the named players, for a :class:`GameError`."""
        told = render(self._not_now_sentence(what), self.names)
        return told[:1].lower() + told[1:]

    def _illegal(self, card: Card) -> IllegalPlayError:
        if self._phase is not Phase.PLAY or self._to_move is None:
            player = self._to_move if self._to_move is not None else -1
            return IllegalPlayError(self._not_now_sentence("play"), card=card, player=player,
                                    rule="phase", names=self._names)
        p = self._to_move
        hand = self._hands[p]
        names = self._names
        head: Sentence = (card, " is not a legal play for ", Who(p), ": ")
        if card not in hand:
            return IllegalPlayError(
                head + (Who(p), " ", verb(p, "does"), " not hold it (", Who(p), " ",
                        verb(p, "holds"), " ", *cards_parts(sorted(hand)), ")"),
                card=card, player=p, rule="hand", names=names,
            )
        led = self._trick[0].suit
        trumps = self._trumps
        assert trumps is not None
        obliged = self._rules.follow_duty(led, trumps).obliged
        held = cards_parts(sorted(c for c in hand if c.suit in obliged))
        may = self._rules.must_play(led, trumps)
        return IllegalPlayError(
            head + (f"{led.noun} were led, {trumps.noun} are trumps, and ", Who(p), " ",
                    verb(p, "holds"), " ", *held, ", so ", Who(p), " ", verb(p, "must"),
                    f" play {may} (follow: {self._rules.follow})"),
            card=card, player=p, rule="follow", names=names,
        )

    # -- the course of a deal --------------------------------------------------------------------

    def _start_deal(self, deck: tuple[Card, ...]) -> None:
        self._deal_no += 1
        dealer = self._dealt_by = self._dealer
        self._deck = deck
        self._hands = list(deal_hands(deck, dealer))
        self._next_stock = sum(map(len, self._hands))  # (the stock is the rest: deal_hands)
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
        rules = self._rules
        self._asked = [p for p in rules.claimants(dealer) if rules.may_throw_in(self._hands[p])]
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
        self._leader = self._rules.first_leader_of(dealer)
        self._to_move = self._leader
        self._legal = None
        card = self._deck[self._next_stock]
        self._next_stock += 1
        self._turned.append(card)
        self._set_trumps(card)
        self._events.append(TurnUp(self._deal_no, 1, dealer, card))
        points = self._rules.first_turnup_points(card)
        if points:
            self._peg(dealer, points, "turnup", card, "first_turnup_scores")

    def _set_trumps(self, card: Card) -> None:
        self._trumps = card.suit
        self._trump_card = card
        self._trump_no = card.index // 13

    def _peg(
        self, player: Seat, points: int, source: ScoreSource, card: Card | None, option: str
    ) -> bool:
        """Add points; return True if that wins the game at once."""
        scores = self._scores
        scores[player] += points
        self._deal_points[player] += points
        self._events.append(
            _new(Scored, (self._deal_no, self._trick_no, player, points, source, card, option,
                          scores[player]))
        )
        if self._mid_deal:
            winner = self._game_winner((scores[0], scores[1]), False)
            if winner is not None:
                self._win(winner)
                return True
        return False

    def _win(self, player: Seat) -> None:
        self._winner = player
        self._phase = Phase.OVER
        self._to_move = None
        self._legal = None
        self._events.append(GameWon(player, self.scores))

    def _play(self, card: Card) -> None:
        """Apply a legal play (the hot path: kept flat on purpose, reading the rules' tables)."""
        player: Seat = self._to_move  # type: ignore[assignment]
        self._hands[player].remove(card)
        self._legal = None
        events = self._events
        deal = self._deal_no
        trick_no = self._trick_no
        events.append(_new(Played, (deal, trick_no, player, card)))
        trick = self._trick
        if not trick:
            trick.append(card)
            self._to_move = other_seat(player)
            return
        lead = trick[0]
        leader = self._leader
        trumps: Suit = self._trumps  # type: ignore[assignment]
        t = self._trump_no
        winner: Seat = player if self._beats[t][lead.index * 52 + card.index] else leader
        self._trick = []
        won = _new(TrickWon, (deal, trick_no, leader, (lead, card), trumps, winner))
        self._tricks_done.append(won)
        self._tricks_won[winner] += 1
        events.append(won)
        # 1. the counting cards in the trick, the leader's first
        points = self._points[t]
        if points[lead.index] or points[card.index]:
            scorer = self._scorer
            for who, c in ((leader, lead), (player, card)):
                pts = points[c.index]
                if pts and self._peg(scorer[who][winner], pts, "trick", c, self._count_option):
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
            self._trump_no = turned.index // 13
            self._leader = winner
            self._to_move = winner
        else:
            self._to_move = None
        turnup_points = self._turnup[turned.index]
        if (
            turnup_points
            and self._turnup_scores[trick_no]
            and self._peg(winner, turnup_points, "turnup", turned, "turnups_score")
        ):
            return
        if trick_no < TRICKS:
            return
        # 3. the majority bonus, and the end of the deal
        self._trick_no = TRICKS
        for p in SEATS:
            bonus = self._majority[self._tricks_won[p]]
            if bonus and self._peg(p, bonus, "majority", None, "majority_bonus"):
                return
        self._end_deal()

    def _end_deal(self) -> None:
        self._events.append(
            DealEnded(self._deal_no, self._dealer, False,
                      (self._deal_points[0], self._deal_points[1]),
                      (self._tricks_won[0], self._tricks_won[1]))
        )
        self._to_move = None
        self._dealer = self._rules.next_dealer(self._dealer, False)
        winner = self._rules.game_winner(self.scores, True)
        if winner is not None:
            self._win(winner)
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
        """An independent copy at the same point.

        >>> game = Game("pagat", seed=7)
        >>> other = game.copy()
        >>> other.play("AS")
        >>> len(game.hand(0)), len(other.hand(0)), other.actions[:-1] == game.actions
        (7, 6, True)
        """
        other = Game(self._rules, seed=self._seed, players=self._names,
                     first_dealer=self._fixed_first_dealer, auto_deal=False)
        other._pack_rng.setstate(self._pack_rng.getstate())
        other._packs = list(self._packs)
        for a in self._actions:
            other._apply(a)
        other.auto_deal = self.auto_deal
        return other

    def __copy__(self) -> Game:
        # a shallow copy would share the hands and the trick with this game
        return self.copy()


#: Both seats, in order.
SEATS: tuple[Seat, Seat] = (0, 1)

#: The largest seed a game accepts, plus one (seeds are kept in records and CSV files).
SEED_LIMIT = 2**64


def as_rules(rules: object) -> Rules:
    """``rules`` as :class:`~penneech.rules.Rules`: a Rules object, or the rules notation
    (``"pagat"``, ``"pagat,follow=free"``); else :class:`GameError`."""
    if isinstance(rules, str):
        try:
            rules = Rules.parse(rules)
        except RulesError as exc:
            raise GameError(str(exc)) from None
    if not isinstance(rules, Rules):
        raise GameError(f"rules must be a Rules object or a preset name such as 'pagat', "
                        f"not {type(rules).__name__}")
    return rules


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number from 0 to 2**64 - 1, else :class:`GameError`."""
    whole = integer(seed)
    if whole is None or not 0 <= whole < SEED_LIMIT:
        raise GameError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown(seed, 40)}")
    return whole


def check_game(game: object, what: str, *, hint: str = "") -> None:
    """Nothing if ``game`` is a :class:`Game`, else :class:`GameError` saying that ``what``
    takes one (and ``hint``, in brackets), rather than an ``AttributeError`` from deep inside.

    >>> check_game("pagat", "play_game")
    Traceback (most recent call last):
        ...
    penneech.game.GameError: play_game takes a Game, not str
    """
    if not isinstance(game, Game):
        raise GameError(f"{what} takes a Game, not {type(game).__name__}"
                        + (f" ({hint})" if hint else ""))


def check_seat(seat: object, what: str, *, optional: bool = False) -> Any:
    """``seat`` if it is 0 or 1 (or ``None`` when ``optional``), else :class:`GameError`."""
    if (seat is None and optional) or is_seat(seat):
        return seat
    shown = repr(seat) if len(repr(seat)) <= 40 else repr(seat)[:39] + "…"
    raise GameError(f"{what} must be 0 or 1{' or None' if optional else ''}, not {shown}")


def check_names(players: object,
                who: tuple[str, str] = ("the first name", "the second name")) -> tuple[str, str]:
    """Two non-empty names of at most :data:`NAME_LIMIT` characters, else :class:`GameError`;
    a blank name is told by its words in ``who`` (the live table's are "your name" and "the
    computer's name")."""
    names = tuple(players) if isinstance(players, (list, tuple)) else ()
    if len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise GameError("players must be two non-empty names")
    # (a name of nothing but invisible characters, "\u200d" or a Hangul filler, is blank too)
    blank = [w for w, n in zip(who, names, strict=True) if not _name_key(n)]
    if blank:  # (which one was not said)
        raise GameError(f"players must be two non-empty names: {' and '.join(blank)} "
                        f"{'is' if len(blank) == 1 else 'are'} blank")
    for n in names:
        if len(n) > NAME_LIMIT:
            raise GameError(f"a player's name may have at most {NAME_LIMIT} characters, not "
                            f"{len(n):,}")
        if any(0xD800 <= ord(ch) < 0xE000 for ch in n):
            raise GameError("a player's name must be text: it holds a character that is not "
                            "(a lone surrogate, as bytes that are not UTF-8 become)")
    if _same_name(names[0], names[1]):
        a, b = names
        # (two names that differ only in what does not show are written out: 'Zoë' and 'Zoë')
        written = (f" (written {ascii(a)} and {ascii(b)})"
                   if a != b and (ascii(a) != repr(a) or ascii(b) != repr(b)) else "")
        raise GameError(f"the two players must have different names: both are {a!r}"
                        + (f" and {b!r}{written}" if a != b else "")
                        + " (what is told of one would read as told of the other)")
    return (names[0], names[1])


#: Unicode's default-ignorable code points (DerivedCoreProperties.txt, Unicode 15): characters
#: that show nothing by themselves, such as the zero-width joiner, variation selectors, the
#: combining grapheme joiner and the Hangul fillers.
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
    (0x2800, 0x2800),  # (not one of them, but the braille blank shows nothing: an old trick)
)


def _ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in _IGNORABLE)


def _name_key(name: str) -> str:
    """A name as a reader tells it from another: in Unicode's compatibility form (NFKC: "Zoë"
    typed either way, full-width letters as letters), without the characters that show nothing,
    spaces at either end and letter case aside.

    >>> _name_key("  Ann\u200d ") == _name_key("ANN") == _name_key("Ａｎｎ") == "ann"
    True
    >>> _name_key("\u3164")
    ''
    """
    shown = "".join(ch for ch in unicodedata.normalize("NFKC", name) if not _ignorable(ch))
    return shown.strip().casefold()


def _same_name(a: str, b: str) -> bool:
    """Whether names ``a`` and ``b`` would read as one player's (see :func:`_name_key`: the
    same letters, however typed, with nothing invisible between them; review 43b)."""
    return _name_key(a) == _name_key(b)


def told_apart(reader: str, computer: str) -> tuple[str, str]:
    """The reader's and the computer's names, the computer's with " (computer)" after it when
    it would read as the reader's (the terminal, the live table and the notebook game all name
    them so; :class:`Game` refuses two names that read as one).

    >>> told_apart("Expert", "expert")
    ('Expert', 'expert (computer)')
    >>> told_apart("Ann", "Expert")
    ('Ann', 'Expert')
    """
    # (names that are not text are left for check_names to refuse in words)
    if isinstance(reader, str) and isinstance(computer, str) and _same_name(reader, computer):
        computer = computer.strip()[:NAME_LIMIT - len(" (computer)")] + " (computer)"
    return (reader, computer)


#: The longest name a player may have.
NAME_LIMIT = 40
