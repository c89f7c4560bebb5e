"""Positions as text (games.position_text): what Ctrl+C writes reads back as the same position in
every game and size, a board pasted without its options is read at its own size, the FFO suite's
published boards read as Reversi positions, and a record that starts from a position keeps it
through a file and a move list."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.move_list import (
    is_move_list,
    move_list_text,
    moves_from_text,
    read_title_line,
    record_from_move_list,
)
from games.move_numbers import move_number, move_place, move_rows, numbered_moves
from games.position_text import clear_caches, is_position_text, position_text, record_from_position
from games.record import GameRecord
from games.record_parts import RecordError, Side
from tests.ui_helpers import words_in
from ui.record_files import from_text, load, save

FFO = Path(__file__).parent / "data" / "ffo" / "fforum-40-59.txt"
SIZES = {"hex": (3, 7, 11, 19), "reversi": (6, 8, 10), "trax": (7, 10, 12), "rastros": (4, 8)}


def random_position(game: games.Game, seed: int, plies: int) -> games.State:
    """A position some random plies from the start that is not over (None if every line ended)."""
    rng, state = random.Random(seed), game.initial_state()
    for _ in range(plies):
        moves = state.legal_moves()
        after = state.play(rng.choice(moves))
        if after.is_terminal():
            break
        state = after
    return state


@pytest.mark.parametrize("game_id", games.available_ids())
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 40))
def test_a_copied_position_reads_back_as_the_same_position(game_id, seed, plies):
    for size in SIZES.get(game_id, (None,)):
        game = games.load(game_id, **({"size": size} if size else {}))
        state = random_position(game, seed, plies)
        text = position_text(game, state)
        assert is_position_text(text) and not is_move_list(text)
        record = record_from_position(text)
        assert record.game_id == game_id and record.options == game.options and record.moves == []
        assert record.first_state().key() == state.key() and record.first_state().to_move == state.to_move
        bare = games.info(game_id).title + "\n" + game.to_text(state)  # no options, no "Position:" line
        assert record_from_position(bare).options == game.options, "the board's own size is found"


def test_a_tic_tac_toe_board_pasted_alone_is_read_at_its_width_and_height():
    game = games.load("tictactoe", width=7, height=6, k=3)
    state = random_position(game, 1, 5)
    record = record_from_position("Tic-tac-toe\n" + game.to_text(state))
    assert record.options == {"width": 7, "height": 6, "k": 3} and record.first_state().key() == state.key()
    named = record_from_position("Tic-tac-toe (k=4)\n" + game.to_text(state))  # what the board cannot show
    assert named.options == {"width": 7, "height": 6, "k": 4}


def ffo_positions() -> list[tuple[int, str, str]]:
    rows = [line.split() for line in FFO.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return [(int(number), board, side) for number, board, side, *_rest in rows]


@pytest.mark.parametrize("number, board, side", ffo_positions())
def test_the_ffo_suites_published_boards_paste_as_reversi_positions(number, board, side):
    record = record_from_position(f"Reversi\n{board} {side}")
    state = record.first_state()
    assert state.to_move == "XO".index(side)
    assert state.score() == (board.count("X"), board.count("O"))  # disc counts, Black first
    assert len(state.legal_moves()) > 0


def test_what_is_not_a_position_is_named():
    with pytest.raises(RecordError, match="first line should name the game"):
        record_from_position("Chess\nrnbqkbnr")
    with pytest.raises(RecordError, match="there is no position after its first line"):
        record_from_position("Reversi\nPosition:")
    with pytest.raises(RecordError, match="the position cannot be read: .*X, O or \\."):
        record_from_position("Tic-tac-toe\nXQ.\n...\n...")
    with pytest.raises(RecordError, match="the game is already over in that position"):
        record_from_position("Tic-tac-toe\nto-move: O\nXXX\nOO.\n...")


def test_a_game_from_a_position_keeps_it_in_its_file_and_its_move_list(tmp_path):
    game = games.load("hex", size=7, swap=False)
    start = random_position(game, 5, 6)
    record = GameRecord.start(game, (Side(None, "Ana"), Side("level-2", "Level 2")), start_position=game.to_text(start))
    line = ["d4", "c5", "e3"]
    state = game.play_line(line, start)
    record = record.with_moves(line, state)
    assert record.states()[0].key() == start.key() and record.final_state().key() == state.key()
    data = record.to_dict()
    assert data["version"] == 2 and data["start"] == game.to_text(start)
    save(record, tmp_path / "g.json")
    again = load(tmp_path / "g.json")
    assert again.start_position == record.start_position and again.final_state().key() == state.key()
    copied = move_list_text(record)
    assert "Start:" in copied and is_move_list(copied)
    back = record_from_move_list(copied)
    assert back.start_position == record.start_position and back.moves == line
    assert from_text(copied).final_state().key() == state.key()  # what a paste on the menu reads


def test_a_game_from_a_position_with_the_second_side_to_move_is_numbered_from_its_first_move():
    """The move list paired a game started with O to move as if X had moved first ("1. b2 a3",
    b2 being O's move): the first move now stands alone, "1... b2", and each pair is X's and O's."""
    game = games.load("tictactoe")
    start = game.from_text("to-move: O\nX..\n...\n...")
    line = ["b2", "a3", "c3", "a2"]
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B")),
                              start_position=game.to_text(start)).with_moves(line, game.play_line(line, start))
    copied = move_list_text(record)
    assert "1... b2 2. a3 c3 3. a2" in " ".join(copied.split())
    assert record_from_move_list(copied).moves == line
    assert numbered_moves(line) == ["1. b2 a3", "2. c3 a2"]  # from the usual start, X first
    assert [move_number(i, 1) for i in range(4)] == ["1...", "2.", "2...", "3."]
    assert [move_place(i, 1) for i in range(4)] == [(0, 1), (1, 0), (1, 1), (2, 0)]
    assert move_rows(4, 1) == 3 and move_rows(4, 0) == 2 and move_rows(0, 1) == 0


