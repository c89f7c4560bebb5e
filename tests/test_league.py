"""Leagues (#22): game clocks in the referee, the results log and --resume (after SIGKILL), Dask
tournaments equal to --jobs 1, broken files forfeiting, distinct display names."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import games
from ai import results_log
from ai.base import Player
from ai.commands.tournament import format_standings, run_tournament
from ai.match import BUDGET_SHARE, MOVES_AHEAD, GameClock, GameResult, move_budget, play_game
from ai.player_names import display_names
from ai.results_log import ResultsLog, log_path
from ai.tournament import Tournament
from ai.tournament_standings import standings
from tests.reap_helpers import Descendant, all_killed_if_left, descendants, left_running

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "tests" / "data" / "outside"


# -- clocks ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, initial, increment", [
    ("5m+2s", 300, 2), ("300+2", 300, 2), ("1m30s", 90, 0), ("90", 90, 0), ("0.5s+0.1s", 0.5, 0.1),
    ("1h", 3600, 0), (" 5m + 2s ", 300, 2),
])
def test_clock_text_is_parsed(text, initial, increment):
    clock = GameClock.parse(text)
    assert (clock.initial, clock.increment) == (initial, increment)
    assert GameClock.parse(clock.text) == clock  # the text it records reads back the same


@pytest.mark.parametrize("text", ["", "abc", "5x", "0", "+2", "5m+", "5m+2q"])
def test_bad_clock_text_is_refused_with_the_expected_form(text):
    with pytest.raises(ValueError, match="clock"):
        GameClock.parse(text)


def test_move_budget_shares_the_clock_and_never_risks_it():
    assert move_budget(300, 2) == pytest.approx(300 / MOVES_AHEAD + 2)
    assert move_budget(1.0, 2.0) == pytest.approx(BUDGET_SHARE * 1.0)  # the increment alone would flag
    assert move_budget(0, 5) == 0
    for remaining in (0.01, 0.3, 1, 10, 100, 1000):
        for increment in (0, 0.1, 2, 30):
            assert 0 < move_budget(remaining, increment) < remaining


class _Sleeper(Player):
    """Plays the first legal move after ``delay`` seconds of the referee's clock (a fake clock:
    exact, whatever the machine's load); records the limits it was given."""

    now = 0.0

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.limits = []

    def choose(self, state, limits=None, progress=None):
        self.limits.append(limits)
        _Sleeper.now += self.delay
        return state.legal_moves()[0]


@pytest.fixture
def fake_clock(monkeypatch):
    import types

    import ai.match

    monkeypatch.setattr(ai.match, "time", types.SimpleNamespace(perf_counter=lambda: _Sleeper.now))


def test_flag_fall_loses_and_the_clocks_are_recorded(fake_clock):
    game = games.load("tictactoe")
    slow, quick = _Sleeper(0.3), _Sleeper(0.25)
    r = play_game(game, [slow, quick], ["slow", "quick"], None, clock=GameClock(0.5, 0.1))
    # slow: 0.5 - 0.3 + 0.1 = 0.3 after its first move, then 0.3 - 0.3 + 0.1 = 0.1, then < 0
    assert r.winner == 1 and r.forfeit
    assert "slow lost on time at move 5: the flag fell (0.30 s spent with 0.10 s left on its 0.5s+0.1s clock)" in r.reason
    assert r.clock == "0.5s+0.1s"
    assert r.clock_left == pytest.approx([-0.2, 0.5 - 2 * 0.25 + 2 * 0.1])
    assert len(r.moves) == 4  # the move that flagged is not played
    assert [lim.remaining for lim in slow.limits] == pytest.approx([0.5, 0.3, 0.1])
    assert [lim.remaining for lim in quick.limits] == pytest.approx([0.5, 0.35])
    assert all(lim.increment == 0.1 for lim in slow.limits + quick.limits)
    assert [lim.time for lim in slow.limits] == pytest.approx([move_budget(x, 0.1) for x in (0.5, 0.3, 0.1)])
    assert json.loads(json.dumps(r.to_json()))["clock_left"] == r.clock_left


def test_clock_with_a_per_move_limit_caps_the_budget_and_plays_to_the_end(fake_clock):
    game = games.load("tictactoe")
    a, b = _Sleeper(0.0), _Sleeper(0.0)
    r = play_game(game, [a, b], ["a", "b"], 0.05, clock=GameClock(300, 2))
    assert not r.forfeit and game.play_line(r.moves).is_terminal()
    assert all(lim.time == 0.05 and lim.remaining >= 300 for lim in a.limits + b.limits)
    assert all(left > 300 for left in r.clock_left)  # every move credited 2 s, spent nothing


def test_a_slow_move_on_a_clock_still_forfeits_over_the_per_move_limit(fake_clock):
    game = games.load("tictactoe")
    r = play_game(game, [_Sleeper(0.7), _Sleeper(0.0)], ["slow", "quick"], 0.1, clock=GameClock(300, 2))
    assert r.forfeit and r.winner == 1 and "slow exceeded the time limit at move 1 (answered after 0.70 s; limit 0.1 s + 0.5 s grace)" in r.reason


def test_without_a_clock_nothing_changes(fake_clock):
    game = games.load("tictactoe")
    a = _Sleeper(0.0)
    r = play_game(game, [a, _Sleeper(0.0)], ["a", "b"], 1.0)
    assert r.clock is None and r.clock_left is None
    assert a.limits[0].time == 1.0 and getattr(a.limits[0], "remaining", None) is None


