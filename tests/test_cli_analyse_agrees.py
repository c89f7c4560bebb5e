"""`main.py analyse` agrees with itself and with the window (a teacher's review, analyse4).

One position read three ways (the verdict alone, ``--lines``, the window's hint and tree explorer)
gave a class three answers: a Hex verdict "99% to win [estimate]" where every move was proven lost,
a tic-tac-toe line cut to its first move and its proof named twice, a 4x4 board refused for k=4.
"""

from __future__ import annotations

import main
from tests.test_cli_analyse import PLENTY, analysed


def test_a_solved_tictactoe_verdict_says_what_lines_says(capsys):
    """After b2 a2 X wins in 5: the verdict said "line: b1" and "PROVEN (solved-board table)",
    --lines "b1 b3 a1 c3 c1" and "(exact solver)" of the same proof.  One line, one name."""
    alone = analysed(capsys, "tictactoe", "--moves", "b2 a2", "--time", PLENTY)
    listed = analysed(capsys, "tictactoe", "--moves", "b2 a2", "--lines", "3", "--time", PLENTY)
    assert alone["line"] == listed["line"] == ["b1", "b3", "a1", "c3", "c1"], (alone, listed)
    assert alone["value"] == listed["value"], (alone["value"], listed["value"])
    assert main.main(["analyse", "tictactoe", "--moves", "b2 a2", "--time", PLENTY]) == 0
    assert "verdict: PROVEN (exact solver)" in capsys.readouterr().out.splitlines()


def test_k_is_checked_against_the_boards_own_size(capsys):
    """``--k 4 --position <a 4x4 board>`` said "k: 4 in a row cannot fit on 3x3": the options were
    checked on the default board before the board's own size was read.  The board's size first;
    k too big for it is still refused, in one line."""
    board = "X...\n.O..\n..X.\n...O"
    verdict = analysed(capsys, "tictactoe", "--k", "4", "--position", board, "--time", "0.3")
    assert verdict["options"] == {"width": 4, "height": 4, "k": 4}, verdict
    assert main.main(["analyse", "tictactoe", "--k", "5", "--position", board]) == 2
    assert "cannot fit" in capsys.readouterr().err


def test_k_too_big_for_the_board_names_the_boards_own_size(capsys):
    """``--k 5 --position <a 4x4 board>`` said "k: 5 in a row cannot fit on 3x3", the default
    board's size: the refusal names the board given, 4x4."""
    board = "X...\n.O..\n..X.\n...O"
    assert main.main(["analyse", "tictactoe", "--k", "5", "--position", board]) == 2
    said = capsys.readouterr().err
    assert "5 in a row cannot fit on 4x4" in said and "3x3" not in said, said


def test_a_hex_verdict_proven_by_connections_says_proven_as_lines_does(capsys):
    """5x5 after the centre: --lines proves every Red move lost to Blue's virtual connections,
    and the verdict alone said "Blue 99% to win [estimate]".  It runs the same connection check
    and says the proof, with the search's playouts still counted."""
    argv = ("hex", "--size", "5", "--moves", "c3", "--time", "1")
    alone, listed = analysed(capsys, *argv), analysed(capsys, *argv, "--lines", "3")
    for verdict in (alone, listed):
        value = verdict["value"]
        assert (value["text"], value["source"], value["result"]) == ("proven: Blue wins", "connections", "loss"), value
    assert alone["nodes"] > 0


