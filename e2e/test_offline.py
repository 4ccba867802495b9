"""The service worker: a visited page reloads and boots with no network; a new build replaces the old cache."""
from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page

SITE_CACHES = "caches.keys().then(keys => keys.filter(k => k.startsWith('cosmoludo-')))"
SERVICE_WORKER_TIMEOUT_MS = 60_000
#: A request the service worker's cache cannot answer (the query string makes it a file it never stored).
UNCACHED_FETCH = "fetch('./web/build-info.json?uncached').then(() => 'fetched', () => 'failed')"


def test_reloads_offline_once_visited(context: BrowserContext, page: Page, site_server: Any, open_ready: Any,
                                      wait_ready: Any, wait_offline_ready: Any) -> None:
    open_ready(page, site_server.url)
    wait_offline_ready(page)
    assert page.evaluate(SITE_CACHES) == [f"cosmoludo-{site_server.build_id}"]

    context.set_offline(True)
    page.reload()
    wait_ready(page)
    other = context.new_page()
    open_ready(other, site_server.url)
    # The network really is cut for the new page: a file the service worker has not cached cannot be fetched.
    # (navigator.onLine is no proof: Chromium 150 says true after a reload or in a new page of an offline context.)
    assert other.evaluate(UNCACHED_FETCH) == "failed"


def test_the_offline_cache_keeps_the_engine_snapshot_unzipped(page: Page, site_server: Any, open_ready: Any,
                                                                 wait_offline_ready: Any) -> None:
    # Every later start reads the snapshot from the cache as it is (web/sw.js), instead of unzipping it again;
    # the page still starts from it.
    open_ready(page, site_server.url)
    wait_offline_ready(page)
    head = page.evaluate("""(build) => caches.open('cosmoludo-' + build).then(async (cache) => {
        const bytes = new Uint8Array(await (await cache.match('./web/engine.snapshot.gz')).arrayBuffer());
        return [String.fromCharCode(...bytes.subarray(0, 4)), bytes.length];
    })""", site_server.build_id)
    served = (site_server.folder / "web/engine.snapshot.gz").read_bytes()
    assert head[0] == "CLSN" and head[1] > len(served), head
    page.reload()
    about = page.evaluate("import('./web/engine.js').then(({ engine }) => engine.ready.then(() => engine.about()))")
    assert about["ok"] and about["boot"] == "snapshot", about


def test_boots_after_the_server_is_gone_and_a_new_build_replaces_the_cache(
        new_guarded_context: Any, private_site: Any, open_ready: Any, wait_ready: Any,
        wait_offline_ready: Any) -> None:
    context: BrowserContext = new_guarded_context()
    page = context.new_page()
    open_ready(page, private_site.url)
    wait_offline_ready(page)
    old = f"cosmoludo-{private_site.build_id}"
    assert page.evaluate(SITE_CACHES) == [old]

    # A new build changes sw.js; the browser installs it, which precaches anew and drops the old cache.
    sw = private_site.folder / "sw.js"
    sw.write_text(sw.read_text(encoding="utf-8").replace(private_site.build_id, "feedfacefeedface"), encoding="utf-8")
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_function(f"{SITE_CACHES}.then(k => k.length === 1 && k[0] === 'cosmoludo-feedfacefeedface')",
                           timeout=SERVICE_WORKER_TIMEOUT_MS)

    private_site.stop()
    page.reload()
    wait_ready(page)
    open_ready(context.new_page(), private_site.url)
