"""The tournament screen withdraws a player from a stopped tournament (Withdraw, a click on its row
of the standings, Withdraw again), its games counted as ``ai.tournament_standings.withdrawal_stands`` rules."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from ai.tournament import Tournament
from ai.tournament_standings import is_annulled, is_withdrawal, withdrawal_stands
from tests.outside_bots import bot_faulting_at, held_league, hold_until
from tests.ui_helpers import click, drop, in_language, key, wait
from ui.scenes.tournament import TournamentScene

HELD_LAST = ["level-1", "level-2", "level-3", "held"]  # games 5 and 6 are the held bot's first


def stopped_tournament(app, monkeypatch, folder: Path) -> TournamentScene:
    """A tournament of three players begun on the screen and stopped by its Stop button with games
    left: ``held_league`` (Level 1 and Level 2 play their two games, then the bot Ana holds its
    first move in each of its four until ``folder/go-on`` is there), its files in ``folder``.

    Stop was pressed as soon as a league of four levels (600 games at 0.1 s a move) ran, and the
    test asserted games were still left: warm workers, on a fast machine or a slow test, could
    play them all first.  Ana's held move keeps the league running until Stop, surely.  Not
    watched: Ana's games, begun, would wait for the board, and the tables with them."""
    scene = held_league(app, monkeypatch, folder, watch=False)
    stop = scene.buttons[1]
    assert stop.enabled
    click(app, stop.rect.center)
    t = scene.tournament
    assert wait(app, lambda: not t.is_running(), 60)
    app.run_frames(2)
    assert t.pending(), "the tournament ended before Stop: no game left to withdraw from"
    return scene


def ana(scene: TournamentScene) -> str:
    """The id of ``held_league``'s bot Ana, which has played none of its games."""
    return next(pid for pid in scene.tournament.player_ids if scene._name(pid) == "Ana")


def withdraw_button(scene: TournamentScene):
    return next(b for b in scene.buttons if b.action == scene._withdraw_pressed)


def row_of(scene: TournamentScene, player_id: str):
    return next(rect for rect, pid in scene.standing_rows if pid == player_id)


def test_withdraw_then_a_click_on_a_row_says_what_it_does_and_withdraw_again_does_it(app, monkeypatch, tmp_path):
    """Removing a player from a league begun was refused; now the organiser withdraws it, after
    being told what that does to its games, and the league goes on without it."""
    scene = stopped_tournament(app, monkeypatch, tmp_path / "league")  # 6 games: Level 1 played 2 of its 4
    t = scene.tournament
    games = len(t.games_of("level-1"))
    button = withdraw_button(scene)
    assert button.visible and button.label == "Withdraw a player"
    click(app, button.rect.center)
    assert button.label == "Choose a player"
    click(app, row_of(scene, "level-1").center)
    assert button.label == "Withdraw Level 1? Press again" and scene.withdrawing == "level-1"
    played = t.played_by("level-1")
    assert 0 < played < games
    stands = withdrawal_stands(played, games)
    said = scene.messages.items[-1].text
    assert said.startswith(f"Level 1 has played {played} of its {games} games")
    assert ("its results stand" in said) == stands and ("annulled" in said) == (not stands)
    assert "level-1" not in t.withdrawn  # asked, not done
    click(app, button.rect.center)
    assert t.withdrawn == {"level-1": (played, games)} and scene.withdrawing is None
    assert all(g.number in t.results for g in t.games_of("level-1"))  # each settled: played, lost or annulled
    assert not any("level-1" in t.ids_of(g) for g in t.pending())  # it plays no more
    row = next(st for st in scene.table if st.player == "level-1")
    # its games counted (those left lost by forfeit, not played: not among its games played), or all annulled
    assert (row.games, row.unplayed) == ((played, games - played) if stands else (0, 0))
    log = Tournament.from_files(scene.base.with_name(scene.base.name + ".jsonl"))
    assert log.withdrawn == {"level-1": (played, games)}  # the log keeps it: a Resume later counts it too
    stop = scene.buttons[1]
    assert stop.label == "Resume"
    (tmp_path / "league" / "go-on").touch()  # Ana plays its games left, against Level 2
    click(app, stop.rect.center)
    assert app.run_frames(10, until=lambda: len(t.results) == t.total and not t.is_running(), timeout=240)
    assert {n for n, r in t.results.items() if "level-1" in r.players and not is_withdrawal(r)} <= {
        g.number for g in t.games_of("level-1")}
    assert sum(1 for g in t.games_of("level-1") if not is_withdrawal(t.results[g.number])) == (
        played if stands else 0)


def test_esc_while_withdraw_asks_withdraws_no_one(app, monkeypatch, tmp_path):
    scene = stopped_tournament(app, monkeypatch, tmp_path / "league")
    button = withdraw_button(scene)
    click(app, button.rect.center)
    click(app, row_of(scene, "level-1").center)
    key(app, pygame.K_ESCAPE)
    assert scene.withdrawing is None and not scene.tournament.withdrawn and app.scene is scene
    assert button.label == "Withdraw a player"


def shown_words(scene: TournamentScene) -> list[str]:
    """The screen's own messages still shown, as they read."""
    return [str(m.text) for m in scene.messages.items]


CHOOSE = "Choose the player to withdraw in the standings"


