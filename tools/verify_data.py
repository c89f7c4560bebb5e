"""Check that the shipped knowledge (ai/data/) is what the project's own tools make: rebuild and compare.

    .venv/bin/python tools/verify_data.py                       # every file: about 9 min here
    .venv/bin/python tools/verify_data.py rastros_book7.npz hex_openings.json
    .venv/bin/python tools/verify_data.py --keep /tmp/verify    # keep the rebuilt files (a new folder)

Each file of ai/data/checksums.json is first checked as the app reads it: its SHA-256 is the
recorded one and its loader reads it.  A file whose rebuild takes at most a few minutes here (a
``RECIPES`` entry with ``where``) is then made again by its tool, with the command
ai/data/README.md gives plus ``--out`` (and fresh work or checkpoint paths: a rebuild never resumes
an earlier run) into a temporary folder, never ai/data/, and its contents are compared with the
shipped file's: every array, table, cell list and figure exactly, except the fields that record
the build's time or effort (``effort``: seconds, solver nodes), which change from run to run and
with every faster solver; those are listed when they changed, not counted.  Comparing bytes
cannot tell: the .npz books and hex_openings.json store those fields, so a rebuild's checksum
differs even when its contents are the same (the Alquerque .bin tables store none: their rebuild
gives the recorded SHA-256 itself, said "byte for byte").

One line per file:
- ``same``: rebuilt, and its contents are the shipped file's;
- ``differs``: rebuilt, with the first differing contents (shipped -> rebuilt);
- ``skipped``: not rebuilt, with how long a rebuild takes and the command; it loads, and its
  checksum matches;
- ``broken``: its checksum or loader fails, or the rebuild failed.
Exit status 1 when any file differs or is broken.  hex_openings.json is compared for sizes 3-5 only:
6x6 and 7x7 took hours to solve.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import hashlib
import json
import shlex
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai import data  # noqa: E402
from tools.usage import tool_parser  # noqa: E402

SHOWN = 5  # differences listed per file


@dataclass(frozen=True)
class Recipe:
    """How a shipped file is made and what of it a rebuild must reproduce."""

    made_by: str  # the command of ai/data/README.md (after ``python``); a rebuild runs it
    takes: str  # how long that takes
    where: str = ""  # a rebuild's output arguments ({tmp}: its own folder, {out}: the file); "": not rebuilt
    effort: tuple[str, ...] = ()  # contents that record the build's time or effort (fnmatch patterns)
    only: tuple[str, ...] = ()  # compare only these contents (patterns); (): all of them
    subset: str = ""  # what a rebuild leaves out, said beside its result


RASTROS_EFFORT = ("figures.seconds", "figures.hardness_seconds", "figures.solver_positions",
                  "figures.check_positions", "figures.hardness_positions", "figures.refutations.*.seconds",
                  "figures.refutations.*.positions")
ALQUERQUE = "tools/build_alquerque_tables.py --pieces {} --variant {}"
ALQUERQUE_WHERE = "--work {tmp}/work --out {out}"

RECIPES: dict[str, Recipe] = {
    "alquerque_course.bin": Recipe(ALQUERQUE.format(7, "course"), "about 3 min", ALQUERQUE_WHERE),
    "alquerque_any-direction.bin": Recipe(ALQUERQUE.format(6, "any-direction"), "about 30 s", ALQUERQUE_WHERE),
    "alquerque_compulsory.bin": Recipe(ALQUERQUE.format(6, "compulsory"), "about 30 s", ALQUERQUE_WHERE),
    "alquerque_any-direction-compulsory.bin": Recipe(ALQUERQUE.format(5, "any-direction-compulsory"),
                                                     "about 5 s", ALQUERQUE_WHERE),
    "hex_openings.json": Recipe(
        "tools/solve_hex_openings.py 3 4 5", "a few seconds", "--out {out}",
        effort=("sizes.*.seconds", "sizes.*.nodes"), only=("sizes.3.*", "sizes.4.*", "sizes.5.*"),
        subset="sizes 3-5 only: 6x6 and 7x7 not rebuilt, they took 1,337 s and 15,345 s of solving"),
    "rastros_book6.npz": Recipe("tools/rastros_book.py --size 6", "about 1 min",
                                "--checkpoint {tmp}/book6.json --out {out}", effort=RASTROS_EFFORT),
    "rastros_book7.npz": Recipe("tools/rastros_book.py --size 7", "about 40 s",
                                "--checkpoint {tmp}/book7.json --out {out}", effort=RASTROS_EFFORT),
    "rastros_book8.npz": Recipe(
        "tools/rastros_book.py --size 8 --bits 27 --first X --checkpoint F, five runs joined with --merge",
        "about 2 h of five runs", effort=RASTROS_EFFORT),
    "reversi8_book.npz": Recipe("tools/reversi_book.py --positions 70 --depth 12 --plies 14 --window 2",
                                "about 65 min, 1,290 s of CPU", effort=("figures.cpu_seconds", "figures.search_nodes")),
    "reversi6_book.npz": Recipe("tools/solve_reversi6.py book, four runs (--exact to 28-30 empties, then --until 23)",
                                "about 40 min of CPU", effort=("figures.cpu_seconds", "figures.solver_nodes")),
    "reversi_weights.npz": Recipe("tools/reversi_train.py --games 10000 --seed 1 --work W --write",
                                  "about 10 min"),
    "reversi_probcut.npz": Recipe("tools/reversi_probcut.py --per-stage 120 --depth 11 --positions 200 --write",
                                  "about 5 min", "--work {tmp}/work --out {out}"),
}


def shipped_help(tool_file: str) -> str:
    """What the tool at ``tool_file`` (its ``__file__``) ships, for the end of its ``--help``: each
    file of ai/data/ it makes, with the command that made it and how long that takes (``RECIPES``,
    as ai/data/README.md gives them), so that the help of a knowledge builder says what it builds,
    how long it takes and what it writes, without the README at hand."""
    tool = f"tools/{Path(tool_file).name}"
    lines = textwrap.wrap("shipped files it writes in ai/data/, each with the command that made it and how long "
                          "that takes (ai/data/README.md says more):", width=79)
    for name, recipe in RECIPES.items():
        if recipe.made_by.startswith(tool):
            lines += textwrap.wrap(f"{name}: python {recipe.made_by} ({recipe.takes})", width=79,
                                   initial_indent="  ", subsequent_indent="      ", break_on_hyphens=False)
    return "\n".join(lines)


def builder_parser(doc: str, tool_file: str) -> argparse.ArgumentParser:
    """The argument parser of the knowledge builder at ``tool_file`` (its ``__file__``), whose
    module docstring is ``doc``: its ``--help`` ends with the files it ships (``shipped_help``)."""
    return tool_parser(doc, shipped_help(tool_file), lines_kept=True)


def written_file(text: str) -> Path:
    """The argparse type of a builder's ``--out`` and ``--checkpoint``: the file's folder is made
    now, as ``main.py tournament --out`` makes its own, and one that cannot be made is a usage
    error before the build.  A missing folder stopped a build with a traceback at its end, after
    the minutes or hours of solving whose result it was to write."""
    path = Path(text)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        blocking = next((folder for folder in path.parents if folder.exists() and not folder.is_dir()), None)
        why = f"{blocking} is a file, not a folder" if blocking else exc.strerror or str(exc)
        raise argparse.ArgumentTypeError(f"cannot make the folder of {text}: {why}") from None
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder: give a file's name in it")
    return path


def loaders() -> dict[str, Callable[[], object]]:
    """Each shipped file's loader, as the players call it (each caches what it read)."""
    from ai.engines import hex_knowledge, rastros_book, reversi_book, reversi_eval
    from ai.kernels import alquerque_tables

    found: dict[str, Callable[[], object]] = {
        "reversi_weights.npz": reversi_eval.pattern_weights, "reversi_probcut.npz": reversi_eval.probcut_parameters,
        "reversi8_book.npz": lambda: reversi_book.load(8), "reversi6_book.npz": lambda: reversi_book.load(6),
        "hex_openings.json": hex_knowledge.opening_maps,
        "rastros_book8.npz": lambda: rastros_book.load(8), "rastros_book7.npz": lambda: rastros_book.load(7),
        "rastros_book6.npz": lambda: rastros_book.load(6),
    }
    found.update({alquerque_tables.file_name(v): lambda v=v: alquerque_tables.load(v) for v in alquerque_tables.VARIANTS})
    return found


