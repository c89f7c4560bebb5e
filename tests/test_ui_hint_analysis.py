"""A hint and analysis on the board agree: the hinted move's value on the board at the hint's depth
is the hint's value, and the hint says its depth, so a deeper analysis's other value reads as
what it is.  Trax against level 3: the hint said "@1+ (Light +0.1 points)" and the board "-1.6"
on @1 at depth 4, in two searches valuing the evaluation for opposite sides (ai/engines/trax_search.py
``TwoPlyLook``, ``PathEvaluation``); and analysis's values no longer swing between odd and even
depths (the evaluation's tempo, ai/engines/trax_threats.py ``evaluate``)."""

from __future__ import annotations

import pygame
import pytest

import games
from ai.engines.trax_threats import DEFAULT, evaluate
from games.trax import DARK, LIGHT
from tests.ui_helpers import click, key, wait
from tools.trax_depth_values import depth_values, sign_changes
from ui.analysis import amount_text

TRAX_OPENING = ("A0+", "B1\\")  # the person's first tile, level 3's reply
HINTED = "@1+"


def trax_against_level_3(app):
    """Trax against level 3, the person Light: the first tile laid by clicks (its space, then the
    first tile of the picker), level 3's reply waited for: the game screen."""
    from ui.match import HUMAN_VS_PC, MatchSetup

    app.start_game(MatchSetup("trax", {}, HUMAN_VS_PC, (None, "level-3"), 2.0))  # time enough for level 5's deeper search
    scene = app.scene
    view = scene.view
    click(app, view.cell_rect(*view.move_cell(scene.game.parse_move(scene.state, TRAX_OPENING[0]))).center)
    assert view.picker is not None
    rect, _move = view._picker_rects()[0]
    click(app, rect.center)
    assert wait(app, lambda: len(scene.history) == 2, 60)
    assert scene.state == scene.game.play_line(list(TRAX_OPENING))
    return scene


def test_the_trax_hint_and_the_boards_value_of_its_move_agree_at_its_depth(app, monkeypatch):
    """H says the hint's depth and the side its value favours ("depth 4 · better for you": Trax's
    path points count nothing a player counts, ``ai.value_words`` SIDE_ONLY); A then writes the
    hint's value on the hinted tile at that depth (level 5's two-ply look is analysis's first
    round, ``TwoPlyLook``, and its deeper search the rounds after it, ``ThreatPlayer._deeper``),
    and goes on deeper under its own "depth N".  How deep the hint gets depends on the machine."""
    scene = trax_against_level_3(app)
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 60)
    search = scene.computer.last_search
    said = [m.text for m in scene.messages.current()][-1]
    hinted_text = scene.game.other_move_text(scene.state, scene.hint)
    value = amount_text(search.score, "trax")
    margin = "even" if value == "0" else "better for you" if search.score > 0 else "worse for you"  # Light asked
    assert said == f"Hint: {hinted_text} ({search.depth} moves ahead · {margin})", said
    seen: list[str] = []
    received = scene.analysis.receive

    def receive(item) -> bool:  # each snapshot read: a loaded machine's poll can take depths 2 and 3 at once
        taken = received(item)
        values = scene.analysis.values
        hinted = values.values.get(scene.hint) if taken and values is not None else None
        if hinted is not None and hinted.depth == search.depth:
            seen.append(scene.analysis.labels()[scene.hint].text)
        return taken

    monkeypatch.setattr(scene.analysis, "receive", receive)
    key(app, pygame.K_a)
    assert wait(app, lambda: bool(seen), 60)
    assert seen[0] == value, (seen, value)

def test_a_trax_position_is_worth_to_one_side_what_it_costs_the_other():
    """The path evaluation counts both sides' paths alike and gives the side to move its tempo: a
    position's value for Light is minus Dark's whoever moves, so the deepening search's leaves are
    one value seen from either side, and on the start, where both colours' paths are alike, Light
    to move is ahead by the tempo.  Weighing the opponent's paths 1.25 times, the side to move was
    behind there, and a leaf's value depended on whose side it was read from."""
    game = games.load("trax")
    state = game.play_line(list(TRAX_OPENING))
    for position in (state, state.play(game.parse_move(state, HINTED))):
        assert evaluate(game, position, LIGHT) == pytest.approx(-evaluate(game, position, DARK))
    assert evaluate(game, game.initial_state(), LIGHT) == pytest.approx(DEFAULT.tempo)


