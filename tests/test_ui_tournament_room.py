"""The running tournament screen's room at 800 pixels: the standings take what their rows need of
the left column (the crosstable of a few players needs little), and the keyboard reaches every
line of the latest results, a game a Stop left part way too."""

from __future__ import annotations

import os

import pygame

from tests.outside_bots import held_league
from tests.ui_helpers import (
    click,
    key,
    recorded_rings,
    small_windows,
    tab_to,
    tournament_over_and_shown,
    wait,
)
from ui.scenes import tournament_results

LEVELS = ("level-1", "level-2", "level-3", "level-4")


def _stopped_league(app, monkeypatch, folder, players: int):
    """A league of ``players`` of 3x3, levels and the bot Ana, stopped on the screen once the
    levels' games before Ana's first are in: games are left, so Withdraw shows and the buttons
    take two rows at 800 pixels, and the standings say how points count and that the players'
    games differ.  Ana holds its first move until the test ends (``held_league``): a league of
    levels alone, stopped after a few results, relied on games being left when Stop was clicked."""
    from ai.commands.tournament import unequal_games

    scene = held_league(app, monkeypatch, folder, watch=False, levels=LEVELS[:players - 1])
    click(app, scene.buttons[1].rect.center)  # Stop
    assert wait(app, lambda: not scene.tournament.is_running(), 60)
    app.run_frames(2)
    t = scene.tournament
    assert len(t.results) < len(t.schedule) and unequal_games(t.standings()), t.results  # games left, unequal
    return scene


def test_at_800_pixels_the_standings_show_every_row_of_a_small_league_without_scrolling(app, monkeypatch, tmp_path):
    """At 800x600 Larger text the buttons took two rows, and the standings' box, half the left
    column, showed one row of three and "0 above, 2 below: scroll".  At 800x560 and 800x600, at
    Normal and Larger text, a league of three and of four players shows every standings row."""
    for players in (3, 4):
        scene = _stopped_league(app, monkeypatch, tmp_path / str(players) / "league", players)
        for size, text_size in small_windows(app):
            app.run_frames(2)
            scene.draw(app.screen)
            if os.environ.get("TOUR3_SHOTS"):
                pygame.image.save(app.screen, f"{os.environ['TOUR3_SHOTS']}/p{players}-{size[1]}-{text_size}.png")
            where = (players, size, text_size)
            assert scene.standings_scroll.hidden == (0, 0), where
            assert len(scene.standing_rows) == players, where
            assert all(scene.standings_area.contains(row) for row, _player in scene.standing_rows), where
            assert scene.cross_area.bottom <= scene.standings_area.top, where
            app.settings.text_size = 1.0
        scene.buttons[0].action()  # Back (stopped: nothing asked)
        app.run_frames(2)


def test_up_and_down_reach_the_lines_of_games_a_stop_dropped_and_enter_shows_where_it_stopped(app, monkeypatch,
                                                                                               tmp_path):
    """After Stop the latest results list the games it dropped part way, greyed ("stopped before
    its first move: replayed on Resume"), over the results: a click showed where such a game
    stopped, but Up and Down went from result to result past them.  They are rows as the results
    are, in the order drawn, ringed when chosen, and Enter on one shows its game where it stopped
    and says its line, as a click does."""
    scene = held_league(app, monkeypatch, tmp_path / "league", watch=False)  # each result listed as it comes
    click(app, scene.buttons[1].rect.center)  # Stop: Ana's games are held at their first move
    assert wait(app, lambda: tournament_over_and_shown(scene), 60)
    app.run_frames(2)
    drawn = [number for _rect, number, _text in scene._recent_rects]  # top to bottom: dropped lines, then results
    dropped = [number for _rect, number, text in scene._recent_rects if "replayed on Resume" in text]
    assert dropped and set(dropped) <= set(scene.stopped_part_way), (dropped, scene.stopped_part_way)
    assert drawn[:len(dropped)] == dropped and set(drawn[len(dropped):]) >= {1, 2}, drawn
    tab_to(app, scene, lambda stop: stop is scene.results_stop)
    rings = recorded_rings(monkeypatch, tournament_results)
    key(app, pygame.K_HOME)
    chosen = [scene.chosen_result]
    for _step in drawn[1:]:
        key(app, pygame.K_DOWN)
        chosen.append(scene.chosen_result)
    assert chosen == drawn, (chosen, drawn)
    for _step in drawn[1:]:
        key(app, pygame.K_UP)
    assert scene.chosen_result == drawn[0]
    rings.clear()
    app.invalidate()
    app.run_frames(2)
    if os.environ.get("TOUR3_SHOTS"):
        pygame.image.save(app.screen, f"{os.environ['TOUR3_SHOTS']}/dropped-ringed.png")
    first = scene._recent_rects[0][0]
    assert any(ring.collidepoint(first.center) for ring in rings), (rings, first)  # the dropped line ringed
    key(app, pygame.K_RETURN)  # shown where it stopped, its line said, as a click does
    line = next(text for _rect, number, text in scene._recent_rects if number == drawn[0])
    assert scene.messages.items[-1].text == line and "replayed on Resume" in line, scene.messages.items[-1].text
    assert scene.pinned and scene.watching == drawn[0]


