"""Rencontre Cosmique alien powers: one test per power, and the interactions the rulebook names."""
from __future__ import annotations

import pytest

from cosmoludo.core.errors import IllegalAction
from cosmoludo.games.rencontre_cosmique import RencontreCosmique
from cosmoludo.games.rencontre_cosmique.powers import IMPLEMENTED_POWERS
from rencontre_helpers import BLEU, JAUNE, ROUGE, VERT, act, arrange_duel, auto_pass, move, new, pass_windows, set_hands

TARGET = (JAUNE, 2)


def duel(powers, vert_card="attaque_10", jaune_card="attaque_10", oval=None, ring=None, extra=None, seed=1,
         defender_tokens=2):
    """Vert attacks Jaune's planet 2 (the rulebook's example), with the given powers."""
    s = new(4, seed, powers=powers)
    arrange_duel(s, VERT, JAUNE, TARGET, oval=oval if oval is not None else {VERT: 3, BLEU: 1},
                 ring=ring if ring is not None else {ROUGE: 2}, defender_tokens=defender_tokens,
                 hands={VERT: [vert_card, "attaque_6", "attaque_8", "compromis"],
                        JAUNE: [jaune_card, "attaque_4", "attaque_15", "compromis"], **(extra or {})})
    return s


def outcome(s):
    return s.outcome or s.last_outcome


def play_cards(s, vert, jaune):
    act(s, VERT, {"type": "play", "card": vert})
    act(s, JAUNE, {"type": "play", "card": jaune})


def pre_cards(s):
    s.phase = "window_pre_cards"
    s._advance()
    auto_pass(s)
    auto_pass(s)


def finish_queue(s, seats=None):
    while s.queue and (seats is None or s.to_move()[0] in seats):
        seat = s.to_move()[0]
        act(s, seat, s.legal_actions(seat)[-1] if s.queue[0]["kind"] in ("window", "zombie") else s.legal_actions(seat)[0])


# ---- mandatory powers ----------------------------------------------------------------
def test_macron_commits_one_token_worth_four():
    s = new(3, 2, powers={0: ["macron"]})
    s.queue = []
    s.offence, s.defence, s.target = 0, 1, (1, 0)
    s.phase = "launch"
    s._advance()
    auto_pass(s)
    act(s, 0, {"type": "send", "from": [0, 0]})
    assert s.legal_actions(0) == [{"type": "send_done"}]
    s2 = duel({VERT: ["macron"]}, oval={VERT: 1})
    play_cards(s2, "attaque_10", "attaque_10")
    # 10 + 4 (one Macron token) = 14 against 10 + 2 + 2 = 14: tie, the defence wins.
    assert s2.trou_noir[VERT] == 1 and outcome(s2) == "defence"


def test_macron_defending_ally_commits_up_to_four_each_worth_four():
    s = new(3, 2, powers={2: ["macron"]})
    s.queue = [{"seat": 2, "kind": "send", "side": "defence", "sent": 0}]
    s.offence, s.defence, s.target = 0, 1, (1, 0)
    for _ in range(4):
        act(s, 2, {"type": "send", "from": [2, 1]})
    assert len(s.ring[2]) == 4 and s.side_total("defence") == 4 + 4 * 4


def test_zap_meets_the_clone_when_it_takes_its_card_back():
    s = duel({VERT: ["clone"]}, extra={ROUGE: ["zap", "attaque_6"]})
    play_cards(s, "attaque_10", "attaque_4")
    assert s.to_move() == [VERT] and s.legal_actions(VERT) == [{"type": "clone"}, {"type": "pass"}]
    act(s, VERT, {"type": "clone"})
    assert s.to_move() == [ROUGE]
    act(s, ROUGE, {"type": "edict", "card": "zap", "target": VERT, "power": "clone"})
    assert "attaque_10" in s.discard and "attaque_10" not in s.hands[VERT]


def test_macron_consolation_counts_one():
    s = duel({VERT: ["macron"]}, vert_card="compromis", oval={VERT: 1}, ring={})
    play_cards(s, "compromis", "attaque_10")
    assert len(s.hands[VERT]) == 3 + 1  # one token lost → one card


def test_virus_multiplies_with_its_allies():
    s = duel({VERT: ["virus"]})
    play_cards(s, "attaque_10", "attaque_15")
    # (3 + 1) × 10 = 40 against 15 + 4 = 19.
    assert s.last_totals == [40, 19] and outcome(s) == "offence"


def test_virus_must_multiply_even_when_adding_is_better():
    s = duel({VERT: ["virus"]}, oval={VERT: 1}, ring={})
    play_cards(s, "attaque_6", "attaque_4")
    # 6 × 1 = 6 against 4 + 2 = 6: the defence wins the tie (adding would have made 7).
    assert outcome(s) == "defence"


def test_vide_removes_the_losers_tokens_for_good():
    s = duel({JAUNE: ["vide"]})
    play_cards(s, "attaque_10", "attaque_10")
    assert s.removed[VERT] == 3 and s.removed[BLEU] == 1 and s.trou_noir[VERT] == 0


