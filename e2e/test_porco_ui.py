"""Porco Crasso through the interface: a full game against bots, refusals, undo, reload, language, safe names."""
from __future__ import annotations

from playwright.sync_api import Page, expect
from ui_helpers import (
    action_count,
    check_finished_save,
    hand_cards,
    inject_save,
    new_game,
    play_one_step,
    play_to_the_end,
    porco_under_way,
    report_click_to_render,
    save_where,
    set_bot_delay,
    shown,
    stored_save,
    wait_idle,
)

MAX_STEPS = 1500
ALICE_VS_BOT = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot", "level": "aleatoire"}]


def playable_start(view: dict) -> bool:
    """Seat 0 to play with at least one playable card (no stuck hand), so a move can be taken back."""
    return view["seat"] == 0 and view["phase"] == "play" and view["legal_actions"] != [{"type": "stuck"}]


def test_a_full_game_against_two_bots_is_played_to_the_end(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 0)
    save_id = new_game(page, [("human", "Alice"), ("bot", "aleatoire"), ("bot", "facile")])
    done = play_to_the_end(lambda _: play_one_step(page), MAX_STEPS)
    assert any(step.startswith("play") for step in done)
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    expect(page.get_by_test_id("winners")).not_to_be_empty()
    save = stored_save(page, save_id)
    assert save["format"] == "cosmoludo-save" and save["meta"]["seats"][0]["name"] == "Alice"
    # The stored save is complete and replays to a finished game.
    check_finished_save(page, save)
    assert report_click_to_render(page, "Porco Crasso") > 3
    # The saved list shows it as finished.
    page.get_by_test_id("end-home").click()
    expect(page.get_by_test_id(f"save-{save_id}")).to_contain_text("✔")


def _targeted_card_selected(page: Page) -> bool:
    """Select a hand card that has a legal pig target; play on until one comes (False if none came)."""
    for _ in range(10):
        wait_idle(page)
        cards = page.locator("[data-testid=hand] button.card:enabled")
        kinds = cards.evaluate_all("bs => bs.map(b => b.dataset.card)")
        for i, kind in enumerate(kinds):
            if kind in ("boue", "porcherie", "paratonnerre", "barricade", "foudre", "decrassage"):
                cards.nth(i).click()
                if page.locator("[data-testid=board] .pig[data-legal=true]").count():
                    return True
                page.get_by_test_id("cancel-selection").click()
        play_one_step(page)
    return False


def test_an_illegal_target_shows_the_engines_reason_and_changes_nothing(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 0)
    new_game(page, [("human", "Alice"), ("bot", "aleatoire")])
    assert _targeted_card_selected(page)
    before = action_count(page)
    illegal = page.locator("[data-testid=board] .pig[data-legal=false]").first
    illegal.click()
    refusal = page.get_by_test_id("refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_contain_text("Refusé")
    assert len(refusal.inner_text()) > 15
    assert action_count(page) == before
    # Legal targets stay highlighted and marked by a symbol, not only by colour.
    expect(page.locator(".pig[data-legal=true]").first).to_contain_text("✓")


def test_undo_takes_back_the_card_before_drawing(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 0)
    inject_save(page, save_where(2, {}, playable_start), ALICE_VS_BOT)
    wait_idle(page)
    undo = page.get_by_test_id("undo")
    expect(undo).to_be_hidden()
    hand = hand_cards(page)
    before = action_count(page)
    page.locator("[data-testid=hand] button.card").first.click()
    page.get_by_test_id("discard-card").click()
    expect(page.get_by_test_id("draw")).to_be_visible()
    expect(page.get_by_test_id("prompt-text")).to_contain_text("Carte défaussée.")  # not « Carte jouée »
    expect(undo).to_be_visible()
    assert action_count(page) == before + 1
    undo.click()
    expect(page.get_by_test_id("draw")).to_be_hidden()
    expect(undo).to_be_hidden()
    wait_idle(page)
    assert action_count(page) == before
    assert sorted(hand_cards(page)) == sorted(hand)


def test_reload_mid_game_resumes_exactly(ready_page: Page, wait_ready) -> None:
    page = ready_page
    save_id = porco_under_way(page, 8)  # stopped on a human decision with a card selected-free board
    board = page.get_by_test_id("board").inner_text()
    log = page.get_by_test_id("log").inner_text()
    actions = action_count(page)
    url = page.url
    page.reload()
    wait_ready(page)
    assert page.url == url
    wait_idle(page)
    assert action_count(page) == actions == len(stored_save(page, save_id)["actions"])
    assert page.get_by_test_id("board").inner_text() == board
    assert page.get_by_test_id("log").inner_text() == log


def test_language_toggle_switches_everything_and_is_remembered(ready_page: Page, wait_ready) -> None:
    page = ready_page
    toggle = page.get_by_test_id("lang-toggle")
    expect(page.get_by_test_id("new-porco-crasso")).to_have_text("Nouvelle partie")
    expect(toggle).to_have_text("English")
    toggle.click()
    expect(page.get_by_test_id("new-porco-crasso")).to_have_text("New game")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("new-porco-crasso")).to_have_text("New game")
    set_bot_delay(page, 0)
    new_game(page, [("human", "Alice"), ("bot", "aleatoire")])
    wait_idle(page)
    expect(page.get_by_test_id("home")).to_contain_text("Home")
    expect(page.get_by_test_id("seat-0")).to_contain_text("Pig 1")
    page.get_by_test_id("lang-toggle").click()
    expect(page.get_by_test_id("home")).to_contain_text("Accueil")
    expect(page.get_by_test_id("seat-0")).to_contain_text("Cochon 1")
    # The rules page follows the language too and carries this version's rulings.
    page.get_by_test_id("open-rules").click()
    rules = page.get_by_test_id("rules")
    expect(rules).to_contain_text("Précisions de cette version")
    page.get_by_test_id("rules-lang").click()
    expect(rules).to_contain_text("Rulings in this version")
    page.get_by_test_id("close-rules").click()
    expect(rules).to_have_count(0)


