"""``penneech play``: play the computer in the terminal.

You are seat 0 (``--name``, default "You", told in the second person); the computer is seat 1,
named after its kind (``--opponent``, default :data:`~penneech.players.DEFAULT_OPPONENT`).
Before each of your plays the table is shown: your hand suit by suit, trumps, the card led to
this trick, the last trick, the scores and the tricks taken; everything that happened since your
last decision is told in plain English (:mod:`penneech.narrate`).  Type a card (``AS``, ``10D``,
``td``, ``♦7``, ``7♦``, or in words: ``7 h``, ``seven of hearts``), ``?`` or ``help`` for your
legal plays, ``hint`` for a suggestion, ``rules`` for this game's rules or ``rules OPTION``
for one of them (a refused card names the option that forbids it), or ``quit``.

The game is recorded (``penneech-record/1``) to ``--save FILE``, by default
``penneech-game-<seed>.json`` in the current directory, and saved again after every move (each
save replaces the last in one step: :func:`penneech.files.atomic_write`).  A file that is already
there is never replaced: the game is saved under a new name, which is shown; nor is one that
changed since the game read it or last saved it (the same record played on in two terminals at
once): the game is saved to a new name beside it from then on, and told on stderr.  If a save fails
(a full disk, say) you are told and the game goes on; if the last save fails, the game is saved
to a new file in the current folder (or the temporary folder), or if that fails too its record
is printed on stderr so that it can still be kept.

``--resume FILE`` goes on with a game saved by ``play`` (or by the book's live table): the rules,
the seed and the names are the record's, the computer plays as the kind its name says (or
``--opponent``), and the game is saved back to FILE (or to ``--save``; a FILE made read-only is left
alone, and the game saved to a new file beside it) after every move, as it then stands: the record
grows as the game goes on, and ``undo`` takes the cards it takes back out of FILE too, even cards
played before the resume.  With the seed kept in the record, the deals to come are the ones the
game would have had.

Exit status: 0 when the game is finished, or stopped by ``quit`` or the end of input; 130 after
Ctrl-C; 129 when the terminal is closed (SIGHUP, or reading or writing it fails with EIO: then
nothing more is printed), 143 on SIGTERM, 141 when the output is closed
(a broken pipe): the game so far is on disk in every case.  2 for a game that cannot be saved at
the start, or whose last save fails (``error: …`` on stderr, which says where the game was kept
instead: a new file in the current folder or the temporary folder, or, if nothing can be
written, the record itself).

The same ``--seed`` gives the same deals and the same decisions by the computer.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shlex
import signal
import stat
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from . import record
from .cards import (
    _RANK_NAMES,
    _SUIT_BY_CHAR,
    RANK_CHARS,
    Card,
    CardError,
    Suit,
    format_cards,
    parse_card,
)
from .events import DealEnded, Dealt, GameWon, Played
from .explain import describe_option, describe_preset, find_option, reading_of
from .files import keep_elsewhere, left_alone, unused_path
from .game import Game, GameError, Phase, PlayerView, taken_back_text, told_apart
from .narrate import card_text, outcome_text, points_by_source, steps
from .players import (
    DEFAULT_OPPONENT,
    LEVELS,
    Player,
    computer_seed,
    describe,
    drive,
    hint,
    kind_name,
    kind_named,
    make_player,
)
from .rules import OPTIONS, Rules, Seat, next_dealer_words
from .text import shorten, terminal_safe

__all__ = ["PlayOptions", "run", "hand_text", "read_card", "Stop", "STATUS"]

#: Exit statuses by how the game stopped.
STATUS = {"finished": 0, "quit": 0, "end of input": 0, "Ctrl-C": 130, "the terminal closed": 129,
          "a stop signal (SIGTERM)": 143, "the output closed": 141}

#: What a line that could not be decoded holds: U+FFFD (``errors="replace"``) or the lone
#: surrogates of ``errors="surrogateescape"`` (Python's reading of a C locale).
_UNREADABLE = re.compile("[\ufffd\udc80-\udcff]")

#: What stops the game (it is saved) at any question.
_QUIT = ("quit", "exit", "q")

_HELP_COMMANDS = (
    "Commands: type a card to play it (AS, 10D, td, ♦7, 7♦ or seven of diamonds); ? or help: "
    "this list; hint: a suggestion; undo: take back your last card and the computer's reply; "
    "rules: this game's rules, and rules OPTION (as in rules follow) one rule with Cotton's "
    "words; quit: stop here (the game is saved)."
)
#: What takes back the player's last decision.
_UNDO = ("undo", "u", "back", "take back")


class _TakeBack(Exception):
    """The player asked to take back their last decision (raised out of the game's loop, which
    takes it back and goes on)."""


class Stop(Exception):
    """The game stops before its end: ``reason`` is a key of :data:`STATUS`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class PlayOptions:
    """What ``penneech play`` was asked for."""

    rules: Rules
    #: a kind or level; ``None``: the default, or for a resumed game the kind its name says
    opponent: str | None
    seed: int | None = None
    save: str | None = None
    name: str = "You"
    #: after each deal, show what each of the human's cards cost (:mod:`penneech.analysis`)
    analysis: bool = True
    #: a record to go on with (a game saved by ``play`` or by the live table); its rules, seed
    #: and names are the game's, and it is saved back to the same file
    resume: str | None = None


