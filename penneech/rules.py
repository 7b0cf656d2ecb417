"""The rules of Penneech as named options, the readings that hold them, and the presets.

Every point on which the readings of Cotton's chapter disagree is an option of :class:`Rules`.
:data:`OPTIONS` describes each option and each of its values in our own words, quotes the words
of Cotton that bear on it, and says why each preset holds what it holds.  Which preset holds which
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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

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
    "DEFAULT_PRESET",
    "holders",
]


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


#: The four readings the presets follow, by preset name: who, where, and a summary.
SOURCES: Final[dict[str, Source]] = {
    "cotton": Source(
        key="cotton",
        author="Charles Cotton",
        title="The Compleat Gamester, chap. XXII, “A Game called Penneech”",
        year="1674",
        url="https://quod.lib.umich.edu/e/eebo/A34637.0001.001",
        bibkey="cotton1674",
        summary=(
            "The only period account: six short paragraphs on pp. 148–149 of the first edition. "
            "The `cotton` preset follows his words where he gives a rule, imposes nothing where he "
            "imposes nothing, and takes the period's custom (elder hand leads) where a choice "
            "cannot be avoided."
        ),
    ),
    "pagat": Source(
        key="pagat",
        author="John McLeod",
        title="Penneech (pagat.com)",
        year="2022",
        url="https://www.pagat.com/pointtrk/penneech.html",
        bibkey="mcleod-pagat",
        summary=(
            "McLeod's reconstruction on pagat.com keeps close to Cotton's wording (only trumps "
            "count) and fills the gaps with the commonest habits of trick-taking games, listing "
            "the points he is unsure of."
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
            "Parlett's reconstruction, played at length with Andrew Pennycook, chooses what made "
            "the best game in their trials, borrowing the trick-play rules of All Fours."
        ),
    ),
    "davis": Source(
        key="davis",
        author="Nakoa Davis",
        title="Penneech: quick-reference rules",
        year="n.d.",
        url="",
        bibkey="davis-quickref",
        summary=(
            "A short modern rules page (its site is not certain; probably gamerules.com).  "
            "The `davis` preset reads it literally, including where it "
            "departs from Cotton (the dealer leads, the highest card of any suit wins a trick "
            "without trumps, no majority bonus, scores compared after each deal)."
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
    """One rule option.

    Attributes:
        name: the option's name, a field of :class:`Rules`.
        question: the question it answers, in a few words.
        description: what it decides.
        values: its values (for ``target``, a few examples; any integer ≥ 1 is allowed).
        cotton: the words of Cotton's chapter that bear on it ("" where he is silent).
        reasons: per preset, why that preset holds its value.
    """

    name: str
    question: str
    description: str
    values: tuple[ValueInfo, ...]
    cotton: str
    reasons: Mapping[str, str] = field(default_factory=dict)

    def value_info(self, value: Any) -> ValueInfo | None:
        for info in self.values:
            if info.value == value:
                return info
        return None


def _values(*pairs: tuple[Any, str]) -> tuple[ValueInfo, ...]:
    return tuple(ValueInfo(v, d) for v, d in pairs)


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
                (32, "A short pack of 32: ace down to seven in each suit."),
            ),
            cotton="",
            reasons={
                "cotton": "Cotton names no pack; he names one elsewhere whenever it is not the "
                "full 52, so silence means the full pack.",
                "pagat": "McLeod uses the standard 52-card pack.",
                "parlett": "Parlett plays with 52 and suggests 32 only as something worth trying.",
                "davis": "Davis lists one standard 52-card deck.",
            },
        ),
        OptionInfo(
            name="target",
            question="How many points win?",
            description="The score that wins the game; any whole number from 1 up.",
            values=_values((61, "Sixty-one, once round a cribbage board.")),
            cotton="till you come to sixty one, which is the Game.",
            reasons={
                "cotton": "Cotton: sixty-one is the game.",
                "pagat": "McLeod: 61, kept on a cribbage board (he suggests more, such as 91, "
                "for the 32-card pack).",
                "parlett": "Parlett: 61, kept on a cribbage board.",
                "davis": "Davis: the first to 61.",
            },
        ),
        OptionInfo(
            name="redeal",
            question="Which hands may be thrown in?",
            description="Which hands a player may throw in for a fresh deal by the same dealer.",
            values=_values(
                ("no_ace_or_face", "A hand with no ace, king, queen or knave (holding the ♦7 "
                 "does not save it)."),
                ("no_card_above_ten", "A hand with no card above a ten (the ♦7 counts as above "
                 "a ten, so holding it does save the hand)."),
                ("never", "No hand may be thrown in."),
            ),
            cotton="Here note, if you have neither Ace nor Face, you may throw up your Game "
            "and deal again.",
            reasons={
                "cotton": "Cotton's own words: “neither Ace nor Face”.",
                "pagat": "McLeod follows Cotton: no ace and no face card.",
                "parlett": "Parlett allows a redeal to a hand with no card higher than a ten, "
                "which leaves a hand holding the Penneech (the top diamond) to be played.",
                "davis": "Davis says nothing of throwing in a hand, so nobody may.",
            },
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
            cotton="you may throw up your Game and deal again.",
            reasons={
                "cotton": "Read literally, “throw up your Game and deal again” is said to the "
                "player who deals.",
                "pagat": "McLeod lets any player dealt such a hand throw it in; the same dealer "
                "deals again.",
                "parlett": "Parlett lets either player claim, noting that the strict reading "
                "(dealer only) is unlikely and unlike comparable games such as Piquet.",
                "davis": "Davis has no throw-in; the value does not matter under `never`.",
            },
        ),
        OptionInfo(
            name="first_turnup_scores",
            question="Does the first turn-up score?",
            description="Whether the dealer scores the card that sets trumps for the opening "
            "trick, when that card has a turn-up value.",
            values=_values(
                (True, "Yes: the dealer pegs it."),
                (False, "No: only cards turned by the winner of a trick score."),
            ),
            cotton="turn up a Card, and that is Trumps. … what is turn'd up proves an Ace or "
            "Coat-Card, that is a great advantage to him who won the last trick",
            reasons={
                "cotton": "Cotton ties the reward for a turn-up to winning a trick; the first "
                "turn-up follows no trick.",
                "pagat": "McLeod leans to no: scoring a turn-up looks like a reward for winning "
                "a trick, though he calls this far from clear.",
                "parlett": "Parlett assumes the dealer pegs it, while saying it is unclear.",
                "davis": "Davis scores turn-ups only for the winner of a trick.",
            },
        ),
        OptionInfo(
            name="turnups_score",
            question="Which turn-ups score?",
            description="Which of the cards turned after the tricks score for the player who "
            "turns them.",
            values=_values(
                ("every", "Each card turned after a trick scores for the winner of that trick."),
                ("final_only", "Only the card turned after the seventh trick scores."),
            ),
            cotton="if it so happen, that what is turn'd up proves an Ace or Coat-Card, that is "
            "a great advantage to him who won the last trick",
            reasons={
                "cotton": "Cotton's “him who won the last trick” most naturally means the trick "
                "just played, after every trick.",
                "pagat": "McLeod: the winner of each trick scores the card they turn.",
                "parlett": "Parlett reads “last” as “previous”, saying the game is much better "
                "that way than if only the final turn-up scored.",
                "davis": "Davis: the winner of each trick scores the honour they turn up.",
            },
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
                "cotton": "Cotton is silent; elder hand leads, the custom of the period.",
                "pagat": "McLeod: the non-dealer leads, as in most games.",
                "parlett": "Parlett: the non-dealer leads.",
                "davis": "Davis: the dealer begins the first trick.",
            },
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
                "cotton": "Cotton states no duty to follow, so the literal reading imposes none.",
                "pagat": "McLeod's default: follow suit if possible, as in most of Cotton's "
                "trick games; he lists the other two as possibilities.",
                "parlett": "Parlett and Pennycook found that follow-suit-or-trump, the rule of "
                "All Fours, made the best game; play-anything made it uncontrollable.",
                "davis": "Davis: the other player must play the same suit if they can.",
            },
        ),
        OptionInfo(
            name="trick_winner",
            question="Which card wins a trick?",
            description="How the winner of a trick is decided.",
            values=_values(
                ("suit", "A higher card of the suit led wins; a trump beats a non-trump; a card "
                 "of another suit that is not trumps loses."),
                ("rank", "If a trump was played the higher trump wins; if not, the higher-ranking "
                 "card of either suit wins (the ♦7 above every ace); equal ranks go to the "
                 "leader."),
            ),
            cotton="if it be Trump it is the highest Card and wins all others; if it be not "
            "Trump it wins all Diamonds.",
            reasons={
                "cotton": "Cotton's ♦7 “wins all Diamonds” when not trump, the language of "
                "ordinary suit play.",
                "pagat": "McLeod: the ordinary rule of trick-taking games.",
                "parlett": "Parlett: the ordinary rule of trick-taking games.",
                "davis": "Davis: with no trump in the trick, the highest-ranking card wins.",
            },
        ),
        OptionInfo(
            name="counting",
            question="Which cards count in a trick?",
            description="Which cards score when they fall in a trick.  Under both values the "
            "♦7 scores 7 in a trick only when diamonds are trumps.",
            values=_values(
                ("trumps", "Only the ace, king, queen and knave of the trick's trump suit "
                 "(5, 4, 3, 2)."),
                ("honours", "Every ace, king, queen and knave, whatever the trumps (5, 4, 3, "
                 "2)."),
            ),
            cotton="The Ace and Coat-Cards of Trumps are thus reckoned, the Ace is five, the "
            "King four, the Queen three, and the Knave two. … the value of your Coat-Card "
            "Trumps, with Penneech turn'd up or in hand",
            reasons={
                "cotton": "Cotton says “of Trumps” each time he counts aces and coat cards.",
                "pagat": "McLeod counts only trumps, since Cotton says “of Trumps” every time.",
                "parlett": "Parlett makes every ace and court card an honour, counted when won "
                "in a trick, as in the counting of All Fours.",
                "davis": "Davis scores the honours in a trick with no mention of trumps.",
            },
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
            cotton="it is but seven in hand, and not that neither unless Diamonds be Trumps … "
            "the value of your Coat-Card Trumps, with Penneech turn'd up or in hand",
            reasons={
                "cotton": "Cotton counts “your Coat-Card Trumps” and the Penneech “in hand”: "
                "the cards you held, not the cards you took.",
                "pagat": "McLeod gives the points to the trick's winner, naming the “in hand” "
                "reading as an open question.",
                "parlett": "Parlett: the winner of the trick pegs what it contains.",
                "davis": "Davis: the winner of the trick scores the honours in it.",
            },
        ),
        OptionInfo(
            name="majority_bonus",
            question="Does taking more tricks score?",
            description="Whether the player who took four or more tricks pegs one point per card "
            "taken beyond seven (4 tricks 1, 5 tricks 3, 6 tricks 5, 7 tricks 7).",
            values=_values(
                (True, "Yes, one point per card beyond seven."),
                (False, "No."),
            ),
            cotton="count how many Cards you have more than your own seven at first dealt you, "
            "and for every Card reckon one",
            reasons={
                "cotton": "Cotton: reckon one for every card more than your own seven.",
                "pagat": "McLeod: one point per card beyond seven.",
                "parlett": "Parlett: one point per extra card, not per extra trick.",
                "davis": "Davis does not mention it.",
            },
        ),
        OptionInfo(
            name="win_check",
            question="When is the game won?",
            description="When a player who reaches the target wins.",
            values=_values(
                ("immediate", "The moment a player's total reaches the target, even in the "
                 "middle of a deal."),
                ("end_of_deal", "Scores are compared after each deal: the higher score at or over "
                 "the target wins; equal scores play on."),
            ),
            cotton="so you must reckon on … till you come to sixty one, which is the Game.",
            reasons={
                "cotton": "Cotton: reckon on until you come to sixty-one.",
                "pagat": "McLeod: the first to reach 61 wins, whenever that happens.",
                "parlett": "Parlett: the game ends as soon as a player pegs out.",
                "davis": "Davis tallies the points after the tricks and plays further deals "
                "until someone has 61.",
            },
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

PRESET_NAMES: Final = ("cotton", "pagat", "parlett", "davis")
#: The reading the book teaches first (McLeod's: close to Cotton's words, ordinary trick play).
DEFAULT_PRESET: Final = "pagat"


@dataclass(frozen=True)
class Rules:
    """One complete reading of the rules.  Frozen and validated on creation.

    Build it from a preset with overrides (``Rules.preset("pagat", follow="free")``), from a
    string (``Rules.parse("pagat,follow=free")``) or from a record's JSON value
    (``Rules.from_json({"preset": "pagat", "follow": "free"})``).
    """

    deck: Deck = 52
    target: int = 61
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

    def __post_init__(self) -> None:
        for name in OPTIONS:
            value = getattr(self, name)
            if name == "target":
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    raise RulesError(f"target must be a whole number of at least 1, not {value!r}")
                continue
            info = OPTIONS[name]
            if isinstance(value, bool) != isinstance(info.values[0].value, bool) or (
                info.value_info(value) is None
            ):
                valid = ", ".join(_show(v.value) for v in info.values)
                shown = repr(value) if isinstance(value, str) else _show(value)
                raise RulesError(f"{shown} is not a value of {name}: use one of {valid}")

    # construction -----------------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str = DEFAULT_PRESET, **overrides: Any) -> Rules:
        """A preset, with options changed by keyword (values may be given as strings)."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise RulesError(
                f"unknown preset {name!r}: use one of {', '.join(PRESET_NAMES)}"
            ) from None
        return base.replace(**overrides) if overrides else base

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; values may be strings as typed on a command line."""
        return dataclasses.replace(self, **{k: _coerce(k, v) for k, v in changes.items()})

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read the notation written by ``str()``: ``"pagat"`` or ``"pagat,follow=free,..."``."""
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if not parts:
            raise RulesError("empty rules: name a preset, such as 'pagat'")
        name, *rest = parts
        overrides: dict[str, str] = {}
        for item in rest:
            key, eq, value = item.partition("=")
            if not eq:
                raise RulesError(f"{item!r} is not option=value")
            overrides[key.strip()] = value.strip()
        return cls.preset(name, **overrides)

    @classmethod
    def from_json(cls, value: object) -> Rules:
        """From a record's ``rules`` value: a preset name or ``{"preset": …, option: value}``."""
        if isinstance(value, str):
            return cls.preset(value)
        if isinstance(value, Rules):
            return value
        if not isinstance(value, Mapping):
            raise RulesError(
                "rules must be a preset name or an object such as {\"preset\": \"pagat\"}, "
                f"not {type(value).__name__}"
            )
        data = dict(value)
        preset = data.pop("preset", DEFAULT_PRESET)
        if not isinstance(preset, str):
            raise RulesError(f"preset must be a name such as \"pagat\", not {preset!r}")
        for key, val in data.items():
            kind = type(OPTIONS[key].values[0].value) if key in OPTIONS else None
            if kind is not None and not isinstance(val, kind):
                raise RulesError(f"{key} must be a JSON {_json_kind(kind)}, not {val!r}")
        return cls.preset(preset, **data)

    def to_json(self) -> str | dict[str, Any]:
        """The shortest record value: a preset name, or the nearest preset plus overrides."""
        name, diff = self._nearest_preset()
        return name if not diff else {"preset": name, **diff}

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
        return ",".join([name, *(f"{k}={_show(v)}" for k, v in diff.items())])

    def __repr__(self) -> str:
        name, diff = self._nearest_preset()
        args = "".join(f", {k}={v!r}" for k, v in diff.items())
        return f"Rules.preset({name!r}{args})"


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _json_kind(kind: type) -> str:
    return {bool: "true or false", int: "number", str: "string"}.get(kind, kind.__name__)


