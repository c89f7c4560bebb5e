"""Our engine as an outside player loads the app's compiled kernels instead of compiling them
(``ai.kernel_seed``), and never writes into the app's cache folder.

An outside engine gets a new temporary HOME, so ``main.py gtp`` in a tournament found no compiled
kernels and compiled its game's at every start (12 to 29 s before a 7x7 Hex game's first move).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from ai.kernel_folders import KERNELS, folder_name
from ai.kernel_seed import SEED_VARIABLE, game_modules, seed_kernels
from ai.kernels import cache_dir

ROOT = Path(__file__).resolve().parent.parent
TICTACTOE_5 = ["--option", "width=5", "--option", "height=5", "--option", "k=4"]  # a board the kernels search


def _kernel_files(folder: Path) -> dict[str, tuple[int, int]]:
    """Every compiled file under ``folder``: its size and modification time."""
    return {str(path.relative_to(folder)): (path.stat().st_size, path.stat().st_mtime_ns)
            for path in sorted(folder.rglob("*.nb[ci]"))}


def _app_cache_with_tictactoe(folder: Path) -> Path:
    """A cache folder holding the Tic-tac-toe kernels compiled for these sources (copied from the
    checkout's, which the test session compiles first)."""
    name = folder_name(KERNELS / "tictactoe.py")
    shutil.copytree(cache_dir() / name, folder / name)
    return folder


def test_our_gtp_engine_in_a_match_loads_its_kernels_and_leaves_the_apps_cache_as_it_was(tmp_path):
    """A match with ``gtp:python main.py gtp tictactoe`` as an outside player: the engine's log
    (its standard error, kept in TABULEIRO_BOT_LOGS when it wrote anything) would say "compiled 17
    engine kernels: they were not in <its temporary HOME's cache>", as it did at every start
    before; it says nothing, and no file of the app's cache folder was added or changed."""
    app_cache = _app_cache_with_tictactoe(tmp_path / "app-cache")
    before = _kernel_files(app_cache)
    logs = tmp_path / "logs"
    engine = f"gtp:{sys.executable} {ROOT / 'main.py'} gtp tictactoe {' '.join(TICTACTOE_5)}"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(app_cache), TABULEIRO_BOT_LOGS=str(logs))
    env.pop(SEED_VARIABLE, None)
    done = subprocess.run([sys.executable, "main.py", "match", "tictactoe", engine, "level-1", *TICTACTOE_5,
                           "--games", "1", "--time", "0.1", "--json"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert len([json.loads(line) for line in done.stdout.splitlines()]) == 1
    said = "".join(path.read_text(encoding="utf-8", errors="replace") for path in logs.glob("*.log"))
    assert "compiled" not in said, said
    assert _kernel_files(app_cache) == before


def test_kernels_copied_from_the_seed_are_loaded_not_compiled(tmp_path):
    """A process whose own cache folder is empty, given the app's in ``TABULEIRO_KERNEL_SEED``,
    loads every Tic-tac-toe kernel (numba's cache hits) and compiles none (its misses)."""
    app_cache = _app_cache_with_tictactoe(tmp_path / "app-cache")
    script = ("import sys\n"
              "from ai import kernels\n"
              "from ai.commands.engines import kernels_compiled\n"
              "from ai.kernel_seed import seed_kernels\n"
              "seed_kernels('tictactoe', kernels.cache_dir())\n"
              "kernels.warm_up('tictactoe')\n"
              "from numba.core.registry import CPUDispatcher\n"
              "from ai.kernels import tictactoe\n"
              "hits = sum(sum(k.stats.cache_hits.values()) for k in vars(tictactoe).values()\n"
              "           if isinstance(k, CPUDispatcher))\n"
              "print(hits, kernels_compiled())\n")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "own"), **{SEED_VARIABLE: str(app_cache)})
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    hits, compiled = map(int, done.stdout.split())
    assert hits > 0 and compiled == 0


