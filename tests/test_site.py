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

from cosmoludo import site

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
    (root / "scripts").mkdir()
    shutil.copy(REAL_ROOT / site.SNAPSHOT_SCRIPT, root / site.SNAPSHOT_SCRIPT)
    return root


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
    for name in ("boot.js", "engine.js", "engine_worker.js", "manifest.webmanifest", "icons/icon.svg"):
        assert (out / "web" / name).is_file(), name
    # The page starts the engine's worker first thing; the worker imports the vendored Pyodide.
    html = (out / "index.html").read_text()
    assert 'new Worker("./web/engine_worker.js", { type: "module" })' in html
    assert html.index("new Worker(") < html.index("<link")
    worker = (out / "web" / "engine_worker.js").read_text()
    pyodide = re.search(r'from "\.(/vendor/pyodide/pyodide\.mjs)"', worker)
    assert pyodide and (out / "web" / pyodide.group(1)[1:]).is_file()
    assert 'here("./engine.zip")' in worker and (out / site.ENGINE_ZIP).is_file()
    assert 'here("./engine.snapshot.gz")' in worker and (out / site.ENGINE_SNAPSHOT).is_file()
    assert f'const ENGINE_PATH = "{site.ENGINE_PATH_IN_PYODIDE}";' in worker
    with zipfile.ZipFile(out / site.ENGINE_ZIP) as zf:
        names = zf.namelist()
    assert "cosmoludo/bridge.py" in names and "cosmoludo/__init__.py" in names and "cosmoludo/worker.py" in names
    # The command line's modules stay out of the page's zip; nothing compiled goes in.
    assert not {"cosmoludo/site.py", "cosmoludo/bench.py", "cosmoludo/browser_bench.py", "cosmoludo/__main__.py"} & set(names)
    assert "cosmoludo/games/porco_crasso/rules.py" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


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


@pytest.mark.parametrize("broken", ["no node_modules", "wrong version", "missing wasm"])
def test_build_says_to_run_npm_ci(project: Path, tmp_path: Path, broken: str) -> None:
    pyodide = project / "node_modules" / "pyodide"
    if broken == "no node_modules":
        shutil.rmtree(project / "node_modules")
    elif broken == "wrong version":
        (pyodide / "package.json").write_text(json.dumps({"version": "0.1.0"}))
    else:
        (pyodide / "pyodide.asm.wasm").unlink()
    with pytest.raises(site.BuildError, match="run `npm ci`"):
        site.build(tmp_path / "out")
    assert not (tmp_path / "out").exists()


def _real_pyodide() -> Path:
    pyodide = REAL_ROOT / "node_modules" / "pyodide"
    if not (pyodide / "pyodide.mjs").is_file() or shutil.which("node") is None:
        pytest.skip("node_modules not installed (npm ci) or no Node.js")
    return pyodide


def test_snapshot_step_saves_pyodide_memory_with_the_engine_imported(tmp_path: Path) -> None:
    engine_zip, snapshot = tmp_path / "engine.zip", tmp_path / "engine.snapshot.gz"
    site.pack_engine(REAL_ROOT / "py" / "cosmoludo", engine_zip)
    site.add_snapshot(engine_zip, snapshot, _real_pyodide(), REAL_ROOT)
    memory = gzip.decompress(snapshot.read_bytes())
    # Pyodide's snapshot format ("\0snp" header, then the WebAssembly memory) with the engine imported in it.
    assert memory.startswith(b"\0snp") and len(memory) > 8 * 2**20
    assert b"cosmoludo.games.porco_crasso.rules" in memory and site.ENGINE_PATH_IN_PYODIDE.encode() in memory


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
    if not (REAL_ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("node_modules not installed (npm ci)")
    out, port = tmp_path / "site", _free_port()
    env = {**os.environ, "PYTHONPATH": str(REAL_ROOT / "py")}
    server = subprocess.Popen([sys.executable, "-m", "cosmoludo", "serve", "--port", str(port), "--out", str(out)],
                              cwd=REAL_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        banner = server.stdout.readline() + server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in banner, banner
        assert site.build_id(out) and site.build_id(out) in banner
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/web/vendor/pyodide/pyodide.asm.wasm") as response:
            assert response.headers["Content-Type"] == "application/wasm"
    finally:
        server.terminate()
        server.wait(10)
