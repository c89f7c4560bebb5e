"""The docs name only what is there: each repository file a current doc names (in prose, backticks
or a command shown), each ``main.py`` command it shows and each option it gives that command or a
tool, each ``TABULEIRO_...`` variable it tells a user to set.  tests/test_style.py checks the
design's backticked paths and the docs' dotted and class names, tests/test_cli.py that the example
commands parse (synopses left out); these cover the synopses too, the guides' bare paths, the
tools' options and the variables, which a reader copies."""

from __future__ import annotations

import argparse
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# the docs that say what the code does now (docs/tuning/ logs what was tried, under the names of then)
CURRENT_DOCS = sorted(p.relative_to(ROOT).as_posix() for p in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
TOP_FOLDERS = ("games", "ai", "ui", "tests", "tools", "docs", "assets", "packaging", ".ci")
# a path: a top folder, then names; a file's (a dot in its last name) or a folder's (a trailing slash)
PATH = re.compile(rf"(?<![\w./-])((?:{'|'.join(re.escape(f) for f in TOP_FOLDERS)})/[\w./<>-]*(?:\.\w+|/))(?![\w<])")
MAIN_COMMAND = re.compile(r"main\.py((?:[ \t]+[^\s`#]+)*)")
TOOL_COMMAND = re.compile(r"(tools/\w+\.py)((?:[ \t]+[^\s`#]+)*)")
FLAG = re.compile(r"(?<![\w-])(--[a-z][\w-]*)")


def doc_lines(doc: str) -> list[str]:
    """The doc's lines, each command shown over several (a line of spaces then ``[``, as the
    README's synopsis continues one) joined into one."""
    joined: list[str] = []
    for line in (ROOT / doc).read_text(encoding="utf-8").splitlines():
        if joined and re.match(r"\s{6,}\[", line):
            joined[-1] += " " + line.split("#")[0]
        else:
            joined.append(line)
    return joined


def named_paths(doc: str) -> list[str]:
    """The repository paths ``doc`` names, ``<game>`` and the like as wildcards."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    return [re.sub(r"<[^>]+>", "*", path.rstrip("./")) for path in PATH.findall(text)]


@functools.cache
def commands() -> dict[str, set[str]]:
    """Each ``main.py`` command, its other names too, with the options it takes: its own flags and
    each game option as a flag (``--size 6``), as the command line reads them."""
    import games
    import main

    parser = main.build_parser()
    chooser = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    game_flags = {f"--{name}" for info in games.catalog() for option in info.options
                  for name in (option.name, option.name.replace("_", "-"))}
    taken = {name: {flag for action in sub._actions for flag in action.option_strings} | game_flags
             for name, sub in chooser.choices.items()}
    for word in main.ANALYSE_WORDS:
        taken.setdefault(word, taken["analyse"])
    taken.setdefault(main.LEAGUE_WORD, taken["tournament"])
    taken[""] = {flag for action in parser._actions for flag in action.option_strings}  # the window's
    return taken


def shown_main_commands(doc: str) -> list[tuple[str, list[str]]]:
    """Each ``main.py ...`` the doc shows: its command ("" for the window) and the flags given."""
    shown = []
    for line in doc_lines(doc):
        for match in MAIN_COMMAND.finditer(line):
            words = match.group(1).split()
            if words and words[0] == "the":  # the layout's "main.py  the entry: ..."
                continue
            command = "" if not words or words[0].startswith(("-", "[")) else words[0]
            shown.append((command, FLAG.findall(" ".join(words))))
    return shown


@pytest.mark.parametrize("doc", CURRENT_DOCS)
def test_every_path_a_doc_names_is_in_the_tree(doc):
    """A file or folder the README or a guide names (``tests/test_desktop.py``, ``tools/cold_start.py``,
    ``ai/kernels/<game>.py``) is there, in prose and in the commands it shows alike."""
    paths = named_paths(doc)
    missing = sorted({path for path in paths if not any(ROOT.glob(path))})
    assert not missing, f"{doc} names paths that are not in the tree: {missing}"


@pytest.mark.parametrize("doc", CURRENT_DOCS)
def test_every_main_command_a_doc_shows_exists_with_its_options(doc):
    """``main.py COMMAND --flag`` as a doc shows it runs: the command is one of main.py's (or another
    name of one: league, analyze) and each flag one it takes, its own or a game option's."""
    taken = commands()
    wrong = [f"main.py {command} {flag}".replace("  ", " ") if flag else f"main.py {command}"
             for command, flags in shown_main_commands(doc)
             for flag in ([None] if command not in taken else [f for f in flags if f not in taken[command]])]
    assert not wrong, f"{doc} shows what main.py does not take: {wrong}"


