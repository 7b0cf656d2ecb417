"""The rule options and the presets, as the engine issue tabulates them."""

import itertools
import json
import re
import sys
from pathlib import Path

import pytest

from penneech import OPTIONS, PRESET_NAMES, PRESETS, SOURCES, Card, Rules, RulesError, Suit
from penneech.rules import (
    CARDS_BY_INDEX,
    HAND_SIZE,
    SUITS_BY_INDEX,
    TRICKS,
    completed,
    holders,
    option_anchor,
)

# The table of presets in the engine issue, row by row, with the project's own reconstruction
# (``gamester``, issue 9) in the fourth column and the two options that issue added.
EXPECTED = {
    "first_dealer": ("low_ace_low", "low_ace_low", "low_ace_low", "best_putt", "low_ace_high"),
    "redeal": ("no_ace_or_face", "no_ace_or_face", "no_card_above_ten", "no_ace_or_face",
               "never"),
    "redeal_claimant": ("dealer", "either", "either", "either", "either"),
    "first_turnup_scores": (False, False, True, True, False),
    "turnups_score": ("every",) * 5,
    "first_leader": ("non_dealer", "non_dealer", "non_dealer", "non_dealer", "dealer"),
    "follow": ("free", "suit", "suit_or_trump", "suit", "suit"),
    "trick_winner": ("suit", "suit", "suit", "suit", "rank"),
    "counting": ("trumps", "trumps", "honours", "trumps", "honours"),
    "trick_points_to": ("holder", "winner", "winner", "holder", "winner"),
    "majority_bonus": (True, True, True, True, False),
    "win_check": ("immediate", "immediate", "immediate", "immediate", "end_of_deal"),
    "past_tricks": ("open", "open", "turned_down", "turned_down", "open"),
}


def test_presets_match_the_table():
    assert PRESET_NAMES == ("minimal", "pagat", "parlett", "gamester", "davis")
    for option, values in EXPECTED.items():
        assert tuple(getattr(PRESETS[p], option) for p in PRESET_NAMES) == values, option
    for p in PRESET_NAMES:
        assert PRESETS[p].deck == 52 and PRESETS[p].target == 61


def test_every_option_is_documented_with_each_preset_s_reason():
    assert set(OPTIONS) == set(Rules().options())
    for name, info in OPTIONS.items():
        assert info.description.strip() and info.question.strip(), name
        assert set(info.reasons) == set(PRESET_NAMES), name
        for preset, reason in info.reasons.items():
            assert reason.strip(), f"{name}: the {preset} reading's reason is empty"
        for value in info.values:
            assert value.description.strip(), f"{name}={value.value!r} has no description"
        for preset in PRESET_NAMES:
            assert info.value_info(getattr(PRESETS[preset], name)) is not None or name == "target"
    assert set(SOURCES) == set(PRESET_NAMES)


def test_holders_are_read_off_the_presets():
    assert holders("follow", "suit") == ["pagat", "gamester", "davis"]
    assert holders("follow", "free") == ["minimal"]
    assert holders("deck", 32) == []


#: how a reason says that its reading does not state the preset's value
_NOT_STATED = re.compile(r"\bour (reading|completion|choice)\b|does not say|leaves it open|"
                         r"silence|states no rule|does not arise")
#: the values the published readings do not state, which the presets complete
COMPLETED = {
    ("first_dealer", "pagat"), ("first_dealer", "davis"), ("redeal", "parlett"),
    ("redeal", "davis"), ("redeal_claimant", "davis"), ("first_turnup_scores", "davis"), ("turnups_score", "davis"),
    ("trick_winner", "parlett"), ("trick_winner", "davis"), ("counting", "davis"),
    ("majority_bonus", "davis"),
    ("win_check", "davis"), ("past_tricks", "pagat"), ("past_tricks", "davis"),
}


def test_a_value_a_reading_does_not_state_is_marked_as_our_completion():
    """"Held by McLeod" must not give McLeod a rule he does not write: every value the reason
    calls ours, or the reading's silence, is in :attr:`OptionInfo.unstated`, and the reverse."""
    found = set()
    for name, info in OPTIONS.items():
        for preset in PRESET_NAMES:
            if SOURCES[preset].ours:
                assert not completed(name, preset), (name, preset)
                continue
            says = bool(_NOT_STATED.search(info.reasons[preset]))
            assert says == completed(name, preset), (name, preset, info.reasons[preset])
            if says:
                found.add((name, preset))
    assert found == COMPLETED


def test_the_book_s_tables_mark_the_completions():
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "book" / "_ext"))
    import penneech_book as pb

    assert pb.held_by("past_tricks", "open") == "Minimal reading (ours), McLeod (pagat)*, Davis*"
    assert pb.held_by("follow", "suit") == (
        "McLeod (pagat), From Cotton's other games (ours), Davis")
    assert pb.held_by("deck", 32) == "no preset"


