"""Analysis mode's values (ai/move_values.py): each move's value is what the engine says of that move
searched alone, proofs agree with a plain minimax, and the worker streams them."""

from __future__ import annotations

import random
import time
from functools import cache

import pytest

import ai
import games
from ai.move_values import MoveValues, analyse, hex_root_values, rank, value_after


def _negamax(state) -> tuple[int, int]:
    """(result for the side to move: +1 / 0 / -1, plies to the end): the winner takes the quickest
    win, the loser the slowest loss (a plain recursive minimax, no pruning)."""

    @cache
    def solve(s) -> tuple[int, int]:
        if s.is_terminal():
            w = s.winner()
            return (0 if w is None else 1 if w == s.to_move else -1), 0
        best: tuple[int, int] | None = None
        for move in s.legal_moves():
            r, n = solve(s.play(move))
            mine = (-r, n + 1)
            if best is None or _better(mine, best):
                best = mine
        return best

    return solve(state)


def _better(a: tuple[int, int], b: tuple[int, int]) -> bool:
    if a[0] != b[0]:
        return a[0] > b[0]
    return a[1] < b[1] if a[0] > 0 else a[1] > b[1] if a[0] < 0 else False


def assert_minimax_values(state, max_depth: int | None = None, player=None) -> None:
    """Tic-tac-toe's analysis of ``state``: done, every legal move valued, each value the minimax
    result of the move, with its plies to the end."""
    result = analyse(state, "tictactoe", max_depth=max_depth, player=player)
    assert result.done and set(result.values) == set(state.legal_moves())
    for move, value in result.values.items():
        outcome, plies = _negamax(state.play(move))
        assert value.proven == -outcome, state.game.format_move(state, move)
        if outcome != 0:
            assert value.plies == plies + 1, state.game.format_move(state, move)


@pytest.mark.parametrize("line", ["", "b2", "a1,b2", "a1,b2,c3", "b2,a1,c1", "a1,a2,b1"])
def test_tictactoe_values_are_the_minimax_results_of_each_move(line):
    game = games.load("tictactoe")
    assert_minimax_values(game.play_line([m for m in line.split(",") if m]))


def test_distances_stay_right_with_the_player_kept_across_positions():
    """The window keeps one analysis player, and its table, from position to position: a win its
    table solved earlier must not pass for the quickest when a quicker one lies behind the
    horizon (after analysing b3 a2, a1 in a3 a2 c2 was shown as lost in 6 plies, not 4)."""
    game = games.load("tictactoe")
    player = ai.make_player("tictactoe", "level-5", seed=0)
    for line in ("b3,a2", "a3,a2,c2", "a1,b2", "b2,a1,c1,c3", "c2,b2,a2", "a1,a2,b1,b2"):
        assert_minimax_values(game.play_line(line.split(",")), player=player)


def test_a_move_that_leaves_one_reply_is_valued_too():
    """The opponent's single reply is played by the rules, without a search, so such a move got
    no value (0 of 2 moves valued, and "done"); it is valued past the forced reply."""
    state = games.load("tictactoe").from_text("to-move: O\nOXO\nOXX\nX..")
    assert any(len(state.play(m).legal_moves()) == 1 for m in state.legal_moves())
    for capped in (None, 2):
        assert_minimax_values(state, capped)


@pytest.mark.parametrize("game_id, options, line, depth", [
    ("reversi", {"size": 6}, "c2,b2,a2", 3),
    ("reversi", {}, "f5,d6,c3,d3,c4", 3),
    ("alquerque", {}, "", 3),
    ("rastros", {"size": 7}, "", 3),
])
def test_each_value_is_the_engine_value_of_that_move_searched_alone(game_id, options, line, depth):
    game = games.load(game_id, **options)
    state = game.play_line([m for m in line.split(",") if m])
    result = analyse(state, game_id, max_depth=depth)
    assert result.values
    for move, value in result.values.items():
        alone = ai.make_player(game_id, "level-5", seed=0)
        reports: list = []
        alone.choose(state.play(move), ai.Limits(depth=depth), reports.append)
        expected = value_after(move, reports[-1], depth + 1)
        assert expected is not None
        assert (value.score, value.proven) == (expected.score, expected.proven), game.format_move(state, move)


@pytest.mark.parametrize("width, height, k, line, searched", [
    (3, 3, 3, "", 3),  # the corners, the edges, the centre
    (3, 3, 3, "a1", 5),  # the diagonal through a1 is the only mirror left
    (4, 4, 4, "", 3),
    (7, 6, 4, "d3", 23),  # 41 squares: 5 on column d, 18 pairs mirrored left to right
])
def test_tictactoe_moves_alike_are_searched_once_and_shown_alike(width, height, k, line, searched):
    """A teacher's 4x4 k=4 analysis showed a1 at -23 and d4 at +71, mirror images of each other
    (each searched alone, with what the table kept from the other searches); the moves the board's
    symmetries map onto each other are now searched once and share that value."""
    game = games.load("tictactoe", width=width, height=height, k=k)
    state = game.play_line([m for m in line.split(",") if m])
    player = ai.make_player("tictactoe", "level-5", seed=0)
    asked = []
    search = player.analysed_by
    choose = search.choose
    search.choose = lambda position, *args: asked.append(position) or choose(position, *args)
    result = analyse(state, "tictactoe", max_depth=2, player=player)
    assert set(result.values) == set(state.legal_moves())
    assert len(asked) == 2 * searched  # two rounds
    for group in game.equivalent_moves(state):
        assert len({(result.values[m].score, result.values[m].depth) for m in group}) == 1
        assert all(result.values[m].move == m for m in group)


def test_a_winning_move_is_proven_first_and_ranked_best():
    game = games.load("tictactoe")
    state = game.play_line(["a1", "b1", "a2", "b2"])  # X wins at a3
    result = analyse(state, "tictactoe", max_depth=1)
    best = result.best()
    assert game.format_move(state, best.move) == "a3" and best.proven == 1 and best.plies == 1
    assert sorted(result.values.values(), key=rank)[-1] == best


