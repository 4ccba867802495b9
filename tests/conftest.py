"""Shared fixtures for the engine tests."""
from __future__ import annotations

import os

import pytest

UPDATE_GOLDEN = os.environ.get("COSMOLUDO_UPDATE_GOLDEN") == "1"


@pytest.fixture
def update_golden() -> bool:
    return UPDATE_GOLDEN
