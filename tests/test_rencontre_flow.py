"""Rencontre Cosmique on the decision core (core/flow.py): its questions are flow asks, one handler per kind,
its phases a table; the queue keeps every question a plain JSON dict."""
from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest

from cosmoludo.core.errors import IllegalAction
from cosmoludo.core.flow import FlowState, Kind
from cosmoludo.core.rng import Rng
from cosmoludo.games.rencontre_cosmique import RencontreCosmique
from cosmoludo.games.rencontre_cosmique.asks import Q, Queue
from cosmoludo.games.rencontre_cosmique.kinds import KINDS, Question
from rencontre_helpers import ROUGE, new

ROOT = Path(__file__).resolve().parent.parent / "py" / "cosmoludo" / "games" / "rencontre_cosmique"


def test_the_rules_are_a_flow_state_with_tables():
    assert issubclass(RencontreCosmique, FlowState)
    assert RencontreCosmique.KINDS is KINDS
    assert all(isinstance(k, Kind) for k in KINDS.values())
    # Every phase the chapters name has a step or stands as a decision; every step is a phase of theirs.
    named = set()
    for f in ROOT.glob("*.py"):
        named |= set(re.findall(r'self\.phase = "(\w+)"', f.read_text()))
    assert named <= set(RencontreCosmique.STEPS) | set(RencontreCosmique.PHASE_KINDS), named
    assert not any(n.startswith("_phase_") and n[7:] not in RencontreCosmique.STEPS
                   for n, _ in inspect.getmembers(RencontreCosmique))


def test_every_kind_the_chapters_queue_has_a_handler():
    pushed = set()
    for f in ROOT.glob("*.py"):
        text = f.read_text()
        pushed |= set(re.findall(r'"seat": [^,]+, "kind": "(\w+)"', text)) | set(re.findall(r'_push\([^,]+, "(\w+)"', text))
    assert pushed and pushed <= set(KINDS), pushed - set(KINDS)


def test_the_queue_keeps_questions_that_are_asks_and_plain_dicts():
    s = new(3, 2)
    s.queue = [{"seat": 1, "kind": "send", "side": "defence", "sent": 0}]
    q = s.queue[0]
    assert isinstance(s.queue, Queue) and type(q) is Q and q.kind == "send" and q.seats == [1] and q.data is q
    s.queue.insert(0, {"seat": 2, "kind": "new_hand"})
    s.queue[1:1] = [{"seat": 0, "kind": "clone"}]
    s.queue.append({"seat": 0, "kind": "clone"})
    assert all(type(x) is Q for x in s.queue)
    assert json.loads(json.dumps(s.queue)) == [dict(x) for x in s.queue]
    copy = q.copy()
    copy["sent"] = 3
    assert q["sent"] == 0


def test_a_question_left_without_an_answer_is_dropped():
    s = new(3, 2)
    s.queue = [{"seat": 1, "kind": "voleur", "card": "attaque_40"}]  # the card is not in the discard
    assert "attaque_40" not in s.discard
    s._advance()
    assert not s.queue or s.queue[0]["kind"] != "voleur"


def test_refusals_come_from_the_kind_and_change_nothing():
    s = new(3, 2)
    s.queue = [{"seat": ROUGE, "kind": "send", "side": "offence", "sent": 0}]
    before = json.dumps(s.view(None), sort_keys=True)
    assert s.KINDS["send"].why(s, s.queue[0], ROUGE, {"type": "send_done"}) == (
        "Engagez au moins un pion.", "Commit at least one token.")
    assert isinstance(KINDS["window"], Question)
    with pytest.raises(IllegalAction) as refused:
        s.apply(ROUGE, {"type": "send_done"})
    assert (refused.value.fr, refused.value.en) == ("Engagez au moins un pion.", "Commit at least one token.")
    assert json.dumps(s.view(None), sort_keys=True) == before


def test_random_games_run_on_the_flow_and_clones_keep_their_own_queue():
    for seed in range(3):
        s = RencontreCosmique(3, {"pouvoirs": True, "nb_pouvoirs": 2, "deux_sur_trois": False, "rotation": True,
                                  "pouvoirs_bonus": True, "pouvoirs_caches": False}, seed)
        rng = Rng(seed)
        for _ in range(250):
            if s.is_over():
                break
            seat = s.to_move()[0]
            if s.queue:
                assert s.to_move() == [s.queue[0]["seat"]] and s.KINDS[s.queue[0]["kind"]].open(s, s.queue[0])
            else:
                assert s.phase in s.PHASE_KINDS
            c = s.clone()
            assert type(c.queue) is Queue and all(type(x) is Q for x in c.queue)
            assert c.queue == s.queue and all(a is not b for a, b in zip(c.queue, s.queue, strict=True))
            s.apply(seat, s.rollout_action(seat, rng))


