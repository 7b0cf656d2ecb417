"""The live notebooks (JupyterLite on the site's own Pyodide), in a real browser, offline.

Two kinds of check, both on the built site in ``_build/html`` (or ``$PENNEECH_SITE``), so both run
after the build (``make test`` runs them with the browser tests):

- ``site``: the files. ``lite/jupyter-lite.json`` points the kernel at the site's one copy of
  Pyodide and turns off the PyPI fallback; ``pyodide/`` holds one copy, its lock names only files
  that are there with their true sha256, and the penneech wheel holds this tree's code; every
  notebook page has an "Open live" link to its own notebook; no source maps.
- ``browser``: headless Chromium launched so that nothing off the machine resolves
  (``--host-resolver-rules``), with every request of the pages, the kernel's worker and
  JupyterLite's service worker recorded: none may go off-site or fail, and no console error.  A
  reader clicks "Open live", runs all, sees the widget, plays a card and starts a new game
  (Python callbacks in the kernel); deals again with another seed; types in the REPL; edits a
  notebook, finds the edit kept, and resets it to the book's version.

Skipped without a built book or Chromium, except under ``CI=true``, where they fail.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import sys
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from test_browser import (  # noqa: F401 - server and site are fixtures used here
    CHROMIUM,
    PREFIX,
    ROOT,
    SITE,
    Recorder,
    _unavailable,
    server,
    site,
)

from benchmarks.lite import KERNEL_READY

sys.path.insert(0, str(ROOT / "book" / "_ext"))
from penneech_lite import OPEN_LIVE  # noqa: E402

LITE = SITE / "lite"
RUNTIME = SITE / "pyodide"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
RESOLVER = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
KERNEL_TIMEOUT_MS = 180_000  # Pyodide and the kernel's packages, on a busy 2-core machine
RUN_TIMEOUT_MS = 180_000
DESKTOP = {"width": 1280, "height": 900}

site_check = pytest.mark.site
#: MyST that JupyterLab would show as typed: a role, a directive's fence, a label line
MYST = re.compile(r"\{[\w:.+-]+\}`|^ {0,3}(```|~~~|:::)+\s*\{|^ {0,3}\([^()\s]+\)=\s*$", re.M)
#: a line of the book's markdown that may hold MyST, or a link to a page of the book, or part
#: of one (and so may read otherwise live)
MYST_LINE = re.compile(r"[{}]|^ {0,3}(:::|```)|^ {0,3}:\w+:|^ {0,3}\(\S+\)=\s*$"
                       r"|\.md[)#]|\[[^\]]*$|^[^\[]*\]\(")
#: a link to a page of the book, which JupyterLite does not have ("file not found")
PAGE_LINK = re.compile(r"\]\((?![a-z]+:)[^()\s]+\.md[)#]")


def _expect(target: Any) -> Any:
    """Playwright's ``expect`` (imported here: the engine's tests run without Playwright)."""
    from playwright.sync_api import expect

    return expect(target)


def _toc_notebooks() -> list[str]:
    toc = (ROOT / "book" / "_toc.yml").read_text(encoding="utf-8")
    entries = re.findall(r"^\s*(?:-\s*)?(?:file|root):\s*[\"']?([\w./-]+)", toc, re.M)
    return [e for e in entries if (ROOT / "book" / f"{e}.ipynb").is_file()]


NOTEBOOKS = _toc_notebooks()


@pytest.fixture(scope="session")
def lite() -> Path:
    if not (LITE / "jupyter-lite.json").is_file():
        _unavailable(f"no JupyterLite site in {LITE}: run `make book` (or set PENNEECH_SITE)")
    return LITE


def _kernel_settings(lite: Path) -> dict[str, Any]:
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings: dict[str, Any] = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    return settings


def _resolve(lite: Path, url: str) -> Path:
    """A jupyter-lite.json URL as JupyterLite resolves it: "./" is the folder of that file."""
    assert url.startswith("./"), f"{url!r} is not relative to lite/ (it may leave the site)"
    return (lite / url[2:].split("?", 1)[0]).resolve()


# -- the files -----------------------------------------------------------------------------------


@site_check
def test_kernel_uses_the_sites_own_pyodide(lite: Path) -> None:
    settings = _kernel_settings(lite)
    assert settings.get("disablePyPIFallback") is True, settings
    mjs = _resolve(lite, settings["pyodideUrl"])
    assert mjs == (RUNTIME / "pyodide.mjs").resolve(), (
        f"pyodideUrl {settings['pyodideUrl']!r} is {mjs}, not the site's {RUNTIME}/pyodide.mjs")
    assert mjs.is_file()
    for url in settings.get("pipliteUrls", []):
        assert _resolve(lite, url).is_file(), f"piplite index {url} is not in the site"
    preload = settings["loadPyodideOptions"]["packages"]
    lock = json.loads((RUNTIME / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert {"penneech", "ipywidgets"} <= set(preload)
    assert set(preload) <= set(lock["packages"]), "a preloaded package is not in the lock"
    # nothing in any of JupyterLite's configuration files names another host
    for path in lite.rglob("jupyter-lite.json"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://", text), f"{path} names a URL: " + ", ".join(
            re.findall(r"https?://[^\"\s]+", text))


@site_check
def test_one_copy_of_pyodide_and_no_source_maps(lite: Path) -> None:
    wasm = sorted(p.relative_to(SITE).as_posix() for p in SITE.rglob("*.wasm"))
    assert wasm == ["pyodide/pyodide.asm.wasm"], wasm
    # (the book theme's own few maps in _static/ are the theme's business)
    maps = [p.relative_to(SITE).as_posix() for d in (LITE, RUNTIME) for p in d.rglob("*.map")]
    assert not maps, f"source maps in the live site: {maps[:5]}"


@site_check
def test_lock_names_the_files_beside_it_with_their_hashes() -> None:
    if not (RUNTIME / "pyodide-lock.json").is_file():
        _unavailable(f"no runtime in {RUNTIME}: run `make book`")
    lock = json.loads((RUNTIME / "pyodide-lock.json").read_text(encoding="utf-8"))
    for name, entry in lock["packages"].items():
        path = RUNTIME / entry["file_name"]
        assert path.is_file(), f"{name}: {entry['file_name']} is not in {RUNTIME}"
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        assert digest == entry["sha256"], f"{name}: sha256 of {path.name} is not the lock's"
        assert "/" not in entry["file_name"], f"{name} is fetched from elsewhere"
    assert "comm" in lock["packages"], "comm (missing from Pyodide's own lock) must be shipped"
    manifest = json.loads((RUNTIME / "penneech.json").read_text(encoding="utf-8"))
    assert manifest["penneech"]["file_name"] == lock["packages"]["penneech"]["file_name"]
    assert manifest["penneech"]["sha256"] == lock["packages"]["penneech"]["sha256"]


@site_check
def test_the_runtime_is_downloaded_compressed() -> None:
    """The live panels download pyodide.asm.wasm gzipped (3.5 MB, not 9.6) and decompress it in
    the browser: the .gz must be that very file, and the manifest's sizes what is on disk."""
    if not (RUNTIME / "penneech.json").is_file():
        _unavailable(f"no runtime in {RUNTIME}: run `make book`")
    manifest = json.loads((RUNTIME / "penneech.json").read_text(encoding="utf-8"))
    assert set(manifest["gzipped"]) == {"pyodide.asm.wasm"}, manifest["gzipped"]
    for name, entry in manifest["gzipped"].items():
        plain = (RUNTIME / name).read_bytes()
        packed = (RUNTIME / entry["file"]).read_bytes()
        assert gzip.decompress(packed) == plain, f"{entry['file']} is not {name} gzipped"
        assert entry["bytes"] == len(plain)
        assert len(packed) < len(plain) / 2, f"{entry['file']} saves too little to be worth it"
        assert entry["file"] in manifest["start_bytes"] and name not in manifest["start_bytes"]
    for name, size in manifest["start_bytes"].items():
        assert (RUNTIME / name).stat().st_size == size, f"start_bytes: {name}"


