"""Galaxy Trucker « La grosse extension », « Annexe — principes généraux »: the order of decisions and counts
(leader first), flight days gained from the front and lost from the rear, one roll for every ship hit, column then
row, and the three ways a component is lost (each charged at the end of the flight)."""
from __future__ import annotations

from cosmoludo.games.galaxy_trucker import flight_cards as fcards
from cosmoludo.games.galaxy_trucker import flight_core as fcore
from cosmoludo.games.galaxy_trucker.data import TRACK
from galaxy_helpers import flight_game, go

DOUBLE = [((7, 6), 86, 0), ((8, 7), 9, 0)]  # a double engine and a battery
ONE_ENGINE = [((7, 6), 65, 0)]


def moved(pos: dict[int, int], order: list[int], steps: dict[int, int]) -> dict[int, int]:
    """Positions after moving the ships one after the other in `order` (the base rule: occupied spaces are not
    counted) — what the engine should give for the order the annex prescribes."""
    pos = dict(pos)
    for s in order:
        step = 1 if steps[s] > 0 else -1
        taken = {pos[o] % TRACK for o in pos if o != s}
        p = pos[s]
        for _ in range(abs(steps[s])):
            p += step
            while p % TRACK in taken:
                p += step
        pos[s] = p
    return pos


def test_decisions_and_counts_in_order_starting_with_the_leader():
    # Open Space: each player counts his engine strength (switching double engines on), the leader first
    g = flight_game({0: DOUBLE, 1: DOUBLE}, ["L1-01"])
    go(g)
    assert g.asks[0].kind == "power" and g.to_move() == [0]
    g.apply(0, {"type": "power", "n": 1})
    assert g.asks[0].kind == "power" and g.to_move() == [1]


def test_flight_days_gained_the_ship_furthest_ahead_first():
    g = flight_game({0: ONE_ENGINE, 1: ONE_ENGINE}, ["L1-01"])
    g.pos = [0, -1]  # side by side: the order decides who jumps over whom
    go(g)
    front_first = moved({0: 0, 1: -1}, [0, 1], {0: 1, 1: 1})
    assert front_first != moved({0: 0, 1: -1}, [1, 0], {0: 1, 1: 1})
    assert {0: g.pos[0], 1: g.pos[1]} == front_first == {0: 1, 1: 0}


def test_flight_days_lost_the_ship_furthest_behind_first():
    # Stardust: one day per exposed connector, the same number for both ships here
    g = flight_game({0: ONE_ENGINE, 1: ONE_ENGINE}, ["L1-05"])
    g.pos = [0, -1]
    n = g.ships[0].exposed()
    assert n == g.ships[1].exposed() and n > 0
    go(g)
    rear_first = moved({0: 0, 1: -1}, [1, 0], {0: -n, 1: -n})
    assert rear_first != moved({0: 0, 1: -1}, [0, 1], {0: -n, 1: -n})
    assert {0: g.pos[0], 1: g.pos[1]} == rear_first


def test_one_roll_applies_to_every_ship_hit(monkeypatch):
    # Meteor swarm L1-18: four small meteors, two ships: four rolls, not eight
    calls = []

    def roll(g):
        calls.append(1)
        return 2  # misses both ships

    monkeypatch.setattr(fcore, "roll", roll)
    g = flight_game({0: ONE_ENGINE, 1: ONE_ENGINE}, ["L1-18"])
    go(g)
    assert len(calls) == 4
    assert g.asks[0].kind == "ready"  # the card is over


def test_coordinates_column_first_then_row(monkeypatch):
    # Sabotage L3-45 against the fewest crew (ties: the leader): the first roll is the column, the second the row
    seq = [6, 7]
    monkeypatch.setattr(fcards, "roll", lambda g: seq.pop(0))
    g = flight_game({0: ONE_ENGINE, 1: ONE_ENGINE}, ["L3-45"])
    go(g)
    assert (7, 6) not in g.ships[0].tiles and g.ships[0].lost == [65]  # row 7, column 6: the engine


def test_components_destroyed_or_fallen_are_all_lost_and_charged_at_the_end(monkeypatch):
    # Sabotage hits the starting cabin of the ship with the fewest crew (destroyed); four parts are left, the
    # player keeps one, the other three fall off. Destroyed and fallen components are all lost components, paid
    # for at the end of the flight (the ship, without humans, has given up: it still pays).
    seq = [7, 7]
    monkeypatch.setattr(fcards, "roll", lambda g: seq.pop(0))
    around = [((7, 6), 64, 0), ((7, 8), 77, 0), ((6, 7), 88, 0), ((8, 7), 9, 0)]
    g = flight_game({0: around, 1: ONE_ENGINE + [((7, 8), 35, 0)]}, ["L3-45"], filler=False)
    ship = g.ships[0]
    start = ship.tiles[(7, 7)][0]
    go(g)
    assert ship.lost == [start] and g.asks[0].kind == "keep" and g.to_move() == [0]
    g.apply(0, {"type": "keep", "cell": [7, 6]})
    assert sorted(ship.lost) == sorted([start, 77, 88, 9]) and list(ship.tiles) == [(7, 6)]
    assert len(g.scores) == 1 and g.scores[0][0]["lost"] == -4 and g.scores[0][1]["lost"] == 0
