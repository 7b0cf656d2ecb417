"""Cards, suits and packs.

A card is written with a rank letter and a suit letter: ``AS`` (ace of spades), ``TD`` (ten of
diamonds, also ``10D``), ``7D`` (the seven of diamonds, the *Penneech*).  The parser also accepts
suit symbols on either side (``♦7``, ``7♦``) and lower case.

Cards are interned: ``Card("AS") is Card("AS")``.  ``str(card)`` is its code and ``repr(card)``
rebuilds it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final

from .text import json_kind, py_shown

__all__ = [
    "Card",
    "CardError",
    "Suit",
    "PENNEECH",
    "RANK_CHARS",
    "full_pack",
    "parse_card",
    "parse_cards",
    "as_card",
    "format_cards",
]


class CardError(ValueError):
    """A card code that cannot be read."""


class Suit(enum.Enum):
    """The four suits, valued by their letter.

    >>> suit = Suit("H")
    >>> suit, str(suit), suit.symbol, suit.noun, suit.is_red
    (Suit.HEARTS, 'H', '♥', 'hearts', True)
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def noun(self) -> str:
        """The plural name, as in "hearts are trumps"."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_SYMBOLS: Final = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
}
_SUIT_BY_CHAR: Final = {
    **{s.value: s for s in Suit},
    **{sym: s for s, sym in _SUIT_SYMBOLS.items()},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}

#: Rank letters from low (2) to high (A); the index + 2 is the rank number.
RANK_CHARS: Final = "23456789TJQKA"
_RANK_NAMES: Final = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
    10: "ten", 11: "knave", 12: "queen", 13: "king", 14: "ace",
}
_RANK_BY_TEXT: Final = {
    **{c: i + 2 for i, c in enumerate(RANK_CHARS)},
    "10": 10,
}

#: The one home of the cards' values, which no reading disputes.  Cotton: “The Ace and
#: Coat-Cards of Trumps are thus reckoned, the Ace is five, the King four, the Queen three, and
#: the Knave two” (p. 148), in a trick and turned up alike.  Which cards count when is the
#: rules' (:mod:`penneech.rules`: ``counting``, ``turnups_score`` and the rest).
HONOUR_POINTS: Final = {14: 5, 13: 4, 12: 3, 11: 2}
#: The ♦7: “reckon'd fourteen turn'd up, but it is but seven in hand, and not that neither
#: unless Diamonds be Trumps; if it be Trump it is the highest Card and wins all others; if it
#: be not Trump it wins all Diamonds” (p. 149).  Its power (strength in its suit) is one above
#: the ace's.
PENNEECH_POINTS: Final = 7
PENNEECH_TURNED_UP: Final = 14
PENNEECH_POWER: Final = 15

#: Suit order used to sort a hand for display: alternate colours.
_SUIT_ORDER: Final = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}


class Card:
    """One playing card.  Immutable and interned; build it from its code: ``Card("QH")``.

    Attributes:
        rank: 2 … 14 (11 knave, 12 queen, 13 king, 14 ace).
        suit: its :class:`Suit`.
        power: its strength within its suit for taking tricks: the rank, except that the
            seven of diamonds (the Penneech) is 15, above the ace.
        index: 0 … 51, a dense number for tables.
        is_penneech: whether this is the seven of diamonds.
        points: what it scores in a trick when it counts (A 5, K 4, Q 3, J 2, the ♦7 7; else 0).
        turnup_points: what it scores turned up (A 5, K 4, Q 3, J 2, the ♦7 14; else 0).

    >>> card = Card("7D")
    >>> card.name, card.symbol, card.is_penneech, card.power, card.points, card.turnup_points
    ('seven of diamonds', '♦7', True, 15, 7, 14)
    >>> Card("10h") is Card("TH"), Card("QH").rank, Card("QH").suit
    (True, 12, Suit.HEARTS)
    >>> sorted(parse_cards("2S KH AS 7D AD"))  # for display: the ♦7 above the ♦A
    [Card('AS'), Card('2S'), Card('KH'), Card('7D'), Card('AD')]
    """

    __slots__ = ("rank", "suit", "power", "index", "is_penneech", "code", "points",
                 "turnup_points", "_sort_key")

    rank: int
    suit: Suit
    power: int
    index: int
    is_penneech: bool
    code: str
    points: int
    turnup_points: int
    _sort_key: tuple[int, int]

    def __new__(cls, code: str | Card) -> Card:
        if isinstance(code, Card):
            return code
        return parse_card(code)

    @classmethod
    def _make(cls, rank: int, suit: Suit) -> Card:
        self = object.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(self, "rank", rank)
        setattr_(self, "suit", suit)
        penneech = rank == 7 and suit is Suit.DIAMONDS
        setattr_(self, "is_penneech", penneech)
        power = PENNEECH_POWER if penneech else rank
        setattr_(self, "power", power)
        setattr_(self, "index", _SUIT_ORDER[suit] * 13 + rank - 2)
        setattr_(self, "code", RANK_CHARS[rank - 2] + suit.value)
        honour = HONOUR_POINTS.get(rank, 0)
        setattr_(self, "points", PENNEECH_POINTS if penneech else honour)
        setattr_(self, "turnup_points", PENNEECH_TURNED_UP if penneech else honour)
        setattr_(self, "_sort_key", (_SUIT_ORDER[suit], -power))
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card objects are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (self.code,))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __lt__(self, other: object) -> bool:
        """Display order, not the order of strength: ``sorted(hand)`` lists a hand suit by suit
        (♠ ♥ ♣ ♦), strongest first within a suit, so the "smallest" card is the ♠A.  Which
        card beats which depends on the trumps and the rules: ask :class:`~penneech.Rules`."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._sort_key < other._sort_key

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._sort_key <= other._sort_key

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._sort_key > other._sort_key

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._sort_key >= other._sort_key

    def _repr_svg_(self) -> str:
        """Draw the card in a notebook (see :mod:`penneech.render`)."""
        from .render import card_svg

        return card_svg(self)

    @property
    def symbol(self) -> str:
        """The suit symbol then the rank, as the narration, the live table and the terminal
        print a card: ``♦7``, ``♥10`` (:func:`parse_card` reads it back, and ``7♦`` too)."""
        return self.suit.symbol + self.rank_text

    @property
    def rank_text(self) -> str:
        """The rank as a card's corner shows it: ``A``, ``K``, ``Q``, ``J``, ``10``, ``9`` … ``2``
        (``7`` for the ♦7)."""
        return "10" if self.rank == 10 else RANK_CHARS[self.rank - 2]

    @property
    def name(self) -> str:
        """The card in words: ``"queen of hearts"``."""
        return f"{_RANK_NAMES[self.rank]} of {self.suit.noun}"

    @property
    def is_honour(self) -> bool:
        """Ace, king, queen or knave (the ♦7 is not one: Cotton's “neither Ace nor Face”
        (p. 149))."""
        return self.rank >= 11


