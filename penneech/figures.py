"""Pictures and tables for the book's experiments (Part IV), from their data files.

Every picture is drawn for a phone's width first: one column, large type, labels written out on
the left, 95% intervals as bars; every table is HTML built here, with every value escaped on the
project's one path (:func:`penneech.text.html_text`).

The pictures need matplotlib (the ``plot`` extra), which Python in the reader's browser (the
book's live notebooks, on Pyodide) does not have.  So a picture function (:func:`forest`,
:func:`forests`, :func:`histograms`, :func:`scatter`, :func:`effects`) draws nothing at once: it
returns a :class:`Picture`, which holds the same numbers as a table, and :func:`show` draws it
where matplotlib is installed or, where it is not, says so and shows that table (or points to
the table on the page that holds the numbers).  matplotlib is imported only when a picture is
drawn, so this module imports, and every notebook runs, without it.

>>> fmt({"value": 0.5234, "low": 0.51, "high": 0.54, "n": 100}, percent=True)
'52.3% (51.0–54.0)'
>>> picture = forest([("pagat", {"value": 0.5, "low": 0.4, "high": 0.6, "n": 30})],
...                  title="First dealer wins", xlabel="games won", percent=True)
>>> picture.header, picture.rows
(('', 'games won (%)', 'sample size'), (('pagat', '50.0% (40.0–60.0)', 30),))
"""

from __future__ import annotations

import decimal
import math
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Real
from typing import Any

from penneech.text import html_text, py_shown

__all__ = ["style", "WIDTH", "DPI", "SHARPNESS", "SMALLEST", "PHONE_COLUMN", "phone_px", "fmt",
           "fmt_column", "fmt_shortfall", "places", "Picture", "NoMatplotlib", "show",
           "explanation", "forest", "forests", "histograms", "scatter", "effects", "relative",
           "html_table", "estimate_rows", "significant"]

#: Colours that colour-blind readers can tell apart (Okabe and Ito).
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442",
           "#000000")

#: Where :func:`show` may point for the table that holds a picture's numbers.
WHERE = ("above", "below")


class NoMatplotlib(ImportError):
    """A picture was to be drawn where matplotlib is not installed."""


