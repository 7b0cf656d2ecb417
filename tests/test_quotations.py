"""Every quotation of Cotton in the project is his words, at the place it gives.

The convention (``book/_ext/cotton_sources.py``): Cotton's words in curly quotes, then the place,
``“…” (p. 149)`` or ``“…” (chap. IX, p. 109)``; ``*…*`` for his printer's italics, ``…`` for a
cut; a longer passage is a ``{cotton}`` block.  Searched: the book's pages and notebooks (prose),
the README, the engine's docstrings, and every text of :mod:`penneech.rules`.  The transcription
is the one in ``book/sources`` (nothing outside the repository is read).
"""

from __future__ import annotations

import ast
import io
import json
import os
import re
import sys
import tokenize
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from penneech.rules import OPTIONS, SOURCES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "book" / "_ext"))

import cotton_sources as cs  # noqa: E402

TRANSCRIPTION = cs.Transcription.load()
BLOCK = re.compile(r"^(`{3,}|:{3,})\{cotton\}\s*(?P<place>[^\n]*)\n(?P<body>.*?)^\1\s*$",
                   re.M | re.S)
#: inline code, where the convention itself may be shown
CODE = re.compile(r"``[^`]*``|`[^`\n]*`")
#: a fenced code block (a directive's fence, ```{name}, holds prose and is kept)
FENCE = re.compile(r"^(`{3,}|~{3,})(?!\{)[^\n]*\n.*?^\1\s*$", re.M | re.S)


def prose_files() -> list[tuple[str, str]]:
    """(name, text) of every piece of prose that may quote Cotton."""
    out = []
    for path in sorted((ROOT / "book").glob("*.md")):
        out.append((f"book/{path.name}", path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "book").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        out.append((f"book/{path.name}", text))
    out.append(("README.md", (ROOT / "README.md").read_text(encoding="utf-8")))
    for path in sorted((ROOT / "penneech").glob("*.py")):
        out.append((f"penneech/{path.name}", _docs_and_comments(path)))
    return out


def _docs_and_comments(path: Path) -> str:
    """The prose of a module: its docstrings and comments (the texts of :mod:`penneech.rules`'s
    data are checked as data, in :func:`rules_texts`)."""
    source = path.read_text(encoding="utf-8")
    pieces = [ast.get_docstring(node, clean=True) or ""
              for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)]
    pieces += [tok.string.lstrip("#:").strip()
               for tok in tokenize.generate_tokens(io.StringIO(source).readline)
               if tok.type == tokenize.COMMENT]
    return "\n\n".join(pieces)


def rules_texts() -> list[tuple[str, str]]:
    """Every text of the rule options and sources, named by where it lives."""
    out = []
    for name, info in OPTIONS.items():
        out.append((f"OPTIONS[{name!r}].description", info.description))
        out.append((f"OPTIONS[{name!r}].cotton", info.cotton))
        out += [(f"OPTIONS[{name!r}].values[{v.value!r}]", v.description) for v in info.values]
        out += [(f"OPTIONS[{name!r}].reasons[{p!r}]", r) for p, r in info.reasons.items()]
    for key, source in SOURCES.items():
        out += [(f"SOURCES[{key!r}].{f}", getattr(source, f)) for f in ("title", "summary")]
    return out


def all_quotations() -> list[cs.Quotation]:
    found = []
    for name, text in prose_files() + rules_texts():
        found += cs.find_quotations(CODE.sub("", BLOCK.sub("", text)), name)
    return found


QUOTATIONS = all_quotations()
BLOCKS = [(name, m.group("place"), m.group("body"), text.count("\n", 0, m.start()) + 1)
          for name, text in prose_files() for m in BLOCK.finditer(text)]


def test_the_convention_is_used_widely():
    # the finder works, and the book quotes Cotton's other chapters, not only the Penneech one
    assert len(QUOTATIONS) >= 80
    assert len(BLOCKS) >= 20
    chapters = {q.chapter for q in QUOTATIONS if q.chapter}
    assert {"VI", "VII", "IX", "X", "XI", "XIV"} <= chapters


@pytest.mark.parametrize("q", QUOTATIONS, ids=lambda q: q.where)
def test_every_quotation_is_cotton_s_words_at_its_place(q: cs.Quotation):
    problem = TRANSCRIPTION.check_quotation(q)
    assert problem is None, f"{q.where}: “{q.words}” ({q.place}): {problem}"


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: f"{b[0]}:{b[3]}")
def test_every_block_is_cotton_s_paragraphs(block):
    name, place, body, line = block
    problem = TRANSCRIPTION.check_block(body, place)
    assert problem is None, f"{name}:{line}: {problem}"