def test_one_table_entry_per_power_with_its_moments():
    from cosmoludo.games.rencontre_cosmique import powers
    from cosmoludo.games.rencontre_cosmique.data import POWERS as CARDS
    assert set(powers.POWERS) == {p.id for p in CARDS} == powers.IMPLEMENTED_POWERS
    for name, entry in powers.POWERS.items():
        assert entry.moments and set(entry.moments) <= set(powers.MOMENTS), name
        assert entry.changes, name


def test_the_duel_arithmetic_is_read_from_the_power_entries(monkeypatch):
    from cosmoludo.games.rencontre_cosmique import duel
    s = new(3, 2, powers={0: ["macron"], 1: ["virus"], 2: []})
    assert (s.token_value(0), s.cone_limit(0, "offence"), s.cone_limit(0, "defence")) == (4, 1, 4)
    assert (s.token_value(1), s.cone_limit(1, "offence"), s.token_value(2)) == (1, 4, 1)
    # The duel asks the table, not the power's name: another entry changes the arithmetic the same way.
    monkeypatch.setattr(duel, "TOKEN_VALUE", [("virus", 3)])
    monkeypatch.setattr(duel, "OFFENCE_CONE", [("virus", 2)])
    assert (s.token_value(0), s.token_value(1), s.cone_limit(1, "offence"), s.cone_limit(0, "offence")) == (1, 3, 2, 4)


def test_the_windows_ask_the_power_table(monkeypatch):
    import dataclasses

    from cosmoludo.games.rencontre_cosmique import powers, windows
    announced = {k for k, p in powers.POWERS.items() if p.announce is not None}
    assert {k for k, _ in powers.ANNOUNCED} == announced == {k for k, p in powers.POWERS.items() if p.effect}
    assert powers.USES == {"clone": "clone", "steal": "voleur", "vulch_take": "vulch", "zombie_place": "zombie",
                           "second_duel": "machine"}
    assert {m: set(ps) for m, ps in powers.ZAPPABLE_AT.items()} == {
        "pre_cards": {"oracle", "laser", "macron", "insecte"}, "revealed": {"virus", "macron", "vide", "empathe"}}
    assert (powers.SEAL_ORDER, powers.SEALS_FIRST, powers.SEALS_SECOND) == (["oracle", "laser"], ["laser"], ["oracle"])
    # What a window offers and what an announcement does come from the entry, not from the power's name.
    s = new(3, 2, powers={0: ["sorcier"], 1: [], 2: []})
    s.defence = 1
    seen = []
    entry = dataclasses.replace(powers.POWERS["sorcier"],
                                announce=lambda g, seat, moment: [{"type": "power", "power": "sorcier", "at": moment}],
                                effect=lambda g, seat, action: seen.append((seat, action)))
    monkeypatch.setattr(windows, "ANNOUNCED", [("sorcier", entry)])
    monkeypatch.setattr(windows, "POWERS", {**powers.POWERS, "sorcier": entry})
    assert s._power_actions(0, "start") == [{"type": "power", "power": "sorcier", "at": "start"}]
    assert s._power_actions(1, "start") == []  # only its owner
    s._power_effect(0, {"type": "power", "power": "sorcier"})
    assert seen == [(0, {"type": "power", "power": "sorcier"})]


def test_no_power_is_named_outside_its_entry():
    """Each power in one place: apart from the power table (powers.py) and the cards' data, no module of the rules,
    the view or the bot names a power (its docstrings and comments may)."""
    import ast

    from cosmoludo.games.rencontre_cosmique.powers import POWERS
    named = []
    for f in sorted(ROOT.glob("*.py")):
        if f.name in ("powers.py", "data.py"):
            continue
        tree = ast.parse(f.read_text())
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body
                      and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        named += [(f.name, n.lineno, n.value) for n in ast.walk(tree)
                  if isinstance(n, ast.Constant) and n.value in POWERS and id(n) not in docstrings]
    assert not named, named


def test_who_holds_a_power_and_the_deal_terms_are_read_from_the_entries(monkeypatch):
    from cosmoludo.games.rencontre_cosmique import deal, table
    s = new(3, 2, powers={0: ["comedien"], 1: [], 2: []})
    s.role[0] = "virus"
    assert s.power_on(0, "virus") and s.lent_powers(0) == ["virus"]
    assert s._empty_terms()["zombie_return"] == 0
    # The table asks the entries, not the power's name: without the lenders, a role lends nothing.
    monkeypatch.setattr(table, "LENDS", [])
    monkeypatch.setattr(table, "LENT", [])
    assert not s.power_on(0, "virus") and s.lent_powers(0) == []
    monkeypatch.setattr(deal, "DEAL_TERMS", [])
    assert "zombie_return" not in s._empty_terms()