def _pyplot() -> Any:
    """``matplotlib.pyplot``, or :class:`NoMatplotlib` saying how to get it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise NoMatplotlib(
            "drawing a picture needs matplotlib: install the plot extra "
            "(pip install 'penneech[plot]')") from exc
    return plt


#: A picture's width in inches, at :data:`DPI` dots (pixels) an inch: narrow enough that a
#: phone's 358-pixel column (390 pixels less the page's margins) shows it at about 0.73 of its
#: size, so that :data:`SMALLEST` points of type are still 11 pixels there; a laptop shows it
#: as drawn.
WIDTH = 4.7
#: Dots (pixels) to an inch, on screen and in the book's pictures: CSS pixels, the size a
#: picture takes on the page.
DPI = 100
#: How many image pixels a notebook's picture has for each CSS pixel it is shown in: a phone's
#: screen has two or three, and a picture of one pixel each was blurred there (review 44c).
SHARPNESS = 2
#: The smallest type in any picture, in points (tick labels, legends, the numbers in cells).
SMALLEST = 11
#: The narrowest column a picture is drawn into (a 390-pixel phone), in CSS pixels.
PHONE_COLUMN = 358


def phone_px(points: float, width: float = WIDTH) -> float:
    """How tall ``points`` of type in a picture ``width`` inches wide, drawn at :data:`DPI`,
    is in CSS pixels where a phone's column of :data:`PHONE_COLUMN` pixels shrinks it to fit.
    (The notebook crops a picture to what is drawn, plus 0.1 inch each side: a picture of 6.4
    inches was 651 pixels wide on the page, so this counts 0.12 inch more than ``width``.)

    >>> round(phone_px(SMALLEST), 1)  # the smallest type, on a phone
    11.3
    >>> round(phone_px(11, 6.4), 1)  # the same type in the pictures of 6.4 inches before
    8.4
    """
    natural = (width + 0.12) * DPI
    return points / 72 * DPI * min(1.0, PHONE_COLUMN / natural)


def style() -> None:
    """Large type and a width that reads on a phone (nothing to do without matplotlib): see
    :data:`WIDTH` and :data:`SMALLEST`."""
    try:
        import matplotlib
    except ImportError:
        return
    matplotlib.rcParams.update({
        "figure.figsize": (WIDTH, 3.2), "figure.dpi": DPI, "savefig.dpi": DPI,
        "font.size": SMALLEST + 1, "axes.titlesize": SMALLEST + 2, "axes.labelsize": SMALLEST + 1,
        "figure.titlesize": SMALLEST + 2,
        "xtick.labelsize": SMALLEST, "ytick.labelsize": SMALLEST, "legend.fontsize": SMALLEST,
        "axes.spines.top": False, "axes.spines.right": False,
        "figure.constrained_layout.use": True,
    })


def _wrapped(text: str, size: float, width: float = WIDTH) -> str:
    """``text`` broken into lines that fit ``width`` inches in type of ``size`` points (a
    character taken as 0.6 of the size wide, more than most are).

    >>> _wrapped("Share of the game before the winner is clear", 13, 3)
    'Share of the game before\\nthe winner is clear'
    """
    import textwrap

    return "\n".join(textwrap.wrap(text, max(10, int(width * 72 / (0.6 * size))))) or text


def _title(fig: Any, title: str) -> None:
    """The picture's title, from the left edge of the picture (not of the axes, which a column
    of labels pushes to the right), broken into lines that fit its width."""
    size = SMALLEST + 2
    fig.suptitle(_wrapped(title, size, WIDTH - 0.1), x=0.01, ha="left", fontsize=size)


def check_estimate(est: Mapping[str, Any], where: str = "") -> None:
    """Refuse an estimate whose value, low or high is given but is not a number, saying which
    (``where`` names the estimate).  NaN and None are numbers not known, and pass."""
    for key in ("value", "low", "high"):
        figure = est.get(key)
        if figure is not None and (isinstance(figure, bool) or not isinstance(figure, Real)):
            raise TypeError(f"{where}{': ' if where else ''}an estimate's {key!r} is a number "
                            f"(or None), not {figure!r}")


def fmt(est: Mapping[str, Any] | None, percent: bool = False, digits: int = 1) -> str:
    """``value (low–high)``: a figure and its 95% interval, as text.

    >>> fmt({"value": 0.996, "low": 0.99, "high": 0.998}, percent=True, digits=0)
    '99.6% (99.0–99.8)'
    >>> fmt({"value": 0.75, "low": 0.7, "high": 0.8}, percent=True, digits=0)
    '75% (70–80)'
    >>> fmt({"value": 2.6043, "low": 2.6001, "high": 2.6088})  # (not "2.6 (2.6–2.6)")
    '2.60 (2.60–2.61)'
    >>> fmt({"value": 0.0001, "low": -0.00004, "high": 0.02})  # (not "-0.0 to 0.0")
    '0.00 (0.00–0.02)'
    """
    if est is not None and not isinstance(est, Mapping):  # (an AttributeError from inside)
        raise TypeError(f"an estimate is a mapping such as {{'value': 0.5, 'low': 0.4, "
                        f"'high': 0.6}} (or None), not {type(est).__name__}")
    if est is None or est.get("value") is None:
        return "–"
    digits = places(est, percent, digits)
    scale, unit = (100.0, "%") if percent else (1.0, "")
    value = f"{_shown(est['value'] * scale, digits)}{unit}"
    if est.get("low") is None or est.get("high") is None:
        return value
    low, high = est["low"] * scale, est["high"] * scale
    shown_low, shown_high = _shown(low, digits), _shown(high, digits)
    # a dash would read as a minus sign
    sep = " to " if shown_low.startswith("-") or shown_high.startswith("-") else "–"
    return f"{value} ({shown_low}{sep}{shown_high})"


def fmt_column(ests: Sequence[Mapping[str, Any] | None], percent: bool = False,
               digits: int = 1) -> list[str]:
    """:func:`fmt` of each estimate of a column, all to as many places as the one that needs
    most: a column read "2.60 (2.55–2.65)" above "2.6 (2.5–2.6)" (review 42f).

    >>> fmt_column([{"value": 2.6, "low": 2.55, "high": 2.65},
    ...             {"value": 2.6043, "low": 2.6001, "high": 2.6088}, None])
    ['2.60 (2.55–2.65)', '2.60 (2.60–2.61)', '–']
    """
    if isinstance(ests, (str, bytes, Mapping)) or not isinstance(ests, Sequence):
        raise TypeError(f"fmt_column takes a list of estimates (or None), not "
                        f"{type(ests).__name__}")
    for est in ests:  # (each refused in words, as fmt refuses it)
        if est is not None and not isinstance(est, Mapping):
            raise TypeError(f"an estimate is a mapping such as {{'value': 0.5, 'low': 0.4, "
                            f"'high': 0.6}} (or None), not {type(est).__name__}")
    most = max((places(est, percent, digits) for est in ests
                if est is not None and est.get("value") is not None), default=digits)
    return [fmt(est, percent, most) for est in ests]


def fmt_shortfall(est: Mapping[str, Any] | None, of: float = 0.5, percent: bool = False,
                  digits: int = 1) -> str:
    """How far ``est`` falls below ``of``, with its interval, taken from the figures that
    :func:`fmt` prints for ``est``: so that the two, side by side, add up to ``of`` exactly (a
    share of 45.85% and a shortfall of 4.15% were printed "45.9%" and "4.2%", 50.1 together;
    review 42b).  Without a unit: a difference of percentages is in points.

    >>> share = {"value": 0.4585, "low": 0.4410, "high": 0.4765}
    >>> fmt(share, percent=True), fmt_shortfall(share, percent=True)
    ('45.9% (44.1–47.7)', '4.1 (2.3–5.9)')
    >>> fmt_shortfall({"value": 0.5, "low": 0.47, "high": 0.52}, percent=True)
    '0.0 (-2.0 to 3.0)'
    """
    if est is not None and not isinstance(est, Mapping):
        raise TypeError(f"an estimate is a mapping such as {{'value': 0.5, 'low': 0.4, "
                        f"'high': 0.6}} (or None), not {type(est).__name__}")
    if est is None or est.get("value") is None:
        return "–"
    digits = places(est, percent, digits)
    scale = 100.0 if percent else 1.0
    top = decimal.Decimal(_shown(of * scale, digits))

    def below(x: float) -> str:
        text = f"{top - decimal.Decimal(_shown(x * scale, digits)):.{digits}f}"
        return text[1:] if text.startswith("-") and not text.strip("-0.") else text

    value = below(est["value"])
    if est.get("low") is None or est.get("high") is None:
        return value
    low, high = below(est["high"]), below(est["low"])
    sep = " to " if low.startswith("-") or high.startswith("-") else "–"
    return f"{value} ({low}{sep}{high})"


def places(est: Mapping[str, Any], percent: bool = False, digits: int = 1) -> int:
    """How many places :func:`fmt` gives ``est`` (at least ``digits``): more where fewer
    would print a share as all or nothing that is not quite, or an interval as a point."""
    check_estimate(est)
    scale = 100.0 if percent else 1.0
    # a share rounded to all or nothing that is not quite so is given to more places: "greedy
    # beats random in 100% (99–100)" of games it won 99.6% of (review 37b)
    figures = [est[k] for k in ("value", "low", "high") if est.get(k) is not None]
    while percent and digits < 3 and any(
            (round(x * 100, digits) >= 100 and x < 1) or (round(x * 100, digits) <= 0 and x > 0)
            for x in figures):
        digits += 1
    # an interval that would print as a point ("2.6 (2.6–2.6)") is given to more places, as
    # many as tell its ends apart (up to 4 more; review 42b)
    if est.get("low") is not None and est.get("high") is not None and est["low"] < est["high"]:
        ends = (est["low"] * scale, est["high"] * scale)
        more = 0
        while more < 4 and _shown(ends[0], digits + more) == _shown(ends[1], digits + more):
            more += 1
        digits += more
    return digits


def _shown(x: float, digits: int) -> str:
    """``x`` to ``digits`` places, never "-0.0" (a figure that rounds to nothing has no sign;
    review 42b), and a half always rounded away from nothing: 82.5 and 87.5 were printed "82"
    and "88", and 0.825 × 100, a hair under 82.5 as a float, "82" (review 42f).

    >>> _shown(-0.00004, 1), _shown(-0.06, 1), _shown(2.0, 0), _shown(0.825 * 100, 0)
    ('0.0', '-0.1', '2', '83')
    >>> _shown(87.5, 0), _shown(45.85, 1), _shown(4.15, 1), _shown(-2.5, 0)
    ('88', '45.9', '4.2', '-3')
    """
    if not math.isfinite(x):
        return f"{x:.{digits}f}"
    # (the figure to 9 places first, where the data files keep it, then halves up)
    exact = decimal.Decimal(f"{x:.9f}").quantize(decimal.Decimal(1).scaleb(-digits),
                                                 rounding=decimal.ROUND_HALF_UP)
    text = f"{exact:.{digits}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


# -- a picture, drawn or explained -----------------------------------------------------------------


@dataclass(frozen=True)
class Picture:
    """A picture not drawn yet: ``draw()`` draws it (a matplotlib figure); ``header`` and
    ``rows`` hold the numbers it shows, as a table (:meth:`table`), for where it cannot be drawn.

    Show it with :func:`show` (or as a cell's last expression, which does the same)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    drawer: Callable[[Any], Any] = field(repr=False, compare=False)

    def draw(self) -> Any:
        """The matplotlib figure (:class:`NoMatplotlib` if matplotlib is not installed)."""
        return self.drawer(_pyplot())

    def table(self) -> str:
        """The picture's numbers as an HTML table, captioned with its title."""
        return html_table(self.header, self.rows, caption=self.title)

    def _ipython_display_(self) -> None:
        show(self)


def _missing() -> str:
    if sys.platform == "emscripten":  # Pyodide: the book's live notebooks
        return "matplotlib, which Python in the browser here does not have"
    return "matplotlib, which is not installed here (pip install 'penneech[plot]')"


def _check_where(numbers: str | None) -> None:
    if numbers is not None and numbers not in WHERE:
        raise ValueError(f"numbers must be one of {', '.join(WHERE)} or None, not {numbers!r}")


def _check_picture(picture: object, what: str) -> None:
    if not isinstance(picture, Picture):  # (an AttributeError from inside)
        raise TypeError(f"{what} takes a Picture (from forest, forests, histograms, scatter or "
                        f"effects), not {type(picture).__name__}")


def explanation(picture: Picture, numbers: str | None = None) -> tuple[str, str]:
    """What :func:`show` says where it cannot draw ``picture``: ``(html, plain text)``."""
    _check_picture(picture, "explanation")
    _check_where(numbers)
    said = f"The picture “{picture.title}” is not drawn: it needs {_missing()}."
    if numbers is None:
        said += " This table holds the same numbers:"
        lines = [" | ".join(picture.header)] + [" | ".join(str(v) for v in row)
                                                 for row in picture.rows]
        return (f'<p class="penneech-no-picture"><em>{html_text(said)}</em></p>'
                + picture.table(), "\n".join([said, *lines]))
    said += f" The table {numbers} holds the same numbers."
    return f'<p class="penneech-no-picture"><em>{html_text(said)}</em></p>', said


def show(picture: Picture, *, numbers: str | None = None, alt: str | None = None) -> None:
    """Draw ``picture`` and show it; where matplotlib is missing (Python in the browser), say so
    and show the same numbers as a table, or with ``numbers="above"`` or ``"below"``, say that
    the table there on the page holds them.

    ``alt`` is the picture's text for a reader who cannot see it, worked out by the caller from
    the same figures as the picture.  In a notebook it goes with the image, in the output's
    metadata (``{"image/png": {"alt": ...}}``), from where ``tools/execute_notebooks.py`` gives it
    to the book's page: an alt text typed beside the cell went stale as the figures changed
    (review 45c).  A notebook's picture has :data:`SHARPNESS` image pixels to each pixel of its
    width on the page (the output's ``width``), so that a phone's screen shows it sharp."""
    _check_picture(picture, "show")
    _check_where(numbers)
    if alt is not None and (not isinstance(alt, str) or not alt.strip()):
        raise ValueError(f"show: alt must be a text that says what the picture shows, not "
                         f"{alt!r}")
    try:
        plt = _pyplot()
    except NoMatplotlib:
        _publish(*explanation(picture, numbers))
        return
    picture.drawer(plt)
    if _in_a_notebook():
        from IPython.core.pylabtools import print_figure
        from IPython.display import Image, display

        fig = plt.gcf()
        # (as the inline backend draws it, its tight box, with SHARPNESS times the pixels; the
        # width says its size on the page, where the height follows: a height too would hold
        # it when a phone's column narrows it)
        png = print_figure(fig, "png", bbox_inches="tight",  # type: ignore[no-untyped-call]
                           dpi=DPI * SHARPNESS)
        plt.close(fig)
        width = round(int.from_bytes(png[16:20], "big") / SHARPNESS)  # (the PNG's IHDR)
        display(Image(data=png, format="png", width=width,  # type: ignore[no-untyped-call]
                      metadata={} if alt is None else {"alt": alt}))
        return
    plt.show()


def _in_a_notebook() -> bool:
    """Whether this runs in an IPython kernel, which shows what is displayed."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _publish(html: str, text: str) -> None:
    """Show ``html`` in a notebook, or print ``text`` where there is none."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:
        print(text)
        return
    if get_ipython() is None:
        print(text)
    else:
        display({"text/html": html, "text/plain": text}, raw=True)  # type: ignore[no-untyped-call]


# -- the pictures ----------------------------------------------------------------------------------


def estimate_rows(
    items: Sequence[tuple[str, Mapping[str, Any]]], percent: bool = False
) -> list[tuple[str, str, Any]]:
    """``(label, "value (low–high)", n)`` rows for :func:`html_table`."""
    shown = fmt_column([est for _, est in items], percent)
    return [(label, text, est.get("n", "")) for (label, est), text in zip(items, shown,
                                                                          strict=True)]


def _lines(labels: Sequence[str]) -> list[tuple[str | None, int | None]]:
    """The lines of a forest, top to bottom: ``(heading, None)`` or ``(label, row index)``.

    Where every label reads ``"group: name"`` and some group holds more than one row next to
    each other, each group's name is a heading above its rows, which are labelled by their
    names alone; else every row is one line, labelled in full (a wide column of labels would
    leave a phone's screen little room for the figures).

    >>> _lines(["pagat: greedy v random", "pagat: club v greedy", "davis: club v greedy"])
    [('pagat', None), ('greedy v random', 0), ('club v greedy', 1), ('davis', None), \
('club v greedy', 2)]
    >>> _lines(["pagat (greedy)", "pagat (random)"])
    [('pagat (greedy)', 0), ('pagat (random)', 1)]
    """
    parts = [label.split(": ", 1) for label in labels]
    groups = [part[0] for part in parts]
    if (any(len(part) < 2 for part in parts)
            or not any(a == b for a, b in zip(groups, groups[1:], strict=False))):
        return [(label, i) for i, label in enumerate(labels)]
    lines: list[tuple[str | None, int | None]] = []
    for i, (group, name) in enumerate(parts):
        if i == 0 or group != groups[i - 1]:
            lines.append((group, None))
        lines.append((name, i))
    return lines


def _forest_height(lines: int) -> float:
    """A forest's height in inches, for so many lines (rows and headings)."""
    return 0.27 * lines + 1.25


def _intervals(ax: Any, rows: Sequence[tuple[str, Mapping[str, Any]]], *, scale: float,
               colours: Sequence[str] | None, ms: float | None) -> None:
    """One row per label, top to bottom: the figure as a dot, its 95% interval as a bar; rows
    of a group under its heading (:func:`_lines`)."""
    from matplotlib.transforms import blended_transform_factory

    lines = _lines([label for label, _ in rows])
    ticks, names = [], []
    for k, (text, i) in enumerate(lines):
        y = len(lines) - 1 - k
        if i is None:  # a heading, from the picture's left edge
            ax.text(0.01, y, _wrapped(str(text), SMALLEST + 1),
                    transform=blended_transform_factory(ax.figure.transFigure, ax.transData),
                    ha="left", va="center", fontsize=SMALLEST + 1, fontweight="bold",
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 1},
                    in_layout=False)
            continue
        ticks.append(y)
        names.append(text)
        est = rows[i][1]
        colour = (colours[i] if colours else COLOURS[0])
        if est.get("value") is None:
            continue
        value = est["value"] * scale
        if est.get("low") is not None:
            ax.plot([est["low"] * scale, est["high"] * scale], [y, y], color=colour, lw=3,
                    solid_capstyle="butt", alpha=0.6)
        ax.plot([value], [y], "o", color=colour, ms=ms)
    ax.set_yticks(ticks[::-1], names[::-1])
    ax.set_ylim(-0.6, len(lines) - 0.4)
    ax.grid(axis="x", color="0.9")


