"""Reading a player's source for the outside-player worker: notebooks, and definitions only.

Students hand in notebooks (``.ipynb``) and files that play a demo match or a championship at
the top level.  ``read_source`` turns either into Python statements with their line numbers;
``definitions`` keeps what a player needs -- imports, ``def``, ``class``, assignments
(``depth = 4``, ``jogador42 = Jogador("Aluno 42", lambda game, state: ...)``, ``todos = [a, b]``)
and set-up calls on modules (``random.seed(1)``, ``sys.setrecursionlimit(5000)``) -- and names
every statement it skips so the log can say so: other top-level calls (``faz_campeonato(...)``,
``print(...)``), loops, ``if __name__ == "__main__":``, and assignments whose value plays a match
(``jogo = jogaRastros11(a, b)``: a course match helper, ``input``, ``sleep``, or a function of the
file that calls one of those).  Code inside a ``lambda`` or a ``def`` is not run, so it does not
count.  Pure functions of the text; no Tabuleiro imports, so the worker can use it after hiding
its own packages.
"""

from __future__ import annotations

import ast
import io
import json
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

MATCH_CALLS = frozenset({"jogaRastros11", "jogaRastros11com_timeout", "jogaRastrosNN", "faz_campeonato", "mostraJogo",
                         "jogar", "play_game", "input", "query_player", "pergunta", "sleep"})
SETUP_MODULES = frozenset({"sys", "os", "random", "warnings", "logging", "math", "np", "numpy"})
EXIT_CALLS = frozenset({"sys.exit", "os._exit", "os.abort"})  # calls on those modules that end a script: no set-up
MAGIC = ("%", "!")  # IPython line magics and shell escapes: not Python


@dataclass
class Source:
    """A player's code as one text, and where each of its lines came from."""

    path: Path
    text: str
    # (first line, cell number), notebooks only: the cell's place among all the notebook's cells,
    # counted from the top as one sees them (a student's report interleaves markdown and code)
    cells: list[tuple[int, int]] = field(default_factory=list)

    def where(self, line: int) -> str:
        """``file.py line 12`` or ``notebook.ipynb cell 4 line 2`` for a line of ``text``."""
        for first, cell in reversed(self.cells):
            if line >= first:
                return f"{self.path.name} cell {cell} line {line - first + 1}"
        return f"{self.path.name} line {line}"


class NotANotebook(ValueError):
    """A ``.ipynb`` file that holds no notebook (not JSON, no cells): the file's fault, not the code's."""


def read_source(path: Path) -> Source:
    """The file's text; for a notebook, its code cells one after another (magics blanked);
    NotANotebook if a ``.ipynb`` file holds none."""
    if path.suffix != ".ipynb":
        return Source(path, python_text(path))
    try:
        notebook = json.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as exc:  # a ValueError: said as a notebook's other flaws, in a user's words
        raise NotANotebook(f"{path.name} is not a notebook: not UTF-8 text (byte {exc.start + 1})") from None
    except ValueError as exc:
        raise NotANotebook(f"{path.name} is not a notebook: {exc}") from None
    except RecursionError:
        raise NotANotebook(f"{path.name} is not a notebook: lists or objects nested far too deep") from None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):  # a cells of 5 raised TypeError, JSON's null "'NoneType' object is not subscriptable"
        raise NotANotebook(f"{path.name} is not a notebook: it holds no list of cells")
    lines: list[str] = []
    starts: list[tuple[int, int]] = []
    for number, cell in enumerate(cells, start=1):  # numbered as the notebook shows them, markdown cells too
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        text = cell.get("source", "")
        cell_lines = ("".join(map(str, text)) if isinstance(text, list) else str(text)).splitlines()
        if cell_lines and cell_lines[0].startswith("%%"):
            cell_lines = [""] * len(cell_lines)  # a cell magic: the whole cell is not Python
        starts.append((len(lines) + 1, number))
        lines.extend("" if line.lstrip().startswith(MAGIC) else line for line in cell_lines)
        lines.append("")
    return Source(path, "\n".join(lines) + "\n", starts)


