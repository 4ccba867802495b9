"""Galaxy Trucker's real-time bots as the page drives them (web/ui/game.js, realtimeTick), replayed natively.

The page ticks every 120 ms; at each tick it asks one bot whose pace has come round for an action at the page's
clock, seeding it with the number of actions played (which does not change while everybody is idle), applies the
first action it gets and sends the hourglass's run-out on « Start » itself. The human seat here is idle (it only
finishes once every bot has, or never acts
when the hourglass runs) or slow (a random legal action every few seconds, then it finishes). Every building
phase must end: a bot whose ship is closed, or that finds nothing to take, finishes instead of waiting for ever.
"""
from __future__ import annotations

import os
import random
from typing import Any

import pytest

from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker.bot import build_step, flight_step, open_cells
from galaxy_helpers import new

TICK = 120
#: Games per case: one by default, more with COSMOLUDO_SLOW=1.
SEEDS = tuple(range(1, 9)) if os.environ.get("COSMOLUDO_SLOW") == "1" else (1,)
#: Simulated page time allowed for one building phase (the hourglass of flight III lasts 4 × 90 s).
PHASE_LIMIT_MS = 30 * 60_000


def building(g: GalaxyTrucker) -> bool:
    return bool(g.asks) and g.asks[0].kind == "build"


def page_build_phase(g: GalaxyTrucker, human: int, bot_pace: int, human_pace: int | None, human_tiles: int,
                     save_seed: int, rnd: random.Random) -> int:
    """One building phase as the page plays it; returns the simulated milliseconds it took."""
    start = g.clock
    now = start  # the page's clock: real time since the phase's view arrived, never behind the engine's
    next_bot: dict[int, int] = {}
    next_human = now + (human_pace or 0)
    human_placed = 0
    while building(g):
        assert now - start < PHASE_LIMIT_MS, (
            f"building did not end: orders {g.order}, pile {len(g.facedown)}, face up {len(g.faceup)}, "
            f"hands {g.hand}, glass {g.glass}")
        now = max(now + TICK, g.clock)
        glass = g.glass
        if glass is not None and g.glass_last() and now >= glass["since"] + 90_000:
            seat = human if human in g.to_move() else g.to_move()[0]
            g.apply(seat, {"type": "time_up", "t": now})  # the page's clockAction
            break
        # the human at the device
        if g.order[human] is None and (human_pace is not None and now >= next_human
                                       or human_pace is None and glass is None
                                       and all(g.order[s] is not None for s in range(g.players) if s != human)):
            next_human = now + (human_pace or 0)
            act = human_action(g, human, now, human_placed >= human_tiles or human_pace is None, rnd)
            if act is not None:
                if act["type"] == "place":
                    human_placed += 1
                g.apply(human, act)
                continue
        for seat in [s for s in g.to_move() if s != human]:
            if next_bot.get(seat, 0) > now:
                continue
            next_bot[seat] = now + bot_pace
            seed = (len(g.history) * 7919 + save_seed) % 2147483647
            act = g.bot_action(seat, "facile", seed, now)
            if act is None:
                continue
            g.apply(seat, act)
            break  # one bot action per tick
    return g.clock - start


def human_action(g: GalaxyTrucker, seat: int, t: int, done: bool, rnd: random.Random) -> dict[str, Any] | None:
    acts = g.build_actions(seat, t)
    kinds = {a["type"]: a for a in acts}
    for typ in ("time_up", "unpeek"):
        if typ in kinds:
            return kinds[typ]
    if g.hand[seat] is not None:
        places = [a for a in acts if a["type"] == "place"]
        if places and not done:
            return rnd.choice(places)
        return kinds.get("return") or kinds.get("aside")
    if done or "take" not in kinds:  # the pile is empty: the human calls it a day too
        finish = [a for a in acts if a["type"] == "finish"]
        return finish[0] if finish else kinds.get("flip")
    return kinds["take"]


def play_with_page(players: int, seed: int, detendu: bool, bot_pace: int, human_pace: int | None,
                   human_tiles: int = 6) -> list[int]:
    """A whole game, building as the page does (seat 0 human), every other decision by the flight heuristics;
    returns each building phase's simulated duration (ms)."""
    g = new(players, seed, detendu=detendu)
    rnd = random.Random(seed)
    phases: list[int] = []
    steps = 0
    while not g.is_over():
        steps += 1
        assert steps < 20_000
        if building(g):
            phases.append(page_build_phase(g, 0, bot_pace, human_pace, human_tiles, seed * 31, rnd))
            continue
        seat = g.to_move()[0]
        g.apply(seat, flight_step(g, seat, rnd))
    assert len(phases) == 3
    return phases


