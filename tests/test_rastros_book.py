"""The Rastros opening book (ai/engines/rastros_book.py, made by tools/rastros_book.py) against the solver.

- the reflection that halves the book keeps the start and both goals, and keys a position and its
  mirror alike;
- the solved values of 7x7 from the rules file (4x4..6x6: tests/test_rastros.py);
- winner book moves win (the solver agrees) on a sample of book positions small enough to solve here;
- after a sampled book move, the position is proven by a fresh solver within the generator's
  in-game budget, or every loser reply has a book answer, such a proof, or is listed open;
- the winner playing the book (and the solver where the book ends) beats random play;
- on 8x8 the book answers South's eight first moves with the rules file's refutations;
- the tool values every first move of South as the solver does (5x5), and books the position
  after each (6x6 and 7x7: tests/test_analysis_ui.py reads them through analysis).
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import ai
import games
from ai.base import Limits
from ai.engines import rastros_book as book
from ai.engines.rastros_solver import Solver
from ai.kernels import rastros as kernel
from ai.search.driver import new_ctl
from games.rastros import bits
from tests.rastros_book_run import made_7x7_book
from tests.solved_facts import board_symmetries, rastros_first_moves_won_by_south, shared_folder

BOOK_SIZES = (6, 7, 8)


def the_book(n: int) -> book.Book:
    loaded = book.load(n)
    if loaded is None:
        pytest.skip(f"no {n}x{n} book in ai/data")
    return loaded


def winner_entries(b: book.Book) -> list[tuple[int, int, int, int]]:
    """(piece, region, side, move) of the book's winning-side positions."""
    out = []
    for region, code in zip(b.region.tolist(), b.code.tolist()):
        if code >> book.WIN_SHIFT & 1:
            out.append((code & book.PIECE_MASK, int(region), code >> book.SIDE_SHIFT & 1,
                        code >> book.MOVE_SHIFT & book.PIECE_MASK))
    return out


def sample(entries: list, count: int, seed: int = 17) -> list:
    entries = list(entries)
    random.Random(seed).shuffle(entries)
    return entries[:count]


@pytest.mark.parametrize("n", (4, 5, 6, 7, 8))
def test_reflection_keeps_start_and_goals_and_is_an_involution(n):
    game = games.load("rastros", size=n)
    image = book.mirror_squares(n)
    assert image[game.start] == game.start
    assert image[game.goal_south] == game.goal_south and image[game.goal_north] == game.goal_north
    assert all(image[image[sq]] == sq for sq in range(n * n))
    nbr = kernel.board(n).nbr
    assert all(book.mirror_bits(n, int(nbr[sq])) == int(nbr[image[sq]]) for sq in range(n * n))


