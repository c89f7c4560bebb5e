"""Game records: round trips for every game, and every kind of bad file refused by name, untouched."""

from __future__ import annotations

import json
import os
import random
import re
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games
from ai.match import WHOLE_GAME, GameResult, random_line
from games.move_list import move_list_text, moves_from_text, record_from_move_list
from games.record import FORMAT, VERSION, GameRecord
from games.record_fields import TITLE_LENGTH, read_date, read_players, read_result, read_setup
from games.record_parts import PlyValue, ProofMeasure, RecordError, RecordNotReadableHere, Result, Side
from ui.record_files import atomic_write_text, load, move_aside, save

PLAYERS = (Side(None, "You"), Side("level-3", "Level 3"))


def random_game(game_id: str, seed: int, max_plies: int = 300) -> tuple[GameRecord, games.State]:
    """A record of a random game (finished unless it ran past ``max_plies``) and its final state."""
    game = games.load(game_id)
    rng = random.Random(seed)
    record = GameRecord.start(game, PLAYERS, {"mode": "human-pc", "move_time": 1.0})
    moves = random_line(game.initial_state(), max_plies, rng)
    state = game.play_line(moves)
    return record.with_moves(moves, state), state


@pytest.mark.parametrize("game_id", games.available_ids())
@given(seed=st.integers(0, 10**6))
def test_round_trip_of_a_random_game(game_id, seed, tmp_path_factory):
    record, final = random_game(game_id, seed)
    path = tmp_path_factory.mktemp("rec") / "game.json"
    save(record, path)
    again = load(path)
    assert again.to_dict() == record.to_dict()
    assert again.final_state().key() == final.key()
    assert again.is_finished() == final.is_terminal()
    if final.is_terminal():
        assert again.result.winner == final.winner()
        assert again.result.reason == final.end_reason()


@pytest.mark.parametrize("game_id", games.available_ids())
def test_an_unfinished_game_round_trips_and_can_go_on(game_id, tmp_path):
    record = next(r for seed in range(100) if not (r := random_game(game_id, seed, max_plies=3)[0]).is_finished())
    save(record, tmp_path / "g.json")
    again = load(tmp_path / "g.json")
    assert again.result is None and again.finished is None
    state = again.final_state()
    assert state.legal_moves()  # the game goes on from where it stopped


@pytest.mark.parametrize("game_id", games.available_ids())
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 120))
def test_a_copied_move_list_reads_back_as_the_same_moves(game_id, seed, plies):
    """What "Copy moves" puts on the clipboard is what a paste into the move field reads."""
    record, final = random_game(game_id, seed, max_plies=plies)
    moves = moves_from_text(move_list_text(record))
    assert moves == record.moves
    assert games.load(game_id).play_line(moves).key() == final.key()


@pytest.mark.parametrize("game_id, options", [
    ("tictactoe", {"width": 5, "height": 4, "k": 3}), ("hex", {"size": 5, "swap": True}), ("reversi", {"size": 6}),
    ("rastros", {}), ("alquerque", {"any_direction_captures": True, "compulsory_capture": False}),
    ("trax", {"size": 8, "mode": "fill"}),
])
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 80))
def test_a_copied_game_reads_back_as_the_same_game(game_id, options, seed, plies):
    """A move list pasted on the main menu is the game that was copied: its rules, players, moves,
    date and end."""
    game = games.load(game_id, **options)
    moves = random_line(game.initial_state(), plies, random.Random(seed))
    record = GameRecord.start(game, PLAYERS).with_moves(moves, game.play_line(moves))
    again = record_from_move_list(move_list_text(record))
    assert (again.game_id, again.options, again.moves) == (record.game_id, record.options, record.moves)
    assert again.options == dict(game.options) and all(type(v) is type(game.options[k]) for k, v in again.options.items())
    assert [p.title for p in again.players] == ["You", "Level 3"] and again.started == record.started
    assert again.result == record.result


@pytest.mark.parametrize("text, problem", [
    ("", "there is no text"),
    ("Dear class,\nhere is the game", "first line should name the game (Tic-tac-toe, Hex, Reversi"),
    ("Reversi (size=7)\n1. d3", "option size: 7 is not valid"),
    ("Reversi (colour=red)\n1. d3", "has no option 'colour'"),
    ("Reversi\n1. d3 c5 2. d9", "move 3 'd9' is not legal"),
])
def test_a_text_that_is_no_copied_game_is_refused_by_name(text, problem):
    with pytest.raises(RecordError, match=re.escape(problem)):
        record_from_move_list(text)