def test_tournament_on_a_clock_records_it_in_every_game():
    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=1, time_per_move=None, clock="10s+0.1s", seed=1)
    results = t.run()
    assert len(results) == 2 and all(r.clock == "10s+0.1s" and len(r.clock_left) == 2 for r in results)


# -- display names --------------------------------------------------------------------------------
def test_trax_students_are_told_apart_by_their_folders():
    ids = ["level-1", "class/ana/player.py:Player", "class/rui/player.py:Player", "bots/mine.py:j42"]
    names = display_names(ids)
    assert names == {"level-1": "level-1", "class/ana/player.py:Player": "ana/player.py:Player",
                     "class/rui/player.py:Player": "rui/player.py:Player", "bots/mine.py:j42": "mine.py:j42"}
    # a title the file gives is used; titles alike get the distinct path too
    titled = display_names(ids[1:3], {ids[1]: "Ana", ids[2]: "Rui"})
    assert titled == {ids[1]: "Ana", ids[2]: "Rui"}
    same = display_names(ids[1:3], {ids[1]: "Team", ids[2]: "Team"})
    assert same[ids[1]] == "Team (ana/player.py:Player)" and len(set(same.values())) == 2
    table = format_standings(standings(ids, [GameResult("trax", {}, [ids[1], ids[2]], winner=0)]), names)
    assert "ana/player.py:Player" in table and "rui/player.py:Player" in table


def test_every_students_entry_says_whose_it_is(tmp_path, capsys):
    """A choose bot showed as its folder (``ana``), but a class bot as ``jogador.py:Careful`` and a
    broken file as ``jogador.py``: the tables did not say whose they were."""
    bots = tmp_path / "bots"
    for student in ("ana", "rui", "bia", "eva"):
        (bots / student).mkdir(parents=True)
    (bots / "ana" / "jogador.py").write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")
    (bots / "rui" / "jogador.py").write_text("class Careful:\n    def choose(self, state):\n"
                                             "        return state.legal_moves()[-1]\n")
    (bots / "bia" / "jogador.py").write_text("def choose(game, state)\n")
    (bots / "eva" / "minimax.py").write_text("def choose(game, state):\n    return state.legal_moves()[1]\n")
    ids = [str(bots / "ana" / "jogador.py"), str(bots / "rui" / "jogador.py") + ":*", str(bots / "bia" / "jogador.py"),
           str(bots / "eva" / "minimax.py"), "level-1"]
    assert run_tournament("tictactoe", ids, {}, 1, 0.2, 1, str(tmp_path / "out"), 1) == 0
    names = json.loads((tmp_path / "out.json").read_text())["names"]
    assert names == {ids[0]: "ana", f"{bots / 'rui' / 'jogador.py'}:Careful": "rui:Careful", ids[2]: "bia",
                     ids[3]: "minimax", "level-1": "Level 1"}  # ours as the window names them
    assert "rui:Careful" in capsys.readouterr().out
    # the results log names them so too: the window shows a league from FILE.jsonl as the report does
    from ai.tournament import Tournament

    assert Tournament.from_files(tmp_path / "out.jsonl").names() == names


# -- broken files forfeit, the rest plays on --------------------------------------------------------
def test_a_broken_file_forfeits_its_games_and_the_others_play(tmp_path, capsys):
    broken = tmp_path / "broken.py"
    broken.write_text("def choose(game, state)\n    return 1\n")  # a syntax error
    code = run_tournament("tictactoe", ["level-1", str(broken) + ":*", "level-2"], {}, 1, 0.2, 1,
                          str(tmp_path / "out"), 1)
    assert code == 0
    err, out = capsys.readouterr().err, (tmp_path / "out.json").read_text()
    assert f"{broken} could not be loaded, so it forfeits all its games: SyntaxError: " in err
    data = json.loads(out)
    assert len(data["games"]) == 6
    for g in data["games"]:
        if str(broken) in g["players"]:
            assert g["forfeit"] and g["winner_name"] != str(broken)
            assert f"{broken} could not be started: SyntaxError: " in g["reason"] and g["reason"].count(str(broken)) == 1
        else:
            assert not g["forfeit"]
    assert {s["player"]: s["forfeits"] for s in data["standings"]}[str(broken)] == 4


@pytest.mark.parametrize("entry", ["{}:*", "{}"])
def test_the_log_a_broken_files_forfeits_name_is_kept_beside_the_results(tmp_path, entry):
    """The games' bots logged into FILE.bots beside the results, but a file that could not even
    be loaded named the log of its loading, left in the temporary folder (pruned after a week and
    on reboot): the one log that said why a student scored 0 was the one a teacher could lose."""
    from ai.outside_process import lasting_log_folder

    broken = tmp_path / "ursula" / "jogador.py"
    broken.parent.mkdir()
    broken.write_text("def choose(game, state)\n    return 1\n")  # a syntax error
    out = tmp_path / "league"
    assert run_tournament("tictactoe", ["level-1", entry.format(broken)], {}, 1, 0.2, 1, str(out), 1) == 0
    reasons = [g["reason"] for g in json.loads((tmp_path / "league.json").read_text())["games"]]
    logs = {reason.rsplit("; log: ", 1)[1] for reason in reasons}
    assert len(reasons) == 2 and len(logs) == 1
    log = Path(logs.pop())
    assert log.parent == lasting_log_folder(log_path(str(out))) and "SyntaxError" in log.read_text()


