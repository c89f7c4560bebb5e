"""The game panel's thinking card: the computer's search under way or the last one, a hint,
analysis mode's best line, an ended game's result and reason, or what to do; in full (a headline
and two lines) or on one line where the move list needs the room (``_compact_line``).  A mixin of
``GamePanel`` (ui.scenes.game_panel), which owns the state.  Which search it shows
(``_search_underneath``), its headlines and its tips are here; the words it says of a search are
module functions in ui.scenes.panel_search, shared with the replay's panel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

import ai
from games.move_numbers import move_rows
from ui import text as tx
from ui import words
from ui.i18n import _, ngettext, number_text
from ui.match import PC_VS_PC
from ui.notation import shown_search
from ui.scenes.game_board_side import play_tips
from ui.scenes.game_over import reason_lines, result_detail_forms, result_words
from ui.scenes.panel_moves import MOVE_ROWS_KEPT
from ui.scenes.panel_search import (
    asking_side,
    best_first,
    draw_search_lines,
    idle_headline,
    move_alone,
    news_fits,
    parts_that_fit,
    values_hidden,
    with_proof_form,
)
from ui.scenes.thinking import (
    begun_words,
    best_part,
    chosen_by_rule,
    chosen_without_search,
    detail_parts,
    has_figures,
    proven_forms,
    proven_text,
)
from ui.widgets import card, mix, spinner

if TYPE_CHECKING:
    from ui.ai_worker import AIProgress
    from ui.scenes.panel_layout import RoomPlan

THINKING_HEIGHT = 86
"""The thinking card's height (unscaled): a headline and two lines of a search."""
COMPACT_THINKING_HEIGHT = 40
"""The thinking card's height with nothing of a search to say, where room is short: one line."""
REASON_ROW = 18
"""The height (unscaled) of each line under the thinking card's headline: an ended game's reason
takes more than its two where the move list can spare them (``GamePanel._result_lines``)."""


