"""The search tree explorer asks the game's solver about the selected node and its children
(ui/tree_proofs.py, the worker's "prove" job): a position it proves is said in the side panel
("Solver: proven: draw") and its box ticked.  The solver runs in a real worker process here."""

from __future__ import annotations

import pygame

import games
from ai.game_tree import ALPHABETA, build
from tests.test_tree import built, random_reversi_line
from tests.ui_helpers import click, key, recorded_text, wait
from ui import worker_lifecycle


def _explorer_after_a1_b2_at_depth_2(app):
    """The explorer opened (T) on 3x3 after a1 b2, brought down to depth 2 (- twice) and built."""
    app.open_demo("game:tictactoe:hotseat:a1,b2")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    key(app, pygame.K_MINUS)
    key(app, pygame.K_MINUS)
    built(app, explorer)
    assert explorer.depth == 2
    return explorer


def _ticked(monkeypatch) -> list[pygame.Rect]:
    """The boxes the explorer's next drawings tick as proven (``_draw_proven_mark``'s rectangles)."""
    from ui.scenes import tree_drawing

    ticked, mark = [], tree_drawing._draw_proven_mark
    monkeypatch.setattr(tree_drawing, "_draw_proven_mark",
                        lambda surface, scene, rect: ticked.append(rect.copy()) or mark(surface, scene, rect))
    return ticked


def _redrawn(app, drawn: list) -> str:
    drawn.clear()
    app.invalidate()
    app.run_frames(2)
    return " ".join(drawn)


def test_a_leaf_clicked_says_what_the_solver_proved_and_its_box_is_ticked(app, monkeypatch):
    """3x3 after a1 b2 at depth 2: a leaf's box holds the course heuristic's estimate, though
    tic-tac-toe's full search proves it at once.  A click on the leaf asks the solver, and the
    panel says its proof, "Solver: proven: draw" (the leaf's own result, searched to the end here
    by the tree's minimax), and the box gets a tick; its value stays the tree's."""
    explorer = _explorer_after_a1_b2_at_depth_2(app)
    leaves = [(rect, node) for rect, node in explorer.node_rects if node.kind == "horizon"]
    drawn_draws = [(rect, node) for rect, node in leaves
                   if build(node.state, ALPHABETA, 9, game_id="tictactoe").root.value == 0]
    assert drawn_draws, [node.move for _rect, node in leaves]
    rect, leaf = drawn_draws[0]
    box = explorer.box_text(leaf)
    drawn, ticked = recorded_text(monkeypatch), _ticked(monkeypatch)
    click(app, rect.center)
    assert explorer.selected is leaf
    assert wait(app, lambda: explorer.proofs.proof_of(leaf) is not None, 120)
    said = _redrawn(app, drawn)
    assert "Solver: proven: draw" in said, said
    shown = next(shown for shown, node in explorer.node_rects if node is leaf)
    assert shown in ticked and explorer.box_text(leaf) == box


def _negamax_margin(state) -> int:
    """Black's discs less White's on the board at the end of perfect play from ``state`` (a plain
    minimax to the end: a few empties only)."""
    if state.is_terminal():
        black, white = state.score()
        return black - white
    margins = [_negamax_margin(state.play(move)) for move in state.legal_moves()]
    return max(margins) if state.to_move == 0 else min(margins)