def test_a_name_made_of_html_is_shown_as_text(ready_page: Page) -> None:
    page = ready_page
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    name = "<img src=x onerror=alert(1)>"
    set_bot_delay(page, 0)
    new_game(page, [("human", name), ("bot", "aleatoire")])
    wait_idle(page)
    expect(page.get_by_test_id("seat-0").locator("h3")).to_have_text(shown(name))
    assert page.locator("#app img").count() == 0
    page.get_by_test_id("home").click()
    expect(page.get_by_test_id("saves")).to_contain_text(name)
    assert page.locator("#app img").count() == 0
    assert not dialogs


def test_the_new_game_dialog_offers_every_option_of_the_catalog(ready_page: Page) -> None:
    page = ready_page
    catalog = page.evaluate("async () => (await import('./web/engine.js')).engine.catalog()")
    porco = next(g for g in catalog if g["id"] == "porco-crasso")
    page.get_by_test_id("new-porco-crasso").click()
    for option in porco["options"]:
        expect(page.get_by_test_id(f"option-{option['id']}")).to_contain_text(option["label"]["fr"])
    levels = page.get_by_test_id("seat-1-kind").locator("option").all_inner_texts()
    for level in porco["bots"]:
        assert any(level["label"]["fr"] in text for text in levels)
    page.get_by_test_id("cancel-new-game").click()
    for game in catalog:
        if not game["available"]:
            expect(page.get_by_test_id(f"soon-{game['id']}")).to_be_visible()



def test_lucky_bird_lets_the_player_play_the_other_cards(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 0)
    save = save_where(2, {"coquettruie": True},
                      lambda v: v["phase"] == "oiseau" and v["current"] == 0 and v["oiseau"]["count"] == 2)
    inject_save(page, save, ALICE_VS_BOT)
    assert wait_idle(page) == "human"
    expect(page.get_by_test_id("prompt-text")).to_contain_text("Oiseau de bon augure")
    expect(page.locator("[data-testid=oiseau-cards] button.card")).to_have_count(2)
    play_one_step(page)
    expect(page.locator("[data-testid=oiseau-cards] button.card")).to_have_count(1)
    play_one_step(page)
    expect(page.get_by_test_id("oiseau-cards")).to_have_count(0)
    expect(page.get_by_test_id("draw")).to_contain_text("Piocher 3 cartes")


