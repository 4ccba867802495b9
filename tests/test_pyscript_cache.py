"""PyScript's package compiled ahead (py/cosmoludo/pyscript_cache.py): the same text loads the compiled code."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

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
