"""The tournament screen's crosstable writes its cells in one form for the whole table: "1½ of 2"
in every cell where each fits, the points alone ("1½") in every cell where one does not; and the
progress bar over it reads where its fill has reached."""

from __future__ import annotations

import pytest

from ai.commands.tournament import write_results
from ai.match import GameResult
from ai.tournament_standings import Summary, standings
from tests.test_ui_contrast import best_ink
from tests.ui_helpers import drop, in_language, recorded_draws, recorded_text_rects, window_for_a_test
from ui.theme import THEMES
from ui.widgets import mix

# a class's folders, named as students name them: the names' column takes its share of the table
CLASS = ["maria-da-conceicao-silva-pereira", "ana", "joao", "pedro", "rui", "tiago", "eva", "beatriz-moura",
         "francisco-xavier"]


def class_of_nine(folder) -> str:
    """A finished round robin of nine players, a game each way, written as FILE.json: every other
    pair shares a draw and a win (cells "1½ of 2" and "½ of 2"), the rest a win each way or two
    (cells "1 of 2", "2 of 2", "0 of 2")."""
    ids = [f"{folder}/turma/{name}/jogador.py" for name in CLASS]
    results, numbers = [], []
    for i, a in enumerate(ids):
        for j, b in enumerate(ids[i + 1:], i + 1):
            draw = (i + j) % 2 == 0
            results += [GameResult("tictactoe", {}, [a, b], ["a1", "b2"], 0, None, "X has 3 in a row", False),
                        GameResult("tictactoe", {}, [b, a], ["a1", "b2"], None if draw else (j % 3 == 0) * 1,
                                   None, "Draw" if draw else "X has 3 in a row", False)]
    numbers = list(range(1, len(results) + 1))
    summary = Summary("tictactoe", {}, ids, 1, 0.5, 2, 1, 3.0, False, standings(ids, results), results, numbers)
    return str(write_results(summary, str(folder / "turma"))[0])


@pytest.mark.parametrize("language", ["en", "pt"])
def test_nine_players_cells_are_all_of_one_form_at_1280x800(app, tmp_path, monkeypatch, language):
    """At 1280x800 with nine players "1 of 2" fitted its cell and "1½ of 2" did not: the table
    read "1½" beside "½ of 2".  Every cell now has the form all of them fit."""
    drawn = recorded_text_rects(monkeypatch)
    with in_language(app, language):
        drop(app, class_of_nine(tmp_path), frames=3)
        scene = app.scene
        drawn.clear()
        scene.invalidate()
        app.run_frames(2)
        cells = [text for text, rect in drawn if any(cell.contains(rect) or cell.collidepoint(rect.center)
                                                      for cell, _a, _b in scene._cross_rects)]
    assert len(cells) == 72, cells
    of = " of " if language == "en" else " de "
    assert len({of in text for text in cells}) == 1, cells
    assert any("½" in text for text in cells)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_table_of_points_alone_says_once_in_its_title_of_how_many_games(tmp_path, monkeypatch, size, language):
    """Where the cells say their points alone ("1½"), nothing said of how many games: 1½ of 2, or
    of 4?  The title says it once for the whole table ("of 2 games each"); where the cells say it
    ("1½ of 2"), the title does not."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app, in_language(app, language):
        drawn = recorded_draws(monkeypatch)
        drop(app, class_of_nine(tmp_path), frames=3)
        scene = app.scene
        drawn.clear()
        scene.invalidate()
        app.run_frames(2)
        cells = [d.value for d in drawn if any(cell.contains(d.rect) for cell, _a, _b in scene._cross_rects)]
        title = " ".join(d.value.replace("\u00a0", " ") for d in drawn if d.bold and scene.cross_area.contains(d.rect)
                         and d.rect.top < scene.cross_area.top + d.rect.height * 2)
    of, each = (" of ", "of 2 games each") if language == "en" else (" de ", "em 2 jogos por par")
    points_alone = not any(of in text for text in cells)
    assert (each in title) == points_alone, (title, cells[:3])
    assert points_alone or size != (1280, 800), cells[:3]  # nine players' "1½ of 2" has no room at 1280x800


def test_while_pairs_have_played_different_numbers_the_title_says_up_to_how_many():
    """Mid-tournament some pairs have played one game of two: points alone are "of up to 2"."""
    from ui.scenes.tournament_results import crosstable_titles

    assert crosstable_titles([(1.0, 2), (0.5, 1), (0.0, 0)], False)[0] == (
        "Crosstable (points of the row against the column, of up to 2 games each)")
    assert crosstable_titles([(1.0, 2), (0.5, 2)], False)[-1] == "Crosstable (of 2 games each)"
    assert crosstable_titles([(1.0, 2), (0.5, 1)], True) == ["Crosstable (points of the row against the column)"]


@pytest.mark.parametrize("name", list(THEMES))
def test_the_progress_bars_words_read_on_its_fill(app, tmp_path, monkeypatch, name):
    """A finished tournament's progress bar is filled in the accent colour, and its words
    ("Tic-tac-toe: 72/72 games … finished") were in the text colour over it: white on the dark
    theme's light blue, 2.3:1.  The fill has its own track right of the words now (nothing draws
    over them): read off the screen, their ink stands 4.5:1 from the bar's ground, and none of
    the fill is under them."""
    app.settings.theme = name
    drawn = recorded_text_rects(monkeypatch)
    drop(app, class_of_nine(tmp_path), frames=3)
    drawn.clear()
    app.scene.invalidate()
    app.run_frames(2)
    status = next(rect for text, rect in drawn if "72" in text and "finished" in text)
    ground = mix(app.theme.panel, app.theme.text, 0.06)  # the bar's own ground
    assert best_ink(app.screen, status.clip(app.screen.get_rect()), ground) >= 4.5
    assert app.scene.progress_track.left >= status.right
    accent = tuple(app.theme.accent)[:3]
    assert not any(tuple(app.screen.get_at((x, y)))[:3] == accent
                   for x in range(status.left, status.right) for y in range(status.top, status.bottom))
