"""Les Cochons de l'Espace — Galaxy building (blind, visible, reverse placement; twin, pancake and free galaxies) and the starting Gorets."""

from typing import Any

from ...core.flow import Ask
from ...core.hexgrid import ORIGIN, adjacent_slots, band_slots, circle_slots, circles_for, neighbors
from ...core.state import Action
from ...core.text import P, adj_fr, n_noun
from .board import key, unkey
from .data import (
    FAMILIES,
    GORET,
    START_GORETS,
    TILES,
    VOYAGE_MARKERS,
    galaxy_tiles,
)


class Galaxy:
    """Mixin of CochonsEspaceRules."""

    # ---- galaxy building -------------------------------------------------------------------
    def _step_build(self: Any) -> None:
        total = sum(len(p) for p in self.piles.values())
        if total == 0 and self.drawn is None:
            if self.pose == "tout_puis_retourner":
                for k in self.tiles:
                    self.face_up[k] = True
                self.reveal()
                self.emit("Tous les hexagones sont retournés.", "Every hex is turned over.")
            self.rebuild_adjacency()
            self.phase = "start"
            seq = self.order[::-1] if self.options.get("placement_inverse") else list(self.order)
            for s in seq:
                self.ask("start", s)
            self.phase = "turn"
            return
        seat = self.order[self.placer % self.players]
        self.ask("lay", seat)

    def slots(self: Any) -> list[str]:
        placed = [unkey(k) for k in self.tiles]
        if self.layout == "galette":
            return [key(h) for h in band_slots(placed)]
        if self.layout == "libre":
            return [key(h) for h in adjacent_slots(placed)] if placed else [key(ORIGIN)]
        if self.layout == "jumelles":
            return self._twin_slots()[1]
        return [key(h) for h in circle_slots(placed, ORIGIN)]

    # ---- twin galaxies (reconstruction: the rulebook's illustration 6 is missing) -------------------
    def _twin_setup(self: Any) -> None:
        """Two centres, the sun between them, and three cells for the passage galaxy beside the sun (two
        hexes from each galaxy: only the range cards reach it). Each twin takes half the other hexes."""
        rest = len(galaxy_tiles(self.players)) - 3
        na, nb = (rest + 1) // 2, rest // 2
        ra, rb = circles_for(na), circles_for(nb)
        m = ra + 2
        self.twin: dict[str, Any] = {"na": na, "nb": nb, "a": [0, 0], "b": [ra + rb + 4, 0], "sun": key((m, 0)),
                     "passage": [key((m, -1)), key((m + 1, -1)), key((m + 1, -2))]}
        self.tiles[self.twin["sun"]] = "S"
        self.face_up[self.twin["sun"]] = True
        self.group[self.twin["sun"]] = "S"

    def _twin_slots(self: Any) -> tuple[str, list[str]]:
        t = self.twin
        a = [unkey(k) for k, grp in self.group.items() if grp == "A"]
        b = [unkey(k) for k, grp in self.group.items() if grp == "B"]
        if len(a) < t["na"] and (len(a) <= len(b) or len(b) >= t["nb"]):
            return "A", [key(h) for h in circle_slots(a, tuple(t["a"]))]
        if len(b) < t["nb"]:
            return "B", [key(h) for h in circle_slots(b, tuple(t["b"]))]
        return "P", [k for k in t["passage"] if k not in self.tiles]

    def join_twin(self: Any, k: str) -> None:
        """A hex laid after the building (Les Frémono) joins the galaxy it touches: the twin it touches by the
        most sides (A first on a tie), else the passage galaxy; it then shares that twin's edge-to-edge links."""
        touching = [self.group.get(key(n)) for n in neighbors(unkey(k))]
        counts = {grp: touching.count(grp) for grp in ("A", "B", "P")}
        twin = max(("A", "B"), key=lambda grp: (counts[grp], grp == "A"))
        self.group[k] = twin if counts[twin] else "P"

    def landable(self: Any, k: str) -> bool:
        return self.face(k) != "soleil"

    def landable_hexes(self: Any) -> list[str]:
        """Every hex but the sun, sorted."""
        return [k for k in sorted(self.tiles) if self.tiles[k] != "S"]

    def _acts_lay(self: Any, ask: Ask, seat: int) -> list[Action]:
        slots = self.slots()
        if self.simple:
            kinds: dict[tuple[str, str | None], str] = {}
            for f in FAMILIES:
                for t in self.piles[f]:
                    tl = TILES[t]
                    kinds.setdefault((tl.face, tl.colour), t)
            reps = sorted(min(t for f in FAMILIES for t in self.piles[f]
                              if (TILES[t].face, TILES[t].colour) == fk) for fk in kinds)
            return [{"type": "lay", "tile": t, "at": s} for t in reps for s in slots]
        if self.drawn is not None:
            return [{"type": "lay", "at": s} for s in slots]
        if self.pose == "regarder":
            return [{"type": "draw_hex", "family": f} for f in FAMILIES if self.piles[f]]
        return [{"type": "lay", "family": f, "at": s} for f in FAMILIES if self.piles[f] for s in slots]

    def _do_lay(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        if a["type"] == "draw_hex":
            self.drawn = self.piles[a["family"]].pop()
            self.emit(f"{P(seat)} prend un hexagone de la famille {a['family']}.",
                      f"{P(seat)} takes a hex of the {a['family']} family.")
            self.emit(f"Vous avez tiré : {self._tile_fr(self.drawn)}.", f"You drew: {self._tile_en(self.drawn)}.",
                      to=[seat])
            self.reveal()
            return False
        if self.simple:
            t = a["tile"]
            self.piles[TILES[t].back].remove(t)
        elif self.drawn is not None:
            t, self.drawn = self.drawn, None
        else:
            t = self.piles[a["family"]].pop()
            self.reveal()
        k = a["at"]
        if self.layout == "jumelles":
            self.group[k] = self._twin_slots()[0]
        self.tiles[k] = t
        up = self.pose in ("visible", "aveugle", "regarder")
        self.face_up[k] = up
        self.placer += 1
        if up:
            self.emit(f"{P(seat)} pose {self._tile_fr(t)} en {k}.", f"{P(seat)} lays {self._tile_en(t)} at {k}.")
        else:
            self.emit(f"{P(seat)} pose un hexagone face cachée en {k}.", f"{P(seat)} lays a face-down hex at {k}.")
        return True

    def _pub_lay(self: Any, ask: Ask, viewer: int | None) -> dict[str, Any]:
        return {"drawn": self.drawn if viewer in ask.seats else None}

    @staticmethod
    def _tile_fr(t: str) -> str:
        tl = TILES[t]
        c = adj_fr(tl.colour, True) if tl.colour else ""
        return {"planete": f"une planète {c}", "double": f"une planète double {c}",
                "asteroide": "un astéroïde", "soleil": "le soleil"}[tl.face]

    @staticmethod
    def _tile_en(t: str) -> str:
        tl = TILES[t]
        c = {"rouge": "red", "jaune": "yellow", "bleu": "blue", None: ""}[tl.colour]
        return {"planete": f"a {c} planet", "double": f"a {c} double planet",
                "asteroide": "an asteroid", "soleil": "the sun"}[tl.face]

    def flip(self: Any, k: str) -> None:
        """Exploration: a hex is turned over when troops (or Extra-Cochons) arrive."""
        if not self.face_up.get(k, True):
            self.face_up[k] = True
            self.reveal()
            t = self.tiles[k]
            self.emit(f"L'hexagone {k} est découvert : {self._tile_fr(t)}.", f"Hex {k} is discovered: {self._tile_en(t)}.")

    # ---- starting Gorets -------------------------------------------------------------------
    def start_hexes(self: Any, seat: int) -> list[str]:
        edge = [k for k in self.rim_hexes() if self.landable(k)]
        free = [k for k in edge if k not in self.stacks]
        if self.eliminated[seat]:
            # Back after an elimination: an empty hex of the edge, else the centre.
            centre = key(ORIGIN) if key(ORIGIN) in self.tiles and self.landable(key(ORIGIN)) else min(self.tiles)
            return free or [centre]
        others = [k for k in self.stacks if any(e["s"] >= 0 and e["s"] != seat for e in self.stacks[k])]
        spaced = [k for k in free if all(k != o and o not in self.adj[k] for o in others)]
        if spaced:
            return spaced
        if free:
            return free
        return sorted(k for k in self.tiles if k not in self.stacks and self.landable(k)) or \
            sorted(k for k in self.tiles if self.landable(k))

    def _acts_start(self: Any, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "start", "at": k} for k in self.start_hexes(seat)]

    def _do_start(self: Any, ask: Ask, seat: int, a: Action) -> bool:
        k = a["at"]
        n = min(START_GORETS, self.reserve[seat][0])
        self.reserve[seat][0] -= n
        self.add_troops(k, seat, n, 0)
        self.flip(k)
        fr, en = n_noun(n, GORET)
        self.emit(f"{P(seat)} pose {fr} en {k}.", f"{P(seat)} places {en} at {k}.")
        if self.eliminated[seat]:
            self.eliminated[seat] = False
            self.markers_left[seat] = list(VOYAGE_MARKERS)
        return True