#: A forest of more lines than this has its x axis at the top as well as the bottom.
TALL = 14


def forest(
    rows: Sequence[tuple[str, Mapping[str, Any]]], *, title: str, xlabel: str,
    reference: float | None = None, percent: bool = False, colours: Sequence[str] | None = None,
) -> Picture:
    """One row per label: the figure as a dot and its 95% interval as a bar.  Rows labelled
    ``"group: name"`` are drawn under a heading for each group, labelled by their names; a tall
    forest has its x axis at the top too."""
    xlabel += " (%)" if percent else ""
    rows = list(rows)

    def draw(plt: Any) -> Any:
        lines = len(_lines([label for label, _ in rows]))
        tall = lines > TALL
        fig, ax = plt.subplots(figsize=(WIDTH, max(2.2, _forest_height(lines)
                                                   + (0.5 if tall else 0))))
        scale = 100.0 if percent else 1.0
        _intervals(ax, rows, scale=scale, colours=colours, ms=7)
        if reference is not None:
            ax.axvline(reference * scale, color="0.4", lw=1, ls="--")
        _title(fig, title)
        ax.set_xlabel(xlabel)
        if tall:
            ax.secondary_xaxis("top").set_xlabel(xlabel)
        return fig

    return Picture(title, ("", xlabel, "sample size"),
                   tuple(estimate_rows(rows, percent)), draw)


