"""The Alquerque endgame tables (ai/kernels/alquerque_tables.py) against the rules themselves.

- Every 2- and 3-piece position, at every count of the 40-ply counter, in every rule variant,
  against a plain dynamic programme over the counter written on games/alquerque.py's own move
  generation (no retrograde analysis, no un-steps, no indexing shared with the tables).
- Random 4- and 5-piece positions, and random positions of the shipped files' largest tables (6
  and 7 pieces): the table value follows from the children's by one minimax step of the rules.
- Along the tables' line the plies to the conversion fall by one each ply, and the game that
  games/alquerque.py plays out ends the way the tables said, at any counter.
- Draw rules from hand-built positions: a win one ply too slow for the counter is a draw, and a
  position occurring twice before turns a table win into a draw, both checked by plain search.
- The shipped file: index round trips, and the file's tables equal a fresh build.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import lru_cache

import numpy as np
import pytest

from ai.kernels import alquerque_tables as tb
from ai.kernels.alquerque import rules
from games.alquerque import DRAW_PLIES, POINTS, Alquerque, AlquerqueState, captured_points, is_step
from games.base import QUIET_DRAW, REPEAT_DRAW

VARIANTS = list(tb.VARIANTS)


def _build(variant: str, pieces: int, tables_of_count: Callable[[int], Iterable[int]]) -> tb.Tables:
    """The tables ``tables_of_count`` names (white pieces of each count), up to ``pieces`` pieces,
    each built on the smaller ones before it."""
    r = rules(*tb.VARIANTS[variant])
    tables = tb.empty_tables()
    for n in range(2, pieces + 1):
        for w in tables_of_count(n):
            tables = tb.with_table(tables, w, n - w, tb.build_table(r, tables, w, n - w))
    return tables


@lru_cache(maxsize=8)
def built(variant: str, pieces: int) -> tb.Tables:
    """A fresh build of every table with up to ``pieces`` pieces."""
    return _build(variant, pieces, tb.tables_of_count)


def game_of(variant: str) -> Alquerque:
    any_direction, compulsory = tb.VARIANTS[variant]
    return Alquerque(any_direction_captures=any_direction, compulsory_capture=compulsory)


def positions(w: int, b: int):
    for index in range(tb.table_size(w, b)):
        white, black, side = tb.index_position(index, w, b)
        yield int(white), int(black), int(side)


def plain_values(game: Alquerque, pieces: int) -> dict:
    """(white, black, side) -> [value with q plies on the counter for q in 0..40] (1 won, 0 drawn,
    -1 lost for the side to move), straight from the rules: no move loses; at q = 40 the game is
    drawn; otherwise the best of the moves, a capture leading to the counter 0, a step to q + 1."""
    values: dict = {}
    for n in range(2, pieces + 1):
        keys = [key for w in tb.tables_of_count(n) for key in positions(w, n - w)]
        values.update(zip(keys, _by_counter(*_moves_of(game, keys, values)).tolist()))
    return values


def _moves_of(game: Alquerque, keys: list, values: dict) -> tuple[np.ndarray, np.ndarray, list[list[int]]]:
    """For each of ``keys`` (the positions of one count of pieces, ``values`` holding those of
    fewer): the best value its captures reach whatever the counter (-1 without any), whether it
    has no move at all, and the rows in ``keys`` of the positions its steps lead to."""
    row = {key: i for i, key in enumerate(keys)}
    capture_best, no_move, steps_of = np.full(len(keys), -1, np.int64), np.zeros(len(keys), bool), []
    for i, (white, black, side) in enumerate(keys):
        steps, moves = [], game.generate_moves((white, black), side)
        for move in moves:
            boards = [white, black]
            boards[side] = boards[side] & ~(1 << move[0]) | 1 << move[-1]
            for p in captured_points(move):
                boards[1 - side] &= ~(1 << p)
            child = (boards[0], boards[1], 1 - side)
            if is_step(move):
                steps.append(row[child])
            else:
                capture_best[i] = max(capture_best[i], 1 if child[1 - side] == 0 else -values[child][0])
        no_move[i] = not moves
        steps_of.append(steps)
    return capture_best, no_move, steps_of


def _by_counter(capture_best: np.ndarray, no_move: np.ndarray, steps_of: list[list[int]]) -> np.ndarray:
    """The positions' values at each count q (``_moves_of``'s positions by row, one column a q),
    from q = 40 (drawn, or lost with no move) down: the best of the captures' and of minus each
    step's child at q + 1, for all positions at once."""
    table = np.zeros((len(steps_of), DRAW_PLIES + 1), np.int64)
    table[no_move] = -1  # lost at every count, 40 too: no capture nor step raises it below
    stepping = np.array([bool(steps) for steps in steps_of])
    children = np.array([child for steps in steps_of for child in steps], np.int64)
    first_child = np.cumsum([0] + [len(steps) for steps in steps_of if steps])[:-1]
    for q in range(DRAW_PLIES - 1, -1, -1):
        best = capture_best.copy()
        if len(children):
            best[stepping] = np.maximum(best[stepping], np.maximum.reduceat(-table[children, q + 1], first_child))
        table[:, q] = best
    return table


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_position_up_to_three_pieces_agrees_with_the_rules(variant):
    tables = built(variant, 3)
    plain = plain_values(game_of(variant), 3)
    assert len(plain) == sum(tb.table_size(w, n - w) for n in (2, 3) for w in tb.tables_of_count(n))
    for (white, black, side), by_counter in plain.items():
        value, plies = tb.probe_kernel(tables.blob, tables.offsets, white, black, side, 0)
        last = DRAW_PLIES - plies  # the largest counter at which the value still holds
        assert by_counter == [value if q <= last else 0 for q in range(DRAW_PLIES + 1)], (variant, white, black, side)
        assert tb.probe_kernel(tables.blob, tables.offsets, white, black, side, last)[0] == value
        if value and last < DRAW_PLIES:
            assert tb.probe_kernel(tables.blob, tables.offsets, white, black, side, last + 1) == (0, 0)


