"""The ``penneech`` command's first step (``[project.scripts]`` in ``pyproject.toml``).

Reading the package takes a few tenths of a second, and a Ctrl-C in that time stopped Python with
a page of traceback, before :func:`penneech.cli.main` could say "interrupted".  This module is
small and reads nothing of the package until it runs, so such a Ctrl-C is told as any other.
"""

from __future__ import annotations

import sys


def main() -> int:
    """Read the command line's module and run it: its exit status, or 130 after a Ctrl-C while
    it was being read."""
    try:
        from penneech.cli import main as command
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return command()
