"""Galaxy Trucker « La grosse extension », « Pour les indécis »: the dice table that chooses the modules.

The text (« Choix des extensions ») : the standard game (Routes Rugueuses level 0, no Mauvaises Machinations,
standard classes) is difficulty 0; choose a difficulty (3, 4 or 5, say) and roll a die that many times:
1 → class IA instead of I, 2 → IIA instead of II, 3 → IIIA instead of III, 4 or 5 → the Mauvaises Machinations
cards — each time « si vous utilisez déjà … », Routes Rugueuses one level higher instead; 6 → Routes Rugueuses one
level higher. « Cette table est juste pour vous aider à décider » and nobody has to use a module they dislike.

In the app it is a helper of the new-game dialog (`HELPER`, in the catalog): it rolls, then sets the options the
rolls chose. A module the app cannot offer (IA, IIA: boards unknown, audit Q8; Mauvaises Machinations: card texts
unknown, Q9; a Routes Rugueuses level above `ext_roads.MAX_LEVEL`, Q9) is said, never replaced by something else.
`undecided` is the reference the page's helper follows (an e2e test compares them).
"""
from __future__ import annotations

from typing import Any

from . import ext_roads

MISSING_BOARDS = {"fr": "absente de cette version : ses plateaux ne sont pas dans le texte",
                  "en": "not in this version: its boards are not in the text"}
MISSING_CARDS = {"fr": "absentes de cette version : le texte de leurs 24 cartes manque",
                 "en": "not in this version: the text of their 24 cards is missing"}

#: Face → what it chooses: a module (`module`, the options it sets in `set`, or `missing` when the app cannot offer
#: it; rolled again, `else_inc` instead), or one more level of an int option (`inc`).
FACES: dict[int, dict[str, Any]] = {
    1: {"module": "IA", "label": {"fr": "classe IA au lieu de la classe I", "en": "class IA instead of class I"},
        "missing": MISSING_BOARDS},
    2: {"module": "IIA", "label": {"fr": "classe IIA au lieu de la classe II", "en": "class IIA instead of class II"},
        "missing": MISSING_BOARDS},
    3: {"module": "IIIA", "label": {"fr": "classe IIIA au lieu de la classe III", "en": "class IIIA instead of class III"},
        "set": {"classe3": "IIIA"}},
    4: {"module": "machinations", "label": {"fr": "cartes Mauvaises Machinations", "en": "Evil Machinations cards"},
        "missing": MISSING_CARDS},
    5: {"module": "machinations", "label": {"fr": "cartes Mauvaises Machinations", "en": "Evil Machinations cards"},
        "missing": MISSING_CARDS},
    6: {"inc": "routes"},
}
ROUTES_UP = {"fr": "Routes Rugueuses : un niveau de plus", "en": "Rough Roads: one level higher"}
ROUTES_CAPPED = {"fr": f"niveau des Routes Rugueuses limité à {ext_roads.MAX_LEVEL} (les autres cartes manquent)",
                 "en": f"Rough Roads level limited to {ext_roads.MAX_LEVEL} (the other cards are missing)"}
#: The standard game the rolls start from (difficulty 0).
STANDARD: dict[str, Any] = {"classe3": "III", "routes": 0}

#: The dialog's helper, as the catalog describes it (web/ui/newgame.js interprets it as `undecided` does).
HELPER: dict[str, Any] = {
    "id": "indecis",
    "label": {"fr": "Pour les indécis : tirer les extensions aux dés", "en": "For the undecided: roll the modules"},
    "help": {"fr": "Niveau de difficulté = nombre de dés (par exemple 3, 4 ou 5). 1 : classe IA, 2 : classe IIA, "
                   "3 : classe IIIA, 4-5 : Mauvaises Machinations, 6 : Routes Rugueuses +1 ; une extension déjà "
                   "tirée donne Routes Rugueuses +1. Les options restent modifiables ensuite.",
             "en": "Difficulty level = number of dice (3, 4 or 5, say). 1: class IA, 2: class IIA, 3: class IIIA, "
                   "4-5: Evil Machinations, 6: Rough Roads +1; a module already rolled gives Rough Roads +1. The "
                   "options can still be changed afterwards."},
    "level_label": {"fr": "Niveau de difficulté (nombre de dés)", "en": "Difficulty level (number of dice)"},
    "button": {"fr": "Lancer les dés", "en": "Roll the dice"},
    "min": 1, "max": 6, "default": 3,
    "faces": {str(k): v for k, v in FACES.items()},
    "else_inc": "routes",
    "inc_label": {"routes": ROUTES_UP},
    "limits": {"routes": ext_roads.MAX_LEVEL},
    "capped": {"routes": ROUTES_CAPPED},
    "standard": STANDARD,
}


def undecided(rolls: list[int]) -> dict[str, Any]:
    """The options the rolls choose, from the standard game, and one line per roll: {"options", "lines",
    "modules"} — `modules` every module chosen (those the app lacks included), `lines` [{"roll", "fr", "en"}]."""
    options: dict[str, Any] = dict(STANDARD)
    chosen: list[str] = []
    lines: list[dict[str, Any]] = []
    wanted = {"routes": 0}
    for r in rolls:
        if r not in FACES:
            raise ValueError(f"a die shows 1 to 6, not {r}")
        face = FACES[r]
        inc = face.get("inc")
        if "module" in face and face["module"] in chosen:
            inc = HELPER["else_inc"]
        if inc:
            wanted[inc] += 1
            text = dict(ROUTES_UP)
            if wanted[inc] > HELPER["limits"][inc]:
                text = {k: f"{ROUTES_UP[k]} — {ROUTES_CAPPED[k]}" for k in ("fr", "en")}
            else:
                options[inc] += 1
        else:
            chosen.append(face["module"])
            text = dict(face["label"])
            if "missing" in face:
                text = {k: f"{face['label'][k]} — {face['missing'][k]}" for k in ("fr", "en")}
            else:
                options.update(face["set"])
        lines.append({"roll": r, **text})
    return {"options": options, "lines": lines, "modules": chosen, "routes_wanted": wanted["routes"]}
