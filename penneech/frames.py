"""Played-out games as pictures: the frames of the book's steppers and of its live pages.

Everything here is plain Python over the engine (no ipywidgets), so the notebook widgets
(:mod:`penneech.widgets`) and the live pages in the reader's browser (:mod:`penneech.live`) draw
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
from .events import DealEnded, Scored
from .game import DealAction, Game, Phase, PlayAction, ThrowInAction
from .narrate import steps
from .players import Player
from .render import style_tag, table_html
from .rules import OPTIONS, PRESET_NAMES, Rules

__all__ = [
    "Frame",
    "DealResult",
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


def make_player(kind: str = "greedy", *, seed: int | None = 0) -> Player:
    """A computer player of :mod:`penneech.players` (``greedy``, ``random`` or ``solver``)."""
    return players.make_player(kind, seed=seed)


def player_kinds() -> list[str]:
    """The kinds of computer player on offer (the fair ones: no cheating player), greedy first."""
    kinds = [k for k in players.PLAYER_KINDS if k != "cheater"]
    return sorted(kinds, key=lambda k: k != "greedy")


def play_deal(game: Game, players: Sequence[Player], *, throw_in: bool | None = False) -> None:
    """Play ``game`` to the end of its current deal (or the end of the game).

    Throw-in questions are answered ``throw_in`` (declined by default); ``None`` lets the players
    decide.
    """
    deal = game.deal_number
    while game.phase in (Phase.PLAY, Phase.THROW_IN) and game.deal_number == deal:
        p = game.to_move
        assert p is not None
        if game.phase is Phase.THROW_IN:
            game.throw_in(players[p].throw_in(game.view(p)) if throw_in is None else throw_in)
        else:
            game.play(players[p].play(game.view(p)))


def play_out(game: Game, players: Sequence[Player], *, max_deals: int = 200) -> Game:
    """Play ``game`` to its end (players decide throw-ins); return it."""
    for _ in range(max_deals):
        if game.phase is Phase.OVER:
            break
        if game.phase is Phase.DEAL:
            game.deal()
        play_deal(game, players, throw_in=None)
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


def _replayer(game: Game) -> Game:
    return Game(game.rules, seed=game.seed, players=game.names, first_dealer=game.first_dealer,
                auto_deal=False)


def frames_for(game: Game, *, deals: Iterable[int] | None = None, per: str = "trick",
               reveal: bool = True) -> list[Frame]:
    """The frames of a played game: one at the start of each deal's play, one after each trick
    (``per="trick"``), plus one after each lead with ``per="play"``.

    ``deals`` picks deal numbers (default: all); thrown-in deals get one frame.
    """
    if per not in ("trick", "play"):
        raise ValueError(f"per must be 'trick' or 'play', not {per!r}")
    wanted = None if deals is None else set(deals)
    replay = _replayer(game)
    raw: list[tuple[int, int, str, int, str]] = []  # deal, trick, kind, events, caption
    names = game.names

    def keep(kind: str, deal: int, trick: int, caption: str) -> None:
        if wanted is None or deal in wanted:
            raw.append((deal, trick, kind, len(replay.events), caption))

    for action in game.actions:
        deal = replay.deal_number
        if isinstance(action, DealAction):
            replay.deal(action.deck)
            deal = replay.deal_number
        elif isinstance(action, ThrowInAction):
            replay.throw_in(action.claim)
        else:
            assert isinstance(action, PlayAction)
            trick = replay.trick_number
            replay.play(action.card)
            if not replay.trick:
                keep("trick", deal, trick, f"Deal {deal}, after trick {trick}")
            elif per == "play":
                keep("lead", deal, trick,
                     f"Deal {deal}, trick {trick}: {names[action.player]} leads")
            continue
        if replay.phase is Phase.PLAY and replay.trick_number == 1 and not replay.trick:
            keep("start", deal, 0, f"Deal {deal}: the hands and the first turn-up")
        elif isinstance(action, ThrowInAction) and action.claim:
            keep("thrown_in", deal, 0, f"Deal {deal} is thrown in")
    # narrate once, then give each frame the steps that happened since the previous frame
    all_steps = steps(replay.events, names)
    frames: list[Frame] = []
    prev = 0
    for deal, trick, kind, n, _caption in raw:
        notes = tuple(s.text for s in all_steps if prev <= s.start < n)
        prev = n
        frames.append(Frame(deal, trick, kind, n, notes, ""))
    # positions: replay again, rendering at each frame's event count
    replay = _replayer(game)
    out: list[Frame] = []
    targets = {f.events: i for i, f in enumerate(frames)}
    total = len(frames)
    for action in game.actions:
        if isinstance(action, DealAction):
            replay.deal(action.deck)
        elif isinstance(action, ThrowInAction):
            replay.throw_in(action.claim)
        else:
            replay.play(action.card)
        i = targets.pop(len(replay.events), None)
        if i is None:
            continue
        f = frames[i]
        caption = f"Step {i + 1} of {total} · {raw[i][4]}"
        html = table_html(replay, reveal=reveal, notes=f.notes, caption=caption)
        out.append(f._replace(html=html))
    return out



@dataclass(frozen=True)
class DealResult:
    """One deal of one pack under one set of rules."""

    label: str
    game: Game
    points: tuple[int, int]
    tricks: tuple[int, int]
    by_option: dict[str, tuple[int, int]]

    @property
    def rules(self) -> Rules:
        return self.game.rules


def play_fixed(deck: Sequence[Card], rules: Rules, label: str, kind: str, seed: int,
                names: Sequence[str], dealer: int) -> DealResult:
    """Deal ``deck`` once under ``rules`` (dealt by ``dealer``) and play it out with two
    ``kind`` players, throw-ins declined."""
    game = Game(rules, seed=seed, players=names, first_dealer=dealer, auto_deal=False)
    game.deal(deck)
    play_deal(game, [make_player(kind, seed=seed), make_player(kind, seed=seed + 1)],
              throw_in=False)
    points = [0, 0]
    tricks = [0, 0]
    by_option: dict[str, list[int]] = {}
    for e in game.events:
        if isinstance(e, Scored):
            points[e.player] += e.points
            key = "turnup" if e.source == "turnup" else e.option
            by_option.setdefault(key, [0, 0])[e.player] += e.points
        elif isinstance(e, DealEnded):
            tricks = list(e.tricks)
    if not any(isinstance(e, DealEnded) for e in game.events):  # the game ended mid-deal
        tricks = list(game.tricks_won)
    return DealResult(label, game, (points[0], points[1]), (tricks[0], tricks[1]),
                      {k: (v[0], v[1]) for k, v in by_option.items()})


SOURCE_WORDS = {
    "counting": "cards in tricks",
    "trick_points_to": "cards in tricks (to their holder)",
    "turnup": "turn-ups",
    "majority_bonus": "majority bonus",
}


def rulebooks(option: str | None = None, *, base: str = "pagat",
              presets: Sequence[str | Rules] | None = None) -> list[tuple[str, Rules]]:
    """Labelled rulebooks to compare: every value of ``option`` on top of ``base``, or the
    given ``presets`` (default: every preset)."""
    books: list[tuple[str, Rules]] = []
    if option is not None:
        info = OPTIONS[option]
        for vi in info.values:
            r = Rules.preset(base, **{option: vi.value})
            shown = ("true" if vi.value else "false") if isinstance(vi.value, bool) else vi.value
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
    """A table: tricks and points of each player under each rulebook, by where they came from."""
    names = results[0].game.names
    keys: list[str] = []
    for res in results:
        keys += [k for k in res.by_option if k not in keys]
    table = ET.Element("table", {"class": "pn pn-summary"})
    head = ET.SubElement(ET.SubElement(table, "thead"), "tr")
    for title in ["rules", "player", "tricks", *(SOURCE_WORDS.get(k, k) for k in keys),
                  "total"]:
        ET.SubElement(head, "th").text = title
    body = ET.SubElement(table, "tbody")
    for res in results:
        for p in (0, 1):
            row = ET.SubElement(body, "tr")
            if p == 0:
                cell = ET.SubElement(row, "td", {"rowspan": "2"})
                ET.SubElement(cell, "strong").text = res.label
            ET.SubElement(row, "td").text = names[p]
            ET.SubElement(row, "td").text = str(res.tricks[p])
            for k in keys:
                ET.SubElement(row, "td").text = str(res.by_option.get(k, (0, 0))[p])
            ET.SubElement(ET.SubElement(row, "td"), "strong").text = str(res.points[p])
    return style_tag() + ET.tostring(table, encoding="unicode", method="html")


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
