"""A teacher's class tournament at Text size Larger in a 1280x800 window (QA's rough edges): the
Save results message names the Markdown file readably, the latest results get the room the
screen has, and the board is not squeezed to a third of the column."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import (
    in_language,
    key,
    tournament_over_and_shown,
    tournament_started,
    wait,
    window_for_a_test,
)
from ui.widgets import Messages


@pytest.fixture
def larger(tmp_path, monkeypatch):
    """A 1280x800 window at Text size Larger (Ctrl+plus twice, as a person sets it)."""
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.run_frames(2)
        for _ in range(2):
            key(app, pygame.K_EQUALS, mod=pygame.KMOD_LCTRL)
        assert app.settings.text_size == 1.5
        yield app


def played(app, game_id: str, players: set[str], folder=None):
    """The tournament screen of ``game_id`` once the games of ``players`` are over and shown."""
    scene = tournament_started(app, game_id, players, folder, watch=False)
    assert wait(app, lambda: tournament_over_and_shown(scene), 120)
    app.run_frames(2)
    return scene


def drawn_message_lines(scene) -> list[str]:
    """The lines of the screen's messages as its one-line lane shows them."""
    s = scene._scale()
    room = scene.size[1] - int(20 * s) - scene.messages_ceiling()
    return [line for _m, lines, _cut in scene.messages.shown(s, scene.app.messages_width(), room) for line in lines]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_save_results_names_the_markdown_file_whole_at_larger_text(larger, tmp_path, language):
    """S at Larger text: the message was cut at "…tictactoe-20261205-20124…", the folder's long
    path first.  The Markdown file's name now comes first and shows whole; the folder after it."""
    scene = played(larger, "tictactoe", {"level-1", "level-2"}, tmp_path / "a folder deep" / "in the class's"
                   / "documents" / "tournaments")
    with in_language(larger, language):
        key(larger, pygame.K_s)
        markdown = next(path for path in scene.saved if path.suffix == ".md")
        assert markdown.is_file()
        assert any(markdown.name in line for line in drawn_message_lines(scene)), drawn_message_lines(scene)
    assert Messages.MOST_LINES > 1


def test_the_latest_results_show_four_or_more_at_larger_text_beside_the_board(larger):
    """Four levels, a game each way: 12 games, 6 each, never rated.  At Larger text the ratings
    chart kept a quarter of the column for its note and the latest results showed two of the 12
    ("0 newer, 10 older: scroll").  The note takes its lines only; the list shows four and more,
    and the board keeps its share of the column."""
    scene = played(larger, "tictactoe", {"level-1", "level-2", "level-3", "level-4"})
    assert len(scene.tournament.results) == 12 and not any(st.rated for st in scene.table)
    larger.invalidate()
    larger.run_frames(1)
    assert scene.recent_fits >= 4 and len(scene._recent_rects) == scene.recent_fits
    column = scene.recent_area.bottom - scene.board_rect.top
    assert scene.board_rect.height >= 0.45 * column


def test_a_folder_under_home_is_said_from_the_tilde():
    """The Save message's folder ("~/Documents/Tabuleiro/tournaments"): shorter than the whole
    path, so the line keeps room for the file's name; a folder elsewhere whole."""
    from pathlib import Path

    from ui.paths import folder_shown

    assert folder_shown(Path.home() / "Documents" / "Tabuleiro") == str(Path("~", "Documents", "Tabuleiro"))
    assert folder_shown(Path("/srv/class")) == str(Path("/srv/class"))
