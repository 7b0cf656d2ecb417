"""Cotton's text: reading texts made from the TCP transcription, and quotations checked against it.

The book, the tests and ``tools/cotton_texts.py`` share this module; it needs only the standard
library and the files in ``book/sources``.

**From TEI to text.**  :func:`reading_text` turns the TCP encoding (``*.tei.xml``) into the
book's reading text: one paragraph a line, ``*…*`` for the printer's italics, ``[p. N]`` for a page
break, the printer's end-of-line hyphens joined, and each gap the transcribers marked as
illegible shown by its extent (``[•]``, ``[••]``, ``[•••]`` letters, ``[◊]`` a word,
``[illegible passage]`` a longer stretch).  :func:`lineated_text` keeps the printed lines
instead, with the printer's hyphen shown as ``¬``.

**Quotations.**  Everywhere in the project a quotation of Cotton is written in curly quotation
marks followed at once by its place in parentheses::

    “he that dealt not plays first” (chap. IX, p. 109)
    “but it is but seven in hand” (p. 149)

``…`` marks a cut; the printer's italics are kept as ``*…*``.  A longer passage is a block
(the ``{cotton}`` directive, see ``penneech_book.py``), whose paragraphs are Cotton's paragraphs.
:func:`find_quotations` finds them all in a text and :meth:`Transcription.check` says exactly
what, if anything, is wrong with one.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SOURCES = Path(__file__).resolve().parent.parent / "sources"
CARD_GAMES_TEI = SOURCES / "cotton-1674-card-games.tei.xml"
CARD_GAMES_TEXT = SOURCES / "cotton-1674-card-games.txt"
PENNEECH_TEI = SOURCES / "cotton-1674.tei.xml"

#: how the reading text shows each extent of gap the transcribers marked as illegible
GAP_MARKS = {
    "1 letter": "[•]",
    "2 letters": "[••]",
    "3 letters": "[•••]",
    "1 word": "[◊]",
    "1 span": "[illegible passage]",
}
PRINTER_HYPHEN = "¬"
_HYPHEN = "\x01"  # an end-of-line hyphen while a block is being built
_PAGE = re.compile(r"\[p\. (\d+)\]")


# ------------------------------------------------------------------------------------------------
# From the TEI encoding to text


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _inline(elem: ET.Element, out: list[str]) -> None:
    """Append the text of ``elem``'s content (not its tail) in the reading-text conventions."""
    if elem.text:
        out.append(elem.text)
    for child in elem:
        tag = _local(child.tag)
        if tag == "hi":
            inner: list[str] = []
            _inline(child, inner)
            text = "".join(inner)
            core = text.strip()
            if core:
                lead = text[: len(text) - len(text.lstrip())]
                trail = text[len(text.rstrip()):]
                out.append(f"{lead}*{core}*{trail}")
            else:
                out.append(text)
        elif tag == "g":
            out.append(_HYPHEN if child.get("ref") == "char:EOLhyphen" else (child.text or ""))
        elif tag == "gap":
            extent = child.get("extent", "")
            if extent not in GAP_MARKS:
                raise ValueError(f"a gap of extent {extent!r} has no mark in GAP_MARKS")
            out.append(GAP_MARKS[extent])
        elif tag == "pb":
            out.append(f" [p. {child.get('n')}] " if child.get("n") else "")
        else:
            _inline(child, out)
        if child.tail:
            out.append(child.tail)


@dataclass(frozen=True)
class Block:
    """A heading or a paragraph of the transcription, or a page break between them."""

    kind: str  # "head", "sub", "p" or "pb"
    raw: str  # the text with the XML's own line breaks and _HYPHEN marks


#: the elements that are blocks of text: headings and paragraphs (and, in the front matter, the
#: items of the contents and the notes of the header: see :func:`tei_extract`)
BLOCK_TAGS = ("head", "p")


def blocks(root: ET.Element, tags: tuple[str, ...] = BLOCK_TAGS) -> Iterator[Block]:
    """The headings, paragraphs and free-standing page breaks under ``root``, in order (the
    elements named by ``tags`` are the blocks)."""
    for elem in root.iter():
        tag = _local(elem.tag)
        if tag in tags:
            out: list[str] = []
            _inline(elem, out)
            kind = "sub" if tag == "head" and elem.get("type") == "sub" else tag
            yield Block(kind, "".join(out))
        elif tag == "pb" and elem.get("n") and not _inside_text(root, elem, tags):
            yield Block("pb", f"[p. {elem.get('n')}]")


