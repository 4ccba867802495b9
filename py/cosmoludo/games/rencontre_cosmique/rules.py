"""Rencontre Cosmique: setup, the turn phase by phase, duels, alliances, deals, edicts and alien powers."""
from __future__ import annotations

import itertools
from collections import Counter
from typing import Any, ClassVar

from ...core.options import Option
from ...core.state import Action, GameState
from .data import (
    BASES_TO_WIN,
    BY_ID,
    COLOUR_NAMES,
    COLOURS,
    DEAL_PENALTY,
    DISCS_PER_COLOUR,
    ESCAMOTABLE,
    HAND_SIZE,
    MAX_TOKENS_ON_CONE,
    PLANETS_PER_SYSTEM,
    POWER_BY_ID,
    QUESTIONS,
    RULINGS,
    TOKENS_PER_PLANET,
    VIDE_ELIMINATION,
    attack_value,
    card_matches,
    card_table,
    deck_cards,
    fact_answer,
    is_duel_card,
    power_table,
)
from .powers import IMPLEMENTED_POWERS

OPTIONS = (
    Option("pouvoirs", "bool", True,
           {"fr": "Pouvoirs extraterrestres", "en": "Alien powers"},
           {"fr": "Chaque joueur reçoit un pouvoir au hasard (montré à tous).",
            "en": "Each player gets a random power (shown to everybody)."}),
    Option("nb_pouvoirs", "int", 1,
           {"fr": "Pouvoirs par joueur", "en": "Powers per player"},
           {"fr": "Variante « plusieurs pouvoirs » : chacun en tire autant ; tous se perdent ensemble.",
            "en": "Variant “several powers”: each player draws that many; all are lost together."},
           min=1, max=4),
    Option("deux_sur_trois", "bool", False,
           {"fr": "Deux pouvoirs sur trois", "en": "Two powers out of three"},
           {"fr": "Chacun tire trois pouvoirs et en rejette un.", "en": "Each player draws three powers and drops one."}),
    Option("rotation", "bool", False,
           {"fr": "Rotation des pouvoirs", "en": "Power rotation"},
           {"fr": "Après chaque tour de table complet, chacun garde ses pouvoirs ou en tire de nouveaux.",
            "en": "After each full round, each player keeps their powers or draws new ones."}),
    Option("pouvoirs_bonus", "bool", False,
           {"fr": "Pouvoirs bonus (Escamoteur, Comédien)", "en": "Bonus powers (Conjurer, Actor)"},
           {"fr": "Ajoute aux vingt pouvoirs de la boîte les deux pouvoirs inédits de l'article de stratégie.",
            "en": "Adds the strategy article's two extra powers to the box's twenty."}),
    Option("pouvoirs_caches", "bool", False,
           {"fr": "Pouvoirs cachés", "en": "Hidden powers"},
           {"fr": "Les pouvoirs restent secrets jusqu'à leur première utilisation.",
            "en": "Powers stay secret until they are first used."}),
)

#: The most proposals a deal can see before only « accept » or the clock remain (the minute is short).
MAX_DEAL_PROPOSALS = 8

Planet = tuple[int, int]  # (system = seat of its owner, planet index 0..4)


def P(seat: int) -> str:
    """A placeholder the page replaces by the seat's name."""
    return f"{{P{seat}}}"


def _cfr(card: str) -> str:
    return BY_ID[card].name["fr"]


def _cen(card: str) -> str:
    return BY_ID[card].name["en"]


def _pl(planet: Planet) -> tuple[str, str]:
    s, p = planet
    c = COLOUR_NAMES[COLOURS[s]]
    return (f"la planète {p + 1} du système {c['fr']}", f"planet {p + 1} of the {c['en']} system")


