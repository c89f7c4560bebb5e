"""The game panel in every game, window size, Text size, language and mode, to look at by eye.

    python tools/panel_shots.py [--out DIR] [GAME ...]

Opens each game (all six, or those named) at 1280x800 and 1366x768, Normal and Larger text, in
English and Portuguese, against the computer, hot-seat and watched (Pause, Step, Speed), on
SDL's dummy driver with settings of its own, and saves each window as
``DIR/WIDTH-LANGUAGE-TEXTSIZE-MODE-GAME.png`` (DIR: /tmp/panel-shots).  It prints each panel's
scale beside the window's: Larger's panel kept at Large's scale shows as the two equal.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

SIZES = [(1280, 800), (1366, 768)]
MODES = ["human-pc", "hotseat", "pc-pc"]


def shoot(app, out: Path, game_ids: list[str], size: tuple[int, int]) -> None:
    """Every shot of one window ``size``: each language, Text size, mode and game."""
    import pygame

    for language in ("en", "pt"):
        for text_size in (1.0, 1.5):
            app.settings.language, app.settings.text_size = language, text_size
            app.apply_settings()
            for mode in MODES:
                for game_id in game_ids:
                    app.open_demo(f"game:{game_id}:{mode}::30")  # 30 s a move: no move comes while it is shot
                    app.run_frames(3)
                    scene = app.scene
                    print(size, language, text_size, mode, game_id,
                          f"panel {scene.panel.scale:.3f}, window {app.scale:.3f}")
                    scene.draw(app.screen)
                    pygame.image.save(app.screen, str(out / f"{size[0]}-{language}-{text_size}-{mode}-{game_id}.png"))
                    scene.close()
                    app.run_frames(1)


def game_id(text: str) -> str:
    """A game named on the command line; argparse's usage error naming the games for another (a
    mistyped game opened the menu and ended in an AttributeError traceback, the menu having no panel)."""
    import games

    ids = list(games.available_ids())
    if text not in ids:
        raise argparse.ArgumentTypeError(f"unknown game {text!r}; games: {', '.join(ids)}")
    return text


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__, writes_and_takes(
        writes="a picture of each window in DIR", prints="each panel's scale beside the window's",
        takes="a minute or two"))
    parser.add_argument("games", nargs="*", type=game_id, help="game ids (default: all six)")
    parser.add_argument("--out", type=Path, default=Path("/tmp/panel-shots"))
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = tempfile.mkdtemp(prefix="panel-shots-")
    os.environ["TABULEIRO_CONFIG_DIR"], os.environ["TABULEIRO_DATA_DIR"] = f"{home}/config", f"{home}/data"
    sys.path.insert(0, str(ROOT))
    import games
    from ui import i18n
    from ui.app import App

    args.out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        app = App(size=size, fps=0, demo="menu")
        app.run_frames(2)
        shoot(app, args.out, args.games or list(games.available_ids()), size)
        app.quit()
        i18n.set_language("en")


if __name__ == "__main__":
    main()
