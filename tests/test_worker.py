"""The page's entry point in the browser worker: the exported calls, JSON arguments, refusals in words."""
from __future__ import annotations

import json
import re
import runpy
import sys
from pathlib import Path

import pytest

from cosmoludo import bridge, worker
from cosmoludo.core.bots import random_playouts

WEB = Path(__file__).resolve().parents[1] / "web"


def call(name: str, *args: object) -> dict:
    return json.loads(worker.EXPORTS[name](*args))


def test_the_page_calls_exactly_what_the_worker_exports() -> None:
    assert set(worker.EXPORTS) == set(worker.CALLS)
    # web/engine.js makes each call by name through PyScript's xworker.sync.
    page = set(re.findall(r'\bcall\("(\w+)"', (WEB / "engine.js").read_text(encoding="utf-8")))
    assert page == set(worker.CALLS)
    # web/engine_worker.py is the PyScript worker's code: it exports them all under their names.
    exported = runpy.run_path(str(WEB / "engine_worker.py"))
    assert exported["__export__"] == list(worker.EXPORTS)
    assert all(exported[name] is worker.EXPORTS[name] for name in worker.EXPORTS)


def test_a_game_played_through_the_worker_calls() -> None:
    assert any(game["id"] == "porco-crasso" for game in json.loads(worker.EXPORTS["catalog"]()))
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


class JsNull:
    """Stands in for Pyodide's `jsnull`, JavaScript's null as a Python argument."""


class JsProxy:
    """Stands in for a JavaScript object passed where a JSON value is expected."""


def test_wrong_arguments_are_refused_in_both_languages() -> None:
    for answer in (call("view"), call("close", "g1", "extra"), call("catalog", "extra"), call("create", JsProxy()),
                   call("create", [1]), call("view", {"handle": "g1"})):
        assert answer["ok"] is False and answer["error"]["fr"] and answer["error"]["en"]


def test_javascript_null_is_none() -> None:
    handle = call("create", json.dumps({"game": "porco-crasso", "players": 2, "seed": 3}))["handle"]
    assert call("view", handle, JsNull())["view"]["seat"] is None


def test_deeply_nested_json_is_refused_before_it_is_parsed() -> None:
    # In Pyodide, json.loads on a few thousand nested lists overflows the WebAssembly stack: a fatal error that
    # leaves the engine dead. The bridge measures the nesting first, without recursing.
    deep = '{"format":"cosmoludo-save","version":1,"game":"porco-crasso","rules":1,"options":{},' \
           '"players":2,"seed":1,"actions":' + "[" * 5000 + "]" * 5000 + "}"
    for answer in (call("check_save", deep), call("open_save", deep), call("create", "[" * 100_000)):
        assert answer["ok"] is False and answer["error"]["fr"] and answer["error"]["en"]
    assert "imbriqué" in call("check_save", deep)["error"]["fr"]
    assert "nested too deeply" in call("check_save", deep)["error"]["en"]
    # Brackets inside strings do not count, and a real save still opens.
    assert bridge.json_depth('{"a": "[[[[\\"{{{{", "b": [[1], {"c": []}]}') == 4
    created = call("create", json.dumps({"game": "porco-crasso", "players": 2, "seed": 3, "options": {}}))
    save = dict(created["save"], meta={"seats": [{"name": "[[[[" * 50}]})
    assert call("check_save", json.dumps(save))["ok"]


def test_about_says_which_python_runs_the_engine_and_how_it_started(monkeypatch: pytest.MonkeyPatch) -> None:
    about = call("about")
    assert about == {"ok": True, "python": sys.version.split()[0], "boot": "import", "trampoline": "unknown",
                     "pyscript_compiled": []}
    # In the page, the worker says which trampoline Pyodide's CPython calls C functions through.
    monkeypatch.setattr(worker, "TRAMPOLINE", worker.TRAMPOLINE)  # put back after the test
    worker.started("wasm-gc")
    assert call("about")["trampoline"] == "wasm-gc"


