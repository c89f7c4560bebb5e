"""The 6x6 Reversi book (ai/engines/reversi_book.py, made by tools/solve_reversi6.py) against the solver.

- the 8 symmetries keep the rules (legal moves and flips map square by square);
- a small book built by the generator's own walk agrees with the exact solver entry by entry
  (exact margins with ``--exact``, proven lower bounds otherwise);
- the shipped file: its checksum, the start's margin -4 for Black (White wins 20-16, the published
  value; the proof itself is the tool's, docs/reversi-endgame.md), every position of its trees
  booked, margins consistent under minimax, and level-5 answering from it.
"""

from __future__ import annotations

import random
import re
from functools import cache

import numpy as np
import pytest

import games
from ai import data
from ai.base import PlayerInfo
from ai.engines import reversi_book
from games.grid import permute_bits
from games.reversi import flips, move_mask
from tests.ui_helpers import words_in
from tools import reversi6_selfcheck as selfcheck
from tools import solve_reversi6 as tool

GAME = games.load("reversi", size=6)
FILE_NAME = reversi_book.FILE_NAMES[6]
shipped = pytest.mark.skipif(not data.path(FILE_NAME).exists(), reason="no 6x6 book shipped")


def random_state(seed: int, empties: int):
    rng = random.Random(seed)
    state = GAME.initial_state()
    while state.empties() > empties and not state.is_terminal():
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_the_symmetries_keep_the_rules():
    geo = GAME.geo
    for seed in range(20):
        state = random_state(seed, 36 - 4 - seed)
        me, opp = state.mover, state.opponent
        for perm in reversi_book.symmetries(6):
            assert sorted(perm) == list(range(36))
            t_me, t_opp = permute_bits(me, perm), permute_bits(opp, perm)
            assert move_mask(t_me, t_opp, geo) == permute_bits(move_mask(me, opp, geo), perm)
            for sq in state.legal_moves():
                assert flips(perm[sq], t_me, t_opp, geo) == permute_bits(flips(sq, me, opp, geo), perm)


def test_a_lookup_answers_in_the_positions_own_frame():
    state = random_state(3, 24)
    move = state.legal_moves()[0]
    key, stored = reversi_book.stored_move(state.mover, state.opponent, move, 6)
    book = reversi_book.Book(6, {key: [(stored, 2.0)]})
    for perm in reversi_book.symmetries(6):
        answers = book.lookup(permute_bits(state.mover, perm), permute_bits(state.opponent, perm))
        assert answers == [(perm[move], 2.0, True, False, False)]
    bounded = reversi_book.Book(6, {key: [(stored, 2.0)]}, bounds=frozenset({key}))
    answer = bounded.lookup(state.mover, state.opponent)[0]
    assert (answer.exact, answer.at_least, answer.proven) == (False, True, True)
    assert reversi_book.book_progress(answer).proven == 1, "at least +2: a proven win"
    assert reversi_book.book_progress(answer._replace(value=-2.0)).proven is None, "at least -2 proves nothing"



def exact(solver, me: int, opp: int) -> int:
    return solver.root(me, opp, -tool.WIDE, tool.WIDE)[1]


@cache
def exact_margin(me: int, opp: int) -> int:
    """The exact margin of (me, opp), solved once per process by one checking solver: the book
    tests with and without ``--exact`` walk from the same position and read the same margins."""
    return exact(checking_solver(), me, opp)


@cache
def checking_solver() -> tool.Solver:
    return tool.Solver(16)


