"""Rencontre Cosmique edicts, each at the moment its text allows, for any player holding it."""
from __future__ import annotations

from cosmoludo.games.rencontre_cosmique.data import is_duel_card
from rencontre_helpers import BLEU, JAUNE, ROUGE, VERT, act, arrange_duel, auto_pass, new, set_hands

TARGET = (JAUNE, 2)


def example(vert_card="attaque_10", jaune_card="attaque_10", extra=None):
    s = new(4, 1)
    arrange_duel(s, VERT, JAUNE, TARGET, oval={VERT: 3, BLEU: 1}, ring={ROUGE: 2}, defender_tokens=2,
                 hands={VERT: [vert_card, "attaque_6", "attaque_8"], JAUNE: [jaune_card, "attaque_4", "attaque_15"],
                        **(extra or {})})
    return s


def at_duel_start(offence=0, hands=None):
    s = new(3, 2)
    s.queue = []
    s.offence = offence
    set_hands(s, hands or {})
    s.phase = "start_turn"
    s._advance()
    auto_pass(s)
    return s


def test_moebius_before_the_destiny_draw_everyone_takes_all_tokens_back():
    s = at_duel_start(0, {0: ["moebius", "attaque_8"], 1: ["attaque_6"], 2: ["attaque_4"]})
    for seat, k in ((0, 2), (1, 3)):
        s.planets[seat][0][seat] -= k
        s.trou_noir[seat] += k
    s.queue = []
    s.phase = "window_start"
    s._advance()
    auto_pass(s)
    assert s.to_move() == [0]
    act(s, 0, {"type": "edict", "card": "moebius"})
    # Offence's window stays open; first every player puts their tokens back (priority order: 1, 2 then 0).
    while s.queue and s.queue[0]["kind"] == "place":
        seat = s.to_move()[0]
        act(s, seat, {"type": "place", "planet": [seat, 4]})
    assert s.trou_noir == [0, 0, 0] and s.planets[1][4][1] == 7 and s.planets[0][4][0] == 6
    assert "moebius" in s.discard


def test_moebius_only_for_the_offence():
    s = at_duel_start(0, {0: ["attaque_8"], 1: ["moebius", "attaque_6"]})
    s.queue = []
    s.phase = "window_start"
    s._advance()
    assert s.to_move() == [1] and s.legal_actions(1) == [{"type": "pass"}]


def test_peste_victim_chooses_three_tokens_and_one_card_of_each_kind():
    s = at_duel_start(0, {0: ["peste", "attaque_8"], 2: ["attaque_4", "attaque_20", "compromis", "zap", "moebius"]})
    s.queue = []
    s.phase = "window_start"
    s._advance()
    auto_pass(s)
    act(s, 0, {"type": "edict", "card": "peste", "victim": 2})
    for _ in range(3):
        act(s, 2, {"type": "lose", "planet": [2, 1]})
    assert s.planets[2][1][2] == 1 and s.trou_noir[2] == 3
    assert {"type": "discard", "card": "attaque_4"} in s.legal_actions(2)
    act(s, 2, {"type": "discard", "card": "attaque_4"})
    act(s, 2, {"type": "discard", "card": "compromis"})
    act(s, 2, {"type": "discard", "card": "moebius"})
    assert sorted(s.hands[2]) == ["attaque_20", "zap"]


def test_peste_victim_without_cards_loses_what_it_can():
    s = at_duel_start(0, {0: ["peste", "attaque_8"], 1: ["attaque_6"]})
    s.queue = []
    s.phase = "window_start"
    s._advance()
    auto_pass(s)
    act(s, 0, {"type": "edict", "card": "peste", "victim": 1})
    for _ in range(3):
        act(s, 1, {"type": "lose", "planet": [1, 0]})
    act(s, 1, {"type": "discard", "card": "attaque_6"})
    assert s.hands[1] == []  # no compromise, no edict: nothing more to lose
    assert not any(q["seat"] == 1 and q["kind"] == "peste_cards" for q in s.queue)
    assert s.trou_noir[1] == 3


