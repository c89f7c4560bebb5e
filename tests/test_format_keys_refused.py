"""G (a file for other programs), Shift+G (GGF) and Shift+M (the move string) in games without
those formats: the keys did nothing and said nothing there, in the replay and in the game, and a
player could not tell them from broken keys.  They say why, as every refused key does."""

from __future__ import annotations

import pygame
import pytest

import games
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import key
from ui import clipboard
from ui.data_folders import games_dir
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.replay import ReplayScene

SHIFT = pygame.KMOD_LSHIFT
NO_FILE = "Rastros has no file format that other programs open"
NO_GGF = "has no GGF format"
NO_STRING = "Copy moves alone is for Reversi games only: in Rastros, M copies"


@pytest.fixture
def clipboard_put(monkeypatch) -> list[str]:
    put: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: put.append(text) or True)
    return put


def said(app) -> list[str]:
    return [m.text for m in app.scene.messages.current()]


def rastros_record() -> GameRecord:
    game = games.load("rastros")
    state = game.initial_state()
    move = game.format_move(state, state.legal_moves()[0])
    return GameRecord.start(game, (Side(None, "ana"), Side(None, "rui"))).with_moves([move])


def nothing_written() -> bool:
    return [p for p in games_dir().glob("*") if p.suffix in (".sgf", ".ggf")] == []


@pytest.mark.parametrize("scene", ["replay", "game"])
def test_g_shift_g_and_shift_m_in_a_rastros_game_say_it_has_no_such_format(app, clipboard_put, scene):
    record = rastros_record()
    if scene == "replay":
        app.switch(ReplayScene(app, record))
    else:
        app.switch(GameScene(app, MatchSetup("rastros", record.options, HOTSEAT, (None, None), 0.1), record.moves))
    app.run_frames(2)
    for k, mod, words in ((pygame.K_g, 0, NO_FILE), (pygame.K_g, SHIFT, "Rastros " + NO_GGF),
                          (pygame.K_m, SHIFT, NO_STRING)):
        key(app, k, mod=mod)
        assert any(text.startswith(words) for text in said(app)), (k, mod, said(app))
    assert clipboard_put == [] and nothing_written()


def test_shift_g_in_hex_says_it_has_no_ggf_and_saves_no_sgf_in_the_replay_and_the_game(app, clipboard_put):
    record = GameRecord.start(games.load("hex", size=5), (Side(None, ""), Side(None, ""))).with_moves(["c3"])
    app.switch(ReplayScene(app, record))
    app.run_frames(2)
    key(app, pygame.K_g, mod=SHIFT)
    assert any(text.startswith("Hex " + NO_GGF) for text in said(app))
    app.switch(GameScene(app, MatchSetup("hex", {"size": 5}, HOTSEAT, (None, None), 0.1), ["c3"]))
    app.run_frames(2)
    key(app, pygame.K_g, mod=SHIFT)
    assert any(text.startswith("Hex " + NO_GGF) for text in said(app))
    assert clipboard_put == [] and nothing_written()
