// The Penneech engine in a Web Worker.
//
// Loads the site's own copy of Pyodide and the penneech wheel (the folder pyodide/ at the site's
// root, written by `make book`), then answers each request with penneech.live.handle: JSON text
// in, JSON text out.  Nothing here knows a rule of the game.  Nothing is fetched from any other
// host.  Messages to the page: {type: "progress", fraction, text}, {type: "ready", ms},
// {type: "answer", id, text, ms}, {type: "failed", text}.

const base = new URL("../../pyodide/", import.meta.url);
// The big runtime files: while Pyodide fetches them, a copy of each response (Response.clone,
// so that Pyodide still compiles the original as it streams in, and the browser can cache the
// compiled code) is read here only to count the bytes for the page's progress bar.
const BIG = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"];

const post = (message) => self.postMessage(message);

function countDownloads() {
  const realFetch = self.fetch;
  let done = 0;
  let total = 0;
  self.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const name = String(input instanceof Request ? input.url : input).split("/").pop();
    if (BIG.includes(name) && response.ok && response.body) {
      total += Number(response.headers.get("content-length") || 0);
      const reader = response.clone().body.getReader();
      (async () => {
        for (;;) {
          const { done: end, value } = await reader.read();
          if (end) {
            if (done >= total) post({ type: "progress", fraction: 0.85, text: "Starting Python…" });
            break;
          }
          done += value.length;
          post({
            type: "progress", fraction: total ? Math.min(0.8, 0.8 * done / total) : 0,
            text: `Downloading the Python runtime: ${(done / 1e6).toFixed(1)} of `
              + `${(total / 1e6).toFixed(1)} MB`,
          });
        }
      })();
    }
    return response;
  };
  return () => { self.fetch = realFetch; };
}

async function start() {
  const t0 = performance.now();
  post({ type: "progress", fraction: 0, text: "Loading the Python runtime from this site…" });
  const restore = countDownloads();
  let pyodide;
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
    pyodide = await loadPyodide({ indexURL: base.href, stdout: () => {}, stderr: () => {} });
  } finally {
    restore();
  }
  const t1 = performance.now();
  post({ type: "progress", fraction: 0.95, text: "Installing the Penneech engine…" });
  await pyodide.loadPackage("penneech", { messageCallback: () => {}, errorCallback: () => {} });
  const t2 = performance.now();
  const handle = pyodide.pyimport("penneech.live").handle;
  const t3 = performance.now();
  post({
    type: "ready", ms: t3 - t0, version: pyodide.version,
    phases: { runtime_ms: t1 - t0, wheel_ms: t2 - t1, import_ms: t3 - t2 },
  });
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
  try {
    text = handle(JSON.stringify(request));
  } catch (error) {
    text = JSON.stringify({ ok: false, error: `internal error: ${error && error.message || error}` });
  }
  post({ type: "answer", id, text, ms: performance.now() - t0 });
};