# -- contents ----------------------------------------------------------------------------------
def flat(tree: dict, prefix: str = "") -> dict[str, object]:
    """Nested dicts as one dict of dotted names ({"sizes": {"3": {"nodes": 5}}} -> {"sizes.3.nodes": 5})."""
    out: dict[str, object] = {}
    for key, value in tree.items():
        if isinstance(value, dict) and value:
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def figure(text: str) -> object:
    """A stored figure: a dict literal (the Rastros refutations) read as a dict, anything else as stored."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    return value if isinstance(value, dict) else text


def contents(path: Path) -> dict[str, object]:
    """A knowledge file's contents by name: its arrays, tables, figures and entries (by its format)."""
    if path.suffix == ".json":
        return flat(json.loads(path.read_text(encoding="utf-8")))
    if path.suffix == ".bin":
        from ai.kernels import alquerque_tables as tb

        tables = tb.from_bytes(path.read_bytes())
        out: dict[str, object] = {"max_pieces": tables.max_pieces, "offsets": tables.offsets,
                                  "entries": tables.blob.size}
        for (w, b), at in np.ndenumerate(tables.offsets):
            if at >= 0:
                out[f"table {w}v{b}"] = tables.blob[at:at + tb.table_size(w, b)]
        return out
    with np.load(path) as arrays:
        out = {name: arrays[name] for name in arrays.files if name not in ("figure_names", "figure_values")}
        if "figure_names" in arrays.files:
            stored = dict(zip(arrays["figure_names"].tolist(), arrays["figure_values"].tolist()))
            out.update(flat({name: figure(text) for name, text in stored.items()}, "figures."))
    return out


