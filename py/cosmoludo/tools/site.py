"""Build the static site (page, vendored Pyodide and PyScript, packed engine and its memory snapshot) and serve it."""
from __future__ import annotations

import gzip
import hashlib
import http.server
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from functools import partial
from pathlib import Path

#: Pyodide runtime files the page loads (the npm package also ships maps, typings and consoles).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: PyScript's npm package, and its folder the page loads (everything in it but source maps: PyScript imports its
#: chunks by name as it needs them).
PYSCRIPT_PACKAGE = "@pyscript/core"
PYSCRIPT_DIST = "dist"
PYSCRIPT_ENTRY = "core.js"
#: PyScript's Python package, as the files it writes into its worker (py/cosmoludo/pyscript_cache.py): an
#: ES module whose default export is the folder tree {name: text or folder}, in JSON.
PYSCRIPT_PYTHON = "src/stdlib/pyscript.js"
#: The module whose `stdlib` export is the prelude PyScript runs in its worker before the worker's own code (it
#: writes those files and imports them); the build compiles it into the snapshot too.
PYSCRIPT_PRELUDE = "src/stdlib.js"
#: Paths inside the built site, all relative to it; the page only ever uses relative URLs.
VENDOR_PYODIDE = "web/vendor/pyodide"
VENDOR_PYSCRIPT = "web/vendor/pyscript"
ENGINE_ZIP = "web/engine.zip"  # web/engine_interpreter.js fetches both
ENGINE_SNAPSHOT = "web/engine.snapshot.gz"
#: Where the worker's Python finds engine.zip (on sys.path: imported with zipimport), the same at build and in the page.
ENGINE_PATH_IN_PYODIDE = "/home/pyodide/engine.zip"
#: The Node script that saves Pyodide's memory once the engine is imported (see add_snapshot).
SNAPSHOT_SCRIPT = "scripts/pyodide_snapshot.mjs"
SNAPSHOT_TIMEOUT_S = 300
#: The snapshot as the site serves it (see pack_snapshot): this tag, then the version of the format, the length of
#: Pyodide's snapshot and the block size (three little-endian 32-bit numbers), then one bit a block (1: the block is
#: stored), then the stored blocks in order; all of it gzipped. web/engine_interpreter.js unpacks it.
SNAPSHOT_TAG = b"CLSN"
SNAPSHOT_VERSION = 1
#: Half of Pyodide's memory is zeros (the stack's unused part, the top of the heap, memory freed and zeroed by
#: the build); blocks of 1 KiB leave out nearly all of it (4 KiB blocks would keep 1.6 MB more).
SNAPSHOT_BLOCK = 1024
#: Files the service worker keeps unzipped in its cache: reading 17 MB from the cache costs less than reading 7 MB
#: and unzipping them, at every start.
GUNZIP_IN_CACHE = (ENGINE_SNAPSHOT,)
BUILD_INFO = "web/build-info.json"
#: web/sw.js is served from the site root so that its scope is the page's directory.
SERVICE_WORKER_SOURCE = "web/sw.js"
SERVICE_WORKER = "sw.js"
#: The line of web/sw.js that the build replaces with the build id and the precache list.
SW_PLACEHOLDER = "const BUILD = null; // replaced by `python -m cosmoludo build`"
#: Files of the source tree that never go into the site.
SKIPPED_NAMES = frozenset({"__pycache__", "vendor"})
SKIPPED_SUFFIXES = (".pyc", ".pyo", ".map")
#: Fixed timestamp for zip entries, so that the same sources give the same engine.zip and build id.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".txt": "text/plain; charset=utf-8",
}


class BuildError(Exception):
    """The site cannot be built; the message says what to run or fix."""


def _is_project_root(path: Path) -> bool:
    return (path / "package.json").is_file() and (path / "index.html").is_file() and (path / "py/cosmoludo").is_dir()


def project_root() -> Path:
    """The source checkout: the one this module lives in, else the current directory or one of its parents.

    The fallback matters for a non-editable install (`pip install .` in CI), where this file sits in
    site-packages and the page sources are only found from the working directory.
    """
    here = Path(__file__).resolve().parents[3]
    if _is_project_root(here):
        return here
    cwd = Path.cwd().resolve()
    for candidate in (cwd, *cwd.parents):
        if _is_project_root(candidate):
            return candidate
    raise BuildError(
        "Cosmoludo sources not found (index.html, package.json, py/cosmoludo): run this from the project checkout."
    )


