"""One game open in two tabs (two pages of one browser context): no action is lost, duplicated or taken back from
the other tab; a stale tab shows the newer position and says so; a delete in one tab is not undone by the other."""
from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from ui_helpers import IDLE, action_count, hand_cards, new_game, play_one_step, set_bot_delay, visible, wait_idle

from cosmoludo import games

SETTLE_MS = 60_000  # two tabs both running bots on a busy two-core machine: 30 s was once too short
#: Steps of the default fuzz of interleaved actions (seconds); COSMOLUDO_TAB_FUZZ=N runs the slow one with N steps.
FUZZ_STEPS = 12
SLOW_FUZZ_STEPS = int(os.environ.get("COSMOLUDO_TAB_FUZZ", "0") or 0)
SLOW_FUZZ_SEED = int(os.environ.get("COSMOLUDO_TAB_FUZZ_SEED", "1") or 1)


# ---- helpers ----------------------------------------------------------------------------
#: Installed in every page before the page's own scripts, so that it runs before the page's storage listeners.
HOLD_SCRIPT = """window.addEventListener('storage', (e) => { if (window.__hold) e.stopImmediatePropagation(); }, true);"""


@pytest.fixture(autouse=True)
def _holdable_storage_events(context: BrowserContext) -> None:
    context.add_init_script(HOLD_SCRIPT)


@pytest.fixture
def second_tab(context: BrowserContext, site_server: Any, open_ready) -> Iterator[Callable[[str], Page]]:
    """second_tab(save_id): another page of the same context (same localStorage), opened on that game."""
    pages: list[Page] = []

    def make(save_id: str) -> Page:
        page = context.new_page()
        pages.append(page)
        open_ready(page, f"{site_server.url}#/partie/{save_id}")
        expect(page.get_by_test_id("game-screen")).to_be_visible()
        return page

    yield make
    for page in pages:
        page.close()


def stored(page: Page, save_id: str) -> dict[str, Any] | None:
    raw = page.evaluate("id => localStorage.getItem('cosmoludo.save.' + id)", save_id)
    return None if raw is None else json.loads(raw)


def assert_replays(save: dict[str, Any]) -> None:
    """The stored save replays natively to a game with exactly its actions."""
    bare = {k: v for k, v in save.items() if k != "meta"}
    assert games.load(json.loads(json.dumps(bare))).to_save()["actions"] == save["actions"]


def settled(page: Page, actions: int) -> None:
    """Wait until the page shows the game at `actions` actions and waits for a human (or the game is over)."""
    page.wait_for_function(
        "n => { const s = document.querySelector('[data-testid=game-screen]');"
        " return s && Number(s.dataset.actions) === n && !s.dataset.busy"
        " && ['human', 'handover', 'over'].includes(s.dataset.mode); }", arg=actions, timeout=SETTLE_MS)


def all_settled(pages: list[Page], save_id: str) -> dict[str, Any]:
    """Wait until every page shows the stored game and waits for a human (or the game is over), twice in a row a
    quarter second apart; return the stored save. Tabs that both run bots may store a move after one of them looked
    idle, so no single read of the store is the final count."""
    probe = ("() => { const s = document.querySelector('[data-testid=game-screen]');"
             " return s ? [Number(s.dataset.actions), s.dataset.busy || '', s.dataset.mode || ''] : null; }")
    deadline = time.monotonic() + SETTLE_MS / 1000
    calm = 0
    seen: list[Any] = []
    while time.monotonic() < deadline:
        save = stored(pages[0], save_id)
        seen = [len(save["actions"]) if save else None] + [page.evaluate(probe) for page in pages]
        n = seen[0]
        ok = n is not None and all(s is not None and s[0] == n and not s[1] and s[2] in ("human", "handover", "over")
                                   for s in seen[1:])
        calm = calm + 1 if ok else 0
        if calm >= 2 and save is not None:
            return save
        pages[0].wait_for_timeout(250)
    raise AssertionError(f"the tabs did not settle on the stored game: stored, then each tab [actions, busy, mode]: {seen}")


