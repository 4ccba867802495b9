"""Driving the Cosmoludo interface from Playwright: new games, waiting for a turn, playing legal moves by clicking."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

#: The game screen is waiting for a human (and not busy), shows a hand-over, or the game is over.
IDLE = ("[data-testid=game-screen][data-mode=human]:not([data-busy]), "
        "[data-testid=game-screen][data-mode=handover], [data-testid=game-screen][data-mode=over], "
        "[data-testid=game-screen][data-mode=error]")
#: Cards tried first by the test player, so that random games end in a reasonable number of turns.
PREFERRED = ["boue", "barricade", "porcherie", "paratonnerre", "decrassage", "foudre", "coquettruie",
             "sauve_qui_porc", "oiseau"]
TURN_TIMEOUT_MS = 30_000


def shown(name: str) -> str:
    """A player's name as the page writes it inside text: isolated for bidirectional text (web/ui/dom.js)."""
    return f"\u2068{name}\u2069"


def set_bot_delay(page: Page, ms: int) -> None:
    """Bot speed lives in localStorage settings; the game reads it before every bot move."""
    page.evaluate("ms => localStorage.setItem('cosmoludo.settings', JSON.stringify({botDelay: ms}))", ms)


def new_game(page: Page, seats: list[tuple[str, str]], options: dict[str, bool] | None = None,
             game: str = "porco-crasso") -> str:
    """Open the new-game dialog, fill it in and start. seats: [("human", name) | ("bot", level)]. Returns the save id."""
    page.get_by_test_id(f"new-{game}").click()
    dialog = page.get_by_test_id("new-game-dialog")
    expect(dialog).to_be_visible()
    page.get_by_test_id("players").select_option(str(len(seats)))
    for i, (kind, value) in enumerate(seats):
        if kind == "human":
            page.get_by_test_id(f"seat-{i}-kind").select_option("human")
            page.get_by_test_id(f"seat-{i}-name").fill(value)
        else:
            page.get_by_test_id(f"seat-{i}-kind").select_option(f"bot:{value}")
    for option, on in (options or {}).items():
        box = page.locator(f"[data-testid=option-{option}] input[type=checkbox]")
        box.set_checked(on)
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("game-screen")).to_be_visible()
    page.wait_for_url("**#/partie/*")
    return page.url.rsplit("/", 1)[1]


def wait_idle(page: Page) -> str:
    """Wait until the game needs a human (or shows a hand-over, or is over); return the mode."""
    page.wait_for_selector(IDLE, timeout=TURN_TIMEOUT_MS)
    mode = page.get_by_test_id("game-screen").get_attribute("data-mode")
    assert mode != "error", page.get_by_test_id("game-error").inner_text()
    return mode or ""


def action_count(page: Page) -> int:
    return int(page.get_by_test_id("game-screen").get_attribute("data-actions") or "0")


def hand_cards(page: Page) -> list[str]:
    return page.locator("[data-testid=hand] button.card").evaluate_all("bs => bs.map(b => b.dataset.card)")


def stored_save(page: Page, save_id: str) -> dict[str, Any]:
    raw = page.evaluate("id => localStorage.getItem('cosmoludo.save.' + id)", save_id)
    return json.loads(raw)


def visible(page: Page, testid: str) -> bool:
    loc = page.get_by_test_id(testid)
    return loc.count() > 0 and loc.first.is_visible()


def turn_or_handover(page: Page) -> str | None:
    """Wait until the page waits for a human: "over" at the game's end, "handover" once a hand-over is confirmed,
    else None (a human is to play)."""
    mode = wait_idle(page)
    if mode == "over":
        return "over"
    if mode == "handover":
        page.get_by_test_id("handover-ok").click()
        return "handover"
    return None


def play_to_the_end(step: Callable[[int], str], max_steps: int) -> list[str]:
    """Call `step(i)` (one human step through the interface, saying what it did) until the game is over; returns
    what each step did."""
    done = []
    for i in range(max_steps):
        done.append(step(i))
        if done[-1] == "over":
            return done
    raise AssertionError(f"the game did not end after {max_steps} human steps")