@pytest.mark.parametrize("exact_values", [False, True])
def test_a_small_book_agrees_with_the_solver(exact_values):
    """The generator's walk from a 20-empties position down to 16: each book move keeps the margin
    its entry states, which is the exact margin (``--exact``) or at most it (a proven lower bound,
    never below the margin the book side had: the position's value at the top)."""
    state = random_state(7, 20)
    value = exact_margin(state.mover, state.opponent)
    solver = tool.Solver(16)
    solved = tool.build_book(solver, state.mover, state.opponent, value, 16, {}, lambda text: None,
                             exact=exact_values)
    assert len(solved) > 10
    for (me, opp), (move, margin, at_least) in solved.items():
        assert at_least == (not exact_values)
        truth = exact_margin(me, opp)
        assert truth == margin if exact_values else truth >= margin
        assert margin >= min(value, -value), "a side's margin never drops below its share of the value"
        f = flips(move, me, opp, GAME.geo)
        assert f, "the book move is legal"
        after = -exact_margin(opp ^ f, me | f | 1 << move)
        assert after == truth if exact_values else after >= margin


def test_a_wrong_margin_is_refused():
    """The book proves what it stores: asked to keep more than the position holds, the tool stops."""
    state = random_state(7, 16)
    value = exact(tool.Solver(16), state.mover, state.opponent)
    with pytest.raises(RuntimeError):
        tool.Solver(16).keep(state.mover, state.opponent, value + 1)


def test_the_proofs_null_windows_bracket_the_exact_margin():
    """The tool's proof walk (two plies here, the solver below) on an 18-empties position."""
    state = next(s for s in (random_state(seed, 18) for seed in range(11, 60))
                 if s.empties() == 18 and not s.is_terminal())  # a game still going at 18 empties
    solver = tool.Solver(16)
    value = exact(solver, state.mover, state.opponent)
    log = []
    assert tool.null_window(tool.Solver(16), state.mover, state.opponent, value - 1, 2, log.append) >= value
    assert tool.null_window(tool.Solver(16), state.mover, state.opponent, value, 2, log.append) <= value
    assert log


@shipped
def test_the_shipped_book_matches_its_checksum():
    assert data.sha256(FILE_NAME) == data.checksums()[FILE_NAME]


@shipped
def test_the_book_says_white_wins_by_four():
    book = reversi_book.load(6)
    start = GAME.initial_state()
    assert book.exact and book.lookup(start.mover, start.opponent)[0].value == -4
    assert int(book.figures["start_margin"]) == -4
    for move in start.legal_moves():  # White's answer to each first move keeps +4
        child = start.play(move)
        assert book.lookup(child.mover, child.opponent)[0].value == 4


@shipped
def test_the_book_trees_are_complete_and_consistent():
    """Every book-side position of both trees is booked; after any reply the book side's margin is no
    less than before, and after the best reply (the book's own, where booked) it is the same."""
    book = reversi_book.load(6)
    until = int(book.figures["until_empties"])
    start = GAME.initial_state()
    for book_black in (True, False):
        stack = [(start, None)]
        while stack:
            state, before = stack.pop()
            if state.is_terminal() or state.empties() < until:
                continue
            book_to_move = (state.to_move == 0) == book_black
            if not book_to_move:
                replies = [state.play(m) for m in state.legal_moves()]
                stack.extend((child, before) for child in replies)
                continue
            if state.must_pass():
                stack.append((state.play(state.legal_moves()[0]), before))
                continue
            answer = reversi_book.book_answer(state)
            assert answer is not None, GAME.to_text(state)
            if before is not None:
                assert answer.value >= before
            stack.append((state.play(answer.move), answer.value))


@shipped
def test_level_5_answers_6x6_from_the_book():
    from ai.engines.reversi_search import ReversiPlayer

    player = ReversiPlayer(PlayerInfo("level-5", "level-5"))
    start = GAME.initial_state()
    move = player.choose(start)
    assert move in start.legal_moves()
    assert player.last.kind == "book" and player.last.proven == -1 and player.last.score == -4
    child = start.play(move)
    assert reversi_book.book_answer(child).value == 4
    assert np.sign(player.last.score) == -1


class Worst:
    """A level-5 that plays the move leaving the opponent the most (by ``solver``), so it drops its margin."""

    last = None

    def __init__(self, solver) -> None:
        self.solver = solver

    def engine(self, state):
        return self

    def know(self, me, opp, margin):
        pass  # told its margin, it throws it anyway

    def choose(self, state, limits=None):
        kids = [(m, state.play(m)) for m in state.legal_moves()]
        return max(kids, key=lambda mk: exact(self.solver, mk[1].mover, mk[1].opponent))[0]


