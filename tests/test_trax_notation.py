"""Trax in the notation Trax players read: Settings > Trax notation (Official, the default, or
Tabuleiro) chooses how the move lists, the replay's list and a search's lines write the moves
(ui/notation.py); typed moves are read either way; a plain text file of official moves, as Trax
players publish a game, opens, and one with a move that is not one is said and left as it was.

The rule the lists follow, from the International Trax Association's notation (traxgame.com,
"Frequently Asked Questions: How do I record a game?", and On Trax 8, "New Trax Notation"): the
spaces are labelled *before the move is played*, ``@`` the empty column left of the tiles and
``0`` the empty row above them, the table turned as the first tile lies.  So each move is written
as its player wrote it then: a tile laid left of or above the others renames the places of the
moves after it, never those of the moves before.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.record import GameRecord
from games.record_parts import Side
from games.trax_official import official_moves
from games.trax_tiles import TILE_NAMES
from tests.test_trax import CHAIN
from tests.test_ui_move_entry import paste, played
from tests.test_ui_paste import messages
from tests.ui_helpers import (
    click,
    click_widget,
    down_to_widget,
    drop,
    in_language,
    key,
    recorded_text,
    recorded_text_rects,
    wait,
)
from ui import clipboard
from ui import settings as settings_file
from ui.ai_worker import AIProgress, Job
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.notation import shown_moves
from ui.parts import SEPARATOR
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayScene
from ui.scenes.setup import SetupChoices
from ui.worker_jobs import _format_line, _rebuild


def plies_of(game, texts: list[str]) -> list[tuple]:
    """(position, move, our text) of each of ``texts`` played from ``game``'s start."""
    state, plies = game.initial_state(), []
    for text in texts:
        move = game.parse_move(state, text)
        plies.append((state, move, game.format_move(state, move)))
        state = state.play(move)
    return plies


class Window:
    """A window with no settings: the default notation, the official one."""


def test_each_move_is_written_from_the_tiles_as_they_lay_when_it_was_played():
    """By hand, on 10x10 from lldd on f6: e6+ lays a tile left of the tiles, in the empty column
    ``@``, row 1: ``@1+``.  Then f5+ lies above the tiles (row 0), in their second column now
    that e is their first: ``B0+``.  The first stays ``@1+`` (counted then), not ``A2+`` (as the
    tiles lie after the second), and Copy moves' official line says the same after ``@0/``."""
    game = games.load("trax")
    plies = plies_of(game, ["e6+", "f5+"])
    listed = shown_moves(Window(), game, plies)
    assert listed == ["@1+", "B0+"]
    states = [before for before, _move, _text in plies] + [plies[-1][0].play(plies[-1][1])]
    assert game.other_notation(states) == "Official notation: @0/ @1+ B0+"


@settings(max_examples=40, deadline=None)
@given(size=st.integers(7, 25), mode=st.sampled_from(["tournament", "fill"]), centre=st.sampled_from(TILE_NAMES),
       turns=st.integers(1, 60), seed=st.integers(0, 2**32 - 1))
def test_a_whole_random_game_listed_officially_is_read_back_as_the_same_game(size, mode, centre, turns, seed):
    """A random game from any centre tile (the table turned to lay it as ``@0/`` or ``@0+``)
    listed in the official notation, each move as the board lay before it: those texts typed
    again from the start play the same moves to the same final position; Copy moves writes the
    same texts after its first tile; and the game saved and loaded (our notation kept in the
    file) lists the same texts again."""
    rng = random.Random(seed)
    game = games.load("trax", size=size, mode=mode, centre=centre)
    state, plies = game.initial_state(), []
    for _ in range(turns):
        if state.is_terminal():
            break
        move = rng.choice(state.legal_moves())
        plies.append((state, move, game.format_move(state, move)))
        state = state.play(move)
    listed = shown_moves(Window(), game, plies)
    replayed = game.initial_state()
    for (_before, move, _text), written in zip(plies, listed):
        assert game.parse_move(replayed, written) == move
        replayed = replayed.play(move)
    assert replayed.key() == state.key()
    states = [before for before, _move, _text in plies] + [state]
    assert official_moves(game, states)[1:] == listed
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B")))
    record = record.with_moves([text for _before, _move, text in plies], state)
    loaded = GameRecord.loads(record.dumps())
    again = [(before, game.parse_move(before, text), text) for before, text in zip(loaded.states(), loaded.moves)]
    assert shown_moves(Window(), loaded.game(), again) == listed


def drawn_after(app, monkeypatch) -> list[str]:
    """Every text the screen draws in its next frames."""
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return drawn


