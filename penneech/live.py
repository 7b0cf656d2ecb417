"""The bridge between the book's live pages and the engine: JSON in, JSON out.

The live pages run the engine in the reader's browser (Pyodide, in a Web Worker).  Their
JavaScript sends each request here as JSON text and shows what comes back: it never decides what
is legal, who won or what scored.  Everything shown comes from the engine's public API
(:class:`~penneech.game.Game`, its views, :meth:`~penneech.game.Game.play` and the message of
:class:`~penneech.game.IllegalPlayError`, :mod:`~penneech.record`, :mod:`~penneech.narrate`,
:func:`~penneech.players.make_player`) and every picture from :mod:`penneech.render`, which
escapes all text (player names, records) on its way to the page.  Standard library only.

A request is an object with an ``op`` and its arguments; the answer is ``{"ok": true, ...}`` or
``{"ok": false, "error": "what was wrong"}``:

>>> import json
>>> def ask(**request):
...     return json.loads(handle(json.dumps(request)))
>>> answer = ask(op="new", table="t", rules={"preset": "pagat"}, seed=3, opponent="greedy",
...              dealer=1)
>>> answer["ok"], answer["waiting"]
(True, 'you')
>>> card = answer["legal"][0]
>>> f'data-card="{card}"' in answer["html"]
True
>>> ask(op="play", table="t", card=card)["waiting"]
'computer'
>>> ask(op="play", table="t", card="2H")["refused"]
'Cannot play: Beginner is to play a card.'
>>> ask(op="nonsense")["error"]
"unknown request 'nonsense'"

Operations (see :data:`OPERATIONS`): ``catalogue`` (presets, options, player kinds), the table
(``new``, ``play``, ``throw_in``, ``computer``, ``next_deal``, ``hint``, ``undo``, ``resume``,
and ``analyse``, which the page sends when an answer says ``analysis_pending``),
``compare`` (one pack under several rulebooks), ``replay`` (a record, frame by frame),
``replay_analysis`` (what each card played in one deal of a record cost),
``experiment`` (many games, a few at a time), ``experiment_results`` (its games so far, as CSV)
and ``python`` (the prompt), with ``python_restore`` (its names, given to a new Python after a
Stop, or on a later visit from the browser's storage).
"""

from __future__ import annotations

import ast
import base64
import contextlib
import importlib
import io
import json
import pickle
import re
import sys
import time
import traceback
import types
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from . import frames, narrate, players, record
from .cards import CardError, parse_card
from .events import DealEnded, Dealt, GameWon, Played
from .explain import reading_of
from .game import (
    SEED_LIMIT,
    Game,
    GameError,
    IllegalPlayError,
    Phase,
    PlayerView,
    check_names,
    taken_back_text,
    told_apart,
)
from .players import DEFAULT_OPPONENT, PLAYER_KINDS
from .render import live_table_html, words_html
from .rules import (
    DEFAULT_PRESET,
    OPTIONS,
    PRESET_NAMES,
    PRESETS,
    SOURCES,
    Rules,
    RulesError,
    Seat,
    holders,
    option_anchor,
    show_value,
)
from .text import TooManyDigits, shorten, terminal_safe, whole_number

if TYPE_CHECKING:  # the simulation module is imported when an experiment starts
    from .simulation import GameResult, SeatedGame

__all__ = [
    "LiveError",
    "handle",
    "catalogue",
    "player_catalogue",
    "rules_from",
    "Table",
    "OPERATIONS",
    "ANALYSIS",
    "MAX_EXPERIMENT_GAMES",
]

#: The most games one live experiment may play (it runs in the reader's browser).
MAX_EXPERIMENT_GAMES = 2000
#: The seat of the reader at the live table; the computer sits in the other.
YOU: Seat = 0
COMPUTER: Seat = 1
#: The reader's name when none is given.  The computer is named after its kind ("Expert",
#: "Club"), as the terminal game names it, so that a record says whom it was played against.
DEFAULT_NAME = "Reader"
#: The book's page that describes every rule option, from the book's root: the live table's
#: account links each option it names to the option's section there (the page adds its own way
#: to the root, ``data-content_root``).
OPTIONS_PAGE = "reconstructions.html"
#: The words of the link, under a notebook page's title, that opens the page as a notebook in
#: the reader's browser (JupyterLite): the book's pages and the widgets' notes name it so.  It
#: was "Open live", which a newcomer took for the way to play the game (review 45b).
OPEN_AS_NOTEBOOK = "Open as a notebook"


def analyse_for_reader(game: Game, deal: int) -> list[str]:
    """What the reader's cards cost in deal number ``deal`` (:mod:`penneech.analysis`): one line
    per costly choice with the best card and why, then what each player's choices cost.  The
    estimates are worked out for the reader's choices only: the page shows no others."""
    from .analysis import analyse_deal

    return analyse_deal(game, deal, seed=players.computer_seed(game.seed),
                        estimates_of=YOU).review(YOU, YOU)


#: What the table shows where the analysis of a deal will be, while it is worked out.
ANALYSING = "Working out what each of your cards cost in this deal…"

#: The analysis of a finished deal, shown under its account at the table:
#: ``ANALYSIS(game, deal_number)`` returns lines of text (None shows none).
ANALYSIS: Callable[[Game, int], Sequence[str]] | None = analyse_for_reader


class LiveError(ValueError):
    """A request that cannot be answered; the message says what was wrong."""


# -- what the pages offer ------------------------------------------------------------------------


def player_catalogue() -> list[dict[str, Any]]:
    """The computer players on offer, read from the registry (``penneech.players``): each kind
    with the label a reader picks it by (its level: beginner, club, expert), its summary, what has
    been measured of its strength, whether it is the default opponent, whether it plays fair (sees
    only its own view), and its named settings if it has any; the levels first, weakest first.

    >>> [p["kind"] for p in player_catalogue() if p["default"]] == [DEFAULT_OPPONENT]
    True
    >>> [p["label"] for p in player_catalogue()][:3]
    ['Beginner (greedy)', 'Club', 'Expert (default)']
    """
    labels = dict((kind, label) for label, kind in players.opponent_menu())
    out = []
    for kind, entry in players.PLAYERS.items():
        strengths = _strengths(kind)
        out.append({"kind": kind, "label": labels.get(kind, kind), "about": entry.summary,
                    "measured": players.describe(kind)[1:],
                    # under each reading its strength was measured under
                    "measured_by_rules": {name: players.describe(kind, name)[1:]
                                          for name in PRESET_NAMES
                                          if any(r.rules == name for r in entry.strength)},
                    "default": kind == DEFAULT_OPPONENT,
                    "fair": entry.fair, "level": entry.level, "strengths": strengths})
    order = list(labels)
    out.sort(key=lambda p: (not p["fair"], order.index(p["kind"]) if p["kind"] in order
                            else len(order)))
    return out


def catalogue() -> dict[str, Any]:
    """Everything a live page's controls offer: the presets with each option's value, the options
    with their questions and values, and the player kinds (all read from the engine).

    >>> c = catalogue()
    >>> c["default_preset"], "follow" in c["options"], c["presets"]["davis"]["follow"]
    ('pagat', True, 'suit')
    """
    options = {
        name: {
            "question": info.question,
            "description": info.description,
            "values": [{"value": v.value, "text": show_value(v.value), "description": v.description,
                        # the readings that hold it, read off the presets
                        "holders": holders(name, v.value)}
                       for v in info.values],
            # the id of the option's section in the book, with its sources and reasons
            "anchor": option_anchor(name),
            # for an option that takes any whole number (target): the range allowed
            "minimum": info.minimum,
            "maximum": info.maximum,
        }
        for name, info in OPTIONS.items()
    }
    return {
        "default_preset": DEFAULT_PRESET,
        "presets": {name: PRESETS[name].options() for name in PRESET_NAMES},
        # each reading named with whose it is, for the menus: "pagat (McLeod)", "minimal (ours)"
        "preset_labels": {name: f"{name} ({_holder(name)})" for name in PRESET_NAMES},
        "options": options,
        # the page, from the book's root, where each option's section (``anchor``) is
        "options_page": OPTIONS_PAGE,
        "players": player_catalogue(),
        "max_experiment_games": MAX_EXPERIMENT_GAMES,
    }


