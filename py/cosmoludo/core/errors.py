"""Typed refusals: every error a player can meet carries a French and an English reason."""
from __future__ import annotations

from typing import Any


def text(fr: str, en: str) -> dict[str, str]:
    """A bilingual message, the shape every player-facing string takes."""
    return {"fr": fr, "en": en}


class CosmoludoError(Exception):
    """Base class: a refusal with a reason in French and English."""

    def __init__(self, fr: str, en: str | None = None, **data: Any) -> None:
        self.fr = fr
        self.en = en if en is not None else fr
        self.data = data
        super().__init__(self.en)

    @property
    def reason(self) -> dict[str, str]:
        return text(self.fr, self.en)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fr!r}, {self.en!r})"


class IllegalAction(CosmoludoError):
    """An action that the rules do not allow now; the state is left untouched."""


class InvalidSave(CosmoludoError):
    """A save that is damaged, foreign, from a future version or does not replay."""


class BadSetup(CosmoludoError, ValueError):
    """A new-game request with an unknown game, player count or option value."""
