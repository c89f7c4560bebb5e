"""Alquerque board view: the lines of a real Alquerque board, pieces on the points, chains by clicks.

Entering a move (the view only picks among ``state.legal_moves()``):

- click one of your pieces: it is selected and the points it can go to next are marked, a step's
  with a dot, a capture's landing with a ring (``_mark_landing``);
- a step: click the destination;
- a chain of captures: click its landing points in turn (the piece is drawn where the chain has
  got to, faint on its start); a chain that can go no further is played at its last landing
  point.  When the chain so far is itself a legal move but could go on, click its last point
  again to stop there, or click the next landing point to go on;
- shortcut: click the last point of a chain directly when only one move of the selected piece
  ends there;
- click the selected piece again to drop the selection, or another of your pieces to switch,
  also part way through a chain (a chain back to its own point is entered hop by hop): mid-chain
  such a click was refused with "c1xc3 can go on only to c5", so a mouse player who started the
  wrong capture, which compulsory capture will not let stop, had only Esc, said nowhere for the mouse;
- Undo takes back the chain's last landing point (``take_back_input``), Esc all of it.

Every legal move can be entered this way: each is a sequence of points, and each point of it is
offered in turn.  The last move is animated hop by hop from ``overlay.previous``; the pieces it
jumped fade out as the mover passes over them.
"""

from __future__ import annotations

import time
from collections.abc import Hashable

import pygame

from games.alquerque import (
    POINTS,
    SIZE,
    Alquerque,
    AlquerqueState,
    captured_points,
    is_step,
    lines,
    point_name,
)
from ui import words
from ui.board_marks import (
    flash_colour,
    legal_dot_radius,
    mark_width,
    rim_width,
    rimmed_circle,
    rimmed_dashes,
    rimmed_lines,
)
from ui.board_view import BoardView, Click, Overlay, shake_offset
from ui.i18n import _
from ui.theme import Color, draw_text

Move = tuple[int, ...]
HOP_SECONDS = 0.22  # animation time of one step or jump at speed 1
WHITE_PIECE: Color = (244, 240, 228)
BLACK_PIECE: Color = (38, 36, 40)
WHITE_EDGE: Color = (60, 55, 50)  # a piece's rim and carved ring
BLACK_EDGE: Color = (120, 120, 125)
SMALL_STEP = 16  # pixels between points under which the board is drawn as a small picture (``small``)
LEFT_BEHIND_ALPHA = 90  # a piece moving through a chain still being entered, faint on its starting point


