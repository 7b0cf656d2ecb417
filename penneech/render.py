"""Pictures of cards, hands, tricks and table positions, as SVG and as light HTML/CSS.

Everything here is built with :mod:`xml.etree.ElementTree` from the standard library, so the
output is well-formed and every text is escaped.  Each card carries a text alternative (an SVG
``<title>`` and ``aria-label``, an HTML ``title`` and ``aria-label``: "queen of hearts"), the
suits use four colours *and* their own shapes (spades black, hearts red, diamonds blue, clubs
green), so they read in black-and-white print and for colour-blind readers, and the seven of
diamonds is marked as the Penneech (a dark gold border, a tinted face and the word on a gold band).

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

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, Suit, as_card, full_pack, parse_cards
from .rules import OPTIONS, option_anchor
from .text import py_shown, terminal_safe

if TYPE_CHECKING:
    from .game import Game, PlayerView

__all__ = [
    "CSS",
    "SUIT_COLOURS",
    "Hand",
    "Scene",
    "card_label",
    "card_svg",
    "words_html",
    "cards_svg",
    "card_html",
    "back_html",
    "hand_html",
    "trick_html",
    "table_html",
    "live_table_html",
    "markup",
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
#: The Penneech card's border and band (6.4:1 against white, 5.3:1 against its tint) and the
#: tint of its face (the diamonds' blue on it is 5.1:1).
_GOLD = "#7a5a00"
_PENNEECH_TINT = "#fde9a8"
_FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"

#: The style sheet for the HTML cards (small: it goes once into each rendered block).
CSS = (
    ".pn{font-family:" + _FONT + ";line-height:1.35}"
    # (words for a screen reader only)
    ".pn-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);"
    "white-space:nowrap}"
    ".pn-card,.pn-back{display:inline-block;width:2.5em;height:3.5em;margin:.1em;"
    "vertical-align:middle;overflow:visible}"
    ".pn-s{color:" + SUIT_COLOURS[Suit.SPADES] + "}"
    ".pn-h{color:" + SUIT_COLOURS[Suit.HEARTS] + "}"
    ".pn-d{color:" + SUIT_COLOURS[Suit.DIAMONDS] + "}"
    ".pn-c{color:" + SUIT_COLOURS[Suit.CLUBS] + "}"
    ".pn-win{outline:2px solid #333;outline-offset:1px;border-radius:.3em}"
    ".pn-row{margin:.25em 0}.pn-who{display:inline-block;min-width:9em}"
    ".pn-mid{margin:.4em 0;padding:.3em .5em;background:#f1f5ee;border-radius:.3em}"
    ".pn-note{color:#444;font-size:.92em;margin:.3em 0}"
    ".pn-score{font-weight:bold}"
    "th.pn-rules{text-align:left;padding-top:.5em}"
)


def style_tag() -> str:
    """``<style>`` holding :data:`CSS`."""
    return f"<style>{CSS}</style>"


def card_label(card: Card | str) -> str:
    """The text alternative: ``"queen of hearts"``, ``"seven of diamonds, the Penneech"``."""
    card = as_card(card)
    return f"{card.name}, the Penneech" if card.is_penneech else card.name


#: a card as the narration prints it (``♥K``, ``♠10``)
_CARD_TOKEN = re.compile("([♠♥♦♣](?:10|[2-9AKQJ]))")
_BY_SYMBOL = {c.symbol: c for c in full_pack(52)}


def _add_text(el: ET.Element, text: str) -> None:
    """Add ``text`` at the end of ``el``'s content, each card in it (``♥K``) a span that a screen
    reader names in words ("king of hearts"), where a symbol is read as "black heart suit K" or
    skipped (review 38b): the lines that stay on a page, which a blind player goes back to."""
    for i, part in enumerate(_CARD_TOKEN.split(text)):
        if i % 2:
            span = ET.SubElement(el, "span", {"class": "pn-named", "role": "img",
                                              "aria-label": _BY_SYMBOL[part].name})
            span.text = part
        elif part and len(el):
            el[-1].tail = (el[-1].tail or "") + part
        elif part:
            el.text = (el.text or "") + part


def words_html(text: str) -> str:
    """``text`` (a narration's line, an explanation) escaped for HTML as a ``<span>``, each card
    in it named in words for screen readers (see :func:`live_table_html`).

    >>> print(words_html("Ann leads the ♥K & wins"))  # doctest: +NORMALIZE_WHITESPACE
    <span>Ann leads the <span class="pn-named" role="img"
    aria-label="king of hearts">♥K</span> &amp; wins</span>
    """
    span = ET.Element("span")
    _add_text(span, text)
    return _tostring(span)


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


def markup(el: ET.Element) -> str:
    """An :mod:`xml.etree.ElementTree` drawing as HTML (or SVG), every text made safe the one
    way this module does (for other modules that draw, such as :mod:`penneech.frames`)."""
    return _tostring(el)


# -- SVG ----------------------------------------------------------------------------------------

_W, _H, _GAP = 50, 70, 4
#: the suit colours lightened, for the panel behind a court figure
_TINT = {Suit.SPADES: "#ececec", Suit.HEARTS: "#fbe9e7", Suit.DIAMONDS: "#e6eefb",
         Suit.CLUBS: "#e5f3e8"}

# Pip positions (centres) of the number cards, in the 50 x 70 card: three columns.
_L, _M, _R = 18.5, 25, 31.5
_ROWS4 = (16, 28.7, 41.3, 54)
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_M, 16), (_M, 54)),
    3: ((_M, 16), (_M, 35), (_M, 54)),
    4: ((_L, 16), (_R, 16), (_L, 54), (_R, 54)),
    5: ((_L, 16), (_R, 16), (_M, 35), (_L, 54), (_R, 54)),
    6: ((_L, 16), (_R, 16), (_L, 35), (_R, 35), (_L, 54), (_R, 54)),
    7: ((_L, 16), (_R, 16), (_M, 25.5), (_L, 35), (_R, 35), (_L, 54), (_R, 54)),
    8: ((_L, 16), (_R, 16), (_M, 25.5), (_L, 35), (_R, 35), (_M, 44.5), (_L, 54), (_R, 54)),
    9: tuple((x, y) for y in _ROWS4 for x in (_L, _R)) + ((_M, 35),),
    10: tuple((x, y) for y in _ROWS4 for x in (_L, _R)) + ((_M, 22.3), (_M, 47.7)),
}

# A court figure's upper half, drawn in the suit's colour and turned for the lower half
# (double-headed, as on a real card): shoulders, a face, and the headgear of its rank.
_BUST = "M14 35C14 29 19 27 25 27S36 29 36 35Z"
_HEADGEAR = {
    13: "M19 17L19 10L22 14L25 9L28 14L31 10L31 17Z",  # king: a crown
    12: "M19 17Q25 8 31 17ZM25 9.5a1.6 1.6 0 1 0 .01 0",  # queen: a coronet and a jewel
    11: "M18 17L33 17L31 13Q25 11 20 13ZM31 13Q35 8 37 12",  # knave: a cap and a feather
}


def _face(g: ET.Element, card: Card) -> None:
    """Draw ``card`` face up into ``g`` (the card's own 50 x 70 box)."""
    colour = SUIT_COLOURS[card.suit]
    pen = card.is_penneech
    ET.SubElement(g, "rect", {"x": "1", "y": "1", "width": "48", "height": "68", "rx": "4",
                              "fill": _PENNEECH_TINT if pen else "#fff",
                              "stroke": _GOLD if pen else "#555",
                              "stroke-width": "2.5" if pen else "1"})
    ink = ET.SubElement(g, "g", {"fill": colour, "font-weight": "bold", "text-anchor": "middle"})
    symbol = card.suit.symbol
    rank = card.rank_text
    # index corners: rank over suit, top left and (turned) bottom right
    for turn in ("", "rotate(180 25 35)"):
        corner = ET.SubElement(ink, "g", {"transform": turn} if turn else {})
        ET.SubElement(corner, "text", {"x": "7", "y": "12", "font-size": "10"
                                       if len(rank) == 1 else "8.5"}).text = rank
        ET.SubElement(corner, "text", {"x": "7", "y": "21", "font-size": "9"}).text = symbol
    if card.rank in _PIPS:
        pips = ET.SubElement(ink, "g", {"font-size": "10"})
        for x, y in _PIPS[card.rank]:
            ET.SubElement(pips, "text", {"x": f"{x:g}", "y": f"{y + 4:g}"}).text = symbol
    elif card.rank == 14:
        ET.SubElement(ink, "text", {"x": "25", "y": "45", "font-size": "30"}).text = symbol
    else:
        ET.SubElement(g, "rect", {"x": "12", "y": "7", "width": "26", "height": "56",
                                  "fill": _TINT[card.suit], "stroke": colour,
                                  "stroke-width": ".8"})
        figure = f"{_BUST}M25 18.5a4.5 4.5 0 1 0 .01 0{_HEADGEAR[card.rank]}"
        for turn in ("", "rotate(180 25 35)"):
            attrs = {"d": figure, "fill": colour, "stroke": colour, "stroke-width": ".6"}
            if turn:
                attrs["transform"] = turn
            ET.SubElement(g, "path", attrs)
        ET.SubElement(ink, "text", {"x": "17", "y": "33", "font-size": "8"}).text = symbol
    if pen:  # the word in white on a dark gold band, to be seen at a glance (review 38b)
        ET.SubElement(g, "rect", {"x": "11", "y": "60.5", "width": "28", "height": "7.5",
                                  "rx": "1.5", "fill": _GOLD})
        ET.SubElement(g, "text", {"x": "25", "y": "66.1", "font-size": "5",
                                  "text-anchor": "middle", "fill": "#ffffff",
                                  "font-weight": "bold", "textLength": "25",
                                  "lengthAdjust": "spacingAndGlyphs"}).text = "PENNEECH"


def _back(g: ET.Element) -> None:
    """Draw a face-down card into ``g``."""
    ET.SubElement(g, "rect", {"x": "1", "y": "1", "width": "48", "height": "68", "rx": "4",
                              "fill": "#7a8fb0", "stroke": "#333"})
    ET.SubElement(g, "rect", {"x": "5", "y": "5", "width": "40", "height": "60", "rx": "2",
                              "fill": "none", "stroke": "#e8ecf3", "stroke-dasharray": "3 2"})


def _svg_card_group(parent: ET.Element, card: Card | None, x: float) -> ET.Element:
    """One card (``None`` for a face-down card) at ``x``, as a labelled ``<g>``."""
    label = card_label(card) if card is not None else "a face-down card"
    g = ET.SubElement(parent, "g", {"transform": f"translate({x:g},0)", "role": "img",
                                    "aria-label": label})
    ET.SubElement(g, "title").text = label
    ink = _ink(g)
    if card is None:
        _back(ink)
    else:
        _face(ink, card)
    return g


def _ink(picture: ET.Element) -> ET.Element:
    """The group a card's drawing goes in, hidden from screen readers: the picture is named in
    words, and Chromium read its index and pips under the name as well ("eight of clubs: 8 ♣ 8
    ♣ ♣ …"; review 38b)."""
    return ET.SubElement(picture, "g", {"aria-hidden": "true"})


def cards_svg(cards: Iterable[Card | str | None] | str, *, label: str | None = None,
              scale: float = 1.0) -> str:
    """A row of cards (or card codes, or one string of them, as :func:`~penneech.cards.parse_cards`
    reads) as one SVG (``None`` draws a face-down card).

    ``label`` names the whole row for screen readers (default: the cards in words); ``scale``
    sizes it (1: 50 by 70 pixels a card).

    >>> cards_svg("AS ♥10") == cards_svg([Card("AS"), "10H"])
    True
    """
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) \
            or not 0 < scale < float("inf"):
        raise ValueError(f"scale must be a number above 0 (1 draws a card 50 by 70 pixels), "
                         f"not {py_shown(scale, 40)}")
    items = parse_cards(cards) if isinstance(cards, str) else [
        as_card(c) if c is not None else None for c in cards]
    n = max(len(items), 1)
    width = n * _W + (n - 1) * _GAP
    words = ", ".join(card_label(c) if c is not None else "a face-down card" for c in items)
    name = label if label is not None else (words or "no cards")
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width} {_H}",
        "width": f"{width * scale:g}", "height": f"{_H * scale:g}", "role": "img",
        "aria-label": name, "font-family": _FONT,
    })
    ET.SubElement(svg, "title").text = name
    for i, card in enumerate(items):
        _svg_card_group(svg, card, i * (_W + _GAP))
    return _tostring(svg)


