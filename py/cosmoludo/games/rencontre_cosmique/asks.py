"""Rencontre Cosmique's questions: one open decision is a JSON dict {"seat", "kind", ...its own data}.

A question is a `core.flow` ask (it has `kind`, `seats` and `data`) that is also the plain dict the view, the
bots and the saves' tests read (`q["kind"]`, `q["seat"]`). The queue turns every dict put into it into a
question, so the chapters may keep writing `self.queue.insert(0, {...})`.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, SupportsIndex, cast

from ...core.flow import copy_json


class Q(dict[str, Any]):
    """One question asked of one seat: {"seat": s, "kind": k, ...}; a flow ask seen through its keys."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        return cast(str, self["kind"])

    @property
    def seats(self) -> list[int]:
        return [self["seat"]]

    @property
    def data(self) -> dict[str, Any]:
        return self

    def copy(self) -> Q:  # type: ignore[override]
        return Q(copy_json(dict(self)))


def question(item: dict[str, Any]) -> Q:
    return item if type(item) is Q else Q(item)


class Queue(list[Q]):
    """The questions waiting, the first one asked now: whatever goes in becomes a `Q`."""

    __slots__ = ()

    def __init__(self, items: Iterable[dict[str, Any]] = ()) -> None:
        super().__init__(question(i) for i in items)

    def append(self, item: dict[str, Any]) -> None:  # type: ignore[override]
        super().append(question(item))

    def insert(self, index: SupportsIndex, item: dict[str, Any]) -> None:  # type: ignore[override]
        super().insert(index, question(item))

    def extend(self, items: Iterable[dict[str, Any]]) -> None:  # type: ignore[override]
        super().extend(question(i) for i in items)

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            super().__setitem__(index, [question(i) for i in value])
        else:
            super().__setitem__(index, question(value))

    def discard(self, ask: Q) -> None:
        """Remove this very question (not an equal one): effects may have queued others before it."""
        for i, item in enumerate(self):
            if item is ask:
                del self[i]
                return