def test_hex_values_are_the_root_moves_of_one_tree():
    game = games.load("hex", size=8)  # a first stone on 3x3..7x7 is read from the solved maps, unsearched
    state = game.initial_state()
    result = analyse(state, "hex", max_playouts=4000)
    assert result.done and result.nodes >= 4000
    assert result.values and all(0.0 <= v.score <= 1.0 for v in result.values.values())
    assert sum(v.visits for v in result.values.values()) <= result.nodes + len(result.values)
    assert set(result.values) <= set(state.legal_moves())


def test_hex_win_in_one_is_a_proven_win():
    game = games.load("hex", size=4)
    # Blue (left to right) has a1, b1, c1: d1 wins at once
    state = game.play_line(["a1", "a2", "b1", "b2", "c1", "a4"])
    result = analyse(state, "hex", max_playouts=2000)
    wins = [m for m, v in result.values.items() if v.proven == 1]
    assert [game.format_move(state, m) for m in wins] == ["d1"]


@pytest.mark.parametrize("line, block", [
    ("b2,a2,a3", None),  # Blue's b2 and a3 win at c1 and at c2: every move of Red loses
    ("a1,a2,b1,b2,c1", "d1"),  # Blue wins at d1 unless Red takes it: every other move loses
])
def test_hex_moves_the_tree_leaves_out_lose_in_two(line, block):
    """Where the opponent has a cell that wins at once, the tree's root holds only the block (or,
    with two such cells, is proven lost with no move searched): analysis showed those moves
    without a value, and a lost 3x3 position with no value at all and an even bar."""
    from ui.eval_bar import position_value

    size = 3 if block is None else 4
    game = games.load("hex", size=size)
    state = game.play_line(line.split(","))
    result = analyse(state, "hex", max_playouts=2000)
    assert result.done and set(result.values) == set(state.legal_moves())
    for move, value in result.values.items():
        if game.format_move(state, move) == block:  # lost, but not at once: no "L2" on it
            assert value.proven == -1 and (value.plies is None or value.plies > 2)
            continue
        assert (value.proven, value.plies) == (-1, 2), game.format_move(state, move)
    # Blue wins: the bar is Blue's, in 2 when every move of Red loses at once
    assert position_value(result, "hex") == (1.0, "W2" if block is None else "W")


@pytest.mark.parametrize("size", [3, 4])
def test_hex_first_stones_under_the_swap_rule_are_valued_with_the_swap(size):
    """With the swap rule, every first stone loses under perfect play (a winning one is swapped):
    the analysis, whose search does not look at the swap, showed 3x3's centre proven won."""
    game = games.load("hex", size=size, swap=True)
    plain = analyse(games.load("hex", size=size).initial_state(), "hex", max_playouts=20_000)
    assert size > 3 or any(v.proven == 1 for v in plain.values.values())  # without the rule: a proven win
    result = analyse(game.initial_state(), "hex", max_playouts=20_000)
    assert result.done and set(result.values) == set(game.initial_state().legal_moves())
    assert all(v.proven == -1 for v in result.values.values())  # a solved size: every stone loses


def test_hex_first_stones_under_the_swap_rule_rank_by_their_value():
    """The most visited stone (the best without the swap) stayed "best" once valued with the swap,
    the worst of them: the bar said Red 81% on the empty 5x5 board."""
    from ai.move_values import MoveValue, MoveValues, _under_swap, lower_bound

    searched = MoveValues(0, {1: MoveValue(1, 0.81, "mcts", visits=17_000), 2: MoveValue(2, 0.48, "mcts", visits=40),
                              3: MoveValue(3, 0.30, "mcts", visits=300)})
    valued = _under_swap(searched)
    assert valued.best().move == 2 and round(valued.best().score, 2) == 0.48
    game = games.load("hex", size=9, swap=True)  # no map of first moves: searched
    result = analyse(game.initial_state(), "hex", max_playouts=6_000)
    estimates = [v for v in result.values.values() if v.kind == "mcts"]  # by the rate's lower bound: no guess first
    assert lower_bound(result.best()) == max(map(lower_bound, estimates)) and result.best().score <= 0.5


@pytest.mark.parametrize("first, swap_proven", [("b2", 1), ("a1", -1)])
def test_hex_swap_is_valued_on_reds_first_turn(first, swap_proven):
    """The swap had no value: on 3x3 it wins after Blue's winning centre and loses after a losing
    corner (Red wins by a stone there, and the swap would hand Blue that win)."""
    from games.hex import SWAP

    game = games.load("hex", size=3, swap=True)
    state = game.play_line([first])
    result = analyse(state, "hex", max_playouts=20_000)
    assert result.values[SWAP].proven == swap_proven
    assert (result.best().move == SWAP) == (swap_proven == 1)


@pytest.mark.parametrize("size, cells", [(5, None), (7, ["d1", "d4", "a1", "b4"])])
def test_hex_swap_on_a_solved_size_is_the_maps_proof(size, cells):
    """On 7x7 after Blue's d1 (a proven winning opening) the analysis valued the swap 47% and
    Red's d4 53%, so it advised against the swap the shipped map proves wins.  On the solved sizes
    the swap's value is the map's: a won swap leaves every stone lost, a lost one is searched."""
    from ai.engines.hex_knowledge import opening_maps
    from games.hex import SWAP

    game = games.load("hex", size=size, swap=True)
    start = game.initial_state()
    for cell in (range(size * size) if cells is None else [game.parse_move(start, c) for c in cells]):
        state = start.play(cell)
        wins = cell in opening_maps()[size]
        result = analyse(state, "hex", max_playouts=1_000)
        assert result.values[SWAP].proven == (1 if wins else -1), game.format_move(start, cell)
        assert (result.best().move == SWAP) == wins
        if wins:
            assert result.done and all(v.proven == -1 for m, v in result.values.items() if m != SWAP)


def test_stop_returns_at_once_with_what_is_known():
    from ai.base import Flag

    stop = Flag()
    seen: list[MoveValues] = []

    def report(snapshot: MoveValues) -> None:
        seen.append(snapshot)
        stop.set()

    game = games.load("reversi")
    result = analyse(game.initial_state(), "reversi", stop, report)
    assert not result.done and len(seen) == 1


