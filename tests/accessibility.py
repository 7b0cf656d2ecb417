"""axe-core (the engine of browser accessibility checkers, via axe-playwright-python) run on a
page as it stands, for the browser tests: the book's pages and the live table mid-game."""

from __future__ import annotations

from typing import Any

# axe-core's impacts that fail a page (a "moderate" or "minor" finding does not)
AXE_FAILS = ("critical", "serious")


def assert_accessible(page: Any, where: str, *, contrast: bool = True,
                      within: str | None = None) -> None:
    """axe-core finds nothing critical or serious on ``page`` (or in the part ``within``, a CSS
    selector): names for every control, contrast (unless ``contrast`` is false), roles, keyboard
    reach."""
    from axe_playwright_python.sync_playwright import Axe

    # book/_assets/penneech.js names the widgets' controls on the next animation frame
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    # (preload: axe fetches the page's stylesheets again to read them, and resolves the theme's
    # @import "../basic.css" against the page, a 404 that the tests' recorders count)
    # WCAG 2.0 and 2.1, levels A and AA: the standard; axe's "best practice" rules beyond it
    # find only the theme's moderate things here, and cost a third of the time
    options: dict[str, Any] = {
        "resultTypes": ["violations"], "preload": False,
        "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    }
    if not contrast:
        options["rules"] = {"color-contrast": {"enabled": False}}
    violations = Axe().run(page, context=within, options=options).response["violations"]
    bad = [f"{v['impact']} {v['id']} ({v['help']}): "
           + ", ".join(str(n["target"]) for n in v["nodes"][:4])
           + (f" and {len(v['nodes']) - 4} more" if len(v["nodes"]) > 4 else "")
           for v in violations if v["impact"] in AXE_FAILS]
    assert not bad, f"{where}: axe-core finds\n  " + "\n  ".join(bad)
