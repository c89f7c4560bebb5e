"""Othello opening names (games/reversi_openings.py, games/data/reversi_openings.txt): every line
of the shipped list is legal from the start, a game is named whichever first move it starts
with, the last name stays once the game leaves the list, only the 8x8 board is named, and a
damaged list stops with the file, the line and why."""

from __future__ import annotations

import pytest

import games
from games import reversi_openings as ro
from games.grid import permute_bits

REVERSI = games.load("reversi")


def test_every_line_of_the_list_is_legal_and_names_itself():
    entries = ro.read_list()
    assert 70 <= len(entries) <= 100
    for texts, name in entries:
        REVERSI.play_line(texts)  # IllegalMove if the rules refuse a move of the line
        assert texts[0] == "f5", (texts, name)  # written from f5, as the list's header says
        assert ro.opening_name(texts) == name


def test_the_list_states_its_source():
    header = ro.LIST_PATH.read_text(encoding="utf-8").split("\n\n")[0]
    assert "Source:" in header and "samsoft.org.uk/reversi/openings.htm" in header


def test_a_known_game_is_named():
    assert REVERSI.opening_name(["f5", "d6", "c3", "d3", "c4"]) == "Tiger"
    assert REVERSI.opening_name(["f5", "d6", "c5", "f4", "e3", "c6", "d3", "f6", "e6", "d7"]) == "Rose"
    assert REVERSI.opening_name(["f5", "d6"]) == "Perpendicular"
    assert REVERSI.opening_name(["F5", "F6"]) == "Diagonal"  # as a player may type them


def turned(texts: list[str], symmetry: tuple[int, ...]) -> list[str]:
    """``texts`` with every square moved by ``symmetry`` (square index -> square index)."""
    from games.grid import cell_name, parse_cell

    return [cell_name(symmetry[parse_cell(t, 8, 8)], 8) for t in texts]


@pytest.mark.parametrize("symmetry", ro.SYMMETRIES)
def test_every_line_turned_or_mirrored_keeps_its_name(symmetry):
    """A game from c4, d3 or e6 plays the list's openings turned or mirrored: the same names."""
    for texts, name in ro.read_list():
        assert ro.opening_name(turned(texts, symmetry)) == name


def test_the_symmetries_keep_the_start_and_take_f5_to_each_first_move():
    start = REVERSI.initial_state().key()
    assert {ro.canonical(start)} == {ro.canonical((permute_bits(start[0], s), permute_bits(start[1], s), 0))
                                     for s in ro.SYMMETRIES}
    assert sorted(turned(["f5"], s)[0] for s in ro.SYMMETRIES) == ["c4", "d3", "e6", "f5"]
    assert [turned(["f5", "d6", "c3", "d3", "c4"], s) for s in ro.SYMMETRIES][1] == ["c4", "e3", "f6", "e6", "f5"]


def test_a_mirror_image_within_the_diagonal_opening_is_named():
    """After f5 f6 e6 the position is its own mirror image: f5 f6 e6 d6 c3 (as NBoard writes the
    Buffalo) is the list's f5 f6 e6 f4 c3 mirrored, by moves that no turn of the board gives."""
    assert REVERSI.opening_name(["f5", "f6", "e6", "f4", "c3"]) == "Buffalo / Kenichi Variation"
    assert REVERSI.opening_name(["f5", "f6", "e6", "d6", "c3"]) == "Buffalo / Kenichi Variation"


def test_the_last_name_stays_once_the_game_leaves_the_list():
    """After the Tiger a move that no line of the list plays, then twenty more: still the Tiger."""
    tiger = ["f5", "d6", "c3", "d3", "c4"]
    lines = [texts for texts, _name in ro.read_list()]
    state = REVERSI.play_line(tiger)
    off = next(m for m in REVERSI.legal_move_texts(state) if not any(t[:6] == [*tiger, m] for t in lines))
    game, state = [*tiger, off], REVERSI.play_line([off], state)
    assert REVERSI.opening_name(game) == "Tiger"
    for _ in range(20):
        move = REVERSI.legal_move_texts(state)[0]
        game.append(move)
        state = REVERSI.play_line([move], state)
    assert REVERSI.opening_name(game) == "Tiger"


def test_no_name_before_the_first_named_position_nor_off_the_8x8_board():
    assert REVERSI.opening_name([]) is None
    assert REVERSI.opening_name(["f5"]) is None
    for size in (6, 10):
        game = games.load("reversi", size=size)
        first = game.legal_move_texts(game.initial_state())
        state = game.play_line(first[:1])
        assert game.opening_name([first[0], game.legal_move_texts(state)[0]]) is None
    assert games.load("tictactoe").opening_name(["b2", "a1"]) is None


def test_a_set_up_position_is_named_by_its_position_turned_or_not():
    """The names are positions, so a set-up start (the editor, a pasted diagram) is named as the
    same position reached by moves: the Tiger set up, also turned half round, and played on."""
    tiger = REVERSI.from_text(REVERSI.to_text(REVERSI.play_line(["f5", "d6", "c3", "d3", "c4"])))
    assert REVERSI.opening_name([], tiger) == "Tiger"
    assert ro.opening_name([], REVERSI.play_line(["c4", "e3", "f6", "e6", "f5"]).key()) == "Tiger"
    assert REVERSI.opening_name(["f4", "c5", "b3", "c2"], tiger) == "Rose-Bill"
    assert ro.opening_name(["f5", "d6"], REVERSI.initial_state().key()) == "Perpendicular"


def test_moves_the_rules_refuse_are_named_up_to_the_first_of_them():
    assert REVERSI.opening_name(["a1"]) is None
    assert REVERSI.opening_name(["f5", "d6", "c3", "d3", "c4", "a1"]) == "Tiger"


@pytest.mark.parametrize("line, why", [
    ("f5d6c3d3c4", "is not a line of moves and a name"),
    ("f5d6c3d3c4x Tiger", "is not a square like f5"),
    ("f5d6c3z9 Tiger", "'z9' is off the board"),
    ("f5d6a1 Tiger", "a1 flips no discs"),
    ("f5d6 Perpendicular\nf5d6 Perpendicular again", "f5d6 is given twice"),
])
def test_a_damaged_list_stops_with_the_file_the_line_and_why(tmp_path, line, why):
    damaged = tmp_path / "reversi_openings.txt"
    damaged.write_text("# a comment\n\nf5f6 Diagonal\n" + line + "\n", encoding="utf-8")
    with pytest.raises(ro.OpeningListError) as caught:
        ro.read_list(damaged)
    said = str(caught.value)
    assert said.startswith(f"{damaged}, line ") and why in said


def test_an_unreadable_or_empty_list_stops_with_the_file(tmp_path):
    for content in (b"\xff\xfe not text", b"# only comments\n"):
        damaged = tmp_path / "reversi_openings.txt"
        damaged.write_bytes(content)
        with pytest.raises(ro.OpeningListError, match=f"^{damaged}: "):
            ro.read_list(damaged)
    with pytest.raises(ro.OpeningListError, match="cannot be read"):
        ro.read_list(tmp_path / "missing.txt")