def test_hex_lines_list_the_moves_by_their_playouts_as_the_search_chooses(capsys):
    """``--lines`` lists Hex's moves in the order the search ranks them and its player chooses:
    the most searched first (the verdict's), then by playouts, each saying them.  Ranked by their
    chance to win after the first, "2. c3 Blue 80% to win [5 playouts]" stood above rates of
    thousands of playouts after f6 i3 (qa97)."""
    verdict = analysed(capsys, "hex", "--size", "7", "--moves", "d4 c5", "--lines", "10", "--time", "1")
    playouts = [line["value"]["depth"] for line in verdict["lines"] if not line["value"]["proven"]]
    assert len(verdict["lines"]) == 10 and playouts == sorted(playouts, reverse=True), verdict["lines"]
    assert verdict["best"] == verdict["lines"][0]["move"], verdict["lines"]
    assert main.main(["analyse", "hex", "--size", "7", "--moves", "d4 c5", "--lines", "3", "--time", "0.5"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if line[:3].strip().isdigit()]
    assert all(line.endswith(("playouts)]", "of the best's)]")) for line in said), said  # a thin rate says so


def hex_snapshot(tried: dict[str, tuple[float, int]]):
    """An 11x11 Monte Carlo snapshot of the start, Blue to move: each cell's rate and playouts."""
    import games
    from ai.move_values import MoveValue, MoveValues

    hex_game = games.load("hex", size=11)
    state = hex_game.initial_state()
    values = {}
    for text, (rate, visits) in tried.items():
        cell = hex_game.parse_move(state, text)
        values[cell] = MoveValue(cell, rate, "mcts", visits=visits)
    return state, MoveValues(state.to_move, values, monte_carlo=True, nodes=sum(v for _r, v in tried.values()))


def test_a_thin_guess_ranks_after_the_moves_searched_more(monkeypatch):
    """qa97, after f6 i3: "--lines 3" ranked "c3 80% (5 playouts)" second, above h5's 54% on
    thousands, where the board frames the most searched and the hint names it.  One rule for the
    three: by playouts, so c3's five come last."""
    from ai.commands import analyse as command

    state, snapshot = hex_snapshot({"g7": (0.56, 63_337), "c3": (0.80, 5), "h5": (0.54, 2_100), "e7": (0.55, 692)})
    monkeypatch.setattr(command, "analyse", lambda *_args, **_kw: snapshot)
    verdict = command.valued_moves(state, None, 0.1, 4)
    assert [move for move, _value in verdict.moves] == ["g7", "h5", "e7", "c3"], verdict.moves


def test_hex_lines_rank_a_rate_from_a_handful_of_playouts_last(monkeypatch):
    """11x11's start: --lines listed "2. e11 Blue 67% to win [estimate (3 playouts)]" above g8's
    53% on 2,736 playouts, a cell the window leaves blank (under 5 playouts: noise).  Such a rate
    comes after every move the search tried, which stay in the search's order, by playouts."""
    from ai.commands import analyse as command

    state, snapshot = hex_snapshot({"g6": (0.54, 79_835), "e11": (0.67, 3), "g8": (0.53, 2_736), "d7": (0.50, 900)})
    monkeypatch.setattr(command, "analyse", lambda *_args, **_kw: snapshot)
    verdict = command.valued_moves(state, None, 0.1, 4)
    assert [move for move, _value in verdict.moves] == ["g6", "g8", "d7", "e11"], verdict.moves
    said = command.verdict_text(verdict).splitlines()
    assert "  2. g8       Blue 53% to win  [estimate (2,736 playouts)]" in said, said


def test_one_hex_search_names_one_best_move_to_its_player_the_board_and_the_lines():
    """One Monte Carlo tree read three ways: the move its player plays (the hint's,
    ``HexSearcher.report``), analysis's best on the board (``MoveValues.best``) and ``--lines``'
    first and order (``ranked_after_best``) follow one rule, the most searched first."""
    import games
    from ai.base import Limits
    from ai.commands.analyse import ranked_after_best
    from ai.engines.hex_mcts import HexSearcher
    from ai.move_values import hex_root_values
    from ai.search.driver import search

    game = games.load("hex", size=7)
    state = game.play_line(["d4", "c5"])
    searcher = HexSearcher(rave=True, bridges=True, seed=3)
    played = search(searcher, state, Limits(iterations=20_000)).best_move
    snapshot = hex_root_values(searcher, state.to_move)
    snapshot.monte_carlo = True
    ranked = ranked_after_best(snapshot)
    assert played == snapshot.best().move == ranked[0].move
    assert [v.visits for v in ranked] == sorted((v.visits for v in ranked), reverse=True)


def test_trax_moves_are_written_as_the_window_writes_them(capsys):
    """After A0+ B1\\ the window's panel said "best B3\\" (Trax's official notation, its default)
    and the command "best move: g7\\" of the same tile, its line and lines in Tabuleiro's own
    notation too: a student could match neither to the other.  The words write the official
    notation, the command's own in brackets (what --json keeps), each move of the line counted
    from the position it is played in, so the line plays back as written."""
    import re

    import games

    trax = games.load("trax")
    state = trax.play_line(["A0+", "B1\\"])
    assert main.main(["analyse", "trax", "--moves", "A0+ B1\\", "--time", "0.5", "--lines", "2"]) == 0
    said = capsys.readouterr().out.splitlines()
    best = next(re.fullmatch(r"best move: (\S+) \((\S+)\)", line) for line in said if line.startswith("best move"))
    official, own = best.groups()
    assert official == trax.other_move_text(state, trax.parse_move(state, own)) != own, said
    line = next(line for line in said if line.startswith("line: ")).split()[1:]
    assert line[0] == official and trax.play_line(line, state), said
    assert any(re.match(rf"\s+1\. {re.escape(official)} \({re.escape(own)}\) ", row) for row in said), said


class _Guessing:
    """A player whose search ends on an estimate of ``cell``: the hint's, before it proves anything."""

    def __init__(self, cell: str) -> None:
        self.cell = cell

    def choose(self, state, limits, progress):
        from ai.base import Progress

        move = state.game.parse_move(state, self.cell)
        progress(Progress(best_move=move, score=0.69, kind="mcts", nodes=1000, pv=[move]))
        return move


def test_a_hex_verdict_on_a_key_of_the_movers_semi_connections_says_proven():
    """7x7 after d4 c4 c5 e4 e3 g2 f3 a6: Blue's semi-connections join its edges, their keys b5, b6
    and c6 win (the Connections overlay: "Blue is connected: a won position"), and --lines proves
    them; the verdict alone said "Blue 69% to win [estimate]" of b5.  A key chosen is proven by the
    connections, as --lines says it; a move off the keys stays the search's estimate."""
    import games
    from ai.commands.analyse import one_search
    from tests.test_analysis_values import BLUE_SEMI_CONNECTED

    state = games.load("hex", size=7).play_line(BLUE_SEMI_CONNECTED)
    key, off_the_keys = one_search(state, _Guessing("b5"), 1.0), one_search(state, _Guessing("a7"), 1.0)
    assert (key.value.proven, key.value.source) == (1, "connections"), key.value
    assert off_the_keys.value.proven is None and off_the_keys.value.score == 0.69, off_the_keys.value