def test_a_file_whose_start_position_is_not_a_position_is_refused(tmp_path):
    game = games.load("tictactoe")
    data = GameRecord.start(game, (Side(None, "A"), Side(None, "B")), start_position="to-move: X\n...\n...\n...").to_dict()
    data["start"] = "XXXX"
    (tmp_path / "bad.json").write_text(__import__("json").dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="the start position cannot be read"):
        load(tmp_path / "bad.json")


def test_a_bare_move_list_under_the_games_name_is_still_a_move_list():
    record = from_text("Reversi\nd3 c5 f6")
    assert record.moves == ["d3", "c5", "f6"] and record.start_position is None
    assert not is_position_text("d3 c5\nf6")  # names no game
    assert moves_from_text("Reversi (size=8)\nd3\nc5") == ["d3", "c5"]  # the game's name is no move


def trax_record_of_another_size() -> bytes:
    """A record hand-edited to say Trax size 10 over a 12x12 start (Trax reads a board of another
    size at its own size): it was played on the 12x12 board with its moves named as on a 10x10 one."""
    game = games.load("trax", size=12)
    data = GameRecord.start(game, (Side(None, "A"), Side(None, "B")),
                            start_position=game.to_text(game.initial_state())).to_dict()
    data["game"]["options"]["size"] = 10
    return json.dumps(data).encode()


def test_a_file_whose_start_position_is_of_another_size_is_refused(tmp_path):
    path = tmp_path / "edited.json"
    path.write_bytes(trax_record_of_another_size())
    before = path.read_bytes()
    with pytest.raises(RecordError, match="size=12, not this record's size=10"):
        load(path)
    assert path.read_bytes() == before


def test_a_game_named_as_the_portuguese_window_names_it_is_read():
    """A board typed under "Jogo do Galo", the name the Portuguese window gives Tic-tac-toe, was
    refused with "a primeira linha devia dizer o jogo (Jogo do Galo, Hex, ...), não 'Jogo do Galo'"."""
    from ui import i18n

    with words_in("pt"):
        shown = {info.id: i18n._(info.title) for info in games.catalog()}
    for game_id, title in shown.items():
        assert read_title_line(title)[0] == game_id, title
    record = record_from_position("Jogo do Galo (k=3)\nX . .\n. O .\n. . X")
    assert record.game_id == "tictactoe" and record.start_position == "to-move: O\nX..\n.O.\n..X"


