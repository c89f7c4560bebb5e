"""A game file whose moves turn illegal part-way (a hand-edited or damaged file) opens up to its
last legal move, in every format the window opens: a record's JSON, HexGui's and Little Golem's
SGF, a GGS archive's GGF, a copied move list and Trax's official notation, dropped on the window,
opened from Saved games or pasted on the menu.  Only the JSON kept its legal part, and only in the
window's own folders; the others were refused whole ("Cannot open game.sgf: line 3: move 4 ...")
and every move was lost.  The window says which move could not be played and why, and how many
moves are kept; the file is left as it was.  A file whose header or format cannot be read is
still refused, and left as it was."""

from __future__ import annotations

import pygame
import pytest

from games.record import GameRecord, PartlyLegal, up_to_last_legal
from tests.test_hex_sgf import HEXGUI
from tests.test_othello_ggf import GGS_ARCHIVE_GAME
from tests.test_trax_official import LOOP
from tests.test_ui_legal_part import with_an_illegal_move
from tests.test_ui_paste import COPIED
from tests.ui_helpers import drop, key, words_in
from ui import clipboard
from ui.record_files import from_text
from ui.scenes.menu import MenuScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene

# Little Golem's game 1804563 as PlayHex's tests quote it (names unescaped), its third move taken
# off the board: RE[B] and the resignation after it came with moves now gone
LITTLE_GOLEM = ("(;FF[4]EV[null]PB[lazy\\player]PW[Shumacher;]]SZ[11]RE[B]GC[game #1804563]"
                "SO[https://www.littlegolem.net];W[ad];B[swap];W[zz];B[resign])")
GGS_MOVE_20 = "W[B6/0.63]"  # the GGS archive game's twentieth move, made E6 (the first move's square)


def damaged(kind: str, tmp_path) -> tuple[str, str, list[str], str]:
    """A real file of ``kind`` damaged at a known move: (its text, its suffix, the moves kept,
    how its refusal begins)."""
    if kind == "record":
        text = with_an_illegal_move(tmp_path / "made.json")  # b2 a1 c3, then b2 again
        return text, ".json", ["b2", "a1", "c3"], "move 4 'b2' is not legal: b2 is already taken"
    if kind == "hexgui":
        text = HEXGUI.replace(";W[e7]", ";W[e7];B[e7]")  # e7 played twice
        return text, ".sgf", ["f6", "swap", "e7"], "line 2: move 4 'e7' is not legal: e7 is already taken"
    if kind == "littlegolem":
        return LITTLE_GOLEM, ".hsgf", ["d1", "swap"], "line 1: Little Golem move 'zz' is off the 11x11 board"
    if kind == "ggf":
        assert GGS_ARCHIVE_GAME.count(GGS_MOVE_20) == 1
        kept = from_text(GGS_ARCHIVE_GAME).moves[:19]
        return (GGS_ARCHIVE_GAME.replace(GGS_MOVE_20, "W[E6/0.63]"), ".ggf", kept,
                "line 1: move 20 'e6' is not legal: e6 is already taken")
    if kind == "moves":  # Copy moves' list
        return (COPIED.replace("e6 e3", "e6 a1"), ".txt", ["d3", "c5", "f6", "f5", "e6"],
                "move 6 'a1' is not legal: a1 flips no discs")
    assert kind == "trax"  # the official notation: a tile written after the loop that ends the game
    return f"{LOOP} C1+\n", ".txt", ["f5\\", "e6\\"], "move 4 'C1+' comes after the end of the game"


KINDS = ["record", "hexgui", "littlegolem", "ggf", "moves", "trax"]


@pytest.mark.parametrize("kind", KINDS)
def test_every_format_is_read_up_to_its_last_legal_move_by_one_path(tmp_path, kind):
    text, _suffix, kept, why = damaged(kind, tmp_path)
    with pytest.raises(PartlyLegal) as refused:  # refused as before, in the same words
        from_text(text)
    assert str(refused.value).startswith(why), refused.value
    record, n, said = up_to_last_legal(text, from_text)
    assert record.moves == kept and n == len(kept) and said == str(refused.value)
    assert GameRecord.from_dict(record.to_dict()).moves == kept  # sound: it saves and reads back
    finished = kind == "trax"  # its loop ends the game: finished by the rules; the others go on
    assert record.is_finished() == finished, record.result


