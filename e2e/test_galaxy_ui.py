"""Galaxy Trucker through the interface: building a ship by clicking while bots build at their pace, flying to the
end and seeing the scores; the hourglass running out; a reload mid-build resumes."""
from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Page, expect
from ui_helpers import galaxy_flight_save, inject_save, new_game, report_click_to_render, set_bot_delay

from cosmoludo import games
from cosmoludo.games.galaxy_trucker import GalaxyTrucker

GAME = "galaxy-trucker"
AVAILABLE = any(g["id"] == GAME and g["available"] for g in games.catalog())
pytestmark = pytest.mark.skipif(not AVAILABLE, reason="Galaxy Trucker is not registered in the catalog yet")

STEP_TIMEOUT_MS = 30_000


def screen_attr(page: Page, name: str) -> str:
    return page.get_by_test_id("game-screen").get_attribute(f"data-{name}") or ""


def click_legal_cell(page: Page) -> bool:
    """Click a green cell of the ship under construction; False when none is legal in this orientation."""
    canvas = page.get_by_test_id("my-ship")
    legal = json.loads(canvas.get_attribute("data-legal") or "[]")
    if not legal:
        return False
    before = int(screen_attr(page, "actions") or 0)
    # data-legal gives each green cell's place in CSS pixels (the canvas may be drawn scaled to fit the table).
    canvas.click(position={"x": legal[0]["x"], "y": legal[0]["y"]})
    page.wait_for_function("n => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > n",
                           arg=before, timeout=STEP_TIMEOUT_MS)
    return True


def build_by_clicking(page: Page, tiles: int) -> int:
    """Draw and place up to `tiles` components by clicking (rotating when no cell fits); return how many."""
    placed = 0
    empty_hand(page)
    for _ in range(tiles * 4):
        if placed >= tiles or page.get_by_test_id("take").count() == 0:
            break
        take = page.get_by_test_id("take")
        if not take.is_enabled():
            break
        take.click()
        expect(page.get_by_test_id("hand-kind")).to_be_visible(timeout=STEP_TIMEOUT_MS)
        expect(page.get_by_test_id("my-ship")).to_have_attribute("data-legal", re.compile(r"^\["))
        done = False
        for _turn in range(4):
            if click_legal_cell(page):
                done = True
                break
            page.get_by_test_id("rot-right").click()
        if done:
            placed += 1
        else:
            page.get_by_test_id("return").click()
            expect(page.get_by_test_id("hand-kind")).to_have_count(0, timeout=STEP_TIMEOUT_MS)
    return placed


def empty_hand(page: Page) -> None:
    """Return the component in hand, if any (finishing needs an empty hand)."""
    if page.get_by_test_id("hand-kind").count():
        if screen_attr(page, "mode") != "human":
            page.screenshot(path="/tmp/gt_fail.png", full_page=True)
            raise AssertionError(f"mode {screen_attr(page, 'mode')} with a component in hand")
        ret = page.get_by_test_id("return")
        if not ret.is_enabled() and not page.get_by_test_id("set-aside").is_enabled():
            page.screenshot(path="/tmp/gt_fail.png", full_page=True)
            raise AssertionError("hand stuck: " + page.get_by_test_id("board").inner_text()[:1500])
        if ret.is_enabled():
            ret.click()
        else:
            page.get_by_test_id("set-aside").click()
        expect(page.get_by_test_id("hand-kind")).to_have_count(0, timeout=STEP_TIMEOUT_MS)


def finish_building(page: Page) -> None:
    empty_hand(page)
    button = page.locator("[data-testid^=finish-]").first
    expect(button).to_be_enabled(timeout=STEP_TIMEOUT_MS)
    button.click()
    # Applied before going on: the screen of the building shown until then still offers « take » for a moment
    # (CI once clicked it there, and waited for a button the finished player can no longer use).
    expect(page.locator("[data-testid^=finish-]")).to_have_count(0, timeout=STEP_TIMEOUT_MS)


def play_choices(page: Page, until: float, done: str) -> None:
    """Answer every flight question with its first (main) button, building a little at each new flight, until
    the selector `done` shows up."""
    while time.time() < until:
        if page.locator(done).count():
            return
        mode = screen_attr(page, "mode")
        assert mode != "error", page.get_by_test_id("game-error").inner_text()
        take = page.get_by_test_id("take")
        # A new building phase: « take » and a « finish » button both offered (the screen of the last building may
        # still show « take » for a moment after the flight has begun: no building then).
        if mode == "human" and take.count() and take.is_enabled() and page.locator("[data-testid^=finish-]").count():
            build_by_clicking(page, 2)
            finish_building(page)
            page.wait_for_timeout(200)
            continue
        # the main button, but never throwing goods away (it could go on for ever) nor giving up
        first = page.locator("[data-testid=actions] button:not([data-testid^=act-drop]):not([data-testid^=act-give_up])").first
        if mode == "human" and first.count():
            before = int(screen_attr(page, "actions") or 0)
            first.click()
            page.wait_for_function(
                "n => { const s = document.querySelector('[data-testid=game-screen]');"
                " return Number(s.dataset.actions) !== n || s.dataset.mode !== 'human'"
                " || !!document.querySelector('[data-testid=refusal]'); }", arg=before, timeout=STEP_TIMEOUT_MS)
            assert page.locator("[data-testid=refusal]").count() == 0, page.get_by_test_id("refusal").inner_text()
        else:
            page.wait_for_timeout(150)
    raise AssertionError(f"{done} did not show up in time")


