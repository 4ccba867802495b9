"""Rencontre Cosmique as registered: the rules with the bots' hooks (copies, determinization, playouts).

This module stands above both the rules and the bot, so neither imports the other's way back.
"""
from __future__ import annotations

import copy
from collections import Counter
from typing import Any, ClassVar

from ...core.rng import Rng
from ...core.state import Action
from . import bot
from .asks import Q, Queue
from .data import is_duel_card
from .powers import HOLDS_ROLES, NOT_WITH
from .rules import RencontreRules

#: Values shared by a copy as they are (immutable).
_ATOMS = frozenset({int, str, bool, float, type(None)})


def _copy(value: Any) -> Any:
    """A deep copy of the state's data, which is JSON-shaped (with `Q` questions in a `Queue`) and shares no
    container between two places (tests/test_rencontre_fort.py checks both over whole games): several times
    cheaper than copy.deepcopy, which a search pays at every iteration. Anything else goes to deepcopy."""
    t = type(value)
    if t in _ATOMS:
        return value
    if t is list:
        return [x if type(x) in _ATOMS else _copy(x) for x in value]
    if t is dict:
        return {k: x if type(x) in _ATOMS else _copy(x) for k, x in value.items()}
    if t is Q:
        return Q({k: x if type(x) in _ATOMS else _copy(x) for k, x in value.items()})
    if t is Queue:
        return Queue(Q({k: x if type(x) in _ATOMS else _copy(x) for k, x in q.items()}) for q in value)
    if t is tuple:
        return tuple(_copy(x) for x in value)
    return copy.deepcopy(value)


