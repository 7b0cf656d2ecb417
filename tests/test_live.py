"""The live pages in a real browser: the engine runs in the page's Web Worker, from the site.

Headless Chromium (Playwright) is launched so that nothing off this machine resolves
(``--host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"``), and every request of the pages
and of their workers is recorded: no request may fail, none may leave 127.0.0.1, and no console
error may be logged.  The tests act as a reader does: they press "Play live", click cards (and
one the rules forbid), use the keyboard, change a rule and deal again, reload, open a record
file, run an experiment and type at the Python prompt.

The browser keeps a real (on-disk) profile for the session, as a reader's browser does, so the
reload test can see the runtime come from the browser's cache.  Needs a book built with its
runtime (``make book`` writes ``_build/html/pyodide/``) and ``/usr/bin/chromium``; skipped
without them, except under ``CI=true``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import json
import re
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from penneech import Card, Game, Phase, make_player, play_game, record
from penneech.live import ANALYSING
from penneech.players import DEFAULT_OPPONENT
from penneech.render import card_label
from penneech.rules import OPTIONS
from penneech.simulation import read_csv, simulate, write_csv
from tests.accessibility import assert_accessible
from tests.test_browser import (  # noqa: F401 - server and site are the browser tests' fixtures
    _OVERFLOW,
    CHROMIUM,
    PHONE,
    PREFIX,
    ROOT,
    Recorder,
    _QuietHandler,
    _unavailable,
    server,
    site,
)

pytestmark = pytest.mark.browser

#: allow the runtime this long to start (a busy 2-core machine)
START_MS = 120_000
#: the computer's answer, or any request to the engine
ANSWER_MS = 60_000
RESOLVER = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
#: The runtime's main file as the live panels download it: pyodide.asm.wasm gzipped by the build,
#: decompressed in the browser (test_the_runtime_is_downloaded_compressed checks the manifest).
WASM = "pyodide.asm.wasm.gz"


@pytest.fixture(scope="module")
def live_server(server: str, site: Path) -> str:  # noqa: F811 - the fixtures imported above
    """The site served as the other browser tests serve it, with its runtime."""
    if not (site / "pyodide" / "pyodide.mjs").is_file():
        _unavailable(f"the book in {site} has no pyodide/ runtime: run `make book`")
    return server


class LiveRecorder(Recorder):
    """Records the page's and its workers' requests (at the context), not only the page's."""

    requests: list[str]

    def watch(self, context: Any) -> None:
        self.requests = []
        context.on("request", lambda r: self.requests.append(r.url))
        context.on("requestfailed", self.on_request_failed)
        context.on("response", self.on_response)

    def on_request(self, url: str) -> None:
        if not self.local(url):
            self.off_site.append(url)

    def on_request_failed(self, request: Any) -> None:
        # a font or picture still loading when the test reloads or closes its page is cut off
        # by the test itself, not by the site (the widgets' fonts come late since their script
        # is deferred; a reload mid-game cut one off in CI, and every later test failed on it)
        if request.failure == "net::ERR_ABORTED" and request.url.split("?", 1)[0].endswith(
                (".woff2", ".woff", ".ttf", ".png", ".svg", ".ico")):
            return
        # the worker asking the HTTP cache whether it kept a runtime file ("only-if-cached"),
        # to keep in Cache Storage one it did not (a private window's cache)
        if request.failure == "net::ERR_CACHE_MISS" and "/pyodide/" in request.url:
            return
        super().on_request_failed(request)

    def check_all(self, what: str) -> None:
        for url in self.requests:
            if not self.local(url) and url not in self.off_site:
                self.off_site.append(url)
        try:
            self.assert_clean(what)
        finally:  # (each test answers for what happened up to its own check, not before it)
            for found in (self.console_errors, self.page_errors, self.failed_requests,
                          self.off_site):
                found.clear()
            self.requests.clear()


@pytest.fixture(scope="module")
def browser_context(playwright_driver: Any, live_server: str
                    ) -> Iterator[tuple[Any, LiveRecorder]]:
    """One persistent (on-disk) browser profile for the module, as a reader's browser, from the
    session's one Playwright driver (conftest.py), resolving nothing off the machine."""
    if not CHROMIUM.is_file():
        _unavailable(f"{CHROMIUM} not found: install it with `apt-get install chromium`")
    rec = LiveRecorder(live_server)
    with tempfile.TemporaryDirectory(prefix="penneech-profile-") as profile:
        context = playwright_driver.chromium.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), args=[RESOLVER],
            viewport={"width": 1280, "height": 900})
        rec.watch(context)
        try:
            yield context, rec
        finally:
            context.close()


@pytest.mark.browser
def test_a_refused_value_in_a_folded_section_is_shown(browser_context: Any,
                                                      live_server: str) -> None:
    """A value the form refuses in "Change any rule", folded away, opens its fold at Play
    live, so that the browser can point at it (before, nothing happened at all)."""
    page, rec = _open(browser_context, live_server, "play-the-computer")
    options = page.locator(".pn-live-play details.pn-options")
    options.locator("summary").click()
    page.fill(".pn-live-play input[data-option=target]", "0")
    options.locator("summary").click()  # fold it again
    assert options.get_attribute("open") is None
    page.locator(".pn-live-play .pn-live-start").click()
    page.wait_for_function(
        "() => document.querySelector('.pn-live-play details.pn-options').open")
    assert page.evaluate("document.activeElement?.dataset.option") == "target"
    assert not page.locator(".pn-live-play .pn-live-table").count()  # no game was started
    rec.check_all("play-the-computer, a refused value")
    page.close()


def _open(browser_context: tuple[Any, LiveRecorder], base: str, name: str,
          viewport: dict[str, int] | None = None, init: str | None = None
          ) -> tuple[Any, LiveRecorder]:
    """A new page on ``name``.html (``init``: a script run before the page's own)."""
    context, rec = browser_context
    page = context.new_page()
    if init:
        page.add_init_script(init)
    if viewport:
        page.set_viewport_size(viewport)
    page.on("console", rec.on_console)
    page.on("pageerror", lambda exc: rec.page_errors.append(str(exc)))
    page.goto(f"{base}{name}.html", wait_until="load")
    return page, rec


def _start(page: Any, panel: str) -> None:
    """Press the panel's start button and wait for the engine's first answer."""
    page.locator(f".pn-live-{panel} .pn-live-start").click()


def _told(page: Any, words: str, timeout: int = ANSWER_MS) -> str:
    """The play panel's status line once it says ``words``."""
    page.wait_for_function(
        "(words) => document.querySelector('.pn-live-play .pn-live-message').textContent"
        ".includes(words)", arg=words, timeout=timeout)
    text: str = page.locator(".pn-live-play .pn-live-message").inner_text()
    return text


def _wait_table(page: Any) -> None:
    page.wait_for_selector(".pn-live-play .pn-live-table", timeout=START_MS)


def _table(page: Any) -> dict[str, Any]:
    """What the reader sees on the table, read from the page."""
    js = """() => {
      const t = document.querySelector('.pn-live-play .pn-live-table');
      const cards = Array.from(t.querySelectorAll('.pn-hand button')).map(b => ({
        code: b.dataset.card, name: b.getAttribute('aria-label'),
        disabled: b.getAttribute('aria-disabled') === 'true' || b.disabled,
        tag: b.tagName.toLowerCase()}));
      const actions = Array.from(t.querySelectorAll('[data-action]')).map(b => b.dataset.action);
      return {cards, actions, text: t.innerText,
              status: t.querySelector('.pn-status').innerText,
              result: t.querySelector('.pn-result')?.innerText ?? null,
              busy: document.querySelector('.pn-live-play').getAttribute('aria-busy') === 'true'};
    }"""
    state: dict[str, Any] = page.evaluate(js)
    return state


def _settled(page: Any) -> dict[str, Any]:
    """Wait until the table waits for the reader (or is over) and the analysis of a deal just
    ended has come (it is asked for after the deal's account is shown), then read it."""
    page.wait_for_function(
        """(analysing) => {
          const box = document.querySelector('.pn-live-play');
          const t = box.querySelector('.pn-live-table');
          if (!t || box.getAttribute('aria-busy') === 'true') return false;
          const st = t.querySelector('.pn-status').innerText;
          return !st.includes('is thinking') && !t.innerText.includes(analysing);
        }""", arg=ANALYSING, timeout=ANSWER_MS)
    return _table(page)


_ANNOUNCED = """(() => {  // what the play panel's status region hands a screen reader
  window.announced = [];
  new MutationObserver(() => {
    const region = document.querySelector('.pn-live-play .pn-live-status');
    if (!region) return;
    const text = region.querySelector('.pn-live-message').textContent;
    if (region.getAttribute('aria-live') !== 'off' && text) window.announced.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
})()"""


def test_a_hint_is_told_and_the_game_line_is_not_read_again(browser_context: Any,
                                                            live_server: str) -> None:
    """Hint names a card in the news; the game line put back in the status line after "Working
    out a hint…" was read out again at the same moment as the hint (review 44a)."""
    page, rec = _new_game(browser_context, live_server, "4242", init=_ANNOUNCED)
    state = _settled(page)
    while not any(not c["disabled"] for c in state["cards"]) and state["cards"]:
        _play_a_card(page)  # (past a throw-in question, to a card to play)
        state = _settled(page)
    page.evaluate("window.announced = []")
    page.locator(".pn-live-play [data-do=hint]").click()
    page.wait_for_function("() => document.querySelector('.pn-live-play .pn-live-news')"
                           ".textContent.includes('Hint:')", timeout=ANSWER_MS)
    page.wait_for_timeout(400)
    announced = page.evaluate("window.announced")
    assert any("hint" in a.lower() for a in announced), announced  # "Working out a hint…"
    assert not any(a.startswith("Rules ") for a in announced), announced
    assert page.locator(".pn-live-play .pn-live-message").inner_text().startswith("Rules ")
    rec.check_all("play-the-computer, a hint")
    page.close()


def test_play_a_whole_game_by_clicking_cards(browser_context: Any, live_server: str) -> None:
    """Play live, then click cards to the end of the game as a reader; one forbidden card is
    tried on the way and refused with the engine's reason; the winner is stated in words."""
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.evaluate("window.penneechLive.pause_ms = 0")
    page.select_option(".pn-live-play select[name=preset]", "pagat")
    # the opponent offered first is the default, with what it is beside it; another level
    # picked shows its own description
    menu = page.locator(".pn-live-play select[name=opponent]")
    assert menu.input_value() == DEFAULT_OPPONENT
    assert page.locator(f'.pn-live-play [data-about="{DEFAULT_OPPONENT}"]').is_visible()
    menu.select_option("greedy")
    assert page.locator('.pn-live-play [data-about="greedy"]').inner_text().startswith(
        "Beginner (greedy):")
    assert not page.locator(f'.pn-live-play [data-about="{DEFAULT_OPPONENT}"]').is_visible()
    menu.select_option(DEFAULT_OPPONENT)
    # its measured strength is shown under the reading picked, and follows the menu
    about = page.locator(f'.pn-live-play [data-about="{DEFAULT_OPPONENT}"]')
    assert "under pagat" in about.locator(".pn-measured:visible").inner_text()
    page.select_option(".pn-live-play select[name=preset]", "davis")
    shown = about.locator(".pn-measured:visible").inner_text()
    assert "under davis" in shown and "under pagat" not in shown
    page.select_option(".pn-live-play select[name=preset]", "pagat")
    page.fill(".pn-live-play input[name=seed]", "11")
    _start(page, "play")
    _wait_table(page)
    assert_accessible(page, "the live table at the first card")
    refused = False
    clicks = analysed = 0
    for _ in range(400):
        state = _settled(page)
        if state["result"] is not None:
            break
        assert state["cards"] or state["actions"], f"nothing to do on the table: {state['text']}"
        for card in state["cards"]:
            assert card["tag"] == "button" and re.fullmatch(r"[2-9TJQKA][SHDC]", card["code"])
            # the accessible name is the engine's name of that very card
            assert card["name"] == card_label(Card(card["code"])), card
        if "next-deal" in state["actions"]:
            # under the account of the deal, what the reader's cards cost (issue 12)
            if "thrown in" not in state["status"]:
                assert "How your cards did in deal" in state["text"], state["text"][-800:]
                if not analysed:
                    assert_accessible(page, "the live table at the end of a deal")
                analysed += 1
            page.locator(".pn-live-play [data-action=next-deal]").click()
            continue
        if "keep" in state["actions"]:
            page.locator(".pn-live-play [data-action=keep]").click()
            continue
        forbidden = [c for c in state["cards"] if c["disabled"]]
        if forbidden and not refused:
            code = forbidden[0]["code"]
            # aria-disabled marks it for a screen reader; a mouse still reaches it (Playwright
            # would wait for it to be "enabled" without force)
            page.locator(f'.pn-live-play [data-card="{code}"]').click(force=True)
            after = _settled(page)
            assert "is not a legal play for you" in after["status"], after["status"]
            # the card is named as the table shows it (♠J), not by its code (JS)
            assert code not in after["status"], after["status"]
            assert re.search(r"\((follow|rule)[^)]*\)", after["status"]), (
                f"the refusal does not name the rule: {after['status']}")
            assert code in [c["code"] for c in after["cards"]], "a refused card left the hand"
            # the rule named is a link to what it decides, opened beside the game
            with page.context.expect_page() as opened:
                page.locator(".pn-live-play .pn-refused a.pn-rule").first.click()
            rules_page = opened.value
            rules_page.wait_for_load_state()
            assert re.search(r"/reconstructions\.html#option-[a-z-]+$", rules_page.url), (
                rules_page.url)
            anchor = rules_page.url.rsplit("#", 1)[1]
            heading = rules_page.locator(f"#{anchor} + :is(h2, h3, h4)")
            assert heading.is_visible(), f"no heading at #{anchor}"
            assert 0 <= heading.bounding_box()["y"] < 200, "the option's heading is not in view"
            option = anchor.removeprefix("option-").replace("-", "_")
            section = rules_page.locator(f"section:has(> #{anchor})")
            assert OPTIONS[option].question in section.inner_text()
            rules_page.close()
            refused = True
            continue
        playable = [c for c in state["cards"] if not c["disabled"]]
        assert playable, f"no playable card and no action: {state['text']}"
        before = len(state["cards"])
        page.locator(f'.pn-live-play [data-card="{playable[-1]["code"]}"]').click()
        clicks += 1
        after = _settled(page)
        assert after["result"] is not None or len(after["cards"]) != before or after["actions"], (
            "a legal card was clicked but the hand did not change")
    state = _table(page)
    assert state["result"] and "wins the game" in state["result"], state["text"][-500:]
    assert_accessible(page, "the live table at the end of the game")
    assert refused, "no forbidden card came up in the whole game"
    assert clicks >= 7 and analysed >= 1
    # the game can be downloaded as a record, and the record replays to the same result
    with page.expect_download() as info:
        page.locator(".pn-live-play [data-do=download]").click()
    text = Path(info.value.path()).read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == "penneech-record/1"
    replayed = record.loads(text)
    assert replayed.outcome is not None
    assert replayed.names[replayed.outcome.winner] in state["result"]
    rec.check_all("play-the-computer, a whole game")
    page.close()


def test_keyboard_play_and_a_rule_changed(browser_context: Any, live_server: str) -> None:
    """Tab to the hand, move with the arrow keys and play with Enter; then change a rule in the
    form and deal again: the table says the new rules, and under follow=free no card is
    forbidden."""
    page, rec = _open(browser_context, live_server, "play-the-computer")
    # the panel is a landmark a screen reader can move to (review 38b)
    assert page.get_by_role("region", name="Your game against the computer").locator(
        ".pn-live-start").count() == 1
    page.fill(".pn-live-play input[name=seed]", "4")
    page.select_option(".pn-live-play select[name=dealer]", "1")  # the computer deals: you lead
    page.locator(".pn-live-play .pn-live-start").focus()
    page.keyboard.press("Enter")
    _wait_table(page)
    state = _settled(page)
    while state["actions"]:  # a hand thrown in (by the computer) or one the reader may keep
        action = "keep" if "keep" in state["actions"] else "next-deal"
        page.locator(f".pn-live-play [data-action={action}]").click()
        state = _settled(page)
    assert state["cards"] and not any(c["disabled"] for c in state["cards"]), state["text"]
    # the game begun, the keyboard is at the table: on a card of the hand
    assert page.evaluate("document.activeElement?.classList.contains('pn-cardbtn')"), (
        page.evaluate("document.activeElement?.outerHTML.slice(0, 200)"))
    # the hand is one Tab stop: Shift-Tab and Tab come back to it
    page.keyboard.press("Shift+Tab")
    assert not page.evaluate("document.activeElement?.classList.contains('pn-cardbtn')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement?.classList.contains('pn-cardbtn')")
    page.keyboard.press("Tab")
    assert not page.evaluate("document.activeElement?.classList.contains('pn-cardbtn')"), (
        "Tab went from one card of the hand to another")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    code = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    after = _settled(page)
    assert code not in [c["code"] for c in after["cards"]], "Enter did not play the focused card"
    assert re.search(r"[Yy]ou lead the", after["text"]), after["text"]
    # a screen reader is told, in a region that stays on the page, what the computer did, with
    # the cards in words, and what the table waits for
    told = page.locator(".pn-live-play .pn-live-news")
    assert told.get_attribute("aria-live") == "polite"
    assert re.search(r"Expert plays the \w+ of \w+\.", told.text_content()), (
        told.text_content())
    page.evaluate("""() => {  // (each thing told from here on)
      window.testNews = [];
      const news = document.querySelector('.pn-live-play .pn-live-news');
      new MutationObserver(() => window.testNews.push(news.textContent)).observe(
        news, { childList: true, characterData: true, subtree: true });
    }""")
    # the deal played to its end with Enter alone: the keyboard is never lost to the page
    for _ in range(40):
        state = _settled(page)
        if state["result"] or "next-deal" in state["actions"]:
            break
        if "keep" in state["actions"]:
            page.locator(".pn-live-play [data-action=keep]").click()
            continue
        assert page.evaluate("document.activeElement?.classList.contains('pn-cardbtn')"), (
            page.evaluate("document.activeElement?.outerHTML.slice(0, 200)"))
        page.keyboard.press("Enter")
    assert "next-deal" in state["actions"] or state["result"], state["text"][-300:]
    assert page.evaluate("document.activeElement?.dataset.action") in ("next-deal", "new-game")
    # (the deal's end with the scores, then what the reader's cards cost: review 44a)
    news = page.evaluate("window.testNews")
    assert any("Scores: you " in t for t in news), news
    assert re.match(r"How your cards did in deal|Deal \d+: you had no choice", news[-1]), news
    assert not any(re.search("[♠♥♦♣]", t) for t in news), news

    settings = page.locator(".pn-live-play details.pn-settings")
    if settings.get_attribute("open") is None:  # folded while a game is on
        settings.locator("summary").first.click()
    page.locator(".pn-live-play .pn-options summary").click()
    page.select_option(".pn-live-play select[data-option=follow]", "free")
    page.locator(".pn-live-play .pn-live-start").click()
    page.wait_for_function(
        "() => document.querySelector('.pn-live-play .pn-live-table')?.innerText"
        ".includes('follow=free')", timeout=ANSWER_MS)
    for _ in range(20):
        state = _settled(page)
        if state["result"] or "next-deal" in state["actions"]:
            break
        if state["actions"]:
            page.locator(".pn-live-play [data-action=keep]").click()
            continue
        assert not any(c["disabled"] for c in state["cards"]), (
            f"a card is forbidden under follow=free: {state['text']}")
        page.locator(f'.pn-live-play [data-card="{state["cards"][0]["code"]}"]').click()
    rec.check_all("play-the-computer, keyboard and a changed rule")
    page.close()


