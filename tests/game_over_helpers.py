"""What the tests of a game's end share beyond tests/ui_helpers.py."""

from __future__ import annotations

import pytest


def card_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The result card up as soon as the game ends (``ui.scenes.game_over.OVER_DELAY`` 0, as the
    game screen reads it too), not after 0.6 s of the final position: for tests whose fact is
    what the card says or does, not when it comes."""
    from ui.scenes import game, game_over

    for module in (game, game_over):
        monkeypatch.setattr(module, "OVER_DELAY", 0.0)


@pytest.fixture
def result_card_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``card_at_once`` as a fixture, for the tests that read or press the result card and not
    when it comes (``@pytest.mark.usefixtures("result_card_at_once")``, the module importing it)."""
    card_at_once(monkeypatch)
