"""`main.py analyse`: the engine's verdict on one position, as a student or a teacher asks for it.

The verdicts are held to published facts, not to the engine's own word: the FFO endgame suite's
exact margin (tests/data/ffo), a 3x3 tic-tac-toe position every textbook solves, and Rastros'
refutations as its rules page writes them (the course's shared rules, tests/test_rastros_rules_text.py
reads them).  Bad input is one line and status 2; Ctrl+C stops with what was known, status 130.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

import ai
import games
import main
from ai.bench.reversi import ffo_positions
from ai.engines.reversi_book import book_answer
from games.hex_sgf import sgf_from_record
from games.othello_ggf import ggf_from_record
from games.record import GameRecord, up_to_last_legal
from games.record_parts import RecordError, Side
from tests.damaged_games import KINDS, damaged
from tests.test_rastros_rules_text import refutations
from tests.test_ui_paste import COPIED
from ui.record_files import from_text, legal_part_words, load

ROOT = Path(__file__).resolve().parent.parent
PLENTY = "600"  # seconds: a cap, never reached; the searches below end by proving
PLAYERS = (Side(None, "Ana"), Side(None, "Rui"))


def analysed(capsys, *argv: str) -> dict:
    """The --json verdict of ``main.py analyse ARGV``, which must succeed."""
    assert main.main(["analyse", *argv, "--json"]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1, out  # one JSON object, nothing else on stdout
    return json.loads(out[0])


def refused(capsys, *argv: str) -> str:
    """The one line ``main.py analyse ARGV`` says on stderr as it refuses it with status 2."""
    assert main.main(["analyse", *argv]) == 2
    said = capsys.readouterr()
    assert said.out == "" and len(said.err.strip().splitlines()) == 1, said
    return said.err.strip()


def test_ffo_40_is_proven_by_the_solver_to_its_published_margin(capsys):
    """FFO #40 (20 empties): Black wins by 38 with a2, as Andersson's suite publishes."""
    text, published = next((t, s) for n, t, s in ffo_positions() if n == 40)
    verdict = analysed(capsys, "reversi", "--position", text, "--time", PLENTY)
    assert verdict["best"] == "a2" and verdict["proven"]
    value = verdict["value"]
    assert (value["score"], value["unit"], value["exact_margin"], value["result"]) == (published, "discs", True, "win")
    assert value["text"] == f"proven: Black wins by {published} discs on the board"


