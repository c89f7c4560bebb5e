"""A watched tournament says what it is doing: a game being set up (its worker making its players,
a second or two with nothing to show) is said, "Preparing game 1 of 2…", until its first move;
a game a Stop dropped part-way is said as dropped, "stopped at move 5: replayed on Resume", on the
board, in the results list and when its crosstable cell is clicked, never as a result, and
Resume plays it again from its start, counted once."""

from __future__ import annotations

from pathlib import Path

from tests.outside_bots import held_bots
from tests.test_ui_tournament_resume import _logged
from tests.test_ui_tournament_watch import button, listed
from tests.ui_helpers import click, recorded_text, tournament_started, wait
from ui.scenes import tournament_run
from ui.scenes.game_computer import SPEEDS


def _first_game_being_prepared(app, monkeypatch, tmp_path, release: Path):
    """A Reversi tournament of two outside bots that hold their first move until ``release`` is
    written, watched until the board says its first game is being prepared: the screen and the
    texts it draws from then on."""
    bots = held_bots(tmp_path / "bots", 1, release)
    monkeypatch.setattr(tournament_run, "TIMES", (60.0,))  # the held move is not lost on time
    scene = tournament_started(app, "reversi", {pid for pid, _title in bots}, tmp_path / "tournaments", outside=bots)
    said = recorded_text(monkeypatch)
    try:
        assert wait(app, lambda: scene.watching is not None and f"Preparing game {scene.watching} of 2…" in said,
                    60), said[-30:]  # on the board, over the game's first position
    except BaseException:
        release.write_text("")
        raise
    return scene, said


def test_a_game_being_set_up_is_said_until_its_first_move(app, monkeypatch, tmp_path):
    """QA (tourset): each game's set-up in its worker (imports, kernels, an outside bot's process)
    took 1.5 to 2 s with an empty board and not a word said: the tournament looked stuck.  Here
    both bots hold their first move, so no game reports one: the board and the progress bar say
    the game being prepared, until its first move comes."""
    release = tmp_path / "go-on"
    scene, said = _first_game_being_prepared(app, monkeypatch, tmp_path, release)
    try:
        said.clear()
        app.invalidate()
        app.run_frames(2)
        assert not any(entry.get("moves") for entry in scene.live.values())  # no game has reported a move
        first = min(n for n in scene.live if scene._playing(n))
        assert f"Preparing game {scene.watching} of 2…" in said, said
        assert any(f"Preparing game {first} of 2…" in text and text.startswith("Reversi: 0 of 2 games played") for text in said), said
    finally:
        release.write_text("")
    assert wait(app, lambda: any(entry.get("moves") for entry in scene.live.values()) or not scene.running, 120)
    moved = [n for n, entry in scene.live.items() if entry.get("moves")]
    said.clear()
    app.invalidate()
    app.run_frames(2)
    assert not any(f"Preparing game {n} of 2…" in text for n in moved for text in said), said
    assert wait(app, lambda: not scene.running, 120)
    said.clear()
    app.invalidate()
    app.run_frames(2)
    assert not any("Preparing game" in text for text in said), said
    assert sorted(scene.tournament.results) == [1, 2]


