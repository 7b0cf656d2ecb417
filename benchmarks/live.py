"""The live pages in headless Chromium: start-up of the engine, the computer's moves, page weight.

Targets (issue 7), measured on the built site (``make book``) served from 127.0.0.1, with nothing
off the machine reachable:

- from clicking "Play live" to a playable hand: 5 s or less cold (a new browser profile), 2 s or
  less cached (the same profile, page reloaded);
- the computer's move at its default strength: 1 s or less for every preset, in the worker;
  and the analysis of each deal, asked by the page just after the deal's account is shown
  (issue 12's target: 2 s);
- every page under 2 MB before the runtime is requested; and what the runtime adds.

    .venv/bin/python benchmarks/live.py [--runs N] [--deals D] [--kinds greedy,solver]
                                        [--slow K] [--mbps M] [--only PART] [--site DIR]

``--slow K`` stands in for a weak laptop: Chromium and all its processes are held to one core
(``taskset``), shared with K busy loops, so that the browser has about 1/(K+1) of one core of
this machine.  It slows the worker where Python runs, which Chromium's own CPU throttling does
not reach.  A rough stand-in: a real weak laptop is slow in other ways too (memory, disk).

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
CHROMIUM = "/usr/bin/chromium"
RESOLVER = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
PLAY = "play-the-computer.html"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


def serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Quiet, directory=str(SITE))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def pages() -> list[str]:
    out = []
    for path in sorted(SITE.rglob("*.html")):
        rel = path.relative_to(SITE)
        if rel.parts[0].startswith("_") or rel.parts[0] in ("pyodide", "lite"):  # runtimes
            continue
        head = path.read_text(encoding="utf-8", errors="replace")[:2000].lower()
        if 'http-equiv="refresh"' in head and "<body" not in head:
            continue
        out.append(rel.as_posix())
    return out


_RESOURCES = """() => performance.getEntriesByType('resource')
  .map(e => ({name: e.name, transfer: e.transferSize, body: e.encodedBodySize}))"""


#: Download speed to emulate, in megabits a second (``--mbps``; 0: as fast as 127.0.0.1 serves).
MBPS = 0.0


def _throttle(context: Any, page: Any) -> None:
    """The page and its worker download at :data:`MBPS` (a school's shared wifi, say), with
    50 ms of latency, through Chromium's own network emulation."""
    if not MBPS:
        return
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 50, "downloadThroughput": MBPS * 1e6 / 8,
        "uploadThroughput": MBPS * 1e6 / 8})


def time_to_hand(context: Any, base: str) -> float:
    """Seconds from the click on Play live to a hand of card buttons."""
    page = context.pages[0] if context.pages else context.new_page()
    _throttle(context, page)
    page.goto(base + PLAY, wait_until="load")
    start = time.perf_counter()
    page.locator(".pn-live-play .pn-live-start").click()
    page.wait_for_selector(".pn-live-play .pn-live-table .pn-cardbtn", timeout=180_000)
    took = time.perf_counter() - start
    phases = page.evaluate("window.penneechLive.startup_phases")
    shown = ", ".join(f"{k[:-3]} {v / 1000:.2f} s" if k.endswith("_ms") else f"{k} {v}"
                      for k, v in phases.items())
    print(f"    {took:.2f} s; in the worker: {shown}")
    return took


def bench_startup(pw: Any, base: str, runs: int) -> None:
    cold: list[float] = []
    cached: list[float] = []
    added = 0
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as profile:
            context = pw.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=[RESOLVER])
            try:
                cold.append(time_to_hand(context, base))
                page = context.pages[0]
                # a reader plays on: the started engine is kept for the next visit meanwhile
                page.wait_for_function("window.penneechLive.snapshot_saved", timeout=60_000)
                saved = page.evaluate("window.penneechLive.snapshot_saved")
                print(f"    engine snapshot kept: {saved['bytes'] / 1e6:.1f} MB "
                      f"{saved.get('error', '')}")
                worker = page.workers[0]
                added = sum(e["transfer"] for e in worker.evaluate(_RESOURCES))
                cached.append(time_to_hand(context, base))
            finally:
                context.close()
    print(f"Play live to a playable hand, {runs} run(s), new profile each:")
    print(f"  cold   median {statistics.median(cold):.2f} s, worst {max(cold):.2f} s "
          f"(target 5 s)")
    print(f"  cached median {statistics.median(cached):.2f} s, worst {max(cached):.2f} s "
          f"(target 2 s)")
    print(f"  the runtime adds {added / 1e6:.1f} MB transferred on the first load "
          "(as Python's http.server sends it: no compression but the build's own)"
          + (f"; network emulated at {MBPS:g} Mbit/s" if MBPS else ""))


_MOVES = """async ([preset, kind, settings, deals, seed]) => {
  const engine = window.penneechLive.startEngine();
  await engine.started;
  let s = await engine.ask({op: 'new', table: 'bench', rules: preset, seed, opponent: kind,
                            settings});
  const times = [];
  const analyses = [];
  let deal = 0;
  for (let i = 0; i < 2000 && s.ok && s.waiting !== 'over'; i++) {
    if (s.analysis_pending) {  // as the page does at the end of a deal
      s = await engine.ask({op: 'analyse', table: 'bench'});
      analyses.push(s.elapsed_ms);
    } else if (s.waiting === 'computer') {
      s = await engine.ask({op: 'computer', table: 'bench'});
      times.push(s.elapsed_ms);
    } else if (s.waiting === 'deal') {
      if (++deal >= deals) break;
      s = await engine.ask({op: 'next_deal', table: 'bench'});
    } else if (s.legal.length) {
      s = await engine.ask({op: 'play', table: 'bench', card: s.legal[0]});
    } else {
      s = await engine.ask({op: 'throw_in', table: 'bench', claim: false});
    }
  }
  if (!s.ok) throw new Error(s.error);
  return [times, analyses];
}"""


