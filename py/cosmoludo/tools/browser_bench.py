"""Browser benchmark: cold boots (bare Pyodide vs the page), first paint, warm reload, engine speed in Pyodide.

Run with `python -m cosmoludo bench --browser` (after the native tables) or alone with
`python -m cosmoludo.tools.browser_bench [--loads 5] [--quick]`. Needs the test extras (Playwright) and
node_modules (`npm ci`); uses Debian's /usr/bin/chromium when present, headless, a fresh profile per load.
"""
# `--clicks` measures click → re-render instead (browser_clicks.py); the browser and the served build: browser_page.py.
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from ..core.bots import random_playouts
from .browser_clicks import CLICK_GAMES, clicks_table, measure_clicks
from .browser_pace import PACE_GAMES
from .browser_page import BOOT_TIMEOUT_MS, ExternalRequests, launch_options, served_site

PLAYOUT_GAME, PLAYOUT_PLAYERS = "porco-crasso", 3

#: Loads the engine from engine.zip into the bare page's Pyodide; returns a JS function running playouts.
ENGINE_IN_PYODIDE = """async () => {
  const zip = await (await fetch("../web/engine.zip")).arrayBuffer();
  pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/engine" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/engine')");
  window.playouts = pyodide.runPython(
    "import json\\nimport cosmoludo.games\\nfrom cosmoludo.core.bots import random_playouts\\n"
    + "lambda game, players, n, seed: json.dumps(random_playouts(game, players, n, seed))");
  return pyodide.runPython("import sys; sys.version.split()[0]");
}"""
PLAYOUTS_IN_PYODIDE = "([game, players, n, seed]) => JSON.parse(playouts(game, players, n, seed))"
#: The same playouts in the page's own engine worker (PyScript's, through web/engine.js): the Python the players
#: get, restored from the snapshot.
PLAYOUTS_IN_WORKER = """async ([game, players, n, seed]) => {
  const { engine } = await import("./web/engine.js");
  return { ...await engine.playouts(game, players, n, seed), about: await engine.about() };
}"""

#: Bot decisions through the real page's engine worker, with a main-thread ticker to catch any freeze
#: (Porco Crasso with 3 players unless a game and its player count follow).
BOT_DECISIONS = """async ([level, positions, game = "porco-crasso", players = 3]) => {
  const { engine } = await import("./web/engine.js");
  const created = await engine.create({ game, players, seed: 11 });
  const handle = created.handle;
  const times = [];
  let last = performance.now(), worstGap = 0;
  const ticker = setInterval(() => { const now = performance.now(); worstGap = Math.max(worstGap, now - last); last = now; }, 10);
  for (let k = 0; times.length < positions; k++) {
    const view = (await engine.view(handle, null)).view;
    if (view.over) break;
    const seat = view.to_move[0];
    const legal = (await engine.view(handle, seat)).view.legal_actions;
    const t0 = performance.now();
    const answer = await engine.bot(handle, seat, legal.length > 1 ? level : "aleatoire", k);
    if (legal.length > 1) times.push(performance.now() - t0);
    await engine.act(handle, seat, answer.action);
  }
  clearInterval(ticker);
  await engine.close(handle);
  return { times, worstGap };
}"""


#: A save opened as a replay in the page's engine worker and shown at its end (bench's REPLAYS: 1,000 actions).
REPLAY_IN_WORKER = """async (save) => {
  const { engine } = await import("./web/engine.js");
  const t0 = performance.now();
  const opened = await engine.replay_open(save);
  const end = await engine.replay_view(opened.handle, opened.replay.actions, null);
  const ms = performance.now() - t0;
  await engine.close(opened.handle);
  return { ms, actions: opened.replay.actions, ok: Boolean(opened.ok && end.ok) };
}"""


