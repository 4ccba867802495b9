"""The game screen's layout audit (issue 30): every game played against bots at three sizes, and at every human
decision the page checked as a game table — the document does not scroll, the prompt and its buttons lie wholly in
the viewport, at least 90 % of the board does, every legal place a canvas lists (`data-legal`) is in it, the player's
own material (`mine`) or its drawer's handle (`mine-toggle`) is in it, and the board does not move between the
decision's first frame and the click. The counts (decisions checked, failures by check) are printed; screenshots of
each game's main moments go to e2e-artifacts/layout/ (git-ignored).

Decisions are capped per game (DECISIONS) and the bots play at once, so that the audit stays short."""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import ui_helpers as ui
from playwright.sync_api import BrowserContext, Page

from cosmoludo.tools.browser_pace import CHOICES

#: (name, viewport, touch): a desktop, a phone held upright (touch, isMobile), a small laptop / landscape tablet.
SIZES = [("desktop", {"width": 1366, "height": 800}, False), ("phone", {"width": 390, "height": 844}, True),
         ("laptop", {"width": 1024, "height": 700}, False)]
#: Each game with its number of seats (the human first, then easy bots).
GAMES = [("porco-crasso", 3), ("kroll-et-prumni", 2), ("cochons-de-l-espace", 3), ("rencontre-cosmique", 3),
         ("galaxy-trucker", 2)]
DECISIONS = 10  # human decisions audited per game and size
CHECKS = ("scroll", "prompt", "actions", "board", "legal", "mine", "moved", "drawer")
ARTEFACTS = Path(__file__).resolve().parents[1] / "e2e-artifacts" / "layout"

#: The page's layout at one moment: the document's scroll, the regions' boxes, the canvases' legal places.
MEASURE = """() => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height, shown: r.width > 0 && r.height > 0
      && getComputedStyle(e).visibility !== 'hidden'}; };
  const q = (t) => document.querySelector(`[data-testid=${t}]`);
  const d = document.scrollingElement;
  const board = q('board');
  const canvases = board ? [...board.querySelectorAll('canvas')] : [];
  const legal = [];
  for (const c of canvases) {
    if (!c.dataset.legal) continue;
    let pts = [];
    try { pts = JSON.parse(c.dataset.legal); } catch (_) { continue; }
    const r = c.getBoundingClientRect();
    pts.forEach((p, i) => legal.push({key: `${c.dataset.testid}:${p.hex || p.cell || (p.planet && p.planet.join()) || i}`,
      x: r.left + p.x, y: r.top + p.y}));
  }
  return {vw: innerWidth, vh: innerHeight, scrollH: d.scrollHeight, scrollW: d.scrollWidth, sy: scrollY, sx: scrollX,
    prompt: box(q('prompt')), actions: box(q('actions')), board: box(board), mine: box(q('mine')),
    toggle: box(q('mine-toggle')), canvases: canvases.map(box), legal};
}"""


def inside(b: dict[str, Any] | None, vw: float, vh: float, slack: float = 1.0) -> bool:
    if not b:
        return False
    return b["x"] >= -slack and b["y"] >= -slack and b["x"] + b["w"] <= vw + slack \
        and b["y"] + b["h"] <= vh + slack


def share_inside(b: dict[str, Any], vw: float, vh: float) -> float:
    if b["w"] <= 0 or b["h"] <= 0:
        return 0.0
    w = max(0.0, min(b["x"] + b["w"], vw) - max(b["x"], 0.0))
    h = max(0.0, min(b["y"] + b["h"], vh) - max(b["y"], 0.0))
    return (w * h) / (b["w"] * b["h"])


