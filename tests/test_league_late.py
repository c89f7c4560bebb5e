"""A class league takes a student's bot that arrives late, and its results log is read as a stream:
the standings are kept as games come in (only the log's new lines are read)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from ai import results_log
from ai.commands.tournament import run_tournament
from ai.results_log import GROWN_VERSION, LogReader, LogReplaced, ResultsLog
from ai.tournament import Tournament
from ai.tournament_schedule import schedule
from ai.tournament_standings import Tally, standings

FAST = {"games_per_pair": 1, "time_per_move": 0.05, "seed": 4}  # the toy players of the tests: levels 1-3, 3x3


def _league(path: Path, players: list[str], **more) -> Tournament:
    return Tournament("tictactoe", players, log=str(path), **FAST, **more)


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


@pytest.mark.parametrize(("players", "first", "per_pair"), [(4, 2, 1), (5, 3, 2), (6, 5, 3)])
def test_a_grown_schedule_keeps_the_first_games_and_plays_every_pair_both_ways(players, first, per_pair):
    grown = schedule(players, per_pair, 7, started_with=first)
    before = schedule(first, per_pair, 7)
    assert grown[:len(before)] == before  # every game's number, players and seeds as they were
    assert [g.number for g in grown] == list(range(1, len(grown) + 1))
    assert len({g.seeds for g in grown}) == len(grown)
    pairs = Counter(g.players for g in grown)
    assert pairs == {(a, b): per_pair for a in range(players) for b in range(players) if a != b}


def test_a_late_player_joins_a_resumed_league_and_no_game_is_played_again(tmp_path):
    path = tmp_path / "turma.jsonl"
    _league(path, ["level-1", "level-2"]).run()
    played = _lines(path)
    late = _league(path, ["level-1", "level-3", "level-2"], resume=True)  # a folder's order: the late one inside
    assert late.joined == ["level-3"] and late.resumed == 2
    assert late.player_ids == ["level-1", "level-2", "level-3"]
    assert all("level-3" in late.ids_of(g) for g in late.pending()) and len(late.pending()) == 4
    late.run()
    lines = _lines(path)
    assert lines[1:3] == played[1:]  # the games played stay as they were written
    header = json.loads(lines[0])
    assert header["players"] == ["level-1", "level-2", "level-3"] and header["started_with"] == 2
    assert header["version"] == GROWN_VERSION
    assert sorted(json.loads(line)["number"] for line in lines[1:]) == list(range(1, 7))
    assert {s.player: s.games for s in late.standings()} == dict.fromkeys(late.player_ids, 4)
    for named in (["level-1", "level-2", "level-3"], ["level-3", "level-2", "level-1"]):  # a folder's order too
        again = _league(path, named, resume=True)
        assert not again.pending() and not again.joined and again.resumed == 6
        assert again.player_ids == ["level-1", "level-2", "level-3"]
    shown = Tournament.from_files(path)
    assert shown.player_ids == late.player_ids and len(shown.results) == 6 and not shown.cancelled


def test_a_late_player_is_refused_with_a_league_whose_other_settings_changed(tmp_path):
    path = tmp_path / "turma.jsonl"
    _league(path, ["level-1", "level-2"]).run()
    with pytest.raises(ValueError, match="another tournament.*--seed 4 in the log, 5 now"):
        Tournament("tictactoe", ["level-1", "level-2", "level-3"], log=str(path), resume=True,
                   **{**FAST, "seed": 5})


def test_the_command_line_takes_a_late_bot_with_resume_and_says_so(tmp_path, capsys):
    out = str(tmp_path / "turma")
    players = ["level-1", "level-2", "level-3"]
    assert run_tournament("tictactoe", players[:2], {}, 2, 0.05, 1, out, 4) == 0
    # the same command again, with --resume and the late bot among its players
    assert run_tournament("tictactoe", players, {}, 2, 0.05, 1, None, 4, resume=out) == 0
    err = capsys.readouterr().err
    assert "resuming" in err and "4 of 12 games already played" in err
    assert "level-3 joins the league late: 8 games against the 2 players before it; the games played stay" in err
    report = json.loads(Path(out + ".json").read_text())
    assert report["resumed"] == 4 and len(report["games"]) == 12
    assert {s["player"]: s["games"] for s in report["standings"]} == dict.fromkeys(players, 8)
    shown = Tournament.from_files(out + ".json")  # the report dropped on the window: the late games are its own
    assert shown.player_ids == players and len(shown.results) == 12


def test_a_league_stopped_early_takes_a_late_player_after_its_own_games(tmp_path):
    path = tmp_path / "turma.jsonl"
    t = _league(path, ["level-1", "level-2", "level-3"])
    first_pending = t.pending()
    t.cancel()  # nothing played yet: a league whose first players still have games to play
    assert t.add_late_player("level-4") == 6
    assert t.pending()[:len(first_pending)] == first_pending and t.total == 12
    with pytest.raises(ValueError, match="in the tournament already"):
        t.add_late_player("level-4")


# -- the log read as a stream ----------------------------------------------------------------------
def test_the_log_is_read_a_line_at_a_time_never_whole(tmp_path, monkeypatch):
    path = tmp_path / "turma.jsonl"
    _league(path, ["level-1", "level-2", "level-3"]).run()

    def whole(*_args, **_kwargs):
        raise AssertionError("the log was read whole")

    monkeypatch.setattr(Path, "read_bytes", whole)
    monkeypatch.setattr(Path, "read_text", whole)
    header, done = ResultsLog.read(path)
    assert header["players"] == ["level-1", "level-2", "level-3"] and sorted(done) == list(range(1, 7))


@pytest.mark.parametrize("chunk", [7, 1 << 20])  # lines across the reads' chunks, and within one
def test_following_a_log_reads_only_its_new_lines_and_waits_for_a_line_being_written(tmp_path, monkeypatch, chunk):
    monkeypatch.setattr(results_log, "READ_CHUNK", chunk)
    path = tmp_path / "turma.jsonl"
    _league(path, ["level-1", "level-2", "level-3"]).run()
    lines = _lines(path)
    path.write_bytes(b"".join(lines[:3]) + lines[3][:30])  # game 3 still being written
    shown = Tournament.from_files(path)
    assert sorted(shown.results) == [1, 2] and shown.cancelled
    offset = shown.reader.offset
    assert offset == len(b"".join(lines[:3]))
    with path.open("ab") as f:
        f.write(lines[3][30:] + lines[4])
    assert shown.read_new_games() == 2 and sorted(shown.results) == [1, 2, 3, 4]
    assert shown.read_new_games() == 0
    with path.open("ab") as f:
        f.write(b"".join(lines[5:]))
    assert shown.read_new_games() == 2 and not shown.cancelled
    assert [(s.player, s.points, s.games) for s in shown.standings()] == \
        [(s.player, s.points, s.games) for s in standings(shown.player_ids, shown.finished())]


def test_a_log_written_anew_for_a_late_player_is_said_to_be_replaced(tmp_path):
    path = tmp_path / "turma.jsonl"
    _league(path, ["level-1", "level-2"]).run()
    reader = LogReader(path)
    assert len(list(reader.new_games())) == 2
    late = _league(path, ["level-1", "level-2", "level-3"], resume=True)
    late.cancel()  # the header is written anew as the log opens; no game played
    late.run()
    with pytest.raises(LogReplaced):
        reader.check_same_file()


def test_the_tally_counts_each_game_once_and_takes_one_back():
    t = Tournament("tictactoe", ["level-1", "level-2", "level-3"], **FAST)
    t.run()
    results = t.finished()
    tally = Tally(t.player_ids)
    for result in results:
        tally.add(result)
    fresh = [(s.player, s.rank, s.points, s.wins, s.losses, s.draws, round(s.elo, 6)) for s in tally.standings()]
    assert fresh == [(s.player, s.rank, s.points, s.wins, s.losses, s.draws, round(s.elo, 6))
                     for s in standings(t.player_ids, results)]
    tally.add(results[0], -1)
    assert sum(s.games for s in tally.standings()) == 2 * (len(results) - 1)


def _late_league_stopped_after_its_first_game(path: Path) -> Tournament:
    """level-1 and level-2's league played, then level-3 joined it and played one of its 4 games."""
    from ai.tournament_events import GameFinished

    _league(path, ["level-1", "level-2"]).run()
    late = _league(path, ["level-1", "level-2", "level-3"], resume=True)
    late.run(lambda event: late.cancel() if isinstance(event, GameFinished) else None)
    assert late.played_by("level-3") == 1
    return late


def test_a_late_players_games_still_to_play_are_said_under_the_standings(tmp_path):
    """A late bot's row read 0 points (of 0 or 1 games) at the foot of the table until the league's
    own games were done, as if it had lost everything: the report (and its Markdown) now say under
    the standings how many games it has still to play, and say nothing once it has played them."""
    from ai.commands.tournament import markdown_report, report
    from ai.tournament_standings import Summary

    late = _late_league_stopped_after_its_first_game(tmp_path / "turma.jsonl")
    said = "Level 3 joined late: 3 games still to play, after the others' games"
    summary = Summary.of(late)
    assert said in report(summary).split("Standings")[1]
    assert said in markdown_report(summary)
    assert late.go_on() and late.join(120) and not late.pending()
    assert "joined late" not in report(Summary.of(late)) and "joined late" not in markdown_report(Summary.of(late))
