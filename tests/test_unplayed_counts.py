"""The counts of a league's games say the games played apart from those never played (forfeits
without play: a withdrawal's, a player's that could not be started), as the window's progress
bar and the report's heading do: the message on opening a league's file, FILE.txt's "in
progress" and "stopped early" notes, and the terminal progress bar's forfeits counted them as
games played."""

from __future__ import annotations

import pytest

from ai.commands.tournament import write_results
from tests.test_crosstable_forfeits import league
from tests.ui_helpers import drop, in_language


@pytest.mark.parametrize(("language", "counted"), [
    ("en", "turma.json: 3 of 6 games played, 3 not played (forfeited or annulled), 0 left; click a result"),
    ("pt", "turma.json: 3 de 6 jogos jogados, 3 não jogados (perdidos por falta ou sem efeito), 0 por jogar; "
           "clique num resultado"),
])
def test_opening_a_leagues_file_says_its_games_played_and_those_never_played_apart(app, tmp_path, language, counted):
    """A league of 6 games, 3 never played (two a file could not start, one a withdrawal's),
    dropped on the window: its message said "turma.json: 6 of 6 games", as if all were played."""
    path = write_results(league(), str(tmp_path / "turma"))[0]
    with in_language(app, language):
        drop(app, path, frames=3)
        said = [m.text for m in app.scene.messages.items]
    assert any(text.startswith(counted) for text in said), said