def card_svg(card: Card | str, *, scale: float = 1.0) -> str:
    """One card (or card code) as a standalone SVG, titled with its name."""
    card = as_card(card)
    return cards_svg([card], label=card_label(card), scale=scale)


# -- HTML ---------------------------------------------------------------------------------------


def _svg_el(classes: str, label: str) -> ET.Element:
    svg = ET.Element("svg", {"class": classes, "viewBox": f"0 0 {_W} {_H}", "role": "img",
                             "aria-label": label})
    ET.SubElement(svg, "title").text = label
    return svg


def _card_el(card: Card, *, winner: bool = False) -> ET.Element:
    """A card as an inline SVG picture for HTML (class ``pn-card``), named in words."""
    classes = f"pn-card pn-{_SUIT_CLASS[card.suit]}"
    if card.is_penneech:
        classes += " pn-pen"
    if winner:
        classes += " pn-win"
    svg = _svg_el(classes, card_label(card) + (" (wins the trick)" if winner else ""))
    _face(_ink(svg), card)
    return svg


def _back_el() -> ET.Element:
    svg = _svg_el("pn-back", "a face-down card")
    _back(_ink(svg))
    return svg


def card_html(card: Card | str) -> str:
    """One card (or card code) as an inline SVG picture for a web page (sized by :data:`CSS`,
    see :func:`style_tag`)."""
    return _tostring(_card_el(as_card(card)))


