"""The engine's entry point in the page's PyScript worker: the bridge calls it exports, JSON in and out.

web/engine_worker.py exports EXPORTS to the page (PyScript's `__export__`); web/engine.js calls them through
the worker's `xworker.sync`.
"""
from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from . import bridge
from .core.bots import random_playouts
from .core.errors import CosmoludoError


def _seat(seat: Any) -> int | None:
    """A seat number from the page; null or anything not a whole number means the spectator (None)."""
    if isinstance(seat, bool):
        return None
    if isinstance(seat, int):
        return seat
    if isinstance(seat, float) and seat.is_integer():
        return int(seat)
    return None


def _whole(value: Any) -> int | None:
    """A whole number from the page (JavaScript numbers may come as floats), None for null or anything else."""
    return _seat(value)


def _seed(seed: Any) -> int:
    number = _seat(seed)
    return 0 if number is None else number


def _index(index: Any) -> int:
    """A position in a replay from the page; anything not a whole number is -1 (refused by the replay)."""
    number = _seat(index)
    return -1 if number is None else number


#: How this interpreter got the engine: "import" (Python started, then the engine imported from engine.zip),
#: or "snapshot" (the worker restored the memory the build saved once the engine was imported).
BOOT = "import"

#: What of the package only the host uses: the command line (`__main__`) and the host's tools (the `tools` package:
#: build, server, benchmarks). The build leaves them out of the browser's zip, so the snapshot never holds them.
HOST_ONLY = frozenset({"__main__", "tools"})


def host_only(name: str) -> bool:
    """Whether a module of the package, by its dotted name inside it ("tools.site") or its path there
    ("tools/site.py", "__main__.py"), is the host's alone: its first part is one of HOST_ONLY."""
    return name.replace("/", ".").split(".")[0] in HOST_ONLY


#: How this Python calls C functions, as the page's worker found it once Python had started (see `started`).
TRAMPOLINE = "unknown"


def started(trampoline: str) -> None:
    """Told by the page's worker once Python runs: "wasm-gc" or "javascript", the trampoline Pyodide's CPython
    calls C functions through (the worker puts the fast one back after restoring the snapshot)."""
    global TRAMPOLINE
    TRAMPOLINE = trampoline


def about() -> str:
    """The Python running the engine: its version, how it started (see BOOT), its trampoline (see `started`), and
    what of PyScript's own Python came compiled from the build (pyscript_cache.SERVED: "prelude", module names)."""
    from .pyscript_cache import SERVED

    return json.dumps({"ok": True, "python": sys.version.split()[0], "boot": BOOT, "trampoline": TRAMPOLINE,
                       "pyscript_compiled": SERVED})


#: The most games one `playouts` call may ask for (the browser benchmark asks for a few hundred).
MAX_PLAYOUTS = 10_000


def playouts(game: Any, players: Any, n: Any, seed: Any = 0) -> str:
    """The browser benchmark's throughput probe: `n` complete random games in this interpreter, timed here."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 < n <= MAX_PLAYOUTS:
        return _refuse(f"Nombre de parties invalide (1 à {MAX_PLAYOUTS}).",
                       f"Invalid number of games (1 to {MAX_PLAYOUTS}).")
    try:
        return json.dumps({"ok": True, **random_playouts(game, players, n, _seed(seed))})
    except CosmoludoError as e:
        return _refuse(e.fr, e.en)


#: The browser benchmark's trace of the calls (None: off): [name, ms of Python, characters of the answer] each.
TRACE: list[list[Any]] | None = None


def trace(on: Any) -> str:
    """The browser benchmark's probe: start (`on` true) or stop recording every call's Python time and answer size;
    answers what was recorded since the last call of `trace` (each [name, ms, chars], in the order the calls ran)."""
    global TRACE
    recorded = TRACE or []
    TRACE = [] if on is True else None
    return json.dumps({"ok": True, "calls": recorded})


def prepare_snapshot() -> None:
    """Import every module the page can reach and open the catalog, just before the build saves Pyodide's memory.

    Run once, by scripts/pyodide_snapshot.mjs; a worker restored from that memory has all of them in place.
    """
    global BOOT
    package = sys.modules[__name__.rpartition(".")[0]]
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not host_only(module.name.partition(".")[2]):
            importlib.import_module(module.name)
    json.loads(bridge.catalog())
    BOOT = "snapshot"


#: What the page may call (web/engine.js lists the same names), each with the conversion of its positional arguments.
CALLS: dict[str, Callable[..., str]] = {
    "catalog": bridge.catalog,
    "create": bridge.create,
    "open_save": bridge.open_save,
    "check_save": bridge.check_save,
    "view": lambda handle, seat=None, key=None, log_from=None: bridge.view(
        handle, _seat(seat), _whole(key), _whole(log_from)),
    "act": lambda handle, seat, action, with_view=False, viewer=None, key=None, log_from=None, actions_from=None: (
        bridge.act(handle, _seat(seat), action, with_view is True, _seat(viewer),  # type: ignore[arg-type]
                   _whole(key), _whole(log_from), _whole(actions_from))),
    "bot": lambda handle, seat, level, seed=0, t=None: bridge.bot(
        handle, _seat(seat), level, _seed(seed), None if t is None else _seed(t)),  # type: ignore[arg-type]
    "undo": lambda handle, seat: bridge.undo(handle, _seat(seat)),  # type: ignore[arg-type]
    "replay_open": bridge.replay_open,
    "replay_view": lambda handle, index, seat=None: bridge.replay_view(
        handle, _index(index), _seat(seat)),
    "close": bridge.close,
    "about": about,
    "playouts": playouts,
    "trace": trace,
}


def _plain(value: Any) -> Any:
    """An argument from the page as the JSON value it stands for: JavaScript's null (Pyodide's `jsnull`) is
    None; anything else than a string, number, boolean or null (a JavaScript object) is refused."""
    if value is None or isinstance(value, (str, int, float)):
        return value
    if type(value).__name__ == "JsNull":
        return None
    raise TypeError(f"not a JSON scalar: {type(value).__name__}")


def _export(name: str, fn: Callable[..., str]) -> Callable[..., str]:
    """`fn` as the page calls it: positional arguments from JavaScript, a refusal in words for wrong ones."""
    signature = inspect.signature(fn)

    def exported(*args: Any) -> str:
        try:
            plain = [_plain(arg) for arg in args]
            signature.bind(*plain)
        except TypeError:
            return _refuse(f"Arguments invalides pour {name!r}.", f"Invalid arguments for {name!r}.")
        try:
            if TRACE is None or fn is trace:
                return fn(*plain)
            t0 = time.perf_counter()
            answer = fn(*plain)
            TRACE.append([name, (time.perf_counter() - t0) * 1000, len(answer)])
            return answer
        except Exception:  # noqa: BLE001 - the door: no exception's text reaches the page
            # An engine bug, not a refusal: its details go to the console (the worker's stderr), never to the page.
            print(f"Cosmoludo: the engine failed in {name}:", traceback.format_exc(), sep="\n", file=sys.stderr)
            return _refuse("Le moteur a rencontré une erreur inattendue (détails dans la console du navigateur).",
                           "The engine met an unexpected error (details in the browser's console).")

    exported.__name__ = exported.__qualname__ = name
    return exported


#: The functions the page's PyScript worker exports (web/engine_worker.py), one for each of CALLS.
EXPORTS: dict[str, Callable[..., str]] = {name: _export(name, fn) for name, fn in CALLS.items()}


def _refuse(fr: str, en: str) -> str:
    return json.dumps({"ok": False, "error": {"fr": fr, "en": en}}, ensure_ascii=False)