def choose_notation(app, label: str) -> None:
    """On the main menu: Settings, down to Trax notation, stepped with the arrow keys until it
    says ``label``, and back (Esc)."""
    click_widget(app, app.scene.menu, "settings")
    menu = app.scene.menu
    down_to_widget(app, menu, "trax_notation")
    selector = menu.get_selected_widget()
    for _ in range(2):
        if selector.get_value()[0][0] == label:
            break
        key(app, pygame.K_RIGHT)
    assert selector.get_value()[0][0] == label
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def play_trax(app, monkeypatch, moves: str, options: dict | None = None) -> GameScene:
    """A hot-seat Trax game, ``moves`` typed in the move field (Ctrl+V, Enter)."""
    scene = GameScene(app, MatchSetup("trax", options or {}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    app.run_frames(2)
    paste(app, monkeypatch, moves)
    key(app, pygame.K_RETURN)
    return scene


def test_the_move_list_shows_the_official_notation_by_default(app, monkeypatch):
    scene = play_trax(app, monkeypatch, "e6+ f5+")
    assert played(scene) == ["e6+", "f5+"]  # what the record keeps
    drawn = drawn_after(app, monkeypatch)
    assert "@1+" in drawn and "B0+" in drawn
    assert "e6+" not in drawn and "f5+" not in drawn


def test_the_setting_turns_the_move_list_to_tabuleiros_notation_and_is_kept(app, monkeypatch):
    """Chosen on Settings with the keyboard: saved at once, and the game's list writes the cells."""
    choose_notation(app, "Tabuleiro")
    assert app.settings.trax_notation == "tabuleiro"
    app.run_frames(10 ** 6, until=lambda: settings_file.settings_path().exists(), timeout=10)
    app.run_frames(2)
    assert json.loads(settings_file.settings_path().read_text())["trax_notation"] == "tabuleiro"
    play_trax(app, monkeypatch, "@1+ B0+")  # typed officially all the same
    drawn = drawn_after(app, monkeypatch)
    assert "e6+" in drawn and "f5+" in drawn
    assert "@1+" not in drawn and "B0+" not in drawn


def test_a_move_listed_officially_from_a_turned_centre_tile_is_typed_back_as_that_move(app, monkeypatch):
    """From centre tile ddll (lldd turned half round) the table is turned to lay it as ``@0/``,
    as Copy moves writes the game: e6+, left of the tiles on the board, lies right of them
    there, ``B1+``.  Typed in a new game, ``B1+`` was read on the board unturned: g6+."""
    play_trax(app, monkeypatch, "e6+", {"centre": "ddll"})
    assert "B1+" in drawn_after(app, monkeypatch)
    scene = play_trax(app, monkeypatch, "B1+", {"centre": "ddll"})
    assert played(scene) == ["e6+"]


PUBLISHED = "@0+ A2+ B1+ A3/ A4+ B4+ B5\\ C1\\ @1+ @1/ A2/ C0/ @2\\ C1\\ B0/ G5\\ F7/ A2\\ @3/ C5\\"
"""Twenty turns from the public tests of Tetsui Ohkubo's Trax engine (FPT 2015), as
tests/test_trax_official.py reads them."""


def test_a_plain_file_of_official_moves_opens_and_the_replay_lists_them_as_written(app, monkeypatch, tmp_path):
    """One move a line, each after its number, as a game is published (``1 @0+``): it opens in
    the replay, whose list writes every move as the file does (its first tile is the start)."""
    path = tmp_path / "game.txt"
    moves = PUBLISHED.split()
    path.write_text("".join(f"{n} {move}\n" for n, move in enumerate(moves, 1)), encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene), messages(app)
    assert app.scene.shown_moves() == moves[1:]
    drawn = drawn_after(app, monkeypatch)
    assert all(move in drawn for move in moves[-4:]), drawn  # the list opens at the end


def test_a_file_with_a_move_that_is_not_one_is_said_and_left_as_it_was(app, tmp_path):
    """``C3x`` in a file of official moves: the window said the first line should name a game
    (the whole text was tried on every game), not which move was wrong.  The game opens up to
    the move before it, and the file is left as it was, nothing moved beside it."""
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "bad.txt"
    text = "@0/\nB1\\\nC3x\nA2\\\n"
    path.write_text(text, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == ["f5\\"]  # B1\ after the first tile
    said = "bad.txt: move 3 'C3x' is not a Trax move in the official notation"
    assert any(m.startswith(said) and "(1 move kept)" in m for m in messages(app)), messages(app)
    assert path.read_text(encoding="utf-8") == text and [p.name for p in folder.iterdir()] == ["bad.txt"]


def test_a_searchs_line_is_written_in_both_notations_and_the_panel_shows_the_chosen_one(app, monkeypatch):
    """The worker writes a search's line both ways (``_format_line``); the thinking card shows
    the official one by default, as the move list does."""
    game = games.load("trax")
    start = game.initial_state()
    line = [game.parse_move(start, "e6+")]
    line.append(game.parse_move(start.play(line[0]), "f5+"))
    assert _format_line(game, start, line) == ["e6+", "f5+"]
    assert _format_line(game, start, line, other=True) == ["@1+", "B0+"]
    scene = GameScene(app, MatchSetup("trax", {}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    app.run_frames(2)
    scene.last_search = AIProgress(job_id=1, depth=3, best_text="e6+", score=0.5, nodes=1200, pv=["e6+", "f5+"],
                                   done=True, best_other="@1+", pv_other=["@1+", "B0+"], mover=scene.state.to_move)
    drawn = drawn_after(app, monkeypatch)
    assert any(text.startswith("3 moves ahead · best @1+") for text in drawn), drawn
    assert any(text.endswith("@1+ B0+") for text in drawn), drawn


# -- one table for every list: a game from a set-up position of one tile -------------------------
ONE_TILE_DDLL = games.load("trax").to_text(games.load("trax", centre="ddll").initial_state())
"""The usual 10x10 board with its one tile ddll (lldd turned half round) where the centre option,
lldd, would lay it: a position from the editor or from a file."""


def one_tile_game_checked(app, monkeypatch) -> None:
    """In the game started from ``ONE_TILE_DDLL`` (the centre option left at lldd): the official
    ``B1+`` typed in the move field is e6+ (left of the tile on the board, right of it on the
    table turned half round, as Copy moves writes the game), the move list writes it ``B1+``,
    Copy moves' official line says ``@0/ B1+``, and the game saved and opened again lists it the
    same.  The move field and the list turned the table by the centre option (``@1+``; ``B1+``
    read as g6+) while Copy moves turned it by the tile."""
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.game.options["centre"] == "lldd"
    assert scene.initial.cells.count(0) == len(scene.initial.cells) - 1
    paste(app, monkeypatch, "B1+")
    key(app, pygame.K_RETURN)
    assert played(scene) == ["e6+"]
    drawn = drawn_after(app, monkeypatch)
    assert "B1+" in drawn and "@1+" not in drawn
    put: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: put.append(text) or True)
    key(app, pygame.K_m)
    assert "Official notation: @0/ B1+" in put[-1].splitlines()
    app.open_replay(GameRecord.loads(scene.recorder.record.dumps()))
    app.run_frames(2)
    assert isinstance(app.scene, ReplayScene) and app.scene.shown_moves() == ["B1+"]


def test_a_game_from_the_editors_one_tile_position_lists_copies_and_reads_moves_on_one_table(app, monkeypatch):
    """The position editor, its centre cell clicked round to ddll, Ctrl+Enter, Enter: a hot-seat
    game from that tile (``one_tile_game_checked``)."""
    from tests.test_ui_position_editor_clicks import open_editor, pixel_of, symbol

    app.setup_choices = SetupChoices(game_id="trax", mode=HOTSEAT)
    editor = open_editor(app, "trax")
    centre = editor.shown.game().centre
    for _ in range(6):
        if symbol(editor, centre) == "ddll":
            break
        click(app, pixel_of(editor, centre))
    assert editor.area.text.strip() == ONE_TILE_DDLL.strip()
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LCTRL)
    setup = app.scene
    assert setup.start_record is not None
    key(app, pygame.K_RETURN)
    one_tile_game_checked(app, monkeypatch)


def test_a_game_from_a_files_one_tile_position_lists_copies_and_reads_moves_on_one_table(app, monkeypatch, tmp_path):
    """A text file holding the position (``Trax`` and the board) dropped on the window: New game
    offers it, Enter starts it (``one_tile_game_checked``)."""
    app.setup_choices = SetupChoices(game_id="trax", mode=HOTSEAT)
    path = tmp_path / "one tile.txt"
    path.write_text(f"Trax\nPosition:\n{ONE_TILE_DDLL}", encoding="utf-8")
    drop(app, path)
    assert app.scene.start_record is not None, messages(app)
    key(app, pygame.K_RETURN)
    one_tile_game_checked(app, monkeypatch)


def test_the_workers_search_line_of_a_one_tile_positions_game_is_written_on_the_same_table():
    """The worker rebuilds the position searched from the job: it replayed the moves from the
    usual start, failed (another tile there) and read the position alone, two tiles with no first
    one, so g6+ after e6+ was written on the board unturned, C1+.  The job now names the start."""
    game = games.load("trax")
    start = game.from_text(ONE_TILE_DDLL)
    after = start.play(game.parse_move(start, "e6+"))
    job = Job("trax", dict(game.options), ("e6+",), game.to_text(after), "level-1", 0.1, start=ONE_TILE_DDLL)
    rebuilt = _rebuild(game, job)
    reply = game.parse_move(rebuilt, "g6+")
    assert _format_line(game, rebuilt, [reply], other=True) == [game.other_move_text(after, reply)] == ["@1+"]


# -- the messages that name a move ---------------------------------------------------------------
# CHAIN (tests/test_trax.py's): three tiles down column d, rows 2 to 4; c3/ lays a tile left of
# them, the official ``@2/`` (rows count from the top tile, d2's), and forces c2 and c4, ``@1`` and ``@3``.


def chain_game(app) -> GameScene:
    scene = GameScene(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 0.1, start=CHAIN))
    app.switch(scene)
    app.run_frames(2)
    return scene


def picker_label(app, monkeypatch, scene: GameScene, move: int) -> str:
    """Click ``move``'s cell and point at its tile in the picker: the line the picker writes under
    it, whole where a narrow picker draws it on two lines, the tile on one and the cells it forces
    on the next (``pointed_lines``: the picker beside the cell then covers fewer forced cells)."""
    import ui.views.trax as trax_view
    from games.trax_tiles import move_cell

    view = scene.view
    click(app, view.cell_rect(*divmod(move_cell(move), scene.game.size)).center)
    rect = next(r for r, m in view._picker_rects() if m == move)
    drawn = recorded_text(monkeypatch, trax_view)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1), buttons=(0, 0, 0)))
    app.run_frames(2)
    narrow = view._picker_layout()[2]
    key(app, pygame.K_ESCAPE)
    first = next(i for i, text in enumerate(drawn) if "ddll" in text)
    return SEPARATOR.join(drawn[first:first + (2 if narrow else 1)])


