"""Saved games: damaged saves reported without harm, export/import round trip, refused imports, a full storage."""
from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect
from ui_helpers import (
    action_count,
    new_game,
    play_one_step,
    porco_under_way,
    save_where,
    set_bot_delay,
    stored_save,
    wait_idle,
)

DAMAGED = {
    "broken": "{not json at all",
    "future": json.dumps({"format": "cosmoludo-save", "version": 99, "game": "porco-crasso", "players": 2,
                          "options": {}, "seed": 1, "actions": []}),
    "foreign": json.dumps({"format": "cosmoludo-save", "version": 1, "game": "echecs", "players": 2,
                           "options": {}, "seed": 1, "actions": []}),
    "replay": json.dumps({"format": "cosmoludo-save", "version": 1, "game": "porco-crasso", "players": 2,
                          "options": {}, "seed": 1, "actions": [[1, {"type": "draw"}]]}),
    "notasave": json.dumps([1, 2, 3]),
    # Fields of the wrong type (issue 15): the options not an object, an action that is not one.
    "options": json.dumps({"format": "cosmoludo-save", "version": 1, "game": "porco-crasso", "players": 2,
                           "options": True, "seed": 1, "actions": []}),
    "badaction": json.dumps({"format": "cosmoludo-save", "version": 1, "game": "porco-crasso", "players": 2,
                             "options": {}, "seed": 1, "actions": [[0, 1.5]]}),
    # Small, but nested 5000 deep: json.loads in Pyodide would overflow the WebAssembly stack (a fatal error).
    "deep": '{"format":"cosmoludo-save","version":1,"game":"porco-crasso","rules":1,"options":{},"players":2,'
            '"seed":1,"actions":' + "[" * 5000 + "]" * 5000 + "}",
}


def _one_game_with_moves(page: Page, moves: int = 3) -> str:
    return porco_under_way(page, moves, bots=1)


def test_damaged_saves_are_reported_and_the_others_survive(ready_page: Page, wait_ready) -> None:
    page = ready_page
    good = _one_game_with_moves(page)
    good_text = page.evaluate("id => localStorage.getItem('cosmoludo.save.' + id)", good)
    for key, text in DAMAGED.items():
        page.evaluate("([k, v]) => localStorage.setItem('cosmoludo.save.' + k, v)", [key, text])
    page.get_by_test_id("home").click()
    page.reload()
    wait_ready(page)
    for key in DAMAGED:
        item = page.get_by_test_id(f"save-{key}")
        expect(item.get_by_test_id("save-error")).to_be_visible()
        expect(item.get_by_test_id(f"resume-{key}")).to_have_count(0)
    expect(page.get_by_test_id("save-broken")).to_contain_text("JSON")
    expect(page.get_by_test_id("save-future")).to_contain_text("plus récente")
    expect(page.get_by_test_id("save-foreign")).to_contain_text("inconnu")
    expect(page.get_by_test_id("save-replay")).to_contain_text("ne se rejoue pas")
    expect(page.get_by_test_id("save-deep")).to_contain_text("imbriqué")
    expect(page.get_by_test_id("save-options")).to_contain_text("options")
    expect(page.get_by_test_id("save-badaction")).to_contain_text("ne se rejoue pas")
    # A reason in words, never an engine's traceback.
    expect(page.get_by_test_id("saves")).not_to_contain_text("Traceback")
    # Nothing was rewritten or removed; the good game still resumes.
    assert page.evaluate("id => localStorage.getItem('cosmoludo.save.' + id)", good) == good_text
    for key, text in DAMAGED.items():
        assert page.evaluate("k => localStorage.getItem('cosmoludo.save.' + k)", key) == text
    resume = page.get_by_test_id(f"resume-{good}")
    expect(resume).to_be_enabled()
    resume.click()
    assert wait_idle(page) == "human"
    # Opening a damaged save by its address explains itself instead of breaking the page.
    page.evaluate("() => { location.hash = '#/partie/future'; }")
    expect(page.get_by_test_id("game-error")).to_contain_text("plus récente")
    page.get_by_test_id("error-home").click()
    expect(page.get_by_test_id("start-screen")).to_be_visible()
    page.evaluate("() => { location.hash = '#/partie/deep'; }")
    expect(page.get_by_test_id("game-error")).to_contain_text("imbriqué")
    page.get_by_test_id("error-home").click()
    # A good save stored under a key the page would not make still resumes (its id is encoded in the address).
    page.evaluate("t => localStorage.setItem('cosmoludo.save.a.b é', t)", good_text)
    page.reload()
    wait_ready(page)
    page.get_by_test_id("resume-a.b é").click()
    assert wait_idle(page) == "human"
    page.get_by_test_id("home").click()
    # A damaged save can still be deleted, on purpose, with a confirmation.
    page.get_by_test_id("delete-broken").click()
    page.get_by_test_id("delete-broken").click()
    expect(page.get_by_test_id("save-broken")).to_have_count(0)
    assert page.evaluate("() => localStorage.getItem('cosmoludo.save.broken')") is None