def _inside_text(root: ET.Element, target: ET.Element,
                 tags: tuple[str, ...] = BLOCK_TAGS) -> bool:
    """Whether ``target`` sits inside a block (then it is inline)."""
    for elem in root.iter():
        if _local(elem.tag) in tags and any(e is target for e in elem.iter()):
            return True
    return False


def _squash(text: str) -> str:
    return " ".join(text.split())


def reading_text(root: ET.Element) -> str:
    """The reading text of ``root``: '#' headings ('##' for a sub-heading), one paragraph a line."""
    lines = []
    for block in blocks(root):
        text = _squash(re.sub(_HYPHEN + r"\s*", "", block.raw))
        if block.kind == "head":
            lines.append("# " + text)
        elif block.kind == "sub":
            lines.append("## " + text)
        else:
            lines.append(text)
    return "\n\n".join(lines) + "\n"


def printed_lines(blocks_: Iterator[Block] | list[Block]) -> Iterator[tuple[str, str]]:
    """The blocks as the printed lines the transcription keeps, in order: ``("start", kind)``
    where a block begins, ``("page", "[p. N]")`` at a page break and ``("line", text)`` for each
    line.

    The TCP keyers typed a word broken at the end of a printed line whole, marking the printer's
    hyphen inside it; here the break is put back where the hyphen stands: the line ends with
    ``¬`` and what followed the hyphen begins the next line.
    """
    for block in blocks_:
        if block.kind == "pb":
            yield "page", block.raw
            continue
        yield "start", block.kind
        carry = ""
        for physical in block.raw.split("\n"):
            pieces = _PAGE.split(physical)
            for i, piece in enumerate(pieces):
                if i % 2:  # a page break inside the paragraph
                    if _squash(carry):
                        yield "line", _squash(carry)
                    carry = ""
                    yield "page", f"[p. {piece}]"
                    continue
                text = carry + piece
                carry = ""
                if _HYPHEN in text:
                    text, _, carry = text.partition(_HYPHEN)
                    text += PRINTER_HYPHEN
                    carry += " "
                if (i == len(pieces) - 1 or text.strip()) and _squash(text):
                    yield "line", _squash(text)
        if _squash(carry):
            yield "line", _squash(carry)


def lineated_text(root: ET.Element) -> str:
    """The text line by line as the transcription keeps it (:func:`printed_lines`), each page's
    lines numbered.  A blank line separates paragraphs."""
    out: list[str] = []
    number = 0
    for event, value in printed_lines(blocks(root)):
        if event == "page":
            out.append(value)
            number = 0
        elif event == "start":
            if value == "p" and out and not _PAGE.fullmatch(out[-1]):
                out.append("")
        else:
            number += 1
            out.append(f"{number:2d}  {value}")
    return "\n".join(out) + "\n"


#: the blocks of an extract from the front matter: the title page's and the epistle's
#: paragraphs, the contents' headings and items, the header's notes
EXTRACT_TAGS = ("head", "p", "item", "note")
_TAG = re.compile(r"<(/?)([A-Za-z][\w:.-]*)[^<>]*?(/?)>")


def _balanced(fragment: str) -> tuple[str, bool, bool]:
    """``fragment`` (whole lines cut from a TEI file) as well-formed XML: an end tag whose start
    was cut off is dropped, and an element left open is closed at the end; and whether the cut
    fell inside a block at the start, and at the end."""
    out: list[str] = []
    open_tags: list[str] = []
    cut_before = False
    pos = 0
    for m in _TAG.finditer(fragment):
        out.append(fragment[pos:m.start()])
        pos = m.end()
        closing, name, empty = m.group(1), m.group(2), m.group(3)
        if empty:
            out.append(m.group(0))
        elif closing:
            if name in open_tags:
                while open_tags:
                    last = open_tags.pop()
                    out.append(f"</{last}>")
                    if last == name:
                        break
            elif name in EXTRACT_TAGS:
                cut_before = True
        else:
            open_tags.append(name)
            out.append(m.group(0))
    out.append(fragment[pos:])
    out.extend(f"</{name}>" for name in reversed(open_tags))
    return "".join(out), cut_before, any(name in EXTRACT_TAGS for name in open_tags)


