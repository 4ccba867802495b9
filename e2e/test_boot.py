"""The page boots: loading screen first, engine ready, every request local, the engine bridge answering."""
from __future__ import annotations

import gzip
import re
from typing import Any

import pytest
from playwright.sync_api import Page, Response, expect

from cosmoludo.tools import site

BOOT_TIMEOUT_MS = 90_000


def test_boots_to_ready_and_hands_over_to_the_ui(ready_page: Page) -> None:
    expect(ready_page.locator("#loading")).to_be_hidden()
    expect(ready_page.locator("#app")).to_be_attached()
    marks = ready_page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert marks.index("engine:python-ready") < marks.index("engine:ready") < marks.index("page:ready")
    # The worker's own steps are on the page's timeline, at the time they happened (web/engine_interpreter.js posts
    # them, web/engine.js marks them): the browser benchmark reports a reload's timeline from them.
    steps = ["engine:worker-created", "worker:interpreter-module", "worker:wasm-compiled", "worker:python-snapshot",
             "worker:engine-imported", "engine:exports-ready", "page:ready"]
    assert [mark for mark in marks if mark in steps] == steps, marks


def test_every_request_stays_in_the_page_folder(page: Page, site_server: Any, request_guard: Any,
                                                open_ready: Any) -> None:
    failed: list[str] = []

    def check(response: Response) -> None:
        if response.status >= 400:
            failed.append(f"{response.status} {response.url}")

    page.on("response", check)
    page.on("requestfailed", lambda request: failed.append(f"failed {request.url}"))
    open_ready(page, site_server.url)
    assert not request_guard.blocked
    assert not request_guard.outside_site
    assert not failed, failed


def test_the_worker_runs_the_local_pyodide_from_the_engine_snapshot(page: Page, site_server: Any,
                                                                     open_ready: Any) -> None:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    open_ready(page, site_server.url)
    local = f"{site_server.url}web/vendor/pyodide/"
    for name in site.PYODIDE_FILES:
        assert any(local + name in url for url in urls), f"{name} not loaded from {local}"
    assert site_server.url + site.ENGINE_ZIP in urls
    # Every PyScript file the boot needs is preloaded from the page's first lines.
    pyscript = f"{site_server.url}{site.VENDOR_PYSCRIPT}/"
    preloaded = set(re.findall(r'<link rel="modulepreload" href="\./web/vendor/pyscript/([^"]+)">',
                               (site_server.folder / "index.html").read_text(encoding="utf-8")))
    requested = {url.removeprefix(pyscript) for url in urls if url.startswith(pyscript)}
    assert site.PYSCRIPT_ENTRY in requested and requested <= preloaded, requested - preloaded
    assert f"{site_server.url}web/engine_interpreter.js" in urls
    # Python started from the memory the build saved with the engine imported, not by importing it again.
    about = page.evaluate("import('./web/engine.js').then(({ engine }) => engine.about())")
    assert about["ok"] and about["python"].startswith("3.") and about["boot"] == "snapshot", about
    # The snapshot was saved under Node, which has no wasm-gc: restoring it brought back Node's slow JavaScript
    # trampoline for C calls until the worker put Chromium's own choice back.
    assert about["trampoline"] == "wasm-gc", about
    # PyScript's prelude (it writes its `pyscript` package and imports it) and that package ran from the code the
    # build compiled into the snapshot, not parsed again (py/cosmoludo/pyscript_cache.py).
    assert about["pyscript_compiled"][0] == "prelude" and "pyscript" in about["pyscript_compiled"], about


PAGE_DOWNLOADS = ["web/vendor/pyodide/pyodide.asm.wasm", site.ENGINE_SNAPSHOT, site.ENGINE_ZIP,
                  "web/vendor/pyodide/python_stdlib.zip", "web/vendor/pyodide/pyodide-lock.json"]