def test_definitions_only_reaches_the_outside_loader(monkeypatch, tmp_path):
    import ai
    import ai.outside

    seen = []

    def fake_loader(game_id, player_id, options=None, **loader):
        seen.append(loader)
        return ai.make_player(game_id, "level-1", seed=1)

    monkeypatch.setattr(ai.outside, "load_outside_player", fake_loader)
    bot = str(BOTS / "simple_contract.py")
    assert run_tournament("tictactoe", ["level-1", bot], {}, 1, 0.2, 1, None, 1, definitions_only=True) == 0
    assert len(seen) == 3 and seen[0] == {"definitions_only": True}  # the probe
    for kw in seen[1:]:  # both games, seeded (run_tournament's seed is 1): a seed each
        assert kw.pop("seed") is not None and kw == {"definitions_only": True}


RANDOM_BOTS = {  # our contract, moving at random: with random, and with numpy imported only when it moves
    "chance.py": "import random\n\ndef choose(game, state):\n    return random.choice(state.legal_moves())\n",
    "numpy_chance.py": "def choose(game, state):\n    import numpy\n    moves = state.legal_moves()\n"
                       "    return moves[int(numpy.random.randint(len(moves)))]\n",
}


@pytest.mark.parametrize("bot", sorted(RANDOM_BOTS))
def test_same_seed_same_games_with_outside_bots(tmp_path, bot):
    """A seeded tournament gives each outside player's process the seed of its game and side: the
    same games again, in any order (resumed, other workers); without a seed, as random as ever."""
    path = tmp_path / bot
    path.write_text(RANDOM_BOTS[bot])
    ids = [f"{path}:choose", str(path)]

    def moves(seed, order=(1, 2)):
        from ai.tournament_play import play_task

        t = Tournament("rastros", ids, games_per_pair=1, time_per_move=5, seed=seed)
        played = {n: play_task(t.task(t.schedule[n - 1])) for n in order}
        assert not any(r["forfeit"] for r in played.values()), [r["reason"] for r in played.values()]
        return [played[n]["moves"] for n in sorted(played)]

    first = moves(7)
    assert moves(7, order=(2, 1)) == first  # the order of play does not matter
    assert len({tuple(m) for m in first}) > 1  # each game has its own seeds
    assert moves(8) != first
    assert moves(None) != moves(None)  # unseeded: each run its own games


def test_same_seed_same_match_with_course_bots(capsys):
    """``main.py match ... --seed 1``: the course's alphabeta shuffles its moves with random."""
    from ai.commands.match import run_match

    def moves(seed):
        ids = (f"{BOTS / 'rastros_alunos.py'}:jogador42", f"{BOTS / 'rastros_alunos.py'}:jogador43")
        assert run_match("rastros", ids, {}, 2, 5, seed, True) == 0
        return [json.loads(line)["moves"] for line in capsys.readouterr().out.splitlines()]

    assert moves(1) == moves(1) == moves(1)


def test_same_seed_same_games_with_a_bot_that_iterates_a_set_of_strings(tmp_path, capsys):
    """String hashing was random in every bot process (``python -I`` ignores PYTHONHASHSEED): a bot
    choosing by a set of strings' order played other games under the same ``--seed``."""
    from ai.commands.match import run_match

    bot = tmp_path / "sets.py"
    bot.write_text("def choose(game, state):\n"
                   "    names = {game.format_move(state, m): m for m in state.legal_moves()}\n"
                   "    return names[next(iter(set(names)))]\n", encoding="utf-8")

    def moves(seed):
        assert run_match("tictactoe", (f"{bot}", "level-1"), {"width": 5, "height": 5, "k": 4}, 2, 5, seed, True) == 0
        return [json.loads(line)["moves"] for line in capsys.readouterr().out.splitlines()]

    first = moves(1)
    assert moves(1) == first
    assert any(moves(seed) != first for seed in (2, 3, 4))  # the order does depend on the seed


# -- the results log and --resume -------------------------------------------------------------------
def test_log_ignores_a_line_cut_short_and_refuses_another_tournament(tmp_path):
    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=2, time_per_move=0.2, seed=4,
                   log=str(tmp_path / "t.jsonl"))
    t.run()
    path = tmp_path / "t.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    assert len(lines) == 1 + 4
    path.write_bytes(b"".join(lines[:3]) + lines[3][:40])  # killed in the middle of game 3's line
    header, done = ResultsLog.read(path)
    assert sorted(done) == [1, 2] and header["players"] == ["level-1", "level-2"]
    again = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=2, time_per_move=0.2, seed=4,
                       log=str(path), resume=True, jobs=2)  # worker processes may finish it
    assert again.resumed == 2 and [g.number for g in again.pending()] == [3, 4]
    again.run()
    _, done = ResultsLog.read(path)
    assert sorted(done) == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="another tournament.*seed"):
        Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=2, time_per_move=0.2, seed=5,
                   log=str(path), resume=True)


