"""Static tables travel once, in the catalog: no view carries them, and the page's words for them are the engine's.

A game's `catalog_tables()` (card and power texts, tile tables, the map, names of things) is sent with its catalog
entry; a view names those things by id. These tests check that each game's tables are in the catalog and in no view,
that nothing large is repeated identically in every view, and that the texts of the tables are not written again in
the page's JavaScript (web/games), which takes them from the catalog.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cosmoludo import bridge, games
from cosmoludo.core.bots import random_action
from cosmoludo.core.registry import GAMES
from cosmoludo.core.rng import Rng

WEB_GAMES = Path(__file__).resolve().parent.parent / "web" / "games"

#: The tables each game's page reads from its catalog entry.
TABLES = {
    "porco-crasso": {"cards"},
    "rencontre-cosmique": {"cards", "power_texts", "questions", "colour_names", "words", "escamotable"},
    "cochons-de-l-espace": {"cards", "clan_names", "extra_pig_names"},
    "kroll-et-prumni": {"map", "companies", "ship_kinds"},
    "galaxy-trucker": {"tiles", "kinds", "cards", "card_names", "sides", "goods"},
}

#: Words of a table the page may also write as a label of its own: the Scrofa's power « Extra-Mouve » is named
#: after the card it plays for free (web/games/cochons-de-l-espace.js POWER_NAMES), not a copy of the card's table.
SAME_WORD = {"cochons-de-l-espace": {"Extra-Mouve", "Extra-Move"}}

#: A value this long (JSON characters) that is the same in every view of several games is a static table.
STATIC_SIZE = 500


def _views(game: str, steps: int = 40) -> list[dict[str, Any]]:
    """Every seat's view (and a spectator's) after each of the first `steps` random actions of games of each size."""
    cls = GAMES[game]
    out: list[dict[str, Any]] = []
    for players in range(cls.min_players, min(cls.max_players, 4) + 1):
        state = games.new_game(game, players, {}, players)
        rng = Rng(players)
        for _ in range(steps):
            out.extend(state.view(s) for s in [None, *range(players)])
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, random_action(state, seat, rng))
    return out


def test_every_game_has_its_tables_in_the_catalog():
    catalog = {g["id"]: g for g in json.loads(bridge.catalog())}
    assert set(TABLES) <= set(catalog)
    for game, names in TABLES.items():
        tables = catalog[game]["tables"]
        assert set(tables) == names, game
        assert tables == json.loads(json.dumps(GAMES[game].catalog_tables())), game
        assert all(tables[name] for name in names), game


@pytest.mark.parametrize("game", sorted(GAMES))  # every registered game, a new one too
def test_no_view_carries_a_static_table(game):
    views = _views(game)
    tables = GAMES[game].catalog_tables()
    for v in views:
        assert not set(tables) & set(v), f"{game}: a view carries {sorted(set(tables) & set(v))}"
    # Nothing else large is the same in every view (it would belong in the catalog too).
    first = {k: json.dumps(x, sort_keys=True) for k, x in views[0].items()}
    static = {k for k, x in first.items() if len(x) >= STATIC_SIZE
              and all(json.dumps(v.get(k), sort_keys=True) == x for v in views)}
    assert not static, f"{game}: every view repeats {sorted(static)}"


def test_rencontre_tables_name_every_card_power_question_and_colour():
    from cosmoludo.games.rencontre_cosmique.data import CARDS, COLOUR_NAMES, POWERS, QUESTIONS

    tables = GAMES["rencontre-cosmique"].catalog_tables()
    assert set(tables["cards"]) == {c.id for c in CARDS}
    assert set(tables["power_texts"]) == {p.id for p in POWERS}
    assert tables["questions"] == {q: {"fr": d["fr"], "en": d["en"]} for q, d in QUESTIONS.items()}
    assert tables["colour_names"] == COLOUR_NAMES


def test_rencontres_escamotable_names_open_the_logs_texts():
    """What the Escamoteur makes vanish: the page's short names (tables.escamotable) are the engine's, and each of
    the log's texts (data.ESCAMOTABLE) opens with its name."""
    from cosmoludo.games.rencontre_cosmique.data import ESCAMOTABLE

    names = GAMES["rencontre-cosmique"].catalog_tables()["escamotable"]
    assert set(names) == set(ESCAMOTABLE)
    for item, name in names.items():
        for lang in ("fr", "en"):
            assert ESCAMOTABLE[item][lang].lower().startswith(name[lang].lower() + (" :" if lang == "fr" else ":"))


