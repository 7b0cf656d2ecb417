// The Penneech engine in a Web Worker.
//
// Loads the site's own copy of Pyodide and the penneech wheel (the folder pyodide/ at the site's
// root, written by `make book`), then answers each request with penneech.live.handle: JSON text
// in, JSON text out.  Nothing here knows a rule of the game.  Nothing is fetched from any other
// host.  Messages to the page: {type: "progress", fraction, text}, {type: "ready", ms},
// {type: "answer", id, text, ms}, {type: "output", text} (the prompt's output as it is
// printed), {type: "failed", text}, {type: "saved", bytes} (Python as started, kept) and
// {type: "runtime-kept", names} (runtime files kept in Cache Storage).

const base = new URL("../../pyodide/", import.meta.url);
// While Pyodide fetches its files, a copy of each response (Response.clone, so that Pyodide
// still compiles the original as it streams in) is read here to count the bytes for the page's
// progress bar.  (The wasm, decompressed here, is a response of no address, so the browser does
// not keep its compiled code, as it may for a file from its HTTP cache: measured, a start from
// the kept copy took 1.12 s where it took 1.05; benchmarks/results/live-slow.md.)  The total
// is what a start loads, file by file, as the build measured it (penneech.json,
// "start_bytes"): the modules (.mjs) are imported, not fetched, so they are counted as loaded
// from the first byte on.

const post = (message) => self.postMessage(message);

// A file the build also wrote gzipped (penneech.json, "gzipped": the wasm, 9.6 MB, 3.5 MB
// gzipped) is downloaded as its .gz and decompressed here, so that a first start loads some
// 8 MB, not 14, from a host that does not compress it.  The first bytes tell whether it is
// still gzipped (a host may have sent the .gz with Content-Encoding: gzip, which the browser
// undoes itself).
async function gunzipped(response, name) {
  const reader = response.body.getReader();
  // the first bytes, two at least (a chunk of one byte is rare, but would pass for wasm)
  let head = new Uint8Array(0);
  let ended = false;
  while (head.length < 4 && !ended) {
    const { done, value } = await reader.read();
    if (done) ended = true;
    else head = new Uint8Array([...head, ...value]);
  }
  const rest = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (ended) controller.close();
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const gz = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  const wasm = head.length >= 4 && head[0] === 0 && head[1] === 0x61 && head[2] === 0x73
    && head[3] === 0x6d;  // ("\0asm": sent decoded by a host that marked it gzip-encoded)
  if (!gz && !wasm) {  // (a host's page in its place, say: Pyodide would wait for ever)
    post({ type: "failed", text: `${name} is not the runtime (neither gzip nor WebAssembly)` });
  }
  if (!gz) return new Response(rest, { headers: { "content-type": "application/wasm" } });
  // Pyodide waits for ever on a file it cannot read, so a file that does not decompress (cut
  // short, or spoilt on the way) is told to the page, as a download cut off is
  const out = rest.pipeThrough(new DecompressionStream("gzip")).getReader();
  const body = new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await out.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        post({ type: "failed", text: `${name} could not be decompressed `
          + `(${error && error.message || error})` });
        controller.error(error);
      }
    },
    cancel: (reason) => out.cancel(reason),
  });
  return new Response(body, { headers: { "content-type": "application/wasm" } });
}

