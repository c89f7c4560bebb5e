"""A game file with one illegal move in it (a rule changed between versions, a hand-edited file)
was moved aside whole as ``.corrupt-...``: every move before it was lost to Continue and Saved
games.  The game is kept up to its last legal move, the file as it was kept aside untouched, and a
message says how many moves were kept and why."""

from __future__ import annotations

import json

import games
from games.record import GameRecord, up_to_last_legal
from games.record_parts import Side
from ui.autosave import SHELF
from ui.data_folders import games_dir
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.records import RecordsScene

LEGAL = ["b2", "a1", "c3"]  # then "b2" again: the square is taken


def with_an_illegal_move(path, players=(None, None)) -> str:
    """A hot-seat Tic-tac-toe game of ``LEGAL`` and then an illegal move, written to ``path``; its text."""
    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(players[0], "Ana"), Side(players[1], "Rui")), {"mode": "hotseat"})
    data = record.with_moves(LEGAL, game.play_line(LEGAL)).to_dict()
    data["moves"] = [*LEGAL, "b2", "c1"]
    text = json.dumps(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


def said(app, scene) -> list[str]:
    return [str(m.text) for m in [*app.messages.items, *getattr(scene, "messages", app.messages).items]]


def test_the_legal_part_of_a_record_and_why_the_rest_is_refused(tmp_path):
    text = with_an_illegal_move(tmp_path / "game.json")
    record, kept, why = up_to_last_legal(text)
    assert record.moves == LEGAL and kept == 3 and not record.is_finished()
    assert why.startswith("move 4 'b2' is not legal")
    assert up_to_last_legal(json.dumps(record.to_dict())) is None  # nothing illegal: nothing to cut
    assert up_to_last_legal("{not json") is None


def test_continue_offers_an_unfinished_game_up_to_its_last_legal_move(app):
    path = SHELF.folder / "game-illegal.json"
    text = with_an_illegal_move(path)
    app.show_menu()
    app.run_frames(2, until=lambda: not app.scene.reading.loading, timeout=30)
    assert isinstance(app.scene, MenuScene) and app.scene.continue_label() == "Continue Tic-tac-toe"
    [aside] = [p for p in SHELF.folder.iterdir() if ".corrupt-" in p.name]
    assert aside.read_text(encoding="utf-8") == text  # the file as it was, untouched
    words = [w for w in said(app, app.scene) if "kept up to its last legal move" in w]
    assert words and "(3 moves kept)" in words[0] and "move 4 'b2' is not legal" in words[0], said(app, app.scene)
    assert aside.name in words[0]
    app.scene.continue_game()
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, GameScene) and [p.text for p in scene.history] == LEGAL


def test_saved_games_lists_a_saved_game_up_to_its_last_legal_move(app):
    path = games_dir() / "saved-illegal.json"
    text = with_an_illegal_move(path)
    scene = RecordsScene(app)
    app.switch(scene)
    app.run_frames(3)
    assert [e.path for e in scene.entries] == [path]
    assert scene.entries[0].record.moves == LEGAL
    [aside] = [p for p in games_dir().iterdir() if ".corrupt-" in p.name]
    assert aside.read_text(encoding="utf-8") == text
    words = [w for w in said(app, scene) if "kept up to its last legal move" in w]
    assert words and "(3 moves kept)" in words[0], said(app, scene)


def test_a_saved_game_whose_first_move_is_refused_is_set_aside_not_listed_empty(app):
    """Nothing to keep: Saved games listed the file as an unfinished game of 0 moves (the game it
    held gone from the row, its file renamed aside), where a drop of it opens nothing.  It is set
    aside whole, as a damaged file is, and the list says why."""
    path = games_dir() / "first-illegal.json"
    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
    text = json.dumps({**record.to_dict(), "moves": ["z9", *LEGAL]})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    scene = RecordsScene(app)
    app.switch(scene)
    app.run_frames(3)
    assert scene.entries == []
    [aside] = [p for p in games_dir().iterdir() if ".corrupt-" in p.name]
    assert aside.read_text(encoding="utf-8") == text and not path.exists()
    assert any("first-illegal.json" in w and "move 1 'z9' is not legal" in w for w in said(app, scene)), \
        said(app, scene)
