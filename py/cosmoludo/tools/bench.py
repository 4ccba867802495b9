"""The benchmark suite behind `python -m cosmoludo bench`: engine throughput, bot speed and strength."""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from .. import games
from ..core.bots import BUDGETS, choose_action, random_playouts
from ..match import play_game
from .workloads import RESUME_ACTIONS, RESUMES, resume, resume_inputs
from .workloads import text_table as _table


def throughput(quick: bool) -> list[list[Any]]:
    """Complete random games per second, one core, per game, player count and option set."""
    rows = []
    seconds = 1.0 if quick else 5.0  # per cell: games are counted until about this much time has passed
    for cls in games.GAMES.values():
        option_sets: list[dict[str, Any]] = [{}] + [{o.id: True} for o in cls.options_spec if o.type == "bool"]
        for players in range(cls.min_players, cls.max_players + 1):
            for opts in option_sets:
                probe = random_playouts(cls.game_id, players, 3, seed=players, options=opts)
                n = max(3, int(seconds * probe["games_per_second"]))
                r = random_playouts(cls.game_id, players, n, seed=players, options=opts)
                rows.append([cls.game_id, players, "+".join(opts) or "base", n,
                             f"{r['games_per_second']:.0f}", f"{r['mean_actions']:.1f}"])
    return rows


def decision_times(quick: bool) -> list[list[Any]]:
    """Bot decision time per level over positions of seeded games (3 players)."""
    rows = []
    positions = 8 if quick else 30
    for cls in games.GAMES.values():
        if hasattr(cls, "bot_game"):  # real-time bots of its own (Galaxy Trucker): timed in the game's own tables
            continue
        for level in ("aleatoire", "facile", *BUDGETS):
            times: list[float] = []
            players = max(cls.min_players, min(3, cls.max_players))
            state = games.new_game(cls.game_id, players, {}, 1)
            state.quiet = True
            while len(times) < positions:
                if state.is_over():
                    state = games.new_game(cls.game_id, players, {}, len(times) + 2)
                    state.quiet = True
                seat = state.to_move()[0]
                multi = len(state.legal_actions(seat)) > 1
                t0 = time.perf_counter()
                action = choose_action(state, seat, level, seed=len(times))
                dt = time.perf_counter() - t0
                if multi:
                    times.append(dt * 1000)
                state.step(seat, action)
            times.sort()
            rows.append([cls.game_id, level, positions, f"{statistics.median(times):.1f}",
                         f"{times[int(0.95 * (len(times) - 1))]:.1f}", f"{times[-1]:.1f}"])
    return rows


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate of `wins` out of `n` games (ties count as shares)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def strength(quick: bool) -> list[list[Any]]:
    """Win rates of one bot against the others, the hero's seat rotating."""
    rows = []
    # Rencontre Cosmique games are some hundred decisions long: fewer games and a fixed 50-iteration ISMCTS for
    # « normal » (its « fort » searches its own fixed count, `fort_iterations`, the page's too).
    scale = {"porco-crasso": (1.0, None), "rencontre-cosmique": (0.1, (50, None)),
             "cochons-de-l-espace": (0.05, (20, None)),
             "kroll-et-prumni": (0.05, (10, None))}  # 18 turns of dozens of small decisions: few games
    matchups: list[tuple[Any, ...]] = [("facile", "aleatoire", 3, 300 if not quick else 30),
                ("facile", "aleatoire", 2, 300 if not quick else 30),
                ("normal", "aleatoire", 2, 40 if not quick else 6),
                # Issue 21: Porco Crasso's « normal » above « facile » (aim ≥ 55 % in 2 players, ≥ 40 % in 3) and
                # « fort » ≥ 60 % (2 players) and ≥ 45 % (3 players), each over ≥ 200 games in full mode.
                ("normal", "facile", 2, 60 if not quick else 6),
                ("normal", "facile", 3, 45 if not quick else 6),
                ("fort", "facile", 2, 200 if not quick else 6),
                ("fort", "facile", 3, 200 if not quick else 6),
                # Issue 21: Porco Crasso's « fort » not below « normal » head to head (≥ 50 % in 2 players, its
                # fair share in 3, against two « normal »), over ≥ 100 games in full mode.
                ("fort", "normal", 2, 100 if not quick else 4, "porco-crasso"),
                ("fort", "normal", 3, 100 if not quick else 6, "porco-crasso")]
    for cls in games.GAMES.values():
        if hasattr(cls, "bot_game"):  # real-time bots of its own (Galaxy Trucker): measured in the game's own tables
            continue
        factor, game_budget = scale.get(cls.game_id, (0.1, (50, None)))
        for hero, villain, players, n_full, *only in matchups:
            if not cls.min_players <= players <= cls.max_players or (only and only[0] != cls.game_id):
                continue
            n = max(players * 2, int(n_full * factor))
            if cls.game_id == "porco-crasso" and villain == "facile" and not quick:
                n = max(n, 200)  # issue 21: Porco Crasso's levels measured over ≥ 200 games (a few seconds each)
            if cls.game_id == "rencontre-cosmique" and hero == "fort" and not quick:
                n = max(n, 200)  # issue 21: Rencontre's « fort » over ≥ 100 games; 200 (≈ 5–10 s CPU each) narrow the interval
            budget = game_budget  # Porco Crasso's « normal » and « fort » bring their own playouts
            wins = 0.0
            for k in range(n):
                seat = k % players
                levels = [hero if s == seat else villain for s in range(players)]
                state, _ = play_game(cls.game_id, players, {}, 7000 + k, levels, budget)
                winners = state.result()["winners"]
                wins += (seat in winners) / len(winners) if winners else 0.0  # nobody may win (GameState)
            own_iterations = getattr(cls, "fort_iterations", None) if hero == "fort" else None
            label = f"{hero} vs {villain}" + (f" ({own_iterations} it.)" if own_iterations else
                                              f" ({budget[0]} it.)" if budget and hero in BUDGETS else "")
            low, high = wilson(wins, n)
            rows.append([cls.game_id, label, players, n, f"{100 * wins / n:.1f} %",
                         f"{100 * low:.1f}–{100 * high:.1f} %", f"{100 / players:.1f} %"])
    return rows