def _coerce(name: str, value: Any) -> Any:
    """Turn a value typed as text (``"false"``, ``"32"``) into the option's type."""
    if name not in OPTIONS:
        raise RulesError(f"unknown option {name!r}: the options are {', '.join(OPTIONS)}")
    if not isinstance(value, str):
        return value
    kind = type(OPTIONS[name].values[0].value)
    text = value.strip().lower()
    if kind is bool:
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise RulesError(f"{value!r} is not a value of {name}: use one of true, false")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise RulesError(f"{name} must be a whole number, not {value!r}") from None
    return value


#: The four readings as :class:`Rules`, by name: ``cotton``, ``pagat``, ``parlett``, ``davis``.
PRESETS: Final[dict[str, Rules]] = {
    "cotton": Rules(
        redeal="no_ace_or_face", redeal_claimant="dealer", first_turnup_scores=False,
        turnups_score="every", first_leader="non_dealer", follow="free", trick_winner="suit",
        counting="trumps", trick_points_to="holder", majority_bonus=True, win_check="immediate",
    ),
    "pagat": Rules(
        redeal="no_ace_or_face", redeal_claimant="either", first_turnup_scores=False,
        turnups_score="every", first_leader="non_dealer", follow="suit", trick_winner="suit",
        counting="trumps", trick_points_to="winner", majority_bonus=True, win_check="immediate",
    ),
    "parlett": Rules(
        redeal="no_card_above_ten", redeal_claimant="either", first_turnup_scores=True,
        turnups_score="every", first_leader="non_dealer", follow="suit_or_trump",
        trick_winner="suit", counting="honours", trick_points_to="winner", majority_bonus=True,
        win_check="immediate",
    ),
    "davis": Rules(
        redeal="never", redeal_claimant="either", first_turnup_scores=False,
        turnups_score="every", first_leader="dealer", follow="suit", trick_winner="rank",
        counting="honours", trick_points_to="winner", majority_bonus=False,
        win_check="end_of_deal",
    ),
}


def holders(option: str, value: Any) -> list[str]:
    """The presets that hold ``value`` for ``option``, read off :data:`PRESETS`."""
    return [name for name in PRESET_NAMES if getattr(PRESETS[name], option) == value]
