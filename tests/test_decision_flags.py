"""The open decision as the page's shell reads it (`view["decision"]`, GameState.decision, docs/page-ui.md).

The page used to infer these from each game's view in four game modules (galaxy-trucker.js `realtime` and
`clockAction`, cochons-de-l-espace.js `reacting`, three versions of `unattended` and `passOnly`); the engine now
says it for every game. The rules the page used are written out here once more (`former_*`): over random games
the engine's flags must say the same at every decision, and a few representative decisions are checked by hand.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from cosmoludo import games
from cosmoludo.core.rng import Rng
from cosmoludo.games.galaxy_trucker.data import GLASS_MS
from galaxy_helpers import new as new_trucker
from galaxy_helpers import random_step
from game_helpers import first_seat_at_random

PASS = [{"type": "pass"}]


def former_pass_only(game: str, v: dict[str, Any]) -> bool:
    """The page's former « pass is all this seat may do in a reaction window », game by game."""
    acts = v["legal_actions"]
    if game == "porco-crasso":  # porco-crasso.js passOnly
        return bool(v["phase"] == "react" and v["pending"]) and acts == PASS
    if game == "rencontre-cosmique":  # rencontre-cosmique.js passOnly
        kind = v["pending"] and v["pending"]["kind"]
        return kind in ("window", "zap_react") and acts == PASS
    if game == "cochons-de-l-espace":  # cochons-de-l-espace.js unattended
        return bool(v["asks"]) and v["asks"][0]["kind"] == "window" and acts == PASS
    return False  # Galaxy Trucker's `unattended` answered null, Kroll & Prumni had none


def former_reacting(game: str, v: dict[str, Any], seat: int) -> bool:
    """The page's former hand-over question « does `seat` answer a card played against it? » (game.js, views)."""
    if game == "cochons-de-l-espace":
        return bool(v["asks"]) and v["asks"][0]["kind"] == "window"
    if game in ("kroll-et-prumni", "galaxy-trucker"):  # no `pending` in a Galaxy Trucker view
        return False
    if game == "rencontre-cosmique":  # every decision is queued there: its windows are the reactions
        return bool(v["pending"]) and v["pending"]["kind"] in ("window", "zap_react")
    return bool(v.get("pending")) and v["pending"]["seat"] == seat  # the shell's default (Porco Crasso)


def check_flags(game: str, g: Any) -> int:
    """Every seat's decision flags against the former rules; returns how many seats were checked."""
    n = 0
    for seat in [None, *range(g.players)]:
        v = g.view(seat)
        d = v["decision"]
        assert set(d) == {"timed", "reaction", "due", "only_pass"}
        if seat is None or seat not in v["to_move"]:
            assert not d["only_pass"]
            continue
        n += 1
        assert d["only_pass"] == (v["legal_actions"] == PASS)
        assert (d["reaction"] and d["only_pass"]) == former_pass_only(game, v), (game, seat, v["legal_actions"])
        assert d["reaction"] == former_reacting(game, v, seat), (game, seat, v.get("pending"), v.get("asks"))
        if game == "galaxy-trucker":
            asks = v["asks"]
            assert d["timed"] == (bool(asks) and asks[0]["kind"] == "build")  # galaxy-trucker.js realtime
            glass = v["building"] and v["building"]["glass"]
            last = d["timed"] and bool(glass) and glass["circle"] == glass["runs"] - 1  # its clockAction
            assert (d["due"] is not None) == last
            if last:
                assert d["due"] == {"action": {"type": "time_up"}, "at": glass["expires"]}
        else:
            assert not d["timed"]
        if game == "rencontre-cosmique":  # rencontre-cosmique.js syncClock: the minute runs once pending is gone
            if v["deal"]:
                assert d["due"] == {"action": {"type": "timeout"}, "seconds": v["deal"]["clock_seconds"],
                                    "wait": bool(v["pending"])}
            else:
                assert d["due"] is None
        elif game != "galaxy-trucker":
            assert d["due"] is None
    return n


CASES: list[tuple[str, int, dict[str, Any]]] = [("porco-crasso", 3, {}), ("porco-crasso", 4, {}), ("cochons-de-l-espace", 4, {}),
         ("cochons-de-l-espace", 3, {}), ("rencontre-cosmique", 4, {}), ("rencontre-cosmique", 3, {}),
         ("kroll-et-prumni", 2, {})]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_flags_say_what_the_page_inferred(game: str, players: int, options: dict[str, Any], seed: int) -> None:
    move = first_seat_at_random(Rng(seed))
    checked = reactions = 0
    for k in range(20):  # whole games while they are short (Porco Crasso), the first 300 decisions of long ones
        g = games.new_game(game, players=players, options=options, seed=seed * 100 + k)
        for _ in range(300):
            if g.is_over():
                break
            checked += check_flags(game, g)
            reactions += g.view(g.to_move()[0])["decision"]["reaction"]
            g.apply(*move(g))
        if checked > 250:
            break
    assert checked > 250
    if game in ("porco-crasso", "cochons-de-l-espace", "rencontre-cosmique") and seed == 1:
        assert reactions, f"no reaction window met in {game}"


