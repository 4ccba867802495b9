"""The same seed deals the same cards in the browser (Pyodide, Python 3.14) as natively (CPython)."""
from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from cosmoludo import games
from cosmoludo.core.bots import random_action
from cosmoludo.core.rng import Rng

PLAY_SEEDED = """async ({ save }) => {
  const { engine } = await import("./web/engine.js");
  const created = await engine.create({ game: "porco-crasso", players: 3, seed: 42,
                                        options: { coquettruie: true } });
  const hands = [];
  for (let s = 0; s < 3; s++) hands.push((await engine.view(created.handle, s)).view.hands[s].cards);
  // A whole game played natively must replay in the browser to the very same views.
  const opened = await engine.open_save(JSON.stringify(save));
  const views = [];
  for (let s = 0; s < 3; s++) views.push((await engine.view(opened.handle, s)).view);
  return { hands, opened, views };
}"""


def test_seeded_deal_and_replay_match_native(ready_page: Page) -> None:
    native = games.new_game("porco-crasso", 3, {"coquettruie": True}, 42)
    played = games.new_game("porco-crasso", 3, {"coquettruie": True}, 7)
    rng = Rng(7)
    while not played.is_over():
        seat = played.to_move()[0]
        played.apply(seat, random_action(played, seat, rng))
    r: dict[str, Any] = ready_page.evaluate(PLAY_SEEDED, {"save": played.to_save()})
    assert r["hands"] == [native.view(s)["hands"][s]["cards"] for s in range(3)]
    assert r["opened"]["ok"], r["opened"]
    assert r["views"] == [played.view(s) for s in range(3)]
