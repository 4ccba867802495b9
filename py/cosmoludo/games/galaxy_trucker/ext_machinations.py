"""Galaxy Trucker « La grosse extension », Mauvaises Machinations (option `machinations`): the loans and debts.

The text (« Emprunts », « Dettes »): take a loan token and 10 credits from the bank; repay at any time with the
token and 12 credits; every loan must be repaid before the end of the game, else you lose. With the module, the
rule against debts no longer applies: without the credits to pay for the lost components, you must take a loan to
pay. The 24 cards themselves are not in the text (audit Q9): none is in play, they are listed as missing on the
rules page, never invented.

What the app does: at the end of a flight, a player whose credits would fall below zero (the lost components)
takes as many loans as needed, at once. At the end of the game every loan is repaid (12 credits each) if the
player can; one who cannot loses and is not ranked. A loan by choice, or repaid earlier, is not offered: with none
of the module's cards in play credits are never spent during the game, so a loan taken by choice could only cost
2 credits, and repaying earlier or at the end comes to the same (no interest runs).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.text import P
from .words import en_n, fr_n

if TYPE_CHECKING:
    from .rules import GalaxyTruckerRules as G

LOAN = 10
REPAY = 12


def active(g: G) -> bool:
    return bool(g.options.get("machinations"))


def setup(g: G) -> None:
    g.loans = [0] * g.players


def debts(g: G, seat: int) -> int:
    """After a flight's credits: a player below zero takes loans of 10 until the lost components are paid for.
    Returns the credits lent."""
    if not active(g) or g.credits[seat] >= 0:
        return 0
    k = -(g.credits[seat] // LOAN)  # ceil(-credits / 10)
    g.credits[seat] += k * LOAN
    g.loans[seat] += k
    g.emit(f"{P(seat)} n'a pas de quoi payer ses composants perdus : {fr_n(k, 'emprunt', 'emprunts')} de {LOAN} "
           f"crédits (à rendre {REPAY} chacun).",
           f"{P(seat)} cannot pay for the lost components: {en_n(k, 'loan', 'loans')} of {LOAN} credits "
           f"({REPAY} to repay each).")
    return k * LOAN


def repay_all(g: G) -> list[int]:
    """The end of the game: every loan repaid, 12 credits each, by those who can. Returns the seats that cannot
    (they lose)."""
    if not active(g):
        return []
    losers = []
    for s in range(g.players):
        k = g.loans[s]
        if not k:
            continue
        if g.credits[s] >= k * REPAY:
            g.credits[s] -= k * REPAY
            g.loans[s] = 0
            g.emit(f"{P(s)} rembourse {fr_n(k, 'emprunt', 'emprunts')} : -{k * REPAY} crédits.",
                   f"{P(s)} repays {en_n(k, 'loan', 'loans')}: -{k * REPAY} credits.")
        else:
            losers.append(s)
            g.emit(f"{P(s)} ne peut pas rembourser {fr_n(k, 'emprunt', 'emprunts')} ({k * REPAY} crédits) : "
                   f"{P(s)} perd.",
                   f"{P(s)} cannot repay {en_n(k, 'loan', 'loans')} ({k * REPAY} credits): {P(s)} loses.")
    return losers


def view(g: G) -> list[int]:
    return list(g.loans)
