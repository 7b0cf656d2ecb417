"""The ``penneech`` command.

``penneech rules [PRESET]``
    every option, its values, which reading holds which and why, with sources.
``penneech replay FILE... [--json]``
    replay ``penneech-record/1`` files: a readable account, or one JSON object per file.
``penneech play`` / ``penneech simulate``
    play the computer in the terminal; run many games (see ``--help`` of each).

Bad input ends with exit status 2 and a one-line message on stderr starting ``error:``.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from .rules import OPTIONS, PRESET_NAMES, PRESETS, SOURCES, Rules, RulesError, holders

__all__ = ["main", "error"]


def error(message: str) -> int:
    """Print ``error: message`` on stderr and return the exit status for bad input (2)."""
    print(f"error: {message}", file=sys.stderr)
    return 2


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# -- penneech rules ---------------------------------------------------------------------------


def rules_table() -> str:
    """The options × presets table as aligned text."""
    header = ["option", *PRESET_NAMES]
    rows = [header] + [
        [name, *(_show(getattr(PRESETS[p], name)) for p in PRESET_NAMES)] for name in OPTIONS
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(text, width=96, initial_indent=indent, subsequent_indent=indent)


def describe_options() -> str:
    out: list[str] = []
    for name, info in OPTIONS.items():
        out.append(f"\n{name}: {info.question}")
        out.append(_wrap(info.description, "  "))
        for v in info.values:
            held = ", ".join(holders(name, v.value)) or "no preset"
            out.append(_wrap(f"{_show(v.value)}: {v.description} [{held}]", "    "))
        if name == "target":
            out.append("    (any whole number from 1 up)")
        if info.cotton:
            out.append("  Cotton, chap. XXII:")
            out.extend(_wrap(passage, "    ") for passage in info.cotton.split("\n"))
        else:
            out.append("  Cotton, chap. XXII: silent.")
    return "\n".join(out)


def describe_preset(name: str, rules: Rules) -> str:
    source = SOURCES[name]
    url = f" <{source.url}>" if source.url else ""
    lines = [f"{name}: {source.author}, {source.title}{url}"]
    lines.append(_wrap(source.summary.replace("`", ""), "  "))
    lines.append("")
    for option, info in OPTIONS.items():
        value = getattr(rules, option)
        vinfo = info.value_info(value)
        meaning = vinfo.description if vinfo else ""
        lines.append(f"  {option} = {_show(value)}" + (f": {meaning}" if meaning else ""))
        reason = info.reasons.get(name)
        if reason:
            lines.append(_wrap(f"why: {reason}", "      "))
    return "\n".join(lines)


def cmd_rules(args: argparse.Namespace) -> int:
    if args.preset is None:
        print("Penneech: the rule options and the four readings\n")
        print(rules_table())
        print(describe_options())
        print("\nSources:")
        for s in SOURCES.values():
            print(f"  {s.key}: {s.author}, {s.title} ({s.year})" + (f" <{s.url}>" if s.url else ""))
        return 0
    try:
        rules = Rules.preset(args.preset)
    except RulesError as exc:
        return error(str(exc))
    print(describe_preset(args.preset, rules))
    return 0


# -- penneech replay --------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace) -> int:
    from . import record

    status = 0
    for path in args.files:
        try:
            game = record.load(path)
        except record.RecordError as exc:
            status = error(str(exc))
            continue
        if args.json:
            print(json.dumps(record.replay_summary(game, path), ensure_ascii=False))
            continue
        from .narrate import narrate

        print(f"== {path}: {' v '.join(game.names)}, rules {game.rules}")
        for line in narrate(game.events, game.names):
            print(line)
        outcome = game.outcome
        if outcome is not None:
            print(f"Result: {outcome}.")
        else:
            a, b = game.scores
            print(f"The game is in progress: {game.names[0]} {a}, {game.names[1]} {b}.")
        print()
    return status


# -- the parser ---------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors print ``error: …`` like every other bad input."""

    def error(self, message: str) -> Any:
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="penneech", description="Penneech, a 1670s card game for two.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("rules", help="the rule options and what each reading holds")
    p.add_argument("preset", nargs="?", help=f"one of {', '.join(PRESET_NAMES)}")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("replay", help="replay penneech-record/1 files")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    p.set_defaults(func=cmd_replay)

    _add_play_and_simulate(sub)
    return parser


def _add_play_and_simulate(sub: Any) -> None:
    """Hook: the terminal game and the simulations register their own subcommands."""
    import importlib
    import importlib.util

    for name in ("terminal", "simulation"):
        if importlib.util.find_spec(f"penneech.{name}") is not None:
            importlib.import_module(f"penneech.{name}").add_parser(sub)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
