// On every page of the book: names for the controls that the notebooks' widgets draw without one,
// and boxes that scroll sideways made reachable from the keyboard.
//
// ipywidgets 8 draws the Play button of a stepper as an icon with no text, its slider's handle
// with no label (the "Step" beside it is not tied to it), and the header of a folded section as a
// plain <div> that only a mouse can open.  A screen reader then says "button" and "slider", and a
// keyboard cannot open the fold.  This script names them after what they show, and keeps the
// names right as the widgets redraw (the Play button becomes Pause while a deal plays).
(function () {
  "use strict";

  const ICONS = [["fa-play", "Play"], ["fa-pause", "Pause"], ["fa-stop", "Stop"],
                 ["fa-retweet", "Repeat"]];

  function setOnce(el, name, value) {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }

  function namePlayButtons(root) {
    root.querySelectorAll(".widget-play button").forEach((button) => {
      const icon = button.querySelector("i");
      if (!icon) return;
      const hit = ICONS.find(([cls]) => icon.classList.contains(cls));
      if (!hit) return;
      setOnce(button, "aria-label", hit[1]);
      setOnce(button, "title", hit[1]);
      setOnce(icon, "aria-hidden", "true");
    });
  }

  function nameSliders(root) {
    root.querySelectorAll(".widget-slider").forEach((slider) => {
      const label = slider.querySelector(".widget-label");
      const text = (label && label.textContent.trim()) || "Value";
      const handle = slider.querySelector("[role=slider]");
      if (handle) setOnce(handle, "aria-label", text);
      const readout = slider.querySelector(".widget-readout");
      if (readout) {
        setOnce(readout, "aria-label", `${text} (type a number)`);
        // (a box to type in, said as one: it was plain text, "4"; reviews 38b and 44a)
        setOnce(readout, "role", "textbox");
      }
      if (label && label.getAttribute("title") === "null") label.removeAttribute("title");
    });
  }

  // A stepper's slider said only its number ("2") to a screen reader, and a step taken was not
  // read out: the handle's value text is now the frame's own name ("Step 2 of 8 · Deal 1, after
  // trick 1"), and a polite live region beside the frames says it as each step is shown.
  const HIDDEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);"
    + "white-space:nowrap";
  function tellSteps(root) {
    root.querySelectorAll(".widget-slider").forEach((slider) => {
      const handle = slider.querySelector("[role=slider]");
      let scope = slider.parentElement;
      while (scope && !scope.querySelector(".pn-table")) scope = scope.parentElement;
      if (!handle || !scope) return;
      const frame = Array.from(scope.querySelectorAll(".pn-table[aria-label]"))
        .find((t) => t.offsetParent !== null);
      if (!frame) return;
      const name = frame.getAttribute("aria-label");
      setOnce(handle, "aria-valuetext", name);
      // and what happened in it, its cards in words ("Ann leads the ace of hearts"): the name
      // alone did not say which card (review 38b)
      const words = (el) => Array.from(el.childNodes).map((n) => (n.nodeType === 1
        && n.getAttribute("aria-label")) || n.textContent).join("");
      const happened = Array.from(frame.querySelectorAll(":scope > .pn-note"))
        .filter((note) => !note.querySelector("strong")).map(words).join(" ").trim();
      const said = happened ? `${name}. ${happened}` : name;
      let told = scope.querySelector(":scope > .pn-step-told");
      if (!told) {
        told = document.createElement("p");
        told.className = "pn-step-told";
        told.setAttribute("aria-live", "polite");
        told.setAttribute("style", HIDDEN);
        scope.append(told);
      }
      // While the deal plays by itself, its steps are not told: they came faster than a
      // screen reader speaks them, and queued up behind the play (review 44a).  The step it
      // stops on, paused or at the end, is told then.
      if (scope.querySelector(".widget-play i.fa-pause")) return;
      if (told.textContent !== said) told.textContent = said;
    });
  }

  function openWithKeys(root) {
    root.querySelectorAll(".jupyter-widget-Collapse-header").forEach((header) => {
      setOnce(header, "role", "button");
      setOnce(header, "tabindex", "0");
      const fold = header.closest(".jupyter-widget-Collapse");
      const open = !!fold && fold.classList.contains("jupyter-widget-Collapse-open");
      setOnce(header, "aria-expanded", String(open));
      const icon = header.querySelector("i");
      if (icon) setOnce(icon, "aria-hidden", "true");
      if (header.dataset.pnKeys) return;
      header.dataset.pnKeys = "1";
      header.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          header.click();
        }
      });
    });
  }

  const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

  // (a widget's box scrolls only where its style lets it: the compare widgets' on a narrow phone)
  function scrollable(box) {
    if (!box.classList.contains("widget-container")) return true;
    const style = getComputedStyle(box);
    return /auto|scroll/.test(style.overflowX + style.overflowY);
  }

  function reachScrollingBoxes(root) {
    root.querySelectorAll(".bd-article table, .penneech-analysis, .bd-article .widget-container")
      .forEach((box) => {
      const scrolls = scrollable(box) && (box.scrollWidth > box.clientWidth + 1
                                          || box.scrollHeight > box.clientHeight + 1);
      if (scrolls && !box.querySelector(FOCUSABLE)) {
        setOnce(box, "tabindex", "0");
      } else if (!scrolls && box.dataset.pnScroll) {
        box.removeAttribute("tabindex");
      }
      if (scrolls) box.dataset.pnScroll = "1";
    });
  }

  // Sphinx marks each entry of the bibliography with DPUB-ARIA's doc-biblioentry, a role that
  // ARIA 1.2 withdrew: inside role=list, screen readers then find no list items
  function listTheBibliography(root) {
    root.querySelectorAll(".citation-list[role=list] > [role=doc-biblioentry]").forEach(
      (entry) => entry.setAttribute("role", "listitem"));
  }

  // The worked hands' account names the rule option it applies in brackets, "(turnups_score;
  // now 8)", "(follow: suit)".  On the book's pages each such name becomes a link to the option's
  // section of the options page (what it decides, who holds each value), opened beside the
  // deal, as on the live table.  The pattern, anchors and titles come from the engine
  // (window.PENNEECH_RULES, written by book/_ext/penneech_book.py); the notebooks' own text,
  // run elsewhere, stays as it is.
  const RULES = window.PENNEECH_RULES;
  let NAMED = null;  // the engine's own pattern (penneech.render.NAMED_OPTION)
  try {
    NAMED = RULES ? new RegExp(RULES.pattern, "g") : null;
  } catch (err) {  // a browser without lookbehind: the names stay text
    NAMED = null;
  }

  function linkRules(root) {
    if (!NAMED) return;
    const base = new URL(document.documentElement.dataset.content_root || "./", document.baseURI);
    root.querySelectorAll(".pn-table .pn-note:not([data-pn-rules])").forEach((note) => {
      note.dataset.pnRules = "1";
      const walker = document.createTreeWalker(note, NodeFilter.SHOW_TEXT);
      const texts = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node);
      texts.forEach((node) => {
        const text = node.nodeValue;
        NAMED.lastIndex = 0;
        if (!NAMED.test(text) || node.parentElement.closest("a")) return;
        const pieces = document.createDocumentFragment();
        let at = 0;
        NAMED.lastIndex = 0;
        for (let m = NAMED.exec(text); m; m = NAMED.exec(text)) {
          const name = m[1];
          const start = m.index;  // (the pattern matches the name, after its bracket)
          pieces.append(text.slice(at, start));
          const link = document.createElement("a");
          link.className = "pn-rule";
          link.href = new URL(`${RULES.page}#${RULES.options[name].anchor}`, base).href;
          link.target = "_blank";
          link.rel = "noopener";
          link.title = RULES.options[name].title;
          link.textContent = name;
          pieces.append(link);
          at = start + name.length;
        }
        pieces.append(text.slice(at));
        node.replaceWith(pieces);
      });
    });
  }

  let queued = false;
  function refresh() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      namePlayButtons(document);
      nameSliders(document);
      tellSteps(document);
      openWithKeys(document);
      reachScrollingBoxes(document);
      listTheBibliography(document);
      linkRules(document);
    });
  }

  // A page is printed in the light theme.  In the dark theme (the reader's choice, or the
  // system's) it printed the dark theme's light grey text, which on paper, where browsers leave
  // background colours out, is all but invisible (or, with them, a black page).
  function printInLight() {
    const html = document.documentElement;
    let kept = null;
    const toLight = () => {
      if (kept === null && html.dataset.theme === "dark") {
        kept = html.dataset.theme;
        html.dataset.theme = "light";
      }
    };
    const back = () => {
      if (kept !== null) html.dataset.theme = kept;
      kept = null;
    };
    window.addEventListener("beforeprint", toLight);
    window.addEventListener("afterprint", back);
    window.matchMedia("print").addEventListener("change", (e) => (e.matches ? toLight() : back()));
  }

  function start() {
    printInLight();
    refresh();
    // the widgets draw after the page loads, and redraw their icons and folds as they are used;
    // only class changes and new elements are watched, so the names set here start nothing
    new MutationObserver(refresh).observe(document.body, {
      subtree: true, childList: true, attributes: true,
      attributeFilter: ["class", "aria-valuenow"],  // (a step taken, by the keys or Play)
    });
    window.addEventListener("resize", refresh);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