# -- the human at the keyboard ----------------------------------------------------------------


class _Terminal:
    """The human player (seat 0) at a text terminal: a :class:`~penneech.players.Player` that
    answers by asking, and shows the table and the news before each question."""

    def __init__(self, game: Game, stdin: TextIO, stdout: TextIO, *,
                 analysis: bool = True) -> None:
        self.game = game
        self.analysis = analysis
        self.reviewed: set[int] = set()  # deals whose analysis has been shown
        self.name = game.names[0]
        self.stdin = stdin
        self.stdout = stdout
        self.told = 0  # events told so far
        self.you: Seat = 0  # (told "you" whatever the name, as the live table tells it; 39c)
        # piped input is not echoed by a terminal: echo it so that the transcript reads well
        isatty = getattr(stdin, "isatty", None)
        self.echo_input = not (isatty is not None and isatty())
        # bytes that the input's encoding cannot decode (an ASCII or Latin-1 locale, a ♦ typed
        # into it) are read as U+FFFD and refused by ask(), never a crash
        reconfigure = getattr(stdin, "reconfigure", None)
        if reconfigure is not None and getattr(stdin, "errors", None) == "strict":
            with contextlib.suppress(ValueError, OSError, AttributeError):
                reconfigure(errors="replace")

    # output ---------------------------------------------------------------------------------

    def say(self, text: str = "", *, wrap: bool = True) -> None:
        """Print one line (control characters from names or records shown escaped), wrapped
        between words to the terminal's width when it is a terminal; not with ``wrap=False``
        (a command to paste into a shell, which a break would cut in two)."""
        line = terminal_safe(text)
        width = terminal_width(self.stdout) if wrap else None
        if width is not None and len(line) > width:
            indent = " " * (len(line) - len(line.lstrip(" ")))
            line = textwrap.fill(line, width=width, subsequent_indent=indent + "  ",
                                 break_long_words=False, break_on_hyphens=False)
        self.stdout.write(line + "\n")

    def ask(self, prompt: str) -> str:
        """One line typed in answer to ``prompt``, stripped; a line that cannot be read as text
        is refused (with a message) and the question asked again."""
        while True:
            self.stdout.write(prompt)
            self.stdout.flush()
            try:
                line = self.stdin.readline()
            except UnicodeDecodeError:  # (an input that could not be set to replace them)
                line = "\ufffd\n"
            except OSError:
                # EIO: the terminal went away (its window closed, the ssh connection dropped)
                # before SIGHUP arrived, or without it; the input is gone for good
                raise Stop("the terminal closed") from None
            if not line:
                self.stdout.write("\n")
                raise Stop("end of input")
            if self.echo_input:
                self.stdout.write(terminal_safe(line.rstrip("\n")) + "\n")
            if not _UNREADABLE.search(line):
                return line.strip()
            encoding = getattr(self.stdin, "encoding", None) or "the input's encoding"
            self.say(f"That line could not be read: it is not {encoding} text, the encoding "
                     "of this terminal.  Type cards in letters (AS, 10D, 7D) and answers in "
                     "plain words.")

    def resume(self) -> None:
        """Going on with a saved game: tell again only the deal in progress, and review only
        the deals still to end."""
        events = self.game.events
        start = max((i for i, e in enumerate(events) if isinstance(e, Dealt)), default=0)
        self.told = start
        self.reviewed = {e.deal for e in events[:start] if isinstance(e, Played)}
        if self.game.phase is Phase.DEAL:  # saved between deals (by the live table)
            self.reviewed |= {e.deal for e in events if isinstance(e, Played)}
            self.told = len(events)

    def tell_news(self, upto: int | None = None) -> None:
        """Tell, in plain English, every complete step since the last one told (up to event
        number ``upto``, if given)."""
        game = self.game
        for step in steps(game.events, game.names, self.you):
            if step.end <= self.told or step.kind == "lead":
                continue
            if upto is not None and step.end > upto:
                break
            if step.kind == "deal":
                self.say()
            self.say(step.text)
            self.told = step.end
        self.stdout.flush()

    def show_table(self, view: PlayerView) -> None:
        names = self.game.names
        # (the scores told to "you" too, as the account above them is; review 41d)
        me, them = "you", names[1 - self.you]
        trumps = view.trumps
        self.say()
        if trumps is not None and view.trump_card is not None:
            self.say(f"Deal {view.deal}, trick {view.trick_number}: {trumps.noun} are trumps "
                     f"({card_text(view.trump_card)} turned up).")
        if view.tricks_played:
            last = view.tricks_played[-1]
            lead, follow = last.cards
            other = 1 - last.leader
            def who(seat: int, *, first: bool = False) -> str:
                if seat != self.you:
                    return names[seat]
                return "You" if first else "you"

            self.say(f"Last trick: {who(last.leader, first=True)} led {card_text(lead)}, "
                     f"{who(other)} played {card_text(follow)}; {who(last.winner)} took it.")
        a, b = view.scores
        ta, tb = view.tricks_won
        self.say(f"Scores: {me} {a}, {them} {b} (game at {view.rules.target}).  "
                 f"Tricks this deal: {me} {ta}, {them} {tb}.")
        if view.trick:
            leader, card = view.trick[0]
            self.say(f"{names[leader]} led {card_text(card)} ({card.code}) to this trick.")
        elif view.phase is Phase.PLAY:
            self.say("You lead to this trick.")
        self.say(f"Your hand: {hand_text(view.hand)}")

    def review(self, _game: Game | None = None) -> None:
        """When a deal has just ended (or the game, in the middle of one), tell the news up to
        its end and show what each of this player's cards cost (:mod:`penneech.analysis`)."""
        if not self.analysis:
            return
        events = self.game.events
        deal = 0
        for i, event in enumerate(events):
            if isinstance(event, Played):
                deal = event.deal
            ended = (isinstance(event, DealEnded) and not event.thrown_in) or isinstance(
                event, GameWon)
            if not ended or deal in self.reviewed or deal == 0:
                continue
            self.reviewed.add(deal)
            self.tell_news(upto=i + 1)
            try:
                self.show_analysis(deal)
            except KeyboardInterrupt:  # Ctrl-C while the cards are weighed: skip only that
                self.stdout.write("\n")
                self.say(f"(The analysis of deal {deal} is skipped: Ctrl-C.  The game goes on; "
                         "--no-analysis leaves it out.)")

    def show_analysis(self, deal: int) -> None:
        from .analysis import analyse_deal

        report = analyse_deal(self.game, deal, seed=computer_seed(self.game.seed), estimates_of=0)
        self.say()
        for i, line in enumerate(report.review(0, self.you)):
            self.say(line if i == 0 else "  " + line)
        self.stdout.flush()

    # taking back ------------------------------------------------------------------------------

    def take_back(self) -> None:
        """Take back this player's last decision and what followed it (the game's loop asks,
        when ``undo`` is typed), and say what was taken back, or that there was nothing."""
        game = self.game
        taken = game.take_back(0)
        if not taken:
            self.say("There is nothing of yours to take back yet.")
            return
        self.say()
        self.say(taken_back_text(taken, game.names, 0))
        # what happened before is not told again (the table is shown before the next
        # question); a deal taken back into is analysed again when it ends
        self.told = len(game.events)
        self.reviewed = {d for d in self.reviewed if d < game.deal_number}

    # the Player protocol ----------------------------------------------------------------------

    def throw_in(self, view: PlayerView) -> bool:
        self.tell_news()
        self.say()
        self.say(f"Your hand: {hand_text(view.hand)}")
        rule = OPTIONS["redeal"].phrase(view.rules.redeal)
        self.say(f"This hand may be thrown in: {rule}.")
        while True:
            answer = self.ask("Throw in this hand? [y/n] ").lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            if answer in _QUIT:
                raise Stop("quit")
            if answer in _UNDO:
                raise _TakeBack
            if answer == "hint":  # (the live table gives one here too)
                self.say(f"Hint: {hint(view, self.game.seed).words}.")
                continue
            if answer in ("?", "help"):
                self.say(f"Under these rules a hand may be thrown in when it is {rule}, and "
                         f"yours is.  Type y to throw it in ({next_dealer_words(True)}), n "
                         "to keep it (the deal is played), hint for a suggestion, undo to take "
                         "back your last card, rules redeal to read this rule, or quit to stop "
                         "here (the game is saved).")
                continue
            if self.tell_rules(answer):
                continue
            self.say(f"Please answer y to throw the hand in ({next_dealer_words(True)}), n to "
                     "keep it, ? for help, or quit to stop here (the game is saved).")

    def play(self, view: PlayerView) -> Card:
        self.tell_news()
        self.show_table(view)
        game = self.game
        while True:
            text = self.ask("Your card: ")
            command = text.lower()
            if not text:
                continue
            if command in ("?", "help"):
                self.say(f"Legal plays: {format_cards(sorted(view.legal_plays))}")
                self.say(_HELP_COMMANDS)
                continue
            if command == "hint":
                advice = hint(view, self.game.seed)
                card = advice.card or view.legal_plays[0]  # (a card: play() asks one)
                self.say(f"Hint: {advice.words}.  Type {card.code} to play it.")
                continue
            if command in _QUIT:
                raise Stop("quit")
            if command in _UNDO:
                raise _TakeBack
            if self.tell_rules(command):
                continue
            try:
                card = read_card(text)
            except CardError as exc:
                self.say(f"{exc}.  Type ? for your legal plays.")
                continue
            refusal = game.refusal(card)
            if refusal is None:
                return card
            self.say(f"Not allowed: {refusal.told_to(self.you)}."
                     + (f"  Type rules {refusal.rule} to read that rule."
                        if refusal.rule in OPTIONS else ""))

    def tell_rules(self, command: str) -> bool:
        """Answer ``rules`` (this game's rules: each option's value and its reading's reason)
        or ``rules OPTION`` (one option: its values, Cotton's words, the reason); ``False``
        when ``command`` is neither."""
        words = command.split(maxsplit=1)
        if not words or words[0] not in ("rules", "rule"):
            return False
        rules = self.game.rules
        if len(words) == 1:
            for line in describe_preset(reading_of(rules), rules).splitlines():
                self.say(line)
            self.say("Type rules OPTION (as in rules follow) for one rule, with Cotton's words.")
            return True
        option = find_option(words[1])
        if option is None:
            self.say(f"There is no rule option {shorten(words[1], 40)!r}: the options are "
                     f"{', '.join(OPTIONS)}.")
        else:
            for line in describe_option(option, rules).splitlines()[1:]:  # (no blank first)
                self.say(line)
        return True


