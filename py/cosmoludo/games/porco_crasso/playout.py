"""Porco Crasso played fast, for the « fort » bot's playouts: one game's rules on plain lists.

The engine (rules.py) keeps the action log, the asks, the views and the words of every move; a playout needs
none of that, only what the cards do. Here a pig is a bitmask, a seat's pigs a list of them, and a whole turn
(the card, the answers to it, the draw) is one call. The cards do exactly what rules.py makes them do; the
tests play the two side by side (tests/test_porco_bot.py). Under rules 2 the engine also asks every targeted
player who holds no answer card; such a player can only pass, which changes nothing, so a playout asks only the
holders and plays the same game.

Who decides inside a playout is `Sim.choose`: the one-card look-ahead of « facile » (bot.score_actions, with
bot.evaluate and bot.KEEP), computed on the bitmasks without copying anything; reactions are always played, as
« facile » plays them.
"""
from __future__ import annotations

from typing import Any

from ...core.pile import draw as draw_pile
from ...core.pile import redeal
from ...core.rng import Rng

#: A pig's flags as bits (rules.py keeps them as a list of booleans indexed DIRTY, COQ, PORCH, PARA, BARR).
D, C, P, R, B = 1, 2, 4, 8, 16

#: How much a card in hand is worth keeping, to « facile » (bot.KEEP is this table).
KEEP = {"super_gadoue": 0.5, "rouge_a_levres": 0.4, "boue": 0.35, "barricade": 0.3, "porcherie": 0.3,
        "oiseau": 0.3, "paratonnerre": 0.2, "coquettruie": 0.25, "decrassage": 0.25, "foudre": 0.15,
        "sauve_qui_porc": 0.15, "pluie": 0.1}


def _value(m: int) -> float:
    """A pig's share of `bot.progress` (a Coquettruie counts in the other race)."""
    if m & C:
        return 0.0
    if m & D:
        return 0.7 + 0.12 * bool(m & P) + 0.12 * bool(m & B) + 0.06 * bool(m & R)
    return 0.05 * bool(m & P)


VALUE = tuple(_value(m) for m in range(32))
#: (action kind, card, target seat, target pig): kind is "play", "discard" or "stuck".
Move = tuple[str, str, int, int]


def to_mask(p: list[bool]) -> int:
    """rules.py's pig (flags DIRTY, COQ, PORCH, PARA, BARR) as a bitmask."""
    return (D if p[0] else 0) | (C if p[1] else 0) | (P if p[2] else 0) | (R if p[3] else 0) | (B if p[4] else 0)


def wins(pigs: list[int]) -> bool:
    """Every pig shows dirty, or every pig is covered by a Coquettruie (rules.wins_with)."""
    covered = 0
    for m in pigs:
        if m & C:
            covered += 1
        elif not m & D:
            return False
    return covered == 0 or covered == len(pigs)


