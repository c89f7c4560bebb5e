"""The Othello opening's name where a game is shown: the game screen's panel, under the title
with the options, for the position shown (a browsed one's own, the last name kept once the game
leaves the named lines); the replay at the ply shown; Saved games' row where the whole of it
fits.  The name is a proper name, the same in Portuguese; the words around it are translated.
A set-up position is named by its position (a book's diagram set up in the editor is its opening);
no name in other games."""

from __future__ import annotations

import pygame

import games
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import key, recorded_text, words_in
from ui import text as tx
from ui.match import HOTSEAT, MatchSetup
from ui.record_files import save
from ui.scenes.game import GameScene
from ui.scenes.records import RecordsScene, opening_of
from ui.scenes.replay import ReplayScene

TIGER = ["f5", "d6", "c3", "d3", "c4"]


def shown(app, monkeypatch, scene) -> list[str]:
    """The texts ``scene`` draws in a fresh frame."""
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return drawn


def opening_lines(drawn: list[str]) -> list[str]:
    """The lines of ``drawn`` that name an opening, each once (a frame may be drawn twice)."""
    return sorted({text for text in drawn if "Opening" in text or "Abertura" in text})


def game(app, moves, game_id="reversi", start=None) -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1, start=start), list(moves))
    app.switch(scene)
    app.run_frames(2)
    return scene


def test_the_game_panel_names_the_opening_of_the_position_shown(app, monkeypatch):
    scene = game(app, TIGER + ["f4", "f3"])  # on past the Tiger's moves
    assert opening_lines(shown(app, monkeypatch, scene)) == ["Board size: 8 · Opening: Tiger"]
    scene.browse(2)  # the position after f5 d6
    assert opening_lines(shown(app, monkeypatch, scene)) == ["Board size: 8 · Opening: Perpendicular"]
    scene.browse(1)  # after f5 alone: no name yet, and no line for one
    assert opening_lines(shown(app, monkeypatch, scene)) == []


def test_a_game_from_another_first_move_is_named_alike(app, monkeypatch):
    scene = game(app, ["c4", "e3", "f6", "e6", "f5"])  # the Tiger turned half round
    assert any(text.endswith("Opening: Tiger") for text in shown(app, monkeypatch, scene))


def test_the_name_stays_a_proper_name_in_portuguese(app, monkeypatch):
    with words_in("pt"):
        scene = game(app, TIGER)
        assert [text.split(" · ")[-1] for text in opening_lines(shown(app, monkeypatch, scene))] == ["Abertura: Tiger"]


def test_no_name_from_a_set_up_position_nor_in_other_games_nor_off_8x8(app, monkeypatch):
    """A set-up position is named only when it is the usual start: the same moves from the start
    with a disc more on a1 are no Tiger."""
    reversi = games.load("reversi")
    usual = reversi.to_text(reversi.initial_state())
    scene = game(app, TIGER, start=usual)
    assert opening_lines(shown(app, monkeypatch, scene)) == ["Board size: 8 · from a set-up position · Opening: Tiger"]
    scene = game(app, TIGER, start="X" + usual[1:])
    assert opening_lines(shown(app, monkeypatch, scene)) == []
    scene = game(app, ["b2", "a1"], game_id="tictactoe")
    assert opening_lines(shown(app, monkeypatch, scene)) == []
    small = GameScene(app, MatchSetup("reversi", {"size": 6}, HOTSEAT, (None, None), 0.1), ["e4", "e5"])
    app.switch(small)
    assert opening_lines(shown(app, monkeypatch, small)) == []


def test_a_set_up_book_position_is_named_and_named_on(app, monkeypatch):
    """A club player sets up the Tiger from a book's diagram: the panel named nothing, as the names
    were lines from the usual start; the position is the Tiger, and playing on reaches the Rose-Bill."""
    reversi = games.load("reversi")
    tiger = reversi.to_text(reversi.play_line(TIGER))
    scene = game(app, [], start=tiger)
    assert opening_lines(shown(app, monkeypatch, scene)) == ["Board size: 8 · from a set-up position · Opening: Tiger"]
    scene = game(app, ["f4", "c5", "b3", "c2"], start=tiger)
    assert any(text.endswith("Opening: Rose-Bill") for text in shown(app, monkeypatch, scene))