@pytest.mark.parametrize("text, moves", [
    ("d3 c5 f6", ["d3", "c5", "f6"]),
    ("1. d3 c5 2. f6", ["d3", "c5", "f6"]),
    ("1.d3 c5 2...f6", ["d3", "c5", "f6"]),
    ("d3, c5; f6\n", ["d3", "c5", "f6"]),
    ("3-4 3-3 4-3", ["3-4", "3-3", "4-3"]),  # Rastros: row-column
    ("4 - 4 3 -3, 4- 3", ["4-4", "3-3", "4-3"]),  # a hyphen typed with spaces joins its halves
    ("1. c2 - c3 c4xc2", ["c2-c3", "c4xc2"]),
    ("c2-c3 c4xc2 d2xb2xb4", ["c2-c3", "c4xc2", "d2xb2xb4"]),  # Alquerque's chains
    ("1. c2 x c4 d2 xb2 X b4", ["c2xc4", "d2xb2xb4"]),  # Alquerque's x typed with spaces joins the points
    ("f7\\ e7/ e8+", ["f7\\", "e7/", "e8+"]),  # Trax's tiles
    ("(4, 4)", ["(4, 4)"]),  # Rastros as the course's notebook writes a square
    ("([('ObtusoSW', (5, 4)), ('Bacoco', (6,3))], -1)", ["(5, 4)", "(6, 3)"]),  # print(jogaRastros11(...))
    ("ObtusoSW-->  (5, 4)\nBacoco-->  (6, 3)\nGanhou N", ["(5, 4)", "(6, 3)"]),  # mostraJogo's lines
    ("(1, 1) (0,0), ( 2 , 0 );(0, 2)", ["(1, 1)", "(0, 0)", "(2, 0)", "(0, 2)"]),  # the class notebook's squares
    ("1. (1, 1) (0, 0) 2. (2, 0)", ["(1, 1)", "(0, 0)", "(2, 0)"]),
    ("Player X move: (1, 1)\n. . .\n. X .\n. . .\n\nPlayer O move: (0, 0)\nO . .\n. X .\n. . .\n",
     ["(1, 1)", "(0, 0)"]),  # the notebook's printed game: its boards are no moves
    ("Hex (size=5)\nRed: You  Blue: Level 3\nDate: 2026-11-23\n1. c3 b4\n2. swap\nResult: unfinished", ["c3", "b4", "swap"]),
    ("f5d6C3D3", ["f5", "d6", "C3", "D3"]),  # an Othello transcript: WZebra's, Edax's
    ("1. f5d6 c3pa d3--c4", ["f5", "d6", "c3", "pa", "d3", "--", "c4"]),  # passes as Othello programs write them
    ("c3 -- d3", ["c3", "--", "d3"]),
    ("a10b3j10", ["a10", "b3", "j10"]),  # 10x10
    ("", []),
    ("  \n ", []),
])
def test_moves_from_text_reads_bare_lists_and_copied_games(text, moves):
    assert moves_from_text(text) == moves


def test_file_layout_names_every_part(tmp_path):
    record, final = random_game("reversi", 3)
    save(record, tmp_path / "r.json")
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == 1  # no start position: what every Tabuleiro reads
    assert "start" not in data and VERSION == 2
    assert data["game"] == {"id": "reversi", "title": "Reversi", "options": {"size": 8}}
    assert [p["side"] for p in data["players"]] == ["Black", "White"]
    assert data["players"][0]["id"] is None and data["players"][1]["id"] == "level-3"
    assert data["result"]["score"] == list(final.score())
    assert data["result"]["winner_side"] in ("Black", "White", None)
    assert set(data["dates"]) == {"started", "updated", "finished"}


# -- bad files: refused by name, never changed ---------------------------------------------------
def write(tmp_path: Path, data, name: str = "bad.json") -> tuple[Path, bytes]:
    path = tmp_path / name
    text = data if isinstance(data, str) else json.dumps(data)
    path.write_text(text, encoding="utf-8")
    return path, path.read_bytes()


def refused(path: Path, before: bytes, *words: str) -> str:
    with pytest.raises(RecordError) as info:
        load(path)
    message = str(info.value)
    assert path.name in message
    for word in words:
        assert word in message, message
    assert path.read_bytes() == before  # untouched
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # nothing beside it either
    return message


def good_dict() -> dict:
    return random_game("reversi", 5)[0].to_dict()


def test_bad_json_is_refused(tmp_path):
    path, before = write(tmp_path, '{"format": "tabuleiro-record", "version": 1, "moves": [')
    refused(path, before, "not valid JSON", "line 1")


