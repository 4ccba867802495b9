"""The site build (layout, determinism, relative URLs, stale detection, clear failures) and the local server."""
from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cosmoludo.tools import site

REAL_ROOT = Path(__file__).resolve().parents[1]


def _fake_project(root: Path) -> Path:
    """A checkout with the real page sources and engine, but tiny stand-ins for the npm packages."""
    root.mkdir()
    shutil.copy(REAL_ROOT / "index.html", root / "index.html")
    shutil.copy(REAL_ROOT / "package.json", root / "package.json")
    (root / "package-lock.json").write_text("{}")
    shutil.copytree(REAL_ROOT / "web", root / "web", ignore=shutil.ignore_patterns("vendor", "__pycache__"))
    shutil.copytree(REAL_ROOT / "py" / "cosmoludo", root / "py" / "cosmoludo",
                    ignore=shutil.ignore_patterns("__pycache__"))
    pins = json.loads((root / "package.json").read_text())["dependencies"]
    pyodide = root / "node_modules" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "package.json").write_text(json.dumps({"version": pins["pyodide"]}))
    for name in (*site.PYODIDE_FILES, "pyodide.mjs.map", "pyodide.d.ts"):
        (pyodide / name).write_bytes(name.encode())
    pyscript = root / "node_modules" / site.PYSCRIPT_PACKAGE
    (pyscript / "dist").mkdir(parents=True)
    (pyscript / "package.json").write_text(json.dumps({"version": pins[site.PYSCRIPT_PACKAGE]}))
    for name in (*_pyscript_preloads((root / "index.html").read_text()), site.PYSCRIPT_ENTRY, "core.js.map"):
        (pyscript / "dist" / name).write_text(f"// {name}")
    (pyscript / "src" / "stdlib").mkdir(parents=True)
    (pyscript / site.PYSCRIPT_PYTHON).write_text('export default {"pyscript": {"__init__.py": "X = 1\\n"}};\n')
    (root / "scripts").mkdir()
    shutil.copy(REAL_ROOT / site.SNAPSHOT_SCRIPT, root / site.SNAPSHOT_SCRIPT)
    return root


def _pyscript_preloads(html: str) -> list[str]:
    """The PyScript files index.html preloads, by name in PyScript's dist folder."""
    return re.findall(r'<link rel="modulepreload" href="\./web/vendor/pyscript/([^"]+)">', html)


def _fake_snapshot(engine_zip: Path, snapshot: Path, pyodide_dir: Path, root: Path) -> None:
    """Stands in for the Node snapshot step, which needs the real Pyodide: a small gzip of a marker."""
    assert pyodide_dir == root / "node_modules" / "pyodide" and engine_zip.is_file()
    snapshot.write_bytes(gzip.compress(b"memory of " + engine_zip.read_bytes(), mtime=0))


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = _fake_project(tmp_path / "checkout")
    monkeypatch.setattr(site, "project_root", lambda: root)
    monkeypatch.setattr(site, "add_snapshot", _fake_snapshot)
    return root