def test_build_by_clicking_against_bots_and_fly_the_first_flight(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 250)
    # four ships on screen, as the issue measures the click → re-render time
    new_game(page, [("human", "Alice"), ("bot", "facile"), ("bot", "facile"), ("bot", "facile")], {"detendu": True},
             game=GAME)
    expect(page.get_by_test_id("my-ship")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert screen_attr(page, "mode") == "human"
    # the main thread's worst gap between two frames while three bots build and Alice clicks
    page.evaluate("""() => { window.__gap = 0; let last = performance.now();
      const loop = (now) => { window.__gap = Math.max(window.__gap, now - last); last = now;
        if (!window.__stopGap) requestAnimationFrame(loop); };
      requestAnimationFrame(loop); }""")
    placed = build_by_clicking(page, 4)
    assert placed >= 1
    gap = page.evaluate("() => { window.__stopGap = true; return window.__gap; }")
    print(f"\nGalaxy Trucker building: main-thread worst frame gap {gap:.0f} ms")
    expect(page.get_by_test_id("ship-box-3")).to_be_visible()
    finish_building(page)
    # the flight, card by card, to its scores
    play_choices(page, time.time() + 300, "[data-testid=flight-scores]")
    expect(page.get_by_test_id("flight-scores")).to_contain_text("Alice")
    assert report_click_to_render(page, "Galaxy Trucker") > 5


def test_the_third_flight_to_the_end_of_the_game(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 250)
    import random as _random

    from cosmoludo.games.galaxy_trucker.bot import play_game

    # two flights played natively by bots, the third one's building just begun: saved and opened in the page
    g = GalaxyTrucker(2, {"detendu": True, "classe3": "IIIA"}, 8)

    class Stop(Exception):
        pass

    def builder(g: GalaxyTrucker, seat: int, t: int, rnd: _random.Random):
        from cosmoludo.games.galaxy_trucker.bot import build_step
        if g.flight_i == 2:
            raise Stop
        return build_step(g, seat, t, rnd)

    try:
        play_game(g, _random.Random(8), builders=[builder, builder])
    except Stop:
        pass
    assert g.flight_i == 2 and g.asks[0].kind == "build"
    seats = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot", "level": "facile"}]
    inject_save(page, g.to_save(), seats)
    expect(page.get_by_test_id("my-ship")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    play_choices(page, time.time() + 300, "[data-testid=end-screen]:visible")
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    expect(page.get_by_test_id("score-0")).to_be_visible()
    assert page.get_by_test_id("flight-scores").locator("tbody tr").count() == 6


def test_the_hourglass_runs_out_on_start_and_a_reload_mid_build_resumes(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 250)
    # A save mid-build: the bot (seat 0) has finished and turned the hourglass onto « Start » at 90 s (flight I
    # has 2 runs); Bob's last action was at 150 s: 30 s are left.
    g = GalaxyTrucker(2, {"detendu": False, "classe3": "III"}, 5)
    g.apply(0, {"type": "finish", "order": 1, "t": 1000})
    g.apply(0, {"type": "flip", "t": 90_000})
    g.apply(1, {"type": "take", "t": 150_000})
    g.apply(1, {"type": "return", "t": 150_000})
    seats = [{"kind": "bot", "name": "Robot", "level": "facile"}, {"kind": "human", "name": "Bob"}]
    inject_save(page, g.to_save(), seats)
    expect(page.get_by_test_id("my-ship")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_test_id("hourglass")).to_contain_text("2/2")
    placed = build_by_clicking(page, 2)
    assert placed >= 1
    # reload mid-build: the same ship comes back and the clock goes on from the last action
    page.reload()
    expect(page.get_by_test_id("my-ship")).to_be_visible(timeout=60_000)
    legal_before = page.get_by_test_id("my-ship").get_attribute("data-legal")
    assert legal_before is not None
    # the hourglass runs out on « Start » (90 s after the flip, counted from the last action's clock): the page
    # itself ends the building and Bob takes the remaining order tile
    button = page.locator("[data-testid=actions] button").first
    expect(button).to_be_visible(timeout=120_000)
    button.click()
    expect(page.get_by_test_id("track")).to_be_visible(timeout=STEP_TIMEOUT_MS)


@pytest.mark.parametrize(("kind", "seed", "button", "prompt"), [
    ("drain", 0, "act-drain-", "batterie d'où vient"),
    ("lose_goods", 2, "act-lose_good-", "marchandise"),
], ids=["drain", "lose_goods"])
def test_the_battery_to_drain_and_the_goods_to_lose_are_buttons(ready_page: Page, kind: str, seed: int,
                                                                button: str, prompt: str) -> None:
    page = ready_page
    set_bot_delay(page, 250)
    seats = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot", "level": "facile"}]
    inject_save(page, galaxy_flight_save(seed, lambda g: g.asks[0].kind == kind, kind), seats)
    buttons = page.locator(f"[data-testid^={button}]")
    expect(buttons.first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert buttons.count() >= 2
    expect(page.get_by_test_id("prompt")).to_contain_text(prompt)
    before = int(screen_attr(page, "actions") or 0)
    buttons.first.click()
    page.wait_for_function("n => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > n",
                           arg=before, timeout=STEP_TIMEOUT_MS)
    assert page.locator("[data-testid=refusal]").count() == 0
