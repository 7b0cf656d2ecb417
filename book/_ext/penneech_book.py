"""Sphinx directives that write the book's rule tables from the engine.

The rule options, their values, Cotton's words and each reading's reasons live in
:mod:`penneech.rules` and nowhere else.  These directives turn them into docutils nodes, so the
pages stay prose (MyST) and the data stays in the engine:

``{penneech-options-table}``
    One row per option, one column per preset, each cell the value that preset holds (marked
    ``*`` where a published reading does not state it and the value is our completion); the
    option names link to their sections (labels ``option-<name>``, underscores as hyphens).

``{penneech-option} NAME``
    One option: its question and description, Cotton's words (or his silence), a table of its
    values with who holds each, and each preset's reason with a citation.

``{penneech-players}``
    Every kind of computer player the engine offers, with its level (if a reader can pick it as
    an opponent by strength) and the engine's own one-line summary of how it plays.

``{cotton} PLACE``
    A block quotation of Cotton: its content is his paragraphs (blank lines between them, a line
    ``…`` alone for paragraphs left out, ``[p. N]`` where a page turns), ``PLACE`` is ``p. 148``,
    ``pp. 148–149`` or ``chap. IX, p. 109``.  ``tests/test_quotations.py`` checks every block
    against the transcription (``cotton_sources.py`` sets out the convention).

Short inline text (which may hold MyST roles such as ``{cite:p}``) is parsed by the page's own
parser, so citations and cross-references resolve as if typed in the page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cotton_sources import GAP_MARKS, PRINTER_HYPHEN, parse_place, tei_extract
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.ext.napoleon import Config as NapoleonConfig
from sphinx.ext.napoleon.docstring import GoogleDocstring
from sphinx.util.docutils import SphinxDirective

from penneech.live import OPTIONS_PAGE
from penneech.players import DEFAULT_OPPONENT, PLAYERS
from penneech.render import NAMED_OPTION, rule_link_title
from penneech.rules import (
    OPTIONS,
    PRESET_NAMES,
    PRESETS,
    SOURCES,
    completed,
    holders,
    option_anchor,
    show_value,
)

#: column headings: who stands behind each preset (``minimal`` and ``gamester`` are the project's
#: own readings, not Cotton's rules)
PRESET_LABELS = {
    "minimal": "Minimal reading (ours)",
    "pagat": "McLeod (pagat)",
    "parlett": "Parlett",
    "gamester": "From Cotton's other games (ours)",
    "davis": "Davis",
}


#: the mark of a value a published reading does not state (the preset's value is our completion)
COMPLETED_MARK = "*"
COMPLETED_NOTE = ("* Not stated by that reading: the preset's value is our completion of it, "
                  "and its reason says so.")


def held_by(option: str, value: Any) -> str:
    """Who holds ``value`` for ``option``, as the book's tables say it: the presets' labels, a
    published reading marked where the value is our completion of it, not its author's rule."""
    who = [PRESET_LABELS[p] + (COMPLETED_MARK if completed(option, p) else "")
           for p in holders(option, value)]
    return ", ".join(who) if who else "no preset"


def authority(preset: str) -> str:
    """The citation of who holds a preset's reading (none for the project's own readings: they
    are ours, not Cotton's, and their reasons cite Cotton where they quote him)."""
    source = SOURCES[preset]
    return "" if source.ours else f" {{cite:p}}`{source.bibkey}`"


def option_label(name: str) -> str:
    """The cross-reference label of an option's section on the reconstructions page."""
    return option_anchor(name)


show = show_value  # a value as the command line and the rules notation write it


def option_ref(name: str) -> addnodes.pending_xref:
    """A link to an option's section, showing the option's name in code font."""
    ref = addnodes.pending_xref(
        "", refdomain="std", reftype="ref", reftarget=option_label(name), refexplicit=True,
        refwarn=True,
    )
    ref += nodes.literal(name, name)
    return ref


def table(header: list[list[nodes.Node]], rows: list[list[list[nodes.Node]]],
          widths: list[int], classes: list[str]) -> nodes.table:
    """A docutils table from cells given as lists of nodes."""
    tbl = nodes.table(classes=["penneech-table", *classes])
    group = nodes.tgroup(cols=len(header))
    tbl += group
    for width in widths:
        group += nodes.colspec(colwidth=width)

    def row_of(cells: list[list[nodes.Node]]) -> nodes.row:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            para = nodes.paragraph()
            para.extend(cell)
            entry += para
            row += entry
        return row

    thead = nodes.thead()
    thead += row_of(header)
    group += thead
    tbody = nodes.tbody()
    for cells in rows:
        tbody += row_of(cells)
    group += tbody
    return tbl