def test_the_page_downloads_the_engine_s_files_once_before_pyscript_creates_the_worker(
        page: Page, site_server: Any, open_ready: Any) -> None:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    open_ready(page, site_server.url)
    wanted = [site_server.url + path for path in PAGE_DOWNLOADS]
    # Fetched by the page (its own resource timeline, not the worker's) before the worker existed, and handed
    # to the worker (web/engine.js → web/engine_interpreter.js), which fetched none of them again.
    started = page.evaluate("""(urls) => urls.map((url) => (performance.getEntriesByName(url)[0] || {}).startTime)""",
                            wanted)
    created = page.evaluate("performance.getEntriesByName('engine:worker-created')[0].startTime")
    assert all(start is not None and start < created for start in started), (started, created)
    assert [urls.count(url) for url in wanted] == [1] * len(wanted), urls
    about = page.evaluate("import('./web/engine.js').then(({ engine }) => engine.about())")
    assert about["boot"] == "snapshot", about


ENGINE_WORKER = "document.querySelector('script[type=\"py\"][worker][name=\"engine\"]').xworker"


def test_the_engine_answers_through_pyscript_s_worker_exports(ready_page: Page) -> None:
    # The page's engine is PyScript's named worker: its exports answer directly through xworker.sync, the
    # interface web/engine.js calls; there is no other worker and no message protocol of ours.
    answers = ready_page.evaluate(f"""async () => {{
      const xworker = {ENGINE_WORKER};
      const created = JSON.parse(await xworker.sync.create('{{"game": "porco-crasso", "players": 2, "seed": 1}}'));
      return {{
        isWorker: xworker instanceof Worker,
        about: JSON.parse(await xworker.sync.about()),
        created,
        view: JSON.parse(await xworker.sync.view(created.handle, null)),
        old: typeof window.cosmoludoEngine,
      }};
    }}""")
    assert answers["isWorker"] and answers["old"] == "undefined"
    assert answers["about"]["ok"] and answers["about"]["boot"] == "snapshot", answers["about"]
    assert answers["created"]["ok"] and answers["view"]["ok"] and answers["view"]["view"]["seat"] is None
    workers = ready_page.evaluate("performance.getEntriesByType('resource').map(e => e.name)"
                                  ".filter(n => n.includes('engine_worker'))")
    assert [url.rpartition("/")[2] for url in workers] == ["engine_worker.py"]


ROUND_TRIP = """async () => {
  const { engine } = await import("./web/engine.js");
  const out = { catalog: await engine.catalog() };
  out.created = await engine.create({ game: "porco-crasso", players: 2, seed: 1 });
  const handle = out.created.handle;
  out.spectator = (await engine.view(handle)).view;
  out.spectatorNull = (await engine.view(handle, null)).view;
  const seat = out.spectator.to_move[0];
  out.seat = seat;
  out.mine = (await engine.view(handle, seat)).view;
  out.action = out.mine.legal_actions.find((a) => a.type === "play");
  out.acted = await engine.act(handle, seat, out.action);
  out.refused = await engine.act(handle, seat, { type: "no such action" });
  out.undone = await engine.undo(handle, seat);
  out.bot = await engine.bot(handle, seat, "aleatoire", 1);
  out.checked = await engine.check_save(out.acted.save);
  out.damaged = await engine.check_save("{not json");
  out.reopened = await engine.open_save(JSON.stringify(out.acted.save));
  out.closed = await engine.close(handle);
  out.afterClose = await engine.view(handle, seat);
  return out;
}"""


def test_engine_bridge_round_trip(ready_page: Page) -> None:
    r: dict[str, Any] = ready_page.evaluate(ROUND_TRIP)
    assert any(game["id"] == "porco-crasso" for game in r["catalog"])
    assert r["created"]["ok"] and r["created"]["save"]["format"] == "cosmoludo-save"
    # A missing or null seat is the spectator, who sees no hand.
    for spectator in (r["spectator"], r["spectatorNull"]):
        assert spectator["seat"] is None
        assert all(hand["cards"] is None for hand in spectator["hands"])
    seat = r["seat"]
    assert r["mine"]["seat"] == seat and r["mine"]["hands"][seat]["cards"]
    assert r["acted"]["ok"] and r["acted"]["save"]["actions"] == [[seat, r["action"]]]
    assert not r["refused"]["ok"] and r["refused"]["error"]["fr"] and r["refused"]["error"]["en"]
    assert r["undone"]["ok"] and r["undone"]["save"]["actions"] == []
    assert r["bot"]["ok"] and r["bot"]["action"] in r["mine"]["legal_actions"]
    assert r["checked"]["ok"] and r["checked"]["summary"]["actions"] == 1
    assert not r["damaged"]["ok"] and r["damaged"]["error"]["en"]
    assert r["reopened"]["ok"] and r["reopened"]["handle"] != r["created"]["handle"]
    assert r["closed"]["ok"] and not r["afterClose"]["ok"]


