"""Kroll & Prumni's orders are checked without listing them (a save of a thousand actions opens in a few tens of
milliseconds): the check answers exactly as the listed orders do, and a replay never lists them."""
from __future__ import annotations

from typing import Any

import pytest

from cosmoludo import games
from cosmoludo.core.errors import InvalidSave
from cosmoludo.core.rng import Rng
from cosmoludo.core.state import listed
from cosmoludo.games.kroll_prumni import KrollPrumni
from cosmoludo.games.kroll_prumni.kinds import Orders
from cosmoludo.games.kroll_prumni.moves import KrollMoves
from cosmoludo.match import play_game
from cosmoludo.replay import replay_save

ORDERS = Orders()


def look_alikes(g: KrollPrumni, sel: int | None, listed_now: list[dict[str, Any]], rng: Rng) -> list[Any]:
    """Actions near the listed ones: every ship named, hexes beside the listed ones and some anywhere, every
    heading, numbers of the wrong JSON type, keys too many or missing."""
    ids = [*g.ships, 0, 999]
    out: list[Any] = [dict(a) for a in listed_now]
    out += [{"type": "end"}, {"type": "deselect"}, {"type": "hyper"}, {"type": "end", "x": 1}, {"type": "deselect", "ship": 1}]
    for sid in ids:
        out += [{"type": "select", "ship": sid}, {"type": "fire", "target": sid}, {"type": "board", "ship": sid}]
    out += [{"type": "select", "ship": 1.0}, {"type": "select", "ship": True}, {"type": "select"},
            {"type": "fire", "target": float(ids[0])}, {"type": "board", "ship": str(ids[0])}, {"type": "fire"}]
    if sel is not None:
        cells = sorted(g.gm.cells)
        hexes = {tuple(a["to"]) for a in listed_now if "to" in a}
        hexes |= {(h[0] + dq, h[1] + dr) for h in list(hexes) for dq, dr in ((1, 0), (0, 1), (-1, 1))}
        hexes |= {tuple(cells[rng.below(len(cells))]) for _ in range(12)}
        for q, r in sorted(hexes):
            for kind in ("move", "exit"):
                out.append({"type": kind, "to": [q, r]})
                out += [{"type": kind, "to": [q, r], "dir": d} for d in (*range(6), 6, -1)]
            out += [{"type": "move", "to": [float(q), r]}, {"type": "move", "to": [q, r], "dir": None},
                    {"type": "move", "to": [q, r, 0]}, {"type": "move", "to": (q, r)}]
        for a in listed_now:
            if a["type"] in ("move", "exit") and "dir" in a:
                out += [{**a, "dir": bool(a["dir"] % 2)}, {**a, "dir": float(a["dir"])}, {**a, "extra": 0}]
                out.append({k: v for k, v in a.items() if k != "dir"})
            elif a["type"] == "move":
                out += [{**a, "dir": 0}, {**a, "to": [a["to"][0], float(a["to"][1])]}]
    return out


def checked_positions(g: KrollPrumni, rng: Rng, counts: dict[str, int]) -> None:
    """At the open orders decision of `g` (if any), the check against the listed orders for every look-alike."""
    a = g.asks[0] if g.asks else None
    if a is None or a.kind != "orders":
        return
    seat = a.seats[0]
    sel = a.data.get("sel")
    listed_now = ORDERS.actions(g, a, seat)
    for action in look_alikes(g, sel, listed_now, rng):
        expected = listed(action, listed_now)
        assert ORDERS.accepts(g, a, seat, action) is expected, (sel, action)
        counts["accepted" if expected else "refused"] += 1


@pytest.mark.parametrize("seed", [3, 4])
def test_the_orders_check_answers_as_the_listed_orders_through_whole_games(seed: int) -> None:
    counts = {"accepted": 0, "refused": 0}
    g = KrollPrumni(2, {"turns": 5}, seed)
    rng = Rng(seed)
    k = 0
    while not g.is_over():
        seat = g.to_move()[0]
        if k % 3 == 0:
            checked_positions(g, rng, counts)
        g.step(seat, g.heuristic_action(seat, rng) if k % 2 else rng.choice(g.legal_actions(seat)))
        k += 1
    assert counts["accepted"] > 300 and counts["refused"] > 3000, counts


