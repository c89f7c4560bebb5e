"""A saved game cut short gives back the moves it still holds (games.record_recovery): real saves
of each game, as Save writes them, cut at every byte for a small game and at offsets hypothesis
picks for the others; what comes back is always a legal prefix of the game's real moves."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.record import VERSION, GameRecord, read_version
from games.record_parts import RecordError, Side
from games.record_recovery import OpenDict, OpenList, partial_json, recover, recover_bytes
from tests.test_record import random_game
from ui.record_files import save

NAMED = (Side(None, "Basílio Ção"), Side("level-3", "Level 3"))  # names whose letters take two bytes
OTHER_GAMES = [game_id for game_id in games.available_ids() if game_id != "tictactoe"]


def saved_bytes(record: GameRecord, folder: Path) -> bytes:
    """``record`` as Save writes it to a file (``ui.record_files.save``): the bytes a cut leaves."""
    path = folder / "game.json"
    save(record, path)
    return path.read_bytes()


def real_save(game_id: str, seed: int, folder: Path, plies: int = 300) -> tuple[GameRecord, bytes]:
    record, _final = random_game(game_id, seed, plies)
    record = replace(record, players=NAMED)
    return record, saved_bytes(record, folder)


def assert_a_legal_prefix(cut: bytes, real: GameRecord) -> int:
    """Recovery of ``cut`` raises nothing and gives the real game's options and a prefix of its
    moves that the rules accept whole (read again as a record); the moves kept, -1 for none; all
    of them where the file still reads whole (its last newline alone cut)."""
    try:
        return len(GameRecord.loads(cut.decode()).moves)
    except (RecordError, UnicodeDecodeError):
        pass
    found = recover_bytes(cut)
    if found is None:
        return -1
    got = found.record
    assert (got.game_id, got.options, got.start_position) == (real.game_id, real.options, real.start_position)
    assert got.moves == real.moves[:found.kept]
    assert found.kept <= found.found <= len(real.moves)
    again = GameRecord.loads(got.dumps())  # every move legal, the result as the rules end it
    assert again.moves == got.moves
    return found.kept


def test_a_small_game_cut_at_every_byte(tmp_path):
    real, data = real_save("tictactoe", 7, tmp_path)
    assert len(real.moves) >= 5
    kept = [assert_a_legal_prefix(data[:end], real) for end in range(len(data))]
    assert kept == sorted(kept)  # a longer piece of the file never gives back fewer moves
    closed = data.index(b"]", data.index(b'"moves"')) + 1
    assert set(kept[closed:]) == {len(real.moves)}  # the moves' list closed: every move, whatever follows is lost
    assert kept[data.index(b'"players"')] == 0  # the game and its options read, no move yet
    assert kept[data.index(b'"options"')] == -1  # the options not read: nothing


@pytest.mark.parametrize("game_id", OTHER_GAMES)
@settings(deadline=None)
@given(seed=st.integers(0, 10**6), share=st.floats(0, 1))
def test_every_game_cut_anywhere(game_id, seed, share, tmp_path_factory):
    real, data = real_save(game_id, seed, tmp_path_factory.mktemp("cut"), plies=120)
    assert_a_legal_prefix(data[:int(share * len(data))], real)


@pytest.mark.parametrize("game_id", games.available_ids())
def test_only_the_closing_brackets_missing_gives_every_move(game_id, tmp_path):
    real, data = real_save(game_id, 3, tmp_path, plies=60)
    written = "2026-01-02T03:04:05+00:00"  # when the file was last written, as its folder says
    for cut in (data.rstrip(b"}\n "), data.rstrip(b"}\n ")[:-1], data[:data.index(b'"result"')]):
        found = recover_bytes(cut, written)
        assert found is not None and found.record.moves == real.moves and found.whole
        assert found.record.players == NAMED
        assert found.record.started == (real.started if b'"dates"' in cut else written)  # its dates lost with the end


def test_a_finished_game_keeps_its_result_when_only_the_end_is_missing(tmp_path):
    real, data = real_save("reversi", 11, tmp_path)
    assert real.is_finished()
    found = recover_bytes(data[:-3])
    assert found.record.result == real.result and found.record.is_finished()


def test_a_resignation_is_kept_only_where_every_move_is(tmp_path):
    record, _final = random_game("hex", 5, 20)
    resigned = record.finish(games.record_parts.Result(1, "Black resigns"))
    data = saved_bytes(resigned, tmp_path)
    assert recover_bytes(data[:-3]).record.result == resigned.result
    early = recover_bytes(data[:data.index(json.dumps(record.moves[-1]).encode())])
    assert early.record.result is None and early.record.moves == record.moves[:-1]


def test_no_recovery_without_the_game_or_its_options(tmp_path):
    real, data = real_save("hex", 2, tmp_path, plies=30)
    options_end = data.index(b'"options"') + data[data.index(b'"options"'):].index(b"}")
    for end in range(options_end + 1):
        assert recover_bytes(data[:end]) is None
    assert recover_bytes(data[:options_end + 1]) is not None


def test_a_set_up_game_needs_its_start(tmp_path):
    game = games.load("tictactoe")
    start = game.initial_state().play(game.parse_move(game.initial_state(), "b2"))
    record = GameRecord.start(game, NAMED, start_position=game.to_text(start)).with_moves(["a1", "c3"])
    data = saved_bytes(record, tmp_path)
    assert recover_bytes(data[:data.index(b'"start"')]) is None  # the moves from an unknown position: not this game
    found = recover_bytes(data[:-3])
    assert found.record.moves == ["a1", "c3"] and found.record.start_position == record.start_position


def test_damage_in_the_middle_keeps_the_moves_before_it(tmp_path):
    real, data = real_save("reversi", 4, tmp_path, plies=40)
    eleventh = data.index(json.dumps(real.moves[10]).encode())
    damaged = data[:eleventh] + b"\0" * 40 + data[eleventh + 40:]
    assert recover_bytes(damaged).record.moves == real.moves[:10]


def test_a_move_that_is_not_legal_ends_what_is_kept(tmp_path):
    real, data = real_save("tictactoe", 9, tmp_path)
    text = data.decode().replace(json.dumps(real.moves[2]), json.dumps(real.moves[0]), 1)
    found = recover(text[:-3])
    assert found.record.moves == real.moves[:2] and found.found == len(real.moves) and not found.whole


def test_a_whole_record_is_not_recovered(tmp_path):
    _real, data = real_save("rastros", 1, tmp_path, plies=10)
    assert recover_bytes(data) is None
    bad = json.loads(data)
    bad["moves"].append("z99")
    with pytest.raises(RecordError):
        GameRecord.loads(json.dumps(bad))
    assert recover(json.dumps(bad)) is None  # refused for a move, which the reader's PartlyLegal keeps


BAD_HEADERS = [  # (what a file says in place of its own header fields, what both readers answer)
    ({"format": "chess"}, "not a Tabuleiro record (field 'format' is 'chess', expected 'tabuleiro-record')"),
    ({"version": "2"}, "field 'version' must be a whole number, not '2'"),
    ({"version": True}, "field 'version' must be a whole number, not True"),
    ({"version": -1}, "field 'version' must be a whole number, not -1"),
    ({"version": VERSION + 1}, f"written by a newer Tabuleiro (version {VERSION + 1}); this one reads up to "
                               f"{VERSION}. Update Tabuleiro to open it."),
]


@pytest.mark.parametrize("header, words", BAD_HEADERS)
def test_a_whole_record_and_a_cut_one_refuse_the_same_headers(header, words, tmp_path):
    """A header a whole record is refused for gives nothing back when the file is cut short, and
    the cut file's header, as recovery reads it, is refused in the same words
    (``games.record.read_version``, which both readers call)."""
    _real, data = real_save("tictactoe", 7, tmp_path)
    good = json.dumps(json.loads(data), ensure_ascii=False, indent=1)
    assert recover(good[:-3]).kept > 0  # the same cut of the file as saved gives its moves back
    bad = json.dumps({**json.loads(data), **header}, ensure_ascii=False, indent=1)
    with pytest.raises(RecordError) as whole:
        GameRecord.loads(bad)
    assert str(whole.value) == words
    assert recover(bad[:-3]) is None
    with pytest.raises(RecordError) as cut:
        read_version(partial_json(bad[:-3]))
    assert str(cut.value) == words


@pytest.mark.parametrize("text, value, kinds", [
    ('{"a": [1, 2', {"a": [1]}, (OpenDict, OpenList)),  # 2 may be the start of 23: left out
    ('{"a": [1, 2]', {"a": [1, 2]}, (OpenDict, list)),
    ('{"a": "b', {}, (OpenDict,)),
    ('{"a": tru', {}, (OpenDict,)),
    ('[["x"], "y"', [["x"], "y"], (OpenList, list)),
])
def test_partial_json_marks_what_did_not_close(text, value, kinds):
    got = partial_json(text)
    assert got == value
    inner = next(iter(got.values())) if isinstance(got, dict) and got else (got[0] if isinstance(got, list) else None)
    assert [type(part) for part in (got, inner)][:len(kinds)] == list(kinds)


def test_partial_json_of_no_json_or_deep_nesting():
    assert partial_json("") is None
    assert partial_json("garbage") is None
    deep = partial_json("[" * 5000)  # far past any record's nesting: read no further, no error
    assert isinstance(deep, OpenList)
