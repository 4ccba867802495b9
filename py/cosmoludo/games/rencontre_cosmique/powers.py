"""The alien powers as a table, one entry a power as the rulebook gives each power one card: the moments it acts
and what it changes. The duel's arithmetic (what a token is worth, how many go on the cone, how a side's total is
made, a card turned at the resolution, tokens annihilated) is read from here by the duel (duel.py); the powers
that ask their owner something act through the windows (windows.py) and their questions (kinds.py).

This module stands below every chapter: its hooks receive the game state (`g`) and import nothing of the rules.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core.text import P

#: The moments of a turn a power may act at (the windows' names, and the duel's own steps).
MOMENTS = ("start", "defender", "aim", "pre_cards", "cards", "sealed", "revealed", "resolve", "settle",
           "consolation", "after_cards", "after_duel", "lose", "discard", "deal")


@dataclass(frozen=True)
class Power:
    """One alien power: when it acts (`moments`) and what it changes (`changes`), plus its duel arithmetic."""

    moments: tuple[str, ...]
    changes: str
    #: What one of its owner's tokens counts for in a duel total (None: one).
    token_value: int | None = None
    #: The most tokens its owner puts on the cone when attacking or backing the attack (None: the usual four).
    offence_cone: int | None = None
    #: How its owner's total is made from the card's value and the side's tokens (None: their sum).
    total: Callable[[int, int], int] | None = None
    #: At the resolution, when its owner's card is a compromise and the other's is not: what it does then.
    on_compromise: Callable[[Any, int, int], None] | None = None
    #: Its owner winning a duel sends the losers' tokens out of the game instead of into the Black Hole.
    annihilates: bool = False


def _empathe(g: Any, seat: int, other: int) -> None:
    g.effective[other] = "compromis"
    g._note_use(seat, "empathe")
    g.emit(f"L'Empathe {P(seat)} change la carte de {P(other)} en compromis.",
           f"The Empath {P(seat)} turns {P(other)}'s card into a compromise.")


POWERS: dict[str, Power] = {
    "amibe": Power(("sealed",), "moves its tokens in or out of the duel once the cards are laid"),
    "chercheur": Power(("defender", "pre_cards"), "asks a main player a question about its hand or its card"),
    "chronos": Power(("revealed",), "both cards go back to the hands and are played again, once a duel"),
    "clone": Power(("after_duel",), "takes its played duel card back into its hand"),
    "comedien": Power(("defender",), "plays the part of one of its roles for the duel"),
    "echangeur": Power(("defender", "pre_cards"), "swaps hands with its opponent"),
    "empathe": Power(("resolve",), "its compromise turns the other's attack into a compromise",
                     on_compromise=_empathe),
    "escamoteur": Power(("start",), "makes one thing vanish for the turn"),
    "esprit": Power(("defender", "pre_cards"), "looks at a main player's hand"),
    "insecte": Power(("pre_cards",), "sees the opponent's hidden powers"),
    "laser": Power(("cards",), "the opponent plays its card first, face up, and must play the one it is shown"),
    "machine": Power(("after_duel",), "may start another duel after any duel"),
    "macron": Power(("aim", "resolve"), "one token on the cone when attacking, each token counts four",
                    token_value=4, offence_cone=1),
    "mutant": Power(("defender", "pre_cards"), "fills its hand up to eight cards"),
    "oracle": Power(("cards",), "the opponent plays its card first, face up"),
    "philantrope": Power(("defender", "pre_cards"), "gives a card to a main player"),
    "sorcier": Power(("sealed",), "swaps the two laid cards"),
    "vide": Power(("settle",), "the losers' tokens leave the game for good", annihilates=True),
    "virus": Power(("resolve",), "multiplies card and tokens instead of adding them",
                   total=lambda card, tokens: card * tokens),
    "voleur": Power(("after_cards",), "pockets the card its opponent played"),
    "vulch": Power(("discard",), "collects the edicts others play or discard"),
    "zombie": Power(("lose", "deal"), "its lost tokens rise again on its bases"),
}

#: Powers whose every effect is implemented; only these are dealt.
IMPLEMENTED_POWERS: frozenset[str] = frozenset(POWERS)
#: Powers of the rulebook that this engine does not apply yet, so they are never dealt.
MISSING_POWERS: frozenset[str] = frozenset()

#: The entries the duel reads, each in the order of the table: (power, what it sets).
TOKEN_VALUE: list[tuple[str, int]] = [(k, p.token_value) for k, p in POWERS.items() if p.token_value is not None]
OFFENCE_CONE: list[tuple[str, int]] = [(k, p.offence_cone) for k, p in POWERS.items() if p.offence_cone is not None]
TOTAL: list[tuple[str, Callable[[int, int], int]]] = [(k, p.total) for k, p in POWERS.items() if p.total is not None]
ON_COMPROMISE: list[tuple[str, Callable[[Any, int, int], None]]] = [
    (k, p.on_compromise) for k, p in POWERS.items() if p.on_compromise is not None]
ANNIHILATE: list[str] = [k for k, p in POWERS.items() if p.annihilates]
