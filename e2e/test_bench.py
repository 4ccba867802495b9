"""The browser benchmark's pages and snippets work (the figures themselves come from `python -m cosmoludo bench --browser`)."""
from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page
from ui_helpers import inject_save, wait_idle

from cosmoludo.tools import browser_bench, browser_clicks, browser_page
from cosmoludo.tools.workloads import RESUMES


def test_bare_page_boots_and_runs_the_engine_playouts(page: Page, private_site: Any) -> None:
    (private_site.folder / "bench").mkdir()
    (private_site.folder / "bench" / "bare.html").write_text(browser_page.BARE_PAGE, encoding="utf-8")
    page.goto(private_site.url + "bench/bare.html")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=browser_page.BOOT_TIMEOUT_MS)
    assert page.evaluate("performance.getEntriesByName('python-ready').length") == 1
    assert page.evaluate(browser_bench.ENGINE_IN_PYODIDE).startswith("3.")
    run = page.evaluate(browser_bench.PLAYOUTS_IN_PYODIDE,
                        [browser_bench.PLAYOUT_GAME, browser_bench.PLAYOUT_PLAYERS, 2, 1])
    assert run["games"] == 2 and run["mean_actions"] > 0


def test_playouts_run_in_the_page_engine_worker(ready_page: Page) -> None:
    run = ready_page.evaluate(browser_bench.PLAYOUTS_IN_WORKER,
                              [browser_bench.PLAYOUT_GAME, browser_bench.PLAYOUT_PLAYERS, 2, 1])
    assert run["ok"] and run["games"] == 2 and run["mean_actions"] > 0
    assert run["about"]["boot"] == "snapshot" and run["about"]["trampoline"] == "wasm-gc"


def test_bot_decisions_run_through_the_page_engine(ready_page: Page) -> None:
    result = ready_page.evaluate(browser_bench.BOT_DECISIONS, ["normal", 2])
    assert len(result["times"]) == 2 and all(t > 0 for t in result["times"])
    assert result["worstGap"] >= 0


def test_table_shows_every_figure_against_its_target() -> None:
    figures = {
        "loads": 5, "cpus": 2, "load_average": [0.5, 0.7], "playouts": 400,
        "bare_boot": [3000, 3100, 2900, 3050, 2950], "page_boot": [3200, 3300, 3100, 3250, 3150],
        "first_paint": [150, 160, 170, 155, 165], "warm_reload": [1800, 1900, 1700, 1850, 1750],
        "pyodide_games_per_second": [500, 520, 510], "pyodide_python": "3.14.2", "pyodide_trampoline": "wasm-gc",
        "bare_pyodide_games_per_second": [480, 500, 490],
        "native_games_per_second": [700, 720, 710], "native_python": "3.11.7",
        "bot_normal_ms": [150, 180, 200], "bot_main_thread_worst_gap_ms": 20, "external_requests": [],
        "replay_actions": 1000, "replay_open_ms": [240, 260, 250],
        "warm_up_games_per_second": {"worker": [150, 160, 480], "bare": [140, 470, 490], "native": [700, 710, 705]},
    }
    text = browser_bench.table(figures)
    assert "playouts' warm-up, 3 calls of 50 games each (games/s): worker 150 160 480; bare 140 470 490" in text
    assert "(b) / (a)" in text and "1.07" in text  # 3200 / 3000
    assert "≤ 0.5" in text and "≤ 1000 ms" in text and "≤ 1.5" in text
    assert "replay of 1000 actions" in text and "≤ 300 ms" in text
    assert "1.39" in text  # median of the paired native / worker ratios 1.40, 1.38, 1.39
    assert "1.45" in text  # the same against the bare page: 1.46, 1.44, 1.45


@pytest.mark.parametrize("game", sorted(browser_clicks.CLICK_GAMES))
def test_each_click_scenario_plays_in_the_page(ready_page: Page, game: str) -> None:
    """One cycle of `--clicks` on each game's busy position: every timed click closes one click → re-render measure."""
    make_save, cycle, canvas_id = browser_clicks.CLICK_SCENARIOS[game]
    save, spots = make_save()
    seats = [{"kind": "human", "name": "Alice"}] + [
        {"kind": "bot", "name": f"Robot {i}", "level": "facile"} for i in range(1, browser_clicks.CLICK_GAMES[game])]
    inject_save(ready_page, save, seats)
    wait_idle(ready_page)
    ready_page.get_by_test_id(canvas_id).scroll_into_view_if_needed()
    ready_page.evaluate("performance.clearMeasures('ui:click-to-render')")
    kinds = cycle(ready_page, 0, spots)
    assert len(kinds) == 2
    assert ready_page.evaluate("performance.getEntriesByName('ui:click-to-render').length") == 2


