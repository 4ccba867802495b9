"""Headless Chromium against a fresh build of the site, for the browser benchmarks (browser_bench, browser_clicks)
and the e2e tests: its launch options, the build served from a sub-path (with a bare Pyodide page beside it), and
the requests that would leave localhost.
"""
from __future__ import annotations

import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from . import site

#: Debian's `chromium`; Playwright's own browser is used when it is absent.
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
#: Flags for a quiet, reproducible headless Chromium (no background traffic, no first-run work).
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
    "--disable-domain-reliability",
]
BOOT_TIMEOUT_MS = 120_000

#: A page that boots the same vendored Pyodide and nothing else: the floor for the page's boot time.
BARE_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Bare Pyodide</title></head>
<body>
<p id="status">Loading Python…</p>
<script type="module">
import { loadPyodide } from "../web/vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("../web/vendor/pyodide/", location.href).href });
pyodide.runPython("import sys");
performance.mark("python-ready");
window.pyodide = pyodide;
document.getElementById("status").textContent = "python ready";
document.documentElement.dataset.python = "ready";
</script>
</body>
</html>
"""


def launch_options() -> dict[str, Any]:
    """Playwright launch options: the system Chromium when present, headless, quiet flags."""
    options: dict[str, Any] = {"headless": True, "args": list(CHROMIUM_FLAGS)}
    if SYSTEM_CHROMIUM.exists():
        options["executable_path"] = str(SYSTEM_CHROMIUM)
    return options


@contextmanager
def served_site() -> Iterator[tuple[str, str]]:
    """A fresh build with bench/bare.html, served from a sub-path like GitHub Pages; yields (page, bare) URLs."""
    with tempfile.TemporaryDirectory(prefix="cosmoludo-bench-") as tmp:
        out = site.build(Path(tmp) / "cosmoludo")
        (out / "bench").mkdir()
        (out / "bench" / "bare.html").write_text(BARE_PAGE, encoding="utf-8")
        server = site.make_server("127.0.0.1", 0, out.parent, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/cosmoludo/"
        try:
            yield base, base + "bench/bare.html"
        finally:
            server.shutdown()
            server.server_close()


class ExternalRequests:
    """Counts requests that would leave localhost (there must be none); observes without intercepting."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def watch(self, page: Any) -> None:
        page.on("request", self._check)

    def _check(self, request: Any) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https") and parts.hostname not in ("127.0.0.1", "localhost"):
            self.urls.append(request.url)