// `runtime` (a Cache Storage cache, or null) and `keepable` (the names of Pyodide's own files):
// a file kept there is taken from it, and each keepable file downloaded is handed, with its
// bytes, to `downloaded` (see keepWhatTheCacheDrops).  `gzipped`: the files to load compressed.
function countDownloads(sizes, runtime = null, keepable = new Set(), downloaded = new Map(),
                        gzipped = {}) {
  const realFetch = self.fetch;
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  let done = Object.entries(sizes).filter(([name]) => name.endsWith(".mjs"))
    .reduce((a, [, size]) => a + size, 0);
  // A download cut off (a dropped connection on a school's wifi) is told to the page at once:
  // Pyodide may wait for ever on a file whose fetch failed, so the page would wait with it.
  const cutOff = (name, error) => post({
    type: "failed", text: `the download of ${name} was cut off (${error && error.message || error})`,
  });
  // what the progress bar and line say: `done` bytes of `total` loaded, or all loaded.  From
  // the browser's copy the files come in a moment, from its cache: their megabytes are not
  // told in the first second (five lines in half a second, one of them "Downloading" after
  // "from this browser's copy"; review 44a), only if they are slow to come
  let began = null;  // the first file's fetch
  let counted = false;  // a line of megabytes was told
  const tell = (end) => {
    if (end) {
      // (from the browser's copy with no megabytes told, its line was said already)
      if (done >= total && !(restoring && !counted)) {
        post({ type: "progress", fraction: 0.85, text: restoring
          ? "Starting Python from this browser's copy…"
          : "Starting Python: some seconds, the first time; what you asked for appears "
            + "here by itself…" });
      }
      return;
    }
    began ??= performance.now();
    if (restoring && performance.now() - began < 1000) return;
    counted = true;
    // (from the browser's copy the bar is past half already, and goes on from there:
    // it ran back to 9%, and then said "the first time"; review 41c)
    const share = total ? Math.min(1, done / total) : 0;
    post({
      type: "progress", fraction: restoring ? 0.5 + 0.3 * share : 0.8 * share,
      text: `Downloading the Python runtime: ${(done / 1e6).toFixed(1)} of `
        + `${(total / 1e6).toFixed(1)} MB`,
    });
  };
  self.fetch = async (input, init) => {
    let url = new URL(String(input instanceof Request ? input.url : input), base).href;
    let name = url.split("/").pop();
    const gz = gzipped[name];
    if (gz) {
      url = new URL(gz.file, base).href;
      name = gz.file;
      input = url;
    }
    const keep = runtime !== null && keepable.has(name);
    if (keep) {
      const kept = await runtime.match(url).catch(() => undefined);
      if (kept) {  // (from this browser's own storage: nothing to download)
        done += sizes[name] || 0;
        tell(true);
        return gz ? gunzipped(kept, name) : kept;
      }
    }
    let response;
    try {
      response = await realFetch(input, init);
    } catch (error) {
      if (name in sizes) cutOff(name, error);
      throw error;
    }
    if (name in sizes && !response.ok) {
      post({ type: "failed", text: `${name} could not be downloaded (HTTP ${response.status})` });
    }
    if (name in sizes && !name.endsWith(".mjs") && response.ok && response.body) {
      const reader = response.clone().body.getReader();
      const parts = keep ? [] : null;
      const type = response.headers.get("content-type") || "application/octet-stream";
      // (counted up to the file's own size: a host that sends the .gz marked gzip-encoded has
      // the browser hand over the 9.6 MB decoded, and the line read "12.1 of 7.6 MB"; review
      // 43c)
      let left = sizes[name] ?? Infinity;
      (async () => {
        for (;;) {
          let part;
          try {
            part = await reader.read();
          } catch (error) {
            cutOff(name, error);
            return;
          }
          const { done: end, value } = part;
          if (end && parts) downloaded.set(url, { parts, type });
          if (end) break;
          const counted = Math.min(value.length, left);
          left -= counted;
          done += counted;
          if (parts) parts.push(value);
          tell(false);
        }
        tell(true);
      })();
    }
    return gz && response.ok ? gunzipped(response, name) : response;
  };
  return () => { self.fetch = realFetch; };
}

// After the first start, the started interpreter (with the engine imported) is kept in the
// browser's Cache Storage as a Pyodide memory snapshot, keyed by the Pyodide version and the
// wheel's hash; later starts restore it instead of starting Python and importing the engine
// again.  Where Cache Storage is missing (a page served over plain http from another machine)
// or the snapshot cannot be used, Python starts from scratch as the first time.
const SNAPSHOTS = "penneech-live-snapshots";
let restoring = false;  // Python is being started from the snapshot (the runtime's files too)
const quiet = { stdout: () => {}, stderr: () => {} };

async function openCache(name = SNAPSHOTS) {
  try {
    return self.caches ? await self.caches.open(name) : null;
  } catch (error) {
    return null;
  }
}