@pytest.mark.parametrize("name", list(OPTIONS))
def test_each_option_quotes_whole_passages_of_the_penneech_chapter(name):
    text = OPTIONS[name].cotton
    if not text:
        return
    for line in text.split("\n"):
        found = cs.find_quotations(line)
        assert len(found) == 1 and cs.QUOTATION.fullmatch(line), (
            f"{name}: one quotation a line, nothing else: {line!r}")
        q = found[0]
        assert q.chapter is None and 148 <= q.first_page <= q.last_page <= 149, (name, q.place)
        problem = TRANSCRIPTION.check_quotation(q, whole_sentences=True)
        assert problem is None, f"{name}: {problem}"


def _unmarked(text: str) -> list[str]:
    """Quoted words (3 or more) that are not written as a quotation of Cotton."""
    text = FENCE.sub("", BLOCK.sub("", text))
    text = CODE.sub("", text)
    text = cs.QUOTATION.sub("", text)
    return [m.group(1) for m in re.finditer(r"[“\"]([^“”\"\n]+)[”\"]", text)
            if len(m.group(1).split()) >= 3]


def test_no_quotation_of_cotton_escapes_the_convention():
    plain = {ch: " ".join(p.text for p in c.paragraphs) for ch, c in TRANSCRIPTION.chapters.items()}
    corpus = cs._PAGE.sub(" ", " ".join(plain.values())).replace("*", "")
    corpus = " ".join(corpus.split()).lower()
    escaped = []
    for name, text in prose_files() + rules_texts():
        for words in _unmarked(text):
            bare = " ".join(words.replace("*", "").replace("…", " ").split()).lower()
            if bare and bare in corpus:
                escaped.append(f"{name}: “{words}”")
    assert not escaped, "Cotton's words without their place:\n" + "\n".join(escaped)


# -- the checker itself -------------------------------------------------------------------------


@pytest.mark.parametrize(("words", "place", "expected"), [
    ("he that dealt not plays first", "chap. IX, p. 109", None),
    ("he that dealt not plays first", "chap. IX, p. 108", "at chap. IX, p. 109, not p. 108"),
    ("he that dealt last plays first", "chap. IX, p. 109", "not Cotton's words"),
    ("Tib the Ace is fifteen in hand", "chap. VII, p. 90", "italics differ"),
    ("*Tib* the Ace is fifteen in hand", "chap. VII, p. 90", None),
    ("Ace, King, Queen, or Knave", "pp. 148–149", None),
    ("Ace, King, Queen, or Knave", "p. 148", "not p. 148"),
    ("reneging is allowable … if you have Trumps", "chap. X, p. 113", "nothing is left out"),
    ("turn up a Card, and that is Trumps. … Having play'd", "p. 148", "not in one paragraph"),
])
def test_the_checker_finds_each_kind_of_mistake(words, place, expected):
    chapter, first, last = cs.parse_place(place)
    problem = TRANSCRIPTION.check(words, chapter, first, last)
    if expected is None:
        assert problem is None
    else:
        assert problem is not None and expected in problem


def test_whole_passages_show_their_cuts():
    check = TRANSCRIPTION.check
    assert "begin it with '… '" in check("turn up a Card, and that is Trumps.", None, 148, 148,
                                          whole_sentences=True)
    assert check("… turn up a Card, and that is Trumps.", None, 148, 148,
                 whole_sentences=True) is None
    assert "end it with ' …'" in check("Here note, if you have neither Ace nor Face,", None,
                                       149, 149, whole_sentences=True)


def test_blocks_keep_cotton_s_paragraphs_and_page_breaks():
    para3 = ("After all the seven Cards be play'd, (which at first are dealt one by one) he that "
             "won the last trick turns up a Card, and if it prove Ace, King, Queen, {} or Knave, "
             "he reckons for it accordingly as aforesaid.")
    assert TRANSCRIPTION.check_block(para3.format("[p. 149]"), "pp. 148–149") is None
    assert "page breaks" in TRANSCRIPTION.check_block(para3.format(""), "pp. 148–149")
    joined = ("HAving dealt seven Cards apiece, turn up a Card, and that is Trumps. …\n\n"
              "If the Seven of Diamonds be turn'd up, that is *Penneech,* …")
    assert "not consecutive" in TRANSCRIPTION.check_block(joined, "pp. 148–149")
    assert TRANSCRIPTION.check_block(joined.replace("\n\nIf", "\n\n…\n\nIf"),
                                     "pp. 148–149") is None


