"""The tournament screen takes up a tournament left, closed or killed (its FILE.jsonl in the
tournaments folder), and an outside player is taken out of the grid, and forgotten, one by one."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pygame
import pytest

from ai.results_log import ResultsLog
from ai.tournament import Tournament
from ai.tournament_events import GameFinished
from ai.tournament_standings import is_void
from tests.held_tournament import held_games_fixture  # noqa: F401 - the fixture, used by name
from tests.tournament_standin import TournamentGamesHeld
from tests.ui_helpers import click, drop, key, leave_tournament, tournament_started, wait, words_in
from ui.background_writer import WRITER
from ui.data_folders import tournaments_dir
from ui.scenes.tournament import TournamentScene

BOTS = Path(__file__).resolve().parent / "data" / "outside"


def _logged(path: Path) -> list[int]:
    """The game numbers of the log's lines, in order (a game written twice is there twice)."""
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return [json.loads(line)["number"] for line in lines if line.strip()]


def _killed_log(folder: Path, name: str, games: int, players: list[str] | None = None, **notes) -> Path:
    """A tic-tac-toe log a tournament wrote until ``games`` finished (in this process); None games: to the end."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    t = Tournament("tictactoe", players or ["level-1", "level-2", "level-3"], games_per_pair=1, time_per_move=0.05,
                   seed=3, log=str(path))
    t.log_notes = notes

    def on_event(event) -> None:
        if isinstance(event, GameFinished) and games and event.done >= games:
            t.cancel()

    t.run(on_event)
    return path


def _play_out(app, scene) -> Tournament:
    t = scene.tournament
    assert wait(app, lambda: not t.is_running(), 180)
    app.run_frames(2)
    return t


def _reopen(app) -> TournamentScene:
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    return scene


def _started_with_a_game_played(app, held: TournamentGamesHeld) -> tuple[TournamentScene, Tournament]:
    """A tournament of 6 games started on the screen, with exactly one played to its end, the
    others held unfinished (``tournament_games_held``): the one game let end is kept, the
    games under way are dropped at the stop, and 5 are left to play on resume."""
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2", "level-3"})  # 6 games
    held.end(1)
    # a game played to its end: a void one (a worker lost) is not logged, and is played again on resume
    assert wait(app, lambda: any(not is_void(r) for r in scene.tournament.results.values()), 120), \
        [r.reason for r in scene.tournament.results.values()]
    return scene, scene.tournament


def test_a_tournament_left_is_offered_and_resumed_on_the_games_it_had_not_played(app, tournament_games_held):
    """Esc in the middle of a tournament: the screen opened again offers it; Resume keeps every
    game already played (none is played twice) and the report counts them all once, as finished."""
    scene, old = _started_with_a_game_played(app, tournament_games_held)
    leave_tournament(app)
    assert not isinstance(app.scene, TournamentScene)
    assert wait(app, lambda: not old.is_running(), 30)
    log = scene.base.with_name(scene.base.name + ".jsonl")
    kept = ResultsLog.read(log)[1]
    assert 1 <= len(kept) < old.total and log.parent == tournaments_dir(), \
        (len(kept), {n: r.reason for n, r in old.results.items()})
    assert set(kept) == tournament_games_held.ended()  # the game let end kept, those under way dropped

    scene = _reopen(app)
    assert scene.offer is not None and scene.offer.path == log and scene.offer.done == len(kept)
    resume, _dismiss = scene.offer_buttons
    assert resume.visible and resume.enabled
    tournament_games_held.release()  # the games left, played to their end
    click(app, resume.rect.center)
    assert wait(app, lambda: scene.tournament is not None, 30)
    t = _play_out(app, scene)
    assert t.resumed == len(kept) and len(t.results) == t.total and not t.cancelled
    assert all(t.results[n] == kept[n] for n in kept)  # the games played before, kept as they were
    numbers = _logged(log)
    assert sorted(numbers) == list(range(1, t.total + 1))  # every game once: none played again
    assert scene.base == log.with_suffix("")
    key(app, pygame.K_s)
    report = json.loads(log.with_suffix(".json").read_text(encoding="utf-8"))
    assert sorted(g["number"] for g in report["games"]) == list(range(1, t.total + 1))
    assert report["cancelled"] is False and report["total"] == t.total
    assert sorted(p.name for p in log.parent.glob("*.json")) == [log.with_suffix(".json").name]  # no second copy
    assert scene.titles["level-1"] == "Level 1"
    key(app, pygame.K_ESCAPE)
    assert _reopen(app).offer is None  # finished: nothing to offer


def test_a_killed_tournaments_log_is_offered_and_resumed(app):
    """A process killed in the middle of a write leaves a partial last line: the game is played again."""
    log = _killed_log(tournaments_dir(), "tictactoe-20260101-120000.jsonl", 2)
    with log.open("ab") as f:
        f.write(b'{"number": 3, "result": {"ga')
    scene = _reopen(app)
    assert scene.offer is not None and scene.offer.path == log and (scene.offer.done, scene.offer.total) == (2, 6)
    first, second = scene.offer.describe()
    assert first == "Unfinished tournament: Tic-tac-toe" and second.startswith("3 players, 2 of 6 games · ")
    click(app, scene.offer_buttons[0].rect.center)
    assert wait(app, lambda: scene.tournament is not None, 30)
    assert {1, 2} <= {n for n, _r in scene.recent} and sum(st.games for st in scene.table) >= 4  # the tables filled
    t = _play_out(app, scene)
    assert t.resumed == 2 and len(t.results) == 6 and not t.cancelled
    assert sorted(_logged(log)) == [1, 2, 3, 4, 5, 6]
    assert scene.titles == {"level-1": "Level 1", "level-2": "Level 2", "level-3": "Level 3"}


def test_a_tournament_begun_in_english_names_our_players_in_portuguese_once_resumed(app, monkeypatch):
    """Resumed in a Portuguese window, a tournament begun in English showed "Level 1" in its
    tables and board title, the setup beside it saying "Nível 1": our players are named in the
    window's language; the log's names are kept for outside players only."""
    from tests.ui_helpers import recorded_text
    from ui import i18n

    simple = f"{BOTS / 'simple_contract.py'}:choose"
    _killed_log(tournaments_dir(), "tictactoe-20260101-120000.jsonl", 2, ["level-1", "level-2", simple],
                titles={"level-1": "Level 1", "level-2": "Level 2", simple: "ana/simple_contract"})
    app.settings.language = "pt"
    app.apply_settings()
    try:
        scene = _reopen(app)
        click(app, scene.offer_buttons[0].rect.center)
        assert wait(app, lambda: scene.tournament is not None, 30)
        _play_out(app, scene)
        drawn = recorded_text(monkeypatch)
        scene.draw(app.screen)
        shown = " ".join(drawn)
        assert "Nível 1" in shown and "Nível 2" in shown and "ana/simple_contract" in shown
        assert "Level 1" not in shown and "Level 2" not in shown
    finally:
        i18n.set_language("en")


def test_the_offer_of_a_league_a_withdrawal_settled_games_of_counts_them_apart(app, monkeypatch):
    """QA (qa147): stopped after 2 of its 12 games, a player who had played none withdrawn (its 6
    games annulled), the league was offered as "4 players, 8 of 12 games" where the screen said "2 of 12
    games played, 6 not played (forfeited or annulled), 4 left".  The offer says them as the
    progress bar does in fewer words, in the window's language; a league without such games as before."""
    from tests.ui_helpers import recorded_text

    players = ["level-1", "level-2", "level-3", "level-4"]
    log = _killed_log(tournaments_dir(), "tictactoe-20260102-120000.jsonl", 2, players)
    t = Tournament("tictactoe", players, games_per_pair=1, time_per_move=0.05, seed=3, log=str(log), resume=True)
    gone = next(pid for pid in players if t.played_by(pid) == 0)
    assert not t.withdraw(gone)  # none of its 6 games played: all annulled
    drawn = recorded_text(monkeypatch)
    scene = _reopen(app)
    assert scene.offer is not None and scene.offer.path == log
    assert any(text.startswith("4 players, 2/12 played, 6 not played, 4 left · ") for text in drawn), drawn
    with words_in("pt"):
        assert scene.offer.describe()[1].startswith("4 jogadores, 2/12 jogados, 6 não jogados, 4 por jogar · ")


