"""One conformance test over every registered game: a game is checked the moment it registers.

Seeded play (mostly the game's playout policy, sometimes any legal action, any waiting seat) to the end with the
game's invariants after every action; saves replay to the same state, from the end and from the middle; refused
actions say why in French and English and change nothing; a clone shares nothing with its original; a
determinized copy keeps what its seat sees. A game plugs its invariants into `invariants.INVARIANTS`.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from cosmoludo import IllegalAction, games
from cosmoludo.core.rng import Rng
from cosmoludo.core.state import listed
from game_helpers import fingerprint, seen_by
from invariants import INVARIANTS

#: Actions no game takes (a game that accepts one of them has a hole in its checks).
GARBAGE: list[Any] = [None, 3, "pass", [], {}, {"type": 7}, {"type": None}, {"type": "no_such_action"},
                      {"type": ["pass"]}]
#: Values put in place of a legal action's field, to make near-miss actions.
WRONG_VALUES: list[Any] = [None, -1, 999, "??", True, [99, 99], {"x": 1}]
#: The most actions of one conformance game before it counts as stuck.
MAX_STEPS = 20_000


def option_sets(cls: type) -> list[dict[str, Any]]:
    """The default options, and every yes/no option turned the other way (and each number at its top)."""
    flipped = {o.id: not o.default for o in cls.options_spec if o.type == "bool"}
    flipped.update({o.id: o.max for o in cls.options_spec if o.type == "int" and o.max is not None})
    return [{}, flipped] if flipped else [{}]


CASES = [(gid, players, opts) for gid, cls in games.GAMES.items()
         for players in range(cls.min_players, cls.max_players + 1) for opts in option_sets(cls)]


def near_misses(legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Legal actions with one field changed to a wrong value, where the result is not itself legal."""
    out = []
    for action in legal[:3]:
        for key in action:
            if key in ("type", "t"):  # "t": a clock reading, any later one is legal
                continue
            out += [{**action, key: v} for v in WRONG_VALUES]
        out.append({**action, "extra": 1})
    return [a for a in out if a not in legal]


def assert_refused(state, seat: Any, action: Any) -> None:
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert err.value.fr.strip() and err.value.en.strip(), "every refusal explains itself in both languages"


@pytest.mark.parametrize(("game_id", "players", "options"), CASES,
                         ids=[f"{g}-{p}-{'flipped' if o else 'default'}" for g, p, o in CASES])
