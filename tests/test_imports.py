"""Engine and kernel modules imported by several threads at once (``ai.imports``).

Threads importing different engines for the first time at once failed in most fresh processes
(``python tools/import_race.py --plain``): numba's circular imports handed one thread another's
half-run module.  The race is checked in fresh processes; every place that imports an engine off
the main thread or lazily is checked to go through ``import_engine`` (a spy), so none races the others.
"""

from __future__ import annotations

import ast
import threading
from pathlib import Path

import pytest

import ai
import ai.game_tree
import ai.imports
import ai.move_values
import ui.warm_start
import ui.worker_jobs
import ui.worker_process
from tools.import_race import MODULES, race_once


def test_three_threads_importing_engines_at_once_all_get_them():
    for _ in range(3):  # without the lock most fresh processes fail: three in a row all but never pass
        assert race_once(MODULES, plain=False) == []


def test_a_module_not_imported_yet_is_imported_under_the_lock(monkeypatch):
    held = []

    def import_module(name):
        held.append((name, ai.imports._LOCK._is_owned()))
        return ai

    monkeypatch.setattr(ai.imports.importlib, "import_module", import_module)
    assert ai.imports.import_engine("ai.engines.not_imported_yet") is ai
    assert held == [("ai.engines.not_imported_yet", True)]


class _RefusedLock:
    """Stands for the lock where taking it is a mistake."""

    def __enter__(self):
        raise AssertionError("an imported module waited for the import lock")

    def __exit__(self, *exc):
        return False


def test_a_module_imported_already_is_returned_without_the_lock(monkeypatch):
    monkeypatch.setattr(ai.imports, "_LOCK", _RefusedLock())
    assert ai.imports.import_engine("ai.base") is ai.base


@pytest.fixture
def imported(monkeypatch):
    """The modules each import site asks ``import_engine`` for (the spy imports them as it would)."""
    names: list[str] = []

    def spy(name):
        names.append(name)
        return ai.imports.import_engine(name)

    for site in (ai, ai.game_tree, ai.move_values, ui.warm_start, ui.worker_jobs, ui.worker_process):
        monkeypatch.setattr(site, "import_engine", spy)
    return names


def test_making_a_player_and_loading_kernels_go_through_the_lock(imported):
    with pytest.raises(ValueError, match="unknown player"):
        ai.make_player("tictactoe", "no-such-player")  # the engine's table read first
    ai.optional_module("ai.kernels.tictactoe")
    assert imported == ["ai.engines.tictactoe", "ai.kernels.tictactoe"]


def test_the_tree_builders_heuristics_go_through_the_lock(imported):
    for game_id in ("tictactoe", "reversi", "hex", "alquerque", "rastros", "trax"):
        ai.game_tree.course_heuristic(game_id)
    ai.game_tree.course_points("alquerque")
    assert [name.split(".")[1] for name in imported] == ["engines"] * 7
    assert {name.split(".")[2].split("_")[0] for name in imported} == {
        "tictactoe", "reversi", "hex", "alquerque", "rastros", "trax"}


def test_warm_starts_steps_go_through_the_lock(imported, monkeypatch):
    monkeypatch.setattr(ui.warm_start, "STEP_PAUSE", 0.0)
    warm = ui.warm_start.WarmStart(lambda: ["ai.engines.no_such_engine"])
    warm.start()
    assert warm.wait(60.0)
    assert imported == ["ai.engines.no_such_engine"]


def test_the_ai_workers_head_start_goes_through_the_lock(imported):
    from ai.kernels import KERNEL_GAMES

    ui.worker_process._import_engines()
    assert imported == [ai.engine_module(game_id) for game_id in KERNEL_GAMES]


def test_analysis_values_go_through_the_lock(imported):
    ai.move_values._solved_sizes()
    assert imported == ["ai.engines.hex_knowledge"]


def test_hexs_knowledge_stage_imports_its_kernels_through_the_lock(monkeypatch):
    """The AI worker's warm-up thread runs this stage while its job imports Hex's engine (which
    imports the same kernel modules through the lock): it imported them the plain way."""
    import ai.kernels.hex
    import ai.kernels.hex_inferior
    import ai.kernels.hex_vc

    names: list[str] = []
    for site in (ai.kernels.hex, ai.kernels.hex_vc, ai.kernels.hex_inferior):
        monkeypatch.setattr(site, "import_engine", lambda name: names.append(name) or ai.imports.import_engine(name))
    ai.kernels.hex.warm_up_knowledge()
    assert names == ["ai.kernels.hex_vc", "ai.kernels.hex", "ai.kernels.hex_inferior", "ai.kernels.hex", "ai.kernels.hex_pns"]