# -- the transcription files --------------------------------------------------------------------


def test_reading_texts_are_made_from_the_tei():
    sys.path.insert(0, str(ROOT / "tools"))
    import cotton_texts

    for path, text in cotton_texts.texts().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is out of date: run python tools/cotton_texts.py")


def test_the_card_games_text_holds_the_penneech_chapter_word_for_word():
    chapter = TRANSCRIPTION.chapters["XXII"]
    assert chapter.title == "A Game called PENNEECH."
    own = (cs.SOURCES / "cotton-1674.txt").read_text(encoding="utf-8")
    own_paras = [" ".join(p.split()) for p in own.split("\n\n")]
    own_paras[0] = own_paras[0].removeprefix("[p. 148] CHAP. XXII. A Game called PENNEECH. ")
    assert [p.text for p in chapter.paragraphs] == own_paras
    assert [p.first_page for p in chapter.paragraphs] == [148, 148, 148, 149, 149, 149]
    assert list(TRANSCRIPTION.chapters) == [
        "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII",
        "XVIII", "XIX", "XX", "XXI", "XXII", "XXIII", "XXIV", "XXV"]


def test_the_lineated_text_marks_only_the_printer_s_hyphens():
    tei = (cs.SOURCES / "cotton-1674.tei.xml").read_text(encoding="utf-8")
    lineated = (cs.SOURCES / "cotton-1674-lineated.txt").read_text(encoding="utf-8")
    body = lineated.split("\n\n", 1)[1]
    assert body.count("¬") == tei.count("char:EOLhyphen") == 5
    assert "Coat-Card" in body and "Coat¬" not in body  # a real hyphen stays a hyphen
    lines = [ln[4:] for ln in body.splitlines() if re.match(r"[ \d]\d  ", ln)]
    assert len(lines) == 23 + 21  # the two pages' lines, from the heading down
    rejoined = re.sub(r"¬ ", "", " ".join(lines))
    reading = " ".join(p.text for p in TRANSCRIPTION.chapters["XXII"].paragraphs)
    assert rejoined.endswith(cs._PAGE.sub("", reading).replace("  ", " ").split("PENNEECH. ")[-1])


def _words_1687(text: str) -> list[str]:
    return text.replace("ſ", "s").split()


def test_1687_differs_from_1674_only_as_the_editions_page_says():
    """The collation table on editions.md, checked: after reading the long ſ as s and setting
    aside headings and page breaks, the one difference in the words is the illegible letter."""
    root74 = ET.parse(cs.SOURCES / "cotton-1674.tei.xml").getroot()
    root87 = ET.parse(cs.SOURCES / "cotton-1687.tei.xml").getroot()
    paras74 = [b for b in cs.blocks(root74) if b.kind == "p"]
    paras87 = [b for b in cs.blocks(root87) if b.kind == "p"]
    assert len(paras74) == len(paras87) == 6

    def words(block: cs.Block) -> list[str]:
        text = re.sub(cs._HYPHEN + r"\s*", "", block.raw)
        return _words_1687(cs._PAGE.sub(" ", text))

    differences = [
        (i, a, b)
        for i, (p74, p87) in enumerate(zip(paras74, paras87, strict=True), 1)
        for a, b in zip(words(p74), words(p87), strict=True) if a != b
    ]
    assert differences == [(2, "seve[•]", "seven")]
    heads74 = [cs._squash(b.raw) for b in cs.blocks(root74) if b.kind in ("head", "sub")]
    heads87 = [cs._squash(b.raw) for b in cs.blocks(root87) if b.kind in ("head", "sub")]
    assert heads74 == ["CHAP. XXII.", "A Game called PENNEECH."]
    assert heads87 == ["CHAP. XXI. *A Game called PENNEECH.*"]
    assert "ſ" not in (cs.SOURCES / "cotton-1674.tei.xml").read_text(encoding="utf-8")
    assert "EOLhyphen" not in (cs.SOURCES / "cotton-1687.tei.xml").read_text(encoding="utf-8")


# -- the editions' facts ------------------------------------------------------------------------


def _header(name: str) -> tuple[str, list[str], list[str]]:
    """The extent, the catalogue numbers and the notes of a TCP file's source description."""
    root = ET.parse(cs.SOURCES / name).getroot()
    source = next(e for e in root.iter() if e.tag.endswith("sourceDesc"))
    extent = next(e for e in source.iter() if e.tag.endswith("extent"))
    ids = [e.text or "" for e in root.iter() if e.tag.endswith("idno") and e.get("type") == "STC"]
    notes = [e.text or "" for e in source.iter() if e.tag.endswith("note")]
    return " ".join((extent.text or "").split()), ids, notes


