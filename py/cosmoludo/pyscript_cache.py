"""PyScript's own Python package, compiled once into the engine's memory snapshot instead of at every boot.

Before it runs the worker's code, PyScript writes its `pyscript` package (a dozen small files) into the
worker's working directory and imports it: Python compiles those files, and the standard modules they import
(`html`, `base64`, … from Pyodide's zip of sources), on every start, ≈ 0.4 s of a cold boot on two cores.
The build runs `prepare` with the same files just before it saves Pyodide's memory (scripts/pyodide_snapshot.mjs),
so the restored Python already holds their compiled code and those standard modules. Files are still imported
the ordinary way, from the files PyScript writes: a file whose text is not the one compiled here (another
PyScript) is compiled as usual.
"""
from __future__ import annotations

import ast
import importlib
import os
import sys
from collections.abc import Mapping, Sequence
from importlib.machinery import ModuleSpec, PathFinder, SourceFileLoader
from types import CodeType

#: Modules the worker provides from JavaScript at run time (PyScript's and Pyodide's bridges): never imported
#: here, as the memory is saved under Node.
FROM_JAVASCRIPT = frozenset({"js", "polyscript", "_pyscript", "pyodide"})

#: Absolute path of each compiled file → (its text as PyScript writes it, its code).
_CODE: dict[str, tuple[bytes, CodeType]] = {}


class _CachedLoader(SourceFileLoader):
    """The ordinary loader of a source file, with the code compiled at build time when the text is the same."""

    def get_code(self, fullname: str) -> CodeType | None:
        cached = _CODE.get(os.path.abspath(self.path))
        if cached is not None and self.get_data(self.path) == cached[0]:
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
