"""Trax's official notation (games/trax_official.py): a game written as Trax players write it
(``@0/ B1\\ A2\\``, columns and rows counted from the tiles) opens on a board large enough, a
game is copied out in it, and a capital move (``B2+``) in a live game is counted from its tiles.

The games come from the public tests of Tetsui Ohkubo's Trax engine (the FPT 2015 Trax contest,
which plays the official notation): ``@0/ B1\\ A2\\`` closes a red loop and ``@0+ B1+ A2\\``
forces the tile with white on its west and north edges below B1; both checked by hand here.
"""

from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from ai.match import random_line
from games import IllegalMove
from games.move_list import move_list_text
from games.record import GameRecord
from games.record_parts import RecordError, Side
from games.trax import board_text
from games.trax_official import official_moves, quarter_turns, tiles_box, turned_cells
from games.trax_tiles import TILE_NAMES, move_cell, tile_of_name
from tests.ui_helpers import key, words_in
from ui import clipboard
from ui.record_files import from_text
from ui.scenes.replay import ReplayScene
from ui.words import rule_reason

LOOP = "@0/ B1\\ A2\\"
FORCED = "@0+ B1+ A2\\"
# twenty turns from the same tests ("NotHorizontalVictoryLineRealWorld1"): a game 8 tiles wide
LONG = "@0+ A2+ B1+ A3/ A4+ B4+ B5\\ C1\\ @1+ @1/ A2/ C0/ @2\\ C1\\ B0/ G5\\ F7/ A2\\ @3/ C5\\"


def cell_of(state, name: str) -> str:
    """The tile name on cell ``name`` (``f6``) of ``state``'s board, ``none`` if empty."""
    lines = state.game.to_text(state).splitlines()[1:]
    return lines[int(name[1:]) - 1].split()[ord(name[0]) - ord("a")]


def test_a_red_loop_written_officially_opens_as_a_dark_loop_with_dark_to_move_after_the_first_tile():
    """By hand: @0/ is lldd; on a 10x10 board the game's 2x2 square is centred, the first tile on
    e5.  B1\\ is right of it (f5: its west edge dark, so dlld), A2\\ below it (e6, lddl); f6
    then has two dark edges entering and is forced ddll: a dark loop of four, which Red (Dark)
    wins on White's (Light's) turn.  White laid the first tile, so Dark moves first here."""
    record = from_text(LOOP)
    assert record.game_id == "trax" and record.options["size"] == 10
    start = record.first_state()
    assert start.to_move == 1 and [cell_of(start, "e5")] == ["lldd"] and start.cells.count(0) == 99
    assert record.moves == ["f5\\", "e6\\"]
    final = record.final_state()
    assert [cell_of(final, c) for c in ("f5", "e6", "f6")] == ["dlld", "lddl", "ddll"]
    assert final.end_reason() == "Dark wins: a dark loop, completed by Light"


def test_a_forced_tile_falls_where_the_official_game_forces_it():
    record = from_text(FORCED)
    assert cell_of(record.first_state(), "e5") == "dldl"  # @0+: white from north to south
    assert cell_of(record.final_state(), "f6") == "lldd"  # the engine's RWWR below B1


@pytest.mark.parametrize("written", [LOOP, FORCED, LONG])
def test_an_official_game_round_trips_through_a_record_and_copy_moves(written):
    record = from_text(written)
    assert " ".join(official_moves(record.game(), record.states())) == written
    copied = move_list_text(record)
    assert f"Official notation: {written}" in copied.splitlines()
    again = from_text(copied)  # our moves, read back as ever
    assert (again.moves, again.start_position, again.options) == (record.moves, record.start_position, record.options)
    alone = from_text(f"Official notation: {written}")  # the copied line alone
    assert alone.moves == record.moves


def test_a_game_played_here_is_copied_officially_and_opens_again_as_the_same_tiles():
    game = games.load("trax")
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(["f5/", "e6+", "g6\\", "f7+"])
    line = next(t for t in move_list_text(record).splitlines() if t.startswith("Official notation: "))
    assert line.split()[2] == "@0/"  # the centre tile, lldd
    opened = from_text(line)
    assert picture(opened.final_state()) == picture(record.final_state())


