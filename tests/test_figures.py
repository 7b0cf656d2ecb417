"""Part IV's pictures and tables (penneech.figures): drawn where matplotlib is installed, and
explained, with the same numbers as a table, where it is not (Python in the reader's browser);
no notebook of the book imports matplotlib itself."""

from __future__ import annotations

import io
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from penneech import figures

ROOT = Path(__file__).resolve().parent.parent
EST = {"value": 0.5, "low": 0.4, "high": 0.6, "n": 10}
CELL = {"relative": 0.25, "clear": True, "text": "+1"}


def _pictures() -> list[figures.Picture]:
    """One picture of each kind, on made-up numbers."""
    return [
        figures.forest([("a", EST), ("b", {"value": None})], title="t", xlabel="x",
                       reference=0.5, percent=True),
        figures.forests([("p1", "%", [("a", EST), ("b", EST)], True),
                         ("p2", "changes", [("a", {**EST, "value": 2.0})], False)],
                        title="both"),
        figures.histograms([("p", {"3": 2, "5": 1}), ("q", {"4": 1})], title="t", xlabel="deal",
                           highlight=4),
        figures.scatter([("a", EST, {**EST, "value": 0.55})], title="s", xlabel="luck",
                        ylabel="skill", percent=True),
        figures.effects(["r"], ["c1", "c2"], [[CELL, {"relative": None}]], title="e"),
    ]


@pytest.fixture
def no_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """matplotlib cannot be imported (as in Pyodide), even if another test imported it."""
    for name in [m for m in sys.modules if m.split(".")[0] == "matplotlib"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)


def test_figures_draw_and_tables_escape() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    assert figures.fmt(EST, percent=True) == "50.0% (40.0–60.0)"
    assert figures.fmt(None) == "–"
    forest, stacked, hist, scatter, effects = (p.draw() for p in _pictures())
    assert [t.get_text() for t in forest.axes[0].get_yticklabels()] == ["b", "a"]
    assert [ax.get_title(loc="left") for ax in stacked.axes] == ["p1", "p2"]
    assert [ax.get_xlabel() for ax in stacked.axes] == ["%", "changes"]
    assert len(hist.axes) == 2 and list(hist.axes[1].get_xticks()) == [3, 4, 5]
    assert scatter.axes[0].get_xlabel() == "luck (%)"
    assert [t.get_text() for t in scatter.axes[0].texts] == ["a"]
    # a row's label is written above its cells (and the columns named at the foot)
    assert [t.get_text() for t in effects.axes[0].texts] == ["r", "+1"]
    plt.close("all")
    cell = figures.relative({"value": 1.0, "low": 0.5, "high": 1.5}, {"value": 4.0})
    assert cell == {"relative": 0.25, "clear": True}
    table = figures.html_table(["<b>"], [["a & b"]], caption="x<y")
    assert "&lt;b&gt;" in table and "a &amp; b" in table and "x&lt;y" in table
    # escaped on the project's one path (penneech.text.html_text), control characters shown
    assert "<td>Ann\\x1b[2J</td>" in figures.html_table(["name"], [["Ann\x1b[2J"]])