@site_check
def test_the_wheel_holds_this_trees_code() -> None:
    manifest_path = RUNTIME / "penneech.json"
    if not manifest_path.is_file():
        _unavailable(f"no runtime in {RUNTIME}: run `make book`")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    with zipfile.ZipFile(RUNTIME / manifest["penneech"]["file_name"]) as wheel:
        shipped = {n: wheel.read(n) for n in wheel.namelist() if n.startswith("penneech/")}
    here = {p.relative_to(ROOT).as_posix(): p.read_bytes()
            for p in (ROOT / "penneech").rglob("*") if p.is_file() and p.suffix in (".py", ".typed")}
    stale = sorted(n for n in here.keys() | shipped.keys() if here.get(n) != shipped.get(n))
    assert not stale, f"the site's wheel differs from the working tree (rebuild): {stale}"


@site_check
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_notebook_page_opens_live(lite: Path, name: str) -> None:
    html = (SITE / f"{name}.html").read_text(encoding="utf-8")
    m = re.search(r'<a class="penneech-open-live" href="([^"]+)"', html)
    assert m, f"{name}.html has no Open live link"
    if name == "welcome":  # the landing page's way to play comes before the notebook editor's
        assert html.index("Play a hand now") < m.start(), "the notebook link is over the game"
    # the widgets' note that sends the reader to the link names it as the link is named (it
    # still said "Open live" once the link was renamed; review 45d)
    for told in re.findall(r"click \u201c([^\u201d]+)\u201d at the top of this page", html):
        assert told == OPEN_LIVE, f"{name}: the page says to click {told!r}"
    target, _, query = m.group(1).partition("?")
    # the link is relative to the page, which may be in a folder (experiments/...)
    assert ((SITE / name).parent / target).resolve().is_file(), (
        f"{name}: Open live goes to {target}, not in the site")
    assert query == f"path={name}.ipynb", query
    live = json.loads((lite / "files" / f"{name}.ipynb").read_text(encoding="utf-8"))
    book = json.loads((ROOT / "book" / f"{name}.ipynb").read_text(encoding="utf-8"))
    assert [c["cell_type"] for c in live["cells"]] == [c["cell_type"] for c in book["cells"]]
    assert [c["source"] for c in live["cells"] if c["cell_type"] == "code"] == [
        c["source"] for c in book["cells"] if c["cell_type"] == "code"]
    assert not any(c.get("outputs") for c in live["cells"]), "the live copy keeps outputs"
    # the markdown cells in plain Markdown, as JupyterLab renders it: no MyST role, directive
    # or label left, every line of the book's that has none kept as it is, and each citation
    # the label the book's page shows for it
    cited = re.findall(r'<span class="bibtex-citation"[^>]*>\[(.*?)\]</span>', html)
    labels = [re.sub(r"<[^>]+>", "", c) for c in cited]
    shown = ""
    for mine, theirs in zip(live["cells"], book["cells"], strict=True):
        if mine["cell_type"] != "markdown":
            continue
        text, plain = "".join(theirs["source"]), "".join(mine["source"])
        assert not MYST.search(plain), f"{name}: MyST markup in a live cell:\n{plain}"
        assert not PAGE_LINK.search(plain), f"{name}: a link to a book page:\n{plain}"
        for line in text.splitlines():
            if not MYST_LINE.search(line):
                assert line in plain.splitlines(), f"{name}: the live copy lost {line!r}"
        shown += plain
    prose = re.sub(r"```.*?```|`[^`]*`", "", shown, flags=re.S)  # not code ("penneech[dask]")
    assert re.findall(r"\[([\w+]+(?:, [\w+]+)*)\](?!\()", prose) == labels, (
        f"{name}: the live copy's citations differ from the page's {labels}")


