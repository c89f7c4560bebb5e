"""The tournament screen's running phase drawn: progress, crosstable, standings, the rating chart,
the watched game and the latest results.  A mixin of ``TournamentScene`` (ui.scenes.tournament):
it reads the scene's tournament, tables and live games and draws them; it changes nothing but the
watched game and the click areas of the results.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

import ai
import games
from ai.commands.tournament import games_counted
from ai.match import GameResult
from ai.reason_names import sides_named
from ai.tournament import Tournament
from ai.tournament_standings import (
    DRAW_RESULT,
    MIN_RATED_GAMES,
    NO_VALUE,
    Standing,
    crosstable_forfeits,
    forfeit_marks,
    half_points,
    is_annulled,
    is_void,
    not_played,
    outcome,
    played_part,
    ranked_apart,
)
from ai.tournament_standings import crosstable as make_crosstable
from ui import text as tx
from ui import words
from ui.board_view import Overlay
from ui.i18n import N_, _, ngettext, number_text
from ui.keyed_cache import KeyedCache
from ui.theme import Theme
from ui.widgets import card, focus_ring, focus_ring_outset, mix

FORFEITS_AT, ELO_AT = 0.70, 0.99  # the right ends of the standings' forfeits and Elo columns (fractions)
NAME_WIDTH = 0.29  # the standings' player column, rank and name, as a fraction of the panel
# the standings' columns: label, right end (left for the player) as a fraction of the panel, anchor.
# GP, the games played, as the command line's "games": mid-run, 7 points of 10 games ranked below
# 9 of 16, and only W+D+L said why
STANDINGS_COLUMNS = ((N_("Player"), 0.0, "midleft"), (N_("Pts"), 0.37, "midright"), (N_("GP"), 0.44, "midright"),
                     (N_("W"), 0.50, "midright"), (N_("D"), 0.56, "midright"), (N_("L"), 0.62, "midright"),
                     (N_("Forf."), FORFEITS_AT, "midright"), (N_("Elo"), ELO_AT, "midright"))
# an unplayed crosstable cell, an empty box: its fill and its edge, faint mixes of the text colour
# into the panel (the diagonal, a player against itself, is a flat 0.08): without them, an empty
# pair's cell was not seen until the keyboard ringed it
UNPLAYED_CELL, UNPLAYED_EDGE = 0.03, 0.16
CHART_ROW = 13  # pixels: the ratings chart's least row, for a 10-pixel name
RESULT_LINES = 3  # the most lines a latest result's row takes (its reason wrapped); a click shows the rest
RESULTS_KEPT = 3  # the latest results kept in sight before a reason takes more than its one line
PART_GAP = "\u00a0 "  # a result line's two spaces between its parts, the first kept by the wrap (no-break)
RESULT_INDENT = 12  # pixels at scale 1: a result's lines after its first, under it
NOTE_LINES = 3  # the most lines a note under the standings takes before it is cut with "…"
CROSSTABLE_TITLE = N_("Crosstable (points of the row against the column)")  # its longest one-line form
# the standings' and the ratings chart's titles, which name the rating's margin in one wording (the
# standings said "± likely error" beside the chart's "95% interval" of the same figure)
STANDINGS_TITLE = N_("Standings (Elo: average 0, ± 95% interval; from {n} games on)")
RATINGS_TITLE = N_("Ratings (Elo, 95% interval)")


def _scroll_hints() -> list[str]:
    """The latest results' line under a list longer than its card, longest first: how many are
    above and below and how to bring them, the arrow keys too where there is room, as the
    standings' line says it (only "scroll" was said, "use the mouse wheel" in Portuguese, though
    Tab and the arrows go through the list)."""
    return [_("{newer} newer, {older} older: scroll, or use the arrow keys"), _("{newer} newer, {older} older: scroll")]


def chart_row(s: float) -> int:
    """The ratings chart's row at scale ``s``: a name in the screen's small print (13 pixels at
    scale 1, ``tx.small``) and a few pixels between names, CHART_ROW in the smallest window.  Rows of
    CHART_ROW at every scale drew the names at 10 pixels at Larger text, smaller than the rest."""
    return max(CHART_ROW, tx.small(13, s) + 3)


def chart_name_size(row_h: int, s: float) -> int:
    """The names' size in a ratings chart of rows ``row_h`` high at scale ``s``: the panel's text
    size where the rows have room for it, four fifths of a row where they are closer, never under
    ``tx.SMALLEST`` (closer rows name every few rows: ``_draw_chart``).  Three fifths of a row made
    every name 10 pixels at Larger text, where rows of 15 pixels had room for 12."""
    return max(tx.SMALLEST, min(int(15 * s), int(row_h * 0.8)))
# what "Course Easy", Basilio and AIMA are, said where they play: New game says it in their
# descriptions, the tournament's tables and chart gave the titles alone
COURSE_PLAYERS = N_("{players}: bots of the university course these rules come from")


def draw_headings(surface: pygame.Surface, columns: list[tuple[str, float, str]], inner: pygame.Rect, y: int,
                  size: int, colour: tuple[int, int, int]) -> None:
    """The standings' column headings (``STANDINGS_COLUMNS``, translated) centred on ``y`` in
    ``inner``: each right-aligned one a size smaller where it would run into the column before it
    (Portuguese's "Falta" ran into "D": "DFalta" at Larger text in an 800x600 window)."""
    before = inner.x + int(NAME_WIDTH * inner.width)  # the player column's right end
    for label, fx, anchor in columns:
        x = inner.x + int(fx * inner.width)
        room = x - before - max(2, size // 3) if anchor == "midright" else inner.width
        fitted = tx.fitting_size(label, size, room, bold=True, smallest=tx.SMALLEST)
        tx.text(surface, tx.fit(label, fitted, room, bold=True), (x, y), fitted, colour, anchor, bold=True)
        before = x if anchor == "midright" else before


def course_players_note(game_id: str, players: list[str], name: Callable[[str], str]) -> list[str]:
    """The note naming the course players among ``players`` (``PlayerInfo.course``: Reversi's
    "Course Easy", Rastros' Basilio, Tic-tac-toe's AIMA), each by ``name`` as the tables show it,
    and whose they are; none when none plays.  Their titles do not say "Course" (Basilio, AIMA)."""
    course = {info.id for info in ai.catalog(game_id) if info.course}
    playing = [name(pid) for pid in players if pid in course]
    return [_(COURSE_PLAYERS).format(players=", ".join(playing))] if playing else []


def elo_label(st: Standing, interval: bool = True) -> str:
    """The rating as the table's column shows it: "+35 ±75", give or take the farther end of its
    95% interval (``elo_said`` says both ends in words); "+250, at least +88" where an end is at
    the cap (the games give no end on that side); without the interval when ``interval`` is False,
    for a narrow table, where a one-sided interval keeps its end as a bound, "≥+88" ("-489", as
    precise as the "±" rows, where the games bound it at "≤-100").  "–" (``NO_VALUE``, as the
    reports) after too few games; "above +95" for a perfect score, "below -95" for none (no
    interval: the data give no limit on that side).  The command line's report keeps its "+35
    (-40..+110)" (``Standing.elo_text``), which players read as a subtraction."""
    if not st.rated:  # ai.tournament_standings.MIN_RATED_GAMES, the reports' rule too
        return NO_VALUE
    value = _elo(st.elo)
    if st.elo_bound:
        return (_("above {elo}") if st.elo_bound == ">" else _("below {elo}")).format(elo=value)
    if st.elo_low_open and st.elo_high_open:  # no rated row: 6 games or more bound one side at least
        return value
    if st.elo_high_open:
        return (_("{elo}, at least {low}") if interval else _("≥{low}")).format(elo=value, low=_elo(st.elo_low))
    if st.elo_low_open:
        return (_("{elo}, at most {high}") if interval else _("≤{high}")).format(elo=value, high=_elo(st.elo_high))
    if not interval:
        return value
    return _("{elo} ±{margin}").format(elo=value, margin=round(max(st.elo - st.elo_low, st.elo_high - st.elo)))


def outcome_said(result: GameResult) -> str:
    """A game's result as the window says it: "1-0", "0-1", the draw's ``DRAW_RESULT``, and the
    words for a void or an annulled game in the window's language (``outcome`` says them in
    English, for the reports): the board's title read "Jogo 2: Nível 2 vs Nível 1 annulled"."""
    if is_annulled(result):
        return _("annulled")
    if is_void(result):
        return _("void")
    return outcome(result, draw=DRAW_RESULT)


def elo_said(st: Standing) -> str:
    """A rated player's rating (``Standing.rated``) in words, for the message a click on its row
    says: "Rating (Elo): +7, likely between -146 and +144 (95% sure)", an end at the cap said as
    no limit on that side, a bound as the score that makes it: of the games played, as a
    withdrawal's forfeits are not rated (a player with two wins by forfeit was said to have lost
    "every game")."""
    value, low, high = _elo(st.elo), _elo(st.elo_low), _elo(st.elo_high)
    if st.elo_bound == ">":
        return _("Rating (Elo): above {elo}: it won every game it played, so the games set no upper limit").format(elo=value)
    if st.elo_bound == "<":
        return _("Rating (Elo): below {elo}: it lost every game it played, so the games set no lower limit").format(elo=value)
    if st.elo_high_open and st.elo_low_open:
        return _("Rating (Elo): {elo}, the games set no limits on it yet").format(elo=value)
    if st.elo_high_open:
        return _("Rating (Elo): {elo}, likely {low} or more (95% sure)").format(elo=value, low=low)
    if st.elo_low_open:
        return _("Rating (Elo): {elo}, likely {high} or less (95% sure)").format(elo=value, high=high)
    return _("Rating (Elo): {elo}, likely between {low} and {high} (95% sure)").format(elo=value, low=low, high=high)


def _elo(value: float) -> str:
    """A rating as the table writes it: "+35", "-12", never "-0" (``ai.tournament``'s rule)."""
    return f"{round(value) or 0:+d}"


def cell_label(points: float, games: int, with_games: bool, forfeits: tuple[int, int] = (0, 0)) -> str:
    """A crosstable cell's text: "1½ of 2" (never "1½/2", which reads as a fraction), or the
    points alone, "1½", where ``with_games`` is False (``games_fit``), of the games played; its
    forfeits without play (``crosstable_forfeits``: won, lost) marked after them ("1 of 1 +", "+×2",
    ``forfeit_marks``), as the report's cell and the standings' games played count them: a pair
    that never played read "2 of 2"."""
    points, played = played_part((points, games), forfeits)
    said = half_points(points) if played else ""
    if played and with_games:
        said = _("{points} of {games}").format(points=said, games=played)
    return " ".join(part for part in (said, forfeit_marks(*forfeits)) if part)


def games_fit(cells: list[tuple[float, int]], room: int, font: pygame.font.Font,
              forfeits: list[tuple[int, int]] | None = None) -> bool:
    """Whether every played cell of a crosstable (points, games; its ``forfeits`` without play,
    cell by cell) says "of N" in ``room`` pixels: the whole table then says it, else none does.
    Each cell chose for itself, and a table read "1½" beside "½ of 2", as if the two counted
    different things."""
    marks = forfeits or [(0, 0)] * len(cells)
    return all(font.size(cell_label(points, games, True, mark))[0] <= room
               for (points, games), mark in zip(cells, marks) if games)


def crosstable_titles(cells: list[tuple[float, int]], with_games: bool, forfeits: bool = False) -> list[str]:
    """The crosstable's title in its forms, longest first: what its cells count, and where they
    say their points alone (``games_fit``: one form for the whole table) how many games each
    counts, said once for all of them ("of 2 games each"; "of up to 2 games each" while some
    pairs have played fewer) of the played ``cells`` (points, games: ``played_part``).  The
    points alone said nothing of what they were out of: "1½" of 2 games, or of 4.  The shorter
    forms keep the count where the whole would take a second line from the table's rows.  With
    ``forfeits`` without play in the cells, every form says what their marks are ("+", "−"), the
    shorter ones briefly ("+, −: forfeit"): at 800x600 Larger text the title fell back to a form
    without them, and the marks in the cells went unexplained."""
    counts = sorted({games for _points, games in cells if games})
    if with_games or not counts:
        if not forfeits:
            return [_(CROSSTABLE_TITLE)]
        return [_("Crosstable (points of the row against the column; +, −: won, lost by forfeit, not played)"),
                _("Crosstable (row against column; +, −: forfeit)"), _("Crosstable (+, −: forfeit)")]
    most = counts[-1]
    each = (ngettext("of {n} game each", "of {n} games each", most) if len(counts) == 1
            else ngettext("of up to {n} game each", "of up to {n} games each", most)).format(n=most)
    if forfeits:
        return [_("Crosstable ({games}; +, −: won, lost by forfeit, not played)").format(games=each),
                _("Crosstable (row against column, {games}; +, −: forfeit)").format(games=each),
                _("Crosstable ({games}; +, −: forfeit)").format(games=each), _("Crosstable (+, −: forfeit)")]
    return [_("Crosstable (points of the row against the column, {games})").format(games=each),
            _("Crosstable (row against column, {games})").format(games=each),
            _("Crosstable ({games})").format(games=each)]


def right_column(height: int, chart_needs: int, s: float, board: bool, recent_needs: int = 0,
                 chart_least: int | None = None) -> tuple[int, int]:
    """(board height, 0 without the board; chart height) of the right column, ``height`` high: the
    chart has the ``chart_needs`` pixels its rows or its note want (``_chart_needs``; it takes room
    from the board, which keeps 35%), and the latest results below keep a title and a few lines,
    and have the rest: a chart that needs little (no one rated yet) leaves them more lines.

    The latest results keep ``recent_needs`` pixels (``_recent_needs``: their title, on two lines
    in a small window, and three results) where the board and the chart can give them: the chart
    down to ``chart_least`` (its rows at their least pitch), the board down to 30% of the column;
    never less than 90 pixels at scale 1.  A fixed 90 held the title and one result at 800x600
    Larger text once the title took two lines."""
    floor, gap = int(90 * s), int(10 * s)
    recent_h = max(floor, recent_needs)
    least = chart_needs if chart_least is None else min(chart_least, chart_needs)
    if not board:
        return 0, max(min(least, height - floor - gap), min(chart_needs, height - recent_h - gap))
    board_least = int(height * 0.35)
    if recent_h > floor:  # the board yields a little to the results' rows beside the chart's least
        board_least = max(int(height * 0.30), min(board_least, height - least - recent_h - 2 * gap))
    board_h = max(board_least, min(int(height * 0.5), height - chart_needs - recent_h - 2 * gap))
    rest = height - board_h - 2 * gap  # the chart's and the results'
    return board_h, max(min(least, rest - floor), min(chart_needs, rest - recent_h))


def axis_labels(ends: tuple[float, float], x_of: Callable[[float], int], width_of: Callable[[str], int],
                gap: int) -> list[tuple[str, int]]:
    """(text, centre x) of the ratings axis' labels: "0", then each end where it keeps ``gap``
    pixels from the labels kept before it ("-6" drawn over "0" read as nothing)."""
    kept: list[tuple[str, int, int]] = []
    for v in (0.0, *ends):
        label = f"{v:+.0f}" if round(v) else "0"
        x, w = x_of(v), width_of(label)
        if all(abs(x - kx) >= (w + kw) / 2 + gap for _label, kx, kw in kept):
            kept.append((label, x, w))
    return [(label, x) for label, x, _w in kept]


def progress_track_least(bar: pygame.Rect) -> int:
    """The least width of the progress bar's track, right of its words: a fifth of the bar, and
    never under two of the bar's heights (its rounded ends and some length between)."""
    return max(2 * bar.height, bar.width // 5)


def progress_words(surface: pygame.Surface, theme: Theme, forms: list[str], bar: pygame.Rect, share: float,
                   s: float) -> tuple[str, pygame.Rect]:
    """The progress bar: its words on its left, the first of their ``forms`` (longest first) that
    fits beside the track's least width (``progress_track_least``), else the last cut
    (``tx.first_fitting``); then the track, from after the words to the bar's end, filled in the
    accent colour to ``share`` (0 to 1).  (The words shown, the track) returned.

    The fill ran under the words from the bar's start: at 800x560 in Portuguese the blue stood
    over "Jogo do Galo" from the first game, its edge cutting letters in two colours and its
    round end hiding the J's foot.  Nothing draws over the words now: they are in the text colour
    on the bar's own ground, and the fill has the track to itself.  In Portuguese at 800x560 the
    words with a withdrawal's games reached the bar's edge: shorter forms are taken first."""
    pos, size = (bar.x + int(10 * s), bar.centery), int(14 * s)
    gap = int(10 * s)
    status = tx.first_fitting(forms, size, bar.width - 2 * gap - progress_track_least(bar), bold=True)
    words = tx.text(surface, status, pos, size, theme.text, "midleft", bold=True)
    track = pygame.Rect(words.right + gap, bar.y, bar.right - words.right - gap, bar.height)
    inner = track.inflate(-2 * max(2, int(3 * s)), -2 * max(2, int(3 * s)))
    card(surface, inner, mix(theme.panel, theme.text, 0.14), inner.height // 2)
    if share > 0:
        fill = inner.copy()
        fill.width = max(inner.height, int(inner.width * min(1.0, share)))
        card(surface, fill, theme.accent, inner.height // 2)
    return status, track


class ResultsDrawing:
    """Drawing of a running or finished tournament (mixed into TournamentScene)."""

    # the progress bar, its whole words and those it shows (shortened where they differ: a click says them whole)
    progress_said: tuple[pygame.Rect, str, str] | None = None
    progress_track: pygame.Rect | None = None  # the bar's track, right of its words, as last drawn
    buttons_bottom = 0  # the bottom of the row of buttons, or of its second row (``_lay_out_running_row``)
    dropped_shown: tuple[int, ...] = ()  # the games a Stop dropped whose lines the latest results draw, in order
    # ``_crosstable_room``'s and ``_recent_needs``' heights as last measured, each with what it was measured of
    # (made by ``TournamentScene``)
    cross_room_kept: KeyedCache[int]
    recent_needs_kept: KeyedCache[int]

    def _draw_running(self, surface: pygame.Surface, theme: Theme) -> None:
        t = self.tournament
        s = self._scale()
        w, h = self.size
        pad = int(20 * s)
        top = self.buttons_bottom + int(16 * s)  # under the row of buttons, or the second row
        # progress
        done, total = len(t.results) - len(self.held), t.total  # the results shown (``WatchedGames.held``)
        settled = t.settled_unplayed()  # games never played (a withdrawal's, never started): not among those played
        bar = pygame.Rect(pad, top, w - 2 * pad, int(22 * s))
        card(surface, bar, mix(theme.panel, theme.text, 0.06), bar.height // 2)
        forms = self._progress_forms(t, done - settled, total, settled)
        shown, self.progress_track = progress_words(surface, theme, forms, bar, done / total if total else 0.0, s)
        self.progress_said = (bar, forms[0], shown)
        top = self._draw_rule_options(surface, theme, bar) + int(10 * s)
        # layout: tables on the left, chart / board / results on the right
        split = int(w * (0.56 if self._board_wanted() else 0.62))
        left = pygame.Rect(pad, top, split - pad - int(10 * s), self.running_bottom() - top)
        right = pygame.Rect(split + int(10 * s), top, w - split - int(10 * s) - pad, left.height)
        order = ranked_apart(self.table, self.tournament.withdrawn)  # one withdrawn with no result: under the table
        cross_h = self._crosstable_room(left, order)
        ch = self._draw_crosstable(surface, theme, pygame.Rect(left.x, left.y, left.width, cross_h), order)
        self._draw_standings(surface, theme, pygame.Rect(left.x, left.y + ch + int(12 * s), left.width,
                                                          left.height - ch - int(12 * s)), order)
        board_h, chart_h = right_column(right.height, self._chart_needs(right, order), s, self._board_wanted(),
                                        self._recent_needs(right.width), self._chart_least(right, order))
        gap = int(10 * s)
        if board_h:
            self.board_rect = pygame.Rect(right.x, right.y, right.width, board_h)
            self._draw_board(surface, theme, self.board_rect)
        y = right.y + (board_h + gap if board_h else 0)
        self._draw_chart(surface, theme, pygame.Rect(right.x, y, right.width, chart_h), order)
        y += chart_h + gap
        self._draw_recent(surface, theme, pygame.Rect(right.x, y, right.width, right.bottom - y))

    def _progress_forms(self, t: Tournament, shown: int, total: int, settled: int) -> list[str]:
        """The progress bar's words, longest first (``progress_words`` draws the first that fits):
        the games counted (``_games_counted``; ``settled``: ``Tournament.settled_unplayed``), the
        pace, and how the run stands; shorter, without the pace, then with the games counted in
        fewer words; while the board replays games already over, the games waiting for it said
        alone ("20 still to show"): at 800x600 Larger text the shortest form ended "…20 still to
        s…", its number's meaning cut; last, the games counted without those annulled and, while
        the board has games to show (it is busy: the run does not look stuck), without how the run
        stands, both in the whole words a click says: in Portuguese at 800x600 Larger text, a
        withdrawal's games, a game being prepared and the games still to show were cut at "2 por m…"."""
        after = self._run_state(t) + self._still_to_show(shown)
        counted = self._games_counted(t, shown, total, settled)
        short = self._games_counted(t, shown, total, settled, short=True)
        forms = [f"{counted}, {self._pace_words(t)}{after}", counted + after, short + after]
        if self.held:
            waiting = "  -  " + _("{n} still to show").format(n=len(self.held))
            after = self._run_state(t) + waiting
            forms += [counted + after, short + after]
            after = waiting
        forms.append(self._games_counted(t, shown, total, settled, short=True, annulled=False) + after)
        return forms

    def _run_state(self, t: Tournament) -> str:
        """How the run stands, after the games counted: played elsewhere, stopping, stopped or
        finished.  Stopping (Stop pressed, the games under way ended, the log closed) said nothing
        for the second or more it takes, as if Stop had not been heard."""
        if self.runs_elsewhere:  # a league's log shown while its command line plays it
            return "  -  " + _("being played elsewhere: its new games are shown as they end")
        if not t.is_running():
            return "  -  " + (_("stopped") if t.cancelled else _("finished"))
        if t.cancelled:
            return "  -  " + _("Stopping the tournament…")
        preparing = self._preparing_now()  # no game reports moves: said, or the run looks stuck
        return "" if preparing is None else "  -  " + self._preparing_words(preparing)

    def _games_counted(self, t: Tournament, shown: int, total: int, settled: int, short: bool = False,
                       annulled: bool = True) -> str:
        """The games counted as ``games_counted`` says them, after the game's name: those played
        (``shown``: those the tables show, and those the board has yet to replay, ``held``), a
        withdrawal's settled unplayed (``settled``) and those left apart, and those of them
        annulled unless ``annulled`` is False; ``short``: in fewer words.  The screen said "Hex:
        2/12 games" but "Hex: 2 of 12 games played" once the board replayed games, and again
        otherwise after a withdrawal; and "Hex: 2/24 games … 18 results to come on the board" left a
        teacher to work out that 20 games were played and what the 2 were."""
        game = words.title(games.info(t.game_id))
        return f"{game}: " + games_counted(shown + len(self.held), settled, total,
                                           t.annulled_played() if annulled else 0, words.ReportWords(), short)

    @staticmethod
    def _pace_words(t: Tournament) -> str:
        """The time its games are played at: a time a move, a clock, or both."""
        if t.clock is None:
            return _("{t} s per move").format(t=number_text(t.time_per_move, "g"))
        if t.time_per_move is None:  # a command line's league on a clock alone (--clock 5m+2s)
            return _("clock {clock}").format(clock=t.clock)
        return _("{t} s per move, clock {clock}").format(t=number_text(t.time_per_move, "g"), clock=t.clock)

    def _still_to_show(self, shown: int) -> str:
        """What the board has shown of the games played and what waits to be shown (``held``),
        after the progress bar's words; nothing while every game played is shown."""
        if not self.held:
            return ""
        return "  -  " + _("the board has shown {shown} of them, {n} still to show").format(shown=shown,
                                                                                          n=len(self.held))

    def _draw_rule_options(self, surface: pygame.Surface, theme: Theme, bar: pygame.Rect) -> int:
        """The game's options under the progress bar, as the game screen has them under the game's
        name (``words.options_parts``): an Alquerque tournament did not say which captures its
        games allowed; then what the course players are, if any plays.  The y under them."""
        s = self._scale()
        size = tx.small(13, s)
        y = bar.bottom + int(4 * s)
        t = self.tournament
        parts = words.options_parts(self.game) + course_players_note(t.game_id, t.player_ids, self._name)
        for line in tx.pack_parts(parts, size, bar.width - int(20 * s)):
            y = tx.text(surface, line, (bar.x + int(10 * s), y), size, theme.muted).bottom
        return y

    def _panel(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect, title: str) -> pygame.Rect:
        """A card in ``rect`` with ``title`` at its top; returns the room under the title."""
        s = self._scale()
        card(surface, rect, theme.panel, int(10 * s), mix(theme.panel, theme.text, 0.12))
        size = int(15 * s)
        for i, line in enumerate(self._title_lines(title, rect.width)):
            tx.text(surface, line, (rect.x + int(12 * s), rect.y + int(8 * s) + i * tx.line_height(size, True)),
                    size, theme.text, bold=True)
        return self._panel_inner(rect, title)

    def _panel_inner(self, rect: pygame.Rect, title: str) -> pygame.Rect:
        """The room under ``title`` in a card ``rect`` as ``_panel`` draws it (drawing nothing)."""
        s = self._scale()
        inner = rect.inflate(-int(24 * s), -int(16 * s)).move(0, int(14 * s))
        below = self._title_extra(title, rect.width)  # the title's lines past its first
        return pygame.Rect(inner.x, inner.y + below, inner.width, inner.height - below)

    def _under_title(self, rect: pygame.Rect, title: str) -> int:
        """The y under the last line of ``title`` as ``_panel`` draws it in ``rect``: the room it
        gives under a title holds a line, not the keyboard's ring round one (``_draw_recent``)."""
        s = self._scale()
        return rect.y + int(8 * s) + len(self._title_lines(title, rect.width)) * tx.line_height(int(15 * s), True)

    def _title_lines(self, title: str, width: int) -> list[str]:
        """A panel's title on at most two lines of a card ``width`` wide: in Portuguese at 800x560
        the standings' "(vitória 1, empate ½; Elo com média 0 ...)" was cut off on one."""
        s = self._scale()
        return tx.wrap_at_most(title, int(15 * s), width - int(24 * s), 2, bold=True)

    def _one_line_title(self, forms: list[str], width: int) -> str:
        """The first of a title's ``forms`` (longest first) on one line of a card ``width`` wide,
        else the last (on two: ``_title_lines``)."""
        return next((form for form in forms if len(self._title_lines(form, width)) == 1), forms[-1])

    def _title_extra(self, title: str, width: int) -> int:
        """How much taller a panel's title is than one line (``_title_lines``)."""
        return (len(self._title_lines(title, width)) - 1) * tx.line_height(int(15 * self._scale()), True)

    def _crosstable_room(self, left: pygame.Rect, order: list[Standing]) -> int:
        """``_measured_crosstable_room``, measured again only when what it reads changes: the left
        column, the scale (the window's size and the text size), the number of players, the
        standings' notes (a result, a withdrawal) and the two panels' titles (the language, the
        keyboard on the standings).  Its binary search wraps the standings' notes at each height
        it tries: at every frame it was a sixth of the running screen's drawing."""
        said = self._standings_said(order)
        wanted = (tuple(left), self._scale(), len(order), tuple(said), self._standings_title(), _(CROSSTABLE_TITLE))
        return self.cross_room_kept.get(wanted, lambda: self._measured_crosstable_room(left, order, said))

    def _measured_crosstable_room(self, left: pygame.Rect, order: list[Standing], said: list[str]) -> int:
        """The height the crosstable may take of the left column ``left``: at most half, and less
        where the standings under it would not show every row at least as high as the
        crosstable's (``_standings_fit``), down to the crosstable's rows at their least pitch.
        Half and half, at 800x600 Larger text with the buttons on two rows, the standings of three
        players showed one row and "0 above, 2 below: scroll" under a crosstable with room to
        spare.  A binary search: a frame tries a few heights, not one every two pixels.  ``said``:
        the standings' notes (``_standings_said``), which the caller has."""
        s = self._scale()
        n, gap, half = len(order), int(12 * s), left.height // 2 - 6
        top = int(50 * s) + self._title_extra(_(CROSSTABLE_TITLE), left.width)
        least = min(half, top + 14 * (n + 1))  # every row at the crosstable's least pitch (``_draw_crosstable``)

        def fits(height: int) -> bool:
            rest = pygame.Rect(left.x, left.y + height + gap, left.width, left.height - height - gap)
            cross_pitch = max(14, min(int(26 * s), (height - int(50 * s)) // max(1, n + 1)))
            return self._standings_fit(rest, n, said, cross_pitch)

        if fits(half):
            return half
        low, high = least, half  # the standings fit under ``low`` (or it is the least), not under ``high``
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if fits(middle) else (low, middle)
        return low

    def _draw_crosstable(self, surface, theme: Theme, rect: pygame.Rect, order: list[Standing]) -> int:
        """The crosstable in ``rect`` (its panel's height returned).  Rows and columns that do
        not fit scroll (``cross_rows``, ``cross_columns``), a line under them saying which are
        shown: 26 players at 800x560 ran off the panel, over the standings and past its right edge."""
        t = self.tournament
        n = len(order)
        s = self._scale()
        row_h = max(14, min(int(26 * s), (rect.height - int(50 * s)) // max(1, n + 1)))
        size = max(tx.SMALLEST, int(row_h * 0.55))
        font = tx.ui_font(size)
        seen = self._seen_results()  # as far as the board has shown
        cross, forfeits = make_crosstable(t.player_ids, seen), crosstable_forfeits(t.player_ids, seen)
        width = rect.width - int(24 * s)  # the panel's inner width (``_panel``)
        widest = max(font.size(f"{i + 1}. {self._name(st.player)}")[0] for i, st in enumerate(order))
        name_w = min(int(width * 0.38), widest + int(12 * s))
        # a cell holds at least its points ("3½") and its column's number: with 17 players in the
        # smallest window the last columns fell off the panel; the names give way (cut) down to a
        # few letters, and beyond that the columns scroll
        least = max([font.size(str(n))[0]] + [font.size(cell_label(*cross[a][b], False, forfeits[a][b]))[0]
                                              for a in cross for b in cross[a]]) + 6
        cell_w = max(least, min(int(90 * s), (width - name_w) // max(1, n)))
        fewest_name = min(name_w, font.size(f"{n}. abcd")[0])
        if fewest_name + n * cell_w <= width:
            name_w = max(fewest_name, min(name_w, width - n * cell_w))
        pairs = [(a.player, b.player) for a in order for b in order if a is not b]
        cells, marks = [cross[a][b] for a, b in pairs], [forfeits[a][b] for a, b in pairs]
        with_games = games_fit(cells, cell_w - 6, font, marks)
        played = [played_part(cell, mark) for cell, mark in zip(cells, marks)]
        title = (_("Crosstable (arrows: choose a pair; Enter: its games only, again: every game)") if self._on_cross()
                 else self._one_line_title(crosstable_titles(played, with_games, any(map(any, marks))), rect.width))
        extra = self._title_extra(title, rect.width)
        rows_fit = max(1, (rect.height - int(40 * s) - extra) // row_h - 1)  # rows under the columns' numbers
        scrolled = n > rows_fit or name_w + n * cell_w > width
        rows = self.cross_rows.show(n, rows_fit - 1 if scrolled else rows_fit)
        columns = self.cross_columns.show(n, max(1, (width - name_w) // cell_w))
        height = int(40 * s) + extra + row_h * (len(rows) + 1 + scrolled)
        self.cross_area = self.cross_stop.rect = pygame.Rect(rect.x, rect.y, rect.width, height)
        self.cross_stop.enabled = n > 1
        chosen, ringed = (self.chosen_cell if self._on_cross() else None), None
        self.pitches["cross"] = (cell_w, row_h)  # a drag scrolls by these (``TournamentScene._drag_table``)
        inner = self._panel(surface, theme, self.cross_area, title)
        y = inner.y + int(6 * s)
        self._cross_rects, self.unplayed_cells = [], []
        for x, j in enumerate(columns):
            tx.text(surface, str(j + 1), (inner.x + name_w + x * cell_w + cell_w // 2, y + row_h // 2), size,
                    theme.muted, "center")
        for i in rows:
            st = order[i]
            y += row_h
            label = tx.fit(f"{i + 1}. {self._name(st.player)}", size, name_w - 6)
            tx.text(surface, label, (inner.x, y + row_h // 2), size, theme.text, "midleft")
            for x, j in enumerate(columns):
                other = order[j]
                cell = pygame.Rect(inner.x + name_w + x * cell_w + 1, y + 1, cell_w - 2, row_h - 2)
                if other.player == st.player:
                    pygame.draw.rect(surface, mix(theme.panel, theme.text, 0.08), cell)
                    continue
                if (st.player, other.player) == chosen:
                    ringed = cell
                pts, games_n = cross[st.player][other.player]
                if not games_n:  # a faint cell: the pair is there to click (it says they have yet to play)
                    self.unplayed_cells.append((cell, st.player, other.player))
                    pygame.draw.rect(surface, mix(theme.panel, theme.text, UNPLAYED_CELL), cell, border_radius=3)
                    pygame.draw.rect(surface, mix(theme.panel, theme.text, UNPLAYED_EDGE), cell, 1, border_radius=3)
                else:
                    self._cross_rects.append((cell, st.player, other.player))  # a click lists their games
                    frac = pts / games_n
                    colour = mix(theme.side1, theme.side0, frac)
                    pygame.draw.rect(surface, mix(theme.panel, colour, 0.45), cell, border_radius=3)
                    if self.pair == (st.player, other.player):  # the pair listed: an outline in the accent
                        pygame.draw.rect(surface, theme.accent, cell, max(2, int(2 * s)), border_radius=3)
                    label = cell_label(pts, games_n, with_games, forfeits[st.player][other.player])  # one form for all
                    tx.text(surface, tx.fit(label, size, cell.width - 2), cell.center, size, theme.text, "center")
        if ringed is not None:  # the cell the keyboard is on, ringed over its neighbours as a button is
            focus_ring(surface, ringed, theme, s, 3)
        if scrolled:
            hint = _("rows {rows}, columns {columns} of {n}: scroll (Shift: sideways) or arrow keys").format(
                rows=self.cross_rows.span(), columns=self.cross_columns.span(), n=n)
            tx.text(surface, tx.fit(hint, size, inner.width), (inner.right, y + row_h + row_h // 2), size,
                    theme.muted, "midright")
        return height

    def _standings_title(self) -> str:
        """The standings' title: how points count and, with the keyboard on them (``_on_standings``),
        their keys."""
        if self._on_standings():
            return _("Standings (Up, Down: choose a player; Enter: its games only, again: every game)")
        return _(STANDINGS_TITLE).format(n=MIN_RATED_GAMES)

    def _draw_standings(self, surface, theme: Theme, rect: pygame.Rect, order: list[Standing]) -> None:
        """The standings, and under them how players level on points are ranked (the report's
        tie-breaks: a teacher saw two students on 3 points ranked 4th and 5th, or both 4th, and
        only FILE.txt said why), a late player's games still to play and how a withdrawn
        player's games count (``notes_on``, as the report says them); a withdrawn player whose
        games are all annulled, left out of ``order``, under a heading of its own (``withdrawn_apart``)."""
        s = self._scale()
        inner = self._panel(surface, theme, rect, self._standings_title())
        n = len(order)
        said = self._standings_said(order)
        row_h, size, note = self._standings_pitch(inner, rect.bottom, n, said)
        self.standings_area = rect
        self.pitches["standings"] = (1, row_h)
        fits = self._standings_rows_fit(inner, rect.bottom, row_h, note)  # rows under the heading
        hint = ""
        if n > fits:  # 17 players in the smallest window: the wheel brings the rest, a line says so
            fits = max(1, fits - 1)
        shown = self.standings_scroll.show(n, fits)
        if len(shown) < n:
            above, below = self.standings_scroll.hidden
            hint = _("{above} above, {below} below: scroll, or use the arrow keys").format(above=above, below=below)
        columns = [(_(label), at, anchor) for label, at, anchor in STANDINGS_COLUMNS]
        elo_room = int((ELO_AT - FORFEITS_AT) * inner.width) - tx.ui_font(size).size("000")[0] - int(8 * s)
        y = inner.y + int(6 * s)
        draw_headings(surface, columns, inner, y + row_h // 2, size, theme.muted)
        self.standing_rows = []  # a click chooses a player to withdraw (``Withdrawal``)
        self.standings_stop.rect = rect
        chosen = self.chosen_player if self._on_standings() else None
        ringed = None
        for st in (order[i] for i in shown):
            y += row_h
            row = pygame.Rect(inner.x, y, inner.width, row_h)
            self.standing_rows.append((row, st.player))
            if st.player == self.withdrawing:  # the player Withdraw would take out, as a ringed row
                card(surface, row.inflate(int(8 * s), 0), mix(theme.panel, theme.text, 0.08), int(6 * s), theme.invalid)
            elif st.player == self.listed_player:  # the player whose games are listed, filled
                card(surface, row.inflate(int(8 * s), 0), mix(theme.panel, theme.accent, 0.3), int(6 * s))
            if st.player == chosen:
                ringed = row.inflate(int(8 * s), 0)
            elo = elo_label(st)
            if tx.ui_font(size).size(elo)[0] > elo_room:  # the interval would run into the forfeits
                elo = tx.fit(elo_label(st, interval=False), size, elo_room)
            values = [tx.fit(f"{st.rank}. {self._name(st.player)}", size, int(inner.width * NAME_WIDTH)),
                      half_points(st.points), str(st.games), str(st.wins), str(st.draws), str(st.losses),
                      str(st.forfeits), elo]
            for (label, fx, anchor), value in zip(columns, values):
                colour = theme.invalid if label == _("Forf.") and st.forfeits else theme.text
                tx.text(surface, value, (inner.x + int(fx * inner.width), y + row_h // 2), size, colour, anchor)
        if ringed is not None:  # the keyboard's row, ringed as a button is, over the rows beside it
            focus_ring(surface, ringed, theme, s, int(6 * s))
        if hint:
            y += row_h
            tx.text(surface, tx.fit(hint, size, inner.width), (inner.right, y + row_h // 2), size, theme.muted,
                    "midright")
        for line in note:
            y += row_h
            tx.text(surface, line, (inner.x, y + row_h // 2), size, theme.muted, "midleft")

    def _standings_said(self, order: list[Standing]) -> list[str]:
        """The notes under the standings: how points count and how players level on points are
        ranked, that the players' games differ (stopped), a late player's games still to play and
        how a withdrawn player's games count, and a player withdrawn with no result apart."""
        from ai.commands.tournament import (
            POINTS_LEGEND,
            TIE_BREAKS,
            UNEQUAL_GAMES,
            WITHDRAWN_APART,
            has_ties,
            notes_on,
            unequal_games,
            withdrawn_apart,
        )

        t = self.tournament
        said = [_(POINTS_LEGEND)] + ([_(TIE_BREAKS)] if has_ties(order) else [])
        # stopped: a player with more games played may be above one with a better score per game
        said += [_(UNEQUAL_GAMES)] if not t.is_running() and unequal_games(order) else []
        said += notes_on(t.player_ids, t.started_with, t.games_per_pair, t.tally.done, t.withdrawn,
                         t.results_now(), self._name, words.ReportWords())
        apart = withdrawn_apart(t.withdrawn, self._name, words.ReportWords())
        return said + ([_(WITHDRAWN_APART), *apart] if apart else [])

    def _standings_rows_fit(self, inner: pygame.Rect, bottom: int, row_h: int, note: list[str]) -> int:
        """How many players' rows the standings show under their heading and above the notes'
        ``note`` lines, at ``row_h`` a row, between ``inner``'s top and the panel's ``bottom``."""
        s = self._scale()
        return max(1, (bottom - int(4 * s) - (inner.y + int(6 * s))) // row_h - 1 - len(note))

    def _standings_fit(self, rect: pygame.Rect, n: int, said: list[str], pitch: int) -> bool:
        """Whether standings in ``rect`` show all ``n`` rows and the notes ``said`` (no scrolling)
        with rows ``pitch`` pixels high or higher (``_standings_pitch``)."""
        inner = self._panel_inner(rect, self._standings_title())
        row_h, _size, note = self._standings_pitch(inner, rect.bottom, n, said)
        return row_h >= pitch and self._standings_rows_fit(inner, rect.bottom, row_h, note) >= n

    def _standings_pitch(self, inner: pygame.Rect, bottom: int, n: int, said: list[str]) -> tuple[int, int, list[str]]:
        """The standings' row height, its text size and the notes' lines wrapped at it: the tallest
        row up to its full height at which the heading, the ``n`` rows and the notes' lines fit
        between ``inner``'s top and the panel's ``bottom``, as ``_draw_standings`` lays them.
        Each note was given two rows whether it took one or two: five players and a withdrawal's
        note at Larger text drew the table smaller, a third of its panel empty.  The old pitch,
        two rows a note, is the floor, unless a smaller pitch, down to 14 pixels, shows every
        row where the floor's would not: three players at 800x600 Larger text showed one
        row and "0 above, 2 below: scroll" for want of a few pixels.  A note may take up to
        ``NOTE_LINES``: two cut the forfeits' note at 800x600 Larger text before its point, "but
        not as a game play…"."""
        s = self._scale()
        room = bottom - int(4 * s) - (inner.y + int(6 * s))
        floor = max(14, min(int(26 * s), (inner.height - int(10 * s)) // max(1, n + 1 + 2 * len(said))))

        def at(row_h: int) -> tuple[int, int, list[str]]:
            size = max(tx.SMALLEST, int(row_h * 0.55))
            return row_h, size, [line for text in said for line in tx.wrap_at_most(text, size, inner.width, NOTE_LINES)]

        for row_h in range(int(26 * s), 13, -1):
            pitch = at(row_h)
            if (n + 1 + len(pitch[2])) * row_h <= room:
                return pitch
        return at(floor)

    def _draw_chart(self, surface, theme: Theme, rect: pygame.Rect, order: list[Standing]) -> None:
        """Elo of each player with its 95% interval, best at the top; the axis at 0.  A rating that
        is only a bound (every game won or lost) is a bar to the bound with an arrow beyond it."""
        s = self._scale()
        inner = self._panel(surface, theme, rect, _(RATINGS_TITLE))
        rated = [st for st in order if st.rated]
        if not rated:  # from the top, as high as ``_chart_needs`` makes it; wrapped, a small window too
            size, high = tx.small(13, s), tx.line_height(tx.small(13, s))
            lines = tx.wrap_at_most(self._unrated_note(), size, inner.width, max(1, (inner.height - int(12 * s)) // high))
            for i, line in enumerate(lines):
                tx.text(surface, line, (inner.x, inner.y + int(6 * s) + i * high), size, theme.muted)
            return
        low = min(min(st.elo if st.elo_bound else st.elo_low for st in rated), 0.0) - 20
        high = max(max(st.elo if st.elo_bound else st.elo_high for st in rated), 0.0) + 20
        label_w = int(inner.width * 0.32)
        axis = pygame.Rect(inner.x + label_w, inner.y + int(8 * s), inner.width - label_w - int(8 * s),
                           inner.height - int(30 * s))

        def x_of(v: float) -> int:
            return axis.x + int((v - low) / (high - low) * axis.width)

        # the players share the axis' height: ``chart_row`` pixels or more each where right_column could
        # make room for them; a class too big for that (16 players beside the board at 800x560) gets
        # closer rows, not its last ones off the panel
        row_h = max(1, axis.height // max(1, len(order)))
        size = chart_name_size(row_h, s)
        # rows closer than a name's line are named every few rows, with their places (26 players
        # at 800x560: every name drawn over its neighbours, none could be read)
        every = -(-size // row_h)  # a name needs its size in pixels; its line's spacing may overlap
        pygame.draw.line(surface, theme.muted, (x_of(0), axis.y), (x_of(0), axis.bottom), 1)
        for i, st in enumerate(order):
            cy = axis.y + i * row_h + row_h // 2
            if i % every == 0:
                name = self._name(st.player) if every == 1 else f"{i + 1}. {self._name(st.player)}"
                tx.text(surface, tx.fit(name, size, label_w - 10), (inner.x, cy), size, theme.text, "midleft")
            if st not in rated:
                self._draw_unrated_row(surface, theme, axis, x_of(0), cy, size)
                continue
            colour = theme.side0 if st.elo >= 0 else theme.side1
            bar = pygame.Rect(min(x_of(0), x_of(st.elo)), cy - row_h // 4, abs(x_of(st.elo) - x_of(0)) + 1, row_h // 2)
            pygame.draw.rect(surface, mix(theme.panel, colour, 0.6), bar, border_radius=3)
            if st.elo_bound:  # beyond the bound: the data say no more
                tip, way = x_of(st.elo), (1 if st.elo_bound == ">" else -1)
                arrow = max(4, row_h // 4)
                pygame.draw.polygon(surface, theme.text, [(tip, cy - arrow), (tip + way * arrow, cy), (tip, cy + arrow)])
                continue
            pygame.draw.line(surface, theme.text, (x_of(st.elo_low), cy), (x_of(st.elo_high), cy), max(1, int(2 * s)))
            for v in (st.elo_low, st.elo_high):
                pygame.draw.line(surface, theme.text, (x_of(v), cy - row_h // 5), (x_of(v), cy + row_h // 5), 1)
            pygame.draw.circle(surface, theme.text, (x_of(st.elo), cy), max(3, int(4 * s)))
        font = tx.ui_font(int(12 * s))
        for label, x in axis_labels((low + 20, high - 20), x_of, lambda text: font.size(text)[0], int(6 * s)):
            tx.text(surface, label, (x, axis.bottom + int(4 * s)), int(12 * s), theme.muted, "midtop")

    def _draw_unrated_row(self, surface, theme: Theme, axis: pygame.Rect, zero: int, cy: int, size: int) -> None:
        """An unrated player's row of the chart (fewer than ``MIN_RATED_GAMES`` games, beside
        rated ones: a player withdrawn or joined late) says so, muted, on the side of the axis' 0
        with more room: the row was blank, read as a rating of 0 or as a player left out."""
        said = _("no Elo before {n} games").format(n=MIN_RATED_GAMES)
        gap = int(6 * self._scale())
        if zero - axis.x > axis.right - zero:
            tx.text(surface, tx.fit(said, size, zero - gap - axis.x), (zero - gap, cy), size, theme.muted, "midright")
        else:
            tx.text(surface, tx.fit(said, size, axis.right - zero - gap), (zero + gap, cy), size, theme.muted, "midleft")

    def _chart_needs(self, right: pygame.Rect, order: list[Standing]) -> int:
        """The ratings chart's height in the right column ``right``: a row of ``chart_row`` pixels or
        more for each player, and a quarter of the column (half without the board); while no one is rated, its title and
        its note's lines alone (the note centred in a quarter of the column took the room of two
        latest results at Larger text)."""
        s = self._scale()
        if any(st.rated for st in order):  # without the board, half the column
            return max(int(right.height * (0.26 if self._board_wanted() else 0.5)), int(60 * s) + chart_row(s) * len(order))
        size = tx.small(13, s)
        lines = tx.wrap(self._unrated_note(), size, right.width - int(24 * s))
        return self._panel_frame(_(RATINGS_TITLE), right.width) + len(lines) * tx.line_height(size)

    def _chart_least(self, right: pygame.Rect, order: list[Standing]) -> int:
        """The least height the ratings chart gives up to the latest results (``right_column``):
        its rows at ``CHART_ROW`` pixels once anyone is rated, else its note's lines whole."""
        if any(st.rated for st in order):
            return int(60 * self._scale()) + CHART_ROW * len(order)
        return self._chart_needs(right, order)

    def _recent_needs(self, width: int) -> int:
        """``_measured_recent_needs``, measured again only when what it reads changes: the width,
        the scale, the small print's size (the text size) and the title's two forms (the language,
        the player or pair whose games are listed)."""
        s = self._scale()
        wanted = (width, s, tx.small(13, s), tuple(self._recent_title(keyboard) for keyboard in (False, True)))
        return self.recent_needs_kept.get(wanted, lambda: self._measured_recent_needs(width))

    def _measured_recent_needs(self, width: int) -> int:
        """The height the latest results want in a panel ``width`` wide: their title as its longer
        form wraps (the keyboard's words or the mouse's: the column keeps still as the keyboard
        comes and goes), three results and the line that says what the wheel brings, as
        ``_draw_recent`` lays them out."""
        s = self._scale()
        line_h = tx.line_height(tx.small(13, s)) + int(2 * s)
        probe = pygame.Rect(0, 0, width, 10_000)
        tops = [max(self._panel_inner(probe, title).y + int(6 * s), self._under_title(probe, title) + focus_ring_outset(s))
                for title in (self._recent_title(keyboard) for keyboard in (False, True))]
        return max(tops) + 4 * line_h + int(6 * s)

    def _panel_frame(self, title: str, width: int) -> int:
        """The height a panel ``width`` wide (``_panel``) takes above and below its lines, with its
        ``title``'s lines: the list's 6 pixels under the title and over the card's edge at scale 1."""
        s = self._scale()
        return int(16 * s) // 2 + int(14 * s) + self._title_extra(title, width) + 2 * int(6 * s)

    def _unrated_note(self) -> str:
        """What the ratings chart says while no player has ``MIN_RATED_GAMES`` games: in a round
        robin that gives none of them so many (three players, a game each way: 4 each) it said
        "Ratings appear after 8 games each" to the end, ratings that never came, while the saved
        report and the command line showed figures for the same games; it says why and what
        gives them, in the words the reports now say it with (``ratings_note``).  Stopped before
        any game ended, it says so: "Waiting for the first results…" stood there for good, nothing
        being played that could bring them.  Over while the board still replays its games (their
        results ``held``), it said "Waiting for the first results…" under "finished": it says what
        the tournament gives, or that the ratings come as the board shows the games.  Over with
        players short of games played (forfeits never played: a file that could not be started),
        it said "Ratings appear after 8 games each" of ratings no game was left to bring: it says
        the reports' ``UNRATED``."""
        from ai.commands.tournament import NO_RATINGS, UNRATED, most_rated_games

        t = self.tournament
        nothing_shown = len(self.recent) == len(self.held)
        if nothing_shown:
            if not self.recent and not self.running and not self.runs_elsewhere:
                return _("No game ended before the tournament stopped")
            if self.running or self.runs_elsewhere:
                return _("Waiting for the first results…")
        each = most_rated_games(t.player_ids, t.games_per_pair, t.withdrawn, t.results_now())
        if each < MIN_RATED_GAMES:
            return _(NO_RATINGS).format(n=MIN_RATED_GAMES, m=each)  # as the reports say it
        if nothing_shown:  # over, every result waiting for the board
            return _("Ratings come as the board shows the games: {n} still to show").format(n=len(self.held))
        if not (self.running or self.runs_elsewhere):  # over: no game left to bring one (forfeits never played
            return _(UNRATED).format(n=MIN_RATED_GAMES)  # are not games played), as the reports say it
        return _("Ratings appear after {n} games each").format(n=MIN_RATED_GAMES)

    def _draw_board(self, surface, theme: Theme, rect: pygame.Rect) -> None:
        s = self._scale()
        game = self.live.get(self.watching) if self.watching is not None else None
        title = _("Watching")
        if game is not None:
            a, b = (self._name(p) for p in game["ids"])
            title = _("Game {n}: {a} vs {b}").format(n=self.watching, a=a, b=b)
            if "result" in game and game.get("plies", 0) >= len(game.get("moves", ())):  # its end on the board
                title += "  " + outcome_said(game["result"])
            elif self.watching in self.stopped_part_way and not self.running:  # not a result: played again on Resume
                title += "  " + self._dropped_words(self.watching)
            if self.pinned and self.watch and self._watchable():  # nothing to go on with once every game is shown
                title += "  " + _("(W or a click on the board: go on watching)")
        inner = self._panel(surface, theme, rect, title)
        if game is None or "state" not in game:
            preparing = self._preparing_now()
            waiting = (_("No game to show") if not self.running or self._stop_heard()  # no game comes now
                       else _("Waiting for a game…") if preparing is None else self._preparing_words(preparing))
            tx.text(surface, waiting, inner.center, int(15 * s), theme.muted, "center")
            return
        area = inner.inflate(-int(8 * s), -int(8 * s))
        # laid out again only for another game, or another place: a large Trax board frames its
        # tiles as the game screen does (``follows_play``), grown as they reach its edge; laid out
        # at every frame, it was framed afresh round them each move and jumped under the eye
        if (self.view.rect, self.board_laid_for) != (area, self.watching):
            self.view.layout(area)
            self.board_laid_for = self.watching
        overlay = Overlay(theme=theme, last_move=game["last"], previous=game["before"], show_legal=False,
                          interactive=False, animation_speed=0.0)
        self.view.draw(surface, game["state"], overlay)
        if self._preparing(self.watching) and not self.pinned:
            self._say_over_the_board(surface, theme, inner, self._preparing_words(self.watching))

    def _say_over_the_board(self, surface, theme: Theme, inner: pygame.Rect, said: str) -> None:
        """``said`` on a card in the middle of the board: the game on it has yet to start."""
        s = self._scale()
        size = int(15 * s)
        line = tx.fit(said, size, inner.width - int(24 * s))
        width, height = tx.ui_font(size).size(line)
        box = pygame.Rect(0, 0, width + int(24 * s), height + int(14 * s))
        box.center = inner.center
        card(surface, box, theme.panel, box.height // 2, border=mix(theme.panel, theme.text, 0.25))
        tx.text(surface, line, box.center, size, theme.text, "center")

    def _recent_title(self, keyboard: bool | None = None) -> str:
        """The latest results' title: what the list holds, and how a result is opened, by the mouse
        or, with the keyboard on the list (``_on_results``; ``keyboard`` says which instead), by its keys."""
        keyboard = self._on_results() if keyboard is None else keyboard
        if self.listed_player is not None:
            title = (_("Games of {player} (Up, Down: choose one; Enter: see it)") if keyboard
                     else _("Games of {player} (click one to see it; its row again: every game)"))
            return title.format(player=self._name(self.listed_player))
        if self.pair is None:
            return (_("Latest results (Up, Down: choose one; Enter: see it)") if keyboard
                    else _("Latest results (click one, or Tab to them, to see it)"))
        title = (_("Games of {a} and {b} (Up, Down: choose one; Enter: see it)") if keyboard
                 else _("Games of {a} and {b} (click one to see it)"))
        return title.format(a=self._name(self.pair[0]), b=self._name(self.pair[1]))

    def _result_line(self, number: int, r: Any) -> str:
        """A result's whole line, as the list shows it (cut to its width) and a click or Enter says
        it: "7. Level 1 - Level 2  1-0  Level 1 wins (O forfeits: …)", the players by the names shown
        here, the winner named as Saved games names it (``words.won_by``).  An annulled game has no
        result of its own: its reason says it ("annulled: crashy withdrew …"), where the line read
        "annulled  annulled: …", the first in English whatever the window's language."""
        a, b = (self._name(p) for p in r.players)
        result = "" if is_annulled(r) else outcome_said(r)
        reason = words.end_reason(sides_named(r.reason, r.players, [self._name(pid) for pid in r.players], r.winner))
        said = words.won_by(reason, r.winner, self.game.sides, (a, b))
        unplayed = _("(not played)") if not_played(r) else ""  # a withdrawal's, or never started: before its cut reason
        return "  ".join(part for part in (f"{number}. {a} - {b}", unplayed, result, said) if part)

    def _draw_recent(self, surface, theme: Theme, rect: pygame.Rect) -> None:
        """The latest results, the highest game number first (``_take_result``), from ``recent_scroll``
        on; the one chosen with the keyboard ringed as Saved games rings its row and every button (``focus_ring``, in the
        text colour): it was a card edged in the accent, the colour the crosstable outlines the
        pair listed in, so the screen had two ways to say where the keyboard is."""
        s = self._scale()
        listed = self._listed()
        title = self._recent_title()
        inner = self._panel(surface, theme, rect, title)
        size = tx.small(13, s)
        line_h = tx.line_height(size) + int(2 * s)
        y = max(inner.y + int(6 * s), self._under_title(rect, title) + focus_ring_outset(s))  # a ring clear of it
        self._recent_rects = []
        self.recent_area = self.results_stop.rect = rect
        self.pitches["recent"] = (1, line_h)
        indent = int(RESULT_INDENT * s)
        dropped = self._dropped_rows((rect.bottom - int(6 * s) - y) // line_h - 1, size, inner.width)  # a row left
        self.dropped_shown = tuple(number for number, _text, _row in dropped)  # the keyboard's first rows (``_choose_result``)
        self.results_stop.enabled = bool(listed or dropped)
        chosen = self.chosen_result if self._on_results() else None
        ringed = None
        for number, text, row in dropped:
            if number == chosen:
                ringed = pygame.Rect(inner.x - int(4 * s), y, inner.width + int(8 * s), len(row) * line_h - int(2 * s))
            drawn = tx.text(surface, row[0], (inner.x, y), size, theme.muted)
            for k, line in enumerate(row[1:], 1):  # the rest of its words, under it, as a result's reason
                drawn = drawn.union(tx.text(surface, line, (inner.x + indent, y + k * line_h), size, theme.muted))
            self._recent_rects.append((drawn, number, text))  # a click shows where the board had it
            y += len(row) * line_h
        lines = max(1, (rect.bottom - int(6 * s) - y) // line_h)
        shown = self._rows_shown(listed, lines, size, inner.width)
        if len(shown) < len(listed):  # a line for what the wheel brings
            self.recent_scroll = min(self.recent_scroll, len(listed) - len(self._oldest_rows(listed, lines - 1, size,
                                                                                           inner.width)))
            shown = self._rows_shown(listed, max(1, lines - 1), size, inner.width)
        if len(shown) < len(listed):
            newer, older = self.recent_scroll, len(listed) - self.recent_scroll - len(shown)
            hint = tx.first_fitting([form.format(newer=newer, older=older) for form in _scroll_hints()],
                                    size, inner.width)
            below = y + sum(len(row) for _number, _r, row in shown) * line_h
            tx.text(surface, tx.fit(hint, size, inner.width), (inner.right, below), size, theme.muted, "topright")
        self.recent_fits = len(shown)
        for number, r, row in shown:
            if number == chosen:
                ringed = pygame.Rect(inner.x - int(4 * s), y, inner.width + int(8 * s), len(row) * line_h - int(2 * s))
            colour = theme.invalid if r.forfeit else theme.text
            drawn = tx.text(surface, row[0], (inner.x, y), size, colour)
            for k, line in enumerate(row[1:], 1):  # the rest of its reason, under it
                drawn = drawn.union(tx.text(surface, line, (inner.x + indent, y + k * line_h), size, colour))
            self._recent_rects.append((drawn, number, self._result_line(number, r)))  # a click shows it whole
            if number not in self.live:
                self._replay_slot(number, r)
            y += len(row) * line_h
        if ringed is not None:  # over the lines beside it, as the crosstable's cell
            focus_ring(surface, ringed, theme, s, int(4 * s))

    def _dropped_rows(self, lines: int, size: int, width: int) -> list[tuple[int, str, list[str]]]:
        """The lines of the games a Stop dropped (``_dropped_listed``) that fit in ``lines`` lines,
        as (number, line, its lines ``width`` wide): each wrapped as a result is (``_result_rows``),
        on up to ``RESULT_LINES``.  Cut to one line, "11. Level 1 - Course Hard  stopped at move
        26: replayed on Res…" hid what Resume does with the game at 800x600."""
        rows: list[tuple[int, str, list[str]]] = []
        for number, text in self._dropped_listed():
            room = min(RESULT_LINES, lines - sum(len(row) for _number, _text, row in rows))
            if room <= 0:
                break
            rows.append((number, text, self._result_rows(text, size, width, room)))
        return rows

    def _rows_shown(self, listed: list[tuple[int, Any]], lines: int, size: int,
                    width: int) -> list[tuple[int, Any, list[str]]]:
        """The results shown from ``recent_scroll`` on, the highest number first, in ``lines``
        lines of the list (``_rows_keeping``)."""
        end = len(listed) - self.recent_scroll  # the highest first, without copying the whole list each frame
        return self._rows_keeping(listed[max(0, end - lines):end][::-1], lines, size, width)

    def _oldest_rows(self, listed: list[tuple[int, Any]], lines: int, size: int,
                     width: int) -> list[tuple[int, Any, list[str]]]:
        """The oldest results that fit in ``lines`` lines (``_rows_keeping``): scrolled to its
        end, the list stays full."""
        return self._rows_keeping(listed[:max(1, lines)], max(1, lines), size, width)

    def _rows_keeping(self, results: list[tuple[int, Any]], lines: int, size: int,
                      width: int) -> list[tuple[int, Any, list[str]]]:
        """``results`` in turn, each on its lines (``_result_rows``), while they fit in ``lines``:
        each on up to ``RESULT_LINES``, leaving a line for each of the first ``RESULTS_KEPT`` still
        to come (for every one where each on a line of its own leaves none to the wheel).  A
        reason takes more lines where the list has room, not the place of the results under it:
        at Larger text in an 800x560 window each result took two lines, and one was left in
        sight.  A result past those kept with no room for all its lines is left to the wheel."""
        kept = len(results) if len(results) <= lines else min(RESULTS_KEPT, len(results))
        rows: list[tuple[int, Any, list[str]]] = []
        for index, (number, r) in enumerate(results):
            left = lines - sum(len(row) for _number, _r, row in rows)
            room = min(RESULT_LINES, left - max(0, kept - index - 1))
            if room <= 0:
                break
            text = self._result_line(number, r)
            row = self._result_rows(text, size, width, room)
            if index >= kept and len(row) < len(self._result_rows(text, size, width, RESULT_LINES)):
                break
            rows.append((number, r, row))
        return rows

    def _result_rows(self, text: str, size: int, width: int, most: int) -> list[str]:
        """A result's line on at most ``most`` lines ``width`` wide, those after the first
        indented (``RESULT_INDENT``): a long reason (a forfeit on time, an outside bot's crash)
        read in full where it fits; cut on more than one line, its last says a click or Enter
        shows the rest.  On one line it is cut with "…" alone, as the title says a click shows
        it (a one-line row had little room left for its reason beside the cue)."""
        font = tx.ui_font(size)
        if font.size(text)[0] <= width:
            return [text]
        if most == 1:
            return [tx.fit(text, size, width)]
        indent = int(RESULT_INDENT * self._scale())
        # the line's parts stay two spaces apart, wrapped too: its words joined by one space read
        # "Level 4 - Level 1 1-0 Level 4 wins", the score run into the name before it
        lines = [line.replace(PART_GAP, "  ").removesuffix(PART_GAP[0])
                 for line in tx.wrap(text.replace("  ", PART_GAP), size, width - indent, break_words=True)]
        if len(lines) <= most:
            return lines
        cue = " " + (_("(Enter: the rest)") if self._on_results() else _("(click: the rest)"))
        rest = tx.fit(" ".join(lines[most - 1:]), size, width - indent - font.size(cue)[0])
        return [*lines[:most - 1], rest + cue]

    def _dropped_listed(self) -> list[tuple[int, str]]:
        """The games a Stop dropped part-way that the results list shows over the results, newest
        first, as (number, line): "5. Level 1 - Level 2  stopped at move 14: replayed on Resume".
        The board showed such a game up to its last move as if it had ended, and nothing said it
        was not a result; only the games of the pair or the player listed, if one is; none while
        the tournament runs (Resume plays them again)."""
        if self.running:
            return []
        rows = []
        for number in sorted(self.stopped_part_way, reverse=True):
            ids = self.live.get(number, {}).get("ids")
            if ids is None or (self.pair is not None and set(ids) != set(self.pair)):
                continue
            if self.listed_player is not None and self.listed_player not in ids:
                continue
            a, b = (self._name(p) for p in ids)
            rows.append((number, f"{number}. {a} - {b}  {self._dropped_words(number)}"))
        return rows

    def _replay_slot(self, number: int, result: Any) -> None:
        """Keep a finished game's final position available for a click (cheap: replayed once); the
        game the board was showing move by move (``WatchedGames``) goes to its end at once."""
        entry = self.live.get(number)
        if number == self.watching and (entry is None or entry.get("plies", 0) < len(result.moves)
                                        or "state" not in entry):
            try:
                state = self.game.play_line(result.moves)
            except ValueError:
                return
            self.live[number] = {"ids": tuple(result.players), "state": state, "last": None, "before": None,
                                 "result": result, "moves": list(result.moves), "plies": len(result.moves),
                                 "ended_at": 0.0}  # its end shown: a click on the board goes on with the next
