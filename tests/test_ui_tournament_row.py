"""The running tournament screen's row of buttons at 800 pixels: every label drawn whole, in a
second row where one has no room, Copy tables among them, the tables under the last row; in a
wide window, the row as wide as the tables."""

from __future__ import annotations

from tests.outside_bots import held_league
from tests.ui_helpers import click, in_language, recorded_text_rects, small_windows, wait
from ui.i18n import _


def test_a_stopped_tournaments_buttons_are_whole_at_800_pixels_and_copy_tables_shows(app, monkeypatch, tmp_path):
    """At 800 pixels, once Withdraw showed (a tournament stopped with games left), the one row read
    "Resu…" for Resume and "Wat…" for Watch, and Copy tables was left out at Larger text.  In
    800x560 and 800x600, at Normal and Larger text, in English and Portuguese, every button shown,
    Copy tables too, draws its label whole inside it, no two buttons overlap, and the progress bar
    is drawn under the last row of buttons."""
    scene = held_league(app, monkeypatch, tmp_path / "league")
    click(app, scene.buttons[1].rect.center)  # Stop: Ana holds its move, so games are surely left
    assert wait(app, lambda: not scene.tournament.is_running(), 60)
    app.run_frames(2)
    drawn = recorded_text_rects(monkeypatch)
    for size, text_size in small_windows(app):
        for language in ("en", "pt"):
            with in_language(app, language):
                app.run_frames(2)
                shown = [b for b in scene.buttons if b.visible]
                labels = {b.action: b.label for b in shown}
                assert labels[scene._stop_or_go_on] == _("Resume")
                assert labels[scene._withdraw_pressed] == _("Withdraw a player")
                assert labels[scene._copy_tables] == _("Copy tables")
                drawn.clear()
                scene.draw(app.screen)
                where = (size, text_size, language)
                for button in shown:
                    assert app.screen.get_rect().contains(button.rect), (where, button.label, button.rect)
                    inside = [text for text, rect in drawn if button.rect.contains(rect)]
                    assert button.label in inside, (where, button.label, inside)
                assert not [(a.label, b.label) for i, a in enumerate(shown) for b in shown[i + 1:]
                            if a.rect.colliderect(b.rect)], where
                bar, _words, _said = scene.progress_said
                assert bar.top > max(b.rect.bottom for b in shown), (where, bar)
    app.settings.text_size = 1.0


def test_a_finished_tournaments_row_of_buttons_spans_the_width_of_the_tables_in_a_wide_window(tmp_path, monkeypatch):
    """In a 2400x800 window the finished tournament's buttons ended 1100 pixels short of the right
    edge of the progress bar and the tables under them: the row spans their width now, each
    label still drawn whole inside its button."""
    from tests.ui_helpers import tournament_started, window_for_a_test

    with window_for_a_test(tmp_path, monkeypatch, size=(2400, 800)) as app:
        scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, tmp_path / "league", watch=False)
        assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running(), 120)
        app.run_frames(2)
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(1)
        shown = [b for b in scene.buttons if b.visible]
        assert len({b.rect.y for b in shown}) == 1, [b.rect for b in shown]  # one row
        tables = scene.standings_area.union(scene.recent_area)
        assert (min(b.rect.left for b in shown), max(b.rect.right for b in shown)) == (tables.left, tables.right)
        for button in shown:
            assert button.label in [text for text, rect in drawn if button.rect.contains(rect)], button.label
