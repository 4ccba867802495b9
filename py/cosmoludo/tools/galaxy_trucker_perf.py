"""Galaxy Trucker's benchmark figures (printed by `python -m cosmoludo bench`): ship validation and strength per
ship, the building bot's decision time, the bots' ships, and the levels against each other and random builders."""
from __future__ import annotations

import random
import statistics
import time
from typing import Any

from ..games.galaxy_trucker.bot import build_step, flight_step, play_game
from ..games.galaxy_trucker.search import GalaxyTrucker


def _game(players: int, seed: int) -> GalaxyTrucker:
    g = GalaxyTrucker(players, {"detendu": False, "classe3": "III"}, seed)
    g.quiet = True
    return g


def ship_check_ms(quick: bool) -> list[list[Any]]:
    """Validation + strengths of bot-built class III ships (errors, parts, exposed, engine, cannon, crew,
    shields), per ship: computed afresh (the first check after a component changes) and remembered (unchanged)."""
    g = _game(4, 3)
    rnd = random.Random(3)
    nxt = [0] * 4
    while g.asks[0].kind == "build" or g.flight_i < 2:
        if g.is_over():
            break
        if g.asks[0].kind == "build":
            seat = min(g.to_move(), key=lambda s: (nxt[s], s))
            t = max(g.clock, nxt[seat])
            a = build_step(g, seat, t, rnd)
            nxt[seat] = t + 700
            if a is not None:
                g.apply(seat, a)
            if g.flight_i == 2 and g.asks[0].kind != "build":
                break
        else:
            s = g.to_move()[0]
            g.apply(s, flight_step(g, s, rnd))
    rows = []
    n = 300 if quick else 3000

    def check(ship: Any) -> None:
        ship.errors()
        ship.parts()
        ship.exposed()
        ship.engine_strength(2)
        ship.cannon_strength(2)
        ship.crew_total()
        ship.shield_sides()
    for ship in g.ships:
        t0 = time.perf_counter()
        for _ in range(n):
            ship._memo = {}  # as after a change: everything computed afresh
            check(ship)
        cold = (time.perf_counter() - t0) / n * 1000
        t0 = time.perf_counter()
        for _ in range(n):
            check(ship)  # unchanged since the last check: what the ship remembers
        warm = (time.perf_counter() - t0) / n * 1000
        rows.append([ship.cls.name, len(ship.tiles), f"{cold:.3f}", f"{warm:.4f}"])
    return rows


def build_step_ms(quick: bool) -> list[list[Any]]:
    """The building bot's time per call (ms) over whole bot games."""
    rows = []
    for players in (2, 4):
        times: list[float] = []
        for seed in range(1 if quick else 3):
            g = _game(players, seed)
            rnd = random.Random(seed)

            def timed(g: Any, seat: int, t: int, rnd: random.Random, times: list[float] = times) -> Any:
                t0 = time.perf_counter()
                a = build_step(g, seat, t, rnd)
                times.append((time.perf_counter() - t0) * 1000)
                return a
            play_game(g, rnd, builders=[timed] * players)
        times.sort()
        rows.append([players, len(times), f"{statistics.median(times):.3f}",
                     f"{times[int(0.95 * (len(times) - 1))]:.3f}", f"{times[-1]:.2f}"])
    return rows


def ship_fill(quick: bool) -> list[list[Any]]:
    """The bots' ships when building ends (bots only, at their usual pace): the share of the class's cells filled,
    connectors left exposed, components set aside and so lost, per flight."""
    n = 6 if quick else 24
    per: dict[int, dict[str, list[float]]] = {i: {"fill": [], "exposed": [], "aside": [], "credits": []}
                                             for i in range(3)}
    for k in range(n):
        players = 2 + k % 3
        g = _game(players, 900 + k)
        seen: set[int] = set()

        def fly(g: Any, seat: int, rnd: random.Random, seen: set[int] = seen) -> Any:
            if g.flight_i not in seen:
                seen.add(g.flight_i)
                stats = per[g.flight_i]
                for ship in g.ships:
                    stats["fill"].append(len(ship.tiles) / len(ship.cls.cells))
                    stats["exposed"].append(ship.exposed())
                    stats["aside"].append(len(ship.lost))  # the set-aside components lost at the check
            return flight_step(g, seat, rnd)
        play_game(g, random.Random(k), fliers=[fly] * players)
        per[2]["credits"] += [float(c) for c in g.credits]
    return [[i + 1, len(st["fill"]), f"{100 * statistics.mean(st['fill']):.0f} %",
             f"{statistics.mean(st['exposed']):.1f}", f"{statistics.mean(st['aside']):.2f}",
             f"{statistics.mean(per[2]['credits']):.1f}" if i == 2 else ""] for i, st in per.items()]


#: The match-ups of `levels`: (hero, the others, players). « aléatoire » builds and flies at random.
MATCHUPS = [("facile", "aleatoire", 2), ("normal", "aleatoire", 2), ("fort", "aleatoire", 2),
            ("facile", "aleatoire", 4), ("normal", "aleatoire", 4),
            ("normal", "facile", 2), ("fort", "normal", 2)]


def levels(quick: bool) -> list[list[Any]]:
    """The levels against each other and against random builders (2 and 4 seats, the hero's seat rotating, the
    same seeds for every match-up): the hero's win rate and credits per game, the others' credits, and the hero's
    time per flight decision. The lookahead runs without its time cap (the page's caps: bot.LEVEL_LOOKAHEAD) so that
    the figures repeat; the same games as `python -m cosmoludo simulate galaxy-trucker --players 2 --bots A,B`."""
    from ..games.galaxy_trucker.bot import level_builder, level_flier

    rows = []
    for hero_level, other, players in MATCHUPS:
        n = 4 if quick else 40
        wins = 0.0
        hero_credits: list[int] = []
        other_credits: list[int] = []
        times: list[float] = []
        hero_flier = level_flier(hero_level)

        def timed(g: Any, seat: int, rnd: random.Random, fly: Any = hero_flier, times: list[float] = times) -> Any:
            t0 = time.perf_counter()
            a = fly(g, seat, rnd)
            times.append((time.perf_counter() - t0) * 1000)
            return a
        for k in range(n):
            hero = k % players
            g = _game(players, 2000 + k)
            play_game(g, random.Random(k),
                      builders=[level_builder(hero_level if s == hero else other) for s in range(players)],
                      fliers=[timed if s == hero else level_flier(other) for s in range(players)])
            res = g.result()
            assert res is not None
            wins += (hero in res["winners"]) / len(res["winners"])
            hero_credits.append(g.credits[hero])
            other_credits += [g.credits[s] for s in range(players) if s != hero]
        times.sort()
        rows.append([f"{hero_level} vs {other}", players, n, f"{100 * wins / n:.0f} %", f"{100 / players:.0f} %",
                     f"{statistics.mean(hero_credits):.1f}", f"{statistics.mean(other_credits):.1f}",
                     f"{statistics.median(times):.2f}", f"{times[int(0.95 * (len(times) - 1))]:.2f}"])
    return rows


__all__ = ["MATCHUPS", "build_step_ms", "levels", "ship_check_ms", "ship_fill"]
