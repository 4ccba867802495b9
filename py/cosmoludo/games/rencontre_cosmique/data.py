"""Rencontre Cosmique as data: colours, the 54 cards, the edicts and the alien powers, in our own words."""
from __future__ import annotations

from typing import NamedTuple

from ...core.text import Noun

#: Seat i plays colour COLOURS[i]; the board has one home system per seat.
COLOURS: tuple[str, ...] = ("rouge", "bleu", "jaune", "vert")
COLOUR_NAMES: dict[str, dict[str, str]] = {
    "rouge": {"fr": "Rouge", "en": "Red"},
    "bleu": {"fr": "Bleu", "en": "Blue"},
    "jaune": {"fr": "Jaune", "en": "Yellow"},
    "vert": {"fr": "Vert", "en": "Green"},
}
#: Words the log and the page both say, with {placeholders} (str.format here, i18n.tr's params on the page): the
#: page has them from the catalog (view.py catalog_tables), never written again in web/.
WORDS: dict[str, dict[str, str]] = {
    "planet": {"fr": "planète {n} du système {colour}", "en": "planet {n} of the {colour} system"},
    "deal_base": {"fr": "une base pour {to} sur {planet}", "en": "a base for {to} on {planet}"},
    # One entry per number (« 1 carte », « 3 cartes »): the page fills them in without a grammar of its own.
    "deal_chosen_card": {"fr": "{n} carte au choix de {giver} à {to}", "en": "{n} chosen card from {giver} to {to}"},
    "deal_chosen_cards": {"fr": "{n} cartes au choix de {giver} à {to}",
                          "en": "{n} chosen cards from {giver} to {to}"},
    "deal_random_card": {"fr": "{n} carte au hasard de {giver} à {to}", "en": "{n} random card from {giver} to {to}"},
    "deal_random_cards": {"fr": "{n} cartes au hasard de {giver} à {to}",
                          "en": "{n} random cards from {giver} to {to}"},
}
#: The nouns the log counts, with their gender and plurals beside them (« 1 pion », « 3 cartes »).
PION = Noun("pion", "m", "token")
CARTE = Noun("carte", "f", "card")
POUVOIR = Noun("pouvoir", "m", "power")
PLANETS_PER_SYSTEM = 5
TOKENS_PER_PLANET = 4
TOKENS_PER_COLOUR = PLANETS_PER_SYSTEM * TOKENS_PER_PLANET  # 20
DISCS_PER_COLOUR = 4
HAND_SIZE = 7
MAX_TOKENS_ON_CONE = 4  # per player, offence and each ally alike
BASES_TO_WIN = 5
DEAL_PENALTY = 3  # tokens each side loses when no deal is reached
VIDE_ELIMINATION = 15  # more than this many removed tokens eliminates a player


class Card(NamedTuple):
    id: str
    kind: str  # "attaque" | "compromis" | "edit"
    value: int  # the number on an attack card, 0 otherwise
    copies: int  # how many of it the deck holds
    name: dict[str, str]
    text: dict[str, str]


def _attack(value: int, count: int) -> Card:
    return Card(f"attaque_{value}", "attaque", value, count,
                {"fr": f"Attaque {value}", "en": f"Attack {value}"},
                {"fr": f"Carte de duel : ajoutez {value} aux pions de votre camp.",
                 "en": f"Duel card: add {value} to the tokens on your side."})