def _strengths(kind: str) -> list[dict[str, Any]]:
    """The strengths a page offers for the computer player ``kind``: its named settings (the
    solver's samples), or none."""
    if "samples" not in players.PLAYERS[kind].settings:
        return []
    return [{"label": f"{n} samples" + (" (default)" if n == players.DEFAULT_SAMPLES else ""),
             "settings": {"samples": n}, "default": n == players.DEFAULT_SAMPLES}
            for n in (5, players.DEFAULT_SAMPLES, 50)]


def _holder(preset: str) -> str:
    """Whose reading a preset is: "ours", or its author's surname."""
    source = SOURCES[preset]
    return "ours" if source.ours else source.author.split()[-1]


def rules_form(rules: Rules) -> dict[str, Any]:
    """``rules`` as a rules form shows them: the preset they are a reading of, and every
    option's value as its menu or box holds it, so that a page puts a resumed game's or a kept
    run's rules back on its form without reading the notation itself.

    >>> rules_form(Rules.parse("davis,target=31"))["options"]["target"]
    '31'
    >>> rules_form(Rules.parse("davis,target=31"))["preset"]
    'davis'
    """
    return {"preset": reading_of(rules),
            "options": {name: show_value(getattr(rules, name)) for name in OPTIONS}}


def rules_from(value: object) -> Rules:
    """Rules from a request: a preset name, the rules notation (``"pagat,follow=free"``) or
    ``{"preset": "pagat", "follow": "free", ...}`` with values as the controls send them
    (strings such as ``"false"`` or ``"32"`` are read as the option's type; an empty one, a box
    left empty, keeps the preset's value).

    >>> str(rules_from({"preset": "pagat", "majority_bonus": "false", "target": "31"}))
    'pagat,target=31,majority_bonus=false'
    """
    try:
        if value is None:
            return Rules.preset(DEFAULT_PRESET)
        if isinstance(value, str):
            return Rules.parse(value)
        if isinstance(value, Mapping):
            data = dict(value)
            preset = data.pop("preset", DEFAULT_PRESET)
            if not isinstance(preset, str):
                raise LiveError(f"preset must be a name such as 'pagat', not {preset!r}")
            return Rules.preset(preset, **{str(k): v for k, v in data.items() if v != ""})
    except RulesError as exc:
        raise LiveError(str(exc)) from None
    raise LiveError(f"rules must be a preset name or an object, not {type(value).__name__}")