def play_one_step(page: Page) -> str:
    """Make one legal move through the interface for whoever is at the device; returns what was done."""
    if (mode := turn_or_handover(page)) is not None:
        return mode
    before = action_count(page)
    for simple in ("draw", "stuck", "next-game", "pass"):
        if visible(page, simple):
            page.get_by_test_id(simple).click()
            _wait_changed(page, before)
            return simple
    # Choose a card: the Oiseau's cards first when they are offered, else the hand.
    cards = page.locator("[data-testid=oiseau-cards] button.card:enabled")
    if cards.count() == 0:
        cards = page.locator("[data-testid=hand] button.card:enabled")
    kinds = cards.evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert kinds, "a human turn with no card to choose and no button"
    order = sorted(range(len(kinds)), key=lambda i: PREFERRED.index(kinds[i]) if kinds[i] in PREFERRED else 99)
    for i in order:
        cards.nth(i).click()
        legal = page.locator("[data-testid=board] .pig[data-legal=true]")
        if legal.count():
            legal.first.click()
            _wait_changed(page, before)
            return f"play {kinds[i]} on a pig"
        if visible(page, "play-card") and kinds[i] != "pluie":
            page.get_by_test_id("play-card").click()
            _wait_changed(page, before)
            return f"play {kinds[i]}"
        page.get_by_test_id("cancel-selection").click()
    cards.nth(order[0]).click()
    page.get_by_test_id("discard-card").click()
    _wait_changed(page, before)
    return f"discard {kinds[order[0]]}"


def porco_under_way(page: Page, steps: int, bots: int = 2) -> str:
    """A new Porco Crasso game of Alice against `bots` random bots (no delay), `steps` of her steps in, stopped on
    a human decision; returns its save id."""
    set_bot_delay(page, 0)
    save_id = new_game(page, [("human", "Alice"), *[("bot", "aleatoire")] * bots])
    for _ in range(steps):
        play_one_step(page)
    wait_idle(page)
    return save_id


def _wait_changed(page: Page, before: int) -> None:
    """Wait until the action has been applied (the save grew) and the loop settled again (or the game stopped:
    an error, or deleted in another tab)."""
    page.wait_for_function(
        "n => { const s = document.querySelector('[data-testid=game-screen]');"
        " return s && (Number(s.dataset.actions) !== n || ['error', 'gone'].includes(s.dataset.mode)); }",
        arg=before, timeout=TURN_TIMEOUT_MS)


def click_to_render_times(page: Page) -> list[float]:
    """The game screen's timings (ms) from a click to the board drawn again, sorted (the page's
    "ui:click-to-render" measures, engine round trips included)."""
    return sorted(page.evaluate("performance.getEntriesByName('ui:click-to-render').map(e => e.duration)"))


def report_click_to_render(page: Page, what: str) -> int:
    """Print how many clicks were timed from the click to the board drawn again, and their 95th percentile, with
    the median and the slowest; returns the number of clicks."""
    times = click_to_render_times(page)
    if times:
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"\n{what} click → re-render: {len(times)} clicks, median {times[len(times) // 2]:.1f} ms, "
              f"p95 {p95:.1f} ms, max {times[-1]:.1f} ms")
    return len(times)


def check_finished_save(page: Page, save: dict[str, Any]) -> None:
    """The stored save is complete: the page's engine replays it to a finished game."""
    checked = page.evaluate("async s => { const { engine } = await import('./web/engine.js');"
                            " return engine.check_save(s); }", save)
    assert checked["ok"] and checked["summary"]["over"]


def changed_or_refused(page: Page, before: int, also: str = "", timeout_ms: int = TURN_TIMEOUT_MS) -> None:
    """Wait until the page has applied an action (its count moved on from `before`), stopped on an error, shown a
    refusal or an element matching `also` (a further choice); then fail on a refusal."""
    page.wait_for_function(
        "([n, also]) => { const s = document.querySelector('[data-testid=game-screen]');"
        " return s && (Number(s.dataset.actions) !== n || s.dataset.mode === 'error'"
        " || !!document.querySelector('[data-testid=refusal]') || (!!also && !!document.querySelector(also))); }",
        arg=[before, also], timeout=timeout_ms)
    assert page.locator("[data-testid=refusal]").count() == 0, page.get_by_test_id("refusal").inner_text()


def action_buttons(page: Page) -> list[dict[str, Any]]:
    """The prompt's action buttons: their test id and the action each sends (`data-action`)."""
    return page.locator("[data-testid=actions] button[data-action]").evaluate_all(
        "bs => bs.map(b => ({testid: b.dataset.testid, action: JSON.parse(b.dataset.action)}))")