def test_a_newer_versions_log_is_not_resumed_nor_offered_and_is_left_as_it_is(tmp_path):
    """A log a newer Tabuleiro wrote was taken up: this version's games went into it in the older
    form, after lines it could not fully read."""
    from ui.tournament_logs import newest_unfinished

    path = tmp_path / "t.jsonl"
    Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=2, time_per_move=0.2, seed=4, log=str(path)).run()
    lines = path.read_bytes().splitlines(keepends=True)
    header = json.loads(lines[0])
    newer = json.dumps({**header, "version": results_log.WITHDRAWN_VERSION + 1}).encode() + b"\n" + b"".join(lines[1:3])
    path.write_bytes(newer)  # two of its four games played
    with pytest.raises(ValueError, match="newer version of Tabuleiro"):
        Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=2, time_per_move=0.2, seed=4,
                   log=str(path), resume=True)
    assert newest_unfinished(tmp_path) is None
    assert path.read_bytes() == newer


@pytest.mark.parametrize("again", ["--resume", "--out"])
def test_a_second_run_on_a_log_another_run_writes_is_refused_and_changes_nothing(tmp_path, capsys, again,
                                                                                 held_elsewhere):
    """A league submitted again while the first still ran (a second terminal, a job script run
    twice) played every missing game a second time: two runs on one FILE.jsonl wrote 26 of 30
    games twice, and a second ``--out`` before the first game ended would truncate the log."""
    out = tmp_path / "league"
    args = ("tictactoe", ["level-1", "level-2"], {}, 2, 0.2, 1)
    assert run_tournament(*args, str(out), 7) == 0
    log = log_path(str(out))
    log.write_bytes(b"".join(log.read_bytes().splitlines(keepends=True)[:3]))  # 2 of 4 games, stopped
    before = log.read_bytes()
    if again == "--out":
        log.write_bytes(before.splitlines(keepends=True)[0])  # its first game not ended yet
        before = log.read_bytes()
    held_elsewhere(log)
    capsys.readouterr()
    code = run_tournament(*args, None, 7, resume=str(out)) if again == "--resume" else run_tournament(*args, str(out), 7)
    assert code == 2
    assert "being written by another run" in capsys.readouterr().err
    assert log.read_bytes() == before
    held_elsewhere.release()
    assert run_tournament(*args, None, 7, resume=str(out)) == 0  # once it has ended, the league goes on
    assert len(_game_lines(log)) == 4


def _game_lines(path: Path) -> list[bytes]:
    return [line for line in path.read_bytes().split(b"\n")[1:] if line.endswith(b"}")]


