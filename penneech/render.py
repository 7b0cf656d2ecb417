"""Pictures of cards, hands, tricks and table positions, as SVG and as light HTML/CSS.

Everything here is built with :mod:`xml.etree.ElementTree` from the standard library, so the
output is well-formed and every text is escaped.  Each card carries a text alternative (an SVG
``<title>`` and ``aria-label``, an HTML ``title`` and ``aria-label``: "queen of hearts"), the
suits use four colours *and* their own shapes (spades black, hearts red, diamonds blue, clubs
green), so they read in black-and-white print and for colour-blind readers, and the seven of
diamonds is marked as the Penneech (a gold border and the word).

>>> from penneech import Card
>>> svg = card_svg(Card("QH"))
>>> "<title>queen of hearts</title>" in svg
True
>>> "seven of diamonds, the Penneech" in card_html(Card("7D"))
True

Rich display in Jupyter: :class:`Hand` wraps a list of cards, and the engine's ``Card``,
``Game`` and ``PlayerView`` can delegate their ``_repr_svg_``/``_repr_html_`` to
:func:`card_svg` and :func:`table_html`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, Suit
from .text import terminal_safe

if TYPE_CHECKING:
    from .game import Game, PlayerView

__all__ = [
    "CSS",
    "SUIT_COLOURS",
    "Hand",
    "Scene",
    "card_label",
    "card_svg",
    "cards_svg",
    "card_html",
    "back_html",
    "hand_html",
    "trick_html",
    "table_html",
    "scene",
    "style_tag",
]

#: Four-colour suits: each suit has its own colour as well as its own shape.
SUIT_COLOURS: dict[Suit, str] = {
    Suit.SPADES: "#1b1b1b",
    Suit.HEARTS: "#c0392b",
    Suit.DIAMONDS: "#1f5fbf",
    Suit.CLUBS: "#1e7b34",
}
_SUIT_CLASS = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}
_GOLD = "#b8860b"
_FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"

#: The style sheet for the HTML cards (small: it goes once into each rendered block).
CSS = (
    ".pn{font-family:" + _FONT + ";line-height:1.35}"
    ".pn-card,.pn-back{display:inline-block;box-sizing:border-box;min-width:2.3em;"
    "padding:.15em .3em;margin:.1em;border:1px solid #555;border-radius:.3em;background:#fff;"
    "text-align:center;font-weight:bold;vertical-align:middle}"
    ".pn-back{background:repeating-linear-gradient(45deg,#7a8fb0 0 3px,#e8ecf3 3px 6px);"
    "color:transparent}"
    ".pn-s{color:" + SUIT_COLOURS[Suit.SPADES] + "}"
    ".pn-h{color:" + SUIT_COLOURS[Suit.HEARTS] + "}"
    ".pn-d{color:" + SUIT_COLOURS[Suit.DIAMONDS] + "}"
    ".pn-c{color:" + SUIT_COLOURS[Suit.CLUBS] + "}"
    ".pn-pen{border:2px solid " + _GOLD + ";background:#fff6d8}"
    ".pn-pen::after{content:' P';font-size:.7em;color:" + _GOLD + "}"
    ".pn-win{outline:2px solid #333;outline-offset:1px}"
    ".pn-row{margin:.25em 0}.pn-who{display:inline-block;min-width:9em}"
    ".pn-mid{margin:.4em 0;padding:.3em .5em;background:#f1f5ee;border-radius:.3em}"
    ".pn-note{color:#444;font-size:.92em;margin:.3em 0}"
    ".pn-score{font-weight:bold}"
)


def style_tag() -> str:
    """``<style>`` holding :data:`CSS`."""
    return f"<style>{CSS}</style>"


def card_label(card: Card) -> str:
    """The text alternative: ``"queen of hearts"``, ``"seven of diamonds, the Penneech"``."""
    return f"{card.name}, the Penneech" if card.is_penneech else card.name


def _rank(card: Card) -> str:
    return card.symbol[:-1]


def _tostring(el: ET.Element) -> str:
    """The one way a drawing becomes markup: every text and attribute value passes through
    :func:`~penneech.text.terminal_safe` (control characters shown, not obeyed) and then the
    serializer's escaping (no markup from data)."""
    for node in el.iter():
        if node.text:
            node.text = terminal_safe(node.text)
        if node.tail:
            node.tail = terminal_safe(node.tail)
        for key, value in node.attrib.items():
            node.attrib[key] = terminal_safe(value)
    return ET.tostring(el, encoding="unicode", method="html" if el.tag != "svg" else "xml")


# -- SVG ----------------------------------------------------------------------------------------

_W, _H, _GAP = 50, 70, 4


