"""Which alien powers this engine applies; each power's rules live in rules.py next to the moment it acts."""
from __future__ import annotations

#: Powers whose every effect is implemented; only these are dealt.
IMPLEMENTED_POWERS: frozenset[str] = frozenset({
    "chercheur", "comedien", "escamoteur", "machine", "amibe", "chronos", "clone", "laser", "macron", "mutant", "philantrope", "sorcier", "vide",
    "virus", "vulch", "zombie", "echangeur", "empathe", "oracle", "esprit", "insecte", "voleur",
})
#: Powers of the rulebook that this engine does not apply yet, so they are never dealt.
MISSING_POWERS: frozenset[str] = frozenset()
