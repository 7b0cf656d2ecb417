"""Pictures and tables for the book's experiments (Part IV), from their data files.

Needs the ``plot`` extra (matplotlib).  Every picture is drawn for a phone's width first: one
column, large type, labels written out on the left, 95% intervals as bars; every table is HTML
built here, with every value escaped.

>>> fmt({"value": 0.5234, "low": 0.51, "high": 0.54, "n": 100}, percent=True)
'52.3% (51.0–54.0)'
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["style", "fmt", "forest", "histograms", "effects", "relative", "html_table",
           "estimate_rows", "significant"]

#: Colours that colour-blind readers can tell apart (Okabe and Ito).
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442",
           "#000000")


def style() -> None:
    """Large type and a width that reads on a phone."""
    import matplotlib

    matplotlib.rcParams.update({
        "figure.figsize": (6.4, 4.0), "figure.dpi": 100, "savefig.dpi": 100,
        "font.size": 12, "axes.titlesize": 13, "axes.labelsize": 12,
        "xtick.labelsize": 11, "ytick.labelsize": 11, "legend.fontsize": 11,
        "axes.spines.top": False, "axes.spines.right": False,
        "figure.constrained_layout.use": True,
    })


def fmt(est: Mapping[str, Any] | None, percent: bool = False, digits: int = 1) -> str:
    """``value (low–high)``: a figure and its 95% interval, as text."""
    if est is None or est.get("value") is None:
        return "–"
    scale, unit = (100.0, "%") if percent else (1.0, "")
    value = f"{est['value'] * scale:.{digits}f}{unit}"
    if est.get("low") is None or est.get("high") is None:
        return value
    low, high = est["low"] * scale, est["high"] * scale
    sep = " to " if low < 0 or high < 0 else "–"  # a dash would read as a minus sign
    return f"{value} ({low:.{digits}f}{sep}{high:.{digits}f})"


def forest(
    rows: Sequence[tuple[str, Mapping[str, Any]]], *, title: str, xlabel: str,
    reference: float | None = None, percent: bool = False, colours: Sequence[str] | None = None,
) -> Any:
    """One row per label: the figure as a dot and its 95% interval as a bar."""
    import matplotlib.pyplot as plt

    height = max(2.2, 0.42 * len(rows) + 1.3)
    fig, ax = plt.subplots(figsize=(6.4, height))
    scale = 100.0 if percent else 1.0
    for i, (_, est) in enumerate(rows):
        y = len(rows) - 1 - i
        colour = (colours[i] if colours else COLOURS[0])
        if est.get("value") is None:
            continue
        value = est["value"] * scale
        if est.get("low") is not None:
            ax.plot([est["low"] * scale, est["high"] * scale], [y, y], color=colour, lw=3,
                    solid_capstyle="butt", alpha=0.6)
        ax.plot([value], [y], "o", color=colour, ms=7)
    ax.set_yticks(range(len(rows)), [label for label, _ in reversed(rows)])
    if reference is not None:
        ax.axvline(reference * scale, color="0.4", lw=1, ls="--")
    ax.set_title(title, loc="left")
    ax.set_xlabel(xlabel + (" (%)" if percent else ""))
    ax.grid(axis="x", color="0.9")
    return fig


def histograms(
    panels: Sequence[tuple[str, Mapping[str, int]]], *, title: str, xlabel: str,
    highlight: int | None = None,
) -> Any:
    """Small multiples, one under another: the share of games per value, one panel each."""
    import matplotlib.pyplot as plt

    keys = sorted({int(k) for _, h in panels for k in h})
    xs = list(range(min(keys), max(keys) + 1)) if keys else []
    fig, axes = plt.subplots(len(panels), 1, figsize=(6.4, 1.35 * len(panels) + 1.0),
                             sharex=True, sharey=True, squeeze=False)
    for (label, hist), ax in zip(panels, axes[:, 0], strict=True):
        total = sum(hist.values()) or 1
        shares = [100 * hist.get(str(x), 0) / total for x in xs]
        colours = [COLOURS[1] if x == highlight else COLOURS[0] for x in xs]
        ax.bar(xs, shares, color=colours, width=0.8)
        ax.set_ylabel("%")
        ax.set_title(label, loc="left", fontsize=12)
        ax.grid(axis="y", color="0.9")
    axes[-1, 0].set_xlabel(xlabel)
    axes[-1, 0].set_xticks(xs)
    fig.suptitle(title, x=0.02, ha="left")
    return fig


def effects(
    rows: Sequence[str], columns: Sequence[str], cells: Sequence[Sequence[Mapping[str, Any]]],
    *, title: str, limit: float = 0.5,
) -> Any:
    """A grid of effects: rows of changes, columns of measures, colour by the relative change.

    Each cell holds ``{"relative": r, "clear": bool, "text": str}``; a cell whose 95% interval
    includes no change is hatched grey, whatever its colour would be.
    """
    import matplotlib.pyplot as plt
    from matplotlib.colors import TwoSlopeNorm
    from matplotlib.patches import Rectangle

    fig, ax = plt.subplots(figsize=(6.4, 0.36 * len(rows) + 2.2))
    norm = TwoSlopeNorm(vcenter=0.0, vmin=-limit, vmax=limit)
    cmap = plt.get_cmap("PuOr_r")
    for i, row in enumerate(cells):
        for j, cell in enumerate(row):
            y = len(rows) - 1 - i
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
                ax.text(j, y, text, ha="center", va="center", fontsize=9,
                        color="white" if dark else "black")
    ax.set_xlim(-0.5, len(columns) - 0.5)
    ax.set_ylim(-0.5, len(rows) - 0.5)
    ax.set_xticks(range(len(columns)), columns, rotation=40, ha="right")
    ax.set_yticks(range(len(rows)), list(reversed(rows)))
    ax.tick_params(length=0)
    for side in ("left", "bottom"):
        ax.spines[side].set_visible(False)
    ax.set_title(title, loc="left")
    sm = plt.cm.ScalarMappable(norm=norm, cmap=cmap)
    bar = fig.colorbar(sm, ax=ax, orientation="horizontal", fraction=0.04, pad=0.02,
                       location="top")
    bar.set_ticks([-limit, 0, limit], labels=[f"−{limit:.0%}", "no change", f"+{limit:.0%}"])
    return fig


def relative(diff: Mapping[str, Any], base: Mapping[str, Any]) -> dict[str, Any]:
    """A difference as a share of the base value, and whether its interval excludes 0."""
    value, low, high = diff.get("value"), diff.get("low"), diff.get("high")
    b = base.get("value")
    if value is None or not b or low is None or high is None:
        return {"relative": None, "clear": False}
    return {"relative": value / abs(b), "clear": low > 0 or high < 0}


def html_table(header: Sequence[str], rows: Sequence[Sequence[Any]],
               caption: str | None = None) -> str:
    """An HTML table; every header and cell is escaped here."""
    def cell(value: Any, tag: str) -> str:
        return f"<{tag}>{html.escape(str(value))}</{tag}>"

    head = "".join(cell(h, "th") for h in header)
    body = "".join("<tr>" + "".join(cell(v, "td") for v in row) + "</tr>" for row in rows)
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (f'<table class="penneech-table penneech-results">{cap}<thead><tr>{head}</tr>'
            f"</thead><tbody>{body}</tbody></table>")


def estimate_rows(
    items: Sequence[tuple[str, Mapping[str, Any]]], percent: bool = False
) -> list[tuple[str, str, Any]]:
    """``(label, "value (low–high)", n)`` rows for :func:`html_table`."""
    return [(label, fmt(est, percent), est.get("n", "")) for label, est in items]


def significant(est: Mapping[str, Any]) -> bool:
    """Whether a difference's 95% interval excludes zero."""
    low, high = est.get("low"), est.get("high")
    return low is not None and high is not None and not (low <= 0 <= high)