def test_unknown_names_list_the_valid_ones():
    with pytest.raises(RulesError, match="unknown preset 'hoyle': use one of minimal, pagat, parlett, gamester, davis"):
        Rules.preset("hoyle")
    with pytest.raises(RulesError, match="unknown option 'folow': the options are deck, target"):
        Rules.preset("pagat", folow="free")
    with pytest.raises(RulesError, match="'any' is not a value of follow: use one of suit, suit_or_trump, free"):
        Rules.preset("pagat", follow="any")
    with pytest.raises(RulesError, match="not a value of majority_bonus: use one of true, false"):
        Rules.preset("pagat", majority_bonus="maybe")
    with pytest.raises(RulesError, match="40 is not a value of deck: use one of 52, 32"):
        Rules(deck=40)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="target must be a whole number of at least 1 and at "
                       "most 10,000, not 0"):
        Rules(target=0)
    # a game nobody could finish (it ran for ever without a word)
    with pytest.raises(RulesError, match="at most 10,000, not 10001"):
        Rules.parse("pagat", "target=10001")
    assert Rules.parse("pagat", "target=10000").target == 10_000
    with pytest.raises(RulesError, match="not a value of first_turnup_scores"):
        Rules(first_turnup_scores="yes")  # type: ignore[arg-type]


def test_text_values_are_coerced():
    r = Rules.preset("pagat", deck="32", target="91", majority_bonus="false")
    assert (r.deck, r.target, r.majority_bonus) == (32, 91, False)


def test_notation_round_trips():
    values = {name: [v.value for v in info.values] for name, info in OPTIONS.items()}
    values["target"] = [61, 7]
    for preset in PRESET_NAMES:
        assert str(PRESETS[preset]) == preset and PRESETS[preset].preset_name == preset
        for name, vals in values.items():
            for v in vals:
                r = Rules.preset(preset, **{name: v})
                assert Rules.parse(str(r)) == r
                assert eval(repr(r), {"Rules": Rules}) == r
                assert Rules.from_json(r.to_json()) == r


def test_every_combination_is_valid():
    names = [n for n in OPTIONS if n != "target"]
    count = 0
    for combo in itertools.product(*(OPTIONS[n].values for n in names)):
        Rules(**{n: v.value for n, v in zip(names, combo, strict=True)})
        count += 1
    assert count > 1 and all(len(OPTIONS[n].values) >= 2 for n in names)  # (each a choice)


def test_from_json_checks_types():
    assert Rules.from_json({"preset": "davis", "follow": "free"}) == Rules.preset("davis", follow="free")
    with pytest.raises(RulesError, match="first_turnup_scores must be true or false"):
        Rules.from_json({"preset": "pagat", "first_turnup_scores": "yes"})
    with pytest.raises(RulesError, match="rules must be a preset name or an object"):
        Rules.from_json(3)


# -- one home for each rule: the behaviour beside the description, the tables derived from it ----


def test_every_value_of_every_option_says_what_it_does():
    for name, info in OPTIONS.items():
        if info.minimum is not None:
            assert not info.does, name
            continue
        assert set(info.does) == {v.value for v in info.values}, name
        assert all(callable(function) for function in info.does.values()), name


def _every(name):
    return [v.value for v in OPTIONS[name].values]


def _assert_tables_are_the_rules(rules):
    """Every field of ``rules.tables`` against the answer of ``rules`` it stands for."""
    cards = CARDS_BY_INDEX
    tables = rules.tables
    checked = {"beats", "points", "obliged", "allowed", "duty", "majority", "turnup_scores",
               "turnup", "most_points", "scorer"}
    assert set(tables._fields) == checked, (
        "RuleTables has a field this test does not check against the rules: add it here")
    for t, trumps in enumerate(SUITS_BY_INDEX):
        beats = tables.beats[t]
        points = tables.points[t]
        for lead in cards:
            assert points[lead.index] == rules.card_points(lead, trumps), (str(rules), lead)
            row = lead.index * 52
            for follow_card in cards:
                assert beats[row + follow_card.index] == rules.follower_wins(
                    lead, follow_card, trumps), (str(rules), lead, follow_card, trumps)
        for s, led in enumerate(SUITS_BY_INDEX):
            duty = rules.follow_duty(led, trumps)
            assert {SUITS_BY_INDEX[i] for i in tables.obliged[t][s]} == duty.obliged
            assert {SUITS_BY_INDEX[i] for i in tables.allowed[t][s]} == duty.allowed
            assert tables.duty[t][s] == (tuple(duty.obliged), tuple(duty.allowed))
    for c in cards:
        assert tables.turnup[c.index] == rules.turnup_points(c), (str(rules), c)
        assert tables.most_points[c.index] == max(rules.card_points(c, t) for t in SUITS_BY_INDEX)
    assert tables.majority == tuple(rules.majority_points(n) for n in range(8))
    assert tables.turnup_scores[1:] == tuple(rules.turnup_scores(n) for n in range(1, 8))
    for holder in (0, 1):
        for winner in (0, 1):
            assert tables.scorer[holder][winner] == rules.scorer(holder, winner)


def test_the_tables_are_the_rules_for_every_card_pair_trump_and_value():
    # the options the tables hold, in every combination
    for trick_winner, counting, follow, to, bonus, turnups in itertools.product(
            _every("trick_winner"), _every("counting"), _every("follow"),
            _every("trick_points_to"), _every("majority_bonus"), _every("turnups_score")):
        _assert_tables_are_the_rules(Rules(trick_winner=trick_winner, counting=counting,
                                           follow=follow, trick_points_to=to,
                                           majority_bonus=bonus, turnups_score=turnups))


def test_the_tables_follow_every_value_of_every_option():
    # whatever option a value belongs to (one added later included), the tables are asked of the
    # rules it makes, under every preset
    for name, info in OPTIONS.items():
        for value in [v.value for v in info.values] + ([31] if name == "target" else []):
            for preset in PRESET_NAMES:
                _assert_tables_are_the_rules(Rules.preset(preset, **{name: value}))