def test_reload_takes_the_runtime_from_the_cache(browser_context: Any,
                                                 live_server: str) -> None:
    """After a first load, a reload gets the runtime from the browser's cache: the worker's
    resource timings show no body transferred for the big files, and the engine starts from the
    snapshot kept in Cache Storage; a game in progress can be resumed after the reload."""
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.fill(".pn-live-play input[name=seed]", "21")
    _start(page, "play")
    _wait_table(page)
    _settled(page)
    # the started engine is kept for the next visit (unless this page started from it already)
    kept = ("() => window.penneechLive.snapshot_saved "
            "|| window.penneechLive.startup_phases?.from_snapshot")
    page.wait_for_function(kept, timeout=ANSWER_MS)
    saved = page.evaluate("window.penneechLive.snapshot_saved")
    assert saved is None or saved["bytes"] > 1_000_000, f"the engine was not kept: {saved}"
    if saved is not None:  # the Play page says how much the browser keeps of Python as started
        stated = re.search(r"keeps\s+Python as started, about (\d+) MB more",
                           page.locator("article").inner_text())
        assert stated, "the Play page no longer says how much Python as started takes"
        assert abs(int(stated.group(1)) - saved["bytes"] / 1e6) <= 2, (
            f"the Play page says about {stated.group(1)} MB; the browser kept "
            f"{saved['bytes'] / 1e6:.1f} MB")
    page.reload(wait_until="load")
    resume = page.locator(".pn-live-play [data-do=resume]")
    assert resume.is_visible(), "a game in progress is not offered for resuming after a reload"
    resume.click()
    _wait_table(page)
    state = _settled(page)
    assert "seed 21" in page.locator(".pn-live-play .pn-live-message").inner_text()
    assert state["cards"]
    timings = page.workers[0].evaluate(
        "performance.getEntriesByType('resource').map(e => ({name: e.name, "
        "transfer: e.transferSize, body: e.encodedBodySize}))")
    big = [t for t in timings if t["name"].endswith((WASM, "python_stdlib.zip"))]
    assert big, f"the worker loaded no runtime file: {timings}"
    for t in big:
        assert t["transfer"] < t["body"], f"{t['name']} was downloaded again: {t}"
    phases = page.evaluate("window.penneechLive.startup_phases")
    assert phases["from_snapshot"], f"the engine started from scratch again: {phases}"
    # an on-disk profile's HTTP cache keeps the runtime, so nothing of it is kept twice
    page.wait_for_function("() => window.penneechLive.runtime_kept", timeout=ANSWER_MS)
    kept = page.evaluate("window.penneechLive.runtime_kept")
    assert kept["names"] == [] and "error" not in kept, f"the runtime was kept twice: {kept}"
    rec.check_all("play-the-computer, reloaded")
    page.close()


def test_a_start_from_the_browsers_copy_goes_forward_and_says_so(
        playwright_driver: Any, live_server: str) -> None:
    """With Python kept in the browser but the runtime's files not in its cache (a private
    window, a cleared cache), the start said "from this browser's copy" at 50%, ran the bar
    back to 9% to download, and then said "the first time" (review 41c)."""
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=[RESOLVER])
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      service_workers="block")
        page = context.new_page()
        page.goto(f"{live_server}play-the-computer.html", wait_until="load")
        _start(page, "play")
        _wait_table(page)
        page.wait_for_function("() => window.penneechLive.snapshot_saved", timeout=ANSWER_MS)
        assert page.evaluate("window.penneechLive.snapshot_saved.bytes") > 1_000_000
        cdp = context.new_cdp_session(page)
        cdp.send("Network.clearBrowserCache")  # (Cache Storage, with Python as started, stays)
        page.evaluate("localStorage.clear()")
        page.reload(wait_until="load")
        _start(page, "play")
        seen: list[tuple[int, str]] = []
        deadline = time.monotonic() + START_MS / 1000
        while time.monotonic() < deadline and not page.locator(
                ".pn-live-play .pn-live-table").count():
            seen.append(tuple(page.evaluate("""() => [
                document.querySelector('.pn-live-play .pn-live-status progress').value,
                document.querySelector('.pn-live-play .pn-live-message').textContent
                + ' | ' + document.querySelector('.pn-live-play .pn-live-figures').textContent]
            """)))
            time.sleep(0.05)
        _wait_table(page)
        assert page.evaluate("window.penneechLive.startup_phases.from_snapshot")
        told = [text for _, text in seen]
        assert any("this browser's copy" in t for t in told), told
        assert not any("the first time" in t for t in told), told
        values = [v for v, t in seen if "Downloading" in t or "browser's copy" in t]
        assert values and all(b >= a for a, b in zip(values, values[1:], strict=False)), seen
    finally:
        browser.close()


def test_a_private_window_downloads_the_runtime_once(playwright_driver: Any,
                                                     live_server: str) -> None:
    """A private or guest window (a shared school laptop's guest session) keeps its HTTP cache
    in memory, and that cache did not keep pyodide.asm.wasm: every reload downloaded its 9.6 MB
    again, nearly a minute on a slow connection (review 41c).  The worker keeps in Cache
    Storage, beside Python as started, a runtime file the cache dropped (the wasm is now
    downloaded gzipped, 3.5 MB, which Chromium's cache keeps), so a reload and the one after
    download none of the runtime (an on-disk profile keeps nothing twice: see
    test_reload_takes_the_runtime_from_the_cache)."""
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=[RESOLVER])
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      service_workers="block")
        rec = LiveRecorder(live_server)
        rec.watch(context)
        page = context.new_page()
        page.goto(f"{live_server}play-the-computer.html", wait_until="load")
        _start(page, "play")
        _wait_table(page)
        page.wait_for_function("() => window.penneechLive.runtime_kept", timeout=ANSWER_MS)
        kept = page.evaluate("window.penneechLive.runtime_kept")
        assert "error" not in kept, f"the runtime could not be kept: {kept}"
        for visit in ("a reload", "a second reload"):
            page.evaluate("localStorage.clear()")  # (no game to resume: Play live starts one)
            page.reload(wait_until="load")
            _start(page, "play")
            _wait_table(page)
            assert page.evaluate("window.penneechLive.startup_phases.from_snapshot")
            again = [t for t in _runtime_timings(page) if t["transfer"] >= t["body"] > 0]
            assert not again, (f"after {visit} a private window downloaded {again} again "
                               f"(kept in Cache Storage: {kept['names']})")
        rec.check_all("play-the-computer in a private window, reloaded twice")
    finally:
        browser.close()


@contextlib.contextmanager
def _served_by(playwright_driver: Any, site: Path,  # noqa: F811 - the fixture's name
               handler: type[_QuietHandler]) -> Iterator[tuple[Any, Any, str]]:
    """The site served on a port of its own by ``handler`` (a host that serves it otherwise),
    and a new private browser context and page on it: ``(context, page, the Play page's
    address)``; the page is not opened yet, so that listeners go on first."""
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=[RESOLVER])
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      service_workers="block")
        yield (context, context.new_page(),
               f"http://127.0.0.1:{httpd.server_address[1]}{PREFIX}play-the-computer.html")
    finally:
        browser.close()
        httpd.shutdown()
        httpd.server_close()


class _NoStoreHandler(_QuietHandler):
    """Serves the site with the runtime's files marked ``Cache-Control: no-store``: a browser
    cache that keeps none of them, as a private window's kept no file of 9.6 MB."""

    def end_headers(self) -> None:
        if "/pyodide/" in self.path:
            self.send_header("Cache-Control", "no-store")
        super().end_headers()


def test_a_runtime_file_the_http_cache_does_not_keep_is_kept_and_served_by_the_worker(
        playwright_driver: Any, site: Path) -> None:  # noqa: F811 - the fixture
    """Where the browser's HTTP cache keeps no runtime file, the worker keeps them in Cache
    Storage after the first start and takes them from there: a reload downloads none of them
    (the private-window test cannot show this: Chromium's cache keeps the gzipped file).
    The lock file, written again at every build, is not kept."""
    with _served_by(playwright_driver, site, _NoStoreHandler) as (context, page, url):
        page.goto(url, wait_until="load")
        _start(page, "play")
        _wait_table(page)
        page.wait_for_function("() => window.penneechLive.runtime_kept", timeout=ANSWER_MS)
        kept = page.evaluate("window.penneechLive.runtime_kept")
        assert sorted(kept["names"]) == [WASM, "python_stdlib.zip"], kept
        fetched: list[str] = []
        context.on("request", lambda r: fetched.append(r.url.rsplit("/", 1)[-1]))
        page.evaluate("localStorage.clear()")
        page.reload(wait_until="load")
        _start(page, "play")
        _wait_table(page)
        assert page.evaluate("window.penneechLive.startup_phases.from_snapshot")
        again = [n for n in fetched if n in (WASM, "python_stdlib.zip")]
        assert not again, f"downloaded again: {again}"
        assert _settled(page)["cards"], "no hand was dealt"


def _runtime_timings(page: Any) -> list[dict[str, Any]]:
    """The worker's resource timings of the site's runtime folder (pyodide/)."""
    timings: list[dict[str, Any]] = page.workers[0].evaluate(
        "performance.getEntriesByType('resource').filter(e => e.name.includes('/pyodide/'))"
        ".map(e => ({name: e.name.split('/').pop(), transfer: e.transferSize, "
        "body: e.encodedBodySize}))")
    return timings


def test_the_stated_download_is_what_play_live_loads_and_a_second_page_loads_none(
        browser_context: Any, live_server: str) -> None:
    """A teacher sending a class to the site reads on Play the computer how much Python the
    first Play live loads ("about N MB"): it is what the worker loads from the site's
    pyodide/ folder, to the nearest MB (it said 12 MB; the worker loads 13.6).  The next live
    page, A small experiment, takes all of it from the browser's cache."""
    page, rec = _open(browser_context, live_server, "play-the-computer")
    stated = re.search(r"loads Python \(about\s+(\d+)\s*MB",
                       page.locator(".bd-article").inner_text())
    assert stated, "Play the computer no longer says how much the first Play live loads"
    # a first start, as a class's is (the module's profile keeps Python as started by earlier
    # tests, and a start from that copy tells no megabytes in its first second: review 44a)
    page.evaluate("caches.delete('penneech-live-snapshots')")
    # every text the panel's status line shows while the runtime loads
    page.evaluate("""() => {
      window.testStatus = [];
      const box = document.querySelector('.pn-live-play .pn-live-status');
      new MutationObserver(() => window.testStatus.push(box.textContent))
        .observe(box, {subtree: true, childList: true, characterData: true});
    }""")
    _start(page, "play")
    _wait_table(page)
    names = {t["name"] for t in _runtime_timings(page)}
    assert WASM in names and "pyodide.asm.wasm" not in names, (
        f"Play live did not load the runtime's main file compressed: {sorted(names)}")
    loaded = sum(t["body"] for t in _runtime_timings(page)) / 1e6
    assert abs(int(stated.group(1)) - loaded) <= 1, (
        f"the page says about {stated.group(1)} MB; Play live loads {loaded:.1f} MB")
    # and its progress line counts the same bytes: "12.1 of 12.1 MB" left out the modules
    counts = [m.groups() for t in page.evaluate("window.testStatus")
              for m in [re.search(r"([\d.]+) of ([\d.]+) MB", t)] if m]
    assert counts, "the progress line never said how much was loaded"
    done, total = (float(x) for x in counts[-1])
    assert done == total and abs(total - loaded) <= 0.15, (
        f"the progress line ended at {counts[-1]} MB; Play live loads {loaded:.1f} MB")
    page.close()
    page, rec = _open(browser_context, live_server, "small-experiment")
    _start(page, "experiment")
    page.wait_for_function("() => window.penneechLive?.startup_phases", timeout=START_MS)
    timings = _runtime_timings(page)
    big = [t for t in timings if t["body"] > 100_000]
    assert len(big) >= 3, timings
    downloaded = [t for t in big if t["transfer"] >= t["body"]]
    assert not downloaded, f"the second live page downloaded Python again: {downloaded}"
    rec.check_all("play-the-computer, then small-experiment")
    page.close()


def _new_game(browser_context: tuple[Any, LiveRecorder], base: str,
              seed: str, init: str | None = None) -> tuple[Any, LiveRecorder]:
    """A new page, and a game on it against the greedy player (no pause before its cards;
    ``init``: a script run before the page's own)."""
    page, rec = _open(browser_context, base, "play-the-computer", init=init)
    page.evaluate("window.penneechLive.pause_ms = 0")
    page.select_option(".pn-live-play select[name=opponent]", "greedy")
    page.fill(".pn-live-play input[name=seed]", seed)
    _start(page, "play")
    _wait_table(page)
    return page, rec


def _play_a_card(page: Any, which: int = 0) -> str:
    """Play the reader's first playable card, or another (``which``: -1 for the last),
    passing a throw-in or a deal's end on the way; return its code."""
    state = _settled(page)
    while {"keep", "next-deal"} & set(state["actions"]):
        action = "keep" if "keep" in state["actions"] else "next-deal"
        page.locator(f'.pn-live-play [data-action="{action}"]').click()
        state = _settled(page)
    code: str = [c["code"] for c in state["cards"] if not c["disabled"]][which]
    page.locator(f'.pn-live-play [data-card="{code}"]').click()
    _settled(page)
    return code


def test_no_game_is_lost_to_another(browser_context: Any, live_server: str) -> None:
    """A new game, or a game begun in a second tab, never writes over a game in progress: after
    a reload every unfinished game is offered, the one picked comes back where it was, and the
    form shows the opponent it was played against."""
    page, rec = _new_game(browser_context, live_server, "4242")
    played = _play_a_card(page)
    first = _table(page)
    assert played not in [c["code"] for c in first["cards"]]
    # a new game: the first is kept, and the reader is told so
    page.locator(".pn-live-play .pn-settings > summary").click()  # the settings, folded away
    page.select_option(".pn-live-play select[name=opponent]", DEFAULT_OPPONENT)
    # settings changed mid-game are said to be for the next game (review 42c)
    note = page.locator(".pn-live-play .pn-live-for-next")
    assert note.is_visible() and "for the next game" in note.inner_text()
    assert note.get_attribute("role") == "status"  # (and a screen reader is told; review 44a)
    page.fill(".pn-live-play input[name=seed]", "55")
    _start(page, "play")
    message = _told(page, "seed 55")
    assert "seed 4242) is kept" in message, message
    assert not note.is_visible()
    assert page.locator(".pn-live-play [data-do=resume]").is_visible()
    # a second tab begins a third game
    other, _ = _open(browser_context, live_server, "play-the-computer")
    other.fill(".pn-live-play input[name=seed]", "202")
    _start(other, "play")
    _wait_table(other)
    _told(other, "seed 202")
    other.close()
    page.reload(wait_until="load")
    menu = page.locator(".pn-live-play select[name=saved-game]")
    assert menu.is_visible(), "only one of three unfinished games is offered after a reload"
    offered = menu.locator("option").all_inner_texts()
    for seed in ("4242", "55", "202"):
        assert any(f"seed {seed}," in o for o in offered), (seed, offered)
    menu.select_option(label=next(o for o in offered if "seed 4242," in o))
    page.locator(".pn-live-play [data-do=resume]").click()
    _wait_table(page)
    back = _settled(page)
    assert "seed 4242" in page.locator(".pn-live-play .pn-live-message").inner_text()
    assert [c["code"] for c in back["cards"]] == [c["code"] for c in first["cards"]]
    assert page.locator(".pn-live-play select[name=opponent]").input_value() == "greedy"
    rec.check_all("play-the-computer, three games kept")
    page.close()


def _resume_in_another_tab(browser_context: tuple[Any, LiveRecorder], base: str,
                           seed: str) -> Any:
    """A second tab on the play page, resuming the saved game of ``seed`` (no pause before the
    computer's cards)."""
    other, _ = _open(browser_context, base, "play-the-computer")
    other.evaluate("window.penneechLive.pause_ms = 0")
    menu = other.locator(".pn-live-play select[name=saved-game]")
    if menu.is_visible():  # (other tests' unfinished games are kept in this browser too)
        menu.select_option(label=next(o for o in menu.locator("option").all_inner_texts()
                                      if f"seed {seed}," in o))
    other.locator(".pn-live-play [data-do=resume]").click()
    _wait_table(other)
    return other


def test_one_game_played_on_in_two_tabs_keeps_both(browser_context: Any,
                                                    live_server: str) -> None:
    """The same saved game resumed in two tabs and played on in both: each tab's moves are kept
    (the second tab to move wrote over the first's, which was lost), and the reader is told."""
    page, rec = _new_game(browser_context, live_server, "7707")
    _play_a_card(page)
    other = _resume_in_another_tab(browser_context, live_server, "7707")
    played = _play_a_card(other, 0), _play_a_card(page, -1)
    said = page.locator(".pn-live-play .pn-live-message").inner_text()
    assert "played on in another tab too: both are kept" in said, said
    assert "another tab" not in other.locator(".pn-live-play .pn-live-message").inner_text()
    saves = page.evaluate("""() => Object.keys(localStorage)
      .filter(k => k.startsWith('penneech-live-game:'))
      .map(k => JSON.parse(localStorage.getItem(k)))
      .filter(s => s.label.startsWith('seed 7707,') && !s.over)
      .map(s => JSON.parse(s.record))""")
    assert len(saves) == 2, saves
    # each tab's own card is in one of them (two cards the reader may play, on this seed)
    assert played[0] != played[1], played
    cards = [{getattr(a, "card", None) for a in record.from_record(save).actions}
             for save in saves]
    assert sorted(sum(Card(code) in held for held in cards) for code in played) == [1, 1], played
    other.close()
    rec.check_all("play-the-computer, one game in two tabs")
    page.close()