class RencontreCosmique(RencontreRules):
    """A game of Rencontre Cosmique for 2 to 4 players (seat i plays colour COLOURS[i])."""

    prior_visits = bot.PRIOR_VISITS

    def clone(self, keep_logs: bool = True) -> RencontreCosmique:
        c = type(self).__new__(type(self))
        d = dict(self.__dict__)
        for k in ("history", "revealing", "log", "rng"):
            d.pop(k)
        c.__dict__.update({k: _copy(v) for k, v in d.items()})
        c.rng = self.rng.copy()
        c.history = list(self.history) if keep_logs else []
        c.revealing = list(self.revealing) if keep_logs else []
        c.log = list(self.log) if keep_logs else []
        return c

    def determinize(self, seat: int, rng: Rng) -> RencontreCosmique:
        """A copy where what `seat` cannot know is dealt again, consistently with everything it has seen.

        The others' hidden cards (hands, face-down duel cards) and the deck are dealt again, except the cards
        `seat` knows to be in a hand (`known`: seen going in, not seen going out), which stay there. Each hand
        keeps its size and whether it holds a duel card (that drives the turn, so the table knows it); a
        face-down card stays a card its owner could have laid; cards of an offer stay hidden in the hand of
        their author unless `seat` saw them. With hidden powers, the others' unrevealed powers (and a hidden
        Comédien's roles) are drawn again among the powers `seat` has not seen.
        """
        c = self.clone(keep_logs=False)
        c.rng = rng.fork()
        c._redeal_cards(seat, rng)
        if c.hidden_powers:
            c._redeal_powers(self, seat, rng)
        # The copy's other seats would know cards of the original deal: only `seat`'s knowledge is kept.
        c.known = [[dict(k) if v == seat else {} for k in row] for v, row in enumerate(self.known)]
        c.search_copy = True
        c.turn_seen, c.turns_left = self.offence, self.playout_turns
        return c

    def _playable_among(self, seat: int, cards: list[str]) -> list[str]:
        """The duel cards of `cards` that `seat` could lay (what it vanished and its answers to the Chercheur)."""
        keep = self.hands[seat]
        self.hands[seat] = cards
        try:
            return self.playable_cards(seat) or sorted({c for c in cards if is_duel_card(c)})
        finally:
            self.hands[seat] = keep

    def _redeal_cards(self, seat: int, rng: Rng) -> None:
        others = [s for s in range(self.players) if s != seat]
        face_down = [s for s in others if self._face_down(s)]
        deal = self.deal
        pinned: dict[int, list[str]] = {}
        sure: dict[int, str] = {}
        pool = list(self.deck)
        for s in others:
            hidden = Counter(self.hidden_cards(s))
            keep = Counter(self.known[seat][s]) & hidden
            if deal is not None and deal["standing"] is not None and deal["standing"]["by"] == s and seat in (
                    self.offence, self.defence):
                keep |= Counter(deal["standing"]["give_cards"]) & hidden  # both sides of a deal see the offer
            card = self.sealed[s]
            if s in face_down and seat in self.sealed_seen[s] and card is not None:
                sure[s] = card  # a face-down card `seat` knows (its own, before a swap) stays the one laid
                keep[card] = max(keep[card], 1)
            pinned[s] = sorted(keep.elements())
            pool += list((hidden - keep).elements())
        pool.sort()
        for _ in range(10):
            rng.shuffle(pool)
            dealt = self._deal_hidden(others, face_down, pinned, list(pool), rng, sure)
            if dealt is not None:
                break
        else:
            return  # no consistent deal found (a hand of edicts only, none left to give it): keep the cards
        hands, sealed, deck = dealt
        for s in others:
            self.hands[s] = hands[s]
        for s in face_down:
            self.sealed[s] = sealed[s]
        self.deck = deck
        if deal is not None:  # cards of an offer nobody showed `seat`: any cards of the new hand
            for terms, author in ((deal["standing"], deal["standing"] and deal["standing"]["by"]),
                                  (deal["draft"], deal["turn"])):
                if terms is None or author == seat or not terms["give_cards"]:
                    continue
                if terms is deal["standing"] and seat in (self.offence, self.defence):
                    continue
                hand = list(self.hands[author])
                rng.shuffle(hand)
                terms["give_cards"] = sorted(hand[:len(terms["give_cards"])])

    def _deal_hidden(self, others: list[int], face_down: list[int], pinned: dict[int, list[str]],
                     pool: list[str], rng: Rng, sure: dict[int, str]
                     ) -> tuple[dict[int, list[str]], dict[int, str], list[str]] | None:
        """One deal of the pool around the pinned cards, or None if it breaks what the table knows. `sure`: the
        face-down cards known to be the ones laid (also among the pinned cards)."""
        hands: dict[int, list[str]] = {}
        sealed: dict[int, str] = {}
        for s in others:
            size = len(self.hands[s]) + (1 if s in face_down else 0)
            free = pool[:size - len(pinned[s])]
            del pool[:len(free)]
            got = pinned[s] + free
            left_pinned = Counter(pinned[s])
            if s in face_down:
                if s in sure:
                    card = sure[s]
                else:
                    playable = self._playable_among(s, got)
                    choices = [c for c in got if c in playable]
                    if not choices:
                        return None
                    card = choices[rng.below(len(choices))]
                got.remove(card)
                sealed[s] = card
                if left_pinned[card]:
                    left_pinned[card] -= 1
            want_duel = self.has_duel_card(s)
            if any(is_duel_card(c) for c in got) != want_duel:
                loose = []  # the cards of the hand that were dealt, not known: those may be swapped
                for i, c in enumerate(got):
                    if left_pinned[c]:
                        left_pinned[c] -= 1
                    else:
                        loose.append(i)
                if want_duel:
                    j = next((k for k, c in enumerate(pool) if is_duel_card(c)), None)
                    if j is None or not loose:
                        return None
                    got[loose[0]], pool[j] = pool[j], got[loose[0]]
                else:
                    for i in loose:
                        if is_duel_card(got[i]):
                            j = next((k for k, c in enumerate(pool) if not is_duel_card(c)), None)
                            if j is None:
                                return None
                            got[i], pool[j] = pool[j], got[i]
                    if any(is_duel_card(c) for c in got):
                        return None
            hands[s] = got
        return hands, sealed, pool

    def _redeal_powers(self, original: RencontreCosmique, seat: int, rng: Rng) -> None:
        """The others' unrevealed powers (and a hidden Comédien's roles) drawn again from the unseen ones."""
        slots: list[tuple[int, int]] = []
        unknown = list(self.power_pool)
        for s in range(self.players):
            if s == seat or self._sees_powers(seat, s):
                continue
            for i, pw in enumerate(self.powers[s]):
                if pw not in self.shown_powers[s]:
                    unknown.append(pw)
                    slots.append((s, i))
        if not slots:
            return
        actors = [s for s, i in slots if self.powers[s][i] in HOLDS_ROLES]  # a Comédien's roles
        for s in actors:
            unknown += self.roles[s]
        seen = [p for s in range(self.players) for i, p in enumerate(self.powers[s]) if (s, i) not in slots]
        unknown.sort()
        want = original._to_move()
        before = ([list(p) for p in self.powers], list(self.power_pool), [list(r) for r in self.roles])
        for _ in range(12):
            rng.shuffle(unknown)
            left = list(unknown)
            for s, i in slots:
                self.powers[s][i] = left.pop()
            dealt = seen + [self.powers[s][i] for s, i in slots]
            if any(a in dealt and b in dealt for a, b in NOT_WITH):  # the Insecte and the Oracle
                continue
            for s in actors:
                self.roles[s] = []
            for s, i in slots:
                if self.powers[s][i] in HOLDS_ROLES:
                    self.roles[s] = [left.pop() for _ in range(min(self.players, len(left)))]
            self.power_pool = left
            # A power that would have shown itself by now (an Oracle at the cards) cannot be there.
            if self._to_move() == want:
                break
        else:
            self.powers, self.power_pool, self.roles = before
            return
        for q in self.queue:  # a rotation question lists the powers it may replace
            if q["kind"] == "rotate" and q["seat"] != seat:
                old = before[0][q["seat"]]
                q["powers"] = sorted({self.powers[q["seat"]][old.index(p)] for p in q["powers"] if p in old})

    # ---- « fort » ---------------------------------------------------------------
    #: « fort »'s search iterations per decision (bench reports the decision times and the strength it buys).
    fort_iterations = bot.FORT_ITERATIONS
    #: How deep « fort »'s tree grows below the decision (core.bots.ismcts): one move, its own. Every later move, the
    #: others' included, comes from the playout policy, its model of the players, instead of a tree that, with a
    #: hundred iterations, would try the others' answers almost at random.
    fort_depth: int | None = 1
    #: The playout settings of « fort »'s search (below), set on the copy it searches from: playouts by the heuristic
    #: alone, stopped when the turn after the decision's ends (at most 150 moves), scored by the fitted evaluation.
    #: « normal » keeps the class's settings.
    FORT_PLAYOUTS: ClassVar[dict[str, Any]] = {"playout_cap": 150, "playout_turns": 1, "evaluation": "fit",
                                               "HEURISTIC_ROLLOUTS": 4}

    def level_action(self, level: str, seat: int, rng: Rng) -> Action | None:
        """« fort » searches `fort_iterations` iterations (a fixed count, never a time budget: the same seed plays
        the same game on any machine, at any load) from the heuristic's choice as a prior, with its own playout
        settings (FORT_PLAYOUTS); the routine decisions (which tokens to send or lose, which to take back) it leaves
        to the heuristic, whose choice a search of this size almost never overrules. Other levels: ISMCTS with
        core.bots' budgets."""
        if level != "fort":
            return None
        from ...core.bots import ismcts  # core.bots lends its search to the game; imported when first used

        kind = self.queue[0]["kind"] if self.queue else self.phase
        if kind in bot.ROUTINE:
            return bot.heuristic_action(self, seat, rng)
        prior = bot.heuristic_action(self, seat, rng.fork())
        root = self.clone(keep_logs=False)
        root.__dict__.update(self.FORT_PLAYOUTS)  # copied with it into every deal the search makes
        return ismcts(root, seat, self.fort_iterations, None, rng, prior=prior, prior_visits=self.prior_visits,
                      depth=self.fort_depth)

    # ---- playout policy ---------------------------------------------------------
    playout_cap = 60  # short playouts (mostly the heuristic), then the evaluation: more of them per second
    #: A search copy's playout also stops once this many turns have ended since the copy was made (0: only the cap),
    #: so the evaluation scores a position between two turns, the kind of position it was fitted on.
    playout_turns = 0
    turn_seen = 0  # a search copy's offence when its playout last looked (`playout_outcome`)
    turns_left = 0  # turns its playout still plays
    #: How a playout cut short is scored: "fit" (bot.evaluation, fitted on « facile »'s games) or "progress"
    #: (GameState's default: shares of progress cubed).
    evaluation = "progress"

    def progress(self, seat: int) -> float:
        """Truncated playouts score each seat by its progress towards five foreign bases."""
        return bot.progress(self, seat)

    def estimate_outcome(self) -> list[float]:
        if self.evaluation == "fit":
            return bot.evaluation(self)
        return super().estimate_outcome()

    def playout_outcome(self) -> list[float] | None:
        """The game's end; on a search copy with a turn horizon, also the start of the turn after the horizon."""
        result = super().playout_outcome()
        if result is None and self.search_copy and self.playout_turns and self.offence != self.turn_seen:
            self.turn_seen = self.offence
            self.turns_left -= 1
            if self.turns_left <= 0:
                return self.estimate_outcome()
        return result

    def heuristic_action(self, seat: int, rng: Rng) -> Action:
        return bot.heuristic_action(self, seat, rng)

    #: Set on the copies the ISMCTS bot searches (`determinize`): their playouts mostly follow the heuristic.
    search_copy = False
    #: Out of 4 playout moves of a search copy, how many the heuristic plays (the rest stay random, for variety).
    HEURISTIC_ROLLOUTS = 3

    def rollout_action(self, seat: int, rng: Rng) -> Action:
        """The playout policy: on a search copy mostly the heuristic player (a sensible opponent makes the
        search's estimates worth more than random play does), elsewhere a sensible random player."""
        if self.search_copy and rng.below(4) < self.HEURISTIC_ROLLOUTS:
            return bot.heuristic_action(self, seat, rng)
        return bot.random_rollout_action(self, seat, rng)

    def random_rollout_action(self, seat: int, rng: Rng) -> Action:
        return bot.random_rollout_action(self, seat, rng)
