"""The forfeit tests' faulty bot (``tests.outside_bots``) does what each test says of it: the first
legal move every time but the one it is told to go wrong at, and its fault on ``FAULT_LINE``,
the line a late bot's reason says it was stopped on."""

from __future__ import annotations

import importlib.util
import traceback
from pathlib import Path

import pytest

from tests.outside_bots import FAULT_LINE, bot_faulting_at


class _State:
    """A position offering two legal moves, all a bot's ``choose`` asks of its state."""

    def legal_moves(self) -> list[int]:
        return [4, 7]


def _loaded(bot: Path):
    """The bot file as the module its process would run."""
    spec = importlib.util.spec_from_file_location(bot.stem, bot)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_bot_answers_the_first_legal_move_but_at_the_move_it_goes_wrong_at(tmp_path):
    bot = _loaded(bot_faulting_at(tmp_path, 3, "return 'z9'"))
    assert [bot.choose(None, _State()) for _ in range(4)] == [4, 4, "z9", 4]


@pytest.mark.parametrize("fault", ["raise ValueError('x')", "while True:\n            raise ValueError('x')"])
def test_the_fault_stands_on_fault_line_and_the_next(tmp_path, fault):
    bot = bot_faulting_at(tmp_path, 1, fault, name="crash.py")
    with pytest.raises(ValueError) as raised:
        _loaded(bot).choose(None, _State())
    where = traceback.extract_tb(raised.value.__traceback__)[-1]
    assert (Path(where.filename).name, where.lineno) == ("crash.py", FAULT_LINE + fault.count("\n"))