def test_the_pickers_line_and_the_computers_forced_tiles_are_named_in_the_chosen_notation(app, monkeypatch):
    """The picker's line for c3/ and the computer's note on playing it said ``c3/ ... forces c2,
    c4`` whatever the notation chosen; officially it is ``@2/ ... forces @1, @3``: the forced
    tiles, which the notation does not write, by the names Trax players give their spaces, as the
    board they are read on is labelled: before the turn for the picker, after it for the note
    (column c is then ``A``, the first with a tile)."""
    scene = chain_game(app)
    move = scene.game.parse_move(scene.state, "c3/")
    assert picker_label(app, monkeypatch, scene, move) == "@2/ ddll (light right-bottom) · forces @1, @3"
    assert scene._play(move, by_computer=True)
    assert "@2/ also laid its forced tiles: A1, A3" in messages(app)  # on the board it is read on: c is A now
    app.settings.trax_notation = "tabuleiro"
    scene = chain_game(app)
    assert picker_label(app, monkeypatch, scene, move) == "c3/ ddll (light right-bottom) · forces c2, c4"
    assert scene._play(move, by_computer=True)
    assert "c3/ also laid its forced tiles: c2, c4" in messages(app)


# -- the rules page's worked example ---------------------------------------------------------------
ASSETS = Path(__file__).resolve().parent.parent / "assets"
RULES_PAGES = {"en": ASSETS / "rules" / "trax.md", "pt": ASSETS / "locale" / "pt" / "rules" / "trax.md"}
EXAMPLE_HEADINGS = {"en": "### A worked example", "pt": "### Um exemplo"}
OFFICIALLY = r"(?:officially|oficialmente)"


def worked_example(language: str) -> tuple[list[tuple[str, str, list[tuple[str, str]]]], str]:
    """The rules page's worked example: each turn (our move, the official one, and the forced
    tiles it names, each cell with its official name), and the line it says Copy moves writes."""
    page = RULES_PAGES[language].read_text(encoding="utf-8")
    section = page.split(EXAMPLE_HEADINGS[language], 1)[1].split("\n## ", 1)[0]
    turns = []
    for bullet in section.split("\n- ")[1:]:
        bullet = " ".join(bullet.split())
        ours, official = re.search(rf"`([a-z]\d+[+/\\])`, {OFFICIALLY} `([^`]+)`", bullet).groups()
        forced = re.findall(rf"(?:forces|força) ([a-z]\d+), {OFFICIALLY} `([^`]+)`", bullet)
        turns.append((ours, official, forced))
    copied = re.search(r'["«](Official notation: [^"»]+)["»]', " ".join(section.split())).group(1)  # pt quotes «...»
    return turns, copied


@pytest.mark.parametrize("language", sorted(RULES_PAGES))
def test_the_rules_pages_worked_example_is_what_the_window_shows(app, monkeypatch, language):
    """The example's moves typed in a game from the usual start: the move list draws each one as
    the page writes it officially (and, on Tabuleiro, as ours), the forced tiles are named as the
    page names them, and Copy moves writes the page's line."""
    from ui.views.trax import forced_cells

    turns, copied = worked_example(language)
    assert len(turns) == 3
    scene = play_trax(app, monkeypatch, " ".join(ours for ours, _official, _forced in turns))
    assert played(scene) == [ours for ours, _official, _forced in turns]
    drawn = drawn_after(app, monkeypatch)
    assert all(official in drawn for _ours, official, _forced in turns), drawn
    for ply, (_ours, _official, forced) in zip(scene.history, turns):
        assert forced_cells(ply.before, ply.move) == ", ".join(cell for cell, _name in forced)
        assert forced_cells(ply.before, ply.move, other=True) == ", ".join(name for _cell, name in forced)
    put: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: put.append(text) or True)
    key(app, pygame.K_m)
    assert copied in put[-1].splitlines()
    app.settings.trax_notation = "tabuleiro"
    drawn = drawn_after(app, monkeypatch)
    assert all(ours in drawn for ours, _official, _forced in turns), drawn