def hold_storage_events(page: Page, hold: bool) -> None:
    """Keep the page from hearing other tabs (as if their storage events had not arrived yet), or let it hear again."""
    page.evaluate("hold => { window.__hold = hold; }", hold)


def at_seat_turn(page: Page) -> str:
    """Bring the page to a human's turn (through a hand-over if needed); returns the mode."""
    mode = wait_idle(page)
    if mode == "handover":
        page.get_by_test_id("handover-ok").click()
        mode = wait_idle(page)
    return mode


def play_until(page: Page, wanted: Callable[[], bool], limit: int = 30) -> None:
    for _ in range(limit):
        if wanted():
            return
        assert play_one_step(page) != "over", "the game ended first"
    raise AssertionError("the wanted position was not reached")


def porco_hot_seat(page: Page) -> str:
    set_bot_delay(page, 0)
    return new_game(page, [("human", "Alice"), ("human", "Bob")])


# ---- a stale tab ------------------------------------------------------------------------
def test_a_stale_tab_shows_the_newer_position_and_loses_nothing(ready_page: Page, second_tab) -> None:
    a = ready_page
    save_id = porco_hot_seat(a)
    b = second_tab(save_id)
    wait_idle(a)
    wait_idle(b)
    start = action_count(a)
    play_until(a, lambda: action_count(a) >= start + 3)
    done = stored(a, save_id)
    assert done is not None
    n = len(done["actions"])
    # The other tab heard of it: it shows the newer position, and says why.
    settled(b, n)
    expect(b.get_by_test_id("sync-notice")).to_contain_text("autre onglet")
    assert b.get_by_test_id("game-screen").get_attribute("data-mode") in ("human", "handover")
    # Playing on from there keeps the first tab's three actions.
    play_until(b, lambda: action_count(b) > n)
    after = stored(b, save_id)
    assert after is not None and len(after["actions"]) == n + 1 and after["actions"][:n] == done["actions"]
    assert_replays(after)
    settled(a, n + 1)
    # The notice follows the language toggle, and can be put away.
    b.get_by_test_id("lang-toggle").click()
    expect(b.get_by_test_id("sync-notice")).to_contain_text("another tab")
    b.get_by_test_id("lang-toggle").click()
    b.get_by_test_id("sync-dismiss").click()
    expect(b.get_by_test_id("sync-notice")).to_be_hidden()


def test_a_tab_that_has_not_heard_yet_does_not_overwrite_the_game(ready_page: Page, second_tab) -> None:
    a = ready_page
    save_id = porco_hot_seat(a)
    b = second_tab(save_id)
    at_seat_turn(b)
    hold_storage_events(b, True)
    start = action_count(b)
    play_until(a, lambda: action_count(a) >= start + 3)
    done = stored(a, save_id)
    assert done is not None
    n = len(done["actions"])
    assert action_count(b) == start  # b still shows the old position
    # b's move on the old position is not saved: the stored game keeps a's three actions, and b shows them.
    play_one_step(b)
    settled(b, n)
    expect(b.get_by_test_id("sync-notice")).to_contain_text("n'a pas été enregistrée")
    assert stored(a, save_id) == done
    hold_storage_events(b, False)
    play_until(b, lambda: action_count(b) > n)
    after = stored(a, save_id)
    assert after is not None and after["actions"][:n] == done["actions"] and len(after["actions"]) == n + 1
    assert_replays(after)


