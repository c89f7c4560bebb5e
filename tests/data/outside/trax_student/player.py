# A course-style Trax player (the ALP semester assignment, shared/seeds/002_6ee42ca44462b26c.txt):
# "import base as Base", "import draw as Drawer", class Player(Base.BasePlayer), move() returns
# [[row, col, tile], ...] with the placed tile first and then every forced tile.
import draw as Drawer
import sys
import random
import copy
import base as Base


class Player(Base.BasePlayer):
    def __init__(self, board, name, color):
        Base.BasePlayer.__init__(self, board, name, color)  # DO NOT CHANGE THIS LINE!!
        self.algorithmName = "first fit with forced tiles"

    def colorAt(self, board, r, c, side):
        # colour that enters cell (r, c) through 'side' from its neighbour, or None
        dr, dc = self.neighbors[side]
        rr, cc = r + dr, c + dc
        if not self.inside(rr, cc) or board[rr][cc] == "none" or board[rr][cc] == 0:
            return None
        return board[rr][cc][self.my2other[side]]

    def fits(self, board, r, c, tile):
        for side in range(4):
            col = self.colorAt(board, r, c, side)
            if col is not None and col != tile[side]:
                return False
        return True

    def hasNeighbor(self, board, r, c):
        for side in range(4):
            if self.colorAt(board, r, c, side) is not None:
                return True
        return False

    def place(self, r, c, tile):
        # try the tile and the forced tiles it causes; return the list of placements or None
        board = copy.deepcopy(self.board)
        board[r][c] = tile
        placed = [[r, c, tile]]
        changed = True
        while changed:
            changed = False
            for rr in range(len(board)):
                for cc in range(len(board[rr])):
                    if board[rr][cc] != "none":
                        continue
                    cols = [self.colorAt(board, rr, cc, s) for s in range(4)]
                    for col in "ld":
                        n = cols.count(col)
                        if n > 2:
                            return None
                        if n == 2:
                            options = [t for t in self.tiles if self.fits(board, rr, cc, t)]
                            if len(options) != 1:
                                return None
                            board[rr][cc] = options[0]
                            placed.append([rr, cc, options[0]])
                            changed = True
                            break
        return placed

    def move(self):
        cells = []
        for r in range(len(self.board)):
            for c in range(len(self.board[r])):
                if self.board[r][c] == "none" and self.hasNeighbor(self.board, r, c):
                    cells.append((r, c))
        random.Random(len(cells)).shuffle(cells)
        for r, c in cells:
            for tile in self.tiles:
                if self.fits(self.board, r, c, tile):
                    result = self.place(r, c, tile)
                    if result is not None:
                        return result
        return []


if __name__ == "__main__":
    boardRows = 10
    boardCols = boardRows
    board = [["none"] * boardCols for _ in range(boardRows)]
    board[boardRows // 2][boardCols // 2] = ["lldd", "dlld", "ddll", "lddl", "dldl", "ldld"][random.randint(0, 5)]
    d = Drawer.Drawer()
    p1 = Player(board, "player1", 'l')
    p2 = Player(board, "player2", 'd')
    idx = 0
    while True:
        rmove = p1.move()
        for move in rmove:
            row, col, tile = move
            p1.board[row][col] = tile
            p2.board[row][col] = tile
        d.draw(p1.board, "move-{:04d}.png".format(idx))
        idx += 1
        if len(rmove) == 0:
            print("End of game", file=sys.stderr)
            break
        p1, p2 = p2, p1