def test_the_move_fields_example_is_written_as_the_list_writes_moves(app, monkeypatch):
    """Enter opens the move field, whose placeholder gives a legal move as an example: in a Trax
    game it was our ``e6+`` beside a list of official moves; now it is written as the list writes
    them (the first legal move, a tile on f5 above the centre tile: ``A0`` and its shape), and
    ours on Tabuleiro."""
    for notation, example in (("official", "A0"), ("tabuleiro", "f5")):
        app.settings.trax_notation = notation
        scene = GameScene(app, MatchSetup("trax", {}, HOTSEAT, (None, None), 0.1))
        app.switch(scene)
        app.run_frames(2)
        first = scene.state.legal_moves()[0]
        written = scene.game.format_move(scene.state, first)
        assert written.startswith("f5")
        key(app, pygame.K_RETURN)
        shown = f"A move or a list, like {example}{written[2:]}: Enter plays, Esc closes, Ctrl+V pastes"
        assert shown in drawn_after(app, monkeypatch)
        key(app, pygame.K_ESCAPE)


# -- the letters round the board -------------------------------------------------------------------
def labels_drawn(app, monkeypatch) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The labels drawn above the board, each with the x of its middle, and those drawn left of
    it, each with its y, left to right and top to bottom, as the screen's next frames draw them."""
    from ui import grid_view

    drawn = recorded_text_rects(monkeypatch, grid_view)
    app.invalidate()
    app.run_frames(2)
    grid = app.scene.view.grid
    above = {rect.centerx: text for text, rect in drawn if text and rect.bottom <= grid.top}
    left = {rect.centery: text for text, rect in drawn if text and rect.right <= grid.left}
    return [(above[x], x) for x in sorted(above)], [(left[y], y) for y in sorted(left)]


def board_labels(app, monkeypatch) -> tuple[dict[str, int], dict[str, int]]:
    """The letters drawn above the board (each with the x of its middle) and the numbers drawn
    left of it (each with its y), as the screen's next frames draw them: the names a square is
    found by (not the dots where the official notation names none)."""
    from ui.views.trax import UNNAMED_LABEL

    above, left = labels_drawn(app, monkeypatch)
    return ({text: x for text, x in above if text != UNNAMED_LABEL},
            {text: y for text, y in left if text != UNNAMED_LABEL})


def square_named(app, monkeypatch, name: str) -> tuple[int, int]:
    """The pixel a player finds ``name`` (``C2``, ``e5``) at by the labels round the board: under
    its column's letters, beside its row's number."""
    column, row = re.match(r"^([@A-Za-z]+)(\d+)$", name).groups()
    above, left = board_labels(app, monkeypatch)
    assert column in above and row in left, (name, above, left)
    return above[column], left[row]


def test_a_move_written_officially_is_found_by_the_letters_round_the_board(app, monkeypatch):
    """A beginner read the move field's and the list's ``A0/`` off the board's own letters (a to
    j, 1 to 10) and found another square.  While the moves are named officially, the letters and
    numbers round the board are the official ones, counted from the tiles as they lie: each legal
    move written officially lies under its column's letter and beside its row's number, and a
    click there opens the picker on that very cell."""
    from games.trax_tiles import move_cell

    scene = play_trax(app, monkeypatch, "e6+ f5+ e4/")
    game, state, view = scene.game, scene.state, scene.view
    for move in state.legal_moves():
        official = game.other_move_text(state, move)[:-1]
        assert view.cell_at(square_named(app, monkeypatch, official)) == divmod(move_cell(move), game.size), official
    move = next(m for m in state.legal_moves() if game.other_move_text(state, m).startswith("@2"))
    click(app, square_named(app, monkeypatch, "@2"))
    assert view.picker is not None and view.picker[0] == move_cell(move)
    above, left = board_labels(app, monkeypatch)
    assert "a" not in above and "10" not in left  # the board's own names are not drawn beside them


@pytest.mark.parametrize("moves", ["e6+ f5+", "e6+ f5+ e4/ d4+"])
def test_every_column_and_row_of_the_board_has_its_label_in_the_official_notation(app, monkeypatch, moves):
    """The official notation names no column left of ``@`` nor row above ``0``: their labels were
    blank, and the 10x10 board's top rows and left columns looked cut off.  Every column and row
    has its label now, a dot where the notation names none, the official names where it does."""
    from ui.views.trax import UNNAMED_LABEL

    scene = play_trax(app, monkeypatch, moves)
    columns, rows = scene.game.official_axes(scene.state)
    above, left = labels_drawn(app, monkeypatch)
    assert [text for text, _x in above] == [name or UNNAMED_LABEL for name in columns]
    assert [text for text, _y in left] == [name or UNNAMED_LABEL for name in rows]
    assert UNNAMED_LABEL in {text for text, _x in above} and "@" in {text for text, _x in above}


@pytest.mark.parametrize("notation", ["official", "tabuleiro"])
def test_every_edge_of_the_board_names_its_columns_and_rows_one_way(app, monkeypatch, notation):
    """Under and right of the board stood the cells' own letters and numbers (a to h, 1 to 8)
    while the official names stood above and left of it ("· · · @ A B"): two ways of naming one
    board side by side, and a player read ``A`` above and ``e`` below as two columns.  Each edge
    now names every column and row as the opposite edge does, in the notation the move list
    writes: the official names (``Trax.official_axes``), or on Tabuleiro the cells'."""
    from ui import grid_view
    from ui.views.trax import UNNAMED_LABEL

    app.settings.trax_notation = notation
    scene = play_trax(app, monkeypatch, "e4\\", {"size": 8})
    drawn = recorded_text_rects(monkeypatch, grid_view)
    app.invalidate()
    app.run_frames(2)
    grid = scene.view.grid
    below = {rect.centerx: text for text, rect in drawn if text and rect.top >= grid.bottom}
    right = {rect.centery: text for text, rect in drawn if text and rect.left >= grid.right}
    above, left = labels_drawn(app, monkeypatch)
    assert [below[x] for x in sorted(below)] == [text for text, _x in above], (below, above)
    assert [right[y] for y in sorted(right)] == [text for text, _y in left], (right, left)
    columns, rows = scene.game.official_axes(scene.state)
    if notation == "official":
        assert [text for text, _x in above] == [name or UNNAMED_LABEL for name in columns]
        assert [text for text, _y in left] == [name or UNNAMED_LABEL for name in rows]
    else:
        assert [text for text, _x in above] == list("abcdefgh")
        assert [text for text, _y in left] == [str(n) for n in range(1, 9)]


