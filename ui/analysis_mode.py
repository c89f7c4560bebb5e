"""Analysis mode: the engine's value of every legal move, written on the board as it deepens.

``AnalysisMode`` is the controller a screen keeps (the game and the replay viewer): switched on
(key A), it follows the position shown -- the live game or one reached by browsing -- and asks its
own AI worker process for every move's value (``Job(kind="values")``, ai/move_values.py); the
worker streams snapshots a few times a second until the position changes, the mode is switched
off or the screen is left (ui/position_worker.py: its own worker, so analysing never delays the
computer's moves and a move search never cancels the analysis).

``move_labels`` turns values into the short texts written on the board, in the unit the panel
uses for the game (ui/scenes/thinking.py): disc margins in Reversi ("+6"), a chance to win and
the visit count for Monte Carlo values (Hex: "62%", "1.2k"), points elsewhere ("+0.4"), and once
a move is proven "W5" / "L3" (wins / loses in that many plies) or "=" (a draw).
``draw_move_values`` draws them through the board view's ``value_anchor`` (where a move's value
goes: its cell, its landing point, its tile's square).
"""

from __future__ import annotations

import math
import os
from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from ai.move_values import MoveValue, MoveValues
from games.base import Game
from ui.analysis import PROVEN_SCORE, count_text, eval_scale, points_text
from ui.i18n import _, number_text
from ui.position_worker import PositionWorker
from ui.theme import Theme

ENVIRONMENT = "TABULEIRO_ANALYSIS"  # "1": screens open with analysis on (screenshots, tests)
DISC_GAMES = ("reversi",)
# A Monte Carlo rate from a handful of playouts is noise: moves the search hardly tried stay blank.
MIN_VISITS, MIN_VISIT_SHARE = 5, 0.02


def wanted_at_start() -> bool:
    """Analysis on from the start (``TABULEIRO_ANALYSIS=1``)."""
    return os.environ.get(ENVIRONMENT, "") not in ("", "0")


@dataclass(frozen=True)
class MoveLabel:
    """What the board shows on one move."""

    text: str  # "+6", "62%", "W5", "L3", "="
    detail: str = ""  # a second, smaller line: Monte Carlo visits
    tone: float = 0.0  # -1 (bad for the side to move) .. +1 (good): the tag's colour
    best: bool = False  # the move the values prefer


def value_text(value: MoveValue, game_id: str) -> str:
    """A move's value in the game's unit, for the side to move (see the module docstring)."""
    if value.proven == 0:
        return "="
    if value.proven is not None:
        plies = "" if value.plies is None else str(value.plies)
        return (_("W{n}") if value.proven > 0 else _("L{n}")).format(n=plies)
    if value.kind == "mcts":
        return f"{round(100 * value.score)}%"
    if abs(value.score) >= PROVEN_SCORE:  # a win or loss the search found, unproven only for the moves it left out
        return (_("W{n}") if value.score > 0 else _("L{n}")).format(n="")
    if game_id in DISC_GAMES:
        return f"{round(value.score):+d}"
    return points_text(value.score)


def value_tone(value: MoveValue, scale: float) -> float:
    """-1 .. +1 for the side to move: how good the move looks."""
    if value.proven is not None:
        return float(value.proven)
    if value.kind == "mcts":
        return max(-1.0, min(1.0, 2.0 * value.score - 1.0))
    return math.tanh(value.score / scale)


def move_labels(snapshot: MoveValues | None, game_id: str) -> dict[Hashable, MoveLabel]:
    """The label of every move valued in ``snapshot``."""
    if snapshot is None or not snapshot.values:
        return {}
    from ui.analysis import Opinion

    scale = eval_scale(game_id, [Opinion(v.score, v.kind) for v in snapshot.values.values()])
    best = snapshot.best()
    least = max(MIN_VISITS, int(MIN_VISIT_SHARE * max((v.visits for v in snapshot.values.values()), default=0)))
    return {move: MoveLabel(value_text(v, game_id), count_text(v.visits) if v.kind == "mcts" else "",
                            value_tone(v, scale), best is not None and snapshot.key(v) == snapshot.key(best))
            for move, v in snapshot.values.items() if v.kind != "mcts" or v.visits >= least}