def equal(a: object, b: object) -> bool:
    """Equal contents; floating-point arrays (fitted lines) to 1e-9, the last bits of a least-squares
    fit depending on the linear-algebra library's threads."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape):
            return False
        if a.dtype.kind == "f":
            return bool(np.allclose(a, b, rtol=1e-9, atol=1e-9))
        return bool(np.array_equal(a, b))
    return type(a) is type(b) and a == b


def short(value: object) -> str:
    text = repr(value.tolist() if isinstance(value, np.ndarray) and value.ndim == 0 else value)
    return text if len(text) <= 60 else text[:57] + "..."


def difference(name: str, shipped: object, rebuilt: object) -> str:
    """One difference, briefly (shipped -> rebuilt)."""
    if isinstance(shipped, np.ndarray) and isinstance(rebuilt, np.ndarray) and shipped.ndim:
        if shipped.shape != rebuilt.shape or shipped.dtype != rebuilt.dtype:
            return f"{name}: {shipped.dtype}{list(shipped.shape)} -> {rebuilt.dtype}{list(rebuilt.shape)}"
        return f"{name}: {np.count_nonzero(shipped != rebuilt):,} of {shipped.size:,} entries differ"
    return f"{name}: {short(shipped)} -> {short(rebuilt)}"


@dataclass
class Comparison:
    differences: list[str] = field(default_factory=list)  # contents that differ
    effort: list[str] = field(default_factory=list)  # effort fields that changed (not counted)


def compare(shipped: Path, rebuilt: Path, recipe: Recipe) -> Comparison:
    """The shipped file's contents against a rebuild's, as ``recipe`` says (its effort fields apart)."""
    old, new = contents(shipped), contents(rebuilt)
    result = Comparison()
    for name in sorted(old.keys() | new.keys()):
        if recipe.only and not any(fnmatch.fnmatchcase(name, p) for p in recipe.only):
            continue
        missing = object()
        a, b = old.get(name, missing), new.get(name, missing)
        if a is not missing and b is not missing and equal(a, b):
            continue
        if a is missing or b is missing:
            text = f"{name}: only in the {'rebuild' if a is missing else 'shipped file'}"
        else:
            text = difference(name, a, b)
        effort = any(fnmatch.fnmatchcase(name, p) for p in recipe.effort)
        (result.effort if effort else result.differences).append(text)
    return result


# -- checking and rebuilding -------------------------------------------------------------------
def shipped_problem(name: str) -> str | None:
    """Why the shipped file would not be played from (missing, checksum, loader), or None."""
    if not data.path(name).exists():
        return "missing"
    if data.sha256(name) != data.checksums().get(name):
        return "its SHA-256 is not the one in checksums.json"
    try:
        loaded = loaders()[name]()
    except Exception as error:  # noqa: BLE001 - any failure to read is the answer
        return f"its loader fails: {type(error).__name__}: {error}"
    if loaded is None or (isinstance(loaded, dict) and not loaded):
        return "its loader reads nothing"
    return None


def rebuild(name: str, recipe: Recipe, folder: Path) -> tuple[Path, float]:
    """Run the file's tool into ``folder``: (the rebuilt file, seconds); RuntimeError when it fails."""
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / name
    where = [part.format(tmp=folder, out=out) for part in shlex.split(recipe.where)]
    command = [sys.executable, *shlex.split(recipe.made_by), *where]
    guarded = data.path("checksums.json").read_bytes(), data.sha256(name)
    started = time.perf_counter()
    with open(folder / "build.log", "wb") as log:
        status = subprocess.run(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT).returncode
    seconds = time.perf_counter() - started
    if (data.path("checksums.json").read_bytes(), data.sha256(name)) != guarded:
        raise RuntimeError(f"the rebuild changed ai/data/ ({shlex.join(command)})")
    if status or not out.exists():
        tail = (folder / "build.log").read_text(encoding="utf-8", errors="replace").strip().splitlines()[-1:] or [""]
        raise RuntimeError(f"the rebuild failed (exit {status}: {tail[0]}); log in {folder / 'build.log'}")
    return out, seconds


