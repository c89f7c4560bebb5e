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

from games.record import GameRecord, up_to_last_legal
from games.record_parts import PartlyLegal
from tests.damaged_games import KINDS, damaged
from tests.test_othello_ggf import GGS_ARCHIVE_GAME
from tests.test_ui_paste import COPIED
from tests.ui_helpers import drop, key, words_in
from ui import clipboard
from ui.clocks import READINGS_KEY
from ui.record_files import from_text
from ui.scenes.menu import MenuScene
from ui.scenes.play_from import PlayFromScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene
from ui.words import sentence


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


def test_a_damaged_ggf_keeps_the_times_of_the_moves_kept(tmp_path):
    """Its clock (``TI``) was kept and every move's time lost: the times written after the move
    refused made the readings fail as a file whose sides were not its moves'."""
    text, _suffix, kept, _why = damaged("ggf", tmp_path)
    whole = from_text(GGS_ARCHIVE_GAME).setup[READINGS_KEY]
    record, n, _why = up_to_last_legal(text, from_text)
    assert n == len(kept) == 19 and record.setup["clock"] == "15m+0s"
    assert record.setup[READINGS_KEY] == whole[:n + 1]  # the start, then after each move kept
    assert whole[1] == [895.91, 900.0] and whole[n] != whole[0]  # E6 took 4.09 s: real times, not the start's


def test_play_from_the_last_legal_move_of_a_damaged_ggf_goes_on_from_its_clocks_then(app, tmp_path):
    text, suffix, kept, _why = damaged("ggf", tmp_path)
    path = tmp_path / f"club{suffix}"
    path.write_text(text, encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == kept
    key(app, pygame.K_END)
    key(app, pygame.K_c)
    form = app.scene
    whole = from_text(GGS_ARCHIVE_GAME).setup[READINGS_KEY]
    assert isinstance(form, PlayFromScene) and form.keep_clock
    assert form.readings == pytest.approx(tuple(whole[len(kept)]))
    assert form.readings != (900.0, 900.0)  # the clocks as the file left them there, not full


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
    assert any(m.startswith(sentence(why)) and m.endswith(f"The game is kept up to its last legal move ({n} moves kept)")
               for m in notices(app)), notices(app)  # said as a sentence: "Move 4 'b2' is not legal ..."


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
    ('{"format": "tabuleiro-record", "version": 1, "game": {"id": "hex"', ".json", "the file is cut short or damaged"),
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