def test_on_tabuleiro_the_letters_round_the_board_are_its_cells(app, monkeypatch):
    """Tabuleiro's notation names the cells: the labels stay a to j and 1 to 10, e5 where it was."""
    app.settings.trax_notation = "tabuleiro"
    scene = play_trax(app, monkeypatch, "e6+ f5+")
    above, left = board_labels(app, monkeypatch)
    assert sorted(above) == list("abcdefghij") and sorted(left, key=int) == [str(n) for n in range(1, 11)]
    assert scene.view.cell_at(square_named(app, monkeypatch, "e5")) == (4, 4)


def test_the_last_move_laid_above_the_tiles_is_on_row_1_once_played_as_the_rules_page_says(app, monkeypatch):
    """The rules page: ``A0/``, laid above the tiles, is on row 1 once played, the labels counting
    from the tiles as they lie now; the list keeps it as it was written."""
    scene = play_trax(app, monkeypatch, "e6+ f5+ e4/")
    assert "A0/" in drawn_after(app, monkeypatch)
    assert scene.view.cell_at(square_named(app, monkeypatch, "A1")) == (3, 4)  # e4, the last move's cell


def test_the_replay_labels_its_board_as_its_list_writes_the_moves(app, monkeypatch):
    """The replay's list is written officially too: its board is labelled so, the position
    shown counted as on the game screen."""
    scene = play_trax(app, monkeypatch, "e6+ f5+ e4/")
    on_game_screen = [sorted(labels, key=labels.get) for labels in board_labels(app, monkeypatch)]
    assert on_game_screen == [list("@ABCDEF"), [str(n) for n in range(8)]]
    app.open_replay(GameRecord.loads(scene.recorder.record.dumps()))
    app.run_frames(2)
    assert isinstance(app.scene, ReplayScene) and app.scene.shown_moves()[-1] == "A0/"
    assert [sorted(labels, key=labels.get) for labels in board_labels(app, monkeypatch)] == on_game_screen


@pytest.mark.parametrize(("language", "start"), [("en", "Official counts the spaces from the tiles"),
                                                 ("pt", "Oficial conta os espaços a partir das peças")])
def test_the_notation_setting_says_the_letters_round_the_board_follow_it(app, language, start):
    """Under Settings > Trax notation a line says what each choice names and that the board's
    letters follow the official one, in the window's language."""
    with in_language(app, language):
        click_widget(app, app.scene.menu, "settings")
        note = app.scene.menu.get_widget("trax_notation_note")
        assert note is not None and note.get_title().startswith(start)
        assert "B2+" in note.get_title() and "e5+" in note.get_title()


def test_the_search_trees_board_is_labelled_as_its_moves_are_written(app, monkeypatch):
    """The search tree writes its moves officially (ui/notation.py): the board beside it, the
    position of the node chosen, is labelled officially too, on every edge, as the game's board
    is (a to j nowhere)."""
    from tests.test_tree import built
    from ui import grid_view
    from ui.scenes.tree_explorer import TreeExplorerScene

    scene = play_trax(app, monkeypatch, "e6+ f5+ e4/")
    explorer = TreeExplorerScene(app, scene.game, scene.state, depth=1)
    app.switch(explorer)
    built(app, explorer)
    drawn = recorded_text_rects(monkeypatch, grid_view)
    app.invalidate()
    app.run_frames(2)
    grid = explorer.view.grid
    above = [text for text, rect in drawn if rect.bottom <= grid.top]
    left = [text for text, rect in drawn if rect.right <= grid.left]
    below = [text for text, rect in drawn if rect.top >= grid.bottom]
    assert "@" in above and "0" in left and "a" not in above, above
    assert "@" in below and "a" not in below, below
    explorer.close()


@pytest.mark.parametrize(("language", "far", "taken"), [
    ("en", "That space does not touch a tile", "A1 is not empty"),
    ("pt", "Esse espaço não toca em nenhuma peça", "A1 não está vazia")])
def test_a_refused_click_names_the_space_as_the_letters_round_the_board_do(app, monkeypatch, language, far, taken):
    """A click on the board's corner was told "a1 does not touch a tile" and one on the centre
    tile "f6 is not empty", names the official labels round the board no longer show: the space
    is named as they name it (``Trax.space_name``), or "that space" where they name none."""
    with in_language(app, language):
        scene = play_trax(app, monkeypatch, "")
        above, left = board_labels(app, monkeypatch)
        click(app, scene.view.cell_rect(0, 0).center)
        assert messages(app)[-1] == far
        click(app, square_named(app, monkeypatch, "A1"))
        assert messages(app)[-1] == taken
        app.settings.trax_notation = "tabuleiro"
        scene = play_trax(app, monkeypatch, "")
        click(app, square_named(app, monkeypatch, "f6"))
        assert messages(app)[-1] == taken.replace("A1", "f6")


def tags_on_the_board(app, monkeypatch) -> dict[str, pygame.Rect]:
    """The words the Trax view writes on its board in the next frames (its tags), each with its place."""
    import ui.views.trax as trax_view

    drawn = recorded_text_rects(monkeypatch, trax_view)
    app.invalidate()
    app.run_frames(2)
    return dict(drawn)


def beside(tag: pygame.Rect, tile: pygame.Rect) -> bool:
    """Whether a tag (its words or its backing) stands next to a tile, off it: across the line
    through the tile's middle, within a quarter of the tile of one of its sides."""
    if tag.colliderect(tile):
        return False
    reach = tile.width // 4
    above_or_below = tag.left <= tile.centerx <= tag.right and (0 <= tile.top - tag.bottom <= reach
                                                                 or 0 <= tag.top - tile.bottom <= reach)
    left_or_right = tag.top <= tile.centery <= tag.bottom and (0 <= tile.left - tag.right <= reach
                                                                or 0 <= tag.left - tile.right <= reach)
    return above_or_below or left_or_right


