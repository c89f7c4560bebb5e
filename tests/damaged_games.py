"""Real game files of every format the window opens, damaged at a known move: a record's JSON,
HexGui's and Little Golem's SGF, a GGS archive's GGF, a copied move list and Trax's official
notation.  Shared by the window's tests (tests/test_ui_open_legal_part.py) and the command line's
(tests/test_cli_analyse.py), which must keep the same legal part of the same files."""

from __future__ import annotations

from pathlib import Path

from tests.test_hex_sgf import HEXGUI
from tests.test_othello_ggf import GGS_ARCHIVE_GAME
from tests.test_trax_official import LOOP
from tests.test_ui_legal_part import with_an_illegal_move
from tests.test_ui_paste import COPIED
from ui.record_files import from_text

# Little Golem's game 1804563 as PlayHex's tests quote it (names unescaped), its third move taken
# off the board: RE[B] and the resignation after it came with moves now gone
LITTLE_GOLEM = ("(;FF[4]EV[null]PB[lazy\\player]PW[Shumacher;]]SZ[11]RE[B]GC[game #1804563]"
                "SO[https://www.littlegolem.net];W[ad];B[swap];W[zz];B[resign])")
GGS_MOVE_20 = "W[B6/0.63]"  # the GGS archive game's twentieth move, made E6 (the first move's square)
DAMAGED_GGF = GGS_ARCHIVE_GAME.replace(GGS_MOVE_20, "W[E6/0.63]")

KINDS = ["record", "hexgui", "littlegolem", "ggf", "moves", "trax"]


def damaged(kind: str, tmp_path: Path) -> tuple[str, str, list[str], str]:
    """A real file of ``kind`` (one of ``KINDS``) damaged at a known move: (its text, its suffix,
    the moves kept, how its refusal begins)."""
    if kind == "record":
        text = with_an_illegal_move(tmp_path / "made.json")  # b2 a1 c3, then b2 again
        return text, ".json", ["b2", "a1", "c3"], "move 4 'b2' is not legal: b2 is already taken"
    if kind == "hexgui":
        text = HEXGUI.replace(";W[e7]", ";W[e7];B[e7]")  # e7 played twice
        return text, ".sgf", ["f6", "swap", "e7"], "line 2: move 4 'e7' is not legal: e7 is already taken"
    if kind == "littlegolem":
        return LITTLE_GOLEM, ".hsgf", ["d1", "swap"], "line 1: Little Golem move 'zz' is off the 11x11 board"
    if kind == "ggf":
        assert GGS_ARCHIVE_GAME.count(GGS_MOVE_20) == 1
        kept = from_text(GGS_ARCHIVE_GAME).moves[:19]
        return DAMAGED_GGF, ".ggf", kept, "line 1: move 20 'e6' is not legal: e6 is already taken"
    if kind == "moves":  # Copy moves' list
        return (COPIED.replace("e6 e3", "e6 a1"), ".txt", ["d3", "c5", "f6", "f5", "e6"],
                "move 6 'a1' is not legal: a1 flips no discs")
    assert kind == "trax"  # the official notation: a tile written after the loop that ends the game
    return f"{LOOP} C1+\n", ".txt", ["f5\\", "e6\\"], "move 4 'C1+' comes after the end of the game"
