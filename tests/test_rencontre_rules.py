"""Rencontre Cosmique rules without powers: setup, turn phases, the rulebook's worked examples, deals, winning."""
from __future__ import annotations

from collections import Counter

import pytest

from cosmoludo import IllegalAction
from cosmoludo.core.rng import Rng
from cosmoludo.games.rencontre_cosmique.data import deck_cards
from invariants_rencontre import rencontre_cosmique as check
from rencontre_helpers import BLEU, JAUNE, ROUGE, VERT, act, arrange_duel, auto_pass, move, new, set_hands

TARGET = (JAUNE, 2)


# ---- setup -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    s = new(players, seed=players)
    assert Counter(deck_cards()) == Counter({"compromis": 10, "attaque_4": 2, "attaque_6": 8, "attaque_8": 8,
                                             "attaque_10": 6, "attaque_12": 4, "attaque_14": 2, "attaque_15": 2,
                                             "attaque_18": 1, "attaque_20": 2, "attaque_30": 1, "moebius": 2,
                                             "champ_de_force": 1, "controle_emotionnel": 1, "gaz_stellaire": 1,
                                             "peste": 1, "zap": 2})
    assert len(deck_cards()) == 54
    assert all(len(h) == 7 for h in s.hands)
    assert s.colours == ["rouge", "bleu", "jaune", "vert"][:players]
    for seat in range(players):
        assert s.planets[seat] == [[4 if x == seat else 0 for x in range(players)]] * 5
        assert s.token_total(seat) == 20
    # One disc of each colour sits on its home star, the other three are in the cup.
    assert Counter(s.cup + s.aside) == Counter({seat: 3 for seat in range(players)})
    check(s)


def test_one_random_power_each_shown_to_all():
    s = new(4, seed=5, pouvoirs=True)
    v = s.view(None)
    assert all(len(p["powers"]) <= 1 for p in v["powers"])


def test_first_player_comes_from_the_cup_and_varies():
    firsts = {new(4, seed=k).offence for k in range(30)}
    assert firsts == {0, 1, 2, 3}


# ---- turn phases ---------------------------------------------------------------------
def _at_first_decision(players=4, seed=3):
    s = new(players, seed)
    return s


def test_new_hand_when_no_duel_card_edicts_discarded():
    s = new(3, seed=2)
    s.queue = []
    s.offence = 0
    set_hands(s, {0: ["zap", "peste"]})
    s.phase = "start_turn"
    s._advance()
    auto_pass(s)
    assert s.to_move() == [0] and s.legal_actions(0)[0] == {"type": "new_hand"}
    assert {"type": "edict", "card": "peste", "victim": 1} in s.legal_actions(0)  # La Peste: at any time
    act(s, 0, {"type": "new_hand"})
    assert "zap" in s.discard and "peste" in s.discard
    assert len(s.hands[0]) >= 7 and s.has_duel_card(0)


def test_retrieve_one_token_from_the_trou_noir_is_optional():
    s = new(3, seed=4)
    s.queue = []
    s.offence = 1
    s.planets[1][0][1] -= 2
    s.trou_noir[1] = 2
    set_hands(s, {1: ["attaque_8"]})
    s.phase = "start_turn"
    s._advance()
    auto_pass(s)
    acts = s.legal_actions(1)
    assert {"type": "pass"} in acts and {"type": "retrieve", "planet": [1, 0]} in acts
    act(s, 1, {"type": "retrieve", "planet": [1, 3]})
    assert s.trou_noir[1] == 1 and s.planets[1][3][1] == 5


def test_destiny_never_draws_the_last_disc_and_refills():
    s = new(3, seed=6)
    s.cup = [2]
    s.aside = [0, 0, 0, 1, 1, 1, 2, 2]
    d = s._draw_disc()
    assert len(s.cup) + len(s.aside) == 9 and d in (0, 1, 2)
    assert len(s.cup) == 8


