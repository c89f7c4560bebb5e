"""Which Tabuleiro this is: the version in code equals pyproject.toml's, ``main.py --version``
says it with what it runs on (also where packages carry no metadata, as in a frozen build), and the
main menu shows it."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from ai.kernels import cache_dir
from tests.ui_helpers import click, recorded_text, words_in
from ui import about
from ui.about import ABOUT_PAGE
from ui.autosave import SHELF
from ui.data_folders import games_dir, tournaments_dir
from ui.scenes.rules import RulesScene
from ui.settings import settings_path
from ui.tally import TALLY

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_in_code_is_pyprojects():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == about.VERSION


def test_main_version_names_tabuleiro_python_and_the_libraries():
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--version"], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert "\n" not in line
    assert line.startswith(f"Tabuleiro {about.VERSION} (source checkout; Python {sys.version.split()[0]}, ")
    for name in about.LIBRARIES:
        assert f"{name} {metadata.version(name)}" in line


def test_the_version_and_the_about_page_say_which_kind_of_copy_this_is(monkeypatch, tmp_path):
    """The bundle's ``--version`` said what a checkout's does: a bug report could not tell them apart."""
    from ui import paths

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert about.version_line().startswith(f"Tabuleiro {about.VERSION} (app bundle; Python ")
    assert "This is the desktop app bundle (PyInstaller)." in about.about_page()
    with words_in("pt"):
        assert "Esta é a aplicação empacotada (PyInstaller)." in about.about_page()
    monkeypatch.delattr(sys, "frozen")
    monkeypatch.setattr(paths, "ROOT", tmp_path)  # site-packages: the code without pyproject.toml beside it
    assert about.version_line().startswith(f"Tabuleiro {about.VERSION} (installed package; Python ")
    assert "This copy is an installed Python package (pip install)." in about.about_page()


def test_the_about_page_says_a_bundles_compiled_code_is_copied_and_a_checkouts_compiled(monkeypatch, tmp_path):
    """A bundle ships its kernels compiled and copies them into the cache folder on the first
    start: its About said the code was "made on the first start" all the same."""
    import ai.kernel_folders

    monkeypatch.setattr(ai.kernel_folders, "SHIPPED", tmp_path / "missing")  # a checkout: none shipped
    assert f"- The computer players' compiled code, made on the first start: {cache_dir()}" in about.about_page()
    monkeypatch.setattr(ai.kernel_folders, "SHIPPED", tmp_path)
    assert f"- The computer players' compiled code, copied from the app on the first start: {cache_dir()}" \
        in about.about_page()
    with words_in("pt"):
        assert "O código compilado dos jogadores do computador, copiado da aplicação no primeiro arranque" \
            in about.about_page()


def test_without_package_metadata_the_modules_say_their_versions(monkeypatch):
    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    import numpy
    import pygame
    import pygame_menu

    assert about.library_version("pygame") == pygame.version.ver
    assert about.library_version("pygame-menu") == str(pygame_menu.__version__)
    assert about.library_version("numpy") == numpy.__version__
    assert about.library_version("no-such-package") == "?"


def test_the_main_menu_shows_the_version_which_opens_the_about_page(app, monkeypatch):
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert f"About Tabuleiro {about.VERSION}" in drawn
    click(app, app.scene.about_rect.center)
    scene = app.scene
    assert isinstance(scene, RulesScene) and scene.game_id == ABOUT_PAGE and scene.tabs[-1].active
    shown = " ".join(line[0] for line in scene.lines)
    assert shown.startswith(f"Tabuleiro {about.VERSION}")
    for folder in (games_dir(), SHELF.folder, TALLY.path, settings_path(), cache_dir(), tournaments_dir()):
        assert str(folder) in shown  # the test's own folders, and where tournament results are saved
    assert str(games_dir()).startswith(os.environ["TABULEIRO_DATA_DIR"])


def test_the_about_page_is_translated():

    with words_in("pt"):
        page = about.about_page()
        assert "## Os seus ficheiros" in page and "## De onde vêm os jogos" in page and "Your files" not in page


def test_tournament_results_are_saved_where_the_about_page_says(monkeypatch, tmp_path):
    """Save results on the tournament screen writes into the folder the About page names: the
    user's Documents/Tabuleiro/tournaments."""
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(tmp_path / "Documents"))
    monkeypatch.delenv("TABULEIRO_DATA_DIR", raising=False)  # no private folder: the Documents
    assert tournaments_dir() == tmp_path / "Documents" / "Tabuleiro" / "tournaments"
    assert str(tournaments_dir()) in about.about_page()
