"""Click → re-render in the real page (`python -m cosmoludo.tools.browser_bench --clicks [--game …]`): timed clicks on a
busy position of each game with a hex board or a ship to build, each broken down into the engine's round trip, its
Python time, the answer's size, storing and drawing; the table browser_bench prints.
"""
from __future__ import annotations

import json
import os
import statistics
from collections.abc import Callable
from typing import Any

from .browser_page import BOOT_TIMEOUT_MS, ExternalRequests, launch_options, served_site

#: Click → re-render (the issues' target: p95 ≤ 50 ms) on a busy position of each game with a hex board: a six-player
#: Les Cochons de l'Espace galaxy, a Kroll & Prumni map in mid-game. Game → number of players.
CLICK_GAMES = {"cochons-de-l-espace": 6, "kroll-et-prumni": 2, "galaxy-trucker": 4}
#: Kroll & Prumni: the first turn from which the map counts as busy, and how many of seat 0's ships must be ready.
KROLL_BUSY_TURN, KROLL_BUSY_SHIPS = 6, 10


def _cochons_click_save() -> tuple[dict[str, Any], list[Any]]:
    """A six-player save stopped at seat 0's voyages (easy bots played natively up to there)."""
    from .. import games
    from ..core.bots import choose_action
    from ..core.flow import FlowState

    game, players = "cochons-de-l-espace", CLICK_GAMES["cochons-de-l-espace"]
    for seed in range(50):
        state = games.new_game(game, players, {}, seed)
        for n in range(5000):
            if state.is_over():
                break
            a = state.open_ask() if isinstance(state, FlowState) else None
            if (a is not None and a.kind == "voyage" and a.seats == [0]
                    and any(x["type"] == "go" for x in state.legal_actions(0))):
                return state.to_save(), []
            seat = state.to_move()[0]
            state.apply(seat, choose_action(state, seat, "facile", seed * 10_000 + n))
    raise AssertionError("no seeded game reached a voyage of seat 0")


def _kroll_click_save() -> tuple[dict[str, Any], list[Any]]:
    """A Kroll & Prumni save in mid-game (turn ≥ KROLL_BUSY_TURN) at seat 0's orders, nothing picked, with at least
    KROLL_BUSY_SHIPS ships ready (easy bots played natively up to there), and the hexes of the ships to click."""
    from .. import games
    from ..core.bots import choose_action

    game = "kroll-et-prumni"
    for seed in range(50):
        state: Any = games.new_game(game, CLICK_GAMES[game], {}, seed)
        for n in range(6000):
            if state.is_over():
                break
            a = state.asks[0] if state.asks else None
            if (a is not None and state.turn >= KROLL_BUSY_TURN and a.kind == "orders" and a.seats == [0]
                    and a.data.get("sel") is None):
                ships = [state.ships[i] for i in state.ready_ships(0)]
                on_map = [s for s in ships if s.on_map() and s.carried_by is None and not s.hyper]
                if len(on_map) >= KROLL_BUSY_SHIPS:
                    return state.to_save(), [[s.head[0], s.head[1]] for s in on_map]
            seat = state.to_move()[0]
            state.apply(seat, choose_action(state, seat, "facile", seed * 10_000 + n))
    raise AssertionError("no seeded game reached a busy map at seat 0's orders")


def _wait_measure(page: Any, count: int) -> None:
    page.wait_for_function("n => performance.getEntriesByName('ui:click-to-render').length > n", arg=count)


def _measures(page: Any) -> int:
    return int(page.evaluate("performance.getEntriesByName('ui:click-to-render').length"))


def _cochons_cycle(page: Any, i: int, _spots: list[Any]) -> list[str]:
    """A hex of one's own picked (drawn again at once), the same hex clicked as its own destination (the engine's
    refusal shown: a round trip to the worker), then « cancel » (not timed)."""
    canvas = page.get_by_test_id("ce-canvas")
    spots = json.loads(canvas.get_attribute("data-legal") or "[]")
    spot = spots[i % len(spots)]
    n = _measures(page)
    canvas.click(position={"x": spot["x"], "y": spot["y"]})
    _wait_measure(page, n)
    canvas.click(position={"x": spot["x"], "y": spot["y"]})
    _wait_measure(page, n + 1)
    page.get_by_test_id("ce-cancel").click()
    return ["pick", "refusal"]