def test_own_colour_redraw_or_duel_a_foreign_base_at_home():
    s = new(3, seed=7)
    s.queue = []
    s.offence = 0
    set_hands(s, {0: ["attaque_8"]})
    s.cup = [0, 0, 0]  # only own colour could come out... then the cup refills
    s.aside = [1, 1, 1, 2, 2, 2]
    s.phase = "destiny"
    s._advance()
    auto_pass(s)
    assert s.queue[0]["kind"] == "own_colour"
    assert s.legal_actions(0) == [{"type": "redraw"}]  # nobody has a base in Rouge's system: must redraw
    move(s, 2, (2, 0), (0, 4))
    acts = s.legal_actions(0)
    assert {"type": "aim", "planet": [0, 4], "defender": 2} in acts
    act(s, 0, {"type": "aim", "planet": [0, 4], "defender": 2})
    assert s.defence == 2 and s.target == (0, 4)


def test_cone_may_aim_at_any_planet_of_the_defence_even_empty():
    s = new(3, seed=8)
    s.queue = []
    s.offence, s.defence = 0, 2
    s.planets[2][3][2] = 0
    s.planets[2][4][2] = 8
    s.phase = "aim"
    s._advance()
    auto_pass(s)
    assert {"type": "aim", "planet": [2, 3]} in s.legal_actions(0)
    with pytest.raises(IllegalAction) as e:
        s.apply(0, {"type": "aim", "planet": [0, 3]})
    assert "propre système" in e.value.fr


def test_one_to_four_tokens_on_the_cone():
    s = new(3, seed=9)
    s.queue = []
    s.offence, s.defence, s.target = 0, 2, (2, 0)
    s.phase = "launch"
    s._advance()
    auto_pass(s)
    with pytest.raises(IllegalAction):
        s.apply(0, {"type": "send_done"})
    for p in range(4):
        act(s, 0, {"type": "send", "from": [0, p]})
    assert s.legal_actions(0) == [{"type": "send_done"}]
    act(s, 0, {"type": "send_done"})
    assert len(s.oval[0]) == 4


def test_invitations_and_answers_clockwise_never_both_sides():
    s = new(4, seed=10)
    s.queue = []
    s.offence, s.defence, s.target = VERT, JAUNE, TARGET
    s.oval[VERT] = [(VERT, 0)] * 3
    s.planets[VERT][0][VERT] -= 3
    s.phase = "invite_offence"
    s._advance()
    auto_pass(s)
    act(s, VERT, {"type": "invite", "seats": [BLEU]})
    act(s, JAUNE, {"type": "invite", "seats": [ROUGE, BLEU]})
    # Rouge is to Vert's left: answers first, only invited by the defence.
    assert s.to_move() == [ROUGE]
    assert s.legal_actions(ROUGE) == [{"type": "ally", "side": "defence"}, {"type": "decline"}]
    act(s, ROUGE, {"type": "ally", "side": "defence"})
    act(s, ROUGE, {"type": "send", "from": [ROUGE, 0]})
    act(s, ROUGE, {"type": "send", "from": [ROUGE, 1]})
    act(s, ROUGE, {"type": "send_done"})
    assert s.to_move() == [BLEU]
    assert {"type": "ally", "side": "offence"} in s.legal_actions(BLEU)
    act(s, BLEU, {"type": "ally", "side": "offence"})
    act(s, BLEU, {"type": "send", "from": [BLEU, 0]})
    act(s, BLEU, {"type": "send_done"})
    assert len(s.ring[ROUGE]) == 2 and len(s.oval[BLEU]) == 1
    assert s.phase == "cards" and s.to_move() == [VERT, JAUNE]


def test_two_players_no_cup_no_allies_and_own_system_choice():
    s = new(2, seed=11)
    s.queue = []
    s.offence = 0
    move(s, 1, (1, 0), (0, 2))
    set_hands(s, {0: ["attaque_8"], 1: ["attaque_6"]})
    s.phase = "start_turn"
    s._advance()
    auto_pass(s)
    acts = s.legal_actions(0)
    assert {"type": "aim", "planet": [0, 2]} in acts and {"type": "aim", "planet": [1, 4]} in acts
    assert {"type": "aim", "planet": [0, 1]} not in acts
    act(s, 0, {"type": "aim", "planet": [1, 4]})
    act(s, 0, {"type": "send", "from": [0, 0]})
    act(s, 0, {"type": "send_done"})
    assert s.phase == "cards"  # no invitation step with two players