def tei_extract(path: Path, first: int, last: int) -> list[tuple[str, list[str]]]:
    """Lines ``first``-``last`` (from 1, both included) of a TCP file as readable text: its
    blocks, each as ``(kind, lines)``, the lines as the transcription keeps them, in the reading
    texts' conventions (``*…*`` the printer's italics, ``¬`` the printer's hyphen at a line's end,
    the gap marks of :data:`GAP_MARKS`).  The cut may fall inside a block: its part is a block,
    and ``…`` marks where it was cut.
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    if not 1 <= first <= last <= len(lines):
        raise ValueError(f"{path.name} has {len(lines)} lines, not {first}-{last}")
    fragment, cut_before, cut_after = _balanced("\n".join(lines[first - 1:last]))
    root = ET.fromstring(f"<extract>{fragment}</extract>")
    if not any(_local(e.tag) in EXTRACT_TAGS for e in root.iter()):
        root.tag = "p"  # a cut inside one paragraph
    out: list[tuple[str, list[str]]] = []
    for event, value in printed_lines(blocks(root, EXTRACT_TAGS)):
        if event == "start":
            out.append((value, []))
        elif out:
            out[-1][1].append(value)
    out = [(kind, block) for kind, block in out if block]
    if out and cut_before:
        out[0][1][0] = "… " + out[0][1][0]
    if out and cut_after:
        out[-1][1][-1] += " …"
    return out


def card_games_text() -> str:
    """The reading text of the card-games part, with its provenance header."""
    root = ET.parse(CARD_GAMES_TEI).getroot()
    header = (
        "The Compleat Gamester (London, 1674), \"Principal Games on Cards\", chapters VI-XXV "
        "(Picket to Beast),\n"
        "reading text made by tools/cotton_texts.py from cotton-1674-card-games.tei.xml "
        "(lines 2754-4741 of the Text\n"
        "Creation Partnership transcription A34637.xml, commit 1001a86, EEBO-TCP Phase I, "
        "CC0 1.0).\n"
        "[p. N] a page break; *...* the printer's italics; end-of-line hyphens joined; one "
        "paragraph a line;\n"
        "'#' lines the printed headings.  Gaps the transcribers marked as illegible: [•] one "
        "letter, [••] two,\n"
        "[•••] three, [◊] a word, [illegible passage] a longer stretch.  The Phase I "
        "transcription prints the\n"
        "long s as s.\n"
    )
    return header + "\n" + reading_text(root)


# ------------------------------------------------------------------------------------------------
# The transcription as chapters and paragraphs


@dataclass(frozen=True)
class Paragraph:
    chapter: str  # the roman number, e.g. "XXII"
    index: int  # its place in the chapter, from 1
    text: str  # as in the reading text, page breaks included
    first_page: int  # the page on which it begins


@dataclass(frozen=True)
class Chapter:
    number: str
    title: str
    paragraphs: tuple[Paragraph, ...]


_CHAPTER = re.compile(r"# CHAP\. ([IVXL]+)\.$")


def parse_reading_text(text: str) -> dict[str, Chapter]:
    """The chapters of a reading text made by :func:`reading_text`, by roman number."""
    chapters: dict[str, Chapter] = {}
    number = ""
    title = ""
    paras: list[Paragraph] = []
    page = 0

    def close() -> None:
        if number:
            chapters[number] = Chapter(number, title, tuple(paras))

    body = text.split("\n\n", 1)[1] if not text.startswith(("[", "#")) else text
    for line in (ln.strip() for ln in body.split("\n\n")):
        if not line:
            continue
        only_page = _PAGE.fullmatch(line)
        if only_page:
            page = int(only_page.group(1))
            continue
        match = _CHAPTER.match(line)
        if match:
            close()
            number, title, paras = match.group(1), "", []
            continue
        if line.startswith("## ") and number and not title:
            title = line[3:]
            continue
        if line.startswith("#"):
            continue
        if number:
            starts_with_break = _PAGE.match(line)
            first = int(starts_with_break.group(1)) if starts_with_break else page
            paras.append(Paragraph(number, len(paras) + 1, line, first))
        pages = _PAGE.findall(line)
        if pages:
            page = int(pages[-1])
    close()
    return chapters


# ------------------------------------------------------------------------------------------------
# Quotations


#: a quotation: curly quotes, then its place: (p. 148), (pp. 148–149), (chap. IX, p. 109)
QUOTATION = re.compile(
    r"“(?P<words>[^“”]+)”\s+\((?:chap\.\s+(?P<chapter>[IVXL]+),\s+)?pp?\.\s+(?P<first>\d+)"
    r"(?:–(?P<last>\d+))?\)"
)


@dataclass(frozen=True)
class Quotation:
    words: str
    chapter: str | None
    first_page: int
    last_page: int
    where: str = ""  # file and line, for messages

    @property
    def place(self) -> str:
        pages = (f"p. {self.first_page}" if self.first_page == self.last_page
                 else f"pp. {self.first_page}–{self.last_page}")
        return f"chap. {self.chapter}, {pages}" if self.chapter else pages


def find_quotations(text: str, where: str = "") -> list[Quotation]:
    """Every quotation of Cotton in ``text`` written in the project's convention."""
    found = []
    for m in QUOTATION.finditer(text):
        first = int(m.group("first"))
        last = int(m.group("last")) if m.group("last") else first
        line = text.count("\n", 0, m.start()) + 1
        found.append(Quotation(" ".join(m.group("words").split()), m.group("chapter"), first,
                               last, f"{where}:{line}" if where else ""))
    return found