def test_a_fighter_reaches_exactly_the_hexes_of_its_moves() -> None:
    from cosmoludo.games.kroll_prumni import geometry as geo

    g = KrollPrumni(2, {}, 5)
    rng = Rng(5)
    cells = sorted(g.gm.cells)
    for absent in (None, "red", "blue"):
        blocked = g.gm.blocked(absent, 0)
        for _ in range(30):
            start = cells[rng.below(len(cells))]
            starts = [start] if rng.below(2) else [start, *g.gm.nbrs[start][:1]]
            for allowance in (1, 3, 6, 12):
                reach = geo.fighter_moves(g.gm, blocked, starts, allowance)
                for h in cells:
                    assert geo.fighter_reaches(g.gm, blocked, starts, allowance, h) is (reach.get(h, 0) > 0)


def test_a_shot_needs_what_the_fire_table_says_for_every_pair_of_ships() -> None:
    """`need`, which leaves out at once the ships too far apart, answers as the best shot and the fire table."""
    from cosmoludo.games.kroll_prumni import geometry as geo
    from cosmoludo.games.kroll_prumni.data import FIRE

    state, _ = play_game("kroll-et-prumni", 2, {"turns": 6}, 22, ["facile", "facile"])
    save = state.to_save()
    found = {"shots": 0, "none": 0}
    for cut in range(40, len(save["actions"]), 40):
        g = games.load({**save, "actions": save["actions"][:cut]})
        assert isinstance(g, KrollPrumni)
        ships = [s for s in g.ships.values() if s.on_map()]
        for s in ships:
            if s.kind not in FIRE:
                continue
            for t in ships:
                shot = geo.best_shot(s.cells(), t.cells(), s.type.range, g.gm.obstacles(g.absent))
                n = None if shot is None else FIRE[s.kind][t.kind][shot[0] - 1] + s.hits
                fixed_away = t.kind == "fixed" and g.gm.planets.get(t.head) == g.absent  # type: ignore[arg-type]
                want = None if t.seat == s.seat or fixed_away or n is None or n > 6 else (shot[0], n)  # type: ignore[index]
                assert g.need(s, t) == want
                found["shots" if want else "none"] += 1
    assert found["shots"] > 20 and found["none"] > 200, found


def plain_occupancy(g: KrollPrumni) -> dict[Any, int]:
    """Hex → ship as the occupancy was first written: ships in order, a fixed base giving way to any other ship."""
    occ: dict[Any, int] = {}
    for s in g.ships.values():
        if s.on_map():
            for c in s.cells():
                if s.kind != "fixed" or c not in occ:
                    occ[c] = s.id
    return occ


def test_the_occupancy_is_the_plain_one_at_every_action_of_a_game() -> None:
    state, _ = play_game("kroll-et-prumni", 2, {"turns": 6}, 23, ["facile", "facile"])
    g = KrollPrumni(2, {"turns": 6}, 23)
    overlaps = 0
    for seat, action in state.history:
        g.step(seat, action)
        occ = g.occupancy()
        assert occ == plain_occupancy(g)
        overlaps += sum(s.kind == "fixed" and s.head is not None and occ.get(s.head) != s.id for s in g.ships.values())
    assert overlaps > 0  # fighters made on a planet stood over its base at some point


def test_a_kroll_save_replays_without_listing_any_ships_orders(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = play_game("kroll-et-prumni", 2, {"turns": 6}, 21, ["facile", "facile"])
    save = state.to_save()
    fresh = games.load(save)

    def listing(*_: Any) -> Any:
        raise AssertionError("a replay listed a ship's orders")

    monkeypatch.setattr(KrollMoves, "ship_actions", listing)
    monkeypatch.setattr(KrollMoves, "ready_ships", listing)
    replayed = games.load(save)
    monkeypatch.undo()
    assert len(save["actions"]) > 200
    assert replayed.to_save() == fresh.to_save() == save
    for seat in (None, 0, 1):
        assert replayed.view(seat) == fresh.view(seat)


def test_a_damaged_kroll_order_is_still_refused_with_its_number() -> None:
    save = replay_save("kroll-et-prumni", 2, 8, 400)
    at = next(i for i, (_, a) in enumerate(save["actions"]) if a["type"] == "move" and "dir" not in a)
    bad = {**save, "actions": [list(e) for e in save["actions"]]}
    bad["actions"][at] = [bad["actions"][at][0], {**bad["actions"][at][1], "to": [99, 99]}]
    with pytest.raises(InvalidSave) as refused:
        games.load(bad)
    assert refused.value.fr.startswith(f"L'action n° {at + 1} ne se rejoue pas")
    assert refused.value.en.startswith(f"Action #{at + 1} does not replay")
