"""Replays in the page: « Revoir » from the saved-games list and the end screen, stepping, jumping, playing."""
from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from cosmoludo.replay import replay_save


def random_save(game: str, players: int, seed: int, limit: int | None = None) -> dict[str, Any]:
    """A seeded random game (cut at `limit` actions) as the page stores it."""
    seats = [{"kind": "human", "name": name} for name in ("Alice", "Bob", "Chloé", "Dan")[:players]]
    return {**replay_save(game, players, seed, limit), "meta": {"seats": seats, "created": 1, "updated": 1}}


def store(page: Page, save_id: str, save: dict[str, Any]) -> None:
    page.evaluate("([k, v]) => localStorage.setItem('cosmoludo.save.' + k, v)", [save_id, json.dumps(save)])


def position(page: Page) -> tuple[int, int]:
    screen = page.get_by_test_id("replay-screen")
    expect(screen).to_have_attribute("data-mode", "replay")
    page.wait_for_selector("[data-testid=replay-screen]:not([data-busy])")
    return int(screen.get_attribute("data-index") or "-1"), int(screen.get_attribute("data-total") or "-1")


def at(page: Page, index: int) -> None:
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-index", str(index))
    page.wait_for_selector("[data-testid=replay-screen]:not([data-busy])")


def test_a_finished_game_is_replayed_from_the_list_and_the_end_screen(ready_page: Page, wait_ready) -> None:
    page = ready_page
    save = random_save("porco-crasso", 2, 7)
    n = len(save["actions"])
    store(page, "fini", save)
    page.reload()
    wait_ready(page)
    item = page.get_by_test_id("save-fini")
    replay = item.get_by_test_id("replay-fini")
    expect(replay).to_be_enabled()
    expect(replay).to_have_text("▷ Revoir")
    expect(item.get_by_test_id("resume-fini")).to_have_count(0)  # a finished game offers « Revoir », not « Reprendre »
    replay.click()
    page.wait_for_url("**#/revoir/fini")
    assert position(page) == (n, n)  # a finished game opens at its end, its result shown
    expect(page.get_by_test_id("replay-result")).to_be_visible()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Action {n} sur {n}")
    end_log = page.get_by_test_id("log").locator("li").count()
    # One action back: the log is in step with the position.
    page.get_by_test_id("replay-back").click()
    at(page, n - 1)
    expect(page.get_by_test_id("replay-result")).to_be_hidden()
    assert page.get_by_test_id("log").locator("li").count() < end_log
    page.get_by_test_id("replay-start").click()
    at(page, 0)
    expect(page.get_by_test_id("replay-back")).to_be_disabled()
    expect(page.get_by_test_id("replay-last")).to_have_text("Mise en place")
    page.get_by_test_id("replay-forward").click()
    at(page, 1)
    expect(page.get_by_test_id("replay-last")).to_contain_text("Action 1 :")
    # Jump to an action with the slider, and with the keyboard.
    page.get_by_test_id("replay-jump").fill("10")
    at(page, 10)
    page.get_by_test_id("replay-last").click()
    page.keyboard.press("ArrowRight")
    at(page, 11)
    page.keyboard.press("End")
    at(page, n)
    page.keyboard.press("Home")
    at(page, 0)
    # Everything may be seen once the game is over: through Bob's eyes, his hand is on the board.
    seats = page.get_by_test_id("replay-seat").locator("option")
    expect(seats).to_have_count(3)
    page.get_by_test_id("replay-seat").select_option("1")
    page.get_by_test_id("replay-jump").fill("4")
    at(page, 4)
    expect(page.get_by_test_id("hand").locator("button.card")).not_to_have_count(0)
    # Play at the fastest speed: the position moves on by itself, and pause stops it.
    page.get_by_test_id("replay-speed").select_option("10")
    page.get_by_test_id("replay-play").click()
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-playing", "true")
    page.wait_for_function("() => Number(document.querySelector('[data-testid=replay-screen]').dataset.index) >= 8")
    page.get_by_test_id("replay-play").click()
    expect(page.get_by_test_id("replay-screen")).not_to_have_attribute("data-playing", "true")
    stopped = position(page)[0]
    page.wait_for_timeout(400)
    assert position(page)[0] == stopped
    # The same game's end screen offers « Revoir » too.
    page.evaluate("() => { location.hash = '#/partie/fini'; }")
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    page.get_by_test_id("end-replay").click()
    page.wait_for_url("**#/revoir/fini")
    assert position(page) == (n, n)
    # English is available.
    page.get_by_test_id("lang-toggle").click()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Action {n} of {n}")


def test_an_unfinished_game_of_a_thousand_actions_is_replayed_as_a_spectator(ready_page: Page, wait_ready) -> None:
    page = ready_page
    save = random_save("rencontre-cosmique", 3, 1, limit=1000)
    assert len(save["actions"]) == 1000
    store(page, "long", save)
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("resume-long")).to_be_enabled()  # still being played: both are offered
    page.get_by_test_id("replay-long").click()
    assert position(page) == (0, 1000)  # an unfinished game opens at its start
    expect(page.get_by_test_id("replay-screen")).to_have_attribute("data-open-ms", re.compile(r"^\d+$"))
    # Only the spectator's eyes: the hot-seat players' hands stay hidden.
    expect(page.get_by_test_id("replay-seat").locator("option")).to_have_count(1)
    expect(page.get_by_test_id("replay-note")).to_contain_text("spectateur")
    page.get_by_test_id("replay-end").click()
    at(page, 1000)
    page.get_by_test_id("replay-jump").fill("517")
    at(page, 517)
    page.get_by_test_id("replay-back").click()
    at(page, 516)
    expect(page.get_by_test_id("rc-canvas")).to_be_visible()
    page.get_by_test_id("replay-resume").click()
    page.wait_for_url("**#/partie/long")


def test_a_missing_game_says_so(ready_page: Page) -> None:
    page = ready_page
    page.evaluate("() => { location.hash = '#/revoir/nothing-here'; }")
    expect(page.get_by_test_id("game-error")).to_contain_text("n'existe pas")
    page.get_by_test_id("to-saves").click()
    expect(page.get_by_test_id("start-screen")).to_be_visible()