@pytest.mark.parametrize(("detendu", "bot_pace", "human_pace"), [
    (True, 300, None),  # the human waits for the bots (the e2e tests' situation: relaxed, bots at 300 ms)
    (True, 300, 4000),  # a slow human
    (True, 2000, 700),  # bots slower than the human
    (False, 300, None),  # the hourglass, the human never acts: the bots turn it, the page ends it
    (False, 1000, 2500),
])
@pytest.mark.parametrize("players", [2, 4])
def test_every_building_phase_ends_as_the_page_plays_it(players: int, detendu: bool, bot_pace: int,
                                                        human_pace: int | None) -> None:
    for seed in SEEDS:
        phases = play_with_page(players, seed, detendu, bot_pace, human_pace)
        assert all(0 < p < PHASE_LIMIT_MS for p in phases), phases


def test_bots_alone_finish_building_in_relaxed_mode() -> None:
    """Bots against bots, no hourglass: nobody may wait for the others for ever."""
    for seed in range(3):
        g = new(3, seed, detendu=True)
        now = 0
        while building(g):
            now = max(now + TICK, g.clock)
            assert now < PHASE_LIMIT_MS, g.order
            for seat in g.to_move():
                act = g.bot_action(seat, "facile", (len(g.history) * 7919) % 2147483647, now)
                if act is not None:
                    g.apply(seat, act)
                    break
        assert all(o is not None for o in g.order)


def test_open_cells_leave_out_cells_behind_an_engine_or_in_front_of_a_cannon() -> None:
    from cosmoludo.games.galaxy_trucker.data import TILES

    g = new(2, 3, detendu=True)
    ship = g.ships[0]
    start = ship.cls.start
    assert start is not None
    r, c = start
    # an engine welded below the starting cabin: the cell behind its exhaust can take nothing
    engine = next(i for i, t in TILES.items() if t.kind == "engine_single" and t.conn[0] in (1, 3))
    ship.put((r + 1, c), engine, 0)
    assert (r + 2, c) not in open_cells(ship)
    cannon = next(i for i, t in TILES.items() if t.kind == "cannon_single" and t.conn[2] in (1, 3))
    ship.put((r - 1, c), cannon, 0)
    assert (r - 2, c) not in open_cells(ship)
    # the cells beside the starting cabin (universal connectors) stay open
    assert {(r, c - 1), (r, c + 1)} <= set(open_cells(ship)) & ship.cls.cells


def test_a_bot_with_a_closed_ship_finishes_instead_of_drawing_the_pile() -> None:
    """The starting cabin walled in by four components whose only connector faces it (printed on their west side):
    no free cell can take anything, so the bot finishes (it used to draw and return the whole pile, then wait)."""
    g = new(2, 3, detendu=True)
    ship = g.ships[1]
    assert ship.cls.start is not None
    r, c = ship.cls.start
    for tile, (side, cell) in zip((1, 2, 16, 17), enumerate(((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)))):
        towards = (side + 2) % 4  # the cabin, seen from that cell
        ship.put(cell, tile, (towards - 3) % 4)
        g.facedown.remove(tile)
    assert not ship.errors() and ship.exposed() == 0
    assert not open_cells(ship)
    act = build_step(g, 1, g.clock, random.Random(0))
    assert act is not None and act["type"] == "finish"


def test_the_strong_level_looks_ahead_where_the_heuristic_falls_short() -> None:
    """The last card is an Open Space; seat 1, behind, holds two double engines and two battery cells. The
    heuristic keeps a cell (1 battery: strength 2, still second); the lookahead sees that both cells take the lead
    and its better finish reward."""
    from cosmoludo.games.galaxy_trucker.bot import lookahead_step
    from galaxy_helpers import flight_game, go

    twin = [((7, 6), 86, 0), ((7, 8), 87, 0), ((8, 7), 9, 0)]
    g = flight_game({0: [((7, 6), 65, 0)], 1: twin}, ["L1-01"], filler=False)
    go(g)
    assert g.asks[0].kind == "power" and g.to_move() == [1] and g.asks[0].data["max"] == 2
    assert flight_step(g, 1, random.Random(0)) == {"type": "power", "n": 1}
    assert lookahead_step(g, 1, random.Random(0), samples=2, seconds=None) == {"type": "power", "n": 2}
    # the page's « fort » and « normal » bots look ahead too (normal over fewer copies); « facile » does not
    assert g.bot_action(1, "fort", 0, None) == {"type": "power", "n": 2}
    assert g.bot_action(1, "normal", 0, None) == {"type": "power", "n": 2}
    assert g.bot_action(1, "facile", 0, None) == {"type": "power", "n": 1}


def test_reachable_cells_count_what_the_ship_can_still_grow_into() -> None:
    from cosmoludo.games.galaxy_trucker.bot import reachable

    g = new(2, 3, detendu=True)
    ship = g.ships[0]
    assert reachable(ship) == len(ship.cls.cells) - 1  # every cell but the starting cabin's
    r, c = ship.cls.start  # type: ignore[misc]
    # walled in by four components whose only connector faces the cabin: nothing is reachable any more
    for tile, (side, cell) in zip((1, 2, 16, 17), enumerate(((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)))):
        ship.put(cell, tile, ((side + 2) % 4 - 3) % 4)
    assert reachable(ship) == 0