def back_html() -> str:
    """A face-down card as HTML."""
    return _tostring(_back_el())


def _cards_span(cards: Sequence[Card] | int, *, winner: Card | None = None) -> ET.Element:
    span = ET.Element("span", {"class": "pn-cards"})
    if isinstance(cards, int):
        # said once, as a number: a screen reader read "a face-down card" seven times over
        # (review 44a)
        if cards:
            span.set("role", "img")
            span.set("aria-label", f"{cards} face-down card{'' if cards == 1 else 's'}")
        for _ in range(cards):
            back = _back_el()
            back.set("aria-hidden", "true")
            span.append(back)
        if not cards:
            span.text = "no cards"
        return span
    for c in cards:
        span.append(_card_el(c, winner=c is winner))
    if not cards:
        span.text = "no cards"
    return span


def hand_html(cards: Sequence[Card | str] | str, *, style: bool = True) -> str:
    """A hand (cards or card codes, or one string of them, in the order given) as HTML; with
    ``style`` the CSS comes with it."""
    if not isinstance(cards, (str, Sequence)):  # ("'int' object is not iterable"; 45a)
        raise TypeError(f"hand_html takes cards, card codes or a string of them, not "
                        f"{type(cards).__name__}")
    div = ET.Element("div", {"class": "pn"})
    div.append(_cards_span(parse_cards(cards) if isinstance(cards, str)
                           else [as_card(c) for c in cards]))
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
    from .game import Game, PlayerView  # imported late: the engine never needs the renderer

    if isinstance(source, Game):
        g = source
        show = True if reveal is None else reveal
        hands = (tuple(sorted(g.hand(0))), tuple(sorted(g.hand(1))))
        shown: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None] = (
            hands if show else (hands[0], None))
        seen = g.view(0)
        trick = seen.trick
        done = g.tricks_played
        to_move = g.to_move
        dealer = seen.dealer  # between deals, the dealer of the deal shown, not the next
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
    if not isinstance(source, PlayerView):
        raise TypeError(f"a table is drawn from a Game, a PlayerView or a Scene, not "
                        f"{type(source).__name__}")
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
    """The cards of a trick (``(seat, card)`` pairs; a card may be given by its code, "AS"),
    each with its player's name from ``names``; the winner's card outlined."""
    from .game import check_seat  # imported late: the engine never needs the renderer

    if (isinstance(names, str) or not isinstance(names, Sequence) or len(names) != 2
            or not all(isinstance(n, str) for n in names)):  # (an IndexError from inside)
        raise ValueError(f"names must be the two players' names, such as ('Ann', 'Ben'), not "
                         f"{py_shown(names)}")
    if isinstance(trick, str) or not isinstance(trick, Sequence) or not all(
            isinstance(pair, (tuple, list)) and len(pair) == 2 for pair in trick):
        raise ValueError(f"trick must be a list of (seat, card) pairs, such as [(0, 'AS')], "
                         f"not {py_shown(trick)}")
    trick = [(check_seat(p, "a seat in the trick"), as_card(c)) for p, c in trick]
    div = ET.Element("div", {"class": "pn"})
    div.append(_trick_el(trick, names, winner))
    return (style_tag() if style else "") + _tostring(div)


