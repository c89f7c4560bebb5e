"""The notes under the tournament screen's standings are read to their end in a small window: at
800x600 Larger text the note on forfeits without play took three lines where each note had two,
and ended "its point counts (W, L), but not as a game play…" ("mas não c…" in Portuguese), its
point, that such a game counts neither as played nor in the ratings, cut off."""

from __future__ import annotations

import pytest

from ai.commands.tournament import UNPLAYED_FORFEITS, write_results
from tests.test_crosstable_forfeits import league
from tests.ui_helpers import drop, in_language, recorded_text_rects, small_windows
from ui.i18n import _


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_standings_notes_of_a_league_with_forfeits_are_whole_in_a_small_window(app, tmp_path, monkeypatch,
                                                                                   language):
    path = str(write_results(league(), str(tmp_path / "turma"))[0])
    drawn = recorded_text_rects(monkeypatch)
    with in_language(app, language):
        drop(app, path, frames=3)
        scene = app.scene
        ending = _(UNPLAYED_FORFEITS).split()[-1]  # "ratings." / "Elo."
        for size, text_size in small_windows(app, sizes=((800, 600), (1280, 800))):
            drawn.clear()
            scene.invalidate()
            app.run_frames(2)
            notes = [text for text, rect in drawn if scene.standings_area.collidepoint(rect.center)]
            where = (size, text_size, notes)
            assert not any(text.endswith("…") for text in notes), where
            assert any(text.endswith(ending) for text in notes), where
            assert len(scene.standing_rows) == 3, where  # every player's row still shown
