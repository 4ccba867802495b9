"""The engine's entry point in the page's worker (web/engine_worker.js): a bridge call by name, JSON in and out."""
from __future__ import annotations

import importlib.util
import inspect
import json
import sys
from collections.abc import Callable
from typing import Any

from . import bridge


def _seat(seat: Any) -> int | None:
    """A seat number from the page; null or anything not a whole number means the spectator (None)."""
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


def about() -> str:
    """The Python running the engine, and whether every engine module was imported from the build's bytecode."""
    precompiled = True
    for name, module in sorted(sys.modules.items()):
        if name.split(".")[0] != __name__.split(".")[0]:
            continue
        cached = getattr(module, "__cached__", None)
        try:
            with open(cached, "rb") as f:  # type: ignore[arg-type]
                header = f.read(8)
        except (OSError, TypeError):
            precompiled = False
            break
        # Valid for this interpreter, and hash-based with no source check: the import read it as it is.
        precompiled &= header[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(header[4:], "little") == 1
    return json.dumps({"ok": True, "python": sys.version.split()[0], "precompiled": precompiled})


#: What the page may call, each with the conversion of its positional arguments.
CALLS: dict[str, Callable[..., str]] = {
    "catalog": bridge.catalog,
    "create": bridge.create,
    "open_save": bridge.open_save,
    "check_save": bridge.check_save,
    "view": lambda handle, seat=None: bridge.view(handle, _seat(seat)),
    "act": lambda handle, seat, action: bridge.act(handle, _seat(seat), action),  # type: ignore[arg-type]
    "bot": lambda handle, seat, level, seed=0: bridge.bot(handle, _seat(seat), level, _seed(seed)),  # type: ignore[arg-type]
    "undo": lambda handle, seat: bridge.undo(handle, _seat(seat)),  # type: ignore[arg-type]
    "close": bridge.close,
    "about": about,
}


def call(name: str, args_json: str) -> str:
    """Run the bridge function `name` on the JSON list `args_json`; a malformed call gets the bridge's error answer."""
    fn = CALLS.get(name)
    try:
        args = json.loads(args_json)
    except (TypeError, ValueError):
        args = None
    if fn is None or not isinstance(args, list):
        return _refuse(f"Appel inconnu du moteur : {name!r}.", f"Unknown engine call: {name!r}.")
    try:
        inspect.signature(fn).bind(*args)
    except TypeError:
        return _refuse(f"Arguments invalides pour {name!r}.", f"Invalid arguments for {name!r}.")
    return fn(*args)


def _refuse(fr: str, en: str) -> str:
    return json.dumps({"ok": False, "error": {"fr": fr, "en": en}}, ensure_ascii=False)