def _trick_el(trick: Sequence[tuple[int, Card]], names: Sequence[str],
              winner: int | None) -> ET.Element:
    span = ET.Element("span", {"class": "pn-trick"})
    if not trick:
        span.text = "no card played to this trick yet"
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
        who.text = f"{pos.names[p]} ({role})"
        if pos.to_move == p:
            _to_play(who, "")
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
        _add_text(ET.SubElement(root, "div", {"class": "pn-note"}), line)
    return (style_tag() if style else "") + _tostring(root)


def _to_play(el: ET.Element, words: str = " to play") -> None:
    """Mark whose turn it is in ``el``: an arrow for the eye, and "to play" for a screen reader
    (which read the arrow as "black right-pointing small triangle")."""
    arrow = ET.SubElement(el, "span", {"aria-hidden": "true"})
    arrow.text = " ▸"
    arrow.tail = words
    if not words:
        ET.SubElement(el, "span", {"class": "pn-sr"}).text = " (to play)"


def _peg_el(score: int, target: int) -> ET.Element:
    """A score as a bar pegged towards the target (the number is beside it in words)."""
    share = max(0.0, min(1.0, score / target)) if target else 0.0
    bar = ET.Element("span", {"class": "pn-peg", "aria-hidden": "true"})
    ET.SubElement(bar, "span", {"style": f"width:{share * 100:.1f}%"})
    return bar