@pytest.mark.parametrize("copied_from", games.available_ids())
def test_a_position_pasted_under_another_games_name_says_whose_position_it_is(copied_from):
    """A teacher's copied position with the wrong game on its first line was refused in the named
    game's words alone ("to-move: 'O' is not one of Blue, Red"), as if the board were mistyped:
    the refusal now says which game's position it is."""
    game = games.load(copied_from)
    state = game.initial_state()
    for _ in range(2):
        state = state.play(state.legal_moves()[0])
    named = "hex" if copied_from != "hex" else "reversi"
    body = position_text(game, state).split("\n", 1)[1]
    with pytest.raises(RecordError, match=rf"the position cannot be read: .* \(it reads as a position of game '{copied_from}'\)"):
        record_from_position(f"{games.info(named).title}\n{body}")


@pytest.mark.parametrize("copied_from", games.available_ids())
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 40))
def test_any_position_pasted_under_any_other_games_name_says_whose_position_it_is(copied_from, seed, plies):
    """The position editor tries a refused text as each other game only when its first line may
    start that game's positions (reading it at every board shape of every game cost milliseconds
    on each key): any position, at any size, under any other game's name, still says whose it is."""
    for size in SIZES.get(copied_from, (None,)):
        game = games.load(copied_from, **({"size": size} if size else {}))
        body = position_text(game, random_position(game, seed, plies)).split("\n", 1)[1]
        for named in games.available_ids():
            if named != copied_from:
                with pytest.raises(RecordError, match=rf"\(it reads as a position of game '{copied_from}'\)$"):
                    record_from_position(f"{games.info(named).title}\n{body}", loose=True)


def test_a_refused_text_is_read_after_clear_caches_as_after_a_start(monkeypatch):
    """``clear_caches`` (for the bench's first key typed in the position editor, which measured the
    reader before its caches only by swapping its private functions): the next refused text loads
    the rules again, and is refused in the same words as before."""
    loaded = []
    load = games.load
    monkeypatch.setattr(games, "load", lambda game_id, **options: loaded.append(game_id) or load(game_id, **options))
    text = "Hex (size=7)\nQ"

    def refusal() -> str:
        loaded.clear()
        with pytest.raises(RecordError) as refused:
            record_from_position(text, loose=True)
        return str(refused.value)

    first = refusal()
    assert loaded
    again = refusal()
    assert not loaded  # the rules read with are kept
    clear_caches()
    assert refusal() == again == first and "hex" in loaded


def test_a_board_missing_a_line_is_not_said_to_be_another_games():
    """Reversi's rows with the side-to-move line left out also read as a Tic-tac-toe board with no
    side named; that is a Reversi board cut short, and is said so alone."""
    rows = "........\n........\n........\n...OX...\n...XO...\n........\n........\n........"
    with pytest.raises(RecordError) as refused:
        record_from_position(f"Reversi\n{rows}")
    assert "side to move" in str(refused.value) and "reads as a position of game" not in str(refused.value)


@pytest.mark.parametrize("written", ["1. ... b2 2. a3 c3", "1. … b2 2. a3 c3", "1...b2 2.a3 c3"])
def test_a_move_list_from_a_position_with_the_second_side_first_reads_as_the_screen_shows_it(written):
    """The move lists on screen show such a game's first move as "1.  ...  b2"; typed or pasted so
    (a teacher copying it from the screen or from a book), "..." was read as a move and refused
    ("move 1 '...' is not legal")."""
    copied = f"Tic-tac-toe\nStart:\nto-move: O\nX..\n...\n...\n{written}\n"
    record = record_from_move_list(copied)
    assert record.moves == ["b2", "a3", "c3"] and record.start_position == "to-move: O\nX..\n...\n..."