def text(value: str) -> list[nodes.Node]:
    return [nodes.Text(value)]


class _Base(SphinxDirective):
    def parse(self, source: str) -> list[nodes.Node]:
        """Parse MyST source with the page's parser; the nodes it makes."""
        holder = nodes.Element()
        self.state.nested_parse(StringList(source.splitlines(), source=self.env.docname),
                                self.content_offset, holder)
        return list(holder.children)

    def parse_inline(self, source: str) -> list[nodes.Node]:
        """Like :meth:`parse` for one line, without the wrapping paragraph."""
        parsed = self.parse(source)
        if len(parsed) == 1 and isinstance(parsed[0], nodes.paragraph):
            return list(parsed[0].children)
        return parsed


class OptionsTable(_Base):
    """``{penneech-options-table}``: every option against every preset."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        header = [text("Option"), text("Question")]
        header += [
            self.parse_inline(f"{PRESET_LABELS[p]}{authority(p)}") for p in PRESET_NAMES
        ]
        rows = []
        for name, info in OPTIONS.items():
            values = [show(getattr(PRESETS[p], name)) for p in PRESET_NAMES]
            agreed = len(set(values)) == 1
            row: list[list[nodes.Node]] = [[option_ref(name)], text(info.question)]
            for preset, value in zip(PRESET_NAMES, values, strict=True):
                cell: nodes.Node = nodes.literal(value, value)
                if not agreed:
                    cell = nodes.strong("", "", cell)
                mark = [text(COMPLETED_MARK)[0]] if completed(name, preset) else []
                row.append([cell, *mark])
            rows.append(row)
        return [table(header, rows, [14, 20] + [13] * len(PRESET_NAMES),
                      ["penneech-options-table"]),
                nodes.paragraph("", COMPLETED_NOTE)]


class Option(_Base):
    """``{penneech-option} NAME``: one option in full."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        if name not in OPTIONS:
            raise self.error(f"unknown rule option {name!r}: the options are {', '.join(OPTIONS)}")
        info = OPTIONS[name]
        out: list[nodes.Node] = []

        lead = nodes.paragraph()
        lead += nodes.strong(info.question, info.question)
        lead += nodes.Text(" " + info.description + " (option ")
        lead += nodes.literal(name, name)
        lead += nodes.Text(".)")
        out.append(lead)

        if info.cotton:
            out.append(nodes.paragraph("", "What the Penneech chapter says that bears on it:"))
            passages = nodes.bullet_list(classes=["cotton-passages"])
            for passage in info.cotton.split("\n"):
                item = nodes.list_item()
                para = nodes.paragraph()
                para.extend(self.parse_inline(passage))
                item += para
                passages += item
            out.append(passages)
        else:
            out.append(nodes.paragraph("", "The Penneech chapter says nothing about it."))

        header = [text("Value"), text("Meaning"), text("Held by")]
        rows = []
        for value_info in info.values:
            rows.append([[nodes.literal(show(value_info.value), show(value_info.value))],
                         text(value_info.description), text(held_by(name, value_info.value))])
        out.append(table(header, rows, [16, 56, 28], ["penneech-option-table"]))
        if info.unstated:
            out.append(nodes.paragraph("", COMPLETED_NOTE))

        reasons = nodes.bullet_list()
        for preset in PRESET_NAMES:
            reason = info.reasons.get(preset)
            if not reason:  # (a reading left out of the list would pass unseen)
                raise self.error(f"rule option {name!r} gives no reason for the {preset} "
                                 f"reading: write one in OptionInfo.reasons (penneech/rules.py)")
            value = show(getattr(PRESETS[preset], name))
            item = nodes.list_item()
            para = nodes.paragraph()
            para += nodes.strong(PRESET_LABELS[preset], PRESET_LABELS[preset])
            para += nodes.Text(" (")
            para += nodes.literal(value, value)
            para += nodes.Text(")")
            cite = authority(preset)
            if cite:
                para += nodes.Text(" ")
                para.extend(self.parse_inline(cite.strip()))
            para += nodes.Text(": ")
            para.extend(self.parse_inline(reason))
            item += para
            reasons += item
        out.append(reasons)
        return out


