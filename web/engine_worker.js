// The rules engine's worker: starts Pyodide from the build's memory snapshot (web/engine.snapshot.gz: Python
// with the engine already imported), writes web/engine.zip where that Python expects it, and answers the page's
// calls (web/engine.js) one at a time: {id, name, args} in, {id, result|error} out. If the snapshot cannot be
// used, Python starts the ordinary way and imports the engine from the same zip (about() tells which).
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const ENGINE_PATH = "/home/pyodide/engine.zip"; // site.ENGINE_PATH_IN_PYODIDE: the snapshot's sys.path has it
// Pyodide's module factory (the file pyodide.mjs would load itself), for restorePython. Its download starts
// here: loadPyodide calls a factory it is given only once the snapshot has arrived, and this 1.2 MB file should
// not wait for that.
const pyodideFactory = import("./vendor/pyodide/pyodide.asm.mjs");
pyodideFactory.catch(() => {}); // then the snapshot start fails, and Python starts the ordinary way

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

// Where _PyRuntime keeps the trampoline CPython calls C functions through, as an index into HEAP32; -1 when
// this Pyodide does not export where it is (then the trampoline is left as it is).
function trampolineCell(Module) {
  const offset = Module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET, runtime = Module.__PyRuntime;
  return typeof offset === "number" && typeof runtime === "number" && offset && runtime
    ? (runtime + Module.HEAP32[offset >> 2]) >> 2 : -1;
}

// Pyodide from the snapshot. CPython in Pyodide calls most C functions through a trampoline chosen as the
// module starts: a WebAssembly one where the browser has wasm-gc, else a JavaScript one, about 40 ns slower a
// call. The choice lives in the WebAssembly memory, so restoring the snapshot overwrote it with the choice
// made under Node 20 when the build saved the memory: the JavaScript one (Node 20 has no wasm-gc), and the
// engine ran about 5 % slower than in a fresh Pyodide. So this browser's choice is read once the module has
// started (postRun comes after CPython's own preRun step that makes it) and written back once the snapshot is in.
async function restorePython(indexURL, snapshot) {
  let trampoline = null;
  const keepTrampoline = (Module) => {
    const cell = trampolineCell(Module);
    if (cell >= 0) trampoline = Module.HEAP32[cell];
  };
  const createPyodideModule = async (settings) => {
    settings.postRun = [].concat(settings.postRun || [], keepTrampoline);
    return (await pyodideFactory).default(settings);
  };
  const pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot, createPyodideModule });
  const cell = trampolineCell(pyodide._module);
  if (trampoline !== null && cell >= 0) pyodide._module.HEAP32[cell] = trampoline;
  return pyodide;
}

async function startPython(snapshot) {
  const indexURL = here("./vendor/pyodide/");
  try {
    return { pyodide: await restorePython(indexURL, snapshot), boot: "snapshot" };
  } catch (error) {
    console.warn("Cosmoludo: the engine snapshot could not be used; starting Python without it.", error);
    return { pyodide: await loadPyodide({ indexURL }), boot: "import" };
  }
}

async function start() {
  // Both downloads start with the worker, while Pyodide's own files arrive.
  const zip = fetchOk(here("./engine.zip")).then((response) => response.arrayBuffer());
  zip.catch(() => {}); // reported below, after Python has started
  const snapshot = fetchOk(here("./engine.snapshot.gz")).then(gunzip);
  const { pyodide, boot } = await startPython(snapshot);
  postMessage({ stage: "python" });
  pyodide.FS.writeFile(ENGINE_PATH, new Uint8Array(await zip));
  if (boot !== "snapshot") pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_PATH)})`);
  const entry = pyodide.pyimport("cosmoludo.worker");
  const cell = trampolineCell(pyodide._module);
  entry.started(cell < 0 ? "unknown" : pyodide._module.HEAP32[cell] ? "wasm-gc" : "javascript");
  return entry.call;
}

const ready = start();
ready.then(() => postMessage({ stage: "ready" }),
  (error) => postMessage({ stage: "failed", error: String(error && error.message ? error.message : error) }));

self.onmessage = async ({ data }) => {
  const { id, name, args } = data;
  try {
    const call = await ready;
    postMessage({ id, result: call(name, JSON.stringify(args)) });
  } catch (error) {
    postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