def _svg_card_group(parent: ET.Element, card: Card | None, x: float) -> ET.Element:
    """One card (``None`` for a face-down card) at ``x``, as a labelled ``<g>``."""
    label = card_label(card) if card is not None else "a face-down card"
    g = ET.SubElement(parent, "g", {"transform": f"translate({x:g},0)", "role": "img",
                                    "aria-label": label})
    ET.SubElement(g, "title").text = label
    if card is None:
        ET.SubElement(g, "rect", {"x": "0.5", "y": "0.5", "width": str(_W - 1),
                                  "height": str(_H - 1), "rx": "4", "fill": "#7a8fb0",
                                  "stroke": "#333"})
        ET.SubElement(g, "rect", {"x": "5", "y": "5", "width": str(_W - 10),
                                  "height": str(_H - 10), "rx": "2", "fill": "none",
                                  "stroke": "#e8ecf3", "stroke-dasharray": "3 2"})
        return g
    colour = SUIT_COLOURS[card.suit]
    pen = card.is_penneech
    ET.SubElement(g, "rect", {"x": "0.5" if not pen else "1.25", "y": "0.5" if not pen else "1.25",
                              "width": str(_W - 1) if not pen else str(_W - 2.5),
                              "height": str(_H - 1) if not pen else str(_H - 2.5), "rx": "4",
                              "fill": "#fff6d8" if pen else "#fff",
                              "stroke": _GOLD if pen else "#444",
                              "stroke-width": "2.5" if pen else "1"})
    text = {"fill": colour, "font-family": _FONT, "font-weight": "bold"}
    ET.SubElement(g, "text", {"x": "4", "y": "14", "font-size": "12", **text}).text = _rank(card)
    ET.SubElement(g, "text", {"x": "4", "y": "26", "font-size": "11", **text}).text = (
        card.suit.symbol)
    ET.SubElement(g, "text", {"x": str(_W / 2 + 4), "y": "49", "font-size": "26",
                              "text-anchor": "middle", **text}).text = card.suit.symbol
    if pen:
        ET.SubElement(g, "text", {"x": str(_W / 2), "y": "64", "font-size": "6.5",
                                  "text-anchor": "middle", "fill": _GOLD,
                                  "font-family": _FONT, "font-weight": "bold"}).text = "PENNEECH"
    return g


def cards_svg(cards: Iterable[Card | None], *, label: str | None = None,
              scale: float = 1.0) -> str:
    """A row of cards as one SVG (``None`` draws a face-down card).

    ``label`` names the whole row for screen readers (default: the cards in words).
    """
    items = list(cards)
    n = max(len(items), 1)
    width = n * _W + (n - 1) * _GAP
    words = ", ".join(card_label(c) if c is not None else "a face-down card" for c in items)
    name = label if label is not None else (words or "no cards")
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width} {_H}",
        "width": f"{width * scale:g}", "height": f"{_H * scale:g}", "role": "img",
        "aria-label": name,
    })
    ET.SubElement(svg, "title").text = name
    for i, card in enumerate(items):
        _svg_card_group(svg, card, i * (_W + _GAP))
    return _tostring(svg)


def card_svg(card: Card, *, scale: float = 1.0) -> str:
    """One card as a standalone SVG, titled with its name."""
    return cards_svg([card], label=card_label(card), scale=scale)


# -- HTML ---------------------------------------------------------------------------------------


def _card_el(card: Card, *, winner: bool = False) -> ET.Element:
    classes = f"pn-card pn-{_SUIT_CLASS[card.suit]}"
    if card.is_penneech:
        classes += " pn-pen"
    if winner:
        classes += " pn-win"
    label = card_label(card) + (" (wins the trick)" if winner else "")
    el = ET.Element("span", {"class": classes, "title": label, "aria-label": label,
                             "role": "img"})
    el.text = _rank(card) + card.suit.symbol
    return el


def _back_el() -> ET.Element:
    el = ET.Element("span", {"class": "pn-back", "title": "a face-down card",
                             "aria-label": "a face-down card", "role": "img"})
    el.text = "??"
    return el


def card_html(card: Card) -> str:
    """One card as a small HTML/CSS span (needs :data:`CSS`, see :func:`style_tag`)."""
    return _tostring(_card_el(card))


def back_html() -> str:
    """A face-down card as HTML."""
    return _tostring(_back_el())


def _cards_span(cards: Sequence[Card] | int, *, winner: Card | None = None) -> ET.Element:
    span = ET.Element("span", {"class": "pn-cards"})
    if isinstance(cards, int):
        for _ in range(cards):
            span.append(_back_el())
        if not cards:
            span.text = "no cards"
        return span
    for c in cards:
        span.append(_card_el(c, winner=c is winner))
    if not cards:
        span.text = "no cards"
    return span