def default_out() -> Path:
    return project_root() / "_site"


def _walk(directory: Path, skipped: frozenset[str] = SKIPPED_NAMES) -> Iterator[Path]:
    """Files under `directory`, sorted, without hidden files, caches, source maps and folders named in `skipped`."""
    for path in sorted(directory.iterdir()):
        if path.name in skipped or path.name.startswith(".") or path.name.endswith(SKIPPED_SUFFIXES):
            continue
        if path.is_dir():
            yield from _walk(path, skipped)
        elif path.is_file():
            yield path


def _npm_package(root: Path, name: str) -> tuple[Path, str]:
    """Folder and version of an installed npm package, checked against the version pinned in package.json."""
    pinned = json.loads((root / "package.json").read_text(encoding="utf-8"))["dependencies"][name]
    folder = root / "node_modules" / name
    manifest = folder / "package.json"
    if not manifest.is_file():
        raise BuildError(f"node_modules is missing {name}: run `npm ci` in {root}")
    installed = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    if installed != pinned:
        raise BuildError(f"node_modules has {name} {installed} but package.json pins {pinned}: run `npm ci` in {root}")
    return folder, installed


def source_files(root: Path) -> list[Path]:
    """Every source the site is built from (a change to any of them makes the build stale)."""
    files = [root / "index.html", root / "package.json", root / "package-lock.json"]
    files += _walk(root / "web")
    files += _walk(root / "py" / "cosmoludo")
    files.append(root / SNAPSHOT_SCRIPT)
    return [f for f in files if f.is_file()]


def pack_engine(package_dir: Path, target: Path) -> None:
    """Zip the engine package as `cosmoludo/...`, deterministically (sorted entries, fixed dates).

    The host's modules (worker.HOST_ONLY: the command line and the whole `tools` package: build, server,
    benchmarks) stay out: the page never imports them.
    """
    from ..worker import host_only

    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in _walk(package_dir):
            if host_only(path.relative_to(package_dir).as_posix()):
                continue
            info = zipfile.ZipInfo(f"{package_dir.name}/{path.relative_to(package_dir).as_posix()}", ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())


def pyscript_files(pyscript_dir: Path) -> dict[str, str]:
    """PyScript's Python package as it writes it into a worker: {path: text}, e.g. "pyscript/__init__.py"."""
    source = (pyscript_dir / PYSCRIPT_PYTHON).read_text(encoding="utf-8")
    start = source.find("export default")
    try:
        tree = json.loads(source[start + len("export default"):].strip().removesuffix(";"))
    except ValueError:
        tree = None
    if start < 0 or not isinstance(tree, dict):
        raise BuildError(f"{PYSCRIPT_PACKAGE}/{PYSCRIPT_PYTHON} is not the folder tree this build knows: "
                         "check the PyScript version pinned in package.json")
    files: dict[str, str] = {}

    def walk(folder: dict[str, object], prefix: str) -> None:
        for name, item in folder.items():
            if isinstance(item, str):
                files[prefix + name] = item
            elif isinstance(item, dict):
                walk(item, f"{prefix}{name}/")

    walk(tree, "")
    return files