def test_rencontre_in_two_tabs_with_bots_loses_nothing(ready_page: Page, second_tab) -> None:
    a = ready_page
    set_bot_delay(a, 0)
    save_id = new_game(a, FUZZ_GAMES["rencontre-cosmique"], game="rencontre-cosmique")
    wait_idle(a)
    b = second_tab(save_id)
    wait_idle(b)
    for _ in range(2):
        rc_step(a)
    # Both tabs run the bots: whichever stores a move first, the other shows it; nothing is played twice.
    done = all_settled([a, b], save_id)
    assert stored(b, save_id) == done
    assert_replays(done)
    # b stops hearing a; a plays on; b's next click is on the old position: not saved, and said so.
    hold_storage_events(b, True)
    rc_step(a)
    wait_idle(a)
    later = stored(a, save_id)
    assert later is not None and later["actions"][:len(done["actions"])] == done["actions"]
    fuzz_step(b, "rencontre-cosmique", random.Random(0))
    settled(b, len(later["actions"]))
    expect(b.get_by_test_id("sync-notice")).to_contain_text("n'a pas été enregistrée")
    assert stored(a, save_id) == later
    hold_storage_events(b, False)
    rc_step(b)
    wait_idle(b)
    final = stored(b, save_id)
    assert final is not None and final["actions"][:len(later["actions"])] == later["actions"]
    assert len(final["actions"]) > len(later["actions"])
    assert_replays(final)


# ---- simultaneous clicks ----------------------------------------------------------------
def click_at(pages: list[Page], selector: str, delay_ms: int = 400) -> None:
    """Click `selector` in every page at the same moment (both pages share the machine's clock)."""
    when = pages[0].evaluate("Date.now()") + delay_ms
    for page in pages:
        page.evaluate("([sel, t]) => setTimeout(() => document.querySelector(sel).click(), t - Date.now())",
                      [selector, when])


def test_simultaneous_clicks_in_both_tabs_land_once(ready_page: Page, second_tab) -> None:
    a = ready_page
    save_id = porco_hot_seat(a)
    b = second_tab(save_id)
    for _ in range(4):
        # Both tabs at the same draw (a card was just played), both click « draw » at once.
        at_seat_turn(a)
        play_until(a, lambda: a.get_by_test_id("draw").is_visible())
        n = action_count(a)
        settled(b, n)
        at_seat_turn(b)
        expect(b.get_by_test_id("draw")).to_be_visible()
        assert stored(a, save_id)["actions"] == stored(b, save_id)["actions"]  # type: ignore[index]
        click_at([a, b], "[data-testid=draw]")
        a.wait_for_function("n => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > n",
                            arg=n, timeout=SETTLE_MS)
        settled(a, n + 1)
        settled(b, n + 1)
        save = stored(a, save_id)
        assert save is not None and len(save["actions"]) == n + 1, "one click landed, exactly"
        assert save["actions"][-1][1] == {"type": "draw"}
        assert_replays(save)
        # Both tabs show the stored game; the one that lost the race says why (unless it heard in time, and its
        # click, made while it reopened the game, was refused).
        assert sum(page.get_by_test_id("sync-notice").is_visible() for page in (a, b)) >= 1
        for page in (a, b):
            expect(page.get_by_test_id("game-screen")).to_have_attribute("data-mode", IDLE_MODES)


IDLE_MODES = re.compile("^(human|handover|over)$")