// Pyodide's own files (the same for every build with one Pyodide version) are left to the
// browser's HTTP cache, but a private or guest window's cache, held in memory, does not keep
// pyodide.asm.wasm (9.6 MB): every reload downloaded it again (review 41c).  So once Python has
// started, each of these files downloaded is looked up in the HTTP cache ("only-if-cached"), and
// one the cache did not keep is kept in Cache Storage, beside Python as started; the next start
// takes it from there.  A normal profile's cache keeps them all, so nothing is kept twice.
const RUNTIME = "penneech-live-runtime-";

async function openRuntime(version) {
  const name = RUNTIME + version;
  try {
    if (!self.caches) return null;
    for (const old of await self.caches.keys()) {
      if (old.startsWith(RUNTIME) && old !== name) await self.caches.delete(old);
    }
    return await self.caches.open(name);
  } catch (error) {
    return null;
  }
}

async function keepWhatTheCacheDrops(runtime, downloaded) {
  const kept = [];
  for (const [url, { parts, type }] of downloaded) {
    // only a file that came over the network may be missing from the HTTP cache (one that came
    // from it, or was revalidated there, is in it)
    const timing = performance.getEntriesByName(url).pop();
    if (timing && timing.transferSize < timing.encodedBodySize) continue;
    let inCache = false;
    try {
      const probe = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
      inCache = probe.ok;
      await probe.arrayBuffer();  // (read from the cache to its end, not cut off)
    } catch (error) {  // not in the HTTP cache
      inCache = false;
    }
    if (inCache) continue;
    try {
      await runtime.put(url, new Response(new Blob(parts, { type }), {
        headers: { "content-type": type },
      }));
      kept.push(url.split("/").pop());
    } catch (error) {  // (storage full: the next start downloads it again, as before)
      post({ type: "runtime-kept", names: kept, error: String(error && error.message || error) });
      return;
    }
  }
  post({ type: "runtime-kept", names: kept });
}

// The penneech wheel of this site, checked against the hash in the manifest.
async function fetchWheel(manifest) {
  const { file_name: name, sha256 } = manifest.penneech;
  const response = await fetch(new URL(name, base));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)))
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  if (digest !== sha256) throw new Error(`${name} does not match its hash in penneech.json`);
  return bytes;
}

async function startFresh(loadPyodide, cache, key, manifest) {
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ indexURL: base.href, _makeSnapshot: Boolean(cache), ...quiet }),
    fetchWheel(manifest),
  ]);
  post({ type: "progress", fraction: 0.95, text: "Installing the Penneech engine…" });
  pyodide.unpackArchive(wheel, "wheel");
  pyodide.runPython("import penneech, penneech.live");
  if (cache) {
    try {
      const snapshot = pyodide.makeMemorySnapshot();
      // kept for the next visit (older ones, of another version, are dropped); the game does
      // not wait for it
      cache.keys().then((old) => old.forEach((r) => r.url !== key && cache.delete(r)));
      cache.put(key, new Response(snapshot, { headers: { "content-type": "application/octet-stream" } }))
        .then(() => post({ type: "saved", bytes: snapshot.length }))
        .catch((error) => post({ type: "saved", bytes: 0, error: String(error) }));
    } catch (error) {  // no snapshot this time
      post({ type: "saved", bytes: 0, error: String(error && error.message || error) });
    }
  }
  return pyodide;
}

async function startFromSnapshot(loadPyodide, snapshot, manifest) {
  post({ type: "progress", fraction: 0.5, text: "Starting Python from this browser's copy…" });
  restoring = true;
  let pyodide;
  let archive;
  try {
    [pyodide, archive] = await Promise.all([
      loadPyodide({ indexURL: base.href, _loadSnapshot: snapshot, ...quiet }),
      fetchWheel(manifest),
    ]);
  } finally {
    restoring = false;
  }
  // the engine's modules are imported in the snapshot; its files go back on the file system
  pyodide.unpackArchive(archive, "wheel");
  return pyodide;
}

