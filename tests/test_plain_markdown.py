"""The live copies' markdown cells: MyST roles and directives turned into plain Markdown
(``book/_ext/plain_markdown.py``), which JupyterLab renders as the book's page reads."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import yaml
from pybtex.database import parse_file
from pybtex.plugin import find_plugin

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
sys.path.insert(0, str(BOOK / "_ext"))

import penneech_bibstyle  # noqa: E402
from penneech_live import KINDS  # noqa: E402
from plain_markdown import LIVE_PANELS, plain_markdown  # noqa: E402

penneech_bibstyle.setup(None)

#: markup JupyterLab would show as typed: a role, a directive's fence, a label line
MARKUP = re.compile(r"\{[\w:.+-]+\}`|^ {0,3}(```|~~~|:::)+\s*\{|^ {0,3}\([^()\s]+\)=\s*$", re.M)


def _bib_entries() -> list:
    """references.bib as the book's bibliography page formats it (the book's style, alpha's
    labels, over the whole file: the page lists it all)."""
    style = find_plugin("pybtex.style.formatting", penneech_bibstyle.NAME)()
    return list(style.format_bibliography(parse_file(BOOK / "references.bib")).entries)


def _bib_labels() -> dict[str, str]:
    """The labels sphinxcontrib-bibtex gives references.bib."""
    return {entry.key: entry.label for entry in _bib_entries()}


def test_the_bibliography_is_one_alphabetical_list() -> None:
    """Entries without an author sort by their key or title among the rest (they came first,
    out of order), the labels stay alpha's, and the anonymous 1674 and 1687 books print their
    attributed author in brackets (review 46c)."""
    entries = _bib_entries()
    alpha = find_plugin("pybtex.style.formatting", "alpha")()
    labels = {e.key: e.label
              for e in alpha.format_bibliography(parse_file(BOOK / "references.bib")).entries}
    assert {e.key: e.label for e in entries} == labels
    order = [e.key for e in entries]
    assert order[0] == "century-penuchle"
    assert order.index("century-penuchle") < order.index("chatto1848") < order.index(
        "cotton1674") < order.index("mcleod-pagat") < order.index("tcp-a34637") < order.index(
        "wikipedia-penneech") < order.index("wordnet-penuchle")
    texts = {e.key: e.text.render_as("text") for e in entries}
    assert texts["cotton1674"].startswith("[Charles Cotton]. The Compleat Gamester: or,")
    assert texts["cotton1687"].startswith("[Charles Cotton]. Instructions")
    assert texts["mcleod-pagat"].startswith("John McLeod.")


CITATIONS = {"mcleod-pagat": "McL", "cotton1674": "Cot74", "parlett-histocs": "Par"}


def _notebooks() -> list[Path]:
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    files = re.findall(r"file:\s*(\S+)", toc) + [yaml.safe_load(toc)["root"]]
    return sorted(BOOK / f"{f}.ipynb" for f in files if (BOOK / f"{f}.ipynb").is_file())


def test_a_role_with_and_without_a_target() -> None:
    assert plain_markdown("seven {term}`tricks <trick>` in {term}`trumps`.", {}) == (
        "seven tricks in trumps.")
    assert plain_markdown("told {ref}`further down <how-which-rules>`", {}) == (
        "told further down")
    assert plain_markdown("see {ref}`how-which-rules`", {},
                          {"how-which-rules": "Which rules this page teaches"}) == (
        "see Which rules this page teaches")
    with pytest.raises(ValueError, match="no section title"):
        plain_markdown("see {ref}`nowhere`", {})


def test_several_roles_on_a_line_and_over_a_line_break() -> None:
    text = ("McLeod {cite:p}`mcleod-pagat` of the chapter {cite:p}`cotton1674`, "
            "({py:data}`penneech.rules.OPTIONS`; {mod}`~penneech.analysis`) {term}`follow\nsuit`")
    assert plain_markdown(text, CITATIONS) == (
        "McLeod [McL] of the chapter [Cot74], (`penneech.rules.OPTIONS`; `analysis`) "
        "follow\nsuit")
    assert plain_markdown("{cite:p}`mcleod-pagat,parlett-histocs`", CITATIONS) == "[McL, Par]"
    with pytest.raises(ValueError, match="no bibliography label"):
        plain_markdown("{cite:p}`nobody`", CITATIONS)


def test_a_code_span_is_not_a_role() -> None:
    text = ("type `{term}` or ``a {ref}`x` b``, then `penneech replay` {ref}`a <b>`, "
            "{term}`lead`, and a lone ` tick")
    assert plain_markdown(text, {}) == (
        "type `{term}` or ``a {ref}`x` b``, then `penneech replay` a, lead, and a lone ` tick")
    fenced = "```python\nx = '{term}`trick`'\n(label)=\n```\n"
    assert plain_markdown(fenced, {}) == fenced


def test_a_download_is_a_link_to_the_file() -> None:
    assert plain_markdown("here: {download}`example.json <records/example.json>`.", {}) == (
        "here: [example.json](records/example.json).")
    assert plain_markdown("{download}`records/example.json`", {}) == (
        "[example.json](records/example.json)")


def test_a_link_to_a_page_of_the_book_is_its_words() -> None:
    """JupyterLite has the notebooks, not the book's pages: a link to a page would end in "file
    not found", so it becomes its words; links to notebooks and to other sites stay."""
    text = ("on [the reconstructions](reconstructions.md) and [Cotton's\nchapter]"
            "(cotton.md#sentence-3); [Replay](replay-a-record.ipynb), [a page](https://x.org/a.md) "
            "and `[code](y.md)`")
    assert plain_markdown(text, {}) == (
        "on the reconstructions and Cotton's\nchapter; [Replay](replay-a-record.ipynb), "
        "[a page](https://x.org/a.md) and `[code](y.md)`")