def _panels(panels: object, what: str, each: str) -> list[Any]:
    """``panels`` as a list, if it is a list of at least one panel, else :class:`ValueError`
    (matplotlib's "Number of rows must be a positive integer" came from inside)."""
    listed = (list(panels) if isinstance(panels, Iterable)
              and not isinstance(panels, (str, Mapping)) else [])
    if not listed:
        raise ValueError(f"{what} needs a list of one or more panels, each {each}, not "
                         f"{py_shown(panels)}")
    return listed


def forests(
    panels: Sequence[tuple[str, str, Sequence[tuple[str, Mapping[str, Any]]], bool]], *,
    title: str,
) -> Picture:
    """Several :func:`forest` panels, one under another, one per ``(title, xlabel, rows,
    percent)``; ``title`` names the whole (the panels have their own titles)."""
    panels = [(name, xlabel, list(rows), percent) for name, xlabel, rows, percent
              in _panels(panels, "forests", "(title, xlabel, rows, percent)")]
    labels = list(dict.fromkeys(label for _, _, rows, _ in panels for label, _ in rows))
    values = [dict(zip([label for label, _ in rows],
                       fmt_column([est for _, est in rows], percent), strict=True))
              for _, _, rows, percent in panels]

    def draw(plt: Any) -> Any:
        heights = [_forest_height(len(_lines([label for label, _ in rows])))
                   for _, _, rows, _ in panels]
        fig, axes = plt.subplots(len(panels), 1, figsize=(WIDTH, sum(heights)), squeeze=False,
                                 height_ratios=heights)
        for ax, (name, xlabel, rows, percent) in zip(axes[:, 0], panels, strict=True):
            _intervals(ax, rows, scale=100 if percent else 1, colours=None, ms=None)
            ax.set_title(_wrapped(name, SMALLEST + 1, WIDTH - 1.5), loc="left",
                         fontsize=SMALLEST + 1)
            ax.set_xlabel(xlabel)
        _title(fig, title)
        return fig

    return Picture(title, ("", *(name for name, _, _, _ in panels)),
                   tuple((label, *(v.get(label, "–") for v in values)) for label in labels),
                   draw)