#: Resuming saves in the page's engine worker as the game screen does (web/ui/savesync.js, game.js): open each save
#: (open_save: every action checked and applied again) and ask the view of the seat it shows; ms for them all.
RESUME_IN_WORKER = """async (inputs) => {
  const { engine } = await import("./web/engine.js");
  const t0 = performance.now();
  let ok = true;
  for (const [text, seat] of inputs) {
    const opened = await engine.open_save(text);
    if (!opened.ok) return { ms: performance.now() - t0, ok: false, error: opened.error };
    const view = await engine.view(opened.handle, seat, { key: -1, log: 0, actions: 0 });
    ok = ok && Boolean(view.ok);
    await engine.close(opened.handle);
  }
  return { ms: performance.now() - t0, ok };
}"""


def resumes(page: Any, runs: int) -> dict[str, dict[str, list[float]]]:
    """workloads.RESUMES in the page's worker: ms to resume each game's RESUME_ACTIONS actions, `runs` times, each run
    paired with the same resumption natively (wall ms, right after: a change in machine load touches both alike),
    after one warm-up pass over every game (the wasm tiers up during the first calls)."""
    from .workloads import RESUMES, resume, resume_inputs

    inputs = {game: resume_inputs(game, players) for game, players in RESUMES}
    for game, sent in inputs.items():
        assert page.evaluate(RESUME_IN_WORKER, sent)["ok"], game
        resume(sent)
    out: dict[str, dict[str, list[float]]] = {game: {"page": [], "native": []} for game in inputs}
    for _ in range(runs):  # the games take turns, so that a change in machine load touches all alike
        for game, sent in inputs.items():
            run = page.evaluate(RESUME_IN_WORKER, sent)
            assert run["ok"], game
            t0 = time.perf_counter()
            resume(sent)
            out[game]["native"].append((time.perf_counter() - t0) * 1000)
            out[game]["page"].append(run["ms"])
    return out


def resume_table(figures: dict[str, dict[str, list[float]]], load: tuple[float, float] | None = None) -> str:
    from .workloads import RESUME_ACTIONS, RESUMES
    from .workloads import text_table as _table

    players = dict(RESUMES)
    rows = []
    for game, f in figures.items():
        ratios = [p / n for p, n in zip(f["page"], f["native"])]
        rows.append([game, players[game], len(f["page"]), _ms(f["page"]), _range(f["page"]), _ms(f["native"]),
                     f"{statistics.median(ratios):.2f}", "≤ 300 ms"])
    where = f", load average {load[0]:.1f} before, {load[1]:.1f} after" if load else ""
    return _table(f"Resume {RESUME_ACTIONS} actions of « facile » bots' games (workloads.resume_saves): open_save + the "
                  f"view, wall ms, in the page's worker and natively, paired{where}",
                  ["game", "players", "runs", "page median", "page range", "native median", "page / native",
                   "target"], rows)


def measure_resumes(quick: bool = False) -> dict[str, Any]:
    """Only the resume figures, in a fresh page (`--resume`)."""
    from playwright.sync_api import sync_playwright

    external = ExternalRequests()
    before = os.getloadavg()[0]
    with served_site() as (page_url, _), sync_playwright() as pw:
        figures = _cold_load(pw, page_url, "html[data-engine=ready]", "page:ready", external,
                             then=lambda p: resumes(p, 3 if quick else 7))["then"]
    return {"resume_ms": figures, "external_requests": external.urls, "load_average": [before, os.getloadavg()[0]]}


#: Before the page's own scripts: when the game screen first shows the copy of the last screen (data-mode=cached)
#: and when it first waits for the human's decision (data-mode=human), ms from navigation.
RELOAD_WATCH = """(() => {
  const seen = (window.cosmoludoReload = {});
  new MutationObserver(() => {
    const screen = document.querySelector("[data-testid=game-screen]");
    const mode = screen && screen.dataset.mode;
    if (mode && !(mode in seen)) seen[mode] = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-mode"], childList: true });
})()"""
#: The game the reload figures resume: Porco Crasso, a human against two random bots, a dozen actions in.
RELOAD_GAME, RELOAD_ACTIONS = "porco-crasso", 12