def test_the_worker_streams_every_moves_values_until_cancelled(monkeypatch):
    """The values search stops on a cancel: its process is not replaced for ignoring it.  The
    grace is made far longer than a stop takes, even on a loaded machine."""
    import ui.worker_client
    from ui.ai_worker import AIMoveValues, Job
    from ui.worker_client import AIWorker

    monkeypatch.setattr(ui.worker_client, "STOP_GRACE", 20.0)

    game = games.load("reversi")
    state = game.play_line(["f5", "d6"])
    worker = AIWorker("reversi", warm_up=False)
    try:
        job_id = worker.submit(Job("reversi", {}, ("f5", "d6"), game.to_text(state), "level-5", 0.0, 0, "values",
                                   kind="values"))
        arrived: list[AIMoveValues] = []
        end = time.monotonic() + 60
        while time.monotonic() < end and len(arrived) < 3:
            arrived += [item for item in worker.poll() if isinstance(item, AIMoveValues) and item.job_id == job_id]
            time.sleep(0.02)
        assert len(arrived) >= 3
        last = arrived[-1]
        assert set(last.values.values) <= set(state.legal_moves())
        assert set(last.texts.values()) <= {game.format_move(state, m) for m in state.legal_moves()}
        worker.cancel()
        end = time.monotonic() + 60
        while time.monotonic() < end and worker.busy is not None:
            worker.poll()
            time.sleep(0.02)
        assert worker.busy is None and worker.restarts == 0  # it stopped by itself, not replaced
    finally:
        worker.close()


def test_hex_root_values_read_the_searchers_tree():
    from ai.engines.hex_mcts import HexSearcher
    from ai.search.driver import search

    game = games.load("hex", size=5)
    state = game.initial_state()
    searcher = HexSearcher(seed=1)
    result = search(searcher, state, ai.Limits(iterations=3000))
    snapshot = hex_root_values(searcher, state.to_move)
    most = max(snapshot.values.values(), key=lambda v: v.visits)
    assert most.move == result.best_move


def test_hex_root_values_read_the_python_stand_ins_tree_as_the_kernels():
    """The pure-Python MCTS that searches while the kernels compile (``PythonSearcher``) is read as
    the kernels' tree is: a root won at once, one lost to two threats, one cut to its block by a
    threat have the same proofs of known length in both (the moves left out lose in 2); an open
    one's most visited move is its search's choice."""
    from ai.engines.hex_mcts import HexSearcher
    from ai.reference.hex_search import PythonSearcher
    from ai.search.driver import search

    game = games.load("hex", size=4)
    positions = {"won at once": "a1 a2 b1 b2 c1 c2", "two threats": "c1 b1 c2 b2 c3 b3", "one threat": "a1 a2 b1 b2 c1",
                 "open": "b2"}
    for name, line in positions.items():
        state = game.play_line(line.split())
        proofs = []
        for searcher in (HexSearcher(seed=1), PythonSearcher(rave=True, bridges=True, seed=1)):
            result = search(searcher, state, ai.Limits(iterations=300))
            snapshot = hex_root_values(searcher, state.to_move)
            proofs.append({m: (v.proven, v.plies) for m, v in snapshot.values.items() if v.plies is not None})
            if name == "open":
                assert max(snapshot.values.values(), key=lambda v: v.visits).move == result.best_move
        assert proofs[0] == proofs[1], name
        assert bool(proofs[0]) == (name != "open"), name


def _alquerque_position(white: list[int], black: list[int]):
    rows = ["."] * 25
    for cell in white:
        rows[cell] = "W"
    for cell in black:
        rows[cell] = "B"
    board = "\n".join("".join(rows[r * 5:r * 5 + 5]) for r in range(5))
    return games.load("alquerque").from_text(f"to-move: White\nno-capture: 0\n{board}")


@pytest.mark.parametrize("seed", range(6))
def test_alquerque_endings_the_tables_know_are_proofs_drawn_ones_too(seed):
    """Two pieces against one: the tables know every move's position, and analysis shows what they
    know.  A drawn one was shown as the search's "+85" (its contempt while ahead), not as a draw.
    A won or lost one's length is the tables' way against the longest defence, said "at most"."""
    import random

    from ai.kernels import alquerque_tables

    rng = random.Random(seed)
    state = _alquerque_position([16, 18], [7])  # b2, d2 against c4: wins, draws and losses
    while seed:
        cells = rng.sample(range(25), 3)
        state = _alquerque_position(cells[:2], cells[2:])
        if not state.is_terminal():
            break
    result = analyse(state, "alquerque", max_depth=2)
    assert result.done and set(result.values) == set(state.legal_moves())
    for move, value in result.values.items():
        table = alquerque_tables.probe(state.play(move))
        assert table is not None and value.kind == "proven" and value.proven == -table[0]
        if table[0] != 0 and not state.play(move).is_terminal():  # the tables' length: their way, the longest defence
            assert value.plies_at_most and value.plies == 1 + alquerque_tables.longest_defence(state.play(move))
    if not seed:
        assert sorted(v.proven for v in result.values.values()) == [-1] * 2 + [0] * 6 + [1] * 2


def test_alquerque_analysis_says_which_rule_draws_a_move():
    """Three pieces against two, 28 plies on the counter: a move into the tables' win slower than
    the plies left is drawn by the counter, one onto the 40th ply by the rules, one to a third
    occurrence by repetition (``MoveValue.drawn_by``, said in the tip); a drawn table entry, which
    either count may end, by neither."""
    from games.base import QUIET_DRAW, REPEAT_DRAW

    game = games.load("alquerque")
    start = "to-move: White\nno-capture: {quiet}\n.....\n.....\n..WB.\n...B.\n..WW.{seen}"
    state = game.from_text(start.format(quiet=28, seen=""))
    values = analyse(state, "alquerque", max_depth=1).values
    assert values[game.parse_move(state, "c3-c4")].drawn_by == QUIET_DRAW
    assert {v.drawn_by for v in values.values() if v.proven == 0} == {QUIET_DRAW, ""}
    assert all(v.drawn_by == "" for v in values.values() if v.proven)
    last = game.from_text(start.format(quiet=39, seen=""))
    drawn = [v for v in analyse(last, "alquerque", max_depth=1).values.values() if v.source == "rules"]
    assert drawn and all(v.proven == 0 and v.drawn_by == QUIET_DRAW for v in drawn)
    step = game.parse_move(state, "c3-b3")
    back = state.play(step)
    seen = f"\nseen: {'/'.join(game._board_rows(back.boards))} Black" * 2
    again = game.from_text(start.format(quiet=0, seen=seen))
    value = analyse(again, "alquerque", max_depth=1).values[step]
    assert value.source == "rules" and value.proven == 0 and value.drawn_by == REPEAT_DRAW