# ---- the rulebook's worked examples (Vert attacks Jaune, Bleu with Vert, Rouge with Jaune) -----------
def example(seed=1, vert_card="attaque_10", jaune_card="attaque_10"):
    s = new(4, seed)
    move(s, ROUGE, (ROUGE, 0), TARGET)  # Rouge already has a base on the attacked planet
    arrange_duel(s, VERT, JAUNE, TARGET, oval={VERT: 3, BLEU: 1}, ring={ROUGE: 2}, defender_tokens=2,
                 hands={VERT: [vert_card, "attaque_6", "compromis", "attaque_8", "attaque_20", "attaque_18"],
                        JAUNE: [jaune_card, "attaque_4", "attaque_15"]})
    return s


def test_sealed_cards_revealed_together_and_hidden_until_then():
    s = example()
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    for seat in (None, ROUGE, BLEU, JAUNE):
        assert s.view(seat)["sealed"][VERT] == "hidden"
    assert s.view(VERT)["sealed"][VERT] == "attaque_10"
    assert s.to_move() == [JAUNE]
    with pytest.raises(IllegalAction):
        s.apply(VERT, {"type": "play", "card": "attaque_6"})


def test_example_14_all_the_defender_wins_ties():
    s = example()
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    assert s.totals if True else None
    act(s, JAUNE, {"type": "play", "card": "attaque_10"})
    # 10 + 3 Vert + 1 Bleu = 14 against 10 + 2 Jaune + 2 Rouge = 14: Jaune wins.
    assert s.trou_noir[VERT] == 3 and s.trou_noir[BLEU] == 1
    assert s.planets[JAUNE][2][JAUNE] == 2
    # Rouge, a winning defensive ally with two tokens, takes two rewards (a card or a token each).
    assert s.to_move() == [ROUGE]
    s.trou_noir[ROUGE] = 1
    s.planets[ROUGE][4][ROUGE] -= 1
    hand = len(s.hands[ROUGE])
    act(s, ROUGE, {"type": "reward", "kind": "card"})
    act(s, ROUGE, {"type": "reward", "kind": "token", "planet": [ROUGE, 4]})
    assert len(s.hands[ROUGE]) == hand + 1 and s.trou_noir[ROUGE] == 0
    # ... then puts its two tokens back on any of its bases.
    act(s, ROUGE, {"type": "place", "planet": [JAUNE, 2]})
    act(s, ROUGE, {"type": "place", "planet": [ROUGE, 1]})
    assert s.planets[JAUNE][2][ROUGE] == 2 and not s.ring[ROUGE]
    assert s.success is False and s.offence != VERT or s.phase != "second_duel"


def test_example_12_against_10_the_offence_lands():
    s = example(vert_card="attaque_12")
    act(s, VERT, {"type": "play", "card": "attaque_12"})
    act(s, JAUNE, {"type": "play", "card": "attaque_10"})
    planet = s.planets[JAUNE][2]
    assert planet[VERT] == 3 and planet[BLEU] == 1 and planet[ROUGE] == 1 and planet[JAUNE] == 0
    assert s.trou_noir[JAUNE] == 2 and s.trou_noir[ROUGE] == 2
    assert s.foreign_bases(VERT) == 1 and s.foreign_bases(BLEU) == 1
    # A success: Vert may start a second duel.
    assert s.queue[0]["kind"] == "second_duel" and s.to_move() == [VERT]


def test_example_attack_against_compromise_consolation_two_cards():
    s = example(jaune_card="compromis")
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    act(s, JAUNE, {"type": "play", "card": "compromis"})
    assert s.planets[JAUNE][2][VERT] == 3 and s.planets[JAUNE][2][BLEU] == 1
    assert s.trou_noir[ROUGE] == 2
    # Jaune lost two tokens: two random cards from Vert's hand (5 left after the attack 10).
    assert len(s.hands[VERT]) == 3 and len(s.hands[JAUNE]) == 4
    rouge_before = 7
    assert len(s.hands[ROUGE]) == rouge_before  # the ally gets nothing