def test_set_aside_components_are_welded_before_finishing() -> None:
    from cosmoludo.games.galaxy_trucker import bot

    g = new(2, 4, detendu=True)
    ship = g.ships[0]
    tile = 9  # a battery with connectors on every side: it fits beside the starting cabin
    g.facedown.remove(tile)
    ship.aside.append(tile)
    full = bot.FULL
    try:
        bot.FULL = 0.0  # the ship counts as finished: the bot would take its order tile now
        act = bot.build_step(g, 0, 0, random.Random(0))
        assert act == {"type": "take_aside", "tile": tile, "t": 0}
        g.apply(0, act)
        act = bot.build_step(g, 0, 0, random.Random(0))
        assert act is not None and act["type"] == "place"
        g.apply(0, act)
        act = bot.build_step(g, 0, 0, random.Random(0))
        assert act is not None and act["type"] == "finish" and not ship.aside
    finally:
        bot.FULL = full


def test_bot_ships_fill_most_of_the_board() -> None:
    """The bench's figure kept from sliding back (was 38 % of a class III board before the cut-off-cells check)."""
    from cosmoludo.games.galaxy_trucker.bot import play_game

    shares: list[float] = []
    for seed in (1, 2):
        g = new(2, seed)
        g.quiet = True

        seen: set[int] = set()

        def watch(g: GalaxyTrucker, seat: int, rnd: random.Random, seen: set[int] = seen) -> dict[str, Any]:
            if g.flight_i not in seen:
                seen.add(g.flight_i)
                shares.extend(len(s.tiles) / len(s.cls.cells) for s in g.ships)
            return flight_step(g, seat, rnd)
        play_game(g, random.Random(seed), fliers=[watch, watch])
    assert len(shares) == 12
    assert sum(shares) / len(shares) > 0.7, shares


def test_the_beginner_forgets_what_it_set_aside_and_the_page_levels_build_as_their_policies() -> None:
    """« facile » builds as a beginner (`build_step(careful=False)`): about to finish, it leaves what it set aside
    (lost at the check) where « normal » and « fort » weld it first; the page's bots answer as their policies."""
    from cosmoludo.games.galaxy_trucker import bot

    g = new(2, 4, detendu=True)
    ship = g.ships[0]
    tile = 9
    g.facedown.remove(tile)
    ship.aside.append(tile)
    full = bot.FULL
    try:
        bot.FULL = 0.0
        careful = {"type": "take_aside", "tile": tile, "t": 0}
        assert bot.build_step(g, 0, 0, random.Random(0)) == careful
        beginner = bot.build_step(g, 0, 0, random.Random(0), careful=False)
        assert beginner is not None and beginner["type"] == "finish"
        assert g.bot_action(0, "normal", 1, 0) == g.bot_action(0, "fort", 1, 0) == careful
        assert g.bot_action(0, "facile", 1, 0) == beginner
    finally:
        bot.FULL = full


def test_the_beginner_does_not_count_the_cells_a_placement_cuts_off() -> None:
    """The careful policy charges its best placements for the free cells they cut off; the beginner takes the
    cheap score's best. Where the two differ, the careful choice cuts off fewer cells (a better-held ship)."""
    from cosmoludo.games.galaxy_trucker.bot import best_placement, placement_score, reachable

    differ = 0
    for seed in range(1, 4):
        g = new(2, seed, detendu=True)
        ship = g.ships[0]
        rnd = random.Random(seed)
        for _ in range(6):  # a few components welded by the beginner on the flight I board, then 40 tiles compared
            tile = rnd.choice(g.facedown)
            best = best_placement(ship, tile, rerank=0)
            if best is not None:
                g.facedown.remove(tile)
                ship.put(best[1], tile, best[2])
        before = reachable(ship)
        for tile in g.facedown[:40]:
            careful, cheap = best_placement(ship, tile), best_placement(ship, tile, rerank=0)
            if cheap is None:
                continue
            scores = [placement_score(ship, tile, c, r) for c, r in ship.placements(tile)]
            assert cheap[0] == max(x for x in scores if x is not None)
            assert careful is not None
            if careful[1:] == cheap[1:]:
                continue
            cut = []
            for _, cell, rot in (careful, cheap):
                ship.put(cell, tile, rot)
                cut.append(max(0, before - 1 - reachable(ship)))
                ship.take_off(cell)
            differ += 1
            assert cut[0] < cut[1], (tile, careful, cheap, cut)
    assert differ > 0


def test_simulate_plays_galaxy_trucker_with_its_real_time_bots() -> None:
    """`python -m cosmoludo simulate galaxy-trucker` goes through match.play_game → the game's own loop (building
    in simulated real time), every level's policies per seat; the same seed gives the same game."""
    from cosmoludo.match import play_game

    a, steps = play_game("galaxy-trucker", 2, {}, 3, ["facile", "aleatoire"])
    b, again = play_game("galaxy-trucker", 2, {}, 3, ["facile", "aleatoire"])
    assert a.is_over() and steps == again == len(a.history) and a.history == b.history
    assert a.result() == b.result()
    c, _ = play_game("galaxy-trucker", 2, {}, 3, ["normal", "aleatoire"], budget=(1, None))
    assert c.is_over() and len(c.history) > 100