def click_and_wait(page: Page, testid: str) -> None:
    """Click the button `testid` and wait until its action is applied (a refusal fails the test)."""
    before = action_count(page)
    page.get_by_test_id(testid).click()
    changed_or_refused(page, before)


def click_legal_spot(page: Page, canvas: str, index: int = 0) -> tuple[dict[str, Any], int]:
    """Click the `index`-th place the canvas `canvas` (a test id) highlights as legal (its `data-legal` list, in CSS
    pixels); returns that place and the action count before the click."""
    board = page.get_by_test_id(canvas)
    legal = json.loads(board.get_attribute("data-legal") or "[]")
    assert legal, f"no legal place drawn on {canvas}"
    spot = legal[min(index, len(legal) - 1)]
    before = action_count(page)
    board.click(position={"x": spot["x"], "y": spot["y"]})
    return spot, before


def inject_save(page: Page, save: dict[str, Any], seats: list[dict[str, str]], save_id: str = "injected") -> str:
    """Store a save (as the page would) and open it; returns its id."""
    stored = {**save, "meta": {"id": save_id, "seats": seats, "created": 1, "updated": 1}}
    page.evaluate("([id, text]) => localStorage.setItem('cosmoludo.save.' + id, text)", [save_id, json.dumps(stored)])
    page.evaluate("id => { location.hash = '#/partie/' + id; }", save_id)
    expect(page.get_by_test_id("game-screen")).to_be_visible()
    return save_id


def open_as_this_tabs(page: Page, save: dict[str, Any], save_id: str, seats: list[dict[str, str]]) -> None:
    """Open `save` as a game whose actions were all played in this tab (an undo never takes back another tab's)."""
    tab = page.evaluate("() => sessionStorage.getItem('cosmoludo.tab')")
    if tab is None:
        page.evaluate("() => sessionStorage.setItem('cosmoludo.tab', 'tab-under-test')")
        page.reload()
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=90_000)
        tab = "tab-under-test"
    stored = {**save, "meta": {"id": save_id, "seats": seats, "created": 1, "updated": 1, "tab": tab, "since": 0}}
    page.evaluate("([k, v]) => localStorage.setItem('cosmoludo.save.' + k, v)", [save_id, json.dumps(stored)])
    page.evaluate("id => { location.hash = '#/partie/' + id; }", save_id)
    expect(page.get_by_test_id("game-screen")).to_be_visible()


def bots_save_where(game: str, players: int, options: dict[str, Any], wanted: Callable[[Any], bool], seeds: int,
                    steps: int, forced: Callable[[Any, int], dict[str, Any] | None] | None = None) -> dict[str, Any]:
    """The save of the first seeded game of easy bots (played natively; seeds 0, 1, 2…, each for at most `steps`
    actions) that reaches a state `wanted` accepts; `forced(state, seat)` may impose a seat's action instead."""
    from cosmoludo import games
    from cosmoludo.core.bots import choose_action

    for seed in range(seeds):
        state = games.new_game(game, players, options, seed)
        for n in range(steps):
            if state.is_over():
                break
            if wanted(state):
                return state.to_save()
            seat = state.to_move()[0]
            action = forced(state, seat) if forced else None
            state.apply(seat, action if action is not None else choose_action(state, seat, "facile", seed * 10_000 + n))
    raise AssertionError("no seeded game reached the wanted position")


def open_hot_seat(page: Page, save: dict[str, Any], hand: str) -> None:
    """Open `save` for Alice and Bruno at one device with an easy bot: the page asks for the device to be handed
    over first, and shows neither a hand (`hand`: its selector) nor the board meanwhile."""
    seats = [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bruno"},
             {"kind": "bot", "name": "Robot", "level": "facile"}]
    inject_save(page, save, seats, "hotseat")
    assert wait_idle(page) == "handover"
    assert page.locator(hand).count() == 0
    assert page.locator("[data-testid=board] *").count() == 0


