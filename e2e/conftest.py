"""Real-browser fixtures: the built site served from a sub-path on localhost, Chromium with every other request blocked."""
from __future__ import annotations

import shutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, WebSocketRoute

from cosmoludo.tools import site
from cosmoludo.tools.browser_page import launch_options

LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
#: The site is served below this path, as GitHub Pages serves a project site, to prove every URL is relative.
SUB_PATH = "/cosmoludo/"
#: A cold boot is 4–6 s on two cores; leave room for a loaded CI machine.
READY_TIMEOUT_MS = 90_000
#: The service worker precaches ~15 MB after boot.
SERVICE_WORKER_TIMEOUT_MS = 60_000


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """The system Chromium when present (never downloaded), with quiet flags; Playwright's own otherwise."""
    ours = launch_options()
    args = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), *ours["args"]]}
    if "executable_path" in ours and "executable_path" not in args:
        args["executable_path"] = ours["executable_path"]
    return args


@dataclass
class SiteServer:
    """The built site served on a free localhost port from `SUB_PATH`; stop() shuts the server down."""

    folder: Path  # the site itself (the server's root is its parent)
    server: site.SiteServer = field(repr=False)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}{SUB_PATH}"

    @property
    def build_id(self) -> str:
        build_id = site.build_id(self.folder)
        assert build_id, f"no build in {self.folder}"
        return build_id

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def serve_folder(folder: Path) -> SiteServer:
    assert folder.name == SUB_PATH.strip("/")
    server = site.make_server("127.0.0.1", 0, folder.parent, quiet=True)
    threading.Thread(target=server.serve_forever, name=f"site {folder}", daemon=True).start()
    return SiteServer(folder, server)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build of the site (not _site/, so a running `make play` is left alone)."""
    return site.build(tmp_path_factory.mktemp("site") / SUB_PATH.strip("/"))


@pytest.fixture(scope="session")
def site_server(built_site: Path) -> Iterator[SiteServer]:
    served = serve_folder(built_site)
    yield served
    served.stop()


@pytest.fixture
def private_site(built_site: Path, tmp_path: Path) -> Iterator[SiteServer]:
    """A copy of the site on its own server, for tests that change files or stop serving."""
    folder = tmp_path / SUB_PATH.strip("/")
    shutil.copytree(built_site, folder)
    served = serve_folder(folder)
    yield served
    try:
        served.stop()
    except OSError:
        pass


@dataclass
class RequestGuard:
    """Aborts and records every request that would leave localhost, or the site's own folder on it."""

    blocked: list[str] = field(default_factory=list)
    outside_site: list[str] = field(default_factory=list)
    #: file:// URLs beginning with one of these are let through (a test opening the built site from disk).
    files: list[str] = field(default_factory=list)

    def is_local(self, url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname in LOCAL_HOSTS

    def _on_request(self, route: Route) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")) or (self.files and url.startswith(tuple(self.files))):
            route.continue_()
        elif not self.is_local(url):
            self.blocked.append(url)
            route.abort("blockedbyclient")
        else:
            if not urlsplit(url).path.startswith(SUB_PATH):
                self.outside_site.append(url)
            route.continue_()

    def _on_websocket(self, ws: WebSocketRoute) -> None:
        if self.is_local(ws.url):
            ws.connect_to_server()
        else:
            self.blocked.append(ws.url)
            ws.close()

    def install(self, context: BrowserContext) -> BrowserContext:
        context.route("**/*", self._on_request)
        context.route_web_socket(lambda url: True, self._on_websocket)
        return context


@pytest.fixture
def request_guard() -> RequestGuard:
    return RequestGuard()


@pytest.fixture(autouse=True)
def _no_request_leaves_localhost(context: BrowserContext, request_guard: RequestGuard) -> Iterator[None]:
    """Every test: requests outside localhost are aborted, and the test fails if any was attempted."""
    request_guard.install(context)
    yield
    assert not request_guard.blocked, f"requests outside localhost were attempted: {request_guard.blocked}"
    assert not request_guard.outside_site, f"requests outside {SUB_PATH}: {request_guard.outside_site}"


@pytest.fixture
def new_guarded_context(browser: Browser, request_guard: RequestGuard,
                        browser_context_args: dict[str, Any]) -> Iterator[Callable[..., BrowserContext]]:
    """Factory for extra contexts (another profile, JavaScript off, …) under the same request guard."""
    contexts: list[BrowserContext] = []

    def make(**kwargs: Any) -> BrowserContext:
        context = request_guard.install(browser.new_context(**{**browser_context_args, **kwargs}))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


def _wait_ready(page: Page) -> Page:
    """Wait for the engine (and the UI on top of it) to be ready; fail at once with its message if boot failed."""
    page.wait_for_selector("html[data-engine=ready], html[data-engine=error]", state="attached",
                           timeout=READY_TIMEOUT_MS)
    if page.get_attribute("html", "data-engine") == "error":
        status, error = page.text_content("#loading-status"), page.text_content("#loading-error")
        pytest.fail(f"the page failed to boot: {status} {error}")
    return page


def _open_ready(page: Page, url: str) -> Page:
    page.goto(url)
    return _wait_ready(page)


def _wait_offline_ready(page: Page) -> Page:
    """Wait until the service worker controls the page, i.e. it has precached the whole site."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SERVICE_WORKER_TIMEOUT_MS)
    return page


@pytest.fixture
def wait_ready() -> Callable[[Page], Page]:
    """wait_ready(page): wait for html[data-engine=ready]; fails with the page's message if boot failed."""
    return _wait_ready


@pytest.fixture
def open_ready() -> Callable[[Page, str], Page]:
    """open_ready(page, url): go to url and wait for html[data-engine=ready]."""
    return _open_ready


@pytest.fixture
def wait_offline_ready() -> Callable[[Page], Page]:
    """wait_offline_ready(page): wait until the service worker controls the page (the site is precached)."""
    return _wait_offline_ready


@pytest.fixture
def ready_page(page: Page, site_server: SiteServer) -> Page:
    """The page, opened and booted to html[data-engine=ready]."""
    return _open_ready(page, site_server.url)
