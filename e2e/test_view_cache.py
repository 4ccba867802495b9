"""A returning player sees the game at once: after a reload the copy of the last screen is drawn before the engine is
up (read-only), the game is playable once it is; a changed save or a damaged copy is never drawn."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect
from ui_helpers import action_count, new_game, play_one_step, porco_under_way, set_bot_delay, wait_idle

#: The engine's zip, which the page downloads from its first lines and hands to the engine's worker: held, the
#: engine cannot start, so what the page draws meanwhile is drawn without it.
ENGINE_ZIP = "**/web/engine.zip"
CACHED = "[data-testid=game-screen][data-mode=cached]"


class HeldEngine:
    """Holds the page's download of the engine's zip from hold() until release()."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.held: list[Route] = []

    def _hold(self, route: Route) -> None:
        self.held.append(route)

    def hold(self) -> None:
        self.page.route(ENGINE_ZIP, self._hold)

    def release(self) -> None:
        for route in self.held:
            route.continue_()
        self.held.clear()
        self.page.unroute(ENGINE_ZIP, self._hold)


@pytest.fixture
def sw_free(new_guarded_context: Callable[..., BrowserContext]) -> Iterator[BrowserContext]:
    """A context without service worker: every reload's files come through the page's routes (and can be held)."""
    yield new_guarded_context(service_workers="block")


@pytest.fixture
def page(sw_free: BrowserContext, site_server: Any, wait_ready: Callable[[Page], Page]) -> Page:
    page = sw_free.new_page()
    page.goto(site_server.url)
    return wait_ready(page)


def copy_of(page: Page, save_id: str) -> Any:
    raw = page.evaluate("id => localStorage.getItem('cosmoludo.view.' + id)", save_id)
    return None if raw is None else json.loads(raw)


def reload_held(page: Page, engine: HeldEngine) -> None:
    engine.hold()
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-engine=loading]", state="attached")


def no_click_sent(page: Page) -> None:
    """The copy is drawn for looking only: nothing on it may be played."""
    assert page.locator("[data-testid=actions] button:enabled").count() == 0
    assert page.locator("[data-testid=board] button[data-legal=true]:enabled").count() == 0
    expect(page.get_by_test_id("undo")).to_be_hidden()


def test_a_reload_draws_the_last_screen_before_the_engine_then_plays(page: Page, wait_ready: Any) -> None:
    save_id = porco_under_way(page, steps=3)
    assert wait_idle(page) == "human"
    actions = action_count(page)
    hand = page.locator("[data-testid=hand] button.card").evaluate_all("bs => bs.map(b => b.dataset.card)")
    prompt = page.get_by_test_id("prompt").inner_text()
    copy = copy_of(page, save_id)
    assert copy and copy["seat"] == 0 and copy["mode"] == "human" and copy["fp"]["actions"] == actions
    engine = HeldEngine(page)
    reload_held(page, engine)
    page.wait_for_selector(CACHED, timeout=15_000)
    # Drawn without the engine: the loading screen is gone, the board and the player's hand are there.
    assert page.get_attribute("html", "data-engine") == "loading"
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.get_by_test_id("bot-status")).to_have_text("Chargement du moteur…")
    assert action_count(page) == actions
    assert page.locator("[data-testid=hand] button.card").evaluate_all("bs => bs.map(b => b.dataset.card)") == hand
    no_click_sent(page)
    drawn = page.evaluate("performance.getEntriesByName('page:cached')[0].startTime")
    print(f"reload → cached view drawn: {drawn:.0f} ms (engine held)")
    page.locator("[data-testid=hand] button.card").first.click(force=True)
    assert page.locator(CACHED).count() == 1
    # The engine comes: the same screen, now playable, and the game goes on.
    engine.release()
    wait_ready(page)
    assert wait_idle(page) == "human"
    assert action_count(page) == actions
    assert page.get_by_test_id("prompt").inner_text() == prompt
    expect(page.get_by_test_id("bot-status")).to_have_text("")
    # The interface started once: early, for the copy; the engine's arrival completed it, it did not start again.
    assert page.evaluate("performance.getEntriesByName('app:start').length") == 1
    assert play_one_step(page) != "over"
    wait_idle(page)
    assert action_count(page) > actions