CARDS: tuple[Card, ...] = (
    Card("compromis", "compromis", 0, 10, {"fr": "Compromis", "en": "Compromise"},
         {"fr": "Carte de duel : face à une attaque vous perdez, mais prenez une consolation ; "
                "face à un compromis vous négociez un marché.",
          "en": "Duel card: against an attack you lose but take a consolation; "
                "against a compromise you negotiate a deal."}),
    _attack(4, 2), _attack(6, 8), _attack(8, 8), _attack(10, 6), _attack(12, 4),
    _attack(14, 2), _attack(15, 2), _attack(18, 1), _attack(20, 2), _attack(30, 1),
    Card("moebius", "edit", 0, 2, {"fr": "Anneaux de Moebius", "en": "Moebius Rings"},
         {"fr": "Au début de votre duel, avant la tasse de la destinée : chaque joueur reprend tous ses pions "
                "du Trou Noir et les pose sur ses bases (sans base, il n'en reprend aucun).",
          "en": "At the start of your duel, before the destiny draw: every player takes all of their tokens "
                "back from the Black Hole onto their bases (a player without a base takes none)."}),
    Card("champ_de_force", "edit", 0, 1, {"fr": "Champ de Force", "en": "Force Field"},
         {"fr": "Une fois les alliances faites, avant que les cartes de duel soient retournées : renvoyez "
                "chez eux les alliés de votre choix, avec leurs pions.",
          "en": "Once alliances are made, before the duel cards are turned over: send the allies of your "
                "choice home with their tokens."}),
    Card("controle_emotionnel", "edit", 0, 1, {"fr": "Contrôle Émotionnel", "en": "Emotion Control"},
         {"fr": "Juste après que les cartes de duel sont retournées : les deux deviennent des compromis, "
                "il faut donc négocier un marché.",
          "en": "Right after the duel cards are turned over: both become compromises, so a deal must be "
                "negotiated."}),
    Card("gaz_stellaire", "edit", 0, 1, {"fr": "Gaz Stellaire", "en": "Stellar Gas"},
         {"fr": "Quand un joueur va prendre sa consolation : il n'en prend aucune pour ce duel.",
          "en": "When a player is about to take a consolation: they take none for this duel."}),
    Card("peste", "edit", 0, 1, {"fr": "La Peste", "en": "The Plague"},
         {"fr": "À tout moment : nommez une victime. Elle perd trois pions de ses bases, une attaque, un "
                "compromis et un édit, qu'elle choisit elle-même (ce qu'elle n'a pas, elle ne le perd pas).",
          "en": "At any time: name a victim. They lose three tokens from their bases, one attack, one "
                "compromise and one edict, chosen by themselves (what they lack, they do not lose)."}),
    Card("zap", "edit", 0, 2, {"fr": "Zap Cosmique", "en": "Cosmic Zap"},
         {"fr": "Quand un joueur veut se servir de son pouvoir : ce pouvoir est suspendu jusqu'à la fin du duel.",
          "en": "When a player tries to use their power: that power is suspended until the end of the duel."}),
)

BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
EDICTS: tuple[str, ...] = tuple(c.id for c in CARDS if c.kind == "edit")


def deck_cards() -> list[str]:
    """The 54 cards, sorted (the engine shuffles them with its own generator)."""
    return [c.id for c in CARDS for _ in range(c.copies)]


def is_duel_card(card: str) -> bool:
    return BY_ID[card].kind != "edit"


def attack_value(card: str) -> int:
    return BY_ID[card].value


class Power(NamedTuple):
    id: str
    name: dict[str, str]
    mandatory: bool  # DECISIONS.md ruling 4: worded as a fact → always applies
    bonus: bool  # from the strategy article, not the box
    text: dict[str, str]