def test_build_lays_out_the_whole_site(project: Path, tmp_path: Path) -> None:
    out = site.build(tmp_path / "out")
    assert (out / "index.html").read_bytes() == (project / "index.html").read_bytes()
    for name in site.PYODIDE_FILES:
        assert (out / site.VENDOR_PYODIDE / name).is_file()
    assert not (out / site.VENDOR_PYODIDE / "pyodide.mjs.map").exists()
    assert not list(out.rglob("*.map"))
    assert (out / "sw.js").is_file() and not (out / "web" / "sw.js").exists()
    for name in ("boot.js", "engine.js", "engine_interpreter.js", "engine_worker.py", "manifest.webmanifest",
                 "icons/icon.svg"):
        assert (out / "web" / name).is_file(), name
    assert not (out / "web" / "engine_worker.js").exists()
    # PyScript's files, preloaded from the page's first lines; then the engine's PyScript worker, whose
    # interpreter is our module, which imports the vendored Pyodide.
    assert (out / site.VENDOR_PYSCRIPT / site.PYSCRIPT_ENTRY).is_file()
    html = (out / "index.html").read_text()
    preloads = _pyscript_preloads(html)
    assert site.PYSCRIPT_ENTRY in preloads and all((out / site.VENDOR_PYSCRIPT / name).is_file() for name in preloads)
    assert html.index("/vendor/pyscript/") < html.index('<meta name="description"')
    tag = re.search(r"<script type=\"py\" worker name=\"engine\" src=\"\./(web/engine_worker\.py)\"\s+"
                    r"config='([^']*)'></script>", html)
    assert tag and (out / tag.group(1)).is_file()
    config = json.loads(tag.group(2))
    assert config["interpreter"] == "./web/engine_interpreter.js"
    assert "packages" not in config and "files" not in config  # nothing is installed at run time
    interpreter = (out / "web" / "engine_interpreter.js").read_text()
    pyodide = re.search(r'from "\.(/vendor/pyodide/pyodide\.mjs)"', interpreter)
    assert pyodide and (out / "web" / pyodide.group(1)[1:]).is_file()
    assert "export async function loadPyodide(" in interpreter and "export { version };" in interpreter
    assert 'here("./engine.zip")' in interpreter and (out / site.ENGINE_ZIP).is_file()
    assert 'here("./engine.snapshot.gz")' in interpreter and (out / site.ENGINE_SNAPSHOT).is_file()
    # The page starts the engine's downloads before anything else (web/engine_prefetch.js), files of the site.
    prefetch = re.search(r'<script async src="\./(web/engine_prefetch\.js)"></script>', html)
    assert prefetch and html.index(prefetch.group(0)) < html.index("/vendor/pyscript/")
    downloads = re.findall(r'(?:get|bytes)\("([^"]+)"\)', (out / prefetch.group(1)).read_text())
    assert sorted(downloads) == ["engine.snapshot.gz", "engine.zip", "vendor/pyodide/pyodide-lock.json",
                                 "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip"]
    assert all((out / "web" / name).is_file() for name in downloads)
    assert f'const ENGINE_PATH = "{site.ENGINE_PATH_IN_PYODIDE}";' in interpreter
    info = json.loads((out / site.BUILD_INFO).read_text())
    assert info["pyscript"] == json.loads((project / "package.json").read_text())["dependencies"]["@pyscript/core"]
    with zipfile.ZipFile(out / site.ENGINE_ZIP) as zf:
        names = zf.namelist()
    assert "cosmoludo/bridge.py" in names and "cosmoludo/__init__.py" in names and "cosmoludo/worker.py" in names
    # The command line and the whole tools package (build, server, benchmarks) stay out of the page's zip, and no
    # host tool is left anywhere else in the engine; nothing compiled goes in.
    assert "cosmoludo/__main__.py" not in names
    assert not [n for n in names if n.startswith("cosmoludo/tools/")]
    assert not [n for n in names if re.search(r"(^|/)(site|bench|browser_\w+|\w*perf)\.py$", n)]
    assert "cosmoludo/games/porco_crasso/rules.py" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_the_engine_zip_ships_no_host_tool(tmp_path: Path) -> None:
    """The page's zip is the engine alone: no module of the tools package, no command line, and no engine module
    that imports the tools (the page could not run it: they are not in the zip)."""
    target = tmp_path / "engine.zip"
    site.pack_engine(REAL_ROOT / "py" / "cosmoludo", target)
    with zipfile.ZipFile(target) as zf:
        names = zf.namelist()
        sources = {n: zf.read(n).decode("utf-8") for n in names if n.endswith(".py")}
    assert (REAL_ROOT / "py" / "cosmoludo" / "tools" / "site.py").is_file()  # the tools exist, and stay out:
    assert not [n for n in names if n.startswith("cosmoludo/tools/") or n == "cosmoludo/__main__.py"]
    assert "cosmoludo/worker.py" in names and "cosmoludo/games/galaxy_trucker/rules.py" in names
    to_tools = re.compile(r"^\s*(from|import) (\.+|cosmoludo\.)tools\b", re.MULTILINE)
    importing = [n for n, text in sources.items() if to_tools.search(text)]
    assert importing == []


def test_service_worker_precaches_every_file_under_the_build_id(project: Path, tmp_path: Path) -> None:
    out = site.build(tmp_path / "out")
    source = (out / "sw.js").read_text()
    assert site.SW_PLACEHOLDER not in source
    build = json.loads(re.search(r"^const BUILD = (\{.*\});$", source, re.MULTILINE).group(1))  # type: ignore[union-attr]
    assert build["id"] == site.build_id(out)
    files = {"./" + p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} - {"./sw.js"}
    assert set(build["files"]) == files | {"./"}


def test_build_is_deterministic_and_its_id_follows_the_sources(project: Path, tmp_path: Path) -> None:
    first = site.build_id(site.build(tmp_path / "a"))
    assert site.build_id(site.build(tmp_path / "b")) == first
    (project / "py" / "cosmoludo" / "bridge.py").write_text("# changed\n", encoding="utf-8")
    assert site.build_id(site.build(tmp_path / "b")) != first


