"""Played-out games as pictures: the frames of the book's steppers and of its live pages.

Everything here is plain Python over the engine (no ipywidgets), so the notebook widgets
(``penneech.widgets``) and the live pages in the reader's browser (:mod:`penneech.live`) draw
the same frames from the same code.

>>> game = play_out(Game("pagat", seed=2), [make_player("greedy", seed=0),
...                                         make_player("greedy", seed=1)])
>>> frames = frames_for(game, deals=[1])
>>> frames[0].kind, frames[-1].kind
('start', 'trick')
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from . import players
from .cards import Card
from .events import tally
from .game import DealAction, Game, Phase, PlayAction, ThrowInAction
from .narrate import steps
from .players import Player
from .render import Scene, markup, scene, style_tag, table_html
from .rules import DEFAULT_PRESET, OPTIONS, PRESET_NAMES, Rules, Seat, show_value

__all__ = [
    "Frame",
    "DealResult",
    "MAX_FRAMES",
    "make_player",
    "player_kinds",
    "play_deal",
    "play_out",
    "deal_pack",
    "frames_for",
    "play_fixed",
    "rulebooks",
    "summary_html",
    "differences",
    "SOURCE_WORDS",
]


# -- players --------------------------------------------------------------------------------------


def make_player(kind: str = "greedy", *, seed: int | None = 0) -> Player:
    """A computer player of :mod:`penneech.players` (any kind in its registry)."""
    return players.make_player(kind, seed=seed)


def player_kinds() -> list[str]:
    """The kinds of computer player on offer (the fair ones): the levels weakest first, then
    the others (:func:`penneech.players.opponent_menu`)."""
    return [kind for _, kind in players.opponent_menu()]


def play_deal(game: Game, seats: Sequence[Player], *, throw_in: bool | None = False) -> None:
    """Play ``game`` to the end of its current deal (or the end of the game).

    ``throw_in=False`` (the default) keeps every hand; ``None`` lets the players decide.
    """
    players.check_players(seats, "play_deal")  # (before KeepingHand takes their names)
    if throw_in is False:
        seats = [players.KeepingHand(p) for p in seats]
    players.play_deal(game, seats)


def play_out(game: Game, seats: Sequence[Player]) -> Game:
    """Play ``game`` to its end (players decide throw-ins); return it."""
    players.play_game(game, seats)
    return game


def deal_pack(seed: int, size: int = 52) -> tuple[Card, ...]:
    """A shuffled pack drawn from ``seed`` (the first deal of ``Game(seed=seed)``)."""
    return Game(Rules.preset("pagat", deck=size), seed=seed, first_dealer=0,
                auto_deal=False).shuffled_pack(1)


# -- frames ---------------------------------------------------------------------------------------


class Frame(NamedTuple):
    """One precomputed picture of a game: after ``events`` events, during ``deal``.

    ``trick`` is the trick whose cards the picture shows (0 before the first), ``kind`` is
    ``"start"``, ``"lead"``, ``"trick"`` or ``"thrown_in"``; ``notes`` narrate what happened
    since the previous frame; ``html`` is the picture itself.
    """

    deal: int
    trick: int
    kind: str
    events: int
    notes: tuple[str, ...]
    html: str


#: The most frames one stepper holds (a long game is cut to its first deals, with a note).
MAX_FRAMES = 400


def frames_for(game: Game, *, deals: Iterable[int] | None = None, per: str = "trick",
               reveal: bool = True, limit: int = MAX_FRAMES) -> list[Frame]:
    """The frames of a played game: one at the start of each deal's play, one after each trick
    (``per="trick"``), plus one after each lead with ``per="play"``.

    ``deals`` picks deal numbers (default: all); thrown-in deals get one frame.  The game is
    replayed once and narrated once (time linear in its length); at most ``limit`` frames are
    made, the last saying that the rest is left out.
    """
    if not isinstance(game, Game):
        raise TypeError(f"frames_for takes a Game, not {type(game).__name__}")
    if per not in ("trick", "play"):
        raise ValueError(f"per must be 'trick' or 'play', not {per!r}")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a whole number of at least 1, not {limit!r}")
    wanted = None if deals is None else set(deals)
    names = game.names
    all_steps = steps(game.events, names)
    replay = Game(game.rules, seed=game.seed, players=names, first_dealer=game.first_dealer,
                  auto_deal=False)
    # first pass: replay once, keeping a snapshot (a render.Scene) at each frame
    marks: list[tuple[Frame, str, Scene]] = []
    told = 0  # steps told so far
    cut = False
    for action in game.actions:
        deal = replay.deal_number
        kind = caption = ""
        trick = 0
        if isinstance(action, DealAction):
            replay.deal(action.deck)
            deal = replay.deal_number
        elif isinstance(action, ThrowInAction):
            replay.throw_in(action.claim)
        else:
            trick = replay.trick_number
            replay.play(action.card)
            if not replay.trick:
                kind, caption = "trick", f"Deal {deal}, after trick {trick}"
            elif per == "play":
                kind = "lead"
                caption = f"Deal {deal}, trick {trick}: {names[action.player]} leads"
        if not isinstance(action, PlayAction):
            if replay.phase is Phase.PLAY and replay.trick_number == 1 and not replay.trick:
                kind, caption = "start", f"Deal {deal}: the hands and the first turn-up"
            elif isinstance(action, ThrowInAction) and action.claim:
                kind, caption = "thrown_in", f"Deal {deal} is thrown in"
        if not kind or (wanted is not None and deal not in wanted):
            continue
        if len(marks) >= limit:
            cut = True
            break
        n = len(replay.events)
        notes = []
        while told < len(all_steps) and all_steps[told].start < n:
            notes.append(all_steps[told].text)
            told += 1
        frame = Frame(deal, trick, kind, n, tuple(notes), "")
        marks.append((frame, caption, scene(replay, reveal=reveal)))
    # second pass: draw each frame, now that the number of steps is known
    total = len(marks)
    frames = []
    for i, (frame, caption, picture) in enumerate(marks):
        full = f"Step {i + 1} of {total} · {caption}"
        if cut and i == total - 1:
            full += f" (the game goes on: only the first {limit} steps are shown)"
        html = table_html(picture, notes=frame.notes, caption=full)
        frames.append(frame._replace(html=html))
    return frames


# -- one pack under several rulebooks -------------------------------------------------------------


@dataclass(frozen=True)
class DealResult:
    """One deal of one pack under one set of rules."""

    label: str
    game: Game
    points: tuple[int, int]
    tricks: tuple[int, int]
    #: points by what scored them (see :data:`penneech.events.SCORE_SOURCES`)
    by_source: dict[str, tuple[int, int]]

    @property
    def rules(self) -> Rules:
        return self.game.rules


#: The options that cannot change one deal played by :func:`play_fixed` (one pack, dealt by a
#: given dealer, throw-ins declined, played from 0-0): who deals first, which hands may be
#: thrown in and who may throw in, when the game is won and at what score (one deal does not
#: reach 61), and the pack itself.  Comparing one deal under each of their values shows the
#: same deal each time (review 37b: Change one rule offered four of them, and showed identical
#: columns without a word); the experiments measure them over whole games.
NOT_IN_ONE_DEAL: tuple[str, ...] = ("first_dealer", "redeal", "redeal_claimant", "win_check",
                                    "target", "deck")


def play_fixed(deck: Sequence[Card], rules: Rules, label: str, kind: str, seed: int,
                names: Sequence[str], dealer: Seat) -> DealResult:
    """Deal ``deck`` once under ``rules`` (dealt by ``dealer``) and play it out with two
    ``kind`` players, throw-ins declined."""
    game = Game(rules, seed=seed, players=names, first_dealer=dealer, auto_deal=False)
    game.deal(deck)
    play_deal(game, [make_player(kind, seed=seed), make_player(kind, seed=seed + 1)],
              throw_in=False)
    deal = tally(game.events)[0]
    by_source: dict[str, tuple[int, int]] = {k: v for k, v in deal.by_source.items()}
    return DealResult(label, game, deal.points, deal.tricks, by_source)


SOURCE_WORDS: dict[str, str] = {
    "trick": "cards in tricks",
    "turnup": "turn-ups",
    "majority": "majority bonus",
}


def rulebooks(option: str | None = None, *, base: str | None = None,
              presets: Sequence[str | Rules] | None = None) -> list[tuple[str, Rules]]:
    """Labelled rulebooks to compare: every value of ``option`` on top of ``base`` (a preset;
    :data:`~penneech.rules.DEFAULT_PRESET` if not given), or the given ``presets`` (default:
    every preset).  A ``base`` without an ``option`` is refused: nothing is put on top of it."""
    books: list[tuple[str, Rules]] = []
    if option is not None and presets is not None:
        raise ValueError("give either rulebooks to compare or an option whose values to "
                         "compare, not both")
    if base is not None and option is None:  # (it was ignored in silence)
        raise ValueError(f"base ({base!r}) is the rulebook an option's values are tried on: "
                         "give the option too, such as option='follow', or give rulebooks "
                         "to compare whole rulebooks")
    if presets is not None and (not isinstance(presets, (list, tuple))
                                or not all(isinstance(b, (str, Rules)) for b in presets)
                                or not presets):
        raise ValueError("rulebooks must be a list of preset names or Rules, such as "
                         "['pagat', 'parlett']")
    if option is not None:
        if option not in OPTIONS:
            raise ValueError(f"unknown option {option!r}: the options are "
                             f"{', '.join(OPTIONS)}")
        info = OPTIONS[option]
        for vi in info.values:
            r = Rules.preset(DEFAULT_PRESET if base is None else base, **{option: vi.value})
            shown = show_value(vi.value)
            books.append((f"{option} = {shown}", r))
    else:
        for book in presets if presets is not None else PRESET_NAMES:
            rr = Rules.preset(book) if isinstance(book, str) else book
            books.append((str(rr), rr))
    size = books[0][1].deck
    if any(r.deck != size for _, r in books):
        raise ValueError("every rulebook compared on one pack must use the same pack size")
    return books


def summary_html(results: Sequence[DealResult]) -> str:
    """A table: tricks and points of each player under each rulebook, by where they came from.

    Each rulebook is a group of two rows under a row that names it (a row-group header), not
    a column of its own: the table is a column narrower, and fits a phone's width."""
    if not results:  # (an IndexError from inside)
        raise ValueError("summary_html needs the result of at least one rulebook")
    names = results[0].game.names
    keys = [k for k in SOURCE_WORDS if any(sum(res.by_source.get(k, (0, 0))) for res in results)]
    titles = ["player", "tricks", *(SOURCE_WORDS[k] for k in keys), "total"]
    table = ET.Element("table", {"class": "pn pn-summary"})
    head = ET.SubElement(ET.SubElement(table, "thead"), "tr")
    for title in titles:
        ET.SubElement(head, "th", {"scope": "col"}).text = title
    for res in results:
        body = ET.SubElement(table, "tbody")
        ET.SubElement(ET.SubElement(body, "tr"), "th", {
            "scope": "rowgroup", "colspan": str(len(titles)), "class": "pn-rules"}).text = res.label
        for p in (0, 1):
            row = ET.SubElement(body, "tr")
            ET.SubElement(row, "td").text = names[p]
            ET.SubElement(row, "td").text = str(res.tricks[p])
            for k in keys:
                ET.SubElement(row, "td").text = str(res.by_source.get(k, (0, 0))[p])
            ET.SubElement(ET.SubElement(row, "td"), "strong").text = str(res.points[p])
    return style_tag() + markup(table)


def differences(results: Sequence[DealResult]) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The options on which the rulebooks differ: (option, question, [(label, value's
    description from :data:`~penneech.rules.OPTIONS`)])."""
    out = []
    for name, info in OPTIONS.items():
        values = [getattr(r.rules, name) for r in results]
        if len(set(values)) < 2:
            continue
        described = []
        for res, v in zip(results, values, strict=True):
            vi = info.value_info(v)
            described.append((res.label, vi.description if vi else str(v)))
        out.append((name, info.question, described))
    return out