def tiger_record(moves=TIGER + ["f4"]) -> GameRecord:
    reversi = games.load("reversi")
    record = GameRecord.start(reversi, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
    return record.with_moves(list(moves), reversi.play_line(moves))


def test_the_replay_names_the_opening_at_the_ply_shown(app, monkeypatch):
    scene = ReplayScene(app, tiger_record(), ply=2, analyse=False)
    app.switch(scene)
    app.run_frames(2)
    assert any(text.endswith("Opening: Perpendicular") for text in shown(app, monkeypatch, scene))
    scene.go(6)
    assert any(text.endswith("Opening: Tiger") for text in shown(app, monkeypatch, scene))
    scene.go(1)
    assert opening_lines(shown(app, monkeypatch, scene)) == []


def test_stepping_through_the_replay_keeps_the_move_list_and_the_graph_in_place(app, monkeypatch):
    """In a game of 10 moves at 1280x800 "Opening: Perpendicular" takes a line of its own at moves 2
    to 4 (the Tiger's name shares the ply's line from move 5): the panel keeps that line at every
    step; the move list and the graph under it stood a line higher at moves 0, 1 and 5 on, and
    jumped up and down as the moves were stepped through."""
    record = tiger_record(TIGER + ["f4", "f6", "f3", "e6", "e7"])
    record.evaluations = [0.0] * (len(record.moves) + 1)  # a graph drawn, no analysis run
    scene = ReplayScene(app, record, ply=0, analyse=False)
    app.switch(scene)
    app.run_frames(2)
    places, named = set(), []
    for _ply in range(len(record.moves) + 1):
        named.append(bool(opening_lines(shown(app, monkeypatch, scene))))
        places.add((tuple(scene.graph_rect), tuple(scene.move_rows[0][0])))
        key(app, pygame.K_RIGHT)
    assert scene.ply == len(record.moves)
    assert True in named and False in named  # the name came and went
    assert len(places) == 1, places


def test_saved_games_rows_name_the_opening_where_it_fits(app, monkeypatch, tmp_path):
    from ui.data_folders import games_dir

    save(tiger_record(), games_dir() / "tiger.json")
    scene = RecordsScene(app)
    app.switch(scene)
    app.run_frames(5)
    assert any(text.endswith(" · Opening: Tiger") for text in shown(app, monkeypatch, scene))
    assert opening_of(scene.entries[0]) == "Opening: Tiger"
    pygame.font.init()
    assert tx.parts_that_fit(["6 plies", "Opening: Tiger"], 12, 1000) == "6 plies · Opening: Tiger"
    assert tx.parts_that_fit(["6 plies", "Opening: Tiger"], 12, 60) == "6 plies"  # no room: left out whole, not cut
    assert tx.parts_that_fit(["6 plies", ""], 12, 1000) == "6 plies"


def test_a_damaged_list_of_names_is_said_in_the_log_and_the_game_goes_on(app, monkeypatch, tmp_path, caplog):
    from games import reversi_openings

    damaged = tmp_path / "reversi_openings.txt"
    damaged.write_text("f5d6 Perpendicular\nf5d6a1 Broken\n", encoding="utf-8")
    monkeypatch.setattr(reversi_openings, "LIST_PATH", damaged)
    reversi_openings.named_positions.cache_clear()
    reversi_openings._name_of.cache_clear()
    try:
        with caplog.at_level("ERROR", logger="ui.words"):
            scene = game(app, TIGER)
            assert opening_lines(shown(app, monkeypatch, scene)) == []
        assert f"{damaged}, line 2: f5d6a1: a1 flips no discs" in caplog.text
        assert app.scene is scene and scene.history[-1].text == "c4"
    finally:
        reversi_openings.named_positions.cache_clear()
        reversi_openings._name_of.cache_clear()
