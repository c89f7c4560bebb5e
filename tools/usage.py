"""What every tool's command line opens with: its --help, from its docstring to what it writes and takes."""

from __future__ import annotations

import argparse


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