def level_5_throws_its_margin(monkeypatch, solver) -> None:
    """The self-check's level-5 is a ``Worst``; its opponents are as the app makes them."""
    make_player = selfcheck.ai.make_player
    monkeypatch.setattr(selfcheck.ai, "make_player", lambda game, pid, seed=None:
                        Worst(solver) if pid == "level-5" else make_player(game, pid, seed=seed))


def test_the_self_check_confirms_level_5_and_catches_a_thrown_margin(monkeypatch):
    """Two late games: level-5 keeps its margin after every move; a player that takes the worst
    move (by the solver) where it matters is caught."""
    state = selfcheck.start_state(12, seed=4)
    solver, tally = tool.Solver(16), selfcheck.Tally()
    lines = [selfcheck.play_checked(solver, "level-1", state.to_move, state, None, 1, tally, lambda text: None)]
    assert tally.checked >= 4 and tally.lost == 0 and "0 margins lost" in lines[0]
    for side in (0, 1):  # starting with its margin handed over, as from a book, on either side of the first move
        handed = selfcheck.Tally()
        selfcheck.play_checked(solver, "level-2", side, state, None, 1, handed, lambda text: None, handed_over=True)
        assert handed.checked >= 4 and handed.lost == 0

    level_5_throws_its_margin(monkeypatch, solver)
    worse = selfcheck.Tally()
    selfcheck.play_checked(solver, "level-1", state.to_move, state, None, 1, worse, lambda text: None)
    assert worse.lost > 0 and worse.below == 0, "nothing was proven to it: only the exact margin counts"
    handed = selfcheck.Tally()  # knowing its margin, the worst move falls below it
    selfcheck.play_checked(solver, "level-1", state.to_move, state, None, 1, handed, lambda text: None,
                           handed_over=True)
    assert handed.below > 0


def test_the_self_check_fails_only_on_a_margin_below_the_proven_one(monkeypatch, capsys):
    """``tools/reversi6_selfcheck.py`` exited 1 on any margin lost, though its docstring calls a
    margin lost above the proven one an opponent's mistake not fully used: it fails (1) only when
    a margin falls below what level-5 was proven to have."""
    level_5_throws_its_margin(monkeypatch, tool.Solver(16))
    late_game = ["--games", "1", "--time", "0.05", "--opponents", "level-1", "--start-empties", "12", "--seed", "4",
                 "--bits", "16"]
    assert selfcheck.main(late_game) == 0  # nothing proven to it: its margins lost are above
    assert re.search(r" [1-9]\d* margins lost \(0 below", capsys.readouterr().out)
    assert selfcheck.main([*late_game, "--handed-over"]) == 1  # knowing its margin, it falls below it
    said = capsys.readouterr().out
    assert "BELOW the proven" in said and "margins lost (0 below" not in said


def test_replies_bounds_prove_what_they_decide_and_no_more():
    """``answer_by_replies`` of replies whose values are bounds ("the book side keeps at least
    N"): each bounds this side's margin from above, an exact reply's value from below too."""
    from ai.engines.reversi_book import Answer, _replies_proof

    bound, exact = Answer(7, -10.0, False), Answer(9, -10.0)
    assert _replies_proof(bound, exact) == exact, "the best value reached by an exact reply: exact"
    lost = _replies_proof(bound, None)
    assert (lost.move, lost.value, lost.exact, lost.at_most) == (7, -10.0, False, True)
    assert book_progress_of(lost) == (-1, -10.0, True), "every move loses by at least 10: a proven loss"
    won = _replies_proof(Answer(7, 6.0, False), Answer(9, 2.0))
    assert (won.move, won.value, won.at_least, won.at_most) == (9, 2.0, True, False), "wins by 2, maybe by 6"
    assert _replies_proof(Answer(7, 4.0, False), Answer(9, -2.0)) is None, "between -2 and +4: undecided"
    assert _replies_proof(Answer(7, 0.0, False), None) is None, "at most even: undecided"


