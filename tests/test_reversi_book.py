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

import numpy as np
import pytest

import games
from ai import data
from ai.base import Limits, PlayerInfo
from ai.engines import reversi_book
from ai.match import random_play
from games.grid import permute_bits
from games.reversi import flips
from tools import reversi_book as tool

GAME = games.load("reversi", size=8)
FILE_NAME = reversi_book.FILE_NAMES[8]
shipped = pytest.mark.skipif(not data.path(FILE_NAME).exists(), reason="no 8x8 book shipped")


def random_state(seed: int, plies: int):
    return random_play(GAME.initial_state(), plies, random.Random(seed))


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


def deepened_small_book() -> tuple[tool.Growth, reversi_book.Entries]:
    """A small book grown by 2-ply searches, its first 3 plies valued again by 4-ply ones, and its entries."""
    growth = tool.Growth()
    tool.grow(growth, tool.Evaluator(depth=2, bits=12), positions=12, plies=6, window=1.0, log=lambda text: None)
    tool.deepen(growth, tool.Evaluator(depth=4, bits=12), plies=3, log=lambda text: None)
    return growth, tool.negamaxed(growth.nodes, growth.deep)


def test_the_deeper_pass_values_every_position_of_the_first_plies_and_negamaxes_them_among_themselves():
    growth, entries = deepened_small_book()
    assert set(growth.deep) == set(tool.first_plies(3)) and growth.deep_depth == 4
    assert {tool.ply_of(k) for k in growth.deep} == {0, 1, 2} and len(growth.deep) == 5, "f5 and its 3 replies"
    assert set(growth.deep) - set(growth.nodes), "the first plies' positions the window left out are valued too"
    for key, moves in growth.deep.items():
        assert sorted(m for m, _ in moves) == tool.legal_moves(*key), "every move valued"
    assert set(entries) == set(growth.nodes) | set(growth.deep)
    assert_consistent({k: v for k, v in entries.items() if k not in growth.deep})
    for key, moves in entries.items():
        if key not in growth.deep:
            continue
        searched = dict(growth.deep[key])
        for move, value in moves:
            child = reversi_book.stored_move(*tool.play(*key, move), 0, 8)[0]
            # into the deep layer: minus the child's best; out of it: the deep search's own value,
            # not the shallow book's below it
            expected = -entries[child][0][1] if child in growth.deep else searched[move]
            assert value == pytest.approx(expected)
    with pytest.raises(SystemExit, match="depth 4"):
        tool.deepen(growth, tool.Evaluator(depth=5, bits=12), plies=3, log=lambda text: None)


def test_a_deepened_books_command_grows_as_many_positions_as_its_run_grew(tmp_path):
    import argparse

    growth, entries = deepened_small_book()
    args = argparse.Namespace(depth=2, plies=6, window=1.0, deepen_plies=3, out=str(tmp_path / "book.npz"))
    tool.write(growth, args, log=lambda text: None)
    figures = reversi_book.read(tmp_path / "book.npz").figures
    assert int(figures["positions"]) == len(entries) > len(growth.nodes), "the first plies' other positions too"
    assert f"--positions {len(growth.nodes)} " in figures["command"]
    assert figures["command"].endswith("--deepen-plies 3 --deepen-depth 4") and figures["deep_positions"] == "5"


def test_deepening_a_written_book_gives_what_deepening_its_run_gives(tmp_path):
    growth, entries = deepened_small_book()
    path = tmp_path / "book.npz"
    reversi_book.save(path, 8, tool.negamaxed(growth.nodes), {"search_nodes": 5, "cpu_seconds": 1}, exact=False)
    written = tool.from_book(path)
    assert set(written.nodes) == set(growth.nodes) and written.nodes_searched == 5
    again = tool.negamaxed(written.nodes, growth.deep)
    assert set(again) == set(entries)
    for key, moves in entries.items():
        assert dict(again[key]) == pytest.approx(dict(moves), abs=1e-4)


def test_a_checkpoint_from_before_the_deeper_pass_still_loads(tmp_path):
    from tools import checkpoint as checkpoints

    growth = tool.Growth()
    growth.push(0.5, 3, 4, 1)
    state = growth.__dict__.copy()
    del state["deep"], state["deep_depth"]
    path = tmp_path / "old.json"
    checkpoints.save(path, state)
    old = checkpoints.restore(tool.Growth(), checkpoints.load(path), path)
    assert old.deep == {} and old.deep_depth == 0 and old.frontier == [(0.5, 0, 3, 4, 1)]


def test_the_evaluator_values_every_legal_move():
    state = random_state(2, 6)
    moves = tool.Evaluator(depth=2, bits=12).moves(state.mover, state.opponent)
    assert sorted(m for m, _ in moves) == sorted(state.legal_moves())
    assert [v for _, v in moves] == sorted((v for _, v in moves), reverse=True)


def test_the_tool_compares_a_positions_moves_at_several_depths_full_width_or_as_level_5_searches(capsys):
    tool.search_after("f5", [2, 3], probcut=None)
    tool.search_after("f5", [4], probcut=1.5)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["depth 2", "depth 3", "depth 4 ProbCut 1.5"]
    for line in lines:
        assert {"d6", "f4", "f6"} == {word for word in line.split() if word in ("d6", "f4", "f6")}
    assert tool.Evaluator(4, bits=12, probcut=1.5).selective[1] == 1.5
    assert tool.Evaluator(4, bits=12).selective == tool.EXACT, "the book's own searches stay full width"


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