def histograms(
    panels: Sequence[tuple[str, Mapping[str, int]]], *, title: str, xlabel: str,
    highlight: int | None = None,
) -> Picture:
    """Small multiples, one under another: the share of games per value, one panel each."""
    panels = _panels(panels, "histograms", "(label, histogram)")
    keys = sorted({int(k) for _, h in panels for k in h})
    xs = list(range(min(keys), max(keys) + 1)) if keys else []

    def shares(hist: Mapping[str, int]) -> list[float]:
        total = sum(hist.values()) or 1
        return [100 * hist.get(str(x), 0) / total for x in xs]

    def draw(plt: Any) -> Any:
        fig, axes = plt.subplots(len(panels), 1, figsize=(WIDTH, 1.35 * len(panels) + 1.0),
                                 sharex=True, sharey=True, squeeze=False)
        for (label, hist), ax in zip(panels, axes[:, 0], strict=True):
            colours = [COLOURS[1] if x == highlight else COLOURS[0] for x in xs]
            ax.bar(xs, shares(hist), color=colours, width=0.8)
            ax.set_ylabel("%")
            ax.set_title(label, loc="left", fontsize=SMALLEST + 1)
            ax.grid(axis="y", color="0.9")
        axes[-1, 0].set_xlabel(xlabel)
        axes[-1, 0].set_xticks(xs)
        _title(fig, title)
        return fig

    return Picture(title, ("", *(f"{xlabel} {x}" for x in xs), "games"),
                   tuple((label, *(f"{s:.1f}%" for s in shares(hist)), sum(hist.values()))
                         for label, hist in panels), draw)


