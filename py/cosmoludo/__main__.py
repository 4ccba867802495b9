"""Command line: build, serve, simulate, bench, replay (`python -m cosmoludo --help`)."""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable

from . import games
from .core.errors import CosmoludoError
from .core.rng import SEED_LIMIT, seed_within
from .match import play_game

#: CLI names of bot kinds → engine levels.
BOT_ALIASES = {"random": "aleatoire", "heuristic": "facile", "ismcts": "normal", "ismcts-fort": "fort"}


def _level(name: str) -> str:
    return BOT_ALIASES.get(name, name)


def _seed(text: str) -> int:
    """A --seed: a whole number the page reads exactly (below 2**53, see core.rng.SEED_LIMIT)."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"« {text} » n'est pas un entier · is not a whole number") from None
    if not 0 <= seed < SEED_LIMIT:
        raise argparse.ArgumentTypeError(
            f"la graine va de 0 à 2**53 - 1 = {SEED_LIMIT - 1}, pour qu'une sauvegarde la garde exacte dans la page"
            f" · the seed goes from 0 to 2**53 - 1 = {SEED_LIMIT - 1}, so that a save keeps it exact in the page")
    return seed


def cmd_simulate(args: argparse.Namespace) -> int:
    options = json.loads(args.options) if args.options else {}
    levels = [_level(b) for b in args.bots.split(",")]
    budget = (args.iterations, None) if args.iterations else None
    wins = [0.0] * args.players
    scores = [0.0] * args.players  # the result's scores per seat, summed (games whose result has scores)
    scored = 0
    errors = 0
    actions = 0
    t0 = time.perf_counter()
    for k in range(args.games):
        seed = seed_within(args.seed + k)
        try:
            state, steps = play_game(args.game, args.players, options, seed, levels, budget)
        except CosmoludoError as e:  # a bot produced an illegal action: a bug worth counting
            errors += 1
            print(f"game {seed}: {e}", file=sys.stderr)
            continue
        actions += steps
        result = state.result()
        winners = result["winners"]
        for w in winners:
            wins[w] += 1 / len(winners)
        if isinstance(result.get("scores"), dict):
            scored += 1
            for s in range(args.players):
                scores[s] += result["scores"].get(str(s), 0)
    dt = time.perf_counter() - t0
    played = args.games - errors
    print(json.dumps({
        "game": args.game, "players": args.players, "options": options, "bots": levels,
        "games": args.games, "games_per_second": round(args.games / dt, 2) if dt else None,
        "mean_actions": round(actions / played, 2) if played else None,
        "wins": [round(w, 2) for w in wins], "errors": errors,
        **({"mean_scores": [round(x / scored, 2) for x in scores]} if scored else {}),
    }))
    return 0 if errors == 0 else 1


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as f:
            save = json.load(f)
    except (OSError, ValueError) as e:
        print(json.dumps({"ok": False, "error": {"fr": f"Fichier illisible : {e}", "en": f"Unreadable file: {e}"}}))
        return 2
    try:
        state = games.load(save)
    except CosmoludoError as e:
        print(json.dumps({"ok": False, "error": e.reason}, ensure_ascii=False))
        return 1
    print(json.dumps({"ok": True, "game": state.game_id, "actions": len(state.history),
                      "over": state.is_over(), "result": state.result(), "to_move": state.to_move()},
                     ensure_ascii=False))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .tools.bench import run_bench

    return run_bench(args)


def cmd_build(args: argparse.Namespace) -> int:
    from .tools.site import BuildError, build, build_id

    try:
        out = build(args.out)
    except BuildError as e:
        print(f"cosmoludo build: {e}", file=sys.stderr)
        return 2
    print(f"Built {out} (build {build_id(out)})")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .tools.site import BuildError, serve

    try:
        serve(args.host, args.port, args.out)
    except BuildError as e:
        print(f"cosmoludo serve: {e}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cosmoludo", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    commands: dict[str, Callable[[argparse.Namespace], int]] = {}

    p = sub.add_parser("simulate", help="play bot games and print one JSON line of statistics")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=_seed, default=0, help="the first game's seed, from 0 to 2**53 - 1")
    p.add_argument("--options", default="", help='JSON, e.g. \'{"coquettruie": true}\'')
    p.add_argument("--bots", default="random", help="comma-separated per seat: random, heuristic, ismcts, fort")
    p.add_argument("--iterations", type=int, default=0, help="fixed ISMCTS iterations instead of the time budget "
                   "(Galaxy Trucker: the lookahead's copies; it never runs on a time cap there)")
    commands["simulate"] = cmd_simulate

    p = sub.add_parser("bench", help="run the benchmark suite and print a table")
    p.add_argument("--quick", action="store_true", help="fewer games, for a smoke run")
    p.add_argument("--browser", action="store_true", help="also measure the page in headless Chromium")
    commands["bench"] = cmd_bench

    p = sub.add_parser("replay", help="validate and replay a save file")
    p.add_argument("file")
    commands["replay"] = cmd_replay

    p = sub.add_parser("build", help="build the static site")
    p.add_argument("--out", default="_site")
    commands["build"] = cmd_build

    p = sub.add_parser("serve", help="build when needed and serve the site")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--out", default="_site")
    commands["serve"] = cmd_serve

    args = parser.parse_args(argv)
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