def test_needs_build_until_built_and_after_a_source_changes(project: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert site.needs_build(out)
    site.build(out)
    assert not site.needs_build(out)
    later = (out / site.BUILD_INFO).stat().st_mtime + 10
    os.utime(project / "web" / "engine.js", (later, later))
    assert site.needs_build(out)


def test_rebuild_replaces_the_previous_build(project: Path, tmp_path: Path) -> None:
    out = site.build(tmp_path / "out")
    (out / "web" / "stale.js").write_text("old")
    site.build(out)
    assert not (out / "web" / "stale.js").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["checkout", "out"]  # no temporary folder left behind


def test_page_uses_only_relative_urls(project: Path, tmp_path: Path) -> None:
    out = site.build(tmp_path / "out")
    html = (out / "index.html").read_text()
    urls = re.findall(r'(?:src|href)="([^"]*)"', html)  # the worker's URL is checked in the layout test
    assert urls and all(url.startswith("./") for url in urls), urls
    manifest = json.loads((out / "web" / "manifest.webmanifest").read_text())
    for url in [manifest["start_url"], manifest["scope"], *(icon["src"] for icon in manifest["icons"])]:
        assert not url.startswith(("/", "http:", "https:")), url
    for icon in manifest["icons"]:
        assert (out / "web" / icon["src"]).is_file(), icon["src"]


@pytest.mark.parametrize("broken", ["no node_modules", "wrong version", "missing wasm", "no pyscript",
                                    "wrong pyscript", "missing pyscript core"])
def test_build_says_to_run_npm_ci(project: Path, tmp_path: Path, broken: str) -> None:
    pyodide = project / "node_modules" / "pyodide"
    pyscript = project / "node_modules" / site.PYSCRIPT_PACKAGE
    if broken == "no node_modules":
        shutil.rmtree(project / "node_modules")
    elif broken == "wrong version":
        (pyodide / "package.json").write_text(json.dumps({"version": "0.1.0"}))
    elif broken == "missing wasm":
        (pyodide / "pyodide.asm.wasm").unlink()
    elif broken == "no pyscript":
        shutil.rmtree(pyscript)
    elif broken == "wrong pyscript":
        (pyscript / "package.json").write_text(json.dumps({"version": "0.1.0"}))
    else:
        (pyscript / "dist" / site.PYSCRIPT_ENTRY).unlink()
    with pytest.raises(site.BuildError, match="run `npm ci`"):
        site.build(tmp_path / "out")
    assert not (tmp_path / "out").exists()


def _real_pyodide() -> Path:
    pyodide = REAL_ROOT / "node_modules" / "pyodide"
    pyscript = REAL_ROOT / "node_modules" / site.PYSCRIPT_PACKAGE / "package.json"
    if not (pyodide / "pyodide.mjs").is_file() or not pyscript.is_file() or shutil.which("node") is None:
        pytest.skip("node_modules not installed (npm ci) or no Node.js")
    return pyodide


def test_pyscript_preloads_and_python_files_are_the_pinned_pyscript_s() -> None:
    """index.html preloads PyScript's files by name (one is a hashed chunk), and the snapshot compiles the
    Python package PyScript writes into its worker: both must be those of the version pinned in package.json."""
    pyscript = REAL_ROOT / "node_modules" / site.PYSCRIPT_PACKAGE
    if not (pyscript / "package.json").is_file():
        pytest.skip("node_modules not installed (npm ci)")
    pinned = json.loads((REAL_ROOT / "package.json").read_text())["dependencies"][site.PYSCRIPT_PACKAGE]
    assert json.loads((pyscript / "package.json").read_text())["version"] == pinned
    dist = pyscript / site.PYSCRIPT_DIST
    for name in _pyscript_preloads((REAL_ROOT / "index.html").read_text()):
        assert (dist / name).is_file(), name
    files = site.pyscript_files(pyscript)
    assert "pyscript/__init__.py" in files and len(files) > 5
    bundle = "".join(p.read_text(encoding="utf-8") for p in dist.glob("core-*.js"))
    for text in files.values():
        assert json.dumps(text, ensure_ascii=False) in bundle


def test_pyscript_files_of_an_unknown_layout_are_a_build_error(tmp_path: Path) -> None:
    (tmp_path / "src" / "stdlib").mkdir(parents=True)
    (tmp_path / site.PYSCRIPT_PYTHON).write_text("export const pyscript = {};")
    with pytest.raises(site.BuildError, match="PyScript version"):
        site.pyscript_files(tmp_path)


def test_snapshot_step_saves_pyodide_memory_with_the_engine_imported(tmp_path: Path) -> None:
    engine_zip, snapshot = tmp_path / "engine.zip", tmp_path / "engine.snapshot.gz"
    site.pack_engine(REAL_ROOT / "py" / "cosmoludo", engine_zip)
    site.add_snapshot(engine_zip, snapshot, _real_pyodide(), REAL_ROOT)
    packed = snapshot.read_bytes()
    memory = site.unpack_snapshot(packed)
    # Pyodide's snapshot format ("\0snp" header, then the WebAssembly memory) with the engine imported in it.
    assert memory.startswith(b"\0snp") and len(memory) > 8 * 2**20
    # Packed, the blocks of zeros are left out: the page unpacks well under half of the memory.
    assert len(gzip.decompress(packed)) < len(memory) // 2
    assert b"cosmoludo.games.porco_crasso.rules" in memory and site.ENGINE_PATH_IN_PYODIDE.encode() in memory
    # PyScript's own package, compiled where PyScript's worker writes it (py/cosmoludo/pyscript_cache.py).
    assert b"/home/pyodide/pyscript/__init__.py" in memory


def test_a_packed_snapshot_keeps_every_byte_and_leaves_the_zeros_out() -> None:
    block = site.SNAPSHOT_BLOCK
    memory = bytes(3 * block) + b"\0snp" + bytes(block - 4) + b"x" * block + bytes(2 * block) + b"end"
    packed = site.pack_snapshot(memory)
    assert site.unpack_snapshot(packed) == memory
    assert site.unpack_snapshot(gzip.decompress(packed)) == memory  # as a host that unzips it serves it
    stored = gzip.decompress(packed)
    # The header, one bit for each of the 8 blocks, then only the three that hold something (the last one short).
    assert len(stored) == len(site.SNAPSHOT_TAG) + 12 + 1 + 2 * block + 3
    assert site.pack_snapshot(memory) == packed  # the same memory packs to the same bytes


@pytest.mark.parametrize("packed", [gzip.compress(b"\0snp" + bytes(4096)), b"CLSN", b"CLSN" + bytes(12),
                                    site.pack_snapshot(b"abc" * 1000)[:-12]],
                         ids=["pyodide's own format", "header cut short", "zero block size", "cut short"])
def test_a_damaged_packed_snapshot_is_refused(packed: bytes) -> None:
    with pytest.raises((ValueError, EOFError, OSError)):
        site.unpack_snapshot(packed)


def test_snapshot_step_reports_an_engine_that_does_not_import(tmp_path: Path) -> None:
    package = tmp_path / "cosmoludo"
    package.mkdir()
    (package / "__init__.py").write_text("def broken(:\n")
    engine_zip = tmp_path / "engine.zip"
    site.pack_engine(package, engine_zip)
    with pytest.raises(site.BuildError, match="preparing the engine for Pyodide failed"):
        site.add_snapshot(engine_zip, tmp_path / "engine.snapshot.gz", _real_pyodide(), REAL_ROOT)
    assert not (tmp_path / "engine.snapshot.gz").exists()


def test_build_refuses_to_replace_a_folder_that_is_not_a_build(project: Path, tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me")
    with pytest.raises(site.BuildError, match="not a Cosmoludo build"):
        site.build(precious)
    assert (precious / "notes.txt").read_text() == "keep me"


@pytest.fixture
def served(project: Path, tmp_path: Path) -> Iterator[str]:
    server = site.make_server("127.0.0.1", 0, site.build(tmp_path / "out"), quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(("path", "mime"), [
    ("", "text/html"),
    ("sw.js", "text/javascript"),
    ("web/vendor/pyodide/pyodide.mjs", "text/javascript"),
    ("web/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
    ("web/manifest.webmanifest", "application/manifest+json"),
    ("web/engine.zip", "application/zip"),
    ("web/icons/icon.svg", "image/svg+xml"),
])
def test_server_sends_the_right_mime_types(served: str, path: str, mime: str) -> None:
    with urllib.request.urlopen(served + path) as response:
        assert response.headers["Content-Type"].split(";")[0] == mime
        assert response.headers["Cache-Control"] == "no-cache"


def test_cli_build_reports_a_missing_node_modules_in_words(project: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from cosmoludo.__main__ import main

    assert main(["build", "--out", str(tmp_path / "out")]) == 0
    assert "Built" in capsys.readouterr().out
    shutil.rmtree(project / "node_modules")
    assert main(["build", "--out", str(tmp_path / "out")]) == 2
    assert "run `npm ci`" in capsys.readouterr().err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_cli_serve_builds_then_serves(tmp_path: Path) -> None:
    """`python -m cosmoludo serve` on the real checkout: builds the missing site, then serves it."""
    if not all((REAL_ROOT / "node_modules" / name).is_dir() for name in ("pyodide", site.PYSCRIPT_PACKAGE)):
        pytest.skip("node_modules not installed (npm ci)")
    out, port = tmp_path / "site", _free_port()
    env = {**os.environ, "PYTHONPATH": str(REAL_ROOT / "py")}
    server = subprocess.Popen([sys.executable, "-m", "cosmoludo", "serve", "--port", str(port), "--out", str(out)],
                              cwd=REAL_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        banner = server.stdout.readline() + server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in banner, banner
        build = site.build_id(out)
        assert build and build in banner
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/web/vendor/pyodide/pyodide.asm.wasm") as response:
            assert response.headers["Content-Type"] == "application/wasm"
    finally:
        server.terminate()
        server.wait(10)
