// Adds Pyodide's own bytecode to the engine zip, so the page's worker imports the engine without compiling it.
// Usage: node scripts/pyodide_bytecode.mjs <pyodide folder> <engine.zip>   (run by `python -m cosmoludo build`)
// The browser runs the CPython of the vendored Pyodide, not the build machine's, so the same Pyodide compiles here.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, zipPath] = process.argv.slice(2);
if (!pyodideDir || !zipPath) {
  console.error("usage: node scripts/pyodide_bytecode.mjs <pyodide folder> <engine.zip>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(readFileSync(zipPath)));
// Unchecked-hash .pyc files: zip extraction does not keep file times, so a timestamp check would reject them.
pyodide.runPython(`
import compileall, py_compile, sys, zipfile
with zipfile.ZipFile("/tmp/engine.zip") as zf:
    entries = {info.filename: (info, zf.read(info)) for info in zf.infolist()}
    zf.extractall("/tmp/engine")
if not compileall.compile_dir("/tmp/engine", quiet=1, workers=1,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    sys.exit("the engine does not compile")
date = next(iter(entries.values()))[0].date_time
for name in [n for n in entries if n.endswith(".py")]:
    folder, _, module = name.rpartition("/")
    cached = f"{folder}/__pycache__/{module[:-3]}.{sys.implementation.cache_tag}.pyc"
    info = zipfile.ZipInfo(cached, date)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    entries[cached] = (info, open("/tmp/engine/" + cached, "rb").read())
with zipfile.ZipFile("/tmp/engine.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
    for name in sorted(entries):
        zf.writestr(*entries[name])
`);
writeFileSync(zipPath, pyodide.FS.readFile("/tmp/engine.zip"));
