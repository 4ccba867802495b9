"""The import graph of py/cosmoludo has no cycle (imports inside functions included), and core imports no game.

An import under `if TYPE_CHECKING:` is left out: it never runs, and a type may name a class of a module above.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "py"


def _modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of `package` under `root` by dotted name (a package by its own name, for its __init__)."""
    out = {}
    for path in sorted((root / package.replace(".", "/")).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking_only(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a module at any depth (functions, classes, branches), TYPE_CHECKING aside."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking_only(child):
                stack.extend(child.orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            stack.append(child)
    return found


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """module → the modules of `package` it imports (a package's parent is not an edge: Python's own order)."""
    modules = _modules(root, package)
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        is_pkg = path.name == "__init__.py"
        here = name if is_pkg else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = here
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                mod = ".".join(p for p in (base if node.level else "", node.module or "") if p)
                # `from pkg import name`: the submodule pkg.name when there is one, else pkg itself.
                targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in modules else mod for a in node.names]
            for t in targets:
                while t and t not in modules:  # `import a.b.c` of a name inside a module: that module
                    t = t.rpartition(".")[0]
                if t and t != name:
                    graph[name].add(t)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _describe(graph: dict[str, set[str]], comp: list[str]) -> str:
    inside = set(comp)
    return "; ".join(f"{a} → {b}" for a in comp for b in sorted(graph[a] & inside))


def test_no_import_cycle_in_the_engine():
    graph = import_graph(ROOT, "cosmoludo")
    assert len(graph) > 20 and graph["cosmoludo.games"]  # the walk really read the package
    found = cycles(graph)
    assert not found, "import cycles: " + " | ".join(_describe(graph, c) for c in found)


def test_core_imports_no_game_and_no_tool():
    graph = import_graph(ROOT, "cosmoludo")
    for name, targets in graph.items():
        if name.startswith("cosmoludo.core"):
            above = sorted(t for t in targets if not t.startswith("cosmoludo.core"))
            assert not above, f"{name} reaches up to {above}"


def test_the_engine_imports_no_host_tool():
    """The host's tools (cosmoludo.tools: build, server, benchmarks) stand above the engine: only they and the
    command line (__main__) import them, so the page's zip, which leaves them out, runs whole."""
    graph = import_graph(ROOT, "cosmoludo")
    assert "cosmoludo.tools.site" in graph and "cosmoludo.tools.bench" in graph
    for name, targets in graph.items():
        if name == "cosmoludo.__main__" or name == "cosmoludo.tools" or name.startswith("cosmoludo.tools."):
            continue
        tools = sorted(t for t in targets if t == "cosmoludo.tools" or t.startswith("cosmoludo.tools."))
        assert not tools, f"{name} imports the host's tools {tools}"


def test_each_game_rules_stand_below_its_bot():
    graph = import_graph(ROOT, "cosmoludo")
    for game in ("porco_crasso", "rencontre_cosmique"):
        rules = f"cosmoludo.games.{game}.rules"
        assert f"cosmoludo.games.{game}.bot" not in graph[rules]
        assert rules in graph[f"cosmoludo.games.{game}.bot"]


def test_the_walk_finds_a_cycle_through_a_function_level_import(tmp_path):
    pkg = tmp_path / "toy"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .sub import b\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from ..a import x\n    return x\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    (pkg / "d.py").write_text("from . import c\n")
    graph = import_graph(tmp_path, "toy")
    assert cycles(graph) == [["toy.a", "toy.sub.b"]]
    assert graph["toy.c"] == set() and graph["toy.d"] == {"toy.c"}
