"""MyST markup as plain Markdown, for the live copies of the book's notebooks.

JupyterLab renders a notebook's markdown cells as CommonMark: a MyST role such as
``{term}`tricks <trick>``` or a directive fence such as ``:::{div} pn-steps`` would show as
typed.  :func:`plain_markdown` turns a cell into what the book's page shows, in plain Markdown:

- a glossary term or a cross-reference becomes its words (``tricks``; a ``{ref}`` with no words
  of its own takes its section's title from ``titles``);
- a citation becomes the label the bibliography gives it, in brackets (``[McL]``), from
  ``citations`` (the book's build passes the labels sphinxcontrib-bibtex made);
- a Python object (``{mod}``, ``{py:data}``, ...) becomes a code span of its name;
- ``{download}`` becomes a link to the file (the live copies have the book's data folders beside
  them);
- an admonition becomes a block quote under its title, a ``div`` or ``container`` its content,
  a ``{penneech-live}`` panel a note that the panel is on the book's page;
- a label line ``(name)=`` and a MyST comment line ``% ...`` disappear;
- a link to a page of the book (``[words](page.md)``) becomes its words: the live copies have the
  notebooks, not the pages (a link to a notebook stays).

Code spans and fenced code are left as they are.  A role or directive it has no plain form for
is an error (:class:`ValueError`), so that a new one is handled rather than shown raw.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

#: a fence line: its indentation, the fence (``` ~~~ :::) and what follows it
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,}|:{3,})(?P<info>.*)$")
DIRECTIVE = re.compile(r"^\{(?P<name>[\w:.+-]+)\}\s*(?P<arg>.*)$")
LABEL = re.compile(r"^ {0,3}\([^()\s]+\)=\s*$")
COMMENT = re.compile(r"^ {0,3}%")
#: a role's name, just before a code span
ROLE_NAME = re.compile(r"\{(?P<name>[A-Za-z][\w:.+-]*)\}$")
#: "words <target>" in a role's body
TITLED = re.compile(r"^(?P<title>.*?)\s*<(?P<target>[^<>]+)>$", re.S)

ADMONITIONS = {"note", "tip", "hint", "important", "warning", "caution", "attention", "danger",
               "error", "seealso"}
#: what a live panel on the book's page is (book/_ext/penneech_live.py names its buttons)
LIVE_PANELS = {"play": "the card table, **Play live**",
               "compare": "a pack dealt again, **Deal this seed live**",
               "replay": "a record file opened and stepped through",
               "experiment": "many games played, **Run live**",
               "prompt": "a Python prompt, **Run live**"}
PY_ROLES = {"mod", "func", "class", "data", "meth", "attr", "obj", "exc", "const"}


def plain_markdown(text: str, citations: Mapping[str, str],
                   titles: Mapping[str, str] | None = None) -> str:
    """``text`` (a markdown cell, MyST) as plain Markdown; see the module's docstring."""
    return "".join(_blocks(text.splitlines(keepends=True), citations, titles or {}))


def _blocks(lines: list[str], citations: Mapping[str, str],
            titles: Mapping[str, str]) -> list[str]:
    out: list[str] = []
    prose: list[str] = []

    def flush() -> None:
        if prose:
            out.append(_inline("".join(prose), citations, titles))
            prose.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        m = FENCE.match(line.rstrip("\n"))
        if m and not (m["fence"][0] == "`" and "`" in m["info"]):
            end = _closing(lines, i + 1, m["fence"])
            body = lines[i + 1:end]
            close = lines[end] if end < len(lines) else ""
            flush()
            info = m["info"].strip()
            directive = DIRECTIVE.match(info)
            if directive is None and m["fence"][0] == ":" and info:
                word, _, rest = info.partition(" ")
                directive = DIRECTIVE.match(f"{{{word}}} {rest}")
            if directive and m["fence"][0] != "~":
                out.extend(_directive(directive["name"], directive["arg"].strip(), body,
                                      citations, titles))
            else:  # fenced code: as it is
                out.extend([line, *body, close])
            i = end + 1
            continue
        if LABEL.match(line) or COMMENT.match(line):
            i += 1
            continue
        prose.append(line)
        i += 1
    flush()
    return out


def _closing(lines: list[str], start: int, fence: str) -> int:
    """The index of the line that closes ``fence`` (CommonMark: the same character, at least as
    many, nothing else on the line); ``len(lines)`` if none does."""
    for j in range(start, len(lines)):
        stripped = lines[j].strip()
        if (len(stripped) >= len(fence) and set(stripped) == {fence[0]}):
            return j
    return len(lines)


def _options(body: list[str]) -> tuple[dict[str, str], list[str]]:
    """A directive's options (``:name: value`` lines, or a ``---`` block) and its content."""
    options: dict[str, str] = {}
    if body and body[0].strip() == "---":
        end = next((j for j in range(1, len(body)) if body[j].strip() == "---"), len(body))
        for line in body[1:end]:
            key, _, value = line.partition(":")
            options[key.strip()] = value.strip()
        return options, body[end + 1:]
    j = 0
    while j < len(body) and (m := re.match(r"^:([\w-]+):\s*(.*)$", body[j].strip())):
        options[m[1]] = m[2]
        j += 1
    return options, body[j:]