def _record_to_follow(path: Path, seed: int) -> tuple[Game, Path]:
    """A game of Ada against Greedy saved to ``path`` where Ada is to follow the first card."""
    game = Game("pagat", seed=seed, players=("Ada", "Greedy"), first_dealer=0)
    while game.to_move != 0 or game.phase is not Phase.PLAY or not game.trick:
        (game.throw_in(False) if game.phase is Phase.THROW_IN else game.play(
            game.legal_plays()[0]))
    record.save(game, path)
    return game, path


def test_a_downloaded_game_is_played_on_before_any_game_is_on_the_table(
        browser_context: Any, live_server: str, tmp_path: Path) -> None:
    """A reader who downloaded a game yesterday opens the page and plays on from the file at
    once, against the computer the record names (not the one the menu shows)."""
    game, path = _record_to_follow(tmp_path / "yesterday.json", 31)
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.evaluate("window.penneechLive.pause_ms = 0")
    assert page.locator(".pn-live-play select[name=opponent]").input_value() == DEFAULT_OPPONENT
    assert not page.locator(".pn-live-play .pn-live-table").count()
    page.locator(".pn-live-play input[data-do=load]").set_input_files(str(path))
    _wait_table(page)
    state = _settled(page)
    message = page.locator(".pn-live-play .pn-live-message").inner_text()
    assert "Greedy plays on as the Beginner player" in message, message
    assert page.locator(".pn-live-play select[name=opponent]").input_value() == "greedy"
    assert sorted(c["code"] for c in state["cards"]) == sorted(c.code for c in game.hand(0))
    legal = {c.code for c in game.legal_plays()}
    assert {c["code"] for c in state["cards"] if not c["disabled"]} == legal
    # the reader plays on, and the game goes on from the file
    page.locator(f'.pn-live-play [data-card="{sorted(legal)[0]}"]').click()
    after = _settled(page)
    assert sorted(legal)[0] not in [c["code"] for c in after["cards"]]
    rec.check_all("play-the-computer, a downloaded game played on")
    page.close()


def test_new_game_pressed_while_the_computer_plays_is_done_after_and_said(
        browser_context: Any, live_server: str) -> None:
    """New game pressed while the computer thought was dropped without a word, where a card
    pressed then is told to wait (review 43a): it is said, and done once the computer has
    played."""
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.evaluate("window.penneechLive.pause_ms = 0")
    page.select_option(".pn-live-play select[name=opponent]", "greedy")
    page.select_option(".pn-live-play select[name=dealer]", "1")  # (the reader leads first)
    page.fill(".pn-live-play input[name=seed]", "606")
    _start(page, "play")
    _wait_table(page)
    page.evaluate("window.penneechLive.pause_ms = 1500")  # (the computer is busy a while)
    state = _settled(page)
    while state["actions"]:
        page.locator(f".pn-live-play [data-action={state['actions'][0]}]").click()
        state = _settled(page)
    code = next(c["code"] for c in state["cards"] if not c["disabled"])
    # (the settings are folded away under the table: the next game's seed is set as typed)
    page.evaluate("document.querySelector('.pn-live-play input[name=seed]').value = '607'")
    page.evaluate("window.penneechLive.pause_ms = 3000")  # (time to press twice)
    page.locator(f'.pn-live-play [data-card="{code}"]').click()
    page.locator(".pn-live-play .pn-live-start").click()
    said = _told(page, "A new game begins once the table is ready", 5_000)
    assert "607" not in said
    # pressed again while it waits: said too (it was dropped without a word), and done once
    page.locator(".pn-live-play .pn-live-start").click()
    again = _told(page, "once however often it is pressed", 5_000)
    assert again.startswith("A new game begins once the table is ready"), again
    _told(page, "seed 607")
    games = page.evaluate("Object.values(localStorage).filter((v) => v.includes('seed 607'))"
                          ".length")
    assert games == 1, f"{games} games of seed 607 were begun"
    rec.check_all("play-the-computer, New game while the computer plays")
    page.close()


def test_a_record_loaded_again_is_kept_once_and_the_menu_tells_saves_apart(
        browser_context: Any, live_server: str, tmp_path: Path) -> None:
    """A teacher's record file loaded again and again (or by mistake twice) was kept anew each
    time: the menu filled with copies of one position that no one could tell apart, and a
    phone's menu showed only the beginning of labels that differed only at their end (review
    43a).  The same position is kept once, and a save's time comes first in the menu."""
    game, path = _record_to_follow(tmp_path / "handout.json", 4343)
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.evaluate("window.penneechLive.pause_ms = 0")
    count = ("(record) => Object.keys(localStorage).filter((k) => k.startsWith("
             "'penneech-live-game:') && JSON.parse(localStorage.getItem(k)).record === record)"
             ".length")
    clear = "document.querySelector('.pn-live-play .pn-live-message').textContent = ''"
    for n in range(3):
        page.evaluate(clear)
        page.locator(".pn-live-play input[data-do=load]").set_input_files(str(path))
        _told(page, "plays on as")
        _settled(page)
        assert page.evaluate(count, record.dumps(game)) == 1, f"load {n + 1}: kept again"
    # a game played on beside it: two saves, each offered under its time first
    page.locator(f'.pn-live-play [data-card="{game.legal_plays()[0].code}"]').click()
    _settled(page)
    page.evaluate(clear)
    page.locator(".pn-live-play input[data-do=load]").set_input_files(str(path))
    _told(page, "plays on as")
    _settled(page)
    offered = page.evaluate("[...document.querySelectorAll('.pn-live-play select option')]"
                            ".filter((o) => o.value.startsWith('penneech-live-game:'))"
                            ".map((o) => o.text)")
    # (the module's profile keeps the other tests' games too)
    assert all(o.startswith("saved ") for o in offered), offered
    ours = [o for o in offered if "seed 4343" in o]
    assert ours and all(re.match(r"saved \S.*: seed 4343, rules pagat, \d+–\d+ in deal \d+, "
                                 r"against ", o) for o in ours), " | ".join(offered)
    # the game played on, and the file loaded again: two games, each kept once
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith("
                         "'penneech-live-game:') && localStorage.getItem(k).includes("
                         "'seed 4343')).length")
    assert kept == 2, kept
    rec.check_all("play-the-computer, a record loaded again")
    page.close()


def test_a_newcomer_on_a_phone_plays_at_once_and_is_told_what_to_play(
        browser_context: Any, live_server: str) -> None:
    """A reader new to the game, on a phone, finds Play live on the page's second screen with
    the settings folded (they were open, a screen and more above it), under a note that says
    what it plays; pressed, it says while Python starts that the game will appear by itself;
    and at the table, before any card is tapped, the status says what must be played and why
    the greyed cards are greyed, and at the end of a deal who leads and what wins."""
    page, rec = _open(browser_context, live_server, "play-the-computer", viewport=PHONE)
    page.evaluate("window.penneechLive.pause_ms = 0")
    settings = page.locator(".pn-live-play details.pn-settings")
    assert settings.get_attribute("open") is None, "the settings are open on a phone"
    start = page.locator(".pn-live-play .pn-live-start")
    top = start.evaluate("b => b.getBoundingClientRect().top + scrollY")
    assert top < 2 * PHONE["height"], f"Play live is {top} px down the page at phone width"
    note = page.locator(".pn-live-play .pn-live-note").inner_text()
    assert note.startswith("Press Play live to play at once, under pagat"), note
    # one tap opens the settings: seed 11, the reader deals, so the beginner leads (a card
    # the reader must follow: tests/test_live_bridge.py)
    settings.locator("> summary").click()
    page.select_option(".pn-live-play select[name=opponent]", "greedy")
    page.fill(".pn-live-play input[name=seed]", "11")
    page.select_option(".pn-live-play select[name=dealer]", "0")
    said: list[str] = []
    page.expose_function("penneechSaid", lambda text: said.append(text))
    page.evaluate("""() => new MutationObserver(() => window.penneechSaid(
        document.querySelector('.pn-live-play .pn-live-message').textContent)).observe(
        document.querySelector('.pn-live-play .pn-live-message'),
        {childList: true, characterData: true, subtree: true})""")
    start.click()
    _wait_table(page)
    state = _settled(page)
    if not page.evaluate("window.penneechLive.startup_phases?.from_snapshot"):
        assert any("appears here by itself" in s for s in said), said
    while state["actions"] and "next-deal" not in state["actions"]:
        page.locator(".pn-live-play [data-action=keep]").click()
        state = _settled(page)
    greyed = [c for c in state["cards"] if c["disabled"]]
    assert greyed, state["text"]
    assert "so you must play" in state["status"] and (
        "the greyed cards (marked unavailable) may not be played now" in state["status"]), state["status"]
    while "next-deal" not in state["actions"]:
        if state["actions"]:
            page.locator(".pn-live-play [data-action=keep]").click()
        else:
            code = next(c["code"] for c in state["cards"] if not c["disabled"])
            page.locator(f'.pn-live-play [data-card="{code}"]').click()
        state = _settled(page)
    assert re.search(r"Deal 1 is over\. (You are ahead|\w+ is ahead|The scores are level), \d+ to \d+; "
                     r"the first to 61 wins the game\.", state["status"]), state["status"]
    rec.check_all("play-the-computer, a newcomer on a phone")
    page.close()


def test_on_a_phone_each_rule_option_says_what_it_decides_and_who_holds_it(
        browser_context: Any, live_server: str) -> None:
    """A phone shows no tooltip, and its menus cut their values short: under each option's menu
    the page says what it decides, which reading holds each value (read off the presets) and
    links to its sources (review 44a: the explanations were only in tooltips)."""
    from penneech.rules import holders, show_value

    for name in ("play-the-computer", "small-experiment"):
        page, rec = _open(browser_context, live_server, name, viewport=PHONE)
        panel = page.locator(".pn-live-play, .pn-live-experiment").first
        settings = panel.locator(".pn-settings > summary")
        if settings.count() and settings.is_visible():
            settings.click()  # folded on a phone
        panel.locator(".pn-options > summary").click()
        for option, info in OPTIONS.items():
            control = panel.locator(f"[data-option={option}]")
            help_ = page.locator(f"#{control.get_attribute('aria-describedby')}")
            assert help_.is_visible(), f"{name}: {option}'s help is not shown"
            text = " ".join(help_.inner_text().split())
            assert " ".join(info.description.split()) in text, (option, text)
            held = [v.value for v in info.values if holders(option, v.value)]
            for value in held if len(held) > 1 else ():
                said = f"{show_value(value)}: {', '.join(holders(option, value))}"
                assert said in text, (option, said, text)
            # the help is the menu's description, not part of its name
            assert info.description not in control.evaluate(
                "el => el.labels[0].textContent"), option
        # the sources open beside the form, which keeps the choices made on it
        described = panel.locator("[data-option=follow]").get_attribute("aria-describedby")
        with page.expect_popup() as opened:
            page.locator(f"#{described} a").click()
        sources = opened.value
        sources.wait_for_load_state()
        assert sources.url.endswith("/reconstructions.html#option-follow"), sources.url
        heading = sources.locator("#option-follow + h3")
        assert heading.is_visible() and heading.inner_text().startswith("Following suit")
        sources.close()
        rec.check_all(f"{name}: the options' help at phone width")
        page.close()


def test_phone_layout(browser_context: Any, live_server: str) -> None:
    """At 390 px the table fits the width and its cards can be played."""
    page, rec = _open(browser_context, live_server, "play-the-computer", viewport=PHONE)
    page.locator(".pn-live-play .pn-settings > summary").click()  # folded on a phone
    page.fill(".pn-live-play input[name=seed]", "7")
    page.fill(".pn-live-play input[name=name]", "W" * 40)  # the longest name, with no space
    page.select_option(".pn-live-play select[name=dealer]", "1")
    _start(page, "play")
    _wait_table(page)
    state = _settled(page)
    result = page.evaluate(_OVERFLOW)
    assert result["scrollWidth"] <= result["clientWidth"] + 1, (
        f"the live table at {PHONE['width']} px is {result['scrollWidth']} px wide: "
        + "; ".join(result["culprits"]))
    hand = page.locator(".pn-live-play .pn-hand").bounding_box()
    assert hand and hand["width"] <= PHONE["width"]
    assert_accessible(page, "the live table at phone width")
    code = state["cards"][0]["code"]
    page.locator(f'.pn-live-play [data-card="{code}"]').click()
    after = _settled(page)
    assert code not in [c["code"] for c in after["cards"]]
    # the account of the deal comes folded on a phone, so that Undo is near the hand (it was
    # 550 px below it, review 35b); opened, it stays open as the game goes on
    story = page.locator(".pn-live-play details.pn-story")
    assert story.evaluate("d => !d.open")
    hand = page.locator(".pn-live-play .pn-hand").bounding_box()
    undo = page.locator(".pn-live-play [data-do=undo]").bounding_box()
    assert hand and undo and undo["y"] - (hand["y"] + hand["height"]) < 400, (hand, undo)
    story.locator("summary").click()
    play = next(c["code"] for c in after["cards"] if not c["disabled"])
    page.locator(f'.pn-live-play [data-card="{play}"]').click()
    _settled(page)
    assert page.locator(".pn-live-play details.pn-story").evaluate("d => d.open")
    # the theme's floating "Back to top" button, shown when the reader scrolls back up, stood
    # over the table's buttons ("Download its record", review 43a): not on a live page
    page.mouse.wheel(0, 2000)
    page.wait_for_timeout(300)
    page.mouse.wheel(0, -400)
    page.wait_for_timeout(600)
    assert page.locator("#pst-back-to-top").count() == 1, "the theme has no Back to top button"
    assert not page.locator("#pst-back-to-top").is_visible(), "Back to top covers the table"
    rec.check_all("play-the-computer at phone width")
    page.close()


def test_a_phones_cards_are_big_enough_to_tap(browser_context: Any, live_server: str) -> None:
    """On a phone each card of the reader's hand is a tap target at least 44 px wide (they were
    41.6 px, 2.6em), and a hand of seven still fits on one row at 390 px and at 375 px; at
    360 px the hand takes two rows, as it did before."""
    page, rec = _open(browser_context, live_server, "play-the-computer", viewport=PHONE)
    page.locator(".pn-live-play .pn-settings > summary").click()  # folded on a phone
    page.fill(".pn-live-play input[name=seed]", "7")
    page.select_option(".pn-live-play select[name=dealer]", "1")  # the reader holds seven
    _start(page, "play")
    _wait_table(page)
    _settled(page)
    measure = """() => Array.from(document.querySelectorAll(
        '.pn-live-play .pn-hand .pn-cardbtn')).map(b => {
          const r = b.getBoundingClientRect();
          return {top: Math.round(r.top), left: r.left, right: r.right, width: r.width,
                  height: r.height}; })"""
    for width, rows in ((390, 1), (375, 1), (360, 2)):
        page.set_viewport_size({"width": width, "height": 844})
        cards = page.evaluate(measure)
        assert len(cards) == 7, cards
        small = [c for c in cards if c["width"] < 44 or c["height"] < 44]
        assert not small, f"at {width} px, cards smaller than 44 px to tap: {small}"
        tops = sorted({c["top"] for c in cards})
        assert len(tops) == rows, f"at {width} px the hand takes {len(tops)} rows: {cards}"
        assert max(c["right"] for c in cards) <= width, cards
        result = page.evaluate(_OVERFLOW)
        assert result["scrollWidth"] <= result["clientWidth"] + 1, (
            f"the live table at {width} px is {result['scrollWidth']} px wide: "
            + "; ".join(result["culprits"]))
    rec.check_all("play-the-computer, a phone's cards")
    page.close()


def test_compare_deals_a_new_pack_live(browser_context: Any, live_server: str) -> None:
    """Change one rule: choose an option, type a seed, deal; each value's column shows frames
    that step together."""
    page, rec = _open(browser_context, live_server, "change-one-rule")
    panel = page.locator(".pn-live-compare")
    panel.locator("select[name=option]").select_option("counting")
    panel.locator("input[name=seed]").fill("42")
    panel.locator(".pn-live-start").click()
    page.wait_for_selector(".pn-live-compare .pn-live-column", timeout=START_MS)
    labels = panel.locator(".pn-live-column > strong").all_inner_texts()
    assert labels == ["counting = trumps", "counting = honours"]
    assert "Pack 42" in panel.locator(".pn-live-message").inner_text()
    first = panel.locator(".pn-live-frame").first.inner_text()
    panel.locator(".pn-live-stepbar button", has_text="Next").click()
    assert panel.locator(".pn-live-frame").first.inner_text() != first
    # a step taken is told with what happened in each column, cards in words (the live
    # steppers said only the step's name; review 44a)
    told = panel.locator(".pn-live-stepbar [aria-live=polite]").text_content()
    assert "counting = trumps" in told and "counting = honours" in told, told
    assert " leads the " in told and not re.search("[♠♥♦♣]", told), told
    assert panel.locator("table.pn-summary").count() == 1
    # each rulebook's rows are headed by its name, read as the header of its two rows
    groups = panel.locator("table.pn-summary th[scope=rowgroup]").all_inner_texts()
    assert groups == ["counting = trumps", "counting = honours"], groups
    # on a phone every column of the summary is in view (it scrolled sideways: 402 px of
    # table in 340)
    page.set_viewport_size({"width": 390, "height": 844})
    widths = page.evaluate("() => { const t = document.querySelector("
                           "'.pn-live-compare table.pn-summary'); "
                           "return [t.scrollWidth, t.clientWidth]; }")
    assert widths[0] <= widths[1], widths
    # and at 320 px (400% zoom) the columns go one under the other: each frame was cut at the
    # panel's edge, 304 px in 270 (review 44a)
    page.set_viewport_size({"width": 320, "height": 700})
    widths = page.evaluate("() => { const o = document.querySelector("
                           "'.pn-live-compare .pn-live-out'); "
                           "return [o.scrollWidth, o.clientWidth]; }")
    assert widths[0] <= widths[1] + 1, widths
    page.set_viewport_size({"width": 1280, "height": 900})
    # a seed typed in a number's other form is the whole number it names, to the last digit
    # (the browser's own reading, a double, made 1.5e19 15000000000000000000 only by luck and
    # refused 1e20 as "not a whole number")
    for typed, seed in (("1.5e19", "15000000000000000000"), ("4.2E1", "42")):
        panel.locator("input[name=seed]").fill(typed)
        panel.locator(".pn-live-start").click()
        page.wait_for_function(
            "(s) => document.querySelector('.pn-live-compare .pn-live-message')?.textContent"
            ".includes(`Pack ${s},`)", arg=seed, timeout=ANSWER_MS)
        assert panel.locator("input[name=seed]").input_value() == seed
    panel.locator("input[name=seed]").fill("1e20")
    panel.locator(".pn-live-start").click()
    page.wait_for_function(
        "() => /between 0 and 18446744073709551615, not 100000000000000000000/.test("
        "document.querySelector('.pn-live-compare').innerText)", timeout=ANSWER_MS)
    rec.check_all("change-one-rule, live")
    page.close()


