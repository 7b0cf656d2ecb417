"""JupyterLite in the book: every notebook page opens live in the reader's browser.

At the end of the Sphinx HTML build (``build-finished``) this extension runs ``jupyter lite
build`` (jupyterlite-core with the Pyodide kernel and the ipywidgets front end, as pinned in
``requirements/constraints.txt``) into ``_build/html/lite/``:

- the contents are every notebook of the book's table of contents (so a notebook added to
  ``_toc.yml``, such as a later experiment, is included with nothing more to do), copied without
  their stored outputs and widget state (the reader runs them), plus the data folders named in
  ``penneech_lite_extra_contents`` (``_config.yml``; ``records`` for the replay notebook);
- ``lite/jupyter-lite.json`` then points the kernel at the site's one copy of Pyodide
  (``pyodide/``, written by :mod:`penneech_runtime`), turns off piplite's PyPI fallback and has
  Pyodide load ``penneech``, ``ipywidgets`` and the kernel's start-up packages from that copy's
  lock, so nothing is fetched from another host and ``import penneech`` works at once;
- no source maps (``--no-sourcemaps``).

Each notebook page gets an "Open live" bar under its title: a link that opens that notebook in
JupyterLite's Notebook app, and (from ``penneech-live.js``) a "Reset" button shown once the reader
has saved edits of it in the browser (JupyterLite keeps them in the browser's IndexedDB), which
deletes them so that the book's version opens again.

Why not jupyterlite-sphinx: it adds a Google Fonts stylesheet to every page (an off-site
request), writes a staging folder into the book's sources, deletes JupyterLite's build database
after each build, and its directives embed iframes, which the pages do not need.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from penneech_runtime import CACHE, SITE_DIR
from plain_markdown import plain_markdown

from penneech.live import OPEN_AS_NOTEBOOK

#: the folder of the JupyterLite site, relative to the book's root
LITE_DIR = "lite"
#: the words of the link that opens a notebook page in JupyterLite (from the package, which the
#: widgets' notes name it by)
OPEN_LIVE = OPEN_AS_NOTEBOOK
#: the JupyterLite app that the link opens
NOTEBOOK_APP = "notebooks"
#: the apps built into the site (the Notebook app, its file browser, JupyterLab, the REPL)
APPS = ("notebooks", "tree", "lab", "repl")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: what Pyodide loads from the site's lock as it starts, before the kernel's own set-up
PRELOAD = ["micropip", "comm", "jedi", "ipython", "ipywidgets", "penneech"]
ASSETS = Path(__file__).resolve().parent / "live"
#: plugins turned off per app: in the REPL (JupyterLite 0.8.6), CodeMirror's editor commands fail
#: to start for want of a notebook tracker, logging a console error; the REPL does not use them
DISABLED = {"repl": ["@jupyterlab/codemirror-extension:commands"]}


def kernel_settings() -> dict[str, Any]:
    """The Pyodide kernel's settings in ``lite/jupyter-lite.json``."""
    return {
        # "./" is the folder of jupyter-lite.json (lite/): JupyterLite prefixes it with that
        # folder's path, so this is the site's own pyodide/ wherever the site is hosted
        "pyodideUrl": f"./../{SITE_DIR}/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": PRELOAD},
    }


def _notebooks(app: Any) -> list[str]:
    """The docnames of the book's notebooks (sources ending in .ipynb), in the build."""
    return sorted(d for d in app.env.found_docs if str(app.env.doc2path(d)).endswith(".ipynb"))


def _strip(source: Path, dest: Path, citations: dict[str, str],
           titles: dict[str, str]) -> None:
    """Copy a notebook without its outputs and saved widget state, for the Pyodide kernel, its
    markdown cells in plain Markdown (:mod:`plain_markdown`: JupyterLab does not read MyST) and
    its code cells as they are."""
    nb = json.loads(source.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        elif cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            try:
                plain = plain_markdown(text, citations, titles)
            except ValueError as exc:
                raise ValueError(f"{source}: {exc}") from exc
            cell["source"] = plain.splitlines(keepends=True)
    nb["metadata"].pop("widgets", None)
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                    "language": "python"}
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _book_labels(app: Any) -> tuple[dict[str, str], dict[str, str]]:
    """The labels the book's pages show: each citation key's bibliography label (as
    sphinxcontrib-bibtex made it, "McL"), and each section label's title."""
    citations = {c.key: c.formatted_entry.label for c in app.env.get_domain("cite").citations}
    titles = {name: title for name, (_doc, _id, title) in
              app.env.get_domain("std").labels.items() if title}
    return citations, titles


