"""The rules told as text, for the command line (``penneech rules``) and the terminal game
(its ``rules`` command): read off :mod:`penneech.rules`, where every option's question, values,
sources and Cotton's words live."""

from __future__ import annotations

import textwrap

from .rules import (
    OPTIONS,
    PRESET_NAMES,
    PRESETS,
    SOURCES,
    Rules,
    RulesError,
    completed,
    holders,
    show_value,
)
from .text import py_shown

__all__ = ["describe_option", "describe_options", "describe_preset", "find_option",
           "reading_of", "rules_table"]


def rules_table() -> str:
    """The options × presets table as aligned text."""
    header = ["option", *PRESET_NAMES]
    rows = [header] + [
        [name, *(show_value(getattr(PRESETS[p], name)) for p in PRESET_NAMES)] for name in OPTIONS
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
    """Every option: its question, its values and who holds each, Cotton's words."""
    out = [describe_option(name) for name in OPTIONS]
    out.append("\n* not stated by that reading: the preset's value is our completion of it.")
    return "\n".join(out)


def describe_option(option: str, rules: Rules | None = None) -> str:
    """One option, as ``penneech rules`` lists it: its question, what it decides, each value
    with the presets that hold it (``*``: our completion of that reading), and Cotton's words.
    With ``rules`` (a game's), the value they hold is marked ``>``, and the reason their
    reading gives for it follows (or that the value was changed from that reading's).

    >>> print(describe_option("follow", Rules.parse("pagat,follow=free")))
    <BLANKLINE>
    follow: Must the second player follow suit?
      What the second player to a trick may play.
        suit: Must follow suit if able; otherwise may play any card. [pagat, gamester, davis]
        suit_or_trump: If able to follow suit, must follow suit or trump; otherwise may play any
        card. [parlett]
      > free: May play any card. [minimal]
      Cotton, chap. XXII: silent.
      In this game: follow = free.
        changed: pagat has suit
    """
    if not isinstance(option, str) or option not in OPTIONS:  # (a bare KeyError; 45a)
        raise RulesError(f"unknown rule option {py_shown(option)}: use one of "
                         f"{', '.join(OPTIONS)}")
    info = OPTIONS[option]
    held = getattr(rules, option) if rules is not None else None
    out = [f"\n{option}: {info.question}", _wrap(info.description, "  ")]
    for v in info.values:
        who = ", ".join(p + ("*" if completed(option, p) else "")
                        for p in holders(option, v.value)) or "no preset"
        line = _wrap(f"{show_value(v.value)}: {v.description} [{who}]", "    ")
        out.append("  >" + line[3:] if rules is not None and v.value == held else line)
    if info.cotton:
        out.append("  Cotton, chap. XXII:")
        out.extend(_wrap(passage, "    ") for passage in info.cotton.split("\n"))
    else:
        out.append("  Cotton, chap. XXII: silent.")
    if rules is not None:
        reading = reading_of(rules)
        out.append(f"  In this game: {option} = {show_value(held)}.")
        if held != getattr(PRESETS[reading], option):
            theirs = show_value(getattr(PRESETS[reading], option))
            out.append(_wrap(f"changed: {reading} has {theirs}", "    "))
        elif info.reasons.get(reading):
            out.append(_wrap(f"why ({reading}): {info.reasons[reading]}", "    "))
    return "\n".join(out)


def reading_of(rules: Rules) -> str:
    """The preset ``rules`` are a reading of: the one their notation starts from.

    >>> reading_of(Rules.parse("parlett,follow=free"))
    'parlett'
    """
    return str(rules).split(",")[0]


def find_option(text: str) -> str | None:
    """The option ``text`` names ("follow", "Turnups-Score", "turnups score"), or ``None``.

    >>> find_option("Turnups-Score"), find_option("trumps")
    ('turnups_score', None)
    """
    name = "_".join(text.strip().lower().replace("-", " ").split())
    return name if name in OPTIONS else None


def describe_preset(name: str, rules: Rules) -> str:
    """The options of ``rules``, a reading of preset ``name`` (its source and its reasons); an
    option changed from the preset is marked so, and the preset's reason is left out for it."""
    source = SOURCES[name]
    preset = PRESETS[name]
    url = f" <{source.url}>" if source.url else ""
    changed = [o for o in OPTIONS if getattr(rules, o) != getattr(preset, o)]
    notation = ",".join([name, *(f"{o}={show_value(getattr(rules, o))}" for o in changed)])
    lines = [f"{notation}: the preset {name} with {len(changed)} option"
             f"{'s' if len(changed) > 1 else ''} changed ({', '.join(changed)})"] if changed else []
    lines += [f"{name}: {source.author}, {source.title}{url}",
              _wrap(source.summary.replace("`", ""), "  "), ""]
    for option, info in OPTIONS.items():
        value = getattr(rules, option)
        vinfo = info.value_info(value)
        meaning = vinfo.description if vinfo else ""
        lines.append(f"  {option} = {show_value(value)}" + (f": {meaning}" if meaning else ""))
        if option in changed:
            theirs = show_value(getattr(preset, option))
            lines.append(_wrap(f"changed: {name} has {theirs}", "      "))
            continue
        reason = info.reasons.get(name)
        if reason:
            lines.append(_wrap(f"why: {reason}", "      "))
    return "\n".join(lines)