@pytest.mark.parametrize("size,line", [(6, "3-5,4-5,4-6,5-6,6-6,5-5"), *((5, f"random {seed}") for seed in range(2, 9)),
                                       (6, "random 4")])
def test_rastros_distances_are_the_quickest_win_and_the_slowest_loss(size, line):
    """Each move's distance is the game's length after it under perfect play (the kernel solver's,
    itself checked against plain minimax in tests/test_rastros_kernel.py), and the quickest win is
    outlined: the engine's own choice in a lost position is the hardest loss, not the slowest, and
    a win its tree solved has no length until the root solver finds one (6x6: 4-4 was shown as
    W11 and outlined, though it wins in 19 and 6-5 in 13)."""
    import numpy as np

    from ai.engines.rastros_solver import Solver
    from ai.kernels import rastros as kernel
    from ai.search.driver import new_ctl

    game = games.load("rastros", size=size)
    if line.startswith("random"):  # four random plies that do not end the game
        rng, state = random.Random(int(line.split()[1])), game.initial_state()
        for _ in range(4):
            state = state.play(rng.choice([m for m in state.legal_moves() if not state.play(m).is_terminal()]))
    else:
        state = game.play_line(line.split(","))
    result = analyse(state, "rastros")
    solver, ctl, board = Solver(size, table_bits=16), new_ctl(), kernel.board(size)
    lengths = {}
    for move in state.legal_moves():
        child = state.play(move)
        if child.is_terminal():  # the game ends with it: won, or lost (a step into the other's goal)
            lengths[move] = (1 if child.winner() == state.to_move else -1), 1
            continue
        region = kernel.flood(board, child.white, np.uint64(child.free))
        won = not solver.solve(child.white, region, child.to_move, ctl)
        lengths[move] = (1 if won else -1), 1 + solver.plies(child.white, region, child.to_move, ctl)
    assert result.done and {m: (v.proven, v.plies) for m, v in result.values.items()} == lengths
    outcome, plies = max(lengths.values(), key=lambda r: (r[0], -r[0] * r[1]))
    assert lengths[result.best().move] == (outcome, plies)


@pytest.mark.parametrize("text", ["O--O---OO-OX-OOOOXXOOOXXOOOXXX-XXX-- X", "-XXXXXXXXOO---XOOX-OOOOOOOOOXO----XX O",
                                  "OXXXXXOOXOOOOOOOOOOOXOOOOOXXOO--XXXX X"])
def test_reversi_proofs_keep_their_exact_margin_and_the_largest_is_best(text):
    """A solved Reversi move is worth its final disc margin (plain minimax over the game's own
    states here), as NBoard shows it; the largest is outlined, not every win (c1 +6 and a6 +20
    were both written "W" and both outlined)."""
    from ui.analysis_mode import move_labels
    from ui.eval_bar import position_value

    @cache
    def margin(state) -> int:
        if state.is_terminal():
            black, white = state.score()
            return black - white if state.to_move == 0 else white - black
        return max(-margin(state.play(move)) for move in state.legal_moves())

    state = games.load("reversi", size=6).from_text(text)
    result = analyse(state, "reversi")
    exact = {move: -margin(state.play(move)) for move in state.legal_moves()}
    assert result.done and {m: (v.margin, round(v.score)) for m, v in result.values.items()} == {
        m: (True, value) for m, value in exact.items()}
    labels = move_labels(result, "reversi")
    assert {m: label.text for m, label in labels.items()} == {
        m: "=" if value == 0 else f"{value:+d}" for m, value in exact.items()}
    assert [m for m, label in labels.items() if label.best] == [max(exact, key=exact.get)]
    assert position_value(result, "reversi")[1] == f"+{abs(margin(state))}"


def test_an_exact_margin_is_weighed_in_discs_against_an_estimate():
    """Mid-analysis of FFO #40 b1 was outlined as best, proven to win by 30, beside a2 searched at
    +41 (the published best move, exactly +38): every proof ranked above every estimate.  An
    exact margin now ranks by its discs among the estimates, the proof first on a tie; a Hex
    or Alquerque win still ranks above every estimate."""
    from ai.move_values import MoveValue, MoveValues

    def best(*values: MoveValue):
        return MoveValues(0, {v.move: v for v in values}).best().move

    exact = MoveValue("b1", 30.0, "proven", 1, None, depth=1, margin=True)
    assert best(exact, MoveValue("a2", 41.0, depth=18)) == "a2"
    assert best(exact, MoveValue("a2", 20.0, depth=18)) == "b1"
    assert best(exact, MoveValue("a2", 30.0, depth=18)) == "b1"
    assert best(MoveValue("c1", -2.0, "proven", -1, None, margin=True), MoveValue("a2", 3.0)) == "a2"
    assert best(MoveValue("c1", 1.0, "proven", 1, 9), MoveValue("a2", 500.0)) == "c1"


def _ranked(*values) -> list:
    """The moves of ``values`` from the best down, as ``MoveValues`` ranks them, the game's list of
    moves in the order given (``order``: what breaks a tie)."""
    snapshot = MoveValues(0, {v.move: v for v in values}, order={v.move: i for i, v in enumerate(values)})
    ranked = sorted(values, key=lambda v: snapshot.key(v), reverse=True)
    assert snapshot.best().move == ranked[0].move
    return [v.move for v in ranked]


