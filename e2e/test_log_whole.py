"""The engine sends the game screen only the log lines and save actions it lacks (py/cosmoludo/bridge.py): the log
shown and the save stored are still the whole ones, after bot moves, an undo and a reload."""
from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect
from ui_helpers import (
    action_count,
    play_one_step,
    porco_under_way,
    save_where,
    set_bot_delay,
    shown,
    stored_save,
    wait_idle,
)

from cosmoludo import games


def whole_log(save: dict[str, Any], seat: int) -> list[str]:
    """The French log `seat` may read of the stored game, replayed natively, names put in as the page does."""
    state = games.load({k: v for k, v in save.items() if k != "meta"})
    names = [s["name"] for s in save["meta"]["seats"]]
    return [re.sub(r"\{P(\d+)\}", lambda m: shown(names[int(m.group(1))]), line["fr"])
            for line in state.view(seat)["log"]]


def shown_log(page: Page) -> list[str]:
    return page.get_by_test_id("log").locator("li").all_inner_texts()


def stored_when_shown(page: Page, save_id: str) -> dict[str, Any]:
    """The stored save once it holds the actions the screen shows (it is written after the screen is drawn)."""
    page.wait_for_function(
        "id => JSON.parse(localStorage.getItem('cosmoludo.save.' + id)).actions.length"
        " === Number(document.querySelector('[data-testid=game-screen]').dataset.actions)", arg=save_id)
    return stored_save(page, save_id)


def test_the_log_shown_is_the_whole_log_after_bot_moves_and_a_reload(ready_page: Page, wait_ready) -> None:
    page = ready_page
    save_id = porco_under_way(page, 10)
    save = stored_when_shown(page, save_id)
    assert len(save["actions"]) == action_count(page) > 10
    lines = whole_log(save, 0)
    assert len(lines) > 10 and shown_log(page) == lines
    page.reload()
    wait_ready(page)
    wait_idle(page)
    assert shown_log(page) == lines
    # and after more moves on the reopened game (answers without what the page holds again)
    for _ in range(4):
        play_one_step(page)
    wait_idle(page)
    # The count of actions and the log are drawn one after the other: the two agree within a moment.
    for _ in range(20):
        if shown_log(page) == whole_log(stored_when_shown(page, save_id), 0):
            break
        page.wait_for_timeout(100)
    assert shown_log(page) == whole_log(stored_when_shown(page, save_id), 0)


def test_the_log_and_save_after_an_undo_are_the_undone_games(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 0)
    seats = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot", "level": "aleatoire"}]
    save = save_where(2, {}, lambda v: v["seat"] == 0 and v["phase"] == "play"
                      and v["legal_actions"] != [{"type": "stuck"}])
    stored = {**save, "meta": {"id": "undo-log", "seats": seats, "created": 1, "updated": 1}}
    page.evaluate("([id, text]) => localStorage.setItem('cosmoludo.save.' + id, text)",
                  ["undo-log", json.dumps(stored)])
    page.evaluate("() => { location.hash = '#/partie/undo-log'; }")
    wait_idle(page)
    before = action_count(page)
    log_before = shown_log(page)
    page.locator("[data-testid=hand] button.card").first.click()
    page.get_by_test_id("discard-card").click()
    expect(page.get_by_test_id("draw")).to_be_visible()
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("draw")).to_be_hidden()
    wait_idle(page)
    assert action_count(page) == before
    after = stored_when_shown(page, "undo-log")
    assert after["actions"] == save["actions"]
    assert shown_log(page) == whole_log(after, 0) == log_before
    # the next moves come as answers without what the page holds, from the undone game
    for _ in range(3):
        play_one_step(page)
    wait_idle(page)
    assert shown_log(page) == whole_log(stored_when_shown(page, "undo-log"), 0)
