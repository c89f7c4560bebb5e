"""A search's value in its game's unit, written the way the window writes it, without pygame.

The window (the analysis board, the panel, a hint: ``ui.analysis``) and ``main.py analyse`` both
write a value as a number in one unit per game: discs in Reversi, a chance to win in Hex, pieces
in Alquerque (100 evaluation units a piece, ai/eval_scales.py), points in tic-tac-toe, Rastros
and Trax.  The numbers are written here in English ("+1.1", "+6"); the window turns the decimal
separators to its language's (``ui.i18n.localized``).  The command line's English phrases of a
verdict ("Black +6 discs", "proven: Black wins by 38 discs on the board") are here too: the
window says its own through the translation catalog (``ui.scenes.thinking``).

The rule for a game whose evaluation has no unit a player knows: its words never give the
number.  Hex's alpha-beta scores convert to no chance to win, so the window says none; tic-tac-toe's
points (4**n an open line of n marks, the mover's doubled) grow so fast with the board and k that
"X +19 points" on 3x3 told a player nothing (the magazine review qa91); Rastros' points weigh a
step nearer the goal 40, a free square by one's own goal 25 and a safe move 10, and Trax's the
square of the share of the board each path spans (8 a line) and loops in the making: sums of
unlike things, no count a player makes ("South +110 points", "Light +3.8 points").  So the panel,
a hint, the tree explorer's panel and ``main.py analyse`` say what the search saw in outcome words
where it saw the end ("X wins in 5 plies", "proven: draw") and otherwise only the side it favours
("better for X", "better for you"): ``SIDE_ONLY``.  The board's tags and the bar keep the number,
to compare moves with one another, and the rules page says what it counts.
"""

from __future__ import annotations

from ai.eval_scales import UNIT_SIZE

EVAL_UNITS = {"reversi": "discs", "hex": "percent", "tictactoe": "points", "rastros": "points",
              "alquerque": "pieces", "trax": "points"}
"""What a game's search values are shown in, whichever player searched; else "points"."""

WHOLE_VALUES = ("reversi", "tictactoe", "rastros")
"""Games whose values are whole counts, written "+6", "+110", never "+5.0": Reversi's discs, and
the points of tic-tac-toe's open lines (4**k a line) and of Rastros' evaluation (40 a step)."""

SIDE_ONLY = ("tictactoe", "rastros", "trax")
"""Games whose estimates the window's words give as the side they favour, without the number (the
rule in this module's docstring); their proofs and the wins a search sees are said as usual."""

SINGULAR = {"discs": "disc", "pieces": "piece", "points": "point", "plies": "ply"}


def eval_unit(game_id: str, unit: str = "") -> str:
    """The unit a game's search values are shown in: "discs", "percent" (the chance to win, of
    Monte Carlo searches), "pieces" (Alquerque: its engine values a piece 100, ai/eval_scales.py)
    or "points" (tic-tac-toe's open lines, Rastros' paths to the goals, Trax's paths: each rules
    page says what they count, and words say only the side they favour, ``SIDE_ONLY``); ``unit``, the
    value's own where its player says it is another (``Progress.unit``: Reversi's hand-set
    evaluation counts points, not discs), wins."""
    return unit or EVAL_UNITS.get(game_id, "points")


def says_the_number(game_id: str, unit: str = "") -> bool:
    """Whether words about an estimate give its number: not for a ``SIDE_ONLY`` game's own points,
    which no player counts; a value in its player's own points (``unit``) is said as such."""
    return bool(unit) or game_id not in SIDE_ONLY


def unit_size(game_id: str) -> float:
    """How many of the engine's evaluation units make one of the unit shown (ai/eval_scales.py:
    Alquerque's 100, a piece), else 1."""
    return float(UNIT_SIZE.get(game_id, 1.0))


def amount_text(score: float, game_id: str, unit: str = "") -> str:
    """``score`` (engine units) as the board, the bar and the panel write it in the game's unit,
    signed: a whole count ("+6" discs, "+110" points), pieces ("+1.1" for 110), or points ("+3.8");
    "0" where the number written is nought.  A value in its player's own points (``unit``:
    Reversi's hand-set evaluation, in hundredths of its points) is written as points are ("+1.4")."""
    if unit:
        return points_text(score)
    if game_id in WHOLE_VALUES:
        return signed_text(score)
    return points_text(score / unit_size(game_id))


def points_text(value: float) -> str:
    """A value in points or pieces as the panel and the board write it: whole from 10 up ("+89"),
    one decimal below ("+0.4", "+1.1" pieces), where the decimal is all there is to read."""
    return signed_text(value, "+.0f" if abs(value) >= 10 else "+.1f")


def signed_text(value: float, spec: str = "+.0f") -> str:
    """``value`` with its sign as ``spec`` writes it ("+6", "-0.4"), but "0" where the number
    written is nought: a Reversi square read "+0", a gain that is none, and a value just under
    nought "-0.0", a loss that is none."""
    text = format(value, spec)
    return text if any(digit in text for digit in "123456789") else "0"


def plural_count(amount: str) -> int:
    """The number ``ngettext`` picks a word's form by for ``amount`` as written ("+1", "1.0"): the
    whole number itself, or 2 for one with decimals, which English and Portuguese say in the
    plural ("1.0 pieces", "0,4 pontos")."""
    digits = amount.lstrip("+-")
    return int(digits) if digits.isdigit() else 2


def counted(n: int, unit: str) -> str:
    """"1 disc", "38 discs", "5 plies", "1 move": an English count of ``unit`` (its plural) for
    the command line and the window's log, in the singular for one.  Kept in this light module
    (it imports only the scales) so that a worker's log line costs no import of the referee."""
    return f"{n} {SINGULAR.get(unit, unit.removesuffix('s')) if n == 1 else unit}"


def side_ahead(score: float, mover: int, game_id: str, unit: str = "") -> tuple[int, str]:
    """Which side an estimate favours (0 or 1) and by how much in the game's unit, unsigned
    ("6 discs", "1.1 pieces", "0.4 points"; "0" for even), for ``score`` from ``mover``'s view."""
    side = mover if score >= 0 else 1 - mover
    amount = amount_text(abs(score), game_id, unit).lstrip("+")
    if amount == "0":
        return side, "0"
    shown = eval_unit(game_id, unit)
    return side, f"{amount} {SINGULAR.get(shown, shown) if plural_count(amount) == 1 else shown}"


def bound_words(most: float, side: int, sides: tuple[str, ...]) -> str:
    """A proven upper bound ``most`` of ``side``'s final margin in discs, in the window's words
    for Reversi's 6x6 book bounds (``ui.scenes.thinking.bound_text``): "White +4 discs at most",
    "Black at least even", and where the bound decides the game, "Black wins by at least 10 discs"."""
    discs = round(most)
    if discs > 0:
        return f"{sides[side]} +{counted(discs, 'discs')} at most"
    if discs == 0:
        return f"{sides[1 - side]} at least even"
    return f"{sides[1 - side]} wins by at least {counted(-discs, 'discs')}"
