"""tools/versus_revision.py runs the old tree's player in a process of its own: that process
keeps the folders the run was given, so the old tree's kernels go to the run's numba cache, not
the user's default one (bench2 found them compiled into ~/.cache with NUMBA_CACHE_DIR set)."""

from __future__ import annotations

from pathlib import Path

import games
from tools.versus_revision import ROOT, RevisionPlayer, old_tree_environment


def test_the_old_trees_process_keeps_the_runs_folders(monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("TABULEIRO_CONFIG_DIR", raising=False)
    env = old_tree_environment(Path("/old/tree"))
    assert env["PYTHONPATH"] == "/old/tree"
    assert env["NUMBA_CACHE_DIR"] == str(tmp_path / "numba") and env["TABULEIRO_DATA_DIR"] == str(tmp_path / "data")
    assert "TABULEIRO_CONFIG_DIR" not in env


def test_the_old_trees_player_has_moved_before_its_first_clock():
    """Its process made a move at depth 1 from the start as it began (``RevisionPlayer._warm_up``):
    the imports it paid at its first timed move lost it most games on time on a busy machine.
    This tree stands in for the old one."""
    game = games.load("trax", size=7)
    old = RevisionPlayer(ROOT, game, "level-5", seed=1, history=[])
    try:
        assert game.parse_move(game.initial_state(), old.warm_up_move) in game.initial_state().legal_moves()
    finally:
        old.close()
