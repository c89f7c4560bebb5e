"""Students' Python bots for the tests of forfeits: a bot that plays well enough until the move it
is written to go wrong at, where it crashes, answers an illegal move, ends its process or never
answers.  One file for every such test, so that each says only its fault and its move."""

from __future__ import annotations

from pathlib import Path

FAULTY_BOT = """\
import os
import time

asked = 0


def choose(game, state):
    global asked
    asked += 1
    moves = state.legal_moves()
    if asked == {move}:
        {fault}
    return moves[0]
"""
# the line of the bot file a fault's first statement stands on (a late bot is stopped on it or the next)
FAULT_LINE = FAULTY_BOT.splitlines().index("        {fault}") + 1


def bot_faulting_at(folder: Path, move: int, fault: str, name: str = "bot.py") -> Path:
    """A bot file ``folder/name`` whose ``choose`` answers the first legal move, except the
    ``move``-th time it is asked, when it runs ``fault`` instead: Python statements under an
    ``if`` (``raise ValueError('x')``, ``return 'z9'``, ``os._exit(3)``; a block's body on the
    next line, indented by 12 spaces), with ``os``, ``time`` and the legal ``moves`` at hand."""
    bot = folder / name
    bot.write_text(FAULTY_BOT.format(move=move, fault=fault))
    return bot