def test_new_after_stop_offers_the_tournament_just_stopped(app, tournament_games_held):
    scene, old = _started_with_a_game_played(app, tournament_games_held)
    stop, new = (next(b for b in scene.buttons if b.label == label) for label in ("Stop", "New tournament"))
    click(app, stop.rect.center)
    assert wait(app, lambda: not old.is_running(), 30)
    app.run_frames(1)  # the frame that shows the stopped run (its buttons)
    click(app, new.rect.center)
    assert scene.tournament is None and scene.offer is not None
    assert scene.offer.path == scene.base.with_name(scene.base.name + ".jsonl") and scene.offer.done == len(old.results)
    tournament_games_held.release()  # the games left, played to their end
    click(app, scene.offer_buttons[0].rect.center)
    assert wait(app, lambda: scene.tournament is not None, 30) and scene.tournament is not old
    t = _play_out(app, scene)
    assert len(t.results) == t.total and all(t.results[n] == r for n, r in old.results.items())


def test_a_finished_tournament_is_not_offered_and_a_dismissed_one_no_more(app):
    """Dismiss stops the offer (also in the next visit) and deletes nothing."""
    folder = tournaments_dir()
    done = _killed_log(folder, "tictactoe-20260101-110000.jsonl", 0)
    assert TournamentScene(app, "tictactoe").offer is None
    older = _killed_log(folder, "tictactoe-20260101-100000.jsonl", 1)
    newer = _killed_log(folder, "tictactoe-20260101-120000.jsonl", 3)
    os.utime(older, (time.time() - 60, time.time() - 60))
    files = sorted(folder.iterdir())
    scene = _reopen(app)
    assert scene.offer is not None and scene.offer.path == newer  # the newest first
    click(app, scene.offer_buttons[1].rect.center)  # Dismiss
    assert scene.offer is not None and scene.offer.path == older  # then the one before it
    assert any("will not be offered again" in m.text for m in scene.messages.items)
    click(app, scene.offer_buttons[1].rect.center)
    assert scene.offer is None and not any(b.visible for b in scene.offer_buttons)
    assert sorted(folder.iterdir()) == files and done.exists()  # nothing deleted
    assert _reopen(app).offer is None
    from ui import settings as settings_file

    assert settings_file.load()[0].dismissed_tournaments == [newer.name, older.name]


