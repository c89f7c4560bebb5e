"""Students' Python bots for the tests of forfeits: a bot that plays well enough until the move it
is written to go wrong at, where it crashes, answers an illegal move, ends its process or never
answers; and bots that hold a move until the test lets them go (``held_bots``), for a game or a
tournament that must last as long as the test (``held_league``).  One file for every such test,
so that each says only its fault and its move."""

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


def hold_until(release: Path) -> str:
    """The fault of a bot that holds its move until the file ``release`` is there (``bot_faulting_at``):
    a game, and so its tournament, that lasts until the test lets it go."""
    return f"while not os.path.exists({str(release)!r}):\n            time.sleep(0.01)"


def set_up_held_until(bot: Path, release: Path) -> None:
    """Give the file ``bot`` (``bot_faulting_at``'s) a set-up, run as its program loads, that holds
    until the file ``release`` is there: a start-up that lasts until the test has read what the
    window says meanwhile, however slow or fast its frames."""
    bot.write_text(bot.read_text(encoding="utf-8") + f"\nwhile not os.path.exists({str(release)!r}):\n"
                   "    time.sleep(0.01)\n", encoding="utf-8")


def held_bots(folder: Path, move: int, release: Path, names: tuple[str, ...] = ("ana", "rui")) -> list[tuple[str, str]]:
    """Bots (id, title), one in ``folder/NAME`` for each of ``names``, that hold their ``move``-th
    move until the file ``release`` is there."""
    bots = []
    for name in names:
        (folder / name).mkdir(parents=True)
        bots.append((str(bot_faulting_at(folder / name, move, hold_until(release))), name.title()))
    return bots


def held_league(app, monkeypatch, folder: Path, watch: bool = True, levels: tuple[str, ...] = ("level-1", "level-2"),
                listed: bool = True):
    """A 3x3 tic-tac-toe tournament begun on the screen (``tournament_started``, its files in
    ``folder``) that runs until the test ends it: ``levels`` (Level 1 and Level 2) play their games
    before the first of the bot Ana, named last (Level 1's against each other level, both ways:
    games 1 and 2, a result each to look at; 1 to 4 with Level 3 too), then Ana holds its first
    move in each of its games until ``folder/go-on`` is there (never, unless the test writes it),
    at 600 s a move, so none is lost on time.  Levels alone raced the test: 300 games of 3x3 could
    end before its keys were pressed, warm workers being fast.  Returns the scene once those games
    are in (``listed``: in the latest results too; not if the board, watched, is kept from them)."""
    from tests.ui_helpers import tournament_started, wait
    from ui.scenes import tournament_run

    bots = held_bots(folder.parent / "held-bots", 1, folder / "go-on", names=("ana",))
    monkeypatch.setattr(tournament_run, "TIMES", (600.0,))
    scene = tournament_started(app, "tictactoe", {*levels, bots[0][0]}, folder, outside=bots, watch=watch)
    before = 2 * (len(levels) - 1)  # Level 1's games against the other levels come before Ana's first
    assert wait(app, lambda: scene.tournament is not None and len(scene.tournament.results) >= before
                and (not listed or len(scene.recent) >= before), 120)
    assert sorted(scene.tournament.results) == list(range(1, before + 1)) and scene.running
    return scene