def test_a_game_dropped_by_stop_is_said_as_dropped_and_counted_once_replayed(app, monkeypatch, tmp_path):
    """QA (tourset): after Stop, a game dropped part-way showed on the board up to its last move as if
    it had ended, with nothing said; it is replayed from its start on Resume.  Here both bots hold
    their third move, so each game is stopped at move 5, after four: the board, the results list and a click on
    the pair's crosstable cell say so, no table counts it, and Resume plays both again, each
    counted and logged once."""
    release = tmp_path / "go-on"
    bots = held_bots(tmp_path / "bots", 3, release)
    monkeypatch.setattr(tournament_run, "TIMES", (60.0,))
    scene = tournament_started(app, "reversi", {pid for pid, _title in bots}, tmp_path / "tournaments", outside=bots)
    scene.speed = len(SPEEDS) - 1  # Max: the board shows each move as it comes
    t = None
    try:
        assert wait(app, lambda: scene.running and len(scene.live) == 2
                    and all(len(entry["moves"]) == 4 for entry in scene.live.values()), 120)
        t = scene.tournament
        click(app, button(scene, "Stop").rect.center)
        assert wait(app, lambda: not scene.running, 60)
    finally:
        if t is None:
            release.write_text("")
    app.run_frames(2)  # the run's last events taken
    assert not t.results
    said = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    dropped = "stopped at move 5: replayed on Resume"
    assert scene.watching in (1, 2) and any(text.startswith(f"Game {scene.watching}: ") and text.endswith(dropped)
                                            for text in said), (scene.watching, said)  # the board's title
    assert sorted(listed(scene)) == [(1, f"1. Ana - Rui  {dropped}"), (2, f"2. Rui - Ana  {dropped}")] or \
        sorted(listed(scene)) == [(1, f"1. Rui - Ana  {dropped}"), (2, f"2. Ana - Rui  {dropped}")], listed(scene)
    assert all(st.games == 0 and st.points == 0 for st in scene.table)  # not a result
    click(app, scene.unplayed_cells[0][0].center)  # the pair's cell: no game to list, and why
    told = scene.messages.items[-1].text
    assert "have not played yet: their 2 games are still to play" in told, told
    assert f"Game 1: {dropped}" in told and f"Game 2: {dropped}" in told, told
    rect, number, line = scene._recent_rects[0]  # the list's first line: game 2, newest first
    click(app, rect.center)  # shown where it stopped, its line said
    assert number == 2 and scene.messages.items[-1].text == line and scene.pinned and scene.watching == 2
    assert scene.live[2]["state"] == scene.game.play_line(scene.live[2]["moves"][:4])
    # Resume: both played again from their start, each counted and logged once
    click(app, scene.board_rect.center)  # the board goes on watching
    release.write_text("")
    click(app, button(scene, "Resume").rect.center)
    assert wait(app, lambda: scene.tournament is t and not t.is_running() and len(t.results) == 2 and not scene.held,
                120), (t.results, scene.held)
    app.run_frames(2)
    assert all(len(r.moves) > 4 for r in t.results.values())  # played from the start to the end
    assert sorted(number for number, _line in listed(scene)) == [1, 2]
    assert not any(dropped in line for _number, line in listed(scene))
    assert [st.games for st in scene.table] == [2, 2]
    assert sorted(_logged(Path(t.log_file))) == [1, 2]


def test_no_game_is_said_being_prepared_once_stop_is_heard(app, monkeypatch, tmp_path):
    """QA (stopflake): while Stop finished, the board still said "Preparing game 1 of 2…" over the
    game it showed, a game that would not be played (its worker starts nothing more, and what it
    is setting up is dropped at the stop).  Once Stop is heard, no game is said to be prepared:
    the progress bar says the tournament is stopping.  Both bots hold their first move, so no
    game reports one, and their workers are given all the time they need to end them
    (``STOP_WAIT``): the run is stopping until the test lets the bots go on."""
    import ai.tournament_workers

    monkeypatch.setattr(ai.tournament_workers, "STOP_WAIT", 120.0)
    release = tmp_path / "go-on"
    scene, said = _first_game_being_prepared(app, monkeypatch, tmp_path, release)
    try:
        click(app, button(scene, "Stop").rect.center)
        said.clear()
        app.invalidate()
        app.run_frames(2)
        assert scene.running and scene.tournament.cancelled  # stopping: the games under way are held
        assert not any("Preparing game" in text for text in said), said
        assert any(text.endswith("  -  Stopping the tournament…") for text in said), said  # the progress bar
    finally:
        release.write_text("")
    assert wait(app, lambda: not scene.running, 120)
