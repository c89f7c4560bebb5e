"""How a game's options reach a GTP engine: the set-up commands our controller sends
(ai/outside_gtp.py) and our own engine reads (ai/commands/gtp.py).

GTP tells a board by ``boardsize N`` alone, so an engine told nothing else plays the board it
was started with: a 5x4 Tic-tac-toe with 4 in a row was played on 3x3, and lost by a forfeit no
one understood.  Before each game the controller now sends, in this order:

- ``tabuleiro-options NAME=VALUE ...`` (our extension) for a game with options beyond its board's
  size: every option at once (Tic-tac-toe's ``width=5 height=4 k=4``), so that our engine never
  sees a board and a ``k`` that do not fit together in between;
- the board's size: ``boardsize N`` for a square board, and for a rectangular one
  ``rectangular_boardsize W H`` (KataGo's extension) or, refused, ``boardsize W H`` (HexGui's
  form, ours too).

An engine that refuses one of them cannot play the game, and is refused before the first move,
naming the options it was told (a load error, not a forfeit in the middle of the game), unless
it only does not know the command (``? unknown command``, or nothing after the ``?``) and the
game is the one it plays without being told: the options that command carries at their defaults
(3x3, 3 in a row), or only rules left to the engine (``LEFT_TO_THE_ENGINE``).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Game
from games.record_fields import options_text

OPTIONS_COMMAND = "tabuleiro-options"  # our extension: a game's options, NAME=VALUE words
RECTANGULAR = "rectangular_boardsize"  # KataGo's command for a board of a width and a height
SHAPE = ("size", "width", "height")  # the options boardsize tells
# rules an engine may play without being told: the swap adds a move it may leave unplayed
# (MoHex plays swap-pieces by its own setting), and an engine that reads Alquerque's captures
# otherwise plays a move the referee refuses naming the rule
LEFT_TO_THE_ENGINE = ("swap", "any_direction_captures", "compulsory_capture")


@dataclass(frozen=True)
class SetUpStep:
    """One thing an engine is told before a game: ``commands`` are its forms, the first the
    engine accepts telling it; ``may_be_unknown``: an engine that does not know them plays the
    game so anyway, and may refuse them as an unknown command."""

    commands: tuple[str, ...]
    may_be_unknown: bool


def set_up_steps(game: Game) -> list[SetUpStep]:
    """What an engine is told of ``game``'s options before its ``clear_board``, in order."""
    options = game.options
    defaults = {option.name: option.default for option in game.info.options}
    at_default = {name: options[name] == defaults[name] for name in options}
    steps = []
    if set(options) - set(SHAPE):
        told = [name for name in options if name not in SHAPE and name not in LEFT_TO_THE_ENGINE]
        steps.append(SetUpStep((f"{OPTIONS_COMMAND} {options_text(options).replace(', ', ' ')}",),
                               all(at_default[name] for name in told)))
    size = board_size(options)
    if size is not None:
        shape_at_default = all(at_default[name] for name in SHAPE if name in options)
        width, height = size
        forms = (f"boardsize {width}",) if width == height else (f"{RECTANGULAR} {width} {height}",
                                                                 f"boardsize {width} {height}")
        steps.append(SetUpStep(forms, shape_at_default))
    return steps


def board_size(options: dict) -> tuple[int, int] | None:
    """The board's width and height that ``options`` choose, or None for a game of one board."""
    if "size" in options:
        return options["size"], options["size"]
    if "width" in options and "height" in options:
        return options["width"], options["height"]
    return None


def read_option_words(words: list[str]) -> dict[str, str]:
    """The options ``tabuleiro-options`` words name, their values as written (the game coerces
    them); ValueError for a word that is no ``NAME=VALUE``."""
    pairs = {}
    for word in words:
        name, equals, value = word.partition("=")
        if not (name and equals and value):
            raise ValueError(f"{word!r} is not NAME=VALUE")
        pairs[name] = value
    return pairs


def unknown_command(answer: str) -> bool:
    """Whether an engine's refusal says that it does not know the command (GTP's ``unknown
    command``, or nothing), rather than that it knows it and cannot play what it says."""
    return not answer.strip() or "unknown command" in answer.lower()