def test_vide_elimination_past_fifteen_removed_tokens():
    s = duel({JAUNE: ["vide"]}, oval={VERT: 3}, ring={})
    s.removed[VERT] = 13  # 3 on the cone + 13 removed + 4 left on planets = 20
    for p, k in enumerate((2, 1, 0, 0, 0)):
        s.planets[VERT][p][VERT] = k
    s.planets[ROUGE][1][VERT] = 1
    move(s, ROUGE, (ROUGE, 0), (VERT, 0))
    play_cards(s, "attaque_10", "attaque_15")
    assert s.eliminated[VERT] and s.removed[VERT] == 20
    assert s.hands[VERT] == [] and VERT not in s.cup and VERT not in s.aside
    assert s.planets[VERT][0][ROUGE] == 1  # other players keep their bases in Vert's system
    assert s.offence != VERT


def test_vide_with_no_deal_removes_the_opponents_three():
    s = duel({JAUNE: ["vide"]}, vert_card="compromis", jaune_card="compromis", ring={}, oval={VERT: 1})
    play_cards(s, "compromis", "compromis")
    act(s, VERT, {"type": "timeout"})
    for seat in (VERT, JAUNE):
        for _ in range(3):
            act(s, seat, {"type": "lose", "planet": [seat, 0]})
    assert s.removed[VERT] == 3 and s.trou_noir[JAUNE] == 3


def test_empathe_compromise_turns_the_other_card():
    s = duel({JAUNE: ["empathe"]}, jaune_card="compromis")
    play_cards(s, "attaque_10", "compromis")
    finish_queue(s)
    assert s.phase == "deal"


def test_oracle_sees_the_opponents_card_first():
    s = duel({JAUNE: ["oracle"]})
    assert s.to_move() == [VERT]
    act(s, VERT, {"type": "play", "card": "attaque_8"})
    for seat in (None, ROUGE, JAUNE):
        assert s.view(seat)["sealed"][VERT] == "attaque_8"
    act(s, JAUNE, {"type": "play", "card": "attaque_15"})
    assert outcome(s) == "defence"


def test_laser_picks_the_opponents_card_at_random():
    s = duel({VERT: ["laser"]}, extra={JAUNE: ["attaque_4", "attaque_6", "zap"]})
    assert s.to_move() == [VERT]
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    # Jaune never chose: a random duel card of its hand was laid for it (never the edict).
    assert any("Le Laser {P3} tire au hasard" in line["fr"] for line in s.log)
    assert "zap" in s.hands[JAUNE] and len(s.hands[JAUNE]) == 2


def test_insecte_copies_the_opponents_power_even_if_lost():
    s = duel({JAUNE: ["insecte"], VERT: ["virus"]}, oval={VERT: 1}, ring={}, defender_tokens=3)
    for p in range(3):  # Vert has lost the use of its power
        s.planets[VERT][p][VERT], s.trou_noir[VERT] = 0, s.trou_noir[VERT] + s.planets[VERT][p][VERT]
    assert not s.power_on(VERT, "virus") and s.power_on(JAUNE, "virus")
    play_cards(s, "attaque_10", "attaque_4")
    assert outcome(s) == "defence"  # 10 + 1 = 11 against 4 × 3 = 12


def test_insecte_is_never_dealt_with_the_oracle():
    for seed in range(300):
        g = RencontreCosmique(4, {"pouvoirs": True}, seed)
        dealt = [p for ps in g.powers for p in ps]
        assert not ("insecte" in dealt and "oracle" in dealt)


# ---- optional powers -------------------------------------------------------------------
def test_machine_keeps_going_after_a_failure():
    s = duel({VERT: ["machine"]})
    play_cards(s, "attaque_6", "attaque_15")
    assert outcome(s) == "defence"
    finish_queue(s, seats=[ROUGE])
    assert s.queue[0]["kind"] == "second_duel" and s.to_move() == [VERT]


def test_clone_takes_its_card_back():
    s = duel({VERT: ["clone"]})
    play_cards(s, "attaque_10", "attaque_4")
    act(s, VERT, {"type": "clone"})
    assert "attaque_10" in s.hands[VERT] and "attaque_4" in s.discard


def test_voleur_steals_the_opponents_card():
    s = duel({VERT: ["voleur"]})
    play_cards(s, "attaque_10", "attaque_4")
    act(s, VERT, {"type": "steal"})
    assert "attaque_4" in s.hands[VERT] and "attaque_4" not in s.discard


def test_zombie_puts_lost_tokens_back_and_beats_the_vide():
    s = duel({JAUNE: ["vide"], BLEU: ["zombie"]})
    play_cards(s, "attaque_10", "attaque_10")
    assert s.to_move() == [BLEU] and s.queue[0]["kind"] == "zombie"
    act(s, BLEU, {"type": "zombie_place", "planet": [BLEU, 2]})
    assert s.planets[BLEU][2][BLEU] == 5 and s.removed[BLEU] == 0 and s.removed[VERT] == 3


def test_zap_on_the_vide_sends_tokens_to_the_trou_noir_instead():
    s = duel({JAUNE: ["vide"]}, extra={BLEU: ["zap", "attaque_6"]})
    play_cards(s, "compromis", "attaque_10")
    assert s.to_move() == [BLEU]
    act(s, BLEU, {"type": "edict", "card": "zap", "target": JAUNE, "power": "vide"})
    pass_windows(s)
    assert s.trou_noir[VERT] == 3 and s.trou_noir[BLEU] == 1 and s.removed[VERT] == 0


def test_echangeur_swaps_hands():
    s = duel({VERT: ["echangeur"]})
    pre_cards(s)
    before_v, before_j = sorted(s.hands[VERT]), sorted(s.hands[JAUNE])
    act(s, VERT, {"type": "power", "power": "echangeur"})
    assert sorted(s.hands[VERT]) == before_j and sorted(s.hands[JAUNE]) == before_v