def test_a_hint_names_the_books_best_move_where_a_game_varies_among_the_near_best(monkeypatch):
    """After 1.f5 the shipped book has d6 best and the diagonal f6 within ``VARIETY`` of it:
    level-5 plays either in its games, as players do, but a hint named f6 for about half the seeds
    where the player asked for the best move.  A hint asks for the best move it knows."""
    from ai.engines.reversi_search import ReversiPlayer

    book = start_book([0.5, -3.0, 1.0, 0.2])
    monkeypatch.setattr(reversi_book, "load", lambda size: book if size == 8 else None)
    start = GAME.initial_state()
    best = book.lookup(start.mover, start.opponent)[0]
    for seed in range(12):
        player = ReversiPlayer(PlayerInfo("level-5", "level-5"), seed=seed, patterns=True)
        assert player.choose(start, Limits(time=1.0, best=True)) == best.move
        assert player.last.kind == "book" and player.last.score == pytest.approx(best.value)


def test_the_worker_asks_a_hint_for_the_best_move_and_a_game_move_for_its_own():
    import queue
    import threading

    from ui.ai_worker import Job
    from ui.worker_jobs import run_job

    class Recorder:  # the worker hands the player these limits
        def choose(self, state, limits, progress=None):
            self.limits = limits
            return state.legal_moves()[0]

    for slot, best in (("hint", True), ("side1", False)):
        job = Job("reversi", {}, ("f5",), "", "level-5", 1.0, seed=1, slot=slot)
        player = Recorder()
        players = {(job.slot, job.player_id, job.game_id, ()): player}
        run_job(1, job, players, queue.Queue(), threading.Event())
        assert player.limits.best is best


def test_the_panel_shows_a_book_move_with_its_value():
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import detail_line, proven_text

    p = AIProgress(job_id=0, best_move=37, best_text="f5", score=-1.2, kind="book", mover=1)
    assert detail_line(p, ("Black", "White"), "reversi") == "from the opening book: f5 · Black +1 disc"
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


@shipped
def test_the_tool_shows_the_books_values_along_a_line(capsys):
    tool.show("f5 d6", reversi_book.load(8))
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" -> ")[0] for line in lines] == ["(start)", "f5", "f5 d6"]
    assert lines[1].startswith("f5 -> d6 ") and "f6 " in lines[1] and "f4 " in lines[1], "White's three replies"


@shipped
def test_after_f5_the_shipped_book_ranks_the_parallel_last():
    """Othello theory ranks the parallel opening (f5 f4: White's disc flips e4 along the row, as
    Black's f5 flipped e5) below White's two other replies to f5, the perpendicular (d6) and the
    diagonal (f6): "The Parallel has long been considered to be bad, but the other two moves are
    both commonly played at all levels" (The Othello Wiki Book Project,
    othello.dk/book/index.php/Openings); the weak solution of 8x8 Othello (H. Takizawa, "Othello is
    solved", arXiv:2310.19387, 2023) draws with perfect play along f5 d6 c3 d3 c4 ..., the
    perpendicular opening."""
    state = GAME.play_line(["f5"])
    answers = reversi_book.load(8).lookup(state.mover, state.opponent)
    ranked = [GAME.format_move(state, a.move) for a in answers]
    assert sorted(ranked) == ["d6", "f4", "f6"]
    assert ranked[-1] == "f4" and ranked[0] in ("d6", "f6")


def book_arrays(path) -> dict:
    """A written book's arrays, its figures (the run's time) apart."""
    with np.load(path) as arrays:
        return {name: arrays[name].copy() for name in arrays.files if not name.startswith("figure_")}


def test_a_book_grown_on_from_its_checkpoint_is_the_book_grown_at_once(tmp_path):
    """The checkpoint was a pickle, and unpickling runs the code a file names: it is JSON now.  A run
    stopped at 4 positions and resumed to 6 from its checkpoint (the candidates' heap included)
    writes the book one run to 6 writes."""
    from tools import reversi_book as tool

    small = ["--depth", "2", "--plies", "3"]
    checkpoint = tmp_path / "book.json"
    tool.main([*small, "--positions", "4", "--checkpoint", str(checkpoint), "--out", str(tmp_path / "4.npz")])
    assert not checkpoint.read_bytes().startswith(b"\x80")  # not a pickle
    tool.main([*small, "--positions", "6", "--checkpoint", str(checkpoint), "--out", str(tmp_path / "resumed.npz")])
    tool.main([*small, "--positions", "6", "--out", str(tmp_path / "at_once.npz")])
    resumed, at_once = book_arrays(tmp_path / "resumed.npz"), book_arrays(tmp_path / "at_once.npz")
    assert resumed.keys() == at_once.keys() and resumed
    for name, array in at_once.items():
        assert np.array_equal(resumed[name], array), name
    assert len(book_arrays(tmp_path / "4.npz")["me"]) < len(at_once["me"])  # the resumed run grew on


@pytest.mark.parametrize("written, said", [(b"\x80\x04 a pickle", "is a pickle, which is not read"),
                                           (b"[1, 2", "is not a checkpoint of this tool"),
                                           (b'{"dict": [["colour", 1]]}', "is not a checkpoint of this tool")])
def test_a_reversi_checkpoint_that_is_not_one_is_a_usage_error_naming_it(written, said, tmp_path, capsys):
    """A pickle, a cut-short file or another tool's JSON is refused by name, not a traceback."""
    from tools import reversi_book as tool

    checkpoint = tmp_path / "book.json"
    checkpoint.write_bytes(written)
    with pytest.raises(SystemExit) as stopped:
        tool.main(["--checkpoint", str(checkpoint), "--write-only", "--out", str(tmp_path / "b.npz")])
    assert stopped.value.code == 2
    assert f"error: {checkpoint} {said}" in capsys.readouterr().err
