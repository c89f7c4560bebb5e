"""Bad files get a clear message and lose nothing.

Valid files of every kind the app reads are made with the app's own writers (a game record, a move
list, HexGui's SGF, GGF, Trax's official notation, a position, a tournament's log and report, the settings,
your results, a GTP engine's configuration, a notebook bot), then mutated: cut short, bytes
flipped, a byte-order mark, UTF-16 or Latin-1, numbers made huge or negative, nesting thousands
deep, keys dropped, doubled or unknown, NUL bytes, an empty file.  Each reader either reads the
file or raises only its documented error (or gives its documented problem) in words a user can
read, and the file's bytes and modification time are as they were; the settings and your results,
which the window moves aside when damaged, keep the bytes in the file moved aside.  The crashes
the fuzzing found are kept as explicit examples, and a few cases go through the window itself.
"""

from __future__ import annotations

import json
import os
import random
import re
import tempfile
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from ai.match import GameResult, random_line
from ai.outside import OutsideLoadError
from ai.outside_gtp import read_engine_config
from ai.outside_source import NotANotebook, read_source
from ai.results_log import ResultsLog
from ai.tournament import Tournament
from games.hex_sgf import sgf_from_record
from games.move_list import move_list_text
from games.othello_ggf import ggf_from_record
from games.position_text import position_text
from games.record import GameRecord
from games.record_parts import RecordError, Side
from tests.ui_helpers import click_widget, drop, wait, window_for_a_test
from ui import record_files
from ui import settings as settings_mod
from ui.tally import Tally

UGLY = re.compile(r"Traceback|\[Errno|codec can't|object has no attribute|not subscriptable|NoneType")


def _played(game_id: str, plies: int, **options: Any) -> GameRecord:
    """A game of random legal moves, as the window's recorder keeps it."""
    game = games.load(game_id, **options)
    moves = random_line(game.initial_state(), plies, random.Random(game_id))
    return GameRecord.start(game, (Side(None, "Ana"), Side("level-2", "Level 2"))).with_moves(moves, game.play_line(moves))


HEX = _played("hex", 20, size=7)
REVERSI = _played("reversi", 64, size=8)
TRAX = _played("trax", 8)
RECORD_FILES: dict[str, tuple[bytes, str]] = {
    "record": (_played("alquerque", 30).dumps().encode(), ".json"),
    "moves": (move_list_text(_played("rastros", 20)).encode(), ".txt"),
    "sgf": (sgf_from_record(HEX).encode(), ".sgf"),
    "ggf": (ggf_from_record(REVERSI).encode(), ".ggf"),
    "trax": (games.load("trax").other_notation(TRAX.states()).removeprefix("Official notation: ").encode(), ".txt"),
    "position": (position_text(REVERSI.game(), REVERSI.states()[20]).encode(), ".txt"),
}


def _tournament_log() -> bytes:
    """A league's results log as a league writes it: its header and two finished games."""
    league = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=1, time_per_move=0.1)
    with tempfile.TemporaryDirectory(prefix="fuzzlog-") as folder:
        path = Path(folder) / "league.jsonl"
        log = ResultsLog.create(path, league.header())
        for scheduled in league.schedule:
            players = list(league.ids_of(scheduled))
            log.write(scheduled.number, GameResult("tictactoe", {"width": 3, "height": 3, "k": 3}, players,
                                                   ["b2", "a1", "c3"], None, None, "stopped"))
        log.close()
        return path.read_bytes()


LOG = _tournament_log()
ENGINE = json.dumps({"command": ["mohex", "--use-logfile=false"], "name": "MoHex", "transpose": True,
                     "setup": ["param_mohex max_time 1"], "startup_time": 5}).encode()
NOTEBOOK = json.dumps({"cells": [{"cell_type": "markdown", "source": "# Bot"},
                                 {"cell_type": "code", "source": ["def jogador(estado):\n", "    return 1\n"]}],
                       "nbformat": 4}).encode()

JUNK_BYTES = [b"\0", b"\xff", b"\xc3", b"\xed\xa0\x80", b"]", b")", b";", b"\\", b"{", b"}", b'"', b",", b"-",
              b"NaN", b"-Infinity", b"\x85", "\u2028".encode(), "İ".encode(), "²".encode(), b"[" * 3000, b"(;" * 500]
NUMBERS = [b"9" * 400, b"-1", b"-99999999999", b"0", b"1e999", b"4294967296", b"99999999999999999999"]