def _killed_after(tmp_path: Path, args: tuple, games: int) -> tuple[Path, Path, list[Descendant]]:
    """``run_tournament(*args, FILE, 7)`` in a process of its own, killed with SIGKILL once
    FILE.jsonl holds ``games`` games: (FILE, FILE.jsonl, the processes it had started, found while
    it held them: signalled through pidfds, never by pids their new parent may have reaped).  It is
    stopped (SIGSTOP) before its processes are listed: a bot it forked between the look and the
    kill, still between its fork and its exec, held a copy of the log's lock the list missed, and
    a resume straight after was refused ("being written by another run")."""
    out = tmp_path / "league"
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from ai.commands.tournament import run_tournament; "
            f"run_tournament(*{args!r}, {str(out)!r}, 7)")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    log = log_path(str(out))
    deadline = time.time() + 120
    try:
        while time.time() < deadline and (not log.exists() or len(_game_lines(log)) < games):
            time.sleep(0.02)
        _stopped(proc.pid)  # it starts no process from now on
        children = descendants(_children(proc.pid), proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    return out, log, children


def test_resume_after_sigkill_loses_no_finished_game(tmp_path):
    """A tournament killed with SIGKILL keeps every game it finished; --resume plays only the rest,
    and the whole equals an uninterrupted run (deterministic players; the outside one answers at
    once, as the time it takes is not what is tested: one that slept 50 ms a move made it 5 s longer)."""
    players = [str(BOTS / "simple_contract.py"), "level-1", "level-2"]
    args = ("tictactoe", players, {}, 4, 0.5, 1)
    out, log, children = _killed_after(tmp_path, args, 3)
    with all_killed_if_left(children):
        before = _game_lines(log)
        assert 3 <= len(before) < 24, "the kill should land in the middle of the tournament"
        # until then the killed run's processes may still hold the log's lock (resume says so)
        assert not left_running(children, 30.0), "the killed run's processes did not end"
    assert run_tournament(*args, None, 7, resume=str(out)) == 0
    after = _game_lines(log)
    assert after[:len(before)] == before  # nothing finished was lost or rewritten
    numbers = [json.loads(line)["number"] for line in after]
    assert sorted(numbers) == list(range(1, 25))
    summary = json.loads((tmp_path / "league.json").read_text())
    assert summary["resumed"] == len(before) and len(summary["games"]) == 24
    fresh = Tournament(*args[:2], games_per_pair=4, time_per_move=0.5, seed=7).run()
    resumed = {g["number"]: g for g in summary["games"]}
    assert [(resumed[n]["moves"], resumed[n]["winner"]) for n in range(1, 25)] == [(r.moves, r.winner) for r in fresh]


def _stopped(pid: int, seconds: float = 30.0) -> None:
    """Stop process ``pid`` (SIGSTOP) and wait until it is stopped: a fork under way is done first."""
    os.kill(pid, signal.SIGSTOP)
    deadline = time.time() + seconds
    while time.time() < deadline and _state(pid) not in ("T", "t"):
        time.sleep(0.01)
    assert _state(pid) in ("T", "t"), f"process {pid} did not stop"


def _state(pid: int) -> str:
    """``pid``'s state letter in /proc ("R", "S", "T" stopped, "Z" ended but not reaped), "" if gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers in /proc")
def test_workers_end_with_a_killed_tournament(tmp_path):
    """``--jobs 2`` killed with SIGKILL: its worker processes went on playing, orphaned, at full CPU."""
    args = ("hex", ["level-2", "level-3", "level-4"], {"size": 5}, 20, 0.1, 2)
    _, _, workers = _killed_after(tmp_path, args, 2)
    with all_killed_if_left(workers):  # those left running killed through their pidfds
        assert workers, "the tournament should have had its workers running"
        assert not left_running(workers, 10.0)


# -- Dask ------------------------------------------------------------------------------------------
def test_dask_local_cluster_plays_the_same_games_and_standings_as_jobs_1():
    pytest.importorskip("distributed")
    ids = ["level-1", "level-2", "level-3"]  # no time limit: a loaded machine must not cut a search short
    here = Tournament("tictactoe", ids, games_per_pair=2, time_per_move=None, seed=11)
    there = Tournament("tictactoe", ids, games_per_pair=2, time_per_move=None, seed=11, cluster="local", jobs=2)
    finished = []
    a, b = here.run(), there.run(lambda e: finished.append(getattr(e, "done", None)))
    assert [(r.players, r.moves, r.winner) for r in a] == [(r.players, r.moves, r.winner) for r in b]
    assert [(s.player, s.points, s.wins, s.draws) for s in standings(ids, a)] == \
        [(s.player, s.points, s.wins, s.draws) for s in standings(ids, b)]
    assert [d for d in finished if d is not None] == list(range(1, 13))  # one event per game as it finished


def test_workers_report_outside_files_they_lack_or_have_another_copy_of(tmp_path):
    """Before any game, each Dask worker checks the outside files at the same absolute paths."""
    from ai.cluster import absolute_id, check_workers

    bot, gone = tmp_path / "bot.py", tmp_path / "gone.py"
    bot.write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")

    class Workers:  # two workers: one sees this machine's files, the other older copies
        def run_on_scheduler(self, check):
            return check()

        def wait_for_workers(self, n, timeout):
            pass

        def scheduler_info(self):
            return {"workers": {"tcp://a:1": {}, "tcp://b:1": {}}}

        def run(self, check, files, workers):
            [worker] = workers
            return {worker: check(files if worker == "tcp://a:1" else {path: "0" * 64 for path in files})}

    assert check_workers(Workers(), ["level-1"]) == []  # no outside player: nothing to see
    assert check_workers(Workers(), ["level-1", f"{bot}:choose"]) == [f"tcp://b:1: {bot} differs from this "
                                                                      "machine's copy"]
    assert check_workers(Workers(), [str(gone)]) == [f"tcp://a:1: {gone} is missing", f"tcp://b:1: {gone} is missing"]
    assert absolute_id(f"{bot.name}:choose") == f"{Path.cwd() / bot.name}:choose"
    assert absolute_id("gtp:mohex --seed 1") == "gtp:mohex --seed 1" and absolute_id("level-2") == "level-2"


def test_a_cluster_without_workers_or_with_a_worker_without_tabuleiro_is_named_plainly():
    """'the Dask workers cannot run Tabuleiro (WorkerStartTimeoutError ...)' when no worker had
    joined, and no name for the worker that lacked Tabuleiro."""
    from types import SimpleNamespace

    from ai.cluster import ClusterError, check_workers

    class Empty:
        scheduler = SimpleNamespace(address="tcp://10.0.0.5:8786")

        def run_on_scheduler(self, check):
            return check()

        def wait_for_workers(self, n, timeout):
            raise TimeoutError(f"Only 0/{n} workers arrived after {timeout}")

    with pytest.raises(ClusterError, match=r"no Dask worker joined the scheduler at tcp://10\.0\.0\.5:8786 within "
                                           r"60 s: start one with `dask worker tcp://10\.0\.0\.5:8786`"):
        check_workers(Empty(), ["level-1"])

    class Broken(Empty):
        def wait_for_workers(self, n, timeout):
            pass

        def scheduler_info(self):
            return {"workers": {"tcp://a:1": {}, "tcp://b:1": {}}}

        def run(self, check, files, workers):
            if workers == ["tcp://b:1"]:
                raise ModuleNotFoundError("No module named 'ai'")
            return {workers[0]: check(files)}

    with pytest.raises(ClusterError, match=r"the Dask worker tcp://b:1 cannot run Tabuleiro \(ModuleNotFoundError"):
        check_workers(Broken(), ["level-1"])


def test_outside_folders_travel_to_workers_that_lack_them(tmp_path, monkeypatch):
    """Sent to the workers (forced here: a LocalCluster sees this machine's files), a student's
    folder, with the module its bot imports, plays the same games as in this process."""
    pytest.importorskip("distributed")
    import ai.cluster

    for name in ("ana", "rui"):
        folder = tmp_path / "class" / name
        (folder / "__pycache__").mkdir(parents=True)
        (folder / "helper.py").write_text("def pick(moves):\n    return moves[-1]\n")
        (folder / "bot.py").write_text("from helper import pick\n\n\ndef choose(game, state):\n"
                                       "    return pick(state.legal_moves())\n")
    ids = [str(tmp_path / "class" / "ana" / "bot.py"), str(tmp_path / "class" / "rui" / "bot.py"), "level-1"]
    files, shipped = ai.cluster.bundle(ids)
    assert sorted(name.split("/", 1)[1] for name in files) == ["ana/bot.py", "ana/helper.py", "rui/bot.py",
                                                                "rui/helper.py"]
    assert shipped[ids[0]].startswith(ai.cluster.SHIPPED) and shipped[ids[0]].endswith("/ana/bot.py")
    monkeypatch.setattr(ai.cluster, "SHIP", "always")
    here = Tournament("tictactoe", ids, games_per_pair=1, time_per_move=5.0, seed=2).run()
    there = Tournament("tictactoe", ids, games_per_pair=1, time_per_move=5.0, seed=2, cluster="local", jobs=1).run()
    assert not any(r.forfeit for r in here)
    assert [(r.players, r.moves, r.winner) for r in there] == [(r.players, r.moves, r.winner) for r in here]
    copy = Path(ai.cluster.unship(shipped[ids[1]]))
    assert copy.read_text() == Path(ids[1]).read_text() and (copy.parent / "helper.py").is_file()


def test_a_local_clusters_bots_log_in_the_data_folder_as_a_windows_and_a_matchs_do(tmp_path, monkeypatch):
    """cli3: a league's bots on a LocalCluster's workers log where a window game's and a match's
    do, the data folder's bot-logs/ (``ai.outside_process.log_folder``), not the temporary
    folder, which a reboot empties under the forfeit that names the log; with --out, beside the
    results (FILE.bots).  The workers are new processes: the rule must hold in them too."""
    pytest.importorskip("distributed")
    from ai.data_folder import BOT_LOGS

    monkeypatch.delenv("TABULEIRO_BOT_LOGS", raising=False)
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    bot = tmp_path / "ana" / "bot.py"
    bot.parent.mkdir()
    bot.write_text("import sys\n\n\ndef choose(game, state):\n    print('ana was here', file=sys.stderr)\n"
                   "    raise RuntimeError('boom')\n")
    there = Tournament("tictactoe", [str(bot), "level-1"], games_per_pair=1, time_per_move=5.0, seed=2,
                       cluster="local", jobs=1).run()
    assert len(there) == 2 and all(r.forfeit for r in there)
    logs = sorted((tmp_path / "data" / BOT_LOGS).glob("*.log"))
    assert len(logs) == 2 and all("ana was here" in log.read_text() for log in logs)
    out = tmp_path / "liga"
    Tournament("tictactoe", [str(bot), "level-1"], games_per_pair=1, time_per_move=5.0, seed=2, cluster="local",
               jobs=1, log=str(out.with_suffix(".jsonl"))).run()
    assert len(list(out.with_suffix(".bots").glob("*.log"))) == 2


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="users by number (POSIX)")
def test_each_user_of_a_computer_ships_bots_to_a_private_folder_of_their_own(tmp_path, monkeypatch):
    """Dask workers wrote the sent players under one /tmp/tabuleiro-bots, made by the first user
    whose league ran there: every other user's workers could not write in it (qa85's fault of the
    window's bot logs)."""
    import stat
    import tempfile

    import ai.cluster

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    roots = []
    for user in (1000, 1001):
        monkeypatch.setattr(os, "getuid", lambda user=user: user)
        ai.cluster.shipped_root.cache_clear()
        roots.append(ai.cluster.shipped_root())
    ai.cluster.shipped_root.cache_clear()
    assert roots[0] != roots[1]
    assert all(stat.S_IMODE(root.stat().st_mode) == 0o700 for root in roots)


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="users by number (POSIX)")
def test_sent_players_are_found_where_written_when_another_user_holds_the_folders_name(tmp_path, monkeypatch):
    """A folder of the user's name held by another is not used: the new one made instead is the
    one ``unship`` reads from too."""
    import tempfile

    import ai.cluster

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    user = os.getuid() + 1
    taken = tmp_path / f"tabuleiro-bots-{user}"
    taken.mkdir()  # made by this user, so held by another one for ``user``
    monkeypatch.setattr(os, "getuid", lambda: user)
    ai.cluster.shipped_root.cache_clear()
    try:
        ai.cluster.write_shipped({"0123abcd/ana/bot.py": b"def choose(game, state): ...\n"})
        copy = Path(ai.cluster.unship(ai.cluster.SHIPPED + "0123abcd/ana/bot.py"))
        assert copy.read_bytes() == b"def choose(game, state): ...\n" and not any(taken.iterdir())
    finally:
        ai.cluster.shipped_root.cache_clear()


def test_an_unreachable_scheduler_is_an_error_before_any_game(tmp_path, monkeypatch, capsys):
    pytest.importorskip("distributed")
    import ai.cluster

    monkeypatch.setattr(ai.cluster, "CONNECT_TIME", 1)
    code = run_tournament("tictactoe", ["level-1", "level-2"], {}, 1, 0.2, 1, str(tmp_path / "t"), 1,
                          cluster="tcp://127.0.0.1:1")
    err = capsys.readouterr().err
    assert code == 2 and "cannot reach the Dask scheduler at 'tcp://127.0.0.1:1'" in err
    assert not (tmp_path / "t.jsonl").exists()  # no game was played: nothing was started


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:1", "banana", "tcp://lab01"])
def test_a_scheduler_it_cannot_reach_is_said_before_the_players_files_load(tmp_path, monkeypatch, capsys, address):
    """A mistyped --cluster was said only once every student's file had been loaded (minutes in a
    class's league), and with a progress bar before it: now before any file is loaded."""
    pytest.importorskip("distributed")
    import ai.cluster
    import ai.commands.tournament as command

    monkeypatch.setattr(ai.cluster, "CONNECT_TIME", 1)
    loaded = []
    monkeypatch.setattr(command, "enter_players", lambda *a, **k: loaded.append(a) or pytest.fail("loaded"))
    code = run_tournament("tictactoe", [str(BOTS / "simple_contract.py"), "level-1"], {}, 1, 0.2, 1, None, 1,
                          cluster=address)
    err = capsys.readouterr().err
    assert code == 2 and not loaded
    assert err.startswith(f"error: cannot reach the Dask scheduler at {address!r}") and "0/2 games" not in err


def test_a_cluster_on_which_every_game_fails_stops_the_league():
    pytest.importorskip("distributed")
    from ai.cluster import ClusterError

    t = Tournament("tictactoe", ["level-1", "level-2", "level-3"], games_per_pair=2, time_per_move=0.2, seed=1,
                   cluster="local", jobs=1)
    t.options = {"width": "not a number"}  # every game now fails on the worker, as with a broken install
    with pytest.raises(ClusterError, match="the first 3 games failed on the Dask cluster"):
        t.run()
    assert len(t.results) == 2  # the first two were voided (played again on resume), then it stopped


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="watches the worker through a pidfd (Linux)")
def test_a_local_cluster_whose_worker_hangs_as_it_closes_is_ended_within_the_bound(tmp_path, monkeypatch, capsys):
    """A worker that hung as the cluster closed held the finished league's command for ever: the
    first close had no bound.  It is given up after ``CLOSE_TIME`` s (1 s here), the worker's
    process killed, one plain line said: the league complete, its report printed, status 0."""
    distributed = pytest.importorskip("distributed")
    import asyncio
    import threading

    import ai.cluster
    from tests.reap_helpers import descendants

    hung, release = threading.Event(), threading.Event()
    end_process = distributed.nanny.WorkerProcess.kill
    workers = []  # the worker's process, watched through a pidfd taken while its end hangs

    async def hangs(self, *args, **kwargs):  # the worker's end never comes (until the test's end)
        workers.extend(descendants([self.process.pid], os.getpid()))
        hung.set()
        for _ in range(6000):  # a safety net: the bound cancels this wait
            if release.is_set():
                break
            await asyncio.sleep(0.01)
        return await end_process(self, *args, **kwargs)

    monkeypatch.setattr(distributed.nanny.WorkerProcess, "kill", hangs)
    monkeypatch.setattr(ai.cluster, "CLOSE_TIME", 1)
    try:
        code = run_tournament("tictactoe", ["level-1", "level-2"], {}, 1, 0.2, 1, str(tmp_path / "t"), 1,
                              cluster="local")
        with all_killed_if_left(workers):  # (one left running: a failure's clean-up)
            assert hung.is_set() and len(workers) == 1  # the close did hang, on the worker's end
            assert not left_running(workers, 60.0)  # a safety net: killed already
    finally:
        release.set()
    out, err = capsys.readouterr()
    assert ai.cluster.cluster_late("did not close within 1 s", 1) in err, err
    assert "did not close within 1 s: the worker process it left running was ended; the results are not affected" in err, err
    assert "Traceback" not in err and "stopped" not in err, err
    assert code == 0 and "Standings" in out and "stopped early" not in out
    assert len(_game_lines(log_path(str(tmp_path / "t")))) == 2


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a process group")
def test_a_close_that_fails_is_told_as_failed_not_as_late():
    """Over its time a close is "did not close within …"; failed for another reason, Dask's reason
    is said (it was told as late whatever the failure)."""
    import ai.cluster

    assert ai.cluster.close_failure(TimeoutError(), 15) == "did not close within 15 s"
    failed = ai.cluster.close_failure(OSError("connection reset"), 15)
    assert failed == "could not close (OSError: connection reset)"
    assert ai.cluster.close_failure(RuntimeError(), 15) == "could not close (RuntimeError)"
    assert ai.cluster.cluster_late(failed, 2).startswith("the local Dask cluster could not close (OSError")


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a process group")
def test_ctrl_c_on_a_local_cluster_stops_with_one_line(tmp_path):
    """Ctrl+C reaches every process of the terminal's group: each Dask worker printed a traceback
    (about 70 lines) before the tournament's own "stopped" line."""
    pytest.importorskip("distributed")
    out = tmp_path / "league"
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "tournament", "hex", "level-1", "level-2",
                             "level-3", "--option", "size=5", "--games", "40", "--time", "0.2", "--jobs", "2",
                             "--cluster", "local", "--out", str(out)],
                            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # its own group, as a terminal gives it
    log = log_path(str(out))
    deadline = time.time() + 120
    try:
        while time.time() < deadline and (not log.exists() or len(_game_lines(log)) < 2):
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert "stopped: the results so far follow" in err
    assert "KeyboardInterrupt" not in err, err  # (a loaded machine may add Dask's own heartbeat warnings)
    assert proc.returncode == 130  # stopped, not finished (the results so far are written)