def test_a_reversi_node_near_the_end_says_the_solvers_exact_margin(app, monkeypatch):
    """Reversi with six empties: a move of the root, clicked, says the endgame solver's proof of
    its position in discs on the board, the margin a plain minimax to the end finds."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    moves, state = random_reversi_line(6)
    app.switch(GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0), moves))
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    rect, child = next((rect, node) for rect, node in explorer.node_rects
                       if node.ply == 1 and not node.cut and not node.state.is_terminal())
    drawn = recorded_text(monkeypatch)
    click(app, rect.center)
    assert explorer.selected is child
    assert wait(app, lambda: explorer.proofs.proof_of(child) is not None, 120)
    margin = _negamax_margin(child.state)
    winner = state.game.sides[0 if margin > 0 else 1]
    said = _redrawn(app, drawn)
    assert f"Solver: proven: {winner} wins by {abs(margin)} discs on the board" in said or (
        margin == 0 and "Solver: proven: draw" in said), (margin, said)


def test_leaving_the_explorer_ends_its_solvers_process(app):
    """The solver's worker is the explorer's own: Back ends it, as a game's analysis ends its own."""
    explorer = _explorer_after_a1_b2_at_depth_2(app)
    assert wait(app, lambda: explorer.proofs.worker is not None, 60)
    process = explorer.proofs.worker.process
    key(app, pygame.K_ESCAPE)
    assert app.scene is not explorer and explorer.proofs.worker is None
    # the closed worker's own ending thread joins it: a second join here raced that thread's, one
    # reaping the process while the other's poll found no child and called it alive
    assert worker_lifecycle.wait_for_closed_workers(60)
    assert not process.is_alive()


def test_the_prove_job_answers_a_proof_and_keeps_an_estimate_to_itself():
    """The worker's "prove" job (the explorer's, ``TreeProofs.make_job``) sends level 5's report
    only where it proves the position: Reversi's start, which no solver proves in half a second,
    gets its answer and nothing else (an estimate there would read as a proof in the panel); a
    tic-tac-toe position with a win in one gets the proof."""
    from tests.test_ai_worker import answers_until
    from ui.ai_worker import AIProgress, AIResult
    from ui.tree_proofs import TreeProofs
    from ui.worker_client import AIWorker

    reversi, tictactoe = games.load("reversi"), games.load("tictactoe")
    won = tictactoe.play_line(["a1", "b2", "a2", "c3"])  # X to move, a3 wins
    asked = [(reversi, reversi.initial_state()), (tictactoe, won)]
    said = []
    for game, state in asked:
        worker = AIWorker(game, warm_up=False)
        try:
            job_id = worker.submit(TreeProofs(game).make_job((), game.to_text(state)))
            said.append([a for a in answers_until(worker, job_id, 120) if a.job_id == job_id])
        finally:
            worker.close()
    assert [type(a) for a in said[0]] == [AIResult], said[0]
    assert [type(a) for a in said[1]] == [AIProgress, AIResult] and said[1][0].proven == 1, said[1]


def _jobs_asked(monkeypatch) -> list[str]:
    """The positions the explorer's next proof jobs are made for (``TreeProofs.make_job``)."""
    from ui.tree_proofs import TreeProofs

    asked, make_job = [], TreeProofs.make_job
    monkeypatch.setattr(TreeProofs, "make_job",
                        lambda self, moves, position: asked.append(position) or make_job(self, moves, position))
    return asked


def _explorer_clicked_on_a_child(app, demo: str):
    """The explorer opened (T) on ``demo``'s game, built, and its first child clicked."""
    app.open_demo(demo)
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    rect, child = next((rect, node) for rect, node in explorer.node_rects if node.ply == 1 and not node.cut)
    click(app, rect.center)
    assert explorer.selected is child
    app.run_frames(3)
    return explorer


def test_11x11_hex_asks_no_proof_nothing_can_give(app, monkeypatch):
    """11x11 Hex after f6: the root's 120 children and a clicked child's own were each asked for
    half a second of level 5, a minute of a core for positions no solver, map or table of
    level 5 reaches (``ai.proof_reach.may_prove``).  None is asked now, and no worker started."""
    asked = _jobs_asked(monkeypatch)
    explorer = _explorer_clicked_on_a_child(app, "game:hex:hotseat:f6")
    assert asked == [] and not explorer.proofs.queue and explorer.proofs.worker is None


def test_3x3_tictactoe_still_asks_for_proofs(app, monkeypatch):
    """3x3 is solved outright: the clicked child and its children are asked for."""
    asked = _jobs_asked(monkeypatch)
    explorer = _explorer_clicked_on_a_child(app, "game:tictactoe:hotseat:a1,b2")
    assert wait(app, lambda: len(asked) > 1, 120), asked
    assert explorer.proofs.worker is not None