def picture(state, turns: int = 0) -> str:
    """The tiles of ``state`` within their bounding box, row by row: a game's look wherever it lies;
    ``turns``: its board turned that many quarter turns clockwise first."""
    size = state.game.size
    cells = turned_cells(state.cells, size, turns)
    top, left, bottom, right = tiles_box(cells, size)
    rows = board_text(cells, size).splitlines()[top:bottom + 1]
    return "\n".join(" ".join(row.split()[left:right + 1]) for row in rows)


@pytest.mark.parametrize("centre, turns, first", [("lldd", 0, "@0/"), ("dldl", 0, "@0+"), ("ldld", 1, "@0+"),
                                                   ("lddl", 1, "@0/"), ("ddll", 2, "@0/"), ("dlld", 3, "@0/")])
def test_a_game_from_any_centre_tile_is_copied_officially_on_the_table_turned_to_lay_it_as_written(centre, turns,
                                                                                                   first):
    """The official notation's first tile is @0/ (lldd) or @0+ (dldl), the table seen from the
    side that lays it so; a game begun here from another tile (Centre tile: ddll, the course's
    random draw) had no official line.  ddll is lldd turned half round: its game is written on the
    table turned half round, and opens as the same tiles so turned."""
    game = games.load("trax", centre=centre)
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(["f5/", "e6+", "g6\\"][:2])
    lines = [t for t in move_list_text(record).splitlines() if t.startswith("Official notation: ")]
    assert quarter_turns(tile_of_name(centre)) == turns
    assert len(lines) == 1 and lines[0].split()[2] == first
    assert picture(from_text(lines[0]).final_state()) == picture(record.final_state(), turns)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_copied_officially_open_again_as_the_same_tiles_and_words(seed):
    """Games of random turns on a 15x15 board from its usual start (lldd), forced tiles and all,
    up to a tile on the board's edge (beyond which the table would force more): written in the
    official notation and opened, the same tiles lie on the board, and written again the same."""
    rng = random.Random(seed)
    game = games.load("trax", size=15, mode="fill")
    states = [game.initial_state()]
    for _ in range(rng.randrange(10, 40)):
        top, left, bottom, right = tiles_box(states[-1].cells, game.size)
        if states[-1].is_terminal() or min(top, left) == 0 or max(bottom, right) == game.size - 1:
            break  # at the board's edge the table would force a tile beyond it: no longer one game
        states.append(states[-1].play(rng.choice(states[-1].legal_moves())))
    written = official_moves(game, states)
    opened = from_text(f"Trax (mode=fill)\n{' '.join(written)}")
    assert picture(opened.final_state()) == picture(states[-1])
    assert official_moves(opened.game(), opened.states()) == written


@settings(max_examples=40, deadline=None)
@given(size=st.integers(7, 25), mode=st.sampled_from(["tournament", "fill"]),
       centre=st.sampled_from(TILE_NAMES), seed=st.integers(0, 2**32 - 1))
def test_a_copied_games_official_line_opens_alone_as_the_same_tiles(size, mode, centre, seed):
    """Whole random games, to their end, copied as Copy moves copies them (``move_list_text``)
    and opened as a paste opens them (``from_text``): the whole text gives back the moves, and
    the official line, where one is written, opened alone (as another Trax program would read
    it) lays the same tiles.  A fill game played past its first loop is not a game of the
    official rules: its line read "the game is over", so none is written for it.  Whatever
    the centre tile, the table is turned so that it lies as ``@0/`` or ``@0+``."""
    rng = random.Random(seed)
    game = games.load("trax", size=size, mode=mode, centre=centre)
    moves = random_line(game.initial_state(), 80, rng)
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(moves)
    copied = move_list_text(record)
    assert from_text(copied).moves == moves
    official = [line for line in copied.splitlines() if line.startswith("Official notation: ")]
    turns = quarter_turns(tile_of_name(centre))
    for line in official:
        assert picture(from_text(line).final_state()) == picture(game.play_line(moves), turns)


@settings(max_examples=40, deadline=None)
@given(size=st.integers(7, 25), mode=st.sampled_from(["tournament", "fill"]),
       centre=st.sampled_from(["lldd", "dldl", "ddll", "ldld"]), turns=st.integers(0, 40), seed=st.integers(0, 2**32 - 1))
