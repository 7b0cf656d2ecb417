"""The rules of Penneech as named options, the readings that hold them, and the presets.

Every point on which the readings of Cotton's chapter disagree is an option of :class:`Rules`.
:data:`OPTIONS` describes each option and each of its values in our own words, quotes the words
of Cotton that bear on it, and says why each preset holds what it holds, with the evidence
against the project's own readings.  Which preset holds which
value is never written down twice: :func:`holders` reads it off :data:`PRESETS`.

>>> Rules.preset("pagat").follow
'suit'
>>> str(Rules.preset("pagat", follow="free"))
'pagat,follow=free'
>>> Rules.parse("pagat,follow=free") == Rules.preset("pagat", follow="free")
True
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, NamedTuple, TypeGuard

from .cards import (
    _RANK_NAMES,
    HONOUR_POINTS,
    PENNEECH,
    PENNEECH_POINTS,
    Card,
    Suit,
    full_pack,
)
from .text import TooManyDigits, json_kind, shown, whole_number

__all__ = [
    "Rules",
    "RulesError",
    "Source",
    "SOURCES",
    "OptionInfo",
    "ValueInfo",
    "OPTIONS",
    "PRESETS",
    "PRESET_NAMES",
    "PRESET_ALIASES",
    "DEFAULT_PRESET",
    "RECORD_PRESET",
    "holders",
    "completed",
    "option_anchor",
    "Seat",
    "HAND_SIZE",
    "TRICKS",
    "next_dealer_words",
    "deal_hands",
    "FollowDuty",
    "other_seat",
    "cards_allowed",
    "is_seat",
    "RuleTables",
    "CARDS_BY_INDEX",
    "SUITS_BY_INDEX",
]

#: A player's seat at the table: 0 or 1.
Seat = Literal[0, 1]
#: Cards dealt to each player, and tricks in a deal (Cotton: “HAving dealt seven Cards apiece”
#: (p. 148)).
HAND_SIZE: Final = 7
#: (two players, one card each a trick: as many tricks as cards in a hand, never typed twice)
TRICKS: Final = HAND_SIZE
#: The largest game a player may set (``target``): some 800 deals.  The computer players
#: measure a deal with a game of this size, which nobody reaches in the deals they play.
MAX_TARGET: Final = 10_000


class RulesError(ValueError):
    """An unknown preset, option or value."""


@dataclass(frozen=True)
class Source:
    """One account of the game."""

    key: str
    author: str
    title: str
    year: str
    url: str
    bibkey: str
    summary: str

    @property
    def ours(self) -> bool:
        """Whether this is one of the project's own readings (its ``bibkey`` is then the text it
        reads, not an authority for the reading)."""
        return self.author == PROJECT


#: The author of the project's own readings.
PROJECT: Final = "The Penneech project"


#: The readings the presets follow, by preset name: who, where, and a summary.  ``minimal``
#: and ``gamester`` are the project's own readings, not Cotton's: their source is ours.
SOURCES: Final[dict[str, Source]] = {
    "minimal": Source(
        key="minimal",
        author=PROJECT,
        title="A minimal reading of The Compleat Gamester (1674), chap. XXII, “A Game called "
        "Penneech”",
        year="2026",
        url="https://quod.lib.umich.edu/e/eebo/A34637.0001.001",
        bibkey="cotton1674",
        summary=(
            "Ours, not Cotton's: the chapter (pp. 148–149 of The Compleat Gamester, 1674, "
            "published anonymously and attributed to Charles Cotton) taken in the narrowest sense "
            "of each sentence.  It imposes no duty the chapter does not state (none to follow "
            "suit) and grants no score or right it does not state (none for the first turn-up; "
            "the throw-in only to the player who deals).  It reads “your Coat-Card Trumps, with "
            "*Penneech* turn'd up or in hand” (p. 149) as the cards each player held, so a "
            "counting card scores for the player who played it: an interpretation, not a "
            "narrower sense.  Where a choice cannot be avoided it takes Cotton's usage elsewhere "
            "(elder hand leads).  Every one of these choices is disputed: each option gives the "
            "evidence for and against.  Records may still call it `cotton`, its former name."
        ),
    ),
    "pagat": Source(
        key="pagat",
        author="John McLeod",
        title="Penneech (pagat.com)",
        year="n.d.",
        url="https://www.pagat.com/pointtrk/penneech.html",
        bibkey="mcleod-pagat",
        summary=(
            "McLeod's reconstruction on pagat.com counts only the honours of trumps, as he reads "
            "Cotton's wording, and where Cotton is silent takes the commonest habits of "
            "trick-taking games (the non-dealer leads, the second player follows suit).  He ends "
            "with a list of the points he is unsure of: the first dealer, the first turn-up, the "
            "first lead, what the second player may play, Parlett's count of every honour, who "
            "scores a counting card, and a shorter pack."
        ),
    ),
    "parlett": Source(
        key="parlett",
        author="David Parlett",
        title="Penneech, Historic Card Games",
        year="n.d.",
        url="https://www.parlettgames.uk/histocs/penneech.html",
        bibkey="parlett-histocs",
        summary=(
            "Parlett's reconstruction, which he played extensively with the late Andrew "
            "Pennycook; he heads it “England, 1660 - 1700s (?)”.  His notes give a reason for six "
            "choices.  One he argues from trials with several players: the trick-play rule of "
            "All Fours.  Two he calls assumptions: the dealer's first turn-up scores, and "
            "Cotton's “last” trick is the previous one (judging the game much better so).  The "
            "pack and the throw-in he argues from Cotton's habits and from games of the kind, and "
            "the first dealer from custom."
        ),
    ),
    "gamester": Source(
        key="gamester",
        author=PROJECT,
        title="A reconstruction from Cotton's other games (The Compleat Gamester, 1674, "
        "chapters VI–XXV)",
        year="2026",
        url="",
        bibkey="cotton1674",
        summary=(
            "Ours: on every point the Penneech chapter leaves open, the choice best supported by "
            "the way the same book describes its other card games (the book's page on Cotton's "
            "other games as evidence sets out each passage).  It differs from McLeod's reading "
            "in four ways: the dealer scores the first turn-up, a counting card scores for the "
            "player who held it, the first deal goes to the better Putt-card as in All-Fours, and "
            "tricks are turned face down once scored.  It is only as strong as its weakest "
            "choice, the scoring of a card “in hand” (p. 149)."
        ),
    ),
    "davis": Source(
        key="davis",
        author="Nakoa Davis",
        title="[Penneech rules page, untitled, beginning “Objective of Penneech”]",
        year="n.d.",
        url="",
        bibkey="davis-quickref",
        summary=(
            "A short modern rules page signed by Nakoa Davis (its site is not certain; probably "
            "gamerules.com).  Its draw for the first deal follows, nearly word for word, McLeod's "
            "account of the draw Parlett suggests (without the aces low that both give), and it "
            "likens the game to All Fours, as Parlett does; so it is probably not an independent "
            "reading of Cotton.  The `davis` "
            "preset follows it as written.  Where the page is silent (throwing in, the majority "
            "bonus, the first turn-up) the preset reads the silence as absence, and where it is "
            "incomplete (two cards of equal rank, how the ♦7 ranks against other suits, equal "
            "scores, a card turned after the last trick) the engine completes it: those are "
            "our choices, and the options say so."
        ),
    ),
}


@dataclass(frozen=True)
class ValueInfo:
    """One value of an option: what it means."""

    value: Any
    description: str


@dataclass(frozen=True)
class OptionInfo:
    """One rule option: what it decides, its values, the sources, and what each value does.

    Attributes:
        name: the option's name, a field of :class:`Rules`.
        question: the question it answers, in a few words.
        description: what it decides.
        values: its values (for ``target``, a few examples; any integer ≥ ``minimum`` is allowed).
        cotton: the passages of the Penneech chapter that bear on it, one a line, each written
            as every quotation of Cotton in this project is: his exact words in curly quotes
            (``*…*`` for his printer's italics, ``…`` for a cut, also at the start or end of a
            passage that begins or ends inside a sentence), then the page: ``“…” (p. 149)``;
            "" where the chapter is silent.  ``tests/test_quotations.py`` checks them against
            the transcription.
        reasons: per preset, why that preset holds its value.  A reason that quotes Cotton
            gives the place, ``(p. 148)`` or ``(chap. IX, p. 109)`` for his other chapters.
        does: per value, the function that carries it out (the option's behaviour; the game, the
            solver's tables and the players all ask :class:`Rules`, which calls these).  Empty for
            an option whose value is used as it is (``target``).
        minimum: for an option that takes any whole number, the smallest allowed.
        maximum: for such an option, the largest allowed.
        unstated: the presets of published readings (McLeod's, Parlett's, Davis's) whose value
            here their author does not state, or states only in part: the value is the
            project's completion of that reading, and the preset's reason says so.  The book's
            tables mark these values, so that "held by" never gives an author a rule he does
            not write.
    """

    name: str
    question: str
    description: str
    values: tuple[ValueInfo, ...]
    cotton: str
    reasons: Mapping[str, str] = field(default_factory=dict)
    does: Mapping[Any, Callable[..., Any]] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None
    unstated: frozenset[str] = frozenset()

    def value_info(self, value: Any) -> ValueInfo | None:
        for info in self.values:
            if info.value == value:
                return info
        return None

    def phrase(self, value: Any) -> str:
        """What ``value`` means, as a phrase to put in a sentence: its description without the
        capital and the full stop (the value itself where it has none).

        >>> OPTIONS["redeal"].phrase("no_ace_or_face")
        'a hand with no ace, king, queen or knave (holding the ♦7 does not save it)'
        """
        info = self.value_info(value)
        text = info.description.rstrip(".") if info else str(value)
        return text[:1].lower() + text[1:]


def _values(*pairs: tuple[Any, str]) -> tuple[ValueInfo, ...]:
    return tuple(ValueInfo(v, d) for v, d in pairs)


# ----------------------------------------------------------------------------------------------
# What each value does.  Every function here is the one definition of its rule: the game asks
# :class:`Rules`, which calls them, and the fast tables (:attr:`Rules.tables`) are computed from
# the answers of :class:`Rules` (a test checks them for every card pair, trump suit and value of
# every option).  To add an option: give it a field of :class:`Rules` (a ``Literal`` type and a
# default), one function per value here, an :class:`OptionInfo` entry below (its text, sources,
# each preset's reason and ``does``), a :class:`Rules` method that asks the question the game
# needs answered, its section in book/reconstructions.md, and, for a new question, the places
# that play a trick out (the game, the solver, the play-outs): see the README's "Where the rules
# live".  A test fails for a value that changes nothing in a few games.


def _pack_52() -> tuple[Card, ...]:
    return full_pack(52)


def _pack_32() -> tuple[Card, ...]:
    return full_pack(32)


def _no_ace_or_face(hand: Sequence[Card]) -> bool:
    """Cotton's “neither Ace nor Face” (p. 149): no ace, king, queen or knave (the ♦7 does not
    save it)."""
    return not any(c.is_honour for c in hand)


def _no_card_above_ten(hand: Sequence[Card]) -> bool:
    """No card above a ten; the ♦7, which beats every diamond, counts as above a ten."""
    return all(c.power <= 10 for c in hand)


def _no_hand(hand: Sequence[Card]) -> bool:
    return False


def _either_claims(dealer: Seat) -> tuple[Seat, ...]:
    """Both players, elder hand (the dealer's opponent) asked first."""
    return (other_seat(dealer), dealer)


def _dealer_claims(dealer: Seat) -> tuple[Seat, ...]:
    return (dealer,)


def _turnup_value(card: Card) -> int:
    """What a card turned up pegs when its turn-up scores: an honour its value, the ♦7 14 (it “is
    reckon'd fourteen turn'd up”, p. 149), any other card nothing (:attr:`Card.turnup_points`).
    Every turn-up the game, the solver and the players count takes its value from here."""
    return card.turnup_points


def _first_turnup_pegged(card: Card) -> bool:
    return True


def _first_turnup_not_pegged(card: Card) -> bool:
    return False


def _every_turnup(after_trick: int) -> bool:
    return True


def _final_turnup_only(after_trick: int) -> bool:
    return after_trick == TRICKS


def _elder_leads(dealer: Seat) -> Seat:
    return other_seat(dealer)


def _next_dealer(dealer: Seat, thrown_in: bool) -> Seat:
    """Who deals the next deal.  After a hand thrown in, the same dealer deals again: Cotton's
    misdeal passage in Picket has the dealer deal again: “he shall deal again” (chap. VI,
    p. 87); and every reading does so (no option: none differs).  After a deal played, the deal
    passes to the other player, as in Cotton's other two-handed games."""
    return dealer if thrown_in else other_seat(dealer)


def deal_hands(deck: Sequence[Card], dealer: Seat) -> tuple[list[Card], list[Card]]:
    """The two hands dealt from ``deck`` (its top first), by seat: :data:`HAND_SIZE` cards each,
    one at a time, elder hand (the dealer's opponent) first; the rest of ``deck`` from card
    ``2 * HAND_SIZE`` on is the stock, whose top card is turned first.  Cotton: “(which at first
    are dealt one by one)” (p. 148); who is served first the chapter does not say: his Cribbidge
    deals “to his Antagonist first” (chap. IX, p. 106), and every reading does so here (our
    reading; no option: none differs).

    >>> from penneech.cards import full_pack
    >>> elder, dealer = deal_hands(full_pack(), 1)
    >>> [c.code for c in elder[:2]], [c.code for c in dealer[:2]], len(elder), len(dealer)
    (['AS', 'QS'], ['KS', 'JS'], 7, 7)
    """
    hands: tuple[list[Card], list[Card]] = ([], [])
    hands[other_seat(dealer)].extend(deck[0 : 2 * HAND_SIZE : 2])
    hands[dealer].extend(deck[1 : 2 * HAND_SIZE : 2])
    return hands


def next_dealer_words(thrown_in: bool) -> str:
    """Who deals next (:meth:`Rules.next_dealer`), in words, read from the rule itself, as the
    narration and the terminal game tell it.

    >>> next_dealer_words(True), next_dealer_words(False)
    ('the same dealer deals again', 'the deal passes to the other player')
    """
    return ("the same dealer deals again" if _next_dealer(0, thrown_in) == 0
            else "the deal passes to the other player")


def _dealer_leads(dealer: Seat) -> Seat:
    return dealer


def cards_allowed(hand: Sequence[Card], obliged: tuple[Suit, ...],
                  allowed: tuple[Suit, ...]) -> list[Card]:
    """The cards of ``hand`` a follower may play under a :class:`FollowDuty` (given as tuples):
    holding a card of a suit in ``obliged``, only cards of the suits in ``allowed``."""
    for c in hand:
        if c.suit in obliged:
            return [c for c in hand if c.suit in allowed]
    return list(hand)


class FollowDuty(NamedTuple):
    """What the second player to a trick must do: holding any card of a suit in ``obliged``, they
    must play a card of a suit in ``allowed``; holding none, any card."""

    obliged: frozenset[Suit]
    allowed: frozenset[Suit]


def _follow_suit(led: Suit, trumps: Suit) -> FollowDuty:
    return FollowDuty(frozenset((led,)), frozenset((led,)))


def _follow_suit_or_trump(led: Suit, trumps: Suit) -> FollowDuty:
    return FollowDuty(frozenset((led,)), frozenset((led, trumps)))


def _follow_free(led: Suit, trumps: Suit) -> FollowDuty:
    return FollowDuty(frozenset(), frozenset(Suit))


def _beats_by_suit(lead: Card, follow: Card, trumps: Suit) -> bool:
    """Whether the second card wins: a higher card of the suit led, or a trump to a plain lead."""
    if follow.suit is lead.suit:
        return follow.power > lead.power
    return follow.suit is trumps


def _beats_by_rank(lead: Card, follow: Card, trumps: Suit) -> bool:
    """A trump beats a plain card; otherwise the higher card wins, whatever its suit (equal ranks:
    the leader's)."""
    if (lead.suit is trumps) != (follow.suit is trumps):
        return follow.suit is trumps
    return follow.power > lead.power


def _penneech_points(card: Card, trumps: Suit) -> int:
    """Cotton: the ♦7 “is but seven in hand, and not that neither unless Diamonds be Trumps”
    (p. 149)."""
    return card.points if card.suit is trumps else 0


def _count_trumps(card: Card, trumps: Suit) -> int:
    return card.points if card.suit is trumps else 0


def _count_honours(card: Card, trumps: Suit) -> int:
    return _penneech_points(card, trumps) if card.is_penneech else card.points


def _to_winner(holder: Seat, winner: Seat) -> Seat:
    return winner


def _to_holder(holder: Seat, winner: Seat) -> Seat:
    return holder


def _one_per_card_beyond_seven(tricks: int) -> int:
    """Cotton: “count how many Cards you have more than your own seven … for every Card reckon
    one” (p. 149): tricks × 2 cards, less the seven dealt, when that is more than none."""
    return max(0, 2 * tricks - HAND_SIZE)


def _no_bonus(tricks: int) -> int:
    return 0


def _win_at_once(scores: tuple[int, int], target: int, deal_over: bool) -> Seat | None:
    """The first to reach the target wins, whenever that happens (scores are checked after every
    peg, so only one player can have just reached it)."""
    if scores[0] >= target:
        return 0
    if scores[1] >= target:
        return 1
    return None


def _win_after_deal(scores: tuple[int, int], target: int, deal_over: bool) -> Seat | None:
    """Scores are compared after each deal: the higher, at or over the target, wins; equal scores
    play on."""
    a, b = scores
    if not deal_over or a == b or max(a, b) < target:
        return None
    return 0 if a > b else 1


#: The Putt-cards from best to worst, by rank: “first the Trey, next the Deuce, then the Ace, the
#: rest follow in preheminence thus; the King, the Queen, the Knave, the Ten, and so onwards to
#: the four” (chap. XVI, p. 132).
_PUTT_ORDER: Final = (3, 2, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4)


def _low_ace_low(card: Card) -> int:
    """The lower card deals, the ace lowest (Parlett): its place, the dealer's being lower."""
    return 1 if card.rank == 14 else card.rank


def _low_ace_high(card: Card) -> int:
    """The lower card deals, the ace highest."""
    return card.rank


def _best_putt(card: Card) -> int:
    """The better Putt-card deals: its place in :data:`_PUTT_ORDER` (the ♦7 is a seven here)."""
    return _PUTT_ORDER.index(card.rank)


def _history_open(tricks: tuple[Any, ...],
                  turned: tuple[Card, ...]) -> tuple[tuple[Any, ...], tuple[Card, ...]]:
    """Every finished trick and turn-up of the deal stays in view."""
    return tricks, turned


def _history_turned_down(tricks: tuple[Any, ...],
                         turned: tuple[Card, ...]) -> tuple[tuple[Any, ...], tuple[Card, ...]]:
    """Each trick and the card turned before it are turned face down once the trick is scored:
    only the latest turn-up stays in view."""
    return (), turned[-1:]


def is_seat(value: object) -> TypeGuard[Seat]:
    """Whether ``value`` is a seat: the integer 0 or 1 (not ``True``, not ``1.0``)."""
    return type(value) is int and value in (0, 1)


def other_seat(seat: Seat) -> Seat:
    """The other player's seat."""
    return 1 if seat == 0 else 0


_DECK: Final[dict[int, Callable[[], tuple[Card, ...]]]] = {52: _pack_52, 32: _pack_32}
_REDEAL: Final[dict[str, Callable[[Sequence[Card]], bool]]] = {
    "no_ace_or_face": _no_ace_or_face, "no_card_above_ten": _no_card_above_ten, "never": _no_hand,
}
_REDEAL_CLAIMANT: Final[dict[str, Callable[[Seat], tuple[Seat, ...]]]] = {
    "either": _either_claims, "dealer": _dealer_claims,
}
_FIRST_TURNUP: Final[dict[bool, Callable[[Card], bool]]] = {
    True: _first_turnup_pegged, False: _first_turnup_not_pegged,
}
_TURNUPS: Final[dict[str, Callable[[int], bool]]] = {
    "every": _every_turnup, "final_only": _final_turnup_only,
}
_FIRST_LEADER: Final[dict[str, Callable[[Seat], Seat]]] = {
    "non_dealer": _elder_leads, "dealer": _dealer_leads,
}
_FOLLOW: Final[dict[str, Callable[[Suit, Suit], FollowDuty]]] = {
    "suit": _follow_suit, "suit_or_trump": _follow_suit_or_trump, "free": _follow_free,
}
_TRICK_WINNER: Final[dict[str, Callable[[Card, Card, Suit], bool]]] = {
    "suit": _beats_by_suit, "rank": _beats_by_rank,
}
_COUNTING: Final[dict[str, Callable[[Card, Suit], int]]] = {
    "trumps": _count_trumps, "honours": _count_honours,
}
_TRICK_POINTS_TO: Final[dict[str, Callable[[Seat, Seat], Seat]]] = {
    "winner": _to_winner, "holder": _to_holder,
}
_MAJORITY: Final[dict[bool, Callable[[int], int]]] = {
    True: _one_per_card_beyond_seven, False: _no_bonus,
}
_WIN_CHECK: Final[dict[str, Callable[[tuple[int, int], int, bool], Seat | None]]] = {
    "immediate": _win_at_once, "end_of_deal": _win_after_deal,
}
#: How each ``win_check`` wins a game, as a clause for a sentence (the live table's standing
#: after a deal), beside the functions that decide it.
_WIN_WORDS: Final[dict[str, str]] = {
    "immediate": "the first to {target} wins the game",
    "end_of_deal": "after a deal, the higher score at or over {target} wins the game "
    "(equal scores play on)",
}
_FIRST_DEALER: Final[dict[str, Callable[[Card], int]]] = {
    "low_ace_low": _low_ace_low, "low_ace_high": _low_ace_high, "best_putt": _best_putt,
}
_PAST_TRICKS: Final[dict[str, Callable[..., tuple[tuple[Any, ...], tuple[Card, ...]]]]] = {
    "open": _history_open, "turned_down": _history_turned_down,
}


# -- the figures the descriptions give, from their homes (none typed twice; review 46b) ----------

#: "5, 4, 3, 2": the ace's, king's, queen's and knave's values (:data:`~.cards.HONOUR_POINTS`)
_HONOUR_VALUES: Final = ", ".join(str(HONOUR_POINTS[r])
                                  for r in sorted(HONOUR_POINTS, reverse=True))
#: "seven": the cards dealt to each player
_DEALT: Final = _RANK_NAMES[HAND_SIZE]
#: "the ♦7 (7) when diamonds are trumps": what every ``counting`` value adds to the honours
_PENNEECH_IN_A_TRICK: Final = (f"and the {PENNEECH.symbol} ({PENNEECH_POINTS}) when "
                               f"{PENNEECH.suit.noun} are trumps")
#: "ace down to seven": the short pack's ranks
_SHORT_PACK: Final = (f"{_RANK_NAMES[max(c.rank for c in _pack_32())]} down to "
                      f"{_RANK_NAMES[min(c.rank for c in _pack_32())]}")
#: "three, two, ace, king, queen, knave, ten and so down to four"
_PUTT_WORDS: Final = (", ".join(_RANK_NAMES[r] for r in _PUTT_ORDER[:7]) + " and so down to "
                      + _RANK_NAMES[_PUTT_ORDER[-1]])
#: "4 tricks 1, 5 tricks 3, 6 tricks 5, 7 tricks 7", from "four" tricks up
_FEWEST_FOR_MAJORITY: Final = _RANK_NAMES[min(t for t in range(TRICKS + 1)
                                              if _one_per_card_beyond_seven(t))]
_MAJORITY_FIGURES: Final = ", ".join(f"{t} tricks {_one_per_card_beyond_seven(t)}"
                                     for t in range(TRICKS + 1) if _one_per_card_beyond_seven(t))


#: Every rule option by name: its question, values, Cotton's words and each reading's reason.
OPTIONS: Final[dict[str, OptionInfo]] = {
    o.name: o
    for o in (
        OptionInfo(
            name="deck",
            question="Which pack?",
            description="The number of cards in the pack.",
            values=_values(
                (52, "The full pack of 52 cards."),
                (32, f"A short pack of 32: {_SHORT_PACK} in each suit."),
            ),
            cotton="",
            reasons={
                "minimal": "The chapter names no pack, and the minimal reading adds none.  Parlett "
                "observes that Cotton names the pack whenever a game does not use all of it; the "
                "other chapters bear him out (Picket, Gleek, L'Ombre and Whist each say which "
                "cards are put out), and Cribbidge even says so of a full pack: “all are made use "
                "of” (chap. IX, p. 106).",
                "pagat": "McLeod uses the standard 52-card pack; after Parlett he mentions 32 "
                "cards as something to try, with a higher target such as 91.",
                "parlett": "Parlett plays with 52, on the ground that Cotton always names the "
                "pack when it is not the full one, and suggests trying 32 (sevens lowest).",
                "gamester": "The full pack: when a game of Cotton's drops cards he says which "
                "(Picket, Gleek, L'Ombre, Whist), and of Cribbidge he says even of the full pack "
                "that “all are made use of” (chap. IX, p. 106).",
                "davis": "Davis lists one standard 52-card deck.",
            },
            does=_DECK,
        ),
        OptionInfo(
            name="target",
            question="How many points win?",
            description="The score that wins the game; any whole number from 1 to "
            f"{MAX_TARGET:,}.",
            values=_values((61, "Sixty-one, once round a cribbage board.")),
            cotton="“… till you come to sixty one, which is the Game.” (p. 149)",
            reasons={
                "minimal": "Cotton: sixty-one is the game.  It is also the set of his Cribbidge "
                "(chap. IX, p. 106) and usually of his Costly-Colours (chap. XIV, p. 125).",
                "pagat": "McLeod: 61, conveniently kept on a cribbage board (for the 32-card pack "
                "he suggests more, such as 91).",
                "parlett": "Parlett: 61, kept on a cribbage board.",
                "gamester": "Cotton: sixty-one, also the set of his Cribbidge and, usually, of his "
                "Costly-Colours.",
                "davis": "Davis: 61 wins.",
            },
            minimum=1,
            maximum=MAX_TARGET,
        ),
        OptionInfo(
            name="first_dealer",
            question="Who deals first?",
            description="How the cut for the first deal is decided: each player draws a card, "
            f"and equal cards draw again.  After the first deal {next_dealer_words(False)}, "
            f"and after a hand thrown in {next_dealer_words(True)}.",
            values=_values(
                ("low_ace_low", "The lower card deals, the ace counting lowest."),
                ("low_ace_high", "The lower card deals, the ace counting highest."),
                ("best_putt", f"The better Putt-card deals: {_PUTT_WORDS}, the worst."),
            ),
            cotton="",
            reasons={
                "minimal": "The chapter is silent.  The least card deals in three of Cotton's "
                "games, as in Cribbidge: “he that hath the least Card deals” (chap. IX, p. 106); "
                "the ace counts low, as Parlett has it.  Against it: the best Putt-card deals in "
                "three others (All-Fours, Putt and Lanterloo).",
                "pagat": "McLeod leaves it open; he reports that Ulf Martin, on the German edition "
                "of his page, follows Parlett's draw (the preset takes that draw).",
                "parlett": "Parlett: the lower card deals, the ace lowest, the usual way until the "
                "twentieth century.",
                "gamester": "The cut of All-Fours, the nearest of Cotton's games to Penneech: “the "
                "highest Put-card deals” (chap. X, p. 112), as in Putt and Lanterloo.  The "
                "evidence is divided: in Gleek, Cribbidge and Bone-Ace the least card deals.",
                "davis": "Davis: the lowest card drawn gives the first deal; by his own "
                "ranking the ace is highest (our reading of the page).  The ♦7, the top diamond "
                "in his ranking too, is drawn as a seven (our completion).",
            },
            does=_FIRST_DEALER,
            unstated=frozenset({"pagat", "davis"}),
        ),
        OptionInfo(
            name="redeal",
            question="Which hands may be thrown in?",
            description="Which hands a player may throw in for a fresh deal.  Under every reading "
            f"{next_dealer_words(True)}: McLeod says so; Cotton, Parlett and Davis do not, so "
            "for the other readings that is our completion.",
            values=_values(
                ("no_ace_or_face", "A hand with no ace, king, queen or knave (holding the ♦7 "
                 "does not save it)."),
                ("no_card_above_ten", "A hand with no card above a ten (the ♦7 counts as above "
                 "a ten, so holding it does save the hand)."),
                ("never", "No hand may be thrown in."),
            ),
            cotton="“Here note, if you have neither Ace nor Face, you may throw up your Game and "
            "deal again.” (p. 149)",
            reasons={
                "minimal": "Cotton's own test, “neither Ace nor Face” (p. 149).  The ♦7 is "
                "neither, so it does not save a hand.",
                "pagat": "McLeod keeps Cotton's test: no ace and no face card.",
                "parlett": "Parlett allows a redeal when no card is higher than a ten.  He does "
                "not mention the Penneech; the preset counts it, the top diamond, as higher than "
                "a ten, so a hand holding it must be played (our reading).",
                "gamester": "Cotton's own test, “neither Ace nor Face” (p. 149); the book's words "
                "for the picture cards bear it out.",
                "davis": "Davis's page does not mention throwing in; the preset reads that "
                "silence as no throw-in, which is our reading of the page, not a rule it states.",
            },
            does=_REDEAL,
            unstated=frozenset({"parlett", "davis"}),
        ),
        OptionInfo(
            name="redeal_claimant",
            question="Who may throw in?",
            description="Who may claim a throw-in: each player for their own hand, or only "
            "the dealer.",
            values=_values(
                ("either", "Either player, for their own hand; elder hand is asked first."),
                ("dealer", "Only the dealer, for their own hand."),
            ),
            cotton="“… you may throw up your Game and deal again.” (p. 149)",
            reasons={
                "minimal": "The narrowest sense of “throw up your Game and deal again” (p. 149), "
                "read as said to the player who deals (our reading: the chapter's “you” is the "
                "dealer in its first sentence, every player in its last).  A third reading, "
                "that whoever throws up the hand deals the fresh one, is not offered.  Against it: "
                "elsewhere Cotton says "
                "\"deal again\" to the players at large: “if the *set* be not up, deal again” "
                "(chap. VI, p. 85); in Picket the elder hand may choose “whether he shall deal "
                "again” (chap. VI, p. 87) after a misdeal; the one other “throws up” of the card "
                "chapters is said of any player, “He that throws up his Cards” (chap. VI, p. 88); "
                "and Parlett thinks the narrow sense unlikely.",
                "pagat": "McLeod: a player dealt such a hand may throw it in, and the same dealer "
                "deals again.",
                "parlett": "Parlett lets either player claim a redeal.  The strict reading, "
                "the dealer alone, he rejects as unlikely and out of line with games of the "
                "kind, Piquet among them.",
                "gamester": "Either player: elsewhere Cotton says “deal again” (chap. VI, p. 85) "
                "to the players at large, not only to the dealer, and in Picket the elder hand "
                "may choose “whether he shall deal again” (chap. VI, p. 87) after a misdeal.  "
                "That the same dealer deals the fresh hand rests on that one passage.",
                "davis": "No hand may be thrown in under `davis`, so the question does not "
                "arise.",
            },
            does=_REDEAL_CLAIMANT,
            unstated=frozenset({"davis"}),
        ),
        OptionInfo(
            name="first_turnup_scores",
            question="Does the first turn-up score?",
            description="Whether the dealer scores the card that sets trumps for the opening "
            "trick, when that card has a turn-up value.",
            values=_values(
                (True, "Yes: the dealer pegs it."),
                (False, "No: only cards turned by the winner of a trick score, as "
                 "turnups_score says."),
            ),
            cotton="“HAving dealt seven Cards apiece, turn up a Card, and that is Trumps. The Ace "
            "and Coat-Cards of Trumps are thus reckoned, the Ace is five, the King four, the "
            "Queen three, and the Knave two.” (p. 148)\n"
            "“Now if it so happen, that what is turn'd up proves an Ace or Coat-Card, that is a "
            "great advantage to him who won the last trick; …” (p. 148)",
            reasons={
                "minimal": "The minimal reading scores a turn-up only where Cotton says so: for "
                "“him who won the last trick” (p. 148), and no trick precedes the first turn-up "
                "(McLeod's argument).  Against it: the values follow at once on the dealer's "
                "turn-up, and in Cotton's other games a valued card the dealer turns up counts "
                "to the dealer (Gleek, All-Fours, Costly-Colours, and Cribbidge on the usual "
                "reading of its knave).",
                "pagat": "McLeod calls it “far from clear” whether all eight turn-ups "
                "score.  He leans against the dealer's first card, having “a slight "
                "impression” from Cotton's wording that a turn-up scores as the prize for the "
                "trick just won.",
                "parlett": "Parlett assumes that the dealer pegs an honour turned for the first "
                "trump, while saying it is unclear.",
                "gamester": "Yes: wherever the card the dealer turns up has a value in Cotton's "
                "games it counts to the dealer (Gleek, All-Fours, Costly-Colours, and Cribbidge "
                "on the usual reading of its knave); in "
                "Running All-fours “if he turn up an Ace it is four, a King three, a Queen two, "
                "and a Knave one” (chap. X, p. 113).",
                "davis": "Davis's page speaks only of the cards a trick's winner turns up; the "
                "preset reads that as no score for the first turn-up (our reading of the page).",
            },
            does=_FIRST_TURNUP,
            unstated=frozenset({"davis"}),
        ),
        OptionInfo(
            name="turnups_score",
            question="Which turn-ups score?",
            description="Which of the cards turned after the tricks score for the player who "
            "turns them.",
            values=_values(
                ("every", "Each counting card turned after a trick scores for the winner of "
                 "that trick."),
                ("final_only", "Only the card turned after the last trick scores.  Turned "
                 "after an earlier trick even the ♦7 scores nothing, although Cotton's sentence "
                 "on it makes no exception (p. 149)."),
            ),
            cotton="“Now if it so happen, that what is turn'd up proves an Ace or Coat-Card, that "
            "is a great advantage to him who won the last trick; for if it be an Ace turn'd up "
            "then he reckons five, if a King four, if a Queen three, as aforesaid.” (p. 148)\n"
            "“After all the seven Cards be play'd, (which at first are dealt one by one) he that "
            "won the last trick turns up a Card, and if it prove Ace, King, Queen, [p. 149] or "
            "Knave, he reckons for it accordingly as aforesaid.” (pp. 148–149)",
            reasons={
                "minimal": "The first sentence stands in Cotton's account of the card turned after "
                "every trick, and the next paragraph treats the final turn-up as a case of its "
                "own: “the last trick” (p. 148) is most naturally the trick just played.  The "
                "words alone do not settle it, since in Picket “Whosoever wins the last Trick” "
                "(chap. VI, p. 85) means the final one.",
                "pagat": "McLeod: the winner of every trick scores the card they turn up.",
                "parlett": "Parlett reads Cotton's “last” (p. 148) as previous and judges the "
                "game much better so than if only the final turn-up scored.",
                "gamester": "Every turn-up: the sentence stands in the account of the card turned "
                "after each trick, and the final turn-up has a paragraph of its own.  Weak: "
                "Cotton's “last Trick” in Picket (chap. VI, p. 85) is the final one.",
                "davis": "Davis: after each trick its winner turns up a card and scores an "
                "honour.  He does not say that a card is turned after the seventh trick; the "
                "preset turns one and scores it, as the others do (our completion).",
            },
            does=_TURNUPS,
            unstated=frozenset({"davis"}),
        ),
        OptionInfo(
            name="first_leader",
            question="Who leads first?",
            description="Who leads to the first trick of a deal (after that the winner of each "
            "trick leads).",
            values=_values(
                ("non_dealer", "Elder hand, the dealer's opponent."),
                ("dealer", "The dealer."),
            ),
            cotton="",
            reasons={
                "minimal": "The chapter is silent, but Cotton says elsewhere that “the eldest is "
                "to play first as in other Games” (chap. XIV, p. 125), and the elder hand leads "
                "in his Picket and Cribbidge too.",
                "pagat": "McLeod gives the first lead to the non-dealer, the usual choice, and "
                "points out that it does not fit the later tricks, each led by the player who "
                "turned its trump.",
                "parlett": "Parlett: the first trick is led by the non-dealer.",
                "gamester": "Elder hand: “the eldest is to play first as in other Games” (chap. "
                "XIV, p. 125).",
                "davis": "Davis: the dealer leads the first trick.  Cotton is silent here, so "
                "Davis differs from McLeod and Parlett, not from Cotton.",
            },
            does=_FIRST_LEADER,
        ),
        OptionInfo(
            name="follow",
            question="Must the second player follow suit?",
            description="What the second player to a trick may play.",
            values=_values(
                ("suit", "Must follow suit if able; otherwise may play any card."),
                ("suit_or_trump", "If able to follow suit, must follow suit or trump; otherwise "
                 "may play any card."),
                ("free", "May play any card."),
            ),
            cotton="",
            reasons={
                "minimal": "The minimal reading imposes no duty the chapter does not state.  "
                "Against it: every trick game in Cotton's book that speaks of the matter makes "
                "the second player follow suit (Picket, Whist, French-Ruff, Lanterloo), and the "
                "one exception, All-Fours, is stated as an exception: “reneging is allowable if "
                "you have Trumps in your hand to trump it” (chap. X, p. 113).  No game of his "
                "says the second player is free.  Three say nothing of following: Putt, which "
                "has no trumps and decides a trick by rank alone (chap. XVI), and Gleek and "
                "Five-Cards, which have trumps (chap. VII and XIII).",
                "pagat": "McLeod's default: follow suit if able, which he finds to be the rule "
                "in most of Cotton's trick games; he lists All Fours' follow-or-trump and free "
                "play as the alternatives.",
                "parlett": "Parlett tested several rules with a number of players and kept All "
                "Fours' (follow suit or trump): it gave, in his words, “the most satisfactory "
                "game”.  Whist's rule (follow suit if able) would be the obvious guess, he "
                "grants.  In his hedged view All Fours probably reached England in the same "
                "years as Penneech, and Maw, an older game, already had its rule.  Mariage's "
                "free play, which he tried too, put the game “completely out of control”.",
                "gamester": "Follow suit: every trick game of Cotton's that speaks of it requires "
                "it, and he states All-Fours' trump-instead as an exception, “reneging is "
                "allowable if you have Trumps in your hand to trump it” (chap. X, p. 113); for "
                "Penneech he states none.",
                "davis": "Davis: a player second to a trick who holds the suit led must play it.",
            },
            does=_FOLLOW,
        ),
        OptionInfo(
            name="trick_winner",
            question="Which card wins a trick?",
            description="How the winner of a trick is decided.",
            values=_values(
                ("suit", "A trump beats any card of another suit; otherwise the higher card of "
                 "the suit led wins, and a card of another suit loses."),
                ("rank", "A trump beats any card of another suit; with no trump in the trick the "
                 "higher-ranking card wins, whatever its suit.  Davis does not say how the ♦7 "
                 "ranks against other suits or who wins two cards of equal rank: the engine puts "
                 "the ♦7 above every ace and gives equal ranks to the leader (our completion)."),
            ),
            cotton="“… if it be Trump it is the highest Card and wins all others; if it be not "
            "Trump it wins all Diamonds.” (p. 149)",
            reasons={
                "minimal": "When not trumps the ♦7 “wins all Diamonds” (p. 149): its power stops "
                "at its own suit, as it does when a card beats only cards of its suit.  Cotton's "
                "Ruff and Honours, whose order of the cards Whist shares, agrees: “the least "
                "Trump will win the highest Card of any other Card” (chap. XI, p. 116).  Against "
                "it: the same sentence begins “as a Ten wins a Nine if not Trumps” (chap. XI, "
                "p. 116), which may be read as ranking cards across suits, as Davis does; and "
                "in Putt a trick goes by rank alone (chap. XVI).",
                "pagat": "McLeod: a trump wins; otherwise the higher card of the suit led, and a "
                "card of another suit cannot win.",
                "parlett": "Parlett states no rule for winning a trick beyond the trump; the "
                "preset takes the usual one (a trump, else the higher card of the suit led), "
                "our reading of his page.",
                "gamester": "A trump, or the higher card of the suit led: in Picket it takes “a "
                "higher Card of the same suit” (chap. VI, p. 85) to win, and the ♦7's power stops "
                "at diamonds.",
                "davis": "Davis: where no trump is in the trick, “the highest ranking card wins "
                "the trick”, in his words, with nothing said of the suit led.  How "
                "the ♦7 ranks against other suits, and who wins two cards of equal rank, are our "
                "completion.",
            },
            does=_TRICK_WINNER,
            unstated=frozenset({"parlett", "davis"}),
        ),
        OptionInfo(
            name="counting",
            question="Which cards count in a trick?",
            description=f"Which cards score when they fall in a trick.  Under both values the "
            f"{PENNEECH.symbol} scores {PENNEECH_POINTS} in a trick only when "
            f"{PENNEECH.suit.noun} are trumps.",
            values=_values(
                ("trumps", f"Only the ace, king, queen and knave of the trick's trump suit "
                 f"({_HONOUR_VALUES}), {_PENNEECH_IN_A_TRICK}."),
                ("honours", f"Every ace, king, queen and knave, whatever the trumps "
                 f"({_HONOUR_VALUES}), {_PENNEECH_IN_A_TRICK}."),
            ),
            cotton="“The Ace and Coat-Cards of Trumps are thus reckoned, the Ace is five, the "
            "King four, the Queen three, and the Knave two.” (p. 148)\n"
            "“… and so you must reckon on with the value of your Coat-Card Trumps, with "
            "*Penneech* turn'd up or in hand, till you come to sixty one, which is the Game.” "
            "(p. 149)",
            reasons={
                "minimal": "Cotton ties the values to trumps twice, “of Trumps” (p. 148) and "
                "“Coat-Card Trumps” (p. 149).  His sentences on turned-up cards give the values "
                "without the words (a turned-up card sets trumps, except the last, which is "
                "trumps for no trick).  His Gleek counts honours “of Trumps” (chap. VII, p. 95) "
                "in so many words; his Ruff and Honours and Whist make them the trump suit's by "
                "context (our reading).  Against it: on cheating at Whist he glosses “all the "
                "Honours, that is as aforesaid, the four Aces, the four Kings, *&c.*” (chap. XI, "
                "p. 118), every suit's, as Parlett counts them (there any suit may turn trumps, "
                "which may be why: our reading).",
                "pagat": "McLeod counts only trumps: he reads Cotton as always tying the value of "
                "aces and coat cards to trumps (his paraphrase, not Cotton's words), and notes "
                "that the ♦7's own rule would otherwise be an awkward exception.",
                "parlett": "Parlett makes every ace and court card an honour that scores when "
                "turned up or won in a trick, without giving a source; he ties only the ♦7's "
                "value in a trick to trumps, so the others count whatever the trumps (by "
                "implication, as McLeod reads him).  McLeod likens the count to the count for "
                "game in All Fours, whose values differ; once, on cheating at Whist, Cotton too "
                "gives “the Honours” as every suit's aces, kings and so on (chap. XI, p. 118).",
                "gamester": "Trumps only: “of Trumps” (p. 148); Gleek's honours are “of "
                "Trumps” too (chap. VII, p. 95), and a Whist cheat secures honours of one suit "
                "with “a Card of the same suit in the bottom” (chap. XI, p. 118), the bottom card "
                "being trumps.  Weakened by his "
                "Whist, where “all the Honours, that is as aforesaid, the four Aces, the four "
                "Kings, *&c.*” (chap. XI, p. 118), though that is said of cheating, not of "
                "scoring.",
                "davis": "Davis lists the honours' values with no mention of trumps, and ties "
                "only the ♦7's seven in a trick to diamonds being trumps; the preset reads this "
                "as every ace and court card, whatever the trumps (our reading of his silence).",
            },
            does=_COUNTING,
            unstated=frozenset({"davis"}),
        ),
        OptionInfo(
            name="trick_points_to",
            question="Who scores the cards in a trick?",
            description="Who pegs the counting cards that fall in a trick.",
            values=_values(
                ("winner", "The winner of the trick pegs them all."),
                ("holder", "Each is pegged by the player who played it, whoever wins (the "
                 "leader's card first)."),
            ),
            cotton="“… but it is but seven in hand, and not that neither unless Diamonds be "
            "Trumps; …” (p. 149)\n"
            "“Lastly, Having play'd out all the fourteen Cards betwixt ye, count how many Cards "
            "you have more than your own seven at first dealt you, and for every Card reckon "
            "one, and so you must reckon on with the value of your Coat-Card Trumps, with "
            "*Penneech* turn'd up or in hand, till you come to sixty one, which is the Game.” "
            "(p. 149)",
            reasons={
                "minimal": "The minimal reading takes “your Coat-Card Trumps” (p. 149) and the "
                "Penneech “in hand” (p. 149) as cards you held: elsewhere Cotton's \"in hand\" "
                "means held, as against turned up or won in play (Gleek: “fifteen in hand and "
                "eighteen in play” (chap. VII, p. 90)).  Against it: in the same sentence “count "
                "how many Cards you have” (p. 149) means the cards you won.",
                "pagat": "McLeod gives the points to the trick's winner and names the \"in hand\" "
                "reading as an open question.",
                "parlett": "Parlett: the winner of a trick pegs the counters in it.",
                "gamester": "The holder: everywhere in Cotton's book \"in hand\" means held, and "
                "Gleek sets a card's value in hand against its value in play, “*Tib* the Ace is "
                "fifteen in hand and eighteen in play” (chap. VII, p. 90), and doubles Towser and "
                "Tumbler turned up, as Penneech doubles its seven.  The weakest of this "
                "reading's choices: All-Fours gives the knave's point to “he that wins Jack” "
                "(chap. X, p. 113).",
                "davis": "Davis: the winner of a trick scores the honours in it.",
            },
            does=_TRICK_POINTS_TO,
        ),
        OptionInfo(
            name="majority_bonus",
            question="Does taking more tricks score?",
            description=f"Whether the player who took {_FEWEST_FOR_MAJORITY} or more tricks pegs "
            f"one point per card taken beyond {_DEALT} ({_MAJORITY_FIGURES}).",
            values=_values(
                (True, f"Yes, one point per card beyond {_DEALT}."),
                (False, "No."),
            ),
            cotton="“… count how many Cards you have more than your own seven at first dealt "
            "you, and for every Card reckon one, …” (p. 149)",
            reasons={
                "minimal": "Cotton: one for every card beyond your own seven.  His Picket uses "
                "the same idiom for cards won in tricks: “He that wins more than his own [p. 87] "
                "Cards reckons Ten” (chap. VI, pp. 86–87).",
                "pagat": "McLeod: one point per card beyond seven, so 1, 3, 5 or 7 for four to "
                "seven tricks.",
                "parlett": "Parlett: one per extra card, not per extra trick.",
                "gamester": "Cotton's words; “more than his own” (chap. VI, p. 86) is the book's "
                "idiom for cards won in tricks.",
                "davis": "Davis's page does not mention it; the preset reads that silence as no "
                "bonus (our reading of the page).",
            },
            does=_MAJORITY,
            unstated=frozenset({"davis"}),
        ),
        OptionInfo(
            name="win_check",
            question="When is the game won?",
            description="When a player who reaches the target wins.",
            values=_values(
                ("immediate", "The moment a player's total reaches the target, even in the "
                 "middle of a deal."),
                ("end_of_deal", "Scores are compared after each deal and the higher score at or "
                 "over the target wins; equal scores play on (our completion: Davis does not "
                 "say)."),
            ),
            cotton="“… and so you must reckon on with the value of your Coat-Card Trumps, with "
            "*Penneech* turn'd up or in hand, till you come to sixty one, which is the Game.” "
            "(p. 149)",
            reasons={
                "minimal": "Cotton: reckon on “till you come to sixty one” (p. 149).  In his "
                "Picket the order in which points are reckoned decides who wins the set when both "
                "are near it (chap. VI, pp. 85–86): reaching the score first is what wins.",
                "pagat": "McLeod: the first to reach 61 wins, whenever that happens.",
                "parlett": "Parlett: a player who pegs out wins there and then.",
                "gamester": "At once: in Picket the player who reaches the set first, in the order "
                "of reckoning, wins it; Penneech reckons on “till you come to sixty one” (p. 149).",
                "davis": "Davis's page calls whoever first scores 61 the winner, but "
                "tallies the points only after the seven tricks; the preset follows the tally, "
                "and plays on after equal scores (our reading of the page, and our completion).",
            },
            does=_WIN_CHECK,
            unstated=frozenset({"davis"}),
        ),
        OptionInfo(
            name="past_tricks",
            question="May a player look back at earlier tricks?",
            description="Whether the finished tricks and earlier turn-ups of a deal stay face up, "
            "or are turned face down once scored, so that only the current trick and the latest "
            "turn-up can be seen.  This is what a player's view shows.  The club and expert "
            "computer players remember every card they saw played or turned, as a watchful "
            "player does; the greedy and solver players know only what the view shows.",
            values=_values(
                ("open", "Every finished trick and turn-up of the deal stays in view."),
                ("turned_down", "Each trick and the turn-up before it are turned face down once "
                 "the trick is scored; only the latest turn-up stays in view."),
            ),
            cotton="",
            reasons={
                "minimal": "The chapter is silent, and the minimal reading hides nothing.",
                "pagat": "McLeod does not say; the preset leaves the tricks in view (our "
                "choice).",
                "parlett": "Parlett: the winner of a trick turns down the trick and the turn-up "
                "before turning the next card.",
                "gamester": "Turned down: Cotton makes remembering the cards played part of the "
                "skill, “You ought to have a special eye to what Cards are play'd out” (chap. XI, "
                "p. 115), and has tricks gathered up to be counted.  Weak: no chapter forbids a "
                "look back.",
                "davis": "Davis does not say; the preset leaves the tricks in view (our choice).",
            },
            does=_PAST_TRICKS,
            unstated=frozenset({"pagat", "davis"}),
        ),
    )
}

Deck = Literal[52, 32]
Redeal = Literal["no_ace_or_face", "no_card_above_ten", "never"]
RedealClaimant = Literal["either", "dealer"]
TurnupsScore = Literal["every", "final_only"]
FirstLeader = Literal["non_dealer", "dealer"]
Follow = Literal["suit", "suit_or_trump", "free"]
TrickWinner = Literal["suit", "rank"]
Counting = Literal["trumps", "honours"]
TrickPointsTo = Literal["winner", "holder"]
WinCheck = Literal["immediate", "end_of_deal"]
FirstDealer = Literal["low_ace_low", "low_ace_high", "best_putt"]
PastTricks = Literal["open", "turned_down"]

PRESET_NAMES: Final = ("minimal", "pagat", "parlett", "gamester", "davis")
#: Former preset names that records may still use: ``cotton`` was the minimal reading's first
#: name (it claimed more than the reading is).  Read, never written.
PRESET_ALIASES: Final = {"cotton": "minimal"}
#: The reading the book teaches first (McLeod's: close to Cotton's words, ordinary trick play).
DEFAULT_PRESET: Final = "pagat"
#: The preset of a record (or a rules object in JSON) that names none.  It is fixed, whatever
#: :data:`DEFAULT_PRESET` becomes, so that a saved file keeps its meaning (review 46b).
RECORD_PRESET: Final = "pagat"


@dataclass(frozen=True)
class Rules:
    """One complete reading of the rules.  Frozen and validated on creation.

    Build it from a preset with overrides (``Rules.preset("pagat", follow="free")``), from a
    string (``Rules.parse("pagat,follow=free")``) or from a record's JSON value
    (``Rules.from_json({"preset": "pagat", "follow": "free"})``).

    >>> rules = Rules.preset("pagat", follow="free")
    >>> rules.follow, rules.target, rules.preset_name, Rules.preset("pagat").preset_name
    ('free', 61, None, 'pagat')
    >>> rules
    Rules.preset('pagat', follow='free')
    """

    deck: Deck = 52
    target: int = 61
    first_dealer: FirstDealer = "low_ace_low"
    redeal: Redeal = "no_ace_or_face"
    redeal_claimant: RedealClaimant = "either"
    first_turnup_scores: bool = False
    turnups_score: TurnupsScore = "every"
    first_leader: FirstLeader = "non_dealer"
    follow: Follow = "suit"
    trick_winner: TrickWinner = "suit"
    counting: Counting = "trumps"
    trick_points_to: TrickPointsTo = "winner"
    majority_bonus: bool = True
    win_check: WinCheck = "immediate"
    past_tricks: PastTricks = "open"

    def __post_init__(self) -> None:
        if isinstance(self.deck, str) and PRESET_ALIASES.get(
                key := self.deck.partition(",")[0].strip().lower(), key) in PRESETS:
            # Rules("pagat") read the name as the first option, deck
            raise RulesError(f"Rules() takes options by name, such as Rules(follow='free'); "
                             f"to start from a preset, write Rules.preset({key!r}) or "
                             f"Rules.parse({_shorten(self.deck)})")
        for name, info in OPTIONS.items():
            value = getattr(self, name)
            if info.minimum is not None:
                if isinstance(value, bool) or not isinstance(value, int) or value < info.minimum \
                        or (info.maximum is not None and value > info.maximum):
                    largest = f" and at most {info.maximum:,}" if info.maximum is not None else ""
                    raise RulesError(f"{name} must be a whole number of at least {info.minimum}"
                                     f"{largest}, "
                                     f"not {_shorten(value)}")
                continue
            # the value's own type: 32.0 or numpy's int64(32) is not the deck value 32 (a
            # record could not be written or read back)
            if type(value) is not type(info.values[0].value) or info.value_info(value) is None:
                valid = ", ".join(show_value(v.value) for v in info.values)
                shown = (_shorten(value) if isinstance(value, str) else show_value(value)
                         if isinstance(value, (bool, int, float)) else _shorten(value))
                raise RulesError(f"{shown} is not a value of {name}: use one of {valid}")

    # construction -----------------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str = DEFAULT_PRESET, /, **overrides: Any) -> Rules:
        """A preset, with options changed by keyword (values may be given as strings).

        >>> Rules.preset("pagat", target="31").target
        31
        >>> Rules.preset("pagot")
        Traceback (most recent call last):
            ...
        penneech.rules.RulesError: unknown preset 'pagot': use one of minimal, pagat, parlett,
        gamester, davis
        """
        key = name.lower() if isinstance(name, str) else None
        base = PRESETS.get(PRESET_ALIASES.get(key, key)) if key is not None else None
        if base is None:
            raise RulesError(
                f"unknown preset {_shorten(name)}: use one of {', '.join(PRESET_NAMES)}"
            )
        return base.replace(**overrides) if overrides else base

    def replace(self, /, **changes: Any) -> Rules:
        """A copy with some options changed; values may be strings as typed on a command line.

        >>> Rules.preset("pagat").replace(majority_bonus="false")
        Rules.preset('pagat', majority_bonus=False)
        """
        return dataclasses.replace(self, **{k: _coerce(k, v) for k, v in changes.items()})

    @classmethod
    def parse(cls, text: str, /, *changes: str) -> Rules:
        """Read the notation written by ``str()``: ``"pagat"`` or ``"pagat,follow=free,..."``.

        ``changes`` are more ``option=value`` items, as given one by one on a command line
        (``--set follow=free``).  Names and values are read without regard to case; an option
        may be given only once.  The items may be separated by spaces as well as commas, as
        :func:`~penneech.cards.parse_cards` reads cards:

        >>> rules = Rules.parse("pagat target=31 follow = free")
        >>> rules, str(rules)
        (Rules.preset('pagat', target=31, follow='free'), 'pagat,target=31,follow=free')
        >>> Rules.parse(str(rules)) == rules
        True
        """
        if not isinstance(text, str):
            raise RulesError(f"rules must be text such as 'pagat,follow=free', not "
                             f"{json_kind(text)}")
        parts = re.sub(r"\s*=\s*", "=", text).replace(",", " ").split()
        if not parts:
            raise RulesError("empty rules: name a preset, such as 'pagat'")
        name, *rest = parts
        if "=" in name:
            raise RulesError(f"the rules start with a preset name, such as 'pagat', not "
                             f"{_shorten(name)}")
        overrides: dict[str, str] = {}
        for item in [*rest, *changes]:
            if not isinstance(item, str):
                raise RulesError(f"a rule change must be text such as 'follow=free', not "
                                 f"{json_kind(item)}")
            key, eq, value = item.partition("=")
            key = key.strip().lower()
            if not eq or not key:
                raise RulesError(f"{_shorten(item.strip())} is not option=value, as in "
                                 "follow=free")
            if key in overrides:
                raise RulesError(f"{key} is given twice: give each option once")
            overrides[key] = value.strip()
        return cls.preset(name, **overrides)

    @classmethod
    def from_json(cls, value: object) -> Rules:
        """From a record's ``rules`` value: a preset name or ``{"preset": …, option: value}``
        (the forms :meth:`to_json` writes), or the notation of :meth:`parse` (``"pagat,target=31"``,
        as ``str()``, ``--rules`` and the live table write it, and a record edited by hand may).

        >>> Rules.from_json({"preset": "pagat", "target": 31})
        Rules.preset('pagat', target=31)
        >>> Rules.from_json("pagat,target=31")
        Rules.preset('pagat', target=31)
        """
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, Rules):
            return value
        if not isinstance(value, Mapping):
            raise RulesError(
                "rules must be a preset name or an object such as {\"preset\": \"pagat\"} (or "
                f"the notation \"pagat,follow=free\"), not {json_kind(value)}"
            )
        data = dict(value)
        preset = data.pop("preset", RECORD_PRESET)
        if not isinstance(preset, str):
            raise RulesError(f"preset must be a name such as \"pagat\", not {_shorten(preset)}")
        for key, val in data.items():
            if key not in OPTIONS:
                continue  # Rules.preset names the unknown option
            kind = type(OPTIONS[key].values[0].value)
            if not isinstance(val, kind) or (kind is int and isinstance(val, bool)):
                raise RulesError(f"{key} must be {_json_kind(kind)}, not {_shorten(val)}")
        return cls.preset(preset, **data)

    def to_json(self) -> str | dict[str, Any]:
        """The shortest record value: a preset name, or the nearest preset plus overrides.

        >>> Rules.preset("davis").to_json(), Rules.parse("pagat,follow=free").to_json()
        ('davis', {'preset': 'pagat', 'follow': 'free'})
        """
        name, diff = self._nearest_preset()
        return name if not diff else {"preset": name, **diff}

    # what the rules say ------------------------------------------------------------------------
    # The questions the game, the solver and the players ask; each answer comes from the function
    # of the option's value (see ``OptionInfo.does``).

    @property
    def pack(self) -> tuple[Card, ...]:
        """The pack in a fixed order (``deck``)."""
        return _DECK[self.deck]()

    def cut_winner(self, first: Card, second: Card) -> Seat | None:
        """Who deals first when seat 0 cut ``first`` and seat 1 ``second``, or ``None`` when the
        cards are equal and the players cut again (``first_dealer``)."""
        place = _FIRST_DEALER[self.first_dealer]
        a, b = place(first), place(second)
        return None if a == b else (0 if a < b else 1)

    def may_throw_in(self, hand: Sequence[Card]) -> bool:
        """Whether ``hand`` may be thrown in (``redeal``).

        >>> from penneech import parse_cards
        >>> rules = Rules.preset("pagat")  # redeal="no_ace_or_face"
        >>> rules.may_throw_in(parse_cards("2D 3H 7D 4C 8S 8D 7S"))
        True
        >>> rules.may_throw_in(parse_cards("2D 3H 7D 4C 8S 8D JS"))
        False
        """
        return _REDEAL[self.redeal](hand)

    def claimants(self, dealer: Seat) -> tuple[Seat, ...]:
        """Who may throw in their hand, in the order they are asked (``redeal_claimant``)."""
        return _REDEAL_CLAIMANT[self.redeal_claimant](dealer)

    def turnup_points(self, card: Card) -> int:
        """What ``card`` pegs, turned up when its turn-up scores: an honour its value, the ♦7 14
        (from ``_turnup_value``, the one home of a turn-up's value).

        >>> rules = Rules.preset("pagat")
        >>> [rules.turnup_points(Card(c)) for c in ("AS", "JH", "7D", "7S")]
        [5, 2, 14, 0]
        """
        return _turnup_value(card)

    def first_turnup_points(self, card: Card) -> int:
        """What the dealer pegs for the first card turned up (``first_turnup_scores``): its
        turn-up value if the first turn-up is pegged, else nothing."""
        return self.turnup_points(card) if _FIRST_TURNUP[self.first_turnup_scores](card) else 0

    def turnup_scores(self, after_trick: int) -> bool:
        """Whether the card turned up after trick ``after_trick`` (1 … 7) scores for the trick's
        winner (``turnups_score``)."""
        return _TURNUPS[self.turnups_score](after_trick)

    def next_dealer(self, dealer: Seat, thrown_in: bool) -> Seat:
        """Who deals after a deal dealt by ``dealer`` (``thrown_in``: its hand was thrown in);
        :func:`next_dealer_words` says it in words.

        >>> rules = Rules.preset("pagat")
        >>> rules.next_dealer(0, thrown_in=True), rules.next_dealer(0, thrown_in=False)
        (0, 1)
        """
        return _next_dealer(dealer, thrown_in)

    def first_leader_of(self, dealer: Seat) -> Seat:
        """Who leads to the first trick of a deal dealt by ``dealer`` (``first_leader``)."""
        return _FIRST_LEADER[self.first_leader](dealer)

    def follow_duty(self, led: Suit, trumps: Suit) -> FollowDuty:
        """What the second player must play when ``led`` is led and ``trumps`` are trumps
        (``follow``)."""
        return _FOLLOW[self.follow](led, trumps)

    def must_play(self, led: Suit, trumps: Suit) -> str:
        """The suits a player who holds a card of one they are obliged to play must play, in
        words, the suit led first (``follow``): what a refused card's reason and the live
        table's hint both say.

        >>> Rules.preset("parlett").must_play(Suit.DIAMONDS, Suit.SPADES)
        'diamonds or trumps'
        >>> Rules.preset("pagat").must_play(Suit.DIAMONDS, Suit.DIAMONDS)
        'diamonds'
        """
        allowed = self.follow_duty(led, trumps).allowed
        return " or ".join("trumps" if s is trumps and s is not led else s.noun
                           for s in sorted(allowed, key=lambda s: (s is not led, s.value)))

    def legal_follows(self, hand: Sequence[Card], lead: Card, trumps: Suit) -> list[Card]:
        """The cards of ``hand`` that may be played to ``lead`` (``follow``), in hand order.

        >>> from penneech import parse_cards
        >>> hand = parse_cards("7C 3D JH TC")
        >>> Rules.preset("pagat").legal_follows(hand, Card("6D"), Suit.SPADES)
        [Card('3D')]
        >>> Rules.preset("pagat", follow="free").legal_follows(hand, Card("6D"), Suit.SPADES)
        [Card('7C'), Card('3D'), Card('JH'), Card('TC')]
        """
        obliged, allowed = self.follow_duty(lead.suit, trumps)
        return cards_allowed(hand, tuple(obliged), tuple(allowed))

    def follower_wins(self, lead: Card, follow: Card, trumps: Suit) -> bool:
        """Whether the second card of a trick beats the card led (``trick_winner``).

        >>> rules = Rules.preset("pagat")  # spades are trumps, the 6D is led:
        >>> [rules.follower_wins(Card("6D"), Card(c), Suit.SPADES) for c in ("AD", "2S", "AC")]
        [True, True, False]
        """
        return _TRICK_WINNER[self.trick_winner](lead, follow, trumps)

    def card_points(self, card: Card, trumps: Suit) -> int:
        """What ``card`` scores when it falls in a trick with ``trumps`` (``counting``).

        >>> rules = Rules.preset("pagat")  # counting="trumps"
        >>> rules.card_points(Card("AS"), Suit.SPADES), rules.card_points(Card("AD"), Suit.SPADES)
        (5, 0)
        >>> rules.card_points(Card("7D"), Suit.DIAMONDS), rules.card_points(Card("7D"), Suit.SPADES)
        (7, 0)
        """
        return _COUNTING[self.counting](card, trumps)

    def scorer(self, holder: Seat, winner: Seat) -> Seat:
        """Who pegs a counting card that ``holder`` played to a trick ``winner`` took
        (``trick_points_to``)."""
        return _TRICK_POINTS_TO[self.trick_points_to](holder, winner)

    def majority_points(self, tricks: int) -> int:
        """What a player who took ``tricks`` tricks in a deal pegs for them
        (``majority_bonus``).

        >>> [Rules.preset("pagat").majority_points(t) for t in (3, 4, 7)]  # a point a card past 7
        [0, 1, 7]
        """
        return _MAJORITY[self.majority_bonus](tricks)

    def game_winner(self, scores: tuple[int, int], deal_over: bool) -> Seat | None:
        """Who has won with ``scores``, checked after every peg and at the end of each deal
        (``deal_over``), or ``None`` (``win_check``, ``target``)."""
        return _WIN_CHECK[self.win_check](scores, self.target, deal_over)

    def how_won(self) -> str:
        """How a game is won under these rules, as a clause (``win_check``, ``target``).

        >>> Rules.preset("pagat").how_won()
        'the first to 61 wins the game'
        >>> Rules.preset("davis").how_won()
        'after a deal, the higher score at or over 61 wins the game (equal scores play on)'
        """
        return _WIN_WORDS[self.win_check].format(target=self.target)

    def visible_history(self, tricks: tuple[Any, ...],
                        turned: tuple[Card, ...]) -> tuple[tuple[Any, ...], tuple[Card, ...]]:
        """Of a deal's finished ``tricks`` and ``turned`` cards, those a player may still look at
        (``past_tricks``): what a player's view shows."""
        return _PAST_TRICKS[self.past_tricks](tricks, turned)

    @functools.cached_property
    def tables(self) -> RuleTables:
        """These rules as look-up tables for the hot paths, computed from this class's own
        answers (:meth:`follower_wins`, :meth:`card_points`, :meth:`follow_duty`, …), so that
        whatever an option changes in them, the tables change too."""
        return _tables_for(self)

    @functools.cached_property
    def ends_mid_deal(self) -> bool:
        """Whether a game may end in the middle of a deal (``win_check``)."""
        return self.game_winner((self.target, 0), False) is not None

    # reading -----------------------------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """Every option and its value, in the order of :data:`OPTIONS`."""
        return {name: getattr(self, name) for name in OPTIONS}

    @property
    def preset_name(self) -> str | None:
        """The name of the preset these rules are exactly, or ``None``."""
        name, diff = self._nearest_preset()
        return None if diff else name

    def _nearest_preset(self) -> tuple[str, dict[str, Any]]:
        best: tuple[str, dict[str, Any]] | None = None
        for name in PRESET_NAMES:
            preset = PRESETS[name].options()
            diff = {k: v for k, v in self.options().items() if preset[k] != v}
            if best is None or len(diff) < len(best[1]):
                best = (name, diff)
        assert best is not None
        return best

    def __str__(self) -> str:
        name, diff = self._nearest_preset()
        return ",".join([name, *(f"{k}={show_value(v)}" for k, v in diff.items())])

    def __repr__(self) -> str:
        name, diff = self._nearest_preset()
        args = "".join(f", {k}={v!r}" for k, v in diff.items())
        return f"Rules.preset({name!r}{args})"


def show_value(value: object) -> str:
    """An option's value as the rules notation, the command line, the records and the book
    write it: ``true``/``false`` for a yes-or-no option, else the value itself.  Everything
    that writes a value takes it from here.

    >>> show_value(False), show_value("suit"), show_value(61)
    ('false', 'suit', '61')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _json_kind(kind: type) -> str:
    return {bool: "true or false", int: "a whole number", str: "a string"}.get(
        kind, f"a {kind.__name__}")


def _shorten(value: object, limit: int = 60) -> str:
    """``value`` for an error message (:func:`penneech.text.shown`)."""
    return shown(value, limit)


def _coerce(name: str, value: Any) -> Any:
    """Turn a value typed as text (``"false"``, ``"32"``, ``"FREE"``) into the option's type."""
    if name not in OPTIONS:
        raise RulesError(f"unknown option {_shorten(name)}: the options are {', '.join(OPTIONS)}")
    if not isinstance(value, str):
        return value
    kind = type(OPTIONS[name].values[0].value)
    text = value.strip().lower()
    if kind is bool:
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise RulesError(f"{_shorten(value)} is not a value of {name}: use one of true, false")
    if kind is int:
        try:
            return whole_number(text)
        except TooManyDigits as exc:
            raise RulesError(f"{name} is {exc}") from None
        except ValueError:
            raise RulesError(f"{name} must be a whole number, not {_shorten(value)}") from None
    return text


#: The readings as :class:`Rules`, by name: ``minimal`` (ours), ``pagat``, ``parlett``,
#: ``gamester`` (ours) and ``davis``.
PRESETS: Final[dict[str, Rules]] = {
    "minimal": Rules(
        first_dealer="low_ace_low", redeal="no_ace_or_face", redeal_claimant="dealer",
        first_turnup_scores=False, turnups_score="every", first_leader="non_dealer",
        follow="free", trick_winner="suit", counting="trumps", trick_points_to="holder",
        majority_bonus=True, win_check="immediate", past_tricks="open",
    ),
    "pagat": Rules(
        first_dealer="low_ace_low", redeal="no_ace_or_face", redeal_claimant="either",
        first_turnup_scores=False, turnups_score="every", first_leader="non_dealer",
        follow="suit", trick_winner="suit", counting="trumps", trick_points_to="winner",
        majority_bonus=True, win_check="immediate", past_tricks="open",
    ),
    "parlett": Rules(
        first_dealer="low_ace_low", redeal="no_card_above_ten", redeal_claimant="either",
        first_turnup_scores=True, turnups_score="every", first_leader="non_dealer",
        follow="suit_or_trump", trick_winner="suit", counting="honours",
        trick_points_to="winner", majority_bonus=True, win_check="immediate",
        past_tricks="turned_down",
    ),
    "gamester": Rules(
        first_dealer="best_putt", redeal="no_ace_or_face", redeal_claimant="either",
        first_turnup_scores=True, turnups_score="every", first_leader="non_dealer",
        follow="suit", trick_winner="suit", counting="trumps", trick_points_to="holder",
        majority_bonus=True, win_check="immediate", past_tricks="turned_down",
    ),
    "davis": Rules(
        first_dealer="low_ace_high", redeal="never", redeal_claimant="either",
        first_turnup_scores=False, turnups_score="every", first_leader="dealer",
        follow="suit", trick_winner="rank", counting="honours", trick_points_to="winner",
        majority_bonus=False, win_check="end_of_deal", past_tricks="open",
    ),
}


# ----------------------------------------------------------------------------------------------
# The same rules as look-up tables, for the hot paths (the game's play, the solver's search).
# They are computed from the functions above, never written by hand; tests/test_rules.py checks
# them against the functions for every card pair, trump suit and value.

#: Every card of the 52-card pack, by ``Card.index``.
CARDS_BY_INDEX: Final[tuple[Card, ...]] = tuple(sorted(full_pack(52), key=lambda c: c.index))
#: The suits by their index (``card.index // 13``).
SUITS_BY_INDEX: Final[tuple[Suit, ...]] = tuple(
    CARDS_BY_INDEX[13 * i].suit for i in range(4)
)


class RuleTables(NamedTuple):
    """Look-up tables computed from one :class:`Rules` (see :attr:`Rules.tables`).

    Suits are numbered as in ``Card.index`` (``card.index // 13``); cards by their index.
    """

    #: ``beats[t][lead * 52 + follow]``: 1 if the follower's card wins with trumps ``t``
    beats: tuple[bytes, ...]
    #: ``points[t][card]``: what the card scores in a trick with trumps ``t``
    points: tuple[tuple[int, ...], ...]
    #: ``majority[n]``: what taking ``n`` tricks of a deal pegs (``n`` = 0 … 7)
    majority: tuple[int, ...]
    #: ``turnup_scores[n]``: whether the card turned after trick ``n`` scores (``n`` = 1 … 7)
    turnup_scores: tuple[bool, ...]
    #: ``turnup[card]``: what the card pegs, turned up after a trick whose turn-up scores
    turnup: tuple[int, ...]
    #: ``most_points[card]``: the most the card scores in a trick, whatever the trumps
    most_points: tuple[int, ...]
    #: ``scorer[holder][winner]``: who pegs a counting card
    scorer: tuple[tuple[Seat, Seat], tuple[Seat, Seat]]
    #: ``obliged[t][led]`` / ``allowed[t][led]``: the follower's duty as suit-index sets
    obliged: tuple[tuple[frozenset[int], ...], ...]
    allowed: tuple[tuple[frozenset[int], ...], ...]
    #: ``duty[t][led]``: the follower's duty as (obliged, allowed) tuples of suits, for
    #: :func:`cards_allowed`
    duty: tuple[tuple[tuple[tuple[Suit, ...], tuple[Suit, ...]], ...], ...]


@functools.cache
def _tables_for(rules: Rules) -> RuleTables:
    """``rules.tables``, asked of ``rules``' own answers (kept for every set of rules asked)."""
    cards = CARDS_BY_INDEX
    beats = tuple(
        bytes(1 if rules.follower_wins(lead, follow_card, trumps) else 0
              for lead in cards for follow_card in cards)
        for trumps in SUITS_BY_INDEX
    )
    points = tuple(tuple(rules.card_points(c, trumps) for c in cards)
                   for trumps in SUITS_BY_INDEX)
    index = {s: i for i, s in enumerate(SUITS_BY_INDEX)}

    def numbers(suits: frozenset[Suit]) -> frozenset[int]:
        return frozenset(index[s] for s in suits)

    duties = [[rules.follow_duty(led, trumps) for led in SUITS_BY_INDEX]
              for trumps in SUITS_BY_INDEX]
    return RuleTables(
        beats=beats,
        points=points,
        majority=tuple(rules.majority_points(n) for n in range(TRICKS + 1)),
        turnup_scores=tuple(n >= 1 and rules.turnup_scores(n) for n in range(TRICKS + 1)),
        turnup=tuple(rules.turnup_points(c) for c in cards),
        most_points=tuple(max(row[c.index] for row in points) for c in cards),
        scorer=((rules.scorer(0, 0), rules.scorer(0, 1)), (rules.scorer(1, 0), rules.scorer(1, 1))),
        obliged=tuple(tuple(numbers(d.obliged) for d in row) for row in duties),
        allowed=tuple(tuple(numbers(d.allowed) for d in row) for row in duties),
        duty=tuple(tuple((tuple(d.obliged), tuple(d.allowed)) for d in row) for row in duties),
    )


def holders(option: str, value: Any) -> list[str]:
    """The presets that hold ``value`` for ``option``, read off :data:`PRESETS`."""
    return [name for name in PRESET_NAMES if getattr(PRESETS[name], option) == value]


def option_anchor(option: str) -> str:
    """The id of ``option``'s section in the book (its underscores as hyphens), to which the
    book's tables and the live table's account link.

    >>> option_anchor("turnups_score")
    'option-turnups-score'
    """
    if option not in OPTIONS:
        raise RulesError(f"unknown rule option {option!r}")
    return "option-" + option.replace("_", "-")


def completed(option: str, preset: str) -> bool:
    """Whether ``preset``'s value for ``option`` is the project's completion of a published
    reading, one its author does not state (:attr:`OptionInfo.unstated`).  The project's own
    readings are ours throughout and are not marked so."""
    return preset in OPTIONS[option].unstated