def test_replay_a_record_file(browser_context: Any, live_server: str, tmp_path: Path) -> None:
    """Open a record from the reader's computer: its steps appear; a broken record is refused
    with the deal and play where it goes wrong."""
    page, rec = _open(browser_context, live_server, "replay-a-record")
    panel = page.locator(".pn-live-replay")
    panel.locator("[data-do=example]").click()  # the record shipped with the book
    page.wait_for_selector(".pn-live-replay .pn-live-frame .pn-table", timeout=START_MS)
    assert panel.locator(".pn-live-title").inner_text().startswith("example.json: Ben wins")
    example = ROOT / "book" / "records" / "example.json"
    data = json.loads(example.read_text(encoding="utf-8"))

    def open_file(name: str, shown_in: str, text: str) -> None:
        path = tmp_path / name
        path.write_text(json.dumps(data), encoding="utf-8")
        panel.locator("input[type=file]").set_input_files(str(path))
        page.wait_for_function(
            "([sel, text]) => document.querySelector(sel)?.innerText.includes(text)",
            arg=[f".pn-live-replay {shown_in}", text], timeout=ANSWER_MS)

    data["players"] = ["Ada", "Bo"]
    open_file("mine.json", ".pn-live-title", "mine.json: Bo wins")
    panel.locator(".pn-live-stepbar button", has_text="Next").click()
    assert "Step 2 of" in panel.locator(".pn-live-frame").inner_text()
    # a step taken is read out, what it shows and not a bare number (review 35b), and what
    # happened in it, its cards in words (review 44a)
    told = panel.locator(".pn-live-stepbar [aria-live=polite]").text_content().strip()
    name = panel.locator(".pn-live-stepbar input[type=range]").get_attribute("aria-valuetext")
    assert name.startswith("Step 2 of") and "·" in name, name
    assert told.startswith(f"{name}. Trick 1: ") and not re.search("[♠♥♦♣]", told), told
    # the whole game in words names each card in words for a screen reader too
    assert panel.locator("details li [role=img][aria-label]").count() > 0
    # what each card of a deal of the reader's own record cost, worked out on the page
    panel.locator("select[name=analyse-deal]").select_option("2")
    panel.locator("[data-do=analyse-deal]").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".pn-live-replay .pn-replay-analysis .pn-analysis p",
                           timeout=ANSWER_MS)
    # the keyboard stays on the button (a disabled button lost it to the page; review 44a)
    assert page.evaluate("document.activeElement.dataset.do") == "analyse-deal"
    # its lines name their cards in words for a screen reader
    assert panel.locator(".pn-replay-analysis .pn-analysis [role=img][aria-label]").count()
    analysis = panel.locator(".pn-replay-analysis .pn-analysis").inner_text()
    assert analysis.startswith("Deal 2: ") and "with every card known" in analysis
    # the status line (read out) says the engine's own heading of the analysis
    assert panel.locator(".pn-live-message").inner_text() == analysis.splitlines()[0]
    assert "Deal 2, with every card known (the turn-ups to come too): Ada loses" in analysis, analysis
    data["deals"][0]["plays"][3] = data["deals"][0]["plays"][0]
    open_file("broken.json", ".pn-live-message", "broken.json: deal 1, play 4")
    # the game read before stays, with its step and the costs worked out, and that is said (a
    # bad file wiped them; review 46d)
    assert panel.locator(".pn-live-message").inner_text().endswith(
        "The game shown before stays below.")
    assert panel.locator(".pn-live-title").inner_text().startswith("mine.json: Bo wins")
    assert "Step 2 of" in panel.locator(".pn-live-frame").inner_text()
    assert panel.locator(".pn-replay-analysis .pn-analysis").inner_text() == analysis
    # a binary file too large is told by its own size, not by that of its text (review 35b:
    # 3,000,000 bytes were told as 2,841,624)
    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(128, 256)) * (3_000_000 // 128) + b"\xff" * 64)
    panel.locator("input[type=file]").set_input_files(str(binary))
    page.wait_for_function(
        "() => document.querySelector('.pn-live-replay .pn-live-message')?.innerText"
        ".includes('binary.json: too large')", timeout=ANSWER_MS)
    assert "(3,000,000 bytes;" in panel.locator(".pn-live-message").inner_text()
    # a file far larger (a video chosen by mistake) is told so too: read whole, it crashed
    # the tab (review 39d)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(300 * 1024 * 1024)  # (a sparse file: nothing written)
    panel.locator("input[type=file]").set_input_files(str(huge))
    page.wait_for_function(
        "() => document.querySelector('.pn-live-replay .pn-live-message')?.innerText"
        ".includes('huge.json: too large')", timeout=ANSWER_MS)
    assert "(314,572,800 bytes;" in panel.locator(".pn-live-message").inner_text()
    rec.check_all("replay-a-record, live")
    page.close()


def _run_to_its_end(page: Any) -> str:
    """Press the experiment's Run and wait for its end; what the status line then says."""
    panel = page.locator(".pn-live-experiment")
    panel.locator(".pn-live-start").click()
    page.wait_for_function(
        "() => document.querySelector('.pn-live-experiment .pn-live-message').innerText"
        ".startsWith('Done')", timeout=START_MS)
    return str(panel.locator(".pn-live-message").inner_text())


def _open_with_no_runs_kept(browser_context: Any, live_server: str) -> tuple[Any, Any]:
    """A small experiment's page, with no runs kept in the browser."""
    page, rec = _open(browser_context, live_server, "small-experiment")
    page.evaluate("localStorage.removeItem('penneech-live-runs')")
    page.wait_for_load_state("networkidle")  # (a reload cuts off the page's icon)
    page.reload(wait_until="load")
    return page, rec


def _open_refusing_to_keep_runs(browser_context: Any, live_server: str) -> tuple[Any, Any]:
    """A small experiment's page in a browser whose storage refuses to keep the runs."""
    context, rec = browser_context
    page = context.new_page()
    page.add_init_script("""(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key === 'penneech-live-runs') throw new DOMException('refused', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    })()""")
    page.on("console", rec.on_console)
    page.on("pageerror", lambda exc: rec.page_errors.append(str(exc)))
    page.goto(f"{live_server}small-experiment.html", wait_until="load")
    return page, rec


def _reload_in_the_middle_of_a_run(page: Any, seed: int, against: str = "random") -> None:
    """Start a run of 2,000 games of greedy against ``against`` (the rules as the panel has
    them), and reload the page once it has been kept with some of its games.  Under rules whose
    games are short, 2,000 games against random can end within the first few seconds, before
    the run is first kept: a test that must find the run going on plays against the club."""
    panel = page.locator(".pn-live-experiment")
    panel.locator("select[name=player-a]").select_option("greedy")
    panel.locator("select[name=player-b]").select_option(against)
    panel.locator("input[name=games]").fill("2000")
    panel.locator("input[name=seed]").fill(str(seed))
    panel.locator(".pn-live-start").click()
    page.wait_for_function("() => document.querySelector('.pn-live-runs li')"
                           "?.innerText.includes('(running)')", timeout=START_MS)
    page.reload(wait_until="load")


def test_an_experiment_s_runs_are_kept_and_download(browser_context: Any, live_server: str,
                                                     tmp_path: Path) -> None:
    """Each run is kept with its games: a second run, or a reload, does not lose the first
    one's figures (the panel's table was all there was, replaced by the next run); each run's
    games download as the CSV `penneech simulate --out` writes."""
    page, rec = _open_with_no_runs_kept(browser_context, live_server)
    panel = page.locator(".pn-live-experiment")
    panel.locator("select[name=preset]").select_option("pagat")
    panel.locator("select[name=player-a]").select_option("greedy")
    panel.locator("select[name=player-b]").select_option("random")
    for games, seed in ((6, 4), (6, 2)):
        panel.locator("input[name=games]").fill(str(games))
        panel.locator("input[name=seed]").fill(str(seed))
        _run_to_its_end(page)
    # on a phone the results fit, a win rate of 100% and its interval too
    page.set_viewport_size({"width": 390, "height": 844})
    assert "100.0%" in panel.locator("table.pn-live-results").inner_text()
    widths = page.evaluate("() => { const t = document.querySelector('table.pn-live-results');"
                           " return [t.scrollWidth, t.clientWidth]; }")
    assert widths[0] <= widths[1], widths
    page.set_viewport_size({"width": 1280, "height": 900})
    runs = panel.locator(".pn-live-runs li")
    texts = runs.all_inner_texts()
    assert len(texts) == 2, texts
    assert texts[0].startswith("Rules pagat · greedy against random · seed 2 · 6 games: greedy "
                               "won 100.0% (95% interval 61.0–100.0%)"), texts
    assert texts[1].startswith("Rules pagat · greedy against random · seed 4 · 6 games"), texts
    with page.expect_download() as download:
        runs.nth(1).locator("button", has_text="Download (CSV)").click()
    assert download.value.suggested_filename == "penneech-experiment-pagat-seed4-6-games.csv"
    with open(download.value.path(), newline="", encoding="utf-8") as f:
        assert read_csv(f) == simulate("pagat", ("greedy", "random"), games=6, seed=4)
    # a reload keeps them
    page.wait_for_load_state("networkidle")
    page.reload(wait_until="load")
    assert panel.locator(".pn-live-runs li").all_inner_texts() == texts
    # forgotten only when the reader says so
    page.once("dialog", lambda dialog: dialog.dismiss())
    panel.locator(".pn-live-runs button", has_text="Forget these runs").click()
    assert panel.locator(".pn-live-runs li").count() == 2
    page.once("dialog", lambda dialog: dialog.accept())
    panel.locator(".pn-live-runs button", has_text="Forget these runs").click()
    assert panel.locator(".pn-live-runs li").count() == 0
    assert page.evaluate("localStorage.getItem('penneech-live-runs')") is None

    # a run going on is kept as it goes: a reload mid-run loses at most its last seconds; and
    # with 20 runs kept, the oldest one makes room for it, and the reader is told (it went
    # without a word)
    page.evaluate("""() => localStorage.setItem('penneech-live-runs', JSON.stringify(
      Array.from({length: 20}, (_, i) => ({id: 'old' + i, at: i, rules: 'pagat', seed: 100 + i,
        players: ['greedy', 'random'], done: 2, total: 2, finished: true, rows: [],
        csv: 'x'}))))""")
    page.reload(wait_until="load")
    _reload_in_the_middle_of_a_run(page, seed=9, against="club")
    texts = panel.locator(".pn-live-runs li").all_inner_texts()
    assert len(texts) == 20 and "seed 100 ·" in texts[1], texts  # (the list is newest first)
    assert not any("seed 119 ·" in t for t in texts), texts
    kept = re.match(r"Rules pagat · greedy against club · seed 9 · (\d+) of 2000 games "
                    r"\(stopped\)", texts[0])
    assert kept and int(kept[1]) > 0, texts[0]
    panel.locator("input[name=games]").fill("2")
    assert _run_to_its_end(page) == (
        "Done: 2 games. The oldest run kept here was forgotten to make room (this browser "
        "keeps at most 20).")
    page.evaluate("localStorage.removeItem('penneech-live-runs')")
    rec.check_all("small-experiment, runs kept")
    page.close()

    # a browser that will not keep the run: the reader is told, and the run is still listed,
    # with its download, until the page is left
    page, rec = _open_refusing_to_keep_runs(browser_context, live_server)
    panel = page.locator(".pn-live-experiment")
    panel.locator("select[name=player-a]").select_option("greedy")
    panel.locator("input[name=games]").fill("2")
    assert _run_to_its_end(page) == (
        "Done: 2 games. This browser is not keeping the run (its storage is turned off or "
        "full): download it from the list below before you leave the page.")
    assert panel.locator(".pn-live-runs li").count() == 1
    with page.expect_download() as download:
        panel.locator(".pn-live-runs button", has_text="Download (CSV)").click()
    with open(download.value.path(), newline="", encoding="utf-8") as f:
        assert len(read_csv(f)) == 2
    rec.check_all("small-experiment, storage refused")
    page.close()


def test_a_run_stopped_by_a_reload_goes_on_where_it_stopped(browser_context: Any,
                                                             live_server: str) -> None:
    """A run cut off by a reload is kept with its games so far; "Go on with this run" plays
    the rest (its settings back on the panel), and the whole is the run `simulate` plays
    unbroken.  A kept run that is not the run's games says so and plays nothing."""
    page, rec = _open_with_no_runs_kept(browser_context, live_server)
    panel = page.locator(".pn-live-experiment")
    panel.locator("select[name=preset]").select_option("minimal")
    panel.locator("details.pn-options summary").click()
    # (long games: 2,000 short ones can be over before the run is first kept, at 5 s)
    panel.locator("input[data-option=target]").fill("301")
    _reload_in_the_middle_of_a_run(page, seed=7)
    runs = panel.locator(".pn-live-runs li")
    kept = re.match(r"Rules minimal,target=301 · greedy against random · seed 7 · (\d+) of 2000 "
                    r"games \(stopped\)", runs.first.inner_text())
    assert kept and 0 < int(kept[1]) < 2000, runs.first.inner_text()
    # the panel as a new visit shows it: other settings than the run's
    assert panel.locator("select[name=preset]").input_value() == "pagat"
    runs.first.locator("button", has_text="Go on with this run").click()
    page.wait_for_function(
        "() => document.querySelector('.pn-live-experiment .pn-live-message').innerText"
        ".startsWith('Done')", timeout=START_MS)
    assert panel.locator(".pn-live-message").inner_text() == "Done: 2000 games."
    assert [panel.locator(f"[name={name}]").input_value() for name in (
        "preset", "player-a", "player-b", "games", "seed")] == [
            "minimal", "greedy", "random", "2000", "7"]
    assert panel.locator("input[data-option=target]").input_value() == "301"
    texts = runs.all_inner_texts()  # the same run, gone on with: listed once, finished
    assert len(texts) == 1 and texts[0].startswith(
        "Rules minimal,target=301 · greedy against random · seed 7 · 2000 games: greedy won"), texts
    assert runs.first.locator("button", has_text="Go on").count() == 0
    with page.expect_download() as download:
        runs.first.locator("button", has_text="Download (CSV)").click()
    with open(download.value.path(), newline="", encoding="utf-8") as f:
        assert read_csv(f) == simulate("minimal,target=301", ("greedy", "random"), games=2000,
                                       seed=7)

    # a kept run whose games are not that run's (a storage edited by hand, or an old page)
    page.evaluate("""() => localStorage.setItem('penneech-live-runs', JSON.stringify([
      {id: 'odd', at: 1, rules: 'pagat', seed: 3, players: ['greedy', 'random'], done: 2,
       total: 10, finished: false, rows: [], csv: 'game,pair\\n0,0\\n'}]))""")
    page.reload(wait_until="load")
    runs.first.locator("button", has_text="Go on with this run").click()
    page.wait_for_function(
        "() => document.querySelector('.pn-live-experiment .pn-live-message').innerText"
        ".includes('cannot be gone on')", timeout=START_MS)
    assert panel.locator(".pn-live-message").inner_text().startswith(
        "the run kept in this browser cannot be gone on with: not a penneech simulation CSV: "
        "the header has no 'rules' column")
    assert runs.count() == 1 and "2 of 10 games (stopped)" in runs.first.inner_text()
    page.evaluate("localStorage.removeItem('penneech-live-runs')")
    rec.check_all("small-experiment, a run gone on with after a reload")
    page.close()


def test_a_run_kept_further_elsewhere_is_never_cut_back(browser_context: Any,
                                                         live_server: str) -> None:
    """Another tab finished a run this tab goes on with: stopping here keeps the finished one
    (it was replaced by this tab's fewer games).  A kept run the engine refuses leaves the
    form as it was; a browser that stops keeping a run mid-way is told at once."""
    first_two = io.StringIO(newline="")
    write_csv(simulate("pagat", ("greedy", "club"), games=2, seed=5), first_two)
    page, rec = _open_with_no_runs_kept(browser_context, live_server)
    panel = page.locator(".pn-live-experiment")
    message = panel.locator(".pn-live-message")
    page.evaluate("""(csv) => localStorage.setItem('penneech-live-runs', JSON.stringify([
      {id: 'x', at: 1, tab: 'other', rules: 'pagat', seed: 5, players: ['greedy', 'club'],
       done: 2, total: 30, finished: false, rows: [], csv}]))""", first_two.getvalue())
    page.wait_for_load_state("networkidle")  # (a reload cuts off the page's icon)
    page.reload(wait_until="load")
    panel.locator(".pn-live-runs button", has_text="Go on with this run").click()
    page.wait_for_function("() => !document.querySelector('.pn-live-experiment "
                           "[data-do=stop]').disabled && / of 30 games/.test(document"
                           ".querySelector('.pn-live-experiment .pn-live-message').innerText)",
                           timeout=START_MS)
    page.evaluate("""() => {  // (the other tab ends the run meanwhile)
      const runs = JSON.parse(localStorage.getItem('penneech-live-runs'));
      runs[0] = {...runs[0], done: 30, finished: true, at: Date.now(), tab: 'other'};
      localStorage.setItem('penneech-live-runs', JSON.stringify(runs));
    }""")
    panel.locator("[data-do=stop]").click()
    page.wait_for_function("() => document.querySelector('.pn-live-experiment "
                           ".pn-live-message').innerText.startsWith('Stopped')",
                           timeout=START_MS)
    assert "Another tab played this run further (30 games): that is what is kept." in (
        message.inner_text())
    kept = page.evaluate("JSON.parse(localStorage.getItem('penneech-live-runs'))")
    assert [(r["id"], r["done"], r["finished"]) for r in kept] == [("x", 30, True)]

    # a kept run the engine cannot take (another version of the page kept it)
    page.evaluate("""() => localStorage.setItem('penneech-live-runs', JSON.stringify([
      {id: 'y', at: 1, rules: 'nonsense', seed: 5, players: ['greedy', 'random'], done: 2,
       total: 30, finished: false, rows: [], csv: 'x'}]))""")
    page.wait_for_load_state("networkidle")  # (a reload cuts off the page's icon)
    page.reload(wait_until="load")
    panel.locator("select[name=preset]").select_option("parlett")
    panel.locator(".pn-live-runs button", has_text="Go on with this run").click()
    page.wait_for_function("() => document.querySelector('.pn-live-experiment "
                           ".pn-live-message').innerText.includes('nonsense')", timeout=START_MS)
    assert panel.locator("select[name=preset]").input_value() == "parlett"
    assert panel.locator(".pn-live-start").is_enabled()
    page.evaluate("localStorage.removeItem('penneech-live-runs')")
    rec.check_all("small-experiment, a run kept further in another tab")
    page.close()

    # a browser that stops keeping the run while it goes on says so then, not at its end
    page, rec = _open_refusing_to_keep_runs(browser_context, live_server)
    panel = page.locator(".pn-live-experiment")
    panel.locator("select[name=player-a]").select_option("greedy")
    panel.locator("select[name=player-b]").select_option("club")  # (not over in 5 s)
    panel.locator("input[name=games]").fill("2000")
    panel.locator(".pn-live-start").click()
    page.wait_for_function("() => document.querySelector('.pn-live-experiment "
                           ".pn-live-message').innerText.includes('not keeping the run')",
                           timeout=START_MS)
    assert panel.locator("[data-do=stop]").is_enabled()  # (told while the run goes on)
    assert "Not kept in this browser: download it before you leave." in (
        panel.locator(".pn-live-runs li").first.inner_text())
    panel.locator("[data-do=stop]").click()
    rec.check_all("small-experiment, storage refused mid-run")
    page.close()


def test_experiment_and_prompt(browser_context: Any, live_server: str) -> None:
    """A small experiment runs to its end with a 95% interval; the Python prompt draws a
    table for ``Game("parlett", seed=3)``."""
    page, rec = _open(browser_context, live_server, "small-experiment")
    panel = page.locator(".pn-live-experiment")
    panel.locator("input[name=games]").fill("10")
    _run_to_its_end(page)
    rows = panel.locator("table.pn-live-results tbody tr").all_inner_texts()
    assert len(rows) == 2 and all("%" in r for r in rows), rows
    assert sum(int(r.split("\t")[1]) for r in rows) == 10  # 10 games, one winner each
    assert "10 of 10 games" in panel.locator("table.pn-live-results caption").inner_text()
    # on a phone every column of the results is in view (the interval and the mean score were
    # cut off, with nothing to show the table scrolled)
    page.set_viewport_size({"width": 390, "height": 844})
    widths = page.evaluate("() => { const t = document.querySelector('table.pn-live-results');"
                           " return [t.scrollWidth, t.clientWidth]; }")
    assert widths[0] <= widths[1], widths
    page.set_viewport_size({"width": 1280, "height": 900})

    # a long game between the strongest players: the reader sees it move, deal by deal, and
    # Stop answers within a move or two, not at the end of the game
    panel.locator("select[name=player-a]").select_option("expert")
    panel.locator("select[name=player-b]").select_option("expert")
    panel.locator("input[name=games]").fill("2e0")  # the browser's number box takes it: 2
    focused = "() => document.activeElement?.dataset.do || document.activeElement?.className"
    panel.locator(".pn-live-start").focus()  # by keyboard: the focus goes from Run to Stop
    page.keyboard.press("Enter")
    message = panel.locator(".pn-live-message")
    # (the line the eye reads; a screen reader is told it less often: review 44a)
    shown = panel.locator(".pn-live-figures")
    page.wait_for_function(
        "() => /game 1 is in deal 2 /.test(document.querySelector("
        "'.pn-live-experiment .pn-live-figures').innerText)", timeout=ANSWER_MS)
    assert re.search(r"0 of 2 games; game 1 is in deal 2 \(expert#[12] \d+, expert#[12] \d+\)",
                     shown.inner_text()), shown.inner_text()
    assert panel.locator("input[name=games]").input_value() == "2"
    assert page.evaluate(focused) == "stop"
    clicked = time.monotonic()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.pn-live-experiment .pn-live-message').innerText"
        ".startsWith('Stopped')", timeout=ANSWER_MS)
    waited = time.monotonic() - clicked
    assert message.inner_text() == ("Stopped after 0 games (the game in play is not counted "
                                    "unless you go on).")
    assert waited < 10, f"Stop took {waited:.1f} s"
    assert panel.locator(".pn-live-start").is_enabled()
    assert page.evaluate(focused) == "go-on"  # (it fell to the page's body)
    # "Go on" plays the same game on from where it stopped, not from its first deal
    go_on = panel.locator('[data-do="go-on"]')
    go_on.click()
    assert go_on.is_hidden()
    page.wait_for_function(
        "() => /game 1 is in deal/.test(document.querySelector("
        "'.pn-live-experiment .pn-live-message').innerText)", timeout=ANSWER_MS)
    went_on = int(re.search(r"deal (\d+)", message.inner_text())[1])  # type: ignore[index]
    assert went_on >= 2, message.inner_text()
    panel.locator('[data-do="stop"]').click()
    page.wait_for_function(
        "() => document.querySelector('.pn-live-experiment .pn-live-message').innerText"
        ".startsWith('Stopped')", timeout=ANSWER_MS)
    assert go_on.is_visible()
    rec.check_all("small-experiment, live")
    page.close()

    page, rec = _open(browser_context, live_server, "python-in-the-browser")
    panel = page.locator(".pn-live-prompt")
    # a double click while Python loads runs the code once (it ran twice)
    panel.locator("textarea").fill("n = globals().get('n', 0) + 1\nprint(n)")
    panel.locator(".pn-live-start").dblclick()
    page.wait_for_selector(".pn-live-prompt .pn-live-stdout", timeout=START_MS)
    page.wait_for_timeout(500)
    assert panel.locator(".pn-live-stdout").all_inner_texts() == ["1\n"]
    # the status line (read out) says how each run ended (it said "Running…", then nothing)
    assert panel.locator(".pn-live-message").inner_text() == "Done: 1"
    assert panel.locator(".pn-live-status progress").get_attribute("aria-label") == "Loading Python"
    panel.locator("textarea").fill('game = Game("parlett", seed=3)\ngame')
    panel.locator("textarea").press("Control+Enter")
    page.wait_for_selector(".pn-live-prompt .pn-live-display .pn-table", timeout=START_MS)
    assert "parlett" in panel.locator(".pn-live-display").inner_text()
    panel.locator("textarea").fill("1/0")
    panel.locator(".pn-live-start").click()
    page.wait_for_selector(".pn-live-prompt .pn-live-error", timeout=ANSWER_MS)
    assert "ZeroDivisionError" in panel.locator(".pn-live-error").first.inner_text()
    assert panel.locator(".pn-live-message").inner_text() == (
        "Error: ZeroDivisionError: division by zero")

    # code that never ends: Stop ends Python, and a new one starts with the reader's names as
    # the last run that ended left them (they were lost)
    stop = panel.locator('[data-do="stop"]')
    assert stop.is_disabled()
    panel.locator("textarea").fill("game.play(game.legal_plays()[0])\nsquare = lambda x: x * x")
    panel.locator(".pn-live-start").click()
    page.wait_for_function("() => document.querySelectorAll('.pn-live-prompt .pn-live-entry')"
                           ".length === 4", timeout=ANSWER_MS)
    panel.locator("textarea").fill("i = 0\ngame.play(game.legal_plays()[0])\nwhile True:\n"
                                   "    i += 1\n    if i % 100000 == 0: print(i)")
    panel.locator(".pn-live-start").click()
    message = panel.locator(".pn-live-message")
    page.wait_for_function("() => document.querySelector('.pn-live-prompt .pn-live-message')"
                           ".innerText === 'Running…'", timeout=ANSWER_MS)
    page.wait_for_timeout(500)
    stop.click()
    page.wait_for_function("() => document.querySelector('.pn-live-prompt .pn-live-message')"
                           ".innerText.startsWith('Stopped. Python started again')",
                           timeout=ANSWER_MS)
    assert message.inner_text() == (
        "Stopped. Python started again with your names as the last run that ended left them: "
        "game, n. Not brought back: square (a lambda: define it with def to keep it).")
    # what it printed before it was stopped is kept, under the code, marked as stopped
    stopped = panel.locator(".pn-live-entry").first
    assert stopped.locator(".pn-live-in").inner_text().startswith("i = 0")
    assert stopped.locator(".pn-live-stdout").inner_text().startswith("100000\n200000\n")
    assert stopped.locator(".pn-live-error").inner_text() == "Stopped."
    assert stop.is_disabled() and panel.locator(".pn-live-start").is_enabled()
    # the game as it was before the stopped run (one card played, not two), and it plays on
    panel.locator("textarea").fill("print(len(game.actions), 'i' in globals())\n"
                                   "game.play(game.legal_plays()[0])\nprint(len(game.actions))")
    panel.locator(".pn-live-start").click()
    page.wait_for_function("() => document.querySelectorAll('.pn-live-prompt .pn-live-entry')"
                           ".length === 6", timeout=START_MS)
    assert panel.locator(".pn-live-entry").first.locator(".pn-live-error").count() == 0
    assert panel.locator(".pn-live-stdout").first.inner_text() == "2 False\n3\n"
    # what the reader typed and what each run answered are still there after a reload (they
    # were gone, and the box held the page's example again)
    panel.locator("textarea").fill("# my draft\ngame.view(0)")
    page.wait_for_timeout(500)  # (the draft is kept a moment after the last key)
    page.reload(wait_until="load")
    assert panel.locator("textarea").input_value() == "# my draft\ngame.view(0)"
    assert panel.locator(".pn-live-entry").count() == 6
    assert panel.locator(".pn-live-stdout").first.inner_text() == "2 False\n3\n"
    assert panel.locator(".pn-live-in").last.inner_text() == "n = globals().get('n', 0) + 1\n" \
        "print(n)"
    assert "Python starts afresh on this one" in panel.locator(".pn-live-earlier").inner_text()
    panel.locator(".pn-live-forget").click()
    assert panel.locator(".pn-live-entry").count() == 0
    assert panel.locator(".pn-live-forget").is_hidden()
    rec.check_all("python-in-the-browser, live")
    page.close()