def hand_html(cards: Sequence[Card], *, style: bool = True) -> str:
    """A hand (in the order given) as HTML; with ``style`` the CSS comes with it."""
    div = ET.Element("div", {"class": "pn"})
    div.append(_cards_span(list(cards)))
    return (style_tag() if style else "") + _tostring(div)


def _suit_words(suit: Suit) -> str:
    return f"{suit.symbol} {suit.noun}"


@dataclass(frozen=True)
class Scene:
    """What a picture of the table shows: built by :func:`scene` from a game or a view.

    ``hands[p]`` is ``None`` for a hand shown face down (``hand_sizes`` gives its size).
    ``trick`` is the current trick, or, between tricks, the trick just finished (then
    ``trick_winner`` is set).
    """

    names: tuple[str, str]
    hands: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    hand_sizes: tuple[int, int]
    dealer: int
    deal: int
    trick_number: int
    trumps: Suit | None
    trump_card: Card | None
    trick: tuple[tuple[int, Card], ...]
    trick_winner: int | None
    finished_trick: int | None
    scores: tuple[int, int]
    tricks_won: tuple[int, int]
    stock_size: int
    to_move: int | None
    target: int
    rules: str
    over: bool
    #: the card turned up after the seventh trick (it sets no trumps), once turned
    last_turnup: Card | None = None


def scene(source: Game | PlayerView, *, reveal: bool | None = None) -> Scene:
    """The :class:`Scene` of a game (both hands shown unless ``reveal=False``, then
    player 0's) or of a player's view (the opponent's hand face down)."""
    from .events import Dealt
    from .game import Game  # imported late: the engine never needs the renderer

    if isinstance(source, Game):
        g = source
        show = True if reveal is None else reveal
        hands = (tuple(sorted(g.hand(0))), tuple(sorted(g.hand(1))))
        shown: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None] = (
            hands if show else (hands[0], None))
        trick = g.view(0).trick
        done = g.tricks_played
        to_move = g.to_move
        dealer = g.dealer
        for e in reversed(g.events):  # between deals g.dealer is already the next dealer
            if isinstance(e, Dealt):
                dealer = e.dealer
                break
        turned = g.turned
        stock = len(g.stock) if g.deck else 0
        return _with_last_trick(Scene(
            names=g.names, hands=shown, hand_sizes=(len(hands[0]), len(hands[1])),
            dealer=dealer, deal=g.deal_number, trick_number=g.trick_number,
            trumps=g.trumps, trump_card=g.trump_card, trick=trick, trick_winner=None,
            finished_trick=None, scores=g.scores, tricks_won=g.tricks_won, stock_size=stock,
            to_move=to_move, target=g.rules.target, rules=str(g.rules), over=g.is_over(),
            last_turnup=_final_turnup(turned, g.trump_card),
        ), done)
    v = source
    me = v.player
    sizes = [0, 0]
    sizes[me] = len(v.hand)
    sizes[1 - me] = v.opponent_hand_size
    vh: list[tuple[Card, ...] | None] = [None, None]
    vh[me] = v.hand
    if reveal:
        raise ValueError("a player's view cannot show the opponent's hand")
    return _with_last_trick(Scene(
        names=v.names, hands=(vh[0], vh[1]), hand_sizes=(sizes[0], sizes[1]), dealer=v.dealer,
        deal=v.deal, trick_number=v.trick_number, trumps=v.trumps, trump_card=v.trump_card,
        trick=v.trick, trick_winner=None, finished_trick=None, scores=v.scores,
        tricks_won=v.tricks_won, stock_size=v.stock_size, to_move=v.to_move,
        target=v.rules.target, rules=str(v.rules), over=v.to_move is None and not v.hand,
        last_turnup=_final_turnup(v.turned, v.trump_card),
    ), v.tricks_played)


def _final_turnup(turned: Sequence[Card], trump_card: Card | None) -> Card | None:
    """The card turned after the seventh trick, if it is up: the latest turn-up once it no longer
    sets trumps (a view may show only the latest turn-up)."""
    return turned[-1] if turned and turned[-1] is not trump_card else None


def _with_last_trick(pos: Scene, done: Sequence[object]) -> Scene:
    if pos.trick or not done:
        return pos
    from .events import TrickWon

    last = done[-1]
    assert isinstance(last, TrickWon)
    pairs = ((last.leader, last.cards[0]), (1 - last.leader, last.cards[1]))
    return Scene(**{**pos.__dict__, "trick": pairs, "trick_winner": last.winner,
                       "finished_trick": last.trick})


