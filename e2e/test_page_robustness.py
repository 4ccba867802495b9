"""The page against odd conditions (issue 29): a storage that refuses everything, a page opened from a file,
look-alike names, a save whose seed is beyond JavaScript's exact integers."""
from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect
from ui_helpers import new_game, play_one_step, set_bot_delay, shown, stored_save, wait_idle

from cosmoludo import games

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


def _save(game: str, players: int, seed: int, actions: int) -> dict:
    from cosmoludo.core.bots import choose_action

    state = games.new_game(game, players, {}, seed)
    for _ in range(actions):
        seat = state.to_move()[0]
        state.apply(seat, choose_action(state, seat, "aleatoire", seed))
    return state.to_save()


def test_a_save_with_a_seed_beyond_two_to_the_53_is_imported_exactly(ready_page: Page, tmp_path: Path) -> None:
    page = ready_page
    seed = 2**60 + 12345  # made on the command line; a JavaScript number would round it
    assert float(seed) != seed
    save = _save("porco-crasso", 2, seed, 6)
    save["meta"] = {"seats": [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot", "level": "aleatoire"}]}
    path = tmp_path / "big-seed.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("saves-status")).to_contain_text("importée")
    item = page.locator("[data-testid=saves] li.save").first
    new_id = item.get_attribute("data-save-id")
    raw = page.evaluate("id => localStorage.getItem('cosmoludo.save.' + id)", new_id)
    assert f'"seed":{seed}' in raw
    resume = page.get_by_test_id(f"resume-{new_id}")
    expect(resume).to_be_enabled()
    # The same file again is the same game, its big seed compared exactly.
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("saves-status")).to_contain_text("déjà dans la liste")
    # Played on, the game's every write keeps the seed exact, and the engine still replays it.
    set_bot_delay(page, 0)
    resume.click()
    wait_idle(page)
    play_one_step(page)
    wait_idle(page)
    after = stored_save(page, new_id)
    assert after["seed"] == seed and len(after["actions"]) > len(save["actions"])
    assert '"seed":' + str(seed) in page.evaluate("id => localStorage.getItem('cosmoludo.save.' + id)", new_id)
    page.get_by_test_id("home").click()
    expect(page.get_by_test_id(f"resume-{new_id}")).to_be_enabled()


def test_a_browser_that_cannot_keep_such_a_seed_refuses_the_file_with_that_reason(page: Page, site_server, wait_ready,
                                                                                 tmp_path: Path) -> None:
    page.add_init_script("delete JSON.rawJSON")  # a browser without JSON.parse's source text access
    page.goto(site_server.url)
    wait_ready(page)
    path = tmp_path / "big-seed.json"
    path.write_text(json.dumps(_save("porco-crasso", 2, 2**60 + 12345, 2)), encoding="utf-8")
    page.get_by_test_id("import-file").set_input_files(str(path))
    status = page.get_by_test_id("saves-status")
    expect(status).to_contain_text("Import refusé")
    expect(status).to_contain_text("au-delà de 2^53")
    expect(page.get_by_test_id("saves-empty")).to_be_visible()


def test_look_alike_names_are_refused_in_the_new_game_dialog(ready_page: Page) -> None:
    page = ready_page
    page.get_by_test_id("new-porco-crasso").click()
    page.get_by_test_id("players").select_option("3")
    error = page.get_by_test_id("new-game-error")
    for other in ("Ann\u200b", "\u0410nn", "A\u00adnn", "\uff21nn", "ANN", "A\u202enn"):
        for i, name in enumerate(("Ann", other, "Bob")):
            page.get_by_test_id(f"seat-{i}-kind").select_option("human")
            page.get_by_test_id(f"seat-{i}-name").fill(name)
        page.get_by_test_id("start-game").click()
        expect(error).to_contain_text("Deux joueurs s'appellent", timeout=5000)
        page.evaluate("() => { document.querySelector('[data-testid=new-game-error]').textContent = ''; }")
    expect(page.get_by_test_id("new-game-dialog")).to_be_visible()
    # Invisible characters are not kept in a name; names that differ for the eye are accepted.
    page.get_by_test_id("seat-1-name").fill("B\u200bob\u2060")
    page.get_by_test_id("seat-2-name").fill("Anna")
    page.get_by_test_id("start-game").click()
    page.wait_for_url("**#/partie/*")
    save_id = page.url.rsplit("/", 1)[1]
    names = [s["name"] for s in stored_save(page, save_id)["meta"]["seats"]]
    assert names == ["Ann", "Bob", "Anna"]


def test_duplicate_and_look_alike_names_of_an_imported_file_are_numbered(ready_page: Page, tmp_path: Path) -> None:
    page = ready_page
    save = _save("porco-crasso", 4, 5, 0)
    save["meta"] = {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ann"},
                              {"kind": "human", "name": "\u0410nn\u200b"}, {"kind": "human", "name": "<b>Ann 2</b>"}]}
    path = tmp_path / "twins.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("saves-status")).to_contain_text("importée")
    item = page.locator("[data-testid=saves] li.save").first
    new_id = item.get_attribute("data-save-id")
    names = [s["name"] for s in stored_save(page, new_id)["meta"]["seats"]]
    assert names == ["Ann", "Ann 2", "\u0410nn 3", "<b>Ann 2</b>"]
    expect(item).to_contain_text("<b>Ann 2</b>")
    # A save stored before names were compared this way is shown with its names told apart too.
    stored = stored_save(page, new_id)
    stored["meta"]["seats"][1]["name"] = "Ann"
    page.evaluate("([id, s]) => localStorage.setItem('cosmoludo.save.' + id, JSON.stringify(s))", [new_id, stored])
    page.get_by_test_id(f"resume-{new_id}").click()
    assert wait_idle(page) == "handover"
    expect(page.get_by_test_id("handover")).to_contain_text(shown("Ann"))
    assert page.locator("#app b").count() == 0


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