@pytest.mark.parametrize("answer", ["withdraw", "esc", "withdraw with none chosen"])
def test_the_choosing_messages_go_once_the_choosing_ends(app, monkeypatch, tmp_path, answer):
    """"Choose the player to withdraw in the standings: a click on its row …" stayed for its 10 s
    under "Nothing withdrawn" or "… is withdrawn", saying to choose when there was nothing left to
    choose.  It goes as the choosing ends."""
    scene = stopped_tournament(app, monkeypatch, tmp_path / "league")
    button = withdraw_button(scene)
    click(app, button.rect.center)
    assert any(text.startswith(CHOOSE) for text in shown_words(scene))
    if answer != "withdraw with none chosen":
        click(app, row_of(scene, "level-1").center)
        assert any("Press Withdraw again to confirm" in text for text in shown_words(scene))
    if answer == "esc":
        key(app, pygame.K_ESCAPE)
    else:
        click(app, button.rect.center)
    said = shown_words(scene)
    assert scene.withdrawing is None and app.scene is scene
    assert not any(text.startswith(CHOOSE) for text in said), said
    last = "Level 1 is withdrawn: " if answer == "withdraw" else "Nothing withdrawn"
    assert said[-1].startswith(last), said


def test_withdraw_from_the_keyboard_tab_to_it_down_to_a_row_and_enter_again(app, monkeypatch, tmp_path):
    scene = stopped_tournament(app, monkeypatch, tmp_path / "league")
    t = scene.tournament
    button = withdraw_button(scene)
    for _ in range(len(scene.buttons)):  # Tab round the buttons to Withdraw
        key(app, pygame.K_TAB)
        if button.focused:
            break
    assert button.focused
    key(app, pygame.K_RETURN)
    # the way to choose a row is said for the keyboard too: "Click a player" had no key
    assert button.label == "Choose a player" and "Up and Down" in scene.messages.items[-1].text
    key(app, pygame.K_DOWN)
    first = scene.table[0].player
    assert scene.withdrawing == first
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    assert scene.withdrawing == first and button.focused
    key(app, pygame.K_RETURN)
    assert first in t.withdrawn and scene.withdrawing is None


@pytest.mark.parametrize("language", ["en", "pt"])
def test_what_withdrawing_does_is_drawn_whole_inside_the_smallest_window(monkeypatch, tmp_path, language):
    """At 800x560 the question's message was cut to one line ("... Press Withdraw again…"): what
    withdrawing does, and how to confirm or not, are drawn whole inside the window, in English and
    in Portuguese."""
    from tests.ui_helpers import make_app
    from ui import i18n
    from ui import text as tx
    from ui.app import MIN_SIZE
    from ui.widgets import Messages

    drawn: list[tuple[str, tuple[str, ...], bool]] = []
    shown = Messages.shown

    def spied(self, scale, max_width, room=None):
        lanes = shown(self, scale, max_width, room)
        drawn.extend((m.text, lines, cut) for m, lines, cut in lanes)
        return lanes

    app = make_app(tmp_path, monkeypatch, size=MIN_SIZE)
    try:
        app.settings.language = language
        app.apply_settings()
        scene = stopped_tournament(app, monkeypatch, tmp_path / "league")
        click(app, withdraw_button(scene).rect.center)
        click(app, row_of(scene, "level-1").center)
        said = scene.messages.items[-1].text
        assert ("Nível 1" if language == "pt" else "Level 1") in said
        monkeypatch.setattr(Messages, "shown", spied)
        scene.invalidate()
        app.run_frames(2)
        lines = [(lines, cut) for text, lines, cut in drawn if text == said]
        assert lines, f"{said!r} was not drawn"
        lines, cut = lines[-1]
        assert not cut and " ".join(lines).split() == said.split(), lines
        font = tx.ui_font(Messages.text_size(app.scale))
        assert max(font.size(line)[0] for line in lines) < app.screen.get_width()
        assert app.errors == []
    finally:
        app.quit()
        i18n.set_language("en")


def test_students_of_one_stem_and_one_withdrawn_with_its_games_annulled_as_the_screen_shows_them(app, tmp_path,
                                                                                              monkeypatch):
    """bots/a/aluno.py and bots/b/aluno.py dropped on the screen are "a/aluno" and "b/aluno", and
    bots/c/solo.py "solo" (it was "c/solo", as a match did not name it); a/aluno withdrawn before
    half its games: its annulled games say "a/aluno", and it is drawn under "Withdrawn, not ranked"
    below the standings, not as a row on 0 points at their foot."""
    from tests.ui_helpers import recorded_text

    bots = tmp_path / "bots"
    for folder, stem in (("a", "aluno"), ("b", "aluno"), ("c", "solo")):
        (bots / folder).mkdir(parents=True)
        (bots / folder / f"{stem}.py").write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    for folder, stem in (("a", "aluno"), ("b", "aluno"), ("c", "solo")):
        drop(app, bots / folder / f"{stem}.py", frames=0)
    assert app.run_frames(600, until=lambda: len(scene.outside.get("tictactoe", [])) == 3 and scene.adding is None,
                          timeout=60)
    drawn = recorded_text(monkeypatch)
    scene.invalidate()
    app.run_frames(2)
    names = {title for _pid, title in scene.players()}
    assert {"a/aluno", "b/aluno", "solo"} <= names and {"a/aluno", "b/aluno", "solo"} <= set(drawn)
    aluno = next(pid for pid, title in scene.players() if title == "a/aluno")
    scene.selected = {"level-1", "level-2", *(pid for pid, _title in scene.outside["tictactoe"])}
    scene.games_index, scene.time_index = 0, 0
    scene._start()
    assert app.run_frames(10, until=lambda: scene.tournament is not None and scene.running, timeout=120)
    click(app, scene.buttons[1].rect.center)  # Stop as it starts
    t = scene.tournament
    assert app.run_frames(10, until=lambda: not t.is_running(), timeout=30)
    app.run_frames(2)
    played = t.played_by(aluno)
    assert 2 * played < len(t.games_of(aluno)), "a/aluno played half its games before Stop"
    click(app, withdraw_button(scene).rect.center)
    click(app, row_of(scene, aluno).center)
    click(app, withdraw_button(scene).rect.center)
    assert aluno in t.withdrawn
    drawn.clear()
    scene.invalidate()
    app.run_frames(2)
    rows = {pid for _rect, pid in scene.standing_rows}
    assert aluno not in rows and len(rows) == 4
    assert "Withdrawn, not ranked:" in drawn
    said = (f"a/aluno withdrew after {played} of its 8 games: fewer than half" if played  # Stop may come before any
            else "a/aluno withdrew having played none of its 8 games: they are annulled")
    assert any(text.startswith(said) for text in drawn), drawn
    click(app, row_of(scene, "level-1").center)  # its games: those against a/aluno, settled unplayed, too
    shown = [(rect, n) for rect, n, _text in scene._recent_rects if aluno in t.results[n].players]
    assert shown, "none of a/aluno's annulled games is in the latest results"
    click(app, shown[0][0].center)  # its whole line, said in a message
    said = scene.messages.items[-1].text
    after = f"after {played} of its" if played else "having played none of its"
    assert f"annulled: a/aluno withdrew from the tournament {after} 8 games" in said, said
    assert str(bots) not in said