def scatter(
    points: Sequence[tuple[str, Mapping[str, Any], Mapping[str, Any]]], *, title: str,
    xlabel: str, ylabel: str, percent: bool = False,
) -> Picture:
    """One labelled point per ``(label, x, y)``, with its 95% intervals both ways."""
    points = list(points)
    scale = 100.0 if percent else 1.0
    unit = " (%)" if percent else ""

    def draw(plt: Any) -> Any:
        fig, ax = plt.subplots(figsize=(WIDTH, 4.2))
        for i, (label, x, y) in enumerate(points):
            colour = COLOURS[i % len(COLOURS)]
            ax.plot([scale * x["low"], scale * x["high"]], [scale * y["value"]] * 2,
                    color=colour)
            ax.plot([scale * x["value"]] * 2, [scale * y["low"], scale * y["high"]],
                    color=colour)
            ax.plot([scale * x["value"]], [scale * y["value"]], "o", color=colour, ms=8)
            ax.annotate(label, (scale * x["value"], scale * y["value"]),
                        textcoords="offset points", xytext=(6, 6), fontsize=SMALLEST + 1)
        ax.set_xlabel(xlabel + unit)
        ax.set_ylabel(ylabel + unit)
        _title(fig, title)
        ax.grid(color="0.9")
        return fig

    xs = fmt_column([x for _, x, _ in points], percent)
    ys = fmt_column([y for _, _, y in points], percent)
    return Picture(title, ("", xlabel + unit, ylabel + unit),
                   tuple((label, x, y) for (label, _, _), x, y in zip(points, xs, ys, strict=True)),
                   draw)