def test_the_last_move_keeps_its_name_on_its_tile_where_the_labels_moved_under_it(app, monkeypatch):
    """``A0/`` (e4/), laid above the tiles, is on row 1 once played: a beginner looked for the
    list's last move on row 0 and found an empty square.  Its tile carries the name the list
    gives it, on a tag beside it; a move the labels still name (g6/, ``C2/``) carries none,
    nor does any move on Tabuleiro, whose labels never move."""
    scene = play_trax(app, monkeypatch, "e6+ f5+ e4/")
    app.run_frames(60, until=lambda: not scene.view.marks_wait(), timeout=5)
    tags = tags_on_the_board(app, monkeypatch)
    cell = scene.view.cell_rect(3, 4)  # e4
    assert "A0/" in tags, tags
    assert beside(tags["A0/"], cell), (tags["A0/"], cell)  # test_the_last_moves_tag_leaves_its_tile_in_sight
    scene = play_trax(app, monkeypatch, "e6+ f5+ g6/")
    app.run_frames(60, until=lambda: not scene.view.marks_wait(), timeout=5)
    assert "C2/" in drawn_after(app, monkeypatch) and "C2/" not in tags_on_the_board(app, monkeypatch)
    app.settings.trax_notation = "tabuleiro"
    scene = play_trax(app, monkeypatch, "e6+ f5+ e4/")
    app.run_frames(60, until=lambda: not scene.view.marks_wait(), timeout=5)
    assert not {"e4/", "A0/"} & set(tags_on_the_board(app, monkeypatch))


def test_the_last_moves_tag_leaves_the_hints_tile_in_sight(app, monkeypatch):
    """Hot-seat, Light's ``A0/`` laid above the centre tile, then Dark's H: the hint was the cell
    above it, and the tag "A0/" of the last move, above its tile, covered half the hint's ghost.
    The tag stands where no ghost of the hint's turn is (left or right of the tile here)."""
    from games.trax import move_cell

    scene = play_trax(app, monkeypatch, "A0/")
    app.run_frames(60, until=lambda: not scene.view.marks_wait(), timeout=5)
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 60)
    last = move_cell(scene.history[-1].move)
    above = [m for m in scene.state.legal_moves() if move_cell(m) == last - scene.view.cols]
    scene.hint = above[0]  # the level's hint in the window at 1 s a move, pinned: a faster one may choose another
    tags = tags_on_the_board(app, monkeypatch)
    ghosts = [scene.view.cell_rect(*scene.view.move_cell(m)) for m in scene.state.forced_tiles(scene.hint)]
    tile = scene.view.cell_rect(*scene.view.move_cell(scene.history[-1].move))
    assert "A0/" in tags and beside(tags["A0/"], tile), tags
    assert not any(tags["A0/"].colliderect(ghost) for ghost in ghosts), (tags, ghosts)


def test_the_last_moves_tag_stays_clear_of_the_open_picker(app, monkeypatch):
    """Hot-seat, ``A0/`` laid above the tiles; the next player walks the keyboard's cursor to C1
    and opens its picker (Enter): the pointed tile's line "C1/ ddll (light right-bottom)" lay
    over the tag "A0/" of the last move.  The tag stands off the picker, its tiles and its lines
    (``TraxView._tag_place``), and still beside its tile."""
    import ui.views.trax as trax_view
    from tests.test_ui_board_cursor import walk

    scene = play_trax(app, monkeypatch, "e6+ f5+ e4/")
    app.run_frames(60, until=lambda: not scene.view.marks_wait(), timeout=5)
    c1 = square_named(app, monkeypatch, "C1")
    key(app, pygame.K_DOWN)  # the cursor
    walk(app, scene, next(place for place, rect in scene.view.targets(scene.state) if rect.collidepoint(c1)))
    key(app, pygame.K_RETURN)  # the picker, the cursor on its first tile
    assert scene.view.picker is not None
    drawn = recorded_text_rects(monkeypatch, trax_view)
    app.invalidate()
    app.run_frames(2)
    tag = dict(drawn)["A0/"]
    lines = [(text, rect) for text, rect in drawn if text.startswith("C1")]
    tiles = [rect for place, rect in scene.view.targets(scene.state) if place[0] == "tile"]
    assert lines and tiles, drawn
    assert not any(tag.colliderect(rect) for rect in [*(rect for _text, rect in lines), *tiles]), (tag, lines, tiles)
    assert beside(tag, scene.view.cell_rect(3, 4)), tag  # e4's tile, where A0/ lies


def test_the_last_moves_tag_keeps_off_the_keyboards_cursor(app, monkeypatch):
    """Hot-seat, ``A0/`` laid above the tiles, its tag above it; the next player walks the
    keyboard's cursor onto that empty cell: the tag lay over the cursor's ring and the cell's
    legal-move dot.  The tag moves to another side of its tile, off the cursor's cell."""
    from tests.test_ui_board_cursor import walk

    scene = play_trax(app, monkeypatch, "e6+ f5+ e4/")
    app.run_frames(60, until=lambda: not scene.view.marks_wait(), timeout=5)
    tile = scene.view.cell_rect(3, 4)  # e4's, where A0/ lies
    tag = tags_on_the_board(app, monkeypatch)["A0/"]
    under = next(place for place, rect in scene.view.targets(scene.state) if rect.colliderect(tag) and place != (3, 4))
    key(app, pygame.K_DOWN)  # the cursor
    walk(app, scene, under)
    ring = scene.cursor.current(scene.view, scene.state)
    tag = tags_on_the_board(app, monkeypatch)["A0/"]
    assert not tag.colliderect(ring) and beside(tag, tile), (tag, ring, tile)


def test_the_last_moves_tag_leaves_analysis_best_value_in_sight(app, monkeypatch):
    """Hot-seat, ``A0/`` laid above the centre tile, then analysis (A): its best move was on the
    cell above that tile, where the tag "A0/" of the last move stood, and analysis drew that
    move's value as a bare dot beside the tag.  The tag keeps off the better of analysis' valued
    places (here the right of the tile, the worst), still beside its tile, and the dot of the value
    it took is left out (it hid the tag's "/").  The values are pinned
    (``GameAnalysis.labels``): the engine at the window's pace may rank the moves otherwise."""
    import ui.analysis_mode as analysis_mode
    from games.trax import move_cell

    scene = play_trax(app, monkeypatch, "A0/")
    app.run_frames(60, until=lambda: not scene.view.marks_wait(), timeout=5)
    tile = move_cell(scene.history[-1].move)
    cols = scene.view.cols
    worst_first = [tile + 1, tile - 1, tile - cols]  # right, left, then above: the best
    labels = {}
    for rank, cell in enumerate(worst_first):
        move = next(m for m in scene.state.legal_moves() if move_cell(m) == cell)
        labels[move] = analysis_mode.MoveLabel(f"{rank - 1:+.1f}", tone=rank - 1, best=cell == tile - cols, rank=(rank,))
    monkeypatch.setattr(scene.analysis, "labels", lambda *_args: dict(reversed(labels.items())))
    tag = tags_on_the_board(app, monkeypatch)["A0/"]
    tile_rect = scene.view.cell_rect(*scene.view.move_cell(scene.history[-1].move))
    above, left = (scene.view.cell_rect(divmod(cell, cols)[0], cell % cols) for cell in (worst_first[2], worst_first[1]))
    assert beside(tag, tile_rect), (tag, tile_rect)
    assert not tag.colliderect(above) and not tag.colliderect(left), (tag, above, left)
    # the value the tag's side took is a dot, which analysis drew over the tag's words: left out
    dots = []
    monkeypatch.setattr(analysis_mode, "two_rim_dot", lambda _surface, _colour, centre, _r: dots.append(centre))
    layout = analysis_mode.draw_move_values(app.screen, scene.view, scene.analysis.labels(), app.theme)
    under = [place.centre for place in layout.dots if tag.collidepoint(place.centre)]
    assert under and not set(under) & set(dots), (under, dots)


