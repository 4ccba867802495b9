"""Each game's behaviour over seeded games hashes as committed (scripts/fingerprints.py): a change of rules, of a
view or of a bot's policy changes a hash. When the change is intended, regenerate the file and commit it with the
change (say in the commit why the rules changed):

    PYTHONPATH=py python scripts/fingerprints.py --write
"""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "fingerprints.json"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fingerprints", ROOT / "scripts" / "fingerprints.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("fingerprints", mod)
    spec.loader.exec_module(mod)
    return mod


FP = _script()
WANT: dict[str, str] = json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_every_game_has_a_fingerprint() -> None:
    from cosmoludo.games import GAMES

    assert sorted(WANT) == sorted(GAMES) == sorted(FP.SETUPS)


@pytest.mark.parametrize("game_id", sorted(WANT))
def test_fingerprint(game_id: str) -> None:
    got, steps = FP.fingerprint(game_id)
    assert steps > 100
    assert got == WANT[game_id], (
        f"{game_id} no longer plays its seeded games as before (fingerprint {got}, committed {WANT[game_id]}): "
        "a rule, a view or a bot's policy changed. If that is intended, regenerate tests/golden/fingerprints.json "
        "with `PYTHONPATH=py python scripts/fingerprints.py --write` and commit it with the change.")


def test_fingerprint_sees_a_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hash covers the views: a view that changes by one field changes the fingerprint."""
    from cosmoludo.games import GAMES

    cls = GAMES["kroll-et-prumni"]
    real = cls.view

    def view(self: object, seat: int | None) -> dict[str, object]:
        return {**real(self, seat), "extra": 1}  # type: ignore[arg-type]

    monkeypatch.setattr(cls, "view", view)
    got, _ = FP.fingerprint("kroll-et-prumni", 1)
    monkeypatch.undo()
    assert got != FP.fingerprint("kroll-et-prumni", 1)[0]
