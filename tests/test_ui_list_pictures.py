"""The pictures on the game lists' rows, seen as a user sees them (headless App, posted events):
each row of Saved games and Continue shows its game's board as the game stands, drawn by the
game's own board view; a record whose moves cannot be replayed keeps its row without a picture;
only the rows in sight are replayed, off the window's thread, and leaving the list meanwhile is
quiet."""

from __future__ import annotations

import threading
from dataclasses import replace

import pygame
import pytest

import games
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import key, recorded_text_rects, wait
from ui import autosave_reading
from ui.autosave import SHELF
from ui.data_folders import games_dir
from ui.record_files import save
from ui.scenes import row_pictures
from ui.scenes.common import board_picture
from ui.scenes.records import RecordsScene, opening_of
from ui.scenes.unfinished import UnfinishedScene
from ui.text import join_parts


def reversi_game(plies: int, first_choice: bool = True) -> GameRecord:
    """A Reversi game of ``plies`` plies (each the first or the last legal move), or to its end."""
    game = games.load("reversi")
    state, moves = game.initial_state(), []
    while not state.is_terminal() and len(moves) < plies:
        options = state.legal_moves()
        move = options[0] if first_choice else options[-1]
        moves.append(game.format_move(state, move))
        state = state.play(move)
    return GameRecord.start(game, (Side(None, "Ana"), Side("level-1", "Level 1"))).with_moves(moves, state)


def open_list(app, scene_type=RecordsScene) -> RecordsScene:
    scene = scene_type(app)
    app.switch(scene)
    app.run_frames(1)
    return scene


def shows(app, area: pygame.Rect, picture: pygame.Surface) -> bool:
    """The window shows ``picture`` in ``area``: every pixel the board covers is the picture's."""
    opaque = [(x, y) for x in range(area.width) for y in range(area.height) if picture.get_at((x, y)).a == 255]
    assert len(opaque) > area.width * area.height // 4, "the board covers almost none of its picture"
    return all(app.screen.get_at((area.x + x, area.y + y))[:3] == picture.get_at((x, y))[:3] for x, y in opaque)


def colours(app, area: pygame.Rect) -> set[tuple[int, int, int]]:
    """The colours the window shows in ``area``."""
    return {tuple(app.screen.get_at((x, y))[:3]) for x in range(area.left, area.right) for y in range(area.top, area.bottom)}


def picture_of(app, entry, state) -> pygame.Surface:
    return board_picture(state, app.theme, *entry.picture.size)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_finished_games_row_shows_its_final_position_beside_its_text(app, monkeypatch, size):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    record = reversi_game(200)
    assert record.is_finished()
    save(record, games_dir() / "won.json")
    scene = open_list(app)
    [entry] = scene.entries
    final = picture_of(app, entry, record.final_state())
    assert wait(app, lambda: shows(app, entry.picture, final), 30)
    assert not shows(app, entry.picture, picture_of(app, entry, record.first_state()))
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    title, detail = scene.row_text(entry)
    said = {title, detail, join_parts([detail, opening_of(entry)])}  # the opening where it fits
    row_texts = [rect for text, rect in drawn if text in said]
    assert len(row_texts) == 2 and entry.rect.contains(entry.picture)
    assert not any(rect.colliderect(entry.picture) for rect in row_texts)  # the text beside it, whole


def test_an_unfinished_games_row_shows_its_current_position_and_follows_its_file(app):
    """Played on (here, as in another window) the game's file changes: the list opened again shows
    the new position, not the one it drew before."""
    record = reversi_game(6)
    slot = SHELF.new_slot(record)
    slot.save(record)
    scene = open_list(app, UnfinishedScene)
    [entry] = scene.entries
    assert wait(app, lambda: shows(app, entry.picture, picture_of(app, entry, record.final_state())), 30)

    key(app, pygame.K_ESCAPE)
    longer = reversi_game(20)
    slot.save(longer)
    scene = open_list(app, UnfinishedScene)
    [entry] = scene.entries
    assert len(entry.record.moves) == 20
    assert wait(app, lambda: shows(app, entry.picture, picture_of(app, entry, longer.final_state())), 30)