#: a rule option named in brackets, as the narration and the refusals name the rule they apply:
#: "(turnups_score; now 16)", "(counting: honours)", "(follow: suit)", "(majority_bonus)"; the
#: book's pages link the static worked hands' names by the same pattern (penneech.js)
NAMED_OPTION = re.compile(
    r"(?<=\()(" + "|".join(sorted(OPTIONS, key=len, reverse=True)) + r")(?=[:;)])")


def rule_link_title(name: str) -> str:
    """The title of a link to the rule option ``name``'s section (it opens beside the game)."""
    return f"the rule {name}: {OPTIONS[name].question} (opens in a new tab)"


def _told(el: ET.Element, text: str, options_page: str | None) -> None:
    """``text`` as ``el``'s content; with ``options_page``, each rule option it names in
    brackets is a link to the option's section of that page, which opens beside the game and
    says what the rule decides."""
    parts = NAMED_OPTION.split(text) if options_page else [text]
    _add_text(el, parts[0])
    for name, after in zip(parts[1::2], parts[2::2], strict=True):
        link = ET.SubElement(el, "a", {
            "class": "pn-rule", "href": f"{options_page}#{option_anchor(name)}",
            "target": "_blank", "rel": "noopener", "title": rule_link_title(name)})
        link.text = name
        _add_text(el, after)