def test_playouts_time_random_games_for_the_browser_benchmark() -> None:
    run = call("playouts", "porco-crasso", 3, 4, 7)
    assert run["ok"] and run["games"] == 4 and run["mean_actions"] > 0 and run["games_per_second"] > 0
    # The same seeded games as the native probe the benchmark compares with.
    assert run["mean_actions"] == call("playouts", "porco-crasso", 3, 4, 7)["mean_actions"]
    assert run["mean_actions"] == random_playouts("porco-crasso", 3, 4, 7)["mean_actions"]
    for answer in (call("playouts", "porco-crasso", 3, 0), call("playouts", "porco-crasso", 3, True),
                   call("playouts", "porco-crasso", 3, worker.MAX_PLAYOUTS + 1), call("playouts", "chess", 2, 1),
                   call("playouts", "porco-crasso", 9, 1), call("playouts", "porco-crasso", 3, "4")):
        assert answer["ok"] is False and answer["error"]["fr"] and answer["error"]["en"]


def test_the_benchmark_trace_records_each_call_with_its_python_time_and_answer_size() -> None:
    assert call("trace", True) == {"ok": True, "calls": []}
    created = worker.EXPORTS["create"](json.dumps({"game": "porco-crasso", "players": 2, "seed": 5}))
    handle = json.loads(created)["handle"]
    viewed = worker.EXPORTS["view"](handle, 0)
    recorded = call("trace", False)["calls"]
    assert [name for name, _ms, _chars in recorded] == ["create", "view"]
    assert [chars for _name, _ms, chars in recorded] == [len(created), len(viewed)]
    assert all(ms >= 0 for _name, ms, _chars in recorded)
    worker.EXPORTS["view"](handle, 0)  # not traced any more
    assert call("trace", False) == {"ok": True, "calls": []}
    call("close", handle)


def test_the_snapshot_holds_every_module_the_page_can_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(worker, "BOOT", worker.BOOT)  # put back after the test
    worker.prepare_snapshot()
    package = Path(worker.__file__).parent
    reachable = {".".join(("cosmoludo", *p.relative_to(package).with_suffix("").parts)).removesuffix(".__init__")
                 for p in package.rglob("*.py")}
    host_only = {m for m in reachable if worker.host_only(m.partition(".")[2])}
    assert host_only == {"cosmoludo.__main__", "cosmoludo.tools", "cosmoludo.tools.site", "cosmoludo.tools.bench",
                         "cosmoludo.tools.browser_bench", "cosmoludo.tools.browser_clicks", "cosmoludo.tools.browser_pace",
                         "cosmoludo.tools.browser_page", "cosmoludo.tools.galaxy_trucker_perf",
                         "cosmoludo.tools.workloads"}
    assert reachable - host_only <= set(sys.modules)
    assert call("about")["boot"] == "snapshot"


def test_an_action_may_answer_with_the_new_view_in_the_same_call() -> None:
    """One round trip per action: the answer carries the view the page draws next (a seat's, or the spectator's)."""
    handle = call("create", json.dumps({"game": "porco-crasso", "players": 2, "seed": 4}))["handle"]
    seat = call("view", handle, None)["view"]["to_move"][0]
    action = json.dumps(call("view", handle, seat)["view"]["legal_actions"][0])
    acted = call("act", handle, seat, action, True, seat)
    assert acted["ok"] and acted["view"] == call("view", handle, seat)["view"] and acted["view"]["seat"] == seat
    other = call("view", handle, None)["view"]["to_move"][0]
    action = json.dumps(call("view", handle, other)["view"]["legal_actions"][0])
    as_spectator = call("act", handle, other, action, True, None)
    assert as_spectator["view"] == call("view", handle, None)["view"] and as_spectator["view"]["seat"] is None
    refused = call("act", handle, other, json.dumps({"type": "nothing"}), True, other)
    assert not refused["ok"] and "view" not in refused
    seat = call("view", handle, None)["view"]["to_move"][0]
    plain = call("act", handle, seat, json.dumps(call("view", handle, seat)["view"]["legal_actions"][0]))
    assert plain["ok"] and "view" not in plain
    # the log and actions the page holds (key, log_from, actions_from: test_bridge_deltas.py), and nothing more
    assert not call("act", handle, seat, action, True, seat, -1, 0, 0, "extra")["ok"]
