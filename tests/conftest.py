"""Fixtures shared by the test modules."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

# `make test` is reproducible: property tests draw the same examples on every run and every
# machine. HYPOTHESIS_PROFILE=explore draws new ones (and more of them) to hunt for bugs.  No
# deadline: `make test` runs these beside the browser tests, and speed is measured in benchmarks/.
settings.register_profile("repeatable", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("explore", max_examples=2000, print_blob=True, deadline=None)
# `penneech experiment run` keeps every cell's games in a cache by default: the tests' runs
# keep theirs in a folder of their own, removed at the end, never in the user's.
_CACHE = tempfile.mkdtemp(prefix="penneech-test-cache-")
os.environ["PENNEECH_CACHE"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Any]:
    """One Playwright driver for the whole session: every module's Chromium is launched from it
    (two sync Playwright drivers cannot run at once)."""
    from test_browser import _unavailable

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is missing: `make book` installs the dev extra")
    with sync_playwright() as pw:
        yield pw
