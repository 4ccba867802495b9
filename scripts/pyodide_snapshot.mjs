// Makes the memory snapshot the page's worker starts from: the vendored Pyodide, booted under Node, with the
// engine imported from its zip, then its WebAssembly memory gzipped to a file (run by `python -m cosmoludo build`).
// Usage: node scripts/pyodide_snapshot.mjs <pyodide folder> <engine.zip> <snapshot.gz> <engine path in Pyodide>
//        [<PyScript's Python files, as JSON>]
//
// Starting Python (its own initialisation, then importing the engine) is most of a cold boot; restoring this
// memory skips both. The worker's interpreter (web/engine_interpreter.js) writes the same engine.zip to the same
// path before it calls anything, so the snapshot's import state and the files agree; if the snapshot cannot be
// used, the worker boots Python the ordinary way and imports the engine from that zip. PyScript's own Python
// package, when given, is compiled into the memory too (py/cosmoludo/pyscript_cache.py).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, zipPath, snapshotPath, enginePath, pyscriptFiles] = process.argv.slice(2);
if (!pyodideDir || !zipPath || !snapshotPath || !enginePath) {
  console.error("usage: node scripts/pyodide_snapshot.mjs <pyodide folder> <engine.zip> <snapshot.gz> <engine path>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", _makeSnapshot: true });
pyodide.FS.writeFile(enginePath, new Uint8Array(readFileSync(zipPath)));
// prepare_snapshot imports every module the page can reach (a later import would need the zip's sources).
pyodide.runPython(`
import sys
sys.path.insert(0, ${JSON.stringify(enginePath)})
import cosmoludo.worker
cosmoludo.worker.prepare_snapshot()
`);
if (pyscriptFiles) {
  pyodide.globals.set("_pyscript_files", readFileSync(pyscriptFiles, "utf8"));
  pyodide.runPython(`
import json
import cosmoludo.pyscript_cache
cosmoludo.pyscript_cache.prepare(json.loads(_pyscript_files))
del _pyscript_files
`);
}
const memory = pyodide.makeMemorySnapshot();
writeFileSync(snapshotPath, gzipSync(memory, { level: 6 }));
