"""A league on Dask stopped (``cancel()``, Ctrl+C) keeps the games already back, with a fake
client whose futures finish when the test says: the moment a game comes back as the stop comes,
which a real cluster hits only now and then, is played here every time."""

from __future__ import annotations

import json
import threading
from dataclasses import asdict

import pytest

import ai.cluster
from ai.match import GameResult
from ai.results_log import ResultsLog
from ai.tournament import Tournament
from ai.tournament_events import GameFinished
from ai.tournament_standings import is_void


@pytest.fixture(autouse=True)
def distributed():
    """Dask's ``distributed`` (these tests are skipped without it), imported as the first of them
    runs: imported at the module's top, every xdist worker paid for it while collecting the suite
    (1 to 1.5 s, and 800 more modules alive), whether or not it then ran one of these tests."""
    return pytest.importorskip("distributed")


class FakeFuture:
    """A Dask future whose game the test finishes (``finish``); nothing runs."""

    def __init__(self, task: dict) -> None:
        self.task = task
        self.status = "pending"
        self.ctrl_c_while_fetched = False  # a Ctrl+C comes while its result is first fetched

    def finish(self) -> None:
        self.status = "finished"

    def done(self) -> bool:
        return self.status != "pending"

    def result(self) -> dict:
        assert self.status == "finished", "a result asked of a game still playing: that waits"
        if self.ctrl_c_while_fetched:
            self.ctrl_c_while_fetched = False
            raise KeyboardInterrupt
        played = GameResult("tictactoe", {"width": 3, "height": 3, "k": 3}, list(self.task["ids"]), ["b2"], 0,
                            reason="X has 3 in a row")
        return asdict(played)


class FakeClient:
    """The client of a cluster whose games finish only when the test says."""

    def __init__(self) -> None:
        self.futures: dict[int, FakeFuture] = {}
        self.cancelled: list[int] = []
        self.closed = False
        self.ctrl_c_while_fetching: set[int] = set()  # the games whose result a Ctrl+C cuts short
        self.ctrl_c_while_closing = False

    def submit(self, fn, task: dict, pure: bool, key: str) -> FakeFuture:
        future = self.futures[task["number"]] = FakeFuture(task)
        future.ctrl_c_while_fetched = task["number"] in self.ctrl_c_while_fetching
        return future

    def cancel(self, futures: list[FakeFuture]) -> None:
        self.cancelled += sorted(f.task["number"] for f in futures)

    def close(self, timeout: float | None = None) -> None:
        if self.ctrl_c_while_closing:
            raise KeyboardInterrupt
        self.closed = True


def _fake_wait(futures, timeout: float, return_when: str):
    """``distributed.wait`` on a cluster playing one game at a time in number order: the games
    back so far, or else the next one, which comes back during the wait."""
    done = {f for f in futures if f.done()}
    if not done:
        next_game = min(futures, key=lambda f: f.task["number"])
        next_game.finish()
        done = {next_game}
    return done, set(futures) - done


@pytest.fixture
def client(monkeypatch, distributed) -> FakeClient:
    fake = FakeClient()
    monkeypatch.setattr(ai.cluster, "connect", lambda address, workers: (fake, None))
    monkeypatch.setattr(ai.cluster, "check_workers", lambda client, player_ids: [])
    monkeypatch.setattr(distributed, "wait", _fake_wait)
    return fake


def _league(tmp_path) -> Tournament:
    """Four games of two players on the (fake) cluster, logged for a resume."""
    return Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=2, cluster="local",
                      log=str(tmp_path / "league.jsonl"))


def test_a_game_back_as_stop_is_pressed_is_kept_and_the_rest_cancelled(tmp_path, client):
    """Stop pressed as game 2 came back: the games still on the cluster were cancelled with game
    2 among them, so it was missing from the log and a resume played it again.  It is kept (log,
    results, the GameFinished event); only the games not back are cancelled, left for the resume."""
    t = _league(tmp_path)

    seen: list = []

    def on_event(event) -> None:
        seen.append(event)
        if isinstance(event, GameFinished) and event.number == 1:  # game 2 ends, then Stop
            client.futures[2].finish()
            t.cancel()

    t.run(on_event)
    assert sorted(t.results) == [1, 2] and not any(is_void(r) for r in t.results.values())
    assert [e.number for e in seen if isinstance(e, GameFinished)] == [1, 2]
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1, 2]
    assert client.cancelled == [3, 4] and client.closed
    assert t.cancelled and [g.number for g in t.pending()] == [3, 4]


def test_ctrl_c_keeps_the_games_back_before_it_stops(tmp_path, client, monkeypatch, distributed):
    """Ctrl+C while waiting for games: the games already back were dropped with the client; they
    are kept, and the interrupt goes on to the command line, which reports them as stopped."""
    t = _league(tmp_path)

    def games_1_and_3_back_then_ctrl_c(futures, timeout: float, return_when: str):
        client.futures[1].finish()
        client.futures[3].finish()
        raise KeyboardInterrupt

    monkeypatch.setattr(distributed, "wait", games_1_and_3_back_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        t.run()
    assert sorted(t.results) == [1, 3]
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1, 3]
    assert client.cancelled == [2, 4] and client.closed


