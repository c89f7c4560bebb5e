"""Tic-tac-toe bench positions: 3x3, 4x4 k=3, connect-four size and 15x15 gomoku."""

BENCH_POSITIONS = [
    "to-move: X\n...\n...\n...",
    ({"width": 4, "height": 4, "k": 3}, "to-move: X\n....\n....\n....\n...."),
    ({"width": 7, "height": 6, "k": 4}, "to-move: O\n.......\n.......\n.......\n...X...\n..XO...\n..OX..."),
    ({"width": 15, "height": 15, "k": 5}, "to-move: O\n" + "\n".join(
        "." * 15 if r not in (6, 7) else ("......XO......." if r == 7 else ".......X.......") for r in range(15)
    )),
]
