"""Game options described as data, so the page can build its new-game dialog from the catalog."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import BadSetup


@dataclass(frozen=True)
class Option:
    """One option of a game: a switch, a choice among values, or a bounded integer."""

    id: str
    type: str  # "bool" | "choice" | "int"
    default: Any
    label: dict[str, str]
    help: dict[str, str] = field(default_factory=lambda: {"fr": "", "en": ""})
    values: tuple[tuple[Any, dict[str, str]], ...] = ()  # for "choice": (value, label)
    min: int | None = None
    max: int | None = None
    players: tuple[int, ...] | None = None  # player counts it applies to; None = all

    def describe(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": self.id,
            "type": self.type,
            "default": self.default,
            "label": dict(self.label),
            "help": dict(self.help),
            "players": list(self.players) if self.players else None,
        }
        if self.type == "choice":
            d["values"] = [{"value": v, "label": dict(lbl)} for v, lbl in self.values]
        if self.type == "int":
            d["min"], d["max"] = self.min, self.max
        return d

    def check(self, value: Any) -> Any:
        if self.type == "bool":
            if not isinstance(value, bool):
                raise BadSetup(f"L'option « {self.id} » attend vrai ou faux.",
                               f"Option '{self.id}' expects true or false.")
            return value
        if self.type == "choice":
            if value not in [v for v, _ in self.values] or isinstance(value, bool):
                raise BadSetup(f"Valeur inconnue pour l'option « {self.id} » : {value!r}.",
                               f"Unknown value for option '{self.id}': {value!r}.")
            return value
        if self.type == "int":
            if not isinstance(value, int) or isinstance(value, bool) or not (
                    self.min is None or value >= self.min) or not (self.max is None or value <= self.max):
                raise BadSetup(f"L'option « {self.id} » attend un entier entre {self.min} et {self.max}.",
                               f"Option '{self.id}' expects an integer from {self.min} to {self.max}.")
            return value
        raise BadSetup(f"Type d'option inconnu : {self.type}", f"Unknown option type: {self.type}")


def normalize(options_spec: tuple[Option, ...], given: dict[str, Any] | None, players: int) -> dict[str, Any]:
    """Fill defaults, check every value, refuse unknown keys; the result is what a save stores."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise BadSetup("Les options doivent être un objet (des noms et leurs valeurs).",
                       "The options must be an object (names and their values).")
    given = dict(given)
    known = {o.id for o in options_spec}
    unknown = sorted(set(given) - known)
    if unknown:
        raise BadSetup(f"Option inconnue : {', '.join(unknown)}.", f"Unknown option: {', '.join(unknown)}.")
    out: dict[str, Any] = {}
    for opt in options_spec:
        out[opt.id] = opt.check(given[opt.id]) if opt.id in given else opt.default
    return out