class Sim:
    """One game of Porco Crasso in flight, cheap to copy and to play to its end."""

    __slots__ = ("current", "deck", "discard", "ext", "hand_size", "hands", "left", "opp", "pigs", "rng", "seats",
                 "winner")

    def __init__(self) -> None:
        self.pigs: list[list[int]] = []
        self.hands: list[list[str]] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.left: list[str] | None = None  # the rest of the hand during an Oiseau de bon augure
        self.current = 0
        self.winner: int | None = None
        self.opp: tuple[tuple[int, ...], ...] = ()  # each seat's opponents, clockwise from its left
        self.seats: tuple[int, ...] = ()  # the seats in the game, in order
        self.ext = False
        self.hand_size = 3
        self.rng = Rng(0)

    @classmethod
    def from_state(cls, state: Any) -> Sim:
        """The position of a rules.PorcoCrassoRules in its play or Oiseau phase (hidden cards as they lie)."""
        s = cls()
        s.pigs = [[to_mask(p) for p in pigs] for pigs in state.pigs]
        s.hands = [list(h) for h in state.hands]
        s.deck = list(state.deck)
        s.discard = list(state.discard)
        s.left = list(state.oiseau_left) if state.phase == "oiseau" else None
        s.current = state.current
        s.winner = state.game_winner
        s.opp = tuple(state.opponents(x) if state.in_game[x] else () for x in range(state.players))
        s.seats = tuple(state._sorted_seats)
        s.ext = state.extension
        s.hand_size = state.hand_size
        s.rng = state.rng.copy()
        return s

    def copy(self, rng: Rng) -> Sim:
        s = Sim.__new__(Sim)
        s.pigs = [list(p) for p in self.pigs]
        s.hands = [list(h) for h in self.hands]
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.left = None if self.left is None else list(self.left)
        s.current, s.winner, s.opp, s.seats = self.current, self.winner, self.opp, self.seats
        s.ext, s.hand_size, s.rng = self.ext, self.hand_size, rng
        return s

    def determinize(self, seat: int, rng: Rng) -> Sim:
        """A copy in which every card `seat` cannot see (the others' hands, the deck's order) is dealt again
        from the same cards; `rng` then drives the copy's shuffles."""
        s = self.copy(rng)
        s.deck = redeal(s.hands, s.deck, seat, rng, order=s.opp[seat])
        return s

    # ---- the cards -------------------------------------------------------------------------------------
    def draw(self, seat: int, n: int) -> None:
        self.hands[seat].extend(draw_pile(self.deck, self.discard, self.rng, n)[0])

    def play(self, seat: int, kind: str, card: str, ts: int, ti: int) -> None:
        """Play or discard `card` from the hand (or from the rest of an Oiseau's hand), answers included."""
        pool = self.hands[seat] if self.left is None else self.left
        pool.remove(card)
        if kind == "discard":
            self.discard.append(card)
            return
        pigs = self.pigs
        if card == "boue":
            pigs[seat][ti] |= D
            self.discard.append(card)
            if wins(pigs[seat]):
                self.winner = seat
        elif card == "porcherie":
            pigs[ts][ti] |= P
        elif card == "paratonnerre":
            pigs[ts][ti] |= R
        elif card == "barricade":
            pigs[ts][ti] |= B
        elif card == "coquettruie":
            pigs[ts][ti] |= C
            if wins(pigs[ts]):
                self.winner = ts
        elif card == "foudre":
            self.discard.append(card)
            self.discard.append("porcherie")
            if pigs[ts][ti] & B:
                self.discard.append("barricade")
            pigs[ts][ti] &= ~(P | B)
        elif card == "decrassage":
            self.discard.append(card)
            if "super_gadoue" in self.hands[ts]:
                self._answer(ts, "super_gadoue")
            else:
                pigs[ts][ti] &= ~D
        elif card == "sauve_qui_porc":
            self.discard.append(card)
            if ts != seat and "rouge_a_levres" in self.hands[ts]:
                self._answer(ts, "rouge_a_levres")
            else:
                pigs[ts][ti] &= ~C
                self.discard.append("coquettruie")
                if wins(pigs[ts]):
                    self.winner = ts
        elif card == "pluie":
            self.discard.append(card)
            self._rain(seat)
        elif card == "oiseau":
            self.discard.append(card)
            hand = self.hands[seat]
            self.left = [c for c in hand if c != "oiseau"]
            self.discard.extend(c for c in hand if c == "oiseau")
            self.hands[seat] = []

    def _answer(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.draw(seat, 1)

    def _rain(self, seat: int) -> None:
        """Pluie: each opponent holding a Super gadoue saves exposed dirty pigs (one per card, the first ones,
        as « facile » answers), then every other exposed dirty pig is washed."""
        pigs = self.pigs
        saved: list[tuple[int, int]] = []
        for o in self.opp[seat]:
            hand = self.hands[o]
            if "super_gadoue" not in hand:
                continue
            exposed = [i for i, m in enumerate(pigs[o]) if m & (D | C | P) == D]
            for i in exposed:
                if "super_gadoue" not in hand:
                    break
                self._answer(o, "super_gadoue")
                saved.append((o, i))
        for o in self.seats:
            ps = pigs[o]
            for i, m in enumerate(ps):
                if m & (D | C | P) == D and (o, i) not in saved:
                    ps[i] = m & ~D

    # ---- turns -----------------------------------------------------------------------------------------
    def finish_turn(self, seat: int) -> None:
        """After `seat`'s card: the rest of an Oiseau's hand (chosen by `choose`), the draw, the next seat."""
        while self.left and self.winner is None:
            kind, card, ts, ti = self.choose(seat, self.left, False)
            self.play(seat, kind, card, ts, ti)
        if self.winner is not None:
            return
        self.left = None
        self.draw(seat, self.hand_size - len(self.hands[seat]))
        self.current = self.opp[seat][0]

    def turn(self) -> None:
        seat = self.current
        hand = self.hands[seat]
        kind, card, ts, ti = self.choose(seat, hand, True)
        if kind == "stuck":
            self.discard.extend(hand)
            self.hands[seat] = []
            self.draw(seat, self.hand_size)
            self.current = self.opp[seat][0]
            return
        self.play(seat, kind, card, ts, ti)
        if self.winner is None:
            self.finish_turn(seat)

    def playout(self, seat: int, max_turns: int = 300) -> float:
        """Play on to the end of the game: 1 if `seat` wins, 0 if another seat does (a fair share if it drags)."""
        turns = 0
        while self.winner is None:
            if turns >= max_turns:
                return 1.0 / len(self.seats)
            self.turn()
            turns += 1
        return 1.0 if self.winner == seat else 0.0

    # ---- the playout policy: « facile »'s one-card look-ahead on bitmasks ------------------------------
    def choose(self, seat: int, cards: list[str], turn: bool) -> Move:
        """The move « facile » makes with `cards` (its hand, or the rest of an Oiseau's hand when `turn` is
        off): the best static evaluation after the card (bot.evaluate: own progress against the leading and
        the average opponent's), less what the card was worth keeping (bot.KEEP)."""
        pigs, opp, ext, seats = self.pigs, self.opp[seat], self.ext, self.seats
        # Each seat's progress (bot.progress), and the sums it comes from, so a move's change is a subtraction.
        tot = [0.0] * len(pigs)
        cov = [0] * len(pigs)
        prog = [0.0] * len(pigs)
        # Pigs alike take a card alike: each seat's pigs once per mask (the first of them), as (pig, mask).
        alike: list[list[tuple[int, int]]] = [[] for _ in pigs]
        for s in seats:
            t = 0.0
            c = 0
            seen = 0  # the masks met so far, as bits of an int (a mask is below 32)
            first = alike[s]
            for i, m in enumerate(pigs[s]):
                t += VALUE[m]
                if m & C:
                    c += 1
                if not seen >> m & 1:
                    seen |= 1 << m
                    first.append((i, m))
            tot[s], cov[s] = t, c
            prog[s] = (0.9 * c if ext and 0.9 * c > t else t) / len(pigs[s])
        others = [prog[o] for o in opp]
        best_other, mean_other = max(others), sum(others) / len(others)
        mine = prog[seat]
        base = mine - best_other - 0.2 * mean_other
        best: Move = ("stuck", "", 0, 0)
        best_score = -1e9
        playable = False
        distinct = sorted(set(cards))
        own = alike[seat]
        for card in distinct:
            cost = 0.02 * KEEP[card]
            if card == "pluie":
                playable = True
                after = prog[:]
                for s in seats:
                    t = 0.0
                    c = 0
                    for m in pigs[s]:
                        if m & (D | C | P) == D:
                            m &= ~D
                        t += VALUE[m]
                        if m & C:
                            c += 1
                    after[s] = (0.9 * c if ext and 0.9 * c > t else t) / len(pigs[s])
                rest = [after[o] for o in opp]
                score = after[seat] - max(rest) - 0.2 * sum(rest) / len(rest) - cost
                if score > best_score:
                    best, best_score = ("play", card, -1, -1), score
                continue
            if card == "oiseau":
                playable = True
                score = base - cost + 0.05 * (len(cards) - 1)
                if score > best_score:
                    best, best_score = ("play", card, -1, -1), score
                continue
            targets: list[tuple[int, int, int]]  # (seat, pig, its mask after the card)
            if card == "boue":
                targets = [(seat, i, m | D) for i, m in own if not m & (C | D)]
            elif card == "porcherie":
                targets = [(seat, i, m | P) for i, m in own if not m & P]
            elif card == "paratonnerre":
                targets = [(seat, i, m | R) for i, m in own if m & (P | R) == P]
            elif card == "barricade":
                targets = [(seat, i, m | B) for i, m in own if m & (P | B | D | C) == P | D]
            elif card == "foudre":
                targets = [(o, i, m & ~(P | B)) for o in seats if o != seat for i, m in alike[o] if m & (P | R) == P]
            elif card == "decrassage":
                targets = [(o, i, m & ~D) for o in seats if o != seat for i, m in alike[o] if m & (D | C | B) == D]
            elif card == "coquettruie":
                targets = [(o, i, m | C) for o in seats for i, m in alike[o] if not m & (C | B)]
            elif card == "sauve_qui_porc":
                targets = [(o, i, m & ~C) for o in seats for i, m in alike[o] if m & C]
            else:
                continue  # Super gadoue, Rouge à lèvres: answers only
            if not targets:
                continue
            playable = True
            check_win = card == "boue" or card == "coquettruie" or card == "sauve_qui_porc"
            for ts, ti, m2 in targets:
                ps = pigs[ts]
                m = ps[ti]
                if check_win:
                    ps[ti] = m2
                    won = wins(ps)
                    ps[ti] = m
                    if won:
                        score = (10.0 if ts == seat else -10.0) - cost
                        if score > best_score:
                            best, best_score = ("play", card, ts, ti), score
                        continue
                t = tot[ts] - VALUE[m] + VALUE[m2]
                c = cov[ts] - bool(m & C) + bool(m2 & C)
                new = (0.9 * c if ext and 0.9 * c > t else t) / len(ps)
                if ts == seat:
                    score = new - best_other - 0.2 * mean_other - cost
                elif len(opp) == 1:
                    score = mine - 1.2 * new - cost
                else:
                    rest = [new if o == ts else prog[o] for o in opp]
                    score = mine - max(rest) - 0.2 * sum(rest) / len(rest) - cost
                if score > best_score:
                    best, best_score = ("play", card, ts, ti), score
        if turn and not playable:
            return ("stuck", "", 0, 0)
        for card in distinct:
            score = base - 0.1 * KEEP[card] - 0.02
            if score > best_score:
                best, best_score = ("discard", card, -1, -1), score
        return best


# ---- the search: every move tried against the same deals, each played out to the end ------------------------
def search(state: Any, seat: int, moves: list[dict[str, Any]], playouts: int, rng: Rng) -> dict[str, Any]:
    """Monte Carlo over `seat`'s distinct `moves` with sequential halving: in each round every move still in the
    running is played in the same fresh deals of what `seat` cannot see, and the game played on to its end by
    « facile » at every seat; the better half goes on to the next round. About `playouts` playouts in all;
    the move that won most often in the last round (its wins over all rounds) is chosen, the earlier of `moves`
    on a tie."""
    if len(moves) == 1:
        return moves[0]
    base = Sim.from_state(state)
    alive = list(range(len(moves)))
    wins_of = [0.0] * len(moves)
    rounds = (len(moves) - 1).bit_length()  # halvings down to one move
    while len(alive) > 1:
        deals = max(1, playouts // (rounds * len(alive)))
        for _ in range(deals):
            deal = base.determinize(seat, rng.fork())
            seed = rng.next64()
            for j in alive:
                a = moves[j]
                s = deal.copy(Rng(seed))
                s.play(seat, a["type"], a["card"], a.get("seat", -1), a.get("pig", -1))
                if s.winner is None:
                    s.finish_turn(seat)
                wins_of[j] += s.playout(seat)
        # Every move still in the running has been played in the same deals: their wins compare as they are.
        alive.sort(key=lambda j: -wins_of[j])  # stable: a tie keeps the order of `moves`
        alive = alive[:(len(alive) + 1) // 2]
    return moves[alive[0]]
