"""Helpers for Les Cochons de l'Espace tests: new games by class (the game is not in GAMES until its page
exists), replay, invariants after every action."""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

from cosmoludo.core.options import normalize
from cosmoludo.core.rng import Rng
from cosmoludo.games.cochons_espace import CochonsEspace
from cosmoludo.games.cochons_espace.data import (
    EC_MAX_STACK,
    EC_TOKENS,
    GORETS,
    GOVERNORS,
    GROS_GRUIKS,
    MAX_DEVOURED,
    TILES,
    deck_cards,
    galaxy_tiles,
)
from game_helpers import first_seat_at_random, play_out

FULL_DECK = Counter(deck_cards(False))


def new(players: int, seed: int = 0, **options: Any) -> CochonsEspace:
    return CochonsEspace(players, normalize(CochonsEspace.options_spec, options, players), seed)


def replay(state: CochonsEspace) -> CochonsEspace:
    save = json.loads(json.dumps(state.to_save()))
    again = CochonsEspace(save["players"], save["options"], save["seed"])
    for seat, action in save["actions"]:
        again.apply(seat, action)
    return again


def cards_everywhere(g: CochonsEspace) -> Counter[str]:
    where: Counter[str] = Counter(g.deck) + Counter(g.discard) + Counter(g.out)
    for h in g.hands:
        where += Counter(h)
    if g.combat is not None:
        for w in ("d", "a"):
            where += Counter(g.combat["cards"][w])
    return where


def check(g: CochonsEspace) -> None:
    n = g.players
    # The 80 cards, each in exactly one place.
    assert cards_everywhere(g) == FULL_DECK, "cards were created or lost"
    # Each clan's troops within its stock (the loaned Sourdokoko is the Emperor's).
    for s in range(n):
        bg, bgg = g.troop_count(s)
        assert g.reserve[s][0] >= 0 and g.reserve[s][1] >= 0
        assert bg + g.reserve[s][0] == GORETS, f"seat {s}: Gorets not conserved"
        assert bgg + g.reserve[s][1] == GROS_GRUIKS + (1 if g.imp[s] else 0), f"seat {s}: Gros Gruiks not conserved"
    # Governors within stock.
    for clan in range(n):
        total = sum(g.gov[h][clan] for h in range(n))
        assert 0 <= total <= GOVERNORS and all(g.gov[h][clan] >= 0 for h in range(n))
    # The galaxy's hexes: laid, in the piles, in hand or in the box, each once; planets devoured ≤ 3.
    laid = list(g.tiles.values())
    piles = [t for p in g.piles.values() for t in p]
    pool = laid + piles + ([g.drawn] if g.drawn else []) + list(g.box)
    expected = sorted(TILES) if "S" in laid else sorted(t for t in TILES if t != "S")
    assert sorted(pool) == expected, "hexes created or lost"
    assert len(set(laid)) == len(laid)
    assert len(laid) + len(piles) + (1 if g.drawn else 0) >= len(galaxy_tiles(n))
    assert len(g.devoured) <= MAX_DEVOURED and all(k in g.tiles for k in g.devoured)
    # Stacks: real troops on real hexes, one entry per side, EC within their limits.
    ec_total: Counter[str] = Counter()
    for k, st in g.stacks.items():
        assert k in g.tiles and st
        sides = [(e["s"], e["ec"]) for e in st]
        assert len(set(sides)) == len(sides)
        assert sum(1 for e in st if e["s"] < 0) <= 1
        for e in st:
            assert e["g"] >= 0 and e["gg"] >= 0 and e["g"] + e["gg"] > 0
            if e["s"] < 0:
                assert e["gg"] == 0 and e["g"] <= EC_MAX_STACK[e["ec"]]
                ec_total[e["ec"]] += e["g"]
    for kind, count in ec_total.items():
        assert count <= EC_TOKENS[kind]
    if g.phase in ("production", "governors", "election", "tally", "end_turn") and g.combat is None:
        assert all(len(st) == 1 for st in g.stacks.values()), "a hex still shared after the combats"
    if g.is_over():
        res = g.result()
        assert res is not None and res["winners"] and res["winners"][0] is not None
        if res["how"] == "recette":
            assert g.meets_recipe(res["winners"][0]) and g.turn > 1


