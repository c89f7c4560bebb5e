"""tools/versus_revision.py runs the old tree's player in a process of its own: that process
keeps the folders the run was given, so the old tree's kernels go to the run's numba cache, not
the user's default one (bench2 found them compiled into ~/.cache with NUMBA_CACHE_DIR set)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ai
import ai.kernels
import games
import tools.versus_revision as versus_revision
from ai.match import GameResult
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


class StandIn:
    """A player that is never asked to move (the game is played by the test's ``play_one``)."""

    def choose(self, state, limits=None, progress=None):
        return next(iter(state.legal_moves()))

    def close(self) -> None:
        pass


@pytest.mark.parametrize("game_id, drawn", [("hex", ""), ("reversi", ", 0 draws")])
def test_the_score_names_draws_only_in_a_game_that_can_be_drawn(monkeypatch, capsys, game_id, drawn):
    """The tool's score line built its summary without the game's ``can_draw``: a Hex match said
    "0 draws" of what its rules never allow.  One game, won by the new player, with no old tree
    exported nor any search (stand-ins)."""
    monkeypatch.setattr(versus_revision, "export_revision", lambda rev: ROOT)
    monkeypatch.setattr(ai.kernels, "warm_up", lambda *args, **kwargs: None)
    monkeypatch.setattr(ai, "make_player", lambda *args, **kwargs: StandIn())
    monkeypatch.setattr(versus_revision, "RevisionPlayer", lambda *args, **kwargs: StandIn())

    def won_by_the_new_player(game, i, new, old, opening, seconds, history, summary, log) -> float:
        summary.add(GameResult(game.id, {}, list(summary.names), winner=0), 0)
        return 1.0

    monkeypatch.setattr(versus_revision, "play_one", won_by_the_new_player)
    versus_revision.main([game_id, "--rev", "HEAD", "--games", "1", "--player", "level-1"])
    score = capsys.readouterr().out.splitlines()[-2]
    assert score == f"new level-1 1 - 0 old level-1@HEAD{drawn} in 1 game"