def test_a_stuck_hand_is_shown_and_replaced(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 0)
    save = save_where(2, {}, lambda v: v["seat"] == 0 and v["legal_actions"] == [{"type": "stuck"}])
    inject_save(page, save, ALICE_VS_BOT)
    assert wait_idle(page) == "human"
    expect(page.get_by_test_id("prompt-text")).to_contain_text("Aucune de vos cartes")
    # Trying a card anyway gets the engine's explanation.
    page.locator("[data-testid=hand] button.card").first.click()
    page.get_by_test_id("discard-card").click()
    expect(page.get_by_test_id("refusal")).to_contain_text("Aucune carte jouable")
    page.get_by_test_id("stuck").click()
    expect(page.get_by_test_id("log")).to_contain_text("ne peut rien jouer et montre sa main")


def test_cochonpetition_scoreboard_and_next_game(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 0)
    save = save_where(2, {"cochonpetition": True},
                      lambda v: v["phase"] == "between_games" and v["game_winner"] == 0 and v["match"]["game_no"] == 1)
    inject_save(page, save, ALICE_VS_BOT)
    assert wait_idle(page) == "human"
    board = page.get_by_test_id("scoreboard")
    expect(board).to_contain_text("Cochonpétition — partie 1")
    expect(page.get_by_test_id("match-points-0")).not_to_have_text("0 pt")
    expect(page.get_by_test_id("prompt-text")).to_contain_text(f"{shown('Alice')} a gagné la partie 1")
    page.get_by_test_id("next-game").click()
    expect(board).to_contain_text("Cochonpétition — partie 2")
    expect(page.get_by_test_id("end-screen")).to_be_hidden()