POWERS: tuple[Power, ...] = (
    Power("chercheur", {"fr": "Le Chercheur", "en": "The Seeker"}, False, False,
          {"fr": "Quand vous prenez part à un duel (principal ou allié), avant que les cartes soient posées, "
                 "vous pouvez poser une question fermée à l'un des deux adversaires ; sa réponse l'engage.",
           "en": "When you take part in a duel (main player or ally), before the cards are laid, you may ask "
                 "one of the two opponents a yes/no question; the answer binds them."}),
    Power("machine", {"fr": "La Machine", "en": "The Machine"}, False, False,
          {"fr": "Votre tour ne s'arrête pas après deux duels, ni après un échec : tant qu'il vous reste des "
                 "cartes de duel, vous pouvez lancer un nouveau duel.",
           "en": "Your turn does not stop after two duels, nor after a failure: as long as you hold duel "
                 "cards, you may start another duel."}),
    Power("amibe", {"fr": "L'Amibe", "en": "The Amoeba"}, False, False,
          {"fr": "Une fois les cartes de duel posées face cachée, avant qu'elles soient retournées, vous pouvez "
                 "retirer de vos pions engagés vers vos bases ou en ajouter autant que vous voulez depuis vos bases.",
           "en": "Once the duel cards are laid face down, before they are turned over, you may pull some of "
                 "your committed tokens back to your bases or add as many as you like from your bases."}),
    Power("chronos", {"fr": "Le Chronos", "en": "Chronos"}, False, False,
          {"fr": "Après que les cartes sont retournées, vous pouvez remonter le temps : vous reprenez votre "
                 "carte, votre adversaire met la sienne de côté (sauf si c'est sa dernière carte de duel), et "
                 "chacun rejoue une carte ; ce second résultat est définitif. Il récupère ensuite la carte mise "
                 "de côté.",
           "en": "After the cards are turned over, you may travel back in time: you take your card back, your "
                 "opponent sets theirs aside (unless it is their last duel card), and each plays a card again; "
                 "this second outcome stands. They then take the set-aside card back."}),
    Power("clone", {"fr": "Le Clone", "en": "The Clone"}, False, False,
          {"fr": "Quand le duel est résolu, vous pouvez reprendre en main la carte de duel que vous avez jouée "
                 "au lieu de la défausser.",
           "en": "When the duel is resolved, you may take the duel card you played back into your hand instead "
                 "of discarding it."}),
    Power("laser", {"fr": "Le Laser", "en": "The Laser"}, True, False,
          {"fr": "Après avoir posé votre carte de duel face cachée, vous tirez au hasard dans la main de votre "
                 "adversaire la carte qu'il devra jouer.",
           "en": "After laying your duel card face down, you draw at random from your opponent's hand the card "
                 "they must play."}),
    Power("macron", {"fr": "Le Macron", "en": "The Macron"}, True, False,
          {"fr": "Pour attaquer ou soutenir l'attaque comme allié, vous n'engagez qu'un seul pion, mais chacun de vos "
                 "pions compte pour quatre dans le total. Pour les consolations et récompenses, il ne compte que "
                 "pour un.",
           "en": "To attack, or to back the attack as an ally, you commit a single token, but each of your tokens "
                 "counts as four in the total. For consolations and rewards it counts as one."}),
    Power("mutant", {"fr": "Le Mutant", "en": "The Mutant"}, False, False,
          {"fr": "Comme joueur offensif ou défensif, avant de jouer votre carte, une fois par duel, vous pouvez "
                 "compléter votre main à sept cartes, une à une, au hasard dans la main d'autres joueurs ou dans "
                 "la pioche.",
           "en": "As the offence or the defence, before playing your card, once per duel, you may fill your hand "
                 "up to seven cards, one at a time, at random from other players' hands or from the deck."}),
    Power("philantrope", {"fr": "Le Philantrope", "en": "The Philanthropist"}, False, False,
          {"fr": "Quand vous prenez part à un duel (principal ou allié), avant que les cartes soient posées, "
                 "vous pouvez donner une de vos cartes au joueur offensif ou défensif.",
           "en": "When you take part in a duel (main player or ally), before the cards are laid, you may give "
                 "one of your cards to the offence or the defence."}),
    Power("sorcier", {"fr": "Le Sorcier", "en": "The Sorcerer"}, False, False,
          {"fr": "Comme l'un des deux adversaires, une fois les cartes posées face cachée et avant qu'elles "
                 "soient retournées, vous pouvez les échanger : chacun est réputé avoir joué la carte de l'autre.",
           "en": "As one of the two opponents, once the cards are laid face down and before they are turned "
                 "over, you may swap them: each counts as having played the other's card."}),
    Power("vide", {"fr": "Le Vide", "en": "The Void"}, True, False,
          {"fr": "Comme joueur offensif ou défensif, les pions que votre camp adverse perd parce que vous gagnez "
                 "ou parce qu'aucun marché n'est conclu sont retirés du jeu pour toujours. Un joueur qui en a "
                 "perdu plus de quinze ainsi est éliminé : ses cartes vont à la défausse, ses pions et ses disques "
                 "quittent le jeu ; les bases des autres dans son système restent.",
           "en": "As the offence or the defence, the tokens your opposing side loses because you win or because "
                 "no deal is made leave the game for good. A player who has lost more than fifteen this way is "
                 "eliminated: their cards are discarded, their tokens and discs leave the game; other players' "
                 "bases in their system remain."}),
    Power("virus", {"fr": "Le Virus", "en": "The Virus"}, True, False,
          {"fr": "Quand vous jouez une carte d'attaque, le nombre de pions de votre camp (les vôtres et ceux de "
                 "vos alliés) est multiplié par la valeur de la carte au lieu de lui être ajouté.",
           "en": "When you play an attack card, the number of tokens on your side (yours and your allies') is "
                 "multiplied by the card's value instead of added to it."}),
    Power("vulch", {"fr": "Le Vulch", "en": "The Vulch"}, False, False,
          {"fr": "Chaque fois qu'un autre joueur joue ou défausse un édit, vous pouvez le prendre en main. "
                 "Quand vous reprenez une main, vous gardez vos édits (montrés à tous) en plus des sept cartes.",
           "en": "Whenever another player plays or discards an edict, you may take it into your hand. When you "
                 "draw a new hand, you keep your edicts (shown to all) on top of the seven cards."}),
    Power("zombie", {"fr": "Le Zombie", "en": "The Zombie"}, False, False,
          {"fr": "Quand vous perdez des pions, vous pouvez les remettre sur vos bases au lieu du Trou Noir. Dans "
                 "un marché, vous pouvez aussi rendre à votre adversaire des pions à lui du Trou Noir.",
           "en": "When you lose tokens, you may put them back on your bases instead of the Black Hole. In a deal "
                 "you may also give your opponent back some of their tokens from the Black Hole."}),
    Power("echangeur", {"fr": "L'Échangeur", "en": "The Trader"}, False, False,
          {"fr": "Comme l'un des deux adversaires, avant que les cartes soient posées, vous pouvez échanger "
                 "votre main contre celle de votre adversaire, définitivement.",
           "en": "As one of the two opponents, before the cards are laid, you may swap your whole hand with your "
                 "opponent's, for good."}),
    Power("empathe", {"fr": "L'Empathe", "en": "The Empath"}, True, False,
          {"fr": "Comme l'un des deux adversaires, si vous jouez un compromis, la carte de votre adversaire "
                 "devient aussi un compromis.",
           "en": "As one of the two opponents, if you play a compromise, your opponent's card becomes a "
                 "compromise too."}),
    Power("oracle", {"fr": "L'Oracle", "en": "The Oracle"}, True, False,
          {"fr": "Dans un duel, votre adversaire joue sa carte face visible d'abord ; vous choisissez la vôtre "
                 "ensuite, en la connaissant.",
           "en": "In a duel your opponent plays their card face up first; you choose yours afterwards, knowing "
                 "it."}),
    Power("esprit", {"fr": "L'Esprit", "en": "The Mind"}, False, False,
          {"fr": "Pendant un duel, avant que les cartes soient posées, vous pouvez regarder toute la main de "
                 "l'un des deux adversaires (celle de votre adversaire si vous en êtes un).",
           "en": "During a duel, before the cards are laid, you may look at the whole hand of one of the two "
                 "opponents (your opponent's if you are one of them)."}),
    Power("insecte", {"fr": "L'Insecte", "en": "The Insect"}, True, False,
          {"fr": "Comme joueur offensif ou défensif, vous avez le pouvoir de votre adversaire pour ce duel, même "
                 "s'il en a perdu l'usage. On ne l'utilise pas dans une partie avec l'Oracle.",
           "en": "As the offence or the defence, you have your opponent's power for this duel, even if they "
                 "lost its use. Not used in a game that has the Oracle."}),
    Power("voleur", {"fr": "Le Voleur", "en": "The Thief"}, False, False,
          {"fr": "Quand les cartes du duel partent à la défausse, vous pouvez prendre en main celle que votre "
                 "adversaire a jouée.",
           "en": "When the duel's cards go to the discard pile, you may take the one your opponent played into "
                 "your hand."}),
    Power("escamoteur", {"fr": "L'Escamoteur", "en": "The Conjurer"}, True, True,
          {"fr": "Avant le tour de chaque joueur, vous faites disparaître pour ce tour un élément de la liste "
                 "(tasse, cône, pouvoirs, Trou Noir, alliances, pioche, défausse, édits, compromis, attaques) ; "
                 "un élément ne revient qu'une fois toute la liste utilisée.",
           "en": "Before each player's turn, you make one item of the list vanish for that turn (cup, cone, "
                 "powers, Black Hole, alliances, deck, discard pile, edicts, compromises, attacks); an item comes "
                 "back only once the whole list has been used."}),
    Power("comedien", {"fr": "Le Comédien", "en": "The Actor"}, True, True,
          {"fr": "Vous recevez au départ autant d'autres pouvoirs que de joueurs. Avant chaque duel où vous êtes "
                 "offensif ou défensif, vous annoncez lequel vous jouez, jamais le même deux duels de suite.",
           "en": "At the start you receive as many other powers as there are players. Before each duel where you "
                 "are the offence or the defence, you announce which one you play, never the same one twice in "
                 "a row."}),
)
POWER_BY_ID: dict[str, Power] = {p.id: p for p in POWERS}