def parse_place(place: str) -> tuple[str | None, int, int]:
    """``"chap. IX, p. 109"`` or ``"pp. 148–149"`` → (chapter or None, first page, last page)."""
    m = re.fullmatch(r"(?:chap\.\s+([IVXL]+),\s+)?pp?\.\s+(\d+)(?:–(\d+))?", place.strip())
    if not m:
        raise ValueError(f"{place!r} is not a place such as 'p. 148', 'pp. 148–149' or "
                         "'chap. IX, p. 109'")
    first = int(m.group(2))
    return m.group(1), first, int(m.group(3)) if m.group(3) else first


def _plain(text: str) -> tuple[str, list[bool]]:
    """Text without its ``*`` italic marks, and for each character whether it is italic."""
    chars: list[str] = []
    italic: list[bool] = []
    on = False
    for ch in text:
        if ch == "*":
            on = not on
            continue
        chars.append(ch)
        italic.append(on)
    return "".join(chars), italic


def _pages_of(text: str, first_page: int) -> tuple[str, list[int]]:
    """Text without its page breaks, and the page of each character."""
    chars: list[str] = []
    pages: list[int] = []
    page = first_page
    pos = 0
    for m in _PAGE.finditer(text):
        chunk = text[pos:m.start()]
        chars.append(chunk)
        pages.extend([page] * len(chunk))
        page = int(m.group(1))
        pos = m.end()
    chunk = text[pos:]
    chars.append(chunk)
    pages.extend([page] * len(chunk))
    return "".join(chars), pages


def _tidy(text: str) -> str:
    """Single spaces; no space before the punctuation a removed page break leaves behind."""
    return " ".join(text.split())


_SENTENCE_END = re.compile(r"[.?!]\*?$")


class QuotationError(ValueError):
    pass


@dataclass(frozen=True)
class Match:
    paragraph: Paragraph
    start: int  # in the paragraph's plain text
    end: int
    first_page: int
    last_page: int


