"""Game options described as data, so the page can build its new-game dialog from the catalog.

Each game declares its options in an `options.json` beside its modules (`read_options`): a list of objects in
the catalog's own shape (`Option.describe`), where `help` and `players` may be left out."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
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
    # The value the new-game dialog sets, and locks, when two or more seats are humans at one device, with why
    # ({"value": …, "why": {fr, en}}); None: the option is free whoever plays.
    several_humans: dict[str, Any] | None = None

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
        if self.several_humans is not None:
            d["several_humans"] = {"value": self.several_humans["value"], "why": dict(self.several_humans["why"])}
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


_KEYS = {"id", "type", "default", "label", "help", "values", "min", "max", "players", "several_humans"}


def option_from_data(d: dict[str, Any], max_of: dict[str, int] | None = None) -> Option:
    """One option from its JSON object; `max_of` gives the bound of an int option that code computes."""
    if d.get("type") not in ("bool", "choice", "int"):
        raise ValueError(f"option {d.get('id')!r}: unknown type {d.get('type')!r}")
    if not set(d) <= _KEYS:
        raise ValueError(f"option {d['id']!r}: unknown keys {sorted(set(d) - _KEYS)}")
    top = (max_of or {}).get(d["id"], d.get("max"))
    return Option(
        d["id"], d["type"], d["default"], dict(d["label"]),
        dict(d["help"]) if "help" in d else {"fr": "", "en": ""},
        values=tuple((v["value"], dict(v["label"])) for v in d.get("values", ())),
        min=d.get("min"), max=top,
        players=tuple(d["players"]) if d.get("players") else None,
        several_humans=dict(d["several_humans"]) if "several_humans" in d else None,
    )


def read_options(package: str | None, max_of: dict[str, int] | None = None) -> tuple[Option, ...]:
    """A game's options, from the `options.json` of its package (read through importlib.resources: the page
    imports the engine from a zip). `max_of` names int options whose bound the game's code computes."""
    if not package:
        raise ValueError("read_options needs the game's package (__package__)")
    rows = json.loads(resources.files(package).joinpath("options.json").read_text(encoding="utf-8"))
    ints = {d["id"] for d in rows if d.get("type") == "int"}
    if not set(max_of or {}) <= ints:
        raise ValueError(f"max_of names no int option of {package}: {sorted(set(max_of or {}) - ints)}")
    return tuple(option_from_data(d, max_of) for d in rows)


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