def test_a_textbook_forced_win_at_tictactoe_is_proven():
    """X in the centre, O on an edge: X wins by force (AIMA's exercise), said as proven."""
    proc = subprocess.run([sys.executable, "main.py", "analyze", "tictactoe", "--moves", "b2 a2"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "value: proven: X wins in" in proc.stdout and "verdict: PROVEN" in proc.stdout, proc.stdout


def test_lines_rank_the_only_drawing_reply_above_the_losing_ones(capsys):
    """X b2 and c1 against O's a1: only a3 blocks the diagonal; every other reply loses in 2 moves."""
    verdict = analysed(capsys, "tictactoe", "--moves", "b2 a1 c1", "--lines", "3", "--time", PLENTY)
    assert verdict["best"] == "a3" and verdict["value"]["result"] == "draw"
    assert [line["move"] for line in verdict["lines"]][0] == "a3"
    assert [(line["value"]["result"], line["value"]["plies"]) for line in verdict["lines"][1:]] == [("loss", 2)] * 2
    assert verdict["lines"][1]["value"]["text"] == "proven: X wins in 2 moves"


def _reversi_snapshots_after_d3_c5(game, state):
    """An open-ended analysis after d3 c5 as it stood when the command stopped it: every move
    searched 16 plies, f6 best (+1); then f6 searched a ply deeper, -1 (Reversi's values swing with
    the depth's parity), and b6 proven lost, the others still at 16."""
    from ai.move_values import MoveValue, MoveValues

    move = {text: game.parse_move(state, text) for text in ("f6", "e6", "d6", "c6", "b6")}

    def snapshot(values: dict, nodes: int) -> MoveValues:
        return MoveValues(state.to_move, {move[text]: replace(value, move=move[text]) for text, value in values.items()},
                          nodes=nodes, lines={move[text]: (move[text],) for text in values})

    level = {"f6": MoveValue(None, 1.0, depth=16), "e6": MoveValue(None, 0.0, depth=16),
             "d6": MoveValue(None, -1.0, depth=16), "c6": MoveValue(None, -3.0, depth=16),
             "b6": MoveValue(None, -6.0, depth=16)}
    level_then_deeper = {**level, "f6": MoveValue(None, -1.0, depth=17), "e6": MoveValue(None, 1.0, depth=16)}
    proven = {**level_then_deeper, "b6": MoveValue(None, -20.0, "proven", -1, depth=16, margin=True)}
    return [snapshot(level, 1000), snapshot(level_then_deeper, 2000), snapshot(proven, 3000)]


def test_lines_compare_the_moves_at_one_depth(capsys, monkeypatch):
    """After d3 c5 ``--lines`` listed e6 +1 (depth 16) over f6 "White +1 disc" (depth 17), where the
    window at depth 16 had f6 +1 over e6: an open-ended analysis stopped mid-round leaves some moves
    a ply deeper than others.  The list compares its estimates at the depth all of them reached,
    proofs kept, and the verdict's best move is its first; the node count is the whole search's."""
    from ai.commands import analyse as command

    game = games.load("reversi")
    state = game.play_line(["d3", "c5"])
    snapshots = _reversi_snapshots_after_d3_c5(game, state)

    def stopped_analysis(state, game_id, stop=None, report=None, **_options):
        for snapshot in snapshots:
            report(snapshot)
        return snapshots[-1]

    monkeypatch.setattr(command, "analyse", stopped_analysis)
    verdict = analysed(capsys, "reversi", "--moves", "d3 c5", "--lines", "5")
    listed = [(line["move"], line["value"]["score"], line["value"]["depth"]) for line in verdict["lines"]]
    assert listed[:4] == [("f6", 1.0, 16), ("e6", 0.0, 16), ("d6", -1.0, 16), ("c6", -3.0, 16)], listed
    assert verdict["lines"][4]["move"] == "b6" and verdict["lines"][4]["value"]["result"] == "loss"
    assert verdict["best"] == "f6" and verdict["value"]["score"] == 1.0 and verdict["nodes"] == 3000


@pytest.mark.parametrize("first, reply", refutations("en")[:2])
def test_rastros_north_refutes_souths_first_move_as_the_rules_page_says(capsys, first, reply):
    verdict = analysed(capsys, "rastros", "--moves", first, "--time", PLENTY)
    assert verdict["to_move"] == "North" and verdict["best"] == reply
    assert verdict["proven"] and verdict["value"]["result"] == "win" and verdict["value"]["text"].startswith(
        "proven: North wins")


def test_off_the_6x6_book_the_verdict_proves_what_every_moves_book_position_proves(capsys):
    """After White's b2 blunder and Black's book reply b3, White (the side that left the book, as
    a student's bot does) is to move: the book holds both its moves' positions, won by 20 for
    Black.  The verdict said an estimate ("Black +1.6 points") while --lines (the window's
    analysis) proved every move: both say the proof now."""
    argv = ("reversi", "--size", "6", "--moves", "c2 b2 b3", "--time", "0.3")
    verdict, lines = analysed(capsys, *argv), analysed(capsys, *argv, "--lines", "2")
    assert lines["proven"] and lines["value"]["score"] == -20
    assert verdict["proven"] and verdict["value"]["exact_margin"] and verdict["value"]["score"] == -20
    assert verdict["best"] == lines["best"] and verdict["line"][0] == verdict["best"]


def test_book_bounds_that_decide_the_game_prove_it_with_the_margin_as_a_bound(capsys):
    """Black, to move after leaving White's 6x6 book twice (b4, a5), has four moves whose
    positions the book holds only as bounds: White keeps at least +10 past those mistakes.  The
    verdict said an estimate, "White +0.4 points", while --lines proved "White wins": both say the
    proof, its margin as the bound it is."""
    moves = "c2 b4 a5 c1"
    state = games.load("reversi", size=6).play_line(moves.split())
    replies = [book_answer(state.play(move)) for move in state.legal_moves()]
    assert all(r is not None and r.at_least and r.value == 10 for r in replies), replies  # bounds, not margins
    argv = ("reversi", "--size", "6", "--moves", moves, "--time", "0.3")
    verdict, lines = analysed(capsys, *argv), analysed(capsys, *argv, "--lines", "4")
    for value in (verdict["value"], *(line["value"] for line in lines["lines"])):
        assert value["text"] == "proven: White wins by at least 10 discs", value
        assert (value["result"], value["bound"], value["score"], value["source"]) == ("loss", "at most", -10, "book")
    assert main.main(["analyse", *argv]) == 0
    assert "verdict: PROVEN (opening book)" in capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("moves, mover", [("c2 b4 c5 d2", "Black"), ("c2 b4 c5 d2 e4", "White")])
def test_a_book_bound_that_the_replies_bound_meets_is_the_exact_margin(capsys, moves, mover):
    """6x6 after c2 b4 c5 d2 (Black left White's book at b4): the book keeps Black "at least" -4,
    and the book's answers to every move of Black's keep White at least +4: no move does better
    than -4, so -4 is the margin, exactly.  The verdict said only the book's bound, "White +4
    discs at most" (and "White wins by at least 4 discs" after e4, Black's book move): it says the
    proof, "White wins by 4 discs on the board"."""
    state = games.load("reversi", size=6).play_line(moves.split())
    least = book_answer(state)
    assert least is not None and least.at_least and abs(least.value) == 4  # a bound alone
    replies = [book_answer(state.play(move)) for move in state.legal_moves()]
    assert all(r is not None and r.proven for r in replies) and max(-r.value for r in replies) == least.value
    verdict = analysed(capsys, "reversi", "--size", "6", "--moves", moves, "--time", "0.3")
    value = verdict["value"]
    assert verdict["to_move"] == mover and verdict["proven"] and value["bound"] is None, value
    assert (value["exact_margin"], value["score"], value["source"]) == (True, least.value, "book")
    assert value["text"] == "proven: White wins by 4 discs on the board"


ENDING = ("d5 c5 b2 e3 c6 b4 f3 f2 a5 a4 e5 b3 a3 c2 d1 a2 a1 f4 d2 b5 a6 d6 f5 f6 e6 e4 b6 e1 f1 c1 "
          "b1")  # White's only move, e2, ends the game
"""A 6x6 game one move from its end: that move's value is the rules' (the board's count)."""


@pytest.mark.parametrize("argv, source", [
    (("tictactoe", "--moves", "b2 a1 c1"), "exact solver"),  # the block of a3: the solved board's value
    (("reversi", "--size", "6", "--moves", "c2 b2 b3"), "opening book"),
    (("reversi", "--size", "6", "--moves", ENDING), "the rules"),
    (("hex", "--size", "4"), "solved opening maps"),  # said "opening book"; --lines says the maps
    (("hex", "--size", "5", "--option", "swap=true", "--moves", "c3"), "solved opening maps"),
    (("hex", "--size", "5"), "solved opening maps"),  # the 5x5 first stone: --lines names the maps too
    (("hex", "--size", "5", "--lines", "3"), "solved opening maps"),
])
def test_a_proof_names_its_source_and_no_search_where_none_ran(capsys, argv, source):
    """Tic-tac-toe's solved board said "PROVEN (the rules)", a book's proof "searched 0 nodes in
    0.0 s", a move ending the game "depth: 1": the proof names where it came from, and a search's
    depth and nodes are said only where a search ran."""
    assert main.main(["analyse", *argv, "--time", "0.3"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert f"verdict: PROVEN ({source})" in said, said
    assert not [line for line in said if line.startswith(("depth:", "searched"))], said
    assert analysed(capsys, *argv, "--time", "0.3")["depth"] is None


@pytest.mark.parametrize("moves, source, named", [
    ("", "maps", "solved opening maps"),  # 4x4's first stones: the shipped maps of solved openings
    ("b2", "mcts", "Monte Carlo search"),  # Red's c2 answers b2: the tree proves it in its first batch
    ("c3 b4 b3", "connections", "virtual connections"),  # 5x5: Blue is joined to both edges
])
def test_hex_proofs_in_lines_name_their_source(capsys, moves, source, named):
    """``analyse hex --lines`` said every proof "PROVEN (analysis)": the maps of solved first
    stones, the Monte Carlo tree's solved nodes and the virtual connections alike.  Each names its
    own, as Reversi's book and solver, Rastros' and Alquerque's tables do; and a Monte Carlo
    analysis counts its playouts as such (it said "searched 2,000 nodes")."""
    size = "5" if moves.count(" ") == 2 else "4"
    argv = ("hex", "--size", size, *(("--moves", moves) if moves else ()), "--lines", "2", "--time", "2")
    verdict = analysed(capsys, *argv)
    assert verdict["value"]["proven"] and verdict["value"]["source"] == source, verdict["value"]
    assert main.main(["analyse", *argv]) == 0
    said = capsys.readouterr().out
    assert f"[PROVEN ({named})]" in said and "(analysis)" not in said, said
    assert re.search(r"^searched [\d,]+ playouts in", said, re.M) or source == "maps", said  # not "nodes"


def test_a_hex_proof_of_the_monte_carlo_tree_is_no_exact_solvers():
    """Level 5's Monte Carlo tree proves wins in its solved nodes (4x4 after b2: Red's c2, in the
    first 30,000 playouts, as analysis's tree does), and reported them as the exact solver's: the
    verdict said "PROVEN (exact solver)" of a solver that never ran.  It names the tree."""
    from ai.base import Limits
    from ai.commands.analyse import sureness_text, value_of_report
    from ai.engines.hex_mcts import HexSearcher
    from ai.search.driver import search

    state = games.load("hex", size=4).play_line(["b2"])
    report = search(HexSearcher(rave=True, bridges=True, solve=False, seed=0), state, Limits(iterations=30_000))
    assert report.proven == 1 and state.game.format_move(state, report.best_move) == "c2"
    assert sureness_text(value_of_report(report), state.game) == "PROVEN (Monte Carlo search)"


def test_hexs_proofs_by_its_connections_are_named_and_count_playouts(capsys):
    """5x5 after the centre: every Red move loses to Blue's virtual connections.  --lines said
    "PROVEN (analysis)" and "searched 2,000 nodes" of its Monte Carlo search's playouts."""
    assert main.main(["analyse", "hex", "--size", "5", "--moves", "c3", "--lines", "3", "--time", PLENTY]) == 0
    said = capsys.readouterr().out.splitlines()
    assert "verdict: PROVEN (virtual connections)" in said, said
    assert [line for line in said if line.startswith("searched ")][0].split()[2] == "playouts", said


@pytest.mark.parametrize("moves", ["c3 b4", "c3 b4 b3 a4"])
def test_a_hex_win_the_virtual_connections_prove_names_them_in_one_search(moves):
    """5x5 with Blue to move joined to both edges by virtual connections (after c3 b4, and after
    c3 b4 b3 a4, the position ``--lines`` proves by them): level 5's one search (``analyse``
    without ``--lines``) takes the move from the root's connections (``KnowledgePlayer.settle``)
    and said "PROVEN (exact solver)" of a solver that never ran.  It names the connections, as
    ``--lines`` does."""
    from ai.base import Limits
    from ai.commands.analyse import sureness_text, value_of_report
    from ai.engines import hex_knowledge

    hex_knowledge.warm_up()  # the player uses the connections only once their kernels are ready
    state = games.load("hex", size=5).play_line(moves.split())
    reports = []
    ai.make_player("hex", "level-5", seed=1).choose(state, Limits(time=2.0, best=True), reports.append)
    assert reports[-1].proven == 1, reports[-1]
    assert sureness_text(value_of_report(reports[-1]), state.game) == "PROVEN (virtual connections)"


def test_the_readme_says_the_unit_of_level_5s_6x6_estimates(capsys):
    """Level 5 values a 6x6 Reversi position it cannot prove in points ("White +0.9 points"), while
    README said Reversi's values are in discs: it says the exception where it tells of analyse."""
    verdict = analysed(capsys, "reversi", "--size", "6", "--moves", "d5 c5 b2 e3 c6 b4", "--time", "0.3")
    assert not verdict["proven"] and verdict["value"]["unit"] == "points", verdict
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    said = next((sentence for sentence in readme.split(". ") if "Reversi estimate" in sentence), "")
    assert "6x6" in said and "points" in said, "README's analyse part says a 6x6 estimate is in points"


def test_a_win_an_estimates_search_saw_says_so_beside_estimate():
    """A move whose depth-8 search sees North win (unproven, as the window's unframed "L" whose tip
    says "the search sees the end") read "North wins  [estimate (depth 8)]": a win and an estimate
    in one line, with nothing to reconcile them."""
    from ai.base import WIN
    from ai.commands.analyse import Value, Verdict, verdict_text

    rastros = games.load("rastros")
    seen = Value(-(WIN - 3.0), "alphabeta", depth=8)
    verdict = Verdict(rastros, 0, "1-6", Value(115.0, depth=16), moves=[("1-6", Value(115.0, depth=16)), ("2-6", seen)])
    said = verdict_text(verdict).splitlines()
    assert "  2. 2-6      North wins in 3 moves (the search sees the end)  [estimate (depth 8)]" in said


@pytest.mark.parametrize(("plies", "at_most", "said"), [
    (1, False, "proven: White wins in 1 move"), (21, True, "proven: White wins in at most 21 moves")])
def test_a_proven_win_s_length_is_counted_in_moves_as_every_screen_says_it(plies, at_most, said):
    """QA (tidy8): ``main.py analyse`` said "X wins in 5 plies" where every screen and ``main.py
    match`` count moves, one player's turn each (``ai.value_words.counted``)."""
    from ai.commands.analyse import Value, value_text

    alquerque = games.load("alquerque")
    value = Value(1.0, "table", proven=1, plies=plies, plies_at_most=at_most)
    assert value_text(value, 0, alquerque) == said


@pytest.mark.parametrize("game_id, moves", [("rastros", "3-4 3-5"), ("trax", "e6+ f7\\"), ("tictactoe", "e5")])
def test_points_no_player_counts_are_said_as_the_side_they_favour(capsys, game_id, moves):
    """Rastros' and Trax's estimates read "South +120 points", "Light +2.3 points" (and 9x9
    tic-tac-toe's "X +81 points", though the window said "better for X"): sums of unlike things no
    player counts.  The words say the side they favour, as the window's panel does
    (``ai.value_words`` SIDE_ONLY); --json keeps the number for scripts, its unit "engine" (the
    engine's own scale, as README says), where it said "points", a unit the words no longer use."""
    unit = "engine"
    options = ("--option", "width=9", "--option", "height=9", "--option", "k=5") if game_id == "tictactoe" else ()
    argv = (game_id, *options, "--moves", moves, "--time", "0.5", "--lines", "3")
    verdict = analysed(capsys, *argv)
    estimates = [line["value"] for line in verdict["lines"] if not line["value"]["proven"]]
    assert estimates, verdict
    sides = games.load(game_id).sides
    for value in estimates:
        assert value["unit"] == unit and value["score"] is not None
        assert value["text"] in {"even", *(f"better for {side}" for side in sides)}, value
    assert main.main(["analyse", *argv]) == 0
    assert not re.search(r"\+\d+(\.\d)? points?", capsys.readouterr().out)
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    said = next((sentence for sentence in readme.split(". ") if "analyse --json" in sentence), "")
    assert '"engine"' in said and "Rastros" in said, "README's analyse part says what the unit engine means"


def test_a_position_of_one_legal_move_is_valued_past_it(capsys):
    """White's only move (e3) late in a 6x6 game level 5 won 36-0: a hint plays it unsearched, so
    the verdict said "none: the move was chosen without a search"; it is valued as analysis values
    it, the game's proven result."""
    moves = "c2 b2 b3 d2 a1 a3 a2 c1 a4 b4 d5 b5 b1 d6 d1 pass c5 a5 a6 b6 c6 pass e1 pass e5 f4 e4"
    verdict = analysed(capsys, "reversi", "--size", "6", "--moves", moves, "--time", PLENTY)
    assert verdict["best"] == "e3" and verdict["proven"] and verdict["lines"] == []
    assert verdict["value"]["text"] == "proven: Black wins by 36 discs on the board"
    assert verdict["value"]["verdict"] == "proven"


def test_a_move_chosen_without_a_search_is_given_no_value(capsys):
    """Level 1 plays a random move: its report's nought is no "even"."""
    verdict = analysed(capsys, "tictactoe", "--level", "1", "--time", "0.3")
    assert verdict["value"]["text"] == "none: the move was chosen without a search" and not verdict["proven"]
    assert verdict["value"]["score"] is None  # its nought counts nothing: no "0 points" for a script to read


@pytest.mark.parametrize("size", ["5", "9"])
def test_a_hex_swap_opening_stone_is_not_called_a_search_estimate(capsys, size):
    """Hex's first stone under the swap rule is placed by a rule (``ai.base.PIE_OPENING``: the cell
    its maps or swap table balance), with no value: the verdict said "no value in chances to win
    (an alpha-beta estimate)" under "estimate (opening book)", naming a search that never ran, and
    --json gave its score as 0 percent."""
    verdict = analysed(capsys, "hex", "--size", size, "--swap", "--time", "0.5")
    assert verdict["value"]["source"] == "rule" and not verdict["proven"]
    assert verdict["value"]["text"] == "none: the move was chosen without a search"
    assert verdict["value"]["score"] is None  # not "0 percent", a chance to win it never had


def test_a_hex_swap_opening_stone_is_not_called_an_estimate_at_all(capsys):
    """The same stone (then reported as the opening book's) said "value: none: the opening book's
    move, which comes without a value" and on the next line "verdict: estimate (opening book)": an
    estimate of nothing.  Both lines, and --json's verdict, say no search valued it."""
    assert main.main(["analyse", "hex", "--size", "9", "--swap", "--time", "0.5"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert "verdict: not searched" in said and not any("estimate" in line for line in said), said
    verdict = analysed(capsys, "hex", "--size", "9", "--swap", "--time", "0.5")
    assert (verdict["value"]["verdict"], verdict["value"]["source"]) == ("none", "rule")


def test_a_level_1_move_says_it_was_not_searched_in_words_and_json(capsys):
    """Level 1's random move has no value either: "not searched", and --json's verdict "none"."""
    assert main.main(["analyse", "tictactoe", "--level", "1", "--time", "0.3"]) == 0
    assert "verdict: not searched" in capsys.readouterr().out.splitlines()
    assert analysed(capsys, "tictactoe", "--level", "1", "--time", "0.3")["value"]["verdict"] == "none"


def test_the_json_verdict_has_its_fields(capsys):
    # 3 s: at 0.5 s a full suite's load (20 on 2 cores) once left the analysis no value to print
    verdict = analysed(capsys, "reversi", "--size", "6", "--moves", "c2 b2", "--time", "3", "--lines", "2")
    assert set(verdict) == {"game", "options", "to_move", "best", "value", "proven", "depth", "line", "nodes",
                            "seconds", "lines", "stopped"}
    assert (verdict["game"], verdict["options"], verdict["to_move"], verdict["stopped"]) == (
        "reversi", {"size": 6}, "Black", False)
    assert set(verdict["value"]) == {"text", "score", "unit", "proven", "result", "plies", "exact_margin", "bound",
                                     "verdict", "source", "depth"}
    assert len(verdict["lines"]) == 2 and verdict["lines"][0]["move"] == verdict["best"]


def test_a_record_file_is_read_at_the_ply_asked(capsys, tmp_path):
    """The window's JSON, Hex's SGF and Othello's GGF: the position after --ply N moves."""
    hex_game, reversi = games.load("hex", size=4), games.load("reversi")
    files = {"game.json": GameRecord.start(reversi, PLAYERS).with_moves(["f5", "d6", "c3"]).dumps(),
             "game.sgf": sgf_from_record(GameRecord.start(hex_game, PLAYERS).with_moves(["b2", "c2"])),
             "game.ggf": ggf_from_record(GameRecord.start(reversi, PLAYERS).with_moves(["f5", "d6", "c3"]))}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    ply_one = analysed(capsys, "reversi", "--record", str(tmp_path / "game.json"), "--ply", "1", "--time", "0.3")
    assert ply_one["to_move"] == "White"
    assert analysed(capsys, "reversi", "--record", str(tmp_path / "game.ggf"), "--time", "0.3")["to_move"] == "White"
    verdict = analysed(capsys, "hex", "--record", str(tmp_path / "game.sgf"), "--ply", "1", "--time", PLENTY)
    assert verdict["options"]["size"] == 4 and verdict["proven"]  # 4x4 is solved


def test_a_game_of_a_match_or_tournament_file_is_picked_with_game_n(capsys, tmp_path):
    """``match --json > games.jsonl`` and a tournament's --out files hold several games: --game N
    picks one, numbered as they were played; without it the refusal says how to pick (it said to
    cut the line into a file of its own, and counted a tournament log's header as a game)."""
    assert main.main(["match", "tictactoe", "level-1", "level-1", "--games", "3", "--json", "--seed", "1"]) == 0
    lines = tmp_path / "games.jsonl"
    lines.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main.main(["tournament", "tictactoe", "level-1", "level-2", "--games", "1", "--time", "0.1",
                      "--out", str(tmp_path / "league")]) == 0
    capsys.readouterr()
    played = [json.loads(line)["moves"] for line in lines.read_text(encoding="utf-8").splitlines()]
    for number, moves in enumerate(played, 1):
        said = refused(capsys, "tictactoe", "--record", str(lines), "--game", str(number), "--ply", "99")
        assert f"the record has positions 0 to {len(moves)}" in said
    picked = analysed(capsys, "tictactoe", "--record", str(lines), "--game", "2", "--ply", "2", "--time", PLENTY)
    assert picked == analysed(capsys, "tictactoe", "--moves", " ".join(played[1][:2]), "--time", PLENTY) | {
        "nodes": picked["nodes"], "seconds": picked["seconds"]}
    assert "it holds 3 games: pick one with --game N (1 to 3" in refused(capsys, "tictactoe", "--record", str(lines))
    for log in ("league.jsonl", "league.json"):
        said = refused(capsys, "tictactoe", "--record", str(tmp_path / log))
        assert "it holds 2 games: pick one with --game N (1 to 2" in said
        assert analysed(capsys, "tictactoe", "--record", str(tmp_path / log), "--game", "2", "--ply", "0",
                        "--time", "0.3")["to_move"] == "X"
    assert "--game 4: it holds games 1 to 3" in refused(capsys, "tictactoe", "--record", str(lines), "--game", "4")
    assert "--game N picks a game of a --record FILE" in refused(capsys, "tictactoe", "--game", "1")


def test_a_tournament_log_gives_the_game_of_the_number_its_reports_name(capsys, tmp_path):
    """FILE.jsonl holds the games in the order they ended (``--jobs 2``: game 2 may end after 3),
    each line's number beside its result: ``--game 2`` is the game the report calls 2 (a teacher
    analysing a student's forfeited game 2 was shown game 3, the log's second line)."""
    assert main.main(["tournament", "tictactoe", "level-1", "level-2", "--games", "2", "--time", "0.1",
                      "--seed", "1", "--out", str(tmp_path / "league")]) == 0
    capsys.readouterr()
    log = tmp_path / "league.jsonl"
    header, *games_played = log.read_text(encoding="utf-8").splitlines()
    log.write_text("\n".join([header, *reversed(games_played)]) + "\n", encoding="utf-8")  # as workers end them
    by_number = {json.loads(line)["number"]: json.loads(line)["result"]["moves"] for line in games_played}
    for number, moves in by_number.items():
        picked = analysed(capsys, "tictactoe", "--record", str(log), "--game", str(number), "--ply", "3",
                          "--time", PLENTY)
        assert picked == analysed(capsys, "tictactoe", "--moves", " ".join(moves[:3]), "--time", PLENTY) | {
            "nodes": picked["nodes"], "seconds": picked["seconds"]}, number
    assert "it holds 4 games: pick one with --game N (1 to 4" in refused(capsys, "tictactoe", "--record", str(log))


@pytest.mark.parametrize("argv, said", [
    (["chess"], "unknown game 'chess'"),
    (["reversi", "--moves", "f5 a1"], "--moves: move 2 'a1' is not legal: a1 flips no discs"),
    (["tictactoe", "--moves", "a1 b1 a2 b2 a3"], "the game is over there (X won: X has 3 in a row)"),
    (["reversi", "--position", "XO"], "--position: expected 64 squares"),
    (["reversi", "--ply", "2"], "--ply N picks a position of a --record FILE"),
    (["reversi", "--lines", "-1"], "--lines -1: K is the number of best moves to list, 1 or more"),
    # cli2: "--lines 0" gave the verdict alone without a word
    (["reversi", "--lines", "0"], "--lines 0: K is the number of best moves to list, 1 or more (leave out --lines"),
    (["reversi", "--size", "7"], "option size: 7 is not valid"),
    (["tictactoe", "--size", "4"], "tictactoe has no option 'size'; options: width, height, k"),  # not "unrecognized"
    (["reversi", "--lines", "2", "--level", "3"], "--lines values every move as the window's analysis does"),
    (["reversi", "--record", "game.json", "--size", "6"], "--record keeps the options its game was played with"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, said):
    assert said in refused(capsys, *argv)


def test_a_record_in_latin_1_or_a_picture_is_read_as_the_window_reads_it(capsys, tmp_path):
    """An SGF in Latin-1 (SGF's own default, as older HexGui files are: "PB[João]"), which the
    window opens, was refused "not a text file (not UTF-8)": both read it through one decoding
    (``games.record_parts.text_in_another_encoding``), and say a picture is one in the same words."""
    record = GameRecord.start(games.load("hex", size=4), (Side(None, "João"), Side(None, "Zé")))
    latin = tmp_path / "old.sgf"
    latin.write_bytes(sgf_from_record(record.with_moves(["b2", "c2"])).replace("CA[UTF-8]", "").encode("latin-1"))
    window = load(latin)
    assert [side.title for side in window.players] == ["João", "Zé"]
    verdict = analysed(capsys, "hex", "--record", str(latin), "--ply", "1", "--time", PLENTY)
    assert verdict["options"]["size"] == 4 and verdict["to_move"] == "Red" and verdict["proven"]
    picture = tmp_path / "board.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(RecordError, match="^board.png: a picture, not a saved game$"):
        load(picture)
    assert refused(capsys, "hex", "--record", str(picture)) == f"error: --record {picture}: a picture, not a saved game"


def test_a_record_that_is_a_folder_or_cannot_be_read_is_said_so_as_the_window_says_it(capsys, tmp_path, monkeypatch):
    """cli2: ``--record FOLDER`` said "error: [Errno 21] Is a directory: '...'", then "it is a folder,
    not a game file" where the window says "cannot be read (... is a folder, not a file)": both now
    say it through one reading (``ai.atomic.game_file_text``), and so a file without permission to
    read it, and a folder Windows refuses to open as a PermissionError (made so by a stand-in for
    the read: the tests run as root, who reads any file)."""
    def said_as_the_window_says_it(path: Path) -> str:
        with pytest.raises(RecordError, match=f"^{re.escape(path.name)}: cannot be read ") as window:
            load(path)
        said = refused(capsys, "reversi", "--record", str(path))
        assert said == f"error: --record {path}: {str(window.value).removeprefix(f'{path.name}: ')}"
        return said

    folder = said_as_the_window_says_it(tmp_path)
    assert folder == f"error: --record {tmp_path}: cannot be read ({tmp_path} is a folder, not a file)"
    locked = tmp_path / "locked.json"
    locked.write_text("{}", encoding="utf-8")

    def no_permission(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("ai.atomic.open", no_permission, raising=False)
    assert said_as_the_window_says_it(locked) == f"error: --record {locked}: cannot be read (Tabuleiro may not read {locked})"
    assert said_as_the_window_says_it(tmp_path) == folder


@pytest.mark.parametrize("name, held", [("game.json", ""), ("moves.txt", "\ufeff  \n"), ("hex.sgf", "\n")])
def test_an_empty_record_is_said_to_be_empty_as_the_window_says_it(capsys, tmp_path, name, held):
    """An empty --record file said "there is no text" (read as a move list), where the window
    says of the same file that it is empty, whatever its kind."""
    path = tmp_path / name
    path.write_text(held, encoding="utf-8")
    assert refused(capsys, "reversi", "--record", str(path)) == f"error: --record {path}: the file is empty"


def test_a_corrupt_or_foreign_record_is_refused_in_one_line(capsys, tmp_path):
    corrupt, pickled = tmp_path / "cut.json", tmp_path / "game.pkl"
    corrupt.write_text('{"format": "tabuleiro-game", "game": "rev', encoding="utf-8")
    pickled.write_bytes(b"\x80\x04\x95\x00\x00cos\nsystem\n")  # a pickle: never unpickled, refused as no text
    assert "cut.json: not valid JSON" in refused(capsys, "reversi", "--record", str(corrupt))
    assert "not a text file" in refused(capsys, "reversi", "--record", str(pickled))
    record = tmp_path / "hex.json"
    record.write_text(GameRecord.start(games.load("hex", size=5), PLAYERS).dumps(), encoding="utf-8")
    assert "that is a Hex game, not a Reversi game" in refused(capsys, "reversi", "--record", str(record))
    assert "--ply 9: the record has positions 0 to 0" in refused(capsys, "hex", "--record", str(record), "--ply", "9")


def test_another_games_record_or_position_is_named_by_its_title_and_what_it_is(capsys, tmp_path):
    """A Rastros game's log given to ``analyse reversi`` was "that is a rastros position, not
    reversi": a game called a position, the games by their ids.  A game is said a game, a copied
    board a position, each game by the title the screens give it."""
    log = tmp_path / "rastros.jsonl"
    log.write_text(json.dumps({"game": "rastros", "options": {"size": 8}, "players": ["level-1", "level-1"],
                               "moves": ["5-5", "4-6"], "winner": None, "reason": "", "forfeit": False}) + "\n",
                   encoding="utf-8")
    assert refused(capsys, "reversi", "--record", str(log)) == (
        "error: that is a Rastros game, not a Reversi game: analyse it as rastros")
    board = tmp_path / "board.txt"
    alquerque = games.load("alquerque")
    board.write_text(f"Alquerque\n{alquerque.to_text(alquerque.initial_state())}\n", encoding="utf-8")
    assert refused(capsys, "rastros", "--record", str(board)) == (
        "error: that is an Alquerque position, not a Rastros position: analyse it as alquerque")
    assert refused(capsys, "rastros", "--position", board.read_text(encoding="utf-8")) == (
        "error: --position: that is an Alquerque position, not a Rastros position: analyse it as alquerque")


@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_record_is_analysed_up_to_its_last_legal_move_with_the_windows_notice(capsys, tmp_path, kind):
    """It was refused whole (status 2, "--record game.sgf: line 2: move 4 'e7' is not legal"),
    where the window opens the same file up to its last legal move: the command analyses that part,
    saying so on stderr in one line, the window's notice, and its status is the verdict's (0)."""
    text, suffix, kept, why = damaged(kind, tmp_path)
    path = tmp_path / f"game{suffix}"
    path.write_text(text, encoding="utf-8")
    window, n, problem = up_to_last_legal(text, from_text)  # the window's part of the same file
    assert window.moves == kept and problem.startswith(why)
    ply = str(n - 1)  # Trax's kept moves end its game: the position before the last has a move to find
    assert main.main(["analyse", window.game_id, "--record", str(path), "--ply", ply, "--level", "1", "--json"]) == 0
    said = capsys.readouterr()
    warning = f"warning: {legal_part_words(f'--record {path}: {problem}', n, in_file=True)}"
    assert said.err.splitlines() == [" ".join(warning.split())], said.err
    assert f"The game is kept up to its last legal move ({n} move{'s' if n > 1 else ''} kept)" in said.err
    verdict = json.loads(said.out)
    before_last = window.states()[n - 1]
    assert verdict["to_move"] == before_last.game.sides[before_last.to_move]
    assert before_last.game.parse_move(before_last, verdict["best"]) in before_last.legal_moves()
    assert path.read_text(encoding="utf-8") == text  # the file is left as it was
    beyond = main.main(["analyse", window.game_id, "--record", str(path), "--ply", str(n + 1)])
    said = capsys.readouterr().err.splitlines()
    assert beyond == 2 and said[0].startswith("warning: ") and said[1:] == [
        f"error: --ply {n + 1}: the record has positions 0 to {n}"], said


def test_a_damaged_game_of_a_match_file_is_analysed_up_to_its_last_legal_move(capsys, tmp_path):
    """``--game N`` of ``match --json``'s lines reads its game as a record does: kept up to its
    last legal move, as ``--record`` of one game is, where it was refused whole."""
    assert main.main(["match", "tictactoe", "level-1", "level-1", "--games", "2", "--json", "--seed", "1"]) == 0
    games_played = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    moves = games_played[1]["moves"]
    games_played[1]["moves"] = [*moves[:3], moves[0], *moves[4:]]  # its fourth move on the first's square
    lines = tmp_path / "games.jsonl"
    lines.write_text("".join(json.dumps(line) + "\n" for line in games_played), encoding="utf-8")
    verdict = analysed(capsys, "tictactoe", "--record", str(lines), "--game", "2", "--level", "1")
    assert main.main(["analyse", "tictactoe", "--record", str(lines), "--game", "2", "--level", "1"]) == 0
    said = capsys.readouterr().err.strip()
    assert said.startswith(f"warning: --record {lines}: move 4 '{moves[0]}' is not legal") and said.endswith(
        "The game is kept up to its last legal move (3 moves kept); the file is left as it was"), said
    assert verdict["to_move"] == "O"  # after the three moves kept
    assert main.main(["analyse", "tictactoe", "--record", str(lines), "--game", "2", "--ply", "4"]) == 2
    assert capsys.readouterr().err.splitlines()[1:] == ["error: --ply 4: the record has positions 0 to 3"]


def test_a_move_list_under_its_games_name_is_read_as_the_window_reads_it(capsys, tmp_path):
    """Moves under "Reversi" with no board were refused as a board ("expected 64 squares ... got 8
    characters"), sound or damaged, where the window opens them; damaged, they are kept up to the
    last legal move, as the window keeps them."""
    sound, broken = tmp_path / "sound.txt", tmp_path / "broken.txt"
    sound.write_text("Reversi\nd3 c5 f6 f5\n", encoding="utf-8")
    broken.write_text("Reversi\nd3 c5 f6 a1\n", encoding="utf-8")
    assert analysed(capsys, "reversi", "--record", str(sound), "--ply", "3", "--level", "1")["to_move"] == "White"
    assert from_text(sound.read_text(encoding="utf-8")).moves == ["d3", "c5", "f6", "f5"]
    assert analysed(capsys, "reversi", "--record", str(broken), "--level", "1")["to_move"] == "White"
    assert main.main(["analyse", "reversi", "--record", str(broken), "--level", "1"]) == 0
    said = capsys.readouterr().err.strip()
    assert said.startswith(f"warning: --record {broken}: move 4 'a1' is not legal: a1 flips no discs.") and said.endswith(
        "(3 moves kept); the file is left as it was"), said
    assert up_to_last_legal(broken.read_text(encoding="utf-8"), from_text)[0].moves == ["d3", "c5", "f6"]


def test_a_record_whose_first_move_is_refused_is_still_refused_in_one_line(capsys, tmp_path):
    """No move to keep: refused, as the window refuses it."""
    path = tmp_path / "moves.txt"
    path.write_text(COPIED.replace("1. d3", "1. a1"), encoding="utf-8")
    said = refused(capsys, "reversi", "--record", str(path))
    assert said == f"error: --record {path}: move 1 'a1' is not legal: a1 flips no discs" and "warning" not in said


def test_the_kept_games_notice_is_written_once_in_the_windows_words():
    """The notice of a game kept up to its last legal move was written twice in English: the
    window's (``legal_part_words``, which the window translates) and the command's own copy for a
    caller without the window's (``kept_words``), a test keeping the two alike.  ``run_analyse``
    takes the words from its caller (main.py gives the window's) and no other module writes them."""
    sentence = "the file is left as it was"  # its ending (the autosave's notice, another, ends otherwise)
    sources = [ROOT / "main.py", *sorted((ROOT / "ai").rglob("*.py")), *sorted((ROOT / "ui").rglob("*.py"))]
    holders = [path.relative_to(ROOT).as_posix() for path in sources if sentence in path.read_text(encoding="utf-8")]
    assert holders == ["ui/record_files.py"], holders


# main.py run as the terminal runs it, a Ctrl+C sent as its search reports its second depth
CTRL_C_IN_THE_SEARCH = r"""
import os, runpy, signal, sys
import ai
made = ai.make_player
class Interrupted:
    def __init__(self, player):
        self.player = player
    def choose(self, state, limits, progress):
        def said(report):
            progress(report)
            if report.depth == 2:
                os.kill(os.getpid(), signal.SIGINT)
        return self.player.choose(state, limits, said)
    def __getattr__(self, name):
        return getattr(self.player, name)
ai.make_player = lambda *args, **kwargs: Interrupted(made(*args, **kwargs))
sys.argv = ["main.py", *sys.argv[1:]]
runpy.run_path("main.py", run_name="__main__")
"""


def test_ctrl_c_stops_the_search_and_says_what_it_knew(tmp_path):
    env = dict(os.environ, TABULEIRO_CONFIG_DIR=str(tmp_path / "config"), TABULEIRO_DATA_DIR=str(tmp_path / "data"))
    proc = subprocess.run([sys.executable, "-c", CTRL_C_IN_THE_SEARCH, "analyse", "reversi", "--moves",
                           "f5 d6 c3 d3 c4 f4 c5 b3 c2 e6", "--time", PLENTY],
                          capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert proc.returncode == 128 + signal.SIGINT, proc.stderr
    assert "Traceback" not in proc.stderr and "KeyboardInterrupt" not in proc.stderr, proc.stderr
    assert "best move: " in proc.stdout and "stopped by Ctrl+C" in proc.stdout, proc.stdout


def test_the_command_runs_without_pygame():
    """A terminal command on a server with no display: the value's words come from ai.value_words."""
    script = ("import sys, main\n"
              "assert main.main(['analyse', 'tictactoe', '--moves', 'b2', '--time', '0.2']) == 0\n"
              "assert 'pygame' not in sys.modules, 'pygame imported'\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr


def test_a_position_copied_from_the_window_is_read_with_its_options(capsys):
    """Copy position's text names its game and options first: a 6x6 board needs no --size."""
    from games.position_text import position_text

    game = games.load("reversi", size=6)
    text = position_text(game, game.play_line(["c2", "b2"]))
    verdict = analysed(capsys, "reversi", "--position", text, "--time", "0.3")
    assert verdict["options"] == {"size": 6} and verdict["to_move"] == "Black"


@pytest.mark.parametrize("flags", [("--swap",), ("--swap", "--time", "0.2")])
def test_a_yes_or_no_option_alone_means_yes(capsys, flags):
    """``hex --swap`` as README's ``--size 6`` suggests: it read "option swap: '' is not valid"."""
    verdict = analysed(capsys, "hex", "--size", "3", *flags)
    assert verdict["options"] == {"size": 3, "swap": True}


def test_a_board_of_another_size_than_the_options_is_read_at_its_own(capsys):
    """A 4x4 board from a slide, pasted without a title, is analysed as the window opens it pasted
    (it said "expected 3 rows of 3 characters" unless --width 4 --height 4 came with it)."""
    verdict = analysed(capsys, "tictactoe", "--position", "....\n.X..\n..O.\n....", "--time", PLENTY)
    assert verdict["options"] == {"width": 4, "height": 4, "k": 3}
    assert (verdict["best"], verdict["value"]["text"]) == ("c2", "proven: X wins in 3 moves")


def test_every_kernel_a_hex_analysis_uses_is_ready_before_its_time_starts(capsys, monkeypatch):
    """On a fresh install ``--lines`` spent its whole --time compiling Hex's connection kernels and
    said "searched 2,000 playouts in 0.0 s": they are compiled first, as the search's are."""
    from ai import kernels
    from ai.commands import analyse

    ready_at_the_start: list[bool] = []
    searched_until = analyse.searched_until

    def noted_search(*args, **kwargs):
        ready_at_the_start.append(kernels.is_ready("hex", "knowledge"))
        return searched_until(*args, **kwargs)

    monkeypatch.setattr(kernels, "_stages", {})  # none compiled or loaded in this process yet
    monkeypatch.setattr(analyse, "searched_until", noted_search)
    analysed(capsys, "hex", "--size", "5", "--moves", "c3 b4", "--lines", "2", "--time", "0.3")
    assert ready_at_the_start == [True]


def test_a_ctrl_c_as_the_search_thread_starts_is_a_stop_not_a_traceback():
    """The search thread's first step can raise the Ctrl+C while ``searched_until`` still waits in
    ``Thread.start``: it escaped there (the command printed only "stopped", a loaded machine's
    flaky failure of the test above); it is the same stop as any other."""
    from ai.commands.analyse import searched_until

    def run(stop) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        while not stop.is_set():
            time.sleep(0.001)

    assert all(searched_until(run, None) for _ in range(20))


def test_the_first_line_names_the_game_as_the_windows_copied_position_does(capsys):
    """``analyse`` wrote its own "Hex (size=3, swap=False)", Python's word for a switch, where
    the window's copied position (``position_text``) and its move lists write "Hex (size=3,
    swap=false)", the form ``--option`` takes and ``--position`` reads back."""
    from games.position_text import position_text

    assert main.main(["analyse", "hex", "--option", "size=3", "--time", "5"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    game = games.load("hex", size=3)
    assert first == position_text(game, game.initial_state()).splitlines()[0] + ": Blue to move"
    assert first == "Hex (size=3, swap=false): Blue to move"