def test_loading_screen_needs_no_script(new_guarded_context: Any, site_server: Any) -> None:
    page = new_guarded_context(java_script_enabled=False).new_page()
    page.goto(site_server.url)
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#loading h1")).to_have_text("Cosmoludo")
    expect(page.locator("#loading-progress")).to_be_visible()
    expect(page.locator("#loading noscript")).to_be_attached()


def test_loading_screen_is_the_first_paint(page: Page, site_server: Any, wait_ready: Any) -> None:
    page.goto(site_server.url, wait_until="commit")
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
    # Python takes seconds to start: at first paint the page must still be showing the loading screen.
    assert page.get_attribute("html", "data-engine") != "ready"
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#loading-status")).not_to_be_empty()
    wait_ready(page)


def test_progress_moves_while_python_starts(page: Page, site_server: Any, wait_ready: Any) -> None:
    page.goto(site_server.url)
    page.wait_for_function("document.getElementById('loading-progress').value > 20", timeout=BOOT_TIMEOUT_MS)
    wait_ready(page)
    assert page.evaluate("document.getElementById('loading-progress').value") == 100


def test_a_snapshot_the_host_already_unzipped_is_used_as_it_is(page: Page, private_site: Any,
                                                              open_ready: Any) -> None:
    # Some hosts serve a .gz file with Content-Encoding: gzip, so the browser hands over the snapshot itself.
    # (The server sends the 17 MB from the file: through Playwright's route it took over a minute on a busy machine.)
    snapshot = private_site.folder / site.ENGINE_SNAPSHOT
    snapshot.write_bytes(gzip.decompress(snapshot.read_bytes()))
    open_ready(page, private_site.url)
    about = page.evaluate("import('./web/engine.js').then(({ engine }) => engine.about())")
    assert about["ok"] and about["boot"] == "snapshot", about


@pytest.mark.parametrize("answer", [{"status": 404, "body": "missing"},
                                    {"status": 200, "body": b"\x1f\x8b not really gzip"},
                                    {"status": 200, "body": b"\0snp and nothing else"},
                                    {"status": 200, "body": gzip.compress(b"\0snp" + bytes(2**20))}],
                         ids=["missing", "damaged", "not-gzipped", "not-a-memory"])
def test_without_a_usable_snapshot_python_starts_the_ordinary_way(page: Page, site_server: Any, open_ready: Any,
                                                                   answer: dict[str, Any]) -> None:
    page.route(f"**/{site.ENGINE_SNAPSHOT}", lambda route: route.fulfill(**answer))
    open_ready(page, site_server.url)
    about = page.evaluate("import('./web/engine.js').then(({ engine }) => engine.about())")
    assert about["ok"] and about["boot"] == "import" and about["trampoline"] == "wasm-gc", about
    # The engine imported from engine.zip plays like the one from the snapshot.
    created = page.evaluate("""import('./web/engine.js').then(async ({ engine }) =>
        (await engine.create({ game: "porco-crasso", players: 2, seed: 1 })).handle)""")
    assert created


@pytest.mark.parametrize("missing", ["web/engine.zip", "web/engine_interpreter.js", "web/vendor/pyscript/core.js"])
def test_a_failed_engine_start_is_reported(page: Page, site_server: Any, missing: str) -> None:
    page.route(f"**/{missing}", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_server.url)
    page.wait_for_selector("html[data-engine=error]", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#loading-status")).to_contain_text("could not start")
    expect(page.locator("#loading-error")).to_be_visible()


def test_the_request_guard_blocks_and_records_what_leaves_localhost(browser: Any, site_server: Any,
                                                                     request_guard: Any) -> None:
    guard = type(request_guard)()  # a guard of its own, so this test's deliberate leak is not held against it
    context = guard.install(browser.new_context())
    try:
        page = context.new_page()
        page.goto(site_server.url + "web/build-info.json")
        failed = page.evaluate("fetch('https://cdn.jsdelivr.net/pyodide/').then(() => false, () => true)")
    finally:
        context.close()
    assert failed
    assert guard.blocked == ["https://cdn.jsdelivr.net/pyodide/"]