def test_a_tournament_another_window_is_running_is_not_offered(app, held_elsewhere):
    """A second window offered the tournament the first was running as "Unfinished": Resume
    played its missing games a second time, beside the first window, into the same log."""
    folder = tournaments_dir()
    older = _killed_log(folder, "tictactoe-20260101-100000.jsonl", 1)
    running = _killed_log(folder, "tictactoe-20260101-120000.jsonl", 2)
    os.utime(older, (time.time() - 60, time.time() - 60))
    held_elsewhere(running)  # as the window running it holds it
    assert _reopen(app).offer.path == older
    held_elsewhere.release()
    assert _reopen(app).offer.path == running  # left (or killed) there: offered again


def _begun_with_a_student(app, tmp_path: Path) -> tuple[TournamentScene, str, Path]:
    """A tournament of 18 games begun on the screen between level-1, level-2 and a student's
    bots/ana/jogador.py (a copy of simple_contract.py): the scene, the student's id and folder."""
    bots = tmp_path / "bots" / "ana"
    bots.mkdir(parents=True)
    shutil.copy(BOTS / "simple_contract.py", bots / "jogador.py")
    pid = str(bots / "jogador.py")
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    scene.outside["tictactoe"] = [(pid, "simple_contract (jogador.py)")]
    scene._build()
    scene.selected = {"level-1", "level-2", pid}
    scene.games_index, scene.time_index = 2, 0  # 18 games
    scene._start()
    assert wait(app, lambda: scene.tournament is not None, 120)  # once its outside player is loaded
    return scene, pid, bots