def _int(args: Mapping[str, Any], key: str, default: int | None = None, *, low: int = 0,
         high: int = 2**63 - 1) -> int | None:
    """A whole number from a request (a typed text field may send a string)."""
    value = args.get(key, default)
    if value is None or value == "":
        return default
    if isinstance(value, str):
        try:
            value = whole_number(value)
        except TooManyDigits as exc:
            raise LiveError(f"{key} is {exc}") from None
        except ValueError:
            raise LiveError(f"{key} must be a whole number, not {shorten(value)!r}") from None
    if isinstance(value, bool) or not isinstance(value, int):
        raise LiveError(f"{key} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise LiveError(f"{key} must be between {low} and {high}, not {value}")
    return value


# -- the card table ------------------------------------------------------------------------------


@dataclass
class Table:
    """A game between the reader (seat 0) and a computer player (seat 1).

    The game deals each deal only when asked (``auto_deal`` off), so that the end of a deal
    stays on the table until the reader deals the next one.
    """

    game: Game
    kind: str
    settings: dict[str, Any] = field(default_factory=dict)
    refusal: str = ""
    hint: str = ""
    hint_card: Any = None
    analysed: dict[int, list[str]] = field(default_factory=dict)
    #: the account of the game as last told to a screen reader (see :meth:`news`)
    told: list[str] = field(default_factory=list)
    told_scores: tuple[int, int] | None = None
    told_status: str = ""
    #: the deal whose analysis a screen reader has been told of
    told_analysis: int | None = None
    #: a game brought back (resumed, or loaded from a file) says first which deal it is at: told
    #: from its last step, a game resumed at a deal's start did not say (review 44d)
    back: bool = False

    def __post_init__(self) -> None:
        self.game.auto_deal = False  # a resumed record's game would deal on by itself
        # a resumed game is told from its last step, with the scores and the turn: told from the
        # start of its last deal, a screen reader read a whole deal, some 2,000 characters,
        # before whose turn it was (review 44a); the table's account shows the whole deal
        story = narrate.steps(self.game.events, self.game.names, YOU)
        self.told = [s.text for s in story[:-1]]
        self.back = bool(self.game.actions)
        self.opponent = players.make_player(self.kind, seed=players.computer_seed(self.game.seed),
                                            **self.settings)
        bind = getattr(self.opponent, "bind", None)
        if bind is not None:
            bind(self.game)
        if self.game.phase is Phase.DEAL and not self.game.actions:
            self.game.deal()
        self._answer_throw_in()

    def _answer_throw_in(self) -> None:
        """The computer answers a throw-in question of its own at once, in the same request: a
        table that showed "… is thinking" only when the computer's hand could be thrown in told
        the reader that it held no ace or court card (review 44d)."""
        g = self.game
        while g.phase is Phase.THROW_IN and g.to_move == COMPUTER:
            players.decide(g, self.opponent)

    # decisions -------------------------------------------------------------------------------

    def play(self, code: str) -> None:
        """The reader plays ``code``; a refused card leaves the engine's reason."""
        self._clear()
        try:
            self.game.play_for(YOU, code)
        except IllegalPlayError as exc:  # told to the reader, cards as the table shows them
            told = exc.told_to(YOU, symbols=True)
            # (out of turn or out of phase is no rule of play: the reason is told as it is)
            not_now = exc.rule in ("turn", "phase")
            self.refusal = _sentence(told if not_now else f"Not allowed: {told}")
        except (GameError, CardError) as exc:  # not now, or not a card
            self.refusal = _sentence(str(exc))

    def throw_in(self, claim: bool) -> None:
        self._clear()
        g = self.game
        if g.phase is not Phase.THROW_IN or g.to_move != YOU:
            self.refusal = "There is no throw-in to answer now."
            return
        g.throw_in(claim)
        self._answer_throw_in()

    def computer(self) -> None:
        """The computer makes its next decision (only when the engine says it is to move)."""
        g = self.game
        if g.to_move != COMPUTER or g.phase not in (Phase.PLAY, Phase.THROW_IN):
            raise LiveError("the computer is not to move")
        self._clear()
        players.decide(g, self.opponent)

    def next_deal(self) -> None:
        self._clear()
        if self.game.phase is not Phase.DEAL:
            raise LiveError("the deal is not over")
        self.game.deal()
        self._answer_throw_in()

    def give_hint(self) -> None:
        """What the default player would do in the reader's place, from the reader's view."""
        g = self.game
        self._clear()
        if g.phase is Phase.OVER:
            self.hint = "No hint: no card is left to play."
            return
        if g.to_move != YOU:
            self.hint = "No hint: it is not your turn."
            return
        advice = players.hint(g.view(YOU), g.seed)
        # (the card is marked on the table too; a screen reader is told it in words: _spoken)
        self.hint_card = advice.card
        self.hint = f"Hint: {advice.words}."

    def undo(self) -> None:
        """Take back the reader's last decision and everything after it."""
        self._clear()
        taken = self.game.take_back(YOU)
        if not taken:
            self.refusal = "There is nothing of yours to undo."
            return
        self.hint = taken_back_text(taken, self.game.names, YOU)  # (said once, as a hint is)
        self.analysed.clear()  # a deal taken back is played again
        self._answer_throw_in()

    def analysis(self, deal: int) -> list[str]:
        """:data:`ANALYSIS` of a finished deal, worked out once per deal."""
        if ANALYSIS is None:
            return []
        if deal not in self.analysed:
            self.analysed[deal] = list(ANALYSIS(self.game, deal))
        return self.analysed[deal]

    def ended_deal(self) -> int | None:
        """The deal whose analysis the table shows now: the deal just ended (unless it was
        thrown in), or the last deal played once the game is over; else ``None``."""
        g = self.game
        if g.phase is Phase.DEAL:
            ended = [e for e in g.events if isinstance(e, DealEnded)]
            return None if not ended or ended[-1].thrown_in else ended[-1].deal
        if g.phase is Phase.OVER:
            played = [e.deal for e in g.events if isinstance(e, Played)]
            return played[-1] if played else None
        return None

    def analyse(self) -> None:
        """Work out the analysis of :meth:`ended_deal` (the page asks for it in a request of
        its own, so that the last card and the deal's account show at once; see
        :meth:`state`)."""
        self._clear()
        deal = self.ended_deal()
        if deal is not None:
            self.analysis(deal)

    def _clear(self) -> None:
        self.refusal = ""
        self.hint = ""
        self.hint_card = None

    # what the page shows ---------------------------------------------------------------------

    def waiting(self) -> str:
        """Who or what the game waits for: ``you``, ``computer``, ``deal`` or ``over``."""
        g = self.game
        if g.phase is Phase.OVER:
            return "over"
        if g.phase is Phase.DEAL:
            return "deal"
        return "you" if g.to_move == YOU else "computer"

    def news(self, status: str, analysis: str = "") -> str:
        """What a screen reader is told after the reader's last action: what happened since
        (the computer's card, who took the trick, what scored; told to "you", cards in words),
        the scores when they changed, what the table waits for (or the refusal), and the
        ``analysis`` of a deal when it comes or is on its way (it came in silence: review
        44a)."""
        g = self.game
        story = [s.text for s in narrate.steps(g.events, g.names, YOU)]
        parts = []
        for i, text in enumerate(story):
            before = self.told[i] if i < len(self.told) else ""
            if text == before:
                continue
            # a trick told so far ("Trick 2: Ann leads the ♥Q.") grows as it is played
            piece = text[len(before.rstrip(".")):].lstrip(" ,;") if before and text.startswith(
                before.rstrip(".")) else text
            parts.append(piece[:1].upper() + piece[1:])
        self.told = story
        if self.back:
            self.back = False
            if g.phase is not Phase.OVER:
                parts.insert(0, f"Your game is back, at deal {g.deal_number}.")
        scores = (g.scores[0], g.scores[1])
        said = f"Scores: you {scores[YOU]}, {g.names[COMPUTER]} {scores[COMPUTER]}."
        if scores != self.told_scores and not any(said in p for p in parts):
            parts.append(said)  # (the account of a deal's end says them already)
        self.told_scores = scores
        if self.refusal:
            parts.append(self.refusal)
        if not parts and status == self.told_status:
            # nothing new but the analysis of a deal, say: the status is not said again
            return _spoken(analysis)
        self.told_status = status
        parts += [status, analysis]
        return _spoken(" ".join(p for p in parts if p))

    def _latest(self, story: Sequence[narrate.Step], start: int) -> tuple[list[str], str]:
        """What happened since the reader's last card of this deal (from the step that holds
        it), or since the deal began: the account's newest lines, which the table shows where
        the account is folded."""
        events = self.game.events
        mine = [i for i, e in enumerate(events)
                if i >= start and isinstance(e, Played) and e.player == YOU]
        since = mine[-1] if mine else start
        lines = [s.text for s in story if s.end > since and s.start >= start]
        return lines, ("Since your last card:" if mine else "So far in this deal:")

    def state(self) -> dict[str, Any]:
        g = self.game
        view = g.view(YOU)
        names = g.names
        waiting = self.waiting()
        # (told to the reader, "You lead the ♠9", as the status line and the news are: the
        # account said "Reader leads the ♠9" under "Your turn"; review 36b)
        story = narrate.steps(g.events, names, YOU)
        start = _last_deal_start(g)
        first_deal = not any(isinstance(e, Dealt) for e in g.events[:start])
        # the current deal's account; the first deal's begins with who deals first and why (the
        # cut), which the reader has just read about
        lines = [s.text for s in story if s.start >= start or first_deal]
        actions: list[tuple[str, str]] = []
        deal_end: list[str] = []
        analysis: list[str] = []
        result = None
        result_note = ""
        if waiting == "you" and g.phase is Phase.THROW_IN:
            # why it may be, in the words of the rule option (rules.py)
            status = (f"Your hand may be thrown in: these rules allow it for "
                      f"{OPTIONS['redeal'].phrase(g.rules.redeal)}. Throw it in for a new deal, "
                      "or keep it?")
            actions = [("throw-in", "Throw it in"), ("keep", "Keep it")]
        elif waiting == "you":
            status = your_turn(view)
        elif waiting == "computer":
            status = f"{names[COMPUTER]} is thinking…"
        elif waiting == "deal":
            ended = [e for e in g.events if isinstance(e, DealEnded)][-1]
            if ended.thrown_in:
                # the deal just ended is this one, told by its throw-in, which shows the hand
                # (it has no account of a deal's end; the last one was a deal before: review 39c)
                deal_end = [s.text for s in story if s.start >= start] + [
                    f"{narrate.describe(ended, names, YOU)} These rules allow a throw-in for "
                    f"{OPTIONS['redeal'].phrase(g.rules.redeal)}."]
            else:
                deal_end = [s.text for s in story if s.kind == "end_of_deal"][-1:] or [
                    narrate.describe(ended, names, YOU)]
            status = (f"Deal {ended.deal} was thrown in." if ended.thrown_in else
                      f"Deal {ended.deal} is over. {standing(g.scores, names, g.rules)}")
            actions = [("next-deal", "Deal the next hand")]
        else:
            won = [e for e in g.events if isinstance(e, GameWon)][-1]
            result = narrate.describe(won, names, YOU)
            # (and how: it said only who won; review 39c)
            result_note = narrate.points_by_source(g.events, names, YOU)
            status = "The game is over."
            actions = [("new-game", "New game")]
        # The analysis of a finished deal takes a second or two in the browser: the state that
        # ends the deal shows a line saying it is being worked out, and the page then asks for
        # it ("analyse") while the reader reads the deal's account.
        analysed = self.ended_deal()
        pending = analysed is not None and ANALYSIS is not None and analysed not in self.analysed
        told_analysis = ""
        if pending:
            analysis = [ANALYSING]
            told_analysis = "What your cards cost in this deal is being worked out."
            self.told_analysis = None  # (a deal played again after Undo is told again: 44d)
        elif analysed is not None:
            analysis = self.analysis(analysed)
            if analysed != self.told_analysis and analysis:
                # (at the game's end it stands under the result: review 44d)
                under = "the result" if waiting == "over" else "the account of the deal"
                told_analysis = f"{analysis[0].strip()} The details are under {under}."
                self.told_analysis = analysed
        if self.hint:
            status += " " + self.hint
        # (at the end too: how the game was won, which the result line does not say; 39c)
        latest, latest_title = (self._latest(story, start) if waiting in ("you", "over")
                                else ([], ""))
        html = live_table_html(
            view, status=status, refusal=self.refusal, hint=self.hint_card, actions=actions,
            narration=lines, deal_end=deal_end, analysis=analysis, result=result,
            options_page=OPTIONS_PAGE, narration_note=_memory_note(g.rules),
            latest=latest, latest_title=latest_title, result_note=result_note)
        outcome = g.outcome
        return {
            "html": html,
            # (the account has just told the result: review 39c)
            "news": self.news(status, told_analysis),
            "waiting": waiting,
            "legal": [c.code for c in view.legal_plays],
            "hand": [c.code for c in view.hand],
            "scores": list(g.scores),
            "deal": g.deal_number,  # (a kept game's label says how far it went)
            "refused": self.refusal,
            # (whether Undo has anything of the reader's to take back: the page keeps a finished
            # game under a new name only then; review 46a)
            "undoable": g.has_decided(YOU),
            "hint": self.hint_card.code if self.hint_card is not None else None,
            "winner": outcome.winner if outcome else None,
            "result": result,
            "analysis_pending": pending,
            "record": record.dumps(g),
            # (its name as the menu offers it, "Beginner" for greedy: the kept game's label
            # said "against greedy" beside a table that said "Beginner"; review 39c)
            "opponent": {"kind": self.kind, "settings": self.settings,
                         "name": players.kind_name(self.kind)},
            # as text: a JSON number past 2**53 reaches the page rounded, and the seed shown
            # would deal another game
            "seed": str(g.seed),
            "rules": str(g.rules),
            "form": rules_form(g.rules),
        }


def your_turn(view: PlayerView) -> str:
    """What the table says when the reader is to play: to lead, any card; to follow, which
    suits the rules oblige the reader to play now and why the other cards are greyed, so that a
    reader new to the game knows what to tap before tapping a card that is refused.

    >>> from penneech import Game
    >>> game = Game("pagat", seed=7)
    >>> your_turn(game.view(game.to_move))
    'Your lead: play any card; it starts the trick, and the other player answers it.'
    """
    if not view.trick:
        return "Your lead: play any card; it starts the trick, and the other player answers it."
    led = view.trick[0][1].suit
    trumps = view.trumps
    assert trumps is not None
    obliged = view.rules.follow_duty(led, trumps).obliged
    held = sorted({c.suit for c in view.hand if c.suit in obliged}, key=lambda s: s.value)
    if len(view.legal_plays) < len(view.hand):
        return (f"Your turn: {led.noun} were led and you hold "
                f"{' and '.join(s.noun for s in held)}, so you must play "
                f"{view.rules.must_play(led, trumps)} (follow: {view.rules.follow}); "
                "the greyed cards (marked unavailable) may not be played now.")
    if obliged and not held:
        return f"Your turn: you hold no {led.noun}, the suit led, so you may play any card."
    return "Your turn: play any card to the trick."


def standing(scores: Sequence[int], names: Sequence[str], rules: Rules) -> str:
    """Who is ahead after a deal, in words, and how the game is won (:meth:`Rules.how_won`).

    >>> standing([16, 1], ["Reader", "Expert"], Rules.preset("pagat"))
    'You are ahead, 16 to 1; the first to 61 wins the game.'
    >>> print(standing([67, 67], ["Reader", "Expert"], Rules.preset("davis")))
    The scores are level, 67 to 67; after a deal, the higher score at or over 61 wins the game
    (equal scores play on).
    """
    you, other = scores[YOU], scores[COMPUTER]
    # (not "leads": to a reader new to the game, to lead is to play a trick's first card)
    lead = ("You are ahead" if you > other else f"{names[COMPUTER]} is ahead" if other > you
            else "The scores are level")
    return f"{lead}, {max(you, other)} to {min(you, other)}; {rules.how_won()}."


_CARD_TEXT = re.compile("[♠♥♦♣](?:10|[2-9JQKA])")
#: a card followed by a space and another card (a comma goes in between)
_CARD_RUN = re.compile("([♠♥♦♣](?:10|[2-9JQKA])) (?=[♠♥♦♣])")


def _sentence(text: str) -> str:
    """``text`` as a sentence of its own, to go before others: a capital, and a full stop.

    >>> _sentence("cannot play: the next deal has not been dealt")
    'Cannot play: the next deal has not been dealt.'
    """
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _spoken(text: str) -> str:
    """``text`` with each card named in words ("♥Q": "queen of hearts"), as a screen reader
    should say it.

    >>> _spoken("Trick 1: you lead the ♥Q, Expert plays the ♦7.")
    'Trick 1: you lead the queen of hearts, Expert plays the seven of diamonds.'

    A run of cards is said as a list (a hand thrown in was read as one run-on string of
    names; review 43a):

    >>> _spoken("(♠8 ♥8 ♣6)")
    '(eight of spades, eight of hearts, six of clubs)'
    """
    listed = _CARD_RUN.sub(r"\1, ", text)
    return _CARD_TEXT.sub(lambda m: parse_card(m.group(0)).name, listed)


def _memory_note(rules: Rules) -> str:
    """What the account of the deal is, where the rules turn the tricks face down: what the
    reader saw, which the club and expert players remember too (``past_tricks``)."""
    if rules.past_tricks == "open":
        return ""
    return (f"As you saw it played: under these rules "
            f"{OPTIONS['past_tricks'].phrase(rules.past_tricks)} (past_tricks), so this is what "
            "you remember of the deal, as the club and expert players remember it.")


def _last_deal_start(game: Game) -> int:
    """The index in the event log where the current (or last) deal begins."""
    events = game.events
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], Dealt):
            return i
    return 0