def test_show_draws_with_matplotlib(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown: list[Any] = []
    monkeypatch.setattr(plt, "show", lambda: shown.append(plt.gcf().get_suptitle()))
    figures.show(_pictures()[0], numbers="below")
    assert shown == ["t"] and capsys.readouterr().out == ""
    with pytest.raises(ValueError, match="numbers must be one of above, below"):
        figures.show(_pictures()[0], numbers="beside")
    plt.close("all")


def test_a_picture_s_alt_text_must_say_something(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside a notebook, a picture given its alt text is drawn as any other; an empty one, or
    one that is not a text, is refused in words."""
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown: list[Any] = []
    monkeypatch.setattr(plt, "show", lambda: shown.append(plt.gcf().get_suptitle()))
    figures.show(_pictures()[0], numbers="below", alt="A chart of t.")
    assert shown == ["t"]
    for bad in ("", "  ", 3):
        with pytest.raises(ValueError, match="alt must be a text that says what the picture"):
            figures.show(_pictures()[0], alt=bad)  # type: ignore[arg-type]
    plt.close("all")


def test_in_a_notebook_a_picture_carries_its_alt_text_to_the_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In a kernel, ``show(..., alt=...)`` displays the picture with its alt text in the output's
    metadata, and ``tools/execute_notebooks.py`` copies it to the cell's ``mystnb.image.alt``,
    which the page shows (both were tested only through the committed notebooks; 45d)."""
    pytest.importorskip("matplotlib")
    pytest.importorskip("IPython")
    import importlib.util

    import matplotlib

    matplotlib.use("Agg")
    import IPython.display
    import nbformat

    shown: list[Any] = []
    monkeypatch.setattr(figures, "_in_a_notebook", lambda: True)
    monkeypatch.setattr(IPython.display, "display", lambda *objs, **kw: shown.extend(objs))
    figures.show(_pictures()[0], numbers="below", alt="A chart of t, 35% to 40%.")
    (image,) = shown
    data, metadata = image._repr_png_()
    assert data.startswith("iVBORw0KGgo")
    assert metadata == {"alt": "A chart of t, 35% to 40%.", "width": metadata["width"]}
    # sharp on a phone's screen: twice the pixels of the width it takes on the page, which is
    # the width the type's size on a phone was worked out for (phone_px)
    from PIL import Image
    pixels = Image.open(io.BytesIO(image.data)).size[0]
    assert pixels == figures.SHARPNESS * metadata["width"] or pixels == (
        figures.SHARPNESS * metadata["width"] - 1)
    assert figures.SHARPNESS >= 2
    assert 0.9 * figures.WIDTH * figures.DPI <= metadata["width"] <= (
        figures.WIDTH + 0.12) * figures.DPI
    shown.clear()
    figures.show(_pictures()[0], numbers="below")  # (no alt: as sharp, and no alt said)
    assert shown[0]._repr_png_()[1] == {"width": metadata["width"]}

    spec = importlib.util.spec_from_file_location("execute_notebooks",
                                                  ROOT / "tools" / "execute_notebooks.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("show(...)", outputs=[nbformat.v4.new_output(
            "display_data", data={"image/png": "iVBORw0KGgo="},
            metadata={"image/png": {"alt": "A chart of t, 35% to 40%."}})]),
        nbformat.v4.new_code_cell("print(1)", outputs=[nbformat.v4.new_output(
            "stream", name="stdout", text="1\n")])])
    tool.clean(nb)
    assert nb.cells[0].metadata["mystnb"]["image"]["alt"] == "A chart of t, 35% to 40%."
    assert "mystnb" not in nb.cells[1].metadata


def test_every_picture_s_alt_text_is_the_one_its_cell_worked_out() -> None:
    """Every picture of the book has an alt text worked out by its own cell from the figures it
    draws (``figures.show(..., alt=...)``, in the image output's metadata), and the page shows
    that one (the cell's ``mystnb.image.alt``, which ``tools/execute_notebooks.py`` copies):
    alt texts typed beside the cells had gone stale as the figures changed (review 45c: "two
    fifths" of a share that was 40.2%)."""
    pictures = 0
    for path in _book_notebooks():
        for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            outputs = [out for out in cell.get("outputs", []) if "image/png" in out.get("data", {})]
            if not outputs:
                continue
            pictures += len(outputs)
            where = f"{path.relative_to(ROOT)}, cell {number}"
            alts = [out.get("metadata", {}).get("image/png", {}).get("alt") for out in outputs]
            assert all(alts), f"{where}: a picture with no alt text from its cell"
            shown = cell["metadata"].get("mystnb", {}).get("image", {}).get("alt")
            assert shown == alts[0], f"{where}: the page's alt text is not the cell's"
            assert len(set(alts)) == 1, f"{where}: pictures that say different things"
    assert pictures >= 10


