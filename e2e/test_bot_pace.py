"""Bot pace through the interface: the page names the bot that acts, and « Passer les robots » plays the bots'
moves at once up to the next human decision."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from ui_helpers import bots_save_where, inject_save, play_one_step, set_bot_delay, wait_idle

#: A bot delay no test waits out (a minute per bot turn): only the skip button brings the next human decision.
SLOW_MS = 60_000


def test_skip_the_bots_plays_their_moves_at_once_up_to_the_next_human_decision(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, SLOW_MS)
    page.get_by_test_id("new-porco-crasso").click()
    page.get_by_test_id("players").select_option("3")
    page.get_by_test_id("seat-0-kind").select_option("human")
    page.get_by_test_id("seat-0-name").fill("Alice")
    for i in (1, 2):
        page.get_by_test_id(f"seat-{i}-kind").select_option("bot:aleatoire")
    page.get_by_test_id("start-game").click()
    screen = page.get_by_test_id("game-screen")
    skip = page.get_by_test_id("skip-bots")
    status = page.get_by_test_id("bot-status")
    for _ in range(2):  # two bot turns, whoever starts
        for _ in range(20):  # Alice plays until a bot's turn comes (a Porco turn may be several steps)
            page.wait_for_selector("[data-testid=game-screen][data-mode=bot], [data-testid=game-screen][data-mode=human]")
            if screen.get_attribute("data-mode") == "bot":
                break
            expect(skip).to_be_hidden()  # visibility: hidden, its place kept in the bar
            play_one_step(page)
        # The bot waits its (long) pause: the page says which bot acts and offers the skip.
        expect(status).to_contain_text("joue…")
        assert status.inner_text().replace(" joue…", "").strip("\u2068\u2069 "), status.inner_text()
        expect(skip).to_be_visible()
        expect(skip).to_have_text("⏭ Passer les robots")
        top = page.get_by_test_id("prompt").bounding_box()["y"]
        skip.click()
        # Every bot move up to Alice's next decision, at once (a minute each without the button).
        assert wait_idle(page) == "human"
        expect(status).to_have_text("")
        expect(skip).to_be_hidden()
        assert page.get_by_test_id("prompt").bounding_box()["y"] == top  # the prompt never moved


def test_a_kroll_bot_turn_shows_how_far_it_is_ship_by_ship(ready_page: Page) -> None:
    """A Kroll & Prumni bot plays a turn of many steps: the status counts its ships (« vaisseau 2 sur 3 »)."""
    page = ready_page
    set_bot_delay(page, 400)
    # The bot's company (seat 0) about to produce, at the start of its second turn.
    save = bots_save_where("kroll-et-prumni", 2, {}, lambda s: s.turn >= 2 and s.to_move() == [0] and bool(s.asks)
                           and s.asks[0].kind == "produce", seeds=10, steps=400)
    page.evaluate("""() => { window.statusSeen = [];
      new MutationObserver(() => { const s = document.querySelector('[data-testid=bot-status]');
        const seen = window.statusSeen;
        if (s && s.textContent !== seen[seen.length - 1]) seen.push(s.textContent); })
        .observe(document.body, {childList: true, characterData: true, subtree: true}); }""")
    inject_save(page, save, [{"kind": "bot", "name": "Robot", "level": "facile"}, {"kind": "human", "name": "Alice"}],
                "kp-progress")
    assert wait_idle(page) == "human"
    seen = page.evaluate("() => window.statusSeen")
    counts = [(int(m[1]), int(m[2])) for s in seen if (m := re.search(r"\(vaisseau (\d+) sur (\d+)\)", s))]
    assert len({k for k, _ in counts}) >= 2, seen  # the count went on as its ships moved
    assert all(1 <= k <= n for k, n in counts), counts
    assert [k for k, _ in counts] == sorted(k for k, _ in counts), counts
    assert any("joue…" in s and "vaisseau" not in s for s in seen), seen  # its production: the name alone