# -- the other live pages ------------------------------------------------------------------------


def _frames_json(game: Game, deals: Sequence[int] | None, per: str = "trick") -> list[str]:
    return [f.html for f in frames.frames_for(game, deals=deals, per=per)]


def compare(args: Mapping[str, Any]) -> dict[str, Any]:
    """One pack (from ``seed``) under every preset, or under each value of ``option`` on top of
    ``base``, played out by two players of ``players`` (by default the greedy player: the
    "simple computer player" of the book's comparison pages, as in their notebook widgets)."""
    seed = _int(args, "seed", 1, high=SEED_LIMIT - 1)
    assert seed is not None
    option = args.get("option") or None
    if option is not None and (not isinstance(option, str) or option not in OPTIONS):
        raise LiveError(f"unknown option {option!r}: the options are {', '.join(OPTIONS)}")
    base = str(args.get("base") or DEFAULT_PRESET)
    if base not in PRESETS:
        raise LiveError(f"unknown preset {base!r}: use one of {', '.join(PRESET_NAMES)}")
    kind = str(args.get("players") or "greedy")
    if kind not in players.FAIR_KINDS:
        raise LiveError(f"unknown player {kind!r}")
    try:
        # (the page sends its base with no option too: only an option is tried on it)
        books = frames.rulebooks(option, base=base if option is not None else None)
    except (ValueError, RulesError) as exc:
        raise LiveError(str(exc)) from None
    pack = frames.deal_pack(seed, books[0][1].deck)
    results = [frames.play_fixed(pack, r, label, kind, 0, ("Ann", "Ben"), 1)
               for label, r in books]
    columns = [{"label": res.label, "frames": _frames_json(res.game, [1])} for res in results]
    return {"seed": str(seed), "summary_html": frames.summary_html(results),
            "columns": columns}


@dataclass
class Replay:
    """A record being stepped through."""

    game: Game
    name: str


def _record_of(args: Mapping[str, Any]) -> tuple[Game, str]:
    name = str(args.get("name") or "record")
    try:
        text = _given_text(args, "text", name)
        return record.loads(text, name, size=_file_size(args)), name
    except record.RecordError as exc:
        raise LiveError(str(exc)) from None


def _given_text(args: Mapping[str, Any], key: str, name: str) -> str:
    """A record's text: ``args[key]``, or a file's bytes sent as ``file`` (base64), read as the
    command line reads a file (:func:`penneech.record.text_of`)."""
    data = args.get("file")
    if isinstance(data, str):
        try:
            raw = base64.b64decode(data, validate=True)
        except ValueError:
            raise LiveError(f"{name}: the file could not be read") from None
        return record.text_of(raw, name, size=_file_size(args))
    text = args.get(key)
    if not isinstance(text, str):
        raise LiveError("no record was given")
    return text


def _file_size(args: Mapping[str, Any]) -> int | None:
    """The size in bytes of the file a record was read from, as the page sends it."""
    size = args.get("bytes")
    return size if isinstance(size, int) and not isinstance(size, bool) else None


def replay_analysis(args: Mapping[str, Any]) -> dict[str, Any]:
    """The analysis of one deal of a record given as text (``deal``: its number): each costly
    choice of either player, with the best card, why, and the figures from what the player
    could see (worked out with the computer's seed in the game, as at the table), then what
    each choice cost."""
    from .analysis import KNOWN, analyse_deal, deal_numbers

    game, name = _record_of(args)
    numbers = deal_numbers(game)
    deal = args.get("deal")
    if not isinstance(deal, int) or isinstance(deal, bool) or deal not in numbers:
        played = ", ".join(str(n) for n in numbers) or "none"
        raise LiveError(f"{name}: deal {deal!r} has no cards played (deals played: {played})")
    report = analyse_deal(game, deal, seed=players.computer_seed(game.seed))
    head = (f"Deal {deal}: {report.cost_words()}, {KNOWN}."
            if report.plays else f"Deal {deal}: nobody had a choice to make.")
    lines = [head, *report.lines()]
    # (and each line as HTML, its cards named in words for a screen reader, as at the table:
    # the replay's were read "black spade suit 9"; review 44a)
    return {"deal": deal, "lines": lines,
            "lines_html": [words_html(line.strip()) for line in lines]}


