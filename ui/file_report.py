"""What the lists of games found wrong with the files in their folders: one message, said once.

``ui.autosave_reading.scan`` (behind the main menu's Continue, the Continue list and Saved games) gives a
message per bad file.  A folder of nine bad files gave nine messages, of which the window's
message pills keep the last three; the files left in place (a newer version's, an unknown
game's) were said again at every visit of the menu and at every resize, and the messages followed
the player into the game.

Here what the list's reading of a folder looked at is asked (``ui.autosave_reading.scans_seen``: its one
listing, no other): a file it renamed ``NAME.corrupt-<date>`` was moved aside; a ``.json`` it found
that the list does not hold was left in place, and is read again for why
(``RecordNotReadableHere.why``).  What is new is
summed up in one message (one file keeps the list's own detailed message); a file left in place
is told once a session, again only once it changes.  A file whose game the reading kept up to its
last legal move (``ui.autosave_reading._kept_up_to_legal``) is a game kept, not a file lost: it is said
apart, as a notice, not counted among the files moved aside.  The message stays while the player is on
the screens that list games, and goes when they leave them for another (``lists_games``).

    found, report = file_report.read(SHELF.folder, SHELF.unfinished)
    file_report.tell(app.messages, [report])
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.record import GameRecord
from games.record_parts import RecordError, RecordNotReadableHere
from ui import folder_reading
from ui.autosave_reading import recovered_from, scans_seen
from ui.i18n import Phrase, _, ngettext
from ui.record_files import load, with_known_players

log = logging.getLogger(__name__)

TOPIC = "file-report"  # the messages' topic (ui.widgets.Messages.withdraw)
NAMED = 3  # at most this many files are named; more are counted

_TOLD: set[tuple[Path, int, int]] = set()  # files left in place already told: (path, mtime_ns, size)

Reader = Callable[[], tuple[list[tuple[Path, GameRecord]], list[str]]]


@dataclass
class Findings:
    """What one reading of a folder did with the bad files in it that were not told yet."""

    folder: Path
    moved: list[tuple[str, str]] = field(default_factory=list)  # (name, the name it has now)
    left: list[tuple[str, str]] = field(default_factory=list)  # (name, why: RecordNotReadableHere.why or "")
    problems: list[str] = field(default_factory=list)  # the list's own message for each bad file
    # games kept up to their last legal move: (name, the name the file as it was has now, moves kept)
    kept: list[tuple[str, str, int]] = field(default_factory=list)
    # the files moved aside (the names they have now) whose game another file keeps whole
    # (``ui.autosave_reading.kept_whole_elsewhere``, a tournament's results: ``tournament_keeping``): nothing of it is lost
    whole: set[str] = field(default_factory=set)

    def count(self) -> int:
        """The bad files: moved aside or left in place (not the games kept up to a legal move)."""
        return len(self.moved) + len(self.left)


def read(folder: Path, reader: Reader) -> tuple[list[tuple[Path, GameRecord]], Findings]:
    """``reader()``'s records (``scan(folder)``, ``SHELF.unfinished``) and what it found wrong in
    ``folder`` that was not told yet: the files its scan of ``folder`` moved aside, and those its
    look found that the list does not hold (``ui.autosave_reading.scans_seen``: no listing of our own)."""
    with scans_seen() as seen:
        found, problems = reader()
    findings = Findings(folder, problems=problems)
    scanned = seen.get(folder)  # None: no folder there to scan
    if scanned is None:
        return found, findings
    findings.moved.extend(sorted(scanned.moved))
    findings.whole.update(scanned.whole)
    findings.kept.extend(sorted(scanned.kept))
    listed = {path for path, _record in found}
    for path in sorted(scanned.files - listed):
        _look_again(path, findings)  # gone since (a finished game moved on, an empty one removed): nothing to say
    return found, findings


def _look_again(path: Path, findings: Findings) -> None:
    """A file the list left where it is: why (read again), unless it was told as it is now."""
    try:
        info = path.stat()
    except OSError:
        return
    key = (path, info.st_mtime_ns, info.st_size)
    if key in _TOLD:
        return
    try:
        record = with_known_players(load(path), path)  # left by the Continue list, perhaps for its players
    except RecordNotReadableHere as exc:
        why = exc.why
    except RecordError:
        why = ""  # damaged, and could not be moved aside
    except Exception:  # noqa: BLE001 - a fault of ours, which the list has logged
        why = ""
    else:
        if not record.is_finished():
            return  # sound: an empty game the list could not remove
        why = "finished"  # a finished game the list could not move on to the finished ones
    _TOLD.add(key)
    findings.left.append((path.name, why))


def summary(all_findings: list[Findings]) -> str | None:
    """One message for the bad files found (None: nothing new).  A single file keeps the list's
    own message, which says what is wrong with it; several are summed up, folder by folder.  The
    games kept up to their last legal move are ``notice``'s."""
    found = [f for f in all_findings if f.count()]
    if not found:
        return None
    if len(found) == 1 and found[0].count() == 1:
        said = _said_of(found[0])
        if said is not None:
            return said
    return " ".join(part for f in found for part in _sentences(f))


