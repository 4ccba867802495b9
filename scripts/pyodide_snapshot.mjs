// Makes the memory snapshot the page's worker starts from: the vendored Pyodide, booted under Node, with the
// engine imported from its zip, then its WebAssembly memory written to a file as it is (run by `python -m cosmoludo
// build`, which packs it: py/cosmoludo/tools/site.py pack_snapshot keeps only the memory's blocks that are not all zeros).
// Usage: node scripts/pyodide_snapshot.mjs <pyodide folder> <engine.zip> <memory file> <engine path in Pyodide>
//        [<PyScript's Python files, as JSON> [<PyScript's stdlib.js, whose `stdlib` is the prelude it runs>]]
//
// Starting Python (its own initialisation, then importing the engine) is most of a cold boot; restoring this
// memory skips both. The worker's interpreter (web/engine_interpreter.js) writes the same engine.zip to the same
// path before it calls anything, so the snapshot's import state and the files agree; if the snapshot cannot be
// used, the worker boots Python the ordinary way and imports the engine from that zip. PyScript's own Python
// package, when given, is compiled into the memory too (py/cosmoludo/pyscript_cache.py), and so is the prelude
// PyScript runs in its worker before the worker's code (the code that writes and imports that package).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, zipPath, snapshotPath, enginePath, pyscriptFiles, pyscriptStdlib] = process.argv.slice(2);
if (!pyodideDir || !zipPath || !snapshotPath || !enginePath) {
  console.error("usage: node scripts/pyodide_snapshot.mjs <pyodide folder> <engine.zip> <memory file> <engine path>");
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
if (pyscriptStdlib) {
  const { stdlib } = await import(pathToFileURL(resolve(pyscriptStdlib)).href);
  pyodide.globals.set("_pyscript_prelude", stdlib);
  pyodide.runPython(`
import cosmoludo.pyscript_cache
cosmoludo.pyscript_cache.prepare_prelude(_pyscript_prelude)
del _pyscript_prelude
`);
}

// The memory C's allocator holds free (what Python and the imports above allocated, used and gave back) still has
// the bytes last written there. Zeroed, the snapshot packs smaller and the page unpacks less (≈ 3 of 20 MB):
// the allocator lends every free block it can without taking more from the top of the heap, each is zeroed,
// then all are given back. Python's objects are not touched, only memory no one holds.
pyodide.runPython("import gc; gc.collect()");
zeroFreeMemory(pyodide._module);
writeFileSync(snapshotPath, pyodide.makeMemorySnapshot());

function zeroFreeMemory(Module) {
  const info = Module._malloc(64);
  const topChunk = () => { // mallinfo's keepcost: the free space at the top of the heap
    Module._mallinfo(info);
    return Module.HEAPU32[(info >> 2) + 9];
  };
  const lent = [];
  for (let size = 1 << 24; size >= 16; size >>= 1) {
    while (size + 4096 <= topChunk()) {
      const block = Module._malloc(size);
      if (!block) break;
      Module.HEAPU8.fill(0, block, block + size);
      lent.push(block);
    }
  }
  for (const block of lent) Module._free(block);
  Module._free(info);
}
