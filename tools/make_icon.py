"""Draw the app icon with pygame: assets/icon.png (256x256, transparent corners).

A wooden board with a grid and two stones, one dark and one light, as on the menu of any board
game.  Drawn four times larger and scaled down smoothly, so the edges are anti-aliased.  Run
`python tools/make_icon.py` after changing it; the output is committed (see assets/LICENSES.md).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tools.usage, when run as a script

from tools.usage import tool_parser, writes_and_takes  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SIZE = 256
SCALE = 4
OUT = Path(__file__).resolve().parent.parent / "assets" / "icon.png"


def draw(size: int) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    u = size / 16  # one sixteenth of the icon
    board = pygame.Rect(int(u), int(u), int(14 * u), int(14 * u))
    pygame.draw.rect(s, (120, 78, 40), board.move(0, int(0.35 * u)), border_radius=int(2.2 * u))  # edge
    pygame.draw.rect(s, (222, 180, 116), board, border_radius=int(2.2 * u))
    pygame.draw.rect(s, (236, 200, 142), board.inflate(-int(1.2 * u), -int(1.2 * u)), border_radius=int(1.6 * u))
    grid = board.inflate(-int(4 * u), -int(4 * u))
    lines = 4
    for i in range(lines):
        x = grid.x + i * grid.width // (lines - 1)
        y = grid.y + i * grid.height // (lines - 1)
        pygame.draw.line(s, (92, 62, 34), (x, grid.y), (x, grid.bottom), max(1, int(0.35 * u)))
        pygame.draw.line(s, (92, 62, 34), (grid.x, y), (grid.right, y), max(1, int(0.35 * u)))
    step = grid.width / (lines - 1)
    for (col, row), fill, rim in (((1, 1), (30, 32, 38), (10, 10, 12)), ((2, 2), (246, 244, 238), (150, 145, 135))):
        c = (int(grid.x + col * step), int(grid.y + row * step))
        r = int(2.1 * u)
        pygame.draw.circle(s, (0, 0, 0, 70), (c[0] + int(0.3 * u), c[1] + int(0.45 * u)), r)  # shadow
        pygame.draw.circle(s, rim, c, r)
        pygame.draw.circle(s, fill, c, r - max(1, int(0.3 * u)))
        shine = (255, 255, 255, 60) if fill[0] < 128 else (255, 255, 255, 160)
        pygame.draw.circle(s, shine, (c[0] - int(0.7 * u), c[1] - int(0.7 * u)), int(0.6 * u))
    return s


def main(argv: list[str] | None = None) -> None:
    tool_parser(__doc__, writes_and_takes(
        writes="assets/icon.png over the committed one (the same bytes unless the drawing changed)",
        takes="under a second")).parse_args(argv)  # --help writes nothing
    pygame.init()
    icon = pygame.transform.smoothscale(draw(SIZE * SCALE), (SIZE, SIZE))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(icon, str(OUT))
    print(f"{OUT.relative_to(OUT.parent.parent)}: {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
