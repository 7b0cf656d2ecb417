"""Fixtures shared by the browser tests (test_browser.py, test_live.py): one built site, one
server on 127.0.0.1 and one headless Chromium (one Playwright) per session."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_browser import CHROMIUM, SITE, _unavailable


@pytest.fixture(scope="session")
def site() -> Path:
    if not (SITE / "welcome.html").is_file():
        _unavailable(f"no built book in {SITE}: run `make book` (or set PENNEECH_SITE)")
    return SITE


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[str]:
    """The site served on 127.0.0.1 at a free port; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Chromium for the whole session."""
    if not CHROMIUM.is_file():
        _unavailable(f"{CHROMIUM} not found: install it with `apt-get install chromium` "
                     "(or set PENNEECH_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is missing: `make book` installs the dev extra")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM))
        try:
            yield browser
        finally:
            browser.close()
