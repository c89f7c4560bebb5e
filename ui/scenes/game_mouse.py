"""The mouse on the game screen's board: where it hovers, clicks that make moves, pieces dragged,
and the shake of an illegal click.

The board view says what a click at a place does (``BoardView.click``: a move, a half-entered move,
or a reason it is not legal) and which presses grab a piece (``grabs``); ``BoardMouse`` turns the
mouse's presses, movements and releases into those clicks, so a piece is moved either by two
clicks or by dragging it.  The keyboard's cursor presses through ``click`` as well, so both ways of
playing answer alike.  It is a part of its own because it is state of the hand (the press not yet
let go, the place hovered, the last rejected click) that nothing else on the screen keeps.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ui import eval_graph
from ui.board_view import Click
from ui.i18n import Phrase, _
from ui.words import sentence

if TYPE_CHECKING:
    from ui.scenes.game import GameScene

REFUSAL = "refusal"  # the topic of a refused move's message (clicked or typed): withdrawn by the next move taken


@dataclass
class Drag:
    """A press on a piece, until the release: where it was, whether a move was half entered
    then, what picking the piece said, and where it is carried (once away from the press)."""

    start: tuple[int, int]
    was_partial: bool
    press: Click | None
    to: tuple[int, int] | None = None
    place: Hashable | None = None  # the view's target pressed (``BoardView.targets``): the layout may change
    goes_on: bool = False  # the piece of the move half entered, carried on with it (``BoardView.holds_input``)


def refusal_said(reason: str) -> str:
    """The message of a click the view refused (``Click.reject``): its reason as a sentence, said
    again whole after a language switch when the view kept how to say it (a ``Phrase``); the
    sentence's capital and the rules' words inside it kept it in the old language."""
    if not reason:
        return _("Not a legal move")
    if isinstance(reason, Phrase):
        return Phrase(lambda: sentence(reason.again()))
    return sentence(reason)


class BoardMouse:
    """The mouse on the board (see the module's docstring)."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.reset()

    def reset(self) -> None:
        self.drag: Drag | None = None  # a piece pressed and not yet let go
        self.hover: tuple[int, int] | None = None
        self.played_at: Hashable | None = None  # the board's place a click just played on (``shown_hover``)
        self.invalid_at: tuple[int, int] | None = None
        self.invalid_since = 0.0

    def shown_hover(self) -> tuple[int, int] | None:
        """Where the board shows the pointer (the preview of a move there): nowhere while it stays
        on the place a click just played on, until it leaves it.  Hex's swap empties the cell
        clicked, and the preview of a stone there, faded, was read as a stone still on it."""
        if self.hover is None or self.played_at is None:
            return self.hover
        return None if self.scene.view.hover_target(self.hover) == self.played_at else self.hover

    def carried(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """(where a dragged piece was pressed, where it is now), once it is away from the press."""
        return (self.drag.start, self.drag.to) if self.drag and self.drag.to else None

    def shaking(self, now: float) -> bool:
        """An illegal click's place still shakes (the views shake it 0.5 s): the board is drawn
        every frame meanwhile."""
        return self.invalid_at is not None and now - self.invalid_since < 0.6

    def handle(self, event: pygame.event.Event) -> None:
        """A mouse event that no button, card or panel took."""
        view = self.scene.view
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos if view.rect.collidepoint(event.pos) else None
            if self.played_at is not None and (self.hover is None or view.hover_target(self.hover) != self.played_at):
                self.played_at = None  # the pointer left the place it played on
            if self.drag is not None:
                self.drag.to = event.pos if self._dragged_away(self.drag.start, event.pos) else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            view.by_touch = getattr(event, "touch", False)
            if not self._grab(event.pos):
                self.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._drop(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and view.rect.collidepoint(event.pos):
            self.drag = None  # a right click on the board drops a half-entered move, as Esc does
            view.reset_input()
        elif event.type == pygame.WINDOWLEAVE:
            self.hover = None

    def click(self, pos: tuple[int, int], keys: bool = False) -> None:
        """A click at ``pos``: on the evaluation graph it shows that position; on the board it
        plays the move there, or says why there is none (``keys``: the cursor's Enter pressed there,
        so the reason names Enter, not a click)."""
        scene = self.scene
        if scene.analysis.active and scene.graph_rect.collidepoint(pos) and scene.history:
            scene.browse(eval_graph.ply_at(scene.graph_rect, pos[0], len(scene.history)))  # a point of the graph
            return
        if not scene.view.rect.collidepoint(pos):
            return
        why = scene.why_no_move()
        if why:
            if scene.browsing is not None or not scene.is_over():  # a finished game's board just looks
                scene.messages.add_instead(why, topic=REFUSAL)
            return
        scene.keyboard_play = keys  # a click on the board: the panel speaks of the mouse again
        scene.view.finish_animation()
        result: Click = scene.view.click(scene.state, pos, keys)
        if result.kind in ("play", "pending"):
            self._withdraw_refusal()
        if result.kind == "pending" and not keys and scene.cursor.on:
            # the click on the hint's mark opened Trax's picker: the cursor H showed goes onto the
            # hint's tile, as after Enter there; it went to the tile nearest the cell, whose turn
            # the board then showed, and Enter played that tile, not the hint's
            scene.cursor.onto_hinted(scene.view, scene.state, scene.hint_shown())
        if result.kind == "play":
            scene.play_human([result.move])
            self.played_at = scene.view.hover_target(pos)
        elif result.kind == "reject":
            self._reject(pos, result.reason)

    def _grab(self, pos: tuple[int, int]) -> bool:
        """A press on a piece the player may move: the piece is picked (its moves show) and can be
        dragged to one of them; let go where it was pressed, the press was an ordinary click."""
        scene = self.scene
        if scene.why_no_move() or not (scene.view.rect.collidepoint(pos) and scene.view.grabs(scene.state, pos)):
            return False
        scene.view.finish_animation()
        was_partial = scene.view.has_partial_input()
        # nothing picked yet: pick it now, quietly (a wrong pick is said on release)
        self.drag = Drag(pos, was_partial, None if was_partial else scene.view.click(scene.state, pos),
                         place=_place_at(scene, pos), goes_on=scene.view.holds_input(scene.state, pos))
        return True

    def follow_layout(self) -> None:
        """The board was laid out again (the window resized, maximised, full screen) while a piece
        is carried: its press moves to the same place in the new layout.  Kept in the old layout's
        pixels, it named another point or none, so the piece held vanished from under the mouse
        and the release was judged against a place never pressed."""
        drag = self.drag
        if drag is None or drag.place is None:
            return
        rect = dict(self.scene.view.targets(self.scene.state)).get(drag.place)
        if rect is not None:
            drag.start = rect.center

    def _drop(self, pos: tuple[int, int]) -> None:
        """The release after a grab: a click where the piece was pressed, or its move to here."""
        scene = self.scene
        drag, self.drag = self.drag, None
        if drag is None or scene.why_no_move():
            return
        if not self._dragged_away(drag.start, pos) or self._back_where_pressed(drag, pos):
            if drag.was_partial:
                self.click(drag.start)  # what a click on it does (drop a selection, pick another)
            elif drag.press is not None and drag.press.kind == "reject":
                self._reject(drag.start, drag.press.reason)
            else:
                self._withdraw_refusal()  # the piece pressed is picked
            return
        if drag.was_partial and not drag.goes_on:  # another piece pressed: it is picked instead
            scene.view.reset_input()
            scene.view.click(scene.state, drag.start)
        before = len(scene.history)
        self.click(pos)
        if len(scene.history) > before:
            scene.view.stop_animation()  # the piece is already where it was put down

    def _back_where_pressed(self, drag: Drag, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the place the piece was pressed on: let go there, it was a click,
        however far it went meanwhile.  A fingertip rolls 10 pixels as it taps; that tap on a piece
        was a drag to its own point, which put the piece picked back, and nothing showed."""
        return drag.place is not None and _place_at(self.scene, pos) == drag.place

    def _dragged_away(self, start: tuple[int, int], pos: tuple[int, int]) -> bool:
        return abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= max(6, int(10 * self.scene.app.scale))

    def _reject(self, pos: tuple[int, int], reason: str) -> None:
        """An illegal click: the board shakes there and the reason is said."""
        self.invalid_at, self.invalid_since = pos, time.monotonic()
        self.scene.messages.add_instead(refusal_said(reason), "warn", topic=REFUSAL)

    def drop_input(self) -> None:
        """Esc: the move half entered is dropped, and the refusal of a click on it goes with it.
        Left for its seconds, Alquerque's "c1xc3 can go on only to c5, e5; click c3 again to stop
        there" stood under a board with no chain on it."""
        self.scene.view.reset_input()
        self._withdraw_refusal()

    def take_back_input(self) -> None:
        """Undo with a move half entered: its last part goes (the view's ``take_back_input``), and
        the refusal of a click on it with it."""
        self.scene.view.take_back_input()
        self._withdraw_refusal()

    def _withdraw_refusal(self) -> None:
        """A click the board took (a piece picked, a picker opened, a move played): the last
        refusal no longer applies.  Left for its seconds, it stood over the status line, so Trax's
        open tile picker showed "a1 does not touch a tile" where "Pick a tile" belongs."""
        self.scene.messages.withdraw(REFUSAL)


def _place_at(scene: GameScene, pos: tuple[int, int]) -> Hashable | None:
    """The key of the view's target under ``pos`` (the nearest centre when targets overlap)."""
    under = [(key, rect) for key, rect in scene.view.targets(scene.state) if rect.collidepoint(pos)]
    if not under:
        return None
    return min(under, key=lambda t: (t[1].centerx - pos[0]) ** 2 + (t[1].centery - pos[1]) ** 2)[0]
