"""The window's crosstable title says what its forfeit marks are in either language, their games
not played too: the Portuguese title said "+, −: ganho, perdido por falta" alone, where the
English says "won, lost by forfeit, not played", and the Forf. column beside it counts forfeits
in games played as well (a crash, a flag fall), which the marks leave out."""

from __future__ import annotations

import pytest

from ai.commands.tournament import write_results
from tests.test_crosstable_forfeits import league, league_dropped_and_drawn
from tests.ui_helpers import drop, in_language, recorded_text_rects, small_windows


@pytest.mark.parametrize(("language", "legend"), [("en", "+, −: won, lost by forfeit, not played"),
                                                  ("pt", "+, −: ganho, perdido por falta, sem jogar")])
def test_the_crosstable_title_says_its_marks_are_games_not_played(app, tmp_path, monkeypatch, language, legend):
    scene, drawn = league_dropped_and_drawn(app, tmp_path, monkeypatch, language)
    titles = [text for text, rect in drawn if scene.cross_area.collidepoint(rect.center) and "(" in text]
    assert any(legend in text for text in titles), titles


@pytest.mark.parametrize(("language", "forfeit"), [("en", "forfeit"), ("pt", "falta")])
def test_the_crosstable_title_keeps_its_marks_key_in_a_small_window(app, tmp_path, monkeypatch, language, forfeit):
    """At 800x600, and at 1280x800 Larger text, the title fell back to a form without its key
    ("Crosstable (points of the row against the column)"), and the "+" and "−" in the cells went
    unexplained: every form of a table with such marks keeps the key, the shortest briefly."""
    path = str(write_results(league(), str(tmp_path / "turma"))[0])
    drawn = recorded_text_rects(monkeypatch)
    with in_language(app, language):
        drop(app, path, frames=3)
        scene = app.scene
        for size, text_size in small_windows(app, sizes=((800, 600), (1280, 800))):
            drawn.clear()
            scene.invalidate()
            app.run_frames(2)
            titles = [text for text, rect in drawn if scene.cross_area.collidepoint(rect.center) and "(" in text]
            assert any("+, −: " in text and forfeit in text for text in titles), (size, text_size, titles)
