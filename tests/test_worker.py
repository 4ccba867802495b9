"""The page's entry point in the browser worker: calls by name with JSON arguments, refusals in words."""
from __future__ import annotations

import json

from cosmoludo import worker


def call(name: str, *args: object) -> dict:
    return json.loads(worker.call(name, json.dumps(list(args))))


def test_a_game_played_through_the_worker_calls() -> None:
    assert any(game["id"] == "porco-crasso" for game in json.loads(worker.call("catalog", "[]")))
    created = call("create", json.dumps({"game": "porco-crasso", "players": 2, "seed": 3}))
    handle = created["handle"]
    spectator = call("view", handle, None)["view"]
    assert spectator["seat"] is None and call("view", handle)["view"] == spectator
    seat = spectator["to_move"][0]
    mine = call("view", handle, float(seat))["view"]  # JavaScript numbers may come as floats
    assert mine["seat"] == seat
    choice = call("bot", handle, seat, "aleatoire", 5)
    assert choice["ok"] and choice["action"] in mine["legal_actions"]
    acted = call("act", handle, seat, json.dumps(choice["action"]))
    assert acted["ok"] and acted["save"]["actions"] == [[seat, choice["action"]]]
    assert call("undo", handle, seat)["ok"]
    assert call("close", handle)["ok"] and not call("view", handle, seat)["ok"]


def test_a_boolean_is_no_seat() -> None:
    handle = call("create", json.dumps({"game": "porco-crasso", "players": 2, "seed": 3}))["handle"]
    assert call("view", handle, True)["view"]["seat"] is None


def test_unknown_calls_and_wrong_arguments_are_refused_in_both_languages() -> None:
    for answer in (call("drop_tables"), call("view"), call("close", "g1", "extra"),
                   json.loads(worker.call("catalog", "{not json")), json.loads(worker.call("catalog", "{}"))):
        assert answer["ok"] is False and answer["error"]["fr"] and answer["error"]["en"]


def test_about_says_which_python_runs_the_engine() -> None:
    about = call("about")
    assert about["ok"] and about["python"].count(".") == 2 and isinstance(about["precompiled"], bool)
