"""A knowledge builder's checkpoint is checked whole as it is read (``tools.checkpoint``): one with
the right fields but wrong values inside was resumed, and the run stopped on it later, after
minutes or hours of solving, in a TypeError from deep in the builder.  It is now a usage error
before any work, naming the file, the field and the place in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.engines import rastros_book as book
from tools import checkpoint as checkpoints
from tools import rastros_book, reversi_book, solve_reversi6

KEY = book.Key(0b111, 1, 0, False)


def _refused(main, argv: list[str], capsys) -> str:
    """The one-line error ``main(argv)`` stops with (exit status 2, argparse's usage error)."""
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "resumed" not in captured.out, captured
    return captured.err.strip().splitlines()[-1]


@pytest.mark.parametrize("field, value, said", [
    ("entries", {KEY: [4, True]},
     '"entries"[Key(region=7, piece=1, side=0, mirrored=False)] is [4, True] where a tuple (a whole number, '
     "true or false) was expected"),
    ("loser_children", {KEY: [(2, book.Key(3, "x", 0, False))]},
     "\"loser_children\"[Key(region=7, piece=1, side=0, mirrored=False)][0][1].piece is 'x' where a whole "
     "number was expected"),
    ("refutations", {"1:2": {"wins": True, "positions": 5}}, "\"refutations\"['1:2'] lacks 'seconds'"),
    ("leaves", [KEY], '"leaves" is [Key(region=7, piece=1, side=0, mirrored=False)] where a set of'),
    ("ply", True, '"ply" is True where a whole number was expected'),
])
def test_a_rastros_checkpoint_wrong_inside_is_refused_naming_the_file_and_the_field(field, value, said, tmp_path,
                                                                                    capsys):
    builder = rastros_book.Builder(5)
    setattr(builder, field, value)
    path = tmp_path / "book5.json"
    checkpoints.save(path, vars(builder))
    error = _refused(rastros_book.main, ["--size", "5", "--bits", "10", "--checkpoint", str(path),
                                         "--out", str(tmp_path / "b.npz")], capsys)
    assert f"error: {path} is not a checkpoint of this tool: {said}" in error, error
    assert not (tmp_path / "b.npz").exists()


def test_a_rastros_hardness_checkpoint_wrong_inside_is_refused_by_its_own_name(tmp_path, capsys):
    builder_path, hardness = tmp_path / "book5.json", tmp_path / "book5_hardness.json"
    checkpoints.save(builder_path, vars(rastros_book.Builder(5)))
    checkpoints.save(hardness, {"counts": {KEY: "one"}, "seconds": 1.5, "positions": 3, "cap": 10})
    error = _refused(rastros_book.main, ["--size", "5", "--bits", "10", "--checkpoint", str(builder_path),
                                         "--out", str(tmp_path / "b.npz")], capsys)
    assert f"{hardness} is not a checkpoint of this tool: the file['counts']" in error and "'one'" in error, error


def test_a_reversi_book_checkpoint_wrong_inside_is_refused_naming_the_file_and_the_field(tmp_path, capsys):
    growth = reversi_book.Growth()
    growth.push(0.5, 3, 4, 1)
    growth.frontier[0] = ("cheap", *growth.frontier[0][1:])
    path = tmp_path / "book.json"
    checkpoints.save(path, vars(growth))
    error = _refused(reversi_book.main, ["--checkpoint", str(path), "--write-only", "--out",
                                         str(tmp_path / "b.npz")], capsys)
    assert error.endswith(f"error: {path} is not a checkpoint of this tool: \"frontier\"[0][0] is 'cheap' where "
                          "a number was expected"), error


def test_a_solved_reversi6_checkpoint_wrong_inside_is_refused_naming_the_file_and_the_field(tmp_path, capsys):
    path = tmp_path / "book6.json"
    checkpoints.save(path, {(1, 2): (19, "-4", True)})
    error = _refused(solve_reversi6.main, ["book", "--until", "32", "--checkpoint", str(path), "--no-write"], capsys)
    assert error.endswith(f"error: {path} is not a checkpoint of this tool: the file[(1, 2)][1] is '-4' where a "
                          "whole number was expected"), error


def test_a_checkpoint_of_the_right_shapes_is_read_back_as_it_was(tmp_path):
    builder = rastros_book.Builder(5)
    builder.entries, builder.leaves = {KEY: (4, True)}, {KEY}
    builder.winner_child, builder.loser_children = {KEY: None}, {KEY: [(2, KEY)]}
    builder.refutations = {"1:2": {"wins": True, "positions": 5, "seconds": 0.5}}
    path = tmp_path / "book5.json"
    checkpoints.save(path, vars(builder))
    again = checkpoints.restore(rastros_book.Builder(5), checkpoints.load(path, (book.Key,)), path,
                                rastros_book.BUILDER_SHAPES)
    assert vars(again) == vars(builder)


@pytest.mark.parametrize("value, shape, problem", [
    (1, float, None), (True, int, "x is True where a whole number was expected"),
    ({"a": 1, "b": 2}, checkpoints.Record({"a": int}), "x has 'b', none of 'a'"),
    ([1, None], checkpoints.ListOf(checkpoints.OneOf(int, str)), "x[1] is None where a whole number or a text was expected"),
    ((1, 2, 3), checkpoints.TupleOf(int, int), "x is (1, 2, 3) where a tuple (a whole number, a whole number) was expected"),
    ({"k": 1}, checkpoints.DictOf(int, int), "x, the key 'k' is 'k' where a whole number was expected"),
])
def test_misfit_says_where_and_what_was_expected(value, shape, problem):
    assert checkpoints.misfit(value, shape, "x") == problem


def test_every_field_of_the_builders_has_a_shape():
    """A field added to a builder without a shape would be read unchecked."""
    assert set(vars(rastros_book.Builder(5))) == set(rastros_book.BUILDER_SHAPES)
    assert set(vars(reversi_book.Growth())) == set(reversi_book.GROWTH_SHAPES)
    assert Path(solve_reversi6.__file__).exists()