def resumed_then_stopped(app, tmp_path: Path, game_id: str, players: list[str], games_per_pair: int,
                         played: int) -> TournamentScene:
    """An unfinished tournament of ``game_id`` whose first ``played`` games were played (its log in
    the data folder), resumed from the screen's offer and stopped at once (Stop as soon as it runs).

    ``"held"`` in ``players`` is a bot (its file in ``tmp_path``) that plays its games among the
    first ``played`` and, resumed, holds its first move in each of its games until the test ends,
    at 600 s a move: those numbered ``played + 1`` and ``played + 2`` are its, so the tournament is
    stopped with ``played`` games, surely.  Of levels alone a game or more could end before Stop
    (7 played where 6 were set up).  The log keeps the first ``played`` games alone: a game the
    set-up's Stop let end is dropped."""
    import json

    from ai.tournament_events import GameFinished
    from ai.tournament_schedule import schedule
    from ui.data_folders import tournaments_dir

    held = players.index("held")
    assert all(held in g.players for g in schedule(len(players), games_per_pair)[played:played + 2]), \
        "the held bot must play the games after the first ones"
    (tmp_path / "held-bot").mkdir()
    bot = str(bot_faulting_at(tmp_path / "held-bot", 10 ** 6, "pass"))  # never at fault: the first legal move
    players = [bot if p == "held" else p for p in players]
    tournaments_dir().mkdir(parents=True, exist_ok=True)
    log = tournaments_dir() / f"{game_id}-20260101-120000.jsonl"
    left = Tournament(game_id, players, games_per_pair=games_per_pair, time_per_move=0.05, seed=3, log=str(log))
    left.run(lambda event: left.cancel() if isinstance(event, GameFinished) and event.done >= played else None)
    header, *records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    header["time_per_move"] = 600.0  # the held moves not lost on time
    kept = [r for r in records if r.get("number", 0) <= played]
    log.write_text("".join(json.dumps(r) + "\n" for r in [header, *kept]), encoding="utf-8")
    bot_faulting_at(tmp_path / "held-bot", 1, hold_until(tmp_path / "go-on"))  # the same file, now holding
    scene = TournamentScene(app, game_id)
    app.switch(scene)
    app.run_frames(2)
    assert scene.offer is not None and scene.offer.done == played
    click(app, scene.offer_buttons[0].rect.center)  # Resume, then Stop at once: Hex's games take a while
    assert wait(app, lambda: scene.tournament is not None and scene.running, 60)
    click(app, scene.buttons[1].rect.center)
    assert wait(app, lambda: not scene.tournament.is_running(), 60)
    app.run_frames(2)
    return scene


def test_a_player_with_no_game_left_is_not_chosen_to_withdraw(app, tmp_path):
    """An unfinished Hex tournament whose first six games, all of Level 1's, are played: resumed
    and stopped, Withdraw then a click on Level 1's row chose it, and Withdraw again said it
    "could not be withdrawn" in English.  The message says it has played all its games and that
    there is nothing to withdraw it from; it is not chosen, and Up and Down pass over it."""
    scene = resumed_then_stopped(app, tmp_path, "hex", ["level-1", "level-2", "held", "level-4"], 1, 6)
    t = scene.tournament
    assert (len(t.results), t.total) == (6, 12)
    assert t.games_left("level-1") == 0 and t.pending()
    button = withdraw_button(scene)
    click(app, button.rect.center)
    click(app, row_of(scene, "level-1").center)
    assert scene.withdrawing == "" and button.label == "Choose a player"
    assert scene.messages.items[-1].text == ("Level 1 has played all its 6 games: there is nothing left to withdraw "
                                             "it from, and its results stand as they are")
    key(app, pygame.K_DOWN)
    assert scene.withdrawing not in ("", "level-1") and not t.withdrawn


