"""The ``penneech`` command: every subcommand, its options and its errors, in one place.

``penneech rules [PRESET]``
    every option, its values, which reading holds which and why, with sources.
``penneech replay FILE... [--json] [--analyse [--deal N] [--all-plays]]``
    replay ``penneech-record/1`` files: a readable account, or one JSON object per file; with
    ``--analyse``, every card played weighed (:mod:`penneech.analysis`).
``penneech play``
    play the computer in the terminal (:mod:`penneech.terminal`).
``penneech simulate``
    many games between computer players (:mod:`penneech.simulation`).
``penneech experiment run|plan``
    regenerate the book's experiments, Part IV (:mod:`penneech.experiments`).

Bad input ends with exit status 2 and one line on stderr starting ``error:``.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import json
import os
import random
import signal
import stat
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from . import experiments, record, simulation, terminal
from .explain import describe_options, describe_preset, rules_table
from .files import NotAFileError, keep_elsewhere, left_alone, names_a_folder, unused_path
from .game import Game, GameError, check_seed
from .narrate import narrate
from .players import DEFAULT_OPPONENT, FAIR_KINDS, LEVELS, PLAYER_KINDS, PLAYERS, computer_seed
from .rules import (
    DEFAULT_PRESET,
    PRESET_NAMES,
    SOURCES,
    Rules,
    RulesError,
)
from .text import TooManyDigits, shorten, terminal_safe, whole_number
from .version import VERSION

if TYPE_CHECKING:
    from .analysis import DealAnalysis

__all__ = ["main", "error", "build_parser", "play_options"]

#: Exit status for bad input.
BAD_INPUT = 2


def error(message: str) -> int:
    """Print ``error: message`` on stderr (control characters shown escaped) and return 2."""
    print(f"error: {terminal_safe(message)}", file=sys.stderr)
    return BAD_INPUT


# -- penneech rules ---------------------------------------------------------------------------


def cmd_rules(args: argparse.Namespace) -> int:
    if args.preset is None:
        print("Penneech: the rule options and the readings\n")
        print(rules_table())
        print(describe_options())
        print("\nSources:")
        for s in SOURCES.values():
            print(f"  {s.key}: {s.author}, {s.title} ({s.year})" + (f" <{s.url}>" if s.url else ""))
        return 0
    try:
        # a preset, or a preset with changes ('pagat,follow=free'), as --rules takes them
        rules = Rules.parse(args.preset)
        name = Rules.preset(args.preset.split(",")[0].strip()).preset_name
    except RulesError as exc:
        return error(str(exc))
    for line in describe_preset(name or DEFAULT_PRESET, rules).splitlines():
        print(terminal_safe(line))
    return 0


# -- penneech replay --------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace) -> int:
    if not args.analyse and (args.deal is not None or args.all_plays):
        return error("--deal and --all-plays choose what --analyse shows: add --analyse")
    status = 0
    for path in args.files:
        try:
            game = record.load(path)
            reports = _analyse(game, args) if args.analyse else None
            if args.json:
                summary = record.replay_summary(game, path)
                if reports is not None:
                    summary["analysis"] = [r.to_json() for r in reports]
                print(json.dumps(summary, ensure_ascii=True))
                continue
            print(terminal_safe(f"== {path}: {' v '.join(game.names)}, rules {game.rules}"))
            for line in narrate(game.events, game.names):
                print(terminal_safe(line))
            outcome = game.outcome
            if outcome is not None:
                print(terminal_safe(f"Result: {outcome}."))
            else:
                a, b = game.scores
                print(terminal_safe(
                    f"The game is in progress: {game.names[0]} {a}, {game.names[1]} {b}."))
            for report in reports or ():
                print()
                print(f"Analysis of deal {report.deal} (cards that cost points; "
                      "values are points in the rest of the deal):")
                for line in report.lines(all_plays=args.all_plays):
                    print(terminal_safe(line))
            print()
        except record.RecordError as exc:
            status = error(str(exc))
        except GameError as exc:
            status = error(f"{path}: {exc}")
    return status


def _analyse(game: Game, args: argparse.Namespace) -> list[DealAnalysis]:
    """The analysis ``replay --analyse`` asked for: every deal, or the one ``--deal`` names."""
    from .analysis import analyse_deal, deal_numbers

    numbers = deal_numbers(game)
    if args.deal is not None:
        if args.deal not in numbers:
            played = ", ".join(str(n) for n in numbers) or "none"
            raise GameError(f"deal {args.deal} has no cards played (deals played: {played})")
        numbers = [args.deal]
    # (the computer's seed in the game: the seed the terminal game and the live table analyse
    # with, so that the figures from what each player could see are the ones shown during the
    # game)
    return [analyse_deal(game, n, seed=computer_seed(game.seed)) for n in numbers]


# -- penneech play ------------------------------------------------------------------------------


def play_options(args: argparse.Namespace) -> terminal.PlayOptions:
    """``penneech play``'s arguments as the terminal game's options (raises RulesError)."""
    resume = getattr(args, "resume", None)
    for flag, value in (("--save", args.save), ("--resume", resume)):
        if value is not None and not value.strip():
            raise RulesError(f"{flag} needs a file name, not {value!r}"
                             + (" (leave --save out to save to penneech-game-SEED.json)"
                                if flag == "--save" else ""))
    if args.save is not None and names_a_folder(args.save):
        # (a folder that did not exist yet got a file of its name)
        raise RulesError(f"--save {args.save}: that names a folder; give the file's name too, "
                         f"as in {os.path.join(args.save, 'game.json')}")
    if resume is not None:
        given = [flag for flag, value in (("--rules", args.rules), ("--set", args.overrides),
                                          ("--seed", args.seed), ("--name", args.name))
                 if value or (flag == "--rules" and value is not None)]
        if given:
            raise RulesError(f"--resume goes on with the record's own rules, seed and names: "
                             f"leave out {', '.join(given)}")
    return terminal.PlayOptions(
        # (--rules "" is refused as empty rules, not read as the default; review 39a)
        rules=Rules.parse(DEFAULT_PRESET if args.rules is None else args.rules, *args.overrides),
        opponent=args.opponent,
        seed=args.seed,
        save=args.save,
        name=args.name if args.name is not None else "You",
        analysis=args.analysis,
        resume=resume,
    )


def cmd_play(args: argparse.Namespace) -> int:
    try:
        options = play_options(args)
    except RulesError as exc:
        return error(str(exc))
    status = terminal.run(options, sys.stdin, sys.stdout, sys.stderr)
    try:
        sys.stdout.flush()
    except OSError:  # the terminal is gone (EIO): Python must not complain at exit
        _quiet_broken_pipe()
    return status


# -- penneech simulate --------------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    """Run the games, print the summary, write the CSV if asked."""
    try:
        rules = Rules.parse(args.rules, *(args.set or ()))
    except RulesError as exc:
        return error(str(exc))
    if args.out is not None and not args.out.strip():
        return error(f"--out needs a file name, not {args.out!r}")
    kinds = tuple(p.strip() for p in args.players.split(",") if p.strip())
    if len(kinds) != 2:
        return error(f"--players takes two kinds separated by a comma, not {args.players!r}")
    for name, value in (("--games", args.games), ("--workers", args.workers),
                        ("--samples", args.samples), ("--chunk-size", args.chunk_size)):
        if value is not None and value < 1:
            return error(f"{name} must be at least 1, not {value}")
    if args.games > simulation.MAX_GAMES:
        return error(f"--games may be at most {simulation.MAX_GAMES:,}, not {args.games:,}")
    too_many = _too_many_workers(args.workers)
    if too_many:
        return error(too_many)
    workers = args.workers
    available = os.cpu_count() or 1
    if workers is not None and workers > available:
        print(f"note: this machine has {available} processor(s): using {available} workers, "
              f"not {workers}", file=sys.stderr)
        workers = available
    try:
        seed = check_seed(args.seed) if args.seed is not None else \
            random.SystemRandom().randrange(2**32)
    except GameError as exc:
        return error(f"--seed: {exc}")
    done: list[simulation.GameResult] = []
    if args.go_on is not None:
        if args.seed is None:
            return error("--go-on needs the run's --seed: the one it printed (\"… games, rules "
                         "…, seed N\") or was given")
        try:
            done = simulation.read_csv(args.go_on)
        except ValueError as exc:
            return error(f"--go-on {args.go_on}: {exc}")
        except OSError as exc:
            return error(f"cannot read {args.go_on}: {exc.strerror or exc}")
    out: Path | None = None
    wanted = args.out if args.out is not None else args.go_on
    if args.out is not None:
        # Never write over a file that is already there (it may be a record or earlier results);
        # a device (/dev/null) or a name ending in a slash is refused.
        try:
            out = Path(args.out) if os.path.isdir(args.out) else unused_path(args.out)
        except NotAFileError as exc:
            return error(f"cannot write {args.out}: {exc.strerror}")
    elif args.go_on is not None:
        # The run's own file: written again (atomically) with every game it held and the new
        # ones, so that it is never left with fewer than it had.  One made read-only is not.
        out = Path(args.go_on)
        if not os.stat(out).st_mode & stat.S_IWUSR:
            return error(f"--go-on {args.go_on}: the file is read-only, and going on writes "
                         "its games back to it; give --out another file, or make it writable")
    if out is not None:
        problem = simulation.check_writable(out)
        if problem:
            return error(f"cannot write {wanted}: {problem}")
    settings = {"solver": {"samples": args.samples}} if args.samples is not None else None
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    interrupted = False
    # Once the games are played, Ctrl-C is ignored until they are written (whole or not at
    # all) and said: a second one after a first must not lose them, nor one during the write.
    # A run that was not stopped then has Ctrl-C as it was (main() may be called again in the
    # same Python); after a Ctrl-C, a second one is ignored until the program ends (restored,
    # it could end the program by the signal, not with the status 130 said).
    previous = signal.getsignal(signal.SIGINT)
    stopped: list[signal.Signals] = []
    try:
        try:
            with _stop_signals_stop_the_run(stopped):
                results = simulation.simulate(
                    rules, kinds, games=args.games, seed=seed, workers=workers,
                    duplicate=not args.no_duplicate, progress=progress,
                    player_settings=settings, chunk_size=args.chunk_size, done=done)
                _on_ctrl_c(signal.SIG_IGN)
        except simulation.NotThisRun as exc:
            return error(f"--go-on {args.go_on}: {exc}")
        except ValueError as exc:
            return error(str(exc))
        except simulation.Interrupted as exc:
            _on_ctrl_c(signal.SIG_IGN)
            interrupted = True
            results = exc.results()
            why = f" by {_STOP_REASONS[stopped[0]]}" if stopped else ""
            with contextlib.suppress(OSError):  # (the terminal may be gone: the file first)
                print(f"interrupted{why}: {len(results)} of {args.games} games had finished",
                      file=sys.stderr)
        status = _write_results(args, results, out, wanted, rules, kinds, seed, interrupted)
        # (as a program ended by the signal would: 143 for SIGTERM, 129 for SIGHUP)
        return 128 + stopped[0] if stopped and status == 130 else status
    finally:
        if not interrupted:
            _on_ctrl_c(previous)


#: The signals that stop a run as Ctrl-C does (its games kept and the command to go on said),
#: and how the message names them: before, they ended it at once and lost every game played
#: (review 38a).
_STOP_REASONS = {signal.SIGTERM: "a stop signal (SIGTERM)"}
if hasattr(signal, "SIGHUP"):
    _STOP_REASONS[signal.SIGHUP] = "the terminal closing (SIGHUP)"


@contextlib.contextmanager
def _stop_signals_stop_the_run(stopped: list[signal.Signals]) -> Iterator[None]:
    """While a run plays, SIGTERM and SIGHUP stop it as Ctrl-C does; ``stopped`` gets the
    signal.  Once one has come, the others (Ctrl-C too) are ignored until the games are
    written."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, _frame: Any) -> None:
        for s in (*_STOP_REASONS, signal.SIGINT):
            signal.signal(s, signal.SIG_IGN)
        stopped.append(signal.Signals(signum))
        raise KeyboardInterrupt

    previous = {s: signal.signal(s, handler) for s in _STOP_REASONS}
    try:
        yield
    finally:
        for s, h in previous.items():
            if not stopped:
                signal.signal(s, h)


