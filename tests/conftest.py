"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


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