def test_galaxy_trucker_goods_are_the_logs_words():
    """One source for the goods' colours: the page's (tables.goods) are the log's, French agreeing with « une
    marchandise » (verte, bleue)."""
    from cosmoludo.games.galaxy_trucker.words import GOODS_WORDS, good

    goods = GAMES["galaxy-trucker"].catalog_tables()["goods"]
    assert set(goods) == set(GOODS_WORDS) == {"R", "Y", "G", "B"}
    assert all((goods[x]["fr"], goods[x]["en"]) == good(x) for x in goods)
    assert (goods["G"]["fr"], goods["B"]["fr"]) == ("verte", "bleue")


def _texts(value: Any) -> set[str]:
    """Every French and English text in a table (the values of {"fr", "en"} pairs, at any depth)."""
    if isinstance(value, dict):
        own = {value[k] for k in ("fr", "en") if isinstance(value.get(k), str)}
        return own.union(*(_texts(x) for x in value.values()))
    if isinstance(value, list):
        return set().union(*(_texts(x) for x in value))
    return set()


def _ids(value: Any) -> set[str]:
    """Every key of a table at any depth: ids the page names things by (an English name may be its own id)."""
    if isinstance(value, dict):
        return set(value).union(*(_ids(x) for x in value.values()))
    if isinstance(value, list):
        return set().union(*(_ids(x) for x in value))
    return set()


def _js_strings(game: str) -> set[str]:
    """The string literals of the game's page (web/games/<game>.js and web/games/<game>/*.js), template pieces
    split at their ${…}."""
    found: set[str] = set()
    for path in [p for p in [WEB_GAMES / f"{game}.js"] if p.exists()] + sorted((WEB_GAMES / game).glob("*.js")):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"|`([^`]*)`', text):
            found.update(re.split(r"\$\{[^}]*\}", m.group(1) if m.group(1) is not None else m.group(2)))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))  # every registered game, a new one too
def test_the_page_does_not_write_the_catalogs_texts_again(game):
    """The page shows the catalog's words: none of them is written again as a string of the game's page."""
    tables = GAMES[game].catalog_tables()
    words = _texts(tables) - _ids(tables) - SAME_WORD.get(game, set()) - {""}
    # A template's words between its {placeholders} count too (the page would write them around its ${…}).
    pieces = {p.strip() for w in words if "{" in w for p in re.split(r"\{\w+\}", w) if len(p.strip()) >= 8}
    js = _js_strings(game)
    again = sorted(words & js | pieces & {s.strip() for s in js})
    assert not again, f"{game}: written again in its page: {again}"


def test_rencontres_question_stems_are_not_in_the_page():
    """The Chercheur's threshold questions were a JavaScript template: its words are the engine's alone now."""
    from cosmoludo.games.rencontre_cosmique.data import QUESTIONS

    page = "".join(p.read_text(encoding="utf-8") for p in WEB_GAMES.rglob("rencontre-cosmique*/**/*.js")) + \
        "".join(p.read_text(encoding="utf-8") for p in WEB_GAMES.glob("rencontre-cosmique*.js"))
    for q in QUESTIONS.values():
        for lang in ("fr", "en"):
            stem = re.split(r"\d", str(q[lang]))[0].strip()
            assert stem not in page, stem