def test_simultaneous_different_clicks_one_lands_and_the_other_tab_says_so(ready_page: Page, second_tab) -> None:
    a = ready_page
    save_id = porco_hot_seat(a)
    b = second_tab(save_id)
    rounds = 0
    for _ in range(12):
        at_seat_turn(a)
        n = action_count(a)
        settled(b, n)
        at_seat_turn(b)
        kinds = hand_cards(a)
        # Only a plain choice of a card makes a single discard legal: not a draw, a reaction, the next game, the
        # Oiseau's cards, nor a hand with no playable card (then the whole hand is shown and discarded, and a
        # single discard is refused in both tabs: no click would land).
        if (any(visible(a, testid) for testid in ("draw", "stuck", "next-game", "pass", "oiseau-cards"))
                or a.locator("[data-testid=hand] button.card:disabled").count() or len(set(kinds)) < 2):
            play_one_step(a)
            continue
        # The same player, in two tabs, discards two different cards at the same instant.
        one, other = sorted(set(kinds))[:2]
        first, second = kinds.index(one), kinds.index(other)
        a.locator("[data-testid=hand] button.card").nth(first).click()
        b.locator("[data-testid=hand] button.card").nth(second).click()
        click_at([a, b], "[data-testid=discard-card]")
        a.wait_for_function("n => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > n",
                            arg=n, timeout=SETTLE_MS)
        settled(a, n + 1)
        settled(b, n + 1)
        save = stored(a, save_id)
        assert save is not None and len(save["actions"]) == n + 1, "one click landed, exactly"
        landed = save["actions"][-1][1]
        assert landed in ({"type": "discard", "card": kinds[first]}, {"type": "discard", "card": kinds[second]})
        assert_replays(save)
        # The tab whose card was not discarded shows the stored game and says why: its action was not saved, or
        # (when the other tab's save reached it before its own click was sent) the game went on in another tab.
        loser = b if landed["card"] == kinds[first] else a
        expect(loser.get_by_test_id("sync-notice")).to_contain_text(
            re.compile("n'a pas été enregistrée|a continué dans un autre onglet"))
        for page in (a, b):
            assert stored(page, save_id) == save
            if page.get_by_test_id("sync-dismiss").is_visible():
                page.get_by_test_id("sync-dismiss").click()
        rounds += 1
        if rounds == 3:
            break
    assert rounds == 3


# ---- undo -------------------------------------------------------------------------------
def test_undo_never_takes_back_the_other_tabs_action(ready_page: Page, second_tab) -> None:
    a = ready_page
    save_id = porco_hot_seat(a)
    b = second_tab(save_id)
    at_seat_turn(a)
    play_until(a, lambda: a.get_by_test_id("draw").is_visible() and a.get_by_test_id("undo").is_visible())
    n = action_count(a)
    settled(b, n)
    at_seat_turn(b)
    expect(b.get_by_test_id("draw")).to_be_visible()
    expect(b.get_by_test_id("undo")).to_be_hidden()  # the card was played in the other tab
    # Even called directly, b's undo refuses, and changes nothing.
    b.evaluate("() => document.querySelector('[data-testid=undo]').click()")
    expect(b.get_by_test_id("refusal")).to_contain_text("autre onglet")
    assert len(stored(a, save_id)["actions"]) == n  # type: ignore[index]
    # The tab that played it may take it back; the other follows.
    a.get_by_test_id("undo").click()
    settled(a, n - 1)
    settled(b, n - 1)
    assert len(stored(a, save_id)["actions"]) == n - 1  # type: ignore[index]
    # Now b plays a card: b may undo it, a may not.
    at_seat_turn(b)
    play_until(b, lambda: b.get_by_test_id("draw").is_visible() and b.get_by_test_id("undo").is_visible())
    settled(a, action_count(b))
    at_seat_turn(a)
    expect(a.get_by_test_id("undo")).to_be_hidden()
    expect(b.get_by_test_id("undo")).to_be_visible()