def galaxy_trucker_tables(quick: bool) -> None:
    """Galaxy Trucker: ship checks, the building bot, the bots' ships, the levels against each other and random."""
    from . import galaxy_trucker_perf as gt

    print()
    print(_table("Galaxy Trucker: ship validation + strengths (ms per ship, native)",
                 ["class", "components", "ms afresh", "ms remembered"], gt.ship_check_ms(quick)))
    print()
    print(_table("Galaxy Trucker: building bot, ms per call (native)", ["players", "calls", "median", "p95", "max"],
                 gt.build_step_ms(quick)))
    print()
    print(_table("Galaxy Trucker: the bots' ships when building ends (2–4 bots)",
                 ["flight", "ships", "cells filled", "exposed", "set aside, lost", "credits/game"], gt.ship_fill(quick)))
    print()
    print(_table("Galaxy Trucker: the levels, against random builders and each other (hero's seat rotates)",
                 ["match-up", "players", "games", "hero wins", "fair share", "hero credits", "others' credits",
                  "flight decision ms median", "p95"], gt.levels(quick)))


def kroll_full_fleet(seed: int) -> Any:
    """A Kroll & Prumni position with every counter of both stocks on the map (cruisers carrying two fighters)."""
    from ..core.rng import Rng
    from ..games.kroll_prumni import KrollPrumni
    from ..games.kroll_prumni import geometry as geo
    from ..games.kroll_prumni.data import FLEET

    g = KrollPrumni(2, {}, seed)
    rng = Rng(seed)
    cells = sorted(g.gm.cells)
    for seat in (0, 1):
        for kind in ("fixed", "cruiser", "colonisator", "fighter"):
            while g.stock(seat, kind) > 0:
                if kind == "fixed":
                    free = [p for p in sorted(g.gm.planets) if g.base_at(p) is None]
                    if not free:
                        break
                    g._new_ship(seat, kind, free[rng.below(len(free))], None)
                    continue
                if kind == "fighter":
                    carrier = next((c for c in g.ships.values() if c.seat == seat and c.kind == "cruiser"
                                    and len(c.cargo) < 2), None)
                    if carrier is not None:
                        f = g._new_ship(seat, kind, carrier.head, None)
                        f.carried_by = carrier.id
                        carrier.cargo.append(f.id)
                        g.touch()
                        continue
                occ, blocked = g.occupancy(), g.blocked(kind)
                h, d = cells[rng.below(len(cells))], rng.below(6)
                spot = geo.cells_of(kind, h, d if kind != "fighter" else None)
                if all(c in g.gm.cells and c not in blocked and c not in occ for c in spot):
                    g._new_ship(seat, kind, h, d if kind != "fighter" else None)
    assert all(g.stock(s, k) == 0 for s in (0, 1) for k in FLEET if k != "fixed")
    return g