def test_a_local_cluster_beside_another_dask_says_nothing_of_its_port(tmp_path):
    """Another Dask on the machine (its dashboard on 8787): the league's scheduler, its dashboard
    off, still started its HTTP server there and warned "Port 8787 is already in use … Hosting the
    HTTP server on port N instead" in the teacher's terminal."""
    pytest.importorskip("distributed")
    held = socket.socket()
    try:
        held.bind(("", 8787))
        held.listen()
    except OSError:
        pass  # taken already: the other Dask is there
    try:
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "tournament", "tictactoe", "level-1", "level-2",
                               "--games", "1", "--time", "0.1", "--jobs", "1", "--cluster", "local",
                               "--out", str(tmp_path / "league")], cwd=tmp_path, capture_output=True, text=True,
                              timeout=180)
    finally:
        held.close()
    assert done.returncode == 0, done.stderr
    assert "already in use" not in done.stderr, done.stderr


def test_students_of_one_name_are_all_shown_with_their_folders():
    """Three students' files shown as "ana": one entered by a pattern (its id ending ":choose"),
    two by their paths.  The first stopped at "ana (jogador.py:choose)", its player's name telling
    it apart but not whose folder it is; all three now show the folder that differs."""
    ids = ["/c/turma/ana/jogador.py:choose", "/c/outra/x/ana/jogador.py", "/c/outra/y/ana/jogador.py"]
    names = display_names(ids, dict.fromkeys(ids, "ana"))
    assert names == {ids[0]: "ana (turma/ana/jogador.py:choose)", ids[1]: "ana (x/ana/jogador.py)",
                     ids[2]: "ana (y/ana/jogador.py)"}