def test_a_game_whose_result_ctrl_c_cut_short_is_fetched_again_and_kept(tmp_path, client):
    """Ctrl+C while a game's result came from its worker: that game is fetched again by the
    stop's collection, not dropped as if it had never come back."""
    t = _league(tmp_path)
    client.ctrl_c_while_fetching = {2}
    with pytest.raises(KeyboardInterrupt):
        t.run()
    assert sorted(t.results) == [1, 2]
    assert sorted(ResultsLog.read(tmp_path / "league.jsonl")[1]) == [1, 2]
    assert client.cancelled == [3, 4]


def test_a_game_ctrl_c_cut_short_as_it_was_kept_is_not_logged_twice(tmp_path, client):
    """Ctrl+C after game 2 was written to the log, before the rest of its keeping (the progress
    bar): the stop's collection leaves it, so the log holds each game once."""
    t = _league(tmp_path)

    def ctrl_c_as_game_2_is_shown(event) -> None:
        if isinstance(event, GameFinished) and event.number == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        t.run(ctrl_c_as_game_2_is_shown)
    game_lines = (tmp_path / "league.jsonl").read_text().splitlines()[1:]
    assert [json.loads(line)["number"] for line in game_lines] == [1, 2]


def test_a_stop_that_finds_the_last_games_back_is_a_finished_league(tmp_path, client):
    """Every game back when the stop comes: the league is complete, not "stopped" (a resume
    would have nothing to play)."""
    t = _league(tmp_path)

    def on_event(event) -> None:
        if isinstance(event, GameFinished) and event.number == 1:
            for number in (2, 3, 4):
                client.futures[number].finish()
            t.cancel()

    t.run(on_event)
    assert sorted(t.results) == [1, 2, 3, 4] and not t.cancelled and client.cancelled == []


def test_ctrl_c_as_the_client_closes_cuts_a_finished_leagues_shutdown_short(tmp_path, client, capsys):
    """Every game in, a Ctrl+C while the client closes only cuts the shutdown short: the league
    is complete, not stopped (tests/test_command_ctrl_c.py has it on a real cluster)."""
    client.ctrl_c_while_closing = True
    t = _league(tmp_path)
    t.run()
    assert sorted(t.results) == [1, 2, 3, 4] and not t.cancelled
    assert ai.cluster.SHUTDOWN_CUT in capsys.readouterr().err


def test_ctrl_c_as_a_stopped_leagues_client_closes_still_stops_it(tmp_path, client):
    """Games left on the cluster (Stop pressed), a Ctrl+C in the shutdown goes on up: stopped."""
    client.ctrl_c_while_closing = True
    t = _league(tmp_path)

    def stop_after_game_1(event) -> None:
        if isinstance(event, GameFinished):
            t.cancel()

    with pytest.raises(KeyboardInterrupt):
        t.run(stop_after_game_1)
    assert sorted(t.results) == [1] and client.cancelled == [2, 3, 4]


class HungCancelClient(FakeClient):
    """A client whose scheduler hangs: its cancel never returns (until the test's end), as
    Dask's, which takes no timeout, waited on a scheduler that hung."""

    def __init__(self) -> None:
        super().__init__()
        self.cancel_asked, self.release = threading.Event(), threading.Event()

    def cancel(self, futures: list[FakeFuture]) -> None:
        self.cancel_asked.set()
        self.release.wait(60)  # a safety net: the bound gives it up long before
        super().cancel(futures)


def test_a_cancel_that_hangs_is_given_up_within_its_bound_and_the_client_closed(tmp_path, client, monkeypatch, capsys):
    """Stop pressed with games left, the scheduler hung: the cancel of the games left held the
    command for ever.  It is given up after ``CANCEL_TIME`` (0.2 s here) with one plain line, the
    client closed all the same, and the league stopped with the games back kept."""
    hung = HungCancelClient()
    monkeypatch.setattr(ai.cluster, "connect", lambda address, workers: (hung, None))
    monkeypatch.setattr(ai.cluster, "CANCEL_TIME", 0.2)
    t = _league(tmp_path)

    def stop_after_game_1(event) -> None:
        if isinstance(event, GameFinished):
            t.cancel()

    try:
        t.run(stop_after_game_1)
        assert hung.cancel_asked.is_set() and hung.cancelled == []  # asked, never answered
    finally:
        hung.release.set()
    err = capsys.readouterr().err
    assert ai.cluster.CANCEL_LATE.format(why="did not cancel the 3 games left within 0.2 s") in err, err
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert hung.closed and t.cancelled and sorted(t.results) == [1] and [g.number for g in t.pending()] == [2, 3, 4]


def test_a_cancel_that_fails_is_said_and_the_client_still_closed(tmp_path, client, monkeypatch, capsys):
    """A cancel that raised (the connection already broken) went up as a traceback and left the
    client unclosed; it is said as a close's failure is, and the close goes on."""
    def broken(futures) -> None:
        raise OSError("connection reset")

    monkeypatch.setattr(client, "cancel", broken)
    t = _league(tmp_path)

    def stop_after_game_3(event) -> None:
        if isinstance(event, GameFinished) and event.number == 3:
            t.cancel()

    t.run(stop_after_game_3)
    err = capsys.readouterr().err
    assert ai.cluster.CANCEL_LATE.format(why="could not cancel the game left (OSError: connection reset)") in err, err
    assert client.closed and t.cancelled and sorted(t.results) == [1, 2, 3]