def _reload_save() -> dict[str, Any]:
    """A Porco Crasso save RELOAD_ACTIONS random actions in, stopped on seat 0's (the human's) decision."""
    import random

    from .. import games

    state = games.new_game(RELOAD_GAME, players=3, options={}, seed=5)
    rnd = random.Random(1)
    while not state.is_over():
        seat = state.to_move()[0]
        if len(state.to_save()["actions"]) >= RELOAD_ACTIONS and seat == 0:
            break
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    save: dict[str, Any] = state.to_save()
    save["meta"] = {"id": "bench-reload", "seats": [{"kind": "human", "name": "Alice"},
                                                     {"kind": "bot", "name": "", "level": "aleatoire"},
                                                     {"kind": "bot", "name": "", "level": "aleatoire"}]}
    return save


def cached_reloads(pw: Any, url: str, loads: int, external: ExternalRequests) -> dict[str, list[float]]:
    """Reloads of a game's address after one visit (service worker on, the copy of the last screen stored): ms from
    navigation to the copy drawn (the page's "page:cached" mark) and to the game playable (data-mode=human)."""
    browser = pw.chromium.launch(**launch_options())
    try:
        page = browser.new_page()
        external.watch(page)
        page.add_init_script(RELOAD_WATCH)
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.evaluate("""save => { localStorage.setItem("cosmoludo.save.bench-reload", JSON.stringify(save));
          localStorage.setItem("cosmoludo.settings", JSON.stringify({ botDelay: 0 })); }""", _reload_save())
        page.goto(url + "#/partie/bench-reload")
        human = "[data-testid=game-screen][data-mode=human]"
        page.wait_for_selector(human, timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
        out: dict[str, list[float]] = {"cached": [], "playable": [], "ready": []}
        for _ in range(loads):
            page.reload()
            page.wait_for_selector(human, timeout=BOOT_TIMEOUT_MS)
            run = page.evaluate("""() => ({ ...window.cosmoludoReload,
              drawn: (performance.getEntriesByName("page:cached")[0] || {}).startTime ?? null,
              ready: performance.getEntriesByName("page:ready")[0].startTime })""")
            assert run["drawn"] is not None and "cached" in run, f"the copy of the last screen was not drawn: {run}"
            out["cached"].append(run["drawn"])
            out["playable"].append(run["human"])
            out["ready"].append(run["ready"])
        return out
    finally:
        browser.close()


def reload_table(figures: dict[str, list[float]], load: tuple[float, float] | None = None) -> str:
    from .workloads import text_table as _table

    where = f", load average {load[0]:.1f} before, {load[1]:.1f} after" if load else ""
    rows = [["reload → cached view drawn", len(figures["cached"]), _ms(figures["cached"]), _range(figures["cached"]),
             "≤ 300 ms"],
            ["reload → playable (data-mode=human)", len(figures["playable"]), _ms(figures["playable"]),
             _range(figures["playable"]), "as soon as the engine is up"],
            ["reload → engine ready (page:ready)", len(figures["ready"]), _ms(figures["ready"]), _range(figures["ready"]),
             ""]]
    return _table(f"Reload of a {RELOAD_GAME} game's address, {RELOAD_ACTIONS} actions in, service worker on, ms from "
                  f"navigation{where}", ["figure", "reloads", "median", "range", "target"], rows)


def measure_reloads(loads: int = 5) -> dict[str, Any]:
    """Only the reload figures of a game's address (`--reload`)."""
    from playwright.sync_api import sync_playwright

    external = ExternalRequests()
    before = os.getloadavg()[0]
    with served_site() as (page_url, _), sync_playwright() as pw:
        figures = cached_reloads(pw, page_url, loads, external)
    return {"reload_ms": figures, "external_requests": external.urls, "load_average": [before, os.getloadavg()[0]]}


def _cold_load(pw: Any, url: str, ready: str, mark: str, external: ExternalRequests,
               then: Callable[[Any], Any] | None = None) -> dict[str, Any]:
    """One cold load in a new browser (fresh profile): ms from navigation to `mark`, first paint, then(page)."""
    browser = pw.chromium.launch(**launch_options())
    try:
        page = browser.new_page()
        external.watch(page)
        page.goto(url)
        page.wait_for_selector(ready, state="attached", timeout=BOOT_TIMEOUT_MS)
        run: dict[str, Any] = page.evaluate(
            """(mark) => ({
              ready: performance.getEntriesByName(mark)[0].startTime,
              paint: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime ?? null,
            })""", mark)
        if then is not None:
            run["then"] = then(page)
        return run
    finally:
        browser.close()


#: The steps of a start the warm-reload timeline reports (performance marks of web/engine.js and web/boot.js;
#: "worker:…" are the engine worker's own steps, web/engine_interpreter.js), in the order they happen.
TIMELINE = {
    "engine:worker-created": "PyScript created the worker",
    "worker:interpreter-module": "the interpreter module runs",
    "worker:wasm-compiled": "Pyodide's WebAssembly compiled",
    "worker:snapshot-complete": "snapshot unpacked",
    "worker:pyodide-module-ready": "Pyodide's module started",
    "worker:python-snapshot": "Python restored",
    "worker:engine-imported": "engine imported",
    "engine:exports-ready": "PyScript ran the worker's code",
    "engine:ready": "first answer",
    "page:ready": "page ready",
}


def _warm_reloads(pw: Any, url: str, loads: int, external: ExternalRequests,
                  timelines: list[dict[str, float]] | None = None) -> list[float]:
    """Reloads served by the service worker after one visit: ms from navigation to the page being ready (and, in
    `timelines`, each reload's TIMELINE marks)."""
    browser = pw.chromium.launch(**launch_options())
    try:
        page = browser.new_page()
        external.watch(page)
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
        times = []
        for _ in range(loads):
            page.reload()
            page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
            assert page.evaluate("navigator.serviceWorker.controller !== null")
            times.append(page.evaluate("performance.getEntriesByName('page:ready')[0].startTime"))
            if timelines is not None:
                timelines.append(page.evaluate(
                    "names => Object.fromEntries(names.flatMap(n => performance.getEntriesByName(n)"
                    ".slice(0, 1).map(e => [n, e.startTime])))", list(TIMELINE)))
        return times
    finally:
        browser.close()


#: The playouts' warm-up, the same for the three contestants: this many calls of n / 8 games each. V8 first runs
#: Pyodide's WebAssembly as its baseline compiler (Liftoff) made it and compiles the optimised code (TurboFan) in
#: the background once a function has run a while; a call into Python keeps the interpreter loop's code it started
#: with (WebAssembly has no on-stack replacement), so only a later call runs the optimised loop. On 2026-11-27 the
#: first three calls of 50 games after a boot ran at a third of the steady rate, in the worker and the bare page
#: alike, so one warm-up call of n / 4 games left the first measured seeds in the baseline code. The table prints
#: the warm-up calls' rates, to show the steady rate was reached. The optimised code is compiled in the background,
#: which takes wall time (more on a loaded machine): the warm-up also lasts WARM_UP_SECONDS at least (--quick's calls
#: are short), within WARM_UP_MAX_CALLS.
WARM_UP_CALLS, WARM_UP_SECONDS, WARM_UP_MAX_CALLS = 8, 3.0, 40


def _playouts(pw: Any, page_url: str, bare_url: str, n: int, seeds: list[int],
              external: ExternalRequests) -> dict[str, Any]:
    """The same playouts in the page's engine worker, in a bare Pyodide page and natively, taking turns, so
    that a change in machine load touches all three alike; each warmed up alike first (WARM_UP_CALLS...)."""
    browser = pw.chromium.launch(**launch_options())
    try:
        page, bare = browser.new_page(), browser.new_page()
        for tab, url, ready in ((page, page_url, "html[data-engine=ready]"), (bare, bare_url, "html[data-python=ready]")):
            external.watch(tab)
            tab.goto(url)
            tab.wait_for_selector(ready, state="attached", timeout=BOOT_TIMEOUT_MS)
        version = bare.evaluate(ENGINE_IN_PYODIDE)
        warm: dict[str, list[float]] = {"worker": [], "bare": [], "native": []}
        about: dict[str, Any] = {}
        start = time.perf_counter()
        for k in range(WARM_UP_MAX_CALLS):
            if k >= WARM_UP_CALLS and time.perf_counter() - start >= WARM_UP_SECONDS:
                break
            warm_up: list[Any] = [PLAYOUT_GAME, PLAYOUT_PLAYERS, max(1, n >> 3), 1000 + k]
            run = page.evaluate(PLAYOUTS_IN_WORKER, warm_up)
            about = run["about"]
            warm["worker"].append(run["games_per_second"])
            warm["bare"].append(bare.evaluate(PLAYOUTS_IN_PYODIDE, warm_up)["games_per_second"])
            warm["native"].append(random_playouts(*warm_up)["games_per_second"])
        worker, plain, native = [], [], []
        for seed in seeds:
            args: list[Any] = [PLAYOUT_GAME, PLAYOUT_PLAYERS, n, seed]
            worker.append(page.evaluate(PLAYOUTS_IN_WORKER, args))
            plain.append(bare.evaluate(PLAYOUTS_IN_PYODIDE, args))
            native.append(random_playouts(*args))
        return {"version": version, "about": about, "worker": worker, "bare": plain, "native": native,
                "warm_up": warm}
    finally:
        browser.close()


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values):.0f}"