class Transcription:
    """Cotton's card-games chapters, for checking quotations."""

    def __init__(self, chapters: dict[str, Chapter]) -> None:
        self.chapters = chapters
        self._plain: dict[tuple[str, int], tuple[str, list[bool], list[int]]] = {}
        for chapter in chapters.values():
            for para in chapter.paragraphs:
                without_pages, pages = _pages_of(para.text, para.first_page)
                # italics are read off the text with page breaks removed
                squashed, page_of = _squash_with(without_pages, pages)
                plain, italic = _plain(squashed)
                page_plain = [p for ch, p in zip(squashed, page_of, strict=True) if ch != "*"]
                self._plain[(chapter.number, para.index)] = (plain, italic, page_plain)

    @classmethod
    def load(cls, path: Path = CARD_GAMES_TEXT) -> Transcription:
        return cls(parse_reading_text(path.read_text(encoding="utf-8")))

    def paragraphs(self, chapter: str | None = None) -> Iterator[Paragraph]:
        for ch in self.chapters.values():
            if chapter is None or ch.number == chapter:
                yield from ch.paragraphs

    def locate(self, words: str, chapter: str | None = None) -> list[Match]:
        """Where ``words`` (cuts marked ``…``) stand, each run of words in one paragraph."""
        parts = [f.strip() for f in _tidy(_PAGE.sub(" ", words)).split("…") if f.strip()]
        if not parts:
            raise QuotationError("the quotation has no words")
        matches = []
        for para in self.paragraphs(chapter):
            plain, italic, pages = self._plain[(para.chapter, para.index)]
            spans = _find_in_order(parts, plain, italic)
            if spans is None:
                continue
            start, end = spans[0][0], spans[-1][1]
            matches.append(Match(para, start, end, pages[start], pages[end - 1]))
        return matches

    def check(self, words: str, chapter: str | None, first_page: int, last_page: int, *,
              whole_sentences: bool = False) -> str | None:
        """What is wrong with a quotation, or ``None`` if it is Cotton's words at that place.

        ``whole_sentences``: a quotation that starts or ends inside a sentence must show the cut
        with ``…`` (as blocks and the rule options' quotations must).
        """
        text = _tidy(_PAGE.sub(" ", words))
        fragments = [f.strip() for f in text.split("…")]
        parts = [f for f in fragments if f]
        if not parts:
            return "the quotation has no words"
        if chapter is not None and chapter not in self.chapters:
            return f"there is no chapter {chapter} in the card-games section"
        found: list[tuple[Paragraph, list[tuple[int, int]]]] = []
        for para in self.paragraphs(chapter):
            plain, italic, _ = self._plain[(para.chapter, para.index)]
            spans = _find_in_order(parts, plain, italic)
            if spans is not None:
                found.append((para, spans))
        if not found:
            return _diagnose(self, parts, chapter)
        # prefer the place the quotation claims
        for para, spans in found:
            plain, _, pages = self._plain[(para.chapter, para.index)]
            start, end = spans[0][0], spans[-1][1]
            if (pages[start], pages[end - 1]) != (first_page, last_page):
                continue
            for (_, a_end), (b_start, _) in zip(spans, spans[1:], strict=False):
                if not plain[a_end:b_start].strip():
                    return ("a '…' marks a cut where nothing is left out (after "
                            f"“{plain[max(0, a_end - 20):a_end]}”)")
            if whole_sentences:
                if fragments[0] != "" and not _starts_sentence(plain, start):
                    return ("the quotation starts inside a sentence: begin it with '… ' "
                            f"(Cotton: “…{plain[max(0, start - 30):start]}|{parts[0][:20]}”)")
                if fragments[-1] != "" and not _ends_sentence(plain, end):
                    return ("the quotation ends inside a sentence: end it with ' …' "
                            f"(Cotton: “{parts[-1][-20:]}|{plain[end:end + 30]}…”)")
            return None
        para, spans = found[0]
        _, _, pages = self._plain[(para.chapter, para.index)]
        got = (pages[spans[0][0]], pages[spans[-1][1] - 1])
        claimed = Quotation("", None, first_page, last_page).place
        found_at = Quotation("", para.chapter, got[0], got[1]).place
        return f"the words are Cotton's, but at {found_at}, not {claimed}"

    def check_quotation(self, q: Quotation, *, whole_sentences: bool = False) -> str | None:
        return self.check(q.words, q.chapter, q.first_page, q.last_page,
                          whole_sentences=whole_sentences)

    def check_block(self, text: str, place: str) -> str | None:
        """A block quotation: paragraphs separated by blank lines, ``…`` alone for paragraphs left
        out, page breaks ``[p. N]`` where Cotton's text has them."""
        chapter, first_page, last_page = parse_place(place)
        paras = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
        previous: Paragraph | None = None
        skipped = False
        pages_seen: list[int] = []
        for block in paras:
            if block == "…":
                skipped = True
                continue
            located = [m for m in self.locate(block, chapter)
                       if previous is None or (m.paragraph.chapter, m.paragraph.index)
                       > (previous.chapter, previous.index)]
            if not located:
                return f"not Cotton's words: “{block[:60]}…”"
            here = located[0]
            if previous is not None and not skipped and (
                here.paragraph.chapter != previous.chapter
                or here.paragraph.index != previous.index + 1
            ):
                return ("two quoted paragraphs are not consecutive in Cotton: put a line with "
                        "'…' alone between them")
            problem = self.check(block, here.paragraph.chapter, here.first_page, here.last_page,
                                 whole_sentences=True)
            if problem:
                return problem
            breaks_in_source = _breaks_between(here.paragraph, here.start, here.end, self)
            breaks_in_block = [int(n) for n in _PAGE.findall(block)]
            if breaks_in_source != breaks_in_block:
                return (f"the page breaks in the block ({breaks_in_block}) are not Cotton's "
                        f"({breaks_in_source}) in “{block[:50]}…”")
            pages_seen += [here.first_page, here.last_page]
            previous, skipped = here.paragraph, False
        if not pages_seen:
            return "the block has no words"
        if (min(pages_seen), max(pages_seen)) != (first_page, last_page):
            return (f"the block runs over pp. {min(pages_seen)}–{max(pages_seen)}, "
                    f"not {place}")
        if chapter is not None and previous is not None and previous.chapter != chapter:
            return f"the block is from chap. {previous.chapter}, not {chapter}"
        return None