QUIET_MIDGAME = ("f7/", "e7+", "f5+", "g7/", "h7/", "g8+", "e8/", "e9+")  # tools/trax_depth_values.py's first


def test_trax_analysis_values_a_position_with_one_sign_depth_after_depth():
    """Analysis's value of a quiet midgame position keeps its sign from depth 2 to 5 (it read
    -1.7, +1.0, -1.9, +1.0: the side that had moved last at the search's leaves ahead by the tile
    the evaluation did not count for the side to move, docs/tuning/trax.md)."""
    state = games.load("trax").play_line(list(QUIET_MIDGAME))
    values = depth_values(state, 5)
    assert sign_changes(values) == 0, values


def test_a_monte_carlo_hint_says_its_playouts_as_analysis_says_its_own():
    """Hex: the hint's "Blue 82% to win" came from its own search, some 17,000 playouts, and the
    board's "71%" on that cell from analysis's; the hint now says its playouts beside the asker's rate, as
    analysis's line says "Analysis: 14,318 playouts"."""
    from ui.ai_worker import AIProgress
    from ui.scenes.hint_words import hint_why

    searched = AIProgress(job_id=1, depth=10, best_text="g4", score=0.82, nodes=17_666, kind="mcts", mover=0)
    assert hint_why(searched, "hex") == "17,666 games tried · your chances: 82%"


@pytest.mark.parametrize("proven, mover, said", [
    (1, 1, "proven: you lose in 3 moves"),  # Red's proof, Blue asking: every move of a lost position loses
    (-1, 1, "proven: you win in 3 moves · this move is a guess"),  # Blue's win: the hint's move may not keep it
    (1, 0, "proven: you win in 3 moves · this move is a guess"),
    (0, 1, "proven: draw · this move is a guess"),
])
def test_a_monte_carlo_hint_says_a_proof_found_by_another_search_as_a_proof(proven, mover, said):
    """A hint that proved nothing beside a proof of its position found by another search
    (``eval_bar.proof_beside``) says the proof for the asker, not its chances; where the proof
    is not the asker's loss, that its move is the search's guess: no proof came with it."""
    from ui.ai_worker import AIProgress
    from ui.eval_bar import proof_beside
    from ui.scenes.hint_words import hint_why

    searched = AIProgress(job_id=1, depth=10, best_text="g4", score=0.02, nodes=17_666, kind="mcts", mover=0)
    assert hint_why(proof_beside(searched, proven, mover, 3), "hex") == said


@pytest.mark.parametrize("game_id, proof, said", [
    ("reversi", dict(score=12.0, exact_margin=True, kind="solver"), "proven: you lose by 12 discs on the board"),
    ("reversi", dict(score=-4.0, exact_margin=True, kind="book"), "proven: you win by 4 discs on the board"),
    ("alquerque", dict(proven_plies=41, plies_at_most=True, kind="table"), "proven: you lose in at most 41 moves"),
    ("tictactoe", dict(proven_plies=5), "proven: you lose in 5 moves"),
    ("trax", dict(kind="threats"), "proven: you lose"),
])
def test_a_borrowed_proof_keeps_the_measure_the_panel_says(game_id, proof, said):
    """A proof another search found (``eval_bar.measured_proof_beside``) keeps its own measure for
    the asker, the other side: Reversi's exact disc margin (it said "proven: you lose", the panel
    "by 12 discs on the board"), Alquerque's "at most", a length in moves, or none where the
    proof had none; the panel's words of the hint's search say the same proof as the proof's own."""
    from ui.ai_worker import AIProgress
    from ui.eval_bar import measured_proof_beside
    from ui.scenes.hint_words import hint_why
    from ui.scenes.thinking import proven_text

    sign = 1 if proof.get("score", 1.0) > 0 else -1
    found = AIProgress(job_id=0, depth=20, best_text="c5", proven=sign, done=True, mover=1, **proof)
    searched = AIProgress(job_id=1, depth=3, best_text="f6", score=-3.0, kind="alphabeta", at_least=True, mover=0)
    borrowed = measured_proof_beside(searched, found)
    assert hint_why(borrowed, game_id) == said + (" · this move is a guess" if sign < 0 else "")
    assert proven_text(borrowed, ("Black", "White")) == proven_text(found, ("Black", "White"))


