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


def _edited_league(tmp_path, name: str, edit) -> str:
    """A league's report whose header ``edit`` changed (a hand's edit), saved as ``name``."""
    [report, *_rest] = write_results(league(), str(tmp_path / "turma"))
    data = json.loads(report.read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("language", "said"), [
    ("en", {"lacks.json": "not a tournament's results (missing field 'players')",
            "nogames.json": "not a tournament's results (missing field 'games')",
            "kind.json": "not a tournament's results (field 'games_per_pair' should be a whole number above 0, "
                         "not 'two')"}),
    ("pt", {"lacks.json": "não são os resultados de um torneio (falta o campo 'players')",
            "nogames.json": "não são os resultados de um torneio (falta o campo 'games')",
            "kind.json": "não são os resultados de um torneio (o campo 'games_per_pair' devia ser um número inteiro "
                         "acima de 0, e não 'two')"}),
])
def test_a_league_files_missing_or_garbled_field_is_said_in_the_windows_language(app, tmp_path, language, said):
    """The reason in the brackets of "not a tournament's results (…)", a field missing or of the
    wrong kind, stayed English in the Portuguese sentence ("its header lacks 'players'"), a report
    without its games said Python's "KeyError: 'games'"."""
    files = {"lacks.json": _edited_league(tmp_path, "lacks.json", lambda data: data.pop("players")),
             "nogames.json": _edited_league(tmp_path, "nogames.json", lambda data: data.pop("games")),
             "kind.json": _edited_league(tmp_path, "kind.json", lambda data: data.update(games_per_pair="two"))}
    with in_language(app, language):
        for name, path in files.items():
            drop(app, path)
            shown = [str(m.text) for m in app.messages.current()]
            assert any(f"{name}: {said[name]}" in text for text in shown), (name, shown)


def test_every_kind_a_league_files_setting_should_be_is_translated():
    """Each setting's kind (ai.tournament_files.HEADER_FIELDS) is one the window translates."""
    from ai.tournament_files import HEADER_FIELDS
    from ui.words import HEADER_KINDS

    assert {expected for _valid, expected in HEADER_FIELDS.values()} <= set(HEADER_KINDS)
