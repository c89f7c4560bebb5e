"""The counts of a league's games say the games played apart from those never played (forfeits
without play: a withdrawal's, a player's that could not be started), as the window's progress
bar and the report's heading do: the message on opening a league's file, FILE.txt's "in
progress" and "stopped early" notes, and the terminal progress bar's forfeits counted them as
games played."""

from __future__ import annotations

import pytest

from ai.commands import tournament as command
from ai.commands.tournament import (
    ProgressBar,
    games_counted,
    page_title,
    report_head,
    run_tournament,
    tables_markdown,
    write_results,
)
from ai.match import GameResult
from ai.tournament_standings import Summary, standings
from tests.test_crosstable_forfeits import league
from tests.test_not_started_forfeits import league_with_a_file_that_never_ran
from tests.test_tournament import _Terminal
from tests.ui_helpers import drop, in_language, words_in
from ui import words


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


@pytest.mark.parametrize("language", ["en", "pt"])
def test_opening_a_league_with_every_game_played_says_them_as_the_progress_bar_does(app, tmp_path, language):
    """QA (qa147): a league's file dropped said "turma.json: 6 of 6 games" under a progress bar
    that said "6 of 6 games played": the message counts its games in the bar's words."""
    from tests.test_crosstable_forfeits import IDS, game
    from ui.i18n import _

    players, results = IDS[:2], [game(0, 1, 0), game(1, 0, None, "Draw")]  # Level 1 and Level 2, both played
    summary = Summary("tictactoe", {}, players, 1, 0.5, 1, 1, 1.0, False, standings(players, results), results,
                      [1, 2], names={"level-1": "Level 1", "level-2": "Level 2"})
    path = write_results(summary, str(tmp_path / "turma"))[0]
    with in_language(app, language):
        drop(app, path, frames=3)
        said = [m.text for m in app.scene.messages.items]
        bar = app.scene.progress_said[1]
        counted = _("{played} of {total} games played").format(played=2, total=2)
    assert bar.split(": ", 1)[1].startswith(counted), bar
    assert any(text.startswith(f"turma.json: {counted}; ") for text in said), said


def test_the_live_report_says_the_games_played_and_those_never_played_apart(tmp_path, monkeypatch):
    """Level 1, a.py and Level 2, 6 games: 1 played, 2 a.py lost as it could not be started.
    FILE.txt rewritten mid-run said "(in progress: 3 of 6 games)" under a heading of 1 played."""
    t = league_with_a_file_that_never_ran(2, 1)
    monkeypatch.setattr(command, "LIVE_EVERY", 0.0)
    command._LiveReport(t, str(tmp_path / "league")).update()
    head = (tmp_path / "league.txt").read_text(encoding="utf-8").splitlines()[0]
    assert head.startswith("Tic-tac-toe round robin: 3 players, 1 game played, 2 not played"), head
    assert head.endswith(" (in progress: 1/6 played, 2 not played, 3 left)"), head


@pytest.mark.parametrize(("language", "note"), [("en", " (stopped early: 1/6 played, 2 not played, 3 left)"),
                                                ("pt", " (parado antes do fim: 1/6 jogados, 2 não jogados, 3 por jogar)")])
def test_a_league_stopped_early_says_the_games_played_and_those_never_played_apart(language, note):
    """The same league stopped: its heading (and its page's title) ended "(stopped early: 3 of 6
    games)" of 1 game played."""
    summary = Summary.of(league_with_a_file_that_never_ran(2, 1))
    summary.cancelled = True
    with words_in(language):
        head = report_head(summary, words.ReportWords())
    assert head.endswith(note), head


def test_the_progress_bars_forfeits_are_of_games_played_beside_those_never_played():
    """A game a.py lost as it could not be started, then one it lost on time while playing: the
    bar said "1 not played ... forfeits 2", the game never played counted in both.  Its forfeits
    are those of games played, said so beside the games never played."""
    bar = ProgressBar(4, stream=_Terminal())
    never = GameResult("tictactoe", {}, ["a.py", "level-1"], [], 1, None,
                       "X forfeits: a.py could not be started: SyntaxError: x", True)
    bar.update(1, never)
    assert "1 not played" in bar.line(1) and "forfeit" not in bar.line(1), bar.line(1)
    bar.update(2, GameResult("tictactoe", {}, ["level-1", "a.py"], ["b2"], 0, None,
                             "O forfeits: a.py exceeded the time limit", True))
    assert "1/4 played, 1 not played, 2 left" in bar.line(2), bar.line(2)
    assert bar.line(2).endswith("  forfeits 1 in games played"), bar.line(2)


