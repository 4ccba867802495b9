"""Rencontre Cosmique through the interface: a full game against bots, an alliance, a deal and its clock, hot-seat secrecy."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import ui_helpers as ui
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cosmoludo import games

GAME = "rencontre-cosmique"
AVAILABLE = any(g["id"] == GAME and g["available"] for g in games.catalog())
pytestmark = pytest.mark.skipif(not AVAILABLE, reason="Rencontre Cosmique is not registered in the catalog yet "
                                "(py/cosmoludo/games/__init__.py); these tests run as soon as it is")

MAX_STEPS = 1500
ALICE_AND_BOTS = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot 1", "level": "facile"},
                  {"kind": "bot", "name": "Robot 2", "level": "facile"}]


# ---- helpers ----------------------------------------------------------------------------
def new_rc_game(page: Page, seats: list[tuple[str, str]], options: dict[str, bool] | None = None) -> str:
    return ui.new_game(page, seats, options, game=GAME)


def save_where(players: int, options: dict[str, Any], wanted: Callable[[Any], bool]) -> dict[str, Any]:
    """The save of the first seeded game of easy bots (played natively) that reaches a state `wanted` accepts."""
    return ui.bots_save_where(GAME, players, options, wanted, seeds=300, steps=3000)


def _passed_by_itself(page: Page, before: int, timeout_ms: int) -> None:
    """Wait for the page's own « let it pass »: the action count moves on from `before`, or the mode changes
    (the pass, and even the game's end, may have come before `before` was read)."""
    page.wait_for_function("n => { const s = document.querySelector('[data-testid=game-screen]');"
                           " return Number(s.dataset.actions) !== n || s.dataset.mode !== 'human'; }",
                           arg=before, timeout=timeout_ms)


def click_canvas_planet(page: Page, index: int = 0) -> list[int]:
    """Click a legal planet on the canvas itself (not the keyboard list); returns the planet."""
    spot, before = ui.click_legal_spot(page, "rc-canvas", index)
    if page.locator("[data-testid^=pick-]").count():  # several actions on that planet: take the first
        page.locator("[data-testid^=pick-]").first.click()
    ui.changed_or_refused(page, before)
    return spot["planet"]


PREFERRED = ["deal_accept", "second_duel", "answer", "power", "new_hand", "redraw", "reward", "invite", "ally",
             "clone", "steal", "vulch_take", "keep_powers", "drop_power", "mutant_take", "send_done", "establish_done",
             "amibe_done", "mutant_done", "edict", "pass", "decline", "end_turn"]


def play_one_step(page: Page, canvas_every: int = 5, step_no: int = 0) -> str:
    """One legal move through the interface for whoever is at the device; returns what was done."""
    if (mode := ui.turn_or_handover(page)) is not None:
        return mode
    start = ui.action_count(page)  # read first: the page may pass by itself right after (auto-pass)
    acts = ui.action_buttons(page)
    types = {b["action"]["type"] for b in acts}
    # A deal: accept, else propose a small deal (one random card), else give up.
    if "deal_accept" in types:
        ui.click_and_wait(page, next(b["testid"] for b in acts if b["action"]["type"] == "deal_accept"))
        return "deal_accept"
    if "deal_propose" in types:
        ui.click_and_wait(page, next(b["testid"] for b in acts if b["action"]["type"] == "deal_propose"))
        return "deal_propose"
    if any(b["action"]["type"] == "deal_ask_cards" for b in acts):
        ask = next(b for b in acts if b["action"]["type"] == "deal_ask_cards" and b["action"]["n"] >= 1)
        ui.click_and_wait(page, ask["testid"])
        return "deal_ask_cards"
    if "amibe_done" in types:  # the Amibe could shuttle tokens in and out forever: keep the cone as it is
        ui.click_and_wait(page, next(b["testid"] for b in acts if b["action"]["type"] == "amibe_done"))
        return "amibe_done"
    # Planets first (aim, send tokens, retrieve…): sometimes by clicking the canvas, otherwise with the keyboard list.
    targets = page.locator("[data-testid=planet-targets] button")
    if targets.count() and "send_done" not in types:
        if step_no % canvas_every == 0:
            click_canvas_planet(page)
            return "planet (canvas)"
        before = ui.action_count(page)
        targets.first.click()
        if page.locator("[data-testid^=pick-]").count():
            page.locator("[data-testid^=pick-]").first.click()
        ui.changed_or_refused(page, before)
        return "planet"
    # Cards: the strongest attack first (so that the game moves on).
    cards = page.locator("[data-testid=hand] button.card:enabled")
    if cards.count():
        kinds = cards.evaluate_all("bs => bs.map(b => b.dataset.card)")
        value = [int(k.split("_")[1]) if k.startswith("attaque_") else 0 for k in kinds]
        best = max(range(len(kinds)), key=lambda i: value[i])
        before = ui.action_count(page)
        cards.nth(best).click()
        if page.locator("[data-testid^=pick-]").count():
            page.locator("[data-testid^=pick-]").first.click()
        ui.changed_or_refused(page, before)
        return f"card {kinds[best]}"
    if targets.count():  # « send_done » offered too: commit more tokens while we can
        before = ui.action_count(page)
        targets.first.click()
        ui.changed_or_refused(page, before)
        return "planet"
    if not acts:
        # Only « let it pass » was possible and the page passed by itself (the auto-pass box is on by default).
        try:
            _passed_by_itself(page, start, 5000)
        except PlaywrightTimeout as e:  # say what the page was asking for
            raise AssertionError(f"a human turn with nothing to click: "
                                 f"{page.get_by_test_id('prompt-text').inner_text()}") from e
        return "auto-pass"
    order = sorted(acts, key=lambda b: PREFERRED.index(b["action"]["type"]) if b["action"]["type"] in PREFERRED else 50)
    pick = order[0]
    if pick["action"]["type"] == "invite":  # invite nobody: quicker duels
        pick = next((b for b in acts if b["action"]["type"] == "invite" and not b["action"]["seats"]), pick)
    ui.click_and_wait(page, pick["testid"])
    return pick["action"]["type"]


# ---- tests -------------------------------------------------------------------------------
def test_a_full_three_player_game_against_two_bots_is_played_to_the_end(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    save_id = new_rc_game(page, [("human", "Alice"), ("bot", "facile"), ("bot", "facile")])
    done = ui.play_to_the_end(lambda i: play_one_step(page, step_no=i), MAX_STEPS)
    assert any(s.startswith("card") for s in done) and "planet (canvas)" in done
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    expect(page.get_by_test_id("winners")).not_to_be_empty()
    save = ui.stored_save(page, save_id)
    ui.check_finished_save(page, save)
    assert ui.report_click_to_render(page, "Rencontre Cosmique") > 10


def test_the_board_shows_the_systems_tokens_and_keyboard_targets(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    new_rc_game(page, [("human", "Alice"), ("bot", "facile"), ("bot", "facile")])
    ui.wait_idle(page)
    canvas = page.get_by_test_id("rc-canvas")
    expect(canvas).to_be_visible()
    box = canvas.bounding_box()
    assert box and box["width"] > 200 and box["height"] > 150
    # The same board in text: 3 systems × 5 planets, colour symbol + letter + count on each home planet.
    # (Only the table cells: when Alice opens the game as offense, the "planet-targets" group is there too.)
    expect(page.locator("td[data-testid^=planet-]")).to_have_count(15)
    expect(page.get_by_test_id("board-text")).to_contain_text("▲R")
    # Seats show their powers in our words and their colours by name, both from the catalog's tables.
    expect(page.locator("[data-testid^=power-0-]").first).to_be_attached()
    tables = next(g for g in games.catalog() if g["id"] == GAME)["tables"]
    power = (page.locator("[data-testid^=power-0-]").first.get_attribute("data-testid") or "").removeprefix("power-0-")
    expect(page.get_by_test_id(f"power-0-{power}")).to_contain_text(tables["power_texts"][power]["name"]["fr"])
    expect(page.get_by_test_id(f"power-0-{power}")).to_contain_text(tables["power_texts"][power]["text"]["fr"])
    expect(page.get_by_test_id("seat-0").locator(".seat-head")).to_contain_text(tables["colour_names"]["rouge"]["fr"])
    # Everything follows the language toggle.
    page.get_by_test_id("lang-toggle").click()
    expect(page.get_by_test_id("board-text")).to_contain_text("Black Hole")
    expect(page.get_by_test_id("rc-piles")).to_contain_text("Destiny cup")
    page.get_by_test_id("lang-toggle").click()
    expect(page.get_by_test_id("rc-piles")).to_contain_text("Tasse de la destinée")
    # The rules page has this version's rulings.
    page.get_by_test_id("open-rules").click()
    rules = page.get_by_test_id("rules")
    expect(rules).to_contain_text("Précisions de cette version")
    # The engine's own rulings, from its catalog entry, in the page's language.
    expect(rules).to_contain_text("Précisions du moteur de jeu")
    from cosmoludo.games.rencontre_cosmique.data import RULINGS
    for ruling in RULINGS:
        expect(rules).to_contain_text(ruling["fr"])
    page.get_by_test_id("rules-lang").click()
    expect(rules).to_contain_text(RULINGS[0]["en"])
    page.get_by_test_id("close-rules").click()


def _alliance_offered(state: Any) -> bool:
    q = state.queue[0] if state.queue else None
    return bool(q and q["kind"] == "answer" and q["seat"] == 0
                and any(a["type"] == "ally" for a in state.legal_actions(0)))


def test_an_alliance_joins_a_side_with_tokens(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    ui.inject_save(page, save_where(3, {}, _alliance_offered), ALICE_AND_BOTS, "alliance")
    assert ui.wait_idle(page) == "human"
    expect(page.get_by_test_id("prompt-text")).to_contain_text("invité")
    acts = ui.action_buttons(page)
    ally = next(b for b in acts if b["action"]["type"] == "ally")
    side = ally["action"]["side"]
    ui.click_and_wait(page, ally["testid"])
    ui.wait_idle(page)
    # Alice now commits tokens from her bases to that side (clicking the canvas), then the duel goes on.
    expect(page.get_by_test_id("prompt-text")).to_contain_text("Engagez")
    expect(page.get_by_test_id("planet-targets")).to_contain_text("Engager un pion")
    click_canvas_planet(page)
    duel = page.get_by_test_id("duel-cone")
    expect(duel).to_contain_text("▲R")  # Alice's red tokens are in the oval or the ring
    save = ui.stored_save(page, "alliance")
    state = games.load({k: v for k, v in save.items() if k != "meta"})
    assert 0 in state.allies[side]


def _deal_at_alice(state: Any) -> bool:
    return state.phase == "deal" and not state.queue and state.deal["turn"] == 0 and state.deal["proposals"] == 0


def open_at(page: Page, wanted: Callable[[Any], bool], save_id: str, deal_seconds: int) -> Page:
    """Alice and two instant bots at the first seeded position `wanted` accepts, with a deal minute of `deal_seconds`."""
    ui.set_bot_delay(page, 0)
    page.evaluate(f"window.cosmoludoTest = {{ dealSeconds: {deal_seconds} }}")
    ui.inject_save(page, save_where(3, {}, wanted), ALICE_AND_BOTS, save_id)
    assert ui.wait_idle(page) == "human"
    return page


def test_a_deal_runs_on_a_visible_clock_and_the_timeout_is_sent(ready_page: Page) -> None:
    page = open_at(ready_page, _deal_at_alice, "deal-clock", deal_seconds=4)
    clock = page.get_by_test_id("deal-clock")
    expect(clock).to_be_visible()
    first = int(clock.get_attribute("data-seconds") or "99")
    assert first <= 4
    page.wait_for_function("() => Number(document.querySelector('[data-testid=deal-clock]')?.dataset.seconds) < "
                           f"{first}", timeout=5000)
    # Nobody clicks: when the minute (here 4 s) is up, the page sends the engine's « timeout ».
    page.wait_for_function("() => !document.querySelector('[data-testid=deal]')", timeout=15_000)
    save = ui.stored_save(page, "deal-clock")
    assert any(a == [0, {"type": "timeout"}] for a in save["actions"]), save["actions"][-5:]
    expect(page.get_by_test_id("log")).to_contain_text("La minute est écoulée")


def _deal_alice_bruno(state: Any) -> bool:
    return _deal_at_alice(state) and {state.offence, state.defence} == {0, 1}


def test_the_deal_clock_stands_still_while_the_device_changes_hands(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    page.evaluate("window.cosmoludoTest = { dealSeconds: 40 }")
    seats = [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bruno"},
             {"kind": "bot", "name": "Robot", "level": "facile"}]
    ui.inject_save(page, save_where(3, {}, _deal_alice_bruno), seats, "deal-handover")
    if ui.wait_idle(page) == "handover":
        page.get_by_test_id("handover-ok").click()
    assert ui.wait_idle(page) == "human"
    clock = page.get_by_test_id("deal-clock")
    expect(clock).to_be_visible()
    acts = ui.action_buttons(page)
    ask = next(b for b in acts if b["action"]["type"] == "deal_ask_cards" and b["action"]["n"] == 1)
    ui.click_and_wait(page, ask["testid"])
    left = int(clock.get_attribute("data-seconds") or "0")
    assert 30 <= left <= 40, left
    ui.click_and_wait(page, "act-deal_propose")
    assert ui.wait_idle(page) == "handover"
    page.wait_for_timeout(6000)  # Bruno takes his time to come to the device
    page.get_by_test_id("handover-ok").click()
    assert ui.wait_idle(page) == "human"
    expect(page.get_by_test_id("deal")).to_be_visible()
    after = int(clock.get_attribute("data-seconds") or "0")
    assert after >= left - 2, f"the hand-over cost {left - after} s of the deal's minute"
    # ... and it runs again for Bruno.
    page.wait_for_function(f"() => Number(document.querySelector('[data-testid=deal-clock]')?.dataset.seconds) < {after}",
                           timeout=5000)


def test_a_deal_is_proposed_and_answered(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    ui.inject_save(page, save_where(3, {}, _deal_at_alice), ALICE_AND_BOTS, "deal")
    assert ui.wait_idle(page) == "human"
    expect(page.get_by_test_id("deal")).to_be_visible()
    expect(page.get_by_test_id("deal-clock")).to_contain_text("60 s")
    acts = ui.action_buttons(page)
    ask = next(b for b in acts if b["action"]["type"] == "deal_ask_cards" and b["action"]["n"] == 1)
    ui.click_and_wait(page, ask["testid"])
    expect(page.get_by_test_id("deal-draft")).to_contain_text("1 carte")
    ui.click_and_wait(page, "act-deal_propose")
    ui.wait_idle(page)
    log = page.get_by_test_id("log").inner_text()
    assert "propose un marché" in log
    # The bot either accepted (deal made), countered (Alice may accept) or let the clock run.
    if page.get_by_test_id("deal").count() and page.get_by_test_id("act-deal_accept").count():
        ui.click_and_wait(page, "act-deal_accept")
        expect(page.get_by_test_id("log")).to_contain_text("marché conclu")


def _both_humans_sealing(state: Any) -> bool:
    """Alice and Bruno both to lay a card, neither power revealed yet (hidden powers variant)."""
    return (state.phase == "cards" and not state.queue and set(state.to_move()) == {0, 1}
            and not state.shown_powers[0] and not state.shown_powers[1])


def test_hot_seat_keeps_hands_sealed_cards_and_hidden_powers_secret(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    options = {"pouvoirs_caches": True}
    save = save_where(3, options, _both_humans_sealing)
    ui.open_hot_seat(page, save, "[data-testid=hand]")
    state = games.load(save)
    who = page.get_by_test_id("handover").inner_text()
    first = 0 if "Alice" in who else 1
    other = 1 - first
    page.get_by_test_id("handover-ok").click()
    assert ui.wait_idle(page) == "human"
    shown = page.locator("[data-testid=hand] button.card").evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert sorted(shown) == sorted(state.hands[first])
    # The other player's powers are hidden (only their number), the player's own are shown.
    expect(page.get_by_test_id(f"hidden-powers-{other}")).to_be_visible()
    assert page.locator(f"[data-testid^=power-{other}-]").count() == 0
    assert page.locator(f"[data-testid^=power-{first}-]").count() >= 1
    # Lay a card: the hand-over comes, then the other sees the first card only as « face cachée ».
    before = ui.action_count(page)
    page.locator("[data-testid=hand] button.card:enabled").first.click()
    ui.changed_or_refused(page, before)
    assert ui.wait_idle(page) == "handover"
    assert page.locator("[data-testid=hand]").count() == 0
    page.get_by_test_id("handover-ok").click()
    assert ui.wait_idle(page) == "human"
    shown = page.locator("[data-testid=hand] button.card").evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert sorted(shown) == sorted(state.hands[other])
    expect(page.get_by_test_id(f"sealed-{first}")).to_have_attribute("data-card", "hidden")
    assert page.locator(f"[data-testid^=power-{first}-]").count() == 0


def _power_offered(state: Any) -> bool:
    q = state.queue[0] if state.queue else None
    return bool(q and q["kind"] == "window" and q["seat"] == 0
                and any(a["type"] == "power" for a in state.legal_actions(0)))


def _edict_offered(state: Any) -> bool:
    q = state.queue[0] if state.queue else None
    return bool(q and q["kind"] == "window" and q["seat"] == 0
                and any(a["type"] == "edict" for a in state.legal_actions(0)))


def test_an_optional_power_is_offered_with_its_text_and_used(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    ui.inject_save(page, save_where(3, {}, _power_offered), ALICE_AND_BOTS, "power")
    assert ui.wait_idle(page) == "human"
    expect(page.get_by_test_id("prompt-text")).to_contain_text("Utiliser votre pouvoir maintenant ?")
    expect(page.locator("[data-testid^=offer-power-]").first).to_be_visible()
    _passing_is_the_default(page)
    power = next(b for b in ui.action_buttons(page) if b["action"]["type"] == "power")
    ui.click_and_wait(page, power["testid"])
    expect(page.get_by_test_id("log")).to_contain_text("utilise son pouvoir")


def test_an_edict_is_offered_in_its_window_and_can_be_let_pass(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    save = save_where(3, {}, _edict_offered)
    ui.inject_save(page, save, ALICE_AND_BOTS, "edict")
    assert ui.wait_idle(page) == "human"
    expect(page.locator("[data-testid^=offer-edict-]").first).to_be_visible()
    acts = ui.action_buttons(page)
    assert any(b["action"]["type"] == "edict" for b in acts)
    _passing_is_the_default(page)
    # Enter on the focused default lets it pass: no card is spent without a deliberate click.
    before = ui.action_count(page)
    page.keyboard.press("Enter")
    ui.changed_or_refused(page, before)
    done = ui.stored_save(page, "edict")["actions"][len(save["actions"])]
    assert done[:2] == [0, {"type": "pass"}], done


def _passing_is_the_default(page: Page) -> None:
    """In an optional window « Laisser passer » comes first, is the one highlighted button and has the focus."""
    first = page.locator("[data-testid=actions] button").first
    expect(first).to_have_attribute("data-type", "pass")
    expect(first).to_have_text("Laisser passer")
    expect(first).to_be_focused()
    assert page.locator("[data-testid=actions] button.primary").evaluate_all(
        "bs => bs.map(b => b.dataset.type)") == ["pass"]



def test_random_clicks_with_every_variant_never_get_stuck_or_refused(ready_page: Page) -> None:
    """Whatever the player clicks among what the page offers is legal, and there is always something to click."""
    import random

    page = ready_page
    ui.set_bot_delay(page, 0)
    # A deal's real-time minute (tested on its own above) could run out between counting the controls and
    # clicking one, and take the clicked button away: here the clock is an hour, and « timeout » is a click.
    page.evaluate("window.cosmoludoTest = { dealSeconds: 3600 }")
    save_id = new_rc_game(page, [("human", "Alice"), ("bot", "aleatoire"), ("bot", "facile")],
                          {"deux_sur_trois": True, "rotation": True, "pouvoirs_caches": True})
    rng = random.Random(7)
    controls = ("[data-testid=actions] button, [data-testid=planet-targets] button, "
                "[data-testid=hand] button.card:enabled")
    for _ in range(200):
        mode = ui.wait_idle(page)
        if mode == "over":
            break
        if mode == "handover":
            page.get_by_test_id("handover-ok").click()
            continue
        start = ui.action_count(page)
        found = page.locator(controls)
        n = found.count()
        # Every action the page offers has words of its own (never the raw-JSON fallback label).
        assert not [t for t in page.locator("[data-testid=actions] button").all_inner_texts()
                    if t.startswith("Action")], page.locator("[data-testid=actions]").inner_text()
        if n == 0:  # the page is passing by itself
            try:
                _passed_by_itself(page, start, ui.TURN_TIMEOUT_MS)
            except PlaywrightTimeout:  # nothing to click and nothing happens: say where, with the save to replay
                raise AssertionError(f"stuck: {page.get_by_test_id('prompt-text').inner_text()!r}; save: "
                                     + json.dumps(ui.stored_save(page, save_id))) from None
            continue
        found.nth(rng.randrange(n)).click()
        if page.locator("[data-testid^=pick-]").count():
            picks = page.locator("[data-testid^=pick-]")
            picks.nth(rng.randrange(picks.count())).click()
        ui.changed_or_refused(page, start)


def _power_ready(power: str) -> Callable[[Any], bool]:
    def wanted(state: Any) -> bool:
        q = state.queue[0] if state.queue else None
        return bool(q and q["kind"] == "window" and q["seat"] == 0
                    and any(a["type"] == "power" and a["power"] == power for a in state.legal_actions(0)))
    return wanted


def test_the_esprit_sees_a_hand_that_only_its_player_is_shown(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    ready = _power_ready("esprit")
    # Nobody else holds a Zap Cosmique: the look is not cancelled when the power is used.
    save = save_where(3, {}, lambda state: ready(state) and not any("zap" in h for h in state.hands[1:]))
    ui.inject_save(page, save, ALICE_AND_BOTS, "esprit")
    assert ui.wait_idle(page) == "human"
    look = next(b for b in ui.action_buttons(page) if b["action"]["type"] == "power" and b["action"]["power"] == "esprit")
    ui.click_and_wait(page, look["testid"])
    ui.wait_idle(page)
    seen = page.get_by_test_id("esprit-view")
    expect(seen).to_be_visible()
    expect(seen).to_contain_text("Main de")


def test_the_chercheur_asks_from_the_fixed_question_list(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    ui.inject_save(page, save_where(3, {}, _power_ready("chercheur")), ALICE_AND_BOTS, "chercheur")
    assert ui.wait_idle(page) == "human"
    asks = [b for b in ui.action_buttons(page) if b["action"]["type"] == "power" and b["action"]["power"] == "chercheur"]
    labels = [page.get_by_test_id(b["testid"]).inner_text() for b in asks]
    assert any("Allez-vous jouer un compromis ?" in x for x in labels), labels
    # Each question in the words of the catalog (data.py QUESTIONS, sent once in its "tables"), in both languages.
    questions = next(g for g in games.catalog() if g["id"] == GAME)["tables"]["questions"]
    for b, label in zip(asks, labels):
        assert questions[b["action"]["question"]]["fr"] in label, label
    page.get_by_test_id("lang-toggle").click()
    for b in asks:
        expect(page.get_by_test_id(b["testid"])).to_contain_text(questions[b["action"]["question"]]["en"])
    page.get_by_test_id("lang-toggle").click()
    ui.click_and_wait(page, asks[0]["testid"])
    expect(page.get_by_test_id("log")).to_contain_text("Le Chercheur")


def _inject_with_meta(page: Page, save: dict[str, Any], seats: list[dict[str, str]], save_id: str,
                      extra_meta: dict[str, Any]) -> None:
    stored = {**save, "meta": {"id": save_id, "seats": seats, "created": 1, "updated": 1, **extra_meta}}
    page.evaluate("([id, text]) => localStorage.setItem('cosmoludo.save.' + id, text)", [save_id, json.dumps(stored)])
    page.evaluate("id => { location.hash = '#/partie/' + id; }", save_id)
    expect(page.get_by_test_id("game-screen")).to_be_visible()


def _clock(page: Page) -> int:
    return int(page.get_by_test_id("deal-clock").get_attribute("data-seconds") or "-1")


def test_the_deal_clock_resumes_after_a_reload(ready_page: Page, wait_ready: Callable[[Page], Page]) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    save = save_where(3, {}, _deal_at_alice)
    ui.inject_save(page, save, ALICE_AND_BOTS, "deal-reload")
    assert ui.wait_idle(page) == "human"
    assert _clock(page) >= 59
    page.wait_for_function("() => Number(document.querySelector('[data-testid=deal-clock]')?.dataset.seconds) <= 56",
                           timeout=10_000)
    stored = ui.stored_save(page, "deal-reload")
    record = stored["meta"]["dueClock"]
    assert record["last"] == record["start"] == len(stored["actions"])
    # The engine's part of the save is untouched by the page's note: it replays to the same log.
    bare = {k: v for k, v in stored.items() if k != "meta"}
    assert games.load(bare).to_save()["actions"] == bare["actions"] == save["actions"]
    page.reload()
    wait_ready(page)
    assert ui.wait_idle(page) == "human"
    expect(page.get_by_test_id("deal-clock")).to_be_visible()
    left = _clock(page)
    assert 0 < left <= 56, f"the clock restarted at {left} s"
    assert ui.stored_save(page, "deal-reload")["meta"]["dueClock"]["deadline"] == record["deadline"]


def test_a_deal_clock_note_is_used_only_for_its_own_deal_and_a_passed_deadline_times_out(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    save = save_where(3, {}, _deal_at_alice)
    n = len(save["actions"])
    # A note written before the last stored action belongs to another moment (another deal): ignored.
    _inject_with_meta(page, save, ALICE_AND_BOTS, "stale-clock",
                      {"dueClock": {"start": n - 3, "last": n - 1, "deadline": 1000}})
    assert ui.wait_idle(page) == "human"
    assert _clock(page) >= 59
    assert ui.stored_save(page, "stale-clock")["meta"]["dueClock"]["last"] == n
    # This deal's note whose deadline passed while the page was closed: « timeout » is sent at once.
    _inject_with_meta(page, save, ALICE_AND_BOTS, "late-clock",
                      {"dueClock": {"start": n, "last": n, "deadline": 1000}})
    page.wait_for_function("() => !document.querySelector('[data-testid=deal]')"
                           " && document.querySelector('[data-testid=game-screen]').dataset.actions > 0",
                           timeout=10_000)
    # Saves are written under a lock, after the screen is drawn: wait for the write that forgets the note.
    page.wait_for_function("id => { const s = JSON.parse(localStorage.getItem('cosmoludo.save.' + id));"
                           " return !('dueClock' in s.meta); }", arg="late-clock", timeout=10_000)
    stored = ui.stored_save(page, "late-clock")
    assert stored["actions"][n] == [0, {"type": "timeout"}], stored["actions"][n:n + 3]
    assert "dueClock" not in stored["meta"]  # the deal is over: its note is gone
    expect(page.get_by_test_id("log")).to_contain_text("La minute est écoulée")


def _pass_only(view: dict[str, Any]) -> bool:
    pending = view.get("pending") or {}
    return (pending.get("kind") in ("window", "zap_react")
            and view["legal_actions"] == [{"type": "pass"}])


def test_hot_seat_hands_over_only_to_a_player_with_a_choice(ready_page: Page) -> None:
    """Two humans and a bot: pass-only windows of the player away from the device are passed without a hand-over."""
    page = ready_page
    ui.set_bot_delay(page, 0)
    names = {"Alice": 0, "Bruno": 1}
    save_id = new_rc_game(page, [("human", "Alice"), ("human", "Bruno"), ("bot", "facile")])
    handovers: list[tuple[int, int]] = []  # (actions stored when shown, seat)
    controls = ("[data-testid=actions] button, [data-testid=planet-targets] button, "
                "[data-testid=hand] button.card:enabled")
    note_checked = False
    for i in range(150):
        mode = ui.wait_idle(page)
        if mode == "over":
            break
        if mode == "handover":
            title = page.locator("#handover-title").inner_text()
            seat = next(s for name, s in names.items() if name in title)
            handovers.append((ui.action_count(page), seat))
            page.get_by_test_id("handover-ok").click()
            continue
        start = ui.action_count(page)
        if page.locator(controls).count() == 0:  # the page passes by itself for the player at the device
            _passed_by_itself(page, start, 5000)
            continue
        if not note_checked:  # the box says, in both languages, what the onlookers learn
            label = page.locator("label.rc-autopass")
            expect(page.get_by_test_id("autopass-note")).to_contain_text("les autres le voient")
            assert "ceux qui regardent" in (label.get_attribute("title") or "")
            page.get_by_test_id("lang-toggle").click()
            expect(page.get_by_test_id("autopass-note")).to_contain_text("onlookers see it")
            assert "onlookers" in (label.get_attribute("title") or "")
            page.get_by_test_id("lang-toggle").click()
            note_checked = True
        # A real choice: nothing changes until the player acts (so no hand-over can slip past this loop).
        assert play_one_step(page, step_no=i) != "handover"
    assert note_checked
    ui.wait_idle(page)
    stored = ui.stored_save(page, save_id)
    actions = stored["actions"]
    state = games.load({**{k: v for k, v in stored.items() if k != "meta"}, "actions": []})
    viewer = None
    shown = dict(handovers)
    unattended = 0
    for k, (seat, action) in enumerate(actions):
        if k in shown:
            # A hand-over was shown: that player had more to do than « let it pass ».
            assert shown[k] == seat or shown[k] in state.to_move()
            assert not _pass_only(state.view(shown[k])), f"hand-over at action {k} for a pass-only window"
            viewer = shown[k]
        # The page acted for a human away from the device: only ever a pass-only window (or the deal's
        # « timeout » once its minute is over).
        if seat in (0, 1) and viewer is not None and seat != viewer and action != {"type": "timeout"}:
            assert action == {"type": "pass"} and _pass_only(state.view(seat)), (k, seat, action)
            unattended += 1
        state.apply(seat, action)
    assert len(handovers) >= 3
    assert unattended >= 3, f"only {unattended} windows passed for the player away from the device"


def _bruno_may_only_pass(state: Any) -> bool:
    q = state.queue[0] if state.queue else None
    return bool(q and q["kind"] == "window" and q["seat"] == 1 and state.legal_actions(1) == [{"type": "pass"}])


def test_without_auto_pass_the_hot_seat_hands_over_even_to_pass(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    save = save_where(3, {}, _bruno_may_only_pass)
    n = len(save["actions"])
    seats = [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bruno"},
             {"kind": "bot", "name": "Robot", "level": "facile"}]
    # The box unticked: Bruno gets the device for a window where he can only let it pass.
    page.evaluate("localStorage.setItem('cosmoludo.rencontre.autopass', '0')")
    ui.inject_save(page, save, seats, "no-autopass")
    assert ui.wait_idle(page) == "handover"
    expect(page.get_by_test_id("handover")).to_contain_text("Bruno")
    # An edict window is a reaction window (the engine's view.decision): the hand-over says Bruno is to answer.
    expect(page.locator("[data-testid=handover] .react-note")).to_contain_text("doit répondre")
    assert ui.action_count(page) == n
    # Ticked: the page lets that window pass for Bruno, no hand-over, nobody clicks.
    page.evaluate("localStorage.setItem('cosmoludo.rencontre.autopass', '1')")
    ui.inject_save(page, save, seats, "autopass")
    page.wait_for_function("n => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > n",
                           arg=n, timeout=10_000)
    assert ui.stored_save(page, "autopass")["actions"][n] == [1, {"type": "pass"}]


def _ally_going_home_before_a_deal(state: Any) -> bool:
    return (state.phase == "deal" and bool(state.queue) and state.queue[0]["kind"] == "place"
            and state.queue[0]["seat"] == 0 and state.deal["proposals"] == 0)


def test_the_deal_clock_starts_with_the_negotiation_not_while_allies_go_home(ready_page: Page) -> None:
    page = open_at(ready_page, _ally_going_home_before_a_deal, "deal-late-clock", deal_seconds=3)
    page.wait_for_timeout(4000)  # longer than the test's minute: a clock running now would already have run out
    save = ui.stored_save(page, "deal-late-clock")
    assert "dueClock" not in save.get("meta", {})
    assert not any(a[1] == {"type": "timeout"} for a in save["actions"])
    # The panel shows the whole minute, not running yet.
    expect(page.get_by_test_id("deal-clock")).to_have_attribute("data-seconds", "")