def live_table_html(view: PlayerView, *, status: str, refusal: str = "",
                    hint: Card | None = None, actions: Sequence[tuple[str, str]] = (),
                    narration: Sequence[str] = (), deal_end: Sequence[str] = (),
                    analysis: Sequence[str] = (), result: str | None = None,
                    options_page: str | None = None, narration_note: str = "",
                    latest: Sequence[str] = (), latest_title: str = "",
                    result_note: str = "") -> str:
    """The live card table as the reader (``view.player``) sees it: the opponent's cards face
    down, the turn-up and trumps, the trick, both scores pegged, tricks taken, the stock left,
    and the reader's hand as buttons.

    Each card of the hand is a ``<button data-card="QH" aria-label="queen of hearts">``; a card
    that may not be played now carries ``aria-disabled="true"`` (it stays clickable, so that the
    engine can say why it is refused).  ``status`` and ``refusal`` are shown in a live region,
    ``actions`` are ``(action, label)`` buttons (``data-action``), ``narration`` the lines told so
    far (with ``narration_note`` over them, if given), ``deal_end`` the account of a finished
    deal with ``analysis`` lines under it (what the reader's cards cost; under ``result`` when
    the game is over), ``result`` the end of the game in words, with ``result_note`` under it
    (where the points came from).  ``latest`` is what happened
    since the reader last played (the account's newest lines, under ``latest_title``), shown
    above the status where a folded account would hide it.  Every text is escaped
    here.  With ``options_page`` (the page that describes the rule options, such as
    the book's ``reconstructions.html``), each rule option named in brackets in the refusal,
    the account and the narration ("(turnups_score; now 16)") links to its section there.
    """
    pos = scene(view)
    me = view.player
    root = ET.Element("div", {"class": "pn pn-live-table", "role": "group",
                              "aria-label": "the card table"})

    def seat(p: int) -> None:
        row = ET.SubElement(root, "div", {"class": "pn-seat " + ("pn-you" if p == me
                                                                   else "pn-opp")})
        who = ET.SubElement(row, "span", {"class": "pn-who"})
        role = "dealer" if p == pos.dealer else "elder hand"
        ET.SubElement(who, "strong").text = pos.names[p]
        tail = ET.SubElement(who, "span")
        tail.text = f" ({role})"
        if pos.to_move == p:  # (the arrow is drawn, not read: "black right-pointing small
            _to_play(tail)     # triangle"; review 38b)
        if p != me:
            row.append(_cards_span(pos.hand_sizes[p]))
        score = ET.SubElement(row, "span", {"class": "pn-tally"})
        won = pos.tricks_won[p]
        score.text = f"{won} trick{'s' if won != 1 else ''} · "
        ET.SubElement(score, "strong", {"class": "pn-score"}).text = (
            f"{pos.scores[p]} point{'s' if pos.scores[p] != 1 else ''}")
        score.append(_peg_el(pos.scores[p], pos.target))

    seat(1 - me)
    mid = ET.SubElement(root, "div", {"class": "pn-mid"})
    up = ET.SubElement(mid, "div", {"class": "pn-turnup"})
    if pos.trump_card is not None and pos.trumps is not None:
        up.text = "Turn-up "
        up.append(_card_el(pos.trump_card))
        ET.SubElement(up, "strong").text = f" trumps: {_suit_words(pos.trumps)}"
        if pos.last_turnup is not None:
            last = ET.SubElement(mid, "div", {"class": "pn-turnup"})
            last.text = "Turned after the last trick (sets no trumps) "
            last.append(_card_el(pos.last_turnup))
    else:
        up.text = "No trumps yet."
    tr = ET.SubElement(mid, "div", {"class": "pn-trick-area"})
    if pos.finished_trick is not None:
        tr.text = f"Trick {pos.finished_trick}, won by {pos.names[pos.trick_winner or 0]}: "
    elif pos.trick:
        tr.text = f"Trick {pos.trick_number}: "
    tr.append(_trick_el(pos.trick, pos.names, pos.trick_winner))
    ET.SubElement(mid, "div", {"class": "pn-note"}).text = (
        f"Deal {pos.deal} · stock {pos.stock_size} cards · game is {pos.target} · "
        f"rules {pos.rules}")
    seat(me)
    hand = ET.SubElement(root, "div", {"class": "pn-hand", "role": "group",
                                       "aria-label": f"{pos.names[me]}'s hand"})
    legal = set(view.legal_plays)
    for card in view.hand:
        attrs = {"type": "button", "class": "pn-cardbtn", "data-card": card.code,
                 "aria-label": card_label(card), "title": card_label(card)}
        if card not in legal:
            attrs["aria-disabled"] = "true"
        if card is hint:
            attrs["class"] += " pn-hint"
        button = ET.SubElement(hand, "button", attrs)
        picture = _card_el(card)
        picture.set("aria-hidden", "true")
        button.append(picture)
    if not view.hand:
        hand.text = "no cards in hand"
    if latest:  # (the account is folded on a phone: the computer's card and what it scored
        # were on the table for half a second, then shown nowhere; review 39c)
        box = ET.SubElement(root, "div", {"class": "pn-latest"})
        ET.SubElement(box, "strong").text = latest_title
        for line in latest:
            _told(ET.SubElement(box, "p"), line, options_page)
    # (not a live region: the page tells a screen reader what changed in one that stays)
    say = ET.SubElement(root, "p", {"class": "pn-status"})
    _told(say, status, options_page)  # the hint's "(follow: suit)" links to its rule too
    if refusal:
        ET.SubElement(say, "br")
        _told(ET.SubElement(say, "strong", {"class": "pn-refused"}), refusal, options_page)
    if actions:
        bar = ET.SubElement(root, "div", {"class": "pn-actions"})
        for action, label in actions:
            ET.SubElement(bar, "button", {"type": "button", "data-action": action}).text = label
    if deal_end:
        end = ET.SubElement(root, "section", {"class": "pn-deal-end",
                                              "aria-label": "the deal just played"})
        for line in deal_end:
            _told(ET.SubElement(end, "p"), line, options_page)
    if result:
        # (not an alert: the table is drawn again at each answer, and each drawing was read out
        # again; the page's own live region tells the result once; review 40a)
        ET.SubElement(root, "p", {"class": "pn-result"}).text = result
        if result_note:
            _told(ET.SubElement(root, "p", {"class": "pn-note"}), result_note, options_page)
    if analysis:  # under the deal's account, or under the result of the game
        box = ET.SubElement(end if deal_end else root, "div", {"class": "pn-analysis"})
        for line in analysis:
            # an explanation (indented in the text) goes under the line it explains
            _add_text(ET.SubElement(box, "p", {"class": "pn-why"} if line.startswith(" ") else {}),
                      line.strip())
    if narration:
        story = ET.SubElement(root, "details", {"class": "pn-story", "open": "open"})
        ET.SubElement(story, "summary").text = "What happened"
        if narration_note:
            _told(ET.SubElement(story, "p", {"class": "pn-note"}), narration_note, options_page)
        items = ET.SubElement(story, "ol", {"class": "pn-narration"})
        for line in narration:  # every line given (the live table gives the whole deal's)
            _told(ET.SubElement(items, "li"), line, options_page)
    return style_tag() + _tostring(root)


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