def _on_ctrl_c(handler: Any) -> None:
    """Set what Ctrl-C does, where Python allows it (in the main thread only)."""
    import threading

    if handler is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, handler)


def _write_results(args: argparse.Namespace, results: list[simulation.GameResult],
                   out: Path | None, wanted: str | None, rules: Rules, kinds: Sequence[str],
                   seed: int, interrupted: bool) -> int:
    """Write the games of ``penneech simulate`` to ``out`` (if any) and print their summary."""
    # The results are written before anything is printed: a closed pipe or a full disk on the
    # standard output (``penneech simulate --out r.csv | head -1``) must not lose them.
    written: Path | None = None
    failed = ""
    dump = False
    if out is not None and results:
        try:
            written = simulation.write_csv(results, out)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            kept = _keep_results(results, seed)
            # (the last resort, as the terminal game's: on the standard error, to keep by hand)
            where = f"the results are kept in {kept} instead" if kept else (
                "and nowhere else could be written either: they follow, as CSV, to keep by "
                "hand (or play them again with the same command and --seed)")
            failed = f"cannot write {out}: {reason}; {where}"
            dump = kept is None
    pairing = "duplicate pairs" if not args.no_duplicate else "no duplicate"
    print(f"{len(results)} games, rules {rules}, seed {seed}, {pairing}")
    if results:
        for line in simulation.format_summary(simulation.summarize(results)).splitlines():
            print(terminal_safe(line))
    if failed:
        status = error(failed)
        if dump:
            with contextlib.suppress(OSError):
                text = io.StringIO()
                simulation.write_csv(results, text)
                sys.stderr.write("".join(terminal_safe(line) + "\n"
                                         for line in text.getvalue().splitlines()))
        return status
    if written is not None and out is not None and wanted is not None:
        # (``written`` is resolved, so it is compared with nothing: ``out`` is what was chosen)
        taken = left_alone(wanted, out)
        print(terminal_safe(f"{taken}: wrote {out} instead" if taken else f"wrote {wanted}"))
        if interrupted:
            print(terminal_safe(f"to go on: {go_on_command(args, rules, kinds, seed, out)}"),
                  file=sys.stderr)
    return 130 if interrupted else 0