def test_the_runs_list_keeps_the_keyboard_s_place_while_a_run_is_kept(
        browser_context: Any, live_server: str) -> None:
    """While a run goes on, the list of runs is made anew each time the run is kept (every 5 s):
    the button the keyboard was on went with it, and the focus fell to the page (review 44a).
    It stays on the same run's button; and "Forget these runs" says what it did and puts the
    keyboard back on the form."""
    page, rec = _open(browser_context, live_server, "small-experiment")
    panel = page.locator(".pn-live-experiment")
    panel.locator("input[name=games]").fill("4")
    _run_to_its_end(page)
    panel.locator("select[name=player-a]").select_option("expert")
    panel.locator("select[name=player-b]").select_option("expert")
    panel.locator("input[name=games]").fill("20")
    # (what a screen reader is told: the status line, each time it changes)
    page.evaluate("""() => {
      window.testSaid = [];
      const line = document.querySelector('.pn-live-experiment .pn-live-message');
      new MutationObserver(() => window.testSaid.push(line.textContent)).observe(
        line, { childList: true, characterData: true, subtree: true });
    }""")
    panel.locator(".pn-live-start").click()
    page.wait_for_function("() => /game 1 is in deal/.test(document.querySelector("
                           "'.pn-live-experiment .pn-live-message').innerText)",
                           timeout=ANSWER_MS)
    earlier = panel.locator(".pn-live-runs-download").last  # (newest first: the 4 games)
    run = earlier.get_attribute("data-run")
    # each run's button named with its run, its visible words first (review 44a)
    names = [b.get_attribute("aria-label") for b in
             panel.locator(".pn-live-runs-download").all()]
    assert names and all(n and n.startswith("Download (CSV): rules ") for n in names), names
    earlier.focus()
    page.wait_for_timeout(7000)  # (the run is kept, and the list made anew, meanwhile)
    assert page.evaluate("document.activeElement.className") == "pn-live-runs-download"
    assert page.evaluate("document.activeElement.dataset.run") == run
    # the line the eye reads moved on twice a second; a screen reader was told it at the
    # start and not again in these seconds (it was told each change, 25 times in 15 s: 44a)
    said = page.evaluate("window.testSaid.filter((t) => / of 20 games/.test(t))")
    shown = panel.locator(".pn-live-figures").inner_text()
    assert len(said) <= 2 and shown.strip() not in [t.strip() for t in said], (said, shown)
    panel.locator("[data-do=stop]").click()
    page.wait_for_function(
        "() => document.querySelector('.pn-live-experiment .pn-live-message').innerText"
        ".startsWith('Stopped')", timeout=ANSWER_MS)
    page.once("dialog", lambda dialog: dialog.accept())
    panel.locator(".pn-live-runs-forget").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => /^Forgot /.test(document.querySelector("
                           "'.pn-live-experiment .pn-live-message').innerText)",
                           timeout=ANSWER_MS)
    assert page.evaluate("document.activeElement.classList.contains('pn-live-start')")
    rec.check_all("small-experiment, the runs list and the keyboard")
    page.close()


def test_the_live_panels_read_in_the_dark_theme_after_a_run(browser_context: Any,
                                                          live_server: str) -> None:
    """In the theme's dark mode the panels stay light, but their code boxes took the theme's
    dark code colours: the code a run echoed was 1.12:1, a traceback 1.69:1, and the
    experiment's note's code 1.43:1 (review 44a).  axe-core, after runs, in the dark theme."""
    page, rec = _open(browser_context, live_server, "python-in-the-browser")
    page.evaluate("() => localStorage.setItem('mode', 'dark')")  # as the theme's button does
    try:
        page.reload(wait_until="load")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        panel = page.locator(".pn-live-prompt")
        for code, entries in (("print('hello')", 1), ("1/0", 2)):
            panel.locator("textarea").fill(code)
            panel.locator(".pn-live-start").click()
            page.wait_for_function("(n) => document.querySelectorAll('.pn-live-prompt "
                                   ".pn-live-entry').length >= n", arg=entries,
                                   timeout=START_MS)
        assert panel.locator(".pn-live-error").count()
        assert_accessible(page, "the Python prompt in the dark theme", within=".pn-live-prompt")
        # and a traceback still reads as one: red (the fix made every box the same ink; 44d)
        assert page.evaluate("getComputedStyle(document.querySelector('.pn-live-prompt "
                             ".pn-live-error')).color") == "rgb(170, 0, 0)"
        panel.locator(".pn-live-forget").click()  # (the next tests' prompt starts afresh)
        page.goto(f"{live_server}small-experiment.html", wait_until="load")
        box = page.locator(".pn-live-experiment")
        box.locator("input[name=games]").fill("4")
        box.locator(".pn-live-start").click()
        page.wait_for_function(
            "() => document.querySelector('.pn-live-experiment .pn-live-message').innerText"
            ".startsWith('Done')", timeout=START_MS)
        assert_accessible(page, "the experiment in the dark theme", within=".pn-live-experiment")
    finally:
        page.evaluate("() => localStorage.removeItem('mode')")
    rec.check_all("live panels in the dark theme")
    page.close()


def test_the_prompt_says_the_readers_own_exit_ended_python_not_the_site(
        browser_context: Any, live_server: str) -> None:
    """``os._exit(0)`` typed at the prompt was reported as an "internal error", as if the
    site had failed (review 43a): it is the reader's code that ended Python, and the next run
    goes on."""
    page, rec = _open(browser_context, live_server, "python-in-the-browser")
    panel = page.locator(".pn-live-prompt")
    panel.locator("textarea").fill("import os\nos._exit(0)")
    panel.locator(".pn-live-start").click()
    page.wait_for_selector(".pn-live-prompt .pn-live-error", timeout=START_MS)
    said = panel.locator(".pn-live-error").first.inner_text()
    assert "your code ended Python" in said and "internal error" not in said, said
    panel.locator("textarea").fill("print('alive')")
    panel.locator(".pn-live-start").click()
    page.wait_for_function("() => [...document.querySelectorAll('.pn-live-prompt "
                           ".pn-live-stdout')].some((e) => e.innerText === 'alive\\n')",
                           timeout=ANSWER_MS)
    rec.check_all("python-in-the-browser, os._exit")
    page.close()


def test_code_that_overflows_the_browser_s_stack_leaves_the_prompt_working(
        browser_context: Any, live_server: str) -> None:
    """Printing a list nested 100,000 deep overflowed the browser's stack under Python, which
    failed past saving; the panel then hung on "Running…" for every later run, and Stop could
    not free it (review 45a).  The reader is told what their code did, Python starts again with
    the names of the last run that ended, and the next run runs."""
    page, rec = _open(browser_context, live_server, "python-in-the-browser")
    panel = page.locator(".pn-live-prompt")

    def run(code: str, entries: int) -> None:
        panel.locator("textarea").fill(code)
        panel.locator(".pn-live-start").click()
        page.wait_for_function("(n) => document.querySelectorAll('.pn-live-prompt "
                               ".pn-live-entry').length >= n", arg=entries, timeout=START_MS)

    if panel.locator(".pn-live-forget").is_visible():  # (no runs of earlier tests)
        panel.locator(".pn-live-forget").click()
    run("kept_name = 5", 1)
    run("a = []\nfor i in range(100000):\n    a = [a]\nprint(a)", 2)
    said = panel.locator(".pn-live-error").last.inner_text()
    assert "deeper than Python in the browser can go" in said, said
    page.wait_for_function("() => document.querySelector('.pn-live-prompt .pn-live-message')"
                           ".innerText.includes('Python started again')", timeout=START_MS)
    status = panel.locator(".pn-live-message").inner_text()
    assert status.startswith("Python stopped.") and "kept_name" in status, status
    run("print('after', kept_name)", 3)
    assert panel.locator(".pn-live-stdout").last.inner_text() == "after 5\n"
    # (what Python in the worker wrote to the console as it failed is the reader's code's doing)
    rec.console_errors[:] = [e for e in rec.console_errors
                             if "call stack" not in e and "fatal" not in e.lower()]
    panel.locator(".pn-live-forget").click()
    rec.check_all("python-in-the-browser, a stack overflow")
    page.close()


def test_a_prompt_whose_runs_are_not_kept_says_so(browser_context: Any,
                                                  live_server: str) -> None:
    """With the site's storage full, the prompt kept neither the code typed nor the runs, and
    said nothing (the status said "Done"; a reload showed the page's example; review 45a): it
    says, beside the runs, that a reload loses them, as the other panels say it."""
    page, rec = _open(browser_context, live_server, "python-in-the-browser", init="""(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key === 'penneech-live-prompt') throw new DOMException('full', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    })()""")
    panel = page.locator(".pn-live-prompt")
    note = panel.locator(".pn-live-runs-unkept")
    panel.locator("textarea").fill("answer = 6 * 7\nprint('the answer is', answer)")
    page.wait_for_timeout(500)  # (the draft is kept 0.3 s after typing)
    assert note.is_visible(), "nothing said of the draft that was not kept"
    panel.locator(".pn-live-start").click()
    page.wait_for_selector(".pn-live-prompt .pn-live-entry", timeout=START_MS)
    assert note.is_visible() and "a reload or a later visit loses them" in note.inner_text()
    assert_accessible(page, "the prompt that keeps nothing", within=".pn-live-prompt")
    rec.check_all("python-in-the-browser, storage full")
    page.close()


def test_what_the_live_panels_say_is_said_once_and_a_second_run_is_answered(
        browser_context: Any, live_server: str, tmp_path: Path) -> None:
    """A broken record file's error was told twice, by the status and by the news; a second
    Run pressed while a run went on was dropped without a word (review 44a)."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "penneech-record/1", "rules": ', encoding="utf-8")
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.locator(".pn-live-play input[data-do=load]").set_input_files(str(bad))
    said = _told(page, "bad.json")
    assert "not JSON" in said, said
    page.wait_for_timeout(500)
    news = page.locator(".pn-live-play .pn-live-news").inner_text()
    assert "bad.json" not in news, f"said twice: {news!r}"
    rec.check_all("play-the-computer, a broken file")
    page.goto(f"{live_server}python-in-the-browser.html", wait_until="load")
    panel = page.locator(".pn-live-prompt")
    panel.locator("textarea").fill("import time\ntime.sleep(4)\nprint('slept')")
    panel.locator(".pn-live-start").click()
    page.wait_for_function("() => document.querySelector('.pn-live-prompt .pn-live-message')"
                           ".innerText.startsWith('Running')", timeout=START_MS)
    panel.locator(".pn-live-start").click()
    assert "Your last run has not ended" in panel.locator(".pn-live-message").inner_text()
    page.wait_for_function("() => [...document.querySelectorAll('.pn-live-prompt "
                           ".pn-live-stdout')].some((e) => e.innerText === 'slept\\n')",
                           timeout=ANSWER_MS)
    assert panel.locator(".pn-live-entry").count() >= 1
    panel.locator(".pn-live-forget").click()
    rec.check_all("python-in-the-browser, a second run")
    page.close()


def test_the_prompt_s_names_come_back_after_a_reload(browser_context: Any,
                                                     live_server: str) -> None:
    """The names the last finished run left are kept in the browser: after a reload they are
    offered, under the runs of the earlier visit, and come back at the reader's click (they
    were lost, and the page said to run the code again).  Code run first keeps its own names;
    a damaged copy is forgotten with a sentence; "Forget these runs" forgets the names too."""
    page, rec = _open(browser_context, live_server, "python-in-the-browser")
    panel = page.locator(".pn-live-prompt")
    message = panel.locator(".pn-live-message")
    offer = panel.locator(".pn-live-offer")
    bring_back = panel.get_by_role("button", name="Bring back these names")

    def run(code: str, entries: int) -> None:
        panel.locator("textarea").fill(code)
        panel.locator(".pn-live-start").click()
        page.wait_for_function("(n) => document.querySelectorAll('.pn-live-prompt "
                               ".pn-live-entry').length === n", arg=entries, timeout=START_MS)

    def reload() -> None:
        page.reload(wait_until="load")
        page.wait_for_timeout(500)  # (the names are read from the browser's storage)

    def kept(name: str) -> None:
        """Wait until the browser's storage holds ``name``: the names are kept just after the
        run's answer is shown, and a reload at once (a loaded machine, in CI) came first."""
        page.wait_for_function("""(name) => new Promise((done) => {
          const opening = indexedDB.open('penneech-live', 1);
          opening.onerror = () => done(false);
          opening.onsuccess = () => {
            const db = opening.result;
            const tx = db.transaction('prompt', 'readonly');
            const get = tx.objectStore('prompt').get('names');
            tx.oncomplete = () => {
              db.close();
              done(Boolean(get.result && (get.result.names || []).includes(name)));
            };
            tx.onabort = () => { db.close(); done(false); };
          };
        })""", arg=name, timeout=START_MS)

    def brought_back(starting: bool = False) -> str:
        bring_back.click()
        if starting:  # (while Python starts, Forget waits: it lost the race, review 34b)
            assert panel.locator(".pn-live-forget").is_disabled()
        page.wait_for_function("() => !document.querySelector('.pn-live-prompt .pn-live-offer')",
                               timeout=START_MS)
        text: str = message.inner_text()
        return text

    if panel.locator(".pn-live-forget").is_visible():  # (runs of an earlier test)
        panel.locator(".pn-live-forget").click()
    run("results = [1, 2, 3]\ndef square(x):\n    return x * x\nhalf = lambda x: x / 2\n"
        "square(4)", 1)
    assert panel.locator(".pn-live-entry").first.inner_text().endswith("16")
    kept("square")
    reload()
    assert panel.locator(".pn-live-entry").count() == 1
    assert offer.inner_text().startswith(
        "Your names from the earlier visit can be brought back: results, square (kept in this "
        "browser). Not kept then: half (a lambda: define it with def to keep it).")
    assert "Python starts afresh on this one." in panel.locator(".pn-live-earlier").inner_text()
    assert message.inner_text() == "" and not page.workers  # (Python waits for the click)
    assert brought_back(starting=True) == ("Brought back your names from the earlier visit: "
                                           "results, square. "
                              "Not brought back: half (a lambda: define it with def to keep it).")
    assert "names were brought back" in panel.locator(".pn-live-earlier").inner_text()
    run("print(square(len(results)), results)", 2)
    assert panel.locator(".pn-live-stdout").first.inner_text() == "9 [1, 2, 3]\n"

    # code run before bringing them back keeps the names it made; the others come back
    reload()
    assert offer.is_visible()
    run("results = 'mine'", 3)
    assert offer.is_visible()
    assert brought_back() == ("Brought back your names from the earlier visit: square. Left as "
                              "you made them on this visit: results.")
    assert page.evaluate("() => document.activeElement.matches('.pn-live-prompt textarea')")
    run("print(square(3), results)\nthen = 1", 4)
    assert panel.locator(".pn-live-stdout").first.inner_text() == "9 mine\n"

    # a copy the browser gives back damaged is forgotten, with a sentence (once the page's own
    # save of this run has landed: it came after the damage once, and the copy was good)
    kept("then")
    page.evaluate("""() => new Promise((done) => {
      const opening = indexedDB.open('penneech-live', 1);
      opening.onsuccess = () => {
        const tx = opening.result.transaction('prompt', 'readwrite');
        const store = tx.objectStore('prompt');
        store.get('names').onsuccess = (event) => {
          const names = event.target.result;
          store.put({ ...names, kept: names.kept.slice(0, 100) }, 'names');
        };
        tx.oncomplete = () => { opening.result.close(); done(); };
      };
    })""")
    reload()
    assert brought_back() == ("Your names from the earlier visit could not be brought back, and "
                              "are forgotten: the copy kept is damaged.")
    # the keyboard is on the prompt, as after names brought back (the button it was on is gone:
    # it was left at the page's top; review 44a)
    assert page.evaluate("() => document.activeElement.matches('.pn-live-prompt textarea')")
    reload()
    assert offer.count() == 0
    assert "run your code again" in panel.locator(".pn-live-earlier").inner_text()

    # "Forget these runs" forgets the names kept too
    run("kept_again = 1", 5)
    kept("kept_again")
    reload()
    assert "kept_again" in offer.inner_text()
    panel.locator(".pn-live-forget").click()
    assert offer.count() == 0 and panel.locator(".pn-live-entry").count() == 0
    reload()
    assert offer.count() == 0 and panel.locator(".pn-live-entry").count() == 0
    rec.check_all("python-in-the-browser, names after a reload")
    page.close()