_CARDS: Final = {(r, s): Card._make(r, s) for s in Suit for r in range(2, 15)}
_BY_CODE: Final = {c.code: c for c in _CARDS.values()}
#: The seven of diamonds.
PENNEECH: Final = _CARDS[(7, Suit.DIAMONDS)]


def parse_card(text: str) -> Card:
    """Read one card code (``AS``, ``10D``, ``td``, ``♦7``, ``7♦``); raise :class:`CardError`.

    >>> parse_card("♦7"), parse_card("td"), parse_card(" 10♥ ")
    (Card('7D'), Card('TD'), Card('TH'))
    >>> parse_card("1S")
    Traceback (most recent call last):
        ...
    penneech.cards.CardError: '1S' is not a card: write a rank (A K Q J T or 10, 9 … 2) and a
    suit, as a letter (S H D C) or a symbol, as in 'AS', '10D' or '♦7'
    """
    if not isinstance(text, str):
        raise CardError(f"a card must be written as a string such as 'AS', not "
                        f"{json_kind(text)}")
    card = _BY_CODE.get(text)
    if card is not None:
        return card
    # a phone or a web page may add a variation selector to a suit symbol (♠️)
    raw = text.strip().upper().replace("\ufe0f", "").replace("\ufe0e", "")
    if len(raw) >= 2:
        for suit_text, rank_text in ((raw[-1], raw[:-1]), (raw[0], raw[1:])):
            suit = _SUIT_BY_CHAR.get(suit_text)
            rank = _RANK_BY_TEXT.get(rank_text)
            if suit is not None and rank is not None:
                return _CARDS[(rank, suit)]
    shown = repr(text) if len(text) <= 20 else repr(text[:19]) + "…"
    raise CardError(
        f"{shown} is not a card: write a rank (A K Q J T or 10, 9 … 2) and a suit, "
        "as a letter (S H D C) or a symbol, as in 'AS', '10D' or '♦7'"
    )


