"""The search tree explorer names its own best move and says why the game's hint can name another.

A class shown Trax 8x8 read the hint's "depth 2 · best A0\\" and the depth 2 tree's line through
A0/, with A0\\ at "≤+1.1" and the side panel naming no move at all: two answers to one question.
The tree is right at its depth (minimax values A0\\ at -0.5 there: Dark's replies that leave
Light's loop threat standing are valued by the heuristic), and so is the hint's look, which counts
a threat left standing as a win on the next ply (the depth 3 tree chooses A0\\ too).  The panel now
names the tree's choice with its estimate, the moves that tie for it at its depth, and, where the
hint shown on the game's board is another move, its value here and why the two differ.
"""

from __future__ import annotations

import os

import pygame

import ai
import games
from ai.base import Limits
from ai.engines.trax_search import ThreatPlayer
from ai.game_tree import ALPHABETA, MINIMAX, build, note_ties
from tests.test_tree import built
from tests.ui_helpers import key, recorded_text, wait
from ui.ai_worker import AIProgress
from ui.match import HOTSEAT, MatchSetup


def _trax8():
    game = games.load("trax", size=8)
    return game, game.initial_state()


def test_the_estimates_tie_at_the_trees_depth_is_the_one_minimax_finds():
    """At depth 2 from Trax 8x8's start A0/ and its mirror @1/ are worth the same (+1.1): with
    ``estimates`` alpha-beta's root, which keeps A0/ and only bounds @1/ ("≤+1.1"), is told the
    moves minimax's exact values tie with its best; without it, as before, none (proofs only)."""
    game, state = _trax8()
    minimax = build(state, MINIMAX, 2, game_id="trax").root
    tied = {child.move for child in minimax.children if child.value == minimax.value} - {minimax.best}
    tree = build(state, ALPHABETA, 2, game_id="trax")
    note_ties(tree, "trax")
    assert tree.root.as_good == ()
    note_ties(tree, "trax", estimates=True)
    assert set(tree.root.as_good) == tied and tied, tree.root.as_good
    assert {game.other_move_text(state, move) for move in tied} == {"@1/"}
    assert game.other_move_text(state, tree.root.best) == "A0/"


def _explorer_said(app, monkeypatch, explorer) -> str:
    built(app, explorer)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return " ".join(drawn)


def test_the_panel_names_the_trees_best_move_with_its_estimate_and_the_hints_move(app, monkeypatch):
    """Trax 8x8, H then T: the root's panel names the tree's best, A0/, and its tie, @1/, at depth
    2 with their estimate, and the hint's own move, which the tree ranks below, with its value
    in the tree and why the two differ."""
    app.start_game(MatchSetup("trax", {"size": 8}, HOTSEAT, (None, None), 1.0))
    scene = app.scene
    app.run_frames(2)
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    hint, search = scene.hint, scene.computer.last_search
    key(app, pygame.K_t)
    explorer = app.scene
    said = _explorer_said(app, monkeypatch, explorer)
    assert "Equal best at depth 2: A0/, @1/ (+1.1)" in said, said
    written = scene.game.other_move_text(scene.state, hint)
    assert written not in ("A0/", "@1/")  # the hint looks past the threat the depth 2 tree cannot see
    child = next(child for child in explorer.tree.root.children if child.move == hint)
    why = ("the hint searched deeper (depth {d})" if search.depth > 2
           else "the hint sees a threat's win on ply {p}, past depth 2").format(d=search.depth, p=search.depth + 1)
    assert f"The hint's {written} is {explorer.box_text(child)} here: {why}" in said, said
    assert explorer.selected is explorer.tree.root and explorer.hint == (hint, search)


