"""Galaxy Trucker « La grosse extension » through the interface: the options in the new-game dialog (the
five-player rules only at four players, the Rough Roads level), a game started with them showing this flight's
Rough Roads card; a saved game under the five-player rules where the player may share an occupied planet."""
from __future__ import annotations

import random

from playwright.sync_api import Page, expect
from test_galaxy_ui import STEP_TIMEOUT_MS, screen_attr
from ui_helpers import inject_save, set_bot_delay, stored_save

from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker.bot import flight_step, play_game
from cosmoludo.games.galaxy_trucker.ext_choice import undecided

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


class Stop(Exception):
    pass


def test_the_undecided_dice_table_sets_the_dialogs_options_as_the_engine_reads_it(ready_page: Page) -> None:
    page = ready_page
    page.get_by_test_id(f"new-{GAME}").click()
    expect(page.get_by_test_id("helper-indecis")).to_be_visible()
    page.get_by_test_id("players").select_option("3")
    rolls = [3, 6, 1, 6, 3]
    page.get_by_test_id("helper-indecis-level").fill(str(len(rolls)))
    page.get_by_test_id("helper-indecis-level").dispatch_event("change")
    # the dice the page rolls: faces given through Math.random
    page.evaluate("(faces) => { const q = faces.map((f) => (f - 1) / 6 + 0.01); const random = Math.random;"
                  " Math.random = () => (q.length ? q.shift() : random()); }", rolls)
    page.get_by_test_id("helper-indecis-roll").click()
    expected = undecided(rolls)
    lines = page.get_by_test_id("helper-indecis-lines").locator("li")
    expect(lines).to_have_count(len(rolls))
    for i, line in enumerate(expected["lines"]):
        expect(lines.nth(i)).to_have_text(f"{line['roll']} : {line['fr']}")
    assert expected["options"] == {"classe3": "IIIA", "routes": 1}
    expect(page.locator("[data-testid=option-routes] input")).to_have_value("1")
    expect(page.locator("[data-testid=option-classe3] select option:checked")).to_have_text("Classe IIIA")
    page.get_by_test_id("start-game").click()
    page.wait_for_url("**#/partie/*")
    save = stored_save(page, page.url.rsplit("/", 1)[1])
    assert {k: save["options"][k] for k in ("classe3", "routes")} == expected["options"], save["options"]


def test_sharing_an_occupied_planet_by_clicking(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 250)

    def flier(g: GalaxyTrucker, seat: int, rnd: random.Random):
        if g.asks[0].kind == "planet5" and any("leave" in a for a in g.legal_actions(seat)):
            raise Stop
        return flight_step(g, seat, rnd)

    # bots play until seat 0 may land on a planet that already has a ship (seed 1: in flight III)
    g = GalaxyTrucker(4, {"detendu": True, "classe3": "III", "cinq": True, "routes": 0}, 1)
    try:
        play_game(g, random.Random(1), fliers=[flier, flight_step, flight_step, flight_step])
    except Stop:
        pass
    assert g.asks[0].kind == "planet5" and g.to_move() == [0]
    seats = [{"kind": "human", "name": "Alice"}] + [{"kind": "bot", "name": f"Robot {i}", "level": "facile"}
                                                    for i in (1, 2, 3)]
    inject_save(page, g.to_save(), seats)
    expect(page.get_by_text("une planète occupée en laissant une marchandise")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    share = page.locator("[data-testid=actions] button", has_text="sans 1").first
    expect(share).to_be_visible()
    before = int(screen_attr(page, "actions") or 0)
    share.click()
    page.wait_for_function("n => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > n",
                           arg=before, timeout=STEP_TIMEOUT_MS)
    assert page.locator("[data-testid=refusal]").count() == 0

