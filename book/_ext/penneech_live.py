"""The live pages: controls that run the engine in the reader's browser.

``{penneech-live} KIND`` writes the controls of one live panel into the page, built at build
time from the engine's own catalogue (:func:`penneech.live.catalogue`: the presets, every rule
option and its values, the player kinds), so a new option or player kind appears by itself.
KIND is one of:

``play``
    The card table against the computer ("Play the computer").
``compare``
    One pack under every preset, dealt again live ("One deal, four rulebooks"); with the option
    ``:option: NAME`` (or ``:option: choose``), under each value of one option ("Change one
    rule").
``replay``
    A record file from the reader's computer, stepped through.
``experiment``
    Many games between two computer players, with a 95% interval.
``prompt``
    A Python prompt with ``penneech`` imported.

The page stays as light as before: the panel is a form and a button.  ``_static/live/live.js``
(added only to pages with a panel) starts the engine in a Web Worker when the reader first asks
for it, loading Pyodide and the penneech wheel from the site's own ``pyodide/`` folder (see
``penneech_runtime``).  All text in the controls is escaped by :mod:`xml.etree.ElementTree`.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from penneech.frames import NOT_IN_ONE_DEAL
from penneech.live import catalogue
from penneech.render import rule_link_title
from penneech.rules import show_value

STATIC = Path(__file__).resolve().parent.parent / "_live"
KINDS = ("play", "compare", "replay", "experiment", "prompt")


class live_panel(nodes.General, nodes.Element):  # noqa: N801 - docutils naming
    """A live panel; its HTML is made at build time."""


def _visit(self: Any, node: live_panel) -> None:
    self.body.append(node["html"])
    raise nodes.SkipNode


def _skip(self: Any, node: live_panel) -> None:
    """Other formats (LaTeX, text) leave a live panel out: it needs a browser."""
    raise nodes.SkipNode


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    el = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): v
                                     for k, v in attrs.items()})
    if text is not None:
        el.text = text
    return el


def _label(parent: ET.Element, text: str) -> ET.Element:
    lab = _el(parent, "label", class_="pn-field")
    _el(lab, "span", text)
    return lab


def _select(parent: ET.Element, text: str, name: str, choices: list[tuple[str, str]],
            value: str, title: str = "") -> ET.Element:
    lab = _label(parent, text)
    sel = _el(lab, "select", name=name, **({"title": title} if title else {}))
    for val, shown in choices:
        opt = _el(sel, "option", shown, value=val)
        if val == value:
            opt.set("selected", "selected")
    return sel


def _option_help(parent: ET.Element, cat: dict[str, Any], name: str, help_id: str,
                 up: str) -> None:
    """What an option decides, which reading holds each of its values, and a link to its
    section of the book, shown under its menu: on a phone a tooltip is never seen (review 44a),
    and the menu cuts its values short."""
    info = cat["options"][name]
    help_ = _el(parent, "p", info["description"] + " ", class_="pn-option-help", id=help_id)
    held = [v for v in info["values"] if v["holders"]]
    if len(held) == 1 and len(info["values"]) > 1:
        line = _el(help_, "span", "Every reading: ")
        _el(line, "code", held[0]["text"]).tail = ". "
    elif len(held) > 1:
        line = _el(help_, "span", "Held by: ")
        for i, v in enumerate(held):
            code = _el(line, "code", v["text"])
            code.tail = ": " + ", ".join(v["holders"]) + ("; " if i < len(held) - 1 else ". ")
    # (beside the form, as the table's rule links open: the choices made on it stay)
    _el(help_, "a", "Sources and reasons", href=f"{up}{cat['options_page']}#{info['anchor']}",
        target="_blank", rel="noopener", title=rule_link_title(name))


def _rules_fields(form: ET.Element, cat: dict[str, Any], *, prefix: str = "",
                  skip: tuple[str, ...] = (), ids: str = "pn", up: str = "") -> None:
    """A preset menu and, folded under it, a menu for every option (set from the preset), each
    with what it decides and who holds which value (``ids``: a prefix that makes the help's ids
    unique in the page; ``up``: the way from the page to the book's root)."""
    default = cat["default_preset"]
    presets = cat["presets"]
    _select(form, "Rules", f"{prefix}preset", [(p, cat["preset_labels"][p]) for p in presets],
            default, "a reading of the rules; change any option below")
    more = _el(form, "details", class_="pn-options")
    _el(more, "summary", "Change any rule")
    grid = _el(more, "div", class_="pn-option-grid")
    for name, info in cat["options"].items():
        if name in skip:
            continue
        current = presets[default][name]
        help_id = f"{ids}-{name}-help"
        # (the help beside the label, not in it: in it, it would be read as the menu's name)
        box = _el(grid, "div", class_="pn-option")
        lab = _label(box, f"{info['question']} ({name})")
        if name == "target":
            _el(lab, "input", type="number", name=f"{prefix}opt-{name}", min=str(info["minimum"]),
                max=str(info["maximum"]),
                value=str(current), data_option=name, aria_describedby=help_id)
        else:
            # the value's code is what the engine, the command line and records write
            choices = [(v["text"], f"{v['description']} ({v['text']})") for v in info["values"]]
            shown = show_value(current)
            sel = _el(lab, "select", name=f"{prefix}opt-{name}", data_option=name,
                      aria_describedby=help_id)
            for val, text in choices:
                opt = _el(sel, "option", text, value=val)
                if val == shown:
                    opt.set("selected", "selected")
        _option_help(box, cat, name, help_id, up)


def _button(parent: ET.Element, text: str, action: str, **attrs: str) -> ET.Element:
    return _el(parent, "button", text, type="button", data_do=action, **attrs)


#: the name of each kind of panel as a landmark of the page
_REGIONS = {"play": "Your game against the computer", "replay": "Replay a record",
            "compare": "Compare the readings", "experiment": "Your experiment",
            "prompt": "Python prompt"}


def panel_html(kind: str, option: str | None = None, seed: int = 1,
               example: str | None = None, recorded: bool = True, *, serial: int = 0,
               up: str = "") -> str:
    """The static HTML of one live panel (``example``: the site URL of a record to replay;
    ``recorded``: whether the page has recorded examples, a notebook's outputs, that work
    without JavaScript; ``serial``: the panel's number in its page, for unique ids; ``up``:
    the way from the page to the book's root)."""
    cat = catalogue()
    presets_json = json.dumps(cat["presets"], separators=(",", ":"))
    root = ET.Element("div", {"class": f"pn-live pn-live-{kind}", "data-live": kind,
                              "data-presets": presets_json})
    # a landmark a screen reader can move to, as it moves by headings (review 38b: the table
    # was reached only by reading through the page)
    region = _REGIONS.get(kind)
    if region:
        root.set("role", "region")
        root.set("aria-label", region)
    # (a button pressed before live.js has run must not send the form as a page request: the
    # page went to "play-the-computer.html?preset=pagat&…", a reload that did nothing; 41c)
    form = _el(root, "form", class_="pn-live-form", autocomplete="off",
               onsubmit="return false")
    fair = [p for p in cat["players"] if p["fair"]]
    if kind == "play":
        default = next(p for p in fair if p["default"])
        # (one short line over the button: on a phone a note of 100 words, which said again
        # what the page had just said, put Play live two screens down; review 45b. What Hint
        # and Undo do is told beside them, at the table.)
        _el(form, "p", "Press Play live to play at once, under "
            f"{cat['preset_labels'][cat['default_preset']]} against the {default['kind']} player, "
            "or choose the rules and your opponent first. At the table, Hint suggests a card "
            "and Undo takes one back.", class_="pn-live-note")
        # folded away while a game is on, so that the table is in view
        settings = _el(form, "details", class_="pn-settings", open="open")
        _el(settings, "summary", "Rules, opponent and seed")
        _rules_fields(settings, cat, ids=f"pn{serial}", up=up)
        row = _el(settings, "div", class_="pn-row-fields")
        _select(row, "Opponent", "opponent",
                [(p["kind"], p["label"]) for p in fair],
                next(p["kind"] for p in fair if p["default"]),
                "the computer player you play against")
        for p in fair:
            if p["strengths"]:
                sel = _select(row, f"Strength ({p['kind']})", f"strength-{p['kind']}",
                              [(json.dumps(s["settings"]), s["label"]) for s in p["strengths"]],
                              next(json.dumps(s["settings"]) for s in p["strengths"]
                                   if s["default"]))
                sel.set("data-for", p["kind"])
        # what each opponent does and how strong it measured, shown for the one picked
        for p in fair:
            about = _el(settings, "div", class_="pn-opponent-about", data_about=p["kind"],
                        **({} if p["default"] else {"hidden": "hidden"}))
            _el(about, "p", f"{p['label']}: {p['about']}.")
            # measured under the reading chosen in the form (the page shows the one picked)
            for name, lines in p["measured_by_rules"].items():
                block = _el(about, "div", class_="pn-measured", data_rules=name,
                            **({} if name == cat["default_preset"] else {"hidden": "hidden"}))
                _el(block, "p", f"Measured under {name}, as the reading is published:")
                listing = _el(block, "ul")
                for line in lines:
                    _el(listing, "li", line.strip())
            if p["measured"]:
                block = _el(about, "details", class_="pn-measured-all")
                _el(block, "summary", "Over all the readings measured")
                listing = _el(block, "ul")
                for line in p["measured"]:
                    _el(listing, "li", line.strip())
        _select(row, "Who deals first", "dealer",
                [("cut", "cut for it"), ("0", "you"), ("1", "the computer")], "cut")
        lab = _label(row, "Seed (empty: a new shuffle)")
        _el(lab, "input", type="number", name="seed", min="0", inputmode="numeric")
        lab = _label(row, "Your name")
        _el(lab, "input", type="text", name="name", value="Reader", maxlength="40")
        bar = _el(form, "div", class_="pn-live-buttons")
        _el(bar, "button", "Play live", type="submit", class_="pn-live-start")
        _button(bar, "Resume the saved game", "resume", hidden="hidden")
        # a downloaded game can be played on before any game is on the table
        lab = _el(bar, "label", class_="pn-file")
        _el(lab, "span", "Or play on from a downloaded game: ")
        _el(lab, "input", type="file", accept=".json,application/json", data_do="load")
    tools: ET.Element | None = None
    if kind == "play":
        tools = ET.Element("div", {"class": "pn-live-tools", "hidden": "hidden"})
        _button(tools, "Hint", "hint")
        _button(tools, "Undo", "undo")
        _button(tools, "Download the game", "download")
        about = _el(tools, "details", class_="pn-tools-about")
        _el(about, "summary", "What Hint and Undo do")
        _el(about, "p", "Hint names the card the expert player would play in your place, from "
            "what you can see, with its chance of winning the game. Undo takes back your last "
            "card and the computer's reply, even once the game is over (the finished game stays "
            "kept, with its result, beside the one played on). A downloaded record holds the "
            "game as it stands and does not say whether Hint or Undo was used.")
    if kind == "compare":
        if option:
            _select(form, "Option", "option",
                    [(n, f"{n}: {o['question']}") for n, o in cat["options"].items()
                     if n not in NOT_IN_ONE_DEAL],
                    option if option != "choose" else "follow")
            _select(form, "On top of", "base", [(p, p) for p in cat["presets"]],
                    cat["default_preset"])
        row = _el(form, "div", class_="pn-row-fields")
        lab = _label(row, "Seed of the pack")
        _el(lab, "input", type="number", name="seed", min="0", value=str(seed),
            inputmode="numeric")
        bar = _el(form, "div", class_="pn-live-buttons")
        _el(bar, "button", "Deal this seed live", type="submit", class_="pn-live-start")
        _button(bar, "Deal a new pack", "new-pack")
    elif kind == "replay":
        lab = _el(form, "label", class_="pn-file")
        _el(lab, "span", "Open a penneech-record/1 file from your computer: ")
        _el(lab, "input", type="file", accept=".json,application/json", data_do="open")
        if example:
            bar = _el(form, "div", class_="pn-live-buttons")
            _button(bar, "Replay the book's example", "example", class_="pn-live-start",
                    data_url=example)
    elif kind == "experiment":
        _rules_fields(form, cat, ids=f"pn{serial}", up=up)
        row = _el(form, "div", class_="pn-row-fields")
        kinds = [(p["kind"], p["kind"] + ("" if p["fair"] else " (sees the hidden cards)"))
                 for p in cat["players"]]
        _select(row, "Player A", "player-a", kinds, fair[0]["kind"])
        _select(row, "Player B", "player-b", kinds,
                next((k for k, _ in kinds if k == "random"), kinds[-1][0]))
        lab = _label(row, f"Games (up to {cat['max_experiment_games']})")
        _el(lab, "input", type="number", name="games", min="2",
            max=str(cat["max_experiment_games"]), value="100", inputmode="numeric")
        lab = _label(row, "Seed")
        _el(lab, "input", type="number", name="seed", min="0", value="1", inputmode="numeric")
        bar = _el(form, "div", class_="pn-live-buttons")
        _el(bar, "button", "Run live", type="submit", class_="pn-live-start")
        _button(bar, "Stop", "stop", disabled="disabled")
        _button(bar, "Go on", "go-on", hidden="hidden")
    elif kind == "prompt":
        lab = _el(form, "label", class_="pn-field pn-code")
        _el(lab, "span", "Python (Ctrl+Enter runs it)")
        _el(lab, "textarea", 'game = Game("parlett", seed=3)\ngame', name="code", rows="4",
            spellcheck="false")
        bar = _el(form, "div", class_="pn-live-buttons")
        _el(bar, "button", "Run live", type="submit", class_="pn-live-start")
        _button(bar, "Stop", "stop", disabled="disabled")
        _el(form, "p", "Stop ends code that runs too long (while True: …): Python starts "
            "again with your names as your last finished run left them.",
            class_="pn-live-note")
    status = _el(root, "div", class_="pn-live-status", role="status")
    prog = _el(status, "progress", max="100", hidden="hidden", aria_label="Loading Python")
    prog.text = ""
    _el(status, "span", "", class_="pn-live-message")
    # the download's figures as they come, with the time left, for the eye only: the line above
    # is read out, at each quarter (review 41c: the figure stood still for 22 s at 1.5 Mbps)
    _el(status, "span", "", class_="pn-live-figures", aria_hidden="true")
    _el(root, "div", "", class_="pn-live-out")
    if kind == "play":  # what changed at the table, told to a screen reader (kept on the page)
        _el(root, "p", "", class_="pn-live-news", aria_live="polite")
    if tools is not None:  # under the table
        root.append(tools)
    _el(root, "noscript", "The live panel needs JavaScript; the recorded examples on this page "
        "work without it." if recorded else "The live panel needs JavaScript.")
    return ET.tostring(root, encoding="unicode", method="html")


class LiveDirective(SphinxDirective):
    """``{penneech-live} KIND``: a live panel (see the module's docstring)."""

    required_arguments = 1
    option_spec = {"option": directives.unchanged, "seed": directives.nonnegative_int,
                   "example": directives.path}

    def run(self) -> list[nodes.Node]:
        kind = self.arguments[0]
        if kind not in KINDS:
            raise self.error(f"unknown live panel {kind!r}: use one of {', '.join(KINDS)}")
        example = None
        if "example" in self.options:  # a record shipped with the site, as a download
            rel, path = self.env.relfn2path(self.options["example"], self.env.docname)
            if not Path(path).is_file():
                raise self.error(f"no such record: {self.options['example']}")
            self.env.note_dependency(rel)
            example = "_downloads/" + self.env.dlfiles.add_file(self.env.docname, rel)
        node = live_panel()
        # a notebook's page holds its recorded outputs; a page of text (.md) has none
        recorded = str(self.env.doc2path(self.env.docname)).endswith(".ipynb")
        node["html"] = panel_html(kind, self.options.get("option"),
                                  int(self.options.get("seed", 1)), example, recorded,
                                  serial=self.env.new_serialno("penneech-live"),
                                  up="../" * self.env.docname.count("/"))
        return [node]


def _add_assets(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                doctree: nodes.document | None) -> None:
    """Only the pages with a live panel load its script and style."""
    if doctree is not None and any(True for _ in doctree.findall(live_panel)):
        app.add_css_file("live/live.css")
        # (before the widget scripts: deferred scripts run in the order they are named, and the
        # table waited for the 3.6 MB widget manager to arrive before it would start; 41c)
        app.add_js_file("live/live.js", loading_method="defer", priority=450)


def _static_path(app: Sphinx, config: Any) -> None:
    config.html_static_path.append(str(STATIC))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_node(live_panel, html=(_visit, None), latex=(_skip, None), text=(_skip, None),
                 man=(_skip, None), texinfo=(_skip, None))
    app.add_directive("penneech-live", LiveDirective)
    app.connect("config-inited", _static_path)
    app.connect("html-page-context", _add_assets)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
