"""A Cochons de l'Espace bot that plays like a sensible clan: it spreads towards the colours its Sacred Recipe
lacks, attacks when its troops clearly outnumber the defence, keeps its technology low enough not to blow
itself up, votes for itself (or against the leader), and hands colonists out to itself first."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.rng import Rng
from ...core.state import Action
from .board import troops
from .data import CARDS, GOVERNOR_CARDS

if TYPE_CHECKING:
    from .rules import CochonsEspaceRules as CochonsEspace

def need(g: CochonsEspace, seat: int) -> dict[str, int]:
    """Acorns of each colour `seat` still lacks for its recipe (as it knows it: its own)."""
    prod = g.current_production(seat)
    return {c: max(0, k - prod[c]) for c, k in g.recipe(seat).items()}


def hex_value(g: CochonsEspace, seat: int, k: str, lack: dict[str, int]) -> float:
    c = g.colour(k)
    if c is None:
        return 0.1
    n = 2 if g.face(k) == "double" else 1
    return (3.0 * min(n, lack.get(c, 0)) + 0.5 * n) if g.face_up.get(k, True) else 1.0


def enemy_troops(g: CochonsEspace, seat: int, k: str) -> int:
    return sum(troops(e) for e in g.stacks.get(k, []) if e["s"] != seat)


def own(g: CochonsEspace, seat: int, k: str) -> int:
    e = g.mine(k, seat)
    return 0 if e is None else troops(e)


def leader(g: CochonsEspace, seat: int) -> int:
    others = [s for s in g.order if s != seat]
    return max(others, key=lambda s: (sum(g.current_production(s).values()), g.held(s), -s))


def heuristic_action(g: CochonsEspace, seat: int, rng: Rng) -> Action:
    legal = g.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    ask = g.asks[0]
    fn = _BY_KIND.get(ask.kind)
    if fn is not None:
        a = fn(g, seat, legal, rng, ask)
        if a is not None and a in legal:
            return a
    return legal[rng.below(len(legal))]


def _first(legal: list[Action], *types: str) -> Action | None:
    for t in types:
        for a in legal:
            if a["type"] == t:
                return a
    return None


def _start(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    lack = need(g, seat)

    def score(a: Action) -> float:
        k = a["at"]
        return hex_value(g, seat, k, lack) + sum(hex_value(g, seat, n, lack) for n in g.adj[k]) + rng.below(10) / 100
    return max(legal, key=score)


def _voyage(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    lack = need(g, seat)
    best, best_score = _first(legal, "end"), 0.3
    for a in legal:
        if a["type"] != "go":
            if a["type"] == "play" and a["card"] in ("yodo_lardo", "fremono", "van_soulo", "gorruption"):
                return a
            continue
        frm, to = a["from"], a["to"]
        mg, mgg = g.movable(frm, seat)
        force = mg + 2 * mgg
        foes = enemy_troops(g, seat, to)
        ec = g.ec_at(to)
        if g.mine(to, seat) is not None and foes == 0:
            continue
        v = hex_value(g, seat, to, lack)
        if foes:
            if force < foes + 2 or (ec is not None and ec["ec"] == "ver" and force < 5):
                continue
            v *= 0.8
        if 0 < own(g, seat, frm) <= 1 and g.is_planet(frm):
            v -= hex_value(g, seat, frm, lack)
        if "card" in a:
            v -= 0.6
        if v > best_score:
            best, best_score = a, v
    return best or legal[0]


def _take(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    to, frm = ask.data["to"], ask.data["frm"]
    mg, mgg = g.movable(frm, seat)
    foes = enemy_troops(g, seat, to)
    e = g.mine(frm, seat)
    stay = 1 if g.is_planet(frm) and e is not None and e["g"] - mg < 1 else 0
    if foes:
        want = (mg - stay, mgg)
    else:
        want = (max(1, min(mg - stay, 2)), 0) if mg - stay >= 1 else (0, 1)
    for a in legal:
        if (a["g"], a["gg"]) == want:
            return a
    return max(legal, key=lambda a: a["g"] + a["gg"])


def _settle(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    promote = _first(legal, "promote")
    if promote:
        return promote

    def score(a: Action) -> float:
        if "at" not in a:
            return -1
        k = a["at"]
        return sum(enemy_troops(g, seat, n) + (1 if g.mine(n, seat) is None else 0) for n in g.adj[k]) + \
            (a.get("n", 1) / 100)
    return max(legal, key=score)


def _give(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    mine = [a for a in legal if a["to"] == seat]
    if mine:
        return max(mine, key=lambda a: a["value"])
    lead = leader(g, seat)
    return min(legal, key=lambda a: (a["to"] == lead, a["value"]))


def _ec_place(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    lead = leader(g, seat)
    return max(legal, key=lambda a: (sum(1 for n in g.adj[a["at"]] if g.mine(n, lead)),
                                     -sum(1 for n in g.adj[a["at"]] if g.mine(n, seat))))


def _ec_move(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    best, best_v = _first(legal, "stay"), 0.0
    for a in legal:
        if a["type"] != "ec_go":
            continue
        to = a["to"]
        if g.mine(to, seat) is not None:
            continue
        v = float(sum(troops(e) for e in g.stacks.get(to, []) if e["s"] >= 0))
        if v > best_v:
            best, best_v = a, v
    return best or legal[0]


def _markers(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    return max(legal, key=lambda a: a.get("n", 0))


def _vote(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    for a in legal:
        if a["for"] == seat:
            return a
    lead = leader(g, seat)
    return min(legal, key=lambda a: (a["for"] == lead, g.held(a["for"])))


def _window(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    for a in legal:
        c = a.get("card")
        if c in GOVERNOR_CARDS or c in ("colons", "sourdokoko", "cho_boko", "yodo_lardo", "fremono", "van_soulo",
                                        "pionce_senat", "erreur_vote", "gorruption"):
            return a
    return {"type": "pass"}


def _target(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    c = ask.data["card"]
    vals = [a["value"] for a in legal]
    if isinstance(vals[0], int):
        lead = leader(g, seat)
        return {"type": "target", "value": lead if lead in vals else vals[0]}
    if c == "pluie_cailloux":
        return {"type": "target", "value": max(vals, key=lambda k: enemy_troops(g, seat, k) - 3 * own(g, seat, k))}
    if c == "fete_gland":
        return {"type": "target", "value": max(vals, key=lambda k: own(g, seat, k))}
    return legal[rng.below(len(legal))]


def _combat_cards(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    side = ask.data["side"]
    c = g.combat
    assert c is not None
    mine = c["cards"][side]
    tech = sum(CARDS[x].tech for x in mine if CARDS[x].kind == "combat")
    best, best_v = _first(legal, "done"), 0.0
    for a in legal:
        if a["type"] != "card":
            continue
        card = CARDS[a["card"]]
        if card.kind == "combat":
            if tech + card.tech > 3:
                continue
            v = (card.attack if side == "a" else card.defence) - card.tech * 0.4
        else:
            v = 2.0 if a["card"] in ("jaret", "gros_traitre", "force_gruik", "yodo_lardo", "gros_laches") else 0
        if v > best_v:
            best, best_v = a, v
    return best or legal[0]


def _flee(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    which = ask.data["side"]
    other = "a" if which == "d" else "d"
    me, foe = g.side(which), g.side(other)
    if me is None or foe is None:
        return _first(legal, "fight") or legal[0]
    mine = sum((n + 1) / 2 for n in g.die_of(which)) + g.strength(which)
    theirs = sum((n + 1) / 2 for n in g.die_of(other)) + g.strength(other)
    if mine + 1.5 < theirs:
        return next(a for a in legal if a["type"] == "flee")
    return _first(legal, "fight") or legal[0]


def _force(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action:
    which = ask.data["side"]
    other = "a" if which == "d" else "d"
    c = g.combat
    assert c is not None
    mine = sum(c["dice"][which]) + g.strength(which)
    theirs = sum(c["dice"][other]) + g.strength(other)
    if mine > theirs:
        return {"type": "keep"}
    if sum(c["dice"][other]) > sum((n + 1) / 2 for n in g.die_of(other)):
        return {"type": "reroll", "die": other}
    return {"type": "reroll", "die": which}


def card_worth(c: str) -> float:
    """A rough worth of a card in hand: a combat card by its bonuses less its risk, an event card a flat 2."""
    card = CARDS[c]
    if card.kind == "combat":
        return (card.attack + card.defence) / 2 - card.tech * 0.3
    return 2.0


def _swap_reply(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action | None:
    """An ally's offer: accepted, giving one's least worth card, when the card offered is worth more."""
    gives = [a for a in legal if a["type"] == "accept"]
    if not gives:
        return _first(legal, "refuse")
    worst = min(gives, key=lambda a: (card_worth(a["card"]), a["card"]))
    if card_worth(ask.data["card"]) > card_worth(worst["card"]):
        return worst
    return _first(legal, "refuse")


def _done(g: CochonsEspace, seat: int, legal: list[Action], rng: Rng, ask: Any) -> Action | None:
    return _first(legal, "keep", "done", "end", "stop", "refuse")


_BY_KIND = {
    "start": _start, "voyage": _voyage, "take": _take, "settle": _settle, "give": _give, "ec_place": _ec_place,
    "ec_move": _ec_move, "markers": _markers, "vote": _vote, "window": _window, "target": _target,
    "combat_cards": _combat_cards, "flee": _flee, "force": _force, "discard": _done, "swap": _done,
    "swap_reply": _swap_reply, "reorg": _done, "boots": _done, "piga": _done,
}