def test_directives_with_options_and_labels() -> None:
    text = ("(how-which-rules)=\n## Rules\n\n:::{div} pn-steps\n| a | {ref}`b <c>` |\n|--|--|\n"
            ":::\n\n```{note}\n:class: dropdown\nSee {term}`trick`.\n\nTwo.\n```\n\n"
            "````{admonition} On trumps\n```{warning}\nHot.\n```\n````\n")
    assert plain_markdown(text, {}) == (
        "## Rules\n\n| a | b |\n|--|--|\n\n> **Note**\n>\n> See trick.\n>\n> Two.\n\n"
        "> **On trumps**\n>\n> > **Warning**\n> >\n> > Hot.\n")
    live = plain_markdown("Deal:\n\n```{penneech-live} compare\n:option: choose\n:seed: 8\n```\n",
                          {})
    assert live.startswith("Deal:\n\n> *On the book's web page, a live panel stands here "
                           "(a pack dealt again, **Deal this seed live**)")
    assert set(LIVE_PANELS) == set(KINDS), "a kind of live panel has no note in the live copy"
    with pytest.raises(ValueError, match="directive"):
        plain_markdown("```{figure} x.png\n```\n", {})
    with pytest.raises(ValueError, match="role"):
        plain_markdown("{unknown}`x`", {})


def test_the_bibliography_labels_are_the_books() -> None:
    """The labels the tests use are those of the book's bibliography (the build takes them from
    sphinxcontrib-bibtex itself)."""
    labels = _bib_labels()
    assert {key: labels[key] for key in CITATIONS} == CITATIONS


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.relative_to(BOOK).as_posix())
def test_every_notebook_converts(path: Path) -> None:
    """Every markdown cell of every notebook becomes plain Markdown with no MyST left, each
    line without markup kept as it is, and nothing else changed."""
    citations = _bib_labels()
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        plain = plain_markdown(text, citations)
        assert not MARKUP.search(plain), f"{path.name}: MyST left in\n{plain}"
        kept = plain.splitlines()
        for line in text.splitlines():
            # (a line that holds a link to a page of the book, or part of one, loses the link)
            if not re.search(r"[{}]|^ {0,3}(:::|```)|^ {0,3}:\w+:|^\(.*\)=$|\.md[)#]|\[[^\]]*$"
                             r"|^[^\[]*\]\(", line):
                assert line in kept, f"{path.name}: lost the line {line!r}"


def test_the_real_notebooks_read_as_on_the_page() -> None:
    citations = _bib_labels()

    def cell(name: str, index: int) -> str:
        nb = json.loads((BOOK / name).read_text(encoding="utf-8"))
        return plain_markdown("".join(nb["cells"][index]["source"]), citations)

    first = cell("how-to-play.ipynb", 0)
    assert "played out in seven\ntricks: one player leads a card" in first
    assert "which one, and why, is told further down." in first
    steps = cell("how-to-play.ipynb", 3)
    assert "| 1 | dealer |" in steps and "| sentence 1; one at a time: sentence 5;" in steps
    which = cell("how-to-play.ipynb", 5)
    assert which.startswith("## Which rules this page teaches\n")
    assert "reconstruction\n[McL] of the 1674 chapter [Cot74]" in which
    assert "({py:data}" not in cell("change-one-rule.ipynb", 0)
    assert "(`penneech.rules.OPTIONS`)" in cell("change-one-rule.ipynb", 0)
    assert "[example.json](records/example.json)" in cell("replay-a-record.ipynb", 1)
    assert "compared on the reconstructions page" in which and ".md)" not in which
    assert (BOOK / "records" / "example.json").is_file()
