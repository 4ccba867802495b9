"""Bots shared by every game: random, per-game heuristics, and information-set MCTS.

What a game lends the bots (its heuristic, playout policy, progress, determinization) is declared on
`GameState` as methods with defaults; nothing here looks a game's module up by name.
"""
from __future__ import annotations

import json
import math
import time
import weakref
from typing import Any

from . import registry
from .errors import IllegalAction
from .rng import Rng, seed_within
from .state import Action, GameState

#: Bot levels offered by the page: facile = the game's heuristic, normal/fort = ISMCTS budgets.
LEVELS: list[dict[str, Any]] = [
    {"id": "aleatoire", "label": {"fr": "Aléatoire", "en": "Random"}},
    {"id": "facile", "label": {"fr": "Facile", "en": "Easy"}},
    {"id": "normal", "label": {"fr": "Normal", "en": "Normal"}, "default": True},
    {"id": "fort", "label": {"fr": "Fort", "en": "Strong"}},
]

LEVEL_IDS = frozenset(lv["id"] for lv in LEVELS)

#: ISMCTS budgets: an iteration cap and a time cap in seconds (whichever comes first).
BUDGETS: dict[str, tuple[int, float]] = {"normal": (300, 0.18), "fort": (3000, 0.9)}


def action_key(action: Action) -> str:
    """A hashable identity for an action (values may be lists, so the canonical JSON text)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def outcome(state: GameState) -> list[float] | None:
    """Rewards per seat once the playout may stop (the game may stop early, e.g. between match games)."""
    return state.playout_outcome()


# ---- random -----------------------------------------------------------------------
def random_action(state: GameState, seat: int, rng: Rng) -> Action:
    return rng.choice(state.legal_actions(seat))


def random_playout(state: GameState, rng: Rng, max_steps: int = 100_000) -> int:
    """Play random legal actions until the game ends; return the number of actions."""
    steps = 0
    # The contract's to_move() and legal_actions() check again that the game goes on and whose turn it is;
    # here the loop has just checked it, so it asks the game directly. The methods are looked up once:
    # in Pyodide every attribute lookup costs about three times what it costs natively.
    is_over, to_move, legal, step, below = state.is_over, state._to_move, state._legal_actions, state.step, rng.below
    while not is_over() and steps < max_steps:
        seat = to_move()[0]
        acts = legal(seat)
        step(seat, acts[below(len(acts))])  # rng.choice(acts), one call fewer
        steps += 1
    return steps


def random_playouts(game_id: str, players: int, n: int, seed: int = 0,
                    options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Throughput probe used by `bench` natively and in the browser: n complete random games.

    The game must be registered (importing `cosmoludo.games` registers every game).
    """
    rng = Rng(seed)
    t0 = time.perf_counter()
    actions = 0
    for k in range(n):
        state = registry.new_game(game_id, players, options or {}, seed=seed_within(seed * 100_003 + k))
        state.quiet = True
        actions += random_playout(state, rng)
    dt = time.perf_counter() - t0
    return {"games": n, "seconds": dt, "games_per_second": n / dt if dt else float("inf"),
            "mean_actions": actions / n}


# ---- ISMCTS -----------------------------------------------------------------------
class _Node:
    __slots__ = ("action", "avail", "children", "mover", "parent", "reward", "visits")

    def __init__(self, action: Action | None, mover: int, parent: _Node | None) -> None:
        self.action = action
        self.mover = mover  # the seat that played `action` to reach this node
        self.parent = parent
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


def ismcts(state: GameState, seat: int, iterations: int, seconds: float | None, rng: Rng,
           exploration: float = 0.7, playout_cap: int | None = None,
           prior: Action | None = None, prior_visits: int = 0, depth: int | None = None) -> Action:
    """Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

    Each iteration deals the unseen information again (`determinize`, from `seat`'s
    knowledge only), walks down the tree among the actions legal in that deal, expands
    one, plays random moves to the end, and credits each node's mover.

    `prior`: an action a game's heuristic suggests; it counts `prior_visits` extra visits
    in the final choice, so a short search overrules it only with clear evidence.

    `depth`: the tree grows at most this many moves below the root (None: no limit); below it the
    playout policy plays. With `depth` = 1 the others' moves all come from the game's playout policy
    (its model of the other players) instead of a tree that, with few visits, plays them almost at random.
    """
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if prior not in legal:
        prior = None
    # The game's playout policy and its score for a playout cut short (GameState's defaults: random, equal).
    rollout = type(state).rollout_action
    estimate = type(state).estimate_outcome
    if playout_cap is None:
        playout_cap = state.playout_cap
    root = _Node(None, seat, None)
    deadline = None if seconds is None else time.perf_counter() + seconds
    for it in range(iterations):
        if deadline is not None and it > 0 and (it & 7) == 0 and time.perf_counter() > deadline:
            break
        d = state.determinize(seat, rng)
        d.quiet = True
        node = root
        path = [root]
        # Selection and expansion.
        while True:
            result = outcome(d)
            if result is not None or (depth is not None and len(path) > depth):
                break
            mover = d.to_move()[0]
            acts = d.legal_actions(mover)
            keyed = [(action_key(a), a) for a in acts]
            untried = [(k, a) for k, a in keyed if k not in node.children]
            for k, _ in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                k, a = untried[rng.below(len(untried))]
                child = _Node(a, mover, node)
                node.children[k] = child
                d.step(mover, a)
                node = child
                path.append(node)
                break
            best, best_score = None, -1.0
            for k, _ in keyed:
                c = node.children[k]
                score = c.reward / c.visits + exploration * math.sqrt(math.log(c.avail) / c.visits)
                if score > best_score:
                    best, best_score = c, score
            assert best is not None and best.action is not None
            d.step(mover, best.action)
            node = best
            path.append(node)
        # Simulation.
        steps = 0
        result = outcome(d)
        while result is None and steps < playout_cap:
            mover = d.to_move()[0]
            a = rollout(d, mover, rng)
            d.step(mover, a)
            steps += 1
            result = outcome(d)
        if result is None:
            result = estimate(d)
        # Backpropagation.
        for n in path:
            n.visits += 1
            n.reward += result[n.mover]
    bonus = action_key(prior) if prior is not None else None

    def standing(c: _Node) -> tuple[float, float]:
        extra = prior_visits if c.action is not None and action_key(c.action) == bonus else 0
        return (c.visits + extra, c.reward)

    if bonus is not None and not any(k == bonus for k in root.children):
        return prior  # type: ignore[return-value]  # never tried: the search had no time to doubt it
    best_child = max(root.children.values(), key=standing)
    key = action_key(best_child.action or {})
    for a in legal:
        if action_key(a) == key:
            return a
    return legal[0]