def open_replay(args: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a record given as text: every frame of the game and the account in words, and
    the deals that can be analysed (:func:`replay_analysis`)."""
    from .analysis import deal_numbers

    game, name = _record_of(args)
    outcome = game.outcome
    title = f"{name}: {outcome}" if outcome else f"{name}: a game in progress ({game.scores[0]}" \
        f"-{game.scores[1]})"
    # (its text, for the analysis of a deal asked next: the page sent a file's bytes)
    # (the account as HTML only, its cards named in words: the page shows no other)
    return {"title": title, "frames": _frames_json(game, None),
            "narration_html": [words_html(line)
                               for line in narrate.narrate(game.events, game.names)],
            "over": game.is_over(), "deals": deal_numbers(game), "record": record.dumps(game)}


@dataclass
class Experiment:
    """A run of games between two computer players, played a few decisions at a time, so that
    the page can show progress and stop it even in the middle of a long game."""

    rules: Rules
    kinds: tuple[str, str]
    games: int
    seed: int
    results: list[GameResult] = field(default_factory=list)
    playing: SeatedGame | None = None

    def step(self, count: int, seconds: float = 0.5) -> None:
        """Play on until ``count`` more games are over or ``seconds`` have passed (after one
        decision at least).  A game left unfinished goes on at the next step, as it would have
        gone on: the games are those :func:`penneech.simulation.simulate` plays."""
        from . import simulation

        labels = simulation._labels(self.kinds)
        start = time.perf_counter()
        moved = False

        def out_of_time(_: Game | None = None) -> bool:
            return moved and time.perf_counter() - start > seconds

        def made(_: Game) -> None:
            nonlocal moved
            moved = True

        goal = min(self.games, len(self.results) + count)
        while len(self.results) < goal and not out_of_time():
            if self.playing is None:
                # (the games kept from a run gone on with are its first ones: see start_experiment)
                self.playing = simulation.seat_game(self.rules, self.kinds, len(self.results),
                                                    self.seed, labels=labels)
            players.drive(self.playing.game, self.playing.players, until=out_of_time,
                          after=made)
            if self.playing.game.is_over():
                self.results.append(self.playing.result())
                self.playing = None

    def progress(self) -> str:
        """Where the run is, in words: the games over and the one in play."""
        text = f"{len(self.results)} of {self.games} games"
        if self.playing is not None:
            game = self.playing.game
            scores = ", ".join(f"{name} {score}"
                               for name, score in zip(game.names, game.scores, strict=True))
            text += (f"; game {self.playing.number + 1} is in deal {game.deal_number}"
                     f" ({scores})")
        return text

    def state(self) -> dict[str, Any]:
        from . import simulation

        summaries = simulation.summarize(self.results)
        # (each figure also as the command line writes it, so that the page shows the same
        # figures: JavaScript rounded 62.25 up to 62.3 where Python writes 62.2; review 37b)
        rows = [{"player": s.player, "games": s.games, "wins": s.wins,
                 "win_rate": s.win_rate, "low": s.ci_low, "high": s.ci_high,
                 "mean_score": s.mean_score, "shown": simulation.shown_figures(s)}
                for s in summaries]
        return {"done": len(self.results), "total": self.games, "seed": str(self.seed),
                "rows": rows, "form": rules_form(self.rules), "note": self.note(),
                "rules": str(self.rules), "text": simulation.format_summary(summaries)
                if summaries else "", "finished": len(self.results) >= self.games,
                "progress": self.progress(), "unfinished": self.playing is not None}

    def note(self) -> str:
        """What the figures of a player against itself cannot say: where every pair of games
        (the same packs, the seats swapped) split one each, its 50% is set by the pairing, not
        measured (greedy, which plays the same cards from the same place, always splits them;
        review 37b); "" otherwise.

        >>> run = Experiment(Rules.preset("pagat"), ("greedy", "greedy"), 4, 1)
        >>> run.step(4, seconds=60)
        >>> run.note().startswith("Every pair of games split one each")
        True
        """
        if self.kinds[0] != self.kinds[1]:
            return ""
        winners: dict[int, list[str]] = {}
        for r in self.results:
            winners.setdefault(r.pair, []).append(r.winner_player)
        pairs = [w for w in winners.values() if len(w) == 2]
        if not pairs or any(a == b for a, b in pairs):
            return ""
        return ("Every pair of games split one each: the two players are of one kind and met "
                "the same packs from both seats, so the 50% is set by the pairing, not "
                "measured, and the interval says nothing about it.  A player that chooses "
                "alike in the same place (greedy) always splits its pairs.")


def start_experiment(args: Mapping[str, Any]) -> Experiment:
    kinds = args.get("players")
    if (not isinstance(kinds, Sequence) or isinstance(kinds, str) or len(kinds) != 2
            or not all(k in PLAYER_KINDS for k in kinds)):
        raise LiveError(f"players must be two of {', '.join(PLAYER_KINDS)}, not {kinds!r}")
    games = _int(args, "games", 100, low=1, high=MAX_EXPERIMENT_GAMES)
    seed = _int(args, "seed", 0, high=SEED_LIMIT - 1)
    assert games is not None and seed is not None
    games += games % 2  # duplicate pairs, as simulation.simulate plays them
    run = Experiment(rules_from(args.get("rules")), (str(kinds[0]), str(kinds[1])), games, seed)
    kept = args.get("games_so_far")
    if kept is not None:  # a run stopped on an earlier visit, which the reader goes on with
        run.results = _games_so_far(run, kept)
    return run


def _games_so_far(run: Experiment, kept: object) -> list[GameResult]:
    """The games a run had played when it stopped, as the page kept them (the CSV of
    ``experiment_results``): checked to be the first games of ``run``, so that the run goes on
    as it would have gone on (:func:`penneech.simulation.games_done`)."""
    from . import simulation

    cannot = "the run kept in this browser cannot be gone on with"
    if not isinstance(kept, str):
        raise LiveError(f"{cannot}: its games are not text")
    try:
        results = simulation.read_csv(io.StringIO(kept, newline=""))
        have = simulation.games_done(results, run.rules, simulation._labels(run.kinds), run.seed,
                                     run.games)
    except ValueError as exc:
        raise LiveError(f"{cannot}: {exc}") from None
    if sorted(have) != list(range(len(have))):
        raise LiveError(f"{cannot}: it lacks game {min(set(range(len(have))) - set(have))}")
    return [have[n] for n in range(len(have))]


#: Where the prompt's output goes as it is printed, besides the answer: the site's worker sets
#: it (:func:`set_output_hook`) to post each piece to the page, so that what a run printed is
#: still shown if the reader stops it.  ``None`` (natively): the output comes with the answer.
_output_hook: list[Callable[[str], None]] = []

#: The printed output is passed on at most this often (seconds), not at each ``print``.
OUTPUT_EVERY = 0.1


def set_output_hook(hook: Callable[[str], None] | None) -> None:
    """Pass the prompt's output, as it is printed, to ``hook`` (``None``: to nobody)."""
    _output_hook[:] = [hook] if hook is not None else []


#: The most a run's printed output shows, its end (characters); the page keeps as much of a run
#: it stops (``MAX_PRINTED`` in live.js).  A run that printed 50 million characters put them all
#: in the page, which took 21 s to show them (review 45a).
MAX_SHOWN_PRINTED = 100_000


def _last_printed(text: str, most: int = MAX_SHOWN_PRINTED) -> str:
    """The end of a run's printed ``text``, ``most`` characters of it, saying what was left out.

    >>> print(_last_printed("abcdefghij" * 3, most=12))
    … (the first 18 of the 30 characters printed are not shown)
    ijabcdefghij
    """
    if len(text) <= most:
        return text
    return (f"… (the first {len(text) - most:,} of the {len(text):,} characters printed are not "
            f"shown)\n{text[-most:]}")


class _Printed(io.StringIO):
    """The prompt's output, kept for the answer and passed to the output hook (if any) every
    :data:`OUTPUT_EVERY` seconds."""

    def __init__(self) -> None:
        super().__init__()
        self.passed = 0  # how much of the output the hook has had
        self.when = time.monotonic()

    def write(self, text: str) -> int:
        written = super().write(text)
        if _output_hook and time.monotonic() - self.when >= OUTPUT_EVERY:
            self.pass_on()
        return written

    def pass_on(self) -> None:
        value = self.getvalue()
        if _output_hook and len(value) > self.passed:
            _output_hook[0](value[self.passed:])
        self.passed = len(value)
        self.when = time.monotonic()


class Prompt:
    r"""The Python prompt: statements run in one namespace that starts with ``penneech``'s
    names; the value of a final expression is shown as the notebook would show it.

    The page stops a run that never ends by ending Python, so after each run it keeps the
    reader's names (:meth:`keep`) and gives them to the next Python (:meth:`restore`): the
    values pickled, the modules by name, and the functions and classes defined at the prompt by
    their code, run again.  A name that cannot be kept so (a lambda, a generator, an open file)
    is listed with the reason.

    >>> prompt = Prompt()
    >>> _ = prompt.run("import random as r\ndef double(x):\n    return 2 * x\n"
    ...                "game = Game('pagat', seed=3)\nsquare = lambda x: x * x")
    >>> kept = prompt.keep()
    >>> kept["kept_names"], kept["not_kept"]
    (['double', 'game', 'r'], {'square': 'a lambda: define it with def to keep it'})
    >>> again = Prompt()
    >>> again.restore(kept["kept"])["kept_names"]
    ['double', 'game', 'r']
    >>> again.run("print(double(len(game.hand(0))), r.__name__)")["stdout"]
    '14 random\n'

    The page also keeps them in the browser, for a later visit, whose reader may have run code
    before bringing them back: ``merge=True`` leaves the names the reader has made since as they
    are, and lists them (``yours``).

    >>> later = Prompt()
    >>> _ = later.run("game = 'mine'\nx = 1")
    >>> back = later.restore(kept["kept"], merge=True)
    >>> back["kept_names"], back["yours"]
    (['double', 'r'], ['game'])
    >>> later.run("print(game, x, double(x))")["stdout"]
    'mine 1 2\n'
    >>> later.restore("not what keep gave")
    Traceback (most recent call last):
    ...
    penneech.live.LiveError: the names kept could not be read back: the copy kept is damaged
    """

    def __init__(self) -> None:
        # the namespace is a module's, registered, so that pickle finds the functions and
        # classes defined at the prompt by their names, as it finds a library's
        self.module = types.ModuleType(_MODULE)
        sys.modules[_MODULE] = self.module
        self.namespace: dict[str, Any] = self.module.__dict__
        self.namespace["input"] = _no_input
        exec("import penneech\nfrom penneech import *", self.namespace)
        self._given = dict(self.namespace)
        #: the code of each function and class defined at the prompt, by name, in order
        self.definitions: dict[str, str] = {}

    def run(self, code: str) -> dict[str, Any]:
        out = _Printed()
        shown: dict[str, Any] = {"html": None, "text": None}
        try:
            tree = ast.parse(code, "<prompt>", "exec")
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) \
                else None
            assert last is None or isinstance(last, ast.Expr)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                for statement in tree.body:  # (one at a time, to know which definitions ran)
                    exec(compile(ast.Module([statement], []), "<prompt>", "exec"),
                         self.namespace)
                    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef,
                                              ast.ClassDef)):
                        self.definitions.pop(statement.name, None)
                        self.definitions[statement.name] = ast.unparse(statement)
                if last is not None:
                    value = eval(compile(ast.Expression(last.value), "<prompt>", "eval"),
                                 self.namespace)
                    if value is not None:
                        self.namespace["_"] = value
                        shown = _display(value)
            error = None
        except BaseException as exc:  # the reader's own code: report anything, as a prompt does
            error = _short_traceback(exc)
        return {"stdout": _last_printed(out.getvalue()), "error": error, **shown}

    def keep(self) -> dict[str, Any]:
        """The reader's names, to be given to :meth:`restore` in a new Python: ``kept`` (text),
        ``kept_names`` and ``not_kept`` (each name that could not be kept, and why)."""
        modules: dict[str, str] = {}
        values: dict[str, Any] = {}
        not_kept: dict[str, str] = {}
        for name in self._reader_names():
            value = self.namespace[name]
            if isinstance(value, types.ModuleType):
                modules[name] = value.__name__
            else:
                values[name] = value
        # Each name is pickled on its own, so that one that cannot be read back (its class
        # defined again otherwise, or not at all) loses no other; names that shared an object
        # get a copy each.
        pickled: dict[str, bytes] = {}
        for name, value in values.items():
            try:
                pickled[name] = self._pickled(value)
            except Exception as exc:  # (anything may fail in a reader's object)
                not_kept[name] = _why_not_kept(value, exc)
        total = 0
        for name in sorted(pickled, key=lambda n: len(pickled[n])):
            total += len(pickled[name])
            if total > KEEP_LIMIT:
                not_kept[name] = (f"too large to keep ({len(pickled[name]) / 1e6:.1f} MB); "
                                  f"at most {KEEP_LIMIT / 1e6:.0f} MB are kept in all")
        values = {n: pickled[n] for n in pickled if n not in not_kept}
        kept = {"format": KEEP_FORMAT, "modules": modules, "definitions": self.definitions,
                "values": values, "not_kept": not_kept}
        return {"kept": base64.b64encode(zlib.compress(pickle.dumps(kept), 1)).decode("ascii"),
                "kept_names": sorted([*modules, *values]), "not_kept": not_kept}

    def _reader_names(self) -> list[str]:
        """The names the reader's code made or changed (not those the prompt starts with)."""
        return [name for name, value in self.namespace.items()
                if not name.startswith("__")
                and not (name in self._given and self._given[name] is value)]

    def _pickled(self, value: object) -> bytes:
        """``value`` pickled, refusing a function or class of the prompt's that :meth:`restore`
        could not define again (one defined inside an ``if``, a loop or another function)."""
        out = io.BytesIO()
        _Keeper(out, self.definitions).dump(value)
        return out.getvalue()

    def restore(self, kept: str, *, merge: bool = False) -> dict[str, Any]:
        """Bring back the names :meth:`keep` kept (in this new prompt); ``kept_names`` (those
        brought back), and ``not_kept``: each name :meth:`keep` could not keep or this could
        not bring back.  With ``merge``, a name the reader has made in this prompt is left as it
        is (``yours`` lists those the kept names had too).  Raises :class:`LiveError`, with a
        sentence for the reader, if ``kept`` cannot be read at all.

        ``kept`` must come from :meth:`keep`: it is unpickled.  The page gives it back from its
        own memory (after a Stop) or from this site's own storage in the reader's browser, where
        only its own code wrote it; whoever could write there could run code at the prompt
        anyway."""
        data = _read_kept(kept)
        own = set(self._reader_names()) if merge else set()
        not_kept: dict[str, str] = {n: why for n, why in data["not_kept"].items()
                                    if n not in own}  # (those that could not be kept)
        for name, module in data["modules"].items():
            if name in own:
                continue
            try:
                self.namespace[name] = importlib.import_module(module)
            except Exception as exc:
                not_kept[name] = f"could not be imported again: {exc!r}"
        # A definition may need a value (a decorator or base class imported with from ... import)
        # and a value a definition (an instance of a class defined at the prompt): the values
        # that name nothing of the prompt's come first, then the definitions, then the other
        # values, and whatever failed is tried again while that brings more back.
        pending_values = {n: b for n, b in data["values"].items() if n not in own}
        pending_definitions = {n: src for n, src in data["definitions"].items() if n not in own}
        failed: dict[str, str] = {}

        def load_values(names: list[str]) -> bool:
            done = False
            for name in names:
                try:
                    self.namespace[name] = pickle.loads(pending_values[name])
                except Exception as exc:
                    failed[name] = f"could not be read back: {exc!r}"
                else:
                    del pending_values[name]
                    failed.pop(name, None)
                    done = True
            return done

        def run_definitions() -> bool:
            done = False
            for name, source in list(pending_definitions.items()):
                try:
                    exec(compile(source, "<prompt>", "exec"), self.namespace)
                except Exception as exc:
                    failed[name] = f"its definition failed when it was run again: {exc!r}"
                else:
                    self.definitions[name] = source
                    del pending_definitions[name]
                    failed.pop(name, None)
                    done = True
            return done

        load_values([n for n, b in pending_values.items() if _MODULE.encode() not in b])
        run_definitions()
        load_values(list(pending_values))
        while pending_values or pending_definitions:
            if not (run_definitions() | load_values(list(pending_values))):
                break
        not_kept.update(failed)
        values = {n: None for n in data["values"] if n not in pending_values}
        for name in data["definitions"]:  # a name defined once, then deleted, stays deleted
            if name not in values and name not in not_kept and name not in own:
                self.namespace.pop(name, None)
        kept_names = set(data["modules"]) | set(data["definitions"]) | set(values)
        return {"kept_names": sorted(set(self._reader_names()) - own),
                "not_kept": not_kept, "yours": sorted(own & kept_names)}