def test_example_compromise_against_attack_consolation_three_cards():
    s = example(vert_card="compromis")
    act(s, VERT, {"type": "play", "card": "compromis"})
    act(s, JAUNE, {"type": "play", "card": "attaque_10"})
    assert s.trou_noir[VERT] == 3 and s.trou_noir[BLEU] == 1
    # The defensive ally collects its rewards (two cards here) and goes home.
    assert s.to_move() == [ROUGE] and s.queue[0]["kind"] == "reward"
    for _ in range(2):
        act(s, ROUGE, {"type": "reward", "kind": "card"})
    for _ in range(2):
        act(s, ROUGE, {"type": "place", "planet": [ROUGE, 0]})
    # Vert lost three tokens but Jaune holds only two cards after playing: Vert takes them all.
    assert len(s.hands[JAUNE]) == 0 and len(s.hands[VERT]) == 5 + 2
    assert len(s.hands[BLEU]) == 7  # Bleu gets nothing


def _to_deal(seed=1):
    s = example(seed, vert_card="compromis", jaune_card="compromis")
    act(s, VERT, {"type": "play", "card": "compromis"})
    act(s, JAUNE, {"type": "play", "card": "compromis"})
    # The allies go home first (any base), the offence's tokens go back where they came from.
    while s.queue:
        seat = s.to_move()[0]
        act(s, seat, s.legal_actions(seat)[0])
    assert s.phase == "deal" and s.to_move() == [VERT]
    assert not any(s.oval) and not any(s.ring)
    return s


def test_example_the_deal_base_for_base_plus_three_random_cards():
    s = _to_deal()
    # Vert proposes a base for a base; Jaune counters: base for base plus three random cards of Vert's.
    with pytest.raises(IllegalAction) as e:
        s.apply(VERT, {"type": "deal_propose"})
    assert "rien contre rien" in e.value.fr
    act(s, VERT, {"type": "deal_give_base", "planet": [VERT, 0]})
    act(s, VERT, {"type": "deal_ask_base", "planet": [JAUNE, 0]})
    act(s, VERT, {"type": "deal_propose"})
    assert s.to_move() == [JAUNE] and {"type": "deal_accept"} in s.legal_actions(JAUNE)
    act(s, JAUNE, {"type": "deal_give_base", "planet": [JAUNE, 0]})
    act(s, JAUNE, {"type": "deal_ask_base", "planet": [VERT, 0]})
    act(s, JAUNE, {"type": "deal_ask_cards", "n": 3})
    act(s, JAUNE, {"type": "deal_propose"})
    vert_cards = len(s.hands[VERT])
    act(s, VERT, {"type": "deal_accept"})
    assert len(s.hands[VERT]) == vert_cards - 3 and len(s.hands[JAUNE]) == 2 + 3
    # Each side sets up its new base with the tokens it chooses (two, as agreed).
    for seat, planet, frm in ((VERT, [JAUNE, 0], [VERT, 1]), (JAUNE, [VERT, 0], [JAUNE, 1])):
        assert s.to_move() == [seat]
        act(s, seat, {"type": "establish", "from": frm})
        act(s, seat, {"type": "establish", "from": frm})
        act(s, seat, {"type": "establish_done"})
        assert s.planets[planet[0]][planet[1]][seat] == 2
    assert s.success and s.queue[0]["kind"] == "second_duel"


def test_no_deal_in_time_both_lose_three_tokens_of_their_choice():
    s = _to_deal()
    act(s, VERT, {"type": "timeout"})
    for seat in (VERT, JAUNE):
        assert s.to_move() == [seat]
        for _ in range(3):
            act(s, seat, {"type": "lose", "planet": [seat, 4]})
        assert s.trou_noir[seat] >= 3
    assert s.success is False


def test_no_second_duel_after_a_failure_and_only_two_duels():
    s = example()
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    act(s, JAUNE, {"type": "play", "card": "attaque_4"})
    assert s.queue[0]["kind"] == "second_duel"
    act(s, VERT, {"type": "second_duel"})
    assert s.duel_no == 2 and s.offence == VERT
    # Drive duel two to a win: after it the turn passes anyway.
    rng = Rng(4)
    while s.offence == VERT and not s.is_over():
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        assert {"type": "second_duel"} not in legal
        act(s, seat, s.rollout_action(seat, rng))


