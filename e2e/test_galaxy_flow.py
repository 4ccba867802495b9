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
from cosmoludo.games.galaxy_trucker.data import CARD_NAMES, CARDS

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


def opened(page: Page, save: dict[str, Any], seats: list[dict[str, str]], save_id: str, **values: Any) -> int:
    """Set the page's settings, open `save` as `save_id` for `seats`; its number of actions."""
    settings(page, **values)
    ui.inject_save(page, save, seats, save_id)
    return len(save["actions"])


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


def stored_actions(page: Page, save_id: str) -> list[list[Any]]:
    return ui.stored_save(page, save_id)["actions"]


def ready_save() -> dict[str, Any]:
    """Alice (seat 0) is asked « Carte suivante ? » in flight I, a card already resolved."""
    return ui.galaxy_flight_save(0, lambda g: g.asks[0].kind == "ready" and g.last_card is not None, "a next card")


def test_continuer_is_answered_by_the_page_at_the_bot_pace_with_the_card_kept_in_view(ready_page: Page) -> None:
    page = ready_page
    save = ready_save()
    last = games.load(save).last_card
    n = opened(page, save, ALICE_AND_BOT, "goon", botDelay=1500)
    # While the page waits the bot pace, the card just resolved is shown, the prompt says what comes, and
    # « Continuer » is not offered (giving up still is).
    expect(page.get_by_test_id("auto-note")).to_contain_text("carte suivante pour vous", timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_test_id("last-card")).to_be_visible()
    assert page.locator("[data-testid^=act-go]").count() == 0
    expect(page.locator("[data-testid^=act-give_up]")).to_be_visible()
    assert page.get_by_test_id("game-screen").get_attribute("data-busy") == "auto"
    actions_above(page, n)
    assert stored_actions(page, "goon")[n] == [0, {"type": "go"}]
    expect(page.get_by_test_id("notice")).to_contain_text(f"Carte « {CARD_NAMES[CARDS[last]['type']][0]} » résolue")


def test_ask_my_passes_brings_continuer_back(ready_page: Page) -> None:
    page = ready_page
    save = ready_save()
    n = opened(page, save, ALICE_AND_BOT, "asked", botDelay=0, askPassOnly={GAME: True})
    assert ui.wait_idle(page) == "human"
    go = page.locator("[data-testid^=act-go]")
    expect(go).to_be_visible()
    expect(page.get_by_test_id("auto-note")).to_have_count(0)
    page.wait_for_timeout(800)  # the bot pace is 0: the page would have gone on by now
    assert ui.action_count(page) == n
    # The menu's setting, unticked, gives « Continuer » back to the page at once.
    menu_box = page.get_by_test_id("ask-pass-only-menu")
    expect(menu_box).to_be_checked()
    if not menu_box.is_visible():
        page.get_by_test_id("game-menu").click()
    menu_box.click()
    actions_above(page, n)
    assert stored_actions(page, "asked")[n] == [0, {"type": "go"}]


def lone_answer_save() -> dict[str, Any]:
    """Alice must choose who leaves the ship, and only one crew member can (seed 0: the cabin at 7-7)."""
    save = ui.galaxy_flight_save(0, lambda g: g.asks[0].kind not in ("ready", "results")
                                 and len(g.legal_actions(0)) == 1, "a question with one answer")
    state = games.load(save)
    assert state.asks[0].kind == "lose_crew" and state.legal_actions(0) == [{"type": "crew", "cell": [7, 7]}]
    return save


def test_a_question_with_one_possible_answer_is_answered_with_a_notice(ready_page: Page) -> None:
    page = ready_page
    save = lone_answer_save()
    n = opened(page, save, ALICE_AND_BOT, "lone", botDelay=700)
    expect(page.get_by_test_id("auto-note")).to_contain_text("Une seule réponse possible", timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_test_id("prompt")).to_contain_text("Choisissez qui quitte le vaisseau")
    assert page.locator("[data-testid=actions] button").count() == 0
    actions_above(page, n)
    assert stored_actions(page, "lone")[n] == [0, {"type": "crew", "cell": [7, 7]}]
    expect(page.get_by_test_id("notice")).to_contain_text(
        "Équipier en 7-7 : seule réponse possible, jouée pour vous.")


def test_with_ask_my_passes_a_lone_answer_is_asked(ready_page: Page) -> None:
    page = ready_page
    save = lone_answer_save()
    n = opened(page, save, ALICE_AND_BOT, "lone-asked", botDelay=0, askPassOnly={GAME: True})
    assert ui.wait_idle(page) == "human"
    button = page.locator("[data-testid^=act-crew]")
    expect(button).to_have_count(1)
    page.wait_for_timeout(800)
    assert ui.action_count(page) == n
    button.click()
    actions_above(page, n)
    assert stored_actions(page, "lone-asked")[n] == [0, {"type": "crew", "cell": [7, 7]}]


