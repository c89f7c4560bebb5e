"""The course's ``base`` module for Trax player files (``import base as Base``).

A student's ``class Player(Base.BasePlayer)`` calls ``Base.BasePlayer.__init__(self, board, name,
color)`` and implements ``move()``.  What ``BasePlayer`` gives is listed in shared/rules/trax.md,
"The course interface": ``board`` (its own deep copy, ``board[row][col]``, tile names or
``none``), ``playerName``, ``myColor`` ('l' or 'd'), ``rivalColor``, ``algorithmName``,
``tournament``, ``tiles``, ``neighbors`` (west, north, east, south), ``my2other``, ``inside(r, c)``
and a ``move()`` that returns ``[]``.  Our own code; on the import path only inside an outside
player's process (ai/outside.py), which refreshes ``self.board`` before every ``move()``.
"""

import copy


class BasePlayer:
    def __init__(self, board, name, color):
        self.name = name
        self.playerName = name
        self.myColor = color
        self.rivalColor = {"l": "d", "d": "l"}
        self.algorithmName = "base"
        self.tournament = False
        self.tiles = ["lldd", "dlld", "ddll", "lddl", "dldl", "ldld"]
        self.neighbors = [[0, -1], [-1, 0], [0, 1], [1, 0]]  # west, north, east, south
        self.my2other = [2, 3, 0, 1]  # the side of the neighbour that touches each of ours
        self.board = copy.deepcopy(board)

    def inside(self, r, c):
        """True if (r, c) is a cell of the board."""
        return 0 <= r < len(self.board) and 0 <= c < len(self.board[r])

    def move(self):
        """[] (no tile), or [[row, col, tile], ...]: the placed tile and every forced tile."""
        return []
