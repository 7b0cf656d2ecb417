"""Make the reading texts of Cotton's chapters from the TCP encoding kept in ``book/sources``.

    python tools/cotton_texts.py          # write the texts
    python tools/cotton_texts.py --check  # exit 1 if a committed text differs from what it makes

``cotton-1674-card-games.txt`` (chapters VI-XXV) comes from ``cotton-1674-card-games.tei.xml``
and ``cotton-1674-lineated.txt`` (the Penneech chapter line by line, with the printer's
end-of-line hyphens shown as ``¬``) from ``cotton-1674.tei.xml``.  The conventions are in
``book/_ext/cotton_sources.py``; ``tests/test_quotations.py`` runs the check.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "book" / "_ext"))

import cotton_sources as cs  # noqa: E402

LINEATED = cs.SOURCES / "cotton-1674-lineated.txt"
LINEATED_HEADER = (
    "The Compleat Gamester (London, 1674), chap. XXII, pp. 148-149, line by line as the TCP "
    "transcription\n"
    "A34637 keeps it (made by tools/cotton_texts.py from cotton-1674.tei.xml).  Lines are "
    "numbered from the\n"
    "top of each page's text; [p. N] a page break; *...* italics; ¬ the printer's hyphen at the "
    "end of a line\n"
    "(a word broken between two lines), distinct from a real hyphen such as Coat-Card; [•] a "
    "letter the\n"
    "transcribers could not read.  Where TCP typed a broken word whole on its first line, the "
    "part after the\n"
    "hyphen is put back at the start of the next line.\n\n"
)


def texts() -> dict[Path, str]:
    chapter = ET.parse(cs.PENNEECH_TEI).getroot()
    return {
        cs.CARD_GAMES_TEXT: cs.card_games_text(),
        LINEATED: LINEATED_HEADER + cs.lineated_text(chapter),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    args = parser.parse_args(argv)
    stale = []
    for path, text in texts().items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        if args.check:
            stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        print(f"out of date: {', '.join(stale)} (run python tools/cotton_texts.py)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