def galaxy_flight_save(seed: int, wanted: Callable[[Any], bool], what: str) -> dict[str, Any]:
    """The save of a two-seat Galaxy Trucker game (relaxed, class III ship) played natively by the bots until seat 0
    is to decide in a flight position `wanted(game)` accepts (`what` it is, for the failure's message)."""
    import random

    from cosmoludo.games.galaxy_trucker import GalaxyTrucker
    from cosmoludo.games.galaxy_trucker.bot import flight_step, play_game

    g = GalaxyTrucker(2, {"detendu": True, "classe3": "III"}, seed)

    class Stop(Exception):
        pass

    def fly(g: Any, seat: int, rnd: random.Random) -> Any:
        if seat == 0 and wanted(g):
            raise Stop
        return flight_step(g, seat, rnd)

    try:
        play_game(g, random.Random(seed), fliers=[fly, flight_step])
    except Stop:
        return g.to_save()
    raise AssertionError(f"seed {seed}: seat 0 never decides on {what}")


def save_where(players: int, options: dict[str, bool], wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The save of the first seeded random game (played natively) that reaches a view `wanted` accepts.

    The predicate sees the view of the seat to move; the search is deterministic (seeds 0, 1, 2…).
    """
    from cosmoludo import games
    from cosmoludo.core.rng import Rng

    for seed in range(500):
        state = games.new_game("porco-crasso", players, options, seed)
        rng = Rng(seed)
        for _ in range(3000):
            if state.is_over():
                break
            seat = state.to_move()[0]
            if wanted(state.view(seat)):
                return state.to_save()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no seeded game reached the wanted position")


def save_at_reaction(holds: bool = True) -> dict[str, Any]:
    """A two-player save stopped where seat 0 is asked whether it answers a Décrassage: with a Super gadoue in hand
    (`holds`), or without one (« pass » is then all it may do)."""
    return save_where(2, {}, lambda v: v["phase"] == "react" and v["pending"]["seat"] == 0
                      and v["pending"]["card"] == "decrassage"
                      and any(a["type"] == "react" for a in v["legal_actions"]) == holds)


#: Records every value the board canvas's data-animating took (recent.js: a glide running), from before the page
#: opens a game: `window.animatingSeen`.
WATCH_ANIMATING = """() => { window.animatingSeen = [];
  new MutationObserver((records) => { for (const r of records) {
    if (r.target.tagName === 'CANVAS' && r.target.dataset.animating) window.animatingSeen.push(r.target.dataset.animating);
  } }).observe(document.body, {attributes: true, attributeFilter: ['data-animating'], subtree: true}); }"""


def check_marks(page: Page, canvas: str, save: dict[str, Any], save_id: str, human: int,
                items: Callable[[Any], dict[Any, tuple[str, list[str]]]], glides: bool) -> list[list[Any]]:
    """After the bots' moves from `save` (opened as `save_id`, WATCH_ANIMATING set before): the canvas `canvas`
    marks exactly the hexes they changed (`recent_hexes`), its glide is over, and it glided only if `glides`.
    Returns the actions played."""
    played = stored_save(page, save_id)["actions"][len(save["actions"]):]
    want = recent_hexes(save, played, human, items)
    assert want, "the bots changed no hex"
    assert json.loads(page.get_by_test_id(canvas).get_attribute("data-recent") or "null") == want
    page.wait_for_function(f"() => !document.querySelector('[data-testid={canvas}]').dataset.animating")
    seen = page.evaluate("() => window.animatingSeen")
    assert bool(seen) == glides, seen
    return played


def recent_hexes(save: dict[str, Any], played: list[list[Any]], human: int,
                 items: Callable[[Any], dict[Any, tuple[str, list[str]]]]) -> list[str]:
    """The hexes the board marks as changed by the other seats (web/ui/recent.js) after the actions `played` from
    `save`, computed natively: each action's changes (`items(state)`: id → (signature, hex keys)) are marked from
    where the item was, unless the player `human` made them; a mark follows its item; one back where it was goes."""
    state = games_load(save)
    prev = items(state)
    marks: dict[Any, list[Any]] = {}
    for seat, action in played:
        state.apply(seat, action)
        now = items(state)
        for id_ in prev.keys() | now.keys():
            a, b = prev.get(id_), now.get(id_)
            if a == b or (a and b and a[0] == b[0]):
                continue
            if id_ in marks:
                marks[id_][1] = b
            elif seat != human:
                marks[id_] = [a, b]
            m = marks.get(id_)
            if m and m[0] and m[1] and m[0][0] == m[1][0]:
                del marks[id_]
        prev = now
    return sorted({k for a, b in marks.values() for item in (a, b) if item for k in item[1]})


def games_load(save: dict[str, Any]) -> Any:
    from cosmoludo import games

    return games.load({k: v for k, v in save.items() if k != "meta"})