def test_the_tables_are_asked_of_the_rules_answers(monkeypatch):
    # a rule changed in its home, the Rules method the game asks, reaches the tables: a ten of
    # trumps worth 10 and a turned-up seven of diamonds worth 20
    from penneech import rules as home

    counting = home.Rules.card_points
    monkeypatch.setattr(home.Rules, "card_points", lambda self, c, t: 10 if c.rank == 10
                        and c.suit is t else counting(self, c, t))
    monkeypatch.setattr(home.Rules, "turnup_points",
                        lambda self, c: 20 if c.is_penneech else c.turnup_points)
    home._tables_for.cache_clear()
    try:
        rules = Rules.preset("pagat", target=59)  # (a set of rules not asked before)
        _assert_tables_are_the_rules(rules)
        assert rules.tables.points[0][Card("TS").index] == 10
        assert rules.tables.turnup[Card("7D").index] == 20
    finally:
        home._tables_for.cache_clear()


def test_what_the_values_do():
    # spot checks of each function against Cotton's chapter and the readings
    r = Rules.preset("pagat")
    ace, king, seven_d = Card("AS"), Card("KS"), Card("7D")
    assert r.follower_wins(king, ace, Suit.HEARTS)  # higher of the suit led
    assert not r.follower_wins(ace, Card("2H"), Suit.CLUBS)  # another plain suit loses
    assert r.follower_wins(ace, Card("2H"), Suit.HEARTS)  # a trump beats a plain lead
    assert r.follower_wins(Card("AD"), seven_d, Suit.CLUBS)  # "it wins all Diamonds"
    davis = Rules.preset("davis")
    assert davis.follower_wins(Card("9S"), Card("TH"), Suit.CLUBS)  # rank: the higher card
    assert not davis.follower_wins(Card("9S"), Card("9H"), Suit.CLUBS)  # equal: the leader
    assert r.card_points(ace, Suit.SPADES) == 5 and r.card_points(ace, Suit.HEARTS) == 0
    assert Rules.preset("parlett").card_points(ace, Suit.HEARTS) == 5
    for counting in ("trumps", "honours"):
        rules = Rules(counting=counting)
        assert rules.card_points(seven_d, Suit.DIAMONDS) == 7
        assert rules.card_points(seven_d, Suit.HEARTS) == 0
    assert [r.majority_points(n) for n in range(8)] == [0, 0, 0, 0, 1, 3, 5, 7]
    assert [davis.majority_points(n) for n in range(8)] == [0] * 8
    assert r.claimants(0) == (1, 0) and Rules.preset("cotton").claimants(0) == (0,)
    assert r.first_leader_of(0) == 1 and davis.first_leader_of(0) == 0
    assert r.may_throw_in([Card(c) for c in ("7D", "2S", "3S", "4S", "5S", "6S", "8S")])
    assert not Rules.preset("parlett").may_throw_in(
        [Card(c) for c in ("7D", "2S", "3S", "4S", "5S", "6S", "8S")])
    assert r.game_winner((61, 3), False) == 0 and r.game_winner((3, 60), True) is None
    assert davis.game_winner((70, 3), False) is None and davis.game_winner((70, 3), True) == 0
    assert davis.game_winner((70, 70), True) is None
    assert r.ends_mid_deal and not davis.ends_mid_deal
    assert Rules(turnups_score="final_only").turnup_scores(7)
    assert not Rules(turnups_score="final_only").turnup_scores(6)


def test_parse_reads_names_and_values_in_any_case_once():
    assert Rules.parse("PAGAT,Follow=FREE") == Rules.preset("pagat", follow="free")
    assert Rules.parse("pagat", "follow=free", "target=31") == Rules.preset(
        "pagat", follow="free", target=31)
    with pytest.raises(RulesError, match="follow is given twice"):
        Rules.parse("pagat,follow=free,follow=suit")
    with pytest.raises(RulesError, match="rules must be text"):
        Rules.parse(None)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="rules must be text"):
        Rules.parse(b"pagat")  # type: ignore[arg-type]
    for name in ("name", "cls", "self"):
        with pytest.raises(RulesError, match=f"unknown option '{name}'"):
            Rules.parse(f"pagat,{name}=x")
        with pytest.raises(RulesError, match=f"unknown option '{name}'"):
            Rules.preset("pagat", **{name: "x"})
        with pytest.raises(RulesError, match=f"unknown option '{name}'"):
            Rules().replace(**{name: "x"})


#: how the quick reference's "Other readings" says each way a preset differs from ``pagat``, the
#: reading the rest of the page sets out
QUICK_REFERENCE_DIFFERENCES = {
    ("minimal", "redeal_claimant"): "lets only the dealer throw in",
    ("minimal", "follow"): "no duty to follow suit",
    ("minimal", "trick_points_to"): "points to the player who held it",
    ("parlett", "redeal"): "no card above a ten be thrown in",
    ("parlett", "first_turnup_scores"): "lets the dealer score the first turn-up",
    ("parlett", "follow"): "allows a trump instead of following suit",
    ("parlett", "counting"): "counts every ace and court card",
    ("parlett", "past_tricks"): "turns each trick face down",
    ("gamester", "first_dealer"): "cuts by the Putt-cards of All-Fours",
    ("gamester", "first_turnup_scores"): "lets the dealer score the first turn-up",
    ("gamester", "trick_points_to"): "points to its holder",
    ("gamester", "past_tricks"): "turns the tricks face down",
    ("davis", "first_dealer"): "draws for the first deal with the ace high",
    ("davis", "redeal"): "mentions neither a throw-in",
    ("davis", "first_leader"): "has the dealer lead",
    ("davis", "trick_winner"): "with no trump in a trick the higher card wins, whatever its suit",
    ("davis", "counting"): "which the preset reads as every ace and court card (our reading)",
    ("davis", "majority_bonus"): "nor a majority bonus",
    ("davis", "win_check"): "looks for 61 only at the end of a deal",
}


