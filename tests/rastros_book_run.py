"""One fresh run of ``tools/rastros_book.py --size 7`` per test run, read by the tests that need it.

The run makes the 7x7 book again from the exact solver (28 s of a core in CI): its book, compared
with the shipped one (tests/test_rastros_book.py), and its hardness pass's count of each winner
position's winning moves, read by the check of the book's loser replies
(tests/test_rastros_hardest.py), which counted the same positions with the same solver call again
(35 million solver positions, 21 s).  Under xdist the first process to ask makes the run in the
folder the workers share (``tests.solved_facts.shared_folder``) and the others read its files."""

from __future__ import annotations

import shutil
from pathlib import Path

from ai import file_lock
from ai.engines import rastros_book as book
from tests.solved_facts import LOCK_WAIT

RUN_FOLDER = "rastros_book7_run"


def made_7x7_book(folder: Path) -> Path:
    """The folder of one fresh ``--size 7`` run, made in ``folder`` by the first process to ask:
    ``book7.npz`` (the book), ``book7.json`` (its checkpoint) and ``book7_hardness.json`` (the
    hardness pass's counts).  A run that failed is made again by the next test to ask, from
    nothing (the tool would resume from a checkpoint it finds)."""
    from tools import rastros_book as tool

    run = folder / RUN_FOLDER
    finished = run / "finished"
    with file_lock.held(folder / f".{RUN_FOLDER}.lock", wait=LOCK_WAIT):
        if not finished.exists():  # a run stopped half-way left its checkpoint: start afresh, not from it
            shutil.rmtree(run, ignore_errors=True)
            run.mkdir()
            assert tool.main(["--size", "7", "--out", str(run / "book7.npz"),
                              "--checkpoint", str(run / "book7.json")]) == 0
            finished.touch()
    return run


def winning_move_counts(run: Path) -> dict[book.Key, int]:
    """The run's hardness counts: each winner book position (its stored key) -> 1 when the book's
    move is its only winning move, 2 when another wins too (``tools.rastros_book.UNKNOWN`` when
    the proof was cut off)."""
    from tools import checkpoint as checkpoints
    from tools import rastros_book as tool

    path = run / "book7_hardness.json"
    return checkpoints.checked(checkpoints.load(path, (book.Key,)), tool.HARDNESS_SHAPE, path)["counts"]