def test_a_flight_never_asks_continuer_and_its_results_wait_for_the_human(ready_page: Page) -> None:
    page = ready_page
    save = ready_save()
    n = opened(page, save, ALICE_AND_BOT, "flight", botDelay=0)
    asked_go = 0
    answered = 0
    for _ in range(400):
        if page.get_by_test_id("flight-results").count():
            break
        mode = ui.wait_idle(page)
        if page.get_by_test_id("flight-results").count():
            break
        if mode == "bot":
            continue  # the page went on by itself (a « Continuer » it answers) between the wait and the read
        assert mode == "human", mode
        asked_go += page.locator("[data-testid^=act-go]").count()
        # the main answer, never throwing goods away nor giving up
        first = page.locator("[data-testid=actions] button:not([data-testid^=act-drop]):not([data-testid^=act-give_up])")
        if first.count():
            before = ui.action_count(page)
            first.first.click()
            ui.changed_or_refused(page, before)
            assert page.locator("[data-testid=refusal]").count() == 0
            answered += 1
        else:
            page.wait_for_timeout(100)
    expect(page.get_by_test_id("flight-results")).to_be_visible()
    actions = stored_actions(page, "flight")[n:]
    gone_on = sum(1 for seat, a in actions if seat == 0 and a == {"type": "go"})
    print(f"\nGalaxy Trucker flight I: « Continuer » answered by the page {gone_on} times, asked {asked_go}; "
          f"{answered} answers clicked")
    assert asked_go == 0 and gone_on >= 1
    # The results wait for Alice: the bot has read them at once, the next building has not begun.
    assert ui.wait_idle(page) == "human"
    expect(page.get_by_test_id("result-0")).to_contain_text("Alice")
    expect(page.get_by_test_id("result-1")).to_contain_text("Robot")
    expect(page.get_by_test_id("flight-scores")).to_be_visible()
    count = ui.action_count(page)
    page.wait_for_timeout(2500)
    assert ui.action_count(page) == count
    assert page.get_by_test_id("take").count() == 0 and page.get_by_test_id("hourglass").count() == 0
    assert stored_actions(page, "flight")[-1] == [1, {"type": "continue"}]
    page.get_by_test_id("act-continue-0").click()
    expect(page.get_by_test_id("take")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_test_id("flight-results")).to_have_count(0)
    assert [0, {"type": "continue"}] in stored_actions(page, "flight")