@pytest.mark.parametrize("language, annulled", [("en", "annulled"), ("pt", "sem efeito")])
def test_an_annulled_games_line_says_annulled_once_in_the_windows_language(app, monkeypatch, tmp_path, language,
                                                                          annulled):
    """A player withdrawn before half its games: the latest results read "40. slow - crashy
    annulled  annulled: crashy withdrew …", the first "annulled" in English in Portuguese too.
    Each annulled game's line says it once, in the window's language."""
    scene = stopped_tournament(app, monkeypatch, tmp_path / "league")
    t, bot = scene.tournament, ana(scene)
    with in_language(app, language):
        click(app, withdraw_button(scene).rect.center)
        click(app, row_of(scene, bot).center)
        click(app, withdraw_button(scene).rect.center)
        assert bot in t.withdrawn and t.played_by(bot) * 2 < len(t.games_of(bot))
        click(app, row_of(scene, "level-1").center)  # its games: those against Ana annulled unplayed too
        scene.invalidate()
        app.run_frames(2)
        lines = [text for _rect, number, text in scene._recent_rects if is_annulled(t.results[number])]
    assert lines, "no annulled game in the latest results"
    # Ana's two games the Stop dropped at its held move, settled by the withdrawal: no longer said
    # "stopped at move N: replayed on Resume" above their annulled lines
    assert not scene.stopped_part_way and all(annulled in line for line in lines), lines
    assert all(line.count(annulled) == 1 and ("annulled" in line) == (language == "en") for line in lines), lines


def stopped_unshown(app, monkeypatch, folder: Path) -> TournamentScene:
    """A tournament of four players watched, stopped by its Stop button once its first four games
    are over, the board's clock standing still (``StoppedClock``): every game played waits to be
    shown.  ``held_league`` of Levels 1 to 3 (its files in ``folder``): Level 1's four games are
    played, then the bot Ana holds its games.  A 600-game league of levels stopped after four
    results could play them all first, or the board show one, warm workers being fast."""
    from tests.test_ui_tournament_watch import StoppedClock
    from ui.scenes import tournament_watch

    monkeypatch.setattr(tournament_watch, "monotonic", StoppedClock())
    scene = held_league(app, monkeypatch, folder, levels=("level-1", "level-2", "level-3"), listed=False)
    click(app, scene.buttons[1].rect.center)
    t = scene.tournament
    assert app.run_frames(10, until=lambda: not t.is_running(), timeout=30)
    app.run_frames(2)
    assert sorted(t.results) == [1, 2, 3, 4] and t.pending(), "the tournament ended before Stop"
    assert scene.held == frozenset(t.results), "the board has shown a game"
    return scene


def most_played(scene: TournamentScene) -> str:
    """The player with the most games played (Level 1, its four of the games over)."""
    return max(scene.tournament.player_ids, key=scene.tournament.played_by)


def test_the_progress_says_the_games_played_those_a_withdrawal_settled_and_those_left(app, monkeypatch, tmp_path):
    """A player withdrawn mid-tournament: the progress counted the games the withdrawal settled
    unplayed as played ("24 of 40 games played … shown 14" where 10 were played).  It says the
    games played, those forfeited or annulled by the withdrawal and those left, adding up to all."""
    from tests.ui_helpers import recorded_text

    scene = stopped_unshown(app, monkeypatch, tmp_path / "league")
    t = scene.tournament
    played, player = len(t.results), "level-2"  # 2 of its 6 games played, fewer than half: annulled
    theirs = t.played_by(player)
    stands = withdrawal_stands(theirs, len(t.games_of(player)))
    assert theirs == 2 and not stands
    click(app, withdraw_button(scene).rect.center)
    click(app, row_of(scene, player).center)
    click(app, withdraw_button(scene).rect.center)
    assert player in t.withdrawn
    settled, annulled = len(t.results) - played, 0 if stands else theirs  # its games played annulled too
    drawn = recorded_text(monkeypatch)
    scene.invalidate()
    app.run_frames(1)
    said = (f"Tic-tac-toe: {played} of {t.total} games played{f' ({annulled} of them annulled)' if annulled else ''}, "
            f"{settled} not played (forfeited or annulled), {t.total - played - settled} left")
    # the bar's whole words (a click says them): it shows the longest form that fits, and how many
    # games the stopped tournament had played, annulled with them or not, made these too long at times
    _bar, whole, shown = scene.progress_said
    assert whole.startswith(said) and shown in drawn, (said, whole, shown)
    # as the standings count them: the games played not annulled, and the forfeits where its results stand
    assert sum(st.games for st in scene.table) // 2 == played - annulled + (settled if stands else 0)


def test_the_progress_says_its_games_one_way_with_a_withdrawal_or_without(app, monkeypatch, tmp_path):
    """QA (qa147): one screen said "Tic-tac-toe: 4/12 games", then "4 of 12 games played" once
    the board replayed games or a withdrawal settled some.  It says the games played one way
    throughout (``games_counted``), the games a withdrawal settled apart once there are some."""
    from tests.test_ui_tournament_watch import button

    scene = stopped_unshown(app, monkeypatch, tmp_path / "league")
    t = scene.tournament
    said = f"Tic-tac-toe: {len(t.results)} of {t.total} games played"
    assert scene.held and scene.progress_said[1].startswith(said + ", "), scene.progress_said
    click(app, button(scene, "Watch").rect.center)  # the games left to show skipped: none waits for the board
    assert not scene.held and scene.progress_said[1].startswith(said + ", "), scene.progress_said
    click(app, withdraw_button(scene).rect.center)
    click(app, row_of(scene, "level-3").center)
    click(app, withdraw_button(scene).rect.center)
    assert t.settled_unplayed() and scene.progress_said[1].startswith(said), scene.progress_said