@pytest.mark.parametrize(("front", "bibkey"), [("cotton-1674-front.tei.xml", "cotton1674"),
                                                ("cotton-1687-front.tei.xml", "cotton1687")])
def test_the_editions_are_described_as_their_catalogue_records_describe_them(front, bibkey):
    """The page counts, the Wing and ESTC numbers and the added title page are the headers' own:
    the 1687 header calls its added title page "illustrated", not engraved."""
    editions = (ROOT / "book" / "editions.md").read_text(encoding="utf-8")
    bib = (ROOT / "book" / "references.bib").read_text(encoding="utf-8")
    entry = bib.split(f"{{{bibkey},", 1)[1].split("\n}", 1)[0]
    extent, ids, notes = _header(front)
    assert extent.removesuffix(" p.") + " pages" in editions  # "[15], 232 pages"
    for number in ids:  # "Wing C6382", "ESTC R23124"
        assert number in editions and number in entry, number
    added = [n for n in notes if n.startswith("Added")]
    if added:
        assert added == ["Added illustrated t.p.: The compleate gamster. Printed for Hen:Brome."]
        assert "illustrated title page" in editions and "illustrated title page" in entry
    for text in (editions, entry):
        assert "engraved title" not in text


def test_extracts_of_the_front_matter_read_as_text_in_the_chapter_s_conventions():
    """The title pages, epistle and contents on editions.md are shown as text made from the TEI
    by the code that makes Cotton's chapter line by line (they were shown as raw XML): the
    printed lines, the printer's hyphen as ``¬``, italics as ``*…*``, a gap by its mark, and
    ``…`` where the cut falls inside a paragraph."""
    front74 = cs.SOURCES / "cotton-1674-front.tei.xml"
    title = cs.tei_extract(front74, 125, 143)
    assert [kind for kind, _ in title] == ["p"] * 4
    assert title[0][1] == ["THE COMPLEAT", "Gamester:", "OR,", "INSTRUCTIONS", "How to play at",
                           "BILLIARDS, TRUCKS, BOWLS,", "and CHESS."]
    assert title[3][1][0] == "*LONDON:* Printed by *A. M.* for *R. Cutler,*"
    [(_, epistle)] = cs.tei_extract(front74, 305, 312)
    assert epistle[0] == "… name, than which there is"
    assert epistle[2:4] == ["hoping you will be thus ad¬", "vis'd, and will withal excuse"]
    assert epistle[-1] == "all men."
    [(_, title87), _] = cs.tei_extract(cs.SOURCES / "cotton-1687-front.tei.xml", 120, 125)
    assert "Together wi[•]h all manner of GAMES" in title87[0]
    assert cs.tei_extract(front74, 345, 346) == [
        ("item", ["Ch. 21. Lanterloo. p. 144."]),
        ("item", ["Ch. 22. *A Game called* Penneech. p. 148."])]
    editions = (ROOT / "book" / "editions.md").read_text(encoding="utf-8")
    assert "{literalinclude}" not in editions
    extracts = re.findall(r"```\{tcp-extract\} sources/(\S+)\n:lines: (\d+)(?:-(\d+))?", editions)
    assert len(extracts) == 8
    for name, first, last in extracts:
        shown = cs.tei_extract(cs.SOURCES / name, int(first), int(last or first))
        text = "\n".join(line for _, lines in shown for line in lines)
        assert text and "<" not in text and ">" not in text, (name, first, text)


#: how the book once cited the project's own notes, which a reader cannot consult
INTERNAL_NOTES = ("source notes", "internal review", "project's notes")


def _witnesses(editions: str) -> list[list[str]]:
    """The rows of the witness table on editions.md, as lists of cells."""
    section = editions.split("## The editions and other witnesses", 1)[1].split("\n## ", 1)[0]
    rows = [[cell.strip() for cell in line.strip().strip("|").split(" | ")]
            for line in section.splitlines()
            if line.startswith("| ") and not line.startswith("| Date")]
    assert rows and all(len(row) == 5 for row in rows), rows
    return rows