ALICE_AND_BRUNO = [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bruno"}]


def results_save() -> dict[str, Any]:
    """A two-seat game played natively by the bots until flight I's results are asked of both seats."""
    import random

    from cosmoludo.games.galaxy_trucker.bot import flight_step, play_game

    g = GalaxyTrucker(2, {"detendu": True, "classe3": "III"}, 4)

    class Stop(Exception):
        pass

    def fly(g: Any, seat: int, rnd: random.Random) -> Any:
        if g.asks[0].kind == "results":
            raise Stop
        return flight_step(g, seat, rnd)

    try:
        play_game(g, random.Random(4), fliers=[fly, fly])
    except Stop:
        assert sorted(g.to_move()) == [0, 1]
        return g.to_save()
    raise AssertionError("the game never reached the results of flight I")


def test_in_hot_seat_the_page_goes_on_only_after_the_hand_over_and_the_same_delay(ready_page: Page) -> None:
    page = ready_page
    save = ready_save()
    n = opened(page, save, ALICE_AND_BRUNO, "hot-go", botDelay=700)
    # Alice is handed the device first, even though the page will go on for her: nothing is sent meanwhile.
    assert ui.wait_idle(page) == "handover"
    page.wait_for_timeout(1200)
    assert ui.action_count(page) == n
    page.get_by_test_id("handover-ok").click()
    expect(page.get_by_test_id("auto-note")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    start = page.evaluate("() => performance.now()")
    actions_above(page, n)
    waited = page.evaluate("() => performance.now()") - start
    assert stored_actions(page, "hot-go")[n] == [0, {"type": "go"}]
    assert waited >= 500, waited  # the bot pace, as for a lone player: not at once


def test_in_hot_seat_the_results_wait_for_both_players(ready_page: Page) -> None:
    page = ready_page
    save = results_save()
    n = opened(page, save, ALICE_AND_BRUNO, "hot-results", botDelay=0)
    seen = []
    for _ in range(2):
        assert ui.wait_idle(page) == "handover"
        page.get_by_test_id("handover-ok").click()
        expect(page.get_by_test_id("flight-results")).to_be_visible(timeout=STEP_TIMEOUT_MS)
        assert ui.wait_idle(page) == "human"
        expect(page.get_by_test_id("result-0")).to_contain_text("Alice")
        expect(page.get_by_test_id("result-1")).to_contain_text("Bruno")
        assert page.get_by_test_id("hourglass").count() == 0
        seen.append(ui.action_count(page))
        before = ui.action_count(page)
        page.get_by_test_id("act-continue-0").click()
        actions_above(page, before)
    assert seen == [n, n + 1]
    # Both have read them: flight II's building begins.
    expect(page.get_by_test_id("hourglass")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    answers = [a for a in stored_actions(page, "hot-results")[n:] if a[1] == {"type": "continue"}]
    assert sorted(seat for seat, _ in answers) == [0, 1]


def test_several_humans_build_in_turn_and_a_pile_shows_only_to_its_looker(ready_page: Page) -> None:
    """Two humans at one device (issue 31): the new-game dialog makes the building « Détendu » and says why; a pile
    looked at is veiled until its player uncovers it, and put back when the device goes to the other player."""
    page = ready_page
    page.get_by_test_id(f"new-{GAME}").click()
    page.get_by_test_id("players").select_option("2")
    relaxed = page.locator("[data-testid=option-detendu] input[type=checkbox]")
    page.get_by_test_id("seat-1-kind").select_option("bot:facile")
    expect(relaxed).to_be_enabled()
    expect(relaxed).not_to_be_checked()
    expect(page.get_by_test_id("option-detendu-forced")).to_have_count(0)
    page.get_by_test_id("seat-1-kind").select_option("human")
    page.get_by_test_id("seat-1-name").fill("Bruno")
    page.get_by_test_id("seat-0-name").fill("Alice")
    expect(relaxed).to_be_checked()
    expect(relaxed).to_be_disabled()
    expect(page.get_by_test_id("option-detendu-forced")).to_contain_text("chacun construit à son tour")
    page.get_by_test_id("start-game").click()
    page.wait_for_url("**#/partie/*")
    save_id = page.url.rsplit("/", 1)[1]
    assert ui.stored_save(page, save_id)["options"]["detendu"] is True
    # Alice has welded a component (a pile may be looked at only then) and looks at pile 1: the cards wait
    # behind a veil that names her.
    g = GalaxyTrucker(2, {"detendu": True, "classe3": "III"}, 3)
    g.apply(0, {"type": "take", "t": 0})
    g.apply(0, next(a for a in g.legal_actions(0) if a["type"] == "place"))
    save_id = "piles"
    ui.inject_save(page, g.to_save(), ALICE_AND_BRUNO, save_id)
    peek = page.get_by_test_id("peek-0")
    expect(peek).to_be_enabled(timeout=STEP_TIMEOUT_MS)
    peek.click()
    veil = page.get_by_test_id("pile-veil")
    expect(veil).to_contain_text("uniquement ; les autres détournent les yeux", timeout=STEP_TIMEOUT_MS)
    assert "Alice" in veil.inner_text() and "Bruno" not in veil.inner_text()
    expect(page.get_by_test_id("pile-seen")).to_have_count(0)
    page.get_by_test_id("pile-show").click()
    expect(page.get_by_test_id("pile-seen")).to_be_visible()
    # The device goes to Bruno: Alice's pile is put back first; Bruno sees no card of it.
    page.get_by_test_id("seat-1").click()
    expect(page.get_by_test_id("seat-0")).to_be_enabled(timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_test_id("pile-seen")).to_have_count(0)
    expect(page.get_by_test_id("pile-veil")).to_have_count(0)
    actions = ui.stored_save(page, save_id)["actions"]
    assert [a[0] for a in actions[-2:]] == [0, 0] and [a[1]["type"] for a in actions[-2:]] == ["peek", "unpeek"]


def test_each_ship_has_its_own_mark_on_the_track_and_in_the_flight_order(ready_page: Page) -> None:
    """Issue 32: the track marked every bot « R ». Each seat's mark is its initial, with the name's digits (or the
    seat's number) where initials meet, drawn in its colour on the track and beside its name in the flight order."""
    page = ready_page
    marks = page.evaluate("""async () => { const m = await import('./web/games/galaxy-trucker/draw.js');
      return [m.seatMarks(['Alice', 'Robot 1', 'Robot 2']), m.seatMarks(['Ann', 'Anna', 'Bob']),
              m.seatMarks(['Robot 1', 'Rita 1', 'Zoé']), m.seatMarks(['\u2068Éric\u2069', 'Bob'])]; }""")
    assert marks == [["A", "R1", "R2"], ["A1", "A2", "B"], ["R1", "R2", "Z"], ["É", "B"]]
    settings(page, botDelay=1500)
    ui.inject_save(page, ready_save(), ALICE_AND_BOT, "marks")
    order = page.get_by_test_id("flight-order")
    expect(order).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert page.get_by_test_id("mark-0").inner_text() == "A" and page.get_by_test_id("mark-1").inner_text() == "R"
    colours = [page.get_by_test_id(f"mark-{s}").evaluate("e => getComputedStyle(e).backgroundColor") for s in (0, 1)]
    assert colours[0] != colours[1]