def test_zap_stops_an_announced_power():
    s = duel({VERT: ["echangeur"]}, extra={ROUGE: ["zap", "attaque_6"]})
    pre_cards(s)
    assert s.to_move() == [VERT] or s.to_move() == [ROUGE]
    while s.to_move() != [VERT]:
        s.apply(s.to_move()[0], {"type": "pass"})
    before = sorted(s.hands[VERT])
    act(s, VERT, {"type": "power", "power": "echangeur"})
    act(s, ROUGE, {"type": "edict", "card": "zap", "target": VERT, "power": "echangeur"})
    assert sorted(s.hands[VERT]) == before


def test_esprit_sees_a_hand_privately():
    s = duel({BLEU: ["esprit"]})
    pre_cards(s)
    act(s, BLEU, {"type": "power", "power": "esprit", "seat": JAUNE})
    mine = [line["fr"] for line in s.view(BLEU)["log"]]
    theirs = [line["fr"] for line in s.view(ROUGE)["log"]]
    assert any("Main de" in t and "Attaque 15" in t for t in mine)
    assert not any("Main de" in t for t in theirs)


def test_philantrope_gives_a_card():
    s = duel({VERT: ["philantrope"]})
    pre_cards(s)
    act(s, VERT, {"type": "power", "power": "philantrope", "card": "attaque_6", "to": JAUNE})
    assert s.hands[JAUNE].count("attaque_6") == 1 and "attaque_6" not in s.hands[VERT]


def test_mutant_fills_its_hand_to_seven():
    s = duel({JAUNE: ["mutant"]})
    pre_cards(s)
    act(s, JAUNE, {"type": "power", "power": "mutant"})
    act(s, JAUNE, {"type": "mutant_take", "from": ROUGE})
    act(s, JAUNE, {"type": "mutant_take", "from": "deck"})
    act(s, JAUNE, {"type": "mutant_take", "from": VERT})
    assert len(s.hands[JAUNE]) == 7 and len(s.hands[ROUGE]) == 6 and len(s.hands[VERT]) == 3


def test_sorcier_swaps_the_laid_cards():
    s = duel({JAUNE: ["sorcier"]})
    play_cards(s, "attaque_10", "attaque_4")
    act(s, JAUNE, {"type": "power", "power": "sorcier"})
    # Jaune now counts Vert's 10 (+ 4 tokens) against Vert's 4 (+ 4): Jaune wins.
    assert outcome(s) == "defence"


def test_amibe_adds_tokens_after_the_cards_are_laid():
    s = duel({VERT: ["amibe"]}, oval={VERT: 1}, ring={})
    play_cards(s, "attaque_10", "attaque_10")
    act(s, VERT, {"type": "power", "power": "amibe"})
    for p in range(5):
        act(s, VERT, {"type": "amibe_add", "from": [VERT, p]})
    act(s, VERT, {"type": "amibe_done"})
    assert outcome(s) == "offence" and s.planets[JAUNE][2][VERT] == 6


def test_amibe_with_macron_cannot_grow():
    s = duel({VERT: ["amibe", "macron"]}, oval={VERT: 1}, ring={})
    play_cards(s, "attaque_10", "attaque_10")
    act(s, VERT, {"type": "power", "power": "amibe"})
    assert not any(a["type"] == "amibe_add" for a in s.legal_actions(VERT))


def test_chronos_time_travel():
    s = duel({VERT: ["chronos"]})
    play_cards(s, "attaque_6", "attaque_15")
    act(s, VERT, {"type": "power", "power": "chronos"})
    assert "attaque_6" in s.hands[VERT] and s.set_aside == [[JAUNE, "attaque_15"]]
    play_cards(s, "attaque_8", "attaque_4")
    assert outcome(s) == "offence"
    assert "attaque_15" in s.hands[JAUNE] and s.set_aside == []


def test_vulch_collects_a_played_edict_and_keeps_edicts_on_a_new_hand():
    s = new(3, 2, powers={1: ["vulch"]})
    s.queue = []
    s.offence = 0
    set_hands(s, {0: ["peste", "attaque_8"], 1: ["zap", "moebius"]})
    s.phase = "window_start"
    s._advance()
    auto_pass(s)
    act(s, 0, {"type": "edict", "card": "peste", "victim": 2})
    assert s.to_move() == [1] and s.queue[0]["kind"] == "vulch"
    act(s, 1, {"type": "vulch_take", "card": "peste"})
    assert "peste" in s.hands[1]
    s.queue.insert(0, {"seat": 1, "kind": "new_hand"})
    assert {"type": "vulch_keep"} in s.legal_actions(1) and {"type": "new_hand"} in s.legal_actions(1)
    s.queue.pop(0)
    s._new_hand(1, keep_edicts=True)
    assert {"zap", "moebius", "peste"} <= set(s.hands[1]) and len(s.hands[1]) == 10


def test_powers_off_below_three_home_planets():
    s = duel({VERT: ["virus"]})
    for p in (0, 1, 2):
        s.trou_noir[VERT] += s.planets[VERT][p][VERT]
        s.planets[VERT][p][VERT] = 0
    play_cards(s, "attaque_10", "attaque_15")
    assert s.last_totals == [14, 19]


