"""The course's ``draw`` module for Trax player files: ``Drawer().draw(board, filename)`` writes a PNG.

The course's version uses Pillow; ours writes the PNG itself (zlib + struct), so player files can
call it in any process without extra packages.  Tiles are drawn with Trax's usual look: a red
square, the light path white and the dark path black; empty cells grey.  Our own code; on the
import path only inside an outside player's process.
"""

import struct
import zlib

BACKGROUND = (190, 45, 40)
COLOURS = {"l": (245, 245, 240), "d": (25, 25, 25)}
EMPTY = (215, 215, 215)
GRID = (120, 120, 120)


def _pixel(tile, x, y, size):
    """The colour at (x, y) of a tile drawn in a size x size square (x right, y down)."""
    half, width = size / 2, size / 7
    if not tile or tile == "none" or len(tile) != 4:
        return EMPTY
    west, north, east, south = tile
    if west == east:  # a straight tile: the west-east path on top of the north-south one
        if abs(y - half) < width / 2:
            return COLOURS[west]
        if abs(x - half) < width / 2:
            return COLOURS[north]
        return BACKGROUND
    # two curves: one round the corner between west and north (or west and south), one opposite
    corners = {"wn": (0, 0), "ne": (size, 0), "es": (size, size), "sw": (0, size)}
    pairs = (("w", "n"), ("n", "e"), ("e", "s"), ("s", "w"))
    colour_of = {"w": west, "n": north, "e": east, "s": south}
    for a, b in pairs:
        if colour_of[a] == colour_of[b]:
            cx, cy = corners[a + b]
            d = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
            if abs(d - half) < width / 2:
                return COLOURS[colour_of[a]]
    return BACKGROUND


class Drawer:
    def __init__(self, cell=32):
        self.cell = cell

    def draw(self, board, filename):
        """Write ``board`` (rows of tile names, ``none`` or 0 for empty) to ``filename`` as PNG."""
        rows = len(board)
        cols = max((len(r) for r in board), default=0)
        s = self.cell
        width, height = cols * s + 1, rows * s + 1
        raw = bytearray()
        cache = {}
        for py in range(height):
            raw.append(0)  # PNG filter: none
            r, y = divmod(py, s)
            for px in range(width):
                c, x = divmod(px, s)
                if x == 0 or y == 0 or r >= rows or c >= cols:
                    raw.extend(GRID)
                    continue
                tile = board[r][c] if c < len(board[r]) else None
                key = (tile, x, y)
                colour = cache.get(key)
                if colour is None:
                    colour = cache[key] = _pixel(tile if isinstance(tile, str) else None, x, y, s)
                raw.extend(colour)
        with open(filename, "wb") as f:
            f.write(_png(width, height, bytes(raw)))


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def _png(width, height, raw):
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw, 6))
            + _chunk(b"IEND", b""))
