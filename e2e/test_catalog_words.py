"""The pages name the engine's things in the catalog's words: the static tables (py/cosmoludo/core/state.py
catalog_tables) travel once with the catalog, never in a view, and are written nowhere in web/games
(tests/test_catalog_tables.py). Here: Kroll & Prumni's companies, Les Cochons de l'Espace's clans and Galaxy
Trucker's card in play, shown from those tables in French and in English."""
from __future__ import annotations

from playwright.sync_api import Page, expect
from ui_helpers import galaxy_flight_save, inject_save, set_bot_delay

from cosmoludo import games
from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker.data import CARDS

ALICE_AND_A_BOT = [{"kind": "human", "name": "Alice"}, {"kind": "bot", "name": "Robot", "level": "facile"}]


def _tables(game: str) -> dict:
    return next(g for g in games.catalog() if g["id"] == game)["tables"]


def _switch_language(page: Page) -> None:
    page.get_by_test_id("lang-toggle").click()


def test_kroll_names_its_companies_from_the_catalog(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 60_000)  # the position stays put while it is read
    inject_save(page, games.new_game("kroll-et-prumni", 2, {}, 1).to_save(), ALICE_AND_A_BOT)
    companies = _tables("kroll-et-prumni")["companies"]
    for seat in (0, 1):
        expect(page.get_by_test_id(f"kp-seat-{seat}")).to_contain_text(companies[seat]["fr"])
    expect(page.get_by_test_id("kp-seat-0")).to_contain_text("(jaune ◆)")
    _switch_language(page)
    expect(page.get_by_test_id("kp-seat-0")).to_contain_text(f"{companies[0]['en']} (yellow ◆)")
    _switch_language(page)


def test_cochons_names_its_clans_from_the_catalog(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 60_000)
    state = games.new_game("cochons-de-l-espace", 3, {}, 4)
    seats = [*ALICE_AND_A_BOT, {"kind": "bot", "name": "Robot 2", "level": "facile"}]
    inject_save(page, state.to_save(), seats)
    names = _tables("cochons-de-l-espace")["clan_names"]
    clans = state.view(None)["clans"]
    screen = page.get_by_test_id("game-screen")
    for clan in clans:
        expect(screen).to_contain_text(names[clan]["fr"])
    _switch_language(page)
    for clan in clans:
        expect(screen).to_contain_text(names[clan]["en"])
    _switch_language(page)


def test_galaxy_trucker_names_the_card_in_play_from_the_catalog(ready_page: Page) -> None:
    page = ready_page
    set_bot_delay(page, 60_000)
    save = galaxy_flight_save(0, lambda g: bool(g.card), "a card in play")
    inject_save(page, save, ALICE_AND_A_BOT)
    name = _tables("galaxy-trucker")["card_names"][CARDS[games.load(save).card]["type"]]
    card = page.get_by_test_id("card")
    expect(card).to_contain_text(name["fr"])
    _switch_language(page)
    expect(card).to_contain_text(name["en"])
    _switch_language(page)


def test_galaxy_trucker_shows_a_looked_at_pile_from_the_catalogs_cards(ready_page: Page) -> None:
    """A view names the pile's cards by id only: their data and names come from the catalog's tables."""
    page = ready_page
    g = GalaxyTrucker(2, {"detendu": True, "classe3": "III"}, 5)
    for kind in ("take", "place", "peek"):  # a component placed, then pile 1 looked at
        g.apply(0, next(a for a in g.build_actions(0, 1000) if a["type"] == kind))
    seen = g.view(0)["pile_seen"]["cards"]
    assert seen and "cards_shown" not in g.view(0)
    inject_save(page, g.to_save(), ALICE_AND_A_BOT)
    tables = _tables("galaxy-trucker")
    pile = page.get_by_test_id("pile-seen")
    expect(pile.locator("li")).to_have_count(len(seen))
    for cid in seen:
        expect(pile).to_contain_text(tables["card_names"][tables["cards"][cid]["type"]]["fr"])


def test_galaxy_trucker_names_goods_in_the_catalogs_words(ready_page: Page) -> None:
    """The goods' colours come from the catalog (tables.goods: the log's own words, « verte », « bleue » agreeing
    with « marchandise »): here the buttons of the goods to lose, in French and in English."""
    page = ready_page
    set_bot_delay(page, 60_000)
    save = galaxy_flight_save(2, lambda g: g.asks[0].kind == "lose_goods", "goods to lose")
    inject_save(page, save, ALICE_AND_A_BOT)
    goods = _tables("galaxy-trucker")["goods"]
    acts = [a for a in games.load(save).legal_actions(0) if a["type"] == "lose_good"]
    assert len(acts) >= 2
    buttons = page.locator("[data-testid^=act-lose_good-]")
    for lang, hold, verb in (("fr", "soute", "Perdre"), ("en", "hold", "Lose")):
        expect(buttons).to_have_count(len(acts))
        expect(buttons.first).to_contain_text(verb)
        wanted = sorted(f"{verb} {goods[a['good']][lang]} ({hold} {a['cell'][0]}-{a['cell'][1]})" for a in acts)
        assert sorted(buttons.all_inner_texts()) == wanted
        _switch_language(page)


def test_rencontre_names_what_the_escamoteur_makes_vanish_from_the_catalog(ready_page: Page) -> None:
    """The Escamoteur's choices (what vanishes for the turn) are named from the catalog (tables.escamotable, the
    engine's names), in French and in English."""
    page = ready_page
    set_bot_delay(page, 60_000)
    state = games.new_game("rencontre-cosmique", 3, {"pouvoirs_bonus": True, "nb_pouvoirs": 4}, 1)
    items = [a["item"] for a in state.legal_actions(0) if a["type"] == "escamote"]
    assert state.to_move() == [0] and len(items) >= 2  # seat 0 holds the Escamoteur: the turn opens with its choice
    seats = [*ALICE_AND_A_BOT, {"kind": "bot", "name": "Robot 2", "level": "facile"}]
    inject_save(page, state.to_save(), seats)
    names = _tables("rencontre-cosmique")["escamotable"]
    buttons = page.locator("[data-testid^=act-escamote]")
    for lang, verb in (("fr", "Faire disparaître"), ("en", "Make")):
        expect(buttons).to_have_count(len(items))
        expect(buttons.first).to_contain_text(verb)
        texts = " | ".join(buttons.all_inner_texts())
        assert all(names[item][lang] in texts for item in items), texts
        _switch_language(page)
