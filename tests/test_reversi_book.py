"""The 8x8 Reversi opening book (ai/engines/reversi_book.py, made by tools/reversi_book.py).

- a lookup answers in the position's own frame under all 8 symmetries of the square;
- the generator's book is consistent: a move into the book is worth minus that position's best
  value (negamax), every booked move is legal, and lines are expanded only within the window;
- level-5 plays an inexact book's moves within ``VARIETY`` of the best, different ones with
  different seeds, and reports them as book values (not proofs); the panel reads them right;
- the shipped file: its checksum and the same consistency.
"""

from __future__ import annotations

import random

import pytest

import games
from ai import data
from ai.base import Limits, PlayerInfo
from ai.engines import reversi_book
from games.grid import permute_bits
from games.reversi import flips
from tools import reversi_book as tool

GAME = games.load("reversi", size=8)
FILE_NAME = reversi_book.FILE_NAMES[8]
shipped = pytest.mark.skipif(not data.path(FILE_NAME).exists(), reason="no 8x8 book shipped")


def random_state(seed: int, plies: int):
    rng = random.Random(seed)
    state = GAME.initial_state()
    for _ in range(plies):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_a_lookup_answers_in_the_positions_own_frame_under_all_symmetries():
    state = random_state(5, 9)
    moves = state.legal_moves()[:2]
    entries: reversi_book.Entries = {}
    for move, value in zip(moves, (1.5, -0.5)):
        key, stored = reversi_book.stored_move(state.mover, state.opponent, move, 8)
        entries.setdefault(key, []).append((stored, value))
    book = reversi_book.Book(8, entries, exact=False)
    for perm in reversi_book.symmetries(8):
        answers = book.lookup(permute_bits(state.mover, perm), permute_bits(state.opponent, perm))
        assert [a[:3] for a in answers] == [(perm[moves[0]], 1.5, False), (perm[moves[1]], -0.5, False)]
    assert book.lookup(state.opponent, state.mover) == []


def assert_consistent(entries: reversi_book.Entries) -> None:
    """Every stored move is legal; a move into the book is worth minus the child's best value."""
    for (me, opp), moves in entries.items():
        assert moves == sorted(moves, key=lambda mv: -mv[1]), "best first"
        for move, value in moves:
            f = flips(move, me, opp, GAME.geo)
            assert f, "a legal move"
            child = reversi_book.book_key(opp ^ f, me | f | 1 << move, 8)
            if (child.me, child.opp) in entries:
                assert value == pytest.approx(-entries[(child.me, child.opp)][0][1], abs=1e-4)


def test_a_small_grown_book_is_negamaxed_and_expanded_within_its_window():
    growth = tool.Growth()
    tool.grow(growth, tool.Evaluator(depth=3, bits=12), positions=25, plies=8, window=1.0, log=lambda text: None)
    assert len(growth.nodes) == 25 or (growth.nodes and not growth.frontier), "grown to the limit or to the end"
    entries = tool.negamaxed(growth.nodes)
    assert_consistent(entries)
    start = GAME.initial_state()
    assert reversi_book.Book(8, entries).lookup(start.mover, start.opponent), "the start is booked"
    reached = {reversi_book.book_key(start.mover, start.opponent, 8)[:2]}  # by moves within the window
    for (me, opp), moves in growth.nodes.items():
        for move, value in moves:
            if value >= moves[0][1] - 1.0:
                reached.add(reversi_book.book_key(*tool.play(me, opp, move), 8)[:2])
    assert set(growth.nodes) <= reached


def test_the_evaluator_values_every_legal_move():
    state = random_state(2, 6)
    moves = tool.Evaluator(depth=2, bits=12).moves(state.mover, state.opponent)
    assert sorted(m for m, _ in moves) == sorted(state.legal_moves())
    assert [v for _, v in moves] == sorted((v for _, v in moves), reverse=True)


def start_book(values: list[float]) -> reversi_book.Book:
    """A made-up inexact book for the start position: its moves with ``values``."""
    start = GAME.initial_state()
    entries: reversi_book.Entries = {}
    for move, value in zip(sorted(start.legal_moves()), values):
        key, stored = reversi_book.stored_move(start.mover, start.opponent, move, 8)
        entries.setdefault(key, []).append((stored, value))
    return reversi_book.Book(8, {k: sorted(v, key=lambda mv: -mv[1]) for k, v in entries.items()}, exact=False)


def test_level_5_plays_near_best_book_moves_and_varies_with_its_seed(monkeypatch):
    from ai.engines.reversi_search import ReversiPlayer

    book = start_book([0.5, -3.0, 1.0, 0.2])  # the start's four moves are images of each other: one key
    monkeypatch.setattr(reversi_book, "load", lambda size: book if size == 8 else None)
    start = GAME.initial_state()
    near = {a.move for a in book.lookup(start.mover, start.opponent) if a.value >= 1.0 - reversi_book.VARIETY}
    assert len(near) == 3
    chosen = set()
    for seed in range(12):
        player = ReversiPlayer(PlayerInfo("level-5", "level-5"), seed=seed, patterns=True)
        move = player.choose(start)
        assert move in near
        assert player.last.kind == "book" and player.last.proven is None
        assert player.last.score == pytest.approx(dict(book.lookup(start.mover, start.opponent)[i][:2]
                                                       for i in range(4))[move])
        chosen.add(move)
    assert len(chosen) > 1, "different seeds, different games"
    player.choose(start, Limits(depth=3))
    assert player.last.kind != "book", "a fixed-depth search (analysis) wants searched values"
    capped = ReversiPlayer(PlayerInfo("level-4", "level-4"), depth=5, solve_empties=12, seed=1)
    capped.choose(start)
    assert capped.last.kind != "book", "the lower levels do not use the book"


def test_the_panel_shows_a_book_move_with_its_value():
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import detail_line, proven_text

    p = AIProgress(job_id=0, best_move=37, best_text="f5", score=-1.2, kind="book", mover=1)
    assert detail_line(p, ("Black", "White"), "reversi") == "book f5 · Black +1 disc"
    assert proven_text(p, ("Black", "White")) == ""


@shipped
def test_the_shipped_book_matches_its_checksum_and_is_consistent():
    assert data.sha256(FILE_NAME) == data.checksums()[FILE_NAME]
    book = reversi_book.load(8)
    assert not book.exact and len(book) == int(book.figures["positions"])
    assert_consistent(book.entries)
    start = GAME.initial_state()
    answer = reversi_book.book_answer(start, random.Random(1))
    assert answer is not None and answer.move in start.legal_moves() and not answer.exact