def test_a_player_whose_file_is_gone_forfeits_the_games_left_and_the_message_says_why(app, tmp_path):
    """Resume with a student's file moved away: one message names it and why; it loses the games
    it had left, the others play on, and the games already played stay in the log."""
    scene, pid, bots = _begun_with_a_student(app, tmp_path)
    title = scene.titles[pid]
    old = scene.tournament
    assert wait(app, lambda: len(old.results) >= 1, 120)
    leave_tournament(app)
    assert wait(app, lambda: not old.is_running(), 30)
    log = scene.base.with_name(scene.base.name + ".jsonl")
    kept = ResultsLog.read(log)[1]
    (bots / "jogador.py").rename(bots / "moved.py")

    scene = _reopen(app)
    assert scene.offer is not None and scene.offer.path == log
    click(app, scene.offer_buttons[0].rect.center)
    assert wait(app, lambda: scene.tournament is not None, 60)
    said = [m.text for m in scene.messages.items if "could not be loaded" in m.text]
    assert len(said) == 1 and title in said[0] and f"no such file {bots / 'jogador.py'}" in said[0], said
    assert scene.titles[pid] == title  # named as before, though it no longer loads
    t = _play_out(app, scene)
    assert len(t.results) == t.total and all(t.results[n] == kept[n] for n in kept)
    lost = [r for n, r in t.results.items() if n not in kept and pid in r.players]
    assert lost and all(r.forfeit and r.players[r.winner] != pid and "could not be started" in r.reason for r in lost)
    assert sorted(_logged(log)) == list(range(1, t.total + 1))


def test_a_withdrawn_student_whose_file_is_gone_is_not_said_to_forfeit_on_resume(app, tmp_path):
    """A student withdrawn from a tournament begun, then their file deleted: the resume said it
    "could not be loaded and forfeits the games left", though its games were settled by the
    withdrawal and it plays no more."""
    scene, pid, bots = _begun_with_a_student(app, tmp_path)
    old = scene.tournament
    assert wait(app, lambda: len(old.results) >= 1, 120)
    click(app, scene.buttons[1].rect.center)  # Stop
    assert wait(app, lambda: not old.is_running(), 30)
    old.withdraw(pid)
    key(app, pygame.K_ESCAPE)
    (bots / "jogador.py").unlink()

    scene = _reopen(app)
    assert scene.offer is not None
    click(app, scene.offer_buttons[0].rect.center)
    assert wait(app, lambda: scene.tournament is not None, 60)
    assert scene.tournament.withdrawn.keys() == {pid}
    assert any(m.text.startswith("Resumed:") for m in scene.messages.items)
    assert not [m.text for m in scene.messages.items if "could not be loaded" in m.text]


@pytest.mark.parametrize("how", ["a file in the way", "read-only"])
def test_a_folder_that_cannot_be_written_says_so_and_the_tournament_runs(app, tmp_path, how):
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    if how == "read-only":
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            pytest.skip("root writes in a read-only folder")
        scene.save_folder = tmp_path / "locked"
        scene.save_folder.mkdir()
        scene.save_folder.chmod(0o555)
        why = f"Tabuleiro may not write in the folder {scene.save_folder}"
    else:
        (tmp_path / "blocker").write_text("a file")
        scene.save_folder = tmp_path / "blocker" / "tournaments"
        why = f"a file is in the way of the folder {scene.save_folder}"
    scene.selected = {"level-1", "level-2"}
    scene.games_index, scene.time_index = 0, 0
    try:
        scene._start()
        said = [m.text for m in scene.messages.items if m.text.startswith("No results log")]
        assert len(said) == 1 and why in said[0] and "cannot be resumed" in said[0]
        t = _play_out(app, scene)
        assert len(t.results) == t.total and not t.cancelled and t.log_file is None
    finally:
        if how == "read-only":
            scene.save_folder.chmod(0o755)


