"""Porco Crasso's « fort »: the fast copy of the rules its playouts run on, and the search itself."""
from __future__ import annotations

from collections import Counter

import pytest

from cosmoludo import games
from cosmoludo.core.bots import choose_action
from cosmoludo.core.rng import Rng
from cosmoludo.games.porco_crasso import bot
from cosmoludo.games.porco_crasso.playout import Sim, to_mask
from cosmoludo.games.porco_crasso.rules import OISEAU_PHASE, PLAY_PHASE, REACT_PHASE
from porco_helpers import arrange, new

SETS = [(2, {}), (3, {"coquettruie": True}), (4, {"coquettruie": True, "chronoboue": True}), (2, {"coquettruie": True})]


def _turns(players: int, options: dict, seeds: range):
    """Each position of seeded « facile » games where the seat to move plays its own card (turn or Oiseau)."""
    for seed in seeds:
        state = games.new_game("porco-crasso", players, options, seed)
        state.quiet = True
        while not state.is_over():
            seat = state.to_move()[0]
            if not state.asks and state.phase in (PLAY_PHASE, OISEAU_PHASE):
                yield state, seat
            state.step(seat, choose_action(state, seat, "facile", seed=seed))


def _as_action(move: tuple[str, str, int, int]) -> dict:
    kind, card, ts, ti = move
    if kind == "stuck":
        return {"type": "stuck"}
    if kind == "discard":
        return {"type": "discard", "card": card}
    return {"type": "play", "card": card} if ts < 0 else {"type": "play", "card": card, "seat": ts, "pig": ti}


def test_playout_cards_do_what_the_rules_do():
    """Every card played in « facile » games (2–4 players, extension, Chronoboue), answers included, leaves the
    fast copy exactly where the engine is: pigs, hands, discard pile, winner."""
    checked = 0
    for players, options in SETS:
        for state, seat in _turns(players, options, range(3)):
            action = choose_action(state, seat, "facile", seed=1)
            if action["type"] == "stuck":
                continue
            sim = Sim.from_state(state)
            sim.play(seat, action["type"], action["card"], action.get("seat", -1), action.get("pig", -1))
            after = state.clone()
            after.quiet = True
            after.step(seat, action)
            while after.stage() == REACT_PHASE:  # « facile » always answers, as the playouts do
                s = after.to_move()[0]
                after.step(s, choose_action(after, s, "facile"))
            assert sim.pigs == [[to_mask(p) for p in pigs] for pigs in after.pigs], action
            assert [Counter(h) for h in sim.hands] == [Counter(h) for h in after.hands], action
            assert Counter(sim.discard) == Counter(after.discard), action
            assert sim.winner == after.game_winner, action
            checked += 1
    assert checked > 300


def test_playout_policy_is_facile():
    """The playouts' chooser picks a move « facile » rates best (ties aside), in turns and through Oiseaux."""
    checked = 0
    for players, options in SETS:
        for state, seat in _turns(players, options, range(2)):
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                continue
            sim = Sim.from_state(state)
            cards = sim.left if sim.left is not None else sim.hands[seat]
            mine = _as_action(sim.choose(seat, cards, sim.left is None))
            scores = bot.score_actions(state, seat, legal, Rng(0))
            assert mine in legal, mine
            assert scores[legal.index(mine)] >= max(scores) - 2e-4, (mine, legal, scores)
            checked += 1
    assert checked > 150


#: The candidate rules (keep, close, most) of « fort » and « normal ».
FORT = (bot.FORT_KEEP, bot.FORT_CLOSE, bot.FORT_MOST)
NORMAL = (bot.NORMAL_KEEP, 0.0, None)


def _fort(state, seat: int, seed: int = 3, playouts: int = 60, rule: tuple = FORT):
    return bot.search_action(state, seat, Rng(seed), playouts, *rule)


def test_fort_plays_legal_moves_and_repeats_itself():
    """In turns and Oiseaux, 2–4 players, base game and extension: a legal move, the same one for the same seed
    (a save replays the same game), whatever the position's own copy."""
    checked = 0
    for players, options in SETS:
        for n, (state, seat) in enumerate(_turns(players, options, range(1))):
            if n % 4:
                continue
            action = _fort(state, seat)
            assert action in state.legal_actions(seat)
            assert _fort(state.clone(), seat) == action
            checked += 1
    assert checked >= 16
    state = new(2, seed=5)
    assert choose_action(state, 0, "fort", seed=2) == choose_action(state.clone(), 0, "fort", seed=2)
    # Four players' playouts are longer: fewer of them, so that a decision takes no longer.
    assert bot.fort_playouts(new(4)) < bot.fort_playouts(new(3)) == bot.fort_playouts(state) == bot.FORT_PLAYOUTS


@pytest.mark.parametrize("rule", [FORT, NORMAL])
def test_fort_and_normal_do_not_peek_at_hidden_cards(rule):
    """Positions alike to seat 0 but for the cards it cannot see (the other hand, the deck's order) get the same
    decision from « fort » and « normal »: what `seat` does not see is dealt again from the same cards."""
    for seed in range(4):
        a = new(3, seed=seed, coquettruie=True)
        b = a.clone()
        pool = b.deck + b.hands[1] + b.hands[2]
        Rng(seed + 50).shuffle(pool)
        b.hands[1], b.hands[2], b.deck = pool[:3], pool[3:6], pool[6:]
        assert (a.hands[1], a.hands[2], a.deck) != (b.hands[1], b.hands[2], b.deck)
        assert _fort(a, 0, rule=rule) == _fort(b, 0, rule=rule)