@pytest.mark.usefixtures("no_matplotlib")
def test_figures_without_matplotlib(capsys: pytest.CaptureFixture[str]) -> None:
    figures.style()  # nothing to style: no error
    pictures = _pictures()  # building a picture draws nothing
    with pytest.raises(figures.NoMatplotlib, match=r"pip install 'penneech\[plot\]'"):
        pictures[0].draw()
    assert issubclass(figures.NoMatplotlib, ImportError)

    # show() explains, and shows the same numbers as a table
    figures.show(pictures[0])
    out = capsys.readouterr().out
    assert out.startswith("The picture “t” is not drawn: it needs matplotlib, which is not "
                          "installed here (pip install 'penneech[plot]'). This table holds the "
                          "same numbers:\n")
    assert " | x (%) | sample size\na | 50.0% (40.0–60.0) | 10\nb | – | \n" in out
    html, text = figures.explanation(pictures[0])
    assert html.startswith('<p class="penneech-no-picture"><em>The picture “t” is not drawn')
    assert "<caption>t</caption>" in html and "<td>50.0% (40.0–60.0)</td>" in html

    # or points to the table on the page that holds them
    figures.show(pictures[1], numbers="above")
    assert capsys.readouterr().out.endswith(
        "(pip install 'penneech[plot]'). The table above holds the same numbers.\n")
    html, text = figures.explanation(pictures[1], "below")
    assert "<table" not in html and text.endswith("The table below holds the same numbers.")
    with pytest.raises(ValueError, match="numbers must be one of above, below"):
        figures.show(pictures[1], numbers="beside")

    # each kind of picture holds the numbers it draws
    forest, stacked, hist, scatter, effects = pictures
    assert stacked.header == ("", "p1", "p2")
    assert stacked.rows == (("a", "50.0% (40.0–60.0)", "2.0 (0.4–0.6)"),
                            ("b", "50.0% (40.0–60.0)", "–"))
    assert hist.header == ("", "deal 3", "deal 4", "deal 5", "games")
    assert hist.rows == (("p", "66.7%", "0.0%", "33.3%", 3), ("q", "0.0%", "100.0%", "0.0%", 1))
    assert scatter.rows == (("a", "50.0% (40.0–60.0)", "55.0% (40.0–60.0)"),)
    assert effects.rows == (("r", "+1 (+25%)", "no clear change"),)


@pytest.mark.usefixtures("no_matplotlib")
def test_in_the_browser_the_note_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")  # as in Pyodide
    _, text = figures.explanation(_pictures()[0], "below")
    assert text == ("The picture “t” is not drawn: it needs matplotlib, which Python in the "
                    "browser here does not have. The table below holds the same numbers.")


