"""The shape of one entry of the power table (powers.py): the moments of a turn a power may act at, and the hooks
the rules ask of it; with the small helpers every power's section uses. It imports nothing of the rules."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...core.flow import Kind
from ...core.state import Action
from .data import BY_ID

#: The moments of a turn a power may act at (the windows' names, and the duel's own steps).
MOMENTS = ("start", "defender", "aim", "pre_cards", "cards", "sealed", "revealed", "resolve", "settle",
           "consolation", "after_cards", "after_duel", "lose", "discard", "deal")


@dataclass(frozen=True)
class DealTerm:
    """A term a power adds to the deal (the Zombie hands tokens back): its key in the terms (a count, 0 when unused)
    and the action that sets it, with what the deal asks of it at each of its steps."""

    key: str
    action: str
    #: The actions setting the term that `seat` may take while drafting its terms (`g, seat, terms`).
    offers: Callable[[Any, int, dict[str, Any]], list[Action]]
    #: The terms are proposed (`g, terms`).
    proposed: Callable[[Any, dict[str, Any]], None]
    #: The term in the words of a proposal by `seat` (`g, seat, terms`): (French, English), or None when unused.
    text: Callable[[Any, int, dict[str, Any]], tuple[str, str] | None]
    #: The deal is made (`g, proposer, accepter, terms`), once the cards have changed hands.
    made: Callable[[Any, int, int, dict[str, Any]], None]


@dataclass(frozen=True)
class Power:
    """One alien power: when it acts (`moments`) and what it changes (`changes`), plus the hooks the rules ask."""

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
    #: The moments it acts by itself (no announcement), where a Zap may stop it.
    zappable_at: tuple[str, ...] = ()
    #: An announced power: what its owner may announce at a window's moment (`g, seat, moment`; its owner holds
    #: it, unused this turn, with a defence known), and what the announcement does once no Zap stopped it.
    announce: Callable[[Any, int, str], list[Action]] | None = None
    effect: Callable[[Any, int, Action], None] | None = None
    #: The answer to its own question that uses it, so that a Zap may stop it first (the Clone's "clone"...).
    uses: str | None = None
    #: Its own questions, by the name the queue gives them (the Amibe's oozing, the Zombie's rise...).
    kinds: Mapping[str, Kind] = field(default_factory=dict)
    #: Laying the duel cards: its owner waits for its opponent's card (the Oracle), or its opponent waits for its
    #: owner's (the Laser; the offence first when both have it; its owner never waits because of its own Oracle).
    seals_second: bool = False
    seals_first: bool = False
    #: A card was laid: what it does when its owner's opponent laid first (`g, owner, sealer`; the Oracle sees it
    #: face up) or when its owner laid first (`g, owner, opponent`; the Laser picks the opponent's card).
    on_opponent_seal: Callable[[Any, int, int], None] | None = None
    on_own_seal: Callable[[Any, int, int], None] | None = None
    #: After the duel, before the laid cards go to the discard: its question to a main player (`g, seat`; the
    #: Clone may take its card back).
    after_duel: Callable[[Any, int], None] | None = None
    #: Once the laid cards are in the discard: its question to a main player (`g, seat, played`: the card each
    #: main player laid; the Voleur may pocket its opponent's).
    after_cards: Callable[[Any, int, dict[int, str]], None] | None = None
    #: Its owner, the offence, may start another duel after any duel (the Machine), not only after a first success.
    goes_on: bool = False
    #: Its owner loses tokens (`g, seat, k, vide`): True when the power takes them over (the Zombie's rise) instead
    #: of their going to the Black Hole or out of the game.
    on_lose: Callable[[Any, int, int, bool], bool] | None = None
    #: Before each turn, what it asks of its owner (`g, seat`; the Escamoteur makes something vanish).
    at_turn_start: Callable[[Any, int], None] | None = None
    #: Before each duel, once `seat` is a main player, what it asks (`g, seat`; the Comédien names its role).
    before_duel: Callable[[Any, int], None] | None = None
    #: Another player's cards went to the discard (`g, seat, cards`; the Vulch may collect the edicts).
    on_discard: Callable[[Any, int, list[str]], None] | None = None
    #: A seat without a duel card takes a new hand: what else it may answer (`g, seat`), and, when it answered
    #: so, which of its cards still go (`g, seat, cards`; the Vulch keeps its edicts and shows them).
    new_hand_offers: Callable[[Any, int], list[Action]] | None = None
    new_hand_keeps: Callable[[Any, int, list[str]], list[str]] | None = None
    #: `seat` gained it (dealt, drawn at a rotation) or lost a copy of it (dropped, rotated away): `g, seat`.
    on_gain: Callable[[Any, int], None] | None = None
    on_loss: Callable[[Any, int], None] | None = None
    #: A game where `not_with` is dealt deals another power instead of this one (the Insecte and the Oracle).
    not_with: str | None = None
    #: The Escamoteur making the powers vanish stops it (every power but the Escamoteur's own).
    vanishes: bool = True
    #: A power that lends others (the Comédien's role, the Insecte's copy of its opponent's powers):
    #: `lends` (`g, seat, power`): `seat` may use `power` through it now; `lent` (`g, seat`): the powers it lends
    #: `seat` for the duel (used or not); `shows_lent` (`g, seat, power`): a use of `power`, which `seat` does not
    #: hold, is a use of this power (it shows with hidden powers; the entries are asked in the table's order, the
    #: Insecte's last: it takes whatever the others did not); `sees_powers` (`g, viewer, seat`): `viewer` knows
    #: `seat`'s hidden powers through it; `veils` (`g, seat, power`): the others cannot tell whether `seat` holds
    #: `power` through it (see Table.veiled).
    lends: Callable[[Any, int, str], bool] | None = None
    lent: Callable[[Any, int], list[str]] | None = None
    shows_lent: Callable[[Any, int, str], bool] | None = None
    sees_powers: Callable[[Any, int | None, int], bool] | None = None
    veils: Callable[[Any, int, str], bool] | None = None
    #: A term it adds to the deal its owner negotiates.
    deal_term: DealTerm | None = None
    #: Its owner holds other powers aside as its roles (`g.roles[seat]`: the Comédien), which a determinization
    #: deals again with it.
    holds_roles: bool = False
    #: The heuristic bot (bot.py): when it announces the power (`state, seat, action`; None: never), and whether a
    #: main player holding a Zap stops it on its opponent.
    bot_wants: Callable[[Any, int, Action], bool] | None = None
    bot_zaps: bool = False


def _cfr(card: str) -> str:
    return BY_ID[card].name["fr"]


def _cen(card: str) -> str:
    return BY_ID[card].name["en"]


def _main(g: Any, seat: int) -> bool:
    return seat in (g.offence, g.defence)


def _others(g: Any, seat: int) -> list[int]:
    """The main players other than `seat`."""
    return [t for t in (g.offence, g.defence) if t != seat]


def _take_from_discard(g: Any, seat: int, card: str) -> None:
    """The last copy of `card` in the discard pile goes to `seat`'s hand (a Voleur, a Vulch)."""
    idx = len(g.discard) - 1 - g.discard[::-1].index(card)
    g.discard.pop(idx)
    g.hands[seat].append(card)
    g._cards_in(seat, [card], None)
