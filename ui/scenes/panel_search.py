"""What the game panel's thinking card says of a search, as module functions the replay's panel
shares: the two lines of a search's report (``draw_search_lines``: its value, its proof, its line of
play labelled), the proof's form that fits, the idle headline, and what a one-line card keeps of a
report (``parts_that_fit``, ``news_fits``, ``best_first``).  Also whose view a verdict is coloured
from (``asking_side``) and whether the computer's judgement of its own moves is kept hidden
(``values_hidden``, ``move_alone``).  Apart from the card's drawing (ui.scenes.panel_thinking) so
that the replay draws a search's lines as the game screen does without the game panel."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from ui import text as tx
from ui import words
from ui.i18n import N_, _
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC
from ui.scenes.thinking import best_part, detail_parts, nodes_text, proof_winner, proven_forms, stopped_note

if TYPE_CHECKING:
    from ui.ai_worker import AIProgress
    from ui.scenes.game import GameScene


def asking_side(scene: GameScene) -> int | None:
    """Whose view the panel's verdicts are coloured from: the human's in Human vs PC, the side to
    move in Hot-seat (the player at the board, who asks for the hints; in a position browsed
    back to, its own, whose values analysis shows), no one's in PC vs PC."""
    if scene.setup.mode == HOTSEAT:
        return scene.shown_state().to_move
    return scene.setup.human_side()


def values_hidden(scene: GameScene, analysed: bool) -> bool:
    """Whether the thinking card keeps the computer's judgement of its own moves to itself: the
    setting "Computer's evaluation" off, in a game against it that goes on, for a search
    of its own (not a hint asked for, nor analysis's line).  A player in a serious game read its
    value ("White +2 discs", "Blue 56% to win", "proven: Blue wins") and the line it expected,
    whose first move was their own best reply: a hint they had not asked for."""
    computer = scene.computer
    return (not scene.app.settings.show_evaluations and scene.setup.mode == HUMAN_VS_PC and not scene.is_over()
            and not analysed and not computer.last_search_hint and computer.job_kind != "hint")


def move_alone(progress: AIProgress) -> AIProgress:
    """A search's report that says only the move chosen ("chose f4", "only legal move: c4xc2"):
    no value, proof, depth, nodes nor line (``values_hidden``).  A rule's reason stays (Hex's
    "an opening stone for the swap rule"): it says why the move, not how the game stands."""
    reason = progress.reason if progress.kind == "rule" else ""
    return replace(progress, kind="rule", reason=reason, depth=0, nodes=0, score=0.0, pv=[], pv_other=[],
                   proven=None, proven_plies=None, exact_margin=False, at_least=False, proof_apart=False,
                   course_depth=None, stopped="")


def proof_colour(progress: AIProgress, viewer: int | None, theme) -> tuple[int, int, int]:
    """A proof's colour as good or bad news for ``viewer``: the win colour for its own win, the
    warning colour for its loss, the text's for a draw or when no one at the window plays.  A fixed
    green said "good news" to the player a book had just proved lost."""
    winner = proof_winner(progress)
    if winner is None or viewer is None:
        return theme.text
    return theme.win if winner == viewer else theme.invalid


def draw_search_lines(surface: pygame.Surface, p: AIProgress, game, at: tuple[int, int], width: int, size: int,
                      step: int, theme, viewer: int | None = None, hint: bool = False) -> int:
    """What a search's report says, in the thinking card's two lines from ``at`` (``step`` apart,
    ``size`` text cut to ``width``): depth, best move and value, then its nodes and its line (a
    proof in its place); analysis mode's best line is said the same way (``line_progress``), in
    the game screen's card and the replay's panel.  A proof is coloured as news for ``viewer``
    (``proof_colour``); a ``hint``'s is worded as a suggestion (``detail_parts``).  Returns the
    bottom of the last line."""
    x, y = at
    # the parts that do not fit the first line (in Portuguese at 800x560 the evaluation,
    # "Preto +45", was cut off) open the second, before what it says of the search; why the
    # search stopped early is said last, where the line leaves it room (it took the line's)
    note = stopped_note(p)
    parts = [part for part in detail_parts(p, game.sides, game.id, hint) if part != note]
    detail, *carried = tx.pack_parts(parts, size, width) or [""]
    nodes = nodes_text(p)
    if nodes and tx.ui_font(size).size(tx.join_parts([*carried, nodes]))[0] > width:
        nodes = ""  # the least of the news, left out where it does not fit whole ("12 positions looked …")
    proof = proof_form(carried, proven_forms(p, game.sides), size, width, bold=True)  # not "… em 2 meias-joga…"
    tx.text(surface, detail, (x, y), size, theme.text)
    line = p.pv[:6] if len(p.pv) > 1 and p.kind != "rule" else []  # one move: the best, said above;
    # a rule's line is its move; the nodes searched stand before the line, not before a proof
    second = tx.join_parts([*carried, proof] if proof else [*carried, nodes])
    colour = proof_colour(p, viewer, theme) if proof else theme.muted
    if not proof and line:  # the line ends at a whole move (tx.fit_moves); labelled, the nodes left out if need be
        leads = [_before_line([*carried, nodes]), _before_line(carried)] if nodes else [_before_line(carried)]
        second = line_words(line, size, width, leads) or second
    if note and not proof and tx.ui_font(size).size(tx.join_parts([second, note]))[0] <= width:
        second = tx.join_parts([second, note])
    elif note and not second:
        second = note
    drawn = tx.text(surface, tx.fit(second, size, width, bool(proof)), (x, y + step), size, colour,
                    bold=bool(proof))  # measured in the bold it is drawn in
    room = x + width - drawn.right
    if proof and line and room > size and not p.proof_apart:  # the line the proof stands on, in what it leaves
        tx.text(surface, line_words(line, size, room, [tx.SEPARATOR]), (drawn.right, y + step), size, theme.muted)
    return drawn.bottom