def go_on_command(args: argparse.Namespace, rules: Rules, kinds: Sequence[str], seed: int,
                  path: Path) -> str:
    """The command that goes on with a stopped run whose games are in ``path``."""
    import shlex

    # (``--go-on=NAME``: a name that begins with "-" would be read as an option)
    words = ["penneech", "simulate", f"--go-on={path}", "--rules", str(rules), "--players",
             ",".join(kinds), "--games", str(args.games), "--seed", str(seed)]
    if args.samples is not None:
        words += ["--samples", str(args.samples)]
    if args.no_duplicate:
        words.append("--no-duplicate")
    if args.workers != 1:
        words += ["--workers", str(args.workers)]
    return shlex.join(words)


#: The most processes ``--workers`` may ask for, per processor of the machine: more only slow
#: the run down (and thousands would exhaust the machine before the first game).
WORKERS_PER_PROCESSOR = 4


def max_workers() -> int:
    """The largest ``--workers`` accepted on this machine."""
    return WORKERS_PER_PROCESSOR * (os.cpu_count() or 1)


def _too_many_workers(workers: int | None) -> str | None:
    """Why ``--workers`` is too many for this machine, or ``None``."""
    limit = max_workers()
    if workers is None or workers <= limit:
        return None
    return (f"--workers may be at most {limit} on this machine ({WORKERS_PER_PROCESSOR} per "
            f"processor, and it has {os.cpu_count() or 1}), not {shorten(f'{workers:,}', 20)}")