#: Words for ranks and suits, as a player may type them ("seven of hearts", "q spades"): the
#: cards' own names (:attr:`Card.name <penneech.cards.Card.name>`), "jack" and "deuce", the
#: singular suit, and the letters and symbols a code takes.
_RANK_WORDS = {**{name: RANK_CHARS[rank - 2] for rank, name in _RANK_NAMES.items()},
               "jack": "J", "deuce": "2", "10": "T", **{c.lower(): c for c in RANK_CHARS}}
_SUIT_WORDS = {**{suit.noun: suit.value for suit in Suit},
               **{suit.noun[:-1]: suit.value for suit in Suit},
               **{ch.lower(): suit.value for ch, suit in _SUIT_BY_CHAR.items()}}


def terminal_width(stream: TextIO) -> int | None:
    """The width in columns of the terminal ``stream`` writes to (at least 40), or ``None``
    when it is not a terminal (a pipe or a file: lines are written whole)."""
    try:
        if not stream.isatty():
            return None
        columns = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return None
    return max(columns - 1, 40) if columns > 0 else None


def read_card(text: str) -> Card:
    """A card as a player types it: a code (``AS``, ``10D``, ``♦7``: see
    :func:`~penneech.cards.parse_card`), or with spaces or words, when they name one card
    (``7 h``, ``seven of hearts``, ``the ace of spades``, ``Q ♠``); else
    :class:`~penneech.cards.CardError` as for a code.

    >>> read_card("seven of hearts"), read_card("7 h"), read_card("an Ace of Spades")
    (Card('7H'), Card('7H'), Card('AS'))
    >>> read_card("a s"), read_card("10 of diamonds")
    (Card('AS'), Card('TD'))
    """
    try:
        return parse_card(text)
    except CardError as exc:
        error = exc
    words = [w for w in text.lower().replace(",", " ").replace("\ufe0f", "").split()
             if w not in ("of", "the")]
    if len(words) == 3 and words[0] in ("a", "an"):  # "an ace of spades" (but "a s" is AS)
        words = words[1:]
    if len(words) == 2:
        for rank_word, suit_word in (words, words[::-1]):
            rank, suit = _RANK_WORDS.get(rank_word), _SUIT_WORDS.get(suit_word)
            if rank is not None and suit is not None:
                return parse_card(rank + suit)
    raise error


