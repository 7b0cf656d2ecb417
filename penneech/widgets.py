"""Notebook widgets for the book: step through a played-out deal, compare rulebooks on one pack,
play the computer.  Needs the optional extra ``penneech[widgets]`` (ipywidgets); the engine never
imports this module.

The steppers work on a static web page with no kernel: every position is rendered in advance to
an ``HTML`` frame, the frames sit in a ``Stack``, and an ``IntSlider`` and a ``Play`` button are
joined to the stack with :func:`ipywidgets.jslink`, which runs in the browser.  Controls that need
Python (a new deal, other rules, playing a card) sit in an accordion titled "Needs a running
notebook", so on the static page they say so instead of silently doing nothing.

Every widget here shows a short, stable ``text/plain`` form (no model ids), so a notebook that
ends a cell with one passes nbval.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from . import frames as _frames
from . import players
from .cards import Card, CardError
from .frames import (
    DealResult,
    Frame,
    deal_pack,
    differences,
    frames_for,
    make_player,
    play_deal,
    play_fixed,
    play_out,
    player_kinds,
    summary_html,
)
from .game import (
    Game,
    GameError,
    IllegalPlayError,
    Phase,
    as_rules,
    check_names,
    check_seed,
    told_apart,
)
from .live import OPEN_AS_NOTEBOOK
from .narrate import card_text, outcome_text, points_by_source, steps
from .players import Player, computer_seed
from .render import table_html, words_html
from .rules import DEFAULT_PRESET, PRESET_NAMES, Rules, Seat
from .text import html_text, py_shown

__all__ = [
    "Frame",
    "Player",
    "make_player",
    "play_deal",
    "play_out",
    "frames_for",
    "deal_pack",
    "Stepper",
    "DealStepper",
    "DealResult",
    "compare",
    "Comparison",
    "PlayComputer",
    "KERNEL_NOTE",
]

KERNEL_NOTE = (
    "These controls run Python, so they need a running notebook: they work in this notebook "
    "while it runs (in your browser, or in Jupyter). On the book's web page they do nothing: "
    f"click \u201c{OPEN_AS_NOTEBOOK}\u201d at the top of the page to run it."
)
_NEEDS_KERNEL = "Needs a running notebook"


# -- the widgets ----------------------------------------------------------------------------------


class _Shown:
    """Base for the book's widgets: displays ``self.widget`` with a stable text form."""

    widget: Any

    def _text(self) -> str:  # pragma: no cover - overridden
        return type(self).__name__

    def __repr__(self) -> str:
        return self._text()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = self._text()
        return bundle


def _html(value: str) -> Any:
    return w.HTML(value=value)


class Stepper(_Shown):
    """Precomputed frames in a ``Stack``, stepped by a slider and a play button that are
    jslinked to it, so it works on a static page.  Several steppers can share one slider
    (see :func:`compare`).

    The slider counts from 1, as the frames' captions do ("Step 1 of 9"): the stack's first
    child is an empty placeholder that the slider never reaches, so that its value and the
    stack's index stay the same number (a jslink cannot add one)."""

    def __init__(self, frames: Sequence[Frame], *, title: str = "",
                 interval: int = 1800) -> None:
        if isinstance(frames, (str, bytes)) or not isinstance(frames, Sequence) or not all(
                isinstance(f, Frame) for f in frames):
            raise TypeError(f"frames must be a list of Frame (as penneech.frames makes them), "
                            f"not {py_shown(frames)}")
        self.frames: list[Frame] = list(frames)
        self.title = title
        self.stack = w.Stack(self._children(), selected_index=1)
        n = self._last()
        self.slider = w.IntSlider(value=1, min=1, max=n, description="Step",
                                  continuous_update=True,
                                  layout=w.Layout(width="24em"))
        self.play = w.Play(value=1, min=1, max=n, interval=interval, description="Play",
                           show_repeat=False)
        self._links = [w.jslink((self.play, "value"), (self.slider, "value")),
                       w.jslink((self.slider, "value"), (self.stack, "selected_index"))]
        self.head = _html(f"<strong>{html_text(title)}</strong>") if title else None
        self.controls = w.HBox([self.play, self.slider])
        self.widget = w.VBox([*([self.head] if self.head else []), self.controls, self.stack])

    def _children(self) -> list[Any]:
        frames = [_html(f.html) for f in self.frames] or [_html("")]
        return [_html(""), *frames]

    def _last(self) -> int:
        return max(len(self.frames), 1)

    @property
    def shown(self) -> Frame | None:
        """The frame the slider is on (``None`` when there are no frames)."""
        index = int(self.slider.value) - 1
        return self.frames[index] if 0 <= index < len(self.frames) else None

    def set_frames(self, frames: Sequence[Frame], title: str | None = None) -> None:
        """Replace the frames (with a kernel)."""
        self.frames = list(frames)
        n = self._last()
        self.slider.value = 1
        self.play.value = 1
        self.stack.children = self._children()
        self.stack.selected_index = 1
        self.slider.max = n
        self.play.max = n
        if title is not None:
            self.title = title
            if self.head is not None:
                self.head.value = f"<strong>{html_text(title)}</strong>"

    def _text(self) -> str:
        return f"Stepper: {len(self.frames)} frames" + (f" ({self.title})" if self.title else "")