@pytest.mark.parametrize("damage", ["moves the rules refuse", "a game this Tabuleiro lacks"])
def test_a_record_that_cannot_be_replayed_keeps_its_row_without_a_picture(app, monkeypatch, damage):
    """Listed from what an earlier reading kept (the list's cache), a record whose moves no longer
    replay, or of a game this Tabuleiro lacks, keeps its row, with no picture and no message."""
    sound = replace(reversi_game(8), updated="2026-11-25T10:00:00")
    broken = replace(reversi_game(9, first_choice=False), updated="2026-11-25T11:00:00")
    save(sound, games_dir() / "sound.json")
    path = save(broken, games_dir() / "broken.json")
    autosave_reading.scan(games_dir())
    listed = autosave_reading._READ[games_dir()][path]
    kept = listed.record
    damaged = replace(kept, moves=[*kept.moves, "a1"]) if damage.startswith("moves") else replace(kept, game_id="go")
    monkeypatch.setitem(autosave_reading._READ[games_dir()], path, listed._replace(record=damaged))

    scene = open_list(app)
    assert [entry.path.name for entry in scene.entries] == ["broken.json", "sound.json"]
    broken_row, sound_row = scene.entries
    assert wait(app, lambda: shows(app, sound_row.picture, picture_of(app, sound_row, sound.final_state())), 30)
    app.run_frames(3)
    assert not scene.pictures.waiting
    card_colour = app.screen.get_at((broken_row.rect.x + 2, broken_row.rect.centery))[:3]
    assert colours(app, broken_row.picture) == {tuple(card_colour)}  # neither a picture nor a placeholder
    assert [m.text for m in app.messages.items] == []


def test_only_the_rows_in_sight_are_replayed_and_scrolling_brings_the_others(app, monkeypatch):
    """A list of 30 games replays the rows it shows, not the 30; End shows the last rows, which
    then get theirs."""
    replayed: list[int] = []
    real = row_pictures.last_position
    monkeypatch.setattr(row_pictures, "last_position", lambda record: replayed.append(len(record.moves)) or real(record))
    records = [reversi_game(n + 1) for n in range(30)]
    for n, record in enumerate(records):
        save(replace(record, updated=f"2026-11-25T10:{59 - n:02d}:00"), games_dir() / f"g{n:02d}.json")
    scene = open_list(app)
    assert wait(app, lambda: not scene.pictures.waiting, 30)
    shown = scene.entries[:scene.shown]
    assert 0 < scene.shown < 30 and sorted(replayed) == sorted(len(e.record.moves) for e in shown)
    first = shown[0]
    assert shows(app, first.picture, picture_of(app, first, first.record.final_state()))

    key(app, pygame.K_END)
    last = scene.entries[-1]
    assert last.picture.height > 0
    assert wait(app, lambda: shows(app, last.picture, picture_of(app, last, last.record.final_state())), 30)