ONE_EACH = {  # a league of 6 games, 1 played and 1 never played: its heading, its bars, its opening message
    "en": ("Tic-tac-toe round robin: 3 players, 1 game played, 1 not played (forfeited or annulled), 1 s/move",
           "1/6 played, 1 not played, 4 left",
           "turma.json: 1 of 6 games played, 1 not played (forfeited or annulled), 4 left; click a result"),
    "pt": ("Jogo do Galo, todos contra todos: 3 jogadores, 1 jogo jogado, 1 não jogado (perdido por falta ou sem "
           "efeito), 1 s/jogada",
           "1/6 jogados, 1 não jogado, 4 por jogar",
           "turma.json: 1 de 6 jogos jogados, 1 não jogado (perdido por falta ou sem efeito), 4 por jogar; clique "
           "num resultado"),
}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_count_of_one_is_said_in_the_singular_in_the_heading_and_the_bar(tmp_path, language):
    """A league with 1 game played and 1 never played: its heading said "1 games played", and in
    Portuguese "1 não jogados", each count formatted into one plural sentence.  Each count is said
    in its own form now, in FILE.txt, FILE.md, FILE.html, the tables Copy puts on the clipboard and
    the window's progress bar; the terminal's bar too (English only)."""
    head, bar, _opened = ONE_EACH[language]
    summary = Summary.of(league_with_a_file_that_never_ran(1, 1))
    with words_in(language):
        said = words.ReportWords()
        txt, md, html = (path.read_text(encoding="utf-8")
                         for path in write_results(summary, str(tmp_path / "turma"), said)[3:])
        assert page_title(summary, said) == head and tables_markdown(summary, said).startswith(f"# {head}\n")
        assert games_counted(1, 1, 6, words=said, short=True) == bar
    assert txt.startswith(f"{head}, ") and md.startswith(f"# {head}\n") and f"<title>{head}</title>" in html, txt
    if language == "en":
        terminal = ProgressBar(6, stream=_Terminal())
        for done, result in enumerate(summary.results, 1):
            terminal.update(done, result)
        assert f"] {bar}  " in terminal.line(2), terminal.line(2)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_opening_a_league_with_one_game_not_played_says_it_in_the_singular(app, tmp_path, language):
    """The window's message on opening that league's file: "1 não jogados (perdidos ...)"."""
    path = write_results(Summary.of(league_with_a_file_that_never_ran(1, 1)), str(tmp_path / "turma"))[0]
    with in_language(app, language):
        drop(app, path, frames=3)
        said = [m.text for m in app.scene.messages.items]
    assert any(text.startswith(ONE_EACH[language][2]) for text in said), said


def test_the_terminal_bar_says_from_its_first_line_the_games_of_a_file_that_cannot_start(tmp_path, capsys):
    """Level 1, a file with a syntax error and Level 2, 6 games: the file's 4 are lost by forfeit
    without play, which is known before the first game (it is started once first).  The bar's
    first line said "0/6 games", and "not played" only once their forfeits came in; it says them
    from the first line now, and the same counts at the end."""
    broken = tmp_path / "broken.py"
    broken.write_text("def choose(game, state)\n    return 1\n")
    assert run_tournament("tictactoe", ["level-1", str(broken), "level-2"], {}, 1, 0.2, 1, None, 1) == 0
    bars = [line for line in capsys.readouterr().err.splitlines() if line.startswith("[")]
    assert "] 0/6 played, 4 not played, 2 left " in bars[0], bars
    assert "] 2/6 played, 4 not played, 0 left " in bars[-1], bars


def test_the_terminal_bars_time_left_is_of_the_games_left_to_play():
    """The same league after its first game played, in 10 s: 1 game is left to play, the file's 4
    forfeits take no time; the time left counted 5 games at the rate of play, 50 s."""
    bar = ProgressBar(6, stream=_Terminal(), ahead=4, broken={"broken.py"})
    bar.update(1, GameResult("tictactoe", {}, ["level-1", "level-2"], ["b2"], 0, reason="played"))
    assert bar.eta(1, 10.0).strip() == "10s", bar.eta(1, 10.0)