def notice(all_findings: list[Findings]) -> str | None:
    """One notice for the games kept up to their last legal move (None: none new): a game kept,
    with the file as it was kept aside, said apart from the files moved aside (it was counted
    among them, in the error's red, "2 damaged game files ... were moved aside").  A single game
    keeps the list's own message (why the next move is refused, how many moves are kept, where
    the file as it was is); several are named with the moves each keeps, folder by folder."""
    found = [f for f in all_findings if f.kept]
    if not found:
        return None
    if len(found) == 1 and len(found[0].kept) == 1:
        aside = found[0].kept[0][1]
        said = next((problem for problem in found[0].problems if aside in problem), None)
        if said is not None:
            return said
    return " ".join(_kept_sentence(f) for f in found)


def _kept_sentence(findings: Findings) -> str:
    """The games of one folder kept up to their last legal move, and how many moves each keeps."""
    n = len(findings.kept)
    said = ngettext("{n} game in {folder} was kept up to its last legal move, the file as it was kept aside "
                    "renamed with .corrupt- and the date",
                    "{n} games in {folder} were kept up to their last legal moves, the files as they were kept "
                    "aside renamed with .corrupt- and the date", n).format(n=n, folder=findings.folder)
    if n > NAMED:
        return _("{said}.").format(said=said)
    games = ", ".join(ngettext("{name} ({n} move kept)", "{name} ({n} moves kept)", moves).format(name=name, n=moves)
                      for name, _aside, moves in findings.kept)
    return _("{said}: {files}.").format(said=said, files=games)


def _said_of(findings: Findings) -> str | None:
    """The list's message about the one file in ``findings`` (it names the file first, and a moved
    file's new name)."""
    name, now = (findings.moved or [(findings.left[0][0], None)])[0]
    for problem in findings.problems:
        if (now is not None and now in problem) or (now is None and problem.startswith(f"{name}:")):
            return problem
    return None


def _sentences(findings: Findings) -> list[str]:
    """What became of the files of one folder: moved aside, and left in place (and why)."""
    sentences = []
    n = len(findings.moved)
    if n:
        moved = ngettext("{n} damaged game file in {folder} was moved aside, renamed with .corrupt- and the date",
                         "{n} damaged game files in {folder} were moved aside, renamed with .corrupt- and the date",
                         n).format(n=n, folder=findings.folder)
        names = [name for name, _now in findings.moved]
        sentences.append(_("{said}: {files}.").format(said=moved, files=", ".join(names)) if n <= NAMED
                         else _("{said}.").format(said=moved))
        sentences += _recoverable_sentence(findings)
    if findings.left:
        groups: dict[str, list[str]] = {}
        for name, why in findings.left:
            groups.setdefault(why, []).append(name)
        items = "; ".join(_("{files} ({why})").format(files=_files(names), why=_why(why, len(names)))
                          for why, names in groups.items())
        sentences.append(_("Left in place: {items}.").format(items=items) if n
                         else _("Left in place in {folder}: {items}.").format(folder=findings.folder, items=items))
    return sentences