def test_not_utf8_is_refused(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    refused(path, path.read_bytes(), "not UTF-8")


@pytest.mark.parametrize("field", ["moves", "players", "game", "dates"])
def test_a_missing_field_is_named(tmp_path, field):
    data = good_dict()
    del data[field]
    path, before = write(tmp_path, data)
    refused(path, before, f"missing field {field!r}")


def test_a_missing_nested_field_is_named(tmp_path):
    data = good_dict()
    del data["game"]["id"]
    path, before = write(tmp_path, data)
    refused(path, before, "missing field 'game.id'")


@pytest.mark.parametrize(("name", "value", "words"), [
    ("id", "chess", ("unknown game 'chess'", "reversi")),
    ("colour", "red", ("no option 'colour'",)),  # an option the game does not have
    ("size", 7, ("option size", "6, 8 or 10")),
    ("size", 1e400, ("option size: inf is not valid",)),  # json writes Infinity
], ids=["unknown game", "unknown option", "bad option value", "option of infinity"])
def test_a_game_or_option_it_cannot_play_is_named(tmp_path, name, value, words):
    data = good_dict()
    (data["game"] if name == "id" else data["game"]["options"])[name] = value
    path, before = write(tmp_path, data)
    refused(path, before, *words)


def test_an_illegal_move_is_named_with_its_number(tmp_path):
    data = good_dict()
    data["moves"][11] = "a1"  # a corner is never legal on move 12 of Reversi... unless it is
    game = games.load("reversi")
    state = game.play_line(data["moves"][:11])
    assert "a1" not in game.legal_move_texts(state)
    path, before = write(tmp_path, data)
    refused(path, before, "move 12 'a1' is not legal")


def test_a_malformed_move_is_named(tmp_path):
    data = good_dict()
    data["moves"][0] = "zz99"
    path, before = write(tmp_path, data)
    refused(path, before, "move 1 'zz99' is not legal")


def test_a_result_contradicting_the_moves_is_refused(tmp_path):
    record, final = random_game("tictactoe", 11)
    data = record.to_dict()
    assert final.is_terminal()
    data["result"]["winner"] = 1 if final.winner() != 1 else 0
    path, before = write(tmp_path, data)
    refused(path, before, "the result says", "but the moves end with")


def test_a_newer_version_is_refused_with_a_clear_message(tmp_path):
    data = good_dict()
    data["version"] = 3
    path, before = write(tmp_path, data)
    refused(path, before, "written by a newer Tabuleiro (version 3); this one reads up to 2")


def test_another_format_is_refused(tmp_path):
    path, before = write(tmp_path, {"format": "pgn", "version": 1})
    refused(path, before, "not a Tabuleiro record")


def test_bad_dates_are_named(tmp_path):
    data = good_dict()
    data["dates"]["started"] = "yesterday"
    path, before = write(tmp_path, data, "b.json")
    refused(path, before, "dates.started", "ISO 8601")


def valued_dict() -> dict:
    """``good_dict``'s game saved with its graph: a point and the search behind it at every position."""
    data = good_dict()
    positions = len(data["moves"]) + 1
    data["evaluations"] = [round(0.01 * i - 0.3, 4) for i in range(positions)]
    data["values"] = {"game": data["game"]["id"], "options": data["game"]["options"],
                      "plies": [{"score": 1.5 * i, "view": i % 2, "kind": "alphabeta", "depth": 6} for i in range(positions)]}
    return data


def test_a_games_values_are_read_back_as_saved(tmp_path):
    """The graph's points and the searches behind them (score, whose view, kind, depth, proof,
    unit, stage) come back from the file as they were written."""
    record = GameRecord.from_dict(valued_dict())
    record.ply_values[3] = PlyValue(-2.5, 1, "mcts", -1, 800, "points", 0.25)
    record.ply_values[4] = None
    again = GameRecord.loads(record.dumps())
    assert again.evaluations == record.evaluations and again.ply_values == record.ply_values
    assert again.values_ignored == ""


def test_a_proofs_measure_is_read_back_as_saved(tmp_path):
    """A proof's measure (its length in plies, "at most" so many, Reversi's exact margin or a bound
    of it) is saved with its value and read back, so that a replay says the proof as the game did:
    the file kept the proof alone, and the replay's analysis line said "proven: X wins" where the
    game said how soon."""
    record = GameRecord.from_dict(valued_dict())
    record.ply_values[1] = PlyValue(999_995.0, 1, "solver", 1, 5, measure=ProofMeasure(5))
    record.ply_values[2] = PlyValue(1.0, 0, "solver", -1, 3, measure=ProofMeasure(21, at_most=True))
    record.ply_values[3] = PlyValue(12.0, 1, "solver", 1, 9, measure=ProofMeasure(margin=True))
    record.ply_values[4] = PlyValue(-54.0, 0, "alphabeta", -1, 12, measure=ProofMeasure(bound=True))  # at least 54
    path = tmp_path / "measured.json"
    save(record, path)
    entries = json.loads(path.read_text(encoding="utf-8"))["values"]["plies"]
    assert [entries[i].get("measure") for i in (0, 1, 2, 3, 4)] == [None, {"plies": 5}, {"plies": 21, "at_most": True},
                                                                    {"margin": True}, {"bound": True}]
    again = load(path)
    assert again.ply_values == record.ply_values and again.values_ignored == ""
    assert [again.ply_values[i].measure for i in (1, 2, 3, 4)] == [ProofMeasure(5), ProofMeasure(21, True),
                                                                   ProofMeasure(margin=True), ProofMeasure(bound=True)]


def test_a_value_saved_before_its_measure_was_kept_reads_as_before(tmp_path):
    """A file's values written before a proof's measure was kept (no ``measure``) are read as
    they were, a proof among them, and written back without one."""
    data = valued_dict()
    data["values"]["plies"][2].update(kind="solver", proven=1, score=999_995.0)
    record = load(write(tmp_path, data)[0])
    assert record.values_ignored == "" and record.ply_values[2] == PlyValue(999_995.0, 0, "solver", 1, 6)
    assert all(value.measure is None for value in record.ply_values)
    assert record.to_dict()["values"]["plies"] == data["values"]["plies"]


@pytest.mark.parametrize("spoil, why", [
    (lambda d: d.update(evaluations=d["evaluations"] + [0.0]), "'evaluations' has"),  # longer than the positions
    (lambda d: d.update(evaluations=d["evaluations"][:-1]), "'evaluations' has"),  # shorter, with ``values``
    (lambda d: d["evaluations"].__setitem__(2, "0.5"), "evaluations[2]"),  # not a number
    (lambda d: d["evaluations"].__setitem__(2, float("nan")), "evaluations[2]"),  # NaN
    (lambda d: d["evaluations"].__setitem__(2, 3.0), "evaluations[2]"),  # out of range
    (lambda d: d["values"]["plies"].pop(), "'values.plies' has"),
    (lambda d: d["values"]["plies"][1].update(score=float("inf")), "values.plies[1].score"),
    (lambda d: d["values"]["plies"][1].update(view=2), "values.plies[1].view"),
    (lambda d: d["values"]["plies"][1].update(stage=1.5), "values.plies[1].stage"),
    (lambda d: d["values"]["plies"][1].update(measure={"plies": 0}), "values.plies[1].measure"),
    (lambda d: d["values"]["plies"][1].update(measure={"plies": 5, "at_most": "yes"}), "values.plies[1].measure"),
    (lambda d: d["values"]["plies"][1].update(measure={"bound": 1}), "values.plies[1].measure"),
    (lambda d: d["values"]["plies"][1].update(measure=5), "values.plies[1].measure"),
    (lambda d: d["values"].update(options={"size": 6}), "the values are for size=6, not this game's size=8"),  # another board
    (lambda d: d["values"].update(game="hex"), "the values are for hex, not this game's reversi"),
])
def test_malformed_values_are_left_out_and_the_game_opens_with_the_file_untouched(tmp_path, spoil, why):
    """Values that cannot be this game's (a list of another length, no number, NaN, out of range,
    searched on another board or under other rules) refused the whole file ("evaluations[1] must
    be..."), and Saved games moved it aside as damaged: the game opens without them, saying why in
    one line, and its file stays as it was."""
    data = valued_dict()
    spoil(data)
    path, before = write(tmp_path, data)
    record = load(path)
    assert record.evaluations is None and record.ply_values is None
    assert why in record.values_ignored and "\n" not in record.values_ignored, record.values_ignored
    assert record.moves == data["moves"]
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == [path.name]


def test_an_older_save_without_values_reads_as_before(tmp_path):
    """A record written before ``values`` (points alone, the first ones only) is read as it was."""
    data = good_dict()
    data["evaluations"] = [0.5, -0.25]
    record = load(write(tmp_path, data)[0])
    assert record.evaluations == [0.5, -0.25] and record.ply_values is None and record.values_ignored == ""
    assert "values" not in record.to_dict()


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,  # RecursionError
    '{"format": "tabuleiro-record", "version": ' + "9" * 5000 + "}",  # past Python's digits limit
])
def test_json_beyond_any_record_is_refused(tmp_path, text):
    path, before = write(tmp_path, text)
    refused(path, before, "not a game record")