def bench_moves(pw: Any, base: str, deals: int, kinds: list[str]) -> None:
    from penneech.live import player_catalogue
    from penneech.rules import PRESET_NAMES

    catalogue = {p["kind"]: p for p in player_catalogue()}
    default = next(p["kind"] for p in player_catalogue() if p["default"])
    with tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM,
                                                        args=[RESOLVER])
        try:
            page = context.pages[0]
            page.goto(base + PLAY, wait_until="load")
            print(f"The computer's move in the worker ({deals} deal(s) per preset; "
                  f"the default opponent is {default}; target 1 s):")
            for kind in kinds:
                strengths = catalogue[kind]["strengths"]
                settings = next((s["settings"] for s in strengths if s["default"]), {})
                for preset in PRESET_NAMES:
                    times, analyses = page.evaluate(_MOVES, [preset, kind, settings, deals, 1])
                    times.sort()
                    label = kind + (f" {settings}" if settings else "")
                    line = (f"  {label:<22} {preset:<8} {len(times):3d} moves, median "
                            f"{statistics.median(times):7.1f} ms, worst {times[-1]:7.1f} ms")
                    if analyses:
                        line += (f"; {len(analyses)} analyses of a deal, worst "
                                 f"{max(analyses):7.1f} ms")
                    print(line)
        finally:
            context.close()


def bench_weight(pw: Any, base: str) -> None:
    """Every page's weight as loaded, before the runtime is asked for."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=[RESOLVER])
    rows = []
    try:
        for name in pages():
            context = browser.new_context()
            page = context.new_page()
            page.goto(base + name, wait_until="networkidle")
            entries = page.evaluate(_RESOURCES)
            html = (SITE / name).stat().st_size
            total = html + sum(e["body"] for e in entries)
            runtime = [e for e in entries if "/pyodide/" in e["name"]]
            rows.append((name, html, total, len(runtime)))
            context.close()
    finally:
        browser.close()
    print("Page weight before the runtime is requested (HTML; HTML and everything it loads):")
    for name, html, total, runtime in sorted(rows, key=lambda r: -r[2]):
        flag = "" if html < 2 * 1024 * 1024 else "  OVER 2 MB"
        note = f"  ({runtime} runtime files loaded!)" if runtime else ""
        print(f"  {name:<32} {html / 1e6:5.2f} MB  {total / 1e6:5.2f} MB{flag}{note}")
    runtime_dir = SITE / "pyodide"
    size = sum(p.stat().st_size for p in runtime_dir.iterdir() if p.is_file())
    print(f"  the site's pyodide/ folder holds {size / 1e6:.1f} MB (the live table loads the "
          "core runtime and the penneech wheel; the other wheels are for JupyterLite)")


def slow_down(k: int, folder: str) -> None:
    """Hold Chromium to one core shared with ``k`` busy loops (see the module).

    The loops are started by the script that starts Chromium, in its session: the kernel shares
    a core fairly between sessions first (autogroups), so loops started from elsewhere would
    take half the core however many they were.  Each ends when Chromium does."""
    global CHROMIUM
    wrapper = Path(folder) / "chromium-on-one-core"
    loop = '( while kill -0 $$ 2>/dev/null; do :; done ) &\n'
    wrapper.write_text("#!/bin/sh\ntaskset -p -c 0 $$ > /dev/null\n" + loop * k
                       + f'exec {CHROMIUM} "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    CHROMIUM = str(wrapper)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold/cached start-ups to time")
    parser.add_argument("--deals", type=int, default=2, help="deals per preset for the moves")
    parser.add_argument("--kinds", default="",
                        help="player kinds to time (default: the default opponent)")
    parser.add_argument("--slow", type=int, default=0, metavar="K",
                        help="hold the browser to one core shared with K busy loops")
    parser.add_argument("--site", type=Path, default=None,
                        help="the built site (default _build/html)")
    parser.add_argument("--mbps", type=float, default=0.0,
                        help="emulate a download speed, in megabits a second, for the start-ups")
    parser.add_argument("--only", choices=("weight", "startup", "moves"), default=None,
                        help="run one part only")
    args = parser.parse_args(argv)
    global SITE, MBPS
    MBPS = args.mbps
    SITE = args.site or ROOT / "_build" / "html"
    if not (SITE / "pyodide" / "pyodide.mjs").is_file():
        print(f"no built site with its runtime in {SITE}: run `make book`", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    from penneech.live import player_catalogue

    kinds = [k for k in args.kinds.split(",") if k] or [
        next(p["kind"] for p in player_catalogue() if p["default"])]
    httpd, base = serve()
    with tempfile.TemporaryDirectory() as folder:
        if args.slow:
            slow_down(args.slow, folder)
            print(f"Chromium held to one core shared with {args.slow} busy loop(s):")
        try:
            with sync_playwright() as pw:
                if args.only in (None, "weight"):
                    bench_weight(pw, base)
                if args.only in (None, "startup"):
                    bench_startup(pw, base, args.runs)
                if args.only in (None, "moves"):
                    bench_moves(pw, base, args.deals, kinds)
        finally:
            httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
