"""PyScript's own Python package, compiled once into the engine's memory snapshot instead of at every boot.

Before it runs the worker's code, PyScript writes its `pyscript` package (a dozen small files) into the
worker's working directory and imports it: Python compiles those files, and the standard modules they import
(`html`, `base64`, … from Pyodide's zip of sources), on every start, ≈ 0.4 s of a cold boot on two cores.
The build runs `prepare` with the same files just before it saves Pyodide's memory (scripts/pyodide_snapshot.mjs),
so the restored Python already holds their compiled code and those standard modules. Files are still imported
the ordinary way, from the files PyScript writes: a file whose text is not the one compiled here (another
PyScript) is compiled as usual.

PyScript's prelude, the code it runs in the worker before the worker's own (it writes those files and imports
`pyscript`: 33 kB of Python), is compiled at build time too (`prepare_prelude`): Pyodide compiles the code it is
asked to run through `_pyodide._base._parse_and_compile_gen`, which this module wraps so that the very text
compiled at build time gets its code back without parsing it (≈ 0.2–0.5 s of every boot, the first use of
CPython's parser and compiler in the worker included). Any other text is compiled as usual.
"""
from __future__ import annotations

import ast
import importlib
import os
import sys
from collections.abc import Callable, Generator, Mapping, Sequence
from importlib.machinery import ModuleSpec, PathFinder, SourceFileLoader
from types import CodeType
from typing import Any

#: Modules the worker provides from JavaScript at run time (PyScript's and Pyodide's bridges): never imported
#: here, as the memory is saved under Node.
FROM_JAVASCRIPT = frozenset({"js", "polyscript", "_pyscript", "pyodide"})

#: Absolute path of each compiled file → (its text as PyScript writes it, its code).
_CODE: dict[str, tuple[bytes, CodeType]] = {}

#: Code run through Pyodide (the prelude) compiled at build time: its text → (the options it was compiled with, code).
_PRELUDE: dict[str, tuple[dict[str, Any], CodeType]] = {}

#: What the cache answered since Python started: "prelude" once the prelude's compiled code was used, and the
#: names of the modules loaded from compiled code (the engine's about() reports them).
SERVED: list[str] = []


class _CachedLoader(SourceFileLoader):
    """The ordinary loader of a source file, with the code compiled at build time when the text is the same."""

    def get_code(self, fullname: str) -> CodeType | None:
        cached = _CODE.get(os.path.abspath(self.path))
        if cached is not None and self.get_data(self.path) == cached[0]:
            SERVED.append(fullname)
            return cached[1]
        return super().get_code(fullname)


class CachedFinder:
    """Finds the cached packages' modules as sys.path does, and loads them with `_CachedLoader`."""

    packages: frozenset[str] = frozenset()

    @classmethod
    def find_spec(cls, fullname: str, path: Sequence[str] | None = None, target: object = None) -> ModuleSpec | None:
        if fullname.partition(".")[0] not in cls.packages:
            return None
        spec = PathFinder.find_spec(fullname, path)
        if spec is not None and isinstance(spec.loader, SourceFileLoader) and spec.origin \
                and os.path.abspath(spec.origin) in _CODE:
            spec.loader = _CachedLoader(fullname, spec.origin)
        return spec


def _imports(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def prepare(files: Mapping[str, str], root: str | None = None) -> list[str]:
    """Compile `files` ({path relative to `root`, the working directory by default: text}), as PyScript will
    write them there, import the standard modules they use, and put the cached loader in front of sys.path's.

    Returns the modules imported here.
    """
    root = os.getcwd() if root is None else root
    packages = {name.split("/", 1)[0] for name in files}
    wanted: set[str] = set()
    for name, text in files.items():
        path = os.path.abspath(os.path.join(root, name))
        tree = ast.parse(text, path)
        _CODE[path] = (text.encode("utf-8"), compile(tree, path, "exec", dont_inherit=True))
        wanted |= _imports(tree)
    imported = []
    for module in sorted(wanted):
        top = module.partition(".")[0]
        if top in packages or top in FROM_JAVASCRIPT or module in sys.modules:
            continue
        try:
            importlib.import_module(module)
        except ImportError:
            continue  # a module only some PyScript setups have; the worker would import it itself
        imported.append(module)
    CachedFinder.packages = frozenset(packages)
    if CachedFinder not in sys.meta_path:
        sys.meta_path.insert(0, CachedFinder)  # type: ignore[arg-type]
    return imported


Compiler = Callable[..., Generator[ast.Module, ast.Module, CodeType]]


def _cached_compiler(compile_gen: Compiler) -> Compiler:
    """`compile_gen` (Pyodide's `_parse_and_compile_gen(source, **options)`: yields the parsed tree, is sent the
    tree back, returns the code) answering the texts of `_PRELUDE` with their compiled code, unparsed."""

    def parse_and_compile(source: str, **options: Any) -> Generator[ast.Module, ast.Module, CodeType]:
        cached = _PRELUDE.get(source)
        if cached is None or cached[0] != options:
            return (yield from compile_gen(source, **options))
        yield ast.Module(body=[], type_ignores=[])  # the tree is not used: the code below is already compiled
        SERVED.append("prelude")
        return cached[1]

    parse_and_compile.__wrapped__ = compile_gen  # type: ignore[attr-defined]
    return parse_and_compile


def prepare_prelude(text: str, base: Any = None, **options: Any) -> None:
    """Compile `text` as Pyodide compiles what `runPythonAsync` is given (`base`: `_pyodide._base` unless a test
    passes another; `options`: the keyword arguments it compiles with, eval_code_async's unless given), and make
    `base` answer that text with this code from now on."""
    if base is None:
        from _pyodide import _base as base  # type: ignore[import-not-found,no-redef]
    original = getattr(base._parse_and_compile_gen, "__wrapped__", base._parse_and_compile_gen)
    if not options:
        # What eval_code_async passes to CodeRunner, which passes it on with CodeRunner's own defaults.
        options = {"return_mode": "last_expr", "mode": "exec", "quiet_trailing_semicolon": True,
                   "filename": "<exec>", "flags": ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, "dont_inherit": False,
                   "optimize": -1, "dedent": True}
    compiling = original(text, **options)
    tree = next(compiling)
    try:
        compiling.send(tree)
    except StopIteration as done:
        _PRELUDE[text] = (dict(options), done.value)
    else:
        raise AssertionError("Pyodide's compiler did not stop after compiling")
    base._parse_and_compile_gen = _cached_compiler(original)