def trax_square_of_the_hint(app):
    """A hot-seat Trax game after ``TRAX_OPENING``: its screen, position, the three tiles of the
    @1 square and the ``HINTED`` one of them."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    scene = GameScene(app, MatchSetup("trax", {}, HOTSEAT, (None, None), 1.0), list(TRAX_OPENING))
    app.switch(scene)
    app.run_frames(2)
    game, state = scene.game, scene.state
    square = [m for m in state.legal_moves() if game.other_move_text(state, m).startswith("@1")]
    return scene, state, square, game.parse_move(state, HINTED)


def test_the_hinted_tiles_square_shows_the_hinted_tiles_value(app):
    """Trax's @1 holds three tiles; its square showed the best of their values, so a hint of @1+
    marked a square that read another tile's value ("-1.1" of a tile beside @1+'s "-1.6").  The
    hinted tile's value now stands for its square; without a hint, the best's does."""
    from ai.move_values import MoveValue, MoveValues
    from ui.analysis_mode import move_labels, places, with_hint
    scene, state, square, hinted = trax_square_of_the_hint(app)
    others = [m for m in square if m != hinted]
    assert len(others) == 2
    snapshot = MoveValues(state.to_move, {hinted: MoveValue(hinted, -1.6, depth=4), others[0]: MoveValue(others[0], -1.1, depth=4),
                                          others[1]: MoveValue(others[1], -2.2, depth=4)})
    labels = move_labels(snapshot, "trax")

    def shown_on_the_square(marked) -> str:
        return next(p.label.text for p in places(scene.view, with_hint(labels, marked)) if hinted in p.moves)

    assert shown_on_the_square(None) == "-1.1" and shown_on_the_square(hinted) == "-1.6"


def test_the_caption_says_whose_value_the_hints_ring_holds_where_the_best_shares_its_square(app):
    """Trax's best line said "@1\\ better for Dark" (+1.1) beside the ringed @1 square's "-1.0",
    the hinted @1+'s own value: read as the best's.  Where the best shares the hinted move's
    square, the bar's caption says the ring holds the hint's value; not where the hint is the
    best, nor without a hint."""
    from ai.move_values import MoveValue, MoveValues
    from ui.analysis_mode import move_labels, tag_layout, value_notes, with_hint
    scene, state, square, hinted = trax_square_of_the_hint(app)
    best = next(m for m in square if m != hinted)
    snapshot = MoveValues(state.to_move, {hinted: MoveValue(hinted, -1.0, depth=4), best: MoveValue(best, 1.1, depth=4)})
    labels = move_labels(snapshot, "trax")

    def caption(marked) -> list[str]:
        shown = with_hint(labels, marked)
        return value_notes(tag_layout(scene.view, shown, app.screen.get_rect()), snapshot, shown, list(snapshot.values))

    assert caption(hinted) == ["ringed: the hint's value, not the best move's beside it"]
    assert caption(None) == [] and caption(best) == []


HINT_SECONDS = 0.2  # a hint's search in these tests: a few thousand playouts, well under analysis's


def hex_hotseat_analysed(app, monkeypatch, playouts: int):
    """Hex 11x11 hot-seat after f6, analysis on (A) until it has searched ``playouts``: the scene.
    Its hints search ``HINT_SECONDS`` (the game's 2 s gave 83,279 playouts on an idle CI machine,
    more than analysis's 60,000, and the hint was rightly its own search's, not analysis's)."""
    app.open_demo("game:hex:hotseat:f6:2")
    scene = app.scene
    think = scene.computer.think
    monkeypatch.setattr(scene.computer, "think", lambda kind, side, player_id, move_time, *rest, **named: think(
        kind, side, player_id, min(move_time, HINT_SECONDS) if kind == "hint" else move_time, *rest, **named))
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.nodes >= playouts, 180)
    return scene


def hint_as_the_board_had_it(scene, monkeypatch) -> list[tuple]:
    """Filled as the hint comes (H's reply, ``ComputerMoves.poll``): the move hinted, what the
    hint said, and analysis's values on the board at that moment (its later batches change them)."""
    seen: list[tuple] = []
    poll = scene.computer.poll

    def polled() -> None:
        before = scene.hint
        poll()
        if scene.hint is not None and before is None:
            seen.append((scene.hint, [m.text for m in scene.messages.current()][-1], scene.analysis.values))

    monkeypatch.setattr(scene.computer, "poll", polled)
    return seen