def layout_failures(m: dict[str, Any]) -> list[tuple[str, str]]:
    """What the first frame of a decision gets wrong, as (check, detail)."""
    vw, vh = m["vw"], m["vh"]
    out = []
    if m["scrollH"] > vh + 1 or m["scrollW"] > vw + 1 or m["sy"] or m["sx"]:
        out.append(("scroll", f"document {m['scrollW']}×{m['scrollH']} scrolled {m['sx']},{m['sy']}"))
    if not inside(m["prompt"], vw, vh):
        out.append(("prompt", f"prompt {m['prompt']}"))
    if m["actions"] is not None and not inside(m["actions"], vw, vh):
        out.append(("actions", f"actions {m['actions']}"))
    if not m["board"] or share_inside(m["board"], vw, vh) < 0.9:
        out.append(("board", f"board {m['board']}"))
    off = [p for p in m["legal"] if not (0 <= p["x"] <= vw and 0 <= p["y"] <= vh)]
    if off:
        out.append(("legal", f"{len(off)} of {len(m['legal'])} legal places off screen, e.g. {off[0]}"))
    mine, toggle = m["mine"], m["toggle"]
    if not ((mine and mine["shown"] and inside(mine, vw, vh)) or (toggle and toggle["shown"] and inside(toggle, vw, vh))):
        out.append(("mine", f"mine {mine} toggle {toggle}"))
    return out


def frame_of(m: dict[str, Any]) -> list[tuple[float, ...]]:
    """Where the board and its canvases are (their corners): what must not move while the player aims."""
    return [tuple(round(b[k]) for k in ("x", "y")) for b in [m["board"], *m["canvases"]] if b]


def moved(first: dict[str, Any], now: dict[str, Any]) -> str | None:
    """How the board moved between two frames of one decision: its corner or a canvas's, or a legal place listed in
    both (a canvas drawn again at another size or zoom moves its places even where its corner stays)."""
    if frame_of(first) != frame_of(now):
        return f"corners {frame_of(first)} → {frame_of(now)}"
    then = {p["key"]: p for p in first["legal"]}
    for p in now["legal"]:
        q = then.get(p["key"])
        if q and (abs(q["x"] - p["x"]) > 1.5 or abs(q["y"] - p["y"]) > 1.5):
            return f"legal place {p['key']} ({q['x']:.0f}, {q['y']:.0f}) → ({p['x']:.0f}, {p['y']:.0f})"
    return None


#: What changes when a click did something: the action count, the prompt, the mode, the legal places.
SIGNATURE = """() => { const s = document.querySelector('[data-testid=game-screen]');
  const p = document.querySelector('[data-testid=prompt]');
  const legal = [...document.querySelectorAll('[data-testid=board] canvas')].map((c) => c.dataset.legal || '').join('|');
  const picked = document.querySelectorAll('.selected, [aria-pressed=true]').length;
  return [s && s.dataset.actions, s && s.dataset.mode, p && p.innerText, legal, picked].join('#'); }"""