def test_second_duel_skips_new_hand_turn_ends_without_duel_cards():
    s = example(vert_card="attaque_12")
    set_hands(s, {VERT: ["attaque_12"]})
    act(s, VERT, {"type": "play", "card": "attaque_12"})
    act(s, JAUNE, {"type": "play", "card": "attaque_10"})
    assert s.offence != VERT  # no duel card left: the turn is over at once


def test_win_with_five_foreign_bases_shared():
    s = example(vert_card="compromis", jaune_card="compromis")
    for k in range(4):
        move(s, VERT, (VERT, 4), (ROUGE, k))
        move(s, JAUNE, (JAUNE, 4), (ROUGE, k))
    act(s, VERT, {"type": "play", "card": "compromis"})
    act(s, JAUNE, {"type": "play", "card": "compromis"})
    while s.queue:
        seat = s.to_move()[0]
        act(s, seat, s.legal_actions(seat)[0])
    act(s, VERT, {"type": "deal_give_base", "planet": [VERT, 0]})
    act(s, VERT, {"type": "deal_ask_base", "planet": [JAUNE, 0]})
    act(s, VERT, {"type": "deal_propose"})
    act(s, JAUNE, {"type": "deal_accept"})
    for seat in (VERT, JAUNE):
        act(s, seat, {"type": "establish", "from": [seat, 1]})
        act(s, seat, {"type": "establish_done"})
    assert s.is_over() and sorted(s.result()["winners"]) == [JAUNE, VERT]
    line = next(x for x in reversed(s.log) if "bases étrangères" in x["fr"])
    assert " gagnent avec cinq" in line["fr"] and " win with five" in line["en"], line  # the plural, not « gagne(nt) »


def test_a_single_winner_is_said_in_the_singular():
    s = new(3, seed=1)
    for k in range(5):
        move(s, 0, (0, k), (1, k))
    assert s.foreign_bases(0) == 5 and s._check_win()
    line = s.log[-1]
    assert line["fr"] == "{P0} gagne avec cinq bases étrangères !" and line["en"] == "{P0} wins with five foreign bases!"


def test_power_lost_below_three_home_planets_four_with_two_players():
    s = new(4, seed=1)
    for p in range(3):
        s.planets[ROUGE][p][ROUGE] = 0
        s.trou_noir[ROUGE] += 4
    assert not s.has_power_use(ROUGE)
    s.planets[ROUGE][0][ROUGE] = 1
    s.trou_noir[ROUGE] -= 1
    assert s.has_power_use(ROUGE)
    t = new(2, seed=1)
    t.planets[0][0][0] = 0
    t.trou_noir[0] = 4
    assert t.has_power_use(0)
    t.planets[0][1][0] = 0
    t.trou_noir[0] = 8
    assert not t.has_power_use(0)


def test_refusals_explain_themselves_and_change_nothing():
    s = example()
    before = str(s.to_save()) + str(s.view(None))
    for bad in ({"type": "play", "card": "attaque_30"}, {"type": "play", "card": "zap"}, {"type": "deal_accept"}):
        with pytest.raises(IllegalAction) as e:
            s.apply(VERT, bad)
        assert e.value.fr and e.value.en
    assert str(s.to_save()) + str(s.view(None)) == before


def test_defence_emptied_mid_duel_draws_a_new_hand_and_the_duel_goes_on():
    """« À n'importe quel moment d'un duel », a defence without a duel card redraws: the duel is not cancelled."""
    s = new(4, seed=3)
    arrange_duel(s, ROUGE, BLEU, (BLEU, 0), oval={ROUGE: 2}, ring={}, defender_tokens=3,
                 hands={ROUGE: ["attaque_10", "attaque_8"], BLEU: ["attaque_6"], VERT: ["peste", "attaque_12"]})
    s.phase = "window_pre_cards"
    s._advance()
    act(s, VERT, {"type": "edict", "card": "peste", "victim": BLEU})
    for _ in range(3):
        act(s, BLEU, {"type": "lose", "planet": [BLEU, 1]})
    act(s, BLEU, {"type": "discard", "card": "attaque_6"})
    assert s.hands[BLEU] == []
    assert s.to_move() == [BLEU] and s.queue[0]["kind"] == "new_hand"
    act(s, BLEU, {"type": "new_hand"})
    assert s.has_duel_card(BLEU) and s.phase == "cards" and s.outcome is None
    assert s.to_move() == [ROUGE, BLEU]


