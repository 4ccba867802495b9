"""The engine's PyScript worker: exports the JSON bridge to the page's JavaScript (web/engine.js)."""
from __future__ import annotations

from typing import Any

from cosmoludo import bridge


def _seat(seat: Any) -> int | None:
    """A seat number from JS; null, undefined or anything not a whole number means the spectator (None)."""
    if isinstance(seat, bool):
        return None
    if isinstance(seat, int):
        return seat
    if isinstance(seat, float) and seat.is_integer():
        return int(seat)
    return None


def _seed(seed: Any) -> int:
    number = _seat(seed)
    return 0 if number is None else number


def catalog() -> str:
    return bridge.catalog()


def create(request_json: str) -> str:
    return bridge.create(request_json)


def open_save(save_json: str) -> str:
    return bridge.open_save(save_json)


def check_save(save_json: str) -> str:
    return bridge.check_save(save_json)


def view(handle: str, seat: Any = None) -> str:
    return bridge.view(handle, _seat(seat))


def act(handle: str, seat: Any, action_json: str) -> str:
    return bridge.act(handle, _seat(seat), action_json)  # type: ignore[arg-type]


def bot(handle: str, seat: Any, level: str, seed: Any = 0) -> str:
    return bridge.bot(handle, _seat(seat), level, _seed(seed))  # type: ignore[arg-type]


def undo(handle: str, seat: Any) -> str:
    return bridge.undo(handle, _seat(seat))  # type: ignore[arg-type]


def close(handle: str) -> str:
    return bridge.close(handle)


__export__ = ["catalog", "create", "open_save", "check_save", "view", "act", "bot", "undo", "close"]