def test_game_conforms(game_id, players, options):
    check = INVARIANTS.get(game_id, lambda state: None)
    seed = 31 * players + len(options)
    rng = Rng(f"conformance:{game_id}:{seed}")
    state = games.new_game(game_id, players, options, seed)
    check(state)
    stale: list[Any] = []
    steps = 0
    while not state.is_over():
        movers = state.to_move()
        assert movers, "a game that goes on has somebody to move"
        seat = movers[rng.below(len(movers))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is to move with nothing to play"
        probe = steps % (20 if steps < 200 else 400) == 0  # often early, then now and then: games run long
        if probe:
            before = fingerprint(state)
            json.dumps(state.view(seat))  # JSON-safe
            tries = [(seat, g) for g in GARBAGE] + [(seat, a) for a in near_misses(legal)]
            tries += [(seat, a) for a in stale[-4:] if a not in legal]
            tries += [(o, legal[0]) for o in range(players) if o not in movers]
            tries += [(players, legal[0]), (-1, legal[0]), (True, legal[0]), ("0", legal[0]), (None, legal[0])]
            for s, a in tries:
                assert_refused(state, s, a)
            assert fingerprint(state) == before, "a refused action changed the game"
            # A clone is equal and shares nothing: play on it, the original does not move, and back.
            twin = state.clone()
            assert fingerprint(twin) == before
            for _ in range(5):
                if twin.is_over():
                    break
                s = twin.to_move()[0]
                twin.apply(s, rng.choice(twin.legal_actions(s)))
            assert fingerprint(state) == before, "playing on a clone changed its original"
            kept = state.clone()
            # A determinized copy keeps everything its seat sees, and the same choices.
            d = state.determinize(seat, rng.fork())
            assert seen_by(d, seat) == seen_by(state, seat), "determinize changed what its seat sees"
            assert d.legal_actions(seat) == legal
        stale.extend(legal[:2])
        action = state.rollout_action(seat, rng) if rng.below(4) else rng.choice(legal)
        assert action in legal or state._is_legal(seat, action), "the playout policy plays a legal action"
        state.apply(seat, action)
        check(state)
        if probe:
            assert fingerprint(kept) == before, "playing on an original changed its clone"
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
        if steps == 60:
            # A save made mid-game replays to the same state.
            again = games.load(json.loads(json.dumps(state.to_save())))
            assert fingerprint(again) == fingerprint(state)
    res = state.result()
    assert res is not None and (res["winners"] or state.may_end_without_winner), "a finished game has winners"
    assert state.to_move() == [] and all(state.legal_actions(s) == [] for s in range(players))
    for s in range(players):
        assert_refused(state, s, {"type": "pass"})
    again = games.load(json.loads(json.dumps(state.to_save())))
    assert fingerprint(again) == fingerprint(state), "the save replays to the same game"


def test_every_registered_game_is_in_the_catalog_and_conformance():
    ids = [g["id"] for g in games.catalog() if g["available"]]
    assert ids == list(games.GAMES) and {gid for gid, _, _ in CASES} == set(ids)


def test_every_registered_game_has_its_invariants():
    assert set(INVARIANTS) == set(games.GAMES)


# ---- the door's number rule (core/state.clean_action) ----------------------------------------------------------
def int_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where `value` holds a whole number (not a boolean): the keys and indexes down to it."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in int_paths(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in int_paths(v, (*path, i))]
    return []


def put(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of `value` with `new` at `path`."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: put(value[head], rest, new)}
    return [put(v, rest, new) if i == head else v for i, v in enumerate(value)]


def get(value: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        value = value[k]
    return value


def has_float(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(map(has_float, value.values()))
    if isinstance(value, list):
        return any(map(has_float, value))
    return False


def probe_numbers(state: Any, seat: int, legal: list[dict[str, Any]], rng: Rng) -> None:
    """Every whole number of a few legal actions sent as a float (whole or not), a boolean, a text, NaN, an
    infinity, a huge number: a whole float is the same action (the log keeps the int), the rest is refused with a
    reason and changes nothing."""
    before = fingerprint(state)
    assert not any(map(has_float, legal)), "no game lists a number that is not whole"
    picks = [a for a in legal if int_paths(a)]  # those that carry a number first, then a few others
    rng.shuffle(picks)
    picks = picks[:3] + [a for a in legal if not int_paths(a)][:1]
    replayed = None
    for action in picks:
        for path in int_paths(action):
            n = get(action, path)
            # A whole float plays exactly the int's action, and the log (the save) holds the int.
            twin = state.clone()
            twin.apply(seat, put(action, path, float(n)))
            assert twin.history[-1] == [seat, action] and not has_float(twin.history[-1][1]), f"{n}.0 is {n}"
            if replayed is None:
                ref = state.clone()
                ref.apply(seat, action)
                assert fingerprint(twin) == fingerprint(ref), f"{n}.0 is not taken as {n}"
                replayed = games.load(json.loads(json.dumps(twin.to_save())))
                assert fingerprint(replayed) == fingerprint(twin), "a save with a normalised action replays"
            for wrong in (n + 0.5, -0.5, float("nan"), float("inf"), -float("inf"), 1e300, 2**60, -2**60,
                          True, False, str(n), f"{n}.0", None, [n]):
                bad = put(action, path, wrong)
                if listed(bad, legal):
                    continue  # the game lists it (a boolean or a text where another action has one)
                assert_refused(state, seat, bad)
    assert fingerprint(state) == before, "a refused number changed the game"


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_the_door_takes_whole_numbers_only(game_id):
    cls = games.GAMES[game_id]
    probed = 0
    for players, options in ((cls.min_players, {}), (min(cls.max_players, 4), option_sets(cls)[-1])):
        seed = 7 * players + len(options)
        rng = Rng(f"numbers:{game_id}:{seed}")
        state = games.new_game(game_id, players, options, seed)
        steps = probes = 0
        while not state.is_over() and steps < 400:
            seat = state.to_move()[rng.below(len(state.to_move()))]
            legal = state.legal_actions(seat)
            if steps % 50 == 0 or (steps % 7 == 0 and probes < 8 and any(map(int_paths, legal))):
                probe_numbers(state, seat, legal, rng)
                probes += 1
                probed += any(map(int_paths, legal))
            state.apply(seat, state.rollout_action(seat, rng) if rng.below(4) else rng.choice(legal))
            steps += 1
        again = games.load(json.loads(json.dumps(state.to_save())))
        assert fingerprint(again) == fingerprint(state), "the save replays after the refusals"
    assert probed >= 6, "the probe met actions that carry numbers"


def test_a_seat_sent_as_a_whole_float_is_that_seat():
    state = games.new_game("porco-crasso", 2, {}, 1)
    seat = state.to_move()[0]
    action = state.legal_actions(seat)[0]
    state.apply(float(seat), action)
    assert state.history[-1][0] == seat and type(state.history[-1][0]) is int
    assert_refused(state, seat + 0.5, state.legal_actions(state.to_move()[0])[0])


def test_cochons_offer_to_an_ally_as_a_float_is_an_offer_and_a_fraction_is_refused():
    from cosmoludo.games.cochons_espace import CochonsEspace  # the coalition scene of test_cochons_coalitions
    from test_cochons_coalitions import TRADE, allied, open_window

    g = allied({0: ["jaret"], 1: ["fusee"], 2: ["colons"]})
    assert isinstance(g, CochonsEspace)
    open_window(g, "2B")
    g.apply(0, TRADE)
    before = fingerprint(g)
    for to in (1.5, float("nan"), True, "1", 5.0, 2**60):
        assert_refused(g, 0, {"type": "offer", "to": to, "card": "jaret"})
    assert fingerprint(g) == before
    g.apply(0, {"type": "offer", "to": 1.0, "card": "jaret"})  # was a TypeError from the engine's door
    assert g.history[-1] == [0, {"type": "offer", "to": 1, "card": "jaret"}]
    assert type(g.history[-1][1]["to"]) is int and g.to_move() == [1]


def test_galaxy_trucker_rotation_as_a_float_is_placed_and_the_save_replays():
    state = games.new_game("galaxy-trucker", 2, {}, 1)
    rng = Rng(1)
    while not any(a["type"] == "place" for a in state.legal_actions(state.to_move()[0])):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice([a for a in state.legal_actions(seat) if a["type"] != "finish"]))
    seat = state.to_move()[0]
    place = next(a for a in state.legal_actions(seat) if a["type"] == "place")
    before = fingerprint(state)
    for rot in (place["rot"] + 0.5, True, str(place["rot"])):
        assert_refused(state, seat, {**place, "rot": rot})
    assert fingerprint(state) == before
    state.apply(seat, {**place, "rot": float(place["rot"])})  # was taken, then failed halfway (a TypeError)
    assert state.history[-1] == [seat, place] and type(state.history[-1][1]["rot"]) is int
    again = games.load(json.loads(json.dumps(state.to_save())))
    assert fingerprint(again) == fingerprint(state)


def test_an_exception_in_a_legality_check_is_a_refusal_that_changes_nothing(monkeypatch):
    state = games.new_game("kroll-et-prumni", 2, {}, 3)
    seat = state.to_move()[0]
    before = fingerprint(state)

    def broken(*_: Any) -> Any:
        raise TypeError("list indices must be integers or slices, not str")

    monkeypatch.setattr(state, "_is_legal", broken)
    assert_refused(state, seat, state.legal_actions(seat)[0])
    monkeypatch.undo()
    monkeypatch.setattr(state, "_why_illegal", broken)
    assert_refused(state, seat, {"type": "no_such_action"})
    monkeypatch.undo()
    assert fingerprint(state) == before


def test_an_engine_error_halfway_through_an_action_leaves_the_game_as_it_was(monkeypatch):
    state = games.new_game("galaxy-trucker", 2, {}, 5)
    rng = Rng(5)
    for _ in range(6):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice([a for a in state.legal_actions(seat) if a["type"] != "finish"]))
    seat = state.to_move()[0]
    action = state.legal_actions(seat)[0]
    before = fingerprint(state)
    real = state._apply

    def halfway(s: int, a: dict[str, Any]) -> None:
        real(s, a)  # the action's changes are made, then the engine fails
        raise KeyError("boom")

    monkeypatch.setattr(state, "_apply", halfway)
    assert_refused(state, seat, action)
    assert fingerprint(state) == before, "the failed action is not kept"
    again = games.load(json.loads(json.dumps(state.to_save())))
    assert fingerprint(again) == before
    state.apply(seat, action)  # the game goes on
    assert len(state.history) == 7
