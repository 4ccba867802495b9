// The interpreter of the engine's PyScript worker (index.html names this module as its `interpreter`): PyScript
// imports it inside the worker and calls its loadPyodide, which starts Pyodide from the build's memory snapshot
// (web/engine.snapshot.gz: Python with the engine already imported) and writes web/engine.zip where that Python
// expects it. If the snapshot cannot be used, Python starts the ordinary way and imports the engine from the
// same zip (the engine's about() tells which). PyScript then runs web/engine_worker.py, which exports the calls.
import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

// The worker's boot timeline: each step posted to the page as it happens (web/engine.js makes it the page's mark
// "worker:<step>" at the same instant), so that one reload's steps, page and worker, read on one clock.
const mark = (step) => postMessage({ cosmoludo: "mark", step, at: performance.timeOrigin + performance.now() });
mark("interpreter-module");
// PyScript's own steps in the worker ("Loading Storage", "Loaded interpreter", …).
addEventListener("py:progress", ({ detail }) => mark(`pyscript ${detail}`));

const here = (path) => new URL(path, import.meta.url).href;
const INDEX_URL = here("./vendor/pyodide/");
const ENGINE_PATH = "/home/pyodide/engine.zip"; // site.ENGINE_PATH_IN_PYODIDE: the snapshot's sys.path has it

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// The snapshot's bytes, unzipped here unless they already are: the service worker keeps its copy unzipped
// (web/sw.js), and a host may serve the file with Content-Encoding: gzip. `source` is the page's download (an
// ArrayBuffer, used as it is when unzipped) or a Response, read as its bytes arrive.
async function* unzippedChunks(source) {
  let response = source;
  if (source instanceof ArrayBuffer) {
    const bytes = new Uint8Array(source);
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
      if (!bytes.length) throw new Error("the engine snapshot is empty");
      yield bytes;
      return;
    }
    response = new Response(bytes); // gzipped (a first visit): unzipped as a stream below
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) throw new Error("the engine snapshot is empty");
  const whole = new ReadableStream({
    start(controller) { controller.enqueue(first.value); },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close(); else controller.enqueue(value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  const zipped = first.value[0] === 0x1f && first.value[1] === 0x8b;
  const chunks = (zipped ? whole.pipeThrough(new DecompressionStream("gzip")) : whole).getReader();
  for (;;) {
    const { done, value } = await chunks.read();
    if (done) return;
    yield value;
  }
}

const TAG = [0x43, 0x4c, 0x53, 0x4e]; // "CLSN", py/cosmoludo/tools/site.py SNAPSHOT_TAG
const FORMAT = 1; // site.SNAPSHOT_VERSION
const HEADER = TAG.length + 12;

/**
 * Pyodide's memory snapshot from the site's packed one (py/cosmoludo/tools/site.py pack_snapshot: a header, one bit
 * a block, the blocks that are not all zeros), unpacked as its bytes arrive. `memory` resolves as soon as the
 * header has told the size (the snapshot's array, zeros until its blocks arrive), `complete` once every block
 * is in place; both reject if the bytes are not such a snapshot, or are cut short.
 */
function unpackSnapshot(chunks) {
  let sized;
  const memory = new Promise((resolve, reject) => { sized = { resolve, reject }; });
  const complete = (async () => {
    let head = new Uint8Array(0), image = null, blocks = null, size = 0, block = 0, next = 0, filled = 0;
    for await (const chunk of chunks) {
      let data = chunk;
      if (!image) {
        if (head.length) {
          const joined = new Uint8Array(head.length + data.length);
          joined.set(head);
          joined.set(data, head.length);
          head = joined;
        } else {
          head = data; // the whole snapshot when it came in one piece: not copied
        }
        if (head.length < HEADER) continue;
        const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
        if (TAG.some((byte, i) => head[i] !== byte) || view.getUint32(4, true) !== FORMAT) {
          throw new Error("the engine snapshot is not in the site's packed format");
        }
        size = view.getUint32(8, true);
        block = view.getUint32(12, true);
        if (!block || !size) throw new Error("the engine snapshot's header is damaged");
        const count = Math.ceil(size / block), bits = Math.ceil(count / 8);
        if (head.length < HEADER + bits) continue;
        blocks = [];
        for (let i = 0; i < count; i++) if (head[HEADER + (i >> 3)] & (1 << (i & 7))) blocks.push(i);
        image = new Uint8Array(size);
        sized.resolve(image);
        data = head.subarray(HEADER + bits);
      }
      for (let at = 0; at < data.length;) {
        if (next >= blocks.length) throw new Error("the engine snapshot is longer than its blocks");
        const start = blocks[next] * block, end = Math.min(start + block, size);
        const n = Math.min(end - start - filled, data.length - at);
        image.set(data.subarray(at, at + n), start + filled);
        at += n;
        filled += n;
        if (start + filled === end) { next++; filled = 0; }
      }
    }
    if (!image || next !== blocks.length) throw new Error("the engine snapshot is cut short");
    return image;
  })();
  complete.catch((error) => sized.reject(error));
  return { memory, complete };
}

// The page starts the engine's downloads from its first lines (web/engine_prefetch.js), long before PyScript
// creates this worker: web/engine.js hands them over through the port sent here. `fromPage(name)` resolves to
// that download (a compiled WebAssembly module, an ArrayBuffer or a text), or null when the page has none or it
// failed there: then the file is fetched here (and a failure is reported as before).
const PAGE_ANSWER_MS = 1000; // the page answers at once; without an answer, every file is fetched here
function pageDownloads() {
  const { port1, port2 } = new MessageChannel();
  const arrived = new Map();
  const entry = (name) => {
    if (!arrived.has(name)) {
      let resolve;
      arrived.set(name, { value: new Promise((done) => { resolve = done; }), resolve });
    }
    return arrived.get(name);
  };
  let listed;
  const names = new Promise((resolve) => {
    listed = resolve;
    setTimeout(() => resolve([]), PAGE_ANSWER_MS);
  });
  port1.onmessage = ({ data }) => (data.names ? listed(data.names) : entry(data.name).resolve(data.value));
  postMessage({ cosmoludo: "downloads" }, [port2]);
  return async (name) => ((await names).includes(name) ? (await entry(name).value) ?? null : null);
}
const fromPage = pageDownloads();

// Every download left to this module starts as PyScript imports it, while the rest of PyScript's own start goes
// on. Pyodide's module factory (the file pyodide.mjs would load itself) is for restorePython: loadPyodide calls a
// factory it is given only once the snapshot has arrived, and this 1.2 MB file should not wait for that.
const pyodideFactory = import("./vendor/pyodide/pyodide.asm.mjs");
pyodideFactory.then(() => mark("pyodide-factory"), () => {});
pyodideFactory.catch(() => {}); // then the snapshot start fails, and Python starts the ordinary way
const zip = fromPage("zip")
  .then((bytes) => bytes ?? fetchOk(here("./engine.zip")).then((response) => response.arrayBuffer()));
zip.catch(() => {}); // reported once Python has started
const snapshot = fromPage("snapshot").then(async (bytes) => {
  const source = bytes ?? await fetchOk(here("./engine.snapshot.gz"));
  mark("snapshot-response");
  const unpacked = unpackSnapshot(unzippedChunks(source));
  unpacked.memory.then(() => mark("snapshot-sized"), () => {});
  unpacked.complete.then(() => mark("snapshot-complete"), () => {});
  return unpacked;
});
snapshot.then(({ complete }) => complete).catch(() => {}); // the ordinary start follows
// Pyodide's WebAssembly (9.6 MB), compiled while the snapshot downloads and unpacks (by the page as it arrives,
// or here): Pyodide itself would fetch and compile it only once the factory runs, after the snapshot's size is
// known, and both take hundreds of milliseconds.
const WASM_URL = here("./vendor/pyodide/pyodide.asm.wasm");
const compiledWasm = fromPage("wasm").then((module) => module || WebAssembly.compileStreaming(fetchOk(WASM_URL)));
compiledWasm.then(() => mark("wasm-compiled"), () => {});
compiledWasm.catch(() => {}); // then Pyodide fetches and compiles it itself
// Files Pyodide fetches itself as it starts, which the page may have downloaded already: URL → download's name.
const PYODIDE_FILES = new Map([[`${INDEX_URL}python_stdlib.zip`, "stdlib"], [`${INDEX_URL}pyodide-lock.json`, "lock"]]);

/**
 * Runs `start` (a start of Pyodide) with the WebAssembly compiled above and the page's downloads: while it runs,
 * Pyodide's request for the WebAssembly gets an empty answer instead of a second download, its requests for the
 * standard library and the package list get the page's copies when there are, and its instantiateStreaming
 * instantiates the compiled module (or, if that compile failed, the file it fetches anew). All are put back
 * right after.
 */
async function withCompiledWasm(start) {
  const { fetch } = self;
  const { instantiateStreaming } = WebAssembly;
  self.fetch = async (resource, options) => {
    const url = String(resource);
    if (url === WASM_URL) return new Response(null);
    const prefetched = PYODIDE_FILES.has(url) ? await fromPage(PYODIDE_FILES.get(url)) : null;
    return prefetched === null ? fetch(resource, options) : new Response(prefetched);
  };
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
// Pyodide waits for the snapshot before it starts the module, and restores it once the module has started: it is
// handed the snapshot's array as soon as its size is known, and the module starts (instantiating the WebAssembly,
// Pyodide's JavaScript side) while the rest of the snapshot is read and unpacked into that array.
async function restorePython(options) {
  let trampoline = null;
  const keepTrampoline = (Module) => {
    const cell = trampolineCell(Module);
    if (cell >= 0) trampoline = Module.HEAP32[cell];
  };
  const { memory, complete } = await snapshot;
  const createPyodideModule = async (settings) => {
    settings.postRun = [].concat(settings.postRun || [], keepTrampoline);
    mark("pyodide-module-start");
    const Module = await (await pyodideFactory).default(settings);
    mark("pyodide-module-ready");
    makeRoom(Module, (await complete).length);
    mark("pyodide-room");
    return Module;
  };
  const settings = { ...options, _loadSnapshot: memory, createPyodideModule };
  const pyodide = await withCompiledWasm(() => startPyodide(settings));
  const cell = trampolineCell(pyodide._module);
  if (trampoline !== null && cell >= 0) pyodide._module.HEAP32[cell] = trampoline;
  return pyodide;
}

// Python's output goes to PyScript's stdout and stderr once PyScript has handed them over (lines printed before
// that wait for them).
const output = { stdout: null, stderr: null, held: [] };
const forward = (name) => (line) => (output[name] ? output[name](line) : output.held.push([name, line]));

/**
 * Python with the engine imported, started as soon as PyScript imports this module rather than when it calls
 * loadPyodide (PyScript first opens its storage and sets itself up in the worker: 0.1–0.6 s).
 */
async function startEngine() {
  const options = { indexURL: INDEX_URL, stdout: forward("stdout"), stderr: forward("stderr") };
  let pyodide, boot = "snapshot";
  try {
    pyodide = await restorePython(options);
  } catch (error) {
    console.warn("Cosmoludo: the engine snapshot could not be used; starting Python without it.", error);
    pyodide = await withCompiledWasm(() => startPyodide(options));
    boot = "import";
  }
  mark(`python-${boot}`);
  postMessage({ cosmoludo: "python" }); // the loading screen's milestone (web/engine.js)
  pyodide.FS.writeFile(ENGINE_PATH, new Uint8Array(await zip));
  if (boot !== "snapshot") pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_PATH)})`);
  const cell = trampolineCell(pyodide._module);
  const entry = pyodide.pyimport("cosmoludo.worker");
  entry.started(cell < 0 ? "unknown" : pyodide._module.HEAP32[cell] ? "wasm-gc" : "javascript");
  entry.destroy();
  mark("engine-imported");
  return pyodide;
}

const engine = startEngine();
engine.catch(() => {}); // reported to PyScript by loadPyodide

/**
 * PyScript's way in: Pyodide with the engine imported, ready for the worker's code. Of PyScript's options
 * only stdout and stderr are kept: Pyodide's files are always this site's (web/vendor/pyodide), and nothing
 * is installed at run time.
 */
export async function loadPyodide({ stdout, stderr } = {}) {
  mark("pyscript-asks-python");
  output.stdout = stdout || console.log;
  output.stderr = stderr || console.warn;
  for (const [name, line] of output.held.splice(0)) output[name](line);
  return engine;
}