def card_table() -> dict[str, dict[str, object]]:
    """Names and texts for the page (static)."""
    return {c.id: {"kind": c.kind, "value": c.value, "name": dict(c.name), "text": dict(c.text)} for c in CARDS}


def power_table() -> dict[str, dict[str, object]]:
    return {p.id: {"name": dict(p.name), "mandatory": p.mandatory, "bonus": p.bonus, "text": dict(p.text)}
            for p in POWERS}


#: The Chercheur's questions (DECISIONS.md ruling 3). "fact" questions are answered by the engine from the
#: hand (nobody can lie); "intent" questions are answered by the player and bind the duel card they play.
QUESTIONS: dict[str, dict[str, object]] = {
    "joue_compromis": {"kind": "intent", "fr": "Allez-vous jouer un compromis ?",
                       "en": "Will you play a compromise?"},
    **{f"attaque_{n}_ou_plus": {"kind": "intent", "min": n, "fr": f"Allez-vous jouer une attaque d'au moins {n} ?",
                                "en": f"Will you play an attack of at least {n}?"} for n in (8, 10, 12, 15, 20)},
    "a_compromis": {"kind": "fact", "fr": "Avez-vous un compromis en main ?", "en": "Do you hold a compromise?"},
    "a_edit": {"kind": "fact", "fr": "Avez-vous un édit en main ?", "en": "Do you hold an edict?"},
    "a_zap": {"kind": "fact", "fr": "Avez-vous un Zap Cosmique en main ?", "en": "Do you hold a Cosmic Zap?"},
    "a_attaque_15": {"kind": "fact", "fr": "Avez-vous une attaque d'au moins 15 en main ?",
                     "en": "Do you hold an attack of 15 or more?"},
}


