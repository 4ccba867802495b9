"""Shared fixtures for the engine tests."""
from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

UPDATE_GOLDEN = os.environ.get("COSMOLUDO_UPDATE_GOLDEN") == "1"


def check_golden(path: Path, got: Any, indent: int = 1) -> None:
    """`got` (views as JSON) is what the golden file `path` holds; with COSMOLUDO_UPDATE_GOLDEN=1 (or no file yet)
    it is written there first (`indent` as that file has it, so that an unchanged file stays byte-identical)."""
    if UPDATE_GOLDEN or not path.exists():
        path.write_text(json.dumps(got, ensure_ascii=False, indent=indent, sort_keys=True) + "\n", encoding="utf-8")
    want = json.loads(path.read_text(encoding="utf-8"))
    assert json.loads(json.dumps(got)) == want, "a view changed: if intended, rerun with COSMOLUDO_UPDATE_GOLDEN=1"


@pytest.fixture
def golden() -> Callable[..., None]:
    """Compare views with a golden file (`check_golden`)."""
    return check_golden