def test_a_kernel_is_copied_whole_with_its_own_data_and_only_when_missing(tmp_path):
    """Each kernel's index comes with its data files from the same folder, never beside another
    folder's index; a kernel the cache has is kept; the seed folder is only read."""
    folder = folder_name(KERNELS / "rastros.py")
    seed, cache = tmp_path / "seed" / folder, tmp_path / "cache" / folder
    seed.mkdir(parents=True)
    cache.mkdir(parents=True)
    for name in ("rastros.solve-10.py311.nbi", "rastros.solve-10.py311.1.nbc", "rastros.solve-10.py311.2.nbc",
                 "rastros.moves-40.py311.nbi", "rastros.moves-40.py311.1.nbc"):
        (seed / name).write_bytes(b"seed " + name.encode())
    (cache / "rastros.moves-40.py311.nbi").write_bytes(b"own index")
    before = _kernel_files(tmp_path / "seed")

    assert seed_kernels("rastros", tmp_path / "cache", tmp_path / "seed") == 1
    assert sorted(p.name for p in cache.iterdir()) == ["rastros.moves-40.py311.nbi", "rastros.solve-10.py311.1.nbc",
                                                       "rastros.solve-10.py311.2.nbc", "rastros.solve-10.py311.nbi"]
    assert (cache / "rastros.moves-40.py311.nbi").read_bytes() == b"own index"
    assert (cache / "rastros.solve-10.py311.2.nbc").read_bytes() == b"seed rastros.solve-10.py311.2.nbc"
    assert _kernel_files(tmp_path / "seed") == before
    assert seed_kernels("rastros", tmp_path / "cache", tmp_path / "cache") == 0  # its own folder: nothing
    assert seed_kernels("rastros", tmp_path / "cache", tmp_path / "nowhere") == 0


def test_a_copy_cut_short_leaves_no_index_and_the_next_copies_the_kernel_whole(tmp_path, monkeypatch):
    """A copy that fails on a data file (a full disk; a process ended there leaves the same) puts
    no index beside the data it copied, so numba compiles the kernel instead of loading another
    build's data for it, and the next seeding copies it again, whole: not the index alone beside
    the data file the user's folder had of its own."""
    from ai import kernel_seed

    seed, cache = tmp_path / "seed", tmp_path / "cache"
    seed.mkdir()
    cache.mkdir()
    for name in ("hex.solve-10.py311.nbi", "hex.solve-10.py311.1.nbc", "hex.solve-10.py311.2.nbc"):
        (seed / name).write_bytes(b"seed " + name.encode())
    (cache / "hex.solve-10.py311.2.nbc").write_bytes(b"own")  # the user's compile of it, cut short
    copy = shutil.copyfile

    def disk_full_at_the_second_data_file(source, target):
        if Path(source).name == "hex.solve-10.py311.2.nbc":
            raise OSError(28, "No space left on device")
        return copy(source, target)

    monkeypatch.setattr(kernel_seed.shutil, "copyfile", disk_full_at_the_second_data_file)
    assert kernel_seed.seed_folder(seed, cache) == 0
    assert sorted(path.name for path in cache.iterdir()) == ["hex.solve-10.py311.1.nbc",  # no index, no temporary
                                                             "hex.solve-10.py311.2.nbc"]

    monkeypatch.setattr(kernel_seed.shutil, "copyfile", copy)
    assert kernel_seed.seed_folder(seed, cache) == 1
    assert {path.name: path.read_bytes() for path in cache.iterdir()} == {
        path.name: path.read_bytes() for path in seed.iterdir()}


def test_a_games_modules_are_its_own_and_its_helpers():
    assert [path.stem for path in game_modules("hex")] == ["hex", "hex_inferior", "hex_pns", "hex_templates", "hex_vc"]
    assert [path.stem for path in game_modules("rastros")] == ["rastros"]


def test_a_bot_is_given_the_apps_cache_to_copy_from_never_as_its_own(tmp_path):
    """The bot's numba writes in its own HOME's cache: the app's folder is named only to be read."""
    from ai.outside_process import minimal_environment

    env = minimal_environment(str(tmp_path))
    assert env[SEED_VARIABLE] == str(cache_dir())
    assert "NUMBA_CACHE_DIR" not in env and env["HOME"] == str(tmp_path)