def test_an_outside_player_is_taken_out_of_the_grid_and_forgotten_one_by_one(app):
    """Settings could only forget every outside player at once: the "×" at the right of one in
    the grid (also scrolled down to) forgets that one; ours have none."""
    from ui import settings as settings_file

    ana, eva, engine = "/class/ana/jogador.py:jogador", "/class/eva/jogador.py:jogador", "gtp:python3 /tmp/ttt.py"
    app.settings.outside_players = [ana, eva, engine]
    app.settings.outside_games = {engine: ["tictactoe"]}
    app.apply_settings()
    scene = TournamentScene(app, "tictactoe")
    scene.offered.add("tictactoe")  # the remembered ones are not looked for: those below stand for them
    scene.outside["tictactoe"] = [(ana, "Ana (jogador.py)"), (eva, "Eva (jogador.py)"), (engine, "TinyTTT")] + [
        (f"/class/aluno{i:02d}.py:jogador", f"Aluno {i:02d} (aluno{i:02d}.py)") for i in range(1, 60)]
    app.switch(scene)
    scene._build()
    app.run_frames(2)
    ours = len(scene.players()) - len(scene.outside["tictactoe"])
    assert not any(scene.remove_buttons[:ours]) and all(scene.remove_buttons[ours:])

    def remove_of(pid: str):
        return scene.remove_buttons[[p for p, _t in scene.players()].index(pid)]

    scene.selected.add(eva)
    click(app, remove_of(eva).rect.center)
    ids = [p for p, _t in scene.players()]
    assert eva not in ids and ana in ids and engine in ids and eva not in scene.selected
    assert len(scene.player_buttons) == len(ids) and all(b.label != "Eva (eva)" for b in scene.player_buttons)
    assert any(m.text.startswith("Removed Eva (eva)") for m in scene.messages.items)
    assert settings_file.load()[0].outside_players == [ana, engine]
    click(app, remove_of(engine).rect.center)
    assert engine not in [p for p, _t in scene.players()]
    saved = settings_file.load()[0]
    assert saved.outside_players == [ana] and saved.outside_games == {}
    # the last one, out of sight until the grid is scrolled (added in this visit only: not remembered)
    last = scene.players()[-1][0]
    assert not remove_of(last).visible
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.players_area.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(20):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        app.frame()
    assert remove_of(last).visible and remove_of(last).rect.bottom <= scene.players_area.bottom
    click(app, remove_of(last).rect.center)
    assert last not in [p for p, _t in scene.players()] and ana in [p for p, _t in scene.players()]
    assert settings_file.load()[0].outside_players == [ana]


# -- a command line's league, opened in the window -------------------------------------------------
def _league(folder: Path, games: int | None = None) -> Path:
    """FILE of a tic-tac-toe league the command line played (``--out FILE``): its log, and its
    report files when it ran to the end (``games`` None)."""
    from ai.commands.tournament import write_results
    from ai.tournament_standings import Summary

    bot = str(BOTS / "simple_contract.py")
    log = _killed_log(folder, "league.jsonl", games, ["level-1", bot, "level-3"], titles={bot: "Ana"})
    base = log.with_suffix("")
    if games is None:
        t = Tournament.from_files(log)
        write_results(Summary.of(t), str(base))
    return base


@pytest.mark.parametrize("ext", [".jsonl", ".json"])
def test_a_command_line_leagues_results_dropped_show_its_tables_and_each_game_replays(app, tmp_path, ext):
    """A teacher ran the league on the command line and wants a student's game on the class's
    screen: its FILE.json or FILE.jsonl dropped on the window said "not a Tabuleiro record".  It
    now opens the tournament screen on those results: the same standings, a crosstable cell lists
    that pair's games, and R replays the one shown.  Nothing is played, and no file is written."""
    from ui.scenes.replay import ReplayScene

    base = _league(tmp_path / "league")
    files = {p: p.read_bytes() for p in base.parent.rglob("*") if p.is_file()}  # the bots' logs (league.bots/) too
    drop(app, base.with_name(base.name + ext), frames=3)
    scene = app.scene
    assert isinstance(scene, TournamentScene) and scene.viewing is not None
    t = scene.tournament
    assert len(t.results) == t.total == 6 and not t.is_running() and not t.cancelled
    report = json.loads(base.with_suffix(".json").read_text(encoding="utf-8"))
    assert [(st.player, st.points, st.rank) for st in scene.table] == [(s["player"], s["points"], s["rank"])
                                                                       for s in report["standings"]]
    assert scene._name(str(BOTS / "simple_contract.py")) == "Ana" and scene._name("level-1") == "Level 1"
    app.run_frames(2)
    cell = next(rect for rect, row, column in scene._cross_rects if (row, column) == ("level-1", "level-3"))
    click(app, cell.center)
    listed = scene._listed()
    assert len(listed) == 2 and all(set(r.players) == {"level-1", "level-3"} for _n, r in listed)
    number, shown = listed[-1]
    assert scene.watching == number
    key(app, pygame.K_r)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.record.moves == shown.moves
    key(app, pygame.K_ESCAPE)  # back to the results
    assert app.scene is scene
    click(app, cell.center)  # the cell again: every game
    assert len(scene._listed()) == 6
    key(app, pygame.K_ESCAPE)
    assert {p: p.read_bytes() for p in base.parent.rglob("*") if p.is_file()} == files  # nothing written or added
    assert not tournaments_dir().exists() or not any(tournaments_dir().iterdir())


