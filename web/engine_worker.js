// The rules engine's worker: starts Pyodide from the build's memory snapshot (web/engine.snapshot.gz: Python
// with the engine already imported), writes web/engine.zip where that Python expects it, and answers the page's
// calls (web/engine.js) one at a time: {id, name, args} in, {id, result|error} out. If the snapshot cannot be
// used, Python starts the ordinary way and imports the engine from the same zip (about() tells which).
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
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

async function startPython(snapshot) {
  const indexURL = here("./vendor/pyodide/");
  try {
    return { pyodide: await loadPyodide({ indexURL, _loadSnapshot: snapshot }), boot: "snapshot" };
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
  return pyodide.pyimport("cosmoludo.worker").call;
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