@lru_cache(maxsize=8)
def built_half(variant: str, pieces: int) -> tb.Tables:
    """Only the tables the tool builds and ships (``w >= b``)."""
    return _build(variant, pieces, tb.stored_tables_of_count)


@pytest.mark.parametrize("variant", ["course", "any-direction-compulsory"])
def test_the_shipped_half_reads_the_other_half_upside_down(variant):
    full, half = built(variant, 4), built_half(variant, 4)
    assert full.max_pieces == half.max_pieces == 4
    for n in range(2, 5):
        for w in tb.tables_of_count(n):
            for white, black, side in positions(w, n - w):
                assert tb.entry(half.blob, half.offsets, white, black, side) == \
                    tb.entry(full.blob, full.offsets, white, black, side)


def test_indexing_round_trips():
    rng = random.Random(1)
    for w, b in [(1, 1), (2, 1), (3, 3), (5, 2), (4, 4), (12, 12)]:
        size = tb.table_size(w, b)
        for index in [0, size - 1] + [rng.randrange(size) for _ in range(300)]:
            white, black, side = tb.index_position(index, w, b)
            assert bin(white).count("1") == w and bin(black).count("1") == b and not white & black
            assert white | black < 1 << POINTS
            assert tb.position_index(white, black, side, w, b) == index


def child_boards(white: int, black: int, side: int, move) -> tuple[int, int]:
    boards = [white, black]
    boards[side] = boards[side] & ~(1 << move[0]) | 1 << move[-1]
    for p in captured_points(move):
        boards[1 - side] &= ~(1 << p)
    return boards[0], boards[1]


def preference(option: tuple[int, int]) -> tuple[int, int]:
    """How the side to move ranks (value, plies): wins fastest first, then draws, losses slowest first."""
    value, plies = option
    return (2, -plies) if value == 1 else (1, 0) if value == 0 else (0, plies)


