"""Tidy the lock file pip-compile writes for ``make lock``.

pip-compile lists this project itself (``penneech @ file:///…``, because its ``dev`` extra names
its other extras) as an unhashed requirement, which ``pip install --require-hashes`` refuses, and
prints the command with this machine's paths.  Drop both.

    python tools/clean_lock.py NEW_LOCK LOCK
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


def clean(text: str) -> str:
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(("# WARNING: pip install will require", "# Consider using a hashable")):
            i += 1
            continue
        if line.startswith("penneech @ "):
            i += 1
            while i < len(lines) and lines[i].startswith("    #"):
                i += 1
            continue
        out.append(line)
        i += 1
    cleaned = "\n".join(out) + "\n"
    return re.sub(r"#    pip-compile .*\n", "#    make lock   (pip-compile --generate-hashes "
                  "--allow-unsafe --strip-extras --extra dev pyproject.toml)\n", cleaned)


def main(argv: list[str]) -> int:
    source, target = (Path(a) for a in argv[1:3])
    Path(target).write_text(clean(source.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