def card_matches(question: str, card: str) -> bool:
    """Whether playing `card` honours a « yes » to an intent question."""
    q = QUESTIONS[question]
    if question == "joue_compromis":
        return card == "compromis"
    return BY_ID[card].kind == "attaque" and BY_ID[card].value >= int(q["min"])  # type: ignore[call-overload]


def fact_answer(question: str, hand: list[str]) -> bool:
    if question == "a_compromis":
        return "compromis" in hand
    if question == "a_edit":
        return any(BY_ID[c].kind == "edit" for c in hand)
    if question == "a_zap":
        return "zap" in hand
    return any(BY_ID[c].kind == "attaque" and BY_ID[c].value >= 15 for c in hand)


#: What the Escamoteur can make vanish for one turn (letters A–J of the article), in our own words.
ESCAMOTABLE: dict[str, dict[str, str]] = {
    "tasse": {"fr": "La tasse de la destinée : l'attaquant choisit librement les planètes de ses duels.",
              "en": "The destiny cup: the offence freely chooses the planets of its duels."},
    "cone": {"fr": "Le cône : les duels s'arrêtent après la reprise d'un pion du Trou Noir.",
             "en": "The cone: duels stop after taking a token back from the Black Hole."},
    "pouvoirs": {"fr": "Les pouvoirs : aucun ne s'utilise, sauf celui de l'Escamoteur.",
                 "en": "The powers: none can be used, except the Conjurer's."},
    "trou_noir": {"fr": "Le Trou Noir : les pions qui devraient y aller retournent sur les bases de leur propriétaire.",
                  "en": "The Black Hole: tokens that should go there return to their owner's bases."},
    "alliances": {"fr": "Les alliances : personne ne peut s'allier.", "en": "Alliances: nobody may ally."},
    "pioche": {"fr": "La pioche : aucune carte ne se pioche ; un attaquant sans carte passe son tour, un défenseur "
                     "sans carte laisse l'attaquant se poser.",
               "en": "The deck: no card can be drawn; an offence without cards skips its turn, a defence without "
                     "cards lets the offence land."},
    "defausse": {"fr": "La défausse : les cartes jouées pendant ce tour quittent la partie.",
                 "en": "The discard pile: cards played this turn leave the game."},
    "edits": {"fr": "Les édits : aucun ne peut être joué.", "en": "Edicts: none can be played."},
    "compromis": {"fr": "Les compromis : aucun ne peut être joué.", "en": "Compromises: none can be played."},
    "attaques": {"fr": "Les attaques : aucune ne peut être jouée.", "en": "Attacks: none can be played."},
}
#: Their short names, as the page says them (« fait disparaître : la tasse de la destinée »): each text above opens
#: with its name.
ESCAMOTABLE_NAMES: dict[str, dict[str, str]] = {
    "tasse": {"fr": "la tasse de la destinée", "en": "the destiny cup"},
    "cone": {"fr": "le cône", "en": "the cone"},
    "pouvoirs": {"fr": "les pouvoirs", "en": "the powers"},
    "trou_noir": {"fr": "le Trou Noir", "en": "the Black Hole"},
    "alliances": {"fr": "les alliances", "en": "alliances"},
    "pioche": {"fr": "la pioche", "en": "the deck"},
    "defausse": {"fr": "la défausse", "en": "the discard pile"},
    "edits": {"fr": "les édits", "en": "edicts"},
    "compromis": {"fr": "les compromis", "en": "compromises"},
    "attaques": {"fr": "les attaques", "en": "attacks"},
}