def test_every_dealt_power_is_implemented():
    from cosmoludo.games.rencontre_cosmique.data import POWERS
    assert IMPLEMENTED_POWERS == {p.id for p in POWERS}  # the 20 powers of the box and the 2 bonus ones
    for seed in range(50):
        g = RencontreCosmique(4, {"pouvoirs": True}, seed)
        assert all(p in IMPLEMENTED_POWERS for ps in g.powers for p in ps)


@pytest.mark.parametrize("power", sorted(IMPLEMENTED_POWERS))
def test_random_games_with_each_power(power):
    from cosmoludo.core.rng import Rng
    from invariants_rencontre import rencontre_cosmique as check

    for k in range(3):
        s = new(3, 100 + k, powers={k % 3: [power]})
        rng = Rng(k)
        steps = 0
        while not s.is_over() and steps < 30_000:
            seat = s.to_move()[0]
            s.apply(seat, s.rollout_action(seat, rng) if rng.below(4) else rng.choice(s.legal_actions(seat)))
            check(s)
            steps += 1
        assert s.is_over()


def test_zombie_returns_the_partners_tokens_in_a_deal():
    s = duel({VERT: ["zombie"]}, vert_card="compromis", jaune_card="compromis", ring={}, oval={VERT: 1})
    s.planets[JAUNE][0][JAUNE] -= 3
    s.trou_noir[JAUNE] = 3
    play_cards(s, "compromis", "compromis")
    act(s, VERT, {"type": "deal_zombie_return", "n": 2})
    act(s, VERT, {"type": "deal_ask_cards", "n": 1})
    act(s, VERT, {"type": "deal_propose"})
    act(s, JAUNE, {"type": "deal_accept"})
    act(s, JAUNE, {"type": "place", "planet": [JAUNE, 0]})
    act(s, JAUNE, {"type": "place", "planet": [JAUNE, 0]})
    assert s.trou_noir[JAUNE] == 1 and s.planets[JAUNE][0][JAUNE] == 3


def test_chercheur_intent_question_binds_the_card():
    s = duel({BLEU: ["chercheur"]})
    pre_cards(s)
    act(s, BLEU, {"type": "power", "power": "chercheur", "seat": JAUNE, "question": "attaque_12_ou_plus"})
    act(s, JAUNE, {"type": "answer", "yes": True})
    pass_windows(s)
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    assert s.legal_actions(JAUNE) == [{"type": "play", "card": "attaque_15"}]
    with pytest.raises(Exception) as e:
        s.apply(JAUNE, {"type": "play", "card": "attaque_4"})
    assert "Chercheur" in e.value.fr


def test_chercheur_fact_question_is_answered_truthfully():
    s = duel({VERT: ["chercheur"]})
    pre_cards(s)
    act(s, VERT, {"type": "power", "power": "chercheur", "seat": JAUNE, "question": "a_compromis"})
    assert any("répond : oui" in line["fr"] for line in s.view(ROUGE)["log"])


def test_chercheur_answer_unkeepable_is_void():
    s = duel({VERT: ["chercheur"]}, extra={JAUNE: ["attaque_4", "attaque_6"]})
    pre_cards(s)
    act(s, VERT, {"type": "power", "power": "chercheur", "seat": JAUNE, "question": "joue_compromis"})
    act(s, JAUNE, {"type": "answer", "yes": True})
    pass_windows(s)
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    assert len(s.legal_actions(JAUNE)) == 2  # no compromise in hand: objectively unable, free choice


def test_zombie_saves_the_tokens_lost_when_no_deal_is_made():
    s = duel({VERT: ["zombie"]}, vert_card="compromis", jaune_card="compromis", ring={}, oval={VERT: 1})
    play_cards(s, "compromis", "compromis")
    act(s, VERT, {"type": "timeout"})
    for _ in range(3):
        act(s, VERT, {"type": "lose", "planet": [VERT, 0]})
    assert s.queue[0]["kind"] == "zombie" and s.queue[0]["left"] == 3  # one decision for the three
    for _ in range(3):
        act(s, VERT, {"type": "zombie_place", "planet": [VERT, 4]})
    assert s.trou_noir[VERT] == 0 and s.planets[VERT][4][VERT] == 4 + 3
    assert s.to_move() == [JAUNE] and s.queue[0]["kind"] == "lose"


def comedien_turn(roles):
    """Rouge, a Comédien holding `roles`, starts its turn (3 players): it is about to name its role."""
    s = new(3, 4, powers={0: ["comedien"]})
    s.roles[0] = list(roles)
    s.queue = []
    s.offence = 0
    set_hands(s, {0: ["attaque_8", "attaque_10"], 1: ["attaque_4"], 2: ["attaque_6"]})
    s.phase = "start_turn"
    s._advance()
    auto_pass(s)
    return s


def test_comedien_announces_a_role_never_twice_in_a_row():
    s = comedien_turn(["virus", "macron", "clone"])
    # « Avant chaque duel »: the offence names its role first, before the cup says who defends.
    assert s.to_move() == [0] and s.queue[0]["kind"] == "role" and s.defence is None
    assert s.legal_actions(0) == [{"type": "role", "power": p} for p in ("virus", "macron", "clone")]
    act(s, 0, {"type": "role", "power": "virus"})
    assert s.power_on(0, "virus") and not s.power_on(0, "macron")
    s.queue = []
    s.phase = "start_duel"
    s._advance()
    assert s.queue[0]["kind"] == "role" and {"type": "role", "power": "virus"} not in s.legal_actions(0)