# ---- the stall guard -------------------------------------------------------------
#: Per live game: the standings (every seat's `progress`, a tuple) seen at bots' decisions so far, and the number of
#: moves played when the last new one was seen. Weakly held (a game its caller drops takes its entry along);
#: nothing is written into the state, so copies, saves and searches are untouched; a game loaded again from its
#: save starts afresh.
_SEEN: weakref.WeakKeyDictionary[GameState, tuple[set[tuple[float, ...]], int]] = weakref.WeakKeyDictionary()


def stalled_for(state: GameState) -> int:
    """How many moves the game has gone round in circles: since the standing (every seat's progress) was last one
    never seen before in this game, as this guard saw it at bots' decisions. 0 for a game without a progress
    measure (GameState's constant default), a game first seen, or one taken back."""
    if type(state).progress is GameState.progress:
        return 0
    now = tuple(state.progress(s) for s in range(state.players))
    moves = len(state.history)
    seen = _SEEN.get(state)
    if seen is None or moves < seen[1]:
        _SEEN[state] = ({now}, moves)
        return 0
    standings, since = seen
    if now not in standings:
        standings.add(now)
        _SEEN[state] = (standings, moves)
        return 0
    return moves - since


def guarded_level(state: GameState, level: str) -> str:
    """The level a bot plays at now: its own, unless the game stalls (no new standing for `stall_moves` moves:
    then « facile », whose games end, and after twice as many a random move, which breaks any loop). A loop of
    searches that each prefer keeping the lead to playing on (Rencontre's paired search on deal 7144 in two players)
    is broken that way; no normal game comes near the bound (docs/bot-stall-guard.md)."""
    stall = stalled_for(state)
    if stall >= 2 * state.stall_moves:
        return "aleatoire"
    if stall >= state.stall_moves and level != "aleatoire":
        return "facile"
    return level


# ---- levels -----------------------------------------------------------------------
def heuristic_action(state: GameState, seat: int, rng: Rng) -> Action:
    return state.heuristic_action(seat, rng)


def choose_action(state: GameState, seat: int, level: str = "normal", seed: int = 0,
                  budget: tuple[int, float | None] | None = None) -> Action:
    """The action a bot of `level` plays for `seat` (not applied)."""
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction("Ce bot n'a rien à jouer maintenant.", "This bot has nothing to play now.")
    # Seed from the game position too, so a bot does not repeat itself across turns.
    rng = Rng(f"{seed}:{state.seed}:{len(state.history)}:{seat}")
    level = guarded_level(state, level) if level in LEVEL_IDS else level
    if len(legal) == 1:
        return legal[0]
    if level == "aleatoire":
        return random_action(state, seat, rng)
    if level == "facile":
        return heuristic_action(state, seat, rng)
    # A game may play a level its own way (Porco Crasso's « normal » and « fort » are tuned evaluations, not a
    # search): `level_action(level, seat, rng)` returns the action, or None to leave the level to ISMCTS.
    own_way = getattr(state, "level_action", None)
    if own_way is not None:
        chosen: Action | None = own_way(level, seat, rng)
        if chosen is not None:
            return chosen
    if level in BUDGETS:
        iterations, seconds = budget if budget is not None else BUDGETS[level]
        # A game that sets prior_visits lends the search its heuristic's choice (see `ismcts`).
        prior_visits = state.prior_visits
        if prior_visits:
            prior = heuristic_action(state, seat, rng.fork())
            return ismcts(state, seat, iterations, seconds, rng, prior=prior, prior_visits=prior_visits)
        return ismcts(state, seat, iterations, seconds, rng)
    raise IllegalAction(f"Niveau de bot inconnu : {level!r}.", f"Unknown bot level: {level!r}.")