def test_the_quick_reference_names_every_way_the_other_readings_differ():
    """The handout's "Other readings" names every rule in which a preset differs from the one
    it sets out (it left out Davis's counting, trick winner and end-of-deal win, and Parlett's
    throw-in), each under the paragraph's sentence for that reading."""
    differences = {(preset, name) for preset in PRESET_NAMES if preset != "pagat"
                   for name in OPTIONS
                   if getattr(PRESETS[preset], name) != getattr(PRESETS["pagat"], name)}
    assert differences == set(QUICK_REFERENCE_DIFFERENCES)
    page = (Path(__file__).resolve().parent.parent / "book" / "quick-reference.md").read_text(
        encoding="utf-8")
    paragraph = " ".join(page.split("## Other readings", 1)[1].split("\n## ", 1)[0].split())
    parts = {"parlett": paragraph.split("Parlett {cite:p}", 1)[1].split("Davis {cite:p}")[0],
             "davis": paragraph.split("Davis {cite:p}", 1)[1].split("minimal reading")[0],
             "minimal": paragraph.split("minimal reading", 1)[1].split("(`gamester`)")[0],
             "gamester": paragraph.split("(`gamester`)", 1)[1]}
    for (preset, name), words in QUICK_REFERENCE_DIFFERENCES.items():
        assert words in parts[preset], f"the quick reference does not say {preset}'s {name}"


BOOK = Path(__file__).resolve().parent.parent / "book"


def words(n: int) -> str:
    """``n`` as the book writes a small number."""
    return {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
            7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve",
            13: "thirteen", 14: "fourteen", 15: "fifteen", 16: "sixteen", 17: "seventeen",
            18: "eighteen", 19: "nineteen", 20: "twenty"}[n]


def _table(page: str, heading: str) -> list[list[str]]:
    """The rows (cells stripped) of the first table under ``heading`` on ``page``."""
    lines = page.split(heading, 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    table = itertools.takewhile(lambda line: line.startswith("|"), lines[start:])
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in table
            if not re.fullmatch(r"\|[\s:|-]+\|", line.strip())]


def test_the_quick_reference_s_points_are_the_engine_s():
    """The handout's two tables (what each card scores turned up and in a trick, and the majority
    bonus) are typed by hand; they must be what ``pagat``, the reading the page sets out, does."""
    pagat = Rules.preset("pagat")
    page = (BOOK / "quick-reference.md").read_text(encoding="utf-8")
    assert "Two players, 52 cards, **61 wins** the moment it is reached." in page
    assert len(pagat.pack) == 52 and pagat.target == 61 and pagat.ends_mid_deal
    cards = {"Ace": "AS", "King": "KS", "Queen": "QS", "Knave (jack)": "JS", "♦7, Penneech": "7D",
             "any other": "TS"}
    rows = _table(page, "## Cards and points")
    assert [row[0] for row in rows[1:]] == list(cards)
    for name, turned_up, in_trick in rows[1:]:
        card = Card(cards[name])
        other = Suit.CLUBS if card.suit != Suit.CLUBS else Suit.HEARTS
        assert int(turned_up) == pagat.turnup_points(card), name  # (the rules', not the card's)
        assert pagat.first_turnup_points(card) == 0  # "The dealer's card ... scores nothing."
        points = pagat.card_points(card, card.suit)
        assert pagat.card_points(card, other) == 0, name
        suit = "diamonds" if card.suit == Suit.DIAMONDS else "its suit"
        assert in_trick == (f"{points}, if {suit} {'are' if card.rank == 7 else 'is'} trumps"
                            if points else "0"), name
    assert "The dealer's card turned before the first trick scores nothing." in page
    tricks, points = _table(page, "player with the majority scores")
    assert [pagat.majority_points(int(t)) for t in tricks[1:]] == [int(p) for p in points[1:]]
    assert [pagat.majority_points(t) for t in range(4)] == [0] * 4


def test_the_rulebooks_page_counts_the_options_the_readings_disagree_on():
    """"One deal, five rulebooks" says on how many rule options the presets differ (it said "more
    than a dozen points" when they differed on twelve)."""
    disputed = [name for name in OPTIONS
                if len({repr(getattr(PRESETS[p], name)) for p in PRESET_NAMES}) > 1]
    notebook = (BOOK / "one-deal-five-rulebooks.ipynb").read_text(encoding="utf-8")
    said = f"disagree on {words(len(disputed))} of the engine's {words(len(OPTIONS))} rule options"
    assert said in notebook, f"one-deal-five-rulebooks.ipynb should say {said!r}"


def test_every_option_has_its_section_in_the_book():
    # the book's tables and the live table's account link each option to its section on the
    # reconstructions page, which the {penneech-option} directive fills from rules.py
    page = (BOOK / "reconstructions.md").read_text(encoding="utf-8")
    for name in OPTIONS:
        label = f"({option_anchor(name)})="
        assert label in page and f"```{{penneech-option}} {name}\n" in page, (
            f"book/reconstructions.md has no section for the option {name!r}: add one as the "
            f"others are, a label {label}, a heading, and a {{penneech-option}} {name} block")


