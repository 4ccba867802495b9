"""Malformed saves: every field and every action of a real save replaced by values of every JSON type.

Whatever the mutation, `games.load` either replays the save or raises InvalidSave with a French and English
reason, and the bridge's `check_save` and `open_save` (the worker's door) answer JSON with that reason: never a
TypeError, a ValueError or a traceback.
"""
from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from cosmoludo import bridge, games, worker
from cosmoludo.core.bots import random_action
from cosmoludo.core.errors import InvalidSave
from cosmoludo.core.rng import Rng

#: One value of every JSON type, and a few awkward ones of each (empty, negative, huge, fractional, nested).
JSON_VALUES: list[Any] = [None, True, False, 0, 1, -1, 7, 2**70, 1.5, -0.0, 1e308, "", "x", "0", "porco-crasso",
                          [], [0], [1, {"type": "draw"}], [[0, {}]], {}, {"type": None}, {"a": [1, 2]},
                          {"type": "draw"}, {"coquettruie": True}]


def played_save(game_id: str, players: int, seed: int, steps: int) -> dict[str, Any]:
    """A save of a real random game, `steps` actions long (less if it ended)."""
    state = games.new_game(game_id, players, {}, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, random_action(state, seat, rng))
    return json.loads(json.dumps(state.to_save()))


def set_path(save: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(save)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def paths(save: dict[str, Any], every_action: int) -> Iterator[tuple[Any, ...]]:
    """Every field of the save, every option, and for every `every_action`-th action the entry, its seat,
    its action and each key of the action."""
    for key in save:
        yield (key,)
    for key in save["options"]:
        yield ("options", key)
    for i, (_seat, action) in enumerate(save["actions"]):
        if i % every_action and i != len(save["actions"]) - 1:
            continue
        yield ("actions", i)
        yield ("actions", i, 0)
        yield ("actions", i, 1)
        for key in action:
            yield ("actions", i, 1, key)


def mutants(save: dict[str, Any], every_action: int) -> Iterator[tuple[tuple[Any, ...], Any, dict[str, Any]]]:
    for path in paths(save, every_action):
        for value in JSON_VALUES:
            yield path, value, set_path(save, path, value)
    # Missing fields, and extra ones.
    for key in save:
        yield (key,), "missing", {k: v for k, v in save.items() if k != key}
    for key in save["options"]:
        yield ("options", key), "missing", set_path(save, ("options",), {
            k: v for k, v in save["options"].items() if k != key})
    yield ("extra",), 1, {**save, "extra": 1}
    yield ("options", "licorne"), True, set_path(save, ("options", "licorne"), True)


def assert_answer(text: str) -> dict[str, Any]:
    answer = json.loads(text)
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool)
    if not answer["ok"]:
        error = answer["error"]
        assert isinstance(error["fr"], str) and error["fr"] and isinstance(error["en"], str) and error["en"]
        assert "Traceback" not in error["fr"] + error["en"]
    return answer


#: Every game of the registry, at its fewest and most players.
SAVES = [(game_id, players, seed, steps) for game_id, cls in games.GAMES.items()
         for players, seed, steps in ((cls.min_players, 3, 30), (cls.max_players, 8, 20))]


@pytest.mark.parametrize("game_id,players,seed,steps", SAVES)
def test_every_mutated_save_replays_or_is_refused_with_a_reason(game_id: str, players: int, seed: int,
                                                                 steps: int) -> None:
    save = played_save(game_id, players, seed, steps)
    assert games.load(save).to_save() == save
    tried = refused = 0
    for path, value, mutant in mutants(save, every_action=5):
        tried += 1
        try:
            games.load(copy.deepcopy(mutant))
        except InvalidSave as e:
            refused += 1
            assert e.fr and e.en, (path, value)
        except Exception as e:  # noqa: BLE001 - the failure names the mutation
            pytest.fail(f"{path} = {value!r}: {type(e).__name__}: {e}")
        text = json.dumps(mutant)
        # check_save through the worker's door, as the page calls it; open_save through the bridge.
        checked = assert_answer(worker.EXPORTS["check_save"](text))
        opened = assert_answer(bridge.open_save(text))
        assert checked["ok"] == opened["ok"], (path, value)
        if opened["ok"]:
            bridge.close(opened["handle"])
    assert tried > 500 and refused > tried // 2


@pytest.mark.parametrize("value", [v for v in JSON_VALUES if not isinstance(v, dict)], ids=repr)
def test_a_save_whose_options_are_not_an_object_is_refused_in_words(value: Any) -> None:
    save = played_save("porco-crasso", 2, 1, 3)
    save["options"] = value
    if value is None:
        # No options: every option at its default, as when the game was created.
        assert games.load(save).options == played_save("porco-crasso", 2, 1, 3)["options"]
        return
    with pytest.raises(InvalidSave) as err:
        games.load(save)
    assert "options" in err.value.fr and "options" in err.value.en


def test_an_unexpected_engine_failure_reaches_the_page_as_a_fault_in_both_languages(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(_save: str) -> str:
        raise ZeroDivisionError("secret details")

    monkeypatch.setitem(worker.EXPORTS, "check_save", worker._export("check_save", broken))
    answer = assert_answer(worker.EXPORTS["check_save"]("{}"))
    assert not answer["ok"]
    assert "secret" not in json.dumps(answer) and "ZeroDivisionError" not in json.dumps(answer)
    assert "moteur" in answer["error"]["fr"] and "engine" in answer["error"]["en"]
    # The details go to the console (the worker's stderr), for whoever debugs it.
    assert "ZeroDivisionError: secret details" in capsys.readouterr().err