def hand_text(hand: Sequence[Card]) -> str:
    """A hand grouped by suit (♠ ♥ ♣ ♦), strongest first, as codes: ``♠ AS 9S  ♦ 7D``."""
    groups: dict[Suit, list[str]] = {}
    for card in sorted(hand):
        groups.setdefault(card.suit, []).append(card.code)
    return "   ".join(f"{suit.symbol} {' '.join(codes)}" for suit, codes in groups.items())


# -- saving ------------------------------------------------------------------------------------


class _Saver:
    """Saves the game after every move; remembers whether the last save worked.

    A record is never written over when it changed since this game read or last wrote it (the
    same record played on in two terminals at once, or edited): the game is then saved to a new
    name beside it (``NAME-2.json`` …), told on stderr, and ``path`` names that file from then
    on.  ``expected`` is what the file held when it was read or last written (``None``: there
    was no file).
    """

    def __init__(self, game: Game, path: Path, stderr: TextIO, *,
                 expected: bytes | None = None) -> None:
        self.game = game
        self.path = path
        self.stderr = stderr
        self.expected = expected
        self.failed: str | None = None

    def after_move(self, _game: Game) -> None:
        self.save()

    def write(self) -> None:
        """Save the game (raises ``OSError`` or ``UnicodeError`` if it cannot be)."""
        current = _held(self.path)
        if current is not None and current != self.expected:
            elsewhere = unused_path(self.path)
            print(terminal_safe(
                f"note: {self.path} was changed by something else since this game "
                f"{'read' if self.expected is not None else 'chose'} it (another game playing on "
                f"the same record?); it is left alone, and this game is saved to {elsewhere} "
                "from now on"), file=self.stderr)
            self.path, self.expected = elsewhere, None
        record.save(self.game, self.path)
        self.expected = record.dumps(self.game).encode("utf-8")

    def save(self) -> bool:
        try:
            self.write()
        except (OSError, UnicodeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            if self.failed is None:
                print(terminal_safe(f"warning: cannot save the game to {self.path}: {reason}; "
                                    "the game goes on, and saving is tried after every move"),
                      file=self.stderr)
            self.failed = reason
            return False
        if self.failed is not None:
            print(terminal_safe(f"note: the game is saved to {self.path} again"),
                  file=self.stderr)
        self.failed = None
        return True


def _read_only(path: Path) -> bool:
    """The regular file at ``path`` is made read-only for its owner (a record kept safe)."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and not st.st_mode & stat.S_IWUSR


def _held(path: Path) -> bytes | None:
    """What the file at ``path`` holds now: ``None`` if there is none, or it cannot be read (the
    save that follows says why); ``b""`` for something that is not a regular file."""
    try:
        if not os.path.isfile(path):
            return b"" if os.path.lexists(path) else None
        with open(path, "rb") as f:
            return f.read(record.MAX_RECORD_BYTES + 1)
    except OSError:
        return None


@contextmanager
def _stop_signals() -> Iterator[None]:
    """While the game runs, SIGHUP (the terminal closed) and SIGTERM stop it as :class:`Stop`
    (the game is saved after every move, and once more on the way out)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    reasons = {signal.SIGTERM: "a stop signal (SIGTERM)"}
    if hasattr(signal, "SIGHUP"):
        reasons[signal.SIGHUP] = "the terminal closed"

    def handler(signum: int, _frame: Any) -> None:
        raise Stop(reasons[signal.Signals(signum)])

    previous = {s: signal.signal(s, handler) for s in reasons}
    try:
        yield
    finally:
        for s, h in previous.items():
            signal.signal(s, h)


# -- running ------------------------------------------------------------------------------------


def run(options: PlayOptions, stdin: TextIO, stdout: TextIO, stderr: TextIO | None = None,
        *, opponent_factory: Callable[..., Player] = make_player) -> int:
    """Play one game, reading decisions from ``stdin`` and writing the table to ``stdout``.

    Returns the exit status (see the module's documentation).
    """
    err = stderr if stderr is not None else sys.stderr

    def fail(message: str) -> int:
        print(f"error: {terminal_safe(message)}", file=err)
        return 2

    held: bytes | None = None  # what the resumed record held when it was read
    if options.resume is not None:
        # (read first: if the file changes before the game is loaded, the game's first save
        # finds it changed and goes to a new name, never over it)
        held = _held(Path(options.resume))
        try:
            game = record.load(options.resume)
        except record.RecordError as exc:
            return fail(str(exc))
        except OSError as exc:
            return fail(f"cannot read {options.resume}: {exc.strerror or exc}")
        if game.outcome is not None:
            return fail(f"the game in {options.resume} is over ({outcome_text(game.outcome)}): "
                        f"there is nothing to play on; see it with: "
                        f"{_command('replay', options.resume)}")
        name, opponent_name = game.names
        named = kind_named(opponent_name)
        if options.opponent is not None and named is not None and _kind(options.opponent) != named:
            # (the record names its opponent: playing another under that name would leave a
            # record that says Beginner played what Expert chose; review 45a)
            return fail(f"the game in {options.resume} is played against {opponent_name}, and "
                        f"--resume goes on with the record's own opponent: leave out "
                        f"--opponent {options.opponent}, or start a new game with it")
        kind = _kind(options.opponent or _named_kind(opponent_name))
    else:
        name = options.name.strip()
        if not name:
            return fail("--name must not be empty")
        kind = _kind(options.opponent or DEFAULT_OPPONENT)
        name, opponent_name = told_apart(name, kind_name(kind))
        try:
            game = Game(options.rules, seed=options.seed, players=(name, opponent_name))
        except GameError as exc:
            return fail(str(exc))
    try:
        opponent = opponent_factory(kind, seed=computer_seed(game.seed), name=opponent_name)
    except (GameError, ValueError) as exc:
        return fail(str(exc))
    # a record its owner made read-only is kept as it is: the game goes on in a new file beside
    # it (it was replaced, since a rename needs only the folder's leave; review 43b)
    read_only = options.resume is not None and _read_only(Path(options.resume))
    if options.resume is not None and not read_only and (
            options.save is None or _same_file(options.save, options.resume)):
        # the game is written back to the file it was read from, as it stands after each move
        path = wanted = Path(options.resume)
        saver = _Saver(game, path, err, expected=held)
    else:
        wanted = Path(options.save or (options.resume if read_only and options.resume
                                       else f"penneech-game-{game.seed}.json"))
        if os.path.exists(wanted) and not os.path.isfile(wanted):
            return fail(f"cannot save the game to {wanted}: it is not a regular file")
        path = unused_path(wanted)
        saver = _Saver(game, path, err)
    try:
        saver.write()
    except (OSError, UnicodeError) as exc:
        return fail(f"cannot save the game to {wanted}: "
                    f"{getattr(exc, 'strerror', None) or exc}")
    path = saver.path
    human = _Terminal(game, stdin, stdout, analysis=options.analysis)
    if options.resume is not None:
        human.resume()
    reason = "finished"
    try:
        with _stop_signals():
            # (inside: the output may be closed from the first line on)
            taken = left_alone(wanted, path) if wanted != Path(options.resume or "") else None
            if read_only and (options.save is None or _same_file(options.save,
                                                                  options.resume or "")):
                taken = f"{options.resume} is read-only and is left alone"
            if taken:
                human.say(f"{taken}: this game is saved to {path}.")
            if options.resume is not None:
                a, b = game.scores
                saved_to = "" if path == Path(options.resume) else f" (saved to {path})"
                human.say(f"Penneech, resumed from {options.resume}{saved_to}: {name} {a}, "
                          f"{opponent_name} {b}, deal {game.deal_number}; the computer plays "
                          f"as {kind}.  Type ? for help.")
            else:
                human.say(f"Penneech: {name} against {opponent_name}, the computer ({kind}), rules "
                          f"{game.rules}, seed {game.seed}.  Type ? for help.")
            for line in describe(kind, game.rules):
                human.say(line)
            while True:
                try:
                    drive(game, [human, opponent],
                          after=lambda g: _after_move(g, saver, human))
                    break
                except _TakeBack:
                    human.take_back()
                    saver.after_move(game)
            human.tell_news()
    except Stop as exc:
        reason = exc.reason
    except KeyboardInterrupt:
        reason = "Ctrl-C"
    except BrokenPipeError:
        reason = "the output closed"
    except OSError as exc:
        if exc.errno not in _GONE:
            raise
        reason = "the terminal closed"  # writing to it failed (EIO)
    saved = saver.save()
    path = saver.path  # (a new name, if the record was changed by another game meanwhile)
    try:
        _farewell(human, game, path, reason, saved)
    except (BrokenPipeError, Stop, KeyboardInterrupt):
        reason = reason if reason != "finished" else "the output closed"
    except OSError as exc:  # (the terminal is gone: nobody is there to read the farewell)
        if exc.errno not in _GONE:
            raise
        reason = reason if reason != "finished" else "the terminal closed"
    if not saved:
        kept = keep_elsewhere(path.name, lambda elsewhere: record.save(game, elsewhere))
        if kept is not None:
            print(terminal_safe(f"error: the game could not be saved to {path} "
                                f"({saver.failed}); it is saved to {kept} instead"), file=err)
        else:
            print(terminal_safe(f"error: the game could not be saved to {path} "
                                f"({saver.failed}) nor anywhere else; here is its record, to "
                                "keep by hand:"), file=err)
            err.write(json.dumps(record.to_record(game), ensure_ascii=True) + "\n")
        return 2
    return STATUS[reason]


#: What writing to or reading from a terminal that is gone raises (a closed window, a dropped
#: connection): ``OSError`` with one of these numbers.
_GONE = {errno.EIO, errno.ENXIO}


def _same_file(a: str, b: str) -> bool:
    """Whether file names ``a`` and ``b`` name the same file (``--save`` naming the record that
    ``--resume`` goes on with)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def _command(*words: str | os.PathLike[str]) -> str:
    """A ``penneech`` command line to paste back into a shell: each word quoted as the shell
    needs (a file name with spaces or quotes).

    >>> _command("play", "--resume", "my game.json")
    "penneech play --resume 'my game.json'"
    """
    return " ".join(["penneech", *(shlex.quote(os.fspath(w)) for w in words)])


def _kind(kind: str) -> str:
    return LEVELS.get(kind, kind)


def _named_kind(name: str) -> str:
    """The kind of computer player a saved game's opponent is named after (``play`` names it
    so: "Expert", or "Expert (computer)"), else the default opponent."""
    return kind_named(name) or DEFAULT_OPPONENT


def _after_move(game: Game, saver: _Saver, human: _Terminal) -> None:
    saver.after_move(game)
    human.review()


def _farewell(human: _Terminal, game: Game, path: Path, reason: str, saved: bool) -> None:
    if reason == "Ctrl-C":
        human.stdout.write("\n")
        human.say("Interrupted.")
    elif reason not in ("finished", "the output closed"):
        human.say(f"Stopped ({reason}).")
    if reason == "the output closed":
        return
    outcome = game.outcome
    if outcome is not None:
        human.say(f"Result: {outcome_text(outcome, human.you)}.")
        human.say(points_by_source(game.events, game.names, human.you))
    else:
        a, b = game.scores
        human.say(f"The game is not finished: you {a}, {game.names[1]} {b}.")
    if saved:
        if outcome is not None:
            human.say(f"Game saved to {path}.")
        else:
            # each command on a line of its own, never wrapped: pasted into a shell, a
            # command cut in two after "penneech play" started a new game
            human.say(f"Game so far saved to {path}.")
            human.say(f"  go on with it: {_command('play', '--resume', path)}", wrap=False)
            human.say(f"  see it:        {_command('replay', path)}", wrap=False)
    human.stdout.flush()