def _flat(name: str) -> str:
    """A page's prose (a notebook's markdown cells) on one line."""
    text = (BOOK / name).read_text(encoding="utf-8")
    if name.endswith(".ipynb"):
        text = "\n".join("".join(cell["source"]) for cell in json.loads(text)["cells"]
                          if cell["cell_type"] == "markdown")
    return " ".join(text.split())


def test_the_pages_spell_out_the_majority_bonus_and_the_stock_as_the_engine_counts_them():
    """Figures the prose types out: the majority bonus for 4 to 7 tricks (glossary, Cotton's
    chapter, How to play) and the stock of a full pack after the deal (glossary, How to play)."""
    pagat = Rules.preset("pagat")
    m = [pagat.majority_points(t) for t in range(8)]
    stock = len(pagat.pack) - 2 * HAND_SIZE
    turned = 1 + TRICKS  # before the first trick and after each of the seven

    said = {
        "glossary.md": [f"so 4 tricks score {m[4]}, 5 score {m[5]}, 6 score {m[6]} and 7 score "
                        f"{m[7]}", f"it holds {stock} cards, of which {words(turned)} are turned "
                        "up in a deal", f"seven tricks, {words(turned)} in all"],
        "cotton.md": [f"so 4 tricks (8 cards) count {m[4]}, 5 tricks {m[5]}, 6 tricks {m[6]} and 7 "
                      f"tricks {m[7]}"],
        "how-to-play.ipynb": [f"four tricks ({words(8)} cards) score {m[4]}, five score {m[5]}, "
                              f"six score {m[6]} and all seven score {m[7]}",
                              f"The other {stock} cards stay face down as the stock",
                              f"A deal therefore turns up {words(turned)} cards"],
    }
    assert m[:4] == [0, 0, 0, 0]
    for name, phrases in said.items():
        text = _flat(name)
        for phrase in phrases:
            assert phrase in text, f"{name}: {phrase!r}"


def test_the_pages_give_each_card_the_points_the_engine_gives_it():
    """What the prose types of the cards' values (review 36a: the glossary, How to play, the
    welcome page and the reconstructions page typed them, and nothing read them): each figure
    must be what the engine scores, turned up and in a trick with its suit as trumps."""
    pagat = Rules.preset("pagat")
    ace, king, queen, knave, penneech = (Card(c) for c in ("AS", "KS", "QS", "JS", "7D"))
    turned = [pagat.tables.turnup[c.index] for c in (ace, king, queen, knave, penneech)]
    in_trick = [pagat.card_points(c, c.suit) for c in (ace, king, queen, knave, penneech)]
    a, k, q, j, p = turned
    said = {
        "glossary.md": [f"ace {in_trick[0]}, king {in_trick[1]}, queen {in_trick[2]}, knave "
                        f"{in_trick[3]}, and the Penneech {in_trick[4]} ({p} when turned up)"],
        "how-to-play.ipynb": [f"An ace, king, queen or knave turned up is worth {a}, {k}, {q} or "
                              f"{j} to the player who turned it, and the Penneech turned up is "
                              f"worth {p}.",
                              f"{', '.join(map(str, in_trick[:3]))} and {in_trick[3]}, and the "
                              f"Penneech, {in_trick[4]}, if diamonds are trumps"],
        "welcome.ipynb": [f"called *Penneech*, worth {words(p)} when it is turned up",
                          f"one point for every card taken beyond your own "
                          f"{words(HAND_SIZE)}"],
        "reconstructions.md": [f"As a turn-up the ♦7 is worth {p}; taken in a trick it is worth "
                               f"{in_trick[4]}"],
    }
    assert pagat.card_points(penneech, Suit.SPADES) == 0  # ("if diamonds are trumps")
    assert pagat.majority_points(5) == 3  # one point a card: 10 cards, 3 beyond seven
    for name, phrases in said.items():
        text = _flat(name)
        for phrase in phrases:
            assert phrase in text, f"{name}: {phrase!r}"


def test_the_pages_count_the_ways_gamester_differs_from_mcleod_as_the_presets_do():
    """The reconstructions page and the gamester reading's summary say in how many rules it
    differs from McLeod's reading ("in four"): the presets must differ in that many."""
    differ = [name for name in OPTIONS
              if getattr(PRESETS["gamester"], name) != getattr(PRESETS["pagat"], name)]
    assert f"differs in {words(len(differ))}:" in _flat("reconstructions.md"), differ
    assert f"in {words(len(differ))} ways:" in SOURCES["gamester"].summary, differ


def test_each_reading_s_address_is_the_same_wherever_it_is_given():
    """McLeod's and Parlett's pages are cited in the engine (SOURCES), the bibliography, the
    quick reference and the reconstructions page: one address each (review 36a)."""
    bib = (BOOK / "references.bib").read_text(encoding="utf-8")
    for preset in ("pagat", "parlett"):
        source = SOURCES[preset]
        entry = bib.split(f"{{{source.bibkey},", 1)[1].split("\n}", 1)[0]
        [url] = re.findall(r"url\s*=\s*\{([^}]+)\}", entry)
        assert url == source.url, (preset, url, source.url)
        for page in ("quick-reference.md", "reconstructions.md"):
            text = (BOOK / page).read_text(encoding="utf-8")
            host = re.escape(source.url.split("//")[1].split("/")[0])
            linked = set(re.findall(rf"https?://{host}[^\s)>\]]*", text))
            assert linked == {source.url}, (page, linked)