def test_proofs_of_a_reversi_margin_rank_by_what_they_prove():
    """Reversi's bounds ranked by their result alone: b1 "≥+20", first in the game's list, was
    named best over a2 "≥+38" and c1's exact +30, b1 "≤-10" over a2 "≤-6" and c1's exact -8; the
    bar then said "at least 10" where a2 may lose by 6.  A proof ranks by the margin it proves: a
    win by what it guarantees, a loss by the least it may lose by; on a tie a lower bound may do
    better than the exact margin, an upper bound worse.  A bound weighs its discs against an
    estimate as an exact margin does (``test_an_exact_margin_is_weighed_in_discs_against_an_estimate``)."""
    from ai.move_values import MoveValue

    def proof(move: str, score: float, bound: int = 0) -> MoveValue:
        return MoveValue(move, score, "proven", 1 if score > 0 else -1, None, depth=1, margin=not bound, bound=bound)

    assert _ranked(proof("b1", 20.0, 1), proof("c1", 30.0), proof("a2", 38.0, 1)) == ["a2", "c1", "b1"]
    assert _ranked(proof("b1", -10.0, -1), proof("c1", -8.0), proof("a2", -6.0, -1)) == ["a2", "c1", "b1"]
    assert _ranked(proof("c1", 30.0), proof("a2", 30.0, 1)) == ["a2", "c1"]  # at least 30 may be more
    assert _ranked(proof("a2", -6.0, -1), proof("c1", -6.0)) == ["c1", "a2"]  # at least 6 lost may be more
    assert _ranked(proof("b1", 20.0, 1), MoveValue("a2", 41.0, depth=18)) == ["a2", "b1"]
    assert _ranked(MoveValue("a2", -12.0, depth=18), proof("b1", -10.0, -1)) == ["b1", "a2"]


def test_proofs_of_an_outcome_still_rank_by_result_then_length():
    """The other games' proofs, said as an outcome (tic-tac-toe, Hex, Rastros, Alquerque, Trax):
    a win above every estimate, the quickest first; a loss below every estimate, the slowest first."""
    from ai.move_values import MoveValue

    values = (MoveValue("l3", -1.0, "proven", -1, 3), MoveValue("w9", 1.0, "proven", 1, 9), MoveValue("e", 500.0),
              MoveValue("l7", -1.0, "proven", -1, 7), MoveValue("w5", 1.0, "proven", 1, 5), MoveValue("d", 0.0, "proven", 0))
    assert _ranked(*values) == ["w5", "w9", "e", "d", "l7", "l3"]


def test_a_search_cut_short_never_replaces_a_deeper_value():
    """An open-ended round's search that runs out of its slice reports the deepest iteration it
    finished, which can be shallower than the last round's (the transposition table is shared by
    every move's search): FFO #40's a2 went from +41 at 18 plies back to +39 at 11, and the summary
    from "depth 15" back to "depth 11".  The deeper value stays until a search sees as deep."""
    from ai.base import Player, Progress

    class CutShort(Player):
        """Rounds 1 and 2 finish their depth; from round 3 on every search stops after 1 ply (a
        ``Player``: analysis reads what the contract gives every player, ``analysed_as_a_hint``)."""

        def __init__(self) -> None:
            self.calls = 0

        def choose(self, state, limits, report):
            self.calls += 1
            reached = limits.depth if limits.depth <= 2 else 1
            report(Progress(depth=reached, score=-10.0 * reached, done=True))
            return state.legal_moves()[0]

    state = games.load("reversi").initial_state()
    snapshots: list[MoveValues] = []
    result = analyse(state, "reversi", report=snapshots.append, max_depth=4, player=CutShort())
    assert result.done and set(result.values) == set(state.legal_moves())
    assert {(v.score, v.depth) for v in result.values.values()} == {(20.0, 3)}
    reaches = [s.reach() for s in snapshots if len(s.values) == len(state.legal_moves())]
    assert reaches == sorted(reaches)



def test_estimates_of_two_evaluations_are_never_shown_side_by_side():
    """Reversi's level 5 searches with the hand-set evaluation (points) while its kernels compile
    elsewhere, then with the learned one (discs): FFO #40's board showed "+3.7" points on a2 beside
    "+36" discs on d8, ranked as one scale (d8 "best", a2 the proven best), until the round ended,
    and a points value searched deeper than the kernel's first rounds stayed for good.  A value in
    the new unit drops the old unit's estimates and replaces one of any depth."""
    from ai.base import POINTS, Player, Progress

    class KernelsLate(Player):
        """The first round's searches (the stand-in's, 6 plies deep) count points; later ones the
        round's depth in discs."""

        def __init__(self, stand_in_searches: int) -> None:
            self.calls, self.stand_in_searches = 0, stand_in_searches

        def choose(self, state, limits, report):
            self.calls += 1
            if self.calls <= self.stand_in_searches:
                report(Progress(depth=6, score=-3.0, done=True, unit=POINTS))
            else:
                report(Progress(depth=limits.depth, score=-30.0, done=True))
            return state.legal_moves()[0]

    state = games.load("reversi").initial_state()
    moves = len(state.legal_moves())
    snapshots: list[MoveValues] = []
    result = analyse(state, "reversi", report=snapshots.append, max_depth=3, player=KernelsLate(moves))
    mixed = [s for s in snapshots if len({v.unit for v in s.values.values()}) > 1]
    assert not mixed, [sorted((str(m), v.unit) for m, v in s.values.items()) for s in mixed[:1]]
    assert result.done and set(result.values) == set(state.legal_moves())
    assert {(v.score, v.unit) for v in result.values.values()} == {(30.0, "")}


# 7x7: Red's d1, c3, b5, a7 are bridged from edge to edge (a virtual connection); Blue's g1-g4 are not
RED_CONNECTED = ["g1", "d1", "g2", "c3", "g3", "b5", "g4", "a7"]


def test_hex_a_position_its_connections_decide_has_every_move_proven():
    """With Red joined to its edges by bridges (what the Connections overlay calls a won position),
    Blue's every move is lost: the analysis read "1%" on most of them after 700,000 playouts, never
    finished, and its bar said 99%.  The connections now prove it at once: every move lost for Blue
    to move, every move won for Red to move (its own stone never breaks the bridges)."""
    from ai.engines.hex_knowledge import analyse as connections

    game = games.load("hex", size=7)
    blue_to_move = game.play_line(RED_CONNECTED)
    assert connections(blue_to_move).winner == 1
    lost = analyse(blue_to_move, "hex", max_playouts=50_000)
    assert lost.done and set(lost.values) == set(blue_to_move.legal_moves())
    assert all(v.proven == -1 for v in lost.values.values())
    red_to_move = blue_to_move.play(game.parse_move(blue_to_move, "f6"))  # off Red's bridges
    assert connections(red_to_move).edge_vcs[1]
    won = analyse(red_to_move, "hex", max_playouts=50_000)
    assert won.done and set(won.values) == set(red_to_move.legal_moves())
    assert all(v.proven == 1 for v in won.values.values())