@pytest.mark.parametrize("language, waiting", [("en", "still to show"), ("pt", "por mostrar")])
def test_the_progress_with_games_annulled_fits_at_800x600_larger_text(app, monkeypatch, tmp_path, language,
                                                                       waiting):
    """QA (qa147): at 800x600 in Portuguese, Larger text, with a withdrawal's games annulled, a game
    being prepared and games the board has yet to show, every form of the progress was too long:
    it was cut at "…6 por mo…".  The shortest form leaves the annulled games to the whole words (a
    click on the bar says them) and fits, in English and Portuguese.  The set-up's moment is
    passing: the run state is held at it."""
    from tests.ui_helpers import small_windows

    scene = stopped_unshown(app, monkeypatch, tmp_path / "league")
    t = scene.tournament
    click(app, withdraw_button(scene).rect.center)
    click(app, row_of(scene, "level-2").center)  # 2 of its 6 games played: annulled
    click(app, withdraw_button(scene).rect.center)
    # the games that stand not yet shown on the board, as after a Resume that played them
    standing = frozenset(n for n, result in t.results.items() if not is_withdrawal(result))
    monkeypatch.setattr(scene, "_unseen", lambda: standing)
    scene._count_seen()
    assert t.annulled_played() and scene.held
    monkeypatch.setattr(scene, "_run_state", lambda t: "  -  " + scene._preparing_words(len(t.results) + 1))
    with in_language(app, language):
        for _size, _text_size in small_windows(app, sizes=((800, 600),), text_sizes=(1.25, 1.5)):
            app.invalidate()
            app.run_frames(2)
            _bar, whole, shown = scene.progress_said
            assert shown.endswith(f"{len(scene.held)} {waiting}"), (whole, shown)  # whole, not cut by "…"


def test_the_ratings_panel_counts_the_games_the_players_still_in_can_reach(app, monkeypatch, tmp_path):
    """QA (qa147): after a withdrawal that annulled a player's games, the ratings panel still said
    "none plays more than 6 here": the three players still in play 4 games each at most, none
    against the withdrawn one counting.  It says 4, in the reports' words (``most_rated_games``)."""
    from tests.test_ui_tournament_watch import ratings_panel_words

    scene = stopped_unshown(app, monkeypatch, tmp_path / "league")
    assert "none plays more than 6 here" in ratings_panel_words(app, monkeypatch)
    click(app, withdraw_button(scene).rect.center)
    click(app, row_of(scene, "level-2").center)  # 2 of its 6 games played: annulled
    click(app, withdraw_button(scene).rect.center)
    assert scene.tournament.annulled_played()
    assert "none plays more than 4 here" in ratings_panel_words(app, monkeypatch)


def test_withdraw_shows_every_result_its_question_speaks_of_in_the_standings(app, monkeypatch, tmp_path):
    """While the board had games left to show, Withdraw's question said "has played 5 of its
    games" beside standings that showed none of them.  Withdraw shows the results in the tables
    at once, so the question and the standings tell one story; the board goes on with its games."""
    scene = stopped_unshown(app, monkeypatch, tmp_path / "league")
    t = scene.tournament
    player = most_played(scene)
    click(app, withdraw_button(scene).rect.center)
    click(app, row_of(scene, player).center)
    played = t.played_by(player)
    assert scene.messages.items[-1].text.startswith(f"{scene._name(player)} has played {played} of its ")
    row = next(st for st in scene.table if st.player == player)
    assert row.games == played and not scene.held
    assert sum(st.games for st in scene.table) == 2 * len(t.results)
    assert scene.to_watch or scene.watching is not None  # the board still has them to show


@pytest.mark.parametrize(("language", "words"), [("en", "withdrew from the tournament"), ("pt", "retirou-se do torneio")])
def test_a_withdrawals_games_say_tournament_as_the_screen_does(app, monkeypatch, tmp_path, language, words):
    """The tournament screen said "withdrew from the league" of a withdrawn player's games, a word
    it uses nowhere else; it says tournament, in Portuguese too."""
    scene = stopped_tournament(app, monkeypatch, tmp_path / "league")
    t = scene.tournament
    click(app, withdraw_button(scene).rect.center)
    click(app, row_of(scene, ana(scene)).center)
    click(app, withdraw_button(scene).rect.center)
    with in_language(app, language):
        click(app, row_of(scene, "level-1").center)  # its games: those against Ana settled unplayed too
        rect = next(rect for rect, number, _text in scene._recent_rects if is_withdrawal(t.results[number]))
        click(app, rect.center)
        said = scene.messages.items[-1].text
    assert words in said and "league" not in said and "liga" not in said, said


def question_shown(scene: TournamentScene) -> list[str]:
    """The messages shown now that ask to confirm a withdrawal (in either language)."""
    return [m.text for m in scene.messages.current() if m.text.endswith(("(Esc: no)", "(Esc: não)"))]


def test_the_withdraw_question_comes_back_whole_in_the_new_language_with_its_games_as_counted_before(app, tmp_path):
    """Withdraw, then a row: the question ("Level 2 has played 2 of its 12 games, fewer than half:
    ... . Press Withdraw again to confirm") was two sentences joined, which a switch to Portuguese
    left in English.  It comes back whole in the new language, of the games as they were when
    asked; once the withdrawal is made the question goes (it stayed for its 20 s, asking to
    confirm what was done, and counted again it would have said "has played 0 of its 12 games")."""
    scene = resumed_then_stopped(app, tmp_path, "tictactoe", HELD_LAST, 2, 4)
    t = scene.tournament
    pid = next(p for p in t.player_ids if 0 < t.played_by(p) < 6 and t.games_left(p))  # its games will be annulled
    played, name = t.played_by(pid), scene._name(pid)  # ours named in the window's language: "Nível 2" in Portuguese
    button = withdraw_button(scene)
    click(app, button.rect.center)
    click(app, row_of(scene, pid).center)
    english = question_shown(scene)
    assert english == [f"{name} has played {played} of its 12 games, fewer than half: all its games are annulled, "
                       "counted for no one (they stay in the log). Press Withdraw again to confirm (Esc: no)"], english
    with in_language(app, "pt"):
        app.run_frames(2)
        portuguese = question_shown(scene)
        assert portuguese == [f"{scene._name(pid)} jogou {played} dos seus 12 jogos, menos de metade: todos os seus jogos ficam sem "
                              "efeito, não contam para ninguém (ficam no registo). Prima Retirar de novo para confirmar "
                              "(Esc: não)"], portuguese
        assert scene._name(pid) != name  # "Nível 2", not "Level 2"
        click(app, button.rect.center)
        assert pid in t.withdrawn and t.played_by(pid) == 0
        assert question_shown(scene) == []
    app.run_frames(2)
    assert question_shown(scene) == []