def test_the_evidence_page_writes_the_gamester_reading_as_the_preset_plays_it():
    """Cotton's other games as evidence ends with its reading in the engine's notation, measured
    from McLeod's; it must be the ``gamester`` preset, option for option."""
    page = (BOOK / "evidence.md").read_text(encoding="utf-8")
    section = page.split("(evidence-reading)=", 1)[1]
    [notation] = re.findall(r"`(pagat,[^`]+)`", section)
    assert Rules.parse(notation) == PRESETS["gamester"], notation


def test_how_to_cite_writes_rules_as_the_engine_writes_them():
    """Every rule string on How to cite is the engine's own way of writing those rules (str of
    what it parses to), and ``pagat,redeal_claimant=dealer`` is the minimal reading with the number
    of options changed that the page gives."""
    page = (BOOK / "cite.md").read_text(encoding="utf-8")
    names = "|".join(PRESET_NAMES)
    strings = set(re.findall(rf"`((?:{names}),[a-z_]+=[^`\s]+)`", page))
    strings |= set(re.findall(rf"^((?:{names}),[a-z_]+=\S+)$", page, re.M))
    assert len(strings) >= 4, strings
    for text in strings:
        assert str(Rules.parse(text)) == text, text
    changed = [name for name in OPTIONS if getattr(Rules.parse("pagat,redeal_claimant=dealer"), name)
               != getattr(PRESETS["minimal"], name)]
    assert f"reading (`minimal`) with {words(len(changed))} options changed" in " ".join(page.split())


def _trace(rules, seed):
    """Everything two random players were shown and did in a game under ``rules``: each view
    they decided from (its rules left out) and the game's events."""
    import dataclasses

    from penneech import Game, make_player
    from penneech.players import play_game

    seen = []

    class Watching:
        def __init__(self, seat):
            self.inner = make_player("random", seed=seed * 2 + seat)
            self.name = self.inner.name

        def _saw(self, view):
            seen.append(tuple(getattr(view, f.name) for f in dataclasses.fields(view)
                              if f.name != "rules"))

        def throw_in(self, view):
            self._saw(view)
            return self.inner.throw_in(view)

        def play(self, view):
            self._saw(view)
            return self.inner.play(view)

    game = Game(rules, seed=seed)
    play_game(game, [Watching(0), Watching(1)])
    return seen, game.events


@pytest.mark.parametrize("name", list(OPTIONS))
def test_every_value_of_every_option_changes_the_game(name):
    # An option the game does not ask (one added to rules.py and never taught to the game) would
    # leave every game as it was: under each preset, each other value of each option must change
    # what the players are shown or what happens, in one of a few games.
    values = [v.value for v in OPTIONS[name].values] + ([31] if name == "target" else [])
    for value in values:
        changed = [
            (preset, other) for preset in PRESET_NAMES for other in values if other != value
            if any(_trace(Rules.preset(preset, **{name: other}), seed)
                   != _trace(Rules.preset(preset, **{name: value}), seed) for seed in range(6))]
        assert changed, (f"{name}={value!r} changed nothing the players saw or did in six games "
                         "under any preset, from any other value: does the game ask the rules "
                         "about it?")


@pytest.mark.parametrize("text", ["", " ", " , ", ","])
def test_empty_rules_are_refused_in_words(text: str) -> None:
    """Without this check ``Rules.parse("")`` raised a bare ValueError, which the command line
    showed as a traceback, and nothing held it (review 39a)."""
    with pytest.raises(RulesError, match=r"^empty rules: name a preset, such as 'pagat'$"):
        Rules.parse(text)


def test_rules_from_json_takes_rules_as_they_are() -> None:
    davis = Rules.preset("davis", target=31)
    assert Rules.from_json(davis) is davis
    assert Rules.from_json(davis.to_json()) == davis