def cmd_experiment(args: argparse.Namespace) -> int:
    """Play the book's experiments and write their data files, or say what would be played."""
    import time
    from pathlib import Path

    # (a part given twice is played once: its second, empty pass wrote 0.0 s as its time)
    parts = tuple(dict.fromkeys(args.part)) if args.part else experiments.PARTS
    for part in parts:
        if part not in experiments.PARTS:
            return error(f"unknown part {part!r}: use one of {', '.join(experiments.PARTS)}")
    scale = experiments.SCALES[args.scale]
    for flag, value in (("--out", args.out), ("--cache", args.cache)):
        if value is not None and not value.strip():
            return error(f"{flag} needs a folder name, not {value!r}")
    if args.dask is not None and not args.dask.strip():
        # (an empty address ran on this machine without a word)
        return error(f"--dask needs a scheduler's address, not {args.dask!r}")
    try:
        check_seed(args.seed)
    except GameError as exc:  # (the seed is written in every data file and the manifest)
        return error(f"--seed: {exc}")
    if args.workers is not None and args.workers < 1:
        return error(f"--workers must be at least 1, not {args.workers}")
    too_many = _too_many_workers(args.workers)
    if too_many:
        return error(too_many)
    if args.cache is not None and os.path.lexists(args.cache) and not os.path.isdir(args.cache):
        return error(f"--cache {args.cache}: it is a file, not a folder")
    cache = None if args.no_cache else args.cache or str(experiments.default_cache_dir())
    if cache is not None and args.cache is None and os.path.lexists(cache) \
            and not os.path.isdir(cache):  # (it failed after the first games were played)
        named = ("PENNEECH_CACHE" if os.environ.get("PENNEECH_CACHE")
                 else "the default cache folder")
        return error(f"{named} {cache}: it is a file, not a folder (give --cache FOLDER, or "
                     "--no-cache)")
    if args.action == "plan":
        total = 0.0
        done: set[Any] = set()
        for part in parts:
            cells = [c for c in experiments.plan(part, scale) if c.key not in done]
            done.update(c.key for c in cells)
            kept = experiments.kept_games(cells, args.seed, cache)
            cost = sum(max(0, c.games - kept.get(c.key, 0)) * c.cost() for c in cells)
            total += cost
            have = sum(min(c.games, kept.get(c.key, 0)) for c in cells)
            print(f"{part:10} {len(cells):4} cells {sum(c.games for c in cells):8,} games "
                  f"{cost:12,.0f} cost units"
                  + (f" ({have:,} of them kept by an earlier run: not played again)"
                     if have else ""))
        minutes = total * 0.0025 / 60 / max(1, args.workers)
        when = f"about {minutes:.0f} min" if minutes >= 1 else "under a minute"
        print(f"{'total':10} {total:29,.0f} cost units (1 unit: about one game between greedy "
              f"players, 2.5 ms on one core: {when} with {args.workers} "
              f"worker(s) on an idle machine)")
        return 0
    out = Path(args.out)
    if not out.parent.is_dir():
        what = "is a file, not a folder" if out.parent.exists() else "does not exist"
        return error(f"cannot write into {out}: {out.parent} {what}")
    if os.path.lexists(out) and not out.is_dir():
        return error(f"--out {out}: it is a file, not a folder")
    foreign = experiments.not_ours(out, parts) if out.is_dir() else []
    if foreign:
        names = ", ".join(str(p) for p in foreign)
        return error(f"--out {out}: {names} would be replaced, and was not written by "
                     "`penneech experiment run`; it is left alone (choose another --out)")
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    try:
        client = experiments.executor_for(args.dask) if args.dask else None
    except ValueError as exc:
        return error(str(exc))
    started = time.perf_counter()
    cache_failed: list[str] = []

    def cache_error(said: str) -> None:  # (the run goes on without its cache)
        cache_failed.append(said)
        print(terminal_safe(f"warning: {said}"), file=sys.stderr)

    try:
        experiments.run(parts, scale=scale, seed=args.seed, workers=args.workers,
                        executor=client.get_executor() if client is not None else None,
                        progress=progress, out_dir=out, cache_dir=cache,
                        on_cache_error=cache_error)
    except KeyboardInterrupt:
        _on_ctrl_c(signal.SIG_IGN)  # (the message must not be cut off)
        said = ("the cache could not be written, so only the games kept in it before that "
                "are kept; the same command plays the rest" if cache_failed else
                f"the games played so far are kept in {cache}, and the same command plays "
                "only the rest" if cache is not None else
                "nothing was kept (--no-cache): the same command plays everything again")
        print(terminal_safe(f"interrupted: {said}; the data files in {out} are all of one run "
                            "only once a run ends"), file=sys.stderr)
        return 130
    except OSError as exc:
        where = exc.filename if exc.filename else out
        return error(f"cannot write {where}: {exc.strerror or exc}")
    except ValueError as exc:  # the folder holds a run at another scale or seed
        return error(f"--out {exc}")
    finally:
        if client is not None:
            client.close()
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    for part, seconds in manifest["seconds"].items():
        print(f"{part:10} {seconds:8.1f} s")
    print(f"{'total':10} {time.perf_counter() - started:8.1f} s; wrote {out}")
    return 0