def took(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds // 60:.0f} min {seconds % 60:.0f} s"


def verify(name: str, folder: Path) -> str:
    """Check one file, print its line; its status: same, differs, skipped or broken."""
    recipe = RECIPES[name]
    problem = shipped_problem(name)
    if problem:
        return said(name, "broken", problem)
    if not recipe.where:
        return said(name, "skipped", f"not rebuilt, takes {recipe.takes}: {recipe.made_by}; "
                                     "it loads and its checksum matches")
    try:
        rebuilt, seconds = rebuild(name, recipe, folder)
    except RuntimeError as error:
        return said(name, "broken", str(error))
    found = compare(data.path(name), rebuilt, recipe)
    notes = [f"rebuilt in {took(seconds)}"]
    if hashlib.sha256(rebuilt.read_bytes()).hexdigest() == data.checksums()[name]:
        notes.append("byte for byte")
    notes += [recipe.subset] if recipe.subset else []
    details = []
    if found.effort:
        details.append("not compared (the build's effort): " + "; ".join(found.effort[:SHOWN])
                       + (f"; {len(found.effort) - SHOWN} more" if len(found.effort) > SHOWN else ""))
    if found.differences:
        shown = found.differences[:SHOWN]
        more = len(found.differences) - len(shown)
        details.insert(0, "; ".join(shown) + (f"; and {more} more" if more else ""))
        return said(name, "differs", "; ".join(notes), details)
    return said(name, "same", "; ".join(notes), details)


def said(name: str, status: str, why: str, details: Sequence[str] = ()) -> str:
    print(f"{name}: {status}; {why}", flush=True)
    for line in details:
        print(f"    {line}", flush=True)
    return status


def main(argv: list[str] | None = None) -> int:
    parser = tool_parser(__doc__)
    parser.add_argument("names", nargs="*", metavar="NAME", help="files of ai/data/ to check (default: all)")
    parser.add_argument("--keep", type=Path, help="rebuild in this folder (new or empty) and keep what is made")
    args = parser.parse_args(argv)
    names = args.names or sorted(data.checksums())
    unknown = [name for name in names if name not in RECIPES]
    if unknown:
        parser.error(f"no such shipped file: {', '.join(unknown)} (the files: {', '.join(sorted(RECIPES))})")
    if args.keep and args.keep.exists() and any(args.keep.iterdir()):
        parser.error(f"{args.keep} is not empty: a rebuild must not resume an earlier one")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="verify-data-") as scratch:
        folder = args.keep or Path(scratch)
        statuses = [verify(name, folder / Path(name).stem) for name in names]
    counts = {status: statuses.count(status) for status in ("same", "differs", "skipped", "broken")}
    print(f"{len(names)} file{'s' if len(names) != 1 else ''} in {took(time.perf_counter() - started)}: "
          + ", ".join(f"{count} {status}" for status, count in counts.items() if count), flush=True)
    return 1 if counts["differs"] or counts["broken"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
