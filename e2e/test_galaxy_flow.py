"""Galaxy Trucker's flow through the interface (issue 31): « Continuer » answered by the page at the bot pace, a
question with one possible answer answered with a notice, the results between flights waiting for the human, and
the component in hand keeping its rotation through a reload."""
from __future__ import annotations

import json
from typing import Any

import pytest
import ui_helpers as ui
from playwright.sync_api import Page, expect

from cosmoludo import games
from cosmoludo.games.galaxy_trucker import GalaxyTrucker

GAME = "galaxy-trucker"
AVAILABLE = any(g["id"] == GAME and g["available"] for g in games.catalog())
pytestmark = pytest.mark.skipif(not AVAILABLE, reason="Galaxy Trucker is not registered in the catalog yet")

STEP_TIMEOUT_MS = 30_000
ALICE_AND_BOT = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot", "level": "facile"}]


def actions_above(page: Page, n: int, timeout: int = STEP_TIMEOUT_MS) -> None:
    page.wait_for_function(f"() => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > {n}",
                           timeout=timeout)


def settings(page: Page, **values: Any) -> None:
    page.evaluate("s => localStorage.setItem('cosmoludo.settings', s)", json.dumps(values))


def test_the_component_in_hand_keeps_its_rotation_through_a_reload(ready_page: Page) -> None:
    page = ready_page
    settings(page, botDelay=1500)
    g = GalaxyTrucker(2, {"detendu": True, "classe3": "III"}, 3)
    ui.inject_save(page, g.to_save(), ALICE_AND_BOT, "held")
    take = page.get_by_test_id("take")
    expect(take).to_be_enabled(timeout=STEP_TIMEOUT_MS)
    take.click()
    hand = page.get_by_test_id("hand")
    expect(hand).to_have_attribute("data-rot", "0", timeout=STEP_TIMEOUT_MS)
    page.get_by_test_id("rot-right").click()
    page.get_by_test_id("rot-right").click()
    page.get_by_test_id("rot-left").click()
    page.get_by_test_id("rot-right").click()
    expect(hand).to_have_attribute("data-rot", "2")
    kind = page.get_by_test_id("hand-kind").inner_text()
    hint = page.get_by_test_id("place-hint").inner_text()
    page.reload()
    expect(page.get_by_test_id("hand")).to_have_attribute("data-rot", "2", timeout=60_000)
    assert page.get_by_test_id("hand-kind").inner_text() == kind
    expect(page.get_by_test_id("place-hint")).to_have_text(hint)
    # The rotation is the page's own (no action was stored for it), and it goes with the component: once the
    # component is returned, the next one drawn starts unturned.
    page.get_by_test_id("return").click()
    expect(page.get_by_test_id("hand-kind")).to_have_count(0, timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_test_id("take")).to_be_enabled(timeout=STEP_TIMEOUT_MS)
    page.get_by_test_id("take").click()
    expect(page.get_by_test_id("hand")).to_have_attribute("data-rot", "0", timeout=STEP_TIMEOUT_MS)
    kept = page.evaluate("() => sessionStorage.getItem('cosmoludo.gt.held.held')")
    assert json.loads(kept)["0"]["rot"] == 0
