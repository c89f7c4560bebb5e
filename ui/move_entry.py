"""Moves typed or pasted on the game screen, for players who know the notation or hold a move list.

Enter opens a field over the panel's last row of buttons (the board keeps its size; the line under
the board says what the field takes); Enter again plays what it holds and Esc closes it.  Ctrl+V
opens it holding the clipboard's moves: a list copied with "Copy moves" (M), from a course
notebook, or from another program (``d3 c5 f6``, ``1. d3 c5 2. f6``, Rastros' ``(4, 4)`` as the
course's Python prints it; ``games.move_list.moves_from_text`` reads them; a Trax course's turns too,
``[[4, 2, 'lddl']]``: ``Game.move_texts``).  The field speaks only for a human to move at the live game, as a click on the board
does.

The game reads the moves (``Game.parse_move``), one after the other from the position on the
board, and they are played only if every one of them is legal: otherwise the first wrong one is
named, nothing is played and the text stays in the field to be mended.  A list that starts from
the first move (a whole game copied from elsewhere) is read from there: if its first moves are the
game's moves so far, the rest is played, so a copied game can be pasted into the same game at any
point of it.  A list may hold both
sides' moves, so that a course example can be set up and played on against the computer; on a
clock each side answers for its own time, so there the field takes one move at a time.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from games.base import IllegalMove, parse_in_line
from games.position_text import is_position_text, position_alone, record_from_position
from games.record_parts import RecordError, check_text_length
from ui import clipboard, words
from ui.i18n import Phrase, _
from ui.notation import other_chosen, written_move
from ui.scenes.game_mouse import REFUSAL
from ui.text_field import TextField

if TYPE_CHECKING:
    from ui.scenes.game import GameScene


def read_moves(game, state, texts: list[str], other: bool = False) -> list[Hashable] | str:
    """The moves ``texts`` name, played one after the other from ``state``, with the moves a
    written game leaves out (an Othello transcript's passes); or, at the first one that is not
    legal, what is wrong with it (for the window).  ``other``: the window writes the notation the
    game's players write elsewhere, its board labelled so: a refusal names the places so too
    (``IllegalMove.other``: Trax's "A1 is not empty", not the f6 no label shows)."""
    moves = []
    for n, text in enumerate(texts, 1):
        try:
            if state.is_terminal():
                raise IllegalMove(_("the game is over before it"))
            line = parse_in_line(game, state, text)
        except IllegalMove as exc:
            said = exc.other if other and exc.other else str(exc)
            reason = words.rule_reason(said, game.id)  # the rules' English, in the window's language
            if len(texts) == 1:
                return _("Not a legal move: {reason}").format(reason=reason)
            return _("Move {n} of the list ({move}): {reason}. Nothing was played").format(n=n, move=text, reason=reason)
        for move in line:
            moves.append(move)
            state = state.play(move)
    return moves


def moves_after_history(game, initial, history: list[Hashable], texts: list[str]) -> list[str] | None:
    """What is left of ``texts`` once the moves played so far (``history``, from ``initial``) are
    taken off its head; None if ``texts`` does not start with them (or is not legal from there).
    The head is counted in moves, not words: a transcript leaves out passes the history holds."""
    if not history:
        return None
    state, played = initial, []
    for n, text in enumerate(texts):
        try:
            line = parse_in_line(game, state, text)
        except IllegalMove:
            return None
        for move in line:
            played.append(move)
            state = state.play(move)
        if len(played) >= len(history):
            if played[:len(history)] != list(history):
                return None
            # a word past the history (after a pass it left out) is read again from the board
            return texts[n + 1:] if len(played) == len(history) else texts[n:]
    return None


MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class MoveEntry:
    """The game screen's move field (see the module's docstring)."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.field = TextField()
        # a move typed with the field closed (``game_keys.typed_text``): the character typed last,
        # the letter key held back (N: its command cannot be taken back; H: its search takes a
        # core) and the command a letter ran that its second press puts back, with what it
        # switched ("f", then "5": the board turned back)
        self.typed = ""
        self.held: int | None = None
        self.ran: tuple[int, object] | None = None
        self.edited: pygame.event.Event | None = None  # the last key or text the open field took as typing

    @property
    def open(self) -> bool:
        return self.field.focus

    def start(self, text: str = "") -> None:
        """Open the field (holding ``text``) if a human may move now; else say why not."""
        why = self.scene.why_no_move()
        if why:
            self.scene.messages.add_instead(why, topic=REFUSAL)
            return
        self.say_its_words()
        self.field.text = text
        self._set_open(True)

    def say_its_words(self) -> None:
        """The field's label and its example, a legal move here as the list writes it, in the
        language of the moment (the screen says them again after a change of language)."""
        state, game = self.scene.state, self.scene.game
        first = state.legal_moves()[0]
        example = written_move(self.scene.app, game, state, first, game.format_move(state, first))  # as typed: "swap"
        self.field.label = _("Move:")
        self.field.placeholder = _("a move or a list, like {move}: Enter plays, Esc closes, Ctrl+V pastes").format(
            move=example)  # whole on the status line; in the field, where it is cut, a shorter form
        self.field.shorter = (_("a move or a list, like {move}").format(move=example),
                              _("like {move}").format(move=example))

    def paste(self) -> None:
        """Open the field holding the clipboard's moves (Ctrl+V)."""
        text = clipboard.get_text()
        if not text and clipboard.gave_up():
            self.scene.messages.add(clipboard.unread_words(), "warn", duration=8.0)
            return
        try:
            check_text_length(text)  # 50 MB pasted: said at once, not read for a minute as moves
        except RecordError as exc:
            why = str(exc)
            self.scene.messages.add(Phrase(lambda: _("The clipboard holds no moves: {problem}").format(
                problem=words.rule_reason(why))), "warn", duration=8.0)
            return
        if _reads_as_position(text):
            self.scene.messages.add(_("The clipboard holds a position, not moves: paste it on the main menu to play "
                                      "from it"), "warn", duration=8.0)
            return
        moves = self.scene.game.move_texts(text)
        if not moves:
            self.scene.messages.add(_("The clipboard holds no moves"), "warn")
            return
        if self.open and not self.field.selected:
            self.field.text = f"{self.field.text.rstrip()} {' '.join(moves)}".lstrip()
        elif self.open:
            self.field.text, self.field.selected = " ".join(moves), False
        else:
            self.start(" ".join(moves))

    def close(self) -> None:
        self._set_open(False)

    def moves_beginning(self, text: str) -> list[str]:
        """The names of the moves the player may make now that begin with ``text``, in any case
        (``f`` and ``f5`` in Reversi's opening, ``4-`` in Rastros, ``pa`` of a Reversi pass)."""
        if self.scene.why_no_move():
            return []
        text, state = text.lower(), self.scene.state
        names = (self.scene.game.format_move(state, move) for move in state.legal_moves())
        return [name for name in names if name.lower().startswith(text)]

    def _set_open(self, open_: bool) -> None:
        """Open or close the field: nothing moves (the field lies over the panel's last row of
        buttons, the messages about the moves typed on the status line, their usual place)."""
        if open_:
            self.scene.keyboard_play = True  # the panel's tip names keys from now on
        if open_ != self.field.focus:
            self.field.focus = open_
            self.scene.invalidate()

    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event`` while the field is open: typing, Enter, Esc; a click elsewhere closes it
        (and is not taken: it does what it does)."""
        if not self.open:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and not self.field.rect.collidepoint(event.pos):
            self.close()
            return False
        if event.type in MOUSE_EVENTS and self.field.rect.collidepoint(event.pos):
            return True  # the panel's buttons under the field do not hear it
        if clipboard.is_paste(event):
            self.paste()  # the clipboard's moves, not its header lines
            return True
        typed = self.field.handle(event)
        if typed == "edit":
            self.edited = event
        elif typed == "submit":
            self.submit()
        elif typed == "cancel":
            self.close()
        return typed is not None

    def submit(self) -> None:
        """Play the field's moves if all are legal; else say which is not, and keep the text, chosen."""
        texts = self.scene.game.move_texts(self.field.text)
        if not texts:
            self.close()
            return
        why = self.scene.why_no_move()
        if not why and len(texts) > 1 and self.scene.referee.clock is not None:
            why = _("On a clock, type one move at a time")
        if why:
            self._refuse(why)
            return
        other = other_chosen(self.scene.app)  # a refusal names the places as the board's labels do
        moves = read_moves(self.scene.game, self.scene.state, texts, other)
        if isinstance(moves, str):
            rest = moves_after_history(self.scene.game, self.scene.initial, [p.move for p in self.scene.history], texts)
            if rest == []:
                self._refuse(_("Those moves are already on the board"))
                return
            if rest is None or len(rest) > 1 and self.scene.referee.clock is not None:
                self._refuse(moves, 8.0)
                return
            moves = read_moves(self.scene.game, self.scene.state, rest, other)
            if isinstance(moves, str):
                self._refuse(moves, 8.0)
                return
        self.close()
        self.scene.play_human(moves)
        if len(moves) > 1:
            self.scene.messages.add(_("Played {n} moves").format(n=len(moves)))

    def _refuse(self, why: str, duration: float | None = None) -> None:
        """Say ``why`` the text typed plays nothing, and keep it chosen: typing replaces it, a
        paste too, and Backspace edits it."""
        self.scene.messages.add_instead(why, "warn", duration=duration, topic=REFUSAL)
        self.field.select_all()

    def layout(self, place: pygame.Rect, scale: float) -> None:
        """The field across ``place`` (the panel's last row of buttons, ``GamePanel.last_row``):
        under the board it took the board's room for itself and a message over it."""
        self.field.rect = pygame.Rect(0, 0, place.width, int(36 * scale))
        self.field.rect.center = place.center

    def draw(self, surface: pygame.Surface, theme, scale: float) -> None:
        if self.open:
            self.field.draw(surface, theme, scale)


def _reads_as_position(text: str) -> bool:
    """Whether ``text`` is a position the game reads, not moves: a bare list under the game's name
    ("Reversi" then ``d3 c5 f6``) has the shape of a position text, and was refused as one."""
    alone = position_alone(text)  # a course's printed state or board, no game named
    if alone is None and not is_position_text(text):
        return False
    try:
        record_from_position(alone or text)
    except RecordError:
        return False
    return True
