"""Where the app's files are: the same code finds its assets in a source checkout, an installed
package and a PyInstaller bundle.

    asset_path("sounds", "place.wav")      # -> a Path that exists in all three cases

- PyInstaller unpacks (or, for a folder build, keeps) the bundle's data under ``sys._MEIPASS``;
  the spec copies ``assets/`` there as ``assets``.
- A source checkout has ``assets/`` beside the ``ui`` package.
- ``pip install .`` installs the same folder as the data package ``tabuleiro_assets`` (see
  pyproject.toml), found through importlib.
"""

from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    """The folder holding the assets (rules, sounds, locale, icon)."""
    bundle = getattr(sys, "_MEIPASS", None)
    candidates = [Path(bundle) / "assets"] if bundle else []
    candidates.append(ROOT / "assets")
    spec = importlib.util.find_spec("tabuleiro_assets")
    if spec is not None and spec.submodule_search_locations:
        candidates.extend(Path(p) for p in spec.submodule_search_locations)
    for folder in candidates:
        if (folder / "sounds").is_dir() or (folder / "icon.png").is_file():
            return folder
    return candidates[0]


def asset_path(*parts: str) -> Path:
    """The path of an asset, e.g. ``asset_path("rules", "hex.md")`` (it may not exist)."""
    return assets_dir().joinpath(*parts)


def is_frozen() -> bool:
    """True inside a PyInstaller build."""
    return bool(getattr(sys, "frozen", False))


BUNDLE, CHECKOUT, INSTALLED = "app bundle", "source checkout", "installed package"


def build_kind() -> str:
    """Which kind of copy this is: ``BUNDLE`` (PyInstaller), ``CHECKOUT`` (run from a clone, whose
    pyproject.toml is beside the code) or ``INSTALLED`` (``pip install .``).  ``--version`` and the
    About page say it, since a bug report from the bundle and one from a checkout differ in what
    their files are and where they come from."""
    if is_frozen():
        return BUNDLE
    return CHECKOUT if (ROOT / "pyproject.toml").is_file() else INSTALLED


def folder_shown(folder: Path) -> str:
    """``folder`` as a message says it: under the home folder, from "~" ("~/Documents/Tabuleiro/
    tournaments"), so that a line that names a file and its folder (the tournament's Save results)
    keeps room for the file's name; elsewhere whole."""
    try:
        return str(Path("~") / folder.relative_to(Path.home()))
    except (ValueError, RuntimeError):  # not under it, or no home folder known
        return str(folder)
