"""Replays: a save's action log applied again, stepped through in any order, with the views of that moment."""
from __future__ import annotations

import json

import pytest

from cosmoludo import games, worker
from cosmoludo.core.errors import IllegalAction
from cosmoludo.replay import CHECKPOINT_EVERY, Replay, replay_save


def call(name: str, *args: object) -> dict:
    return json.loads(worker.EXPORTS[name](*args))


def reference(save: dict, index: int, seat: int | None) -> dict:
    """The view after `index` actions, from a fresh load of the save cut there."""
    state = games.load({**save, "actions": save["actions"][:index]})
    return state.view(seat)


def same(replayed: dict, fresh: dict) -> None:
    for key in ("legal_actions", "can_undo", "replay"):
        replayed = {k: v for k, v in replayed.items() if k != key}
        fresh = {k: v for k, v in fresh.items() if k != key}
    assert replayed == fresh


@pytest.mark.parametrize("game,players,seed", [("porco-crasso", 3, 4), ("rencontre-cosmique", 3, 5)])
def test_every_position_in_any_order_matches_a_fresh_load(game, players, seed):
    save = replay_save(game, players, seed, actions=150)
    rep = Replay(save)
    n = rep.total
    assert n == len(save["actions"]) and n > CHECKPOINT_EVERY
    order = [n, 0, 1, n - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY + 3, 2, n // 2, n // 2 + 1, n]
    seat = 0 if rep.over else None
    for index in order:
        v = rep.view(index, seat)
        same(v, reference(save, index, seat))
        assert v["legal_actions"] == [] and v["can_undo"] is False
        assert v["replay"] == {"index": index, "total": n, "last": save["actions"][index - 1][0] if index else None}
    # The log is in step: the moment's own, growing with the actions.
    assert len(rep.view(n, seat)["log"]) >= len(rep.view(n // 2, seat)["log"]) > len(rep.view(0, seat)["log"]) - 1


def test_a_finished_game_is_seen_through_any_seat_an_unfinished_one_only_as_spectator():
    finished = replay_save("porco-crasso", 2, 7)
    rep = Replay(finished)
    assert rep.over and rep.summary()["seats"] == [0, 1]
    same(rep.view(3, 1), reference(finished, 3, 1))
    same(rep.view(3, 0), reference(finished, 3, 0))
    ongoing = replay_save("porco-crasso", 2, 7, actions=10)
    rep = Replay(ongoing)
    assert not rep.over and rep.summary()["seats"] == []
    same(rep.view(5, None), reference(ongoing, 5, None))
    with pytest.raises(IllegalAction) as refused:
        rep.view(5, 0)
    assert "spectateur" in refused.value.fr and "spectator" in refused.value.en


def test_replay_through_the_worker_calls():
    save = replay_save("rencontre-cosmique", 2, 3, actions=80)
    opened = call("replay_open", json.dumps(save))
    assert opened["ok"] and opened["replay"] == {"game": "rencontre-cosmique", "players": 2, "actions": 80,
                                                 "over": False, "seats": []}
    handle = opened["handle"]
    v = call("replay_view", handle, 40.0, None)  # JavaScript numbers may come as floats
    assert v["ok"] and v["view"]["replay"]["index"] == 40
    same(v["view"], reference(save, 40, None))
    for bad in (81, -1, "3", True):
        refused = call("replay_view", handle, bad, None)
        assert not refused["ok"] and refused["error"]["fr"] and refused["error"]["en"]
    assert not call("replay_view", handle, 3, 0)["ok"]  # unfinished: the spectator only
    # A replay is not a game in play: the game calls refuse its handle, and a game's handle is no replay.
    assert not call("view", handle, None)["ok"] and not call("act", handle, 0, "{}")["ok"]
    game = call("create", json.dumps({"game": "porco-crasso", "players": 2, "seed": 3}))["handle"]
    assert not call("replay_view", game, 0, None)["ok"]
    assert call("close", handle)["ok"] and not call("replay_view", handle, 0, None)["ok"]


def test_a_damaged_save_is_refused_in_words():
    save = replay_save("porco-crasso", 2, 7, actions=10)
    save["actions"][4] = [save["actions"][4][0], {"type": "nonsense"}]
    refused = call("replay_open", json.dumps(save))
    assert not refused["ok"] and "n° 5" in refused["error"]["fr"] and "#5" in refused["error"]["en"]


def test_the_resume_benchmark_opens_saves_adding_up_to_its_actions():
    from cosmoludo.tools.workloads import resume, resume_inputs, resume_saves

    saves = resume_saves("porco-crasso", 4, 300)
    assert sum(len(s["actions"]) for s in saves) == 300 and len(saves) > 1
    assert [s["seed"] for s in saves] == list(range(1, len(saves) + 1))
    assert all(games.load(s).is_over() for s in saves[:-1])
    inputs = resume_inputs("rencontre-cosmique", 3)
    assert sum(len(json.loads(text)["actions"]) for text, _ in inputs) == 1000
    assert inputs[-1][1] in (0, 1, 2) and all(seat is None for _, seat in inputs[:-1])  # the last one is cut short
    resume(inputs)
