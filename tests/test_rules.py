"""The rule options and the presets, as the engine issue tabulates them."""

import itertools

import pytest

from penneech import OPTIONS, PRESET_NAMES, PRESETS, SOURCES, Rules, RulesError
from penneech.rules import holders

# The table of presets in the engine issue, row by row.
EXPECTED = {
    "redeal": ("no_ace_or_face", "no_ace_or_face", "no_card_above_ten", "never"),
    "redeal_claimant": ("dealer", "either", "either", "either"),
    "first_turnup_scores": (False, False, True, False),
    "turnups_score": ("every",) * 4,
    "first_leader": ("non_dealer", "non_dealer", "non_dealer", "dealer"),
    "follow": ("free", "suit", "suit_or_trump", "suit"),
    "trick_winner": ("suit", "suit", "suit", "rank"),
    "counting": ("trumps", "trumps", "honours", "honours"),
    "trick_points_to": ("holder", "winner", "winner", "winner"),
    "majority_bonus": (True, True, True, False),
    "win_check": ("immediate", "immediate", "immediate", "end_of_deal"),
}


def test_presets_match_the_table():
    assert PRESET_NAMES == ("cotton", "pagat", "parlett", "davis")
    for option, values in EXPECTED.items():
        assert tuple(getattr(PRESETS[p], option) for p in PRESET_NAMES) == values, option
    for p in PRESET_NAMES:
        assert PRESETS[p].deck == 52 and PRESETS[p].target == 61


def test_every_option_is_documented_with_each_preset_s_reason():
    assert set(OPTIONS) == set(Rules().options())
    for name, info in OPTIONS.items():
        assert info.description and info.question
        assert set(info.reasons) == set(PRESET_NAMES), name
        for preset in PRESET_NAMES:
            assert info.value_info(getattr(PRESETS[preset], name)) is not None or name == "target"
    assert set(SOURCES) == set(PRESET_NAMES)


def test_holders_are_read_off_the_presets():
    assert holders("follow", "suit") == ["pagat", "davis"]
    assert holders("follow", "free") == ["cotton"]
    assert holders("deck", 32) == []


def test_unknown_names_list_the_valid_ones():
    with pytest.raises(RulesError, match="unknown preset 'hoyle': use one of cotton, pagat, parlett, davis"):
        Rules.preset("hoyle")
    with pytest.raises(RulesError, match="unknown option 'folow': the options are deck, target"):
        Rules.preset("pagat", folow="free")
    with pytest.raises(RulesError, match="'any' is not a value of follow: use one of suit, suit_or_trump, free"):
        Rules.preset("pagat", follow="any")
    with pytest.raises(RulesError, match="not a value of majority_bonus: use one of true, false"):
        Rules.preset("pagat", majority_bonus="maybe")
    with pytest.raises(RulesError, match="40 is not a value of deck: use one of 52, 32"):
        Rules(deck=40)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="target must be a whole number of at least 1"):
        Rules(target=0)
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
    assert count == 2 * 3 * 2 * 2 * 2 * 2 * 3 * 2 * 2 * 2 * 2 * 2


def test_from_json_checks_types():
    assert Rules.from_json({"preset": "davis", "follow": "free"}) == Rules.preset("davis", follow="free")
    with pytest.raises(RulesError, match="first_turnup_scores must be a JSON true or false"):
        Rules.from_json({"preset": "pagat", "first_turnup_scores": "yes"})
    with pytest.raises(RulesError, match="rules must be a preset name or an object"):
        Rules.from_json(3)
