"""The game-over card: result, reason and score, with Rematch (at once, sides swapped), New game
(the New game screen, this game's settings filled in), Menu and View board; the
card of a game that cannot start (an outside player that could not be loaded), with Try again,
Back to the setup and Menu; the questions a person's word puts over the board (a friend's draw
offer, Resign: ``QuestionCard``); and the card that covers the board of a paused clocked game with a
person in it, with Resume.  Each button has its key; Tab and Shift+Tab also ring them in turn,
Enter or Space pressing the one ringed.  The result card's Replay is on E and its View board on B
(Board, taBuleiro): the game's panel beside it says "Analysis A" and, in Hex, "Connections V";
the card's A for Replay and V for View board gave one key two meanings side by side."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from games.base import captures_since
from ui import text as tx
from ui import words
from ui.i18n import N_, _, ngettext
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC
from ui.scenes import game_keys
from ui.scenes.game_mouse import REFUSAL
from ui.tally import board_words, results_line
from ui.widgets import BUTTON_PADDING, Button, KeyFocus, card, keys_held, layout_grid, worded

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterable

    from games.base import State
    from ui.board_view import BoardView
    from ui.scenes.game import GameScene, Ply

OVER_DELAY = 0.6  # seconds the final position shows before the card covers it
# seconds a watched game's result card shows before the next game begins by itself (GameScene.next_game_in)
NEXT_GAME_SECONDS = 15.0
# seconds the result card, come up while the game was played from the keyboard, takes no key nor
# click: an Enter meant for the move field a moment after its end pressed Rematch.  Firefox's
# dialogs wait a second so (``security.dialog_enable_delay``); its buttons are drawn disabled meanwhile.
KEY_GRACE = 1.0
# the arrows that ring a card's buttons in turn, as Tab (1) and Shift+Tab (-1) do (``GameOverCard.key``)
ARROW_STEPS = {pygame.K_DOWN: 1, pygame.K_RIGHT: 1, pygame.K_UP: -1, pygame.K_LEFT: -1}
# Rematch's label and its shorter form: it plays again at once, sides exchanged, and says so;
# "Rematch" alone beside "New game" (which chose nothing either) left which did what to be tried
REMATCH_WORDS = (N_("Rematch, sides swapped"), N_("Flip sides"), N_("Rematch"))
"""Rematch's labels, longest first: the last where the others leave no room for its key beside it
(at Larger text at 1024x768 in Portuguese, the panel's "Trocar de lados  R" beside "Resultado"
took the room of its Enter).  The short form says nothing of a swap, in either language: Hex's
swap rule is the move "swap" ("trocar"), and View board's "Swap sides  R" beside a Hex board read
as that move.  It is as short as the button beside an 800x600 board holds."""


def result_title(scene: GameScene) -> str:
    winner = scene.winner()
    if winner is None:
        return _("Draw")
    if scene.setup.mode == HUMAN_VS_PC:
        return _("You win!") if winner == scene.setup.human_side() else _("You lose")
    name = winner_name(scene)
    if name:  # the friends' names, given on the New game screen
        return _("{player} ({side}) wins").format(player=name, side=_(scene.game.sides[winner]))
    return side_wins(scene, winner)


def side_wins(scene: GameScene, winner: int) -> str:
    """The headline naming the winning side only: "Dark wins"."""
    return _("{side} wins").format(side=_(scene.game.sides[winner]))


def winner_name(scene: GameScene) -> str:
    """The winner's name as the headline says it: a hot-seat friend's ("Ana" of "Ana (X) wins"),
    or a watched game's engine ("Level 4" of "Level 4 (Red) wins": "Red wins" did not say which
    of the two computers won, the rematch swapping their sides); "" where the headline names no
    player (no winner yet, a draw, no name given, against the computer)."""
    winner = scene.winner()
    if winner is None:
        return ""
    if scene.setup.mode == PC_VS_PC:
        return scene.setup.player_label(winner)
    return scene.setup.names[winner] if scene.setup.mode == HOTSEAT else ""


def repeated_headline(scene: GameScene) -> str:
    """The words of the headline that the reason under it would say again: the title itself, or
    under a hot-seat name's "João (Dark) wins" the side's "Dark wins" (the card read "Dark wins: a
    dark loop" and "Dark wins 38 - 26" under it, where it says "A dark loop" and "38 - 26" unnamed)."""
    if winner_name(scene):
        return side_wins(scene, scene.winner())
    return result_title(scene)


def detail_line(reason: str, title: str) -> str:
    """The end's ``reason`` as said under the headline ``title``, without the words of the
    headline it would repeat: under "Black wins", "Black wins 38 - 26" says "38 - 26", and
    Trax's "Light wins: a light loop" says "A light loop" (the card named the winner two or
    three times).  A reason that closes on it loses its close: Rastros' "South is blocked" and
    "South moved onto 1-8" under "North wins" (the card said "Norte ganha" over "Sul está
    bloqueado: Norte ganha").  A reason that neither begins nor ends with the headline (Hex's
    "Blue connected left and right", a forfeit, "You win!" over "Black wins 38 - 26", where it
    says which side won) is kept whole; "" when the reason is only the headline."""
    rest = words.after_headline(reason, title)
    if rest is None:
        return words.without_closing_winner(reason, title)
    rest = rest.lstrip(" :")
    return rest[:1].upper() + rest[1:]


def result_detail(scene: GameScene) -> str:
    """How the game ended, as said under its headline: what the reason adds to it ("Board full"
    under "Draw", "A light loop" under "Light wins"), "" when it adds nothing.  The card read
    "Draw" over "Board full: draw"."""
    if scene.ended_off_the_board():
        reason = scene.end_reason()
    else:
        reason = words.end_reason(words.reason_without_verdict(scene.state.end_reason()))
    return detail_line(reason, repeated_headline(scene))


def result_detail_forms(scene: GameScene) -> list[str]:
    """``result_detail`` in its forms, longest first: the whole, then the reason's short form where
    it has them (``words.short_end_reasons``: a resignation's too), for a line too narrow for the whole: at 800x600,
    Larger text, in Portuguese the panel's one-line card cut Rastros' "Sul ganha  Norte foi
    para…", where "Norte em 8-1" fitted."""
    whole = result_detail(scene)
    shorts = words.short_end_reasons(english_end_reason(scene)) if whole else []
    return [whole, *(detail_line(short, repeated_headline(scene)) for short in shorts)]


def english_end_reason(scene: GameScene) -> str:
    """Why ``scene``'s game ended, in English as records keep it: a resignation's or a flag
    fall's ("O resigns at move 12", ``GameScene.recorded_reason``) or the rules' own; "" for a
    draw agreed, which ``DRAW_AGREED`` says short already."""
    if scene.agreed_draw:
        return ""
    return scene.recorded_reason() if scene.forfeit is not None else scene.state.end_reason()


def result_words(scene: GameScene) -> tuple[str, str]:
    """The end as every surface says it, the card's way: its headline and what the reason adds
    ("Draw", "Board full"; the detail "" when it adds nothing).  The panel beside the card said
    "Game over" over "Board full: draw" while the card said "Draw" over "Board full"."""
    return result_title(scene), result_detail(scene)


def shown_score(start: State, state: State) -> tuple[int, int] | None:
    """The score the players' cards and the result line give for ``state``, in a game that
    started at ``start``; None where the game keeps none.

    A score that counts captures (``Game.score_counts_captures``: Alquerque's counts each side's pieces
    missing from the 12 of the usual start) is shown as the captures made in this game, the
    start's own count taken off: a position set up with fewer pieces has had nothing captured
    yet, and "captured" on a card is what a player took over the board, not pieces the setter
    left out.  Other scores (Reversi's discs, Trax's lines) are the board's own.  A score the game
    counts only at its end (``Game.scored_at_end``: Trax's first loop or line) is None while the
    game goes on: the cards read "0 points" all game, with no clue what would count.  The game's
    ``score()``, which records and tournaments keep, is unchanged."""
    if state.game.scored_at_end and not state.is_terminal():
        return None
    score = state.score()
    if score is None or not state.game.score_counts_captures:
        return score
    return captures_since(start, score)


def score_line(scene: GameScene, score: tuple[int, int]) -> str:
    """The score with what it counts, as the player cards give it: "White 10 - 7 Black (captured)".
    Bare, Alquerque's "White 10 - 7 Black" under "Black wins" read as if the loser had won more.
    The sides and their counts are one unit, held by no-break spaces (``ui.text.NO_BREAK``): on a
    narrow card the line broke inside it, "Branco 1 - 12" over "Preto (capturadas)", as if White
    had 1 - 12 and Black a count of its own; now it breaks before what the counts count."""
    a, b = (_(name) for name in scene.game.sides)
    said = tx.NO_BREAK[0].join([a, str(score[0]), "-", str(score[1]), b])
    unit = words.score_unit(scene.game.id)
    return _("{score} ({unit})").format(score=said, unit=unit) if unit else said


def score_tells(scene: GameScene, score: tuple[int, int] | None) -> bool:
    """Whether the card's score line tells the user something: a count that is not 0 - 0 (discs,
    pieces captured, points), or any count of a game that ended on the board, by its own rules
    (its scoring at its end, "nothing captured" in a drawn Alquerque).  A resignation, a flag fall
    or a forfeit before anything was counted showed "Light 0 - 0 Dark (points)" in Trax, a score
    line that said nothing (Trax counts only once a loop or a line ends the game); so did a draw agreed."""
    if score is None:
        return False
    return score != (0, 0) or not scene.ended_off_the_board()


def result_lines(scene: GameScene) -> list[str]:
    """The game-over card's lines under its headline: how the game ended (without the words of the
    headline), the score where it tells something (``score_tells``) and the reason does not say
    it already, the plies, and the results of the player's or the friends' games so far."""
    state = scene.state
    lines = []
    reason = scene.end_reason()
    detail = result_detail(scene)
    if detail:
        lines.append(detail)
    score = shown_score(scene.initial, state)
    if score_tells(scene, score) and f"{max(score)} - {min(score)}" not in reason:  # "White wins 50 - 0" says it
        lines.append(score_line(scene, score))
    lines.append(ngettext("{n} move", "{n} moves", len(scene.history)).format(n=len(scene.history)))
    results = scene.tally_results()  # Human vs PC: your results
    if results is not None:
        board = board_words(scene.game.id, scene.game.options)
        lines.append(results_line(scene.game.id, scene.setup.player_label(1 - scene.setup.human_side()), results, board))
    session = scene.session_line()  # hot-seat: the friends' score over this screen's games
    if session:
        lines.append(session)
    return lines



def players_named(scene: GameScene) -> list[str]:
    """The players as the card and the panel name them, with their sides ("Ana (Black)") and
    without ("Player 2"): no line of theirs breaks inside one (``reason_lines``' ``whole``)."""
    setup, game = scene.setup, scene.game
    return [*(words.player_on_side(setup, game, side) for side in (0, 1)),
            *(setup.player_label(side) for side in (0, 1))]


def reason_lines(text: str, size: int, width: int, most: int = 2, break_words: bool = False,
                 whole: Iterable[str] = ()) -> list[str]:
    """``text`` wrapped on at most ``most`` lines ``width`` wide, the last shortened if need be; a
    forfeit's "; log: PATH" is left out when it does not fit (``fits_whole``; cut, it left "log:"
    with no path: the game says the path in a message of its own).  A line of parts (the tally's "won 1 · drawn 0
    · lost 0") breaks between whole parts where they fit so (``tx.wrap_parts``).  With
    ``break_words``, a word wider than a line (the log's path) is broken over lines
    (``tx.break_word``) rather than left to run past the edge: the game panel's thinking card
    draws its lines as they come, and a path ran out of the panel.  No line breaks inside one of
    the names ``whole`` (``tx.names_whole``: the players', ``players_named``)."""
    return tx.names_whole(text, whole, size, width, lambda glued: _reason_lines(glued, size, width, most, break_words))


def _reason_lines(text: str, size: int, width: int, most: int, break_words: bool) -> list[str]:
    """``reason_lines``' lines, the names to keep whole already glued."""
    short = words.without_log(text)
    if short != text and not fits_whole(text, size, width, most, break_words):
        text = short
    parts = tx.wrap_parts(text, size, width) if tx.SEPARATOR in text else []
    if 0 < len(parts) <= most:
        return parts
    return tx.wrap_at_most(text, size, width, most, break_words=break_words) or [text]


def fits_whole(text: str, size: int, width: int, most: int, break_words: bool = False) -> bool:
    """Whether ``text`` wraps on at most ``most`` rows, none wider than ``width``: a log's path
    wider than a row, left whole by the wrap, would be cut with an ellipsis where it is drawn."""
    rows = tx.wrap(text, size, width, break_words=break_words)
    return len(rows) <= most and all(tx.ui_font(size).size(row)[0] <= width for row in rows)


def card_places(area: pygame.Rect, width: int, height: int, margin: int) -> list[pygame.Rect]:
    """The places a card ``width`` by ``height`` may take in ``area``, ``margin`` from its edges:
    the middle first, then the middle of the top and of the bottom, of the left and of the right
    side, and the four corners.  Only the middle, the top and the bottom were tried, and a line
    from the board's top to its bottom (Trax's, on 7x7 at 1280x800) was under every one of them."""
    inner = area.inflate(-2 * margin, -2 * margin)
    xs = (area.centerx - width // 2, inner.left, inner.right - width)
    ys = (area.centery - height // 2, inner.top, inner.bottom - height)
    order = ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (1, 1), (2, 1), (1, 2), (2, 2))  # (x, y): the middle first
    return [pygame.Rect(xs[x], ys[y], width, height) for x, y in order]


def spread_places(area: pygame.Rect, width: int, height: int, margin: int) -> list[pygame.Rect]:
    """Places a card ``width`` by ``height`` may take anywhere in ``area`` (``margin`` inside its
    edges), a quarter of the card's least side apart, nearest the area's middle first: the nine
    of ``card_places`` missed the empty band across Alquerque's board between the level's two
    pieces and your moves' points, and a level's draw offer went over the players' names."""
    inner = area.inflate(-2 * margin, -2 * margin)
    step = max(8, min(width, height) // 4)
    xs = range(inner.left, max(inner.left, inner.right - width) + 1, step)
    ys = range(inner.top, max(inner.top, inner.bottom - height) + 1, step)
    places = [pygame.Rect(x, y, width, height) for x in xs for y in ys]
    return sorted(places, key=lambda place: math.dist(place.center, area.center))


def hidden_area(place: pygame.Rect, marks: list[pygame.Rect]) -> int:
    """How much of ``marks`` a card at ``place`` covers, in square pixels."""
    return sum(place.clip(mark).width * place.clip(mark).height for mark in marks)


def least_hiding(places: list[pygame.Rect], *marks: list[pygame.Rect]) -> pygame.Rect:
    """The first of ``places`` that covers the least of ``marks``: one that covers none of them if
    there is one; else the one that covers the smallest part of them (a corner over the edge of
    three tiles, rather than the top over six); the first (the middle) when none covers any.  With
    more lists of marks, the least of the first, then of the next among those."""
    return min(places, key=lambda place: tuple(hidden_area(place, each) for each in marks))


def move_marks(view: BoardView, move: Hashable) -> list[pygame.Rect]:
    """Where ``move`` is clicked on the board, as last laid out: its first place
    (``BoardView.first_place``) and the place its value is written on (``value_anchor``, its
    landing point), a cell wide; none for a move with no place (a pass)."""
    anchor = view.value_anchor(move)
    if anchor is None:
        return []
    (x, y), room = anchor
    first = view.first_place(move) or (x, y)
    return [pygame.Rect(cx - room // 2, cy - room // 2, room, room) for cx, cy in {(x, y), first}]


def move_places(view: BoardView, state: State) -> list[pygame.Rect]:
    """Where the legal moves of ``state`` are clicked on the board (``move_marks``)."""
    return [mark for move in state.legal_moves() for mark in move_marks(view, move)]


def last_move_marks(view: BoardView, ply: Ply) -> list[pygame.Rect]:
    """Where ``ply``'s move shows on the board, as last laid out: the places it changed
    (``BoardView.changed_marks``: from, to, the pieces a capture took) and where it was clicked
    on and landed (``move_marks``), for a board not written cell by cell."""
    return view.changed_marks(ply.before, ply.after) + move_marks(view, ply.move)


@dataclass(frozen=True)
class Spacing:
    """The result card's room around its text and between its buttons, in pixels at scale 1."""

    top: int  # above the headline
    under_headline: int
    over_buttons: int
    bottom: int  # under the last button
    button_gap: int


ROOMY = Spacing(26, 8, 14, 26, 10)
# over a narrow panel, where the roomy card would cut its reason or the session's score: at
# Larger text in Portuguese at 1024x768 the card read "Passaram 40 / meias-jogadas sem uma …"
# and "Nesta sessão: Jogador 1 / (Branco) 0 - 0 Jogador 2 (…", the draws' count gone
TIGHT = Spacing(14, 6, 8, 14, 6)
LINE_ROWS = 2  # rows a line under the headline may take on a card with no room for more (a short board)
WHOLE_ROWS = 4  # rows it may take where the card has the height for them (``_board_rows``, ``_panel_form``)
ALL_ROWS = 8  # rows it may take where the card has the height for them all: a watched bot's forfeit on time
#              with the line it was running took five rows at 800x600, and four cut it ("...(in choo…")
ROWS_TRIED = (ALL_ROWS, WHOLE_ROWS)  # the most first
# the room (unscaled) between the card's edge and its buttons, as beside its lines (``width - 30``):
# 24 left the buttons over the panel at 800x600, Larger text, too narrow for "Desforra, lados
# trocados" and its key on one row, and the key R stood alone under it, read as the word's last letter
BUTTON_SIDE = 15


# what a level's draw offer card keeps off on the board: the move points, the level's last move, the pieces
BoardMarks = tuple[list[pygame.Rect], list[pygame.Rect], list[pygame.Rect]]


@dataclass(frozen=True)
class CardPlace:
    """Where a card stands and how it is laid out (``GameOverCard.placement``)."""

    rect: pygame.Rect
    columns: int  # of its buttons
    lines: list[str]  # under its headline
    over_panel: bool  # over the game's panel, not the board
    spacing: Spacing = ROOMY


class GameOverCard:
    keeps_off_pieces = True  # the final position is the news: the card goes over the panel rather than hide it
    leaves_board_live = False  # the board under it takes no move (a level's draw offer's does)
    comes_by_itself = True  # not at a person's word: it may come under a key meant for the game (``grace``)

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.area = pygame.Rect(0, 0, 0, 0)
        self.room = pygame.Rect(0, 0, 0, 0)  # where it may stand (``layout``)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.on_board = False  # ``rect`` as last drawn is over the board, not the panel (``BoardSide.card_on_board``)
        self.buttons = [
            worded(REMATCH_WORDS[0], scene.rematch, "R", shorter=REMATCH_WORDS[1:], primary=True),
            worded(N_("New game"), scene.new_game, "N"),
            worded(N_("Menu"), scene.back_to_menu, "Esc"),
            worded(N_("View board"), self.hide, "B"),  # B, not V: Hex's panel beside says "Connections V"
            # step through it with the evaluation graph; E, not A: the panel beside says "Analysis A"
            worded(N_("Replay"), scene.open_replay, "E"),
            worded(N_("Save"), scene.save_game, "S"),
        ]
        self.keys = (pygame.K_r, pygame.K_n, pygame.K_ESCAPE, pygame.K_b, pygame.K_e, pygame.K_s)  # the buttons'
        self.focus = KeyFocus()  # Tab's ring among the buttons
        self.appeared: tuple[object, float] | None = None  # (``showing()``, when it was first seen so)
        self.held: set[int] = set()  # its keys down within this showing's grace, not let go since (``repeats``)

    def showing(self) -> object:
        """What this showing of the card is about: the end it tells (after Undo, a new end is a
        new showing, with its own grace)."""
        return self.scene.over_since

    def grace(self) -> float:
        """Seconds this showing takes no key nor click (``ready``): ``KEY_GRACE`` for a card that
        comes by itself on a game played from the keyboard (``GameScene.keyboard_play``: a move
        typed, the board's cursor), whose next key may be on its way; none on a card a person
        asked for, nor under the mouse, whose clicks on the board it takes already."""
        return KEY_GRACE if self.comes_by_itself and self.scene.keyboard_play else 0.0

    def ready(self) -> bool:
        """Whether its buttons take keys and clicks: ``grace`` seconds after this showing first
        came up (``appeared``, noted on the first call while it shows: every frame, by
        ``GameScene._shown``), at once when the player brought it back (``show``).  Before, they
        are drawn disabled: a move typed with Enter, the game ended by it or by the computer's
        reply, and the next Enter started a Rematch, sides swapped."""
        now, showing = time.monotonic(), self.showing()
        if self.appeared is None or self.appeared[0] != showing:
            self.appeared = (showing, now)
            self.held = keys_held(self.acting_keys()) if self.grace() else set()  # down as it came up: meant for the game
        ready = now - self.appeared[1] >= self.grace()
        for button in self.buttons:
            button.enabled = ready
        return ready

    def acting_keys(self) -> tuple[int, ...]:
        """The keys that do something on the card: its buttons', Tab, Enter and Space."""
        return (*self.keys, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_TAB)

    def repeats(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is the key repeat of one of its keys held down through its grace
        (``ready``), taken so that it does nothing: a held Enter, pressed within the grace,
        repeated into the card after it (pygame's key repeat) and pressed Rematch all the same.
        A key acts once it has been let go and pressed again (pygame says no KEYDOWN is a repeat:
        ``held`` notes the keys pressed within the grace, and those down as the card came up)."""
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return False
        if event.type != pygame.KEYDOWN or event.key not in self.acting_keys():
            return False
        if not self.ready():
            self.held.add(event.key)
            return False
        return event.key in self.held

    def grace_left(self) -> float | None:
        """Seconds before its buttons take keys and clicks (``ready``), None once they do: the
        frame that shows them enabled is due then."""
        if self.ready():
            return None
        return self.appeared[1] + self.grace() - time.monotonic()

    def headline(self) -> str:
        return result_title(self.scene)

    def headline_shown(self, size: int, width: int) -> str:
        """The headline as it fits ``width`` at ``size``: whole, or a hot-seat winner's long name cut
        short ("Maximil… (X) wins"), else the side's "X wins"; never the verdict cut.  At 800x600
        a 24-letter name read "Maximiliano Fernandes de (…", who won and that they won cut off."""
        headline, name = self.headline(), winner_name(self.scene)
        if not name or name not in headline:
            return tx.fit(headline, size, width, True)
        return tx.first_fitting([headline, side_wins(self.scene, self.scene.winner())], size, width, True, name=name)

    def lines(self) -> list[str]:
        """``result_lines``, and on a watched game when the next one begins, or that it is held."""
        scene = self.scene
        due = scene.next_game_in()
        if due is not None:
            return [*result_lines(scene), _("Next game in {seconds} s (Space: stay on this one)").format(
                seconds=math.ceil(due))]
        if scene.setup.mode == PC_VS_PC and scene.paused:
            return [*result_lines(scene), _("Next game held (Space: go on)")]
        return result_lines(scene)

    def hide(self) -> None:
        """View board.  Pressed from Tab's ring, the ring goes on to the panel's Result button,
        which brings the card back: it was dropped, and a player without a mouse saw no ring on
        either, the card's nor the panel's, until Tab again."""
        ringed = self.focus.current(self.buttons) is not None
        self.scene.over_hidden = True
        self.forget_pointer()
        if ringed:
            self.scene.panel_focus.index = self.scene.buttons.index(self.scene.btn_result)

    def forget_pointer(self) -> None:
        """The buttons as if the pointer were elsewhere: hidden, the card hears no motion, and the
        button clicked to close it (New game) came back outlined as under the pointer, beside the
        filled Rematch, on the next game's result."""
        for button in self.buttons:
            button.leave()
        self.focus.drop(self.buttons)

    def show(self) -> None:
        """The card again after View board (the Result button, Enter; B once more, in every
        game): hidden, nothing brought it back, and its Replay and Save were out of reach,
        A and S doing other things on the bare board.  Asked for, its keys act at once.  Asked
        for from the panel's ring (``hide``), the ring is on View board again, where it was."""
        scene = self.scene
        ringed = scene.panel_focus.current(scene.buttons) is scene.btn_result
        scene.panel_focus.drop(scene.buttons)
        if ringed:
            self.focus.index = next(i for i, button in enumerate(self.buttons) if button.action == self.hide)
            self.focus.mark(self.buttons, self.buttons)
        self.scene.over_hidden = False
        self.appeared = (self.showing(), -math.inf)
        self.scene.invalidate()

    def visible(self) -> bool:
        s = self.scene
        return (s.is_over() and s.over_since is not None and not s.over_hidden and s.browsing is None
                and time.monotonic() - s.over_since >= OVER_DELAY and not s.view.is_animating())

    def layout(self, area: pygame.Rect, foot: int = 0) -> None:
        """``area``: the board's side, which the card shades and whose clicks it takes; ``foot``: the
        height of its status line, which the card keeps off (``room``).  The game's messages sit on
        that line over everything (``BoardSide.draw_on_top``): a card at the side's foot (Trax
        25x25, its loop and tiles in the middle) had "Game saved: ..." across its frame."""
        self.area = area
        self.room = pygame.Rect(area.x, area.y, area.width, max(0, area.height - foot))

    def key(self, key: int, mod: int = 0) -> bool:
        """Press the button of ``key``, Enter the card's primary one (drawn filled: Rematch on a
        result, Back to the setup on a game that cannot start), as Enter does on the other cards
        and forms; whether it had one.  On a result Enter only said "The game is over".  Tab and
        Shift+Tab ring a button, which Enter and Space then press; any other key takes the ring
        away and goes on, Esc only that, as on the panel beside (``KeyFocus.ring_key``: Esc with
        a button ringed went to the menu).  Within its grace (``ready``) the keys of its buttons,
        Tab, Enter and Space do nothing, taken so that they do nothing on the game either."""
        if not self.ready():
            return key in self.acting_keys()
        if key in ARROW_STEPS:
            return self._arrow(ARROW_STEPS[key])
        if self.focus.ring_key(self.buttons, key, mod):
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._press_primary()
        actions = dict(zip(self.keys, self.buttons))
        if key in actions:
            actions[key].action()
            return True
        return False

    def _arrow(self, step: int) -> bool:
        """An arrow that reaches the card rings its next button (``step`` 1) or the one before
        (-1), as Tab and Shift+Tab do and as the arrows do on the menus: they took the ring away
        and did nothing else, and Down on the result's column of buttons left a keyboard player
        without a ring.  Left and Right browse the game under a result (``game_keys.press``)
        before they reach it; a question's row of buttons takes them."""
        self.focus.move(self.buttons, step)
        self.focus.mark(self.buttons, self.buttons)
        self.scene.invalidate()
        return True

    def _press_primary(self) -> bool:
        """Press the card's primary button, if it has one; whether it did."""
        primary = next((b for b in self.buttons if b.primary and b.visible and b.enabled), None)
        if primary is None:
            return False
        primary.action()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Buttons first; any other click inside the board area is swallowed while shown, and the
        pointer over the card (over the panel, its buttons under it: ``draw``).  Within its grace
        a click on a button presses nothing (``ready``: disabled), and a key held through it
        repeats into nothing (``repeats``)."""
        self.ready()
        if self.repeats(event):
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        pointer = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
        return pointer and (self.rect.collidepoint(event.pos) or self._hides_panel_at(event.pos) or (
            event.type != pygame.MOUSEMOTION and self.area.collidepoint(event.pos)))

    def _hides_panel_at(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the game's panel while the card stands over it: the panel's
        buttons are not drawn then, under the card or below it, and take no click nor hover."""
        return self.over_panel() and self.scene.panel.rect.collidepoint(pos)

    def _place(self, width: int, height: int) -> tuple[pygame.Rect, bool]:
        """Where on the board the card hides the least of what decided the game (``BoardView.win_marks``,
        every game's: a Trax loop by the board's edge, a Hex chain, a Tic-tac-toe row were under the
        card, seen only after View board), then of the final position's pieces (``piece_marks``);
        None when every place hides some piece (``keeps_off_pieces``): at Larger text in a 1024x768
        window the card sat on a corner of the board over its pieces."""
        view, state = self.scene.view, self.scene.state
        marks = view.win_marks(state)
        pieces = view.piece_marks(state) if self.keeps_off_pieces else []
        places = card_places(self.standing_room(), width, height, int(16 * self.scene.app.scale))
        best = least_hiding(places, marks, pieces)
        return best, not hidden_area(best, pieces)

    def standing_room(self) -> pygame.Rect:
        """Where on the board's side the card's places are sought (``_place``): all of it above
        its status line (``room``)."""
        return self.room

    def _size(self, width: int, columns: int, most: int = LINE_ROWS,
              spacing: Spacing = ROOMY) -> tuple[list[str], int]:
        """The card's lines of text, and its height, ``width`` wide with its buttons in ``columns``,
        each line on at most ``most`` rows, with ``spacing`` around them."""
        s = self.scene.app.scale
        names = players_named(self.scene)
        lines = [part for line in self.lines()  # a long reason (a forfeit's) takes two lines
                 for part in reason_lines(line, int(16 * s), width - int(30 * s), most, whole=names)]
        rows = -(-len(self.buttons) // columns)
        height = (int(spacing.top * s) + tx.line_height(int(34 * s), True) + int(spacing.under_headline * s)
                  + len(lines) * (tx.line_height(int(16 * s)) + int(4 * s)) + int(spacing.over_buttons * s)
                  + rows * int(40 * s) + (rows - 1) * int(spacing.button_gap * s) + int(spacing.bottom * s))
        return lines, height

    def _board_rows(self, width: int) -> int:
        """The rows a line may take on the card ``width`` wide over the board: the most of
        ``ROWS_TRIED`` with which the card still fits the board's area, else ``LINE_ROWS``.  A
        watched bot's forfeit on time read "...limit 0.5 s + 0.5 s grac…" on the card over a
        1024x768 board, and the panel beside cut it too: only the replay's panel said it whole."""
        room = self.room.height - 2 * int(16 * self.scene.app.scale)
        return next((most for most in ROWS_TRIED if self._size(width, 2, most)[1] <= room), LINE_ROWS)

    def _panel_form(self, width: int, columns: int) -> tuple[int, Spacing]:
        """The rows a line may take over the panel and the spacing around them: the most of
        ``ROWS_TRIED`` the panel has the height for, roomy, else tight; where none fits, two rows
        a line, roomy, as on the board.  Two rows a line cut the reason and the
        session's score over the narrow panel at Larger text, and four rows, roomy, were some
        39 pixels too tall for the panel at 1024x768 (six buttons one to a row)."""
        room = self.scene.panel.rect.height - 2 * int(12 * self.scene.app.scale)
        for most in ROWS_TRIED:
            for spacing in (ROOMY, TIGHT):
                if self._size(width, columns, most, spacing)[1] <= room:
                    return most, spacing
        return LINE_ROWS, ROOMY

    def _in_panel(self) -> tuple[pygame.Rect, int] | None:
        """The card at the top of the game's panel, as tall as its content, and its buttons'
        columns: two where every label fits half its width, else one; None where they would not
        fit the panel's height.  The whole panel is hidden under it (only its ground is drawn,
        ``GameScene``; its pointer events are the card's, ``handle``), so no row of the panel's
        buttons shows half covered; the card's frame was the panel's height, some 250 pixels of
        it empty under six buttons at 1920x1080."""
        s, panel = self.scene.app.scale, self.scene.panel.rect
        margin = int(12 * s)
        width = panel.width - 2 * margin
        half = (width - 2 * int(BUTTON_SIDE * s) - int(10 * s)) // 2 - 2 * int(BUTTON_PADDING * s)
        fits = all(tx.ui_font(tx.small(b.label_size, s), True).size(b.label)[0] <= half for b in self.buttons)
        columns = 2 if fits else 1
        height = self._size(width, columns, *self._panel_form(width, columns))[1]
        if height > panel.height - 2 * margin:
            return None
        return pygame.Rect(panel.x + margin, panel.y + margin, width, height), columns

    def placement(self) -> CardPlace:
        """Where the card stands and how it is laid out: on the board (``_place``) where it hides
        none of the final position's pieces, else over the panel (``_in_panel``) where it fits there."""
        s = self.scene.app.scale
        w = min(self.area.width - int(40 * s), int(420 * s))
        lines, h = self._size(w, 2, self._board_rows(w))
        place, clear = self._place(w, h)
        panel = None if clear else self._in_panel()
        if panel is None:
            return CardPlace(place, 2, lines, False)
        rect, columns = panel
        most, spacing = self._panel_form(rect.width, columns)
        return CardPlace(rect, columns, self._size(rect.width, columns, most, spacing)[0], True, spacing)

    def over_panel(self) -> bool:
        """Whether the card stands over the game's panel (which need not be drawn under it then)."""
        return self.placement().over_panel

    def draw(self, surface: pygame.Surface) -> None:
        theme, s = self.scene.app.theme, self.scene.app.scale
        placed = self.placement()
        if not placed.over_panel:  # over the panel, the final position is left whole, not dimmed
            self._shade(surface)
        self.rect, self.on_board = placed.rect, not placed.over_panel
        w = self.rect.width
        card(surface, self.rect, theme.panel, int(16 * s), theme.accent, max(1, int(2 * s)), shadow=True)
        gaps = placed.spacing
        y = self.rect.y + int(gaps.top * s)
        headline, room = self.headline(), w - int(30 * s)  # a long name is set smaller, not cut
        size = tx.fitting_size(headline, int(34 * s), room, True, int(20 * s))
        title = tx.text(surface, self.headline_shown(size, room), (self.rect.centerx, y), size, theme.text, "midtop",
                        bold=True)
        y = title.bottom + int(gaps.under_headline * s)
        for line in placed.lines:
            r = tx.text(surface, tx.fit(line, int(16 * s), w - int(30 * s)), (self.rect.centerx, y), int(16 * s),
                        theme.muted, "midtop")
            y = r.bottom + int(4 * s)
        side = int(BUTTON_SIDE * s)
        area = pygame.Rect(self.rect.x + side, y + int(gaps.over_buttons * s), w - 2 * side, 0)
        # each row shared by what its buttons need: in two equal halves "Desforra, lados trocados" put its R under it
        layout_grid(self.buttons, area, placed.columns, int(40 * s), int(gaps.button_gap * s), s)
        self.ready()  # disabled within its grace
        for b in self.buttons:
            b.draw(surface, theme, s)

    def _shade(self, surface: pygame.Surface) -> None:
        """The board under the card, dimmed: the position stays in sight."""
        dim = pygame.Surface(self.area.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 110))
        surface.blit(dim, self.area.topleft)


class CannotStartCard(GameOverCard):
    """Over the board of a game that cannot start: which outside player could not be loaded and
    why, with Try again (the file fixed: R), Back to the setup (to choose another: Enter) and
    Menu (Esc).  Nothing was played, so nothing is counted or saved."""

    def __init__(self, scene: GameScene) -> None:
        super().__init__(scene)
        self.buttons = [
            worded(N_("Back to the setup"), scene.back_to_setup, "Enter", primary=True),
            worded(N_("Try again"), scene.load_again, "R"),
            worded(N_("Menu"), scene.back_to_menu, "Esc"),
        ]
        self.keys = (pygame.K_RETURN, pygame.K_r, pygame.K_ESCAPE)

    keeps_off_pieces = False  # nothing was played: the board is no news

    def showing(self) -> object:
        """The player that could not be loaded, and why (Try again: a new showing)."""
        return self.scene.computer.unloadable

    def headline(self) -> str:
        return _("The game cannot start")

    def lines(self) -> list[str]:
        side, why = self.scene.computer.unloadable or (0, "")
        return [_("{player} {why}").format(player=self.scene.setup.player_label(side), why=words.forfeit_reason(why))]

    def visible(self) -> bool:
        return self.scene.computer.unloadable is not None and self.scene.browsing is None


class QuestionCard(GameOverCard):
    """A question over the board that a person's word put there (a friend's draw offer, Resign),
    answered by its buttons: the first on Y, the last on N and on Esc (once no button is
    ringed).  It takes every key and the clicks on the board until answered, so nobody plays on
    past the question, but the game's Pause (``game_keys.pause_key``: Ctrl+P, the Pause key),
    which covers the card until Resume as the panel's Pause does (the card took it, and only the
    button paused).  Enter answers nothing unless a button is ringed: the card has no primary
    button, so an Enter meant for a move answers nothing."""

    comes_by_itself = False  # at a person's word

    def key(self, key: int, mod: int = 0) -> bool:
        """The card's keys (``GameOverCard.key``: Y, N, Tab's ring), Esc the last button's too."""
        if game_keys.pause_key(key, bool(mod & pygame.KMOD_CTRL)):
            return False
        if not super().key(key, mod) and key == pygame.K_ESCAPE:
            self.buttons[-1].action()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Its buttons, the clicks on the board, and every key and typed character (see the class);
        the wheel over the board too, which stepped the position under the question (Left, a key,
        did not) and zoomed Trax's board under it; elsewhere it scrolls the move list as before."""
        if event.type == pygame.KEYDOWN:
            return self.key(event.key, event.mod)
        if event.type == pygame.TEXTINPUT:
            return True
        if event.type == pygame.MOUSEWHEEL:
            return self.scene.mouse.hover is not None  # the pointer over the board (``GameMouse.hover``)
        return super().handle(event)

    def standing_room(self) -> pygame.Rect:
        """The board's own rectangle (``BoardView.rect``) within the side's room: the question is
        about the position, so it stands over the board, not over the margin round it."""
        return self.room.clip(self.scene.view.rect)

    def _in_panel(self) -> tuple[pygame.Rect, int] | None:
        """None: a question stands over the board wherever it must hide pieces (the least of them,
        ``_place``; the board dimmed under it), never over the panel.  Alquerque's board, full of
        pieces from its start, left Resign's question no place clear of them, and it went over
        the side panel at every window size, where every other game's stood over the board."""
        return None


def draw_answers(accept: Callable[[], None], decline: Callable[[], None]) -> list[Button]:
    """A draw offer's two answers: Accept the draw (Y: drawn by agreement) and Decline (N; Esc too,
    ``QuestionCard.key``), a friend's offer and a level's alike."""
    return [worded(N_("Accept the draw"), accept, "Y"), worded(N_("Decline"), decline, "N")]


class DrawOfferCard(QuestionCard):
    """Over the board while a friend's draw offer waits (hot-seat: ``GameQuestions.offer_draw``; an
    offer to the computer is answered by its search, the board left in sight meanwhile):
    who offers, and the other friend, named, asked to answer with Accept (Y: the game ends drawn
    by agreement) or Decline (N or Esc: the game goes on)."""

    def __init__(self, scene: GameScene) -> None:
        super().__init__(scene)
        self.buttons = draw_answers(scene.accept_draw, scene.decline_draw)
        self.keys = (pygame.K_y, pygame.K_n)

    def headline(self) -> str:
        """A short headline: the names go in the lines, which wrap (in the headline, a long name
        cut the offer itself short at 800x560)."""
        return _("Draw offered")

    def lines(self) -> list[str]:
        side = self.scene.draw_offer
        if side is None:
            return []
        return [_("{player} offers a draw").format(player=self._named(side)),
                _("{player}, do you accept it?").format(player=self._named(1 - side))]

    def _named(self, side: int) -> str:
        """The friend playing ``side`` as the panel names them: "Ana (X)", or the side alone."""
        return words.player_on_side(self.scene.setup, self.scene.game, side)

    def visible(self) -> bool:
        s = self.scene
        return s.draw_offer is not None and s.setup.mode == HOTSEAT and not s.is_over() and s.browsing is None


class ComputerDrawOfferCard(QuestionCard):
    """Over the board while a level's own draw offer stands (``GameQuestions.computer_may_offer_draw``:
    its search proved the game drawn): who offers and why, with Accept the draw (Y: drawn by
    agreement) and Decline (N, Esc).  The board stays live under it, not dimmed: a move played
    declines the offer as a chess program's is declined, so it takes its own keys and clicks
    only, and the card keeps off the places the moves are clicked on (``_place``)."""

    comes_by_itself = True  # with the level's move: a key typed for the next move may be on its way
    leaves_board_live = True

    def __init__(self, scene: GameScene) -> None:
        super().__init__(scene)
        self.buttons = draw_answers(scene.accept_computer_draw, scene.decline_computer_draw)
        self.keys = (pygame.K_y, pygame.K_n)
        self.placing_marks: BoardMarks | None = None  # this placement's ``_marks`` (``placement``)

    def showing(self) -> object:
        """This offer (the ply it came with): each offer has its own grace."""
        return self.scene.computer_offer_plies

    def headline(self) -> str:
        return _("Draw offered")

    def lines(self) -> list[str]:
        scene = self.scene
        if scene.computer_offer is None:
            return []
        why = (_("No one can win this game") if scene.computer_offer_certain
               else _("It sees a draw with best play"))
        return [_("{player} offers a draw").format(player=scene.setup.player_label(scene.computer_offer)), why,
                _("Playing your move declines it")]

    def visible(self) -> bool:
        s = self.scene
        return s.computer_offer is not None and not s.is_over() and s.browsing is None

    def key(self, key: int, mod: int = 0) -> bool:
        """Its own keys only (Y, N, Esc, Tab's ring: ``QuestionCard.key``); every other key goes on
        to the game, whose next move declines the offer."""
        if key in (pygame.K_ESCAPE, *self.acting_keys()):
            return super().key(key, mod)
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """Its buttons and the clicks on the card itself; a click on the board beside it plays there."""
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return event.type == pygame.KEYDOWN and self.key(event.key, event.mod)
        taken = GameOverCard.handle(self, event)
        return taken and self.rect.collidepoint(getattr(event, "pos", (-1, -1)))

    def _place(self, width: int, height: int) -> tuple[pygame.Rect, bool]:
        """Where on the board the card hides none of the places the person's moves are clicked on
        (``move_places``), then the least of the level's last move (``last_move_marks``), then the
        fewest pieces, then the least of the board (the strip under it, the key hint's, hides
        nothing), of the nine ``card_places`` and any place between (``spread_places``: an empty
        band of the board); clear only where it hides none of those places nor pieces (else it
        goes over the panel, ``_in_panel``).  Where the panel has no room for it under the players
        either, the board's place that hides no piece nor the level's move, a few of the move
        points rather than the players' names and clocks.  In the board's middle it stood over
        the points an Alquerque move went to, and the click meant to decline the offer by playing
        pressed nothing; at its top it half hid the piece the level had just moved, the move its
        offer is judged by."""
        moves, last, pieces = self.placing_marks or self._marks()
        places = self._board_places(width, height)
        best = least_hiding(places, moves, last, pieces, [self.scene.view.rect])
        if not any(hidden_area(best, marks) for marks in (moves, last, pieces)):
            return best, True
        if self._under_players() is not None:
            return best, False
        best = least_hiding(places, pieces, last, moves, [self.scene.view.rect])
        return best, not hidden_area(best, pieces) and not hidden_area(best, last)

    def _marks(self) -> BoardMarks:
        """What the card keeps off on the board: the places the person's moves are clicked on
        (``move_places``), the level's last move (``last_move_marks``) and the pieces."""
        view, state = self.scene.view, self.scene.state
        last = last_move_marks(view, self.scene.history[-1]) if self.scene.history else []
        return move_places(view, state), last, view.piece_marks(state)

    def _board_places(self, width: int, height: int) -> list[pygame.Rect]:
        """The places a card ``width`` by ``height`` may take on the board (``card_places``, then
        ``spread_places``)."""
        margin = int(16 * self.scene.app.scale)
        return card_places(self.room, width, height, margin) + spread_places(self.room, width, height, margin)

    def placement(self) -> CardPlace:
        """``GameOverCard.placement``, with one more place before the panel's upper part, where it
        hides the players' names and clocks: the card in its form there (as wide as the panel, its
        buttons one under the other), on the board over a few move points (``_narrow_on_board``).
        At 1280x800, Larger text, the board's wide card hid a piece in most Alquerque endings
        (five or six pieces spread over the board) and the panel had no room under the players.
        The board's marks are worked out once for both tries (``placing_marks``), not once each."""
        marks = self.placing_marks = self._marks()
        try:
            placed = super().placement()
        finally:
            self.placing_marks = None
        players = self.scene.panel.player_cards
        if not placed.over_panel or (players and placed.rect.top >= players[-1].bottom):  # under the players
            return placed
        return self._narrow_on_board(placed, marks) or placed

    def _narrow_on_board(self, over_top: CardPlace, marks: BoardMarks) -> CardPlace | None:
        """The card laid out as over the panel's upper part (``over_top``), on the board where it
        hides no piece nor the level's move (``marks``: the fewest move points, then); None where
        there is no such place."""
        moves, last, pieces = marks
        best = least_hiding(self._board_places(*over_top.rect.size), pieces, last, moves, [self.scene.view.rect])
        if hidden_area(best, pieces) or hidden_area(best, last):
            return None
        return replace(over_top, rect=best, over_panel=False)

    def _in_panel(self) -> tuple[pygame.Rect, int] | None:
        """The card over the game's panel under the players' cards (``_under_players``), where it
        fits there, else over its upper part, as high as it needs: the panel's buttons stay usable
        below it either way.  Over the whole panel, at 1280x800 it hid Undo and the move list while
        the game went on; over its upper part, the players' names and clocks."""
        return self._under_players() or self._over_panel_top()

    def _over_panel_top(self) -> tuple[pygame.Rect, int] | None:
        """The card over the panel's upper part (the game's name, the players, the last search)."""
        whole = GameOverCard._in_panel(self)
        if whole is None:
            return None
        rect, columns = whole
        height = self._size(rect.width, columns, *self._panel_form(rect.width, columns))[1]
        return pygame.Rect(rect.x, rect.y, rect.width, height), columns

    def _under_players(self) -> tuple[pygame.Rect, int] | None:
        """The card over the panel between the players' cards, as last drawn, and its buttons (the
        thinking card and the move list: the level's search is the offer's reason, the card says
        it, and the moves wait for the answer), where it fits there; None before the panel is
        drawn or where it does not fit."""
        top = self._over_panel_top()
        panel = self.scene.panel
        buttons = [b.rect for b in self.scene.buttons if b.visible and b.rect.height]
        if top is None or not panel.player_cards or not buttons:
            return None
        rect, columns = top
        gap = int(8 * self.scene.app.scale)
        place = pygame.Rect(rect.x, panel.player_cards[-1].bottom + gap, rect.width, rect.height)
        return (place, columns) if place.bottom + gap <= min(b.top for b in buttons) else None

    def over_panel(self) -> bool:
        """False: over the panel's upper part only, the panel is drawn whole under it."""
        return False

    def _shade(self, surface: pygame.Surface) -> None:
        """Nothing dimmed: the board under the card is the live game."""


class ResignCard(QuestionCard):
    """Over the board once a person asks to resign (Ctrl+R, the panel's Resign:
    ``GameQuestions.ask_to_resign``): who loses, and Yes, resign (Y) or No, play on (N, Esc).
    Ctrl+R gave the game up at once: Undo took it back, but nothing on the result card said so,
    and the loss stayed counted in the player's results (``ui.tally``)."""

    def __init__(self, scene: GameScene) -> None:
        super().__init__(scene)
        self.buttons = [
            worded(N_("Yes, resign"), scene.resign, "Y"),
            worded(N_("No, play on"), scene.keep_playing, "N"),  # Esc too (``QuestionCard.key``)
        ]
        self.keys = (pygame.K_y, pygame.K_n)

    def headline(self) -> str:
        return _("Resign?")

    def lines(self) -> list[str]:
        """Who loses: "You lose the game to Level 3", or the friend to move, named."""
        scene, side = self.scene, self.scene.resign_asked
        if side is None:
            return []
        if scene.setup.mode == HOTSEAT:
            return [_("{player} loses the game").format(player=words.player_on_side(scene.setup, scene.game, side))]
        return [_("You lose the game to {player}").format(player=scene.setup.player_label(1 - side))]

    def visible(self) -> bool:
        return self.scene.resign_asked is not None and not self.scene.is_over()


class PausedCard(GameOverCard):
    """Over the board of a clocked game with a person in it, paused (``GameScene.paused_with_people``):
    the board covered whole, so nobody thinks on the other's time while both clocks stand, and
    how to go on.  Resume (Ctrl+P, Enter, or a click on the card) goes on; a click elsewhere on
    the cover plays nothing and says so."""

    keeps_off_pieces = False
    comes_by_itself = False  # at the player's Pause

    def __init__(self, scene: GameScene) -> None:
        super().__init__(scene)
        self.buttons = [worded(N_("Resume"), scene.toggle_pause, "Ctrl+P", primary=True)]
        self.keys = ()  # Ctrl+P is the game's key (``game_keys``): a letter here would type moves

    def headline(self) -> str:
        return _("Paused")

    def lines(self) -> list[str]:
        return [_("Both clocks stand still and the board is hidden"),
                _("Ctrl+P, Enter or a click on this card goes on")]

    def visible(self) -> bool:
        return self.scene.paused_with_people() and not self.scene.is_over()

    def placement(self) -> CardPlace:
        """In the middle of the covered board, its one button under its lines."""
        s = self.scene.app.scale
        width = min(self.area.width - int(40 * s), int(420 * s))
        lines, height = self._size(width, 1)
        return CardPlace(card_places(self.room, width, height, int(16 * s))[0], 1, lines, False)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the card goes on (on its button or beside it); a press elsewhere on the cover
        is refused with the pause's words (``GameScene.held_up``), as the board refuses a click it
        takes no move from.  Every pointer event over the cover is the card's."""
        if not super().handle(event):
            return False
        left = getattr(event, "button", 0) == 1
        if event.type == pygame.MOUSEBUTTONUP and left and self.visible() and self.rect.collidepoint(event.pos):
            self.scene.toggle_pause()  # off the button (whose click went on already: no longer visible)
        elif event.type == pygame.MOUSEBUTTONDOWN and left and not self.rect.collidepoint(event.pos):
            self.scene.messages.add_instead(self.scene.held_up(), topic=REFUSAL)
        return True

    def _shade(self, surface: pygame.Surface) -> None:
        """The board covered whole: dimmed, its position could still be studied."""
        surface.fill(self.scene.app.theme.background, self.area)