def _read_kept(kept: str) -> dict[str, Any]:
    """What :meth:`Prompt.keep` kept (its ``kept`` text), read back; :class:`LiveError` if it
    is damaged or was written in another form (by another version of the page)."""
    try:
        data = pickle.loads(zlib.decompress(base64.b64decode(kept, validate=True)))
    except Exception:  # (base64, zlib or pickle: any of them may fail on damaged text)
        raise LiveError("the names kept could not be read back: the copy kept is damaged"
                        ) from None
    if (not isinstance(data, dict) or data.get("format", 1) != KEEP_FORMAT
            or not all(isinstance(data.get(key), kind) for key, kind in (
                ("modules", dict), ("definitions", dict), ("values", dict),
                ("not_kept", dict)))
            or not all(isinstance(v, bytes) for v in data["values"].values())):
        raise LiveError("the names kept could not be read back: they were kept by another "
                        "version of this page, which this one cannot read")
    return data


#: The prompt's namespace is this module's.
_MODULE = "__live__"

#: The most the prompt's names may take, pickled, to be kept for a new Python after a Stop (they
#: are kept after every run, and pass from the worker to the page each time).
KEEP_LIMIT = 5_000_000

#: The form of what :meth:`Prompt.keep` keeps: the page keeps it in the browser for a later
#: visit, so a change to its form changes this number, and a newer page refuses an older form
#: with a sentence (those kept before this number existed are of form 1).
KEEP_FORMAT = 2  # (2: each name pickled on its own)