def test_fort_takes_the_winning_mud_and_stops_the_winner():
    state = arrange(new(2, seed=4), hands={0: ["foudre", "porcherie", "boue"]}, pigs={0: ["", "D", "D", "D", "D"],
                    1: ["P", "", "", "", ""]}, current=0)
    assert _fort(state, 0)["card"] == "boue"
    # Seat 1 is one Boue from winning and seat 0 cannot win this turn: scrub the pig in the sty (the rain
    # would wash the exposed ones), do not play the Boue.
    state = arrange(new(2, seed=4), hands={0: ["decrassage", "boue", "porcherie"]},
                    pigs={0: ["", "", "", "", ""], 1: ["DP", "D", "D", "D", ""]}, current=0)
    action = _fort(state, 0, playouts=200)
    assert action["card"] == "decrassage" and action["seat"] == 1, action


def _alike(state, action: dict) -> tuple:
    """A move as the search tells moves apart: a card on a pig counts by the pig's flags, not its number."""
    ts = action.get("seat", -1)
    return (action["type"], action.get("card"), ts, tuple(state.pigs[ts][action["pig"]]) if ts >= 0 else None)


def _ranked(state, seat: int, legal: list[dict], seed: int) -> list[tuple[tuple, float]]:
    """« facile »'s distinct moves, best first, with its scores (the rng as `search_action` forks it)."""
    scores = bot.score_actions(state, seat, legal, Rng(seed).fork())
    ranked: list[tuple[tuple, float]] = []
    for i in sorted(range(len(legal)), key=lambda i: -scores[i]):
        if _alike(state, legal[i]) not in [m for m, _ in ranked]:
            ranked.append((_alike(state, legal[i]), scores[i]))
    return ranked


def _choices(sets: list, every: int):
    """Every `every`-th turn of seeded games with options `sets`, where the seat has more than one move:
    (state, seat, legal)."""
    for players, options in sets:
        for n, (state, seat) in enumerate(_turns(players, options, range(2))):
            legal = state.legal_actions(seat)
            if n % every == 0 and len(legal) > 1:
                yield state, seat, legal


def test_fort_plays_among_its_candidates():
    """« fort » searches « facile »'s three best distinct moves and the next ones « facile » rates within
    FORT_CLOSE of its best, five at most: never a move outside them, sometimes a fourth or fifth one, and the
    same move again for the same seed."""
    checked = wider = 0
    for state, seat, legal in _choices(SETS[:3], 2):
        ranked = _ranked(state, seat, legal, 9)
        top = ranked[0][1]
        rule = [m for k, (m, score) in enumerate(ranked)
                if k < bot.FORT_MOST and (k < bot.FORT_KEEP or score >= top - bot.FORT_CLOSE)]
        assert [_alike(state, a) for a in bot.candidates(state, seat, legal, Rng(9), *FORT)] == rule
        assert [m for m, _ in ranked[:bot.NORMAL_KEEP]] == rule[:bot.NORMAL_KEEP]  # « normal »'s, and more
        action = _fort(state, seat, seed=9, playouts=120)
        assert action in legal and _alike(state, action) in rule, (action, rule)
        assert _fort(state.clone(), seat, seed=9, playouts=120) == action
        wider += len(rule) > bot.FORT_KEEP
        checked += 1
    assert checked > 40 and wider > 0, (checked, wider)


def test_normal_plays_one_of_the_three_moves_facile_rates_best():
    """« normal » searches only among « facile »'s three best distinct moves (a badly rated move is never picked
    by chance), yet does not always play facile's first choice; a turn's search repeats itself for a seed."""
    checked = differs = 0
    for state, seat, legal in _choices(SETS[:2], 3):
        ranked = [m for m, _ in _ranked(state, seat, legal, 9)]
        action = bot.search_action(state, seat, Rng(9), 90, bot.NORMAL_KEEP)
        assert _alike(state, action) in ranked[:bot.NORMAL_KEEP], (action, ranked)
        assert bot.search_action(state.clone(), seat, Rng(9), 90, bot.NORMAL_KEEP) == action
        differs += _alike(state, action) != ranked[0]
        checked += 1
    assert checked > 30 and differs > 0


def test_normal_stops_the_winner():
    """Seat 1 is one Boue from winning and seat 0 cannot win this turn: « normal » scrubs one of seat 1's pigs
    rather than play its own Boue or Porcherie, as « fort » does."""
    state = arrange(new(2, seed=4), hands={0: ["decrassage", "boue", "porcherie"]},
                    pigs={0: ["", "", "", "", ""], 1: ["DP", "D", "D", "D", ""]}, current=0)
    action = bot.search_action(state, 0, Rng(3), bot.NORMAL_PLAYOUTS, bot.NORMAL_KEEP)
    assert action["card"] == "decrassage" and action["seat"] == 1, action