def test_leaving_the_list_while_its_pictures_are_made_raises_nothing(app, monkeypatch):
    """The first frame shows placeholders; Esc while the first row is being replayed leaves the
    list at once, the replay under way ends quietly, and nothing more is replayed for it."""
    started, release = threading.Event(), threading.Event()
    replayed: list[str] = []
    real = row_pictures.last_position

    def slow(record):
        replayed.append(threading.current_thread().name)
        started.set()
        release.wait(10)
        return real(record)

    monkeypatch.setattr(row_pictures, "last_position", slow)
    for n in range(6):
        save(replace(reversi_game(n + 1), updated=f"2026-11-25T10:0{n}:00"), games_dir() / f"g{n}.json")
    scene = open_list(app)
    first = scene.entries[0]
    placeholder = colours(app, first.picture.inflate(-first.picture.width // 2, -first.picture.height // 2))
    card_colour = tuple(app.screen.get_at((first.rect.x + 2, first.rect.centery))[:3])
    assert len(placeholder) == 1 and placeholder != {card_colour}  # a plain square, not the board yet
    assert wait(app, started.is_set)
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, RecordsScene)
    release.set()
    assert wait(app, lambda: not any(t.name == "row-pictures" for t in threading.enumerate()), 30)
    app.run_frames(5)
    assert replayed == ["row-pictures"]
    assert [m.text for m in app.messages.items if m.kind == "error"] == []


def test_a_new_start_draws_the_rows_unchanged_since_without_replaying_their_games(app, monkeypatch):
    """Each start of the window replayed the games of every row in sight again, though the list's
    cache knew their files unchanged: the last positions replayed are kept with the files (in the
    cache, per file stamp) and read back at the next start; a file changed since is replayed."""
    from collections import OrderedDict

    from ui.background_writer import WRITER

    for n in range(3):
        save(replace(reversi_game(n + 3), updated=f"2026-11-25T10:0{n}:00"), games_dir() / f"g{n}.json")
    scene = open_list(app)
    assert wait(app, lambda: not scene.pictures.waiting and scene.pictures._thread is None, 30)
    key(app, pygame.K_ESCAPE)
    assert WRITER.wait(10)
    for memory in ("_POSITIONS", "_PICTURES"):  # a new start: the disk as the window left it, nothing else
        monkeypatch.setattr(row_pictures, memory, OrderedDict())
    monkeypatch.setattr(autosave_reading, "_READ", {})
    save(replace(reversi_game(12), updated="2026-11-25T10:00:00"), games_dir() / "g0.json")  # played on meanwhile
    replayed: list[int] = []
    real = row_pictures.last_position
    monkeypatch.setattr(row_pictures, "last_position", lambda record: replayed.append(len(record.moves)) or real(record))

    scene = open_list(app)
    assert wait(app, lambda: not scene.pictures.waiting, 30)
    app.invalidate()
    app.run_frames(2)
    assert replayed == [12] and len(scene.entries) == 3
    for entry in scene.entries:
        assert shows(app, entry.picture, picture_of(app, entry, entry.record.final_state()))


def test_a_kept_position_that_cannot_be_read_is_replayed(app, monkeypatch):
    """A last position kept with a file that its game cannot read (a cache edited, another
    version's text) gives way to a replay of the moves: the row still shows its board."""
    path = save(reversi_game(7), games_dir() / "g.json")
    autosave_reading.scan(games_dir())
    listed = autosave_reading._READ[games_dir()][path]
    monkeypatch.setitem(autosave_reading._READ[games_dir()], path, listed._replace(position="not a position"))
    replayed: list[int] = []
    real = row_pictures.last_position
    monkeypatch.setattr(row_pictures, "last_position", lambda record: replayed.append(len(record.moves)) or real(record))

    scene = open_list(app)
    [entry] = scene.entries
    assert wait(app, lambda: shows(app, entry.picture, picture_of(app, entry, entry.record.final_state())), 30)
    assert replayed == [7]


def test_a_won_hex_games_small_picture_keeps_the_winners_colour(app):
    """A Red win's row picture on Saved games showed its winning stones green: the winning
    chain's rings, drawn as on the board, filled a small picture's 3-pixel cells in the chain's
    colour, so the game's own colours were gone from the stones that won it.  A small picture
    shows the stones in their sides' colours; the board still rings the chain."""
    from ui.scenes.common import make_view
    from ui.views.hex import chain_colour

    game = games.load("hex", size=5, swap=False)
    state = game.play_line(["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "c1", "b5"])  # Red's b column
    assert state.is_terminal() and state.winning_chain()
    theme = app.theme
    view = make_view(game)
    picture = board_picture(state, theme, 40, 40, view)
    assert view.small
    pixels = [tuple(picture.get_at((x, y)))[:3] for x in range(40) for y in range(40)]
    assert pixels.count(tuple(chain_colour(theme))[:3]) == 0
    assert pixels.count(tuple(theme.side1)[:3]) >= 5 * 4  # Red's five stones, a few pixels each