def _accordion(children: Sequence[Any], title: str = _NEEDS_KERNEL) -> Any:
    box = w.VBox([_html(f"<em>{html_text(KERNEL_NOTE)}</em>"), *children])
    acc = w.Accordion(children=[box], selected_index=None)
    acc.set_title(0, title)
    return acc


#: The largest seed the widgets' number box takes (ipywidgets' page script fails on a larger
#: bound: 2**53 - 1 was seen to break the box in JupyterLite); a larger seed is shown cut to it.
_MAX_BOX = 2**31


class DealStepper(_Shown):
    """One deal (or a whole game) played by computer players, stepped trick by trick.

    With a kernel, the accordion "Needs a running notebook" deals again with another seed, other
    rules or other players.
    """

    def __init__(self, rules: Rules | str = DEFAULT_PRESET, *, seed: int = 1,
                 deal: int | None = 1,
                 players: str = "greedy", names: Sequence[str] = ("Ann", "Ben"),
                 per: str = "trick", first_dealer: Seat | None = 1,
                 controls: bool = True) -> None:
        if deal is not None and (isinstance(deal, bool) or not isinstance(deal, int)
                                 or deal < 1):
            raise ValueError(f"deal must be a whole number from 1 (or None for the whole game), "
                             f"not {deal!r}")
        self.per = per
        self.names = _two_names(names)
        self.first_dealer = first_dealer
        self.deal_no = deal
        self.game = self._play(rules, check_seed(seed), players)
        self.stepper = Stepper(self._frames(), title=self._title())
        parts: list[Any] = [self.stepper.widget]
        if controls:
            rules_obj = self.game.rules
            # rules that are no preset ("pagat,follow=free") stay on offer under their name
            choices = list(PRESET_NAMES)
            if rules_obj.preset_name is None:
                choices.insert(0, str(rules_obj))
            self.preset = w.Dropdown(options=choices,
                                     value=rules_obj.preset_name or str(rules_obj),
                                     description="Rules")
            self.seed = w.BoundedIntText(value=min(seed, _MAX_BOX), min=0, max=_MAX_BOX,
                                         description="Seed")
            self.note = _html("")
            kinds = player_kinds()
            self.kind = w.Dropdown(options=kinds if players in kinds else [players, *kinds],
                                   value=players,
                                   description="Players")
            button = w.Button(description="Deal again", button_style="primary")
            button.on_click(self._redeal)
            parts.append(_accordion([w.HBox([self.preset, self.seed]),
                                     w.HBox([self.kind, button]), self.note]))
        self.widget = w.VBox(parts)

    def _play(self, rules: Rules | str, seed: int, kind: str) -> Game:
        game = Game(rules, seed=seed, players=self.names, first_dealer=self.first_dealer)
        seats = [make_player(kind, seed=seed), make_player(kind, seed=seed + 1)]
        if self.deal_no is None:
            return play_out(game, seats)
        while game.deal_number < self.deal_no and game.phase is not Phase.OVER:
            if game.phase is Phase.DEAL:
                game.deal()
            play_deal(game, seats, throw_in=False)
        play_deal(game, seats, throw_in=False)
        return game

    def _frames(self) -> list[Frame]:
        deals = None if self.deal_no is None else [self.deal_no]
        frames = frames_for(self.game, deals=deals, per=self.per)
        if not frames:
            raise ValueError(f"deal {self.deal_no} was not played: the game (seed "
                             f"{self.game.seed}) ended after {self.game.deal_number} deals")
        return frames

    def _title(self) -> str:
        what = "the whole game" if self.deal_no is None else f"deal {self.deal_no}"
        return f"{what}, rules {self.game.rules}, seed {self.game.seed}"

    def _redeal(self, _button: Any = None) -> None:
        """Deal again with the controls' rules, seed and players; if that cannot be shown (the
        deal asked for is never reached), say so and keep what is shown."""
        shown = self.game
        try:
            self.game = self._play(self.preset.value, int(self.seed.value), self.kind.value)
            frames = self._frames()
        except (ValueError, GameError) as exc:
            self.game = shown
            self.note.value = html_text(f"Not dealt again: {exc}.")
            return
        self.note.value = ""
        self.stepper.set_frames(frames, title=self._title())

    def narration(self) -> list[str]:
        """Every line of narration of the frames, in order."""
        return [line for f in self.stepper.frames for line in f.notes]

    def _text(self) -> str:
        return f"DealStepper: {self.stepper._text()}"


