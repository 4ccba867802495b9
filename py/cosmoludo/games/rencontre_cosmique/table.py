"""Rencontre Cosmique's table: its setup, the powers dealt, board queries, who knows which card is where,
cards and tokens: the state and the moves every chapter of the rules shares."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ...core.flow import FlowState
from ...core.options import read_options
from ...core.pile import draw as draw_pile
from ...core.text import P, n_noun
from .asks import Queue
from .data import (
    CARTE,
    COLOUR_NAMES,
    COLOURS,
    DISCS_PER_COLOUR,
    HAND_SIZE,
    PION,
    PLANETS_PER_SYSTEM,
    POUVOIR,
    POWER_BY_ID,
    TOKENS_PER_PLANET,
    VIDE_ELIMINATION,
    WORDS,
    card_matches,
    deck_cards,
    is_duel_card,
)
from .power_entry import _cen, _cfr
from .powers import (
    IMPLEMENTED_POWERS,
    LENDERS,
    LENDS,
    LENT,
    NEW_HAND_KEEPS,
    NOT_WITH,
    ON_DISCARD,
    ON_LOSE,
    SEES_POWERS,
    SHOWS_LENT,
    STAYS,
    VEILS,
    on_gain,
)

#: The game's options, declared as data in options.json beside this module (the catalog's shape).
OPTIONS = read_options(__package__)

#: The most proposals a deal can see before only « accept » or the clock remain (the minute is short).
MAX_DEAL_PROPOSALS = 8
#: The deal's minute (a page-side countdown: the engine never reads the wall clock; « timeout » ends the deal).
DEAL_SECONDS = 60

Planet = tuple[int, int]  # (system = seat of its owner, planet index 0..4)


def _pl(planet: Planet) -> tuple[str, str]:
    s, p = planet
    c = COLOUR_NAMES[COLOURS[s]]
    return ("la " + WORDS["planet"]["fr"].format(n=p + 1, colour=c["fr"]),
            WORDS["planet"]["en"].format(n=p + 1, colour=c["en"]))


class Table(FlowState):
    """The shared state of a game and the queries and moves every chapter uses (no turn logic here)."""

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
        self.queue = Queue()  # pending decisions (asks.py), first one acts
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
        # A power not used in a game with another (the Insecte with the Oracle) is replaced by another.
        for pw, rival in NOT_WITH:
            if rival in self._dealt():
                pool = [p for p in pool if p != pw]
                for s in range(n):
                    if pw in self.powers[s]:
                        i = self.powers[s].index(pw)
                        self.powers[s][i] = pool.pop() if pool else ""
                        self.powers[s] = [p for p in self.powers[s] if p]
        self.power_pool = pool
        for s in range(n):
            on_gain(self, s, self.powers[s])  # powers.py: the Comédien takes its roles
        if self.options.get("deux_sur_trois"):
            for s in range(n):
                if len(self.powers[s]) == 3:
                    self._push(s, "drop_power")

    def _dealt(self) -> list[str]:
        return [p for ps in self.powers for p in ps]

    def _draw_power(self) -> str | None:
        """A new power from the box, keeping apart the powers never dealt together (the Insecte and the Oracle)."""
        dealt = self._dealt()
        for i in range(len(self.power_pool) - 1, -1, -1):
            p = self.power_pool[i]
            if any((p == a and b in dealt) or (p == b and a in dealt) for a, b in NOT_WITH):
                continue
            return self.power_pool.pop(i)
        return None

    def _announce_powers(self, seat: int) -> None:
        names = [POWER_BY_ID[p].name for p in self.powers[seat]]
        if self.hidden_powers:
            fr, en = n_noun(len(names), POUVOIR)
            self.emit(f"{P(seat)} a {fr} caché{'s' if len(names) > 1 else ''}.",
                      f"{P(seat)} has {en.replace(' ', ' hidden ', 1)}.")
            self.emit(f"Vos pouvoirs : {', '.join(x['fr'] for x in names)}.",
                      f"Your powers: {', '.join(x['en'] for x in names)}.", to=[seat])
        else:
            self.emit(f"{POUVOIR.fr_n(len(names)).capitalize()} de {P(seat)} : "
                      f"{', '.join(x['fr'] for x in names) or 'aucun'}.",
                      f"{P(seat)}'s {POUVOIR.en_n(len(names))}: {', '.join(x['en'] for x in names) or 'none'}.")

    def _note_use(self, seat: int, power: str) -> None:
        """A power acts: with hidden powers, that reveals it (a power used through another shows that other one:
        powers.py, the entries' `shows_lent`)."""
        if not self.hidden_powers:
            return
        if power not in self.powers[seat]:
            power = next(pw for pw, shows in SHOWS_LENT if shows(self, seat, power))
        if power not in self.shown_powers[seat]:
            self.shown_powers[seat].append(power)
            self.reveal()
            self.emit(f"{P(seat)} révèle son pouvoir : {POWER_BY_ID[power].name['fr']}.",
                      f"{P(seat)} reveals their power: {POWER_BY_ID[power].name['en']}.")

    def known_powers(self, seat: int, viewer: int | None) -> list[str]:
        """The powers of `seat` that `viewer` may see."""
        if not self.hidden_powers or viewer == seat or self._sees_powers(viewer, seat):
            return list(self.powers[seat])
        return list(self.shown_powers[seat])

    def _sees_powers(self, viewer: int | None, seat: int) -> bool:
        """`viewer` knows `seat`'s hidden powers through a power of its own (powers.py: an Insecte facing it)."""
        return any(sees(self, viewer, seat) for sees in SEES_POWERS)

    def _vanished(self, power: str) -> bool:
        """The Escamoteur made the powers vanish for the turn, and `power` with them."""
        return self.escamote == "pouvoirs" and power not in STAYS

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
        if self._vanished(power) or [seat, power] in self.zapped:
            return False
        if power in self.shown_powers[seat] or power == self.role[seat]:
            return False  # known to be there: asked openly, like without the variant
        if self._might_own(seat, power):
            return True  # may be among its unrevealed powers
        return any(veils(self, seat, power) for veils in VEILS)  # powers.py: held through an Insecte's copy

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
        #: sealed_seen[h]: the seats that know which card h's face-down duel card is (it was theirs before a swap).
        self.sealed_seen: list[list[int]] = [[] for _ in range(n)]
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
        return sum(1 for sys, system in enumerate(self.planets) if sys != seat for planet in system if planet[seat] > 0)

    def home_bases(self, seat: int) -> int:
        return sum(1 for planet in self.planets[seat] if planet[seat] > 0)

    def power_threshold(self) -> int:
        return 4 if self.players == 2 else 3

    def has_power_use(self, seat: int) -> bool:
        """Powers work only while enough home planets hold your base."""
        return self.home_bases(seat) >= self.power_threshold()

    def power_on(self, seat: int, power: str) -> bool:
        """True when `seat` may use `power` right now (owned or copied, enough home planets, not zapped)."""
        if self.eliminated[seat] or [seat, power] in self.zapped:
            return False
        if self._vanished(power):
            return False
        own = self.powers[seat]
        if power in own:
            return self.has_power_use(seat)
        if not any(p in LENDERS for p in own):  # no power of its own lends it another (most seats, most calls)
            return False
        return any(lends(self, seat, power) for lends in LENDS)  # powers.py: a Comédien's role, an Insecte's copy

    def opponent_of(self, seat: int) -> int | None:
        if self.defence is None:
            return None
        if seat == self.offence:
            return self.defence
        if seat == self.defence:
            return self.offence
        return None

    def lent_powers(self, seat: int) -> list[str]:
        """The powers `seat` holds for the duel through one of its own (a Comédien's role, an Insecte's copy)."""
        return [p for lent in LENT for p in lent(self, seat)]

    def involved(self, seat: int) -> bool:
        return seat in (self.offence, self.defence) or bool(self.oval[seat] or self.ring[seat])

    def priority(self) -> list[int]:
        """Who acts first when several could (ruling 5): others from the offence's left, offence, defence."""
        main = [self.offence] + ([self.defence] if self.defence is not None else [])
        return [s for s in self.seats_from_left_of(self.offence) if s not in main] + main

    def tokens_on_bases(self, seat: int) -> int:
        return sum(planet[seat] for system in self.planets for planet in system)  # a planet without any adds 0

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
        if self.gone("pioche"):
            return []
        got, reshuffled = draw_pile(self.deck, self.discard, self.rng, k)
        if reshuffled:
            self.emit("La pioche est vide : la défausse est mélangée.", "The deck is empty: the discard is shuffled.")
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
            fr, en = n_noun(len(taken), CARTE)
            self.emit(f"{P(taker)} prend au hasard {fr} à {P(giver)}.", f"{P(taker)} takes {en} at random from {P(giver)}.")
            many = len(taken) > 1
            self.emit(f"{'Cartes prises' if many else 'Carte prise'} : {names}.",
                      f"{'Cards' if many else 'Card'} taken: {names_en}.", to=[giver, taker])
        return taken

    def _needs_new_hand(self, seat: int) -> bool:
        return not self.has_duel_card(seat) and bool(self.deck or self.discard) and not self.gone("pioche")

    def _new_hand(self, seat: int, keep_edicts: bool = False) -> None:
        """Edicts go, then seven new cards. `keep_edicts`: the seat answered that a power of its keeps them
        (powers.py, the entries' `new_hand_keeps`: a Vulch may keep and show them, its power is optional)."""
        edicts = [c for c in self.hands[seat]]
        if keep_edicts:
            for keep in NEW_HAND_KEEPS:
                edicts = keep(self, seat, edicts)
        self._discard_cards(seat, edicts)
        if edicts:
            many = len(edicts) > 1
            self.emit(f"{P(seat)} défausse {'ses édits' if many else 'son édit'} : {', '.join(_cfr(c) for c in edicts)}.",
                      f"{P(seat)} discards their {'edicts' if many else 'edict'}: {', '.join(_cen(c) for c in edicts)}.")
            self._discarded(seat, edicts)
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
        if any(hook(self, seat, k, vide) for hook in ON_LOSE):  # powers.py: the Zombie's rise
            return
        self._lose_now(seat, k, vide)

    def _lose_now(self, seat: int, k: int, vide: bool) -> None:
        if k <= 0:
            return
        if self.gone("trou_noir") and self.bases(seat):  # the Vide's victims too: nothing goes there
            self.trou_noir[seat] += k  # briefly: they come straight back out
            self.queue.insert(0, {"seat": seat, "kind": "place", "origins": [None] * k, "src": "trou_noir"})
            fr, en = n_noun(k, PION)
            self.emit(f"Le Trou Noir a disparu : {fr} de {P(seat)} retourne{'nt' if k > 1 else ''} sur ses bases.",
                      f"The Black Hole has vanished: {en} of {P(seat)} go{'' if k > 1 else 'es'} back to their bases.")
            return
        if vide:
            self.removed[seat] += k
            fr, en = n_noun(k, PION)
            self.emit(f"{fr} de {P(seat)} {'sont anéantis' if k > 1 else 'est anéanti'} par le Vide.",
                      f"{en} of {P(seat)} {'are' if k > 1 else 'is'} annihilated by the Void.")
            self._check_vide_elimination(seat)
        else:
            self.trou_noir[seat] += k
            fr, en = n_noun(k, PION)
            self.emit(f"{fr} de {P(seat)} {'vont' if k > 1 else 'va'} dans le Trou Noir.",
                      f"{en} of {P(seat)} go{'' if k > 1 else 'es'} into the Black Hole.")

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
        self._discarded(seat, edicts)  # its edicts went to the discard: a Vulch may collect them

    def _place_dests(self, seat: int, origins: list[Planet | None]) -> list[Planet]:
        """Where returning tokens may go: any base of the seat, or where they came from if it has none."""
        dests = set(self.bases(seat))
        if not dests:
            dests = {o for o in origins if o is not None}
        return sorted(dests)

    # ---- moves the chapters share ------------------------------------------------
    @property
    def queue(self) -> Queue:
        """The questions waiting (the flow's asks), the first one asked now."""
        return self.asks  # type: ignore[return-value]

    @queue.setter
    def queue(self, items: Iterable[dict[str, Any]]) -> None:
        """Replaced in place: the flow's loop holds the list while a step or an effect rewrites it."""
        if isinstance(self.asks, Queue):
            self.asks[:] = items
        else:
            self.asks = Queue(items)  # type: ignore[assignment]

    def _push(self, seat: int, kind: str, **data: Any) -> None:
        self.queue.append({"seat": seat, "kind": kind, **data})

    def gone(self, item: str) -> bool:
        return self.escamote == item

    def _discarded(self, seat: int, cards: list[str]) -> None:
        """`seat`'s cards went to the discard: the powers that react (powers.py: a Vulch may collect the edicts)."""
        for hook in ON_DISCARD:
            hook(self, seat, cards)

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