def test_the_about_pages_numba_version_is_imported_through_the_lock(monkeypatch):
    """A bundle keeps no package metadata: the About page (and a crash report's header) imported
    numba to read its version, on the window's thread, while warm start's thread imported engines
    through the lock."""
    import ui.about

    def no_metadata(name):
        raise ui.about.metadata.PackageNotFoundError(name)

    names: list[str] = []
    monkeypatch.setattr(ui.about.metadata, "version", no_metadata)
    monkeypatch.setattr(ui.about, "import_engine", lambda name: names.append(name) or ai.imports.import_engine(name))
    assert ui.about.library_version("numba") not in ("", "?")
    assert names == ["numba"]


def test_an_import_under_the_lock_can_import_through_it_again(monkeypatch):
    """An engine whose import imports another engine through the lock (a kernel module its kernels)."""
    real, inner = ai.imports.importlib.import_module, []

    def import_module(name):
        if name == "ai.engines.outer_engine":
            inner.append(ai.imports.import_engine("ai.engines.tictactoe_course"))
            return ai
        return real(name)

    monkeypatch.setattr(ai.imports.importlib, "import_module", import_module)
    thread = threading.Thread(target=ai.imports.import_engine, args=("ai.engines.outer_engine",), daemon=True)
    thread.start()
    thread.join(120.0)  # not a timing: a lock that is not re-entrant never lets it end
    assert not thread.is_alive()
    assert [module.__name__ for module in inner] == ["ai.engines.tictactoe_course"]


ROOT = Path(__file__).resolve().parent.parent
ENGINE_PACKAGES = ("ai.engines.", "ai.kernels.")  # their modules import numba, whose first import races
ONE_THREAD = ("ai/bench/",)  # benchmarks: ``main.py bench`` runs them in a process of their own, one thread
# numba's parts that the kernels' own helpers import while a kernel module is imported (under the
# lock: ``ai.kernel_compile.njit`` decorating it) or once one is (numba whole by then)
NUMBA_HELPERS = ("ai/kernels/__init__.py", "ai/kernel_compile.py", "ai/kernel_cache.py")


# what a file's source names if it imports a racing module or a module by name: the others need no parsing
RACING_WORDS = ("numba", *(package.rstrip(".") for package in ENGINE_PACKAGES), "import_module", "__import__")


def _racing(name: str, where: str = "") -> bool:
    numba = name == "numba" or name.startswith("numba.")
    return (numba and where not in NUMBA_HELPERS) or name.startswith(ENGINE_PACKAGES)


def _imported_names(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement imports, a package's submodules named in ``from`` included."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level or node.module is None:
        return []
    package = ROOT.joinpath(*node.module.split("."))
    return [node.module] + [f"{node.module}.{alias.name}" for alias in node.names
                            if package.joinpath(f"{alias.name}.py").exists()]


def _fixed_head(arg: ast.expr) -> str:
    """The part of a module name given to ``import_module`` that is known before it runs."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
        return arg.values[0].value
    return ""


def _plain_imports(path: Path) -> list[str]:
    """Where ``path`` imports an engine, a kernel module or numba the plain way once it runs (an
    import inside a function; ``importlib.import_module`` or ``__import__`` of such a module, or of
    a name not known before it runs): "file:line module"."""
    source, found = path.read_text(encoding="utf-8"), []
    if not any(word in source for word in RACING_WORDS):
        return found
    where = path.relative_to(ROOT).as_posix()
    nodes = list(ast.walk(ast.parse(source)))
    functions = [(n.lineno, n.end_lineno) for n in nodes if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    for node in nodes:  # an import within a function's lines is in its body (one walk, not one a function)
        if isinstance(node, ast.Import | ast.ImportFrom) and any(start <= node.lineno <= end for start, end in functions):
            found += [f"{where}:{node.lineno} {name}" for name in _imported_names(node) if _racing(name, where)]
    for node in nodes:
        called = node.func if isinstance(node, ast.Call) else None
        name = getattr(called, "attr", None) or getattr(called, "id", None)
        if name in ("import_module", "__import__") and node.args:
            head = _fixed_head(node.args[0])
            if not head.endswith(".") or _racing(head, where):
                found.append(f"{where}:{node.lineno} {ast.unparse(node.args[0])}")
    return sorted(set(found))


def test_engines_kernels_and_numba_are_imported_only_through_the_lock():
    """An engine or kernel module imported inside a function (a warm-up stage on the worker's
    warm-up thread, a search's fallback on the job's) took no lock, while the other thread imported
    through it: Hex's knowledge stage imported H-search's kernels so while a job imported Hex's
    engine, and the About page imported numba while warm start's thread did.  Every such import
    goes through ``import_engine``; only ``ai/imports.py`` imports them the plain way."""
    files = [path for path in sorted((ROOT / "ai").rglob("*.py")) + sorted((ROOT / "ui").rglob("*.py"))
             if not path.relative_to(ROOT).as_posix().startswith(ONE_THREAD) and path.name != "imports.py"]
    assert [found for path in files for found in _plain_imports(path)] == []
