"""The page against odd conditions (issue 29): a storage that refuses everything, a page opened from a file,
look-alike names, a save whose seed is beyond JavaScript's exact integers."""
from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from ui_helpers import new_game, play_one_step, wait_idle

#: Every method of every Storage (and its length) throws, as in a browser whose site data is blocked.
STORAGE_REFUSES_ALL = """() => {
  const no = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
  for (const name of ['getItem', 'setItem', 'key', 'removeItem', 'clear']) Storage.prototype[name] = no;
  Object.defineProperty(Storage.prototype, 'length', { get: no, configurable: true });
}"""


def test_a_storage_that_refuses_everything_says_so_and_the_game_is_played(page: Page, site_server, wait_ready) -> None:
    page.add_init_script(f"({STORAGE_REFUSES_ALL})()")
    page.goto(site_server.url)
    wait_ready(page)
    unavailable = page.get_by_test_id("saves-unavailable")
    expect(unavailable).to_contain_text("ne peuvent pas être enregistrées")
    page.get_by_test_id("lang-toggle").click()
    expect(unavailable).to_contain_text("cannot be saved")
    page.get_by_test_id("lang-toggle").click()
    # The bot delay cannot be stored either: the default pace, a random bot.
    new_game(page, [("human", "Alice"), ("bot", "aleatoire")])
    assert wait_idle(page) == "human"
    warning = page.get_by_test_id("storage-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("refuse l'enregistrement local")
    before = int(page.get_by_test_id("game-screen").get_attribute("data-actions") or "0")
    play_one_step(page)
    assert wait_idle(page) in ("human", "over")
    assert int(page.get_by_test_id("game-screen").get_attribute("data-actions") or "0") > before
    expect(page.get_by_test_id("game-error")).to_be_hidden()
    # A saved game's address cannot be opened: the page says why, not that the game does not exist.
    page.evaluate("() => { location.hash = '#/partie/some-game'; }")
    expect(page.get_by_test_id("game-error")).to_contain_text("ne peuvent pas être lues")


def test_the_page_opened_from_a_file_says_how_to_play(page: Page, built_site: Path, request_guard) -> None:
    request_guard.files.append(built_site.as_uri() + "/")
    page.goto((built_site / "index.html").as_uri())
    status = page.locator("#loading-status")
    expect(status).to_contain_text("ouverte depuis un fichier")
    expect(status).to_contain_text("opened from a file")
    how = page.locator("#loading-file")
    expect(how).to_be_visible()
    for words in ("Pour jouer", "To play", "make play", "python -m cosmoludo serve", "http://127.0.0.1:8000/"):
        expect(how).to_contain_text(words)
    assert page.get_attribute("html", "data-engine") == "file"
    expect(page.locator("#loading-progress")).to_be_hidden()
    # Nothing of the page's modules started later and put « Chargement… » back.
    page.wait_for_timeout(1000)
    expect(status).to_contain_text("ouverte depuis un fichier")
