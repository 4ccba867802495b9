// The engine's downloads, started from the page's first lines (index.html runs this before anything else). The
// engine's PyScript worker starts only once PyScript has loaded and set itself up on the page (≈ 0.3 s into a
// reload), so the files its interpreter needs (web/engine_interpreter.js) are fetched here meanwhile: Pyodide's
// WebAssembly, compiled as it arrives, the engine's memory snapshot, its zip, Python's standard library and
// Pyodide's package list. web/engine.js hands them to the worker when its interpreter asks; a file that failed
// here is fetched again by the worker, which reports the error. Nothing here decides anything about the boot.
(() => {
  const web = new URL("./", document.currentScript.src);
  const get = (path) => fetch(new URL(path, web)).then((response) => {
    if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
    return response;
  });
  const bytes = (path) => get(path).then((response) => response.arrayBuffer());
  const downloads = {
    wasm: WebAssembly.compileStreaming(get("vendor/pyodide/pyodide.asm.wasm")),
    snapshot: bytes("engine.snapshot.gz"),
    zip: bytes("engine.zip"),
    stdlib: bytes("vendor/pyodide/python_stdlib.zip"),
    lock: get("vendor/pyodide/pyodide-lock.json").then((response) => response.text()),
  };
  for (const download of Object.values(downloads)) download.catch(() => {}); // the worker fetches it again
  // web/engine.js takes them (once: each buffer moves to the worker).
  Object.defineProperty(window, "cosmoludoDownloads", { value: downloads, configurable: true });
})();
