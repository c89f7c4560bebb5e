"""The board-view contract: how a game is drawn and how clicks become moves.

One subclass per game lives in ui/views/<game id>.py and is named ``VIEW``.  A view draws any
state into any rectangle (the window is resizable) and turns a click into one of the state's
legal moves.  It never decides legality: it only picks among ``state.legal_moves()`` (which is
also how it knows what to highlight).

The game scene owns the loop and calls, every frame:

    view.layout(rect)                       # when the board area changes size
    view.draw(surface, state, overlay)      # overlay: hover, last move, hint, legal dots ...
    result = view.click(state, pos, keys)   # on a left click on the board (keys: the cursor's Enter)

``click`` returns a ``Click``: ``Click.play(move)`` (a complete legal move), ``Click.pending()``
(the click was part of a move being entered, e.g. the first point of an Alquerque chain or a Trax
tile picker opening), or ``Click.reject(lambda: reason)`` (not a legal move: the scene shows feedback,
said again by the callable after a switch of language).
``keys``: the press came from the keyboard's cursor, so a reason that says what to do next names
Enter, not a click (a keyboard player was told to "click" a piece, with no mouse in hand).
Views with multi-click input keep that partial input themselves and drop it in ``reset_input``;
``take_back_input`` (Undo while a move is half entered in parts: ``undoes_input``) takes back its
last part.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import pygame

from games.base import Game, State
from games.position_cells import cell_symbol, holds_piece
from ui import words
from ui.i18n import Phrase, _
from ui.theme import DARK, Theme

LONG_AGO = -1e9
"""A ``time.monotonic()`` reading further back than any animation lasts: a move shown then is still."""


@dataclass
class Overlay:
    """What the scene wants shown on top of the position."""

    theme: Theme = DARK
    hover: tuple[int, int] | None = None  # mouse position, if over the board
    last_move: Hashable | None = None  # the move that led to the state drawn
    previous: State | None = None  # the state before last_move (for animations, captured pieces)
    hint: Hashable | None = None  # a move to highlight (the engine's suggestion)
    show_legal: bool = True
    interactive: bool = True  # a human may click now (hover previews only then)
    drag: tuple[tuple[int, int], tuple[int, int]] | None = None  # a piece pressed there is carried here
    coordinates: bool = True  # the letters and numbers round the board (not on a menu's thumbnail)
    invalid_at: tuple[int, int] | None = None  # where an illegal click happened ...
    invalid_since: float = 0.0  # ... and when (time.monotonic()), for the shake/flash
    animation_speed: float = 1.0  # 0 turns animations off
    cursor: pygame.Rect | None = None  # the place the keyboard's cursor rings, drawn after: the view's tags keep off it
    valued: tuple[tuple[int, int], ...] = ()  # analysis' valued places (their centres), best first, drawn after: tags keep off the best
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Click:
    kind: str  # "play", "pending", "reject", "ignore"
    move: Hashable | None = None
    reason: str = ""

    @staticmethod
    def play(move: Hashable) -> Click:
        return Click("play", move)

    @staticmethod
    def pending() -> Click:
        return Click("pending")

    @staticmethod
    def reject(reason: Callable[[], str]) -> Click:
        """Not a legal move: ``reason`` says why in the window's language, and is kept (a ``Phrase``)
        to say it again after a language switch, while the message is still shown."""
        return Click("reject", reason=Phrase(reason))

    @staticmethod
    def ignore() -> Click:
        """Outside the board: nothing to do, no feedback."""
        return Click("ignore")


class BoardView:
    """Base class: subclasses implement ``layout``, ``draw`` and ``click``.

    A view that ``can_turn`` draws the board turned round (``turned``: a half turn, the far side
    at the bottom) when asked, and maps clicks the same way; ``bottom_side`` is the side whose
    pieces or goal it draws at the bottom unturned, so a human playing the other side against
    the computer sees the board from their own side.  A view that ``marks_legal`` marks the legal
    moves when the overlay asks (``show_legal``); where every empty cell is a move (Tic-tac-toe,
    Hex) there is nothing to mark."""

    can_turn = False
    marks_legal = False
    bottom_side: int | None = None
    round_targets = False  # the keyboard's cursor is a circle (points, hexagons), not a square

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.animation_started = LONG_AGO  # time.monotonic() of the last move shown, for animations
        self.animation_undrawn = False  # a move shown that no frame has drawn yet (``animation_drawn``)
        self.turned = False
        # the Text size setting (``ui.settings``), set by the screen that shows the board: its
        # coordinates grow with it, as a fraction of a cell and past their usual cap, and so does
        # the room kept for them round the board
        self.text_size = 1.0
        # the notation a move is named in where the view writes one (Trax's picker, a computer's
        # forced tiles): the one the game's players write elsewhere (``ui.notation``), set by the
        # screen that shows the board where the player chose it
        self.other_notation = False
        self.notes: list[pygame.Rect] = []  # words the last draw wrote on the board (Hex's "swap"): analysis tags keep off them
        # the last press on the board was a finger's (SDL's touch mouse events): a finger has no
        # hover, so what a mouse shows by pointing (Trax's forced tiles) a first tap shows
        self.by_touch = False
        # the board of a game being played or watched (the game screen's, a tournament's watched
        # board; set there): a view that can show part of a large board, round the play, does so
        # there, grown as the play reaches its edge (a picture and the position editor show it whole)
        self.follows_play = False
        # a replay's: the position (the game's last) whose part round the play the board shows for
        # every position of the game, so that stepping through it never moves the board under the
        # eye (``follows_play`` grew it move by move); None elsewhere
        self.framed_on: State | None = None
        self.whole_board = False  # the player asked for the whole board (``zoom``)

    def zoomable(self) -> bool:
        """Whether the board shows part of itself round the play (``follows_play``, ``framed_on``: a
        large Trax board framed round its tiles), so that it has a whole board to zoom out to, or shows the
        whole board because the player zoomed out (``whole_board``).  False by default: every
        board is shown whole."""
        return False

    def zoom(self, whole: bool) -> None:
        """The whole board (``whole``), or back to the part round the play (``zoomable``)."""
        self.whole_board = whole

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the board into ``rect`` (keep aspect ratio; leave room for coordinates)."""
        self.rect = pygame.Rect(rect)

    def layout_picture(self, rect: pygame.Rect, state: State) -> None:
        """Fit ``state``'s board into ``rect`` for a still picture without coordinates (a menu's
        game card, a game list's row, 40 to 120 pixels): as ``layout`` unless a view has room
        to win back there."""
        self.layout(rect)

    def text_cap(self, usual: int) -> int:
        """The largest size in pixels for the board's coordinates and notes: ``usual`` on a board
        area of a usual window (up to about 750 pixels), growing with a larger one (a 4K screen),
        and with the Text size setting (``text_size``)."""
        usual = round(usual * self.text_size)
        return max(usual, usual * min(self.rect.width, self.rect.height) // 750)

    def draw(self, surface: pygame.Surface, state: State, overlay: Overlay) -> None:
        raise NotImplementedError

    def click(self, state: State, pos: tuple[int, int], keys: bool = False) -> Click:
        raise NotImplementedError

    def win_marks(self, state: State) -> list[pygame.Rect]:
        """Where the board shows what decided a finished game (Hex's chain, Trax's winning
        paths), as last laid out: the game-over card keeps off them where it can.  None by
        default."""
        return []

    def piece_marks(self, state: State) -> list[pygame.Rect]:
        """Where ``state``'s pieces stand, as last laid out: each place (``targets``) whose cell
        the game's text writes a piece on (``Game.text_cells``, ``holds_piece``); none for a game
        not written cell by cell.  The game-over card keeps off them where it can, to leave the
        final position in view."""
        cells = self.game.text_cells()
        if cells is None:
            return []
        text = self.game.to_text(state)
        places = ((self.place_at(rect.center), rect) for _key, rect in self.targets(state))
        return [rect for cell, rect in places if cell is not None and holds_piece(cells, text, cell)]

    def changed_marks(self, before: State, after: State) -> list[pygame.Rect]:
        """Where the move from ``before`` to ``after`` shows, as last laid out: each place whose
        cell the two positions' texts write differently (the piece's from and to, the pieces a
        capture took, Reversi's flips).  A level's draw-offer card keeps off them: it half hid the
        Alquerque piece the level had just moved, the move a person judges the offer by."""
        cells = self.game.text_cells()
        if cells is None:
            return []
        was, now = self.game.to_text(before), self.game.to_text(after)
        places = ((self.place_at(rect.center), rect) for _key, rect in self.targets(after))
        return [rect for cell, rect in places
                if cell is not None and cell_symbol(cells, was, cell) != cell_symbol(cells, now, cell)]

    def rules_reason(self, state: State, move: Hashable) -> str:
        """Why the rules refuse ``move`` (``Game.why_illegal``), in the window's language: what a
        click meaning it is told, in the words a typed move is refused with."""
        return words.rule_reason(self.game.why_illegal(state, move), self.game.id)

    def place_at(self, pos: tuple[int, int]) -> int | None:
        """The game's number of the cell or point under ``pos`` (the one its moves and ``to_text``
        count), or None off the board: what the position editor's clicks change.  None by default."""
        return None

    def targets(self, state: State) -> list[tuple[Hashable, pygame.Rect]]:
        """Every place a click may land on, each with a key and its rectangle on screen: where the
        keyboard's cursor (ui.board_cursor) can go; none (this default): the board has no cursor."""
        return []

    def has_targets(self, state: State) -> bool:
        """Whether ``targets`` has any place: the panel's tip and the status line ask at every
        frame drawn, where listing a 19x19 board's 361 rectangles took a tenth of the frame.
        A view whose places are known without their rectangles says so more cheaply."""
        return bool(self.targets(state))

    def cursor_axes(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The screen steps the keyboard's arrows go by: Right along the first (a row, a1 b1 c1),
        Down along the second (a column, a1 a2 a3), Left and Up back.  The screen's own by default;
        a board drawn slanted or turned (Hex's) gives its rows' and columns' steps, so that an arrow
        follows the board's lines, not a screen direction between two of its cells."""
        return (1.0, 0.0), (0.0, 1.0)

    def hover_target(self, pos: tuple[int, int]) -> Hashable:
        """What the pointer at ``pos`` lights on the board, as a value the same for every pixel
        that lights the same (its cell): a motion draws the window again only when it changes
        (``Scene.pointer_key``).  The pixel itself by default: every motion draws."""
        return pos

    def draw_pointed(self, surface: pygame.Surface, state: State, key: Hashable) -> None:
        """The keyboard's cursor is on the place ``key`` (one of ``targets``): draw what the mouse
        hovering there shows, before the cursor's ring goes on top (a Trax tile's whole turn and
        its name); nothing by default."""

    def grabs(self, state: State, pos: tuple[int, int]) -> bool:
        """True when a press at ``pos`` takes hold of something a drag can carry to its move (a
        piece of the player to move): the scene then takes the release, away from the press, as a
        click there.  Games that only place things have nothing to grab."""
        return False

    def holds_input(self, state: State, pos: tuple[int, int]) -> bool:
        """True when a press at ``pos`` takes hold of the piece of the move half entered where
        that move has got to (an Alquerque chain's last landing point): a drag from there carries
        the move on, where a press on another piece would start a move of its own."""
        return False

    def side_emblem(self, surface: pygame.Surface, side: int, centre: tuple[int, int], radius: int) -> None:
        """What ``side``'s pieces carry besides their colour, drawn on the panel's dot of ``radius``
        for that side, so that it shows which pieces are whose (Hex's: Red's ring).  Nothing where
        the pieces differ in shape or lightness already (X and O, black and white)."""

    def face(self, side: int | None) -> bool:
        """Draw the board from ``side``'s seat (the human's against the computer; None: as it is):
        turned round when that side is not the one drawn at the bottom.  True if it turned."""
        if self.can_turn and side is not None and self.bottom_side is not None:
            self.turned = side != self.bottom_side
        return self.turned

    def near_side(self) -> int:
        """The side whose end of the board is drawn at the bottom (the first side's where a board
        has no end of its own): the eval bar fills from the bottom with it and the graph puts it
        on top, so both keep to the board's way round after a rematch or key F turns it.  A board
        without ends (Reversi's, Hex's, whose Red holds the top and the bottom edge either way up)
        keeps the first side there, turned or not: the bar swapped its ends on key F there though
        no side had moved."""
        if self.bottom_side is None:
            return 0
        return 1 - self.bottom_side if self.turned else self.bottom_side

    def turn(self) -> str | None:
        """Turn the board round, or back (key F); when it is drawn one way only, why not."""
        if not self.can_turn:
            return _("This board is drawn one way only")
        self.turned = not self.turned
        self.reset_input()
        return None

    def reset_input(self) -> None:
        """Forget a partly entered move (undo, new game, the other side moved)."""

    def take_back_input(self) -> None:
        """Undo while a move is half entered (``undoes_input``): its last part goes, not the moves
        before it.  By default all of it; a view entering a move in steps takes back one."""
        self.reset_input()

    def has_partial_input(self) -> bool:
        """A move is half entered (a tile picker open, a piece picked): Esc cancels it first."""
        return False

    def hinted_target(self, state: State, move: Hashable) -> Hashable | None:
        """The target (``targets``' key) that enters ``move`` on from the move half entered: the
        open Trax picker's tile of the hint, the next point of an Alquerque chain the hint's piece
        began; None where the move half entered is not the start of ``move`` (and by default)."""
        return None

    def undoes_input(self) -> bool:
        """Whether Undo takes back the move half entered (``take_back_input``) before any move
        played: parts of a move entered one by one (an Alquerque chain's landing points, the piece
        picked), by default whatever is half entered.  A view whose half-entered move is a choice
        still open (Trax's tile picker) says no: Esc or a click elsewhere closes it, and Undo
        takes back moves, greyed while there are none."""
        return self.has_partial_input()

    def picked_goes_to(self, state: State) -> set[Hashable]:
        """Where a piece just picked may go (Alquerque's landing points): the keyboard's cursor
        goes to the nearest, off the piece, where Enter only dropped it again.  Empty with no
        piece picked, and part way through a chain (Enter where it stands stops it there)."""
        return set()

    def move_shown(self, before: State | None, move: Hashable | None, after: State) -> None:
        """The scene calls this when ``move`` was played, so the view can animate it, from the
        first frame that draws it on (``animation_drawn``)."""
        self.animation_started = time.monotonic()
        self.animation_undrawn = True

    def animation_drawn(self) -> None:
        """The screen is about to draw the board: the animation of a move shown since its last
        frame starts now, so the work between the move and that frame (the panel laid out anew,
        the game saved) takes none of it.  A game's first Reversi flip was over before a frame
        showed it: that frame came 0.6 s after the move on a loaded machine, the flip lasts 0.3 s
        (``python main.py bench ui`` said "a move's animation (0.0 s)")."""
        if self.animation_undrawn:
            self.animation_undrawn = False
            self.animation_started = time.monotonic()

    def stop_animation(self) -> None:
        """Show the position still from now on: the scene went to a position without playing a
        move (an undo, a redo, a step back, a move picked in the list) or the player put the piece
        down by hand.  Every view animates the overlay's last move for a while after
        ``move_shown``; after an undo that was the move now last, played long before, moving again."""
        self.animation_started = LONG_AGO
        self.animation_undrawn = False

    def is_animating(self) -> bool:
        """True while a move animation runs (PC vs PC waits for it before the next move)."""
        return False

    def finish_animation(self) -> None:
        """A click on the board during a move's animation: show the position still at once, so the
        click is judged on the board the player sees (Trax's forced tiles, still being laid, hid
        cells that the click was judged on as filled)."""
        if self.is_animating():
            self.stop_animation()

    def move_note(self, before: State, move: Hashable, after: State) -> str:
        """What a move did that the board alone does not make plain, said when the computer plays
        it (Hex's swap: Blue's stone turns Red and moves); "" for most moves."""
        return ""

    def status_text(self, state: State, keys: bool = False, mover: str = "") -> str:
        """A line under the board for things the panel does not show (e.g. "Pick a tile").  ``keys``:
        the player is on the board's cursor, so the line names the keys that do what a click does
        (a keyboard player read "click" and nothing else, in Alquerque on every move).  ``mover``:
        how the screen names the player to move ("Ana (Black)" in a hot-seat game), which a view
        cannot know; "" for the side's name alone."""
        return ""

    def cursor_keys(self) -> str:
        """The board cursor's keys as the line under the board names them while it shows: what
        Enter or Space does on a place of this board."""
        return _("arrows move the cursor, Enter or Space plays, Esc hides it")

    def play_tips(self, state: State, keys: bool = False) -> tuple[str, ...]:
        """How the player to move plays, in the side panel's words (longest first), where this
        view's own rule asks for something other than the usual move on the board (a Reversi
        pass: any click, or Enter on the cursor); ``keys``: the board's cursor shows.  () for the
        usual tips (``ui.scenes.game_board_side.play_tips``)."""
        return ()

    def status_short(self, state: State, keys: bool = False, mover: str = "") -> str:
        """A shorter form of ``status_text``, which the screen takes when the whole line does not
        fit one row (Alquerque's first prompt in Portuguese wrapped at 1280x800); "" for none."""
        return ""

    def line_follows_prompt(self, state: State) -> bool:
        """Whether the mouse's line (``status_text``) says how a turn's move is made, as Alquerque's
        first "Click or drag a piece" does, and so follows the prompt's "Your move (White) · Enter
        to type it"; else it says something of this moment alone (a pass, Hex's swap offer, a
        chain under way) and stands in the prompt's place."""
        return False

    def status_least(self, state: State) -> str:
        """The mouse's line at its least ("Click or drag a piece"), where a view's line follows the
        prompt (``line_follows_prompt``) and the status line has room for little more: at 800x600
        Alquerque's whole line left out whose move it was, which Reversi's says; "" for none."""
        return ""

    def value_anchor(self, move: Hashable) -> tuple[tuple[int, int], int] | None:
        """Where analysis mode writes ``move``'s value: the pixel centre and the room there (the
        cell's width), or None when the move has no place on the board (a swap, a pass)."""
        return None

    def first_place(self, move: Hashable) -> tuple[int, int] | None:
        """The pixel where entering ``move`` begins, the place its first click lands on: the
        keyboard's cursor first shows on a legal move's, so its first Enter does something.  By
        default where the move's value is written (``value_anchor``), which is that place for a
        move of one click; None when the move has no place (a pass)."""
        anchor = self.value_anchor(move)
        return anchor[0] if anchor else None


def shake_offset(overlay: Overlay, duration: float = 0.35, amplitude: int = 6) -> int:
    """Horizontal pixel offset for the shake after an illegal click (0 when none is running)."""
    age = time.monotonic() - overlay.invalid_since
    if overlay.invalid_at is None or age > duration:
        return 0
    import math

    return int(amplitude * (1 - age / duration) * math.sin(age * 60))
