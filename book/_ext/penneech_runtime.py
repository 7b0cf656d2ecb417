"""The Python runtime of the live site: one copy of Pyodide, and this repository's own wheel.

Every page that runs Python in the reader's browser (the live card table, the JupyterLite
notebooks and REPL) loads it from the site itself, from the folder ``pyodide/`` at the site's
root.  ``make book`` (and the strict build of ``make test``) write that folder at the end of the
Sphinx build (the ``build-finished`` event):

``pyodide/pyodide.mjs`` and its runtime files
    From the npm package ``pyodide`` at :data:`PYODIDE_VERSION`, the version the pinned
    ``jupyterlite-pyodide-kernel`` expects (its ``constants.PYODIDE_VERSION``).  The tarball is
    downloaded once from the npm registry with the standard library, checked against its pinned
    sha512 integrity, and kept in ``.cache/`` (git-ignored); later builds use that copy.  No
    source maps, no TypeScript declarations, no demo consoles.

``pyodide/penneech-VERSION-py3-none-any.whl``
    The wheel of this repository, built by ``pip wheel`` from the working tree at build time, so
    the browser runs exactly the code the tests test.  It is cached under ``.cache/wheels/`` by
    the hash of its sources.

``pyodide/<name>-<version>-....whl`` (micropip, ipython, jedi, comm, ipywidgets, ...)
    The pure-Python wheels that the JupyterLite kernel installs when it starts, plus ``comm``
    (missing from Pyodide's lock) and ``ipywidgets``.  The npm package ships none of them; they
    are fetched from PyPI at build time, each checked against the sha256 pinned in
    ``requirements/pyodide-wheels.txt`` (``python book/_ext/penneech_runtime.py pin`` rewrites
    that file).

``pyodide/pyodide-lock.json``
    Pyodide's own lock file, reduced to the packages shipped here, with each entry's
    ``file_name`` and ``sha256`` rewritten to the files above (Pyodide checks the hash of every
    file it installs), and entries added for ``comm``, ``ipywidgets`` and ``penneech``.

``pyodide/pyodide.asm.wasm.gz``
    The runtime's biggest file (9.6 MB) compressed with gzip (3.5 MB).  The live panels' worker
    downloads it and decompresses it in the browser (``DecompressionStream``), so a first start
    loads about 8 MB instead of 14 MB from a host that does not compress ``.wasm`` itself.
    JupyterLite loads the plain file, which stays beside it.

``pyodide/penneech.json``
    A small manifest for the site's own scripts::

        {"pyodide": "314.0.6", "indexURL": "./",
         "penneech": {"version": "0.1.0", "file_name": "penneech-0.1.0-py3-none-any.whl",
                      "sha256": "..."},
         "packages": {"penneech": "penneech-0.1.0-py3-none-any.whl", ...}}

How a page's script uses it (a module worker, say ``_static/live/worker.js``)::

    const base = new URL("../../pyodide/", import.meta.url);         // the site's pyodide/
    const { loadPyodide } = await import(new URL("pyodide.mjs", base));
    const pyodide = await loadPyodide({ indexURL: base.href });
    await pyodide.loadPackage("penneech");   // from the lock: the wheel beside it, hash-checked
    pyodide.runPython("import penneech");

Nothing is fetched from any other host at run time.  Static servers must send ``.wasm`` as
``application/wasm`` (Python's ``http.server`` does).

Run by hand: ``python book/_ext/penneech_runtime.py build DIR`` writes the folder into ``DIR``;
``python book/_ext/penneech_runtime.py pin`` re-pins the PyPI wheels after a Pyodide upgrade.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("PENNEECH_CACHE", ROOT / ".cache"))
PINS = ROOT / "requirements" / "pyodide-wheels.txt"

#: the site folder the runtime is written to, relative to the site's root
SITE_DIR = "pyodide"
#: the manifest's file name inside :data:`SITE_DIR`
MANIFEST = "penneech.json"

#: must equal ``jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION`` (checked at build time)
PYODIDE_VERSION = "314.0.6"
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
#: as published by the npm registry (``npm view pyodide@314.0.6 dist.integrity``)
PYODIDE_INTEGRITY = (
    "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="
)
#: the files of the npm package the browser needs (no source maps, .d.ts, consoles, pyodide.js)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: What the JupyterLite kernel installs when it starts (the kernel's ``initPackageManager`` and
#: ``initKernel``: micropip, then ipykernel, comm, pyodide-kernel, jedi, ipython; ipykernel and
#: pyodide-kernel come with the kernel's own wheels), what the notebooks import, and their
#: dependencies in Pyodide's lock.
LOCK_ROOTS = ("micropip", "packaging", "jedi", "ipython", "traitlets")
#: Packages that Pyodide's lock lacks: name -> (version, dependencies in the lock).  Their
#: versions follow requirements/lock.txt (the same ones the book's notebooks ran with).
EXTRA_PACKAGES: dict[str, tuple[str, list[str]]] = {
    "comm": ("0.2.3", []),
    # ipywidgets' other requirements, widgetsnbextension and jupyterlab_widgets, are only its
    # front end (JupyterLite ships that); the kernel brings a stand-in widgetsnbextension.
    "ipywidgets": ("8.1.9", ["comm", "ipython", "traitlets"]),
}


# -- downloads, checked and cached -----------------------------------------------------------------


def _digest(data: bytes, algorithm: str) -> str:
    return hashlib.new(algorithm, data).hexdigest()


def _check(data: bytes, url: str, *, integrity: str | None = None,
           sha256: str | None = None) -> None:
    if integrity is not None:
        algorithm, _, expected = integrity.partition("-")
        got = base64.b64encode(hashlib.new(algorithm, data).digest()).decode()
        if got != expected:
            raise RuntimeError(f"{url}: integrity mismatch ({algorithm} {got} != {expected})")
    if sha256 is not None and _digest(data, "sha256") != sha256:
        raise RuntimeError(f"{url}: sha256 mismatch ({_digest(data, 'sha256')} != {sha256})")


def fetch(url: str, name: str, *, integrity: str | None = None,
          sha256: str | None = None) -> Path:
    """The file at ``url``, kept in ``.cache/downloads/name``: downloaded (and checked) only
    when the cache lacks it or holds a copy that fails the check."""
    path = CACHE / "downloads" / name
    if path.is_file():
        try:
            _check(path.read_bytes(), url, integrity=integrity, sha256=sha256)
            return path
        except RuntimeError:
            path.unlink()
    print(f"[penneech-runtime] downloading {url}", file=sys.stderr)
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            data: bytes = response.read()
    except OSError as exc:
        raise RuntimeError(
            f"cannot download {url} ({exc}); the first build needs the npm registry and PyPI, "
            f"later builds use the copies in {CACHE}") from exc
    _check(data, url, integrity=integrity, sha256=sha256)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".part")
    tmp.write_bytes(data)
    tmp.replace(path)
    return path


def pyodide_files() -> dict[str, bytes]:
    """The runtime files of the pinned npm package, by name."""
    tarball = fetch(PYODIDE_TARBALL, f"pyodide-{PYODIDE_VERSION}.tgz",
                    integrity=PYODIDE_INTEGRITY)
    out: dict[str, bytes] = {}
    with tarfile.open(tarball, mode="r:gz") as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise RuntimeError(f"{tarball}: package/{name} is missing")
            out[name] = member.read()
    return out


# -- the PyPI wheels -------------------------------------------------------------------------------


def read_pins(path: Path = PINS) -> dict[str, tuple[str, str, str]]:
    """``requirements/pyodide-wheels.txt``: normalized name -> (version, URL, sha256)."""
    pins: dict[str, tuple[str, str, str]] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([\w.-]+)==([\w.]+)\s+(https://\S+\.whl)\s+--hash=sha256:([0-9a-f]{64})",
                         line)
        if not m:
            raise RuntimeError(f"{path}:{number}: expected 'NAME==VERSION URL.whl "
                               f"--hash=sha256:HEX', got {line!r}")
        pins[normalize(m[1])] = (m[2], m[3], m[4])
    return pins


def normalize(name: str) -> str:
    """A package name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def needed_packages(lock: dict[str, Any]) -> list[str]:
    """The lock names of :data:`LOCK_ROOTS` and their dependencies, and the extra packages."""
    packages = {normalize(k): v for k, v in lock["packages"].items()}
    todo = list(LOCK_ROOTS) + [d for _, deps in EXTRA_PACKAGES.values() for d in deps]
    seen: set[str] = set()
    while todo:
        name = normalize(todo.pop())
        if name in seen or name in EXTRA_PACKAGES:
            continue
        if name not in packages:
            raise RuntimeError(f"{name} is not in Pyodide {PYODIDE_VERSION}'s lock")
        seen.add(name)
        todo.extend(packages[name]["depends"])
    return sorted(seen | set(EXTRA_PACKAGES))


