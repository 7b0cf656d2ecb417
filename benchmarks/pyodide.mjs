// Run benchmarks/decisions.py in Pyodide under Node, on this checkout's penneech/*.py files.
//
//   cd /tmp && npm install pyodide@314.0.6
//   NODE_PATH=/tmp/node_modules node benchmarks/pyodide.mjs --decisions 200 pagat
//
// (Node resolves the "pyodide" import from NODE_PATH or a node_modules folder above this file.)
// Pyodide's process_time() is wall-clock time, so run it on a quiet machine; the script prints
// the same table as under CPython.
import { createRequire } from "module";
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const require = createRequire(import.meta.url);
const { loadPyodide } = require(require.resolve("pyodide", { paths: (process.env.NODE_PATH || "").split(path.delimiter).concat([process.cwd()]) }));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide();
py.FS.mkdirTree("/home/pyodide/penneech");
for (const f of fs.readdirSync(path.join(root, "penneech"))) {
  if (f.endsWith(".py")) {
    py.FS.writeFile(`/home/pyodide/penneech/${f}`, fs.readFileSync(path.join(root, "penneech", f)));
  }
}
py.FS.writeFile("/home/pyodide/decisions.py", fs.readFileSync(path.join(root, "benchmarks", "decisions.py")));
py.setStdout({ batched: (s) => console.log(s) });
py.setStderr({ batched: (s) => console.error(s) });
py.globals.set("ARGS", py.toPy(process.argv.slice(2)));
await py.runPythonAsync(`
import runpy, sys
sys.path.insert(0, "/home/pyodide")
sys.argv = ["decisions.py", *ARGS]
runpy.run_path("/home/pyodide/decisions.py", run_name="__main__")
`);
