"""What the engines' tests share about their kernels' compiling.

On a fresh install the window's AI worker compiles a game's kernels in a thread of its own while
its levels are asked for moves; a level that can play without them (a book, the pure-Python search
the kernels replaced) must not wait.  ``compiling_from_scratch`` sets that scene up for a test."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ai import kernels


def compiling_from_scratch(monkeypatch: pytest.MonkeyPatch, game_id: str, *stages: str,
                           loading: bool = False) -> Callable[[], None]:
    """Have ``game_id``'s kernels look as the window's worker sees them on a fresh install's first
    run: compiling is deferred to the worker's warm-up, which is still at it, compiling from
    scratch (``ai.kernels.compiled_elsewhere`` says so) or, ``loading``, loading from the cache
    what the window's preparation compiled there.  Any wait for them fails the test.  The
    kernels (``stages`` of them, every stage when none) are compiled first, in this process; the
    function returned makes them ready, as the warm-up's end does."""
    kernels.warm_up(game_id, *stages)
    compiled = dict(kernels._stages)

    def waited(*args: object) -> None:
        raise AssertionError("the search waited for the kernels' compiling")

    monkeypatch.setattr(kernels, "_deferred", True)  # as in the window's worker
    monkeypatch.setattr(kernels, "_stages", {})  # its warm-up still at it ...
    monkeypatch.setattr(kernels, "on_disk", lambda game_id, stage=None: loading)  # ... compiling from scratch, or loading
    monkeypatch.setattr(kernels, "warm_up", waited)
    return lambda: monkeypatch.setattr(kernels, "_stages", compiled)
