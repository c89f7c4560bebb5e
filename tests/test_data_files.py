"""Every shipped knowledge file is the one its generator made: the SHA-256 recorded beside it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ai import data
from tools.verify_data import RECIPES, loaders  # each shipped file's loader, as the players call it

NAMES = sorted(data.checksums())


@pytest.mark.parametrize("name", NAMES)
def test_checksum(name):
    assert data.sha256(name) == data.checksums()[name], f"{name} differs from what its generator wrote"


def test_every_data_file_has_a_checksum():
    shipped = {p.name for p in data.FOLDER.iterdir() if p.is_file()}
    assert shipped - {"__init__.py", "README.md", "checksums.json"} == set(NAMES)


def readme_sizes() -> dict[str, str]:
    """ai/data/README.md's table: each file's size as the "size" column ends ("3.5 MB", "831 KB")."""
    rows = [line.split("|") for line in (data.FOLDER / "README.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and not line.startswith("| file ")]
    return {cells[1].strip(): re.search(r"([\d.]+ [KM]B)\s*$", cells[-2]).group(1) for cells in rows}


def shown_size_fits(shown: str, size: int) -> bool:
    """Whether "1.8 KB" is ``size`` bytes rounded to its last digit, in units of 1000 or of 1024."""
    number, unit = shown.split()
    half_digit = 0.5 * 10 ** -len(number.partition(".")[2]) + 1e-9
    power = {"KB": 1, "MB": 2}[unit]
    return any(abs(float(number) - size / base ** power) <= half_digit for base in (1000, 1024))


def test_the_readme_gives_each_files_size():
    """The README's sizes are the files': rastros_book7.npz, 2,121 bytes, was said "2.0 KB"."""
    sizes = readme_sizes()
    assert sorted(sizes) == NAMES
    wrong = {name: (shown, data.path(name).stat().st_size) for name, shown in sizes.items()
             if not shown_size_fits(shown, data.path(name).stat().st_size)}
    assert not wrong, f"ai/data/README.md's sizes (shown, bytes): {wrong}"


def clear_caches() -> None:
    from ai.engines import hex_knowledge, rastros_book, reversi_book, reversi_eval
    from ai.kernels import alquerque_tables

    for cached in (reversi_eval.pattern_weights, reversi_eval.probcut_parameters, reversi_book.load,
                   hex_knowledge.opening_maps, rastros_book.load, alquerque_tables.load):
        cached.cache_clear()


def test_every_shipped_file_has_a_loader():
    assert set(loaders()) == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_a_changed_file_is_refused_by_name_and_a_missing_one_said_in_the_log(name, tmp_path, monkeypatch, caplog):
    """Only the Reversi weights were checked when read: a damaged book or table crashed level-5
    with "BadZipFile" or "LZMAError" naming no file, and a changed one that still read was played
    from as proof (a Hex first cell the maps do not list, "proven won")."""
    import shutil

    for other in NAMES + ["checksums.json"]:
        if other != name:
            shutil.copy(data.path(other), tmp_path / other)
    changed = bytearray(data.path(name).read_bytes())
    changed[len(changed) // 2] ^= 0xFF  # one byte: still a zip, JSON or table file, perhaps
    (tmp_path / name).write_bytes(bytes(changed))
    monkeypatch.setattr(data, "FOLDER", tmp_path)
    load = loaders()[name]
    try:
        clear_caches()
        with pytest.raises(data.ChecksumError, match=f"^{name} is damaged or stale"):
            load()
        (tmp_path / name).unlink()
        clear_caches()
        with caplog.at_level("WARNING", logger="ai.data"):
            assert load() in (None, {})
        assert name in caplog.text and "missing" in caplog.text
    finally:
        monkeypatch.undo()
        clear_caches()


def test_the_command_line_names_a_damaged_file_in_one_line(tmp_path, monkeypatch, capsys):
    """A damaged weights file gave a 30-line traceback; the README promises one line, status 2."""
    import shutil

    import main

    for name in NAMES + ["checksums.json"]:
        shutil.copy(data.path(name), tmp_path / name)
    with open(tmp_path / "reversi_weights.npz", "ab") as f:
        f.write(b"\0")
    monkeypatch.setattr(data, "FOLDER", tmp_path)
    clear_caches()
    try:
        status = main.main(["match", "reversi", "level-5", "level-1", "--games", "1", "--time", "0.05"])
    finally:
        monkeypatch.undo()
        clear_caches()
    err = capsys.readouterr().err.strip()
    assert status == 2 and err.startswith("error: reversi_weights.npz is damaged or stale") and "\n" not in err


@pytest.mark.parametrize("tool", sorted({recipe.made_by.split()[0] for recipe in RECIPES.values()}))
def test_each_knowledge_builders_help_says_what_it_ships_how_long_it_takes_and_its_command(tool):
    """``python tools/rastros_book.py --help`` listed options only: which file of ai/data/ a
    builder writes, the command that made it and how long it runs were in ai/data/README.md alone,
    so remaking a shipped file started with reading the sources.  Each builder's help now ends
    with every file it ships, its command and its time."""
    root = Path(__file__).resolve().parent.parent
    shown = subprocess.run([sys.executable, tool, "--help"], capture_output=True, text=True, cwd=root, timeout=120)
    assert shown.returncode == 0, shown.stderr
    help_text = " ".join(shown.stdout.split())  # as one line: the epilog wraps its commands
    for name, recipe in RECIPES.items():
        if recipe.made_by.split()[0] == tool:
            assert f"{name}: python {recipe.made_by} ({recipe.takes})" in help_text, help_text


def test_a_builders_out_in_a_new_folder_is_written_and_one_under_a_file_refused_first(tmp_path):
    """``tools/solve_hex_openings.py 3 --out new/maps.json`` (as rastros_book.py's, reversi_book.py's
    ...) solved, then stopped with a FileNotFoundError traceback at the write, its work lost: the
    folder is made as ``main.py tournament --out`` makes its own, and a folder that cannot be
    made is a usage error before any solving."""
    root = Path(__file__).resolve().parent.parent
    out = tmp_path / "new" / "sub" / "maps.json"

    def build(path: Path) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "tools/solve_hex_openings.py", "3", "--out", str(path)],
                              capture_output=True, text=True, cwd=root, timeout=300)

    made = build(out)
    assert made.returncode == 0, made.stderr
    assert "3" in json.loads(out.read_text(encoding="utf-8"))["sizes"]
    (tmp_path / "afile").write_text("")
    refused = build(tmp_path / "afile" / "maps.json")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
    assert refused.stderr.strip().endswith(f"error: argument --out: cannot make the folder of "
                                           f"{tmp_path / 'afile' / 'maps.json'}: {tmp_path / 'afile'} is a file, "
                                           "not a folder"), refused.stderr


@pytest.mark.parametrize("size, shown", [("3", "3"), ("x", "'x'")])
def test_a_rastros_book_of_a_size_the_game_lacks_is_a_usage_error(size, shown):
    """``tools/rastros_book.py --size 3`` ended in the game's ValueError as a traceback, exit 1."""
    root = Path(__file__).resolve().parent.parent
    refused = subprocess.run([sys.executable, "tools/rastros_book.py", "--size", size, "--out", "unused.npz"],
                             capture_output=True, text=True, cwd=root, timeout=120)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
    assert refused.stderr.strip().endswith(f"error: argument --size: option size: {shown} is not valid; "
                                           "choose 4..8"), refused.stderr


