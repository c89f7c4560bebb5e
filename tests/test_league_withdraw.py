"""A player withdrawn from a league under way (``--resume FILE --withdraw PLAYER``, the window's
Withdraw: tests/test_ui_tournament_withdraw.py): it plays no more, its games played stay in the
log, and they count as ``withdrawal_stands`` rules (at least half played: its results stand and
the games left are lost by forfeit; fewer: all its games are annulled)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from ai.commands.tournament import run_tournament
from ai.results_log import WITHDRAWN_VERSION
from ai.tournament import GameFinished, Tournament, withdrawal_stands

PLAYERS = ["level-1", "level-2", "level-3", "level-4"]  # level-3 plays games 3-4, 7-8 and 11-12 of 12


def stopped_league(out: Path, after: int) -> list[bytes]:
    """The league of PLAYERS logged in ``out``.jsonl, stopped after ``after`` games; its log's lines."""
    t = Tournament("tictactoe", PLAYERS, games_per_pair=1, time_per_move=0.05, seed=3, log=f"{out}.jsonl",
                   in_process=True)
    t.run(lambda event: t.cancel() if isinstance(event, GameFinished) and event.done >= after else None)
    assert len(t.results) == after
    return Path(f"{out}.jsonl").read_bytes().splitlines(keepends=True)


def resume(out: Path, players: list[str], **more) -> int:
    return run_tournament("tictactoe", players, {}, 1, 0.05, 1, None, 3, resume=str(out), **more)


@pytest.mark.parametrize(("played", "games", "stands"), [(3, 6, True), (2, 6, False), (6, 6, True), (0, 6, False)])
def test_results_stand_from_half_the_games_played(played, games, stands):
    assert withdrawal_stands(played, games) is stands


def test_a_player_withdrawn_before_half_its_games_has_them_all_annulled(tmp_path, capsys):
    """Removing a player from a league was refused (its file deleted, the league was "another
    tournament"); withdrawn after 2 of its 6 games, left out of the players, its games are annulled:
    counted for no one, kept in the log and the files, and the league plays on without it."""
    out = tmp_path / "turma"
    lines = stopped_league(out, 4)
    assert resume(out, ["level-1", "level-2", "level-4"], withdraw=["Level 3"], yes=True) == 0
    captured = capsys.readouterr()
    assert ("withdraw level-3: Level 3 has played 2 of its 6 games, fewer than half: all its games are annulled"
            in captured.err)
    assert "Level 3 withdrew after 2 of its 6 games: fewer than half, so all its games are annulled" in captured.out
    log = Path(f"{out}.jsonl").read_bytes().splitlines(keepends=True)
    header = json.loads(log[0])
    assert header["withdrawn"] == {"level-3": [2, 6]} and header["version"] == WITHDRAWN_VERSION
    assert log[1:5] == lines[1:]  # its games played stay in the log, as they were
    assert not any("level-3" in json.loads(line)["result"]["players"] for line in log[5:])  # it played no more
    report = json.loads(Path(f"{out}.json").read_text())
    standing = {s["player"]: s for s in report["standings"]}
    assert standing["level-3"]["games"] == 0 and standing["level-1"]["games"] == 4  # its 2 games against level-1
    rows = list(csv.DictReader(Path(f"{out}.csv").read_text(encoding="utf-8").splitlines()))
    theirs = [row for row in rows if "level-3" in (row["first"], row["second"])]
    assert len(theirs) == 6 and {row["result"] for row in theirs} == {"annulled"}
    assert {row["points_first"] for row in theirs} == {""}
    assert len(report["games"]) == 12 and not report["cancelled"]