def test_comedien_defending_names_its_role_as_soon_as_it_is_designated():
    s = new(3, 4, powers={1: ["comedien"]})
    s.roles[1] = ["virus", "macron", "clone"]
    s.queue = []
    s.offence = 0
    set_hands(s, {0: ["attaque_8"], 1: ["attaque_4"], 2: ["attaque_6"]})
    s.cup, s.aside = [1, 1], []
    s.phase = "destiny"
    s._advance()
    assert s.defence == 1 and s.to_move() == [1] and s.queue[0]["kind"] == "role"
    act(s, 1, {"type": "role", "power": "macron"})
    assert s.role[1] == "macron" and s.queue[0]["kind"] in ("window", "aim")


def test_comedien_gained_by_rotation_gets_roles_and_gives_them_back_when_lost():
    s = new(3, 4, powers={0: ["virus"], 1: ["clone"], 2: ["laser"]}, pouvoirs=True, rotation=True)
    s.power_pool = [p for p in s.power_pool if p not in ("comedien", "virus", "clone", "laser")] + ["comedien"]
    s.phase = "start_turn"
    s.queue = [{"seat": 0, "kind": "rotate", "powers": ["virus"]}]
    act(s, 0, {"type": "rotate_power", "power": "virus"})
    assert s.powers[0] == ["comedien"] and len(s.roles[0]) == 3
    roles = list(s.roles[0])
    assert not set(roles) & set(s.power_pool)
    s.phase = "start_turn"
    s.queue = [{"seat": 0, "kind": "rotate", "powers": ["comedien"]}]
    act(s, 0, {"type": "rotate_power", "power": "comedien"})
    assert s.roles[0] == [] and set(roles) <= set(s.power_pool) and "comedien" in s.power_pool


def test_comedien_dropped_in_two_out_of_three_puts_its_roles_back():
    for seed in range(200):
        g = RencontreCosmique(4, {"pouvoirs": True, "deux_sur_trois": True, "pouvoirs_bonus": True}, seed)
        holders = [s for s in range(4) if "comedien" in g.powers[s]]
        if holders:
            break
    s = holders[0]
    roles = list(g.roles[s])
    assert roles
    while not (g.queue[0]["kind"] == "drop_power" and g.queue[0]["seat"] == s):
        seat = g.to_move()[0]
        g.apply(seat, g.legal_actions(seat)[0])
    g.apply(s, {"type": "drop_power", "power": "comedien"})
    assert g.roles[s] == [] and set(roles) <= set(g.power_pool)


def escamote(item, offence=0, hands=None, seed=4):
    s = new(3, seed, powers={2: ["escamoteur"]})
    s.queue = []
    s.offence = offence
    set_hands(s, hands or {0: ["attaque_8", "compromis", "attaque_10"], 1: ["attaque_4", "compromis"],
                           2: ["attaque_6"]})
    s.phase = "start_turn"
    s._advance()
    assert s.to_move() == [2] and {"type": "escamote", "item": item} in s.legal_actions(2)
    act(s, 2, {"type": "escamote", "item": item})
    return s


def drive_to(s, kind):
    rng = __import__("cosmoludo.core.rng", fromlist=["Rng"]).Rng(1)
    for _ in range(200):
        if (s.queue and s.queue[0]["kind"] == kind) or s.phase == kind:
            return
        seat = s.to_move()[0]
        act(s, seat, s.rollout_action(seat, rng))
    raise AssertionError(kind)


def test_escamoteur_each_item_once_until_all_used():
    s = escamote("edits")
    assert s.escamote_used == ["edits"]
    s.queue = []
    s.phase = "end_turn"
    s._advance()
    auto_pass(s)
    assert {"type": "escamote", "item": "edits"} not in s.legal_actions(2)


def test_escamote_tasse_free_choice_of_planets():
    s = escamote("tasse")
    drive_to(s, "free_aim")
    assert {"type": "aim", "planet": [2, 3], "defender": 2} in s.legal_actions(0)
    assert {"type": "aim", "planet": [1, 0], "defender": 1} in s.legal_actions(0)


def test_escamote_cone_no_duel():
    s = escamote("cone")
    assert s.offence == 1  # the turn ended after the retrieval phase


def test_escamote_pouvoirs_switches_powers_off():
    s = escamote("pouvoirs")
    s.powers[0] = ["virus"]
    assert not s.power_on(0, "virus") and s.power_on(2, "escamoteur")


def test_escamote_trou_noir_tokens_go_home():
    s = escamote("trou_noir")
    s.planets[1][1][1] -= 2  # two tokens leave the board, lost
    s._lose_now(1, 2, vide=False)
    assert s.queue[0]["kind"] == "place" and s.to_move() == [1]
    act(s, 1, {"type": "place", "planet": [1, 0]})
    act(s, 1, {"type": "place", "planet": [1, 0]})
    assert s.trou_noir[1] == 0


def test_escamote_alliances_and_edicts():
    s = escamote("alliances")
    assert not s._alliances_possible()
    t = escamote("edits", hands={0: ["peste", "attaque_8"], 1: ["attaque_4"], 2: ["attaque_6"]})
    assert t._edict_actions(0, "start") == []