@pytest.mark.parametrize("tool, argv", [("solve_rastros", []), ("rastros_openings", ["m.jsonl", "--plies", "2"]),
                                        ("rastros_selfcheck", [])])
@pytest.mark.parametrize("size, shown", [("3", "3"), ("99", "99"), ("x", "'x'")])
def test_the_other_rastros_tools_refuse_a_size_the_game_lacks_naming_its_sizes(tool, argv, size, shown, capsys):
    """``tools/solve_rastros.py --size 3`` (and the openings tool's, the self-check's) ended in the
    game's ValueError as a traceback; ``--size x`` in argparse's "invalid int value": each is now
    the usage error tools/rastros_book.py gives, naming the sizes the game has."""
    import importlib

    main = importlib.import_module(f"tools.{tool}").main
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--size", size])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.strip().endswith(
        f"error: argument --size: option size: {shown} is not valid; choose 4..8")


@pytest.mark.parametrize("tool, argv", [("alquerque_replay", []), ("alquerque_traps", []),
                                        ("rastros_openings", ["--plies", "2"])])
def test_the_match_log_tools_refuse_a_file_that_is_no_log_in_one_line(tool, argv, tmp_path, capsys):
    """``tools/alquerque_replay.py m.jsonl`` (the traps' and the Rastros openings' tools) with a
    mistyped path ended in a FileNotFoundError traceback, and a file of another kind in a
    JSONDecodeError's: each is now the usage error naming the file, and the line at fault."""
    import importlib

    main = importlib.import_module(f"tools.{tool}").main
    (tmp_path / "bot.py").write_text("def choose(game, state):\n    return 0\n")
    (tmp_path / "m.jsonl").write_text('{"game": 1, "moves": ["b2-c3"]}\n\n[1, 2]\n')
    refusals = {"missing.jsonl": "missing.jsonl: No such file or directory",
                "bot.py": "bot.py line 1: not a game of a versus_revision.py --log file (Expecting value)",
                "m.jsonl": 'm.jsonl line 3: not a game of a versus_revision.py --log file (no "moves" list)'}
    for name, said in refusals.items():
        with pytest.raises(SystemExit) as stopped:
            main([*argv, str(tmp_path / name)])
        assert stopped.value.code == 2
        assert capsys.readouterr().err.strip().endswith(f"error: {tmp_path / said}")


