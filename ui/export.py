"""Export: the board as a PNG picture, the move list or the position as text on the clipboard, a
game as the file other programs of it read (Hex's SGF for HexGui, Othello's GGF), an Othello game
as GGF on the clipboard.

    save_board_png(game, state, path, last_move=move)   # draws with the game's board view
    message, kind = copy_move_list(record)      # M: what happened, for the window, and its kind
    message, kind = copy_position(game, state)  # Ctrl+C
    message, kind = save_outside_file(record)   # G, Hex and Reversi: games.hex_sgf's or games.othello_ggf's file
    message, kind = copy_ggf(record)            # Shift+G, Reversi only: the game as GGF on the clipboard
    message, kind = copy_transcript(record)     # Shift+M, Reversi only: the move string, f5d6c3...

The picture is drawn off screen by the same board view the window uses, so it looks like the
game on screen without the panel and buttons.  The clipboard is ui/clipboard.py's; when it does
not work (no real window, no clipboard) the text is written to a file and the message says where,
so the player never loses it.
"""

from __future__ import annotations

import contextlib
import errno
import filecmp
import importlib
import io
import itertools
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import pygame

import games
from ai.atomic import atomic_write_bytes, fsync_dir, temporary_name
from ai.referee import clock_of
from games.base import Game, State
from games.hex_sgf import sgf_from_record
from games.move_list import move_list_text
from games.othello_ggf import ggf_from_record
from games.position_text import position_text
from games.record import SUFFIX, GameRecord, default_name
from games.record_parts import RecordError
from ui import clipboard, words
from ui.board_view import Overlay
from ui.clocks import record_clock
from ui.data_folders import data_dir, games_dir
from ui.debug_log import trail
from ui.i18n import N_, _
from ui.record_files import atomic_write_text, write_problem, write_record
from ui.theme import DARK, Theme


def board_view(game: Game) -> Any:
    """A new board view for ``game`` (ui/views/<id>.py defines VIEW)."""
    return importlib.import_module(f"ui.views.{game.id}").VIEW(game)


