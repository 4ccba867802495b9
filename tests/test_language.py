"""Generated text reads correctly: French gender and number agree, English and French sentences start with a
capital. Many seeded games of all five games are played to their end and every log line (and every bilingual
text of a view along the way) is checked against patterns that betray a broken template; the agreement kit
of core/text.py is checked with masculine, feminine, singular and plural fillers."""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cosmoludo import games
from cosmoludo.core.registry import GAMES
from cosmoludo.core.rng import Rng
from cosmoludo.core.text import Noun, adj_fr, capitalized, le, n_noun, n_nouns, un
from cosmoludo.games.kroll_prumni.data import TYPES
from cosmoludo.games.kroll_prumni.pieces import Ship, e_fr, the_ship_fr
from galaxy_helpers import new as new_galaxy
from galaxy_helpers import play as play_galaxy
from game_helpers import first_seat_at_random

FR_NOUNS = "pion|carte|Goret|Gorets|gouverneur|troupe|chasseur|pouvoir|Pirate|Porcophage"
#: Patterns that betray a template that does not agree (each with what it catches).
BAD_FR = [
    (re.compile(r"\((s|e|es|nt)\)"), "a « (s) » plural hack"),
    (re.compile(r"(\bet|\bavec|,) 0 [A-ZÀ-Ý]"), "a zero count in a list (« et 0 Gros Gruik »)"),
    (re.compile(r"planètes?( doubles?)? (bleu|vert|noir|violet)s?\b"), "a planet with a masculine colour"),
    (re.compile(r"\b[Ll]e base\b|\b[Uu]n base\b"), "« le base »"),
    (re.compile(r"base (mobile|fixe) n° \d+ \(\w+\) (est (détruit|réparé)\b|ou tout contre lui)"),
     "a feminine ship with a masculine participle or pronoun"),
    (re.compile(r"\b[Ll]es Ver\b"), "« les Ver des Glands »"),
    (re.compile(r"\b(Pirates|Porcophages) (attaque|l'emporte|tient|arrive)\b"), "a band with a singular verb"),
    (re.compile(rf"(?<![\d,.])(?:[2-9]|\d\d+) (?:{FR_NOUNS.replace('|Gorets', '')})\b(?! (?:de|du|des) \d)"),
     "a count of two or more with a singular noun"),
    (re.compile(r"(?<![\d,.])[01] (pions|cartes|Gorets|gouverneurs|troupes|chasseurs|pouvoirs)\b"),
     "a count of one with a plural noun"),
]
BAD_EN = [
    (re.compile(r"\((s|es)\)"), "a « (s) » plural hack"),
    (re.compile(r"(\band|\bwith|,) 0 [A-Z]"), "a zero count in a list"),
    (re.compile(r"(?<![\d,.])(?:[2-9]|\d\d+) (token|card|Piglet|governor|troop|power|fighter)\b"),
     "a count of two or more with a singular noun"),
    (re.compile(r"\b(bleu|jaune|rouge)\b"), "a French colour in English"),
]


def _play(game: str, seed: int, prompts: set[tuple[str, str]]) -> Any:
    """A seeded game of `game` played at random to its end (Galaxy Trucker through its own driver, which lets
    the building clock run); `prompts` gathers the bilingual texts of the mover's views along the way."""
    cls = GAMES[game]
    players = cls.min_players + seed % (min(cls.max_players, 5) - cls.min_players + 1)
    if game == "galaxy-trucker":
        g = new_galaxy(players, seed, routes=seed % 3, machinations=seed % 2 == 1)
        play_galaxy(g, random.Random(seed), check=False)
        return g
    g = games.new_game(game, players, {}, seed)
    move = first_seat_at_random(Rng(seed))
    steps = 0
    while not g.is_over() and steps < 4000:
        seat, action = move(g)
        if steps % 7 == 0:  # now and then, what the seat to move is asked (its prompts and buttons)
            prompts.update(_texts({k: v for k, v in g.view(seat).items() if k != "log"}))
        g.apply(seat, action)
        steps += 1
    return g


def _texts(node: Any) -> set[tuple[str, str]]:
    """Every bilingual text ({"fr", "en"}) of a view."""
    out: set[tuple[str, str]] = set()
    if isinstance(node, dict):
        if isinstance(node.get("fr"), str) and isinstance(node.get("en"), str):
            out.add((node["fr"], node["en"]))
        for v in node.values():
            out |= _texts(v)
    elif isinstance(node, list):
        for v in node:
            out |= _texts(v)
    return out