@pytest.mark.parametrize("doc", CURRENT_DOCS)
def test_every_tool_option_a_doc_shows_is_the_tools(doc):
    """``tools/x.py --flag`` as a doc shows it: the tool is there and the flag is written in it
    (its argparse's quoted ``"--flag"``)."""
    wrong = []
    for line in doc_lines(doc):
        for tool, rest in TOOL_COMMAND.findall(line):
            source = (ROOT / tool).read_text(encoding="utf-8") if (ROOT / tool).is_file() else ""
            wrong += [f"{tool} {flag}" for flag in FLAG.findall(rest)
                      if f'"{flag}"' not in source and f"'{flag}'" not in source]
    assert not wrong, f"{doc} shows options its tools do not take: {wrong}"


@functools.cache
def program_text() -> str:
    """The program's sources, its tools, packaging and CI scripts, and the tests' conftest: where an
    environment variable the docs name is read."""
    paths = [p for folder in ("games", "ai", "ui", "tools", "packaging", ".ci") for p in (ROOT / folder).rglob("*")
             if p.is_file() and p.suffix in ("", ".py", ".sh", ".spec") and "shipped-cache" not in p.parts]
    return "\n".join(p.read_text(encoding="utf-8", errors="replace")
                     for p in [*paths, ROOT / "main.py", ROOT / "tests" / "conftest.py"])


@pytest.mark.parametrize("doc", CURRENT_DOCS)
def test_every_environment_variable_a_doc_names_is_read(doc):
    """A ``TABULEIRO_...`` variable the docs tell a user to set (``TABULEIRO_DATA_DIR``,
    ``TABULEIRO_BOT_LIMITS``) is one the program, its tools or CI read."""
    named = set(re.findall(r"\bTABULEIRO_[A-Z_]*[A-Z]", (ROOT / doc).read_text(encoding="utf-8")))
    unread = sorted(name for name in named if not re.search(rf"\b{name}\b", program_text()))
    assert not unread, f"{doc} names environment variables nothing reads: {unread}"


def test_the_scans_find_what_the_readme_names():
    """The scans above see the README's paths and commands (a scan that found nothing would pass)."""
    assert "tests/test_desktop.py" in named_paths("README.md")
    shown = shown_main_commands("README.md")
    assert {"match", "tournament", "bench", "gtp", "analyse"} <= {command for command, _ in shown}
    assert any(command == "tournament" and {"--withdraw", "--clock"} <= set(flags) for command, flags in shown)
    assert "TABULEIRO_DATA_DIR" in program_text()


def test_the_readmes_analysis_mode_counts_moves_as_the_window_does():
    """The window counts moves (one player's turn each) and says "W5" of a win in five of them,
    but the README's Analysis mode told a player "wins / loses in that many plies" and drew "the
    evaluation after each ply": a course word the window never shows.  The search tree's
    paragraph (from "Press **T**") keeps the course's plies, as the explorer does."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    analysis = readme[readme.index("## Analysis mode"):readme.index("Press **T**")]
    assert re.findall(r"\bpl(?:y|ies)\b", analysis) == [], "the Analysis mode section says ply"