def proof_form(before: Sequence[str], forms: Sequence[str], size: int, width: int, bold: bool = False) -> str:
    """The first of a proof's ``forms`` (``proven_forms``, the most said first) that fits
    ``width`` pixels after the parts ``before`` it on their line, else its narrowest; "" without
    a proof.  A card's line never cuts a proof where a shorter form of it fits: at 800x600, Larger
    text, in Portuguese it read "provado: X ganha em 4 jo…" where "provado: X ganha em 4" fitted."""
    font = tx.ui_font(size, bold)
    return next((form for form in forms if font.size(tx.join_parts([*before, form]))[0] <= width),
                min(forms, key=lambda form: font.size(form)[0], default=""))


def with_proof_form(parts: list[str], forms: Sequence[str], size: int, width: int) -> list[str]:
    """A one-line card's ``parts`` with their proof (said whole, ``forms[0]``) in the form that
    fits ``width`` after the parts before it (``proof_form``); as they are without one."""
    if not forms or forms[0] not in parts:
        return parts
    at = parts.index(forms[0])
    return [*parts[:at], proof_form(parts[:at], forms, size, width), *parts[at + 1:]]


EXPECTS = N_("expects {moves}")  # a search's line of play, labelled: "59 positions looked at · expects d6 e3"


def _before_line(parts: list[str]) -> str:
    """``parts`` joined as the words before a line of play on the card, ending in a separator."""
    joined = tx.join_parts(parts)
    return f"{joined}{tx.SEPARATOR}" if joined else ""


def line_words(line: list[str], size: int, width: int, leads: Sequence[str]) -> str:
    """The first of ``leads`` (the words before the line, fullest first: then without how many
    positions were looked at) after which the line of play a search expects fits labelled
    ("expects d6 e3 …", two of its moves whole at least), then that line; where it fits after
    none, the first lead and the bare moves, as many as fit (``tx.fit_moves``).  "59 positions
    looked at · d6 e3" told a newcomer nothing of what d6 e3 were.  "" where not even one move
    fits: beside a proof at 800x600 in Portuguese the line read " · …", an ellipsis for nothing."""
    labelled = (tx.fit_moves(line, size, width, lead, _(EXPECTS), least=min(2, len(line))) for lead in leads)
    return next(filter(None, labelled), "") or tx.fit_moves(line, size, width, leads[0], least=1)


def idle_headline(scene: GameScene) -> str:
    """The thinking card's headline with no search to show: "Ready" for a human's move only; the
    computer's turn before its search begins (its reply waiting for its moment, a move still being
    animated) said "Ready" above "Waiting for the computer", two contradicting words.  In a
    hot-seat game, the friend to move and their side ("Ana to move (X)"): "Ready" told two people
    at one screen nothing of whose turn it is.  While a friend's draw offer waits, "Draw offered"
    (it said "It is the computer's turn" in a game of two friends).  A watched game paused says
    who moves next ("Paused: Level 3 (Blue) to move"), also while the search that Pause left to
    finish goes on (``ComputerMoves.paused_search``): the card said "Level 3 is thinking…", its
    seconds running on, as if the game went on."""
    if scene.paused and scene.setup.mode == PC_VS_PC:
        side = scene.state.to_move
        return _("Paused: {player} ({side}) to move").format(player=scene.setup.player_label(side),
                                                             side=words.side(scene.game, side))
    if scene.paused:
        return _("Paused")
    if scene.draw_offer is not None and not scene.is_over():
        return _("Draw offered")
    if scene.setup.mode == HOTSEAT and scene.human_to_move():
        side = scene.state.to_move
        return _("{player} to move ({side})").format(player=scene.setup.player_label(side),
                                                     side=words.side(scene.game, side))
    return _("Ready") if scene.human_to_move() or scene.is_over() else _("It is the computer's turn")


def parts_that_fit(parts: list[str], size: int, width: int) -> str:
    """As many of ``parts`` as fit ``width`` whole, from the first, joined ("best e6 · Red 56% to
    win" without what follows); "" when the first does not."""
    said = ""
    for end in range(1, len(parts) + 1):
        joined = tx.join_parts(parts[:end])
        if tx.ui_font(size).size(joined)[0] > width:
            break
        said = joined
    return said


def news_fits(parts: list[str], size: int, width: int) -> bool:
    """Whether a one-line card's first two parts (the best move and its value or proof) fit
    ``width`` together, or its one part alone.  It was True for a lone part whatever its width:
    at Larger text in Portuguese the headline kept its room and "única jogada possível: c4xc2",
    not fitting beside it, was left out, the card saying "Última pesquisa" and nothing else."""
    return tx.ui_font(size).size(tx.join_parts(parts[:2]))[0] <= width


def best_first(p: AIProgress, parts: list[str]) -> list[str]:
    """A search's ``detail_parts`` from its best move on, the depth or playouts before it moved
    last: on one line the move and its value are the news."""
    best = best_part(p)
    at = parts.index(best) if best and best in parts else 0
    return parts[at:] + parts[:at]