def _range(values: list[float]) -> str:
    return f"{min(values):.0f}–{max(values):.0f}"


def _range2(values: list[float]) -> str:
    return f"{min(values):.2f}–{max(values):.2f}"


def measure(loads: int = 5, quick: bool = False) -> dict[str, Any]:
    """Every browser figure, as plain numbers (milliseconds unless named otherwise)."""
    from playwright.sync_api import sync_playwright

    playouts = 100 if quick else 400
    # Single pairs scatter widely on a shared 2-CPU machine (native alone varies by ±20 % run to run), so the
    # full run takes the median of 11 pairs: its spread is about two thirds that of 5.
    seeds = list(range(1, 6 if quick else 12))
    external = ExternalRequests()
    load_before = os.getloadavg()[0]
    with served_site() as (page_url, bare_url), sync_playwright() as pw:
        # Interleaved, so that a change in machine load touches both pages alike.
        bare, page = [], []
        for _ in range(loads):
            bare.append(_cold_load(pw, bare_url, "html[data-python=ready]", "python-ready", external))
            page.append(_cold_load(pw, page_url, "html[data-engine=ready]", "page:ready", external))
        timelines: list[dict[str, float]] = []
        warm = _warm_reloads(pw, page_url, loads, external, timelines)
        reload_ms = cached_reloads(pw, page_url, loads, external)
        throughput = _playouts(pw, page_url, bare_url, playouts, seeds, external)
        from ..replay import REPLAYS, replay_save

        replay_text = json.dumps(replay_save(*REPLAYS[0]))

        def bots_then_replays(p: Any) -> dict[str, Any]:
            decisions = p.evaluate(BOT_DECISIONS, ["normal", 10 if quick else 30])
            p.evaluate(REPLAY_IN_WORKER, replay_text)  # warm-up: the wasm tiers up during the first calls
            replays = [p.evaluate(REPLAY_IN_WORKER, replay_text) for _ in range(3 if quick else 7)]
            assert all(r["ok"] for r in replays), replays
            return {**decisions, "replays": replays, "resume_ms": resumes(p, 3 if quick else 7)}

        bots = _cold_load(pw, page_url, "html[data-engine=ready]", "page:ready", external,
                          then=bots_then_replays)["then"]
    return {
        "load_average": [load_before, os.getloadavg()[0]],
        "cpus": os.cpu_count(),
        "loads": loads,
        "bare_boot": [r["ready"] for r in bare],
        "page_boot": [r["ready"] for r in page],
        "first_paint": [r["paint"] for r in page if r["paint"] is not None],
        "warm_reload": warm,
        "reload_ms": reload_ms,
        "warm_timeline": {name: statistics.median(t[name] for t in timelines) for name in TIMELINE
                          if timelines and all(name in t for t in timelines)},
        "playouts": playouts,
        "pyodide_games_per_second": [r["games_per_second"] for r in throughput["worker"]],
        "pyodide_python": throughput["version"],
        "pyodide_trampoline": throughput["about"]["trampoline"],
        "bare_pyodide_games_per_second": [r["games_per_second"] for r in throughput["bare"]],
        "native_games_per_second": [r["games_per_second"] for r in throughput["native"]],
        "native_python": sys.version.split()[0],
        "warm_up_games_per_second": throughput["warm_up"],
        "bot_normal_ms": bots["times"],
        "bot_main_thread_worst_gap_ms": bots["worstGap"],
        "replay_actions": bots["replays"][0]["actions"],
        "replay_open_ms": [r["ms"] for r in bots["replays"]],
        "resume_ms": bots["resume_ms"],
        "external_requests": external.urls,
    }


