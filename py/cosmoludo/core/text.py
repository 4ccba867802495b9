"""Player-facing text shared by every game: seat-name placeholders and bilingual pairs."""
from __future__ import annotations

#: How many seats a placeholder exists for (the largest game of the collection seats 6).
MAX_SEATS = 8
_PLACEHOLDERS = tuple(f"{{P{s}}}" for s in range(MAX_SEATS))


def P(seat: int) -> str:
    """A placeholder that the page replaces by the seat's name (names are never formatted into the engine's text)."""
    return _PLACEHOLDERS[seat]


def both(fr: str, en: str) -> dict[str, str]:
    """A bilingual text, the shape every player-facing string of a view takes."""
    return {"fr": fr, "en": en}


__all__ = ["MAX_SEATS", "P", "both"]