#: This version's precisions (shown on the rules page with DECISIONS.md's rulings): where the engine had to
#: choose how a table rule becomes a sequence of decisions.
RULINGS: tuple[dict[str, str], ...] = (
    {"fr": "Chaque couleur met un disque sur l'étoile de son système et les trois autres dans la tasse.",
     "en": "Each colour puts one disc on its home star and the other three in the cup."},
    {"fr": "Édits et pouvoirs se proposent à des moments fixes : début du duel (avant la tasse), défenseur désigné "
           "(avant qu'il vérifie ses cartes), avant les cartes, cartes posées, cartes retournées, consolation. Tout le monde est interrogé, dans l'ordre : les autres "
           "joueurs depuis la gauche de l'attaquant, l'attaquant, puis le défenseur. La Peste (« à tout moment ») "
           "se joue à chacun de ces moments et en reprenant une main.",
     "en": "Edicts and powers are offered at fixed moments: start of the duel (before the cup), defence known "
           "(before it checks its cards), before the cards, cards laid, cards turned over, consolation. Everybody is asked, in order: the other players from the "
           "offence's left, the offence, then the defence. The Plague (“at any time”) is playable at each of these "
           "moments and when drawing a new hand."},
    {"fr": "Un Zap se joue quand un autre joueur se sert de son pouvoir : un pouvoir facultatif dès qu'il est "
           "annoncé (le Clone, le Voleur, le Vulch, le Zombie et la Machine au moment où ils s'en servent) ; un "
           "pouvoir obligatoire au moment où il agit (avant les cartes : Oracle, Laser, Macron, Insecte ; cartes "
           "retournées : Virus, Macron, Vide, Empathe).",
     "en": "A Zap is played when another player uses their power: an optional power as soon as it is announced "
           "(the Clone, the Thief, the Vulch, the Zombie and the Machine when they use it); a mandatory power at "
           "the moment it acts (before the cards: Oracle, Laser, Macron, Insect; cards turned over: Virus, Macron, "
           "Void, Empath)."},
    {"fr": "Deux compromis : les pions de l'attaquant retournent là d'où ils venaient ; ceux des alliés sur les "
           "bases de leur choix. Un marché compte au plus huit propositions dans la minute.",
     "en": "Two compromises: the offence's tokens go back where they came from; the allies' to bases of their "
           "choice. A deal has at most eight proposals within the minute."},
    {"fr": "Des pions qui rentrent chez un joueur sans base retournent sur les planètes d'où ils venaient.",
     "en": "Tokens going home to a player without a base return to the planets they came from."},
    {"fr": "Un défenseur qui n'a plus de carte de duel avant que les cartes soient posées reprend une main, et "
           "recommence s'il n'a tiré que des édits. Un attaquant à court de cartes de duel pendant un duel : le duel "
           "n'a pas lieu, les pions du cône rentrent et son tour s'arrête.",
     "en": "A defence left without a duel card before the cards are laid draws a new hand, and draws again if it "
           "got only edicts. An offence out of duel cards during a duel: the duel does not happen, the cone's tokens "
           "go home and its turn ends."},
    {"fr": "Le Laser tire au hasard parmi les cartes de duel de l'adversaire. Un joueur qui a à la fois l'Oracle et "
           "le Laser joue d'abord ; si deux pouvoirs disent « après vous », l'attaquant commence.",
     "en": "The Laser draws at random among the opponent's duel cards. A player with both the Oracle and the "
           "Laser plays first; if two powers both say “after you”, the offence starts."},
    {"fr": "Le Macron n'engage qu'un pion pour attaquer ou soutenir l'attaque. En défense, chacun de ses pions sur "
           "la planète attaquée compte quatre ; allié de la défense, il peut en engager jusqu'à quatre, chacun "
           "comptant quatre.",
     "en": "The Macron commits a single token to attack or to back the attack. Defending, each of its tokens on "
           "the attacked planet counts four; as an ally of the defence it may commit up to four, each counting "
           "four."},
    {"fr": "Le Zombie décide en une fois pour les pions perdus ensemble (un duel, la Peste, un marché manqué). Le "
           "Vulch choisit à chaque nouvelle main s'il garde (et montre) ses édits.",
     "en": "The Zombie decides at once about tokens lost together (a duel, the Plague, a failed deal). The Vulch "
           "chooses at each new hand whether to keep (and show) its edicts."},
    {"fr": "Le Chercheur choisit sa question dans une liste ; une réponse impossible à tenir ne contraint plus.",
     "en": "The Seeker picks its question from a list; an answer that cannot be kept no longer binds."},
    {"fr": "Les pouvoirs « avant les cartes » (Chercheur, Échangeur, Esprit, Philantrope, Mutant) servent dès que le "
           "défenseur est désigné, puis de nouveau une fois les alliances faites, pour les alliés ; chacun une fois "
           "par duel. L'Esprit peut servir à tout joueur, même hors du duel.",
     "en": "The “before the cards” powers (Seeker, Trader, Mind, Philanthropist, Mutant) work as soon as the defence "
           "is known, then again once the alliances are made, for the allies; each once per duel. The Mind works for "
           "any player, even one outside the duel."},
    {"fr": "Le Comédien tire ses rôles dans la boîte au début de la partie, ou quand il l'obtient par rotation ; "
           "ils y retournent quand il le perd. Attaquant, il nomme son rôle avant tout le reste du duel ; "
           "défenseur, dès qu'il est désigné. Un rôle d'Escamoteur ne fait rien disparaître : l'Escamoteur agit "
           "avant le tour, pas pendant un duel. L'Escamoteur annonce obligatoirement "
           "un élément avant chaque tour ; sans pioche, un défenseur sans carte de duel laisse l'attaque se poser.",
     "en": "The Actor draws its roles from the box at the start, or when it gets the Actor by rotation; they go "
           "back when it loses it. Attacking, it names its role before anything else in the duel; defending, as "
           "soon as it is named. A Conjurer role makes nothing vanish: the Conjurer acts before the turn, not "
           "during a duel. The Conjurer must name an item before every turn; "
           "without the deck, a defence with no duel card lets the offence land."},
    {"fr": "Compromis ou attaques escamotés : un joueur principal dont toutes les cartes de duel ont disparu les "
           "rejette dès qu'il vérifie ses cartes (l'attaquant au début du duel, le défenseur une fois désigné, ou "
           "avant de poser sa carte). Sans carte de duel, il reprend une main comme d'habitude : ses édits se jouent "
           "ou se défaussent d'abord. Une fois par duel : si la nouvelle main n'a encore que des cartes disparues, "
           "le duel n'a pas lieu.",
     "en": "Vanished compromises or attacks: a main player whose duel cards have all vanished throws them away as "
           "soon as it checks its cards (the offence at the start of the duel, the defence once named, or before "
           "laying its card). With no duel card it then draws a new hand as usual: its edicts are played or "
           "discarded first. Once per duel: if the new hand again holds only vanished cards, the duel does not "
           "happen."},
    {"fr": "Une partie commencée à trois ou quatre reste une partie à plusieurs quand il n'y reste que deux "
           "joueurs : la tasse sert toujours, on n'attaque son propre système qu'après avoir tiré sa couleur, et le "
           "pouvoir se perd sous trois planètes d'origine.",
     "en": "A game begun with three or four stays a game of several when only two players are left: the cup is "
           "still used, you attack your own system only after drawing your own colour, and powers are lost below "
           "three home planets."},
    {"fr": "Dans un marché, les pions que le Zombie rend du Trou Noir s'ajoutent à l'accord mais ne suffisent pas : "
           "il y faut aussi une base ou au moins une carte.",
     "en": "In a deal, the tokens the Zombie hands back from the Black Hole come on top of the terms but are not "
           "enough: a base or at least one card is needed too."},
    {"fr": "Trou Noir escamoté : rien n'y entre et rien n'en sort pendant ce tour. Les pions perdus, même face au "
           "Vide, retournent sur les bases de leur propriétaire ; ni reprise de pion, ni Anneaux de Moebius, ni "
           "récompense en pions, ni pions rendus par le Zombie.",
     "en": "Black Hole vanished: nothing goes in or comes out this turn. Lost tokens, even against the Void, go back "
           "to their owner's bases; no token retrieval, no Moebius Rings, no token rewards, no tokens handed back by "
           "the Zombie."},
    {"fr": "La variante de l'article « quatre ou cinq pouvoirs chacun, on en compose une paire » n'est pas proposée.",
     "en": "The article's variant “four or five powers each, from which a pair is chosen” is not offered."},
    {"fr": "Pouvoirs cachés : un pouvoir se révèle la première fois qu'il agit ; l'Oracle et le Laser dès que les "
           "cartes se jouent. La question propre à un pouvoir facultatif encore caché (Zombie, Clone, Voleur, "
           "Vulch, Machine) est posée à tous ceux qui pourraient l'avoir : qui ne l'a pas ne peut que passer. Les "
           "rôles d'un Comédien caché comptent comme encore dans la boîte.",
     "en": "Hidden powers: a power is revealed the first time it acts; the Oracle and the Laser as soon as cards "
           "are played. The own question of an optional power still hidden (Zombie, Clone, Thief, Vulch, Machine) "
           "is asked to everyone who might hold it: those who do not can only pass. A hidden Actor's roles count as "
           "still in the box."},
)