# -- a refused typed move names the spaces as the letters round the board do -----------------------
def typed(app, monkeypatch, text: str) -> str:
    """``text`` typed in the move field (Ctrl+V, Enter): the message the window then shows last
    ("" if none)."""
    paste(app, monkeypatch, text)
    key(app, pygame.K_RETURN)
    return (messages(app) or [""])[-1]


@pytest.mark.parametrize(("language", "refusals", "on_tabuleiro"), [
    ("en", {"A1+": "Not a legal move: 'A1+': A1 is not empty",
            "A3\\": "Not a legal move: 'A3\\': no \\ tile at A3 matches its neighbours' colours; legal at A3: A3+, A3/",
            "f6+": "Not a legal move: 'f6+' is B2+ here: B2 is not empty",
            "e7\\": "Not a legal move: 'e7\\' is A3\\ here: no \\ tile at A3 matches its neighbours' colours; legal at "
                   "A3: A3+, A3/"},
     "Not a legal move: 'A1+' is e5+ here: e5 is not empty"),
    ("pt", {"A1+": "Jogada ilegal: 'A1+': A1 não está vazia",
            "A3\\": "Jogada ilegal: 'A3\\': nenhuma peça \\ em A3 combina com as cores das vizinhas; legais em A3: "
                    "A3+, A3/",
            "f6+": "Jogada ilegal: 'f6+' é B2+ aqui: B2 não está vazia",
            "e7\\": "Jogada ilegal: 'e7\\' é A3\\ aqui: nenhuma peça \\ em A3 combina com as cores das vizinhas; "
                   "legais em A3: A3+, A3/"},
     "Jogada ilegal: 'A1+' é e5+ aqui: e5 não está vazia")])
def test_a_refused_typed_move_names_the_spaces_as_the_letters_round_the_board_do(app, monkeypatch, language,
                                                                                 refusals, on_tabuleiro):
    """``A1+`` typed on the tile at e5 was told "'A1+' is e5+ here: e5 is not empty", a name the
    official letters round the board no longer show.  With Trax notation on Official a refused
    move names its spaces, and the legal moves there, as the letters and numbers do (the space
    so named is the one typed, where the board shows it); a move typed in our notation (f6+) is
    first said to be the space the letters name.  On Tabuleiro the cells' names stay."""
    from games.trax_tiles import move_cell

    with in_language(app, language):
        scene = play_trax(app, monkeypatch, "e6+ f5+ g6/ f7+")
        for text, said in refusals.items():
            assert typed(app, monkeypatch, text) == said
        view, state = scene.view, scene.state
        assert view.cell_at(square_named(app, monkeypatch, "A1")) == (4, 4) and state.tile_at(4, 4)  # e5, a tile
        legal_e7 = {scene.game.other_move_text(state, m) for m in state.legal_moves() if move_cell(m) == 64}
        assert view.cell_at(square_named(app, monkeypatch, "A3")) == (6, 4) and legal_e7 == {"A3+", "A3/"}
        app.settings.trax_notation = "tabuleiro"
        play_trax(app, monkeypatch, "e6+ f5+ g6/ f7+")
        assert typed(app, monkeypatch, "A1+") == on_tabuleiro


@pytest.mark.parametrize(("language", "official", "on_tabuleiro"), [
    ("en", "Not a legal move: 'e2\\' is D1\\ here, which would make three dark edges meet at C2; legal at D1: D1+, D1/",
     "Not a legal move: 'D1\\' is e2\\ here, which would make three dark edges meet at d3; legal at e2: e2+, e2/"),
    ("pt", "Jogada ilegal: 'e2\\' é D1\\ aqui, o que faria três margens escuras encontrarem-se em C2; legais em D1: "
           "D1+, D1/",
     "Jogada ilegal: 'D1\\' é e2\\ aqui, o que faria três margens escuras encontrarem-se em d3; legais em e2: "
     "e2+, e2/")])
def test_a_typed_move_whose_turn_clashes_is_named_once_in_the_other_notation(app, monkeypatch, language, official,
                                                                            on_tabuleiro):
    """``e2\\`` typed on ILLEGAL (its forced tiles bring three dark edges into d3) with the
    board labelled officially was told "'e2\\' is D1\\ here: 'e2\\' would make three ...": the
    typed move said twice.  It is said once, the clash going on from where it lies, in either
    notation and language."""
    from tests.test_trax import ILLEGAL

    with in_language(app, language):
        for notation, text, said in (("official", "e2\\", official), ("tabuleiro", "D1\\", on_tabuleiro)):
            app.settings.trax_notation = notation
            app.switch(GameScene(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 0.1, start=ILLEGAL)))
            app.run_frames(2)
            assert typed(app, monkeypatch, text) == said


# -- the computer's forced tiles are named as the board shows them once its turn is laid -----------
@pytest.mark.parametrize(("language", "note", "taken"), [
    ("en", "B0+ also laid its forced tiles: A1", "A1 is not empty"),
    ("pt", "B0+ também pôs as suas peças forçadas: A1", "A1 não está vazia")])
