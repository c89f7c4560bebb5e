"""A league's tables dropped on the window (``main.py league ... --out FILE``'s FILE.txt, FILE.md,
FILE.html, FILE.csv and FILE-standings.csv) open the league written beside them on the tournament
screen, as its FILE.jsonl does: the window read them as move lists and said "its first line should
name the game (... Alquerque ...), not 'Alquerque round robin: ...'"."""

from __future__ import annotations

import pytest

from ai.commands.tournament import write_results
from ai.match import GameResult
from ai.tournament import Tournament
from ai.tournament_standings import Summary, standings
from tests.ui_helpers import drop
from ui.scenes.records import RecordsScene
from ui.scenes.tournament import TournamentScene

PLAYERS = ["level-1", "level-2"]


def league_written(folder) -> dict[str, str]:
    """A finished Alquerque league of two levels, a game each way, written as ``--out`` writes
    it: the paths by their ends ("json", "csv", "standings.csv", "txt", "md", "html")."""
    results = [GameResult("alquerque", {}, PLAYERS, ["b2-c3", "d4xb2"], 1, None, "White has no pieces left", False),
               GameResult("alquerque", {}, PLAYERS[::-1], ["b2-c3"], None, None, "Draw", False)]
    summary = Summary("alquerque", {}, PLAYERS, 1, 0.1, 1, 1, 0.5, False, standings(PLAYERS, results), results, [1, 2])
    paths = write_results(summary, str(folder / "league"))
    return dict(zip(["json", "csv", "standings.csv", "txt", "md", "html"], map(str, paths)))


@pytest.mark.parametrize("table", ["txt", "md", "html", "csv", "standings.csv"])
def test_a_leagues_table_dropped_opens_its_league(app, tmp_path, table):
    app.show_saved_games()
    app.run_frames(2)
    drop(app, league_written(tmp_path)[table], frames=3)
    assert isinstance(app.scene, TournamentScene), [m.text for m in app.messages.items]
    assert not [m for m in app.messages.items if m.kind == "error"], [m.text for m in app.messages.items]
    assert sorted(app.scene.tournament.player_ids) == PLAYERS
    assert len(app.scene.tournament.results) == 2


def test_a_move_list_beside_a_game_record_of_its_name_is_still_read_as_a_move_list(app, tmp_path):
    """Only a league's results beside a table open: a move list saved as game.txt beside the
    game's own record game.json is the move list it always was."""
    (tmp_path / "game.json").write_text('{"format": "tabuleiro-record"}', encoding="utf-8")
    (tmp_path / "game.txt").write_text("Alquerque\nb2-c3 d4xb2\n", encoding="utf-8")
    assert Tournament.results_beside(tmp_path / "game.txt") == tmp_path / "game.json"
    app.show_saved_games()
    app.run_frames(2)
    drop(app, tmp_path / "game.txt", frames=3)
    assert not isinstance(app.scene, (TournamentScene, RecordsScene)), [m.text for m in app.messages.items]
    assert app.scene.record.moves == ["b2-c3", "d4xb2"]