def _recoverable_sentence(findings: Findings) -> list[str]:
    """That some of the files of one folder moved aside still hold moves of their games, which
    Saved games offers ("Recover 23 moves": ``ui.autosave_reading.recoverable_in``), and that others' games
    are kept whole in another file (``Findings.whole``), so nothing of them is lost; none where
    none do.  A single file moved aside is "its game", not "the game in 1 of them" (beside files
    left in place the folder's report is a summary, not the one file's own message)."""
    held = [now for _name, now in findings.moved if recovered_from(findings.folder / now) is not None]
    whole = sum(now in findings.whole for now in held)
    n = len(held) - whole
    if len(findings.moved) == 1 and held:  # "the game in 1 of them" of a single file
        return [_("Its game is kept whole in another file, so nothing of it is lost.") if whole
                else _("Its game can be recovered in part: Saved games offers it.")]
    sentences = []
    if n:
        sentences.append(ngettext("The game in {n} of them can be recovered in part: Saved games offers it.",
                                  "The games in {n} of them can be recovered in part: Saved games offers them.",
                                  n).format(n=n))
    if whole:
        sentences.append(ngettext("The game in {n} of them is kept whole in another file, so nothing of it is lost.",
                                  "The games in {n} of them are kept whole in other files, so nothing of them is lost.",
                                  whole).format(n=whole))
    return sentences


def _files(names: list[str]) -> str:
    """The files' names, or how many they are when they are many."""
    if len(names) <= NAMED:
        return ", ".join(names)
    return ngettext("{n} file", "{n} files", len(names)).format(n=len(names))


def _why(why: str, files: int = 1) -> str:
    """Why ``files`` files were left in place, in a few words (``RecordNotReadableHere.why``): a
    damaged file is "it", several are "they"."""
    return {
        "newer": _("written by a newer Tabuleiro"),
        "game": _("a game this Tabuleiro does not have"),
        "option": _("an option this Tabuleiro does not have"),
        "player": _("a player this Tabuleiro does not have"),
        "access": _("Tabuleiro may not read it"),
        "finished": _("played to the end, but the finished games' folder cannot be used; listed in Saved games"),
    }.get(why, ngettext("it could not be read; see the log", "they could not be read; see the log", files))


def lists_games(screen: Any) -> bool:
    """Whether a file report stays on ``screen`` as the window goes there (``Message.stays``): on
    a screen that lists games (the main menu's Continue list, Saved games), not in a game or a
    replay, where it would only be in the way."""
    return bool(getattr(screen, "shows_file_reports", False))


def tell(messages: Any, all_findings: list[Findings]) -> None:
    """Say what was found (if anything new) in ``messages`` (a ``ui.widgets.Messages``): the games
    kept up to their last legal move as a notice, the bad files as an error, said last: the lane
    shows the newest first, and the notice waits its turn (``Messages.shown``)."""
    if notice(all_findings) is not None:  # several sentences of the catalog, each said again
        messages.add(Phrase(lambda: notice(all_findings) or ""), "info", duration=12.0, topic=TOPIC,
                     stays=lists_games)
    if summary(all_findings) is not None:
        messages.add(Phrase(lambda: summary(all_findings) or ""), "error", duration=12.0, topic=TOPIC,
                     stays=lists_games)


def tell_left_behind(messages: Any) -> None:
    """Say what the readings of lists left before they ended found (``ui.folder_reading.left_behind``):
    a damaged file they moved aside, which no later reading sees as new, was never said."""
    findings = folder_reading.left_behind()
    if findings:
        tell(messages, findings)
