"""What the page holds is not sent again: the log lines and save actions an answer leaves out (key, log_from,
actions_from), put back together as web/ui/deltas.js does, give the whole log and save, in every game, across an undo,
a change of viewer and a stale or foreign key."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cosmoludo import bridge, games, worker


def call(name: str, *args: object) -> dict[str, Any]:
    return json.loads(worker.EXPORTS[name](*args))


class Page:
    """The page's side (web/ui/deltas.js: engineView, engineAct): the key, log and actions it holds, merged."""

    def __init__(self, handle: str, save: dict[str, Any]) -> None:
        self.handle = handle
        self.key = -1
        self.actions: list[Any] = list(save["actions"])
        self.log: list[Any] = []
        self.log_seat: Any = "none"
        self.starts: tuple[int, int] = (0, 0)  # where the last answer's actions and log lines began

    def _log_from(self, seat: int | None) -> int:
        return len(self.log) if seat == self.log_seat else 0

    def _take_view(self, answer: dict[str, Any], seat: int | None) -> dict[str, Any]:
        v = answer["view"]
        start = v.pop("log_from")
        assert start in (0, self._log_from(seat))
        self.log = self.log[:start] + v["log"]
        self.log_seat = seat
        v["log"] = self.log
        return v

    def view(self, seat: int | None) -> dict[str, Any]:
        answer = call("view", self.handle, seat, self.key, self._log_from(seat))
        assert answer["ok"], answer
        self.key = answer["key"]
        return self._take_view(answer, seat)

    def act(self, seat: int, action: Any, viewer: int | None) -> dict[str, Any]:
        answer = call("act", self.handle, seat, json.dumps(action), True, viewer, self.key, self._log_from(viewer),
                      len(self.actions))
        assert answer["ok"], answer
        start = answer.pop("actions_from")
        assert start in (0, len(self.actions))
        self.actions = self.actions[:start] + answer["save"]["actions"]
        answer["save"]["actions"] = self.actions
        self.key = answer.pop("key")
        log_start = answer["view"]["log_from"]
        answer["view"] = self._take_view(answer, viewer)
        self.starts = (start, log_start)
        return answer


def full_view(handle: str, seat: int | None) -> dict[str, Any]:
    return call("view", handle, seat)["view"]


def full_save(handle: str) -> dict[str, Any]:
    return bridge._open[handle].to_save()  # type: ignore[no-any-return]


def legal_move(handle: str, rnd: random.Random) -> tuple[int, Any] | None:
    spectator = full_view(handle, None)
    if spectator["over"] or not spectator["to_move"]:
        return None
    seat = spectator["to_move"][0]
    legal = full_view(handle, seat)["legal_actions"]
    return (seat, rnd.choice(legal)) if legal else None


@pytest.mark.parametrize("game", [g["id"] for g in games.catalog() if g["available"]])
def test_answers_without_what_the_page_holds_put_back_together_are_the_whole_log_and_save(game: str) -> None:
    cls = games.game_class(game)
    created = call("create", json.dumps({"game": game, "players": cls.min_players, "seed": 3}))
    page = Page(created["handle"], created["save"])
    rnd = random.Random(game)
    viewer: int | None = 0
    partial = 0
    for step in range(60):
        move = legal_move(page.handle, rnd)
        if move is None:
            break
        seat, action = move
        if step % 17 == 16:  # the device changes hands: the other seat's log is sent whole
            viewer = seat
        answer = page.act(seat, action, viewer)
        assert answer["view"] == full_view(page.handle, viewer)
        assert answer["save"] == full_save(page.handle)
        partial += page.starts[0] > 0 and page.starts[1] > 0
        if step % 10 == 9:  # the spectator's view (the end between several humans): its log is another one
            assert page.view(None) == full_view(page.handle, None)
    assert partial > 20


def test_only_the_new_lines_and_actions_travel_and_a_stale_key_gets_everything() -> None:
    created = call("create", json.dumps({"game": "porco-crasso", "players": 3, "seed": 8}))
    handle = created["handle"]
    page = Page(handle, created["save"])
    rnd = random.Random(1)
    first = page.view(0)
    assert first["log"] == full_view(handle, 0)["log"]
    for _ in range(12):
        move = legal_move(handle, rnd)
        assert move is not None
        seat, action = move
        before_actions, before_log = len(page.actions), len(page.log)
        raw = call("act", handle, seat, json.dumps(action), True, 0, page.key, before_log, before_actions)
        assert raw["actions_from"] == before_actions and len(raw["save"]["actions"]) == 1
        assert raw["view"]["log_from"] == before_log
        assert raw["view"]["log"] == full_view(handle, 0)["log"][before_log:]
        page.actions = page.actions + raw["save"]["actions"]
        page.log = page.log + raw["view"]["log"]
        page.key = raw["key"]
    # another game's key, a key from before, nonsense counts, more than there are: everything, from 0
    other = call("create", json.dumps({"game": "porco-crasso", "players": 3, "seed": 9}))
    wrong_keys = [call("view", other["handle"], 0, -1, 0)["key"], page.key - 1, -1]
    for key, held in [(k, len(page.log)) for k in wrong_keys] + [(page.key, len(page.log) + 5), (page.key, -3)]:
        answer = call("view", handle, 0, key, held)
        assert answer["view"]["log_from"] == 0 and answer["view"]["log"] == full_view(handle, 0)["log"]
        assert answer["key"] == page.key
    # the plain calls are as before: the whole log and save, no key
    plain = call("view", handle, 0)
    assert "key" not in plain and "log_from" not in plain["view"]


def test_an_undo_opens_another_game_whose_log_and_actions_are_sent_whole() -> None:
    created = call("create", json.dumps({"game": "porco-crasso", "players": 2, "seed": 4}))
    handle = created["handle"]
    page = Page(handle, created["save"])
    rnd = random.Random(2)
    for _ in range(30):
        if full_view(handle, 0)["can_undo"]:
            break
        move = legal_move(handle, rnd)
        assert move is not None
        page.act(*move, viewer=0)
    assert full_view(handle, 0)["can_undo"], "seat 0 never could undo"
    key = page.key
    undone = call("undo", handle, 0)
    assert undone["ok"]
    answer = call("view", handle, 0, key, len(page.log))
    assert answer["key"] != key and answer["view"]["log_from"] == 0
    assert answer["view"]["log"] == full_view(handle, 0)["log"]
    # the page takes the undo's whole save, then goes on with deltas of the new game
    page.actions = list(undone["save"]["actions"])
    page.view(0)
    move = legal_move(handle, rnd)
    assert move is not None
    acted = page.act(*move, viewer=0)
    assert acted["save"] == full_save(handle) and acted["view"] == full_view(handle, 0)


def test_an_act_answers_only_what_the_page_reads() -> None:
    """The page (web/ui/game.js) reads the save, the view and the deltas' bookkeeping; the log of the view tells
    what happened, so no separate list of events travels."""
    created = call("create", json.dumps({"game": "porco-crasso", "players": 2, "seed": 5}))
    handle = created["handle"]
    move = legal_move(handle, random.Random(0))
    assert move is not None
    seat, action = move
    plain = call("act", handle, seat, json.dumps(action))
    assert set(plain) == {"ok", "save"}
    move = legal_move(handle, random.Random(0))
    assert move is not None
    seat, action = move
    delta = call("act", handle, seat, json.dumps(action), True, seat, -1, 0, 0)
    assert set(delta) == {"ok", "save", "view", "actions_from", "key"}