# -- the browser ---------------------------------------------------------------------------------


HEARTBEAT = "/api/service-worker-heartbeat"


@dataclass
class Traffic(Recorder):
    """Every request of a browser context (pages, the kernel's worker, JupyterLite's service
    worker) and what went wrong; no request is routed, so an off-site one fails to resolve."""

    requests: list[str] = field(default_factory=list)
    leaving: bool = False
    left_book: bool = False

    def heartbeat(self, url: str) -> bool:
        """Whether ``url`` is the ping of JupyterLite's kernel extension to its service worker,
        which it sends to the host's root ("/api/service-worker-heartbeat"), outside a site
        served under a folder; the service worker answers it without the network."""
        return url == self.base.removesuffix(PREFIX) + HEARTBEAT

    def on_request(self, request: Any) -> None:
        self.requests.append(request.url)
        if not self.local(request.url) and not self.heartbeat(request.url):
            self.off_site.append(request.url)

    def on_response(self, response: Any) -> None:
        if self.heartbeat(response.url) and not response.from_service_worker:
            self.off_site.append(f"{response.url} (not answered by the service worker)")
        super().on_response(response)

    def on_request_failed(self, request: Any) -> None:
        if self.leaving and request.failure in ("net::ERR_ABORTED", "net::ERR_FAILED"):
            return  # cut off by the reader leaving the page (the kernel was still loading)
        if (self.left_book and request.failure == "net::ERR_ABORTED"
                and not request.url.startswith((f"{self.base}lite/", f"{self.base}pyodide/"))):
            return  # a book page's late request (its icon) cut off by "Open live"
        super().on_request_failed(request)

    def leave(self, page: Any, path: str) -> None:
        """Go to another page of the site while the kernel may still be loading."""
        self.leaving = True
        page.goto(f"{self.base}{path}", wait_until="load")

    def fetched(self, suffix: str) -> bool:
        return any(u.split("?", 1)[0].endswith(suffix) for u in self.requests)