def test_champ_de_force_sends_chosen_allies_home_before_the_cards():
    s = new(4, 1)
    s.queue = []
    s.offence, s.defence, s.target = VERT, JAUNE, TARGET
    set_hands(s, {ROUGE: ["champ_de_force", "attaque_6"], VERT: ["attaque_8"], JAUNE: ["attaque_6"]})
    s.oval[VERT] = [(VERT, 0)]
    s.planets[VERT][0][VERT] -= 1
    s.phase = "invite_offence"
    s._advance()
    auto_pass(s)
    act(s, VERT, {"type": "invite", "seats": [BLEU]})
    act(s, JAUNE, {"type": "invite", "seats": []})
    act(s, BLEU, {"type": "ally", "side": "offence"})
    act(s, BLEU, {"type": "send", "from": [BLEU, 0]})
    act(s, BLEU, {"type": "send_done"})
    assert s.to_move() == [ROUGE] and s.queue[0]["moment"] == "pre_cards"
    act(s, ROUGE, {"type": "edict", "card": "champ_de_force", "allies": [BLEU]})
    act(s, BLEU, {"type": "place", "planet": [BLEU, 3]})
    assert not s.oval[BLEU] and s.planets[BLEU][3][BLEU] == 5 and BLEU not in s.allies["offence"]
    assert s.phase == "cards"  # Rouge has nothing more to play: its window closes


def test_controle_emotionnel_turns_both_cards_into_compromises():
    s = example(extra={BLEU: ["controle_emotionnel", "attaque_6"]})
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    act(s, JAUNE, {"type": "play", "card": "attaque_4"})
    assert s.to_move() == [BLEU] and s.queue[0]["moment"] == "revealed"
    act(s, BLEU, {"type": "edict", "card": "controle_emotionnel"})
    # Allies go home, then a deal must be negotiated.
    while s.queue:
        seat = s.to_move()[0]
        act(s, seat, s.legal_actions(seat)[0])
    assert s.phase == "deal"


def test_gaz_stellaire_stops_a_consolation():
    s = example(jaune_card="compromis", extra={ROUGE: ["gaz_stellaire", "attaque_6"]})
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    act(s, JAUNE, {"type": "play", "card": "compromis"})
    assert s.to_move() == [ROUGE] and s.queue[0]["moment"] == "consolation"
    act(s, ROUGE, {"type": "edict", "card": "gaz_stellaire"})
    assert len(s.hands[VERT]) == 2 and len(s.hands[JAUNE]) == 2


def test_gaz_offered_only_when_a_consolation_is_due():
    s = example(extra={ROUGE: ["gaz_stellaire", "attaque_6"]})
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    act(s, JAUNE, {"type": "play", "card": "attaque_15"})
    assert all(q.get("kind") != "window" for q in s.queue)


def test_discarded_edicts_before_a_new_hand_may_be_played_instead():
    s = new(3, 3)
    s.queue = []
    s.offence = 0
    set_hands(s, {0: ["peste", "moebius"]})
    s.trou_noir[1] = 2
    s.planets[1][0][1] -= 2
    s.phase = "start_turn"
    s._advance()
    auto_pass(s)
    act(s, 0, {"type": "edict", "card": "moebius"})
    act(s, 1, {"type": "place", "planet": [1, 0]})
    act(s, 1, {"type": "place", "planet": [1, 0]})
    act(s, 0, {"type": "new_hand"})
    assert "peste" in s.discard and any(is_duel_card(c) for c in s.hands[0])


def test_peste_at_every_window_cards_laid_and_consolation_included():
    """« La Peste peut être jouée à n'importe quel moment »: also once the cards are laid, and at the consolation."""
    s = example(vert_card="compromis", extra={ROUGE: ["peste", "attaque_6"]})
    act(s, VERT, {"type": "play", "card": "compromis"})
    act(s, JAUNE, {"type": "play", "card": "attaque_10"})
    assert s.queue[0]["moment"] == "sealed" and s.to_move() == [ROUGE]
    assert {"type": "edict", "card": "peste", "victim": BLEU} in s.legal_actions(ROUGE)
    act(s, ROUGE, {"type": "pass"})
    while not (s.queue and s.queue[0].get("moment") == "consolation" and s.to_move() == [ROUGE]):
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        act(s, seat, {"type": "pass"} if {"type": "pass"} in legal else legal[0])
    act(s, ROUGE, {"type": "edict", "card": "peste", "victim": JAUNE})
    assert "peste" in s.discard and s.queue[0]["seat"] == JAUNE


def test_champ_de_force_once_the_cards_are_laid():
    """« juste avant que les cartes de duel soient retournées »: the Force Field works at the laid-cards window."""
    s = example(extra={ROUGE: ["champ_de_force", "attaque_6"]})
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    act(s, JAUNE, {"type": "play", "card": "attaque_10"})
    assert s.queue[0]["moment"] == "sealed" and s.to_move() == [ROUGE]
    act(s, ROUGE, {"type": "edict", "card": "champ_de_force", "allies": [BLEU]})
    act(s, BLEU, {"type": "place", "planet": [BLEU, 3]})
    assert not s.oval[BLEU] and BLEU not in s.allies["offence"]