def test_a_browser_that_will_not_keep_the_prompt_s_names_says_so(
        browser_context: Any, live_server: str) -> None:
    """Where the browser refuses to keep the names (a full quota; a private window may have no
    storage at all), the reader is told that they last while the page is open, and the prompt
    works on, with no error logged."""
    context, rec = browser_context
    for refusal in ("IDBObjectStore.prototype.put = function () { throw new DOMException("
                    "'refused', 'QuotaExceededError'); };",
                    "delete window.indexedDB;"):
        page = context.new_page()
        page.add_init_script(refusal)
        page.on("console", rec.on_console)
        page.on("pageerror", lambda exc: rec.page_errors.append(str(exc)))
        page.goto(f"{live_server}python-in-the-browser.html", wait_until="load")
        panel = page.locator(".pn-live-prompt")
        if panel.locator(".pn-live-forget").is_visible():
            panel.locator(".pn-live-forget").click()
        panel.locator("textarea").fill("x = 6 * 7\nx")
        panel.locator(".pn-live-start").click()
        unkept = panel.locator(".pn-live-unkept")
        unkept.wait_for(state="visible", timeout=START_MS)
        why = ("the browser's storage for this site is full" if "Quota" in refusal
               else "this browser gives the page no storage for them")
        assert unkept.inner_text() == (f"This browser is not keeping your names for a later "
                                       f"visit ({why}): they last while this page is open.")
        assert panel.locator(".pn-live-entry").first.inner_text().endswith("42")
        panel.locator(".pn-live-forget").click()
        page.close()
    rec.check_all("python-in-the-browser, names not kept")


def test_a_finished_game_s_record_can_be_downloaded_after_a_reload(
        browser_context: Any, live_server: str) -> None:
    """A finished game is kept in the browser, but the page offered only unfinished ones: after
    a reload or a new game its record could no longer be reached.  Finished games are listed,
    each with its download."""
    game = Game("parlett", seed=77, players=("Ada", "Beginner"))
    play_game(game, [make_player("greedy"), make_player("random", seed=1)])
    text = record.dumps(game)
    page, rec = _open(browser_context, live_server, "play-the-computer")
    finished = page.locator(".pn-live-play .pn-live-finished")
    page.evaluate("""(text) => localStorage.setItem('penneech-live-game:zz-finished',
      JSON.stringify({record: text, over: true, saved_at: Date.now(),
                      opponent: {kind: 'greedy', settings: {}},
                      label: 'seed 77, rules parlett, 12–61, against greedy'}))""", text)
    page.wait_for_load_state("networkidle")
    page.reload(wait_until="load")
    assert finished.is_visible()
    finished.locator("summary").click()
    item = finished.locator("li", has_text="seed 77, rules parlett")
    assert "(finished" in item.inner_text()
    # each button is named with its game, its visible words first (a list of buttons read
    # "Download its record" once for each game; review 44a)
    button = page.get_by_role("button", name="Download its record: seed 77, rules parlett")
    assert button.count() == 1
    with page.expect_download() as download:
        button.click()
    assert download.value.suggested_filename == "penneech-game-77.json"
    assert Path(download.value.path()).read_text(encoding="utf-8") == text
    page.evaluate("localStorage.removeItem('penneech-live-game:zz-finished')")
    rec.check_all("play-the-computer, a finished game")
    page.close()


_SLOW_ANALYSIS = """(() => {  // the analysis of a deal asked 2 s late, as on a slow laptop
  const Real = window.Worker;
  window.Worker = function (...args) {
    const worker = new Real(...args);
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (message, ...rest) => (message && message.request
      && message.request.op === 'analyse'
      ? setTimeout(() => post(message, ...rest), 2000) : post(message, ...rest));
    return worker;
  };
  window.Worker.prototype = Real.prototype;
})()"""


def test_the_analysis_of_a_deal_comes_without_moving_the_keyboard(
        browser_context: Any, live_server: str) -> None:
    """A reader who went into the deal's account ("What happened") while the analysis was
    worked out was sent back to "Deal the next hand" when it came: the whole table was drawn
    again (review 44a).  It takes the place of the line that said it was coming, and a screen
    reader is told it."""
    page, rec = _new_game(browser_context, live_server, "7", init=_SLOW_ANALYSIS)
    for _ in range(60):
        # (until the reader may act, or the analysis is being worked out: the status line alone
        # did not say the computer's turn at every moment, and a card was looked for too soon)
        page.wait_for_function("""(analysing) => {
          const box = document.querySelector('.pn-live-play');
          const t = box.querySelector('.pn-live-table');
          if (t && t.innerText.includes(analysing)) return true;  // (busy with it meanwhile)
          if (!t || box.getAttribute('aria-busy') === 'true') return false;
          return Boolean(t.querySelector(
            '.pn-hand button:not([aria-disabled="true"]):not([disabled]), [data-action]'));
        }""", arg=ANALYSING, timeout=ANSWER_MS)
        state = _table(page)
        if ANALYSING in state["text"]:
            break
        if "keep" in state["actions"]:
            page.locator(".pn-live-play [data-action=keep]").click()
        elif "next-deal" in state["actions"]:  # (a hand thrown in: a deal with no analysis)
            assert "thrown in" in state["status"], state["text"][-400:]
            page.locator(".pn-live-play [data-action=next-deal]").click()
            page.wait_for_function("() => !document.querySelector('.pn-live-play "
                                   "[data-action=next-deal]')", timeout=ANSWER_MS)
        else:
            code = next(c["code"] for c in state["cards"] if not c["disabled"])
            page.locator(f'.pn-live-play [data-card="{code}"]').click()
            page.wait_for_function(  # (the card played: it leaves the hand)
                "(c) => !document.querySelector(`.pn-live-play .pn-hand [data-card=\"${c}\"]`)",
                arg=code, timeout=ANSWER_MS)
    else:
        raise AssertionError("the deal did not end")
    summary = page.locator(".pn-live-play details.pn-story > summary")
    summary.focus()
    page.wait_for_function("(a) => !document.querySelector('.pn-live-play .pn-live-table')"
                           ".innerText.includes(a)", arg=ANALYSING, timeout=ANSWER_MS)
    assert "How your cards did in deal " in page.locator(".pn-live-play .pn-analysis").inner_text()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY", \
        page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    page.wait_for_function("() => document.querySelector('.pn-live-play .pn-live-news')"
                           ".textContent.includes('How your cards did in deal ')",
                           timeout=ANSWER_MS)
    rec.check_all("play-the-computer, the analysis and the keyboard")
    page.close()


def test_a_finished_record_loaded_from_a_file_is_listed_as_loaded_and_once(
        browser_context: Any, live_server: str, tmp_path: Path) -> None:
    """A finished game loaded from a file was listed under "Your finished games" as "finished"
    at the time it was loaded, which is not when it was played (review 43a); loaded again, it
    was kept a second time.  It is listed once, as loaded from a file, at its first loading."""
    game = Game("parlett", seed=4414, players=("Ada", "Beginner"))
    play_game(game, [make_player("greedy"), make_player("random", seed=1)])
    path = tmp_path / "finished.json"
    record.save(game, path)
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.evaluate("window.penneechLive.pause_ms = 0")
    finished = page.locator(".pn-live-play .pn-live-finished")
    ours = finished.locator("li", has_text="seed 4414,")
    times = []
    for _ in range(2):
        page.evaluate("document.querySelector('.pn-live-play .pn-live-message').textContent = ''")
        page.locator(".pn-live-play input[data-do=load]").set_input_files(str(path))
        _told(page, "is over")
        _settled(page)
        if not finished.evaluate("d => d.open"):
            finished.locator("summary").click()
        assert ours.count() == 1, [t.inner_text() for t in finished.locator("li").all()]
        text = ours.inner_text()
        assert "(loaded from a file " in text and "(finished" not in text, text
        times.append(text.split("(loaded from a file ", 1)[1].split(")", 1)[0])
        page.wait_for_timeout(1100)  # (a second later: a new time would show)
    assert times[0] == times[1], times
    page.evaluate("""(record) => Object.keys(localStorage).filter((k) => k.startsWith(
      'penneech-live-game:') && JSON.parse(localStorage.getItem(k)).record === record)
      .forEach((k) => localStorage.removeItem(k))""", record.dumps(game))
    rec.check_all("play-the-computer, a finished record loaded")
    page.close()


def test_a_reload_at_the_end_of_a_game_says_how_it_ended(playwright_driver: Any,
                                                        live_server: str) -> None:
    """With no unfinished game kept, a reload showed nothing of the game just ended: its record
    sat in a folded list (review 42c).  The page says how the last game ended, and where."""
    game = Game("parlett", seed=77, players=("Ada", "Beginner"))
    play_game(game, [make_player("greedy"), make_player("random", seed=1)])
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=[RESOLVER])
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(f"{live_server}play-the-computer.html", wait_until="load")
        page.evaluate("""(text) => localStorage.setItem('penneech-live-game:zz-finished',
          JSON.stringify({record: text, over: true, saved_at: Date.now(),
                          opponent: {kind: 'greedy', settings: {}},
                          label: 'seed 77, rules parlett, 12–61, against greedy'}))""",
                      record.dumps(game))
        page.reload(wait_until="load")
        said = page.locator(".pn-live-play .pn-live-message").inner_text()
        assert said.startswith("Your last game is over (seed 77, rules parlett, 12–61, against "
                               "greedy): its record is kept under “Your finished games”"), said
        assert page.locator(".pn-live-play .pn-live-finished").is_visible()
    finally:
        browser.close()


def test_a_browser_that_refuses_storage_is_told_to_download_the_game(
        browser_context: Any, live_server: str) -> None:
    """Where the browser will not keep the game (storage turned off, as some private windows
    do), the reader is told once, at the start of the game, how to keep it; the game plays on
    and the download still holds every card played."""
    context, rec = browser_context
    page = context.new_page()
    # (only the games are refused: the book's theme keeps its own settings unguarded)
    page.add_init_script("""(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (String(key).startsWith('penneech-live-game:')) {
          throw new DOMException('refused', 'QuotaExceededError');
        }
        return setItem.call(this, key, value);
      };
    })()""")
    page.on("console", rec.on_console)
    page.on("pageerror", lambda exc: rec.page_errors.append(str(exc)))
    page.goto(f"{live_server}play-the-computer.html", wait_until="load")
    page.fill(".pn-live-play input[name=seed]", "21")
    # (a double click while Python loads starts one game: the second one's computer card was
    # refused, "the computer is not to move", in place of the game line)
    page.locator(".pn-live-play .pn-live-start").dblclick()
    _wait_table(page)
    state = _settled(page)
    message = page.locator(".pn-live-play .pn-live-message")
    assert "not to move" not in message.inner_text()
    assert message.inner_text().startswith("Rules pagat · seed 21")
    assert "this browser is not keeping the game" in message.inner_text()
    assert "Download the game" in message.inner_text()
    # the pointer on a card lifts the card, not its button: a pointer on its lower edge stays
    # over it (the whole button jumped up and down under it, every frame)
    code = next(c["code"] for c in state["cards"] if not c["disabled"])
    button = page.locator(f'.pn-live-play .pn-cardbtn[data-card="{code}"]')
    before = button.bounding_box()
    box = before or {"x": 0, "y": 0, "width": 0, "height": 0}
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 2)
    page.wait_for_timeout(200)
    assert button.bounding_box() == before
    assert page.evaluate("(code) => getComputedStyle(document.querySelector("
                         "`.pn-live-play .pn-cardbtn[data-card='${code}'] .pn-card`)).transform",
                         code) != "none"
    button.click()
    _settled(page)
    assert "not keeping the game" in message.inner_text()  # still there, not said again
    with page.expect_download() as download:
        page.locator('.pn-live-play [data-do="download"]').click()
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["deals"][0]["plays"], saved
    # a new game asks first: the game on the table is not kept (it was thrown away, and the
    # page said that it was kept; review 42c).  Cancel keeps playing it.
    asked, said = _new_game_answering(page, "55", accept=False, told="goes on")
    assert asked and "not keeping your unfinished game (seed 21)" in asked[0], asked
    assert "Download the game" in said and "seed 21" in said, said
    assert _table(page)["cards"] == _settled(page)["cards"]  # still the game of seed 21
    # OK leaves it: the new game says the old one was not kept, and offers nothing to resume
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    _start(page, "play")
    said = _told(page, "seed 55")
    assert len(asked) == 2 and "(seed 21) was not kept" in said, said
    # ("as it stood" said an earlier position was kept, where none was; review 43a)
    assert "is kept" not in said and "as it stood" not in said, said
    rec.check_all("play-the-computer, storage refused")
    page.close()