def test_every_legal_move_written_either_way_is_read_back_as_itself(size, mode, centre, turns, seed):
    """In random positions, tiles against the board's edges included, every legal move written
    in our notation (``format_move``) and in the official one (counted from the tiles, ``@`` and
    ``0`` before them, on the table turned as the move list and Copy moves write it:
    ``other_move_text``) is read back by the move field's ``parse_move`` as that move.  A game
    from centre tile ddll listed B1\\ and read it typed on the table unturned, another tile."""
    rng = random.Random(seed)
    game = games.load("trax", size=size, mode=mode, centre=centre)
    state = game.initial_state()
    for _ in range(turns):
        if state.is_terminal():
            break
        state = state.play(rng.choice(state.legal_moves()))
    for move in state.legal_moves():
        assert game.parse_move(state, game.format_move(state, move)) == move
        assert game.parse_move(state, game.other_move_text(state, move)) == move


def test_a_game_too_large_for_the_board_is_laid_on_a_larger_one_or_said_so():
    """Twelve straight tiles in a row need a 14x14 board (a free column each side, as on the
    table); twenty-five need 27 x 27, more than Trax has here: said, with the size."""
    twelve = " ".join(["@0+", *(f"{chr(ord('B') + i)}1+" for i in range(11))])
    record = from_text(twelve)
    final = record.final_state()
    size = record.options["size"]
    assert size == 14 and tiles_box(final.cells, size) == (6, 1, 6, 12)
    twenty_five = " ".join(["@0+", *(f"{chr(ord('B') + i)}1+" for i in range(24))])
    for text in (twenty_five, f"Trax\n{twenty_five}"):
        with pytest.raises(RecordError, match=r"the game is 25 tiles wide and 1 high; .* it needs a 27 x 27 board"):
            from_text(text)
    with pytest.raises(RecordError, match=r"move 3 'Z9\\' is not legal in the game written before it"):
        from_text("@0/ B1\\ Z9\\")


READINGS = [  # on the usual 10x10 start (lldd on f6): what a capital move is, or why it is refused
    ("@1+", "e6+"), ("A0\\", "f5\\"), ("B1\\", "g6\\"),
    ("Z1+", "'Z1+' (the official notation, counted from the tiles' top-left corner) lies off this 10 x 10 board"),
    ("A1+", "'A1+' is f6+ here: f6 is not empty"),
    ("@0/", "'@0/' is the first tile of a game in the official notation: paste the whole game on the main menu"),
    ("f0/", "'f0/': rows count from 1 here; the official notation, whose row 0 lies above the tiles, writes its "
            "columns in capitals (F0/)"),
]


@pytest.mark.parametrize("typed, read", READINGS)
def test_a_capital_move_is_counted_from_the_tiles_and_a_small_one_is_this_boards(typed, read):
    """``B2+`` was silently this board's b2, ``@0/`` refused as open-table notation: capitals are
    now the official notation, counted from the tiles' corner, and small letters ours."""
    game = games.load("trax", size=10)
    state = game.initial_state()
    if "'" not in read:
        assert game.format_move(state, game.parse_move(state, typed)) == read
        return
    with pytest.raises(IllegalMove) as refused:
        game.parse_move(state, typed)
    assert str(refused.value).startswith(read)
    with words_in("pt"):
        assert rule_reason(str(refused.value), "trax") != str(refused.value)  # said in Portuguese


def test_small_letters_stay_this_boards_cells():
    game = games.load("trax", size=10)
    state = game.initial_state()
    assert game.format_move(state, game.parse_move(state, "e6+")) == "e6+"
    assert game.format_move(state, game.parse_move(state, "E6:ldld")) == "e6+"  # a tile name: ours
    with pytest.raises(IllegalMove, match="b2 does not touch a tile"):
        game.parse_move(state, "b2+")


def test_an_official_game_pasted_on_the_main_menu_opens_in_the_replay(app, monkeypatch):
    monkeypatch.setattr(clipboard, "get_text", lambda: f"{LOOP}\n")
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    assert scene.record.moves == ["f5\\", "e6\\"] and scene.record.final_state().winner() == 1