def assert_values_follow_from_children(tables: tb.Tables, game: Alquerque, pieces: tuple[int, ...], per_table: int,
                                       seed: int) -> None:
    """One minimax step of the rules over the tables' children gives the table's own value and
    plies, at counters 0, random and 40 (a capture starts the child's counter at 0, a step adds
    one), for ``per_table`` random positions of every table with ``pieces`` pieces."""
    rng = random.Random(seed)
    for n in pieces:
        for w in tb.tables_of_count(n):
            size = tb.table_size(w, n - w)
            for index in [rng.randrange(size) for _ in range(per_table)]:
                white, black, side = (int(x) for x in tb.index_position(index, w, n - w))
                for q in (0, rng.randrange(DRAW_PLIES + 1), DRAW_PLIES):
                    options = []
                    for move in game.generate_moves((white, black), side):
                        cw, cb = child_boards(white, black, side, move)
                        value, plies = tb.probe_kernel(tables.blob, tables.offsets, cw, cb, 1 - side,
                                                       q + 1 if is_step(move) else 0)
                        # a capture is the conversion itself; a step is one ply more than its child's
                        options.append((0, 0) if value == 0 else (-value, plies + 1 if is_step(move) else 1))
                    best = (-1, 0) if not options else (0, 0) if q == DRAW_PLIES else max(options, key=preference)
                    assert tb.probe_kernel(tables.blob, tables.offsets, white, black, side, q) == best, \
                        (white, black, side, q)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_four_and_five_piece_values_follow_from_their_children(variant):
    assert_values_follow_from_children(built_half(variant, 5), game_of(variant), (4, 5), 150, seed=5)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_shipped_files_largest_tables_follow_from_their_children(variant):
    """The tables only the tool builds (6 and 7 pieces) checked in the shipped files themselves."""
    tables = tb.load(variant)
    assert tables is not None
    largest = tuple(n for n in (6, 7) if n <= tables.max_pieces) or (tables.max_pieces,)
    assert_values_follow_from_children(tables, game_of(variant), largest, 100, seed=6)


def won_states(variant: str, pieces: int, count: int, seed: int):
    """Random states (counter 0) of ``pieces`` pieces that the tables call won for the side to move."""
    tables, game, rng = built_half(variant, pieces), game_of(variant), random.Random(seed)
    found = []
    while len(found) < count:
        w = rng.choice(list(tb.tables_of_count(pieces)))
        white, black, side = (int(x) for x in tb.index_position(rng.randrange(tb.table_size(w, pieces - w)),
                                                                 w, pieces - w))
        if tb.probe_kernel(tables.blob, tables.offsets, white, black, side, 0)[0] == 1:
            state = game.from_text(f"to-move: {game.sides[side]}\n" + "\n".join(game._board_rows((white, black))))
            found.append(state)
    return tables, found


@pytest.mark.parametrize("variant", VARIANTS)
def test_along_the_tables_line_the_plies_fall_and_the_winner_wins(variant):
    tables, states = won_states(variant, 5, 12, seed=3)
    for state in states:
        winner = state.to_move
        moves = tb.line(state, tables)
        plies = tb.probe(state, tables)[1]
        for move in moves:
            state = state.play(move)
            if state.is_terminal():
                break
            value, now = tb.probe(state, tables)
            assert value == (1 if state.to_move == winner else -1)
            if is_step(move):
                assert now == plies - 1
            plies = now
        assert state.is_terminal() and state.winner() == winner
        assert tb.outcome(states[0], tables)[0] == states[0].to_move


@pytest.mark.parametrize("variant", ["course", "compulsory"])
def test_the_tables_win_against_any_defence(variant):
    """The winner plays the tables' moves, the loser random ones: the game ends in the win, and
    the winner's plies to the conversion fall every move until a capture."""
    tables, states = won_states(variant, 5, 15, seed=4)
    rng = random.Random(9)
    for state in states:
        winner = state.to_move
        while not state.is_terminal():
            if state.to_move == winner:
                before = tb.probe(state, tables)
                move = tb.best_move(state, tables)
                state = state.play(move)
                after = tb.probe(state, tables)
                assert after[0] == -1 or state.is_terminal()
                assert not is_step(move) or after[1] == before[1] - 1
            else:
                state = state.play(rng.choice(state.legal_moves()))
        assert state.winner() == winner


def plain_search(state) -> int:
    """The value for the side to move by plain minimax on games/alquerque.py's states (every draw
    rule included); only for states whose game cannot last long (a high counter, captures end it)."""
    if state.is_terminal():
        return 0 if state.winner() is None else -1
    return max(-plain_search(state.play(move)) for move in state.legal_moves())


def one_against_one(game, value_wanted: int, tables):
    """Every 1-against-1 position with White to move that the tables value ``value_wanted``, with
    its plies."""
    for white, black, side in positions(1, 1):
        if side == 0:
            value, plies = tb.probe_kernel(tables.blob, tables.offsets, white, black, 0, 0)
            if value == value_wanted:
                yield white, black, int(plies)