def test_stop_and_watch_greyed_on_a_leagues_results_dropped_say_why_at_a_click(app, tmp_path):
    """A league's results dropped on the window are shown, not played: Stop and Watch are greyed,
    and a click on either did nothing, not a word, as a broken button."""
    drop(app, _league(tmp_path / "league").with_suffix(".json"), frames=3)
    scene = app.scene
    assert isinstance(scene, TournamentScene) and scene.viewing is not None
    for label, said in (("Stop", "The tournament is not running: there is nothing to stop"),
                        ("Watch", "Nothing to watch: no game is being played or left to show")):
        button = next(b for b in scene.buttons if b.label == label)
        assert not button.enabled
        scene.messages.items.clear()
        click(app, button.rect.center)
        assert [m.text for m in scene.messages.items] == [said] and app.scene is scene


def test_a_league_still_running_is_shown_as_it_stands_and_never_resumed_from_the_window(app, tmp_path):
    """A league's FILE.jsonl while it runs (or after a kill): its games so far; the window must not
    play on it (the command line may still be appending to it)."""
    base = _league(tmp_path / "league", games=2)
    log = base.with_suffix(".jsonl")
    before = log.read_bytes()
    drop(app, log, frames=3)
    scene = app.scene
    assert isinstance(scene, TournamentScene)
    assert len(scene.tournament.results) == 2 and scene.tournament.total == 6
    _back, stop, *_rest = scene.buttons
    assert not stop.enabled and stop.label == "Stop"
    app.run_frames(5)
    assert not scene.tournament.is_running() and log.read_bytes() == before


def test_a_match_line_and_other_json_still_open_as_game_records(tmp_path):
    """Only a tournament's files are read as one: a game record or a ``match --json`` line is not."""
    line = tmp_path / "game.json"
    line.write_text(json.dumps({"game": "tictactoe", "options": {}, "players": ["level-1", "level-2"],
                                "moves": ["b2"], "winner": None, "reason": ""}), encoding="utf-8")
    lines = tmp_path / "games.jsonl"
    lines.write_text(line.read_text() + "\n" + line.read_text() + "\n", encoding="utf-8")
    assert Tournament.from_files(line) is None and Tournament.from_files(lines) is None
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"format": "tabuleiro-tournament-log", "game": "tictactoe"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="broken.jsonl"):
        Tournament.from_files(broken)


def test_a_league_on_a_clock_alone_shows_its_clock_and_its_last_game_replays_at_once(app, tmp_path, monkeypatch):
    """A league of ``--clock 10s+1s`` without --time has no seconds per move: its results dropped
    on the window failed to draw ("unsupported format string passed to NoneType")."""
    from tests.ui_helpers import recorded_text

    log = tmp_path / "clocked.jsonl"
    Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=1, time_per_move=None, clock="10s+1s",
               seed=1, log=str(log)).run()
    drawn = recorded_text(monkeypatch)
    drop(app, log, frames=3)
    app.run_frames(3)
    assert not app.errors, app.errors[0]
    assert any("2 of 2 games played, clock 10s+1s" in text for text in drawn)
    replay = next(b for b in app.scene.buttons if b.action == app.scene._replay)
    assert replay.label == "Replay game" and replay.enabled  # the last game, shown on the board


def test_two_windows_starting_a_tournament_of_one_game_in_one_second_get_two_logs(app, tmp_path, monkeypatch):
    """Both found the name free and both created FILE.jsonl: the second emptied the first's log,
    and the two wrote their games into one file."""
    from ui.scenes import tournament_log

    monkeypatch.setattr(tournament_log.time, "strftime", lambda _format: "20261202-223000")
    windows = [TournamentScene(app, "tictactoe"), TournamentScene(app, "tictactoe")]
    for window in windows:
        window.save_folder = tmp_path / "tournaments"
    first, second = (window._new_base(claim=True) for window in windows)
    assert first.name == "tictactoe-20261202-223000" and second.name == "tictactoe-20261202-223000-2"
    assert first.with_name(first.name + ".jsonl").exists()