def test_the_computers_forced_tiles_are_named_as_the_letters_round_the_board_name_them_after_its_turn(
        app, monkeypatch, language, note, taken, computer_thinks_until_told):
    """The computer's f5+ (``B0+``, above the tiles) forces e5, ``A0`` counted before the move:
    the note said "B0+ also laid its forced tiles: A0", and row 0 of the board it was read on is
    the empty row above the tiles, e5 now on row 1.  The notation writes no forced tile, and the
    note is read on the board after the turn: it names the forced tile as the letters round that
    board do, and a click there finds the tile it names.  The computer's worker answers f5+, as
    the test tells it (``computer_thinks_until_told``): the course player's own reply, within
    milliseconds, could be played before the test's, once ``HUMAN_VS_PC_DELAY`` had passed in a
    loaded machine's frames."""
    from games.trax_tiles import move_cell

    with in_language(app, language):
        scene = GameScene(app, MatchSetup("trax", {}, HUMAN_VS_PC, (None, "trax:greedy"), 0.1))
        app.switch(scene)
        app.run_frames(2)
        typed(app, monkeypatch, "e6+")
        assert played(scene) == ["e6+"]
        computer_thinks_until_told.answer("f5+")  # the computer's reply, sent by its worker
        assert wait(app, lambda: len(scene.history) == 2, 60)
        app.run_frames(60, until=lambda: not scene.view.marks_wait(), timeout=5)
        assert played(scene) == ["e6+", "f5+"] and note in messages(app), messages(app)
        forced = scene.state.turn[1:]
        assert [divmod(move_cell(m), 10) for m in forced] == [(4, 4)]  # e5
        click(app, square_named(app, monkeypatch, "A1"))
        assert messages(app)[-1] == taken
        assert scene.view.cell_at(square_named(app, monkeypatch, "A1")) == (4, 4)


# -- the notation changed in Settings shows on the board at once ------------------------------------
def test_the_notation_changed_in_settings_labels_the_board_on_the_first_frame_back_in_the_game(app, monkeypatch):
    """The labels round the board follow Settings > Trax notation as soon as the game is back:
    from a game, Esc to the menu, Settings, the notation changed, back, Continue: the first frame
    of the game draws the other labels (no frame with the old ones), both ways."""
    from ui import grid_view

    scene = play_trax(app, monkeypatch, "e6+ f5+ e4/")
    labels = [sorted(drawn, key=drawn.get) for drawn in board_labels(app, monkeypatch)]
    assert labels == [list("@ABCDEF"), [str(n) for n in range(8)]]
    for notation, columns in (("Tabuleiro", list("abcdefghij")), ("Official", ["·", *"@ABCDEF"])):
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, MenuScene)
        choose_notation(app, notation)
        app.run_frames(10 ** 6, until=lambda: not app.scene.reading.loading, timeout=10)
        drawn = recorded_text_rects(monkeypatch, grid_view)
        click_widget(app, app.scene.menu, "continue")
        assert isinstance(app.scene, GameScene) and app.scene is not scene
        scene = app.scene
        above = [text for text, rect in drawn if text and rect.bottom <= scene.view.grid.top]
        assert above and set(above) <= set(columns), above  # every frame since, the first too
        assert played(scene) == ["e6+", "f5+", "e4/"]


# -- stepping back through the moves: each step's tag names that step's move --------------------------
STEPPED = ("e6+ f5+ g6/ e4/", ["@1+", "B0+", "C2/", "A0/"])  # ours, and as the list writes them


def tags_while_stepping_back(app, monkeypatch, scene, cell_of_ply) -> list[dict[str, pygame.Rect]]:
    """Left pressed from the last move to the start: at each step (the last move first) the tags
    the board carries, each with its place, and the rectangle of that step's last tile."""
    steps = []
    for ply in range(len(STEPPED[1]), -1, -1):
        app.run_frames(60, until=lambda: not scene.view.marks_wait(), timeout=5)
        tags = tags_on_the_board(app, monkeypatch)
        steps.append((ply, tags, scene.view.cell_rect(*cell_of_ply(ply)) if ply else None))
        key(app, pygame.K_LEFT)
    return steps


def assert_each_tag_names_its_steps_move(steps) -> None:
    """Each step shows at most one tag, the list's name of the move that step ends on, at that
    move's tile; no step shows another move's name; the moves the labels still name (C2/) and the
    start carry none."""
    written = STEPPED[1]
    for ply, tags, tile in steps:
        named = [text for text in tags if text in written]
        if ply == 0 or written[ply - 1] == "C2/":
            assert named == [], (ply, tags)
            continue
        assert named == [written[ply - 1]], (ply, tags)
        assert beside(tags[written[ply - 1]], tile), (ply, tags, tile)


def test_stepping_back_through_the_moves_each_tag_names_that_steps_move(app, monkeypatch):
    """Left steps back through the game: the tag on the board names the move the step shows as
    last, at its tile, as the move list writes it, and never another; the replay steps the same."""
    from games.trax_tiles import move_cell

    scene = play_trax(app, monkeypatch, STEPPED[0])
    assert played(scene) == STEPPED[0].split()
    history = list(scene.history)
    steps = tags_while_stepping_back(app, monkeypatch, scene,
                                     lambda ply: divmod(move_cell(history[ply - 1].move), 10))
    assert [ply for ply, _tags, _tile in steps] == [4, 3, 2, 1, 0] and scene.browsing == 0
    assert_each_tag_names_its_steps_move(steps)
    app.open_replay(GameRecord.loads(scene.recorder.record.dumps()))
    app.run_frames(2)
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.shown_moves() == STEPPED[1]
    key(app, pygame.K_END)
    steps = tags_while_stepping_back(app, monkeypatch, replay,
                                     lambda ply: divmod(move_cell(replay.moves[ply - 1]), 10))
    assert replay.ply == 0
    assert_each_tag_names_its_steps_move(steps)


def test_the_last_moves_tag_leaves_its_tile_in_sight(tmp_path, monkeypatch):
    """On a 25x25 board at 800x560 a tile is 18 pixels, and the tag of its name (``A0\\``), laid
    across the tile's top edge, hid most of the tile the player had just placed: the tag stands
    beside its tile, above it where that covers no tile, and off it on the board's top row too
    (kept inside the board, over the tile, it hid the tile there), never over another tile
    where a side is free (``@2/``, laid left of the centre tile, beside the tile above that)."""
    from tests.ui_helpers import window_for_a_test

    with window_for_a_test(tmp_path, monkeypatch, size=(800, 560)) as window:
        for size, moves, name, side in ((25, "m12\\", "A0\\", "above"), (7, "d3+ d2+ d1+", "A0+", None),
                                        (25, "m12\\ l13/", "@2/", None)):
            scene = play_trax(window, monkeypatch, moves, {"size": size})
            window.run_frames(60, until=lambda scene=scene: not scene.view.marks_wait(), timeout=5)
            assert name in tags_on_the_board(window, monkeypatch), (size, moves)
            view, move = scene.view, scene.history[-1].move
            (tag,), tile = view.notes, view.cell_rect(*view.move_cell(move))  # the tag's backing; the tile
            assert beside(tag, tile), (moves, tag, tile)
            assert {"above": tag.bottom == tile.top, None: True}[side], (moves, tag)
            others = [view.cell_rect(*divmod(i, size)) for i, held in enumerate(scene.state.cells) if held]
            assert not [other for other in others if other.colliderect(tag)], (moves, tag)