def test_export_then_import_round_trip(ready_page: Page, tmp_path: Path) -> None:
    page = ready_page
    save_id = _one_game_with_moves(page, moves=4)
    board = page.get_by_test_id("board").inner_text()
    original = stored_save(page, save_id)
    page.get_by_test_id("home").click()
    with page.expect_download() as download:
        page.get_by_test_id(f"export-{save_id}").click()
    path = tmp_path / "export.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported == original
    assert download.value.suggested_filename.endswith(".json")
    # Delete the game, then bring it back from the file.
    page.get_by_test_id(f"delete-{save_id}").click()
    page.get_by_test_id(f"delete-{save_id}").click()
    expect(page.get_by_test_id(f"save-{save_id}")).to_have_count(0)
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("saves-status")).to_contain_text("importée")
    items = page.locator("[data-testid=saves] li.save")
    expect(items).to_have_count(1)
    new_id = items.first.get_attribute("data-save-id")
    assert new_id and new_id != save_id
    imported = stored_save(page, new_id)
    assert imported["actions"] == original["actions"] and imported["seed"] == original["seed"]
    assert imported["meta"]["seats"] == original["meta"]["seats"]
    page.get_by_test_id(f"resume-{new_id}").click()
    wait_idle(page)
    assert page.get_by_test_id("board").inner_text() == board


def test_importing_a_game_already_in_the_list_says_so_and_adds_nothing(ready_page: Page, tmp_path: Path) -> None:
    page = ready_page
    save_id = _one_game_with_moves(page, moves=2)
    original = stored_save(page, save_id)
    page.get_by_test_id("home").click()
    items = page.locator("[data-testid=saves] li.save")
    expect(items).to_have_count(1)
    path = tmp_path / "again.json"
    # The same game, its keys in another order and another meta: still the game in the list.
    path.write_text(json.dumps({**dict(reversed(list(original.items()))), "meta": {"id": "other"}}), encoding="utf-8")
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("saves-status")).to_contain_text("déjà dans la liste")
    expect(items).to_have_count(1)
    assert stored_save(page, save_id) == original
    # A copy that went one action less far is another position: it is imported.
    path.write_text(json.dumps({**original, "actions": original["actions"][:-1]}), encoding="utf-8")
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("saves-status")).to_contain_text("importée")
    expect(items).to_have_count(2)


def test_an_unknown_game_address_says_the_game_does_not_exist_and_leads_to_the_list(ready_page: Page) -> None:
    page = ready_page
    page.evaluate("() => { location.hash = '#/partie/no-such-game'; }")
    expect(page.get_by_test_id("game-missing")).to_contain_text("Cette partie n'existe pas")
    expect(page.get_by_test_id("export-game")).to_be_hidden()
    expect(page.get_by_test_id("log")).to_be_hidden()
    page.get_by_test_id("to-saves").click()
    expect(page.get_by_test_id("saves")).to_be_visible()


