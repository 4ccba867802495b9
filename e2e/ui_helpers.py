"""Driving the Cosmoludo interface from Playwright: new games, waiting for a turn, playing legal moves by clicking."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

#: The game screen is waiting for a human (and not busy), shows a hand-over, or the game is over.
IDLE = ("[data-testid=game-screen][data-mode=human]:not([data-busy]), "
        "[data-testid=game-screen][data-mode=handover], [data-testid=game-screen][data-mode=over], "
        "[data-testid=game-screen][data-mode=error]")
#: Cards tried first by the test player, so that random games end in a reasonable number of turns.
PREFERRED = ["boue", "barricade", "porcherie", "paratonnerre", "decrassage", "foudre", "coquettruie",
             "sauve_qui_porc", "oiseau"]
TURN_TIMEOUT_MS = 30_000


def shown(name: str) -> str:
    """A player's name as the page writes it inside text: isolated for bidirectional text (web/ui/dom.js)."""
    return f"\u2068{name}\u2069"


def set_bot_delay(page: Page, ms: int) -> None:
    """Bot speed lives in localStorage settings; the game reads it before every bot move."""
    page.evaluate("ms => localStorage.setItem('cosmoludo.settings', JSON.stringify({botDelay: ms}))", ms)


def new_game(page: Page, seats: list[tuple[str, str]], options: dict[str, bool] | None = None,
             game: str = "porco-crasso") -> str:
    """Open the new-game dialog, fill it in and start. seats: [("human", name) | ("bot", level)]. Returns the save id."""
    page.get_by_test_id(f"new-{game}").click()
    dialog = page.get_by_test_id("new-game-dialog")
    expect(dialog).to_be_visible()
    page.get_by_test_id("players").select_option(str(len(seats)))
    for i, (kind, value) in enumerate(seats):
        if kind == "human":
            page.get_by_test_id(f"seat-{i}-kind").select_option("human")
            page.get_by_test_id(f"seat-{i}-name").fill(value)
        else:
            page.get_by_test_id(f"seat-{i}-kind").select_option(f"bot:{value}")
    for option, on in (options or {}).items():
        box = page.locator(f"[data-testid=option-{option}] input[type=checkbox]")
        box.set_checked(on)
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("game-screen")).to_be_visible()
    page.wait_for_url("**#/partie/*")
    return page.url.rsplit("/", 1)[1]


def wait_idle(page: Page) -> str:
    """Wait until the game needs a human (or shows a hand-over, or is over); return the mode."""
    page.wait_for_selector(IDLE, timeout=TURN_TIMEOUT_MS)
    mode = page.get_by_test_id("game-screen").get_attribute("data-mode")
    assert mode != "error", page.get_by_test_id("game-error").inner_text()
    return mode or ""


def action_count(page: Page) -> int:
    return int(page.get_by_test_id("game-screen").get_attribute("data-actions") or "0")


def hand_cards(page: Page) -> list[str]:
    return page.locator("[data-testid=hand] button.card").evaluate_all("bs => bs.map(b => b.dataset.card)")


def stored_save(page: Page, save_id: str) -> dict[str, Any]:
    raw = page.evaluate("id => localStorage.getItem('cosmoludo.save.' + id)", save_id)
    return json.loads(raw)


def visible(page: Page, testid: str) -> bool:
    loc = page.get_by_test_id(testid)
    return loc.count() > 0 and loc.first.is_visible()


def play_one_step(page: Page) -> str:
    """Make one legal move through the interface for whoever is at the device; returns what was done."""
    mode = wait_idle(page)
    if mode == "over":
        return "over"
    if mode == "handover":
        page.get_by_test_id("handover-ok").click()
        return "handover"
    before = action_count(page)
    for simple in ("draw", "stuck", "next-game", "pass"):
        if visible(page, simple):
            page.get_by_test_id(simple).click()
            _wait_changed(page, before)
            return simple
    # Choose a card: the Oiseau's cards first when they are offered, else the hand.
    cards = page.locator("[data-testid=oiseau-cards] button.card:enabled")
    if cards.count() == 0:
        cards = page.locator("[data-testid=hand] button.card:enabled")
    kinds = cards.evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert kinds, "a human turn with no card to choose and no button"
    order = sorted(range(len(kinds)), key=lambda i: PREFERRED.index(kinds[i]) if kinds[i] in PREFERRED else 99)
    for i in order:
        cards.nth(i).click()
        legal = page.locator("[data-testid=board] .pig[data-legal=true]")
        if legal.count():
            legal.first.click()
            _wait_changed(page, before)
            return f"play {kinds[i]} on a pig"
        if visible(page, "play-card") and kinds[i] != "pluie":
            page.get_by_test_id("play-card").click()
            _wait_changed(page, before)
            return f"play {kinds[i]}"
        page.get_by_test_id("cancel-selection").click()
    cards.nth(order[0]).click()
    page.get_by_test_id("discard-card").click()
    _wait_changed(page, before)
    return f"discard {kinds[order[0]]}"


def _wait_changed(page: Page, before: int) -> None:
    """Wait until the action has been applied (the save grew) and the loop settled again (or the game stopped:
    an error, or deleted in another tab)."""
    page.wait_for_function(
        "n => { const s = document.querySelector('[data-testid=game-screen]');"
        " return s && (Number(s.dataset.actions) !== n || ['error', 'gone'].includes(s.dataset.mode)); }",
        arg=before, timeout=TURN_TIMEOUT_MS)


def click_to_render_p95(page: Page) -> tuple[int, float]:
    """How many clicks the game screen timed from the click to the board drawn again, and their 95th percentile
    in ms (the page's "ui:click-to-render" measures, engine round trips included)."""
    durations = sorted(page.evaluate("performance.getEntriesByName('ui:click-to-render').map(e => e.duration)"))
    if not durations:
        return 0, 0.0
    return len(durations), durations[min(len(durations) - 1, int(0.95 * len(durations)))]


def inject_save(page: Page, save: dict[str, Any], seats: list[dict[str, str]], save_id: str = "injected") -> str:
    """Store a save (as the page would) and open it; returns its id."""
    stored = {**save, "meta": {"id": save_id, "seats": seats, "created": 1, "updated": 1}}
    page.evaluate("([id, text]) => localStorage.setItem('cosmoludo.save.' + id, text)", [save_id, json.dumps(stored)])
    page.evaluate("id => { location.hash = '#/partie/' + id; }", save_id)
    expect(page.get_by_test_id("game-screen")).to_be_visible()
    return save_id


def save_where(players: int, options: dict[str, bool], wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The save of the first seeded random game (played natively) that reaches a view `wanted` accepts.

    The predicate sees the view of the seat to move; the search is deterministic (seeds 0, 1, 2…).
    """
    from cosmoludo import games
    from cosmoludo.core.rng import Rng

    for seed in range(500):
        state = games.new_game("porco-crasso", players, options, seed)
        rng = Rng(seed)
        for _ in range(3000):
            if state.is_over():
                break
            seat = state.to_move()[0]
            if wanted(state.view(seat)):
                return state.to_save()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no seeded game reached the wanted position")


def save_at_reaction(holds: bool = True) -> dict[str, Any]:
    """A two-player save stopped where seat 0 is asked whether it answers a Décrassage: with a Super gadoue in hand
    (`holds`), or without one (« pass » is then all it may do)."""
    return save_where(2, {}, lambda v: v["phase"] == "react" and v["pending"]["seat"] == 0
                      and v["pending"]["card"] == "decrassage"
                      and any(a["type"] == "react" for a in v["legal_actions"]) == holds)
