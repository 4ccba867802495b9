"""Porco Crasso's cards as data: how many of each, how each is played, and its text in our own words."""
from __future__ import annotations

from typing import NamedTuple


class Card(NamedTuple):
    id: str
    copies: int  # how many of this card the deck holds
    extension: bool  # part of the Coquettruie extension
    play: str  # "own_pig" | "opponent_pig" | "any_pig" | "effect" | "reaction"
    name: dict[str, str]
    text: dict[str, str]


CARDS: tuple[Card, ...] = (
    Card("boue", 21, False, "own_pig", {"fr": "Boue", "en": "Mud"},
         {"fr": "Retournez un de vos cochons propres sur sa face sale. Sans effet sur une Coquettruie.",
          "en": "Turn one of your clean pigs to its dirty side. No effect on a Coquettruie."}),
    Card("pluie", 4, False, "effect", {"fr": "Pluie", "en": "Rain"},
         {"fr": "Tous les cochons sales redeviennent propres, les vôtres aussi, sauf ceux qui sont dans une "
                "Porcherie. Les Coquettruies restent comme elles sont.",
          "en": "Every dirty pig becomes clean, yours included, except pigs inside a Pig Sty. "
                "Coquettruies are not affected."}),
    Card("porcherie", 9, False, "own_pig", {"fr": "Porcherie", "en": "Pig Sty"},
         {"fr": "Posez-la sur un de vos cochons (propre, sale ou Coquettruie) : la Pluie ne l'atteint plus. "
                "Le Décrassage, lui, passe encore sans Barricade.",
          "en": "Put it on one of your pigs (clean, dirty or Coquettruie): Rain no longer reaches it. "
                "Without a Barricade, Scrubbing still does."}),
    Card("foudre", 4, False, "opponent_pig", {"fr": "Foudre", "en": "Lightning"},
         {"fr": "Brûlez la Porcherie d'un adversaire : elle part à la défausse avec sa Barricade éventuelle. "
                "Impossible sur une Porcherie munie d'un Paratonnerre.",
          "en": "Burn an opponent's Pig Sty: it goes to the discard pile with its Barricade, if any. "
                "Not possible against a Pig Sty with a Lightning Rod."}),
    Card("paratonnerre", 4, False, "own_pig", {"fr": "Paratonnerre", "en": "Lightning Rod"},
         {"fr": "Posez-le sur une de vos Porcheries : la Foudre ne pourra plus jamais la brûler.",
          "en": "Put it on one of your Pig Sties: Lightning can never burn it again."}),
    Card("decrassage", 8, False, "opponent_pig", {"fr": "Décrassage", "en": "Scrubbing"},
         {"fr": "Retournez un cochon sale d'un adversaire sur sa face propre. Une Barricade l'en protège ; "
                "sans effet sur une Coquettruie.",
          "en": "Turn an opponent's dirty pig back to clean. A Barricade protects it; "
                "no effect on a Coquettruie."}),
    Card("barricade", 4, False, "own_pig", {"fr": "Barricade", "en": "Barricade"},
         {"fr": "Posez-la sur une de vos Porcheries qui abrite un cochon sale (pas une Coquettruie) : "
                "le Décrassage ne peut plus l'atteindre.",
          "en": "Put it on one of your Pig Sties holding a dirty pig (not a Coquettruie): "
                "Scrubbing can no longer reach it."}),
    Card("super_gadoue", 2, False, "reaction", {"fr": "Super gadoue", "en": "Super Mud"},
         {"fr": "Hors de votre tour : quand un adversaire joue Pluie ou Décrassage, défaussez-la pour qu'un "
                "de vos cochons sales reste sale, puis piochez une carte. Ne protège pas d'une Coquettruie.",
          "en": "Out of turn: when an opponent plays Rain or Scrubbing, discard it to keep one of your dirty "
                "pigs dirty, then draw a card. It does not protect against a Coquettruie."}),
    Card("coquettruie", 16, True, "any_pig", {"fr": "Coquettruie", "en": "Coquettruie"},
         {"fr": "Recouvrez n'importe quel cochon, à vous ou à un adversaire. Le cochon dessous ne compte plus "
                "tant qu'elle est là. Interdit sur un cochon sale barricadé et sur un Pépère. "
                "Ni Boue, ni Pluie, ni Décrassage ne la touchent.",
          "en": "Cover any pig, yours or an opponent's. The pig beneath no longer counts while she is there. "
                "Not allowed on a barricaded dirty pig or a Pépère. Mud, Rain and Scrubbing do not touch her."}),
    Card("sauve_qui_porc", 12, True, "any_pig", {"fr": "Sauve-qui-porc !", "en": "Run, Piggy!"},
         {"fr": "Défaussez une Coquettruie posée sur n'importe quel cochon : le cochon dessous réapparaît. "
                "C'est la seule façon de retirer une Coquettruie.",
          "en": "Discard a Coquettruie lying on any pig: the pig beneath shows again. "
                "This is the only way to remove a Coquettruie."}),
    Card("oiseau", 4, True, "effect", {"fr": "Oiseau de bon augure", "en": "Lucky Bird"},
         {"fr": "Jouez aussitôt les autres cartes de votre main (chacune jouée ou défaussée), puis piochez une "
                "main complète. Les autres Oiseaux de la main sont défaussés sans effet.",
          "en": "Play the other cards of your hand at once (each played or discarded), then draw a full hand. "
                "Other Lucky Birds in that hand are discarded without effect."}),
    Card("rouge_a_levres", 2, True, "reaction", {"fr": "Rouge à lèvres", "en": "Lipstick"},
         {"fr": "Hors de votre tour : quand un adversaire joue Sauve-qui-porc ! sur une de vos Coquettruies, "
                "défaussez-le pour qu'elle reste en place, puis piochez une carte.",
          "en": "Out of turn: when an opponent plays Run, Piggy! on one of your Coquettruies, discard it to "
                "keep her in place, then draw a card."}),
)

BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
PIG_CARDS = 12

#: Pig cards per player in the base game (the extension always deals 3 each).
PIGS_BASE = {2: 5, 3: 4, 4: 3}
PIGS_EXTENSION = 3


#: The draw deck (pig cards excluded) in a fixed order, without and with the extension: made once, copied per game.
_DECKS = {ext: tuple(c.id for c in CARDS if ext or not c.extension for _ in range(c.copies)) for ext in (False, True)}


def deck_cards(extension: bool) -> list[str]:
    """The draw deck (pig cards excluded) in a fixed order, before shuffling."""
    return list(_DECKS[bool(extension)])


def card_table() -> dict[str, dict[str, dict[str, str]]]:
    return {c.id: {"name": dict(c.name), "text": dict(c.text)} for c in CARDS}
