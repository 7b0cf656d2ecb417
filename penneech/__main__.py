"""``python -m penneech``: the command line, run exactly as the ``penneech`` command runs it
(``[project.scripts]`` in ``pyproject.toml``: :func:`penneech.cli.main`, its return value the exit
status)."""

import sys

from .cli import main

if __name__ == "__main__":  # (not when a worker process imports it again as __mp_main__)
    sys.exit(main())
