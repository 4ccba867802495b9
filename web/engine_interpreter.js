// The interpreter of the engine's PyScript worker (index.html names this module as its `interpreter`): PyScript
// imports it inside the worker and calls its loadPyodide, which starts Pyodide from the build's memory snapshot
// (web/engine.snapshot.gz: Python with the engine already imported) and writes web/engine.zip where that Python
// expects it. If the snapshot cannot be used, Python starts the ordinary way and imports the engine from the
// same zip (the engine's about() tells which). PyScript then runs web/engine_worker.py, which exports the calls.
import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const here = (path) => new URL(path, import.meta.url).href;
const INDEX_URL = here("./vendor/pyodide/");
const ENGINE_PATH = "/home/pyodide/engine.zip"; // site.ENGINE_PATH_IN_PYODIDE: the snapshot's sys.path has it

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// A host may already have undone the gzip (serving the file with Content-Encoding: gzip): then the bytes are
// the snapshot itself.
async function gunzip(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Every download starts as PyScript imports this module, while the rest of PyScript's own start goes on.
// Pyodide's module factory (the file pyodide.mjs would load itself) is for restorePython: loadPyodide calls a
// factory it is given only once the snapshot has arrived, and this 1.2 MB file should not wait for that.
const pyodideFactory = import("./vendor/pyodide/pyodide.asm.mjs");
pyodideFactory.catch(() => {}); // then the snapshot start fails, and Python starts the ordinary way
const zip = fetchOk(here("./engine.zip")).then((response) => response.arrayBuffer());
zip.catch(() => {}); // reported once Python has started
const snapshot = fetchOk(here("./engine.snapshot.gz")).then(gunzip);
snapshot.catch(() => {}); // the ordinary start follows
// Pyodide's WebAssembly (9.6 MB) compiles meanwhile: Pyodide itself would fetch and compile it only once the
// factory runs, after the snapshot has arrived and been unzipped, and both take hundreds of milliseconds.
const WASM_URL = here("./vendor/pyodide/pyodide.asm.wasm");
const compiledWasm = WebAssembly.compileStreaming(fetchOk(WASM_URL));
compiledWasm.catch(() => {}); // then Pyodide fetches and compiles it itself

/**
 * Runs `start` (a start of Pyodide) with the WebAssembly compiled above: while it runs, Pyodide's request for
 * the file gets an empty answer instead of a second download, and its instantiateStreaming instantiates the
 * compiled module (or, if that compile failed, the file it fetches anew). Both are put back right after.
 */
async function withCompiledWasm(start) {
  const { fetch } = self;
  const { instantiateStreaming } = WebAssembly;
  self.fetch = (resource, options) =>
    String(resource) === WASM_URL ? Promise.resolve(new Response(null)) : fetch(resource, options);
  WebAssembly.instantiateStreaming = async (_response, imports) => {
    let module;
    try {
      module = await compiledWasm;
    } catch (_) {
      return instantiateStreaming(fetch(WASM_URL), imports);
    }
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await start();
  } finally {
    self.fetch = fetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

// Where _PyRuntime keeps the trampoline CPython calls C functions through, as an index into HEAP32; -1 when
// this Pyodide does not export where it is (then the trampoline is left as it is).
function trampolineCell(Module) {
  const offset = Module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET, runtime = Module.__PyRuntime;
  return typeof offset === "number" && typeof runtime === "number" && offset && runtime
    ? (runtime + Module.HEAP32[offset >> 2]) >> 2 : -1;
}

// Pyodide copies the snapshot into the module's memory as it is, without growing it: a snapshot saved once the
// engine's import had grown the memory past the size the module starts with (its minimum, 480 pages of 64 KiB in
// Pyodide 314) does not fit ("offset is out of bounds"). The module's own allocator grows it (and the module's
// views of the memory follow); what it allocates does not matter, the snapshot overwrites the whole memory.
function makeRoom(Module, bytes) {
  for (let tries = 0; Module.HEAP8.length < bytes && tries < 8; tries++) {
    if (!Module._malloc(bytes - Module.HEAP8.length + 65536)) break;
  }
}

// Pyodide from the snapshot. CPython in Pyodide calls most C functions through a trampoline chosen as the
// module starts: a WebAssembly one where the browser has wasm-gc, else a JavaScript one, about 40 ns slower a
// call. The choice lives in the WebAssembly memory, so restoring the snapshot overwrote it with the choice
// made under Node 20 when the build saved the memory: the JavaScript one (Node 20 has no wasm-gc), and the
// engine ran about 5 % slower than in a fresh Pyodide. So this browser's choice is read once the module has
// started (postRun comes after CPython's own preRun step that makes it) and written back once the snapshot is in.
async function restorePython(options) {
  let trampoline = null;
  const keepTrampoline = (Module) => {
    const cell = trampolineCell(Module);
    if (cell >= 0) trampoline = Module.HEAP32[cell];
  };
  const createPyodideModule = async (settings) => {
    settings.postRun = [].concat(settings.postRun || [], keepTrampoline);
    const Module = await (await pyodideFactory).default(settings);
    makeRoom(Module, (await snapshot).length);
    return Module;
  };
  const settings = { ...options, _loadSnapshot: snapshot, createPyodideModule };
  const pyodide = await withCompiledWasm(() => startPyodide(settings));
  const cell = trampolineCell(pyodide._module);
  if (trampoline !== null && cell >= 0) pyodide._module.HEAP32[cell] = trampoline;
  return pyodide;
}

/**
 * PyScript's way in: Pyodide with the engine imported, ready for the worker's code. Of PyScript's options
 * only stdout and stderr are kept: Pyodide's files are always this site's (web/vendor/pyodide), and nothing
 * is installed at run time.
 */
export async function loadPyodide({ stdout, stderr } = {}) {
  const options = { indexURL: INDEX_URL, stdout, stderr };
  let pyodide, boot = "snapshot";
  try {
    pyodide = await restorePython(options);
  } catch (error) {
    console.warn("Cosmoludo: the engine snapshot could not be used; starting Python without it.", error);
    pyodide = await withCompiledWasm(() => startPyodide(options));
    boot = "import";
  }
  postMessage({ cosmoludo: "python" }); // the loading screen's milestone (web/engine.js)
  pyodide.FS.writeFile(ENGINE_PATH, new Uint8Array(await zip));
  if (boot !== "snapshot") pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_PATH)})`);
  const cell = trampolineCell(pyodide._module);
  const entry = pyodide.pyimport("cosmoludo.worker");
  entry.started(cell < 0 ? "unknown" : pyodide._module.HEAP32[cell] ? "wasm-gc" : "javascript");
  entry.destroy();
  return pyodide;
}
