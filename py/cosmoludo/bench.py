"""The benchmark suite behind `python -m cosmoludo bench`: engine throughput, bot speed and strength."""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from . import games
from .core.bots import BUDGETS, choose_action, random_playouts


def _table(title: str, header: list[str], rows: list[list[Any]]) -> str:
    cells = [header] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = [title, "  ".join(h.ljust(w) for h, w in zip(header, widths)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in cells[1:]]
    return "\n".join(lines)


def throughput(quick: bool) -> list[list[Any]]:
    """Complete random games per second, one core, per game, player count and option set."""
    rows = []
    seconds = 1.0 if quick else 5.0  # per cell: games are counted until about this much time has passed
    for cls in games.GAMES.values():
        option_sets = [{}] + [{o.id: True} for o in cls.options_spec if o.type == "bool"]
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
        for level in ("aleatoire", "facile", *BUDGETS):
            times = []
            state = games.new_game(cls.game_id, 3, {}, 1)
            state.quiet = True
            while len(times) < positions:
                if state.is_over():
                    state = games.new_game(cls.game_id, 3, {}, len(times) + 2)
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


def strength(quick: bool) -> list[list[Any]]:
    """Win rates of one bot against the others, the hero's seat rotating."""
    from .__main__ import play_game

    rows = []
    # Rencontre Cosmique games are some hundred decisions long: fewer games and a fixed 50-iteration ISMCTS.
    scale = {"porco-crasso": (1.0, None), "rencontre-cosmique": (0.1, (50, None))}
    matchups = [("facile", "aleatoire", 3, 300 if not quick else 30),
                ("facile", "aleatoire", 2, 300 if not quick else 30),
                ("normal", "aleatoire", 2, 40 if not quick else 6),
                ("normal", "facile", 2, 60 if not quick else 6),
                ("normal", "facile", 3, 45 if not quick else 6)]
    for cls in games.GAMES.values():
        factor, budget = scale.get(cls.game_id, (0.1, (50, None)))
        for hero, villain, players, n_full in matchups:
            n = max(players * 2, int(n_full * factor))
            wins = 0.0
            for k in range(n):
                seat = k % players
                levels = [hero if s == seat else villain for s in range(players)]
                state, _ = play_game(cls.game_id, players, {}, 7000 + k, levels, budget)
                winners = state.result()["winners"]
                wins += (seat in winners) / len(winners)
            label = f"{hero} vs {villain}" + (f" ({budget[0]} it.)" if budget and hero in BUDGETS else "")
            rows.append([cls.game_id, label, players, n, f"{100 * wins / n:.1f} %",
                         f"{100 / players:.1f} %"])
    return rows


def galaxy_trucker_tables(quick: bool) -> None:
    """Galaxy Trucker (engine tested, not yet on the start screen): ship checks, building bot, bots vs random."""
    from .games.galaxy_trucker import perf as gt

    print()
    print(_table("Galaxy Trucker: ship validation + strengths (ms per ship, native)", ["class", "components", "ms"],
                 gt.ship_check_ms(quick)))
    print()
    print(_table("Galaxy Trucker: building bot, ms per call (native)", ["players", "calls", "median", "p95", "max"],
                 gt.build_step_ms(quick)))
    print()
    print(_table("Galaxy Trucker: bot vs random builders (hero's seat rotates)",
                 ["players", "games", "bot wins", "fair share", "bot credits", "random credits", "actions/game",
                  "ms/game"], gt.versus_random(quick)))


def run_bench(args: argparse.Namespace) -> int:
    quick = bool(getattr(args, "quick", False))
    print(_table("Random playouts (native, one core)",
                 ["game", "players", "options", "games", "games/s", "actions/game"], throughput(quick)))
    print()
    print(_table("Bot decision time (ms, native)", ["game", "level", "positions", "median", "p95", "max"],
                 decision_times(quick)))
    print()
    print(_table("Bot strength (hero's seat rotates)", ["game", "match-up", "players", "games", "hero wins", "fair share"],
                 strength(quick)))
    galaxy_trucker_tables(quick)
    if getattr(args, "browser", False):
        from .browser_bench import run as run_browser

        print()
        return run_browser(quick)
    return 0