# 7x7, Blue to move: Blue's c5 d4 e3 f3 reach both its edges by semi-connections alone, whose keys
# b5, b6 and c6 win (the Connections overlay: "Blue is connected: a won position")
BLUE_SEMI_CONNECTED = ["d4", "c4", "c5", "e4", "e3", "g2", "f3", "a6"]


def test_hex_analysis_proves_the_keys_of_the_movers_semi_connections():
    """The Connections overlay called this a won position while analysis, which left the keys of
    Blue's semi-connections to the tree, read "Blue 71% to win" on a7, no key, after 1,700,000
    playouts: the bar, the line and the board said an estimate beside the overlay's proof.  The
    keys are proven wins by the connections, in every report after they are asked, and the best
    move is one of them; the other moves keep the tree's values."""
    from ai.engines.hex_knowledge import analyse as connections
    from ai.move_values import HEX_CONNECTIONS

    game = games.load("hex", size=7)
    state = game.play_line(BLUE_SEMI_CONNECTED)
    known = connections(state)
    keys = {game.format_move(state, cell) for cell in known.winning_keys}
    assert known.winner == 0 and not known.edge_vcs[0] and keys == {"b5", "b6", "c6"}
    snapshots: list[MoveValues] = []
    result = analyse(state, "hex", report=snapshots.append, max_playouts=6_000)
    asked = [s for s in snapshots if any(v.source == HEX_CONNECTIONS for v in s.values.values())]
    assert asked and asked[-1] is snapshots[-1], "the keys' proof was lost by a later batch"
    for snapshot in (*asked, result):
        proven = {game.format_move(state, m) for m, v in snapshot.values.items() if v.proven == 1}
        assert keys <= proven, proven
        assert game.format_move(state, snapshot.best().move) in keys
        assert any(v.kind == "mcts" and v.proven is None for v in snapshot.values.values())


def test_a_hex_hint_proves_a_key_of_the_movers_semi_connections_as_analysis_does():
    """Analysis proves b5, b6 and c6 wins here (``connections_verdict``'s keys), and the window's
    hint said "a7 (your chances: 68%)": level 5 analysed its root with the small bounds of its own
    moves, which find no semi-connection, and its move's limits lost ``Limits.best``.  Asked as a
    hint, it plays a key, proven by the connections ("proven: you win"); its own moves keep their
    small bounds.  No time limit: its playouts are capped, and the root analysis waited for."""
    from ai.base import Limits
    from ai.engines.hex_knowledge import warm_up
    from ai.move_values import HEX_CONNECTIONS, connections_verdict
    from ui.scenes.hint_words import hint_why
    from ui.worker_jobs import progress_report

    warm_up()  # the kernels of the root's analysis, as the window's worker readies them
    state = games.load("hex", size=7).play_line(BLUE_SEMI_CONNECTED)
    verdict, keys = connections_verdict(state)
    assert verdict is None and keys
    player = ai.make_player("hex", "level-5", seed=1)
    reports: list = []
    move = player.choose(state, Limits(best=True), reports.append)
    assert move in keys and (reports[-1].proven, reports[-1].proof) == (1, HEX_CONNECTIONS), reports[-1]
    assert hint_why(progress_report(1, state.game, state, reports[-1]), "hex") == "proven: you win"


def test_hex_analysis_stopped_in_its_first_batch_does_not_ask_the_connections(monkeypatch):
    """The connections' check takes up to a second on 19x19: an analysis stopped (undo, a move
    played) during its first batch of playouts returns without it, unfinished."""
    import ai.engines.hex_knowledge

    class StoppedAfterTheFirstLook:
        looks = 0

        def is_set(self) -> bool:
            self.looks += 1
            return self.looks > 1

    def no_check(state):
        raise AssertionError("the connections were asked after the stop")

    monkeypatch.setattr(ai.engines.hex_knowledge, "analyse", no_check)
    game = games.load("hex", size=7)
    stopped = analyse(game.play_line(RED_CONNECTED), "hex", stop=StoppedAfterTheFirstLook(), max_playouts=50_000)
    assert not stopped.done


def test_hex_analysis_shows_the_trees_values_while_the_connection_kernels_compile(monkeypatch):
    """A fresh install's first Hex analysis in the window wrote nothing for 50 s after its MCTS
    kernels were ready (load 13-20): its first report waited for the connection kernels, which its
    worker's warm-up was still compiling.  A worker that defers compiling now reports the tree's
    values meanwhile, has the connection kernels begun in the background, and asks the
    connections only once they are ready."""
    import ai.engines.hex_knowledge
    import ai.kernels

    begun: list[tuple] = []

    def not_yet(state):
        raise AssertionError("the connections were asked before their kernels were ready")

    monkeypatch.setattr(ai.engines.hex_knowledge, "knowledge_ready", lambda: False)
    monkeypatch.setattr(ai.kernels, "prepare", lambda *stages: None)  # deferred: nothing compiled when asked
    monkeypatch.setattr(ai.kernels, "warm_up_in_background", lambda *stages: begun.append(stages))
    monkeypatch.setattr(ai.engines.hex_knowledge, "analyse", not_yet)
    snapshots: list[MoveValues] = []
    game = games.load("hex", size=7)
    result = analyse(game.play_line(RED_CONNECTED), "hex", report=snapshots.append, max_playouts=6_000)
    assert snapshots and all(v.kind == "mcts" for s in snapshots for v in s.values.values() if v.proven is None)
    assert snapshots[0].nodes == 2_000 and snapshots[0].values  # the first batch's values, reported at once
    assert begun and set(begun) == {("hex", "knowledge")}
    assert result.nodes == 6_000


def test_trax_analysis_of_the_empty_board_goes_deeper_than_the_threat_players_decision():
    """The threat player decides once per position (depth 2 on the panel); the window's open-ended
    analysis of an early Trax position must keep sharpening past it as the user waits, as the
    other games' do, and stay unfinished until stopped."""
    import threading

    state = games.load("trax").initial_state()
    stop = threading.Event()
    seen: list[MoveValues] = []

    def watch(snapshot: MoveValues) -> None:
        seen.append(snapshot)
        if snapshot.reach() >= 4:
            stop.set()

    analyse(state, "trax", stop, watch)
    assert max(s.reach() for s in seen) >= 4
    assert not seen[-1].done
    assert set(seen[-1].values) == set(state.legal_moves())