class _Keeper(pickle.Pickler):
    """A pickler that refuses what a new prompt could not find again by its name."""

    def __init__(self, file: io.BytesIO, defined: Mapping[str, str]) -> None:
        super().__init__(file)
        self.defined = defined

    def reducer_override(self, obj: Any) -> Any:
        if (isinstance(obj, (types.FunctionType, type))
                and getattr(obj, "__module__", None) == _MODULE
                and obj.__qualname__.split(".")[0] not in self.defined):
            raise _NotAtTopLevel(obj.__qualname__)
        return NotImplemented


class _NotAtTopLevel(pickle.PicklingError):
    """A function or class defined at the prompt, but not by a statement of its own."""


def _why_not_kept(value: object, exc: BaseException) -> str:
    what = str(exc) if isinstance(exc, _NotAtTopLevel) else None
    itself = what is not None and getattr(value, "__qualname__", None) == what
    if what == "<lambda>":
        return ("a lambda: define it with def to keep it" if itself
                else "it holds a lambda: define that with def to keep it")
    if what is not None:
        return (f"{'defined' if itself else f'it uses {what}, defined'} inside another "
                f"statement (an if, a loop, a with): define "
                f"{'it' if itself else 'that'} at the top level, not indented, to keep it")
    if isinstance(value, types.GeneratorType):
        return "a generator: make it again"
    kind = type(value).__name__
    return f"a {kind}, which cannot be kept ({type(exc).__name__}: {exc})"


def _no_input(prompt: object = "") -> str:
    """``input()`` at the page's prompt, where nobody can type an answer mid-run."""
    raise RuntimeError("input() cannot be answered at this prompt: put the value in the code "
                       "instead, e.g. name = 'Ann'")


def _display(value: Any) -> dict[str, Any]:
    for method in ("_repr_html_", "_repr_svg_"):
        draw = getattr(value, method, None)
        if callable(draw):
            html = draw()
            if isinstance(html, str):
                return {"html": html, "text": repr(value)}
    return {"html": None, "text": repr(value)}


def _short_traceback(exc: BaseException) -> str:
    """The traceback from the reader's own code on: the frames before the prompt's first (the
    parser's, for a syntax error) and this module's (the stand-in ``input``) are left out."""
    shown = traceback.TracebackException.from_exception(exc)
    frames = list(shown.stack)
    while frames and frames[0].filename != "<prompt>":
        frames.pop(0)
    shown.stack = traceback.StackSummary.from_list(
        [f for f in frames if f.filename != __file__])
    return "".join(shown.format()).rstrip()


# -- the dispatcher ------------------------------------------------------------------------------

_tables: dict[str, Table] = {}
_experiments: dict[str, Experiment] = {}
_prompt: list[Prompt] = []


def _table(args: Mapping[str, Any]) -> Table:
    key = str(args.get("table", "play"))
    if key not in _tables:
        raise LiveError("there is no game on this table yet: start a new game")
    return _tables[key]


def _new(args: Mapping[str, Any]) -> dict[str, Any]:
    rules = rules_from(args.get("rules"))
    seed = _int(args, "seed", None, high=SEED_LIMIT - 1)
    dealer_arg = args.get("dealer", "cut")
    dealer: Seat | None
    if dealer_arg in ("cut", None, ""):
        dealer = None
    elif str(dealer_arg) in ("0", "1"):
        dealer = YOU if str(dealer_arg) == "0" else COMPUTER
    else:
        raise LiveError(f"dealer must be 'cut', 0 (you) or 1 (the computer), not {dealer_arg!r}")
    kind = str(args.get("opponent") or DEFAULT_OPPONENT)
    # (the registry's kinds, not the whole catalogue: its measured strengths took seconds to
    # work out, on every new game)
    known = list(players.PLAYERS)
    if kind not in known:
        raise LiveError(f"unknown opponent {kind!r}: use one of {', '.join(known)}")
    settings = args.get("settings") or {}
    if not isinstance(settings, Mapping):
        raise LiveError("settings must be an object")
    if not _offered(kind, settings):
        raise LiveError(f"{dict(settings)!r} is not a strength of the {kind} player")
    given = args.get("names") or [DEFAULT_NAME]
    if not isinstance(given, list) or not 1 <= len(given) <= 2:
        raise LiveError("names must be a list of the reader's name (and the computer's)")
    names = [str(n).strip()[:40] for n in given]
    if len(names) == 1:
        names.append(players.kind_name(kind))
    # a blank name is the reader's default; a name that is the computer's is told apart
    names[0] = names[0] or DEFAULT_NAME
    names[0], names[1] = told_apart(names[0], names[1])
    try:
        check_names(names, ("your name", "the computer's name"))  # (said "two non-empty names")
        game = Game(rules, seed=seed, players=names, first_dealer=dealer, auto_deal=False)
    except GameError as exc:
        raise LiveError(str(exc)) from None
    table = Table(game, kind, dict(settings))
    _tables[str(args.get("table", "play"))] = table
    return table.state()