class RencontreRules(GameState):
    """A game of Rencontre Cosmique for 2 to 4 players (seat i plays colour COLOURS[i]): the rules."""

    game_id = "rencontre-cosmique"
    title: ClassVar[dict[str, str]] = {"fr": "Rencontre Cosmique", "en": "Cosmic Encounter"}
    min_players = 2
    max_players = 4
    options_spec = OPTIONS
    rules_version = 2
    rulings = RULINGS

    # ---- setup ------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.players
        self.colours = list(COLOURS[:n])
        #: planets[system][planet][seat] = that seat's tokens on the planet
        self.planets: list[list[list[int]]] = [
            [[TOKENS_PER_PLANET if s == sys else 0 for s in range(n)] for _ in range(PLANETS_PER_SYSTEM)]
            for sys in range(n)]
        self.trou_noir = [0] * n
        self.removed = [0] * n
        self.limbo = [0] * n  # tokens a Zombie is deciding about
        self.set_aside: list[list[Any]] = []  # [seat, card] put aside by the Chronos' time travel
        self.eliminated = [False] * n
        self.deck = deck_cards()
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        # Powers are dealt before the cards, as the setup orders it.
        self.powers: list[list[str]] = [[] for _ in range(n)]
        self.roles: list[list[str]] = [[] for _ in range(n)]  # the Comédien's roles
        self.escamote: str | None = None  # what the Escamoteur made vanish for this turn
        self.escamote_used: list[str] = []  # items used since the list last came back
        self.out_of_game: list[str] = []  # cards played while the discard pile had vanished
        self.role: list[str | None] = [None] * n  # the role announced for the current duel
        self.last_role: list[str | None] = [None] * n
        self.power_pool: list[str] = []
        self.hidden_powers = bool(self.options.get("pouvoirs_caches"))
        self.shown_powers: list[list[str]] = [[] for _ in range(n)]  # hidden variant: revealed by use
        self.queue: list[dict[str, Any]] = []  # pending decisions, first one acts
        #: known[v][h]: cards seat v knows to be among seat h's hidden cards (hand and face-down duel card):
        #: seen entering and not seen leaving. The ISMCTS deals of v keep them there.
        self.known: list[list[dict[str, int]]] = [[{} for _ in range(n)] for _ in range(n)]
        if self.options["pouvoirs"]:
            self._deal_powers()
        for s in range(n):
            self.hands[s] = [self.deck.pop() for _ in range(HAND_SIZE)]
        self.cup: list[int] = [s for s in range(n) for _ in range(DISCS_PER_COLOUR - 1)]
        self.aside: list[int] = []
        self.offence = self.cup[self.rng.below(len(self.cup))]  # the first player comes from the cup
        self.rng.shuffle(self.cup)  # the disc goes back and the cup is shaken
        for s in range(n):
            self.emit(f"{P(s)} joue {COLOUR_NAMES[self.colours[s]]['fr']}.",
                      f"{P(s)} plays {COLOUR_NAMES[self.colours[s]]['en']}.")
            if not self.options.get("deux_sur_trois"):
                self._announce_powers(s)
        self.emit(f"Un disque {COLOUR_NAMES[self.colours[self.offence]]['fr']} sort de la tasse : {P(self.offence)} "
                  "commence.", f"A {COLOUR_NAMES[self.colours[self.offence]]['en']} disc comes out of the cup: "
                  f"{P(self.offence)} starts.")
        self.winners: list[int] = []
        self.over = False
        self.last_outcome: str | None = None  # how the latest finished duel ended
        self.phase = "start_turn"
        self.turns_since_rotation = 0
        self.duel_no = 0
        self.success = False
        self._reset_duel()
        self._advance()

    # ---- powers dealt (and the variants) ------------------------------------------
    def _deal_powers(self) -> None:
        n = self.players
        # The box holds twenty powers; the article's two bonus ones join only on request (roles and rotation
        # draw from this same pool).
        bonus = bool(self.options.get("pouvoirs_bonus"))
        pool = sorted(p for p in IMPLEMENTED_POWERS if bonus or not POWER_BY_ID[p].bonus)
        self.rng.shuffle(pool)
        per = 3 if self.options.get("deux_sur_trois") else self.options.get("nb_pouvoirs", 1)
        per = min(per, len(pool) // n)
        for s in range(n):
            self.powers[s] = [pool.pop() for _ in range(per)]
        # The Insecte is not used in a game with the Oracle: it draws another power.
        if "oracle" in self._dealt():
            pool = [p for p in pool if p != "insecte"]
            for s in range(n):
                if "insecte" in self.powers[s]:
                    i = self.powers[s].index("insecte")
                    self.powers[s][i] = pool.pop() if pool else ""
                    self.powers[s] = [p for p in self.powers[s] if p]
        self.power_pool = pool
        for s in range(n):
            if "comedien" in self.powers[s]:
                self._give_roles(s)
        if self.options.get("deux_sur_trois"):
            for s in range(n):
                if len(self.powers[s]) == 3:
                    self._push(s, "drop_power")

    def _give_roles(self, seat: int) -> None:
        """The Comédien takes as many other powers as there are players: its roles."""
        self.roles[seat] = [x for x in (self._draw_power() for _ in range(self.players)) if x is not None]

    def _return_roles(self, seat: int) -> None:
        """A seat that no longer has the Comédien puts its roles back in the box."""
        self.power_pool[0:0] = self.roles[seat]
        self.roles[seat] = []
        self.role[seat] = self.last_role[seat] = None

    def _dealt(self) -> list[str]:
        return [p for ps in self.powers for p in ps]

    def _draw_power(self) -> str | None:
        """A new power from the box, keeping the Insecte and the Oracle apart."""
        dealt = self._dealt()
        for i in range(len(self.power_pool) - 1, -1, -1):
            p = self.power_pool[i]
            if (p == "insecte" and "oracle" in dealt) or (p == "oracle" and "insecte" in dealt):
                continue
            return self.power_pool.pop(i)
        return None

    def _announce_powers(self, seat: int) -> None:
        names = [POWER_BY_ID[p].name for p in self.powers[seat]]
        if self.hidden_powers:
            self.emit(f"{P(seat)} a {len(names)} pouvoir(s) caché(s).", f"{P(seat)} has {len(names)} hidden power(s).")
            self.emit(f"Vos pouvoirs : {', '.join(x['fr'] for x in names)}.",
                      f"Your powers: {', '.join(x['en'] for x in names)}.", to=[seat])
        else:
            self.emit(f"Pouvoir(s) de {P(seat)} : {', '.join(x['fr'] for x in names) or 'aucun'}.",
                      f"{P(seat)}'s power(s): {', '.join(x['en'] for x in names) or 'none'}.")

    def _note_use(self, seat: int, power: str) -> None:
        """A power acts: with hidden powers, that reveals it (the Insecte reveals itself when it copies)."""
        if not self.hidden_powers:
            return
        if power not in self.powers[seat]:
            if power != self.role[seat]:  # copied by an Insecte: the copy shows both ends
                opp = self.opponent_of(seat)
                if opp is not None and power in self.powers[opp]:
                    self._note_use(opp, power)
            power = "comedien" if power == self.role[seat] else "insecte"
        if power not in self.shown_powers[seat]:
            self.shown_powers[seat].append(power)
            self.reveal()
            self.emit(f"{P(seat)} révèle son pouvoir : {POWER_BY_ID[power].name['fr']}.",
                      f"{P(seat)} reveals their power: {POWER_BY_ID[power].name['en']}.")

    def known_powers(self, seat: int, viewer: int | None) -> list[str]:
        """The powers of `seat` that `viewer` may see."""
        if not self.hidden_powers or viewer == seat or self._insecte_sees(viewer, seat):
            return list(self.powers[seat])
        return list(self.shown_powers[seat])

    def _insecte_sees(self, viewer: int | None, seat: int) -> bool:
        """An Insecte facing `seat` in a duel copies, hence knows, its powers."""
        return viewer is not None and self.opponent_of(viewer) == seat and bool(self.copied_powers(viewer))

    def _unrevealed(self, seat: int) -> bool:
        """Public: `seat` still has a power the others have not seen (the count of powers is public)."""
        return len(self.shown_powers[seat]) < len(self.powers[seat])

    def _might_own(self, seat: int, power: str) -> bool:
        """Public: as far as the others know, `seat` may hold `power` (shown, or among its unrevealed ones)."""
        if power in self.shown_powers[seat] or power == self.role[seat]:
            return True
        return self._unrevealed(seat) and not any(power in self.shown_powers[s] for s in range(self.players))

    def veiled(self, seat: int, power: str) -> bool:
        """With hidden powers: the others cannot tell whether `seat` may use `power` now.

        A question its owner alone would be asked (the Zombie's rise, the Clone, the Voleur, the Vulch, the
        Machine) is then asked to `seat` whether it holds the power or not — a holder sees the power's
        choices, anyone else only « pass » — so that being asked reveals nothing. This depends only on what
        every seat sees: shown powers, how many each player has, home planets, zaps and the Escamoteur.
        """
        if not self.hidden_powers or self.eliminated[seat] or not self.has_power_use(seat):
            return False
        if (self.escamote == "pouvoirs" and power != "escamoteur") or [seat, power] in self.zapped:
            return False
        if power in self.shown_powers[seat] or power == self.role[seat]:
            return False  # known to be there: asked openly, like without the variant
        if self._might_own(seat, power):
            return True  # may be among its unrevealed powers
        # An Insecte copies its opponent's powers: hidden as long as either side of the copy is unseen.
        opp = self.opponent_of(seat)
        if opp is None or [seat, "insecte"] in self.zapped or not self._might_own(seat, "insecte"):
            return False
        if not self._might_own(opp, power):
            return False
        return not ("insecte" in self.shown_powers[seat] and (power in self.shown_powers[opp]
                                                               or power == self.role[opp]))

    def asked(self, seat: int, power: str) -> bool:
        """Whether `seat` gets its owner's question about `power` now (a pass-only one when merely veiled)."""
        return self.power_on(seat, power) or self.veiled(seat, power)

    def _reset_duel(self) -> None:
        n = self.players
        self.defence: int | None = None
        self.target: Planet | None = None
        self.oval: list[list[Planet | None]] = [[] for _ in range(n)]  # origin of each token on the cone
        self.ring: list[list[Planet | None]] = [[] for _ in range(n)]
        self.invited: dict[str, list[int]] = {"offence": [], "defence": []}
        self.allies: dict[str, list[int]] = {"offence": [], "defence": []}
        self.sealed: list[str | None] = [None] * n
        self.revealed = False
        self.deal: dict[str, Any] | None = None
        self.effective: list[str | None] = [None] * n
        self.oracle_shown: list[int] = []
        self.commitments: list[list[Any]] = []  # [seat, question, yes] answers given to the Chercheur
        self.last_totals: list[int] | None = None
        self.chronos_used = False  # the cards as they count (Contrôle Émotionnel...)
        self.consolation_due: tuple[int, int, int] | None = None
        self.gassed = False
        self.zapped: list[list[Any]] = []  # [seat, power] suspended for this duel
        self.used: list[list[Any]] = []  # [seat, power] already used in this duel
        self.outcome: str | None = None  # "offence" | "defence" | "deal" | "no_deal" | "aborted"
        self.rehanded: list[int] = []
        self.role = [None] * self.players

    # ---- board queries ----------------------------------------------------------
    def bases(self, seat: int) -> list[Planet]:
        """Every planet where `seat` has at least one token (sorted)."""
        return [(sys, p) for sys in range(self.players) for p in range(PLANETS_PER_SYSTEM)
                if self.planets[sys][p][seat] > 0]

    def foreign_bases(self, seat: int) -> int:
        return sum(1 for sys, _ in self.bases(seat) if sys != seat)

    def home_bases(self, seat: int) -> int:
        return sum(1 for p in range(PLANETS_PER_SYSTEM) if self.planets[seat][p][seat] > 0)

    def power_threshold(self) -> int:
        return 4 if self.players == 2 else 3

    def has_power_use(self, seat: int) -> bool:
        """Powers work only while enough home planets hold your base."""
        return self.home_bases(seat) >= self.power_threshold()

    def power_on(self, seat: int, power: str) -> bool:
        """True when `seat` may use `power` right now (owned or copied, enough home planets, not zapped)."""
        if self.eliminated[seat] or [seat, power] in self.zapped:
            return False
        if self.escamote == "pouvoirs" and power != "escamoteur":
            return False
        if power in self.powers[seat]:
            return self.has_power_use(seat)
        if power == self.role[seat] and self.power_on(seat, "comedien"):
            return True
        return power != "insecte" and power in self.copied_powers(seat)

    def opponent_of(self, seat: int) -> int | None:
        if self.defence is None:
            return None
        if seat == self.offence:
            return self.defence
        if seat == self.defence:
            return self.offence
        return None

    def copied_powers(self, seat: int) -> list[str]:
        """The Insecte, as a main player, has its opponent's power(s) for the duel, usable or not."""
        opp = self.opponent_of(seat)
        if (opp is None or "insecte" not in self.powers[seat] or not self.has_power_use(seat)
                or [seat, "insecte"] in self.zapped):
            return []
        return [p for p in self.powers[opp] + [self.role[opp] or ""] if p and p != "insecte"]

    def involved(self, seat: int) -> bool:
        return seat in (self.offence, self.defence) or bool(self.oval[seat] or self.ring[seat])

    def priority(self) -> list[int]:
        """Who acts first when several could (ruling 5): others from the offence's left, offence, defence."""
        main = [self.offence] + ([self.defence] if self.defence is not None else [])
        return [s for s in self.seats_from_left_of(self.offence) if s not in main] + main

    def tokens_on_bases(self, seat: int) -> int:
        return sum(self.planets[sys][p][seat] for sys, p in self.bases(seat))

    def duel_cards(self, seat: int) -> list[str]:
        return [c for c in self.hands[seat] if is_duel_card(c)]

    def has_duel_card(self, seat: int) -> bool:
        return any(is_duel_card(c) for c in self.hands[seat])

    def seats_from_left_of(self, seat: int) -> list[int]:
        """Other seats still in the game, clockwise from `seat`'s left."""
        n = self.players
        return [(seat + k) % n for k in range(1, n) if not self.eliminated[(seat + k) % n]]

    def token_total(self, seat: int) -> int:
        """Where a colour's 20 tokens are: planets, cone, Trou Noir, removed (Vide)."""
        on_planets = sum(self.planets[sys][p][seat] for sys in range(self.players) for p in range(PLANETS_PER_SYSTEM))
        return (on_planets + len(self.oval[seat]) + len(self.ring[seat]) + self.trou_noir[seat] + self.removed[seat]
                + self.limbo[seat])

    def extra_cards(self) -> list[str]:
        """Cards neither in a hand, the deck, the discard nor sealed: the Chronos' set-aside card."""
        return [c for _, c in self.set_aside] + list(self.out_of_game)

    # ---- who knows which cards are where ---------------------------------------------
    def _cards_in(self, holder: int, cards: list[str], seen_by: list[int] | None) -> None:
        """Cards join `holder`'s hidden cards; `seen_by` (None: everybody) saw which."""
        for v in range(self.players):
            if v != holder and (seen_by is None or v in seen_by):
                k = self.known[v][holder]
                for c in cards:
                    k[c] = k.get(c, 0) + 1

    def _cards_out(self, holder: int, cards: list[str], seen_by: list[int] | None) -> None:
        """Cards leave `holder`'s hidden cards; who did not see which can no longer be sure of any."""
        for v in range(self.players):
            if v == holder:
                continue
            k = self.known[v][holder]
            if seen_by is None or v in seen_by:
                for c in cards:
                    if k.get(c):
                        k[c] -= 1
                        if not k[c]:
                            del k[c]
            else:
                k.clear()

    def _cards_seen(self, holder: int, cards: list[str], seen_by: list[int] | None, whole: bool = False) -> None:
        """`seen_by` are shown cards of `holder` (`whole`: all of them) without any moving."""
        for v in range(self.players):
            if v != holder and (seen_by is None or v in seen_by):
                k = {} if whole else self.known[v][holder]
                for c, n in Counter(cards).items():
                    k[c] = max(k.get(c, 0), n)
                self.known[v][holder] = k

    def _face_down(self, seat: int) -> bool:
        """`seat` has laid a duel card that is still face down."""
        return self.sealed[seat] is not None and not self.revealed and seat not in self.oracle_shown

    def hidden_cards(self, seat: int) -> list[str]:
        """`seat`'s cards the others cannot see: its hand and a duel card still face down."""
        return self.hands[seat] + ([self.sealed[seat]] if self._face_down(seat) else [])  # type: ignore[list-item]

    # ---- cards ------------------------------------------------------------------
    def _draw(self, seat: int, k: int) -> list[str]:
        got: list[str] = []
        if self.gone("pioche"):
            return got
        for _ in range(k):
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
                self.emit("La pioche est vide : la défausse est mélangée.", "The deck is empty: the discard is shuffled.")
            got.append(self.deck.pop())
        self.hands[seat].extend(got)
        if got:
            self.reveal()
        return got

    def _discard_cards(self, seat: int, cards: list[str]) -> None:
        for c in cards:
            self.hands[seat].remove(c)
            self.discard.append(c)
        self._cards_out(seat, cards, None)

    def _take_random(self, giver: int, taker: int, k: int) -> list[str]:
        """Move k cards chosen at random from `giver`'s hand to `taker`'s (all of them if fewer)."""
        taken = []
        for _ in range(min(k, len(self.hands[giver]))):
            c = self.hands[giver].pop(self.rng.below(len(self.hands[giver])))
            self.hands[taker].append(c)
            taken.append(c)
        self._cards_out(giver, taken, [taker])
        self._cards_in(taker, taken, [giver])
        if taken:
            self.reveal()
            names = ", ".join(_cfr(c) for c in taken)
            names_en = ", ".join(_cen(c) for c in taken)
            self.emit(f"{P(taker)} prend au hasard {len(taken)} carte(s) à {P(giver)}.",
                      f"{P(taker)} takes {len(taken)} card(s) at random from {P(giver)}.")
            self.emit(f"Cartes prises : {names}.", f"Cards taken: {names_en}.", to=[giver, taker])
        return taken

    def _needs_new_hand(self, seat: int) -> bool:
        return not self.has_duel_card(seat) and bool(self.deck or self.discard) and not self.gone("pioche")

    def _new_hand(self, seat: int, keep_edicts: bool = False) -> None:
        """Edicts go (a Vulch may keep and show them: its power is optional), then seven new cards."""
        edicts = [c for c in self.hands[seat]]
        if keep_edicts and self.power_on(seat, "vulch") and edicts:
            self._note_use(seat, "vulch")
            self.reveal()
            self._cards_seen(seat, edicts, None, whole=True)
            self.emit(f"Le Vulch {P(seat)} garde ses édits et les montre : {', '.join(_cfr(c) for c in edicts)}.",
                      f"The Vulch {P(seat)} keeps and shows their edicts: {', '.join(_cen(c) for c in edicts)}.")
            edicts = []
        self._discard_cards(seat, edicts)
        if edicts:
            self.emit(f"{P(seat)} défausse ses édits : {', '.join(_cfr(c) for c in edicts)}.",
                      f"{P(seat)} discards their edicts: {', '.join(_cen(c) for c in edicts)}.")
            self._vulch_offer(seat, edicts)
        self._draw(seat, HAND_SIZE)
        self.emit(f"{P(seat)} n'a plus de carte de duel et prend une nouvelle main.",
                  f"{P(seat)} has no duel card left and draws a new hand.")

    def _duel_card_available(self) -> bool:
        return any(is_duel_card(c) for c in self.deck) or any(is_duel_card(c) for c in self.discard)

    # ---- tokens -----------------------------------------------------------------
    def _lose(self, seat: int, k: int, vide: bool) -> None:
        """`seat` loses k tokens that already left the board (cone or planet already decremented)."""
        if k <= 0:
            return
        if self.asked(seat, "zombie") and self.bases(seat):
            self.limbo[seat] += k
            self.queue.insert(0, {"seat": seat, "kind": "zombie", "left": k, "vide": vide,
                                  "veiled": self.veiled(seat, "zombie")})
            return
        self._lose_now(seat, k, vide)

    def _lose_now(self, seat: int, k: int, vide: bool) -> None:
        if k <= 0:
            return
        if self.gone("trou_noir") and self.bases(seat):  # the Vide's victims too: nothing goes there
            self.trou_noir[seat] += k  # briefly: they come straight back out
            self.queue.insert(0, {"seat": seat, "kind": "place", "origins": [None] * k, "src": "trou_noir"})
            self.emit(f"Le Trou Noir a disparu : {k} pion(s) de {P(seat)} retournent sur ses bases.",
                      f"The Black Hole has vanished: {k} of {P(seat)}'s token(s) go back to their bases.")
            return
        if vide:
            self.removed[seat] += k
            self.emit(f"{k} pion(s) de {P(seat)} sont anéantis par le Vide.",
                      f"{k} of {P(seat)}'s token(s) are annihilated by the Void.")
            self._check_vide_elimination(seat)
        else:
            self.trou_noir[seat] += k
            self.emit(f"{k} pion(s) de {P(seat)} vont dans le Trou Noir.",
                      f"{k} of {P(seat)}'s token(s) go into the Black Hole.")

    def _check_vide_elimination(self, seat: int) -> None:
        if self.removed[seat] <= VIDE_ELIMINATION or self.eliminated[seat]:
            return
        self.eliminated[seat] = True
        edicts = [c for c in self.hands[seat] if not is_duel_card(c)]
        self._cards_out(seat, self.hands[seat], None)
        self.discard.extend(self.hands[seat])
        self.hands[seat] = []
        left = 0
        for sys in range(self.players):
            for p in range(PLANETS_PER_SYSTEM):
                left += self.planets[sys][p][seat]
                self.planets[sys][p][seat] = 0
        left += len(self.oval[seat]) + len(self.ring[seat]) + self.trou_noir[seat] + self.limbo[seat]
        self.limbo[seat] = 0
        self.oval[seat] = []
        self.ring[seat] = []
        self.trou_noir[seat] = 0
        self.removed[seat] += left
        self.cup = [d for d in self.cup if d != seat]
        self.aside = [d for d in self.aside if d != seat]
        self.queue = [q for q in self.queue if q["seat"] != seat]
        for side in ("offence", "defence"):
            if seat in self.allies[side]:
                self.allies[side].remove(seat)
        self.emit(f"{P(seat)} a perdu plus de {VIDE_ELIMINATION} pions pour toujours : éliminé !",
                  f"{P(seat)} has lost more than {VIDE_ELIMINATION} tokens for good: eliminated!")
        self._vulch_offer(seat, edicts)  # its edicts went to the discard: a Vulch may collect them

    def _place_dests(self, seat: int, origins: list[Planet | None]) -> list[Planet]:
        """Where returning tokens may go: any base of the seat, or where they came from if it has none."""
        dests = set(self.bases(seat))
        if not dests:
            dests = {o for o in origins if o is not None}
        return sorted(dests)

    # ---- turn structure ---------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        return {"winners": list(self.winners),
                "scores": {str(s): self.foreign_bases(s) for s in range(self.players)}}

    def _to_move(self) -> list[int]:
        if self.queue:
            return [self.queue[0]["seat"]]
        if self.phase == "cards":
            return self.may_seal()
        if self.phase == "deal":
            assert self.deal is not None
            return [self.deal["turn"]]
        return []

    def _advance(self) -> None:
        """Run the automatic steps of the turn until somebody has a decision to make."""
        while not self.over:
            if self.queue:
                q = self.queue[0]
                if q["kind"] == "auto":  # an announced power takes effect (unless zapped meanwhile)
                    self.queue.pop(0)
                    zapped = [q["seat"], q["action"]["power"]] in self.zapped
                    if "then" in q:  # a power answering its own question: that question goes on
                        own = self.queue[0] if self.queue else None
                        if own is not None and own["seat"] == q["seat"] and own["kind"] in (
                                "clone", "voleur", "vulch", "zombie", "second_duel"):
                            self._apply_queue(q["seat"], own, {"type": "pass"} if zapped else q["then"])
                    elif not zapped:
                        self._power_effect(q["seat"], q["action"])
                    continue
                if not self._queue_actions(q):
                    self.queue.pop(0)  # nothing left to decide there (a card or a base went away meanwhile)
                    continue
                return
            step = getattr(self, "_phase_" + self.phase)
            if step() is False:
                return

    def _push(self, seat: int, kind: str, **data: Any) -> None:
        self.queue.append({"seat": seat, "kind": kind, **data})

    # Phase 1: new cards when the offence holds no duel card (first duel of the turn only).
    def _phase_start_turn(self) -> None:
        self.duel_no = 0
        self.success = False
        self.escamote = None
        self.emit(f"Tour de {P(self.offence)}.", f"{P(self.offence)}'s turn.")
        for e in range(self.players):  # before each turn the Escamoteur makes something vanish
            if self.power_on(e, "escamoteur"):
                self._push(e, "escamote")
        self.phase = "start_duel"

    def gone(self, item: str) -> bool:
        return self.escamote == item

    def _phase_start_duel(self) -> None:
        self._reset_duel()
        self.duel_no += 1
        off = self.offence
        if self.duel_no > 1 and not self.has_duel_card(off):
            self.emit(f"{P(off)} n'a plus de carte de duel : fin du tour.", f"{P(off)} has no duel card left: end of turn.")
            self.phase = "end_turn"
            return
        self._ask_role(off)  # « avant chaque duel »: the offence's role is named before anything else
        if self.duel_no == 1 and self._needs_new_hand(off):
            self._push(off, "new_hand")
        self.phase = "after_new_hand"

    def _phase_after_new_hand(self) -> None:
        off = self.offence
        if not self.has_duel_card(off):
            if self._needs_new_hand(off) and self._duel_card_available():
                self._push(off, "new_hand")  # a hand of edicts only: deal with them and draw again
                return
            self.emit(f"{P(off)} ne peut pas obtenir de carte de duel : fin du tour.",
                      f"{P(off)} cannot get a duel card: end of turn.")
            self.phase = "end_turn"
            return
        if self._rehand_vanished(off):
            return
        self.phase = "retrieve"

    # Phase 2: one token back from the Trou Noir.
    def _phase_retrieve(self) -> None:
        if self.trou_noir[self.offence] > 0 and not self.gone("trou_noir"):  # nothing comes out of a vanished one
            self._push(self.offence, "retrieve")
        self.phase = "window_start"

    def _phase_window_start(self) -> None:
        if self.gone("cone"):
            self.emit("Le cône a disparu : pas de duel ce tour-ci.", "The cone has vanished: no duel this turn.")
            self.phase = "end_turn"
            return
        self._open_window("start")
        self.phase = "destiny"

    # Phase 3: the destiny cup (two players: no cup, the offence chooses).
    def _phase_destiny(self) -> None:
        off = self.offence
        if self.players == 2:  # a game started with two (ruling: not one where only two are left)
            self.defence = self.seats_from_left_of(off)[0]
            self.phase = "window_defender"
            return
        if self.gone("tasse"):
            self._push(off, "free_aim")
            self.phase = "window_defender"
            return
        disc = self._draw_disc()
        if disc == off:
            self.emit(f"{P(off)} tire un disque de sa propre couleur.", f"{P(off)} draws a disc of their own colour.")
            self._push(off, "own_colour")
            self.phase = "window_defender"
            return
        self.defence = disc
        self.emit(f"La tasse désigne {P(disc)} : le duel aura lieu dans son système.",
                  f"The cup points at {P(disc)}: the duel takes place in their system.")
        self.phase = "window_defender"

    def _draw_disc(self) -> int:
        if len(self.cup) <= 1:  # the last disc is never drawn
            self.cup.extend(self.aside)
            self.aside = []
            self.rng.shuffle(self.cup)
            self.emit("Les disques retournent dans la tasse, qui est secouée.",
                      "The discs go back into the cup, which is shaken.")
        disc = self.cup.pop(self.rng.below(len(self.cup)))
        self.aside.append(disc)
        self.reveal()
        return disc

    def _ask_role(self, seat: int) -> None:
        """A Comédien names the role it plays in this duel."""
        if self.roles[seat] and self.power_on(seat, "comedien") and self.role[seat] is None:
            self._push(seat, "role")

    def _phase_window_defender(self) -> None:
        """The defence is known: it names its Comédien role, then powers « before the cards » may act already,
        before its new-hand check (the rulebook's Philantrope hands the defence a card right after the cup)."""
        assert self.defence is not None
        self._ask_role(self.defence)
        self._open_window("defender")
        self.phase = "defender_hand"

    # Phase 4: the defence draws a new hand if it holds no duel card.
    def _phase_defender_hand(self) -> None:
        d = self.defence
        assert d is not None
        if self._rehand_vanished(d) or self._defence_redraws():
            return
        self.phase = "aim"

    def _defence_redraws(self) -> bool:
        """At any moment of a duel before the cards are laid, a defence without a duel card draws a new hand
        (again while it draws edicts only and a duel card is left somewhere)."""
        d = self.defence
        assert d is not None
        if self._needs_new_hand(d) and self._duel_card_available():
            self._push(d, "new_hand")
            return True
        return False

    # Phase 5: aim the cone.
    def _phase_aim(self) -> None:
        if self.target is None:
            self._push(self.offence, "aim")
        self.phase = "launch"

    def aim_choices(self) -> list[Action]:
        off, d = self.offence, self.defence
        assert d is not None
        acts: list[Action] = [{"type": "aim", "planet": [d, p]} for p in range(PLANETS_PER_SYSTEM)]
        if self.players == 2:
            # Two players: also a planet of your own system where the opponent has a base.
            acts += [{"type": "aim", "planet": [off, p]} for p in range(PLANETS_PER_SYSTEM)
                     if self.planets[off][p][d] > 0]
        return acts

    def home_duel_choices(self) -> list[Action]:
        """After drawing your own colour: a foreign base in your own system (planet and its owner)."""
        off = self.offence
        return [{"type": "aim", "planet": [off, p], "defender": s}
                for p in range(PLANETS_PER_SYSTEM) for s in range(self.players)
                if s != off and not self.eliminated[s] and self.planets[off][p][s] > 0]

    # Phase 6: tokens on the cone.
    def _phase_launch(self) -> None:
        self._push(self.offence, "send", side="offence", sent=len(self.oval[self.offence]))
        self.phase = "invite_offence"

    def cone_limit(self, seat: int, side: str) -> int:
        """Four tokens at most; a Macron attacking or backing the attack commits one (defending allies: four)."""
        return 1 if side == "offence" and self.power_on(seat, "macron") else MAX_TOKENS_ON_CONE

    def token_value(self, seat: int) -> int:
        """A Macron token counts as four in a total (never for consolations or rewards)."""
        return 4 if self.power_on(seat, "macron") else 1

    def _note_macrons(self) -> None:
        for s in range(self.players):
            if (self.oval[s] or self.ring[s] or s == self.defence) and self.power_on(s, "macron"):
                self._note_use(s, "macron")

    # Phases 7–9: alliances.
    def _alliances_possible(self) -> bool:
        return self.players > 2 and len(self.candidates()) > 0 and not self.gone("alliances")

    def candidates(self) -> list[int]:
        return [s for s in self.seats_from_left_of(self.offence) if s != self.defence]

    def _phase_invite_offence(self) -> None:
        if self._alliances_possible():
            self._push(self.offence, "invite", side="offence")
        self.phase = "invite_defence"

    def _phase_invite_defence(self) -> None:
        if self._alliances_possible():
            assert self.defence is not None
            self._push(self.defence, "invite", side="defence")
        self.phase = "answers"

    def _phase_answers(self) -> None:
        for s in self.candidates():
            if s in self.invited["offence"] or s in self.invited["defence"]:
                self._push(s, "answer")
        self.phase = "window_pre_cards"

    def _phase_window_pre_cards(self) -> None:
        self._open_window("pre_cards")
        self.phase = "cards_check"

    # Phase 10: sealed duel cards.
    def _phase_cards_check(self) -> None:
        off, d = self.offence, self.defence
        assert d is not None
        if self.gone("pioche") and not self.has_duel_card(d) and self.has_duel_card(off):
            self.emit(f"Sans pioche ni carte de duel, {P(d)} laisse l'attaque se poser.",
                      f"With no deck and no duel card, {P(d)} lets the offence land.")
            self._settle("offence", None)
            return
        if self._rehand_vanished(off) or self._rehand_vanished(d):
            return
        if self.has_duel_card(off) and self._defence_redraws():
            return
        if not self.playable_cards(off) or not self.playable_cards(d):
            who = off if not self.playable_cards(off) else d
            self.emit(f"{P(who)} n'a aucune carte de duel à jouer : le duel n'a pas lieu.",
                      f"{P(who)} has no duel card to play: the duel does not happen.")
            self._send_everyone_home()
            self.outcome = "aborted"
            self.phase = "after_duel"
            return
        for s in (off, d):  # the order of play shows an Oracle or a Laser at once
            for pw in ("oracle", "laser"):
                if self.power_on(s, pw):
                    self._note_use(s, pw)
        self.phase = "cards"
        return False  # type: ignore[return-value]

    def _rehand_vanished(self, seat: int) -> bool:
        """A main player whose duel cards have all vanished (Escamoteur) rejects them at once and, holding no duel
        card any more, takes a new hand the usual way: its edicts are played or discarded first (once per duel)."""
        if seat in self.rehanded or not self.has_duel_card(seat) or self.playable_cards(seat):
            return False
        self.rehanded.append(seat)
        self._discard_cards(seat, self.duel_cards(seat))
        self.emit(f"{P(seat)} n'a que des cartes escamotées : il les rejette et reprend une main.",
                  f"{P(seat)} holds only vanished cards: they are thrown away and a new hand is drawn.")
        if self._needs_new_hand(seat):
            self._push(seat, "new_hand")
        return True

    def _phase_cards(self) -> bool:
        return False  # waiting for both sealed cards

    def _send_everyone_home(self) -> None:
        """Tokens on the cone go back where they came from (a duel that cannot be fought)."""
        for cone in (self.oval, self.ring):
            for s in range(self.players):
                for o in cone[s]:
                    if o is not None:
                        self.planets[o[0]][o[1]][s] += 1
                    else:
                        self.trou_noir[s] += 1
                cone[s] = []

    def playable_cards(self, seat: int, commitments: bool = True) -> list[str]:
        """Duel cards `seat` may lay, honouring its answers to the Chercheur when it objectively can (a card forced
        by the Laser is such a case: `commitments=False`)."""
        cards = sorted(set(self.duel_cards(seat)))
        if self.gone("compromis"):
            cards = [c for c in cards if c != "compromis"]
        if self.gone("attaques"):
            cards = [c for c in cards if c == "compromis"]
        for s, qid, yes in self.commitments if commitments else ():
            if s == seat:
                kept = [c for c in cards if card_matches(qid, c) == yes]
                if kept:
                    cards = kept
        return cards

    def may_seal(self) -> list[int]:
        """Who may lay a card now: the Oracle waits for its opponent, the Laser's opponent for the Laser."""
        off, d = self.offence, self.defence
        assert d is not None
        out = []
        for s in (off, d):
            if self.sealed[s] is not None:
                continue
            o = d if s == off else off
            if self.sealed[o] is None:
                if self.power_on(s, "oracle") and not self.power_on(s, "laser"):
                    continue
                if self.power_on(o, "laser") and not (self.power_on(s, "laser") and s == off):
                    continue
            out.append(s)
        if not out:  # powers that both say "after you" (several powers each): the offence goes first
            out = [s for s in (off, d) if self.sealed[s] is None][:1]
        return out

    def _after_seal(self, seat: int) -> None:
        o = self.opponent_of(seat)
        assert o is not None
        if self.power_on(o, "oracle") and self.sealed[o] is None:
            self._note_use(o, "oracle")
            card = self.sealed[seat]
            self.reveal()
            self._cards_out(seat, [card], None)  # type: ignore[list-item]
            self.oracle_shown.append(seat)
            self.emit(f"Face à l'Oracle, {P(seat)} joue face visible : {_cfr(card)}.",  # type: ignore[arg-type]
                      f"Facing the Oracle, {P(seat)} plays face up: {_cen(card)}.")  # type: ignore[arg-type]
        if self.power_on(seat, "laser") and self.sealed[o] is None:
            playable = self.playable_cards(o, commitments=False)
            duel = [c for c in self.hands[o] if c in playable]
            self._note_use(seat, "laser")
            if duel:
                card = duel[self.rng.below(len(duel))]
                self.hands[o].remove(card)
                self.sealed[o] = card
                self.emit(f"Le Laser {P(seat)} tire au hasard la carte que {P(o)} doit jouer.",
                          f"The Laser {P(seat)} draws at random the card {P(o)} must play.")
                self.emit(f"Votre carte imposée : {_cfr(card)}.", f"Your forced card: {_cen(card)}.", to=[o])
                self._after_seal(o)

    def _phase_window_sealed(self) -> None:
        self._open_window("sealed")
        self.phase = "reveal"

    # Phase 11: resolution.
    def _phase_reveal(self) -> None:
        off, d = self.offence, self.defence
        assert d is not None
        self.revealed = True
        self.reveal()
        co, cd = self.sealed[off], self.sealed[d]
        assert co is not None and cd is not None
        for s, c in ((off, co), (d, cd)):
            if s not in self.oracle_shown:
                self._cards_out(s, [c], None)
        self.emit(f"Les cartes sont retournées : {P(off)} {_cfr(co)}, {P(d)} {_cfr(cd)}.",
                  f"The cards are turned over: {P(off)} {_cen(co)}, {P(d)} {_cen(cd)}.")
        self.effective = list(self.sealed)
        self.phase = "window_revealed"

    def _phase_window_revealed(self) -> None:
        self._open_window("revealed")
        self.phase = "resolve"

    def side_total(self, side: str) -> int:
        """Tokens on one side of the duel (allies included)."""
        assert self.target is not None and self.defence is not None
        if side == "offence":
            return sum(len(t) * self.token_value(s) for s, t in enumerate(self.oval))
        sys, p = self.target
        return (self.planets[sys][p][self.defence] * self.token_value(self.defence)
                + sum(len(t) * self.token_value(s) for s, t in enumerate(self.ring)))

    def totals(self) -> tuple[int, int]:
        off, d = self.offence, self.defence
        assert d is not None
        co, cd = self.effective[off], self.effective[d]
        assert co is not None and cd is not None
        out = []
        for seat, card, side in ((off, co, "offence"), (d, cd, "defence")):
            tokens = self.side_total(side)
            if self.power_on(seat, "virus"):  # multiplies, even when adding would be better
                self._note_use(seat, "virus")
                out.append(attack_value(card) * tokens)
            else:
                out.append(attack_value(card) + tokens)
        return out[0], out[1]

    def _phase_resolve(self) -> None:
        off, d = self.offence, self.defence
        assert d is not None and self.target is not None
        co, cd = self.effective[off], self.effective[d]
        assert co is not None and cd is not None
        for seat, other in ((off, d), (d, off)):
            if self.effective[seat] == "compromis" and self.effective[other] != "compromis" and self.power_on(
                    seat, "empathe"):
                self.effective[other] = "compromis"
                self._note_use(seat, "empathe")
                self.emit(f"L'Empathe {P(seat)} change la carte de {P(other)} en compromis.",
                          f"The Empath {P(seat)} turns {P(other)}'s card into a compromise.")
        co, cd = self.effective[off], self.effective[d]
        comp_o, comp_d = co == "compromis", cd == "compromis"
        if comp_o and comp_d:
            self._start_deal()
            return
        if comp_o or comp_d:
            winner = "defence" if comp_o else "offence"
            self.emit("Un compromis face à une attaque : l'attaque l'emporte.",
                      "A compromise against an attack: the attack wins.")
            self._settle(winner, consolation=off if comp_o else d)
            return
        to, td = self.totals()
        self._note_macrons()
        self.last_totals = [to, td]
        winner = "offence" if to > td else "defence"
        self.emit(f"Totaux : {P(off)} {to}, {P(d)} {td}.", f"Totals: {P(off)} {to}, {P(d)} {td}.")
        self._settle(winner, consolation=None)

    def _settle(self, winner: str, consolation: int | None) -> None:
        """Move the tokens of a won or lost duel, then rewards and consolation."""
        off, d = self.offence, self.defence
        assert d is not None and self.target is not None
        sys, p = self.target
        winner_main = off if winner == "offence" else d
        vide = self.power_on(winner_main, "vide")
        if vide:
            self._note_use(winner_main, "vide")
        lost_main = 0
        if winner == "offence":
            self.outcome = "offence"
            self.emit(f"{P(off)} gagne le duel et s'installe sur {_pl(self.target)[0]}.",
                      f"{P(off)} wins the duel and lands on {_pl(self.target)[1]}.")
            for s in range(self.players):
                if self.oval[s]:
                    self.planets[sys][p][s] += len(self.oval[s])
                    self.oval[s] = []
            lost_main = self.planets[sys][p][d]
            self.planets[sys][p][d] = 0
            self._lose(d, lost_main, vide)
            for s in range(self.players):
                k = len(self.ring[s])
                self.ring[s] = []
                self._lose(s, k, vide)
        else:
            self.outcome = "defence"
            self.emit(f"{P(d)} repousse l'attaque.", f"{P(d)} repels the attack.")
            lost_main = len(self.oval[off])
            for s in [off] + [x for x in range(self.players) if x != off]:
                k = len(self.oval[s])
                self.oval[s] = []
                self._lose(s, k, vide)
            for s in self.seats_from_left_of(off):
                if self.ring[s] and self._reward_choices(s):
                    self._push(s, "reward", left=len(self.ring[s]))
                elif self.ring[s]:  # nothing to take (no deck, no token in the Trou Noir): straight home
                    self.queue.append(self._ring_home(s))
        self.phase = "after_duel"
        if consolation is not None:
            self.consolation_due = (consolation, off if consolation == d else d, lost_main)
            self.phase = "window_consolation"

    def _reward_choices(self, seat: int) -> list[Action]:
        """A card (unless the deck has vanished) or a token back from the Trou Noir, per ring token."""
        acts: list[Action] = [] if self.gone("pioche") else [{"type": "reward", "kind": "card"}]
        if self.trou_noir[seat] > 0 and not self.gone("trou_noir"):
            acts += [{"type": "reward", "kind": "token", "planet": list(pl)}
                     for pl in self._place_dests(seat, self.ring[seat])]
        return acts

    def _ring_home(self, seat: int) -> dict[str, Any]:
        """A defending ally's tokens leave the ring for bases of its choice."""
        return {"seat": seat, "kind": "place", "origins": [list(o) if o else None for o in self.ring[seat]],
                "cone": True, "side": "defence"}

    def _phase_window_consolation(self) -> None:
        self._open_window("consolation")
        self.phase = "consolation"

    def _phase_consolation(self) -> None:
        """The compromiser must take one random card of the winner per token lost."""
        self.phase = "after_duel"
        assert self.consolation_due is not None
        taker, giver, k = self.consolation_due
        self.consolation_due = None
        if self.gassed:
            self.emit(f"Le Gaz Stellaire prive {P(taker)} de sa consolation.",
                      f"The Stellar Gas denies {P(taker)} their consolation.")
            return
        if k > 0:
            self._take_random(giver, taker, k)
        else:
            self.emit(f"{P(taker)} n'a perdu aucun pion : pas de consolation.",
                      f"{P(taker)} lost no token: no consolation.")

    # The deal (both compromise).
    def _start_deal(self) -> None:
        off, d = self.offence, self.defence
        assert d is not None
        self.emit("Deux compromis : les alliés rentrent chez eux et un marché se négocie.",
                  "Two compromises: the allies go home and a deal is negotiated.")
        for s in range(self.players):
            if s == off:
                continue
            for cone in (self.oval, self.ring):
                if cone[s]:
                    self._push(s, "place", origins=[list(o) if o else None for o in cone[s]], cone=True,
                               side="offence" if cone is self.oval else "defence")
        # The offence's own tokens go back to where they came from.
        for o in self.oval[off]:
            if o is not None:
                self.planets[o[0]][o[1]][off] += 1
            else:
                self.trou_noir[off] += 1
        self.oval[off] = []
        self.deal = {"turn": off, "standing": None, "draft": self._empty_terms(), "proposals": 0}
        self.phase = "deal"

    @staticmethod
    def _empty_terms() -> dict[str, Any]:
        return {"give_base": None, "ask_base": None, "give_cards": [], "ask_cards": 0, "zombie_return": 0}

    def _phase_deal(self) -> bool:
        return False

    def deal_zombie(self) -> int | None:
        """A Zombie in the deal may hand its partner's tokens back from the Trou Noir as part of the terms."""
        for s in (self.offence, self.defence):
            if s is not None and self.power_on(s, "zombie"):
                return s
        return None

    def deal_partner(self, seat: int) -> int:
        assert self.defence is not None
        return self.defence if seat == self.offence else self.offence

    def give_base_choices(self, giver: int, receiver: int) -> list[Planet]:
        """A base may be offered only where the giver has one and the receiver none."""
        return [pl for pl in self.bases(giver) if self.planets[pl[0]][pl[1]][receiver] == 0]

    def _terms_valid(self, seat: int, t: dict[str, Any]) -> bool:
        # A base or a card must change hands: the Zombie's returned tokens come on top, never alone.
        something = (t["give_base"] is not None or t["ask_base"] is not None or t["give_cards"]
                     or t["ask_cards"] > 0)
        return bool(something)

    def _deal_actions(self, seat: int) -> list[Action]:
        deal = self.deal
        assert deal is not None
        other = self.deal_partner(seat)
        acts: list[Action] = [{"type": "timeout"}]
        if deal["standing"] is not None:
            acts.append({"type": "deal_accept"})
        if deal["proposals"] >= MAX_DEAL_PROPOSALS:
            return acts
        t = deal["draft"]
        for pl in self.give_base_choices(seat, other):
            if self.tokens_on_bases(other) and list(pl) != t["give_base"]:
                acts.append({"type": "deal_give_base", "planet": list(pl)})
        for pl in self.give_base_choices(other, seat):
            if list(pl) != t["ask_base"]:
                acts.append({"type": "deal_ask_base", "planet": list(pl)})
        if t["give_base"] is not None:
            acts.append({"type": "deal_give_base", "planet": None})
        if t["ask_base"] is not None:
            acts.append({"type": "deal_ask_base", "planet": None})
        left = list(self.hands[seat])
        for c in t["give_cards"]:
            left.remove(c)
        for c in sorted(set(left)):
            acts.append({"type": "deal_give_card", "card": c})
        for c in sorted(set(t["give_cards"])):
            acts.append({"type": "deal_keep_card", "card": c})
        for k in range(len(self.hands[other]) + 1):
            if k != t["ask_cards"]:
                acts.append({"type": "deal_ask_cards", "n": k})
        z = self.deal_zombie()
        if z is not None and "zombie" in self.known_powers(z, seat) + self.copied_powers(z):
            back = (self.trou_noir[self.deal_partner(z)] if self.bases(self.deal_partner(z))
                    and not self.gone("trou_noir") else 0)
            acts += [{"type": "deal_zombie_return", "n": k} for k in range(back + 1) if k != t["zombie_return"]]
        if self._terms_valid(seat, t):
            acts.append({"type": "deal_propose"})
        return acts

    def _apply_deal(self, seat: int, action: Action) -> None:
        deal = self.deal
        assert deal is not None
        kind = action["type"]
        t = deal["draft"]
        if kind == "timeout":
            self.emit("La minute est écoulée sans marché : chacun perd trois pions.",
                      "The minute is up without a deal: each side loses three tokens.")
            self.outcome = "no_deal"
            for s in (self.offence, self.defence):
                assert s is not None
                if self.tokens_on_bases(s):
                    vide = self.power_on(self.deal_partner(s), "vide")
                    if vide:  # the Void acts (and shows itself) on the tokens lost without a deal
                        self._note_use(self.deal_partner(s), "vide")
                    self._push(s, "lose", left=DEAL_PENALTY, why="deal", vide=vide)
            self.deal = None
            self.phase = "after_duel"
        elif kind == "deal_accept":
            proposer = self.deal_partner(seat)
            self._execute_deal(proposer, seat, deal["standing"])
        elif kind == "deal_propose":
            if t["zombie_return"]:
                z = self.deal_zombie()
                if z is not None:
                    self._note_use(z, "zombie")
            deal["standing"] = {**t, "give_cards": list(t["give_cards"]), "by": seat}
            deal["proposals"] += 1
            deal["draft"] = self._empty_terms()
            deal["turn"] = self.deal_partner(seat)
            self.emit(f"{P(seat)} propose un marché : {self._terms_text(seat, deal['standing'])[0]}",
                      f"{P(seat)} proposes a deal: {self._terms_text(seat, deal['standing'])[1]}")
            if t["give_cards"]:
                self._cards_seen(seat, t["give_cards"], [self.deal_partner(seat)])
                self.emit(f"Cartes offertes : {', '.join(_cfr(c) for c in t['give_cards'])}.",
                          f"Cards offered: {', '.join(_cen(c) for c in t['give_cards'])}.",
                          to=[seat, self.deal_partner(seat)])
        elif kind == "deal_give_base":
            t["give_base"] = action["planet"]
        elif kind == "deal_ask_base":
            t["ask_base"] = action["planet"]
        elif kind == "deal_give_card":
            t["give_cards"].append(action["card"])
            t["give_cards"].sort()
        elif kind == "deal_keep_card":
            t["give_cards"].remove(action["card"])
        elif kind == "deal_ask_cards":
            t["ask_cards"] = action["n"]
        elif kind == "deal_zombie_return":
            t["zombie_return"] = action["n"]

    def _terms_text(self, seat: int, t: dict[str, Any]) -> tuple[str, str]:
        other = self.deal_partner(seat)
        fr, en = [], []
        if t["give_base"] is not None:
            a, b = _pl(tuple(t["give_base"]))  # type: ignore[arg-type]
            fr.append(f"une base pour {P(other)} sur {a}")
            en.append(f"a base for {P(other)} on {b}")
        if t["ask_base"] is not None:
            a, b = _pl(tuple(t["ask_base"]))  # type: ignore[arg-type]
            fr.append(f"une base pour {P(seat)} sur {a}")
            en.append(f"a base for {P(seat)} on {b}")
        if t["give_cards"]:
            fr.append(f"{len(t['give_cards'])} carte(s) choisie(s) de {P(seat)} à {P(other)}")
            en.append(f"{len(t['give_cards'])} chosen card(s) from {P(seat)} to {P(other)}")
        if t.get("zombie_return"):
            z = self.deal_zombie()
            if z is not None:
                fr.append(f"le Zombie {P(z)} rend {t['zombie_return']} pion(s) du Trou Noir à {P(self.deal_partner(z))}")
                en.append(f"the Zombie {P(z)} returns {t['zombie_return']} token(s) from the Black Hole to "
                          f"{P(self.deal_partner(z))}")
        if t["ask_cards"]:
            fr.append(f"{t['ask_cards']} carte(s) au hasard de {P(other)} à {P(seat)}")
            en.append(f"{t['ask_cards']} random card(s) from {P(other)} to {P(seat)}")
        return "; ".join(fr) + ".", "; ".join(en) + "."

    def _execute_deal(self, proposer: int, accepter: int, t: dict[str, Any]) -> None:
        self.emit(f"{P(accepter)} accepte : marché conclu.", f"{P(accepter)} accepts: deal made.")
        self.deal = None
        self.outcome = "deal"
        if t["give_cards"]:
            for c in t["give_cards"]:
                self.hands[proposer].remove(c)
                self.hands[accepter].append(c)
            self._cards_out(proposer, t["give_cards"], [accepter])
            self._cards_in(accepter, t["give_cards"], [proposer])
            self.emit(f"{P(proposer)} donne {len(t['give_cards'])} carte(s) à {P(accepter)}.",
                      f"{P(proposer)} gives {len(t['give_cards'])} card(s) to {P(accepter)}.")
        if t["ask_cards"]:
            self._take_random(accepter, proposer, t["ask_cards"])
        z = self.deal_zombie()
        if t.get("zombie_return") and z is not None:
            other = self.deal_partner(z)
            k = min(t["zombie_return"], self.trou_noir[other])
            if k and self.bases(other):
                self._note_use(z, "zombie")
                self._push(other, "place", origins=[None] * k, src="trou_noir")
        new_bases = {accepter: t["give_base"], proposer: t["ask_base"]}
        for receiver in (self.offence, self.defence):  # the offence sets up first
            planet = new_bases.get(receiver)  # type: ignore[arg-type]
            if planet is not None and receiver is not None and self.tokens_on_bases(receiver):
                self._push(receiver, "establish", planet=list(planet), sent=0)
        self.phase = "after_duel"

    # After the duel: cards to the discard, winner check, second duel.
    def _phase_after_duel(self) -> None:
        off, d = self.offence, self.defence
        for s in (off, d):  # the Clone may take its own card back before the discard
            if s is not None and self.sealed[s] is not None and self.asked(s, "clone"):
                self._push(s, "clone", veiled=self.veiled(s, "clone"))
        self.phase = "after_clone"

    def _phase_after_clone(self) -> None:
        off, d = self.offence, self.defence
        played: dict[int, str] = {}
        for s in (off, d):
            if s is not None and self.sealed[s] is not None:
                played[s] = self.sealed[s]  # type: ignore[assignment]
                (self.out_of_game if self.gone("defausse") else self.discard).append(self.sealed[s])  # type: ignore[arg-type]
                self.sealed[s] = None
        for s in (off, d):  # the Voleur may take the card its opponent played
            o = self.opponent_of(s) if s is not None else None
            if s is not None and o in played and self.asked(s, "voleur"):
                self._push(s, "voleur", card=played[o], veiled=self.veiled(s, "voleur"))  # type: ignore[index]
        self.phase = "after_cards"

    def _phase_after_cards(self) -> None:
        off = self.offence
        self.last_outcome = self.outcome
        for s, c in self.set_aside:
            self.hands[s].append(c)
            self._cards_in(s, [c], None)
            self.emit(f"{P(s)} reprend la carte mise de côté.", f"{P(s)} takes back the card set aside.")
        self.set_aside = []
        self._send_everyone_home()  # nothing should be left; a safety net for aborted duels
        if self._check_win():
            return
        if self.outcome in ("offence", "deal"):
            self.success = True
        else:
            self.success = False
        if self.has_duel_card(off) and not self.eliminated[off]:
            if self.success and self.duel_no == 1:
                self._push(off, "second_duel", machine=False)
                self.phase = "start_duel"
                return
            if self.asked(off, "machine"):  # the Machine may go on (veiled: « pass » ends the turn)
                self._push(off, "second_duel", machine=True, veiled=self.veiled(off, "machine"))
                self.phase = "start_duel"
                return
        self.phase = "end_turn"

    def _check_win(self) -> bool:
        winners = [s for s in range(self.players) if not self.eliminated[s] and self.foreign_bases(s) >= BASES_TO_WIN]
        if not winners:
            alive = [s for s in range(self.players) if not self.eliminated[s]]
            if len(alive) == 1:
                winners = alive
        if winners:
            self.winners = winners
            self.over = True
            self.queue = []
            names = " et ".join(P(s) for s in winners)
            names_en = " and ".join(P(s) for s in winners)
            self.emit(f"{names} gagne(nt) avec cinq bases étrangères !", f"{names_en} win(s) with five foreign bases!")
            return True
        return False

    def _phase_end_turn(self) -> None:
        self._send_everyone_home()  # a token retrieved onto the cone of a duel that never came goes back
        self._reset_duel()
        self.offence = self.seats_from_left_of(self.offence)[0]
        self.phase = "start_turn"
        self.turns_since_rotation += 1
        alive = [s for s in range(self.players) if not self.eliminated[s]]
        # A full round: as many turns since the last rotation as there are players still in the game.
        if self.options.get("rotation") and self.options["pouvoirs"] and self.turns_since_rotation >= len(alive):
            self.turns_since_rotation = 0
            # A full round is over: each player keeps their powers or draws new ones.
            for s in [self.offence] + self.seats_from_left_of(self.offence):
                if self.powers[s]:
                    self._push(s, "rotate", powers=sorted(set(self.powers[s])))

    # ---- windows: edicts and powers at the moments their texts allow -------------------
    #: When each edict may be played ("new_hand": while dealing with edicts before drawing a new hand;
    #: "defender": once the defence is known, before its new-hand check).
    EDICT_MOMENTS: ClassVar[dict[str, tuple[str, ...]]] = {
        "moebius": ("start", "new_hand"),
        "peste": ("start", "new_hand", "defender", "pre_cards", "sealed", "revealed", "consolation"),
        "champ_de_force": ("pre_cards", "sealed"),  # alliances sealed, up to the moment the cards turn over
        "controle_emotionnel": ("revealed",),
        "gaz_stellaire": ("consolation",),
        "zap": ("pre_cards", "revealed"),
    }
    #: Powers that act by themselves at a moment, so that a Zap may stop them there.
    ZAPPABLE_AT: ClassVar[dict[str, tuple[str, ...]]] = {
        "pre_cards": ("oracle", "laser", "macron", "insecte"),
        "revealed": ("virus", "macron", "vide", "empathe"),
    }

    def _open_window(self, moment: str) -> None:
        """Every player is asked, holder or not: who is asked must not tell who holds an edict."""
        for s in self.priority():
            self._push(s, "window", moment=moment)

    def _window_actions(self, seat: int, moment: str) -> list[Action]:
        return self._edict_actions(seat, moment) + self._power_actions(seat, moment)

    def _edict_actions(self, seat: int, moment: str) -> list[Action]:
        acts: list[Action] = []
        if self.gone("edits"):
            return acts
        for card in sorted(set(self.hands[seat])):
            if moment not in self.EDICT_MOMENTS.get(card, ()):
                continue
            if card == "moebius":
                if seat == self.offence and not self.gone("trou_noir"):
                    acts.append({"type": "edict", "card": card})
            elif card == "peste":
                acts += [{"type": "edict", "card": card, "victim": v} for v in range(self.players)
                         if not self.eliminated[v]]
            elif card == "champ_de_force":
                allies = sorted(a for side in ("offence", "defence") for a in self.allies[side]
                                if self.oval[a] or self.ring[a])
                acts += [{"type": "edict", "card": card, "allies": list(sub)}
                         for r in range(1, len(allies) + 1) for sub in itertools.combinations(allies, r)]
            elif card == "controle_emotionnel":
                if self.revealed and not self.deal:
                    acts.append({"type": "edict", "card": card})
            elif card == "gaz_stellaire":
                if self.consolation_due is not None:
                    acts.append({"type": "edict", "card": card})
            elif card == "zap":
                for t, pw in self.zap_targets(moment):
                    if t != seat:
                        acts.append({"type": "edict", "card": card, "target": t, "power": pw})
        return acts

    def zap_targets(self, moment: str) -> list[tuple[int, str]]:
        """Powers about to act at this moment (a declared optional power is zapped when announced)."""
        out = []
        involved = [s for s in range(self.players) if s in (self.offence, self.defence)
                    or self.oval[s] or self.ring[s]]
        for s in involved:
            for pw in sorted(set(self.powers[s] + [self.role[s] or ""] + self.copied_powers(s)) - {""}):
                if pw in self.ZAPPABLE_AT.get(moment, ()) and self.power_on(s, pw) and (
                        not self.hidden_powers or pw in self.shown_powers[s] or pw == self.role[s]):
                    out.append((s, pw))
        return out

    def _play_edict(self, seat: int, action: Action) -> None:
        card = action["card"]
        self.hands[seat].remove(card)
        self._cards_out(seat, [card], None)
        (self.out_of_game if self.gone("defausse") else self.discard).append(card)
        self.reveal()
        self.emit(f"{P(seat)} joue l'édit {_cfr(card)}.", f"{P(seat)} plays the edict {_cen(card)}.")
        effects: list[dict[str, Any]] = []
        if card == "moebius":
            for s in self.priority():
                if self.trou_noir[s] and self.bases(s):
                    effects.append({"seat": s, "kind": "place", "origins": [None] * self.trou_noir[s],
                                    "src": "trou_noir"})
        elif card == "peste":
            v = action["victim"]
            self.emit(f"La Peste frappe {P(v)}.", f"The Plague strikes {P(v)}.")
            if self.bases(v):
                effects.append({"seat": v, "kind": "lose", "left": 3, "why": "peste"})
            effects.append({"seat": v, "kind": "peste_cards", "due": ["attaque", "compromis", "edit"]})
        elif card == "champ_de_force":
            for a in action["allies"]:
                for side in ("offence", "defence"):
                    if a in self.allies[side]:
                        self.allies[side].remove(a)
                cone = self.oval if self.oval[a] else self.ring
                self.emit(f"Le Champ de Force renvoie {P(a)} chez lui.", f"The Force Field sends {P(a)} home.")
                effects.append({"seat": a, "kind": "place", "origins": [list(o) if o else None for o in cone[a]],
                                "cone": True, "side": "offence" if cone is self.oval else "defence"})
        elif card == "controle_emotionnel":
            self.effective = [("compromis" if c is not None else None) for c in self.effective]
            self.emit("Les deux cartes deviennent des compromis.", "Both cards become compromises.")
        elif card == "gaz_stellaire":
            self.gassed = True
        elif card == "zap":
            t, pw = action["target"], action["power"]
            self.zapped.append([t, pw])
            self.emit(f"Zap ! Le pouvoir {POWER_BY_ID[pw].name['fr']} de {P(t)} est suspendu pour ce duel.",
                      f"Zap! {P(t)}'s power {POWER_BY_ID[pw].name['en']} is suspended for this duel.")
        self.queue[0:0] = effects
        self._vulch_offer(seat, [card])

    def _vulch_offer(self, seat: int, cards: list[str]) -> None:
        """A Vulch may collect edicts that another player plays or discards."""
        edicts = [c for c in cards if BY_ID[c].kind == "edit"]
        if not edicts:
            return
        order = self.priority() if self.defence is not None else self.seats_from_left_of(seat)
        self.queue[0:0] = [{"seat": v, "kind": "vulch", "cards": list(edicts), "veiled": self.veiled(v, "vulch")}
                           for v in order if v != seat and self.asked(v, "vulch")]

    def _power_actions(self, seat: int, moment: str) -> list[Action]:
        """Optional powers its owner may announce at this moment."""
        acts: list[Action] = []
        if self.defence is None:
            return acts
        main = seat in (self.offence, self.defence)
        mains = [self.offence, self.defence]

        def ready(pw: str) -> bool:
            return self.power_on(seat, pw) and [seat, pw] not in self.used

        if moment in ("defender", "pre_cards"):
            if self.involved(seat) and ready("chercheur"):
                acts += [{"type": "power", "power": "chercheur", "seat": t, "question": q}
                         for t in mains if t != seat for q in QUESTIONS]
            if main and ready("echangeur"):
                acts.append({"type": "power", "power": "echangeur"})
            if ready("esprit"):  # anyone at the table: a main player looks at its opponent's hand
                acts += [{"type": "power", "power": "esprit", "seat": t} for t in mains if t != seat]
            if self.involved(seat) and ready("philantrope"):
                acts += [{"type": "power", "power": "philantrope", "card": c, "to": t}
                         for c in sorted(set(self.hands[seat])) for t in mains if t != seat]
            if main and ready("mutant") and len(self.hands[seat]) < HAND_SIZE:
                acts.append({"type": "power", "power": "mutant"})
        elif moment == "sealed":
            if main and ready("sorcier"):
                acts.append({"type": "power", "power": "sorcier"})
            if main and ready("amibe"):
                acts.append({"type": "power", "power": "amibe"})
        elif moment == "revealed" and main and ready("chronos") and not self.chronos_used:
            acts.append({"type": "power", "power": "chronos"})
        return acts

    #: Answers to a power's own question that use the power, hence may meet a Zap (the Machine's only when
    #: the second duel is the Machine's doing).
    USES: ClassVar[dict[str, str]] = {"clone": "clone", "steal": "voleur", "vulch_take": "vulch", "zombie_place": "zombie",
                            "second_duel": "machine"}

    def _use_power(self, seat: int, action: Action, then: Action | None = None) -> None:
        """An optional power is announced: others may answer with a Zap before it takes effect.

        `then`: the answer to the power's own question (a Clone taking its card back...), applied after the
        Zaps, or replaced by « pass » if the power was zapped.
        """
        pw = action["power"]
        self.used.append([seat, pw])
        self.reveal()
        self._note_use(seat, pw)
        self.emit(f"{P(seat)} utilise son pouvoir : {POWER_BY_ID[pw].name['fr']}.",
                  f"{P(seat)} uses their power: {POWER_BY_ID[pw].name['en']}.")
        items: list[dict[str, Any]] = [{"seat": z, "kind": "zap_react", "target": seat, "power": pw}
                                       for z in self.priority() if z != seat]
        items.append({"seat": seat, "kind": "auto", "action": dict(action),
                      **({"then": dict(then)} if then is not None else {})})
        self.queue[0:0] = items

    def _power_effect(self, seat: int, action: Action) -> None:
        pw = action["power"]
        opp = self.opponent_of(seat)
        if pw == "chercheur":
            t, qid = action["seat"], action["question"]
            q = QUESTIONS[qid]
            self.emit(f"Le Chercheur {P(seat)} demande à {P(t)} : « {q['fr']} »",
                      f"The Seeker {P(seat)} asks {P(t)}: “{q['en']}”")
            if q["kind"] == "fact":
                yes = fact_answer(qid, self.hands[t])
                if yes and qid in ("a_compromis", "a_zap"):
                    self._cards_seen(t, ["compromis" if qid == "a_compromis" else "zap"], None)
                self.emit(f"{P(t)} répond : {'oui' if yes else 'non'}.", f"{P(t)} answers: {'yes' if yes else 'no'}.")
            else:
                self.queue.insert(0, {"seat": t, "kind": "question", "question": qid})
        elif pw == "echangeur":
            assert opp is not None
            self.hands[seat], self.hands[opp] = self.hands[opp], self.hands[seat]
            for v in range(self.players):  # everybody saw the hands change places
                self.known[v][seat], self.known[v][opp] = self.known[v][opp], self.known[v][seat]
            self.known[seat][opp], self.known[opp][seat] = {}, {}
            self.known[seat][seat], self.known[opp][opp] = {}, {}
            self._cards_seen(opp, self.hands[opp], [seat], whole=True)  # its own former hand
            self._cards_seen(seat, self.hands[seat], [opp], whole=True)
            self.emit(f"L'Échangeur {P(seat)} échange sa main avec celle de {P(opp)}.",
                      f"The Trader {P(seat)} swaps hands with {P(opp)}.")
        elif pw == "esprit":
            t = action["seat"]
            cards = sorted(self.hands[t])
            self._cards_seen(t, self.hidden_cards(t), [seat], whole=True)
            self.emit(f"L'Esprit {P(seat)} regarde la main de {P(t)}.", f"The Mind {P(seat)} looks at {P(t)}'s hand.")
            self.emit(f"Main de {P(t)} : {', '.join(_cfr(c) for c in cards) or 'vide'}.",
                      f"{P(t)}'s hand: {', '.join(_cen(c) for c in cards) or 'empty'}.", to=[seat])
        elif pw == "philantrope":
            c, t = action["card"], action["to"]
            if c in self.hands[seat]:
                self.hands[seat].remove(c)
                self.hands[t].append(c)
                self._cards_out(seat, [c], [t])
                self._cards_in(t, [c], [seat])
                self.emit(f"Le Philantrope {P(seat)} donne une carte à {P(t)}.",
                          f"The Philanthropist {P(seat)} gives {P(t)} a card.")
                self.emit(f"Carte donnée : {_cfr(c)}.", f"Card given: {_cen(c)}.", to=[seat, t])
        elif pw == "mutant":
            self.queue.insert(0, {"seat": seat, "kind": "mutant"})
        elif pw == "sorcier":
            assert opp is not None
            mine, theirs = self.sealed[seat], self.sealed[opp]
            assert mine is not None and theirs is not None
            self.sealed[seat], self.sealed[opp] = theirs, mine
            shown = [s for s in self.oracle_shown if s in (seat, opp)]  # a face-up card stays face up
            self.oracle_shown = [s for s in self.oracle_shown if s not in (seat, opp)] + [
                opp if s == seat else seat for s in shown]
            for a, b, c in ((seat, opp, mine), (opp, seat, theirs)):  # each now sees the card laid for it
                if b not in self.oracle_shown:
                    self._cards_out(a, [c], [b])
                    self._cards_in(b, [c], [a])
            self.emit(f"Le Sorcier {P(seat)} intervertit les deux cartes posées.",
                      f"The Sorcerer {P(seat)} swaps the two laid cards.")
        elif pw == "amibe":
            self.queue.insert(0, {"seat": seat, "kind": "amibe"})
        elif pw == "chronos":
            assert opp is not None
            self.chronos_used = True
            mine, theirs = self.sealed[seat], self.sealed[opp]
            assert mine is not None and theirs is not None
            self.hands[seat].append(mine)
            self._cards_in(seat, [mine], None)
            if any(is_duel_card(c) for c in self.hands[opp]):
                self.set_aside.append([opp, theirs])
            else:
                self.hands[opp].append(theirs)  # their last duel card stays available
                self._cards_in(opp, [theirs], None)
            self.sealed = [None] * self.players
            self.effective = [None] * self.players
            self.revealed = False
            self.oracle_shown = []
            self.queue = [q for q in self.queue if q["kind"] != "window"]
            self.emit("Voyage dans le temps ! Les deux joueurs rejouent une carte ; ce résultat sera définitif.",
                      "Time travel! Both players play a card again; this outcome will stand.")
            self.phase = "cards_check"

    def _amibe_actions(self, seat: int) -> list[Action]:
        assert self.target is not None
        tgt = list(self.target)
        acts: list[Action] = []
        if seat == self.offence:
            if len(self.oval[seat]) < (1 if self.power_on(seat, "macron") else 99):
                acts += [{"type": "amibe_add", "from": list(pl)} for pl in self.bases(seat)]
            if self.oval[seat]:
                acts += [{"type": "amibe_remove", "to": list(pl)} for pl in self._place_dests(seat, self.oval[seat])]
        else:
            ts, tp = self.target
            acts += [{"type": "amibe_add", "from": list(pl)} for pl in self.bases(seat) if list(pl) != tgt]
            if self.planets[ts][tp][seat]:
                acts += [{"type": "amibe_remove", "to": list(pl)} for pl in self.bases(seat) if list(pl) != tgt]
        return acts + [{"type": "amibe_done"}]


    # ---- decisions --------------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        if self.queue:
            return self._queue_actions(self.queue[0])
        if self.phase == "cards":
            return [{"type": "play", "card": c} for c in self.playable_cards(seat)]
        if self.phase == "deal":
            return self._deal_actions(seat)
        return []

    def _queue_actions(self, q: dict[str, Any]) -> list[Action]:
        seat, kind = q["seat"], q["kind"]
        if kind == "new_hand":
            keep = [{"type": "vulch_keep"}] if self.hands[seat] and self.power_on(seat, "vulch") else []
            return [{"type": "new_hand"}] + keep + self._edict_actions(seat, "new_hand")
        if kind == "window":
            return self._window_actions(seat, q["moment"]) + [{"type": "pass"}]
        if kind == "escamote":
            left = [k for k in ESCAMOTABLE if k not in self.escamote_used] or list(ESCAMOTABLE)
            return [{"type": "escamote", "item": k} for k in left]
        if kind == "free_aim":
            off = self.offence
            return [{"type": "aim", "planet": [sys, p], "defender": sys} for sys in range(self.players)
                    if sys != off and not self.eliminated[sys] for p in range(PLANETS_PER_SYSTEM)] + \
                self.home_duel_choices()
        if kind == "role":
            return [{"type": "role", "power": p} for p in self.roles[seat] if p != self.last_role[seat]]
        if kind == "drop_power":
            return [{"type": "drop_power", "power": p} for p in sorted(set(self.powers[seat]))]
        if kind == "rotate":
            return [{"type": "keep_powers"}] + ([{"type": "rotate_power", "power": p} for p in q["powers"]]
                                                 if self.power_pool else [])
        if kind == "question":
            return [{"type": "answer", "yes": True}, {"type": "answer", "yes": False}]
        if kind == "zap_react":
            if "zap" not in self.hands[seat] or [q["target"], q["power"]] in self.zapped or self.gone("edits"):
                return [{"type": "pass"}]
            return [{"type": "edict", "card": "zap", "target": q["target"], "power": q["power"]}, {"type": "pass"}]
        if kind == "zombie":
            rise = self.bases(seat) if self.power_on(seat, "zombie") else []
            return [{"type": "zombie_place", "planet": list(pl)} for pl in rise] + [{"type": "pass"}]
        if kind == "mutant":
            if len(self.hands[seat]) >= HAND_SIZE:
                return []
            acts = [{"type": "mutant_take", "from": o} for o in range(self.players) if o != seat and self.hands[o]]
            if (self.deck or self.discard) and not self.gone("pioche"):
                acts.append({"type": "mutant_take", "from": "deck"})
            return acts + [{"type": "mutant_done"}]
        if kind == "amibe":
            return self._amibe_actions(seat)
        if kind == "clone":
            return ([{"type": "clone"}] if self.power_on(seat, "clone") else []) + [{"type": "pass"}]
        if kind == "voleur":
            if q["card"] not in self.discard:
                return []
            return ([{"type": "steal"}] if self.power_on(seat, "voleur") else []) + [{"type": "pass"}]
        if kind == "vulch":
            left = sorted({c for c in q["cards"] if c in self.discard})
            if not left:
                return []
            takes = left if self.power_on(seat, "vulch") else []
            return [{"type": "vulch_take", "card": c} for c in takes] + [{"type": "pass"}]
        if kind == "peste_cards":
            return [{"type": "discard", "card": c} for c in sorted(set(self.hands[seat]))
                    if BY_ID[c].kind in q["due"]]
        if kind == "retrieve":
            bases = self.bases(seat)
            acts: list[Action] = [{"type": "retrieve", "planet": list(pl)} for pl in bases]
            if not bases:
                acts.append({"type": "retrieve", "planet": None})
            return acts + [{"type": "pass"}]
        if kind == "own_colour":
            return [{"type": "redraw"}] + self.home_duel_choices()
        if kind == "aim":
            return self.aim_choices()
        if kind == "send":
            acts = []
            if q["sent"] < self.cone_limit(seat, q["side"]):
                acts = [{"type": "send", "from": list(pl)} for pl in self.bases(seat)]
            if q["sent"] >= 1 or not acts:
                acts.append({"type": "send_done"})
            return acts
        if kind == "invite":
            cands = [s for s in self.candidates()]
            return [{"type": "invite", "seats": list(sub)}
                    for r in range(len(cands) + 1) for sub in itertools.combinations(cands, r)]
        if kind == "answer":
            acts = []
            if self.tokens_on_bases(seat):
                for side in ("offence", "defence"):
                    if seat in self.invited[side]:
                        acts.append({"type": "ally", "side": side})
            return acts + [{"type": "decline"}]
        if kind == "reward":
            return self._reward_choices(seat)
        if kind == "place":
            if not q["origins"]:
                return []
            origins = [tuple(o) if o else None for o in q["origins"]]
            return [{"type": "place", "planet": list(pl)} for pl in self._place_dests(seat, origins)]
        if kind == "lose":
            return [{"type": "lose", "planet": list(pl)} for pl in self.bases(seat)]
        if kind == "establish":
            acts = [{"type": "establish", "from": list(pl)} for pl in self.bases(seat) if list(pl) != q["planet"]]
            if q["sent"] >= 1 or not acts:
                acts.append({"type": "establish_done"})
            return acts
        if kind == "second_duel":
            if q.get("veiled"):
                return ([{"type": "second_duel"}] if self.power_on(seat, "machine") else []) + [{"type": "pass"}]
            return [{"type": "second_duel"}, {"type": "end_turn"}]
        return []

    def _why_illegal(self, seat: int, action: Action) -> tuple[str, str] | None:
        kind = action.get("type")
        if self.queue:
            q = self.queue[0]
            if q["kind"] == "send" and kind == "send_done":
                return ("Engagez au moins un pion.", "Commit at least one token.")
            if q["kind"] == "send" and kind == "send":
                if q["sent"] >= self.cone_limit(seat, q["side"]):
                    return ("Quatre pions au plus sur le cône.", "At most four tokens on the cone.")
                return ("Vous n'avez pas de pion sur cette planète.", "You have no token on that planet.")
            if kind == "aim":
                pl = action.get("planet")
                if isinstance(pl, list) and len(pl) == 2 and pl[0] == self.offence:
                    return ("Vous ne pouvez pas attaquer une planète de votre propre système sans base adverse.",
                            "You cannot attack a planet of your own system without an opposing base.")
                return ("Visez une planète du système du joueur défensif.", "Aim at a planet of the defence's system.")
            if kind == "ally":
                return ("Vous n'avez pas été invité de ce côté, ou n'avez aucun pion disponible.",
                        "You were not invited to that side, or have no token available.")
            return ("Ce n'est pas la décision attendue maintenant : choisissez parmi ce qui vous est proposé.",
                    "That is not the decision expected now: choose among what you are offered.")
        if self.phase == "cards" and kind == "play":
            card = action.get("card")
            if card in self.duel_cards(seat):
                if self.gone("compromis" if card == "compromis" else "attaques"):
                    return ("Cette carte a été escamotée pour ce tour.", "That card has vanished for this turn.")
                return ("Vous avez répondu au Chercheur : cette carte ne tient pas votre parole.",
                        "You answered the Seeker: that card breaks your word.")
            if action.get("card") in self.hands[seat] and not is_duel_card(action["card"]):
                return ("Un édit ne se joue pas comme carte de duel.", "An edict cannot be played as a duel card.")
            return ("Vous n'avez pas cette carte de duel.", "You do not hold that duel card.")
        if self.phase == "deal" and kind == "deal_propose":
            return ("Un marché ne peut pas échanger rien contre rien : il y faut une base ou au moins une carte.",
                    "A deal cannot trade nothing for nothing: it needs a base or at least one card.")
        return None

    def _apply(self, seat: int, action: Action) -> None:
        kind = action["type"]
        if self.queue:
            q = self.queue[0]
            self._apply_queue(seat, q, action)
        elif self.phase == "cards":
            self.sealed[seat] = action["card"]
            self.hands[seat].remove(action["card"])
            self.emit(f"{P(seat)} pose une carte de duel face cachée.", f"{P(seat)} lays a duel card face down.")
            self.emit(f"Vous jouez {_cfr(action['card'])}.", f"You play {_cen(action['card'])}.", to=[seat])
            d = self.defence
            assert d is not None
            self._after_seal(seat)
            if self.sealed[self.offence] is not None and self.sealed[d] is not None:
                self.phase = "window_sealed"
        elif self.phase == "deal":
            self._apply_deal(seat, action)
        else:  # pragma: no cover - legality is checked before
            raise AssertionError(kind)
        self._advance()

    def _apply_queue(self, seat: int, q: dict[str, Any], action: Action) -> None:
        kind = action["type"]
        done = True
        pw = self.USES.get(kind) if kind != "second_duel" or q.get("machine") else None
        if pw is not None and [seat, pw] not in self.used and not self.gone("edits"):
            self._use_power(seat, {"type": "power", "power": pw}, then=action)  # a Zap may answer first
            return
        if kind == "edict":
            self._play_edict(seat, action)
            done = q["kind"] == "zap_react"
            if done:
                self.queue.remove(q)
                done = False
        elif kind == "pass" and q["kind"] == "zombie":
            left = q["left"]
            self.limbo[seat] -= left
            q["left"] = 0
            self._lose_now(seat, left, q["vide"])
        elif kind == "zombie_place":
            s_, p_ = action["planet"]
            self.limbo[seat] -= 1
            self.planets[s_][p_][seat] += 1
            self._note_use(seat, "zombie")
            q["left"] -= 1
            self.emit(f"Le Zombie {P(seat)} se relève : un pion revient sur une base.",
                      f"The Zombie {P(seat)} rises again: a token returns to a base.")
            done = q["left"] <= 0
        elif kind == "mutant_take":
            src = action["from"]
            if src == "deck":
                self._draw(seat, 1)
                self.emit(f"Le Mutant {P(seat)} pioche une carte.", f"The Mutant {P(seat)} draws a card.")
            else:
                self._take_random(src, seat, 1)
            done = len(self.hands[seat]) >= HAND_SIZE
        elif kind == "mutant_done":
            pass
        elif kind == "amibe_add":
            s_, p_ = action["from"]
            self.planets[s_][p_][seat] -= 1
            if seat == self.offence:
                self.oval[seat].append((s_, p_))
            else:
                assert self.target is not None
                self.planets[self.target[0]][self.target[1]][seat] += 1
            self.emit(f"L'Amibe {P(seat)} suinte : un pion de plus dans le duel.",
                      f"The Amoeba {P(seat)} oozes: one more token in the duel.")
            done = False
        elif kind == "amibe_remove":
            s_, p_ = action["to"]
            if seat == self.offence:
                self.oval[seat].pop()
            else:
                assert self.target is not None
                self.planets[self.target[0]][self.target[1]][seat] -= 1
            self.planets[s_][p_][seat] += 1
            self.emit(f"L'Amibe {P(seat)} se rétracte : un pion de moins dans le duel.",
                      f"The Amoeba {P(seat)} shrinks: one token fewer in the duel.")
            done = False
        elif kind == "amibe_done":
            pass
        elif kind == "clone":
            card = self.sealed[seat]
            assert card is not None
            self.sealed[seat] = None
            self.hands[seat].append(card)
            self._cards_in(seat, [card], None)
            self._note_use(seat, "clone")
            self.emit(f"Le Clone {P(seat)} reprend sa carte {_cfr(card)}.", f"The Clone {P(seat)} takes back their {_cen(card)}.")
        elif kind == "steal":
            card = q["card"]
            idx = len(self.discard) - 1 - self.discard[::-1].index(card)
            self.discard.pop(idx)
            self.hands[seat].append(card)
            self._cards_in(seat, [card], None)
            self._note_use(seat, "voleur")
            self.emit(f"Le Voleur {P(seat)} empoche la carte jouée par son adversaire : {_cfr(card)}.",
                      f"The Thief {P(seat)} pockets the card its opponent played: {_cen(card)}.")
        elif kind == "power":
            self._use_power(seat, action)
            done = False
        elif kind == "discard" and q["kind"] == "peste_cards":
            self._discard_cards(seat, [action["card"]])
            q["due"].remove(BY_ID[action["card"]].kind)
            self.emit(f"La Peste coûte à {P(seat)} : {_cfr(action['card'])}.",
                      f"The Plague costs {P(seat)}: {_cen(action['card'])}.")
            self._vulch_offer(seat, [action["card"]])
            done = not q["due"] or not self._queue_actions(q)
        elif kind == "vulch_take":
            card = action["card"]
            idx = len(self.discard) - 1 - self.discard[::-1].index(card)
            self.discard.pop(idx)
            self.hands[seat].append(card)
            self._cards_in(seat, [card], None)
            self._note_use(seat, "vulch")
            q["cards"].remove(card)
            self.emit(f"Le Vulch {P(seat)} récupère {_cfr(card)}.", f"The Vulch {P(seat)} collects {_cen(card)}.")
            done = not q["cards"]
        elif kind in ("new_hand", "vulch_keep"):
            self._new_hand(seat, keep_edicts=kind == "vulch_keep")
        elif kind == "retrieve":
            self.trou_noir[seat] -= 1
            if action["planet"] is None:
                self.oval[seat].append(None)
                self.emit(f"{P(seat)} sort un pion du Trou Noir et le pose sur le cône.",
                          f"{P(seat)} takes a token out of the Black Hole onto the cone.")
            else:
                s, p = action["planet"]
                self.planets[s][p][seat] += 1
                self.emit(f"{P(seat)} sort un pion du Trou Noir.", f"{P(seat)} takes a token out of the Black Hole.")
        elif kind == "pass":
            if q["kind"] == "second_duel":  # a veiled Machine question let go
                self.phase = "end_turn"
        elif kind == "redraw":
            disc = self._draw_disc()
            if disc == seat:
                self.emit(f"{P(seat)} tire encore sa propre couleur.", f"{P(seat)} draws their own colour again.")
                done = False
            else:
                self.defence = disc
                self.emit(f"La tasse désigne {P(disc)}.", f"The cup points at {P(disc)}.")
        elif kind == "aim":
            s, p = action["planet"]
            if "defender" in action:
                self.defence = action["defender"]
            self.target = (s, p)
            self.emit(f"{P(seat)} pointe le cône vers {_pl(self.target)[0]} (défense : {P(self.defence)}).",
                      f"{P(seat)} aims the cone at {_pl(self.target)[1]} (defence: {P(self.defence)}).")
        elif kind == "send":
            s, p = action["from"]
            self.planets[s][p][seat] -= 1
            cone = self.oval if q["side"] == "offence" else self.ring
            cone[seat].append((s, p))
            q["sent"] += 1
            done = False
        elif kind == "send_done":
            cone = self.oval if q["side"] == "offence" else self.ring
            if seat == self.offence:
                self.emit(f"{P(seat)} engage {len(cone[seat])} pion(s) sur le cône.",
                          f"{P(seat)} commits {len(cone[seat])} token(s) to the cone.")
            else:
                side = "l'attaque" if q["side"] == "offence" else "la défense"
                side_en = "the offence" if q["side"] == "offence" else "the defence"
                self.emit(f"{P(seat)} rejoint {side} avec {len(cone[seat])} pion(s).",
                          f"{P(seat)} joins {side_en} with {len(cone[seat])} token(s).")
        elif kind == "invite":
            self.invited[q["side"]] = list(action["seats"])
            who = ", ".join(P(s) for s in action["seats"]) or "personne"
            who_en = ", ".join(P(s) for s in action["seats"]) or "nobody"
            self.emit(f"{P(seat)} invite : {who}.", f"{P(seat)} invites: {who_en}.")
        elif kind == "ally":
            self.allies[action["side"]].append(seat)
            self.queue[0] = {"seat": seat, "kind": "send", "side": action["side"], "sent": 0}
            done = False
        elif kind == "decline":
            self.emit(f"{P(seat)} reste à l'écart du duel.", f"{P(seat)} stays out of the duel.")
        elif kind == "reward":
            if action["kind"] == "card":
                self._draw(seat, 1)
                self.emit(f"{P(seat)} prend une carte en récompense.", f"{P(seat)} takes a card as a reward.")
            else:
                s, p = action["planet"]
                self.trou_noir[seat] -= 1
                self.planets[s][p][seat] += 1
                self.emit(f"{P(seat)} reprend un pion du Trou Noir en récompense.",
                          f"{P(seat)} takes a token back from the Black Hole as a reward.")
            q["left"] -= 1
            if q["left"] <= 0 or not self._reward_choices(seat):
                self.queue[0] = self._ring_home(seat)
            done = False
        elif kind == "place":
            s, p = action["planet"]
            cone = self.oval if q.get("side") == "offence" else self.ring
            if q.get("cone"):
                cone[seat].pop()
            elif q.get("src") == "trou_noir":
                self.trou_noir[seat] -= 1
            q["origins"].pop()
            self.planets[s][p][seat] += 1
            done = not q["origins"]
        elif kind == "lose":
            s, p = action["planet"]
            self.planets[s][p][seat] -= 1
            self.limbo[seat] += 1  # until all are chosen: a Zombie then decides about them at once
            q["lost"] = q.get("lost", 0) + 1
            q["left"] -= 1
            done = q["left"] <= 0 or not self.bases(seat)
            if done:
                self.limbo[seat] -= q["lost"]
                self._lose(seat, q["lost"], q.get("vide", False))
        elif kind == "establish":
            s, p = action["from"]
            ts, tp = q["planet"]
            self.planets[s][p][seat] -= 1
            self.planets[ts][tp][seat] += 1
            q["sent"] += 1
            done = False
        elif kind == "establish_done":
            self.emit(f"{P(seat)} établit une base sur {_pl(tuple(q['planet']))[0]} ({q['sent']} pion(s)).",  # type: ignore[arg-type]
                      f"{P(seat)} sets up a base on {_pl(tuple(q['planet']))[1]} ({q['sent']} token(s)).")  # type: ignore[arg-type]
        elif kind == "second_duel":
            if q.get("machine"):
                self._note_use(seat, "machine")
            self.emit(f"{P(seat)} organise un nouveau duel.", f"{P(seat)} starts another duel.")
        elif kind == "escamote":
            item = action["item"]
            if len(self.escamote_used) >= len(ESCAMOTABLE):
                self.escamote_used = []
            self.escamote_used.append(item)
            self.escamote = item
            self._note_use(seat, "escamoteur")
            self.emit(f"L'Escamoteur {P(seat)} fait disparaître pour ce tour : {ESCAMOTABLE[item]['fr']}",
                      f"The Conjurer {P(seat)} makes this vanish for the turn: {ESCAMOTABLE[item]['en']}")
        elif kind == "role":
            self.role[seat] = self.last_role[seat] = action["power"]
            self._note_use(seat, "comedien")
            self.reveal()
            self.emit(f"Le Comédien {P(seat)} joue le rôle : {POWER_BY_ID[action['power']].name['fr']}.",
                      f"The Actor {P(seat)} plays the part of: {POWER_BY_ID[action['power']].name['en']}.")
        elif kind == "drop_power":
            self.powers[seat].remove(action["power"])
            self.power_pool.insert(0, action["power"])
            if action["power"] == "comedien" and "comedien" not in self.powers[seat]:
                self._return_roles(seat)
            self.emit(f"{P(seat)} rejette un de ses trois pouvoirs.", f"{P(seat)} drops one of their three powers.")
            self._announce_powers(seat)
        elif kind == "rotate_power":
            old = action["power"]
            new = self._draw_power()
            if new is not None:
                i = self.powers[seat].index(old)
                self.powers[seat][i] = new
                self.power_pool.insert(0, old)
                if old == "comedien" and "comedien" not in self.powers[seat]:
                    self._return_roles(seat)
                if new == "comedien" and not self.roles[seat]:
                    self._give_roles(seat)
                if old in self.shown_powers[seat]:
                    self.shown_powers[seat].remove(old)
                self.reveal()
                self.emit(f"{P(seat)} remplace son pouvoir {POWER_BY_ID[old].name['fr']}.",
                          f"{P(seat)} replaces their power {POWER_BY_ID[old].name['en']}.")
                self._announce_powers(seat)
            q["powers"].remove(old)
            done = not q["powers"]
        elif kind == "keep_powers":
            pass
        elif kind == "answer":
            self.commitments.append([seat, q["question"], action["yes"]])
            self.emit(f"{P(seat)} répond : {'oui' if action['yes'] else 'non'} (et s'y tiendra).",
                      f"{P(seat)} answers: {'yes' if action['yes'] else 'no'} (and will stick to it).")
        elif kind == "end_turn":
            self.phase = "end_turn"
        if done:  # effects may have queued decisions in front of it (a Zombie rising, a Vulch)
            for i, item in enumerate(self.queue):
                if item is q:
                    self.queue.pop(i)
                    break

    # ---- what each seat sees ----------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        deal = None
        if self.deal is not None:
            st = self.deal["standing"]
            deal = {"turn": self.deal["turn"], "proposals": self.deal["proposals"],
                    "max_proposals": MAX_DEAL_PROPOSALS, "clock_seconds": 60,
                    "standing": None if st is None else {
                        "by": st["by"], "give_base": st["give_base"], "ask_base": st["ask_base"],
                        "give_cards": list(st["give_cards"]) if seat in (self.offence, self.defence) else None,
                        "give_cards_count": len(st["give_cards"]), "ask_cards": st["ask_cards"],
                        "zombie_return": st.get("zombie_return", 0)},
                    "draft": dict(self.deal["draft"], give_cards=list(self.deal["draft"]["give_cards"]))
                    if seat == self.deal["turn"] else None}
        pending = None
        if self.queue:
            q = self.queue[0]
            pending = {k: v for k, v in q.items() if k in ("seat", "kind", "side", "sent", "left", "planet")}
            if q.get("veiled"):  # asked to holders and non-holders alike: shown as the window it is
                pending = {"seat": q["seat"], "kind": "window", "moment": q["kind"],
                           **({"left": q["left"]} if "left" in q else {})}
            elif q["kind"] == "window":
                pending["moment"] = q["moment"]
        return {
            "phase": self.phase,
            "colours": list(self.colours),
            "planets": [[list(pl) for pl in sys] for sys in self.planets],
            "trou_noir": list(self.trou_noir),
            "removed": list(self.removed),
            "eliminated": list(self.eliminated),
            "offence": self.offence,
            "defence": self.defence,
            "target": list(self.target) if self.target else None,
            "duel_no": self.duel_no,
            "oval": [len(t) for t in self.oval],
            "ring": [len(t) for t in self.ring],
            "invited": {k: list(v) for k, v in self.invited.items()},
            "allies": {k: list(v) for k, v in self.allies.items()},
            "sealed": [None if c is None else (c if (self.revealed or s == seat or s in self.oracle_shown) else "hidden")
                       for s, c in enumerate(self.sealed)],
            "revealed": self.revealed,
            "totals": list(self.last_totals) if self.last_totals else None,
            "cup": {"count": len(self.cup), "aside": list(self.aside)},
            "deck_count": len(self.deck),
            "discard": list(self.discard),
            "hands": [{"count": len(h), "cards": sorted(h) if s == seat else None} for s, h in enumerate(self.hands)],
            "powers": [{"powers": self.known_powers(s, seat), "count": len(self.powers[s]),
                        "active": self.has_power_use(s)} for s in range(self.players)],
            # A hidden Comédien's roles count as still in the box: taking them must not show there is one.
            "power_pool_count": len(self.power_pool) + sum(len(self.roles[s]) for s in range(self.players)
                                                           if "comedien" not in self.known_powers(s, seat)),
            "roles": [list(self.roles[s]) if (not self.hidden_powers or s == seat or "comedien" in
                                              self.known_powers(s, seat)) else None for s in range(self.players)],
            "role": list(self.role),
            "escamote": self.escamote,
            "escamote_used": list(self.escamote_used),
            "out_of_game": list(self.out_of_game),
            "foreign_bases": [self.foreign_bases(s) for s in range(self.players)],
            "deal": deal,
            "pending": pending,
            "cards": card_table(),
            "power_texts": power_table(),
        }