class CottonQuote(_Base):
    """``{cotton} PLACE``: a block quotation of Cotton, with its place under it."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self) -> list[nodes.Node]:
        place = self.arguments[0].strip()
        try:
            chapter, first, last = parse_place(place)
        except ValueError as exc:
            raise self.error(str(exc)) from None
        quote = nodes.block_quote(classes=["cotton-quote"])
        quote.extend(self.parse("\n".join(self.content)))
        pages = f"p. {first}" if first == last else f"pp. {first}–{last}"
        if chapter is None and 148 <= first <= last <= 149:
            chapter = "XXII"
        where = f"chap. {chapter}, {pages}" if chapter else pages
        attribution = nodes.attribution()
        attribution.extend(self.parse_inline(f"*The Compleat Gamester* (1674), {where}"))
        quote += attribution
        return [quote]


#: the key to the marks an extract may use, as the key on cotton.md words them (the gaps'
#: marks are those of :data:`cotton_sources.GAP_MARKS`)
EXTRACT_MARKS = {
    "[•]": "[•] one letter the transcribers could not read",
    "[••]": "[••] two letters the transcribers could not read",
    "[•••]": "[•••] three letters the transcribers could not read",
    "[◊]": "[◊] a word the transcribers could not read",
    "[illegible passage]": "[illegible passage] a longer stretch the transcribers could not read",
    PRINTER_HYPHEN: f"{PRINTER_HYPHEN} at the end of a line, the printer's hyphen (a word broken "
                    "between two lines)",
    "ſ": "ſ the long s, which this transcription keeps",
    "…": "… where the extract begins or ends inside a paragraph",
}
assert set(GAP_MARKS.values()) <= set(EXTRACT_MARKS)


def _emphasised(line: str, italic: bool) -> tuple[list[nodes.Node], bool]:
    """A line in the reading-text convention as nodes: ``*…*`` the printer's italics (which may
    run on from the line before: ``italic`` says whether it does, and the result whether it
    runs on to the next)."""
    out: list[nodes.Node] = []
    for k, piece in enumerate(line.split("*")):
        if k:
            italic = not italic
        if piece:
            out.append(nodes.emphasis(piece, piece) if italic else nodes.Text(piece))
    return out, italic


class TcpExtract(_Base):
    """``{tcp-extract} FILE``: lines of a TCP file as readable text, with their provenance."""

    required_arguments = 1
    has_content = False
    option_spec = {"lines": directives.unchanged_required, "caption": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        given = self.arguments[0]
        rel, path = self.env.relfn2path(given)
        self.env.note_dependency(rel)
        try:
            start, _, end = self.options["lines"].partition("-")
            first, last = int(start), int(end or start)
            extract = tei_extract(Path(path), first, last)
        except (KeyError, ValueError) as exc:
            raise self.error(f"{given}: give :lines: FIRST-LAST of a TEI file ({exc})") from None
        box = nodes.container(classes=["tcp-extract"])
        if "caption" in self.options:
            caption = nodes.paragraph(classes=["tcp-extract-caption"])
            caption += nodes.strong("", "", *self.parse_inline(self.options["caption"]))
            box += caption
        text = nodes.container(classes=["tcp-extract-text"])
        used: list[str] = []
        italic_used = False
        for kind, lines in extract:
            block = nodes.line_block(classes=[f"tcp-{kind}"])
            italic = False
            for line in lines:
                italic_used = italic_used or "*" in line
                inline, italic = _emphasised(line, italic)
                block += nodes.line("", "", *inline)
                used += [m for m in EXTRACT_MARKS if m in line and m not in used]
            text += block
        box += text
        name = Path(given).name
        where = f"line {first}" if first == last else f"lines {first}–{last}"
        marks = (["*italic*, the printer's italic"] if italic_used else []) + [
            EXTRACT_MARKS[m] for m in EXTRACT_MARKS if m in used]
        marks.append("line breaks as the transcription keeps them")
        source = nodes.paragraph(classes=["tcp-extract-source"])
        source.extend(self.parse_inline(
            f"From {where} of {{download}}`{name} <{given}>`.  Marks: {'; '.join(marks)} "
            "(see {ref}`how to read the transcription <cotton-conventions>`)."))
        box += source
        box.extend(self.parse(
            ":::{dropdown} The transcription's markup\n"
            ":class-container: tcp-extract-markup\n\n"
            f"```{{literalinclude}} {given}\n:language: xml\n:lines: {first}-{last}\n```\n"
            ":::"))
        return [box]


def resolve_short_names(app: Sphinx, env: Any, node: addnodes.pending_xref,
                        contnode: nodes.Element) -> nodes.Element | None:
    """Resolve a bare name in an engine docstring (``:class:`Rules``` in ``penneech.game``).

    Sphinx looks a bare name up only in the current module; the engine's docstrings also name
    objects of its other modules that way.  A bare name that matches exactly one documented
    ``penneech.*`` object links to it; anything else stays a missing reference (a warning).
    """
    if node.get("refdomain") != "py" or "." in node["reftarget"]:
        return None
    domain = env.get_domain("py")
    target = node["reftarget"]
    matches = [name for name in domain.objects
               if name.startswith("penneech.") and name.rsplit(".", 1)[-1] == target]
    module = node.get("py:module") or ""
    klass = node.get("py:class")
    if klass:  # an attribute of the class being documented comes first
        own = f"{module}.{klass}.{target}"
        if own in domain.objects:
            matches = [own]
    if len(matches) != 1:
        return None
    return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], matches[0],
                               node, contnode)


#: Google-style sections (Args:, Returns:, Attributes:) as the engine's docstrings write them
NAPOLEON = NapoleonConfig(napoleon_google_docstring=True, napoleon_numpy_docstring=False,
                          napoleon_use_param=True, napoleon_use_rtype=True,
                          napoleon_use_ivar=True)


def google_docstrings(app: Sphinx, what: str, name: str, obj: Any, options: Any,
                      lines: list[str]) -> None:
    """Napoleon's Google-style parsing, except on one-line attribute and property docstrings.

    ``sphinx.ext.napoleon`` reads a property or attribute docstring such as ``"The card in
    words: ..."`` as ``type: description`` and turns the words before the colon into a type (a
    broken cross-reference).  The engine writes plain sentences there, so those are parsed like a
    function's docstring: sections still work, and a colon is just a colon.
    """
    kind = "method" if what in ("attribute", "property", "data") else what
    lines[:] = GoogleDocstring(lines, NAPOLEON, app, kind, name, obj, options).lines()


class Players(_Base):
    """``{penneech-players}``: the computer players, from the engine's registry."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        items = nodes.bullet_list(classes=["penneech-players"])
        for kind in PLAYERS.values():
            notes = [f"the {kind.level} level"] if kind.level else []
            if kind.name == DEFAULT_OPPONENT:
                notes.append("the usual opponent")
            item = nodes.list_item()
            para = nodes.paragraph()
            para += nodes.literal(kind.name, kind.name)
            para += nodes.Text((f" ({', '.join(notes)})" if notes else "") + f": {kind.summary}.")
            item += para
            items += item
        return [items]


def rule_links_script() -> str:
    """``window.PENNEECH_RULES``: for ``penneech.js``, which links each rule option named in
    brackets in the static worked hands ("(turnups_score; now 8)") to its section of the options
    page, as the live table's account does (:func:`penneech.render.live_table_html`): the page,
    the pattern that finds a name, and each option's anchor and link title, from the engine."""
    rules = {"page": OPTIONS_PAGE, "pattern": NAMED_OPTION.pattern,
             "options": {name: {"anchor": option_anchor(name), "title": rule_link_title(name)}
                         for name in OPTIONS}}
    return "window.PENNEECH_RULES = " + json.dumps(rules, ensure_ascii=False, sort_keys=True) + ";"


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_js_file(None, body=rule_links_script())
    app.setup_extension("sphinx.ext.autodoc")
    app.connect("autodoc-process-docstring", google_docstrings)
    app.connect("missing-reference", resolve_short_names)
    app.add_directive("penneech-options-table", OptionsTable)
    app.add_directive("penneech-option", Option)
    app.add_directive("penneech-players", Players)
    app.add_directive("cotton", CottonQuote)
    app.add_directive("tcp-extract", TcpExtract)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
