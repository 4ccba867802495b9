"""Porco Crasso and its Coquettruie extension: setup, turn, every card, reactions, Cochonpétition."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ...core.flow import Ask, FlowState, Kind, Reason
from ...core.options import read_options
from ...core.pile import draw as draw_pile
from ...core.state import Action
from ...core.text import P, both
from .cards import BY_ID, PIGS_BASE, PIGS_EXTENSION, card_table, deck_cards

# A pig is a small list of flags, indexed by these constants (cheap to copy in playouts).
DIRTY, COQ, PORCH, PARA, BARR = range(5)
#: The flag each card that stays on a pig sets.
_FLAG_OF = {"porcherie": PORCH, "paratonnerre": PARA, "barricade": BARR, "coquettruie": COQ}

#: The game's options, declared as data in options.json beside this module (the catalog's shape).
OPTIONS = read_options(__package__)

PLAY_PHASE, DRAW_PHASE, REACT_PHASE, OISEAU_PHASE, BETWEEN_PHASE, OVER_PHASE = (
    "play", "draw", "react", "oiseau", "between_games", "over")


def _fr(card: str) -> str:
    return BY_ID[card].name["fr"]


def _en(card: str) -> str:
    return BY_ID[card].name["en"]


# ---- which targets a card may take: one function per card, making the play actions themselves ----------
# (they run for every card of every hand at every turn: one table lookup and one comprehension, no chain of tests)
def _boue(g: PorcoCrassoRules, seat: int) -> list[Action]:
    return [{"type": "play", "card": "boue", "seat": seat, "pig": i}
            for i, p in enumerate(g.pigs[seat]) if not p[COQ] and not p[DIRTY]]


def _porcherie(g: PorcoCrassoRules, seat: int) -> list[Action]:
    return [{"type": "play", "card": "porcherie", "seat": seat, "pig": i}
            for i, p in enumerate(g.pigs[seat]) if not p[PORCH]]


def _paratonnerre(g: PorcoCrassoRules, seat: int) -> list[Action]:
    return [{"type": "play", "card": "paratonnerre", "seat": seat, "pig": i}
            for i, p in enumerate(g.pigs[seat]) if p[PORCH] and not p[PARA]]


def _barricade(g: PorcoCrassoRules, seat: int) -> list[Action]:
    """A sty over a dirty pig that is not a Coquettruie."""
    return [{"type": "play", "card": "barricade", "seat": seat, "pig": i}
            for i, p in enumerate(g.pigs[seat]) if p[PORCH] and not p[BARR] and p[DIRTY] and not p[COQ]]


def _foudre(g: PorcoCrassoRules, seat: int) -> list[Action]:
    pigs = g.pigs
    return [{"type": "play", "card": "foudre", "seat": s, "pig": i}
            for s in g._sorted_opponents[seat] for i, p in enumerate(pigs[s]) if p[PORCH] and not p[PARA]]


def _decrassage(g: PorcoCrassoRules, seat: int) -> list[Action]:
    pigs = g.pigs
    return [{"type": "play", "card": "decrassage", "seat": s, "pig": i}
            for s in g._sorted_opponents[seat] for i, p in enumerate(pigs[s])
            if p[DIRTY] and not p[COQ] and not p[BARR]]


def _coquettruie(g: PorcoCrassoRules, seat: int) -> list[Action]:
    pigs = g.pigs
    return [{"type": "play", "card": "coquettruie", "seat": s, "pig": i}
            for s in g._sorted_seats for i, p in enumerate(pigs[s]) if not p[COQ] and not (p[DIRTY] and p[BARR])]


def _sauve_qui_porc(g: PorcoCrassoRules, seat: int) -> list[Action]:
    pigs = g.pigs
    return [{"type": "play", "card": "sauve_qui_porc", "seat": s, "pig": i}
            for s in g._sorted_seats for i, p in enumerate(pigs[s]) if p[COQ]]


def _no_target(g: PorcoCrassoRules, seat: int) -> list[Action]:
    """A reaction is never played in a turn."""
    return []


#: Card → its play actions for a seat (`PorcoCrassoRules._plays`); None: a card played without a target.
_TARGETS: dict[str, Callable[[Any, int], list[Action]] | None] = {
    "boue": _boue, "porcherie": _porcherie, "paratonnerre": _paratonnerre, "barricade": _barricade,
    "foudre": _foudre, "decrassage": _decrassage, "coquettruie": _coquettruie, "sauve_qui_porc": _sauve_qui_porc,
    "pluie": None, "oiseau": None, "super_gadoue": _no_target, "rouge_a_levres": _no_target,
}
assert set(_TARGETS) == set(BY_ID)


#: The refusal of an action that answers nothing open now.
NOT_NOW = ("Cette action n'est pas permise maintenant.", "That action is not allowed now.")

#: What each action of a card phase does (the kinds below dispatch on the action's type through this table).
CARD_ACTIONS: dict[str, Callable[[Any, int, Action], None]] = {
    "play": lambda g, seat, a: g._play(seat, a["card"], a.get("seat"), a.get("pig")),
    "discard": lambda g, seat, a: g._discard(seat, a),
    "stuck": lambda g, seat, a: g._stuck(seat),
}


class Turn(Kind):
    """The current seat plays or discards a card of its hand, or shows a hand with nothing playable."""

    def actions(self, g: PorcoCrassoRules, ask: Ask, seat: int) -> list[Action]:
        return g._card_actions(seat, g.hands[seat], allow_discard=True, stuck_if_none=True)

    def apply(self, g: PorcoCrassoRules, ask: Ask, seat: int, action: Action) -> bool:
        if action["type"] == "play":  # most answers: one call fewer than through CARD_ACTIONS
            g._play(seat, action["card"], action.get("seat"), action.get("pig"))
        else:
            CARD_ACTIONS[action["type"]](g, seat, action)
        return True

    def why(self, g: PorcoCrassoRules, ask: Ask, seat: int, action: Action) -> Reason | None:
        return g._why_card(seat, action)


class Oiseau(Turn):
    """After an Oiseau de bon augure: the other cards of the hand, played or discarded one by one."""

    def actions(self, g: PorcoCrassoRules, ask: Ask, seat: int) -> list[Action]:
        return g._card_actions(seat, g.oiseau_left, allow_discard=True)


class Draw(Kind):
    """The card is played: the current seat draws back up to the hand size, which ends the turn."""

    def actions(self, g: PorcoCrassoRules, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "draw"}]

    def apply(self, g: PorcoCrassoRules, ask: Ask, seat: int, action: Action) -> bool:
        g._draw(seat, g.hand_size - len(g.hands[seat]))
        g._next_turn()
        return True

    def why(self, g: PorcoCrassoRules, ask: Ask, seat: int, action: Action) -> Reason | None:
        return ("Votre carte est jouée : piochez pour finir votre tour.", "Your card is played: draw to end your turn.")


class React(Kind):
    """A Pluie, Décrassage or Sauve-qui-porc ! waits for the answers of the seats in `queue`, in order;
    once nobody is left to answer, it takes effect on what nobody saved."""

    reaction = True

    def waiting(self, g: PorcoCrassoRules, ask: Ask) -> list[int]:
        queue = ask.data["queue"]
        return [queue[0][0]] if queue else []

    def actions(self, g: PorcoCrassoRules, ask: Ask, seat: int) -> list[Action]:
        return g._reaction_actions(seat, ask.data)

    def apply(self, g: PorcoCrassoRules, ask: Ask, seat: int, action: Action) -> bool:
        g._react(seat, ask.data, action)
        return False  # the ask closes when its queue is empty (`skip`)

    def skip(self, g: PorcoCrassoRules, ask: Ask) -> None:
        g._resolve(ask.data)

    def why(self, g: PorcoCrassoRules, ask: Ask, seat: int, action: Action) -> Reason | None:
        kind = action.get("type")
        if kind not in ("react", "pass"):
            return ("Répondez d'abord à la carte jouée contre vous (réagir ou passer).",
                    "First answer the card played against you (react or pass).")
        if kind == "react":
            return g._why_react(seat, ask.data, action)
        return NOT_NOW


class NextGame(Kind):
    """Cochonpétition: the winner of a game starts the next one."""

    def actions(self, g: PorcoCrassoRules, ask: Ask, seat: int) -> list[Action]:
        return [{"type": "next_game"}]

    def apply(self, g: PorcoCrassoRules, ask: Ask, seat: int, action: Action) -> bool:
        g._start_next_game()
        return True

    def why(self, g: PorcoCrassoRules, ask: Ask, seat: int, action: Action) -> Reason | None:
        return g._why_card(seat, action)


# Rules 2: a card played against players asks every one of them whether they answer it, holder of the answer card or
# not (`_asked`), so that being asked tells nobody what a hand holds. Rules 1 asked only the holders; its saves still
# replay that way (docs/porco-crasso/protocol.md, « Veiled answers and rules versions »).
class PorcoCrassoRules(FlowState, game_id="porco-crasso", title=both("Porco Crasso", "Porco Crasso"), players=(2, 4),
                       options_spec=OPTIONS, rules_version=2, replays_rules=(1,)):
    """A game (or a Cochonpétition match) of Porco Crasso: the rules (the bots' hooks are in search.py)."""

    KINDS: ClassVar[dict[str, Kind]] = {"play": Turn(), "oiseau": Oiseau(), "draw": Draw(), "react": React(),
                                        "next_game": NextGame()}
    PHASE_KINDS: ClassVar[dict[str, str]] = {PLAY_PHASE: "play", OISEAU_PHASE: "oiseau", DRAW_PHASE: "draw",
                                             BETWEEN_PHASE: "next_game"}

    # ---- setup ------------------------------------------------------------------
    def _setup(self) -> None:
        self.extension: bool = self.options["coquettruie"]
        self.hand_size: int = 4 if self.options["chronoboue"] else 3
        self.match: dict[str, Any] | None = None
        if self.options["cochonpetition"]:
            self.match = {"game_no": 0, "seau": [1, 2, 3], "trophee": [1, 2, 3],
                          "tokens": [[] for _ in range(self.players)], "tiebreak": None}
        self.winners: list[int] = []
        self.first = 0
        self._deal(list(range(self.players)), first=0)

    def _deal(self, seats: list[int], first: int) -> None:
        """Start one game among `seats`; `first` plays first."""
        self.in_game = [s in seats for s in range(self.players)]
        n = len(seats)
        # Who sits where does not change during a game: the seat orders are worked out once per deal.
        # (comprehensions, not generators: tuple() would resume a generator from C for every item)
        self._opponents = tuple([tuple([(s + k) % self.players for k in range(1, self.players)
                                        if self.in_game[(s + k) % self.players]]) for s in range(self.players)])
        self._sorted_seats = tuple(sorted(seats))
        self._sorted_opponents = tuple([tuple([o for o in self._sorted_seats if o != s]) for s in range(self.players)])
        per = PIGS_EXTENSION if self.extension else PIGS_BASE[n]
        self.pigs: list[list[list[bool]]] = [
            [[False] * 5 for _ in range(per)] if self.in_game[s] else [] for s in range(self.players)]
        self.deck: list[str] = deck_cards(self.extension)
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(self.players)]
        for s in seats:
            for _ in range(self.hand_size):
                self.hands[s].append(self.deck.pop())
        self.current = first
        self.first = first
        self.phase = PLAY_PHASE
        self.asks.clear()
        self.oiseau_left: list[str] = []
        self.game_winner: int | None = None
        if self.match is not None:
            self.match["game_no"] += 1
        self.emit(f"Nouvelle partie : {P(first)} commence.", f"New game: {P(first)} starts.")

    # ---- what a pig is ----------------------------------------------------------
    @staticmethod
    def is_pepere(pig: list[bool]) -> bool:
        return pig[PORCH] and pig[PARA] and pig[BARR]

    def wins_with(self, seat: int) -> str | None:
        """'boue' if every pig of `seat` shows dirty, 'coquettruie' if every one is covered, else None."""
        pigs = self.pigs[seat]
        if not pigs:
            return None
        covered = 0  # one plain loop: checked after most cards, in every playout
        for p in pigs:
            if p[COQ]:
                covered += 1
            elif not p[DIRTY]:
                return None  # a clean pig in sight: neither way wins
        # Every pig is now covered or shows dirty: all one way wins, a mix does not.
        if covered == len(pigs):
            return "coquettruie"
        return "boue" if covered == 0 else None

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Other seats in this game, clockwise from `seat`'s left."""
        return self._opponents[seat]

    # ---- which targets a card may take ------------------------------------------
    def _plays(self, seat: int, card: str) -> list[Action] | None:
        """The play actions of a card, one per pig it can be aimed at: [] when unplayable; None for cards
        without a target."""
        targets = _TARGETS[card]
        return None if targets is None else targets(self, seat)

    def playable(self, seat: int, card: str) -> bool:
        plays = self._plays(seat, card)
        return plays is None or bool(plays)

    def _card_actions(self, seat: int, cards: list[str], allow_discard: bool,
                      stuck_if_none: bool = False) -> list[Action]:
        """Every play of `cards` (each distinct card once), then their discards; with `stuck_if_none`,
        [stuck] instead when no card can be played."""
        acts: list[Action] = []
        distinct = sorted(set(cards))
        for card in distinct:
            targets = _TARGETS[card]  # _plays, inlined: this runs for every hand at every turn
            if targets is None:
                acts.append({"type": "play", "card": card})
            else:
                acts += targets(self, seat)
        if stuck_if_none and not acts:
            return [{"type": "stuck"}]
        if allow_discard:
            acts.extend([{"type": "discard", "card": c} for c in distinct])
        return acts

    # ---- turn structure: each phase is a decision of the current seat (core/flow.py) --------------
    def is_over(self) -> bool:
        return self.phase == OVER_PHASE

    def phase_seats(self) -> list[int]:
        if self.phase == BETWEEN_PHASE:
            assert self.game_winner is not None
            return [self.game_winner]
        return [self.current]

    def stage(self) -> str:
        """The phase as the page names it: « react » while a card waits for answers, else the phase."""
        return REACT_PHASE if self.asks else self.phase

    # ---- what a turn's actions do (the kinds below dispatch to these) ----------
    def _discard(self, seat: int, action: Action) -> None:
        self._take(seat, action["card"])
        self.discard.append(action["card"])
        if not self.quiet:
            self.emit(f"{P(seat)} défausse {_fr(action['card'])}.",
                      f"{P(seat)} discards {_en(action['card'])}.")
        self._card_done()

    def _stuck(self, seat: int) -> None:
        hand = self.hands[seat]
        self.reveal()
        self.emit(f"{P(seat)} ne peut rien jouer et montre sa main : {', '.join(_fr(c) for c in hand)}.",
                  f"{P(seat)} cannot play and shows their hand: {', '.join(_en(c) for c in hand)}.")
        self.discard.extend(hand)
        self.hands[seat] = []
        self._draw(seat, self.hand_size)
        self._next_turn()

    def _why_card(self, seat: int, action: Action) -> tuple[str, str] | None:
        """Why a play or discard of the turn (or after an Oiseau) is refused."""
        kind, card = action.get("type"), action.get("card")
        if kind == "stuck" and self.phase == PLAY_PHASE:
            return ("Vous pouvez jouer au moins une carte : vous ne pouvez pas vous déclarer bloqué.",
                    "You can play at least one card: you may not declare yourself stuck.")
        if kind in ("play", "discard"):
            if self.phase == PLAY_PHASE and not any(self.playable(seat, c) for c in self.hands[seat]):
                return ("Aucune carte jouable : montrez et défaussez votre main.",
                        "No playable card: show and discard your hand.")
            pool = self.oiseau_left if self.phase == OISEAU_PHASE else self.hands[seat]
            if not isinstance(card, str) or card not in pool:
                return ("Vous n'avez pas cette carte en main.", "You do not have that card in hand.")
            if kind == "play":
                return self._why_target(seat, card, action.get("seat"), action.get("pig"))
        if kind == "react":
            return ("Cette réaction n'est pas possible ici.", "That reaction is not possible here.")
        return NOT_NOW

    def _why_target(self, seat: int, card: str, s: Any, i: Any) -> tuple[str, str]:
        name = (_fr(card), _en(card))
        if card in ("super_gadoue", "rouge_a_levres"):
            return (f"{name[0]} se joue seulement en réaction, hors de votre tour.",
                    f"{name[1]} is only played as a reaction, out of your turn.")
        if not (isinstance(s, int) and isinstance(i, int) and 0 <= s < self.players
                and 0 <= i < len(self.pigs[s])):
            return (f"Choisissez un cochon pour {name[0]}.", f"Choose a pig for {name[1]}.")
        p = self.pigs[s][i]
        own = s == seat
        if card in ("boue", "porcherie", "paratonnerre", "barricade") and not own:
            return (f"{name[0]} se pose sur un de vos propres cochons.", f"{name[1]} goes on one of your own pigs.")
        if card in ("foudre", "decrassage") and own:
            return (f"{name[0]} vise le cochon d'un adversaire.", f"{name[1]} targets an opponent's pig.")
        reasons = {
            "boue": ("Ce cochon est déjà sale ou caché par une Coquettruie.",
                     "That pig is already dirty or hidden by a Coquettruie."),
            "porcherie": ("Ce cochon a déjà une Porcherie.", "That pig already has a Pig Sty."),
            "paratonnerre": ("Il faut une Porcherie sans Paratonnerre.", "It needs a Pig Sty without a Lightning Rod."),
            "barricade": ("La Barricade va sur une Porcherie qui abrite un cochon sale (pas une Coquettruie).",
                          "A Barricade goes on a Pig Sty holding a dirty pig (not a Coquettruie)."),
            "foudre": ("Il faut une Porcherie sans Paratonnerre.", "It needs a Pig Sty without a Lightning Rod."),
            "decrassage": ("Il faut un cochon sale visible et sans Barricade.",
                           "It needs a visible dirty pig without a Barricade."),
            "coquettruie": ("Impossible sur une Coquettruie, un cochon sale barricadé ou un Pépère.",
                            "Not on a Coquettruie, a barricaded dirty pig or a Pépère."),
            "sauve_qui_porc": ("Il n'y a pas de Coquettruie sur ce cochon.", "There is no Coquettruie on that pig."),
        }
        if card == "decrassage" and p[BARR] and p[DIRTY]:
            return ("La Barricade empêche le fermier d'entrer.", "The Barricade keeps the farmer out.")
        if card == "foudre" and p[PARA]:
            return ("Le Paratonnerre protège cette Porcherie.", "The Lightning Rod protects that Pig Sty.")
        if card == "coquettruie" and self.is_pepere(p):
            return ("Un cochon Pépère ne peut pas être recouvert.", "A Pépère pig cannot be covered.")
        return reasons.get(card, ("Cible impossible.", "Impossible target."))

    def _take(self, seat: int, card: str) -> None:
        if self.phase == OISEAU_PHASE:
            self.oiseau_left.remove(card)
        else:
            self.hands[seat].remove(card)

    def _draw(self, seat: int, n: int) -> None:
        got, reshuffled = draw_pile(self.deck, self.discard, self.rng, n)
        if reshuffled:
            self.emit("La pioche est vide : la défausse est mélangée pour en faire une nouvelle.",
                      "The deck is empty: the discard pile is shuffled into a new deck.")
        self.hands[seat].extend(got)
        if got:
            self.reveal()

    def _next_turn(self) -> None:
        self.current = self._opponents[self.current][0]  # the next seat clockwise
        self.phase = PLAY_PHASE

    def _card_done(self, touched: int | None = None) -> None:
        """After a card is played or discarded (and any reaction settled): win check, then go on.

        `touched` is the seat one of whose pigs has just got dirty, been covered by a Coquettruie or lost one.
        Only that seat can have just won: a seat's win depends on its own pigs alone, this check follows every
        change, and a clean pig in sight (after a Pluie or a Décrassage) never wins.
        """
        if touched is not None:
            how = self.wins_with(touched)
            if how is not None:
                self._game_won(touched, how)
                return
        # After an Oiseau de bon augure the other cards of the hand are played one by one first.
        self.phase = OISEAU_PHASE if self.phase == OISEAU_PHASE and self.oiseau_left else DRAW_PHASE

    # ---- the cards --------------------------------------------------------------
    def _play(self, seat: int, card: str, ts: int | None, ti: int | None) -> None:
        self._take(seat, card)
        say = not self.quiet  # playouts keep no log: its sentences are not even written
        who = P(seat) if say else ""
        if card in ("porcherie", "paratonnerre", "barricade", "coquettruie"):
            assert ts is not None and ti is not None
            pig = self.pigs[ts][ti]
            pig[_FLAG_OF[card]] = True
            if say:
                where = f"son cochon {ti + 1}" if ts == seat else f"le cochon {ti + 1} de {P(ts)}"
                where_en = f"their pig {ti + 1}" if ts == seat else f"pig {ti + 1} of {P(ts)}"
                self.emit(f"{who} pose {_fr(card)} sur {where}.", f"{who} puts {_en(card)} on {where_en}.")
            if say and self.is_pepere(pig):
                self.emit(f"Le cochon {ti + 1} de {P(ts)} est Pépère : protégé jusqu'à la fin de la partie.",
                          f"Pig {ti + 1} of {P(ts)} is Pépère: safe for the rest of the game.")
            self._card_done(ts if card == "coquettruie" else None)
            return
        self.discard.append(card)
        if card == "boue":
            assert ts is not None and ti is not None
            self.pigs[ts][ti][DIRTY] = True
            if say:
                self.emit(f"« Crasso ! » {who} salit son cochon {ti + 1}.", f"“Crasso!” {who} muddies their pig {ti + 1}.")
            self._card_done(ts)
        elif card == "foudre":
            assert ts is not None and ti is not None
            pig = self.pigs[ts][ti]
            pig[PORCH] = False
            self.discard.append("porcherie")
            if pig[BARR]:
                pig[BARR] = False
                self.discard.append("barricade")
            if say:
                self.emit(f"{who} foudroie la Porcherie du cochon {ti + 1} de {P(ts)}.",
                          f"{who} strikes the Pig Sty of {P(ts)}'s pig {ti + 1} with Lightning.")
            self._card_done()
        elif card == "pluie":
            if say:
                self.emit(f"{who} fait tomber la Pluie.", f"{who} makes it rain.")
            exposed = [s for s in self.opponents(seat) if self._rain_exposed(s)]
            if exposed:  # opponents are asked to answer: the card stays played (rules 1: who was asked told hands)
                self.reveal()
            self._open_pending(seat, card, None, [(s, None) for s in self._asked(exposed, "super_gadoue")])
        elif card == "decrassage":
            assert ts is not None and ti is not None
            if say:
                self.emit(f"« Savon ! » {who} vise le cochon {ti + 1} de {P(ts)} avec un Décrassage.",
                          f"“Soap!” {who} aims Scrubbing at {P(ts)}'s pig {ti + 1}.")
            self.reveal()  # the target is asked (under rules 1: asked or not, which told whether they hold one)
            self._open_pending(seat, card, (ts, ti), [(ts, ti)] if self._asked([ts], "super_gadoue") else [])
        elif card == "sauve_qui_porc":
            assert ts is not None and ti is not None
            if say:
                self.emit(f"{who} joue Sauve-qui-porc ! sur la Coquettruie du cochon {ti + 1} de {P(ts)}.",
                          f"{who} plays Run, Piggy! on the Coquettruie of {P(ts)}'s pig {ti + 1}.")
            if ts != seat:
                self.reveal()
            self._open_pending(seat, card, (ts, ti),
                               [(ts, ti)] if ts != seat and self._asked([ts], "rouge_a_levres") else [])
        elif card == "oiseau":
            extra = [c for c in self.hands[seat] if c == "oiseau"]
            self.oiseau_left = [c for c in self.hands[seat] if c != "oiseau"]
            self.hands[seat] = []
            self.discard.extend(extra)
            if say:
                self.emit(f"{who} joue l'Oiseau de bon augure et va jouer ses autres cartes.",
                          f"{who} plays the Lucky Bird and will play their other cards.")
            if say and extra:
                if len(extra) == 1:
                    self.emit(f"{who} défausse un autre Oiseau sans effet.",
                              f"{who} discards another Lucky Bird without effect.")
                else:
                    self.emit(f"{who} défausse {len(extra)} autres Oiseaux sans effet.",
                              f"{who} discards {len(extra)} other Lucky Birds without effect.")
            self.phase = OISEAU_PHASE
            self._card_done()

    def _rain_exposed(self, seat: int) -> list[int]:
        """Pigs of `seat` that a Pluie would wash (and a Super gadoue could save)."""
        return [i for i, p in enumerate(self.pigs[seat]) if p[DIRTY] and not p[COQ] and not p[PORCH]]

    # ---- reactions: a card aimed at others waits for their answers (one ask, its queue in order) ----
    def _asked(self, seats: list[int], answer: str) -> list[int]:
        """Who of `seats` (hit by a card that `answer` may answer) is asked whether they answer it.

        Every one of them, holder or not: a seat without `answer` in hand is asked too and may only pass, so that a
        question (and in hot-seat the hand-over it brings) tells the others nothing about a hand. Which seats are
        hit is public (the target, or the seats with pigs a Pluie would wash), so the queue is too. A save made
        under rules 1 replays as it was played: only the holders were asked.
        """
        if self.rules >= 2:
            return seats
        return [s for s in seats if answer in self.hands[s]]

    def _open_pending(self, seat: int, card: str, target: tuple[int, int] | None,
                      queue: Sequence[tuple[int, int | None]]) -> None:
        """Ask the seats of `queue` in turn whether they answer `card`; then it takes effect (`_resolve`)."""
        self.ask("react", [], card=card, by=seat, target=None if target is None else list(target),
                 queue=[[s, i] for s, i in queue], saved=[])

    def _reaction_actions(self, seat: int, data: dict[str, Any]) -> list[Action]:
        """The answers of the seat asked: its answer card on each pig it may keep, if it holds one, and « pass »
        (all a seat without the card may do)."""
        card, target = data["card"], data["target"]
        hand = self.hands[seat]
        acts: list[Action] = []
        if card == "pluie":
            if "super_gadoue" in hand:
                saved = {i for s, i in data["saved"] if s == seat}
                acts = [{"type": "react", "card": "super_gadoue", "pig": i}
                        for i in self._rain_exposed(seat) if i not in saved]
        elif card == "decrassage":
            if "super_gadoue" in hand:
                acts = [{"type": "react", "card": "super_gadoue", "pig": target[1]}]
        elif "rouge_a_levres" in hand:
            acts = [{"type": "react", "card": "rouge_a_levres", "pig": target[1]}]
        return acts + [{"type": "pass"}]

    def _why_react(self, seat: int, data: dict[str, Any], action: Action) -> Reason:
        """Why an answer to the card `data` describes is refused (seen by the seat asked alone)."""
        card = action.get("card")
        answer = "rouge_a_levres" if data["card"] == "sauve_qui_porc" else "super_gadoue"
        if card not in ("super_gadoue", "rouge_a_levres"):
            return ("Cette réaction n'est pas possible ici.", "That reaction is not possible here.")
        if card != answer:
            return (f"{_fr(card)} ne répond pas à {_fr(data['card'])} : cette réaction n'est pas possible ici.",
                    f"{_en(card)} does not answer {_en(data['card'])}: that reaction is not possible here.")
        if card not in self.hands[seat]:
            return (f"Vous n'avez pas de {_fr(card)} en main : cette réaction n'est pas possible.",
                    f"You hold no {_en(card)}: that reaction is not possible.")
        return ("Ce cochon ne peut pas être gardé par cette réaction.", "That pig cannot be kept by this reaction.")

    def _react(self, seat: int, data: dict[str, Any], action: Action) -> None:
        queue = data["queue"]
        if action["type"] == "pass":
            queue.pop(0)
            return
        card, pig = action["card"], action["pig"]
        self.hands[seat].remove(card)
        self.discard.append(card)
        data["saved"].append([seat, pig])
        if card == "super_gadoue":
            self.emit(f"« Super gadoue ! » {P(seat)} garde son cochon {pig + 1} sale.",
                      f"“Super Mud!” {P(seat)} keeps their pig {pig + 1} dirty.")
        else:
            self.emit(f"« Rouge à lèvres ! » La Coquettruie de {P(seat)} reste en place.",
                      f"“Lipstick!” {P(seat)}'s Coquettruie stays put.")
        self._draw(seat, 1)
        # A second Super gadoue in the same hand may save a second pig from the same Pluie.
        if not (data["card"] == "pluie" and len(self._reaction_actions(seat, data)) > 1):
            queue.pop(0)

    def _resolve(self, data: dict[str, Any]) -> None:
        """Everybody asked has answered: the card takes effect on every pig nobody saved."""
        card, target = data["card"], data["target"]
        saved = {(s, i) for s, i in data["saved"]}
        touched = None
        if card == "pluie":
            washed = 0
            for s in range(self.players):
                for i in self._rain_exposed(s):
                    if (s, i) not in saved:
                        self.pigs[s][i][DIRTY] = False
                        washed += 1
            if washed == 0:
                self.emit("La pluie ne lave aucun cochon.", "The rain washes no pig.")
            elif washed == 1:
                self.emit("La pluie lave un cochon.", "The rain washes one pig.")
            else:
                self.emit(f"La pluie lave {washed} cochons.", f"The rain washes {washed} pigs.")
        elif card == "decrassage":
            ts, ti = target
            if (ts, ti) not in saved:
                self.pigs[ts][ti][DIRTY] = False
                self.emit(f"Le cochon {ti + 1} de {P(ts)} est tout propre.", f"{P(ts)}'s pig {ti + 1} is clean.")
        else:
            ts, ti = target
            if (ts, ti) not in saved:
                self.pigs[ts][ti][COQ] = False
                touched = ts
                self.discard.append("coquettruie")
                under = "sale" if self.pigs[ts][ti][DIRTY] else "propre"
                under_en = "dirty" if self.pigs[ts][ti][DIRTY] else "clean"
                self.emit(f"La Coquettruie s'enfuit : le cochon {ti + 1} de {P(ts)} réapparaît ({under}).",
                          f"The Coquettruie runs off: {P(ts)}'s pig {ti + 1} shows again ({under_en}).")
        self._card_done(touched)

    # ---- winning, Cochonpétition ------------------------------------------------
    def _game_won(self, seat: int, how: str) -> None:
        self.game_winner = seat
        if self.oiseau_left:  # won midway through an Oiseau: the rest of that hand is its owner's hand again
            self.hands[self.current].extend(self.oiseau_left)
            self.oiseau_left = []
        self.reveal()  # a won game is settled: the winning card cannot be taken back (nor a match token)
        if how == "boue":
            self.emit(f"{P(seat)} n'a plus que des cochons sales et gagne la partie !",
                      f"{P(seat)} has nothing but dirty pigs and wins the game!")
        else:
            self.emit(f"{P(seat)} n'a plus que des Coquettruies et gagne la partie !",
                      f"{P(seat)} has nothing but Coquettruies and wins the game!")
        m = self.match
        if m is None:
            self.winners = [seat]
            self.phase = OVER_PHASE
            return
        if m["tiebreak"] is not None:
            self.winners = [seat]
            self.phase = OVER_PHASE
            self.emit(f"{P(seat)} remporte la partie de départage et la Cochonpétition !",
                      f"{P(seat)} wins the tie-break game and the Cochonpétition!")
            return
        pile = m["seau"] if how == "boue" else m["trophee"]
        points = pile.pop(0)
        kind = "seau" if how == "boue" else "trophee"
        m["tokens"][seat].append({"kind": kind, "points": points})
        self.emit(f"{P(seat)} prend le jeton {'Seau de boue' if kind == 'seau' else 'Trophée'} ({points}).",
                  f"{P(seat)} takes the {'Mud Bucket' if kind == 'seau' else 'Trophy'} token ({points}).")
        if m["seau"] and m["trophee"]:
            self.phase = BETWEEN_PHASE
            return
        pts = self.match_points()
        best = max(pts)
        tied = [s for s in range(self.players) if pts[s] == best]
        if len(tied) == 1:
            self.winners = tied
            self.phase = OVER_PHASE
            self.emit(f"Fin de la Cochonpétition : {P(tied[0])} gagne avec {best} points.",
                      f"End of the Cochonpétition: {P(tied[0])} wins with {best} points.")
        else:
            m["tiebreak"] = tied
            self.phase = BETWEEN_PHASE
            names = ", ".join(P(s) for s in tied)
            self.emit(f"Égalité à {best} points entre {names} : une partie de départage.",
                      f"Tie at {best} points between {names}: a tie-break game.")

    def match_points(self) -> list[int]:
        assert self.match is not None
        return [sum(t["points"] for t in toks) for toks in self.match["tokens"]]

    def _start_next_game(self) -> None:
        assert self.match is not None
        tied = self.match["tiebreak"]
        seats = list(tied) if tied is not None else list(range(self.players))
        first = seats[0] if tied is not None else (self.first + 1) % self.players
        self._deal(seats, first)

    def result(self) -> dict[str, Any] | None:
        if not self.is_over():
            return None
        if self.match is not None:
            scores = self.match_points()
        else:
            scores = [sum(1 for p in self.pigs[s] if p[COQ] or p[DIRTY]) for s in range(self.players)]
        return {"winners": list(self.winners), "scores": {str(s): scores[s] for s in range(self.players)}}

    # ---- what each seat sees ----------------------------------------------------
    @classmethod
    def catalog_tables(cls) -> dict[str, Any]:
        """The cards' names and texts (web/games/porco-crasso.js), sent once with the catalog."""
        return {"cards": card_table()}

    def _view(self, seat: int | None) -> dict[str, Any]:
        pending = None
        if self.asks:
            data = self.asks[0].data
            s, i = data["queue"][0]
            pending = {"card": data["card"], "by": data["by"], "seat": s, "pig": i,
                       "reaction": "rouge_a_levres" if data["card"] == "sauve_qui_porc" else "super_gadoue"}
        bird = self.phase == OISEAU_PHASE  # it stays so while an answer to a card of the Bird is pending
        match = None
        if self.match is not None:
            match = {"game_no": self.match["game_no"], "seau": list(self.match["seau"]),
                     "trophee": list(self.match["trophee"]),
                     "tokens": [[dict(t) for t in toks] for toks in self.match["tokens"]],
                     "points": self.match_points(),
                     "tiebreak": list(self.match["tiebreak"]) if self.match["tiebreak"] is not None else None}
        return {
            "phase": self.stage(),
            "current": self.current,
            "hand_size": self.hand_size,
            "deck_count": len(self.deck),
            "discard_count": len(self.discard),
            "discard_top": self.discard[-1] if self.discard else None,
            # After an Oiseau de bon augure the rest of the hand is still its owner's hand (counted there, in
            # every view), seen by the owner alone, also while an answer to one of its cards is pending.
            "hands": [{"count": len(h) + (len(self.oiseau_left) if bird and s == self.current else 0),
                       "cards": sorted(h) if s == seat else None}
                      for s, h in enumerate(self.hands)],
            "pigs": [[{"dirty": p[DIRTY], "coquettruie": p[COQ], "porcherie": p[PORCH], "paratonnerre": p[PARA],
                       "barricade": p[BARR], "pepere": self.is_pepere(p)} for p in pigs] for pigs in self.pigs],
            "in_game": list(self.in_game),
            "pending": pending,
            "oiseau": {"seat": self.current, "count": len(self.oiseau_left),
                       "left": sorted(self.oiseau_left) if seat == self.current else None} if bird else None,
            "game_winner": self.game_winner,
            "match": match,
        }