def test_a_player_withdrawn_after_half_its_games_keeps_its_results_and_forfeits_the_rest(tmp_path, capsys):
    out = tmp_path / "turma"
    stopped_league(out, 8)
    assert resume(out, PLAYERS, withdraw=["level-3"], yes=True) == 0
    printed = capsys.readouterr().out
    assert "Level 3 withdrew after 4 of its 6 games: its results stand" in printed
    assert "Level 3, 2 games (11-12): withdrew from the league" in printed  # the forfeits' list
    standing = {s["player"]: s for s in json.loads(Path(f"{out}.json").read_text())["standings"]}
    assert standing["level-3"]["games"] == 6 and standing["level-3"]["forfeits"] == 2
    assert standing["level-4"]["games"] == 6  # its game 11 and 12 won by forfeit
    again = Tournament.from_files(Path(f"{out}.jsonl"))
    assert again.withdrawn == {"level-3": (4, 6)} and len(again.results) == 12 and not again.cancelled


def test_withdraw_asks_first_and_without_a_terminal_to_ask_on_withdraws_no_one(tmp_path, capsys):
    out = tmp_path / "turma"
    lines = stopped_league(out, 4)
    assert resume(out, PLAYERS, withdraw=["level-3"]) == 2
    assert "nothing withdrawn: add --yes to withdraw without being asked" in capsys.readouterr().err
    assert Path(f"{out}.jsonl").read_bytes().splitlines(keepends=True) == lines  # untouched, no game played
    assert resume(out, PLAYERS, withdraw=["level-9"], yes=True) == 2
    assert "--withdraw level-9 is no player of the league; its players: Level 1 (level-1)" in capsys.readouterr().err


def test_a_league_whose_games_left_were_a_withdrawn_players_is_over_and_not_offered_again(tmp_path, capsys):
    """Its log holds 10 of the 12 games, the other two settled by the withdrawal: the window must
    not offer it as an unfinished tournament to resume (there is nothing to play)."""
    from ui import tournament_logs

    out = tmp_path / "turma"
    stopped_league(out, 10)
    assert resume(out, PLAYERS, withdraw=["level-3"], yes=True) == 0
    assert "(stopped early" not in capsys.readouterr().out
    found = tournament_logs.read(Path(f"{out}.jsonl"))
    assert (found.done, found.total) == (12, 12)
    assert tournament_logs.newest_unfinished(tmp_path) is None


def test_a_late_bot_after_a_withdrawal_plays_no_game_against_the_withdrawn_player(tmp_path):
    """Its results stood (4 of its 6 games); a student's bot joining later adds two games against
    it, lost by forfeit as its other games left, and leaves the reckoning of half its games as it was."""
    out = tmp_path / "turma"
    stopped_league(out, 8)
    settings = {"games_per_pair": 1, "time_per_move": 0.05, "seed": 3, "log": f"{out}.jsonl", "resume": True}
    assert Tournament("tictactoe", PLAYERS, **settings).withdraw("level-3")
    late = Tournament("tictactoe", [*PLAYERS, "level-5"], **settings)
    assert late.joined == ["level-5"] and late.withdrawn == {"level-3": (4, 6)}
    assert not any("level-3" in late.ids_of(g) for g in late.pending())
    against = [late.results[g.number] for g in late.games_of("level-3") if "level-5" in late.ids_of(g)]
    assert len(against) == 2 and all(r.forfeit and r.players[r.winner] == "level-5" for r in against)


def test_on_a_terminal_withdraw_asks_and_no_withdraws_no_one(tmp_path, monkeypatch, capsys):
    from ai.commands.tournament import withdraw_players

    out = tmp_path / "turma"
    stopped_league(out, 4)
    t = Tournament("tictactoe", PLAYERS, games_per_pair=1, time_per_move=0.05, seed=3, log=f"{out}.jsonl", resume=True)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    asked = []
    assert not withdraw_players(t, ["level-3"], ask=lambda question: asked.append(question) or "n")
    assert asked == ["withdraw? [y/N] "] and not t.withdrawn
    assert "nothing withdrawn" in capsys.readouterr().err
    assert withdraw_players(t, ["level-3"], ask=lambda question: "y")
    assert t.withdrawn == {"level-3": (2, 6)}