@pytest.mark.parametrize("frozen", [False, True])
def test_a_league_on_a_cluster_without_dask_says_how_to_get_it_where_it_runs(monkeypatch, frozen):
    """Without Dask the league said "pip install dask[distributed]" everywhere; in the desktop app
    (its own Python, which pip does not reach) that advice could not work: there it says to install
    Tabuleiro from its source with the league extra."""
    from ai import cluster

    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    monkeypatch.setitem(sys.modules, "distributed.comm.addressing", None)
    if frozen:
        monkeypatch.setattr(sys, "frozen", True, raising=False)
    with pytest.raises(cluster.ClusterError) as caught:
        cluster.check_address("local")
    said = str(caught.value)
    if frozen:
        assert "desktop app" in said and 'pip install ".[league]"' in said and "dask[distributed]" not in said
    else:
        assert 'pip install "dask[distributed]"' in said


def test_a_students_file_is_named_by_its_stem_and_its_folder_only_where_two_share_it(tmp_path):
    """A match names bots/aluno.py "aluno", but a league named it "bots/aluno" in its tables, its
    files and the window's records of its games.  One rule now: the stem, with the folder only
    where two players would otherwise share a name (bots/a/aluno.py and bots/b/aluno.py)."""
    import subprocess
    import sys

    from ui import tournament_logs

    bots = tmp_path / "bots"
    for folder, stem in (("a", "aluno"), ("b", "aluno"), ("c", "solo")):
        (bots / folder).mkdir(parents=True)
        (bots / folder / f"{stem}.py").write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")
    files = [str(bots / "a" / "aluno.py"), str(bots / "b" / "aluno.py"), str(bots / "c" / "solo.py")]
    out = tmp_path / "turma"
    ran = subprocess.run([sys.executable, str(Path(__file__).resolve().parent.parent / "main.py"), "tournament",
                          "tictactoe", *files, "level-1", "--games", "1", "--time", "0.05", "--out", str(out)],
                         capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr
    expected = {files[0]: "a/aluno", files[1]: "b/aluno", files[2]: "solo", "level-1": "Level 1"}
    assert json.loads(Path(f"{out}.json").read_text())["names"] == expected
    standings = ran.stdout.split("Standings (")[1]
    assert {line.split()[1] for line in standings.splitlines()[2:6]} == set(expected.values()) - {"Level 1"} | {"Level"}
    assert "c/solo" not in ran.stdout and "bots/" not in standings
    records = tournament_logs.games_played(tmp_path)
    assert {side.title for game in records for side in game.record.players} == set(expected.values())


def test_resume_with_another_yes_or_no_option_names_it_as_typed(tmp_path):
    """A log of Hex with the swap rule resumed without it said "--option size=5 swap=True in the
    log, size=5 swap=False now": Python's words, which ``--option swap=False`` is not typed as."""
    path = tmp_path / "hex.jsonl"
    settings = {"games_per_pair": 1, "time_per_move": 0.05}
    logged = Tournament("hex", ["level-1", "level-2"], options={"size": 5, "swap": True}, **settings)
    ResultsLog.create(path, logged.header()).close()
    with pytest.raises(ValueError) as refused:
        Tournament("hex", ["level-1", "level-2"], options={"size": 5, "swap": False}, log=str(path),
                   resume=True, **settings)
    assert "(--option size=5 swap=true in the log, size=5 swap=false now)" in str(refused.value)
