"""The fixture ``tournament_games_held``: the tournaments a test starts send each game's result
only when the test lets it end (tests/tournament_standin.py).  Imported by the test modules that
use it (``from tests.held_tournament import held_games_fixture``: the fixture is named
``tournament_games_held``, the test's parameter)."""

from __future__ import annotations

import functools
from collections.abc import Iterator

import pytest

from tests import tournament_standin
from tests.tournament_standin import TournamentGamesHeld


@pytest.fixture(name="tournament_games_held")
def held_games_fixture(tmp_path_factory: pytest.TempPathFactory,
                          monkeypatch: pytest.MonkeyPatch) -> Iterator[TournamentGamesHeld]:
    """The tournaments this test starts send each game's result only when the test lets it end
    (tests/tournament_standin.py); every game is let end as the test ends, so no worker waits on."""
    import ai.tournament_workers

    folder = tmp_path_factory.mktemp("tournament-held")
    monkeypatch.setattr(ai.tournament_workers, "_worker_main", functools.partial(tournament_standin.worker_main, str(folder)))
    held = TournamentGamesHeld(folder)
    yield held
    held.release()
