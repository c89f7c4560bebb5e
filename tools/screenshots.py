"""Make the README's pictures: docs/menu.png, docs/game.png, docs/analysis.png, docs/hex-connections.png.

    python tools/screenshots.py [--out docs]

Each is the window at 1280x800 in the dark theme and in English, drawn by the app itself on SDL's
dummy video driver (the same pixels a real window shows; tests/test_ui_xvfb.py also takes the
first two from a real window under Xvfb, and ``SDL_VIDEODRIVER=x11 DISPLAY=:N`` takes all four
from one), with fresh settings so that nothing of the user's own shows.  The positions:

- menu: the main menu;
- game: Reversi against level 3 after the opening f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 f7, with the
  computer's reply and its last search shown;
- analysis: analysis mode (key A) on Reversi after f5 d6 c3 f4 f6 d3, 4 s after its first values;
- hex-connections: Hex connections (key V) on an 11x11 position after twelve moves of a game
  between two level-2 players (g8 e11 j6 h2 b8 f8 h7 g5 b10 g4 f9 e9): dead and captured cells,
  both sides' connections and Blue's mustplay region.

The computer's answers take their own time, so two runs differ in the search figures shown.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SIZE = (1280, 800)
REVERSI_GAME = "f5,d6,c3,d3,c4,f4,f6,f3,e6,e7,f7"
REVERSI_ANALYSIS = "f5,d6,c3,f4,f6,d3"
HEX_CONNECTIONS = "g8,e11,j6,h2,b8,f8,h7,g5,b10,g4,f9,e9"


def settle(app, seconds: float, until=None) -> None:
    """Run the window for ``seconds`` (or until ``until()``), as a user would wait."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not (until and until()):
        app.frame()
        time.sleep(0.01)
    app.run_frames(3)


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.run_frames(3)


def shoot(out: Path) -> list[Path]:
    from ui.app import App
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    made = []

    def save(app, name: str) -> None:
        path = out / name
        pygame.image.save(app.screen, str(path))
        made.append(path)

    app = App(size=SIZE, fps=60, demo="menu", remember_size=False)
    settle(app, 1.0)
    save(app, "menu.png")

    app.open_demo(f"game:reversi:human-pc:{REVERSI_GAME}:1")
    # a cold kernel cache compiles first (after a kernel's change too): the reply waits for it
    settle(app, 60.0, until=lambda: app.scene.human_to_move() and app.scene.last_search is not None)
    settle(app, 1.0)  # the reply's animation
    save(app, "game.png")

    app.switch(GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0), REVERSI_ANALYSIS.split(",")))
    settle(app, 0.5)
    press(app, pygame.K_a)
    settle(app, 60.0, until=lambda: bool(app.scene.analysis.labels()))  # a cold kernel cache compiles first
    settle(app, 4.0)
    save(app, "analysis.png")

    app.switch(GameScene(app, MatchSetup("hex", {"size": 11}, HOTSEAT, (None, None), 1.0), HEX_CONNECTIONS.split(",")))
    settle(app, 0.5)
    press(app, pygame.K_v)
    settle(app, 60.0, until=lambda: app.scene.connections.shown() is not None)
    save(app, "hex-connections.png")
    app.quit()
    return made


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="the four .png files into --out, over any there",
        takes="about 20 s (the analysis waits 4 s, the computer's reply its own time)"))
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder for the pictures (default docs/)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:  # fresh settings: no theme, language or size of the user's
        os.environ["TABULEIRO_CONFIG_DIR"] = str(Path(home) / "config")
        os.environ["TABULEIRO_DATA_DIR"] = str(Path(home) / "data")
        (Path(home) / "config").mkdir()
        (Path(home) / "config" / "settings.json").write_text(json.dumps({"language": "en"}), encoding="utf-8")
        for path in shoot(args.out):
            print(f"{path}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