def pack_snapshot(memory: bytes, block: int = SNAPSHOT_BLOCK) -> bytes:
    """Pyodide's memory snapshot as the site serves it: only its blocks that are not all zeros, gzipped.

    Restoring the snapshot copies all of Pyodide's memory (38 MB); the page unpacks only the blocks stored here
    (≈ 17 MB) into zeros, instead of unzipping the whole memory.
    """
    count = -(-len(memory) // block)
    stored = bytearray((count + 7) // 8)
    blocks = []
    view = memoryview(memory)
    zeros = bytes(block)
    for i in range(count):
        part = view[i * block:(i + 1) * block]
        if part != zeros[:len(part)]:
            stored[i >> 3] |= 1 << (i & 7)
            blocks.append(part)
    header = SNAPSHOT_TAG + struct.pack("<3I", SNAPSHOT_VERSION, len(memory), block)
    return gzip.compress(header + bytes(stored) + b"".join(blocks), compresslevel=6, mtime=0)


def unpack_snapshot(packed: bytes) -> bytes:
    """Pyodide's memory snapshot from what pack_snapshot made (gzipped or not); ValueError if it is not that."""
    data = gzip.decompress(packed) if packed[:2] == b"\x1f\x8b" else packed
    size = len(SNAPSHOT_TAG) + 12
    if len(data) < size or data[:len(SNAPSHOT_TAG)] != SNAPSHOT_TAG:
        raise ValueError("not a packed snapshot")
    version, length, block = struct.unpack_from("<3I", data, len(SNAPSHOT_TAG))
    if version != SNAPSHOT_VERSION or block == 0:
        raise ValueError(f"packed snapshot of another format (version {version}, blocks of {block})")
    count = -(-length // block)
    stored = data[size:size + (count + 7) // 8]
    memory = bytearray(length)
    at = size + (count + 7) // 8
    for i in range(count):
        if stored[i >> 3] >> (i & 7) & 1:
            part = data[at:at + min(block, length - i * block)]
            memory[i * block:i * block + len(part)] = part
            at += len(part)
    if at != len(data):
        raise ValueError("packed snapshot of the wrong length")
    return bytes(memory)


def add_snapshot(engine_zip: Path, snapshot: Path, pyodide_dir: Path, root: Path) -> None:
    """Save the memory of the vendored Pyodide with the engine imported from `engine_zip` (packed, to `snapshot`).

    Python's own start and the engine's import are most of a cold boot (≈ 4 s of ≈ 5 s on two cores); the
    page's worker restores this memory instead. The same Pyodide makes it, under Node, with PyScript's own
    Python package and its prelude compiled in (py/cosmoludo/pyscript_cache.py).
    """
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to build the site (it prepares the engine for Pyodide): install it, "
                         f"then run `npm ci` in {root}")
    pyscript_dir, _ = _npm_package(root, PYSCRIPT_PACKAGE)
    try:
        with tempfile.TemporaryDirectory(prefix="cosmoludo-snapshot-") as tmp:
            files = Path(tmp) / "pyscript-files.json"
            files.write_text(json.dumps(pyscript_files(pyscript_dir)), encoding="utf-8")
            memory = Path(tmp) / "memory.bin"
            command = [node, str(root / SNAPSHOT_SCRIPT), str(pyodide_dir), str(engine_zip), str(memory),
                       ENGINE_PATH_IN_PYODIDE, str(files), str(pyscript_dir / PYSCRIPT_PRELUDE)]
            done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=SNAPSHOT_TIMEOUT_S)
            if done.returncode == 0 and memory.is_file():
                snapshot.write_bytes(pack_snapshot(memory.read_bytes()))
    except subprocess.TimeoutExpired:
        raise BuildError(f"preparing the engine for Pyodide took more than {SNAPSHOT_TIMEOUT_S} s") from None
    if done.returncode != 0 or not snapshot.is_file():
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-5:])
        raise BuildError(f"preparing the engine for Pyodide failed ({SNAPSHOT_SCRIPT}):\n{tail}")