class AlquerqueView(BoardView):
    marks_legal = True
    can_turn = True
    bottom_side = 0  # White starts on rows 1 and 2
    round_targets = True

    def __init__(self, game: Alquerque) -> None:
        super().__init__(game)
        self.path: Move = ()  # the move entered so far: the selected piece, then landing points
        self.path_key: Hashable = None  # key of the state the path belongs to
        self.shown_move: Move | None = None
        self.step = 1
        self.origin = (0, 0)
        self.speed = 1.0  # the overlay's animation speed, as last drawn
        self.picture = False  # laid out as a still picture (``layout_picture``), not a board to play on

    # -- geometry ----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.picture = False
        side = min(rect.width, rect.height)
        self.step = max(8, int(side / (SIZE - 1 + 2.0)))  # room for the pieces and the labels
        span = self.step * (SIZE - 1)
        self.origin = (rect.centerx - span // 2, rect.centery - span // 2)

    def _on_screen(self, p: int) -> int:
        """The place a point is drawn at: itself, or its mirror through c3 when turned (its own inverse)."""
        return POINTS - 1 - p if self.turned else p

    def point_xy(self, p: int) -> tuple[int, int]:
        row, col = divmod(self._on_screen(p), SIZE)
        return self.origin[0] + col * self.step, self.origin[1] + (SIZE - 1 - row) * self.step

    def value_anchor(self, move: Move) -> tuple[tuple[int, int], int] | None:
        """A move's value goes on its landing point."""
        return self.point_xy(move[-1]), self.step

    def first_place(self, move: Move) -> tuple[int, int]:
        """A move is entered from the piece that moves (its landing point comes after)."""
        return self.point_xy(move[0])

    def targets(self, state: AlquerqueState) -> list[tuple[int, pygame.Rect]]:
        """Every point, as a circle a little larger than a piece."""
        side = int(self.step * 0.8)
        rects = []
        for p in range(POINTS):
            rect = pygame.Rect(0, 0, side, side)
            rect.center = self.point_xy(p)
            rects.append((p, rect))
        return rects

    def place_at(self, pos: tuple[int, int]) -> int | None:
        return self.point_at(pos)

    def hover_target(self, pos: tuple[int, int]) -> int | None:
        """The point under ``pos``: its ring is all the pointer shows (a piece carried follows the
        pixel: ``GameScene.pointer_key`` keeps the drag's place)."""
        return self.point_at(pos)

    def point_at(self, pos: tuple[int, int]) -> int | None:
        x, y = pos
        col = round((x - self.origin[0]) / self.step)
        row = SIZE - 1 - round((y - self.origin[1]) / self.step)
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            return None
        p = self._on_screen(row * SIZE + col)
        px, py = self.point_xy(p)
        return p if (x - px) ** 2 + (y - py) ** 2 <= (self.step * 0.45) ** 2 else None

    @property
    def radius(self) -> int:
        return max(4, int(self.step * (0.4 if self.small else 0.3)))

    def layout_picture(self, rect: pygame.Rect, state: AlquerqueState) -> None:
        """As ``layout``, drawn as a picture (``small``) whatever its size."""
        self.layout(rect)
        self.picture = True

    @property
    def small(self) -> bool:
        """The board is a picture's (a game card, a game list's row) or too small to draw in full:
        its lines a pixel wide and no dot at the points, its pieces plain and larger, so that they
        read as discs and not as rings in a dark mesh.  A picture is drawn so at any size: the main
        menu's 100-pixel card, just over ``SMALL_STEP``, showed rings a few pixels across."""
        return self.picture or self.step < SMALL_STEP

    # -- input -------------------------------------------------------------------------------
    def reset_input(self) -> None:
        self.path, self.path_key = (), None

    def _current_path(self, state: AlquerqueState) -> Move:
        if self.path and self.path_key != state.key():
            self.reset_input()
        return self.path

    def _candidates(self, state: AlquerqueState, path: Move) -> list[Move]:
        """Legal moves that begin with ``path``."""
        n = len(path)
        return [m for m in state.legal_moves() if m[:n] == path]

    def next_points(self, state: AlquerqueState) -> set[int]:
        """Points that a click may add to the move being entered."""
        path = self._current_path(state)
        n = len(path)
        return {m[n] for m in self._candidates(state, path) if len(m) > n}

    def picked_goes_to(self, state: AlquerqueState) -> set[int]:
        return self.next_points(state) if len(self._current_path(state)) == 1 else set()

    def movable_pieces(self, state: AlquerqueState) -> set[int]:
        return {m[0] for m in state.legal_moves()}

    def click(self, state: AlquerqueState, pos: tuple[int, int], keys: bool = False) -> Click:
        p = self.point_at(pos)
        if p is None:
            return Click.ignore()
        if state.is_terminal():
            return Click.reject(lambda: _("the game is over"))
        path = self._current_path(state)
        if not path:
            return self._select(state, p, keys)
        legal = state.legal_moves()
        if len(path) >= 2 and p == path[-1]:
            if path in legal:
                self.reset_input()
                return Click.play(path)  # stop the chain here
            return Click.reject(lambda: self._must_go_on(path, keys))  # compulsory capture: the piece captures on
        if p in self.next_points(state):
            return self._extend(state, path + (p,))
        if p == path[0]:  # the piece itself, picked or part way through its chain
            self.reset_input()
            return Click.pending()  # dropped
        if p in self.movable_pieces(state):  # another piece: picked instead
            return self._select(state, p, keys)
        ends = [m for m in self._candidates(state, path) if len(m) > len(path) and m[-1] == p]
        if len(ends) == 1:
            self.reset_input()
            return Click.play(ends[0])
        if ends:
            return Click.reject(lambda: self._several_chains(p, keys))
        if len(path) >= 2:
            points, stops = sorted(self.next_points(state)), path in state.legal_moves()
            return Click.reject(lambda: self._goes_on_only(path, points, stops, keys))
        if _one_move_away(path[0], p):  # a step or a jump in shape: the rules say why not
            return Click.reject(lambda: self.rules_reason(state, (path[0], p)))
        return Click.reject(lambda: _("{point} is not a destination of the piece on {start}").format(
            point=point_name(p), start=point_name(path[0])))

    @staticmethod
    def _several_chains(point: int, keys: bool) -> str:
        """A click on a point that more than one chain of the piece picked ends on."""
        said = (_("several chains end on {point}: Enter on their landing points in turn") if keys else
                _("several chains end on {point}: click their landing points in turn"))
        return said.format(point=point_name(point))

    def _goes_on_only(self, path: Move, points: list[int], stops: bool, keys: bool) -> str:
        """A click off a chain being entered: where it can go on, and how to stop it there if the
        rules let it stop (``stops``: "c1xc3 can go on only to c5, e5; click c3 again to stop there");
        it said the point was "not a destination of the piece on c1", a piece already on c3.  Given
        what the click found (``points``: where it goes on), so a language switch says the same."""
        fields = {"move": self.game.move_text(path), "point": point_name(path[-1]),
                  "points": words.one_of([point_name(q) for q in points])}
        if not stops:
            return _("{move} can go on only to {points}").format(**fields)
        said = (_("{move} can go on only to {points}; Enter on {point} again to stop there") if keys else
                _("{move} can go on only to {points}; click {point} again to stop there"))
        return said.format(**fields)

    def grabs(self, state: AlquerqueState, pos: tuple[int, int]) -> bool:
        p = self.point_at(pos)
        return (p is not None and not state.is_terminal() and p in self.movable_pieces(state)
                or self.holds_input(state, pos))

    def holds_input(self, state: AlquerqueState, pos: tuple[int, int]) -> bool:
        """The piece of a chain part way entered, where it now stands: dragged on from there, hop
        by hop.  A press there was a click, which stopped the chain (c4xe4 played where the
        player was carrying the piece on to e2)."""
        path = self._current_path(state)
        return len(path) >= 2 and not state.is_terminal() and self.point_at(pos) == path[-1]

    def _select(self, state: AlquerqueState, p: int, keys: bool = False) -> Click:
        if p in self.movable_pieces(state):
            self.path, self.path_key = (p,), state.key()
            return Click.pending()
        if state.piece_at(p) == state.to_move:
            takers = sorted({m[0] for m in state.capture_moves()}) if self.game.compulsory_capture else []
            if takers:  # it could step, but the rules want a capture of another piece
                return Click.reject(lambda: _("a capture is compulsory and the piece on {point} cannot capture; "
                                              "{pieces} can").format(point=point_name(p),
                                                                     pieces=", ".join(point_name(t) for t in takers)))
            return Click.reject(lambda: _("the piece on {point} cannot move: every point it may step to is taken, "
                                          "and it has nothing to capture").format(point=point_name(p)))
        side, other = self.game.sides[state.to_move], self.game.sides[1 - state.to_move]

        def click_words() -> str:
            said = _("Enter on one of {side}'s pieces") if keys else _("click one of {side}'s pieces")
            return said.format(side=_(side))

        if state.piece_at(p) == 1 - state.to_move:  # the opponent's piece: say whose it is
            return Click.reject(lambda: _("{point} is {other}'s piece: {click}").format(
                point=point_name(p), other=_(other), click=click_words()))
        return Click.reject(click_words)

    def _extend(self, state: AlquerqueState, path: Move) -> Click:
        longer = [m for m in self._candidates(state, path) if len(m) > len(path)]
        if not longer and path in state.legal_moves():
            self.reset_input()
            return Click.play(path)
        self.path, self.path_key = path, state.key()
        return Click.pending()

    def take_back_input(self) -> None:
        """Undo mid-chain: the last landing point goes (a1xa3xc3 back to a1xa3), then the piece.
        Undo took back the moves before the chain instead, against the computer its reply and the
        player's own last move, with the chain half entered thrown away."""
        self.path = self.path[:-1]
        if not self.path:
            self.reset_input()

    def has_partial_input(self) -> bool:
        return bool(self.path)

    def hinted_target(self, state: AlquerqueState, move: Hashable) -> Hashable | None:
        """The next point of ``move`` (the hint's chain) where the move entered so far begins it."""
        path = self._current_path(state)
        if not path or not isinstance(move, tuple) or len(move) <= len(path) or move[:len(path)] != path:
            return None
        return move[len(path)]

    def status_text(self, state: AlquerqueState, keys: bool = False, mover: str = "") -> str:
        if state.is_terminal():
            return ""
        path = self._current_path(state)
        if not path:
            return (_("Enter on a piece shows its moves; a chain: Enter on its landing points in turn (or just its last point).")
                    if keys else _("Click or drag a piece; a chain: click its landing points in turn (or just the last)"))
        text = self.game.move_text(path) if len(path) > 1 else point_name(path[0])
        if len(path) == 1:
            said = (_("{move} selected: Enter on a marked point (Esc drops it).") if keys else
                    _("{move} selected: click a marked point (or the piece again to drop it)."))
            return said.format(move=text)
        if path in state.legal_moves():
            said = (_("{move}: Enter on {point} again stops here, or on a marked point captures on.") if keys else
                    _("{move}: click {point} again to stop here, or a marked point to capture on."))
            return said.format(move=text, point=point_name(path[-1]))
        return self._must_go_on(path, keys)

    def status_short(self, state: AlquerqueState, keys: bool = False, mover: str = "") -> str:
        """The mouse's prompts without their asides: the whole of them, with the key that shows
        the cursor after them, took two rows in Portuguese at 1280x800 (the first prompt 1069
        pixels in 856, a piece picked 950, a chain that may stop 1034).  The keys' forms fit."""
        if keys or state.is_terminal():
            return ""
        path = self._current_path(state)
        if not path:
            return _("Click or drag a piece; a chain: click its landing points in turn")
        if len(path) == 1:
            return _("{move} selected: click a marked point").format(move=point_name(path[0]))
        if path in state.legal_moves():
            return _("{move}: click {point} to stop, a marked point to go on").format(
                move=self.game.move_text(path), point=point_name(path[-1]))
        return ""

    def line_follows_prompt(self, state: AlquerqueState) -> bool:
        """The first prompt, before a piece is picked: how any move is made."""
        return not state.is_terminal() and not self._current_path(state)

    def status_least(self, state: AlquerqueState) -> str:
        return _("Click or drag a piece")

    def _must_go_on(self, path: Move, keys: bool = False) -> str:
        """Said while a chain the rules do not let stop yet is entered (the status line, a click or
        the cursor's Enter on its end)."""
        said = (_("{move}: the chain must go on: Enter on a marked point.") if keys else
                _("{move}: the chain must go on: click a marked point."))
        return said.format(move=self.game.move_text(path))

    # -- animation ---------------------------------------------------------------------------
    def move_shown(self, before, move, after) -> None:
        super().move_shown(before, move, after)
        self.shown_move = move
        self.reset_input()

    def _duration(self, move: Move | None) -> float:
        if not move or self.speed <= 0:
            return 0.0
        return HOP_SECONDS * (len(move) - 1) / self.speed

    def is_animating(self) -> bool:
        return time.monotonic() - self.animation_started < self._duration(self.shown_move)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: AlquerqueState, overlay: Overlay) -> None:
        self.speed = overlay.animation_speed
        saved = self.origin
        self.origin = (self.origin[0] + shake_offset(overlay), self.origin[1])
        try:
            self._draw_board(surface, overlay)
            carried = self.point_at(overlay.drag[0]) if overlay.drag else None
            moving = self._chain_entered(state, overlay)
            left = frozenset(p for p in (carried, moving[0] if moving else None) if p is not None)
            if not self._draw_animation(surface, overlay, left):
                self._draw_move_path(surface, overlay.last_move, overlay.theme.last_move, 0.06)
                self._cross_captures(surface, overlay.last_move, overlay.theme.last_move)  # on the emptied points
                self._draw_move_path(surface, overlay.hint, overlay.theme.hint, 0.05, dashed=True)
                self._draw_pieces(surface, state, overlay, left)
                self._cross_captures(surface, overlay.hint, overlay.theme.hint)  # over the pieces it would take
            self._draw_input(surface, state, overlay)  # a piece picked while the last move still lands, too
            side = self._carried_side(state, carried, moving)
            if side is not None:
                self._draw_piece(surface, side, self.point_xy(carried), alpha=90)
                self._draw_piece(surface, side, overlay.drag[1], scale=1.08)
            self._draw_invalid(surface, overlay)
        finally:
            self.origin = saved

    @staticmethod
    def _carried_side(state: AlquerqueState, carried: int | None, chain: Move) -> int | None:
        """The side of the piece the mouse carries from ``carried``: a piece on the board, or the
        piece of the ``chain`` being entered, carried on from its last landing point."""
        if carried is None:
            return None
        if chain and carried == chain[-1]:
            return state.piece_at(chain[0])
        return state.piece_at(carried)

    def _draw_board(self, surface: pygame.Surface, overlay: Overlay) -> None:
        theme = overlay.theme
        pad = int(self.step * 0.45)
        span = self.step * (SIZE - 1)
        a, b = self.origin, (self.origin[0] + span, self.origin[1] + span)  # the top left and bottom right points
        board = pygame.Rect(a[0] - pad, a[1] - pad, span + 2 * pad, span + 2 * pad)
        pygame.draw.rect(surface, theme.board, board, border_radius=max(2, pad // 3))
        width = 1 if self.small else max(2, self.step // 28)
        for p, q in lines():
            pygame.draw.line(surface, theme.grid, self.point_xy(p), self.point_xy(q), width)
        for p in range(0 if self.small else POINTS):  # a picture's points: the lines' crossings
            pygame.draw.circle(surface, theme.grid, self.point_xy(p), max(2, width + 1))
        if not overlay.coordinates:
            return
        size = max(9, min(self.text_cap(22), int(self.step * 0.22 * self.text_size)))
        off = int(self.step * 0.72)
        for i in range(SIZE):
            x, _ = self.point_xy(i)
            _, y = self.point_xy(i * SIZE)
            draw_text(surface, chr(ord("a") + i), (x, b[1] + off), size, theme.text, "center")
            draw_text(surface, chr(ord("a") + i), (x, a[1] - off), size, theme.text, "center")
            draw_text(surface, str(i + 1), (a[0] - off, y), size, theme.text, "center")
            draw_text(surface, str(i + 1), (b[0] + off, y), size, theme.text, "center")

    def _draw_piece(self, surface: pygame.Surface, side: int, center: tuple[float, float],
                    alpha: int = 255, scale: float = 1.0) -> None:
        r = max(3, int(self.radius * scale))
        fill = WHITE_PIECE if side == 0 else BLACK_PIECE
        edge = WHITE_EDGE if side == 0 else BLACK_EDGE
        if alpha >= 255:
            target, at = surface, (int(center[0]), int(center[1]))
        else:
            target = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            at = (r + 2, r + 2)
        pygame.draw.circle(target, fill, at, r)
        pygame.draw.circle(target, edge, at, r, max(1, r // 9))
        if not self.small:  # on a picture's few pixels the ring turned the piece into a target
            pygame.draw.circle(target, edge, at, int(r * 0.62), max(1, r // 14))  # a carved ring
        if target is not surface:
            target.set_alpha(alpha)
            surface.blit(target, (int(center[0]) - r - 2, int(center[1]) - r - 2))

    def _draw_pieces(self, surface: pygame.Surface, state: AlquerqueState, overlay: Overlay,
                     skip: frozenset[int] = frozenset()) -> None:
        for p in range(POINTS):
            side = state.piece_at(p)
            if side is not None and p not in skip:
                self._draw_piece(surface, side, self.point_xy(p))

    def _draw_move_path(self, surface: pygame.Surface, move: Move | None, color: Color, width: float,
                        dashed: bool = False) -> None:
        """``move``'s line from point to point, a dot where it starts and a ring where it lands;
        ``dashed`` for a hint, which was drawn as the last move is, told from it by colour alone."""
        if not move:
            return
        points = [self.point_xy(p) for p in move]
        w = max(2, int(self.step * width))
        if dashed:
            rimmed_dashes(surface, color, points, w, max(3, w))
        else:
            rimmed_lines(surface, color, points, w)
        rimmed_circle(surface, color, points[0], max(3, self.radius // 3))
        rimmed_circle(surface, color, points[-1], self.radius + w, w)

    def _chain_entered(self, state: AlquerqueState, overlay: Overlay) -> Move:
        """The chain being entered, once it has left its starting point (a1xa3, not a1 picked
        alone); () when none, or when no one may click (``_draw_input`` shows nothing then)."""
        if not overlay.interactive or state.is_terminal():
            return ()
        path = self._current_path(state)
        return path if len(path) > 1 else ()

    def _draw_input(self, surface: pygame.Surface, state: AlquerqueState, overlay: Overlay) -> None:
        theme = overlay.theme
        if not overlay.interactive or state.is_terminal():
            return
        path = self._current_path(state)
        ring = max(2, self.step // 22)
        # the picked piece, its chain and the pieces that can move: rimmed (ui.board_marks), so seen
        # round white and black pieces alike (the dark theme's thin blue ring stood 1.4:1 from its wood)
        around = theme.on_board
        if path:
            if len(path) > 1:
                lifted = overlay.drag is not None and self.point_at(overlay.drag[0]) == path[-1]
                self._draw_chain(surface, state, path, theme, lifted)
            rimmed_circle(surface, around, self.point_xy(path[0]), self.radius + ring * 2, ring)
            targets = self.next_points(state)
        elif overlay.show_legal:
            targets = set()
            width = self.movable_ring()
            for p in self.movable_pieces(state):
                rimmed_circle(surface, around, self.point_xy(p), self.radius + 1 + rim_width(width) + width, width)
        else:
            targets = set()
        if overlay.show_legal or path:
            for p in targets:
                self._mark_landing(surface, p, theme.on_board, capture=not is_step((path[-1], p)))
        hover = self.point_at(overlay.hover) if overlay.hover else None
        if hover is not None and (hover in targets or (not path and hover in self.movable_pieces(state))
                                  or (path and hover == path[-1] and path in state.legal_moves())):
            shade = pygame.Surface((self.radius * 2 + 8,) * 2, pygame.SRCALPHA)
            pygame.draw.circle(shade, (*theme.hover, 70), (self.radius + 4,) * 2, self.radius + 4)
            x, y = self.point_xy(hover)
            surface.blit(shade, (x - self.radius - 4, y - self.radius - 4))

    def movable_ring(self) -> int:
        """The width of the ring round a piece that can move: it grows with the board and the Text
        size, with its black rims (a third of it).  Half of a 22nd of the points' step, it was 2
        pixels between rims of 1 at 1024x768, a hairline on a projected board."""
        return mark_width(self.step, 0.035, self.text_size)

    def _draw_chain(self, surface: pygame.Surface, state: AlquerqueState, path: Move, theme,
                    lifted: bool = False) -> None:
        """A chain part way entered: its line, a cross on each piece jumped, and the piece itself
        where the chain has got to, faint on its starting point.  It stayed drawn on its start
        with only a dot at the point reached, so the board showed the piece where it no longer
        stood and a position that never arises.  ``lifted``: the mouse carries the piece on from
        there (``draw`` draws it under the mouse, faint where it was)."""
        mover, ring = state.piece_at(path[0]), max(2, self.step // 22)
        rimmed_lines(surface, theme.on_board, [self.point_xy(p) for p in path], ring)
        for p in captured_points(path):  # already jumped in the chain being entered
            self._cross(surface, p, theme.invalid)
        if mover is None:
            return
        self._draw_piece(surface, mover, self.point_xy(path[0]), alpha=LEFT_BEHIND_ALPHA)
        if not lifted:
            self._draw_piece(surface, mover, self.point_xy(path[-1]))
        rimmed_circle(surface, theme.on_board, self.point_xy(path[-1]), self.radius + ring, max(2, ring // 2))

    def _mark_landing(self, surface: pygame.Surface, p: int, colour: Color, capture: bool) -> None:
        """Where the picked piece can go next: a step's point a solid dot, a capture's landing a
        hollow ring as wide as a piece.  Both were the same ring-and-fill, so a1's marks on a3 (a
        capture), b1 and b2 (steps) looked alike: told apart now by shape, not colour, for
        colour-blind eyes too; both in the theme's ``on_board``, 3:1 from its board (marks are
        drawn on empty points only).  The dot grows with the Text size as the other games' legal
        dots do (``legal_dot_radius``): at Larger text it was 23 pixels across beside Reversi's 34."""
        x, y = self.point_xy(p)
        if capture:
            pygame.draw.circle(surface, colour, (x, y), int(self.radius * 0.8), max(3, self.step // 16))
        else:
            pygame.draw.circle(surface, colour, (x, y), max(int(self.radius * 0.4), legal_dot_radius(self.step, self.text_size)))

    def _cross_captures(self, surface: pygame.Surface, move: Move | None, color: Color) -> None:
        """A cross on each point ``move`` jumps over.  The last move's are drawn on the points it
        emptied; a hint's over the pieces it would take, which hid its line: a hinted chain showed
        only where it went, not which pieces it took (a1xa3xc5 or a1xa3xc3xc5, both to c5)."""
        for p in captured_points(move) if move else ():
            self._cross(surface, p, color)

    def _cross(self, surface: pygame.Surface, p: int, color: Color) -> None:
        x, y = self.point_xy(p)
        d = self.radius // 2
        w = max(2, self.step // 25)
        rimmed_lines(surface, color, [(x - d, y - d), (x + d, y + d)], w)
        rimmed_lines(surface, color, [(x - d, y + d), (x + d, y - d)], w)

    def _draw_animation(self, surface: pygame.Surface, overlay: Overlay, left: frozenset[int] = frozenset()) -> bool:
        """Draw the last move in flight (from ``overlay.previous``); False when none is running.
        The pieces on ``left`` are left out: drawn under the mouse or along a chain (``draw``)."""
        move, before = overlay.last_move, overlay.previous
        if not move or before is None or overlay.animation_speed <= 0:
            return False
        hop = HOP_SECONDS / overlay.animation_speed
        elapsed = time.monotonic() - self.animation_started
        if elapsed >= hop * (len(move) - 1) or before.piece_at(move[0]) is None:
            return False
        mover = before.piece_at(move[0])
        jumped = captured_points(move)
        self._draw_pieces(surface, before, overlay, skip=frozenset((move[0], *jumped)) | left)
        index, frac = divmod(elapsed / hop, 1.0)
        index = int(index)
        for i, p in enumerate(jumped):  # fade each jumped piece while the mover passes over it
            alpha = 255 if i > index else 0 if i < index else int(255 * (1 - frac))
            if alpha:
                self._draw_piece(surface, 1 - mover, self.point_xy(p), alpha)
        (x0, y0), (x1, y1) = self.point_xy(move[index]), self.point_xy(move[index + 1])
        ease = frac * frac * (3 - 2 * frac)
        lift = 4 * frac * (1 - frac) if jumped else 0.0  # a jump rises and lands
        center = (x0 + (x1 - x0) * ease, y0 + (y1 - y0) * ease - lift * self.step * 0.25)
        self._draw_piece(surface, mover, center, scale=1.0 + 0.25 * lift)
        return True

    def _draw_invalid(self, surface: pygame.Surface, overlay: Overlay) -> None:
        if overlay.invalid_at is None or time.monotonic() - overlay.invalid_since > 0.5:
            return
        p = self.point_at(overlay.invalid_at)
        if p is not None:
            rimmed_circle(surface, flash_colour(overlay.theme.invalid), self.point_xy(p), self.radius + 4, max(3, self.step // 18))


def _one_move_away(start: int, end: int) -> bool:
    """Whether ``end`` is where a step or a single jump from ``start`` would land, by its shape
    alone (a neighbouring point, or two points away in a straight line): a click there asks for
    that move, and the rules' reason for refusing it ("a2 is not empty") answers it."""
    rows, cols = abs(end // SIZE - start // SIZE), abs(end % SIZE - start % SIZE)
    return max(rows, cols) == 1 or (max(rows, cols) == 2 and rows % 2 == 0 and cols % 2 == 0)


VIEW = AlquerqueView
