"""Two or three threads importing engine modules at once, numba's first import among them.

    python tools/import_race.py                  # 20 fresh processes, the window's race
    python tools/import_race.py --runs 50 --plain ai.engines.tictactoe ai.engines.hex

Each run is a fresh process (nothing of ``ai.engines``, ``ai.kernels`` or numba imported yet) whose
threads, released together by a barrier, import one module each: by default the tree builder's
(``ai.engines.tictactoe``), the evaluation graph's (``ai.engines.hex``) and warm start's
(``ai.engines.reversi``).  Through ``ai.imports.import_engine`` (the default) the imports take turns;
``--plain`` imports with ``importlib.import_module`` as the window did before, where Python's
per-module import locks let one thread see another's half-initialised module (numba's circular
imports): ``ImportError: cannot import name ...`` or ``partially initialized module``.

Printed: the failed runs out of the runs, and each distinct failure.  Exits with status 1 if any failed.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tools.usage, when run as a script

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

MODULES = ("ai.engines.tictactoe", "ai.engines.hex", "ai.engines.reversi")

RACE = r"""
import importlib, sys, threading
sys.path.insert(0, sys.argv[1])
plain, names = sys.argv[2] == "plain", sys.argv[3:]
if plain:
    load = importlib.import_module
else:
    from ai.imports import import_engine as load
barrier = threading.Barrier(len(names))
failures = []

def run(name):
    barrier.wait()
    try:
        load(name)
    except Exception as exc:
        failures.append(f"{type(exc).__name__}: {exc}")

threads = [threading.Thread(target=run, args=(name,)) for name in names]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
for failure in failures:
    print(failure)
"""


def race_once(modules: tuple[str, ...], plain: bool) -> list[str]:
    """One fresh process's failures (empty when every thread imported its module)."""
    done = subprocess.run([sys.executable, "-c", RACE, str(ROOT), "plain" if plain else "locked", *modules],
                          capture_output=True, text=True, timeout=600, check=False)
    failures = done.stdout.splitlines()
    if done.returncode != 0:
        failures.append(f"exit status {done.returncode}: {done.stderr.strip()[-300:]}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="no file",
        prints="each failed run and the count",
        takes="about 1 s a run (23 s for the default 20)"))
    parser.add_argument("modules", nargs="*", default=list(MODULES), help="one thread each")
    parser.add_argument("--runs", type=int, default=20, help="fresh processes (default 20)")
    parser.add_argument("--plain", action="store_true", help="importlib.import_module, without the lock")
    args = parser.parse_args(argv)
    failed, seen = 0, Counter()
    for _ in range(args.runs):
        failures = race_once(tuple(args.modules), args.plain)
        failed += bool(failures)
        seen.update(failures)
    print(f"{failed} of {args.runs} runs failed")
    for failure, count in seen.most_common():
        print(f"  {count} x {failure}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