@pytest.mark.parametrize("seed", [1, 2])
def test_galaxy_trucker_flags_over_building_and_flight(seed: int) -> None:
    g = new_trucker(3, seed)
    rnd = random.Random(seed)
    seen_due = seen_timed = seen_flight = 0
    for _ in range(1500):
        if g.is_over():
            break
        check_flags("galaxy-trucker", g)
        d = g.view(0)["decision"]
        seen_timed += d["timed"]
        seen_due += d["due"] is not None
        seen_flight += not d["timed"]
        step = random_step(g, rnd)
        if step is None:
            seat = g.to_move()[0]
            acts = g.build_actions(seat, g.clock + 1000)
            if not acts:
                g.clock += 1000
                continue
            step = seat, rnd.choice(acts)
        g.apply(*step)
    assert seen_timed and seen_flight
    assert seen_due or seed != 1  # seed 2's builders all finish before the last hourglass (checked by hand below)


def test_galaxy_trucker_building_is_timed_and_its_last_hourglass_due() -> None:
    g: Any = new_trucker(2, 3)
    d = g.view(0)["decision"]
    assert d == {"timed": True, "reaction": False, "due": None, "only_pass": False}
    assert g.view(None)["decision"]["timed"]  # a spectator's view says it too (a table of bots)
    g.apply(0, {"type": "finish", "order": 1, "t": 0})  # only a finished seat turns the hourglass the last time
    while not g.glass_last():
        t = g.glass["since"] + GLASS_MS
        assert not g.view(0)["decision"]["due"]
        g.apply(0, {"type": "flip", "t": t})
    end = g.glass["since"] + GLASS_MS
    for seat in (None, 0, 1):
        assert g.view(seat)["decision"]["due"] == {"action": {"type": "time_up"}, "at": end}
    g.apply(0, {"type": "time_up", "t": end})
    d = g.view(0)["decision"]
    assert not d["timed"] and d["due"] is None


def test_galaxy_trucker_relaxed_building_has_no_hourglass_due() -> None:
    g = new_trucker(2, 3, detendu=True)
    d = g.view(1)["decision"]
    assert d["timed"] and d["due"] is None


def test_a_finished_game_has_no_open_decision() -> None:
    g = games.new_game("porco-crasso", players=2, options={}, seed=5)
    move = first_seat_at_random(Rng(5))
    while not g.is_over():
        g.apply(*move(g))
    assert g.view(0)["decision"] == {"timed": False, "reaction": False, "due": None, "only_pass": False}


def test_porco_crasso_card_played_against_a_seat_is_a_reaction() -> None:
    move = first_seat_at_random(Rng(1))
    for seed in range(1, 30):
        g: Any = games.new_game("porco-crasso", players=3, options={}, seed=seed)
        while not (g.asks and g.asks[0].kind == "react") and not g.is_over():
            g.apply(*move(g))
        if not g.is_over():
            break
    asked = g.to_move()[0]
    d = g.view(asked)["decision"]
    assert d["reaction"] and not d["timed"] and d["due"] is None
    assert d["only_pass"] == (g.legal_actions(asked) == PASS)
    other = next(s for s in range(3) if s != asked)
    assert g.view(other)["decision"]["reaction"] and not g.view(other)["decision"]["only_pass"]


def test_cochons_window_is_a_reaction_asked_of_every_seat() -> None:
    g: Any = games.new_game("cochons-de-l-espace", players=4, options={}, seed=1)
    move = first_seat_at_random(Rng(1))
    while not (g.asks and g.asks[0].kind == "window"):
        g.apply(*move(g))
    for seat in g.to_move():
        d = g.view(seat)["decision"]
        assert d["reaction"] and not d["timed"] and d["due"] is None
        assert d["only_pass"] == (g.legal_actions(seat) == PASS)


def test_rencontre_deal_minute_is_due_once_the_allies_are_home() -> None:
    for seed in range(1, 60):
        g: Any = games.new_game("rencontre-cosmique", players=4, options={}, seed=seed)
        move = first_seat_at_random(Rng(seed))
        for _ in range(3000):
            if g.is_over() or g.deal is not None:
                break
            g.apply(*move(g))
        if g.deal is None:
            continue
        d = g.view(g.to_move()[0])["decision"]
        assert d["due"] == {"action": {"type": "timeout"}, "seconds": 60, "wait": bool(g.queue)}
        assert not d["timed"]
        while g.queue:
            g.apply(*move(g))
        seat = g.to_move()[0]
        d = g.view(seat)["decision"]
        assert d["due"] == {"action": {"type": "timeout"}, "seconds": 60, "wait": False}
        assert {"type": "timeout"} in g.legal_actions(seat) and not d["reaction"]
        return
    pytest.fail("no deal met")


def test_kroll_et_prumni_never_times_nor_reacts() -> None:
    g = games.new_game("kroll-et-prumni", players=2, options={}, seed=4)
    move = first_seat_at_random(Rng(4))
    for _ in range(200):
        if g.is_over():
            break
        d = g.view(g.to_move()[0])["decision"]
        assert not (d["timed"] or d["reaction"] or d["due"])
        g.apply(*move(g))