def hand_built(game, white: int, black: int, side: int, quiet: int, seen=()) -> str:
    lines = [f"to-move: {game.sides[side]}", f"no-capture: {quiet}", *game._board_rows((white, black))]
    for w, b, s in seen:
        lines.append(f"seen: {'/'.join(game._board_rows((w, b)))} {game.sides[s]}")
    return "\n".join(lines)


def test_a_win_one_ply_too_slow_for_the_counter_is_a_draw():
    game, tables = Alquerque(), built_half("course", 2)
    checked = 0
    for white, black, plies in one_against_one(game, 1, tables):
        if plies > 7:
            continue
        in_time = game.from_text(hand_built(game, white, black, 0, DRAW_PLIES - plies))
        too_late = game.from_text(hand_built(game, white, black, 0, DRAW_PLIES - plies + 1))
        assert tb.probe(in_time, tables) == (1, plies) and plain_search(in_time) == 1
        assert tb.probe(too_late, tables) == (0, 0) and plain_search(too_late) == 0
        checked += 1
    assert checked > 20


def test_no_legal_move_on_the_fortieth_ply_still_loses():
    game, tables = Alquerque(), built_half("course", 3)
    state = game.from_text("to-move: Black\nno-capture: 40\n.....\n.....\n.....\n.....\nBWW..")
    assert state.winner() == 0 and tb.probe(state, tables) == (-1, 0)
    assert tb.probe_kernel(tables.blob, tables.offsets, *state.boards, 1, DRAW_PLIES) == (-1, 0)


def test_a_position_seen_twice_on_the_winning_line_is_resolved_exactly():
    """Hand-built histories: one sideways neighbour of a won (or lost) 1-against-1 position has
    occurred twice.  The probe agrees with plain search, and some of these values are not the
    tables' own (the history turned a win into a draw)."""
    game, tables = Alquerque(), built_half("course", 2)
    agreed = changed = 0
    for value_wanted in (1, -1):
        for white, black, _ in one_against_one(game, value_wanted, tables):
            quiet = DRAW_PLIES - 6
            base = game.from_text(hand_built(game, white, black, 0, quiet))
            if tb.probe(base, tables)[0] != value_wanted:
                continue  # too slow with this counter
            for move in base.legal_moves():
                if not is_step(move) or move[0] // 5 != move[1] // 5:
                    continue
                child = base.play(move)
                seen = [child.position, child.position]
                state = game.from_text(hand_built(game, white, black, 0, quiet, seen))
                got = tb.probe(state, tables)
                assert got is not None and got[0] == plain_search(state), game.to_text(state)
                agreed += 1
                changed += got[0] != value_wanted
    assert agreed > 50 and changed > 0