@pytest.fixture(scope="module")
def offline_chromium(playwright_driver: Any) -> Iterator[Any]:
    """Headless Chromium in which no host but 127.0.0.1 resolves."""
    if not CHROMIUM.is_file():
        _unavailable(f"{CHROMIUM} not found: install it with `apt-get install chromium`")
    browser = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=[RESOLVER])
    try:
        yield browser
    finally:
        browser.close()


Session = Callable[..., tuple[Any, Traffic]]


@pytest.fixture
def session(offline_chromium: Any, server: str,  # noqa: F811 - the imported fixture
            lite: Path) -> Iterator[Session]:
    """``session()``: a fresh browser context (its own storage) and page, all traffic recorded."""
    contexts: list[Any] = []

    def _open() -> tuple[Any, Traffic]:
        traffic = Traffic(server)
        # JupyterLite's service worker lets the kernel read the notebooks' folder (records/)
        context = offline_chromium.new_context(viewport=DESKTOP, service_workers="allow")
        contexts.append(context)
        context.on("request", traffic.on_request)
        context.on("requestfailed", traffic.on_request_failed)
        context.on("response", traffic.on_response)
        context.on("console", traffic.on_console)
        context.on("weberror", lambda err: traffic.page_errors.append(str(err.error)))
        return context.new_page(), traffic

    yield _open
    for context in contexts:
        context.close()


def _open_live(page: Any, traffic: Traffic, name: str, *, leaving: bool = False) -> None:
    """From the book's page, click "Open live" and wait for the notebook to show."""
    if not leaving:
        page.goto(f"{traffic.base}{name}.html", wait_until="load")
    link = page.locator("a.penneech-open-live")
    assert link.inner_text().strip() == OPEN_LIVE
    traffic.left_book = True
    link.click()
    page.wait_for_url(re.compile(r"/lite/notebooks/"), timeout=30_000)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
    # JupyterLite titles a notebook by its file name, without its folder
    title = name.rsplit("/", 1)[-1]
    _expect(page.get_by_role("heading", level=1, name=title, exact=True)).to_be_visible(
        timeout=60_000)
    traffic.leaving = False


# Whether the notebook's kernel has started and is idle: the toolbar names it (not "No Kernel")
# and its execution indicator says idle.  Before that JupyterLab's Run All runs nothing: each cell
# it reaches without a kernel has its prompt reset to "[ ]" and is passed over, silently (the
# kernel then starts, idle, and the notebook waits for ever; seen here with JupyterLite 0.8.6,
# reproduced by delaying the kernel extension; no upstream report of it was checked).
_KERNEL_READY = KERNEL_READY  # one copy, which benchmarks/lite.py waits for too
# Every code cell's prompt matches: "[*]" queued or running, "[3]" done.
_PROMPTS_ARE = """(pattern) => {
  const prompts = Array.from(document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt'));
  return prompts.length > 0 && prompts.every(p => new RegExp(pattern).test(p.textContent));
}"""
STARTED_TIMEOUT_MS = 30_000