def trick_html(trick: Sequence[tuple[int, Card]], names: Sequence[str], *,
               winner: int | None = None, style: bool = True) -> str:
    """The cards of a trick, each with its player's name; the winner's card outlined."""
    div = ET.Element("div", {"class": "pn"})
    div.append(_trick_el(trick, names, winner))
    return (style_tag() if style else "") + _tostring(div)


def _trick_el(trick: Sequence[tuple[int, Card]], names: Sequence[str],
              winner: int | None) -> ET.Element:
    span = ET.Element("span", {"class": "pn-trick"})
    if not trick:
        span.text = "no cards played yet"
        return span
    for i, (p, c) in enumerate(trick):
        who = ET.SubElement(span, "span")
        who.text = ("" if i == 0 else " ") + f"{names[p]} {'leads' if i == 0 else 'plays'} "
        span.append(_card_el(c, winner=winner == p))
    return span


def table_html(source: Game | PlayerView | Scene, *, reveal: bool | None = None,
               notes: Sequence[str] = (), caption: str | None = None,
               style: bool = True) -> str:
    """A table position as HTML: both hands (or the opponent's face down), trumps and the
    turn-up, the trick on the table, tricks taken and scores; ``notes`` are lines of text
    shown under it (for example the narration of the last step)."""
    pos = source if isinstance(source, Scene) else scene(source, reveal=reveal)
    root = ET.Element("div", {"class": "pn pn-table", "role": "group",
                              "aria-label": caption or "a Penneech table"})
    if caption:
        cap = ET.SubElement(root, "div", {"class": "pn-note"})
        ET.SubElement(cap, "strong").text = caption

    def seat(p: int) -> None:
        row = ET.SubElement(root, "div", {"class": "pn-row"})
        who = ET.SubElement(row, "span", {"class": "pn-who"})
        role = "dealer" if p == pos.dealer else "elder hand"
        mark = " ▸" if pos.to_move == p else ""
        who.text = f"{pos.names[p]} ({role}){mark}"
        hand = pos.hands[p]
        row.append(_cards_span(hand if hand is not None else pos.hand_sizes[p]))
        tail = ET.SubElement(row, "span", {"class": "pn-note"})
        tail.text = (f" {pos.tricks_won[p]} trick{'s' if pos.tricks_won[p] != 1 else ''}"
                     f" · ")
        score = ET.SubElement(tail, "span", {"class": "pn-score"})
        score.text = f"{pos.scores[p]} points"

    seat(1)
    mid = ET.SubElement(root, "div", {"class": "pn-mid"})
    if pos.trump_card is not None and pos.trumps is not None:
        t = ET.SubElement(mid, "div")
        t.text = "Turn-up "
        t.append(_card_el(pos.trump_card))
        tail = ET.SubElement(t, "span")
        tail.text = f" trumps: {_suit_words(pos.trumps)}"
        if pos.last_turnup is not None:
            t2 = ET.SubElement(mid, "div")
            t2.text = "Turned after the last trick (sets no trumps) "
            t2.append(_card_el(pos.last_turnup))
    else:
        ET.SubElement(mid, "div").text = "No trumps yet."
    tr = ET.SubElement(mid, "div")
    if pos.finished_trick is not None:
        tr.text = f"Trick {pos.finished_trick} (won by {pos.names[pos.trick_winner or 0]}): "
    elif pos.trick:
        tr.text = f"Trick {pos.trick_number}: "
    else:
        tr.text = ""
    tr.append(_trick_el(pos.trick, pos.names, pos.trick_winner))
    info = ET.SubElement(mid, "div", {"class": "pn-note"})
    info.text = (f"Deal {pos.deal} · stock {pos.stock_size} cards · "
                 f"{pos.names[0]} {pos.scores[0]}, {pos.names[1]} {pos.scores[1]} "
                 f"(game is {pos.target}) · rules {pos.rules}")
    seat(0)
    for line in notes:
        ET.SubElement(root, "div", {"class": "pn-note"}).text = line
    return (style_tag() if style else "") + _tostring(root)


class Hand:
    """A list of cards that shows itself as pictures in Jupyter.

    >>> from penneech import parse_cards
    >>> Hand(parse_cards("AS QH 7D"))
    Hand('AS QH 7D')
    """

    def __init__(self, cards: str | Iterable[Card | str]) -> None:
        if isinstance(cards, str):
            cards = cards.split()
        self.cards: tuple[Card, ...] = tuple(c if isinstance(c, Card) else Card(c)
                                             for c in cards)

    def __repr__(self) -> str:
        return f"Hand({' '.join(c.code for c in self.cards)!r})"

    def __len__(self) -> int:
        return len(self.cards)

    def _repr_svg_(self) -> str:
        return cards_svg(self.cards)

    def _repr_html_(self) -> str:
        return hand_html(self.cards)
