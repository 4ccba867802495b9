"""The only door between the page and the engine: JSON strings in, JSON strings out."""
from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from . import games
from .core.errors import CosmoludoError, InvalidSave

MAX_SAVE_BYTES = 2_000_000

_open: dict[str, Any] = {}
_counter = 0
#: handle → the key of the game open under it, new for each state (an undo opens another one): the page sends back
#: the key of the answers it holds, and is sent only what it lacks of the log and the actions while it matches.
_keys: dict[str, int] = {}
_key_counter = 0


def _ok(**data: Any) -> str:
    return json.dumps({"ok": True, **data}, ensure_ascii=False)


def _err(fr: str, en: str) -> str:
    return json.dumps({"ok": False, "error": {"fr": fr, "en": en}}, ensure_ascii=False)


#: How deep JSON may nest. A save is about five levels deep; json.loads recurses once per level, and in
#: Pyodide a few thousand levels overflow the WebAssembly stack (a fatal error) before Python's recursion limit.
MAX_JSON_DEPTH = 64
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (strings skipped), without recursing."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)


#: What a parsed text is, in French and English, for the refusals.
_WHAT = {"request": ("Requête", "Request"), "save": ("Sauvegarde", "Save"), "action": ("Action", "Action")}


def _parse(raw: Any, what: str) -> Any:
    if not isinstance(raw, str):
        return raw
    fr, en = _WHAT[what]
    if len(raw) > MAX_SAVE_BYTES:
        raise InvalidSave(f"{fr} trop volumineuse.", f"{en} is too large.")
    if json_depth(raw) > MAX_JSON_DEPTH:
        raise InvalidSave(f"{fr} : texte JSON trop imbriqué.", f"{en}: JSON text nested too deeply.")
    try:
        return json.loads(raw)
    except ValueError:
        raise InvalidSave("Texte JSON illisible.", "Unreadable JSON text.") from None


def _register(state: Any) -> str:
    global _counter
    _counter += 1
    handle = f"g{_counter}"
    _put(handle, state)
    return handle


def _put(handle: str, state: Any) -> None:
    global _key_counter
    _key_counter += 1
    _open[handle] = state
    _keys[handle] = _key_counter


