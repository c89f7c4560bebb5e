"""The tournament screen's latest results are listed by game number, the highest first, however the
games end: with two processes they end out of order, and the list, kept in the order they ended,
read "9, 7, 8, 6, 4, 5" (QA qa109) while a resumed or a followed league listed them by number."""

from __future__ import annotations

import pygame

from ai.match import GameResult
from ai.tournament import Tournament
from ai.tournament_events import GameFinished
from tests.test_ui_tournament_watch import listed
from ui.scenes.tournament import TournamentScene

IDS = ["level-1", "level-2", "level-3"]


def _result(t: Tournament, number: int) -> GameResult:
    """Game ``number`` of ``t`` won by its first player."""
    players = t.ids_of(next(g for g in t.schedule if g.number == number))
    return GameResult("tictactoe", {}, list(players), ["a1"], 0, None, "X made a line", False)


def _shown_league(app, tmp_path, monkeypatch, done: list[int],
                  games_per_pair: int = 2) -> tuple[TournamentScene, Tournament, list]:
    """A league of three levels, ``games_per_pair`` each way, shown with the games ``done`` in; the games that
    end next come through the screen's poll of the tournament as a running one's do (the events
    put in the list returned, taken at the next frame)."""
    t = Tournament("tictactoe", IDS, games_per_pair=games_per_pair, time_per_move=0.2)
    for number in done:
        t.results[number] = _result(t, number)
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    scene.show_results(t, tmp_path / "liga.json")
    app.run_frames(2)
    coming: list = []
    monkeypatch.setattr(t, "poll", lambda: [coming.pop(0) for _event in list(coming)])
    return scene, t, coming


def _end(app, t: Tournament, coming: list, numbers: list[int]) -> None:
    """Games ``numbers`` end in that order, as a running tournament's workers send them."""
    for number in numbers:
        t.results[number] = _result(t, number)
        coming.append(GameFinished(number, t.results[number], len(t.results), t.total))
    app.run_frames(2)


def _numbers(scene: TournamentScene) -> list[int]:
    return [number for number, _line in listed(scene)]


def test_the_latest_results_are_listed_by_game_number_whatever_order_they_end_in(app, tmp_path, monkeypatch):
    scene, t, coming = _shown_league(app, tmp_path, monkeypatch, [1, 2, 3])
    _end(app, t, coming, [5, 4, 6, 8, 7, 9])  # two processes: each pair of games ends the other way round
    assert _numbers(scene) == [9, 8, 7, 6, 5, 4, 3, 2, 1][:len(_numbers(scene))] and len(_numbers(scene)) > 3
    assert [n for n, _r in scene.recent] == list(range(1, 10))
    assert listed(scene)[0][1].startswith("9. ")


def test_a_result_ending_above_the_rows_read_keeps_them_in_place_and_one_below_goes_in_its_place(
        app, tmp_path, monkeypatch):
    """Scrolled to older results (the wheel over the list), a game that ends with a higher number
    than the rows shown goes above them, which stay where they are; one with a lower number goes
    among those below, in its place, the rows shown staying too."""
    scene, t, coming = _shown_league(app, tmp_path, monkeypatch, [1, *range(3, 27)], games_per_pair=5)  # of 30
    assert len(_numbers(scene)) < 25  # the list scrolls
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.recent_area.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))  # up: older
    app.run_frames(2)
    read = _numbers(scene)
    assert read[0] == 24 and scene.recent_scroll == 2
    _end(app, t, coming, [28, 27])
    assert _numbers(scene) == read and scene.recent_scroll == 4
    _end(app, t, coming, [2])
    assert _numbers(scene) == read and scene.recent_scroll == 4
    assert [n for n, _r in scene.recent] == list(range(1, 29))
