"""What every tool's command line opens with: its --help, from its docstring to what it writes and takes;
and the match log several read, refused in one line when it is not one."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def tool_parser(doc: str, epilog: str | None = None, *, lines_kept: bool = False) -> argparse.ArgumentParser:
    """A tool's argument parser: ``doc``, the tool's module docstring, gives ``--help`` its first
    paragraph as the description, so the help and docs/ARCHITECTURE.md's map say the tool in the
    same words; ``epilog`` closes the help (``writes_and_takes``), wrapped to the terminal unless
    ``lines_kept`` (a list laid out line by line, as ``verify_data.shipped_help`` makes)."""
    formatter = argparse.RawDescriptionHelpFormatter if lines_kept else argparse.HelpFormatter
    return argparse.ArgumentParser(description=doc.split("\n\n")[0], epilog=epilog, formatter_class=formatter)


def writes_and_takes(*, writes: str, prints: str | None = None, takes: str) -> str:
    """The closing words of a tool's ``--help``: what it ``writes`` ("no file" for none), what it
    ``prints``, and how long it ``takes``, so that whoever runs it knows before whether it
    overwrites committed files and whether it runs a second or an hour."""
    printed = f": prints {prints}" if prints else ""
    return f"writes {writes}{printed}; takes {takes}"


def logged_games(parser: argparse.ArgumentParser, path: Path | str) -> list[dict[str, Any]]:
    """The games of a ``tools/versus_revision.py --log`` file, one JSON object a line (blank lines
    skipped).  A file that is missing, unreadable or not such a log ends the tool with argparse's
    one-line usage error naming it, and the line at fault: the tools that read one ended in a
    traceback (``FileNotFoundError``, ``JSONDecodeError``) for a mistyped path."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        parser.error(f"{path}: {getattr(exc, 'strerror', None) or exc}")
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            parser.error(f"{path} line {number}: not a game of a versus_revision.py --log file ({exc.msg})")
        if not isinstance(record, dict) or not isinstance(record.get("moves"), list):
            parser.error(f"{path} line {number}: not a game of a versus_revision.py --log file (no \"moves\" list)")
        found.append(record)
    return found