class ThinkingCard:
    """The thinking card's part of ``GamePanel``: which search it shows, its headline, its lines and its tips."""

    def _reply_held(self) -> bool:
        """A watched game paused with the computer's reply waiting ("Move ready")."""
        return self.scene.computer.held is not None and self.scene.paused and self.scene.setup.mode == PC_VS_PC

    def _search_shown(self) -> tuple[AIProgress | None, int, bool]:
        """``_search_underneath`` with its best move and line in the notation chosen
        (``ui.notation.shown_search``)."""
        p, back, analysed = self._search_underneath()
        if p is not None and values_hidden(self.scene, analysed):
            if self.scene.computer.job is not None and self.scene.browsing is None:
                return None, 0, False  # its search under way: ``_tip`` says its evaluation is hidden
            p = move_alone(p)
        return shown_search(self.scene.app, p), back, analysed

    def _search_underneath(self) -> tuple[AIProgress | None, int, bool]:
        """The search the thinking card shows, the plies it is behind the board (``back``: the
        game left its line), and whether it is analysis mode's best line (shown when no search of
        the computer's is under way or held).  Once the game is over its result is the news, not a
        search of a position before the end; a reply found and held for its moment (a watched
        game's pace, ``HUMAN_VS_PC_DELAY`` after a person's move, or paused, under "Move ready")
        is shown with the search that found it, as the status line says "has chosen its move": the
        card showed the search before it (or "It is the computer's turn") until the move was
        played; the last search's win lengths count from the board, as analysis does (not from
        before its move).  None while a person's pause covers the board."""
        scene, computer = self.scene, self.scene.computer
        if scene.paused_with_people():  # its line of moves would show the position the cover hides
            return None, 0, False
        if scene.browsing is not None:  # the position shown: analysis of it, or the search that moved there
            analysed = scene.analysis_line()
            return (analysed, 0, True) if analysed is not None else (computer.search_behind(scene.browsing), 0, False)
        if computer.paused_search():  # the game paused: who moves next, not the search Pause left to finish
            return None, 0, False
        if computer.job is not None:  # a draw offer's search is the level's own: it would show the person's best move;
            #                           one without figures yet is said in words (``_tip``: ``begun_words``)
            progress = computer.progress
            return (progress if computer.job_kind != "draw" and has_figures(progress)
                    else None), 0, False
        held = self._reply_held() or (computer.held is not None and computer.held_search is not None)
        analysed = None if held else scene.analysis_line()
        if analysed is not None:
            return analysed, 0, True
        if scene.is_over():
            return None, 0, False
        p, back = (computer.held_search, 0) if held else computer.last_search_seen() or (None, 0)
        return p, back, False

    def _says_result(self) -> bool:
        """Whether the thinking card says how the game ended, under its headline: the game over,
        its last position shown, no search nor analysis to show instead."""
        scene = self.scene
        return scene.is_over() and scene.browsing is None and self._search_shown()[0] is None

    def _result_lines(self, plan: RoomPlan, across: tuple[int, int], w: int) -> list[str] | None:
        """An ended game's reason on the thinking card's lines, the card from ``across``'s top
        down to the buttons at its bottom, ``w`` wide: on as many lines as it needs, where the move
        list keeps the rows it needs (``_list_kept_height``) under them; where the room has too few, its
        first words on those, the log's path left out first (``reason_lines``).  None: the card
        as ``plan`` draws it (a one-line card that holds the reason, a card saying no result).
        The card cut a bot's forfeit ("X forfeits: zeca played an ill…") beside a move list empty
        but for "No moves yet", where the result card over the board said it whole."""
        if not self._says_result():
            return None
        detail = result_words(self.scene)[1]
        if plan.compact and self._compact_holds(detail, w):
            return None
        top, bottom = across
        extras = self._extras_height(w) if plan.extras else self._kept_height(w)
        kept = self._list_kept_height()
        room = bottom - top - extras - (2 if kept else 1) * plan.gap - kept  # no list: one gap over the buttons
        if room < self._s(THINKING_HEIGHT):
            return None if plan.compact else self._reason_lines(detail, w, 2)
        return self._reason_lines(detail, w, 2 + (room - self._s(THINKING_HEIGHT)) // self._s(REASON_ROW))

    def _thinking_height(self, lines: int) -> int:
        """The full thinking card's height with ``lines`` lines under its headline (two at least)."""
        return self._s(THINKING_HEIGHT) + self._s(REASON_ROW) * max(0, lines - 2)

    def _reason_lines(self, detail: str, w: int, most: int) -> list[str]:
        """The reason ``detail`` on at most ``most`` lines of the thinking card ``w`` wide."""
        return reason_lines(detail, self._t(13), w - self._s(28), most, break_words=True)

    def _compact_holds(self, detail: str, w: int) -> bool:
        """Whether the one-line card ``w`` wide holds the reason ``detail`` whole beside its
        headline (``_compact_line``)."""
        headline = result_words(self.scene)[0]
        beside = tx.ui_font(self._s(15), True).size(headline)[0] + self._s(10)
        return tx.ui_font(self._t(13)).size(detail)[0] <= w - self._s(28) - beside

    def _list_kept_height(self) -> int:
        """The room the move list keeps under an ended game's reason: ``MOVE_ROWS_KEPT`` rows, or
        those its moves fill where fewer; none where the game ended before its first move (its
        "No moves yet" says nothing the card's "0 plies" does not, and at Larger text in a
        1280x800 window it held a bot's forfeit at move 1 to two lines)."""
        scene = self.scene
        rows = min(MOVE_ROWS_KEPT, move_rows(len(scene.history), scene.initial.to_move))
        return self._moves_height(rows) if rows else 0

    def _thinking(self, surface: pygame.Surface, x: int, y: int, w: int, compact: bool = False,
                  reason: Sequence[str] = ()) -> int:
        """The thinking card at ``y``; ``compact`` (idle, the move list short of room): its
        headline and what to do on one line; ``reason``: an ended game's reason, on lines as
        many as it has (``_result_lines``), the card as tall as they need."""
        scene, theme = self.scene, self.scene.app.theme
        computer = scene.computer  # its search under way, or the last one
        h = self._compact_height() if compact else self._thinking_height(len(reason))
        rect = pygame.Rect(x, y, w, h)
        card(surface, rect, mix(theme.panel, theme.background, 0.45), self._s(10))
        size, small = self._s(15), self._t(13)
        tx_x = x + self._s(14)
        if compact:
            self._compact_line(surface, rect)
            return rect.bottom
        p, back, analysed = self._search_shown()
        if scene.browsing is not None:
            tx.text(surface, self._fit_named(self._browsing_headline(p, analysed), size, w - self._s(28)),
                    (tx_x, y + self._s(18)), size, theme.muted, "midleft", bold=True)
        elif computer.shows_thinking():
            self._job_under_way(surface, rect)
        elif self._reply_held():
            said = self._move_ready_headline()
            tx.text(surface, self._fitted_headline(said, size, w - self._s(28)), (tx_x, y + self._s(18)),
                    size, theme.text, "midleft", bold=True)
        else:
            headline = (_("Analysis: best line") if analysed
                        else result_words(scene)[0] if scene.is_over()
                        else self._last_search_headline(p, back) if p is not None else idle_headline(scene))
            if computer.unloadable is not None:
                headline = _("The game cannot start")
            tx.text(surface, self._fitted_headline(headline, size, w - self._s(28)), (tx_x, y + self._s(18)), size, theme.muted,
                    "midleft", bold=True)
        if p is not None:
            draw_search_lines(surface, p, scene.game, (tx_x, y + self._s(36)), w - self._s(28), small,
                              self._s(18), theme, asking_side(scene), self._hint_shown(analysed))
        elif scene.is_over() and scene.browsing is None:  # the card's words under its headline, as many lines as given
            for i, line in enumerate(reason or self._reason_lines(result_words(scene)[1], w, 2)):
                tx.text(surface, line, (tx_x, y + self._s(42 + REASON_ROW * i)), small, theme.text)
        else:
            tx.text(surface, tx.first_fitting(self._tips(), small, w - self._s(28)), (tx_x, y + self._s(42)), small,
                    theme.muted)
        return rect.bottom

    def _compact_height(self, line: bool | None = None) -> int:
        """The one-line card's height: one line, and a second under it where it shows analysis's
        best line (``_compact_line_row``) and ``line`` (by default: where the room plan keeps it,
        ``line_row_kept``)."""
        line = self.line_row_kept if line is None else line
        return self._s(COMPACT_THINKING_HEIGHT) + (self._compact_row_step() if line and self._compact_line_row() else 0)

    def _line_row_give(self) -> int:
        """What the one-line card's row of analysis's best line gives the move list, left out."""
        return self._compact_height(True) - self._compact_height(False)

    def _compact_row_step(self) -> int:
        """How far under the one-line card's first row its second stands: a reason's row, or
        the line's height where the Text size makes it taller."""
        return max(self._s(REASON_ROW), tx.line_height(self._t(13)) - self._s(2))

    def _compact_line_row(self) -> list[str]:
        """The moves of analysis's best line that the one-line card says on a row of its own, or
        none (not analysis, a line of one move: the best move, said on the first row, the
        computer at work).  At Larger text in an 800x600 or a 1024x768 window the card went to
        one line, where "Analysis  best d3 · even" left the line of play out, and at times the
        value too (``_compact_line``: they go on this row).  Where the move list would keep fewer
        than ``MOVE_ROWS_KEPT`` rows with it, the row gives way (``line_row_kept``)."""
        scene = self.scene
        if scene.computer.shows_thinking() and scene.browsing is None:
            return []
        p, _back, analysed = self._search_shown()
        if not analysed or p is None or p.kind == "rule" or len(p.pv) < 2:
            return []
        return p.pv[:6]

    def _compact_line(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The thinking card on one line: the search under way, or a headline and, whole where it
        fits, the last search's best move and value or else what to do (the board's status line
        says that too: at 800x560 it was cut)."""
        scene, theme = self.scene, self.scene.app.theme
        if scene.computer.shows_thinking() and scene.browsing is None:
            self._job_under_way(surface, rect)
            return
        size, small = self._s(15), self._t(13)
        headline, parts, tips = self._compact_words()
        left, right = rect.x + self._s(14), rect.right - self._s(14)
        line = self._compact_line_row() if self.line_row_kept else []
        middle = rect.y + self._s(COMPACT_THINKING_HEIGHT) // 2 if line else rect.centery
        headline = self._fitted_headline(headline, size, right - left)
        said_x = left + tx.ui_font(size, True).size(headline)[0] + self._s(10)
        short = self._short_headline()  # None idle or over: the headline is the news ("Ana (X) to move")
        if short is not None and parts and not news_fits(parts, small, right - said_x):
            # the headline gives way to the news: to its short form ("Level 3:") where the news fits
            # beside that (Hex's line read "best d5 · Red 68% to win", whose search not said), else
            # to none (at Larger text an analysed position's proof read "Analysis: best line  best c2")
            headline, said_x, parts = self._short_beside(short, parts, size, small, (left, right))
        elif tips:
            headline, parts = self._tip_beside(headline, tips, small, right - said_x, right - left)
            said_x = said_x if headline else left
        if headline:
            tx.text(surface, self._fit_named(headline, size, right - left), (left, middle), size, theme.muted,
                    "midleft", bold=True)
        proofs = self._proof_forms()
        if not line:  # the proof in a form that fits the row, where the line's row does not take it whole
            parts = with_proof_form(parts, proofs, small, right - said_x)
        said = parts_that_fit(parts, small, right - said_x)
        if not said and parts and scene.is_over():  # a long reason shortened, else cut, not left out: no other line says it
            forms = result_detail_forms(scene)
            said = tx.first_fitting(forms if parts[0] == forms[0] else parts[:1], small, right - said_x)
        if said:
            tx.text(surface, said, (said_x, middle), small, theme.muted, "midleft")
        if line:  # the parts the first row left out (a value, a proof), then the line of play
            shown = next(n for n in range(len(parts), -1, -1) if tx.join_parts(parts[:n]) == said or n == 0)
            rest_parts = with_proof_form(parts[shown:], proofs, small, right - left)
            rest = tx.join_parts(rest_parts)
            row = tx.fit_moves(line, small, right - left, f"{rest}{tx.SEPARATOR}" if rest else "")
            row = row or parts_that_fit(rest_parts, small, right - left) or tx.fit(rest, small, right - left)
            tx.text(surface, row, (left, middle + self._compact_row_step()), small, theme.muted, "midleft")

    def _shorter_forms(self, headline: str) -> tuple[str, ...]:
        """The thinking card's shorter forms of ``headline``, for where it does not fit whole:
        "Move ready from Level 3 (Black): press S", then "Move ready: press S", which still says the key to press, where "Move ready: press S to
        play it" was cut at Larger text in a 1024x768 window; a watched game paused, "Paused: O to
        move", else "Paused" (the player card's badge says who is to move), where "Paused: Level 4
        (O) to move" read "Paused: Lev… (O) to move", the level's number cut away."""
        if self._reply_held() and headline == self._move_ready_headline():
            return (_("Move ready from {player}: press S").format(player=self._held_reply_player()),
                    _("Move ready: press S"))
        scene = self.scene
        if scene.paused and scene.setup.mode == PC_VS_PC and headline == idle_headline(scene):
            return (_("Paused: {side} to move").format(side=words.side(scene.game, scene.state.to_move)), _("Paused"))
        return ()

    def _fitted_headline(self, headline: str, size: int, width: int) -> str:
        """``headline`` or the first of its shorter forms (``_shorter_forms``) that fits ``width``
        whole, else the last cut (``_fit_named``): a shorter form says more than a name cut short."""
        forms = [headline, *self._shorter_forms(headline)]
        font = tx.ui_font(size, True)
        whole = next((form for form in forms if font.size(form)[0] <= width), None)
        return whole if whole is not None else self._fit_named(forms[-1], size, width)

    def _proof_forms(self) -> list[str]:
        """The forms of the proof the one-line card says (``proven_forms``), longest first; []
        where it says none."""
        p = self._search_shown()[0]
        return [] if p is None else proven_forms(p, self.scene.game.sides)

    def _short_beside(self, short: str, parts: list[str], size: int, small: int,
                      across: tuple[int, int]) -> tuple[str, int, list[str]]:
        """The one-line card's headline in its ``short`` form, where its news starts and the news:
        the short form where the news's first two parts fit beside it, or where the best move
        is the computer's move just played (on the move list, lit) the value after it does; else,
        where the news fits only alone, no headline (an analysed proof); else the short form,
        the parts after it as many as fit (``parts_that_fit``)."""
        left, right = across
        short_x = left + tx.ui_font(size, True).size(self._fit_named(short, size, right - left))[0] + self._s(10)
        if news_fits(parts, small, right - short_x):
            return short, short_x, parts
        if self._best_is_the_move_played(parts) and news_fits(parts[1:2], small, right - short_x):
            return short, short_x, parts[1:]  # "Level 3: Red 54% to win" at 1280x800 in Portuguese, Larger
        for forced in self._forced_move_played(parts):  # "Level 3: only legal move", its c4xc2 lit on the list
            if news_fits(forced, small, right - short_x):
                return short, short_x, forced
        if news_fits(parts, small, right - left):
            return "", left, parts
        return short, short_x, parts

    def _search_of_the_move_played(self) -> AIProgress | None:
        """The search shown where it is a computer's search whose move is the last on the board,
        its move played (lit on the move list); else None."""
        scene = self.scene
        p, back, analysed = self._search_underneath()
        if p is None or analysed or back or scene.browsing is not None or scene.computer.last_search_hint:
            return None
        last = scene.history[-1] if scene.history else None
        shown = self._search_shown()[0]
        return shown if last is not None and last.by_computer and p.best_text == last.text else None

    def _best_is_the_move_played(self, parts: list[str]) -> bool:
        """Whether ``parts`` start with the best move of a computer's search that is the last move
        on the board, its move played ("best g6" beside the move list's lit g6)."""
        shown = self._search_of_the_move_played()
        return shown is not None and parts[:1] == [_("best {move}").format(move=shown.best_text)]

    def _forced_move_played(self, parts: list[str]) -> list[list[str]]:
        """``parts`` with their "only legal move: c4xc2" said without its move, longest form first
        ("only legal move", "only move"), where that move is the computer's move just played (lit
        on the move list), for beside "Level 3:"; else none.  Alone, without whose move it was,
        the line read on the player's turn as their own only move (Reversi's "only legal move: a6"
        at 800x600 in Portuguese, Larger, its a6 just filled by the computer); Alquerque's
        "única jogada possível: c4xc2" fitted neither beside "Nível 3:" nor alone: the card said
        "Nível 3:" and nothing else."""
        shown = self._search_of_the_move_played()
        if shown is None or parts[:1] != [_("only legal move: {move}").format(move=shown.best_text)]:
            return []
        return [[said, *parts[1:]] for said in (_("only legal move"), _("only move"))]

    def _tip_beside(self, headline: str, tips: tuple[str, ...], size: int, beside: int,
                    alone: int) -> tuple[str, list[str]]:
        """The idle one-line card's headline and its tip, of the tip's forms (``tips``, longest
        first) the first that fits ``beside`` pixels after the headline; where none does, a bare
        "Ready" gives way to the first that fits the ``alone`` pixels of the whole line (cut if
        none does): on the player's own turn what to do is the news, "Ready" says only that it is
        their turn, as their card's badge does (at Larger text in Portuguese, with the move field
        open, the card said "Pronto" and nothing else).  Any other headline keeps its place
        ("Ana to move (X)", "Paused"), its tip said where a form fits beside it."""
        font = tx.ui_font(size)
        fitting = next((tip for tip in tips if font.size(tip)[0] <= beside), None)
        if fitting is not None:
            return headline, [fitting]
        if headline == _("Ready"):
            return "", [tx.first_fitting(tips, size, alone)]
        return headline, []

    def _compact_words(self) -> tuple[str, list[str], tuple[str, ...]]:
        """The compact card's headline, the parts said after it, as many as fit (a result with
        its reason, a reply waiting, analysis's best line or the last search from its best move),
        and, idle, what to do in its forms longest first (``_tip_beside`` chooses one)."""
        scene = self.scene
        p, back, analysed = self._search_shown()
        browsing = scene.browsing is not None
        if browsing and p is None:
            return self._browsing_headline(p, analysed), [], self._compact_tips()
        if self._reply_held() and not browsing:
            return self._move_ready_headline(), [], ()
        if scene.computer.unloadable is not None:
            return _("The game cannot start"), [self._tip()], ()
        if scene.is_over() and not analysed and not browsing:
            headline, detail = result_words(scene)
            return headline, [detail] if detail else [], ()
        if p is None:
            return idle_headline(scene), [], self._compact_tips()
        headline = (self._browsing_headline(p, analysed) if browsing
                    else _("Analysis: best line") if analysed else self._last_search_headline(p, back))
        parts = best_first(p, detail_parts(p, scene.game.sides, scene.game.id, self._hint_shown(analysed)))
        proof = proven_text(p, scene.game.sides)  # the full card's second line: the compact one never said it
        if proof:
            parts.insert(1 if p.best_text and parts[:1] == [best_part(p)] else 0, proof)
        return headline, parts, ()

    def _hint_shown(self, analysed: bool) -> bool:
        """Whether the thinking card shows a hint's search (H), headed "Hint": its move is
        suggested, not chosen (``detail_parts``' ``hint``)."""
        scene, computer = self.scene, self.scene.computer
        return (not analysed and scene.browsing is None and computer.last_search_hint
                and not computer.shows_thinking() and not self._reply_held())

    def _short_headline(self) -> str | None:
        """The one-line card's headline over a search in a word or a name, for a line whose news
        leaves the full one no room: "Hint", "Analysis", or whose search it was, "Level 3:" (the
        searching side's player); None with no search shown."""
        p, _back, analysed = self._search_shown()
        if p is None:
            return None
        if analysed:
            return _("Analysis")
        if self.scene.browsing is None and self.scene.computer.last_search_hint:
            return _("Hint")
        return _("{player}:").format(player=self.scene.setup.player_label(p.mover))

    def _last_search_headline(self, search: AIProgress, back: int) -> str:
        """The thinking card's headline over the last search, ``back`` plies before the board:
        "Hint" where it was a hint's (H) and "Last search" where a computer's move's.  A hint's
        search read "Last search" in a hot-seat game, where no computer plays: whose search?  A
        move of a player that never searches (``chosen_without_search``: level 1, ObtusoSW) had
        no search: "Level 1 plays at random" over its "chose c5", which read "Last search: chose
        c5"; a move a rule chose and says why (``chosen_by_rule``: Hex's opening stone for the
        swap rule, a block) is the "Last move", its reason beside it.  A hint stays a hint of the
        position it was asked at: once its own move is played (on its line, so ``back`` is 0), a
        hot-seat game's next player read "Hint: best E4\\" with E4\\ already on the board."""
        if self.scene.computer.last_search_hint:
            back = max(back, self.scene.computer.moves_since_last_search())
            return _("Hint") if not back else ngettext("Hint, {n} move back", "Hint, {n} moves back", back).format(n=back)
        if chosen_without_search(search):
            return self._plays_how(search)
        if chosen_by_rule(search):
            return _("Last move") if not back else ngettext(
                "Last move, {n} move back", "Last move, {n} moves back", back).format(n=back)
        if not back and self.scene.setup.mode == PC_VS_PC:
            return self._whose_last_search(search)
        return _("Last search") if not back else ngettext(
            "Last search, {n} move back", "Last search, {n} moves back", back).format(n=back)

    def _held_reply_player(self) -> str:
        """The engine and side whose reply a paused watched game holds, "Level 3 (Black)": the reply
        is to the position shown, so its side is the one to move."""
        scene = self.scene
        return words.player_on_side(scene.setup, scene.game, scene.state.to_move)

    def _move_ready_headline(self) -> str:
        """The headline over a held reply, naming whose it is as ``_whose_last_search`` names a
        search: "Move ready: press S to play it" did not say which of the two computers would move."""
        return _("Move ready from {player}: press S to play it").format(player=self._held_reply_player())

    def _whose_last_search(self, search: AIProgress) -> str:
        """The headline over a watched game's last search, naming the engine that made it and its
        side, "Last search: Level 3 (Black)": between two computers "Last search" over "White +0.3
        points" did not say which of them thought so, the search under way being "Level 4 is
        thinking…" and the next player's card the one lit."""
        player = words.player_on_side(self.scene.setup, self.scene.game, search.mover)
        return _("Last search: {player}").format(player=player)

    def _plays_how(self, search: AIProgress) -> str:
        """The headline over a move of a player that never searches (``chosen_without_search``):
        "Level 1 plays at random", "ObtusoSW plays by a fixed order", its player named as the
        player cards name it (the side that moved)."""
        return words.plays_by(search.reason, self.scene.setup.player_label(search.mover))

    def _browsing_headline(self, search: AIProgress | None, analysed: bool) -> str:
        """The thinking card's headline while an earlier position is shown: analysis's line of it,
        the search that chose the move shown, or which ply is browsed.  It showed the live game's
        search under way ("Level 3 is thinking…") or its last, as if about the position shown."""
        plies = self.scene.browsing
        return (_("Analysis: best line") if analysed
                else _("Browsing the start") if not plies  # no move 0: the start, as Undo says it
                else self._plays_how(search) if chosen_without_search(search)
                else _("The search that chose move {n}").format(n=plies) if search is not None and not chosen_by_rule(search)
                else _("Browsing move {n}").format(n=plies))

    def _job_under_way(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The computer's work under way, in the card's first line (its middle, on a compact card):
        a spinner, who is at it and for how long, and a bar of its time spent."""
        theme, computer = self.scene.app.theme, self.scene.computer
        size, tx_x = self._s(15), rect.x + self._s(14)
        centre_y = rect.centery if rect.height < self._s(THINKING_HEIGHT) else rect.y + self._s(18)
        spinner(surface, (tx_x + self._s(9), centre_y), self._s(8), theme.accent)
        elapsed = computer.thinking_for()
        said = self._job_said(f"  {number_text(elapsed, '.1f')} s", size, rect.width - self._s(50))
        tx.text(surface, said, (tx_x + self._s(26), centre_y), size, theme.text, "midleft", bold=True)
        if computer.job_kind != "load":  # a player's load is on no move's clock
            budget = max(0.05, computer.job_budget)
            above = self._s(10 if rect.height >= self._s(THINKING_HEIGHT) else 5)  # a compact card's text is higher
            bar = pygame.Rect(tx_x, rect.bottom - above, rect.width - self._s(28), self._s(3))
            pygame.draw.rect(surface, mix(theme.panel, theme.text, 0.12), bar, border_radius=self._s(2))
            spent = computer.searched_for() if computer.thinking_since() is not None else 0.0  # none while set up
            bar.width = int(bar.width * min(1.0, spent / budget))
            pygame.draw.rect(surface, theme.accent, bar, border_radius=self._s(2))

    def _job_forms(self) -> list[str]:
        """What the computer is at, for the thinking card, in its forms longest first: the less
        important words give way before the player's name is cut past reading (``tx.first_fitting``).
        At Larger text at 1024x768 a watched game's card read "Le… is thinking…  0.3 s", where
        "Level 5…" beside the spinner says whose search it is, and in Portuguese "… está a
        pensar…  0,…", the seconds cut with the words; the player's card beside it marks whose
        turn it is, so the words without the name come last ("Thinking…  0.3 s")."""
        scene, computer = self.scene, self.scene.computer
        preparing = computer.preparing_words()
        if preparing:  # the status line under the board says whose engine (``BoardSide._prompt``)
            return [preparing, computer.preparing_words(named=False),
                    _("Starting…") if computer.starting_program() else _("Preparing…")]
        if computer.job_kind == "hint":
            return [_("Finding a hint…")]
        if computer.job_kind == "load":
            return [scene.held_up()]
        player = scene.setup.player_label(computer.job_side)
        if computer.out_of_time():  # its seconds stand at the referee's deadline (``thinking_for``)
            return [_("{player} gave no answer in time").format(player=player), _("No answer in time")]
        if computer.job_kind == "draw":
            return [_("{player} weighs your draw offer…").format(player=player), _("Weighing the draw…")]
        return [_("{player} is thinking…").format(player=player), _("{player}…").format(player=player),
                _("Thinking…")]

    def _job_said(self, seconds: str, size: int, width: int) -> str:
        """The thinking card's words (``_job_forms``) with the ``seconds`` they have gone on,
        fitted to ``width``: the first form whose seconds fit with it, where "Preparing the
        engine…" lost them at Larger text in Portuguese at 1024x768 ("A preparar o motor…" on a
        fresh install and at every player's set-up, "Preparing the engin…" in English)."""
        said, *shorter = (form + seconds for form in self._job_forms())
        return self._fit_named(said, size, width, shorter)

    def _fit_named(self, said: str, size: int, width: int, shorter: Sequence[str] = ()) -> str:
        """The first of the thinking card's bold ``said`` and its ``shorter`` forms that fits
        ``width``, a player's name in it cut short where it stays readable (``tx.first_fitting``),
        else the last with the name cut first (``tx.fit_around``): an outside engine's long name
        ("gtp:/usr/local/bin/...") cut at the end took the seconds of its search with it, a
        friend's "(Black)" of whose turn it is; at Larger text in Portuguese at 800x600 the card
        said "gtp:/tmp/wt-panel9/…." alone."""
        name = self.scene.setup.label_in(said)
        return tx.first_fitting([said, *shorter], size, width, True, name)

    def _tip(self) -> str:
        """What the thinking card says to do while it has no search to show."""
        scene = self.scene
        computer = scene.computer
        if scene.browsing is not None:  # under "Browsing ply 3": the live game is not on the board
            return _("End goes back to the game's end") if scene.is_over() else _("The game waits: End goes back to it")
        return (play_tips(scene)[0] if scene.human_to_move()
                else scene.start_card.lines()[0] if computer.unloadable is not None
                else "" if computer.job_kind == "load"
                else _("Undo withdraws the offer") if computer.job_kind == "draw"
                else _("Its clock waits until it is ready") if computer.setting_up() and scene.referee.clock is not None
                else _("Its time is up: the program is being stopped") if computer.out_of_time()
                else _("Its evaluation is hidden: Settings shows it") if computer.shows_thinking()
                and computer.job_kind == "move" and values_hidden(scene, False)
                else begun_words(computer.progress, ai.is_outside_player(scene.setup.players[computer.job_side] or ""))
                if computer.shows_thinking()
                else _("Both clocks stand still: Ctrl+P goes on") if scene.paused_with_people()  # under "Paused"
                else scene.offer_card.lines()[-1] if scene.draw_offer is not None  # under "Draw offered"
                else _("Space resumes, S plays one move") if scene.paused  # the computer waits for the watcher
                else _("Waiting for the computer"))

    def _compact_tips(self) -> tuple[str, ...]:
        """``_tip`` on the compact card's one line, in its forms longest first: a paused game's
        short, "Ctrl+P goes on" (the whole of it had no room beside "Paused" at 800x560, and the
        card said only "Paused"); how the player to move plays, in its shorter forms too."""
        if self.scene.paused_with_people():
            return (_("Ctrl+P goes on"),)
        return self._tips()

    def _tips(self) -> tuple[str, ...]:
        """``_tip`` in its forms longest first: how the player to move plays has shorter ones, so
        a narrow card says the status line's "Up or Down: a cursor" whole rather than cut; a
        paused game's too (``_compact_tips``): at 800x560 in Portuguese the card said "Os dois
        relógios estão parados: Ctrl+P …", the key's words cut off."""
        if self.scene.browsing is None and self.scene.human_to_move():
            return play_tips(self.scene)
        if self.scene.browsing is None and self.scene.paused_with_people():
            return self._tip(), *self._compact_tips()
        return (self._tip(),)