def test_an_option_with_a_fraction_is_refused_and_a_whole_one_read_as_the_game_reads_it(tmp_path):
    """"size": 8.9 was kept as written: the game played 8 while the record showed "Board size: 8.9"."""
    data = good_dict()
    data["game"]["options"]["size"] = 8.9
    path, before = write(tmp_path, data)
    refused(path, before, "option size: 8.9 is not valid")
    data["game"]["options"]["size"] = 8.0
    record = GameRecord.from_dict(data)
    assert record.options == {"size": 8} and isinstance(record.options["size"], int)


def test_a_date_past_the_last_is_refused(tmp_path):
    """9999-12-31T23:59:59-14:00 is an ISO date, but in local time it is past the year 9999: the
    lists that show it broke on every frame."""
    data = good_dict()
    data["dates"]["updated"] = "9999-12-31T23:59:59-14:00"
    path, before = write(tmp_path, data)
    refused(path, before, "dates.updated", "ISO 8601")


def test_player_titles_are_cleaned():
    """A title of 20,000 characters cost seconds a frame; a lone surrogate could not be drawn."""
    data = good_dict()
    data["players"][0]["title"] = "Ann\ud800  " + "x" * 20_000
    record = GameRecord.from_dict(data)
    assert record.players[0].title.startswith("Ann xxx") and len(record.players[0].title) == TITLE_LENGTH
    record.players[0].title.encode("utf-8")


