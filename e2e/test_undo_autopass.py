"""Undo after a pass the page made by itself (Rencontre Cosmique, hot-seat, « Passer seul… » ticked): the undo goes
back to the player's last real choice, and is offered only when there is one to go back to."""
from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect
from ui_helpers import action_count, open_as_this_tabs, wait_idle

from cosmoludo import games
from cosmoludo.core.rng import Rng

TWO_HUMANS = [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bruno"}]


def seeded(seed: int, actions: int) -> tuple[dict[str, Any], Any]:
    """The save (and state) of a seeded random two-player game after its first `actions` actions."""
    state = games.new_game("rencontre-cosmique", 2, {}, seed)
    rng = Rng(seed)
    while len(state.history) < actions:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state.to_save(), state


def pass_only(state: Any, seat: int) -> bool:
    v = state.view(seat)
    return (v["pending"] or {}).get("kind") in ("window", "zap_react") and v["legal_actions"] == [{"type": "pass"}]


def open_game(page: Page, save: dict[str, Any], save_id: str) -> None:
    open_as_this_tabs(page, save, save_id, TWO_HUMANS)


def test_undo_after_an_automatic_pass_goes_back_to_the_players_own_choice(ready_page: Page) -> None:
    page = ready_page
    # Seed 4: after 58 actions the player who just placed a token has only « let it pass » in the window that
    # opens their turn, then a real choice.
    save, state = seeded(4, 58)
    seat = state.history[-1][0]
    assert state.to_move() == [seat] and pass_only(state, seat)
    open_game(page, save, "autopass-own")
    # The page passes by itself, then hands the device over for the real choice.
    assert wait_idle(page) == "handover"
    assert action_count(page) == 59
    page.get_by_test_id("handover-ok").click()
    assert wait_idle(page) == "human"
    undo = page.get_by_test_id("undo")
    expect(undo).to_be_visible()
    undo.click()
    # Both the automatic pass and the player's own action before it are taken back: the choice is theirs again.
    page.wait_for_function("() => document.querySelector('[data-testid=game-screen]').dataset.actions === '57'")
    assert wait_idle(page) == "human"
    stored = json.loads(page.evaluate("() => localStorage.getItem('cosmoludo.save.autopass-own')"))
    assert stored["actions"] == save["actions"][:57]


def test_no_undo_is_offered_when_only_an_automatic_pass_would_be_taken_back(ready_page: Page) -> None:
    page = ready_page
    # Seed 0: after 23 actions (the last one the other player's) the second player may only let it pass.
    save, state = seeded(0, 23)
    seat = state.to_move()[0]
    assert state.history[-1][0] != seat and pass_only(state, seat)
    open_game(page, save, "autopass-other")
    assert wait_idle(page) == "handover"
    assert action_count(page) == 24
    page.get_by_test_id("handover-ok").click()
    assert wait_idle(page) == "human"
    expect(page.get_by_test_id("undo")).to_be_hidden()
