"""What the view computes faster answers as before: the placements skip cells with no component beside them, the
alien choices are memoised with the aliens aboard (py/cosmoludo/games/galaxy_trucker/ship.py)."""
from __future__ import annotations

import random
from typing import Any

from cosmoludo.core import squaregrid as sg
from cosmoludo.games.galaxy_trucker import GalaxyTrucker
from cosmoludo.games.galaxy_trucker.bot import build_step, flight_step, play_game
from cosmoludo.games.galaxy_trucker.data import TILES
from cosmoludo.games.galaxy_trucker.ship import Ship


def every_placement(ship: Ship, tile: int) -> list[tuple[tuple[int, int], int]]:
    """The placements as they were found before: every empty cell of the class, every turn."""
    return [(cell, rot) for cell in sorted(ship.cls.cells) if cell not in ship.tiles
            for rot in range(4) if ship.can_join(cell, sg.rotate(TILES[tile].conn, rot))]


def fresh_alien_choices(ship: Ship) -> list[tuple[tuple[int, int], str]]:
    return ship._alien_choices()


def test_placements_and_alien_choices_match_the_plain_computation_through_whole_games() -> None:
    checked = {"placements": 0, "aliens": 0, "aliens_found": 0}

    def build(g: GalaxyTrucker, seat: int, t: int, rnd: random.Random) -> Any:
        ship = g.ships[seat]
        hand = g.hand[seat]
        for tile in rnd.sample(sorted(TILES), 6) + ([hand] if hand is not None else []):
            assert ship.placements(tile) == every_placement(ship, tile)
            checked["placements"] += 1
        return build_step(g, seat, t, rnd)

    def fly(g: GalaxyTrucker, seat: int, rnd: random.Random) -> Any:
        for ship in g.ships:
            memo = ship.alien_choices()
            assert memo == fresh_alien_choices(ship) == ship.alien_choices()
            checked["aliens"] += 1
            checked["aliens_found"] += bool(memo)
        return flight_step(g, seat, rnd)

    for seed in range(4):
        g = GalaxyTrucker(3, {"detendu": True, "classe3": "III"}, seed)
        play_game(g, random.Random(seed), builders=[build] * 3, fliers=[fly] * 3)
        assert g.is_over()
    assert checked["placements"] > 500 and checked["aliens"] > 100 and checked["aliens_found"] > 0


class Stop(Exception):
    pass


def test_the_alien_choices_follow_the_aliens_aboard_and_the_components() -> None:
    def at_crew(g: GalaxyTrucker, seat: int, rnd: random.Random) -> Any:
        if g.asks[0].kind == "crew":
            raise Stop
        return flight_step(g, seat, rnd)

    for seed in range(40):
        g = GalaxyTrucker(2, {"detendu": True, "classe3": "III"}, seed)
        try:
            play_game(g, random.Random(seed), builders=[build_step] * 2, fliers=[at_crew] * 2)
        except Stop:
            pass
        for ship in g.ships:
            before = ship.alien_choices()
            if not before:
                continue
            cell, colour = before[0]
            ship.alien[cell] = colour  # an alien boards: the choices change with it
            assert ship.alien_choices() == fresh_alien_choices(ship) != before
            del ship.alien[cell]
            assert ship.alien_choices() == before
            tile, rot = ship.tiles[cell]
            ship.take_off(cell)  # the cabin goes: so do its choices
            assert ship.alien_choices() == fresh_alien_choices(ship)
            assert all(c != cell for c, _ in ship.alien_choices())
            ship.put(cell, tile, rot)
            assert ship.alien_choices() == before
            return
    raise AssertionError("no ship with a choice of alien")
