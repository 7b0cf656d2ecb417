"""Execute the book's notebooks in place, storing their outputs and widget state.

Run by ``make notebooks``.  Every notebook under ``book/`` (or the ones named on the command
line) is executed top to bottom in a fresh kernel of this interpreter, with the notebook's folder
as the working directory.  The stored outputs are what nbval later compares; the stored widget
state is what lets the static site show the widgets with no kernel.

The run is deterministic: the notebooks use fixed seeds, ``PYTHONHASHSEED`` is fixed, execution
counts run from 1 and no timing metadata is kept.  (The widgets' model ids are random UUIDs by
nature; nbval ignores them.)
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SKIP_PARTS = {"_build", ".ipynb_checkpoints", "_vendor"}


def notebooks(paths: list[str]) -> list[Path]:
    if paths:
        return [Path(p).resolve() for p in paths]
    return sorted(p for p in BOOK.rglob("*.ipynb") if not SKIP_PARTS & set(p.parts))


def picture_alt(cell: nbformat.NotebookNode) -> str | None:
    """The alt text a code cell gave its picture (``figures.show(..., alt=...)``, kept in the
    image output's metadata), or ``None``."""
    for out in cell.get("outputs", []):
        alt = out.get("metadata", {}).get("image/png", {}).get("alt")
        if alt:
            return str(alt)
    return None


def clean(nb: nbformat.NotebookNode) -> None:
    """Drop what changes from run to run and means nothing to a reader; give each picture's alt
    text, worked out by its cell from the figures, to the page (MyST-NB reads it from the cell's
    ``mystnb.image.alt``, not from the output)."""
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            for out in cell.get("outputs", []):
                out.get("metadata", {}).pop("execution", None)
            alt = picture_alt(cell)
            if alt is not None:
                cell.metadata.setdefault("mystnb", {}).setdefault("image", {})["alt"] = alt
    nb.metadata.pop("papermill", None)
    nb.metadata.setdefault("kernelspec", {
        "display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"})


def execute(path: Path, timeout: int) -> float:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", store_widget_state=True,
        record_timing=False, allow_errors=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    start = time.perf_counter()
    client.execute()
    clean(nb)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks to run (default: all in book/)")
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    args = parser.parse_args(argv)
    os.environ["PYTHONHASHSEED"] = "0"
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    status = 0
    for path in notebooks(args.notebooks):
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        try:
            seconds = execute(path, args.timeout)
        except CellExecutionError as exc:
            print(f"error: {name}: {str(exc).splitlines()[0] if str(exc) else exc}",
                  file=sys.stderr)
            status = 1
            continue
        print(f"{name}: executed in {seconds:.1f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