@pytest.mark.parametrize("language, said", [
    ("en", "Move 4 'C1+' comes after the end of the game: Dark wins: a dark loop, completed by Light"),
    ("pt", "A jogada 4 'C1+' vem depois do fim do jogo: Escuro ganha: Claro completou um circuito escuro"),
])
def test_an_official_game_pasted_with_moves_after_its_loop_says_which_move_comes_after_the_end(app, monkeypatch,
                                                                                                language, said):
    """``@0/ B1\\ A2\\`` closes a dark loop; a move written after it was refused with a bare
    "the game is over", naming neither the move nor the end.  The game up to its loop opens."""
    from tests.test_ui_paste import messages

    monkeypatch.setattr(clipboard, "get_text", lambda: f"{LOOP} C1+\n")
    with words_in(language):
        key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
        assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["f5\\", "e6\\"]
        assert app.scene.record.result is not None and app.scene.record.result.winner == 1  # its loop ends it
        assert any(said in text for text in messages(app)), messages(app)


def test_copy_moves_in_a_game_from_centre_tile_ddll_gives_an_official_line_that_opens_on_the_main_menu(app, monkeypatch):
    """M in a game begun from ddll (lldd turned half round): the copied text has the official
    line, written on the table turned half round; that line alone, pasted on the main menu, opens
    in the replay as the same tiles so turned."""
    from tests.test_ui_move_entry import paste
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    put: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: put.append(text) or True)
    scene = GameScene(app, MatchSetup("trax", {"centre": "ddll"}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    app.run_frames(2)
    paste(app, monkeypatch, "f5/ e6+")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_m)
    line = next(text for text in put[-1].splitlines() if text.startswith("Official notation: "))
    assert line.split()[2] == "@0/"
    app.show_menu()
    app.run_frames(2)
    monkeypatch.setattr(clipboard, "get_text", lambda: line)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert isinstance(app.scene, ReplayScene)
    assert picture(app.scene.record.final_state()) == picture(scene.state, 2)


def test_the_move_field_plays_capital_moves_from_the_tiles_and_sends_a_whole_game_to_the_main_menu(app, monkeypatch):
    """In a live game (lldd on f6), ``@1+ B0\\`` is e6+ (left of the tiles) then f5\\ (above f6,
    B being f once e6 is laid); a whole game's ``@0/`` plays nothing and says where it opens."""
    from tests.test_ui_move_entry import messages, paste, played, start

    scene = start(app, "trax")
    paste(app, monkeypatch, "@1+ B0\\")
    key(app, pygame.K_RETURN)
    assert played(scene) == ["e6+", "f5\\"]
    paste(app, monkeypatch, LOOP)
    key(app, pygame.K_RETURN)
    assert played(scene) == ["e6+", "f5\\"]
    assert any("paste the whole game on the main menu" in text for text in messages(scene))


@pytest.mark.parametrize("centre", TILE_NAMES)
def test_the_official_axes_name_every_legal_square_as_a_move_there_is_written(centre):
    """``Trax.official_axes``: the labels round the board while the notation is official.  A
    legal move's column and row labels, read together, name its square as the move is written,
    from every centre tile (a table turned a quarter names the board's columns by numbers)."""
    game = games.load("trax", centre=centre)
    state = game.initial_state()
    for _ in range(3):
        columns, rows = game.official_axes(state)
        for move in state.legal_moves():
            row, col = divmod(move_cell(move), game.size)
            letters, number = sorted((columns[col], rows[row]), key=str.isdigit)
            assert letters + number == game.other_move_text(state, move)[:-1], (centre, move)
        state = state.play(state.legal_moves()[0])


def test_the_official_axes_leave_unnamed_what_lies_before_at_and_0():
    """Left of ``@`` and above ``0`` the notation names nothing: those labels are empty."""
    game = games.load("trax")
    columns, rows = game.official_axes(game.initial_state())  # lldd on f6
    assert columns == ["", "", "", "", "@", "A", "B", "C", "D", "E"]
    assert rows == ["", "", "", "", "0", "1", "2", "3", "4", "5"]
