"""Which alien powers this engine applies; each power's rules live in rules.py next to the moment it acts."""
from __future__ import annotations

#: Powers whose every effect is implemented; only these are dealt.
IMPLEMENTED_POWERS: frozenset[str] = frozenset()
