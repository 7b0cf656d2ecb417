"""Card pictures and table drawings: well-formed, accessible, and never showing hidden cards."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from penneech import Card, Game, full_pack, parse_cards
from penneech.render import Hand, card_html, card_svg, cards_svg, hand_html, table_html


def test_every_card_draws_as_well_formed_svg_with_its_name() -> None:
    for card in full_pack(52):
        svg = card_svg(card)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        assert f"<title>{card.name}" in svg
        assert card.name in card_html(card)
    assert "the Penneech" in card_svg(Card("7D"))
    assert "the Penneech" not in card_svg(Card("8D"))


def test_suits_differ_in_colour_as_well_as_shape() -> None:
    from penneech.render import CSS, SUIT_COLOURS

    classes = {card_html(Card(code)).split('"')[1] for code in ("2S", "2H", "2D", "2C")}
    assert len(classes) == 4
    assert len(set(SUIT_COLOURS.values())) == 4
    for colour in SUIT_COLOURS.values():
        assert colour in CSS
    for code, symbol in (("2S", "♠"), ("2H", "♥"), ("2D", "♦"), ("2C", "♣")):
        html = card_html(Card(code))
        assert f">{symbol}</text>" in html and SUIT_COLOURS[Card(code).suit] in html


def test_rich_display_of_cards_hands_games_and_views() -> None:
    card = Card("QH")
    assert card._repr_svg_() == card_svg(card)
    hand = Hand("AS QH 7D")
    assert repr(hand) == "Hand('AS QH 7D')" and len(hand) == 3
    assert hand._repr_svg_() == cards_svg(hand.cards)
    assert hand._repr_html_() == hand_html(hand.cards)
    game = Game("pagat", seed=2)
    html = game._repr_html_()
    for c in game.hand(0) + game.hand(1):
        assert c.name in html  # the whole table, both hands face up


def test_a_view_never_draws_the_opponents_cards() -> None:
    game = Game("pagat", seed=2)
    view = game.view(0)
    html = view._repr_html_()
    assert html == table_html(view)
    for c in game.hand(0):
        assert c.name in html
    for c in game.hand(1):
        assert c.name not in html
    for c in game.stock[:3]:
        assert c.name not in html


def test_text_is_escaped() -> None:
    game = Game("pagat", seed=2, players=("<Ann>", "Ben & co"))
    html = table_html(game)
    assert "<Ann>" not in html and "&lt;Ann&gt;" in html
    assert "Ben &amp; co" in html
    assert parse_cards("AS")[0].name in cards_svg(parse_cards("AS"))


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.text or "" for el in root.iter() if el.tag.endswith("text")]


def test_cards_look_like_cards() -> None:
    """Index corners (rank and suit, top left and turned bottom right), as many pips as the
    rank on a number card, one large pip on an ace, a court figure on a knave, queen and king,
    and the Penneech marked."""
    for card in full_pack(52):
        texts = _texts(card_svg(card))
        rank = card.rank_text
        symbol = card.suit.symbol
        assert texts.count(rank) == 2, (card, texts)  # the two index corners
        pips = texts.count(symbol) - 2 - (1 if card.rank in (11, 12, 13) else 0)
        if card.rank <= 10:
            assert pips == card.rank, (card, texts)
        elif card.rank == 14:
            assert pips == 1
        else:
            assert pips == 0 and "<path" in card_svg(card)
        assert ("PENNEECH" in texts) == card.is_penneech
    # the court figures differ by rank (their headgear)
    paths = {r: ET.fromstring(card_svg(Card(r + "S"))).find(".//{*}path") for r in "JQK"}
    assert len({p.get("d") for p in paths.values() if p is not None}) == 3


def test_table_cards_are_pictures_with_a_text_alternative() -> None:
    game = Game("pagat", seed=2)
    html = table_html(game)
    assert html.count("<svg") >= 14 + 1  # both hands and the turn-up
    for c in game.hand(0):
        assert f'aria-label="{c.name}"' in html or f'aria-label="{c.name}, the Penneech"' in html
        assert f"<title>{c.name}" in html


def test_the_live_table_links_each_rule_it_names_and_nothing_else() -> None:
    """A refusal's "(follow: suit)" and an account's "(counting: honours)" link to their
    options' sections; a bracket naming no option ("(now 5)", "(the Penneech turned up)") and
    an option's name outside brackets stay text; without an options page nothing links."""
    from penneech.render import live_table_html

    game = Game(rules="pagat", seed=11)
    view = game.view(game.to_move or 0)
    lines = ["Ann pegs 2 for the ♥J (counting: honours) (now 5).",
             "Ben pegs 14 (the Penneech turned up); the follow rule holds."]
    html = live_table_html(view, status="", refusal="♠3 is not legal (follow: suit)",
                           narration=lines, options_page="rules.html")
    root = ET.fromstring(f"<r>{html.split('</style>')[-1]}</r>".replace("<br>", "<br/>"))
    links = [(a.text, a.get("href")) for a in root.iter("a")]
    assert links == [("follow", "rules.html#option-follow"),
                     ("counting", "rules.html#option-counting")]
    told = ["".join(li.itertext()) for li in root.iter("li")]
    assert told == lines
    plain = live_table_html(view, status="", refusal="(follow: suit)", narration=lines)
    assert "<a " not in plain


def _contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two "#rrggbb" colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_penneech_is_marked_so_it_is_seen() -> None:
    """The ♦7's word stands out from what is behind it and its border from the page (review 38b:
    the word was small gold text at 3.0:1 on a face tinted 1.08:1 from white), and its pips read
    on its tint as any card's do."""
    from penneech.render import SUIT_COLOURS

    root = ET.fromstring(card_svg(Card("7D")))
    shapes = root.findall(".//{*}rect")
    face = next(r for r in shapes if r.get("width") == "48")
    word = next(t for t in root.iter() if t.tag.endswith("text") and t.text == "PENNEECH")
    band = next(r for r in shapes if r.get("fill") not in (face.get("fill"), None)
                and r.get("width") != "48")
    assert _contrast(word.get("fill", ""), band.get("fill", "")) >= 4.5
    assert _contrast(band.get("fill", ""), face.get("fill", "")) >= 3
    assert _contrast(face.get("stroke", ""), "#ffffff") >= 3  # the border, on a white page
    assert _contrast(SUIT_COLOURS[Card("7D").suit], face.get("fill", "")) >= 4.5
    plain = ET.fromstring(card_svg(Card("8D"))).findall(".//{*}rect")
    assert all(r.get("width") == "48" for r in plain)  # no band on any other card


def test_a_face_down_hand_is_said_once_as_a_number() -> None:
    """A screen reader read the computer's hand as "a face-down card" seven times (review 44a):
    the hand says how many cards it holds, once, and its cards are hidden from it."""
    from penneech.render import live_table_html

    game = Game(rules="pagat", seed=11)
    view = game.view(0)
    for html in (table_html(view), live_table_html(view, status="")):
        root = ET.fromstring(f"<r>{html.split('</style>')[-1]}</r>".replace("<br>", "<br/>"))
        hands = [el for el in root.iter("span") if el.get("class") == "pn-cards"
                 and el.get("aria-label", "").endswith("face-down cards")]
        assert [h.get("aria-label") for h in hands] == ["7 face-down cards"], html[:400]
        assert hands[0].get("role") == "img"
        backs = list(hands[0])
        assert len(backs) == 7 and all(b.get("aria-hidden") == "true" for b in backs)