def test_a_hex_hint_names_the_best_move_of_the_larger_search_on_the_board(app, monkeypatch):
    """After f6 i3 the hint said "h5 (your chances: 59%)" from its own search while analysis's,
    on the board, said "best g7 · Blue 56%": two trees, two moves.  With analysis of the position
    searched as far as the hint's search or further, the hint is analysis's: its best move, its
    playouts and its chance, as the board frames it."""
    from ui.i18n import number_text

    scene = hex_hotseat_analysed(app, monkeypatch, 60_000)
    seen = hint_as_the_board_had_it(scene, monkeypatch)
    key(app, pygame.K_h)
    assert wait(app, lambda: bool(seen), 120)
    [(hinted, said, values)] = seen
    best = values.best()
    assert hinted == best.move, (said, scene.game.format_move(scene.state, best.move))
    chance = round(100 * best.score)
    assert said == (f"Hint: {scene.game.format_move(scene.state, hinted)} "
                    f"({number_text(values.nodes, ',')} games tried · your chances: {chance}%)"), said
    assert scene.analysis.labels(scene.hint_shown())[hinted].best


def test_the_hex_hints_ring_shows_over_the_analysis_tag_on_its_cell(app, monkeypatch):
    """Hex against analysis: the hint's ring, drawn at the cell's middle, lay under the cell's
    value tag, so the hinted cell read as any other.  A ring in the hint's colour now stands round
    the tag, clear of the best move's frame (within a tag's height above it)."""
    from ui.analysis_mode import tag_layout
    from ui.board_marks import shown

    scene = hex_hotseat_analysed(app, monkeypatch, 60_000)  # the hint is then analysis's, a move with a tag
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    app.invalidate()
    app.run_frames(1)
    labels = scene.analysis.labels(scene.hint_shown())
    layout = tag_layout(scene.view, labels, app.screen.get_rect())
    [tag] = [rect for rect, place in layout.tags if scene.hint in place.moves]
    ring = shown(app.theme.hint)[:3]
    above = [app.screen.get_at((tag.centerx, y))[:3] for y in range(tag.top - tag.height, tag.top - 3)]
    assert ring in above, (tag, above)


def test_hex_analysis_plays_its_playouts_out_as_the_hints_level_5_does():
    """After f6 i3 analysis named g7 at 56% three runs in three, level 5's search (the hint's) h5
    or i4 at 60%: analysis's playouts let ziggurats (edge template IIIa) be cut, level 5's keep
    them as they keep bridges.  Analysis's tree now plays out as level 5's does (not its pattern
    priors, which leave most cells blank)."""
    import ai
    from ai.kernels import hex as kernel
    from ai.move_values import _HexSearches

    level_5 = ai.make_player("hex", "level-5", seed=0)
    playouts = (kernel.O_RAVE, kernel.O_BRIDGES, kernel.O_TEMPLATES)
    assert list(_HexSearches(0).searcher.options[list(playouts)]) == list(level_5.searcher.options[list(playouts)])


def test_a_reversi_book_hint_says_analysiss_value_of_its_move_at_analysiss_depth(app):
    """Reversi 8x8, analysis on (A) and every first move valued at depth 6 or more, H: the hint's
    move is the opening book's, its value analysis's at analysis's depth, as the board writes it
    ("Hint: c5 (you are 1 disc behind)" from the book stood beside analysis's depth 12 "0" on c5,
    two verdicts of one move)."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.thinking import estimate_depth

    app.start_game(MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0))
    scene = app.scene
    key(app, pygame.K_a)

    def analysed(depth: int) -> bool:
        values = scene.analysis.values
        return (values is not None and set(values.values) >= set(scene.state.legal_moves())
                and min(v.depth for v in values.values.values()) >= depth)

    assert wait(app, lambda: analysed(6), 120)
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 60)
    search = scene.computer.last_search
    said = [m.text for m in scene.messages.current()][-1]
    assert search.kind == "alphabeta" and search.depth >= 6, search  # the book's move, analysis's value
    assert f"({estimate_depth(search)} · " in said, said
    assert "opening book" not in said, said
