"""What the native bench (bench.py) and the browser bench (browser_bench.py) share: the text tables both print, and
the resumption of saved games both time (natively, and in the page's worker)."""
from __future__ import annotations

import json
from typing import Any

from .. import bridge, games
from ..match import play_game


def text_table(title: str, header: list[str], rows: list[list[Any]]) -> str:
    cells = [header] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = [title, "  ".join(h.ljust(w) for h, w in zip(header, widths)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in cells[1:]]
    return "\n".join(lines)


#: The games a player resumes, one row each in the « resume » table (native and in the page): (game, players).
RESUMES = [("porco-crasso", 4), ("rencontre-cosmique", 3), ("cochons-de-l-espace", 4), ("kroll-et-prumni", 2),
           ("galaxy-trucker", 3)]
#: How many actions each row resumes: the issue's 1,000-action game (≤ 300 ms in the page).
RESUME_ACTIONS = 1000


def resume_saves(game: str, players: int, actions: int = RESUME_ACTIONS) -> list[dict[str, Any]]:
    """Saves of « facile » bots' games (seeds 1, 2, …) holding `actions` actions in all, the last one cut there.

    A game whose bots end it sooner (Porco Crasso's 4-player games are about 125 actions, Rencontre Cosmique's
    3-player ones about 400) is resumed as several saves, one after the other, that add up to `actions`."""
    saves: list[dict[str, Any]] = []
    left, seed = actions, 1
    while left > 0:
        state, _ = play_game(game, players, {}, seed, ["facile"] * players)
        save = state.to_save()
        save["actions"] = save["actions"][:left]
        left -= len(save["actions"])
        saves.append(save)
        seed += 1
    return saves


def resume_inputs(game: str, players: int) -> list[tuple[str, int | None]]:
    """What the page sends to resume each of `resume_saves`: the save's text and the seat whose view it asks (the
    seat to move, or the spectator once the game is over)."""
    out = []
    for save in resume_saves(game, players):
        to_move = games.load(save).to_move()
        out.append((json.dumps(save), to_move[0] if to_move else None))
    return out


def resume(inputs: list[tuple[str, int | None]]) -> None:
    """What the page asks of the engine to resume each save: open it (every action checked and applied again) and
    the view of the seat it shows."""
    for text, seat in inputs:
        opened = json.loads(bridge.open_save(text))
        assert opened["ok"], opened
        assert json.loads(bridge.view(opened["handle"], seat, -1, 0))["ok"]
        bridge.close(opened["handle"])