def _new_game_answering(page: Any, seed: str, *, accept: bool,
                        told: str) -> tuple[list[str], str]:
    """Press New game for ``seed`` (the settings opened), answering the browser's question, if
    one is asked, with OK or Cancel; return the questions asked and the status once it says
    ``told``."""
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message),
                                        dialog.accept() if accept else dialog.dismiss()))
    page.locator(".pn-live-play .pn-settings > summary").click()
    page.fill(".pn-live-play input[name=seed]", seed)
    _start(page, "play")
    return asked, _told(page, told)


def test_a_finished_game_not_kept_is_not_left_without_a_question(
        browser_context: Any, live_server: str, tmp_path: Path) -> None:
    """With storage refusing the games, a game just won was thrown away by New game with no
    question and no word (the question asked only for an unfinished game; review 42d).  And
    Cancel at the question on Resume left the form on the saved game's opponent."""
    from penneech.game import PlayAction

    game = Game("pagat", seed=1, players=("Reader", "greedy"))
    play_game(game, [make_player("greedy"), make_player("greedy")])
    assert isinstance(game.actions[-1], PlayAction) and game.actions[-1].player == 0
    last_card = game.actions[-1].card
    game.undo()  # one card from the end, the reader to play it
    near_end = tmp_path / "near-end.json"
    near_end.write_text(record.dumps(game), encoding="utf-8")
    # a game kept before the storage filled, against another opponent, to be offered for Resume
    other = Game("pagat", seed=909, players=("Reader", "Beginner"))
    kept = json.dumps({"record": record.dumps(other), "over": False, "seed": "909",
                       "opponent": {"kind": "random", "settings": {}}, "saved_at": 1,
                       "label": "seed 909, rules pagat, 0–0, against random"})
    context, rec = browser_context
    page = context.new_page()
    page.add_init_script("""((kept) => {
      const setItem = Storage.prototype.setItem;
      setItem.call(localStorage, 'penneech-live-game:zz-909', kept);
      Storage.prototype.setItem = function (key, value) {
        if (String(key).startsWith('penneech-live-game:')) {
          throw new DOMException('refused', 'QuotaExceededError');
        }
        return setItem.call(this, key, value);
      };
    })(""" + json.dumps(kept) + ")")
    page.on("console", rec.on_console)
    page.on("pageerror", lambda exc: rec.page_errors.append(str(exc)))
    page.goto(f"{live_server}play-the-computer.html", wait_until="load")
    page.evaluate("window.penneechLive.pause_ms = 0")
    page.set_input_files('.pn-live-play input[data-do="load"]', str(near_end))
    _wait_table(page)
    _settled(page)
    page.locator(f'.pn-live-play [data-card="{last_card.code}"]').click()
    assert _settled(page)["result"], "the game did not end"
    asked: list[str] = []
    # Undo after the end asks too (the finished game's record went without a word; review 42e)
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.locator('.pn-live-play [data-do="undo"]').click()
    _told(page, "stays on the table")
    assert asked and "Take back its last card?" in asked[0], asked
    assert _table(page)["result"], "Undo took the last card back after Cancel"
    asked, said = _new_game_answering(page, "55", accept=False, told="stays on the table")
    assert asked and "the record of your finished game (seed 1)" in asked[0], asked
    assert "Download the game" in said, said
    assert _table(page)["result"], "the finished game left the table"
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    _start(page, "play")
    said = _told(page, "seed 55")
    assert "the record of your finished game (seed 1) was not kept" in said, said
    # Resume of the game kept before, then Cancel: the form keeps this game's opponent
    opponent = page.locator(".pn-live-play select[name=opponent]").input_value()
    assert opponent != "random"
    menu = page.locator(".pn-live-play select[name=saved-game]")
    if menu.is_visible():  # (other tests' unfinished games are kept in this browser too)
        menu.select_option(label=next(o for o in menu.locator("option").all_inner_texts()
                                      if "seed 909," in o))
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.locator(".pn-live-play [data-do=resume]").click()
    _told(page, "(seed 55) goes on")
    assert page.locator(".pn-live-play select[name=opponent]").input_value() == opponent
    page.evaluate("localStorage.removeItem('penneech-live-game:zz-909')")
    rec.check_all("play-the-computer, a finished game not kept")
    page.close()


def test_the_next_hand_pressed_while_the_deal_is_analysed_is_dealt_when_the_table_is_free(
        browser_context: Any, live_server: str) -> None:
    """At a deal's end the table shows "Deal the next hand" at once, while the engine works out
    what each card cost (a second or more): a press then was dropped without a word (review
    42c).  It is said, and the hand is dealt as soon as the table is free."""
    page, rec = _new_game(browser_context, live_server, "3131")
    # the button is pressed the moment it is drawn (a reader's quick tap), and what the status
    # line says is noted as it comes
    page.evaluate("""() => {
      const box = document.querySelector('.pn-live-play');
      window.pnPressed = null;
      window.pnSaid = [];
      new MutationObserver(() => window.pnSaid.push(
        box.querySelector('.pn-live-message').textContent)).observe(
        box.querySelector('.pn-live-message'), {childList: true, characterData: true,
                                               subtree: true});
      new MutationObserver((_, watch) => {
        const button = box.querySelector('[data-action="next-deal"]');
        if (!button) return;
        watch.disconnect();
        // (a moment after it is drawn, once the analysis has been asked for)
        setTimeout(() => {
          window.pnPressed = box.getAttribute('aria-busy') || 'free';
          button.click();
        }, 30);
      }).observe(box, {childList: true, subtree: true});
    }""")
    while page.evaluate("window.pnPressed") is None:
        state = _settled(page)
        if page.evaluate("window.pnPressed") is not None:
            break
        if "keep" in state["actions"]:
            page.locator('.pn-live-play [data-action="keep"]').click()
        else:
            playable = [c["code"] for c in state["cards"] if not c["disabled"]]
            assert playable, (state, page.evaluate("[window.pnPressed, window.pnSaid]"))
            page.locator(f'.pn-live-play [data-card="{playable[0]}"]').click()
        page.wait_for_timeout(50)
    assert page.evaluate("window.pnPressed") == "true", "the table was not busy: nothing tested"
    page.wait_for_function("""() => !document.querySelector(
      '.pn-live-play [data-action="next-deal"]')""", timeout=ANSWER_MS)
    after = _settled(page)
    assert after["cards"] and "next-deal" not in after["actions"], after
    said = page.evaluate("window.pnSaid")
    assert any("The next hand is dealt in a moment" in t for t in said), said
    rec.check_all("play-the-computer, next hand pressed during the analysis")
    page.close()


def test_a_tab_that_only_resumes_a_game_does_not_fork_it(browser_context: Any,
                                                         live_server: str) -> None:
    """A second tab that resumed the game and played nothing made the first say the game "was
    played on in another tab too", and keep a stale copy of it (review 42c)."""
    page, rec = _new_game(browser_context, live_server, "6161")
    _play_a_card(page)
    other = _resume_in_another_tab(browser_context, live_server, "6161")
    _settled(other)
    other.close()
    _play_a_card(page)
    said = page.locator(".pn-live-play .pn-live-message").inner_text()
    assert "another tab" not in said, said
    kept = page.evaluate("""() => Object.keys(localStorage)
      .filter(k => k.startsWith('penneech-live-game:'))
      .map(k => JSON.parse(localStorage.getItem(k)))
      .filter(s => s.label.startsWith('seed 6161,') && !s.over).length""")
    assert kept == 1, kept
    rec.check_all("play-the-computer, resumed in another tab")
    page.close()


def test_without_webassembly_the_page_says_so_and_keeps_its_frames(
        browser_context: Any, live_server: str) -> None:
    """A browser that cannot run WebAssembly gets a plain message; the recorded deal above the
    live table still steps with no kernel."""
    context, rec = browser_context
    page = context.new_page()
    page.add_init_script("delete window.WebAssembly")
    page.on("console", rec.on_console)
    page.on("pageerror", lambda exc: rec.page_errors.append(str(exc)))
    page.goto(f"{live_server}play-the-computer.html", wait_until="load")
    _start(page, "play")
    message = page.locator(".pn-live-play .pn-live-message")
    message.wait_for(state="visible")
    assert "cannot run WebAssembly" in message.inner_text()
    assert page.locator(".pn-live-play .pn-live-table").count() == 0
    assert not page.workers, "a worker was started without WebAssembly"
    page.wait_for_selector(".widget-subarea .pn-table", timeout=20_000)  # the recorded deal
    rec.check_all("play-the-computer without WebAssembly")
    page.close()


@pytest.mark.parametrize("cut", [WASM, "python_stdlib.zip"])
def test_a_download_cut_off_while_python_loads_is_told_and_the_button_tries_again(
        playwright_driver: Any, live_server: str, cut: str) -> None:
    """A dropped connection on a school's wifi, once, while Python loads (review 36b): with the
    runtime's main file cut off the page sat at "Downloading … 4.0 of 13.6 MB" for good, and
    with another file it said "Program terminated with exit(1)"; either way the button, already
    called "New game", did nothing after.  Now the page says what was cut off and to press
    again, the button still says Play live, and pressing it plays."""
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=[RESOLVER])
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      service_workers="block")
        dropped: list[str] = []

        def drop_once(route: Any) -> None:
            if route.request.url.endswith("/" + cut) and not dropped:
                dropped.append(route.request.url)
                route.abort("connectionreset")
            else:
                route.continue_()

        context.route("**/*", drop_once)
        page = context.new_page()
        page.goto(f"{live_server}play-the-computer.html", wait_until="load")
        start = page.locator(".pn-live-play .pn-live-start")
        label = start.inner_text()
        start.click()
        said = _told(page, "could not start", START_MS)
        assert dropped, "the download was never asked for"
        assert "Press the button again to try again" in said, said
        assert start.inner_text() == label == "Play live"
        assert page.locator(".pn-live-play .pn-live-table").count() == 0
        start.click()
        _wait_table(page)
        assert start.inner_text() == "New game"
    finally:
        browser.close()


def test_the_download_shows_its_megabytes_as_they_come_and_the_time_left(
        playwright_driver: Any, live_server: str) -> None:
    """At 1.5 Mbps the line "Downloading the Python runtime: 1.3 of 13.7 MB" stood still for
    22 s (it changes at each quarter, for a screen reader's sake), and nothing said how long
    was left (review 41c).  The eye now sees the megabytes as they come and the time left; the
    line a screen reader hears still changes at the quarters only."""
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=[RESOLVER])
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900},
                                      service_workers="block")
        page = context.new_page()
        # (the form is ready once the deferred scripts have run; "load" also waits for the
        # widgets' fonts)
        page.goto(f"{live_server}play-the-computer.html", wait_until="domcontentloaded",
                  timeout=START_MS)
        # the runtime's download, which the click starts, is slowed; the page itself is not (under
        # Chromium's slowed network one live.js of 98,542 bytes never finished loading, and
        # the page waited for it past two minutes; one byte more or less loaded in seconds)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {  # 2 MB a second: a few seconds' load
            "offline": False, "latency": 20, "downloadThroughput": 2_000_000,
            "uploadThroughput": 1_000_000})
        page.locator(".pn-live-play .pn-live-start").click()
        seen: list[dict[str, Any]] = []
        deadline = time.monotonic() + START_MS / 1000
        while time.monotonic() < deadline and not page.locator(
                ".pn-live-play .pn-live-table").count():
            seen.append(page.evaluate("""() => {
                const m = document.querySelector('.pn-live-play .pn-live-message');
                const f = document.querySelector('.pn-live-play .pn-live-figures');
                return {said: m.textContent, hidden: m.classList.contains('pn-sr'),
                        shown: f.textContent, aria: f.getAttribute('aria-hidden')};
            }"""))
            time.sleep(0.2)
        _wait_table(page)
        loading = [s for s in seen if s["shown"].startswith("Downloading the Python runtime")]
        figures = {s["shown"].split(" of ")[0] for s in loading}
        assert len(figures) >= 5, figures  # the megabytes move, not at the quarters only
        assert any(re.search(r"about \d+ (seconds|minutes?) left", s["shown"])
                   for s in loading), loading[-3:]
        assert all(s["hidden"] and s["aria"] == "true" for s in loading)
        said = [s["said"] for s in loading]
        changes = sum(1 for a, b in zip(said, said[1:], strict=False) if a != b)
        assert changes <= 5, said  # read out at the quarters (and the last megabytes)
        after = page.evaluate("document.querySelector('.pn-live-play .pn-live-figures')"
                              ".textContent")
        assert after == ""
    finally:
        browser.close()


class _StallingHandler(_QuietHandler):
    """Serves the site, but the runtime's main file stops for a while half way through, as a
    download on a school's Wi-Fi stalls without failing."""

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if not self.path.endswith(WASM):
            super().copyfile(source, outputfile)
            return
        outputfile.write(source.read(2_000_000))
        outputfile.flush()
        time.sleep(4)
        super().copyfile(source, outputfile)


class _EncodingHandler(_QuietHandler):
    """Serves the site as some hosts serve a .gz file: with "Content-Encoding: gzip", so that
    the browser decompresses it itself and the page gets the plain file."""

    sent: list[str]  # the .gz files sent, as the server saw them (a subclass's own list)

    def end_headers(self) -> None:
        if self.path.endswith(".gz"):
            self.send_header("Content-Encoding", "gzip")
            type(self).sent.append(self.path)
        super().end_headers()


def test_a_host_that_sends_the_gzipped_runtime_as_encoded_still_starts(
        playwright_driver: Any, site: Path) -> None:  # noqa: F811 - the fixture
    """The worker decompresses the runtime's gzipped main file itself; a host that sends .gz
    files with "Content-Encoding: gzip" has the browser decompress it first, and the worker
    must not decompress it twice: it looks at the file's first bytes."""
    class Handler(_EncodingHandler):
        sent: list[str] = []

    with _served_by(playwright_driver, site, Handler) as (context, page, url):
        # every progress line the worker sends (the page shows only some of them)
        page.add_init_script("""(() => {
          window.testProgress = [];
          const Real = window.Worker;
          window.Worker = function (...args) {
            const worker = new Real(...args);
            worker.addEventListener('message', (e) => e.data && e.data.type === 'progress'
              && window.testProgress.push(e.data.text));
            return worker;
          };
          window.Worker.prototype = Real.prototype;
        })()""")
        encodings: list[str | None] = []
        context.on("response", lambda r: r.url.endswith(WASM) and encodings.append(
            r.headers.get("content-encoding")))
        page.goto(url, wait_until="load")
        _start(page, "play")
        _wait_table(page)
        # After the start, the worker asks the HTTP cache whether it kept the file: the answer
        # comes from the cache, and is a response too (it came in time for the check on a slow
        # machine, and failed it: CI of stop 40).  So the server's own count says how often
        # the file was downloaded, once the worker has asked.
        page.wait_for_function("() => window.penneechLive.runtime_kept", timeout=ANSWER_MS)
        assert len([p for p in Handler.sent if p.endswith("/pyodide/" + WASM)]) == 1, \
            f"{WASM} was not downloaded once: {Handler.sent}"
        assert encodings and set(encodings) == {"gzip"}, \
            f"the server did not send {WASM} encoded: {encodings}"
        # (the browser hands over the file decoded, 9.6 MB: it counted past the whole, "12.1 of
        # 7.6 MB"; review 43c)
        counts = [(float(a), float(b)) for t in page.evaluate("window.testProgress")
                  for m in [re.search(r"([\d.]+) of ([\d.]+) MB", t)] if m for a, b in [m.groups()]]
        assert counts and all(a <= b for a, b in counts), counts
        assert _settled(page)["cards"], "no hand was dealt"


class _SpoilingHandler(_QuietHandler):
    """Serves the site, but the runtime's gzipped main file spoilt on the way after its first
    bytes (a proxy that mangles it, or a file cut short on the host)."""

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if not self.path.endswith(WASM):
            super().copyfile(source, outputfile)
            return
        head = source.read(100_000)
        outputfile.write(head + b"\xff" * len(source.read()))  # (the length the header says)


def test_a_runtime_that_does_not_decompress_is_told(playwright_driver: Any,
                                                    site: Path) -> None:  # noqa: F811
    """The gzipped runtime spoilt on the way: Pyodide would wait for it for ever, so the page
    says it could not start, and why."""
    with _served_by(playwright_driver, site, _SpoilingHandler) as (context, page, url):
        page.goto(url, wait_until="load")
        _start(page, "play")
        said = _told(page, "could not start", START_MS)
        assert f"{WASM} could not be decompressed" in said, said
        assert "Press the button again to try again" in said, said


def test_a_stalled_download_is_told_while_it_is_waited_for(
        playwright_driver: Any, site: Path) -> None:  # noqa: F811 - the fixture
    """A download that stops without failing showed a frozen bar and no word for 90 s (review
    41c): after a while without data the page says the network is slow or has stopped and that
    it still waits; when the data come again, the game starts."""
    with _served_by(playwright_driver, site, _StallingHandler) as (context, page, url):
        page.goto(url, wait_until="load")
        page.evaluate("window.penneechLive.quiet_ms = 1500")
        _start(page, "play")
        said = _told(page, "No data has come", START_MS)
        assert "the network is slow or has stopped. Still waiting" in said, said
        _wait_table(page)


def test_the_second_click_of_a_double_click_plays_no_second_card(
        browser_context: Any, live_server: str) -> None:
    """A double tap on a card that won the trick played a second card: the table was drawn
    again at once as the reader's lead, and the second tap fell on whatever card was then under
    the finger (review 41c).  A click that is the second of a double click plays nothing."""
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.evaluate("window.penneechLive.pause_ms = 0")
    page.locator(".pn-live-play .pn-live-start").click()
    _wait_table(page)
    state = _settled(page)
    while state["actions"]:
        page.locator(f".pn-live-play [data-action={state['actions'][0]}]").click()
        state = _settled(page)
    code = next(c["code"] for c in state["cards"] if not c["disabled"])
    click = ("([code, detail]) => document.querySelector(`.pn-live-play [data-card=\"${code}\"]`)"
             ".dispatchEvent(new MouseEvent('click', {bubbles: true, detail}))")
    page.evaluate(click, [code, 2])
    time.sleep(1.0)
    assert [c["code"] for c in _settled(page)["cards"]] == [c["code"] for c in state["cards"]]
    page.evaluate(click, [code, 1])
    page.wait_for_function("(code) => !document.querySelector("
                           "`.pn-live-play [data-card=\"${code}\"]`)", arg=code,
                           timeout=ANSWER_MS)
    rec.check_all("play-the-computer, a double click")
    page.close()


