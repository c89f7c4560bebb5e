"""A league's file the window cannot open says why in the window's language, as a game file's
refusal does: a results log whose first line broke off said "not a tournament log (its first
line should be the tabuleiro-tournament-log header)", and a report of a game Tabuleiro has not
"not a tournament's results (unknown game 'chess'; games: tictactoe, hex, ...)", in English in a
Portuguese window, the games by their ids."""

from __future__ import annotations

import json

import pytest

from ai.commands.tournament import write_results
from tests.test_crosstable_forfeits import league
from tests.ui_helpers import drop, in_language


def _cut_log(tmp_path) -> str:
    """A league's results log whose header line breaks off (a copy cut short)."""
    base = tmp_path / "turma"
    write_results(league(), str(base))
    header = json.dumps({"format": "tabuleiro-tournament-log", "version": 1, "game": "tictactoe"})
    path = tmp_path / "cut.jsonl"
    path.write_text(header[:40], encoding="utf-8")
    return str(path)


def _chess_league(tmp_path) -> str:
    """A league's report whose game Tabuleiro does not have."""
    [report, *_rest] = write_results(league(), str(tmp_path / "turma"))
    data = json.loads(report.read_text(encoding="utf-8"))
    path = tmp_path / "chess.json"
    path.write_text(json.dumps({**data, "game": "chess"}), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("language", "said"), [
    ("en", {"cut.jsonl": "a tournament's log whose first line is cut short or damaged",
            "chess.json": "not a tournament's results (unknown game 'chess'; games: Tic-tac-toe, Hex,"}),
    ("pt", {"cut.jsonl": "o registo de um torneio cuja primeira linha está incompleta ou danificada",
            "chess.json": "não são os resultados de um torneio (jogo desconhecido 'chess'; jogos: Jogo do Galo, Hex,"}),
])
def test_a_league_file_refused_says_why_in_the_windows_language(app, tmp_path, language, said):
    files = {"cut.jsonl": _cut_log(tmp_path), "chess.json": _chess_league(tmp_path)}
    with in_language(app, language):
        for name, path in files.items():
            drop(app, path)
            shown = [str(m.text) for m in app.messages.current()]
            assert any(f"{name}: {said[name]}" in text for text in shown), (name, shown)  # the file named, not its path
