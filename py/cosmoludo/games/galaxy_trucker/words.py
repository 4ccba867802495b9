"""Galaxy Trucker's log words: numbers with their noun in agreement, lists of names, a component's article.

French puts the noun in the singular below 2 (« 0 crédit », « 1 jour », « 2 jours »), English only at 1.
"""
from __future__ import annotations

from .data import TILES, kname

#: Component kinds whose French name is feminine (cabine, batterie, soute).
FEMININE = frozenset({"starting_cabin", "cabin", "battery2", "battery3", "cargo2", "cargo3", "special_cargo1",
                      "special_cargo2"})


def fr_n(n: float, one: str, many: str) -> str:
    """« 1 jour », « 0 jour », « 3 jours » (French: singular below 2)."""
    return f"{n:g} {one if abs(n) < 2 else many}"


def en_n(n: float, one: str, many: str) -> str:
    """« 1 day », « 0 days », « 3 days »."""
    return f"{n:g} {one if abs(n) == 1 else many}"


#: Goods (« une marchandise … »: feminine), French and English, singular and plural.
GOODS_WORDS = {"R": (("rouge", "rouges"), ("red", "red")), "Y": (("jaune", "jaunes"), ("yellow", "yellow")),
               "G": (("verte", "vertes"), ("green", "green")), "B": (("bleue", "bleues"), ("blue", "blue"))}


def good(x: str) -> tuple[str, str]:
    """« une marchandise bleue » / « a blue good »: the colour word of one good."""
    return GOODS_WORDS[x][0][0], GOODS_WORDS[x][1][0]


def goods_words(goods: str) -> tuple[str, str]:
    """« 2 rouges, 1 bleue » / « 2 red, 1 blue » (most valuable first as printed), « rien » / « none »."""
    fr, en = [], []
    for x in "RYGB":
        n = goods.count(x)
        if n:
            fr.append(f"{n} {GOODS_WORDS[x][0][n > 1]}")
            en.append(f"{n} {GOODS_WORDS[x][1][n > 1]}")
    return ", ".join(fr) or "rien", ", ".join(en) or "none"


def fr_num(v: float) -> str:
    """A strength as French writes it: « 2 », « 1,5 »."""
    return f"{v:g}".replace(".", ",")


def fr_names(names: list[str]) -> str:
    """« A », « A et B », « A, B et C »."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " et " + names[-1]


def en_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def a_component(tile: int) -> tuple[str, str]:
    """« une batterie (2) » / « a battery (2) », « un réacteur simple » / « a single engine »."""
    fr, en = kname(tile)
    return (f"{'une' if feminine(tile) else 'un'} {fr}", f"{'an' if en[0] in 'aeiou' else 'a'} {en}")


def feminine(tile: int) -> bool:
    return TILES[tile].kind in FEMININE


__all__ = ["FEMININE", "GOODS_WORDS", "a_component", "en_n", "en_names", "feminine", "fr_n", "fr_names", "fr_num", "good",
           "goods_words"]