def test_esc_takes_the_withdraw_question_away_with_its_answer(app, tmp_path):
    """A row chosen, then Esc: "Nothing withdrawn" said under the question, which stayed for its
    20 s asking to press Withdraw again.  The question ends with the answer; a second row's
    question stands in place of the first's."""
    scene = resumed_then_stopped(app, tmp_path, "tictactoe", HELD_LAST, 2, 4)
    t = scene.tournament
    first, second = [p for p in t.player_ids if t.games_left(p)][:2]
    click(app, withdraw_button(scene).rect.center)
    click(app, row_of(scene, first).center)
    click(app, row_of(scene, second).center)
    assert len(question_shown(scene)) == 1 and scene._name(second) in question_shown(scene)[0]
    key(app, pygame.K_ESCAPE)
    assert scene.withdrawing is None and not t.withdrawn
    assert question_shown(scene) == []
    assert "Nothing withdrawn" in [m.text for m in scene.messages.current()]


def withdrawn_league_shown(app, tmp_path, after: int = 4, extra: tuple[str, ...] = ()) -> TournamentScene:
    """A tic-tac-toe league (of ``extra`` players too) whose Level 3 was withdrawn after the league's
    first ``after`` games (4: 2 of its 6 games played, all annulled; 8: 4, its results standing),
    its others settled without play, game 12 the last of them (of four players), played to its end
    by the command line, its results log dropped on the window."""
    from tests.test_league_withdraw import PLAYERS as LEAGUE
    from tests.test_league_withdraw import resume, stopped_league

    out = tmp_path / "turma"
    league = [*LEAGUE, *extra]
    stopped_league(out, after, league)
    assert resume(out, [p for p in league if after > 4 or p != "level-3"], withdraw=["Level 3"], yes=True) == 0
    drop(app, f"{out}.jsonl", frames=3)
    scene = app.scene
    assert isinstance(scene, TournamentScene) and (bool(extra) or scene.tournament.results[12].unplayed)
    return scene


def test_the_board_and_the_latest_results_show_only_games_played_after_a_withdrawal(app, tmp_path):
    """The board's "last game" was game 12, settled by the withdrawal without play: an empty board
    titled "Game 12: … annulled", and the latest results began with such games.  The board shows
    the last game played, the latest results list the games played; a player's games (a click on
    Level 4's row) list those settled too, saying they were not played, and one clicked is said,
    not put on the board."""
    scene = withdrawn_league_shown(app, tmp_path)
    t = scene.tournament
    played = [n for n, r in t.results.items() if not r.unplayed]
    assert scene.watching == max(played) and not t.results[scene.watching].unplayed
    assert scene._recent_rects and all(not t.results[n].unplayed for _rect, n, _text in scene._recent_rects)
    click(app, row_of(scene, "level-4").center)  # its games, those against Level 3 settled unplayed
    lines = {n: text for _rect, n, text in scene._recent_rects}
    assert {n for n in lines if t.results[n].unplayed} == {11, 12}
    assert all(("(not played)" in text) == t.results[n].unplayed for n, text in lines.items())
    rect = next(rect for rect, n, _text in scene._recent_rects if n == 12)
    click(app, rect.center)
    assert scene.messages.items[-1].text == lines[12] and scene.watching == max(played)


def test_a_pairs_cell_shows_the_last_game_they_played_not_one_settled_by_a_withdrawal(app, tmp_path):
    """Level 3 withdrawn with its results standing, its games 11 and 12 against Level 4 lost by
    forfeit without play, the only games of the pair: a click on their crosstable cell put game 12
    on the board, empty.  The board shows a game they played, none here: it keeps the last game
    played; both forfeits are listed, saying they were not played."""
    scene = withdrawn_league_shown(app, tmp_path, after=8)
    t = scene.tournament
    cell = next(rect for rect, row, column in scene._cross_rects if (row, column) == ("level-4", "level-3"))
    click(app, cell.center)
    assert scene.pair == ("level-4", "level-3")
    assert scene.watching == 10 and not t.results[10].unplayed  # the last game played, on the board still
    assert sorted(n for _rect, n, text in scene._recent_rects if "(not played)" in text) == [11, 12]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize(("size", "text_size"), [((800, 560), 1.0), ((800, 560), 1.5), ((1280, 800), 1.5)])