def test_a_position_and_its_mirror_share_a_key():
    n, rng = 8, random.Random(3)
    b = kernel.board(n)
    game = games.load("rastros", size=n)
    for _ in range(40):
        state = game.initial_state()
        for _ in range(rng.randrange(1, 20)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_terminal():
            continue
        region = int(kernel.flood(b, state.white, np.uint64(state.free)))
        piece_m, region_m = book.mirror_squares(n)[state.white], book.mirror_bits(n, region)
        assert region_m == int(kernel.flood(b, piece_m, np.uint64(book.mirror_bits(n, state.free))))
        key, key_m = book.book_key(n, state.white, region, state.to_move), book.book_key(n, piece_m, region_m,
                                                                                         state.to_move)
        assert key[:3] == key_m[:3] and (key.mirrored != key_m.mirrored or region == region_m)


def test_7x7_is_won_by_south_with_every_first_move(tmp_path_factory):
    """shared/rules/rastros.md: 7x7 from 4-4, South wins with every first move (each solved, no
    book, or taken from its mirror's solve: the solving is shared with the rules page's test
    across the run's processes, tests/solved_facts.py)."""
    game = games.load("rastros", size=7)
    start = game.initial_state()
    assert list(rastros_first_moves_won_by_south(7, shared_folder(tmp_path_factory))) == \
        game.legal_move_texts(start)


@pytest.mark.parametrize("n", (4, 5, 6, 7, 8))
def test_the_first_moves_taken_from_their_mirrors_are_those_of_the_board_reflection(n):
    """The first-move solve takes a move's value from its mirror's only under a map of the board
    that keeps the start, both goals, the squares a side may not enter and every neighbourhood:
    one such map on every size (the reflection across the diagonal through the goals, the book's
    too), pairing six of South's eight first moves and keeping two."""
    game = games.load("rastros", size=n)
    start = game.initial_state()
    (image,) = board_symmetries(n)
    assert image == book.mirror_squares(n)
    moves = start.legal_moves()
    assert sorted(image[m] for m in moves) == sorted(moves)
    assert sum(image[m] == m for m in moves) == 2


def test_a_factproven_once_is_read_by_the_next_process_to_ask(tmp_path):
    """The first process to ask proves the fact and leaves it in the shared folder; a later one
    (here the same function asked again with a prover that must not run) reads it."""
    from tests.solved_facts import proven_once

    assert proven_once(tmp_path, "fact", lambda: ["3-3", "5-5"]) == ["3-3", "5-5"]
    assert proven_once(tmp_path, "fact", lambda: pytest.fail("proven twice")) == ["3-3", "5-5"]


def test_the_shared_7x7_run_is_made_once_and_from_nothing_after_one_stopped_half_way(tmp_path, monkeypatch):
    """tests/rastros_book_run.py: a run that stopped half-way left its checkpoint, which the tool
    would resume from; the next test to ask starts the run afresh, and the one after reads it."""
    from tests import rastros_book_run
    from tools import rastros_book as tool

    stale = tmp_path / rastros_book_run.RUN_FOLDER / "book7.json"
    stale.parent.mkdir()
    stale.write_text("{}")
    found_a_checkpoint = []

    def run(argv: list[str]) -> int:
        found_a_checkpoint.append(stale.exists())
        return 0

    monkeypatch.setattr(tool, "main", run)
    assert rastros_book_run.made_7x7_book(tmp_path) == stale.parent
    assert rastros_book_run.made_7x7_book(tmp_path) == stale.parent
    assert found_a_checkpoint == [False]


@pytest.mark.parametrize("n, count, budget", [(7, 25, 3_000_000), (8, 2, 12_000_000)])
def test_book_winner_moves_agree_with_the_solver(n, count, budget):
    """The book's deepest winner positions (the smallest regions: the cheapest to solve here; the
    8x8 opening itself is docs/rastros-proof.md's hours-long proof) against a fresh solver."""
    b = the_book(n)
    board, table = kernel.board(n), kernel.SolverTable(22)
    entries = winner_entries(b)
    random.Random(17).shuffle(entries)
    entries.sort(key=lambda e: e[1].bit_count())
    checked = 0
    for piece, region, side, move in entries[:count]:
        assert (int(board.nbr[piece]) & region) >> move & 1, "a book move must be legal"
        table.clear()
        wins = kernel.move_wins(board, table.table, table.work, move, np.uint64(region), side, new_ctl(), budget)
        if wins != kernel.ABORTED:
            assert wins == 1, (piece, region, side, move)
            checked += 1
    assert checked >= min(count, len(entries)) // 2


@pytest.mark.parametrize("n", BOOK_SIZES)
def test_every_loser_reply_has_a_book_answer_or_an_in_game_proof(n):
    """The generator's rule: after a book move either the position is proven within the in-game
    budget, or each loser reply has a book answer, a proof within the budget, or is left open."""
    b = the_book(n)
    board = kernel.board(n)
    budget = int(b.figures["in_game_budget"])
    table = kernel.SolverTable(18)
    for _piece, region, side, move in sample(winner_entries(b), 40):
        rest = region & ~(1 << move)
        if move == int(board.goal[side]):
            continue
        lost = int(kernel.flood(board, move, np.uint64(rest)))
        table.clear()
        if kernel.solve_win(board, table.table, table.work, move, np.uint64(lost), 1 - side, new_ctl(), budget) == 0:
            continue  # the position after the book move is proven within the budget: a leaf
        for q in bits(int(board.nbr[move]) & lost & ~int(board.forbid[1 - side])):
            child = int(kernel.flood(board, q, np.uint64(lost & ~(1 << q))))
            answer = b.lookup(q, child, side)
            if answer is not None:
                assert answer[1], "the winner's position must be booked as won"
                continue
            if b.is_open(q, child, side):
                continue
            table.clear()  # the generator proves a position in its stored frame (book_key)
            key = book.book_key(n, q, child, side)
            proof = kernel.solve_win(board, table.table, table.work, key.piece, np.uint64(key.region), side,
                                     new_ctl(), budget)
            assert proof == 1, "a reply with neither a book answer nor an in-game proof"


def test_the_7x7_book_and_the_solver_beat_random_play():
    """South plays the book, then the solver; North plays at random: South wins every game."""
    game = games.load("rastros", size=7)
    b, table = kernel.board(7), kernel.SolverTable(20)
    rng = random.Random(5)
    for _ in range(10):
        state = game.initial_state()
        while not state.is_terminal():
            if state.to_move == 1:
                state = state.play(rng.choice(state.legal_moves()))
                continue
            answer = book.book_answer(state)
            if answer is not None:
                move, proven, _ = answer
                assert proven == 1
            else:
                region = int(kernel.flood(b, state.white, np.uint64(state.free)))
                move = int(kernel.first_win(b, table.table, table.work, state.white, np.uint64(region), 0,
                                            new_ctl(), 0))
            state = state.play(move)
        assert state.winner() == 0


def first_positions_past_the_7x7_book(lines: int) -> list:
    """South plays the book, North at random (one seed a line): each line's first position the book
    does not answer, South to move."""
    game = games.load("rastros", size=7)
    found = []
    for seed in range(lines):
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_terminal():
            answer = book.book_answer(state) if state.to_move == 0 else None
            if state.to_move == 0 and answer is None:
                found.append(state)
                break
            state = state.play(answer[0] if answer else rng.choice(state.legal_moves()))
    return found


# the self-check's first searched position against Bacoco (tools/rastros_selfcheck.py --size 7)
SELFCHECK_LINE = ["5-3", "6-4", "7-3", "7-4", "7-5", "7-6", "7-7", "6-6", "6-7", "5-7", "5-6", "4-7"]


def test_level5_keeps_a_win_the_book_left_it_without_playing_the_book_move_itself():
    """A level-5 asked where the book ends without having played the book's move (the self-check,
    a hint, a computer taking over a game) found no win in 1,000 nodes (a loaded machine's second)
    and at the self-check's position played 3-6, which loses; the book proved such positions
    cheap to solve, so level-5 now solves them whatever its budget.  The kernel solver judges."""
    game = games.load("rastros", size=7)
    judge, board = Solver(7, 22), kernel.board(7)
    positions = [game.play_line(SELFCHECK_LINE)] + first_positions_past_the_7x7_book(3)
    for state in positions:
        assert book.book_answer(state) is None and book.book_move_led_here(state)
        player = ai.make_player("rastros", "level-5", seed=0)
        after = state.play(player.choose(state, Limits(time=600, iterations=1_000)))
        region = int(kernel.flood(board, after.white, np.uint64(after.free)))
        assert after.winner() == 0 or judge.solve(after.white, region, after.to_move, new_ctl()) == 0, \
            game.to_text(state)


def test_only_a_reply_to_the_books_winning_move_counts_as_left_by_the_book():
    game = games.load("rastros", size=7)
    book_reply = game.play_line(SELFCHECK_LINE)
    assert book.book_move_led_here(book_reply)
    assert not book.book_move_led_here(game.initial_state())
    assert not book.book_move_led_here(game.from_text(game.to_text(book_reply).split("\ntrail:")[0]))
    before_book_move = game.play_line(SELFCHECK_LINE[:-2])  # South to move: the book says 5-6
    assert game.format_move(before_book_move, book.book_answer(before_book_move)[0]) == "5-6"
    other = game.play_line(["4-6", "3-6"], before_book_move)  # another move of South, then a reply
    assert not book.book_move_led_here(other)


def test_8x8_book_answers_every_first_move_with_the_refutation():
    """Each of South's eight first moves is answered by the rules file's refutation (the book covers
    them all, nothing left open); South's own first move from the book is one of them."""
    b = the_book(8)
    game = games.load("rastros")
    start = game.initial_state()
    move, proven, plies = book.book_answer(start)
    assert proven == -1 and plies is None and move in start.legal_moves()
    refutations = [("5-4", "6-3"), ("4-4", "3-4"), ("5-5", "5-6"), ("3-4", "4-4"),
                   ("5-6", "5-5"), ("3-5", "3-4"), ("4-6", "5-6"), ("3-6", "3-5")]
    assert {game.parse_square(first) for first, _ in refutations} == set(start.legal_moves())
    for first, reply in refutations:
        state = game.play_line([first])
        assert book.book_answer(state) == (game.parse_square(reply), 1, None), first
    assert int(b.figures.get("open", 0)) == 0


def test_the_openings_tool_knows_which_5x5_first_moves_win(tmp_path, capsys):
    """assets/rules/rastros.md (from shared/rules/rastros.md): on 5x5 South wins with the four
    orthogonal first moves, so North wins after the four diagonal ones; tools/rastros_openings.py
    reads a match log and counts each game under its opening's solved winner."""
    from tools import rastros_openings as tool

    game = games.load("rastros", size=5)
    table = kernel.SolverTable(16)
    first_moves = game.legal_move_texts(game.initial_state())
    assert len(first_moves) == 8
    winners = {}
    for text in first_moves:
        row, col = (int(part) for part in text.split("-"))
        winners[text] = 0 if row == 3 or col == 3 else 1  # orthogonal: South
        assert tool.opening_winner(game, [text], table) == winners[text], text
    # each opening played twice, the new side once on each side, the winner as the solver says
    records = [{"game": 2 * i + side + 1, "new_side": side, "winner": winners[text], "moves": [text, "later"]}
               for i, text in enumerate(first_moves) for side in (0, 1)]
    log = tmp_path / "match.jsonl"
    log.write_text("".join(json.dumps(record) + "\n" for record in records))
    assert tool.main([str(log), "--plies", "1", "--size", "5", "--bits", "16"]) == 0
    out = capsys.readouterr().out
    assert "positions won for the new side: 8 games, the new side won 8" in out
    assert "positions lost for the new side: 8 games, the new side won 0" in out


def test_the_book_tool_makes_the_shipped_7x7_book_again(tmp_path_factory):
    """ai/data/README.md says ``tools/rastros_book.py --size 7`` made rastros_book7.npz: a fresh
    run (its own checkpoint, written outside ai/data) gives the same positions and moves, and the
    same figures except the seconds it took.  The run is made once for the test run and read by
    tests/test_rastros_hardest.py too (tests/rastros_book_run.py)."""
    from ai import data

    the_book(7)
    out = made_7x7_book(shared_folder(tmp_path_factory)) / "book7.npz"
    timing = {"seconds", "hardness_seconds"}
    figures = []
    with np.load(out) as made, np.load(data.path(book.file_name(7))) as shipped:
        for name in ("region", "code", "open_region", "open_code"):
            assert np.array_equal(made[name], shipped[name]), name
        for file in (made, shipped):
            names, values = file["figure_names"].tolist(), file["figure_values"].tolist()
            figures.append({k: v for k, v in zip(names, values) if k not in timing})
    assert figures[0] == figures[1]
    assert int(figures[0]["winner_positions"]) > 0



def faced_after(state, move) -> list:
    """The positions after ``move`` and each reply that does not end the game."""
    after = state.play(move)
    return [after.play(q) for q in after.legal_moves() if not after.play(q).is_terminal()]


def stored_key(state) -> tuple[int, int, int]:
    region = int(kernel.flood(kernel.board(state.game.n), state.white, np.uint64(state.free)))
    key = book.book_key(state.game.n, state.white, region, state.to_move)
    return key.region, key.piece, key.side


def without(b: book.Book, keys: set) -> book.Book:
    """``b`` as a partial book whose generator stopped before ``keys``: not booked, listed open."""
    kept = [i for i, (region, code) in enumerate(zip(b.region.tolist(), b.code.tolist()))
            if (region, code & book.PIECE_MASK, code >> book.SIDE_SHIFT & 1) not in keys]
    return book.Book(b.n, b.region[kept], b.code[kept], b.figures, frozenset(keys))


@pytest.mark.parametrize("case", ["7x7 replies left open", "8x8 without its book file"])
def test_a_book_win_leaves_no_unproven_reply_to_solve_whatever_the_time(monkeypatch, case):
    """After a book move every reply is won, but level-5 remembers as won (and so solves whatever
    its move time, ``_keep_win``) only the replies the proof put within the solver's reach: not one
    a partial book left open, nor, when the book file is missing and the rules' own refutation
    answers 8x8's first move, the positions after it (before: the next answer at 0.1 s a move ran
    until its stop flag, an hours-long proof)."""
    n, opening = (7, []) if case.startswith("7x7") else (8, ["5-4"])
    real = the_book(n)
    state = games.load("rastros", size=n).play_line(opening)
    move = book.book_answer(state)[0]
    faced = faced_after(state, move)
    stand_in = without(real, {stored_key(s) for s in faced}) if n == 7 else None
    monkeypatch.setattr(book, "load", lambda size: stand_in)
    player = ai.make_player("rastros", "level-5", seed=1)
    assert player.choose(state, Limits(time=0.1)) == move and player.last.kind == "book"
    searcher = player._searchers[n]
    solved_at_any_time = []
    monkeypatch.setattr(searcher, "_keep_win", solved_at_any_time.append)
    for position in faced:
        searcher.start(position, Limits(time=0.1))
    assert faced and not solved_at_any_time


def test_the_book_tool_values_every_first_move_as_the_solver_does_on_5x5(tmp_path):
    """The book stored the winner's line alone, so analysis proved the book's first move and read
    estimates for the others (7x7: "-20" after 25 s).  tools/rastros_book.py now solves the
    position after each first move of South: its ``first_moves`` figure and the book's entry for
    that position (North to move: won or lost) agree with the kernel solver."""
    import ast

    from tools import rastros_book as tool

    out = tmp_path / "book5.npz"
    assert tool.main(["--size", "5", "--out", str(out), "--checkpoint", str(tmp_path / "book5.json")]) == 0
    with np.load(out) as arrays:
        made = book.Book(5, arrays["region"].copy(), arrays["code"].copy(),
                         dict(zip(arrays["figure_names"].tolist(), arrays["figure_values"].tolist())))
    game = games.load("rastros", size=5)
    start, b, table = game.initial_state(), kernel.board(5), kernel.SolverTable(16)
    first_moves = ast.literal_eval(made.figures["first_moves"])
    assert sorted(first_moves) == sorted(game.format_move(start, m) for m in start.legal_moves())
    reach = int(kernel.flood(b, start.white, np.uint64(start.free)))
    needy = tool.loser_replies(b, start.white, reach, 0)  # the others let North win at once
    assert needy
    for move in start.legal_moves():
        after = start.play(move)
        region = int(kernel.flood(b, after.white, np.uint64(after.free)))
        north_wins = kernel.solve(after.white, region, 1, table, n=5) == 1
        assert first_moves[game.format_move(start, move)] == ("North" if north_wins else "South")
        if move in needy:
            assert made.lookup(after.white, region, 1)[1] == north_wins, game.format_move(start, move)


def test_a_book_written_from_its_checkpoint_is_the_one_the_run_wrote(tmp_path):
    """The checkpoints were pickles, and unpickling a file runs the code it names (a checkpoint is a
    file a user may be handed, ``--merge``): they are JSON now.  A 5x5 run's checkpoint and its
    hardness checkpoint, read back by ``--write-partial --counted-only``, write the same book."""
    from tools import rastros_book as tool

    checkpoint = tmp_path / "book5.json"
    assert tool.main(["--size", "5", "--out", str(tmp_path / "run.npz"), "--checkpoint", str(checkpoint)]) == 0
    assert not checkpoint.read_bytes().startswith(b"\x80")  # not a pickle
    assert (tmp_path / "book5_hardness.json").exists()
    assert tool.main(["--size", "5", "--out", str(tmp_path / "again.npz"), "--checkpoint", str(checkpoint),
                      "--write-partial", "--counted-only"]) == 0
    with np.load(tmp_path / "run.npz") as run, np.load(tmp_path / "again.npz") as again:
        assert run.files == again.files
        for name in run.files:
            assert np.array_equal(run[name], again[name]), name


@pytest.mark.parametrize("written, said", [(b"\x80\x04 a pickle", "is a pickle, which is not read"),
                                           (b'{"dict": [[1', "is not a checkpoint of this tool"),
                                           (b'{"tuple": [1]}', "is not a checkpoint of this tool")])
def test_a_checkpoint_that_is_not_one_is_a_usage_error_naming_it(written, said, tmp_path, capsys):
    """A pickle (an earlier version's, or anyone's), a cut-short file or another JSON is refused
    by name before any solving, not a traceback (nor code run)."""
    from tools import rastros_book as tool

    checkpoint = tmp_path / "book5.json"
    checkpoint.write_bytes(written)
    with pytest.raises(SystemExit) as stopped:
        tool.main(["--size", "5", "--out", str(tmp_path / "b.npz"), "--checkpoint", str(checkpoint)])
    assert stopped.value.code == 2
    assert f"error: {checkpoint} {said}" in capsys.readouterr().err