def test_kroll_click_position_is_a_busy_map() -> None:
    from cosmoludo import games

    save, heads = browser_clicks._kroll_click_save()
    state = games.load(save)
    assert state.turn >= browser_clicks.KROLL_BUSY_TURN and len(heads) >= browser_clicks.KROLL_BUSY_SHIPS
    assert state.to_move() == [0] and state.asks[0].kind == "orders"


def test_clicks_table_gives_each_game_its_load_and_figures_by_kind() -> None:
    run = {"players": 2, "load_average": [3.0, 4.0], "click_to_render_ms": [10.0, 30.0, 12.0, 40.0],
           "kinds": ["select", "release", "select", "release"]}
    text = browser_clicks.clicks_table({"cpus": 2, "games": {"kroll-et-prumni": run}, "external_requests": []})
    assert "kroll-et-prumni with 2 players, load average 3.0 before, 4.0 after: 4 clicks" in text
    assert "select 11.0 / 12.0" in text and "release 35.0 / 40.0" in text and "p95 40.0 ms" in text


def test_galaxy_flight_position_is_seat_0s_decision_in_the_third_flight() -> None:
    from cosmoludo import games

    build, spots = browser_clicks._galaxy_click_save()
    assert games.load(build).asks[0].kind == "build" and games.load(build).players == 4
    flight = games.load(spots[0])
    assert flight.flight_i == 2 and 0 in flight.to_move() and len(flight.legal_actions(0)) > 1


def test_each_click_is_broken_down_into_its_engine_call_storing_and_drawing() -> None:
    """The click's first engine call is its action: round trip, Python time (the worker's trace, by call order),
    answer size; the other calls, the save stored and the drawing made inside the click add up beside it."""
    measures = [
        {"name": "ui:click-to-render", "start": 100.0, "ms": 40.0, "detail": None},
        {"name": "engine:bot", "start": 90.0, "ms": 3.0, "detail": {"seq": 1, "chars": 40}},  # before the click
        {"name": "engine:act", "start": 100.5, "ms": 20.0, "detail": {"seq": 2, "chars": 12000}},
        {"name": "ui:persist", "start": 121.0, "ms": 2.0, "detail": None},
        {"name": "engine:view", "start": 123.0, "ms": 4.0, "detail": {"seq": 3, "chars": 9000}},
        {"name": "ui:render", "start": 128.0, "ms": 11.0, "detail": None},
        {"name": "ui:paint", "start": 128.5, "ms": 9.0, "detail": None},
        {"name": "ui:paint", "start": 150.0, "ms": 9.0, "detail": None},  # after the click
    ]
    calls = [["bot", 0.5, 40], ["act", 2.5, 12000], ["view", 1.0, 9000]]
    (row,) = browser_clicks._breakdown(measures, calls)
    assert row == {"ms": 40.0, "call": "act", "round_trip": 20.0, "python": 2.5, "chars": 12000, "other_calls": 4.0,
                   "persist": 2.0, "render": 11.0, "paint": 9.0}
    run = {"players": 4, "load_average": [3.0, 4.0], "click_to_render_ms": [40.0], "kinds": ["take"],
           "main_thread_worst_gap_ms": 33.0, "breakdown": [row]}
    text = browser_clicks.clicks_table({"cpus": 2, "games": {"galaxy-trucker": run}, "external_requests": []})
    assert "main thread's worst gap 33 ms" in text and "action's round trip 20.0 / 20.0" in text
    assert "its Python 2.5 / 2.5" in text and "answer 12.0 / 12.0 k characters" in text


def test_resuming_saves_runs_in_the_page_engine_worker(ready_page: Page) -> None:
    from cosmoludo.tools.workloads import resume_saves

    saves = resume_saves("porco-crasso", 3, 60)
    inputs = [[json.dumps(save), 0] for save in saves]
    run = ready_page.evaluate(browser_bench.RESUME_IN_WORKER, inputs)
    assert run["ok"] and run["ms"] > 0
    damaged = {**saves[0], "actions": [[0, {"type": "nothing"}]]}
    assert not ready_page.evaluate(browser_bench.RESUME_IN_WORKER, [[json.dumps(damaged), 0]])["ok"]


def test_resume_table_gives_each_game_its_page_and_native_figures() -> None:
    figures = {game: {"page": [90.0, 110.0, 100.0], "native": [45.0, 50.0, 55.0]} for game, _ in RESUMES}
    text = browser_bench.resume_table(figures, (1.0, 2.0))
    assert all(game in text for game, _ in RESUMES) and text.count("≤ 300 ms") == len(RESUMES)
    assert "90–110" in text and "2.00" in text and "load average 1.0 before, 2.0 after" in text