def test_the_progress_fits_its_bar_and_a_click_on_it_says_it_whole(tmp_path, monkeypatch, language, size, text_size):
    """In Portuguese at 800x560, with annulled games played, the progress words ("8 de 12 jogos
    jogados (2 deles sem efeito), 4 não jogados (perdidos por falta ou sem efeito), …") reached the
    bar's edge.  They fit it at every size, in fewer words where the whole do not; a click on the
    bar then says them whole."""
    from tests.ui_helpers import recorded_text_rects, window_for_a_test

    with window_for_a_test(tmp_path, monkeypatch, size=size) as app, in_language(app, language):
        app.settings.text_size = text_size
        app.apply_settings()
        scene = withdrawn_league_shown(app, tmp_path)
        drawn = recorded_text_rects(monkeypatch)
        scene.invalidate()
        app.run_frames(1)
        bar, whole, _shown = scene.progress_said
        game = "Jogo do Galo:" if language == "pt" else "Tic-tac-toe:"
        shown = [(text, rect) for text, rect in drawn if text.startswith(game) and bar.colliderect(rect)]
        assert shown and all(rect.right <= bar.right - bar.height // 2 for _text, rect in shown), (shown, bar)
        if shown[0][0] != whole:
            click(app, bar.center)
            assert scene.messages.items[-1].text == whole


def test_the_standings_rows_take_the_room_their_notes_leave(tmp_path, monkeypatch):
    """Five players and a withdrawal's note at Larger text, 1280x800: each note was given two rows
    whether it took one or two, and the table was drawn smaller than the room under it allowed.
    Its rows are as tall as the heading, rows and notes' lines allow: a pixel taller, they would
    not fit the panel (or they are at their full height)."""
    from tests.ui_helpers import recorded_text_rects, window_for_a_test

    with window_for_a_test(tmp_path, monkeypatch, size=(1280, 800)) as app:
        app.settings.text_size = 1.5
        app.apply_settings()
        scene = withdrawn_league_shown(app, tmp_path, after=14, extra=("tictactoe:aima",))
        drawn = recorded_text_rects(monkeypatch)
        scene.invalidate()
        app.run_frames(1)
        s, row_h, area = scene._scale(), scene.pitches["standings"][1], scene.standings_area
        assert len(scene.standing_rows) == 5  # every row, Level 3's note under them
        last = scene.standing_rows[-1][0]
        notes = {rect.centery for _text, rect in drawn if area.contains(rect) and rect.top >= last.bottom}
        lines = 1 + len(scene.standing_rows) + len(notes)  # the heading, the rows, the notes' lines
        left = area.bottom - int(4 * s) - (last.bottom + len(notes) * row_h)
        assert notes and (row_h == int(26 * s) or left < lines), (row_h, left, lines)


def test_a_withdrawn_players_note_says_no_forfeit_where_another_withdrawal_annulled_them(app, tmp_path, monkeypatch):
    """Level 3 withdrawn after 4 of its 6 games, its 11-12 lost by forfeit to Level 4, then Level 4
    after 2 of its 6, all its games annulled, those two too: the note under the standings said
    Level 3's games not played "are lost by forfeit", beside a crosstable and standings with no
    forfeit.  It says its results stand, and nothing of forfeits (the report says the same)."""
    from tests.test_league_withdraw import PLAYERS as LEAGUE
    from tests.test_league_withdraw import resume, stopped_league
    from tests.ui_helpers import recorded_text

    out = tmp_path / "turma"
    stopped_league(out, 8, LEAGUE)  # Level 3 has played 3-4 and 7-8, Level 4 5-6
    assert resume(out, LEAGUE, withdraw=["Level 3", "Level 4"], yes=True) == 0  # nothing left to play
    drop(app, f"{out}.jsonl", frames=3)
    scene = app.scene
    assert isinstance(scene, TournamentScene) and scene.tournament.withdrawn == {"level-3": (4, 6), "level-4": (2, 6)}
    drawn = recorded_text(monkeypatch)
    scene.invalidate()
    app.run_frames(1)
    notes = [text for text in drawn if text.startswith("Level 3 withdrew")]
    assert notes == ["Level 3 withdrew after 4 of its 6 games: its results stand"], notes
    assert next(st for st in scene.table if st.player == "level-3").forfeits == 0


def test_an_older_report_dropped_on_the_window_shows_the_games_a_withdrawal_settled_as_not_played(app, tmp_path,
                                                                                                 monkeypatch):
    """FILE.json as Tabuleiro wrote it before GameResult.unplayed (tests/data/tournament/
    withdrawals-without-unplayed.json: see tests/test_league_withdraw.py), dropped on the window:
    its progress said all 12 games played, and its forfeits and annulled games not played were
    listed as games played.  The progress says 6 played (2 of them annulled) and 6 settled by
    withdrawal, Level 1's note the 2 games it lost by forfeit, and those games "(not played)"."""
    from tests.test_league_withdraw import OLD_REPORT
    from tests.ui_helpers import recorded_text

    copy = tmp_path / OLD_REPORT.name
    copy.write_text(OLD_REPORT.read_text(encoding="utf-8"), encoding="utf-8")
    drop(app, copy, frames=3)
    scene = app.scene
    assert isinstance(scene, TournamentScene) and scene.tournament is not None
    t = scene.tournament
    drawn = recorded_text(monkeypatch)
    scene.invalidate()
    app.run_frames(1)
    said = "Tic-tac-toe: 6 of 12 games played (2 of them annulled), 6 not played (forfeited or annulled), 0 left"
    assert any(text.startswith(said) for text in drawn) or scene.progress_said[1].startswith(said), scene.progress_said
    note = [text for text in drawn if text.startswith("Level 1 withdrew")]  # and its next lines, if it wraps
    note = " ".join(drawn[drawn.index(note[0]):][:3]) if note else ""
    assert note.startswith("Level 1 withdrew after 4 of its 6 games: its results stand, and it loses by forfeit 2 "
                           "games it did not play"), [text for text in drawn if "withdrew" in text]
    click(app, row_of(scene, "level-1").center)  # its games: 5-6 lost by forfeit, 3-4 annulled (played)
    lines = {n: text for _rect, n, text in scene._recent_rects}
    assert {5, 6} <= set(lines) and all(("(not played)" in text) == (n in {5, 6}) for n, text in lines.items()), lines
    assert not t.results[scene.watching].unplayed  # the board shows a game played


@pytest.mark.parametrize("order", [["AIMA", "Level 3"], ["Level 3", "AIMA"]])
def test_a_log_of_two_withdrawals_dropped_on_the_window_shows_the_results_of_the_report(app, tmp_path, order):
    """AIMA withdrawn, then Level 3, by the command line: FILE.json gave Level 3 its unplayed 17-18
    against AIMA as forfeit wins (2 forfeits), but the .jsonl dropped on the window made them
    double forfeits (4).  The window shows what the report says, the other order too: the first of
    the two to withdraw forfeits the games left between them."""
    from ai.tournament_standings import Summary
    from tests.test_league_withdraw import league_results, withdrawn_by_command

    out = tmp_path / "turma"
    report = withdrawn_by_command(out, order)
    drop(app, f"{out}.jsonl", frames=3)
    scene = app.scene
    assert isinstance(scene, TournamentScene) and list(scene.tournament.withdrawn) == [
        {"AIMA": "tictactoe:aima"}.get(word, "level-3") for word in order]
    assert league_results(Summary.of(scene.tournament).to_json()) == league_results(report)
    shown = {st.player: (st.points, st.forfeits) for st in scene.table}
    assert shown == {s["player"]: (s["points"], s["forfeits"]) for s in report["standings"]}
    assert shown["level-3"][1] == (2 if order[0] == "AIMA" else 4)


def standings_cells(drawn: list, scene: TournamentScene, player_id: str) -> dict[str, str]:
    """The cells of ``player_id``'s row of the standings as drawn (``drawn``: ``recorded_text_rects``),
    by their column's heading: each cell is drawn at its heading's right end."""
    heads = {text: rect.right for text, rect in drawn if rect.bottom <= row_of(scene, player_id).top
             and scene.standings_area.contains(rect)}
    row = row_of(scene, player_id)
    return {head: text for head, right in heads.items() for text, rect in drawn
            if row.collidepoint(rect.center) and rect.right == right}


def test_the_screens_standings_count_a_withdrawals_forfeits_in_the_points_not_in_gp(app, tmp_path, monkeypatch):
    """Level 3 withdrawn after 4 of its 6 games (tests/test_league_withdraw.py's league): its games
    11-12, lost by forfeit to Level 4, never played, were in GP (6 each), the games of the Elo.
    The window's table, dropped FILE.json, says the games each played in GP, the forfeits in W and
    L, and a line under it says how they count, in Portuguese too."""
    from ai.commands.tournament import UNPLAYED_FORFEITS
    from tests.test_league_withdraw import PLAYERS, resume, stopped_league
    from tests.ui_helpers import recorded_text_rects

    out = tmp_path / "turma"
    stopped_league(out, 8)
    assert resume(out, PLAYERS, withdraw=["level-3"], yes=True) == 0
    drop(app, f"{out}.json", frames=3)
    scene = app.scene
    assert isinstance(scene, TournamentScene) and scene.tournament.withdrawn == {"level-3": (4, 6)}
    t = scene.tournament
    drawn = recorded_text_rects(monkeypatch)
    scene.invalidate()
    app.run_frames(1)
    for pid in PLAYERS:
        cells = standings_cells(drawn, scene, pid)
        lost = sum(1 for g in t.games_of(pid) if t.results[g.number].unplayed)  # 11-12 for Level 3 and Level 4
        assert cells["GP"] == str(t.played_by(pid)), cells
        assert int(cells["W"]) + int(cells["D"]) + int(cells["L"]) == t.played_by(pid) + lost, cells
    assert standings_cells(drawn, scene, "level-4")["GP"] == "4"  # 6 games, 2 of them won by forfeit
    texts = [text for text, _rect in drawn]
    start = next(i for i, text in enumerate(texts) if text.startswith("A game not played, because"))
    assert " ".join(texts[start:start + 3]).startswith(UNPLAYED_FORFEITS), texts[start:start + 3]
    drawn.clear()
    with in_language(app, "pt"):
        scene.invalidate()
        app.run_frames(1)
        texts = [text for text, _rect in drawn]
        assert standings_cells(drawn, scene, "level-4")["J"] == "4"
        assert any(text.startswith("Um jogo que não se jogou, porque um jogador se retirou") for text in texts)


@pytest.mark.parametrize("language, annulled", [("en", "annulled"), ("pt", "sem efeito")])
def test_the_boards_title_says_an_annulled_game_in_the_windows_language(app, monkeypatch, tmp_path, language,
                                                                      annulled):
    """Level 3 withdrawn after 2 of its 6 games, both annulled: one of them clicked in its
    opponent's games put it on the board titled "Jogo 2: Nível 2 vs Nível 1 annulled" in Portuguese, the word in
    English (``outcome``, the reports' word).  It says the window's word for annulled games."""
    scene = withdrawn_league_shown(app, tmp_path)
    t = scene.tournament
    titles: list[str] = []
    panel = scene._panel

    def spied(surface, theme, rect, title):
        titles.append(title)
        return panel(surface, theme, rect, title)

    monkeypatch.setattr(scene, "_panel", spied)
    with in_language(app, language):
        number, game = next((n, r) for n, r in t.results.items() if is_annulled(r) and not r.unplayed)
        click(app, row_of(scene, next(p for p in game.players if p != "level-3")).center)  # its games
        click(app, next(rect for rect, n, _text in scene._recent_rects if n == number).center)
        assert scene.watching == number
        titles.clear()
        scene.invalidate()
        app.run_frames(2)
    board = [title for title in titles if title.startswith(("Game ", "Jogo "))]
    assert board and all(f"  {annulled}" in title and ("annulled" in title) == (language == "en")
                         for title in board), titles
