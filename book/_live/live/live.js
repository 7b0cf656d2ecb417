// The book's live panels: the engine runs in the reader's browser, in a Web Worker.
//
// This script knows no rule of Penneech.  It sends what the reader did to the engine
// (penneech.live, through worker.mjs) and shows what the engine answers: the HTML it returns
// was drawn, and every text in it escaped, by penneech.render; anything else reaches the page
// as text (textContent), never as HTML.  The runtime is loaded only when the reader first asks
// for it, from the site itself.
(function () {
  "use strict";

  const ROOT = new URL(document.documentElement.dataset.content_root || "./", document.baseURI);
  const WORKER = new URL("_static/live/worker.mjs", ROOT);
  // Every game played on the page is kept in the browser, each under its own key (so that a new
  // game, a loaded record or a second tab never writes over another game), and every unfinished
  // one is offered for resuming.  "penneech-live-game" is where earlier versions kept one game.
  const OLD_SAVE = "penneech-live-game";
  const SAVE_PREFIX = "penneech-live-game:";
  const RUNS_KEY = "penneech-live-runs";  // the experiments' runs, newest first
  // This tab, the same after a reload (sessionStorage is the tab's own): a run kept lately by
  // another tab may be going on there.
  const TAB = (() => {
    try {
      const id = sessionStorage.getItem("penneech-live-tab")
        || Math.random().toString(36).slice(2, 10);
      sessionStorage.setItem("penneech-live-tab", id);
      return id;
    } catch (e) {
      return "";  // (storage refused: every run counts as this tab's)
    }
  })();
  const MAX_RUNS = 20;
  const KEEP_RUN_MS = 5000;  // a run going on is kept in the browser at most this often
  const PROMPT_KEY = "penneech-live-prompt";  // the Python prompt's draft and runs
  // The prompt's names (pickled, up to 5 MB: more than localStorage, which the saved games and
  // runs share, could hold) are kept in IndexedDB, in this database's store, under NAMES_KEY.
  const NAMES_DB = "penneech-live";
  const NAMES_STORE = "prompt";
  const NAMES_KEY = "names";
  const MAX_PROMPT_ENTRIES = 30;
  const MAX_KEPT_OUTPUT = 4000;  // characters of each of a kept run's outputs
  const MAX_SAVES = 30;
  const COMPUTER_PAUSE_MS = 450;

  // A control folded away in a closed <details> ("Change any rule", the settings folded after
  // the first game) cannot show why the browser refused the form: open its folds first.
  document.addEventListener("invalid", (event) => {
    for (let el = event.target.parentElement; el; el = el.parentElement) {
      if (el.tagName === "DETAILS") el.open = true;
    }
  }, true);

  // -- the engine ------------------------------------------------------------------------------

  let engine = null;
  const listeners = new Set();  // progress callbacks of the panels
  const outputs = new Set();  // callbacks given what the prompt's code prints, as it prints it
  const MAX_PRINTED = 100000;  // characters of it kept for a run the reader stops

  function canRun() {
    try {
      if (typeof WebAssembly !== "object" || typeof Worker !== "function") return false;
      // the smallest valid module: "\0asm" version 1
      return WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    } catch (e) {
      return false;
    }
  }

  // No word from a starting engine for this long: its download has stalled (a connection that
  // neither ends nor fails); it is given up, and the next click starts it again.
  const STALLED_MS = 90000;
  // No data for this long while the runtime downloads: the reader is told that the network is
  // slow or has stopped, and that it is still waited for (a bar stood still for 90 s without a
  // word; review 41c).
  const QUIET_MS = 15000;

  function startEngine() {
    if (engine) return engine;
    let ready, fail;
    let isReady = false;
    let watchdog = null;
    const pending = new Map();
    const started = new Promise((resolve, reject) => { ready = resolve; fail = reject; });
    const worker = new Worker(WORKER, { type: "module", name: "penneech-engine" });
    // An engine that failed to start is ended and forgotten: the reader's next click starts a
    // new one (it stayed, and every later click met the same failure, or waited for ever).
    const failed = (error) => {
      if (isReady) return;
      clearTimeout(watchdog);
      clearTimeout(quiet);
      worker.terminate();
      if (engine === handle) engine = null;
      fail(error);
      pending.forEach((resolve) => resolve({ ok: false, error: "the engine did not start" }));
      pending.clear();
    };
    let quiet = null;
    let lastProgress = { fraction: 0, text: "" };
    const heard = () => {
      clearTimeout(watchdog);
      clearTimeout(quiet);
      watchdog = setTimeout(() => failed(new Error("the download stopped")), STALLED_MS);
      if (/^Downloading/.test(lastProgress.text)) {
        const after = window.penneechLive.quiet_ms ?? QUIET_MS;  // (a test may shorten it)
        quiet = setTimeout(() => listeners.forEach((f) => f(lastProgress.fraction,
          `No data has come for ${Math.round(after / 1000)} seconds: the network is slow or `
          + `has stopped. Still waiting, for up to ${STALLED_MS / 1000} seconds in all…`)),
        after);
      }
    };
    heard();
    let next = 1;
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === "progress") {
        lastProgress = { fraction: m.fraction, text: m.text };
        heard();
        listeners.forEach((f) => f(m.fraction, m.text));
      } else if (m.type === "ready") {
        clearTimeout(watchdog);
        clearTimeout(quiet);
        isReady = true;
        window.penneechLive.startup_ms = m.ms;
        window.penneechLive.startup_phases = m.phases;
        listeners.forEach((f) => f(1, ""));
        ready();
      } else if (m.type === "saved") {
        window.penneechLive.snapshot_saved = m;  // the started engine, kept for the next visit
      } else if (m.type === "runtime-kept") {
        window.penneechLive.runtime_kept = m;  // runtime files the HTTP cache did not keep
      } else if (m.type === "output") {
        outputs.forEach((f) => f(m.text));
      } else if (m.type === "failed") {
        failed(new Error(m.text));
      } else if (m.type === "answer") {
        const resolve = pending.get(m.id);
        pending.delete(m.id);
        // (an answer that could not be read left its question waiting for ever, and the panel
        // with it; review 45a)
        let answer = null;
        try { answer = JSON.parse(m.text); } catch (error) { answer = null; }
        let broken = Boolean(m.broken);
        if (!answer || typeof answer !== "object") {
          answer = { ok: false, error: "Python in the browser failed and stopped" };
          broken = true;
        }
        answer.elapsed_ms = m.ms;
        if (broken) {
          // this Python can answer no more: it is ended, and the next question starts another
          answer.broken = true;
          handle.stop();
        }
        if (resolve) resolve(answer);
      }
    };
    worker.onerror = (event) => failed(new Error(event.message || "the engine could not start"));
    const handle = {
      started,
      ask(request) {
        const id = next++;
        return new Promise((resolve) => {
          pending.set(id, resolve);
          worker.postMessage({ id, request });
        });
      },
      // Ends Python at once, whatever it is doing: every question still waiting is answered
      // "stopped", and the next question starts Python again (from the kept snapshot).
      stop() {
        worker.terminate();
        if (engine === handle) engine = null;
        pending.forEach((resolve) => resolve({ ok: false, stopped: true, error: "stopped" }));
        pending.clear();
      },
    };
    engine = handle;
    return engine;
  }

  // -- helpers ---------------------------------------------------------------------------------

  const $ = (root, sel) => root.querySelector(sel);
  const $$ = (root, sel) => Array.from(root.querySelectorAll(sel));

  // What a control holds, as the engine reads it.  A number box also takes "1e5" or "100.0",
  // which the browser counts as numbers: those are sent as the whole number they name, worked
  // out digit by digit, so that "1.5e19" is the seed 15000000000000000000 exactly (a double
  // has 53 bits; a seed may have 64) and every box reads such a form alike.  A form that names
  // no whole number ("2.5") is sent as typed, for the engine to refuse by name (text the
  // browser does not take as a number reads as "", as if the box were empty).
  function exactWhole(text) {
    const m = /^\s*([-+]?)(\d*)(?:\.(\d*))?(?:e([-+]?\d{1,5}))?\s*$/i.exec(text);
    if (!m || !(m[2] || m[3])) return null;
    let digits = (m[2] || "") + (m[3] || "");
    let exponent = Number(m[4] || 0) - (m[3] || "").length;
    if (exponent < 0) {
      if (/[^0]/.test(digits.slice(exponent))) return null;  // a fraction
      digits = digits.slice(0, exponent) || "0";
      exponent = 0;
    }
    if (exponent > 5000) return null;  // far too large, told as typed
    const whole = BigInt(digits) * 10n ** BigInt(exponent);
    return (m[1] === "-" && whole !== 0n ? "-" : "") + whole.toString();
  }

  function controlValue(el) {
    if (el.type === "number" && !/^\s*-?\d*\s*$/.test(el.value)) {
      return exactWhole(el.value) ?? el.value;
    }
    return el.value;
  }

  function field(form, name) {
    const el = form.elements.namedItem(name);
    return el ? controlValue(el) : "";
  }

  // The rules chosen in a form: the preset plus every option's menu (a box left empty keeps
  // the preset's value).
  function rulesOf(form) {
    const rules = { preset: field(form, "preset") };
    $$(form, "[data-option]").forEach((el) => { rules[el.dataset.option] = controlValue(el); });
    return rules;
  }

  // Puts rules back on a form as the engine describes them (penneech.live.rules_form: the preset
  // and every option's value), so that what the form shows is what is playing.
  function showRulesForm(form, rules) {
    const menu = form.elements.namedItem("preset");
    if (menu && rules.preset) {
      menu.value = rules.preset;
      menu.dispatchEvent(new Event("change"));  // (every option's menu to the preset's value)
    }
    Object.entries(rules.options || {}).forEach(([name, value]) => {
      const el = $(form, `[data-option="${CSS.escape(name)}"]`);
      if (el) el.value = value;
    });
  }

  // Choosing a preset sets every option's menu to that preset's value (read from the engine's
  // catalogue, written into the page when the book was built).
  function linkPresetMenu(box, form) {
    const presets = JSON.parse(box.dataset.presets || "{}");
    const menu = form.elements.namedItem("preset");
    if (!menu) return;
    menu.addEventListener("change", () => {
      const values = presets[menu.value] || {};
      $$(form, "[data-option]").forEach((el) => {
        const v = values[el.dataset.option];
        el.value = v === true ? "true" : v === false ? "false" : String(v);
      });
    });
  }

  // The status line of a panel: a progress bar while the runtime loads, then messages.
  function statusOf(box) {
    const bar = $(box, ".pn-live-status progress");
    const text = $(box, ".pn-live-message");
    const figures = $(box, ".pn-live-figures");
    let since = null;  // the first megabytes seen, and when: the rate, for the time left
    // While the runtime downloads, the eye sees its megabytes as they come and the time left
    // (they stood still for 22 s at 1.5 Mbps, and nothing said how long; review 41c); a screen
    // reader hears the line below, at each quarter only (review 38b).
    const showFigures = (message) => {
      const m = /^Downloading the Python runtime: ([\d.]+) of ([\d.]+) MB/.exec(message);
      if (!figures || !m) {
        since = null;
        if (figures) figures.textContent = "";
        text.classList.remove("pn-sr");
        return;
      }
      const done = Number(m[1]);
      const total = Number(m[2]);
      const now = performance.now();
      if (!since || done < since.done) since = { done, at: now };
      const rate = (done - since.done) / ((now - since.at) / 1000);  // MB a second
      let left = "";
      if (now - since.at > 3000 && rate > 0 && done < total) {
        const s = Math.max(1, Math.round((total - done) / rate));
        left = s < 60 ? `, about ${Math.max(5, Math.round(s / 5) * 5)} seconds left`
          : `, about ${Math.round(s / 60)} minute${Math.round(s / 60) === 1 ? "" : "s"} left`;
      }
      figures.textContent = `${message}${left}`;
      text.classList.add("pn-sr");
    };
    return {
      progress(fraction, message) {
        bar.hidden = fraction >= 1;
        bar.value = Math.round(100 * fraction);
        showFigures(message);
        // the line is read out at each change: the download's megabytes at every quarter only
        // (they were read 15 to 22 times while Python loaded; review 38b); the bar shows the rest
        const quarter = Math.floor(4 * fraction);
        const same = message.replace(/[\d.]+ of /, "") === text.dataset.said;
        const whole = /([\d.]+) of \1 /.test(message);  // (the last megabytes are said)
        if (!same || whole || quarter !== Number(text.dataset.quarter)) {
          text.textContent = message;
          text.dataset.said = message.replace(/[\d.]+ of /, "");
          text.dataset.quarter = String(quarter);
        }
      },
      say(message) {
        bar.hidden = true;
        showFigures("");
        text.textContent = message;
      },
      // the line put back as it was, after a passing message ("Working out a hint…"), without
      // its being read out again at the moment the news is (review 44a): the region is quiet
      // while it changes
      restore(message) {
        const region = text.closest("[role=status]");
        if (!region) { this.say(message); return; }
        region.setAttribute("aria-live", "off");
        this.say(message);
        setTimeout(() => region.removeAttribute("aria-live"), 150);
      },
    };
  }

  // How a run at the Python prompt ended, in a line for the status (read out): the error's last
  // line, or the start of what it printed or answered.
  function ranTold(answer) {
    const first = (text, most = 160) => {
      const line = text.trim().replace(/\s+/g, " ");
      return line.length > most ? `${line.slice(0, most)}…` : line;
    };
    if (answer.error) return `Error: ${first(answer.error.trim().split("\n").pop())}`;
    const shown = first(`${answer.stdout || ""} ${answer.text || ""}`);
    if (shown) return `Done: ${shown}`;
    return answer.html ? "Done: drawn in the output." : "Done.";
  }

  // Start the engine for a panel (showing its progress); resolves to the engine or null.
  // (``said``: the panel has just said what is going on, and the first progress line would
  // replace it before it is heard: Stop's own message was; review 44a)
  async function engineFor(box, said = false) {
    const status = statusOf(box);
    if (!canRun()) {
      status.say("This browser cannot run WebAssembly, so the live version cannot run here. "
        + "The recorded examples on this page still work.");
      return null;
    }
    const first = !engine;
    const listener = (fraction, message) => status.progress(fraction, message);
    listeners.add(listener);
    const e = startEngine();
    if (first && !said) status.progress(0, "Loading the Python runtime from this site…");
    try {
      await e.started;
      return e;
    } catch (error) {
      status.say(`The live engine could not start: ${error.message}. Press the button again `
        + "to try again; if it fails again, reload the page.");
      return null;
    } finally {
      listeners.delete(listener);
    }
  }

  function download(name, text, type = "application/json") {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // A chosen file as its bytes (base64, for the engine, which reads them as the command line
  // reads a file: the browser's own reading took a UTF-16 file, and made a binary one a JSON
  // parser's complaint; review 38a).
  // No more of a file is read than READ_AT_MOST bytes: the engine judges a record's size (it
  // is sent the file's own size), but a video chosen by mistake, read whole, crashed the tab
  // (review 39d).  More than a record may hold, so that the engine still sees it is too large.
  const READ_AT_MOST = 4 * 1024 * 1024;

  async function readFile(input) {
    const file = input.files && input.files[0];
    if (!file) return null;
    const bytes = new Uint8Array(await file.slice(0, READ_AT_MOST).arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return { name: file.name, data: btoa(binary), size: file.size };
  }

  // An element with its properties (text always as textContent, never as HTML) and children.
  function make(tag, props, ...children) {
    const el = Object.assign(document.createElement(tag), props);
    el.append(...children);
    return el;
  }

  // A row of frames stepped together by one slider and two buttons.
  function stepper(out, columns, title) {
    const wrap = document.createElement("div");
    wrap.className = "pn-live-stepper";
    const bar = document.createElement("div");
    bar.className = "pn-live-stepbar";
    const back = document.createElement("button");
    back.type = "button";
    back.textContent = "◀ Back";
    const fwd = document.createElement("button");
    fwd.type = "button";
    fwd.textContent = "Next ▶";
    const slider = document.createElement("input");
    slider.type = "range";
    slider.min = "0";
    const n = Math.max(...columns.map((c) => c.frames.length));
    slider.max = String(n - 1);
    slider.value = "0";
    slider.setAttribute("aria-label", "step");
    const where = document.createElement("span");
    where.setAttribute("aria-live", "polite");  // (a step taken is read out: where, what)
    const place = document.createElement("span");
    const happened = make("span", { className: "pn-sr" });  // (said, not shown: the frame shows it)
    where.append(place, happened);
    bar.append(back, slider, fwd, where);
    const grid = document.createElement("div");
    grid.className = columns.length > 1 ? "pn-live-columns" : "pn-live-single";
    const cells = columns.map((c) => {
      const cell = document.createElement("div");
      cell.className = "pn-live-column";
      if (c.label) {
        const h = document.createElement("strong");
        h.textContent = c.label;
        cell.append(h);
      }
      const frame = document.createElement("div");
      frame.className = "pn-live-frame";
      cell.append(frame);
      grid.append(cell);
      return frame;
    });
    const show = (i) => {
      slider.value = String(i);
      columns.forEach((c, k) => { cells[k].innerHTML = c.frames[Math.min(i, c.frames.length - 1)]; });
      // each frame names itself ("Step 5 of 15 · Deal 1, after trick 2"): the slider and the
      // live caption say that, not a bare number
      const named = cells[0].querySelector("[aria-label]");
      const label = named ? named.getAttribute("aria-label") : `step ${i + 1} of ${n}`;
      slider.setAttribute("aria-valuetext", label);
      place.textContent = ` ${label}`;
      // and what happened in the step, its cards in words ("Ann leads the ace of hearts"), as
      // the book's recorded steppers say it: the live ones said only the step's name (review
      // 44a); each column of a comparison under its label
      const words = (el) => Array.from(el.childNodes).map((node) => (node.nodeType === 1
        && node.getAttribute("aria-label")) || node.textContent).join("");
      // (columns that say the same are said once, their labels together: it was said again
      // for each, over 1,400 characters a step; review 44d)
      const said = new Map();  // what a column says -> the labels that say it
      cells.forEach((cell, k) => {
        const frame = cell.querySelector(".pn-table[aria-label]") || cell;
        const text = Array.from(frame.querySelectorAll(":scope > .pn-note"))
          .filter((note) => !note.querySelector("strong")).map(words).join(" ").trim();
        if (text) said.set(text, [...(said.get(text) || []), columns[k].label].filter(Boolean));
      });
      happened.textContent = [...said].map(([text, labels]) => (cells.length > 1
        && labels.length ? `. ${labels.join(" and ")}: ${text}` : `. ${text}`)).join(" ");
    };
    slider.addEventListener("input", () => show(Number(slider.value)));
    back.addEventListener("click", () => show(Math.max(0, Number(slider.value) - 1)));
    fwd.addEventListener("click", () => show(Math.min(n - 1, Number(slider.value) + 1)));
    if (title) {
      const h = document.createElement("p");
      h.className = "pn-live-title";
      h.textContent = title;
      wrap.append(h);
    }
    wrap.append(bar, grid);
    out.replaceChildren(wrap);
    show(0);
    return wrap;
  }

  // One request to the store of the prompt's names: act(store) makes it, in a transaction of
  // this mode.  Resolves to {value} (the request's result) once the transaction is done, or
  // to {refused: why} if the browser refuses (no IndexedDB, a private window, a full quota):
  // never rejects, and logs nothing, so that the page goes on without it.
  function namesStore(mode, act) {
    const why = (error) => (error && error.name === "QuotaExceededError"
      ? "the browser's storage for this site is full"
      : "the browser refused to keep them here"
        + (error instanceof DOMException ? ` (${error.name})` : ""));
    return new Promise((resolve) => {
      if (typeof indexedDB === "undefined") {
        resolve({ refused: "this browser gives the page no storage for them" });
        return;
      }
      let opening;
      try {
        opening = indexedDB.open(NAMES_DB, 1);
      } catch (error) {  // (no indexedDB at all, or refused outright)
        resolve({ refused: why(error) });
        return;
      }
      opening.onupgradeneeded = () => opening.result.createObjectStore(NAMES_STORE);
      opening.onerror = (event) => {
        event.preventDefault();
        resolve({ refused: why(opening.error) });
      };
      opening.onblocked = () => resolve({ refused: why(null) });
      opening.onsuccess = () => {
        const db = opening.result;
        db.onversionchange = () => db.close();
        try {
          const tx = db.transaction(NAMES_STORE, mode);
          const request = act(tx.objectStore(NAMES_STORE));
          tx.oncomplete = () => { db.close(); resolve({ value: request.result }); };
          tx.onabort = () => { db.close(); resolve({ refused: why(tx.error) }); };
        } catch (error) {
          db.close();
          resolve({ refused: why(error) });
        }
      };
    });
  }

  // -- the card table --------------------------------------------------------------------------

  function setupPlay(box) {
    const form = $(box, "form");
    const out = $(box, ".pn-live-out");
    const tools = $(box, ".pn-live-tools");
    const status = statusOf(box);
    const resume = $(box, '[data-do="resume"]');
    let eng = null;
    let busy = false;
    let computerDue = false;  // the computer's card is asked for after a short pause
    let last = null;
    let storyOpen = null;  // the account of the deal open? (null: as the screen's width says)
    let aside = "";  // what the status line says once about a game set aside
    let unkept = false;  // the browser refused to keep the game on the table (said once a game)
    // whether the game on the table is kept as it stands (the last save was made): starting
    // another game asks first where it is not (review 42c: with storage off or full, New game
    // threw the game away and said it was kept)
    let stored = true;
    // Settings changed while a game is on the table are for the next game: said beside the
    // button (the form showed rules that were not being played, and nothing said so; review 42c)
    // (a live region, its words written when it shows, so that a screen reader is told too:
    // a setting changed mid-game was not said; review 44a)
    const forNext = make("p", { className: "pn-live-for-next", hidden: true });
    forNext.setAttribute("role", "status");
    $(form, ".pn-live-start").after(forNext);
    form.addEventListener("change", (event) => {
      if (last && last.waiting !== "over" && event.target.closest(".pn-settings")) {
        forNext.hidden = false;
        forNext.textContent = "These settings are for the next game: the game on the table "
          + "goes on under its own rules until you press New game.";
      }
    });
    linkPresetMenu(box, form);
    // On a phone the settings are more than a screen tall, and Play live came after them: they
    // are folded there (one tap opens them), so that a reader new to the game sees Play live at
    // once, under the note that says what it plays.
    const settingsBox = $(form, ".pn-settings");
    if (settingsBox && window.matchMedia("(max-width: 575.98px)").matches) settingsBox.open = false;

    const opponentMenu = form.elements.namedItem("opponent");
    const strengthMenus = $$(form, "select[data-for]");
    const abouts = $$(form, "[data-about]");
    const showStrength = () => {
      strengthMenus.forEach((s) => {
        s.closest("label").hidden = s.dataset.for !== opponentMenu.value;
      });
      abouts.forEach((a) => { a.hidden = a.dataset.about !== opponentMenu.value; });
    };
    opponentMenu.addEventListener("change", showStrength);
    showStrength();
    // each opponent's measured strength under the reading picked
    const presetMenu = form.elements.namedItem("preset");
    const showMeasured = () => {
      $$(form, "[data-rules]").forEach((m) => { m.hidden = m.dataset.rules !== presetMenu.value; });
    };
    if (presetMenu) {
      presetMenu.addEventListener("change", showMeasured);
      showMeasured();
    }

    // this tab's game: its key in the browser's storage (a new one for each game begun here),
    // and what this tab last wrote there (or found there when it resumed the game)
    let current = null;
    let written = null;
    // the same saved game resumed in two tabs: the other tab wrote its own moves under the key
    let forked = false;
    const resumeMenu = document.createElement("select");
    resumeMenu.name = "saved-game";
    resumeMenu.setAttribute("aria-label", "Saved game to resume");
    resumeMenu.hidden = true;
    resume.before(resumeMenu);
    // A finished game stays in the browser's storage (until room is needed for newer games):
    // its record can be downloaded from this list, after a reload or a new game too.
    const finishedList = make("ul");
    const finishedBox = make("details", { className: "pn-live-finished", hidden: true },
      make("summary", { textContent: "Your finished games, kept in this browser" }),
      make("p", { textContent: `This browser keeps your last ${MAX_SAVES} games: the oldest `
        + "finished ones make room for new games. Download a record to keep it for good." }),
      finishedList);
    resume.parentElement.after(finishedBox);

    function newKey() {
      const random = Math.random().toString(36).slice(2, 8);
      return `${SAVE_PREFIX}${Date.now().toString(36)}-${random}`;
    }

    function readSave(key) {
      try {
        const save = JSON.parse(localStorage.getItem(key) || "null");
        return save && typeof save.record === "string" ? save : null;
      } catch (e) {
        return null;
      }
    }

    try {  // a game kept by an earlier version of this page joins the others
      const old = readSave(OLD_SAVE);
      if (old) {
        localStorage.setItem(newKey(), JSON.stringify({ saved_at: 0, ...old }));
        localStorage.removeItem(OLD_SAVE);
      }
    } catch (e) { /* storage refused (private browsing) */ }

    function allSaves() {
      const saves = [];
      try {
        for (let i = 0; i < localStorage.length; i++) {
          const key = localStorage.key(i);
          if (!key || !key.startsWith(SAVE_PREFIX)) continue;
          const save = readSave(key);
          if (save) saves.push({ key, ...save });
        }
      } catch (e) { /* storage refused (private browsing): nothing kept */ }
      return saves.sort((a, b) => (b.saved_at || 0) - (a.saved_at || 0));
    }

    const savedWhen = (s) => (s.saved_at ? new Date(s.saved_at).toLocaleString() : "earlier");
    // the time of day for a game saved today, else the day too
    const shortWhen = (s) => {
      if (!s.saved_at) return "earlier";
      const when = new Date(s.saved_at);
      return when.toDateString() === new Date().toDateString()
        ? when.toLocaleTimeString() : when.toLocaleString();
    };

    function offerSaved() {
      const saves = allSaves();  // (each read and parsed once)
      const open = saves.filter((s) => !s.over && s.key !== current);
      const chosen = resumeMenu.value;
      // (the time first: two saves of one game, one played on in another tab, had the same
      // label, and a phone's menu showed only its beginning; review 43a)
      resumeMenu.replaceChildren(...open.map(
        (s) => new Option(`saved ${shortWhen(s)}: ${s.label || "a game"}`, s.key)));
      if (open.some((s) => s.key === chosen)) resumeMenu.value = chosen;
      resumeMenu.hidden = open.length < 2;
      resume.hidden = open.length === 0;
      resume.textContent = open.length > 1 ? "Resume this game"
        : current ? "Resume your other game" : "Resume the saved game";
      const done = saves.filter((s) => s.over);
      finishedList.replaceChildren(...done.map((s) => {
        const what = `${s.label || "a game"} (${s.loaded ? "loaded from a file" : "finished"} `
          + `${savedWhen(s)})`;
        // (each button named with its game, its words first: a screen reader's list of
        // buttons read "Download its record" once for each; review 44a)
        const button = make("button", { type: "button", textContent: "Download its record" });
        button.setAttribute("aria-label", `Download its record: ${what}`);
        button.addEventListener("click", () => download(
          `penneech-game-${s.seed ?? recordSeed(s.record)}.json`, s.record));
        return make("li", {}, `${what} `, button);
      }));
      finishedBox.hidden = done.length === 0;
      return open;
    }

    function recordSeed(text) {
      // the digits as written: JSON.parse rounds a seed past 2**53 (review 39d)
      const found = /"seed"\s*:\s*"?(\d{1,20})\b/.exec(text);
      return found ? found[1] : "game";
    }

    // Keeps the game in the browser's storage after each move; false if the browser refused
    // (storage turned off, or full of unfinished games).
    // the finished games let go to make room for the game on the table, to be told
    const letGo = [];
    let loadingFile = false;  // the game to keep is a record file just loaded
    function keep(answer) {
      if (!current) {
        // a record file loaded again (a teacher's file, or one loaded twice by mistake), at the
        // position of a game kept already: kept once, under that game's key (each load was
        // kept anew, and the menu filled with copies no one could tell apart; review 43a)
        const same = loadingFile
          ? allSaves().find((s) => s.record === answer.record) : null;
        current = same ? same.key : newKey();
        if (same) written = localStorage.getItem(same.key);
      }
      try {
        // another tab playing the same saved game wrote its own moves since: this tab's game
        // goes on under a key of its own, and the other tab's stays where it is
        // (its record, not the whole save: a tab that only resumed the game, or asked for a
        // hint, wrote the same record with a new time, and the game was said to be played on
        // in two tabs; review 42c)
        const there = localStorage.getItem(current);
        if (there !== null && there !== written && recordOf(there) !== recordOf(written)) {
          current = newKey();
          forked = true;
        }
      } catch (e) { /* storage refused: told below */ }
      const [a, b] = answer.scores || [0, 0];
      const who = answer.opponent ? answer.opponent.name || answer.opponent.kind : "the computer";
      const over = answer.waiting === "over";
      // A finished game loaded from a file was not finished here: it is listed with the time
      // it was loaded, said as such (it read "finished" at the time of loading; review 43a).
      // A finished game kept already (shown again, or its file loaded again) keeps the time
      // and the wording it was first kept with.
      let before = null;
      try {
        before = written ? JSON.parse(written) : null;
      } catch (e) { /* not a save of ours: kept anew */ }
      const again = Boolean(over && before && before.over && before.record === answer.record);
      const loaded = again ? Boolean(before.loaded) : loadingFile && over;
      const save = JSON.stringify({
        record: answer.record, opponent: answer.opponent, over,
        saved_at: again && before.saved_at ? before.saved_at : Date.now(),
        ...(loaded ? { loaded: true } : {}),
        seed: String(answer.seed),
        label: `seed ${answer.seed}, rules ${answer.rules}, ${a}–${b}`
          + (answer.deal ? ` in deal ${answer.deal}` : "") + `, against ${who}`,
      });
      // full: make room by forgetting the oldest finished game, one at a time, as few as the
      // game needs (never an unfinished one), and say which (half of them went at once,
      // without a word; review 38a).  The games taken out are held here until the save is
      // made: if even all of them do not make room, each is put back and nothing is lost
      // (every finished game went, for nothing; review 39d).
      const takenOut = [];
      const putBack = () => {
        for (const t of takenOut.splice(0).reverse()) {
          try {
            localStorage.setItem(t.key, t.text);
          } catch (e) {
            letGo.push(t.label);  // (the room it had was taken meanwhile: said, not hidden)
          }
        }
      };
      for (;;) {
        try {
          localStorage.setItem(current, save);
          written = save;
          letGo.push(...takenOut.map((t) => t.label));
          return true;
        } catch (e) {
          const finished = allSaves().filter((s) => s.over && s.key !== current
            && !takenOut.some((t) => t.key === s.key));
          if (!finished.length) {
            putBack();
            return false;
          }
          const oldest = finished[finished.length - 1];
          try {
            const text = localStorage.getItem(oldest.key);
            localStorage.removeItem(oldest.key);
            if (text !== null) {
              takenOut.push({ key: oldest.key, text, label: oldest.label || "a finished game" });
            }
          } catch (e2) {
            putBack();
            return false;
          }
        }
      }
    }

    function recordOf(text) {
      try {
        return text === null ? null : JSON.parse(text).record;
      } catch (e) {
        return undefined;
      }
    }

    function prune() {
      // at most MAX_SAVES games: the oldest finished ones go first
      try {
        const saves = allSaves();
        const finished = saves.filter((s) => s.over && s.key !== current);
        let extra = saves.length - MAX_SAVES;
        while (extra-- > 0 && finished.length) localStorage.removeItem(finished.pop().key);
      } catch (e) { /* nothing to prune */ }
    }

    // Starting another game leaves the one on the table in storage: say so, and offer it back.
    function setAside() {
      const before = last && last.waiting !== "over" ? last.seed : null;
      const earlier = written !== null;  // an earlier position of it, kept before storage filled
      const finishedUnkept = last && last.waiting === "over" && !stored ? last.seed : null;
      current = null;
      if (finishedUnkept !== null) {
        return `the record of your finished game (seed ${finishedUnkept}) was not kept in this `
          + "browser";
      }
      if (before === null) return "";
      if (stored) {
        return `your unfinished game (seed ${before}) is kept: resume it with the button below `
          + "the settings";
      }
      // ("as it stood" only where an earlier position was kept; review 43a)
      return earlier
        ? `your unfinished game (seed ${before}) was not kept as it stood: an earlier position `
          + "of it is kept, to resume with the button below the settings"
        : `your unfinished game (seed ${before}) was not kept`;
    }

    // Where the game on the table is not kept as it stands, starting another asks first, and
    // says how to keep it; false if the reader would rather keep playing it.
    // (a record loaded from a file and not played on since is the reader's file already: not
    // asked to be downloaded again; review 42e)
    let fromFile = false;
    function mayLeave(instead = "Leave it for another game?") {
      if (!last || stored || fromFile) return true;
      const earlier = written !== null;
      // (a finished game too: its record is the one a reader most wants; review 42d)
      const what = last.waiting === "over"
        ? `the record of your finished game (seed ${last.seed})`
        : `your unfinished game (seed ${last.seed}) as it stands`;
      if (window.confirm(`This browser is not keeping ${what}: its storage is turned off or full`
        + (earlier ? " (an earlier position of it is kept)" : "") + `. ${instead} Press `
        + "Cancel, then “Download the game”, to keep it as a file.")) return true;
      status.say(last.waiting === "over"
        ? `Your finished game (seed ${last.seed}) stays on the table. “Download the game” keeps `
          + "its record as a file."
        : `Your game (seed ${last.seed}) goes on. “Download the game” keeps it as a file.`);
      return false;
    }

    // A game kept from an earlier visit, or from before a reload, is said at once: on a phone a
    // reload or Back left the reader scrolled to where the table had been (now other text),
    // the Resume button above the screen and nothing said, and the game looked lost.  After a
    // reload or Back the panel, with its Resume button, is brought into view.
    const keptAtStart = offerSaved();
    const newest = allSaves()[0];
    if (!keptAtStart.length && newest && newest.over
        && Date.now() - (newest.saved_at || 0) < 6 * 3600 * 1000) {
      // (a reload at the end of a game showed nothing of it; review 42c)
      status.say(`Your last game is over (${newest.label || "a game"}): its record is kept `
        + "under “Your finished games” below the settings. Play live for a new game.");
    }
    // another tab's games are offered here too as they are saved (and a game this tab plays,
    // resumed there, is no longer offered as if it were waiting)
    window.addEventListener("storage", (event) => {
      if (event.key === null || event.key.startsWith(SAVE_PREFIX)) offerSaved();
    });
    if (keptAtStart.length) {
      const one = keptAtStart.length === 1;
      status.say(`${one ? "Your unfinished game" : `${keptAtStart.length} unfinished games`} `
        + `${one ? "is" : "are"} kept in this browser${one && keptAtStart[0].label
          ? ` (${keptAtStart[0].label})` : ""}: press “${resume.textContent}” to go on `
        + `with ${one ? "it" : "one"}, or Play live for a new game.`);
      const nav = performance.getEntriesByType("navigation")[0];
      if (nav && (nav.type === "reload" || nav.type === "back_forward")) {
        // (and the keyboard goes there too, where the reader has put it nowhere yet: it stayed
        // at the page's top, and the first Tab went to "Skip to main content"; review 44a)
        const show = () => setTimeout(() => {
          resume.scrollIntoView({ block: "center" });
          if (!document.activeElement || document.activeElement === document.body) {
            resume.focus({ preventScroll: true });
          }
        }, 50);
        if (document.readyState === "complete") show();
        else window.addEventListener("load", show, { once: true });
      }
    }

    function opponent() {
      const kind = opponentMenu.value;
      const menu = strengthMenus.find((s) => s.dataset.for === kind);
      return { kind, settings: menu ? JSON.parse(menu.value) : {} };
    }

    const news = $(box, ".pn-live-news");
    const message = $(box, ".pn-live-message");
    let told = "";  // what the screen reader is to be told once the panel is no longer busy
    let fresh = false;  // the next answer is a new game's (or a resumed one's) first
    let gameLine = "";  // which game is on the table, under the form
    let saidLine = "";  // the game line last said
    // whether the reader plays at the table with the keyboard: focus stays there, even when
    // the button that had it goes (the last card of a deal)
    let atTable = false;

    // A rule named in the account links to its section of the book, from the book's root.
    function fromRoot(el) {
      const root = document.documentElement.dataset.content_root || "";
      $$(el, "a.pn-rule").forEach((a) => a.setAttribute("href", root + a.getAttribute("href")));
    }

    // A deal's analysis, when it comes, takes the place of the line that said it was being
    // worked out, and nothing else moves: the whole table was drawn again, and the keyboard,
    // in the deal's account, was sent back to "Deal the next hand" (review 44a).  False when
    // the answer is not one to show so (the table is drawn again then).
    function showAnalysis(answer) {
      const there = $(out, ".pn-analysis");
      if (!answer.ok || !last || !there) return false;
      const made = document.createElement("template");
      made.innerHTML = answer.html;
      const analysis = made.content.querySelector(".pn-analysis");
      if (!analysis) return false;
      fromRoot(analysis);
      // (what keeping the game says, a full or refusing storage, a second tab, is said by the
      // whole drawing: review 44d)
      stored = keep(answer);
      if (letGo.length || forked || (!stored && !unkept)) return false;
      there.replaceWith(analysis);
      last = answer;
      told = answer.news || "";
      return true;
    }

    function render(answer) {
      if (!answer.ok) {
        // (said by the status line alone: the news said it too, twice in a row; review 44a)
        status.say(answer.error);
        aside = "";
        return;
      }
      const settings = $(form, ".pn-settings");
      const first = !last;
      if (first && settings) settings.open = false;  // the first game: bring the table into view
      if (out.contains(document.activeElement)) atTable = true;
      else if (document.activeElement && document.activeElement !== document.body) {
        atTable = false;
      }
      last = answer;
      out.innerHTML = answer.html;
      // on a phone the account of the deal comes folded, so that Hint and Undo, under it, are
      // near the hand (a mis-tapped card's Undo was 550 px down); opened, it stays open
      const story = $(out, "details.pn-story");
      if (story) {
        if (storyOpen === null) storyOpen = !window.matchMedia("(max-width: 600px)").matches;
        story.open = storyOpen;
        story.addEventListener("toggle", () => { storyOpen = story.open; });
      }
      fromRoot(out);
      // the hand is one stop for Tab (the arrow keys move along it), so that Tab reaches the
      // question or the buttons under it at once
      const cards = $$(out, ".pn-cardbtn");
      const stop = cards.find((c) => !c.hasAttribute("aria-disabled"));
      cards.forEach((c) => { c.tabIndex = c === stop ? 0 : -1; });
      // (on a phone the folded settings leave the table above the screen's top)
      if (first && out.getBoundingClientRect().top < 0) out.scrollIntoView({ block: "start" });
      tools.hidden = false;
      if (fresh || aside || answer.told) {
        // (a loaded record: which computer plays on, the one it names or the one chosen above)
        gameLine = `Rules ${answer.rules} · seed ${answer.seed}` + (aside ? ` · ${aside}` : "")
          + (answer.told ? ` · ${answer.told}` : "");
        aside = "";
      }
      if (fresh) unkept = false;
      stored = keep(answer);
      if (!stored && !unkept) {
        unkept = true;
        gameLine += " · this browser is not keeping the game (its storage is turned off or "
          + "full): use “Download the game” to keep it";
      }
      if (letGo.length) {
        gameLine += ` · this browser's storage is full: to keep this game it let go of the `
          + `oldest finished game${letGo.length > 1 ? "s" : ""} kept here `
          + `(${letGo.splice(0).join("; ")})`;
        offerSaved();
      }
      if (forked) {
        forked = false;
        gameLine += " · this game was played on in another tab too: both are kept, "
          + "each as a saved game of its own";
        offerSaved();
      }
      // said again only when it changed (a hint being worked out, an error), not after each card
      if (message.textContent !== gameLine) {
        if (gameLine === saidLine) status.restore(gameLine);  // (the same line, back again)
        else status.say(gameLine);
        saidLine = gameLine;
      }
      told = answer.news || "";
      if (fresh) atTable = true;  // a game begun: the keyboard goes to the table
      fresh = false;
      if (atTable || answer.refused) focusTable();
      if (answer.waiting === "computer") {
        const pause = window.penneechLive.pause_ms ?? COMPUTER_PAUSE_MS;
        computerDue = true;
        setTimeout(() => {
          computerDue = false;
          send({ op: "computer" });
        }, pause);
      } else if (answer.analysis_pending) {
        // the deal's account is on the table; what each card cost comes in a second request
        // (after this request's own bookkeeping, like the computer's move)
        setTimeout(() => send({ op: "analyse" }), 0);
      }
    }

    function focusTable() {
      const target = $(out, ".pn-cardbtn:not([aria-disabled])") || $(out, "[data-action]")
        || $(out, ".pn-cardbtn");
      if (target) target.focus();
    }

    // Busy from the reader's click (the first one loads Python) to the answer, and on through
    // the computer's pause before its card: a second click or tap meanwhile is not sent.
    async function send(request) {
      if (!["hint", "analyse"].includes(request.op)) fromFile = false;
      busy = true;
      box.setAttribute("aria-busy", "true");
      try {
        if (!eng) eng = await engineFor(box);
        if (!eng) return;
        const answer = await eng.ask({ table: "play", ...request });
        if (request.op !== "analyse" || !showAnalysis(answer)) render(answer);
      } finally {
        busy = computerDue;  // (clicks wait for the computer's card; a screen reader does not)
        box.removeAttribute("aria-busy");
        // (told after the panel stops being busy, which some screen readers wait for)
        if (told) {
          news.textContent = told;
          told = "";
        }
      }
    }

    // A new game, a resumed one or a loaded record takes the table; the game that was on it
    // stays in storage under its own key (offered for resuming), and if the engine refuses the
    // new one the game on the table simply goes on.
    async function replaceGame(request, key, asked = false) {
      if (!asked && !mayLeave()) return false;
      const before = current;
      const beforeWritten = written;
      const previous = last;
      aside = setAside();
      current = key;
      written = null;
      try {
        if (key) written = localStorage.getItem(key);  // the game resumed, as it was kept
      } catch (e) { /* storage refused */ }
      fresh = true;
      await send(request);
      fresh = false;
      if (last !== previous) forNext.hidden = true;
      if (last === previous) {
        current = before;
        written = beforeWritten;
        aside = "";
      }
      offerSaved();
      return true;
    }

    // New game or Resume pressed while the computer plays is done once it has played, and
    // said so (it was dropped without a word, where a card or the table's own buttons wait;
    // review 43a); while Python starts there is no game yet, and the start is already said.
    // A second press while one waits is said too (it was dropped without a word): the one
    // pressed first is done, once.
    let formWaits = "";
    async function whenFree(what) {
      if (!busy) return true;
      if (!last) return false;
      if (formWaits) {
        status.say(`${formWaits} once the table is ready (the computer is working)`
          + (formWaits === what ? ", once however often it is pressed…"
            : ": one thing at a time, so press the other button again after that."));
        return false;
      }
      formWaits = what;
      // (busy with the computer's card, or with a hint or a deal's analysis; review 43c)
      status.say(`${what} once the table is ready (the computer is working)…`);
      while (busy) await new Promise((resolve) => setTimeout(resolve, 200));
      formWaits = "";
      return true;
    }

    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!await whenFree("A new game begins")) return;
      prune();
      await replaceGame({
        op: "new", rules: rulesOf(form), seed: field(form, "seed"),
        dealer: field(form, "dealer"), opponent: opponent().kind,
        settings: opponent().settings,
        // (the computer plays under its kind's name, so that a record says whom it was against)
        names: [field(form, "name") || "Reader"],
      }, null);
      // (only once a game is on the table: if Python could not start, the button still says
      // what it will do, start the live game)
      if (last) $(form, ".pn-live-start").textContent = "New game";
    });
    // the form shows the opponent of the game resumed, so that a new game keeps it
    function showOpponent(chosen) {
      const kind = chosen && chosen.kind;
      if (kind && [...opponentMenu.options].some((o) => o.value === kind)) {
        opponentMenu.value = kind;
        const menu = strengthMenus.find((m) => m.dataset.for === kind);
        const wanted = JSON.stringify(chosen.settings || {});
        if (menu && [...menu.options].some((o) => o.value === wanted)) menu.value = wanted;
        showStrength();
      }
    }

    // A kept game that this page cannot play on (a record of another version, or damaged) is
    // still the reader's: its record can be downloaded, or it can be forgotten (it was offered
    // to be resumed, refused, on every visit, and could be neither; review 38a).
    let refusedBox = null;
    function offerRefused(save) {
      if (refusedBox) refusedBox.remove();
      const keepIt = make("button", { type: "button", textContent: "Download its record" });
      keepIt.addEventListener("click", () => download(
        `penneech-game-${save.seed ?? recordSeed(save.record)}.json`, save.record));
      const forget = make("button", { type: "button", textContent: "Forget it" });
      forget.addEventListener("click", () => {
        try {
          localStorage.removeItem(save.key);
        } catch (e) { /* storage refused: nothing kept to forget */ }
        refusedBox.remove();
        refusedBox = null;
        offerSaved();
        status.say(`The saved game (${save.label || "a game"}) is forgotten.`);
      });
      refusedBox = make("p", { className: "pn-live-refused-save" },
        "This page cannot play that saved game on (see above). It is still yours: ",
        keepIt, " ", forget);
      resume.after(refusedBox);
    }

    resume.addEventListener("click", async () => {
      if (!await whenFree("The saved game comes back")) return;
      const open = offerSaved();
      const save = open.find((s) => s.key === resumeMenu.value) || open[0];
      if (!save) return;
      // (asked before the form shows the saved game's opponent: on Cancel the form kept it,
      // and the next New game played it; review 42d)
      if (!mayLeave()) return;
      const chosenBefore = opponent();
      showOpponent(save.opponent);
      const before = last;
      await replaceGame({ op: "resume", record: save.record, opponent: save.opponent,
                          name: "saved game" }, save.key, true);
      if (last === before) {
        showOpponent(chosenBefore);  // (the engine refused it: the form as it was; review 42e)
        if (eng) offerRefused(save);  // (refused by the engine, not a Python that did not start)
        return;
      }
      if (refusedBox) {
        refusedBox.remove();
        refusedBox = null;
      }
      // (the form shows the resumed game's rules, so that New game plays them again: it
      // showed the page's defaults: review 37b)
      if (last && last.form) showRulesForm(form, last.form);
      if (last) $(form, ".pn-live-start").textContent = "New game";
    });

    let queued = null;  // a button of the table pressed while it was busy, done once it is not
    out.addEventListener("click", async (event) => {
      const card = event.target.closest("[data-card]");
      const action = event.target.closest("[data-action]");
      if (!last) return;
      // (the second click of a double click or tap is not a second card: when the first won
      // the trick, the table was drawn again at once as the reader's lead, and the second
      // played whatever card was then under the finger; review 41c)
      if (card && event.detail > 1) return;
      if (busy) {
        // a click while the computer plays or a deal's analysis is worked out was dropped
        // without a word (review 42c): a card is to be pressed again (the table may change
        // under it); the next hand or a new game is dealt as soon as the table is free
        if (card) {
          status.say("Your card waits until the table is ready: press it again in a moment.");
          return;
        }
        if (!action || queued) return;
        const what = action.dataset.action;
        if (what !== "next-deal" && what !== "new-game") return;
        queued = what;
        status.say(what === "next-deal" ? "The next hand is dealt in a moment…"
          : "A new game begins in a moment…");
        while (busy) await new Promise((resolve) => setTimeout(resolve, 100));
        const still = $(out, `[data-action="${queued}"]`);
        queued = null;
        if (!still) return;
        if (what === "next-deal") send({ op: "next_deal" });
        else form.requestSubmit();
        return;
      }
      if (card) send({ op: "play", card: card.dataset.card });
      else if (action) {
        const what = action.dataset.action;
        if (what === "throw-in") send({ op: "throw_in", claim: true });
        else if (what === "keep") send({ op: "throw_in", claim: false });
        else if (what === "next-deal") send({ op: "next_deal" });
        else if (what === "new-game") form.requestSubmit();
      }
    });
    // Arrow keys move along the hand; Enter or Space plays the focused card (it is a button).
    out.addEventListener("keydown", (event) => {
      const card = event.target.closest(".pn-cardbtn");
      if (!card || !["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
      const cards = $$(out, ".pn-cardbtn");
      let i = cards.indexOf(card);
      if (event.key === "ArrowLeft") i = Math.max(0, i - 1);
      else if (event.key === "ArrowRight") i = Math.min(cards.length - 1, i + 1);
      else if (event.key === "Home") i = 0;
      else i = cards.length - 1;
      cards.forEach((c) => { c.tabIndex = c === cards[i] ? 0 : -1; });
      cards[i].focus();
      event.preventDefault();
    });

    tools.addEventListener("click", (event) => {
      const what = event.target.closest("[data-do]");
      if (!what || !last) return;
      // the record is the game as the table last showed it: it is saved at once, even while
      // the engine works out the analysis of the deal just ended (a first click then was
      // dropped without a word, and a reader who clicked once had no record: review 37b)
      if (what.dataset.do === "download") {
        download(`penneech-game-${last.seed}.json`, last.record);
        return;
      }
      if (busy) {
        status.say(`${what.textContent} waits until the table is ready: press it again in a `
          + "moment.");
        return;
      }
      if (what.dataset.do === "hint") {
        status.say("Working out a hint…");
        send({ op: "hint" });
      }
      else if (what.dataset.do === "undo") {
        // Undo after the end of a game plays on from before its last card: the finished game
        // stays kept, with its result, and the game played on is kept beside it (it took the
        // finished one's place, and the result was gone; review 38a)
        // (only when there is a card of the reader's to take back: a game won before the
        // reader played was kept again under a new name at each press, and the copies pushed
        // the older finished games out of the browser; review 46a)
        const reopens = last && last.waiting === "over" && last.undoable;
        if (reopens && !mayLeave("Take back its last card?")) return;
        if (reopens && current) {
          current = newKey();  // (the finished game stays under its own)
          written = null;
        }
        send({ op: "undo" });
      }
    });
    // (offered beside "Play live", so that a game downloaded earlier can be played on at once)
    $(box, 'input[data-do="load"]').addEventListener("change", async (event) => {
      const file = await readFile(event.target);
      event.target.value = "";
      if (!file) return;
      if (busy) {
        // loaded once the table is free: it was dropped, with "the computer is playing" said
        // while Python was still starting, and that soon written over (review 38a)
        status.say(`${file.name} will be loaded in a moment (`
          + `${eng ? "the computer is playing" : "Python is starting"})…`);
        while (busy) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const previous = last;
      loadingFile = true;
      try {
        await replaceGame({ op: "resume", file: file.data, name: file.name, bytes: file.size,
                            loaded: true,
                            opponent: opponent() }, null);
      } finally {
        loadingFile = false;
      }
      if (last !== previous) {
        fromFile = true;
        showOpponent(last.opponent);
        if (last.form) showRulesForm(form, last.form);
        $(form, ".pn-live-start").textContent = "New game";
      }

    });
  }

  // -- one pack under several rulebooks --------------------------------------------------------

  function setupCompare(box) {
    const form = $(box, "form");
    const out = $(box, ".pn-live-out");
    const status = statusOf(box);
    async function deal(seed) {
      const eng = await engineFor(box);
      if (!eng) return;
      status.say("Dealing…");
      const answer = await eng.ask({
        op: "compare", seed, option: field(form, "option") || null, base: field(form, "base"),
      });
      if (!answer.ok) { status.say(answer.error); return; }
      status.say(`Pack ${answer.seed}, dealt live.`);
      form.elements.namedItem("seed").value = String(answer.seed);  // (an empty box: pack 1)
      out.innerHTML = answer.summary_html;
      const frames = document.createElement("div");
      out.append(frames);
      stepper(frames, answer.columns, "");
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      deal(field(form, "seed"));
    });
    $(box, '[data-do="new-pack"]').addEventListener("click", () => {
      const seed = crypto.getRandomValues(new Uint32Array(1))[0];
      form.elements.namedItem("seed").value = String(seed);
      deal(String(seed));
    });
  }

  // -- replay a record -------------------------------------------------------------------------

  function setupReplay(box) {
    const out = $(box, ".pn-live-out");
    const status = statusOf(box);
    // (``given``: the record's text, or a chosen file's bytes as ``{file: base64}``)
    async function replay(name, given, bytes = null) {
      const eng = await engineFor(box);
      if (!eng) return;
      const answer = await eng.ask({ op: "replay", name, bytes,
        ...(typeof given === "string" ? { text: given } : given) });
      if (!answer.ok) {
        // (what was shown stays, said so: a bad file wiped the game being read, its steps and
        // the costs worked out; review 46d)
        const kept = out.childElementCount > 0 ? " The game shown before stays below." : "";
        status.say(answer.error + kept);
        return;
      }
      const steps = answer.frames.length;
      status.say(`${steps} ${steps === 1 ? "step" : "steps"}: use the slider or the buttons.`);
      stepper(out, [{ label: "", frames: answer.frames }], answer.title);
      const story = document.createElement("details");
      const head = document.createElement("summary");
      head.textContent = "The whole game in words";
      const list = document.createElement("ol");
      // (each line as the engine made it safe, its cards named in words for a screen reader:
      // they were read "black spade suit 10"; review 44a)
      answer.narration_html.forEach((html) => {
        const li = document.createElement("li");
        li.innerHTML = html;
        list.append(li);
      });
      story.append(head, list);
      out.append(story);
      if (answer.deals && answer.deals.length) offerAnalysis(name, answer.record, answer.deals);
    }

    // What each card played in a deal cost: worked out on request, one deal at a time (a few
    // seconds each in the browser).
    function offerAnalysis(name, text, deals) {
      const menu = make("select", { name: "analyse-deal" },
        ...deals.map((n) => new Option(`deal ${n}`, String(n))));
      const go = make("button", { type: "button", textContent: "What each card cost" });
      go.dataset.do = "analyse-deal";
      const result = make("div", { className: "pn-analysis" });
      out.append(make("div", { className: "pn-replay-analysis" },
        make("div", { className: "pn-live-buttons" },
          make("label", { className: "pn-field" },
            make("span", { textContent: "Deal to analyse" }), menu),
          go),
        result));
      go.addEventListener("click", async () => {
        // (marked busy, not disabled: a disabled button lost the keyboard's focus to the page,
        // and the next Tab began again at its top; review 44a)
        if (go.getAttribute("aria-disabled") === "true") return;
        const eng = await engineFor(box);
        if (!eng) return;
        go.setAttribute("aria-disabled", "true");
        status.say(`Working out what each card cost in deal ${menu.value}…`);
        try {
          const answer = await eng.ask({ op: "replay_analysis", name, text,
                                         deal: Number(menu.value) });
          if (!answer.ok) {
            status.say(answer.error);
            return;
          }
          result.replaceChildren(...answer.lines.map((line, i) => make("p", {
            innerHTML: answer.lines_html[i], className: line.startsWith("  ") ? "pn-why" : "",
          })));
          status.say(answer.lines[0]);  // (the engine's heading: "Deal 2: 3 of 11 choices …")
        } finally {
          go.removeAttribute("aria-disabled");
        }
      });
    }
    $(box, 'input[type="file"]').addEventListener("change", async (event) => {
      const file = await readFile(event.target);
      if (file) replay(file.name, { file: file.data }, file.size);
    });
    const example = $(box, '[data-do="example"]');
    example.addEventListener("click", async () => {
      const url = new URL(example.dataset.url, ROOT);
      const response = await fetch(url);
      replay(url.pathname.split("/").pop(), await response.text());
    });
    $(box, "form").addEventListener("submit", (event) => event.preventDefault());
  }

  // -- a small experiment ----------------------------------------------------------------------

  function setupExperiment(box) {
    const form = $(box, "form");
    const out = $(box, ".pn-live-out");
    const status = statusOf(box);
    const stop = $(box, '[data-do="stop"]');
    const start = $(box, ".pn-live-start");
    let running = false;
    linkPresetMenu(box, form);
    const percent = (x) => `${(100 * x).toFixed(1)}%`;
    const interval = (low, high) => `${(100 * low).toFixed(1)}–${percent(high)}`;

    function show(answer, stopped = false) {
      const table = document.createElement("table");
      table.className = "pn-live-results";
      const head = table.createTHead().insertRow();
      // (both players play every game: the caption gives their number)
      ["player", "wins", "win rate", "95% interval", "mean score"].forEach((t) => {
        const th = document.createElement("th");
        th.textContent = t;
        head.append(th);
      });
      const body = table.createTBody();
      answer.rows.forEach((r) => {
        const row = body.insertRow();
        // (the figures as the command line writes them, where the engine sent them)
        const shown = r.shown || { win_rate: percent(r.win_rate),
          interval: interval(r.low, r.high), mean_score: r.mean_score.toFixed(1) };
        [r.player, r.wins, shown.win_rate, shown.interval, shown.mean_score]
          .forEach((v) => { row.insertCell().textContent = String(v); });
      });
      const caption = table.createCaption();
      caption.textContent = `Rules ${answer.rules}: ${answer.done} of ${answer.total} games`
        + (answer.finished ? "" : stopped ? " (stopped)" : " (running)");
      out.replaceChildren(table);
      if (answer.note) out.append(make("p", { className: "pn-live-note", textContent: answer.note }));
    }

    const goOn = $(box, '[data-do="go-on"]');
    let stoppedRun = null;  // the engine holding a stopped run, which "Go on" plays on
    let runId = null;  // the run on the panel, as it is kept (a run gone on replaces itself)

    // Every run that played a game is kept in the browser's storage, with its games as CSV
    // (what `penneech simulate --out` writes), and listed under the panel, each with its own
    // download: a second run, or a reload, does not lose the first one's figures.
    const runsBox = document.createElement("section");
    runsBox.className = "pn-live-runs";
    runsBox.setAttribute("aria-label", "Runs kept in this browser");
    out.after(runsBox);

    function readRuns() {
      try {
        const runs = JSON.parse(localStorage.getItem(RUNS_KEY) || "[]");
        return Array.isArray(runs) ? runs.filter((r) => r && typeof r.csv === "string"
          && Array.isArray(r.rows)) : [];
      } catch (e) {
        return [];
      }
    }

    // Keeps ``run`` first in the list (in place of an earlier state of the same run); when
    // the storage is full, the oldest runs make room. Says what was not kept.
    function keepRun(run) {
      // The same run played further in another tab of the page (gone on with there, or still
      // going there) stays as that tab kept it: a run is never kept with fewer games.
      const there = readRuns().find((r) => r.id === run.id);
      if (there && (there.finished ? !run.finished || there.done > run.done
        : there.done > run.done)) {
        showRuns();
        return `Another tab played this run further (${there.done} games): that is what `
          + "is kept.";
      }
      const all = [run, ...readRuns().filter((r) => r.id !== run.id)];
      let runs = all.slice(0, MAX_RUNS);  // (the newest MAX_RUNS)
      const had = all.length;
      for (;;) {
        try {
          localStorage.setItem(RUNS_KEY, JSON.stringify(runs));
          break;
        } catch (e) {
          if (runs.length <= 1) {
            showRuns([{ ...run, unkept: true }, ...readRuns().filter((r) => r.id !== run.id)]);
            return "This browser is not keeping the run (its storage is turned off or full): "
              + "download it from the list below before you leave the page.";
          }
          runs = runs.slice(0, -1);
        }
      }
      showRuns(runs);
      const gone = had - runs.length;
      return gone ? `The oldest ${gone === 1 ? "run" : `${gone} runs`} kept here ${
        gone === 1 ? "was" : "were"} forgotten to make room (this browser keeps at most `
        + `${MAX_RUNS}).` : "";
    }

    // Keeps the games played so far of the run going on, so that a reload or a link followed
    // mid-run loses at most the last few seconds' games; "" or what keepRun said.
    async function keepSoFar(eng, answer, finished) {
      const games = await eng.ask({ op: "experiment_results" });
      if (!games.ok) return "";
      return keepRun({
        id: runId, at: Date.now(), tab: TAB, rules: answer.rules, form: answer.form,
        players: games.players, seed: answer.seed, done: answer.done, total: answer.total,
        finished, rows: answer.rows, csv: games.csv,
      });
    }

    function runName(run) {
      const rules = String(run.rules).replace(/[^A-Za-z0-9=.-]+/g, "-");
      return `penneech-experiment-${rules}-seed${run.seed}-${run.done}-games.csv`;
    }

    let shown = [];  // the runs listed (when the storage refuses them, the list is all there is)
    function showRuns(runs = readRuns()) {
      shown = runs;
      // the button the keyboard is on is found again in the new list (the list is made anew
      // every few seconds while a run is kept, and the focus fell to the page; review 44a)
      const at = runsBox.contains(document.activeElement) ? document.activeElement : null;
      const was = at && { kind: at.className, run: at.dataset.run || "" };
      runsBox.replaceChildren();
      if (!runs.length) return;
      const title = make("p", { className: "pn-live-runs-title",
        textContent: "Your runs, kept in this browser (newest first)" });
      const note = make("p", { className: "pn-live-note" },
        "Each run's games download as a CSV file, one row a game, as ",
        make("code", { textContent: "penneech simulate --out" }), " writes them.");
      const list = make("ol", {}, ...runs.map((run) => {
        const [a, b] = run.rows;
        const line = `Rules ${run.rules} · ${run.players.join(" against ")} · seed `
          + `${run.seed} · ${run.done}${run.finished ? "" : ` of ${run.total}`} games`
          + (run.finished ? "" : run.id === runId && running ? " (running)"
            : run.tab !== TAB && Date.now() - run.at < 3 * KEEP_RUN_MS
              ? " (going on in another tab, or stopped there)" : " (stopped)")
          + (a ? `: ${a.player} won ${percent(a.win_rate)} (95% interval `
            + `${interval(a.low, a.high)})` : "")
          + (b ? `, ${b.player} ${percent(b.win_rate)}` : "") + ". "
          + (run.unkept ? "Not kept in this browser: download it before you leave. " : "");
        const save = make("button", { type: "button", className: "pn-live-runs-download",
          textContent: "Download (CSV)" });
        // (each named with its run, its visible words first: a list of buttons read the same
        // words once a run; review 44a)
        const which = `rules ${run.rules}, ${run.players.join(" against ")}, seed ${run.seed}`;
        save.setAttribute("aria-label", `Download (CSV): ${which}`);
        save.dataset.run = run.id;
        save.addEventListener("click", () => download(runName(run), run.csv, "text/csv"));
        const item = make("li", {}, make("span", { textContent: line }), save);
        if (!run.finished && !(run.id === runId && running)) {
          const again = make("button", { type: "button", className: "pn-live-runs-go-on",
            textContent: "Go on with this run" });
          again.setAttribute("aria-label", `Go on with this run: ${which}`);
          again.dataset.run = run.id;
          again.disabled = running;
          again.addEventListener("click", () => goOnWith(run));
          item.append(again);
        }
        return item;
      }));
      if (runs.some((r) => !r.finished)) {
        note.append(" A run that stopped (by Stop, a reload or a link followed) goes on where it "
          + "stopped: the games it then plays are those it would have played.");
      }
      // Forgets the runs listed here, and only those: a run another tab kept since (which this
      // list may not show yet) stays (it forgot every run in the browser, one never shown
      // here among them: review 37b)
      const forget = make("button", { type: "button", className: "pn-live-runs-forget",
        textContent: "Forget these runs" });
      forget.addEventListener("click", () => {
        const listed = new Set(shown.map((r) => r.id));
        if (!window.confirm(`Forget the ${listed.size === 1 ? "run" : `${listed.size} runs`} `
          + "listed here? Download the ones you want to keep first.")) return;
        const others = readRuns().filter((r) => !listed.has(r.id));
        try {
          if (others.length) localStorage.setItem(RUNS_KEY, JSON.stringify(others));
          else localStorage.removeItem(RUNS_KEY);
        } catch (e) { /* storage refused */ }
        showRuns(others);
        // said, and the keyboard put back on the form (it fell to the page; review 44a)
        status.say(`Forgot ${listed.size === 1 ? "the run" : `${listed.size} runs`} listed.`);
        if (!runsBox.contains(document.activeElement)) start.focus();
      });
      runsBox.append(title, note, list, forget);
      if (was) {
        const same = [...runsBox.querySelectorAll("button")].find(
          (b) => b.className === was.kind && (b.dataset.run || "") === was.run);
        (same || forget).focus();
      }
    }
    showRuns();
    // a run kept or forgotten in another tab shows here at once
    window.addEventListener("storage", (event) => {
      if (event.key === RUNS_KEY || event.key === null) showRuns();
    });

    // Plays the run on (a new one when ``request`` starts one) until it ends or Stop is pressed.
    async function run(eng, request, onStart = null) {
      running = true;
      showRuns(shown);  // (the runs' "Go on with this run" wait for this one)
      const onButtons = document.activeElement === goOn || document.activeElement === start;
      stop.disabled = false;
      start.disabled = true;
      if (onButtons) stop.focus();  // (the keyboard stays on the buttons)
      goOn.hidden = true;
      stoppedRun = null;
      const bar = $(box, ".pn-live-status progress");
      let answer = await eng.ask(request);
      // what a new run changed of what was typed, said with each message of the run (the box
      // turned 3 into 4, or an empty box into 100, without a word: review 37b)
      let pairs = "";
      if (answer.ok) {  // what runs, where a box was left empty or rounded to pairs
        if (onStart) onStart();
        const asked = request.start ? String(request.games ?? "").trim() : String(answer.total);
        if (asked !== String(answer.total)) {
          pairs = asked ? `${answer.total} games, not ${asked}: the games are played in pairs, `
            + "the same packs with the seats swapped"
            : `${answer.total} games, the number played when the box is left empty`;
        }
        form.elements.namedItem("games").value = String(answer.total);
        form.elements.namedItem("seed").value = String(answer.seed);
      }
      let keptDone = 0;
      let keptAt = Date.now();
      let toldWhileRunning = "";  // what keeping the run said (a run forgotten, a storage
      // that refuses it): told as the run goes on, and again at its end
      // The line the eye reads changes twice a second; a screen reader is told it at the start,
      // at each tenth of the games, every 15 s and when keeping the run says something (it was
      // told each change, some 25 times in 15 s: review 44a), as the download's megabytes are.
      const message = $(box, ".pn-live-message");
      const figures = $(box, ".pn-live-figures");
      let said = { at: 0, tenth: -1, told: "" };
      while (answer.ok) {
        if (answer.rows.length) show(answer);
        bar.hidden = false;
        bar.value = Math.round(100 * answer.done / answer.total);
        // (what keeping the run said, a storage that refuses it, is told at once)
        const line = ` ${answer.progress}${
          pairs ? ` (${pairs})` : ""}${toldWhileRunning ? `. ${toldWhileRunning}` : ""}`;
        const tenth = Math.floor(10 * answer.done / answer.total);
        if (figures) {
          figures.textContent = line;
          message.classList.add("pn-sr");
        }
        if (!figures || tenth !== said.tenth || toldWhileRunning !== said.told
            || Date.now() - said.at > 15000) {
          message.textContent = line;
          said = { at: Date.now(), tenth, told: toldWhileRunning };
        }
        if (answer.finished || !running) break;
        if (answer.done > keptDone && Date.now() - keptAt > KEEP_RUN_MS) {
          toldWhileRunning = await keepSoFar(eng, answer, false) || toldWhileRunning;
          keptDone = answer.done;
          keptAt = Date.now();
        }
        // half a second's play: the games are played a few decisions at a time, so that Stop
        // is answered within one decision even in a long game between strong players
        answer = await eng.ask({ op: "experiment" });
      }
      if (!answer.ok) status.say(answer.error);
      else {
        if (!answer.finished && answer.rows.length) show(answer, true);
        running = false;  // (the list shows the run as stopped, not running)
        let kept = answer.done ? await keepSoFar(eng, answer, answer.finished) : "";
        if (toldWhileRunning && kept !== toldWhileRunning) {
          kept = `${toldWhileRunning} ${kept}`.trim();
        }
        status.say((answer.finished ? `Done: ${answer.total} games${pairs ? ` (${pairs})` : ""}.`
          : `Stopped after ${answer.done} games`
            + (answer.unfinished ? " (the game in play is not counted unless you go on)."
              : ".")) + (kept ? ` ${kept}` : ""));
        if (!answer.finished) {
          stoppedRun = eng;
          goOn.hidden = false;
        }
      }
      running = false;
      showRuns(shown);  // (each stopped run's "Go on with this run" can be pressed again)
      const focused = document.activeElement === stop;
      stop.disabled = true;
      start.disabled = false;
      if (focused) (goOn.hidden ? start : goOn).focus();
    }

    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (running) return;
      running = true;  // (a second click while Python loads would start a second run)
      const eng = await engineFor(box);
      running = false;
      if (!eng) return;
      out.replaceChildren();  // the last run's table goes (it is kept in the list below)
      runId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      status.say("Playing the first game (the stronger players take a few seconds a game)…");
      await run(eng, {
        op: "experiment", start: true, step: 1, rules: rulesOf(form),
        players: [field(form, "player-a"), field(form, "player-b")],
        games: field(form, "games"), seed: field(form, "seed"),
      });
    });
    // (Go on plays the stopped run on: the form shows that run again, whatever was changed on
    // it since; it showed other rules while the old run went on: review 37b)
    goOn.addEventListener("click", () => {
      if (running || !stoppedRun) return;
      const kept = shown.find((r) => r.id === runId);
      if (kept) showSettings(kept);
      run(stoppedRun, { op: "experiment" });
    });

    // The form shows a kept run's settings (its rules as the engine described them, its
    // players, games and seed), so that what is on the panel is what is playing.
    function showSettings(kept) {
      if (kept.form) {
        showRulesForm(form, kept.form);
      } else {  // a run kept by an earlier version of the page: its rules in the notation
        const [preset, ...changes] = String(kept.rules).split(",");
        showRulesForm(form, { preset, options: Object.fromEntries(changes.map((change) => {
          const at = change.indexOf("=");
          return [change.slice(0, at), change.slice(at + 1)];
        })) });
      }
      const games = form.elements.namedItem("games");
      if (games && kept.total) games.value = String(kept.total);
      const seed = form.elements.namedItem("seed");
      if (seed && kept.seed) seed.value = String(kept.seed);
      ["player-a", "player-b"].forEach((name, i) => {
        const el = form.elements.namedItem(name);
        if (el) el.value = kept.players[i];
      });
    }

    // Goes on with a run kept in the list: the one on the panel where its Python still holds
    // it, any other (stopped on an earlier visit) from its games kept, which the engine checks
    // are that run's first games before it plays the rest.
    async function goOnWith(kept) {
      if (running) return;
      if (kept.id === runId && stoppedRun) {
        run(stoppedRun, { op: "experiment" });
        return;
      }
      running = true;
      const eng = await engineFor(box);
      running = false;
      if (!eng || running) return;
      out.replaceChildren();
      runId = kept.id;
      status.say(`Going on with your run from game ${kept.done + 1} of ${kept.total}…`);
      await run(eng, {
        op: "experiment", start: true, step: 1, rules: kept.rules, players: kept.players,
        games: kept.total, seed: kept.seed, games_so_far: kept.csv,
      }, () => showSettings(kept));  // (only once the engine has taken the run: the form
      // is left as it was when it refuses one, a run kept by another version of the page)
    }
    stop.addEventListener("click", () => { running = false; });
  }

  // -- the Python prompt -----------------------------------------------------------------------

  function setupPrompt(box) {
    const form = $(box, "form");
    const out = $(box, ".pn-live-out");
    const code = form.elements.namedItem("code");
    const stop = $(box, '[data-do="stop"]');
    const start = $(box, ".pn-live-start");
    let busy = false;  // from the click on "Run live" to the answer (the first run loads Python)
    let running = null;  // the engine running the reader's code
    // The reader's names as the last run that ended left them (the engine keeps them after
    // each run): Stop ends Python, and the next Python is given them back.
    let kept = null;
    stop.addEventListener("click", () => {
      if (running) running.stop();
    });

    const pre = (text, className = "") => make("pre", { className, textContent: text });

    // What the reader typed and what each run answered are kept in the browser (as text: a
    // drawing is kept as its repr), so that a reload or a page visited on the way loses
    // neither; Python itself starts afresh then, and the names the last finished run left,
    // kept in the browser too, are offered to be brought back.
    let history = [];  // newest first, as shown
    // (each output kept cut to its start: the storage is the saved games' too)
    const clip = (text) => (text.length > MAX_KEPT_OUTPUT
      ? `${text.slice(0, MAX_KEPT_OUTPUT)}\n… (the rest was shown on the earlier visit only)`
      : text);
    function keepPrompt() {
      forget.hidden = history.length === 0 && !offered;
      try {
        localStorage.setItem(PROMPT_KEY, JSON.stringify({
          draft: code.value,
          entries: history.slice(0, MAX_PROMPT_ENTRIES).map((run) => ({
            source: run.source, stdout: clip(run.stdout), error: clip(run.error),
            text: clip(run.text) })),
        }));
        runsUnkept.hidden = true;
      } catch (e) {
        // storage refused or full: this visit's runs are still on the page, and the reader is
        // told that a reload loses them (it was not said; the other panels say it; review 45a)
        runsUnkept.hidden = false;
      }
    }
    const forget = make("button", { type: "button", className: "pn-live-forget",
      textContent: "Forget these runs", hidden: true,
      title: "Forgets the runs and the names kept in this browser" });
    forget.addEventListener("click", () => {
      history = [];
      offered = null;
      out.replaceChildren();
      keepPrompt();
      storing = storing.then(() => namesStore("readwrite", (store) => store.delete(NAMES_KEY)));
      code.focus();
    });
    // said when the browser will not keep the names for a later visit
    const unkept = make("p", { className: "pn-live-note pn-live-unkept", hidden: true });
    // ... and when it will not keep the code typed and the runs
    const runsUnkept = make("p", { className: "pn-live-note pn-live-runs-unkept", hidden: true,
      textContent: "This browser is not keeping your code or these runs (its storage is turned "
        + "off or full): a reload or a later visit loses them. Copy what you want to keep." });
    out.after(runsUnkept, unkept, forget);

    // The names the last finished run left are kept in the browser after each run (from the
    // answer, as for a Stop), for a later visit; writes go one after another, after the read
    // of an earlier visit's names.  While those are offered, they stay kept, not this visit's.
    let offered = null;  // the earlier visit's names: {kept, names, not_kept}, until used
    let storing = Promise.resolve();
    function remember(answer) {
      if (offered || typeof answer.kept !== "string") return;
      const names = { kept: answer.kept, names: answer.kept_names || [],
        not_kept: answer.not_kept || {}, saved_at: Date.now() };
      storing = storing.then(() => namesStore("readwrite", (store) => store.put(names, NAMES_KEY)))
        .then((done) => {
          unkept.hidden = !done.refused;
          unkept.textContent = done.refused ? `This browser is not keeping your names for a `
            + `later visit (${done.refused}): they last while this page is open.` : "";
        });
    }
    const visible = (names) => names.filter((name) => !name.startsWith("_"));
    const reasons = (notKept) => Object.entries(notKept).map(([name, why]) => `${name} (${why})`);

    function showEntry(run, html = null) {
      const entry = make("div", { className: "pn-live-entry" }, pre(run.source, "pn-live-in"));
      if (run.stdout) entry.append(pre(run.stdout, "pn-live-stdout"));
      if (run.error) entry.append(pre(run.error, "pn-live-error"));
      if (html) {
        const shown = make("div", { className: "pn-live-display" });
        shown.innerHTML = html;  // (drawn, and every text in it escaped, by penneech.render)
        entry.append(shown);
      } else if (run.text) {
        entry.append(pre(run.text));
      }
      out.prepend(entry);
      return entry;
    }

    function ran(run, html = null) {
      showEntry(run, html);
      history.unshift(run);
      keepPrompt();
    }

    try {
      const saved = JSON.parse(localStorage.getItem(PROMPT_KEY) || "null");
      if (saved && Array.isArray(saved.entries)) {
        history = saved.entries.filter((r) => r && typeof r.source === "string")
          .map((r) => ({ source: r.source, stdout: String(r.stdout || ""),
            error: String(r.error || ""), text: String(r.text || "") }));
        history.slice().reverse().forEach((run) => showEntry(run));
        if (history.length) {
          out.append(make("p", { className: "pn-live-note pn-live-earlier",
            textContent: "Above: your runs on an earlier visit, kept in this browser. Python "
              + "starts afresh on this one: run your code again for its names." }));
        }
      }
      if (saved && typeof saved.draft === "string" && saved.draft.trim()) code.value = saved.draft;
    } catch (e) { /* storage refused, or not a kept prompt: the page as it was built */ }

    // The names kept on an earlier visit are offered, under its runs; bringing them back
    // starts Python, so it waits for the reader's click.  Code run before that keeps the names
    // it makes: the others are brought back beside them.
    storing = namesStore("readonly", (store) => store.get(NAMES_KEY)).then(({ value }) => {
      if (!value || typeof value.kept !== "string" || !Array.isArray(value.names)
          || !value.names.every((name) => typeof name === "string")
          || !visible(value.names).length) return;
      const notKept = value.not_kept;
      offered = { kept: value.kept, names: value.names,
        not_kept: notKept && typeof notKept === "object" && !Array.isArray(notKept)
          ? notKept : {} };
      const earlier = $(out, ".pn-live-earlier");
      if (earlier) {
        earlier.textContent = "Above: your runs on an earlier visit, kept in this browser. "
          + "Python starts afresh on this one.";
      }
      const lost = reasons(offered.not_kept);
      const button = make("button", { type: "button", className: "pn-live-bring-back",
        textContent: "Bring back these names" });
      const offer = make("div", { className: "pn-live-note pn-live-offer" },
        make("p", { textContent: `Your names from the earlier visit can be brought back: `
          + `${visible(offered.names).join(", ")} (kept in this browser).`
          + (lost.length ? ` Not kept then: ${lost.join("; ")}.` : "")
          + " A name you make on this visit before bringing them back stays as you made it. "
          + "Until you bring them back, they are the names kept in this browser, not this "
          + "visit's; “Forget these runs” forgets them too." }),
        button);
      out.append(offer);
      forget.hidden = false;
      button.addEventListener("click", () => bringBackEarlier(offer, button));
    }).catch(() => {});  // (whatever an odd stored copy does, the names made later are kept)
    let drafting = null;
    code.addEventListener("input", () => {
      clearTimeout(drafting);
      drafting = setTimeout(keepPrompt, 300);
    });
    forget.hidden = history.length === 0;

    // The earlier visit's names, brought back into this visit's Python (started if need be),
    // beside any name the reader has made since.
    let bringing = null;  // the bringing back going on: a run waits for it
    function bringBackEarlier(offer, button) {
      if (bringing || !offered) return;
      button.disabled = true;
      forget.disabled = true;  // (what it would forget is being brought back: it waits)
      bringing = bringBackNow(offer).finally(() => {
        bringing = null;
        button.disabled = false;
        forget.disabled = false;
      });
    }
    async function bringBackNow(offer) {
      const status = statusOf(box);
      const earlierNames = offered;
      const eng = await engineFor(box);
      if (!eng) return;
      status.say("Bringing back your names from the earlier visit…");
      const back = await eng.ask({ op: "python_restore", kept: earlierNames.kept, merge: true });
      if (back.stopped) return;
      offered = null;
      offer.remove();
      const earlier = $(out, ".pn-live-earlier");
      if (!back.ok) {  // (damaged, or kept by another version of the page)
        const why = back.error.replace(/^the names kept could not be read back: /, "");
        status.say("Your names from the earlier visit could not be brought back, and are "
          + `forgotten: ${why}.`);
        if (earlier) earlier.textContent = "Above: your runs on an earlier visit, kept in this browser.";
        storing = storing.then(() => namesStore("readwrite", (store) => store.delete(NAMES_KEY)));
        code.focus();  // (the button it was on is gone: it was left nowhere; review 44a)
        return;
      }
      if (earlier) {
        earlier.textContent = "Above: your runs on an earlier visit, kept in this browser; "
          + "their names were brought back.";
      }
      kept = back.again.kept;
      remember(back.again);
      const shown = visible(back.kept_names);
      const lost = reasons(back.not_kept);
      status.say(`Brought back your names from the earlier visit: ${shown.join(", ") || "none"}.`
        + (back.yours.length ? ` Left as you made them on this visit: ${back.yours.join(", ")}.`
          : "")
        + (lost.length ? ` Not brought back: ${lost.join("; ")}.` : ""));
      code.focus();
    }

    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (busy) {  // (a second click while Python loads would run the code twice)
        // ... and is said, not dropped without a word (review 44a)
        statusOf(box).say("Your last run has not ended: wait for it, or press Stop to end it.");
        return;
      }
      busy = true;
      const source = code.value;
      let printed = "";  // what the run printed so far, kept if the reader stops it
      const printing = (text) => { printed = (printed + text).slice(-MAX_PRINTED); };
      // (the earlier visit's names are not brought back in the middle of a run)
      const offerButton = $(box, ".pn-live-bring-back");
      if (offerButton) offerButton.disabled = true;
      try {
        if (bringing) await bringing;
        const eng = await engineFor(box);
        if (!eng) return;
        statusOf(box).say("Running…");
        running = eng;
        stop.disabled = false;
        if (document.activeElement === start) stop.focus();
        outputs.add(printing);
        const answer = await eng.ask({ op: "python", code: source });
        running = null;
        const focused = document.activeElement === stop;
        stop.disabled = true;
        if (focused) code.focus();
        if (answer.stopped) {
          ran({ source, stdout: printed, error: "Stopped.", text: "" });
          await bringBack();
          return;
        }
        if (answer.broken) {  // Python failed past saving: a new one, with the names kept
          ran({ source, stdout: printed, error: `${answer.error}.`, text: "" });
          await bringBack("Python stopped.");
          return;
        }
        if ("kept" in answer) {
          kept = answer.kept;
          remember(answer);
        }
        // (the status line is read out: a reader who cannot see the output hears how the run
        // ended, and its first words; it said "Running…" and then nothing, review 38b)
        statusOf(box).say(answer.ok ? ranTold(answer) : answer.error);
        ran({ source, stdout: answer.stdout || "", error: answer.error || "",
              text: answer.text || "" }, answer.html || null);
      } finally {
        outputs.delete(printing);
        busy = false;
        if (offerButton) offerButton.disabled = false;
      }
    });
    // After a Stop: a new Python, given the names the last run that ended left (told by name,
    // with each name that could not be kept and why).
    async function bringBack(said = "Stopped.") {
      const status = statusOf(box);
      if (!kept) {
        status.say(`${said} Python starts afresh at the next run.`);
        return;
      }
      status.say(`${said} Starting Python again with your names…`);
      const eng = await engineFor(box, true);
      if (!eng) return;
      const back = await eng.ask({ op: "python_restore", kept });
      if (!back.ok) {
        status.say(`${said} Python starts afresh: your names could not be brought back (${back.error}).`);
        kept = null;
        return;
      }
      const shown = back.kept_names.filter((name) => !name.startsWith("_"));
      const lost = Object.entries(back.not_kept).map(([name, why]) => `${name} (${why})`);
      status.say(`${said} Python started again`
        + (shown.length ? ` with your names as the last run that ended left them: ${shown.join(", ")}.`
          : ".")
        + (lost.length ? ` Not brought back: ${lost.join("; ")}.` : ""));
    }

    code.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
  }

  const SETUP = {
    play: setupPlay, compare: setupCompare, replay: setupReplay,
    experiment: setupExperiment, prompt: setupPrompt,
  };

  // pause_ms: how long the computer's card waits before it answers (a test may shorten it)
  // The first touch of a panel's controls (choosing the rules, say) starts loading the engine,
  // so that it is ready sooner when the reader presses the panel's button.
  function warmOnFirstTouch(box) {
    const form = $(box, "form");
    if (!form) return;
    // Not where the reader has asked the browser to save data (7.6 MB on a phone's metered
    // data, for a reader who only looked at the rules; review 41c); and with its progress
    // shown, as a press of the button shows it (it loaded without a word).
    const warm = () => {
      form.removeEventListener("pointerdown", warm);
      form.removeEventListener("change", warm);
      const connection = navigator.connection;
      if (connection && (connection.saveData || /2g/.test(connection.effectiveType || ""))) return;
      if (canRun()) engineFor(box);
    };
    form.addEventListener("pointerdown", warm);
    form.addEventListener("change", warm);
  }

  window.penneechLive = { canRun, startEngine, startup_ms: null, pause_ms: COMPUTER_PAUSE_MS };
  document.querySelectorAll(".pn-live[data-live]").forEach((box) => {
    const setup = SETUP[box.dataset.live];
    if (setup) {
      setup(box);
      warmOnFirstTouch(box);
    }
  });
})();