def test_a_capped_trax_analysis_searches_each_move_to_the_cap():
    """A capped analysis (tests, exports) of Trax goes round by round to its cap like the others'."""
    state = games.load("trax").initial_state()
    result = analyse(state, "trax", max_depth=3)
    assert result.done and result.depth == 3
    assert result.reach() == 4


def test_a_capped_trax_analysis_values_the_same_however_slow_the_machine(monkeypatch):
    """A capped analysis (tests, tools/trax_depth_values.py) gave its first round the window's
    0.15 s a move: on a loaded machine the two-ply look was cut and a move read -0.21 where it
    reads +0.30.  A capped analysis looks to the end; here with no time at all for the window's."""
    from tests.test_ui_hint_analysis import QUIET_MIDGAME

    state = games.load("trax").play_line(list(QUIET_MIDGAME))
    usual = analyse(state, "trax", max_depth=1)
    monkeypatch.setattr("ai.move_values.TRAX_SLICE", 0.0)
    starved = analyse(state, "trax", max_depth=1)
    assert set(usual.values) == set(state.legal_moves())
    assert {move: value.score for move, value in starved.values.items()} == {
        move: value.score for move, value in usual.values.items()}


def test_the_trax_analysis_search_clears_its_table_before_it_holds_too_many_boards():
    """A Trax table key is the whole board (625 bytes on 25x25): the analysis's deepening search
    starts a search with an empty table once it holds more than its limit, well below the usual
    two million entries, so a long analysis of a big board does not take gigabytes."""
    from ai.engines.trax_search import ANALYSIS_TT_LIMIT, deepening_player

    state = games.load("trax", size=25).initial_state()
    player = deepening_player(ai.catalog("trax")[0])
    player.engine.tt.update((("filler", i), (0, 0.0, 0, None)) for i in range(ANALYSIS_TT_LIMIT + 1))
    player.choose(state, ai.Limits(depth=1))
    assert len(player.engine.tt) < 1000
    assert ANALYSIS_TT_LIMIT <= 250_000


@pytest.mark.parametrize("size", [3, 4, 5, 6, 7])
def test_hexs_first_stones_without_the_swap_are_the_solved_maps(size):
    """Without the swap rule, a size the shipped map solves has every first stone proven, won or
    lost as the map says, at once; the best is the most central winning cell, the hint's move."""
    from ai.engines.hex_knowledge import opening_maps, winning_opening

    state = games.load("hex", size=size).initial_state()
    result = analyse(state, "hex", max_playouts=2_000)
    assert result.done and set(result.values) == set(state.legal_moves())
    assert {m for m, v in result.values.items() if v.proven == 1} == opening_maps()[size]
    assert all(v.proven == -1 for m, v in result.values.items() if m not in opening_maps()[size])
    assert result.best().move == winning_opening(size) and result.best_line() == (winning_opening(size),)


@pytest.mark.parametrize("game_id, options, moves", [
    ("rastros", {"size": 7}, ()), ("rastros", {"size": 6}, ()), ("reversi", {"size": 6}, ("c2",)),
    ("reversi", {}, ()), ("hex", {"size": 5, "swap": True}, ()), ("hex", {"size": 6}, ()),
    ("tictactoe", {}, ("a1",)), ("tictactoe", {}, ("a1", "b1", "c1", "a2", "b2")),
])
def test_a_known_move_is_the_move_the_hint_names(game_id, options, moves):
    """``Player.known_move`` is analysis' first among equals because it is the hint's move: level-5
    asked for a hint names it (a book's, a solved map's, a rule's, a drawn solved board's first
    drawing move), so the two never part."""
    game = games.load(game_id, **options)
    state = game.play_line(list(moves))
    player = ai.make_player(game_id, "level-5", seed=0)
    known = player.known_move(state)
    assert known is not None
    assert player.choose(state, ai.Limits(time=1.0, best=True)) == known


@pytest.mark.parametrize("moves, best, plies", [
    ((), "2-3", 17),  # the book's 4-3 wins in 19 plies, 2-3 and 3-4 in 17: the first of them on the board
    (("3-4", "4-3", "5-3", "5-4"), "5-5", 6),  # lost: the hardest reply 4-4 loses in 4, 5-5 in 6
    (("4-2", "4-1", "3-1", "2-1"), "1-1", 10),  # lost: the hardest reply 1-2 loses in 6, 1-1 in 10
    (("2-3", "2-2", "2-1", "3-1"), "3-2", 7),  # 3-2 and 4-2 win in 7: the solver's mirrored frame named 4-2
])
def test_a_rastros_hint_is_analysis_first_move_the_quickest_win_or_the_slowest_loss(moves, best, plies):
    """Rastros 5x5: the hint named the book's 4-3 from the start (a win in 19) and, when lost, the
    reply hardest to refute (4-4, a loss in 4), while analysis ranks the quickest win and the
    slowest loss first; among moves of one length the two broke the tie each their own way.  A
    hint (``Limits.best``) now follows analysis' order: the quickest win, the slowest loss, the
    first on the board among equals."""
    game = games.load("rastros", size=5)
    state = game.play_line(list(moves))
    player = ai.make_player("rastros", "level-5", seed=0)
    hint = player.choose(state, ai.Limits(time=5.0, best=True))
    assert (game.format_move(state, hint), player.last.proven_plies) == (best, plies)
    assert player.known_move(state) in (None, hint)
    first = analyse(state, "rastros", max_depth=30).best()
    assert (game.format_move(state, first.move), first.plies) == (best, plies)


@pytest.mark.parametrize("moves, hardest", [((), "4-3"), (("3-4", "4-3", "5-3", "5-4"), "4-4"),
                                            (("4-2", "4-1", "3-1", "2-1"), "1-2")])
def test_the_computer_still_plays_the_books_win_and_the_hardest_loss(moves, hardest):
    """The computer's own moves keep to the book and, lost, to the reply hardest to refute (a
    person may slip), where a hint names the quickest win and the slowest loss."""
    game = games.load("rastros", size=5)
    state = game.play_line(list(moves))
    move = ai.make_player("rastros", "level-5", seed=0).choose(state, ai.Limits(time=5.0))
    assert game.format_move(state, move) == hardest


