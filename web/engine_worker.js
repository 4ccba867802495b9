// The rules engine's worker: starts Pyodide, unpacks the engine (web/engine.zip, fetched while Python starts)
// and answers the page's calls (web/engine.js) one at a time: {id, name, args} in, {id, result|error} out.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const ENGINE_DIR = "/home/pyodide/engine";

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function start() {
  const zip = fetchBytes(here("./engine.zip"));
  zip.catch(() => {}); // reported below, after Python has started
  const pyodide = await loadPyodide({ indexURL: here("./vendor/pyodide/") });
  postMessage({ stage: "python" });
  pyodide.unpackArchive(await zip, "zip", { extractDir: ENGINE_DIR });
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
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
