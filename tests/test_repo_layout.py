"""The repository's front door holds: the checks run wherever the tests run, and the docs' paths resolve."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _target(makefile: str, name: str) -> list[str]:
    """The recipe lines of the Makefile target `name`."""
    lines = makefile.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{name}:"))
    recipe = []
    for line in lines[start + 1:]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return recipe


def test_make_test_runs_the_checks_before_pytest():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    check = _target(makefile, "check")
    assert any("ruff check" in line for line in check)
    assert any("mypy" in line for line in check)
    test = _target(makefile, "test")
    assert any(".[test,dev]" in line for line in test), "make test must install ruff and mypy (the dev extras)"
    runs_check = next(i for i, line in enumerate(test) if line.endswith("check"))
    runs_pytest = next(i for i, line in enumerate(test) if "pytest" in line)
    assert runs_check < runs_pytest
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_pages_workflow_checks_and_tests_before_it_builds():
    steps = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    check = steps.index("make check")
    tests = steps.index("pytest tests -m 'not slow'")
    build = steps.index("cosmoludo build")
    assert check < build and tests < build


def test_mypy_holds_the_core_to_strict_typing():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    core = pyproject[pyproject.index('module = ["cosmoludo.core.*"]'):]
    for flag in ("disallow_untyped_defs", "disallow_any_generics", "warn_return_any", "strict_equality"):
        assert re.search(rf"^{flag} = true$", core, re.MULTILINE), flag


def test_the_readme_is_one_screen():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 120
    for command in ("make play", "make test"):
        assert command in readme
    for target in ("play:", "test:", "check:"):
        assert f"\n{target}" in (ROOT / "Makefile").read_text(encoding="utf-8")


DOC_PATH = re.compile(r"\bdocs/[\w./-]+\.md\b")


def test_every_docs_path_named_in_the_repository_exists():
    """A moved document leaves no path behind: every docs/….md named by the README, the docs, the engine, the page,
    the tests and the scripts is a file."""
    sources = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    for folder, suffixes in (("py", (".py",)), ("tests", (".py",)), ("e2e", (".py",)), ("scripts", (".py", ".mjs")),
                             ("web", (".js", ".py", ".html"))):
        sources += [p for p in (ROOT / folder).rglob("*") if p.suffix in suffixes and "vendor" not in p.parts]
    named = {(src.relative_to(ROOT), m) for src in sources for m in DOC_PATH.findall(src.read_text(encoding="utf-8"))}
    assert named, "no docs path found: the pattern is wrong"
    missing = sorted((str(src), path) for src, path in named if not (ROOT / path).is_file())
    assert not missing, missing


def _keys(value: object, out: set[str]) -> set[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            if k not in ("options", "scores", "legal_actions"):  # their keys are data (option ids, seats)
                _keys(v, out)
    elif isinstance(value, list):
        for v in value:
            _keys(v, out)
    return out


def test_the_porco_protocol_shows_every_field_of_the_view():
    """docs/porco-crasso/protocol.md's view block names every key a Porco view holds, nested ones included, along
    a seeded match with the extension (Oiseau, answers pending, the Cochonpétition's tokens and end)."""
    import random

    from cosmoludo import games

    doc = (ROOT / "docs" / "porco-crasso" / "protocol.md").read_text(encoding="utf-8")
    block = doc[doc.index("## view(seat)"):doc.index("## actions")]
    named = set(re.findall(r'"(\w+)":', block))
    state = games.new_game("porco-crasso", 3, {"coquettruie": True, "cochonpetition": True}, 1)
    rnd = random.Random(0)
    seen: set[str] = set()
    while not state.is_over():
        seat = state.to_move()[0]
        _keys(state.view(seat), seen)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    _keys(state.view(None), seen)
    assert {"oiseau", "pending", "match", "game_winner"} <= seen
    assert seen - {"log_from"} <= named, sorted(seen - named)


def test_every_test_a_rules_audit_names_exists():
    """A rules audit maps each paragraph of a rulebook to the test that pins it: each name is a test, the start of
    the names of a family of tests (`test_large_meteors_`), or a test file."""
    files = [*(ROOT / "tests").glob("*.py"), *(ROOT / "e2e").glob("*.py")]
    defined = {name for f in files for name in re.findall(r"def (test_\w+)", f.read_text(encoding="utf-8"))}
    modules = {f.stem for f in files}
    audits = sorted((ROOT / "docs").glob("*/*rules-audit.md"))
    for audit in audits:
        named = set(re.findall(r"\b(test_\w+)", audit.read_text(encoding="utf-8")))
        missing = sorted(n for n in named if n not in modules and not any(d.startswith(n) for d in defined))
        assert not missing, (audit.relative_to(ROOT), missing)


def test_every_game_has_its_rules_audit():
    """The README's « to find a rule: docs/<game>/rules-audit.md » holds for every registered game."""
    from cosmoludo import games

    missing = [gid for gid in games.GAMES if not (ROOT / "docs" / gid / "rules-audit.md").is_file()]
    assert not missing, missing