def _count(value: Any) -> int | None:
    """A count the page sent (how many log lines or actions it holds), None when it is not a whole number ≥ 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _since(handle: str, key: Any, held: Any) -> int:
    """How many of the items (log lines, actions) the page holds of the game open under `handle`: `held` when the
    page's copy is of this very game (`key` is its key: it is then a beginning of the game's own), else 0."""
    count = _count(held)
    return count if count is not None and _count(key) is not None and key == _keys.get(handle) else 0


def _state(handle: str) -> Any:
    if handle not in _open or type(_open[handle]).__name__ == "Replay":
        raise InvalidSave("Partie non ouverte.", "Game not open.")
    return _open[handle]


def catalog() -> str:
    return json.dumps(games.catalog(), ensure_ascii=False)


def create(request: str) -> str:
    """{"game","players","options","seed"} → {"ok","handle","save"}."""
    try:
        req = _parse(request, "request")
        state = games.new_game(req.get("game"), req.get("players"), req.get("options") or {}, req.get("seed", 0))
    except CosmoludoError as e:
        return _err(e.fr, e.en)
    except (AttributeError, TypeError):
        return _err("Requête mal formée.", "Malformed request.")
    return _ok(handle=_register(state), save=state.to_save())


def open_save(save: str) -> str:
    """Replay a save (validated) and keep it open → {"ok","handle","save"}."""
    try:
        state = games.load(_parse(save, "save"))
    except CosmoludoError as e:
        return _err(e.fr, e.en)
    return _ok(handle=_register(state), save=state.to_save())


def check_save(save: str) -> str:
    """Validate a save without keeping it open → {"ok","summary"} or the reason it is refused."""
    try:
        data = _parse(save, "save")
        state = games.load(data)
    except CosmoludoError as e:
        return _err(e.fr, e.en)
    cls = games.game_class(state.game_id)
    return _ok(summary={"game": state.game_id, "title": dict(cls.title), "players": state.players,
                        "actions": len(state.history), "over": state.is_over(), "result": state.result()})


def view(handle: str, seat: int | None, key: Any = None, log_from: Any = None) -> str:
    """{"ok","view"}. With `key` (the "key" of the last answer the page holds, -1 for none) and `log_from` (how many
    log lines of `seat`'s it holds): the log holds only the lines after those ("log_from" in the view says from
    where: 0 is the whole log, when the page's copy is of another game or position) and "key" is the game's."""
    try:
        state = _state(handle)
        if key is None:
            return _ok(view=state.view(seat))
        return _ok(view=state.view(seat, _since(handle, key, log_from)), key=_keys[handle])
    except CosmoludoError as e:
        return _err(e.fr, e.en)


def act(handle: str, seat: int, action: str, with_view: bool = False, viewer: int | None = None,
        key: Any = None, log_from: Any = None, actions_from: Any = None) -> str:
    """Apply one action → {"ok","save"}, and with `with_view` the new "view" of `viewer` (None: the spectator), so
    that the page draws the answer (its log tells what happened) without a second call; on refusal the state is
    unchanged.

    With `key` (as for `view`): the view's log holds only the lines after the `log_from` the page holds, the save's
    "actions" only those after the `actions_from` it holds, and "actions_from" says from where (0: all of them); the
    page puts the whole back together. A save grows by the action and a log by a few lines: what each answer
    would carry again and again (tens of kilobytes late in a game) is not sent."""
    try:
        state = _state(handle)
        state.apply(seat, _parse(action, "action"))
    except CosmoludoError as e:
        return _err(e.fr, e.en)
    if key is not None:
        start = _since(handle, key, actions_from)
        start = start if start <= len(state.history) else 0
        save = state.to_save(actions_from=start)
        extra: dict[str, Any] = {"view": state.view(viewer, _since(handle, key, log_from))} if with_view is True else {}
        return _ok(save=save, actions_from=start, key=_keys[handle], **extra)
    if with_view is True:
        return _ok(save=state.to_save(), view=state.view(viewer))
    return _ok(save=state.to_save())


def bot(handle: str, seat: int, level: str, seed: int = 0, t: int | None = None) -> str:
    """The action the bot of `level` would play for `seat` (not applied).

    A game with its own real-time bots (`bot_action`) answers at the page's clock `t`, possibly with no action
    (null: nothing worth doing at that moment)."""
    from .core.bots import choose_action

    try:
        state = _state(handle)
        own = getattr(state, "bot_action", None)
        if own is not None:
            return _ok(action=own(seat, level, seed, t))
        return _ok(action=choose_action(state, seat, level, seed))
    except CosmoludoError as e:
        return _err(e.fr, e.en)


def undo(handle: str, seat: int) -> str:
    try:
        state = games.undo(_state(handle), seat)
    except CosmoludoError as e:
        return _err(e.fr, e.en)
    _put(handle, state)  # another game: the log and actions the page holds are sent whole again
    return _ok(save=state.to_save())


def replay_open(save: str) -> str:
    """Open a save as a replay (its actions applied again, validated) → {"ok","handle","replay"}: the replay's
    number of actions, whether the game is over and whose eyes it may be seen through."""
    from .replay import Replay

    try:
        rep = Replay(_parse(save, "save"))
    except CosmoludoError as e:
        return _err(e.fr, e.en)
    return _ok(handle=_register(rep), replay=rep.summary())


def replay_view(handle: str, index: int, seat: int | None) -> str:
    """The view of `seat` (None: the spectator) after the first `index` actions of an open replay → {"ok","view"}."""
    from .replay import Replay

    rep = _open.get(handle)
    if not isinstance(rep, Replay):
        return _err("Revoir : partie non ouverte.", "Replay: game not open.")
    try:
        return _ok(view=rep.view(index, seat))
    except CosmoludoError as e:
        return _err(e.fr, e.en)


def close(handle: str) -> str:
    _open.pop(handle, None)
    _keys.pop(handle, None)
    return _ok()