def effects(
    rows: Sequence[str], columns: Sequence[str], cells: Sequence[Sequence[Mapping[str, Any]]],
    *, title: str, limit: float = 0.5,
) -> Picture:
    """A grid of effects: rows of changes, columns of measures, colour by the relative change.

    Each cell holds ``{"relative": r, "clear": bool, "text": str}``; a cell whose 95% interval
    includes no change is hatched grey, whatever its colour would be (and, in the table, reads
    "no clear change").
    """
    rows, columns, cells = list(rows), list(columns), [list(row) for row in cells]

    def said(cell: Mapping[str, Any]) -> str:
        r = cell.get("relative")
        if r is None or not cell.get("clear"):
            return "no clear change"
        text = cell.get("text", "")
        return f"{text} ({r:+.0%})" if text else f"{r:+.0%}"

    def draw(plt: Any) -> Any:
        from matplotlib.colors import TwoSlopeNorm
        from matplotlib.patches import Rectangle

        # each row's label is written above its cells, so that the cells have the whole width
        # and their numbers room for type as large as the rest (a column of labels on the
        # left left them a third of a phone's screen)
        band = 1.8  # a row's height: its label, then its cells (1)
        tall = len(rows) > 8
        fig, ax = plt.subplots(figsize=(WIDTH, 0.27 * band * len(rows) + (3.3 if tall
                                                                          else 2.4)))
        norm = TwoSlopeNorm(vcenter=0.0, vmin=-limit, vmax=limit)
        cmap = plt.get_cmap("PuOr_r")
        for i, (label, row) in enumerate(zip(rows, cells, strict=True)):
            y = (len(rows) - 1 - i) * band
            ax.text(-0.5, y + 0.55, label, ha="left", va="bottom", fontsize=SMALLEST)
            for j, cell in enumerate(row):
                r = cell.get("relative")
                if r is None or not cell.get("clear"):
                    ax.add_patch(Rectangle((j - 0.5, y - 0.5), 1, 1, facecolor="0.95",
                                           edgecolor="white", hatch="///", lw=0.5))
                else:
                    clipped = max(-limit, min(limit, r))
                    ax.add_patch(Rectangle((j - 0.5, y - 0.5), 1, 1,
                                           facecolor=cmap(norm(clipped)), edgecolor="white"))
                text = cell.get("text", "")
                if text:
                    dark = r is not None and cell.get("clear") and abs(r) > 0.6 * limit
                    ax.text(j, y, text, ha="center", va="center", fontsize=SMALLEST,
                            color="white" if dark else "black")
        ax.set_xlim(-0.5, len(columns) - 0.5)
        ax.set_ylim(-0.5, (len(rows) - 1) * band + band - 0.5)
        # the columns named upright, which takes no width from the cells; a tall grid names
        # them at its top as well
        ax.set_xticks(range(len(columns)), columns, rotation=90)
        if tall:
            ax.tick_params(axis="x", labeltop=True)
        ax.set_yticks([])
        ax.tick_params(length=0)
        for side in ("left", "bottom"):
            ax.spines[side].set_visible(False)
        _title(fig, title)
        sm = plt.cm.ScalarMappable(norm=norm, cmap=cmap)
        bar = fig.colorbar(sm, ax=ax, orientation="horizontal", fraction=0.04, pad=0.02,
                           location="bottom" if tall else "top", aspect=30)
        bar.set_ticks([-limit, 0, limit],
                      labels=[f"−{limit:.0%}", "no change", f"+{limit:.0%}"])
        return fig

    return Picture(title, ("change", *columns),
                   tuple((label, *(said(cell) for cell in row))
                         for label, row in zip(rows, cells, strict=True)), draw)


