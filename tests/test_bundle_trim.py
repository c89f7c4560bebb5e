"""What the desktop bundle leaves out and strips (packaging/bundle_trim.py), checked on the sources.

The bundle itself is built and run by .ci/build-app (minutes), which also fails when one of its runs
tries to import a module left out as never imported.  Here, in fresh processes: the app's modules
import none of those, and the app (window, AI worker, tournament workers) still runs with every
left-out module made unimportable, as in the bundle.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
import bundle_trim  # noqa: E402 - packaging/ is a folder of scripts, put on the path above

IMPORT_EVERY_MODULE = """
import importlib, json, pkgutil, sys
before = set(sys.modules)
sys.path.insert(0, "ai/compat")  # the course's modules, on the path of a bot's process (ai.outside_child)
import main
for package in ("games", "ai", "ui"):
    for info in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        importlib.import_module(info.name)
import ai.kernels
ai.kernels.warm_up("rastros")  # numba imports more of itself when it loads or compiles kernels
print(json.dumps(sorted(set(sys.modules) - before)))
"""

# Put on PYTHONPATH as sitecustomize.py, so that the app and every process it starts (spawned
# workers, bots) find the left-out modules missing, as the bundle does.
LEAVE_OUT = """
import sys
EXCLUDES = {excludes!r}

class _LeftOut:
    def find_spec(self, name, path=None, target=None):
        if any(name == e or name.startswith(e + ".") for e in EXCLUDES):
            raise ModuleNotFoundError(f"No module named {{name!r}} (left out of the bundle)", name=name)
        return None

sys.meta_path.insert(0, _LeftOut())
"""


def test_no_module_of_the_app_imports_what_the_bundle_leaves_out_as_never_imported():
    proc = subprocess.run([sys.executable, "-c", IMPORT_EVERY_MODULE], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    imported = json.loads(proc.stdout.splitlines()[-1])
    left_out = {name: entry for name in imported if (entry := bundle_trim.covered_by(name, bundle_trim.NEVER_IMPORTED))}
    assert not left_out, f"imported, though packaging/bundle_trim.py says never: {left_out}"


@pytest.fixture
def without_left_out_modules(tmp_path) -> dict[str, str]:
    """An environment in which Python finds none of ``bundle_trim.EXCLUDES``, in child processes too."""
    (tmp_path / "sitecustomize.py").write_text(LEAVE_OUT.format(excludes=bundle_trim.EXCLUDES), encoding="utf-8")
    return dict(os.environ, PYTHONPATH=str(tmp_path), TABULEIRO_DATA_DIR=str(tmp_path / "data"),
                TABULEIRO_QUIT_AFTER_FRAMES="300")


# main.py, its window closed once the game shown has two moves: a fixed count of frames (5 s) was
# sometimes over on a loaded machine before the computer players' worker had made one.  The count
# of frames left is then only a bound, met if they never move.
CLOSED_AFTER_TWO_MOVES = """
import runpy, sys
from ui.app import App

frame = App.frame

def frame_then_close_after_two_moves(app):
    frame(app)
    if len(getattr(app.scene, "history", ())) >= 2 and app.running:
        print("two moves after", app.frames, "frames", flush=True)
        app.quit()

App.frame = frame_then_close_after_two_moves
sys.argv[0] = "main.py"
runpy.run_path("main.py", run_name="__main__")
"""


def test_the_window_plays_a_computer_game_without_what_the_bundle_leaves_out(without_left_out_modules):
    env = dict(without_left_out_modules, TABULEIRO_DEMO="game:reversi:pc-pc::0.1", TABULEIRO_QUIT_AFTER_FRAMES="12000")
    proc = subprocess.run([sys.executable, "-c", CLOSED_AFTER_TWO_MOVES], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    from ui.record_files import load

    files = sorted(Path(env["TABULEIRO_DATA_DIR"], "unfinished").glob("*.json"), key=os.path.getmtime)
    assert files and len(load(files[-1]).moves) >= 2, "the computer players made no moves"


def test_a_tournament_in_worker_processes_runs_without_what_the_bundle_leaves_out(without_left_out_modules):
    proc = subprocess.run([sys.executable, "main.py", "tournament", "rastros", "level-1", "level-2", "--games", "1",
                           "--jobs", "2", "--time", "0.05"], cwd=ROOT, env=without_left_out_modules,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Standings" in proc.stdout


def test_pygame_draws_its_own_font_without_pkg_resources(without_left_out_modules):
    """ui.text's fallback when the app's font files are missing: pygame finds its font through
    pkg_resources when it can, and must find the file in its own folder when it cannot."""
    draw = "import pygame; pygame.font.init(); print(pygame.font.Font(None, 20).render('Tabuleiro', True, (0, 0, 0)).get_width())"
    proc = subprocess.run([sys.executable, "-c", draw], env=without_left_out_modules, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert int(proc.stdout.split()[-1]) > 0


@pytest.mark.skipif(shutil.which("readelf") is None, reason="binutils (readelf) not installed")
def test_libraries_a_wheel_was_repaired_with_are_not_stripped():
    """strip on a library patchelf rewrote (auditwheel's) can leave it unloadable; numba's LLVM, a
    plain library, is the one worth stripping (tens of MB of symbols)."""
    site = Path(__import__("numpy").__file__).parent.parent
    repaired_lib = next((site / "numpy.libs").glob("*.so*"))
    repaired_module = next((site / "numpy" / "_core").glob("_multiarray_umath*.so"))
    plain = next((site / "llvmlite" / "binding").glob("libllvmlite*.so"))
    assert not bundle_trim.strippable(f"numpy.libs/{repaired_lib.name}", str(repaired_lib))
    assert not bundle_trim.strippable(f"numpy/_core/{repaired_module.name}", str(repaired_module))
    assert bundle_trim.strippable(f"llvmlite/binding/{plain.name}", str(plain))


def test_the_spec_finds_left_out_modules_and_extension_modules_by_name():
    toc = [("numba.cuda.api", "numba/cuda/api.py", "PYMODULE"), ("numbat", "numbat.py", "PYMODULE"),
           ("numba/np/ufunc/omppool.cpython-311-x86_64-linux-gnu.so", "x", "EXTENSION"),
           ("python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so", "x", "EXTENSION"),
           ("python3.11/lib-dynload/_hashlib.cpython-311-x86_64-linux-gnu.so", "x", "EXTENSION"),
           ("libssl.so.3", "x", "BINARY")]
    assert bundle_trim.excluded_in(toc) == ["numba.cuda.api", "numba/np/ufunc/omppool.cpython-311-x86_64-linux-gnu.so",
                                            "python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so"]