def test_a_depth_2_hint_is_said_to_see_the_threat_the_depth_2_tree_cannot(app, monkeypatch):
    """Level 5's two-ply look (the hint on a loaded machine, "depth 2"): A0\\ for its loop threat,
    where the depth 2 tree, which values the replies that leave it standing by the heuristic,
    chooses A0/.  The panel says which ply the tree does not see."""
    game, state = _trax8()
    found = []
    ThreatPlayer(ai.catalog("trax")[0], steps=5).choose(state, Limits(depth=2), found.append)
    last = found[-1]
    assert last.depth == 2 and last.kind == "threats" and last.proven is None
    search = AIProgress(0, depth=last.depth, best_move=last.best_move, score=last.score, kind=last.kind,
                        mover=state.to_move)
    assert game.other_move_text(state, last.best_move) == "A0\\"
    app.show_tree(game, state, hint=(last.best_move, search))
    said = _explorer_said(app, monkeypatch, app.scene)
    assert "The hint's A0\\ is ≤+1.1 here: the hint sees a threat's win on ply 3, past depth 2" in said, said
    key(app, pygame.K_PLUS)  # at depth 3 the tree sees it: A0\ is its best (with its mirror), and no word of the hint
    said = _explorer_said(app, monkeypatch, app.scene)
    assert "Equal best at depth 3: A0\\, @1\\ (+0.8)" in said and "The hint's" not in said, said


WINDOWS = ((800, 560), (1024, 600), (1280, 704))


def _panel_keeps_the_legend(app, monkeypatch, open_explorer, said: str) -> list[str]:
    """For each language and window of ``WINDOWS``, the explorer ``open_explorer`` opens, drawn with
    its root selected: the windows where ``said`` (a line of the root's words) shows but a legend
    item is not drawn whole in the side panel, in any of its forms, named by its first.  ``said``:
    the msgid, whose words before its first field must show."""
    from tests.ui_helpers import in_language, recorded_text_rects
    from ui import i18n
    from ui import text as tx

    short = []
    for code in ("en", "pt"):
        with in_language(app, code):
            for size in WINDOWS:
                pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
                app.run_frames(2)
                assert app.size == size, app.size
                explorer = open_explorer()
                assert explorer.selected is explorer.tree.root
                drawn = recorded_text_rects(monkeypatch)
                explorer.draw(app.screen)
                panel = [text for text, rect in drawn if explorer.side.contains(rect)]
                assert any(i18n._(said).split("{")[0] in text for text in panel), (code, size, panel)
                width, letters = explorer.side.width - 2 * int(12 * explorer.scale), tx.small(13, explorer.scale)
                short += [f"{code} {size}: {forms[0]}" for forms in explorer.legend()
                          if not any(all(line in panel for line in tx.wrap(form, letters, width)) for form in forms)]
                out = os.environ.get("TABULEIRO_SCREENSHOTS")  # to look at them, as tests/test_ui_xvfb.py keeps its own
                if out:
                    name = f"tree-legend-{explorer.game.id}-{code}-{size[0]}x{size[1]}.png"
                    pygame.image.save(app.screen, os.path.join(out, name))
                key(app, pygame.K_ESCAPE)
                app.run_frames(2)
    return short


def test_the_legend_keeps_every_item_under_the_hints_line(app, monkeypatch):
    """Trax 8x8 at depth 2 after level 5's hint: the root's panel says why the hint's A0\\ is not
    the tree's choice (``hint_line``) and names the tree's equal best, lines that wrap to two or
    three rows in a small window (more in Portuguese), and the legend lost its last item (its
    last two in Portuguese) at 1280x704: the board left room for six rows of the node's words
    only.  ``side_board`` now counts the node's own rows; every item stays whole."""
    from ui.scenes.tree_words import HINT_THREATS

    game, state = _trax8()
    found = []
    ThreatPlayer(ai.catalog("trax")[0], steps=5).choose(state, Limits(depth=2), found.append)
    last = found[-1]
    search = AIProgress(0, depth=last.depth, best_move=last.best_move, score=last.score, kind=last.kind,
                        mover=state.to_move)

    def opened():
        app.show_tree(game, state, hint=(last.best_move, search))
        built(app, app.scene)
        return app.scene

    assert _panel_keeps_the_legend(app, monkeypatch, opened, HINT_THREATS) == []


def test_the_legend_keeps_every_item_under_a_proven_root(app, monkeypatch):
    """3x3 Tic-tac-toe after b2, its root proven by the solver ("Solver: proven: draw" over the
    depth's estimate): every legend item whole in the small windows, English and Portuguese."""
    from tests.test_tree import built_and_proved

    def opened():
        app.open_demo("game:tictactoe:hotseat:b2")
        app.run_frames(2)
        key(app, pygame.K_t)
        built_and_proved(app, app.scene)
        return app.scene

    assert _panel_keeps_the_legend(app, monkeypatch, opened, "Solver: {proof}") == []