def test_at_800_pixels_the_line_of_a_game_a_stop_dropped_is_read_to_its_end(app, monkeypatch, tmp_path):
    """QA (qa147): at 800x600 the latest results cut a game a Stop dropped to one line, "11. Level
    1 - Course Hard  stopped at move 26: replayed on Res…", what Resume does with it lost, where
    a result's reason wraps on up to three lines.  At 800x560 and 800x600 each dropped line is
    drawn whole, its words after the first line under it, in the card (at Larger text the newest:
    the room left under it may still cut the next)."""
    from tests.ui_helpers import recorded_text_rects

    scene = held_league(app, monkeypatch, tmp_path / "league", watch=False)
    click(app, scene.buttons[1].rect.center)  # Stop: Ana's games are held at their first move
    assert wait(app, lambda: tournament_over_and_shown(scene), 60)
    app.run_frames(2)
    drawn = recorded_text_rects(monkeypatch)
    for size, text_size in small_windows(app):
        drawn.clear()
        app.invalidate()
        app.run_frames(1)
        where = (size, text_size)
        lines = [(rect, text) for rect, _number, text in scene._recent_rects if "replayed on Resume" in text]
        assert lines, where  # Ana's games held at her first move
        whole = lines if text_size == 1.0 else lines[:1]  # Larger text: the room left may cut the second
        for rect, text in whole:
            inside = [value for value, at in drawn if rect.contains(at)]
            assert " ".join(inside).replace("\u00a0", " ").split() == text.split(), (where, inside, text)
        assert all(scene.recent_area.contains(rect) for rect, _text in lines), where
        app.settings.text_size = 1.0
    scene.buttons[0].action()  # Back (stopped: nothing asked)
    app.run_frames(2)


def test_the_latest_results_show_three_rows_beside_the_board_and_the_ratings_at_800_pixels(app, tmp_path):
    """Two levels, ten games each way: both rated, so the ratings chart wants its rows, beside the
    board of the last game.  At 800x600 Larger text the latest results' title took two lines and
    the list showed one result over "0 newer, 19 older: scroll", its line past the card's edge.
    At 800x560 and 800x600, Normal and Larger text, it shows three and more, inside its card, clear
    of the board, the chart's column above it, the crosstable and the buttons."""
    from tests.ui_helpers import tournament_started

    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, tmp_path / "league", games_choice=4,
                               watch=False)
    assert wait(app, lambda: tournament_over_and_shown(scene), 120)
    assert len(scene.recent) == 20 and all(st.rated for st in scene.table)
    for size, text_size in small_windows(app):
        app.invalidate()
        app.run_frames(1)
        if os.environ.get("SMALLWIN_SHOTS"):
            pygame.image.save(app.screen, f"{os.environ['SMALLWIN_SHOTS']}/recent-{size[1]}-{text_size}.png")
        where = (size, text_size)
        rows = [rect for rect, _number, _text in scene._recent_rects]
        assert scene.board_rect.height and len(rows) >= 3 and scene.recent_fits >= 3, (where, len(rows))
        assert all(scene.recent_area.contains(row) for row in rows), where
        assert scene.recent_area.top > scene.board_rect.bottom and scene.recent_area.bottom <= size[1], where
        assert not scene.recent_area.colliderect(scene.cross_area), where
        assert not any(scene.recent_area.colliderect(b.rect) for b in scene.buttons if b.visible), where