def _left_with_games_under_way(app, held: TournamentGamesHeld,
                               monkeypatch) -> tuple[TournamentScene, Tournament, set[int]]:
    """A tournament left (Esc, and yes) with one game played and others under way, held
    (``tournament_games_held``): its thread goes on after the screen is left, stopping, its
    workers given all the time they need to end the games under way (``STOP_WAIT``), and a game
    that ends then (``held.release()``) is collected, and logged, on the thread's way out.  Returned
    once the stop has reached the workers (``stop_heard``): games let end before it, on a loaded
    machine, let the workers take the next ones, and the whole tournament was played.  The
    numbers of the games played before it was left are returned with it."""
    import ai.tournament_workers

    monkeypatch.setattr(ai.tournament_workers, "STOP_WAIT", 120.0)
    scene, t = _started_with_a_game_played(app, held)
    assert wait(app, lambda: any(scene._playing(n) for n in scene.live), 120)  # a game under way
    before = set(t.results)
    leave_tournament(app)  # left while games are under way
    assert not isinstance(app.scene, TournamentScene) and t.is_running()
    assert wait(app, held.stop_heard, 60)  # the workers told: they start no other game
    return scene, t, before


def test_a_game_collected_after_the_screen_is_left_is_in_its_report_as_in_its_log(app, monkeypatch,
                                                                                   tournament_games_held):
    """The report was written as the screen was left, the game the tournament's thread then
    collected (and logged) missing from it: the files a teacher reads held one game fewer than
    the log a resume reads.  The report is written once the thread has ended, the window not
    waiting for it."""
    scene, t, before = _left_with_games_under_way(app, tournament_games_held, monkeypatch)
    tournament_games_held.release()  # the games under way end as the thread stops
    assert t.join(30) and WRITER.wait(30)
    log = scene.base.with_name(scene.base.name + ".jsonl")
    report = json.loads(log.with_suffix(".json").read_text(encoding="utf-8"))
    logged = sorted(ResultsLog.read(log)[1])
    assert sorted(g["number"] for g in report["games"]) == logged and set(logged) > before, (logged, before)
    assert report["cancelled"] is True
    assert wait(app, lambda: any(m.text.startswith(f"Saved {log.with_suffix('.md').name}, ")
                                   for m in app.messages.current()), 5)


def test_a_tournament_left_cannot_be_resumed_until_its_thread_has_ended(app, monkeypatch, tournament_games_held):
    """Back on the screen at once, Resume read the log while the tournament left still ran: the
    game it then collected was played again by the resumed one."""
    left, t, _before = _left_with_games_under_way(app, tournament_games_held, monkeypatch)
    log = left.base.with_name(left.base.name + ".jsonl")
    scene = _reopen(app)
    resume = scene.offer_buttons[0]
    assert scene.offer is not None and resume.visible and not resume.enabled
    tournament_games_held.release()  # the games under way end as the thread stops; those resumed, as played
    assert wait(app, lambda: resume.enabled, 30) and not t.is_running()
    kept = set(ResultsLog.read(log)[1])
    click(app, resume.rect.center)
    assert wait(app, lambda: scene.tournament is not None, 30)
    resumed = scene.tournament
    assert resumed.join(120) and resumed.resumed == len(kept)
    assert sorted(_logged(log)) == list(range(1, resumed.total + 1))  # none played twice


def test_a_dropped_json_larger_than_any_report_is_refused_unread(tmp_path, monkeypatch):
    """``from_files`` read any dropped .json whole (a 12 MB one took 1.1 s, GBs filled the
    memory) before the capped record reader: past ``MAX_REPORT_BYTES`` it is refused, saying why."""
    import ai.tournament

    monkeypatch.setattr(ai.tournament, "MAX_REPORT_BYTES", 1000)
    big = tmp_path / "league.json"
    big.write_text(json.dumps({"games_per_pair": 1, "standings": [], "padding": "x" * 2000}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"^league\.json: too large to be a tournament's results$"):
        Tournament.from_files(big)


def test_a_dropped_json_gone_since_is_said_in_the_apps_words(app, tmp_path):
    """A dropped .json deleted before it was read said "[Errno 2] No such file or directory:
    '/x.json'"; it says what the record reader says, in the window's language."""
    from ui.scenes.replay import open_file

    gone = tmp_path / "gone.json"
    with pytest.raises(ValueError, match=r"^gone\.json: no such file$"):
        Tournament.from_files(gone)
    with words_in("pt"):
        open_file(app, gone)
        assert app.messages.items[-1].text == "Não foi possível abrir gone.json: o ficheiro não existe"
