"""Test setup: headless SDL, silent audio, and a hypothesis profile that fits CI's 2 cores."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Settings, autosave and saved games of the tests go to a scratch folder, never the user's own.
_scratch = tempfile.mkdtemp(prefix="tabuleiro-tests-")
os.environ.setdefault("TABULEIRO_CONFIG_DIR", os.path.join(_scratch, "config"))
os.environ.setdefault("TABULEIRO_DATA_DIR", os.path.join(_scratch, "data"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "tabuleiro", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("tabuleiro")