# ---- delete -----------------------------------------------------------------------------
def test_a_delete_in_one_tab_while_the_other_plays(ready_page: Page, second_tab, site_server: Any,
                                                   wait_ready) -> None:
    a = ready_page
    save_id = porco_hot_seat(a)
    play_until(a, lambda: action_count(a) >= 2)
    b = second_tab(save_id)
    # b goes to the saved-games list: it follows a's moves.
    b.get_by_test_id("home").click()
    item = b.get_by_test_id(f"save-{save_id}")
    expect(item).to_be_visible()
    n = action_count(a)
    expect(item).to_contain_text(f"{n} actions")
    play_until(a, lambda: action_count(a) > n)
    expect(item).to_contain_text(f"{action_count(a)} actions")
    # b deletes it while a plays: a stops, says why, and never stores it again by itself.
    b.get_by_test_id(f"delete-{save_id}").click()
    b.get_by_test_id(f"delete-{save_id}").click()
    expect(item).to_have_count(0)
    expect(a.get_by_test_id("game-screen")).to_have_attribute("data-mode", "gone")
    expect(a.get_by_test_id("sync-notice")).to_contain_text("supprimée")
    a.get_by_test_id("board").locator("button").first.click(force=True)
    a.wait_for_timeout(300)
    assert stored(a, save_id) is None
    # Unless the player keeps it: then it is stored again, and the list shows it again.
    a.get_by_test_id("sync-keep").click()
    wait_idle(a)
    kept = stored(a, save_id)
    assert kept is not None
    assert_replays(kept)
    expect(b.get_by_test_id(f"save-{save_id}")).to_be_visible()
    # A delete that a tab has not heard of yet: its next move finds the game gone and stores nothing.
    hold_storage_events(a, True)
    b.get_by_test_id(f"delete-{save_id}").click()
    b.get_by_test_id(f"delete-{save_id}").click()
    expect(b.get_by_test_id(f"save-{save_id}")).to_have_count(0)
    at_seat_turn(a)
    before = action_count(a)
    play_until(a, lambda: a.get_by_test_id("game-screen").get_attribute("data-mode") == "gone"
               or action_count(a) != before, limit=3)
    expect(a.get_by_test_id("game-screen")).to_have_attribute("data-mode", "gone")
    assert stored(a, save_id) is None


# ---- the save's lock ----------------------------------------------------------------------
def hold_the_lock(page: Page, save_id: str) -> None:
    """The page takes the save's lock (as a tab in the middle of its read-compare-write) until release_the_lock."""
    page.evaluate("""id => new Promise((granted) => navigator.locks.request('cosmoludo-save-' + id, {mode: 'exclusive'},
        () => new Promise((release) => { window.__release = release; granted(); })))""", save_id)


def release_the_lock(page: Page) -> None:
    page.evaluate("() => window.__release()")


def test_a_move_waits_for_the_lock_another_tab_holds_then_lands(ready_page: Page, second_tab) -> None:
    a = ready_page
    save_id = porco_hot_seat(a)
    b = second_tab(save_id)
    at_seat_turn(a)
    play_until(a, lambda: a.get_by_test_id("draw").is_visible())
    n = action_count(a)
    settled(b, n)
    before = stored(a, save_id)
    hold_the_lock(b, save_id)
    a.get_by_test_id("draw").click()
    # While b holds the lock, a's move is not stored (and a waits: busy), nothing else happens.
    a.wait_for_timeout(1000)
    assert stored(a, save_id) == before
    assert a.get_by_test_id("game-screen").get_attribute("data-busy") == "true"
    release_the_lock(b)
    settled(a, n + 1)
    settled(b, n + 1)
    after = stored(a, save_id)
    assert after is not None and after["actions"][:n] == before["actions"]  # type: ignore[index]
    assert after["actions"][-1][1] == {"type": "draw"}
    assert_replays(after)
    # A delete waits for the lock too, then deletes: the playing tab says so.
    at_seat_turn(a)
    hold_the_lock(a, save_id)
    b.get_by_test_id("home").click()
    b.get_by_test_id(f"delete-{save_id}").click()
    b.get_by_test_id(f"delete-{save_id}").click()
    b.wait_for_timeout(500)
    assert stored(b, save_id) == after
    release_the_lock(a)
    expect(b.get_by_test_id(f"save-{save_id}")).to_have_count(0)
    expect(a.get_by_test_id("game-screen")).to_have_attribute("data-mode", "gone")
    assert stored(a, save_id) is None


#: A browser without the Web Locks API (an old one, or plain http away from localhost), and one whose lock manager
#: refuses (a page opened from a file: an opaque origin).
NO_LOCKS = {
    "missing": "delete Navigator.prototype.locks;",
    "refusing": "if (navigator.locks) navigator.locks.request = () => Promise.reject(new DOMException('opaque', "
                "'SecurityError'));",
}