def _notebook_state(page: Any) -> str:
    """The prompts and the kernel's name and status, for a failure's message."""
    state: str = page.evaluate("""() => {
      const bar = document.querySelector('.jp-NotebookPanel-toolbar');
      const name = bar && bar.querySelector('.jp-Toolbar-kernelName');
      const status = bar && bar.querySelector('.jp-Notebook-ExecutionIndicator');
      const prompts = Array.from(document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt'));
      return 'prompts ' + prompts.map(p => p.textContent.trim()).join(' ')
        + '; kernel ' + (name ? name.textContent.trim() : '(none)')
        + ', ' + (status ? status.dataset.status : '(no status)');
    }""")
    return state


def _run_all(page: Any, traffic: Traffic, what: str) -> None:
    """Wait for the kernel, Run > Run All Cells, then wait until every code cell has run."""

    def fail(doing: str) -> AssertionError:
        seen = "\n  ".join(traffic.problems()) or "(no error recorded)"
        return AssertionError(f"{what}: {doing} ({_notebook_state(page)}); problems:\n  {seen}")

    try:
        page.wait_for_function(_KERNEL_READY, timeout=KERNEL_TIMEOUT_MS)
    except Exception as exc:  # a playwright TimeoutError
        raise fail("the kernel did not start") from exc
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    try:  # every cell is queued at once
        page.wait_for_function(_PROMPTS_ARE, arg=r"\[(\*|\d+)\]", timeout=STARTED_TIMEOUT_MS)
    except Exception as exc:
        raise fail("Run All did not queue the cells") from exc
    try:
        page.wait_for_function(_PROMPTS_ARE, arg=r"\[\d+\]", timeout=RUN_TIMEOUT_MS)
    except Exception as exc:
        raise fail("Run All did not finish") from exc
    errors = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    assert errors.count() == 0, f"{what}: a cell failed:\n{errors.first.inner_text()[:2000]}"


def _live_panel(session: Session, name: str, title: str) -> tuple[Any, Traffic, Any]:
    """Open ``name`` live, run all, and open the widget panel whose title matches ``title``."""
    page, traffic = session()
    _open_live(page, traffic, name)
    _run_all(page, traffic, name)
    header = page.locator(".jupyter-widget-Collapse-header",
                          has_text=re.compile(title, re.I)).first
    header.scroll_into_view_if_needed()
    header.click()
    return page, traffic, header


@pytest.mark.browser
def test_play_the_computer_live(session: Session) -> None:
    """Open live, run all, see the board, play a card and start a new game: Python callbacks."""
    page, traffic, _header = _live_panel(session, "play-the-computer", "Play the computer")
    live = ".jupyter-widget-Collapse-contents"
    hand = page.locator(f"{live} .widget-hbox button.mod-info")  # the legal cards
    hand.first.wait_for(timeout=20_000)
    board = page.locator(f"{live} .pn-table").first
    dealt = board.inner_text()
    card = hand.first.inner_text()
    hand.first.click()  # the kernel plays it, the computer answers, the board is redrawn
    page.wait_for_function(
        """([sel, card]) => !Array.from(document.querySelectorAll(sel))
              .some(b => b.textContent.trim() === card)""",
        arg=[f"{live} .widget-hbox button", card], timeout=20_000)
    played = board.inner_text()
    assert played != dealt, "the board did not change after playing a card"
    assert re.search(r"Trick 1", played), played[:400]

    # a game in progress is not dropped at the first press: it is kept, and a second press
    # starts the next game
    page.get_by_role("button", name="New game").click()
    _expect(page.locator(live)).to_contain_text("is not finished", timeout=30_000)
    assert "no card played to this trick yet" not in board.inner_text()
    page.get_by_role("button", name="New game").click()
    _expect(board).to_contain_text("no card played to this trick yet", timeout=30_000)
    assert page.locator(f"{live} .widget-hbox button.mod-info").count() >= 1
    assert traffic.fetched("/pyodide/pyodide.asm.wasm"), "the worker's requests were not recorded"
    # the Open live note says how much the first visit loads: the site's files fetched here
    note = (SITE / "play-the-computer.html").read_text(encoding="utf-8")
    stated = re.search(r"about (\d+) MB loads from this site: Python itself \(about (\d+) MB",
                       note)
    assert stated, "the Open live note no longer says how much loads"
    files = {SITE / u.removeprefix(traffic.base).split("?", 1)[0].split("#", 1)[0]
             for u in traffic.requests  # JupyterLite and Python, not the book's page
             if u.startswith((f"{traffic.base}lite/", f"{traffic.base}pyodide/"))}
    loaded = sum(f.stat().st_size for f in files if f.is_file()) / 1e6
    # (the files as JupyterLite loads them: the plain wasm, where Play live loads it gzipped)
    manifest = json.loads((RUNTIME / "penneech.json").read_text(encoding="utf-8"))
    python = sum((RUNTIME / name).stat().st_size for name in (
        *(name for name in manifest["start_bytes"] if not name.endswith(".gz")),
        *manifest["gzipped"])) / 1e6
    assert abs(int(stated.group(1)) - loaded) <= 1.5, (
        f"Open live says about {stated.group(1)} MB; it loaded {loaded:.1f} MB of the site")
    assert abs(int(stated.group(2)) - python) <= 0.5, (
        f"Open live says Python is about {stated.group(2)} MB; it is {python:.1f} MB")
    assert traffic.fetched("/pyodide/" + json.loads(
        (RUNTIME / "penneech.json").read_text(encoding="utf-8"))["penneech"]["file_name"])
    traffic.assert_clean("play-the-computer, live")