def test_escamote_pioche_defence_without_cards_lets_the_offence_land():
    s = escamote("pioche", hands={0: ["attaque_8"], 1: ["zap"], 2: ["attaque_6"]})
    drive_to(s, "aim")
    assert s.defence is not None
    d = s.defence
    set_hands(s, {d: ["zap"]})
    drive_to(s, "second_duel")
    assert s.last_outcome == "offence" or s.outcome == "offence"


def test_escamote_defausse_cards_played_leave_the_game():
    s = escamote("defausse")
    drive_to(s, "cards")
    off, d = s.offence, s.defence
    a, b = s.legal_actions(off)[0]["card"], s.legal_actions(d)[0]["card"]
    act(s, off, {"type": "play", "card": a})
    act(s, d, {"type": "play", "card": b})
    rng = __import__("cosmoludo.core.rng", fromlist=["Rng"]).Rng(2)
    while not s.out_of_game:
        seat = s.to_move()[0]
        act(s, seat, s.rollout_action(seat, rng))
    assert sorted(s.out_of_game) == sorted([a, b])


def test_escamote_compromis_and_attaques():
    s = escamote("compromis")
    assert "compromis" not in s.playable_cards(0)
    t = escamote("attaques")
    assert t.playable_cards(0) == ["compromis"]


def test_escamote_only_vanished_cards_means_a_new_hand():
    s = escamote("attaques", hands={0: ["attaque_8", "attaque_10"], 1: ["attaque_4", "compromis"], 2: ["attaque_6"]})
    drive_to(s, "aim")
    rng = __import__("cosmoludo.core.rng", fromlist=["Rng"]).Rng(3)
    while s.offence == 0:
        seat = s.to_move()[0]
        act(s, seat, s.rollout_action(seat, rng))
    assert any("{P0} n'a que des cartes escamotées" in line["fr"] for line in s.log)


def test_esprit_outside_the_duel_may_look_at_either_hand():
    """« l'un des deux joueurs concernés par le duel »: the Mind need not take part in the duel itself."""
    s = duel({ROUGE: ["esprit"]}, ring={})
    pre_cards(s)
    assert s.to_move() == [ROUGE] and not s.involved(ROUGE)
    legal = s.legal_actions(ROUGE)
    assert {"type": "power", "power": "esprit", "seat": VERT} in legal
    assert {"type": "power", "power": "esprit", "seat": JAUNE} in legal
    act(s, ROUGE, {"type": "power", "power": "esprit", "seat": JAUNE})
    assert any("Main de" in line["fr"] and "Attaque 15" in line["fr"] for line in s.view(ROUGE)["log"])


def test_rulebook_example_philantrope_gives_before_the_defence_checks_its_cards():
    """The worked game: Vert draws Jaune from the cup, then gives Jaune an attack 6 with the Philantrope, and
    only then does the defence check whether it needs new cards: with that card it draws none."""
    s = new(4, 1, powers={VERT: ["philantrope"]})
    s.queue = []
    s.offence = VERT
    set_hands(s, {VERT: ["attaque_6", "attaque_12", "compromis"], JAUNE: ["zap"]})
    s.cup, s.aside = [JAUNE, JAUNE], []
    s.phase = "destiny"
    s._advance()
    auto_pass(s)
    assert s.defence == JAUNE and s.queue[0]["moment"] == "defender" and s.to_move() == [VERT]
    act(s, VERT, {"type": "power", "power": "philantrope", "card": "attaque_6", "to": JAUNE})
    while s.queue and s.queue[0]["kind"] in ("zap_react", "window"):
        act(s, s.to_move()[0], {"type": "pass"})
    assert sorted(s.hands[JAUNE]) == ["attaque_6", "zap"]
    assert s.queue[0]["kind"] == "aim"  # no new hand for Jaune: it is stuck with the « rotten » card


def test_vulch_offered_the_edicts_of_a_player_eliminated_by_the_vide():
    """An eliminated player « dépose ses cartes sur la défausse »: a Vulch may collect the edicts among them."""
    s = duel({JAUNE: ["vide"], ROUGE: ["vulch"]}, oval={VERT: 3}, ring={},
             extra={VERT: ["attaque_10", "zap", "moebius"]})
    s.removed[VERT] = 13
    for p, k in enumerate((2, 1, 0, 0, 0)):
        s.planets[VERT][p][VERT] = k
    s.planets[ROUGE][1][VERT] = 1
    act(s, VERT, {"type": "play", "card": "attaque_10"})
    act(s, JAUNE, {"type": "play", "card": "attaque_15"})
    act(s, VERT, {"type": "pass"})  # Vert keeps its Zap
    assert s.eliminated[VERT]
    assert s.to_move() == [ROUGE] and s.queue[0]["kind"] == "vulch"
    act(s, ROUGE, {"type": "vulch_take", "card": "zap"})
    assert "zap" in s.hands[ROUGE] and "moebius" in s.discard


