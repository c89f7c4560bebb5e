"""What a bench that measures another copy of Tabuleiro sets up first (``--checkout``: an older
commit exported with ``git archive``, so that two versions are compared on one machine).

The copy's modules come first on the path, SDL's dummy drivers are chosen, and settings and data
go to scratch folders set by hand rather than by ``ui.bench.scratch_user_folders``, which the copy
may be older than.  Nothing of either copy is imported here: the bench imports the copy's once this
has run.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

THIS_CHECKOUT = Path(__file__).resolve().parent.parent


def add_checkout_argument(parser: argparse.ArgumentParser) -> None:
    """``--checkout DIR``: the copy to measure, this one by default."""
    parser.add_argument("--checkout", type=Path, default=THIS_CHECKOUT,
                        help="the copy of Tabuleiro to measure (default: this one)")


def measured_first(checkout: Path) -> None:
    """``checkout``'s modules before any other on the path, and a window on SDL's dummy drivers."""
    sys.path.insert(0, str(checkout.resolve()))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@contextmanager
def scratch_folders() -> Iterator[str]:
    """Settings and data in a scratch folder (yielded) for as long as the bench runs."""
    with tempfile.TemporaryDirectory(prefix="tabuleiro-bench-") as home:
        os.environ["TABULEIRO_CONFIG_DIR"], os.environ["TABULEIRO_DATA_DIR"] = f"{home}/config", f"{home}/data"
        yield home