def test_on_a_phone_a_reload_mid_game_shows_the_game_kept_and_its_resume_button(
        browser_context: Any, live_server: str) -> None:
    """A pupil's phone reloads the page mid-game (or the pupil goes Back to it): the browser
    put them where the table had been, now other text, with the Resume button above the screen
    and nothing said (review 36b).  Now the page says the game is kept and shows its button."""
    page, rec = _open(browser_context, live_server, "play-the-computer", viewport=PHONE)
    page.evaluate("window.penneechLive.pause_ms = 0")
    page.locator(".pn-live-play .pn-live-start").click()
    _wait_table(page)
    for _ in range(3):
        state = _settled(page)
        if state["actions"]:
            page.locator(f".pn-live-play [data-action={state['actions'][0]}]").click()
            continue
        code = next(c["code"] for c in state["cards"] if not c["disabled"])
        page.locator(f'.pn-live-play [data-card="{code}"]').click()
    _settled(page)
    page.locator(".pn-live-play .pn-live-table").scroll_into_view_if_needed()
    for leave in ("reload", "back"):
        if leave == "reload":
            page.reload(wait_until="load")
        else:
            page.goto(f"{live_server}how-to-play.html", wait_until="load")
            page.go_back(wait_until="load")
        resume = page.locator(".pn-live-play [data-do=resume]")
        page.wait_for_function(
            """() => { const b = document.querySelector('.pn-live-play [data-do=resume]');
                       const r = b.getBoundingClientRect();
                       return !b.hidden && r.top >= 56 && r.bottom <= innerHeight; }""",
            timeout=10_000)
        said = page.locator(".pn-live-play .pn-live-message").inner_text()
        assert re.search(r"(is|are) kept in this browser", said), said
        assert resume.inner_text() in said, said
        # the keyboard is there too (the first Tab went to the page's top; review 44a)
        page.wait_for_function("() => document.activeElement === document.querySelector("
                               "'.pn-live-play [data-do=resume]')", timeout=5_000)
    resume.click()
    _wait_table(page)
    rec.check_all("play-the-computer, a phone reloaded mid-game")
    page.close()


def test_forget_in_one_tab_keeps_a_run_another_tab_finished(browser_context: Any,
                                                            live_server: str) -> None:
    """Two tabs of the experiment page (review 37b): a run finished in tab 1 showed in tab 2
    only after a reload, and tab 2's "Forget these runs" forgot it unseen.  Now tab 2's list
    shows it at once, and Forget forgets the runs listed when pressed, a run kept since
    elsewhere staying; the box said 7 games became 8 without a word, and now says why."""
    second, rec = _open_with_no_runs_kept(browser_context, live_server)
    first, _ = _open(browser_context, live_server, "small-experiment")
    for page, seed in ((second, 61), (first, 62)):
        panel = page.locator(".pn-live-experiment")
        panel.locator("select[name=player-a]").select_option("greedy")
        panel.locator("select[name=player-b]").select_option("random")
        panel.locator("input[name=games]").fill("3")
        panel.locator("input[name=seed]").fill(str(seed))
        said = _run_to_its_end(page)
        assert said.startswith("Done: 4 games (4 games, not 3: the games are played in pairs"), said
    listed = second.locator(".pn-live-experiment .pn-live-runs li")
    second.wait_for_function(
        "() => document.querySelectorAll('.pn-live-experiment .pn-live-runs li').length === 2",
        timeout=10_000)  # (tab 1's run, shown in tab 2 by the storage event)
    assert "seed 62" in listed.first.inner_text()
    # a third run, kept by tab 1 while tab 2's list is not yet redrawn, is not forgotten
    kept = first.evaluate("() => JSON.parse(localStorage.getItem('penneech-live-runs'))")
    extra = {**kept[0], "id": "zz-other-tab", "seed": "63"}
    second.evaluate("""(extra) => { const shown = document.querySelectorAll(
        '.pn-live-experiment .pn-live-runs li').length;
      const runs = JSON.parse(localStorage.getItem('penneech-live-runs'));
      runs.unshift(extra);
      // (written as another tab would, without this tab's storage event)
      localStorage.setItem('penneech-live-runs', JSON.stringify(runs)); return shown; }""",
                    extra)
    second.once("dialog", lambda dialog: dialog.accept())
    second.locator(".pn-live-experiment .pn-live-runs button",
                   has_text="Forget these runs").click()
    left = second.evaluate("() => JSON.parse(localStorage.getItem('penneech-live-runs'))")
    assert [r["id"] for r in left] == ["zz-other-tab"], left
    second.evaluate("localStorage.removeItem('penneech-live-runs')")
    rec.check_all("small-experiment, two tabs")
    first.close()
    second.close()


def test_a_resumed_game_shows_its_rules_on_the_form(browser_context: Any,
                                                    live_server: str) -> None:
    """A game resumed under davis, a 32-card pack and a target of 31 showed pagat, 52 and 61 on
    the form, and New game then played pagat (review 37b); the form now shows the game's rules.
    The record downloads at the first click, even while the table is busy."""
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.evaluate("window.penneechLive.pause_ms = 0")
    settings = page.locator(".pn-live-play details.pn-settings")
    if settings.get_attribute("open") is None:
        settings.locator("summary").first.click()
    page.select_option(".pn-live-play select[name=preset]", "davis")
    page.locator(".pn-live-play .pn-options summary").click()
    page.select_option(".pn-live-play [data-option=deck]", "32")
    page.fill(".pn-live-play [data-option=target]", "31")
    # the reader deals, and so leads (under davis the dealer leads): the card played below is
    # a lead, which the computer answers (a random cut let the computer lead in about half the
    # games, and the reader's card then ended the trick with nobody thinking)
    page.select_option(".pn-live-play select[name=dealer]", "0")
    page.locator(".pn-live-play .pn-live-start").click()
    _wait_table(page)
    _settled(page)
    page.wait_for_load_state("networkidle")
    page.reload(wait_until="load")
    assert page.locator(".pn-live-play select[name=preset]").input_value() == "pagat"
    page.locator(".pn-live-play [data-do=resume]").click()
    _wait_table(page)
    assert page.locator(".pn-live-play select[name=preset]").input_value() == "davis"
    assert page.locator(".pn-live-play [data-option=deck]").input_value() == "32"
    assert page.locator(".pn-live-play [data-option=target]").input_value() == "31"
    # busy: the computer's card is due after a pause, as a deal's analysis keeps it busy
    page.evaluate("window.penneechLive.pause_ms = 4000")
    state = _settled(page)
    while state["actions"]:
        page.locator(f".pn-live-play [data-action={state['actions'][0]}]").click()
        state = _settled(page)
    code = next(c["code"] for c in state["cards"] if not c["disabled"])
    page.locator(f'.pn-live-play [data-card="{code}"]').click()
    page.wait_for_function("() => document.querySelector('.pn-live-play .pn-status')"
                           "?.innerText.includes('is thinking')", timeout=ANSWER_MS)
    with page.expect_download(timeout=3_000) as download:
        page.locator(".pn-live-play [data-do=download]").click()
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["rules"] == {"preset": "davis", "deck": 32, "target": 31}, saved["rules"]
    rec.check_all("play-the-computer, a resumed game's rules")
    page.close()


@pytest.mark.parametrize("room", [True, False])
def test_a_full_storage_lets_go_of_as_few_finished_games_as_the_game_needs_and_says_so(
        browser_context: Any, live_server: str, room: bool) -> None:
    """Storage full: the game on the table is kept by letting go of the oldest finished game,
    one at a time, and the reader is told which (half of the finished games went at once,
    without a word; review 38a).  When letting go of every finished game would not make
    ``room`` for it, none is let go (all went, and the game was not kept either; review
    39d)."""
    game = Game("parlett", seed=77, players=("Ada", "Beginner"))
    play_game(game, [make_player("greedy"), make_player("random", seed=1)])
    # a quota of window.quota characters (none until it is set), as a browser's own
    page, rec = _open(browser_context, live_server, "play-the-computer", init="""(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        let used = 0;
        for (let i = 0; i < this.length; i++) {
          const k = this.key(i);
          if (k !== key) used += k.length + this.getItem(k).length;
        }
        if (window.quota && (used + key.length + String(value).length > window.quota
            || (window.tooLarge && !key.startsWith('penneech-live-game:f')))) {
          throw new DOMException('full', 'QuotaExceededError');
        }
        return setItem.call(this, key, value);
      };
    })()""")
    page.evaluate("""(text) => {
      // (only these games: the module's other tests leave theirs in the profile)
      Object.keys(localStorage).filter((k) => k.startsWith('penneech-live-game:'))
        .forEach((k) => localStorage.removeItem(k));
      for (let i = 0; i < 10; i++) {
      localStorage.setItem('penneech-live-game:f' + i, JSON.stringify({
        record: text, over: true, saved_at: Date.now() - 1000 * (i + 1), seed: '77',
        opponent: {kind: 'greedy', settings: {}}, label: 'finished game ' + i,
        pad: 'x'.repeat(20000)})); } }""", record.dumps(game))
    page.wait_for_load_state("networkidle")  # (a reload cut the icon's request short)
    page.reload(wait_until="load")
    finished = page.locator(".pn-live-play .pn-live-finished li")
    assert finished.count() == 10
    # full: what is kept now, less a little
    page.evaluate("""() => { let used = 0;
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i); used += k.length + localStorage.getItem(k).length; }
      window.quota = used - 1000; }""" if room else "window.quota = 1e12; window.tooLarge = true")
    page.fill(".pn-live-play input[name=seed]", "21")
    _start(page, "play")
    _wait_table(page)
    state = _settled(page)
    code = next(c["code"] for c in state["cards"] if not c["disabled"])
    page.locator(f'.pn-live-play .pn-cardbtn[data-card="{code}"]').click()
    _settled(page)
    message = page.locator(".pn-live-play .pn-live-message").inner_text()
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith("
                         "'penneech-live-game:f')).sort()")
    if not room:  # (any save but the finished games' own is refused)
        assert "this browser is not keeping the game" in message, message
        assert "let go" not in message, message
        assert finished.count() == 10
        assert kept == [f"penneech-live-game:f{i}" for i in range(10)]
        rec.check_all("play-the-computer, storage too full")
        page.close()
        return
    assert ("this browser's storage is full: to keep this game it let go of the oldest "
            "finished game kept here (finished game 9)") in message, message
    assert "not keeping the game" not in message
    assert finished.count() == 9
    assert kept == [f"penneech-live-game:f{i}" for i in range(9)]
    rec.check_all("play-the-computer, storage full")
    page.close()


def test_a_kept_game_the_page_cannot_play_on_can_be_downloaded_or_forgotten(
        browser_context: Any, live_server: str) -> None:
    """A game kept in the browser that this page refuses to play on (a record of another
    version, or damaged) is still the reader's: its record downloads as it was kept, or it is
    forgotten (it was offered to be resumed, and refused, on every visit; review 38a)."""
    game = Game("pagat", seed=5, players=("Ada", "greedy"))
    game.play(game.legal_plays()[0])
    kept = json.loads(record.dumps(game))
    kept["rules"] = "pagat,follow=strict"  # a value this version does not know
    text = json.dumps(kept)
    # (kept before the page loads: a reload to show it cut the icon's request short)
    page, rec = _open(browser_context, live_server, "play-the-computer", init=(
        "localStorage.setItem('penneech-live-game:zz-strict', JSON.stringify("
        f"{{record: {json.dumps(text)}, over: false, saved_at: Date.now(), "
        "seed: '5', opponent: {kind: 'greedy', settings: {}}, "
        "label: 'seed 5, rules pagat,follow=strict, 0–0, against greedy'}))"))
    resume = page.locator('.pn-live-play [data-do="resume"]')
    resume.click()
    refused = page.locator(".pn-live-play .pn-live-refused-save")
    refused.wait_for(timeout=START_MS)
    assert "'strict' is not a value of follow" in page.locator(
        ".pn-live-play .pn-live-message").inner_text()
    with page.expect_download() as download:
        refused.locator("button", has_text="Download its record").click()
    assert download.value.suggested_filename == "penneech-game-5.json"
    assert Path(download.value.path()).read_text(encoding="utf-8") == text
    refused.locator("button", has_text="Forget it").click()
    assert "is forgotten" in page.locator(".pn-live-play .pn-live-message").inner_text()
    assert page.evaluate("localStorage.getItem('penneech-live-game:zz-strict')") is None
    assert refused.count() == 0
    # (other tests' games may be kept in this browser: this one is no longer offered)
    assert "zz-strict" not in page.evaluate("""() => [...document.querySelectorAll(
      '.pn-live-play select option')].map(o => o.value).join(' ')""")
    rec.check_all("play-the-computer, a kept game refused")
    page.close()


def test_a_record_chosen_while_python_starts_is_loaded_once_it_has(
        browser_context: Any, live_server: str, tmp_path: Path) -> None:
    """Play live pressed, and a record chosen while Python starts: the record's game comes to
    the table once Python is up (it was dropped, 'the table is busy (the computer is playing)'
    said and soon written over; review 38a). The file is a UTF-16 one, as Windows Notepad saves
    'Unicode' text, which the command line reads too."""
    game = Game("pagat", seed=33, players=("Ada", "Greedy"), first_dealer=0)
    while game.to_move != 0 or game.phase is not Phase.PLAY:
        (game.throw_in(False) if game.phase is Phase.THROW_IN else game.play(
            game.legal_plays()[0]))
    path = tmp_path / "notepad.json"
    path.write_bytes(record.dumps(game).encode("utf-16"))
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.evaluate("window.penneechLive.pause_ms = 0")
    _start(page, "play")
    page.locator(".pn-live-play input[data-do=load]").set_input_files(str(path))
    # (seed 33 and no more digits: the game Play live began has a random seed, which begins
    # "33" about once in a hundred runs, and the test then read that game's hand)
    page.wait_for_function("() => /\\bseed 33\\b/.test(document.querySelector("
                           "'.pn-live-play .pn-live-message').innerText)", timeout=START_MS)
    state = _settled(page)
    assert sorted(c["code"] for c in state["cards"]) == sorted(c.code for c in game.hand(0))
    rec.check_all("play-the-computer, a record chosen while Python starts")
    page.close()


def _loaded(browser_context: Any, live_server: str, game: Game, path: Path) -> tuple[Any, Any]:
    """The play page with ``game`` saved to ``path`` and loaded, the computer's pauses off."""
    record.save(game, path)
    page, rec = _open(browser_context, live_server, "play-the-computer")
    page.evaluate("window.penneechLive.pause_ms = 0")
    page.locator(".pn-live-play input[data-do=load]").set_input_files(str(path))
    _wait_table(page)
    return page, rec


def _kept_over(page: Any, name: str) -> list[bool]:
    """Whether each game the browser keeps with ``name`` in its record is over."""
    over: list[bool] = page.evaluate("""(name) => Object.keys(localStorage)
      .filter(k => k.startsWith('penneech-live-game:'))
      .map(k => JSON.parse(localStorage.getItem(k)))
      .filter(s => s.record.includes(name))
      .map(s => s.over)""", name)
    return over


def _forget_kept(page: Any, name: str) -> None:
    """Take the games with ``name`` in their record out of the browser (for the tests after)."""
    page.evaluate("""(name) => Object.keys(localStorage).filter(k => k.startsWith(
      'penneech-live-game:') && localStorage.getItem(k).includes(name))
      .forEach(k => localStorage.removeItem(k))""", name)


def test_undo_of_a_game_won_before_the_reader_played_keeps_it_once(
        browser_context: Any, live_server: str, tmp_path: Path) -> None:
    """A game won by the dealer's first turn-up (parlett, target 1) has no card of the reader's
    to take back.  Each press of Undo said so, and kept the finished game again under a new
    name: after thirty presses the copies pushed the reader's older finished games out of the
    browser (review 46a).  It is kept once, and Undo says why it does nothing."""
    game = Game("parlett,target=1", seed=0, players=("Early", "Greedy"))
    assert game.phase is Phase.OVER and not game.has_decided(0)
    page, rec = _loaded(browser_context, live_server, game, tmp_path / "early.json")
    state = _settled(page)
    assert state["result"], state["text"]
    for _ in range(3):
        page.locator('.pn-live-play [data-do="undo"]').click()
        state = _settled(page)
        assert "There is nothing of yours to undo." in state["text"], state["text"]
        assert state["result"]
    page.wait_for_load_state("networkidle")
    page.reload(wait_until="load")
    saves = _kept_over(page, "Early")
    assert saves == [True], saves
    _forget_kept(page, "Early")
    rec.check_all("play-the-computer, undo of a game won before a card")
    page.close()


def test_undo_after_the_end_keeps_the_finished_game(browser_context: Any, live_server: str,
                                                    tmp_path: Path) -> None:
    """Undo after the end of a game plays on from before the last card, and the finished game
    stays kept in the browser with its result (the game played on took its place, and after a
    reload the result was gone; review 38a)."""
    game = Game("pagat", seed=41, players=("Undoer", "Greedy"))
    play_game(game, [make_player("greedy"), make_player("greedy")])
    while game.phase is not Phase.PLAY or game.to_move != 0:
        game.undo()
    page, rec = _loaded(browser_context, live_server, game, tmp_path / "nearly.json")
    state = _settled(page)
    for _ in range(40):
        if state["result"]:
            break
        if "next-deal" in state["actions"] or "keep" in state["actions"]:
            action = "keep" if "keep" in state["actions"] else "next-deal"
            page.locator(f".pn-live-play [data-action={action}]").click()
        else:
            code = next(c["code"] for c in state["cards"] if not c["disabled"])
            page.locator(f'.pn-live-play .pn-cardbtn[data-card="{code}"]').click()
        state = _settled(page)
    assert state["result"], state["text"]
    result = state["result"]
    page.locator('.pn-live-play [data-do="undo"]').click()
    state = _settled(page)
    assert state["result"] is None
    page.wait_for_load_state("networkidle")
    page.reload(wait_until="load")
    saves = _kept_over(page, "Undoer")
    assert sorted(saves) == [False, True], (saves, result)
    _forget_kept(page, "Undoer")
    rec.check_all("play-the-computer, undo after the end")
    page.close()
