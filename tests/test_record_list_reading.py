"""The lists of games with a teacher's years of files: each file's moves are replayed once, not at
every visit of the list (Saved games took 6 s each time with 2000 records)."""

from __future__ import annotations

import games
from games.record import GameRecord, Side
from ui import autosave
from ui.record_files import save


def _record(moves: int) -> GameRecord:
    game = games.load("reversi")
    state, played = game.initial_state(), []
    for _ in range(moves):
        move = state.legal_moves()[0]
        played.append(game.format_move(state, move))
        state = state.play(move)
    return GameRecord.start(game, (Side(None, "Ana"), Side("level-1", "Level 1"))).with_moves(played, state)


def _counting_reads(monkeypatch) -> list:
    read: list = []

    def load(path):
        read.append(path.name)
        return real(path)

    real = autosave.load_record
    monkeypatch.setattr(autosave, "load_record", load)
    return read


def test_a_list_read_again_replays_only_the_files_that_changed(tmp_path, monkeypatch):
    for n in range(3):
        save(_record(n + 1), tmp_path / f"game-{n}.json")
    read = _counting_reads(monkeypatch)
    first, _ = autosave.scan(tmp_path)
    assert sorted(read) == ["game-0.json", "game-1.json", "game-2.json"]

    read.clear()
    again, _ = autosave.scan(tmp_path)
    assert read == [] and [(p, r.moves) for p, r in again] == [(p, r.moves) for p, r in first]

    save(_record(9), tmp_path / "game-1.json")  # played on in another window
    (tmp_path / "game-2.json").unlink()
    changed, _ = autosave.scan(tmp_path)
    assert read == ["game-1.json"]
    assert {p.name: len(r.moves) for p, r in changed} == {"game-0.json": 1, "game-1.json": 9}


def test_a_file_damaged_after_it_was_listed_is_still_moved_aside(tmp_path):
    path = save(_record(2), tmp_path / "game.json")
    assert len(autosave.scan(tmp_path)[0]) == 1
    path.write_text(path.read_text()[:40])  # cut short by a disk fault: a new size, a new time
    found, problems = autosave.scan(tmp_path)
    assert found == [] and len(problems) == 1
    assert [p.name.split(".corrupt-")[0] for p in tmp_path.glob("*.corrupt-*")] == ["game.json"]
