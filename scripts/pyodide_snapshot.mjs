// Makes the memory snapshot the page's worker starts from: the vendored Pyodide, booted under Node, with the
// engine imported from its zip, then its WebAssembly memory gzipped to a file (run by `python -m cosmoludo build`).
// Usage: node scripts/pyodide_snapshot.mjs <pyodide folder> <engine.zip> <snapshot.gz> <engine path in Pyodide>
//
// Starting Python (its own initialisation, then importing the engine) is most of a cold boot; restoring this
// memory skips both. The worker (web/engine_worker.js) writes the same engine.zip to the same path before it
// calls anything, so the snapshot's import state and the files agree; if the snapshot cannot be used, the
// worker boots Python the ordinary way and imports the engine from that zip.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, zipPath, snapshotPath, enginePath] = process.argv.slice(2);
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
const memory = pyodide.makeMemorySnapshot();
writeFileSync(snapshotPath, gzipSync(memory, { level: 6 }));
