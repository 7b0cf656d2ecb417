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
    symbols = {card_html(Card(code))[-8] for code in ("2S", "2H", "2D", "2C")}
    assert symbols == {"♠", "♥", "♦", "♣"}


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