def test_the_window_asks_its_first_proof_of_engines_the_build_thread_imported(app, monkeypatch):
    """Rastros: the first ``may_prove`` imported the solver (and numba) in the window's thread, a
    pause of 0.3 s; the tree's build thread imports every engine the question reads before the
    tree is shown (``ai.proof_reach.import_engines``), so the window only finds them imported."""
    import threading

    from ai import proof_reach

    asked, import_engine = [], proof_reach.import_engine
    monkeypatch.setattr(proof_reach, "import_engine", lambda name: asked.append(
        (name, threading.current_thread() is threading.main_thread())) or import_engine(name))
    app.open_demo("game:rastros:hotseat:")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    app.run_frames(3)
    on_the_window = [name for name, main in asked if main]
    first = asked.index((on_the_window[0], True)) if on_the_window else len(asked)
    assert on_the_window and explorer.proofs.worker is not None, asked  # the root and its moves were asked
    assert set(on_the_window) <= {name for name, main in asked[:first] if not main}, asked


def _panel_of_the_root(app, monkeypatch, explorer) -> str:
    """The side panel's text of the explorer's root (selected) once the solver proved its position."""
    assert explorer.selected is explorer.tree.root
    assert wait(app, lambda: explorer.proofs.proof_of(explorer.tree.root) is not None, 120)
    return _redrawn(app, recorded_text(monkeypatch))


def test_the_roots_estimate_under_analysiss_proof_is_no_second_verdict(app, monkeypatch):
    """3x3 after b2 a2, analysis on (A), the tree (T): the root's box said "X wins", analysis's
    proof, and its panel "Value +25: better for X" under it, a second, weaker verdict.  The panel
    now calls +25 the depth 4 search's estimate and names no side ahead; the solver's proof, the
    same as analysis's, is not said twice."""
    app.open_demo("game:tictactoe:hotseat:b2,a2")
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: scene._shown_proof() is not None, 60)
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    said = _panel_of_the_root(app, monkeypatch, explorer)
    assert explorer.box_text(explorer.tree.root) == "X wins"
    assert "Analysis: proven: X wins in 5 moves" in said and "Solver: " not in said, said  # said once
    assert "Depth 4 estimate +25; the proof above is exact" in said, said
    assert "Value +25" not in said and "better for X" not in said, said


def test_an_estimate_the_solver_contradicts_is_said_as_an_estimate(app, monkeypatch):
    """Rastros after 5-4 6-3 (T): "Solver: proven: North wins" sat above "Value +5: South +5 on the
    bot's own scale", two verdicts at odds.  The value is now the depth 2 estimate, no side named."""
    app.open_demo("game:rastros:hotseat:5-4,6-3")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    said = _panel_of_the_root(app, monkeypatch, explorer)
    assert "Solver: proven: North wins" in said, said
    assert "Depth 2 estimate +5; the proof above is exact" in said and "South +5" not in said, said


def test_the_selected_boxs_ring_leaves_the_solvers_tick_whole(app):
    """Rastros after 5-4 6-3 (T): the root, selected and proven, had the keyboard's ring drawn over
    the solver's tick on its corner, half covering it.  The tick is drawn above the ring: every
    pixel of its disc is the disc's colour or the tick's, none the ring's."""
    from ui.scenes.tree_drawing import mark_centre, mark_radius

    app.open_demo("game:rastros:hotseat:5-4,6-3")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    assert wait(app, lambda: explorer.proofs.proof_of(explorer.tree.root) is not None, 120)
    app.invalidate()
    app.run_frames(2)
    box = next(rect for rect, node in explorer.node_rects if node is explorer.selected)
    (cx, cy), radius = mark_centre(box, explorer.scale), mark_radius(explorer.scale) - 1
    disc = {tuple(app.screen.get_at((x, y)))[:3] for x in range(cx - radius, cx + radius + 1)
            for y in range(cy - radius, cy + radius + 1) if (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2}
    theme = explorer.theme
    assert disc == {tuple(theme.accent)[:3], tuple(theme.background)[:3]}, disc