def python_text(path: Path) -> str:
    """A .py file's text, decoded as Python decodes it: UTF-8, or the encoding its first lines
    declare (``# -*- coding: latin-1 -*-``, PEP 263).  Read as UTF-8 alone, a file Python runs
    was refused as "crashed: UnicodeDecodeError ... (at <frozen codecs> line 322)"; one that is
    not UTF-8 and declares nothing (saved by a Windows editor) is a SyntaxError saying what to do."""
    data = path.read_bytes()
    try:
        encoding, _lines = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        if not exc.msg.startswith("invalid or missing"):  # an encoding Python does not know ("unknown encoding: x")
            raise SyntaxError(exc.msg, (str(path), 1, 0, None)) from None
        encoding = "utf-8"  # its first lines are not UTF-8 and declare nothing: said below, with the byte
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        byte, line = f"byte 0x{data[exc.start]:02x}", data[:exc.start].count(b"\n") + 1
        if encoding in ("utf-8", "utf-8-sig"):
            said = (f"the file is not UTF-8 text ({byte}) and declares no other encoding: save it as UTF-8, "
                    "or declare its encoding on its first line (# -*- coding: latin-1 -*-)")
        else:
            said = f"the file is not {encoding} text as it declares ({byte})"
        raise SyntaxError(said, (str(path), line, 0, None)) from None


def _called(node: ast.AST) -> set[str]:
    """Names of the functions ``node`` calls when it runs (code in a lambda or a def does not run)."""
    if isinstance(node, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)):
        return set()
    names = set()
    if isinstance(node, ast.Call):
        func = node.func
        names.add(func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else "")
    for child in ast.iter_child_nodes(node):
        names |= _called(child)
    return names


def _body_calls(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    names: set[str] = set()
    for statement in node.body:
        for inner in ast.walk(statement):
            if isinstance(inner, ast.Call):
                func = inner.func
                names.add(func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute)
                          else "")
    return names


def match_functions(tree: ast.Module) -> frozenset[str]:
    """The course's match helpers, and the file's own functions that (in the end) call one of them."""
    calls = {node.name: _body_calls(node) for node in tree.body
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    found = set(MATCH_CALLS)
    grew = True
    while grew:
        new = {name for name, called in calls.items() if name not in found and called & found}
        found |= new
        grew = bool(new)
    return frozenset(found)


def _root_name(node: ast.AST) -> str:
    while isinstance(node, (ast.Attribute, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else ""


def _is_main_guard(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "__main__" in ast.unparse(node.test) and "__name__" in ast.unparse(node.test)


def _kept(node: ast.stmt, matches: frozenset[str]) -> bool:
    if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                         ast.Global, ast.Pass)):
        return True
    if isinstance(node, ast.Expr):  # a docstring, or set-up such as random.seed(1); other calls are demos
        if isinstance(node.value, ast.Constant):
            return True
        return (isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute)
                and _root_name(node.value.func) in SETUP_MODULES and ast.unparse(node.value.func) not in EXIT_CALLS
                and not _called(node.value) & matches)
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        return node.value is None or not _called(node.value) & matches
    if isinstance(node, ast.Try):
        parts = node.body + [s for h in node.handlers for s in h.body] + node.orelse + node.finalbody
        return all(_kept(s, matches) for s in parts)
    if isinstance(node, ast.If) and not _is_main_guard(node):
        return not _called(node.test) & matches and all(_kept(s, matches) for s in node.body + node.orelse)
    return False


def definitions(tree: ast.Module) -> tuple[list[ast.stmt], list[ast.stmt]]:
    """The top-level statements to run and the ones to skip, each in file order."""
    matches = match_functions(tree)
    keep, skip = [], []
    for node in tree.body:
        (keep if _kept(node, matches) else skip).append(node)
    return keep, skip


def first_line(source: Source, node: ast.stmt) -> str:
    """``aluno.py line 30: faz_campeonato(todosJog)``: a skipped statement for the log."""
    text = ast.get_source_segment(source.text, node) or ast.unparse(node)
    head = text.strip().splitlines()[0] if text.strip() else ""
    return f"{source.where(node.lineno)}: {head[:80]}"
