"""Every shipped knowledge file is the one its generator made: the SHA-256 recorded beside it."""

from __future__ import annotations

import pytest

from ai import data

NAMES = sorted(data.checksums())


@pytest.mark.parametrize("name", NAMES)
def test_checksum(name):
    assert data.sha256(name) == data.checksums()[name], f"{name} differs from what its generator wrote"


def test_every_data_file_has_a_checksum():
    shipped = {p.name for p in data.FOLDER.iterdir() if p.is_file()}
    assert shipped - {"__init__.py", "README.md", "checksums.json"} == set(NAMES)