# -- one pack under several rulebooks -------------------------------------------------------------


class Comparison(_Shown):
    """The same pack dealt under several rulebooks, side by side (see :func:`compare`)."""

    def __init__(self, deck: Sequence[Card], rulebooks: Sequence[tuple[str, Rules]], *,
                 players: str = "greedy", seed: int = 0,
                 names: Sequence[str] = ("Ann", "Ben"), dealer: Seat = 1,
                 per: str = "trick", varied: str | None = None) -> None:
        self.deck = tuple(deck)
        self.varied = varied
        if not rulebooks:  # (max() of an empty sequence, from inside)
            raise ValueError("a comparison needs at least one rulebook")
        self.results = [play_fixed(self.deck, r, label, players, seed, names, dealer)
                        for label, r in rulebooks]
        frame_lists = [frames_for(res.game, deals=[1], per=per) for res in self.results]
        n = max(len(f) for f in frame_lists)
        self.steppers: list[Stepper] = []
        for res, frames in zip(self.results, frame_lists, strict=True):
            padded = frames + [frames[-1]] * (n - len(frames))
            self.steppers.append(Stepper(padded, title=res.label))
        # one slider and one play button drive every stack
        lead = self.steppers[0]
        self._links = [w.jslink((lead.slider, "value"), (s.stack, "selected_index"))
                       for s in self.steppers[1:]]
        cells = [w.VBox([_html(f"<strong>{html_text(s.title)}</strong>"), s.stack],
                        layout=w.Layout(width="50%", min_width="22em"))
                 for s in self.steppers]
        grid = w.Box(cells, layout=w.Layout(display="flex", flex_flow="row wrap"))
        self.widget = w.VBox([_html(self.summary_html()), lead.controls, grid])

    def summary_html(self) -> str:
        """A table: tricks and points of each player under each rulebook, by where they came
        from."""
        return summary_html(self.results)

    def rows(self) -> list[dict[str, Any]]:
        """The results as plain rows (for printing or testing)."""
        names = self.results[0].game.names
        return [{"rules": r.label, names[0]: r.points[0], names[1]: r.points[1],
                 "tricks": f"{r.tricks[0]}-{r.tricks[1]}"} for r in self.results]

    def differences(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """The options on which the rulebooks differ: (option, question, [(label, value's
        description from :data:`~penneech.rules.OPTIONS`)])."""
        return differences(self.results)

    def differences_html(self) -> str:
        """:meth:`differences` as an HTML list."""
        items = []
        for name, question, described in self.differences():
            inner = "".join(f"<li><strong>{html_text(label)}</strong>: {html_text(d)}</li>"
                            for label, d in described)
            items.append(f"<li><code>{name}</code>: {html_text(question)}<ul>{inner}</ul></li>")
        return f"<ul>{''.join(items)}</ul>"

    def _text(self) -> str:
        parts = "; ".join(
            f"{r.label}: {r.points[0]}-{r.points[1]} points, {r.tricks[0]}-{r.tricks[1]} tricks"
            for r in self.results)
        return f"Comparison of one pack: {parts}"


def compare(deck: Sequence[Card] | int, rulebooks: Sequence[str | Rules] | None = None, *,
            option: str | None = None, base: str | None = None, players: str = "greedy",
            seed: int = 0, names: Sequence[str] = ("Ann", "Ben"), dealer: Seat = 1,
            per: str = "trick") -> Comparison:
    """Deal one pack (a card list, or a seed to shuffle one) under several rulebooks and play
    it out with the same players, throw-ins declined.

    Give ``rulebooks`` (presets or :class:`Rules`; default: every preset), or ``option`` to
    compare every value of one option on top of ``base`` (a preset, ``"pagat"`` if not given;
    ``base`` without ``option`` is refused).
    """
    books = _frames.rulebooks(option, base=base, presets=rulebooks)
    size = books[0][1].deck
    if isinstance(deck, bool) or not isinstance(deck, (int, list, tuple)):
        raise ValueError(f"deck must be a seed (a whole number) or a list of cards, not "
                         f"{type(deck).__name__}")
    pack = deal_pack(deck, size) if isinstance(deck, int) else tuple(deck)
    return Comparison(pack, books, players=players, seed=check_seed(seed), names=names,
                      dealer=dealer,
                      per=per, varied=option)


def _two_names(names: object) -> tuple[str, str]:
    """Two players' names, as ``names=`` gives them (checked as a game checks them)."""
    if not isinstance(names, (list, tuple)) or len(names) != 2 or not all(
            isinstance(n, str) for n in names):
        raise ValueError(f"names must be two names, such as ('Ann', 'Ben'), not "
                         f"{py_shown(names)}")
    return check_names(names, ("the first of names", "the second of names"))


# -- play the computer ----------------------------------------------------------------------------


def _resumed(path: object) -> Game:
    """The game recorded in ``path``, to go on with; a clear error for a file that cannot be
    read, that is no record, or whose game is over."""
    from .record import RecordError, load

    if not isinstance(path, str) or not path.strip():
        raise ValueError(f"resume must be the name of a record file, such as "
                         f"'penneech-game-11.json', not {py_shown(path)}")
    try:
        game = load(path)
    except RecordError as exc:
        raise ValueError(str(exc)) from None
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    if game.outcome is not None:
        raise ValueError(f"the game in {path} is over ({outcome_text(game.outcome)}): there is "
                         f"nothing to play on; replay it with penneech replay")
    return game


class PlayComputer(_Shown):
    """Play a game against a computer player, with cards as buttons (needs a kernel).

    A refused card is explained with the engine's :class:`~penneech.game.IllegalPlayError`
    message; the score is shown as it is pegged.  Above the board, a recorded sample deal (the
    computer against itself) can be stepped on a static page.

    Nothing is lost: "New game" in the middle of a game asks to be pressed again; a game set
    aside or finished is kept in :attr:`kept` and its record (``penneech-record/1``) saved
    beside the notebook; "Save the game" writes it there at any time, never over a file.  The
    game lives in the running notebook, which a reload or a restart ends: ``resume=`` a saved
    record goes on with it, with its own rules, seed, names and opponent (review 46d).
    """

    def __init__(self, rules: Rules | str = DEFAULT_PRESET, *, seed: int = 1,
                 opponent: str = players.DEFAULT_OPPONENT, you: str = "You",
                 computer: str = "Computer", sample: bool = True,
                 resume: str | None = None) -> None:
        resumed = _resumed(resume) if resume is not None else None
        named: str | None = None
        if resumed is not None:  # (the record's own settings, as penneech play --resume)
            rules, seed = resumed.rules, resumed.seed
            you, computer = resumed.names
            named = players.kind_named(computer)
            opponent = named or opponent
        # (None failed inside with an AttributeError; "pagat,follow=free" was "unknown preset")
        self.rules = as_rules(rules)
        for what, name in (("you", you), ("computer", computer)):
            if not isinstance(name, str):  # (None failed inside, adding " A" to it)
                raise TypeError(f"{what} must be a name, such as 'Ann', not {py_shown(name)}")
        self.names = told_apart(you, computer)
        if not isinstance(opponent, str) or players.LEVELS.get(opponent, opponent) \
                not in players.PLAYER_KINDS:
            # (a list failed on a hash, NaN in the menu's widget)
            known = dict.fromkeys([*players.PLAYER_KINDS, *players.LEVELS])
            raise ValueError(f"opponent must be a player kind or a level, one of "
                             f"{', '.join(known)}, not "
                             f"{py_shown(opponent)}")
        opponent = players.LEVELS.get(opponent, opponent)  # a level names its kind
        self.opponent_kind = opponent
        self.seed = check_seed(seed)  # (None failed later, at "New game")
        self.status = _html("")
        self.board = _html("")
        self.log = _html("")
        self.hand_box = w.HBox([])
        self.choice_box = w.HBox([])
        self.new_button = w.Button(description="New game")
        self.new_button.on_click(lambda _b: self.ask_new_game())
        self.save_button = w.Button(description="Save the game",
                                    tooltip="write this game's record beside the notebook")
        self.save_button.on_click(lambda _b: self.save())
        #: the games left unfinished for a new one, oldest first
        self.kept: list[Game] = []
        self._confirming = False
        menu = players.opponent_menu()
        if opponent not in [kind for _, kind in menu]:
            menu = [(opponent, opponent), *menu]
        self.opponent_choice = w.Dropdown(
            options=menu, value=opponent,
            description="Opponent", tooltip="the computer player of your next new game")
        self.opponent_note = _html("")
        self.opponent_choice.observe(lambda _change: self._describe_opponent(), names="value")
        self._describe_opponent()
        self.review = _html("")
        self.reviewed: set[int] = set()
        live = w.VBox([self.status, self.board, self.hand_box, self.choice_box, self.log,
                       self.review,
                       w.HBox([self.new_button, self.save_button, self.opponent_choice]),
                       self.opponent_note])
        parts: list[Any] = []
        self.sample: DealStepper | None = None
        if sample:
            self.sample = DealStepper(self.rules, seed=seed, names=(computer + " A",
                                                                      computer + " B"),
                                      players=opponent, controls=False)
            parts += [_html("<strong>A recorded deal</strong> (the computer against itself; "
                            "step through it here, no kernel needed):"),
                      self.sample.widget]
        parts.append(_accordion([live], title=f"Play the computer: {_NEEDS_KERNEL.lower()}"))
        self.widget = w.VBox(parts)
        self.new_game(seed)
        if resumed is not None:
            self.game = resumed
            self.reviewed = {n for n in range(1, resumed.deal_number)}  # (reviewed before)
            self.message = (f"Your game from {resume} goes on, at deal "
                            f"{resumed.deal_number}, against the "
                            f"{players.kind_label(self.opponent_kind)}"
                            + (" the record names." if named else
                               " (the record does not say which played: opponent= chooses).")
                            )
            self._advance()

    # the game ------------------------------------------------------------------------------

    def ask_new_game(self) -> str:
        """The "New game" button.  In the middle of a game in which you have made a choice, the
        first press says so and asks for a second; a game set aside, or finished, is kept in
        :attr:`kept` and saved to a file (its name is shown) before the next seed's game
        starts.  Returns the message shown."""
        g = self.game
        yours = g.has_decided(0)
        if yours and not g.is_over() and not self._confirming:
            self._confirming = True
            a, b = g.scores
            self.message = (f"Your game (seed {g.seed}, {a}–{b}) is not finished.  Press New "
                            "game again to start another: this one will be saved to a file "
                            "first.")
            self._refresh()
            return self.message
        kept = ""
        if yours:
            self.kept.append(g)
            kept = self._save(g, None)
        self.new_game(self.seed + 1)
        if kept:
            self.message = f"Your last game: {kept[:1].lower()}{kept[1:]}"
            self._refresh()
        return self.message

    def save(self, path: str | None = None) -> str:
        """Write the game's record to ``path`` (a file, or a folder to write it in; by default
        ``penneech-game-SEED.json`` in the current folder, the notebook's), never over a file
        already there; returns the message shown, which names the file."""
        self.message = self._save(self.game, path)
        self._confirming = False
        self._refresh()
        return self.message

    def _save(self, game: Game, path: str | None) -> str:
        import os

        from .files import unused_path
        from .record import save

        default = f"penneech-game-{game.seed}.json"
        wanted = os.path.expanduser(path) if path is not None else default
        if not wanted.strip():
            return "Not saved: give a file name (or nothing, for " + default + ")."
        if os.path.isdir(wanted):
            wanted = os.path.join(wanted, default)
        try:
            written = save(game, unused_path(wanted))
        except OSError as exc:
            return f"Not saved: {wanted}: {exc.strerror or exc} (the game is kept here)."
        import sys

        where = (" in this browser's storage (the file browser on the left can download it)"
                 if sys.platform == "emscripten" else " beside this notebook")
        return (f"Saved to {written}{where}.  Go on with it here with "
                f"PlayComputer(resume={str(written)!r}), or with penneech play --resume; "
                f"replay it with penneech replay.")

    def new_game(self, seed: int) -> None:
        """Start a new game (you are player 0)."""
        self._confirming = False
        self.seed = seed
        self.opponent_kind = str(self.opponent_choice.value)
        self.game = Game(self.rules, seed=seed, players=self.names)
        self.opponent = make_player(self.opponent_kind, seed=computer_seed(seed))
        self.message = ""
        self.reviewed = set()
        self.review.value = ""
        self._advance()

    def _advance(self) -> None:
        """Let the computer move until it is your turn or the game is over."""
        players.drive(self.game, [None, self.opponent], after=lambda _g: self._review())
        self._review()
        self._refresh()

    def _describe_opponent(self) -> None:
        lines = players.describe(str(self.opponent_choice.value), self.rules)
        self.opponent_note.value = "<br>".join(html_text(line) for line in lines)

    def _review(self) -> None:
        """When a deal has ended, show what each of your cards cost (:mod:`penneech.analysis`)."""
        from .analysis import analyse_deal
        from .events import DealEnded, GameWon, Played

        deal = 0
        for event in self.game.events:
            if isinstance(event, Played):
                deal = event.deal
            ended = (isinstance(event, DealEnded) and not event.thrown_in) or isinstance(
                event, GameWon)
            if ended and deal and deal not in self.reviewed:
                self.reviewed.add(deal)
                report = analyse_deal(self.game, deal, seed=computer_seed(self.seed))
                self.analysis = report
                self.review.value = "<br>".join(words_html(line) for line in report.review(0, 0))

    def click(self, card: Card | str) -> str:
        """Play ``card`` for you; return the message shown (a refusal explains why)."""
        self._confirming = False
        try:
            self.game.play_for(0, card)
        except IllegalPlayError as exc:  # forbidden: told to you, cards as the table shows them
            self.message = f"Refused: {exc.told_to(0, symbols=True)}"
        except (GameError, CardError) as exc:  # not now, or not a card
            self.message = f"Refused: {exc}"
        else:
            self.message = ""
            self._advance()
            return self.message
        self._refresh()
        return self.message

    def answer_throw_in(self, claim: bool) -> None:
        """Say whether you throw in your hand."""
        if self.game.phase is Phase.THROW_IN and self.game.to_move == 0:
            self.message = ""
            self._confirming = False
            self.game.throw_in(claim)
            self._advance()

    def _refresh(self) -> None:
        g = self.game
        a, b = g.scores
        if g.outcome is not None:
            # where the points came from, as the terminal and the live table say; told to "you"
            # whatever the name, as the deal's review and the log are ("Ann wins … you 61"
            # mixed the two; review 41d)
            state = (f"Game over: {outcome_text(g.outcome, 0)}. "
                     f"{points_by_source(g.events, g.names, 0)}")
        elif g.phase is Phase.THROW_IN:
            state = "Your hand may be thrown in: throw it in, or keep it?"
        else:
            state = "Your turn: click a card."
        self.status.value = (f"<strong>{html_text(self.names[0])} {a} · "
                             f"{html_text(self.names[1])} {b}</strong> "
                             f"(game is {g.rules.target}) — {words_html(state)}"
                             + (f"<br><span style='color:#a00'>{html_text(self.message)}</span>"
                                if self.message else ""))
        self.board.value = table_html(g, reveal=False)
        legal = set(g.legal_plays()) if g.to_move == 0 else set()
        buttons = []
        for card in sorted(g.hand(0)):
            b_ = w.Button(description=card_text(card), tooltip=card.name,
                          layout=w.Layout(width="3.6em"),
                          button_style="info" if card in legal else "")
            b_.on_click(self._clicker(card))
            buttons.append(b_)
        self.hand_box.children = buttons
        if g.phase is Phase.THROW_IN and g.to_move == 0:
            yes = w.Button(description="Throw in")
            no = w.Button(description="Keep")
            yes.on_click(lambda _b: self.answer_throw_in(True))
            no.on_click(lambda _b: self.answer_throw_in(False))
            self.choice_box.children = [yes, no]
        else:
            self.choice_box.children = []
        recent = [s.text for s in steps(g.events, g.names, 0)][-6:]
        self.log.value = "<br>".join(words_html(line) for line in recent)

    def _clicker(self, card: Card) -> Callable[[Any], None]:
        def on_click(_button: Any) -> None:
            self.click(card)
        return on_click

    def _text(self) -> str:
        return (f"PlayComputer: {self.names[0]} v {self.names[1]} ({self.opponent_kind}), "
                f"rules {self.rules}, seed {self.seed}")