def book_progress_of(answer) -> tuple:
    """(proven, score, at_most) of the book's report of ``answer``."""
    p = reversi_book.book_progress(answer)
    return p.proven, p.score, p.at_most


def test_the_panel_says_a_book_bound_as_a_bound():
    """Past White's slip the 6x6 book proves only that Black keeps at least -4; the panel said
    "White +4 discs" as if White's lead were known.  It says what is proven: "at most"."""
    from ai.engines.reversi_book import book_answer, book_progress
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import detail_line

    game = games.load("reversi", size=6)
    state = game.play_line(["c2", "b4", "c5", "b2"])
    answer = book_answer(state)
    assert answer is not None and answer.at_least and not answer.exact and answer.value == -4
    p = book_progress(answer)
    shown = AIProgress(job_id=0, best_move=p.best_move, best_text=game.format_move(state, p.best_move),
                       score=p.score, kind=p.kind, proven=p.proven, mover=state.to_move, at_least=p.at_least)
    move = game.format_move(state, p.best_move)
    assert detail_line(shown, ("Black", "White"), "reversi") == f"from the opening book: {move} · White +4 discs at most"
    level = AIProgress(job_id=0, best_text=move, score=0.0, kind="book", mover=0, at_least=True)
    assert detail_line(level, ("Black", "White"), "reversi") == f"from the opening book: {move} · Black at least even"
    with words_in("pt"):
        assert detail_line(shown, ("Black", "White"), "reversi") == f"do livro de aberturas: {move} · Branco +4 peças no máximo"


def test_the_panel_and_the_hint_say_a_bound_of_even_in_the_same_words():
    """The 6x6 book's proof that the mover keeps at least a draw read "Preto pelo menos
    equilibrado" on the panel and "está pelo menos empatado" in the hint: one claim, two words in
    Portuguese, "balanced" an estimate's word ("even": "equilibrado").  Both say "empatado"."""
    from ui.ai_worker import AIProgress
    from ui.scenes.hint_words import hint_why
    from ui.scenes.thinking import detail_line

    level = AIProgress(job_id=0, best_text="b3", score=0.0, kind="book", mover=0, at_least=True)
    with words_in("pt"):
        assert detail_line(level, ("Black", "White"), "reversi").endswith("· Preto pelo menos empatado")
        assert hint_why(level, "reversi").endswith("· acaba pelo menos empatado")  # the final margin, as hints say it


def test_the_book_run_resumes_from_its_json_checkpoint_and_refuses_one_that_is_not(tmp_path, capsys):
    """The checkpoint was a pickle, and unpickling runs the code a file names (``--merge`` takes
    another run's file): it is JSON now.  A checkpoint holding the start's proof is resumed (the
    run solves nothing again) and written back the same; a pickle or a cut-short file is a usage
    error naming it, before any solving."""
    from games import reversi as rules
    from tools import checkpoint as checkpoints

    start = reversi_book.book_key(*tool.start_position(), 6)
    move = rules.squares(rules.move_mask(start.me, start.opp, rules.geometry(6)))[0]
    solved = {(start.me, start.opp): (move, tool.PUBLISHED_BLACK_MARGIN, True)}
    path = tmp_path / "book6.json"
    checkpoints.save(path, solved)
    tool.main(["book", "--until", "32", "--checkpoint", str(path), "--no-write"])
    out = capsys.readouterr().out
    assert f"resumed 1 solved positions from {path}" in out and "empties, margin" not in out
    assert tool.read_checkpoint(path) == solved
    for written, said in ((b"\x80\x04 a pickle", "is a pickle, which is not read"),
                          (b'{"dict": [[{"tuple": [1, 2]}', "is not a checkpoint of this tool")):
        path.write_bytes(written)
        with pytest.raises(SystemExit) as stopped:
            tool.main(["book", "--checkpoint", str(path), "--no-write"])
        assert stopped.value.code == 2 and f"error: {path} {said}" in capsys.readouterr().err
