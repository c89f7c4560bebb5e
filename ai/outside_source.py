"""Reading a player's source for the outside-player worker: notebooks, and definitions only.

Students hand in notebooks (``.ipynb``) and files that play a demo match or a championship at
the top level.  ``read_source`` turns either into Python statements with their line numbers;
``definitions`` keeps what a player needs -- imports, ``def``, ``class``, and assignments that
build values (``depth = 4``, ``jogador42 = Jogador("Aluno 42", lambda game, state: ...)``,
``todos = [a, b]``) -- and names every statement it skips (calls such as ``faz_campeonato(...)``,
``jogo = jogaRastros11(a, b)``, loops, ``if __name__ == "__main__":``) so the log can say so.

Which assignments count as building values: the right side calls nothing, or only classes
(names starting with a capital letter, ``Jogador(...)``), ``namedtuple`` and the builtins that
make containers; code inside a ``lambda`` is not run, so it does not count.  Pure functions of
the text; no Tabuleiro imports, so the worker can use it after hiding its own packages.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass, field
from pathlib import Path

BUILDERS = frozenset({"set", "frozenset", "dict", "list", "tuple", "range", "namedtuple", "float", "int", "str",
                      "bool", "sorted", "len", "max", "min", "abs", "object", "defaultdict", "deque",
                      "OrderedDict", "Counter", "compile", "partial"})
MAGIC = ("%", "!")  # IPython line magics and shell escapes: not Python


@dataclass
class Source:
    """A player's code as one text, and where each of its lines came from."""

    path: Path
    text: str
    cells: list[tuple[int, int]] = field(default_factory=list)  # (first line, cell number), notebooks only

    def where(self, line: int) -> str:
        """``file.py line 12`` or ``notebook.ipynb cell 4 line 2`` for a line of ``text``."""
        for first, cell in reversed(self.cells):
            if line >= first:
                return f"{self.path.name} cell {cell} line {line - first + 1}"
        return f"{self.path.name} line {line}"


def read_source(path: Path) -> Source:
    """The file's text; for a notebook, its code cells one after another (magics blanked)."""
    raw = path.read_text(encoding="utf-8")
    if path.suffix != ".ipynb":
        return Source(path, raw)
    try:
        cells = json.loads(raw)["cells"]
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path.name} is not a notebook: {exc}") from None
    lines: list[str] = []
    starts: list[tuple[int, int]] = []
    for number, cell in enumerate((c for c in cells if c.get("cell_type") == "code"), start=1):
        text = cell.get("source", "")
        cell_lines = ("".join(text) if isinstance(text, list) else str(text)).splitlines()
        if cell_lines and cell_lines[0].startswith("%%"):
            cell_lines = [""] * len(cell_lines)  # a cell magic: the whole cell is not Python
        starts.append((len(lines) + 1, number))
        lines.extend("" if line.lstrip().startswith(MAGIC) else line for line in cell_lines)
        lines.append("")
    return Source(path, "\n".join(lines) + "\n", starts)


def _calls_only_builders(node: ast.AST) -> bool:
    """True if evaluating ``node`` calls only classes and container builders (lambdas not run)."""
    if isinstance(node, ast.Lambda):
        return True
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if not (name[:1].isupper() or name in BUILDERS):
            return False
    return all(_calls_only_builders(child) for child in ast.iter_child_nodes(node))


def _is_main_guard(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "__main__" in ast.unparse(node.test) and "__name__" in ast.unparse(node.test)


def _kept(node: ast.stmt) -> bool:
    if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                         ast.Global, ast.Pass)):
        return True
    if isinstance(node, ast.Expr):
        return isinstance(node.value, ast.Constant)  # a docstring; a call is a demo
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        return node.value is None or _calls_only_builders(node.value)
    if isinstance(node, ast.Try):
        return all(_kept(s) for s in node.body) and all(_kept(s) for h in node.handlers for s in h.body)
    if isinstance(node, ast.If) and not _is_main_guard(node):
        return _calls_only_builders(node.test) and all(_kept(s) for s in node.body + node.orelse)
    return False


def definitions(tree: ast.Module) -> tuple[list[ast.stmt], list[ast.stmt]]:
    """The top-level statements to run and the ones to skip, each in file order."""
    keep, skip = [], []
    for node in tree.body:
        (keep if _kept(node) else skip).append(node)
    return keep, skip


def first_line(source: Source, node: ast.stmt) -> str:
    """``aluno.py line 30: faz_campeonato(todosJog)``: a skipped statement for the log."""
    text = ast.get_source_segment(source.text, node) or ast.unparse(node)
    head = text.strip().splitlines()[0] if text.strip() else ""
    return f"{source.where(node.lineno)}: {head[:80]}"
