"""The Rastros book's lengths: "North wins in N" from the opening book, exact.

A hint, the analysis panel and the computer's card said "proven: North wins" without "in N" while
the position was in the opening book (the book stored who wins, not how long it takes), and "North
wins in 13 moves" once the solver took over.  tools/rastros_book.py now counts each book position's
length under perfect play where it can (``--length-cap``: every 6x6 position; not 7x7's and 8x8's,
docs/rastros-proof.md "How long a win is") and stores it beside the move (``Book.plies``); a
position the book does not store reads its length one ply down (``replies_length``: 6x6's start).

The lengths are checked against solvers that never read the book: the pure-Python reference
(ai/reference/rastros_solver.py) on a book the tool makes for 5x5, the kernel solver from a fresh
table on the shipped 6x6 book.
"""

from __future__ import annotations

import numpy as np
import pygame
import pytest

import games
from ai.engines import rastros_book as book
from ai.engines.rastros_board import geometry
from ai.engines.rastros_solver import Solver
from ai.reference.rastros_solver import Solver as ReferenceSolver
from ai.search.driver import new_ctl
from tests.test_rastros_book import the_book
from tests.ui_helpers import click, key, wait

# 6x6: each first move of South, the plies to the end after it under perfect play (the kernel
# solver's count from a fresh table, ``test_the_shipped_6x6_lengths_are_the_solvers``), and the start's
FIRST_MOVE_PLIES_6X6 = {"2-3": 22, "2-4": 26, "3-3": 29, "3-5": 26, "4-3": 29, "4-4": 29, "4-5": 22}
START_PLIES_6X6 = 29  # docs/rastros-proof.md: 6x6's start, 29 plies (21.6 million solver positions)


def entries(b: book.Book) -> list[tuple[int, int, int, int]]:
    """(piece, region, side, plies) of each stored position (its stored frame)."""
    return [(int(c) & book.PIECE_MASK, int(r), int(c) >> book.SIDE_SHIFT & 1, int(p))
            for r, c, p in zip(b.region.tolist(), b.code.tolist(), b.plies.tolist())]


def test_the_tool_counts_each_book_positions_length_as_the_reference_solver_does(tmp_path):
    """A 5x5 book made by the tool: every position counted, and each count is the pure-Python
    reference solver's (the winner's quickest win, the loser's slowest loss), with who wins."""
    from tools import rastros_book as tool

    out = tmp_path / "book5.npz"
    assert tool.main(["--size", "5", "--out", str(out), "--checkpoint", str(tmp_path / "book5.json")]) == 0
    with np.load(out) as arrays:
        made = book.Book(5, arrays["region"].copy(), arrays["code"].copy(), None, frozenset(), arrays["plies"].copy())
        figures = dict(zip(arrays["figure_names"].tolist(), arrays["figure_values"].tolist()))
    assert len(made) > 0 and int(figures["lengths_counted"]) == len(made)
    reference = ReferenceSolver(geometry(5))
    for piece, region, side, plies in entries(made):
        wins, length = reference._length(piece, region, side)
        assert plies == length and made.lookup(piece, region, side)[1] == wins, (piece, region, side)


def test_a_length_beyond_the_cap_is_left_uncounted(tmp_path):
    """A cap too small for any count: the book is written, its lengths all 0 (unknown), and a
    lookup says None for the length, not a wrong number."""
    from tools import rastros_book as tool

    out = tmp_path / "book5.npz"
    assert tool.main(["--size", "5", "--out", str(out), "--checkpoint", str(tmp_path / "book5.json"),
                      "--length-cap", "3"]) == 0
    with np.load(out) as arrays:
        made = book.Book(5, arrays["region"].copy(), arrays["code"].copy(), None, frozenset(), arrays["plies"].copy())
    assert len(made) > 0 and not made.plies.any()
    piece, region, side, _ = entries(made)[0]
    assert made.entry(piece, region, side)[2] is None


def test_the_shipped_6x6_lengths_are_the_solvers():
    """Each of 6x6's four book positions has its length stored, and the last one's (the quickest
    to count: ~2 s of the four's ~40) is the one the kernel solver counts from a fresh table: the
    file keeps what the tool counted.  That the count is exact is checked on 5x5 above, against a
    reference solver that never reads the book."""
    b = the_book(6)
    rows = entries(b)
    assert len(rows) == 4 and all(plies for *_, plies in rows)
    piece, region, side, plies = rows[-1]
    assert Solver(6, 22).plies(piece, region, side, new_ctl()) == plies, (piece, region, side)


