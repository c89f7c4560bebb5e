"""tools/cold_start.py's scripts: each runs in a new process (on this checkout or an older one), and
what they share (a game named on the command line, the random opening, the window as main.py opens
it) is written once, ``COMMON``, put before each.  Measuring needs a fresh install's compiling, far
too long for the suite; these check that each script is whole Python and that the shared part reads
a game and plays an opening as every script expects."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import games
from tools import cold_start

SCRIPTS = ("PLAYER", "WINDOW", "RESTART", "ANALYSIS", "THREE", "STEPS", "TAKEN", "MEMORY", "FIRST_FRAME")


def run_shared(probe: str) -> object:
    """What ``probe`` prints as JSON, run after ``COMMON`` in a new process as the tool runs its scripts."""
    code = cold_start.COMMON + "import json, sys\nsys.path.insert(0, sys.argv[1])\n" + probe
    done = subprocess.run([sys.executable, "-c", code, str(cold_start.ROOT)], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", SCRIPTS)
def test_every_script_is_whole_python_that_opens_with_the_shared_part(name):
    code = getattr(cold_start, name)
    compile(code, name, "exec")
    assert code.startswith(cold_start.COMMON)
    own = code[len(cold_start.COMMON):]
    assert 'split(":")' not in own, "a game's name read again: spec_options reads it"
    assert "rng" not in own, "a random opening of its own: played_line's stops short of the game's end"


@pytest.mark.parametrize(("spec", "read"), [("reversi", ("reversi", {})), ("hex:size=11", ("hex", {"size": 11})),
                                            ("tictactoe:width=4:height=4:k=3",
                                             ("tictactoe", {"width": 4, "height": 4, "k": 3}))])
def test_a_game_is_read_from_its_command_line_name(spec, read):
    assert tuple(run_shared(f"print(json.dumps(spec_options({spec!r})))")) == read


def test_the_opening_is_the_same_seeded_line_each_time_and_stops_short_of_the_end():
    """--steps played its own 12 random plies, which 3x3 Tic-tac-toe does not have ("Cannot choose
    from an empty sequence"): every script now plays the shared ``played_line``."""
    probe = ("import games\ngame = games.load('tictactoe')\n"
             "print(json.dumps([played_line(game, 12)[1], played_line(game, 12)[1], played_line(game, 3)[1]]))")
    line, again, short = run_shared(probe)
    assert line == again and 0 < len(line) < 9 and short == line[:3]
    game = games.load("tictactoe")
    state = game.initial_state()
    for name in line:
        state = state.play(game.parse_move(state, name))
    assert not state.is_terminal()


def test_the_spare_waiting_is_asked_of_the_class_or_read_off_an_older_one():
    probe = """
SpareWorker = worker_names("SpareWorker")
SpareWorker.spare = classmethod(lambda cls: "asked")  # this checkout's public way


class Older:  # an older checkout's SpareWorker, with no spare()
    _spare = "read"


print(json.dumps([spare_waiting(SpareWorker), spare_waiting(Older)]))
"""
    # the scripts read SpareWorker._spare, a private name, of this checkout's class too
    assert run_shared(probe) == ["asked", "read"]