def test_a_record_this_version_cannot_read_is_told_apart():
    """A newer version's record, or a game this Tabuleiro lacks, may be sound: the lists leave it."""
    data = good_dict()
    data["version"] = VERSION + 1
    with pytest.raises(RecordNotReadableHere):
        GameRecord.from_dict(data)
    data = good_dict()
    data["game"]["id"] = "go"
    with pytest.raises(RecordNotReadableHere, match="unknown game 'go'"):
        GameRecord.from_dict(data)


def test_a_match_json_line_is_migrated_from_version_0(tmp_path):
    record, final = random_game("hex", 2)
    line = GameResult("hex", {"size": 11, "swap": False}, ["level-1", "level-2"], record.moves,
                      final.winner(), None, final.end_reason()).to_json()
    path, _ = write(tmp_path, line)
    again = load(path)
    assert again.moves == record.moves and again.players[1].id == "level-2"
    assert again.result.winner == final.winner()


# -- writing ---------------------------------------------------------------------------------------
def test_save_does_not_overwrite_a_file_that_is_not_a_record(tmp_path):
    path, before = write(tmp_path, "my shopping list\n", "list.json")
    record, _ = random_game("rastros", 1)
    with pytest.raises(RecordError, match="not a Tabuleiro record; it was not overwritten"):
        save(record, path)
    assert path.read_bytes() == before


