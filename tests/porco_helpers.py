"""Helpers for the Porco Crasso rule tests: build a game, then arrange a scenario by hand.

A scenario is arranged by editing the state's fields (hands, pigs, deck, current, phase)
after `games.new_game`; everything is then played through the public contract
(`legal_actions`, `apply`, `view`, `is_over`, `result`).

Pigs are written as short strings of flags:
    ""  clean pig          "D" dirty          "C" Coquettruie on it
    "P" Porcherie          "R" Paratonnerre (lightning rod)   "B" Barricade
e.g. "DPRB" is a Pépère pig, "DC" a Coquettruie over a dirty pig.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cosmoludo import IllegalAction, games
from cosmoludo.games.porco_crasso.cards import deck_cards
from cosmoludo.games.porco_crasso.rules import BARR, COQ, DIRTY, PARA, PORCH

GAME = "porco-crasso"
FLAGS = {"D": DIRTY, "C": COQ, "P": PORCH, "R": PARA, "B": BARR}
ATTACHED = {COQ: "coquettruie", PORCH: "porcherie", PARA: "paratonnerre", BARR: "barricade"}


def new(players: int = 2, seed: int | str = 1, **options: Any):
    """A fresh game with the given boolean options (coquettruie, chronoboue, cochonpetition)."""
    return games.new_game(GAME, players, options, seed)


def pig(spec: str) -> list[bool]:
    p = [False] * 5
    for ch in spec:
        p[FLAGS[ch]] = True
    return p


def pig_spec(p: list[bool]) -> str:
    return "".join(ch for ch, i in FLAGS.items() if p[i])


def arrange(state, *, hands: dict[int, list[str]] | None = None,
            pigs: dict[int, list[str]] | None = None, deck: list[str] | None = None,
            discard: list[str] | None = None, current: int | None = None, phase: str | None = None):
    """Put the position in the given shape, keeping every card of the game somewhere.

    Hands and pigs not given stay as dealt. Cards that end up neither in a hand, on a pig,
    in `deck` nor in `discard` are put back into the deck (below the given `deck` cards:
    the top of the deck is the END of the list, as in the engine, so `deck=[..., "boue"]`
    makes "boue" the next card drawn).
    """
    if hands:
        for s, h in hands.items():
            state.hands[s] = list(h)
    if pigs:
        for s, ps in pigs.items():
            state.pigs[s] = [pig(x) for x in ps]
    if current is not None:
        state.current = current
    if phase is not None:
        state.phase = phase
    used = Counter()
    for h in state.hands:
        used.update(h)
    for ps in state.pigs:
        for p in ps:
            for flag, card in ATTACHED.items():
                if p[flag]:
                    used[card] += 1
    used.update(state.oiseau_left)
    fixed_top = list(deck) if deck is not None else []
    fixed_discard = list(discard) if discard is not None else []
    used.update(fixed_top)
    used.update(fixed_discard)
    total = Counter(deck_cards(state.extension))
    over = used - total
    assert not over, f"scenario uses more cards than the game has: {dict(over)}"
    rest = total - used
    # Rebuild the remaining deck in the engine's (shuffled) order where possible.
    pool = list(state.deck) + list(state.discard)
    left = Counter(rest)
    bottom = []
    for c in pool:
        if left[c] > 0:
            bottom.append(c)
            left[c] -= 1
    for c, k in left.items():  # cards taken from hands/pigs that went back
        bottom.extend([c] * k)
    state.deck = bottom + fixed_top
    state.discard = fixed_discard
    assert_conserved(state)
    return state


def card_count(state) -> Counter:
    """Every card of the game, wherever it is (pig cards excluded)."""
    c = Counter(state.deck)
    c.update(state.discard)
    for h in state.hands:
        c.update(h)
    c.update(state.oiseau_left)
    for ps in state.pigs:
        for p in ps:
            for flag, card in ATTACHED.items():
                if p[flag]:
                    c[card] += 1
    return c


def assert_conserved(state) -> None:
    assert card_count(state) == Counter(deck_cards(state.extension))


def pigs_of(state, seat: int) -> list[str]:
    return [pig_spec(p) for p in state.pigs[seat]]


def snapshot(state) -> tuple:
    """Everything observable: the save and every seat's view (and a spectator's)."""
    return (state.to_save(), [state.view(s) for s in range(state.players)], state.view(None))


def refused(state, seat: int, action: dict, *words: str) -> IllegalAction:
    """Assert that `action` is refused with a reason naming `words` (in FR or EN) and changes nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    err = info.value
    assert err.fr and err.en and err.fr != err.en, (err.fr, err.en)
    for w in words:
        assert w.lower() in (err.fr + " " + err.en).lower(), (w, err.fr, err.en)
    assert snapshot(state) == before
    return err


def plays(state, seat: int, card: str) -> list[dict]:
    return [a for a in state.legal_actions(seat) if a.get("type") == "play" and a.get("card") == card]


def targets(state, seat: int, card: str) -> list[tuple[int, int]]:
    return [(a["seat"], a["pig"]) for a in plays(state, seat, card)]


def play(state, seat: int, card: str, target: tuple[int, int] | None = None) -> list[dict]:
    action: dict[str, Any] = {"type": "play", "card": card}
    if target is not None:
        action["seat"], action["pig"] = target
    return state.apply(seat, action)


def let_pass(state) -> list[int]:
    """While a card waits for answers, every seat asked passes (none holds the answer card: « pass » is all each
    may do); returns the seats asked, in the order they were asked."""
    asked = []
    while state.stage() == "react":
        seat = state.to_move()[0]
        assert state.legal_actions(seat) == [{"type": "pass"}]
        state.apply(seat, {"type": "pass"})
        asked.append(seat)
    return asked


def log_texts(state, seat: int | None) -> list[str]:
    return [e["fr"] + " | " + e["en"] for e in state.view(seat)["log"]]