# -- numbers and tables ----------------------------------------------------------------------------


def relative(diff: Mapping[str, Any], base: Mapping[str, Any]) -> dict[str, Any]:
    """A difference as a share of the base value, and whether its interval excludes 0."""
    value, low, high = diff.get("value"), diff.get("low"), diff.get("high")
    b = base.get("value")
    if value is None or not b or low is None or high is None:
        return {"relative": None, "clear": False}
    return {"relative": value / abs(b), "clear": low > 0 or high < 0}


# -- words for a picture's alt text, worked out from its figures ----------------------------


def listed(names: Sequence[str]) -> str:
    """Names in a sentence: "a", "a and b", "a, b and c" (or "none").

    >>> listed(["minimal"]), listed(["pagat", "davis"]), listed(["a", "b", "c"]), listed([])
    ('minimal', 'pagat and davis', 'a, b and c', 'none')
    """
    names = list(names)
    if not names:
        return "none"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def spread(ests: Sequence[Mapping[str, Any]], percent: bool = False, digits: int = 0) -> str:
    """The range of the estimates' values in words: "35% to 41%" (or "12" where all round
    alike), for an alt text that says what a picture shows without the figures typed in.

    >>> spread([{"value": 0.351}, {"value": 0.402}], percent=True)
    '35% to 40%'
    >>> spread([{"value": 2.44}, {"value": 2.41}], digits=1)
    '2.4'
    """
    scale, unit = (100, "%") if percent else (1, "")
    values = sorted(scale * float(est["value"]) for est in ests)
    if not values:
        raise ValueError("spread needs at least one estimate")
    low, high = (f"{v:.{digits}f}{unit}" for v in (values[0], values[-1]))
    return low if low == high else f"{low} to {high}"


def sides(rows: Sequence[tuple[str, Mapping[str, Any]]], reference: float
          ) -> dict[str, list[str]]:
    """Which rows' 95% intervals lie wholly ``"above"`` or ``"below"`` ``reference``, and which
    reach it (``"neither"``): what a dot-and-interval picture shows against its dashed line.

    >>> sides([("a", {"value": .6, "low": .55, "high": .65}),
    ...        ("b", {"value": .5, "low": .4, "high": .6})], 0.5)
    {'above': ['a'], 'below': [], 'neither': ['b']}
    """
    out: dict[str, list[str]] = {"above": [], "below": [], "neither": []}
    for label, est in rows:
        low, high = est.get("low"), est.get("high")
        side = ("neither" if low is None or high is None else "above" if low > reference
                else "below" if high < reference else "neither")
        out[side].append(label)
    return out


def html_table(header: Sequence[str], rows: Sequence[Sequence[Any]],
               caption: str | None = None) -> str:
    """An HTML table; every header and cell is escaped here (:func:`penneech.text.html_text`)."""
    def cell(value: Any, tag: str) -> str:
        return f"<{tag}>{html_text(str(value))}</{tag}>"

    head = "".join(cell(h, "th") for h in header)
    body = "".join("<tr>" + "".join(cell(v, "td") for v in row) + "</tr>" for row in rows)
    cap = f"<caption>{html_text(caption)}</caption>" if caption else ""
    return (f'<table class="penneech-table penneech-results">{cap}<thead><tr>{head}</tr>'
            f"</thead><tbody>{body}</tbody></table>")


def significant(est: Mapping[str, Any]) -> bool:
    """Whether a difference's 95% interval excludes zero (never for an interval that is not
    known: ``None`` or NaN, as for a single game)."""
    low, high = est.get("low"), est.get("high")
    if low is None or high is None or math.isnan(low) or math.isnan(high):
        return False
    return not (low <= 0 <= high)
