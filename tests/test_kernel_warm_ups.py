"""No kernel is compiled during a game: a game's warm-up (``ai.kernels.warm_up``) compiles or loads
every kernel its players, the analysis and the hint call, for the argument types they pass (numba
compiles once per signature).  A kernel the warm-up left out was compiled by the first move that
called it (seconds of its time on a fresh install, a load from the cache on a restart), or inside
the window's analysis.  Kernels no game runs (the tools' and the tests') are listed apart.

Each game is checked in a process of its own: a warm-up then a few moves of every level, a hint, an
analysis (and Hex's connections overlay), after which no kernel may have a signature the warm-up
did not give it, nor have been compiled rather than loaded from the cache folder (numba's cache
misses: a fresh process that compiled again what the cache held).  Hex is checked on 11x11 and
19x19 too, whose players and analyses pass the kernels other board tables and bounds."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ai.kernels as kernels

ROOT = Path(__file__).resolve().parent.parent

# Kernels no game runs, so no warm-up compiles them, with who does run them.  Their docstrings say so.
NOT_IN_PLAY = {
    "ai.kernels.alquerque_tables.first_pass": "tools/build_alquerque_tables.py (build_table)",
    "ai.kernels.alquerque_tables.level_pass": "tools/build_alquerque_tables.py (build_table)",
    "ai.kernels.alquerque_tables.has_capture": "tools/build_alquerque_tables.py (level_pass)",
    "ai.kernels.hex_vc.edge_status": "tests/test_hex_vc.py (H-search against the exact solver)",
    "ai.kernels.reversi_patterns.feature_slots": "tools/reversi_train.py",
    "ai.kernels.reversi_patterns.pattern_value": "tests/test_reversi_patterns.py (packed_value's reference)",
}
# Python functions that call those kernels, themselves run only by the tools
TOOL_FUNCTIONS = {"build_table"}
GAME_OPTIONS = {"tictactoe": {"width": 15, "height": 15, "k": 5}, "hex": {"size": 9}}
PLIES = (0, 10, 30, 50, 70)  # the positions played from: the opening to the endgame


def game_kernels(game_id: str) -> dict:
    """The kernels (numba dispatchers) of ``game_id``'s kernel modules, by full name."""
    from numba.core.registry import CPUDispatcher

    found = {}
    for name, module in list(sys.modules.items()):
        short = name.rpartition(".")[2]
        if not name.startswith("ai.kernels.") or module is None or short.split("_")[0] != game_id:
            continue
        for kernel in vars(module).values():
            if isinstance(kernel, CPUDispatcher) and kernel.__module__ == name:
                found[f"{name}.{kernel.__name__}"] = kernel
    return found


def called_by_kernels(found: dict) -> set[str]:
    """The kernels another kernel calls: compiled into their callers, they need no signature of their own."""
    import inspect

    sources = {name: inspect.getsource(kernel.py_func) for name, kernel in found.items()}
    return {name for name in found
            if any(re.search(rf"\b{name.rpartition('.')[2]}\(", text) for other, text in sources.items() if other != name)}


