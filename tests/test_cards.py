import pickle

import pytest

from penneech import (
    PENNEECH,
    Card,
    CardError,
    Suit,
    format_cards,
    full_pack,
    parse_card,
    parse_cards,
)
from penneech.cards import check_pack


@pytest.mark.parametrize("text", ["7D", "7d", "♦7", "7♦", " 7D ", "♢7", "7♦\ufe0f", "♦\ufe0e7"])
def test_spellings_of_the_penneech(text):
    assert parse_card(text) is PENNEECH


@pytest.mark.parametrize("text,code", [("TD", "TD"), ("10D", "TD"), ("10♥", "TH"), ("as", "AS"),
                                        ("♣q", "QC"), ("Jh", "JH")])
def test_card_spellings(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["", "X", "1D", "11H", "AX", "ZZ", "A", "10", "♦", "7DD"])
def test_bad_codes_are_refused_with_the_accepted_forms(text):
    with pytest.raises(CardError, match="is not a card: write a rank"):
        parse_card(text)


def test_non_string_is_refused():
    with pytest.raises(CardError, match="must be written as a string"):
        parse_card(7)  # type: ignore[arg-type]
    # (Python's own "'NoneType' object is not iterable" before)
    with pytest.raises(CardError, match="cards must be written as a string such as 'AS KS' or a "
                       "list of codes, not null"):
        parse_cards(None)  # type: ignore[arg-type]


def test_cards_are_interned_frozen_and_rebuilt_by_repr():
    card = Card("QH")
    assert card is parse_card("qh") is Card(card)
    assert repr(card) == "Card('QH')" and eval(repr(card)) is card
    assert str(card) == "QH" and card.symbol == "♥Q" and card.name == "queen of hearts"
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]


def test_ranks_and_the_penneech_power():
    # Cotton: "if it be not Trump it wins all Diamonds": the ♦7 is the top diamond, above the ♦A.
    assert PENNEECH.power > Card("AD").power > Card("KD").power
    assert Card("7H").power == 7
    assert Card("TS").name == "ten of spades" and Card("TS").symbol == "♠10"
    assert Card("JC").name == "knave of clubs"


def test_points():
    assert [Card(c).points for c in ("AS", "KS", "QS", "JS", "TS", "7D", "7S")] == [5, 4, 3, 2, 0, 7, 0]
    assert [Card(c).turnup_points for c in ("AS", "KS", "QS", "JS", "7D", "2C")] == [5, 4, 3, 2, 14, 0]
    assert Card("KD").is_honour and not PENNEECH.is_honour


def test_packs():
    assert len(full_pack(52)) == 52 == len(set(full_pack(52)))
    short = full_pack(32)
    assert len(short) == 32 and min(c.rank for c in short) == 7
    assert {c.suit for c in short} == set(Suit)
    with pytest.raises(CardError, match="52 or 32"):
        full_pack(40)
    for size in ("52", 52.0, True, None, {}):
        with pytest.raises(CardError, match="there is no pack of"):
            full_pack(size)


def test_check_pack_names_the_problem():
    pack = list(full_pack(32))
    check_pack(pack, 32)
    with pytest.raises(CardError, match="card 2, AS, appears twice"):
        check_pack([pack[0], pack[0]] + pack[2:], 32)
    with pytest.raises(CardError, match="2S, is not in the 32-card pack"):
        check_pack(pack[:-1] + [Card("2S")], 32)
    with pytest.raises(CardError, match="has 31 cards, not 32: missing"):
        check_pack(pack[:-1], 32)


def test_sorting_and_formatting():
    hand = parse_cards("2H, QH 7D AD AS")
    assert format_cards(sorted(hand)) == "AS, QH, 2H, 7D, AD"
    assert format_cards(sorted(hand), symbols=True) == "♠A, ♥Q, ♥2, ♦7, ♦A"
    # the display order, all four comparisons alike; a card and a string do not compare
    a, b = Card("AS"), Card("2S")
    assert (a < b, a <= b, a > b, a >= b, a <= a) == (True, True, False, False, True)
    with pytest.raises(TypeError):
        assert a < "2S"


def test_the_drawing_and_narration_helpers_take_card_codes() -> None:
    """``card_svg("AS")`` in a notebook: an AttributeError from inside before."""
    from penneech import render
    from penneech.cards import as_card
    from penneech.narrate import card_text

    ace = Card("AS")
    assert render.card_svg("AS") == render.card_svg(ace)
    assert render.cards_svg(["as", None]) == render.cards_svg([ace, None])
    assert render.hand_html(["AS", "7D"]) == render.hand_html([ace, Card("7D")])
    assert render.card_html("♠A") == render.card_html(ace)
    assert render.card_label("7D") == "seven of diamonds, the Penneech"
    assert card_text("10h") == "♥10"
    with pytest.raises(CardError, match=r"expected a card, such as Card\('AS'\) or 'AS', not "
                                        "int"):
        render.card_svg(5)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="'ZZ' is not a card"):
        as_card("ZZ")


def test_the_four_comparisons_agree_and_refuse_what_is_not_a_card():
    """``Card("AS") >= Card("AS")`` could be False and nothing noticed (review 39a): the four
    orderings agree with one another, equal cards included, and a card compared with text is a
    TypeError, as Python's own types are."""
    pairs = [(Card("AS"), Card("AS")), (Card("AS"), Card("KS")), (Card("2S"), Card("AH")),
             (Card("7D"), Card("8D"))]
    for a, b in pairs:
        assert (a < b) == (b > a) and (a <= b) == (b >= a)
        assert (a <= b) == (a < b or a == b) and (a >= b) == (a > b or a == b)
    assert Card("AS") <= Card("AS") and Card("AS") >= Card("AS")
    assert not Card("AS") < Card("AS") and not Card("AS") > Card("AS")
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        assert getattr(Card("AS"), op)("AS") is NotImplemented
        with pytest.raises(TypeError):
            getattr(__import__("operator"), op.strip("_"))(Card("AS"), "AS")
