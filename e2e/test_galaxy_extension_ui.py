"""Galaxy Trucker « La grosse extension » through the interface: the options in the new-game dialog (the
five-player rules only at four players, the Rough Roads level), a game started with them showing this flight's
Rough Roads card."""
from __future__ import annotations

from playwright.sync_api import Page, expect
from test_galaxy_ui import STEP_TIMEOUT_MS
from ui_helpers import set_bot_delay, stored_save

GAME = "galaxy-trucker"


def test_the_expansion_options_in_the_dialog_and_a_game_started_with_them(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 250)
    page.get_by_test_id(f"new-{GAME}").click()
    expect(page.get_by_test_id("new-game-dialog")).to_be_visible()
    page.get_by_test_id("players").select_option("3")
    expect(page.get_by_test_id("option-cinq")).to_have_count(0)  # the « 4 = 5 » variant: four players only
    expect(page.get_by_test_id("option-routes")).to_be_visible()
    page.get_by_test_id("players").select_option("4")
    page.get_by_test_id("seat-0-kind").select_option("human")
    page.get_by_test_id("seat-0-name").fill("Alice")
    for i in (1, 2, 3):
        page.get_by_test_id(f"seat-{i}-kind").select_option("bot:facile")
    page.locator("[data-testid=option-cinq] input[type=checkbox]").set_checked(True)
    page.locator("[data-testid=option-routes] input").fill("1")
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("game-screen")).to_be_visible()
    page.wait_for_url("**#/partie/*")
    save = stored_save(page, page.url.rsplit("/", 1)[1])
    assert save["options"]["cinq"] is True and save["options"]["routes"] == 1, save["options"]
    expect(page.get_by_test_id("rough-roads")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_test_id("rough-roads")).to_contain_text("Routes Rugueuses")