def _kroll_cycle(page: Any, i: int, heads: list[Any]) -> list[str]:
    """One of seat 0's ships picked on the map (its destinations with their paths and its lines of fire computed
    by the engine and drawn), then released with « Relâcher » (both round trips to the worker)."""
    canvas = page.get_by_test_id("kp-canvas")
    p = page.evaluate("h => document.querySelector('[data-testid=kp-canvas]').kpBoard.screenOf(h)", heads[i % len(heads)])
    n = _measures(page)
    canvas.click(position={"x": p["x"], "y": p["y"]})
    _wait_measure(page, n)
    page.get_by_test_id("deselect").click()
    _wait_measure(page, n + 1)
    return ["select", "release"]


#: Galaxy Trucker: the seed of the four-ship game whose building is clicked, and of the one whose third flight is.
GALAXY_BUILD_SEED, GALAXY_FLIGHT_SEED = 3, 8
#: How many flight clicks the Galaxy Trucker scenario makes after its building cycles (fewer if the flight ends).
GALAXY_FLIGHT_CLICKS = 24
#: Galaxy Trucker's building cycles (two clicks each), whatever `--clicks` asks of the others: the three bots have
#: built their class I ships after about that many, and the clicks should be timed while they build.
GALAXY_BUILD_CYCLES = 24


def _galaxy_click_save() -> tuple[dict[str, Any], list[Any]]:
    """Four ships (Alice and three bots): a new game's building (relaxed, no hourglass), and as the spot list the
    save of a game whose two first flights bots played natively, the third one's building over, at seat 0's first
    decision (clicked after the building)."""
    import random as _random

    from .. import games
    from ..games.galaxy_trucker.bot import build_step, flight_step, play_game

    build = games.new_game("galaxy-trucker", 4, {"detendu": True}, GALAXY_BUILD_SEED).to_save()
    g: Any = games.new_game("galaxy-trucker", 4, {"detendu": True, "classe3": "III"}, GALAXY_FLIGHT_SEED)

    class Stop(Exception):
        pass

    def fly(g: Any, seat: int, rnd: _random.Random) -> Any:
        if g.flight_i == 2 and seat == 0 and len(g.legal_actions(0)) > 1:
            raise Stop
        return flight_step(g, seat, rnd)

    try:
        play_game(g, _random.Random(GALAXY_FLIGHT_SEED), builders=[build_step] * 4, fliers=[fly] * 4)
    except Stop:
        return build, [g.to_save()]
    raise AssertionError("the third flight never asked seat 0 anything")


def _galaxy_place(page: Any) -> bool:
    """Click a green cell of Alice's ship (rotating the component in hand, up to three times, till one shows up);
    False when none fits (nothing clicked)."""
    canvas = page.get_by_test_id("my-ship")
    for turn in range(4):
        legal = json.loads(canvas.get_attribute("data-legal") or "[]")
        if legal:
            # Each green cell's place in CSS pixels (the canvas may be drawn scaled to fit the table).
            canvas.click(position={"x": legal[0]["x"], "y": legal[0]["y"]})
            return True
        if turn < 3:
            page.get_by_test_id("rot-right").click()
    return False


