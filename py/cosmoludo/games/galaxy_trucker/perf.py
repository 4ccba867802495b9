"""Galaxy Trucker's benchmark figures (printed by `python -m cosmoludo bench`): ship validation and strength per
ship, the building bot's decision time, complete bot games, and the bots against random builders."""
from __future__ import annotations

import random
import statistics
import time
from typing import Any

from .bot import build_step, flight_step, play_game, random_build_step, random_flight_step
from .search import GalaxyTrucker


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


def versus_random(quick: bool) -> list[list[Any]]:
    """The bots (building policy + flight heuristics) against random builders: credits per game, win rate."""
    rows = []
    for players in (2, 4):
        n = 8 if quick else 40
        wins = 0.0
        bot_credits: list[int] = []
        rand_credits: list[int] = []
        actions = 0
        t0 = time.perf_counter()
        for k in range(n):
            hero = k % players
            g = _game(players, 500 + k)
            builders = [build_step if s == hero else random_build_step for s in range(players)]
            fliers = [flight_step if s == hero else random_flight_step for s in range(players)]
            actions += play_game(g, random.Random(k), builders=builders, fliers=fliers)
            res = g.result()
            assert res is not None
            wins += (hero in res["winners"]) / len(res["winners"])
            bot_credits.append(g.credits[hero])
            rand_credits += [g.credits[s] for s in range(players) if s != hero]
        dt = time.perf_counter() - t0
        rows.append([players, n, f"{100 * wins / n:.0f} %", f"{100 / players:.0f} %",
                     f"{statistics.mean(bot_credits):.1f}", f"{statistics.mean(rand_credits):.1f}",
                     f"{actions / n:.0f}", f"{dt / n * 1000:.0f}"])
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


def fort_vs_facile(quick: bool) -> list[list[Any]]:
    """« fort » (the flight lookahead, 12 copies, no time cap so that the figure repeats) against « facile », two
    seats, the strong seat alternating; both build with the same policy. Also the lookahead's time per decision."""
    from .bot import lookahead_step

    n = 2 if quick else 48
    times: list[float] = []

    def fort(g: Any, seat: int, rnd: random.Random) -> Any:
        t0 = time.perf_counter()
        a = lookahead_step(g, seat, rnd, seconds=None)
        times.append((time.perf_counter() - t0) * 1000)
        return a
    wins = 0.0
    strong: list[int] = []
    easy: list[int] = []
    for k in range(n):
        hero = k % 2
        g = _game(2, 1000 + k)
        play_game(g, random.Random(k), fliers=[fort if s == hero else flight_step for s in range(2)])
        res = g.result()
        assert res is not None
        wins += (hero in res["winners"]) / len(res["winners"])
        strong.append(g.credits[hero])
        easy.append(g.credits[1 - hero])
    times.sort()
    return [[n, f"{100 * wins / n:.1f} %", f"{statistics.mean(strong):.1f}", f"{statistics.mean(easy):.1f}",
             f"{statistics.median(times):.0f}", f"{times[int(0.95 * (len(times) - 1))]:.0f}"]]


__all__ = ["build_step_ms", "fort_vs_facile", "ship_check_ms", "ship_fill", "versus_random"]