def test_bad_imports_are_refused_and_store_nothing(ready_page: Page, tmp_path: Path) -> None:
    page = ready_page
    cases = {
        "garbage.json": ("this is not json", "JSON"),
        "foreign.json": (DAMAGED["foreign"], "inconnu"),
        "future.json": (DAMAGED["future"], "plus récente"),
        "replay.json": (DAMAGED["replay"], "ne se rejoue pas"),
        "options.json": (DAMAGED["options"], "options"),
        "badaction.json": (DAMAGED["badaction"], "n'est pas un nombre entier"),
        "big.json": ("[" + "0," * 600_000 + "0]", "dépasse"),
        # Twice: the first deep import used to kill Pyodide, and the second then waited for ever.
        "deep.json": (DAMAGED["deep"], "imbriqué"),
        "deep-again.json": (DAMAGED["deep"], "imbriqué"),
    }
    for name, (text, reason) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        page.get_by_test_id("import-file").set_input_files(str(path))
        status = page.get_by_test_id("saves-status")
        expect(status).to_contain_text("Import refusé")
        expect(status).to_contain_text(reason)
        expect(status).not_to_contain_text("Traceback")
        if name != "deep-again.json":
            page.evaluate("() => { document.querySelector('[data-testid=saves-status]').textContent = ''; }")
    # The last refusal follows the language toggle, the engine's reason included.
    page.get_by_test_id("lang-toggle").click()
    expect(page.get_by_test_id("saves-status")).to_have_text("Import refused: Save: JSON text nested too deeply.")
    page.get_by_test_id("lang-toggle").click()
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('cosmoludo.save.')).length") == 0
    expect(page.get_by_test_id("saves-empty")).to_be_visible()
    # The engine is still alive.
    set_bot_delay(page, 0)
    new_game(page, [("human", "Alice"), ("bot", "aleatoire")])
    assert wait_idle(page) == "human"


def test_a_full_storage_is_reported_and_the_game_goes_on(ready_page: Page) -> None:
    page = ready_page
    save_id = _one_game_with_moves(page, moves=1)
    stored_before = stored_save(page, save_id)
    page.evaluate("""() => {
      const original = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (String(key).startsWith('cosmoludo.save.')) throw new DOMException('full', 'QuotaExceededError');
        return original.call(this, key, value);
      };
    }""")
    before = action_count(page)
    play_one_step(page)
    warning = page.get_by_test_id("storage-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("pleine")
    assert action_count(page) > before
    play_one_step(page)
    # The last stored version is intact (not half-written), and the game is still playable.
    assert stored_save(page, save_id) == stored_before
    assert wait_idle(page) in ("human", "over")


def test_an_imported_file_with_html_names_and_odd_seats_is_cleaned_and_shown_as_text(ready_page: Page,
                                                                                      tmp_path: Path) -> None:
    page = ready_page
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    save = save_where(2, {}, lambda v: v["phase"] == "play" and v["current"] == 0 and v["deck_count"] < 40)
    save["meta"] = {"seats": [{"kind": "human", "name": "<script>alert(1)</script>"},
                              {"kind": "wizard", "name": "<img src=x onerror=alert(2)>", "level": "godlike"}],
                    "created": "yesterday"}
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("saves-status")).to_contain_text("importée")
    item = page.locator("[data-testid=saves] li.save").first
    expect(item).to_contain_text("<script>alert(1)</script>")
    new_id = item.get_attribute("data-save-id")
    seats = stored_save(page, new_id)["meta"]["seats"]
    assert seats[1]["kind"] == "human"  # an unknown kind becomes a human seat, never code or markup
    page.get_by_test_id(f"resume-{new_id}").click()
    assert wait_idle(page) == "handover"
    expect(page.get_by_test_id("handover")).to_contain_text("<script>alert(1)</script>")
    assert page.locator("#app img, #app script").count() == 0
    assert not dialogs


def test_the_game_screen_exports_the_same_file_as_the_saved_games_list(ready_page: Page, tmp_path: Path) -> None:
    page = ready_page
    save_id = _one_game_with_moves(page, moves=3)
    assert wait_idle(page) == "human"
    with page.expect_download() as from_game:
        page.get_by_test_id("export-game").click()
    expect(page.get_by_test_id("notice")).to_contain_text("Fichier exporté")
    in_game = tmp_path / "in-game.json"
    from_game.value.save_as(in_game)
    assert from_game.value.suggested_filename.endswith(".json")
    page.get_by_test_id("home").click()
    with page.expect_download() as from_list:
        page.get_by_test_id(f"export-{save_id}").click()
    listed = tmp_path / "listed.json"
    from_list.value.save_as(listed)
    assert in_game.read_bytes() == listed.read_bytes()
    exported = json.loads(in_game.read_text(encoding="utf-8"))
    assert exported == stored_save(page, save_id) and len(exported["actions"]) >= 3
    # The toolbar button follows the language toggle.
    page.get_by_test_id(f"resume-{save_id}").click()
    wait_idle(page)
    expect(page.get_by_test_id("export-game")).to_contain_text("Exporter")
    page.get_by_test_id("lang-toggle").click()
    expect(page.get_by_test_id("export-game")).to_contain_text("Export")
    page.get_by_test_id("lang-toggle").click()