def pin(out: Path = PINS) -> None:
    """Re-pin the PyPI wheels of the packages the runtime ships (PyPI's simple JSON API)."""
    lock = json.loads(pyodide_files()["pyodide-lock.json"])
    by_name = {normalize(k): v for k, v in lock["packages"].items()}
    lines = [
        f"# Pure-Python wheels from PyPI shipped with Pyodide {PYODIDE_VERSION} in the site's",
        "# pyodide/ folder (book/_ext/penneech_runtime.py).  The versions are those of",
        "# Pyodide's lock (and EXTRA_PACKAGES); regenerate with",
        "# `python book/_ext/penneech_runtime.py pin`.",
    ]
    for name in needed_packages(lock):
        version = EXTRA_PACKAGES[name][0] if name in EXTRA_PACKAGES else by_name[name]["version"]
        request = urllib.request.Request(f"https://pypi.org/simple/{name}/",
                                         headers={"Accept": "application/vnd.pypi.simple.v1+json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            index = json.load(response)
        prefix = f"{name.replace('-', '_')}-{version}-".lower()
        wheels = [f for f in index["files"] if f["filename"].lower().startswith(prefix)
                  and f["filename"].endswith("-none-any.whl") and not f.get("yanked")]
        if not wheels:
            raise RuntimeError(f"{name} {version}: no pure-Python wheel on PyPI")
        wheel = wheels[0]
        lines.append(f"{name}=={version} {wheel['url']} --hash=sha256:{wheel['hashes']['sha256']}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {out}")


# -- this repository's wheel -----------------------------------------------------------------------


def _source_files() -> Iterable[Path]:
    yield ROOT / "pyproject.toml"
    yield ROOT / "README.md"
    yield ROOT / "LICENSE"
    yield from sorted(p for p in (ROOT / "penneech").rglob("*")
                      if p.is_file() and "__pycache__" not in p.parts)


def penneech_wheel() -> Path:
    """The wheel of the working tree, built with ``pip wheel`` (cached by its sources' hash)."""
    h = hashlib.sha256()
    for path in _source_files():
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    folder = CACHE / "wheels" / h.hexdigest()[:20]
    built = sorted(folder.glob("penneech-*-py3-none-any.whl"))
    if built:
        return built[0]
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        # build from a copy of the sources, so that setuptools' build/ folder is not left in
        # the working tree
        source = Path(tmp) / "src"
        for path in _source_files():
            target = source / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        print("[penneech-runtime] building the penneech wheel", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                        "--wheel-dir", tmp, str(source)], check=True)
        wheels = list(Path(tmp).glob("penneech-*-py3-none-any.whl"))
        if len(wheels) != 1:
            raise RuntimeError(f"pip wheel made {wheels}, expected one penneech wheel")
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        return Path(shutil.copy2(wheels[0], folder / wheels[0].name))


# -- the site folder -------------------------------------------------------------------------------


def _entry(name: str, version: str, file_name: str, data: bytes, imports: list[str],
           depends: list[str]) -> dict[str, Any]:
    return {"name": name, "version": version, "file_name": file_name,
            "install_dir": "site", "sha256": _digest(data, "sha256"),
            "package_type": "package", "imports": imports, "depends": depends,
            "unvendored_tests": False}


#: the runtime's files that Pyodide loads as it starts (before the penneech wheel)
START_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
               "pyodide-lock.json")
