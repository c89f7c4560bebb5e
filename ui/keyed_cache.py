"""One value kept with the key of what it was worked out from, for a screen that draws the same
thing frame after frame: the tournament's running screen measures its panels' room by trying
heights (``ui.scenes.tournament_results``), the tree explorer wraps its legend by trying its
items' forms (``ui.scenes.tree_explorer``).  Each kept its last answer beside a tuple of what it
read, compared by hand at every frame; ``KeyedCache`` is that pattern once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class KeyedCache(Generic[T]):
    """The last value worked out and its key: worked out again only for another key (compared by
    ``==``: the key holds everything the value depends on, sizes and words alike)."""

    def __init__(self) -> None:
        self._kept: tuple[Hashable, T] | None = None

    def get(self, key: Hashable, work_out: Callable[[], T]) -> T:
        """The value for ``key``: the one kept if it was worked out for an equal key, else
        ``work_out()``, kept in its place."""
        if self._kept is None or self._kept[0] != key:
            self._kept = (key, work_out())
        return self._kept[1]

    @property
    def key(self) -> Hashable | None:
        """The key of the value kept (None before the first)."""
        return None if self._kept is None else self._kept[0]

    def forget(self) -> None:
        """Work the value out afresh at the next ``get``, whatever its key."""
        self._kept = None