@pytest.mark.usefixtures("no_matplotlib")
def test_in_a_notebook_the_explanation_is_html(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a running notebook, show() publishes the explanation as HTML (and plain text)."""
    pytest.importorskip("IPython")
    import IPython
    import IPython.display

    published: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: object())
    monkeypatch.setattr(IPython.display, "display",
                        lambda obj, **kw: published.append((obj, kw)))
    figures.show(_pictures()[2])
    [(bundle, kw)] = published
    assert kw == {"raw": True}
    assert (bundle["text/html"], bundle["text/plain"]) == figures.explanation(_pictures()[2])
    assert "<th>deal 4</th>" in bundle["text/html"]


def _book_notebooks() -> list[Path]:
    return sorted(p for p in (ROOT / "book").rglob("*.ipynb")
                  if not {"_build", "_vendor", ".ipynb_checkpoints"} & set(p.parts))


def test_no_notebook_draws_with_matplotlib_itself() -> None:
    """Every notebook also runs live, where matplotlib is missing: pictures go through
    figures.show, which explains instead of drawing there."""
    found = []
    for path in _book_notebooks():
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and re.search(
                    r"^\s*(import matplotlib|from matplotlib)|\bplt\.", source, re.M):
                found.append(f"{path.relative_to(ROOT)}: {source[:80]!r}")
    assert not found, "\n".join(found)


_RUN_WITHOUT_MATPLOTLIB = r"""
import json, sys
from importlib.abc import MetaPathFinder

class Blocked(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ImportError(f"No module named {name!r} (blocked: as in Pyodide)")
        return None

sys.meta_path.insert(0, Blocked())
sys.platform = "emscripten"  # what figures.show reads to say "Python in the browser"
notebook = json.load(open(sys.argv[1], encoding="utf-8"))
space = {"__name__": "__main__"}
for number, cell in enumerate(notebook["cells"]):
    if cell["cell_type"] == "code":
        source = "".join(cell["source"])
        if source.lstrip().startswith(("%", "!")):
            continue
        exec(compile(source, f"{sys.argv[1]}, cell {number}", "exec"), space)
print("ran", sys.argv[1])
"""


@pytest.mark.parametrize("path", [p for p in _book_notebooks() if "experiments" in p.parts],
                         ids=lambda p: p.stem)
def test_every_part_iv_notebook_runs_where_matplotlib_is_missing(path: Path) -> None:
    """Each Part IV notebook, run from its own folder as JupyterLite runs it, with matplotlib
    unimportable and the platform Pyodide's: every cell runs (the live runs in
    tests/test_lite.py open some of them in the browser itself)."""
    pytest.importorskip("IPython")
    import subprocess

    proc = subprocess.run([sys.executable, "-c", _RUN_WITHOUT_MATPLOTLIB, path.name],
                          cwd=path.parent, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    # each picture the book shows is explained instead, once
    pictures = sum("image/png" in out.get("data", {})
                   for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
                   for out in cell.get("outputs", []))
    assert proc.stdout.count("which Python in the browser here does not have") == pictures


def test_an_unknown_interval_is_never_significant() -> None:
    """A single game's difference has no interval (NaN): it was called significant."""
    assert not figures.significant({"value": math.nan, "low": math.nan, "high": math.nan})
    assert not figures.significant({"value": 1.0, "low": None, "high": None})
    assert figures.significant({"value": 1.0, "low": 0.5, "high": 1.5})
    assert not figures.significant({"value": 1.0, "low": -0.5, "high": 1.5})


def test_a_helper_given_something_else_says_what_it_takes() -> None:
    """(each failed inside with an AttributeError: 'NoneType' object has no attribute …)"""
    for call in (lambda: figures.show(None), lambda: figures.explanation("x")):
        with pytest.raises(TypeError, match=re.escape(
                "takes a Picture (from forest, forests, histograms, scatter or effects), not ")):
            call()
    with pytest.raises(TypeError, match="show takes a Picture .*, not NoneType"):
        figures.show(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=re.escape(
            "an estimate is a mapping such as {'value': 0.5, 'low': 0.4, 'high': 0.6} (or None), "
            "not str")):
        figures.fmt("x")  # type: ignore[arg-type]
    assert figures.fmt(None) == "–"


def test_an_estimate_whose_figures_are_not_numbers_is_refused_naming_the_figure() -> None:
    """(fmt({'value': 'x'}) failed with "can't multiply sequence by non-int of type 'float'")"""
    with pytest.raises(TypeError, match=re.escape(
            "an estimate's 'value' is a number (or None), not 'x'")):
        figures.fmt({"value": "x"})
    with pytest.raises(TypeError, match=re.escape("an estimate's 'high' is a number")):
        figures.fmt({"value": 0.5, "low": 0.4, "high": "0.6"})
    with pytest.raises(TypeError, match=re.escape("not True")):
        figures.fmt({"value": True})
    numpy = pytest.importorskip("numpy")  # a notebook's figures are often numpy's
    assert figures.fmt({"value": numpy.float64(0.5), "low": numpy.int64(0), "high": 1}) == \
        "0.5 (0.0–1.0)"
    assert figures.fmt({"value": 0.5, "low": None, "high": None}) == "0.5"


def test_a_picture_of_no_panels_is_refused_when_it_is_made() -> None:
    """(matplotlib's "Number of rows must be a positive integer, not 0" when it was drawn; a
    dict of panels failed to unpack)"""
    for panels in ({}, [], {"pagat": {"3": 1}}):
        with pytest.raises(ValueError, match=re.escape(
                "histograms needs a list of one or more panels, each (label, histogram), not ")):
            figures.histograms(panels, title="t", xlabel="deal")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=re.escape(
            "forests needs a list of one or more panels, each (title, xlabel, rows, percent), "
            "not []")):
        figures.forests([], title="t")


