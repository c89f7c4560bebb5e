"""Which Tabuleiro this is: its version, the versions of what it runs on, and the About page.

``VERSION`` is the one place the version is written in code; pyproject.toml repeats it for the
packaging tools and tests/test_about.py keeps the two equal.  The library versions come from the
installed packages' metadata, so ``main.py --version`` answers without starting pygame.

``about_page()`` is the rules screen's last tab (also opened by a click on the version on the
main menu): the version, where the player's own files are (students ask where their saved games
went), where each game comes from and what the computer players know.
"""

from __future__ import annotations

import platform
from importlib import metadata

from ai.imports import import_engine

VERSION = "0.1.0"
ABOUT_PAGE = "about"  # the About page's id among the rules screen's pages
LIBRARIES = {"pygame": "pygame.version", "pygame-menu": "pygame_menu", "numba": "numba", "numpy": "numpy"}


def library_version(name: str) -> str:
    """The installed version of ``name``; in a frozen build, which carries no package metadata,
    the module's own ``__version__`` (``pygame.version.ver``), or "?"."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        pass
    try:
        module = import_engine(LIBRARIES.get(name, name))  # numba's first import, beside warm start's thread
    except ImportError:
        return "?"
    return str(getattr(module, "__version__", None) or getattr(module, "ver", "?"))


def libraries_line() -> str:
    """"Python 3.11.7, pygame 2.6.1, pygame-menu 4.5.2, numba 0.60.0, numpy 2.1.0"."""
    parts = [f"Python {platform.python_version()}"] + [f"{name} {library_version(name)}" for name in LIBRARIES]
    return ", ".join(parts)


def version_line() -> str:
    """"Tabuleiro 0.1.0 (app bundle; Python 3.11.7, pygame 2.6.1, pygame-menu 4.5.2, numba 0.60.0,
    numpy 2.1.0)": the kind of copy first (``ui.paths.build_kind``), which the bundle did not say."""
    from ui.paths import build_kind

    return f"Tabuleiro {VERSION} ({build_kind()}; {libraries_line()})"


def build_kind_text() -> str:
    """The kind of copy this is, in the window's language (the About page)."""
    from ui.i18n import _
    from ui.paths import BUNDLE, CHECKOUT, INSTALLED, build_kind

    return {BUNDLE: _("This is the desktop app bundle (PyInstaller)."),
            CHECKOUT: _("This copy runs from a source checkout."),
            INSTALLED: _("This copy is an installed Python package (pip install)."),
            }[build_kind()]


def compiled_code_words() -> str:
    """How the computer players' compiled code came into the cache folder, in the window's language:
    a bundle copies the kernels it ships there on the first start (``ai.kernel_folders.SHIPPED``),
    a source checkout or a pip install compiles them.  The bundle's About said "made on the first
    start" for code it had copied."""
    from ai.kernel_folders import SHIPPED
    from ui.i18n import _

    if SHIPPED.is_dir():
        return _("The computer players' compiled code, copied from the app on the first start")
    return _("The computer players' compiled code, made on the first start")


def log_words() -> str:
    """What the About page says of the log file (``ui.debug_log``), in the window's language: being
    written now, or how to have it written, since it is written only when asked for."""
    from ui.debug_log import logging_to_file
    from ui.i18n import _

    if logging_to_file() is not None:
        return _("The log, for a bug report (being written now)")
    return _("The log, for a bug report (written when Tabuleiro is started with TABULEIRO_LOG=debug "
             "or main.py --log debug)")


def about_page() -> str:
    """The About page as the rules pages' Markdown, in the window's language."""
    from ai.kernels import cache_dir
    from ui.autosave import SHELF
    from ui.data_folders import games_dir, tournaments_dir
    from ui.debug_log import log_path
    from ui.i18n import _
    from ui.settings import settings_path
    from ui.tally import TALLY

    files = [
        (_("Saved games"), games_dir()), (_("Unfinished games (Continue)"), SHELF.folder),
        (_("The games played to the end (in Saved games)"), SHELF.finished_folder),
        (_("Your results"), TALLY.path), (_("Tournament results (Save results)"), tournaments_dir()),
        (_("Settings"), settings_path()),
        (compiled_code_words(), cache_dir()), (log_words(), log_path()),
    ]
    lines = [
        f"# Tabuleiro {VERSION}",
        _("Six classic board games to play against the computer, against a friend on the same screen, or to "
          "watch two computer players."),
        _("Runs on {libraries}.").format(libraries=libraries_line()) + " " + build_kind_text(),
        "## " + _("Your files"),
        _("Games, results and settings are kept as plain text (JSON) that can be copied, backed up or sent. "
          "A file Tabuleiro cannot read is reported and never changed nor deleted: one in its own folders "
          "is moved aside under a new name (NAME.corrupt-DATE), so that it does not come up again."),
        *(f"- {name}: {path}" for name, path in files),
        "## " + _("Where the games come from"),
        _("Each game's rules are those of a university course that used it; its rules page says at its top "
          "where they come from and what differs from other common rule sets."),
        "- " + _("Tic-tac-toe (any width, height and k in a row) and Hex: an adversarial search exercise of a "
                 "university AI course, in the style of Russell and Norvig's AIMA."),
        "- " + _("Reversi: a Reversi course project of a university AI course."),
        "- " + _("Rastros: a trail game by Bill Taylor (1992), as a university AI course's notebook plays it."),
        "- " + _("Alquerque: a course report on Alquerque for a university AI course."),
        "- " + _("Trax: an assignment of a university programming course, on a bounded board (Trax was invented "
                 "by David Smith in 1980)."),
        "## " + _("What the computer players know"),
        "- " + _("Reversi: an evaluation learned from 10,000 games it played against itself, opening books and an "
                 "exact endgame solver. 6x6 Reversi is solved: White wins 20-16."),
        "- " + _("Hex: the winning first moves on boards up to 7x7, found by its own solver, and virtual connections."),
        "- " + _("Rastros: an exact solver, and books that prove 7x7 a win for South and 8x8 a win for North."),
        "- " + _("Alquerque: endgame tables of every position with up to 7 pieces (6 with one rule option, 5 with "
                 "both)."),
        _("All of it was made by Tabuleiro's own tools, from its own solvers and searches."),
        "## " + _("Licences"),
        _("The sounds and the icon were made for Tabuleiro and are in the public domain (CC0). The fonts, Open Sans "
          "and Fira Code, come with pygame-menu under the SIL Open Font License 1.1."),
    ]
    return "\n\n".join(lines)