def _faults(fr: str, en: str) -> list[str]:
    faults = [f"{why}: {fr!r}" for pat, why in BAD_FR if pat.search(fr)]
    faults += [f"{why}: {en!r}" for pat, why in BAD_EN if pat.search(en)]
    return faults


@pytest.mark.parametrize("game", list(GAMES))
def test_generated_text_agrees_and_starts_with_a_capital(game):
    faults: set[str] = set()
    lines = 0
    prompts: set[tuple[str, str]] = set()
    for seed in range(6):
        g = _play(game, seed, prompts)
        for e in g.log:
            lines += 1
            for text in (e["fr"], e["en"]):
                if text[:1].islower():
                    faults.add(f"starts in lower case: {text!r}")
            faults.update(_faults(e["fr"], e["en"]))
        for seat in [None, *range(g.players)]:
            prompts.update(_texts({k: v for k, v in g.view(seat).items() if k != "log"}))
    for fr, en in prompts:
        faults.update(_faults(fr, en))
    assert lines > 20, "too few log lines to judge"
    assert not faults, "\n".join(sorted(faults)[:40])


def test_agreement_kit_with_every_filler():
    croiseur = Noun("croiseur", "m", "cruiser")
    base = Noun("base mobile", "f", "mobile base", "bases mobiles")
    asteroide = Noun("astéroïde", "m", "asteroid")
    gros = Noun("Gros Gruik", "m", "Big Gruik", "Gros Gruiks", "Big Gruiks")
    assert (le(croiseur), le(base), le(asteroide), le(base, plural=True)) == (
        "le croiseur", "la base mobile", "l'astéroïde", "les bases mobiles")
    assert (un(croiseur), un(base)) == ("un croiseur", "une base mobile")
    assert [n_noun(n, base) for n in (0, 1, 2)] == [
        ("0 base mobile", "0 mobile bases"), ("1 base mobile", "1 mobile base"), ("2 bases mobiles", "2 mobile bases")]
    goret = Noun("Goret", "m", "Piglet")
    assert n_nouns([(2, goret), (0, gros)]) == ("2 Gorets", "2 Piglets")
    assert n_nouns([(1, goret), (3, gros)]) == ("1 Goret et 3 Gros Gruiks", "1 Piglet and 3 Big Gruiks")
    assert n_nouns([(0, goret), (0, gros)]) == ("aucun Goret", "no Piglets")
    assert [adj_fr("bleu", f, p) for f in (False, True) for p in (False, True)] == ["bleu", "bleus", "bleue", "bleues"]
    assert [adj_fr("rouge", f, p) for f in (False, True) for p in (False, True)] == ["rouge", "rouges"] * 2
    assert adj_fr("marron", True, True) == "marron"
    assert (capitalized("fighter #10"), capitalized("{P0} joue"), capitalized("« Crasso ! »")) == (
        "Fighter #10", "{P0} joue", "« Crasso ! »")


@pytest.mark.parametrize("kind", list(TYPES))
def test_every_kroll_ship_type_agrees(kind):
    s = Ship(4, 1, kind, None, None)
    feminine = kind in ("mobile", "fixed")
    text = f"{the_ship_fr(s)} est détruit{e_fr(s)}."
    assert text == f"{'la' if feminine else 'le'} {TYPES[kind].fr} n° 4 (rouge) est détruit{'e' if feminine else ''}."


def test_kroll_end_view_says_what_the_scores_count():
    """The end screen labels the scores by this: planets when a company colonised PLANETS_TO_WIN, else bases."""
    from cosmoludo.games.kroll_prumni import KrollPrumni
    from cosmoludo.games.kroll_prumni.pieces import PLANETS_TO_WIN
    g = KrollPrumni(2, {}, 31)
    assert "ended_on" not in g.view(0)
    g.phase = "over"
    g.planets_of = lambda seat: PLANETS_TO_WIN if seat == 0 else 3  # type: ignore[method-assign]
    assert g.view(0)["ended_on"] == "planets"
    g.planets_of = lambda seat: 2  # type: ignore[method-assign]
    assert g.view(None)["ended_on"] == "bases"