def test_the_legal_part_keeps_what_the_file_says_of_its_players_and_date(tmp_path):
    record, _n, _why = up_to_last_legal(damaged("moves", tmp_path)[0], from_text)
    assert [(side.id, side.title) for side in record.players] == [(None, "You"), ("level-3", "Level 3")]
    assert record.started == "2026-11-23T09:41:00+00:00"
    record, _n, _why = up_to_last_legal(damaged("littlegolem", tmp_path)[0], from_text)
    assert [side.title for side in record.players] == ["lazy\\player", "Shumacher;]"]
    assert record.options == {"size": 11, "swap": True} and record.result is None  # RE[B] came with the lost moves


def notices(app) -> list[str]:
    return [str(m.text) for m in app.messages.current()]


@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_file_dropped_opens_up_to_its_last_legal_move_and_is_left_as_it_was(app, tmp_path, kind):
    text, suffix, kept, why = damaged(kind, tmp_path)
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    path = folder / f"game{suffix}"
    path.write_text(text, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene), notices(app)
    assert app.scene.record.moves == kept
    n = len(kept)
    said = [m for m in notices(app) if m.startswith(f"{path.name}: {why}")]
    assert said, notices(app)
    assert (f"The game is kept up to its last legal move ({n} move{'s' if n > 1 else ''} kept); "
            "the file is left as it was") in said[0]
    assert path.read_text(encoding="utf-8") == text and [p.name for p in folder.iterdir()] == [path.name]


@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_game_pasted_on_the_menu_opens_up_to_its_last_legal_move(app, monkeypatch, tmp_path, kind):
    text, _suffix, kept, why = damaged(kind, tmp_path)
    monkeypatch.setattr(clipboard, "get_text", lambda: text)
    assert isinstance(app.scene, MenuScene)
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert isinstance(app.scene, ReplayScene), notices(app)
    assert app.scene.record.moves == kept
    n = len(kept)
    assert any(m.startswith(why) and m.endswith(f"The game is kept up to its last legal move ({n} moves kept)")
               for m in notices(app)), notices(app)


def test_a_damaged_file_opened_from_saved_games_opens_up_to_its_last_legal_move(app, tmp_path):
    """Saved games' own open (``RecordsScene.open_path``), as a file from elsewhere dropped there."""
    text, suffix, kept, why = damaged("ggf", tmp_path)
    path = tmp_path / f"club{suffix}"
    path.write_text(text, encoding="utf-8")
    app.show_saved_games()
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    scene.open_path(path)
    app.run_frames(2)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == kept
    assert any(m.startswith(f"club.ggf: {why}") for m in notices(app)), notices(app)
    assert path.read_text(encoding="utf-8") == text


def test_the_notice_is_said_in_the_windows_language(app, tmp_path):
    text, suffix, _kept, _why = damaged("hexgui", tmp_path)
    path = tmp_path / f"game{suffix}"
    path.write_text(text, encoding="utf-8")
    with words_in("pt"):
        drop(app, path)
        said = [m for m in notices(app) if m.startswith("game.sgf: ")]
    assert said and "O jogo fica guardado até à sua última jogada legal (3 jogadas mantidas)" in said[0], said
    assert "o ficheiro fica como estava" in said[0] and "is not legal" not in said[0], said


@pytest.mark.parametrize("text, suffix, refusal", [
    ("(;FF[4]GM[1]SZ[19];B[pd];W[dd])", ".sgf", "this SGF is of another game (GM[1])"),
    (GGS_ARCHIVE_GAME.replace("TY[8]", "TY[8k]"), ".ggf", "TY[8k]: a kind of Othello Tabuleiro does not play"),
    ("(;FF[4]GM[11]SZ[5];B[a1];W[b2", ".sgf", "line 1: the SGF cannot be read at 'W[b2'"),
    ('{"format": "tabuleiro-record", "version": 1, "game": {"id": "hex"', ".json", "not valid JSON"),
    (COPIED.replace("1. d3", "1. a1"), ".txt", "move 1 'a1' is not legal"),  # no legal move to keep
], ids=["sgf of another game", "ggf variant", "cut sgf", "cut json", "first move illegal"])
def test_a_file_whose_header_or_format_cannot_be_read_is_still_refused_and_left_as_it_was(app, tmp_path, text,
                                                                                            suffix, refusal):
    path = tmp_path / f"bad{suffix}"
    path.write_text(text, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, MenuScene)
    assert any(m.startswith(f"Cannot open bad{suffix}: {refusal}") for m in notices(app)), notices(app)
    assert path.read_text(encoding="utf-8") == text
    assert not any("kept up to its last legal move" in m for m in notices(app))