@pytest.mark.parametrize("how", list(NO_LOCKS))
def test_without_web_locks_the_compare_and_set_still_guards_the_save(ready_page: Page, second_tab,
                                                                     context: BrowserContext, wait_ready,
                                                                     how: str) -> None:
    context.add_init_script(NO_LOCKS[how])
    a = ready_page
    a.reload()
    wait_ready(a)
    if how == "missing":
        assert a.evaluate("() => navigator.locks === undefined")
    save_id = porco_hot_seat(a)
    b = second_tab(save_id)
    at_seat_turn(b)
    hold_storage_events(b, True)
    start = action_count(b)
    play_until(a, lambda: action_count(a) >= start + 2)
    done = stored(a, save_id)
    assert done is not None
    n = len(done["actions"])
    # b's move on the old position is not stored, and b says so and shows the stored game.
    play_one_step(b)
    settled(b, n)
    expect(b.get_by_test_id("sync-notice")).to_contain_text("n'a pas été enregistrée")
    assert stored(a, save_id) == done
    hold_storage_events(b, False)
    play_until(b, lambda: action_count(b) > n)
    after = stored(a, save_id)
    assert after is not None and after["actions"][:n] == done["actions"] and len(after["actions"]) == n + 1
    assert_replays(after)
    settled(a, n + 1)


# ---- a fuzz of interleaved actions --------------------------------------------------------
def rc_step(page: Page) -> str:
    """One Rencontre Cosmique move by whoever is at the device (the game's own e2e driver)."""
    from test_rencontre_ui import play_one_step as rencontre_step

    return rencontre_step(page)


def fuzz_step(page: Page, game: str, rng: random.Random) -> str:
    mode = page.get_by_test_id("game-screen").get_attribute("data-mode")
    if mode not in ("human", "handover", "over"):
        page.wait_for_selector(IDLE + ", [data-testid=game-screen][data-mode=gone]", timeout=SETTLE_MS)
    if rng.random() < 0.15 and page.get_by_test_id("undo").is_visible():
        before = action_count(page)
        page.get_by_test_id("undo").click()
        page.wait_for_function("n => Number(document.querySelector('[data-testid=game-screen]').dataset.actions)"
                               " !== n", arg=before, timeout=SETTLE_MS)
        return "undo"
    synced = page.get_by_test_id("game-screen").get_attribute("data-synced")
    try:
        return play_one_step(page) if game == "porco-crasso" else rc_step(page)
    except PlaywrightTimeout:
        # The click was on a position another tab had moved on from (it undid, then played as many actions): the
        # tab reopened the stored game, at the same action count as before, so the helpers waited for a change.
        if page.get_by_test_id("game-screen").get_attribute("data-synced") != synced:
            expect(page.get_by_test_id("sync-notice")).to_be_visible()
            return "refused (stale)"
        raise
    except AssertionError as e:
        # A click made on a position another tab had already moved on from is refused, and says so; so is a click
        # while the tab reopens the game the other tab moved on.
        if any(words in str(e) for words in ("autre onglet", "another tab", "Patientez")):
            return "refused (stale)"
        raise


def describe(page: Page) -> str:
    return page.evaluate("""() => {
      const s = document.querySelector('[data-testid=game-screen]');
      const text = (id) => (document.querySelector(`[data-testid=${id}]`) || {}).textContent || '';
      return JSON.stringify({mode: s && s.dataset.mode, busy: s && s.dataset.busy, actions: s && s.dataset.actions,
        synced: s && s.dataset.synced, hold: window.__hold, notice: text('sync-notice').slice(0, 60),
        refusal: text('refusal').slice(0, 80), prompt: text('prompt-text').slice(0, 80),
        buttons: [...document.querySelectorAll('[data-testid=actions] button')].map(b => b.dataset.testid)});
    }""")


