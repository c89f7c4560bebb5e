"""The replay's small print grows with the Text size and its move list keeps its rows and times:
with small print grown to ``ui.text.least`` at Larger text in the smallest windows (800x560,
1024x600), a Hex game's replay showed three rows of moves where Normal text's small print kept
four, and an Alquerque game's moves lost their times.  The panel's small print now takes the
largest size from the grown one down to Normal text's that keeps both (``ReplayScene._least_print``),
above Normal's where that fits.  Headless: each game saved, opened from Saved games with Enter,
stepped with the arrow keys; the text size chosen on the Settings screen by the keyboard."""

from __future__ import annotations

import pygame
import pytest

from tests.test_ui_replay_clocks import READING, alquerque_on_a_clock, times_in_the_list
from tests.test_ui_replay_rows import opened_from_saved_games, played_game
from tests.test_ui_text_size import choose_text_size
from tests.ui_helpers import in_language, key, recorded_draws, window_for_a_test
from ui import i18n
from ui import text as tx
from ui.scenes.panel_moves import MOVE_ROWS_WANTED

LARGER = 1.5


def drawn_now(app, monkeypatch) -> list:
    """Every string the replay draws in one frame."""
    with monkeypatch.context() as patch:
        drawn = recorded_draws(patch)
        app.scene.draw(app.screen)
    return drawn


def row_numbers(drawn: list, scene) -> list:
    """The move list's row numbers ("12.") drawn beside its cells."""
    cells = [cell for cell, _ply in scene.move_rows]
    return [d for d in drawn if d.value[:-1].isdigit() and d.value.endswith(".")
            and any(abs(d.rect.centery - cell.centery) <= cell.height // 2 for cell in cells)]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 560), (1024, 600)])
def test_a_hex_replay_at_larger_text_keeps_four_rows_in_print_larger_than_normals(tmp_path, monkeypatch, size,
                                                                                    language):
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        choose_text_size(app, LARGER)
        with in_language(app, language):
            for clock in (False, True):
                replay = opened_from_saved_games(app, played_game("hex", clock))
                for step in (None, pygame.K_HOME, pygame.K_RIGHT):  # the end, the start, a step on
                    if step is not None:
                        key(app, step)
                    drawn = drawn_now(app, monkeypatch)
                    numbers = row_numbers(drawn, replay)
                    case = (clock, replay.ply)
                    assert len(numbers) >= MOVE_ROWS_WANTED, case
                    assert max(d.rect.bottom for d in numbers) <= replay.graph_rect.top, case
                    assert {d.size for d in numbers} == {replay.print_least}, case  # the list's print
                    assert tx.least(replay.scale) > replay.print_least > tx.SMALLEST, case  # given way, not to Normal's
                    players = [d for d in drawn if d.value.endswith(("Ana", "Rui"))]
                    assert len(players) == 2 and all(d.size > tx.SMALLEST for d in players), case
                key(app, pygame.K_ESCAPE)


@pytest.mark.parametrize("size", [(800, 560), (1024, 600)])
def test_an_alquerque_replay_at_larger_text_keeps_each_moves_time_beside_it(tmp_path, monkeypatch, size):
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        choose_text_size(app, LARGER)
        replay = opened_from_saved_games(app, alquerque_on_a_clock())
        key(app, pygame.K_HOME)
        drawn = drawn_now(app, monkeypatch)
        for ply in (1, 2):
            key(app, pygame.K_RIGHT)
            drawn = drawn_now(app, monkeypatch)
            cell = next(rect for rect, shown in replay.move_rows if shown == ply)
            inside = [d for d in drawn if cell.contains(d.rect)]
            move = next(d for d in inside if d.value == replay.shown_moves()[ply - 1])
            took = next(d for d in inside if READING.fullmatch(d.value))
            assert took.value == "0:02.0" and took.rect.left > move.rect.right, ply
            assert took.size > tx.SMALLEST and move.size > tx.SMALLEST, ply
        assert len(times_in_the_list(drawn, replay)) == len(replay.move_rows) >= 2 * MOVE_ROWS_WANTED  # every move's


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 560), (1024, 600)])
def test_an_unfinished_games_graph_note_stays_inside_the_graph_at_larger_text(tmp_path, monkeypatch, size, language):
    """"Gráfico de avaliação: para jogos terminados" in small print grown to 14 pixels ran past
    both sides of the graph's ground at 1024x600."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        choose_text_size(app, LARGER)
        with in_language(app, language):
            replay = opened_from_saved_games(app, alquerque_on_a_clock())  # unfinished: no graph yet
            said = i18n._("Evaluation graph: for finished games")
            [note] = [d for d in drawn_now(app, monkeypatch) if said.startswith(d.value.rstrip("…"))]
            assert replay.graph_rect.contains(note.rect), (note.rect, replay.graph_rect)
            assert note.size >= tx.SMALLEST  # shrunk no further than Normal text's small print


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_graphs_side_names_keep_apart_at_larger_text_in_the_smallest_window(tmp_path, monkeypatch, language):
    """A Hex game's graph, at its shortest (35 pixels) for the list's four rows at 800x560, wrote
    "Blue better" over "Red better"; then it wrote the top side's name alone, and nothing said
    which colour was Red's.  Both sides are named, apart, on one row where the halves are too
    short for a name each: "Blue better" and "Red better" where both fit across, else the sides'
    names alone ("Azul", "Vermelho"), in the panel's small print."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 560)) as app:
        choose_text_size(app, LARGER)
        with in_language(app, language):
            replay = opened_from_saved_games(app, played_game("hex", False))
            assert replay.graph_rect.height <= 35, replay.graph_rect  # at its shortest
            sides = [i18n._(side) for side in replay.game.sides]
            names = {i18n._("{side} better").format(side=side): side for side in sides}
            drawn = [d for d in drawn_now(app, monkeypatch) if d.value in names or d.value in sides]
            assert not any(a.rect.colliderect(b.rect) for a in drawn for b in drawn if a is not b), drawn
            assert sorted(names.get(d.value, d.value) for d in drawn) == sorted(sides), [d.value for d in drawn]
            assert all(replay.graph_rect.contains(d.rect) for d in drawn), (drawn, replay.graph_rect)
            assert {d.size for d in drawn} == {replay.print_least}


@pytest.mark.parametrize("size", [(800, 560), (800, 600), (1024, 768)])
def test_the_replays_title_is_whole_its_date_said_to_the_day_where_the_time_has_no_room(tmp_path, monkeypatch,
                                                                                        size):
    """In Portuguese at Larger text the replay's title read "Jogo do …" beside the date and time
    ("07/12/2026 14:50") at 800x560, 800x600 and 1024x768 (and "Alquerq…" in English at 1024x768).
    The date is said to the day there, and the title whole."""
    from ui.autosave_words import record_date_text

    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        choose_text_size(app, LARGER)
        with in_language(app, "pt"):
            replay = opened_from_saved_games(app, played_game("tictactoe", False))
            drawn = drawn_now(app, monkeypatch)
            title = i18n._(replay.game.info.title)
            assert title == "Jogo do Galo" and any(d.value == title for d in drawn), [d.value for d in drawn[:12]]
            assert any(d.value == record_date_text(replay.record, named=False, day=True) for d in drawn)