def test_the_panel_shots_refuse_a_game_the_app_lacks_naming_its_games(tmp_path, capsys):
    """``tools/panel_shots.py chess`` opened the window and ended in an AttributeError traceback
    (the menu it was left on has no panel): the game is refused before anything opens."""
    from tools import panel_shots

    with pytest.raises(SystemExit) as stopped:
        panel_shots.main(["reversi", "chess", "--out", str(tmp_path / "shots")])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.strip().endswith(
        "error: argument games: unknown game 'chess'; games: tictactoe, hex, reversi, rastros, alquerque, trax")
    assert not (tmp_path / "shots").exists()


@pytest.mark.parametrize("option", ["--checkpoint", "--save-table"])
def test_solve_rastros_refuses_a_file_it_cannot_write_before_solving(option, tmp_path, capsys):
    """``tools/solve_rastros.py --save-table afile/t.npy`` solved for minutes, then stopped with a
    traceback at the write: its --checkpoint and --save-table are the builders' written files now."""
    from tools import solve_rastros

    (tmp_path / "afile").write_text("")
    with pytest.raises(SystemExit) as stopped:
        solve_rastros.main(["--size", "4", option, str(tmp_path / "afile" / "t.npy")])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.strip().endswith(
        f"error: argument {option}: cannot make the folder of {tmp_path / 'afile' / 't.npy'}: "
        f"{tmp_path / 'afile'} is a file, not a folder")


@pytest.mark.parametrize("tool", ["make_icon", "make_sounds", "screenshots", "solve_rastros", "rastros_selfcheck",
                                  "rastros_openings", "tree_draw_bench", "import_race", "reversi6_selfcheck",
                                  "frame_bench", "league_bench", "cold_start", "kernel_targets", "level_depths", "soak",
                                  "worker_ends_bench", "text_measure_bench", "give_back_bench"])
def test_a_tools_help_says_what_it_writes_and_how_long_it_takes(tool, capsys):
    """``tools/make_icon.py --help`` (the sounds', the screenshots', the Rastros proof's and checks',
    the benches' and soak's) said what the tool is but not that it overwrites committed files nor
    whether it runs a second or an hour: each help now ends with what it writes (or that it writes
    nothing) and its time."""
    import importlib

    with pytest.raises(SystemExit) as stopped:
        importlib.import_module(f"tools.{tool}").main(["--help"])
    assert stopped.value.code == 0
    said = " ".join(capsys.readouterr().out.split())
    assert re.search(r"\bwrites (no file|\S+)", said) and "takes " in said, said


def test_the_tools_open_their_command_line_with_the_shared_parser():
    """The tools spelt their argparse opening each, thirty times over: the description cut from
    the docstring three ways, the closing "writes ...: prints ...; takes ..." written out by hand.
    They build it with tools/usage.py's ``tool_parser`` (the knowledge builders with
    ``verify_data.builder_parser``), so every help starts and ends alike.  Left out:
    tree_draw_bench.py and text_measure_bench.py, which import nothing of this checkout before
    their --checkout's, and i18n.py, whose help closes with its docstring's commands."""
    tools = Path(__file__).resolve().parent.parent / "tools"
    own = [path.name for path in sorted(tools.glob("*.py")) if "argparse.ArgumentParser(" in path.read_text()]
    assert own == ["i18n.py", "text_measure_bench.py", "tree_draw_bench.py", "usage.py"]


def test_a_tools_help_is_its_docstrings_first_paragraph_and_ends_with_what_it_writes_and_takes():
    """What ``tool_parser`` and ``writes_and_takes`` make of a tool's docstring and closing words."""
    from tools.usage import tool_parser, writes_and_takes

    doc = "Time the frames,\ncase by case.\n\nHow: more words that stay in the docstring."
    shown = " ".join(tool_parser(doc, writes_and_takes(writes="no file", prints="the milliseconds",
                                                       takes="about 7 s")).format_help().split())
    assert "Time the frames, case by case." in shown and "How:" not in shown
    assert shown.endswith("writes no file: prints the milliseconds; takes about 7 s")
    assert writes_and_takes(writes="assets/icon.png", takes="under a second") == (
        "writes assets/icon.png; takes under a second")