def test_the_7x7_and_8x8_books_count_no_lengths():
    """The length pass is not run on 7x7 and 8x8 (out of this solver's reach): their files are
    the ones shipped before it, and a lookup says no length rather than a guess."""
    for n in (7, 8):
        b = the_book(n)
        assert not b.plies.any() and "lengths_counted" not in b.figures
        piece, region, side, _ = entries(b)[0]
        assert b.entry(piece, region, side)[2] is None


def test_every_6x6_first_move_and_the_start_read_their_length_from_the_book():
    """After each first move of South the book (or the rules: 2-5 lets North win at once) gives
    the length; the start's comes one ply down, its quickest winning moves the three winning ones."""
    game = games.load("rastros", size=6)
    start = game.initial_state()
    for move in start.legal_moves():
        after = start.play(move)
        answer = book.book_answer(after)
        text = game.format_move(start, move)
        if answer is None:  # North steps into its goal: the rules' win, no book entry
            assert text == "2-5" and any(after.play(m).winner() == 1 for m in after.legal_moves())
            continue
        assert answer[2] + 1 == FIRST_MOVE_PLIES_6X6[text], text
    plies, best = book.replies_length(start)
    assert plies == START_PLIES_6X6
    assert sorted(game.format_move(start, m) for m in best) == ["3-3", "4-3", "4-4"]


def _hotseat(app, options: dict, moves: tuple[str, ...]):
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup("rastros", options, HOTSEAT, (None, None), 1.0))
    scene = app.scene
    for text in moves:
        click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, text))).center)
    assert scene.state == scene.game.play_line(list(moves))
    return scene


@pytest.mark.parametrize("moves, said", [
    ((), "Hint: 4-3 (proven: you win in 29 moves)"),  # the start: South's three winning moves, 29 each
    (("2-3",), "Hint: 1-4 (proven: you win in 21 moves)"),  # a book position, North to move
])
def test_a_hint_on_a_6x6_book_position_says_in_how_many_plies(app, moves, said):
    """H at 6x6's start said "Hint: 4-3 (proven: you win)", and after South's 2-3 "Hint: 1-4
    (proven: you win)": the book's answers without their length.  They now say it, the solver's
    number (``test_the_shipped_6x6_lengths_are_the_solvers``)."""
    scene = _hotseat(app, {"size": 6}, moves)
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    assert scene.computer.last_search.kind == "book"
    assert [m.text for m in scene.messages.current() if m.topic != "refusal"][-1] == said


def test_analysis_of_6x6s_start_says_each_first_moves_length(app):
    """The analysis panel at 6x6's start: each first move proven with its length, from the book
    one ply down (no solver count of 34 free squares within a move's time)."""
    scene = _hotseat(app, {"size": 6}, ())
    key(app, pygame.K_a)
    game = scene.game

    def lengths() -> dict[str, int | None]:
        values = scene.analysis.values
        if values is None:
            return {}
        return {game.format_move(scene.state, m): v.plies for m, v in values.values.items() if v.proven is not None}

    wanted = dict(FIRST_MOVE_PLIES_6X6, **{"2-5": 2})
    assert wait(app, lambda: lengths() == wanted, 120), lengths()


def test_the_computers_card_says_how_long_its_books_win_is(app, monkeypatch):
    """Level-5 as North answers South's 2-3 from the 6x6 book: its card said "proven: North
    wins"; it now says the length, counted from the board after its reply (21 - 1)."""
    from tests.ui_helpers import recorded_text
    from ui.match import HUMAN_VS_PC, MatchSetup
    from ui.scenes.game import GameScene

    scene = GameScene(app, MatchSetup("rastros", {"size": 6}, HUMAN_VS_PC, (None, "level-5"), 1.0))
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, "2-3"))).center)
    assert wait(app, lambda: len(scene.history) == 2, 60)
    assert scene.computer.last_search.kind == "book" and scene.computer.last_search.proven_plies == 21
    drawn = recorded_text(monkeypatch)
    app.run_frames(3)
    assert "proven: North wins in 20 moves" in drawn, drawn


def test_a_6x6_book_without_its_lengths_is_refused_as_stale(tmp_path, monkeypatch):
    """The book shipped before the length pass (the same positions and moves, no ``plies``) is not
    read as a book without lengths: its SHA-256 is not the recorded one, so the loader refuses it."""
    import shutil

    from ai import data

    the_book(6)
    with np.load(data.path(book.file_name(6))) as arrays:
        older = {name: arrays[name] for name in arrays.files if name != "plies"}
    shutil.copy(data.path("checksums.json"), tmp_path / "checksums.json")
    with open(tmp_path / book.file_name(6), "wb") as out:
        np.savez_compressed(out, **older)
    monkeypatch.setattr(data, "FOLDER", tmp_path)
    book.load.cache_clear()
    try:
        with pytest.raises(data.ChecksumError, match=book.file_name(6)):
            book.load(6)
    finally:
        book.load.cache_clear()