def kroll_legal_moves(quick: bool) -> list[list[Any]]:
    """Kroll & Prumni: legal-move generation with both full fleets on the map (target ≤ 20 ms natively).

    Timed in CPU time of this process (time.process_time): on a shared machine the wall clock counts the others.
    """
    rows = []
    positions = 5 if quick else 20
    pick, every = [], []
    for k in range(positions):
        g = kroll_full_fleet(k)
        seat = g.order[0]
        g.begin_phase(seat)
        g.asks[0].kind, g.asks[0].seats, g.asks[0].data = "orders", [seat], {"sel": None}
        t0 = time.process_time()
        acts = g.legal_actions(seat)
        pick.append((time.process_time() - t0) * 1000)
        t0 = time.process_time()
        n = sum(len(g.ship_actions(g.ships[a["ship"]])) for a in acts if a["type"] == "select")
        every.append((time.process_time() - t0) * 1000)
        del n
    for label, times in (("pick a ship (the list offered)", pick), ("every ship's own list, summed", every)):
        times.sort()
        rows.append(["kroll-et-prumni", label, positions, f"{statistics.median(times):.1f}", f"{times[-1]:.1f}"])
    return rows


def replay_times(quick: bool) -> list[list[Any]]:
    """Opening a save as a replay (every action applied again, a copy kept every 100) and showing its last and its
    middle position, native. The page's worker runs the same code (`bench --browser` measures it there)."""
    from ..replay import REPLAYS, Replay, replay_save

    rows = []
    runs = 3 if quick else 9
    for game, players, seed, actions in REPLAYS:
        save = replay_save(game, players, seed, actions)
        opened, middle = [], []
        for _ in range(runs):
            t0 = time.perf_counter()
            rep = Replay(save)
            rep.view(rep.total, None)
            opened.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            rep.view(rep.total // 2, None)
            middle.append((time.perf_counter() - t0) * 1000)
        rows.append([game, players, len(save["actions"]), f"{statistics.median(opened):.0f}",
                     f"{statistics.median(middle):.1f}", "≤ 300 in the page"])
    return rows


def resume_times(quick: bool) -> list[list[Any]]:
    """Resuming RESUME_ACTIONS actions of each game (open_save and the first view, through the bridge: what the
    page's worker runs), in CPU ms of this process (the wall clock on a shared machine counts the others too)."""
    rows = []
    runs = 3 if quick else 9
    for game, players in RESUMES:
        inputs = resume_inputs(game, players)
        times = []
        for _ in range(runs):
            t0 = time.process_time()
            resume(inputs)
            times.append((time.process_time() - t0) * 1000)
        rows.append([game, players, RESUME_ACTIONS, len(inputs), f"{statistics.median(times):.0f}", f"{max(times):.0f}",
                     "≤ 100 (≤ 300 in the page)"])
    return rows


def run_bench(args: argparse.Namespace) -> int:
    quick = bool(getattr(args, "quick", False))
    print(_table("Random playouts (native, one core)",
                 ["game", "players", "options", "games", "games/s", "actions/game"], throughput(quick)))
    print()
    print(_table("Bot decision time (ms, native)", ["game", "level", "positions", "median", "p95", "max"],
                 decision_times(quick)))
    print()
    print(_table("Replay: open a save and show its end; then jump to its middle (ms, native, median)",
                 ["game", "players", "actions", "open + end", "jump", "target"], replay_times(quick)))
    print()
    print(_table("Resume: open saves of « facile » bots' games and show the seat to move (CPU ms, native)",
                 ["game", "players", "actions", "saves", "median", "max", "target"], resume_times(quick)))
    print()
    print(_table("Legal-move generation, full fleets (CPU ms, native)", ["game", "list", "positions", "median", "max"],
                 kroll_legal_moves(quick)))
    print()
    print(_table("Bot strength (hero's seat rotates)", ["game", "match-up", "players", "games", "hero wins", "95 % interval",
                  "fair share"],
                 strength(quick)))
    galaxy_trucker_tables(quick)
    if getattr(args, "browser", False):
        from .browser_bench import run as run_browser

        print()
        return run_browser(quick)
    return 0
