"""Rencontre Cosmique and Porco Crasso at phone size: readable counts, « Commencer » in sight, tokens being lost
shown; screenshots of each game's main screen at desktop and phone size kept as test artefacts (e2e-artifacts/)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from cosmoludo import games
from cosmoludo.core.rng import Rng

PHONE = {"width": 375, "height": 667}
DESKTOP = {"width": 1280, "height": 900}
#: Where the screenshots go: pytest-playwright's output folder, ignored by git.
ARTEFACTS = Path(__file__).resolve().parents[1] / "e2e-artifacts" / "screens"


def random_until(game: str, players: int, seed: int, stop: Any) -> dict[str, Any]:
    """The save of a seeded random game at the first position `stop(state)` accepts."""
    state = games.new_game(game, players, {}, seed)
    state.quiet = True
    rng = Rng(seed)
    while not stop(state):
        assert not state.is_over(), "the seeded game ended before the wanted position"
        seat = state.to_move()[0]
        state.step(seat, rng.choice(state.legal_actions(seat)))
    return state.to_save()


def replay_at_end(page: Page, save: dict[str, Any], save_id: str, players: int) -> None:
    """Open `save` as a replay at its last action (the spectator's view: no hand-over in the way)."""
    seats = [{"kind": "human", "name": n} for n in ("Alice", "Bruno", "Chloé", "Dalila")[:players]]
    stored = {**save, "meta": {"id": save_id, "seats": seats, "created": 1, "updated": 1}}
    page.evaluate("([k, v]) => localStorage.setItem('cosmoludo.save.' + k, v)", [save_id, json.dumps(stored)])
    page.evaluate("() => { location.hash = '#'; }")  # the start screen first: no earlier replay screen is left
    expect(page.get_by_test_id("start-screen")).to_be_visible()
    page.evaluate("id => { location.hash = '#/revoir/' + id; }", save_id)
    screen = page.get_by_test_id("replay-screen")
    expect(screen).to_have_attribute("data-total", str(len(save["actions"])))
    page.keyboard.press("End")
    expect(screen).to_have_attribute("data-index", str(len(save["actions"])))


def shoot(page: Page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)


def test_commencer_is_in_sight_on_a_phone(ready_page: Page) -> None:
    page = ready_page
    page.set_viewport_size(PHONE)
    for game in ("rencontre-cosmique", "porco-crasso"):
        page.get_by_test_id(f"new-{game}").click()
        page.get_by_test_id("players").select_option("4")
        start = page.get_by_test_id("start-game")
        expect(start).to_be_in_viewport()  # without scrolling past the fold
        box = start.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"]
        # …and still there once the last option is reached.
        page.get_by_test_id("cancel-new-game").scroll_into_view_if_needed()
        expect(start).to_be_in_viewport()
        page.get_by_test_id("cancel-new-game").click()


def test_counts_are_readable_and_tokens_being_lost_are_shown_on_a_phone(ready_page: Page) -> None:
    page = ready_page
    # Four colours, a duel under way, and tokens being chosen to be lost (off the planets, not yet anywhere).
    save = random_until("rencontre-cosmique", 4, 0, lambda s: any(s.limbo) and s.offence is not None)
    state = games.load(save)
    losing = [s for s in range(4) if state.view(None)["being_lost"][s]]
    assert losing
    for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        replay_at_end(page, save, f"perdition-{label}", 4)
        canvas = page.get_by_test_id("rc-canvas")
        expect(canvas).to_have_attribute("data-min-count-px", "12" if label == "phone" else canvas.get_attribute(
            "data-min-count-px") or "")
        assert int(canvas.get_attribute("data-min-count-px") or "0") >= 12
        for s in losing:
            expect(page.get_by_test_id(f"being-lost-{s}")).to_contain_text("en perdition")
        # Nothing wider than the screen.
        assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        shoot(page, f"rencontre-cosmique-{label}")
    # The board's text says it too, in English as well.
    page.get_by_test_id("lang-toggle").click()
    page.get_by_test_id("board-text").locator("summary").click()
    expect(page.get_by_test_id("being-lost")).to_contain_text("Being lost")


def test_porco_crasso_main_screen_at_phone_and_desktop_size(ready_page: Page) -> None:
    page = ready_page
    save = random_until("porco-crasso", 4, 2, lambda s: len(s.history) >= 20 or s.is_over())
    for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)
        replay_at_end(page, save, f"porco-{label}", 4)
        # Card and pig counts at 12 px at least.
        smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('[data-testid=board] .count')]
            .filter((e) => e.offsetParent !== null).map((e) => parseFloat(getComputedStyle(e).fontSize)))""")
        assert smallest >= 12, smallest
        assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        shoot(page, f"porco-crasso-{label}")


def test_a_finished_game_shows_no_duel_any_more(ready_page: Page) -> None:
    page = ready_page
    save = random_until("rencontre-cosmique", 2, 11, lambda s: s.is_over())  # 415 actions
    replay_at_end(page, save, "rc-fini", 2)
    expect(page.get_by_test_id("replay-result")).to_be_visible()
    expect(page.get_by_test_id("rc-duel").locator("h3")).to_have_count(0)  # no empty « Duel n » panel
    expect(page.get_by_test_id("duel-cone")).to_have_count(0)