def test_defence_drawing_only_edicts_draws_again():
    s = new(4, seed=3)
    arrange_duel(s, ROUGE, BLEU, (BLEU, 0), oval={ROUGE: 2}, ring={}, defender_tokens=3,
                 hands={ROUGE: ["attaque_10"], BLEU: ["zap"]})
    # The deck's top seven are edicts: the defence deals with them and draws seven more.
    edicts = ["moebius", "moebius", "champ_de_force", "controle_emotionnel", "gaz_stellaire", "peste", "zap"]
    for c in edicts:
        s.deck.remove(c)
    s.deck += edicts
    s.phase = "defender_hand"
    s.target = None
    s._advance()
    act(s, BLEU, {"type": "new_hand"})
    assert not s.has_duel_card(BLEU) and s.queue[0]["kind"] == "new_hand"
    act(s, BLEU, {"type": "new_hand"})
    assert s.has_duel_card(BLEU) and s.queue[0]["kind"] == "aim"


def test_two_players_left_of_three_still_use_the_cup():
    """Ruling: a game begun with three stays one of several players when one is eliminated."""
    s = new(3, seed=12)
    s.queue = []
    s.offence = 0
    s.eliminated[2] = True
    s.cup, s.aside = [1, 1], []
    move(s, 1, (1, 0), (0, 2))
    s.phase = "destiny"
    s._advance()
    auto_pass(s)
    assert s.defence == 1 and s.aside == [1]  # a disc was drawn from the cup
    assert s.queue[0]["kind"] == "aim" and {"type": "aim", "planet": [0, 2]} not in s.legal_actions(0)
    assert s.power_threshold() == 3


def zombie_deal():
    """Vert (the Zombie) and Jaune both play a compromise; Jaune has two tokens in the Trou Noir; the deal is open."""
    s = example(vert_card="compromis", jaune_card="compromis")
    s.powers[VERT] = ["zombie"]
    s.planets[JAUNE][0][JAUNE] -= 2
    s.trou_noir[JAUNE] = 2
    act(s, VERT, {"type": "play", "card": "compromis"})
    act(s, JAUNE, {"type": "play", "card": "compromis"})
    while s.queue:
        seat = s.to_move()[0]
        act(s, seat, s.legal_actions(seat)[0])
    return s


def test_a_deal_of_zombie_tokens_alone_is_refused_and_changes_nothing():
    """« Tout marché doit aboutir à l'établissement d'une nouvelle base ou au passage d'au moins une carte »."""
    s = zombie_deal()
    act(s, VERT, {"type": "deal_zombie_return", "n": 2})
    assert {"type": "deal_propose"} not in s.legal_actions(VERT)
    before = str(s.to_save()) + str(s.view(None)) + str(s.view(VERT))
    with pytest.raises(IllegalAction) as e:
        s.apply(VERT, {"type": "deal_propose"})
    assert "rien contre rien" in e.value.fr and "nothing for nothing" in e.value.en
    assert str(s.to_save()) + str(s.view(None)) + str(s.view(VERT)) == before
    act(s, VERT, {"type": "deal_ask_cards", "n": 1})
    assert {"type": "deal_propose"} in s.legal_actions(VERT)


def test_a_proposed_zombie_return_is_in_the_standing_offer_both_sides_see():
    s = zombie_deal()
    act(s, VERT, {"type": "deal_zombie_return", "n": 2})
    act(s, VERT, {"type": "deal_ask_cards", "n": 1})
    act(s, VERT, {"type": "deal_propose"})
    for seat in (VERT, JAUNE, None):
        assert s.view(seat)["deal"]["standing"]["zombie_return"] == 2


def test_a_decision_out_of_turn_is_refused_without_naming_engine_internals():
    s = new(3, 1)
    seat = s.to_move()[0]
    assert s.queue
    with pytest.raises(IllegalAction) as e:
        s.apply(seat, {"type": "deal_propose"})
    assert "décision attendue" in e.value.fr and "decision expected" in e.value.en
    assert s.queue[0]["kind"] not in e.value.fr + e.value.en
