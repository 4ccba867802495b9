"""Galaxy Trucker « La grosse extension » through the interface: the options in the new-game dialog (the
five-player rules only at four players, the Rough Roads level, the loans), a game started with them showing this
flight's Rough Roads card and the rules page's list of what is missing; the « Pour les indécis » dice helper; a
saved game under the five-player rules where the player may share an occupied planet; a loan shown beside the
credits; a game nobody wins (nobody could repay)."""
from __future__ import annotations

import random

from playwright.sync_api import Page, expect
from test_galaxy_ui import STEP_TIMEOUT_MS, screen_attr
from ui_helpers import inject_save, set_bot_delay, stored_save

from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker.bot import flight_step, play_game, random_build_step, random_flight_step
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
    expect(page.get_by_test_id("option-machinations")).to_contain_text("les 24 cartes manquent")
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
    # the rules page lists what is missing, and why, in both languages
    page.get_by_test_id("open-rules").click()
    rules = page.get_by_test_id("rules")
    expect(rules).to_contain_text("Ce qui manque, et pourquoi")
    expect(rules).to_contain_text("Projectiles perçants")
    page.get_by_test_id("rules-lang").click()
    expect(rules).to_contain_text("What is missing, and why")
    expect(rules).to_contain_text("Piercing Projectiles")
    page.get_by_test_id("rules-lang").click()
    page.get_by_test_id("close-rules").click()


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



def test_a_loan_taken_for_the_lost_components_shows_beside_the_credits(ready_page: Page) -> None:
    page = ready_page
    # Mauvaises Machinations (loans only): bots play; seed 4 leaves seat 0 short of credits after flight 1
    options = {"detendu": True, "classe3": "III", "cinq": False, "routes": 0, "machinations": True}
    done = GalaxyTrucker(2, options, 4)
    play_game(done, random.Random(4))
    g = GalaxyTrucker(2, options, 4)
    for seat, action in done.to_save()["actions"]:
        g.apply(seat, action)
        if g.loans[0]:
            break
    assert g.loans == [1, 0] and g.scores[0][0]["loan"] == 10 and g.credits[0] >= 0
    inject_save(page, g.to_save(), [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot", "level": "facile"}])
    expect(page.get_by_test_id("my-loans")).to_contain_text("1 emprunt (12 crédits à rendre chacun)",
                                                          timeout=STEP_TIMEOUT_MS)


def test_nobody_wins_when_nobody_can_repay_the_loans(ready_page: Page) -> None:
    page = ready_page
    # random ships (seed 1) lose so many components that both players end with loans they cannot repay
    options = {"detendu": True, "classe3": "III", "cinq": False, "routes": 0, "machinations": True}
    g = GalaxyTrucker(2, options, 1)
    play_game(g, random.Random(1), builders=[random_build_step] * 2, fliers=[random_flight_step] * 2)
    assert g.is_over() and g.winners == [] and all(g.loans)
    inject_save(page, g.to_save(), [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bob"}])
    expect(page.get_by_test_id("winners")).to_have_text("Personne ne gagne.", timeout=STEP_TIMEOUT_MS)