@pytest.mark.parametrize("moves, depth, tie, searchs_own", [
    ("b3 b4 a5 e2 e4 b5 c2 b2 a1 d2", 5, ("a4", "a6"), "a6"),  # both +2.47
    ("c2 b2 a2 e3 e5 b3", 4, ("d2", "a4", "b4"), "a4"),  # all three -2.2
])
def test_a_reversi_6x6_hint_breaks_a_tie_as_analysis_does(moves, depth, tie, searchs_own):
    """Reversi 6x6, searched as deep by the hint and by analysis: the hint named the first of
    equal moves in its search's order (a6), which its tables' history changes, analysis the
    first on the board (a4).  A hint values every root move exactly and takes the first on the
    board, so both name one move."""
    game = games.load("reversi", size=6)
    state = game.play_line(moves.split())
    computer = ai.make_player("reversi", "level-5", seed=0)
    assert game.format_move(state, computer.choose(state, ai.Limits(depth=depth))) == searchs_own
    values = analyse(state, "reversi", max_depth=depth - 1)
    top = values.key(values.best())
    assert {game.format_move(state, m) for m, v in values.values.items() if values.key(v) == top} == set(tie)
    assert game.format_move(state, values.best().move) == tie[0]
    for player in (ai.make_player("reversi", "level-5", seed=0), computer):  # a fresh one, and one that searched
        assert game.format_move(state, player.choose(state, ai.Limits(depth=depth, best=True))) == tie[0]


@pytest.mark.parametrize("moves", [("c3", "a2"), ("a1", "a2"), ("c1", "b3")])
def test_a_tic_tac_toe_hint_on_a_won_board_is_analysis_first_move_with_its_length(moves):
    """3x3 after c3 a2: b2, c1 and a3 each win in 5 plies; analysis named b2, the first of them in
    the game's order, the hint the search's c1, and said no length ("proven: X wins")."""
    game = games.load("tictactoe")
    state = game.play_line(list(moves))
    first = analyse(state, "tictactoe", max_depth=9).best()
    reports = []
    player = ai.make_player("tictactoe", "level-5", seed=0)
    hint = player.choose(state, ai.Limits(time=1.0, best=True), reports.append)
    assert (hint, first.proven, reports[-1].proven, reports[-1].proven_plies) == (first.move, 1, 1, first.plies)


@pytest.mark.parametrize("moves, best, margin, solvers_own", [
    ("e4 e5 b3 b2 c2 d2 c1 b5 a2 a3 e2 e3 f5 f4 a6 d1 f3 f1 b1 a1 f2", "e1", 26, "f6"),
    ("e4 e3 c2 c5 e2 f2 f3 d2 d1 b2 f1 f4 a2 a1 b3 b1 e5 f6 b6 c6 f5", "a3", 14, "a6"),
])
def test_a_reversi_6x6_endgame_hint_is_analysis_first_of_equal_margins(moves, best, margin, solvers_own):
    """Reversi 6x6 with 11 empty squares: two moves win by exactly 26 discs; the solver's hint
    named the first its ordering proved (f6), analysis the first on the board (e1)."""
    game = games.load("reversi", size=6)
    state = game.play_line(moves.split())
    computer = ai.make_player("reversi", "level-5", seed=0)
    assert game.format_move(state, computer.choose(state, ai.Limits(time=5.0))) == solvers_own
    player = ai.make_player("reversi", "level-5", seed=0)
    hint = player.choose(state, ai.Limits(time=5.0, best=True))
    assert (game.format_move(state, hint), player.last.score, player.last.exact_margin) == (best, margin, True)
    first = analyse(state, "reversi", max_depth=12).best()
    assert (game.format_move(state, first.move), first.score, first.margin) == (best, margin, True)
    assert hint != computer.last.best_move


@pytest.mark.parametrize("game_id, line", [("reversi", "d3,c5"), ("reversi", "f5"), ("rastros", "5-4,6-3"),
                                           ("alquerque", "")])
def test_a_first_analysis_values_every_move_while_the_kernels_compile(monkeypatch, game_id, line):
    """A fresh install's first Reversi analysis after d3 c5 valued two moves, then waited 18 s for
    the compiler (over a minute on a busy machine) with no more values: the positions after
    Black's moves are in the opening book, so level-5 took its kernel search for them (a game's
    move is the book's, no kernel needed), while analysis's fixed-depth searches want searched
    values, which the book does not give.  Every move is valued meanwhile, in Python."""
    from tests.kernel_helpers import compiling_from_scratch

    compiling_from_scratch(monkeypatch, game_id)  # a wait for the compiler fails the test
    game = games.load(game_id)
    state = game.play_line(line.split(",") if line else [])
    values = analyse(state, game_id, max_depth=2)
    assert set(values.values) == set(state.legal_moves()) and values.done


def test_a_settled_snapshot_keeps_its_best_and_reach_and_refuses_a_change():
    """The window settles each snapshot it receives (``MoveValues.settled``), and its best move and
    reach are worked out once: safe only because a settled snapshot cannot change (an analysis
    changes its own in place while it builds it), so a change raises rather than leaving a stale
    best.  A copy (``dataclasses.replace``, pickling to a worker) is an ordinary snapshot again."""
    import pickle
    from dataclasses import replace

    from ai.move_values import MoveValue

    snapshot = MoveValues(0, {1: MoveValue(1, 5.0, depth=3), 2: MoveValue(2, 9.0, depth=2)}, 2, lines={2: (2, 1)})
    best, reach = snapshot.best(), snapshot.reach()
    assert snapshot.settled() is snapshot and snapshot.is_settled()
    assert (snapshot.best(), snapshot.reach(), snapshot.best_line()) == (best, reach, (2, 1)) and best.move == 2
    with pytest.raises(TypeError):
        snapshot.values[3] = MoveValue(3, 50.0, depth=3)
    with pytest.raises(AttributeError):
        snapshot.favourite = 1
    for copy in (replace(snapshot, done=True), pickle.loads(pickle.dumps(snapshot))):
        assert not copy.is_settled() and copy.values == snapshot.values
        copy.values[3] = MoveValue(3, 50.0, depth=1)
        assert (copy.best().move, copy.reach()) == (3, 1) and (snapshot.best(), snapshot.reach()) == (best, reach)
