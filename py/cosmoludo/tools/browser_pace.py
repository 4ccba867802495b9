"""Bot pace in the real page (`python -m cosmoludo.tools.browser_bench --pace [--game …]`): one human against the
new-game dialog's default bots in each game, at « Normale » (700 ms) and « Instantanée » (0 ms). The human's choices
are made at random among those the screen offers (the buttons that send an action, the legal places of the
canvases, the cards that may be picked); each of its actions is timed until its next decision (the screen waiting
for it again: `data-mode=human`, not busy), in the page itself. Also: the waits that held a whole bot turn of Kroll &
Prumni, Rencontre Cosmique's first decision after « Commencer », and the main thread's longest gap (a 10 ms ticker)
while bots play. Galaxy Trucker is not timed here: its building runs against the hourglass, and its flight's
« Continuer » is answered at the bot pace itself (e2e/test_galaxy_flow.py).

Targets (issue 31): from a human's action to that human's next decision, median ≤ 2 s and p95 ≤ 6 s at « Normale »,
median ≤ 0.5 s at « Instantanée »; a Kroll bot turn ≤ 5 s at « Normale »; Rencontre's first decision ≤ 3 s; the main
thread's longest gap ≤ 200 ms.
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time
from typing import Any

from .browser_page import BOOT_TIMEOUT_MS, ExternalRequests, launch_options, served_site

#: Game → seats (the human in seat 0, the dialog's default bots after).
PACE_GAMES = {"porco-crasso": 3, "cochons-de-l-espace": 3, "rencontre-cosmique": 3, "kroll-et-prumni": 2}
SPEEDS = {"normale": 700, "instantanee": 0}

#: In the page: follows the game screen's state (mode, busy, actions) and notes when the human's decision comes back
#: after an action (`window.pace`), whether a bot moved meanwhile, and the main thread's longest gap while bots play.
WATCH = """() => {
  const p = window.pace = { start: null, count: 0, end: null, bot: false, gap: 0, last: performance.now() };
  const screen = () => document.querySelector('[data-testid=game-screen]');
  const idle = (s) => s && !s.dataset.busy && (s.dataset.mode === 'human' || s.dataset.mode === 'over'
    || s.dataset.mode === 'handover');
  const look = () => {
    const s = screen();
    if (!s || p.start === null || p.end !== null) return;
    if (s.dataset.mode === 'bot') p.bot = true;
    if (idle(s) && Number(s.dataset.actions) > p.count) p.end = performance.now();
  };
  new MutationObserver(look).observe(document.body, { attributes: true, subtree: true,
    attributeFilter: ['data-mode', 'data-busy', 'data-actions'] });
  setInterval(() => {
    const now = performance.now();
    const s = screen();
    if (s && s.dataset.mode === 'bot') p.gap = Math.max(p.gap, now - p.last);
    p.last = now;
  }, 10);
}"""

#: The choices on screen (as the layout audit finds them): buttons that send an action, legal places, cards.
CHOICES = """() => {
  const out = [];
  const seen = new Set();
  const add = (e, kind) => { if (seen.has(e)) return; seen.add(e); const r = e.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) out.push({kind, x: r.left + r.width / 2, y: r.top + r.height / 2,
      id: e.dataset.testid || '', action: e.dataset.action || ''}); };
  for (const root of ['actions', 'board', 'mine', 'prompt']) {
    const el = document.querySelector(`[data-testid=${root}]`);
    if (el) el.querySelectorAll('button[data-action]:not(:disabled)').forEach((b) => add(b, 'action'));
  }
  const board = document.querySelector('[data-testid=board]');
  if (board) {
    board.querySelectorAll('button[data-legal=true]:not(:disabled)').forEach((b) => add(b, 'action'));
    for (const c of board.querySelectorAll('canvas')) {
      let pts = [];
      try { pts = JSON.parse(c.dataset.legal || '[]'); } catch (_) { pts = []; }
      const r = c.getBoundingClientRect();
      for (const p of pts) out.push({kind: 'spot', x: r.left + p.x, y: r.top + p.y, id: c.dataset.testid || '', action: ''});
    }
  }
  document.querySelectorAll('[data-testid=mine] button.card:not(:disabled), [data-testid=board] button.card:not(:disabled)')
    .forEach((b) => add(b, 'pick'));
  return out;
}"""

IDLE = ("[data-testid=game-screen][data-mode=human]:not([data-busy]), [data-testid=game-screen][data-mode=over], "
        "[data-testid=game-screen][data-mode=handover]")


def _start(page: Any, game: str, seats: int, delay: int) -> float:
    """A new game from the dialog (Alice, then its default bots) at bot delay `delay`; ms to the first decision."""
    page.evaluate("ms => localStorage.setItem('cosmoludo.settings', JSON.stringify({botDelay: ms}))", delay)
    page.evaluate("() => { location.hash = '#'; }")
    page.get_by_test_id(f"new-{game}").click()
    page.get_by_test_id("players").select_option(str(seats))
    page.get_by_test_id("seat-0-name").fill("Alice")
    t0 = page.evaluate("() => performance.now()")
    page.get_by_test_id("start-game").click()
    page.wait_for_selector(IDLE, timeout=120_000)
    return float(page.evaluate("() => performance.now()")) - float(t0)


def _decide(page: Any, rnd: random.Random) -> tuple[float, bool] | None:
    """One decision of the human: random choices until one sends an action; (ms to the next decision, whether bots
    moved meanwhile), or None when nothing could be done (a real-time phase with nothing to click)."""
    for _ in range(6):
        choices = page.evaluate(CHOICES)
        acting = [c for c in choices if c["kind"] != "pick"] or choices
        if not acting:
            return None
        choice = rnd.choice(acting)
        page.evaluate("""() => { const s = document.querySelector('[data-testid=game-screen]');
          Object.assign(window.pace, { start: performance.now(), count: Number(s.dataset.actions), end: null, bot: false }); }""")
        page.mouse.click(choice["x"], choice["y"])
        # Sent, the action makes the screen busy (or is answered) at once; a pick, a start hex chosen before its
        # destination or a refused place sends nothing: choose again.
        try:
            page.wait_for_function("""() => { const s = document.querySelector('[data-testid=game-screen]');
              return window.pace.end !== null || Boolean(s && s.dataset.busy)
                || Number(s && s.dataset.actions) > window.pace.count; }""", timeout=2000, polling=20)
        except Exception:  # noqa: BLE001, S112 - nothing was sent
            continue
        try:
            page.wait_for_function("() => window.pace.end !== null", timeout=120_000, polling=50)
        except Exception:  # noqa: BLE001, S112 - busy, then refused: choose again
            continue
        f = page.evaluate("() => window.pace")
        return float(f["end"]) - float(f["start"]), bool(f["bot"])
    return None


def play(page: Any, game: str, seats: int, delay: int, decisions: int, seed: int) -> dict[str, Any]:
    """`decisions` timed decisions of Alice in a new game at bot delay `delay` (ms)."""
    rnd = random.Random(f"{game}-{delay}-{seed}")
    first = _start(page, game, seats, delay)
    page.evaluate("() => { window.pace.gap = 0; }")
    waits: list[float] = []
    bot_turns: list[float] = []
    tries = 0
    deadline = time.monotonic() + 240  # a game the random player cannot move on (a sub-choice it keeps undoing) stops
    while len(waits) < decisions and tries < decisions * 8 and time.monotonic() < deadline:
        tries += 1
        mode = page.get_by_test_id("game-screen").get_attribute("data-mode")
        if mode == "over":
            break
        if mode == "handover":
            page.get_by_test_id("handover-ok").click()
            continue
        got = _decide(page, rnd)
        if got is None:
            page.wait_for_timeout(200)
            continue
        waits.append(got[0])
        if got[1]:
            bot_turns.append(got[0])
    return {"first_ms": first, "waits_ms": waits, "bot_waits_ms": bot_turns,
            "gap_ms": float(page.evaluate("() => window.pace.gap"))}


def measure(games: list[str] | None = None, decisions: int = 20) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    external = ExternalRequests()
    before = os.getloadavg()[0]
    out: dict[str, Any] = {}
    with served_site() as (page_url, _), sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        try:
            for game in games or list(PACE_GAMES):
                if game not in PACE_GAMES:
                    print(f"{game}: not timed here (its building runs against the hourglass)", file=sys.stderr)
                    continue
                for speed, delay in SPEEDS.items():
                    context = browser.new_context(viewport={"width": 1366, "height": 800})
                    page = context.new_page()
                    external.watch(page)
                    page.goto(page_url)
                    page.wait_for_selector("html[data-engine=ready]", timeout=BOOT_TIMEOUT_MS)
                    page.evaluate(WATCH)
                    f = out.setdefault(game, {})[speed] = play(page, game, PACE_GAMES[game], delay, decisions, 1)
                    print(f"{game} {speed}: {len(f['waits_ms'])} decisions", file=sys.stderr)
                    context.close()
        finally:
            browser.close()
    return {"pace": out, "external_requests": external.urls, "load_average": [before, os.getloadavg()[0]]}


def _q(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def _s(ms: float) -> str:
    return f"{ms / 1000:.2f} s"


def table(m: dict[str, Any]) -> str:
    from .workloads import text_table

    rows = []
    for game, speeds in m["pace"].items():
        for speed, f in speeds.items():
            w = f["waits_ms"]
            b = f["bot_waits_ms"]
            target = "median ≤ 2 s, p95 ≤ 6 s" if speed == "normale" else "median ≤ 0.5 s"
            rows.append([game, speed, len(w), _s(statistics.median(w)) if w else "—", _s(_q(w, 0.95)) if w else "—",
                         _s(max(w)) if w else "—", f"{len(b)}, max {_s(max(b))}" if b else "0",
                         _s(f["first_ms"]), f"{f['gap_ms']:.0f} ms", target])
    load = m["load_average"]
    return text_table(f"Bot pace: Alice's action → her next decision, in the page (load average {load[0]:.1f} before, "
                      f"{load[1]:.1f} after)",
                      ["game", "speed", "decisions", "median", "p95", "max", "waits with bots (max)",
                       "start → first decision", "main thread's longest gap", "target"], rows)