def _keep_results(results: Sequence[simulation.GameResult], seed: int) -> str | None:
    """Write results that could not go where asked to a new file in the current folder, or
    else the temporary folder; return where, or ``None``."""
    kept = keep_elsewhere(f"penneech-results-{seed}.csv",
                          lambda path: simulation.write_csv(results, path) or path)
    return str(kept) if kept is not None else None


# -- the parser -----------------------------------------------------------------------------------


def _whole_number(text: str) -> int:
    """An integer option's value, with a short message for anything else (argparse would echo
    a number of 5,000 digits whole)."""
    try:
        return whole_number(text)
    except TooManyDigits as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a whole number: {shorten(repr(text), 40)}") from None


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line, ``error: …``, like every other bad input; and an
    option must be written in full (``--se`` could be ``--seed``, ``--set`` or ``--save``: a
    prefix is an unknown option, never one of them taken silently)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        print(f"error: {terminal_safe(message)} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(BAD_INPUT)


def _levels_help() -> str:
    parts = [f"{level} ({kind}, which {PLAYERS[kind].summary})" if kind != level
             else f"{level} ({PLAYERS[kind].summary})" for level, kind in LEVELS.items()]
    others = [k for k in FAIR_KINDS if k not in LEVELS.values()]
    return ("; ".join(parts) + "; also the kinds " + " and ".join(others)
            + ".  The level's measured strength is told when the game starts")


def _kinds_help(kinds: Sequence[str]) -> str:
    return "; ".join(f"{k}: {PLAYERS[k].summary}" for k in kinds)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="penneech",
                     description="Penneech, a card game for two described in 1674.")
    parser.add_argument("--version", action="version", version=f"penneech {VERSION}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("rules", help="the rule options and what each reading holds")
    p.add_argument("preset", nargs="?",
                   help=f"one of {', '.join(PRESET_NAMES)}, optionally with changes, as in "
                   "'pagat,follow=free'")
    p.set_defaults(func=cmd_rules, command_parser=p)

    p = sub.add_parser("replay", help="replay penneech-record/1 files")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    p.add_argument("--analyse", "--analyze", action="store_true",
                   help="weigh every card played: its value with every card known (the "
                   "turn-ups to come too: hindsight) and from "
                   "what its player could see, the best card, what the card played cost, and "
                   "why (about 1 s a deal)")
    p.add_argument("--deal", type=_whole_number, default=None, metavar="N",
                   help="with --analyse: only deal N")
    p.add_argument("--all-plays", action="store_true",
                   help="with --analyse: every choice, not only those that cost points")
    p.set_defaults(func=cmd_replay, command_parser=p)

    p = sub.add_parser(
        "play",
        help="play the computer in the terminal",
        description="Play Penneech against the computer in the terminal.",
        epilog="Type ? at any question for help (at the card prompt: your legal plays and "
        "the commands).  The game is saved after every move.  Exit status: 0 for a finished "
        "game, or one stopped by quit or the end of input; 130 after Ctrl-C; 129 when the "
        "terminal is closed; 143 after a stop signal (SIGTERM); the game so far is saved each "
        "time.  2 for bad options, or a game that cannot be saved.",
    )
    p.add_argument(
        "--rules", default=None, metavar="PRESET",
        help=f"the rules: a preset ({', '.join(PRESET_NAMES)}), optionally with changes, as "
        f"in 'pagat,follow=free' (default {DEFAULT_PRESET}; see penneech rules)",
    )
    p.add_argument(
        "--set", action="append", default=[], metavar="OPTION=VALUE", dest="overrides",
        help="change one rule option, as in --set follow=free (may be repeated)",
    )
    p.add_argument("--opponent", default=None, metavar="LEVEL",
                   choices=[*LEVELS, *(k for k in FAIR_KINDS if k not in LEVELS)],
                   help=f"the computer player, by level or kind (default {DEFAULT_OPPONENT}; "
                   "with --resume, the one the record names): " + _levels_help())
    p.add_argument("--seed", type=_whole_number, default=None,
                   help="the seed of the deals and of the computer's decisions (default: a "
                   "random one, shown at the start)")
    p.add_argument("--save", metavar="FILE", default=None,
                   help="where to save the game (default penneech-game-SEED.json in the "
                   "current folder); a file that is already there is never replaced: the game "
                   "is saved under a new name, which is shown")
    p.add_argument("--name", default=None, help="your name (default You)")
    p.add_argument("--resume", metavar="FILE", default=None,
                   help="go on with a game saved by penneech play (or by the book's live "
                   "table), with the record's rules, seed and names; it is saved back to FILE "
                   "(one made read-only is left alone: to a new file beside it), or to --save")
    p.add_argument("--analysis", action=argparse.BooleanOptionalAction, default=True,
                   help="after each deal, show what each of your cards cost and why (default: "
                   "on; Ctrl-C while it is worked out skips it)")
    p.set_defaults(func=cmd_play, command_parser=p)

    p = sub.add_parser(
        "simulate", help="play many games between computer players",
        description="Play many games between two computer players and summarize the results. "
        "A run stopped by Ctrl-C, a stop signal (SIGTERM) or its terminal closing (SIGHUP) "
        "keeps the games it finished (in --out) and prints the command that goes on with it; "
        "it exits with 130, 143 or 129.",
    )
    p.add_argument("--rules", default=DEFAULT_PRESET,
                   help=f"a preset or rules notation such as pagat,follow=free "
                   f"(default {DEFAULT_PRESET})")
    p.add_argument("--set", action="append", metavar="OPTION=VALUE",
                   help="change one rule option (repeatable)")
    p.add_argument("--players", default="greedy,greedy", metavar="KIND,KIND",
                   help=f"the two players, of {', '.join(PLAYER_KINDS)} (default greedy,greedy)")
    p.add_argument("--games", type=_whole_number, default=1000,
                   help="games to play (rounded up to even in duplicate play; default 1000)")
    p.add_argument("--workers", type=_whole_number, default=1,
                   help="processes to use (default 1; one per processor at most is used, and "
                   "asking for more than four per processor is an error)")
    p.add_argument("--seed", type=_whole_number, default=None,
                   help="the run's seed (default: random, and printed)")
    p.add_argument("--out", metavar="FILE.csv", help="write one CSV row per game")
    p.add_argument("--go-on", metavar="FILE.csv",
                   help="go on with a run that was stopped, whose games FILE.csv holds (as "
                   "--out wrote them): give the run's --rules, --players, --games and --seed "
                   "(a stopped run prints the command), and --samples if it was given (the "
                   "file names the solver with its samples); its games and the new ones are "
                   "written back to FILE.csv, or to --out if given")
    p.add_argument("--no-duplicate", action="store_true",
                   help="do not play the games in pairs with the same packs and seats swapped")
    p.add_argument("--samples", type=_whole_number, default=None,
                   help="samples per decision for the solver player")
    p.add_argument("--chunk-size", type=_whole_number, default=None, help="games per task")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar (default: when stderr is a terminal; needs tqdm)")
    p.set_defaults(func=cmd_simulate, command_parser=p)

    p = sub.add_parser(
        "experiment", help="regenerate the book's experiments (Part IV)",
        description="Play the experiments of the book's Part IV and write their data files.",
    )
    p.add_argument("action", choices=("run", "plan"),
                   help="run: play and write the data files; plan: say what would be played")
    p.add_argument("--part", action="append", metavar="PART",
                   help=f"one of {', '.join(experiments.PARTS)} (repeatable; default all)")
    p.add_argument("--scale", choices=tuple(experiments.SCALES), default="full",
                   help="games per cell: full (the book), quick, tiny (default full)")
    p.add_argument("--workers", type=_whole_number, default=1,
                   help="processes to use (default 1; at most four per processor; the results "
                   "are the same whatever the number)")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run on a Dask cluster: the scheduler's address, e.g. tcp://host:8786")
    p.add_argument("--seed", type=_whole_number, default=experiments.SEED,
                   help=f"the bank of deals' seed (default {experiments.SEED})")
    p.add_argument("--out", default=str(experiments.DATA_DIR), metavar="DIR",
                   help=f"where to write the data files (default {experiments.DATA_DIR})")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show progress bars (default: when stderr is a terminal; needs tqdm)")
    p.add_argument("--cache", metavar="DIR",
                   help="keep every game's measures in DIR and reuse those kept by an earlier "
                   "run of the same code, so that a run stopped goes on where it stopped "
                   "(default: $PENNEECH_CACHE, else penneech/experiments in $XDG_CACHE_HOME "
                   "or ~/.cache)")
    p.add_argument("--no-cache", action="store_true",
                   help="keep nothing and reuse nothing: play every game again")
    p.set_defaults(func=cmd_experiment, command_parser=p)
    return parser


#: Plain-letter stand-ins for the characters the program prints, for a terminal whose encoding
#: lacks them (``PYTHONIOENCODING=latin-1``, an old Windows code page).
_PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
          "…": "...", "–": "-", "—": "--", "‘": "'", "’": "'", "“": '"', "”": '"', "×": "x",
          "−": "-", "·": ".", "→": "->", "≥": ">=", "≤": "<=", "\u00a0": " ", "✓": "v"}