def _build_id(site: Path) -> str:
    digest = hashlib.sha256()
    for path in _walk(site, frozenset()):
        digest.update(path.relative_to(site).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _write_json(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _fill(site: Path, root: Path) -> None:
    """Write the whole site into the empty directory `site`."""
    pyodide_dir, pyodide_version = _npm_package(root, "pyodide")
    missing = [name for name in PYODIDE_FILES if not (pyodide_dir / name).is_file()]
    if missing:
        raise BuildError(f"node_modules is incomplete ({', '.join(missing)}): run `npm ci` in {root}")

    shutil.copy2(root / "index.html", site / "index.html")
    for path in _walk(root / "web"):
        rel = path.relative_to(root).as_posix()
        target = site / (SERVICE_WORKER if rel == SERVICE_WORKER_SOURCE else rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    if not (site / SERVICE_WORKER).is_file():
        raise BuildError(f"{SERVICE_WORKER_SOURCE} is missing from the sources")

    vendor = site / VENDOR_PYODIDE
    vendor.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_dir / name, vendor / name)

    pyscript_dir, pyscript_version = _npm_package(root, PYSCRIPT_PACKAGE)
    dist = pyscript_dir / PYSCRIPT_DIST
    if not (dist / PYSCRIPT_ENTRY).is_file():
        raise BuildError(f"node_modules is incomplete ({PYSCRIPT_PACKAGE}/{PYSCRIPT_DIST}/{PYSCRIPT_ENTRY}): "
                         f"run `npm ci` in {root}")
    for path in _walk(dist):
        target = site / VENDOR_PYSCRIPT / path.relative_to(dist)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)

    pack_engine(root / "py" / "cosmoludo", site / ENGINE_ZIP)
    add_snapshot(site / ENGINE_ZIP, site / ENGINE_SNAPSHOT, pyodide_dir, root)
    _write_json(site / BUILD_INFO, {"pyodide": pyodide_version, "pyscript": pyscript_version})

    build_id = _build_id(site)
    info = json.loads((site / BUILD_INFO).read_text(encoding="utf-8"))
    _write_json(site / BUILD_INFO, {"build": build_id, **info})
    precache = ["./"] + [f"./{p.relative_to(site).as_posix()}" for p in _walk(site, frozenset())
                        if p.name != SERVICE_WORKER]
    sw = site / SERVICE_WORKER
    source = sw.read_text(encoding="utf-8")
    if source.count(SW_PLACEHOLDER) != 1:
        raise BuildError(f"{SERVICE_WORKER_SOURCE} must contain the line {SW_PLACEHOLDER!r} exactly once")
    build = json.dumps({"id": build_id, "files": precache, "gunzip": [f"./{name}" for name in GUNZIP_IN_CACHE]},
                       separators=(",", ":"))
    sw.write_text(source.replace(SW_PLACEHOLDER, f"const BUILD = {build};"), encoding="utf-8")


def build(out: Path | str | None = None) -> Path:
    """Build the complete deployable site into `out` (default `_site/` in the checkout) and return its path.

    The site is assembled in a sibling temporary folder and swapped in at the end, so a failed build
    leaves the previous one intact. An existing `out` is only replaced when it is a previous build.
    """
    root = project_root()
    out = Path(out).resolve() if out is not None else default_out()
    if out.exists() and any(out.iterdir()) and not (out / BUILD_INFO).is_file():
        raise BuildError(f"{out} exists and is not a Cosmoludo build; refusing to replace it")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        _fill(tmp, root)
        tmp.chmod(0o755)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=out.parent))
            out.rename(old / "site")
            tmp.rename(out)
            shutil.rmtree(old)
        else:
            tmp.rename(out)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp)
    return out


def build_id(out: Path | str) -> str | None:
    """The id of the build in `out`, or None when there is none."""
    try:
        return json.loads((Path(out) / BUILD_INFO).read_text(encoding="utf-8"))["build"]
    except (OSError, ValueError, KeyError):
        return None


def needs_build(out: Path | str) -> bool:
    """True when `out` holds no build or any source is newer than it."""
    stamp = Path(out) / BUILD_INFO
    if build_id(out) is None:
        return True
    built = stamp.stat().st_mtime
    root = project_root()
    pins = [root / "node_modules" / name / "package.json" for name in ("pyodide", PYSCRIPT_PACKAGE)]
    return any(f.stat().st_mtime > built for f in source_files(root) + [pin for pin in pins if pin.is_file()])


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the page needs, revalidated on every load (the service worker caches)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """Serves the site; a browser dropping a connection (closed tab, aborted precache) is not an error."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(host: str = "127.0.0.1", port: int = 8000, out: Path | str | None = None,
                quiet: bool = False) -> SiteServer:
    """A server for the built site in `out` (port 0 picks a free port); the caller runs serve_forever()."""
    directory = Path(out) if out is not None else default_out()
    handler = type("Handler", (SiteRequestHandler,), {"quiet": quiet})
    return SiteServer((host, port), partial(handler, directory=os.fspath(directory)))


def serve(host: str = "127.0.0.1", port: int = 8000, out: Path | str | None = None) -> None:
    """Build when the sources are newer than the build, then serve the site until interrupted."""
    out = Path(out).resolve() if out is not None else default_out()
    if needs_build(out):
        print(f"Building {out} …", flush=True)
        build(out)
    with make_server(host, port, out) as server:
        print(f"Cosmoludo: http://{host}:{server.server_port}/ (build {build_id(out)}; Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nStopped.")