def render_board(game: Game, state: State, size: tuple[int, int] = (900, 900), theme: Theme = DARK,
                 last_move: Any = None, previous: State | None = None, view: Any = None,
                 labels: dict | None = None, turned: bool = False, text_size: float = 1.0) -> pygame.Surface:
    """The position drawn on a new surface of ``size`` (board only, theme background); ``labels``:
    analysis mode's values on the moves (ui/analysis_mode.py ``move_labels``); ``turned``: the
    board turned round, as the screen shows it (a view that cannot turn ignores it); ``text_size``:
    the coordinates' (``BoardView.text_size``: a screen's picture at the Text size setting)."""
    surface = pygame.Surface(size)
    surface.fill(theme.background)
    if view is None:
        view = board_view(game)
        view.turned = turned and view.can_turn
    view.text_size = text_size
    view.layout(surface.get_rect().inflate(-size[0] // 20, -size[1] // 20))
    overlay = Overlay(theme=theme, last_move=last_move, previous=previous, show_legal=False,
                      interactive=False, animation_speed=0.0)
    view.draw(surface, state, overlay)
    if labels:
        from ui.analysis_mode import draw_move_values

        draw_move_values(surface, view, labels, theme)
    return surface


def save_png(picture: pygame.Surface, path: Path | str) -> Path:
    """``picture`` saved as a PNG at ``path`` (".png" added where missing); OSError if the file
    cannot be written."""
    path = Path(path)
    if path.suffix.lower() != ".png":
        path = path.with_suffix(".png")
    return write_png(picture, path)


def write_png(picture: pygame.Surface, path: Path) -> Path:
    """``picture`` as a PNG at ``path``, named as it is (a staged ``.NAME.<hex>.tmp`` stays one,
    which the cleaner of writes killed halfway knows); OSError if it cannot be written.  Encoded in
    memory, then written whole: SDL writing the file itself left an empty PNG on a full disk, and
    said "Error writing the PNG file." without why."""
    encoded = io.BytesIO()
    pygame.image.save(picture, encoded, "picture.png")
    atomic_write_bytes(path, encoded.getvalue())
    return path


def save_board_png(game: Game, state: State, path: Path | str, **kwargs: Any) -> Path:
    """Draw the position and save it as a PNG (``save_png``)."""
    return save_png(render_board(game, state, **kwargs), path)


def picture_problem(exc: Exception, path: Path) -> str:
    """Why a picture could not be saved at ``path``, in the window's language where it is the file's."""
    return write_problem(exc, path) if isinstance(exc, OSError) else str(exc)


COPY_WORDS = {  # what the window says: copied; saved to a file instead; neither
    "moves": (N_("Move list copied to the clipboard"), N_("No clipboard here; the move list was saved to {path}"),
              N_("No clipboard here; the move list could not be copied")),
    "ggf": (N_("Game copied to the clipboard as GGF"), N_("No clipboard here; the GGF was saved to {path}"),
            N_("No clipboard here; the GGF could not be copied")),
    "transcript": (N_("Moves copied to the clipboard"), N_("No clipboard here; the moves were saved to {path}"),
                   N_("No clipboard here; the moves could not be copied")),
    "position": (N_("Position copied to the clipboard"), N_("No clipboard here; the position was saved to {path}"),
                 N_("No clipboard here; the position could not be copied")),
}


def copy_text(text: str, fallback: Path | None = None, what: str = "moves") -> tuple[bool, str]:
    """Put ``text`` (``what``: a key of ``COPY_WORDS``) on the clipboard; returns (copied, a message
    for the player)."""
    words = COPY_WORDS[what]
    if clipboard.put_text(text):
        return True, _(words[0])
    if fallback is not None:
        with contextlib.suppress(OSError):
            atomic_write_text(fallback, text)
            return False, _(words[1]).format(path=fallback)
    return False, _(words[2])


def copy_move_list(record: GameRecord) -> tuple[str, str]:
    """The game's move list on the clipboard, or in moves.txt in the data folder; (message, kind)."""
    ok, message = copy_text(move_list_text(record), fallback=data_dir() / "moves.txt")
    return message, "info" if ok else "warn"


def copies_transcript(game_id: str) -> bool:
    """Whether a game of ``game_id`` is written by its other programs as one word of moves
    (``Game.transcript``: Othello's ``f5d6c3``): Copy moves alone shows."""
    return games.load(game_id).transcript([]) is not None


def copy_transcript(record: GameRecord) -> tuple[str, str]:
    """Copy moves alone: the game as the one word its other programs read (Othello's ``f5d6c3...``,
    what WZebra, Edax and the sites paste) on the clipboard, or in moves.txt in the data folder;
    (message, kind).  A game from a set-up position has none (those programs play it from the
    usual start): the message says to copy it as GGF, which carries the start."""
    if record.start_position is not None:
        return _("This game starts from a set-up position, which a move string cannot hold: copy it as GGF"), "warn"
    if not record.moves:
        return _("No moves to copy yet"), "warn"
    ok, message = copy_text(record.game().transcript(record.moves), fallback=data_dir() / "moves.txt", what="transcript")
    return message, "info" if ok else "warn"


def copy_position(game: Game, state: State) -> tuple[str, str]:
    """``state`` as a position text on the clipboard, or in position.txt in the data folder;
    (message, kind)."""
    ok, message = copy_text(position_text(game, state), fallback=data_dir() / "position.txt", what="position")
    return message, "info" if ok else "warn"


def new_names(folder: Path, stem: str, suffix: str) -> Iterator[Path]:
    """``folder/stem.suffix``, then ``stem-2``, ``stem-3`` ...: the names a save tries in turn,
    so that it never overwrites (``save_under_free_name``)."""
    yield folder / f"{stem}{suffix}"
    for n in itertools.count(2):
        yield folder / f"{stem}-{n}{suffix}"


NO_HARD_LINKS = {errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOSYS, getattr(errno, "ENOTSUP", errno.EPERM),
                 getattr(errno, "EOPNOTSUPP", errno.EPERM)}  # FAT, exFAT, some network shares


class Saved(NamedTuple):
    """Where a save (``save_under_free_name``) left the file, and whether it wrote it: False when
    an earlier save already holds the very same bytes there."""

    path: Path
    new: bool


ALREADY_SAVED = N_("Already saved, unchanged: {path}")


def save_under_free_name(folder: Path, stem: str, suffix: str, write: Callable[[Path], Path]) -> Saved:
    """``write`` the file whole under a hidden name (it returns the path it wrote), then give it
    the first free one of ``new_names``, claimed atomically: a hard link fails if the name
    is taken (then the next is tried), where a look (``exists``) and a rename later let two
    windows saving the same game in the same minute choose one name, the second replacing the
    first.  Where the disk has no hard links, a claim beside the name holds it (``_rename_claimed``).
    A file that one of those names already holds byte for byte (the same game, picture or SGF
    saved again, unchanged) is not written twice: ``Saved.new`` is False and its path is that file's."""
    folder.mkdir(parents=True, exist_ok=True)
    staged = write(temporary_name(folder / f"{stem}{suffix}"))
    try:
        earlier = _saved_before(staged, folder, stem, suffix)
        if earlier is not None:
            return Saved(earlier, new=False)
        path = next(path for path in new_names(folder, stem, suffix) if _claimed(staged, path))
        fsync_dir(folder)
        return Saved(path, new=True)
    finally:
        with contextlib.suppress(OSError):
            staged.unlink()


def _saved_before(staged: Path, folder: Path, stem: str, suffix: str) -> Path | None:
    """The file an earlier save gave a name of ``new_names`` that holds what ``staged`` holds, or
    None: a second press of Save, Picture or Save as SGF on an unchanged game wrote a copy."""
    for path in new_names(folder, stem, suffix):
        if not os.path.lexists(path):  # the names are taken in turn: none after a free one is this save's
            return None
        with contextlib.suppress(OSError):
            if path.is_file() and filecmp.cmp(staged, path, shallow=False):
                return path
    return None


def said_saved(saved: Saved, done: str) -> tuple[str, str]:
    """What the window says of a save: ``done`` (translated, with ``{path}``) for a new file, else
    where the same was saved before; (message, kind)."""
    return (done if saved.new else _(ALREADY_SAVED)).format(path=saved.path), "info"


def _claimed(staged: Path, path: Path) -> bool:
    """Give ``staged`` the name ``path`` unless a file has it (False)."""
    try:
        _link_or_create(staged, path)
    except FileExistsError:
        return False
    return True


def _link_or_create(staged: Path, path: Path) -> None:
    """A hard link at ``path``; without hard links, ``staged`` renamed there under the name's
    claim (``_rename_claimed``).  FileExistsError either way when ``path`` is taken."""
    try:
        os.link(staged, path)
    except OSError as exc:
        if exc.errno not in NO_HARD_LINKS:  # EEXIST (FileExistsError: the name is taken) among the rest
            raise
        _rename_claimed(staged, path)


def _rename_claimed(staged: Path, path: Path) -> None:
    """Rename ``staged`` to ``path`` while this save holds the name's claim, a hidden empty file
    (``ai.atomic.temporary_name``, tag "claim") only one save can create (O_EXCL); FileExistsError
    when another save holds it or ``path`` is taken.  The name itself was created empty and then
    replaced: another window's list read the empty record meanwhile (and moved it aside as
    damaged), and a rename that failed (a file an antivirus holds) or a kill left it empty for good.
    A claim a kill left is a temporary: the next name is taken, and the cleaner removes it."""
    claim = temporary_name(path, "claim")
    os.close(os.open(claim, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666))
    try:
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
        os.replace(staged, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(claim)


def save_record_under_free_name(record: GameRecord, folder: Path) -> tuple[str, str]:
    """Save (S) in a game and in the replay: ``record`` in ``folder`` under a name of its own
    (``save_under_free_name``); (message, kind)."""
    stem = Path(default_name(record)).stem
    try:
        saved = save_under_free_name(folder, stem, SUFFIX, lambda staged: write_record(record, staged))
    except OSError as exc:  # the name could not be claimed: a read-only folder, a file in its way
        trail.info("game not saved in %s: %s", folder, exc)
        return _("Could not save the game: {error}").format(error=write_problem(exc, folder / f"{stem}{SUFFIX}")), "error"
    except RecordError as exc:
        trail.info("game not saved in %s: %s", folder, exc)
        return _("Could not save the game: {error}").format(error=words.file_problem(str(exc))), "error"
    trail.info("game saved: %s%s", saved.path, "" if saved.new else " (saved there before)")
    return said_saved(saved, _("Game saved: {path}"))


def export_picture(draw: Callable[[], pygame.Surface], stem: str) -> tuple[str, str]:
    """Picture (P): what ``draw`` makes, as a PNG in the saved-games folder under a new name
    (``save_under_free_name``: another picture never replaces the first, the same one again says
    where it is); (message, kind)."""
    folder = games_dir()
    try:
        saved = save_under_free_name(folder, stem, ".png", lambda path: write_png(draw(), path))
    except (OSError, pygame.error) as exc:
        return _("Could not save the picture: {error}").format(error=picture_problem(exc, folder / f"{stem}.png")), "error"
    return said_saved(saved, _("Picture saved: {path}"))


def export_board_png(game: Game, state: State, record: GameRecord, plies: int, **kwargs: Any) -> tuple[str, str]:
    """The position after ``plies`` moves of ``record`` (the game's and the replay's Picture), by
    ``export_picture``; ``kwargs`` as ``render_board``'s.  (message, kind)."""
    return export_picture(lambda: render_board(game, state, **kwargs), f"{Path(default_name(record)).stem}-move{plies}")


@dataclass(frozen=True)
class OutsideFile:
    """A game's file for the programs its players use elsewhere: what the window calls the format,
    the file's ending, the writer (no pygame: games/) and what is said once saved or not."""

    label: str
    suffix: str
    write: Callable[[GameRecord], str]
    saved: str
    failed: str


def ggf_of(record: GameRecord) -> str:
    """An Othello record as GGF with the clock its game was played on (``TI``, from the setup the
    window kept: ``ui.clocks.record_clock``), so that a game lost on time says it had one, and
    each move's time from the clocks kept after it (``B[F5//4.09]``)."""
    text, readings = record_clock(record.setup)
    clock = clock_of(text)
    return ggf_from_record(record, None if clock is None else (clock.initial, clock.increment), readings)


OUTSIDE_FILES = {
    "hex": OutsideFile(N_("Save as SGF"), ".sgf", sgf_from_record, N_("Saved for HexGui: {path}"),
                       N_("Could not save the SGF file: {error}")),
    "reversi": OutsideFile(N_("Save as GGF"), ".ggf", ggf_of, N_("Saved as GGF: {path}"),
                           N_("Could not save the GGF file: {error}")),
}


def outside_file(game_id: str) -> OutsideFile | None:
    """The file a game of ``game_id`` is saved as for other programs (Hex's SGF for HexGui,
    Othello's GGF), or None: its commands show only where there is one."""
    return OUTSIDE_FILES.get(game_id)


def save_outside_file(record: GameRecord, folder: Path | None = None) -> tuple[str, str]:
    """The whole game as its outside file (``outside_file``: an .sgf HexGui and Benzene open, a .ggf
    the Othello programs read), in the saved-games folder beside the pictures, where Saved games
    lists it (``ui.autosave_reading.record_patterns``); (message, kind)."""
    kind = OUTSIDE_FILES[record.game_id]
    folder, stem = folder or games_dir(), Path(default_name(record)).stem
    path = folder / f"{stem}{kind.suffix}"
    try:
        text = kind.write(record)
        saved = save_under_free_name(folder, stem, kind.suffix, lambda staged: atomic_write_text(staged, text) or staged)
    except (OSError, RecordError) as exc:
        why = write_problem(exc, path) if isinstance(exc, OSError) else words.file_problem(str(exc))
        return _(kind.failed).format(error=why), "error"
    return said_saved(saved, _(kind.saved))


def copies_ggf(game_id: str) -> bool:
    """Whether a game of ``game_id`` can be copied as GGF (Othello's, which its sites and programs
    paste): Copy as GGF shows."""
    return game_id == "reversi"


FORMAT_COMMANDS = {"save": outside_file, "ggf": copies_ggf, "transcript": copies_transcript}
"""G, Shift+G and Shift+M's formats, which only some games have: each with whether a game has it."""


def no_format_why(game_id: str, command: str) -> str:
    """Why ``command`` (one of ``FORMAT_COMMANDS``: G's file for other programs, Shift+G's GGF,
    Shift+M's move string) does nothing in a game of ``game_id``, or "" where the game has that
    format: the keys did nothing there, not a word, and a player could not tell them from broken.
    The games that have it are named as ``FORMAT_COMMANDS`` finds them, never listed twice."""
    has = FORMAT_COMMANDS[command]
    if has(game_id):
        return ""
    having = _(" and ").join(words.title(games.info(other)) for other in games.GAME_IDS if has(other))
    return {"save": _("{game} has no file format that other programs open: only {games} games have one"),
            "ggf": _("{game} has no GGF format: only {games} games copy as GGF"),
            "transcript": _("Copy moves alone is for {games} games only: in {game}, M copies the moves")
            }[command].format(game=words.title(games.info(game_id)), games=having)


def copy_ggf(record: GameRecord) -> tuple[str, str]:
    """An Othello game as GGF on the clipboard (Copy as GGF), to paste on the sites and into the
    programs that read it, or in game.ggf in the data folder; (message, kind)."""
    ok, message = copy_text(ggf_of(record), fallback=data_dir() / "game.ggf", what="ggf")
    return message, "info" if ok else "warn"