def summary_text(snapshot: MoveValues | None, running: bool) -> str:
    """The panel's line about the analysis: its depth or playouts, and whether it goes on."""
    if snapshot is None:
        return _("Analysing…") if running else ""
    if snapshot.monte_carlo:
        reach = _("{n} playouts").format(n=number_text(snapshot.nodes, ","))
    else:
        reach = _("depth {n}").format(n=snapshot.depth + 1)
    if snapshot.done:
        return _("Analysis: {reach}, complete").format(reach=reach)
    return _("Analysis: {reach}…").format(reach=reach)


# -- the controller ----------------------------------------------------------------------------------
class AnalysisMode(PositionWorker):
    """Every-move analysis of the position a screen shows, in a worker of its own."""

    def __init__(self, game: Game, seed: int | None = 0, active: bool = False) -> None:
        super().__init__(game, active)
        self.seed = seed
        self.values: MoveValues | None = None
        self.texts: dict = {}

    def make_job(self, moves: tuple[str, ...], position: str):
        from ui.ai_worker import Job

        return Job(self.game.id, dict(self.game.options), moves, position, "level-5", 0.0, self.seed,
                   "values", kind="values")

    def receive(self, item) -> bool:
        from ui.ai_worker import AIMoveValues

        if not isinstance(item, AIMoveValues):
            return False
        self.values, self.texts = item.values, item.texts
        return True

    def clear(self) -> bool:
        had = self.values is not None
        self.values, self.texts = None, {}
        return had

    def labels(self) -> dict[Hashable, MoveLabel]:
        return move_labels(self.values, self.game.id) if self.active else {}


# -- drawing ---------------------------------------------------------------------------------------
GOOD, BAD, EVEN = (60, 170, 90), (205, 70, 60), (120, 120, 130)


def tone_colour(tone: float) -> tuple[int, int, int]:
    """Green for good, red for bad, grey between."""
    target = GOOD if tone >= 0 else BAD
    t = min(1.0, abs(tone))
    return tuple(int(e + (g - e) * t) for e, g in zip(EVEN, target))  # type: ignore[return-value]


def draw_move_values(surface: pygame.Surface, view, labels: dict[Hashable, MoveLabel], theme: Theme) -> None:
    """Each label as a small tag where the view puts its move; one tag per place (the best of the
    moves that share it: Alquerque pieces landing on one point, Trax tiles on one square)."""
    from ui import text as tx

    places: dict[tuple[int, int], tuple[tuple, MoveLabel, int]] = {}
    for move, label in labels.items():
        anchor = view.value_anchor(move)
        if anchor is None:
            continue
        centre, size = anchor
        key = (label.tone, label.best)
        if centre not in places or key > places[centre][0]:
            places[centre] = (key, label, size)
    for centre, (_key, label, size) in places.items():
        font = max(9, int(size * (0.30 if label.detail else 0.34)))
        width = max(tx.ui_font(font, True).size(label.text)[0], tx.ui_font(max(9, font * 3 // 4)).size(label.detail)[0])
        height = tx.line_height(font) + (tx.line_height(max(9, font * 3 // 4)) if label.detail else 0)
        tag = pygame.Rect(0, 0, width + font // 2 + 2, height + 2)
        tag.center = centre
        shade = pygame.Surface(tag.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*tone_colour(label.tone), 225), shade.get_rect(), border_radius=max(3, font // 3))
        surface.blit(shade, tag)
        if label.best:
            pygame.draw.rect(surface, theme.hint, tag.inflate(4, 4), max(2, font // 7), border_radius=max(3, font // 3))
        text_y = tag.centery - (tx.line_height(max(9, font * 3 // 4)) // 2 if label.detail else 0)
        tx.text(surface, label.text, (tag.centerx, text_y), font, (255, 255, 255), "center", bold=True)
        if label.detail:
            tx.text(surface, label.detail, (tag.centerx, tag.bottom - 1), max(9, font * 3 // 4), (235, 235, 235),
                    "midbottom")