def table(m: dict[str, Any]) -> str:
    """The figures as a text table, with the targets of the PyScript issue's gate."""
    bare, page = statistics.median(m["bare_boot"]), statistics.median(m["page_boot"])
    native = m["native_games_per_second"]
    # Each Pyodide run is paired with the native run of the same round, so their ratio cancels slow load drift.
    ratios = [n / p for n, p in zip(native, m["pyodide_games_per_second"])]
    bare_ratios = [n / p for n, p in zip(native, m["bare_pyodide_games_per_second"])]
    bot = sorted(m["bot_normal_ms"])
    p95 = bot[int(0.95 * (len(bot) - 1))] if bot else float("nan")
    rows = [
        ["(a) bare Pyodide page → python ready", f"{_ms(m['bare_boot'])} ms", _range(m["bare_boot"]), ""],
        ["(b) Cosmoludo page → data-engine=ready", f"{_ms(m['page_boot'])} ms", _range(m["page_boot"]), ""],
        ["(b) / (a)", f"{page / bare:.2f}", "", "≤ 0.5"],
        ["first paint (loading screen)", f"{_ms(m['first_paint'])} ms", _range(m["first_paint"]), "≤ 500 ms"],
        ["warm reload (service worker) → ready", f"{_ms(m['warm_reload'])} ms", _range(m["warm_reload"]), "≤ 1000 ms"],
        [f"random playouts, the page's worker: Pyodide {m['pyodide_python']}, {m['pyodide_trampoline']} trampoline (games/s)",
         _ms(m["pyodide_games_per_second"]), _range(m["pyodide_games_per_second"]), ""],
        ["random playouts, a bare Pyodide page (games/s)",
         _ms(m["bare_pyodide_games_per_second"]), _range(m["bare_pyodide_games_per_second"]), ""],
        [f"random playouts, native {m['native_python']} (games/s)", _ms(native), _range(native), ""],
        [f"native / the page's worker, {len(ratios)} paired runs", f"{statistics.median(ratios):.2f}",
         _range2(ratios), "≤ 1.5"],
        [f"native / bare Pyodide page, {len(bare_ratios)} paired runs", f"{statistics.median(bare_ratios):.2f}",
         _range2(bare_ratios), ""],
        [f"bot 'normal' in the worker, median (p95) over {len(bot)}",
         f"{statistics.median(bot):.0f} ms ({p95:.0f})" if bot else "–", _range(bot) if bot else "", "≤ 1000 ms"],
        ["main-thread worst gap during bot moves", f"{m['bot_main_thread_worst_gap_ms']:.0f} ms", "", "responsive"],
        [f"replay of {m['replay_actions']} actions opened in the worker, shown at its end",
         f"{_ms(m['replay_open_ms'])} ms", _range(m["replay_open_ms"]), "≤ 300 ms"],
        ["requests outside localhost", str(len(m["external_requests"])), "", "0"],
    ]
    header = ["measure", f"median of {m['loads']}", "range", "target"]
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(4)]
    title = (f"Browser benchmark (headless Chromium, fresh profile per cold load, {m['playouts']} playouts × {len(m['native_games_per_second'])} "
             f"of {PLAYOUT_GAME} with {PLAYOUT_PLAYERS} players; {m['cpus']} CPUs, load average "
             f"{m['load_average'][0]:.1f} before, {m['load_average'][1]:.1f} after)")
    lines = [title,
             "  ".join(h.ljust(w) for h, w in zip(header, widths)), "  ".join("-" * w for w in widths)]
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)) for r in rows]
    if m.get("warm_up_games_per_second"):
        calls = len(m["warm_up_games_per_second"]["worker"])
        lines.append(f"playouts' warm-up, {calls} calls of {max(1, m['playouts'] >> 3)} games each (games/s): " + "; ".join(
            f"{who} {' '.join(f'{x:.0f}' for x in rates)}" for who, rates in m["warm_up_games_per_second"].items()))
    if m.get("reload_ms"):
        lines += ["", reload_table(m["reload_ms"])]
    if m.get("resume_ms"):
        lines += ["", resume_table(m["resume_ms"])]
    if m.get("warm_timeline"):
        lines.append("warm reload timeline, median ms from navigation: " + ", ".join(
            f"{TIMELINE[name]} {ms:.0f}" for name, ms in m["warm_timeline"].items()))
    return "\n".join(lines)