def _squash_with(text: str, pages: list[int]) -> tuple[str, list[int]]:
    """:func:`_tidy` that keeps the page of each character."""
    out: list[str] = []
    out_pages: list[int] = []
    space = False
    for ch, page in zip(text, pages, strict=True):
        if ch.isspace():
            space = bool(out)
            continue
        if space:
            out.append(" ")
            out_pages.append(page)
            space = False
        out.append(ch)
        out_pages.append(page)
    return "".join(out), out_pages


def _find_in_order(parts: list[str], plain: str,
                   italic: list[bool]) -> list[tuple[int, int]] | None:
    """Spans of each part in ``plain``, in order, with the same italics; ``None`` if absent."""
    spans = []
    pos = 0
    for part in parts:
        words, marks = _plain(part)
        at = plain.find(words, pos)
        while at != -1 and italic[at:at + len(words)] != marks:
            at = plain.find(words, at + 1)
        if at == -1:
            return None
        spans.append((at, at + len(words)))
        pos = at + len(words)
    return spans


def _starts_sentence(plain: str, start: int) -> bool:
    before = plain[:start].rstrip()
    return not before or before[-1] in ".?!"


def _ends_sentence(plain: str, end: int) -> bool:
    return end >= len(plain.rstrip()) or plain[end - 1] in ".?!"


def _breaks_between(para: Paragraph, start: int, end: int, tr: Transcription) -> list[int]:
    _, _, pages = tr._plain[(para.chapter, para.index)]
    return [pages[i] for i in range(start + 1, end) if pages[i] != pages[i - 1]]


def _diagnose(tr: Transcription, parts: list[str], chapter: str | None) -> str:
    """Why words were not found: the longest leading run that is Cotton's, and what follows."""
    where = f" in chap. {chapter}" if chapter else ""
    for part in parts:
        words, _ = _plain(part)
        for para in tr.paragraphs(chapter):
            plain, _, _ = tr._plain[(para.chapter, para.index)]
            if words in plain:
                break
        else:
            tokens = words.split()
            best = ""
            for n in range(len(tokens), 0, -1):
                head = " ".join(tokens[:n])
                for para in tr.paragraphs(chapter):
                    plain, _, _ = tr._plain[(para.chapter, para.index)]
                    at = plain.find(head)
                    if at != -1:
                        best = (f"; Cotton has “{head}” but then “"
                                f"{plain[at + len(head):at + len(head) + 30].strip()}”")
                        break
                if best:
                    break
            return f"not Cotton's words{where}: “{part}”{best}"
    return (f"the words are Cotton's, but not in one paragraph in this order, or their italics "
            f"differ from the transcription's{where}")
