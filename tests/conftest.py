"""Test setup: headless SDL, silent audio, and a hypothesis profile that fits CI's 2 cores."""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Settings, autosave and saved games of the tests go to a scratch folder, never the user's own.
_scratch = tempfile.mkdtemp(prefix="tabuleiro-tests-")
atexit.register(shutil.rmtree, _scratch, ignore_errors=True)
os.environ.setdefault("TABULEIRO_CONFIG_DIR", os.path.join(_scratch, "config"))
os.environ.setdefault("TABULEIRO_DATA_DIR", os.path.join(_scratch, "data"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "tabuleiro", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("tabuleiro")


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A window on the main menu (1280x800), with its own settings and data folders; after the
    test it is closed and must have caught no exception in a scene."""
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    from ui.app import App

    window = App(size=(1280, 800), fps=0, demo="menu", remember_size=False)
    yield window
    window.quit()
    assert not window.errors, window.errors[0]