def _directive(name: str, arg: str, body: list[str], citations: Mapping[str, str],
               titles: Mapping[str, str]) -> list[str]:
    options, content = _options(body)
    while content and not content[0].strip():
        content = content[1:]
    inner = "".join(_blocks(content, citations, titles)).rstrip("\n")
    if name in ADMONITIONS or name == "admonition":
        title = _inline(arg, citations, titles) if arg else name.capitalize()
        if name == "seealso" and not arg:
            title = "See also"
        quoted = "\n".join(f"> {line}".rstrip() for line in inner.split("\n")) if inner else ""
        return [f"> **{title}**\n" + (">\n" + quoted + "\n" if quoted else "")]
    if name in ("div", "container"):
        return [inner + "\n"] if inner else []
    if name in ("code-block", "code", "sourcecode"):
        fence = "`" * max(3, _longest_run("".join(content), "`") + 1)
        return [f"{fence}{arg}\n", *content, f"{fence}\n"]
    if name == "penneech-live":
        kind = arg.split()[0] if arg else ""
        if kind not in LIVE_PANELS:
            raise ValueError(f"no plain Markdown for the live panel {arg!r}")
        return [f"> *On the book's web page, a live panel stands here ({LIVE_PANELS[kind]}): "
                "it runs the engine in that page, not in this notebook.*\n"]
    raise ValueError(f"no plain Markdown for the directive {{{name}}}")


def _longest_run(text: str, char: str) -> int:
    return max((len(m) for m in re.findall(f"{re.escape(char)}+", text)), default=0)


def _inline(text: str, citations: Mapping[str, str], titles: Mapping[str, str]) -> str:
    """Roles in prose: each is a ``{name}`` just before a code span.  A code span opens with a
    run of backticks and closes at the next run of as many (CommonMark); an unclosed run is
    text."""
    out: list[str] = []
    pos = 0  # the text before pos is in out
    i = 0
    while (m := re.compile(r"`+").search(text, i)) is not None:
        ticks = m.group()
        close = re.compile(rf"(?<!`){ticks}(?!`)").search(text, m.end())
        if close is None:
            i = m.end()
            continue
        role = ROLE_NAME.search(text, pos, m.start())
        if role is not None and role.end() == m.start():
            body = text[m.end():close.start()]
            if len(ticks) > 1:  # ``{role}`` `` x `` ``: CommonMark strips one space each side
                body = body[1:-1] if body.startswith(" ") and body.endswith(" ") else body
            out.append(_unlinked(text[pos:role.start()]))
            out.append(_role(role["name"], body, citations, titles))
        else:
            out.append(_unlinked(text[pos:m.start()]) + text[m.start():close.end()])
        pos = i = close.end()
    out.append(_unlinked(text[pos:]))
    return "".join(out)


#: a Markdown link to another page of the book (``[the reconstructions](reconstructions.md)``)
PAGE_LINK = re.compile(
    r"\[(?P<words>[^\[\]]+)\]\((?![a-z]+:)(?P<page>[^()\s]+\.md)(?:#[^()\s]*)?\)")


def _unlinked(prose: str) -> str:
    """``prose`` with each link to a page of the book (a ``.md`` file, which JupyterLite does
    not have: a click there ends in "file not found") as its words only.  Links to notebooks
    stay: the live copies are beside each other."""
    return PAGE_LINK.sub(lambda m: m["words"], prose)


def _code(text: str) -> str:
    ticks = "`" * (_longest_run(text, "`") + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _role(name: str, body: str, citations: Mapping[str, str],
          titles: Mapping[str, str]) -> str:
    titled = TITLED.match(body)
    title, target = (titled["title"], titled["target"]) if titled else ("", body)
    bare = name.split(":")[-1]
    if name in ("term", "std:term", "doc", "std:doc", "any", "numref", "eq"):
        if title:
            return title
        if name in ("term", "std:term"):
            return body
    if name in ("ref", "std:ref"):
        if title:
            return title
        if target in titles:
            return titles[target]
        raise ValueError(f"{{ref}}`{body}`: no section title for the label {target!r}")
    if name in ("cite", "cite:p", "cite:ps"):
        keys = [key.strip() for key in body.split(",")]
        missing = [key for key in keys if key not in citations]
        if missing:
            raise ValueError(f"{{{name}}}`{body}`: no bibliography label for {missing}")
        return "[" + ", ".join(citations[key] for key in keys) + "]"
    if name in PY_ROLES or (name.startswith("py:") and bare in PY_ROLES):
        if title:
            return _code(title)
        shown = target.lstrip("!")
        if shown.startswith("~"):
            shown = shown[1:].rsplit(".", 1)[-1]
        return _code(shown)
    if name == "download":
        return f"[{title or target.rsplit('/', 1)[-1]}]({target})"
    if name in ("code", "literal", "samp", "kbd", "file", "command", "program"):
        return _code(body)
    if name == "abbr":
        return body.split(" (", 1)[0]
    if name in ("sub", "sup"):
        return f"<{name}>{body}</{name}>"
    if name == "math":
        return f"${body}$"
    raise ValueError(f"no plain Markdown for the role {{{name}}}`{body}`")