@pytest.mark.browser
def test_deal_again_live(session: Session) -> None:
    """How to play, live: the worked deal's "Deal again" (a Python callback) with a new seed."""
    page, traffic, header = _live_panel(session, "how-to-play", "Needs a running notebook")
    output = header.locator(
        "xpath=ancestor::div[contains(concat(' ', @class, ' '), ' jp-OutputArea-output ')]")
    title = output.locator(".widget-html-content strong").first
    frame_before = output.locator(".pn-table").first.inner_text()
    seed = output.locator(".widget-inline-hbox", has_text="Seed").locator("input")
    seed.fill("12")
    seed.press("Tab")
    output.get_by_role("button", name="Deal again").click()
    _expect(title).to_contain_text("seed 12", timeout=30_000)
    frame_after = output.locator(".pn-table").first.inner_text()
    assert frame_after != frame_before, "the title says seed 12 but the frame did not change"
    traffic.assert_clean("how-to-play, live")


@pytest.mark.browser
def test_repl_imports_penneech_and_draws_a_game(session: Session) -> None:
    page, traffic = session()
    code = 'import penneech\npenneech.Game("parlett", seed=3)'
    page.goto(f"{traffic.base}lite/repl/index.html?kernel=python&toolbar=1&code={quote(code)}")
    out = page.locator(".jp-CodeConsole .jp-OutputArea-output .pn-table, "
                       ".jp-CodeConsole .jp-OutputArea-output svg").first
    out.wait_for(timeout=KERNEL_TIMEOUT_MS)
    text = page.locator(".jp-CodeConsole .jp-OutputArea-output").last.inner_text()
    assert re.search(r"parlett|trumps|Turn", text, re.I), text[:500]
    traffic.assert_clean("the REPL")


# Whether JupyterLite has saved a notebook holding `text` in this browser's IndexedDB
# ("JupyterLite Storage - /lite/", store "files", keyed by the notebook's path).
_STORED = """async ([path, text]) => {
  const name = 'JupyterLite Storage - ' + new URL('lite/', location.origin + '/').pathname;
  const db = await new Promise((ok, fail) => {
    const req = indexedDB.open(name);
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
  try {
    if (!db.objectStoreNames.contains('files')) return false;
    const model = await new Promise((ok, fail) => {
      const req = db.transaction('files').objectStore('files').get(path);
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error);
    });
    return !!model && JSON.stringify(model.content || '').includes(text);
  } finally {
    db.close();
  }
}"""