def build_lite(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    srcdir = Path(app.srcdir)
    stage = CACHE / "lite"
    contents = stage / "contents"
    if stage.exists():
        shutil.rmtree(stage)
    contents.mkdir(parents=True)
    citations, titles = _book_labels(app)
    for docname in _notebooks(app):
        _strip(Path(app.env.doc2path(docname)), contents / f"{docname}.ipynb", citations, titles)
    for extra in app.config.penneech_lite_extra_contents:
        source = srcdir / extra
        if source.is_dir():
            shutil.copytree(source, contents / extra)
        else:
            shutil.copy2(source, contents / extra)
    lite_dir = stage / "lite-dir"
    lite_dir.mkdir()
    out = Path(app.outdir) / LITE_DIR
    if out.exists():
        shutil.rmtree(out)
    command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite_dir),
               "--contents", str(contents), "--output-dir", str(out), "--no-sourcemaps",
               "--no-unused-shared-packages"]
    for name in APPS:
        command += ["--apps", name]
    done = subprocess.run(command, cwd=stage, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"jupyter lite build failed:\n{done.stdout}\n{done.stderr}")
    config_path = out / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    data["appName"] = "Penneech live"
    data.setdefault("litePluginSettings", {}).setdefault(KERNEL_PLUGIN, {}).update(
        kernel_settings())
    config_path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    for app_name, plugins in DISABLED.items():
        path = out / app_name / "jupyter-lite.json"
        app_config = json.loads(path.read_text(encoding="utf-8"))
        app_config["jupyter-config-data"].setdefault("disabledExtensions", []).extend(plugins)
        path.write_text(json.dumps(app_config, indent=2) + "\n", encoding="utf-8")
    _add_icon_links(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"[penneech-lite] wrote {out} ({size / 1e6:.1f} MB, "
          f"{len(_notebooks(app))} notebooks)")


def _add_icon_links(out: Path) -> None:
    """Name the favicon in each app page's <head>: JupyterLite adds its link only once the page
    has run, and before that Chromium asks for /favicon.ico at the host's root (a 404 logged as a
    console error)."""
    icon = out / "lab" / "favicon.ico"
    for page in out.glob("**/index.html"):
        if {"build", "extensions"} & set(page.relative_to(out).parts):
            continue
        href = Path(os.path.relpath(icon, page.parent)).as_posix()
        html = page.read_text(encoding="utf-8")
        if 'rel="icon"' not in html:
            html = html.replace("<head>", f'<head>\n<link rel="icon" type="image/x-icon" '
                                f'href="{href}">', 1)
            page.write_text(html, encoding="utf-8")


# -- the "Open live" bar ---------------------------------------------------------------------------


def live_url(docname: str) -> str:
    """The address of a notebook's live copy, relative to the site's root."""
    return f"{LITE_DIR}/{NOTEBOOK_APP}/index.html?path={docname}.ipynb"


def _bar(docname: str) -> str:
    up = "../" * docname.count("/")
    path = f"{docname}.ipynb"
    return (
        f'<div class="penneech-live" data-lite-root="{up}{LITE_DIR}/" data-lite-path="{path}">'
        f'<a class="penneech-open-live" href="{up}{live_url(docname)}">{OPEN_LIVE}</a> '
        '<span class="penneech-live-short">for programmers: this page\'s code, to edit and '
        "run in your browser</span> "
        '<details class="penneech-live-note"><summary>How it works</summary>'
        "This opens the page's notebook in your browser: edit it, change the rules, deal "
        "again (the controls marked \u201cNeeds a running notebook\u201d work there). The first "
        "time, about 26 MB loads from this site: Python itself (about 14 MB; Play live "
        "loads it compressed), plus JupyterLite\u2019s own notebook app and the kernel\u2019s "
        "packages "
        "(IPython, widgets). Nothing is sent anywhere, and your edits stay in this browser. "
        "Wait until the notebook's toolbar names its kernel and the kernel is "
        "idle before Run All: a cell run earlier is passed over (on a phone the kernel's "
        "name and state are under the toolbar's … button).</details> "
        '<button type="button" class="penneech-live-reset" hidden>'
        "Reset my edits to the book\u2019s version</button></div>"
    )


def add_open_live(app: Any, doctree: nodes.document, docname: str) -> None:
    """The bar under a notebook page's title; on the landing page, at its foot: a newcomer who
    came for the game took it, the first button there, for the way to play, and was sent to a
    notebook editor (review 45b)."""
    if app.builder.format != "html" or docname not in _notebooks(app):
        return
    bar = nodes.raw("", _bar(docname), format="html")
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None and docname == app.config.root_doc:
        section.append(bar)
    elif section is not None and section.children and isinstance(section[0], nodes.title):
        section.insert(1, bar)
    else:
        doctree.insert(0, bar)


def _page_assets(app: Any, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: Any) -> None:
    if doctree is not None and pagename in _notebooks(app):
        app.add_js_file("penneech-live.js", loading_method="defer", priority=450)  # (as live.js)


def _static_path(app: Any, config: Any) -> None:
    config.html_static_path.append(str(ASSETS))
    # (the pages' icon is the book's html_favicon: without one, Chromium asks for /favicon.ico
    # at the host's root, a 404 and a console error on every page, the live notebooks' too)
    if not config.html_favicon:
        raise ValueError("penneech_lite needs html_favicon set in the book's configuration")


def setup(app: Any) -> dict[str, Any]:
    app.add_config_value("penneech_lite_extra_contents", [], "html")
    app.connect("config-inited", _static_path)
    app.connect("doctree-resolved", add_open_live)
    app.connect("html-page-context", _page_assets)
    app.connect("build-finished", build_lite)
    app.add_css_file("penneech-live.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
