"""``penneech play``: play the computer in the terminal.

You are seat 0 (``--name``, default "You"); the computer is seat 1, named after its kind
(``--opponent solver|greedy|random``, default ``solver``).  Before each of your plays the table is
shown: your hand suit by suit, trumps, the card led to this trick, the last trick, the scores and
the tricks taken; everything that happened since your last decision is told in plain English
(:mod:`penneech.narrate`).  Type a card (``AS``, ``10D``, ``td``, ``♦7``, ``7♦``), ``?`` or
``help`` for your legal plays, ``hint`` for a suggestion, or ``quit``.

The game is recorded (``penneech-record/1``) to ``--save FILE``, by default
``penneech-game-<seed>.json`` in the current directory.  The file is written once before play
starts (so an unwritable place is reported at once) and again at the end.

Exit status: 0 when the game is finished, or stopped by ``quit`` or the end of input (the game so
far is saved and can be replayed or dealt on); 130 when stopped by Ctrl-C (the game so far is
saved too); 2 for bad options or a record that cannot be saved (``error: …`` on stderr).

The same ``--seed`` gives the same deals and the same decisions by the computer.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from .cards import Card, CardError, Suit, format_cards, parse_card
from .game import Game, GameError, IllegalPlayError, Phase, PlayerView
from .narrate import card_text, steps
from .rules import DEFAULT_PRESET, PRESET_NAMES, Rules, RulesError

__all__ = ["add_parser", "cmd_play", "run", "build_rules", "OPPONENTS", "Interrupted"]

#: The computer opponents ``--opponent`` offers.
OPPONENTS = ("solver", "greedy", "random")
#: Exit status after Ctrl-C (the game so far is saved).
INTERRUPTED_STATUS = 130

_HELP_COMMANDS = (
    "Commands: type a card to play it (AS, 10D, td, ♦7 or 7♦); ? or help: this list; "
    "hint: a suggestion; quit: stop here and save the game."
)


class Interrupted(Exception):
    """The player stopped the game (end of input or ``quit``)."""


# -- the parser -------------------------------------------------------------------------------


def add_parser(sub: Any) -> None:
    """Register the ``play`` subcommand on the ``penneech`` subparsers object ``sub``."""
    p = sub.add_parser(
        "play",
        help="play the computer in the terminal",
        description="Play Penneech against the computer in the terminal.",
        epilog="Type ? at the card prompt for your legal plays.  Exit status: 0 for a finished "
        "game or one stopped by quit or end of input, 130 after Ctrl-C (the game so far is "
        "saved either way), 2 for bad options or a record that cannot be saved.",
    )
    p.add_argument(
        "--rules", default=DEFAULT_PRESET, metavar="PRESET",
        help=f"a preset ({', '.join(PRESET_NAMES)}), optionally with changes as in "
        f"'pagat,follow=free' (default {DEFAULT_PRESET})",
    )
    p.add_argument(
        "--set", action="append", default=[], metavar="OPTION=VALUE", dest="overrides",
        help="change one rule option, e.g. --set follow=free (may be repeated)",
    )
    p.add_argument("--opponent", default="solver", choices=OPPONENTS,
                   help="the computer player (default solver)")
    p.add_argument("--seed", type=int, default=None,
                   help="deal and decide from this seed (default: a random one)")
    p.add_argument("--save", metavar="FILE", default=None,
                   help="where to save the record (default penneech-game-SEED.json)")
    p.add_argument("--name", default="You", help="your name (default You)")
    p.set_defaults(func=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    """The ``play`` subcommand on the real terminal."""
    return run(args, sys.stdin, sys.stdout, sys.stderr)


def build_rules(preset: str, overrides: Sequence[str]) -> Rules:
    """``--rules`` and ``--set`` as one rules object (read by ``Rules.parse``)."""
    text = ",".join([preset, *overrides])
    for item in overrides:
        if "=" not in item:
            raise RulesError(f"--set {item!r} is not option=value, as in follow=free")
    return Rules.parse(text)


def _error(stderr: TextIO, message: str) -> int:
    print(f"error: {message}", file=stderr)
    return 2


# -- the session ------------------------------------------------------------------------------


class _Session:
    def __init__(self, game: Game, opponent: Any, stdin: TextIO, stdout: TextIO) -> None:
        self.game = game
        self.opponent = opponent
        self.stdin = stdin
        self.stdout = stdout
        self.told = 0  # events told so far
        self.you = game.names[0].lower() == "you"
        # piped input is not echoed by a terminal: echo it so that the transcript reads well
        isatty = getattr(stdin, "isatty", None)
        self.echo_input = not (isatty is not None and isatty())

    # output ---------------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        if self.you:
            text = _second_person(text)
        self.stdout.write(text + "\n")

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise Interrupted("end of input")
        if not self.echo_input:
            return line.strip()
        self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def tell_news(self) -> None:
        """Tell, in plain English, every complete step since the last one told."""
        game = self.game
        for step in steps(game.events, game.names):
            if step.end <= self.told or step.kind == "lead":
                continue
            if step.kind == "deal":
                self.say()
            self.say(step.text)
            self.told = step.end
        self.stdout.flush()

    def show_table(self, view: PlayerView) -> None:
        game = self.game
        names = game.names
        me, them = names
        trumps = view.trumps
        self.say()
        if trumps is not None and view.trump_card is not None:
            self.say(f"Deal {view.deal}, trick {view.trick_number}: {trumps.noun} are trumps "
                     f"({card_text(view.trump_card)} turned up).")
        if view.tricks_played:
            last = view.tricks_played[-1]
            lead, follow = last.cards
            other = 1 - last.leader
            self.say(f"Last trick: {names[last.leader]} led {card_text(lead)}, "
                     f"{names[other]} played {card_text(follow)}; "
                     f"{names[last.winner]} took it.")
        a, b = view.scores
        ta, tb = view.tricks_won
        self.say(f"Scores: {me} {a}, {them} {b} (game at {game.rules.target}).  "
                 f"Tricks this deal: {me} {ta}, {them} {tb}.")
        if view.trick:
            leader, card = view.trick[0]
            self.say(f"{names[leader]} led {card_text(card)} ({card.code}) to this trick.")
        elif view.phase is Phase.PLAY:
            self.say(f"{me} lead{'' if self.you else 's'} to this trick.")
        self.say(f"Your hand: {hand_text(view.hand)}")

    # decisions ------------------------------------------------------------------------------

    def ask_throw_in(self) -> None:
        game = self.game
        view = game.view(0)
        self.say()
        self.say(f"Your hand: {hand_text(view.hand)}")
        self.say(f"This hand may be thrown in ({_why_throw_in(game.rules)}).")
        while True:
            answer = self.ask("Throw in this hand? [y/n] ").lower()
            if answer in ("y", "yes"):
                game.throw_in(True)
                return
            if answer in ("n", "no"):
                game.throw_in(False)
                return
            if answer == "quit":
                raise Interrupted("quit")
            self.say("Please answer y (throw in: the same dealer deals again) or n (keep "
                     "the hand), or quit.")

    def ask_card(self) -> None:
        game = self.game
        view = game.view(0)
        self.show_table(view)
        while True:
            text = self.ask("Your card: ")
            command = text.lower()
            if not text:
                continue
            if command in ("?", "help"):
                self.say(f"Legal plays: {format_cards(sorted(game.legal_plays()))}")
                self.say(_HELP_COMMANDS)
                continue
            if command == "hint":
                from .players import GreedyPlayer

                card = GreedyPlayer().play(game.view(0))
                self.say(f"Hint: {card.code} ({card_text(card)}), the greedy player's choice.")
                continue
            if command in ("quit", "exit", "q"):
                raise Interrupted("quit")
            try:
                card = parse_card(text)
            except CardError as exc:
                self.say(f"{exc}.  Type ? for your legal plays.")
                continue
            try:
                game.play(card)
            except IllegalPlayError as exc:
                if exc.rule == "hand" and self.you:
                    held = ", ".join(c.code for c in sorted(game.hand(0)))
                    self.say(f"Not allowed: you do not hold {card.code} (you hold {held}).")
                    continue
                self.say(f"Not allowed: {exc}.")
                continue
            return

    def play(self) -> None:
        game = self.game
        while game.phase is not Phase.OVER:
            if game.phase is Phase.DEAL:
                game.deal()
            elif game.to_move == 1:
                from .players import decide

                decide(game, self.opponent)
            else:
                self.tell_news()
                if game.phase is Phase.THROW_IN:
                    self.ask_throw_in()
                else:
                    self.ask_card()
        self.tell_news()


def hand_text(hand: Sequence[Card]) -> str:
    """A hand grouped by suit (♠ ♥ ♣ ♦), strongest first, as codes: ``♠ AS 9S  ♦ 7D``."""
    groups: dict[Suit, list[str]] = {}
    for card in sorted(hand):
        groups.setdefault(card.suit, []).append(card.code)
    return "   ".join(f"{suit.symbol} {' '.join(codes)}" for suit, codes in groups.items())


def _why_throw_in(rules: Rules) -> str:
    if rules.redeal == "no_card_above_ten":
        return "no card above a ten"
    return "no ace and no face card"


_VERBS = {
    "leads": "lead", "plays": "play", "wins": "win", "pegs": "peg", "turns": "turn",
    "deals": "deal", "cuts": "cut", "holds": "hold", "keeps": "keep", "throws": "throw",
    "has": "have", "does": "do", "is": "are", "takes": "take",
}


def _second_person(text: str) -> str:
    """Narration about a player called "You" in good English: "You win", "so you peg 4"."""
    text = re.sub(r"\b(You|you) (\w+)\b",
                  lambda m: f"{m.group(1)} {_VERBS.get(m.group(2), m.group(2))}", text)
    if text.startswith("You have a hand"):
        text = text.replace(", but keeps it", ", but keep it")
        text = text.replace(", and throws it in", ", and throw it in")
    return re.sub(r"(?<=[a-z,;] )You\b", "you", text)


# -- running ----------------------------------------------------------------------------------


def run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO,
        stderr: TextIO | None = None) -> int:
    """Play one game, reading decisions from ``stdin`` and writing the table to ``stdout``.

    Returns the exit status (see the module's documentation).
    """
    from . import record
    from .players import make_player

    err = stderr if stderr is not None else sys.stderr
    try:
        rules = build_rules(args.rules, args.overrides)
    except RulesError as exc:
        return _error(err, str(exc))
    kind: str = args.opponent
    if kind not in OPPONENTS:
        return _error(err, f"unknown opponent {kind!r}: use one of {', '.join(OPPONENTS)}")
    if kind == "solver" and importlib.util.find_spec("penneech.solver") is None:
        return _error(err, "the solver opponent is not available here: "
                      "use --opponent greedy or --opponent random")
    name = str(args.name).strip()
    if not name:
        return _error(err, "--name must not be empty")
    opponent_name = kind.capitalize()
    if opponent_name.lower() == name.lower():
        opponent_name += " (computer)"
    try:
        game = Game(rules, seed=args.seed, players=(name, opponent_name))
    except GameError as exc:
        return _error(err, str(exc))
    opponent = make_player(kind, seed=game.seed, name=opponent_name)
    path = args.save if args.save else f"penneech-game-{game.seed}.json"

    def save() -> bool:
        try:
            record.save(game, path)
        except OSError as exc:
            _error(err, f"cannot save the game to {path}: {exc.strerror or exc}")
            return False
        return True

    if not save():
        return 2
    session = _Session(game, opponent, stdin, stdout)
    session.say(f"Penneech: {name} against the computer ({kind}), rules {rules}, "
                f"seed {game.seed}.  Type ? for help.")
    status = 0
    try:
        session.play()
    except Interrupted as exc:
        session.say(f"Stopped ({exc}).")
    except KeyboardInterrupt:
        stdout.write("\n")
        session.say("Interrupted.")
        status = INTERRUPTED_STATUS
    outcome = game.outcome
    if outcome is not None:
        session.say(f"Result: {outcome}.")
    else:
        a, b = game.scores
        session.say(f"The game is not finished: {name} {a}, {opponent_name} {b}.")
    if not save():
        return 2
    if outcome is not None:
        session.say(f"Game saved to {path}.")
    else:
        session.say(f"Game so far saved to {path} (see it with: penneech replay {path}).")
    stdout.flush()
    return status