#: Runtime files the live worker loads compressed (see the module's description).  The .mjs
#: files are imported as modules, so the worker cannot decompress them; python_stdlib.zip is
#: compressed already.
GZIPPED = ("pyodide.asm.wasm",)


def write_runtime(site: Path) -> Path:
    """Write the runtime into ``site/pyodide/`` (replacing what was there); returns the folder."""
    _check_kernel_version()
    dest = site / SITE_DIR
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    files = pyodide_files()
    lock = json.loads(files.pop("pyodide-lock.json"))
    for name, data in files.items():
        (dest / name).write_bytes(data)

    by_name = {normalize(k): (k, v) for k, v in lock["packages"].items()}
    pins = read_pins()
    packages: dict[str, Any] = {}
    shipped: dict[str, str] = {}
    for name in needed_packages(lock):
        if name not in pins:
            raise RuntimeError(f"{name} is not pinned in {PINS}: run "
                               "`python book/_ext/penneech_runtime.py pin`")
        version, url, sha256 = pins[name]
        file_name = url.rsplit("/", 1)[1]
        data = fetch(url, file_name, sha256=sha256).read_bytes()
        (dest / file_name).write_bytes(data)
        if name in EXTRA_PACKAGES:
            key, entry = name, _entry(name, version, file_name, data, [name.replace("-", "_")],
                                      EXTRA_PACKAGES[name][1])
        else:
            key, entry = by_name[name]
            entry = dict(entry, file_name=file_name, sha256=sha256)
            if entry["version"] != version:
                raise RuntimeError(f"{PINS}: {name} {version}, but the lock has "
                                   f"{entry['version']}: re-pin")
        packages[key] = entry
        shipped[key] = file_name

    wheel = penneech_wheel()
    data = wheel.read_bytes()
    version = wheel.name.split("-")[1]
    shutil.copyfile(wheel, dest / wheel.name)
    packages["penneech"] = _entry("penneech", version, wheel.name, data, ["penneech"], [])
    shipped["penneech"] = wheel.name

    lock["packages"] = dict(sorted(packages.items()))
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    for name in GZIPPED:  # (mtime 0: the same bytes at every build)
        (dest / f"{name}.gz").write_bytes(
            gzip.compress((dest / name).read_bytes(), compresslevel=9, mtime=0))
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "indexURL": "./",
        "penneech": {"version": version, "file_name": wheel.name,
                     "sha256": packages["penneech"]["sha256"]},
        "packages": dict(sorted(shipped.items())),
        # what a fresh start of the live panels loads, file by file (a gzipped file as its .gz):
        # their progress line counts it, and "Play live" says how much it is
        # (book/play-the-computer.ipynb)
        "start_bytes": {loaded: (dest / loaded).stat().st_size
                        for name in (*START_FILES, wheel.name)
                        for loaded in [f"{name}.gz" if name in GZIPPED else name]},
        # the files the worker asks for by the name Pyodide gives, and loads compressed: the
        # .gz's name and the size of the file decompressed (for a browser that cannot
        # decompress, which loads the plain file)
        "gzipped": {name: {"file": f"{name}.gz", "bytes": (dest / name).stat().st_size}
                    for name in GZIPPED},
    }
    (dest / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    (dest / "NOTICE.txt").write_text(NOTICE, encoding="utf-8")
    return dest


def _check_kernel_version() -> None:
    """The JupyterLite kernel must be built for this Pyodide (where it is installed)."""
    try:
        from jupyterlite_pyodide_kernel import constants
    except ImportError:
        return
    if constants.PYODIDE_VERSION != PYODIDE_VERSION:
        raise RuntimeError(
            f"jupyterlite-pyodide-kernel expects Pyodide {constants.PYODIDE_VERSION}, the site "
            f"ships {PYODIDE_VERSION}: change PYODIDE_VERSION and PYODIDE_INTEGRITY in "
            f"{__file__} and re-pin")


NOTICE = f"""Pyodide {PYODIDE_VERSION} (npm package "pyodide"), Mozilla Public License 2.0,
https://github.com/pyodide/pyodide (CPython, its standard library and Emscripten's runtime
under their own licences, listed there).  The wheels beside it are the unmodified files published
on PyPI, each under the licence in its own .dist-info folder.
"""


# -- Sphinx ----------------------------------------------------------------------------------------


def _build_finished(app: Any, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        dest = write_runtime(Path(app.outdir))
        size = sum(p.stat().st_size for p in dest.iterdir())
        print(f"[penneech-runtime] wrote {dest} ({size / 1e6:.1f} MB)")


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", _build_finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def main(argv: list[str]) -> int:
    if argv[:1] == ["pin"]:
        pin()
        return 0
    if len(argv) == 2 and argv[0] == "build":
        print(write_runtime(Path(argv[1])))
        return 0
    print(__doc__)
    print("usage: penneech_runtime.py pin | build SITE_DIR", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
