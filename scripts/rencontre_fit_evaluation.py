"""Fit the evaluation Rencontre Cosmique's « fort » scores its cut playouts with (bot.EVAL_WEIGHTS).

Plays « facile » against itself (seeds 100 000 on), takes every seat's features (bot.eval_features) at the first
decision of each turn, and fits a conditional logit: P(seat wins) = softmax over the seats still in of w·x, by
Newton's method on the mean log-loss (a share of a shared win counts as that share) with a small ridge. Prints the
test log-loss of the fit (trained on the first 75 % of the games) beside progress cubed's and even odds', then the
weights fitted on every game, one row per table size, ready for bot.EVAL_WEIGHTS.

Needs numpy (a tool, not a dependency of the engine):

    PYTHONPATH=py nice -n 19 python scripts/rencontre_fit_evaluation.py [games for 2, 3, 4 players = 1000 2000 600]
"""
from __future__ import annotations

import sys
from typing import cast

import numpy as np

from cosmoludo import games
from cosmoludo.core.rng import Rng
from cosmoludo.games.rencontre_cosmique import RencontreCosmique, bot

RIDGE = 1e-3


def turn_starts(players: int, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Features (rows × seats × features), win shares, seats still in, and progress per seat, per turn start."""
    width = len(bot.EVAL_WEIGHTS[players])
    xs, ys, ms, ps = [], [], [], []
    for g in range(n):
        state = cast(RencontreCosmique, games.new_game("rencontre-cosmique", players, {}, 100_000 + g))
        state.quiet = True
        rng = Rng(g)
        rows = []
        seen = None
        while not state.is_over():
            if state.offence != seen:
                seen = state.offence
                rows.append(([bot.eval_features(state, s) if not state.eliminated[s] else [0.0] * width
                              for s in range(players)], [not state.eliminated[s] for s in range(players)],
                             [bot.progress(state, s) for s in range(players)]))
            seat = state.to_move()[0]
            state.step(seat, state.heuristic_action(seat, rng))
        result = state.result()
        assert result is not None
        winners = result["winners"]
        label = [(s in winners) / len(winners) if winners else 0.0 for s in range(players)]
        for x, m, p in rows:
            xs.append(x)
            ms.append(m)
            ps.append(p)
            ys.append(label)
    return np.array(xs), np.array(ys), np.array(ms, dtype=bool), np.array(ps)


def shares(w: np.ndarray, x: np.ndarray, m: np.ndarray) -> np.ndarray:
    s = np.where(m, x @ w, -1e9)
    s -= s.max(1, keepdims=True)
    e = np.exp(s) * m
    return e / e.sum(1, keepdims=True)


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    return float(-(y * np.log(np.clip(p, 1e-12, 1))).sum() / len(y))


def fit(x: np.ndarray, y: np.ndarray, m: np.ndarray) -> np.ndarray:
    """Newton's method on the mean log-loss plus RIDGE·|w|² (convex: a dozen steps)."""
    n, _, k = x.shape
    w = np.zeros(k)
    total = y.sum(1)
    for _ in range(30):
        p = shares(w, x, m)
        grad = -np.einsum("rs,rsk->k", y - p * total[:, None], x) / n + 2 * RIDGE * w
        mean = np.einsum("rs,rsk->rk", p, x)
        hess = (np.einsum("r,rs,rsk,rsl->kl", total, p, x, x) - np.einsum("r,rk,rl->kl", total, mean, mean)) / n
        step = np.linalg.solve(hess + 2 * RIDGE * np.eye(k), grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def main() -> None:
    counts = [int(a) for a in sys.argv[1:4]] or [1000, 2000, 600]
    rows = []
    for players, n in zip((2, 3, 4), counts):
        x, y, m, prog = turn_starts(players, n)
        cut = int(len(x) * 0.75)  # games come in order: the test turns are those of the last games
        w = fit(x[:cut], y[:cut], m[:cut])
        cube = prog[cut:] ** 3 * m[cut:]
        cube = cube / np.maximum(cube.sum(1, keepdims=True), 1e-12)
        even = m[cut:] / m[cut:].sum(1, keepdims=True)
        print(f"{players} players, {n} games, {len(x)} turn starts; test log-loss: fit "
              f"{log_loss(shares(w, x[cut:], m[cut:]), y[cut:]):.3f}, progress cubed {log_loss(cube, y[cut:]):.3f}, "
              f"even odds {log_loss(even, y[cut:]):.3f}")
        rows.append((players, fit(x, y, m)))
    print("EVAL_WEIGHTS = {")
    for players, w in rows:
        print(f"    {players}: ({', '.join(f'{v:.3f}' for v in w)}),")
    print("}")


if __name__ == "__main__":
    main()