def test_the_tables_say_which_rule_draws_a_position_they_would_win():
    """A won 1-against-1 position one ply too slow for the counter is drawn by it, one whose
    sideways neighbour occurred twice and that turns drawn by the repetition, a win in time by
    neither (``draw_rule``): analysis' tip said "proven: draw" of each, not why."""
    game, tables = Alquerque(), built_half("course", 2)
    rules_seen = set()
    for white, black, plies in one_against_one(game, 1, tables):
        in_time = game.from_text(hand_built(game, white, black, 0, DRAW_PLIES - plies))
        too_late = game.from_text(hand_built(game, white, black, 0, DRAW_PLIES - plies + 1))
        if too_late.is_terminal():  # a win in one, one ply late: the game is over by the counter
            continue
        assert tb.draw_rule(in_time, tables) == "" and tb.draw_rule(too_late, tables) == QUIET_DRAW
        base = game.from_text(hand_built(game, white, black, 0, DRAW_PLIES - 6))
        for move in (m for m in base.legal_moves() if is_step(m) and m[0] // 5 == m[1] // 5):
            seen = [base.play(move).position] * 2
            state = game.from_text(hand_built(game, white, black, 0, DRAW_PLIES - 6, seen))
            rule = tb.draw_rule(state, tables)
            assert rule == ("" if tb.probe(state, tables)[0] else REPEAT_DRAW if tb.probe(base, tables)[0] else "")
            rules_seen.add(rule)
    assert rules_seen == {"", REPEAT_DRAW}


def test_the_shipped_file_holds_what_the_tool_builds():
    shipped = tb.load("course")
    assert shipped is not None and shipped.max_pieces >= 5
    fresh = built_half("course", 5)
    for n in range(2, 6):
        for w in tb.stored_tables_of_count(n):
            start, size = shipped.offsets[w, n - w], tb.table_size(w, n - w)
            assert np.array_equal(shipped.blob[start:start + size],
                                  fresh.blob[fresh.offsets[w, n - w]:fresh.offsets[w, n - w] + size])
    assert tb.from_bytes(tb.to_bytes(fresh)).offsets.tolist() == fresh.offsets.tolist()


def test_probe_answers_only_what_the_tables_know():
    game = Alquerque()
    assert tb.probe(game.initial_state()) is None and tb.best_move(game.initial_state()) is None
    two_against_one = game.from_text("to-move: White\n.....\n..B..\n.....\n.W...\nW....")
    value, plies = tb.probe(two_against_one)
    assert value == 1 and plies > 0 and tb.outcome(two_against_one)[0] == 0
    assert tb.probe(two_against_one, tb.empty_tables()) is None


def test_level5_reports_the_tables_line_length_for_the_panel():
    """The panel says "White wins in at most N plies": N is the longest defence against the tables'
    way, which level-5 then plays (here the tables' line is that defence)."""
    import ai
    from ai.base import Limits
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import proven_text

    game = Alquerque()
    state = game.from_text("to-move: White\n.....\n..B..\n.....\n.W...\nW....")
    player = ai.make_player("alquerque", "level-5", seed=1)
    reports = []
    move = player.choose(state, Limits(time=1.0), reports.append)
    final = reports[-1]
    line = tb.line(state)
    assert line is not None and move == line[0]
    assert final.proven == 1 and final.proven_plies == tb.longest_defence(state) == len(line) > 0
    shown = AIProgress(job_id=1, depth=final.depth, score=final.score, proven=final.proven,
                       proven_plies=final.proven_plies, kind=final.kind, mover=state.to_move,
                       plies_at_most=final.plies_at_most)
    assert proven_text(shown, ("White", "Black")) == f"proven: White wins in at most {len(line)} moves"


def test_a_lost_side_takes_a_piece_when_that_holds_out_longer():
    """White c2-c3 wins against c4 (a1, e1 beside): Black's c4-b4 or c4-d4 is taken at once, while
    c4xc2 takes a piece and holds out two plies more.  The tables' move ranked every capture of a
    lost side as its conversion (1 ply), below any step: level 5 played c4-d4 and the panel said
    "White wins in 3 moves" of a game that best defence makes 5."""
    game = Alquerque()
    state = game.from_text("to-move: White\nno-capture: 0\n.....\n..B..\n.....\n..W..\nW...W")
    after = state.play(game.parse_move(state, "c2-c3"))
    assert game.format_move(after, tb.best_move(after)) == "c4xc2"
    line = tb.line(state)
    assert [game.format_move(*pair) for pair in zip(_states_along(state, line), line)][:2] == ["c2-c3", "c4xc2"]
    assert tb.outcome(state) == (0, 5) and len(line) == 5
    # no defence lasts longer: each of Black's replies, then the tables' winner
    assert max(1 + len(tb.line(after.play(move))) for move in after.legal_moves()) == 4


def _states_along(state, moves: list) -> list:
    """The positions ``moves`` are played from, one a move."""
    out = []
    for move in moves:
        out.append(state)
        state = state.play(move)
    return out


def test_level5_in_a_drawn_ending_plays_on_and_says_the_tables_draw():
    """Two against one that the tables call a draw: level-5 searches on for the opponent's
    mistakes (its value then holds contempt, about 85 points), and its last report is the
    tables' draw, which the panel says ("proven: draw"), not "+85"."""
    import ai
    from ai.base import Limits
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import proven_text

    game = Alquerque()
    state = game.from_text("to-move: Black\n.....\n..B..\n.....\n..WW.\n.....")
    assert tb.probe(state)[0] == tb.DRAW
    player = ai.make_player("alquerque", "level-5", seed=1)
    reports = []
    move = player.choose(state, Limits(time=0.3), reports.append)
    assert move in state.legal_moves() and len(reports) > 1  # searched, not answered by the tables
    final = reports[-1]
    assert final.proven == 0 and final.done and player.known_outcome(state) == (0, None)
    shown = AIProgress(job_id=1, depth=final.depth, score=final.score, proven=final.proven,
                       proven_plies=final.proven_plies, kind=final.kind, mover=state.to_move)
    assert proven_text(shown, ("White", "Black")) == "proven: draw"


def test_level5_and_the_about_page_say_how_many_pieces_each_variant_s_tables_hold():
    """Level-5's description and the About page promised perfect endings of up to 7 pieces
    whatever the rule options; only the course reading's tables go that far (the options' files
    stop at 6 pieces, both options at 5).  Each count they name is the shipped files' own."""
    import re
    from pathlib import Path

    import ai
    from ui.about import about_page

    def reach(**options: bool) -> int:
        return tb.tables_of(Alquerque(**options)).max_pieces

    course, both = reach(), reach(any_direction_captures=True, compulsory_capture=True)
    one = reach(any_direction_captures=True)
    assert reach(compulsory_capture=True) == one
    level5 = next(p for p in ai.catalog("alquerque") if p.id == "level-5")
    assert f"up to {course} pieces in all, {one} with one rule option, {both} with both" in level5.description
    about = re.sub(r"\s+", " ", about_page())
    assert f"up to {course} pieces ({one} with one rule option, {both} with both)" in about
    for said in (f"up to {course} pieces on the board ({one} with one rule option, {both} with both)",
                 f"até {course} peças no tabuleiro ({one} com uma opção de regras, {both} com ambas)"):
        pages = (Path("assets/rules/alquerque.md"), Path("assets/locale/pt/rules/alquerque.md"))
        assert any(said in re.sub(r"\s+", " ", page.read_text(encoding="utf-8")) for page in pages), said


def test_two_threads_asking_for_the_tables_at_once_read_the_file_once(monkeypatch):
    """The worker's warm-up thread and a move may ask for a variant's tables together: under
    ``lru_cache`` both missed the cache and each read, checked and unpacked the file.  The spy on
    the file's unpacking holds the first read until the second thread reads too (or a second
    goes by, as it does when the second waits on the lock): one read, and both threads get the
    same tables."""
    import threading

    real_from_bytes, reads = tb.from_bytes, []
    second_reads = threading.Event()

    def spy(raw: bytes) -> tb.Tables:
        reads.append(threading.current_thread().name)
        if len(reads) == 1:
            second_reads.wait(1.0)  # a bound on the wait, not a measure: nothing is asserted of time
        else:
            second_reads.set()
        return real_from_bytes(raw)

    tb.load.cache_clear()
    monkeypatch.setattr(tb, "from_bytes", spy)
    got: dict[str, tb.Tables | None] = {}
    threads = [threading.Thread(target=lambda n=name: got.__setitem__(n, tb.load("course")), name=name)
               for name in ("warm-up", "move")]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        tb.load.cache_clear()  # the tables the spy made are not kept for other tests
    assert len(reads) == 1, reads
    assert got["warm-up"] is got["move"] is not None


# -- the panel's win length: the tables' way against the longest defence --------------------------
# three against one: the tables' line (both sides on ``best_move``) is 7 plies, the longest defence
# against the tables' way 15
THREE_AGAINST_ONE = "to-move: White\nno-capture: 0\n....W\n....B\n.....\n.....\n..W.W"

def longest_by_the_rules(state, tables: tb.Tables, winner: int, memo: dict) -> int:
    """``longest_defence``'s reference, by plain recursion over games/alquerque.py's states: the
    winner plays ``best_move``, the loser every legal move, the longest counts; memoised on the
    position and its counter.  Every line must end in the winner's win by the rules (a 40-ply or
    repetition draw on the way fails the test)."""
    if state.is_terminal():
        assert state.winner() == winner, state.game.to_text(state)
        return 0
    key = (state.boards, state.to_move, state.quiet)
    if key not in memo:
        moves = [tb.best_move(state, tables)] if state.to_move == winner else state.legal_moves()
        memo[key] = max(1 + longest_by_the_rules(state.play(move), tables, winner, memo) for move in moves)
    return memo[key]


def assert_lengths_by_the_rules(tables: tb.Tables, game: Alquerque, roots: Iterable[tuple[int, int, int]],
                                counters: Callable[[int], Iterable[int]]) -> int:
    """``outcome``'s length equals the reference at each root (won or lost) and each of its
    counters (``counters(plies)``: the position's table plies -> counters at which it is still
    won); returns how many roots it checked."""
    memos: dict[int, dict] = {0: {}, 1: {}}
    checked = 0
    for white, black, side in roots:
        value, plies = tb.probe_kernel(tables.blob, tables.offsets, white, black, side, 0)
        if value not in (1, -1):
            continue
        winner = side if value == 1 else 1 - side
        for q in counters(int(plies)):
            state = AlquerqueState(game, (white, black), side, q)
            want = longest_by_the_rules(state, tables, winner, memos[winner])
            assert tb.outcome(state, tables) == (winner, want), (white, black, side, q)
        checked += 1
    return checked


@pytest.mark.parametrize("variant", ["course", "any-direction-compulsory"])
def test_every_won_or_lost_position_up_to_three_pieces_has_the_length_of_the_longest_defence(variant):
    """The panel's "White wins in at most N plies": N is the plies the tables' winning way needs
    against the longest defence, the plain recursion's, for every 2- and 3-piece position, at the
    largest counter at which it is still won (so no line may be one ply slower than the count).
    ``outcome`` said the length of the line both sides play on table moves, which ranks the
    loser's moves by the winner's plies to the next capture, not to the end: shorter than this
    on the 3-piece tables with both rule options, and on every variant's 4-piece ones."""
    tables, game = built(variant, 3), game_of(variant)
    roots = [p for n in (2, 3) for w in tb.tables_of_count(n) for p in positions(w, n - w)]
    checked = assert_lengths_by_the_rules(tables, game, roots, lambda plies: [DRAW_PLIES - plies])
    assert checked > 2000


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_four_piece_positions_have_the_length_of_the_longest_defence(variant):
    tables, game, rng = built_half(variant, 5), game_of(variant), random.Random(21)
    roots = []
    for _ in range(400):
        w = rng.choice(list(tb.tables_of_count(4)))
        roots.append(tuple(int(x) for x in tb.index_position(rng.randrange(tb.table_size(w, 4 - w)), w, 4 - w)))
    checked = assert_lengths_by_the_rules(tables, game, roots, lambda plies: [rng.randrange(DRAW_PLIES - plies + 1)])
    assert checked > 60


def test_the_length_falls_by_one_along_the_tables_way_against_the_longest_defence():
    """Random won 4-against-3 positions of the shipped tables (the QA pass's): the loser plays
    the reply whose length is the longest, the winner the tables' move; the length falls by
    exactly one every ply, and the rules end the game in the winner's win when it reaches 0.
    The old length (the tables' line, both sides on ``best_move``) fell short of it."""
    tables, game, rng = tb.load("course"), Alquerque(), random.Random(8)
    shorter = 0
    for _ in range(6):
        while True:
            points = rng.sample(range(POINTS), 7)
            white, black = sum(1 << p for p in points[:4]), sum(1 << p for p in points[4:])
            side = rng.randrange(2)
            if tb.probe_kernel(tables.blob, tables.offsets, white, black, side, 0)[0] == 1:
                break
        state = AlquerqueState(game, (white, black), side, 0)
        winner, plies = tb.outcome(state, tables)
        assert winner == side and plies is not None
        shorter += plies > len(tb.line(state, tables))
        while plies:
            if state.to_move == winner:
                state = state.play(tb.best_move(state, tables))
            else:
                state = max((state.play(m) for m in state.legal_moves()),
                            key=lambda after: tb.longest_defence(after, tables))
            assert tb.longest_defence(state, tables) == plies - 1
            plies -= 1
        assert state.is_terminal() and state.winner() == winner
    assert shorter > 0


def test_a_count_over_its_budget_says_no_length_and_the_next_goes_on_from_it():
    """Within its budget of new positions or not at all: a count left unfinished answers None
    (the panel then says "White wins" without a length), and what it counted is kept, so asking
    again finishes it; the winner is said either way."""
    tables, game = tb.load("course"), Alquerque()
    state = game.from_text(THREE_AGAINST_ONE)
    tb._MEMOS.clear()
    assert tb.probe(state, tables)[0] == 1 and tb.outcome(state, tables, budget=1) == (0, None)
    answers = [tb.longest_defence(state, tables, budget=5) for _ in range(20)]
    assert answers[0] is None and answers[-1] == 15 and answers.index(15) > 3
