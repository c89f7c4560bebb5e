"""The tournament screen's crosstable writes its cells in one form for the whole table: "1½ of 2"
in every cell where each fits, the points alone ("1½") in every cell where one does not."""

from __future__ import annotations

import pytest

from ai.commands.tournament import write_results
from ai.match import GameResult
from ai.tournament import Summary, standings
from tests.ui_helpers import drop, in_language, recorded_text_rects

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