def test_a_changed_save_drops_the_copy_and_notes_alone_keep_it(page: Page, wait_ready: Any) -> None:
    save_id = porco_under_way(page, steps=3)
    engine = HeldEngine(page)
    # Only the page's notes changed (the save's meta): what the copy shows is still the game, it is drawn.
    page.evaluate("""id => { const key = 'cosmoludo.save.' + id; const save = JSON.parse(localStorage.getItem(key));
      save.meta.updated += 1000; localStorage.setItem(key, JSON.stringify(save)); }""", save_id)
    reload_held(page, engine)
    page.wait_for_selector(CACHED, timeout=15_000)
    engine.release()
    wait_ready(page)
    assert wait_idle(page) == "human"
    # The game itself changed meanwhile (here: its last actions taken back in the stored text): the copy is not
    # drawn, it is removed, and the page waits for the engine as without one.
    page.evaluate("""id => { const key = 'cosmoludo.save.' + id; const save = JSON.parse(localStorage.getItem(key));
      save.actions = save.actions.slice(0, 2); localStorage.setItem(key, JSON.stringify(save)); }""", save_id)
    reload_held(page, engine)
    page.wait_for_timeout(1500)
    assert page.locator(CACHED).count() == 0
    expect(page.locator("#loading")).to_be_visible()
    assert copy_of(page, save_id) is None
    engine.release()
    wait_ready(page)
    wait_idle(page)
    assert action_count(page) >= 2
    assert page.evaluate("performance.getEntriesByName('app:start').length") == 1  # the ordinary boot: once too
    # A new copy is stored for the position shown; deleting the game deletes it too.
    page.wait_for_function("id => localStorage.getItem('cosmoludo.view.' + id) !== null", arg=save_id)
    page.get_by_test_id("home").click()
    page.get_by_test_id(f"delete-{save_id}").click()
    page.get_by_test_id(f"delete-{save_id}").click()
    expect(page.get_by_test_id(f"save-{save_id}")).to_have_count(0)
    assert copy_of(page, save_id) is None


@pytest.mark.parametrize("damage", ["{not json", '{"v": 1, "game": "porco-crasso", "mode": "human"}',
                                    '{"v": 1, "game": "porco-crasso", "mode": "human", "seat": 0, "fp": {}, "view": {}}'])
def test_a_damaged_copy_is_ignored_and_removed(page: Page, wait_ready: Any, damage: str) -> None:
    save_id = porco_under_way(page, steps=2)
    actions = action_count(page)
    page.evaluate("([id, text]) => localStorage.setItem('cosmoludo.view.' + id, text)", [save_id, damage])
    engine = HeldEngine(page)
    reload_held(page, engine)
    page.wait_for_timeout(1500)
    assert page.locator(CACHED).count() == 0
    assert copy_of(page, save_id) is None
    engine.release()
    wait_ready(page)
    assert wait_idle(page) == "human"
    assert action_count(page) == actions


def test_a_copy_the_views_cannot_draw_is_removed_and_the_game_opens(page: Page, wait_ready: Any) -> None:
    save_id = porco_under_way(page, steps=2)
    page.evaluate("""id => { const key = 'cosmoludo.view.' + id; const copy = JSON.parse(localStorage.getItem(key));
      copy.view = { seat: 0, hands: 5, pigs: 'none', to_move: 7 }; localStorage.setItem(key, JSON.stringify(copy)); }""",
                  save_id)
    engine = HeldEngine(page)
    reload_held(page, engine)
    page.wait_for_function("id => localStorage.getItem('cosmoludo.view.' + id) === null", arg=save_id, timeout=15_000)
    assert page.locator(CACHED).count() == 0
    engine.release()
    wait_ready(page)
    assert wait_idle(page) == "human"
    no_error = page.get_by_test_id("game-error")
    expect(no_error).to_be_hidden()


def test_hot_seat_shows_the_hand_over_first_never_the_hand(page: Page, wait_ready: Any) -> None:
    set_bot_delay(page, 0)
    save_id = new_game(page, [("human", "Alice"), ("human", "Bruno"), ("bot", "aleatoire")])
    assert wait_idle(page) == "handover"
    page.get_by_test_id("handover-ok").click()
    assert wait_idle(page) == "human"
    copy = copy_of(page, save_id)
    assert copy and copy["seat"] == 0
    engine = HeldEngine(page)
    reload_held(page, engine)
    page.wait_for_selector(CACHED, timeout=15_000)
    # Before the engine: the hand-over for the player whose screen it was, which cannot be confirmed yet; nothing
    # of any hand on the page.
    handover = page.get_by_test_id("handover")
    expect(handover).to_be_visible()
    expect(handover).to_contain_text("Alice")
    expect(page.get_by_test_id("handover-ok")).to_be_disabled()
    assert page.locator("[data-testid=hand]").count() == 0
    assert page.locator("[data-testid=board] *").count() == 0
    engine.release()
    wait_ready(page)
    assert wait_idle(page) == "handover"
    expect(page.get_by_test_id("handover-ok")).to_be_enabled()
    page.get_by_test_id("handover-ok").click()
    assert wait_idle(page) == "human"
    assert page.locator("[data-testid=hand]").count() == 1