def test_pepere_pigs_carry_a_badge(ready_page: Page) -> None:
    page = ready_page
    save = save_where(2, {}, lambda v: v["seat"] == 0 and v["phase"] == "play"
                      and any(p["pepere"] for p in v["pigs"][0]))
    inject_save(page, save, [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bruno"}])
    page.get_by_test_id("handover-ok").click()
    wait_idle(page)
    badge = page.locator("[data-testid^=pepere-0-]").first
    expect(badge).to_have_text("★ Pépère")


def test_keyboard_only_turn(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 0)
    inject_save(page, save_where(2, {}, playable_start), ALICE_VS_BOT)
    wait_idle(page)
    active = "document.activeElement.dataset.testid || ''"
    # A new turn puts the keyboard on the first card; Enter selects it and moves to its first legal
    # target (or to the Play / Discard buttons); Enter again acts; then Enter on the Draw button.
    assert page.evaluate(active).startswith("card-")
    before = action_count(page)
    page.keyboard.press("Enter")
    target = page.evaluate(active)
    assert target.startswith("pig-") or target in ("play-card", "discard-card"), target
    if target.startswith("pig-"):
        assert page.evaluate("document.activeElement.dataset.legal") == "true"
    page.keyboard.press("Enter")
    page.wait_for_function("n => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > n",
                           arg=before)
    wait_idle(page)
    if page.get_by_test_id("draw").count():
        assert page.evaluate(active) == "draw"
        page.keyboard.press("Enter")
        page.wait_for_function(
            "n => Number(document.querySelector('[data-testid=game-screen]').dataset.actions) > n + 1", arg=before)
    # Tab walks through the hand's cards.
    wait_idle(page)
    page.locator("[data-testid=hand] button.card").first.focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('card')")


def test_bot_speed_is_a_visible_setting_that_is_remembered(ready_page: Page) -> None:
    page = ready_page
    new_game(page, [("human", "Alice"), ("bot", "aleatoire")])
    speed = page.get_by_test_id("bot-speed")
    expect(speed).to_be_visible()
    speed.select_option("0")
    assert page.evaluate("JSON.parse(localStorage.getItem('cosmoludo.settings')).botDelay") == 0
    speed.select_option("1500")
    assert page.evaluate("JSON.parse(localStorage.getItem('cosmoludo.settings')).botDelay") == 1500


def test_bot_speed_holds_for_the_visit_when_the_storage_refuses_it(ready_page: Page) -> None:
    page = ready_page
    new_game(page, [("human", "Alice"), ("bot", "aleatoire")])
    speed = page.get_by_test_id("bot-speed")
    speed.select_option("1500")
    page.evaluate("() => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }")
    speed.select_option("0")
    page.get_by_test_id("lang-toggle").click()  # redraws the game screen from the settings
    page.get_by_test_id("lang-toggle").click()
    expect(page.get_by_test_id("bot-speed")).to_have_value("0")


def test_names_keep_their_own_direction_and_are_never_read_as_placeholders(ready_page: Page) -> None:
    page = ready_page
    page.set_viewport_size({"width": 375, "height": 667})
    set_bot_delay(page, 60_000)  # the bot « thinks » while the test looks at the prompt
    page.get_by_test_id("new-porco-crasso").click()
    page.get_by_test_id("players").select_option("2")
    page.get_by_test_id("seat-0-kind").select_option("human")
    page.get_by_test_id("seat-0-name").fill("\u202e" + "W" * 39)  # right-to-left override, then 39 letters
    page.get_by_test_id("seat-1-kind").select_option("bot:aleatoire")
    page.get_by_test_id("seat-1-name").fill("{P0}")
    page.get_by_test_id("start-game").click()
    screen = page.get_by_test_id("game-screen")
    for _ in range(12):
        page.wait_for_function("() => { const s = document.querySelector('[data-testid=game-screen]');"
                               " return s && ['bot', 'human', 'over'].includes(s.dataset.mode); }")
        if screen.get_attribute("data-mode") != "human":
            break
        play_one_step(page)
    assert screen.get_attribute("data-mode") == "bot"
    # The bot's name is shown as it is, not replaced by seat 0's name.
    expect(page.get_by_test_id("prompt-text")).to_contain_text(shown("{P0}") + " (robot)")
    expect(page.get_by_test_id("seat-1").locator("h3")).to_have_text(shown("{P0}"))
    # The override is dropped and the name isolated: the rest of a log line keeps its direction.
    mine = shown("W" * 39)
    expect(page.get_by_test_id("seat-0").locator("h3")).to_have_text(mine)
    assert any(mine in line for line in page.get_by_test_id("log").locator("li").all_inner_texts())
    assert "\u202e" not in page.locator("#app").inner_text()
    # A 39-letter word wraps: nothing is wider than the phone's screen.
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_play_again_from_the_end_screen(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 0)
    save = save_where(2, {}, lambda v: False if v["over"] else v["phase"] == "draw" and v["current"] == 1
                      and sum(p["dirty"] for p in v["pigs"][1]) == len(v["pigs"][1]) - 1)
    inject_save(page, save, ALICE_VS_BOT)
    for _ in range(200):
        if play_one_step(page) == "over":
            break
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    first_url = page.url
    page.get_by_test_id("play-again").click()
    page.wait_for_function("u => location.href !== u", arg=first_url)
    assert wait_idle(page) == "human"
    expect(page.get_by_test_id("seat-0").locator("h3")).to_have_text(shown("Alice"))


def test_the_dialog_builds_choice_and_int_options_for_the_player_counts_they_apply_to(ready_page: Page) -> None:
    """Porco Crasso has only switches; the dialog also handles choices and integers from any game's catalog."""
    page = ready_page
    page.evaluate("""async () => {
      const { openNewGame } = await import('./web/ui/newgame.js');
      openNewGame({
        id: 'demo', title: {fr: 'Démo', en: 'Demo'}, min_players: 2, max_players: 4, available: true,
        bots: [{id: 'normal', label: {fr: 'Normal', en: 'Normal'}, default: true}],
        options: [
          {id: 'map', type: 'choice', default: 'b', label: {fr: 'Carte', en: 'Map'}, help: {fr: '', en: ''},
           players: null, values: [{value: 'a', label: {fr: 'Petite', en: 'Small'}},
                                   {value: 'b', label: {fr: 'Grande', en: 'Large'}}]},
          {id: 'rounds', type: 'int', default: 5, min: 3, max: 9, label: {fr: 'Manches', en: 'Rounds'},
           help: {fr: 'De 3 à 9.', en: 'From 3 to 9.'}, players: [3, 4]},
        ],
      }, {});
    }""")
    expect(page.get_by_test_id("new-game-dialog")).to_contain_text("Nouvelle partie de Démo")
    choice = page.locator("[data-testid=option-map] select")
    expect(choice.locator("option:checked")).to_have_text("Grande")
    number = page.locator("[data-testid=option-rounds] input[type=number]")
    expect(number).to_have_value("5")
    expect(number).to_have_attribute("min", "3")
    page.get_by_test_id("players").select_option("2")
    expect(page.get_by_test_id("option-rounds")).to_have_count(0)
    page.get_by_test_id("players").select_option("4")
    expect(page.get_by_test_id("option-rounds")).to_be_visible()
    expect(page.locator("[data-testid^=seat-setup-]")).to_have_count(4)


def test_cochonpetition_tie_break_shows_who_sits_out(ready_page: Page) -> None:
    page = ready_page
    save = save_where(3, {"cochonpetition": True},
                      lambda v: bool(v["match"] and v["match"]["tiebreak"]) and not all(v["in_game"])
                      and v["phase"] == "play")
    seats = [{"kind": "human", "name": n} for n in ("Alice", "Bruno", "Chloé")]
    inject_save(page, save, seats)
    page.get_by_test_id("handover-ok").click()
    assert wait_idle(page) == "human"
    expect(page.get_by_test_id("scoreboard")).to_contain_text("Partie de départage")
    out = [s for s in range(3) if page.get_by_test_id(f"seat-{s}").locator(".sits-out").count()]
    assert len(out) == 1
    expect(page.get_by_test_id(f"seat-{out[0]}").locator(".pig")).to_have_count(0)


def test_the_new_game_dialog_follows_the_language_toggle_and_keeps_the_choices(ready_page: Page) -> None:
    page = ready_page
    page.get_by_test_id("new-porco-crasso").click()
    dialog = page.get_by_test_id("new-game-dialog")
    expect(dialog).to_contain_text("Nouvelle partie de")
    page.get_by_test_id("players").select_option("3")
    page.get_by_test_id("seat-1-kind").select_option("human")
    page.get_by_test_id("seat-1-name").fill("Zoé <b>&amp;</b>")
    page.get_by_test_id("seat-2-kind").select_option("bot:aleatoire")
    box = page.locator("[data-testid=option-coquettruie] input[type=checkbox]")
    box.set_checked(not box.is_checked())
    checked = box.is_checked()
    # The page's own toggle is behind the modal dialog: the dialog carries one.
    page.get_by_test_id("new-game-lang").click()
    expect(dialog).to_contain_text("New game of")
    expect(page.get_by_test_id("start-game")).to_have_text("Start")
    expect(page.get_by_test_id("lang-toggle")).to_have_text("Français")  # the whole page switched
    expect(page.get_by_test_id("players")).to_have_value("3")
    expect(page.get_by_test_id("seat-0-name")).to_have_value("Player 1")  # an untouched default name follows
    expect(page.get_by_test_id("seat-1-name")).to_have_value("Zoé <b>&amp;</b>")
    expect(page.get_by_test_id("seat-1-kind")).to_have_value("human")
    expect(page.get_by_test_id("seat-2-kind")).to_have_value("bot:aleatoire")
    expect(page.locator("[data-testid=seat-2-kind] option[value='human']")).to_have_text("Human")
    assert page.locator("[data-testid=option-coquettruie] input[type=checkbox]").is_checked() == checked
    # The page's toggle, used while the dialog is open (by a script or an assistive tool), re-renders it too.
    page.evaluate("document.querySelector('[data-testid=lang-toggle]').click()")
    expect(dialog).to_contain_text("Nouvelle partie de")
    expect(page.get_by_test_id("seat-0-name")).to_have_value("Joueur 1")
    expect(page.get_by_test_id("seat-1-name")).to_have_value("Zoé <b>&amp;</b>")
    page.get_by_test_id("start-game").click()
    page.wait_for_url("**#/partie/*")
    if wait_idle(page) == "handover":  # two humans at the table
        page.get_by_test_id("handover-ok").click()
        wait_idle(page)
    expect(page.get_by_test_id("seat-1").locator("h3")).to_have_text(shown("Zoé <b>&amp;</b>"))


def test_two_humans_may_not_share_a_name(ready_page: Page) -> None:
    """Hand-overs name the player who takes the device: two « Zoé » could not be told apart."""
    page = ready_page
    page.get_by_test_id("new-porco-crasso").click()
    page.get_by_test_id("seat-0-name").fill("Zoé")
    page.get_by_test_id("seat-1-kind").select_option("human")
    page.get_by_test_id("seat-1-name").fill(" zoé ")
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("new-game-error")).to_contain_text("Deux joueurs s'appellent « zoé »")
    assert "#/partie/" not in page.url
    page.get_by_test_id("seat-1-name").fill("Zoë")
    page.get_by_test_id("start-game").click()
    page.wait_for_url("**#/partie/*")
