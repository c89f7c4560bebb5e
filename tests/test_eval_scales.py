"""The evaluation bar and graphs read the games' scales from ``ai.eval_scales``, not from the engines.

Reading Alquerque's piece or Reversi's clear advantage imported the engine module, and with it
numba and llvmlite, into the window: a bar drawn in a fresh process must import neither.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

from ai import eval_scales
from ai.eval_scales import ALQUERQUE_PIECE, CLEAR_ADVANTAGE, SCALE_FLOOR
from ai.move_values import MoveValue, MoveValues
from ui import analysis_mode
from ui.analysis import Opinion, amount_text, eval_scale
from ui.eval_bar import position_value

ROOT = Path(__file__).resolve().parent.parent

DRAW_BARS_AND_GRAPHS = """
import sys
import pygame
import games
from ai.move_values import MoveValue, MoveValues
from ui import eval_bar
from ui.eval_graph import draw_graph
from ui.theme import THEMES

surface = pygame.Surface((400, 300))
for game_id, score in (("alquerque", 110.0), ("reversi", 6.0), ("hex", 3.0), ("tictactoe", 16.0)):
    game = games.load(game_id)
    snapshot = MoveValues(0, {"m": MoveValue("m", score, depth=4)}, depth=4)
    eval_bar.draw(surface, pygame.Rect(10, 20, 30, 200), snapshot, game, THEMES["dark"], 1.0, "depth 4",
                  state=game.initial_state())
    draw_graph(surface, pygame.Rect(60, 20, 300, 200), [0.0, 0.3, -0.2], game, THEMES["dark"], 1.0, 2)
print("imported:", sorted(name for name in ("numba", "llvmlite") if name in sys.modules),
      sorted(name for name in sys.modules if name.startswith("ai.engines.")))
"""


def test_drawing_evaluation_bars_and_graphs_imports_no_engine(tmp_path):
    """A fresh process draws every kind of game's bar and graph: no numba, no llvmlite, no engine."""
    done = subprocess.run([sys.executable, "-c", DRAW_BARS_AND_GRAPHS], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.splitlines()[-1] == "imported: [] []"


def test_the_scales_are_the_tables_and_the_engines_piece_is_its_unit():
    """The bar and the graphs show what the engines' own numbers say: Alquerque's values in the
    engine's pieces, the clear advantages as written in the table."""
    from ai.engines import alquerque

    assert alquerque.MATERIAL == ALQUERQUE_PIECE
    assert amount_text(1.1 * alquerque.MATERIAL, "alquerque") == "+1.1"
    assert [eval_scale(game_id, []) for game_id in ("reversi", "alquerque")] == [
        CLEAR_ADVANTAGE["reversi"], 1.5 * alquerque.MATERIAL]


def test_an_adaptive_scale_is_no_less_than_the_games_floor_in_the_table(monkeypatch):
    """The least a tic-tac-toe scale may be (an open line of three: 4**3 in ``OpenLines``) is a game
    fact kept in ``ai.eval_scales`` with the others, not in the window: a 16 seen early in a game
    is not drawn as a clear lead, and a floor the table gives another game is the one its bar uses."""
    assert SCALE_FLOOR["tictactoe"] == 4 ** 3
    assert eval_scale("tictactoe", [Opinion(16.0), Opinion(-4.0)]) == SCALE_FLOOR["tictactoe"]
    assert eval_scale("tictactoe", [Opinion(300.0)]) == 300.0
    monkeypatch.setitem(eval_scales.SCALE_FLOOR, "hex", 50.0)
    assert eval_scale("hex", [Opinion(3.0)]) == 50.0


def test_tictactoes_floor_is_a_line_of_three_in_its_evaluations_own_units():
    """The floor and the evaluation take the open lines' base from one place: a lone X in a corner
    of 3x3 (three lines of one mark, O to move) is worth 1 - 3 * base to O, and the floor is a
    line of three in that base, whatever the base becomes."""
    import games
    from ai.engines.tictactoe import OpenLines
    from ai.eval_scales import TICTACTOE_LINE_BASE

    corner = games.load("tictactoe").from_text("to-move: O\nX..\n...\n...")
    assert OpenLines().evaluate(corner) == 1 - 3 * TICTACTOE_LINE_BASE
    assert SCALE_FLOOR["tictactoe"] == TICTACTOE_LINE_BASE ** 3


def test_the_bar_works_its_scale_out_once_for_each_settled_snapshot(monkeypatch):
    """The bar's value worked ``eval_scale`` out over every value at each drawing (some 4% of a
    15x15 board's): a snapshot the window keeps is settled, its values unchanging, so its scale is
    worked out once, for each game it is read for; one still being built, at every drawing; a
    copy (pickled to a worker) keeps no scale of its original."""
    asked = []

    def counted(game_id: str, opinions: list[Opinion | None]) -> float:
        asked.append(game_id)
        return eval_scale(game_id, opinions)

    monkeypatch.setattr(analysis_mode, "eval_scale", counted)
    values = {move: MoveValue(move, float(move), depth=2) for move in range(1, 41)}
    building = MoveValues(0, dict(values), 2)
    drawn = [position_value(building, "tictactoe") for _ in range(3)]
    assert asked == ["tictactoe"] * 3
    asked.clear()
    settled = MoveValues(0, dict(values), 2).settled()
    assert [position_value(settled, "tictactoe") for _ in range(3)] == drawn and asked == ["tictactoe"]
    position_value(settled, "hex")
    position_value(settled, "hex")
    assert asked == ["tictactoe", "hex"]
    copy = pickle.loads(pickle.dumps(settled))  # as sent to a worker: an ordinary snapshot, no scale kept
    copy.values[41] = MoveValue(41, 500.0, depth=2)
    position_value(copy.settled(), "hex")
    assert asked == ["tictactoe", "hex", "hex"]