def run(quick: bool = False, loads: int = 5, as_json: bool = False, clicks: bool = False,
        games: list[str] | None = None, resume: bool = False, pace: bool = False, reload: bool = False) -> int:
    """Measure and print; exit status 1 when a request tried to leave localhost."""
    t0 = time.perf_counter()
    if pace:
        from . import browser_pace

        m = browser_pace.measure(games, 8 if quick else 20)
        print(json.dumps(m, indent=2) if as_json else browser_pace.table(m))
    elif clicks:
        m = measure_clicks(30 if quick else 60, games)
        print(json.dumps(m, indent=2) if as_json else clicks_table(m))
    elif reload:
        m = measure_reloads(loads)
        print(json.dumps(m, indent=2) if as_json else reload_table(m["reload_ms"], m["load_average"]))
    elif resume:
        m = measure_resumes(quick)
        print(json.dumps(m, indent=2) if as_json else resume_table(m["resume_ms"], m["load_average"]))
    else:
        m = measure(loads, quick)
        print(json.dumps(m, indent=2) if as_json else table(m))
    print(f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return 1 if m["external_requests"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cosmoludo.tools.browser_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loads", type=int, default=5, help="cold loads per page (default 5)")
    parser.add_argument("--quick", action="store_true", help="fewer playouts and bot moves")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument("--clicks", action="store_true",
                        help="only click → re-render, on a six-player Les Cochons de l'Espace galaxy and a busy Kroll & "
                             "Prumni map (p95 ≤ 50 ms)")
    parser.add_argument("--game", action="append", choices=sorted(set(CLICK_GAMES) | set(PACE_GAMES)),
                        help="with --clicks or --pace: only this game (repeatable)")
    parser.add_argument("--pace", action="store_true",
                        help="only the bots' pace: a human's action → its next decision, at « Normale » and "
                             "« Instantanée », against the default bots (median ≤ 2 s / ≤ 0.5 s)")
    parser.add_argument("--resume", action="store_true",
                        help="only resuming 1,000 actions of each game in the page's worker (≤ 300 ms)")
    parser.add_argument("--reload", action="store_true",
                        help="only reloading a game's address: the copy of the last screen drawn (≤ 300 ms), playable")
    args = parser.parse_args(argv)
    return run(args.quick, args.loads, args.json, args.clicks, args.game, args.resume, args.pace, args.reload)


if __name__ == "__main__":
    sys.exit(main())
