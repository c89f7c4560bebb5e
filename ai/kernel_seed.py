"""Compiled kernels copied whole from another cache folder, which is only read: a bundle's shipped
kernels into the user's cache folder, and the app's into our engine's as an outside player.

A built bundle ships its kernels compiled (``ai.kernel_folders.SHIPPED``): the first use of a kernel
module copies into the user's cache folder the kernels of its shipped folder that the user's lacks
(``seed_folder``, called by ``ai.kernel_cache.KernelCacheLocator``).  It copied file by file, so a
half-filled folder (a seeding cut short, a kernel the folder had in part) could get a shipped index
beside the user's own data files, and numba would load code compiled for another index.

Tabuleiro starts every outside player with a new temporary folder as its HOME
(``ai.outside_process.minimal_environment``), so ``main.py gtp`` run as a tournament's outside
engine found nothing in its cache folder (``ai.kernels.cache_dir``, under that HOME) and compiled
its game's kernels at every start: 12 s before a 7x7 Hex game's first move on a quiet 2-core
machine, 24 to 29 s on a busy one (2 s with the copy), and more than a fast time control gives
when a forfeit has the engine start again inside a game.  Tabuleiro now
names its own cache folder in every bot's environment (``SEED_VARIABLE``, ``TABULEIRO_KERNEL_SEED``),
and ``main.py gtp`` copies from it, before loading anything, the game's compiled kernels that its
own cache folder lacks (``seed_kernels``); anyone starting the engine may set the variable too.

The folder named is only read.  It is not given to the bot as its ``NUMBA_CACHE_DIR``: numba's
cache files are pickles that the app loads and runs, and a bot given the app's folder as its cache
(a student's engine that uses numba, say) would write its own there, for the app's next start to
load.  What an engine compiles stays in its own cache folder, removed with its temporary folder.
(Bots run as the user, so this is no sandbox: docs/outside-players.md says what is not limited.)

A kernel is copied whole or not at all: its index (``.nbi``) with every data file (``.nbc``) of
its name, as numba numbers them in that index, each written under a temporary name and renamed
into place, the index last; the target's data files of that name which the source lacks (the
user's own, which no index there names) are removed first.  So an index in the target always
comes with its own folder's data, and a copy cut short leaves no index, for the next start to copy
again.  This module imports no numba, and no kernel module's sources include it
(``ai.kernel_folders.kernel_sources``): a change here compiles nothing again.
"""

from __future__ import annotations

import glob
import os
import shutil
import tempfile
from pathlib import Path

from ai.kernel_folders import KERNELS, folder_name

SEED_VARIABLE = "TABULEIRO_KERNEL_SEED"  # a cache folder whose compiled kernels are copied, never written


def game_modules(game_id: str) -> list[Path]:
    """The kernel modules of ``game_id``: ``ai/kernels/<game>.py`` and its ``<game>_*.py``."""
    return [path for path in sorted(KERNELS.glob(f"{game_id}*.py"))
            if path.stem == game_id or path.stem.startswith(f"{game_id}_")]


def seed_kernels(game_id: str, cache: Path, seed: str | os.PathLike | None = None) -> int:
    """Copy into the cache folder ``cache`` the compiled kernels of ``game_id`` that the folder
    ``seed`` (``SEED_VARIABLE``'s when None) has for these sources and ``cache`` lacks; how many
    kernels.  Nothing when no folder is named or it is ``cache`` itself; a kernel that cannot be
    read or copied is left to be compiled."""
    named = seed if seed is not None else os.environ.get(SEED_VARIABLE)
    if not named or _same_folder(Path(named), cache):
        return 0
    return sum(seed_folder(Path(named) / folder_name(module), cache / folder_name(module))
               for module in game_modules(game_id))


def seed_folder(source: Path, target: Path) -> int:
    """Copy into the kernel module's cache folder ``target`` each compiled kernel of the folder
    ``source`` (the same module's, for the same sources) whose index ``target`` lacks, whole
    (``_copy_kernel``); how many kernels.  A kernel that cannot be copied is left to be compiled."""
    copied = 0
    for index in sorted(source.glob("*.nbi")) if source.is_dir() else ():
        if not (target / index.name).exists():
            copied += _copy_kernel(index, target)
    return copied


def _same_folder(one: Path, other: Path) -> bool:
    try:
        return one.exists() and other.exists() and os.path.samefile(one, other)
    except OSError:
        return False


def _copy_kernel(index: Path, target: Path) -> int:
    """Copy the kernel whose index is ``index`` into ``target`` (made if need be), its data files
    first and its index last, the target's data files of its name that the source lacks removed
    before: 1, or 0 if it could not be copied (no index then, unless another process copied it)."""
    data = sorted(index.parent.glob(f"{glob.escape(index.stem)}.*.nbc"))
    try:
        target.mkdir(parents=True, exist_ok=True)
        for stray in set(target.glob(f"{glob.escape(index.stem)}.*.nbc")) - {target / path.name for path in data}:
            stray.unlink(missing_ok=True)
        for path in [*data, index]:
            _copy_into(path, target)
    except OSError:
        return 0
    return 1


def _copy_into(path: Path, folder: Path) -> None:
    """Copy ``path`` into ``folder`` under its name, through a temporary file renamed into place."""
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.")
    os.close(handle)
    try:
        shutil.copyfile(path, temporary)
        os.replace(temporary, folder / path.name)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
        raise