def _resume(args: Mapping[str, Any]) -> dict[str, Any]:
    """Go on with a game from its record (a saved game in progress, or a loaded record)."""
    name = str(args.get("name") or "saved game")
    try:
        game = record.loads(_given_text(args, "record", name), name, size=_file_size(args))
    except record.RecordError as exc:
        raise LiveError(str(exc)) from None
    opponent = args.get("opponent") or {}
    kind = str(opponent.get("kind") or DEFAULT_OPPONENT) if isinstance(opponent, Mapping) \
        else DEFAULT_OPPONENT
    if kind not in players.PLAYERS:
        kind = DEFAULT_OPPONENT
    saved = opponent.get("settings") if isinstance(opponent, Mapping) else None
    settings = dict(saved) if isinstance(saved, Mapping) else {}
    told = ""
    if (saved and not isinstance(saved, Mapping)) or not _offered(kind, settings):
        # (a save from another version of the page, or edited by hand: the game itself is
        # sound, so it goes on; a strength not on offer could take minutes a card)
        settings = {}
        told = (f"The saved opponent's strength is not one this page offers: the "
                f"{players.kind_name(kind)} player plays on at its usual strength.")
    if args.get("loaded"):
        # a record loaded from a file: the computer named after its kind plays on as that kind
        named = players.kind_named(game.names[COMPUTER])
        if named is not None and named in players.PLAYERS:
            if named != kind:
                settings = {}
            kind = named
            level = players.kind_name(kind)  # ("Beginner plays on as the Beginner player")
            told = f"{game.names[COMPUTER]} plays on" + (
                "." if game.names[COMPUTER].removesuffix(" (computer)") == level
                else f" as the {level} player.")
        else:
            told = (f"{told} " if told else "") + (
                f"The record does not say which computer player {game.names[COMPUTER]} was: "
                f"the {players.kind_name(kind)} player, chosen above, plays on.")
    if game.outcome is not None:  # (nothing plays on: the record's game is over)
        told = ("This game is over; to go through it card by card, or to see what each card "
                "cost, load it on the Replay a game record page.")
    table = Table(game, kind, settings)
    _tables[str(args.get("table", "play"))] = table
    return {**table.state(), "told": told}


def _offered(kind: str, settings: Mapping[str, Any]) -> bool:
    """Whether ``settings`` are those of a strength the page offers for the player ``kind``
    (:func:`_strengths`); none at all are its usual strength."""
    return not settings or dict(settings) in [s["settings"] for s in _strengths(kind)]


def _on_table(action: Callable[[Table, Mapping[str, Any]], None]
              ) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    def run(args: Mapping[str, Any]) -> dict[str, Any]:
        table = _table(args)
        action(table, args)
        return table.state()
    return run


def _run_of(args: Mapping[str, Any]) -> Experiment:
    """The experiment a request names (``run``), started before."""
    key = str(args.get("run", "run"))
    if key not in _experiments:
        raise LiveError("no experiment has been started")
    return _experiments[key]


def _experiment(args: Mapping[str, Any]) -> dict[str, Any]:
    if args.get("start"):
        _experiments[str(args.get("run", "run"))] = start_experiment(args)
    run = _run_of(args)
    count = _int(args, "step", MAX_EXPERIMENT_GAMES, low=0, high=MAX_EXPERIMENT_GAMES)
    assert count is not None
    try:
        run.step(count)
    except (ValueError, RulesError) as exc:
        raise LiveError(str(exc)) from None
    return run.state()


def _experiment_results(args: Mapping[str, Any]) -> dict[str, Any]:
    """The games of the run over so far, one CSV row each, as ``penneech simulate --out``
    writes them (:func:`penneech.simulation.read_csv` reads them back)."""
    from . import simulation

    run = _run_of(args)
    out = io.StringIO(newline="")
    simulation.write_csv(run.results, out)
    return {"csv": out.getvalue(), "games": len(run.results), "seed": str(run.seed),
            "rules": str(run.rules), "players": list(run.kinds)}


def _python(args: Mapping[str, Any]) -> dict[str, Any]:
    """Run the reader's code; the answer also holds the names kept for a new Python
    (:meth:`Prompt.keep`), which the page sends back with ``python_restore`` after a Stop."""
    if not _prompt:
        _prompt.append(Prompt())
    return {**_prompt[0].run(str(args.get("code", ""))), **_prompt[0].keep()}


def _python_restore(args: Mapping[str, Any]) -> dict[str, Any]:
    """The names an earlier prompt kept (``kept``, from ``python``) brought back: in a new
    prompt (after a Stop), or with ``merge`` into this one, leaving the names the reader has
    made in it (from the browser's storage, on a later visit).  ``again`` holds the names kept
    now, as ``python`` answers them, for a Stop after this."""
    kept = args.get("kept")
    if not isinstance(kept, str):
        raise LiveError("kept must be the text an answer to python gave")
    merge = bool(args.get("merge"))
    if not (merge and _prompt):
        _prompt[:] = [Prompt()]
    try:
        back = _prompt[0].restore(kept, merge=merge)
    except LiveError:
        raise
    except Exception as exc:  # (text from the page: whatever it holds, say so)
        raise LiveError(f"the names kept could not be read back: {exc!r}") from None
    return {**back, "again": _prompt[0].keep()}


#: Every operation by name.
OPERATIONS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "catalogue": lambda args: catalogue(),
    "new": _new,
    "resume": _resume,
    "play": _on_table(lambda t, a: t.play(str(a.get("card", "")))),
    "throw_in": _on_table(lambda t, a: t.throw_in(bool(a.get("claim")))),
    "computer": _on_table(lambda t, a: t.computer()),
    "next_deal": _on_table(lambda t, a: t.next_deal()),
    "hint": _on_table(lambda t, a: t.give_hint()),
    "analyse": _on_table(lambda t, a: t.analyse()),
    "undo": _on_table(lambda t, a: t.undo()),
    "state": _on_table(lambda t, a: None),
    "compare": compare,
    "replay": open_replay,
    "replay_analysis": replay_analysis,
    "experiment": _experiment,
    "experiment_results": _experiment_results,
    "python": _python,
    "python_restore": _python_restore,
}


#: The answers' fields that the page shows as text (``textContent``), not as HTML: the data in
#: them (players' names, a record's words, an error that quotes them) goes through
#: :func:`~penneech.text.terminal_safe`, the one path of the terminal's lines, so that a name's
#: bidirectional controls cannot reverse the rest of a line (the HTML beside it showed the same
#: name escaped; review 39d).  The prompt's output is the reader's own Python's, shown as printed.
TEXT_FIELDS: Final = frozenset({"error", "news", "refused", "told", "title", "lines", "note",
                                "progress"})


def _shown(value: Any) -> Any:
    if isinstance(value, str):
        return terminal_safe(value)
    if isinstance(value, list):
        return [_shown(v) for v in value]
    return value


def _text_made_safe(answer: Mapping[str, Any]) -> dict[str, Any]:
    return {k: _shown(v) if k in TEXT_FIELDS else v for k, v in answer.items()}


def handle(request: str) -> str:
    """Answer one request (JSON text) with JSON text; never raises for a bad request.  A
    byte-order mark (or more) at the start is allowed, as in a record."""
    try:
        if isinstance(request, str):
            request = request.lstrip("\ufeff")  # (json refuses it: "decode using utf-8-sig")
        args = json.loads(request)
        if not isinstance(args, dict):
            raise LiveError("a request must be a JSON object")
        op = args.get("op")
        if not isinstance(op, str) or op not in OPERATIONS:
            raise LiveError(f"unknown request {op!r}")
        answer = OPERATIONS[str(op)](args)
        if op != "python":  # (the prompt's output and error are the reader's own Python's)
            answer = _text_made_safe(answer)
    except LiveError as exc:
        return json.dumps({"ok": False, "error": terminal_safe(str(exc))})
    except json.JSONDecodeError as exc:
        return json.dumps({"ok": False, "error": f"the request is not JSON: {exc.msg}"})
    except Exception as exc:  # a defect: say so plainly, with where it happened
        return json.dumps({"ok": False, "error": f"internal error: {exc!r}",
                           "traceback": traceback.format_exc()})
    return json.dumps({"ok": True, **answer}, ensure_ascii=False)