@pytest.mark.browser
def test_edits_are_kept_and_reset(session: Session) -> None:
    """An edit saved live is there when the notebook is opened again; "Reset" on the book's page
    brings back the book's version."""
    page, traffic = session()
    name = "welcome"
    _open_live(page, traffic, name)
    first = page.locator(".jp-Notebook .jp-CodeCell .cm-content").first
    first.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\n# my note")
    page.keyboard.press("Control+s")
    page.wait_for_function(_STORED, arg=[f"{name}.ipynb", "# my note"], timeout=30_000,
                           polling=250)

    traffic.leave(page, f"{name}.html")
    reset = page.locator(".penneech-live-reset")
    reset.wait_for(state="visible", timeout=10_000)
    _open_live(page, traffic, name, leaving=True)
    first_cell = page.locator(".jp-Notebook .jp-CodeCell .cm-content").first
    _expect(first_cell).to_contain_text("# my note", timeout=30_000)  # kept in the browser

    traffic.leave(page, f"{name}.html")
    reset.wait_for(state="visible", timeout=10_000)
    page.once("dialog", lambda dialog: dialog.accept())
    reset.click()
    page.wait_for_function("() => document.querySelector('.penneech-live').dataset.reset")
    assert reset.is_hidden()
    _open_live(page, traffic, name, leaving=True)
    _expect(first_cell).to_contain_text("DealStepper", timeout=30_000)  # the book's cell
    assert "# my note" not in first_cell.inner_text(), "Reset did not bring back the book's version"
    traffic.assert_clean("editing and resetting a live notebook")


# the notebooks that the tests above run and click through
CLICKED = {"play-the-computer", "how-to-play"}


def _run_live() -> list[str]:
    """The notebooks run live by `make test`: every one outside Part IV, and Part IV's overview.
    Part IV's notebooks are alike (data files, penneech.figures.show, one small experiment):
    every one of them is run where matplotlib is missing by tests/test_figures.py, and
    `PENNEECH_LIVE_ALL=1` (`make live-all`) runs them all here too (about 25 s each on this
    machine).  To keep CI under 15 minutes on this machine, how-long was dropped from
    `make test` when a clean-clone run had taken 880 s, and luck-or-skill when two took 842 and
    848 s (stop 31); the exact solver that its solver player searches with still runs in the
    browser in tests/test_live.py (the analysis of each deal of a whole game)."""
    if os.environ.get("PENNEECH_LIVE_ALL") == "1":
        chosen = NOTEBOOKS
    else:
        chosen = [n for n in NOTEBOOKS if (not n.startswith("experiments/")
                  or n == "experiments/overview") and n not in RUN_ON_THE_LIVE_PAGE]
    return [n for n in chosen if n not in CLICKED]


# Left out of `make test`'s live notebooks at stop 31 (a clean-clone run took 874 s): what the
# notebook runs, Python in the browser runs on the book's own page, in tests/test_live.py
# (test_replay_a_record_file: a record opened and stepped through, a broken one refused with its
# deal and play, a deal of it analysed); `make live-all` still runs the notebook live
RUN_ON_THE_LIVE_PAGE = {"replay-a-record"}


@pytest.mark.browser
@pytest.mark.parametrize("name", _run_live())
def test_every_other_notebook_runs_live(session: Session, name: str) -> None:
    """The other notebooks of the book (a new one too, once it is in _toc.yml; see
    :func:`_run_live`) open live and run all without an error, with nothing fetched from
    elsewhere."""
    page, traffic = session()
    _open_live(page, traffic, name)
    _run_all(page, traffic, name)
    assert page.locator(".jp-OutputArea-output").count() >= 1, f"{name}: no output"
    # where the book shows a picture (matplotlib, which Pyodide lacks), a note says so and
    # where the same numbers are (penneech.figures.show)
    notes = page.locator(".jp-OutputArea-output .penneech-no-picture")
    _expect(notes).to_have_count(_pictures(name))
    for i in range(notes.count()):
        assert re.search(r"needs matplotlib, which Python in the browser here does not have\. "
                         r"(This table|The table (above|below)) holds the same numbers",
                         notes.nth(i).text_content() or ""), notes.nth(i).text_content()
    traffic.assert_clean(f"{name}, run all live")


def _pictures(name: str) -> int:
    """How many pictures the book's version of a notebook shows (its stored outputs)."""
    nb = json.loads((ROOT / "book" / f"{name}.ipynb").read_text(encoding="utf-8"))
    return sum("image/png" in out.get("data", {})
               for cell in nb["cells"] for out in cell.get("outputs", []))