def test_save_replaces_an_older_record_atomically(tmp_path):
    path = tmp_path / "g.json"
    first, _ = random_game("alquerque", 1)
    second, _ = random_game("alquerque", 2)
    save(first, path)
    save(second, path)
    assert load(path).moves == second.moves
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]  # no temporary file left


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    atomic_write_text(path, "old\n")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr("ui.record_files.os.replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_text(path, "new\n")
    assert path.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")
def test_a_rewritten_file_keeps_its_mode_and_a_new_one_follows_the_umask(tmp_path):
    """tempfile.mkstemp made every saved file 0600: a settings file or a record shared with the
    user's group became private at the next save."""
    shared = tmp_path / "shared.json"
    shared.write_text("old\n")
    shared.chmod(0o664)
    atomic_write_text(shared, "new\n")
    assert stat.S_IMODE(shared.stat().st_mode) == 0o664 and shared.read_text() == "new\n"
    old_umask = os.umask(0o027)
    try:
        atomic_write_text(tmp_path / "new.json", "x\n")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640


def test_move_aside_keeps_the_content(tmp_path):
    path = tmp_path / "autosave.json"
    path.write_text("garbage")
    first = move_aside(path)
    path.write_text("more garbage")
    second = move_aside(path)
    assert not path.exists() and first != second
    assert first.name.startswith("autosave.json.corrupt-")
    assert first.read_text() == "garbage" and second.read_text() == "more garbage"


def test_resigned_game_keeps_its_result():
    record, _ = random_game("reversi", 9, max_plies=10)
    record = record.finish(Result(1, "Black resigned"))
    again = GameRecord.loads(record.dumps())
    assert again.result == Result(1, "Black resigned") and again.finished


def test_move_list_text():
    record, final = random_game("tictactoe", 4)
    text = move_list_text(record)
    assert text.startswith("Tic-tac-toe")
    assert f"1. {record.moves[0]} {record.moves[1]}" in text
    assert final.end_reason() in text


@pytest.mark.parametrize("reason", ["White resigns at move 4", "White lost on time at move 4",  # as the window says them
                                    "White forfeits: Level 3 exceeded the time limit (1.52 s > 1 s)"])
def test_a_copied_game_lost_by_resignation_time_or_forfeit_reads_back_with_its_end(reason):
    """"Copy moves" of a Reversi game White resigned, lost on time or forfeited ends with that
    "Result: ..." line, but pasted back on the main menu it was an unfinished game (the moves do not
    end it): the replay said "Unfinished game", drew no evaluation graph, and its winner was lost.
    The result line of a game ended off the board is read back now."""
    game = games.load("reversi")
    moves = ["d3", "c5", "f6"]
    record = GameRecord.start(game, PLAYERS).with_moves(moves, game.play_line(moves)).finish(Result(0, reason))
    again = record_from_move_list(move_list_text(record))
    assert again.moves == moves
    assert again.result == Result(0, reason) and again.is_finished()


def test_a_pasted_result_line_that_no_side_lost_leaves_an_unfinished_game_unfinished():
    """A result line that names no loss of a side of this game (typed by hand, another game's) is
    not taken for one: the game is unfinished, as its moves say."""
    text = "Reversi\nBlack: You  White: Level 3\n1. d3 c5 2. f6\nResult: Red resigns\n"
    assert record_from_move_list(text).result is None
    assert record_from_move_list(text.replace("Red resigns", "unfinished")).result is None


def test_a_copied_games_score_names_its_sides():
    """A Reversi game's copied result read "Result: White wins 26 - 10 (10-26)": the score in
    brackets, Black's first, read as the reverse of the words before it.  It names each side now."""
    record = GameRecord.start(games.load("reversi"), PLAYERS).finish(Result(1, "White wins 26 - 10", (10, 26)))
    assert move_list_text(record).splitlines()[-1] == "Result: White wins 26 - 10 (Black 10, White 26)"


def copied_result(game_id: str, seed: int) -> str:
    """The copied result line of a game of random moves (``seed``) to its end."""
    game = games.load(game_id)
    moves = random_line(game.initial_state(), WHOLE_GAME, random.Random(seed))
    record = GameRecord.start(game, PLAYERS).with_moves(moves, game.play_line(moves))
    return move_list_text(record).splitlines()[-1]


def test_reversis_copied_result_with_empty_squares_has_one_pair_of_brackets():
    """Random play to 33 - 30 with a square left empty: the copy read "Result: White wins 33 - 30
    (34 - 30 with the empty squares to the winner) (Black 30, White 33)".  One pair of brackets
    holds the sides' count and the count with the empty squares now."""
    line = copied_result("reversi", 55)
    assert line == "Result: White wins 33 - 30 (Black 30, White 33; 34 - 30 with the empty squares to the winner)"


@pytest.mark.parametrize("game_id", games.available_ids())
def test_every_games_copied_result_has_at_most_one_pair_of_brackets(game_id):
    for seed in range(1, 6):
        line = copied_result(game_id, seed)
        assert line.count("(") <= 1 and line.count(")") == line.count("("), line
        assert re.fullmatch(r"Result: [^()]+( \([^()]+\))?", line), line


def test_a_copied_alquerque_game_from_a_set_up_position_counts_its_own_captures():
    """A game from a position set up with 3 White and 2 Black pieces was copied as "captured:
    White 10, Black 9" and more: the pieces left off counted as taken from the usual start's 12.
    The copy counts the captures the moves made (one here), as the cards do."""
    game = games.load("alquerque")
    start = game.from_text("to-move: White\nno-capture: 0\n.B...\nW....\n.....\n.W.B.\n....W")
    moves = ["e1-d1", "b5-b4", "a4xc4"]  # White jumps the piece Black stepped to b4
    state = game.play_line(moves, start)
    record = GameRecord.start(game, PLAYERS, start_position=game.to_text(start)).with_moves(moves, state)
    record = record.finish(Result(None, "Draw", state.score()))
    assert state.score() != (1, 0)  # the game's own count, from 12 pieces each
    assert move_list_text(record).splitlines()[-1] == "Result: Draw (captured: White 1, Black 0)"


def test_a_copied_alquerque_score_says_it_counts_captures():
    """Alquerque's score is the pieces each side took: "(White 7, Black 9)" under "Black has no
    legal move" read as the pieces left."""
    record = GameRecord.start(games.load("alquerque"), PLAYERS).finish(Result(0, "Black has no legal move", (7, 9)))
    assert move_list_text(record).splitlines()[-1] == "Result: Black has no legal move (captured: White 7, Black 9)"


# A game of random play in which each side must pass once (moves 9 and 21), to a White win 38-26
PASSING_GAME = moves_from_text("d3 c3 e6 d2 d1 e1 b2 c1 pass d6 c7 f3 c5 b3 b4 a1 e3 a5 g2 a3 pass g3 e2 c6 f4 f6 "
                               "g4 c8 b7 h2 c4 g1 g7 a6 g5 g6 h5 h4 f7 e7 a2 b6 a7 f8 a4 h6 g8 e8 c2 f2 d7 d8 h7 f1 "
                               "h1 a8 b1 b8 f5 h8 h3 b5")


def test_a_copied_reversi_game_carries_its_othello_transcript_and_reads_back_once():
    """The line WZebra and Edax read (squares run together, passes left out) is in the copy; read
    back, the numbered moves alone are the game: the transcript is not played twice."""
    game = games.load("reversi")
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(
        PASSING_GAME, game.play_line(PASSING_GAME))
    text = move_list_text(record)
    transcript = "".join(move for move in PASSING_GAME if move != "pass")
    assert transcript in text.splitlines()
    again = record_from_move_list(text)
    assert again.moves == PASSING_GAME and again.result == record.result
    later = game.play_line(PASSING_GAME[:10])  # from a set-up position: those programs would play it from their start
    moved = GameRecord.start(game, (Side(None, "A"), Side(None, "B")), start_position=game.to_text(later))
    moved = moved.with_moves(PASSING_GAME[10:14], game.play_line(PASSING_GAME[10:14], later))
    assert "".join(PASSING_GAME[10:14]) not in move_list_text(moved)


@pytest.mark.parametrize("passes", ["", "pa", "PS", "--"])
def test_an_othello_transcript_under_the_games_name_is_the_game_with_its_passes(passes):
    """Passes left out (WZebra) or written pa, PS or -- are put back as our passes."""
    words = [passes if move == "pass" else move.upper() for move in PASSING_GAME]
    record = record_from_move_list("Reversi\n" + "".join(words))
    assert record.moves == PASSING_GAME
    assert record.result is not None and record.result.score == (26, 38)


def test_a_bare_list_of_reversi_moves_with_our_passes_is_read_as_reversi_too():
    record = record_from_move_list(" ".join(PASSING_GAME[:12]))
    assert record.game_id == "reversi" and record.moves == PASSING_GAME[:12]


def test_a_transcript_move_that_is_not_legal_even_after_a_pass_is_named_where_written():
    moves = [move for move in PASSING_GAME if move != "pass"]
    moves[8] = "h8"  # where Black had to pass, White's d6 comes next
    with pytest.raises(RecordError, match="move 9 'h8' is not legal: h8 flips no discs"):
        record_from_move_list("Reversi\n" + "".join(moves))


def test_a_pasted_game_keeps_its_moves_in_the_games_notation():
    """A game the Rastros course printed, under the game's name, replays as 5-4 6-3 (its "(5, 4)"
    stood in the replay's list and the saved file as typed), and Reversi's D3 as d3."""
    printed = record_from_move_list("Rastros\n([('ObtusoSW', (5, 4)), ('Bacoco', (6, 3))], -1)")
    assert printed.moves == ["5-4", "6-3"]
    assert record_from_move_list("Reversi\nD3 c5").moves == ["d3", "c5"]


def test_a_trax_game_as_the_courses_turns_under_the_games_name_is_read():
    """A student's game pasted as the Trax course's code writes turns, under the game's name, is
    read as the move field reads it (``Game.move_texts``): each pair was cut at its commas."""
    record = record_from_move_list("Trax\n[[[5, 4, 'dlld']], [[4, 5, 'dldl']]]")
    assert record.game_id == "trax" and record.moves == ["e6\\", "f5+"]


def test_a_move_list_that_names_no_players_leaves_them_unnamed_not_called_by_their_colour():
    """A transcript pasted alone named each side after its colour ("Black: Black" in the replay);
    the players are unnamed, and copying the game again writes no empty "Black: " for them."""
    record = record_from_move_list("f5d6c3d3c4")
    assert [p.title for p in record.players] == ["", ""]
    copied = move_list_text(record)
    assert "Black:" not in copied and "White:" not in copied
    assert [p.title for p in record_from_move_list(copied).players] == ["", ""]
    one = record_from_move_list("Reversi\nWhite: Level 3\n1. d3 c5")
    assert [p.title for p in one.players] == ["", "Level 3"]
    assert move_list_text(one).splitlines()[1] == "White: Level 3"


def test_a_copied_move_lists_switches_are_written_as_the_command_line_takes_them():
    """A copied Hex list's title read "Hex (size=11, swap=True)": Python's word for a switch, where
    ``--option`` and the help say ``swap=true``.  It is now written so, and still read back with
    the swap rule on (and a switch off as ``false``)."""
    for swap in (True, False):
        game = games.load("hex", size=11, swap=swap)
        record = GameRecord.start(game, PLAYERS).with_moves(["e4", "swap" if swap else "d5"])
        text = move_list_text(record)
        title = text.splitlines()[0]
        assert title == f"Hex (size=11, swap={str(swap).lower()})", title
        assert record_from_move_list(text).options == {"size": 11, "swap": swap}


def test_a_records_players_are_read_as_two_sides_with_titles_made_safe_to_show():
    """``read_players``: what a whole record (``GameRecord.from_dict``) and one cut short
    (``games.record_recovery``) both take a file's players with."""
    sides = read_players([{"id": None, "title": "Ana\n  Sousa"}, {"id": "level-3", "title": "Level 3"}])
    assert sides == (Side(None, "Ana Sousa"), Side("level-3", "Level 3"))
    for items, named in [([{"id": None, "title": "Ana"}], "two sides"), (["Ana", "Bia"], "players[0]"),
                         ([{"title": "Ana"}, {"id": 3, "title": "Bia"}], "players[1].id"),
                         ([{"id": None}, {"id": None, "title": "Bia"}], "players[0].title")]:
        with pytest.raises(RecordError, match=re.escape(named)):
            read_players(items)


def test_a_records_result_is_read_with_its_score_and_a_reason_that_can_be_drawn():
    """``read_result``: null is a game that goes on; a reason holding a NUL is drawn as a
    replacement character; a winner or score out of range is refused by its field's name."""
    assert read_result(None) is None
    assert read_result({"winner": 1, "reason": "White wins 37 - 27", "score": [27, 37]}) == \
        Result(1, "White wins 37 - 27", (27, 37))
    assert read_result({"winner": None, "reason": "a\0b"}) == Result(None, "a\ufffdb")
    for value, named in [([1], "'result' must be an object"), ({}, "result.winner"),
                         ({"winner": True}, "result.winner"), ({"winner": 0, "reason": 3}, "result.reason"),
                         ({"winner": 0, "score": [1, "2"]}, "result.score")]:
        with pytest.raises(RecordError, match=re.escape(named)):
            read_result(value)


def test_a_records_dates_are_kept_as_written_and_one_that_is_no_date_is_refused_by_name():
    """``read_date``: an ISO 8601 date as the file wrote it; an optional one left out is None, a
    needed one missing or not a date is refused naming ``dates.<key>``."""
    dates = {"started": "2026-11-23T09:41:00+00:00", "updated": "tuesday", "finished": 5}
    assert read_date(dates, "started") == "2026-11-23T09:41:00+00:00"
    assert read_date(dates, "resumed", optional=True) is None
    for key, why in [("resumed", "missing field 'dates.resumed'"), ("updated", "not an ISO 8601 date"),
                     ("finished", "must be an ISO 8601 date text")]:
        with pytest.raises(RecordError, match=re.escape(why)):
            read_date(dates, key)


def test_a_records_setup_is_kept_as_written_unless_no_file_could_hold_it():
    """``read_setup``: the window's setup as written (a copy), {} for none; refused when it is no
    object, or holds a lone surrogate that every later save would fail on."""
    setup = {"mode": "human-pc", "move_time": 1.0}
    kept = read_setup(setup)
    assert kept == setup and kept is not setup
    assert read_setup(None) == {}
    for value, why in [(["human-pc"], "must be an object"), ({"name": "\ud800"}, "lone surrogate")]:
        with pytest.raises(RecordError, match=re.escape(why)):
            read_setup(value)