def test_every_picture_reads_on_a_phone() -> None:
    """Drawn in the book's style and cropped as a notebook crops it, every kind of picture is
    narrow enough, and its smallest type large enough, that a phone 390 pixels wide (a column
    of 358) shows no text under 11 pixels (at 6.4 inches and with 9-point numbers in the grid,
    it showed 7 to 8.4)."""
    pytest.importorskip("matplotlib")
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.text import Text
    from PIL import Image

    figures.style()
    assert figures.phone_px(min(matplotlib.rcParams[k] for k in (
        "xtick.labelsize", "ytick.labelsize", "legend.fontsize", "font.size"))) >= 11
    long = "a title long enough to need two lines on a phone, or more than that"
    grouped = [(f"deck=32, target=91: {who}", EST) for who in ("solver ×1 v greedy",
                                                                "greedy v random")] * 8
    pictures = [*_pictures(),
                figures.forest(grouped, title=long, xlabel="games won", percent=True),
                figures.effects([f"redeal=no_card_above_ten {i}" for i in range(12)],
                                [f"points from turn-ups {j}" for j in range(8)],
                                [[{**CELL, "text": "-29.7"}] * 8] * 12, title=long)]
    for picture in pictures:
        fig = picture.draw()
        texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
        smallest = min(t.get_fontsize() for t in texts)
        out = io.BytesIO()
        fig.savefig(out, format="png", bbox_inches="tight", pad_inches=0.1)
        width = Image.open(out).size[0]
        assert width <= (figures.WIDTH + 0.12) * figures.DPI, (picture.title, width)
        shown = smallest / 72 * figures.DPI * min(1.0, figures.PHONE_COLUMN / width)
        assert shown >= 11, (picture.title, smallest, width, shown)
        plt.close(fig)


def test_a_column_of_figures_refuses_what_is_not_estimates_in_words() -> None:
    """fmt refused a number in words; fmt_column raised an AttributeError from inside (review
    43c)."""
    from penneech.figures import fmt_column

    with pytest.raises(TypeError, match="an estimate is a mapping"):
        fmt_column([0.5])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="fmt_column takes a list of estimates"):
        fmt_column(None)  # type: ignore[arg-type]


def test_a_share_and_its_shortfall_printed_side_by_side_add_up() -> None:
    """Restricted play printed a share of 45.85% as "45.9%" beside a loss of 4.15% as "4.2%":
    50.1 together (review 42b).  The shortfall is taken from the printed share, so the two
    add up to 50 exactly, and its interval's ends are the share's, turned round."""
    import random
    from decimal import Decimal

    from penneech.figures import fmt, fmt_shortfall
    chance = random.Random(42)
    for _ in range(2000):
        low = chance.uniform(0.2, 0.6)
        value = low + chance.uniform(0.0, 0.05)
        high = value + chance.uniform(0.0, 0.05)
        est = {"value": value, "low": low, "high": high}
        share, loss = fmt(est, percent=True), fmt_shortfall(est, percent=True)
        s_value, s_low, s_high = (Decimal(x) for x in re.findall(r"-?[\d.]+", share))
        l_value, l_low, l_high = (Decimal(x) for x in re.findall(r"-?[\d.]+", loss))
        assert s_value + l_value == 50, (share, loss)
        assert (s_low + l_high, s_high + l_low) == (50, 50), (share, loss)
        assert "-0.0" not in loss and "%" not in loss, loss
    assert fmt_shortfall(None) == "–"
    with pytest.raises(TypeError, match="an estimate is a mapping"):
        fmt_shortfall(0.5)  # type: ignore[arg-type]
