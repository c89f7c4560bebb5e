"""The board side of the game screen: the board and what is drawn over it, and under it the
status line with the game's messages (the move field opens over the panel: ``GamePanel.last_row``).

``GamePanel`` is the right of the screen; ``BoardSide`` lays out and draws the left: the board
view in what analysis mode's eval bar and evaluation graph leave of it, the Hex connections, the
moves' values and the keyboard's cursor over the board, and the line under it.  That line says the
moment in words (an earlier position being looked at, how the game ended, the view's own
instruction such as "click the board to pass", whose move it is with the keys that play it, a
paused game, the engine being prepared, a computer thinking, the open move field's keys); the
game's messages stand in its place while they show, and the window's above them.

It is apart from the scene because it is the screen's geometry and its most reworded text: each
new way to play (the move field, the board's cursor) added its keys to the status line.  The scene
decides what is shown (the position, the overlay) and in which order the parts are drawn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from games.base import State
from ui import eval_bar, eval_graph, words
from ui import text as tx
from ui.analysis_mode import (
    MoveLabel,
    ValueTip,
    draw_move_values,
    draw_value_tip,
    places,
    summary_text,
    value_notes,
    value_tip,
)
from ui.hex_connections import draw_connections
from ui.i18n import N_, _
from ui.match import HOTSEAT, HUMAN_VS_PC
from ui.notation import MoveNames, other_chosen
from ui.scenes.game_mouse import sentence
from ui.scenes.game_over import reason_lines
from ui.widgets import Messages

if TYPE_CHECKING:
    from ui.scenes.game import GameScene

SHOW_CURSOR = N_("Up or Down: a cursor on the board")  # the key a keyboard player needs first
SHOW_CURSOR_SHORT = N_("Up or Down: a cursor")  # its form on a narrow card


def click_or_cursor() -> tuple[str, ...]:
    """Both ways to play, longest first, for the side panel's card: a click, and the key that
    shows the cursor in the status line's very words (``SHOW_CURSOR``).  The card said "Click or
    use the arrows" over a line that said "Up or Down: a cursor on the board", and after the
    first move Left and Right browse the game rather than show the cursor."""
    return (tx.join_parts([_("Click the board"), _(SHOW_CURSOR)]),
            tx.join_parts([_("Click the board"), _(SHOW_CURSOR_SHORT)]),
            tx.join_parts([_("Click"), _(SHOW_CURSOR_SHORT)]))


def cursor_shown(scene: GameScene) -> bool:
    """The board's cursor shows and has places to go: the keys that play are the cursor's."""
    return scene.cursor.on and scene.view.has_targets(scene.state)


def play_tips(scene: GameScene) -> tuple[str, ...]:
    """How the player to move plays, as the side panel says it, in its forms longest first (the
    one-line card takes the first that fits): both ways (``click_or_cursor``)
    until the player has played by the keyboard (the board's cursor, a move typed), then by its
    keys: the cursor's while it shows, else the key that shows it (the status line's own words).
    It said "Click the board to play" while the line under the board named the keys, so a player
    without a mouse was told only to click.  While the move field is open, its keys: the field
    takes every key, and the card said "Up or Down: a cursor on the board".  A view's own way to
    play (a Reversi pass: ``BoardView.play_tips``) is said instead of the usual one."""
    has_cursor = scene.view.has_targets(scene.state)
    if scene.move_entry.open:
        return _("Type a move: Enter plays it, Esc closes"), _("Enter plays, Esc closes")
    own = scene.view.play_tips(scene.state, cursor_shown(scene))  # a Reversi pass
    if own:
        return own
    if cursor_shown(scene):
        return _("Arrows and Enter: play on the board"), _("Arrows and Enter: play")
    if scene.keyboard_play:
        return (_(SHOW_CURSOR), _(SHOW_CURSOR_SHORT)) if has_cursor else (_("Enter: type your move"),)
    if has_cursor:
        return click_or_cursor()
    return (_("Click the board to play"),)


class BoardSide:
    """The left of the game screen (see the module's docstring)."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.area = pygame.Rect(0, 0, 0, 0)  # the whole left of the window
        self.status_h = 0
        self.eval_rect = pygame.Rect(0, 0, 0, 0)  # analysis mode's eval bar, beside the board
        self.graph_rect = pygame.Rect(0, 0, 0, 0)  # the live evaluation graph, under the board in analysis mode
        self.board_foot = 0  # the bottom of the board's room, its coordinates and the graph under it (``messages_room``)
        # ``graph_value`` through a drawing (``GameCommands.analysis_line_kept``): the points it is of, and it
        self.graph_kept: tuple[list[float | None], eval_bar.GraphValue | None] | None = None

    def layout(self, area: pygame.Rect) -> None:
        scene, s = self.scene, self.scene.app.scale
        margin = int(22 * s)
        self.status_h = int(44 * s)
        self.area = area
        board = pygame.Rect(area.x + margin, area.y + margin, area.width - 2 * margin,
                            area.height - 2 * margin - self.status_h)
        self.board_foot = board.bottom
        board, self.eval_rect = eval_bar.carve(board, s, scene.analysis.active)
        board, self.graph_rect = eval_graph.carve(board, s, scene.analysis.active)
        scene.view.text_size = scene.app.settings.text_size  # the coordinates' size
        scene.view.other_notation = other_chosen(scene.app)  # the moves the view names (Trax's official ones)
        scene.view.layout(board)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, shown: State, labels: dict[Hashable, MoveLabel]) -> None:
        """The board showing ``shown`` with its overlays (``labels``: analysis mode's values of its
        moves), then the status line under it (the move field opens over the panel)."""
        scene, theme, s = self.scene, self.scene.app.theme, self.scene.app.scale
        ringed = self._cursor_place(shown)
        scene.view.animation_drawn()
        valued = tuple(place.centre for place in places(scene.view, labels)) if labels else ()
        scene.view.draw(surface, shown, dataclasses.replace(scene.overlay(), cursor=ringed, valued=valued))
        if scene.connections.active:
            draw_connections(surface, scene.view, scene.connections.shown(), shown.to_move, theme, shown)
        if scene.analysis.active:
            values, points = scene.analysis.values, scene.graph_points()
            graph = self.graph_value(points)
            tags = draw_move_values(surface, scene.view, labels, theme)
            summary = summary_text(values, scene.analysis.running(), scene.analysis.preparing(),
                                   scene.analysis.waiting, scene.computer.holds_move_after_move(), graph is not None,
                                   scene.analysis.prepared_for())
            eval_bar.draw(surface, self.eval_rect, values, scene.game, theme, s,
                          summary, shown, graph, scene.view.near_side(), self.area.right - self.eval_rect.x,
                          value_notes(tags, values, labels, shown.legal_moves()))
            eval_graph.draw_graph(surface, self.graph_rect, points, scene.game, theme, s,
                                  len(scene.history), scene.shown_plies(), top_side=scene.view.near_side())
        if ringed is not None:
            scene.cursor.draw(surface, scene.view, shown, s)
        self.draw_status(surface)

    def _cursor_place(self, shown: State) -> pygame.Rect | None:
        """The place on the board the keyboard's cursor rings this frame (``shown``'s), None where it
        is not drawn.  The view is told before it draws, so that its words keep off the ring: Trax's
        last move's tag "B0\\" lay over the cursor and the dot of the empty cell it was on."""
        scene = self.scene
        if not scene.cursor.on or scene.why_no_move() or scene.board_covered():
            return None
        return scene.cursor.current(scene.view, shown)

    def graph_value(self, points: list[float | None]) -> eval_bar.GraphValue | None:
        """The evaluation graph's value (``points``) of the position shown, or of the nearest
        before it an engine valued, for the eval bar: analysis waits while a computer searches
        its move, and the bar stood blank at 50/50 beside a graph and a last search that said who
        was winning.  None before any value.  Within a drawing worked out once for its ``points``
        (``graph_kept``): the bar and the analysis line's proof (``GameCommands.analysis_line``)
        each worked it out."""
        scene, kept = self.scene, self.graph_kept
        if kept is not None and kept[0] == points:
            return kept[1]
        moves = [p.text for p in scene.history[:scene.shown_plies()]]
        evaluations = scene.evaluations
        value = eval_bar.last_known(evaluations.along(moves), points, len(moves), scene.game.id,
                                    evaluations.depths_along(moves))
        if scene.line_kept is not None:  # within a drawing, where nothing it reads changes
            self.graph_kept = list(points), value
        return value

    def draw_on_top(self, surface: pygame.Surface, shown: State, labels: dict[Hashable, MoveLabel]) -> None:
        """Over everything else (the panel, the game-over card): the messages, and the tip with the
        values of the moves under the mouse."""
        scene, theme, s = self.scene, self.scene.app.theme, self.scene.app.scale
        scene.messages.draw(surface, theme, (self.area.centerx, self.messages_bottom()), s, self.messages_width(),
                            room=self.messages_room())
        if self._tip_shown():
            draw_value_tip(surface, scene.view, labels, self.tip_point(), theme, self._move_names(shown), s)

    def value_tip(self, bounds: pygame.Rect) -> ValueTip | None:
        """The tip of values the pointer shows in analysis mode (``draw_on_top``), laid out in
        ``bounds`` (the window) and not drawn: what a motion changes (``GameScene.pointer_key``)."""
        scene = self.scene
        if not scene.analysis.active or not self._tip_shown():
            return None
        shown = scene.shown_state()
        return value_tip(bounds, scene.view, scene.analysis.labels(scene.hint_shown()), self.tip_point(),
                         self._move_names(shown), scene.app.scale)

    def tip_point(self) -> tuple[int, int] | None:
        """Where the tip of values is about: the pointer on the board, else the board's cursor,
        so that a player on the keyboard reads the value of a move the board shows as a dot (the
        tip came under the pointer alone); None when neither is on the board."""
        scene = self.scene
        return scene.cursor.tip_point(scene.view, scene.shown_state(), scene.mouse.hover)

    def _tip_shown(self) -> bool:
        """The tip of values shows: not over the card, nor a tile picker."""
        return not self.scene.board_covered() and not self.scene.view.has_partial_input()

    def _move_names(self, shown: State) -> MoveNames:
        """How the tip writes a move of ``shown``."""
        return MoveNames(self.scene.app, self.scene.game, shown)

    def messages_bottom(self) -> int:
        """The game's messages sit on the status line (which they replace while shown), older ones
        above; the move field, over the panel, leaves them their place."""
        return self.area.bottom - int(8 * self.scene.app.scale)

    def messages_room(self) -> int:
        """How high the game's messages may stack: up to the foot of the board's room (its
        coordinates and analysis's graph under it), or of a card standing on the board, older ones
        waiting there for the newer to go (``Messages.shown``).  Three messages at once at 800x600,
        Larger text, lay over the result card's buttons; and at 800x600 the autosave's failure,
        held on screen, with "The last moves of this game could not be saved ..." over it as the
        game was left, lay over the board's column letters (two lines each in Portuguese)."""
        s, bottom = self.scene.app.scale, self.messages_bottom()
        gap = Messages.line_height(s) - Messages.pill_height(s)  # above the top pill: may lie on the board's margin
        room = bottom - self.board_foot + gap
        card = self.card_on_board()
        return max(0, room if card is None else min(room, bottom - card.bottom))

    def card_on_board(self) -> pygame.Rect | None:
        """Where the card over the board stands, or None: no card, or one over the panel.  As the
        frame drew it, before its messages: ``GameOverCard.placement`` takes 2 ms (Reversi at
        1280x800), and the messages ask four times a frame."""
        card = self.scene.card_shown()
        return card.rect if card is not None and card.on_board else None

    def messages_width(self) -> int:
        return self.area.width - int(40 * self.scene.app.scale)

    # -- the status line ------------------------------------------------------------------------
    def draw_status(self, surface: pygame.Surface) -> None:
        """The status line, unless a message stands in its place: the game's own, or the window's
        (``GameScene.messages_above``)."""
        said = self.status()
        if said is not None and not self.window_messages_here():
            self._status_line(surface, list(said[0]), said[1])

    def window_messages_here(self) -> bool:
        """Whether the window's messages ("Text size: Larger") stand on the status line: the game
        shows none of its own, and one of the window's has room in the lane under the board."""
        app = self.scene.app
        if self.scene.messages.current() or not app.messages.current():
            return False
        return bool(app.messages.shown(app.scale, app.messages_width(), app.messages_room()))

    def status(self) -> tuple[tuple[str, ...], tuple[int, int, int]] | None:
        """What the status line says (its forms, longest first) and in which colour; None while a
        message stands in its place.  The scene draws the whole window again when it changes
        (``GameScene._shown``): "Preparing the engine…" gives way to "is thinking…" with nothing
        else on the board's side changing."""
        scene, theme = self.scene, self.scene.app.theme
        if scene.messages.current():
            return None
        # the view's own line ("click the board to pass", "click Blue's stone to swap") speaks to the
        # player at the board: only while a human is to move
        if scene.browsing is not None:
            line = _("{where}: Left/Right to step, End to go back to the game").format(
                where=words.move_of(scene.browsing, len(scene.history)))
            return (line,), theme.accent
        if scene.move_entry.open:  # what the field takes and its keys, whole (the field is narrower),
            return (sentence(scene.move_entry.field.placeholder),), theme.muted  # a sentence as the others
        if scene.clock_stands_away():  # said where the players look for whose turn it is
            return (_("Clock stopped: the window is in the background"),), theme.accent
        if scene.is_over():  # the card and the panel's search card say the result: said a third time here,
            return ("",), theme.muted  # it also came 0.6 s before the card and went with it
        if scene.draw_offer is not None:  # no move until the friend asked answers the card
            return (scene.why_no_move(),), theme.accent
        return tuple(self._view_forms() or [self._prompt()]), theme.muted

    def _view_forms(self) -> list[str]:
        """The view's own line ("click the board to pass", "click Blue's stone to swap"), then its
        shorter form if it has one; none unless a human is to move, for it speaks to the player
        at the board."""
        scene = self.scene
        if not scene.human_to_move():
            return []
        keys = cursor_shown(scene)
        said = (scene.view.status_text(scene.state, keys, self._mover()),
                scene.view.status_short(scene.state, keys, self._mover()))
        forms = [form for form in said if form]
        if forms and not keys and not scene.why_no_move() and scene.view.has_targets(scene.state):
            if scene.view.line_follows_prompt(scene.state):
                return self._after_prompt(forms)
            # the view's mouse words ("click the board to pass") stand in for the prompt, which
            # names the key that shows the cursor: a keyboard player keeps that key
            forms = [tx.join_parts([form, _(SHOW_CURSOR)]) for form in forms]
        return forms

    def _after_prompt(self, forms: list[str]) -> list[str]:
        """The view's ``forms`` (Alquerque's "Click or drag a piece; a chain: ...") between the
        prompt's words, as every other game says them, and the key that shows the cursor; at their
        least where none of them has room on the status line's two rows: at 800x600 Alquerque's
        line said nothing of whose move it was, nor of Enter, which Reversi's said."""
        turn, cursor = self._turn_line(), _(SHOW_CURSOR)
        said = [tx.join_parts([turn, form, cursor]) for form in forms]
        least = self.scene.view.status_least(self.scene.state)
        size, width = self._status_room()
        if least and not any(_one_row(form, size, width) or _split_rows(form, size, width) for form in said):
            said.append(tx.join_parts([turn, least, cursor]))
        return said

    def _status_room(self) -> tuple[int, int]:
        """The status line's font size and width, in pixels."""
        return int(16 * self.scene.app.scale), self.area.width - 40

    def _mover(self) -> str:
        """How the view's own line names the player to move: "Ana (Black) has no move: click
        the board to pass" in a hot-seat game, where every other prompt names the friend at the
        board; "" (the side alone) against the computer."""
        scene = self.scene
        if scene.setup.mode != HOTSEAT:
            return ""
        return words.player_on_side(scene.setup, scene.game, scene.state.to_move)

    def _status_line(self, surface: pygame.Surface, forms: list[str], colour: tuple) -> None:
        """The line under the board, of its ``forms`` (longest first) the first that fits one row,
        else on two when the board is narrow (a long instruction cut short would hide its end), the
        second shortened if it must be (``status_rows``)."""
        s = self.scene.app.scale
        size, width = self._status_room()
        rows = status_rows(forms, size, width, self.scene.setup.label_in(forms[-1]) if forms else "")
        step = tx.line_height(size)
        y = self.area.bottom - self.status_h // 2 - int(8 * s) - step * (len(rows) - 1) // 2
        for row in rows:
            tx.text(surface, row, (self.area.centerx, y), size, colour, "center")
            y += step

    def _prompt(self) -> str:
        scene = self.scene
        state = scene.state
        if scene.held_up():
            return scene.held_up()
        side = words.side(scene.game, state.to_move)
        if scene.human_to_move():
            return self._move_prompt(side)
        if scene.paused:
            return _("Paused: press Space to resume or S to play one move")
        if scene.computer.preparing_words():
            return scene.computer.preparing_words()
        player = scene.setup.player_label(state.to_move)
        if scene.computer.held is not None:  # the speed's pause between moves, or the moment after a person's
            #                                  move (``HUMAN_VS_PC_DELAY``): the move is found, not being thought of
            return _("{player} ({side}) has chosen its move").format(player=player, side=side)
        if scene.computer.out_of_time():  # lost on time, its forfeit due: the card says so too
            return _("{player} ({side}) gave no answer in time").format(player=player, side=side)
        return _("{player} ({side}) is thinking…").format(player=player, side=side)

    def _move_prompt(self, side: str) -> str:
        """The prompt of a human's turn, with the keys that play: the cursor's while it shows, else
        the move field's and how to show the cursor (a keyboard player's first question)."""
        scene = self.scene
        player = scene.setup.player_label(scene.state.to_move)
        if cursor_shown(scene):
            keys = scene.view.cursor_keys()
            if scene.setup.mode == HUMAN_VS_PC:
                return tx.join_parts([_("Your move ({side})").format(side=side), keys])
            return tx.join_parts([_("{player} to move ({side})").format(player=player, side=side), keys])
        return tx.join_parts([self._turn_line(), _(SHOW_CURSOR)])

    def _turn_line(self) -> str:
        """Whose move it is and the key that types one: "Your move (White) · Enter to type it",
        "Ana to move (White) · ..." in a hot-seat game."""
        scene = self.scene
        side = words.side(scene.game, scene.state.to_move)
        if scene.setup.mode == HUMAN_VS_PC:
            return _("Your move ({side}) · Enter to type it").format(side=side)
        player = scene.setup.player_label(scene.state.to_move)
        return _("{player} to move ({side}) · Enter to type it").format(player=player, side=side)