class _Deadline:
    """A stop flag set ``seconds`` from now (an analysis runs until stopped)."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def is_set(self) -> bool:
        return time.monotonic() > self.end


def cache_misses(found: dict) -> dict[str, int]:
    """How many signatures each kernel of ``found`` (``game_kernels``) compiled in this process
    rather than loading them from the cache folder (numba's count of its cache misses)."""
    return {name: sum(kernel.stats.cache_misses.values()) for name, kernel in found.items()}


def play_after_warm_up(game_id: str, options: dict | None = None) -> dict[str, list[str]]:
    """In this (fresh) process: ``game_id``'s warm-up, then from a few positions moves of every
    level, a hint, an analysis and (Hex) the connections overlay, on ``options`` (``GAME_OPTIONS``
    by default).  Returns "uncompiled": the kernels the warm-up gave no signature that no kernel
    calls either, "in_play": the signatures that playing added, and "compiled": the kernels that
    playing compiled rather than loaded from the cache folder, each with its count."""
    import ai
    import games
    from ai.base import Limits
    from ai.move_values import analyse
    from tests.test_kernel_stages import play_random

    game = games.load(game_id, **(GAME_OPTIONS.get(game_id, {}) if options is None else options))
    kernels.warm_up(game_id)
    warmed = {name: set(kernel.signatures) for name, kernel in game_kernels(game_id).items()}
    missed = cache_misses(game_kernels(game_id))
    inner = called_by_kernels(game_kernels(game_id))
    for plies in PLIES:
        state = play_random(game, plies, seed=plies, captures=game_id == "alquerque")
        if state.is_terminal():
            continue
        for level in range(1, 6):
            ai.make_player(game_id, f"level-{level}", seed=1, options=dict(game.options)).choose(state, Limits(time=0.2))
        ai.make_player(game_id, "level-5", seed=2, options=dict(game.options)).choose(
            state, Limits(time=0.2, best=True))  # a hint
        analyse(state, game_id, _Deadline(0.5), None, seed=1)
        if game_id == "hex":  # the window's Connections overlay
            from ai.engines.hex_knowledge import analyse as connections

            connections(state)
    added = {name: sorted(str(sig) for sig in set(kernel.signatures) - warmed.get(name, set()))
             for name, kernel in game_kernels(game_id).items()}
    compiled = {name: count - missed.get(name, 0) for name, count in cache_misses(game_kernels(game_id)).items()}
    return {"uncompiled": sorted(name for name, sigs in warmed.items() if not sigs and name not in inner),
            "in_play": {name: sigs for name, sigs in added.items() if sigs},
            "compiled": {name: count for name, count in compiled.items() if count}}


def _in_fresh_process(game_id: str, options: dict | None = None) -> dict[str, list[str]]:
    code = f"import json; from tests.test_kernel_warm_ups import play_after_warm_up; " \
           f"print(json.dumps(play_after_warm_up({game_id!r}, {options!r})))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.parametrize("game_id", kernels.KERNEL_GAMES)
def test_playing_after_a_games_warm_up_compiles_no_kernel(game_id):
    """Rastros's solver called five kernels the warm-up never compiled, Hex's knowledge one, and
    Reversi's search its root (``search_root_with``) that the warm-up compiled only inside another
    kernel: each was compiled (or loaded) inside a move."""
    seen = _in_fresh_process(game_id)
    assert seen["in_play"] == {}
    assert seen["compiled"] == {}
    assert [name for name in seen["uncompiled"] if name not in NOT_IN_PLAY] == []


@pytest.mark.slow
@pytest.mark.parametrize("size", [11, 19])
def test_hex_on_its_usual_and_largest_boards_loads_every_kernel_it_plays_from_the_warm_up(size):
    """The warm-up runs the kernels on a 3x3 board; these sizes give them other board tables, and
    on 19x19 (where level-5 analyses no root) the analysis's and the Connections overlay's H-search
    gets the largest boards' bounds (``hex_vc.limits``).  An argument of another type there than
    the warm-up's (a read-only array for a writable one, another dtype on one board size) would be
    compiled again by every fresh process, the bundle's kernels (the warm-up's) lacking it too."""
    seen = _in_fresh_process("hex", {"size": size})
    assert seen["in_play"] == {}
    assert seen["compiled"] == {}


def _play_sources() -> list[Path]:
    """The program's files a game runs: ai/ (but its benchmarks) and ui/."""
    return [path for folder in ("ai", "ui") for path in sorted((ROOT / folder).rglob("*.py"))
            if "bench" not in path.relative_to(ROOT).parts]


@functools.cache
def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@functools.cache
def _parsed(path: Path):
    import ast

    return ast.parse(_source(path))


def _uses_module(tree, path: Path, module: str) -> bool:
    """Whether the file ``path`` (parsed: ``tree``) is ``module`` or imports it (by statement or by
    name: ``import_engine("ai.kernels.reversi_endgame")``)."""
    import ast

    if path == ROOT.joinpath(*module.split(".")).with_suffix(".py"):
        return True
    package, _, short = module.rpartition(".")
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module == module or node.module == package and any(
                alias.name == short for alias in node.names)):
            return True
        if isinstance(node, ast.Import) and any(alias.name == module for alias in node.names):
            return True
        if isinstance(node, ast.Constant) and node.value == module:
            return True
    return False


def _calls_outside(path: Path, kernel: str, skipped: set[str]) -> bool:
    """Whether ``path`` calls ``kernel`` (a full name) outside the functions named in ``skipped``
    (and its own definition): only a file that uses the kernel's module counts (Alquerque has a
    ``search_root`` too)."""
    import ast

    module, _, name = kernel.rpartition(".")
    if name not in _source(path):  # no call of it is written without its name: nothing to parse or walk
        return False
    tree = _parsed(path)
    if not _uses_module(tree, path, module):
        return False
    hidden = {id(node) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name in skipped | {name}
              for node in ast.walk(fn)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and id(node) not in hidden:
            callee = node.func
            if (callee.id if isinstance(callee, ast.Name) else getattr(callee, "attr", None)) == name:
                return True
    return False


@pytest.mark.parametrize("kernel", sorted(NOT_IN_PLAY))
def test_a_kernel_listed_as_run_by_no_game_is_called_by_none_of_its_code(kernel):
    """The list above excuses a kernel from the warm-ups: only while nothing a game runs calls it."""
    skipped = TOOL_FUNCTIONS | {k.rpartition(".")[2] for k in NOT_IN_PLAY}
    callers = [str(path.relative_to(ROOT)) for path in _play_sources() if _calls_outside(path, kernel, skipped)]
    assert callers == []
