"""The look of Porco Crasso and Rencontre Cosmique: drawn pigs and card icons, pictures on every card face and power,
short animations that never run under prefers-reduced-motion, the winner's moment; screenshots of each main screen
at desktop and phone size are kept as test artefacts (e2e-artifacts/screens/, ignored by git) for a reviewer."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from ui_helpers import action_count, inject_save, save_where, set_bot_delay, wait_idle

from cosmoludo import games
from cosmoludo.core.rng import Rng

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
ARTEFACTS = Path(__file__).resolve().parents[1] / "e2e-artifacts" / "screens"
ALICE_AND_BOTS = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Bruno", "level": "facile"},
                  {"kind": "bot", "name": "Chloé", "level": "facile"}]
#: The longest animation the games may play (ms): a touch, never something the player waits for.
LONGEST_MS = 400

#: Every drawing on the board is rendered (a box of its own), and nothing is wider than the screen.
ART_RENDERED = """() => [...document.querySelectorAll('[data-testid=board] svg.art')]
    .every((s) => { const r = s.getBoundingClientRect(); return r.width > 4 && r.height > 4; })"""
NO_OVERFLOW = """() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
    && [...document.querySelectorAll('[data-testid=board] .card, [data-testid=board] .pig, [data-testid=board] section')]
      .every((e) => e.scrollWidth <= e.clientWidth + 1)"""
SMALLEST_TEXT = """() => Math.min(...[...document.querySelectorAll('[data-testid=board] *')]
    .filter((e) => e.offsetParent !== null && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .map((e) => parseFloat(getComputedStyle(e).fontSize)))"""
#: The longest running animation of the page, in ms (0: none).
LONGEST_ANIMATION = """() => Math.max(0, ...document.getAnimations().map((a) => {
    const t = a.effect.getComputedTiming(); return (t.delay || 0) + (t.activeDuration || 0); }))"""


def random_until(game: str, players: int, stop: Any) -> dict[str, Any]:
    """The save of the first seeded random game (seeds 0, 1, 2…) that reaches a position `stop(state)` accepts."""
    for seed in range(60):
        state = games.new_game(game, players, {}, seed)
        state.quiet = True
        rng = Rng(seed)
        for _ in range(4000):
            if stop(state):
                return state.to_save()
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.step(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no seeded game reached the wanted position")


def shoot(page: Page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)


def open_at(page: Page, save: dict[str, Any], seats: list[dict[str, str]], save_id: str) -> str:
    page.evaluate("() => { location.hash = '#'; }")
    expect(page.get_by_test_id("start-screen")).to_be_visible()
    inject_save(page, save, seats, save_id)
    return wait_idle(page)


def check_board_art(page: Page) -> None:
    page.wait_for_function(ART_RENDERED)
    assert page.evaluate(NO_OVERFLOW)
    assert page.evaluate(SMALLEST_TEXT) >= 11


#: The Coquettruie extension: her pigs on the table too.
EXTENSION = {"coquettruie": True}


def _porco_scene(v: dict[str, Any]) -> bool:
    """Alice to play Mud on one of her pigs, with a sty, a Coquettruie and dirty pigs on the table."""
    pigs = [p for seat in v["pigs"] for p in seat]
    return (v["seat"] == 0 and v["phase"] == "play" and sum(p["porcherie"] for p in pigs) >= 1
            and any(p["coquettruie"] for p in pigs) and sum(p["dirty"] or p["coquettruie"] for p in pigs) >= 3
            and any(a["type"] == "play" and a["card"] == "boue" and "pig" in a for a in v["legal_actions"]))


def test_porco_crasso_draws_every_pig_and_card_at_desktop_and_phone_size(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 60_000)  # the bots wait: the screen stays as injected
    save = save_where(3, EXTENSION, _porco_scene)
    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        assert open_at(page, save, ALICE_AND_BOTS, f"porco-art-{label}") == "human"
        pigs = page.locator("[data-testid=board] button.pig")
        assert pigs.count() >= 9  # three pigs each with the Coquettruie extension
        # Every pig is drawn in its state (its shapes say it too: sparkles, mud, a bow), with its sty if it has one.
        states = pigs.evaluate_all("ps => ps.map((p) => [p.dataset.state, p.querySelectorAll('svg.pig-art-' + p.dataset.state).length])")
        assert all(n == 1 for _, n in states), states
        assert {s for s, _ in states} >= {"clean", "dirty", "coquettruie"}
        # Under a Coquettruie the pig beneath peeks out, clean or dirty as it is.
        coq = page.locator("[data-testid=board] button.pig[data-state=coquettruie]")
        assert coq.locator("svg g.peek").count() == coq.count()
        with_sty = page.locator("[data-testid=board] button.pig:has(.tag.porcherie)")
        assert with_sty.count() >= 1
        assert with_sty.locator("svg g.sty").count() == with_sty.count()
        # Every card face carries its own icon; the piles show theirs.
        cards = page.locator("[data-testid=hand] button.card")
        assert cards.count() >= 1
        for card in cards.all():
            kind = card.get_attribute("data-card")
            expect(card.locator(f"svg.card-icon-{kind}")).to_have_count(1)
        expect(page.get_by_test_id("deck-count").locator("svg.card-icon-deck")).to_have_count(1)
        top = page.get_by_test_id("discard").get_attribute("data-top")
        if top:
            expect(page.get_by_test_id("discard").locator(f"svg.card-icon-{top}")).to_have_count(1)
        check_board_art(page)
        shoot(page, f"porco-crasso-art-{label}")


def test_porco_crasso_animates_a_played_card_briefly_and_not_under_reduced_motion(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 60_000)
    save = save_where(3, EXTENSION, _porco_scene)
    for reduced in (False, True):
        page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
        assert open_at(page, save, ALICE_AND_BOTS, f"porco-motion-{reduced}") == "human"
        before = action_count(page)
        page.locator("[data-testid=hand] button.card[data-card=boue]").first.click()
        page.locator("[data-testid=board] .pig[data-legal=true]").first.click()
        page.wait_for_function("n => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > n",
                               arg=before)
        # The engine did not wait for any animation: the draw is offered at once.
        expect(page.get_by_test_id("draw")).to_be_visible()
        changed = page.locator("[data-testid=board] .pig.pc-changed")
        landed = page.locator("[data-testid=discard].pc-landed")
        if reduced:
            expect(changed).to_have_count(0)
            expect(landed).to_have_count(0)
            assert page.evaluate(LONGEST_ANIMATION) == 0
        else:
            expect(changed).to_have_count(1)
            expect(landed).to_have_count(1)
            assert page.evaluate(LONGEST_ANIMATION) <= LONGEST_MS
    page.emulate_media(reduced_motion="no-preference")


def _rencontre_scene(state: Any) -> bool:
    """Alice to decide in a duel under way, tokens already in the cone."""
    return state.to_move() == [0] and state.offence is not None and any(state.oval)


def test_rencontre_cosmique_pictures_every_card_and_power_at_desktop_and_phone_size(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 60_000)
    save = random_until("rencontre-cosmique", 3, _rencontre_scene)
    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        assert open_at(page, save, ALICE_AND_BOTS, f"rc-art-{label}") == "human"
        cards = page.locator("[data-testid=hand] button.card")
        assert cards.count() >= 1
        for card in cards.all():
            kind = card.get_attribute("data-card") or ""
            picture = "attaque" if kind.startswith("attaque_") else kind
            expect(card.locator(f"svg.rc-icon-{picture}")).to_have_count(1)
        powers = page.locator("[data-testid=board] .rc-power")
        assert powers.count() >= 1
        for power in powers.all():
            name = (power.get_attribute("data-testid") or "").rsplit("-", 1)[1]
            expect(power.locator(f"svg.rc-icon-{name}")).to_have_count(1)
        canvas = page.get_by_test_id("rc-canvas")
        assert int(canvas.get_attribute("data-min-count-px") or "0") >= 12
        check_board_art(page)
        shoot(page, f"rencontre-cosmique-art-{label}")


def _replay(page: Page, save: dict[str, Any], save_id: str) -> None:
    seats = [{"kind": "human", "name": n} for n in ("Alice", "Bruno")]
    stored = {**save, "meta": {"id": save_id, "seats": seats, "created": 1, "updated": 1}}
    page.evaluate("([k, v]) => localStorage.setItem('cosmoludo.save.' + k, v)", [save_id, json.dumps(stored)])
    page.evaluate("() => { location.hash = '#'; }")
    expect(page.get_by_test_id("start-screen")).to_be_visible()
    page.evaluate("id => { location.hash = '#/revoir/' + id; }", save_id)
    # The replay opens once the engine has replayed the save (slow on a busy machine).
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-total", str(len(save["actions"])), timeout=60_000)


def test_rencontre_tokens_fly_briefly_and_not_under_reduced_motion(ready_page: Page) -> None:
    page = ready_page
    save = random_until("rencontre-cosmique", 2, lambda s: s.is_over())
    for reduced in (False, True):
        page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
        _replay(page, save, f"rc-fly-{reduced}")
        screen = page.get_by_test_id("replay-screen")
        expect(screen).to_have_attribute("data-index", str(len(save["actions"])), timeout=60_000)  # opens at its end
        page.keyboard.press("Home")
        expect(screen).to_have_attribute("data-index", "0")
        page.keyboard.press("End")  # from the set-up to the end: tokens moved everywhere
        expect(screen).to_have_attribute("data-index", str(len(save["actions"])))
        flown = page.locator(".rc-flights").get_attribute("data-flown")
        if reduced:
            assert flown is None
            assert page.evaluate(LONGEST_ANIMATION) == 0
        else:
            assert int(flown or "0") >= 1
            assert page.evaluate(LONGEST_ANIMATION) <= LONGEST_MS
    page.emulate_media(reduced_motion="no-preference")


def test_the_end_screen_celebrates_the_winner_in_both_games(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 0)
    two = ALICE_AND_BOTS[:2]
    for game, prefix in (("porco-crasso", "porco-crasso"), ("rencontre-cosmique", "rencontre-cosmique")):
        save = random_until(game, 2, lambda s: s.is_over())
        winners = games.load(save).view(None)["result"]["winners"]
        for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
            page.set_viewport_size(size)
            assert open_at(page, save, two, f"{prefix}-end-{label}") == "over"
            victory = page.get_by_test_id("victory")
            expect(victory).to_be_visible()
            for w in winners:
                expect(victory).to_contain_text(two[w]["name"])
            assert victory.locator("svg.art").count() >= 1
            check_board_art(page)
            shoot(page, f"{prefix}-end-{label}")
