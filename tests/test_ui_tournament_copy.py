"""The tournament a teacher puts on a slide (QA qa109): Copy tables (Ctrl+C, or its button) puts the
standings and the crosstable on the clipboard as the Markdown tables FILE.md has, as the window
shows them, and says which games' tables it copied; with no clipboard they go to a file, which is
named.  Save results says every file it wrote, not the .md and the .json alone."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from ai.commands.tournament import markdown_line
from ai.tournament_standings import half_points
from tests.test_tournament import markdown_tables
from tests.test_ui_tournament import labelled
from tests.ui_helpers import click, key, tournament_started, wait
from ui import clipboard
from ui.data_folders import data_dir
from ui.paths import folder_shown

IDS = {"level-1", "level-2", "level-3"}


def _finished(app, tmp_path):
    """A league of three levels, one game each way (6 games), played on the screen to its end."""
    scene = tournament_started(app, "tictactoe", IDS, tmp_path / "tournaments", watch=False)
    assert wait(app, lambda: scene.tournament is not None and not scene.running and len(scene.recent) == 6, 120)
    app.run_frames(2)
    return scene


def _copied(monkeypatch) -> list[str]:
    """What is put on the clipboard from now on (a clipboard that takes it)."""
    texts: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: texts.append(text) or True)
    return texts


def test_ctrl_c_copies_the_standings_and_the_crosstable_as_the_saved_markdown_has_them(app, tmp_path, monkeypatch):
    scene = _finished(app, tmp_path)
    copied = _copied(monkeypatch)
    key(app, pygame.K_c, mod=pygame.KMOD_LCTRL)
    [text] = copied
    said = scene.messages.items[-1]
    assert said.text == ("Copied the standings and the crosstable of 6 games as Markdown tables, "
                         "for a slide or a web page"), said.text
    tables = markdown_tables(text)
    standings = tables["Standings (Elo: mean 0, 95% interval)"]
    assert [row[1] for row in standings[1:]] == [scene._name(st.player) for st in scene.table]  # as the window ranks them
    assert [row[2] for row in standings[1:]] == [half_points(st.points) for st in scene.table]
    assert text.startswith("# Tic-tac-toe round robin: 3 players, 6 games")
    notes = scene._standings_said(scene.table)  # the lines under the window's standings: copied too
    assert notes and all(markdown_line(note) in text for note in notes), (notes, text)
    key(app, pygame.K_s)  # the same tables as the report saved for a course page
    [md] = (tmp_path / "tournaments").glob("*.md")
    saved = markdown_tables(md.read_text(encoding="utf-8"))
    assert list(tables) == ["Standings (Elo: mean 0, 95% interval)",
                            next(heading for heading in saved if heading.startswith("Crosstable"))]
    assert all(tables[heading] == saved[heading] for heading in tables)


def test_the_copy_tables_button_says_its_key_and_copies_as_ctrl_c_does(app, tmp_path, monkeypatch):
    scene = _finished(app, tmp_path)
    copied = _copied(monkeypatch)
    copy = labelled(scene, "Copy tables")
    assert copy.visible and copy.enabled and copy.key_hint == "Ctrl+C"
    click(app, copy.rect.center)
    key(app, pygame.K_c, mod=pygame.KMOD_LCTRL)
    assert len(copied) == 2 and copied[0] == copied[1] and "| 1 | 2 | 3 |" in copied[0]


def test_with_no_clipboard_the_tables_go_to_a_file_that_is_named(app, tmp_path):
    """The tests' window has SDL's dummy driver: no clipboard another program could read."""
    scene = _finished(app, tmp_path)
    key(app, pygame.K_c, mod=pygame.KMOD_LCTRL)
    path = data_dir() / "tournament-tables.md"
    said = scene.messages.items[-1].text
    assert said == f"No clipboard here: the tables of 6 games were saved to {Path(folder_shown(path.parent), path.name)}"
    assert "## Standings" in path.read_text(encoding="utf-8")


def _lane_lines(scene) -> list[str]:
    """The lines the screen's message lane shows now, newest message first."""
    s = scene._scale()
    shown = scene.messages.shown(s, scene._own_messages_width(), scene._own_messages_room())
    return [line for _message, lines, _cut in shown for line in lines]


def test_with_no_clipboard_the_files_name_is_read_in_the_one_line_lane_at_800x600(app, tmp_path, monkeypatch):
    """At 800x600 the running screen's lane is one line: the message cut the file's name ("... were
    saved to tou…", at Larger text in Portuguese), the one thing to read.  The words before the
    path are few now, and the path's folder is cut in its middle instead, the name kept; a click
    copies the message whole.  Save results' message keeps its Markdown file's name too."""
    from tests.ui_helpers import in_language, small_windows

    scene = _finished(app, tmp_path)
    folder = tmp_path / ("a-long-folder-of-the-teachers-course-files" * 2)
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(folder))
    for language in ("en", "pt"):
        with in_language(app, language):
            for _size, _text_size in small_windows(app, sizes=((800, 600),)):
                app.apply_settings()
                scene.messages.items.clear()
                key(app, pygame.K_c, mod=pygame.KMOD_LCTRL)
                [line] = _lane_lines(scene)
                assert line.endswith(f"…{os.sep}tournament-tables.md"), (language, _text_size, line)
                [message] = scene.messages.current()
                assert scene.messages.cut_at(scene.messages._drawn[0][0].center) is message  # a click copies it
                assert message.text.endswith(str(folder / "tournament-tables.md"))
                scene.messages.items.clear()
                key(app, pygame.K_s)
                [line] = _lane_lines(scene)
                assert f"{scene.base.name}.md" in line, (language, _text_size, line)


def test_results_the_board_has_not_shown_are_not_copied(app, monkeypatch, tmp_path):
    """Watched, a result comes to the tables when the board reaches its game (``held``): the copy
    is of the tables as shown, and with none shown it says there is nothing to copy, its button
    greyed (a click on it says why too)."""
    from tests.test_ui_tournament_withdraw import stopped_unshown

    scene = stopped_unshown(app, monkeypatch, tmp_path / "league")
    copied = _copied(monkeypatch)
    copy = labelled(scene, "Copy tables")
    assert not copy.enabled
    key(app, pygame.K_c, mod=pygame.KMOD_LCTRL)
    assert copied == [] and scene.messages.items[-1].text == "No result shown yet: the tables have nothing to copy"
    scene.messages.items.clear()
    click(app, copy.rect.center)
    assert scene.messages.items[-1].text == "No result shown yet: the tables have nothing to copy"


def test_save_results_says_every_file_it_wrote(app, tmp_path):
    """Its message named the .md and the .json; it writes the .txt, the .html and two CSV files too."""
    scene = _finished(app, tmp_path)
    key(app, pygame.K_s)
    said = next(m.text for m in scene.messages.items if m.text.startswith("Saved "))
    written = sorted((tmp_path / "tournaments").glob(scene.base.name + "*"))
    shown = [path for path in written if path.suffix != ".jsonl"]  # the log, written all along
    assert len(shown) == 6 and all(path.name[len(scene.base.name):] in said for path in shown), (said, shown)
    assert said.startswith(f"Saved {scene.base.name}.md, the tables in Markdown for a course page, and its ")