def _one_row(line: str, size: int, width: int) -> bool:
    """``line`` fits one row ``width`` pixels wide at font ``size``."""
    return len(tx.wrap(line, size, width)) == 1


def _split_rows(line: str, size: int, width: int) -> list[str] | None:
    """``line`` on two rows broken between its parts (``tx.SEPARATOR``), if both rows then fit:
    its last part on a row of its own where it may, else its last two, and so on (Alquerque's
    first prompt in Portuguese: whose move on one row, how to play and the cursor's key on the
    next)."""
    parts = line.split(tx.SEPARATOR)
    for cut in range(len(parts) - 1, 0, -1):
        rows = [tx.SEPARATOR.join(parts[:cut]), tx.SEPARATOR.join(parts[cut:])]
        if all(_one_row(row, size, width) for row in rows):
            return rows
    return None


def status_rows(forms: list[str], size: int, width: int, name: str = "") -> list[str]:
    """The status line's rows, of its ``forms`` (longest first): the first that fits one row;
    else the first made of parts (``tx.SEPARATOR``) that breaks between them on two whole rows,
    its last part alone on the second where it may (``_split_rows``; word by word, Hex's swap
    offer at 800x560 left "board" alone under "... · Up or Down: a cursor on the"); else the last wrapped on two rows (``reason_lines``: a forfeit's
    log path, if it does not fit, is in a message of its own), unless it needs more and names a
    player, ``name``: then on one row with the name cut (``tx.fit_inside``), for an engine's long
    command on two rows cut at their end took the words with it ("gtp:/usr/… --hold /tmp/…"
    for "… : a preparar o motor…")."""
    forms = [form for form in forms if form] or [""]
    one = next((form for form in forms if _one_row(form, size, width)), None)
    if one is not None:
        return [one]
    two = next(filter(None, (_split_rows(form, size, width) for form in forms)), None)
    if two:
        return two
    cut = tx.fit_inside(forms[-1], name, size, width) if len(tx.wrap(forms[-1], size, width)) > 2 else None
    return [cut] if cut else reason_lines(forms[-1], size, width)
