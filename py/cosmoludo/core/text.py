"""Player-facing text shared by every game: seat-name placeholders and bilingual pairs."""
from __future__ import annotations

from dataclasses import dataclass

#: How many seats a placeholder exists for (the largest game of the collection seats 6).
MAX_SEATS = 8
_PLACEHOLDERS = tuple(f"{{P{s}}}" for s in range(MAX_SEATS))


def P(seat: int) -> str:
    """A placeholder that the page replaces by the seat's name (names are never formatted into the engine's text)."""
    return _PLACEHOLDERS[seat]


def both(fr: str, en: str) -> dict[str, str]:
    """A bilingual text, the shape every player-facing string of a view takes."""
    return {"fr": fr, "en": en}




# ---- agreement: a noun's gender and plural kept beside its name --------------------------------------------
@dataclass(frozen=True)
class Noun:
    """A noun in both languages with what agreement needs: its French gender ("m" or "f") and both plurals
    (the default plural adds an s)."""

    fr: str
    gender: str
    en: str
    fr_plural: str = ""
    en_plural: str = ""

    @property
    def feminine(self) -> bool:
        return self.gender == "f"

    def fr_n(self, count: int) -> str:
        """The French form for `count` (0 and 1 take the singular)."""
        return self.fr if abs(count) < 2 else (self.fr_plural or _plural_fr(self.fr))

    def en_n(self, count: int) -> str:
        """The English form for `count` (only 1 takes the singular)."""
        return self.en if abs(count) == 1 else (self.en_plural or f"{self.en}s")


def _plural_fr(word: str) -> str:
    return word if word.endswith(("s", "x", "z")) else f"{word}s"


_VOWELS = tuple("aeiouyàâéèêëîïôûüAEIOUYÀÂÉÈÊËÎÏÔÛÜ")


def le(noun: Noun, plural: bool = False) -> str:
    """The French definite article and noun: « le croiseur », « la base mobile », « l'astéroïde », « les … »."""
    if plural:
        return f"les {noun.fr_n(2)}"
    if noun.fr.startswith(_VOWELS):
        return f"l'{noun.fr}"
    return f"{'la' if noun.feminine else 'le'} {noun.fr}"


def un(noun: Noun) -> str:
    """The French indefinite article and noun: « un croiseur », « une planète »."""
    return f"{'une' if noun.feminine else 'un'} {noun.fr}"


def n_noun(count: int, noun: Noun) -> tuple[str, str]:
    """« 2 Gorets » / "2 Piglets", « 1 Goret » / "1 Piglet": a count and its noun agreeing, in both languages."""
    return f"{count} {noun.fr_n(count)}", f"{count} {noun.en_n(count)}"


def n_nouns(counts: list[tuple[int, Noun]]) -> tuple[str, str]:
    """Counts of several nouns joined with « et » / "and", the zero counts left out (« 2 Gorets », not
    « 2 Gorets et 0 Gros Gruik »); « aucun Goret » / "no Piglet" when every count is zero."""
    parts = [n_noun(c, n) for c, n in counts if c]
    if not parts:
        first = counts[0][1]
        return f"{'aucune' if first.feminine else 'aucun'} {first.fr}", f"no {first.en_n(2)}"
    return _join([p[0] for p in parts], "et"), _join([p[1] for p in parts], "and")


def _join(items: list[str], word: str) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


#: French adjectives whose feminine or plural is not the regular one (invariable colours among them).
_ADJ_FORMS = {"marron": ("marron",) * 4, "orange": ("orange",) * 4, "blanc": ("blanc", "blanche", "blancs", "blanches"),
              "violet": ("violet", "violette", "violets", "violettes")}


def adj_fr(adjective: str, feminine: bool, plural: bool = False) -> str:
    """A French adjective (given in the masculine singular) agreeing: adj_fr("bleu", True) is « bleue »."""
    forms = _ADJ_FORMS.get(adjective)
    if forms is None:
        fem = adjective if adjective.endswith("e") else f"{adjective}e"
        forms = (adjective, fem, _plural_fr(adjective), _plural_fr(fem))
    return forms[(2 if plural else 0) + (1 if feminine else 0)]


def capitalized(text: str) -> str:
    """`text` with its first letter in upper case (a sentence of the log starts with a capital)."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


__all__ = ["MAX_SEATS", "Noun", "P", "adj_fr", "both", "capitalized", "le", "n_noun", "n_nouns", "un"]
