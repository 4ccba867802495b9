"""PyScript's package compiled ahead (py/cosmoludo/pyscript_cache.py): the same text loads the compiled code."""
from __future__ import annotations

import ast
import sys
from collections.abc import Generator, Iterator
from pathlib import Path
from types import CodeType
from typing import Any

import pytest

from cosmoludo import pyscript_cache

FILES = {
    "cachedpkg/__init__.py": "from cachedpkg.part import VALUE\nimport colorsys\n",
    "cachedpkg/part.py": "VALUE = 42\n",
    "cachedpkg/bridge.py": "import js\nimport polyscript\n",
}


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A clean cache, finder and module table, all put back afterwards."""
    monkeypatch.setattr(pyscript_cache, "_CODE", {})
    monkeypatch.setattr(pyscript_cache, "SERVED", [])
    monkeypatch.setattr(pyscript_cache.CachedFinder, "packages", frozenset())
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)
    yield tmp_path
    for name in [name for name in sys.modules if name.partition(".")[0] == "cachedpkg"]:
        del sys.modules[name]


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_files_with_the_compiled_text_load_the_compiled_code(cache: Path) -> None:
    imported = pyscript_cache.prepare(FILES, str(cache))
    # The standard modules they use are imported ahead; the ones JavaScript provides at run time are not.
    assert imported == ["colorsys"] and "colorsys" in sys.modules
    assert sys.meta_path[0] is pyscript_cache.CachedFinder
    write(cache, FILES)  # as PyScript writes them into its worker
    import cachedpkg  # type: ignore[import-not-found]

    assert cachedpkg.VALUE == 42
    loader = cachedpkg.__spec__.loader
    assert isinstance(loader, pyscript_cache._CachedLoader)
    assert loader.get_code("cachedpkg") is pyscript_cache._CODE[str(cache / "cachedpkg/__init__.py")][1]
    assert pyscript_cache.SERVED[:2] == ["cachedpkg", "cachedpkg.part"]


def test_a_file_with_another_text_is_compiled_as_usual(cache: Path) -> None:
    pyscript_cache.prepare(FILES, str(cache))
    write(cache, {**FILES, "cachedpkg/part.py": "VALUE = 7\n"})  # another PyScript
    import cachedpkg

    assert cachedpkg.VALUE == 7
    loader = sys.modules["cachedpkg.part"].__spec__.loader
    assert loader.get_code("cachedpkg.part") is not pyscript_cache._CODE[str(cache / "cachedpkg/part.py")][1]


def test_other_modules_are_left_to_sys_path(cache: Path) -> None:
    pyscript_cache.prepare(FILES, str(cache))
    assert pyscript_cache.CachedFinder.find_spec("json") is None
    write(cache, {"otherpkg.py": "X = 1\n"})
    assert pyscript_cache.CachedFinder.find_spec("otherpkg") is None


class FakePyodideBase:
    """Stands for `_pyodide._base`: its `_parse_and_compile_gen` yields the parsed tree, is sent it back and
    returns the code, counting the texts it parsed."""

    def __init__(self) -> None:
        self.parsed: list[str] = []

    def _parse_and_compile_gen(self, source: str, *, mode: str = "exec", filename: str = "<exec>",
                               flags: int = 0) -> Generator[ast.Module, ast.Module, CodeType]:
        self.parsed.append(source)
        tree = yield compile(source, filename, mode, flags | ast.PyCF_ONLY_AST)
        return compile(tree, filename, mode, flags)


def run(base: FakePyodideBase, source: str, **options: Any) -> dict[str, Any]:
    """What CodeRunner does with the generator: take the tree, send it back, run the code it returns."""
    compiling = base._parse_and_compile_gen(source, **options)
    tree = next(compiling)
    try:
        compiling.send(tree)
    except StopIteration as done:
        namespace: dict[str, Any] = {}
        exec(done.value, namespace)  # noqa: S102 (the code the compiler returned, as Pyodide runs it)
        return namespace
    raise AssertionError("the compiler did not stop")


PRELUDE = "import colorsys as _c\nVALUE = _c.rgb_to_hsv(1, 0, 0)\ndel _c\n"


@pytest.fixture
def prelude(monkeypatch: pytest.MonkeyPatch) -> FakePyodideBase:
    monkeypatch.setattr(pyscript_cache, "_PRELUDE", {})
    monkeypatch.setattr(pyscript_cache, "SERVED", [])
    return FakePyodideBase()


def test_the_prelude_text_runs_the_code_compiled_at_build_time(prelude: FakePyodideBase) -> None:
    pyscript_cache.prepare_prelude(PRELUDE, prelude, filename="<exec>")  # type: ignore[arg-type]
    assert prelude.parsed == [PRELUDE]
    assert run(prelude, PRELUDE, filename="<exec>")["VALUE"] == (0.0, 1.0, 1.0)
    assert prelude.parsed == [PRELUDE]  # not parsed again: the build's code ran
    assert pyscript_cache.SERVED == ["prelude"]


def test_other_texts_or_options_are_compiled_as_usual(prelude: FakePyodideBase) -> None:
    pyscript_cache.prepare_prelude(PRELUDE, prelude, filename="<exec>")  # type: ignore[arg-type]
    assert run(prelude, "VALUE = 2\n", filename="<exec>")["VALUE"] == 2
    assert run(prelude, PRELUDE, filename="<other>")["VALUE"] == (0.0, 1.0, 1.0)
    assert prelude.parsed == [PRELUDE, "VALUE = 2\n", PRELUDE] and pyscript_cache.SERVED == []


def test_preparing_twice_wraps_pyodide_s_compiler_once(prelude: FakePyodideBase) -> None:
    pyscript_cache.prepare_prelude(PRELUDE, prelude, filename="<exec>")  # type: ignore[arg-type]
    pyscript_cache.prepare_prelude("X = 1\n", prelude, filename="<exec>")  # type: ignore[arg-type]
    wrapped: Any = prelude._parse_and_compile_gen
    assert wrapped.__wrapped__ is not None and not hasattr(wrapped.__wrapped__, "__wrapped__")
    assert run(prelude, "X = 1\n", filename="<exec>")["X"] == 1 and run(prelude, PRELUDE, filename="<exec>")
    assert pyscript_cache.SERVED == ["prelude", "prelude"]
