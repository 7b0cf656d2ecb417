"""The live notebooks: from clicking "Open live" to the first cell's output, cold and cached.

Serves the built site (``_build/html``, from ``make book``) on 127.0.0.1 and drives headless
Chromium (``/usr/bin/chromium``) with every host but 127.0.0.1 unresolvable.  For each run: open
the notebook's book page, click "Open live", and as soon as the notebook shows, run its first code
cell (Shift+Enter), as a reader would; the clock stops when that cell's output appears (the
kernel has to load Pyodide, its packages and penneech first; the cell is run once the kernel
is there, since JupyterLab passes over a cell run before).  "Cold" is a new browser profile
(empty HTTP cache); "cached" is the same profile opening the notebook again.  Also prints the
bytes the server sent for each run (from the click on) and the sizes of the site's parts.

    python benchmarks/lite.py [--notebook play-the-computer] [--runs 3]

Target (issue 8): report the figures; no number was set.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("PENNEECH_SITE", ROOT / "_build" / "html"))
CHROMIUM = os.environ.get("PENNEECH_CHROMIUM", "/usr/bin/chromium")
RESOLVER = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
# the notebook's kernel has started and is idle: the toolbar names it (not "No Kernel") and its
# execution indicator says idle (tests/test_lite.py waits for it too)
KERNEL_READY = """() => {
  const bar = document.querySelector('.jp-NotebookPanel-toolbar');
  const name = bar && bar.querySelector('.jp-Toolbar-kernelName');
  const status = bar && bar.querySelector('.jp-Notebook-ExecutionIndicator');
  return !!name && !!status && !/no kernel/i.test(name.textContent)
    && status.dataset.status === 'idle';
}"""


class _Counting(http.server.SimpleHTTPRequestHandler):
    """Serves the site quietly and counts the bytes of the files it sends (a 304 sends none)."""

    sent = 0
    lock = threading.Lock()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        with self.lock:
            _Counting.sent += len(data)
        outputfile.write(data)


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def one_run(context: Any, base: str, notebook: str) -> tuple[float, float, int, list[str]]:
    """(seconds to the notebook shown, seconds to the first output, bytes fetched, problems)."""
    problems: list[str] = []

    def on_response(response: Any) -> None:
        if response.status >= 400:
            problems.append(f"HTTP {response.status} {response.url}")

    context.on("response", on_response)
    context.on("requestfailed", lambda r: problems.append(f"{r.failure} {r.url}"))
    page = context.new_page()
    page.goto(f"{base}{notebook}.html", wait_until="load")
    sent_before = _Counting.sent
    start = time.perf_counter()
    page.click("a.penneech-open-live")
    first = page.locator(".jp-Notebook .jp-CodeCell").first
    first.locator(".cm-content").wait_for(timeout=120_000)
    shown = time.perf_counter() - start
    # JupyterLab passes over a cell run before the notebook has a kernel (its prompt goes back
    # to "[ ]" and nothing runs), so wait for the kernel as tests/test_lite.py does
    page.wait_for_function(KERNEL_READY, timeout=600_000)
    first.locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")
    first.locator(".jp-OutputArea-output").first.wait_for(timeout=600_000)
    output = time.perf_counter() - start
    page.close()
    context.remove_listener("response", on_response)
    return shown, output, _Counting.sent - sent_before, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notebook", default="play-the-computer")
    parser.add_argument("--runs", type=int, default=3, help="cold runs (each: cold + cached)")
    args = parser.parse_args()
    if not (SITE / "lite" / "jupyter-lite.json").is_file():
        raise SystemExit(f"error: no live site in {SITE}: run `make book` first")

    lite, runtime = folder_size(SITE / "lite"), folder_size(SITE / "pyodide")
    print(f"site {SITE}: {folder_size(SITE) / 1e6:.1f} MB in all; JupyterLite (lite/) "
          f"{lite / 1e6:.1f} MB; Pyodide and wheels (pyodide/) {runtime / 1e6:.1f} MB")

    handler = functools.partial(_Counting, directory=str(SITE))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    results: dict[str, list[tuple[float, float, int]]] = {"cold": [], "cached": []}
    with sync_playwright() as pw:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as profile:
                context = pw.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=[RESOLVER], headless=True,
                    viewport={"width": 1280, "height": 900})
                try:
                    for kind in ("cold", "cached"):
                        shown, output, size, problems = one_run(context, base, args.notebook)
                        if problems:
                            print(f"  ({kind}) problems: {problems[:5]}")
                        results[kind].append((shown, output, size))
                        print(f"{kind:6}: notebook shown {shown:5.1f} s, first output "
                              f"{output:5.1f} s, {size / 1e6:5.1f} MB sent")
                finally:
                    context.close()
    httpd.shutdown()
    for kind, rows in results.items():
        print(f"{kind:6} median of {len(rows)}: notebook shown "
              f"{statistics.median(r[0] for r in rows):.1f} s, first output "
              f"{statistics.median(r[1] for r in rows):.1f} s, "
              f"{statistics.median(r[2] for r in rows) / 1e6:.1f} MB sent")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
