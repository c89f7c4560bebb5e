"""Compile every engine kernel for the architecture's portable CPU model into a cache folder.

    .venv/bin/python tools/compile_kernels.py FOLDER [--seed FOLDER]

The desktop bundle ships these (packaging/tabuleiro.spec compiles them into its work folder), and
CI's test suite loads them too: .ci/run compiles them once before the tests, into the checkout's
numba cache (the tests then load them as a bundle on another CPU does, ``ai.kernel_cache``), and the
bundle's build starts from that folder (``--seed``, the spec's ``TABULEIRO_KERNELS_COMPILED``)
instead of compiling every kernel again, a minute or two of both cores.  Only the seed's folders
of these very sources are copied (``ai.kernel_folders.folder_name``: another version's are left
out), and the compile runs after the copy all the same: what the seed lacks is compiled, what it
holds is loaded, so the folder ends the same either way.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.kernel_cache import portable_environment  # noqa: E402
from ai.kernel_folders import folder_name  # noqa: E402
from ai.kernels import compile_groups, kernel_modules  # noqa: E402
from tools.usage import tool_parser, writes_and_takes  # noqa: E402


def seeded(folder: Path, seed: Path) -> list[str]:
    """Copy into ``folder`` each kernel module's compiled folder of ``seed`` made from the present
    sources; the names of those copied."""
    copied = []
    for module in kernel_modules():
        name = folder_name(ROOT / "ai" / "kernels" / f"{module}.py")
        if (seed / name).is_dir() and not (folder / name).exists():
            shutil.copytree(seed / name, folder / name)
            copied.append(name)
    return copied


def compile_portable(folder: Path, seed: Path | None = None) -> None:
    """Compile (or load, where ``seed`` has them) every game's kernels into ``folder`` for the
    portable CPU model, one process per core (``ai.kernels.compile_groups``); SystemExit if one fails."""
    folder.mkdir(parents=True, exist_ok=True)
    if seed is not None:
        print(f"compile_kernels: {len(seeded(folder, seed))} kernel folders taken from {seed}", file=sys.stderr)
    if not portable_environment():
        print("no portable CPU model for this architecture: the kernels are compiled for this CPU", file=sys.stderr)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(folder), **portable_environment())
    compiling = [
        subprocess.Popen([sys.executable, "-c", f"import ai.kernels as k\nfor g in {group!r}: k.warm_up(g)"],
                         cwd=ROOT, env=env)
        for group in compile_groups(os.cpu_count() or 1)
    ]
    if any(process.wait() for process in compiling):
        raise SystemExit("compiling the engine kernels failed")


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(writes="FOLDER (numba's cache files)",
                                                   takes="a minute or two on 2 cores; seconds with --seed"))
    parser.add_argument("folder", type=Path, help="the numba cache folder to compile into")
    parser.add_argument("--seed", type=Path, help="a cache folder whose kernels of these sources are copied first")
    args = parser.parse_args(argv)
    compile_portable(args.folder, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
