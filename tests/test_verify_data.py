"""tools/verify_data.py: a rebuild of a shipped file is compared by its contents, its effort fields apart."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from ai import data
from tools import verify_data as tool


def test_every_shipped_file_has_a_recipe_and_the_readme_gives_each_rebuild_command():
    readme = data.path("README.md").read_text(encoding="utf-8")
    assert set(tool.RECIPES) == set(data.checksums())
    for name, recipe in tool.RECIPES.items():
        if recipe.where:
            row = next(line for line in readme.splitlines() if line.startswith(f"| {name} |"))
            assert f"python {recipe.made_by}" in row, name


def resaved(tmp_path, change) -> object:
    """A copy of the shipped 7x7 Rastros book with ``change(arrays)`` applied."""
    with np.load(data.path("rastros_book7.npz")) as stored:
        arrays = {name: stored[name].copy() for name in stored.files}
    change(arrays)
    out = tmp_path / "rastros_book7.npz"
    np.savez_compressed(out, **arrays)
    return out


def set_figure(arrays: dict, name: str, value: str) -> None:
    names = arrays["figure_names"].tolist()
    arrays["figure_values"][names.index(name)] = value


def test_a_changed_content_byte_differs_and_a_changed_timing_field_does_not(tmp_path):
    recipe = tool.RECIPES["rastros_book7.npz"]
    shipped = data.path("rastros_book7.npz")
    assert tool.compare(shipped, resaved(tmp_path, lambda a: None), recipe) == tool.Comparison()

    def slower(arrays):
        set_figure(arrays, "seconds", "999.9")
        set_figure(arrays, "solver_positions", "123")

    with np.load(shipped) as stored:  # the shipped file's own figures: a rebuild changes them
        figures = dict(zip(stored["figure_names"].tolist(), stored["figure_values"].tolist()))
        entries = len(stored["code"])
    found = tool.compare(shipped, resaved(tmp_path, slower), recipe)
    assert found.differences == []
    assert found.effort == [f"figures.seconds: '{figures['seconds']}' -> '999.9'",
                            f"figures.solver_positions: '{figures['solver_positions']}' -> '123'"]

    def one_move(arrays):
        arrays["code"][7] ^= 1
    assert tool.compare(shipped, resaved(tmp_path, one_move), recipe).differences == \
        [f"code: 1 of {entries} entries differ"]
    found = tool.compare(shipped, resaved(tmp_path, lambda a: set_figure(a, "winner", "North")), recipe)
    assert found.differences == ["figures.winner: 'South' -> 'North'"]


def test_the_hex_maps_are_compared_on_sizes_3_to_5_without_their_seconds_and_nodes(tmp_path):
    recipe = tool.RECIPES["hex_openings.json"]
    shipped = data.path("hex_openings.json")
    maps = json.loads(shipped.read_text(encoding="utf-8"))
    copy = tmp_path / "hex_openings.json"

    def compared(change) -> tool.Comparison:
        changed = json.loads(json.dumps(maps))
        change(changed["sizes"])
        copy.write_text(json.dumps(changed), encoding="utf-8")
        return tool.compare(shipped, copy, recipe)

    found = compared(lambda sizes: sizes["5"].update(seconds=0.4, nodes=106))
    assert found.differences == [] and len(found.effort) == 2
    assert compared(lambda sizes: sizes["6"]["winning"].pop()) == tool.Comparison()  # not rebuilt
    assert compared(lambda sizes: sizes.pop("7")) == tool.Comparison()
    found = compared(lambda sizes: sizes["4"]["winning"].remove("b3"))
    assert found.differences == ["sizes.4.winning: ['a4', 'b3', 'c2', 'd1'] -> ['a4', 'c2', 'd1']"]
    assert compared(lambda sizes: sizes.pop("3")).differences == ["sizes.3.winning: only in the shipped file"]


@pytest.fixture
def small_alquerque(tmp_path, monkeypatch):
    """A folder standing for ai/data/ whose compulsory Alquerque tables go up to 3 pieces, and the
    recipe that remakes them (about 4 s)."""
    from ai.kernels import alquerque_tables
    from tools import build_alquerque_tables

    name = "alquerque_compulsory.bin"
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    assert build_alquerque_tables.main(["--pieces", "3", "--variant", "compulsory", "--work", str(tmp_path / "work"),
                                        "--out", str(shipped / name)]) == 0
    (shipped / "checksums.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(data, "FOLDER", shipped)
    data.record_checksum(name)
    recipe = tool.Recipe(tool.ALQUERQUE.format(3, "compulsory"), "seconds", tool.ALQUERQUE_WHERE)
    monkeypatch.setattr(tool, "RECIPES", {name: recipe})
    alquerque_tables.load.cache_clear()
    yield name
    alquerque_tables.load.cache_clear()


def test_a_rebuild_is_the_same_and_a_changed_entry_is_found(small_alquerque, capsys):
    """The whole run on a small build: a second build is the same, byte for byte; one entry changed
    in the "shipped" tables (its checksum recorded) makes the run fail naming the table; a file
    whose checksum is not the recorded one is broken."""
    from ai.kernels import alquerque_tables as tb

    name = small_alquerque
    assert tool.main([name]) == 0
    out = capsys.readouterr().out
    assert re.search(rf"^{name}: same; rebuilt in \d+ s; byte for byte$", out, re.M), out

    tables = tb.from_bytes(data.path(name).read_bytes())
    blob = tables.blob.copy()
    at = int(tables.offsets[2, 1]) + 100
    blob[at] ^= 1 << 6  # another value, the same distance
    data.path(name).write_bytes(tb.to_bytes(tables._replace(blob=blob)))
    data.record_checksum(name)
    tb.load.cache_clear()
    assert tool.main([name]) == 1
    out = capsys.readouterr().out
    assert re.search(rf"^{name}: differs; rebuilt in \d+ s\n    table 2v1: 1 of 13,800 entries differ$", out, re.M), out

    with open(data.path(name), "ab") as f:
        f.write(b"\0")
    assert tool.main([name]) == 1
    assert f"{name}: broken; its SHA-256 is not the one in checksums.json" in capsys.readouterr().out