def test_no_claim_rests_on_the_project_s_own_notes():
    """A reader cannot consult the project's internal notes, so no page gives them as the
    authority for a claim; every witness in the editions table names a source in the
    bibliography; and what was reported to us with no source (an edition of 1680, an
    18th-century "Peneech") is no witness but an open point, said to be unchecked."""
    for name, text in prose_files():
        flat = " ".join(text.split()).lower()
        for phrase in INTERNAL_NOTES:
            assert phrase not in flat, f"{name} cites {phrase!r}"
    editions = (ROOT / "book" / "editions.md").read_text(encoding="utf-8")
    rows = _witnesses(editions)
    assert [row[0] for row in rows] == ["1673", "1674", "1676", "1687", "1688", "1709"]
    for date, *_, how in rows:
        assert "{cite:p}`" in how, f"the {date} witness names no source"
    chatto = next(row for row in rows if row[0] == "1709")
    # (Chatto's list, read in an online text of his book: his printed page is not seen)
    assert "`chatto1848`" in chatto[4] and "online text" in chatto[4] and "not seen" in chatto[4]
    points = editions.split("## What would settle the open points", 1)[1]
    for reported in ("An edition of 1680", '"Peneech"'):
        item = next(" ".join(i.split()) for i in points.split("\n- ") if reported in i)
        assert "reported to us, source not identified; not checked" in item, item
    name = (ROOT / "book" / "name.md").read_text(encoding="utf-8")
    spellings = name.split("## The spellings", 1)[1].split("\n## ", 1)[0]
    assert not re.search(r"^\| Peneech \| A later", spellings, re.M)
    assert "{ref}`editions-open-points`" in spellings


def test_what_the_evidence_page_says_of_deal_again_is_cotton_s_usage():
    """"Deal again" elsewhere in the book: four times, all in Picket, and only the misdeal passage
    names the dealer (the page once said it always meant a new deal by the dealer)."""
    found = [(ch, p.text) for ch, c in TRANSCRIPTION.chapters.items() if ch != "XXII"
             for p in c.paragraphs for _ in re.finditer(r"deal again", cs._PAGE.sub("", p.text))]
    assert [ch for ch, _ in found] == ["VI"] * 4
    evidence = (ROOT / "book" / "evidence.md").read_text(encoding="utf-8")
    assert "The phrase occurs four times\nelsewhere in the book, all in Picket." in evidence
    assert not re.search(r"whoever (has )?asks?(ed)? for it", evidence + "\n".join(
        r for _, r in rules_texts()))


# -- the modern reconstructions are not copied --------------------------------------------------

#: The modern pages (copyrighted: read, never kept in the repository) where the project sees them;
#: PENNEECH_SEEDS names another folder.
SEEDS = Path(os.environ.get("PENNEECH_SEEDS", ROOT.parent / "shared" / "seeds"))
#: The longest run of words the book may share with a modern page, outside Cotton's own words
LONGEST_SHARED_RUN = 7


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9♦]+", text.lower())


def _shared_runs(text: list[str], seed: set[tuple[str, ...]], n: int) -> list[str]:
    runs, i = [], 0
    while i <= len(text) - n:
        if tuple(text[i:i + n]) in seed:
            j = i + n
            while j < len(text) and tuple(text[j - n + 1:j + 1]) in seed:
                j += 1
            runs.append(" ".join(text[i:j]))
            i = j
        else:
            i += 1
    return runs


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the modern pages are not on this machine")
def test_no_sentence_follows_a_modern_reconstruction_word_for_word():
    """No run of more than LONGEST_SHARED_RUN words is shared with McLeod's, Parlett's or Davis's
    page, except Cotton's words, which they quote too."""
    n = LONGEST_SHARED_RUN + 1
    cotton = " ".join(_words(" ".join(p.text for c in TRANSCRIPTION.chapters.values()
                                      for p in c.paragraphs)))
    copied = []
    for seed_path in sorted(SEEDS.glob("*.txt")):
        seed = _words(seed_path.read_text(encoding="utf-8"))
        grams = {tuple(seed[i:i + n]) for i in range(len(seed) - n + 1)}
        for name, text in prose_files() + rules_texts():
            copied += [f"{name} ~ {seed_path.name}: {run}"
                       for run in _shared_runs(_words(text), grams, n) if run not in cotton]
    assert not copied, "\n".join(copied)


def test_every_card_game_chapter_opens_with_two_capitals():
    """What cotton.md says of "HAving": every chapter of the section opens so (the pattern from
    which the page infers a large initial, not seen)."""
    for chapter in TRANSCRIPTION.chapters.values():
        word = cs._PAGE.sub("", chapter.paragraphs[0].text).split()[0].strip("*")
        assert word[:2].isupper() and word[:2].isalpha(), (chapter.title, word)
    assert "every one of the twenty card-game chapters\nopens with two capitals" in (
        ROOT / "book" / "cotton.md").read_text(encoding="utf-8")