class Audit:
    def __init__(self, page: Page, size: str, touch: bool) -> None:
        self.page = page
        self.size = size
        self.touch = touch
        self.decisions: Counter[str] = Counter()
        self.failures: dict[str, Counter[str]] = {}
        self.examples: list[str] = []
        self.shots: set[str] = set()

    def fail(self, game: str, check: str, detail: str) -> None:
        self.failures.setdefault(game, Counter())[check] += 1
        if len(self.examples) < 40:
            self.examples.append(f"{self.size} {game} decision {self.decisions[game]}: {check}: {detail}")

    def shoot(self, game: str, moment: str) -> None:
        name = f"{game}-{self.size}-{moment}"
        if name in self.shots:
            return
        self.shots.add(name)
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTEFACTS / f"{name}.png"))

    def press(self, choice: dict[str, Any]) -> None:
        x, y = choice["x"], choice["y"]
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def changed(self, before: str, timeout_ms: int = 4000) -> bool:
        try:
            self.page.wait_for_function(f"b => ({SIGNATURE})() !== b", arg=before, timeout=timeout_ms)
            return True
        except Exception:  # noqa: BLE001 - nothing changed: a pick that does nothing, a refused place
            return False

    def play(self, game: str, seats: int, rnd: random.Random) -> None:
        page = self.page
        ui.set_bot_delay(page, 0)
        page.evaluate("() => { location.hash = '#'; }")
        page.get_by_test_id(f"new-{game}").wait_for()
        ui.new_game(page, [("human", "Alice"), *[("bot", "facile")] * (seats - 1)], game=game)
        while self.decisions[game] < DECISIONS:
            mode = ui.wait_idle(page)
            if mode == "over":
                break
            if mode == "handover":
                page.get_by_test_id("handover-ok").click()
                continue
            self.decision(game, rnd)

    def play_save(self, game: str, save: dict[str, Any], seats: list[dict[str, str]], moment: str, rnd: random.Random,
                  decisions: int) -> None:
        """Open `save` and audit the human's next `decisions` decisions, the first one shot as `moment`."""
        page = self.page
        ui.set_bot_delay(page, 0)
        ui.inject_save(page, save, seats, f"audit-{moment}")
        stop = self.decisions[game] + decisions
        while self.decisions[game] < stop:
            mode = ui.wait_idle(page)
            if mode == "over" or page.get_by_test_id("flight-results").count():
                break
            if mode != "human":
                continue  # the page went on by itself between the wait and the read
            self.shoot(game, moment)
            self.decision(game, rnd)

    def decision(self, game: str, rnd: random.Random) -> None:
        page = self.page
        self.decisions[game] += 1
        first = page.evaluate(MEASURE)
        for check, detail in layout_failures(first):
            self.fail(game, check, detail)
        if game == "galaxy-trucker" and page.get_by_test_id("take").count():
            self.shoot(game, "building")
        if first["legal"]:
            self.shoot(game, "targets")
        shifted = False
        for _sub in range(5):
            if not page.evaluate("() => !!document.querySelector('[data-testid=game-screen][data-mode=human]:not([data-busy])')"):
                return  # the decision is over (a bot moves now)
            choices = page.evaluate(CHOICES)
            if any(c["kind"] == "pick" for c in choices):
                self.shoot(game, "hand")
            acting = [c for c in choices if c["kind"] != "pick"]
            pool = acting or choices
            if not pool and self.page.get_by_test_id("mine-toggle").is_visible() \
                    and self.page.get_by_test_id("mine-toggle").get_attribute("aria-expanded") != "true":
                self.page.get_by_test_id("mine-toggle").click()  # the hand is in the closed drawer: open it
                self.fail(game, "drawer", "a decision about the hand left its drawer closed: "
                          + self.page.get_by_test_id("prompt").inner_text()[:80])
                continue
            if not pool:
                # Nothing to click yet (a real-time phase between two draws): wait for the page to move on.
                self.changed(page.evaluate(SIGNATURE), 3000)
                return
            choice = rnd.choice(pool)
            now = page.evaluate(MEASURE)
            how = moved(first, now)
            if not shifted and how:
                shifted = True
                self.fail(game, "moved", f"{how} before a click on {choice['id']}")
            before = page.evaluate(SIGNATURE)
            count = ui.action_count(page)
            self.press(choice)
            if choice["kind"] == "spot" and self.touch and not self.changed(before, 1500):
                self.press(choice)  # a touch screen's second tap on a previewed place confirms it
            self.changed(before)
            if ui.action_count(page) != count or page.get_by_test_id("game-screen").get_attribute("data-mode") != "human":
                return
            if page.locator("[data-testid=refusal]").count():
                return  # a refused choice: the next decision starts over

    def report(self) -> str:
        lines = [f"layout audit at {self.size}:"]
        for game in [g for g, _ in GAMES if self.decisions[g]]:
            fails = self.failures.get(game, Counter())
            detail = ", ".join(f"{c} {fails[c]}" for c in CHECKS if fails[c]) or "none"
            lines.append(f"  {game}: {self.decisions[game]} decisions checked, failures: {detail}")
        lines.extend("  " + e for e in self.examples[:15])
        return "\n".join(lines)