@st.composite
def mutated(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` damaged one way or two, as disks, editors and mail programs damage files."""
    for _round in range(draw(st.integers(1, 2))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["cut", "flip", "insert", "bom", "utf16", "latin1", "number", "repeat",
                                    "delete", "crlf", "empty"]))
        if how == "cut":
            data = data[:at]
        elif how == "flip" and data:
            flipped = bytearray(data)
            flipped[at % len(data)] ^= 1 << draw(st.integers(0, 7))
            data = bytes(flipped)
        elif how == "insert":
            data = data[:at] + draw(st.sampled_from(JUNK_BYTES)) + data[at:]
        elif how == "bom":
            data = b"\xef\xbb\xbf" + data
        elif how == "utf16":
            data = data.decode("utf-8", "replace").encode("utf-16")
        elif how == "latin1":
            data = data.decode("utf-8", "replace").encode("latin-1", "replace")
        elif how == "number":
            numbers = list(re.finditer(rb"\d+", data))
            if numbers:
                found = numbers[at % len(numbers)]
                data = data[:found.start()] + draw(st.sampled_from(NUMBERS)) + data[found.end():]
        elif how == "repeat":
            end = draw(st.integers(at, len(data)))
            data = data[:end] + data[at:end] * draw(st.integers(2, 40)) + data[end:]
        elif how == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 30)):]
        elif how == "crlf":
            data = data.replace(b"\n", b"\r\n")
        else:
            data = b""
    return data


JSON_JUNK = st.sampled_from([None, True, -1, 10**400, 2**63, -(2**63), 1.5, float("nan"), float("inf"), "", "x" * 5000,
                             [], {}, [[[[]]]], "\0", "zz99", {"a": 1}, [1, 2, 3], "é", 0, 7, 10**6])


def _places(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place (keys of objects, indices of lists) in a decoded JSON value."""
    places = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            places += _places(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            places += _places(inner, (*prefix, index))
    return places


def _changed(value: Any, place: tuple, new: Any, drop: bool) -> Any:
    """``value`` with ``new`` at ``place`` (or what is there dropped)."""
    if not place:
        return new
    head, rest = place[0], place[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    if drop and not rest:
        del copy[head]
    else:
        copy[head] = _changed(copy[head], rest, new, drop)
    return copy


@st.composite
def json_mutated(draw: st.DrawFn, data: bytes, by_line: bool = False) -> bytes:
    """``data``, a JSON file (or, ``by_line``, lines of JSON), with a value junked, a key dropped,
    doubled or unknown."""
    lines = data.split(b"\n") if by_line else [data]
    index = draw(st.integers(0, len([line for line in lines if line.strip()]) - 1))
    value = json.loads(lines[index])
    place = draw(st.sampled_from(_places(value)))
    how = draw(st.sampled_from(["junk", "drop", "unknown", "duplicate"]))
    junk = draw(JSON_JUNK)
    if how == "drop" and place:
        value = _changed(value, place, None, drop=True)
    elif how in ("unknown", "duplicate") and isinstance(value, dict):
        value = {**value, "a newer version's key": junk}
    else:
        value = _changed(value, place, junk, drop=False)
    text = json.dumps(value, allow_nan=True)
    if how == "duplicate" and isinstance(value, dict):  # a key twice: the last one wins as JSON reads it
        key = draw(st.sampled_from(sorted(value)))
        text = text[:-1] + f", {json.dumps(key)}: {json.dumps(junk, allow_nan=True)}}}"
    lines[index] = text.encode()
    return b"\n".join(lines)


def damaged(data: bytes, is_json: bool = False, by_line: bool = False) -> st.SearchStrategy[bytes]:
    return (mutated(data) | json_mutated(data, by_line)) if is_json else mutated(data)


def _check_reader(data: bytes, suffix: str, read: Callable[[Path], Any], errors: tuple[type[BaseException], ...],
                  moved_aside: bool = False) -> None:
    """``read`` the file holding ``data``: it reads, or raises one of ``errors`` in a user's words;
    the file keeps its bytes and time (or, ``moved_aside``, the bytes are in the file moved aside)."""
    with tempfile.TemporaryDirectory(prefix="fuzzfiles-") as folder:
        path = Path(folder) / f"file{suffix}"
        path.write_bytes(data)
        os.utime(path, ns=(1_000_000_000, 1_000_000_000))
        try:
            said = read(path)
        except errors as exc:
            said = str(exc)
            assert said.strip(), f"an empty message for {data[:200]!r}"
        assert not UGLY.search(str(said or "")), f"{said!r} for {data[:200]!r}"
        kept = [p for p in Path(folder).iterdir() if p.name.startswith(path.name)]
        assert [p.read_bytes() for p in kept] == [data], f"the file was changed: {data[:200]!r}"
        assert kept[0].stat().st_mtime_ns == 1_000_000_000
        assert moved_aside or kept == [path]


def _read_tournament(path: Path) -> str | None:
    """The tournament a file holds, as the window opens a dropped file; then its log as --resume reads it."""
    Tournament.from_files(path)
    ResultsLog.read(path)
    return None


def _read_settings(path: Path) -> str | None:
    _settings, problem = settings_mod.load(path)
    return problem


def _read_results(path: Path) -> str | None:
    tally = Tally(path)
    tally.of("reversi", "level-3")
    _counts, problem, _writable = tally._read()
    return problem


def _read_record(path: Path) -> None:
    """A game file as the window opens it; the names it gives can be drawn (printable)."""
    record = record_files.load(path)
    assert all(side.title.isprintable() for side in record.players), record.players


@settings(deadline=None)  # the profile's count: 40, or 400 under TABULEIRO_TEST_SEED
@given(kind=st.sampled_from(sorted(RECORD_FILES)), data=st.data())
def test_a_damaged_game_file_of_any_format_is_refused_in_words_and_kept(kind: str, data: st.DataObject) -> None:
    valid, suffix = RECORD_FILES[kind]
    damage = data.draw(damaged(valid, is_json=suffix == ".json"))
    _check_reader(damage, suffix, _read_record, (RecordError,))


@pytest.mark.parametrize("kind", sorted(RECORD_FILES))
def test_every_valid_game_file_reads(kind: str) -> None:
    """The fuzzing starts from sound files: each reads as it was written."""
    valid, suffix = RECORD_FILES[kind]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"game{suffix}"
        path.write_bytes(valid)
        record = record_files.load(path)
        assert record.moves or record.start_position


@settings(deadline=None)  # the profile's count: 40, or 400 under TABULEIRO_TEST_SEED
@given(damage=damaged(LOG, is_json=True, by_line=True))
def test_a_damaged_tournament_log_is_refused_in_words_and_kept(damage: bytes) -> None:
    _check_reader(damage, ".jsonl", _read_tournament, (ValueError,))


@settings(deadline=None)  # the profile's count: 40, or 400 under TABULEIRO_TEST_SEED
@given(kind=st.sampled_from(["settings", "results", "engine", "notebook"]), data=st.data())
def test_damaged_settings_results_engines_and_notebooks_are_said_in_words(kind: str, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        if kind == "settings":
            settings_mod.save(settings_mod.Settings(player_name="Ana"), Path(folder) / "s.json")
            valid = (Path(folder) / "s.json").read_bytes()
        elif kind == "results":
            tally = Tally(Path(folder) / "results.json")
            tally.add("reversi", "level-3", "won", key="a")
            tally.add("hex", "level-1", "forfeit", key="b")
            valid = tally.path.read_bytes()
        else:
            valid = ENGINE if kind == "engine" else NOTEBOOK
    damage = data.draw(damaged(valid, is_json=True))
    if kind == "settings":
        _check_reader(damage, ".json", _read_settings, (), moved_aside=True)
    elif kind == "results":
        _check_reader(damage, ".json", _read_results, (), moved_aside=True)
    elif kind == "engine":
        _check_reader(damage, ".json", lambda p: read_engine_config("mohex.json", str(p)), (OutsideLoadError,))
    else:
        _check_reader(damage, ".ipynb", read_source, (NotANotebook,))


# -- the crashes the fuzzing found, each kept as it was met ------------------------------------------
HEXGUI = "(;AP[HexGui:0.10]FF[4]GM[11]PB[Ann]PW[Bob]SZ[7];B[d4];W[{cell}])"


@pytest.mark.parametrize("cell", ["d" + "9" * 40, "İ1", "d²", "a0"])
def test_an_sgf_move_of_a_huge_row_or_unicode_is_refused_with_its_line(cell: str) -> None:
    """``W[d999...]`` raised OverflowError (a row number too large for a character) and ``W[İ1]``
    TypeError, from ``games.hex.transpose_cell``: opening the file said "Something went wrong"."""
    with pytest.raises(RecordError, match="line 1: .*move 2"):
        record_files.from_text(HEXGUI.format(cell=cell))


@pytest.mark.parametrize("change", [
    lambda header, game: (header | {"games_per_pair": float("inf")}, game),
    lambda header, game: (header, game | {"result": game["result"] | {"reason": 5}}),
    lambda header, game: (header, game | {"result": game["result"] | {"winner": 7}}),
    lambda header, game: (header, game | {"result": game["result"] | {"players": ["level-1"]}}),
    lambda header, game: (header, game | {"result": game["result"] | {"time_used": "fast"}}),
    lambda header, game: (header, game | {"result": game["result"] | {"reason": "O forfeits\u0000"}}),
    lambda header, game: (header | {"players": ["level-1", "level-2\ud800"]}, game),
])
def test_a_tournament_log_with_a_garbled_value_is_refused_naming_the_file(tmp_path, change) -> None:
    """A header's ``"games_per_pair": Infinity`` raised OverflowError, and a game's ``"reason": 5``
    AttributeError as the standings counted it: dropped on the window, either said "Something
    went wrong"; a ``winner`` of 7 was taken, to fail later on the tournament screen, and a reason
    or player holding a NUL or a lone surrogate made the tournament screen raise at every frame."""
    header_line, game_line = LOG.split(b"\n")[:2]
    header, game = change(json.loads(header_line), json.loads(game_line))
    path = tmp_path / "league.jsonl"
    path.write_text(json.dumps(header) + "\n" + json.dumps(game) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="league.jsonl"):
        Tournament.from_files(path)


def test_a_tournament_report_with_a_garbled_game_is_refused_naming_the_game(tmp_path) -> None:
    """A report's games were taken as they were: a reason of 5 failed on the tournament screen."""
    game = json.loads(LOG.split(b"\n")[1])
    header = json.loads(LOG.split(b"\n")[0]) | {"standings": [], "games": [game["result"] | {"number": 1, "reason": 5}]}
    path = tmp_path / "league.json"
    path.write_text(json.dumps(header), encoding="utf-8")
    with pytest.raises(ValueError, match=r"league.json: game 1 of its list .*'reason' should be text, not 5"):
        Tournament.from_files(path)


def test_every_field_of_a_games_result_is_checked() -> None:
    from ai.results_log import RESULT_FIELDS

    assert set(RESULT_FIELDS) == {f.name for f in fields(GameResult)}


def test_results_that_are_not_utf8_are_moved_aside_and_said_in_words(tmp_path) -> None:
    """Your results file in Latin-1 said Python's "'utf-8' codec can't decode byte 0xe9 ...", was
    never moved aside, and no game was counted again until it was mended by hand."""
    path = tmp_path / "results.json"
    path.write_bytes('{"format": "tabuleiro-results", "version": 1, "results": {}, "x": "é"}'.encode("latin-1"))
    _counts, problem, writable = Tally(path)._read()
    assert "it is not UTF-8 text" in problem and "moved to results.json.corrupt-" in problem and writable
    assert not UGLY.search(problem)


def test_an_engine_configuration_not_utf8_or_nested_too_deep_is_said_in_words(tmp_path) -> None:
    """A Latin-1 file said Python's codec words; one nested thousands deep raised RecursionError."""
    path = tmp_path / "mohex.json"
    path.write_bytes('{"command": "mohex", "name": "Hélio"}'.encode("latin-1"))
    with pytest.raises(OutsideLoadError, match="not UTF-8 text"):
        read_engine_config("mohex.json", str(path))
    path.write_text('{"command": "mohex", "setup": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    with pytest.raises(OutsideLoadError, match="nested far too deep"):
        read_engine_config("mohex.json", str(path))


@pytest.mark.parametrize("content", [b'{"cells": 5}', b'{"cells": [{"cell_type": "code", "source": [["x"]]}]}',
                                     '{"cells": [], "é": 1}'.encode("latin-1"), b'{"cells": ' + b"[" * 5000])
def test_a_notebook_of_odd_cells_is_no_notebook_or_reads(tmp_path, content: bytes) -> None:
    """Cells of 5, a source of lists, Latin-1 bytes or nesting thousands deep raised TypeError,
    UnicodeDecodeError or RecursionError where a file without players is said as such."""
    path = tmp_path / "bot.ipynb"
    path.write_bytes(content)
    try:
        read_source(path)
    except NotANotebook as exc:
        assert not UGLY.search(str(exc))


def test_settings_that_cannot_be_opened_are_left_in_place_not_moved(tmp_path) -> None:
    """A folder named settings.json (or a file Tabuleiro may not read) is not damaged: it was
    renamed aside as a damaged file is, and the defaults written in its place."""
    path = tmp_path / "settings.json"
    path.mkdir()
    _settings, problem = settings_mod.load(path)
    assert "left in place" in problem and "is a folder, not a file" in problem
    assert path.is_dir() and [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert settings_mod.save(settings_mod.Settings(), path) is not None and path.is_dir()


def test_a_folder_dropped_as_a_tournament_log_is_said_without_errno(tmp_path) -> None:
    (tmp_path / "league.jsonl").mkdir()
    with pytest.raises(ValueError, match=r"cannot be read \(Is a directory\)"):
        Tournament.from_files(tmp_path / "league.jsonl")


def test_a_record_tabuleiro_may_not_read_is_said_so_and_kept(tmp_path, monkeypatch) -> None:
    """No read permission (simulated: the tests may run as root, who reads everything)."""
    import ai.atomic

    path = tmp_path / "game.json"
    path.write_bytes(RECORD_FILES["record"][0])

    def refused(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(ai.atomic, "open", refused, raising=False)
    with pytest.raises(RecordError, match="may not read"):
        record_files.load(path)
    assert path.read_bytes() == RECORD_FILES["record"][0]


@pytest.mark.parametrize("kind", ["json", "moves"])
def test_a_game_of_a_hundred_thousand_moves_is_refused(tmp_path, kind: str) -> None:
    record = json.loads(RECORD_FILES["record"][0])
    if kind == "json":
        text = json.dumps(record | {"moves": (record["moves"] * 4000)[:100_000]})
    else:
        text = "Tic-tac-toe\n" + " ".join(["b2", "a1"] * 50_000)
    path = tmp_path / f"long.{'json' if kind == 'json' else 'txt'}"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError):
        record_files.load(path)


# -- through the window -----------------------------------------------------------------------------
def _errors(app) -> list[str]:
    return [m.text for m in app.messages.items if m.kind == "error"]


def test_dropped_damaged_files_are_named_the_window_goes_on(tmp_path, monkeypatch) -> None:
    """A corrupt SGF (the huge row that raised), a log with a garbled game, one with a NUL in a
    player's id (the tournament screen raised drawing it) and a cut record, dropped on the window:
    each is named in a message, kept as it was, and the window goes on."""
    sgf = tmp_path / "game.sgf"
    sgf.write_text(HEXGUI.format(cell="d" + "9" * 40), encoding="utf-8")
    header_line, game_line = LOG.split(b"\n")[:2]
    game = json.loads(game_line)
    log = tmp_path / "league.jsonl"
    log.write_bytes(header_line + b"\n" + json.dumps(game | {"result": game["result"] | {"reason": 5}}).encode() + b"\n")
    unsaid = tmp_path / "unsaid.jsonl"
    unsaid.write_text(json.dumps(json.loads(header_line) | {"players": ["level-1", "level-2\0"]}) + "\n",
                      encoding="utf-8")
    cut = tmp_path / "cut.json"
    cut.write_bytes(RECORD_FILES["record"][0][:90])
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (sgf, log, unsaid, cut)}
    with window_for_a_test(tmp_path, monkeypatch) as app:
        for path in before:
            drop(app, path)
            said = [m.text for m in app.messages.items] if path is sgf else _errors(app)  # the SGF's first move is kept
            assert any(path.name in text for text in said), (path, said)
        assert not app.errors, app.errors
        app.show_menu()  # the SGF's first move opened in the replay
        click_widget(app, app.scene.menu, "play")
        assert type(app.scene).__name__ == "SetupScene"
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in before} == before


def test_saved_games_with_a_corrupt_save_names_it_and_keeps_its_bytes(tmp_path, monkeypatch) -> None:
    from ui.data_folders import games_dir

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    folder = games_dir()
    folder.mkdir(parents=True)
    record_files.save(HEX, folder / "good.json")
    damage = HEX.dumps().encode().replace(b'"moves"', b'"moves": 5, "x"', 1)
    (folder / "bad.json").write_bytes(damage)
    with window_for_a_test(tmp_path, monkeypatch) as app:
        assert wait(app, lambda: app.scene.menu.get_widget("saved") is not None, 20)
        click_widget(app, app.scene.menu, "saved")
        assert wait(app, lambda: any("bad.json" in text for text in _errors(app)), 20), _errors(app)
        assert not app.errors, app.errors
    kept = [p.read_bytes() for p in folder.iterdir() if p.name.startswith("bad.json")]
    assert kept == [damage]


def test_a_corrupt_settings_file_is_said_and_the_settings_screen_opens(tmp_path, monkeypatch) -> None:
    config = tmp_path / "config"
    config.mkdir()
    damage = b'{"version": 1, "theme": "light", "volume": 1e999, "window_size": [' + b"[" * 3000
    (config / "settings.json").write_bytes(damage)
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(config))
    with window_for_a_test(tmp_path, monkeypatch) as app:
        assert any("Settings file was unreadable" in text for text in _errors(app)), _errors(app)
        click_widget(app, app.scene.menu, "settings")
        assert type(app.scene).__name__ == "SettingsScene"
        app.run_frames(2)
        assert not app.errors, app.errors
    assert [p.read_bytes() for p in config.iterdir() if p.name.startswith("settings.json.corrupt")] == [damage]


@pytest.mark.parametrize("kind", ["sgf", "ggf", "moves"])
def test_a_name_holding_a_nul_opens_in_the_replay_cleaned(tmp_path, monkeypatch, kind: str) -> None:
    """An SGF's, GGF's or move list's player named with a NUL (a JSON record's was cleaned, these
    were not) made the replay raise at every frame: "Something went wrong"."""
    from tests.ui_helpers import recorded_text
    from ui.scenes.replay import ReplayScene

    valid, suffix = RECORD_FILES[kind]
    path = tmp_path / f"named{suffix}"
    path.write_bytes(valid.replace(b"Ana", b"A\x00na\x1b", 1))
    with window_for_a_test(tmp_path, monkeypatch) as app:
        drop(app, path)
        assert isinstance(app.scene, ReplayScene), _errors(app)
        drawn = recorded_text(monkeypatch)
        app.scene.draw(app.screen)
        app.run_frames(2)
        assert not app.errors, app.errors
        assert any("A na" in text for text in drawn), drawn


def test_a_record_whose_setup_holds_a_lone_surrogate_is_refused(tmp_path) -> None:
    """JSON's ``"\\ud800"`` in a record's setup (its players' titles are cleaned, the setup was
    kept as written): the game opened, and every save as it was played on failed on the window's
    writer thread with UnicodeEncodeError, unsaid: the moves were lost."""
    data = json.loads(RECORD_FILES["record"][0]) | {"setup": {"mode": "hotseat", "titles": ["\ud800", "Rui"]}}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="'setup' holds text that is no Unicode"):
        record_files.load(path)


@pytest.mark.parametrize("reason", ["X resigns\u0000", "X resigns\ud800"])
def test_a_records_reason_holding_a_nul_or_a_lone_surrogate_replays(tmp_path, monkeypatch, reason: str) -> None:
    """The replay raised at every frame drawing the reason ("A null character was found in the
    text"), and a surrogate could not be saved again; now each is a replacement character."""
    from ui.scenes.replay import ReplayScene

    game = games.load("tictactoe")
    start = game.initial_state()
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui"))).with_moves(["b2"], start.play(4))
    data = record.to_dict() | {"result": {"winner": 0, "reason": reason}}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with window_for_a_test(tmp_path, monkeypatch) as app:
        drop(app, path)
        assert isinstance(app.scene, ReplayScene), _errors(app)
        app.scene.draw(app.screen)
        app.run_frames(2)
        assert app.scene.record.result.reason == "X resigns\ufffd"
        record_files.save(app.scene.record, tmp_path / "again.json")


RECORD = json.loads(RECORD_FILES["record"][0])


@pytest.mark.parametrize(("text", "said"), [
    (json.dumps(RECORD | {"moves": [*RECORD["moves"][:5], "a1-a1", *RECORD["moves"][6:]]}), r"move 6 'a1-a1' is not legal"),
    (json.dumps(RECORD | {"start": "x\n..\n..", "moves": []}), r"start position cannot be read: expected 5 rows"),
    (RECORD_FILES["sgf"][0].decode().replace("SZ[7]", "SZ[99]"), r"SZ\[99\]: option size: 99 is not valid"),
    (RECORD_FILES["sgf"][0].decode().replace(";W[", ";W[a0", 1), r"line 2: move 2 'a0.*' is not legal"),
    (RECORD_FILES["ggf"][0].decode().replace("TY[8]", "TY[5]"), r"TY\[5\]: option size: 5 is not valid"),
])
def test_an_illegal_move_midway_or_a_board_of_the_wrong_size_is_named(text: str, said: str) -> None:
    with pytest.raises(RecordError, match=said):
        record_files.from_text(text)