def as_card(card: Card | str) -> Card:
    """``card`` itself, or the card a code names (``"AS"``, ``"♦7"``): what the drawing and
    narration helpers take, so that ``card_svg("AS")`` works in a notebook.

    >>> as_card("qh") is as_card(Card("QH"))
    True
    """
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise CardError(f"expected a card, such as Card('AS') or 'AS', not {type(card).__name__}")


def parse_cards(text: str | Iterable[Card | str]) -> list[Card]:
    """Read several cards, from one string separated by spaces or commas, or from a list of
    codes (or cards); :func:`format_cards` writes them back.

    >>> parse_cards("AS, 10d ♥Q")
    [Card('AS'), Card('TD'), Card('QH')]
    >>> parse_cards(format_cards(parse_cards("AS TD QH"))) == parse_cards(["AS", "TD", "QH"])
    True
    """
    if isinstance(text, (bytes, bytearray)) or (not isinstance(text, str)
                                                 and not isinstance(text, Iterable)):
        raise CardError(f"cards must be written as a string such as 'AS KS' or a list of codes, "
                        f"not {json_kind(text)}")
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [c if isinstance(c, Card) else parse_card(c) for c in items]


def format_cards(cards: Iterable[Card | str] | str, *, symbols: bool = False) -> str:
    """Cards as codes (or symbols) separated by commas; :func:`parse_cards` reads them back.
    Codes are read as :func:`parse_cards` reads them.

    >>> format_cards([Card("2H"), Card("QH")]), format_cards("2h 10h", symbols=True)
    ('2H, QH', '♥2, ♥10')
    """
    return ", ".join(c.symbol if symbols else c.code for c in parse_cards(cards))


_PACKS: Final = {
    52: tuple(_CARDS[(r, s)] for s in Suit for r in range(14, 1, -1)),
    32: tuple(_CARDS[(r, s)] for s in Suit for r in range(14, 6, -1)),
}


def full_pack(size: int = 52) -> tuple[Card, ...]:
    """The 52-card pack, or the 32-card pack (ace down to seven in each suit), in a fixed order.

    >>> len(full_pack()), len(full_pack(32)), full_pack(32)[:3]
    (52, 32, (Card('AS'), Card('KS'), Card('QS')))
    """
    pack = _PACKS.get(size) if isinstance(size, int) and not isinstance(size, bool) else None
    if pack is None:
        raise CardError(f"there is no pack of {py_shown(size, 20)} cards: a pack has 52 or 32 "
                        "cards (a whole number)")
    return pack


def check_pack(cards: Sequence[Card], pack_or_size: Sequence[Card] | int) -> None:
    """Raise :class:`CardError` unless ``cards`` is exactly the cards of a pack: the given one
    (a game passes its rules' :attr:`~penneech.rules.Rules.pack`, the pack's one home), or
    the full pack of that many cards."""
    pack = set(full_pack(pack_or_size) if isinstance(pack_or_size, int) else pack_or_size)
    size = len(pack)
    seen: set[Card] = set()
    for i, card in enumerate(cards, 1):
        if card in seen:
            raise CardError(f"card {i}, {card}, appears twice in the pack")
        if card not in pack:
            raise CardError(f"card {i}, {card}, is not in the {size}-card pack")
        seen.add(card)
    if len(seen) != size:
        missing = format_cards(sorted(pack - seen))
        raise CardError(f"the pack has {len(seen)} cards, not {size}: missing {missing}")