@pytest.mark.parametrize(("size", "viewport", "touch"), SIZES, ids=[s[0] for s in SIZES])
def test_every_decision_fits_the_screen(new_guarded_context: Any, site_server: Any, open_ready: Any, size: str,
                                        viewport: dict[str, int], touch: bool) -> None:
    context: BrowserContext = new_guarded_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    open_ready(page, site_server.url)
    audit = Audit(page, size, touch)
    for game, seats in GAMES:
        audit.play(game, seats, random.Random(f"{game}-{size}"))
    print("\n" + audit.report())
    (ARTEFACTS / f"report-{size}.json").write_text(json.dumps(
        {"decisions": dict(audit.decisions), "failures": {g: dict(c) for g, c in audit.failures.items()}}, indent=1))
    assert sum(audit.decisions.values()) >= len(GAMES) * 3, audit.report()
    total = sum(sum(c.values()) for c in audit.failures.values())
    assert total == 0, audit.report()


def test_a_notice_above_the_table_keeps_the_whole_rencontre_board_on_screen(
        new_guarded_context: Any, site_server: Any, open_ready: Any) -> None:
    """A notice over the game (a storage warning, another tab's news) shortens the board area: the Rencontre canvas
    is fitted again to what is left, so its lowest planets never fall under the bottom of a 1024×700 screen (CI
    once saw them 18 px below it)."""
    context: BrowserContext = new_guarded_context(viewport={"width": 1024, "height": 700})
    page = context.new_page()
    open_ready(page, site_server.url)
    ui.set_bot_delay(page, 0)
    ui.new_game(page, [("human", "Alice"), ("bot", "facile"), ("bot", "facile")], game="rencontre-cosmique")
    ui.wait_idle(page)
    fits = """() => { const c = document.querySelector('[data-testid=rc-canvas]').getBoundingClientRect();
      const b = document.querySelector('[data-testid=board]').getBoundingClientRect();
      return {canvas: c.bottom, board: b.bottom, vh: innerHeight, h: c.height}; }"""
    before = page.evaluate(fits)
    assert before["canvas"] <= min(before["board"], before["vh"]) + 1, before
    page.evaluate("""() => { const w = document.querySelector('[data-testid=storage-warning]');
      w.textContent = '⚠ ' + 'Stockage plein. '.repeat(40); w.hidden = false; }""")
    page.wait_for_function(f"() => ({fits})().h < {before['h']} - 20")
    after = page.evaluate(fits)
    assert after["canvas"] <= min(after["board"], after["vh"]) + 1, after


@pytest.mark.parametrize(("size", "viewport", "touch"), SIZES, ids=[s[0] for s in SIZES])
def test_galaxy_trucker_flight_questions_fit_the_screen(new_guarded_context: Any, site_server: Any, open_ready: Any,
                                                        size: str, viewport: dict[str, int], touch: bool) -> None:
    """The audit of a flight: from the first question of flight I, the human's decisions (the card, the ship and
    the question on one screen), the first one shot as « flight »."""
    context: BrowserContext = new_guarded_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    open_ready(page, site_server.url)
    save = ui.galaxy_flight_save(0, lambda g: g.asks[0].kind != "ready", "a flight question")
    audit = Audit(page, size, touch)
    audit.play_save("galaxy-trucker", save, [{"kind": "human", "name": "Alice"},
                                             {"kind": "bot", "name": "Robot", "level": "facile"}],
                    "flight", random.Random(f"flight-{size}"), DECISIONS)
    print("\n" + audit.report())
    assert audit.decisions["galaxy-trucker"] >= 3, audit.report()
    total = sum(sum(c.values()) for c in audit.failures.values())
    assert total == 0, audit.report()