def _plain(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start:exc.end]
    return "".join(_PLAIN.get(ch, ch.encode("ascii", "backslashreplace").decode("ascii"))
                   for ch in bad), exc.end


codecs.register_error("penneech-plain", _plain)


def _fit_the_terminal() -> None:
    """Let every line print whatever the terminal's encoding: characters it lacks are written
    as plain letters (``♠`` as ``S``) or escapes, never a crash."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = getattr(stream, "encoding", None) or "utf-8"
        if reconfigure is None or codecs.lookup(encoding).name == "utf-8":
            continue
        with contextlib.suppress(ValueError, OSError):
            reconfigure(errors="penneech-plain")


def main(argv: Sequence[str] | None = None) -> int:
    if sys.stdout is None or sys.stdin is None:
        # started with a standard stream closed (``penneech play <&-``)
        which = "output" if sys.stdout is None else "input"
        if sys.stderr is not None:
            print(f"error: the standard {which} is closed: penneech needs it", file=sys.stderr)
        return BAD_INPUT
    _fit_the_terminal()
    parser = build_parser()
    real = sys.stdout
    guarded = _Guarded(real)
    sys.stdout = cast(TextIO, guarded)
    try:
        try:
            args, extras = parser.parse_known_args(argv)
        except SystemExit:  # --help and --version print and exit: a full disk is told too
            sys.stdout.flush()
            if guarded.failed is not None:
                raise guarded.failed from None
            raise
        if extras:  # (told by the command's own parser, whose --help lists its options)
            command_parser: argparse.ArgumentParser = getattr(args, "command_parser", parser)
            known = command_parser._option_string_actions
            cut = [x.split("=")[0] for x in extras if x.startswith("--")]
            full = sorted({o for x in cut for o in known if o.startswith(x) and o != x})
            hint = f": write the option in full, {' or '.join(full)}" if full else ""
            command_parser.error(f"unrecognized arguments: {' '.join(extras)}{hint}")
        func: Any = args.func
        status = int(func(args))
        sys.stdout.flush()  # here, where a full disk can be told, not at exit
        return status
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C changes nothing now
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _quiet_broken_pipe()
        return 1
    except _OutputFailed as exc:
        _quiet_broken_pipe()
        return error(f"cannot write to the standard output: {exc.reason}")
    finally:
        sys.stdout = real


class _OutputFailed(OSError):
    """Writing to the standard output failed (a full disk, ``> /dev/full``).  Still an
    ``OSError`` with the same number, for the terminal game, which tells a closed terminal (EIO)
    by it."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.reason = cause.strerror or str(cause)


class _Guarded:
    """The standard output, with a failure to write to it told apart from the failures of the
    files a command writes (those are the command's to report, with what it kept)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        #: the last failed write (argparse's --help and --version swallow it)
        self.failed: _OutputFailed | None = None

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            self.failed = _OutputFailed(exc)
            raise self.failed from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise _OutputFailed(exc) from exc

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _quiet_broken_pipe() -> None:
    """After a closed pipe (``penneech replay … | head``), stop Python from complaining when it
    flushes stdout at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