def test_a_pack_is_checked_against_the_pack_the_rules_deal(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The pack had two homes: the rules dealt ``_DECK``'s, while the game's check of a given
    pack (so every record) and the solver's check of a position asked ``full_pack`` by size.
    A 32-card pack changed in its one home (sixes for the black and red sevens) was dealt by
    the game, which then refused its own record (review 44c)."""
    import penneech.rules as rules_module
    import penneech.solver as solver_module
    from penneech import Game, record
    from penneech.cards import full_pack
    from penneech.players import make_player
    from penneech.simulation import play_game

    other = tuple(c for c in full_pack(32) if c.rank != 7 or c.is_penneech) + tuple(
        Card(f"6{s}") for s in "SHC")
    assert len(other) == 32
    monkeypatch.setitem(rules_module._DECK, 32, lambda: other)
    solver_module._pack_of.cache_clear()
    try:
        rules = Rules.preset("pagat", deck=32)
        game = Game(rules, seed=44, players=("Ann", "Ben"))
        play_game(game, [make_player("greedy"), make_player("greedy")])
        assert any(c.rank == 6 for d in json.loads(record.dumps(game))["deals"]
                   for c in map(Card, d["deck"]))
        again = record.loads(record.dumps(game))
        assert again.scores == game.scores
        # and the solver takes a position of that pack
        mid = Game(rules, seed=45, players=("Ann", "Ben"))
        mid.play(mid.legal_plays()[0]) if mid.phase.name == "PLAY" else mid.throw_in(False)
        solver_module.Position.from_game(mid)
    finally:
        solver_module._pack_of.cache_clear()


def test_who_deals_next_is_asked_of_the_rules_and_told_in_their_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Who deals after a throw-in, and after a deal, lived in game.py, and the narration and the
    terminal said "the same dealer deals again" in their own words (review 44c).  The game asks
    ``Rules.next_dealer``; the words beside it say what it does, and the narration tells them."""
    import penneech.rules as rules_module
    from penneech import Game, Phase, narrate
    from penneech.rules import next_dealer_words

    rules = Rules.preset("pagat")
    for thrown_in in (True, False):
        same = rules.next_dealer(0, thrown_in) == 0 and rules.next_dealer(1, thrown_in) == 1
        assert ("same dealer" in next_dealer_words(thrown_in)) == same, thrown_in
    # the game and the words follow the rule's one home: changed there, the deal passes after
    # a throw-in, and the narration says so (the words were typed beside it; review 44d)
    monkeypatch.setattr(rules_module, "_next_dealer", lambda dealer, thrown_in: 1 - dealer)
    for seed in range(400):
        game = Game("pagat", seed=seed, players=("Ann", "Ben"), first_dealer=0)
        if game.phase is Phase.THROW_IN:
            break
    else:
        raise AssertionError("no hand that may be thrown in, in 400 deals")
    while game.phase is Phase.THROW_IN and game.deal_number == 1:
        game.throw_in(True)
    assert game.dealer == 1, "the game did not ask the rules who deals next"
    told = narrate.narrate(game.events, game.names)
    assert any("throws it in" in line and "the deal passes to the other player" in line
               for line in told), told


def test_the_option_descriptions_give_the_figures_the_rules_play_by() -> None:
    """The descriptions' figures are the ones the game scores and deals by, asked of the rules
    (review 46b: counting's values left out the ♦7, which each of them scores with diamonds
    trumps; the values, the majority's figures and the Putt-cards were typed beside them)."""
    pagat = Rules.preset("pagat")
    for value in OPTIONS["counting"].values:
        rules = pagat.replace(counting=value.value)
        honours = ", ".join(str(rules.card_points(Card(f"{r}S"), Suit.SPADES)) for r in "AKQJ")
        seven = rules.card_points(Card("7D"), Suit.DIAMONDS)
        assert seven and rules.card_points(Card("7D"), Suit.SPADES) == 0
        assert f"({honours})" in value.description, value
        assert f"the ♦7 ({seven}) when diamonds are trumps" in value.description, value
        assert (f"the ♦7 scores {seven} in a trick only when diamonds are trumps"
                in OPTIONS["counting"].description)
    figures = [f"{t} tricks {pagat.majority_points(t)}" for t in range(8)
               if pagat.majority_points(t)]
    assert f"({', '.join(figures)})" in OPTIONS["majority_bonus"].description
    assert figures[0].startswith("4 ") and "took four or more" in (
        OPTIONS["majority_bonus"].description)
    # "beyond seven": the cards each player was dealt, as the rules count the bonus
    dealt = "seven"
    assert 2 * TRICKS - pagat.majority_points(TRICKS) == HAND_SIZE == 7
    assert f"taken beyond {dealt} (" in OPTIONS["majority_bonus"].description
    assert OPTIONS["majority_bonus"].value_info(True).description == (
        f"Yes, one point per card beyond {dealt}.")
    assert "after a hand thrown in the same dealer deals again" in (
        OPTIONS["first_dealer"].description)
    assert ("Under every reading the same dealer deals again: McLeod says so"
            in OPTIONS["redeal"].description) and pagat.next_dealer(1, True) == 1
    # the Putt-cards, best first, as the cut under best_putt ranks them
    putt = pagat.replace(first_dealer="best_putt")
    ranks = sorted(range(2, 15), key=lambda r: -sum(
        putt.cut_winner(Card(f"{'23456789TJQKA'[r - 2]}S"), Card(f"{'23456789TJQKA'[o - 2]}H"))
        == 0 for o in range(2, 15) if o != r))
    names = {2: "two", 3: "three", 14: "ace", 13: "king", 12: "queen", 11: "knave", 10: "ten",
             4: "four"}
    described = OPTIONS["first_dealer"].value_info("best_putt").description
    assert ", ".join(names[r] for r in ranks[:7]) + " and so down to four" in described
    assert ranks[-1] == 4
    short = Rules.preset("pagat", deck=32).pack
    assert {c.rank for c in short} == set(range(7, 15))
    assert "ace down to seven" in OPTIONS["deck"].value_info(32).description
    assert "after a hand thrown in the same dealer deals again" in (
        OPTIONS["first_dealer"].description)


def test_the_pages_that_teach_pagat_say_what_pagat_does() -> None:
    """How to play, the quick reference and the glossary set out the ``pagat`` reading in their
    own words: the pack, the target, the ranks, the cut, the throw-in, the lead, the follow, the
    trick's winner and the next dealer.  Each phrase holds only while the rules answer so: a
    change to a preset or to a rule's function fails here, naming the page (review 46b: nothing
    read How to play's steps)."""
    from penneech.rules import DEFAULT_PRESET, next_dealer_words

    pagat = Rules.preset("pagat")
    c = Card
    hearts_and_spades = [c("2H"), c("9H"), c("3S"), c("4C")]  # (clubs trumps below)
    # (each phrase with the rules' answers that make it true)
    facts = {
        "the engine's default": DEFAULT_PRESET == "pagat",
        f"pack of {len(pagat.pack)} cards": True,
        f"the first to {pagat.target} wins": pagat.ends_mid_deal,
        f"reaches **{pagat.target}**, even in the middle of a deal": pagat.ends_mid_deal,
        "ranks above the ace of diamonds": pagat.follower_wins(c("AD"), c("7D"), Suit.SPADES),
        "the lower card deals, aces counting low, and equal cards draw again":
            pagat.cut_winner(c("AS"), c("2H")) == 0 and pagat.cut_winner(c("3S"), c("2H")) == 1
            and pagat.cut_winner(c("5S"), c("5H")) is None,
        "A player holding no ace, king, queen or knave may throw the hand in.  The Penneech does "
        "not count as any of those.":
            pagat.may_throw_in([c("7D"), c("TS"), c("9H"), c("2C"), c("3D"), c("4S"), c("5H")])
            and not pagat.may_throw_in([c("JD"), c("TS"), c("9H"), c("2C"), c("3D"), c("4S"),
                                        c("5H")]),
        "the same dealer shuffles and deals again": pagat.next_dealer(0, True) == 0,
        "| 4 | elder hand | Leads any card to the first trick.": pagat.first_leader_of(0) == 1,
        "Plays a card of the suit led if possible, otherwise any card.":
            pagat.legal_follows(hearts_and_spades, c("KH"), Suit.CLUBS) == [c("2H"), c("9H")]
            and len(pagat.legal_follows([c("3S"), c("4C")], c("KH"), Suit.CLUBS)) == 2,
        "The trick goes to the trump if one was played, otherwise to the higher card of the suit "
        "led; a card of another suit that is not a trump cannot win.":
            pagat.follower_wins(c("AH"), c("2S"), Suit.SPADES)
            and pagat.follower_wins(c("2H"), c("3H"), Suit.SPADES)
            and not pagat.follower_wins(c("2H"), c("AC"), Suit.SPADES),
        "The Penneech beats every other diamond even when diamonds are not trumps.":
            pagat.follower_wins(c("AD"), c("7D"), Suit.CLUBS),
        f"four or more tricks scores the cards taken; {next_dealer_words(False)}.":
            pagat.next_dealer(0, False) == 1 and pagat.majority_points(4) > 0,
    }
    text = _flat("how-to-play.ipynb")
    for phrase, true in facts.items():
        phrase = " ".join(phrase.split())  # (as _flat reads the page)
        assert phrase in text, f"how-to-play.ipynb no longer says {phrase!r}: check the test"
        assert true, f"how-to-play.ipynb says {phrase!r}, which pagat no longer does"

    quick = {
        "The game as the engine plays it under `pagat`, its default": DEFAULT_PRESET == "pagat",
        "the ♦7, the *Penneech*, ranks above the ace of diamonds":
            pagat.follower_wins(c("AD"), c("7D"), Suit.SPADES),
        "both draw a card; the lower deals (aces low).  Then the deal alternates.":
            pagat.cut_winner(c("AS"), c("2H")) == 0 and pagat.next_dealer(0, False) == 1,
        "same dealer, new deal.  The ♦7 does not save the hand.":
            pagat.next_dealer(0, True) == 0 and pagat.may_throw_in(
                [c("7D"), c("TS"), c("9H"), c("2C"), c("3D"), c("4S"), c("5H")]),
        "Elder hand {term}`leads <lead>`.": pagat.first_leader_of(0) == 1,
        "{term}`Follow suit <follow suit>` if you can; if not, play anything.":
            pagat.legal_follows(hearts_and_spades, c("KH"), Suit.CLUBS) == [c("2H"), c("9H")],
        "A trump wins; else the higher card of the suit led.  The ♦7 beats every diamond.":
            pagat.follower_wins(c("AH"), c("2S"), Suit.SPADES)
            and pagat.follower_wins(c("AD"), c("7D"), Suit.CLUBS),
    }
    text = _flat("quick-reference.md")
    for phrase, true in quick.items():
        phrase = " ".join(phrase.split())
        assert phrase in text, f"quick-reference.md no longer says {phrase!r}: check the test"
        assert true, f"quick-reference.md says {phrase!r}, which pagat no longer does"
    glossary = _flat("glossary.md")
    for preset in PRESET_NAMES:  # (the glossary speaks for every reading)
        rules = Rules.preset(preset)
        assert rules.next_dealer(0, False) == 1 and rules.next_dealer(0, True) == 0
        assert rules.follower_wins(c("AD"), c("7D"), Suit.CLUBS)
    assert ("The deal passes from one player to the other after every deal that is played (not "
            "after a {term}`throw-in`)") in glossary
    assert "It is the highest diamond whatever the trumps" in glossary


def test_a_number_with_python_s_underscore_is_refused_not_read_as_another() -> None:
    """``--set target=61_0`` was read as 610 (Python's int() takes the underscore as grouping),
    where the browser's form and a reader would see a slip (review 46a)."""
    with pytest.raises(RulesError, match="target must be a whole number, not '61_0'"):
        Rules.parse("pagat,target=61_0")
    assert Rules.parse("pagat,target=610").target == 610


def test_a_record_that_names_no_preset_is_read_under_pagat_whatever_the_default() -> None:
    """A record written by hand without ``rules``, or with rules but no ``preset``, is read under
    ``pagat``: a fixed meaning for the file format, which must not follow the engine's teaching
    default if that changes (review 46b); nothing held it (review 46e)."""
    from penneech import Game, record
    from penneech.rules import RECORD_PRESET

    assert RECORD_PRESET == "pagat"
    assert Rules.from_json({"follow": "free"}) == Rules.preset("pagat", follow="free")
    game = Game("pagat", seed=4, players=("Ann", "Ben"))
    data = json.loads(record.dumps(game))
    del data["rules"]
    assert record.loads(json.dumps(data)).rules == Rules.preset("pagat")