async function start() {
  const t0 = performance.now();
  post({ type: "progress", fraction: 0, text: "Loading the Python runtime from this site…" });
  const manifest = await (await fetch(new URL("penneech.json", base))).json();
  const key = new URL(`snapshot-${manifest.pyodide}-${manifest.penneech.sha256}`, base).href;
  const cache = await openCache();
  const stored = cache ? await cache.match(key) : undefined;
  const runtime = cache ? await openRuntime(manifest.pyodide) : null;
  // (a browser that cannot decompress loads the plain files, and counts them)
  const sizes = { ...(manifest.start_bytes || {}) };
  const gzipped = { ...(manifest.gzipped || {}) };
  if (typeof DecompressionStream !== "function") {
    for (const [name, { file, bytes }] of Object.entries(gzipped)) {
      if (file in sizes) {
        delete sizes[file];
        sizes[name] = bytes;
      }
      delete gzipped[name];
    }
  }
  // (Pyodide's own files, the same for every build of its version: not the wheel, nor the
  // lock file, which the build writes again with the wheel's hash; review 43c)
  const keepable = new Set(Object.keys(sizes).filter(
    (name) => !name.endsWith(".mjs") && name !== manifest.penneech.file_name
      && name !== "pyodide-lock.json"));
  const downloaded = new Map();
  const restore = countDownloads(sizes, runtime, keepable, downloaded, gzipped);
  let pyodide = null;
  let fromSnapshot = false;
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
    if (stored) {
      try {
        const snapshot = new Uint8Array(await stored.arrayBuffer());
        pyodide = await startFromSnapshot(loadPyodide, snapshot, manifest);
        fromSnapshot = true;
      } catch (error) {
        await cache.delete(key);
      }
    }
    if (!pyodide) pyodide = await startFresh(loadPyodide, cache, key, manifest);
  } finally {
    restore();
  }
  const t1 = performance.now();
  const live = pyodide.pyimport("penneech.live");
  const handle = live.handle;
  // what the prompt's code prints goes to the page as it is printed (kept if the reader stops)
  live.set_output_hook((text) => post({ type: "output", text }));
  const t2 = performance.now();
  post({
    type: "ready", ms: t2 - t0, version: pyodide.version,
    phases: { start_ms: t1 - t0, import_ms: t2 - t1, from_snapshot: fromSnapshot },
  });
  // (after the start, and a moment later, so that the HTTP cache has written what it keeps)
  if (runtime && downloaded.size) {
    setTimeout(() => keepWhatTheCacheDrops(runtime, downloaded), 1000);
  }
  return handle;
}

const ready = start();
ready.catch((error) => post({ type: "failed", text: String(error && error.message || error) }));

self.onmessage = async (event) => {
  const { id, request } = event.data;
  let handle;
  try {
    handle = await ready;
  } catch (error) {
    post({ type: "answer", id, text: JSON.stringify({ ok: false, error: "the engine did not start" }) });
    return;
  }
  const t0 = performance.now();
  let text;
  // Python that has failed past saving (the browser's stack overflowed under it, review 45a)
  // answers nothing more: the page is told, ends this worker and starts a new Python
  let broken = false;
  try {
    text = handle(JSON.stringify(request));
  } catch (error) {
    const said = String(error && error.message || error);
    const deep = /Maximum call stack size exceeded|too much recursion/i.test(said);
    broken = deep || /fatal error/i.test(said);
    // (the prompt's own os._exit(0) read "internal error", as if the site had failed; the
    // next run goes on with the same Python; review 43a)
    text = JSON.stringify({ ok: false, error: /^Program terminated with exit\(/.test(said)
      ? `your code ended Python (${said}); the next run goes on with your names`
      : deep ? "your code went deeper than Python in the browser can go (a structure nested "
        + "too deeply, or a recursion too deep), and Python stopped"
      : broken ? `Python in the browser failed (${said}) and stopped`
      : `internal error: ${said}` });
  }
  if (typeof text !== "string") {  // (a Python that failed fatally returns nothing at all)
    broken = true;
    text = JSON.stringify({ ok: false, error: "Python in the browser failed and stopped" });
  }
  post({ type: "answer", id, text, ms: performance.now() - t0, broken });
};