def check_played(g: CochonsEspace) -> None:
    """`check`, and what holds in a game played from its start (not in a scene set up by hand): « éliminé dès
    qu'il n'a plus qu'une seule troupe » — no clan still in play is down to one troop or none."""
    check(g)
    if not g.simple and g.turn >= 1:
        for s in range(g.players):
            assert g.eliminated[s] or sum(g.troop_count(s)) >= 2, f"seat {s}: one troop left and not eliminated"


def play_random(g: CochonsEspace, rng: Rng, checking: bool = True, max_steps: int = 50_000) -> int:
    return play_out(g, first_seat_at_random(rng), check_played if checking else None, max_steps)


class Dice(Rng):
    """A generator whose dice are scripted: randint returns the queued values (then falls back to chance)."""

    def __init__(self, rolls: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.rolls = list(rolls)

    def randint(self, lo: int, hi: int) -> int:
        if self.rolls:
            v = self.rolls.pop(0)
            assert lo <= v <= hi, f"scripted {v} outside {lo}..{hi}"
            self.draws += 1
            return v
        return super().randint(lo, hi)

    def copy(self) -> Dice:
        d = Dice(self.rolls)
        d._start, d._block, d._used, d.draws = self._start, self._block, self._used, self.draws
        return d


def galaxy(players: int = 3, seed: int = 0, **options: Any) -> CochonsEspace:
    """A game whose galaxy is built and starting Gorets placed (random choices), at its first turn."""
    g = new(players, seed, **options)
    rng = Rng(seed)
    while g.phase == "build" or any(a.kind == "start" for a in g.asks):
        s = g.to_move()[0]
        g.apply(s, rng.choice(g.legal_actions(s)))
    return g


def scene(g: CochonsEspace, board: dict[str, list[tuple[int, int, int]]], hands: dict[int, list[str]] | None = None,
          ec: dict[str, tuple[str, int]] | None = None) -> None:
    """Put exactly these troops on the board (hex → [(seat, gorets, gros gruiks)] in arrival order) and these
    hands; reserves are recomputed and the other cards go back to the deck."""
    from cosmoludo.games.cochons_espace.board import entry

    g.stacks = {}
    for k, st in board.items():
        g.stacks[k] = [entry(s, a, b) for s, a, b in st]
    for k, (kind, n) in (ec or {}).items():
        g.stacks.setdefault(k, []).append(entry(-1, n, 0, kind))
    for s in range(g.players):
        bg, bgg = g.troop_count(s)
        g.reserve[s] = [GORETS - bg, GROS_GRUIKS - bgg]
    if hands is not None:
        pool = list(g.deck) + list(g.discard) + [c for h in g.hands for c in h]
        g.discard = []
        for s in range(g.players):
            g.hands[s] = list(hands.get(s, []))
            for c in g.hands[s]:
                pool.remove(c)
        g.deck = pool


def answer(g: CochonsEspace, seat: int, action: dict[str, Any]) -> None:
    """Play `action` for `seat`, checked like a player's click."""
    g.apply(seat, action)


def pass_windows(g: CochonsEspace) -> None:
    """Everybody passes at the card windows that are open now."""
    while g.asks and g.asks[0].kind == "window":
        for s in g.to_move():
            g.apply(s, {"type": "pass"})


def line_of(g: CochonsEspace, n: int) -> list[str]:
    """n hexes in a row, each adjacent to the next (for scenes)."""
    start = min(g.tiles)
    path = [start]
    while len(path) < n:
        nxt = [k for k in g.adj[path[-1]] if k not in path and all(k not in g.adj[p] for p in path[:-1])]
        if not nxt:
            nxt = [k for k in g.adj[path[-1]] if k not in path]
        path.append(min(nxt))
    return path