def _spied(monkeypatch, name: str) -> list[tuple[tuple, int]]:
    """Each call of ``TournamentScene``'s ``name`` from now on: (its arguments, what it returned)."""
    from ui.scenes.tournament import TournamentScene

    calls: list[tuple[tuple, int]] = []
    original = getattr(TournamentScene, name)

    def spied(self, *args):
        calls.append((args, original(self, *args)))
        return calls[-1][1]

    monkeypatch.setattr(TournamentScene, name, spied)
    return calls


def test_the_running_screens_room_is_measured_again_only_when_what_it_measures_changes(app, monkeypatch, tmp_path):
    """The crosstable's room (``_crosstable_room``: a binary search that wraps the standings' notes
    at each height it tries) and the latest results' (``_recent_needs``) were measured at every
    frame of a running tournament, a sixth of its drawing.  Drawn again with nothing changed,
    neither is measured again; after each change (the window resized, Larger text, Portuguese,
    the results that come once Ana moves), the heights the frame used are those measured afresh."""
    from tests.ui_helpers import count_calls, in_language
    from ui.scenes.tournament import TournamentScene

    folder = tmp_path / "league"
    scene = held_league(app, monkeypatch, folder, watch=False)  # Ana holds its first move: nothing changes
    measured = {name: count_calls(monkeypatch, TournamentScene, f"_measured{name}")
                for name in ("_crosstable_room", "_recent_needs")}
    used = {name: _spied(monkeypatch, name) for name in measured}

    def used_as_fresh(where: str) -> None:
        app.invalidate()
        app.run_frames(1)
        for name, calls in used.items():
            args, height = calls[-1]  # as the frame just drawn used it
            if name == "_crosstable_room":  # with the standings' notes, which the caller has
                args = (*args, scene._standings_said(args[1]))
            assert height == getattr(TournamentScene, f"_measured{name}")(scene, *args), (where, name)

    app.invalidate()
    app.run_frames(1)
    before = {name: calls[0] for name, calls in measured.items()}
    for _frame in range(5):
        app.invalidate()
        app.run_frames(1)
    assert all(len(calls) >= 6 for calls in used.values())  # drawn at each frame
    assert {name: calls[0] for name, calls in measured.items()} == before, "measured again with nothing changed"
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 640), w=900, h=640))
    app.run_frames(2)
    assert app.size == (900, 640)
    used_as_fresh("resized")
    key(app, pygame.K_PLUS, pygame.KMOD_CTRL)  # Larger text, as the keys step to it
    key(app, pygame.K_PLUS, pygame.KMOD_CTRL)
    assert app.settings.text_size > 1.0
    used_as_fresh("Larger text")
    with in_language(app, "pt"):
        used_as_fresh("Portuguese")
    results = len(scene.tournament.results)
    (folder / "go-on").write_text("")  # Ana moves: its games end, their results come
    assert wait(app, lambda: tournament_over_and_shown(scene), 120)
    assert len(scene.tournament.results) > results
    used_as_fresh("results in")


def test_a_running_screen_drawn_again_wraps_no_text(app, monkeypatch, tmp_path):
    """The running screen wrapped its panels' titles some twenty times a frame (``_title_lines``:
    each panel's room, its lines, the room under it) and the standings' notes at each row height
    it tried (``_standings_pitch``), every word measured each time.  The second of two frames with
    nothing changed splits no text into words to measure (``ui.text.words_of``: the lines are
    kept, ``ui.text.laid_out``)."""
    from tests.ui_helpers import count_calls
    from ui import text as tx

    held_league(app, monkeypatch, tmp_path / "league", watch=False)  # Ana holds its first move: nothing changes
    split = count_calls(monkeypatch, tx, "words_of")
    tx.forget_laid_out()
    app.invalidate()
    app.run_frames(1)
    assert split[0] > 0  # the first frame wrapped its texts
    split[0] = 0
    app.invalidate()
    app.run_frames(1)
    assert split[0] == 0