def run_fuzz(a: Page, b: Page, save_id: str, game: str, steps: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    tabs = {"a": a, "b": b}
    held: set[str] = set()
    previous = stored(a, save_id)
    assert previous is not None
    done = []
    for _ in range(steps):
        name = rng.choice("ab")
        page = tabs[name]
        roll = rng.random()
        if roll < 0.2:  # this tab stops hearing the other for a while (its next click may be on an old position)
            hold_storage_events(page, name not in held)
            held ^= {name}
            done.append(f"{name}: {'hold' if name in held else 'hear'}")
            continue
        if roll < 0.27:
            page.reload()
            page.wait_for_selector("html[data-engine=ready]", timeout=SETTLE_MS * 3)
            held.discard(name)
            done.append(f"{name}: reload")
            continue
        try:
            what = fuzz_step(page, game, rng)
        except Exception as e:  # say which interleaving failed, and where each tab stood
            raise AssertionError(f"{name}: {e!r} after {done}; tabs: {describe(a)} | {describe(b)}; "
                                 f"stored: {len((stored(a, save_id) or {}).get('actions', []))} actions") from e
        done.append(f"{name}: {what}")
        now = stored(a, save_id)
        assert now is not None
        assert_replays(now)
        old, new = previous["actions"], now["actions"]
        # Nothing lost: the stored game only grows, except by the one action an undo takes back.
        if what == "undo" and len(new) < len(old):
            assert new == old[:len(new)] and len(new) >= len(old) - 1, done
        else:
            assert new[:len(old)] == old, done
        previous = now
        if what == "over":
            break
    for name in held:
        hold_storage_events(tabs[name], False)
    # Both tabs end on the stored game (bots may still be moving it on: wait until it rests and both show it).
    for page in (a, b):
        # As if the other tab's last storage event came now (a held tab had missed it).
        page.evaluate("() => window.dispatchEvent(new StorageEvent('storage', {key: null, storageArea: localStorage}))")
    for _ in range(300):
        final = stored(a, save_id)
        assert final is not None
        n = len(final["actions"])
        if all(page.get_by_test_id("game-screen").get_attribute("data-mode") in ("human", "handover", "over", "gone")
               and action_count(page) == n for page in (a, b)):
            break
        a.wait_for_timeout(100)
    else:
        raise AssertionError(f"the tabs did not settle on the stored game: {describe(a)} | {describe(b)}")
    assert_replays(final)
    return done


FUZZ_GAMES = {
    "porco-crasso": [("human", "Alice"), ("human", "Bob")],
    "rencontre-cosmique": [("human", "Alice"), ("bot", "facile"), ("bot", "facile")],
}


@pytest.mark.parametrize("game", list(FUZZ_GAMES))
def test_a_fuzz_of_interleaved_actions_in_two_tabs_keeps_a_save_that_replays(ready_page: Page, second_tab,
                                                                             game: str) -> None:
    a = ready_page
    set_bot_delay(a, 0)
    save_id = new_game(a, FUZZ_GAMES[game], game=game)
    wait_idle(a)
    b = second_tab(save_id)
    wait_idle(b)
    done = run_fuzz(a, b, save_id, game, FUZZ_STEPS, seed=len(game))
    assert sum(": hold" not in d and ": hear" not in d for d in done) >= FUZZ_STEPS // 2


@pytest.mark.slow
@pytest.mark.skipif(not SLOW_FUZZ_STEPS, reason="set COSMOLUDO_TAB_FUZZ=<steps> for the long run")
@pytest.mark.parametrize("game", list(FUZZ_GAMES))
def test_a_long_fuzz_of_interleaved_actions_in_two_tabs(ready_page: Page, second_tab, game: str) -> None:
    a = ready_page
    set_bot_delay(a, 0)
    save_id = new_game(a, FUZZ_GAMES[game], game=game)
    wait_idle(a)
    b = second_tab(save_id)
    wait_idle(b)
    done = run_fuzz(a, b, save_id, game, SLOW_FUZZ_STEPS, seed=SLOW_FUZZ_SEED)
    print(f"\n{game}: {len(done)} steps in two tabs: {done}")