def test_escamote_vanished_cards_rejected_at_once_edicts_through_the_new_hand():
    """Only the vanished duel cards are thrown away at once; the edicts are then played or discarded as with any
    new hand, and a Vulch is offered them."""
    s = new(3, 4, powers={1: ["vulch"], 2: ["escamoteur"]})
    s.queue = []
    s.offence = 0
    set_hands(s, {0: ["attaque_8", "attaque_10", "zap"], 1: ["attaque_4", "compromis"], 2: ["attaque_6"]})
    s.phase = "start_turn"
    s._advance()
    act(s, 2, {"type": "escamote", "item": "attaques"})
    assert s.to_move() == [0] and s.queue[0]["kind"] == "new_hand"
    assert s.hands[0] == ["zap"] and "attaque_8" in s.discard and "attaque_10" in s.discard
    act(s, 0, {"type": "new_hand"})
    assert s.to_move() == [1] and s.queue[0]["kind"] == "vulch"
    act(s, 1, {"type": "vulch_take", "card": "zap"})
    while s.queue and s.queue[0]["kind"] == "zap_react":  # the others may Zap the announced power first
        act(s, s.to_move()[0], {"type": "pass"})
    assert "zap" in s.hands[1] and len(s.hands[0]) == 7


def test_laser_draws_at_random_even_a_card_its_victim_promised_the_chercheur_not_to_play():
    """The Laser picks « au hasard dans la main »: a « no » to the Chercheur does not shield the compromise (the
    answer is void when its giver is objectively unable to keep it)."""
    forced = set()
    for seed in range(1, 13):
        s = new(4, seed, powers={ROUGE: ["laser"], JAUNE: ["chercheur"]})
        arrange_duel(s, ROUGE, BLEU, (BLEU, 0), {ROUGE: 2}, {JAUNE: 1}, 3,
                     {ROUGE: ["attaque_10"], BLEU: ["compromis", "attaque_6"]})
        s.phase = "window_pre_cards"
        s._advance()
        act(s, JAUNE, {"type": "power", "power": "chercheur", "seat": BLEU, "question": "joue_compromis"})
        act(s, BLEU, {"type": "answer", "yes": False})
        pass_windows(s)
        s.apply(ROUGE, {"type": "play", "card": "attaque_10"})
        forced.add(s.sealed[BLEU])
    assert forced == {"compromis", "attaque_6"}


def test_bonus_powers_only_with_their_option():
    """The box has twenty powers; the Escamoteur and the Comédien come from the article's post-scriptum."""
    from cosmoludo.core.options import normalize

    def dealt(options, seed):
        g = RencontreCosmique(4, normalize(RencontreCosmique.options_spec, options, 4), seed)
        return {p for ps in g.powers for p in ps} | {p for r in g.roles for p in r} | set(g.power_pool)

    assert not any({"escamoteur", "comedien"} & dealt({"nb_pouvoirs": 4}, seed) for seed in range(40))
    assert all({"escamoteur", "comedien"} <= dealt({"pouvoirs_bonus": True}, seed) for seed in range(5))


def test_escamote_pioche_no_card_reward_nor_mutant_draw_from_the_vanished_deck():
    """« Le talon de cartes : aucune carte ne peut être récupérée »: a defending ally without a Trou Noir token
    has nothing to take and simply goes home; the Mutant cannot draw from the deck."""
    s = escamote("pioche")
    arrange_duel(s, 0, 1, (1, 2), oval={0: 2}, ring={2: 1}, defender_tokens=2,
                 hands={0: ["attaque_4", "attaque_6"], 1: ["attaque_20", "attaque_8"], 2: ["attaque_10"]})
    act(s, 0, {"type": "play", "card": "attaque_4"})
    act(s, 1, {"type": "play", "card": "attaque_20"})
    assert s.to_move() == [2] and s.queue[0]["kind"] == "place"
    assert all(a["type"] == "place" for a in s.legal_actions(2))
    s.queue.insert(0, {"seat": 1, "kind": "mutant"})
    assert {"type": "mutant_take", "from": "deck"} not in s.legal_actions(1)


def test_rotation_after_a_full_round_of_the_players_still_in_the_game():
    s = new(4, 3, powers={0: ["virus"], 1: ["clone"], 2: ["laser"], 3: ["vide"]}, pouvoirs=True, rotation=True)
    s.turns_since_rotation = 0  # powers just rotated after the first round
    s.eliminated[3] = True
    for k in range(3):
        s.queue = []
        s._phase_end_turn()
        assert any(q["kind"] == "rotate" for q in s.queue) == (k == 2)


def test_escamote_trou_noir_nothing_comes_out_and_the_vide_sends_tokens_home():
    """Ruling: with the Trou Noir vanished, no token is retrieved from it, and the Vide's victims go home."""
    s = escamote("trou_noir", offence=0)
    assert not any(q["kind"] == "retrieve" for q in s.queue) or s.trou_noir[0] == 0
    s.trou_noir[0] = 1
    s.planets[0][0][0] -= 1
    s.queue = []
    s.phase = "retrieve"
    s._advance()
    assert not any(q["kind"] == "retrieve" for q in s.queue)
    s.powers[1] = ["vide"]
    arrange_duel(s, 0, 1, (1, 2), oval={0: 2}, ring={}, defender_tokens=2,
                 hands={0: ["attaque_4", "attaque_6"], 1: ["attaque_20", "attaque_8"]})
    act(s, 0, {"type": "play", "card": "attaque_4"})
    act(s, 1, {"type": "play", "card": "attaque_20"})
    assert s.to_move() == [0] and s.queue[0]["kind"] == "place" and s.removed[0] == 0


def test_macron_backing_the_defence_may_commit_four_tokens():
    """The Macron's limit is « pour attaquer … ou pour soutenir une attaque »: a defending ally commits up to four."""
    s = new(3, 2, powers={2: ["macron"]})
    s.queue = [{"seat": 2, "kind": "send", "side": "defence", "sent": 0}]
    s.offence, s.defence, s.target, s.phase = 0, 1, (1, 0), "cards_check"
    for p in range(4):
        act(s, 2, {"type": "send", "from": [2, p]})
    assert len(s.ring[2]) == 4