def _galaxy_cycle(page: Any, i: int, _spots: list[Any]) -> list[str]:
    """A component drawn face down, then placed on a green cell (or returned face up when none fits): two engine
    round trips while the three bots build at their pace. Each click waits for the screen to be idle (a click
    while it is busy is answered « wait a moment »); one refused leaves the component in hand: returned first."""
    idle = "[data-testid=game-screen][data-mode=human]:not([data-busy])"
    kinds = []
    n = _measures(page)
    if page.get_by_test_id("hand-kind").count():
        page.wait_for_selector(idle, timeout=BOOT_TIMEOUT_MS)
        page.get_by_test_id("return").click()
        _wait_measure(page, n)
        page.get_by_test_id("hand-kind").wait_for(state="detached", timeout=BOOT_TIMEOUT_MS)
        kinds.append("return")
        n += 1
    page.wait_for_selector(idle, timeout=BOOT_TIMEOUT_MS)
    page.get_by_test_id("take").click()
    _wait_measure(page, n)
    page.get_by_test_id("hand-kind").wait_for(timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(idle, timeout=BOOT_TIMEOUT_MS)
    if _galaxy_place(page):
        _wait_measure(page, n + 1)
        return [*kinds, "take", "place"]
    page.wait_for_selector(idle, timeout=BOOT_TIMEOUT_MS)
    page.get_by_test_id("return").click()
    _wait_measure(page, n + 1)
    return [*kinds, "take", "return"]


def _galaxy_flight(page: Any, clicks: int) -> list[str]:
    """Alice's flight decisions in the third flight, each the first button offered (never throwing goods away nor
    giving up), up to `clicks` or the end of the flight."""
    kinds: list[str] = []
    ready = ("[data-testid=game-screen][data-mode=human]:not([data-busy]) "
             "[data-testid=actions] button:not([data-testid^=act-drop]):not([data-testid^=act-give_up])")
    over = "[data-testid=end-screen]:visible"
    while len(kinds) < clicks:
        page.wait_for_selector(f"{ready}, {over}", timeout=BOOT_TIMEOUT_MS)
        if page.locator(over).count():
            break
        button = page.locator(ready).first
        kind = (button.get_attribute("data-testid") or "act-?").split("-")[1]
        n = _measures(page)
        button.click()
        _wait_measure(page, n)
        kinds.append(kind)
    return kinds


CLICK_SCENARIOS: dict[str, tuple[Callable[[], tuple[dict[str, Any], list[Any]]],
                                 Callable[[Any, int, list[Any]], list[str]], str]] = {
    "cochons-de-l-espace": (_cochons_click_save, _cochons_cycle, "ce-canvas"),
    "kroll-et-prumni": (_kroll_click_save, _kroll_cycle, "kp-canvas"),
    "galaxy-trucker": (_galaxy_click_save, _galaxy_cycle, "my-ship"),
}


#: The trace of the timed clicks begins: engine.trace (each engine call's round trip, Python time and answer size),
#: the page's own measures of its drawing, and the main thread's worst gap between two frames.
START_TRACE = """async () => {
  const { engine } = await import("./web/engine.js");
  performance.clearMeasures();
  if (engine.trace) await engine.trace(true); // a page from before the trace: the click measures alone
  window.__benchGap = 0;
  window.__benchGapStop = false;
  let last = performance.now();
  const loop = (now) => {
    window.__benchGap = Math.max(window.__benchGap, now - last);
    last = now;
    if (!window.__benchGapStop) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
}"""
STOP_TRACE = """async () => {
  const { engine } = await import("./web/engine.js");
  window.__benchGapStop = true;
  const answer = engine.trace ? await engine.trace(false) : { calls: [] };
  const measures = performance.getEntriesByType("measure").filter((e) => e.name !== "engine:trace")
    .map((e) => ({ name: e.name, start: e.startTime, ms: e.duration, detail: e.detail || null }));
  return { calls: answer.calls, measures, gap: window.__benchGap };
}"""


def _open_bench_save(page: Any, save_id: str, save: dict[str, Any], players: int) -> None:
    """Store `save` with Alice at seat 0 and « facile » bots elsewhere, open it, wait for Alice's turn."""
    seats = [{"kind": "human", "name": "Alice"}] + [
        {"kind": "bot", "name": f"Robot {i}", "level": "facile"} for i in range(1, players)]
    stored = {**save, "meta": {"id": save_id, "seats": seats, "created": 1, "updated": 1}}
    page.evaluate("([id, text]) => localStorage.setItem('cosmoludo.save.' + id, text)", [save_id, json.dumps(stored)])
    page.evaluate("id => { location.hash = '#/partie/' + id; }", save_id)
    page.wait_for_selector("[data-testid=game-screen][data-mode=human]:not([data-busy])", timeout=BOOT_TIMEOUT_MS)


def _traced(page: Any, run: Callable[[], list[str]]) -> dict[str, Any]:
    """`run()` (timed clicks; returns what each was) under the trace: the click measures, each broken down."""
    page.evaluate(START_TRACE)
    load_before = os.getloadavg()[0]
    kinds = run()
    trace = page.evaluate(STOP_TRACE)
    breakdown = _breakdown(trace["measures"], trace["calls"])
    calls: dict[str, list[dict[str, Any]]] = {}
    for m in trace["measures"]:
        if m["name"].startswith("engine:") and m.get("py") is not None:
            calls.setdefault(m["name"].split(":", 1)[1], []).append(m)
    return {"load_average": [load_before, os.getloadavg()[0]], "kinds": kinds,
            "click_to_render_ms": [m["ms"] for m in trace["measures"] if m["name"] == "ui:click-to-render"],
            "main_thread_worst_gap_ms": trace["gap"], "breakdown": breakdown,
            "calls": {name: {"count": len(ms), "round_trip_ms": [m["ms"] for m in ms], "python_ms": [m["py"] for m in ms],
                             "chars": [m["chars"] for m in ms]} for name, ms in calls.items()}}


def _breakdown(measures: list[dict[str, Any]], calls: list[list[Any]]) -> list[dict[str, Any]]:
    """Where each click's time went: the engine calls made during it (the first one is the click's own action: its
    round trip, the Python time in the worker, the answer's size; the round trip less the Python time is mostly the
    wait behind a bot's call), storing the save, and drawing (the shell's render, the board's paint)."""
    engine = [m for m in measures if m["name"].startswith("engine:")]
    for m in engine:
        seq = (m["detail"] or {}).get("seq", 0)
        py = calls[seq - 1] if 0 < seq <= len(calls) else None
        m["py"] = py[1] if py is not None and "engine:" + py[0] == m["name"] else None
        m["chars"] = (m["detail"] or {}).get("chars", 0)
    rows = []
    for click in (m for m in measures if m["name"] == "ui:click-to-render"):
        a, b = click["start"], click["start"] + click["ms"]

        def inside(name: str, a: float = a, b: float = b) -> list[dict[str, Any]]:
            return [m for m in measures if m["name"] == name and a <= m["start"] <= b]

        mine = sorted((m for m in engine if a <= m["start"] <= b), key=lambda m: m["start"])
        act = mine[0] if mine else None
        rows.append({
            "ms": click["ms"],
            "call": act["name"].split(":", 1)[1] if act else None,
            "round_trip": act["ms"] if act else 0.0,
            "python": (act["py"] or 0.0) if act else 0.0,
            "chars": act["chars"] if act else 0,
            "other_calls": sum(m["ms"] for m in mine[1:]),
            "persist": sum(m["ms"] for m in inside("ui:persist")),
            "render": sum(m["ms"] for m in inside("ui:render")),
            "paint": sum(m["ms"] for m in inside("ui:paint")),
        })
    return rows


def _clicks(pw: Any, page_url: str, game: str, cycles: int, external: ExternalRequests) -> dict[str, Any]:
    """Timed clicks on `game`'s board as a player plays (CLICK_SCENARIOS): the page's "ui:click-to-render"
    measures (ms), what each click was, and where its time went. Galaxy Trucker's three bots build at the pace of
    the e2e game (250 ms) while Alice clicks, then her third flight's decisions are clicked (part "flight")."""
    make_save, cycle, canvas_id = CLICK_SCENARIOS[game]
    save, spots = make_save()
    if game == "galaxy-trucker":
        cycles = GALAXY_BUILD_CYCLES
    browser = pw.chromium.launch(**launch_options())
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        external.watch(page)
        page.goto(page_url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        # The service worker's first install copies the whole site into its cache: not while clicks are timed.
        page.evaluate("() => navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => true) : true")
        if game == "galaxy-trucker":
            page.evaluate("ms => localStorage.setItem('cosmoludo.settings', JSON.stringify({botDelay: ms}))", 250)
        _open_bench_save(page, "bench-clicks", save, CLICK_GAMES[game])
        if game != "galaxy-trucker":  # its ship's canvas is drawn anew at every move of a bot
            page.get_by_test_id(canvas_id).scroll_into_view_if_needed()

        def clicked() -> list[str]:
            kinds: list[str] = []
            for i in range(cycles):
                kinds += cycle(page, i, spots)
            return kinds

        run = {"players": CLICK_GAMES[game], **_traced(page, clicked)}
        if game == "galaxy-trucker":
            _open_bench_save(page, "bench-flight", spots[0], CLICK_GAMES[game])
            flight = _traced(page, lambda: _galaxy_flight(page, GALAXY_FLIGHT_CLICKS))
            run["parts"] = {"build": {k: run[k] for k in ("load_average", "kinds", "click_to_render_ms",
                                                         "main_thread_worst_gap_ms", "breakdown", "calls")},
                            "flight": flight}
            for k in ("kinds", "click_to_render_ms", "breakdown"):
                run[k] = run[k] + flight[k]
            run["load_average"] = [run["load_average"][0], flight["load_average"][1]]
        return run
    finally:
        browser.close()


def measure_clicks(cycles: int = 60, games: list[str] | None = None) -> dict[str, Any]:
    """Click → re-render on each game of CLICK_GAMES (or `games`) in turn (`--clicks`)."""
    from playwright.sync_api import sync_playwright

    external = ExternalRequests()
    with served_site() as (page_url, _bare), sync_playwright() as pw:
        runs = {game: _clicks(pw, page_url, game, cycles, external) for game in (games or list(CLICK_GAMES))}
    return {"cpus": os.cpu_count(), "games": runs, "external_requests": external.urls}


def _p95(values: list[float]) -> float:
    d = sorted(values)
    return d[min(len(d) - 1, int(0.95 * len(d)))]


#: The columns of the breakdown: (key, heading).
BREAKDOWN = (("ms", "total"), ("round_trip", "action's round trip"), ("python", "its Python"),
             ("other_calls", "other calls"), ("persist", "store"), ("render", "render"), ("paint", "board paint"))


def _breakdown_lines(rows: list[dict[str, Any]], indent: str = "  ") -> list[str]:
    """Median and p95 of each part of the clicks' time, the answer's size, and the three slowest clicks."""
    if not rows:
        return []
    parts = ", ".join(f"{head} {statistics.median(r[k] for r in rows):.1f} / {_p95([r[k] for r in rows]):.1f}"
                      for k, head in BREAKDOWN)
    chars = [r["chars"] for r in rows]
    lines = [(f"{indent}median / p95 ms: {parts}; answer {statistics.median(chars) / 1000:.1f} / "
              f"{_p95(chars) / 1000:.1f} k characters")]
    for r in sorted(rows, key=lambda r: -r["ms"])[:3]:
        lines.append(f"{indent}slow click ({r['call']}): " + ", ".join(f"{head} {r[k]:.1f}" for k, head in BREAKDOWN)
                     + f", answer {r['chars'] / 1000:.1f} k")
    return lines


def _calls_lines(calls: dict[str, dict[str, Any]], indent: str = "  ") -> list[str]:
    """Every engine call made meanwhile (the bots' too), by name: its round trip, its Python time, the rest (the wait
    behind other calls and the answer's way back to the main thread), its answer's size."""
    parts = []
    for name, c in sorted(calls.items(), key=lambda kv: -kv[1]["count"]):
        rest = [rt - py for rt, py in zip(c["round_trip_ms"], c["python_ms"])]
        parts.append(f"{name} ×{c['count']} {statistics.median(c['round_trip_ms']):.1f} / {_p95(c['round_trip_ms']):.1f} "
                     f"(Python {statistics.median(c['python_ms']):.1f} / {_p95(c['python_ms']):.1f}, rest "
                     f"{statistics.median(rest):.1f} / {_p95(rest):.1f}, {statistics.median(c['chars']) / 1000:.1f} k)")
    return [f"{indent}engine calls, median / p95 ms: " + "; ".join(parts)] if parts else []


def clicks_table(m: dict[str, Any]) -> str:
    lines = [f"Click → re-render (headless Chromium, {m['cpus']} CPUs; target p95 ≤ 50 ms)"]
    for game, run in m["games"].items():
        d = run["click_to_render_ms"]
        by_kind: dict[str, list[float]] = {}
        for kind, ms in zip(run["kinds"], d):
            by_kind.setdefault(kind, []).append(ms)
        parts = ", ".join(f"{kind} {statistics.median(v):.1f} / {_p95(v):.1f}" for kind, v in by_kind.items())
        lines.append(f"{game} with {run['players']} players, load average {run['load_average'][0]:.1f} before, "
                     f"{run['load_average'][1]:.1f} after: {len(d)} clicks, median {statistics.median(d):.1f} ms, "
                     f"p95 {_p95(d):.1f} ms, max {max(d):.1f} ms (median / p95 by click: {parts})"
                     + (f"; main thread's worst gap {run['main_thread_worst_gap_ms']:.0f} ms"
                        if "main_thread_worst_gap_ms" in run else ""))
        for name, part in run.get("parts", {}).items():
            p = part["click_to_render_ms"]
            if p:
                lines.append(f"  {name}: {len(p)} clicks, median {statistics.median(p):.1f} ms, p95 {_p95(p):.1f} ms, "
                             f"main thread's worst gap {part['main_thread_worst_gap_ms']:.0f} ms")
                lines += _breakdown_lines(part["breakdown"], "    ")
                lines += _calls_lines(part.get("calls", {}), "    ")
        if "parts" not in run:
            lines += _breakdown_lines(run.get("breakdown", []))
            lines += _calls_lines(run.get("calls", {}))
    lines.append(f"requests outside localhost: {len(m['external_requests'])}")
    return "\n".join(lines)
