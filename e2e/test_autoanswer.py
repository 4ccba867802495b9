"""Automatic passes for the player at the device (issue 31): a Cochons de l'Espace card window where « pass » is
all Alice may do is passed by the page, and « ask me even when I can only pass » brings the question back."""
from __future__ import annotations

import json
from typing import Any

import ui_helpers as ui
from playwright.sync_api import Page, expect

from cosmoludo import games

GAME = "cochons-de-l-espace"
ALICE_AND_BOTS = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot 1", "level": "facile"},
                  {"kind": "bot", "name": "Robot 2", "level": "facile"}]


def alice_may_only_pass(state: Any) -> bool:
    if state.to_move() != [0]:
        return False
    d = state.view(0)["decision"]
    return bool(d["reaction"] and d["only_pass"])


def window_save() -> dict[str, Any]:
    return ui.bots_save_where(GAME, 3, {}, alice_may_only_pass, seeds=50, steps=3000)


def test_a_lone_pass_window_is_passed_by_the_page(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    save = window_save()
    n = len(save["actions"])
    ui.inject_save(page, save, ALICE_AND_BOTS, "autopass")
    page.wait_for_function(f"() => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > {n}")
    stored = ui.stored_save(page, "autopass")
    assert stored["actions"][n] == [0, {"type": "pass"}]
    # The page says what it passed: the combat's hex, else the step of the turn whose window it was.
    named = "Combat en " if games.load(save).combat_public(0) else "Fenêtre « "
    expect(page.get_by_test_id("notice")).to_contain_text(named)
    expect(page.get_by_test_id("notice")).to_contain_text("rien à jouer, la partie a passé pour vous")


def test_ask_me_even_when_i_can_only_pass_brings_the_question_back(ready_page: Page) -> None:
    page = ready_page
    settings = json.dumps({"botDelay": 0, "askPassOnly": {GAME: True}})
    page.evaluate("s => localStorage.setItem('cosmoludo.settings', s)", settings)
    save = window_save()
    n = len(save["actions"])
    ui.inject_save(page, save, ALICE_AND_BOTS, "asked")
    assert ui.wait_idle(page) == "human"
    assert ui.action_count(page) == n
    box = page.get_by_test_id("ask-pass-only")
    expect(box).to_be_checked()
    expect(page.get_by_test_id("actions").get_by_role("button")).to_have_count(1)
    box.click()  # passing by itself again: the page answers this window at once
    page.wait_for_function(f"() => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > {n}")
    assert ui.stored_save(page, "asked")["actions"][n] == [0, {"type": "pass"}]
    stored = json.loads(page.evaluate("() => localStorage.getItem('cosmoludo.settings')"))
    assert GAME not in stored["askPassOnly"]


def test_the_game_menu_turns_the_automatic_passes_off_and_on(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    save = window_save()
    n = len(save["actions"])
    page.evaluate("s => localStorage.setItem('cosmoludo.settings', s)", json.dumps({"botDelay": 0}))
    ui.inject_save(page, save, ALICE_AND_BOTS, "menu")
    page.wait_for_function(f"() => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > {n}")
    box = page.get_by_test_id("ask-pass-only-menu")
    expect(box).not_to_be_checked()
    box.check()
    stored = json.loads(page.evaluate("() => localStorage.getItem('cosmoludo.settings')"))
    assert stored["askPassOnly"] == {GAME: True}
    # Opened again at the window: the question is asked, with its one answer.
    ui.inject_save(page, save, ALICE_AND_BOTS, "menu2")
    assert ui.wait_idle(page) == "human"
    assert ui.action_count(page) == n
    expect(page.get_by_test_id("ask-pass-only-menu")).to_be_checked()
    expect(page.get_by_test_id("actions").get_by_role("button")).to_have_count(1)


SOLE = ("give", "marker", "call", "take", "target", "put", "put_gg")  # web/games/cochons-de-l-espace.js SOLE


def alice_has_one_answer(state: Any) -> bool:
    if state.to_move() != [0]:
        return False
    acts = state.legal_actions(0)
    return len(acts) == 1 and acts[0]["type"] in SOLE


def test_a_question_with_one_possible_answer_is_answered_by_the_page(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)
    save = ui.bots_save_where(GAME, 3, {}, alice_has_one_answer, seeds=50, steps=3000)
    only = games.load(save).legal_actions(0)[0]
    n = len(save["actions"])
    ui.inject_save(page, save, ALICE_AND_BOTS, "sole")
    page.wait_for_function(f"() => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > {n}")
    assert ui.stored_save(page, "sole")["actions"][n] == [0, only]
    expect(page.get_by_test_id("notice")).to_contain_text("seule réponse possible, jouée pour vous")
    # « Ask me even without a choice »: opened again at the question, it is asked with its one answer.
    page.evaluate("s => localStorage.setItem('cosmoludo.settings', s)", json.dumps({"botDelay": 0, "askPassOnly": {GAME: True}}))
    ui.inject_save(page, save, ALICE_AND_BOTS, "sole2")
    assert ui.wait_idle(page) == "human"
    assert ui.action_count(page) == n
    assert [b["action"] for b in ui.action_buttons(page)] == [only]


def test_a_kroll_ship_with_one_place_to_go_is_placed_by_the_page(ready_page: Page) -> None:
    page = ready_page
    ui.set_bot_delay(page, 0)

    def one_place(state: Any) -> bool:
        acts = state.legal_actions(0) if state.to_move() == [0] else []
        return len(acts) == 1 and acts[0]["type"] == "place"

    save = ui.bots_save_where("kroll-et-prumni", 2, {}, one_place, seeds=40, steps=400)
    only = games.load(save).legal_actions(0)[0]
    n = len(save["actions"])
    ui.inject_save(page, save, [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot", "level": "facile"}],
                   "kp-sole")
    page.wait_for_function(f"() => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > {n}")
    assert ui.stored_save(page, "kp-sole")["actions"][n] == [0, only]
    expect(page.get_by_test_id("notice")).to_contain_text("Placer le ")
    expect(page.get_by_test_id("notice")).to_contain_text("seule réponse possible, jouée pour vous")


def test_undo_after_a_page_made_answer_goes_back_to_the_players_own_choice(ready_page: Page) -> None:
    """The page answered a question with one possible answer for Alice, right after her own choice: « Annuler »
    takes back both (the page would answer the same again at once), and the choice is hers again."""
    page = ready_page
    ui.set_bot_delay(page, 0)
    before: dict[str, int] = {}

    def after_her_choice(state: Any) -> bool:
        if state.to_move() != [0]:
            return False
        found = False
        if alice_has_one_answer(state) and state.history and state.history[-1][0] == 0 and before.get("n", 0) > 1:
            then = games.load(state.to_save())
            then.apply(0, then.legal_actions(0)[0])
            found = then.to_move() == [0] and len(then.legal_actions(0)) > 1
        before["n"] = len(state.legal_actions(0))
        return found

    save = ui.bots_save_where(GAME, 3, {}, after_her_choice, seeds=80, steps=3000)
    n = len(save["actions"])
    only = games.load(save).legal_actions(0)[0]
    ui.open_as_this_tabs(page, save, "sole-undo", ALICE_AND_BOTS)
    page.wait_for_function(f"() => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > {n}")
    assert ui.wait_idle(page) == "human" and ui.action_count(page) == n + 1
    # The notice names the answer in words, never by its action type.
    expect(page.get_by_test_id("notice")).to_contain_text("seule réponse possible, jouée pour vous")
    assert not page.get_by_test_id("notice").inner_text().startswith(f"{only['type']} :")
    undo = page.get_by_test_id("undo")
    expect(undo).to_be_visible()
    undo.click()
    page.wait_for_function(f"() => document.querySelector('[data-testid=game-screen]').dataset.actions === '{n - 1}'")
    assert ui.wait_idle(page) == "human"
    assert ui.stored_save(page, "sole-undo")["actions"] == save["actions"][: n - 1]
    assert len(ui.action_buttons(page)) + page.locator("[data-testid=ce-hex-list]").count() > 1  # a real choice