# ---- what a seat has learnt stays true in its ISMCTS deals -----------------------------------
def test_determinize_keeps_the_hand_the_esprit_saw():
    from collections import Counter

    from cosmoludo.core.rng import Rng

    s = duel({BLEU: ["esprit"]})
    pre_cards(s)
    act(s, BLEU, {"type": "power", "power": "esprit", "seat": JAUNE})
    pass_windows(s)
    seen = Counter(s.hands[JAUNE])
    assert Counter(s.known[BLEU][JAUNE]) == seen and s.known[ROUGE][JAUNE] == {}
    others_deals = set()
    for k in range(20):
        d = s.determinize(BLEU, Rng(k))
        assert Counter(d.hands[JAUNE]) == seen
        assert d.view(BLEU)["legal_actions"] == s.view(BLEU)["legal_actions"]
        others_deals.add(tuple(sorted(s.determinize(ROUGE, Rng(k)).hands[JAUNE])))
    assert len(others_deals) > 1  # Rouge did not look: Jaune's hand is dealt again for it
    act(s, JAUNE, {"type": "play", "card": "attaque_4"})  # face down: still one of the cards Bleu saw
    assert s.sealed[JAUNE] == "attaque_4" and not s.revealed
    for k in range(10):
        d = s.determinize(BLEU, Rng(k))
        assert Counter(d.hidden_cards(JAUNE)) == seen


def test_determinize_keeps_a_given_card_where_it_went():
    from cosmoludo.core.rng import Rng

    s = duel({VERT: ["philantrope"]})
    pre_cards(s)
    act(s, VERT, {"type": "power", "power": "philantrope", "card": "attaque_6", "to": JAUNE})
    assert s.known[VERT][JAUNE] == {"attaque_6": 1} and s.known[JAUNE][VERT] == {}
    assert s.known[ROUGE][JAUNE] == {}
    for k in range(10):
        assert "attaque_6" in s.determinize(VERT, Rng(k)).hands[JAUNE]


def test_determinize_keeps_a_swapped_face_down_card_where_the_sorcier_put_it():
    from cosmoludo.core.rng import Rng

    # The Sorcier attacks: Jaune, the defence, still has the sealed window to answer once the cards are swapped.
    s = duel({VERT: ["sorcier"]}, extra={JAUNE: ["attaque_10", "attaque_4", "attaque_15", "compromis", "champ_de_force"]})
    play_cards(s, "attaque_10", "attaque_4")
    act(s, VERT, {"type": "power", "power": "sorcier"})
    assert s.to_move() == [JAUNE] and s._face_down(VERT) and s._face_down(JAUNE)
    assert s.sealed_seen == [[], [], [VERT], [JAUNE]]
    # Each main player knows the card in front of the other: its own, a moment ago. A third player does not.
    rouge_saw = set()
    for k in range(20):
        assert s.determinize(JAUNE, Rng(k)).sealed[VERT] == "attaque_4"
        assert s.determinize(VERT, Rng(k)).sealed[JAUNE] == "attaque_10"
        rouge_saw.add(s.determinize(ROUGE, Rng(k)).sealed[JAUNE])
    assert len(rouge_saw) > 1
    # A card laid again (the Chronos' time travel) is its owner's secret again.
    s._after_seal(VERT)
    assert s.sealed_seen[VERT] == []


def test_consolation_cards_are_known_to_both_and_lost_to_the_others():
    from collections import Counter

    s = duel({}, vert_card="compromis")
    s.known[ROUGE][JAUNE] = {"attaque_15": 1}  # say Rouge had seen it: a random draw from that hand blurs it
    play_cards(s, "compromis", "attaque_10")
    finish_queue(s, seats=[ROUGE, BLEU, JAUNE, VERT])
    taken = Counter(s.hands[VERT]) - Counter(["attaque_6", "attaque_8", "compromis"])
    assert sum(taken.values()) == 3  # three Vert tokens lost: three cards of Jaune's
    assert not taken - Counter(s.known[JAUNE][VERT]) and s.known[VERT][JAUNE] == {}
    assert s.known[ROUGE][JAUNE] == {} and s.known[ROUGE][VERT] == {}


def test_a_vanished_card_is_refused_as_vanished_not_as_a_broken_answer():
    s = duel({})
    s.escamote = "attaques"
    s.phase = "cards"
    s.hands[VERT] = ["attaque_10", "compromis"]
    with pytest.raises(IllegalAction) as e:
        s.apply(VERT, {"type": "play", "card": "attaque_10"})
    assert "escamotée" in e.value.fr and "vanished" in e.value.en


def test_a_comedien_playing_the_escamoteur_makes_nothing_vanish():
    """The Escamoteur acts before the turn, the Comédien's role only during a duel (a ruling of this version)."""
    s = comedien_turn(["escamoteur", "macron"])
    act(s, 0, {"type": "role", "power": "escamoteur"})
    for _ in range(40):
        if not s.queue or s.phase in ("cards", "end_turn"):
            break
        assert s.queue[0]["kind"] != "escamote"
        seat = s.to_move()[0]
        act(s, seat, s.legal_actions(seat)[-1])
    assert s.escamote is None
